// The forward model of C&C: Ancients for the generic searches (ai/forward_model.h): the rules of
// src/cca behind the concept, plus the C&C knowledge the bots need: the heuristic evaluation
// (banners, blocks lost against unit strength, leaders, threats, supported lines, advance toward
// the enemy) and the scored tactical rules that rank actions (the scripted expert, the rollout
// policy and the order of progressive widening).
#pragma once
#include <cstdint>
#include <string>

#include "cca/action.h"
#include "cca/rules.h"
#include "cca/scenario.h"
#include "cca/state.h"
#include "core/rng.h"

namespace bgb::cca {

// Removes from `list` (the legal actions of s) the choices a player never needs, because another
// legal choice is at least as good whatever follows:
// - "done ordering" while a unit or leader can still be ordered: an ordered unit need not move
//   or battle (§7, §8, §9), so an order can only add options;
// - playing a card that does nothing (First Strike on one's own turn, a Counter Attack with
//   nothing to copy, a Clash of Shields or a Rally with no unit to take it, a section card for
//   empty sections; command-cards.md) while another card can be played.
// The order of the remaining actions is kept. Persons are offered everything (the rules); the
// bots choose among what is left.
void prune_dominated(const cca::State& s, cca::ActionList& list);
// Whether `card` (a card kind) played now as the active side's turn card would do nothing.
bool card_does_nothing(const cca::State& s, int card);

// The evaluation is a logistic function of features of the position, each one for the side
// asking minus the same for the other side (so the two sides' chances add up to one):
//   to_move    +1 for the side to move, -1 for the other
//   banners    banners held / banners needed
//   losses     credit for enemy blocks lost (more for units nearly gone) / banners needed
//   contact    weak enemy units and exposed enemy leaders next to own units / banners needed
//   formation  supported units, advance toward the enemy, leaders with units / banners needed
//   near_win   1 when one banner from victory
//   battle     the battle's balance for the side: the log-odds of its measured score over many
//              games (data/eval/battle-prior.inc; 0 for a battle not measured)
//   trapped    enemy units in contact with ours whose retreat a flag would cut short (§12: the
//              blocks one flag would cost them, over their full strength) / banners needed
//   cards      cards in hand that are not section cards (troop, leadership and tactic cards)
// win chance = 1 / (1 + exp(-(w . features))). A weight of 0 leaves its feature uncomputed.
constexpr int kEvalFeatures = 9;
inline constexpr const char* kEvalFeatureNames[kEvalFeatures] = {"to_move",   "banners",  "losses", "contact", "formation",
                                                                 "near_win",  "battle",   "trapped", "cards"};
// The log-odds of the top side's score in a printed battle (0 when not measured).
double battle_prior_logit(const std::string& scenario_id);
struct EvalWeights {
  double w[kEvalFeatures];
};
// The fitted weights (data/eval/weights.inc), and the hand-set ones the search used before
// (issue 4 to issue 11; the bots' `legacy` option).
const EvalWeights& fitted_eval_weights();
// The fitted weights with the features trapped and cards fitted too (data/eval/weights-extra.inc;
// the bots' option extra=1).
const EvalWeights& extra_eval_weights();
const EvalWeights& legacy_eval_weights();

struct CcaModel {
  using State = cca::State;
  using Action = cca::Action;
  using ActionList = cca::ActionList;

