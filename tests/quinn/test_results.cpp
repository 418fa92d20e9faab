// What results do (Q-RES-2..5, I-RECOIL, I-FLEE): the spec's test situations 66-75.
#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

constexpr double kMi = 0.787, kHi = 0.591;

TEST(QuinnResults, DefenderRecoilsOneInch_Case66) {
  Table t;
  const int d = t.add(0, "mi", 10, 10, 90);
  const int a = t.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
  t.start(1);
  detail::Ctx c = t.ctx();
  detail::add_lock(t.s, a, d);
  detail::recoil(c, d, contact_normal(t.rect(a), t.rect(d)), "Q-RES-2");
  EXPECT_NEAR(t.x(d), 10, 1e-3);
  EXPECT_NEAR(t.y(d), 9, 1e-3);
  EXPECT_EQ(t.h(d), 90);
  EXPECT_FALSE(locked_with(t.s, a, d));  // recoil ends the locks
  // The same through a melee: HI on MI, +1; die 5 -> 6 -> DR.
  Table u;
  const int d2 = u.add(0, "mi", 10, 10, 90);
  const int a2 = u.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
  u.start(1);
  u.melee(a2, d2, 5);
  EXPECT_NEAR(u.y(d2), 9, 1e-3);
  EXPECT_EQ(u.h(d2), 90);
}

TEST(QuinnResults, AttackerRecoilsBack_Case67) {
  Table t;
  const int d = t.add(0, "mi", 10, 10, 90);
  const int a = t.add(1, "hi", 10, 10.689, 270);
  t.start(1);
  t.melee(a, d, 1);  // 1 + 1 = 2: AR
  EXPECT_NEAR(t.x(a), 10, 1e-3);
  EXPECT_NEAR(t.y(a), 11.689, 1e-3);
  EXPECT_EQ(t.h(a), 270);
}

TEST(QuinnResults, RecoilStopsAtAFriend_Case68) {
  Table t;
  const int d = t.add(0, "mi", 10, 10, 90);
  const int a = t.add(1, "hi", 10, 10.689, 270);
  // A friend of the attacker 0.4" behind it.
  const int f = t.add(1, "hi", 10, 10.689 + kHi + 0.4, 270);
  t.start(1);
  t.melee(a, d, 1);
  EXPECT_NEAR(t.y(a), 10.689 + 0.4, 1e-3);
  EXPECT_NEAR(t.y(f), 10.689 + kHi + 0.4, 1e-9);  // nothing else happens
}

TEST(QuinnResults, FleeingOffTheTableIsLost_Case69) {
  Table t;
  const int d = t.add(0, "mi", 10, 3, 90);
  const int a = t.add(1, "hi", 10, 3 + (kMi + kHi) / 2, 270);
  t.add(0, "mi", 40, 10, 90);
  t.add(0, "mi", 50, 10, 90);
  t.start(1);
  t.d10({6, 4});  // HI on MI +1: 6 -> 7 DF; flight 4": from y 3 to -1, off the table
  detail::Ctx c = t.ctx();
  detail::melee(c, a, d, false);
  EXPECT_FALSE(t.alive(d));
  EXPECT_EQ(t.s.losses[0], 1);
  EXPECT_EQ(t.count("fled-off"), 1);
}

TEST(QuinnResults, FleeingStaysOnTheTable_Case70) {
  Table t;
  const int d = t.add(0, "mi", 10, 3, 90);
  const int a = t.add(1, "hi", 10, 3 + (kMi + kHi) / 2, 270);
  t.start(1);
  t.d10({6, 2});
  detail::Ctx c = t.ctx();
  detail::melee(c, a, d, false);
  ASSERT_TRUE(t.alive(d));
  EXPECT_NEAR(t.x(d), 10, 1e-3);
  EXPECT_NEAR(t.y(d), 1, 1e-3);
  EXPECT_EQ(t.h(d), 270);
}

// MI (A) at (10, 10) facing 90 is hit from +y and flees 5" toward a friendly HI at (10, 7).
struct Chain {
  Table t;
  int mi = -1, hi = -1, att = -1;
  Chain() {
    mi = t.add(0, "mi", 10, 10, 90);
    hi = t.add(0, "hi", 10, 7, 90);
    t.add(0, "mi", 40, 20, 90);
    t.add(0, "mi", 50, 20, 90);
    att = t.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
    t.start(1);
    t.d10({6, 5});
    detail::Ctx c = t.ctx();
    detail::melee(c, att, mi, false);
  }
};

