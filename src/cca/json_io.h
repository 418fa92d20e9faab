// JSON for a whole position (scenario + state) and for single actions (scenario_json.cpp,
// position_json.cpp, action_json.cpp; the generic reading in core/json_read.h). Every State field is
// written, so a state read back compares equal byte for byte (State ==). The formats are
// described field by field in docs/position-format.md.
//
// Loaders never throw: on bad input they return false with a message that starts with the JSON
// path of the offending field, e.g. `state.units[3].hex: "9,4" is off the board`. On failure the
// output arguments are left unspecified; nothing else is touched.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "cca/action.h"
#include "cca/event.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

constexpr const char* kPositionFormat = "bgbot-cca-position";
constexpr int kPositionVersion = 1;

// The static scenario: id, name, note, armies, War Council, terrain (non-plain hexes only),
// units, leaders and deck (card ids). The loader calls out.finalize() on success.
nlohmann::json scenario_to_json(const Scenario& scn);
bool scenario_from_json(const nlohmann::json& j, Scenario& out, std::string* error = nullptr);

// Every field of State. Leaders carry their scenario name; unit_at/leader_at are rebuilt on load.
nlohmann::json state_to_json(const Scenario& scn, const State& s);
bool state_from_json(const Scenario& scn, const nlohmann::json& j, State& out, std::string* error = nullptr);

// {"format":"bgbot-cca-position","version":1,"scenario":{...},"state":{...}}
nlohmann::json position_to_json(const Scenario& scn, const State& s);
bool position_from_json(const nlohmann::json& j, Scenario& scn, State& s, std::string* error = nullptr);

// One action, e.g. {"type":"move-unit","from":"7,3","to":"6,3"}.
nlohmann::json action_to_json(const State& s, Action a);
bool action_from_json(const nlohmann::json& j, Action& out, std::string* error = nullptr);

// An event as the protocol and the front ends send it: type (event_name), side, text as `viewer`
// may read it, section, and the dice faces of a roll (event_json.cpp).
nlohmann::json event_to_json(const Scenario& scn, const Event& e, Side viewer);

}  // namespace bgb::cca
