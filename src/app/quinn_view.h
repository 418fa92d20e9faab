// The text view of Quinn's table shared by the terminal game and the replay: the table drawn
// top-down (one column an inch, one row two inches), the stands listed, the events printed.
#pragma once
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>
#include <string>

#include "app/commands.h"
#include "game/game.h"
#include "quinn/rules.h"

namespace bgb::app {

char stand_letter(const quinn::Scenario& scn, int id);  // I M L A H R C E, lower case for B
const char* arrow(int h);                               // a heading to the nearest eighth
void draw_table(const quinn::Scenario& scn, const quinn::State& s, std::ostream& out);
// The live stands (of one side, or -1 for both; only those of the active command left to act).
void list_stands(const quinn::Scenario& scn, const quinn::State& s, int only_side, bool only_command, std::ostream& out);
// The events a player reads: phases, rolls, moves, fights and their results, with their rules.
void print_events(const std::vector<game::EventView>& ev, std::ostream& out);

// When a finished game ended, for people: "in round 3", or "after round 8, the last" when the
// round limit ended it (the state's round counter has then moved past the limit).
std::string ended_text(const quinn::State& s);

// bgbot replay of a Quinn record (replay_quinn.cpp); `stored_scenario` is the scenario JSON a
// database keeps with the game ("" for a file: the record carries its own). Returns the exit code.
int replay_quinn(const nlohmann::json& record, const std::string& stored_scenario, const std::string& origin,
                 const ReplayOptions& opt);

}  // namespace bgb::app
