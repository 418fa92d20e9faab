#include "cca/model/bots.h"

#include <algorithm>
#include <cstdio>

#include "ai/arena.h"
#include "ai/flat_mc.h"
#include "ai/greedy.h"
#include "ai/ismcts.h"
#include "ai/policy.h"
#include "ai/turn_plan.h"
#include "cca/cca_game.h"
#include "cca/model/cca_model.h"
#include "cca/model/play_watcher.h"
#include "cca/rules.h"

namespace bgb::cca {

using namespace bgb::ai;

namespace {

// The evaluation and scores a bot's options ask for.
CcaModel model_for(const Scenario& scn, const BotOptions& o) {
  CcaModel m(scn, o.prune != 0, o.legacy != 0);
  m.ring = o.ring == 1;
  if (o.lead >= 0) m.lead_groups = o.lead == 1;
  if (o.extra >= 1 && !o.legacy) m.weights = &extra_eval_weights();  // 2 is a variant of other games
  m.trap = o.trap == 1 || o.trap == 3;
  m.trap_moves = o.trap == 2 || o.trap == 3;
  return m;
}


void explain(const SearchResult<Action>& r, Explanation* why, int keep = 5) {
  if (!why) return;
  *why = Explanation{};
  for (int i = 0; i < int(r.root.size()) && i < keep; ++i)
    why->best.push_back(ActionValue{r.root[i].action.v, std::clamp(r.root[i].value, 0.0, 1.0), r.root[i].visits});
  why->win_chance = r.root.empty() ? 0.5 : std::clamp(r.root[0].value, 0.0, 1.0);
  why->iterations = r.iterations;
  why->seconds = r.seconds;
}

// A legal action when the search has nothing to say (one legal action, or none).
bool trivial(const Scenario& scn, const State& s, Action& out) {
  ActionList list;
  legal_actions(scn, s, list);
  if (list.size() == 0) {
    out = Action::make(ActionType::EndBattles);
    return true;
  }
  if (list.size() == 1) {
    out = list[0];
    return true;
  }
  return false;
}

class GreedyBot : public CcaBot {
 public:
  explicit GreedyBot(const BotOptions& o) : o_(o) {
    if (o.samples > 0) p_.samples = o.samples;
  }
  std::string spec() const override { return options_spec("greedy", o_); }
  Action choose_cca(const Scenario& scn, const State& s, Rng& rng, Explanation* why) override {
    Action a;
    if (trivial(scn, s, a) && !why) return a;
    const CcaModel m = model_for(scn, o_);
    auto r = greedy_search(m, s, int(s.decider), p_, rng);
    explain(r, why);
    return r.root.empty() ? a : r.root[0].action;
  }

 private:
  BotOptions o_;
  GreedyParams p_;
};

// The scripted expert: the scored tactical rules of CcaModel::action_prior, no search. The
// observation is dealt once (from the bot's Rng) only so that a card's orders can be counted on
// a concrete state; the scores read the board, the own hand and the public facts.
class ExpertBot : public CcaBot {
 public:
  explicit ExpertBot(const BotOptions& o) : o_(o) {}
  std::string spec() const override { return options_spec("expert", o_); }
  Action choose_cca(const Scenario& scn, const State& obs, Rng& rng, Explanation* why) override {
    const CcaModel m = model_for(scn, o_);
    State s = obs;
    m.determinize(s, int(obs.decider), rng);
    ActionList list;
    m.legal_actions(s, list);
    if (list.size() == 0) return Action::make(ActionType::EndBattles);
    std::vector<std::pair<double, int>> scored;
    CcaModel::PriorScorer prior = m.prior_scorer(s);
    for (int i = 0; i < list.size(); ++i) scored.push_back({prior(list[i]), i});
    std::stable_sort(scored.begin(), scored.end(), [](auto& x, auto& y) { return x.first > y.first; });
    const Action best = list[scored[0].second];
    if (why) {
      *why = Explanation{};
      const int p = int(obs.decider);
      for (int k = 0; k < int(scored.size()) && k < 3; ++k) {
        double v = 0;
        const int samples = 4;
        for (int j = 0; j < samples; ++j) {
          State c = s;
          ActionList next;
          m.apply(c, list[scored[k].second], rng, &next);
          v += state_value(m, c, p);
        }
        why->best.push_back(ActionValue{list[scored[k].second].v, v / samples, 0});
      }
      why->win_chance = why->best.empty() ? 0.5 : why->best[0].value;
      why->iterations = 0;
    }
    return best;
  }