  const cca::Scenario* scn;
  // Leave out the choices that can never be better than another legal one (prune_dominated).
  bool prune = true;
  const EvalWeights* weights = &fitted_eval_weights();
  // Moves value closing an enemy unit's retreat hexes, and avoid hexes with no way back, alone
  // among enemies, or a momentum advance alone into them (option ring=1). Off by default: the
  // planner with them scored 0.427 [0.352, 0.508] against itself without (docs/strength.md).
  bool ring = false;
  // Under a leadership card the leader is scored by his group (his unit and the best linked
  // units), not a flat 0.4 that lost to any single unit (option lead=0; off with legacy, which is
  // the search as it was before issue 11).
  bool lead_groups = true;
  // Battle scores count what the flags cost a target whose retreat is closed (§12: a block per
  // retreat hex it cannot make; bolstering ignores flags), so the scripted choices, the rollouts'
  // replies and the widening order go for trapped units (option trap).
  bool trap = false;
  // Move scores count against a healthy unit in contact the retreat hexes a flag would cost it
  // there (option trap=2 or 3 with the battle scores).
  bool trap_moves = false;
  explicit CcaModel(const cca::Scenario& s, bool prune_dominated_choices = true, bool legacy_eval = false)
      : scn(&s),
        prune(prune_dominated_choices),
        weights(legacy_eval ? &legacy_eval_weights() : &fitted_eval_weights()),
        lead_groups(!legacy_eval),
        battle_logit_(battle_prior_logit(s.id)) {}

  void legal_actions(const State& s, ActionList& out) const {
    cca::legal_actions(*scn, s, out);
    if (prune) prune_dominated(s, out);
  }
  void apply(State& s, Action a, Rng& rng, ActionList* next) const {
    cca::apply_unchecked(*scn, s, a, rng, nullptr, next);
    if (next && prune) prune_dominated(s, *next);
  }
  bool is_terminal(const State& s) const { return cca::is_terminal(s); }
  // The plan part of a turn (turn_plan.h): the card, the orders and the moves come before the
  // first battle die and need no decision of the other side (§6-§8).
  bool in_plan(const State& s) const {
    return s.decision == cca::Decision::PlayCard || s.decision == cca::Decision::Order ||
           s.decision == cca::Decision::Move;
  }
  int winner(const State& s) const { return s.winner == cca::Side::None ? -1 : int(s.winner); }
  int current_player(const State& s) const { return int(s.decider); }
  void determinize(State& s, int viewer, Rng& rng) const;
  // Heuristic chance that side p wins (0..1).
  double evaluate(const State& s, int p) const;
  // Scored tactical rules: how good action a looks for the side to move (about -5..15).
  double action_prior(const State& s, Action a) const;
  // action_prior for the actions of one decision, sharing the values of pieces that many of them
  // ask for (a unit's order value, a mover's score where it stands). Refers to s: use it while s
  // is unchanged. Gives exactly action_prior's numbers.
  class PriorScorer {
   public:
    PriorScorer(const CcaModel& m, const State& s) : m_(&m), s_(&s) {}
    double operator()(Action a);

   private:
    double order_value(int u);
    double place_from(int u);
    const CcaModel* m_;
    const State* s_;
    uint64_t have_order_ = 0, have_place_ = 0;  // bit u: the value of unit u is below
    double order_[cca::kMaxUnits], place_[cca::kMaxUnits];
  };
  PriorScorer prior_scorer(const State& s) const { return PriorScorer(*this, s); }
  // The horizon counter: turns played (grows by one as a turn ends).
  uint64_t horizon_key(const State& s) const { return s.turn; }

  // The features of evaluate() for side p (kEvalFeatureNames).
  // `all`: compute every feature, also those the weights in use ignore (for fitting).
  void features(const State& s, int p, double out[kEvalFeatures], bool all = true) const;
  // A side's progress toward victory in banners (banners held plus partial credit for enemy
  // blocks lost, threats and formation): the sum of its parts, in the order banners, losses,
  // contact, formation.
  double progress(const State& s, int side) const;
  void progress_parts(const State& s, int side, double parts[4]) const;

 private:
  double battle_logit_ = 0;  // battle_prior_logit of the scenario, looked up once
};

// The prior of playing card `kind` in s found by playing it on a copy, never by the short cut
// section cards take: action_prior must give the same (a test compares them).
double card_prior_by_play(const CcaModel& m, const State& s, int kind);

}  // namespace bgb::cca
