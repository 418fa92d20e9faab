// Rule book §11 Close Combat: dice per unit type, what scores a hit, the elephant, chariot and
// camel exceptions, battle back and the warrior's full-strength bonus. Small fields, forced dice.
// The usual layout: the top defender at 4,6, the bottom attacker at 5,6 (adjacent).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace close_s11 {
namespace {

void stand_if_asked(Field& f) {
  if (f.s.decision == Decision::EvadeOrStand) f.stand();
}

// §11 step 4: close combat dice of each type (the rule book's numbers, elephant excepted).
const std::map<U, int>& close_dice_table() {
  static const std::map<U, int> t = {
      {U::LightInfantry, 2},   {U::LightSling, 2},      {U::LightBow, 2},     {U::Auxilia, 3},
      {U::Warrior, 4},  // full strength: 3 + 1
      {U::MediumInfantry, 4},  {U::HeavyInfantry, 5},   {U::LightWarMachine, 2}, {U::HeavyWarMachine, 2},
      {U::LightCavalry, 2},    {U::LightBowCavalry, 2}, {U::MediumCavalry, 3}, {U::HeavyCavalry, 4},
      {U::Camel, 3},           {U::LightChariot, 2},    {U::HeavyChariot, 4},
  };
  return t;
}

}  // namespace

