// Hellenistic H10, the Reserve Move: once a game, at the start of its own turn (from its fourth),
// before the card play, a side may redeploy the units around its secret reserve leader sideways
// or back, away from the enemy, and the leader with them. It changes §6 (a turn starts with the
// card) and §8 (who moves, how far).
#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

// H10.1: an a, b or c leader of the side (no grade reads as c; with grades off every leader).
bool eligible_leader(const Ctx& c, Side side, int l) {
  return l < c.s.n_leaders && c.s.leaders[l].side == side && c.s.leaders[l].alive() && leader_grade(c, l) != kGradeD;
}

// The first side still to name its reserve leader, or None.
Side side_to_name(const Ctx& c) {
  for (Side side : {Side::Top, Side::Bottom}) {
    if (!c.scn.reserve_move(side) || c.s.reserve_leader[idx(side)] != kNone) continue;
    for (int l = 0; l < c.s.n_leaders; ++l)
      if (eligible_leader(c, side, l)) return side;
  }
  return Side::None;
}

// H10.4: a hex the moving piece may enter: on the board, passable, not next to an enemy unit, and
// not in a row nearer the enemy's baseline than `start_row`.
bool allowed_hex(const Ctx& c, int h, Side side, int start_row) {
  if (h == kNoHex || terrain_info(c.scn.terrain[h]).impassable) return false;
  const int r = c.b.row[h];
  if (side == Side::Bottom ? r < start_row : r > start_row) return false;
  return !adjacent_enemy_unit(c, h, side);
}

// H10.4: how far a unit moves: foot 4, elephants and chariots 6, other mounted 8.
int reserve_reach(UnitType t) {
  const UnitInfo& i = unit_info(t);
  if (i.foot) return 4;
  if (t == UnitType::Elephant || i.chariot) return 6;
  return 8;
}

// The hexes unit u may end its Reserve Move on [I-27]: no passing through units, terrain stops.
int unit_reserve_destinations(const Ctx& c, int u, uint8_t* out) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  const UnitInfo& info = unit_info(us.type);
  const int start_row = c.b.row[us.hex], limit = reserve_reach(us.type);
  uint8_t seen[kHexes] = {};
  uint8_t queue[kHexes], qd[kHexes];
  int qh = 0, qt = 0, n = 0;
  seen[us.hex] = 1;
  queue[qt] = us.hex;
  qd[qt++] = 0;
  while (qh < qt) {
    const int h = queue[qh], d = qd[qh++];
    if (d >= limit) continue;
    for (int k = 0; k < kDirs; ++k) {
      const int nb = c.b.nbr[h][k];
      if (nb == kNoHex || seen[nb]) continue;
      seen[nb] = 1;
      if (!allowed_hex(c, nb, us.side, start_row) || s.unit_at[nb] != kNone) continue;
      const int l = s.leader_at[nb];
      if (l != kNone && s.leaders[l].side != us.side) continue;
      out[n++] = uint8_t(nb);
      const TerrainInfo& ti = terrain_info(c.scn.terrain[nb]);
      const bool stop = ti.stops_all || (ti.stops_mounted && !info.foot) || l != kNone;  // §8, §16
      if (!stop) {
        queue[qt] = uint8_t(nb);
        qd[qt++] = uint8_t(d + 1);
      }
    }
  }
  return n;
}

// H10.5: the hexes the reserve leader may end on (up to 8, through friendly units, the H10.4
// limits), his own hex included; then only those within 2 hexes of every unit that moved.
int leader_finals(const Ctx& c, int l, uint8_t* out) {
  const State& s = c.s;
  const LeaderState& ls = s.leaders[l];
  const int start_row = c.b.row[ls.hex];
  uint8_t seen[kHexes] = {};
  uint8_t queue[kHexes], qd[kHexes], reach[kHexes];
  int qh = 0, qt = 0, n = 0;
  seen[ls.hex] = 1;
  queue[qt] = ls.hex;
  qd[qt++] = 0;
  reach[n++] = ls.hex;
  while (qh < qt) {
    const int h = queue[qh], d = qd[qh++];
    if (d >= 8) continue;
    for (int k = 0; k < kDirs; ++k) {
      const int nb = c.b.nbr[h][k];
      if (nb == kNoHex || seen[nb]) continue;
      seen[nb] = 1;
      if (!allowed_hex(c, nb, ls.side, start_row)) continue;
      const int u = s.unit_at[nb], o = s.leader_at[nb];
      if ((u != kNone && s.units[u].side != ls.side) || (o != kNone && s.leaders[o].side != ls.side)) continue;
      if (o == kNone) reach[n++] = uint8_t(nb);
      queue[qt] = uint8_t(nb);
      qd[qt++] = uint8_t(d + 1);
    }
  }
  int m = 0;
  for (int i = 0; i < n; ++i) {
    bool near = true;
    for (int u = 0; u < s.n_units && near; ++u)
      if (s.units[u].alive() && (s.units[u].marks & kMarkReserveMoved)) near = c.b.dist[reach[i]][s.units[u].hex] <= 2;
    if (near) out[m++] = reach[i];
  }
  return m;
}

