// W-MOV: normal moves (step 7), charges (step 6), evasion (I-EVD), routs and pursuits (I-ROUT).
// A move is run pace by pace so that it stops where the next pace would overlap another unit,
// leave the table, or (a normal move) come nearer an enemy than kEnemyGap: only charges make
// contact (I-CHG).
#include <algorithm>
#include <cmath>

#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

namespace {
constexpr double kPi = 3.14159265358979323846;

bool on_table(const Scenario& scn, const Rect& r) {
  for (Vec c : r.corners())
    if (c.x < -0.5 || c.y < -0.5 || c.x > scn.table_w + 0.5 || c.y > scn.table_h + 0.5) return false;
  return true;
}


// The facing (a multiple of 45) nearest the direction v.
int facing_toward(Vec v) {
  int best = 0;
  double bd = -1e18;
  for (int f = 0; f < 360; f += 45) {
    double d = dot(v, forward(f));
    if (d > bd + 1e-12) bd = d, best = f;
  }
  return best;
}

// The unit turned to `facing` about its centre (I-ORD turns; evaders and routers turning away).
Rect turned(const Rect& r, int facing) {
  Vec c = r.centre();
  Rect o = r;
  o.facing = norm_facing(facing);
  o.f = c + (r.d / 2) * forward(o.facing);
  return o;
}
}  // namespace

namespace {
Rect snapped(Rect r) {
  r.f = {double(round_pace(r.f.x)), double(round_pace(r.f.y))};
  r.facing = norm_facing(r.facing);
  return r;
}
}  // namespace

Rect turned_pose(const Rect& r, int facing) { return snapped(turned(r, facing)); }

Rect wheel_pose(const Rect& r, bool left) {
  auto c = r.corners();
  Vec pivot = left ? c[0] : c[1];
  int nf = norm_facing(r.facing + (left ? 45 : -45));
  Rect w = r;
  w.facing = nf;
  w.f = pivot + (left ? -1.0 : 1.0) * (r.w / 2) * left_of(nf);
  return snapped(w);
}

bool set_pose(State& s, int id, const Rect& r) {
  s.u[id].x = int16_t(round_pace(r.f.x));
  s.u[id].y = int16_t(round_pace(r.f.y));
  s.u[id].facing = int16_t(norm_facing(r.facing));
  return true;
}

// Sets the unit at r (rounded to the pace) if it may stand there; otherwise leaves it.
bool try_pose(const Scenario& scn, State& s, int id, const Rect& r, bool gap) {
  Unit before = s.u[id];
  set_pose(s, id, r);
  if (place_ok(scn, s, id, rect_of(scn, s, id), gap)) return true;
  s.u[id] = before;
  return false;
}

int normal_allowance(const Scenario& scn, const State& s, int id) {
  const UnitSpec& sp = spec_of(scn, id);
  int m = move_of(sp.troop).normal;
  if (sp.troop != Troop::LI && in_wood(scn, rect_of(scn, s, id).f)) m /= 2;
  return m;
}

int charge_distance(const Scenario& scn, int id) { return move_of(spec_of(scn, id).troop).charge; }

bool place_ok(const Scenario& scn, const State& s, int id, const Rect& r, bool gap, int ignore) {
  if (!on_table(scn, r)) return false;
  for (int o = 0; o < kMaxUnits; ++o) {
    if (o == id || o == ignore || !s.u[o].alive()) continue;
    Rect ro = rect_of(scn, s, o);
    if (far_apart(r, ro, kEnemyGap + 1)) continue;
    if (overlap(r, ro)) return false;
    if (gap && enemies(id, o) && distance(r, ro) < kEnemyGap) return false;
  }
  return true;
}

// I-INTER (ours; the sheets leave interpenetration out): friends pass through light troops, and
// light troops through any friend, but a move may not end overlapping one; nobody passes an enemy.
// Routers burst through friends (I-ROUT).
bool passable(const Scenario& scn, const State& s, int id, int o) {
  return !enemies(id, o) && (is_light(spec_of(scn, o).troop) || is_light(spec_of(scn, id).troop) || s.u[id].has(kBroken));
}

