// The odds of a battle shown to a player before declaring it (cca/battle_odds.h): the dice are the
// ones the battle rolls, and the chances of a hit and of eliminating the target agree with the
// rules' own outcomes over thousands of battles played with random dice (§10, §11, §12).
#include <gtest/gtest.h>

#include <cmath>

#include "cca/battle_odds.h"
#include "test_support.h"

namespace bgb::cca::test {

namespace {

// Plays the battle from `f` with random dice `trials` times: how often the target lost a block,
// and how often it was eliminated (before any later decision of the battle).
void outcomes(const Field& f, const char* from, const char* to, int trials, double& hit, double& dead) {
  int hits = 0, deaths = 0;
  const int target = f.s.unit_at[H(to)];
  const int before = f.s.units[target].blocks;
  for (int t = 0; t < trials; ++t) {
    State s = f.s;
    Rng rng(1000 + uint64_t(t));
    ASSERT_TRUE(apply(f.scn, s, Action::make(ActionType::Battle, H(from), H(to)), rng, nullptr, nullptr));
    if (s.decision == Decision::EvadeOrStand) {
      ASSERT_TRUE(apply(f.scn, s, Action::make(ActionType::Stand), rng));
    }
    // Flags the target cannot retreat are taken as blocks when it is made to retreat: play the
    // retreat decisions the target is asked (the first hex each time) until the battle moves on.
    for (int guard = 0; guard < 20 && (s.decision == Decision::Retreat || s.decision == Decision::IgnoreFlags); ++guard) {
      ActionList legal;
      legal_actions(f.scn, s, legal);
      Action pick = legal[0];
      for (const Action& x : legal)  // the target ignores every flag it may (what a player does)
        if (x.type() == ActionType::IgnoreFlags && (pick.type() != ActionType::IgnoreFlags || x.a() > pick.a())) pick = x;
      ASSERT_TRUE(apply(f.scn, s, pick, rng));
    }
    const UnitState& u = s.units[target];
    hits += !u.alive() || u.blocks < before;
    deaths += !u.alive();
  }
  hit = double(hits) / trials;
  dead = double(deaths) / trials;
}

}  // namespace

TEST(BattleOdds, CloseCombatAgreesWithTheRulesOutcomes_S11) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 2).start().order({"5,6"}).to_battle();
  BattleOdds o;
  ASSERT_TRUE(battle_odds(f.scn, f.s, Action::make(ActionType::Battle, H("5,6"), H("4,6")), o));
  EXPECT_EQ(o.dice, 5) << "heavy infantry rolls 5 in close combat (§11)";
  // One die hits medium infantry on its symbol or a sword: 1 - (4/6)^5.
  EXPECT_NEAR(o.hit, 1 - std::pow(4.0 / 6.0, 5), 1e-9);
  double hit = 0, dead = 0;
  outcomes(f, "5,6", "4,6", 3000, hit, dead);
  EXPECT_NEAR(o.hit, hit, 0.03);
  EXPECT_NEAR(o.eliminate, dead, 0.03);
  EXPECT_GT(o.eliminate, 0.1);
}

TEST(BattleOdds, RangedFireAndABlockedRetreat_S10_S12) {
  // Fire: a light bow unit 2 hexes away.
  Field f;
  f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6", 1).start().order({"6,6"}).to_battle();
  BattleOdds o;
  ASSERT_TRUE(battle_odds(f.scn, f.s, Action::make(ActionType::Battle, H("6,6"), H("4,6")), o));
  EXPECT_EQ(o.dice, 2) << "a light unit that has not moved fires 2 dice (§10)";
  double hit = 0, dead = 0;
  outcomes(f, "6,6", "4,6", 3000, hit, dead);
  EXPECT_NEAR(o.hit, hit, 0.03);
  EXPECT_NEAR(o.eliminate, dead, 0.03);

  // A target on its own baseline with friends on the hexes behind... here: its baseline edge.
  // A flag it cannot retreat costs a block, so the chance to eliminate it rises.
  Field open, blocked;
  open.unit(B, U::HeavyInfantry, "3,6").unit(T, U::HeavyInfantry, "2,6", 2).start().order({"3,6"}).to_battle();
  blocked.unit(B, U::HeavyInfantry, "3,6").unit(T, U::HeavyInfantry, "2,6", 2);
  blocked.unit(T, U::HeavyInfantry, "1,5").unit(T, U::HeavyInfantry, "1,6").start().order({"3,6"}).to_battle();
  BattleOdds a, b;
  ASSERT_TRUE(battle_odds(open.scn, open.s, Action::make(ActionType::Battle, H("3,6"), H("2,6")), a));
  ASSERT_TRUE(battle_odds(blocked.scn, blocked.s, Action::make(ActionType::Battle, H("3,6"), H("2,6")), b));
  EXPECT_GT(b.eliminate, a.eliminate + 0.05) << "blocked: " << b.eliminate << ", open: " << a.eliminate;
  outcomes(blocked, "3,6", "2,6", 3000, hit, dead);
  EXPECT_NEAR(b.eliminate, dead, 0.04);
  // Not a battle: no odds.
  EXPECT_FALSE(battle_odds(f.scn, f.s, Action::make(ActionType::EndBattles), o));
}

// Play-test round 8: a line said "hit 87%" against a light unit that then evaded. The odds say
// when the target may evade (§13: light infantry evades heavy infantry, with its two hexes back
// open), not when it may not (its hexes back held by its own units) or under fire.
TEST(BattleOdds, SaysWhenTheTargetMayEvade_S13) {
  Field open;
  open.unit(B, U::HeavyInfantry, "4,6").unit(T, U::LightInfantry, "3,6").start().order({"4,6"}).to_battle();
  BattleOdds o;
  ASSERT_TRUE(battle_odds(open.scn, open.s, Action::make(ActionType::Battle, H("4,6"), H("3,6")), o));
  EXPECT_TRUE(o.may_evade);
  Field held;  // the hexes toward its own side (row 2) filled by its own units
  held.unit(B, U::HeavyInfantry, "4,6").unit(T, U::LightInfantry, "3,6");
  held.unit(T, U::HeavyInfantry, "2,6").unit(T, U::HeavyInfantry, "2,7").start().order({"4,6"}).to_battle();
  ASSERT_TRUE(battle_odds(held.scn, held.s, Action::make(ActionType::Battle, H("4,6"), H("3,6")), o));
  EXPECT_FALSE(o.may_evade);
  Field heavy;  // a heavy infantry target never evades
  heavy.unit(B, U::HeavyInfantry, "4,6").unit(T, U::HeavyInfantry, "3,6").start().order({"4,6"}).to_battle();
  ASSERT_TRUE(battle_odds(heavy.scn, heavy.s, Action::make(ActionType::Battle, H("4,6"), H("3,6")), o));
  EXPECT_FALSE(o.may_evade);
  Field fire;  // ranged combat: no evade
  fire.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6").start().order({"6,6"}).to_battle();
  ASSERT_TRUE(battle_odds(fire.scn, fire.s, Action::make(ActionType::Battle, H("6,6"), H("4,6")), o));
  EXPECT_FALSE(o.may_evade);
}

}  // namespace bgb::cca::test
