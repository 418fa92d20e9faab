// The choices the bots are spared (cca::prune_dominated, issue 11): "done ordering" while an order
// can still be given, and a turn's card that does nothing while another card does something.
// A person is still offered every legal choice; these tests pin what the bots see.
#include <gtest/gtest.h>

#include <algorithm>

#include "cca/cca_game.h"
#include "ai/bot.h"
#include "cca/model/bots.h"
#include "cca/model/cca_model.h"
#include "cca/cards.h"
#include "cca/observation.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace {

using cca::CcaModel;

// Replaces the active side's hand by these cards, the last repeated to fill the hand (for what
// the bots are offered; a game is not played on from such a hand).
void give_hand(Field& f, std::initializer_list<CardKind> cards) {
  const int k = idx(f.s.active);
  f.s.hand_n[k] = uint8_t(std::max<int>(f.s.hand_n[k], int(cards.size())));
  int i = 0;
  for (CardKind c : cards) f.s.hand[k][i++] = uint8_t(c);
  for (; i < f.s.hand_n[k]; ++i) f.s.hand[k][i] = uint8_t(*(cards.end() - 1));
}

// Makes sure the active side holds `c`, exchanging a hand card with one from the deck (the
// engine's card counts stay whole, so the game can be played on).
void hold_card(Field& f, CardKind c) {
  const int k = idx(f.s.active);
  for (int i = 0; i < f.s.hand_n[k]; ++i)
    if (f.s.hand[k][i] == uint8_t(c)) return;
  for (int i = 0; i < f.s.deck_n; ++i)
    if (f.s.deck[i] == uint8_t(c)) {
      std::swap(f.s.deck[i], f.s.hand[k][0]);
      return;
    }
  FAIL() << "no such card in the deck";
}

bool has_card(const ActionList& l, CardKind c) { return l.contains(Action::make(ActionType::PlayCard, int(c))); }

ActionList bot_choices(const Field& f) {
  ActionList l;
  CcaModel(f.scn).legal_actions(f.s, l);
  return l;
}

// One bottom unit in the centre (5,6), one in the left section (6,1), an enemy far away.
Field two_units() {
  Field f;
  f.unit(Side::Bottom, UnitType::MediumInfantry, "5,6")
      .unit(Side::Bottom, UnitType::MediumInfantry, "6,1")
      .unit(Side::Top, UnitType::MediumInfantry, "1,6")
      .start();
  return f;
}

TEST(DominatedChoices, DoneOrderingIsNotOfferedWhileAnOrderCanBeGiven) {
  Field f = two_units();
  hold_card(f, CardKind::OrderTwoCenter);
  f.act(Action::make(ActionType::PlayCard, int(CardKind::OrderTwoCenter)));
  ASSERT_EQ(f.s.decision, Decision::Order);
  // The rules offer both; the bots only the order (§7: an ordered unit need not move or battle).
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::EndOrders)));
  const ActionList bot = bot_choices(f);
  EXPECT_FALSE(bot.contains(Action::make(ActionType::EndOrders)));
  EXPECT_TRUE(bot.contains(Action::make(ActionType::OrderUnit, H("5,6"))));
  EXPECT_EQ(bot.size(), f.legal().size() - 1);
  // Without pruning (prune=0) the bots see what the rules give.
  ActionList raw;
  CcaModel(f.scn, false).legal_actions(f.s, raw);
  EXPECT_EQ(raw.size(), f.legal().size());
}

TEST(DominatedChoices, DoneOrderingStaysWhenItIsTheOnlyChoice) {
  Field f = two_units();
  hold_card(f, CardKind::OrderTwoCenter);
  f.act(Action::make(ActionType::PlayCard, int(CardKind::OrderTwoCenter)));
  ASSERT_EQ(f.s.decision, Decision::Order);
  ActionList only;
  only.push(Action::make(ActionType::EndOrders));
  cca::prune_dominated(f.s, only);
  ASSERT_EQ(only.size(), 1);
  EXPECT_EQ(only[0], Action::make(ActionType::EndOrders));
  // And the moves are never pruned: "done moving" stays with the moves.
  f.act(Action::make(ActionType::OrderUnit, H("5,6")));
  if (f.s.decision == Decision::Order) f.act(Action::make(ActionType::EndOrders));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(bot_choices(f).size(), f.legal().size());
  EXPECT_TRUE(bot_choices(f).contains(Action::make(ActionType::EndMoves)));
}

