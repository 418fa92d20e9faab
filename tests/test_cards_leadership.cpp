// The leadership cards (command-cards.md): Inspired Left / Center / Right Leadership and
// Leadership Any Section. The player chooses a leader (in the card's section; anywhere for Any
// Section): the leader, the unit in his hex and up to 4 (Any Section: 3) more units in hexes
// linked to his hex are ordered; or instead one unit of his choice (in the named section;
// anywhere for Any Section). The leader does not detach from his unit.
#include "card_test_helpers.h"

namespace bgb::cca::test::cards {
namespace leadership_cards {

// A leader with his heavy infantry at 6,6 (center); a line of units running left from him
// (6,5 center, 6,4 dotted, 6,3 .. 6,1 left) and one to his right (6,7); one unit unlinked.
void line_field(Field& f) {
  f.unit(B, U::HeavyInfantry, "6,6").leader(B, "6,6");
  for (const char* h : {"6,1", "6,2", "6,3", "6,4", "6,5", "6,7"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(B, U::HeavyInfantry, "8,10");  // not linked to anything
  f.unit(T, U::HeavyInfantry, "1,6");
}

// Inspired Center: the leader, his unit and 4 more linked units (5 units in all).
TEST(Card_InspiredCenterLeadership, LeaderHisUnitAndFourLinkedUnits) {
  CardField f;
  line_field(f);
  f.start(B);
  play(f, K::InspiredCenterLeadership);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_leaders(f), hexes({"6,6"}));
  f.act(A(ActionType::OrderLeader, H("6,6")));
  EXPECT_TRUE(ordered(f, "6,6")) << "the unit in the leader's hex is ordered with him";
  // Linked: adjacent to the leader's hex, or to another ordered hex.
  EXPECT_EQ(orderable_units(f), hexes({"6,5", "6,7"}));
  f.act(A(ActionType::OrderUnit, H("6,5")));
  EXPECT_EQ(orderable_units(f), hexes({"6,4", "6,7"}));
  f.act(A(ActionType::OrderUnit, H("6,4")));
  f.act(A(ActionType::OrderUnit, H("6,3")));  // linked units may lie outside the card's section
  EXPECT_EQ(orderable_units(f), hexes({"6,2", "6,7"}));
  f.act(A(ActionType::OrderUnit, H("6,2")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "four more units ordered: the ordering ends";
  EXPECT_EQ(ordered_units(f), hexes({"6,2", "6,3", "6,4", "6,5", "6,6"}));
  EXPECT_FALSE(ordered(f, "6,1"));
  EXPECT_FALSE(ordered(f, "6,7"));
  EXPECT_FALSE(ordered(f, "8,10"));
  EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
}

// No detaching: the leader goes with his unit; he has no move of his own.
TEST(Card_InspiredCenterLeadership, LeaderDoesNotDetach) {
  CardField f;
  line_field(f);
  f.start(B);
  play(f, K::InspiredCenterLeadership);
  f.act(A(ActionType::OrderLeader, H("6,6")));
  EXPECT_EQ(orderable_leaders(f), std::set<int>{}) << "no second leader order, no detach";
  f.act(A(ActionType::EndOrders));
  ASSERT_EQ(f.s.decision, Decision::Move);
  for (Action a : f.legal()) EXPECT_NE(a.type(), ActionType::MoveLeader) << action_text(f.scn, f.s, a);
  f.move("6,6", "5,6");
  EXPECT_TRUE(f.has_leader("5,6"));
  EXPECT_FALSE(f.has_leader("6,6"));
  const Event* lost = last_event(f, Ev::OrdersLost);
  ASSERT_NE(lost, nullptr);
  EXPECT_EQ(lost->a, 4);
}

// Only a leader in the card's section can be chosen; the single-unit alternative must also be in
// that section (interpretation in command-cards.md).
TEST(Card_InspiredLeftLeadership, LeaderAndSingleUnitFromTheLeftOnly) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,1").leader(B, "6,1");
  f.unit(B, U::HeavyInfantry, "6,4");                         // dotted: left and center
  f.unit(B, U::HeavyInfantry, "6,6").leader(B, "6,6");        // center
  f.unit(B, U::HeavyInfantry, "6,11").leader(B, "6,11");      // right
  f.unit(B, U::HeavyInfantry, "7,2");
  f.leader(B, "7,3");                                         // a lone leader on the left
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::InspiredLeftLeadership);
  EXPECT_EQ(orderable_leaders(f), hexes({"6,1", "7,3"}));
  EXPECT_EQ(orderable_units(f), hexes({"6,1", "6,4", "7,2"}));
}

// The alternative: one unit of the player's choice in the named section, and nothing more.
TEST(Card_InspiredRightLeadership, OneUnitInsteadOfTheLeader) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,10").unit(B, U::HeavyInfantry, "6,11").leader(B, "6,11");
  f.unit(B, U::HeavyInfantry, "6,12").unit(B, U::HeavyInfantry, "6,2");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::InspiredRightLeadership);
  EXPECT_EQ(orderable_leaders(f), hexes({"6,11"}));
  EXPECT_EQ(orderable_units(f), hexes({"6,10", "6,11", "6,12"}));
  f.act(A(ActionType::OrderUnit, H("6,10")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "the one unit is the whole order";
  EXPECT_EQ(ordered_units(f), hexes({"6,10"}));
  EXPECT_FALSE(leader_ordered(f, "6,11"));
  EXPECT_TRUE(has_move(f, "6,10", "5,10"));
}

// With no leader of the side in the card's section the card can order one unit alone; done with
// nothing ordered, that one order is what is lost, not the leader's group (play-test round 8
// read "4 orders not used are lost").
TEST(Card_InspiredRightLeadership, NoLeaderThereOneOrderIsLost) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,10").unit(B, U::HeavyInfantry, "6,11");
  f.unit(B, U::HeavyInfantry, "6,2").leader(B, "6,2");  // the side's leader is on the left
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::InspiredRightLeadership);
  EXPECT_EQ(orderable_leaders(f), std::set<int>{});
  EXPECT_EQ(orderable_units(f), hexes({"6,10", "6,11"}));
  f.act(A(ActionType::EndOrders));
  const Event* lost = last_event(f, Ev::OrdersLost);
  ASSERT_NE(lost, nullptr);
  EXPECT_EQ(lost->a, 1);
}

// Choosing the unit with the leader as "the one unit": the leader comes along (he is attached),
// but the linked units are not ordered.
TEST(Card_InspiredRightLeadership, SingleUnitWithItsLeaderOrdersNoOthers) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,10").unit(B, U::HeavyInfantry, "6,11").leader(B, "6,11");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::InspiredRightLeadership);
  f.act(A(ActionType::OrderUnit, H("6,11")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"6,11"}));
  f.move("6,11", "5,11");
  EXPECT_TRUE(f.has_leader("5,11"));
}

