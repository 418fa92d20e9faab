// The bots: generic search building blocks on a toy model (no C&C), the C&C evaluation, every
// bot on every battle, explanations, and fairness (a bot's choice depends only on what its side
// can see). Budgets are iteration counts, so every result here is deterministic.
#include <gtest/gtest.h>

#include "cca/cca_game.h"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/search.h"
#include "cca/model/bots.h"
#include "cca/model/cca_model.h"
#include "ai/forward_model.h"
#include "ai/ismcts.h"
#include "ai/flat_mc.h"
#include "ai/greedy.h"
#include "cca/observation.h"
#include "cca/rules.h"

namespace bgb::ai {

namespace {

using namespace bgb::cca;

// A toy game for the generic layer: player 0 picks one of n actions; action i wins with
// probability i/n (a chance draw in apply). A hidden "card" is re-dealt by determinize(), which
// counts its calls.
struct ToyModel {
  struct State {
    int picked = -1;
    int winner = -1;
    int hidden = 0;
    bool done = false;
  };
  using Action = int;
  struct ActionList {
    int items[64];
    int n = 0;
    int size() const { return n; }
    int operator[](int i) const { return items[i]; }
  };
  int n = 20;
  mutable long determinized = 0;
  void legal_actions(const State& s, ActionList& out) const {
    out.n = 0;
    if (s.done) return;
    for (int i = 0; i < n; ++i) out.items[out.n++] = i;
  }
  void apply(State& s, Action a, Rng& rng, ActionList* next) const {
    s.picked = a;
    s.done = true;
    s.winner = int(rng.below(uint32_t(n))) < a ? 0 : 1;
    if (next) legal_actions(s, *next);
  }
  bool is_terminal(const State& s) const { return s.done; }
  int winner(const State& s) const { return s.winner; }
  int current_player(const State&) const { return 0; }
  void determinize(State& s, int, Rng& rng) const {
    s.hidden = int(rng.below(100));
    ++determinized;
  }
  double evaluate(const State&, int) const { return 0.5; }
  double action_prior(const State&, Action a) const { return -a; }  // misleading on purpose
  uint64_t horizon_key(const State& s) const { return s.done ? 1 : 0; }
};
static_assert(ForwardModel<ToyModel>);

// Two turns: player 0 picks a in {0, 1}, then player 1 picks b in {0, 1}. The evaluation after
// the first turn flatters a = 1, but a = 1 is refuted by b = 1; a = 0 wins whatever b is. The
// refutation is also the obvious move (the higher prior), so a guided rollout finds it.
struct TrapModel {
  struct State {
    int turn = 0, a = -1, b = -1;
  };
  using Action = int;
  using ActionList = ToyModel::ActionList;
  void legal_actions(const State& s, ActionList& out) const {
    out.n = 0;
    if (s.turn >= 2) return;
    out.items[out.n++] = 0;
    out.items[out.n++] = 1;
  }
  void apply(State& s, Action x, Rng&, ActionList* next) const {
    (s.turn == 0 ? s.a : s.b) = x;
    s.turn++;
    if (next) legal_actions(s, *next);
  }
  bool is_terminal(const State& s) const { return s.turn >= 2; }
  int winner(const State& s) const { return s.a == 1 && s.b == 1 ? 1 : 0; }
  int current_player(const State& s) const { return s.turn; }
  void determinize(State&, int, Rng&) const {}
  double evaluate(const State& s, int p) const {
    const double v0 = s.a == 1 ? 0.9 : 0.6;
    return p == 0 ? v0 : 1.0 - v0;
  }
  double action_prior(const State& s, Action x) const { return s.turn == 1 && x == 1 ? 1.0 : 0.0; }
  uint64_t horizon_key(const State& s) const { return uint64_t(s.turn); }
};
static_assert(ForwardModel<TrapModel>);

// One draw u in 0..99 decides every action: 0 (the best prior) wins when u < 50, 1 when u >= 50
// (as good, but on the other half of the draws), 2 when u < 90 (clearly better); `n` of them offered.
struct CoinModel {
  struct State {
    int winner = -1;
    bool done = false;
  };
  using Action = int;
  using ActionList = ToyModel::ActionList;
  int n = 3;
  void legal_actions(const State& s, ActionList& out) const {
    out.n = 0;
    if (s.done) return;
    for (int i = 0; i < n; ++i) out.items[out.n++] = i;
  }
  void apply(State& s, Action a, Rng& rng, ActionList* next) const {
    const int u = int(rng.below(100));
    const bool win = a == 0 ? u < 50 : a == 1 ? u >= 50 : u < 90;
    s.winner = win ? 0 : 1;
    s.done = true;
    if (next) legal_actions(s, *next);
  }
  bool is_terminal(const State& s) const { return s.done; }
  int winner(const State& s) const { return s.winner; }
  int current_player(const State&) const { return 0; }
  void determinize(State&, int, Rng&) const {}
  double evaluate(const State&, int) const { return 0.5; }
  double action_prior(const State&, Action a) const { return -a; }
  uint64_t horizon_key(const State& s) const { return s.done ? 1 : 0; }
};
static_assert(ForwardModel<CoinModel>);

// Two decisions of player 0 with one of player 1 between: first `a`, then `b`. a = 0 wins 60% of
// the time whatever follows; a = 1 wins when b = 1 and loses when b = 0. The model's own priors
// (style 0) play b = 0, its style 1 plays b = 1: only a search that tries style 1 for its own
// later decision sees that a = 1 wins.
struct PlanModel {
  struct State {
    int step = 0, a = -1, b = -1, winner = -1;
    bool done = false;
  };
  using Action = int;
  using ActionList = ToyModel::ActionList;
  void legal_actions(const State& s, ActionList& out) const {
    out.n = 0;
    if (s.done) return;
    out.items[out.n++] = 0;
    if (s.step != 1) out.items[out.n++] = 1;
  }
  void apply(State& s, Action x, Rng& rng, ActionList* next) const {
    if (s.step == 0) s.a = x;
    if (s.step == 2) {
      s.b = x;
      s.winner = (s.a == 0 ? rng.below(100) < 60 : s.b == 1) ? 0 : 1;
      s.done = true;
    }
    ++s.step;
    if (next) legal_actions(s, *next);
  }
  bool is_terminal(const State& s) const { return s.done; }
  int winner(const State& s) const { return s.winner; }
  int current_player(const State& s) const { return s.step == 1 ? 1 : 0; }
  void determinize(State&, int, Rng&) const {}
  double evaluate(const State&, int) const { return 0.5; }
  double action_prior(const State&, Action x) const { return -x; }
  struct Scorer {
    int style;
    double operator()(Action x) const { return style == 1 ? double(x) : -double(x); }
  };
  Scorer prior_scorer(const State&) const { return Scorer{0}; }
  Scorer prior_scorer(const State&, int style) const { return Scorer{style}; }
  int styles() const { return 2; }
  uint64_t horizon_key(const State& s) const { return s.done ? 1 : 0; }
};
static_assert(ForwardModel<PlanModel>);
static_assert(ForwardModel<CcaModel>);

}  // namespace

// Issue 13: bot specs are parsed strictly. Numbers are decimal only (no exponent, sign,
// hexadecimal, infinity or NaN), each key once, every option in its range; the levels' specs read.
TEST(BotSpec, OptionsAreParsedStrictly) {
  cca::register_bots();
  const char* bad[] = {"ismcts:ms=1e9",          "ismcts:ms=inf",       "ismcts:ms=nan",     "ismcts:ms=0x7fffffff",
                       "ismcts:ms=1,ms=99999999", "ismcts:iters=1000000000000", "flatmc:iters=1e15",
                       "ismcts:threads=40000",   "ismcts:threads=0",    "ismcts:ms=-5",      "ismcts:ms=+5",
                       "ismcts:ms=",             "ismcts:ms",           "ismcts:",           "ismcts:ms=5,",
                       "ismcts:iters=2.5",       "ismcts:ms=1.",        "ismcts:ms=.5",      "ismcts:colour=red",
                       "ismcts:legacy,legacy",   "plan:iters=500,iters=500", "greedy:samples=0", "plan:prune=2"};
  for (const char* spec : bad) {
    std::string err;
    EXPECT_EQ(ai::make_bot(cca::kGameName, spec, &err), nullptr) << spec;
    EXPECT_FALSE(err.empty()) << spec;
  }
  for (const char* spec : {"normal", "hard", "easy", "expert", "random", "ismcts:ms=2.5", "ismcts:legacy,ms=1000,threads=2",
                           "plan:iters=500,threads=2,plan=4", "flatmc:iters=100", "greedy:samples=4"}) {
    std::string err;
    EXPECT_NE(ai::make_bot(cca::kGameName, spec, &err), nullptr) << spec << ": " << err;
  }
  ai::BotOptions o;
  std::string err;
  ASSERT_TRUE(ai::parse_bot_options("ms=2.5,iters=300,threads=2", o, &err)) << err;
  EXPECT_DOUBLE_EQ(o.budget.ms, 2.5);
  EXPECT_EQ(o.budget.iters, 300);
  EXPECT_EQ(o.budget.threads, 2);
  EXPECT_FALSE(ai::parse_bot_options("ms=1e9", o, &err));
  EXPECT_EQ(err, "bot option \"ms=1e9\": a decimal number (digits, an optional point)");
  EXPECT_FALSE(ai::parse_bot_options("threads=40000", o, &err));
  EXPECT_EQ(err, "bot option \"threads=40000\" is out of range (1 to 64)");
  EXPECT_FALSE(ai::parse_bot_options("iters=5,iters=6", o, &err));
  EXPECT_EQ(err, "bot option \"iters\" given twice");
}

// A search stops when asked (the protocol's `stop`), with a legal choice: a think of ten minutes
// asked to stop returns at once.
TEST(BotSpec, ASearchStopsWhenAsked) {
  cca::register_bots();
  const cca::Scenario& scn = *cca::find_builtin_scenario("001");
  Rng rng(3);
  const cca::State st = cca::new_game(scn, rng);
  auto state = cca::wrap_state(cca::borrow_scenario(scn), st);
  for (const char* spec : {"ismcts:ms=600000", "plan:ms=600000", "flatmc:ms=600000"}) {
    auto bot = ai::make_bot(cca::kGameName, spec);
    ASSERT_NE(bot, nullptr) << spec;
    ai::stop_requested() = true;
    const auto t0 = std::chrono::steady_clock::now();
    Rng r(5);
    const game::ActionCode a = bot->choose(*state->observation(state->current_player()), r);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ai::stop_requested() = false;
    const std::vector<game::ActionCode> legal = state->legal_actions();
    EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << spec;
    EXPECT_LT(s, 60.0) << spec << " did not stop";
  }
}

TEST(AiBuildingBlocks, UctPrefersBetterMeanAndUnvisited) {
  using T = IsmctsTree<ToyModel>;
  EXPECT_GT(T::uct(0, 0, 10, 0.6), 100.0);                       // unvisited first
  EXPECT_GT(T::uct(8, 10, 20, 0.6), T::uct(5, 10, 20, 0.6));     // better mean
  EXPECT_GT(T::uct(5, 10, 100, 0.6), T::uct(50, 100, 100, 0.6)); // same mean, fewer visits
  EXPECT_DOUBLE_EQ(T::uct(5, 10, 1, 0.6), 0.5);                  // log(1) = 0: the mean alone
}

TEST(AiBuildingBlocks, ProgressiveWideningLimitsChildren) {
  IsmctsParams p;
  EXPECT_EQ(IsmctsTree<ToyModel>::widening_limit(p, 1), 2);
  EXPECT_EQ(IsmctsTree<ToyModel>::widening_limit(p, 100), 15);
  ToyModel m;
  IsmctsTree<ToyModel> tree(m, p);
  Rng rng(1);
  ToyModel::State root;
  for (int i = 0; i < 9; ++i) tree.iterate(root, 0, rng);
  // 9 visits: ceil(1.5 * 3) = 5 children at most, added in prior order (0, 1, 2, ...).
  EXPECT_LE(long(tree.root().edges.size()), IsmctsTree<ToyModel>::widening_limit(p, 9));
  EXPECT_EQ(tree.root().edges[0].a, 0);
  for (int i = 0; i < 3000; ++i) tree.iterate(root, 0, rng);
  EXPECT_EQ(long(tree.root().edges.size()), 20);  // eventually every action is tried
}

TEST(AiBuildingBlocks, IsmctsFindsTheBestActionAndDeterminizesEveryIteration) {
  ToyModel m;
  Rng rng(7);
  SearchBudget b;
  b.iters = 4000;
  IsmctsParams full;
  full.stop_when_decided = false;
  auto r = ismcts_search(m, ToyModel::State{}, 0, b, full, rng);
  EXPECT_EQ(r.iterations, 4000);
  EXPECT_EQ(m.determinized, 4000);
  ASSERT_FALSE(r.root.empty());
  EXPECT_GE(r.root[0].action, 16);  // wins with probability >= 0.8
  IsmctsParams cheat;
  cheat.determinize = false;
  m.determinized = 0;
  b.iters = 100;
  ismcts_search(m, ToyModel::State{}, 0, b, cheat, rng);
  EXPECT_EQ(m.determinized, 0);
}

// Progressive bias: a heavy weight on the prior makes the search follow it where a few hundred
// samples cannot tell the children apart (the toy's prior is misleading: it prefers action 0);
// a light one fades with the visits and the values decide again.
TEST(AiBuildingBlocks, IsmctsPriorBiasFollowsThePriorAndFades) {
  ToyModel m;
  SearchBudget b;
  b.iters = 300;
  IsmctsParams heavy;
  heavy.stop_when_decided = false;
  heavy.prior_bias = 100;
  Rng r1(7);
  auto led = ismcts_search(m, ToyModel::State{}, 0, b, heavy, r1);
  ASSERT_FALSE(led.root.empty());
  EXPECT_LE(led.root[0].action, 1);
  IsmctsParams light = heavy;
  light.prior_bias = 0.05;
  b.iters = 4000;
  Rng r2(7);
  auto faded = ismcts_search(m, ToyModel::State{}, 0, b, light, r2);
  ASSERT_FALSE(faded.root.empty());
  EXPECT_GE(faded.root[0].action, 14);
}

TEST(AiBuildingBlocks, IsmctsStopsOnceTheChoiceIsDecidedWithTheSameChoice) {
  // Two actions only, one winning always: the most-visited action is beyond reach long before
  // the budget ends; stopping then must not change the choice.
  ToyModel m;
  m.n = 2;
  SearchBudget b;
  b.iters = 20000;
  IsmctsParams full;
  full.stop_when_decided = false;
  Rng r1(9), r2(9);
  auto all = ismcts_search(m, ToyModel::State{}, 0, b, full, r1);
  auto early = ismcts_search(m, ToyModel::State{}, 0, b, IsmctsParams{}, r2);
  EXPECT_EQ(all.iterations, 20000);
  EXPECT_LT(early.iterations, 20000);
  EXPECT_GT(early.iterations, 0);
  ASSERT_FALSE(early.root.empty());
  EXPECT_EQ(early.root[0].action, all.root[0].action);
  EXPECT_EQ(early.root[0].action, 1);
  // Whatever the budget left, the leader's margin exceeded it when the search stopped.
  ASSERT_EQ(early.root.size(), 2u);
  EXPECT_GT(early.root[0].visits - early.root[1].visits, 20000 - early.iterations);
}

TEST(AiBuildingBlocks, HorizonTwoSeesTheOpponentsReply) {
  TrapModel m;
  SearchBudget b;
  b.iters = 2000;
  IsmctsParams one, two;
  one.rollout_turns = two.rollout_turns = 0;  // the tree alone
  two.horizon = 2;
  Rng r1(4), r2(4);
  auto shallow = ismcts_search(m, TrapModel::State{}, 0, b, one, r1);
  auto deep = ismcts_search(m, TrapModel::State{}, 0, b, two, r2);
  ASSERT_FALSE(shallow.root.empty());
  ASSERT_FALSE(deep.root.empty());
  EXPECT_EQ(shallow.root[0].action, 1);  // trusts the evaluation at the end of its turn
  EXPECT_EQ(deep.root[0].action, 0);     // searches the reply and avoids the refutation
  EXPECT_GT(deep.root[0].value, 0.9);
}

TEST(AiBuildingBlocks, RolloutTurnsPlayThePolicyPastTheHorizon) {
  // The tree stops at the end of player 0's turn; with rollout_turns = 1 the leaf rollout plays
  // player 1's turn with the guided policy, which finds the refutation of a = 1.
  TrapModel m;
  SearchBudget b;
  b.iters = 2000;
  IsmctsParams at_horizon, beyond;
  at_horizon.rollout_turns = 0;
  beyond.rollout_turns = 1;
  Rng r1(5), r2(5);
  auto shallow = ismcts_search(m, TrapModel::State{}, 0, b, at_horizon, r1);
  auto deep = ismcts_search(m, TrapModel::State{}, 0, b, beyond, r2);
  ASSERT_EQ(shallow.root.size(), 2u);
  ASSERT_EQ(deep.root.size(), 2u);
  EXPECT_EQ(shallow.root[0].action, 1);
  EXPECT_NEAR(shallow.root[0].value, 0.9, 1e-9);  // the evaluation, unplayed
  EXPECT_EQ(deep.root[0].action, 0);
  EXPECT_DOUBLE_EQ(deep.root[0].value, 1.0);      // every rollout reaches the end: a = 0 wins
  // a = 1 loses unless the rollout's exploration (10% of steps at random) plays b = 0.
  EXPECT_LT(deep.root[1].value, 0.2);
}

TEST(AiBuildingBlocks, FlatMcAndGreedyOnTheToy) {
  ToyModel m;
  Rng rng(3);
  SearchBudget b;
  b.iters = 4000;
  auto f = flat_mc_search(m, ToyModel::State{}, 0, b, FlatMcParams{}, rng);
  EXPECT_GE(f.root[0].action, 15);
  GreedyParams gp;
  gp.samples = 200;
  auto g = greedy_search(m, ToyModel::State{}, 0, gp, rng);
  EXPECT_GE(g.root[0].action, 14);
}

// Common random numbers: each round plays every action on the same draw, so on the toy (action i
// wins when the draw is below i) a higher action is never worse in any round and the best is found
// from few playouts, where the unpaired search above needs thousands to come near it.
TEST(AiBuildingBlocks, PairedFlatMcComparesOnTheSameDraws) {
  ToyModel m;
  Rng rng(3);
  SearchBudget b;
  b.iters = 20 * 150;
  FlatMcParams p;
  p.paired = true;
  auto f = flat_mc_search(m, ToyModel::State{}, 0, b, p, rng);
  ASSERT_EQ(f.root.size(), 20u);
  EXPECT_EQ(f.root[0].action, 19);
  EXPECT_EQ(f.root[0].visits, 150);
  EXPECT_EQ(f.iterations, 3000);
  for (size_t i = 1; i < f.root.size(); ++i) EXPECT_LE(f.root[i].value, f.root[i - 1].value);
  EXPECT_EQ(f.root.back().action, 0);
  EXPECT_DOUBLE_EQ(f.root.back().value, 0.0);
}

// Threads share the rounds, each with the seed it would have had on one thread, and the values
// are summed in the rounds' order: a budget in iterations gives the same search on any number of
// threads.
TEST(AiBuildingBlocks, PairedFlatMcIsTheSameOnThreads) {
  CoinModel m;
  SearchBudget b;
  b.iters = 3 * 101;
  FlatMcParams p;
  p.paired = true;
  p.keep = 1;
  Rng r1(11);
  const auto one = flat_mc_search(m, CoinModel::State{}, 0, b, p, r1);
  for (int threads : {2, 3}) {
    b.threads = threads;
    Rng r(11);
    const auto many = flat_mc_search(m, CoinModel::State{}, 0, b, p, r);
    ASSERT_EQ(many.root.size(), one.root.size());
    EXPECT_EQ(many.iterations, one.iterations);
    for (size_t i = 0; i < one.root.size(); ++i) {
      EXPECT_EQ(many.root[i].action, one.root[i].action) << threads;
      EXPECT_EQ(many.root[i].value, one.root[i].value) << threads;
      EXPECT_EQ(many.root[i].visits, one.root[i].visits) << threads;
    }
    EXPECT_EQ(r.next(), r1.clone().next()) << "the caller's generator is left where one thread leaves it";
  }
}

// Parallel rollouts: with the model's second style of play for its own later decisions the
// search finds the plan its scripted continuation never plays (a = 1, then b = 1), and values
// each action by its better style; with one style it takes the safe a = 0.
TEST(AiBuildingBlocks, PairedFlatMcTriesEachStyleForItsOwnLaterDecisions) {
  PlanModel m;
  SearchBudget b;
  b.iters = 2 * 50;
  FlatMcParams one;
  one.paired = true;
  one.rollout.explore_pct = 0;
  FlatMcParams two = one;
  two.styles = 2;
  Rng r1(5), r2(5);
  const auto plain = flat_mc_search(m, PlanModel::State{}, 0, b, one, r1);
  ASSERT_EQ(plain.root.size(), 2u);
  EXPECT_EQ(plain.root[0].action, 0);
  EXPECT_DOUBLE_EQ(plain.root[1].value, 0.0);  // a = 1 followed by the scripted b = 0: lost
  b.iters = 2 * 2 * 50;  // the same rounds, each action in both styles
  const auto styled = flat_mc_search(m, PlanModel::State{}, 0, b, two, r2);
  ASSERT_EQ(styled.root.size(), 2u);
  EXPECT_EQ(styled.root[0].action, 1);
  EXPECT_DOUBLE_EQ(styled.root[0].value, 1.0);
  EXPECT_EQ(styled.root[0].visits, 50);
  EXPECT_EQ(styled.iterations, 200);
  // a = 0's value is its better style's; both styles play the same dice, so it is plain's.
  EXPECT_DOUBLE_EQ(styled.root[1].value, plain.root[0].value);
  // The other player's decisions keep the model's own priors: a model of one style is unchanged.
  CoinModel coin;
  FlatMcParams c1;
  c1.paired = true;
  FlatMcParams c2 = c1;
  c2.styles = 2;
  b.iters = 3 * 40;
  Rng r3(8), r4(8);
  const auto x = flat_mc_search(coin, CoinModel::State{}, 0, b, c1, r3);
  const auto y = flat_mc_search(coin, CoinModel::State{}, 0, b, c2, r4);
  ASSERT_EQ(x.root.size(), y.root.size());
  for (size_t i = 0; i < x.root.size(); ++i) {
    EXPECT_EQ(x.root[i].action, y.root[i].action);
    EXPECT_EQ(x.root[i].value, y.root[i].value);
  }
}

// With keep, the best prior (action 0) stands against an action that is as good and only luckier
// in this search, and gives way to one that is clearly better.
TEST(AiBuildingBlocks, PairedFlatMcKeepsThePriorUnlessClearlyBeaten) {
  CoinModel two;
  two.n = 2;
  SearchBudget b;
  b.iters = 2 * 60;
  FlatMcParams loose, strict;
  loose.paired = strict.paired = true;
  strict.keep = 2;
  int tried = 0;
  for (uint64_t seed = 1; seed < 200; ++seed) {
    Rng r1(seed), r2(seed);
    auto a = flat_mc_search(two, CoinModel::State{}, 0, b, loose, r1);
    if (a.root[0].action != 1) continue;  // a search where action 1 happened to do better
    ASSERT_GT(a.root[0].value, a.root[1].value);
    // Here exactly one of the two wins each round: the difference is +1 or -1, its mean the
    // difference of the values; a lead beyond two standard errors would be a clear gain.
    const double mean = a.root[0].value - a.root[1].value, rounds = 60;
    if (mean > 2 * std::sqrt((1 - mean * mean) * rounds / (rounds - 1) / rounds)) continue;
    ++tried;
    auto k = flat_mc_search(two, CoinModel::State{}, 0, b, strict, r2);
    EXPECT_EQ(k.root[0].action, 0) << "seed " << seed;
    if (tried == 5) break;
  }
  EXPECT_EQ(tried, 5);
  CoinModel three;
  Rng r(7);
  b.iters = 3 * 60;
  auto k = flat_mc_search(three, CoinModel::State{}, 0, b, strict, r);
  EXPECT_EQ(k.root[0].action, 2);
}

TEST(AiBuildingBlocks, SameSeedSameSearch) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng r0(5);
  State s = new_game(scn, r0);
  CcaModel m(scn);
  SearchBudget b;
  b.iters = 300;
  Rng a(9), c(9);
  auto x = ismcts_search(m, observe(s, s.decider), int(s.decider), b, IsmctsParams{}, a);
  auto y = ismcts_search(m, observe(s, s.decider), int(s.decider), b, IsmctsParams{}, c);
  ASSERT_EQ(x.root.size(), y.root.size());
  for (size_t i = 0; i < x.root.size(); ++i) {
    EXPECT_EQ(x.root[i].action, y.root[i].action);
    EXPECT_EQ(x.root[i].visits, y.root[i].visits);
  }
}

