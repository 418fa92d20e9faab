// W-SEQ: a period of the game, as steps. The steps with choices (3 declare, 5 respond, 7 move,
// 8 orders, 9 shoot) are simultaneous (§3.5): side A enters one commitment per unit that has a
// choice, then side B without seeing A's; then both are revealed and the step resolved. The other
// steps (2 and 4 tests, 6 charge moves, 10 hand-to-hand, 11 casualties) need no choice and run
// inside apply().
#include <algorithm>
#include <cmath>

#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

namespace {

bool listed(const std::vector<uint32_t>& v, uint32_t a) { return std::find(v.begin(), v.end(), a) != v.end(); }

// Whether a charge on `e` is one that `id`'s order allows (W-ORD, I-ORD).
bool order_allows_charge(const Scenario& scn, const State& s, int id, int e) {
  const Unit& u = s.u[id];
  if (u.has(kImpetuous)) return true;
  Troop et = spec_of(scn, e).troop;
  switch (Order(u.order)) {
    case Order::A: return true;
    case Order::S: {
      Rect te = rect_of(scn, s, e);
      bool flank = struck_edge(te, rect_of(scn, s, id).f) != Edge::Front;
      return flank || is_light(et) || s.u[e].has(kShaken) || disordered(scn, s, e);
    }
    case Order::Q:
    case Order::W: {
      // I-ORD (ours): an enemy blocks the way when it lies within 45 degrees of the line to the
      // objective.
      const UnitSpec& sp = spec_of(scn, id);
      Vec me = rect_of(scn, s, id).f;
      Vec to_obj = Vec{double(sp.obj_x), double(sp.obj_y)} - me;
      Vec to_e = rect_of(scn, s, e).centre() - me;
      double lo = length(to_obj), le = length(to_e);
      if (lo <= 0 || le <= 0) return true;
      return dot(to_obj, to_e) >= std::sqrt(0.5) * lo * le;
    }
    case Order::H: return false;
  }
  return false;
}

bool can_act(const Unit& u) { return u.alive() && !u.has(kBroken); }

void declare_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out) {
  const Unit& u = s.u[id];
  if (!can_act(u) || u.has(kPursuing) || u.fall_back > 0 || u.has(kNoAdvance) || in_contact(scn, s, id)) return;
  std::vector<int> reach;
  // Only a charge that could go home from here is offered: the target within reach, and a place
  // against its edge that no other unit holds (a friend standing in the way blocks it).
  for (int e = 0; e < kMaxUnits; ++e)
    if (enemies(id, e) && s.u[e].alive() && in_charge_reach(scn, s, id, e) && contact_pose(scn, s, id, e, charge_distance(scn, id)))
      reach.push_back(e);
  if (reach.empty()) return;
  if (u.has(kImpetuous)) {
    // I-ORD: impetuous troops charge the nearest enemy in reach (ties: the lowest id).
    int best = reach[0];
    double bd = 1e18;
    Rect r = rect_of(scn, s, id);
    for (int e : reach) {
      double d = arc_distance(r, rect_of(scn, s, e));
      if (d < bd - 1e-9) bd = d, best = e;
    }
    out.push_back(make_action(Kind::Charge, id, best));
    return;
  }
  bool any = false;
  for (int e : reach)
    if (order_allows_charge(scn, s, id, e)) {
      if (!any) out.push_back(make_action(Kind::NoCharge, id));
      any = true;
      out.push_back(make_action(Kind::Charge, id, e));
    }
  std::sort(out.begin(), out.end());
}

// The first charger of `id` (lowest id), or -1.
int charger_of(const State& s, int id) {
  for (int c = 0; c < kMaxUnits; ++c)
    if (s.u[c].alive() && s.u[c].charge == id) return c;
  return -1;
}

