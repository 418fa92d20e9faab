// C&C: Ancients as a game of the game layer (game/game.h): the registry's "cca". Front ends,
// the session and the generic bots reach the rules through it; code that knows this game (its
// bots' evaluation, its terminal board) gets the concrete scenario and state back with
// scenario_of() and state_of().
#pragma once
#include <memory>

#include "cca/scenario.h"
#include "cca/state.h"
#include "game/game.h"

namespace bgb::cca {

constexpr const char* kGameName = "cca";

std::shared_ptr<const game::Game> make_game();

// A game-layer scenario holding this scenario.
std::shared_ptr<const game::Scenario> wrap_scenario(Scenario scn);
// A game-layer scenario that refers to `scn`, which must outlive it and every state made from it.
std::shared_ptr<const game::Scenario> borrow_scenario(const Scenario& scn);
// A game-layer state of this scenario and state.
std::unique_ptr<game::State> wrap_state(std::shared_ptr<const game::Scenario> scn, const State& s);

// The game's options (game::Game::with_options) for C&C: "hellenistic", "on" or "off" (true and
// false read too), for a battle whose module use is not None. Sets them on `scn` (a game's copy);
// false and the reason (scn unchanged) when an option is unknown or the battle cannot take it.
bool apply_options(Scenario& scn, const nlohmann::json& options, std::string* error = nullptr);
// The options in force in a game of `scn` ({"hellenistic": "on"}), {} for a battle without them.
nlohmann::json options_in_force(const Scenario& scn);

// The scenario a record names by its hash: `scn` itself when its hash is `hash` (or hash is
// empty), else `scn` with the Hellenistic module switched the other way when that one's is (a
// game played with --hellenistic); false, and scn unchanged, when neither is.
bool match_record_scenario(Scenario& scn, const std::string& hash);

// The C&C objects inside game-layer ones (which must come from this game).
const Scenario& scenario_of(const game::Scenario& s);
const Scenario& scenario_of(const game::State& s);
const State& state_of(const game::State& s);
State& state_of(game::State& s);

}  // namespace bgb::cca
