// Whole-turn planning, generic over a ForwardModel that marks its plan part (PlanningModel).
//
// In many games a turn is a string of decisions by one side before any chance or any reply: in
// C&C: Ancients the card, the units it orders and all their moves come before the first battle
// die. That part is one plan. The search here treats each plan as one choice, the way online
// evolutionary planning treats a turn (Justesen et al. 2017) and the way an open fan edition of
// this game samples order sets and moves per card:
// - sample plans by the model's priors with noise (a softmax at several temperatures, one plan at
//   temperature 0 being the scripted choice), spread over the plan's first choices (the cards);
// - judge each plan by playing it on re-dealt copies of the observation, then on through the
//   rest of the turn (battles, with their dice) and rollout_turns more turns with the rollout
//   policy (1: the other side's reply), then the evaluation; every plan of a round is judged on
//   the same re-deals and dice seeds (common random numbers), so differences between plans are
//   not drowned by the dice;
// - keep the better half each round (sequential halving) and, in the first rounds, breed
//   variants of the best by re-sampling each from a random step on (mutation).
// Plans that lead to the same position are the same plan and are judged once.
#pragma once
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <thread>
#include <vector>

#include "ai/forward_model.h"
#include "ai/policy.h"
#include "ai/search.h"

namespace bgb::ai {

template <class M>
concept PlanningModel = ForwardModel<M> && requires(const M& m, const typename M::State& cs) {
  // True while the side to move makes decisions that need no chance and no reply (the plan part
  // of its turn).
  { m.in_plan(cs) } -> std::convertible_to<bool>;
};

struct PlanParams {
  int plans = 48;              // plans sampled at the start (fewer when the budget is small)
  int evals_per_plan = 48;     // a larger budget samples more plans: one per this many evaluations
  int max_plans = 1024;        // plans sampled at most
  // Rounds that breed variants of the best. -1: two, or five when the turn's plan has at least
  // kWideEvals evaluations (`hard` on the clock; 2,000 iterations with plan=9, 2,500 with the
  // default plan=4). Against the older search at equal time five scored 0.725 where two scored
  // 0.662 on the same games at 2,000 iterations (18,000 evaluations a plan; 0.667 on fresh
  // games), 0.642 where two scored 0.633 at 10,000, and 0.717 where two scored 0.750 at 500
  // (5,000 evaluations). Breeding in every round (8 at 500) scored 0.486: a child judged only in
  // the last rounds wins on its few samples' luck (docs/strength.md, "Eleventh session").
  int evo_rounds = -1;
  static constexpr long kWideEvals = 10000;
  // How a variant of a plan is bred: 0 re-samples everything from a random step on (at
  // temperature 1); 1 changes that one step (another legal action, by the priors at temperature
  // 1) and then keeps the parent's later steps where they are still legal, as online
  // evolutionary planning's mutation with repair does (Justesen et al. 2017), the rest of the
  // turn, if any, by the best prior; 2 alternates the two.
  int mutation = 0;
  int max_steps = 64;          // decisions in a plan at most
  int explore_pct = 5;         // percent of plan steps chosen uniformly
  // Turns played past the plan's turn before evaluating: 1 judges a plan after the other side's
  // reply. 1 beat 2 (the reply and the side's next turn, before issue 11's ninth session) and 0
  // by far at equal time: docs/strength.md, "Ninth session".
  int rollout_turns = 1;
  RolloutParams rollout{6, 10, 100};
  // The rest of the plan's own turn (its battles and the replies to them) played in judging with
  // no uniform step (the best prior of the same tournament), then the turns after it by `rollout`.
  // Off: measured no better (0.674 against 0.671, docs/strength.md, issue 11's fifth session).
  bool sharp = false;
};

template <class Action>
struct PlanStat {
  std::vector<Action> actions;  // the plan's decisions, in order
  double w = 0;                 // summed value for the planning side
  long n = 0;                   // evaluations
  double mean() const { return n > 0 ? w / double(n) : 0.5; }
};

template <class Action>
struct PlanResult {
  std::vector<PlanStat<Action>> plans;  // best first (the plans of the last round, then the others)
  long evaluations = 0;
  double seconds = 0;
};

template <PlanningModel M>
class TurnPlanner {
 public:
  using State = typename M::State;
  using Action = typename M::Action;
  using List = typename M::ActionList;
  using Plan = PlanStat<Action>;

  TurnPlanner(const M& m, const PlanParams& p) : m_(m), p_(p) {}

