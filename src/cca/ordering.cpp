// §7 Order units and leaders. A card gives orders per section (section cards); a piece on a
// dotted-line hex may use either section's orders, so feasibility is checked as an assignment
// (Hall's condition over the three sections). Orders are announced in increasing (hex, piece)
// order: the set of orders is what matters, and one canonical order keeps the choices few.
#include <algorithm>

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
// has at least as many orders as the pieces that can only use those sections). With three
// sections the sets are few enough to write out: slack[t] is what set t has to spare, and a
// piece of mask m fits when every set containing m has some.
void addable_masks(const State& s, bool* can_add) {
  const int q0 = s.quota[0], q1 = s.quota[1], q2 = s.quota[2];
  const uint8_t* n = s.order_counts;
  int slack[8];
  slack[1] = q0 - n[1];
  slack[2] = q1 - n[2];
  slack[4] = q2 - n[4];
  slack[3] = q0 + q1 - (n[1] + n[2] + n[3]);
  slack[5] = q0 + q2 - (n[1] + n[4] + n[5]);
  slack[6] = q1 + q2 - (n[2] + n[4] + n[6]);
  slack[7] = q0 + q1 + q2 - (n[1] + n[2] + n[3] + n[4] + n[5] + n[6] + n[7]);
  can_add[0] = false;
  can_add[7] = slack[7] >= 1;
  can_add[3] = can_add[7] && slack[3] >= 1;
  can_add[5] = can_add[7] && slack[5] >= 1;
  can_add[6] = can_add[7] && slack[6] >= 1;
  can_add[1] = can_add[3] && can_add[5] && slack[1] >= 1;
  can_add[2] = can_add[3] && can_add[6] && slack[2] >= 1;
  can_add[4] = can_add[5] && can_add[6] && slack[4] >= 1;
}

int order_key(int hex, bool leader) { return hex * 2 + (leader ? 1 : 0) + 1; }

}  // namespace

void start_orders(Ctx& c) { start_card(c); }

namespace {

// A Leadership card's first choice (§7): a leader of the side in the card's sections.
bool may_lead(const Ctx& c, const LeaderState& ls) {
  return ls.alive() && ls.side == c.s.active && (c.b.section_mask(ls.hex, c.s.active) & c.s.lead_sections);
}

bool own_free_unit(const State& s, int i) {
  const UnitState& us = s.units[i];
  return us.alive() && us.side == s.active && !(us.flags & kOrdered);
}

bool next_to_ordered(const Ctx& c, int hex) {
  const State& s = c.s;
  for (int d = 0; d < kDirs; ++d) {
    int n = c.b.nbr[hex][d];
    if (n == kNoHex) continue;
    int u = s.unit_at[n];
    if (u != kNone && s.units[u].side == s.active && (s.units[u].flags & kOrdered)) return true;
  }
  return false;
}

// Rally: a damaged unit (not an elephant or chariot) in or next to a friendly leader's hex.
bool may_rally(const Ctx& c, int i) {
  const State& s = c.s;
  const UnitState& us = s.units[i];
  if (!us.alive() || us.side != s.active || us.blocks >= us.start_blocks) return false;
  if (us.type == UnitType::Elephant || unit_info(us.type).chariot) return false;
  for (int l = 0; l < s.n_leaders; ++l) {
    const LeaderState& ls = s.leaders[l];
    if (ls.alive() && ls.side == s.active && c.b.dist[ls.hex][us.hex] <= 1) return true;
  }
  return false;
}

// I Am Spartacus / Rally: the rolled symbol a unit of this class would use (its own colour
// first, a helmet otherwise), or -1.
int dice_symbol_for(const State& s, UnitClass cls) {
  if (s.dice_orders[int(cls)] > 0) return int(cls);
  if (s.dice_orders[kFaceHelmet] > 0) return kFaceHelmet;
  return -1;
}

// The pieces a section card may order next, as sets of hexes.
void section_orders(const Ctx& c, Bits128& units, Bits128& leaders) {
  const State& s = c.s;
  const uint8_t cm = card_mask(s);
  const bool helmet = card_info(s.effective).helmet;
  bool can_add[8] = {};
  addable_masks(s, can_add);
  // The hexes whose sections (those of the card) could take one more order.
  Bits128 open;
  for (int m = 1; m < 8; ++m)
    if (can_add[m & cm]) open |= c.b.in_sections[idx(s.active)][m];
  if (!open.any()) return;
  // Orders go in increasing key (2 hex + 1 for a unit, + 2 for a leader): unit hexes from
  // (key + 1) / 2 on, leader hexes from key / 2 on.
  for (Bits128 own = s.unit_hexes(s.active) & open & Bits128::from((s.last_order_key + 1) / 2); own.any();) {
    const int h = own.pop();
    if (!(s.units[s.unit_at[h]].flags & kOrdered)) units.set(h);
  }
  // A lone leader takes an order like a unit; an attached one only detaches on helmet cards (§7).
  const Bits128 leader_open = open & Bits128::from(s.last_order_key / 2);
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& ls = s.leaders[i];
    if (!ls.alive() || ls.side != s.active || (ls.flags & kOrdered) || !leader_open.test(ls.hex)) continue;
    if (s.unit_at[ls.hex] != kNone && !helmet) continue;
    leaders.set(ls.hex);
  }
}

}  // namespace

