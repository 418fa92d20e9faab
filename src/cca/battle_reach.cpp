// What a unit could battle on its side's next turn (§8 movement, §9-§11 battles): the terminal's
// view of threats, asked for by play-testers who lost units to attacks they had not seen coming.
// The unit is ordered alone by a plain section card and every other piece stays where it is, so
// the answer is exactly what the rules allow that one move and battle; a card that adds moves or
// dice (Mounted Charge, Move-Fire-Move, ...) or a friend moving out of the way can do more.
#include <algorithm>

#include "cca/rules.h"
#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

// The position as its side's next turn would stand after a plain card ordered `u` alone.
State ordered_alone(const State& s, int u) {
  State h = s;
  const Side side = h.units[u].side;
  h.active = side;
  h.decider = side;
  h.decision = Decision::Move;
  h.played = h.effective = uint8_t(CardKind::OrderFourCenter);  // a card with no effect on moves or dice
  h.order_mode = OrderMode::Section;
  h.orders_left = 0;
  h.lead_leader = kNone;
  h.card_step = 0;
  h.reserve_entry = 0;
  h.combat = Combat{};
  h.evade_queue_n = 0;
  h.discard_due = 0;
  for (int i = 0; i < h.n_units; ++i) {
    h.units[i].flags = 0;
    h.units[i].moved = 0;
    h.units[i].marks &= uint8_t(~kMarkShotUsed);  // a per-turn mark
  }
  for (int i = 0; i < h.n_leaders; ++i) h.leaders[i].flags = 0;
  h.units[u].flags = kOrdered;
  return h;
}

// Every battle of unit u from position h (its side to move, u ordered): each place it may move
// to, or staying, then each target from there.
void reach_from(const Scenario& scn, State& h, int u, std::vector<BattleReach>& out) {
  const int hex = h.units[u].hex;
  static thread_local Rng unused(0);  // moving and listing battles draw no chance
  const Ctx c{scn, h, unused, nullptr, Board::get()};
  ActionList moves;
  legal_moves(c, moves);
  const Action end = Action::make(ActionType::EndMoves);
  ActionList battles;
  for (int k = -1; k < moves.size(); ++k) {
    // k = -1: the unit stays where it is (ordered units need not move, §8).
    const Action a = k < 0 ? end : moves[k];
    if (k >= 0 && (a.type() != ActionType::MoveUnit || a.a() != hex || a.b() >= kHexes)) continue;
    State m = h;
    Ctx cm{scn, m, unused, nullptr, Board::get()};
    if (k >= 0) apply_move(cm, a);
    apply_move(cm, end);
    if (m.decision != Decision::Battle) continue;
    const int at = m.units[u].hex;
    battles.clear();
    legal_battles(cm, battles);
    for (const Action b : battles) {
      // c != 0: the same battle with the Hellenistic phalanx's shot first (H6.12), listed once.
      if (b.type() != ActionType::Battle || b.a() != at || b.c() != 0) continue;
      const int dice = battle_dice(scn, m, at, b.b());
      if (dice <= 0) continue;
      out.push_back(BattleReach{uint8_t(at), uint8_t(b.b()), uint8_t(dice), Board::get().dist[at][b.b()] == 1});
    }
  }
}

}  // namespace

void battle_reach(const Scenario& scn, const State& s, int hex, std::vector<BattleReach>& out) {
  out.clear();
  if (hex < 0 || hex >= kHexes || s.unit_at[hex] == kNone) return;
  const int u = s.unit_at[hex];
  if (!s.units[u].alive()) return;
  State h = ordered_alone(s, u);
  reach_from(scn, h, u, out);
}

bool ordered_this_turn(const State& s, int hex) {
  if (hex < 0 || hex >= kHexes || s.unit_at[hex] == kNone || s.decision != Decision::Move) return false;
  const UnitState& us = s.units[s.unit_at[hex]];
  return us.alive() && us.side == s.active && (us.flags & kOrdered);
}

void battle_reach_this_turn(const Scenario& scn, const State& s, int hex, std::vector<BattleReach>& out) {
  out.clear();
  if (!ordered_this_turn(s, hex)) return;
  State h = s;  // the card in force, every order given, the moves made so far
  reach_from(scn, h, s.unit_at[hex], out);
}

bool battle_reach_as_it_stands(const Scenario& scn, const State& s, int hex, std::vector<BattleReach>& out) {
  if (ordered_this_turn(s, hex)) {
    battle_reach_this_turn(scn, s, hex, out);
    return true;
  }
  battle_reach(scn, s, hex, out);
  return false;
}

void strongest_reach(std::vector<BattleReach>& reach) {
  // Stable: among equal dice the first found stays first, and so is kept.
  std::stable_sort(reach.begin(), reach.end(), [](const BattleReach& a, const BattleReach& b) {
    if (a.target != b.target) return a.target < b.target;
    if (a.close != b.close) return !a.close;
    return a.dice > b.dice;
  });
  reach.erase(std::unique(reach.begin(), reach.end(),
                          [](const BattleReach& a, const BattleReach& b) { return a.target == b.target && a.close == b.close; }),
              reach.end());
}

}  // namespace bgb::cca