  // Plans from `root` (an observation of the side to move, in its plan part). `evals` caps the
  // evaluations; ms > 0 also stops on the clock; threads > 1 judges plans in parallel.
  PlanResult<Action> search(const State& root, long evals, double ms, int threads, Rng& rng) {
    Stopwatch clock;
    const int player = m_.current_player(root);
    PlanResult<Action> res;
    // One re-deal on which plans are sampled and told apart (the plan part needs no hidden facts).
    base_ = root;
    m_.determinize(base_, player, rng);
    const State& base = base_;
    List first;
    m_.legal_actions(base, first);
    if (first.size() == 0) return res;
    const uint64_t seed0 = rng.next();
    // Sample the first pool, round-robin over the first choices so every card is considered.
    // A larger budget buys a wider search: more plans, each still judged often enough to tell
    // them apart (up to evals_per_plan x plans the pool is `plans`, as it always was).
    auto pool_for = [&](long e) {
      const long wide = std::min<long>(std::max(4, p_.max_plans), e / std::max(1, p_.evals_per_plan));
      return int(std::clamp<long>(e / 16, 4, std::max<long>(std::max(4, p_.plans), wide)));
    };
    std::vector<Plan> pool;
    std::vector<State> ends;
    int drawn = 0;  // samples drawn so far (the sampling order goes on where it stopped)
    auto fill = [&](int target) {
      const double temps[] = {0.0, 0.5, 1.0, 2.0, 4.0};
      for (int tries = 0; int(pool.size()) < target && tries < target * 3; ++drawn, ++tries) {
        const int f = drawn % first.size();
        const double t = drawn < first.size() ? 0.0 : temps[1 + (drawn / first.size()) % 4];
        add_unique(pool, ends, sample(base, {}, first[f], t, rng));
      }
    };
    // On the clock the budget is unknown until the first round has measured the rate: start with
    // the usual pool and widen it then.
    fill(ms > 0 ? pool_for(std::min<long>(evals, long(p_.plans) * 16)) : pool_for(evals));
    // Sequential halving: rounds until one plan is left; the evaluations are shared out evenly.
    auto rounds_for = [](size_t n) {
      int rounds = 1;
      for (; n > 1; n = (n + 1) / 2) ++rounds;
      return rounds;
    };
    int rounds = rounds_for(pool.size());
    long used = 0;
    const long cap = evals;
    double judge_seconds = 0;
    std::vector<Plan> dropped;
    for (int r = 0; r < rounds && !pool.empty(); ++r) {
      const long left = evals - used;
      const int k = int(std::max<long>(1, left / std::max<long>(1, long(rounds - r) * long(pool.size()))));
      const int kk = ms > 0 && r == 0 ? 1 : k;  // on the clock, the first round measures the rate
      Stopwatch judging;
      judge(root, player, pool, kk, seed0 + uint64_t(r) * 7919u, threads);
      judge_seconds += judging.seconds();
      used += long(kk) * long(pool.size());
      // On the clock, the evaluations left are what the time left buys at the rate measured so far
      // (judging only: sampling plans is paid for once, at the start).
      auto estimate = [&] {
        const double rate = double(used) / std::max(1e-6, judge_seconds);
        evals = std::min(cap, used + long(rate * std::max(0.0, ms / 1000.0 - clock.seconds())));
      };
      if (ms > 0) estimate();
      if (ms > 0 && r == 0) {
        const size_t had = pool.size();
        fill(pool_for(evals));
        if (pool.size() > had) {
          // The new plans catch up on the first round's re-deals (the same ones: CRN holds).
          std::vector<Plan> added(std::make_move_iterator(pool.begin() + long(had)), std::make_move_iterator(pool.end()));
          judging = Stopwatch();
          judge(root, player, added, 1, seed0, threads);
          judge_seconds += judging.seconds();
          used += long(added.size());
          for (size_t i = 0; i < added.size(); ++i) pool[had + i] = std::move(added[i]);
          rounds = rounds_for(pool.size());
          estimate();
        }
      }
      std::stable_sort(pool.begin(), pool.end(), [](const Plan& a, const Plan& b) { return a.mean() > b.mean(); });
      const bool out_of_time = (ms > 0 && clock.seconds() * 1000.0 >= ms) || stopping();
      if (pool.size() == 1 || used >= evals || out_of_time) break;
      // Keep the better half; in the first rounds breed variants of the best in place of the rest.
      const size_t keep = (pool.size() + 1) / 2;
      for (size_t i = keep; i < pool.size(); ++i) dropped.push_back(std::move(pool[i]));
      pool.resize(keep);
      const int evo = p_.evo_rounds >= 0 ? p_.evo_rounds : evals >= PlanParams::kWideEvals ? 5 : 2;
      if (r < evo) {
        const size_t parents = std::max<size_t>(1, keep / 2);
        const size_t want = keep + keep / 2;
        for (int tries = 0; pool.size() < want && tries < int(want) * 3; ++tries) {
          const Plan& parent = pool[size_t(tries) % parents];
          if (parent.actions.size() < 2) continue;
          const size_t cut = 1 + rng.below(uint32_t(parent.actions.size() - 1));
          const bool point = p_.mutation == 1 || (p_.mutation == 2 && tries % 2 == 0);
          if (point) {
            add_unique(pool, ends, mutate(base, parent.actions, cut, rng));
            continue;
          }
          std::vector<Action> prefix(parent.actions.begin(), parent.actions.begin() + long(cut));
          add_unique(pool, ends, sample(base, prefix, prefix.back(), 1.0, rng, true));
        }
        // The children catch up on the round's samples only when judged next round, with all.
      }
    }
    std::stable_sort(pool.begin(), pool.end(), [](const Plan& a, const Plan& b) { return a.mean() > b.mean(); });
    std::stable_sort(dropped.begin(), dropped.end(), [](const Plan& a, const Plan& b) { return a.mean() > b.mean(); });
    res.plans = std::move(pool);
    for (Plan& p : dropped) res.plans.push_back(std::move(p));
    res.evaluations = used;
    res.seconds = clock.seconds();
    return res;
  }