// A lone leader chosen: he is ordered himself and may move alone; the units linked to his hex
// (up to 4) are ordered.
TEST(Card_InspiredLeftLeadership, LoneLeaderAndFourLinkedUnits) {
  CardField f;
  f.leader(B, "6,2");
  // All six neighbours of 6,2 hold a unit.
  for (const char* h : {"5,1", "5,2", "6,1", "6,3", "7,1", "7,2"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::InspiredLeftLeadership);
  f.act(A(ActionType::OrderLeader, H("6,2")));
  EXPECT_TRUE(leader_ordered(f, "6,2"));
  EXPECT_EQ(orderable_units(f), hexes({"5,1", "5,2", "6,1", "6,3", "7,1", "7,2"}));
  f.act(A(ActionType::OrderUnit, H("5,1")));
  f.act(A(ActionType::OrderUnit, H("5,2")));
  f.act(A(ActionType::OrderUnit, H("6,1")));
  f.act(A(ActionType::OrderUnit, H("6,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"5,1", "5,2", "6,1", "6,3"}));
  // The leader moves on his own (up to 3 hexes, through friends).
  f.move_leader("6,2", "4,2");
  EXPECT_TRUE(f.has_leader("4,2"));
}

// Leadership Any Section: any leader, his unit and up to 3 more linked units.
TEST(Card_LeadershipAnySection, LeaderHisUnitAndThreeLinkedUnits) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,10").leader(B, "6,10");
  for (const char* h : {"6,6", "6,7", "6,8", "6,9"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(B, U::HeavyInfantry, "6,1").leader(B, "6,1");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LeadershipAnySection);
  EXPECT_EQ(orderable_leaders(f), hexes({"6,1", "6,10"})) << "any section";
  f.act(A(ActionType::OrderLeader, H("6,10")));
  EXPECT_TRUE(ordered(f, "6,10"));
  EXPECT_EQ(orderable_units(f), hexes({"6,9"}));
  f.act(A(ActionType::OrderUnit, H("6,9")));
  f.act(A(ActionType::OrderUnit, H("6,8")));
  f.act(A(ActionType::OrderUnit, H("6,7")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "three more units only";
  EXPECT_EQ(ordered_units(f), hexes({"6,7", "6,8", "6,9", "6,10"}));
  EXPECT_FALSE(ordered(f, "6,6"));
  EXPECT_FALSE(ordered(f, "6,1"));
}

// Leadership Any Section, the alternative: one unit of the player's choice anywhere.
TEST(Card_LeadershipAnySection, OneUnitAnywhereInstead) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,1").unit(B, U::HeavyInfantry, "6,6").unit(B, U::HeavyInfantry, "6,11");
  f.leader(B, "7,6");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LeadershipAnySection);
  EXPECT_EQ(orderable_units(f), hexes({"6,1", "6,6", "6,11"}));
  EXPECT_EQ(orderable_leaders(f), hexes({"7,6"}));
  f.act(A(ActionType::OrderUnit, H("6,11")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"6,11"}));
  EXPECT_FALSE(leader_ordered(f, "7,6"));
}

// Linked means through ordered hexes: a unit next to an unordered unit only is not reachable.
TEST(Card_LeadershipAnySection, GapBreaksTheLink) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,6").leader(B, "6,6");
  f.unit(B, U::HeavyInfantry, "6,8").unit(B, U::HeavyInfantry, "6,9");  // 6,7 is empty
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LeadershipAnySection);
  f.act(A(ActionType::OrderLeader, H("6,6")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "no linked unit: the ordering ends by itself";
  EXPECT_EQ(ordered_units(f), hexes({"6,6"}));
}

// The top player's Inspired Left is the bottom player's right-hand columns.
TEST(Card_InspiredLeftLeadership, TopPlayersLeftIsMirrored) {
  CardField f;
  f.unit(T, U::HeavyInfantry, "2,1").leader(T, "2,1");    // top's right
  f.unit(T, U::HeavyInfantry, "2,11").leader(T, "2,11");  // top's left
  f.unit(B, U::HeavyInfantry, "7,6");
  f.start(T);
  play(f, K::InspiredLeftLeadership);
  EXPECT_EQ(orderable_leaders(f), hexes({"2,11"}));
  EXPECT_EQ(orderable_units(f), hexes({"2,11"}));
}

// Ordered units battle normally; the attached leader adds his helmet hits.
TEST(Card_InspiredCenterLeadership, OrderedGroupBattles) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,6").leader(B, "5,6").unit(B, U::HeavyInfantry, "5,7");
  f.unit(T, U::HeavyInfantry, "4,6", 2).unit(T, U::HeavyInfantry, "4,7");
  f.start(B);
  play(f, K::InspiredCenterLeadership);
  f.act(A(ActionType::OrderLeader, H("5,6")));
  f.act(A(ActionType::OrderUnit, H("5,7")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "no other linked unit";
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(has_battle(f, "5,6", "4,6"));
  EXPECT_TRUE(has_battle(f, "5,7", "4,7"));
  // Two helmets: with the attached leader, two hits; the two-block unit is eliminated.
  f.force({Hm, Hm, L, L, L}).battle("5,6", "4,6");
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_TRUE(f.empty("4,6"));
  EXPECT_EQ(f.banners(B), 1);
}

}  // namespace leadership_cards
}  // namespace bgb::cca::test::cards
