// Movement and charges (Q-MOV, I-TURN, I-ROUGHMOVE, I-LIGHT, I-PATH, I-CHARGE): the spec's test
// situations 50-65, paths given as the pose they lead to (MoveTo takes the cheapest legal shape).
#include <cmath>

#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

// Whether stand id of t may move to (x, y) facing h now; the cost when it may.
bool can_move(Table& t, int id, double x, double y, int h, double* cost = nullptr, std::string* why = nullptr) {
  Pose p;
  const bool ok = move_to_pose(t.scn, t.s, id, to_mil(x), to_mil(y), h, p, why);
  if (ok && cost) *cost = p.cost;
  return ok;
}

struct Hi {
  Table t;
  int id = -1;
  explicit Hi(const char* profile = "hi", double x = 10, double y = 10, int h = 90) {
    id = t.add(0, profile, x, y, h);
    t.add(1, "hi", 60, 40, 270);  // an enemy far away
  }
  void start() { t.start(0); }
};

TEST(QuinnMovement, StraightAhead_Case50) {
  Hi m;
  m.start();
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 10, 16, 90, &cost));
  EXPECT_NEAR(cost, 6.0, 1e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 10, 16.01, 90));
}

TEST(QuinnMovement, ObliqueUpTo45_Case51) {
  Hi m;
  m.start();
  EXPECT_TRUE(can_move(m.t, m.id, 5.757, 14.243, 90));
  // 46 degrees off the facing, 1": too oblique (Q-MOV-4).
  std::string why;
  EXPECT_FALSE(can_move(m.t, m.id, 10 + std::cos(136 * M_PI / 180), 10 + std::sin(136 * M_PI / 180), 90, nullptr, &why));
  EXPECT_NE(why.find("45"), std::string::npos) << why;
}

TEST(QuinnMovement, TurnThenStraight_Case52) {
  Hi m;
  m.start();
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 10 - 3.643, 10, 180, &cost));
  EXPECT_NEAR(cost, 5.999, 1e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 10 - 3.65, 10, 180));
}

TEST(QuinnMovement, AboutFaceThenStraight_Case53) {
  Hi m;
  m.start();
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 10, 7, 270, &cost));
  EXPECT_NEAR(cost, 6.0, 1e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 10, 6.99, 270));
}

TEST(QuinnMovement, RoughCostsDouble_Case54) {
  Hi m;
  m.t.rough(0, 12, 20, 20);
  m.start();
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 10, 14, 90, &cost));
  EXPECT_NEAR(cost, 6.0, 1e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 10, 14.01, 90));
}

TEST(QuinnMovement, AboutFaceInRoughTakesAll_Case55) {
  Hi m(("hi"), 10, 15);
  m.t.rough(0, 12, 20, 20);
  m.start();
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 10, 15, 270, &cost));
  EXPECT_NEAR(cost, 6.0, 1e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 10, 14.99, 270));
}

TEST(QuinnMovement, FreeMoverAnyDirectionAndFacing_Case56) {
  Hi m("li");
  m.start();
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 10, 1, 0, &cost));
  EXPECT_NEAR(cost, 9.0, 1e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 10, 0.99, 0));
}

TEST(QuinnMovement, CavalryTurnThenRun_Case57) {
  Hi m("hc", 30, 10);
  m.start();
  const double c45 = std::cos(M_PI / 4);
  double cost = 0;
  EXPECT_TRUE(can_move(m.t, m.id, 30 + 10.82 * c45, 10 + 10.82 * c45, 45, &cost));
  EXPECT_NEAR(cost, 11.998, 2e-3);
  EXPECT_FALSE(can_move(m.t, m.id, 30 + 10.83 * c45, 10 + 10.83 * c45, 45));
}

TEST(QuinnMovement, NoPassingThroughAFriend_Case58) {
  Hi m;
  const int friend_id = m.t.add(0, "hi", 10, 13, 90);
  m.start();
  EXPECT_FALSE(can_move(m.t, m.id, 10, 16, 90));  // through the friend (I-PASS)
  // The template straight ahead, all of it, stops at contact with the friend.
  Pose p;
  ASSERT_TRUE(template_pose(m.t.scn, m.t.s, m.id, 5 /* 0 degrees, all */, p));
  EXPECT_NEAR(inches(p.y), 13 - 0.591, 2e-3);
  EXPECT_EQ(p.x, to_mil(10));
  (void)friend_id;
}

