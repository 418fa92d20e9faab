#include "quinn/model/quinn_model.h"

#include <algorithm>
#include <cmath>

#include "quinn/rules_internal.h"

namespace bgb::quinn {

namespace {

double centre_distance(const State& s, int a, int b) {
  const double dx = inches(s.stand[a].x - s.stand[b].x), dy = inches(s.stand[a].y - s.stand[b].y);
  return std::sqrt(dx * dx + dy * dy);
}

// The nearest live enemy of stand id, and its distance.
int nearest_enemy(const State& s, int id, double& dist) {
  const int e = 1 - side_of(id);
  int best = -1;
  dist = 1e9;
  for (int k = 0; k < s.count[e]; ++k) {
    const int j = stand_id(e, k);
    if (!s.stand[j].alive()) continue;
    const double d = centre_distance(s, id, j);
    if (d < dist) dist = d, best = j;
  }
  return best;
}

// Where point p lies around stand d's footprint r, as a charge from there would land (I-FLANK):
// ahead of the front edge within the 45-degree lines from its front corners, behind the rear
// edge within the same lines, or else on a flank. A guess from the centres: the charger may
// still wheel, but not around the stand it faces.
Aspect zone_of(const Rect& r, Vec p) {
  const Vec rel = p - r.c;
  const double f = dot(rel, forward(r.h)), l = std::fabs(dot(rel, left_of(r.h)));
  if (f >= r.d / 2 && l <= f - r.d / 2 + r.w / 2) return Aspect::Front;
  if (f <= -r.d / 2 && l <= -f - r.d / 2 + r.w / 2) return Aspect::Rear;
  return Aspect::Flank;
}

// The share of side's break point it has lost (I-WIN): the game is decided by these.
double loss_share(const State& s, int side) { return double(s.losses[side]) / std::max<int>(1, s.break_point[side]); }

// Locked fights under way: each pair fights again; its expected worth to p's side, as shares of
// the break point of the side that would lose the stand.
double locked_worth(const Scenario& scn, const State& s, int p) {
  double locked = 0;
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = stand_id(side, k);
      const Stand& st = s.stand[id];
      if (!st.alive() || !st.locked()) continue;
      for (uint8_t l : st.lock) {
        if (l == kNone || !s.stand[l].alive()) continue;
        const double w = melee_worth(melee_mods(scn, s, id, l, true).sum());
        locked += (side == p ? w : -w) / std::max<int>(1, s.break_point[side == p ? 1 - p : p]);
      }
    }
  return locked;
}

}  // namespace

double QuinnModel::charge_guess(const State& s, int a, Vec at, int d, const Rect& dr, int sup_a, int sup_d) const {
  const Profile& pa = profile_of(*scn_, a);
  const Profile& pd = profile_of(*scn_, d);
  int m = basic_melee(pa.melee, pd.melee) + (in_rough(*scn_, s, a) ? rough_mod(pa.melee) : 0) -
          (in_rough(*scn_, s, d) ? rough_mod(pd.melee) : 0) - sup_d;
  if (zone_of(dr, at) != Aspect::Front) m += flank_bonus(pd.melee);
  // The charger's own ranks count only if they follow it up (I-WHEN): half the time.
  return 0.5 * (melee_worth(m) + melee_worth(m + sup_a));
}

void QuinnModel::exposure(const State& s, int id, const Rect& r, double& opportunity, double& danger) const {
  opportunity = danger = 0;
  const int e = 1 - side_of(id);
  const double my_reach = inches(profile_of(*scn_, id).rate) + 1.5;
  for (int k = 0; k < s.count[e]; ++k) {
    const int j = stand_id(e, k);
    const Stand& sj = s.stand[j];
    if (!sj.alive()) continue;
    const Vec pj{inches(sj.x), inches(sj.y)};
    const Vec rel = pj - r.c;
    const double d2 = dot(rel, rel);
    const double their_reach = inches(profile_of(*scn_, j).rate) + 1.5;
    const bool ours = d2 <= my_reach * my_reach, theirs = !sj.locked() && d2 <= their_reach * their_reach;
    if (!ours && !theirs) continue;
    const int sup_j = support(*scn_, s, j);  // its ranks: against our charge, and behind its own
    if (ours) opportunity = std::max(opportunity, charge_guess(s, id, r.c, j, rect_of(*scn_, s, j), 0, sup_j));
    if (theirs) danger = std::max(danger, charge_guess(s, j, pj, id, r, sup_j, 0));
  }
}