// The priors of section and troop cards take a short cut (their first orders found without
// playing the card); over every battle's random positions and every card in hand it gives what
// playing the card on a copy gives, and the counts of the cards seen show the short cut was taken.
TEST(CcaPriors, SectionAndTroopCardsShortCutGivesThePlayedValue) {
  int section_cards = 0, troop_cards = 0, cards = 0;
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& scn = *find_builtin_scenario(id);
    CcaModel m(scn);
    Rng rng(std::hash<std::string>{}(id));
    State s = new_game(scn, rng);
    ActionList list;
    legal_actions(scn, s, list);
    for (int step = 0; step < 400 && !list.empty(); ++step) {
      if (s.decision == Decision::PlayCard)
        for (Action a : list) {
          if (a.type() != ActionType::PlayCard) continue;
          ++cards;
          section_cards += card_info(uint8_t(a.a())).group == CardGroup::Section;
          troop_cards += a.a() == int(CardKind::OrderLightTroops) || a.a() == int(CardKind::OrderMounted) ||
                         a.a() == int(CardKind::OrderHeavyTroops) || a.a() == int(CardKind::MoveFireMove);
          EXPECT_DOUBLE_EQ(m.action_prior(s, a), card_prior_by_play(m, s, a.a()))
              << id << " step " << step << " card " << card_info(uint8_t(a.a())).id;
        }
      apply_unchecked(scn, s, list[int(rng.below(uint32_t(list.size())))], rng, nullptr, &list);
    }
  }
  EXPECT_GT(section_cards, 200);
  EXPECT_GT(troop_cards, 40);
  EXPECT_GT(cards, section_cards + troop_cards);
}

