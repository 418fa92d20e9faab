// Rule book §13, the examples of page 13 (evade, momentum advance, bonus close combat), with
// forced dice. Exact hexes are not in the text; every layout is ours (Romans Bottom,
// Carthaginians Top).
#include "rulebook_example_helpers.h"

namespace bgb::cca::test {
namespace {

using namespace rbx;

}  // namespace

// A: "The medium infantry unit attempts to battle the light bow infantry unit (both units are
// reduced), but the defending unit Evades instead. The Roman player rolls 4 dice but only green
// circle symbols will hit. If the evading unit survives, it must be moved 2 hexes towards its
// battlefield edge. In this case it can only Evade one hex (which is allowed if there is no
// alternative)."
// Ours: light bow (2 blocks) at 1,5, one row from its edge; of the two hexes behind it 0,6 holds
// a Carthaginian heavy infantry, so 0,5 is the only evade hex. Medium infantry (2 blocks) at 2,5.
TEST(RuleBookExample, EvadeA_LightBowEvadesOneHex_S13) {
  Field f;
  f.unit(T, U::LightBow, "1,5", 2)
      .unit(T, U::HeavyInfantry, "0,6")
      .unit(B, U::MediumInfantry, "2,5", 2)
      .start(B)
      .order({"2,5"})
      .to_battle();
  f.act(battle_act("2,5", "1,5"));
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << f.story();
  EXPECT_EQ(f.s.decider, T);
  size_t mark = f.log.size();
  // A green circle hits; the blue triangle (the medium symbol), sword and flag do not.
  f.force({L, M, S, F}).evade();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{4}));
  EXPECT_EQ(f.dice_pending(), 0);
  // The only evade hex is taken by itself.
  EXPECT_TRUE(f.empty("1,5"));
  EXPECT_EQ(f.at("0,5").type, U::LightBow);
  EXPECT_EQ(f.blocks("0,5"), 1);
  // No momentum advance after an evade, no battle back by an evading unit.
  EXPECT_EQ(count_events(f, Ev::MomentumAdvance, mark), 0);
  EXPECT_EQ(count_events(f, Ev::BattleBackDeclared, mark), 0);
  EXPECT_EQ(f.at("2,5").type, U::MediumInfantry);
  EXPECT_EQ(f.blocks("2,5"), 2);
  EXPECT_EQ(f.s.decision, Decision::PlayCard) << "nothing else to do: the turn is over";
  EXPECT_EQ(f.s.active, T);
}

// D&E: "The heavy infantry unit with an attached leader conducts Close Combat against hex D.
// Even though the heavy infantry unit has only one block left it still battles with 5 dice. The
// result is 1 hit and 1 helmet - enough to eliminate the unit. The heavy infantry unit and
// leader advance, and then make a bonus Close Combat against hex E. The cavalry unit evades.
// Before the Evade movement is carried out, the Roman player gets to roll 5 dice, but will only
// hit on blue triangle symbols."
// Ours: heavy infantry (1 block) with leader at 5,5; D = a 2-block Carthaginian medium infantry
// at 4,5; E = a Carthaginian medium cavalry at 3,5.
TEST(RuleBookExample, EvadeDE_HeavyInfantryWithLeaderBonusVsEvadingCavalry_S13) {
  Field f;
  f.unit(T, U::MediumInfantry, "4,5", 2)
      .unit(T, U::MediumCavalry, "3,5")
      .unit(B, U::HeavyInfantry, "5,5", 1)
      .leader(B, "5,5", "Scipio")
      .start(B)
      .order({"5,5"})
      .to_battle();
  size_t mark = f.log.size();
  // A blue triangle and a helmet: two hits with the leader attached.
  f.force({M, Hm, L, L, Hv}).act(battle_act("5,5", "4,5"));
  EXPECT_EQ(declared_dice(f), 5);
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(unit_of(f, U::MediumInfantry, T).status, Status::Eliminated);
  EXPECT_EQ(f.banners(B), 1);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  f.advance();
  EXPECT_EQ(f.at("4,5").type, U::HeavyInfantry);
  EXPECT_TRUE(f.has_leader("4,5")) << "the leader advances with his unit";
  EXPECT_FALSE(f.has_leader("5,5"));
  // Foot with an attached leader: bonus close combat.
  ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::BonusCombat, H("3,5"))));
  f.act(A(ActionType::BonusCombat, H("3,5")));
  EXPECT_EQ(declared_dice(f), 5);
  // Medium cavalry may evade foot units.
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << f.story();
  mark = f.log.size();
  // Only the blue triangle hits an evading medium cavalry; sword, helmet, red square, flag don't.
  f.force({M, S, Hm, Hv, F}).evade();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(unit_of(f, U::MediumCavalry, T).blocks, 2);
  // Two hexes back, by the owner's choice.
  ASSERT_EQ(f.s.decision, Decision::EvadePath) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::EvadeTo, H("1,5"))));
  EXPECT_FALSE(f.legal_has(A(ActionType::EvadeTo, H("2,5")))) << "one hex only when no two-hex move exists";
  f.act(A(ActionType::EvadeTo, H("1,5")));
  EXPECT_EQ(f.at("1,5").type, U::MediumCavalry);
  EXPECT_EQ(f.blocks("1,5"), 2);
  // No momentum advance after an evade.
  EXPECT_TRUE(f.empty("3,5"));
  EXPECT_EQ(f.at("4,5").type, U::HeavyInfantry);
  EXPECT_EQ(f.s.decision, Decision::PlayCard);
  EXPECT_EQ(f.s.active, T);
}

