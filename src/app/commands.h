// The subcommands of bgbot. main.cpp parses the command line (CLI11) into these options.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bgb::app {

struct PlayOptions {
  std::string game = "cca";      // cca (C&C: Ancients), quinn (Quinn's D10 ancients) or wrg6 (WRG 6th edition)
  std::optional<uint64_t> seed;  // from the clock when absent (and printed)
  std::string side;              // the person's side: "top" or "bottom" ("" = bottom, or the record's)
  std::string scenario = "001";  // a built-in scenario id or a scenario file
  std::string hellenistic;       // "on" / "off": the Hellenistic module for this game ("" = the battle's default)
  std::string bot;               // a bot spec for make_bot() ("" = normal, or the record's)
  std::string load;              // a record file to continue
  std::string save;              // write the game record here when the session ends
  std::string db;                // store the finished game in this database ("" = the default one)
  bool no_store = false;         // do not store the finished game in a database
  bool analysis = false;         // undo reaches back across rolls, draws and the bot's decisions
  // Where the game in progress is kept after every decision: "" = the data folder's autosave.json
  // when playing at a terminal (none when input is piped), "off" = nowhere.
  std::string autosave;
  bool resume = false;           // continue the game kept there, without asking
};
// A person against a bot in the terminal. Returns the exit code (2: unknown bot spec).
int cmd_play(const PlayOptions& opt);
// The same for Quinn's game (play_quinn.cpp): the table drawn in text, the session's choices.
int cmd_play_quinn(const PlayOptions& opt);
// The same for the WRG game (play_wrg6.cpp): simultaneous steps entered unit by unit.
int cmd_play_wrg6(const PlayOptions& opt);

struct ReplayOptions {
  std::string source;     // a record file, or the id of a game in the database
  std::string db;         // the database for an id ("" = the default one)
  std::string scenario;   // a scenario file or id to use instead of the record's built-in one
  bool step = false;      // wait for Enter between decisions
  bool quiet = false;     // only the final board and result
};
// Shows a recorded game decision by decision, then the final board and result.
int cmd_replay(const ReplayOptions& opt);

struct BenchOptions {
  int games = 0;      // 0 = the default workload
  bool json = false;  // one JSON object on stdout instead of text
  std::string game = "cca";  // the game (cca: scenario 001; another game: its first scenario)
  // "rules" or "search": run that fixed workload once, untimed, for an instruction counter
  // (scripts/bench-instructions runs it under valgrind; docs/performance.md).
  std::string count;
};
// A fixed seeded workload of random full games on scenario 001, timed three times.
int cmd_bench(const BenchOptions& opt);

struct ValidateOptions {
  std::vector<std::string> files;
};
// Loads each scenario file; prints `FILE:LINE: message` for every problem. 0 when all are valid.
int cmd_validate(const ValidateOptions& opt);

struct ScenariosOptions {
  bool json = false;  // a JSON array instead of a table
  std::string game = "cca";  // the game whose scenarios are listed (cca, quinn, wrg6)
};
// The built-in battles: id, name, year, armies, fidelity.
int cmd_scenarios(const ScenariosOptions& opt);

struct ArenaOptions {
  std::string game = "cca";         // the game's name in the registry (cca, quinn, wrg6)
  std::string a, b;                 // bot specs
  std::string scenarios = "all";    // "all" or a comma-separated list of ids
  std::string hellenistic;          // "on" / "off": the Hellenistic module in every game ("" = each battle's default)
  int games = 20;                   // per scenario, rounded up to even
  uint64_t seed = 1;
  int threads = 1;
  bool json = false;
  std::string sprt;                 // "ELO0,ELO1" to stop on an SPRT decision
  double alpha = 0.05, beta = 0.05;
  std::string save;                 // directory for game records
  std::string db;                   // also store every game in this database
  bool balance = false;             // A against itself, sides as given (a battle's balance)
  bool calibration = false;         // ask each bot its win chance at card plays; compare with results
  std::string positions;            // write the evaluation's features at every card play (CSV)
  bool resume = false;              // read back the games an earlier run saved in --save DIR
};
// Bot A against bot B in paired games over scenarios (ai/arena.h); docs/strength.md.
int cmd_arena(const ArenaOptions& opt);

struct EngineCmdOptions {
  std::string db;         // store each finished game in this database (empty: store only on request)
  bool no_files = false;  // take no paths from the client: built-in scenarios only (untrusted clients)
  std::string seat;       // serve this seat only ("top", "bottom"); "" = the referee
};
// The engine protocol on stdin/stdout (docs/protocol.md, engine_protocol.h).
int cmd_engine(const EngineCmdOptions& opt);

struct ServeCmdOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db;        // empty: the default games database
  std::string web_root;  // empty: the page built with the program (build/web)
  std::vector<std::string> battles;  // battle files offered besides the built-in ones
  std::string game = "cca";          // the game the page plays (registry name)
};
// The browser game (docs/web.md).
int cmd_serve(const ServeCmdOptions& opt);

struct GamesOptions {
  std::string db;    // empty: game_db.h default_db_path()
  bool json = false;
  bool show = false; // `games show ID`: print one record
  long id = 0;
};
// The games stored in the database (game_db.h), or one record.
int cmd_games(const GamesOptions& opt);

}  // namespace bgb::app
