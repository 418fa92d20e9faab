// The session: one game in progress for any front end (the terminal, the engine protocol, the
// browser, Python). It owns the game state, the generator of its dice, the seats (who is a person,
// who is a bot and which), the record, and the undo history; front ends translate their input
// into its calls and show what it returns. Nothing a seat is shown is computed anywhere else.
//
// What it guarantees:
// - A refused call (an illegal action, undo with nothing to undo, a bot that cannot be made)
//   says why and changes nothing.
// - Undo cannot be used to peek. Outside analysis mode, undo goes back only as far as the last
//   point where something was revealed: a die rolled, a card drawn or a deck shuffled (anything
//   that drew from the game's generator), or a bot's decision. In analysis mode (a flag) every
//   decision can be taken back.
// - view(seat) is the seat's observation: the other hand, the deck order and the seed are never
//   in it, nor in anything a bot seat receives.
// - The record holds every decision with its dice, so that the game replays exactly; a game
//   loaded from a record continues it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/bot.h"
#include "core/rng.h"
#include "game/game.h"

namespace bgb::play {

// Decisions analysis mode can take back at most (about 2 KB each); outside it, undo stops at the
// last thing revealed and the history holds no more than that.
constexpr std::size_t kMaxUndo = 10000;

struct SessionOptions {
  // Every decision can be undone, across rolls, draws and the bots' decisions (for study; a game
  // against a bot is then not a fair game).
  bool analysis = false;
};

// A seat: who plays it. `bot` non-empty: the session plays its decisions (play_bot) with a bot
// made from that spec; otherwise a person or an outside program decides.
struct Seat {
  std::string player = "human";  // as the record names it: "human", a program's name, or the bot spec
  std::string bot;
};

class Session {
 public:
  explicit Session(SessionOptions opt = {});
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // ---- Starting ----
  // A new game of `scn`, its set-up drawn from Rng(seed). The seats default to two persons.
  bool start(const game::Game& g, std::shared_ptr<const game::Scenario> scn, uint64_t seed, std::vector<Seat> seats,
             std::string* error = nullptr);
  // The same with the game's options set on its copy of the scenario (game::Game::with_options,
  // C&C: {"hellenistic": "on"}); null or {} starts the scenario as it is. Every front end starts
  // a game with options this way. A scenario that cannot take them is refused with the reason.
  bool start(const game::Game& g, std::shared_ptr<const game::Scenario> scn, const nlohmann::json& options,
             uint64_t seed, std::vector<Seat> seats, std::string* error = nullptr);
  // A game continued from its record (every step replayed with its dice); the undo history starts
  // after its last step.
  // `events` (when not null) receives what happened in the record's steps as `viewer` sees it.
  bool resume(const game::Game& g, const nlohmann::json& record, std::shared_ptr<const game::Scenario> known,
              std::vector<Seat> seats, std::string* error = nullptr, std::vector<game::EventView>* events = nullptr,
              int viewer = -1);
  // A position with no record (the protocol's `load`): the dice continue from `seed`.
  bool load_position(const game::Game& g, const nlohmann::json& position, uint64_t seed, std::string* error = nullptr);

  bool started() const { return state_ != nullptr; }
  const game::Game& game() const { return *game_; }
  const game::Scenario& scenario() const { return *scn_; }
  std::shared_ptr<const game::Scenario> scenario_ptr() const { return scn_; }
  // The true state: for the referee, the rules and tests; never shown to a seat.
  const game::State& state() const { return *state_; }
  const std::vector<Seat>& seats() const { return seats_; }
  bool has_record() const { return rec_ != nullptr; }
  // The options in force in this game (name -> value; {} for a scenario that takes none).
  nlohmann::json options() const { return game_ && scn_ ? game_->options_in_force(*scn_) : nlohmann::json::object(); }
  uint64_t seed() const { return seed_; }

