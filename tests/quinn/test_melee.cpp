// Melee (Q-MEL, I-DEF, I-LOCKMOD, I-FLANK, I-SUPP, I-SUC): the spec's test situations 1-31, each
// with its modifier total and forced dice read on the results table (Q-RES-1).
#include <cmath>

#include "quinn_support.h"

namespace bgb::quinn {
namespace {

using testing::Table;

enum Where { Front, Flank, Rear };

struct Fight {
  Table t;
  int a = -1, d = -1;
  double ax = 0, ay = 0, dx = 0, dy = 0;
};

double depth_of(const Table& t, const char* p) { return inches(t.scn.profiles[size_t(find_profile(t.scn.profiles, p))].depth); }

// The defender (side B) faces 270 at (30, 20); the attacker (side A) touches its front, its right
// flank (the -x side) or its rear, squared off. `att_ranks` / `def_ranks` stands of the same
// profile stand behind each, touching.
void setup(Fight& f, const char* att, const char* def, Where where = Front, int att_ranks = 0, int def_ranks = 0,
           const char* def_rank_profile = nullptr) {
  Table& t = f.t;
  const double da = depth_of(t, att), dd = depth_of(t, def);
  const char* drp = def_rank_profile ? def_rank_profile : def;
  f.d = t.add(1, def, 30, 20, 270);
  for (int k = 1; k <= def_ranks; ++k) t.add(1, drp, 30, 20 + dd * k, 270);
  if (where == Front) {
    f.a = t.add(0, att, 30, 20 - (dd + da) / 2, 90);
    for (int k = 1; k <= att_ranks; ++k) t.add(0, att, 30, 20 - (dd + da) / 2 - da * k, 90);
  } else if (where == Flank) {
    f.a = t.add(0, att, 30 - 0.7875 - da / 2, 20, 0);
  } else {
    f.a = t.add(0, att, 30, 20 + dd / 2 + da / 2, 270);
  }
  t.start(0);
}

int total_mods(Fight& f, bool continuing = false) { return melee_mods(f.t.scn, f.t.s, f.a, f.d, continuing).sum(); }

// Fights once with the die and checks what the result did to the two stands.
void expect(Fight& f, int die, Result r, bool continuing = false) {
  Table& t = f.t;
  const double ax = t.x(f.a), ay = t.y(f.a), dx = t.x(f.d), dy = t.y(f.d);
  const int flees_before = t.count("flee");
  if (continuing) detail::add_lock(t.s, f.a, f.d);
  t.d10({die, 3});  // the second die is a flight's distance, when there is one
  detail::Ctx c = t.ctx();
  detail::melee(c, f.a, f.d, continuing);
  t.rng.clear_forced();
  SCOPED_TRACE(t.last("melee"));
  switch (r) {
    case Result::AttackerDestroyed: EXPECT_FALSE(t.alive(f.a)); EXPECT_TRUE(t.alive(f.d)); break;
    case Result::AttackerRecoils:  // up to 1", less with a stand behind (I-RECOIL)
      EXPECT_TRUE(t.alive(f.a));
      EXPECT_LE(std::hypot(t.x(f.a) - ax, t.y(f.a) - ay), 1.002);
      EXPECT_EQ(t.count("recoil"), 1);
      EXPECT_FALSE(locked_with(t.s, f.a, f.d));
      break;
    case Result::Locked: EXPECT_TRUE(locked_with(t.s, f.a, f.d)); EXPECT_TRUE(locked_with(t.s, f.d, f.a)); break;
    case Result::DefenderRecoils:
      EXPECT_TRUE(t.alive(f.d));
      EXPECT_LE(std::hypot(t.x(f.d) - dx, t.y(f.d) - dy), 1.002);
      EXPECT_EQ(t.count("recoil"), 1);
      break;
    case Result::DefenderFlees: EXPECT_EQ(t.count("flee"), flees_before + 1); break;
    case Result::DefenderDestroyed: EXPECT_FALSE(t.alive(f.d)); EXPECT_TRUE(t.alive(f.a)); break;
  }
  EXPECT_EQ(check_invariants(t.scn, t.s), "");
}

TEST(QuinnMelee, HiChargesLi_Case1) {
  Fight f;
  setup(f, "hi", "li");
  EXPECT_EQ(total_mods(f), 3);
  expect(f, 1, Result::Locked);
  Fight g;
  setup(g, "hi", "li");
  expect(g, 5, Result::DefenderDestroyed);
}

TEST(QuinnMelee, SourceExampleBothInRough_Case2) {
  for (int die : {7, 1}) {
    Fight f;
    f.t.rough(20, 10, 40, 30);
    setup(f, "hi", "li");
    EXPECT_EQ(total_mods(f), 0);
    EXPECT_EQ(melee_mods(f.t.scn, f.t.s, f.a, f.d, false).rough, -3);
    expect(f, die, die == 7 ? Result::DefenderFlees : Result::AttackerDestroyed);
  }
}

TEST(QuinnMelee, LcChargesHi_Case3) {
  for (auto [die, r] : {std::pair{4, Result::AttackerDestroyed}, {5, Result::AttackerRecoils}, {10, Result::DefenderFlees}}) {
    Fight f;
    setup(f, "lc", "hi");
    EXPECT_EQ(total_mods(f), -3);
    expect(f, die, r);
  }
}

TEST(QuinnMelee, HcChargesEl_Case4) {
  for (auto [die, r] : {std::pair{3, Result::AttackerDestroyed}, {4, Result::AttackerRecoils}}) {
    Fight f;
    setup(f, "hc", "el");
    EXPECT_EQ(total_mods(f), -2);
    expect(f, die, r);
  }
}

TEST(QuinnMelee, ElChargesHc_Case5) {
  for (auto [die, r] : {std::pair{6, Result::DefenderDestroyed}, {1, Result::Locked}}) {
    Fight f;
    setup(f, "el", "hc");
    EXPECT_EQ(total_mods(f), 2);
    expect(f, die, r);
  }
}

TEST(QuinnMelee, LiChargesEl_Case6) {
  Fight f;
  setup(f, "li", "el");
  EXPECT_EQ(total_mods(f), 2);
  expect(f, 5, Result::DefenderFlees);
}

TEST(QuinnMelee, ChariotsIntoHiFlank_Case7) {
  for (auto [die, r] : {std::pair{1, Result::DefenderRecoils}, {4, Result::DefenderDestroyed}}) {
    Fight f;
    setup(f, "ch", "hi", Flank);
    EXPECT_EQ(aspect(f.t.rect(f.a), f.t.rect(f.d)), Aspect::Flank);
    EXPECT_EQ(total_mods(f), 4);
    expect(f, die, r);
  }
}

TEST(QuinnMelee, LegionOnCeltsContinuingLocked_Case8) {
  Fight f;
  setup(f, "legion", "mi");
  EXPECT_EQ(total_mods(f, true), 4);
  expect(f, 3, Result::DefenderFlees, true);
}

TEST(QuinnMelee, CeltsOnLegionContinuingLocked_Case9) {
  for (auto [die, r] : {std::pair{4, Result::AttackerRecoils}, {3, Result::AttackerDestroyed}}) {
    Fight f;
    setup(f, "mi", "legion");
    EXPECT_EQ(total_mods(f, true), -2);
    expect(f, die, r, true);
  }
}

TEST(QuinnMelee, HoplitesThreeRanksAgainstHiOneRank_Case10) {
  for (auto [die, r] : {std::pair{6, Result::DefenderDestroyed}, {2, Result::Locked}}) {
    Fight f;
    setup(f, "hoplite", "hi", Front, 3, 1);
    EXPECT_EQ(support(f.t.scn, f.t.s, f.a), 3);
    EXPECT_EQ(support(f.t.scn, f.t.s, f.d), 1);
    EXPECT_EQ(total_mods(f), 2);
    expect(f, die, r);
  }
}

TEST(QuinnMelee, HoplitesCappedAtThree_Case11) {
  Fight f;
  setup(f, "hoplite", "hi", Front, 4, 0);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.a), 3);
  EXPECT_EQ(total_mods(f), 3);
  expect(f, 5, Result::DefenderDestroyed);
}

