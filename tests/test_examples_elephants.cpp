// Rule book elephant examples with forced dice: §11 (page 11) the elephant against light
// infantry, page 11 battles A and B, and §12 the elephant retreat example.
// Exact hexes are not in the text; every layout below is ours (Romans Bottom, Carthaginians Top
// unless said otherwise).
#include "rulebook_example_helpers.h"

namespace bgb::cca::test {
namespace {

using namespace rbx;

}  // namespace

// §11: "An elephant unit attacks an unsupported full-strength light infantry unit that chooses
// not to Evade. The elephants roll two dice ... one green circle hit and one sword hit. The die
// producing the sword hit is re-rolled and produces another sword hit. This die is rolled for a
// third time, producing a flag result. ... one green circle hit, two sword hits, and one
// retreat flag. The thoroughly beaten light infantry unit loses three of its four blocks and
// must retreat its maximum movement allowance of two hexes. The elephant unit may now Momentum
// Advance onto the vacated hex."
// Ours: elephant 4,5, light infantry 3,5, nothing else near.
TEST(RuleBookExample, ElephantVsLightInfantry_SwordRerolls_S11) {
  Field f;
  f.unit(T, U::LightInfantry, "3,5").unit(B, U::Elephant, "4,5").start(B).order({"4,5"}).to_battle();
  f.act(battle_act("4,5", "3,5"));
  EXPECT_EQ(declared_dice(f), 2);
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  size_t mark = f.log.size();
  f.force({L, S, S, F}).stand();
  EXPECT_EQ(f.dice_pending(), 0) << f.story();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{2, 1, 1})) << "the sword die is rolled until no sword";
  retreat_first(f);
  const UnitState& li = unit_of(f, U::LightInfantry, T);
  EXPECT_TRUE(li.alive());
  EXPECT_EQ(li.blocks, 1);
  EXPECT_EQ(row_of(li.hex), 1) << "two hexes back";
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  f.advance();
  EXPECT_EQ(f.at("3,5").type, U::Elephant);
}

// Page 11, A: "the elephants have attacked the heavy cavalry and inflicted one flag result.
// Heavy cavalry units normally retreat 2 hexes but if attacked by elephants they retreat 3
// hexes. The image above shows some of the retreat path options. Because it cannot retreat one
// of its hexes it will lose one block. The Roman elephant unit chooses to Momentum Advance onto
// the vacated hex, and chooses not to take a bonus Close Combat."
// Ours: heavy cavalry 2,5 (two rows from its baseline, so the third hex is off the board),
// elephant 3,5; a Carthaginian light infantry at 2,6 gives the elephant a bonus target.
TEST(RuleBookExample, ElephantA_HeavyCavalryRetreatsThree_S11) {
  Field f;
  f.unit(T, U::HeavyCavalry, "2,5")
      .unit(T, U::LightInfantry, "2,6")
      .unit(B, U::Elephant, "3,5")
      .start(B)
      .order({"3,5"})
      .to_battle();
  f.act(battle_act("3,5", "2,5"));
  EXPECT_EQ(declared_dice(f), 4) << "the elephant rolls what heavy cavalry rolls";
  // Heavy cavalry may evade elephants; here it stands.
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  f.force({F, L, M, L}).stand();
  EXPECT_EQ(f.dice_pending(), 0);
  // Retreat path options: two hexes to choose from at each step.
  ASSERT_EQ(f.s.decision, Decision::Retreat) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::RetreatTo, H("1,4"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::RetreatTo, H("1,5"))));
  f.retreat_to("1,4");
  ASSERT_EQ(f.s.decision, Decision::Retreat);
  f.retreat_to("0,4");
  // The third hex would be off the board: one block lost.
  const UnitState& hc = unit_of(f, U::HeavyCavalry, T);
  EXPECT_EQ(hc.hex, H("0,4"));
  EXPECT_EQ(hc.blocks, 2);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  f.advance();
  EXPECT_EQ(f.at("2,5").type, U::Elephant);
  // The elephant is not cavalry: no extra hex; it is offered a bonus close combat and declines.
  ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::BonusCombat, H("2,6"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::NoBonus)));
  f.act(A(ActionType::NoBonus));
  EXPECT_EQ(f.blocks("2,6"), 4);
  EXPECT_EQ(f.at("2,5").blocks, 2);
  EXPECT_EQ(f.s.decision, Decision::PlayCard) << "nothing else can battle: the turn is over";
  EXPECT_EQ(f.s.active, T);
}

