// What a person sees of a bot's play, counted over games (issue 11): turns where the card played
// ordered nothing, turns whose ordered units stood still though they could have fought or closed
// in, orders used per card, battles and banners per turn. `bgbot arena` reports them per bot.
//
// The watcher is fed every decision of a game with the true state before it is applied; it needs
// no help from the bots, so any bot (or a person's game record) can be measured the same way.
#pragma once
#include <nlohmann/json.hpp>

#include "cca/action.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::ai {

struct PlayStats {
  long turns = 0;          // cards played (§6): one per turn
  long idle_turns = 0;     // a card played and no unit or leader ordered (§7)
  long avoidable_idle = 0; // idle turns although a card in hand would have done something
  long passive_turns = 0;  // units ordered, none moved or battled, though one could have (see below)
  long orders = 0;         // ordered units, plus ordered leaders not with an ordered unit
  long battles = 0;        // battles fought by the side on its own turn (§9, bonus close combats too)
  long banners = 0;        // banners won over the games (§4), on any turn
  double think_seconds = 0;  // wall time the bot spent choosing (filled by the arena)

  void add(const PlayStats& o);
  double per_turn(long n) const { return turns ? double(n) / double(turns) : 0.0; }
};

// Counts one game for both sides. Call see() with the state before every decision is applied
// and the action, and finish() with the final state.
class PlayWatcher {
 public:
  explicit PlayWatcher(const cca::Scenario& scn) : scn_(scn) {}
  void see(const cca::State& s, cca::Action a);
  void finish(const cca::State& end);
  const PlayStats& side(cca::Side s) const { return stats_[cca::idx(s)]; }

 private:
  void close_turn();

  const cca::Scenario& scn_;
  PlayStats stats_[2];
  // The turn being watched.
  bool open_ = false;
  cca::Side active_ = cca::Side::None;
  bool orders_seen_ = false;  // the ordering phase is over and its orders were counted
  long orders_ = 0;
  long order_actions_ = 0;    // order decisions taken (a Rally's repeated hex counts each block)
  bool acted_ = false;        // an ordered unit moved or the side battled
  bool could_close_ = false;  // at the start of the moves, an ordered unit could step nearer an enemy
  bool could_battle_ = false; // at the start of the battles (nothing having moved), a battle was legal
  bool battle_seen_ = false;
  bool had_useful_card_ = false;  // the hand held a card that does something (cca_model.h)
};

// JSON of the counts and of the per-turn figures (idle and passive as fractions of turns).
nlohmann::ordered_json play_stats_json(const PlayStats& p);

}  // namespace bgb::ai
