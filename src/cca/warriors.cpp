// Hellenistic H6.13 Barbarian Balk: a warrior whose move made its close combat compulsory (§8,
// §11: the charge) and that found no enemy next to it when it came to battle has balked. After the
// side's last battle, before the draw (§15), each balked warrior retreats exactly one hex toward
// its own side, in the order its owner chooses; nothing cancels it (no leader, support or terrain).
// A blocked balk costs a block (§12) and so a leader check (§14).
#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

bool balked(const UnitState& u) { return u.alive() && (u.marks & kMarkBalked); }

// Resolves every balked warrior with no free hex: one block lost each, in index order.
void resolve_blocked(Ctx& c) {
  State& s = c.s;
  for (int u = 0; u < s.n_units && s.winner == Side::None; ++u) {
    if (!balked(s.units[u])) continue;
    uint8_t opts[2];
    if (retreat_options(c, u, 1, opts) > 0) continue;
    s.units[u].marks = uint8_t(s.units[u].marks & ~kMarkBalked);
    c.emit(Ev::RetreatBlocked, s.units[u].side, "Hellenistic H6.13 (§12)", s.units[u].hex, 1);
    lose_blocks(c, u, 1, "Hellenistic H6.13 (§12)", 1);
    // The leader's casualty check (§14) notes itself in the combat record; no battle is going on.
    s.combat.leader_checked = 0;
  }
}

bool any_balked(const State& s) {
  for (int u = 0; u < s.n_units; ++u)
    if (balked(s.units[u])) return true;
  return false;
}

bool any_with_room(const Ctx& c) {
  uint8_t opts[2];
  for (int u = 0; u < c.s.n_units; ++u)
    if (balked(c.s.units[u]) && retreat_options(c, u, 1, opts) > 0) return true;
  return false;
}

// After a step: the blocked ones once nobody else can move, then the turn ends (or, when a leader
// must evade or a commander's card be discarded first, the battle phase resumes to end it).
void continue_balks(Ctx& c) {
  State& s = c.s;
  if (!any_with_room(c)) resolve_blocked(c);
  for (int u = 0; u < s.n_units; ++u)
    if (!s.units[u].alive()) s.units[u].marks = uint8_t(s.units[u].marks & ~kMarkBalked);
  if (s.winner != Side::None) return;
  if (any_balked(s)) {
    s.decision = Decision::BalkRetreat;
    s.decider = s.active;
    s.subject = kNone;
    return;
  }
  s.decision = Decision::Battle;
  s.decider = s.active;
  if (s.evade_queue_n == 0 && s.discard_due == 0) end_turn(c);
}

}  // namespace

bool start_balks(Ctx& c) {
  State& s = c.s;
  if (!c.scn.hel(HRule::TroopTraits)) return false;
  bool any = false;
  for (int u = 0; u < s.n_units; ++u) {
    UnitState& us = s.units[u];
    // [I-21]: whatever took the enemy away; one that could attack had to (legal_battles).
    if (!us.alive() || us.side != s.active || us.type != UnitType::Warrior) continue;
    if (!(us.flags & kCharged) || (us.flags & kBattled)) continue;
    us.marks = uint8_t(us.marks | kMarkBalked);
    any = true;
  }
  if (!any) return false;
  continue_balks(c);
  return true;
}

void legal_balk_retreats(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  for (int u = 0; u < s.n_units; ++u) {
    if (!balked(s.units[u])) continue;
    uint8_t opts[2];
    const int n = retreat_options(c, u, 1, opts);
    for (int i = 0; i < n; ++i) out.push(Action::make(ActionType::BalkRetreat, s.units[u].hex, opts[i]));
  }
}

void apply_balk_retreat(Ctx& c, Action a) {
  State& s = c.s;
  const int u = s.unit_at[a.a()];
  UnitState& us = s.units[u];
  const int from = us.hex, to = a.b();
  const int l = attached_leader(s, u);
  const bool joins = s.leader_at[to] != kNone;
  move_unit(s, u, to);
  if (l >= 0) move_leader(s, l, to);
  us.marks = uint8_t(us.marks & ~kMarkBalked);
  c.emit(Ev::RetreatStep, us.side, "Hellenistic H6.13 (§12)", from, to);
  if (joins) c.emit(Ev::LeaderAttached, us.side, "§12", to);
  continue_balks(c);
}

}  // namespace bgb::cca
