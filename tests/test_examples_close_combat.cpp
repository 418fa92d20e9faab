// Rule book §11, EXAMPLE OF CLOSE COMBAT A-E (page 10), with forced dice.
//
// Book: "The Roman player has used an 'Inspired Leadership' command card to order the five
// Roman units shown above. All moves are completed before any Close Combat is conducted. Note
// that the movement routes shown above require moving the light cavalry first (otherwise it
// could not have moved through hexes B and C). For purposes of this example, the defending
// units eligible to Evade will not do so."
//
// The picture's hexes are not in the text; the layout is ours. Romans are Bottom, Carthaginians
// Top. After the moves:
//   A  auxilia 6,1 -> 4,1 (two hexes), adjacent to a Carthaginian light infantry at 3,0
//   B  warrior with attached leader 6,3 -> 4,3 (two-hex charge), adjacent to heavy cavalry 3,2
//      and heavy infantry 3,3
//   C  elephant 5,4 -> 4,4, adjacent to heavy infantry 3,3 and light bow 3,4
//   D  light cavalry 5,2 -> 4,5 (moved first, while 4,3 and 4,4 are still free; the engine
//      picks no route, only the distance counts), adjacent to light bow 3,4
//   E  heavy chariot 5,8 -> 4,8, adjacent to the Carthaginian heavy chariot 3,8 (alone)
// The heavy infantry 3,3 is supported by 3,2, 3,4 and 2,4; the light bow 3,4 by 3,3 and the
// light infantry 2,4 (ours, to give it the two supporting units the book says it has).
#include "rulebook_example_helpers.h"

namespace bgb::cca::test {
namespace {

using namespace rbx;

void place_close_combat_example(Field& f) {
  f.unit(T, U::LightInfantry, "3,0")
      .unit(T, U::HeavyCavalry, "3,2")
      .unit(T, U::HeavyInfantry, "3,3")
      .unit(T, U::LightBow, "3,4")
      .unit(T, U::LightInfantry, "2,4")
      .unit(T, U::HeavyChariot, "3,8")
      .unit(B, U::Auxilia, "6,1")
      .unit(B, U::LightCavalry, "5,2")
      .unit(B, U::Warrior, "6,3")
      .leader(B, "6,3", "Roman general")
      .unit(B, U::Elephant, "5,4")
      .unit(B, U::HeavyChariot, "5,8")
      .start(B)
      .order({"6,1", "5,2", "6,3", "5,4", "5,8"});
}

// All five moves of the example, light cavalry first; then the battle phase.
void move_all(Field& f) {
  f.move("5,2", "4,5").move("6,1", "4,1").move("6,3", "4,3").move("5,4", "4,4").move("5,8", "4,8").to_battle();
  ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
}

}  // namespace

// The battles on offer after the moves: A none, B must battle, C two targets, D, E.
TEST(RuleBookExample, CloseCombat_BattlesOffered_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  EXPECT_TRUE(f.has_leader("4,3")) << "the attached leader moves with the warrior";
  // A: the auxilia moved two hexes: it may not close combat (nor fire).
  for (Action a : f.legal())
    if (a.type() == ActionType::Battle) {
      EXPECT_NE(a.a(), H("4,1")) << action_text(f.scn, f.s, a);
    }
  // B: the warrior charged two hexes: it must battle the heavy cavalry or the heavy infantry.
  EXPECT_TRUE(f.legal_has(battle_act("4,3", "3,2"))) << legal_text(f);
  EXPECT_TRUE(f.legal_has(battle_act("4,3", "3,3")));
  EXPECT_FALSE(f.legal_has(A(ActionType::EndBattles))) << "the warrior's close combat is compulsory";
  // C: the elephant may battle the heavy infantry or the light bow.
  EXPECT_TRUE(f.legal_has(battle_act("4,4", "3,3")));
  EXPECT_TRUE(f.legal_has(battle_act("4,4", "3,4")));
  // D, E.
  EXPECT_TRUE(f.legal_has(battle_act("4,5", "3,4")));
  EXPECT_TRUE(f.legal_has(battle_act("4,8", "3,8")));
}

// A, alternative: "An alternate would have been to move the auxilia only one hex and conduct
// Ranged Combat with one die." (Ours: it moves 6,1 -> 5,1 and fires at 3,0, two hexes away.)
TEST(RuleBookExample, CloseCombatA_AuxiliaMovedOneFiresOneDie_S11) {
  Field f;
  place_close_combat_example(f);
  f.move("6,1", "5,1").to_battle();
  ASSERT_TRUE(f.legal_has(battle_act("5,1", "3,0"))) << legal_text(f);
  size_t mark = f.log.size();
  f.force({L}).act(battle_act("5,1", "3,0"));
  EXPECT_EQ(declared_dice(f), 1);
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{1}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,0"), 3);
}

// B: full-strength warrior with attached leader, 4 dice, hits on red squares, swords and
// helmets; 2 hits, no flags; the heavy cavalry battles back with 4 dice.
TEST(RuleBookExample, CloseCombatB_WarriorVsHeavyCavalry_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  size_t mark = f.log.size();
  f.act(battle_act("4,3", "3,2"));
  EXPECT_EQ(declared_dice(f), 4) << "a full-strength warrior rolls 3+1 dice";
  // The heavy cavalry may evade a foot unit; in the example it stands.
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << f.story();
  // Our dice: a red square and a helmet (hits: the leader is attached), a blue triangle and a
  // green circle (misses). "He rolls 2 hits and no flags!"
  f.force({Hv, Hm, M, L}).stand();
  EXPECT_EQ(f.blocks("3,2"), 1);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  EXPECT_EQ(f.s.decider, T);
  // Battle back with 4 dice, hitting on blue triangles and swords. Ours: a blue triangle and a
  // sword hit, a green circle and a red square miss. The warrior loses two blocks, so its
  // leader is checked: two dice, one helmet is not enough.
  f.force({M, S, L, Hv, Hm, L}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0) << f.story();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{4, 4, 2}));
  EXPECT_EQ(f.blocks("4,3"), 2);
  EXPECT_TRUE(f.has_leader("4,3"));
  EXPECT_EQ(f.blocks("3,2"), 1);
  EXPECT_EQ(f.s.decision, Decision::Battle);
  EXPECT_EQ(f.s.decider, B);
}

