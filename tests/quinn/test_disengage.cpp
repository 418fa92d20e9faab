// Disengaging (Q-DIS, I-DIS, I-ARCH): the spec's test situations 76-84, through the turn.
#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

// A stand of side A locked with a HI of side B in front of it; A moves; the stand's command is
// activated. Returns the table and the stand's id.
struct Locked {
  Table t;
  int id = -1, enemy = -1;
  explicit Locked(const char* profile) {
    const double d = inches(t.scn.profiles[size_t(find_profile(t.scn.profiles, profile))].depth);
    id = t.add(0, profile, 20, 10, 90);
    enemy = t.add(1, "hi", 20, 10 + (d + 0.591) / 2, 270);
    t.add(0, "hi", 50, 10, 90);  // a second command, so a stop roll follows
    t.add(1, "hi", 50, 40, 270);
    t.start(0);
    detail::add_lock(t.s, id, enemy);
    t.play(make(Kind::Activate, 0, t.cmd(id)));
  }
  // Tests with the die (0: no die forced); true on a pass.
  bool test(int die) {
    if (die) t.d10({die});
    t.d6({1});  // the stop roll after a failed test: go on
    t.play(make(Kind::Disengage, id));
    return t.s.decision == Decision::AfterDisengage;
  }
};

void expect_die(const char* profile, int die, bool pass) {
  Locked l(profile);
  EXPECT_EQ(l.test(die), pass) << profile << " die " << die << ": " << l.t.last("disengage");
  if (!pass) {
    EXPECT_TRUE(locked_with(l.t.s, l.id, l.enemy));
  }
}

TEST(QuinnDisengage, GenericHi_Case76) {
  expect_die("hi", 6, false);
  expect_die("hi", 7, true);
}

TEST(QuinnDisengage, LegionPlusTwo_Case77) {
  expect_die("legion", 5, true);
  expect_die("legion", 4, false);
}

TEST(QuinnDisengage, HoplitesMinusTwo_Case78) {
  expect_die("hoplite", 8, false);
  expect_die("hoplite", 9, true);
  expect_die("hoplite", 10, true);
}

TEST(QuinnDisengage, MiAndHcFivePlus_Case79) {
  for (const char* p : {"mi", "hc"}) {
    expect_die(p, 4, false);
    expect_die(p, 5, true);
  }
}

TEST(QuinnDisengage, ArchersAsMi_Case80) {
  expect_die("archers", 4, false);
  expect_die("archers", 5, true);
}

TEST(QuinnDisengage, ChariotsNinePlus_Case81) {
  expect_die("ch", 8, false);
  expect_die("ch", 9, true);
}

TEST(QuinnDisengage, ElephantsSevenPlus_Case82) {
  expect_die("el", 6, false);
  expect_die("el", 7, true);
}

TEST(QuinnDisengage, LightTroopsNeedNoDie_Case83) {
  for (const char* p : {"li", "lc"}) {
    Locked l(p);
    EXPECT_TRUE(l.test(0));
    EXPECT_EQ(l.t.rng.forced_pending(), 1);  // only the stop roll's die is left: none was rolled
    EXPECT_NE(l.t.last("disengage").find("no die"), std::string::npos);
  }
}

TEST(QuinnDisengage, MustEndClearOfTheOldPartner_Case84) {
  Locked l("mi");
  ASSERT_TRUE(l.test(5));
  Table& t = l.t;
  // Every move offered ends clear of the HI; a free move staying in contact is refused.
  for (Act a : t.legal()) {
    ASSERT_EQ(kind_of(a), Kind::Move);
    Pose p;
    ASSERT_TRUE(template_pose(t.scn, t.s, l.id, template_of(a), p));
    State after = t.s;
    detail::set_pose(after, l.id, p.x, p.y, p.h);
    EXPECT_FALSE(touch(rect_of(t.scn, after, l.id), rect_of(t.scn, after, l.enemy)));
  }
  std::string why;
  // Sliding 1" sideways keeps it touching the HI's front edge.
  EXPECT_FALSE(is_legal(t.scn, t.s, make_move_to(l.id, to_mil(20.5), to_mil(10), 90), &why));
  EXPECT_FALSE(why.empty());
  // Backing off 2" (an about-face and a step) clears it, and the locks end.
  t.play(make_move_to(l.id, to_mil(20), to_mil(8), 270));
  EXPECT_FALSE(locked_with(t.s, l.id, l.enemy));
  EXPECT_FALSE(t.s.stand[l.enemy].locked());
}

TEST(QuinnDisengage, FailedStandFightsInTheLockedStep_IDIS) {
  Locked l("hi");
  Table& t = l.t;
  EXPECT_FALSE(l.test(2));
  // Its command had one stand: the stop roll (1) came at once. The other command moves (the
  // last one: no stop roll), then the locked step: the HI attacks its partner (continuing:
  // locked +1 - (+1) = 0), die 3 -> L.
  ASSERT_EQ(t.s.decision, Decision::Activate);
  t.play(make(Kind::Activate, 0, t.cmd(stand_id(0, 1))));
  t.d10({3});
  t.play(make(Kind::EndActivation));
  EXPECT_EQ(t.count("melee"), 1);
  EXPECT_NE(t.last("melee").find("fights on"), std::string::npos) << t.last("melee");
}

}  // namespace
}  // namespace bgb::quinn