// H10.3: the units that may move: the side's, in or next to the reserve leader's hex, not next
// to an enemy unit, not war machines, not moved yet in this Reserve Move.
bool may_reserve_move(const Ctx& c, int u, int leader_hex) {
  const UnitState& us = c.s.units[u];
  if (!us.alive() || us.side != c.s.active || (us.marks & kMarkReserveMoved)) return false;
  if (unit_info(us.type).war_machine) return false;
  if (c.b.dist[us.hex][leader_hex] > 1) return false;
  return !adjacent_enemy_unit(c, us.hex, us.side);
}

}  // namespace

void pose_reserve_naming(Ctx& c) {
  const Side side = side_to_name(c);
  if (side == Side::None) return;
  c.s.decision = Decision::ReserveLeader;
  c.s.decider = side;
  c.s.subject = kNone;
}

void legal_reserve_names(const Ctx& c, ActionList& out) {
  for (int l = 0; l < c.s.n_leaders; ++l)
    if (eligible_leader(c, c.s.decider, l)) out.push(Action::make(ActionType::NameReserve, l));
}

void apply_reserve_name(Ctx& c, Action a) {
  State& s = c.s;
  const Side side = s.decider;
  s.reserve_leader[idx(side)] = uint8_t(a.a());
  c.emit(Ev::ReserveNamed, side, "Hellenistic H10.1", a.a());
  s.decision = Decision::PlayCard;
  s.decider = s.active;
  pose_reserve_naming(c);  // the other side, if it has one to name
}

bool may_start_reserve(const Ctx& c) {
  const State& s = c.s;
  const Side me = s.active;
  const int k = idx(me);
  if (!c.scn.reserve_move(me) || (s.reserve_done >> k & 1) || s.own_turns[k] < 3) return false;  // H10.2
  const int l = s.reserve_leader[k];
  if (l >= s.n_leaders || !s.leaders[l].alive() || s.leaders[l].side != me) return false;
  return !adjacent_enemy_unit(c, s.leaders[l].hex, me);
}

void start_reserve(Ctx& c) {
  State& s = c.s;
  const int l = s.reserve_leader[idx(s.active)];
  c.emit(Ev::ReserveMoveMade, s.active, "Hellenistic H10.2 (§6)", l, s.leaders[l].hex);
  s.reserve_done = uint8_t(s.reserve_done | (4u << idx(s.active)));  // under way
  s.decision = Decision::ReserveMove;
  s.decider = s.active;
}

void legal_reserve_steps(const Ctx& c, ActionList& out) {
  State& s = c.s;
  const int l = s.reserve_leader[idx(s.active)];
  const int lh = s.leaders[l].hex;
  uint8_t finals[kHexes];
  for (int u = 0; u < s.n_units; ++u) {
    if (!may_reserve_move(c, u, lh)) continue;
    uint8_t dest[kHexes];
    const int n = unit_reserve_destinations(c, u, dest);
    const int from = s.units[u].hex;
    for (int i = 0; i < n; ++i) {
      // Offered only if the leader can still end within 2 hexes of every moved unit after it.
      move_unit(s, u, dest[i]);
      s.units[u].marks = uint8_t(s.units[u].marks | kMarkReserveMoved);
      const bool ok = leader_finals(c, l, finals) > 0;
      s.units[u].marks = uint8_t(s.units[u].marks & ~kMarkReserveMoved);
      move_unit(s, u, from);
      if (ok) out.push(Action::make(ActionType::ReserveStep, from, dest[i]));
    }
  }
  const int m = leader_finals(c, l, finals);
  for (int i = 0; i < m; ++i) out.push(Action::make(ActionType::ReserveLeaderTo, finals[i]));
}

void apply_reserve_step(Ctx& c, Action a) {
  State& s = c.s;
  if (a.type() == ActionType::ReserveStep) {
    const int u = s.unit_at[a.a()];
    move_unit(s, u, a.b());  // without any leader (H10.3, H10.5)
    s.units[u].marks = uint8_t(s.units[u].marks | kMarkReserveMoved);
    c.emit(Ev::Moved, s.active, "Hellenistic H10.4 (§8)", a.a(), a.b(), 0, c.b.dist[a.a()][a.b()]);
    if (s.leader_at[a.b()] != kNone) c.emit(Ev::LeaderAttached, s.active, "§8", a.b());
    return;
  }
  const int l = s.reserve_leader[idx(s.active)];
  const int from = s.leaders[l].hex;
  if (a.a() != from) {
    move_leader(s, l, a.a());
    c.emit(Ev::Moved, s.active, "Hellenistic H10.5 (§8)", from, a.a(), 1, c.b.dist[from][a.a()]);
  }
  for (int u = 0; u < s.n_units; ++u) s.units[u].marks = uint8_t(s.units[u].marks & ~kMarkReserveMoved);
  s.reserve_done = uint8_t((s.reserve_done | (1u << idx(s.active))) & 3u);
  // H10.6: the turn goes on with the card play.
  s.decision = Decision::PlayCard;
  s.decider = s.active;
}

}  // namespace bgb::cca
