// The test situations of spec §4 that need the rules (the tables' own are in test_tables.cpp):
// reaction tests as they arise in play (15-23), shaken and disorder (24-27), occasions (28),
// movement and orders (30, 31, 36), combat (37-39) and the sequence of a period (40). Dice are
// forced: Rng::force takes 0-based faces, so a die showing 4 is forced as 3.
#include <gtest/gtest.h>

#include <algorithm>

#include "wrg6/rules_internal.h"
#include "wrg6_test_helpers.h"

namespace bgb::wrg6 {
namespace {

using testing::all_tested;
using testing::table;
using testing::unit;

const int A1 = 0, A2 = 1, A3 = 2, B1 = 16, B2 = 17;


bool has_factor(const std::vector<FactorLine>& v, Factor f, int value) {
  for (auto& l : v)
    if (l.f == f) return l.value == value;
  return false;
}

std::vector<uint32_t> choices(const Scenario& scn, const State& s, int id) {
  std::vector<uint32_t> c;
  unit_choices(scn, s, id, c);
  return c;
}

// §4 #15: Irr A testing to charge a shaken enemy, advancing (P1 +1), the target shaken (P8 +2),
// the C-in-C with them (G3 +3): +6; dice 2, 3, 4 give 15 >= 12: impetuous, and the charge goes in.
TEST(Wrg6Situations, S15_IrregularAWithTheGeneralBecomesImpetuousCharging) {
  UnitSpec a1 = unit("Guards", Troop::HI, 400, 100, 90, 6, 2, Order::A, Grade::IrrA);
  a1.general = true;
  UnitSpec a2 = unit("Friends", Troop::HI, 200, 100, 90, 6, 2);
  UnitSpec b1 = unit("Target", Troop::HI, 400, 170, 270, 6, 2), b2 = unit("Other", Troop::HI, 650, 170, 270, 6, 2);
  Scenario scn = table({a1, a2}, {b1, b2});
  State s = setup(scn);
  all_tested(s);
  s.u[B1].flags |= kShaken;
  Rng rng(1);
  begin_period(scn, s, rng);
  ASSERT_EQ(s.step, Step::Declare);
  ASSERT_EQ(s.cursor, A1);
  auto f = reaction_factors(scn, s, A1, {Occasion::StartCharge, B1});
  EXPECT_TRUE(has_factor(f, Factor::P1, 1));
  EXPECT_TRUE(has_factor(f, Factor::P8, 2));
  EXPECT_TRUE(has_factor(f, Factor::G3, 3));
  EXPECT_EQ(reaction_total(f), 6) << "no other factor applies";
  rng.force({1, 2, 3});
  apply(scn, s, make_action(Kind::Charge, A1, B1), rng);
  EXPECT_EQ(s.u[A1].last_band, 1);
  EXPECT_TRUE(s.u[A1].has(kImpetuous));
  EXPECT_TRUE(s.u[A1].has(kCharging));
  EXPECT_EQ(s.u[A1].charge, B1);
}

// §4 #16: Reg A with no charge involved: 15 obeys orders (R2's top), 16 becomes impetuous.
TEST(Wrg6Situations, S16_RegularABandsAndWhatTheyDo) {
  EXPECT_EQ(reaction_band(15, Grade::RegA), 2);
  EXPECT_EQ(reaction_band(16, Grade::RegA), 1);
  Scenario scn = table({unit("A", Troop::HI, 400, 100, 90, 6, 2)}, {unit("B", Troop::HI, 400, 600, 270, 6, 2)});
  State s = setup(scn);
  State t = s;
  apply_no_charge_result(scn, t, A1, 2, nullptr);
  EXPECT_EQ(t.u[A1].flags, s.u[A1].flags) << "R2: obey orders, nothing changes";
  apply_no_charge_result(scn, t, A1, 1, nullptr);
  EXPECT_TRUE(t.u[A1].has(kImpetuous));
}

// §4 #17: Reg C horse at half strength charged by foot: M14 -3, M1 -1 (the charger advances),
// G1 +1 = -3; one die (half strength) shows 6: score 3 <= 4, R6: it breaks.
TEST(Wrg6Situations, S17_HorseAtHalfStrengthChargedByFootBreaks) {
  UnitSpec a1 = unit("Horse", Troop::HC, 400, 100, 90, 4, 2, Order::H, Grade::RegC);
  UnitSpec a2 = unit("General's foot", Troop::HI, 180, 100, 90, 6, 2);
  a2.general = true;
  UnitSpec b1 = unit("Foot", Troop::HI, 400, 170, 270, 6, 2, Order::A), b2 = unit("More foot", Troop::HI, 650, 170, 270, 6, 2);
  Scenario scn = table({a1, a2}, {b1, b2});
  State s = setup(scn);
  all_tested(s);
  s.u[A1].figs = 4;  // 80 of 160 men: exactly half, one die
  s.u[B1].flags |= kImpetuous;  // it charges without a test of its own
  ASSERT_EQ(reaction_dice(men(s, A1), men_start(scn, A1)), 1);
  Rng rng(1);
  rng.force({5});
  Events ev;
  begin_period(scn, s, rng, &ev);
  EXPECT_EQ(s.u[B1].charge, A1);
  EXPECT_EQ(s.u[A1].last_band, 6);
  EXPECT_TRUE(s.u[A1].has(kBroken));
  State probe = setup(scn);
  probe.u[A1].figs = 4;
  probe.u[B1].flags |= kCharging;
  probe.u[B1].charge = A1;
  auto f = reaction_factors(scn, probe, A1, {Occasion::Charged, B1});
  EXPECT_TRUE(has_factor(f, Factor::M14, -3));
  EXPECT_TRUE(has_factor(f, Factor::M1, -1));
  EXPECT_TRUE(has_factor(f, Factor::G1, 1));
  EXPECT_EQ(reaction_total(f), -3);
}

// §4 #18 and #19: Irr B whose only friend broke 120 p away: M8 -2, M10 -2; dice 1, 1, 2 give 0,
// R6 while counting broken friends: it breaks. At 160 p the occasion does not arise.
Scenario friend_broke(int gap) {
  UnitSpec a1 = unit("Tester", Troop::HI, 400, 100, 90, 6, 2, Order::H, Grade::IrrB);
  // A2's right flank edge is `gap` paces from A1's left flank edge.
  UnitSpec a2 = unit("Broken friend", Troop::HI, 340 - gap - 60, 100, 90, 6, 2);
  UnitSpec b1 = unit("Enemy", Troop::HI, 350, 240, 270, 6, 2), b2 = unit("Enemy", Troop::HI, 480, 240, 270, 6, 2);
  return table({a1, a2}, {b1, b2});
}
TEST(Wrg6Situations, S18_S19_AFriendBreakingNearbyIsTestedAndCountingBrokenFriendsBreaks) {
  for (int gap : {120, 160}) {
    Scenario scn = friend_broke(gap);
    State s = setup(scn);
    all_tested(s);
    s.u[A2].flags |= kBroken | kShaken;
    s.u[A2].broke_period = 1;
    s.broke_since = 1u << A2;
    auto f = reaction_factors(scn, s, A1, {Occasion::FriendBroke, -1});
    if (gap == 120) {
      EXPECT_TRUE(has_factor(f, Factor::M8, -2));
      EXPECT_TRUE(has_factor(f, Factor::M10, -2));
      EXPECT_EQ(reaction_total(f), -4) << "no other factor applies";
    }
    Rng rng(1);
    rng.force({0, 0, 1});
    begin_period(scn, s, rng);
    if (gap == 120) {
      EXPECT_EQ(s.u[A1].last_band, 6);
      EXPECT_TRUE(s.u[A1].has(kBroken));
    } else {
      EXPECT_EQ(s.u[A1].last_band, 0) << "no test at 160 p";
      EXPECT_FALSE(s.u[A1].has(kBroken));
    }
  }
}

// §4 #20: Irr C light troops first in charge reach: M13 -3, enemy advancing M1 -1; dice 5, 5, 6
// give 12: R3, obey orders.
TEST(Wrg6Situations, S20_LightTroopsFirstInReachObeyOnTwelve) {
  UnitSpec a1 = unit("Skirmishers", Troop::LI, 400, 100, 90, 6, 1, Order::S, Grade::IrrC);
  UnitSpec a2 = unit("Friends", Troop::HI, 150, 100, 90, 6, 2);
  UnitSpec b1 = unit("Enemy", Troop::HI, 400, 190, 270, 6, 2), b2 = unit("Enemy", Troop::HI, 600, 190, 270, 6, 2);
  Scenario scn = table({a1, a2}, {b1, b2});
  State s = setup(scn);
  all_tested(s);
  s.u[A1].flags &= ~uint32_t(kTested1);
  s.u[B1].flags |= kAdvanced;  // it advanced last period
  s.u[B1].order = s.u[B1].next_order = uint8_t(Order::H);
  Rng rng(1);
  rng.force({4, 4, 5});
  begin_period(scn, s, rng);
  EXPECT_TRUE(s.u[A1].has(kTested1));
  EXPECT_EQ(s.u[A1].last_band, 3);
  EXPECT_FALSE(s.u[A1].has(kShaken));
  EXPECT_FALSE(s.u[A1].has(kImpetuous));
  auto f = reaction_factors(scn, s, A1, {Occasion::FirstReach, -1});
  EXPECT_TRUE(has_factor(f, Factor::M13, -3));
  EXPECT_TRUE(has_factor(f, Factor::M1, -1));
  EXPECT_EQ(reaction_total(f), -4);
}

// §4 #22: P2 counts each enemy retiring within 150 p: two at 100 p and one at 170 p give +2.
TEST(Wrg6Situations, S22_EachRetiringEnemyWithin150Counts) {
  Scenario scn = table({unit("Tester", Troop::HI, 400, 100, 90, 6, 2)},
                       {unit("E1", Troop::MI, 250, 200, 270, 4, 2), unit("E2", Troop::MI, 550, 200, 270, 4, 2),
                        unit("E3", Troop::MI, 400, 310, 270, 4, 2)});
  State s = setup(scn);
  for (int e : {16, 17, 18}) s.u[e].flags |= kWasRetiring;
  ASSERT_LE(distance(rect_of(scn, s, A1), rect_of(scn, s, 16)), 150);
  ASSERT_LE(distance(rect_of(scn, s, A1), rect_of(scn, s, 17)), 150);
  ASSERT_GT(distance(rect_of(scn, s, A1), rect_of(scn, s, 18)), 150);
  EXPECT_TRUE(has_factor(reaction_factors(scn, s, A1, {Occasion::FirstReach, -1}), Factor::P2, 2));
}

// §4 #23: Reg B on S orders answering a charge with R3 (score 10) must evade.
TEST(Wrg6Situations, S23_SkirmishOrdersOnR3MustEvade) {
  EXPECT_EQ(reaction_band(10, Grade::RegB), 3);
  Scenario scn = table({unit("Screen", Troop::MI, 400, 100, 90, 4, 2, Order::S)}, {unit("Foot", Troop::HI, 400, 160, 270, 6, 2, Order::A)});
  State s = setup(scn);
  s.step = Step::Respond;
  s.u[B1].flags |= kCharging;
  s.u[B1].charge = A1;
  s.u[A1].flags |= kCharged;
  s.u[A1].last_band = 3;
  EXPECT_EQ(choices(scn, s, A1), std::vector<uint32_t>{make_action(Kind::Evade, A1)});
  s.u[A1].last_band = 2;
  auto c = choices(scn, s, A1);
  EXPECT_TRUE(std::find(c.begin(), c.end(), make_action(Kind::Evade, A1)) != c.end());
}

// §4 #24-26: shaken by a melee (5 times and half a casualty per figure) and below half strength.
TEST(Wrg6Situations, S24_S26_Shaken) {
  EXPECT_TRUE(shaken_by_melee(10, 2, 8));
  EXPECT_FALSE(shaken_by_melee(9, 2, 8));
  EXPECT_FALSE(shaken_by_melee(3, 0, 8));
  EXPECT_TRUE(shaken_by_melee(4, 0, 8));
  Scenario scn = table({unit("A", Troop::HI, 400, 100, 90, 6, 2)}, {unit("B", Troop::HI, 400, 600, 270, 6, 2)});
  State s = setup(scn);
  remove_casualties(scn, s, A1, 6 * 20, nullptr);
  EXPECT_EQ(s.u[A1].figs, 6);
  EXPECT_FALSE(s.u[A1].has(kShaken)) << "exactly half is not below half";
  remove_casualties(scn, s, A1, 20, nullptr);
  EXPECT_EQ(s.u[A1].figs, 5);
  EXPECT_TRUE(s.u[A1].has(kShaken));
}

// §4 #27: disorder of both kinds, and each cause a -1 in hand-to-hand.
TEST(Wrg6Situations, S27_DisorderKindsAndTheirCost) {
  Scenario scn = table({unit("Horse", Troop::HC, 400, 100, 90, 4, 2, Order::A)}, {unit("Foot", Troop::MI, 400, 100, 270, 4, 2)});
  State s = setup(scn);
  int clean = melee_factors(scn, s, B1, A1);
  s.u[B1].flags |= kCaughtMoving;
  EXPECT_EQ(disorder_cessation(scn, s, B1), 1);
  s.u[B1].flags |= kDisRally;
  EXPECT_EQ(disorder_rally(s, B1), 1);
  EXPECT_EQ(melee_factors(scn, s, B1, A1), clean - 2);
  // A charge that does not reach: disordered until a rally move.
  Scenario far = table({unit("Horse", Troop::HC, 400, 100, 90, 4, 2, Order::A)}, {unit("Foot", Troop::MI, 400, 240, 270, 4, 2, Order::W)});
  State t = setup(far);
  all_tested(t);
  t.u[A1].charge = B1;
  t.u[A1].flags |= kCharging;
  t.u[B1].flags |= kEvaded;
  State moved = t;
  t.u[B1].y = 500;  // it evaded out of reach
  charge_move(far, t, A1, nullptr);
  EXPECT_TRUE(t.u[A1].has(kDisRally));
  EXPECT_FALSE(in_contact(far, t, A1));
  (void)moved;
}

// §4 #28: shot at three periods running, or 2 casualties a figure in one: an occasion-4 test.
TEST(Wrg6Situations, S28_ShotHardOrRepeatedlyIsTested) {
  Scenario scn = table({unit("Target", Troop::HI, 400, 100, 90, 6, 2)}, {unit("Far", Troop::HI, 400, 700, 270, 6, 2)});
  for (int streak : {2, 3}) {
    State s = setup(scn);
    all_tested(s);
    s.u[A1].shot_streak = uint8_t(streak - 1);
    s.u[A1].flags |= kShotAt;  // shot at in the period just ended: the streak becomes `streak`
    Rng rng(1);
    begin_period(scn, s, rng);
    EXPECT_EQ(s.u[A1].last_band != 0, streak == 3) << streak;
  }
  // 24 casualties on 12 figures in one period: the test; 23: none.
  for (int cas : {23, 24}) {
    State s = setup(scn);
    all_tested(s);
    s.step = Step::Shoot;
    Scenario sh = table({unit("Target", Troop::HI, 400, 100, 90, 6, 2)},
                        {unit("Archers", Troop::LI, 400, 140, 270, 8, 1, Order::H)});
    (void)sh;
    if (s.u[A1].figs > 0 && cas >= 2 * s.u[A1].figs) s.u[A1].flags |= kFlagHardShot;
    Rng rng(1);
    s.step = Step::Declare;
    begin_period(scn, s, rng);
    EXPECT_EQ(s.u[A1].last_band != 0, cas == 24) << cas;
  }
}

// §4 #30: charge reach of heavy foot is 80 p: 75 p ahead in its arc can be charged, 85 p not.
TEST(Wrg6Situations, S30_ChargeReachOfHeavyFoot) {
  for (int gap : {75, 85}) {
    Scenario scn = table({unit("Foot", Troop::HI, 400, 100, 90, 6, 2, Order::A)}, {unit("Enemy", Troop::HI, 400, 100 + gap, 270, 6, 2)});
    State s = setup(scn);
    all_tested(s);
    EXPECT_EQ(in_charge_reach(scn, s, A1, B1), gap == 75);
    Rng rng(1);
    begin_period(scn, s, rng);
    if (gap == 85) {
      EXPECT_NE(s.step, Step::Declare) << "no charge to declare at 85 p";
      continue;
    }
    ASSERT_EQ(s.step, Step::Declare);
    rng.force({5, 5, 5, 5, 5, 5});  // the charger's test passes well (and the target's)
    apply(scn, s, make_action(Kind::Charge, A1, B1), rng);
    // B1 (on H orders) answers; then the charge moves home in step 6.
    while (s.step == Step::Respond) apply(scn, s, make_action(Kind::Stand, s.cursor), rng);
    std::vector<int> fc;
    front_contacts(scn, s, A1, fc);
    EXPECT_EQ(fc, std::vector<int>{B1});
  }
}

// §4 #31: Q orders move half to all of the move unless in charge reach; W at most half.
TEST(Wrg6Situations, S31_QuickAndWalkOrdersLimitTheMove) {
  Scenario scn = table({unit("Q", Troop::HI, 300, 100, 90, 6, 2, Order::Q), unit("W", Troop::HI, 600, 100, 90, 6, 2, Order::W)},
                       {unit("Enemy", Troop::HI, 400, 700, 270, 6, 2)});
  State s = setup(scn);
  s.step = Step::Move;
  auto q = choices(scn, s, A1), w = choices(scn, s, A2);
  auto has = [](const std::vector<uint32_t>& v, uint32_t a) { return std::find(v.begin(), v.end(), a) != v.end(); };
  EXPECT_FALSE(has(q, make_action(Kind::Hold, A1)));
  EXPECT_FALSE(has(q, make_action(Kind::Advance, A1, 1)));
  EXPECT_TRUE(has(q, make_action(Kind::Advance, A1, 2)));
  EXPECT_TRUE(has(q, make_action(Kind::Advance, A1, 4)));
  EXPECT_TRUE(has(w, make_action(Kind::Hold, A2)));
  EXPECT_TRUE(has(w, make_action(Kind::Advance, A2, 2)));
  EXPECT_FALSE(has(w, make_action(Kind::Advance, A2, 3)));
  State t = s;
  normal_move(scn, t, A1, make_action(Kind::Advance, A1, 2), nullptr);
  EXPECT_EQ(t.u[A1].y, 130) << "half of 60 p";
  normal_move(scn, t, A2, make_action(Kind::Advance, A2, 2), nullptr);
  EXPECT_EQ(t.u[A2].y, 130);
  // Within charge reach of an enemy a Q unit may stop.
  Scenario near = table({unit("Q", Troop::HI, 300, 100, 90, 6, 2, Order::Q)}, {unit("Enemy", Troop::HI, 300, 170, 270, 6, 2)});
  State n = setup(near);
  n.step = Step::Move;
  EXPECT_TRUE(has(choices(near, n, A1), make_action(Kind::Hold, A1)));
}

// §4 #36: foot in a wood on S orders may stand when charged; A orders may declare any charge.
TEST(Wrg6Situations, S36_OrdersAndTheAnswersTheyAllow) {
  Scenario scn = table({unit("Foot in wood", Troop::MI, 400, 100, 90, 4, 2, Order::S)}, {unit("Foot", Troop::HI, 400, 160, 270, 6, 2, Order::A)});
  scn.terrain.push_back({TerrainKind::Wood, "wood", 300, 0, 500, 120});
  State s = setup(scn);
  s.step = Step::Respond;
  s.u[B1].flags |= kCharging;
  s.u[B1].charge = A1;
  s.u[A1].flags |= kCharged;
  s.u[A1].last_band = 2;
  auto c = choices(scn, s, A1);
  EXPECT_TRUE(std::find(c.begin(), c.end(), make_action(Kind::Stand, A1)) != c.end());
  // On A orders every enemy in reach may be charged (in the open, S orders may not charge a
  // steady enemy's front).
  Scenario open = table({unit("Attackers", Troop::HI, 400, 100, 90, 6, 2, Order::A), unit("Skirmish", Troop::HI, 700, 100, 90, 6, 2, Order::S)},
                        {unit("E1", Troop::HI, 400, 160, 270, 6, 2), unit("E2", Troop::HI, 700, 160, 270, 6, 2)});
  State o = setup(open);
  o.step = Step::Declare;
  auto a = choices(open, o, A1);
  EXPECT_TRUE(std::find(a.begin(), a.end(), make_action(Kind::Charge, A1, B1)) != a.end());
  EXPECT_TRUE(choices(open, o, A2).empty()) << "S orders: no charge on a steady enemy's front";
}

// §4 #37: 6 javelinmen at shieldless MI 30 p away that did not move: 2 + 2 + die 3 = 7, 6 figures:
// 24 casualties: one figure goes, 4 are carried.
TEST(Wrg6Situations, S37_JavelinsAtShieldlessMediumFoot) {
  UnitSpec mi = unit("Shieldless", Troop::MI, 400, 130, 270, 6, 2);
  mi.shieldless = true;
  Scenario scn = table({unit("Javelins", Troop::LI, 400, 100, 90, 6, 1)}, {mi});
  State s = setup(scn);
  all_tested(s);
  EXPECT_EQ(shooting_factors(scn, s, A1, B1), 4);
  EXPECT_EQ(figures_shooting(scn, s, A1), 6);
  Rng rng(1);
  begin_period(scn, s, rng);
  // Both hold in step 7; no general, no orders; A1 shoots in step 9.
  while (s.step == Step::Move) apply(scn, s, make_action(Kind::Hold, s.cursor), rng);
  ASSERT_EQ(s.step, Step::Shoot);
  ASSERT_EQ(s.cursor, A1);
  rng.force({2});
  apply(scn, s, make_action(Kind::Shoot, A1, B1), rng);
  EXPECT_EQ(s.u[B1].figs, 11);
  EXPECT_EQ(s.u[B1].carried, 4);
  EXPECT_EQ(s.u[B1].last_shot_in, 24);
}

// §4 #38: second-rank foot bows shooting over the first count half.
TEST(Wrg6Situations, S38_BowsShootingOverTheFrontRankCountHalf) {
  UnitSpec bows = unit("Bows", Troop::LI, 400, 100, 90, 8, 2);
  bows.missile = Missile::FootBow;
  Scenario scn = table({bows}, {unit("Far", Troop::HI, 400, 700, 270, 6, 2)});
  State s = setup(scn);
  EXPECT_EQ(figures_shooting(scn, s, A1), 12);
}

// §4 #39: HC Irr B lance, impetuous, charging Reg C MI caught on the move: 5 + 2 + die 4 = 11,
// 4 figures: 40; the MI: 2 - 1 + die 2 = 3, 5 figures: 8. The MI is shaken (40 >= 5 x 8 and
// >= half of 12), recoils 20 p and loses 2 figures.
TEST(Wrg6Situations, S39_ImpetuousLancersAgainstMediumFootCaughtMoving) {
  UnitSpec hc = unit("Lancers", Troop::HC, 400, 100, 90, 4, 2, Order::A, Grade::IrrB);
  UnitSpec mi = unit("Foot", Troop::MI, 400, 100, 270, 5, 3, Order::H, Grade::RegC);
  Scenario scn = table({hc}, {mi});
  State s = setup(scn);
  s.u[B1].figs = 12;
  s.u[A1].flags |= kImpetuous | kCharging;
  s.u[B1].flags |= kCaughtMoving;
  EXPECT_EQ(melee_factors(scn, s, A1, B1), 7);
  EXPECT_EQ(melee_factors(scn, s, B1, A1), 1);
  EXPECT_EQ(figures_fighting(scn, s, A1, B1), 4);
  EXPECT_EQ(figures_fighting(scn, s, B1, A1), 5);
  Rng rng(1);
  rng.force({3, 1});
  s.step = Step::Shoot;
  Events ev;
  shooting_and_melee(scn, s, rng, &ev);
  EXPECT_EQ(s.u[B1].cas_in, 40);
  EXPECT_EQ(s.u[A1].cas_in, 8);
  EXPECT_EQ(s.u[B1].figs, 10);
  EXPECT_TRUE(s.u[B1].has(kShaken));
  EXPECT_TRUE(s.u[B1].has(kRecoiled));
  EXPECT_EQ(s.u[B1].y, 120) << "recoiled 20 p straight back (it faces 270)";
  EXPECT_EQ(s.u[A1].y, 120) << "the lancers followed up into contact";
  EXPECT_TRUE(in_contact(scn, s, A1));
}

// §4 #40: charges move (step 6) before normal moves (step 7); orders of step 8 hold from the
// next period; shooting (step 9) is from where step 7 left the shooters.
TEST(Wrg6Situations, S40_TheSequenceOfAPeriod) {
  UnitSpec li = unit("Javelins", Troop::LI, 700, 100, 90, 6, 1, Order::S);
  li.general = true;
  Scenario scn = table({unit("Charger", Troop::HI, 300, 100, 90, 6, 2, Order::A), li},
                       {unit("Target", Troop::HI, 300, 170, 270, 6, 2), unit("Far", Troop::MI, 700, 200, 270, 4, 2)});
  State s = setup(scn);
  all_tested(s);
  Rng rng(1);
  begin_period(scn, s, rng);
  ASSERT_EQ(s.step, Step::Declare);
  rng.force({5, 5, 5, 5, 5, 5});
  apply(scn, s, make_action(Kind::Charge, A1, B1), rng);
  while (s.step == Step::Respond) apply(scn, s, make_action(Kind::Stand, s.cursor), rng);
  ASSERT_EQ(s.step, Step::Move);
  EXPECT_TRUE(in_contact(scn, s, A1)) << "the charge moved before any normal move";
  // The javelinmen are 60 p short of range (40 p) at the start; they advance 60 p.
  EXPECT_FALSE(in_range(Missile::Javelin, int(arc_distance(rect_of(scn, s, A2), rect_of(scn, s, 17)))));
  while (s.step == Step::Move)
    apply(scn, s, s.cursor == A2 ? make_action(Kind::Advance, A2, 3) : make_action(Kind::Hold, s.cursor), rng);
  ASSERT_EQ(s.step, Step::Orders);
  while (s.step == Step::Orders)
    apply(scn, s, s.cursor == A2 ? make_action(Kind::NewOrder, A2, int(Order::H)) : make_action(Kind::KeepOrder, s.cursor), rng);
  EXPECT_EQ(Order(s.u[A2].order), Order::S) << "the new order holds from the next period";
  ASSERT_EQ(s.step, Step::Shoot);
  ASSERT_EQ(s.cursor, A2);
  auto c = choices(scn, s, A2);
  EXPECT_TRUE(std::find(c.begin(), c.end(), make_action(Kind::Shoot, A2, 17)) != c.end());
  apply(scn, s, make_action(Kind::Shoot, A2, 17), rng);
  EXPECT_GE(s.period, 2);
  EXPECT_EQ(Order(s.u[A2].order), Order::H);
}

}  // namespace
}  // namespace bgb::wrg6
