// Rule book §10 Ranged Combat (Fire): range, adjacency, dice, hits, flags, no battle back or
// evade, and fire at a lone leader. Small fields, forced dice.
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace ranged_s10 {
namespace {

int Hrc(int r, int c) { return Board::index(r, c); }
std::string rc(int r, int c) { return std::to_string(r) + "," + std::to_string(c); }

int declared_kind(const Field& f) {
  const Event* e = last_event(f, Ev::BattleDeclared);
  return e ? e->c : -1;
}

}  // namespace

// §10 step 2: LI, LC, AX range 2; LB, LS, LBC, LCH 3; LWM 5; HWM 6. One hex further is out of range.
TEST(RangedCombat_S10, RangeOfEveryRangedType) {
  struct Case {
    U type;
    int range;
  };
  const std::vector<Case> cases = {
      {U::LightInfantry, 2}, {U::LightCavalry, 2},   {U::Auxilia, 2},         {U::LightBow, 3},
      {U::LightSling, 3},    {U::LightBowCavalry, 3}, {U::LightChariot, 3},   {U::LightWarMachine, 5},
      {U::HeavyWarMachine, 6},
  };
  for (const Case& k : cases) {
    for (int d : {k.range, k.range + 1}) {
      Field f;
      const std::string target = rc(4, d);
      f.unit(B, k.type, "4,0").unit(T, U::HeavyInfantry, target.c_str()).start().order({"4,0"}).to_battle();
      Action fire = Action::make(ActionType::Battle, H("4,0"), Hrc(4, d));
      const bool in_range = d <= k.range;
      EXPECT_EQ(f.legal_has(fire), in_range)
          << unit_info(k.type).code << " at distance " << d << " (range " << k.range << ")";
      if (in_range) {
        f.force({L, L}).act(fire);
        EXPECT_EQ(declared_kind(f), int(CombatKind::Ranged)) << unit_info(k.type).code;
        EXPECT_EQ(declared_dice(f), 2) << unit_info(k.type).code;
        EXPECT_EQ(f.blocks(target.c_str()), 4);
      }
    }
  }
}

// §10: ranged combat may not be used against an adjacent enemy unit: battling it is close combat.
TEST(RangedCombat_S10, NoFireAtAdjacentUnit) {
  Field f;
  f.unit(B, U::Auxilia, "5,6").unit(T, U::HeavyInfantry, "4,6").start().order({"5,6"}).to_battle();
  ASSERT_TRUE(f.legal_has(battle_act("5,6", "4,6")));
  f.force({L, L, L}).battle("5,6", "4,6");
  EXPECT_EQ(declared_kind(f), int(CombatKind::Close));
  EXPECT_EQ(declared_dice(f), 3) << "auxilia close combat dice, not 2 ranged dice";
  EXPECT_EQ(f.dice_pending(), 0);
  // Close combat: the defender survived in place and may battle back.
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// §10: a unit adjacent to an enemy unit may not fire on another, more distant, enemy unit.
TEST(RangedCombat_S10, AdjacentEnemyUnitForbidsFireAtAnother) {
  {
    Field f;
    f.unit(B, U::LightBow, "6,6")
        .unit(T, U::MediumInfantry, "6,7")  // adjacent enemy
        .unit(T, U::HeavyInfantry, "4,6")   // in range 2, clear line of sight
        .start()
        .order({"6,6"})
        .to_battle();
    EXPECT_TRUE(f.legal_has(battle_act("6,6", "6,7")));
    EXPECT_FALSE(f.legal_has(battle_act("6,6", "4,6")));
  }
  {  // The same field without the adjacent enemy: the fire is legal.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::HeavyInfantry, "4,6").start().order({"6,6"}).to_battle();
    EXPECT_TRUE(f.legal_has(battle_act("6,6", "4,6")));
  }
  {  // An adjacent friendly unit does not forbid fire.
    Field f;
    f.unit(B, U::LightBow, "6,6")
        .unit(B, U::MediumInfantry, "6,7")
        .unit(T, U::HeavyInfantry, "4,6")
        .start()
        .order({"6,6"})
        .to_battle();
    EXPECT_TRUE(f.legal_has(battle_act("6,6", "4,6")));
  }
}

// Interpretation 12: a lone enemy leader adjacent does not stop a unit from firing.
TEST(RangedCombat_S10, LoneEnemyLeaderAdjacentDoesNotStopFire) {
  Field f;
  f.unit(B, U::LightBow, "6,6").leader(T, "6,7").unit(T, U::HeavyInfantry, "4,6").start().order({"6,6"}).to_battle();
  EXPECT_TRUE(f.legal_has(battle_act("6,6", "4,6")));
  EXPECT_TRUE(f.legal_has(battle_act("6,6", "6,7")));
}

// §10 step 5: 2 dice if the unit did not move, 1 if it moved.
TEST(RangedCombat_S10, TwoDiceIfNotMovedOneIfMoved) {
  {
    Field f;
    f.unit(B, U::LightBow, "7,6").unit(T, U::HeavyInfantry, "4,6").start().order({"7,6"}).to_battle();
    f.force({L, L}).battle("7,6", "4,6");
    EXPECT_EQ(declared_dice(f), 2);
    EXPECT_EQ(last_roll_n(f), 2);
    EXPECT_EQ(f.dice_pending(), 0);
  }
  {
    Field f;
    f.unit(B, U::LightBow, "8,6").unit(T, U::HeavyInfantry, "4,6").start().order({"8,6"});
    f.move("8,6", "7,6").to_battle();
    f.force({L, L}).battle("7,6", "4,6");
    EXPECT_EQ(declared_dice(f), 1);
    EXPECT_EQ(last_roll_n(f), 1);
    EXPECT_EQ(f.dice_pending(), 1) << "a moved unit fires one die only";
  }
  {  // Light cavalry may move four hexes and still fire, with one die (example p.7).
    Field f;
    f.unit(B, U::LightCavalry, "8,6").unit(T, U::HeavyInfantry, "2,6").start().order({"8,6"});
    f.move("8,6", "4,6").to_battle();
    ASSERT_TRUE(f.legal_has(battle_act("4,6", "2,6")));
    f.force({L}).battle("4,6", "2,6");
    EXPECT_EQ(declared_dice(f), 1);
    EXPECT_EQ(last_roll_n(f), 1);
  }
}

// §10 step 5 exception: a light chariot always fires with 2 dice, moved or not.
TEST(RangedCombat_S10, LightChariotAlwaysTwoDice) {
  Field f;
  f.unit(B, U::LightChariot, "8,6").unit(T, U::HeavyInfantry, "4,6").start().order({"8,6"});
  f.move("8,6", "6,6").to_battle();
  ASSERT_EQ(f.at("6,6").moved, 2);
  f.force({L, L}).battle("6,6", "4,6");
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(last_roll_n(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
}

// §10 step 5 exception: an auxilia that moves two hexes cannot fire; one hex: fires one die.
TEST(RangedCombat_S10, AuxiliaMovedTwoCannotFire) {
  {
    Field f;
    f.unit(B, U::Auxilia, "8,6").unit(T, U::HeavyInfantry, "4,6").start().order({"8,6"});
    f.move("8,6", "6,6").to_battle();
    EXPECT_FALSE(f.legal_has(battle_act("6,6", "4,6")));
  }
  {
    Field f;
    f.unit(B, U::Auxilia, "7,6").unit(T, U::HeavyInfantry, "4,6").start().order({"7,6"});
    f.move("7,6", "6,6").to_battle();
    ASSERT_TRUE(f.legal_has(battle_act("6,6", "4,6")));
    f.force({L}).battle("6,6", "4,6");
    EXPECT_EQ(declared_dice(f), 1);
  }
}

// §10 step 5 exception: a war machine that moves cannot fire.
TEST(RangedCombat_S10, WarMachineMovedCannotFire) {
  for (U wm : {U::LightWarMachine, U::HeavyWarMachine}) {
    {
      Field f;
      f.unit(B, wm, "7,6").unit(T, U::HeavyInfantry, "4,6").start().order({"7,6"});
      f.move("7,6", "6,6").to_battle();
      EXPECT_FALSE(f.legal_has(battle_act("6,6", "4,6"))) << unit_info(wm).code;
    }
    {
      Field f;
      f.unit(B, wm, "6,6").unit(T, U::HeavyInfantry, "4,6").start().order({"6,6"}).to_battle();
      EXPECT_TRUE(f.legal_has(battle_act("6,6", "4,6"))) << unit_info(wm).code << " that did not move fires";
    }
  }
}

// §10 step 6: only the symbol matching the target hits; swords and helmets miss, even with a
// leader attached to the firing unit (leaders do not affect ranged combat).
TEST(RangedCombat_S10, OnlyMatchingSymbolsHit) {
  struct Target {
    U type;
    int face;  // the matching symbol
  };
  for (Target t : {Target{U::LightInfantry, L}, Target{U::MediumInfantry, M}, Target{U::HeavyInfantry, Hv}}) {
    for (int face : {L, M, Hv, Hm, S}) {
      Field f;
      f.unit(B, U::LightBow, "6,6").leader(B, "6,6").unit(T, t.type, "4,6").start().order({"6,6"}).to_battle();
      f.force({face, face}).battle("6,6", "4,6");
      EXPECT_EQ(f.dice_pending(), 0);
      const int expect = face == t.face ? 2 : 0;
      EXPECT_EQ(f.blocks("4,6"), 4 - expect) << unit_info(t.type).code << " face " << face_name(face);
    }
  }
}

// §10 step 6 / §12: a flag does not hit but makes the target retreat (MI 1 hex, LI 2 hexes per flag).
TEST(RangedCombat_S10, FlagsCauseRetreat) {
  {
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::Retreat) << f.story();
    EXPECT_EQ(f.s.decider, T);
    retreat_first(f);
    EXPECT_TRUE(f.empty("4,6"));
    EXPECT_EQ(Board::get().row[f.s.units[1].hex], 3);
    EXPECT_EQ(f.s.units[1].blocks, 4);
  }
  {
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6").start().order({"6,6"}).to_battle();
    f.force({F, M}).battle("6,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(Board::get().row[f.s.units[1].hex], 2);
    EXPECT_EQ(f.s.units[1].blocks, 4);
  }
}

// §10: the target may not battle back after ranged combat, and may not evade it.
TEST(RangedCombat_S10, NoBattleBackAndNoEvadeAfterFire) {
  Field f;
  f.unit(B, U::LightBow, "6,6")
      .unit(B, U::LightBow, "4,9")  // a second firer, so that the battle phase goes on
      .unit(T, U::LightInfantry, "4,6")
      .start()
      .order({"4,9", "6,6"})
      .to_battle();
  f.force({M, M}).battle("6,6", "4,6");
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(count_events(f, Ev::EvadeDeclared), 0);
  EXPECT_EQ(count_events(f, Ev::BattleBackDeclared), 0);
  EXPECT_EQ(f.s.decision, Decision::Battle) << "no evade-or-stand, no battle back";
  EXPECT_EQ(f.s.decider, B);
  EXPECT_EQ(f.blocks("4,6"), 4);
  EXPECT_EQ(f.blocks("6,6"), 4);
}

// §10/§14: a lone leader may be fired at; one helmet kills him (a banner), otherwise he must evade.
TEST(RangedCombat_S10, LoneLeaderCanBeFiredAt) {
  {
    Field f;
    f.unit(B, U::LightBow, "6,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"6,6"}).to_battle();
    ASSERT_TRUE(f.legal_has(battle_act("6,6", "4,6")));
    f.force({Hm, L}).battle("6,6", "4,6");
    EXPECT_FALSE(f.has_leader("4,6"));
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
  }
  {
    Field f;
    f.unit(B, U::LightBow, "6,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"6,6"}).to_battle();
    f.force({S, F}).battle("6,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::LeaderEvade) << f.story();
    EXPECT_EQ(f.s.decider, T);
    EXPECT_EQ(f.banners(B), 0);
    f.act(Action::make(ActionType::LeaderEvade, H("3,5"), kNoHex, kNoHex));
    EXPECT_TRUE(f.has_leader("3,5"));
    EXPECT_FALSE(f.has_leader("4,6"));
    EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
  }
}

namespace {
std::string refusal(Field& f, const char* from, const char* to) { return f.refusal(battle_act(from, to)); }
bool says(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

// A refused battle names its reason (§7 ordered, §9 one battle, §10 range, adjacency and sight:
// the heavy infantry at 4,2 stands between the bow at 6,2 and 3,2),
// so that a person typing hexes learns the rule.
TEST(RangedCombat_S10, ARefusedBattleSaysWhy) {
  Field f;
  f.unit(B, U::LightBow, "6,6")
      .unit(B, U::LightBow, "6,2")
      .unit(B, U::HeavyInfantry, "6,9")
      .unit(B, U::LightBow, "7,11")
      .unit(T, U::MediumInfantry, "6,7")
      .unit(T, U::HeavyInfantry, "2,2")
      .unit(T, U::HeavyInfantry, "3,2")
      .unit(T, U::HeavyInfantry, "4,2")
      .unit(T, U::HeavyInfantry, "4,9")
      .unit(T, U::HeavyInfantry, "5,11")
      .start()
      .order({"6,6", "6,2", "6,9"})
      .to_battle();
  EXPECT_TRUE(says(refusal(f, "6,6", "4,6"), "no enemy unit or lone leader at 4,6"));
  EXPECT_TRUE(says(refusal(f, "6,6", "6,8"), "no enemy unit"));
  EXPECT_TRUE(says(refusal(f, "7,11", "5,11"), "was not ordered this turn (§7)"));
  EXPECT_TRUE(says(refusal(f, "6,2", "2,2"), "2,2 is 4 hexes away; the unit at 6,2 reaches 3 (§10)")) << refusal(f, "6,2", "2,2");
  EXPECT_TRUE(says(refusal(f, "6,2", "3,2"), "no line of sight from 6,2 to 3,2 (§10)")) << refusal(f, "6,2", "3,2");
  EXPECT_TRUE(says(refusal(f, "6,9", "4,9"), "has no ranged weapon (§10)")) << refusal(f, "6,9", "4,9");
  EXPECT_TRUE(says(refusal(f, "6,6", "4,9"), "next to an enemy unit and may not fire (§10)")) << refusal(f, "6,6", "4,9");
  f.force({L, L}).battle("6,2", "4,2");  // two misses (§10: a light bow hits heavy infantry on H only)
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(says(refusal(f, "6,2", "4,2"), "has already battled this turn (§9)")) << refusal(f, "6,2", "4,2");
}

}  // namespace ranged_s10
}  // namespace bgb::cca::test