 private:
  BotOptions o_;
};

// The ISMCTS decision (the ismcts bot's, and the plan bot's outside its plans): the only legal
// action at once when no explanation is asked for, else the most visited root action.
Action ismcts_choose(const CcaModel& m, const Scenario& scn, const State& s, const SearchBudget& budget,
                     const IsmctsParams& p, Rng& rng, Explanation* why) {
  Action a = Action::make(ActionType::EndBattles);
  if (trivial(scn, s, a) && !why) return a;
  auto r = ismcts_search(m, s, int(s.decider), budget, p, rng);
  explain(r, why);
  return r.root.empty() ? a : r.root[0].action;
}

class FlatMcBot : public CcaBot {
 public:
  explicit FlatMcBot(const BotOptions& o) : o_(o) {
    if (o.c >= 0) p_.c_ucb = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.horizon > 0) p_.horizon = o.horizon;
    if (o.paired >= 0) p_.paired = o.paired == 1;
    if (o.keep >= 0) p_.keep = o.keep;
    if (o_.budget.unlimited()) o_.budget.ms = 500;
  }
  std::string spec() const override { return options_spec("flatmc", o_); }
  double think_ms() const override { return o_.budget.ms; }
  Action choose_cca(const Scenario& scn, const State& s, Rng& rng, Explanation* why) override {
    Action a;
    if (trivial(scn, s, a) && !why) return a;
    const CcaModel m = model_for(scn, o_);
    auto r = flat_mc_search(m, s, int(s.decider), o_.budget, p_, rng);
    explain(r, why);
    return r.root.empty() ? a : r.root[0].action;
  }

 private:
  BotOptions o_;
  FlatMcParams p_;
};

class IsmctsBot : public CcaBot {
 public:
  IsmctsBot(const BotOptions& o, bool cheat) : o_(o), cheat_(cheat) {
    if (o.c >= 0) p_.c_uct = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.horizon > 0) p_.horizon = o.horizon;
    if (o.reach >= 0) p_.rollout_turns = o.reach;
    p_.determinize = !cheat;
    if (o.bias >= 0) p_.prior_bias = o.bias;  // off unless given (docs/bots.md)
    if (o_.budget.unlimited()) o_.budget.ms = 1000;
  }
  std::string spec() const override { return options_spec(cheat_ ? "cheat" : "ismcts", o_); }
  double think_ms() const override { return o_.budget.ms; }
  bool sees_everything() const override { return cheat_; }
  Action choose_cca(const Scenario& scn, const State& s, Rng& rng, Explanation* why) override {
    const CcaModel m = model_for(scn, o_);
    return ismcts_choose(m, scn, s, o_.budget, p_, rng, why);
  }

 private:
  BotOptions o_;
  bool cheat_;
  IsmctsParams p_;
};

