// The section cards (command-cards.md): Order Two / Three / Four Units Left, Center, Right,
// Out Flanked and Coordinated Attack, played from the hand. Their quotas per section, orders
// lost, dotted-line hexes that may use either section's orders, and the helmet: an attached
// leader may be ordered to detach, costing one order, without ordering the unit he leaves.
//
// Sections from the bottom player's view: on even rows columns 0-4 are left, 4-8 center, 8-12
// right (columns 4 and 8 are on the dotted lines); on odd rows 0-3 left, 4-7 center, 8-11 right.
#include "card_test_helpers.h"

namespace bgb::cca::test::cards {
namespace section_cards {

// Five bottom units in each section, none on a dotted line; one top unit far away.
const char* const kLeft[] = {"6,0", "6,1", "6,2", "6,3", "7,0"};
const char* const kCenter[] = {"6,5", "6,6", "6,7", "7,5", "7,6"};
const char* const kRight[] = {"6,9", "6,10", "6,11", "6,12", "7,11"};

void five_per_section(Field& f) {
  for (const char* h : kLeft) f.unit(B, U::HeavyInfantry, h);
  for (const char* h : kCenter) f.unit(B, U::HeavyInfantry, h);
  for (const char* h : kRight) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
}

std::set<int> to_set(const char* const (&hs)[5]) {
  std::set<int> out;
  for (const char* h : hs) out.insert(H(h));
  return out;
}

// Order Two / Three / Four Units Left / Center / Right: exactly that many units of that section.
TEST(Card_OrderSectionUnits, QuotaOfEachSectionCard) {
  struct Case {
    K card;
    int quota;
    const char* const (*section)[5];
  };
  const Case cases[] = {
      {K::OrderTwoLeft, 2, &kLeft},     {K::OrderTwoCenter, 2, &kCenter},     {K::OrderTwoRight, 2, &kRight},
      {K::OrderThreeLeft, 3, &kLeft},   {K::OrderThreeCenter, 3, &kCenter},   {K::OrderThreeRight, 3, &kRight},
      {K::OrderFourLeft, 4, &kLeft},    {K::OrderFourCenter, 4, &kCenter},    {K::OrderFourRight, 4, &kRight},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(card_info(c.card).name);
    CardField f;
    five_per_section(f);
    f.start(B);
    play(f, c.card);
    ASSERT_EQ(f.s.decision, Decision::Order);
    const std::set<int> sec = to_set(*c.section);
    EXPECT_EQ(orderable_units(f), sec) << names(orderable_units(f));
    EXPECT_EQ(order_greedily(f), c.quota);
    // The quota used up, the ordering ends by itself: no orders lost.
    EXPECT_EQ(f.s.decision, Decision::Move);
    EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
    std::set<int> got = ordered_units(f);
    EXPECT_EQ(int(got.size()), c.quota);
    for (int h : got) EXPECT_TRUE(sec.count(h)) << "ordered outside the section: " << hex_name(h);
  }
}

// The top player's sections are mirrored: his left is the bottom player's right.
TEST(Card_OrderSectionUnits, TopPlayersLeftIsBottomsRight) {
  CardField f;
  for (const char* h : {"2,0", "2,1", "2,2", "2,3"}) f.unit(T, U::HeavyInfantry, h);      // top's right
  for (const char* h : {"2,5", "2,6", "2,7"}) f.unit(T, U::HeavyInfantry, h);             // center
  for (const char* h : {"2,9", "2,10", "2,11", "2,12"}) f.unit(T, U::HeavyInfantry, h);   // top's left
  f.unit(B, U::HeavyInfantry, "7,6");
  f.start(T);
  play(f, K::OrderFourLeft);
  EXPECT_EQ(orderable_units(f), hexes({"2,9", "2,10", "2,11", "2,12"}));
  EXPECT_EQ(order_greedily(f), 4);
  EXPECT_EQ(ordered_units(f), hexes({"2,9", "2,10", "2,11", "2,12"}));
}

// Orders beyond the units present in the section are lost.
TEST(Card_OrderFourUnitsCenter, OrdersBeyondUnitsPresentAreLost) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,6").unit(B, U::HeavyInfantry, "7,5").unit(B, U::HeavyInfantry, "6,1");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OrderFourCenter);
  f.act(A(ActionType::OrderUnit, H("6,6")));
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "no piece left in the center: the ordering ends";
  const Event* lost = last_event(f, Ev::OrdersLost);
  ASSERT_NE(lost, nullptr);
  EXPECT_EQ(lost->a, 2);
  EXPECT_FALSE(ordered(f, "6,1"));
}

// Out Flanked: two units on the left and two on the right, none in the center.
TEST(Card_OutFlanked, OrdersTwoLeftAndTwoRight) {
  CardField f;
  for (const char* h : {"6,0", "6,1", "6,2", "6,6", "6,10", "6,11", "6,12"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OutFlanked);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_units(f), hexes({"6,0", "6,1", "6,2", "6,10", "6,11", "6,12"}));
  f.act(A(ActionType::OrderUnit, H("6,0")));
  f.act(A(ActionType::OrderUnit, H("6,1")));
  // The left's two orders are used: the third left unit is no longer orderable, the right's are.
  EXPECT_EQ(orderable_units(f), hexes({"6,10", "6,11", "6,12"}));
  f.act(A(ActionType::OrderUnit, H("6,10")));
  f.act(A(ActionType::OrderUnit, H("6,11")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"6,0", "6,1", "6,10", "6,11"}));
  EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
}