TEST(QuinnMelee, LegionAgainstThebanPhalanx_Case12) {
  Fight f;
  setup(f, "legion", "theban", Front, 3, 6);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.a), 2);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.d), 5);
  EXPECT_EQ(total_mods(f), -3);
  expect(f, 5, Result::AttackerRecoils);
}

TEST(QuinnMelee, HiThreeBehindAgainstMiTwoBehind_Case13) {
  Fight f;
  setup(f, "hi", "mi", Front, 3, 2);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.a), 2);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.d), 1);
  EXPECT_EQ(total_mods(f), 2);
  expect(f, 6, Result::DefenderDestroyed);
}

TEST(QuinnMelee, LightInfantryRanksGiveNothing_Case14) {
  Fight f;
  setup(f, "li", "li", Front, 2, 0);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.a), 0);
  EXPECT_EQ(total_mods(f), 0);
  expect(f, 2, Result::AttackerRecoils);
}

TEST(QuinnMelee, HcOnArchersFrontAndFlank_Case15) {
  Fight f;
  setup(f, "hc", "archers");
  EXPECT_EQ(total_mods(f), 3);
  expect(f, 5, Result::DefenderDestroyed);
  Fight g;
  setup(g, "hc", "archers", Flank);
  EXPECT_EQ(aspect(g.t.rect(g.a), g.t.rect(g.d)), Aspect::Flank);
  EXPECT_EQ(total_mods(g), 3);  // archers are light in melee: no flank to take (Q-MEL-7)
  expect(g, 4, Result::DefenderFlees);
}