// B&C: "The heavy cavalry unit (4 battle dice) Close Combats the chariot unit and forces it to
// retreat (chariots may not Evade against cavalry). The heavy cavalry unit can now make a
// Momentum Advance through the vacated hex and onto hex X. From there it conducts a bonus Close
// Combat against the slingers in hex C who have no chance to Evade. The result of 4 dice is 1
// hit and 1 flag, and since the slingers' retreat path is blocked, this is enough to eliminate
// the unit. The heavy cavalry unit could make another Momentum Advance onto the hex, but would
// not get the one additional hex or another bonus Close Combat this turn."
// Ours: heavy cavalry 5,5; B = heavy chariot 4,5; X = 4,6; C = slingers at 3,6 with 3 blocks
// (1 hit + 2 hexes of blocked retreat = 3 blocks: "enough"); behind C, 2,6 holds a Carthaginian
// medium infantry and 2,7 a Roman medium infantry, so C is not supported by two units (it could
// otherwise ignore the flag) and both its evade/retreat hexes are blocked.
TEST(RuleBookExample, EvadeBC_HeavyCavalryExtraHexBonusVsSlingers_S13) {
  Field f;
  f.unit(T, U::HeavyChariot, "4,5")
      .unit(T, U::LightSling, "3,6", 3)
      .unit(T, U::MediumInfantry, "2,6")
      .unit(B, U::HeavyCavalry, "5,5")
      .unit(B, U::MediumInfantry, "2,7")
      .start(B)
      .order({"5,5"})
      .to_battle();
  size_t mark = f.log.size();
  // One flag, no red square.
  f.force({F, L, M, L}).act(battle_act("5,5", "4,5"));
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_EQ(count_events(f, Ev::EvadeDeclared, mark), 0);
  EXPECT_EQ(f.dice_pending(), 0);
  // The chariot could not evade cavalry: it is retreating 2 hexes.
  ASSERT_EQ(f.s.decision, Decision::Retreat) << f.story();
  f.retreat_to("3,4");
  ASSERT_EQ(f.s.decision, Decision::Retreat) << f.story();
  f.retreat_to("2,4");
  EXPECT_EQ(f.at("2,4").type, U::HeavyChariot);
  EXPECT_EQ(f.blocks("2,4"), 2);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  f.advance();
  // Cavalry special momentum advance: one more hex, onto X.
  ASSERT_EQ(f.s.decision, Decision::CavalryExtraHex) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::ExtraHex, H("4,6"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::StayPut)));
  f.act(A(ActionType::ExtraHex, H("4,6")));
  EXPECT_EQ(f.at("4,6").type, U::HeavyCavalry);
  ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::BonusCombat, H("3,6"))));
  mark = f.log.size();
  // One green circle hit and one flag: 3 blocks -> 2, then 2 hexes of retreat not fulfilled.
  f.force({L, F, M, Hv}).act(A(ActionType::BonusCombat, H("3,6")));
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_EQ(count_events(f, Ev::EvadeDeclared, mark), 0) << "the slingers cannot evade";
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{4}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(unit_of(f, U::LightSling, T).status, Status::Eliminated) << f.story();
  EXPECT_EQ(f.banners(B), 1);
  // Another momentum advance onto the hex, but no extra hex and no second bonus combat, though
  // the Carthaginian medium infantry at 2,6 is adjacent to it.
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  mark = f.log.size();
  f.advance();
  EXPECT_EQ(f.at("3,6").type, U::HeavyCavalry);
  EXPECT_EQ(count_events(f, Ev::CavalryExtraHex, mark), 0);
  EXPECT_EQ(count_events(f, Ev::BonusCombat, mark), 0);
  EXPECT_EQ(f.s.decision, Decision::PlayCard) << "the heavy cavalry may not battle again this turn";
  EXPECT_EQ(f.s.active, T);
}

}  // namespace bgb::cca::test
