// The engine protocol (docs/protocol.md): JSON lines in, JSON lines out, so that any program can
// drive BoardGamesBot. One request object per line, one reply object per line. handle_line() is
// the whole protocol: `bgbot engine` only reads lines, calls it and prints the reply; the tests
// and the fuzzer call it directly.
//
// Guarantees: handle_line() never throws and never crashes, whatever the bytes it is given; a
// request that fails (bad JSON, unknown command, illegal action, ...) gets an error reply and
// leaves the session exactly as it was.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "play/session.h"

namespace bgb::app {

constexpr int kProtocolVersion = 1;
constexpr std::size_t kMaxLineBytes = 1 << 20;  // 1 MiB: a longer request line is refused
constexpr int kMaxJsonDepth = 64;               // deeper nesting of arrays/objects is refused

struct EngineOptions {
  // Database for finished games: stored automatically at game end when auto_store is set, and
  // by the `store` command. Empty = the default file (game_db.h default_db_path()).
  std::string db_path;
  bool auto_store = false;     // `bgbot engine --db PATH`
  bool allow_db = true;        // false: `store` is refused (the fuzzer)
  bool allow_files = true;     // false: `new` accepts built-in scenario ids only, no path is even looked at
                               // (`bgbot engine --no-files`, the fuzzer, every server for untrusted clients)
  // The limits of a `think`, on the parsed spec (ai::parse_bot_options): a request over one is
  // refused with bad_argument. The thinking can be cut short with `stop` (cmd_engine.cpp).
  long max_think_ms = 600000;     // time (for the plan bot: its turn budget, which is a multiple)
  long max_think_iters = 2000000; // iterations or evaluations
  int max_think_threads = 8;      // threads
  std::vector<std::string> bots;  // bots `think` may use; empty = every bot make_bot() knows
  // The seat this engine serves (`bgbot engine --seat top`), or "" for the referee (the default: a
  // program that drives both sides). Served for one seat, the engine plays the other seat with a
  // bot of its own, chooses the seed itself and never shows it, and every reply is what that seat
  // may see: its own view of the position, its own decisions, events without the other side's
  // secrets, undo that stops at the last thing revealed, the record once the game is over; save,
  // load and dice are refused (docs/security.md).
  std::string seat;
  uint64_t seat_seeds = 0;  // seated: 0, each game's seed drawn at random; else the first game's (tests only)
};

// The state of one protocol session: the game in progress (a play::Session, the one every front
// end shares, in analysis mode: a program driving the engine may take back any decision, and it
// may ask for the referee's view anyway), and what the protocol adds: its options and the store.
class EngineSession {
 public:
  explicit EngineSession(EngineOptions opt = {});
  ~EngineSession();
  EngineSession(const EngineSession&) = delete;
  EngineSession& operator=(const EngineSession&) = delete;

  bool quit_requested() const { return quit_; }

  // Everything below is for the handler (engine_protocol.cpp).
  EngineOptions opt;
  play::Session game{play::SessionOptions{opt.seat.empty()}};  // analysis (full undo) for the referee only
  long stored_id = 0;                  // id in the database of the last store (0 = not stored)
  bool stored_finished = false;        // the finished game is in the database
  bool quit_ = false;
};

// Handles one request line (without its newline) and returns the reply line (without newline).
// What a request line asks, read without running it: the engine's reader answers `stop` at once,
// even while a `think` runs, and queues everything else in order (cmd_engine.cpp).
enum class RequestKind { Other, Think, Stop, Quit };
RequestKind request_kind(const std::string& line);

std::string handle_line(EngineSession& session, const std::string& line);

// The commands of the protocol, in the order `hello` lists them.
const std::vector<std::string>& protocol_commands();

}  // namespace bgb::app