// The planner: at the first decision of its turn's plan part (the card) it plans the card, the
// orders and the moves as one choice (TurnPlanner), then plays that plan step by step while the
// position is the one the plan expects; if it is not (a chance event inside the plan, an undo),
// it plans again from there. Battles, and all decisions in the other side's turn, go to ISMCTS.
class PlanBot : public CcaBot {
 public:
  explicit PlanBot(const BotOptions& o) : o_(o) {
    if (o.c >= 0) p_.c_uct = o.c;
    if (o.rollout >= 0) p_.rollout.max_steps = o.rollout;
    if (o.reach >= 0) p_.rollout_turns = o.reach, pp_.rollout_turns = o.reach;
    if (o.bias >= 0) p_.prior_bias = o.bias;  // the battles' and replies' ISMCTS (off unless given)
    if (o_.budget.unlimited()) o_.budget.ms = 1000;
    factor_ = o.plan >= 0 ? o.plan : 4.0;
    if (o.wide == 0) pp_.max_plans = 0;
    if (o.wide > 0) pp_.evals_per_plan = o.wide;
    if (o.pool > 0) pp_.plans = o.pool;
    if (o.preach >= 0) pp_.rollout_turns = o.preach;
    if (o.rsample > 0) pp_.rollout.sample = o.rsample;
    if (o.rexplore >= 0) pp_.rollout.explore_pct = o.rexplore;
    if (o.sharp >= 0) pp_.sharp = o.sharp == 1;
    if (o.evo >= 0) pp_.evo_rounds = o.evo;
    if (o.mut >= 0) pp_.mutation = o.mut;
    finish_ = o.finish;
    if (finish_ >= 2) share_ = (o.fshare > 0 ? o.fshare : 50) / 100.0;
  }
  std::string spec() const override { return options_spec("plan", o_); }
  double think_ms() const override { return o_.budget.ms * std::max(1.0, factor_); }
  // Plans searched since the bot was made (for tests: one per turn when nothing interferes).
  long plans_made() const { return plans_made_; }
  Action choose_cca(const Scenario& scn, const State& s, Rng& rng, Explanation* why) override {
    const CcaModel m = model_for(scn, o_);
    if (!m.in_plan(s)) {
      plan_.clear();
      return ismcts_choose(m, scn, s, o_.budget, p_, rng, why);
    }
    if (next_ < plan_.size() && expected_[next_] == s) {
      if (why) {
        *why = Explanation{};
        why->best.push_back(ActionValue{plan_[next_].v, value_, 0});
        why->win_chance = value_;
      }
      return plan_[next_++];
    }
    Action a = Action::make(ActionType::EndBattles);
    if (trivial(scn, s, a) && !why) return a;
    TurnPlanner<CcaModel> planner(m, pp_);
    const long evals = o_.budget.iters > 0 ? long(double(o_.budget.iters) * factor_) : 1000000000L;
    const double ms = o_.budget.ms * factor_;
    auto r = planner.search(s, long(double(evals) * (1 - share_)), ms * (1 - share_), o_.budget.threads, rng);
    ++plans_made_;
    plan_.clear();
    expected_.clear();
    next_ = 0;
    if (r.plans.empty()) return a;
    if (finish_ >= 2) finish(m, planner, s, r, long(double(evals) * share_), ms * share_, rng);
    // The plan as it plays on the observation itself, with the position expected before each step.
    State c = s;
    Rng scratch(1);
    ActionList legal;
    m.legal_actions(c, legal);
    for (const Action& x : r.plans[0].actions) {
      if (!TurnPlanner<CcaModel>::contains(legal, x) || !planner.same_part(s, c)) break;
      expected_.push_back(c);
      plan_.push_back(x);
      m.apply(c, x, scratch, &legal);
    }
    value_ = std::clamp(r.plans[0].mean(), 0.0, 1.0);
    if (why) {
      // One line per first choice (a card): the value of its most judged plan (the best mean of
      // plans dropped early is the most flattered by luck), the chosen plan's choice first, the
      // others by value.
      *why = Explanation{};
      std::vector<long> most;  // evaluations of the plan whose value is shown, per line
      for (const auto& p : r.plans) {
        if (p.actions.empty()) continue;
        auto it = std::find_if(why->best.begin(), why->best.end(), [&](const ActionValue& v) { return v.action == p.actions[0].v; });
        if (it == why->best.end()) {
          why->best.push_back(ActionValue{p.actions[0].v, std::clamp(p.mean(), 0.0, 1.0), 0});
          most.push_back(-1);
          it = why->best.end() - 1;
        }
        long& m = most[size_t(it - why->best.begin())];
        if (p.n > m) m = p.n, it->value = std::clamp(p.mean(), 0.0, 1.0);
        it->visits += p.n;
      }
      if (why->best.size() > 2)
        std::stable_sort(why->best.begin() + 1, why->best.end(),
                         [](const ActionValue& x, const ActionValue& y) { return x.value > y.value; });
      if (why->best.size() > 5) why->best.resize(5);
      // The chance said is the chosen card's line: its most judged plan, not the chosen plan's
      // own mean, which may be a late child's on few samples (a play-tester read "about 91%"
      // above a best line of 88%).
      if (!why->best.empty()) value_ = why->best[0].value;
      why->win_chance = value_;
      why->iterations = r.evaluations;
      why->seconds = r.seconds;
    }
    if (plan_.empty()) return r.plans[0].actions[0];
    return plan_[next_++];
  }

 private:
  // The planner judges a plan by playing its battles with the rollout policy; the ISMCTS that
  // then plays them searches them in a tree. So the best plans (the most judged: the last
  // rounds') are judged again here by that search, from the position each leaves, on the same
  // seeds, and the best of them by its value goes first.
  void finish(const CcaModel& m, const TurnPlanner<CcaModel>& planner, const State& s, PlanResult<Action>& r,
              long evals, double ms, Rng& rng) {
    std::vector<size_t> order(r.plans.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return r.plans[x].n > r.plans[y].n; });
    const size_t k = std::min(order.size(), size_t(finish_));
    if (k < 2) return;
    IsmctsParams p = p_;
    p.stop_when_decided = false;  // the value is wanted, not only the choice
    SearchBudget b;
    b.iters = o_.budget.iters > 0 ? std::max(1L, evals / long(k)) : 0;
    b.ms = ms > 0 ? ms / double(k) : 0;
    b.threads = o_.budget.threads;
    const uint64_t seed = rng.next();
    const int me = int(s.decider);
    size_t best = order[0];
    double best_v = -1;
    for (size_t j = 0; j < k; ++j) {
      const size_t i = order[j];
      const State c = planner.end_state(s, r.plans[i].actions);
      double v;
      if (m.is_terminal(c)) {
        v = state_value(m, c, me);
      } else {
        // Searched from the bot's own side only: the position is its observation, which a
        // search for the other side would read as that side's knowledge (not met at the end of a
        // plan, where the bot's battles come next, but kept out all the same).
        if (int(c.decider) != me) continue;
        Rng rr(seed);
        auto sr = ismcts_search(m, c, me, b, p, rr);
        if (sr.root.empty()) continue;
        v = sr.root[0].value;
      }
      if (v > best_v) best_v = v, best = i;
    }
    if (best != 0) std::swap(r.plans[0], r.plans[best]);
  }

  BotOptions o_;
  IsmctsParams p_;
  PlanParams pp_;
  int finish_ = -1;
  double share_ = 0;
  double factor_ = 4.0;
  std::vector<Action> plan_;
  std::vector<State> expected_;
  size_t next_ = 0;
  double value_ = 0.5;
  long plans_made_ = 0;
};

}  // namespace