void respond_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out) {
  const Unit& u = s.u[id];
  if (!can_act(u) || !u.has(kCharged) || u.charge != kNone) return;
  int c = charger_of(s, id);
  if (c < 0) return;
  const UnitSpec& me = spec_of(scn, id);
  Troop ct = spec_of(scn, c).troop;
  bool mounted = is_mounted(me.troop), cmounted = is_mounted(ct);
  // Counter-charging needs the charger in the front arc and within the charge move (I-RESP).
  bool cc_geom = in_charge_reach(scn, s, id, c);
  bool stand = false, evade_ok = false, cc = false;
  switch (Order(u.order)) {
    case Order::Q:
    case Order::W:
      stand = true;
      cc = (!mounted && !cmounted) || (mounted && cmounted);
      break;
    case Order::S: {
      // Mounted may counter-charge mounted of the same weight or lighter; foot may stand in cover;
      // otherwise evade.
      bool lighter = mounted && cmounted && (me.troop == Troop::HC || ct == Troop::LC);
      cc = lighter;
      stand = !mounted && in_wood(scn, rect_of(scn, s, id).centre());
      evade_ok = true;
      break;
    }
    case Order::H:
      if (!mounted && cmounted) stand = true;
      else cc = true;
      if (!cc_geom) stand = true;
      break;
    case Order::A:
      stand = true;
      cc = true;
      evade_ok = is_light(me.troop);
      break;
  }
  // W-RR, the column of a test in answer to a charge.
  switch (u.last_band) {
    case 1:  // impetuous: counter-charge if it can
      if (cc && cc_geom) stand = evade_ok = false;
      break;
    case 3:
      if (Order(u.order) == Order::S) stand = cc = false, evade_ok = true;
      if (Order(u.order) == Order::H) cc = false, stand = true;
      break;
    case 4:
      cc = false;
      if (Order(u.order) == Order::S) stand = false, evade_ok = true;
      else stand = true;
      break;
    case 5: cc = evade_ok = false, stand = true; break;
    default: break;
  }
  if (!cc_geom) cc = false;
  if (!stand && !evade_ok && !cc) stand = true;
  if (stand) out.push_back(make_action(Kind::Stand, id));
  if (evade_ok) out.push_back(make_action(Kind::Evade, id));
  if (cc) out.push_back(make_action(Kind::CounterCharge, id));
}

void move_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out) {
  const Unit& u = s.u[id];
  if (!can_act(u) || u.has(kPursuing)) return;
  if (u.has(kCharging) || u.has(kEvaded) || u.has(kRecoiled) || in_contact(scn, s, id)) return;
  if (u.fall_back > 0) {
    out.push_back(make_action(Kind::Retire, id));
    return;
  }
  int allowance = normal_allowance(scn, s, id);
  Rect r = rect_of(scn, s, id);
  double wheel_cost = r.w * 3.14159265358979323846 / 4;
  Order o = Order(u.order);
  auto add = [&](Kind k, int arg = 0) { out.push_back(make_action(k, id, arg)); };
  if (u.has(kImpetuous) && !u.has(kNoAdvance)) {
    // I-ORD: impetuous troops must advance.
    add(Kind::Advance, 4);
    if (wheel_cost < allowance) {
      if (place_ok(scn, s, id, wheel_pose(r, true), true)) add(Kind::WheelLeft);
      if (place_ok(scn, s, id, wheel_pose(r, false), true)) add(Kind::WheelRight);
    }
    std::sort(out.begin(), out.end());
    return;
  }
  bool may_stop = true;
  if (o == Order::Q && !u.has(kNoAdvance)) {
    // Q: at least half the normal move unless within charge reach of an enemy.
    may_stop = false;
    for (int e = 0; e < kMaxUnits && !may_stop; ++e)
      if (enemies(id, e) && s.u[e].alive() && in_charge_reach(scn, s, id, e)) may_stop = true;
  }
  if (may_stop) add(Kind::Hold);
  if (!u.has(kNoAdvance) && o != Order::H) {
    int most = o == Order::W ? 2 : 4;
    for (int k = (may_stop ? 1 : 2); k <= most; ++k) add(Kind::Advance, k);
    double cap = o == Order::W ? allowance / 2.0 : allowance;
    if (wheel_cost < cap) {
      if (place_ok(scn, s, id, wheel_pose(r, true), true)) add(Kind::WheelLeft);
      if (place_ok(scn, s, id, wheel_pose(r, false), true)) add(Kind::WheelRight);
    }
  }
  if (o != Order::Q) {
    // Only the turns there is room for (a turn about the centre sweeps the unit's other shape).
    if (place_ok(scn, s, id, turned_pose(r, r.facing + 90), true)) add(Kind::TurnLeft);
    if (place_ok(scn, s, id, turned_pose(r, r.facing - 90), true)) add(Kind::TurnRight);
    if (place_ok(scn, s, id, turned_pose(r, r.facing + 180), true)) add(Kind::TurnAbout);
  }
  if (o == Order::S || o == Order::A || o == Order::W) add(Kind::Retire);
  std::sort(out.begin(), out.end());
}

