// Shooting (step 9), hand-to-hand (step 10) and casualties (step 11): W-CAS with the weapon and
// tactical factors of W-HWF, W-SWF, W-TF (§3.3), one die per shooting or fighting group (I-RAND),
// who fights and shoots (I-FIGHT), removing figures (I-CAS), shaken (W-SH), recoil and follow-up
// (I-MELEE), and breaking into rout with pursuit (I-ROUT).
#include <algorithm>
#include <cmath>

#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

namespace {
constexpr double kMinTouch = 5;  // a front edge fights what it meets along more than this

// The length along which `id`'s front edge meets any edge of `e`, and which edge.
double front_meets(const Rect& r, const Rect& re, Edge* which = nullptr) {
  double best = 0;
  for (Edge e : {Edge::Front, Edge::Left, Edge::Right, Edge::Rear}) {
    double l = contact_length(r, re, e);
    if (l > best) {
      best = l;
      if (which) *which = e;
    }
  }
  return best;
}

}  // namespace

void front_contacts(const Scenario& scn, const State& s, int id, std::vector<int>& out) {
  out.clear();
  Rect r = rect_of(scn, s, id);
  for (int e = 0; e < kMaxUnits; ++e)
    if (enemies(id, e) && s.u[e].alive() && front_meets(r, rect_of(scn, s, e)) > kMinTouch) out.push_back(e);
}

bool in_contact(const Scenario& scn, const State& s, int id) {
  Rect r = rect_of(scn, s, id);
  for (int e = 0; e < kMaxUnits; ++e)
    if (enemies(id, e) && s.u[e].alive()) {
      Rect re = rect_of(scn, s, e);
      if (!far_apart(r, re, 2) && distance(r, re) <= 1.5) return true;
    }
  return false;
}

int figures_fighting(const Scenario& scn, const State& s, int id, int e) {
  Rect r = rect_of(scn, s, id), re = rect_of(scn, s, e);
  const UnitSpec& sp = spec_of(scn, id);
  int files = files_now(scn, s, id);
  double fw = figure_frontage(sp.troop);
  Edge edge = Edge::Front;
  double len = front_meets(r, re, &edge);
  if (len <= kMinTouch) {
    // Touched only on a flank or the rear: one figure fights back (ours).
    return distance(r, re) <= 1.5 ? 1 : 0;
  }
  // Where along the front edge (from the left corner) the contact lies.
  auto c = r.corners();
  Vec u = (1.0 / r.w) * (c[1] - c[0]);
  auto ce = re.corners();
  double lo = 1e18, hi = -1e18;
  for (Vec p : ce) {
    double t = dot(p - c[0], u);
    lo = std::min(lo, t), hi = std::max(hi, t);
  }
  lo = std::max(lo, 0.0), hi = std::min(hi, r.w);
  int first = std::clamp(int(std::floor((lo + 0.5) / fw)), 0, files - 1);
  int last = std::clamp(int(std::ceil((hi - 0.5) / fw)) - 1, 0, files - 1);
  int n = std::max(0, last - first + 1);
  // One overlapping figure at each end, where the front rank reaches past the contact.
  if (first > 0) ++n;
  if (last < files - 1) ++n;
  n = std::min(n, files);
  // Pikes and long spears fight in two ranks.
  if (sp.melee == Melee::LongSpear && ranks_now(scn, s, id) >= 2) n += std::min(n, s.u[id].figs - files);
  return n;
}

int figures_shooting(const Scenario& scn, const State& s, int id) {
  const UnitSpec& sp = spec_of(scn, id);
  int files = files_now(scn, s, id);
  int n = files;
  // W-TF: shooting over the front rank counts half the figures (foot bows shoot in two ranks).
  if (sp.missile == Missile::FootBow && ranks_now(scn, s, id) >= 2) n += std::min(files, s.u[id].figs - files) / 2;
  return n;
}