TEST(CcaEvaluation, MoreBannersAndBlocksAreWorthMore) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng rng(1);
  State s = new_game(scn, rng);
  CcaModel m(scn);
  const double v0 = m.evaluate(s, 0);
  EXPECT_GT(v0, 0.0);
  EXPECT_LT(v0, 1.0);
  EXPECT_NEAR(v0 + m.evaluate(s, 1), 1.0, 1e-9);
  State banner = s;
  banner.banners[0]++;
  EXPECT_GT(m.evaluate(banner, 0), v0);
  EXPECT_LT(m.evaluate(banner, 1), m.evaluate(s, 1));
  // A block lost by a unit of side 1 is good for side 0, and worse the weaker it gets.
  State hurt = s;
  int u = -1;
  for (int i = 0; i < hurt.n_units; ++i)
    if (hurt.units[i].side == Side::Bottom && hurt.units[i].blocks >= 3) u = i;
  ASSERT_GE(u, 0);
  hurt.units[u].blocks--;
  const double v1 = m.evaluate(hurt, 0);
  EXPECT_GT(v1, v0);
  hurt.units[u].blocks--;
  EXPECT_GT(m.evaluate(hurt, 0), v1);
  EXPECT_GT(m.progress(banner, 0), m.progress(s, 0));
}

