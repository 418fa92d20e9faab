// C&C: Ancients' count of what a person sees of a bot's play (ai/play_stats.h): a turn is a card
// played (§6); idle when it ordered nothing (§7), avoidably so when the hand held a card that does
// something (cca_model.h, card_does_nothing); passive when its ordered units neither moved nor
// battled though one could have stepped nearer an enemy or battled where it stood.
#pragma once
#include "ai/play_stats.h"
#include "cca/action.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

class CcaPlayWatcher final : public ai::PlayWatcher {
 public:
  explicit CcaPlayWatcher(const Scenario& scn) : scn_(scn) {}
  void see(const State& s, Action a);
  void finish(const State& end);
  const ai::PlayStats& side(Side s) const { return stats_[idx(s)]; }

  void see(const game::State& s, game::ActionCode a) override;
  void finish(const game::State& end) override;
  const ai::PlayStats& seat(int seat) const override { return stats_[seat == 0 ? 0 : 1]; }

 private:
  void close_turn();

  const Scenario& scn_;
  ai::PlayStats stats_[2];
  // The turn being watched.
  bool open_ = false;
  Side active_ = cca::Side::None;
  bool orders_seen_ = false;  // the ordering phase is over and its orders were counted
  long orders_ = 0;
  long order_actions_ = 0;    // order decisions taken (a Rally's repeated hex counts each block)
  bool acted_ = false;        // an ordered unit moved or the side battled
  bool could_close_ = false;  // at the start of the moves, an ordered unit could step nearer an enemy
  bool could_battle_ = false; // at the start of the battles (nothing having moved), a battle was legal
  bool battle_seen_ = false;
  bool had_useful_card_ = false;  // the hand held a card that does something (cca_model.h)
};

}  // namespace bgb::cca