// §11 step 4: LI/LS/LB 2, AX 3, MI 4, WA 3 (+1 at full strength), HI 5, WM 2, LC/LBC 2, MC 3,
// HC 4, CA 3, LCH 2, HCH 4; the elephant rolls what its target would (HI: 5).
TEST(CloseCombat_S11, DicePerUnitType) {
  std::map<U, int> table = close_dice_table();
  table[U::Elephant] = 5;  // against heavy infantry
  for (auto [type, dice] : table) {
    Field f;
    f.unit(B, type, "5,6").unit(T, U::HeavyInfantry, "4,6").start().order({"5,6"}).to_battle();
    force_n(f, dice, L);  // green circles: no hit on heavy infantry, no flag, no sword re-roll
    f.battle("5,6", "4,6");
    EXPECT_EQ(declared_dice(f), dice) << unit_info(type).code;
    EXPECT_EQ(last_roll_n(f), dice) << unit_info(type).code;
    EXPECT_EQ(f.dice_pending(), 0) << unit_info(type).code;
    EXPECT_EQ(f.blocks("4,6"), 4);
  }
  {  // A warrior below full strength rolls 3.
    Field f;
    f.unit(B, U::Warrior, "5,6").unit(T, U::HeavyInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.s.units[0].blocks = 3;
    f.force({L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(declared_dice(f), 3);
    EXPECT_EQ(last_roll_n(f), 3);
  }
}

// §11 Camel / Heavy chariot: camels battle back with 2 dice, heavy chariots with 3; others as usual.
TEST(CloseCombat_S11, BattleBackDice) {
  const std::map<U, int> expect = {
      {U::Camel, 2}, {U::HeavyChariot, 3}, {U::HeavyCavalry, 4}, {U::MediumCavalry, 3}, {U::HeavyInfantry, 5},
      {U::Auxilia, 3}, {U::LightInfantry, 2},
  };
  for (auto [type, dice] : expect) {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, type, "4,6").start().order({"5,6"}).to_battle();
    // The medium infantry misses: faces that match neither the defender's class nor anything else.
    const int miss = unit_info(type).cls == UnitClass::Light ? Hv : L;
    force_n(f, 4, miss);
    f.battle("5,6", "4,6");
    stand_if_asked(f);
    ASSERT_EQ(f.s.decision, Decision::BattleBack) << unit_info(type).code << "\n" << f.story();
    force_n(f, dice, L);  // green circles do not hit medium infantry
    f.battle_back();
    EXPECT_EQ(last_roll_n(f), dice) << unit_info(type).code;
    EXPECT_EQ(f.dice_pending(), 0) << unit_info(type).code;
  }
}

// §11 Score Hits exceptions: LI, LS, LB, LC, LBC and war machines do not hit on swords; auxilia,
// light chariots and all the others do.
TEST(CloseCombat_S11, SwordHitsByType) {
  const std::vector<U> no_sword = {U::LightInfantry, U::LightSling,      U::LightBow,       U::LightCavalry,
                                   U::LightBowCavalry, U::LightWarMachine, U::HeavyWarMachine};
  for (auto [type, dice] : close_dice_table()) {
    const bool hits = std::find(no_sword.begin(), no_sword.end(), type) == no_sword.end();
    Field f;
    f.unit(B, type, "5,6").unit(T, U::HeavyInfantry, "4,6").start().order({"5,6"}).to_battle();
    force_n(f, dice, S);
    f.battle("5,6", "4,6");
    const int expect = hits ? std::max(0, 4 - dice) : 4;
    EXPECT_EQ(f.blocks("4,6"), expect) << unit_info(type).code << " rolling " << dice << " swords";
  }
}

// §11 Leaders in Close Combat: a helmet hits only with a friendly leader attached or adjacent;
// never for an elephant.
TEST(CloseCombat_S11, HelmetHitsOnlyWithFriendlyLeader) {
  auto run = [](const char* leader_hex, Side leader_side, U attacker, int helmets, int dice) {
    Field f;
    f.unit(B, attacker, "5,6").unit(T, U::HeavyInfantry, "4,6");
    if (leader_hex) f.leader(leader_side, leader_hex);
    f.start().order({"5,6"}).to_battle();
    force_n(f, helmets, Hm);
    force_n(f, dice - helmets, L);
    f.battle("5,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    return 4 - f.blocks("4,6");
  };
  EXPECT_EQ(run(nullptr, B, U::MediumInfantry, 2, 4), 0) << "no leader: helmets miss";
  EXPECT_EQ(run("5,6", B, U::MediumInfantry, 2, 4), 2) << "attached leader";
  EXPECT_EQ(run("5,7", B, U::MediumInfantry, 2, 4), 2) << "adjacent lone friendly leader";
  EXPECT_EQ(run("6,8", B, U::MediumInfantry, 2, 4), 0) << "friendly leader not adjacent";
  EXPECT_EQ(run("4,7", T, U::MediumInfantry, 2, 4), 0) << "an enemy leader adjacent does not inspire";
  EXPECT_EQ(run("5,6", B, U::LightInfantry, 2, 2), 2) << "helmets hit whatever the unit type";
  EXPECT_EQ(run("5,6", B, U::Elephant, 5, 5), 0) << "no leader benefit for elephants (attached)";
  EXPECT_EQ(run("5,7", B, U::Elephant, 5, 5), 0) << "no leader benefit for elephants (adjacent)";
}

// §11 Elephant Combat: the elephant rolls what the unit it attacks would roll against it; against
// an elephant, warrior, heavy chariot or camel 3; against a lone leader 1.
TEST(CloseCombat_S11, ElephantDiceEqualTargetDice) {
  const std::map<U, int> expect = {
      {U::LightInfantry, 2},   {U::LightSling, 2},      {U::LightBow, 2},        {U::Auxilia, 3},
      {U::Warrior, 3},         {U::MediumInfantry, 4},  {U::HeavyInfantry, 5},   {U::LightWarMachine, 2},
      {U::HeavyWarMachine, 2}, {U::LightCavalry, 2},    {U::LightBowCavalry, 2}, {U::MediumCavalry, 3},
      {U::HeavyCavalry, 4},    {U::Camel, 3},           {U::Elephant, 3},        {U::LightChariot, 2},
      {U::HeavyChariot, 3},
  };
  for (auto [type, dice] : expect) {
    Field f;
    f.unit(B, U::Elephant, "5,6").unit(T, type, "4,6").start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    EXPECT_EQ(declared_dice(f), dice) << "elephant against " << unit_info(type).code;
  }
  {
    Field f;
    f.unit(B, U::Elephant, "5,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"5,6"}).to_battle();
    f.force({L}).battle("5,6", "4,6");
    EXPECT_EQ(declared_dice(f), 1) << "elephant against a lone leader";
    EXPECT_EQ(last_roll_n(f), 1);
  }
}

// §11 Elephant Combat: battling back, the elephant rolls the attacker's dice, with the same exceptions.
TEST(CloseCombat_S11, ElephantBattleBackDiceEqualAttackerDice) {
  const std::map<U, int> expect = {
      {U::LightInfantry, 2}, {U::Auxilia, 3},      {U::MediumInfantry, 4}, {U::Warrior, 3},
      {U::HeavyInfantry, 5}, {U::LightCavalry, 2}, {U::MediumCavalry, 3},  {U::HeavyCavalry, 4},
      {U::Camel, 3},         {U::Elephant, 3},     {U::LightChariot, 2},   {U::HeavyChariot, 3},
  };
  for (auto [type, dice] : expect) {
    Field f;
    f.unit(B, type, "5,6").unit(T, U::Elephant, "4,6").start().order({"5,6"}).to_battle();
    // The attacker misses: blue triangles never hit an elephant.
    const int attack = type == U::Elephant ? 3 : close_dice_table().at(type);
    force_n(f, attack, M);
    f.battle("5,6", "4,6");
    EXPECT_EQ(declared_dice(f), attack) << unit_info(type).code;
    ASSERT_EQ(f.s.decision, Decision::BattleBack) << unit_info(type).code << "\n" << f.story();
    const int miss = unit_info(type).cls == UnitClass::Light ? M : L;
    force_n(f, dice, miss);
    f.battle_back();
    EXPECT_EQ(last_roll_n(f), dice) << "elephant battling back against " << unit_info(type).code;
    EXPECT_EQ(f.dice_pending(), 0) << unit_info(type).code;
  }
}

// §11: each elephant die showing a sword scores a hit and is rolled again; all is applied after.
TEST(CloseCombat_S11, ElephantSwordReroll) {
  Field f;
  f.unit(B, U::Elephant, "5,6").unit(T, U::MediumInfantry, "4,6").start().order({"5,6"}).to_battle();
  // First roll: sword, triangle, two circles; the sword die again: sword; again: flag.
  f.force({S, M, L, L, S, F}).battle("5,6", "4,6");
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(count_events(f, Ev::Reroll), 2);
  // Two sword hits and one triangle: 3 blocks; the flag: a 1-hex retreat.
  retreat_first(f);
  EXPECT_TRUE(f.empty("4,6"));
  EXPECT_EQ(f.s.units[1].blocks, 1);
  EXPECT_EQ(row_of(f, 1), 3);
}

// §11: elephants ignore all sword hits in close combat.
TEST(CloseCombat_S11, ElephantsIgnoreAllSwords) {
  for (U attacker : {U::MediumInfantry, U::HeavyInfantry, U::Auxilia}) {
    Field f;
    f.unit(B, attacker, "5,6").unit(T, U::Elephant, "4,6").start().order({"5,6"}).to_battle();
    force_n(f, close_dice_table().at(attacker), S);
    f.battle("5,6", "4,6");
    EXPECT_EQ(f.blocks("4,6"), 2) << unit_info(attacker).code;
  }
}

// §11 Chariot Combat: chariots ignore one sword hit; a heavy cavalry unit does not.
TEST(CloseCombat_S11, ChariotsIgnoreOneSword) {
  struct Case {
    U defender;
    int lost;
  };
  for (Case c : {Case{U::HeavyChariot, 1}, Case{U::LightChariot, 1}, Case{U::HeavyCavalry, 2}}) {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, c.defender, "4,6").start().order({"5,6"}).to_battle();
    const int miss = unit_info(c.defender).cls == UnitClass::Light ? M : L;
    f.force({S, S, miss, miss}).battle("5,6", "4,6");
    stand_if_asked(f);
    EXPECT_EQ(f.dice_pending(), 0);
    const int full = unit_info(c.defender).blocks;
    EXPECT_EQ(f.blocks("4,6"), full - c.lost) << unit_info(c.defender).code;
  }
}

// §11: elephants ignore one red square from cavalry or chariots (not from foot, nor from camels).
TEST(CloseCombat_S11, ElephantIgnoresOneRedSquareFromHorses) {
  struct Case {
    U attacker;
    int lost;
  };
  for (Case c : {Case{U::HeavyCavalry, 1}, Case{U::HeavyChariot, 1}, Case{U::LightChariot, 1}, Case{U::HeavyInfantry, 2},
                 Case{U::Camel, 2}}) {
    Field f;
    f.unit(B, c.attacker, "5,6").unit(T, U::Elephant, "4,6").start().order({"5,6"}).to_battle();
    const int dice = c.attacker == U::HeavyChariot ? 4 : close_dice_table().at(c.attacker);
    f.force({Hv, Hv});
    force_n(f, dice - 2, L);
    f.battle("5,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(2 - f.blocks("4,6"), c.lost) << unit_info(c.attacker).code;
  }
}

// §11: against cavalry or chariots the elephant may ignore one flag, and a cavalry or chariot unit
// retreats one extra hex per flag rolled by an elephant.
TEST(CloseCombat_S11, ElephantIgnoresOneFlagFromHorsesAndHorsesRetreatFurther) {
  {
    Field f;
    f.unit(B, U::HeavyCavalry, "5,6").unit(T, U::Elephant, "4,6").start().order({"5,6"}).to_battle();
    f.force({F, L, L, L}).battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
    EXPECT_EQ(f.s.decider, T);
    EXPECT_TRUE(f.legal_has(Action::make(ActionType::IgnoreFlags, 1)));
    EXPECT_FALSE(f.legal_has(Action::make(ActionType::IgnoreFlags, 2)));
    f.ignore(1);
    EXPECT_EQ(f.at("4,6").type, U::Elephant);
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
  }
  {  // Against foot the elephant may not ignore the flag: it rampages and retreats.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::Elephant, "4,6").start().order({"5,6"}).to_battle();
    f.force({F, L, L, L, /*rampage vs the medium infantry*/ F, F}).battle("5,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::IgnoreFlags);
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 3);
  }
  struct Case {
    U victim;
    int dice;
    int expected_row;  // from row 4, (retreat + 1) hexes toward row 0
  };
  for (Case c : {Case{U::HeavyCavalry, 4, 1}, Case{U::HeavyChariot, 3, 1}, Case{U::MediumCavalry, 3, 0}}) {
    Field f;
    f.unit(B, U::Elephant, "5,6").unit(T, c.victim, "4,6").start().order({"5,6"}).to_battle();
    f.force({F});
    force_n(f, c.dice - 1, L);
    f.battle("5,6", "4,6");
    stand_if_asked(f);
    retreat_first(f);
    EXPECT_EQ(f.dice_pending(), 0) << unit_info(c.victim).code;
    EXPECT_EQ(row_of(f, 1), c.expected_row) << unit_info(c.victim).code;
    EXPECT_EQ(f.s.units[1].blocks, unit_info(c.victim).blocks) << unit_info(c.victim).code;
  }
  {  // Foot units retreat their normal distance from an elephant.
    Field f;
    f.unit(B, U::Elephant, "5,6").unit(T, U::MediumInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.force({F, L, L, L}).battle("5,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 3);
  }
}

// §11 Camels vs. Cavalry and Chariots: the camel ignores one blue triangle from cavalry or
// chariots; cavalry or chariots retreat one extra hex per flag rolled by a camel.
TEST(CloseCombat_S11, CamelIgnoresOneBlueTriangleFromHorsesAndHorsesRetreatFurther) {
  struct Hit {
    U attacker;
    int dice;
    int lost;
  };
  for (Hit c : {Hit{U::MediumCavalry, 3, 1}, Hit{U::HeavyCavalry, 4, 1}, Hit{U::LightChariot, 2, 1},
                Hit{U::MediumInfantry, 4, 2}}) {
    Field f;
    f.unit(B, c.attacker, "5,6").unit(T, U::Camel, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, M});
    force_n(f, c.dice - 2, L);
    f.battle("5,6", "4,6");
    stand_if_asked(f);
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(3 - f.blocks("4,6"), c.lost) << unit_info(c.attacker).code;
  }
  {  // No flag is ignored by an unsupported camel.
    Field f;
    f.unit(B, U::HeavyCavalry, "5,6").unit(T, U::Camel, "4,6").start().order({"5,6"}).to_battle();
    f.force({F, L, L, L}).battle("5,6", "4,6");
    stand_if_asked(f);
    EXPECT_NE(f.s.decision, Decision::IgnoreFlags);
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 1);
  }
  struct Flee {
    U victim;
    int expected_row;
  };
  for (Flee c : {Flee{U::HeavyCavalry, 1}, Flee{U::MediumCavalry, 0}, Flee{U::HeavyInfantry, 3}}) {
    Field f;
    f.unit(B, U::Camel, "5,6").unit(T, c.victim, "4,6").start().order({"5,6"}).to_battle();
    f.force({F, L, L}).battle("5,6", "4,6");
    stand_if_asked(f);
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), c.expected_row) << unit_info(c.victim).code;
  }
}

// §11 Effect of hits: more hits than blocks have no further effect.
TEST(CloseCombat_S11, ExtraHitsHaveNoEffect) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6")
      .unit(T, U::MediumInfantry, "4,6", 2)
      .unit(T, U::MediumInfantry, "4,7")
      .start()
      .order({"5,6"})
      .to_battle();
  f.force({S, S, S, S, S}).battle("5,6", "4,6");
  EXPECT_TRUE(f.empty("4,6"));
  EXPECT_EQ(f.banners(B), 1);
  EXPECT_EQ(f.blocks("4,7"), 4);
  EXPECT_EQ(f.blocks("5,6"), 4);
}

// §11 step 8: the defender battles back only if it survived and did not retreat out of its hex.
TEST(CloseCombat_S11, BattleBackOnlyIfSurvivedAndStayed) {
  {  // Survived in place.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
    EXPECT_EQ(f.s.decider, T);
    EXPECT_TRUE(f.legal_has(Action::make(ActionType::NoBattleBack)));
  }
  {  // Eliminated.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L}).battle("5,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::BattleBack);
    EXPECT_EQ(count_events(f, Ev::BattleBackDeclared), 0);
  }
  {  // Retreated into a hex still adjacent to the attacker: no battle back.
    Field f;
    f.unit(B, U::HeavyInfantry, "4,7").unit(T, U::MediumInfantry, "4,6").start().order({"4,7"}).to_battle();
    f.force({F, L, L, L, L}).battle("4,7", "4,6");
    ASSERT_EQ(f.s.decision, Decision::Retreat);
    f.retreat_to("3,6");
    ASSERT_TRUE(Board::get().adjacent(H("3,6"), H("4,7")));
    EXPECT_NE(f.s.decision, Decision::BattleBack);
    EXPECT_EQ(f.s.decision, Decision::MomentumAdvance);
  }
  {  // Its retreat was blocked (baseline): it lost a block, stayed, and battles back.
    Field f;
    f.unit(B, U::HeavyInfantry, "1,6").unit(T, U::MediumInfantry, "0,6").start().order({"1,6"}).to_battle();
    f.force({F, L, L, L, L}).battle("1,6", "0,6");
    EXPECT_EQ(f.blocks("0,6"), 3);
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
  }
  {  // It ignored the flag (two supporting units) and battles back.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6")
        .unit(T, U::MediumInfantry, "4,6")
        .unit(T, U::MediumInfantry, "3,5")
        .unit(T, U::MediumInfantry, "3,6")
        .start()
        .order({"5,6"})
        .to_battle();
    f.force({F, L, L, L, L}).battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
    f.ignore(1);
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
  }
}

// §11 Warrior: the full-strength bonus (+1 die, ignore a flag) is lost after the first block, but
// only from the next combat: a warrior attacking at full strength keeps it through the battle back.
TEST(CloseCombat_S11, WarriorBonusLostOnlyFromNextCombat) {
  auto first_combat = [](Field& f) {
    f.unit(B, U::Warrior, "5,6").unit(T, U::HeavyInfantry, "4,6").start(B).order({"5,6"}).to_battle();
    f.force({L, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(declared_dice(f), 4);
    ASSERT_EQ(f.s.decision, Decision::BattleBack);
    // The heavy infantry battles back: a triangle and a flag. The warrior loses a block, but
    // this combat was declared at full strength: it may still ignore the flag.
    f.force({M, F, L, L, L}).battle_back();
    EXPECT_EQ(f.blocks("5,6"), 3);
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
    EXPECT_EQ(f.s.decider, B);
    f.ignore(1);
    EXPECT_EQ(f.at("5,6").type, U::Warrior);
    // The turn ends; the top player attacks the warrior with the heavy infantry.
    ASSERT_EQ(f.s.active, T);
    f.order({"4,6"}).to_battle();
  };
  {  // Next combat: the warrior (3 blocks) battles back with 3 dice.
    Field f;
    first_combat(f);
    f.force({L, L, L, L, L}).battle("4,6", "5,6");
    ASSERT_EQ(f.s.decision, Decision::BattleBack);
    f.force({L, L, L}).battle_back();
    EXPECT_EQ(last_roll_n(f), 3);
    EXPECT_EQ(f.dice_pending(), 0);
  }
  {  // Next combat: the warrior can no longer ignore a flag.
    Field f;
    first_combat(f);
    f.force({F, L, L, L, L}).battle("4,6", "5,6");
    EXPECT_NE(f.s.decision, Decision::IgnoreFlags);
    retreat_first(f);
    EXPECT_TRUE(f.empty("5,6"));
    EXPECT_EQ(row_of(f, 0), 7);
  }
}

}  // namespace close_s11
}  // namespace bgb::cca::test
