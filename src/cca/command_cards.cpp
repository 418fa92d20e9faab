// What each command card does (rule book §6, shared/reference/command-cards.md): how it gives
// orders, and how it changes movement and battle for the units it ordered. Every other rule file
// asks this one about the card in force (State::effective) instead of knowing the cards.
#include <array>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

using K = CardKind;

// The card's special rules apply to the units it ordered; a fallback order ("one unit of your
// choice instead") is a plain order.
bool effect_is(const State& s, K k) { return s.effective == uint8_t(k) && s.order_mode != OrderMode::AnyOne; }
bool card_modifies(const State& s) { return s.effective != kNone && s.order_mode != OrderMode::AnyOne; }

uint8_t mirror_sections(uint8_t m) {
  return uint8_t((m & kSecCenter) | ((m & kSecLeft) ? kSecRight : 0) | ((m & kSecRight) ? kSecLeft : 0));
}

// Counter Attack repeats the opponent's card seen from the other side of the table: his left is
// our right (command-cards.md).
uint8_t mirror_card(uint8_t k) {
  switch (K(k)) {
    case K::OrderTwoLeft: return uint8_t(K::OrderTwoRight);
    case K::OrderTwoRight: return uint8_t(K::OrderTwoLeft);
    case K::OrderThreeLeft: return uint8_t(K::OrderThreeRight);
    case K::OrderThreeRight: return uint8_t(K::OrderThreeLeft);
    case K::OrderFourLeft: return uint8_t(K::OrderFourRight);
    case K::OrderFourRight: return uint8_t(K::OrderFourLeft);
    case K::InspiredLeftLeadership: return uint8_t(K::InspiredRightLeadership);
    case K::InspiredRightLeadership: return uint8_t(K::InspiredLeftLeadership);
    default: return k;
  }
}

bool light_foot(UnitType t) { return unit_info(t).foot && unit_info(t).cls == UnitClass::Light && !unit_info(t).war_machine; }

}  // namespace

// The unit types a troop-type card orders (every type for other cards), as a mask.
static TypeMask card_kind_types_of(uint8_t card) {
  TypeMask m = 0;
  for (int t = 0; t < kUnitTypes; ++t) {
    const UnitType ut = UnitType(t);
    const UnitInfo& i = unit_info(ut);
    bool in = true;
    switch (K(card)) {
      case K::OrderLightTroops:
      case K::MoveFireMove: in = i.cls == UnitClass::Light; break;
      case K::OrderMediumTroops: in = i.cls == UnitClass::Medium; break;
      case K::OrderHeavyTroops: in = i.cls == UnitClass::Heavy; break;
      case K::OrderMounted:
      case K::MountedCharge: in = !i.foot; break;
      case K::DoubleTime:
      case K::LineCommand: in = i.foot; break;
      case K::DarkenTheSky: in = has_missile_weapons(ut); break;
      default: break;
    }
    if (in) m |= type_bit(ut);
  }
  return m;
}

// Looked up for every unit as orders are listed: a table built once.
TypeMask card_kind_types(uint8_t card) {
  static const auto table = [] {
    std::array<TypeMask, 256> t{};
    for (int k = 0; k < 256; ++k) t[size_t(k)] = card_kind_types_of(uint8_t(k));
    return t;
  }();
  return table[card];
}

uint32_t card_unit_types(uint8_t card) { return card_kind_types(card); }

// Is the unit of the kind a troop-type card orders?
bool unit_of_card_kind(const UnitState& u, uint8_t card) { return (card_kind_types(card) >> int(u.type)) & 1; }

static bool side_has_kind(const State& s, Side side, uint8_t card) {
  for (int i = 0; i < s.n_units; ++i)
    if (s.units[i].alive() && s.units[i].side == side && unit_of_card_kind(s.units[i], card)) return true;
  return false;
}

