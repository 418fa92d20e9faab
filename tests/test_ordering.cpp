// Rule book §6 (play a Command card), §7 (order units and leaders) and the card's discard and
// draw at the end of the turn (§15), through real card play: the wanted card is put into the
// hand and played with the PlayCard action.
#include <algorithm>
#include <set>

#include "card_test_helpers.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace ordering_tests {

int count_card(const State& s, Side side, CardKind k) {
  int n = 0;
  for (int i = 0; i < s.hand_n[idx(side)]; ++i) n += s.hand[idx(side)][i] == uint8_t(k);
  return n;
}

// A wanted card is swapped into the hand and played (card_test_helpers.h).
using cards::give;
using cards::play;

// §6: "play one Command card from your hand. Place it face up in front of you."
TEST(Ordering, PlayCard_HandShrinksAndCardIsOnTheTable_S6) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1").unit(Side::Top, UnitType::HeavyInfantry, "1,6").start();
  ASSERT_EQ(f.s.decision, Decision::PlayCard);
  ASSERT_EQ(f.s.hand_n[idx(Side::Bottom)], 4) << "command 4";
  give(f.s, Side::Bottom, CardKind::OrderTwoLeft);
  int before = count_card(f.s, Side::Bottom, CardKind::OrderTwoLeft);
  f.act(A(ActionType::PlayCard, int(CardKind::OrderTwoLeft)));
  EXPECT_EQ(f.s.hand_n[idx(Side::Bottom)], 3);
  EXPECT_EQ(count_card(f.s, Side::Bottom, CardKind::OrderTwoLeft), before - 1);
  EXPECT_EQ(f.s.played, uint8_t(CardKind::OrderTwoLeft));
  EXPECT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(f.s.decider, Side::Bottom);
  const Event* e = last_event(f, Ev::CardPlayed);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->a, uint8_t(CardKind::OrderTwoLeft));
  EXPECT_EQ(e->side, Side::Bottom);
  // The other side's hand is untouched.
  EXPECT_EQ(f.s.hand_n[idx(Side::Top)], 4);
}

// §6: a card not in the hand cannot be played.
TEST(Ordering, PlayCard_OnlyFromTheHand_S6) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1").start();
  ASSERT_EQ(f.s.decision, Decision::PlayCard);
  int absent = -1;
  for (int k = 0; k < kCardKinds && absent < 0; ++k)
    if (card_info(CardKind(k)).playable && count_card(f.s, Side::Bottom, CardKind(k)) == 0) absent = k;
  ASSERT_GE(absent, 0);
  State before = f.s;
  EXPECT_FALSE(f.legal_has(A(ActionType::PlayCard, absent)));
  EXPECT_FALSE(f.try_act(A(ActionType::PlayCard, absent)));
  EXPECT_TRUE(f.s == before);
  // Every playable card kind in the hand, and only those, can be played.
  for (Action a : f.legal()) {
    EXPECT_EQ(a.type(), ActionType::PlayCard);
    EXPECT_GT(count_card(f.s, Side::Bottom, CardKind(a.a())), 0);
  }
}

// §15 (§5 step 5): "discard the Command card played and draw another card from the deck."
TEST(Ordering, TurnEnd_CardDiscardedAndNewCardDrawn_S6_S15) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1").unit(Side::Top, UnitType::HeavyInfantry, "1,6").start();
  const int deck_before = f.s.deck_n;
  const uint8_t next_card = f.s.deck[deck_before - 1];
  play(f, CardKind::OrderTwoLeft);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(f.s.discard_n, 0);
  // Order nothing: nothing can move or battle, so the turn ends by itself.
  f.act(A(ActionType::EndOrders));
  EXPECT_EQ(f.s.turn, 1);
  EXPECT_EQ(f.s.active, Side::Top);
  EXPECT_EQ(f.s.played, kNone) << "the card has left the table";
  ASSERT_EQ(f.s.discard_n, 1);
  EXPECT_EQ(f.s.discard[0], uint8_t(CardKind::OrderTwoLeft));
  EXPECT_EQ(f.s.hand_n[idx(Side::Bottom)], 4) << "back to command";
  EXPECT_EQ(f.s.deck_n, deck_before - 1);
  // The card drawn is the top card of the deck.
  const Event* drawn = last_event(f, Ev::CardDrawn);
  ASSERT_NE(drawn, nullptr);
  EXPECT_EQ(drawn->side, Side::Bottom);
  EXPECT_EQ(drawn->a, next_card);
  EXPECT_EQ(std::string(drawn->section), "§15");
  bool in_hand = false;
  for (int i = 0; i < f.s.hand_n[1]; ++i) in_hand |= f.s.hand[1][i] == next_card;
  EXPECT_TRUE(in_hand);
  EXPECT_EQ(count_events(f, Ev::TurnEnd), 1);
}

