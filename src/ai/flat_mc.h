// Determinized flat Monte Carlo, generic over a ForwardModel: every root action is tried in
// playouts (UCB1 spreads them), each playout re-deals the hidden information, re-rolls the
// dice, plays the guided rollout policy to the horizon (end of the turn) and evaluates.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include "ai/forward_model.h"
#include "ai/policy.h"
#include "ai/search.h"

namespace bgb::ai {

struct FlatMcParams {
  double c_ucb = 0.5;
  bool determinize = true;
  int horizon = 1;  // turns looked through (1: to the end of the current turn)
  RolloutParams rollout{6, 10, 40};
};

template <ForwardModel M>
SearchResult<typename M::Action> flat_mc_search(const M& m, const typename M::State& root, int root_player,
                                                const SearchBudget& budget, const FlatMcParams& p, Rng& rng) {
  using Action = typename M::Action;
  using State = typename M::State;
  typename M::ActionList legal;
  Stopwatch clock;
  State first = root;
  if (p.determinize) m.determinize(first, root_player, rng);
  m.legal_actions(first, legal);
  const uint64_t horizon_end = m.horizon_key(first) + uint64_t(std::max(1, p.horizon));
  const int n = legal.size();
  std::vector<double> w(n, 0.0);
  std::vector<long> cnt(n, 0);
  long it = 0;
  typename M::ActionList next;
  for (;;) {
    if (budget.iters > 0 && it >= budget.iters) break;
    if (budget.ms > 0 && (it & 15) == 0 && it > 0 && clock.seconds() * 1000.0 >= budget.ms) break;
    if ((it & 15) == 0 && it > 0 && stopping()) break;
    if (budget.unlimited() && it >= 200) break;
    if (n == 0) break;
    int pick = 0;
    if (it < n) {
      pick = int(it);
    } else {
      double best = -1e300;
      for (int i = 0; i < n; ++i) {
        double u = w[i] / double(cnt[i]) + p.c_ucb * std::sqrt(std::log(double(it)) / double(cnt[i]));
        if (u > best) best = u, pick = i;
      }
    }
    State s = root;
    if (p.determinize) m.determinize(s, root_player, rng);
    m.apply(s, legal[pick], rng, &next);
    if (!m.is_terminal(s) && m.horizon_key(s) < horizon_end && next.size() > 0) rollout(m, s, next, horizon_end, rng, p.rollout);
    w[pick] += state_value(m, s, root_player);
    cnt[pick]++;
    ++it;
  }
  SearchResult<Action> res;
  for (int i = 0; i < n; ++i) res.root.push_back(RootStat<Action>{legal[i], cnt[i] ? w[i] / double(cnt[i]) : 0.5, cnt[i]});
  sort_root(res.root);
  res.iterations = it;
  res.seconds = clock.seconds();
  return res;
}

}  // namespace bgb::ai
