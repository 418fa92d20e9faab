// One-step greedy, generic over a ForwardModel: each legal action is applied to a few
// determinized copies (fresh dice each) and the heuristic value averaged; the best average wins,
// equal averages go to the higher action_prior (so decisions that change nothing by themselves,
// such as giving an order, follow the scripted preferences).
#pragma once
#include <algorithm>
#include <vector>

#include "ai/forward_model.h"
#include "ai/search.h"

namespace bgb::ai {

struct GreedyParams {
  int samples = 4;             // dice / deal samples per action
  double prior_weight = 1e-3;  // tie-break weight of action_prior
  bool determinize = true;
};

template <ForwardModel M>
SearchResult<typename M::Action> greedy_search(const M& m, const typename M::State& root, int root_player,
                                               const GreedyParams& p, Rng& rng) {
  using Action = typename M::Action;
  using State = typename M::State;
  Stopwatch clock;
  typename M::ActionList legal, next;
  State first = root;
  if (p.determinize) m.determinize(first, root_player, rng);
  m.legal_actions(first, legal);
  SearchResult<Action> res;
  std::vector<double> score;
  auto prior = prior_scorer(m, first);
  for (int i = 0; i < legal.size(); ++i) {
    double sum = 0;
    for (int k = 0; k < p.samples; ++k) {
      State s = root;
      if (p.determinize) m.determinize(s, root_player, rng);
      m.apply(s, legal[i], rng, &next);
      sum += state_value(m, s, root_player);
      res.iterations++;
    }
    const double v = sum / double(p.samples);
    res.root.push_back(RootStat<Action>{legal[i], v, long(p.samples)});
    score.push_back(v + p.prior_weight * prior(legal[i]));
  }
  // Best score first (the visit counts are all equal).
  std::vector<int> order(score.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[a] > score[b]; });
  std::vector<RootStat<Action>> sorted;
  for (int i : order) sorted.push_back(res.root[i]);
  res.root = sorted;
  res.seconds = clock.seconds();
  return res;
}

}  // namespace bgb::ai
