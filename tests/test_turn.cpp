// Rule book §4 Object of the Game (banners, victory), §5 Game-Turn (alternating turns) and §15
// Draw a Command Card (discard, draw, reshuffle), and the conservation of the cards.
#include <algorithm>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace turn_s15 {
namespace {

int cards_in_play(const State& s) {
  return s.hand_n[0] + s.hand_n[1] + s.deck_n + s.discard_n + (s.played != kNone ? 1 : 0);
}
// One card of each of the nine section card kinds: every hand holds distinct cards.
std::vector<uint8_t> nine_card_deck() {
  std::vector<uint8_t> d;
  for (CardKind k : {CardKind::OrderTwoLeft, CardKind::OrderTwoCenter, CardKind::OrderTwoRight, CardKind::OrderThreeLeft,
                     CardKind::OrderThreeCenter, CardKind::OrderThreeRight, CardKind::OrderFourLeft,
                     CardKind::OrderFourCenter, CardKind::OrderFourRight})
    d.push_back(uint8_t(k));
  return d;
}
// Plays a turn without orders: the active side plays its last card and ends the turn.
void pass_turn(Field& f) {
  f.order({}).to_battle();
}

}  // namespace

// §4: a banner for each enemy unit eliminated and each enemy leader killed.
TEST(Turn_S4, BannerPerEliminatedUnitOrKilledLeader) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6").start().order({"5,6"}).to_battle();
  EXPECT_EQ(f.banners(B), 0);
  f.force({M, L, L, L, L, /*leader check*/ Hm}).battle("5,6", "4,6");
  EXPECT_EQ(f.banners(B), 2);
  EXPECT_EQ(f.banners(T), 0);
  EXPECT_EQ(count_events(f, Ev::Banner), 2);
}

// §4: a block loss that leaves the unit on the board gives no banner; a war machine escaping gives none.
TEST(Turn_S4, NoBannerWithoutElimination) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").start().order({"5,6"}).to_battle();
  f.force({M, M, M, L, L}).battle("5,6", "4,6");
  EXPECT_EQ(f.blocks("4,6"), 1);
  EXPECT_EQ(f.banners(B), 0);
}

// §4/§5: the first side to reach the scenario's banner count wins at once: the game is over, the
// winner is set and no action is legal any more (not even the momentum advance).
TEST(Turn_S4, VictoryEndsTheGameAtOnce) {
  {
    Field f;
    f.banners(1);
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).unit(T, U::HeavyInfantry, "0,0");
    f.start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.decision, Decision::GameOver);
    EXPECT_TRUE(is_terminal(f.s));
    EXPECT_EQ(f.s.winner, B);
    EXPECT_TRUE(f.legal().empty());
    EXPECT_FALSE(f.try_act(Action::make(ActionType::Advance)));
    EXPECT_FALSE(f.try_act(Action::make(ActionType::EndBattles)));
    EXPECT_EQ(count_events(f, Ev::Victory), 1);
  }
  {  // The defender can win during the attacker's turn, by battling back.
    Field f;
    f.banners(1);
    f.unit(B, U::MediumInfantry, "5,6", 1).unit(T, U::HeavyInfantry, "4,6");
    f.start().order({"5,6"}).to_battle();
    f.force({L, L, L, L}).battle("5,6", "4,6");
    f.force({M, L, L, L, L}).battle_back();
    EXPECT_EQ(f.s.decision, Decision::GameOver);
    EXPECT_EQ(f.s.winner, T);
  }
  {  // Each side's own target: the top side needs 2, the bottom 3.
    Field f;
    f.scn.banners_to_win[idx(T)] = 2;
    f.scn.banners_to_win[idx(B)] = 3;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0");
    f.start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*leader check*/ Hm}).battle("5,6", "4,6");
    EXPECT_EQ(f.banners(B), 2);
    EXPECT_NE(f.s.decision, Decision::GameOver);
    EXPECT_EQ(f.s.winner, Side::None);
  }
  {  // Victory in the middle of a retreat: a unit eliminated by its blocked retreat.
    Field f;
    f.banners(1);
    f.unit(B, U::LightBow, "2,6").unit(T, U::LightInfantry, "0,6", 2).unit(T, U::HeavyInfantry, "0,0");
    f.start().order({"2,6"}).to_battle();
    f.force({F, S}).battle("2,6", "0,6");
    EXPECT_EQ(f.s.decision, Decision::GameOver);
    EXPECT_EQ(f.s.winner, B);
  }
}

// §5: players alternate turns.
TEST(Turn_S5, PlayersAlternate) {
  Field f;
  f.scn.deck = nine_card_deck();
  f.unit(B, U::HeavyInfantry, "8,0").unit(T, U::HeavyInfantry, "0,12").start(B);
  ASSERT_EQ(f.s.decision, Decision::PlayCard);
  EXPECT_EQ(f.s.active, B);
  EXPECT_EQ(f.s.decider, B);
  pass_turn(f);
  EXPECT_EQ(f.s.active, T);
  EXPECT_EQ(f.s.decider, T);
  EXPECT_EQ(f.s.decision, Decision::PlayCard);
  EXPECT_EQ(f.s.turn, 1);
  pass_turn(f);
  EXPECT_EQ(f.s.active, B);
  EXPECT_EQ(f.s.turn, 2);
}

