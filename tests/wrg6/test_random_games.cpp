// Random games of the WRG rules: every invariant after every action, the same game from the same
// seed and choices, and games that end (spec §3.4, §3.6).
#include <gtest/gtest.h>

#include "wrg6/rules.h"
#include "wrg6_test_helpers.h"

namespace bgb::wrg6 {
namespace {

struct Played {
  std::vector<uint32_t> actions;
  State end;
  int decisions = 0;
};

Played play_random(const Scenario& scn, uint64_t seed) {
  Played p;
  Rng rng(seed), pick(seed * 7919 + 1);
  State s = new_game(scn, rng);
  std::vector<uint32_t> legal;
  std::string bad = check_invariants(scn, s);
  EXPECT_EQ(bad, "") << "at the start";
  for (int n = 0; n < 5000 && !s.over(); ++n) {
    legal_actions(scn, s, legal);
    if (legal.empty()) {
      ADD_FAILURE() << "no legal action in a game not over";
      break;
    }
    for (size_t i = 1; i < legal.size(); ++i) EXPECT_LT(legal[i - 1], legal[i]) << "actions in ascending order";
    uint32_t a = legal[pick.below(uint32_t(legal.size()))];
    p.actions.push_back(a);
    apply(scn, s, a, rng);
    ++p.decisions;
    bad = check_invariants(scn, s);
    if (!bad.empty()) {
      ADD_FAILURE() << "after decision " << n << " (" << action_text(scn, s, a) << "): " << bad;
      break;
    }
  }
  EXPECT_TRUE(s.over()) << "the game ends by the period limit at the latest";
  p.end = s;
  return p;
}

TEST(Wrg6RandomGames, KeepEveryInvariantAndReplayFromTheSeed) {
  Scenario scn = testing::spear_wall();
  int wins[3] = {0, 0, 0};
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Played a = play_random(scn, seed);
    if (HasFailure()) return;
    Played b = play_random(scn, seed);
    EXPECT_EQ(a.actions, b.actions);
    EXPECT_TRUE(a.end == b.end);
    wins[a.end.winner + 1]++;
  }
  // Random play still fights: not every game is a draw at the period limit.
  EXPECT_GT(wins[1] + wins[2], 0);
}

}  // namespace
}  // namespace bgb::wrg6