static bool side_has_leader(const State& s, Side side) {
  for (int i = 0; i < s.n_leaders; ++i)
    if (s.leaders[i].alive() && s.leaders[i].side == side) return true;
  return false;
}

void clear_card_in_force(State& s) {
  s.order_mode = OrderMode::Section;
  s.orders_left = 0;
  s.lead_leader = kNone;
  s.lead_sections = 0;
  for (auto& d : s.dice_orders) d = 0;
  s.card_step = 0;
  s.reserve_entry = 0;
  for (auto& q : s.quota) q = 0;
  for (auto& n : s.order_counts) n = 0;
  s.last_order_key = 0;
}

uint8_t counter_attack_copy(const State& s) {
  // Counter Attack: the opponent's last card, mirrored. First Strike cannot be countered
  // (interpretation: the Counter Attack then has no effect).
  const uint8_t last = s.last_played[1 - idx(s.active)];
  return (last == kNone || last == uint8_t(K::FirstStrike)) ? kNone : mirror_card(last);
}

uint8_t leadership_sections(const State& s, bool copy) {
  switch (K(s.effective)) {
    case K::InspiredLeftLeadership: return kSecLeft;
    case K::InspiredCenterLeadership: return kSecCenter;
    case K::InspiredRightLeadership: return kSecRight;
    // A copy must be used where the opponent used his (command-cards.md).
    case K::LeadershipAnySection:
      return copy ? mirror_sections(s.last_lead_sections[1 - idx(s.active)]) : uint8_t(kSecLeft | kSecCenter | kSecRight);
    default: return 0;
  }
}

bool order_mode_fits(uint8_t effective, OrderMode m) {
  if (effective == kNone) return m == OrderMode::None;  // a Counter Attack with nothing to copy
  switch (K(effective)) {
    case K::InspiredLeftLeadership:
    case K::InspiredCenterLeadership:
    case K::InspiredRightLeadership:
    case K::LeadershipAnySection: return m == OrderMode::Leadership;
    case K::OrderLightTroops:
    case K::OrderMediumTroops:
    case K::OrderHeavyTroops:
    case K::OrderMounted:
    case K::MountedCharge:
    case K::MoveFireMove: return m == OrderMode::Troop || m == OrderMode::AnyOne;
    case K::DoubleTime:
    case K::LineCommand: return m == OrderMode::Linked || m == OrderMode::AnyOne;
    case K::ClashOfShields:
    case K::FirstStrike: return m == OrderMode::None;
    case K::DarkenTheSky: return m == OrderMode::None || m == OrderMode::AnyOne;
    case K::IAmSpartacus: return m == OrderMode::Dice;
    case K::Rally: return m == OrderMode::Rally || m == OrderMode::AnyOne;
    case K::CounterAttack: return false;  // it is never in force itself: its copy is
    default: return m == OrderMode::Section;
  }
}

int single_section_of(uint8_t card) {
  if (card >= kCardKinds || card_info(card).group != CardGroup::Section) return -1;
  int sec = -1;
  for (int i = 0; i < 3; ++i) {
    const int q = card_info(card).quota[i];
    if (q == 0) continue;
    if (sec >= 0 || q < 2) return -1;
    sec = i;
  }
  return sec;
}

void card_quotas(const State& s, uint8_t (&q)[3]) {
  const CardInfo& card = card_info(s.effective);
  const int own = single_section_of(s.effective);
  for (int i = 0; i < 3; ++i) q[i] = card.quota[i];
  if (s.named_section == 0 || own < 0 || s.named_section - 1 == own) return;
  // H2.2: in another section, one order fewer, all of them in the named section.
  q[s.named_section - 1] = uint8_t(card.quota[own] - 1);
  q[own] = 0;
}

