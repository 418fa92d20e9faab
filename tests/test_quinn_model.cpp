// The search's view of Quinn's game (src/quinn/model/): careful play's guesses of the charges
// each side could make next, and what they do to the evaluation and to a move's prior.
#include <gtest/gtest.h>

#include "quinn/model/quinn_model.h"
#include "quinn/quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

// Headings are degrees counter-clockwise from +x: 90 faces up the table (+y).
struct Flanked {
  Table t;
  int foot = -1, horse = -1;
  // A's medium foot at (10, 4); B's heavy horse 4" above it, facing down onto it. `foot_h` is
  // the foot's heading: 90 faces the horse, 0 shows it the left flank.
  explicit Flanked(int foot_h, int mover = 1) {
    foot = t.add(0, "mi", 10, 4, foot_h);
    horse = t.add(1, "hc", 10, 8, 270);
    t.add(0, "mi", 30, 4, 90);  // far away: each side has a second stand
    t.add(1, "hc", 30, 30, 270);
    t.start(mover);
  }
};

TEST(QuinnModel, ChargeGuessCountsTheFlankItWouldStrike) {
  Flanked front(90), flank(0);
  QuinnModel m(front.t.scn);
  const Vec at{10, 8};
  const double on_front = m.charge_guess(front.t.s, front.horse, at, front.foot, front.t.rect(front.foot), 0, 0);
  const double on_flank = m.charge_guess(flank.t.s, flank.horse, at, flank.foot, flank.t.rect(flank.foot), 0, 0);
  // HC against MI: basic 0 (Q-MEL-4); on the flank the MI's flank/rear +1 (Q-MEL-5).
  EXPECT_DOUBLE_EQ(on_front, melee_worth(0));
  EXPECT_DOUBLE_EQ(on_flank, melee_worth(1));
  // From behind the foot: its rear, the same bonus.
  EXPECT_DOUBLE_EQ(m.charge_guess(front.t.s, front.horse, Vec{10, 0}, front.foot, front.t.rect(front.foot), 0, 0),
                   melee_worth(1));
}

TEST(QuinnModel, ChargeGuessCountsTheDefendersRanksAndHalfTheChargers) {
  Flanked f(90);
  QuinnModel m(f.t.scn);
  const Rect r = f.t.rect(f.foot);
  EXPECT_DOUBLE_EQ(m.charge_guess(f.t.s, f.horse, Vec{10, 8}, f.foot, r, 0, 2), melee_worth(-2));
  EXPECT_DOUBLE_EQ(m.charge_guess(f.t.s, f.horse, Vec{10, 8}, f.foot, r, 2, 0), 0.5 * (melee_worth(0) + melee_worth(2)));
}

TEST(QuinnModel, ExposureWeighsTheEnemysChargeAgainstOurs) {
  Flanked f(90);
  QuinnModel m(f.t.scn);
  const Profile& p = profile_of(f.t.scn, f.foot);
  const double w = inches(p.width), d = inches(p.depth);
  double opp = 0, danger = 0;
  // Out of the horse's reach (its rate + 1.5") and beyond the foot's own: nothing either way.
  m.exposure(f.t.s, f.foot, Rect{{10, -20}, 90, w, d}, opp, danger);
  EXPECT_EQ(opp, 0);
  EXPECT_EQ(danger, 0);
  // Facing the horse 4" away: its charge on our front, ours on its front.
  m.exposure(f.t.s, f.foot, Rect{{10, 4}, 90, w, d}, opp, danger);
  EXPECT_DOUBLE_EQ(danger, melee_worth(basic_melee(Cls::HC, Cls::MI)));
  EXPECT_DOUBLE_EQ(opp, melee_worth(basic_melee(Cls::MI, Cls::HC)));
  // The same place turned side-on: the horse would strike the flank.
  m.exposure(f.t.s, f.foot, Rect{{10, 4}, 0, w, d}, opp, danger);
  EXPECT_DOUBLE_EQ(danger, melee_worth(basic_melee(Cls::HC, Cls::MI) + flank_bonus(Cls::MI)));
}

TEST(QuinnModel, CarefulEvaluationDislikesAFlankShownToHorse) {
  // B (the horse's side) moves next in both.
  Flanked front(90), flank(0);
  QuinnModel m(front.t.scn), mf(flank.t.scn);
  m.careful = mf.careful = true;
  EXPECT_GT(m.evaluate(front.t.s, 0), mf.evaluate(flank.t.s, 0));
  // Without careful play the threat term sees class against class only: the two are alike.
  m.careful = mf.careful = false;
  EXPECT_DOUBLE_EQ(m.evaluate(front.t.s, 0), mf.evaluate(flank.t.s, 0));
}

TEST(QuinnModel, CarefulPriorTurnsAFlankAwayFromHorse) {
  // A to move; its foot stands side-on to the horse. Of the foot's template moves, careful play
  // prefers one that ends facing the horse to one that keeps the flank to it.
  Flanked f(0, 0);
  QuinnModel m(f.t.scn);
  m.careful = true;
  std::vector<Act> moves;
  f.t.play(make(Kind::Activate, 0, f.t.cmd(f.foot)));
  stand_legal_actions(f.t.scn, f.t.s, f.foot, moves);
  double best_facing = -1e9, best_side_on = -1e9;
  for (Act a : moves) {
    if (kind_of(a) != Kind::Move) continue;
    Pose p;
    ASSERT_TRUE(template_pose(f.t.scn, f.t.s, f.foot, template_of(a), p));
    const double v = m.action_prior(f.t.s, a);
    if (std::abs(p.h - 90) <= 10) best_facing = std::max(best_facing, v);
    if (p.h == 0) best_side_on = std::max(best_side_on, v);
  }
  ASSERT_GT(best_facing, -1e9);
  ASSERT_GT(best_side_on, -1e9);
  EXPECT_GT(best_facing, best_side_on);
}

}  // namespace
}  // namespace bgb::quinn
