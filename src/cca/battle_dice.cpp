// How many battle dice a unit rolls (§10 step 5, §11 step 4, §16 terrain maximums) and
// what they score (§10 step 6, §11 Score Hits and its exceptions).
#include <algorithm>
#include <cmath>

#include "cca/rules_internal.h"
#include "core/hex.h"

namespace bgb::cca {

namespace {

bool caps_two(Terrain t) { return t == Terrain::BrokenGround || t == Terrain::Forest || t == Terrain::FordableRiver; }

}  // namespace

// §11: dice of the striker against whatever stands in target_hex. Elephants roll what the unit
// they fight would roll against them, with the rule book's exceptions.
static int base_close_dice(const Ctx& c, int striker, int target_hex, bool battle_back, bool full_warrior) {
  const State& s = c.s;
  const UnitState& us = s.units[striker];
  const UnitInfo& info = unit_info(us.type);
  int n;
  if (us.type == UnitType::Elephant) {
    int t = s.unit_at[target_hex];
    if (t == kNone) {
      n = 1;  // elephant against a leader
    } else {
      UnitType tt = s.units[t].type;
      if (tt == UnitType::Elephant || tt == UnitType::Warrior || tt == UnitType::HeavyChariot || tt == UnitType::Camel)
        n = 3;
      else
        n = unit_info(tt).close_dice;
    }
  } else {
    n = (battle_back && info.battle_back_dice) ? info.battle_back_dice : info.close_dice;
  }
  if (us.type == UnitType::Warrior && full_warrior) n += 1;  // §11 warrior full-strength bonus
  return n;
}

int close_combat_dice(const Ctx& c, int striker, int target_hex, bool battle_back) {
  const State& s = c.s;
  const UnitState& us = s.units[striker];
  bool is_attacker = s.combat.attacker == striker;
  bool full = us.type == UnitType::Warrior &&
              ((s.combat.kind != CombatKind::None && (s.combat.attacker == striker || s.combat.def_unit == striker))
                   ? (s.combat.full_warrior & (is_attacker ? 1 : 2)) != 0
                   : at_full_strength(us));
  int n = base_close_dice(c, striker, target_hex, battle_back, full);
  // §16: terrain maximums, then the fortified camp's one die fewer.
  Terrain ts = c.scn.terrain[us.hex], tt = c.scn.terrain[target_hex];
  int cap = 99;
  if (caps_two(ts) || caps_two(tt)) cap = 2;
  if (ts == Terrain::Hill)
    cap = std::min(cap, unit_info(us.type).foot ? 3 : 2);  // downhill, or hill to hill
  else if (tt == Terrain::Hill)
    cap = std::min(cap, 2);  // uphill
  n = std::min(n, cap);
  if (ts == Terrain::FortifiedCamp) n -= 1;
  // Cards that add dice raise the maximum too (§16): they come after terrain.
  n += card_extra_dice(c, striker, false, battle_back);
  return std::max(n, 0);
}

int battle_dice(const Scenario& scn, const State& s, int from_hex, int target_hex) {
  if (from_hex < 0 || from_hex >= kHexes || target_hex < 0 || target_hex >= kHexes) return 0;
  const int u = s.unit_at[from_hex];
  if (u == kNone) return 0;
  Rng unused(0);
  Ctx c{scn, const_cast<State&>(s), unused, nullptr, Board::get()};  // read only
  return Board::get().dist[from_hex][target_hex] > 1 ? ranged_dice(c, u, target_hex)
                                                     : close_combat_dice(c, u, target_hex, false);
}

// §13 Leader Escape: the enemy unit's normal close combat dice, no terrain.
int escape_dice(const Ctx& c, int enemy_unit) {
  const UnitState& us = c.s.units[enemy_unit];
  if (us.type == UnitType::Elephant) return 1;
  int n = unit_info(us.type).close_dice;
  if (us.type == UnitType::Warrior && at_full_strength(us)) n += 1;
  return n;
}

int ranged_dice(const Ctx& c, int striker, int target_hex) {
  const UnitState& us = c.s.units[striker];
  const UnitInfo& info = unit_info(us.type);
  if (!info.range) return 0;
  int n = (us.moved > 0 && us.type != UnitType::LightChariot) ? 1 : 2;  // §10 step 5
  Terrain ts = c.scn.terrain[us.hex], tt = c.scn.terrain[target_hex];
  int cap = 99;
  if (ts == Terrain::BrokenGround || tt == Terrain::BrokenGround || tt == Terrain::FordableRiver) cap = 2;
  if (tt == Terrain::Forest || ts == Terrain::FordableRiver) cap = 1;
  n = std::min(n, cap);
  if (ts == Terrain::FortifiedCamp) n -= 1;
  n += card_extra_dice(c, striker, true, false);
  return std::max(n, 0);
}

// §16 Rampart: is the striker attacking across one of the two forward hexsides of the victim?
bool across_rampart(const Ctx& c, int victim_hex, int striker_hex) {
  Facing f = c.scn.rampart[victim_hex];
  if (c.scn.terrain[victim_hex] != Terrain::Rampart || f == Facing::None) return false;
  const Board& b = c.b;
  if (b.dist[victim_hex][striker_hex] == 1) {
    if (f == Facing::Up) return striker_hex == b.nbr[victim_hex][1] || striker_hex == b.nbr[victim_hex][2];
    return striker_hex == b.nbr[victim_hex][4] || striker_hex == b.nbr[victim_hex][5];
  }
  // Ranged: the line enters the hex through a forward hexside when it comes from within 30
  // degrees of the hex's forward axis either way (a line through the corner counts).
  Point v = hex_center(b.row[victim_hex], b.col[victim_hex]);
  Point p = hex_center(b.row[striker_hex], b.col[striker_hex]);
  double dx = p.x - v.x, dy = p.y - v.y;
  double fwd = f == Facing::Up ? -dy : dy;
  return fwd * std::sqrt(3.0) + 1e-9 >= std::fabs(dx);
}

bool leader_inspires(const Ctx& c, int striker) {
  const State& s = c.s;
  const UnitState& us = s.units[striker];
  if (us.type == UnitType::Elephant) return false;  // §11: no leader benefit for elephants
  if (attached_leader(s, striker) >= 0) return true;
  for (int d = 0; d < kDirs; ++d) {
    int n = c.b.nbr[us.hex][d];
    if (n == kNoHex) continue;
    int l = s.leader_at[n];
    if (l != kNone && s.leaders[l].side == us.side) return true;
  }
  return false;
}

}  // namespace bgb::cca