void shooting_targets(const Scenario& scn, const State& s, int id, std::vector<int>& out) {
  out.clear();
  Missile m = spec_of(scn, id).missile;
  if (m == Missile::None) return;
  Rect r = rect_of(scn, s, id);
  double best = 1e18;
  std::vector<std::pair<double, int>> cand;
  for (int e = 0; e < kMaxUnits; ++e) {
    if (!enemies(id, e) || !s.u[e].alive()) continue;
    double d = arc_distance(r, rect_of(scn, s, e));
    if (d < 0 || !in_range(m, int(std::ceil(d - 1e-9)))) continue;
    if (in_contact(scn, s, e)) continue;  // no shooting into a melee (ours)
    cand.push_back({d, e});
    best = std::min(best, d);
  }
  // Nearest first; ties (within a pace) all listed for the shooter to choose.
  for (auto& [d, e] : cand)
    if (d <= best + 1) out.push_back(e);
}

int shooting_factors(const Scenario& scn, const State& s, int id, int e) {
  const UnitSpec& sp = spec_of(scn, id), &te = spec_of(scn, e);
  int t = shoot_factor(sp.missile, te.troop);
  if (te.shieldless) t += tactical_value(te.troop == Troop::MI ? Tactical::TargetShieldlessMI : Tactical::TargetShieldless);
  if (disordered(scn, s, id) || s.u[id].has(kShaken)) t += tactical_value(Tactical::ShootersDisordered);
  Rect rt = rect_of(scn, s, e);
  if (s.u[e].has(kCharging) || s.u[e].has(kEvaded) || s.u[e].has(kRetired) || s.u[e].has(kAdvanced) ||
      in_wood(scn, rt.centre()) || in_contact(scn, s, e)) {
    // Moved 40 p or more: every move of the subset but a short advance is; we count any move (ours).
    t += tactical_value(Tactical::TargetMovedOrCover);
  }
  double d = arc_distance(rect_of(scn, s, id), rt);
  if (d >= 0 && is_long_range(sp.missile, int(std::ceil(d - 1e-9)))) t += tactical_value(Tactical::LongRange);
  return t;
}

int melee_factors(const Scenario& scn, const State& s, int id, int e) {
  const Unit& u = s.u[id];
  const UnitSpec& sp = spec_of(scn, id), &ep = spec_of(scn, e);
  bool charging = u.has(kCharging);
  int t = hth_factor(sp.melee, charging, ep.troop);
  Rect r = rect_of(scn, s, id), re = rect_of(scn, s, e);
  // W-TF, §3.3: the +2 line and the +1 charging line do not add; the larger counts.
  bool plus2 = (u.has(kImpetuous) && charging) || (is_mounted(sp.troop) && !is_mounted(ep.troop) && disordered(scn, s, e)) ||
               (u.has(kPursuing) && u.pursue == e) || s.u[e].has(kBroken);
  bool plus1 = charging || u.has(kWasFollowingUp);
  if (plus2) t += tactical_value(Tactical::ImpetuousCharge);
  else if (plus1) t += tactical_value(Tactical::Charging);
  if (sp.melee == Melee::LongSpear && !u.has(kShaken) && !disordered(scn, s, id) && is_mounted(ep.troop) &&
      s.u[e].has(kImpetuous) && s.u[e].has(kCharging))
    t += tactical_value(Tactical::PikesVsImpetuousMounted);
  bool me_up = on_hill(scn, r.centre()), e_up = on_hill(scn, re.centre());
  if (me_up && !e_up) t += tactical_value(Tactical::HigherGround);
  Edge edge = Edge::Front;
  bool flanking = front_meets(r, re, &edge) > kMinTouch && edge != Edge::Front;
  if (ep.shieldless || flanking) t += tactical_value(Tactical::ShieldlessOrFlanked);
  if (sp.melee != Melee::LongSpear && ep.melee == Melee::LongSpear && front_meets(re, r) > kMinTouch)
    t += tactical_value(Tactical::FacingPikes);
  if (u.figs > 0) t += tactical_value(Tactical::ShotPerHalf) * (2 * u.shot_in / u.figs);
  t += tactical_value(Tactical::DisorderPerCause) * (disorder_cessation(scn, s, id) + disorder_rally(s, id));
  if (e_up && !me_up && !s.u[e].has(kCharging)) t += tactical_value(Tactical::EnemyHigherHalted);
  if (u.has(kShaken)) t += tactical_value(Tactical::Shaken);
  return t;
}

