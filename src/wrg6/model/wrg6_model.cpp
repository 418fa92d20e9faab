#include "wrg6/model/wrg6_model.h"

#include <algorithm>
#include <cmath>

#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

namespace {

// The nearest live, unbroken enemy of `id` (rectangle distance), or -1.
int nearest_enemy(const Scenario& scn, const State& s, int id, double& dist) {
  int best = -1;
  dist = 1e18;
  Rect r = rect_of(scn, s, id);
  for (int e = 0; e < kMaxUnits; ++e) {
    if (!enemies(id, e) || !s.u[e].alive() || s.u[e].has(kBroken)) continue;
    Rect re = rect_of(scn, s, e);
    // Skipped when surely no nearer than the best so far (the circles about the footprints).
    if (best >= 0 && far_apart(r, re, dist + 0.01)) continue;
    double d = distance(r, re);
    if (d < dist) dist = d, best = e;
  }
  return best;
}

// How a fight between id and e would go for id, as the difference of their factor totals (the
// charger counted as charging): each point is a row of the casualty table.
int melee_edge(const Scenario& scn, const State& s, int id, int e, bool id_charges) {
  State t = s;
  if (id_charges) t.u[id].flags |= kCharging;
  return melee_factors(scn, t, id, e) - melee_factors(scn, t, e, id);
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The men `id` should kill in its next fight with `e` (the mean over the die's faces, I-RAND).
double expected_casualties(const Scenario& scn, const State& s, int id, int e) {
  int figs = figures_fighting(scn, s, id, e);
  if (figs <= 0) return 0;
  int f = melee_factors(scn, s, id, e);
  double sum = 0;
  for (int d = 1; d <= 6; ++d) sum += casualties(f + d, figs);
  return sum / 6;
}

}  // namespace

// The evaluation's weights, in the order of kWrg6FeatureNames: hand-set (before the fit), and
// fitted to arena games by scripts/fit-eval --game wrg6 (data/eval/wrg6-weights.inc).
constexpr double kHandWeights[kWrg6Features] = {2.5, 3.0, 3.0, 0.6, 0.0};
constexpr double kFittedWeights[kWrg6Features] = {
#include "eval/wrg6-weights.inc"
};

void Wrg6Model::features(const State& s, int p, double out[kWrg6Features]) const {
  const Scenario& scn = *scn_;
  double beaten[kSides] = {0, 0}, lost[kSides] = {0, 0}, shaken[kSides] = {0, 0};
  int start_men[kSides] = {0, 0};
  for (int side = 0; side < kSides; ++side) {
    int gone_figs = 0, men_now = 0, n_shaken = 0;
    for (int k = 0; k < s.n[side]; ++k) {
      int id = unit_id(side, k);
      const Unit& u = s.u[id];
      const UnitSpec& sp = spec_of(scn, id);
      start_men[side] += men_start(scn, id);
      if (!u.alive() || u.has(kBroken)) gone_figs += sp.files * sp.ranks;
      if (u.alive()) men_now += men(s, id);
      if (u.alive() && !u.has(kBroken) && (u.has(kShaken) || disordered(scn, s, id))) ++n_shaken;
    }
    beaten[side] = double(gone_figs) / std::max(1.0, s.figs_start[side] / 2.0);
    lost[side] = 1.0 - double(men_now) / std::max(1, start_men[side]);
    shaken[side] = double(n_shaken) / std::max(1, int(s.n[side]));
    if (s.general[side] != kNone && !s.u[s.general[side]].alive()) beaten[side] = 1;
  }
  // The fights under way go on next period: what each side should lose in them, as shares of its men.
  double fight[kSides] = {0, 0};
  std::vector<int> foes;
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!s.u[id].alive() || s.u[id].has(kBroken)) continue;
    front_contacts(scn, s, id, foes);
    for (int e : foes) fight[side_of(e)] += expected_casualties(scn, s, id, e) / std::max(1, start_men[side_of(e)]);
  }
  const int o = 1 - p;
  out[0] = beaten[o] - beaten[p];
  out[1] = lost[o] - lost[p];
  out[2] = fight[o] - fight[p];
  out[3] = shaken[o] - shaken[p];
  // The share of the battle gone: near the period limit a lead is worth less (a draw comes).
  out[4] = out[0] * std::min(1.0, double(s.period) / std::max(1, scn.period_limit));
}

