// Activation, turn order and victory (Q-ACT, Q-TURN, I-CMD, I-ONCE, I-LOCKED, I-INIT, I-WIN):
// the spec's test situations 85-96.
#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

// Side A with three separate commands X, Y, Z (single HI far apart), side B with one archer
// that can shoot nothing and one HI.
struct Three {
  Table t;
  int x = -1, y = -1, z = -1;
  Three() {
    x = t.add(0, "hi", 10, 10, 90);
    y = t.add(0, "hi", 30, 10, 90);
    z = t.add(0, "hi", 50, 10, 90);
    t.add(1, "hi", 30, 40, 270);
    t.start(0);
  }
};

TEST(QuinnTurn, StopRollSixEndsThePhase_Case85) {
  Three k;
  Table& t = k.t;
  ASSERT_EQ(t.s.n_commands, 3);
  t.play(make(Kind::Activate, 0, t.cmd(k.x)));
  t.d6({3});
  t.play(make(Kind::Hold, k.x));  // the last stand of X: the activation ends, stop roll 3
  ASSERT_EQ(t.s.decision, Decision::Activate);
  EXPECT_FALSE(t.has(make(Kind::Activate, 0, t.cmd(k.x))));  // once a phase (I-CMD)
  t.play(make(Kind::Activate, 0, t.cmd(k.y)));
  t.d6({6});
  t.play(make(Kind::Move, k.y, 0, 0, 0, 4));
  // The phase ended; Z never moved; B's fire phase had nothing to shoot; B's movement phase.
  EXPECT_NEAR(t.y(k.z), 10, 1e-9);
  EXPECT_EQ(t.count("stop-roll"), 2);
  EXPECT_EQ(t.s.side, 1);
  EXPECT_FALSE(t.s.fire_phase);
  EXPECT_EQ(t.s.decision, Decision::Activate);
  EXPECT_NE(t.last("stop-roll").find("6"), std::string::npos);
  int fire_phases = 0;
  for (const Event& e : t.ev) fire_phases += e.type == "phase" && e.text.find("fire phase") != std::string::npos;
  EXPECT_EQ(fire_phases, 1);
}

TEST(QuinnTurn, SingleCommandNoStopRoll_Case86) {
  Table t;
  const int a = t.add(0, "hi", 10, 10, 90);
  t.add(0, "hi", 10 + 1.575, 10, 90);  // touching side by side: one command
  t.add(1, "hi", 30, 40, 270);
  t.start(0);
  ASSERT_EQ(t.s.n_commands, 1);
  t.play(make(Kind::Activate, 0, t.cmd(a)));
  t.play(make(Kind::EndActivation));
  EXPECT_EQ(t.count("stop-roll"), 0);
  EXPECT_EQ(t.s.side, 1);
}

TEST(QuinnTurn, EndPhaseAfterAStopRoll_Case87) {
  Three k;
  Table& t = k.t;
  t.play(make(Kind::Activate, 0, t.cmd(k.x)));
  t.d6({2});
  t.play(make(Kind::EndActivation));
  ASSERT_TRUE(t.has(make(Kind::EndPhase)));
  t.play(make(Kind::EndPhase));
  EXPECT_EQ(t.s.side, 1);
  EXPECT_NEAR(t.y(k.y), 10, 1e-9);
  EXPECT_NEAR(t.y(k.z), 10, 1e-9);
}

TEST(QuinnTurn, CornerContactIsOneCommand_Case88) {
  Table t;
  t.add(0, "hi", 10, 10, 90);
  t.add(0, "hi", 10 + 1.575, 10 + 0.591, 90);  // diagonal: corners touch
  t.add(1, "hi", 30, 40, 270);
  t.start(0);
  EXPECT_EQ(t.s.n_commands, 1);
}

