// Cheap guided play for rollouts, generic over a ForwardModel: pick the best-prior action of a
// few sampled at random (a tournament), with a little uniform exploration, and play on to the
// search horizon (the end of the turn the search looks through) or a step cap.
#pragma once
#include <cstdint>

#include "ai/forward_model.h"

namespace bgb::ai {

struct RolloutParams {
  int sample = 6;         // actions sampled per step; the best prior among them is played
  int explore_pct = 10;   // percent of steps played uniformly at random
  int max_steps = 8;      // decisions played at most after the tree (0: evaluate at once)
  // The decisions of `style_player` are scored in `style` (styled_prior_scorer); the others' in
  // the model's own priors. -1: every player in the model's own.
  int style_player = -1;
  int style = 0;
};

// Index into legal of the action the rollout policy plays. legal must not be empty.
template <ForwardModel M, class List>
int rollout_pick(const M& m, const typename M::State& s, const List& legal, Rng& rng, const RolloutParams& rp) {
  const int n = legal.size();
  if (n == 1) return 0;
  if (int(rng.below(100)) < rp.explore_pct) return int(rng.below(uint32_t(n)));
  int best = 0;
  double best_v = -1e300;
  const int style = rp.style_player >= 0 && m.current_player(s) == rp.style_player ? rp.style : 0;
  auto prior = styled_prior_scorer(m, s, style);
  if (n <= rp.sample) {
    for (int i = 0; i < n; ++i) {
      double v = prior(legal[i]);
      if (v > best_v) best_v = v, best = i;
    }
    return best;
  }
  for (int k = 0; k < rp.sample; ++k) {
    int i = int(rng.below(uint32_t(n)));
    double v = prior(legal[i]);
    if (v > best_v) best_v = v, best = i;
  }
  return best;
}

// Plays the rollout policy from s (whose legal actions are in legal) until the game ends, the
// horizon key reaches horizon_end or max_steps decisions are made. Returns the decisions played.
template <ForwardModel M, class List>
int rollout(const M& m, typename M::State& s, List& legal, uint64_t horizon_end, Rng& rng, const RolloutParams& rp) {
  int steps = 0;
  while (steps < rp.max_steps && !m.is_terminal(s) && m.horizon_key(s) < horizon_end && legal.size() > 0) {
    const int i = rollout_pick(m, s, legal, rng, rp);
    m.apply(s, legal[i], rng, &legal);
    ++steps;
  }
  return steps;
}

// The index of the best-prior action (first of equals), for scripted play.
template <ForwardModel M, class List>
int best_prior(const M& m, const typename M::State& s, const List& legal, double* value = nullptr) {
  int best = 0;
  double best_v = -1e300;
  auto prior = prior_scorer(m, s);
  for (int i = 0; i < legal.size(); ++i) {
    double v = prior(legal[i]);
    if (v > best_v) best_v = v, best = i;
  }
  if (value) *value = best_v;
  return best;
}

}  // namespace bgb::ai
