// Battle special rules of the base scenarios (shared/reference/scenarios.md). Each is switched on
// by the scenario; the rule files call these hooks at the moments the rules name. In all these
// battles the Romans are the bottom army and the Carthaginians the top army.
#include <cstring>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {
constexpr Side kRomans = Side::Bottom;
constexpr Side kCarthaginians = Side::Top;

void draw_now(Ctx& c, Side side, int n) {
  for (int i = 0; i < n; ++i) draw_card(c, side);
}
}  // namespace

// castulo-sudden-death: the Carthaginians win at once if this leader is eliminated.
void leader_lost(Ctx& c, int l) {
  const Scenario& scn = c.scn;
  State& s = c.s;
  if (!scn.has_rule(SpecialRule::CastuloSuddenDeath) || l >= int(scn.leaders.size())) return;
  if (scn.leaders[l].name != scn.sudden_death_leader || s.winner != Side::None) return;
  s.winner = other(s.leaders[l].side);
  s.decision = Decision::GameOver;
  s.decider = Side::None;
  c.emit(Ev::Victory, s.winner, "scenario", s.banners[idx(s.winner)]);
}

// beneventum-hand: when the Romans take their third banner they draw two cards at once and hold
// six from then on (§7: command rises when the extra cards are drawn).
void banner_gained(Ctx& c, Side gainer) {
  State& s = c.s;
  if (!c.scn.has_rule(SpecialRule::BeneventumHand) || gainer != kRomans || s.banners[idx(gainer)] != 3) return;
  draw_now(c, gainer, 2);
  s.command[idx(gainer)] = 6;
}

// trasimenus-hand: the Romans start with 2 cards; on each of their first two turns they play one
// and draw two (hand and command 3, then 4); from the third turn they draw one and hold 4
// (shared/reference/battles/006.md).
int cards_to_draw(const Ctx& c, Side side) {
  constexpr int kGrowthTurns = 2;
  if (c.scn.has_rule(SpecialRule::TrasimenusHand) && side == kRomans && c.s.own_turns[idx(side)] < kGrowthTurns) {
    c.s.command[idx(side)] = uint8_t(c.s.command[idx(side)] + 1);
    return 2;
  }
  return 1;
}

// castulo-exit: a Roman unit may leave over the Carthaginian baseline from a center or
// Roman-right hex; leaving costs one hex of movement.
bool may_exit_board(const Ctx& c, int u, int hex) {
  if (!c.scn.has_rule(SpecialRule::CastuloExit)) return false;
  const UnitState& us = c.s.units[u];
  if (us.side != kRomans || c.b.row[hex] != Board::baseline(kCarthaginians)) return false;
  return (c.b.section_mask(hex, kRomans) & (kSecCenter | kSecRight)) != 0;
}

void unit_exits(Ctx& c, int u) {
  State& s = c.s;
  UnitState& us = s.units[u];
  int l = attached_leader(s, u);
  if (l >= 0) remove_leader(s, l, Status::Removed);
  c.emit(Ev::UnitExits, us.side, "scenario", us.hex);
  remove_unit(s, u, Status::Removed);
  s.extra_banners[idx(us.side)]++;
  gain_banner(c, us.side);
}

// baecula-camps: a Roman unit ending its move on a Carthaginian camp hex scores one banner, once
// per camp hex. Carthaginian camps are the fortified camp hexes on the Carthaginian half.
void unit_ended_move(Ctx& c, int u) {
  State& s = c.s;
  if (!c.scn.has_rule(SpecialRule::BaeculaCamps)) return;
  const UnitState& us = s.units[u];
  if (us.side != kRomans || !us.alive()) return;
  int h = us.hex;
  if (c.scn.terrain[h] != Terrain::FortifiedCamp || c.b.row[h] > 3) return;
  if (s.objectives[h >> 3] & (1 << (h & 7))) return;
  s.objectives[h >> 3] |= uint8_t(1 << (h & 7));
  c.emit(Ev::ObjectiveTaken, us.side, "scenario", h);
  s.extra_banners[idx(us.side)]++;
  gain_banner(c, us.side);
}

// mago-ambush: from their second turn, when the Carthaginians play a Leadership card, their
// reserve may enter on the Roman baseline hexes of that card's section (for Leadership Any
// Section, the section where the card was used). Placing counts as the first hex of movement;
// the units entered are ordered and may move on and battle.
void open_reserve_entry(Ctx& c) {
  State& s = c.s;
  if (!c.scn.has_rule(SpecialRule::MagoAmbush) || s.effective == kNone) return;
  const int k = idx(s.active);
  if (card_info(s.effective).group != CardGroup::Leadership || s.own_turns[k] < 1) return;
  bool any = false;
  for (int i = 0; i < s.n_units; ++i) any |= s.units[i].status == Status::Reserve && s.units[i].side == s.active;
  for (int i = 0; i < s.n_leaders; ++i) any |= s.leaders[i].status == Status::Reserve && s.leaders[i].side == s.active;
  if (!any) return;
  uint8_t mask = s.lead_sections;
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
    us.status = Status::Alive;
    us.hex = uint8_t(h);
    s.unit_at[h] = uint8_t(a.a());
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