void start_card(Ctx& c) {
  State& s = c.s;
  const Side me = s.active;
  const int k = idx(me);
  s.effective = s.played;
  bool copy = false;
  if (s.played == uint8_t(K::CounterAttack)) {
    copy = true;
    s.effective = counter_attack_copy(s);
    c.emit(Ev::CardCopied, me, "card", s.effective == kNone ? kNone : s.effective);
  }
  s.last_played[k] = s.effective;
  clear_card_in_force(s);
  s.order_mode = OrderMode::None;
  s.decision = Decision::Order;
  s.decider = me;
  if (s.effective == kNone) return;
  const uint8_t e = s.effective;
  auto fallback_or = [&](OrderMode mode, int n) {
    if (side_has_kind(s, me, e)) {
      s.order_mode = mode;
      s.orders_left = uint8_t(n);
    } else {
      s.order_mode = OrderMode::AnyOne;  // fallback: one unit of the player's choice
      s.orders_left = 1;
    }
  };
  switch (K(e)) {
    case K::InspiredLeftLeadership:
    case K::InspiredCenterLeadership:
    case K::InspiredRightLeadership:
      s.order_mode = OrderMode::Leadership;
      s.orders_left = 4;
      s.lead_sections = leadership_sections(s, copy);
      return;
    case K::LeadershipAnySection:
      s.order_mode = OrderMode::Leadership;
      s.orders_left = 3;
      s.lead_sections = leadership_sections(s, copy);
      return;
    case K::OrderLightTroops:
    case K::OrderMediumTroops:
    case K::OrderHeavyTroops:
    case K::OrderMounted:
    case K::MountedCharge:
    case K::MoveFireMove: fallback_or(OrderMode::Troop, s.command[k]); return;
    case K::DoubleTime: fallback_or(OrderMode::Linked, 4); return;
    case K::LineCommand: fallback_or(OrderMode::Linked, 255); return;
    case K::ClashOfShields:
      // Every unit adjacent to an enemy unit when the card is played is ordered.
      for (int i = 0; i < s.n_units; ++i) {
        UnitState& u = s.units[i];
        if (u.alive() && u.side == me && adjacent_enemy_unit(c, u.hex, me)) {
          u.flags |= kOrdered;
          c.emit(Ev::Ordered, me, "card", u.hex, 0);
        }
      }
      return;
    case K::DarkenTheSky:
      if (!side_has_kind(s, me, e)) {
        s.order_mode = OrderMode::AnyOne;
        s.orders_left = 1;
        return;
      }
      for (int i = 0; i < s.n_units; ++i) {
        UnitState& u = s.units[i];
        if (u.alive() && u.side == me && has_missile_weapons(u.type)) {
          u.flags |= kOrdered;
          c.emit(Ev::Ordered, me, "card", u.hex, 0);
        }
      }
      return;
    case K::IAmSpartacus:
    case K::Rally: {
      if (K(e) == K::Rally && !side_has_leader(s, me)) {
        s.order_mode = OrderMode::AnyOne;
        s.orders_left = 1;
        return;
      }
      uint8_t dice[kMaxHand];
      int n = std::min<int>(s.command[k], kMaxHand);
      for (int i = 0; i < n; ++i) {
        dice[i] = uint8_t(c.rng.die());
        if (dice[i] <= kFaceHelmet) s.dice_orders[dice[i]]++;
      }
      c.emit_dice(Ev::Roll, me, "card", dice, n);
      s.order_mode = K(e) == K::Rally ? OrderMode::Rally : OrderMode::Dice;
      return;
    }
    case K::FirstStrike:
    case K::CounterAttack: return;  // played on one's own turn: no effect
    default:
      s.order_mode = OrderMode::Section;
      card_quotas(s, s.quota);
      return;
  }
}