// Whether the unit may pass over `r` on its way: on the table, overlapping nothing it may not pass,
// and (gap) no nearer an enemy than kEnemyGap.
bool path_ok(const Scenario& scn, const State& s, int id, const Rect& r, bool gap, int ignore) {
  if (!on_table(scn, r)) return false;
  for (int o = 0; o < kMaxUnits; ++o) {
    if (o == id || o == ignore || !s.u[o].alive()) continue;
    Rect ro = rect_of(scn, s, o);
    if (far_apart(r, ro, kEnemyGap + 1)) continue;
    if (!passable(scn, s, id, o) && overlap(r, ro)) return false;
    if (gap && enemies(id, o) && distance(r, ro) < kEnemyGap) return false;
  }
  return true;
}

namespace {
// The other units as one unit's run meets them: they stand still while it moves, so their
// footprints are found once, not again at each pace. clear() gives place_ok and path_ok together.
class Others {
 public:
  Others(const Scenario& scn, const State& s, int id, int ignore) : scn_(scn) {
    for (int o = 0; o < kMaxUnits; ++o) {
      if (o == id || o == ignore || !s.u[o].alive()) continue;
      Near& n = near_[n_++];
      n.r = rect_of(scn, s, o);
      n.c = n.r.centre();
      n.diag = length({n.r.w, n.r.d});
      n.enemy = enemies(id, o);
      n.pass = passable(scn, s, id, o);
    }
  }
  // Whether the unit may stand at r (place) and pass over it (path), as place_ok and path_ok.
  void clear(const Rect& r, bool gap, bool& place, bool& path) const {
    place = path = on_table(scn_, r);
    if (!path) return;
    const Vec c = r.centre();
    const double own = length({r.w, r.d});
    for (int i = 0; i < n_; ++i) {
      const Near& n = near_[i];
      // far_apart(r, n.r, kEnemyGap + 1), with the footprints' diagonals found once.
      const Vec d = c - n.c;
      const double reach = 0.5 * (own + n.diag) + (kEnemyGap + 1);
      if (dot(d, d) > reach * reach) continue;
      if (overlap(r, n.r)) {
        place = false;
        if (!n.pass) {
          path = false;
          return;
        }
      }
      if (gap && n.enemy && distance(r, n.r) < kEnemyGap) {
        place = path = false;
        return;
      }
    }
  }

 private:
  struct Near {
    Rect r;
    Vec c;
    double diag = 0;
    bool enemy = false, pass = false;
  };
  const Scenario& scn_;
  Near near_[kMaxUnits];
  int n_ = 0;
};
}  // namespace

int run(const Scenario& scn, State& s, int id, int dir, int dist, bool gap, bool wood_costs, int ignore) {
  Rect r = rect_of(scn, s, id);
  Vec u = forward(dir);
  Vec start = r.f;
  bool formed = spec_of(scn, id).troop != Troop::LI;
  const Others others(scn, s, id, ignore);
  int moved = 0, clear = 0;
  double budget = dist;
  while (budget >= 1) {
    Rect nx = r;
    nx.f = start + double(moved + 1) * u;
    double cost = (wood_costs && formed && in_wood(scn, nx.centre())) ? 2 : 1;
    if (cost > budget + 1e-9) break;
    bool place = false, path = false;
    others.clear(nx, gap, place, path);
    if (!path) break;
    budget -= cost;
    ++moved;
    r = nx;
    if (place) clear = moved;
  }
  // It ends at the last place it may stand (not on a friend it passed through); the rounded pose
  // may touch what the exact one did not: step back until it stands clear.
  moved = clear;
  for (;;) {
    Rect at = r;
    at.f = start + double(moved) * u;
    set_pose(s, id, at);
    if (moved == 0) break;
    bool place = false, path = false;
    others.clear(rect_of(scn, s, id), gap, place, path);
    if (place) break;
    --moved;
  }
  return moved;
}

int advance_paces(const Scenario& scn, const State& s, int id, int quarters) {
  const int allowance = normal_allowance(scn, s, id);
  const int want = allowance * quarters / 4;
  return Order(s.u[id].order) == Order::W ? std::min(want, allowance / 2) : want;
}

int advance_room(const Scenario& scn, const State& s, int id, int quarters) {
  State probe = s;
  return run(scn, probe, id, s.u[id].facing, advance_paces(scn, s, id, quarters), true, true);
}

