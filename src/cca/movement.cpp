// §8 Movement (and §16 terrain effects on movement). A move is chosen by its destination: the
// shortest legal route decides how far the unit moved, which is all the rules look at.
#include <algorithm>

#include "cca/rules_internal.h"

namespace bgb::cca {

bool adjacent_enemy_unit(const Ctx& c, int hex, Side side) {
  for (int d = 0; d < kDirs; ++d) {
    int n = c.b.nbr[hex][d];
    if (n == kNoHex) continue;
    int e = c.s.unit_at[n];
    if (e != kNone && c.s.units[e].side != side) return true;
  }
  return false;
}

namespace {

// Breadth-first search of the hexes a unit may reach; returns how many, with their distance.
int unit_destinations(const Ctx& c, int u, uint8_t* dest, uint8_t* dist) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  const UnitInfo& info = unit_info(us.type);
  int charge_after = 255;
  // A unit that entered from the reserve has used one hex already (a reserve rule).
  const int already = (us.flags & kEntered) ? us.moved : 0;
  const int max_move = card_move_limit(c, u, charge_after) - already;
  charge_after = charge_after == 255 ? 255 : std::max(0, charge_after - already);
  const bool pass_friends = card_passes_friends(c, u);
  const bool carries = carried_leader(s, u) >= 0;
  uint8_t seen[kHexes] = {};
  uint8_t queue[kHexes], qd[kHexes];
  int qh = 0, qt = 0, n = 0;
  bool exit_listed = false;
  seen[us.hex] = 1;
  queue[qt] = us.hex;
  qd[qt++] = 0;
  while (qh < qt) {
    int h = queue[qh], d = qd[qh++];
    if (d >= max_move) continue;
    for (int k = 0; k < kDirs; ++k) {
      int nb = c.b.nbr[h][k];
      if (nb == kNoHex || seen[nb]) continue;
      Terrain t = c.scn.terrain[nb];
      const TerrainInfo& ti = terrain_info(t);
      if (ti.impassable) continue;
      if (info.war_machine && t == Terrain::BrokenGround) continue;  // §16
      bool through_friend = false;
      if (s.unit_at[nb] != kNone) {
        // Order Light Troops / Move-Fire-Move: light foot may pass through friendly units.
        if (!pass_friends || s.units[s.unit_at[nb]].side != us.side) continue;
        through_friend = true;
      }
      bool stop = ti.stops_all || (ti.stops_mounted && !info.foot);
      int l = through_friend ? kNone : s.leader_at[nb];
      if (l != kNone) {
        if (s.leaders[l].side != us.side || carries) continue;  // §8: enemy leader, or two leaders
        stop = true;  // §8: must stop on a lone friendly leader
      }
      seen[nb] = 1;
      // §8/§11: a warrior moves beyond one hex only to charge into close combat.
      bool valid = !through_friend && !(d + 1 > charge_after && !adjacent_enemy_unit(c, nb, us.side));
      if (valid) {
        dest[n] = uint8_t(nb);
        dist[n++] = uint8_t(d + 1);
      }
      if (!stop) {
        queue[qt] = uint8_t(nb);
        qd[qt++] = uint8_t(d + 1);
      }
    }
    // An exit rule: leaving over the enemy baseline costs one hex.
    if (d < max_move && !exit_listed && may_exit_board(c, u, h)) {
      dest[n] = kOffBoard;
      dist[n++] = uint8_t(d + 1);
      exit_listed = true;
    }
  }
  return n;
}

}  // namespace

// Does the unit carry its attached leader when it moves? Not if the leader was ordered on his
// own or has already moved alone this turn (§8: he may not move again with a unit he joined).
int carried_leader(const State& s, int u) {
  int l = attached_leader(s, u);
  if (l < 0) return -1;
  if (s.leaders[l].flags & (kOrdered | kMoved)) return -1;
  return l;
}

void note_terrain_entered(const Ctx& c, int u, int hex) {
  UnitState& us = c.s.units[u];
  if (!battles_after_entering(us.type, c.scn.terrain[hex])) us.flags |= kNoBattle;
}