// I-ORD: orders change in step 8 only for a unit within 150 p of its C-in-C.
void order_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out) {
  const Unit& u = s.u[id];
  // A new order holds from the next period: in the last one there is none to give (ours).
  if (!can_act(u) || s.period >= s.period_limit) return;
  int g = s.general[side_of(id)];
  if (g == kNone || !s.u[g].alive()) return;
  if (g != id && rect_distance(scn, s, g, id) > kNear) return;
  out.push_back(make_action(Kind::KeepOrder, id));
  for (int o = 0; o < kOrders; ++o)
    if (o != u.next_order) out.push_back(make_action(Kind::NewOrder, id, o));
}

void shoot_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out) {
  const Unit& u = s.u[id];
  if (!can_act(u) || spec_of(scn, id).missile == Missile::None || in_contact(scn, s, id)) return;
  std::vector<int> t;
  shooting_targets(scn, s, id, t);
  if (t.empty()) return;
  out.push_back(make_action(Kind::HoldFire, id));
  for (int e : t) out.push_back(make_action(Kind::Shoot, id, e));
}

// Units whose commitment is asked: more than one choice. A unit with one choice has it entered
// for it (no decision); a unit with none takes no part in the step.
void begin_step(const Scenario& scn, State& s, Step st, Rng& rng, Events* ev);


