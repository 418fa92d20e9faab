#include "wrg6/model/bots.h"

#include <algorithm>
#include <iterator>

#include "ai/arena.h"
#include "ai/bot.h"
#include "ai/flat_mc.h"
#include "ai/greedy.h"
#include "ai/ismcts.h"
#include "wrg6/model/wrg6_model.h"
#include "wrg6/wrg6_game.h"

namespace bgb::wrg6 {

using namespace bgb::ai;

namespace {

void explain(const SearchResult<uint32_t>& r, Explanation* why) {
  if (!why) return;
  *why = Explanation{};
  for (int i = 0; i < int(r.root.size()) && i < 5; ++i)
    why->best.push_back(ActionValue{r.root[i].action, std::clamp(r.root[i].value, 0.0, 1.0), r.root[i].visits});
  why->win_chance = r.root.empty() ? 0.5 : std::clamp(r.root[0].value, 0.0, 1.0);
  why->iterations = r.iterations;
  why->seconds = r.seconds;
}

// A WRG bot: unwraps the game-layer state (an observation: the other side's commitments of the
// step are hidden) and chooses on the game's own types.
class Wrg6Bot : public Bot {
 public:
  game::ActionCode choose(const game::State& gs, Rng& rng, Explanation* why) final {
    const Scenario& scn = scenario_of(gs);
    const State& s = state_of(gs);
    Wrg6Model m(scn);
    m.hand_weights = legacy_;
    Wrg6Actions legal;
    m.legal_actions(s, legal);
    if (legal.size() == 0) return 0;
    if (legal.size() == 1 && !why) return legal[0];
    return decide(m, s, legal, rng, why);
  }
  virtual uint32_t decide(const Wrg6Model& m, const State& s, const Wrg6Actions& legal, Rng& rng, Explanation* why) = 0;

 protected:
  bool legacy_ = false;  // `legacy`: the evaluation's hand-set weights, as before they were fitted
};

// The scripted player: the commitment with the best prior (charges it would win, closing in,
// skirmishers keeping their range, shooting whenever it can), no search.
class ExpertBot : public Wrg6Bot {
 public:
  explicit ExpertBot(const BotOptions& o) : o_(o) { legacy_ = o.legacy != 0; }
  std::string spec() const override { return options_spec("expert", o_); }
  uint32_t decide(const Wrg6Model& m, const State& s, const Wrg6Actions& legal, Rng&, Explanation* why) override {
    int best = 0;
    double top = -1e300;
    auto prior = m.prior_scorer(s);
    for (int i = 0; i < legal.size(); ++i) {
      const double p = prior(legal[i]);
      if (p > top) top = p, best = i;
    }
    if (why) {
      *why = Explanation{};
      why->best.push_back(ActionValue{legal[best], m.evaluate(s, to_decide(s)), 0});
      why->win_chance = why->best[0].value;
    }
    return legal[best];
  }

 private:
  BotOptions o_;
};

class GreedyBot : public Wrg6Bot {
 public:
  explicit GreedyBot(const BotOptions& o) : o_(o) {
    legacy_ = o.legacy != 0;
    if (o.samples > 0) p_.samples = o.samples;
  }
  std::string spec() const override { return options_spec("greedy", o_); }
  uint32_t decide(const Wrg6Model& m, const State& s, const Wrg6Actions& legal, Rng& rng, Explanation* why) override {
    auto r = greedy_search(m, s, to_decide(s), p_, rng);
    explain(r, why);
    return r.root.empty() ? legal[0] : r.root[0].action;
  }

 private:
  BotOptions o_;
  GreedyParams p_;
};

class FlatMcBot : public Wrg6Bot {
 public:
  explicit FlatMcBot(const BotOptions& o, const char* name = "flatmc", const FlatMcParams& base = {})
      : o_(o), name_(name), p_(base) {
    legacy_ = o.legacy != 0;
    if (o.c >= 0) p_.c_ucb = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.horizon > 0) p_.horizon = o.horizon;
    if (o.paired >= 0) p_.paired = o.paired == 1;
    if (o.keep >= 0) p_.keep = o.keep;
    if (o.styles > 0) p_.styles = o.styles;
    if (o.rsample > 0) p_.rollout.sample = o.rsample;
    if (o.rexplore >= 0) p_.rollout.explore_pct = o.rexplore;
    if (o_.budget.unlimited()) o_.budget.ms = 500;
  }
  std::string spec() const override { return options_spec(name_, o_); }
  double think_ms() const override { return o_.budget.ms; }
  uint32_t decide(const Wrg6Model& m, const State& s, const Wrg6Actions& legal, Rng& rng, Explanation* why) override {
    auto r = flat_mc_search(m, s, to_decide(s), o_.budget, p_, rng);
    explain(r, why);
    return r.root.empty() ? legal[0] : r.root[0].action;
  }

