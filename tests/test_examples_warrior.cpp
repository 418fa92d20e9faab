// Rule book §11, the warrior example (page 9), with forced dice.
#include "test_support.h"

namespace bgb::cca::test {

// Takes whatever retreat path comes first while the decision is a retreat.
static void retreat_any(Field& f) {
  while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
}

TEST(RuleBookExample, Warrior_S11) {
  Field f;
  f.unit(Side::Top, UnitType::Warrior, "3,5")
      .unit(Side::Bottom, UnitType::MediumCavalry, "4,5")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "4,6")
      .start(Side::Bottom)
      .order({"4,5", "4,6"})
      .to_battle();
  // The medium cavalry attacks: one blue triangle hit and one flag.
  f.force({M, F, L}).battle("4,5", "3,5");
  EXPECT_EQ(f.blocks("3,5"), 3);
  // The full-strength warrior may ignore the flag, and does, to battle back.
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  f.ignore(1);
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  // Still four dice although a block was lost: sword and flag.
  f.force({S, F, L, L}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0) << "the warrior must roll exactly 4 dice";
  retreat_any(f);
  // The cavalry lost a block and retreated 3 hexes toward the bottom.
  EXPECT_TRUE(f.empty("4,5"));
  int mc = -1;
  for (int i = 0; i < f.s.n_units; ++i)
    if (f.s.units[i].type == UnitType::MediumCavalry) mc = i;
  ASSERT_GE(mc, 0);
  EXPECT_EQ(f.s.units[mc].blocks, 2);
  EXPECT_EQ(Board::get().row[f.s.units[mc].hex], 7);
  // The heavy infantry attacks: sword, blue triangle and a flag. The warrior is no longer at
  // full strength, so it cannot ignore the flag.
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({S, M, F, L, L}).battle("4,6", "3,5");
  EXPECT_EQ(f.dice_pending(), 0);
  retreat_any(f);
  EXPECT_TRUE(f.empty("3,5"));
  // The surviving warrior block retreated two hexes toward the top.
  int wa = -1;
  for (int i = 0; i < f.s.n_units; ++i)
    if (f.s.units[i].type == UnitType::Warrior) wa = i;
  EXPECT_EQ(f.s.units[wa].blocks, 1);
  EXPECT_EQ(Board::get().row[f.s.units[wa].hex], 1);
  // The heavy infantry may momentum advance onto the vacated hex.
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  EXPECT_EQ(f.at("3,5").type, UnitType::HeavyInfantry);
  // No unit can battle any more: the turn ends by itself and the top player is to play a card.
  EXPECT_EQ(f.s.decision, Decision::PlayCard);
  EXPECT_EQ(f.s.active, Side::Top);
}

}  // namespace bgb::cca::test
