// Battle special rules (battle_rules.h): the hooks the rule files call at the moments the rules
// name. Each reads the scenario's rule of its kind for the side concerned and its parameters; no
// battle or army is named here.
#include <cstring>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {
void draw_now(Ctx& c, Side side, int n) {
  for (int i = 0; i < n; ++i) draw_card(c, side);
}

// Banners scored by a rule (not by eliminations): counted apart so that the invariants can tell.
void score(Ctx& c, Side side, int banners) {
  for (int i = 0; i < banners; ++i) {
    c.s.extra_banners[idx(side)]++;
    gain_banner(c, side);
    if (c.s.winner != Side::None) break;
  }
}
}  // namespace

// sudden-death: the rule's side wins at once when the named enemy leader is eliminated.
void leader_lost(Ctx& c, int l) {
  const Scenario& scn = c.scn;
  State& s = c.s;
  if (l >= int(scn.leaders.size()) || s.winner != Side::None) return;
  const BattleRule* r = scn.rule(RuleKind::SuddenDeath, other(s.leaders[l].side));
  if (!r || scn.leaders[l].name != r->leader) return;
  s.winner = r->side;
  s.decision = Decision::GameOver;
  s.decider = Side::None;
  c.emit(Ev::Victory, s.winner, "scenario", s.banners[idx(s.winner)]);
}

// hand-at-banners: when the side takes its Nth banner it draws at once and holds more cards
// from then on (§7: command rises when the extra cards are drawn).
void banner_gained(Ctx& c, Side gainer) {
  State& s = c.s;
  const BattleRule* r = c.scn.rule(RuleKind::HandAtBanners, gainer);
  if (!r || s.banners[idx(gainer)] != r->banners) return;
  draw_now(c, gainer, r->draw);
  s.command[idx(gainer)] = r->command;
}

// hand-growth: on each of the side's first `turns` turns it draws `draw` cards instead of one,
// its command growing by the difference (006 Lake Trasimenus: the Romans start with 2 cards, play
// one and draw two on their first two turns, then hold 4; shared/reference/battles/006.md).
int cards_to_draw(const Ctx& c, Side side) {
  const BattleRule* r = c.scn.rule(RuleKind::HandGrowth, side);
  if (r && c.s.own_turns[idx(side)] < r->turns) {
    c.s.command[idx(side)] = uint8_t(c.s.command[idx(side)] + r->draw - 1);
    return r->draw;
  }
  return 1;
}

// exit: a unit of the rule's side may leave over the enemy baseline from a hex of the rule's
// sections (seen from its side); leaving costs one hex of movement.
bool may_exit_board(const Ctx& c, int u, int hex) {
  const UnitState& us = c.s.units[u];
  const BattleRule* r = c.scn.rule(RuleKind::Exit, us.side);
  if (!r || c.b.row[hex] != Board::baseline(other(us.side))) return false;
  return (c.b.section_mask(hex, us.side) & r->sections) != 0;
}

void unit_exits(Ctx& c, int u) {
  State& s = c.s;
  UnitState& us = s.units[u];
  int l = attached_leader(s, u);
  if (l >= 0) remove_leader(s, l, Status::Removed);
  c.emit(Ev::UnitExits, us.side, "scenario", us.hex);
  remove_unit(s, u, Status::Removed);
  const BattleRule* r = c.scn.rule(RuleKind::Exit, us.side);
  score(c, us.side, r ? r->banners : 1);
  if (l >= 0) commander_lost(c, l, false);  // [I-1] any departure alive
}

// objectives: a unit of the rule's side ending its move (or a momentum advance) on one of the
// rule's hexes scores its banners, once per hex; passing through scores nothing.
void unit_ended_move(Ctx& c, int u) {
  State& s = c.s;
  const UnitState& us = s.units[u];
  if (!us.alive()) return;
  const BattleRule* r = c.scn.rule(RuleKind::Objectives, us.side);
  const int h = us.hex;
  if (!r || !r->hexes.test(h)) return;
  if (s.objectives[h >> 3] & (1 << (h & 7))) return;
  s.objectives[h >> 3] |= uint8_t(1 << (h & 7));
  c.emit(Ev::ObjectiveTaken, us.side, "scenario", h);
  score(c, us.side, r->banners);
}