// C: elephant vs heavy infantry: 5 dice; 1 red square, 2 swords, 1 flag (and a helmet, which
// does not count: leaders give elephants nothing, though the Roman leader is adjacent); the two
// sword dice are re-rolled without effect. 3 blocks lost; the supported heavy infantry ignores
// the flag and battles back with 5 dice hitting only on red squares.
TEST(RuleBookExample, CloseCombatC_ElephantVsHeavyInfantry_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  size_t mark = f.log.size();
  f.force({Hv, S, S, F, Hm, L, M}).act(battle_act("4,4", "3,3"));
  EXPECT_EQ(declared_dice(f), 5) << "an elephant rolls what heavy infantry rolls";
  EXPECT_EQ(f.dice_pending(), 0) << f.story();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5, 2})) << "two sword dice re-rolled";
  EXPECT_EQ(f.blocks("3,3"), 1) << f.story();
  // Supported by two (here three) friendly units: may ignore one flag.
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  EXPECT_EQ(f.s.decider, T);
  EXPECT_TRUE(f.legal_has(A(ActionType::IgnoreFlags, 1)));
  EXPECT_FALSE(f.legal_has(A(ActionType::IgnoreFlags, 2)));
  f.ignore(1);
  EXPECT_EQ(f.at("3,3").type, U::HeavyInfantry);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  // Battle back with 5 dice though one block is left: a red square hits, swords do not.
  mark = f.log.size();
  f.force({Hv, S, S, L, M}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5}));
  EXPECT_EQ(f.blocks("4,4"), 1);
  EXPECT_EQ(f.blocks("3,3"), 1);
  EXPECT_EQ(f.s.decision, Decision::Battle);
}

// C, the other choice: "or the light bow infantry with 2 dice".
TEST(RuleBookExample, CloseCombatC_ElephantVsLightBowTwoDice_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  f.act(battle_act("4,4", "3,4"));
  EXPECT_EQ(declared_dice(f), 2);
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  size_t mark = f.log.size();
  f.force({M, Hv}).stand();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{2}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,4"), 4);
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// D: light cavalry vs light bow: swords do not hit; the supported light bow ignores one flag
// and battles back with two dice, hitting on green circles only.
TEST(RuleBookExample, CloseCombatD_LightCavalryVsLightBow_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  size_t mark = f.log.size();
  f.act(battle_act("4,5", "3,4"));
  EXPECT_EQ(declared_dice(f), 2);
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << "a light bow may evade; in the example it stands";
  // Ours: a sword (no hit for light cavalry) and a flag.
  f.force({S, F}).stand();
  EXPECT_EQ(f.blocks("3,4"), 4);
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::IgnoreFlags, 1)));
  EXPECT_FALSE(f.legal_has(A(ActionType::IgnoreFlags, 2)));
  f.ignore(1);
  EXPECT_EQ(f.at("3,4").type, U::LightBow);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  // Ours: a green circle hits the light cavalry, a sword does not.
  f.force({L, S}).battle_back();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{2, 2}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("4,5"), 2);
  EXPECT_EQ(f.s.decision, Decision::Battle);
}

// E: heavy chariot vs heavy chariot, 4 dice hitting on red squares and swords; the defender
// ignores one sword hit and battles back with 3 dice.
TEST(RuleBookExample, CloseCombatE_HeavyChariotVsHeavyChariot_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  size_t mark = f.log.size();
  // Ours: one sword (ignored by the chariot), a green circle, a blue triangle, a helmet (no
  // leader near the Roman chariot).
  f.force({S, L, M, Hm}).act(battle_act("4,8", "3,8"));
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_NE(f.s.decision, Decision::EvadeOrStand);
  EXPECT_EQ(f.blocks("3,8"), 2) << "the chariot ignores one sword hit";
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  // Battle back with 3 dice; the Roman chariot too ignores one sword hit. A red square hits.
  f.force({S, Hv, L}).battle_back();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{4, 3}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("4,8"), 1);
  EXPECT_EQ(f.s.decision, Decision::Battle);
}

// E, flags: "will cause a retreat with any flags (the chariots are not supported and have no
// leader to bolster morale)". A heavy chariot retreats 2 hexes; there is no battle back.
TEST(RuleBookExample, CloseCombatE_FlagRetreatsUnsupportedChariot_S11) {
  Field f;
  place_close_combat_example(f);
  move_all(f);
  f.force({F, L, M, L}).act(battle_act("4,8", "3,8"));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_NE(f.s.decision, Decision::IgnoreFlags);
  retreat_first(f);
  const UnitState& hch = unit_of(f, U::HeavyChariot, T);
  EXPECT_EQ(hch.blocks, 2);
  EXPECT_EQ(row_of(hch.hex), 1) << "two hexes back toward the top";
  EXPECT_TRUE(f.empty("3,8"));
  EXPECT_EQ(f.s.decision, Decision::MomentumAdvance) << "no battle back after a retreat";
}

}  // namespace bgb::cca::test