// §7: section cards order pieces in their section only (the player's own left/center/right).
TEST(Ordering, SectionCardOrdersOnlyPiecesInItsSection_S7) {
  struct Case {
    CardKind card;
    std::set<int> want;
  };
  const std::set<int> left = hexes({"6,1", "7,3"}), center = hexes({"6,6", "7,4"}), right = hexes({"6,11", "7,8"});
  const Case cases[] = {
      {CardKind::OrderTwoLeft, left},    {CardKind::OrderThreeLeft, left},    {CardKind::OrderFourLeft, left},
      {CardKind::OrderTwoCenter, center}, {CardKind::OrderThreeCenter, center}, {CardKind::OrderFourCenter, center},
      {CardKind::OrderTwoRight, right},  {CardKind::OrderThreeRight, right},  {CardKind::OrderFourRight, right},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(card_info(c.card).name);
    Field f;
    for (const char* h : {"6,1", "7,3", "6,6", "7,4", "6,11", "7,8"}) f.unit(Side::Bottom, UnitType::HeavyInfantry, h);
    f.unit(Side::Top, UnitType::HeavyInfantry, "1,1").unit(Side::Top, UnitType::HeavyInfantry, "1,6");
    f.start();
    play(f, c.card);
    ASSERT_EQ(f.s.decision, Decision::Order);
    EXPECT_EQ(orderable_units(f), c.want);
    // The enemy's pieces are never orderable.
    EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("1,1"))));
    EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("1,6"))));
  }
}

// §2/§7: the top player's left is the bottom player's right.
TEST(Ordering, TopPlayersSectionsAreMirrored_S7) {
  for (CardKind k : {CardKind::OrderTwoLeft, CardKind::OrderTwoCenter, CardKind::OrderTwoRight}) {
    SCOPED_TRACE(card_info(k).name);
    Field f;
    f.unit(Side::Top, UnitType::HeavyInfantry, "2,1")     // bottom's left = top's right
        .unit(Side::Top, UnitType::HeavyInfantry, "2,6")  // center
        .unit(Side::Top, UnitType::HeavyInfantry, "2,11") // bottom's right = top's left
        .unit(Side::Bottom, UnitType::HeavyInfantry, "7,6")
        .start(Side::Top);
    play(f, k);
    ASSERT_EQ(f.s.decision, Decision::Order);
    std::set<int> want = k == CardKind::OrderTwoLeft ? hexes({"2,11"}) : k == CardKind::OrderTwoCenter ? hexes({"2,6"}) : hexes({"2,1"});
    EXPECT_EQ(orderable_units(f), want);
  }
}

