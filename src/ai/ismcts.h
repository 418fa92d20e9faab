// Information-Set MCTS, open loop, generic over a ForwardModel (no game knowledge here).
//
// Each iteration starts from the root observation, re-deals what the root player cannot see
// (determinize), and walks a tree keyed by action sequences; chance is re-rolled by the Rng on
// every apply, so a node stands for "these decisions were taken", whatever the dice said.
// - Selection: UCT with availability counts (an edge's parent count is the number of iterations
//   in which its action was legal), rewards stored per edge for the player who chose it.
// - Progressive widening: a node visited v times considers at most ceil(k * v^alpha) of the
//   actions, added best action_prior() first (a tournament among a sample on large lists).
// - Horizon: the end of the current turn, or of the opponent's reply and beyond (horizon > 1).
// - Leaves: a guided rollout to the horizon and on through rollout_turns more turns (the
//   opponent's reply and the side's next turn by default), then evaluate().
// Root parallelisation: independent trees, merged at the root by action.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "ai/forward_model.h"
#include "ai/policy.h"
#include "ai/search.h"

namespace bgb::ai {

struct IsmctsParams {
  double c_uct = 0.1;        // exploration constant: evaluations differ by hundredths (docs/strength.md)
  double pw_k = 1.5;         // progressive widening: children allowed = ceil(pw_k * visits^pw_alpha)
  double pw_alpha = 0.5;
  int expand_sample = 24;    // widening picks the best prior among this many untried actions
  int max_depth = 48;        // tree decisions per iteration at most
  bool determinize = true;   // false: the root state is the true state (the cheating bot)
  int horizon = 1;           // turns searched through: 1 = this turn, 2 = also the opponent's reply
  // The leaf rollout plays on this many turns past the horizon: 2 plays the opponent's reply and
  // the side's own next turn, so closing in is valued by the attacks it allows (docs/strength.md).
  int rollout_turns = 2;
  bool stop_when_decided = true;  // stop once the budget left cannot change the most-visited action
  RolloutParams rollout{6, 10, 100};  // two turns take about 20-60 decisions
  // Progressive bias (Chaslot et al. 2008): an edge's score also gets prior_bias x its action's
  // prior / (visits + 1), so that where the values cannot yet tell the children apart the search
  // follows the priors, and the term fades as visits grow. 0: off (C&C's searches).
  double prior_bias = 0;
};

template <ForwardModel M>
class IsmctsTree {
 public:
  using State = typename M::State;
  using Action = typename M::Action;
  using List = typename M::ActionList;

  struct Edge {
    Action a;
    int child = -1;
    long n = 0;
    long avail = 0;
    double w = 0;
    double prior = 0;  // action_prior() when the edge was added (kept only with prior_bias)
  };
  struct Node {
    std::vector<Edge> edges;  // sorted by action
    long visits = 0;
  };

  IsmctsTree(const M& m, const IsmctsParams& p) : m_(m), p_(p) { nodes_.emplace_back(); }

  const Node& root() const { return nodes_[0]; }
  size_t size() const { return nodes_.size(); }

  // One iteration from `root` (an observation of root_player, or the true state).
  void iterate(const State& root, int root_player, Rng& rng) {
    State s = root;
    if (p_.determinize) m_.determinize(s, root_player, rng);
    m_.legal_actions(s, legal_);
    const uint64_t horizon_end = m_.horizon_key(s) + uint64_t(std::max(1, p_.horizon));
    struct Step {
      int node, edge, player;
    };
    Step path[128];
    int depth = 0;
    int node = 0;
    bool expanded = false;
    while (!expanded && depth < p_.max_depth && depth < 128 && legal_.size() > 0 && !m_.is_terminal(s) &&
           m_.horizon_key(s) < horizon_end) {
      const int player = m_.current_player(s);
      nodes_[node].visits++;
      const int e = select(node, s, rng, expanded);
      path[depth++] = Step{node, e, player};
      const Action a = nodes_[node].edges[e].a;
      m_.apply(s, a, rng, &legal_);
      if (!expanded) {
        int child = nodes_[node].edges[e].child;
        if (child < 0) {
          child = int(nodes_.size());
          nodes_[node].edges[e].child = child;
          nodes_.emplace_back();
        }
        node = child;
      }
    }
    const uint64_t rollout_end = horizon_end + uint64_t(std::max(0, p_.rollout_turns));
    rollout(m_, s, legal_, rollout_end, rng, p_.rollout);  // plays nothing at an end or past rollout_end
    const double v0 = state_value(m_, s, 0);
    for (int i = 0; i < depth; ++i) {
      Edge& ed = nodes_[path[i].node].edges[path[i].edge];
      ed.n++;
      ed.w += path[i].player == 0 ? v0 : 1.0 - v0;
    }
  }

  // Root statistics, unsorted.
  std::vector<RootStat<Action>> root_stats() const {
    std::vector<RootStat<Action>> out;
    for (const Edge& e : nodes_[0].edges)
      out.push_back(RootStat<Action>{e.a, e.n > 0 ? e.w / double(e.n) : 0.5, e.n});
    return out;
  }

  // Exposed for tests: the number of children a node with `visits` visits may consider.
  static long widening_limit(const IsmctsParams& p, long visits) {
    return std::max(1L, long(std::ceil(p.pw_k * std::pow(double(std::max(visits, 1L)), p.pw_alpha))));
  }
  // Exposed for tests: the UCT score of an edge whose action was available `avail` times.
  static double uct(double w, long n, long avail, double c) {
    if (n <= 0) return 1e9;
    return w / double(n) + c * std::sqrt(std::log(double(std::max(avail, 1L))) / double(n));
  }