// Out Flanked: a flank's orders cannot be used on the other flank; unused ones are lost.
TEST(Card_OutFlanked, FlankOrdersDoNotMoveAcross) {
  CardField f;
  for (const char* h : {"6,1", "6,9", "6,10", "6,11"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OutFlanked);
  f.act(A(ActionType::OrderUnit, H("6,1")));
  f.act(A(ActionType::OrderUnit, H("6,9")));
  f.act(A(ActionType::OrderUnit, H("6,10")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "the right's two orders are used; the left's second has no unit";
  EXPECT_FALSE(ordered(f, "6,11"));
  const Event* lost = last_event(f, Ev::OrdersLost);
  ASSERT_NE(lost, nullptr);
  EXPECT_EQ(lost->a, 1);
}

// Out Flanked is a helmet card: lone and attached leaders on the flanks take orders.
TEST(Card_OutFlanked, LeadersOnTheFlanksTakeOrders) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,1").leader(B, "6,1").leader(B, "6,2").leader(B, "6,6");
  f.unit(B, U::HeavyInfantry, "6,10");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OutFlanked);
  EXPECT_EQ(orderable_leaders(f), hexes({"6,1", "6,2"})) << "the center leader is not orderable";
  f.act(A(ActionType::OrderLeader, H("6,1")));  // detach: one left order
  f.act(A(ActionType::OrderLeader, H("6,2")));  // the lone leader: the second left order
  EXPECT_EQ(orderable_units(f), hexes({"6,10"})) << "no left order is left for the unit at 6,1";
  f.act(A(ActionType::OrderUnit, H("6,10")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "no right piece is left for the right's second order";
  EXPECT_TRUE(leader_ordered(f, "6,1"));
  EXPECT_TRUE(leader_ordered(f, "6,2"));
  EXPECT_FALSE(ordered(f, "6,1")) << "the unit the leader leaves is not ordered";
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,1"), H("5,1"))));
  EXPECT_TRUE(destinations(f, "6,1").empty());
}

// Coordinated Attack: one unit in each of the three sections.
TEST(Card_CoordinatedAttack, OneUnitInEachSection) {
  CardField f;
  for (const char* h : {"6,1", "6,2", "6,6", "6,7", "6,11", "6,12"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::CoordinatedAttack);
  EXPECT_EQ(orderable_units(f), hexes({"6,1", "6,2", "6,6", "6,7", "6,11", "6,12"}));
  f.act(A(ActionType::OrderUnit, H("6,1")));
  EXPECT_EQ(orderable_units(f), hexes({"6,6", "6,7", "6,11", "6,12"})) << "the left's order is used";
  f.act(A(ActionType::OrderUnit, H("6,6")));
  EXPECT_EQ(orderable_units(f), hexes({"6,11", "6,12"}));
  f.act(A(ActionType::OrderUnit, H("6,11")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"6,1", "6,6", "6,11"}));
}

// Coordinated Attack: a unit on a dotted line may use either section's order, whichever makes
// the whole set of orders fit (left, center, right one each).
TEST(Card_CoordinatedAttack, DottedLineHexesAssignableToEitherSection) {
  {  // 6,4 (left|center), 6,8 (center|right), 6,12 (right): 6,4 left, 6,8 center, 6,12 right.
    CardField f;
    for (const char* h : {"6,4", "6,8", "6,12"}) f.unit(B, U::HeavyInfantry, h);
    f.unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, K::CoordinatedAttack);
    f.act(A(ActionType::OrderUnit, H("6,4")));
    f.act(A(ActionType::OrderUnit, H("6,8")));
    EXPECT_EQ(orderable_units(f), hexes({"6,12"}));
    f.act(A(ActionType::OrderUnit, H("6,12")));
    ASSERT_EQ(f.s.decision, Decision::Move);
    EXPECT_EQ(ordered_units(f), hexes({"6,4", "6,8", "6,12"}));
    EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
  }
  {  // 6,3 takes the left: the dotted 6,4 then takes the center, and 6,5 (center only) cannot.
    CardField f;
    for (const char* h : {"6,3", "6,4", "6,5"}) f.unit(B, U::HeavyInfantry, h);
    f.unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, K::CoordinatedAttack);
    f.act(A(ActionType::OrderUnit, H("6,3")));
    EXPECT_EQ(orderable_units(f), hexes({"6,4", "6,5"}));
    f.act(A(ActionType::OrderUnit, H("6,4")));
    EXPECT_EQ(orderable_units(f), std::set<int>{}) << "the center's order went to 6,4";
    ASSERT_EQ(f.s.decision, Decision::Move);
    EXPECT_FALSE(ordered(f, "6,5"));
    const Event* lost = last_event(f, Ev::OrdersLost);
    ASSERT_NE(lost, nullptr);
    EXPECT_EQ(lost->a, 1) << "the right's order had no unit";
  }
  {  // 6,4 (left|center) and two center-only units: only one of the center units fits.
    CardField f;
    for (const char* h : {"6,4", "6,5", "6,6"}) f.unit(B, U::HeavyInfantry, h);
    f.unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, K::CoordinatedAttack);
    f.act(A(ActionType::OrderUnit, H("6,4")));
    EXPECT_EQ(orderable_units(f), hexes({"6,5", "6,6"})) << "6,4 may still take the left's order";
    f.act(A(ActionType::OrderUnit, H("6,5")));
    EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("6,6"))));
    ASSERT_EQ(f.s.decision, Decision::Move);
    EXPECT_EQ(ordered_units(f), hexes({"6,4", "6,5"}));
  }
}