TEST(CcaEvaluation, FeaturesAreEachSideMinusTheOtherAndTheLegacyWeightsGiveTheOldFormula) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng rng(4);
  State s = new_game(scn, rng);
  s.banners[1] = uint8_t(scn.banners_to_win[1] - 1);  // the bottom side one banner from victory
  s.units[0].blocks = 1;
  CcaModel m(scn), legacy(scn, true, true);
  double top[kEvalFeatures], bottom[kEvalFeatures];
  m.features(s, 0, top);
  m.features(s, 1, bottom);
  for (int k = 0; k < kEvalFeatures; ++k) EXPECT_DOUBLE_EQ(top[k], -bottom[k]) << kEvalFeatureNames[k];
  EXPECT_EQ(bottom[5], 1.0) << "near_win";
  // Akragas: the top side scores 0.300 with the search on both sides (data/eval/battle-prior.inc).
  EXPECT_NEAR(top[6], std::log(0.3 / 0.7), 1e-9);
  EXPECT_EQ(battle_prior_logit("my-own-battle"), 0.0);
  // The hand-set weights: logistic(4.5 x (progress / banners needed, mine minus theirs)).
  const double d = m.progress(s, 0) / scn.banners_to_win[0] - m.progress(s, 1) / scn.banners_to_win[1];
  EXPECT_NEAR(legacy.evaluate(s, 0), 1.0 / (1.0 + std::exp(-4.5 * d)), 1e-12);
  EXPECT_NEAR(m.evaluate(s, 0) + m.evaluate(s, 1), 1.0, 1e-12);
  // The fitted weights value what matters: banners, blocks and formation count for the side.
  for (int k : {1, 2, 4}) EXPECT_GT(fitted_eval_weights().w[k], 0.0) << kEvalFeatureNames[k];
}