void normal_move(const Scenario& scn, State& s, int id, uint32_t a, Events* ev) {
  Unit& u = s.u[id];
  int allowance = normal_allowance(scn, s, id);
  Rect r = rect_of(scn, s, id);
  std::string name = unit_name(scn, id);
  switch (kind_of(a)) {
    case Kind::Hold:
      // I-ORD (ours): a unit that holds still and is in contact with nobody makes its rally move.
      if (u.has(kDisRally)) {
        u.flags &= ~uint32_t(kDisRally);
        emit(ev, {"rally-move", "W-DIS", name + " holds and dresses its ranks: no longer disordered", {}, id, -1});
      }
      return;
    case Kind::Advance: {
      int d = run(scn, s, id, u.facing, advance_paces(scn, s, id, arg_of(a)), true, true);
      if (d > 0) u.flags |= kAdvanced;
      emit(ev, {"move", "W-MOV", name + " advances " + std::to_string(d) + " p", {}, id, -1});
      return;
    }
    case Kind::WheelLeft:
    case Kind::WheelRight: {
      bool left = kind_of(a) == Kind::WheelLeft;
      // The pivot is the inner front corner; the outer corner's arc is what the wheel costs.
      Rect w = wheel_pose(r, left);
      int nf = w.facing;
      double cost = r.w * kPi / 4;
      int cap = Order(u.order) == Order::W ? allowance / 2 : allowance;
      if (!try_pose(scn, s, id, w, true)) {
        emit(ev, {"move", "W-MOV", name + " cannot wheel: the way is blocked", {}, id, -1});
        return;
      }
      int d = run(scn, s, id, nf, std::max(0, int(cap - cost)), true, true);
      u.flags |= kAdvanced;
      emit(ev, {"move", "W-MOV", name + " wheels " + (left ? "left" : "right") + " and advances " + std::to_string(d) + " p", {}, id, -1});
      return;
    }
    case Kind::TurnLeft:
    case Kind::TurnRight:
    case Kind::TurnAbout: {
      int by = kind_of(a) == Kind::TurnLeft ? 90 : kind_of(a) == Kind::TurnRight ? -90 : 180;
      Rect t = turned(r, r.facing + by);
      if (!try_pose(scn, s, id, t, true)) {
        emit(ev, {"move", "W-MOV", name + " cannot turn: no room", {}, id, -1});
        return;
      }
      emit(ev, {"move", "W-MOV", name + " turns to face " + std::to_string(t.facing), {}, id, -1});
      return;
    }
    case Kind::Retire: {
      // Straight back, facing kept: run the reversed rectangle and turn it back.
      int d = 0;
      Rect back = turned(r, r.facing + 180);
      State probe = s;
      set_pose(probe, id, back);
      if (place_ok(scn, probe, id, back, true)) {
        d = run(scn, probe, id, back.facing, allowance / 2, true, true);
        set_pose(s, id, turned(rect_of(scn, probe, id), r.facing));
        if (!place_ok(scn, s, id, rect_of(scn, s, id), true)) set_pose(s, id, r), d = 0;
      }
      if (d > 0) u.flags |= kRetired;
      const bool forced = u.fall_back > 0;
      if (forced) --u.fall_back;
      std::string more = !forced ? "" : u.fall_back ? " (shaken: it falls back again next move)" : " (shaken: its last fall back)";
      emit(ev, {"move", forced ? "W-RR" : "W-MOV", name + (forced ? " falls back " : " retires ") + std::to_string(d) + " p" + more, {}, id, -1});
      return;
    }
    default: return;
  }
}

void evade(const Scenario& scn, State& s, int id, int from, Rng& rng, Events* ev) {
  Unit& u = s.u[id];
  const UnitSpec& sp = spec_of(scn, id);
  const MoveRow& m = move_of(sp.troop);
  int face = rng.die() + 1;
  // I-EVD: (a) the listed paces and 10 x a die are the whole evade; (b) the listed paces on top of
  // the normal move, the die as a tie-breaker (counted as single paces).
  int dist = scn.evade_rule == EvadeRule::A ? m.evade_a + 10 * face : m.normal + m.evade_b + face;
  Rect r = rect_of(scn, s, id);
  // I-EVD (ours): away from every unit charging it (the sum of the directions away from each);
  // when those cancel out, as between chargers from both sides, toward its own base edge.
  Vec away{0, 0};
  int chargers = 0;
  for (int c = 0; c < kMaxUnits; ++c)
    if (s.u[c].alive() && s.u[c].charge == id) {
      Vec v = r.centre() - rect_of(scn, s, c).centre();
      if (length(v) > 0) away = away + (1.0 / length(v)) * v;
      ++chargers;
    }
  if (chargers == 0 && from >= 0) away = r.centre() - rect_of(scn, s, from).centre();
  if (length(away) < 0.3) away = forward(home_facing(side_of(id)));
  int dir = facing_toward(away);
  // It turns to run; with no room to turn it runs that way as it stands, never toward a charger.
  try_pose(scn, s, id, turned(r, dir), false);
  int d = run(scn, s, id, dir, dist, false, false);
  u.flags |= kEvaded | kRetired | kDisRally;
  emit(ev, {"evade", "I-EVD", unit_name(scn, id) + (d > 0 ? " evades " + std::to_string(d) + " p" : " cannot evade: the way is blocked"),
            {face - 1}, id, from});
}

