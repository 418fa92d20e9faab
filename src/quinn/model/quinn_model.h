// What the generic searches (ai/forward_model.h) need to know of Quinn's game: the rules through
// quinn/rules.h, an evaluation of a position and a cheap prior of each action. Nothing is hidden
// in this game, so determinize() does nothing and ISMCTS is open-loop MCTS with chance nodes.
#pragma once
#include <vector>

#include "core/rng.h"
#include "quinn/rules.h"

namespace bgb::quinn {

// The careful evaluation's features for a side p (each p's minus the other's): the shares of the
// break points lost (theirs minus ours), the locked fights' worth, the threats of the side to move
// next and of the other, who moves next (+1 for p), and the squares of the shares lost (near the
// break point a loss weighs more). evaluate() is the logistic of their weighted sum, the weights
// fitted to game results by scripts/fit-eval --game quinn (data/eval/quinn-weights.inc).
inline constexpr int kQuinnFeatures = 6;
inline constexpr const char* kQuinnFeatureNames[kQuinnFeatures] = {"losses",  "locked",  "threat_mover",
                                                                   "threat_other", "to_move", "near_break"};

struct QuinnActions {
  std::vector<Act> v;
  int size() const { return int(v.size()); }
  Act operator[](int i) const { return v[size_t(i)]; }
};

class QuinnModel {
 public:
  using State = quinn::State;
  using Action = Act;
  using ActionList = QuinnActions;

  explicit QuinnModel(const Scenario& scn) : scn_(&scn) {}
  // Whether the evaluation also counts the charges each side could make on the other's stands
  // in its next phase (on by default; the bot option extra=0 turns it off): +0.045 against the
  // expert over the same 200 games (docs/strength.md, "Quinn's game").
  bool threats = true;
  double threat_weight = 0.3;  // extra=2: 0.6 (being measured)
  // Careful play (the search's default; legacy=1 and the scripted expert leave it off): the
  // threat term guesses the aspect of each charge and counts the defender's supporting ranks, and
  // a move's prior weighs the charge the stand could make from where it ends against the charge an
  // enemy could make on it there (the play-test's flanks shown to horse, elephants in reach).
  bool careful = false;
  // Whether the search may end a movement phase before activating anything (pass=1 in a spec,
  // through the bot option `prune=0`); off: it must activate a command (and may hold it).
  bool pass_first = false;

  // The game's legal actions, but for a Decision::Act only those of one stand, the one nearest
  // the enemy (then by id), with the command's macros and the end of the activation: the order of
  // the stands becomes a scripted choice (spec §3.10) and the search branches over one stand's
  // moves at a time. Front ranks go first, so the ranks behind them are not blocked.
  void legal_actions(const State& s, ActionList& out) const;
  void apply(State& s, Action a, Rng& rng, ActionList* next) const {
    quinn::apply(*scn_, s, a, rng, nullptr);
    if (next) legal_actions(s, *next);
  }
  bool is_terminal(const State& s) const { return s.over(); }
  int winner(const State& s) const { return s.winner; }
  int current_player(const State& s) const { return to_decide(s); }
  void determinize(State&, int, Rng&) const {}
  // The chance that p wins: from the losses against the break points (I-WIN), the locked fights
  // under way and the charges each side could make next.
  double evaluate(const State& s, int p) const;
  void features(const State& s, int p, double out[kQuinnFeatures]) const;
  double action_prior(const State& s, Action a) const;
  uint64_t horizon_key(const State& s) const { return s.phases; }

  const Scenario& scn() const { return *scn_; }

  // The worth to a of a charge from point `at` on d (footprint dr), guessed from where they stand
  // (careful play); sup_a and sup_d are their supporting ranks' modifiers.
  double charge_guess(const State& s, int a, Vec at, int d, const Rect& dr, int sup_a, int sup_d) const;
  // For stand id at footprint r: the best charge it could make next and the best an enemy could
  // make on it (careful play's move prior).
  void exposure(const State& s, int id, const Rect& r, double& opportunity, double& danger) const;

 private:
  const Scenario* scn_;
};

// The expected worth of a melee for the attacker from its modifier total (Q-RES-1 over the ten
// faces): destroyed -1, recoils -0.3, locked 0, defender recoils +0.3, flees +0.6, destroyed +1.
double melee_worth(int modifier);

}  // namespace bgb::quinn
