// Quinn's D10 game as a game of the game layer (game/game.h): the registry's "quinn". The bots,
// arena, session, protocol and server reach it only through that interface; code that knows
// this game (its bots' model, its terminal map) gets the concrete scenario and state back.
#pragma once
#include <memory>

#include "game/game.h"
#include "quinn/rules.h"

namespace bgb::quinn {

constexpr const char* kGameName = "quinn";

std::shared_ptr<const game::Game> make_game();

std::shared_ptr<const game::Scenario> wrap_scenario(std::shared_ptr<const Scenario> scn);
std::unique_ptr<game::State> wrap_state(std::shared_ptr<const game::Scenario> scn, const State& s);

// The Quinn objects inside game-layer ones (which must come from this game).
const Scenario& scenario_of(const game::Scenario& s);
const Scenario& scenario_of(const game::State& s);
const State& state_of(const game::State& s);
State& state_of(game::State& s);
bool is_quinn(const game::State& s);

}  // namespace bgb::quinn