namespace {

const std::vector<std::string>& fair_specs() {
  static const std::vector<std::string> v = {"random", "greedy", "expert", "flatmc:iters=40", "ismcts:iters=120",
                                             "ismcts:iters=120,threads=2", "plan:iters=60", "plan:iters=60,threads=2", "easy"};
  return v;
}

// Positions along a random game: every `stride` decisions, up to `count` of them.
std::vector<State> positions(const Scenario& scn, uint64_t seed, int count, int stride) {
  Rng rng(seed);
  State s = new_game(scn, rng);
  std::vector<State> out;
  ActionList list;
  legal_actions(scn, s, list);
  int k = 0;
  while (!is_terminal(s) && int(out.size()) < count) {
    if (k++ % stride == 0) out.push_back(s);
    apply_unchecked(scn, s, list[int(rng.below(uint32_t(list.size())))], rng, nullptr, &list);
  }
  return out;
}

}  // namespace

TEST(Bots, SpecsParseAndCatalogueExcludesCheat) {
  for (const char* spec : {"random", "greedy", "expert", "flatmc:ms=500", "flatmc:iters=10", "ismcts:ms=1000,threads=2",
                           "ismcts:iters=10", "cheat:ms=100", "easy", "normal", "hard", "greedy:samples=2",
                           "plan:iters=20", "plan:ms=100,threads=2,plan=6", "ismcts:legacy,ms=1000,threads=2"}) {
    std::string err;
    auto b = make_bot(cca::kGameName, spec, &err);
    ASSERT_TRUE(b) << spec << ": " << err;
    EXPECT_EQ(b->sees_everything(), std::string(spec).rfind("cheat", 0) == 0) << spec;
  }
  std::string err;
  EXPECT_FALSE(make_bot(cca::kGameName, "ismcts:bogus=1", &err));
  EXPECT_FALSE(make_bot(cca::kGameName, "nonsense", &err));
  EXPECT_FALSE(err.empty());
  EXPECT_EQ(make_bot(cca::kGameName, "ismcts:iters=50,threads=2")->spec(), "ismcts:iters=50,threads=2");
  EXPECT_EQ(make_bot(cca::kGameName, "ismcts:legacy,ms=1000,threads=2")->spec(), "ismcts:ms=1000,threads=2,legacy");
  EXPECT_EQ(make_bot(cca::kGameName, "hard")->spec(), "plan:ms=1000,threads=2");
  EXPECT_EQ(make_bot(cca::kGameName, "normal")->spec(), "plan:iters=500");
  EXPECT_EQ(make_bot(cca::kGameName, "plan:iters=500,wide=0,lead=0")->spec(), "plan:iters=500,wide=0,lead=0");
  EXPECT_EQ(make_bot(cca::kGameName, "plan:iters=500,sharp=1")->spec(), "plan:iters=500,sharp=1");
  for (const auto& [spec, text] : bot_catalogue(cca::kGameName)) {
    EXPECT_TRUE(make_bot(cca::kGameName, spec)) << spec;
    EXPECT_EQ(spec.find("cheat"), std::string::npos);
  }
}

