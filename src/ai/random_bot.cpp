#include "ai/random_bot.h"

#include "cca/rules.h"

namespace bgb::ai {

using namespace bgb::cca;

Action random_action(const Scenario& scn, const State& s, Rng& rng) {
  ActionList acts;
  legal_actions(scn, s, acts);
  if (acts.empty()) return Action{};
  return acts[int(rng.below(uint32_t(acts.size())))];
}

uint64_t game_seed(uint64_t seed, uint64_t index) {
  uint64_t z = seed ^ (0x9E3779B97F4A7C15ull * (index + 1));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

RandomGamesResult play_random_games(const Scenario& scn, int games, uint64_t seed) {
  RandomGamesResult r;
  ActionList acts;
  for (int g = 0; g < games; ++g) {
    Rng rng(game_seed(seed, uint64_t(g)));
    State s = new_game(scn, rng);
    long n = 0;
    while (!is_terminal(s)) {
      legal_actions(scn, s, acts);
      if (acts.empty() || n >= kMaxDecisionsPerGame) {
        ++r.aborted;
        break;
      }
      Action a = acts[int(rng.below(uint32_t(acts.size())))];
      apply_unchecked(scn, s, a, rng);
      ++n;
    }
    ++r.games;
    r.decisions += n;
    r.turns += s.turn;
    if (is_terminal(s)) {
      if (s.winner == Side::Top || s.winner == Side::Bottom)
        ++r.wins[idx(s.winner)];
      else
        ++r.draws;
    }
  }
  return r;
}

}  // namespace bgb::ai