double melee_worth(int m) {
  static const double kWorth[6] = {-1.0, -0.3, 0.0, 0.3, 0.6, 1.0};
  double sum = 0;
  for (int die = 1; die <= 10; ++die) sum += kWorth[int(attack_result(die + m))];
  return sum / 10.0;
}

void QuinnModel::legal_actions(const State& s, ActionList& out) const {
  if (s.decision == Decision::Activate && s.activated == 0 && pass_first == false) {
    // Ending a movement phase before any activation is never better than activating a command
    // and holding it, which stays open: a search that may pass at once learns to sit out of reach
    // and gives the other side the first charge (play-test, notes/quinn-playtest.md).
    quinn::legal_actions(*scn_, s, out.v);
    if (out.v.size() > 1 && kind_of(out.v[0]) == Kind::EndPhase) out.v.erase(out.v.begin());
    return;
  }
  if (s.decision != Decision::Act) {
    quinn::legal_actions(*scn_, s, out.v);
    return;
  }
  out.v.clear();
  int next = -1;
  double best = 1e300;
  for (int k = 0; k < s.count[s.side]; ++k) {
    const int id = stand_id(s.side, k);
    const Stand& st = s.stand[id];
    if (!st.alive() || (st.flags & kActed) || s.command_of[id] != s.active_cmd) continue;
    double d = 0;
    nearest_enemy(s, id, d);
    if (d < best) best = d, next = id;
  }
  if (next >= 0) stand_legal_actions(*scn_, s, next, out.v);
  macro_legal_actions(*scn_, s, out.v);
  out.v.push_back(make(Kind::EndActivation));
}

namespace {
// The weights of the careful evaluation (kQuinnFeatureNames), fitted by scripts/fit-eval.
constexpr double kWeights[kQuinnFeatures] = {
#include "eval/quinn-weights.inc"
};
}  // namespace

void QuinnModel::features(const State& s, int p, double out[kQuinnFeatures]) const {
  const int o = 1 - p;
  const double mine = loss_share(s, p), theirs = loss_share(s, o);
  out[0] = theirs - mine;
  out[1] = locked_worth(*scn_, s, p);
  int sup[kMaxStands] = {};
  Rect rect[kMaxStands];
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = stand_id(side, k);
      if (!s.stand[id].alive()) continue;
      sup[id] = support(*scn_, s, id);
      rect[id] = rect_of(*scn_, s, id);
    }
  // Each free stand's best charge on an enemy within its rate, guessed from where both stand
  // (class against class, rough, the defender's ranks, the flank or rear it would strike: a
  // stand that shows its flank to enemy horse is in danger), as shares of the defender's break
  // point. The side that moves next is the phasing side, or in a fire phase the side firing (its
  // movement phase follows, Q-TURN-2).
  const int mover = s.side;
  double t[kSides] = {0, 0};
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int a = stand_id(side, k);
      const Stand& sa = s.stand[a];
      if (!sa.alive() || sa.locked()) continue;
      const double reach = inches(profile_of(*scn_, a).rate) + 1.5;
      double best = 0;
      const int e = 1 - side;
      for (int j = 0; j < s.count[e]; ++j) {
        const int d = stand_id(e, j);
        if (!s.stand[d].alive()) continue;
        const Vec rel = rect[d].c - rect[a].c;
        if (dot(rel, rel) > reach * reach) continue;
        best = std::max(best, charge_guess(s, a, rect[a].c, d, rect[d], sup[a], sup[d]));
      }
      t[side] += best / std::max<int>(1, s.break_point[e]);
    }
  out[2] = p == mover ? t[p] : -t[o];
  out[3] = p == mover ? -t[o] : t[p];
  out[4] = p == mover ? 1.0 : -1.0;
  out[5] = theirs * theirs - mine * mine;
}