// The pieces that may take the next order are gathered as sets of hexes and listed unit orders
// first, each kind by hex: the list's sorted order, so it needs no sorting.
void legal_orders(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  Bits128 units, leaders;
  switch (s.order_mode) {
    case OrderMode::Section: section_orders(c, units, leaders); break;
    case OrderMode::Troop:
    case OrderMode::AnyOne: {
      if (s.orders_left == 0) break;
      const bool any = s.order_mode == OrderMode::AnyOne;
      const TypeMask kinds = any ? ~TypeMask(0) : card_kind_types(s.effective);
      for (Bits128 own = s.unit_hexes(s.active) & Bits128::from((s.last_order_key + 1) / 2); own.any();) {
        const int h = own.pop();
        const UnitState& us = s.units[s.unit_at[h]];
        if (!(us.flags & kOrdered) && (kinds >> int(us.type) & 1)) units.set(h);
      }
      if (!any && card_info(s.effective).helmet)  // Order Mounted: leaders too, attached or not
        for (int i = 0; i < s.n_leaders; ++i) {
          const LeaderState& ls = s.leaders[i];
          if (ls.alive() && ls.side == s.active && !(ls.flags & kOrdered) && order_key(ls.hex, true) > s.last_order_key)
            leaders.set(ls.hex);
        }
      break;
    }
    case OrderMode::Leadership: {
      if (s.lead_leader == kNone) {
        if (s.orders_left == 0) break;  // the single unit was chosen
        // First the leader (or, instead, one unit) in the card's sections.
        for (int i = 0; i < s.n_leaders; ++i)
          if (may_lead(c, s.leaders[i])) leaders.set(s.leaders[i].hex);
        for (int i = 0; i < s.n_units; ++i)
          if (own_free_unit(s, i) && (c.b.section_mask(s.units[i].hex, s.active) & s.lead_sections))
            units.set(s.units[i].hex);
        break;
      }
      // Then units linked to the leader's hex through ordered hexes.
      if (s.orders_left == 0) break;
      const int lh = s.leaders[s.lead_leader].hex;
      for (int i = 0; i < s.n_units; ++i) {
        if (!own_free_unit(s, i)) continue;
        int h = s.units[i].hex;
        if (c.b.adjacent(h, lh) || next_to_ordered(c, h)) units.set(h);
      }
      break;
    }
    case OrderMode::Linked: {
      if (s.orders_left == 0) break;
      // The side's ordered units, and its unordered ones of the card's kind, as sets of hexes.
      const TypeMask kinds = card_kind_types(s.effective);
      Bits128 ordered, free;
      for (Bits128 own = s.unit_hexes(s.active); own.any();) {
        const int h = own.pop();
        const UnitState& us = s.units[s.unit_at[h]];
        if (us.flags & kOrdered)
          ordered.set(h);
        else if (kinds >> int(us.type) & 1)
          free.set(h);
      }
      if (!ordered.any()) {  // the first: any of them, in announcing order
        units = free & Bits128::from((s.last_order_key + 1) / 2);
        break;
      }
      // Then those next to an ordered one.
      units = free & c.b.neighbours(ordered);
      break;
    }
    case OrderMode::Dice: {
      for (int i = 0; i < s.n_units; ++i)
        if (own_free_unit(s, i) && order_key(s.units[i].hex, false) > s.last_order_key &&
            dice_symbol_for(s, unit_info(s.units[i].type).cls) >= 0)
          units.set(s.units[i].hex);
      // A helmet orders any unit or a lone leader. The card has no helmet symbol (command-cards.md,
      // 2006 rule book), so an attached leader may not be detached (§7): he goes with his unit.
      if (s.dice_orders[kFaceHelmet] > 0)
        for (int i = 0; i < s.n_leaders; ++i) {
          const LeaderState& ls = s.leaders[i];
          if (ls.alive() && ls.side == s.active && !(ls.flags & kOrdered) && s.unit_at[ls.hex] == kNone &&
              order_key(ls.hex, true) > s.last_order_key)
            leaders.set(ls.hex);
        }
      break;
    }
    case OrderMode::Rally: {
      // The same unit may take several blocks: hexes are given in non-decreasing order.
      for (int i = 0; i < s.n_units; ++i)
        if (may_rally(c, i) && order_key(s.units[i].hex, false) >= s.last_order_key &&
            dice_symbol_for(s, unit_info(s.units[i].type).cls) >= 0)
          units.set(s.units[i].hex);
      break;
    }
    case OrderMode::None: break;
  }
  while (units.any()) out.push(Action::make(ActionType::OrderUnit, units.pop()));
  while (leaders.any()) out.push(Action::make(ActionType::OrderLeader, leaders.pop()));
  out.push(Action::make(ActionType::EndOrders));
}

