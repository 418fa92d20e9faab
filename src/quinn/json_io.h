// Quinn positions, actions and events as JSON (the protocol's, the records' and the browser's).
// Every reader checks every field and refuses with "field: problem"; nothing it accepts can
// break the rules' invariants (the state is checked after loading).
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "quinn/rules.h"

namespace bgb::quinn {

// The scenario as stored with a game: its text (scenario_file.cpp), which reads back equal.
nlohmann::json scenario_to_json(const Scenario& scn);
bool scenario_from_json(const nlohmann::json& j, Scenario& out, std::string* error);
std::string scenario_hash(const Scenario& scn);  // of its text

nlohmann::json state_to_json(const Scenario& scn, const State& s);
bool state_from_json(const nlohmann::json& j, const Scenario& scn, State& out, std::string* error);

// {"kind": "charge", "stand": 3, "target": 66, "edge": "front", "offset": 0, ...}; positions in
// inches. action_from_json reads the same, and "move-to" with x, y, heading.
nlohmann::json action_to_json(const Scenario& scn, const State& s, Act a);
bool action_from_json(const nlohmann::json& j, Act& out, std::string* error);

nlohmann::json event_to_json(const Event& e);
const char* decision_name(Decision d);

}  // namespace bgb::quinn