// §7: "Units or leaders on a hex with a dotted line running through it may be ordered from either
// section." Even-row hexes of columns 4 and 8 are on the dotted lines; odd-row hexes never are.
TEST(Ordering, DottedLineHexOrderedFromEitherSection_S7) {
  for (CardKind k : {CardKind::OrderTwoLeft, CardKind::OrderTwoCenter, CardKind::OrderTwoRight}) {
    SCOPED_TRACE(card_info(k).name);
    Field f;
    f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,4")
        .unit(Side::Bottom, UnitType::HeavyInfantry, "6,8")
        .unit(Side::Bottom, UnitType::HeavyInfantry, "7,3")   // left only (x2 = 7)
        .unit(Side::Bottom, UnitType::HeavyInfantry, "7,8")   // right only (x2 = 17)
        .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
        .start();
    play(f, k);
    std::set<int> want = k == CardKind::OrderTwoLeft     ? hexes({"6,4", "7,3"})
                         : k == CardKind::OrderTwoCenter ? hexes({"6,4", "6,8"})
                                                         : hexes({"6,8", "7,8"});
    EXPECT_EQ(orderable_units(f), want);
  }
  // The dotted hex actually uses the order: ordered from the left, it moves.
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,4").unit(Side::Top, UnitType::HeavyInfantry, "1,6").start();
  play(f, CardKind::OrderTwoLeft);
  f.act(A(ActionType::OrderUnit, H("6,4")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "nothing else to order: the orders end by themselves";
  EXPECT_TRUE(ordered(f, "6,4"));
  f.move("6,4", "5,4");
  EXPECT_EQ(f.at("5,4").type, UnitType::HeavyInfantry);
}

// §7: "If the Command card allows you to issue more orders in a given section of the battlefield
// than you have units or leaders in that section, those additional orders are lost."
TEST(Ordering, OrdersBeyondPiecesPresentAreLost_S7) {
  {
    Field f;
    f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
        .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
        .unit(Side::Bottom, UnitType::HeavyInfantry, "6,6")  // center: not orderable
        .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
        .start();
    play(f, CardKind::OrderFourLeft);
    f.act(A(ActionType::OrderUnit, H("6,1")));
    f.act(A(ActionType::OrderUnit, H("6,2")));
    // Only end-orders was left: taken automatically, two of the four orders lost.
    ASSERT_EQ(f.s.decision, Decision::Move);
    const Event* lost = last_event(f, Ev::OrdersLost);
    ASSERT_NE(lost, nullptr) << f.story();
    EXPECT_EQ(lost->a, 2);
    EXPECT_EQ(lost->side, Side::Bottom);
    EXPECT_EQ(count_events(f, Ev::Ordered), 2);
    EXPECT_FALSE(ordered(f, "6,6"));
  }
  {
    Field f;
    f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
        .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
        .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
        .start();
    play(f, CardKind::OrderThreeLeft);
    f.act(A(ActionType::OrderUnit, H("6,1")));
    f.act(A(ActionType::EndOrders));
    const Event* lost = last_event(f, Ev::OrdersLost);
    ASSERT_NE(lost, nullptr);
    EXPECT_EQ(lost->a, 2) << "one given, one piece left unordered by choice: 2 orders not given";
  }
}

// §7: no orders lost when the card's orders are all used.
TEST(Ordering, NoOrdersLostWhenAllUsed_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  f.act(A(ActionType::OrderUnit, H("6,1")));
  f.act(A(ActionType::OrderUnit, H("6,2")));
  EXPECT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
}

// §7: "You may not give more than one order to each unit or leader."
TEST(Ordering, PieceCannotBeOrderedTwice_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .leader(Side::Bottom, "6,3")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderFourLeft);
  f.act(A(ActionType::OrderUnit, H("6,1")));
  EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("6,1"))));
  State before = f.s;
  EXPECT_FALSE(f.try_act(A(ActionType::OrderUnit, H("6,1"))));
  EXPECT_TRUE(f.s == before) << "a refused action leaves the state unchanged";
  f.act(A(ActionType::OrderLeader, H("6,3")));
  EXPECT_FALSE(f.legal_has(A(ActionType::OrderLeader, H("6,3"))));
  EXPECT_FALSE(f.try_act(A(ActionType::OrderLeader, H("6,3"))));
  EXPECT_EQ(count_events(f, Ev::Ordered), 2);
}

// §7: the card's number of orders is a maximum.
TEST(Ordering, QuotaRespected_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,0")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  f.act(A(ActionType::OrderUnit, H("6,0")));
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_TRUE(f.legal_has(A(ActionType::OrderUnit, H("6,2"))));
  f.act(A(ActionType::OrderUnit, H("6,2")));
  // Two orders given: no third; the ordering ends by itself.
  EXPECT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(ordered(f, "6,0"));
  EXPECT_FALSE(ordered(f, "6,1"));
  EXPECT_TRUE(ordered(f, "6,2"));
  EXPECT_FALSE(f.legal_has(A(ActionType::MoveUnit, H("6,1"), H("5,0"))));
  EXPECT_FALSE(f.try_act(A(ActionType::OrderUnit, H("6,1"))));
  // Order Three: three pieces.
  Field g;
  g.unit(Side::Bottom, UnitType::HeavyInfantry, "6,0")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,3")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(g, CardKind::OrderThreeLeft);
  g.act(A(ActionType::OrderUnit, H("6,0")));
  g.act(A(ActionType::OrderUnit, H("6,1")));
  ASSERT_EQ(g.s.decision, Decision::Order);
  g.act(A(ActionType::OrderUnit, H("6,2")));
  EXPECT_EQ(g.s.decision, Decision::Move);
  EXPECT_FALSE(ordered(g, "6,3"));
}