int card_move_limit(const Ctx& c, int u, int& charge_after) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  const UnitInfo& info = unit_info(us.type);
  const bool warrior = us.type == UnitType::Warrior;
  int limit = warrior ? 2 : unit_move(us);
  charge_after = warrior ? 1 : 255;  // a warrior moving further than this must charge
  if (!card_modifies(s) || us.side != s.active) return limit;
  switch (K(s.effective)) {
    case K::ClashOfShields:
    case K::DarkenTheSky: return 0;
    case K::LineCommand:
      charge_after = 255;
      return 1;
    case K::DoubleTime:
      if (info.foot && !info.war_machine) {
        if (warrior) return 3;  // 2 or 3 hexes, then must close combat
        return std::max(limit, 2);
      }
      return limit;
    case K::MountedCharge: return us.type == UnitType::HeavyCavalry ? 3 : limit;
    default: return limit;
  }
}

bool card_passes_friends(const Ctx& c, int u) {
  const State& s = c.s;
  if ((effect_is(s, K::OrderLightTroops) || effect_is(s, K::MoveFireMove)) && light_foot(s.units[u].type)) return true;
  // Hellenistic H6.10(b) [I-19]: light, bow and sling infantry (not auxilia) ordered by any Section
  // or Leadership card pass through friendly units.
  if (!c.scn.hel(HRule::LightFootPassThrough) || !card_modifies(s) || !unit_info(s.units[u].type).light_foot) return false;
  const CardGroup g = card_info(s.effective).group;
  return g == CardGroup::Section || g == CardGroup::Leadership;
}

bool card_allows_battle(const Ctx& c, int u, bool ranged) {
  const State& s = c.s;
  if (s.units[u].side != s.active || !card_modifies(s)) return true;
  switch (K(s.effective)) {
    case K::ClashOfShields:
    case K::DoubleTime:
    case K::MountedCharge: return !ranged;
    case K::DarkenTheSky: return ranged;
    case K::MoveFireMove: return ranged && s.card_step == 1;
    default: return true;
  }
}

bool card_auxilia_battles_after_two(const Ctx& c) { return effect_is(c.s, K::DoubleTime); }

int card_extra_dice(const Ctx& c, int striker, bool ranged, bool battle_back) {
  const State& s = c.s;
  const UnitState& us = s.units[striker];
  if (battle_back || us.side != s.active || !(us.flags & kOrdered) || !card_modifies(s)) return 0;
  const bool bonus = s.combat.kind != CombatKind::None && s.combat.bonus;
  switch (K(s.effective)) {
    case K::ClashOfShields: return (!ranged && !bonus) ? 2 : 0;
    case K::MountedCharge: return ranged ? 0 : 1;
    case K::IAmSpartacus: return 1;
    default: return 0;
  }
}

bool card_fires_twice(const Ctx& c) { return effect_is(c.s, K::DarkenTheSky); }
bool card_moves_again(const Ctx& c) { return effect_is(c.s, K::MoveFireMove); }
bool card_reshuffles(const Ctx& c) { return c.s.effective == uint8_t(K::IAmSpartacus); }

// First Strike (command-cards.md): could the defender hold it, as far as the attacker knows?
// Then the defender is always asked to react, so that asking reveals nothing.
bool first_strike_possible(const Ctx& c, Side defender) {
  const State& s = c.s;
  const uint8_t fs = uint8_t(K::FirstStrike);
  bool in_game = false;
  for (uint8_t card : c.scn.deck) in_game |= card == fs;
  if (!in_game || s.hand_n[idx(defender)] == 0) return false;
  if (s.played == fs) return false;
  for (int i = 0; i < s.discard_n; ++i)
    if (s.discard[i] == fs) return false;
  const int att = 1 - idx(defender);
  for (int i = 0; i < s.hand_n[att]; ++i)
    if (s.hand[att][i] == fs) return false;
  return true;
}

bool holds_first_strike(const State& s, Side side) {
  const int k = idx(side);
  for (int i = 0; i < s.hand_n[k]; ++i)
    if (s.hand[k][i] == uint8_t(K::FirstStrike)) return true;
  return false;
}

}  // namespace bgb::cca
