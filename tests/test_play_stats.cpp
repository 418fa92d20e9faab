// What a person sees of a bot's turns (ai/play_stats.h): idle and passive turns, orders per card,
// battles and banners, counted from the decisions of a game (issue 11).
#include <gtest/gtest.h>

#include <utility>

#include "ai/play_stats.h"
#include "cca/model/play_watcher.h"
#include "cca/cards.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace {

using ai::PlayStats;
using PlayWatcher = CcaPlayWatcher;

// A game watched decision by decision.
struct Watched {
  Field f;
  PlayWatcher w{f.scn};

  void act(Action a) {
    w.see(f.s, a);
    f.act(a);
  }
  // Plays a card that lets the active side order the unit at `hex` (§6, §7).
  void play_card_ordering(const char* hex) {
    for (Action a : f.legal()) {
      if (a.type() != ActionType::PlayCard) continue;
      State copy = f.s;
      Rng r{1};
      std::string err;
      ASSERT_TRUE(apply(f.scn, copy, a, r, nullptr, &err)) << err;
      ActionList orders;
      legal_actions(f.scn, copy, orders);
      if (orders.contains(Action::make(ActionType::OrderUnit, H(hex)))) {
        act(a);
        return;
      }
    }
    FAIL() << "no card in hand orders " << hex;
  }
  // Ends the orders (the engine ends them itself when no order is left to give).
  void end_orders() {
    if (f.s.decision == Decision::Order) act(Action::make(ActionType::EndOrders));
  }
  // Ends the side's turn: every later decision of the active side is its "end" choice, the
  // other side's decisions (retreats, battle backs) their first legal choice.
  void end_turn() {
    const Side me = f.s.active;
    while (!is_terminal(f.s) && !(f.s.active != me && f.s.decision == Decision::PlayCard)) {
      const ActionList l = f.legal();
      Action pick = l[0];
      for (Action a : l)
        if (a.type() == ActionType::EndOrders || a.type() == ActionType::EndMoves || a.type() == ActionType::EndBattles)
          pick = a;
      act(pick);
    }
  }
  const PlayStats& bottom() {
    w.finish(f.s);
    return w.side(Side::Bottom);
  }
};

// Medium infantry three hexes apart: the bottom one can close in but not battle (§8, §9).
Watched apart() {
  Watched g;
  g.f.unit(Side::Bottom, UnitType::MediumInfantry, "5,6").unit(Side::Top, UnitType::MediumInfantry, "2,6").start();
  return g;
}

TEST(PlayStats, ACardThatOrdersNothingIsAnIdleTurn) {
  Watched g = apart();
  g.play_card_ordering("5,6");
  g.end_turn();  // done ordering at once
  const PlayStats& p = g.bottom();
  EXPECT_EQ(p.turns, 1);
  EXPECT_EQ(p.idle_turns, 1);
  EXPECT_EQ(p.avoidable_idle, 1);  // the card played could have ordered the unit
  EXPECT_EQ(p.passive_turns, 0);
  EXPECT_EQ(p.orders, 0);
}

TEST(PlayStats, AHandOfCardsForEmptySectionsMakesAnIdleTurnNobodyCouldAvoid) {
  // The only bottom unit stands in the centre; every card in hand orders the right section.
  Watched g = apart();
  State& s = g.f.s;
  const int k = idx(s.active);
  auto right = [](uint8_t c) {
    return c == uint8_t(CardKind::OrderTwoRight) || c == uint8_t(CardKind::OrderThreeRight) ||
           c == uint8_t(CardKind::OrderFourRight);
  };
  for (int i = 0; i < s.hand_n[k]; ++i)
    for (int j = 0; j < s.deck_n && !right(s.hand[k][i]); ++j)
      if (right(s.deck[j])) std::swap(s.deck[j], s.hand[k][i]);
  for (int i = 0; i < s.hand_n[k]; ++i) ASSERT_TRUE(right(s.hand[k][i]));
  g.act(g.f.legal()[0]);
  g.end_turn();
  const PlayStats& p = g.bottom();
  EXPECT_EQ(p.turns, 1);
  EXPECT_EQ(p.idle_turns, 1);
  EXPECT_EQ(p.avoidable_idle, 0);
}

