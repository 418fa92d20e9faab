// Determinized flat Monte Carlo, generic over a ForwardModel: every root action is tried in
// playouts (UCB1 spreads them), each playout re-deals the hidden information, re-rolls the
// dice, plays the guided rollout policy to the horizon (end of the turn) and evaluates.
#pragma once
#include <algorithm>
#include <cmath>
#include <mutex>
#include <thread>
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
  // Common random numbers: every root action is played in each round on the same deal and the
  // same generator, so their values differ by the action and less by the dice. With keep > 0 the
  // best-prior action stands unless another beats it, paired round by round, by more than keep
  // standard errors of the mean difference.
  bool paired = false;
  double keep = 0;
  // Parallel rollouts (with paired): each root action is played out with the root player's own
  // later decisions in each of the model's first `styles` styles of play (base policies: the
  // scripted player, a cautious one ...), the other side's in the model's own; an action is worth
  // its best style. One step of policy improvement over several base policies is no worse than
  // over each of them (Chang, Givan and Chong 2004), and a plan one base policy never plays (hold
  // back for the draw) gets its value.
  int styles = 1;
};

namespace detail {

// flat_mc_search with FlatMcParams::paired: rounds of one playout per root action, each round on
// its own seed; budget.threads threads share the rounds.
template <ForwardModel M>
SearchResult<typename M::Action> paired_flat_mc(const M& m, const typename M::State& root, int root_player,
                                                const SearchBudget& budget, const FlatMcParams& p, Rng& rng,
                                                const typename M::ActionList& legal, uint64_t horizon_end,
                                                const Stopwatch& clock) {
  using Action = typename M::Action;
  using State = typename M::State;
  const int n = legal.size();
  const int k_styles = std::clamp(p.styles, 1, styles_of(m));
  // The action the search must beat: the best prior, on the position as the player sees it.
  int plain = 0;
  {
    auto score = prior_scorer(m, root);
    double top = -1e300;
    for (int i = 0; i < n; ++i)
      if (const double v = score(legal[i]); v > top) top = v, plain = i;
  }
  // Rounds are handed out in order, each with the next seed of rng, to budget.threads workers; the
  // values are then summed in the rounds' order, so a budget in iterations gives the same result
  // on any number of threads.
  std::mutex lock;
  long claimed = 0;
  auto claim = [&](uint64_t& seed) -> long {
    std::lock_guard<std::mutex> g(lock);
    const long it = claimed * long(n) * k_styles;
    if (n <= 1) return -1;
    if (budget.iters > 0 && it >= budget.iters) return -1;
    if (budget.ms > 0 && claimed > 0 && clock.seconds() * 1000.0 >= budget.ms) return -1;
    if (claimed > 0 && stopping()) return -1;
    if (budget.unlimited() && it >= 200) return -1;
    seed = rng.next();
    return claimed++;
  };
  struct Round {
    long k;
    std::vector<double> v;
  };
  const int threads = std::max(1, budget.threads);
  std::vector<std::vector<Round>> done(static_cast<size_t>(threads));
  auto work = [&](int t) {
    typename M::ActionList next;
    uint64_t seed = 0;
    for (long k; (k = claim(seed)) >= 0;) {
      Round rd{k, std::vector<double>(size_t(n) * size_t(k_styles))};
      RolloutParams rp = p.rollout;
      rp.style_player = root_player;
      for (int i = 0; i < n; ++i)
        for (int st = 0; st < k_styles; ++st) {
          Rng r(seed);
          State s = root;
          if (p.determinize) m.determinize(s, root_player, r);
          m.apply(s, legal[i], r, &next);
          rp.style = st;
          if (!m.is_terminal(s) && m.horizon_key(s) < horizon_end && next.size() > 0) rollout(m, s, next, horizon_end, r, rp);
          rd.v[size_t(i * k_styles + st)] = state_value(m, s, root_player);
        }
      done[size_t(t)].push_back(std::move(rd));
    }
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  std::vector<const std::vector<double>*> by_round(size_t(claimed), nullptr);
  for (const auto& list : done)
    for (const Round& rd : list) by_round[size_t(rd.k)] = &rd.v;
  // Each action in its best style (by the sum over the rounds; the first of equals).
  const long rounds = claimed, it = claimed * long(n) * k_styles;
  std::vector<double> ws(size_t(n) * size_t(k_styles), 0.0);
  for (const std::vector<double>* vp : by_round)
    for (size_t j = 0; j < ws.size(); ++j) ws[j] += (*vp)[j];
  std::vector<int> style(n, 0);
  for (int i = 0; i < n; ++i)
    for (int st = 1; st < k_styles; ++st)
      if (ws[size_t(i * k_styles + st)] > ws[size_t(i * k_styles + style[i])]) style[i] = st;
  std::vector<double> w(n, 0.0), d(n, 0.0), d2(n, 0.0);
  for (const std::vector<double>* vp : by_round) {
    const std::vector<double>& v = *vp;
    const double vp0 = v[size_t(plain * k_styles + style[plain])];
    for (int i = 0; i < n; ++i) {
      const double vi = v[size_t(i * k_styles + style[i])];
      w[i] += vi;
      d[i] += vi - vp0;
      d2[i] += (vi - vp0) * (vi - vp0);
    }
  }
  SearchResult<Action> res;
  for (int i = 0; i < n; ++i) res.root.push_back(RootStat<Action>{legal[i], rounds ? w[i] / double(rounds) : 0.5, rounds});
  // Standard error of each action's mean difference from the plain one.
  auto clear_gain = [&](int i) {
    if (rounds < 2) return false;
    const double mean = d[i] / double(rounds);
    const double var = std::max(0.0, d2[i] / double(rounds) - mean * mean) * double(rounds) / double(rounds - 1);
    return mean > p.keep * std::sqrt(var / double(rounds)) && mean > 0;
  };
  sort_root(res.root);
  if (p.keep > 0 && n > 1) {
    // The best action unless it is not clearly better than the plain one; then the plain one.
    int top = 0;
    while (top < n && res.root[size_t(top)].action != legal[plain]) ++top;
    int best_i = 0;
    while (best_i < n && legal[best_i] != res.root[0].action) ++best_i;
    if (top < n && top > 0 && !clear_gain(best_i)) std::rotate(res.root.begin(), res.root.begin() + top, res.root.begin() + top + 1);
  }
  res.iterations = it;
  res.seconds = clock.seconds();
  return res;
}

}  // namespace detail

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
  if (p.paired) return detail::paired_flat_mc(m, root, root_player, budget, p, rng, legal, horizon_end, clock);
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