double Wrg6Model::evaluate(const State& s, int p) const {
  double f[kWrg6Features];
  features(s, p, f);
  const double* w = hand_weights ? kHandWeights : kFittedWeights;
  double x = 0;
  for (int i = 0; i < kWrg6Features; ++i) x += w[i] * f[i];
  return logistic(x);
}

// The nearest enemy of a unit and its fight with it, found once for all its choices.
const Wrg6Model::PriorScorer::Near& Wrg6Model::PriorScorer::near(int id) const {
  Near& n = near_[id];
  if (!n.known) {
    n.enemy = nearest_enemy(m_->scn(), *s_, id, n.dist);
    n.known = true;
  }
  return n;
}

int Wrg6Model::PriorScorer::edge(int id) const {
  Near& n = near_[id];
  if (!n.edge_known) {
    n.edge = near(id).enemy < 0 ? 0 : melee_edge(m_->scn(), *s_, id, n.enemy, true);
    n.edge_known = true;
  }
  return n.edge;
}

double Wrg6Model::action_prior(const State& s, Action a) const { return PriorScorer(*this, s)(a); }

double Wrg6Model::PriorScorer::scripted(Action a) const {
  const State& s = *s_;
  const Scenario& scn = m_->scn();
  int id = unit_of(a);
  const UnitSpec& sp = spec_of(scn, id);
  const Near& nr = near(id);
  const double dist = nr.dist;
  const int e = nr.enemy;
  switch (kind_of(a)) {
    case Kind::NoCharge: return 0.5;
    case Kind::Charge: {
      int edge = melee_edge(scn, s, id, arg_of(a), true);
      return std::clamp(0.5 + 0.08 * edge, 0.05, 0.95);
    }
    case Kind::Stand: return 0.5;
    case Kind::Evade: return is_light(sp.troop) ? 0.7 : 0.3;
    case Kind::CounterCharge: {
      int c = -1;
      for (int o = 0; o < kMaxUnits; ++o)
        if (s.u[o].alive() && s.u[o].charge == id) c = o;
      return c < 0 ? 0.4 : std::clamp(0.55 + 0.08 * melee_edge(scn, s, id, c, true), 0.05, 0.95);
    }
    case Kind::Hold: {
      if (e < 0) return 0.2;
      if (is_light(sp.troop) && sp.missile != Missile::None) return dist <= range_of(sp.missile).max ? 0.6 : 0.15;
      // Within charge reach: wait for the charge of the next period.
      if (in_charge_reach(scn, s, id, e) || in_charge_reach(scn, s, e, id)) return 0.65;
      return 0.25;
    }
    case Kind::Advance: {
      if (e < 0) return 0.3;
      double q = arg_of(a) / 4.0;
      int allowance = std::max(1, normal_allowance(scn, s, id));
      if (is_light(sp.troop) && sp.missile != Missile::None) {
        // Skirmishers close to their range and no nearer.
        double want = dist - (range_of(sp.missile).max - 5);
        if (want <= 0) return 0.1;
        double step = allowance * q;
        return 0.4 + 0.3 * std::min(step, want) / allowance - 0.5 * std::max(0.0, step - want) / allowance;
      }
      // Formed troops close in, more eagerly when they would win the fight.
      return std::clamp(0.45 + 0.05 * edge(id) + 0.1 * q, 0.05, 0.9);
    }
    case Kind::WheelLeft:
    case Kind::WheelRight: {
      if (e < 0) return 0.1;
      Rect r = rect_of(scn, s, id);
      Vec to = rect_of(scn, s, e).centre() - r.f;
      double side = cross(forward(r.facing), to);  // > 0: the enemy is to the left
      bool toward = (kind_of(a) == Kind::WheelLeft) == (side > 0);
      double ahead = dot(forward(r.facing), to) / std::max(1.0, length(to));
      return toward && ahead < 0.92 ? 0.75 : 0.1;
    }
    case Kind::TurnLeft:
    case Kind::TurnRight:
    case Kind::TurnAbout: {
      if (e < 0) return 0.05;
      Rect r = rect_of(scn, s, id);
      Vec to = rect_of(scn, s, e).centre() - r.f;
      int f = kind_of(a) == Kind::TurnLeft ? 90 : kind_of(a) == Kind::TurnRight ? -90 : 180;
      double facing_it = dot(forward(r.facing + f), to) / std::max(1.0, length(to));
      double now = dot(forward(r.facing), to) / std::max(1.0, length(to));
      return facing_it > now + 0.5 ? 0.7 : 0.05;
    }
    case Kind::Retire: {
      if (e < 0) return 0.05;
      // Light troops keep out of the reach of heavier foot and horse.
      if (is_light(sp.troop) && !is_light(spec_of(scn, e).troop) && in_charge_reach(scn, s, e, id)) return 0.7;
      return 0.1;
    }
    case Kind::KeepOrder: return 0.6;
    case Kind::NewOrder: {
      Order o = Order(arg_of(a));
      if (e < 0) return 0.1;
      if (o == Order::A) return std::clamp(0.45 + 0.05 * edge(id), 0.05, 0.8);
      if (o == Order::S && is_light(sp.troop)) return 0.55;
      return 0.1;
    }
    case Kind::HoldFire: return 0.1;
    case Kind::Shoot: return 0.9;
  }
  return 0.1;
}