  // The position a plan leads to on state s (it stops where an action is no longer legal).
  State end_state(const State& s, const std::vector<Action>& plan) const {
    State c = s;
    Rng r(1);
    List legal;
    m_.legal_actions(c, legal);
    for (const Action& a : plan) {
      if (!contains(legal, a) || !same_part(s, c)) break;
      m_.apply(c, a, r, &legal);
    }
    return c;
  }

  // Whether c is still in the plan part of the turn that `from` is in: the same side to move,
  // the same turn, not over, and no chance or reply yet.
  bool same_part(const State& from, const State& c) const {
    return !m_.is_terminal(c) && m_.in_plan(c) && m_.horizon_key(c) == m_.horizon_key(from) &&
           m_.current_player(c) == m_.current_player(from);
  }

  static bool contains(const List& l, const Action& a) {
    for (int i = 0; i < l.size(); ++i)
      if (l[i] == a) return true;
    return false;
  }

 private:
  // Adds a plan unless one already seen (kept or dropped) leads to the same position.
  void add_unique(std::vector<Plan>& pool, std::vector<State>& ends, std::vector<Action>&& plan) {
    if (plan.empty()) return;
    State e = end_state(base_, plan);
    for (const State& x : ends)
      if (x == e) return;
    ends.push_back(e);
    Plan p;
    p.actions = std::move(plan);
    pool.push_back(std::move(p));
  }

  // A plan from `s`: `prefix` replayed (when `replay`), else `first` played first, then the
  // model's priors through a softmax at temperature t (0: the best prior), to the plan's end.
  std::vector<Action> sample(const State& s, std::vector<Action> prefix, Action first, double t, Rng& rng,
                             bool replay = false) {
    State c = s;
    List legal;
    m_.legal_actions(c, legal);
    std::vector<Action> plan;
    if (replay) {
      for (const Action& a : prefix) {
        if (!contains(legal, a) || !same_part(s, c)) return plan;
        m_.apply(c, a, rng, &legal);
        plan.push_back(a);
      }
    } else {
      if (!contains(legal, first)) return plan;
      m_.apply(c, first, rng, &legal);
      plan.push_back(first);
    }
    std::vector<double> w;
    while (int(plan.size()) < p_.max_steps && legal.size() > 0 && same_part(s, c)) {
      int pick = 0;
      const int n = legal.size();
      if (n > 1 && int(rng.below(100)) < p_.explore_pct) {
        pick = int(rng.below(uint32_t(n)));
      } else if (n > 1) {
        w.assign(size_t(n), 0.0);
        double best = -1e300;
        auto prior = prior_scorer(m_, c);
        for (int i = 0; i < n; ++i) {
          w[size_t(i)] = prior(legal[i]);
          if (w[size_t(i)] > best) best = w[size_t(i)], pick = i;
        }
        if (t > 0) {
          double sum = 0;
          for (double& x : w) sum += (x = std::exp((x - best) / t));
          double u = double(rng.next() >> 11) * 0x1.0p-53 * sum;
          for (int i = 0; i < n; ++i) {
            u -= w[size_t(i)];
            if (u <= 0) {
              pick = i;
              break;
            }
          }
        }
      }
      const Action a = legal[pick];
      m_.apply(c, a, rng, &legal);
      plan.push_back(a);
    }
    return plan;
  }

