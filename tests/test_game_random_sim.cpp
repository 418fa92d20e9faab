// The generic random-game test (OpenSpiel's RandomSimTest is the model): for every registered
// game and every built-in scenario, random games to the end through the game layer only, with
// every guarantee of game/game.h checked after every action. Knows no game: a new game passes
// it by registering.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "game/game.h"
#include "games/all_games.h"

namespace bgb::game {

namespace {

int games_per_scenario() {
  const char* env = std::getenv("BGBOT_SIM_GAMES");
  return env ? std::max(1, std::atoi(env)) : 2;
}

constexpr long kMaxDecisions = 200000;

// The checks of one non-terminal state. `rng` draws the samples.
void check_state(const State& s, int tensor_size, Rng& rng, const std::string& where) {
  ASSERT_EQ(s.check_invariants(), "") << where;
  const std::vector<ActionCode> legal = s.legal_actions();
  ASSERT_FALSE(legal.empty()) << where << ": a live game with no legal action";
  ASSERT_EQ(s.legal_actions(), legal) << where << ": the legal list changes between calls";
  const int p = s.current_player();
  ASSERT_GE(p, 0) << where;
  ASSERT_LT(p, s.num_players()) << where;
  std::vector<ActionCode> sorted = legal;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_TRUE(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) << where << ": an action listed twice";

  // Every legal action has a text and a JSON form that reads back to it.
  for (ActionCode a : legal) {
    ASSERT_FALSE(s.action_text(a).empty()) << where;
    ActionCode back = ~a;
    std::string err;
    ASSERT_TRUE(s.action_from_json(s.action_to_json(a), back, &err)) << where << ": " << err;
    ASSERT_EQ(back, a) << where << ": " << s.action_to_json(a).dump();
  }

  // An action that is not legal is refused with a reason and changes nothing.
  ActionCode bad = sorted.back() + 1;
  while (std::binary_search(sorted.begin(), sorted.end(), bad)) ++bad;
  std::unique_ptr<State> c = s.clone();
  std::string why;
  Rng dice(rng.next());
  ASSERT_FALSE(c->apply(bad, dice, nullptr, -1, &why)) << where;
  ASSERT_FALSE(why.empty()) << where;
  ASSERT_TRUE(c->equals(s)) << where << ": a refused action changed the state";

  // A clone is independent: playing on it leaves the original alone.
  ASSERT_TRUE(c->apply(legal[rng.below(uint32_t(legal.size()))], dice)) << where;
  ASSERT_TRUE(s.legal_actions() == legal) << where;

  // Hidden information: re-dealing what a seat cannot see changes nothing that seat observes.
  for (int seat = 0; seat < s.num_players(); ++seat) {
    std::unique_ptr<State> obs = s.observation(seat);
    std::unique_ptr<State> redealt = s.clone();
    Rng deal(rng.next());
    redealt->determinize(seat, deal);
    ASSERT_EQ(redealt->check_invariants(), "") << where;
    ASSERT_TRUE(redealt->observation(seat)->equals(*obs)) << where << ": seat " << seat << " sees the re-deal";
    // ... nor anything of its observation tensor, which has the game's one fixed size.
    std::vector<float> t, t2;
    s.observation_tensor(seat, t);
    redealt->observation_tensor(seat, t2);
    ASSERT_EQ(t, t2) << where << ": seat " << seat << "'s tensor shows the re-deal";
    ASSERT_EQ(int(t.size()), tensor_size) << where;
    ASSERT_GT(tensor_size, 0) << where << ": every game offers a tensor";
    // Re-dealing from the observation itself also gives a playable state consistent with it.
    std::unique_ptr<State> from_obs = obs->clone();
    from_obs->determinize(seat, deal);
    ASSERT_EQ(from_obs->check_invariants(), "") << where;
    ASSERT_TRUE(from_obs->observation(seat)->equals(*obs)) << where;
    if (seat == p) {
      ASSERT_EQ(from_obs->legal_actions(), legal) << where << ": the decider's choices depend on hidden cards";
    }
  }
}

struct Played {
  std::vector<ActionCode> actions;
  std::unique_ptr<State> end;
};

// Plays a random game. With `check`, every guarantee is checked before each decision and the
// decisions go through the checked apply(); without, through the playouts' fast path
// (apply_legal with the next legal list), which must play the same game.
Played play(const Game& g, const std::shared_ptr<const Scenario>& scn, uint64_t seed, bool check) {
  Rng rng(seed), sample(seed ^ 0x5EEDull);
  Played out;
  std::unique_ptr<State> s = g.new_game(scn, rng);
  std::vector<ActionCode> legal = s->legal_actions();
  long n = 0;
  while (!s->is_terminal() && n < kMaxDecisions) {
    const std::string where = g.name() + " " + scn->id() + " seed " + std::to_string(seed) + " decision " + std::to_string(n);
    if (check) {
      check_state(*s, g.observation_tensor_layout().size(), sample, where);
      if (::testing::Test::HasFatalFailure()) return out;
      // The position written and read back is the same state (every 50th decision: JSON is slow).
      if (n % 50 == 0) {
        std::string err;
        std::unique_ptr<State> back = g.load(s->to_json(), &err);
        EXPECT_TRUE(back && back->equals(*s)) << where << ": " << err;
      }
      legal = s->legal_actions();
    }
    const ActionCode a = legal[rng.below(uint32_t(legal.size()))];
    out.actions.push_back(a);
    if (check) {
      std::vector<EventView> events;
      std::string err;
      EXPECT_TRUE(s->apply(a, rng, &events, -1, &err)) << where << ": " << err;
      for (const EventView& e : events) EXPECT_TRUE(e.json.contains("type")) << where;
    } else {
      s->apply_legal(a, rng, &legal);
      EXPECT_EQ(legal.empty(), s->is_terminal()) << where;
    }
    ++n;
  }
  EXPECT_TRUE(s->is_terminal()) << g.name() << " " << scn->id() << ": no end after " << kMaxDecisions << " decisions";
  EXPECT_EQ(s->current_player(), -1);
  EXPECT_TRUE(s->legal_actions().empty());
  const std::vector<double> r = s->returns();
  double sum = 0;
  for (double x : r) sum += x;
  EXPECT_EQ(sum, 0.0) << "the returns of a two-sided game add up to zero";
  out.end = std::move(s);
  return out;
}

}  // namespace

TEST(GameLayer, EveryGameIsRegisteredOnceByName) {
  games::register_all_games();
  games::register_all_games();
  const std::vector<const Game*> all = registered_games();
  ASSERT_FALSE(all.empty());
  for (const Game* g : all) {
    EXPECT_EQ(find_game(g->name()), g);
    EXPECT_FALSE(g->scenarios().empty()) << g->name();
  }
  EXPECT_EQ(find_game("no-such-game"), nullptr);
  EXPECT_NE(find_game("cca"), nullptr);
}

TEST(GameLayer, AnUnknownScenarioIsRefusedWithTheReason) {
  games::register_all_games();
  for (const Game* g : registered_games()) {
    std::vector<std::string> errors;
    EXPECT_EQ(g->find_scenario("no-such-battle", false, errors), nullptr);
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors[0].find("no-such-battle"), std::string::npos) << errors[0];
  }
}

