// Successive melee, the optional rule (Q-SUC-1, I-SUC): a winner charges again with what its move
// left, at -2 for each melee it fought this phase; in the locked step a stand locked to several
// may attack each of them.
#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

// A HI (A) 2" short of an LI's front (B), a second LI 1.575" to the right of the first.
struct TwoTargets {
  Table t;
  int hi = -1, li1 = -1, li2 = -1;
  explicit TwoTargets(bool option) {
    t.scn.successive_melee = option;
    hi = t.add(0, "hi", 20, 10, 90);
    li1 = t.add(1, "li", 20, 12.4, 270);
    li2 = t.add(1, "li", 21.575, 12.4, 270);
    t.add(1, "li", 60, 40, 270);
    t.add(1, "li", 62, 40, 270);
    t.scn.break_point[1] = 4;
    t.start(0);
    t.play(make(Kind::Activate, 0, t.cmd(hi)));
  }
};

TEST(QuinnSuccessive, WinnerChargesAgainAtMinusTwo_QSUC1) {
  TwoTargets k(true);
  Table& t = k.t;
  t.d10({5});  // HI on LI +3: 8, destroyed
  t.play(make(Kind::Charge, k.hi, k.li1, 0, 0));
  EXPECT_FALSE(t.alive(k.li1));
  ASSERT_EQ(t.s.decision, Decision::FollowUp);
  EXPECT_EQ(to_decide(t.s), 0);
  EXPECT_TRUE(t.has(make(Kind::Decline)));
  // The second LI is 1.575" to the side: a charge on its front costs a turn and a run, within
  // the 6" less the 2.2" the first charge took.
  Act again = 0;
  for (Act a : t.legal())
    if (kind_of(a) == Kind::Charge && target_of(a) == k.li2) again = a;
  ASSERT_NE(again, 0u);
  EXPECT_EQ(melee_mods(t.scn, t.s, k.hi, k.li2, false).successive, -2);
  t.d10({7});  // 7 + 3 - 2 = 8: destroyed
  t.play(again);
  EXPECT_FALSE(t.alive(k.li2));
  EXPECT_NE(t.last("melee").find("successive -2"), std::string::npos) << t.last("melee");
}

TEST(QuinnSuccessive, DeclineEndsIt_QSUC1) {
  TwoTargets k(true);
  Table& t = k.t;
  t.d10({5});
  t.d6({1});
  t.play(make(Kind::Charge, k.hi, k.li1, 0, 0));
  ASSERT_EQ(t.s.decision, Decision::FollowUp);
  t.play(make(Kind::Decline));
  EXPECT_TRUE(t.alive(k.li2));
  EXPECT_NE(t.s.decision, Decision::FollowUp);
}

TEST(QuinnSuccessive, NoFollowUpWithoutTheOptionOrAfterALoss_QSUC1) {
  TwoTargets off(false);
  off.t.d10({5});
  off.t.play(make(Kind::Charge, off.hi, off.li1, 0, 0));
  EXPECT_FALSE(off.t.alive(off.li1));
  EXPECT_NE(off.t.s.decision, Decision::FollowUp);
  TwoTargets lost(true);
  lost.t.d10({1});  // 1 + 3 = 4: locked, not a win
  lost.t.play(make(Kind::Charge, lost.hi, lost.li1, 0, 0));
  EXPECT_TRUE(locked_with(lost.t.s, lost.hi, lost.li1));
  EXPECT_NE(lost.t.s.decision, Decision::FollowUp);
}

TEST(QuinnSuccessive, FollowUpOnlyWithTheAllowanceLeft_ISUC) {
  Table t;
  t.scn.successive_melee = true;
  const int hi = t.add(0, "hi", 20, 10, 90);
  const int li1 = t.add(1, "li", 20, 15.4, 270);  // a 5" charge: 1" left
  const int li2 = t.add(1, "li", 23.5, 15.4, 270);
  t.add(1, "li", 60, 40, 270);
  t.scn.break_point[1] = 3;
  t.start(0);
  t.play(make(Kind::Activate, 0, t.cmd(hi)));
  t.d10({5});
  t.play(make(Kind::Charge, hi, li1, 0, 0));
  EXPECT_FALSE(t.alive(li1));
  EXPECT_NE(t.s.decision, Decision::FollowUp);  // the other LI is out of the 1" left
  EXPECT_TRUE(t.alive(li2));
}

TEST(QuinnSuccessive, LockedStepAttacksEachPartner_ISUC) {
  Table t;
  t.scn.successive_melee = true;
  const int a = t.add(0, "hi", 20, 10, 90);
  const int front = t.add(1, "li", 20, 10 + (0.591 + 0.787) / 2, 270);
  const int rear = t.add(1, "li", 20, 10 - (0.591 + 0.787) / 2, 90);
  t.add(1, "li", 60, 40, 270);
  t.add(1, "li", 62, 40, 270);
  t.scn.break_point[1] = 5;
  t.start(0);
  detail::add_lock(t.s, a, front);
  detail::add_lock(t.s, a, rear);
  t.play(make(Kind::EndPhase));
  ASSERT_EQ(t.s.decision, Decision::LockTarget);
  t.d10({1});  // continuing: HI on LI +3, locked +1 - (-2) = +6 -> 7: flees; flight 1"
  t.d10({1});
  t.play(make(Kind::LockTarget, a, front));
  // Still locked to the rear one: a second attack may follow, at -2, or be declined.
  ASSERT_EQ(t.s.decision, Decision::LockTarget);
  EXPECT_TRUE(t.has(make(Kind::Decline)));
  EXPECT_FALSE(t.has(make(Kind::LockTarget, a, front)));
  EXPECT_EQ(melee_mods(t.scn, t.s, a, rear, true).successive, -2);
  t.d10({2});
  t.play(make(Kind::LockTarget, a, rear));
  EXPECT_EQ(t.count("melee"), 2);
}

}  // namespace
}  // namespace bgb::quinn
