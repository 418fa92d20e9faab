// cca::battle_reach, the terminal's threat view: the battles a unit could make on its side's next
// turn, ordered alone (§8 movement, §10 ranged combat, §11 close combat), read off the real rules.
#include <vector>

#include "card_test_helpers.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace battle_reach_tests {

int dist(const char* a, int b) { return Board::get().dist[H(a)][b]; }
int dist(int a, int b) { return Board::get().dist[a][b]; }

std::vector<BattleReach> reach_of(const Field& f, const char* hex) {
  std::vector<BattleReach> out;
  battle_reach(f.scn, f.s, H(hex), out);
  return out;
}

// §8: light cavalry moves up to four hexes and may then battle; §11: 2 dice in close combat; §10:
// its shot after a move rolls 1 die, and it has a range of 2.
TEST(BattleReach, LightCavalryReachesWhatItCanMoveNextTo_S8_S10_S11) {
  Field f;
  f.unit(T, U::LightCavalry, "2,5").unit(B, U::HeavyInfantry, "5,5").unit(B, U::HeavyInfantry, "8,0").start(B);
  ASSERT_EQ(dist("2,5", H("5,5")), 3);
  const std::vector<BattleReach> r = reach_of(f, "2,5");
  bool close = false;
  for (const BattleReach& b : r) {
    EXPECT_EQ(b.target, H("5,5")) << "8,0 is out of reach";
    EXPECT_LE(dist("2,5", b.from), 4) << hex_name(b.from);
    if (b.close) {
      close = true;
      EXPECT_EQ(dist(b.from, b.target), 1);
      EXPECT_EQ(b.dice, 2);
    } else {
      EXPECT_EQ(dist(b.from, b.target), 2) << "range 2";
      EXPECT_NE(b.from, H("2,5")) << "three hexes away: no shot from where it stands";
      EXPECT_EQ(b.dice, 1) << "a shot after moving";
    }
  }
  EXPECT_TRUE(close);
}

// §8: heavy infantry moves one hex and battles; three hexes away is out of reach, two is not (5
// dice, §11).
TEST(BattleReach, HeavyInfantryReachesTwoHexesNotThree_S8_S11) {
  Field f;
  f.unit(T, U::HeavyInfantry, "2,1").unit(B, U::MediumInfantry, "5,1");
  f.unit(T, U::HeavyInfantry, "3,9").unit(B, U::MediumInfantry, "5,9").start(B);
  ASSERT_EQ(dist("2,1", H("5,1")), 3);
  ASSERT_EQ(dist("3,9", H("5,9")), 2);
  EXPECT_TRUE(reach_of(f, "2,1").empty());
  const std::vector<BattleReach> r = reach_of(f, "3,9");
  ASSERT_FALSE(r.empty());
  for (const BattleReach& b : r) {
    EXPECT_EQ(b.target, H("5,9"));
    EXPECT_TRUE(b.close);
    EXPECT_EQ(dist("3,9", b.from), 1);
    EXPECT_EQ(dist(b.from, b.target), 1);
    EXPECT_EQ(b.dice, 5);
  }
}

// §10: a unit that stays where it is fires with its full dice (light bow foot: 2, range 3); after
// a move, 1.
TEST(BattleReach, StayingToShootRollsTheFullDice_S10) {
  Field f;
  f.unit(T, U::LightBow, "2,4").unit(B, U::HeavyInfantry, "4,4").start(B);
  const std::vector<BattleReach> r = reach_of(f, "2,4");
  bool from_here = false;
  for (const BattleReach& b : r) {
    if (b.close) continue;
    if (b.from == H("2,4")) {
      from_here = true;
      EXPECT_EQ(b.dice, 2);
    } else {
      EXPECT_EQ(b.dice, 1) << hex_name(b.from);
    }
  }
  EXPECT_TRUE(from_here);
}

// Whose turn it is and what the unit did this turn do not matter: the reach is of its side's
// next turn. An empty hex reaches nothing.
TEST(BattleReach, ItIsTheNextTurnsReachWhateverThisTurnDid_S8) {
  Field f;
  f.unit(B, U::LightCavalry, "7,5").unit(T, U::HeavyInfantry, "3,5").start(B).order({"7,5"});
  const std::vector<BattleReach> before = reach_of(f, "7,5");
  ASSERT_FALSE(before.empty());
  f.act(Action::make(ActionType::MoveUnit, H("7,5"), H("6,5")));
  const std::vector<BattleReach> moved = reach_of(f, "6,5");
  ASSERT_FALSE(moved.empty());
  bool close = false;
  for (const BattleReach& b : moved) close = close || (b.close && b.target == H("3,5"));
  EXPECT_TRUE(close) << "moved this turn, it still moves four next turn";
  EXPECT_TRUE(reach_of(f, "7,5").empty());
}

// A unit ordered in the move phase under way is reckoned for this turn, under the card in force:
// Double Time moves heavy infantry two hexes, so the enemy three hexes off is in reach of a close
// combat now, where a plain card (next turn) reaches nothing. Once moved it battles from where it
// stands. A unit not ordered, the enemy's, or one before ordering is over: not this turn's.
TEST(BattleReach, AUnitOrderedNowIsReckonedUnderTheCardInForce_S8) {
  using namespace cards;
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,5").unit(B, U::MediumInfantry, "7,6").unit(B, U::MediumInfantry, "7,9");
  f.unit(T, U::MediumInfantry, "4,5").start(B);
  ASSERT_EQ(dist("7,5", H("4,5")), 3);
  play(f, K::DoubleTime);
  f.act(Action::make(ActionType::OrderUnit, H("7,5")));
  EXPECT_FALSE(ordered_this_turn(f.s, H("7,5"))) << "ordering is not over";
  f.act(Action::make(ActionType::OrderUnit, H("7,6")));  // 7,9 is not linked: the orders end
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(ordered_this_turn(f.s, H("7,5")));
  EXPECT_FALSE(ordered_this_turn(f.s, H("7,9"))) << "not ordered";
  EXPECT_FALSE(ordered_this_turn(f.s, H("4,5"))) << "the enemy's";
  EXPECT_TRUE(reach_of(f, "7,5").empty()) << "a plain card: one hex, two short";
  std::vector<BattleReach> now;
  battle_reach_this_turn(f.scn, f.s, H("7,5"), now);
  ASSERT_FALSE(now.empty());
  for (const BattleReach& b : now) {
    EXPECT_EQ(b.target, H("4,5"));
    EXPECT_TRUE(b.close);
    EXPECT_EQ(dist("7,5", b.from), 2) << hex_name(b.from);
    EXPECT_EQ(b.dice, 5) << "no extra dice under Double Time";
  }
  battle_reach_this_turn(f.scn, f.s, H("7,9"), now);
  EXPECT_TRUE(now.empty());
  f.move("7,5", "6,5");
  ASSERT_TRUE(ordered_this_turn(f.s, H("6,5"))) << "7,6 has yet to move";
  battle_reach_this_turn(f.scn, f.s, H("6,5"), now);
  EXPECT_TRUE(now.empty()) << "moved one hex, it moves no more: two hexes off";
}

}  // namespace battle_reach_tests
}  // namespace bgb::cca::test