int leader_destinations(const Ctx& c, int l, uint8_t* dest, uint8_t* dist) {
  const State& s = c.s;
  const LeaderState& ls = s.leaders[l];
  uint8_t seen[kHexes] = {};
  uint8_t queue[kHexes], qd[kHexes];
  int qh = 0, qt = 0, n = 0;
  seen[ls.hex] = 1;
  queue[qt] = ls.hex;
  qd[qt++] = 0;
  const int limit = leader_move(c, l) - ((ls.flags & kEntered) ? 1 : 0);
  while (qh < qt) {
    int h = queue[qh], d = qd[qh++];
    if (d >= limit) continue;
    for (int k = 0; k < kDirs; ++k) {
      int nb = c.b.nbr[h][k];
      if (nb == kNoHex || seen[nb]) continue;
      if (terrain_info(c.scn.terrain[nb]).impassable) continue;
      int e = s.unit_at[nb];
      if (e != kNone && s.units[e].side != ls.side) continue;  // §8: not through enemy units
      int ol = s.leader_at[nb];
      if (ol != kNone && s.leaders[ol].side != ls.side) continue;  // nor enemy leaders
      seen[nb] = 1;
      if (ol == kNone) {  // only one leader per hex
        dest[n] = uint8_t(nb);
        dist[n++] = uint8_t(d + 1);
      }
      queue[qt] = uint8_t(nb);
      qd[qt++] = uint8_t(d + 1);
    }
  }
  return n;
}

std::string move_refusal(const Ctx& c, int from, int to) {
  const State& s = c.s;
  const std::string f = hex_name(from), t = hex_name(to);
  const uint8_t done = s.card_step == 2 ? kMovedAgain : kMoved;
  const int u = s.unit_at[from], l = s.leader_at[from];
  const bool own_unit = u != kNone && s.units[u].side == s.active;
  const bool own_leader = l != kNone && s.leaders[l].side == s.active;
  if (!own_unit && !own_leader) return "there is no unit or leader of yours at " + f;
  // The unit, unless only its leader was ordered (he then moves alone).
  const bool unit_moves = own_unit && (s.units[u].flags & kOrdered);
  if (!unit_moves && !(own_leader && (s.leaders[l].flags & kOrdered)))
    return "the piece at " + f + " was not ordered this turn (§7)";
  if (unit_moves && (s.units[u].flags & done)) return "the unit at " + f + " has already moved this turn (§8)";
  if (!unit_moves && (s.leaders[l].flags & kMoved)) return "the leader at " + f + " has already moved this turn (§8)";
  if (from == to) return "a piece that stays put is simply not moved: choose another move or done";
  if (terrain_info(c.scn.terrain[to]).impassable) return t + " is impassable terrain (§16)";
  if (s.unit_at[to] != kNone) return t + " is occupied by a unit (§8: one unit per hex)";
  const int far = c.b.dist[from][to];
  if (!unit_moves) {
    if (s.leader_at[to] != kNone) return t + " already holds a leader (§8: one leader per hex)";
    const int most = leader_move(c, l);
    const std::string rule = c.scn.hel(HRule::LeaderGrades) ? "(Hellenistic H3.2)" : "(§8)";
    if (far > most) return t + " is " + std::to_string(far) + " hexes away; this leader moves at most " + std::to_string(most) + " " + rule;
    return "no path of at most " + std::to_string(most) + " hexes reaches " + t + " without passing enemy units or leaders " + rule;
  }
  int charge_after = 255;
  const UnitState& us = s.units[u];
  const int already = (us.flags & kEntered) ? us.moved : 0;
  const int max_move = card_move_limit(c, u, charge_after) - already;
  const std::string what = unit_info(us.type).name;
  if (max_move <= 0) return "the unit at " + f + " may not move this turn (the card in play)";
  if (far > max_move)
    return t + " is " + std::to_string(far) + " hexes away; the " + what + " at " + f + " moves at most " +
           std::to_string(max_move) + " now (§8" + (max_move > 1 ? "" : "; the card in play") + ")";
  if (charge_after != 255 && far > std::max(0, charge_after - already) && !adjacent_enemy_unit(c, to, us.side))
    return "the " + what + " moves " + std::to_string(far) +
           " hexes only to end next to an enemy unit and close combat (§8, §11)";
  if (s.leader_at[to] != kNone && s.leaders[s.leader_at[to]].side != us.side)
    return t + " holds an enemy leader (§8)";
  return "no path of at most " + std::to_string(max_move) + " hexes reaches " + t +
         ": terrain that stops a move (§16), units in the way, or a friendly leader that stops it (§8)";
}