// Page 11, B: "the Roman warrior unit inflicted two flag results on the Carthaginian elephant
// and so it must Rampage and then retreat two hexes. Note that the two friendly units behind
// the elephant do not provide support ... First it Rampages against all adjacent hexes - five
// units in this case. The Roman player rolls two dice each for the units in hexes X and Y,
// while his opponent rolls for his three unit hexes. If the Roman warrior unit is hit the
// leader attached must make a leader loss check. After rolling for all five hexes the elephant
// unit is retreated. Since its retreat path is blocked, it remains in place and the two
// friendly blocking units will suffer two hits each (one for each hex the elephant could not
// retreat). The Carthaginian elephant may now battle back against the warrior unit."
// Ours: Carthaginian elephant 4,5 with X = heavy infantry 3,5 and Y = medium infantry 3,4
// behind it; Roman warrior with leader at 5,4, Roman medium infantry 4,6 and heavy infantry 5,5;
// 4,4 empty. Rampage dice go hex by hex: 4,6, 3,5, 3,4, 5,4 (then its leader), 5,5.
TEST(RuleBookExample, ElephantB_RampageThenBlockedRetreat_S11) {
  Field f;
  f.unit(T, U::Elephant, "4,5")
      .unit(T, U::HeavyInfantry, "3,5")
      .unit(T, U::MediumInfantry, "3,4")
      .unit(B, U::Warrior, "5,4")
      .leader(B, "5,4", "Roman general")
      .unit(B, U::MediumInfantry, "4,6")
      .unit(B, U::HeavyInfantry, "5,5")
      .start(B)
      .order({"5,4"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({F, F, L, M,  // the warrior: 4 dice (full strength), two flags
           L, L,        // rampage on the Roman medium infantry 4,6: no blue triangle
           L, M,        // on X (heavy infantry 3,5): no red square
           L, Hv,       // on Y (medium infantry 3,4): no blue triangle
           M, L,        // on the Roman warrior: one blue triangle -> one block
           Hm, L,       // its leader's check: one helmet of the two needed
           L, M})       // on the Roman heavy infantry 5,5: no red square
      .act(battle_act("5,4", "4,5"));
  EXPECT_EQ(f.dice_pending(), 0) << f.story();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{4, 2, 2, 2, 2, 2, 2}));
  // "During a rampage, your opponent rolls for hits on your units": the Roman rolls for X and
  // Y, the Carthaginian for the three Roman hexes (and the Roman leader's check).
  EXPECT_EQ(roll_sides_since(f, mark), (std::vector<Side>{B, T, B, B, T, T, T}));
  EXPECT_EQ(count_events(f, Ev::FlagsIgnored, mark), 0) << "elephants receive no support";
  EXPECT_EQ(count_events(f, Ev::LeaderCheck, mark), 1);
  // The elephant stays; each blocking unit lost one block per unfulfilled hex.
  EXPECT_EQ(f.at("4,5").type, U::Elephant);
  EXPECT_EQ(f.blocks("4,5"), 2);
  EXPECT_EQ(f.blocks("3,5"), 2);
  EXPECT_EQ(f.blocks("3,4"), 2);
  EXPECT_EQ(f.blocks("5,4"), 3);
  EXPECT_TRUE(f.has_leader("5,4"));
  EXPECT_EQ(f.blocks("4,6"), 4);
  EXPECT_EQ(f.blocks("5,5"), 4);
  EXPECT_EQ(f.banners(B), 0);
  EXPECT_EQ(f.banners(T), 0);
  // The elephant may battle back against the warrior: 3 dice.
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  EXPECT_EQ(f.s.decider, T);
  mark = f.log.size();
  f.force({M, L, L}).battle_back();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{3})) << "only one leader check per combat";
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("5,4"), 2);
  EXPECT_TRUE(f.has_leader("5,4"));
}

// §12: "An elephant unit is attacked and two flags are rolled against it. After the rampage
// roll, the elephant unit must retreat 2 hexes. Two units occupy the elephant's retreat path, a
// unit with one block and a full-strength unit. The elephant unit does not retreat on the first
// flag: instead, each unit in its retreat path must lose one block. The unit with one block is
// eliminated and the hex it occupied is now vacant. The other unit loses one block. On the
// second flag, the elephant is moved into the open hex."
// Ours: Carthaginian elephant 4,5; behind it a 1-block light infantry 3,4 and a full heavy
// infantry 3,5 (both Carthaginian); the Roman medium infantry attacks from 5,4.
TEST(RuleBookExample, ElephantRetreat_OneBlockBlockerEliminated_S12) {
  Field f;
  f.unit(T, U::Elephant, "4,5")
      .unit(T, U::LightInfantry, "3,4", 1)
      .unit(T, U::HeavyInfantry, "3,5")
      .unit(B, U::MediumInfantry, "5,4")
      .start(B)
      .order({"5,4"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({F, F, L, M,  // medium infantry: 4 dice, two flags, no red square
           L, M,        // rampage on 3,5 (heavy infantry): miss
           M, Hv,       // on 3,4 (light infantry): miss
           L, Hv})      // on the attacker 5,4 (medium infantry): miss
      .act(battle_act("5,4", "4,5"));
  EXPECT_EQ(f.dice_pending(), 0) << f.story();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{4, 2, 2, 2}));
  EXPECT_EQ(unit_of(f, U::LightInfantry, T).status, Status::Eliminated);
  EXPECT_EQ(f.banners(B), 1);
  EXPECT_EQ(f.blocks("3,5"), 3);
  EXPECT_EQ(f.at("3,4").type, U::Elephant) << "second flag: into the vacated hex";
  EXPECT_EQ(f.blocks("3,4"), 2);
  EXPECT_TRUE(f.empty("4,5"));
  EXPECT_EQ(f.s.decision, Decision::MomentumAdvance);
}

}  // namespace bgb::cca::test