TEST(QuinnResults, FlightSpreadsToAFriend_Case71) {
  Chain k;
  Table& t = k.t;
  ASSERT_EQ(t.s.decision, Decision::FleeChoice);
  EXPECT_EQ(to_decide(t.s), 0);  // the fleer's owner chooses (Q-RES-4)
  EXPECT_NEAR(t.y(k.mi), 10 - 2.311, 1e-3);  // contact after 2.311"
  EXPECT_TRUE(t.has(make(Kind::Spread, k.mi, k.hi)));
  EXPECT_TRUE(t.has(make(Kind::Disband, k.mi, k.hi)));
  t.d10({4});
  t.play(make(Kind::Spread, k.mi, k.hi));
  EXPECT_NEAR(t.x(k.hi), 10, 1e-3);
  EXPECT_NEAR(t.y(k.hi), 3, 1e-3);
  EXPECT_EQ(t.h(k.hi), 270);
  EXPECT_NEAR(t.y(k.mi), 5, 1e-3);
  EXPECT_EQ(t.h(k.mi), 270);
}

TEST(QuinnResults, FlightStopsAgainstAStandThatFled_Case72) {
  Chain k;
  Table& t = k.t;
  t.d10({1});
  t.play(make(Kind::Spread, k.mi, k.hi));
  EXPECT_NEAR(t.y(k.hi), 6, 1e-3);
  EXPECT_NEAR(t.y(k.mi), 6.689, 1e-3);
}

TEST(QuinnResults, DisbandTheFleer_Case73) {
  Chain k;
  Table& t = k.t;
  t.play(make(Kind::Disband, k.mi, k.hi));
  EXPECT_FALSE(t.alive(k.mi));
  EXPECT_EQ(t.s.losses[0], 1);
  EXPECT_NEAR(t.y(k.hi), 7, 1e-9);
  EXPECT_EQ(t.h(k.hi), 90);
}

TEST(QuinnResults, FleeingIntoAnEnemyIsDestroyed_Case74) {
  Table t;
  const int d = t.add(0, "mi", 10, 10, 90);
  const int a = t.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
  const int e = t.add(1, "hi", 10, 6, 90);  // an enemy in the way
  t.add(0, "mi", 40, 20, 90);
  t.add(0, "mi", 50, 20, 90);
  t.start(1);
  t.d10({6, 9});
  detail::Ctx c = t.ctx();
  detail::melee(c, a, d, false);
  EXPECT_FALSE(t.alive(d));
  EXPECT_TRUE(t.alive(e));
  EXPECT_EQ(t.s.losses[0], 1);
}

TEST(QuinnResults, LockedResult_Case75) {
  Table t;
  const int d = t.add(0, "mi", 10, 10, 90);
  const int a = t.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
  const int archer = t.add(0, "archers", 10, 16, 270);  // behind the HI, facing it
  t.start(1);
  EXPECT_TRUE(can_shoot(t.scn, t.s, archer, a));
  t.melee(a, d, 2);  // 2 + 1 = 3: locked
  EXPECT_TRUE(locked_with(t.s, a, d));
  EXPECT_TRUE(locked_with(t.s, d, a));  // symmetric
  EXPECT_FALSE(can_shoot(t.scn, t.s, archer, a));  // the locked HI may not be shot (I-MISLOCK)
  EXPECT_EQ(check_invariants(t.scn, t.s), "");
}

// Found by random play (S1): a volley pushes a velite almost along the side of the velite
// touching it. The run stops at the overlap tolerance, and rounding the pose to the mil used to
// press it 1 mil into its neighbour (I-RECOIL, §3.1). The rounded pose must overlap nothing.
TEST(QuinnResults, RecoilAlongATouchingNeighbourStaysClear_IRECOIL) {
  Table t;
  t.add(0, "slingers", 36.0, 21.5, 90);
  const int v = t.add(1, "velites", 36.7875, 27.0, 270);
  const int w = t.add(1, "velites", 38.3625, 27.0, 270);  // side by side, touching
  t.start(0);
  ASSERT_EQ(check_invariants(t.scn, t.s), "");
  detail::Ctx c = t.ctx();
  detail::recoil(c, v, Vec{36.788 - 36.0, 27.0 - 21.5}, "Q-RES-2");
  EXPECT_FALSE(overlap(t.rect(v), t.rect(w)));
  EXPECT_EQ(check_invariants(t.scn, t.s), "");
  EXPECT_LE(t.x(v), 36.788 + 1e-9);  // not pushed sideways into the neighbour
  EXPECT_GE(t.y(v), 27.0);
}

// Found by random play (S2): a stand flanked and put to flight turns 90 degrees, and its turned
// footprint would stand on the rank behind it. That counts as touching the friend after 0"
// (I-FLEE); the fleer keeps its heading while the owner chooses, so no two stands ever overlap.
struct TurnIntoFriend {
  Table t;
  int mi = -1, el = -1, hc = -1;
  TurnIntoFriend() {
    mi = t.add(0, "mi", 20, 20, 270);
    el = t.add(0, "el", 20, 20 + (kMi + 1.575) / 2, 270);  // square, touching the MI's rear
    t.add(0, "mi", 40, 30, 90);
    t.add(0, "mi", 50, 30, 90);
    hc = t.add(1, "hc", 20 - 0.7875 - 1.181 / 2, 20, 0);  // on the MI's right flank, facing it
    t.start(1);
    EXPECT_EQ(check_invariants(t.scn, t.s), "");
    EXPECT_EQ(aspect(t.rect(hc), t.rect(mi)), Aspect::Flank);
    t.d10({6, 3});  // HC on MI: 0, flank +1; 6 -> 7 DF; the MI would run 3" toward 0
    detail::Ctx c = t.ctx();
    detail::melee(c, hc, mi, false);
  }
};

