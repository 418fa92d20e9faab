// Missiles (Q-MIS, I-FOF, I-MISLOCK, I-LOS, I-GROUP): the spec's test situations 32-40 (volley
// totals), 48-49 (who may shoot) and a fire phase played through the turn.
#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

// `n` shooters of side A in a row at y = 10 facing 90, a target of side B at (30, 14) facing 270.
struct Volley {
  Table t;
  std::vector<int> shooters;
  int target = -1;
  Volley(const char* target_profile, int n, const char* shooter = "archers") {
    for (int i = 0; i < n; ++i) shooters.push_back(t.add(0, shooter, 30 - 1.6 * (n - 1) / 2 + 1.6 * i, 10, 90));
    target = t.add(1, target_profile, 30, 14, 270);
    t.add(1, "hi", 60, 40, 270);
    t.add(1, "hi", 62, 40, 270);
    t.start(1);
  }
  void fire(int die, int flee = 3) {
    t.d10({die, flee});
    detail::Ctx c = t.ctx();
    detail::volley(c, target, shooters);
    t.rng.clear_forced();
  }
};

TEST(QuinnMissiles, OneBowAtHc_Case32) {
  Volley v("hc", 1);
  EXPECT_EQ(volley_mod(v.t.scn, v.target, 1), 2);
  v.fire(3);
  EXPECT_NEAR(v.t.y(v.target), 15, 1e-3);  // recoils 1" away from the shooter
  EXPECT_EQ(v.t.h(v.target), 270);
}

TEST(QuinnMissiles, ThreeSlingersAtLi_Case33) {
  Volley v("li", 3, "slingers");
  EXPECT_EQ(volley_mod(v.t.scn, v.target, 3), -1);
  v.fire(8, 2);
  EXPECT_EQ(v.t.count("flee"), 1);
  EXPECT_EQ(v.t.h(v.target), 90);  // turned away from the shooters
  EXPECT_NEAR(v.t.y(v.target), 16, 1e-3);
}

TEST(QuinnMissiles, LockedResultMeansNothing_Case34) {
  Volley v("hi", 2);
  EXPECT_EQ(volley_mod(v.t.scn, v.target, 2), -1);
  v.fire(4);
  EXPECT_FALSE(v.t.s.stand[v.target].locked());
  EXPECT_NEAR(v.t.y(v.target), 14, 1e-9);
  EXPECT_NE(v.t.last("volley").find("no effect"), std::string::npos);
}

TEST(QuinnMissiles, DestroyedElephant_Case35) {
  Volley v("el", 1);
  v.fire(10);
  EXPECT_FALSE(v.t.alive(v.target));
}

TEST(QuinnMissiles, ShooterUnharmedByLowTotal_Case36) {
  Volley v("hi", 1);
  v.fire(2);
  EXPECT_TRUE(v.t.alive(v.shooters[0]));
  EXPECT_TRUE(v.t.alive(v.target));
  EXPECT_NEAR(v.t.y(v.target), 14, 1e-9);
}

TEST(QuinnMissiles, ArchersAreMediumAsTargets_Case37) {
  Volley v("archers", 1);
  EXPECT_EQ(volley_mod(v.t.scn, v.target, 1), -1);
  v.fire(9);
  EXPECT_FALSE(v.t.alive(v.target));
}

TEST(QuinnMissiles, ChariotsFlee_Case38) {
  Volley v("ch", 1);
  v.fire(5);
  EXPECT_EQ(v.t.count("flee"), 1);
}

TEST(QuinnMissiles, FourShootersAtLc_Case39) {
  Volley v("lc", 4);
  EXPECT_EQ(volley_mod(v.t.scn, v.target, 4), 4);
  v.fire(1);
  EXPECT_NEAR(v.t.y(v.target), 15, 1e-3);
}

TEST(QuinnMissiles, LightInfantryHardToHit_Case40) {
  Volley v("li", 1);
  v.fire(9);
  EXPECT_NEAR(v.t.y(v.target), 15, 1e-3);
  Volley w("li", 1);
  w.fire(10);
  EXPECT_EQ(w.t.count("flee"), 1);
}

TEST(QuinnMissiles, LockedTargetAndLockedShooter_Case48) {
  Table t;
  const int archer = t.add(0, "archers", 0 + 30, 0 + 10, 90);
  const int lc = t.add(1, "lc", 30, 19.98, 270);
  const int hi = t.add(0, "hi", 30, 19.98 + (1.181 + 0.591) / 2, 270);  // behind the LC, locked to it
  t.start(0);
  EXPECT_TRUE(can_shoot(t.scn, t.s, archer, lc));  // #41: 8.996" of a 9" bow
  detail::add_lock(t.s, lc, hi);
  EXPECT_FALSE(can_shoot(t.scn, t.s, archer, lc));
  // A locked shooter may not fire at all.
  Table u;
  const int a2 = u.add(0, "archers", 30, 10, 90);
  const int foe = u.add(1, "hi", 30, 10 - (0.787 + 0.591) / 2, 90);  // behind it, locked
  const int lc2 = u.add(1, "lc", 30, 19.98, 270);
  u.start(0);
  EXPECT_TRUE(can_shoot(u.scn, u.s, a2, lc2));
  detail::add_lock(u.s, a2, foe);
  EXPECT_FALSE(can_shoot(u.scn, u.s, a2, lc2));
}

TEST(QuinnMissiles, LineOfSightBlocked_Case49) {
  Table t;
  const int archer = t.add(0, "archers", 30, 10, 90);
  const int lc = t.add(1, "lc", 30, 19.98, 270);
  t.add(0, "hi", 30, 15, 90);  // a third stand across the line
  t.start(0);
  EXPECT_FALSE(can_shoot(t.scn, t.s, archer, lc));
}

TEST(QuinnMissiles, FirePhaseDeclaresThenResolvesByTarget_IGROUP) {
  // A moves (one command, so its phase ends at once); B's two archers then both name the same
  // HI: one roll at +1 for the second shooter.
  Table t;
  const int hi = t.add(0, "hi", 30, 14, 90);
  const int b1 = t.add(1, "archers", 29.2, 20, 270);
  const int b2 = t.add(1, "archers", 30.8, 20, 270);
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(hi)));
  t.play(make(Kind::Hold, hi));
  ASSERT_EQ(t.s.decision, Decision::Fire);
  EXPECT_EQ(t.s.actor, b1);
  EXPECT_EQ(to_decide(t.s), 1);
  EXPECT_TRUE(t.has(make(Kind::HoldFire, b1)));
  t.play(make(Kind::Fire, b1, hi));
  EXPECT_EQ(t.s.actor, b2);
  t.d10({6});  // 6 - 2 (HI) + 1 (two shooters) = 5: recoils
  t.play(make(Kind::Fire, b2, hi));
  EXPECT_EQ(t.count("volley"), 1);
  EXPECT_NE(t.last("volley").find("= 5"), std::string::npos) << t.last("volley");
  EXPECT_NEAR(t.y(hi), 13, 1e-3);
  // Then B's movement phase.
  EXPECT_EQ(t.s.decision, Decision::Activate);
  EXPECT_EQ(t.s.side, 1);
  EXPECT_FALSE(t.s.fire_phase);
}

}  // namespace
}  // namespace bgb::quinn