void resolve_declare(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  // Step 3: the would-be chargers test (W-OCC 2), impetuous ones excepted (they must charge).
  for (int id = 0; id < kMaxUnits; ++id) {
    uint32_t a = s.commit[id];
    if (!a || kind_of(a) != Kind::Charge || !s.u[id].alive()) continue;
    int t = arg_of(a);
    bool go = true;
    if (!s.u[id].has(kImpetuous)) {
      int band = reaction_test(scn, s, id, {Occasion::StartCharge, t}, rng, ev);
      const UnitSpec& sp = spec_of(scn, id);
      Troop tt = spec_of(scn, t).troop;
      switch (band) {
        case 1: s.u[id].flags |= kImpetuous; break;
        case 2: break;
        case 3:
          // Mounted may not charge close-order foot to their front.
          if (is_mounted(sp.troop) && (tt == Troop::HI || tt == Troop::MI) &&
              struck_edge(rect_of(scn, s, t), rect_of(scn, s, id).f) == Edge::Front)
            go = false;
          break;
        case 4: go = false; break;
        case 5:
          go = false;
          make_shaken(scn, s, id, ev, "W-RR");
          s.u[id].flags |= kNoAdvance;
          break;
        default: {
          go = false;
          bool counting = false;
          for (auto& l : reaction_factors(scn, s, id, {Occasion::StartCharge, t}))
            if (l.f == Factor::M8) counting = true;
          if (counting) {
            break_unit(scn, s, id, ev, "W-RR");
          } else {
            make_shaken(scn, s, id, ev, "W-RR");
            s.u[id].fall_back = 2;
            s.u[id].flags |= kDisRally;
          }
        }
      }
      if (!go)
        emit(ev, {"no-charge", "W-RR", unit_name(scn, id) + " does not charge (result R" + std::to_string(band) + ")", {}, id, t});
    }
    if (go && s.u[id].alive() && !s.u[id].has(kBroken)) {
      s.u[id].charge = uint8_t(t);
      s.u[id].flags |= kCharging;
      s.u[t].flags |= kCharged;
      emit(ev, {"charge", "W-SEQ 3", unit_name(scn, id) + " charges " + unit_name(scn, t), {}, id, t});
    }
  }
  // Step 4: the other occasions.
  for (int id = 0; id < kMaxUnits; ++id) {
    Unit& u = s.u[id];
    if (!u.alive()) continue;
    if (u.has(kBroken)) {
      // W-OCC 8: routers test to stop routing; R1-R3 rally (I-ROUT), still shaken (W-SH).
      int band = reaction_test(scn, s, id, {Occasion::Rally, -1}, rng, ev);
      if (band <= 3) {
        u.flags &= ~uint32_t(kBroken);
        u.flags |= kShaken | kDisRally;
        emit(ev, {"rally", "W-OCC 8", unit_name(scn, id) + " rallies", {}, id, -1});
      }
      continue;
    }
    if (u.has(kPursuing)) {
      int band = reaction_test(scn, s, id, {Occasion::Rally, -1}, rng, ev);
      if (band == 2 || band == 3) {
        u.flags &= ~uint32_t(kPursuing);
        u.pursue = kNone;
        u.flags |= kDisRally;  // W-DIS: ceasing a pursuit
        emit(ev, {"stop-pursuit", "W-OCC 8", unit_name(scn, id) + " stops pursuing", {}, id, -1});
      }
      continue;
    }
    bool occ4 = u.shot_streak >= 3 || u.has(kFlagHardShot);
    bool occ6 = false;
    for (int f = 0; f < kMaxUnits && !occ6; ++f)
      if (f != id && (s.broke_since >> f & 1) && !enemies(id, f) && rect_distance(scn, s, id, f) <= kNear) occ6 = true;
    if (occ4 || occ6) {
      int band = reaction_test(scn, s, id, {occ6 ? Occasion::FriendBroke : Occasion::ShotHard, -1}, rng, ev);
      apply_no_charge_result(scn, s, id, band, ev);
    }
    u.flags &= ~uint32_t(kFlagHardShot);
  }
  s.broke_since = 0;
  // A charger that a test of step 4 has forbidden to advance (R4, R5: no advance this period)
  // halts: a charge is an advance (ours). Its target is no longer charged unless by another.
  for (int id = 0; id < kMaxUnits; ++id) {
    Unit& u = s.u[id];
    if (!u.alive() || !u.has(kCharging) || !u.has(kNoAdvance) || u.charge == kNone) continue;
    const int t = u.charge;
    u.flags &= ~uint32_t(kCharging);
    u.charge = kNone;
    bool still = false;
    for (int o = 0; o < kMaxUnits; ++o) still = still || (s.u[o].alive() && s.u[o].charge == t);
    if (!still) s.u[t].flags &= ~uint32_t(kCharged);
    emit(ev, {"no-charge", "W-RR", unit_name(scn, id) + " halts its charge: no advance this period", {}, id, t});
  }
  // Step 5 begins: the charged test in answer (W-OCC 3) before they choose their response.
  for (int id = 0; id < kMaxUnits; ++id) {
    Unit& u = s.u[id];
    if (!u.alive() || u.has(kBroken) || !u.has(kCharged) || u.charge != kNone) continue;
    int c = charger_of(s, id);
    if (c < 0) continue;
    int band = reaction_test(scn, s, id, {Occasion::Charged, c}, rng, ev);
    if (band == 1) u.flags |= kImpetuous;
    if (band == 5) {
      if (u.has(kShaken) || Order(u.order) == Order::S) break_unit(scn, s, id, ev, "W-RR");
      else make_shaken(scn, s, id, ev, "W-RR");
    }
    if (band == 6) break_unit(scn, s, id, ev, "W-RR");
  }
  begin_step(scn, s, Step::Respond, rng, ev);
}

