// Our readings of movement where the sheets are silent (docs/wrg6-rules.md): the order in which the
// simultaneous normal moves of step 7 are taken, the direction of an evade (I-EVD), and a move menu
// that offers only the turns and wheels there is room for.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "wrg6/rules_internal.h"
#include "wrg6_test_helpers.h"

namespace bgb::wrg6 {
namespace {

using testing::all_tested;
using testing::table;
using testing::unit;

const int A1 = 0, A2 = 1, A3 = 2, B1 = 16, B2 = 17;


bool offers(const Scenario& scn, const State& s, int id, uint32_t a) {
  std::vector<uint32_t> c;
  unit_choices(scn, s, id, c);
  return std::find(c.begin(), c.end(), a) != c.end();
}

// A column of two units advancing together: the one behind (the lower index, taken first by index)
// is not stopped by where the one in front stood; both make the whole move (60 p for HI).
TEST(Wrg6Moves, AColumnAdvancesTogether) {
  Scenario scn = table({unit("Rear", Troop::HI, 400, 100, 90, 4, 2, Order::A), unit("Front", Troop::HI, 400, 150, 90, 4, 2, Order::A)},
                       {unit("Far", Troop::HI, 400, 750, 270, 4, 2)});
  State s = setup(scn);
  all_tested(s);
  Rng rng(3);
  begin_period(scn, s, rng);
  ASSERT_EQ(s.step, Step::Move) << "no charge is possible: the declare and answer steps pass by";
  while (s.step == Step::Move && s.period == 1)
    apply(scn, s, side_of(s.cursor) == 0 ? make_action(Kind::Advance, s.cursor, 4)
                                                          : make_action(Kind::Hold, int(s.cursor)), rng);
  EXPECT_EQ(s.u[A2].y, 210);
  EXPECT_EQ(s.u[A1].y, 160);
  EXPECT_EQ(s.u[A1].x, 400);
}

// The same column retiring: the rear unit goes first, so the front one follows it back.
TEST(Wrg6Moves, AColumnRetiresTogether) {
  Scenario scn = table({unit("Rear", Troop::HI, 400, 100, 90, 4, 2, Order::A), unit("Front", Troop::HI, 400, 150, 90, 4, 2, Order::A)},
                       {unit("Far", Troop::HI, 400, 750, 270, 4, 2)});
  State s = setup(scn);
  all_tested(s);
  Rng rng(3);
  begin_period(scn, s, rng);
  ASSERT_EQ(s.step, Step::Move);
  while (s.step == Step::Move && s.period == 1) {
    int id = int(s.cursor);
    apply(scn, s, side_of(id) == 0 ? make_action(Kind::Retire, id) : make_action(Kind::Hold, id), rng);
  }
  EXPECT_EQ(s.u[A1].y, 70) << "half of 60 p back";
  EXPECT_EQ(s.u[A2].y, 120);
}

// I-EVD (ours): charged from both flanks at once, skirmishers run for their own base edge, not
// toward either charger, and not forward.
TEST(Wrg6Moves, EvadingTwoChargersRunsHome) {
  Scenario scn = table({unit("Skirmishers", Troop::LI, 500, 300, 90, 4, 1, Order::S)},
                       {unit("Left", Troop::HC, 340, 285, 0, 3, 1), unit("Right", Troop::HC, 660, 285, 180, 3, 1)});
  State s = setup(scn);
  s.u[B1].charge = A1, s.u[B2].charge = A1;
  s.u[B1].flags |= kCharging, s.u[B2].flags |= kCharging;
  Rng rng(1);
  rng.force({1});  // a die of 2: 40 + 20 p
  evade(scn, s, A1, B1, rng, nullptr);
  EXPECT_EQ(s.u[A1].facing, 270);
  EXPECT_EQ(s.u[A1].x, 500);
  // Turned about its centre (500, 285), the front edge is at 270; 60 p on it is at 210.
  EXPECT_EQ(s.u[A1].y, 210);
  EXPECT_TRUE(s.u[A1].has(kEvaded));
}

// One charger ahead: straight away from it.
TEST(Wrg6Moves, EvadingOneChargerRunsAwayFromIt) {
  Scenario scn = table({unit("Skirmishers", Troop::LI, 500, 300, 90, 4, 1, Order::S)},
                       {unit("Ahead", Troop::HC, 620, 420, 225, 3, 1)});
  State s = setup(scn);
  s.u[B1].charge = A1;
  s.u[B1].flags |= kCharging;
  Rng rng(1);
  rng.force({0});  // a die of 1: 50 p
  evade(scn, s, A1, B1, rng, nullptr);
  EXPECT_EQ(s.u[A1].facing, 225) << "directly away from a charger up and to the right";
  EXPECT_LT(s.u[A1].x, 500);
  EXPECT_LT(s.u[A1].y, 300);
}

// The move menu offers no turn or wheel that would put the unit on a friend.
TEST(Wrg6Moves, NoTurnOrWheelWithoutRoom) {
  // (A wheel of 45 degrees costs its outer corner's arc, a quarter of pi times the frontage: 47 p
  // for three files of foot, within the 60 p of HI; four files could not wheel at all.)
  Scenario scn = table({unit("Boxed", Troop::HI, 400, 100, 90, 3, 2, Order::A), unit("Ahead", Troop::MI, 400, 145, 90, 6, 2, Order::A),
                        unit("Free", Troop::HI, 800, 100, 90, 3, 2, Order::A)},
                       {unit("Far", Troop::HI, 400, 750, 270, 4, 2)});
  State s = setup(scn);
  s.step = Step::Move;
  // Turned a quarter about its centre (400, 80) the unit is 60 p deep, across the friend 5 p ahead;
  // wheeled, its outer end swings into it.
  EXPECT_FALSE(offers(scn, s, A1, make_action(Kind::TurnLeft, A1)));
  EXPECT_FALSE(offers(scn, s, A1, make_action(Kind::TurnRight, A1)));
  EXPECT_FALSE(offers(scn, s, A1, make_action(Kind::WheelLeft, A1)));
  EXPECT_FALSE(offers(scn, s, A1, make_action(Kind::WheelRight, A1)));
  EXPECT_TRUE(offers(scn, s, A1, make_action(Kind::TurnAbout, A1)));
  EXPECT_TRUE(offers(scn, s, A1, make_action(Kind::Hold, A1)));
  for (Kind k : {Kind::TurnLeft, Kind::TurnRight, Kind::TurnAbout, Kind::WheelLeft, Kind::WheelRight})
    EXPECT_TRUE(offers(scn, s, A3, make_action(k, A3))) << "the unit in the open has every one";
  // And each one offered does what it says.
  State t = s;
  normal_move(scn, t, A3, make_action(Kind::TurnLeft, A3), nullptr);
  EXPECT_EQ(t.u[A3].facing, 180);
}


// I-VIC: the period limit ends the battle in a draw scored by men lost; the last event says the
// score and who is ahead on points. Counts read as English ("1 man", "Greeks win").
TEST(Wrg6Moves, ThePeriodLimitDrawSaysTheScore) {
  Scenario scn = table({unit("Left", Troop::HI, 300, 100, 90, 4, 2, Order::H)}, {unit("Right", Troop::HI, 300, 700, 270, 4, 2, Order::H)});
  scn.side_name[0] = "Greeks", scn.side_name[1] = "Gauls";
  State s = setup(scn);
  all_tested(s);
  s.period = s.period_limit;
  s.u[16].carried = 1;  // the Gauls have lost a man
  Rng rng(2);
  Events ev;
  begin_period(scn, s, rng, &ev);
  while (!s.over()) {
    std::vector<uint32_t> l;
    legal_actions(scn, s, l);
    ASSERT_FALSE(l.empty());
    apply(scn, s, l[0], rng, &ev);
  }
  EXPECT_EQ(s.winner, -1);
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev.back().type, "game-over");
  EXPECT_EQ(ev.back().text, "The period limit is reached: a draw. Men lost: Greeks 0, Gauls 1 (Greeks ahead on points)");
  EXPECT_EQ(count(1, "man", "men"), "1 man");
  EXPECT_EQ(count(3, "figure", "figures"), "3 figures");
  EXPECT_EQ(wins("Gauls"), "Gauls win");
  EXPECT_EQ(wins("Rome"), "Rome wins");
  EXPECT_EQ(wins("Horsemen"), "Horsemen win");
}


// I-CHG (ours): a charge is offered only where it could go home from the unit's pose: a friend
// standing where the charger would meet the target blocks it.
TEST(Wrg6Moves, AFriendInTheWayBlocksTheCharge) {
  Scenario scn = table({unit("Phalanx", Troop::HI, 400, 100, 90, 6, 2, Order::A), unit("Screen", Troop::LI, 400, 135, 90, 6, 1, Order::S)},
                       {unit("Skirmishers", Troop::LI, 400, 170, 270, 6, 1, Order::S)});
  State s = setup(scn);
  s.step = Step::Declare;
  EXPECT_TRUE(in_charge_reach(scn, s, 0, 16)) << "70 p away, within the 80 p of HI";
  std::vector<uint32_t> c;
  unit_choices(scn, s, 0, c);
  EXPECT_TRUE(std::find(c.begin(), c.end(), make_action(Kind::Charge, 0, 16)) == c.end());
  // With the screen gone the charge is there.
  s.u[1].flags &= ~uint32_t(kAlive);
  c.clear();
  unit_choices(scn, s, 0, c);
  EXPECT_TRUE(std::find(c.begin(), c.end(), make_action(Kind::Charge, 0, 16)) != c.end());
}

// Two chargers on one front: each meets it straight ahead where it can; one whose place straight
// ahead the other has taken slides along the edge to the free part nearest it, and both fight.
TEST(Wrg6Moves, TheSecondChargerTakesTheFreePartOfTheLine) {
  Scenario scn = table({unit("Front", Troop::MI, 400, 250, 90, 3, 2, Order::A), unit("Behind", Troop::MI, 410, 205, 90, 3, 2, Order::A)},
                       {unit("Phalanx", Troop::HI, 400, 270, 270, 6, 2, Order::H)});
  State s = setup(scn);
  for (int id : {0, 1}) s.u[id].charge = 16, s.u[id].flags |= kCharging;
  charge_move(scn, s, 0, nullptr);
  charge_move(scn, s, 1, nullptr);
  EXPECT_EQ(s.u[0].x, 400);
  EXPECT_EQ(s.u[0].y, 270);
  EXPECT_EQ(s.u[1].y, 270);
  EXPECT_EQ(s.u[1].x, 460) << "slid to the right, the nearer free part, side by side with the first";
  std::vector<int> f;
  front_contacts(scn, s, 16, f);
  EXPECT_EQ(f.size(), 2u) << "the phalanx's front meets both";
}

// A charge goes no further than its move and half its frontage from where the charger's front
// edge is: a target far to the side is out of reach even within the arc.
TEST(Wrg6Moves, AChargeDoesNotSlideFarSideways) {
  Scenario scn = table({unit("Horse", Troop::HC, 400, 300, 90, 3, 1, Order::A)},
                       {unit("Wide", Troop::HI, 560, 420, 270, 8, 2, Order::H)});
  State s = setup(scn);
  Rect pose;
  // The front edge's centre is 160 p across and 120 p up from the charger's: the centred place is
  // 200 p away, more than the 160 p move and 45 p of half frontage; a place slid toward the
  // charger along the 160 p front is within it.
  ASSERT_TRUE(contact_pose(scn, s, 0, 16, charge_distance(scn, 0), &pose));
  EXPECT_LE(std::hypot(pose.f.x - 400, pose.f.y - 300), charge_distance(scn, 0) + 45 + 1e-9);
  EXPECT_EQ(pose.f.y, 420);
}


// Charges are simultaneous: a charge on a unit that is itself charging another waits for that
// unit's move and meets it where it ends, not where it stood.
TEST(Wrg6Moves, AChargeOnAChargerMeetsItWhereItEnds) {
  Scenario scn = table({unit("Flanker", Troop::MI, 500, 240, 90, 3, 2, Order::A), unit("Bait", Troop::MI, 400, 240, 90, 3, 2, Order::A)},
                       {unit("Warband", Troop::MI, 400, 300, 270, 6, 2, Order::A)});
  State s = setup(scn);
  all_tested(s);
  Rng rng(4);
  begin_period(scn, s, rng);
  ASSERT_EQ(s.step, Step::Declare);
  rng.force({5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5});  // every test passes
  Events ev;
  while (s.step == Step::Declare) {
    const int id = int(s.cursor);
    uint32_t a = make_action(Kind::NoCharge, id);
    if (id == 0) a = make_action(Kind::Charge, 0, 16);
    if (id == 16) a = make_action(Kind::Charge, 16, 1);
    std::vector<uint32_t> c;
    unit_choices(scn, s, id, c);
    std::string have;
    for (uint32_t x : c) have += action_text(scn, s, x) + "; ";
    ASSERT_TRUE(std::find(c.begin(), c.end(), a) != c.end()) << unit_name(scn, id) << ": " << action_text(scn, s, a) << " not in " << have;
    apply(scn, s, a, rng, &ev);
  }
  while (s.step == Step::Respond) apply(scn, s, make_action(Kind::Stand, int(s.cursor)), rng, &ev);
  std::string log;
  for (const Event& e : ev) log += e.text + "\n";
  ASSERT_TRUE(s.u[16].alive()) << log;
  EXPECT_LE(distance(rect_of(scn, s, 16), rect_of(scn, s, 1)), 1.5) << "the warband met the bait";
  EXPECT_LE(distance(rect_of(scn, s, 0), rect_of(scn, s, 16)), 1.5) << "the flanker met the warband where it ended\n" << log;
}


// A charger whose test of step 4 (here a friend broke near it, W-OCC 6) forbids it to advance
// this period halts: the charge is not made and its target is not charged.
TEST(Wrg6Moves, AChargerToldNotToAdvanceHalts) {
  Scenario scn = table({unit("Charger", Troop::MI, 400, 240, 90, 4, 2, Order::A), unit("Friend", Troop::MI, 500, 150, 90, 4, 2, Order::A)},
                       {unit("Target", Troop::MI, 400, 290, 270, 4, 2, Order::H)});
  bool halted = false;
  for (int sum = 3; sum <= 18 && !halted; ++sum) {
    State s = setup(scn);
    all_tested(s);
    s.u[1].flags |= kBroken;  // the friend broke since the last step 4
    s.broke_since = 1u << 1;
    Rng rng(9);
    begin_period(scn, s, rng);
    if (s.step != Step::Declare || s.cursor != 0) continue;
    // The charge test passes (three sixes); the friend-broke test rolls `sum`.
    const int a = std::min(6, sum - 2), b = std::min(6, sum - 1 - a), c = sum - a - b;
    rng.force({5, 5, 5, a - 1, b - 1, c - 1});
    Events ev;
    apply(scn, s, make_action(Kind::Charge, 0, 16), rng, &ev);
    while (s.step == Step::Declare && !s.over()) apply(scn, s, make_action(Kind::NoCharge, s.cursor), rng, &ev);
    if (!s.u[0].has(kNoAdvance)) continue;
    halted = true;
    EXPECT_FALSE(s.u[0].has(kCharging));
    EXPECT_EQ(s.u[0].charge, kNone);
    EXPECT_FALSE(s.u[16].has(kCharged));
    bool said = false;
    for (const Event& e : ev) said = said || e.text == "A1 Charger (mi) halts its charge: no advance this period";
    EXPECT_TRUE(said);
    EXPECT_EQ(s.u[0].x, 400);
    EXPECT_EQ(s.u[0].y, 240) << "it did not move";
  }
  EXPECT_TRUE(halted) << "some roll of the friend-broke test gives no advance";
}


// W-RR: a unit shaken on a "fall back" result retires in its next two moves without a choice.
// The commitment entered for it is said (a play-test saw its unit go back unasked), and the move
// says it fell back and whether it must again.
TEST(Wrg6Moves, AForcedFallBackIsSaidAndFallsBackTwice) {
  Scenario scn = table({unit("Shaken", Troop::HI, 400, 300, 90, 4, 2, Order::A), unit("Other", Troop::HI, 700, 300, 90, 4, 2, Order::A)},
                       {unit("Far", Troop::HI, 400, 750, 270, 4, 2)});
  State s = setup(scn);
  all_tested(s);
  s.u[A1].flags |= kShaken;
  s.u[A1].fall_back = 2;
  Rng rng(3);
  Events ev;
  begin_period(scn, s, rng, &ev);
  ASSERT_EQ(s.step, Step::Move);
  auto said = [&](const std::string& type, const std::string& what) {
    return std::any_of(ev.begin(), ev.end(), [&](const Event& e) { return e.type == type && e.a == A1 && e.text.find(what) != std::string::npos; });
  };
  EXPECT_TRUE(said("forced", "must fall back this move")) << "the entered retire is announced";
  EXPECT_FALSE(offers(scn, s, A1, make_action(Kind::Hold, A1)));
  for (int period = 1; period <= 2; ++period) {
    ev.clear();
    while (s.step == Step::Move && int(s.period) == period) apply(scn, s, make_action(Kind::Hold, int(s.cursor)), rng, &ev);
    EXPECT_EQ(s.u[A1].y, 300 - 30 * period) << "half of 60 p back, period " << period;
    EXPECT_TRUE(said("move", period == 1 ? "falls back 30 p (shaken: it falls back again next move)" : "falls back 30 p (shaken: its last fall back)"))
        << period;
    while (!s.over() && int(s.period) == period) {
      std::vector<uint32_t> c;
      legal_actions(scn, s, c);
      apply(scn, s, c[0], rng, &ev);
    }
    if (period == 1) EXPECT_TRUE(said("forced", "must fall back")) << "the second fall back is announced too";
  }
  EXPECT_EQ(s.u[A1].fall_back, 0);
  ev.clear();
  while (s.step != Step::Move && !s.over()) {
    std::vector<uint32_t> c;
    legal_actions(scn, s, c);
    apply(scn, s, c[0], rng, &ev);
  }
  EXPECT_TRUE(offers(scn, s, A1, make_action(Kind::Hold, A1))) << "after two fall backs it chooses again";
}

}  // namespace
}  // namespace bgb::wrg6
