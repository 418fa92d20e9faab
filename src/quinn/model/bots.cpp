#include "quinn/model/bots.h"

#include <algorithm>
#include <cstdio>

#include "ai/arena.h"
#include "ai/bot.h"
#include "ai/flat_mc.h"
#include "ai/greedy.h"
#include "ai/ismcts.h"
#include "quinn/model/quinn_model.h"
#include "quinn/quinn_game.h"

namespace bgb::quinn {

using namespace bgb::ai;

namespace {

void explain(const SearchResult<Act>& r, Explanation* why) {
  if (!why) return;
  *why = Explanation{};
  for (int i = 0; i < int(r.root.size()) && i < 5; ++i)
    why->best.push_back(ActionValue{r.root[i].action, std::clamp(r.root[i].value, 0.0, 1.0), r.root[i].visits});
  why->win_chance = r.root.empty() ? 0.5 : std::clamp(r.root[0].value, 0.0, 1.0);
  why->iterations = r.iterations;
  why->seconds = r.seconds;
}

// A Quinn bot: unwraps the game-layer state and chooses on Quinn's types.
class QuinnBot : public Bot {
 public:
  game::ActionCode choose(const game::State& gs, Rng& rng, Explanation* why) final {
    const Scenario& scn = scenario_of(gs);
    const State& s = state_of(gs);
    QuinnModel m(scn);
    m.threats = extra_ != 0;
    if (extra_ == 2) m.threat_weight = 0.6;
    m.pass_first = prune_ == 0;
    m.careful = careful_;
    QuinnActions legal;
    m.legal_actions(s, legal);
    if (legal.size() == 0) return make(Kind::EndPhase);
    if (legal.size() == 1 && !why) return legal[0];
    return decide(m, s, legal, rng, why);
  }
  virtual Act decide(const QuinnModel& m, const State& s, const QuinnActions& legal, Rng& rng, Explanation* why) = 0;