void rout_move(const Scenario& scn, State& s, int id, Rng& rng, Events* ev) {
  Unit& u = s.u[id];
  const UnitSpec& sp = spec_of(scn, id);
  int face = rng.die() + 1;
  int dist = move_of(sp.troop).evade_a + 10 * face;
  int home = home_facing(side_of(id));
  // It turns for home, through the friends it bursts through, if it can run clear of them.
  State probe = s;
  Rect t = turned(rect_of(scn, s, id), home);
  set_pose(probe, id, t);
  bool turn_ok = path_ok(scn, probe, id, rect_of(scn, probe, id), false, -1);
  Rect r = turn_ok ? rect_of(scn, probe, id) : rect_of(scn, s, id);
  // Whether the whole run would carry it off its own edge: then it is gone (I-ROUT).
  double to_edge = side_of(id) == 0 ? r.f.y : scn.table_h - r.f.y;
  if (r.facing == home && to_edge <= dist) {
    u.flags &= ~uint32_t(kAlive);
    emit(ev, {"routed-off", "I-ROUT", unit_name(scn, id) + " routs off the table", {face - 1}, id, -1});
    for (int p = 0; p < kMaxUnits; ++p)
      if (s.u[p].pursue == id) s.u[p].pursue = kNone, s.u[p].flags &= ~uint32_t(kPursuing);
    return;
  }
  int d = 0;
  if (turn_ok) {
    d = run(scn, probe, id, home, dist, false, false);
    if (place_ok(scn, probe, id, rect_of(scn, probe, id), false)) {
      s.u[id] = probe.u[id];
    } else {
      turn_ok = false;
    }
  }
  if (!turn_ok) d = run(scn, s, id, s.u[id].facing, dist, false, false);
  s.u[id].flags |= kRetired;
  emit(ev, {"rout", "I-ROUT", unit_name(scn, id) + " routs " + std::to_string(d) + " p", {face - 1}, id, -1});
}

bool contact_pose(const Scenario& scn, const State& s, int id, int t, double reach, Rect* pose) {
  Rect r = rect_of(scn, s, id), rt = rect_of(scn, s, t);
  double d = arc_distance(r, rt);
  if (d < 0 || d > reach + 1e-9) return false;
  Edge e = struck_edge(rt, r.f);
  Rect p = placed_against(rt, e, r.w, r.d);
  // Centred on the edge it strikes, or slid along it (ours) when a unit already there leaves no
  // room, as a second charger takes the part of the line still free: the nearest free place to
  // where it comes from, keeping at least a figure's frontage in contact.
  Vec along = left_of(p.facing);
  const double edge_len = (e == Edge::Front || e == Edge::Rear) ? rt.w : rt.d;
  const double most = std::max(0.0, (edge_len + r.w) / 2 - figure_frontage(spec_of(scn, id).troop));
  double tried[64];
  int n = 0;
  tried[n++] = 0;
  for (int k = 10; k <= int(most) && n < 62; k += 10) tried[n++] = k, tried[n++] = -k;
  // The place it reaches with the least way to go first; none further than the charge move and
  // half its frontage (a wheel to line up) from where its front edge is (ours).
  auto travel = [&](double k) { return length(p.f + k * along - r.f); };
  std::stable_sort(tried, tried + n, [&](double a, double b) { return travel(a) < travel(b); });
  for (int i = 0; i < n; ++i) {
    if (travel(tried[i]) > reach + r.w / 2 + 1e-9) break;
    Rect q = snapped(p);
    q.f = q.f + tried[i] * along;
    q = snapped(q);
    if (place_ok(scn, s, id, q, false, t) && !overlap(q, rt)) {
      if (pose) *pose = q;
      return true;
    }
  }
  return false;
}