// §15: at the end of the turn the card played is discarded and one card is drawn.
TEST(Turn_S15, EndOfTurnDiscardsAndDraws) {
  Field f;
  f.scn.deck = nine_card_deck();
  f.unit(B, U::HeavyInfantry, "8,0").unit(T, U::HeavyInfantry, "0,12").start(B);
  ASSERT_EQ(f.s.hand_n[idx(B)], 4);
  ASSERT_EQ(f.s.deck_n, 1);
  const uint8_t top_of_deck = f.s.deck[f.s.deck_n - 1];
  const uint8_t played = f.s.hand[idx(B)][f.s.hand_n[idx(B)] - 1];
  f.order({});
  EXPECT_EQ(f.s.played, played);
  EXPECT_EQ(f.s.hand_n[idx(B)], 3);
  f.to_battle();  // no battle possible: the turn ends
  EXPECT_EQ(f.s.played, kNone);
  EXPECT_EQ(f.s.discard_n, 1);
  EXPECT_EQ(f.s.discard[0], played);
  EXPECT_EQ(f.s.hand_n[idx(B)], 4);
  EXPECT_EQ(f.s.deck_n, 0);
  const uint8_t* hand = f.s.hand[idx(B)];
  EXPECT_NE(std::find(hand, hand + 4, top_of_deck), hand + 4) << "the drawn card is the deck's top card";
  EXPECT_EQ(f.s.hand_n[idx(T)], 4) << "the other side does not draw";
}

// §15: when the draw deck runs out, the discards are shuffled to form a new draw deck.
TEST(Turn_S15, EmptyDeckReshufflesDiscards) {
  Field f;
  f.scn.deck = nine_card_deck();
  f.unit(B, U::HeavyInfantry, "8,0").unit(T, U::HeavyInfantry, "0,12").start(B);
  pass_turn(f);  // bottom draws the last card of the deck
  ASSERT_EQ(f.s.deck_n, 0);
  ASSERT_EQ(f.s.discard_n, 1);
  EXPECT_EQ(count_events(f, Ev::Reshuffle), 0);
  const uint8_t first_played = f.s.discard[0];
  const uint8_t second_played = f.s.hand[idx(T)][f.s.hand_n[idx(T)] - 1];
  pass_turn(f);  // top: the discards (2 cards) become the deck, and one is drawn
  EXPECT_EQ(count_events(f, Ev::Reshuffle), 1);
  EXPECT_EQ(f.s.discard_n, 0);
  EXPECT_EQ(f.s.deck_n, 1);
  EXPECT_EQ(f.s.hand_n[idx(T)], 4);
  const uint8_t* hand = f.s.hand[idx(T)];
  const bool drew_first = std::find(hand, hand + 4, first_played) != hand + 4;
  const bool drew_second = std::find(hand, hand + 4, second_played) != hand + 4;
  EXPECT_TRUE(drew_first || drew_second) << "the card drawn comes from the old discards";
  EXPECT_TRUE(f.s.deck[0] == first_played || f.s.deck[0] == second_played);
  EXPECT_EQ(cards_in_play(f.s), 9);
}

// §15: hand + deck + discards + the card played always equals the deck size.
TEST(Turn_S15, CardsAreConserved) {
  Field f;
  f.scn.deck = nine_card_deck();
  f.unit(B, U::HeavyInfantry, "8,0").unit(T, U::HeavyInfantry, "0,12").start(B);
  EXPECT_EQ(f.s.deck_total, 9);
  for (int turn = 0; turn < 12; ++turn) {
    EXPECT_EQ(cards_in_play(f.s), 9) << "before turn " << turn;
    f.order({});
    EXPECT_EQ(cards_in_play(f.s), 9) << "during turn " << turn;
    f.to_battle();
    EXPECT_EQ(cards_in_play(f.s), 9) << "after turn " << turn;
    EXPECT_EQ(f.s.hand_n[0], 4);
    EXPECT_EQ(f.s.hand_n[1], 4);
  }
  EXPECT_GE(count_events(f, Ev::Reshuffle), 5);
  {  // With the standard 23 section cards too.
    Field g;
    g.unit(B, U::HeavyInfantry, "8,0").unit(T, U::HeavyInfantry, "0,12").start(B);
    for (int turn = 0; turn < 40; ++turn) {
      g.order({}).to_battle();
      EXPECT_EQ(cards_in_play(g.s), int(g.scn.deck.size())) << "after turn " << turn;
    }
    EXPECT_GE(count_events(g, Ev::Reshuffle), 1);
  }
}

}  // namespace turn_s15
}  // namespace bgb::cca::test
