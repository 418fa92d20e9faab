// §13 Special actions: evade eligibility and paths, bonus close combat eligibility.
#include <algorithm>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

// May unit u step onto hex h while evading (§13; blocked like a retreat, §12)?
bool evade_step_ok(const Ctx& c, int u, int h, bool has_leader) {
  const State& s = c.s;
  if (h == kNoHex || terrain_info(c.scn.terrain[h]).impassable || s.unit_at[h] != kNone) return false;
  int l = s.leader_at[h];
  return l == kNone || (s.leaders[l].side == s.units[u].side && !has_leader);
}

}  // namespace

int evade_hexes(const Scenario& scn, const State& s, int hex, uint8_t out[8], bool* evades_some) {
  if (evades_some) *evades_some = false;
  if (hex < 0 || hex >= kHexes || s.unit_at[hex] == kNone) return 0;
  const int u = s.unit_at[hex];
  if (evades_some) *evades_some = evaded_types(s.units[u]) != 0;
  static thread_local Rng unused(0);  // looking draws no chance
  const Ctx c{scn, const_cast<State&>(s), unused, nullptr, Board::get()};  // read only
  return evade_options(c, u, out);
}

bool may_evade(const Ctx& c, int defender, int attacker) {
  if (!evade_eligible(c, defender, attacker)) return false;
  // §13: no unit evades when both hexes toward its side are blocked (war machines included,
  // although a surviving war machine is then taken off the map).
  uint8_t opts[8];
  return evade_options(c, defender, opts) > 0;
}

// §13 Evade Procedure: two hexes toward the own baseline; one hex only if no two-hex move exists.
// A lone friendly leader on the way attaches and ends the move there (as in a retreat, §12).
// Hellenistic H6.10(a): light foot may pass through friendly units on the way, to an empty hex.
int evade_options(const Ctx& c, int u, uint8_t* out) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  const int k = idx(us.side);
  const bool has_leader = attached_leader(s, u) >= 0;
  const bool pass = c.scn.hel(HRule::LightFootPassThrough) && unit_info(us.type).light_foot;
  int n = 0;
  auto add = [&](int h) {
    for (int i = 0; i < n; ++i)
      if (out[i] == h) return;
    out[n++] = uint8_t(h);
  };
  for (int i = 0; i < 2; ++i) {
    int h1 = c.b.back[k][us.hex][i];
    if (pass && h1 != kNoHex && !terrain_info(c.scn.terrain[h1]).impassable && s.unit_at[h1] != kNone &&
        s.units[s.unit_at[h1]].side == us.side && s.leader_at[h1] == kNone) {
      for (int j = 0; j < 2; ++j) {  // through the friend, to an empty hex beyond
        int h2 = c.b.back[k][h1][j];
        if (evade_step_ok(c, u, h2, has_leader)) add(h2);
      }
      continue;
    }
    if (!evade_step_ok(c, u, h1, has_leader)) continue;
    if (s.leader_at[h1] != kNone) {
      add(h1);
      continue;
    }
    for (int j = 0; j < 2; ++j) {
      int h2 = c.b.back[k][h1][j];
      if (evade_step_ok(c, u, h2, has_leader)) add(h2);
    }
  }
  if (n == 0)
    for (int i = 0; i < 2; ++i) {
      int h1 = c.b.back[k][us.hex][i];
      if (evade_step_ok(c, u, h1, has_leader)) add(h1);
    }
  std::sort(out, out + n);
  return n;
}

bool may_bonus_combat(const Ctx& c, int u) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  if (!us.alive() || (us.flags & kNoBattle)) return false;
  return bonus_combat_allowed(c, u);
}

void bonus_targets(const Ctx& c, int u, ActionList& out) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  for (int d = 0; d < kDirs; ++d) {
    int h = c.b.nbr[us.hex][d];
    if (h == kNoHex) continue;
    int e = s.unit_at[h];
    bool enemy = e != kNone ? s.units[e].side != us.side
                            : (s.leader_at[h] != kNone && s.leaders[s.leader_at[h]].side != us.side);
    if (enemy && close_combat_dice(c, u, h, false) > 0) out.push(Action::make(ActionType::BonusCombat, h));
  }
}

}  // namespace bgb::cca