TEST(GameLayer, RandomGamesKeepEveryGuaranteeAfterEveryAction) {
  games::register_all_games();
  const int n = games_per_scenario();
  for (const Game* g : registered_games()) {
    for (const ScenarioInfo& info : g->scenarios()) {
      std::vector<std::string> errors;
      std::shared_ptr<const Scenario> scn = g->find_scenario(info.id, false, errors);
      ASSERT_TRUE(scn) << g->name() << " " << info.id;
      EXPECT_EQ(scn->id(), info.id);
      size_t longest = 0;  // a scenario may end at the first loss (Quinn's s3), not every game of it
      for (int k = 0; k < n; ++k) {
        const uint64_t seed = 9000 + uint64_t(k);
        Played first = play(*g, scn, seed, true);
        if (HasFatalFailure()) return;
        longest = std::max(longest, first.actions.size());
        if (k == n - 1) {
          EXPECT_GT(longest, 10u) << g->name() << " " << info.id << ": only games of a few decisions";
        }
        // The same seed and the same choices give the same game, also on the playouts' fast path.
        Played again = play(*g, scn, seed, false);
        EXPECT_EQ(again.actions, first.actions) << g->name() << " " << info.id;
        ASSERT_TRUE(first.end && again.end);
        EXPECT_TRUE(again.end->equals(*first.end)) << g->name() << " " << info.id;
      }
    }
  }
}

}  // namespace bgb::game
