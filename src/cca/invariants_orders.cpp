// check_card_in_force(): the card played this turn, the card in force and the orders it gives,
// as start_card() (command_cards.cpp), apply_order() (ordering.cpp), the moves and end_turn()
// (turn.cpp) leave them. Rule book §6 (play a card), §7 (orders), §15 (the card is discarded at
// the end of the turn), command-cards.md.
#include <string>

#include "cca/cards.h"
#include "cca/invariants_internal.h"

namespace bgb::cca {

namespace {

using K = CardKind;

bool card_or_none(uint8_t c) { return c == kNone || c < kCardKinds; }

// end_turn() clears what the card in force set (clear_card_in_force), and nothing sets it again
// before the next card is played.
bool card_state_cleared(const State& s) {
  bool clear = s.order_mode == OrderMode::Section && s.orders_left == 0 && s.lead_leader == kNone &&
               s.lead_sections == 0 && s.card_step == 0 && s.reserve_entry == 0 && s.last_order_key == 0 &&
               s.named_section == 0;
  for (uint8_t d : s.dice_orders) clear &= d == 0;
  for (uint8_t q : s.quota) clear &= q == 0;
  for (uint8_t n : s.order_counts) clear &= n == 0;
  return clear;
}

// Section cards (§7): the card's orders per section, and the orders given so far by section mask
// of the piece (a piece on a dotted line counts for either section). An order is given only when
// every order so far can still be assigned a section of its own (Hall's condition, ordering.cpp),
// so at no time does a set of sections hold more orders than the card gives there.
std::string check_section_orders(const State& s) {
  uint8_t want[3];
  card_quotas(s, want);  // the card's, or those of the section it was played in (Hellenistic H2.2)
  uint8_t card_mask = 0;
  for (int i = 0; i < 3; ++i) {
    if (s.quota[i] != want[i]) return "the section quotas differ from the card's (§7)";
    if (s.quota[i]) card_mask = uint8_t(card_mask | (1 << i));
  }
  if (s.order_counts[0]) return "an order counted in no section (§7)";
  for (uint8_t m = 1; m < 8; ++m)
    if (s.order_counts[m] && (m & ~card_mask)) return "an order counted in a section the card does not order (§7)";
  for (uint8_t set = 1; set < 8; ++set) {
    int need = 0, have = 0;
    for (uint8_t m = 1; m < 8; ++m)
      if ((m & ~set) == 0) need += s.order_counts[m];
    for (int i = 0; i < 3; ++i)
      if (set & (1 << i)) have += s.quota[i];
    if (need > have) return "more orders given in some sections than the card gives there (§7)";
  }
  return "";
}

// The fields each way of ordering uses; the others stay as clear_card_in_force() left them.
std::string check_order_fields(const Scenario& scn, const State& s) {
  const int k = idx(s.active);
  const OrderMode m = s.order_mode;
  const bool ordering = s.decision == Decision::Order;
  bool no_quota = true, no_dice = true;
  for (uint8_t q : s.quota) no_quota &= q == 0;
  for (uint8_t n : s.order_counts) no_quota &= n == 0;
  for (uint8_t d : s.dice_orders) no_dice &= d == 0;
  if (m == OrderMode::Section) {
    if (std::string bad = check_section_orders(s); !bad.empty()) return bad;
  } else if (!no_quota) {
    return "section quotas or counts without a section card in force (§7)";
  }
  if (m != OrderMode::Leadership && (s.lead_leader != kNone || s.lead_sections != 0))
    return "a leader chosen without a leadership card in force";
  if (m != OrderMode::Dice && m != OrderMode::Rally && !no_dice) return "rolled orders without a card that rolls them";
  switch (m) {
    case OrderMode::Troop:
      // As many orders as the side's command (§7), counted down as they are given.
      if (ordering && s.orders_left > s.command[k]) return "more troop orders left than the command";
      break;
    case OrderMode::AnyOne:
      if (s.orders_left > 1) return "more than one order left on a fallback order (one unit of your choice)";
      break;
    case OrderMode::Leadership: {
      // H3.6: a war-god leader's card orders one more linked unit.
      Rng dummy(0);
      const Ctx c{scn, const_cast<State&>(s), dummy, nullptr, Board::get()};
      const int most = (s.effective == uint8_t(K::LeadershipAnySection) ? 3 : 4) +
                       (s.lead_leader != kNone && s.lead_leader < s.n_leaders ? std::max(0, leadership_bonus(c, s.lead_leader)) : 0);
      if (s.orders_left > most) return "more leadership orders left than the card gives";
      if (s.lead_sections != leadership_sections(s, s.played == uint8_t(K::CounterAttack)))
        return "the leader's sections differ from the card's";
      if (s.lead_leader != kNone) {
        const LeaderState& l = s.leaders[s.lead_leader];
        if (l.side != s.active) return "the chosen leader is not the active side's";
        // Chosen by an order in this phase (he, or the unit he is with, is ordered), and leaders
        // die only in battles, which come later: the linked orders start from his hex.
        if (ordering && !l.alive()) return "the chosen leader is not on the map";
      }
      break;
    }
    case OrderMode::Linked:
      // Double Time orders up to 4 units; Line Command every linked foot unit (255: no count).
      if (s.effective == uint8_t(K::LineCommand) ? s.orders_left != 255 : s.orders_left > 4)
        return "the linked orders left differ from the card's";
      break;
    case OrderMode::Dice:
    case OrderMode::Rally:
      // One die per card held (§7 command), each symbol an order.
      if (ordering && s.dice_orders[0] + s.dice_orders[1] + s.dice_orders[2] + s.dice_orders[3] > s.command[k])
        return "more rolled orders than dice rolled";
      [[fallthrough]];
    case OrderMode::Section:
    case OrderMode::None:
      if (s.orders_left != 0) return "orders left counted by a card that does not count them";
      break;
  }
  return "";
}

// §5: the pieces' flags are for the turn (end_turn clears them) and only the active side's
// pieces get them (§7 orders, §8 moves, §9 battles, in that order).
std::string check_turn_flags(const State& s) {
  const bool before_moves = s.decision == Decision::PlayCard || s.decision == Decision::Order;
  const bool before_battles = s.decision == Decision::Move && s.card_step == 0;
  auto check = [&](Side side, uint8_t flags, uint8_t moved) -> const char* {
    if (side != s.active && (flags || moved)) return "a piece of the side not playing has acted this turn (§5)";
    if (s.decision == Decision::PlayCard && flags) return "a piece has acted before the card is played (§6)";
    if (before_moves && ((flags & ~kOrdered) || moved)) return "a piece has moved or battled before the orders end (§7)";
    if (before_battles && (flags & (kBattled | kFiredOnce | kMovedAgain))) return "a piece has battled before the moves end (§8)";
    return nullptr;
  };
  for (int i = 0; i < s.n_units; ++i)
    if (const char* bad = check(s.units[i].side, s.units[i].flags, s.units[i].moved)) return bad;
  for (int i = 0; i < s.n_leaders; ++i)
    if (const char* bad = check(s.leaders[i].side, s.leaders[i].flags, 0)) return bad;
  return "";
}

}  // namespace

std::string check_card_in_force(const Scenario& scn, const State& s) {
  if (!card_or_none(s.played) || !card_or_none(s.effective)) return "a card in play that is no card";
  for (uint8_t last : s.last_played)
    // Each side's last card in force; a Counter Attack is never in force itself (its copy is).
    if (!card_or_none(last) || last == uint8_t(K::CounterAttack)) return "a last card in force that cannot be one";
  if (int(s.order_mode) > int(OrderMode::None)) return "an order mode that is none";
  if (s.lead_leader != kNone && s.lead_leader >= s.n_leaders) return "the chosen leader is no leader";
  if (s.lead_sections > 7 || s.reserve_entry > 7) return "sections that are none";
  if (s.first_strike_draw > 3) return "First Strike draws for a side that is none";
  if (s.decision == Decision::GameOver) return "";

  if (std::string bad = check_turn_flags(s); !bad.empty()) return bad;
  const int k = idx(s.active);
  // First Strike is played on the opponent's turn and replaced at its end (command-cards.md).
  if (s.first_strike_draw & (1 << k)) return "the active side owes itself a First Strike draw";
  if (s.decision == Decision::PlayCard || s.decision == Decision::ReserveMove || s.decision == Decision::ReserveLeader) {
    // §6: the turn starts with no card on the table and nothing left of the last one (§15);
    // the Hellenistic set-up (H10.1) and Reserve Move (H10.2) come before the card.
    if (s.played != kNone || s.effective != kNone) return "a card in play before the card is played (§6)";
    if (!card_state_cleared(s)) return "orders of a card still in force before the card is played (§6)";
    if (s.first_strike_draw) return "a First Strike draw owed before the card is played";
    return "";
  }

  // From the card played to the end of the turn.
  if (s.played == kNone) return std::string("the pending decision ") + decision_name(s.decision) + " needs a card played (§6)";
  if (s.played == uint8_t(K::CounterAttack)) {
    if (s.effective != counter_attack_copy(s)) return "the card in force is not the Counter Attack's copy of the opponent's last card";
  } else if (s.effective != s.played && s.effective != kNone) {
    // kNone: no effect in force; orders set up by hand (tests) leave the card so.
    return "the card in force is not the card played";
  }
  if (s.last_played[k] != s.effective) return "the active side's last card in force is not the card in force";
  if (!order_mode_fits(s.effective, s.order_mode)) return "the order mode does not fit the card in force";
  if (std::string bad = check_order_fields(scn, s); !bad.empty()) return bad;

  // Move-Fire-Move (a troop order, not the fallback): 0 while ordering and moving, 1 in the
  // battle phase (its fire), 2 in the second move (movement.cpp, apply.cpp).
  const bool mfm = s.effective == uint8_t(K::MoveFireMove) && s.order_mode == OrderMode::Troop;
  const bool battle_phase = s.decision != Decision::Order && s.decision != Decision::Move;
  if (!mfm ? s.card_step != 0
           : s.decision == Decision::Order ? s.card_step != 0
           : s.decision == Decision::Move ? (s.card_step != 0 && s.card_step != 2)
           : battle_phase && s.card_step != 1)
    return "the card's step does not fit the phase";

  // A reserve rule opens the entry when the orders end (open_reserve_entry), for the turn.
  if (s.reserve_entry && (s.decision == Decision::Order || !scn.rule(RuleKind::Reserve, s.active)))
    return "a reserve entry open with no reserve rule for the side, or before the orders end";
  return "";
}

}  // namespace bgb::cca