TEST(QuinnResults, FleerTurningOntoAFriendTouchesIt_IFLEE) {
  TurnIntoFriend k;
  Table& t = k.t;
  ASSERT_EQ(t.s.decision, Decision::FleeChoice);
  EXPECT_EQ(t.s.bumped, k.el);
  EXPECT_EQ(t.h(k.mi), 270);  // not turned onto the elephant
  EXPECT_NEAR(t.x(k.mi), 20, 1e-9);
  EXPECT_EQ(check_invariants(t.scn, t.s), "");
  t.play(make(Kind::Disband, k.mi, k.el));
  EXPECT_FALSE(t.alive(k.mi));
  EXPECT_EQ(t.s.losses[0], 1);
  EXPECT_EQ(t.h(k.el), 270);
}

TEST(QuinnResults, FleerTurnsOnceTheFriendHasFled_IFLEE) {
  TurnIntoFriend k;
  Table& t = k.t;
  t.d10({5});  // the elephant (square: its turn is free) runs 5" toward 0
  t.play(make(Kind::Spread, k.mi, k.el));
  EXPECT_NEAR(t.x(k.el), 25, 1e-3);
  EXPECT_EQ(t.h(k.el), 0);
  // Then the MI turns, the way now clear, and runs its 3".
  EXPECT_NEAR(t.x(k.mi), 23, 1e-3);
  EXPECT_NEAR(t.y(k.mi), 20, 1e-3);
  EXPECT_EQ(t.h(k.mi), 0);
}

// Found by random play (S1): the disbanding that reaches the break point ends the game at once,
// even with the first fleer of the chain still waiting to go on (I-WIN). No flight is left
// pending in the finished game.
TEST(QuinnResults, BreakPointInTheMiddleOfAFlightChain_IWIN) {
  Table t;
  t.scn.break_point[0] = 1;
  const int mi = t.add(0, "mi", 10, 10, 90);
  const int hi = t.add(0, "hi", 10, 7, 90);
  const int hi2 = t.add(0, "hi", 10, 4, 90);
  const int att = t.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
  t.start(1);
  t.d10({6, 5});  // HI on MI +1: 7 DF; the MI runs 5" and meets the HI
  detail::Ctx c = t.ctx();
  detail::melee(c, att, mi, false);
  ASSERT_EQ(t.s.decision, Decision::FleeChoice);
  t.d10({5});  // the HI runs 5" and meets the second HI
  t.play(make(Kind::Spread, mi, hi));
  ASSERT_EQ(t.s.decision, Decision::FleeChoice);
  EXPECT_EQ(t.s.bumped, hi2);
  t.play(make(Kind::Disband, hi, hi2));  // play() checks the invariants
  EXPECT_TRUE(t.s.over());
  EXPECT_EQ(t.s.winner, 1);
  EXPECT_EQ(t.s.chain_n, 0);
  EXPECT_TRUE(t.alive(mi));
}

// Found by random play (S1): the friend that flees too runs into an enemy, and that loss reaches
// the break point. The game is over at once (I-WIN); it used to go on, the flight's decision
// handing the flow back to the phase over the top of the ended game.
TEST(QuinnResults, SpreadFlightThatBreaksTheArmyEndsTheGame_IWIN) {
  Table t;
  t.scn.break_point[0] = 1;
  const int mi = t.add(0, "mi", 10, 10, 90);
  const int hi = t.add(0, "hi", 10, 7, 90);
  const int att = t.add(1, "hi", 10, 10 + (kMi + kHi) / 2, 270);
  const int e = t.add(1, "hi", 10, 3, 90);  // an enemy behind the HI
  t.start(1);
  t.d10({6, 5});  // HI on MI +1: 7 DF; the MI runs 5" and meets the HI
  detail::Ctx c = t.ctx();
  detail::melee(c, att, mi, false);
  ASSERT_EQ(t.s.decision, Decision::FleeChoice);
  t.d10({9});  // the HI runs into the enemy and is destroyed: the first loss, the break point
  t.play(make(Kind::Spread, mi, hi));
  EXPECT_FALSE(t.alive(hi));
  EXPECT_TRUE(t.alive(e));
  EXPECT_TRUE(t.s.over());
  EXPECT_EQ(t.s.winner, 1);
  EXPECT_EQ(to_decide(t.s), -1);
}

}  // namespace
}  // namespace bgb::quinn
