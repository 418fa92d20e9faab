// The forward-model concept every generic search in src/ai/ is written against. It knows nothing
// of C&C: Ancients (no hexes, cards or dice): a game plugs in by providing a model type with the
// members below (see cca_model.h for the first one).
//
// Players are small integers 0..1. Chance is drawn only from the Rng passed to apply(); hidden
// information is re-dealt by determinize() from what `viewer` may know, so a search started from
// an observation can play concrete games consistent with it. A game with hidden simultaneous
// commitments fits by sequencing the commitments and hiding the earlier ones in the observation.
#pragma once
#include <concepts>
#include <cstdint>

#include "core/rng.h"

namespace bgb::ai {

template <class M>
concept ForwardModel = requires(const M& m, typename M::State& s, const typename M::State& cs,
                                typename M::Action a, typename M::ActionList& list, Rng& rng, int p) {
  // Legal decisions of the player to move, in a fixed order. Empty when terminal.
  { m.legal_actions(cs, list) };
  // Applies a legal action; chance from rng; `next` (when not null) receives the new legal list.
  { m.apply(s, a, rng, &list) };
  { m.is_terminal(cs) } -> std::convertible_to<bool>;
  // The winner of a terminal state, or -1 for a draw.
  { m.winner(cs) } -> std::convertible_to<int>;
  { m.current_player(cs) } -> std::convertible_to<int>;
  // Re-deals in place everything player p cannot see, consistent with what p sees.
  { m.determinize(s, p, rng) };
  // Heuristic chance that player p wins from cs, in [0,1] (only called on non-terminal states).
  { m.evaluate(cs, p) } -> std::convertible_to<double>;
  // A cheap prior score of an action for the player to move: higher is better. Used to order
  // progressive widening and to guide rollouts. The state is a concrete (determinized) one.
  { m.action_prior(cs, a) } -> std::convertible_to<double>;
  // A counter that grows by one as each turn ends: a search with horizon h looks ahead until the
  // key has grown by h (1: the rest of the current turn) and evaluates there.
  { m.horizon_key(cs) } -> std::convertible_to<uint64_t>;
  { list.size() } -> std::convertible_to<int>;
  { list[0] } -> std::convertible_to<typename M::Action>;
};

// A scorer of the actions of one decision: scorer(a) == m.action_prior(s, a) for every action a
// of s. A model may provide prior_scorer(s) to share work between the actions of one decision
// (values of its pieces asked for by many actions); otherwise each call scores on its own. The
// scorer refers to s: it is used while s is unchanged.
template <ForwardModel M>
auto prior_scorer(const M& m, const typename M::State& s) {
  if constexpr (requires { m.prior_scorer(s); })
    return m.prior_scorer(s);
  else
    return [&m, &s](const typename M::Action& a) { return m.action_prior(s, a); };
}

// The scorer of one style of play (a base policy of the rollouts: 0 is the model's own priors). A
// model with more than one style provides prior_scorer(s, style) and styles(); others have the
// one. The searches may try their own later decisions in each style (FlatMcParams::styles).
template <ForwardModel M>
auto styled_prior_scorer(const M& m, const typename M::State& s, int style) {
  if constexpr (requires { m.prior_scorer(s, style); })
    return m.prior_scorer(s, style);
  else
    return prior_scorer(m, s);
}

template <ForwardModel M>
int styles_of(const M& m) {
  if constexpr (requires { m.styles(); })
    return m.styles();
  else
    return 1;
}

// The value of a finished game for player p.
template <ForwardModel M>
double terminal_value(const M& m, const typename M::State& s, int p) {
  const int w = m.winner(s);
  return w < 0 ? 0.5 : (w == p ? 1.0 : 0.0);
}

// The value of a state for player p: exact when terminal, the heuristic otherwise.
template <ForwardModel M>
double state_value(const M& m, const typename M::State& s, int p) {
  return m.is_terminal(s) ? terminal_value(m, s, p) : m.evaluate(s, p);
}

}  // namespace bgb::ai
