#include "ai/random_bot.h"

#include <vector>

namespace bgb::ai {

game::ActionCode random_action(const game::State& s, Rng& rng) {
  std::vector<game::ActionCode> acts;
  s.legal_actions(acts);
  if (acts.empty()) return 0;
  return acts[rng.below(uint32_t(acts.size()))];
}

uint64_t game_seed(uint64_t seed, uint64_t index) {
  uint64_t z = seed ^ (0x9E3779B97F4A7C15ull * (index + 1));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

RandomGamesResult play_random_games(const game::Game& g, const std::shared_ptr<const game::Scenario>& scn, int games,
                                    uint64_t seed) {
  RandomGamesResult r;
  for (int k = 0; k < games; ++k) {
    Rng rng(game_seed(seed, uint64_t(k)));
    std::unique_ptr<game::State> s = g.new_game(scn, rng);
    const long n = s->play_random(rng, kMaxDecisionsPerGame);
    if (!s->is_terminal()) ++r.aborted;  // no legal action, or the cap
    ++r.games;
    r.decisions += n;
    r.turns += s->turn();
    if (s->is_terminal()) {
      const int w = s->winner();
      if (w == 0 || w == 1)
        ++r.wins[w];
      else
        ++r.draws;
    }
  }
  return r;
}

}  // namespace bgb::ai
