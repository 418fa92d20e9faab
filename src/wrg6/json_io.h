// WRG positions, actions and events as JSON (the protocol's, the records' and the browser's).
// Every reader checks every field and refuses with "field: problem"; a loaded state is checked
// against the invariants before it is accepted.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "wrg6/rules.h"

namespace bgb::wrg6 {

// The scenario as stored with a game: its text (scenario_file.cpp), which reads back equal.
nlohmann::json scenario_to_json(const Scenario& scn);
bool scenario_from_json(const nlohmann::json& j, Scenario& out, std::string* error);
std::string scenario_hash(const Scenario& scn);  // of its text

nlohmann::json state_to_json(const Scenario& scn, const State& s);
bool state_from_json(const nlohmann::json& j, const Scenario& scn, State& out, std::string* error);

// {"kind": "charge", "unit": 3, "target": 17}, {"kind": "advance", "unit": 0, "quarters": 2},
// {"kind": "order", "unit": 1, "order": "A"}, ...; action_from_json reads the same.
nlohmann::json action_to_json(const Scenario& scn, const State& s, uint32_t a);
bool action_from_json(const nlohmann::json& j, uint32_t& out, std::string* error);

nlohmann::json event_to_json(const Event& e);
const char* step_name(Step s);  // "declare", "respond", "move", "orders", "shoot", "over"

}  // namespace bgb::wrg6
