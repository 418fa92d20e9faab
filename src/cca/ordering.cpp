// §7 Order units and leaders. A card gives orders per section (section cards); a piece on a
// dotted-line hex may use either section's orders, so feasibility is checked as an assignment
// (Hall's condition over the three sections). Orders are announced in increasing (hex, piece)
// order: the set of orders is what matters, and one canonical order keeps the choices few.
#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

uint8_t card_mask(const State& s) {
  uint8_t m = 0;
  for (int i = 0; i < 3; ++i)
    if (s.quota[i]) m |= uint8_t(1 << i);
  return m;
}

// Which section masks could take one more order? Every order given so far plus the new piece
// must be assignable to a section with orders left (Hall's condition: every set of sections
// has at least as many orders as the pieces that can only use those sections).
void addable_masks(const State& s, bool* can_add) {
  int need[8] = {}, have[8] = {};
  for (uint8_t set = 1; set < 8; ++set) {
    for (uint8_t m = 1; m < 8; ++m)
      if ((m & ~set) == 0) need[set] += s.order_counts[m];
    for (int i = 0; i < 3; ++i)
      if (set & (1 << i)) have[set] += s.quota[i];
  }
  for (uint8_t m = 1; m < 8; ++m) {
    bool ok = true;
    for (uint8_t set = 1; set < 8 && ok; ++set)
      if ((m & ~set) == 0 && need[set] + 1 > have[set]) ok = false;
    can_add[m] = ok;
  }
}

int order_key(int hex, bool leader) { return hex * 2 + (leader ? 1 : 0) + 1; }

}  // namespace

void start_orders(Ctx& c) {
  State& s = c.s;
  const CardInfo& card = card_info(s.played);
  for (int i = 0; i < 3; ++i) s.quota[i] = card.quota[i];
  s.last_order_key = 0;
  for (auto& n : s.order_counts) n = 0;
  s.decision = Decision::Order;
  s.decider = s.active;
}

void legal_orders(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  const uint8_t cm = card_mask(s);
  const bool helmet = card_info(s.played).helmet;
  bool can_add[8] = {};
  addable_masks(s, can_add);
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& us = s.units[i];
    if (!us.alive() || us.side != s.active || (us.flags & kOrdered)) continue;
    if (order_key(us.hex, false) <= s.last_order_key) continue;
    uint8_t m = c.b.section_mask(us.hex, s.active) & cm;
    if (m && can_add[m]) out.push(Action::make(ActionType::OrderUnit, us.hex));
  }
  // A lone leader takes an order like a unit; an attached one only detaches on helmet cards (§7).
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& ls = s.leaders[i];
    if (!ls.alive() || ls.side != s.active || (ls.flags & kOrdered)) continue;
    if (order_key(ls.hex, true) <= s.last_order_key) continue;
    if (s.unit_at[ls.hex] != kNone && !helmet) continue;
    uint8_t m = c.b.section_mask(ls.hex, s.active) & cm;
    if (m && can_add[m]) out.push(Action::make(ActionType::OrderLeader, ls.hex));
  }
  out.push(Action::make(ActionType::EndOrders));
}

void apply_order(Ctx& c, Action a) {
  State& s = c.s;
  if (a.type() == ActionType::EndOrders) {
    int given = 0, total = s.quota[0] + s.quota[1] + s.quota[2];
    for (int m = 1; m < 8; ++m) given += s.order_counts[m];
    if (total > given) c.emit(Ev::OrdersLost, s.active, "§7", total - given);
    s.decision = Decision::Move;
    s.decider = s.active;
    return;
  }
  int h = a.a();
  bool leader = a.type() == ActionType::OrderLeader;
  uint8_t m = c.b.section_mask(h, s.active) & card_mask(s);
  s.order_counts[m]++;
  s.last_order_key = uint16_t(order_key(h, leader));
  if (leader)
    s.leaders[s.leader_at[h]].flags |= kOrdered;
  else
    s.units[s.unit_at[h]].flags |= kOrdered;
  c.emit(Ev::Ordered, s.active, "§7", h, leader ? 1 : 0);
}

}  // namespace bgb::cca
