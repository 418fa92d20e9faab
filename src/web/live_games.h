// The games `bgbot serve` plays (docs/web.md): each a play::Session with two seats, a private
// token per seat, each seat's log, and the view each seat is shown, published after every change
// so that a page reading its view never waits on a bot that thinks. Every decision is written to
// the games database before it is acknowledged (store/live_store.h), so that games survive the
// server; a game not in memory is read back when its link is used.
//
// Threads: requests run on the HTTP server's threads; the bots run on a pool of their own (at
// most `max_bots` thinking at once). A game's session is touched under its `mu` only.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "play/session.h"

namespace bgb::web {

struct WebOptions {
  std::string db;                  // the games database (store/)
  std::string game = "cca";        // the game the page plays
  std::size_t max_games = 500;     // games held in memory; idle ones beyond are dropped (kept in the database)
  int max_bots = 2;                // bots thinking at once
  int max_streams = 64;            // event streams open at once
  std::string hint_bot = "plan:iters=300";  // the adviser of the hint
  // Battles the operator adds to the built-in ones (bgbot serve --battle FILE), read at start:
  // clients name a battle by id, never by a path.
  std::vector<std::shared_ptr<const game::Scenario>> battles;
};

// A refusal: the HTTP status, a code and the reason (docs/web.md).
struct Refusal {
  int status = 400;
  std::string code, message;
};

class LiveGame : public std::enable_shared_from_this<LiveGame> {
 public:
  std::string id;
  std::string tokens[2];
  std::string created;
  std::vector<play::Seat> seats;  // who plays each seat (a bot spec, or a person)
  bool joined[2] = {true, true};  // a person's seat whose link was used at least once

  // The session and the rest of the game's state, under mu.
  std::mutex mu;
  play::Session session{play::SessionOptions{false}};
  double win[2] = {-1, -1};  // each seat's chance by a bot's last estimate (-1: none yet)
  int resigned = -1;         // the seat that resigned, or -1
  bool stored = false;       // the finished game is in the games table
  bool bot_queued = false;   // waiting for, or on, the bot pool

  // What the seats are shown, under pub_mu: read by page requests without waiting on mu.
  std::mutex pub_mu;
  std::condition_variable changed;
  long version = 0;
  nlohmann::json view[2];               // each seat's view, without its log
  std::vector<nlohmann::json> log[2];   // each seat's events, each with the version ("v") it came with
  // The seat's recent boards (its observation's "state" and the version), so that a page can show
  // the other side's decisions one by one however fast a bot made them. Cleared when the seat acts;
  // at most kFrames.
  std::deque<std::pair<long, nlohmann::json>> frames[2];
  static constexpr std::size_t kFrames = 40;
  nlohmann::json thinking;              // while a bot thinks: {"seat", "ms"}; else null
  std::atomic<int> streams{0};
  std::atomic<int64_t> last_used{0};    // steady-clock milliseconds

  bool over() const { return resigned >= 0 || session.is_over(); }
  int seat_of(const std::string& token) const { return token == tokens[0] ? 0 : token == tokens[1] ? 1 : -1; }
};

class Games {
 public:
  explicit Games(WebOptions opt);
  ~Games();
  Games(const Games&) = delete;
  Games& operator=(const Games&) = delete;

  const WebOptions& options() const { return opt_; }

  // A new game from a request body (docs/web.md, POST /api/games): {"game", "token", "join"}.
  bool create(const nlohmann::json& body, nlohmann::json& reply, Refusal& why);
  // The game of a seat token, from memory or the database; null and why.
  std::shared_ptr<LiveGame> find(const std::string& token, int& seat, Refusal& why);

  // A person's seat link used for the first time: the other seat is told (opponent.joined).
  void mark_joined(LiveGame& g, int seat);
  // The seat's view (GET /api/seat/TOKEN), with its log after `since` and, when `frames_after`
  // is not negative, the boards of the versions after it.
  nlohmann::json view(LiveGame& g, int seat, long since, long frames_after = -1);
  // The seat's requests (POST /api/seat/TOKEN/...): act, unpick, undo, resign.
  bool request(LiveGame& g, int seat, const std::string& what, const nlohmann::json& body, Refusal& why);
  // The hint (GET /api/seat/TOKEN/hint).
  bool hint(LiveGame& g, int seat, nlohmann::json& reply, Refusal& why);
  // The record, once the game is over.
  bool record(LiveGame& g, int seat, nlohmann::json& reply, Refusal& why);

  // Waits until the game's version passes `version` or `ms` pass; the version now.
  long wait(LiveGame& g, long version, int ms);
  // Event streams open now (the server refuses more than max_streams).
  std::atomic<int> streams{0};

  // Replays of finished games from the games table.
  nlohmann::json replays();
  bool replay(long id, long step, nlohmann::json& reply, Refusal& why);

 private:
  WebOptions opt_;
  const game::Game* game_ = nullptr;
  std::mutex games_mu_;
  std::map<std::string, std::shared_ptr<LiveGame>> by_token_;  // both tokens of each game held
  // The bot pool.
  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::deque<std::weak_ptr<LiveGame>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;

  void hold(const std::shared_ptr<LiveGame>& g);
  // After a change (under g.mu): the seats' new events, each seat's view, persisted, published.
  bool settle(LiveGame& g, const std::vector<game::EventView>& events, Refusal* why);
  nlohmann::json seat_view(LiveGame& g, int seat);  // under g.mu
  void publish(LiveGame& g, const std::vector<game::EventView>& events);
  bool persist(LiveGame& g, std::string* err);
  void queue_bot(const std::shared_ptr<LiveGame>& g);  // under g.mu
  void bot_worker();
};

// 128 random bits as 32 hexadecimal characters (std::random_device: the kernel's generator).
std::string random_token();

}  // namespace bgb::web