// reserve: from the side's turn `from-turn`, when it plays a card of the rule's group, its reserve
// may enter on the enemy baseline hexes of that card's sections (for Leadership Any Section, the
// section where the card was used). Placing counts as the first hex of movement; the units
// entered are ordered and may move on and battle.
void open_reserve_entry(Ctx& c) {
  State& s = c.s;
  if (s.effective == kNone) return;
  const BattleRule* r = c.scn.rule(RuleKind::Reserve, s.active);
  const int k = idx(s.active);
  if (!r || card_info(s.effective).group != r->card || s.own_turns[k] + 1 < r->turns) return;
  bool any = false;
  for (int i = 0; i < s.n_units; ++i) any |= s.units[i].status == Status::Reserve && s.units[i].side == s.active;
  for (int i = 0; i < s.n_leaders; ++i) any |= s.leaders[i].status == Status::Reserve && s.leaders[i].side == s.active;
  if (!any) return;
  // The card's sections: a Leadership card's (lead_sections), a section card's (those it orders
  // in), or for the other cards every section.
  uint8_t mask = s.lead_sections;
  const CardInfo& ci = card_info(s.effective);
  if (ci.group == CardGroup::Section) {
    mask = 0;
    for (int i = 0; i < 3; ++i)
      if (ci.quota[i] > 0) mask = uint8_t(mask | (1 << i));
  } else if (ci.group != CardGroup::Leadership) {
    mask = uint8_t(kSecLeft | kSecCenter | kSecRight);
  }
  if (s.effective == uint8_t(CardKind::LeadershipAnySection)) {
    bool chosen = s.lead_leader != kNone || s.orders_left == 0;
    mask = chosen ? s.last_lead_sections[k] : uint8_t(kSecLeft | kSecCenter | kSecRight);
  }
  s.reserve_entry = mask;
}

namespace {
// Two reserve units of the same type and strength are interchangeable: only the first one still
// waiting is offered, so a player sees one "bring on WA" per hex, not one per warrior.
bool same_reserve_unit_before(const State& s, int i) {
  const UnitState& us = s.units[i];
  for (int j = 0; j < i; ++j) {
    const UnitState& o = s.units[j];
    if (o.status == Status::Reserve && o.side == us.side && o.type == us.type && o.blocks == us.blocks &&
        o.traits == us.traits)
      return true;
  }
  return false;
}
}  // namespace

void legal_reserve_entries(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  if (!s.reserve_entry) return;
  const int row = Board::baseline(other(s.active));
  for (int col = 0; col < Board::row_length(row); ++col) {
    int h = Board::index(row, col);
    if (!(c.b.section_mask(h, s.active) & s.reserve_entry) || terrain_info(c.scn.terrain[h]).impassable) continue;
    int u = s.unit_at[h], l = s.leader_at[h];
    for (int i = 0; i < s.n_units; ++i)
      if (s.units[i].status == Status::Reserve && s.units[i].side == s.active && u == kNone && l == kNone &&
          !same_reserve_unit_before(s, i))
        out.push(Action::make(ActionType::PlaceReserve, i, h));
    for (int i = 0; i < s.n_leaders; ++i)
      if (s.leaders[i].status == Status::Reserve && s.leaders[i].side == s.active && l == kNone &&
          (u == kNone || s.units[u].side == s.active))
        out.push(Action::make(ActionType::PlaceLeader, i, h));
  }
}

void apply_reserve_entry(Ctx& c, Action a) {
  State& s = c.s;
  const int h = a.b();
  if (a.type() == ActionType::PlaceReserve) {
    UnitState& us = s.units[a.a()];
    place_unit(s, a.a(), h);
    us.flags = kOrdered | kEntered;
    us.moved = 1;
    c.emit(Ev::ReserveEnters, us.side, "scenario", h, 0);
    note_terrain_entered(c, a.a(), h);
    // Placing is its first hex of movement: terrain that stops a unit entering it (§16: a fordable
    // river or forest, broken ground for mounted units) ends its move there.
    const TerrainInfo& ti = terrain_info(c.scn.terrain[h]);
    if (ti.stops_all || (ti.stops_mounted && is_mounted(us.type))) us.flags |= kMoved;
  } else {
    LeaderState& ls = s.leaders[a.a()];
    ls.status = Status::Alive;
    ls.hex = uint8_t(h);
    s.leader_at[h] = uint8_t(a.a());
    // Placed with a unit he moves with it; placed alone he may move on by himself.
    ls.flags = s.unit_at[h] != kNone ? kEntered : (kOrdered | kEntered);
    c.emit(Ev::ReserveEnters, ls.side, "scenario", h, 1);
  }
}

// sacred-band is a unit trait: its combat effects are a row of the trait table (combat_table.cpp).

}  // namespace bgb::cca