void resolve_respond(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  for (int id = 0; id < kMaxUnits; ++id) {
    uint32_t a = s.commit[id];
    if (!a || !s.u[id].alive()) continue;
    if (kind_of(a) == Kind::Evade) {
      evade(scn, s, id, charger_of(s, id), rng, ev);
    } else if (kind_of(a) == Kind::CounterCharge) {
      s.u[id].flags |= kCharging;
      s.u[id].charge = uint8_t(charger_of(s, id));
    }
  }
  // Routs and pursuits move (W-SEQ 5).
  for (int id = 0; id < kMaxUnits; ++id)
    if (s.u[id].alive() && s.u[id].has(kBroken)) rout_move(scn, s, id, rng, ev);
  for (int id = 0; id < kMaxUnits; ++id)
    if (s.u[id].alive() && s.u[id].has(kPursuing)) pursue_move(scn, s, id, ev);
  // Step 6: charge moves; a counter-charge meets its charger halfway (I-RESP).
  for (int id = 0; id < kMaxUnits; ++id)
    if (s.u[id].alive() && s.u[id].has(kCharging) && s.u[id].charge != kNone && s.u[s.u[id].charge].charge == id &&
        s.u[id].has(kCharged) && s.commit[id] && kind_of(s.commit[id]) == Kind::CounterCharge)
      counter_charge_move(scn, s, id, ev);
  // The sides in turn by index; but a charge on a unit that is itself charging another waits for
  // that unit's charge, so that it meets the target where the target ends (ours: the moves are
  // simultaneous). A ring of such charges is broken at its first charger.
  std::vector<int> chargers;
  for (int k = 0; k < kMaxUnitsSide; ++k)
    for (int side = 0; side < kSides; ++side) {
      int id = unit_id(side, k);
      if (s.u[id].alive() && s.u[id].has(kCharging) && s.u[id].charge != kNone &&
          !(s.commit[id] && kind_of(s.commit[id]) == Kind::CounterCharge))
        chargers.push_back(id);
    }
  std::vector<bool> moved(chargers.size(), false);
  auto waiting = [&](int id) {
    int t = s.u[id].charge;
    for (size_t j = 0; j < chargers.size(); ++j)
      if (chargers[j] == t && !moved[j] && s.u[t].charge != id) return true;
    return false;
  };
  for (size_t done = 0; done < chargers.size();) {
    bool progress = false;
    for (size_t i = 0; i < chargers.size(); ++i) {
      if (moved[i] || waiting(chargers[i])) continue;
      moved[i] = true, ++done, progress = true;
      if (s.u[chargers[i]].alive()) charge_move(scn, s, chargers[i], ev);
    }
    if (!progress)
      for (size_t i = 0; i < chargers.size(); ++i)
        if (!moved[i]) {
          moved[i] = true, ++done;
          if (s.u[chargers[i]].alive()) charge_move(scn, s, chargers[i], ev);
          break;
        }
  }
  begin_step(scn, s, Step::Move, rng, ev);
}

void resolve_move(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  // Step 7: normal moves are simultaneous; we take them one at a time, the sides in turn, and each
  // side's leading units first (the furthest along the way they move), so that a unit moving
  // behind a friend that moves the same way is not stopped by where the friend stood (ours).
  std::vector<std::pair<double, int>> order[kSides];
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!s.commit[id] || !s.u[id].alive()) continue;
    const Unit& u = s.u[id];
    Kind k = kind_of(s.commit[id]);
    int way = k == Kind::Retire ? u.facing + 180 : u.facing;
    double lead = k == Kind::Advance || k == Kind::WheelLeft || k == Kind::WheelRight || k == Kind::Retire
                      ? dot(Vec{double(u.x), double(u.y)}, forward(way))
                      : 1e9;  // holds and turns in place first: they take no ground from anyone
    order[side_of(id)].push_back({-lead, id});
  }
  for (auto& o : order) std::stable_sort(o.begin(), o.end());
  for (size_t k = 0; k < std::max(order[0].size(), order[1].size()); ++k)
    for (int side = 0; side < kSides; ++side)
      if (k < order[side].size()) {
        int id = order[side][k].second;
        if (s.u[id].alive()) normal_move(scn, s, id, s.commit[id], ev);
      }
  begin_step(scn, s, Step::Orders, rng, ev);
}

void resolve_orders(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  for (int id = 0; id < kMaxUnits; ++id) {
    uint32_t a = s.commit[id];
    if (a && kind_of(a) == Kind::NewOrder) {
      s.u[id].next_order = uint8_t(arg_of(a));
      emit(ev, {"order", "W-SEQ 8", unit_name(scn, id) + " is given order " + order_name(Order(arg_of(a))) +
                                        " for the next period", {}, id, -1});
    }
  }
  begin_step(scn, s, Step::Shoot, rng, ev);
}

// I-VIC: a side loses when units holding at least half its starting figures are broken, routed
// off or destroyed, or its C-in-C is lost; both at once is a draw; the period limit ends in a draw.
bool check_victory(const Scenario& scn, State& s, Events* ev) {
  bool lost[kSides] = {false, false};
  for (int side = 0; side < kSides; ++side) {
    int gone = 0;
    for (int k = 0; k < s.n[side]; ++k) {
      const Unit& u = s.u[unit_id(side, k)];
      if (!u.alive() || u.has(kBroken)) gone += spec_of(scn, unit_id(side, k)).files * spec_of(scn, unit_id(side, k)).ranks;
    }
    if (2 * gone >= s.figs_start[side]) lost[side] = true;
    if (s.general[side] != kNone && !s.u[s.general[side]].alive()) lost[side] = true;
  }
  if (!lost[0] && !lost[1]) return false;
  s.step = Step::Over;
  s.winner = lost[0] && lost[1] ? -1 : (lost[0] ? 1 : 0);
  emit(ev, {"game-over", "I-VIC",
            s.winner < 0 ? std::string("Both armies are beaten: a draw")
                         : wins(scn.side_name[s.winner]) + ": the enemy army is beaten",
            {}, -1, -1});
  return true;
}