void legal_moves(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  uint8_t dest[kHexes], dist[kHexes];
  // Move-Fire-Move: after the fire, the ordered units move again.
  const uint8_t done = s.card_step == 2 ? kMovedAgain : kMoved;
  for (int u = 0; u < s.n_units; ++u) {
    const UnitState& us = s.units[u];
    if (!us.alive() || us.side != s.active || (us.flags & (kOrdered | done)) != kOrdered) continue;
    int n = unit_destinations(c, u, dest, dist);
    for (int i = 0; i < n; ++i) out.push(Action::make(ActionType::MoveUnit, us.hex, dest[i]));
  }
  for (int l = 0; l < s.n_leaders; ++l) {
    const LeaderState& ls = s.leaders[l];
    if (!ls.alive() || ls.side != s.active || (ls.flags & (kOrdered | kMoved)) != kOrdered) continue;
    int n = leader_destinations(c, l, dest, dist);
    for (int i = 0; i < n; ++i) out.push(Action::make(ActionType::MoveLeader, ls.hex, dest[i]));
  }
  legal_reserve_entries(c, out);
  out.push(Action::make(ActionType::EndMoves));
}

void apply_move(Ctx& c, Action a) {
  State& s = c.s;
  if (a.type() == ActionType::EndMoves) {
    if (s.card_step == 2) {  // Move-Fire-Move: the second move ends the turn
      end_turn(c);
      return;
    }
    if (card_moves_again(c)) s.card_step = 1;
    s.decision = Decision::Battle;
    s.decider = s.active;
    return;
  }
  if (a.type() == ActionType::PlaceReserve || a.type() == ActionType::PlaceLeader) {
    apply_reserve_entry(c, a);
    return;
  }
  int from = a.a(), to = a.b();
  uint8_t dest[kHexes], dist[kHexes];
  if (a.type() == ActionType::MoveLeader) {
    int l = s.leader_at[from];
    int n = leader_destinations(c, l, dest, dist);
    int d = 1;
    for (int i = 0; i < n; ++i)
      if (dest[i] == to) d = dist[i];
    move_leader(s, l, to);
    s.leaders[l].flags |= kMoved;
    c.emit(Ev::Moved, s.active, "§8", from, to, 1, d);
    if (s.unit_at[to] != kNone) c.emit(Ev::LeaderAttached, s.active, "§8", to);
    return;
  }
  int u = s.unit_at[from];
  UnitState& us = s.units[u];
  int n = unit_destinations(c, u, dest, dist);
  int d = 1;
  for (int i = 0; i < n; ++i)
    if (dest[i] == to) d = dist[i];
  if (to == kOffBoard) {  // an exit rule
    us.flags |= kMoved;
    c.emit(Ev::Moved, us.side, "scenario", from, to, 0, d);
    unit_exits(c, u);
    return;
  }
  int carried = carried_leader(s, u);
  bool joins = s.leader_at[to] != kNone;
  move_unit(s, u, to);
  if (s.card_step == 2) {
    us.flags |= kMovedAgain;
    c.emit(Ev::Moved, us.side, "card", from, to, 0, d);
    if (carried >= 0) move_leader(s, carried, to);
    if (joins) c.emit(Ev::LeaderAttached, us.side, "§8", to);
    unit_ended_move(c, u);
    return;
  }
  us.flags |= kMoved;
  if (us.flags & kEntered) d += us.moved;  // placing was the first hex
  us.moved = uint8_t(d);
  c.emit(Ev::Moved, us.side, "§8", from, to, 0, d);
  if (carried >= 0) {
    move_leader(s, carried, to);
    c.emit(Ev::LeaderCarried, us.side, "§7", from, to);
  }
  if (joins) c.emit(Ev::LeaderAttached, us.side, "§8", to);
  // What the move costs in battle (§8, §10, §11, §16).
  if (!battles_after_moving(c, u, d)) us.flags |= kNoBattle;
  if (us.type == UnitType::Warrior && d >= 2) us.flags |= kCharged;
  note_terrain_entered(c, u, to);
  unit_ended_move(c, u);
}

}  // namespace bgb::cca