TEST(QuinnMovement, OrdinaryMoveMayNotTouchAnEnemy_Case59) {
  Table t;
  const int a = t.add(0, "hi", 10, 10, 90);
  t.add(1, "hi", 10, 15, 270);
  t.start(0);
  // Enemy rear... its front edge at y = 14.7045; ours would end 0.005" short of it.
  const double touching_y = 15 - 0.591 - 0.005;
  EXPECT_FALSE(can_move(t, a, 10, touching_y, 90));
  EXPECT_TRUE(can_move(t, a, 10, touching_y - 0.05, 90));
}

TEST(QuinnCharge, FrontalCharge_Case60) {
  Table t;
  const int hc = t.add(0, "hc", 20, 10, 90);
  const int hi = t.add(1, "hi", 20, 20, 270);
  t.start(0);
  Pose p;
  ASSERT_TRUE(charge_pose(t.scn, t.s, hc, hi, 0, 0, p));
  EXPECT_NEAR(inches(p.x), 20, 1e-3);
  EXPECT_NEAR(inches(p.y), 19.114, 1e-3);
  EXPECT_EQ(p.h, 90);
  EXPECT_NEAR(p.cost, 9.114, 1e-3);
  t.play(make(Kind::Activate, 0, t.cmd(hc)));
  EXPECT_TRUE(t.has(make(Kind::Charge, hc, hi, 0, 0)));
  State after = t.s;
  detail::set_pose(after, hc, p.x, p.y, p.h);
  EXPECT_EQ(aspect(rect_of(t.scn, after, hc), rect_of(t.scn, after, hi)), Aspect::Front);
  EXPECT_EQ(melee_mods(t.scn, after, hc, hi, false).sum(), 0);
}

TEST(QuinnCharge, FlankCharge_Case61) {
  Table t;
  const int hc = t.add(0, "hc", 10, 20, 0);
  const int hi = t.add(1, "hi", 20, 20, 270);
  t.start(0);
  Pose p;
  ASSERT_TRUE(charge_pose(t.scn, t.s, hc, hi, 1, 0, p));  // the HI's right flank, x = 19.2125
  EXPECT_NEAR(inches(p.x), 18.622, 1e-3);
  EXPECT_NEAR(inches(p.y), 20, 1e-3);
  EXPECT_EQ(p.h, 0);
  State after = t.s;
  detail::set_pose(after, hc, p.x, p.y, p.h);
  EXPECT_EQ(aspect(rect_of(t.scn, after, hc), rect_of(t.scn, after, hi)), Aspect::Flank);
  EXPECT_EQ(melee_mods(t.scn, after, hc, hi, false).sum(), 3);
}

TEST(QuinnCharge, TurnThenObliqueCharge_Case62) {
  Table t;
  const int hi = t.add(0, "hi", 10, 10, 90);
  const int li = t.add(1, "li", 13.5, 12, 180);
  t.start(0);
  Pose p;
  ASSERT_TRUE(charge_pose(t.scn, t.s, hi, li, 0, 0, p));
  EXPECT_NEAR(inches(p.x), 12.811, 1e-3);
  EXPECT_NEAR(inches(p.y), 12, 1e-3);
  EXPECT_EQ(p.h, 0);
  EXPECT_NEAR(p.cost, 5.806, 2e-3);
}

TEST(QuinnCharge, OutOfReachNoChargeAction_Case63) {
  Table t;
  const int hi = t.add(0, "hi", 10, 10, 90);
  const int li = t.add(1, "li", 14.0, 12.5, 180);
  t.start(0);
  for (int e = 0; e < 4; ++e)
    for (int o = 0; o < 3; ++o) {
      Pose p;
      EXPECT_FALSE(charge_pose(t.scn, t.s, hi, li, e, o, p)) << "edge " << e << " offset " << o;
    }
  t.play(make(Kind::Activate, 0, t.cmd(hi)));
  for (Act a : t.legal()) EXPECT_NE(kind_of(a), Kind::Charge) << action_text(t.scn, t.s, a);
}

TEST(QuinnCharge, MiddleOfALineHasNoFlankToCharge_Case64) {
  Table t;
  const int hc = t.add(0, "hc", 20, 10, 90);
  // Three HI side by side facing 270; the middle one's flanks are filled by its neighbours.
  t.add(1, "hi", 20 - 1.575, 16, 270);
  const int mid = t.add(1, "hi", 20, 16, 270);
  t.add(1, "hi", 20 + 1.575, 16, 270);
  t.start(0);
  Pose p;
  for (int e : {1, 3})
    for (int o = 0; o < 3; ++o) EXPECT_FALSE(charge_pose(t.scn, t.s, hc, mid, e, o, p)) << "edge " << e;
  EXPECT_TRUE(charge_pose(t.scn, t.s, hc, mid, 0, 0, p));  // its front is open
}