 private:
  // Chooses the edge to follow at `node` among the legal actions of s; may add one (expanded).
  int select(int node, const State& s, Rng& rng, bool& expanded) {
    std::vector<Edge>& edges = nodes_[node].edges;
    untried_.clear();
    int available = 0;
    for (int i = 0; i < legal_.size(); ++i) {
      const Action a = legal_[i];
      auto it = std::lower_bound(edges.begin(), edges.end(), a, [](const Edge& e, const Action& x) { return e.a < x; });
      if (it != edges.end() && it->a == a) {
        it->avail++;
        ++available;
      } else {
        untried_.push_back(i);
      }
    }
    const long limit = widening_limit(p_, nodes_[node].visits);
    if (!untried_.empty() && (available == 0 || available < limit)) {
      int pick = untried_[0];
      double best = -1e300;
      const int nu = int(untried_.size());
      auto prior = prior_scorer(m_, s);
      if (nu <= p_.expand_sample) {
        for (int i : untried_) {
          double v = prior(legal_[i]);
          if (v > best) best = v, pick = i;
        }
      } else {
        for (int k = 0; k < p_.expand_sample; ++k) {
          int i = untried_[rng.below(uint32_t(nu))];
          double v = prior(legal_[i]);
          if (v > best) best = v, pick = i;
        }
      }
      const Action a = legal_[pick];
      auto it = std::lower_bound(edges.begin(), edges.end(), a, [](const Edge& e, const Action& x) { return e.a < x; });
      Edge ne;
      ne.a = a;
      ne.avail = 1;
      if (p_.prior_bias > 0) ne.prior = best;  // the winner of the tournament above
      it = edges.insert(it, ne);
      expanded = true;
      return int(it - edges.begin());
    }
    int best_e = -1;
    double best_u = -1e300;
    for (int i = 0; i < legal_.size(); ++i) {
      auto it = std::lower_bound(edges.begin(), edges.end(), legal_[i], [](const Edge& e, const Action& x) { return e.a < x; });
      if (it == edges.end() || !(it->a == legal_[i])) continue;
      double u = uct(it->w, it->n, it->avail, p_.c_uct);
      if (p_.prior_bias > 0) u += p_.prior_bias * it->prior / double(it->n + 1);
      if (u > best_u) best_u = u, best_e = int(it - edges.begin());
    }
    return best_e;
  }

  const M& m_;
  IsmctsParams p_;
  std::vector<Node> nodes_;
  List legal_;
  std::vector<int> untried_;
};

// True when the iterations left in the budget cannot change which root action has the most
// visits (the choice), so the search may stop early: the same decision, sooner. The iterations
// left are the cap's rest, or for a clock budget the rate so far times the time left.
template <ForwardModel M>
bool decided(const IsmctsTree<M>& tree, long done, long cap, double ms, double elapsed) {
  double left = 1e18;
  if (cap > 0) left = double(cap - done);
  if (ms > 0 && elapsed > 0) left = std::min(left, double(done) / elapsed * (ms / 1000.0 - elapsed));
  if (left >= 1e17) return false;
  long first = 0, second = 0;
  for (const auto& e : tree.root().edges) {
    if (e.n > first) second = first, first = e.n;
    else if (e.n > second) second = e.n;
  }
  return double(first - second) > left;
}

// Runs ISMCTS from `root` for root_player within the budget. Seeds for the trees are drawn
// from rng, so the result depends only on (root, budget in iterations, rng).
template <ForwardModel M>
SearchResult<typename M::Action> ismcts_search(const M& m, const typename M::State& root, int root_player,
                                               const SearchBudget& budget, const IsmctsParams& params, Rng& rng) {
  using Action = typename M::Action;
  const int threads = std::max(1, budget.threads);
  std::vector<uint64_t> seeds(threads);
  for (auto& x : seeds) x = rng.next();
  std::vector<std::vector<RootStat<Action>>> stats(threads);
  std::vector<long> iters(threads, 0);
  Stopwatch clock;
  auto work = [&](int t) {
    Rng r(seeds[t]);
    auto tree = std::make_unique<IsmctsTree<M>>(m, params);
    long cap = budget.iters > 0 ? (budget.iters + threads - 1 - t) / threads : -1;
    if (cap == 0) cap = 1;
    long n = 0;
    for (;;) {
      if (cap > 0 && n >= cap) break;
      if (budget.ms > 0 && (n & 31) == 0 && n > 0 && clock.seconds() * 1000.0 >= budget.ms) break;
      if ((n & 31) == 0 && n > 0 && stopping()) break;
      if (budget.unlimited() && n >= 1000) break;
      if (params.stop_when_decided && (n & 255) == 255 && decided(*tree, n, cap, budget.ms, clock.seconds())) break;
      tree->iterate(root, root_player, r);
      ++n;
    }
    iters[t] = n;
    stats[t] = tree->root_stats();
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  SearchResult<Action> res;
  for (int t = 0; t < threads; ++t) {
    res.iterations += iters[t];
    for (const auto& st : stats[t]) {
      auto it = std::find_if(res.root.begin(), res.root.end(), [&](const RootStat<Action>& x) { return x.action == st.action; });
      if (it == res.root.end()) {
        res.root.push_back(st);
      } else {
        const long n = it->visits + st.visits;
        it->value = n > 0 ? (it->value * double(it->visits) + st.value * double(st.visits)) / double(n) : 0.5;
        it->visits = n;
      }
    }
  }
  sort_root(res.root);
  res.seconds = clock.seconds();
  return res;
}

}  // namespace bgb::ai