// §7: "it still costs only one command to order a unit with an attached leader", and the
// attached leader must move with the unit.
TEST(Ordering, UnitWithAttachedLeaderCostsOneOrder_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .leader(Side::Bottom, "6,2")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,3")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  f.act(A(ActionType::OrderUnit, H("6,2")));
  ASSERT_EQ(f.s.decision, Decision::Order) << "one order left";
  f.act(A(ActionType::OrderUnit, H("6,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
  f.move("6,2", "5,2");
  EXPECT_TRUE(f.has_leader("5,2")) << "the attached leader moved with the unit";
  EXPECT_FALSE(f.has_leader("6,2"));
}

// §7: on a section card (helmet) an attached leader may be ordered to detach; it costs one order
// and the unit he leaves is not thereby ordered.
TEST(Ordering, AttachedLeaderDetachesOnSectionCard_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .leader(Side::Bottom, "6,2")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,3")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  EXPECT_TRUE(f.legal_has(A(ActionType::OrderUnit, H("6,2"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::OrderLeader, H("6,2"))));
  f.act(A(ActionType::OrderLeader, H("6,2")));
  ASSERT_EQ(f.s.decision, Decision::Order) << "the leader used one order of two";
  f.act(A(ActionType::OrderUnit, H("6,3")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "both orders used";
  EXPECT_FALSE(ordered(f, "6,2")) << "the unit the leader left is not ordered";
  EXPECT_FALSE(f.legal_has(A(ActionType::MoveUnit, H("6,2"), H("5,2"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,2"), H("5,2"))));
  f.move_leader("6,2", "5,2");
  EXPECT_TRUE(f.has_leader("5,2"));
  EXPECT_FALSE(f.empty("6,2")) << "the unit stayed";
  EXPECT_FALSE(f.has_leader("6,2"));
}

// §7: "The remaining orders on the Command card may be used to order units (including the one
// from which a leader was detached)". Then the two move separately.
TEST(Ordering, DetachedLeaderAndHisUnitBothOrdered_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .leader(Side::Bottom, "6,2")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,3")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  f.act(A(ActionType::OrderUnit, H("6,2")));
  f.act(A(ActionType::OrderLeader, H("6,2")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "two orders used: unit and leader";
  EXPECT_FALSE(ordered(f, "6,3")) << "no order was left for 6,3";
  f.move("6,2", "5,2");
  EXPECT_FALSE(f.has_leader("5,2")) << "a leader ordered on his own does not go with the unit";
  EXPECT_TRUE(f.has_leader("6,2"));
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,2"), H("7,2"))));
  f.move_leader("6,2", "7,2");
  EXPECT_TRUE(f.has_leader("7,2"));
}

// §7: a lone leader takes an order like a unit.
TEST(Ordering, LoneLeaderTakesAnOrder_S7) {
  Field f;
  f.leader(Side::Bottom, "6,1")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  EXPECT_TRUE(f.legal_has(A(ActionType::OrderLeader, H("6,1"))));
  EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("6,1"))));
  f.act(A(ActionType::OrderLeader, H("6,1")));
  f.act(A(ActionType::OrderUnit, H("6,2")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,1"), H("5,1"))));
  // A lone leader in another section is not orderable.
  Field g;
  g.leader(Side::Bottom, "6,6").unit(Side::Bottom, UnitType::HeavyInfantry, "6,2").unit(Side::Top, UnitType::HeavyInfantry, "1,6").start();
  play(g, CardKind::OrderTwoLeft);
  EXPECT_FALSE(g.legal_has(A(ActionType::OrderLeader, H("6,6"))));
}

// §7: only ordered pieces may move, battle or take a special action.
TEST(Ordering, OnlyOrderedPiecesMove_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderTwoLeft);
  f.act(A(ActionType::OrderUnit, H("6,1")));
  ASSERT_EQ(f.s.decision, Decision::Order);
  f.act(A(ActionType::EndOrders));
  ASSERT_EQ(f.s.decision, Decision::Move);
  for (Action a : f.legal())
    if (a.type() == ActionType::MoveUnit) {
      EXPECT_EQ(a.a(), H("6,1")) << action_text(f.scn, f.s, a);
    }
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveUnit, H("6,1"), H("5,1"))));
}

// The legal list is sorted by action value and ends with end-orders (always available).
TEST(Ordering, LegalListSortedAndEndsWithEndOrders_S7) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,0")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .leader(Side::Bottom, "6,2")
      .leader(Side::Bottom, "7,1")
      .unit(Side::Bottom, UnitType::LightCavalry, "7,3")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,4")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderFourLeft);
  for (int step = 0; step < 3 && f.s.decision == Decision::Order; ++step) {
    ActionList l = f.legal();
    ASSERT_GE(l.size(), 2);
    EXPECT_TRUE(std::is_sorted(l.begin(), l.end()));
    EXPECT_EQ(l[l.size() - 1], A(ActionType::EndOrders));
    for (int i = 0; i + 1 < l.size(); ++i) EXPECT_NE(l[i].type(), ActionType::EndOrders);
    f.act(l[0]);
  }
  // 6,0, 6,2 unit, 6,2 leader, 6,4, 7,1 leader and 7,3 were orderable at the start.
  EXPECT_EQ(count_events(f, Ev::Ordered), 3);
}

// Interpretation 2: orders are announced in increasing (hex, unit-before-leader) order, so the
// set of orders is what counts; an order for a lower hex after a higher one is refused.
TEST(Ordering, AnnouncedInIncreasingHexOrder_S7_Interp2) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,0")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
      .start();
  play(f, CardKind::OrderThreeLeft);
  f.act(A(ActionType::OrderUnit, H("6,2")));
  EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("6,0"))));
  EXPECT_FALSE(f.try_act(A(ActionType::OrderUnit, H("6,0"))));
}

}  // namespace ordering_tests
}  // namespace bgb::cca::test
