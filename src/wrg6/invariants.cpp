// check_invariants (§3.4): what must hold after every action, recomputed from scratch.
#include <algorithm>

#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

std::string check_invariants(const Scenario& scn, const State& s) {
  auto bad = [&](int id, const std::string& what) { return unit_name(scn, id) + ": " + what; };
  for (int side = 0; side < kSides; ++side) {
    if (s.n[side] != scn.army[side].size()) return "unit count differs from the scenario";
    for (int k = s.n[side]; k < kMaxUnitsSide; ++k)
      if (s.u[unit_id(side, k)].flags != 0) return "a unit past the army is in use";
  }
  for (int id = 0; id < kMaxUnits; ++id) {
    if (index_in_side(id) >= s.n[side_of(id)]) continue;
    const Unit& u = s.u[id];
    const UnitSpec& sp = spec_of(scn, id);
    if (u.figs > sp.files * sp.ranks) return bad(id, "more figures than it began with");
    if (u.carried > 19) return bad(id, "carried casualties of a whole figure");
    if (u.alive() && u.figs == 0) return bad(id, "on the table with no figures");
    if (u.facing % 45 != 0 || u.facing < 0 || u.facing >= 360) return bad(id, "facing not a multiple of 45");
    if (u.order >= kOrders || u.next_order >= kOrders) return bad(id, "no such order");
    if (u.has(kBroken) && u.has(kPursuing)) return bad(id, "routing and pursuing");
    if (u.has(kPursuing) && (u.pursue == kNone || u.pursue >= kMaxUnits)) return bad(id, "pursuing nobody");
    if (u.charge != kNone && (u.charge >= kMaxUnits || !enemies(id, u.charge))) return bad(id, "charging a friend");
    if (u.last_band > 6) return bad(id, "no such reaction result");
    if (!u.alive()) continue;
    Rect r = rect_of(scn, s, id);
    for (Vec c : r.corners())
      if (c.x < -1 || c.y < -1 || c.x > scn.table_w + 1 || c.y > scn.table_h + 1) return bad(id, "off the table");
    for (int o = id + 1; o < kMaxUnits; ++o)
      if (s.u[o].alive() && overlap(r, rect_of(scn, s, o))) return bad(id, "overlaps " + unit_name(scn, o));
  }
  if (s.over()) {
    if (s.winner < -1 || s.winner > 1) return "no such winner";
    return "";
  }
  // Every commitment entered is one of its unit's choices in this step (an observation's hidden
  // ones aside), and none is entered for a unit whose turn to commit has not come.
  std::vector<uint32_t> choices;
  for (int id = 0; id < kMaxUnits; ++id) {
    uint32_t c = s.commit[id];
    if (c == 0 || c == kUnknown) continue;
    if (index_in_side(id) >= s.n[side_of(id)] || !s.u[id].alive()) return "a commitment for a unit not on the table";
    if (unit_of(c) != id) return bad(id, "a commitment of another unit");
    choices.clear();
    unit_choices(scn, s, id, choices);
    if (std::find(choices.begin(), choices.end(), c) == choices.end()) return bad(id, "a commitment that is not one of its choices");
    if (choices.size() > 1 && (side_of(id) > s.side || (side_of(id) == s.side && id > s.cursor)))
      return bad(id, "committed before its turn");
  }
  if (s.winner != -1) return "a winner while the game goes on";
  if (s.period < 1 || s.period > s.period_limit) return "period out of range";
  if (s.side > 1) return "no such side";
  if (s.cursor >= kMaxUnits || side_of(s.cursor) != s.side) return "the unit asked is not the side's";
  if (!s.u[s.cursor].alive()) return "the unit asked is not on the table";
  if (s.commit[s.cursor] != 0) return "the unit asked has committed already";
  std::vector<uint32_t> c;
  unit_choices(scn, s, s.cursor, c);
  if (c.size() < 2) return "the unit asked has no choice to make";
  return "";
}

}  // namespace bgb::wrg6