  // A variant of `parent` with its step `cut` changed: the steps before it replayed, another
  // legal action there (softmax of the priors at temperature 1 over the others), then the
  // parent's steps from `cut` on wherever they are still legal (so a unit whose move was not the
  // one changed keeps its move), and the rest of the plan part, if the parent's steps run out
  // before it ends, by the best prior. Empty when nothing else was legal at the step.
  std::vector<Action> mutate(const State& s, const std::vector<Action>& parent, size_t cut, Rng& rng) {
    State c = s;
    List legal;
    m_.legal_actions(c, legal);
    std::vector<Action> plan;
    for (size_t j = 0; j < cut; ++j) {
      if (!contains(legal, parent[j]) || !same_part(s, c)) return {};
      m_.apply(c, parent[j], rng, &legal);
      plan.push_back(parent[j]);
    }
    if (!same_part(s, c) || legal.size() < 2) return {};
    std::vector<double> w(size_t(legal.size()), 0.0);
    double best = -1e300;
    {
      auto prior = prior_scorer(m_, c);
      for (int i = 0; i < legal.size(); ++i)
        if (!(legal[i] == parent[cut])) best = std::max(best, w[size_t(i)] = prior(legal[i]));
    }
    double sum = 0;
    for (int i = 0; i < legal.size(); ++i)
      sum += (w[size_t(i)] = legal[i] == parent[cut] ? 0.0 : std::exp(w[size_t(i)] - best));
    double u = double(rng.next() >> 11) * 0x1.0p-53 * sum;
    int pick = -1;  // the last one weighed, if rounding leaves u above 0 at the end
    for (int i = 0; i < legal.size(); ++i)
      if (w[size_t(i)] > 0) {
        pick = i;
        if ((u -= w[size_t(i)]) <= 0) break;
      }
    if (pick < 0) return {};
    const Action changed = legal[pick];
    m_.apply(c, changed, rng, &legal);
    plan.push_back(changed);
    for (size_t j = cut; j < parent.size() && int(plan.size()) < p_.max_steps && same_part(s, c); ++j) {
      if (!contains(legal, parent[j])) continue;
      m_.apply(c, parent[j], rng, &legal);
      plan.push_back(parent[j]);
    }
    while (int(plan.size()) < p_.max_steps && legal.size() > 0 && same_part(s, c)) {
      int top = 0;
      double v = -1e300;
      auto prior = prior_scorer(m_, c);
      for (int i = 0; i < legal.size(); ++i) {
        const double x = prior(legal[i]);
        if (x > v) v = x, top = i;
      }
      const Action a = legal[top];
      m_.apply(c, a, rng, &legal);
      plan.push_back(a);
    }
    return plan;
  }

  // Evaluates every plan of the pool on k re-deals (the same k for all: common random numbers).
  void judge(const State& root, int player, std::vector<Plan>& pool, int k, uint64_t seed, int threads) {
    auto work = [&](size_t from, size_t step) {
      List legal;
      for (size_t i = from; i < pool.size(); i += step) {
        if (i > from && stopping()) return;  // stopped: the plans judged so far decide
        for (int j = 0; j < k; ++j) {
          Rng r(seed + uint64_t(j) * 0x9E3779B97F4A7C15ull);
          State s = root;
          m_.determinize(s, player, r);
          const uint64_t turn_end = m_.horizon_key(s) + 1;
          m_.legal_actions(s, legal);
          for (const Action& a : pool[i].actions) {
            if (m_.is_terminal(s) || !contains(legal, a)) break;
            m_.apply(s, a, r, &legal);
          }
          RolloutParams rp = p_.rollout;
          if (p_.sharp) {
            RolloutParams own = rp;
            own.explore_pct = 0;
            rp.max_steps = std::max(0, rp.max_steps - rollout(m_, s, legal, turn_end, r, own));
          }
          rollout(m_, s, legal, turn_end + uint64_t(std::max(0, p_.rollout_turns)), r, rp);
          pool[i].w += state_value(m_, s, player);
          pool[i].n++;
        }
      }
    };
    if (threads <= 1 || pool.size() < 2) {
      work(0, 1);
    } else {
      std::vector<std::thread> ts;
      for (int t = 0; t < threads; ++t) ts.emplace_back(work, size_t(t), size_t(threads));
      for (auto& th : ts) th.join();
    }
  }

  const M& m_;
  PlanParams p_;
  State base_{};  // the re-deal plans are sampled on
};

}  // namespace bgb::ai