TEST(QuinnTurn, SplitCommandCountsOnceThenTwo_Case89) {
  Table t;
  const int a = t.add(0, "hi", 10, 10, 90);
  const int b = t.add(0, "hi", 10 + 1.575, 10, 90);
  t.add(1, "hi", 30, 40, 270);
  t.add(1, "hi", 40, 40, 270);  // two B commands: a stop roll after the first
  t.start(0);
  ASSERT_EQ(t.s.n_commands, 1);
  t.play(make(Kind::Activate, 0, t.cmd(a)));
  t.play(make(Kind::Move, a, 0, 0, 0, 5));  // a runs ahead 6"
  t.play(make(Kind::Hold, b));
  // B's phase: hold both, then A's next phase: two commands now.
  ASSERT_EQ(t.s.side, 1);
  t.play(make(Kind::Activate, 0, 0));
  t.d6({1});
  t.play(make(Kind::EndActivation));
  t.play(make(Kind::Activate, 0, 1));
  t.play(make(Kind::EndActivation));
  ASSERT_EQ(t.s.side, 0);
  EXPECT_EQ(t.s.n_commands, 2);
  EXPECT_NE(t.cmd(a), t.cmd(b));
}

TEST(QuinnTurn, ChargerDoesNotFightAgainInTheLockedStep_Case90) {
  Table t;
  const int hc = t.add(0, "hc", 20, 10, 90);
  const int hi = t.add(1, "hi", 20, 20, 270);
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(hc)));
  t.d10({3});  // HC on HI 0: 3 -> L
  t.play(make(Kind::Charge, hc, hi, 0, 0));
  EXPECT_TRUE(locked_with(t.s, hc, hi));
  EXPECT_EQ(t.count("melee"), 1);  // the locked step of A's phase did not fight it again
  EXPECT_EQ(t.s.side, 1);
}

TEST(QuinnTurn, LockedStandFightsWithoutActivation_Case91) {
  Table t;
  const int a = t.add(0, "hi", 20, 10, 90);
  const int b = t.add(1, "hi", 20, 10 + 0.591, 270);
  t.add(0, "hi", 50, 10, 90);
  t.start(0);
  detail::add_lock(t.s, a, b);
  // A activates only its other command, then a 6 on the stop roll... it is the last command
  // but one: activate it, stop roll 6, the locked step: a attacks b (continuing: 0).
  t.play(make(Kind::Activate, 0, t.cmd(stand_id(0, 1))));
  t.d6({6});
  t.d10({4});  // 4 -> L: they stay locked
  t.play(make(Kind::EndActivation));
  EXPECT_EQ(t.count("melee"), 1);
  EXPECT_NE(t.last("melee").find("fights on"), std::string::npos);
  EXPECT_TRUE(locked_with(t.s, a, b));
}

TEST(QuinnTurn, LockedStepAsksWhichPartner_ILOCKED) {
  Table t;
  const int a = t.add(0, "hi", 20, 10, 90);
  const int front = t.add(1, "hi", 20, 10 + 0.591, 270);
  const int rear = t.add(1, "hi", 20, 10 - 0.591, 90);
  t.add(1, "hi", 50, 40, 270);
  t.start(0);
  detail::add_lock(t.s, a, front);
  detail::add_lock(t.s, a, rear);
  t.play(make(Kind::EndPhase));
  ASSERT_EQ(t.s.decision, Decision::LockTarget);
  EXPECT_EQ(t.legal(), (std::vector<Act>{make(Kind::LockTarget, a, front), make(Kind::LockTarget, a, rear)}));
  t.d10({4});
  t.play(make(Kind::LockTarget, a, front));
  EXPECT_EQ(t.count("melee"), 1);
}

TEST(QuinnTurn, InitiativeTiesRolledAgain_Case92) {
  Table t;
  t.add(0, "hi", 10, 10, 90);
  t.add(1, "hi", 30, 40, 270);
  t.d6({4, 4, 2, 5});
  t.s = new_game(t.scn, t.rng, &t.ev);
  EXPECT_EQ(t.s.p1, 1);
  EXPECT_EQ(t.s.side, 1);
  EXPECT_EQ(t.count("initiative"), 2);
}