TEST(QuinnMelee, ArchersChargeMi_Case16) {
  Fight f;
  setup(f, "archers", "mi");
  EXPECT_EQ(total_mods(f), -1);
  expect(f, 3, Result::AttackerRecoils);
}

TEST(QuinnMelee, ChariotsOnHiContinuingLocked_Case17) {
  Fight f;
  setup(f, "ch", "hi");
  EXPECT_EQ(total_mods(f, true), -3);
  expect(f, 4, Result::AttackerDestroyed, true);
}

TEST(QuinnMelee, HcInRoughOnLcInOpen_Case18) {
  Fight f;
  // Rough covering only the attacker's centre (below y = 19.5).
  f.t.rough(20, 10, 40, 19.2);
  setup(f, "hc", "lc");
  EXPECT_TRUE(in_rough(f.t.scn, f.t.s, f.a));
  EXPECT_FALSE(in_rough(f.t.scn, f.t.s, f.d));
  EXPECT_EQ(total_mods(f), -1);
  expect(f, 3, Result::AttackerRecoils);
}

TEST(QuinnMelee, HcInOpenOnLiInRough_Case19) {
  Fight f;
  f.t.rough(20, 19.8, 40, 30);
  setup(f, "hc", "li");
  EXPECT_FALSE(in_rough(f.t.scn, f.t.s, f.a));
  EXPECT_TRUE(in_rough(f.t.scn, f.t.s, f.d));
  EXPECT_EQ(total_mods(f), 2);
  expect(f, 1, Result::Locked);
}

TEST(QuinnMelee, LcIntoHiRear_Case20) {
  Fight f;
  setup(f, "lc", "hi", Rear);
  EXPECT_EQ(aspect(f.t.rect(f.a), f.t.rect(f.d)), Aspect::Rear);
  EXPECT_EQ(total_mods(f), 0);
  expect(f, 8, Result::DefenderDestroyed);
}

TEST(QuinnMelee, LiIntoElFlank_Case21) {
  Fight f;
  setup(f, "li", "el", Flank);
  EXPECT_EQ(total_mods(f), 3);
  expect(f, 4, Result::DefenderFlees);
}

TEST(QuinnMelee, HcIntoHiRear_Case22) {
  Fight f;
  setup(f, "hc", "hi", Rear);
  EXPECT_EQ(total_mods(f), 3);
  expect(f, 2, Result::DefenderRecoils);
}

TEST(QuinnMelee, SuccessiveMeleePenalty_Case23) {
  Fight f;
  f.t.scn.successive_melee = true;
  setup(f, "hi", "li");
  f.t.s.stand[f.a].melees = 1;  // its second melee this phase
  EXPECT_EQ(total_mods(f), 1);
  expect(f, 6, Result::DefenderFlees);
  Fight g;
  g.t.scn.successive_melee = true;
  setup(g, "hi", "li");
  g.t.s.stand[g.a].melees = 2;  // its third
  EXPECT_EQ(total_mods(g), -1);
  expect(g, 2, Result::AttackerDestroyed);
  Fight off;  // the option off: no penalty
  setup(off, "hi", "li");
  off.t.s.stand[off.a].melees = 2;
  EXPECT_EQ(total_mods(off), 3);
}