TEST(QuinnCharge, LockedStandCannotCharge_Case65) {
  Table t;
  const int a = t.add(0, "hi", 20, 10, 90);
  const int b = t.add(1, "hi", 20, 10 + 0.591, 270);
  const int far = t.add(1, "hi", 24, 14, 270);
  t.start(0);
  detail::add_lock(t.s, a, b);
  t.play(make(Kind::Activate, 0, t.cmd(a)));
  for (Act x : t.legal()) {
    EXPECT_NE(kind_of(x), Kind::Charge);
    EXPECT_NE(kind_of(x), Kind::Move);
  }
  EXPECT_TRUE(t.has(make(Kind::Disengage, a)));
  EXPECT_TRUE(t.has(make(Kind::Hold, a)));
  std::string why;
  EXPECT_FALSE(is_legal(t.scn, t.s, make_move_to(a, to_mil(20), to_mil(9), 90), &why));
  EXPECT_NE(why.find("locked"), std::string::npos) << why;
  (void)far;
}

TEST(QuinnCharge, ChargeResolvesAfterTheCommandMoved_IWHEN) {
  Table t;
  const int hc = t.add(0, "hc", 20, 10, 90);
  const int hi = t.add(1, "hi", 20, 20, 270);
  t.add(1, "hi", 50, 40, 270);  // B keeps a stand: one loss does not end it
  t.scn.break_point[1] = 2;
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(hc)));
  t.d10({8});  // 8 + 0 = DD
  t.play(make(Kind::Charge, hc, hi, 0, 0));
  EXPECT_FALSE(t.alive(hi));
  EXPECT_EQ(t.s.losses[1], 1);
  EXPECT_NE(t.last("melee").find("= 8: defender destroyed"), std::string::npos) << t.last("melee");
}

TEST(QuinnMovement, TemplatesAreLegalAndDistinct_S310) {
  Table t;
  const int hi = t.add(0, "hi", 30, 20, 90);
  const int li = t.add(0, "li", 40, 20, 90);
  t.add(1, "hi", 30, 40, 270);
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(hi)));
  int moves = 0;
  for (Act a : t.legal())
    if (kind_of(a) == Kind::Move) {
      ++moves;
      EXPECT_LT(template_of(a), kStraightTemplates + kTurnTemplates + kAboutTemplates);
    }
  // 9 straight + 12 turns (4 of them turning in place) + 2 about-faces, none the same pose.
  EXPECT_EQ(moves, 23);
  (void)li;
}

// Found by random play: a person's MoveTo must reach every pose a template reaches, the two
// running the same path tests (§3.7 "free paths"), and a template must not spend more than the
// allowance once its end is rounded to the mil (I-ROUGHMOVE).
bool move_to_template_pose(Table& t, int id, int tmpl, Pose& p, std::string& why) {
  if (!template_pose(t.scn, t.s, id, tmpl, p)) {
    why = "no template pose";
    return false;
  }
  Pose q;
  return move_to_pose(t.scn, t.s, id, p.x, p.y, p.h, q, &why);
}

TEST(QuinnMovement, MoveToReachesAnObliqueTemplatePose_QMOV4) {
  // A heading off the 45-degree marks (a stand turned by a flight): the rounded end of the
  // 45-degree oblique lies a hair outside the 45-degree line.
  Hi m("el", 34.0, 24.6, 100);
  m.start();
  for (int tmpl : {0, 1, 2, 6, 7, 8}) {
    Pose p;
    std::string why;
    EXPECT_TRUE(move_to_template_pose(m.t, m.id, tmpl, p, why)) << "template " << tmpl << ": " << why;
  }
}

TEST(QuinnMovement, MoveToReachesATemplatePoseAtTheTableEdge_IPATH) {
  // LC run right up to the table's right edge; the rounded end pokes half a mil past it.
  Hi m("lc_jav", 70.0, 14.0, 90);
  m.start();
  Pose p;
  std::string why;
  const int right_all = kStraightTemplates + kTurnTemplates + kAboutTemplates + 6 * 6 + 2 * 2;  // direction 270 (right), all
  ASSERT_TRUE(template_pose(m.t.scn, m.t.s, m.id, right_all, p));
  EXPECT_NEAR(inches(p.x) + 1.575 / 2, 72.0, 1e-3);
  EXPECT_TRUE(move_to_template_pose(m.t, m.id, right_all, p, why)) << why;
}

