// §14 Leader casualty checks, §13 Leader Evade and Leader Escape.
#include "cca/rules_internal.h"

namespace bgb::cca {

int roll_count(Ctx& c, int n, int face, Side roller, const char* section) {
  uint8_t dice[16];
  int hits = 0;
  for (int i = 0; i < n && i < 16; ++i) {
    dice[i] = uint8_t(c.rng.die());
    hits += dice[i] == face;
  }
  c.emit_dice(Ev::Roll, roller, section, dice, n);
  return hits;
}

void eliminate_leader(Ctx& c, int l, const char* section) {
  State& s = c.s;
  Side owner = s.leaders[l].side;
  c.emit(Ev::LeaderKilled, owner, section, s.leaders[l].hex);
  remove_leader(s, l, Status::Eliminated);
  gain_banner(c, other(owner));
  leader_lost(c, l);
  commander_lost(c, l, true);
}

void queue_leader_evade(Ctx& c, int l) {
  State& s = c.s;
  for (int i = 0; i < s.evade_queue_n; ++i)
    if (s.evade_queue[i] == l) return;
  s.evade_queue[s.evade_queue_n++] = uint8_t(l);
}

void pop_leader_evade(State& s) {
  for (int i = 1; i < s.evade_queue_n; ++i) s.evade_queue[i - 1] = s.evade_queue[i];
  s.evade_queue[--s.evade_queue_n] = 0;
}

void leader_casualty_check(Ctx& c, int l, bool unit_eliminated) {
  State& s = c.s;
  uint8_t bit = uint8_t(1u << l);
  if (s.combat.leader_checked & bit) {
    // Only one check per combat sequence (§14); a leader left alone must still evade.
    if (unit_eliminated) queue_leader_evade(c, l);
    return;
  }
  s.combat.leader_checked |= bit;
  Side owner = s.leaders[l].side;
  int n = unit_eliminated ? 1 : 2;
  c.emit(Ev::LeaderCheck, owner, "§14", s.leaders[l].hex, n);
  int helmets = roll_count(c, n, kFaceHelmet, other(owner), "§14");
  if (helmets >= n)
    eliminate_leader(c, l, "§14");
  else if (unit_eliminated)
    queue_leader_evade(c, l);
}

namespace {

struct PathBuilder {
  const Ctx& c;
  Side side;
  ActionList& out;
  uint8_t path[3] = {kNoHex, kNoHex, kNoHex};

  void emit_path(int len) {
    uint8_t p[3] = {kNoHex, kNoHex, kNoHex};
    for (int i = 0; i < len; ++i) p[i] = path[i];
    out.push(Action::make(ActionType::LeaderEvade, p[0], p[1], p[2]));
  }

  void walk(int hex, int depth) {
    const State& s = c.s;
    const Board& b = c.b;
    if (b.row[hex] == Board::baseline(side)) {
      // §13: a leader may evade off his own side of the battlefield.
      path[depth] = kOffBoard;
      emit_path(depth + 1);
    }
    if (depth + 1 > 3) return;
    for (int i = 0; i < 2; ++i) {
      int h = b.back[idx(side)][hex][i];
      if (h == kNoHex || terrain_info(c.scn.terrain[h]).impassable) continue;
      int u = s.unit_at[h], l = s.leader_at[h];
      bool enemy_unit = u != kNone && s.units[u].side != side;
      if (u == kNone && l != kNone && s.leaders[l].side != side) continue;  // a lone enemy leader blocks
      path[depth] = uint8_t(h);
      // A final hex holds no enemy unit, no enemy leader and no other friendly leader.
      if (!enemy_unit && l == kNone) emit_path(depth + 1);
      if (depth + 1 < 3) walk(h, depth + 1);
    }
  }
};

}  // namespace

void legal_leader_evades(const Ctx& c, int l, ActionList& out) {
  const LeaderState& ls = c.s.leaders[l];
  PathBuilder pb{c, ls.side, out};
  // The off-board step counts as one of the three hexes.
  const Board& b = c.b;
  int hex = ls.hex;
  // walk() emits the off-board step from the current hex before moving on; skip it at depth 0
  // only when the leader stands on his baseline (then stepping off is a 1-hex evade: allowed).
  pb.walk(hex, 0);
  (void)b;
}

void apply_leader_evade(Ctx& c, Action a) {
  State& s = c.s;
  int l = s.evade_queue[0];
  pop_leader_evade(s);
  LeaderState& ls = s.leaders[l];
  const int from = ls.hex;
  int at = from;
  uint8_t steps[3] = {uint8_t(a.a()), uint8_t(a.b()), uint8_t(a.c())};
  for (int i = 0; i < 3 && steps[i] != kNoHex; ++i) {
    int h = steps[i];
    if (h == kOffBoard) {
      c.emit(Ev::LeaderLeaves, ls.side, "§13", at);
      remove_leader(s, l, Status::Removed);
      commander_lost(c, l, false);
      return;
    }
    int u = s.unit_at[h];
    if (u != kNone && s.units[u].side != ls.side) {
      // §13 Leader Escape: the enemy unit battles him with its normal dice, no terrain.
      c.emit(Ev::LeaderEscape, ls.side, "§13", h);
      if (roll_count(c, escape_dice(c, u), kFaceHelmet, s.units[u].side, "§13") > 0) {
        eliminate_leader(c, l, "§13");
        return;
      }
    }
    at = h;
  }
  move_leader(s, l, at);
  c.emit(Ev::LeaderEvade, ls.side, "§13", from, at);
  if (s.unit_at[at] != kNone) c.emit(Ev::LeaderAttached, ls.side, "§13", at);
}

}  // namespace bgb::cca
