// The WRG 6th edition game as a game of the game layer (game/game.h): the registry's "wrg6".
// The bots, arena, session, protocol and server reach it only through that interface; code that
// knows this game (its bots' model, its terminal map) gets the concrete scenario and state back.
#pragma once
#include <memory>

#include "game/game.h"
#include "wrg6/rules.h"

namespace bgb::wrg6 {

constexpr const char* kGameName = "wrg6";

std::shared_ptr<const game::Game> make_game();

std::shared_ptr<const game::Scenario> wrap_scenario(std::shared_ptr<const Scenario> scn);
std::unique_ptr<game::State> wrap_state(std::shared_ptr<const game::Scenario> scn, const State& s);

// The WRG objects inside game-layer ones (which must come from this game).
const Scenario& scenario_of(const game::Scenario& s);
const Scenario& scenario_of(const game::State& s);
const State& state_of(const game::State& s);
State& state_of(game::State& s);
bool is_wrg6(const game::State& s);

}  // namespace bgb::wrg6