void resolve_shoot(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  // Steps 9-11: shooting, hand-to-hand, casualties (I-SEQ).
  shooting_and_melee(scn, s, rng, ev);
  if (check_victory(scn, s, ev)) return;
  if (s.period >= s.period_limit) {
    s.step = Step::Over;
    s.winner = -1;
    // I-VIC: a draw, scored by men lost; the text says who came out ahead.
    int lost[kSides] = {0, 0};
    for (int side = 0; side < kSides; ++side)
      for (int k = 0; k < s.n[side]; ++k) {
        int id = unit_id(side, k);
        lost[side] += men_start(scn, id) - (s.u[id].alive() ? men(s, id) : 0);
      }
    std::string t = "The period limit is reached: a draw. Men lost: " + scn.side_name[0] + " " + std::to_string(lost[0]) +
                    ", " + scn.side_name[1] + " " + std::to_string(lost[1]);
    if (lost[0] != lost[1]) t += " (" + scn.side_name[lost[0] < lost[1] ? 0 : 1] + " ahead on points)";
    emit(ev, {"game-over", "I-VIC", t, {}, -1, -1});
    return;
  }
  ++s.period;
  begin_period(scn, s, rng, ev);
}

void resolve(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  ++s.resolved;
  // Both sides' commitments are revealed.
  for (int id = 0; id < kMaxUnits; ++id)
    if (s.commit[id] && s.u[id].alive())
      emit(ev, {"reveal", "§3.5", unit_name(scn, id) + ": " + action_text(scn, s, s.commit[id]), {}, id, -1});
  switch (s.step) {
    case Step::Declare: resolve_declare(scn, s, rng, ev); break;
    case Step::Respond: resolve_respond(scn, s, rng, ev); break;
    case Step::Move: resolve_move(scn, s, rng, ev); break;
    case Step::Orders: resolve_orders(scn, s, rng, ev); break;
    case Step::Shoot: resolve_shoot(scn, s, rng, ev); break;
    case Step::Over: break;
  }
}

// The next unit, from `from` on, of the side entering commitments that has a choice to make.
bool find_asked(const Scenario& scn, State& s, int from) {
  std::vector<uint32_t> c;
  for (int side = s.side; side < kSides; ++side) {
    for (int k = (side == s.side ? from : 0); k < s.n[side]; ++k) {
      int id = unit_id(side, k);
      if (s.commit[id]) continue;
      c.clear();
      unit_choices(scn, s, id, c);
      if (c.size() > 1) {
        s.side = uint8_t(side);
        s.cursor = uint8_t(id);
        return true;
      }
    }
  }
  return false;
}

void begin_step(const Scenario& scn, State& s, Step st, Rng& rng, Events* ev) {
  s.step = st;
  std::fill(std::begin(s.commit), std::end(s.commit), 0u);
  std::vector<uint32_t> c;
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!s.u[id].alive()) continue;
    c.clear();
    unit_choices(scn, s, id, c);
    if (c.size() == 1) s.commit[id] = c[0];
    // A shaken unit's fall back (W-RR) is entered for it: say so, or its player sees it go back
    // without having chosen it.
    if (st == Step::Move && c.size() == 1 && kind_of(c[0]) == Kind::Retire && s.u[id].fall_back > 0)
      emit(ev, {"forced", "W-RR", unit_name(scn, id) + " must fall back this move (shaken): its retire is entered", {}, id, -1});
  }
  s.side = 0;
  if (!find_asked(scn, s, 0)) resolve(scn, s, rng, ev);
}

}  // namespace