  // ---- Seeing ----
  // What `seat` may see (its observation); -1: everything (the referee).
  std::unique_ptr<game::State> view(int seat) const;
  bool is_over() const { return state_->is_terminal(); }
  // The status every front end shows: "game", "scenario", "decision", "player" (the seat to move,
  // null at the end), "turn", "game_over", "winner", "draw", "options" (the game's options in
  // force, game::Game::options_in_force; only for a scenario that takes some), and the game's own
  // fields (C&C: "banners"). Public: nothing in it is hidden from either seat.
  nlohmann::json status_json() const;
  int to_move() const { return state_->current_player(); }
  bool bot_to_move() const;

  // ---- Deciding ----
  // Applies the decision of the seat to move. `events` receives what happened as `viewer` may
  // see it (-1: everything).
  bool apply(game::ActionCode a, std::vector<game::EventView>* events = nullptr, int viewer = -1,
             std::string* error = nullptr);
  // The bot seat to move decides, and its decision is applied; false (nothing changed) when the
  // seat to move is not a bot's, the game is over, or the bot's choice is refused (then *chosen
  // and *text say what it chose). *text: the decision in words, as read before it was applied.
  bool play_bot(game::ActionCode* chosen = nullptr, std::string* text = nullptr,
                std::vector<game::EventView>* events = nullptr, int viewer = -1, std::string* error = nullptr,
                ai::Explanation* why = nullptr);
  // The thinking time the bot of `seat` may take for a decision (0: none, or an iteration budget).
  double bot_think_ms(int seat) const;
  // What a bot of `spec` would decide for the seat to move, on that seat's observation (or the
  // true state for a bot that sees everything), with its explanation; nothing is applied. The
  // bot is kept per seat while the same spec is asked, so that a planner plays its turn's plan.
  bool think(const std::string& spec, game::ActionCode& out, ai::Explanation* why = nullptr, std::string* error = nullptr);
  // Advice for the seat to move (a hint): what a bot of `spec` would choose on that seat's
  // observation, with its explanation. The bot is made afresh and draws from a generator of its
  // own, so asking never changes the game or the bots' later choices.
  bool advise(const std::string& spec, ai::Explanation& why, std::string* error = nullptr) const;
  // Undo, as a person at `seat` takes a decision back: the decisions since that seat's last one,
  // and that one, unless something was revealed since (see above). -1: the last decision,
  // whoever took it. Returns the decisions undone; 0 and the reason when none can be.
  int undo(int seat = -1, std::string* error = nullptr);
  // How many decisions undo() may take back now.
  int undoable() const;
  // The decisions `seat` may take back now: its own, back to the last thing revealed or to the
  // other seat's last decision (a person's decision is revealed to the other person); all of
  // them in analysis mode.
  int undoable(int seat) const;
  // The decisions the history holds (bounded: see kMaxUndo).
  std::size_t history_size() const { return history_.size(); }

  // ---- Choices in any sequence ----
  // At a decision whose choices the game takes in a canonical sequence only (C&C: the orders of
  // a turn, game::State::is_unordered_choice), a person picks them in any sequence: pick() keeps
  // them (nothing is applied yet, so nothing is revealed), and they are played in a sequence the
  // game accepts when the person ends the set (commit_set, with the closing action such as
  // "done ordering", or by themselves when no further pick is possible). So the game never
  // closes the set on the person's behalf while picks remain that some sequence allows.
  bool in_set() const;
  // The picks so far, in the person's sequence.
  const std::vector<game::ActionCode>& picks() const { return picks_; }
  // The choices that may be picked next: those for which some sequence of the picks and it is
  // legal. Empty outside a set.
  std::vector<game::ActionCode> set_candidates() const;
  // A choice in words as it reads after the picks so far, played on a copy (C&C: once a
  // Leadership card's leader is picked, a unit offered is one linked to him, not one "alone"
  // instead of him); without picks, the state's own words.
  std::string choice_text(game::ActionCode a) const;
  // Adds a pick; false and why when no sequence allows it. When no further pick is then
  // possible, the set is played at once (*committed true).
  bool pick(game::ActionCode a, bool* committed = nullptr, std::vector<game::EventView>* events = nullptr,
            int viewer = -1, std::string* error = nullptr);
  // Takes back the last pick (nothing was applied); false when there is none.
  bool unpick();
  // Plays the picks in an accepted sequence, then `closing` (when not 0 and still legal: "done
  // ordering"). The decisions count as one for undo by the person.
  bool commit_set(game::ActionCode closing, std::vector<game::EventView>* events = nullptr, int viewer = -1,
                  std::string* error = nullptr);