double Wrg6Model::PriorScorer::cautious(Action a) const {
  const State& s = *s_;
  const Scenario& scn = m_->scn();
  const int id = unit_of(a);
  const UnitSpec& sp = spec_of(scn, id);
  const double base = scripted(a);
  // Skirmishers already keep their distance.
  if (is_light(sp.troop)) return base;
  const int e = near(id).enemy;
  if (e < 0) return base;
  switch (kind_of(a)) {
    case Kind::Charge: return melee_edge(scn, s, id, arg_of(a), true) >= 2 ? base : 0.05;
    case Kind::Advance: return 0.2;
    case Kind::Hold: return std::max(base, 0.5);
    case Kind::Retire:  // out of the reach of a charge the enemy would win
      return in_charge_reach(scn, s, e, id) && melee_edge(scn, s, e, id, true) > 0 ? 0.7 : 0.1;
    case Kind::NewOrder: return Order(arg_of(a)) == Order::H ? 0.7 : 0.05;
    default: return base;
  }
}

uint32_t Wrg6Model::draw(const State& s, const std::vector<uint32_t>& c, Rng& rng) const {
  if (c.size() == 1) return c[0];
  double w[64];
  const size_t n = std::min<size_t>(c.size(), 64);
  double total = 0;
  PriorScorer prior(*this, s);
  for (size_t i = 0; i < n; ++i) total += w[i] = std::exp(6.0 * prior(c[i]));
  double x = double(rng.below(1u << 30)) / double(1u << 30) * total;
  size_t pick = 0;
  while (pick + 1 < n && x >= w[pick]) x -= w[pick++];
  return c[pick];
}

void Wrg6Model::determinize(State& s, int, Rng& rng) const {
  // Each hidden commitment: a softmax draw over the unit's choices by their priors, so the other
  // side is guessed as a plausible player rather than a random one.
  std::vector<uint32_t> c;
  for (int id = 0; id < kMaxUnits; ++id) {
    if (s.commit[id] != kUnknown) continue;
    c.clear();
    unit_choices(*scn_, s, id, c);
    s.commit[id] = c.empty() ? 0 : draw(s, c, rng);
  }
}

}  // namespace bgb::wrg6
