// Pieces shared by the terminal commands (play, replay): finding a scenario from a command-line
// argument, reading a game record file, and a short fingerprint of a position that both commands
// print so that a person (or a test) can see that two positions are the same.
#pragma once
#include <string>
#include <vector>

#include "cca/game_record.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::app {

// `arg` is a built-in scenario id (anything find_builtin_scenario() accepts: "001", "akragas")
// or the path of a scenario file. On failure returns false and fills `errors` with one message
// per problem (`FILE:LINE: message` for a bad file).
bool load_scenario_arg(const std::string& arg, cca::Scenario& out, std::vector<std::string>& errors);

// Reads and parses a record file (JSON, docs: game_record.h). False with a message on failure.
bool read_record_file(const std::string& path, cca::GameRecord& out, std::string& error);

// Writes the record as indented JSON. False with a message on failure.
bool write_record_file(const std::string& path, const cca::Scenario& scn, const cca::GameRecord& r,
                       std::string& error);

// A 16-hex-digit fingerprint of the whole state (FNV-1a of its JSON).
std::string position_hash(const cca::Scenario& scn, const cca::State& s);

// True when stdout is a terminal and NO_COLOR is not set.
bool want_color();

}  // namespace bgb::app
