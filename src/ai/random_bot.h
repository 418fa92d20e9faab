// The random bot's choice, and the seeded workload of random full games that `bgbot bench` times
// and the tests use as a determinism check, for any game of the game layer.
#pragma once
#include <cstdint>
#include <memory>

#include "core/rng.h"
#include "game/game.h"

namespace bgb::ai {

// A legal action of s, uniform among legal_actions(). s must not be terminal.
game::ActionCode random_action(const game::State& s, Rng& rng);

// The seed of game `index` of a workload seeded with `seed` (splitmix64 of both), so each game
// has its own Rng and any one game can be replayed alone.
uint64_t game_seed(uint64_t seed, uint64_t index);

struct RandomGamesResult {
  long games = 0;          // games played
  long decisions = 0;      // actions applied by the players, all games together
  long wins[2] = {0, 0};   // by seat (C&C: top, bottom)
  long draws = 0;          // games ended without a winner (C&C: the turn limit)
  long turns = 0;          // turns completed, all games together
  long aborted = 0;        // games stopped by the safety cap or a non-terminal state with no action
};

// A safety cap on the decisions of one game (the scenario's turn limit normally ends it far sooner).
constexpr long kMaxDecisionsPerGame = 200000;

// Plays `games` full games of scn from new_game(), every decision of every seat a uniform random
// legal action (the playouts' fast path, State::apply_legal). Game i uses its own
// Rng(game_seed(seed, i)) for the set-up, the dice and the choices, so the result depends only
// on (game, scenario, games, seed).
RandomGamesResult play_random_games(const game::Game& g, const std::shared_ptr<const game::Scenario>& scn, int games,
                                    uint64_t seed);

}  // namespace bgb::ai