// Coordinated Attack (helmet): a detached leader costs his section's one order, and the unit he
// leaves is then not orderable in that section.
TEST(Card_CoordinatedAttack, DetachedLeaderUsesHisSectionsOrder) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,6").leader(B, "6,6").unit(B, U::HeavyInfantry, "6,7");
  f.unit(B, U::HeavyInfantry, "6,1").unit(B, U::HeavyInfantry, "6,11");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::CoordinatedAttack);
  f.act(A(ActionType::OrderUnit, H("6,1")));
  EXPECT_TRUE(f.legal_has(A(ActionType::OrderLeader, H("6,6"))));
  f.act(A(ActionType::OrderLeader, H("6,6")));
  EXPECT_EQ(orderable_units(f), hexes({"6,11"})) << "the center order went to the leader";
  f.act(A(ActionType::OrderUnit, H("6,11")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(leader_ordered(f, "6,6"));
  EXPECT_FALSE(ordered(f, "6,6"));
  EXPECT_FALSE(ordered(f, "6,7"));
  // The leader moves alone; his unit stays.
  f.move_leader("6,6", "5,6");
  EXPECT_TRUE(f.has_leader("5,6"));
  EXPECT_FALSE(f.empty("6,6"));
  EXPECT_FALSE(f.has_leader("6,6"));
}

// Every section card has the helmet: an attached leader detaches for one order and the unit he
// leaves may take another order of the card (rule book §7).
TEST(Card_OrderSectionUnits, HelmetDetachOnEverySectionCard) {
  for (K k : {K::OrderTwoLeft, K::OrderThreeLeft, K::OrderFourLeft, K::OutFlanked, K::CoordinatedAttack}) {
    SCOPED_TRACE(card_info(k).name);
    CardField f;
    f.unit(B, U::HeavyInfantry, "6,2").leader(B, "6,2").unit(B, U::HeavyInfantry, "6,3");
    f.unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, k);
    ASSERT_EQ(f.s.decision, Decision::Order);
    EXPECT_TRUE(f.legal_has(A(ActionType::OrderLeader, H("6,2"))));
    EXPECT_TRUE(f.legal_has(A(ActionType::OrderUnit, H("6,2"))));
    if (k == K::CoordinatedAttack) {
      // One left order only: the leader or his unit, not both.
      f.act(A(ActionType::OrderLeader, H("6,2")));
      EXPECT_EQ(f.s.decision, Decision::Move);
      EXPECT_FALSE(ordered(f, "6,2"));
      EXPECT_TRUE(leader_ordered(f, "6,2"));
      continue;
    }
    f.act(A(ActionType::OrderUnit, H("6,2")));
    f.act(A(ActionType::OrderLeader, H("6,2")));
    EXPECT_TRUE(ordered(f, "6,2"));
    EXPECT_TRUE(leader_ordered(f, "6,2"));
    if (f.s.decision == Decision::Order) f.act(A(ActionType::EndOrders));
    ASSERT_EQ(f.s.decision, Decision::Move);
    // Both ordered separately: the unit moves without the leader.
    f.move("6,2", "5,2");
    EXPECT_FALSE(f.has_leader("5,2"));
    EXPECT_TRUE(f.has_leader("6,2"));
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,2"), H("7,2"))));
  }
}

// A unit with its attached leader costs one order on a section card (§7).
TEST(Card_OrderTwoUnitsCenter, UnitWithAttachedLeaderCostsOneOrder) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,5").leader(B, "6,5").unit(B, U::HeavyInfantry, "6,6");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OrderTwoCenter);
  f.act(A(ActionType::OrderUnit, H("6,5")));
  f.act(A(ActionType::OrderUnit, H("6,6")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"6,5", "6,6"}));
  f.move("6,5", "5,5");
  EXPECT_TRUE(f.has_leader("5,5")) << "the leader goes with his unit";
}

}  // namespace section_cards
}  // namespace bgb::cca::test::cards