TEST(QuinnTurn, BreakPointEndsTheGameAtOnce_Case93) {
  Table t;
  for (int i = 0; i < 12; ++i) t.add(0, "hi", 5 + 4 * i, 10, 90);
  const int hc = t.add(1, "hc", 5, 20, 270);
  t.start(1);
  EXPECT_EQ(t.s.break_point[0], 4);
  for (int i = 0; i < 3; ++i) {
    detail::Ctx c = t.ctx();
    detail::remove_stand(c, stand_id(0, i), "destroyed", "Q-RES-1", "is destroyed");
  }
  EXPECT_FALSE(t.s.over());
  detail::Ctx c = t.ctx();
  detail::remove_stand(c, stand_id(0, 3), "destroyed", "Q-RES-1", "is destroyed");
  EXPECT_TRUE(t.s.over());
  EXPECT_EQ(t.s.winner, 1);
  EXPECT_EQ(to_decide(t.s), -1);
  EXPECT_TRUE(t.legal().empty());
  (void)hc;
}

TEST(QuinnTurn, RoundLimitBySharesOfTheBreakPoint_Case94) {
  Table t;
  for (int i = 0; i < 20; ++i) t.add(0, "hi", 2 + 3.4 * i, 5, 90);
  for (int i = 0; i < 20; ++i) t.add(1, "hi", 2 + 3.4 * i, 40, 270);
  t.scn.round_limit = 1;
  t.start(0);
  ASSERT_EQ(t.s.break_point[0], 7);
  for (int i = 0; i < 2; ++i) {
    detail::Ctx c = t.ctx();
    detail::remove_stand(c, stand_id(0, i), "destroyed", "Q-RES-1", "is destroyed");
  }
  for (int i = 0; i < 3; ++i) {
    detail::Ctx c = t.ctx();
    detail::remove_stand(c, stand_id(1, i), "destroyed", "Q-RES-1", "is destroyed");
  }
  // A (P1) ends its phase, B fires (nothing), B ends its phase, A fires: round 1 is over.
  t.play(make(Kind::EndPhase));
  t.play(make(Kind::EndPhase));
  EXPECT_TRUE(t.s.over());
  EXPECT_EQ(t.s.winner, 0);  // 3 x 7 > 2 x 7: B lost the larger share
  EXPECT_NE(t.last("game-over").find("round limit"), std::string::npos);
}

TEST(QuinnTurn, BuiltInTinyScenarioAtStart_Case95) {
  const auto s3 = find_builtin("s3");
  ASSERT_TRUE(s3);
  Rng rng(3);
  rng.force({5, 0});
  State s = new_game(*s3, rng);
  EXPECT_EQ(check_invariants(*s3, s), "");
  uint8_t cmd[kMaxStands];
  EXPECT_EQ(compute_commands(*s3, s, 0, cmd), 2);
  EXPECT_EQ(compute_commands(*s3, s, 1, cmd), 2);
  EXPECT_FALSE(can_shoot(*s3, s, stand_id(0, 1), stand_id(1, 1)));  // 9.016" > 9"
  EXPECT_EQ(s.break_point[0], 1);
  EXPECT_EQ(s.break_point[1], 1);
}

TEST(QuinnTurn, BuiltInCannaeAtStart_Case96) {
  const auto s1 = find_builtin("s1");
  ASSERT_TRUE(s1);
  Rng rng(3);
  rng.force({5, 0});
  State s = new_game(*s1, rng);
  EXPECT_EQ(check_invariants(*s1, s), "");
  uint8_t cmd[kMaxStands];
  EXPECT_EQ(compute_commands(*s1, s, 1, cmd), 4);  // the legion block, velites, two wings
  EXPECT_EQ(compute_commands(*s1, s, 0, cmd), 8);
  // The legion's front rank (y = 30.0, facing 270) has two ranks behind: support +2 (cap 2).
  int front = -1;
  for (int k = 0; k < s.count[1]; ++k)
    if (s1->army[1][size_t(k)].y == 30000 && s1->profiles[size_t(s1->army[1][size_t(k)].profile)].name == "legion") front = stand_id(1, k);
  ASSERT_GE(front, 0);
  EXPECT_EQ(support(*s1, s, front), 2);
}

}  // namespace
}  // namespace bgb::quinn