double QuinnModel::evaluate(const State& s, int p) const {
  if (careful) {
    double f[kQuinnFeatures];
    features(s, p, f);
    double z = 0;
    for (int i = 0; i < kQuinnFeatures; ++i) z += kWeights[i] * f[i];
    return 1.0 / (1.0 + std::exp(-std::clamp(z, -30.0, 30.0)));
  }
  // Before careful play (legacy=1, and the scripted expert's explanation):
  const int o = 1 - p;
  double x = 3.0 * (loss_share(s, o) - loss_share(s, p)) + 0.5 * locked_worth(*scn_, s, p);
  if (threats) {
    // Each free stand's best charge on an enemy within its rate (class against class and rough
    // only: a cheap stand-in for the melee it could bring about), the side about to move counted
    // in full and the other at half, as shares of the defender's break point.
    // The side that moves next: the phasing side, or in a fire phase the side firing (its
    // movement phase follows, Q-TURN-2).
    const int mover = s.side;
    double t[kSides] = {0, 0};
    for (int side = 0; side < kSides; ++side)
      for (int k = 0; k < s.count[side]; ++k) {
        const int a = stand_id(side, k);
        const Stand& sa = s.stand[a];
        if (!sa.alive() || sa.locked()) continue;
        const Profile& pa = profile_of(*scn_, a);
        const double reach = inches(pa.rate) + 1.5;
        double best = 0;
        const int e = 1 - side;
        for (int j = 0; j < s.count[e]; ++j) {
          const int d = stand_id(e, j);
          if (!s.stand[d].alive()) continue;
          const double dx = inches(s.stand[d].x - sa.x), dy = inches(s.stand[d].y - sa.y);
          if (dx * dx + dy * dy > reach * reach) continue;
          const Profile& pd = profile_of(*scn_, d);
          const int m = basic_melee(pa.melee, pd.melee) + (in_rough(*scn_, s, a) ? rough_mod(pa.melee) : 0) -
                        (in_rough(*scn_, s, d) ? rough_mod(pd.melee) : 0);
          best = std::max(best, melee_worth(m));
        }
        t[side] += best / std::max<int>(1, s.break_point[e]) * (side == mover ? 1.0 : 0.5);
      }
    x += threat_weight * (t[p] - t[o]);
  }
  return 0.5 + 0.5 * std::tanh(x);
}

double QuinnModel::action_prior(const State& s, Action a) const {
  const Scenario& scn = *scn_;
  const int id = stand_of(a);
  switch (kind_of(a)) {
    case Kind::Charge: {
      Pose p;
      if (!charge_pose(scn, s, id, target_of(a), edge_of(a), offset_of(a), p)) return 0;
      State after = s;
      detail::set_pose(after, id, p.x, p.y, p.h);
      return 1.0 + melee_worth(melee_mods(scn, after, id, target_of(a), false).sum());
    }
    case Kind::LockTarget: return 1.0 + melee_worth(melee_mods(scn, s, id, target_of(a), true).sum());
    case Kind::Fire: return 1.5 + 0.1 * volley_mod(scn, target_of(a), 1);
    case Kind::HoldFire: return 0.1;
    case Kind::Move: {
      Pose p;
      if (!template_pose(scn, s, id, template_of(a), p)) return 0;
      double before = 0, after = 0;
      const int e = nearest_enemy(s, id, before);
      if (e < 0) return 0.4;
      const double dx = inches(p.x) - inches(s.stand[e].x), dy = inches(p.y) - inches(s.stand[e].y);
      after = std::sqrt(dx * dx + dy * dy);
      // Closing in is worth what it gains, most for stands that fight; shooters keep their range.
      const Profile& pr = profile_of(scn, id);
      const double gain = (before - after) / std::max(1.0, inches(pr.rate));
      // Careful: where the move ends, the best charge the stand could make next against the best
      // charge an enemy could make on it first (the other side moves next).
      double safety = 0;
      if (careful) {
        double opp = 0, danger = 0;
        exposure(s, id, Rect{{inches(p.x), inches(p.y)}, p.h, inches(pr.width), inches(pr.depth)}, opp, danger);
        safety = 0.3 * (0.5 * opp - danger);
      }
      if (pr.range() > 0) {
        const double want = inches(pr.range()) * 0.8;
        return 0.5 + safety + 0.3 * (std::fabs(before - want) - std::fabs(after - want)) / std::max(1.0, inches(pr.rate));
      }
      return 0.5 + safety + 0.3 * gain;
    }
    case Kind::Advance: return 0.75;
    case Kind::Hold: return 0.35;
    case Kind::Disengage: return 0.45;
    case Kind::EndActivation: return 0.3;
    case Kind::EndPhase: return 0.2;
    case Kind::Activate: return 0.6;
    case Kind::MoveTo: return 0.3;
    case Kind::Spread: return 0.5;
    case Kind::Disband: return 0.4;
    case Kind::Decline: return 0.3;
    case Kind::Wheel: return 0.55;
  }
  return 0.3;
}

}  // namespace bgb::quinn
