// Rule book §10, EXAMPLE OF RANGED COMBAT (page 7), with forced dice.
//
// Book: "The auxilia unit may not fire because it is adjacent to an enemy unit. The light bow
// unit fires at a range of three hexes, while the light cavalry and light infantry unit have a
// range of two. The light slinger unit may not fire because its LOS is blocked by friendly
// units. Assuming none of the units have moved, they would each get two dice to use in Ranged
// Combat. Note that the light cavalry unit could have moved four hexes and still fire in its
// turn (although it would only fire with one die instead of two)."
//
// The picture's exact hexes are not in the text; the layout below is ours. The Roman (firing)
// army is Bottom, the targets are Top:
//   auxilia 4,1 adjacent to a heavy infantry at 3,1; a light infantry at 2,1 is in its range 2
//   light bow 6,3 -> heavy infantry 3,3 (range 3); medium infantry 3,5 is 4 hexes away
//   light cavalry 5,5 -> medium infantry 3,5 (range 2); 3,3 and 3,7 are 3 hexes away
//   light infantry 5,7 -> light infantry 3,7 (range 2); 3,5 is 3 hexes away
//   light slinger 6,11 -> light infantry 4,11 (range 2), the line runs along the hexside between
//   the friendly units at 5,10 and 5,11, so it is blocked (obstructions on both sides).
#include "rulebook_example_helpers.h"

namespace bgb::cca::test {
namespace {

using namespace rbx;

Action fire(const char* from, const char* to) { return Action::make(ActionType::Battle, H(from), H(to)); }

void ranged_layout(Field& f) {
  f.unit(T, U::HeavyInfantry, "3,1")
      .unit(T, U::LightInfantry, "2,1")
      .unit(T, U::HeavyInfantry, "3,3")
      .unit(T, U::MediumInfantry, "3,5")
      .unit(T, U::LightInfantry, "3,7")
      .unit(T, U::LightInfantry, "4,11")
      .unit(B, U::Auxilia, "4,1")
      .unit(B, U::LightBow, "6,3")
      .unit(B, U::LightCavalry, "5,5")
      .unit(B, U::LightInfantry, "5,7")
      .unit(B, U::LightSling, "6,11")
      .unit(B, U::HeavyInfantry, "5,10")
      .unit(B, U::HeavyInfantry, "5,11")
      .start(B)
      .order({"4,1", "6,3", "5,5", "5,7", "6,11"})
      .to_battle();
}

}  // namespace

// Who may fire at what: adjacency, range 3 / range 2, line of sight blocked by friendly units.
TEST(RuleBookExample, Ranged_WhoMayFire_S10) {
  Field f;
  ranged_layout(f);
  ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
  // The auxilia is adjacent to the heavy infantry: it may only close combat it, not fire at the
  // light infantry two hexes away (which it could otherwise see and reach).
  EXPECT_TRUE(f.legal_has(fire("4,1", "3,1"))) << legal_text(f);
  EXPECT_FALSE(f.legal_has(fire("4,1", "2,1"))) << "an auxilia adjacent to an enemy unit may not fire";
  // The light bow fires three hexes, not four.
  EXPECT_TRUE(f.legal_has(fire("6,3", "3,3"))) << legal_text(f);
  EXPECT_FALSE(f.legal_has(fire("6,3", "3,5")));
  // Light cavalry and light infantry: range two, not three.
  EXPECT_TRUE(f.legal_has(fire("5,5", "3,5"))) << legal_text(f);
  EXPECT_FALSE(f.legal_has(fire("5,5", "3,3")));
  EXPECT_FALSE(f.legal_has(fire("5,5", "3,7")));
  EXPECT_TRUE(f.legal_has(fire("5,7", "3,7"))) << legal_text(f);
  EXPECT_FALSE(f.legal_has(fire("5,7", "3,5")));
  // The slinger has its target in range but its line of sight is blocked by its friends.
  for (Action a : f.legal()) {
    if (a.type() == ActionType::Battle) {
      EXPECT_NE(a.a(), H("6,11")) << "slinger may not fire: " << action_text(f.scn, f.s, a);
    }
  }
  // Nobody must battle: ending the battles is offered.
  EXPECT_TRUE(f.legal_has(A(ActionType::EndBattles)));
}

// None of the units moved: the light bow, light cavalry and light infantry each fire two dice.
TEST(RuleBookExample, Ranged_TwoDiceWhenNotMoved_S10) {
  Field f;
  ranged_layout(f);
  size_t mark = f.log.size();
  // Light bow at the heavy infantry three hexes away: a red square hits, a green circle misses.
  f.force({Hv, L}).act(fire("6,3", "3,3"));
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,3"), 3);
  // Light cavalry at the medium infantry: a blue triangle hits, a leader symbol does not (§10).
  f.force({M, Hm}).act(fire("5,5", "3,5"));
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,5"), 3);
  // Light infantry at the light infantry: a green circle hits, a sword misses in ranged combat.
  f.force({L, S}).act(fire("5,7", "3,7"));
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,7"), 3);
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{2, 2, 2}));
  // Fire allows no battle back; the targets stay put.
  EXPECT_EQ(count_events(f, Ev::BattleBackDeclared, mark), 0);
  EXPECT_EQ(f.s.decision, Decision::Battle);
  EXPECT_EQ(f.s.decider, B);
}

// The light cavalry could have moved four hexes and still fire, with one die instead of two.
TEST(RuleBookExample, Ranged_LightCavalryMovedFourFiresOneDie_S10) {
  Field f;
  // Our layout: the light cavalry moves 8,4 -> 4,4 (four hexes), the target is at 2,4.
  f.unit(T, U::LightInfantry, "2,4").unit(B, U::LightCavalry, "8,4").start(B).order({"8,4"});
  f.move("8,4", "4,4");
  EXPECT_EQ(f.at("4,4").moved, 4);
  f.to_battle();
  ASSERT_TRUE(f.legal_has(fire("4,4", "2,4"))) << legal_text(f);
  size_t mark = f.log.size();
  f.force({L}).act(fire("4,4", "2,4"));
  EXPECT_EQ(declared_dice(f), 1);
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{1}));
  EXPECT_EQ(f.dice_pending(), 0) << "a unit that moved fires one die";
  EXPECT_EQ(f.blocks("2,4"), 3);
}

// Control for the slinger: with only one of the two friendly units beside the line, the line
// runs along an obstruction on one side only and is not blocked (§10 step 3).
TEST(RuleBookExample, Ranged_SlingerLosNeedsBothSidesBlocked_S10) {
  Field f;
  f.unit(T, U::LightInfantry, "4,11")
      .unit(B, U::LightSling, "6,11")
      .unit(B, U::HeavyInfantry, "5,10")
      .start(B)
      .order({"6,11"})
      .to_battle();
  EXPECT_TRUE(f.legal_has(fire("6,11", "4,11"))) << legal_text(f);
  f.force({L, L}).act(fire("6,11", "4,11"));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("4,11"), 2);
}

}  // namespace bgb::cca::test