TEST(DominatedChoices, ACardThatDoesNothingIsNotPlayedWhenAnotherDoesSomething) {
  Field f = two_units();
  give_hand(f, {CardKind::FirstStrike, CardKind::CounterAttack, CardKind::OrderTwoRight, CardKind::InspiredRightLeadership,
                CardKind::InspiredLeftLeadership, CardKind::OrderTwoCenter});
  const ActionList rules = f.legal();
  EXPECT_TRUE(has_card(rules, CardKind::FirstStrike));
  const ActionList bot = bot_choices(f);
  EXPECT_FALSE(has_card(bot, CardKind::FirstStrike));    // no effect on one's own turn
  EXPECT_FALSE(has_card(bot, CardKind::CounterAttack));  // the opponent has played nothing yet
  EXPECT_FALSE(has_card(bot, CardKind::OrderTwoRight));  // nothing in the right section
  EXPECT_FALSE(has_card(bot, CardKind::InspiredRightLeadership));
  EXPECT_TRUE(has_card(bot, CardKind::InspiredLeftLeadership));  // one unit at 6,1 instead of a leader
  EXPECT_TRUE(has_card(bot, CardKind::OrderTwoCenter));
  // A Counter Attack copies the opponent's last card: then it does something (§ command cards).
  f.s.last_played[idx(Side::Top)] = uint8_t(CardKind::OrderTwoCenter);
  EXPECT_TRUE(has_card(bot_choices(f), CardKind::CounterAttack));
}

TEST(DominatedChoices, ClashOfShieldsAndRallyDoSomethingOnlyWithUnitsToTakeThem) {
  // The bottom unit at 5,6 is one hex from the enemy at 4,6 (Clash of Shields orders it) and has
  // lost a block next to its leader (Rally can return it).
  Field f;
  f.unit(Side::Bottom, UnitType::MediumInfantry, "5,6")
      .leader(Side::Bottom, "6,6")
      .unit(Side::Top, UnitType::MediumInfantry, "4,6")
      .start();
  f.s.units[0].blocks = uint8_t(f.s.units[0].start_blocks - 1);
  give_hand(f, {CardKind::ClashOfShields, CardKind::Rally, CardKind::OrderTwoCenter});
  ActionList bot = bot_choices(f);
  EXPECT_TRUE(has_card(bot, CardKind::ClashOfShields));
  EXPECT_TRUE(has_card(bot, CardKind::Rally));
  // Far from the enemy and whole again: both do nothing.
  f.s.units[0].blocks = f.s.units[0].start_blocks;
  f.s.unit_at[H("5,6")] = kNone;
  f.s.units[0].hex = uint8_t(H("7,6"));
  f.s.unit_at[H("7,6")] = 0;
  sync_unit_bits(f.s);
  bot = bot_choices(f);
  EXPECT_FALSE(has_card(bot, CardKind::ClashOfShields));
  EXPECT_FALSE(has_card(bot, CardKind::Rally));
  EXPECT_TRUE(has_card(bot, CardKind::OrderTwoCenter));
}

TEST(DominatedChoices, APieceOnTheLineBetweenSectionsCountsForBoth) {
  // 6,4 lies on the dotted line between the left and centre sections (§2): an Order Two Left
  // orders it, so the card does something.
  Field f;
  f.unit(Side::Bottom, UnitType::MediumInfantry, "6,4").unit(Side::Top, UnitType::MediumInfantry, "1,6").start();
  ASSERT_TRUE(Board::get().section_mask(H("6,4"), Side::Bottom) & kSecLeft);
  ASSERT_TRUE(Board::get().section_mask(H("6,4"), Side::Bottom) & kSecCenter);
  give_hand(f, {CardKind::OrderTwoLeft, CardKind::OrderTwoRight});
  const ActionList bot = bot_choices(f);
  EXPECT_TRUE(has_card(bot, CardKind::OrderTwoLeft));
  EXPECT_FALSE(has_card(bot, CardKind::OrderTwoRight));
}

TEST(DominatedChoices, WhenEveryCardDoesNothingAllAreOffered) {
  Field f = two_units();
  give_hand(f, {CardKind::FirstStrike, CardKind::OrderTwoRight});
  const ActionList bot = bot_choices(f);
  EXPECT_EQ(bot.size(), f.legal().size());
}

TEST(DominatedChoices, EverySearchingBotPlaysTheCardThatDoesSomething) {
  for (const char* spec : {"expert", "greedy", "flatmc:iters=50", "ismcts:iters=50"}) {
    Field f = two_units();
    give_hand(f, {CardKind::FirstStrike, CardKind::OrderTwoCenter});
    std::unique_ptr<ai::Bot> bot = ai::make_bot(cca::kGameName, spec);
    ASSERT_TRUE(bot) << spec;
    Rng r{3};
    const Action a = cca::choose_in(*bot, f.scn, observe(f.s, f.s.active), r);
    EXPECT_EQ(a, Action::make(ActionType::PlayCard, int(CardKind::OrderTwoCenter))) << spec;
  }
}

}  // namespace
}  // namespace bgb::cca::test