void apply_order(Ctx& c, Action a) {
  State& s = c.s;
  if (a.type() == ActionType::EndOrders) {
    int lost = 0;
    if (s.order_mode == OrderMode::Section) {
      int given = 0, total = s.quota[0] + s.quota[1] + s.quota[2];
      for (int m = 1; m < 8; ++m) given += s.order_counts[m];
      lost = total - given;
    } else if (s.order_mode != OrderMode::Linked || s.orders_left != 255) {
      lost = s.orders_left;
      // A Leadership card with no leader of the side in its sections could order one unit
      // alone, no more: that one is what is lost (a play-tester read "4 orders not used").
      if (s.order_mode == OrderMode::Leadership && s.lead_leader == kNone && lost > 1) {
        bool leader = false;
        for (int i = 0; i < s.n_leaders && !leader; ++i) leader = may_lead(c, s.leaders[i]);
        if (!leader) lost = 1;
      }
    }
    if (lost > 0 && s.order_mode != OrderMode::Rally && s.order_mode != OrderMode::Dice)
      c.emit(Ev::OrdersLost, s.active, "§7", lost);
    open_reserve_entry(c);
    s.decision = Decision::Move;
    s.decider = s.active;
    return;
  }
  const int h = a.a();
  const bool leader = a.type() == ActionType::OrderLeader;
  const int u = s.unit_at[h];
  switch (s.order_mode) {
    case OrderMode::Section: {
      uint8_t m = c.b.section_mask(h, s.active) & card_mask(s);
      s.order_counts[m]++;
      break;
    }
    case OrderMode::Troop:
    case OrderMode::AnyOne: s.orders_left--; break;
    case OrderMode::Leadership:
      if (s.lead_leader == kNone) {
        if (s.effective == uint8_t(CardKind::LeadershipAnySection))
          s.last_lead_sections[idx(s.active)] = c.b.section_mask(h, s.active);
        if (!leader) {
          s.orders_left = 0;  // one unit instead of the leader's group
          break;
        }
        s.lead_leader = s.leader_at[h];
        // H3.6 [I-8]: a war-god orders one more linked unit, a low-ranking leader one fewer.
        s.orders_left = uint8_t(std::max(0, int(s.orders_left) + leadership_bonus(c, s.lead_leader)));
        // The leader's own unit comes with him; he does not detach from it (§7).
        if (u != kNone) {
          s.units[u].flags |= kOrdered;
          c.emit(Ev::Ordered, s.active, "§7", h, 0);
          c.emit(Ev::Ordered, s.active, "§7", h, 1);
          s.last_order_key = uint16_t(order_key(h, true));
          return;
        }
      } else {
        s.orders_left--;
      }
      break;
    case OrderMode::Linked:
      if (s.orders_left != 255) s.orders_left--;
      break;
    case OrderMode::Dice:
    {
      // A legal order always has a symbol to use (legal_orders checked it).
      const int sym = leader ? int(kFaceHelmet) : dice_symbol_for(s, unit_info(s.units[u].type).cls);
      if (sym >= 0) s.dice_orders[sym]--;
    }
      break;
    case OrderMode::Rally: {
      UnitState& us = s.units[u];
      const int sym = dice_symbol_for(s, unit_info(us.type).cls);
      if (sym >= 0) s.dice_orders[sym]--;
      us.blocks++;
      c.emit(Ev::BlockRegained, us.side, "card", h, us.blocks);
      if (!(us.flags & kOrdered)) c.emit(Ev::Ordered, s.active, "§7", h, 0);
      us.flags |= kOrdered;
      s.last_order_key = uint16_t(order_key(h, false));
      return;
    }
    case OrderMode::None: break;
  }
  s.last_order_key = uint16_t(order_key(h, leader));
  if (leader)
    s.leaders[s.leader_at[h]].flags |= kOrdered;
  else
    s.units[u].flags |= kOrdered;
  c.emit(Ev::Ordered, s.active, "§7", h, leader ? 1 : 0);
}

}  // namespace bgb::cca