 private:
  BotOptions o_;
  const char* name_;
  FlatMcParams p_;
};

// The rollout player (`rollouts`): every choice of a commitment is played out to the end of the
// battle by the scripted player on both sides, each round on the same dice for every choice (flat
// Monte Carlo on common random numbers), and the choice that wins most is taken. The battles are
// decided by runs of reaction tests that a two-period look ahead and an evaluation cannot see;
// the end of the battle can (docs/strength.md, "The WRG game").
FlatMcParams rollout_player() {
  FlatMcParams p;
  p.paired = true;
  p.horizon = 16;               // past the period limit: to the end of the battle
  p.rollout.max_steps = 3000;   // a whole battle's commitments
  p.rollout.sample = 64;        // more than any decision's choices: the best prior, as the expert
  p.rollout.explore_pct = 0;
  return p;
}

class IsmctsBot : public Wrg6Bot {
 public:
  explicit IsmctsBot(const BotOptions& o) : o_(o) {
    legacy_ = o.legacy != 0;
    if (o.c >= 0) p_.c_uct = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.horizon > 0) p_.horizon = o.horizon;
    if (o.reach >= 0) p_.rollout_turns = o.reach;
    if (o.bias >= 0) p_.prior_bias = o.bias;
    if (o.rsample > 0) p_.rollout.sample = o.rsample;
    if (o.rexplore >= 0) p_.rollout.explore_pct = o.rexplore;
    if (o_.budget.unlimited()) o_.budget.ms = 1000;
    if (o.extra == 1) margin_ = 0;  // the plain search: its most visited choice
  }
  std::string spec() const override { return options_spec("ismcts", o_); }
  double think_ms() const override { return o_.budget.ms; }
  uint32_t decide(const Wrg6Model& m, const State& s, const Wrg6Actions& legal, Rng& rng, Explanation* why) override {
    auto r = ismcts_search(m, s, to_decide(s), o_.budget, p_, rng);
    if (r.root.empty()) return legal[0];
    // A change must earn its place: the scripted player's choice (the best prior) stands unless
    // the search values another clearly higher (by margin_, 0.03). The values of a period's choices
    // differ in the third decimal (docs/strength.md), and without this the most visited of many
    // near-equal alternatives wins: new orders every period, units turning back and forth.
    if (margin_ > 0) {
      uint32_t plain = legal[0];
      double top = -1e300;
      auto prior = m.prior_scorer(s);
      for (int i = 0; i < legal.size(); ++i) {
        const double p = prior(legal[i]);
        if (p > top) top = p, plain = legal[i];
      }
      for (size_t i = 1; i < r.root.size(); ++i)
        if (r.root[i].action == plain && r.root[i].visits > 0 && r.root[0].value - r.root[i].value < margin_) {
          std::swap(r.root[0], r.root[i]);
          break;
        }
    }
    explain(r, why);
    return r.root[0].action;
  }

 private:
  BotOptions o_;
  IsmctsParams p_;
  double margin_ = 0.03;
};

}  // namespace

void register_bots() {
  const std::string g = kGameName;
  register_bot_kind(g, "expert", [](const BotOptions& o) { return std::make_unique<ExpertBot>(o); });
  register_bot_kind(g, "greedy", [](const BotOptions& o) { return std::make_unique<GreedyBot>(o); });
  register_bot_kind(g, "flatmc", [](const BotOptions& o) { return std::make_unique<FlatMcBot>(o); });
  register_bot_kind(g, "ismcts", [](const BotOptions& o) { return std::make_unique<IsmctsBot>(o); });
  register_bot_kind(g, "rollouts", [](const BotOptions& o) {
    BotOptions q = o;
    if (q.budget.unlimited()) q.budget.iters = 400;
    return std::make_unique<FlatMcBot>(q, "rollouts", rollout_player());
  });
  register_bot_alias(g, "easy", "expert");
  register_bot_alias(g, "normal", "rollouts:iters=400");
  register_bot_alias(g, "hard", "rollouts:iters=1500,threads=2");
  const std::pair<const char*, const char*> catalogue[] = {
      {"easy", "expert: the scripted player, charges it would win, skirmishers at range"},
      {"normal", "rollouts:iters=400: each choice played out to the battle's end by the scripted player, on the same dice"},
      {"hard", "rollouts:iters=1500,threads=2: the same with almost four times the playouts, on two threads"},
      {"random", "enters any legal commitment at random"},
  };
  for (const auto& [spec, help] : catalogue) register_bot_catalogue(g, spec, help);

  // The arena's positions (calibration, and `arena --positions` to fit the evaluation): one a
  // period, at side A's first normal-move commitment (step 7). The declare step comes first but
  // asks nothing in the many periods where no charge is possible, and the positions would be
  // mostly the periods of charges.
  ArenaHooks hooks;
  hooks.turn_start = [](const game::State& gs) {
    const State& s = state_of(gs);
    if (s.step != Step::Move || s.side != 0) return false;
    for (uint32_t c : s.commit)
      if (c) return false;
    return true;
  };
  hooks.features = [](const game::State& gs, double out[12]) {
    Wrg6Model m(scenario_of(gs));
    m.features(state_of(gs), 0, out);
    return kWrg6Features;
  };
  hooks.feature_names.assign(std::begin(kWrg6FeatureNames), std::end(kWrg6FeatureNames));
  register_arena_hooks(g, std::move(hooks));
}

}  // namespace bgb::wrg6
