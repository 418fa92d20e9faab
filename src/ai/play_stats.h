// What a person sees of a bot's play, counted over games (issue 11): turns where the turn's
// command ordered nothing, turns whose ordered units stood still though they could have fought or
// closed in, orders per turn, battles and score per turn. `bgbot arena` reports them per bot.
//
// A game supplies the watcher that counts them (PlayWatcher, registered with its bots: C&C's is
// cca/model/play_watcher.h). It is fed every decision of a game with the true state before the
// decision is applied; it needs no help from the bots, so any bot (or a person's game record)
// can be measured the same way.
#pragma once
#include <nlohmann/json.hpp>

#include "game/game.h"

namespace bgb::ai {

struct PlayStats {
  long turns = 0;          // turns played (C&C: cards played, §6)
  long idle_turns = 0;     // turns with no unit or leader ordered (§7)
  long avoidable_idle = 0; // idle turns although another command would have done something
  long passive_turns = 0;  // units ordered, none moved or battled, though one could have
  long orders = 0;         // ordered units, plus ordered leaders not with an ordered unit
  long battles = 0;        // battles fought by the side on its own turn (§9, bonus close combats too)
  long banners = 0;        // the score won over the games (C&C: banners, §4), on any turn
  double think_seconds = 0;  // wall time the bot spent choosing (filled by the arena)

  void add(const PlayStats& o);
  double per_turn(long n) const { return turns ? double(n) / double(turns) : 0.0; }
};

// Counts one game for every seat: see() with the state before each decision is applied and the
// decision, finish() with the final state.
class PlayWatcher {
 public:
  virtual ~PlayWatcher() = default;
  virtual void see(const game::State& s, game::ActionCode a) = 0;
  virtual void finish(const game::State& end) = 0;
  virtual const PlayStats& seat(int seat) const = 0;
};

// JSON of the counts and of the per-turn figures (idle and passive as fractions of turns).
nlohmann::ordered_json play_stats_json(const PlayStats& p);

}  // namespace bgb::ai
