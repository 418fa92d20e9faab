// The one validation of a Scenario's meaning, run after either reader (the text format,
// scenario_reader.cpp, and a position's JSON, scenario_json.cpp): what the rules need of the map
// and the armies, and what the armies need of the rules. Each reader says where a problem is in
// its own terms: the text reader a FILE:LINE, the JSON reader a path.
#pragma once
#include <string>
#include <vector>

#include "cca/scenario.h"

namespace bgb::cca {

struct ScenarioProblem {
  enum class Where : uint8_t {
    Scenario,  // the scenario as a whole
    Rule,      // rules[index]
    Unit,      // units[index]
    Leader,    // leaders[index]
    Deck,      // the deck
    Traits,    // the traits of units[index]
    Terrain,   // the terrain of hex index
    Module,    // the Hellenistic module's settings
  };
  Where where = Where::Scenario;
  int index = 0;
  std::string message;
};

// Every problem found, in the order of the scenario's parts (terrain, rules, units, leaders, deck). The
// scenario must hold what its readers already guarantee: hexes on the board or off it, at most
// kMaxUnits units and kMaxLeaders leaders.
std::vector<ScenarioProblem> check_scenario(const Scenario& s);

// The fortified camps of rows 0-3, the hexes of the old `baecula-camps` rule (battle_rules.h).
Bits128 top_half_camps(const Scenario& s);

}  // namespace bgb::cca