TEST(QuinnMovement, TemplateIntoRoughKeepsWithinTheAllowance_IROUGHMOVE) {
  // HC beside the S2 rough flank, turning 45 and running the rest of its 12", partly in rough
  // (where the half-mil of rounding costs double).
  Hi m("hc", 13.515, 17.515, 180);
  m.t.rough(0, 20, 12, 30);
  m.start();
  for (int tmpl = 0; tmpl < kStraightTemplates + kTurnTemplates + kAboutTemplates; ++tmpl) {
    Pose p;
    std::string why;
    if (!template_pose(m.t.scn, m.t.s, m.id, tmpl, p)) continue;
    EXPECT_LE(p.cost, 12.0 + kEps) << "template " << tmpl;
    EXPECT_TRUE(move_to_template_pose(m.t, m.id, tmpl, p, why)) << "template " << tmpl << ": " << why;
  }
}

TEST(QuinnMacros, FourStandLineWheels45_S310) {
  // The spec's example: a line of four heavy foot wheels 45 degrees about its left end; the outer
  // stand, 5.520" from the pivot, turns 1.178" and runs a 4.225" chord: 5.403 of its 6".
  Table t;
  std::vector<int> line;
  for (int i = 0; i < 4; ++i) line.push_back(t.add(0, "hi", 10 + 1.575 * i, 10, 90));
  t.add(1, "hi", 60, 40, 270);
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(line[0])));
  std::vector<std::pair<int, Pose>> poses;
  ASSERT_TRUE(wheel_poses(t.scn, t.s, line[0], 1, poses));
  ASSERT_EQ(poses.size(), 4u);
  double outer = 0;
  for (const auto& [id, p] : poses) {
    EXPECT_EQ(p.h, 135);
    if (id == line[3]) outer = p.cost;
  }
  EXPECT_NEAR(outer, 5.403, 2e-3);
  EXPECT_FALSE(wheel_poses(t.scn, t.s, line[0], 2, poses));  // 90 degrees: the outer stand needs 10.2"
  EXPECT_TRUE(t.has(make(Kind::Wheel, line[0], 0, 0, 0, 1)));
  EXPECT_FALSE(t.has(make(Kind::Wheel, line[0], 0, 0, 0, 2)));
  t.play(make(Kind::Wheel, line[0], 0, 0, 0, 1));
  // The pivot stand turned about its front-left corner; the line is still a line, facing 135.
  for (int id : line) EXPECT_EQ(t.h(id), 135);
  EXPECT_TRUE(touch(t.rect(line[0]), t.rect(line[1])));
  EXPECT_TRUE(touch(t.rect(line[2]), t.rect(line[3])));
}

TEST(QuinnMacros, TwoStandsWheel90AndOnlyARankWheels_S310) {
  Table t;
  const int a = t.add(0, "hi", 20, 10, 90);
  const int b = t.add(0, "hi", 21.575, 10, 90);
  t.add(1, "hi", 60, 40, 270);
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(a)));
  std::vector<std::pair<int, Pose>> poses;
  EXPECT_TRUE(wheel_poses(t.scn, t.s, a, 4, poses));  // 45 to the right
  EXPECT_TRUE(wheel_poses(t.scn, t.s, a, 3, poses));  // 22 to the right
  // 90: the pivot stand's chord runs 66 degrees off its new facing (its centre sits behind the
  // corner it turns about), past the 45 of Q-MOV-4: a rank cannot wheel a right angle at once.
  EXPECT_FALSE(wheel_poses(t.scn, t.s, a, 5, poses));
  Table col;  // a column (one behind the other) is not a rank: no wheel
  const int c1 = col.add(0, "hi", 20, 10, 90);
  col.add(0, "hi", 20, 10 - 0.591, 90);
  col.add(1, "hi", 60, 40, 270);
  col.start(0);
  col.play(make(Kind::Activate, 0, col.cmd(c1)));
  for (int f = 0; f < 6; ++f) EXPECT_FALSE(wheel_poses(col.scn, col.s, c1, f, poses)) << f;
  (void)b;
}

}  // namespace
}  // namespace bgb::quinn
