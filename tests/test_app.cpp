// The random bot and the bench workload: legal choices and reproducible results.
#include <gtest/gtest.h>

#include <algorithm>

#include "ai/random_bot.h"
#include "cca/cca_game.h"
#include "cca/model/bots.h"
#include "cca/rules.h"
#include "game/game.h"
#include "test_support.h"

using namespace bgb;
using namespace bgb::cca;

using bgb::cca::test::akragas;

TEST(RandomBot, PicksLegalActions) {
  const Scenario& scn = akragas();
  Rng rng(11), bot(12);
  State s = new_game(scn, rng);
  ActionList acts;
  for (int n = 0; n < 2000 && !is_terminal(s); ++n) {
    Action a = cca::random_action(scn, s, bot);
    ASSERT_TRUE(is_legal(scn, s, a)) << action_text(scn, s, a);
    std::string err;
    ASSERT_TRUE(apply(scn, s, a, rng, nullptr, &err)) << err;
  }
}

TEST(RandomBot, GameSeedsDiffer) {
  EXPECT_NE(ai::game_seed(1, 0), ai::game_seed(1, 1));
  EXPECT_NE(ai::game_seed(1, 0), ai::game_seed(2, 0));
  EXPECT_EQ(ai::game_seed(5, 7), ai::game_seed(5, 7));
}

// C&C's own random playout (on the rules' action lists) plays exactly the generic one of
// game::State: the same actions from the same random numbers, to the same end, also when cut
// short by the decision cap.
TEST(RandomBot, TheGamesRandomPlayoutIsTheGenericOne) {
  const game::Game& g = *game::find_game(kGameName);
  const std::shared_ptr<const game::Scenario> scn = borrow_scenario(akragas());
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    for (long cap : {40L, 100000L}) {
      Rng r0(seed);
      std::unique_ptr<game::State> a = g.new_game(scn, r0);
      std::unique_ptr<game::State> b = a->clone();
      Rng ra(seed * 77), rb(seed * 77);
      const long na = a->play_random(ra, cap);
      const long nb = b->game::State::play_random(rb, cap);
      EXPECT_EQ(na, nb) << "seed " << seed;
      EXPECT_TRUE(a->equals(*b)) << "seed " << seed;
      EXPECT_EQ(ra.next(), rb.next()) << "seed " << seed;
      EXPECT_EQ(a->is_terminal(), cap > 1000) << "seed " << seed;
    }
  }
}

TEST(RandomBot, RandomGamesAreReproducible) {
  const game::Game& g = *game::find_game(kGameName);
  const std::shared_ptr<const game::Scenario> scn = borrow_scenario(akragas());
  ai::RandomGamesResult a = ai::play_random_games(g, scn, 20, 42);
  ai::RandomGamesResult b = ai::play_random_games(g, scn, 20, 42);
  EXPECT_EQ(a.games, 20);
  EXPECT_GT(a.decisions, 20);
  EXPECT_EQ(a.aborted, 0);
  EXPECT_EQ(a.decisions, b.decisions);
  EXPECT_EQ(a.turns, b.turns);
  EXPECT_EQ(a.wins[0], b.wins[0]);
  EXPECT_EQ(a.wins[1], b.wins[1]);
  EXPECT_EQ(a.wins[0] + a.wins[1] + a.draws, 20);
  // Game i depends only on (seed, i): a shorter workload is a prefix of the longer one.
  ai::RandomGamesResult first = ai::play_random_games(g, scn, 10, 42);
  EXPECT_LT(first.decisions, a.decisions);
  EXPECT_LE(first.turns, a.turns);
}

// The random bot of the registry plays any game: on C&C its choice is a legal action, and the
// same seed gives the same choice.
TEST(RandomBot, TheRegistrysRandomBotPlaysThroughTheGameLayer) {
  const game::Game& g = *game::find_game(kGameName);
  std::vector<std::string> errors;
  const auto scn = g.find_scenario("007", false, errors);
  ASSERT_TRUE(scn);
  Rng rng(3), r1(4), r2(4);
  std::unique_ptr<game::State> s = g.new_game(scn, rng);
  std::unique_ptr<ai::Bot> bot = ai::make_bot(kGameName, "random");
  ASSERT_TRUE(bot);
  for (int n = 0; n < 300 && !s->is_terminal(); ++n) {
    const std::unique_ptr<game::State> view = s->observation(s->current_player());
    const game::ActionCode a = bot->choose(*view, r1);
    const std::vector<game::ActionCode> legal = s->legal_actions();
    ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
    ASSERT_EQ(ai::random_action(*view, r2), a);
    ASSERT_TRUE(s->apply(a, rng));
  }
}