std::unique_ptr<Bot> make_plan_bot(const BotOptions& o) { return std::make_unique<PlanBot>(o); }

Action random_action(const Scenario& scn, const State& s, Rng& rng) {
  ActionList acts;
  legal_actions(scn, s, acts);
  if (acts.empty()) return Action{};
  return acts[int(rng.below(uint32_t(acts.size())))];
}

game::ActionCode CcaBot::choose(const game::State& s, Rng& rng, Explanation* why) {
  return choose_cca(cca::scenario_of(s), cca::state_of(s), rng, why).v;
}

Action choose_in(Bot& bot, const Scenario& scn, const State& s, Rng& rng, Explanation* why) {
  const std::unique_ptr<game::State> g = cca::wrap_state(cca::borrow_scenario(scn), s);
  return cca::Action{uint32_t(bot.choose(*g, rng, why))};
}
std::unique_ptr<Bot> make_greedy_bot(const BotOptions& o) { return std::make_unique<GreedyBot>(o); }
std::unique_ptr<Bot> make_expert_bot(const BotOptions& o) { return std::make_unique<ExpertBot>(o); }
std::unique_ptr<Bot> make_flatmc_bot(const BotOptions& o) { return std::make_unique<FlatMcBot>(o); }
std::unique_ptr<Bot> make_ismcts_bot(const BotOptions& o, bool cheat) { return std::make_unique<IsmctsBot>(o, cheat); }

void register_bots() {
  const std::string g = kGameName;
  register_bot_kind(g, "greedy", [](const BotOptions& o) { return make_greedy_bot(o); });
  register_bot_kind(g, "expert", [](const BotOptions& o) { return make_expert_bot(o); });
  register_bot_kind(g, "flatmc", [](const BotOptions& o) { return make_flatmc_bot(o); });
  register_bot_kind(g, "ismcts", [](const BotOptions& o) { return make_ismcts_bot(o, false); });
  register_bot_kind(g, "cheat", [](const BotOptions& o) { return make_ismcts_bot(o, true); });
  register_bot_kind(g, "plan", [](const BotOptions& o) { return make_plan_bot(o); });
  // The difficulty levels (docs/bots.md says why these).
  register_bot_alias(g, "easy", "greedy");
  register_bot_alias(g, "normal", "plan:iters=500");
  register_bot_alias(g, "hard", "plan:ms=1000,threads=2");
  const std::pair<const char*, const char*> catalogue[] = {
      {"easy", "greedy: the best immediate outcome of each decision"},
      {"normal", "plan:iters=500: plans each turn as a whole from 2,000 trials (a quarter second; the same game for the same seed)"},
      {"hard", "plan:ms=1000,threads=2: plans each turn in about four seconds on both cores"},
      {"random", "plays any legal move at random"},
      {"greedy", "the best immediate outcome of each decision, averaged over a few dice rolls"},
      {"expert", "a scripted player: supported lines, good-odds attacks, pulling back the damaged"},
      {"flatmc:ms=500", "flat Monte Carlo over the decisions, with guided playouts to the turn's end"},
      {"ismcts:ms=1000", "Information-Set Monte Carlo Tree Search of the turn's decisions"},
      {"plan:ms=1000", "whole-turn plans (card, orders, moves) judged on re-dealt copies, then ISMCTS for battles"},
  };
  for (const auto& [spec, help] : catalogue) register_bot_catalogue(g, spec, help);

  ArenaHooks hooks;
  hooks.watcher = [](const game::State& start) -> std::unique_ptr<PlayWatcher> {
    return std::make_unique<CcaPlayWatcher>(scenario_of(start));
  };
  hooks.turn_start = [](const game::State& s) { return state_of(s).decision == Decision::PlayCard; };
  hooks.features = [](const game::State& s, double out[12]) {
    const CcaModel model(scenario_of(s));
    model.features(state_of(s), 0, out);
    return kEvalFeatures;
  };
  hooks.feature_names.assign(std::begin(kEvalFeatureNames), std::end(kEvalFeatureNames));
  register_arena_hooks(g, std::move(hooks));
}

}  // namespace bgb::cca