void begin_period(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  for (int id = 0; id < kMaxUnits; ++id) {
    Unit& u = s.u[id];
    if (!u.alive()) continue;
    uint32_t f = u.flags;
    f &= ~uint32_t(kWasAdvancing | kWasRetiring | kWasShotAt | kWasFollowingUp);
    if (f & kAdvanced) f |= kWasAdvancing;
    if (f & kRetired) f |= kWasRetiring;
    if (f & kShotAt) f |= kWasShotAt;
    if (f & kFollowedUp) f |= kWasFollowingUp;
    f &= ~uint32_t(kAdvanced | kRetired | kCharging | kCharged | kEvaded | kShotAt | kFollowedUp | kNoAdvance |
                   kRecoiled | kCaughtMoving);
    u.flags = f;
    u.shot_streak = (f & kWasShotAt) ? uint8_t(std::min(u.shot_streak + 1, 100)) : 0;
    u.last_cas_in = u.cas_in, u.last_cas_out = u.cas_out, u.last_shot_in = u.shot_in;
    u.cas_in = u.cas_out = u.shot_in = 0;
    u.charge = kNone;
    u.order = u.next_order;
  }
  emit(ev, {"period", "W-SEQ", "Period " + std::to_string(s.period) + " begins", {}, -1, -1});
  // Step 2: the first time within charge reach of an enemy, or first shot at (W-OCC 1).
  for (int id = 0; id < kMaxUnits; ++id) {
    Unit& u = s.u[id];
    if (!u.alive() || u.has(kBroken) || u.has(kTested1)) continue;
    bool reach = u.has(kWasShotAt);
    for (int e = 0; e < kMaxUnits && !reach; ++e)
      if (enemies(id, e) && s.u[e].alive() && in_charge_reach(scn, s, id, e)) reach = true;
    if (!reach) continue;
    u.flags |= kTested1;
    int band = reaction_test(scn, s, id, {Occasion::FirstReach, -1}, rng, ev);
    apply_no_charge_result(scn, s, id, band, ev);
  }
  begin_step(scn, s, Step::Declare, rng, ev);
}

bool enemies(int a, int b) { return a != b && side_of(a) != side_of(b); }
int home_facing(int side) { return side == 0 ? 270 : 90; }

double rect_distance(const Scenario& scn, const State& s, int a, int b) {
  return distance(rect_of(scn, s, a), rect_of(scn, s, b));
}

const UnitSpec& spec_of(const Scenario& scn, int id) { return scn.army[side_of(id)][size_t(index_in_side(id))]; }

int files_now(const Scenario& scn, const State& s, int id) {
  return std::max(1, std::min<int>(spec_of(scn, id).files, s.u[id].figs));
}
int ranks_now(const Scenario& scn, const State& s, int id) {
  int f = files_now(scn, s, id);
  return std::max(1, (s.u[id].figs + f - 1) / f);
}

Rect rect_of(const Scenario& scn, const State& s, int id) {
  const Unit& u = s.u[id];
  Troop t = spec_of(scn, id).troop;
  return Rect{{double(u.x), double(u.y)},
              u.facing,
              double(files_now(scn, s, id) * figure_frontage(t)),
              double(ranks_now(scn, s, id) * figure_depth(t))};
}

int men(const State& s, int id) { return s.u[id].figs * 20 - s.u[id].carried; }
int men_start(const Scenario& scn, int id) { return spec_of(scn, id).files * spec_of(scn, id).ranks * 20; }

bool in_wood(const Scenario& scn, Vec p) {
  for (auto& t : scn.terrain)
    if (t.kind == TerrainKind::Wood && p.x >= t.x0 && p.x <= t.x1 && p.y >= t.y0 && p.y <= t.y1) return true;
  return false;
}
bool on_hill(const Scenario& scn, Vec p) {
  for (auto& t : scn.terrain)
    if (t.kind == TerrainKind::Hill && p.x >= t.x0 && p.x <= t.x1 && p.y >= t.y0 && p.y <= t.y1) return true;
  return false;
}

bool in_charge_reach(const Scenario& scn, const State& s, int id, int e) {
  Rect r = rect_of(scn, s, id), re = rect_of(scn, s, e);
  if (far_apart(r, re, charge_distance(scn, id) + 1)) return false;
  double d = arc_distance(r, re);
  return d >= 0 && d <= charge_distance(scn, id) + 1e-9;
}