TEST(PlayStats, AnOrderedUnitThatStaysAwayWhenItCouldCloseInIsPassive) {
  Watched g = apart();
  g.play_card_ordering("5,6");
  g.act(Action::make(ActionType::OrderUnit, H("5,6")));
  g.end_turn();  // no move, no battle
  const PlayStats& p = g.bottom();
  EXPECT_EQ(p.idle_turns, 0);
  EXPECT_EQ(p.passive_turns, 1);
  EXPECT_EQ(p.orders, 1);
  EXPECT_EQ(p.battles, 0);
}

TEST(PlayStats, AnOrderedUnitThatMovesIsNotPassive) {
  Watched g = apart();
  g.play_card_ordering("5,6");
  g.act(Action::make(ActionType::OrderUnit, H("5,6")));
  g.end_orders();
  g.act(Action::make(ActionType::MoveUnit, H("5,6"), H("4,6")));
  g.end_turn();
  const PlayStats& p = g.bottom();
  EXPECT_EQ(p.passive_turns, 0);
  EXPECT_EQ(p.orders, 1);
}

TEST(PlayStats, AnOrderedUnitWithNoEnemyToApproachOrFightIsNotPassive) {
  // Holding is all it can do when no move brings it nearer and no battle is in reach: a light
  // infantry unit boxed in by its own units at the baseline (§8).
  Watched g;
  g.f.unit(Side::Bottom, UnitType::MediumInfantry, "8,6")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "7,5")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "7,6")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "8,5")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "8,7")
      .unit(Side::Top, UnitType::MediumInfantry, "0,6")
      .start();
  g.play_card_ordering("8,6");
  g.act(Action::make(ActionType::OrderUnit, H("8,6")));
  g.end_turn();
  const PlayStats& p = g.bottom();
  EXPECT_EQ(p.orders, 1);
  EXPECT_EQ(p.passive_turns, 0);
}

TEST(PlayStats, ABattleCountsAndAUnitThatCouldBattleButHoldsIsPassive) {
  for (const bool fight : {true, false}) {
    Watched g;
    g.f.unit(Side::Bottom, UnitType::HeavyInfantry, "5,6").unit(Side::Top, UnitType::LightInfantry, "4,6").start();
    g.play_card_ordering("5,6");
    g.act(Action::make(ActionType::OrderUnit, H("5,6")));
    g.end_orders();
    g.act(Action::make(ActionType::EndMoves));
    if (fight) {
      ASSERT_TRUE(g.f.legal_has(Action::make(ActionType::Battle, H("5,6"), H("4,6"))));
      g.f.force({L, L, L, L, L});  // §9: heavy infantry rolls 5 dice; light symbols hit light infantry
      g.act(Action::make(ActionType::Battle, H("5,6"), H("4,6")));
    }
    g.end_turn();
    const PlayStats& p = g.bottom();
    EXPECT_EQ(p.battles, fight ? 1 : 0) << fight;
    EXPECT_EQ(p.passive_turns, fight ? 0 : 1) << fight;
    if (fight) {
      EXPECT_EQ(p.banners, 1);  // 4 light infantry blocks, 5 hits: eliminated, a banner (§4)
    }
  }
}

TEST(PlayStats, ALeaderOrderedWithHisUnitIsOneOrder) {
  Watched g;
  g.f.unit(Side::Bottom, UnitType::MediumInfantry, "5,6").leader(Side::Bottom, "5,6").unit(Side::Top, UnitType::MediumInfantry, "1,6");
  g.f.start();
  g.play_card_ordering("5,6");
  g.act(Action::make(ActionType::OrderUnit, H("5,6")));
  g.end_turn();
  EXPECT_EQ(g.bottom().orders, 1);
}

}  // namespace
}  // namespace bgb::cca::test