 protected:
  int extra_ = -1;  // the bot option extra (1: the evaluation counts threats)
  int prune_ = -1;  // the bot option prune (0: the search may also pass a phase at once)
  // Careful play (QuinnModel::careful): the searches' default, off with legacy=1. The scripted
  // expert keeps the priors it was measured with: it is the yardstick of docs/strength.md.
  bool careful_ = false;
};

// The scripted expert: the priors of QuinnModel (good-odds charges, closing in, shooters keeping
// their range, always firing), no search.
class ExpertBot : public QuinnBot {
 public:
  explicit ExpertBot(const BotOptions& o) : o_(o) {}
  std::string spec() const override { return options_spec("expert", o_); }
  Act decide(const QuinnModel& m, const State& s, const QuinnActions& legal, Rng&, Explanation* why) override {
    int best = 0;
    double top = -1e300;
    for (int i = 0; i < legal.size(); ++i) {
      const double p = m.action_prior(s, legal[i]);
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

class GreedyBot : public QuinnBot {
 public:
  explicit GreedyBot(const BotOptions& o) : o_(o) {
    careful_ = o.legacy == 0;
    if (o.samples > 0) p_.samples = o.samples;
  }
  std::string spec() const override { return options_spec("greedy", o_); }
  Act decide(const QuinnModel& m, const State& s, const QuinnActions&, Rng& rng, Explanation* why) override {
    auto r = greedy_search(m, s, to_decide(s), p_, rng);
    explain(r, why);
    return r.root.empty() ? make(Kind::EndPhase) : r.root[0].action;
  }

 private:
  BotOptions o_;
  GreedyParams p_;
};

class FlatMcBot : public QuinnBot {
 public:
  explicit FlatMcBot(const BotOptions& o) : o_(o) {
    careful_ = o.legacy == 0;
    if (o.c >= 0) p_.c_ucb = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.horizon > 0) p_.horizon = o.horizon;
    if (o.paired >= 0) p_.paired = o.paired == 1;
    if (o.keep >= 0) p_.keep = o.keep;
    if (o_.budget.unlimited()) o_.budget.ms = 500;
  }
  std::string spec() const override { return options_spec("flatmc", o_); }
  double think_ms() const override { return o_.budget.ms; }
  Act decide(const QuinnModel& m, const State& s, const QuinnActions&, Rng& rng, Explanation* why) override {
    auto r = flat_mc_search(m, s, to_decide(s), o_.budget, p_, rng);
    explain(r, why);
    return r.root.empty() ? make(Kind::EndPhase) : r.root[0].action;
  }

 private:
  BotOptions o_;
  FlatMcParams p_;
};

class IsmctsBot : public QuinnBot {
 public:
  explicit IsmctsBot(const BotOptions& o) : o_(o) {
    careful_ = o.legacy == 0;
    extra_ = o.extra;
    prune_ = o.prune;
    if (o.c >= 0) p_.c_uct = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.horizon > 0) p_.horizon = o.horizon;
    if (o.reach >= 0) p_.rollout_turns = o.reach;
    p_.determinize = false;  // nothing is hidden: the root is the true state
    if (careful_) {
      // A stand's list is long (some seventy template moves and its charges) and most of its
      // moves differ by less than the dice can show in a few hundred iterations: the tree widens
      // in the order of the priors over the whole list (not the best of a sample of 24, which
      // may miss the expert's own move), and the rest of the phase is played closer to the
      // priors (rollout tournaments of rsample actions, rexplore percent random).
      p_.expand_sample = 1 << 20;
      p_.rollout.sample = o.rsample > 0 ? o.rsample : 6;
      p_.rollout.explore_pct = o.rexplore >= 0 ? o.rexplore : 10;
      // Where a few hundred iterations cannot tell a stand's moves apart, the priors decide
      // (progressive bias, weight 1: 0.740 against the expert, 0.660 without; docs/strength.md).
      p_.prior_bias = o.bias >= 0 ? o.bias : 1.0;
    }
    if (o_.budget.unlimited()) o_.budget.ms = 1000;
  }
  std::string spec() const override { return options_spec("ismcts", o_); }
  double think_ms() const override { return o_.budget.ms; }
  Act decide(const QuinnModel& m, const State& s, const QuinnActions& legal, Rng& rng, Explanation* why) override {
    auto r = ismcts_search(m, s, to_decide(s), o_.budget, p_, rng);
    explain(r, why);
    return r.root.empty() ? legal[0] : r.root[0].action;
  }

 private:
  BotOptions o_;
  IsmctsParams p_;
};

}  // namespace

void register_bots() {
  const std::string g = kGameName;
  register_bot_kind(g, "expert", [](const BotOptions& o) { return std::make_unique<ExpertBot>(o); });
  register_bot_kind(g, "greedy", [](const BotOptions& o) { return std::make_unique<GreedyBot>(o); });
  register_bot_kind(g, "flatmc", [](const BotOptions& o) { return std::make_unique<FlatMcBot>(o); });
  register_bot_kind(g, "ismcts", [](const BotOptions& o) { return std::make_unique<IsmctsBot>(o); });
  register_bot_alias(g, "easy", "expert");
  register_bot_alias(g, "normal", "ismcts:iters=300,reach=0");
  register_bot_alias(g, "hard", "ismcts:iters=2000,reach=0,threads=2");
  const std::pair<const char*, const char*> catalogue[] = {
      {"easy", "expert: charges at good odds, closes in, shoots whatever it can"},
      {"normal", "ismcts:iters=300,reach=0: a short search of each decision, to the end of the phase"},
      {"hard", "ismcts:iters=2000,reach=0,threads=2: a search of each decision on both cores, about a second"},
      {"random", "plays any legal move at random"},
  };
  for (const auto& [spec, help] : catalogue) register_bot_catalogue(g, spec, help);

  // The arena's positions (for fitting the evaluation) and calibration: the start of each
  // movement phase, where the search's look ahead ends (its horizon is the phase).
  ArenaHooks hooks;
  hooks.turn_start = [](const game::State& gs) {
    const State& s = state_of(gs);
    return s.decision == Decision::Activate && s.activated == 0 && !s.fire_phase;
  };
  hooks.features = [](const game::State& gs, double out[12]) {
    QuinnModel m(scenario_of(gs));
    m.careful = true;
    m.features(state_of(gs), 0, out);
    return kQuinnFeatures;
  };
  hooks.feature_names.assign(std::begin(kQuinnFeatureNames), std::end(kQuinnFeatureNames));
  register_arena_hooks(g, std::move(hooks));
}

}  // namespace bgb::quinn
