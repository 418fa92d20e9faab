// §12 Retreat and the elephant's rampage; block losses and eliminations (§4). How many flags a unit
// may ignore (Bolster Morale) and how far it retreats per flag are combat numbers (combat_table.cpp).
#include <algorithm>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

// The hexes one retreat step of unit u may enter from `from` (§12): toward its own side, not
// impassable, no unit, no lone enemy leader; a lone friendly leader only if u has none attached.
int retreat_steps(const Ctx& c, int u, int from, uint8_t* out) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  const bool has_leader = attached_leader(s, u) >= 0;
  int n = 0;
  for (int i = 0; i < 2; ++i) {
    int h = c.b.back[idx(us.side)][from][i];
    if (h == kNoHex || terrain_info(c.scn.terrain[h]).impassable || s.unit_at[h] != kNone) continue;
    int l = s.leader_at[h];
    if (l != kNone && (s.leaders[l].side != us.side || has_leader)) continue;
    out[n++] = uint8_t(h);
  }
  if (n == 2 && out[0] > out[1]) std::swap(out[0], out[1]);
  return n;
}

// How many of `left` retreat hexes u can still make once it stands on `hex`, on its best path.
// Reaching a lone friendly leader ends the retreat with nothing lost: it counts as complete.
// Every step goes one row back, so `left` is fixed by the hex and memo[hex] caches the answer.
int retreat_reach(const Ctx& c, int u, int hex, int left, int8_t* memo) {
  if (left <= 0) return 0;
  if (c.s.leader_at[hex] != kNone) return left;  // joined a friendly leader: the retreat stops
  if (memo[hex] >= 0) return memo[hex];
  uint8_t next[2];
  int n = retreat_steps(c, u, hex, next), best = 0;
  for (int i = 0; i < n && best < left; ++i) best = std::max(best, 1 + retreat_reach(c, u, next[i], left - 1, memo));
  memo[hex] = int8_t(best);
  return best;
}

}  // namespace

int retreat_options(const Ctx& c, int u, int left, uint8_t* out) {
  int n = retreat_steps(c, u, c.s.units[u].hex, out);
  if (n < 2 || left <= 1) return n;
  // Interpretation "retreat as far as possible" (docs/rules.md): the owner chooses the path, but
  // only among those that make the most of the mandated hexes; a block is lost only for hexes
  // that no path can make (§12: "a unit cannot retreat").
  int8_t memo[kHexes];
  std::fill(memo, memo + kHexes, int8_t(-1));
  int reach[2];
  for (int i = 0; i < 2; ++i) reach[i] = 1 + retreat_reach(c, u, out[i], left - 1, memo);
  if (reach[0] == reach[1]) return 2;
  if (reach[0] < reach[1]) out[0] = out[1];
  return 1;
}

bool lose_blocks(Ctx& c, int u, int n, const char* section, int cause) {
  State& s = c.s;
  UnitState& us = s.units[u];
  if (n <= 0 || !us.alive()) return false;
  if (n > us.blocks) n = us.blocks;
  us.blocks = uint8_t(us.blocks - n);
  int hex = us.hex;
  c.emit(Ev::BlockLost, us.side, section, hex, us.blocks, cause, n);
  int l = attached_leader(s, u);
  if (us.blocks == 0) {
    remove_unit(s, u, Status::Eliminated);
    c.emit(Ev::UnitEliminated, us.side, "§4", hex);
    gain_banner(c, other(us.side));
    if (l >= 0 && s.winner == Side::None) leader_casualty_check(c, l, true);
    return true;
  }
  if (l >= 0) leader_casualty_check(c, l, false);
  return false;
}

void elephant_rampage(Ctx& c, int u) {
  State& s = c.s;
  const UnitState& es = s.units[u];
  c.emit(Ev::Rampage, es.side, "§12", es.hex);
  const int hex = es.hex;
  for (int d = 0; d < kDirs && s.winner == Side::None; ++d) {
    int h = c.b.nbr[hex][d];
    if (h == kNoHex) continue;
    int t = s.unit_at[h];
    if (t != kNone) {
      Side owner = s.units[t].side;
      int hits = roll_count(c, kRampageDice, int(unit_info(s.units[t].type).cls), other(owner), "§12");
      c.emit(Ev::Hits, owner, "§12", h, hits, 0);
      lose_blocks(c, t, hits, "§12", 3);
    } else if (s.leader_at[h] != kNone) {
      int l = s.leader_at[h];
      Side owner = s.leaders[l].side;
      if (roll_count(c, kRampageDice, kFaceHelmet, other(owner), "§12") > 0) {
        eliminate_leader(c, l, "§12");
      }
    }
  }
}

int retreat_shortfall_at(const Scenario& scn, const State& s, int u, int dest) {
  if (u < 0 || u >= s.n_units || !s.units[u].alive() || s.units[u].hex >= kHexes || dest < 0 || dest >= kHexes) return 0;
  State h = s;
  if (h.unit_at[dest] != kNone && h.unit_at[dest] != u) return 0;  // not a hex it can stand on
  move_unit(h, u, dest);
  static thread_local Rng unused(0);  // reckoning draws no chance
  const Ctx c{scn, h, unused, nullptr, Board::get()};
  // One flag of a close combat by a striker like itself (the usual hexes per flag, §12).
  const int per_flag = retreat_per_flag(c, u, u, true);
  int8_t memo[kHexes];
  std::fill(memo, memo + kHexes, int8_t(-1));
  return per_flag - retreat_reach(c, u, dest, per_flag, memo);
}

}  // namespace bgb::cca
