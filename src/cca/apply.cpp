// The forward model's entry points: legal actions, apply, and the loop that runs the rules from
// one decision to the next (taking single-choice decisions automatically).
#include <algorithm>
#include <cassert>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

void legal_play_card(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  int k = idx(s.active);
  bool seen[kCardKinds] = {};
  const bool off = c.scn.hel(HRule::OffSection);
  for (int i = 0; i < s.hand_n[k]; ++i) {
    uint8_t card = s.hand[k][i];
    if (card >= kCardKinds || seen[card] || !card_info(card).playable) continue;
    seen[card] = true;
    out.push(Action::make(ActionType::PlayCard, card));
    // H2.3: a section card of one section may also be played in either other section (the
    // Counter Attack copy of one too, [I-3]).
    const uint8_t shape = card == uint8_t(CardKind::CounterAttack) ? counter_attack_copy(s) : card;
    const int own = off ? single_section_of(shape) : -1;
    if (own >= 0)
      for (int sec = 0; sec < 3; ++sec)
        if (sec != own) out.push(Action::make(ActionType::PlayCard, card, 1 + sec));
  }
  if (may_start_reserve(c)) out.push(Action::make(ActionType::StartReserve));
}

void legal_raw(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  out.clear();
  bool in_order = false;  // listed in sorted order by construction
  switch (s.decision) {
    case Decision::GameOver: return;
    case Decision::PlayCard: legal_play_card(c, out); break;
    case Decision::Order:
      legal_orders(c, out);
      in_order = true;
      break;
    case Decision::Move:
      legal_moves(c, out);
      in_order = !s.reserve_entry;  // reserve entries go by hex, then unit
      break;
    case Decision::Battle: legal_battles(c, out); break;
    case Decision::LeaderEvade: legal_leader_evades(c, s.evade_queue[0], out); break;
    case Decision::CommanderDiscard: legal_commander_discards(c, out); break;
    case Decision::BalkRetreat: legal_balk_retreats(c, out); break;
    case Decision::ReserveLeader: legal_reserve_names(c, out); break;
    case Decision::ReserveMove: legal_reserve_steps(c, out); break;
    default: legal_combat(c, out); break;
  }
  // The generators list most decisions in order already; checking is cheaper than sorting, and
  // orders and moves need no check (the debug builds the tests run under make sure).
  assert(!in_order || std::is_sorted(out.begin(), out.end()));
  if (!in_order && !std::is_sorted(out.begin(), out.end())) std::sort(out.begin(), out.end());
}

void apply_raw(Ctx& c, Action a) {
  State& s = c.s;
  switch (s.decision) {
    case Decision::PlayCard: {
      if (a.type() == ActionType::StartReserve) {  // Hellenistic H10.2: before the card
        start_reserve(c);
        break;
      }
      int k = idx(s.active);
      for (int i = 0; i < s.hand_n[k]; ++i)
        if (s.hand[k][i] == a.a()) {
          s.hand[k][i] = s.hand[k][--s.hand_n[k]];
          s.hand[k][s.hand_n[k]] = 0;
          break;
        }
      s.played = uint8_t(a.a());
      s.named_section = uint8_t(a.b());
      c.emit(Ev::CardPlayed, s.active, a.b() ? "Hellenistic H2.2 (§6)" : "§6", a.a(), a.b());
      start_orders(c);
      break;
    }
    case Decision::Order: apply_order(c, a); break;
    case Decision::Move: apply_move(c, a); break;
    case Decision::Battle:
      if (a.type() == ActionType::EndBattles && card_moves_again(c) && s.card_step == 1) {
        s.card_step = 2;  // Move-Fire-Move: move again
        s.decision = Decision::Move;
        s.decider = s.active;
      } else if (a.type() == ActionType::SkipCombat) {
        s.units[s.unit_at[a.a()]].flags |= kBattled;  // Hellenistic H6.12: the shot alone
      } else if (a.type() == ActionType::EndBattles) {
        if (!start_balks(c)) end_turn(c);  // Hellenistic H6.13: balked warriors first
      }
      else
        declare_battle(c, s.unit_at[a.a()], a.b(), false, a.c() == 1);
      break;
    case Decision::LeaderEvade: apply_leader_evade(c, a); break;
    case Decision::CommanderDiscard: apply_commander_discard(c, a); break;
    case Decision::BalkRetreat: apply_balk_retreat(c, a); break;
    case Decision::ReserveLeader: apply_reserve_name(c, a); break;
    case Decision::ReserveMove: apply_reserve_step(c, a); break;
    case Decision::GameOver: break;
    default: apply_combat(c, a); break;
  }
  run(c);
}

// Runs forward and takes every decision that has exactly one legal action; leaves the legal
// actions of the decision it stops at in `list`.
void settle(Ctx& c, ActionList& list) {
  for (int guard = 0; guard < 10000; ++guard) {
    list.clear();
    if (c.s.decision == Decision::GameOver) return;
    legal_raw(c, list);
    if (list.size() != 1) return;
    // A defender who might hold First Strike is always asked, so that the question tells the
    // attacker nothing.
    if (c.s.decision == Decision::EvadeOrStand) return;
    apply_raw(c, list[0]);
  }
}