TEST(Bots, EveryBotPlaysLegallyOnEveryBattleAndExplains) {
  const std::vector<std::string> specs = {"random", "greedy", "expert", "flatmc:iters=30", "ismcts:iters=60",
                                          "ismcts:iters=60,threads=2", "cheat:iters=60", "plan:iters=30"};
  std::vector<std::unique_ptr<Bot>> bots;
  for (const auto& sp : specs) bots.push_back(make_bot(cca::kGameName, sp));
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& scn = *find_builtin_scenario(id);
    for (const State& s : positions(scn, 11, 2, 37)) {
      for (auto& bot : bots) {
        Rng rng(3);
        Explanation why;
        const State view = bot->sees_everything() ? s : observe(s, s.decider);
        const Action a = cca::choose_in(*bot, scn, view, rng, &why);
        EXPECT_TRUE(is_legal(scn, s, a)) << id << " " << bot->spec() << " " << action_text(scn, s, a);
        EXPECT_GE(why.win_chance, 0.0);
        EXPECT_LE(why.win_chance, 1.0);
        EXPECT_FALSE(why.best.empty()) << bot->spec();
        for (const ActionValue& av : why.best) {
          EXPECT_GE(av.value, 0.0);
          EXPECT_LE(av.value, 1.0);
        }
      }
    }
  }
}

