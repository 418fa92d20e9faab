// Rule book §12, EXAMPLE OF RETREATS (page 12) and the light infantry on its baseline, with
// forced dice. Exact hexes are not in the text; the layouts are ours: the retreating units are
// Top (they retreat toward row 0), the attackers Bottom.
#include "rulebook_example_helpers.h"

namespace bgb::cca::test {
namespace {

using namespace rbx;

}  // namespace

// "The medium cavalry unit in hex A has been attacked and has two flags rolled against it. The
// medium cavalry unit may ignore one flag because it is supported, but must still retreat 3
// hexes. Fortunately, the first hex (X) contains a leader by himself, which attaches to the
// retreating unit and stops its retreat."
// Ours: A = 3,5, supported by Carthaginian units at 3,4 and 3,6; X = 2,5 with a lone
// Carthaginian leader; 2,6 free. A Roman medium cavalry attacks from 4,5 (so no evade).
TEST(RuleBookExample, RetreatA_MediumCavalryStopsAtLoneLeader_S12) {
  Field f;
  f.unit(T, U::MediumCavalry, "3,5")
      .unit(T, U::HeavyInfantry, "3,4")
      .unit(T, U::HeavyInfantry, "3,6")
      .leader(T, "2,5", "Hannibal")
      .unit(B, U::MediumCavalry, "4,5")
      .start(B)
      .order({"4,5"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({F, F, L}).act(battle_act("4,5", "3,5"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{3}));
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  EXPECT_EQ(f.s.decider, T);
  EXPECT_TRUE(f.legal_has(A(ActionType::IgnoreFlags, 1)));
  EXPECT_FALSE(f.legal_has(A(ActionType::IgnoreFlags, 2))) << "support lets it ignore one flag only";
  f.ignore(1);
  // 3 hexes to go: it may step onto the lone leader's hex or the free one.
  ASSERT_EQ(f.s.decision, Decision::Retreat) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::RetreatTo, H("2,5"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::RetreatTo, H("2,6"))));
  f.retreat_to("2,5");
  // The leader attaches and the retreat stops there.
  EXPECT_EQ(f.at("2,5").type, U::MediumCavalry);
  EXPECT_EQ(f.blocks("2,5"), 3);
  EXPECT_TRUE(f.has_leader("2,5"));
  EXPECT_TRUE(f.empty("3,5"));
  EXPECT_EQ(f.s.decision, Decision::MomentumAdvance) << "the retreat is over; the attacker may advance";
  EXPECT_EQ(f.s.decider, B);
}

// "The light cavalry in hex B is attacked and has two flags rolled against it. The light
// cavalry unit may ignore one flag because it is supported, but must still retreat 4 hexes.
// Because its retreat path is occupied by friendly units, it must lose all three blocks - one for
// each hex it could not retreat, since hexes X and Z are occupied by friendly units. The
// three-block loss eliminates the unit. Note that it could not retreat to hex Y because a
// retreat must always proceed in the direction of the unit's battlefield edge."
// Ours: B = 3,8; X = 2,8 and Z = 2,9 hold Carthaginian light infantry; Y = 3,7 is free; a
// Roman heavy infantry attacks from 4,8.
TEST(RuleBookExample, RetreatB_LightCavalryBlockedLosesAllBlocks_S12) {
  Field f;
  f.unit(T, U::LightCavalry, "3,8")
      .unit(T, U::LightInfantry, "2,8")
      .unit(T, U::LightInfantry, "2,9")
      .unit(B, U::HeavyInfantry, "4,8")
      .start(B)
      .order({"4,8"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({F, F, M, Hv, M}).act(battle_act("4,8", "3,8"));
  // Both hexes toward its edge are blocked: it cannot evade, so no evade choice is offered.
  EXPECT_EQ(count_events(f, Ev::EvadeDeclared, mark), 0);
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5}));
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  EXPECT_FALSE(f.legal_has(A(ActionType::IgnoreFlags, 2)));
  f.ignore(1);
  const UnitState& lc = unit_of(f, U::LightCavalry, T);
  EXPECT_EQ(lc.status, Status::Eliminated) << f.story();
  EXPECT_TRUE(f.empty("3,7")) << "no retreat sideways into Y";
  EXPECT_TRUE(f.empty("3,8"));
  EXPECT_EQ(f.banners(B), 1);
  EXPECT_EQ(f.blocks("2,8"), 4);
  EXPECT_EQ(f.blocks("2,9"), 4);
  EXPECT_EQ(f.s.decision, Decision::MomentumAdvance);
}

// "if a light infantry unit must retreat when it is on its own baseline, its retreat should be
// 2 hexes. However, because it is at the edge of the battlefield it cannot make any retreat
// movement and therefore must lose 2 blocks - one block for each retreat hex it cannot fulfill."
// Ours: light infantry 0,5 on the Carthaginian baseline, unsupported; heavy infantry at 1,5.
TEST(RuleBookExample, Retreat_LightInfantryOnBaselineLosesTwo_S12) {
  Field f;
  f.unit(T, U::LightInfantry, "0,5").unit(B, U::HeavyInfantry, "1,5").start(B).order({"1,5"}).to_battle();
  size_t mark = f.log.size();
  f.force({F, M, Hv, M, Hv}).act(battle_act("1,5", "0,5"));
  EXPECT_EQ(count_events(f, Ev::EvadeDeclared, mark), 0);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.at("0,5").type, U::LightInfantry);
  EXPECT_EQ(f.blocks("0,5"), 2);
  EXPECT_EQ(f.banners(B), 0);
  // It did not leave its hex: it may battle back (§11 step 8).
  EXPECT_EQ(f.s.decision, Decision::BattleBack) << f.story();
}

}  // namespace bgb::cca::test