namespace {
// Contact with `t` from where the unit stands (contact_pose), made.
bool contact(const Scenario& scn, State& s, int id, int t, double reach) {
  Rect q;
  if (!contact_pose(scn, s, id, t, reach, &q)) return false;
  set_pose(s, id, q);
  return true;
}
}  // namespace

void pursue_move(const Scenario& scn, State& s, int id, Events* ev) {
  Unit& u = s.u[id];
  int t = u.pursue;
  if (t == kNone || !s.u[t].alive()) {
    u.flags &= ~uint32_t(kPursuing);
    u.pursue = kNone;
    return;
  }
  // Meeting new enemy ends the pursuit, in disorder (W-DIS); so does a router that rallied.
  Rect here = rect_of(scn, s, id);
  bool other = false;
  for (int e = 0; e < kMaxUnits; ++e)
    if (e != t && enemies(id, e) && s.u[e].alive() && within(here, rect_of(scn, s, e), 1.5)) other = true;
  if (other || !s.u[t].has(kBroken)) {
    u.flags &= ~uint32_t(kPursuing);
    u.pursue = kNone;
    if (other) u.flags |= kDisRally;
    emit(ev, {"stop-pursuit", "I-ROUT", unit_name(scn, id) + " stops its pursuit", {}, id, t});
    return;
  }
  int reach = charge_distance(scn, id);
  Rect r = rect_of(scn, s, id);
  Rect tt = turned(r, facing_toward(rect_of(scn, s, t).centre() - r.centre()));
  try_pose(scn, s, id, tt, false);
  u.flags |= kAdvanced;
  if (contact(scn, s, id, t, reach)) {
    emit(ev, {"pursuit", "I-ROUT", unit_name(scn, id) + " catches " + unit_name(scn, t), {}, id, t});
    return;
  }
  int d = run(scn, s, id, s.u[id].facing, reach, false, true);
  emit(ev, {"pursuit", "I-ROUT", unit_name(scn, id) + " pursues " + std::to_string(d) + " p", {}, id, t});
}

void counter_charge_move(const Scenario& scn, State& s, int id, Events* ev) {
  // I-RESP: the counter-charger meets its charger halfway; both count as charging.
  int c = s.u[id].charge;
  double gap = arc_distance(rect_of(scn, s, id), rect_of(scn, s, c));
  if (gap < 0) return;
  int half = std::min(int(gap / 2), charge_distance(scn, id));
  int d = run(scn, s, id, s.u[id].facing, half, false, false, c);
  s.u[id].flags |= kAdvanced;
  emit(ev, {"counter-charge", "I-RESP", unit_name(scn, id) + " counter-charges " + std::to_string(d) + " p", {}, id, c});
}

void charge_move(const Scenario& scn, State& s, int id, Events* ev) {
  Unit& u = s.u[id];
  int t = u.charge;
  if (t == kNone || !s.u[t].alive()) return;
  u.flags |= kAdvanced;
  bool was_moving = s.u[t].has(kWasAdvancing) && !s.u[t].has(kEvaded);
  if (contact(scn, s, id, t, charge_distance(scn, id))) {
    // W-DIS: foot caught on the move by mounted.
    if (was_moving && is_mounted(spec_of(scn, id).troop) && !is_mounted(spec_of(scn, t).troop))
      s.u[t].flags |= kCaughtMoving;
    emit(ev, {"contact", "I-CHG", unit_name(scn, id) + " charges home on " + unit_name(scn, t), {}, id, t});
    return;
  }
  // No contact: a straight run at the charge distance, and disorder (W-DIS: charging without
  // ending in contact).
  int d = run(scn, s, id, u.facing, charge_distance(scn, id), true, true);
  u.flags |= kDisRally;
  emit(ev, {"charge-short", "I-CHG", unit_name(scn, id) + (d > 0 ? " charges " + std::to_string(d) + " p and does not reach "
                                                                   : " charges but cannot reach ") + unit_name(scn, t), {}, id, t});
}

}  // namespace bgb::wrg6