int disorder_cessation(const Scenario& scn, const State& s, int id) {
  const Unit& u = s.u[id];
  int n = 0;
  Rect r = rect_of(scn, s, id);
  // Difficult terrain disorders formed troops, not light infantry (I-TERR).
  if (spec_of(scn, id).troop != Troop::LI && in_wood(scn, r.centre())) ++n;
  if (u.has(kCaughtMoving)) ++n;
  // Charged in the flank or rear and not (yet) turned to face: an enemy's front on such an edge.
  for (int e = 0; e < kMaxUnits; ++e) {
    if (!enemies(id, e) || !s.u[e].alive()) continue;
    Rect re = rect_of(scn, s, e);
    if (contact_length(re, r, Edge::Left) > 0 || contact_length(re, r, Edge::Right) > 0 ||
        contact_length(re, r, Edge::Rear) > 0) {
      ++n;
      break;
    }
  }
  return n;
}
int disorder_rally(const State& s, int id) { return s.u[id].has(kDisRally) ? 1 : 0; }

State new_game(const Scenario& scn, Rng& rng, Events* ev) {
  State s = setup(scn);
  begin_period(scn, s, rng, ev);
  return s;
}

State setup(const Scenario& scn) {
  State s;
  for (int side = 0; side < kSides; ++side) {
    s.n[side] = uint8_t(scn.army[side].size());
    for (int k = 0; k < s.n[side]; ++k) {
      const UnitSpec& sp = scn.army[side][size_t(k)];
      Unit& u = s.u[unit_id(side, k)];
      u.flags = kAlive;
      u.x = int16_t(sp.x), u.y = int16_t(sp.y), u.facing = int16_t(norm_facing(sp.facing));
      u.figs = uint8_t(sp.files * sp.ranks);
      u.order = u.next_order = uint8_t(sp.order);
      s.figs_start[side] = uint16_t(s.figs_start[side] + u.figs);
      if (sp.general) s.general[side] = uint8_t(unit_id(side, k));
    }
  }
  s.period = 1;
  s.period_limit = uint8_t(scn.period_limit);
  return s;
}

int to_decide(const State& s) { return s.over() ? -1 : s.side; }

void unit_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out) {
  switch (s.step) {
    case Step::Declare: declare_choices(scn, s, id, out); break;
    case Step::Respond: respond_choices(scn, s, id, out); break;
    case Step::Move: move_choices(scn, s, id, out); break;
    case Step::Orders: order_choices(scn, s, id, out); break;
    case Step::Shoot: shoot_choices(scn, s, id, out); break;
    case Step::Over: break;
  }
}

void legal_actions(const Scenario& scn, const State& s, std::vector<uint32_t>& out) {
  out.clear();
  if (s.over()) return;
  unit_choices(scn, s, s.cursor, out);
}

bool is_legal(const Scenario& scn, const State& s, uint32_t a, std::string* why) {
  if (s.over()) {
    if (why) *why = "the game is over";
    return false;
  }
  std::vector<uint32_t> v;
  legal_actions(scn, s, v);
  if (listed(v, a)) return true;
  if (why) {
    if (unit_of(a) != s.cursor)
      *why = "the commitment asked now is " + unit_name(scn, s.cursor) + "'s, not " + unit_name(scn, unit_of(a)) + "'s";
    else
      *why = "not a choice " + unit_name(scn, s.cursor) + " has in this step";
  }
  return false;
}

void apply(const Scenario& scn, State& s, uint32_t a, Rng& rng, Events* ev) {
  int id = s.cursor;
  s.commit[id] = a;
  Event e{"commit", "§3.5", scn.side_name[side_of(id)] + (plural_name(scn.side_name[side_of(id)]) ? " commit for " : " commits for ") + unit_name(scn, id), {}, id, -1};
  e.side = side_of(id);
  emit(ev, e);
  if (!find_asked(scn, s, index_in_side(id) + 1)) resolve(scn, s, rng, ev);
}

State observe(const State& s, int viewer) {
  State o = s;
  for (int id = 0; id < kMaxUnits; ++id)
    if (side_of(id) != viewer && o.commit[id]) o.commit[id] = kUnknown;
  return o;
}

void determinize(const Scenario& scn, State& s, Rng& rng) {
  std::vector<uint32_t> c;
  for (int id = 0; id < kMaxUnits; ++id) {
    if (s.commit[id] != kUnknown) continue;
    c.clear();
    unit_choices(scn, s, id, c);
    s.commit[id] = c.empty() ? 0u : c[rng.below(uint32_t(c.size()))];
  }
}

}  // namespace bgb::wrg6