TEST(Bots, TimeBudgetIsKept) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng r0(2);
  State s = new_game(scn, r0);
  // The plan bot plans a turn with 4 times the decision's budget.
  for (const char* spec : {"ismcts:ms=60", "flatmc:ms=60", "ismcts:ms=60,threads=2", "plan:ms=60", "plan:ms=60,threads=2"}) {
    auto bot = make_bot(cca::kGameName, spec);
    Rng rng(1);
    Explanation why;
    auto t0 = std::chrono::steady_clock::now();
    const Action a = cca::choose_in(*bot, scn, observe(s, s.decider), rng, &why);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_TRUE(is_legal(scn, s, a));
    EXPECT_LT(ms, std::string(spec).rfind("plan", 0) == 0 ? 2400.0 : 600.0) << spec;
    EXPECT_GT(why.iterations, 0);
  }
}

// A bot's choice must not depend on what its side cannot see: the other hand and the deck are
// re-dealt (determinize from the deciding side's view) and the choice must stay the same.
TEST(Bots, ChoiceDependsOnlyOnTheObservation) {
  for (const char* id : {"001", "004", "008", "012"}) {
    const Scenario& scn = *find_builtin_scenario(id);
    for (const State& s : positions(scn, 101, 6, 23)) {
      const Side side = s.decider;
      State other = s;
      Rng deal(77);
      determinize(scn, other, side, deal);
      for (const std::string& spec : fair_specs()) {
        auto bot = make_bot(cca::kGameName, spec);
        ASSERT_FALSE(bot->sees_everything());
        Rng r1(1234), r2(1234);
        const Action a1 = cca::choose_in(*bot, scn, observe(s, side), r1);
        const Action a2 = cca::choose_in(*bot, scn, observe(other, side), r2);
        EXPECT_EQ(a1, a2) << id << " " << spec;
      }
    }
  }
}

}  // namespace bgb::ai

