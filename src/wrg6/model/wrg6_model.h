// What the generic searches (ai/forward_model.h) need to know of the WRG game: the rules through
// wrg6/rules.h, an evaluation of a position and a cheap prior of each commitment. The hidden
// information is the other side's commitments of the step under way (§3.5): determinize() fills
// them with choices drawn by the priors (softmax), as a plausible opponent would enter them.
#pragma once
#include <vector>

#include "core/rng.h"
#include "wrg6/rules.h"

namespace bgb::wrg6 {

// The evaluation's features for a side p, each the other side's share minus p's (positive is good
// for p): beaten (toward I-VIC's half of the figures), men lost, the losses expected in the fights
// under way, shaken or disordered units, and beaten scaled by the share of the periods played.
constexpr int kWrg6Features = 5;
constexpr const char* kWrg6FeatureNames[kWrg6Features] = {"beaten", "lost", "fight", "shaken", "beaten_late"};

struct Wrg6Actions {
  std::vector<uint32_t> v;
  int size() const { return int(v.size()); }
  uint32_t operator[](int i) const { return v[size_t(i)]; }
};

class Wrg6Model {
 public:
  using State = wrg6::State;
  using Action = uint32_t;
  using ActionList = Wrg6Actions;

  explicit Wrg6Model(const Scenario& scn) : scn_(&scn) {}

  void legal_actions(const State& s, ActionList& out) const { wrg6::legal_actions(*scn_, s, out.v); }
  void apply(State& s, Action a, Rng& rng, ActionList* next) const {
    wrg6::apply(*scn_, s, a, rng, nullptr);
    if (next) legal_actions(s, *next);
  }
  bool is_terminal(const State& s) const { return s.over(); }
  int winner(const State& s) const { return s.winner; }
  int current_player(const State& s) const { return to_decide(s); }
  void determinize(State& s, int viewer, Rng& rng) const;
  // The chance that p wins: from the shares of each army toward defeat (I-VIC: half its figures
  // broken or gone), the men lost, and the shaken and disordered units.
  // A logistic function of features(): with weights fitted to arena games (scripts/fit-eval
  // --game wrg6), or the hand-set ones of before when hand_weights is set (a bot's `legacy`).
  double evaluate(const State& s, int p) const;
  void features(const State& s, int p, double out[kWrg6Features]) const;
  bool hand_weights = false;
  double action_prior(const State& s, Action a) const;
  // action_prior for the choices of one decision, sharing the work they have in common (each
  // unit's nearest enemy and its fight with it); it refers to s, which must not change meanwhile.
  //
  // Style 1 is a cautious player, a second base policy for the rollout player's own side
  // (FlatMcParams::styles): formed troops hold rather than advance, take H orders, charge only a
  // fight they clearly win and step back out of an enemy's charge reach; skirmishers and shooting
  // are as the scripted player's. It lets the search value holding back for a draw, which the
  // scripted player (who closes in) never plays.
  class PriorScorer {
   public:
    PriorScorer(const Wrg6Model& m, const State& s, int style = 0) : m_(&m), s_(&s), style_(style) {}
    double operator()(Action a) const { return style_ == 1 ? cautious(a) : scripted(a); }

   private:
    double scripted(Action a) const;
    double cautious(Action a) const;
    struct Near {
      bool known = false, edge_known = false;
      int enemy = -1;
      double dist = 0;
      int edge = 0;  // melee_edge against the nearest enemy, the unit charging
    };
    const Near& near(int id) const;
    int edge(int id) const;
    const Wrg6Model* m_;
    const State* s_;
    int style_ = 0;
    mutable Near near_[kMaxUnits];
  };
  PriorScorer prior_scorer(const State& s) const { return PriorScorer(*this, s); }
  PriorScorer prior_scorer(const State& s, int style) const { return PriorScorer(*this, s, style); }
  int styles() const { return 2; }
  uint64_t horizon_key(const State& s) const { return s.period; }

  const Scenario& scn() const { return *scn_; }

 private:
  // One unit's commitment drawn by the softmax of its priors.
  uint32_t draw(const State& s, const std::vector<uint32_t>& choices, Rng& rng) const;

  const Scenario* scn_;
};

}  // namespace bgb::wrg6
