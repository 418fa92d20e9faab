// The random bot: a uniform choice among the legal actions. Also the seeded workload of random
// full games that `bgbot bench` times and the tests use as a determinism check.
#pragma once
#include <cstdint>

#include "cca/action.h"
#include "cca/scenario.h"
#include "cca/state.h"
#include "core/rng.h"

namespace bgb::ai {

// A legal action of s, uniform among legal_actions(). s must not be terminal.
cca::Action random_action(const cca::Scenario& scn, const cca::State& s, Rng& rng);

// The seed of game `index` of a workload seeded with `seed` (splitmix64 of both), so each game
// has its own Rng and any one game can be replayed alone.
uint64_t game_seed(uint64_t seed, uint64_t index);

struct RandomGamesResult {
  long games = 0;          // games played
  long decisions = 0;      // actions applied by the players, all games together
  long wins[2] = {0, 0};   // by side index (Top, Bottom)
  long draws = 0;          // games ended by the turn limit
  long turns = 0;          // turns completed, all games together
  long aborted = 0;        // games stopped by the safety cap or a non-terminal state with no action
};

// A safety cap on the decisions of one game (the scenario's turn limit normally ends it far sooner).
constexpr long kMaxDecisionsPerGame = 200000;

// Plays `games` full games of scn from new_game(), every decision of both sides a uniform random
// legal action (legal_actions + apply_unchecked). Game i uses its own Rng(game_seed(seed, i)) for
// the set-up, the dice and the choices, so the result depends only on (scn, games, seed).
RandomGamesResult play_random_games(const cca::Scenario& scn, int games, uint64_t seed);

}  // namespace bgb::ai