namespace bgb::ai {

// Hellenistic H10.1: no bot's choice depends on the other side's secret reserve leader. In 109
// Gaugamela the Macedonians (top) name one; the Persians' choices are the same whichever he is.
TEST(Bots, ChoiceIgnoresTheOtherSidesReserveLeader) {
  const Scenario& scn = *find_builtin_scenario("109");
  int checked = 0;
  for (const State& s : positions(scn, 301, 8, 17)) {
    if (s.decider != Side::Bottom || s.reserve_leader[0] == kNone || (s.reserve_done & 1)) continue;
    for (int l = 0; l < s.n_leaders; ++l) {
      if (s.leaders[l].side != Side::Top || l == s.reserve_leader[0] || !s.leaders[l].alive()) continue;
      State other = s;
      other.reserve_leader[0] = uint8_t(l);
      ASSERT_TRUE(observe(s, Side::Bottom) == observe(other, Side::Bottom));
      for (const std::string& spec : {std::string("expert"), std::string("ismcts:iters=120"), std::string("plan:iters=60")}) {
        auto bot = make_bot(cca::kGameName, spec);
        Rng r1(99), r2(99);
        EXPECT_EQ(cca::choose_in(*bot, scn, observe(s, Side::Bottom), r1), cca::choose_in(*bot, scn, observe(other, Side::Bottom), r2))
            << spec;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

}  // namespace bgb::ai