std::string reason_illegal(const Scenario& scn, const State& s, Action a) {
  if (s.decision == Decision::GameOver) return "the game is over";
  std::string want = std::string("the pending decision is ") + decision_name(s.decision) + " by " + side_name(s.decider);
  Rng dummy(0);  // the reasons below only look at the position
  Ctx c{scn, const_cast<State&>(s), dummy, nullptr, Board::get()};
  switch (a.type()) {
    case ActionType::PlayCard:
      if (s.decision != Decision::PlayCard) return want;
      if (a.a() >= kCardKinds) return "no such card";
      if (!card_info(a.a()).playable) return std::string(card_info(a.a()).name) + " is not playable yet";
      return std::string(card_info(a.a()).name) + " is not in " + side_name(s.active) + "'s hand";
    case ActionType::OrderUnit:
    case ActionType::OrderLeader:
    case ActionType::EndOrders:
      if (s.decision != Decision::Order) return want;
      if (a.a() >= kHexes) return "no such hex";
      return "cannot order at " + hex_name(a.a()) +
             ": no own piece there, not in the card's section, already ordered, no order left, or orders are announced in increasing hex order";
    case ActionType::MoveUnit:
    case ActionType::MoveLeader:
    case ActionType::EndMoves:
      if (s.decision != Decision::Move) return want;
      if (a.a() >= kHexes || a.b() >= kHexes) return "no such hex";
      return "cannot move " + hex_name(a.a()) + " to " + hex_name(a.b()) + ": " + move_refusal(c, a.a(), a.b());
    case ActionType::Battle:
    case ActionType::EndBattles:
      if (s.decision != Decision::Battle) return want;
      if (a.type() == ActionType::EndBattles) return "a warrior that charged two hexes must close combat (§11)";
      if (a.a() >= kHexes || a.b() >= kHexes) return "no such hex";
      return "cannot battle " + hex_name(a.b()) + " from " + hex_name(a.a()) + ": " + battle_refusal(c, a.a(), a.b());
    default:
      return want + "; this action is not one of its choices";
  }
}

}  // namespace

void run(Ctx& c) {
  State& s = c.s;
  for (int guard = 0; guard < 10000; ++guard) {
    if (s.winner != Side::None || s.draw) {
      s.decision = Decision::GameOver;
      s.decider = Side::None;
      return;
    }
    if (s.discard_due) {  // Hellenistic H1.4: the discard comes at once, in either side's turn
      s.decision = Decision::CommanderDiscard;
      s.decider = (s.discard_due & 1) ? Side::Top : Side::Bottom;
      s.subject = kNone;
      return;
    }
    if (s.evade_queue_n > 0) {
      int l = s.evade_queue[0];
      if (!s.leaders[l].alive()) {  // already gone
        pop_leader_evade(s);
        continue;
      }
      ActionList paths;
      legal_leader_evades(c, l, paths);
      if (paths.empty()) {
        // §13: a leader who cannot evade even one hex is eliminated.
        pop_leader_evade(s);
        eliminate_leader(c, l, "§13");
        continue;
      }
      s.decision = Decision::LeaderEvade;
      s.decider = s.leaders[l].side;
      s.subject = uint8_t(l);
      return;
    }
    if (s.combat.kind != CombatKind::None) {
      run_combat(c);
      if (s.winner != Side::None || s.evade_queue_n > 0 || s.discard_due) continue;
      return;
    }
    if (s.decision == Decision::LeaderEvade || s.decision == Decision::CommanderDiscard) {  // a queue emptied outside a battle
      s.decision = Decision::Battle;
      s.decider = s.active;
    }
    return;
  }
}

void settle_after_setup(Ctx& c) {
  ActionList list;
  settle(c, list);
}

void legal_actions(const Scenario& scn, const State& s, ActionList& out) {
  // Listing draws no chance; one generator per thread spares building one on every call.
  static thread_local Rng dummy(0);
  Ctx c{scn, const_cast<State&>(s), dummy, nullptr, Board::get()};
  legal_raw(c, out);
}

bool is_legal(const Scenario& scn, const State& s, Action a) {
  ActionList list;
  legal_actions(scn, s, list);
  return list.contains(a);
}

bool apply(const Scenario& scn, State& s, Action a, Rng& rng, EventLog* log, std::string* error) {
  if (!is_legal(scn, s, a)) {
    if (error) *error = reason_illegal(scn, s, a);
    return false;
  }
  apply_unchecked(scn, s, a, rng, log);
  return true;
}

void apply_unchecked(const Scenario& scn, State& s, Action a, Rng& rng, EventLog* log, ActionList* next) {
  Ctx c{scn, s, rng, log, Board::get()};
  apply_raw(c, a);
  if (next) {
    settle(c, *next);
  } else {
    ActionList list;
    settle(c, list);
  }
}

}  // namespace bgb::cca