  // The decisions a person at the seat to move may take now, as every front end offers them: in a
  // set, the picks some sequence allows and the closing choices ("done ordering"); otherwise the
  // legal actions. take() plays one of them as it should be played (a pick, the set's closing, or
  // a decision). One rule for the terminal, the protocol and the browser.
  std::vector<game::ActionCode> choices() const;
  bool take(game::ActionCode a, std::vector<game::EventView>* events = nullptr, int viewer = -1,
            std::string* error = nullptr);

  // Dice the next rolls must show (tests, the protocol's `dice`).
  bool force_die(int face) { return rng_.force_one(face); }
  void clear_forced_dice() { rng_.clear_forced(); }
  int forced_dice() const { return rng_.forced_pending(); }

  // ---- Keeping ----
  // Writes the record to `path` after every change (atomically: a new file renamed over the old),
  // so that a game in progress survives the program; the file is removed when the game ends.
  // "" stops it. A game with no record (a loaded position) is not written.
  void set_autosave(const std::string& path);
  const std::string& autosave_path() const { return autosave_; }
  // When the game began (ISO 8601), for the record.
  void set_started(const std::string& iso_time) {
    started_ = iso_time;
    if (rec_) rec_->set_started(iso_time);
  }
  // Stores the game so far in the games database `db` (store/game_store.h): its record, its
  // scenario and a summary (seats, winner, scores, turns). Returns the id (> 0), or -1 and why
  // (no game, no record: a loaded position, or the database refused).
  long store(const std::string& db, std::string* error = nullptr) const;
  // The record so far (a finished game's result included); null JSON when the game has none.
  nlohmann::json record_json() const;
  // Decisions applied since the start (or since the record resumed), in order.
  long decisions() const { return decisions_; }

 private:
  struct Snapshot {
    std::unique_ptr<game::State> state;
    Rng rng;
    Rng bot_rng;  // the bots' generator too: after an undo they choose as they would have
    std::size_t record_steps = 0;
    int by = -1;            // the seat that took the decision undone by restoring this
    bool revealed = false;  // applying that decision revealed something (dice, cards, a bot)
  };
  // `bot_before`: the bots' generator before a bot chose `a` (null: it is the current one).
  bool apply_as(game::ActionCode a, bool by_bot, std::vector<game::EventView>* events, int viewer, std::string* error,
                const Rng* bot_before = nullptr);
  void reset_bots();
  void autosave() const;
  void trim_history();
  // The bot's choice for the seat to move: on that seat's view, or the true state for a bot
  // that sees everything.
  game::ActionCode choose(ai::Bot& bot, Rng& rng, ai::Explanation* why = nullptr) const;
  // A sequence of `set` that the game accepts from the current state, in *out; false if none.
  bool sequence_of(const std::vector<game::ActionCode>& set, std::vector<game::ActionCode>* out) const;

  SessionOptions opt_;
  const game::Game* game_ = nullptr;
  std::shared_ptr<const game::Scenario> scn_;
  std::unique_ptr<game::State> state_;
  Rng rng_{0};
  Rng bot_rng_{1};
  uint64_t seed_ = 0;
  std::vector<Seat> seats_;
  std::unique_ptr<game::Recorder> rec_;
  std::vector<Snapshot> history_;
  bool trimmed_ = false;  // decisions were dropped from the front of the history
  std::vector<game::ActionCode> picks_;  // a person's picks of a set, not applied yet
  std::string autosave_;
  std::string started_;
  long decisions_ = 0;
  // Bots per seat: for the seats' own bots, and `think`'s (kept while the same spec is asked).
  std::vector<std::unique_ptr<ai::Bot>> seat_bots_;
  std::vector<std::string> think_spec_;
  std::vector<std::unique_ptr<ai::Bot>> think_bots_;
};

}  // namespace bgb::play