TEST(QuinnMelee, ElephantsBothInRough_Case24) {
  Fight f;
  f.t.rough(20, 10, 40, 30);
  setup(f, "el", "el");
  EXPECT_EQ(total_mods(f), 0);
  expect(f, 1, Result::AttackerDestroyed);
}

TEST(QuinnMelee, ChariotsInRoughOnMiInRough_Case25) {
  Fight f;
  f.t.rough(20, 10, 40, 30);
  setup(f, "ch", "mi");
  EXPECT_EQ(total_mods(f), -2);
  expect(f, 5, Result::Locked);
}

TEST(QuinnMelee, MiInRoughOnHiInRough_Case26) {
  Fight f;
  f.t.rough(20, 10, 40, 30);
  setup(f, "mi", "hi");
  EXPECT_EQ(total_mods(f), 3);
  expect(f, 5, Result::DefenderDestroyed);
}

TEST(QuinnMelee, HcOnHcTheOddDiagonal_Case27) {
  Fight f;
  setup(f, "hc", "hc");
  EXPECT_EQ(total_mods(f), 2);
  expect(f, 6, Result::DefenderDestroyed);
}

TEST(QuinnMelee, LcOnHiContinuingLocked_Case28) {
  for (auto [die, r] : {std::pair{6, Result::AttackerDestroyed}, {7, Result::AttackerRecoils}}) {
    Fight f;
    setup(f, "lc", "hi");
    EXPECT_EQ(total_mods(f, true), -5);
    expect(f, die, r, true);
  }
}

TEST(QuinnMelee, HcOnHiContinuingLocked_Case29) {
  Fight f;
  setup(f, "hc", "hi");
  EXPECT_EQ(total_mods(f, true), -1);
  expect(f, 3, Result::AttackerRecoils, true);
}

TEST(QuinnMelee, ElOnLiInRough_Case30) {
  Fight f;
  f.t.rough(20, 19.8, 40, 30);
  setup(f, "el", "li");
  EXPECT_EQ(total_mods(f), -1);
  expect(f, 8, Result::DefenderFlees);
}

TEST(QuinnMelee, FreshFlankChargeOnALockedStand_Case31) {
  // The MI (B) is locked to a HI in front of it; an HC hits its flank: no locked modifier.
  Fight f;
  setup(f, "hc", "mi", Flank);
  Table& t = f.t;
  const int front = t.add(0, "hi", 30, 20 - (0.787 + 0.591) / 2, 90);
  t.s.count[0] = uint8_t(t.scn.army[0].size());
  t.s.stand[front] = Stand{};
  detail::set_pose(t.s, front, to_mil(30), to_mil(20 - (0.787 + 0.591) / 2), 90);
  t.s.stand[front].flags = kAlive;
  detail::add_lock(t.s, front, f.d);
  ASSERT_EQ(check_invariants(t.scn, t.s), "");
  EXPECT_EQ(total_mods(f, false), 1);
  expect(f, 1, Result::AttackerRecoils);
}

TEST(QuinnMelee, SupportNeedsSameClassHeadingAndNoEnemy_ISUPP) {
  Fight f;
  setup(f, "hi", "hi", Front, 2, 0);
  EXPECT_EQ(support(f.t.scn, f.t.s, f.a), 2);
  // A rank of another class behind does not support.
  Fight g;
  setup(g, "hi", "hi", Front, 0, 1, "mi");
  EXPECT_EQ(support(g.t.scn, g.t.s, g.d), 0);
  // A rank turned about does not support.
  Fight h;
  setup(h, "hi", "hi", Front, 1, 0);
  const int rank = stand_id(0, 1);
  h.t.s.stand[rank].heading = 270;
  EXPECT_EQ(support(h.t.scn, h.t.s, h.a), 0);
}

}  // namespace
}  // namespace bgb::quinn
