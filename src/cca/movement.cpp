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

Occupancy occupancy(const State& s) {
  Occupancy o;
  o.units[0] = s.unit_hexes(Side::Top);
  o.units[1] = s.unit_hexes(Side::Bottom);
  for (int i = 0; i < s.n_leaders; ++i)
    if (s.leaders[i].alive()) o.leaders[idx(s.leaders[i].side)].set(s.leaders[i].hex);
  return o;
}

namespace {

// The hexes a unit may reach, found a whole distance at a time on sets of hexes (a breadth-first
// search over the board's bits): at each step the hexes next to the last step's, less those it
// may not enter or has reached before. Hexes it must stop in are reached but not moved through.
void unit_destinations(const Ctx& c, int u, const Occupancy& occ, Destinations& out) {
  out.clear();
  const State& s = c.s;
  const UnitState& us = s.units[u];
  const UnitInfo& info = unit_info(us.type);
  int charge_after = 255;
  // A unit that entered from the reserve has used one hex already (a reserve rule).
  const int already = (us.flags & kEntered) ? us.moved : 0;
  const int max_move = std::min(kMaxMove, card_move_limit(c, u, charge_after) - already);
  charge_after = charge_after == 255 ? 255 : std::max(0, charge_after - already);
  const int me = idx(us.side), them = 1 - me;
  const Bits128 units = occ.units[0] | occ.units[1];
  const Bits128 own_lone_leaders = occ.leaders[me].minus(units);
  // Not entered: impassable terrain (§16), war machines on broken ground (§16), an enemy leader
  // (§8), units (Order Light Troops / Move-Fire-Move: light foot may pass through its own), and
  // with a leader carried along, another lone leader (§8: two leaders).
  Bits128 blocked = c.scn.impassable | occ.leaders[them].minus(units);
  if (info.war_machine) blocked |= c.scn.broken;
  if (carried_leader(s, u) >= 0) blocked |= own_lone_leaders;
  Bits128 through;  // own units passed through: moved across, never stopped in
  if (card_passes_friends(c, u)) {
    blocked |= occ.units[them];
    through = occ.units[me];
  } else {
    blocked |= units;
  }
  // Entered and stopped in: terrain that stops (§16), a lone friendly leader (§8).
  Bits128 stop = c.scn.stops_all | own_lone_leaders;
  if (!info.foot) stop |= c.scn.stops_mounted;
  // §8/§11: a warrior moves beyond one hex only to charge into close combat.
  const Bits128 next_to_enemy = charge_after != 255 ? c.b.neighbours(occ.units[them]) : Bits128{};
  const bool exits = c.scn.rule(RuleKind::Exit, us.side) != nullptr;
  Bits128 seen, frontier;
  seen.set(us.hex);
  frontier.set(us.hex);
  for (int d = 0; d < max_move && frontier.any(); ++d) {
    // An exit rule: leaving over the enemy baseline costs one hex.
    if (exits && !out.exit)
      for (Bits128 f = frontier; f.any() && !out.exit;)
        if (may_exit_board(c, u, f.pop())) out.exit = d + 1;
    // The first step is from the unit's own hex: its neighbours are a table's row.
    const Bits128 next = (d == 0 ? c.b.ball[us.hex][1] : c.b.neighbours(frontier)).minus(blocked).minus(seen);
    seen |= next;
    Bits128 valid = next.minus(through);
    if (d + 1 > charge_after) valid &= next_to_enemy;
    out.put(d + 1, valid);
    out.reach = d + 1;
    out.any |= valid;
    frontier = next.minus(stop);
  }
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

void leader_destinations(const Ctx& c, int l, const Occupancy& occ, Destinations& out) {
  out.clear();
  const LeaderState& ls = c.s.leaders[l];
  const int me = idx(ls.side), them = 1 - me;
  // §8: not through enemy units or leaders; through his own, and only one leader per hex.
  const Bits128 blocked = c.scn.impassable | occ.units[them] | occ.leaders[them];
  const int limit = std::min(kMaxMove, leader_move(c, l) - ((ls.flags & kEntered) ? 1 : 0));
  Bits128 seen, frontier;
  seen.set(ls.hex);
  frontier.set(ls.hex);
  for (int d = 0; d < limit && frontier.any(); ++d) {
    const Bits128 next = (d == 0 ? c.b.ball[ls.hex][1] : c.b.neighbours(frontier)).minus(blocked).minus(seen);
    seen |= next;
    const Bits128 valid = next.minus(occ.leaders[me]);
    out.put(d + 1, valid);
    out.reach = d + 1;
    out.any |= valid;
    frontier = next;
  }
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

// Listed in increasing action order (pieces by hex, then destinations by hex), so the list
// needs no sorting.
void legal_moves(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  const Occupancy occ = occupancy(s);
  const int me = idx(s.active);
  Destinations to;
  // Move-Fire-Move: after the fire, the ordered units move again.
  const uint8_t done = s.card_step == 2 ? kMovedAgain : kMoved;
  for (Bits128 hexes = occ.units[me]; hexes.any();) {
    const int h = hexes.pop();
    const int u = s.unit_at[h];
    if ((s.units[u].flags & (kOrdered | done)) != kOrdered) continue;
    unit_destinations(c, u, occ, to);
    for (Bits128 d = to.any; d.any();) out.push(Action::make(ActionType::MoveUnit, h, d.pop()));
    if (to.exit) out.push(Action::make(ActionType::MoveUnit, h, kOffBoard));
  }
  for (Bits128 hexes = occ.leaders[me]; hexes.any();) {
    const int h = hexes.pop();
    const int l = s.leader_at[h];
    if ((s.leaders[l].flags & (kOrdered | kMoved)) != kOrdered) continue;
    leader_destinations(c, l, occ, to);
    for (Bits128 d = to.any; d.any();) out.push(Action::make(ActionType::MoveLeader, h, d.pop()));
  }
  out.push(Action::make(ActionType::EndMoves));
  legal_reserve_entries(c, out);
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
  // The hexes moved: the shortest legal route's length. A hex next door is one hex away by any
  // legal route (a step to it that is not allowed is not allowed later either), so only longer
  // moves need the search.
  const bool next_door = to < kHexes && c.b.dist[from][to] == 1;
  Occupancy occ;
  if (!next_door) occ = occupancy(s);
  Destinations dest;
  if (a.type() == ActionType::MoveLeader) {
    int l = s.leader_at[from];
    if (!next_door) leader_destinations(c, l, occ, dest);
    const int d = next_door ? 1 : dest.distance(to);
    move_leader(s, l, to);
    s.leaders[l].flags |= kMoved;
    c.emit(Ev::Moved, s.active, "§8", from, to, 1, d);
    if (s.unit_at[to] != kNone) c.emit(Ev::LeaderAttached, s.active, "§8", to);
    return;
  }
  int u = s.unit_at[from];
  UnitState& us = s.units[u];
  if (!next_door) unit_destinations(c, u, occ, dest);
  int d = next_door ? 1 : to == kOffBoard ? (dest.exit ? dest.exit : 1) : dest.distance(to);
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
