// The WRG bots' model (wrg6/model/wrg6_model.h): the evaluation's features and weights, and the
// positions the arena keeps for fitting them (scripts/fit-eval --game wrg6).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ai/arena.h"
#include "ai/bot.h"
#include "game/game.h"
#include "games/all_games.h"
#include "wrg6/model/wrg6_model.h"
#include "wrg6/rules.h"
#include "wrg6/scenario.h"

namespace bgb::wrg6 {
namespace {

// The states of a random game of scenario `id`, one per decision.
std::vector<State> random_game(const Scenario& scn, uint64_t seed) {
  Rng rng(seed), pick(seed + 1);
  State s = new_game(scn, rng);
  std::vector<State> out;
  std::vector<uint32_t> legal;
  while (!s.over() && out.size() < 3000) {
    out.push_back(s);
    legal_actions(scn, s, legal);
    apply(scn, s, legal[pick.below(uint32_t(legal.size()))], rng);
  }
  return out;
}

}  // namespace

// Each feature is the other side's share minus the side's own, so the two sides see the same
// numbers with opposite signs and their chances add up to one, with either set of weights.
TEST(Wrg6Model, FeaturesAreEachSidesMirrorAndChancesAddUp) {
  for (const char* id : {"s1", "s2"}) {
    auto scn = find_builtin(id);
    ASSERT_TRUE(scn) << id;
    Wrg6Model m(*scn), hand(*scn);
    hand.hand_weights = true;
    bool moved = false;
    for (const State& s : random_game(*scn, 17)) {
      double a[kWrg6Features], b[kWrg6Features];
      m.features(s, 0, a);
      m.features(s, 1, b);
      for (int i = 0; i < kWrg6Features; ++i) {
        EXPECT_DOUBLE_EQ(a[i], -b[i]) << kWrg6FeatureNames[i];
        moved |= a[i] != 0;
      }
      EXPECT_NEAR(m.evaluate(s, 0) + m.evaluate(s, 1), 1.0, 1e-12);
      EXPECT_NEAR(hand.evaluate(s, 0) + hand.evaluate(s, 1), 1.0, 1e-12);
    }
    EXPECT_TRUE(moved) << id << ": a random game in which no feature ever differs from 0";
  }
}

// At the start nothing is lost: every feature is 0 and the evaluation says even.
TEST(Wrg6Model, TheStartIsEven) {
  auto scn = find_builtin("s1");
  ASSERT_TRUE(scn);
  Rng rng(3);
  const State s = new_game(*scn, rng);
  Wrg6Model m(*scn);
  double f[kWrg6Features];
  m.features(s, 0, f);
  for (double x : f) EXPECT_EQ(x, 0.0);
  EXPECT_DOUBLE_EQ(m.evaluate(s, 0), 0.5);
}

// A side whose men are lost is worse off, by both sets of weights.
TEST(Wrg6Model, LossesLowerTheChance) {
  auto scn = find_builtin("s1");
  ASSERT_TRUE(scn);
  Rng rng(3);
  State s = new_game(*scn, rng);
  Wrg6Model m(*scn), hand(*scn);
  hand.hand_weights = true;
  const double even = m.evaluate(s, 0);
  State hurt = s;
  const int id = unit_id(0, 0);
  hurt.u[id].figs -= 4;  // four figures of side A's first phalanx gone
  double f[kWrg6Features];
  m.features(hurt, 0, f);
  EXPECT_LT(f[1], 0);  // lost: A has lost more
  EXPECT_LT(m.evaluate(hurt, 0), even);
  EXPECT_LT(hand.evaluate(hurt, 0), hand.evaluate(s, 0));
}

// The arena keeps one position a period, at side A's first normal move, with side A's features
// and result: the rows `bgbot arena --positions` writes for scripts/fit-eval --game wrg6.
TEST(Wrg6Model, TheArenaKeepsAPositionAPeriod) {
  games::register_all_games();
  ai::ArenaOptions o;
  o.game = "wrg6";
  o.a = "expert";
  o.b = "random";
  o.scenarios = {"s1"};
  o.games = 4;
  o.seed = 9;
  o.positions = true;
  ai::ArenaResult r = ai::run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(ai::arena_hooks("wrg6").feature_names.size(), size_t(kWrg6Features));
  ASSERT_EQ(r.games.size(), 4u);
  for (const ai::ArenaGame& g : r.games) {
    ASSERT_FALSE(g.positions.empty());
    int last = 0;
    for (const ai::ArenaPosition& p : g.positions) {
      EXPECT_GT(p.turn, last) << "at most one position a period";
      last = p.turn;
      EXPECT_EQ(p.side, 0);
      for (int i = 0; i < kWrg6Features; ++i) EXPECT_TRUE(std::isfinite(p.features[i]));
      EXPECT_TRUE(p.result_top == 0.0 || p.result_top == 0.5 || p.result_top == 1.0);
    }
  }
}

// The levels: normal and hard are the rollout player (every choice played to the battle's end);
// it chooses a legal commitment from a side's observation and explains it with its playouts.
TEST(Wrg6Model, TheLevelsAreTheRolloutPlayer) {
  games::register_all_games();
  EXPECT_EQ(ai::make_bot("wrg6", "normal")->spec(), "rollouts:iters=400");
  EXPECT_EQ(ai::make_bot("wrg6", "hard")->spec(), "rollouts:iters=1500,threads=2");
  EXPECT_EQ(ai::make_bot("wrg6", "rollouts:iters=40,keep=1")->spec(), "rollouts:iters=40,keep=1");
  const game::Game* g = game::find_game("wrg6");
  ASSERT_TRUE(g);
  std::vector<std::string> errors;
  auto scn = g->find_scenario("s2", false, errors);
  ASSERT_TRUE(scn);
  Rng rng(4);
  auto s = g->new_game(scn, rng);
  auto bot = ai::make_bot("wrg6", "rollouts:iters=40");
  std::vector<game::ActionCode> legal;
  for (int i = 0; i < 6 && !s->is_terminal(); ++i) {
    s->legal_actions(legal);
    ai::Explanation why;
    const game::ActionCode a = bot->choose(*s->observation(s->current_player()), rng, &why);
    EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
    if (legal.size() > 1) {
      ASSERT_FALSE(why.best.empty());
      EXPECT_EQ(why.best[0].action, a);
      EXPECT_GE(why.iterations, long(legal.size()));  // a round plays every choice once
      EXPECT_GE(why.win_chance, 0.0);
      EXPECT_LE(why.win_chance, 1.0);
    }
    std::string err;
    ASSERT_TRUE(s->apply(a, rng, nullptr, -1, &err)) << err;
  }
}

// The scorer a decision's choices share (each unit's nearest enemy found once) gives every choice
// the prior it has on its own, through random games of both scenarios.
TEST(Wrg6Model, TheSharedScorerGivesEachChoiceItsOwnPrior) {
  int checked = 0;
  for (const auto& scn : builtin_scenarios()) {
    Wrg6Model m(*scn);
    for (const State& s : random_game(*scn, 31)) {
      Wrg6Actions legal;
      m.legal_actions(s, legal);
      auto prior = m.prior_scorer(s);
      for (int i = 0; i < legal.size(); ++i, ++checked) ASSERT_EQ(prior(legal[i]), m.action_prior(s, legal[i]));
    }
  }
  EXPECT_GT(checked, 200);
}

// The cautious style (the rollout player's second base policy for its own side): style 0 is the
// scripted player's priors; in style 1 formed troops facing an enemy rank holding above advancing
// and H orders above the others, and skirmishers keep the scripted player's priors.
TEST(Wrg6Model, TheCautiousStyleHoldsWhereTheScriptedPlayerCloses) {
  int pairs = 0, light = 0;
  for (const auto& scn : builtin_scenarios()) {
    Wrg6Model m(*scn);
    for (const State& s : random_game(*scn, 41)) {
      Wrg6Actions legal;
      m.legal_actions(s, legal);
      auto scripted = m.prior_scorer(s), zero = m.prior_scorer(s, 0), cautious = m.prior_scorer(s, 1);
      double hold = -1, advance = -1;
      for (int i = 0; i < legal.size(); ++i) {
        const uint32_t a = legal[i];
        ASSERT_EQ(zero(a), scripted(a));
        const int id = unit_of(a);
        if (is_light(spec_of(*scn, id).troop)) {
          ASSERT_EQ(cautious(a), scripted(a));
          ++light;
          continue;
        }
        if (kind_of(a) == Kind::Hold) hold = cautious(a);
        if (kind_of(a) == Kind::Advance) advance = std::max(advance, cautious(a));
      }
      if (hold >= 0 && advance >= 0) {
        EXPECT_GT(hold, advance);
        ++pairs;
      }
    }
  }
  EXPECT_GT(pairs, 20);
  EXPECT_GT(light, 20);
  EXPECT_EQ(Wrg6Model(*builtin_scenarios()[0]).styles(), 2);
}

}  // namespace bgb::wrg6