bool shaken_by_melee(int received, int inflicted, int figures) {
  return received > 0 && received >= 5 * inflicted && 2 * received >= figures;
}

void remove_casualties(const Scenario& scn, State& s, int id, int cas, Events* ev) {
  Unit& u = s.u[id];
  if (cas <= 0 || !u.alive()) return;
  cas = std::min(cas, men(s, id));  // a unit loses no more men than it has
  int m = std::max(0, men(s, id) - cas);
  int figs = (m + 19) / 20;
  int lost = u.figs - figs;
  u.figs = uint8_t(figs);
  u.carried = uint8_t(figs * 20 - m);
  emit(ev, {"casualties", "I-CAS", unit_name(scn, id) + " loses " + count(cas, "man", "men") + " (" +
                                       count(lost, "figure", "figures") + ")", {}, id, -1});
  if (figs == 0) {
    u.flags &= ~uint32_t(kAlive);
    emit(ev, {"destroyed", "I-CAS", unit_name(scn, id) + " is destroyed", {}, id, -1});
    return;
  }
  // W-SH: below half its starting strength.
  if (2 * m < men_start(scn, id) && !u.has(kShaken)) make_shaken(scn, s, id, ev, "W-SH");
}

void shooting_and_melee(const Scenario& scn, State& s, Rng& rng, Events* ev) {
  int shot[kMaxUnits] = {}, hth[kMaxUnits] = {}, dealt[kMaxUnits] = {};
  // Step 9: every shot is worked out before any casualty is removed (simultaneous).
  for (int id = 0; id < kMaxUnits; ++id) {
    uint32_t a = s.commit[id];
    if (!a || kind_of(a) != Kind::Shoot || !s.u[id].alive() || s.u[id].has(kBroken)) continue;
    int e = arg_of(a);
    int figs = figures_shooting(scn, s, id);
    int f = rng.die();
    int total = shooting_factors(scn, s, id, e) + f + 1;
    int cas = casualties(total, figs);
    shot[e] += cas;
    s.u[e].flags |= kShotAt;
    emit(ev, {"shoot", "W-CAS", unit_name(scn, id) + " shoots at " + unit_name(scn, e) + ": " + count(figs, "figure", "figures") +
                                    ", total " + std::to_string(total) + ", " + count(cas, "casualty", "casualties"),
              {f}, id, e});
  }
  for (int id = 0; id < kMaxUnits; ++id) {
    s.u[id].shot_in = uint16_t(s.u[id].shot_in + shot[id]);
    // W-OCC 4: 2 casualties per figure in one period.
    if (s.u[id].figs > 0 && shot[id] >= 2 * s.u[id].figs) s.u[id].flags |= kFlagHardShot;
  }
  // Step 10: every unit fights each enemy its front meets; a unit touched only elsewhere fights
  // back with one figure; routers do not fight back (I-ROUT).
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!s.u[id].alive() || s.u[id].has(kBroken)) continue;
    Rect r = rect_of(scn, s, id);
    std::vector<int> foes;
    front_contacts(scn, s, id, foes);
    if (foes.empty())
      for (int e = 0; e < kMaxUnits; ++e)
        if (enemies(id, e) && s.u[e].alive() && within(r, rect_of(scn, s, e), 1.5)) {
          foes.push_back(e);
          break;
        }
    for (int e : foes) {
      int figs = figures_fighting(scn, s, id, e);
      if (figs <= 0) continue;
      int f = rng.die();
      int total = melee_factors(scn, s, id, e) + f + 1;
      int cas = casualties(total, figs);
      hth[e] += cas;
      dealt[id] += cas;
      emit(ev, {"melee", "W-CAS", unit_name(scn, id) + " fights " + unit_name(scn, e) + ": " + count(figs, "figure", "figures") +
                                      ", total " + std::to_string(total) + ", " + count(cas, "casualty", "casualties"),
                {f}, id, e});
    }
  }
  // Step 11: casualties removed, shaken by the 5x rule, recoils and follow-ups, breaks.
  bool fought[kMaxUnits] = {};
  int figs_before[kMaxUnits] = {};
  for (int id = 0; id < kMaxUnits; ++id) {
    fought[id] = hth[id] > 0 || dealt[id] > 0;
    figs_before[id] = s.u[id].figs;
    s.u[id].cas_in = uint16_t(s.u[id].cas_in + hth[id]);
    s.u[id].cas_out = uint16_t(s.u[id].cas_out + dealt[id]);
  }
  for (int id = 0; id < kMaxUnits; ++id) remove_casualties(scn, s, id, shot[id] + hth[id], ev);
  for (int id = 0; id < kMaxUnits; ++id) {
    Unit& u = s.u[id];
    if (!u.alive() || !fought[id]) continue;
    // W-SH: at least 5 times what it inflicted, and half a casualty per figure.
    if (shaken_by_melee(hth[id], dealt[id], figs_before[id])) make_shaken(scn, s, id, ev, "W-SH");
  }
  // Routers caught by pursuers and broken units: pursuers take up the chase.
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!s.u[id].alive() || !s.u[id].has(kBroken)) continue;
    Rect r = rect_of(scn, s, id);
    for (int e = 0; e < kMaxUnits; ++e) {
      if (!enemies(id, e) || !s.u[e].alive() || s.u[e].has(kBroken) || s.u[e].has(kPursuing)) continue;
      if (within(r, rect_of(scn, s, e), 1.5)) {
        s.u[e].flags |= kPursuing;
        s.u[e].pursue = uint8_t(id);
      }
    }
  }
  // I-MELEE: who received more than it inflicted recoils, unless its opponent recoils too.
  bool loser[kMaxUnits] = {};
  for (int id = 0; id < kMaxUnits; ++id)
    loser[id] = s.u[id].alive() && !s.u[id].has(kBroken) && fought[id] && hth[id] > dealt[id];
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!loser[id]) continue;
    Unit& u = s.u[id];
    Rect r = rect_of(scn, s, id);
    std::vector<int> winners;
    for (int e = 0; e < kMaxUnits; ++e)
      if (enemies(id, e) && s.u[e].alive() && !s.u[e].has(kBroken) && !loser[e] && within(r, rect_of(scn, s, e), 1.5))
        winners.push_back(e);
    if (winners.empty()) continue;
    int dist = is_mounted(spec_of(scn, id).troop) ? 40 : 20;
    // Straight back: the reversed rectangle runs, then turns to face again.
    Rect back{r.f - r.d * forward(r.facing), norm_facing(r.facing + 180), r.w, r.d};
    State probe = s;
    set_pose(probe, id, back);
    int d = run(scn, probe, id, back.facing, dist, false, false);
    Rect after = rect_of(scn, probe, id);
    Rect again{after.f - after.d * forward(after.facing), r.facing, r.w, r.d};
    set_pose(s, id, again);
    if (!place_ok(scn, s, id, rect_of(scn, s, id), false)) {
      set_pose(s, id, r);
      d = 0;
    }
    u.flags |= kRecoiled | kRetired;
    emit(ev, {"recoil", "I-MELEE", unit_name(scn, id) + (d > 0 ? " recoils " + std::to_string(d) + " p" : " cannot recoil: the way back is blocked"),
              {}, id, -1});
    // The winners follow up (ours: unless on H orders), straight ahead into contact again.
    for (int w : winners) {
      if (Order(s.u[w].order) == Order::H && !s.u[w].has(kImpetuous)) continue;
      std::vector<int> fr;
      front_contacts(scn, s, w, fr);
      bool others = false;
      for (int o : fr)
        if (o != id) others = true;
      if (others) continue;
      int moved = run(scn, s, w, s.u[w].facing, d, false, false);
      if (moved > 0) {
        s.u[w].flags |= kFollowedUp | kAdvanced;
        emit(ev, {"follow-up", "I-MELEE", unit_name(scn, w) + " follows up " + std::to_string(moved) + " p", {}, w, id});
      }
    }
  }
}

}  // namespace bgb::wrg6
