// The text view of the WRG table, shared by the terminal game and the replay (play_wrg6.cpp,
// replay_wrg6.cpp): the table drawn top-down to a scale that fits the terminal, each unit as its
// rectangle with its front edge marked, the units listed with their state, the choices of a
// commitment explained, the events printed. It draws what it is given: the terminal game passes
// the person's observation, so nothing the other side has entered can show.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "game/game.h"
#include "wrg6/rules.h"

namespace bgb::app::wrg6view {

struct MapOptions {
  int width = 80;        // characters the map may use, its margin included
  int height = 0;        // rows of the terminal (0: no limit); the map leaves room for the rest
  double scale = 0;      // paces a column (a row is twice that); 0: the finest that fits
  int highlight = -1;    // the unit asked now: drawn with '*' behind its front
  bool color = false;    // ANSI colours (sides, terrain, the highlight)
  bool key = true;       // the key line under the map (what the characters mean)
  // The part of the table drawn (paces); x1 <= x0: the whole table.
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// The paces a column of the whole table takes at `width` characters (and `height` rows): the
// finest of 5, 10, 15, 20, 25, 50 that fits the width, and the height too when one of 20 p or
// finer does.
double fit_scale(const wrg6::Scenario& scn, int width, int height);

// The table top-down, north (the far edge from A) up: '.' open ground, '%' wood, ':' hill; a unit
// is its rectangle, its front edge its tag (A1, B2) and arrows pointing where it faces, the rest
// '#' for side A and '=' for side B ('!' a unit that is routing, 'X' where two units' fronts share
// a cell: in contact). A key line follows.
void draw_map(const wrg6::Scenario& scn, const wrg6::State& s, const MapOptions& opt, std::ostream& out);

// A window of the table around a unit at 5 paces a column (zoom): the contacts in detail.
void draw_zoom(const wrg6::Scenario& scn, const wrg6::State& s, int id, const MapOptions& opt, std::ostream& out);

// One line a unit (two when its flags are many): tag, name, troop, figures and men, order (and the
// next one issued), where it stands and faces, its flags; what it has entered this step when the
// viewer may see it ("entered" / "committed" when only that it has). `cursor` gets a '>' mark.
std::string unit_line(const wrg6::Scenario& scn, const wrg6::State& s, int id, int viewer, int cursor);
void list_units(const wrg6::Scenario& scn, const wrg6::State& s, int viewer, int cursor, std::ostream& out);
// The long form of one unit: weapons, class, formation, moves and ranges, contacts, enemies near.
void describe_unit(const wrg6::Scenario& scn, const wrg6::State& s, int id, std::ostream& out);

// The unit flags people read: "shaken, disordered, impetuous" ("" for none).
std::string flags_text(const wrg6::Scenario& scn, const wrg6::State& s, int id);

// What the choices of the asked unit mean in numbers: a charge's distance and the edge it would
// strike, a shot's range and factors, a move's paces; "" when there is nothing to add.
std::string choice_details(const wrg6::Scenario& scn, const wrg6::State& s, uint32_t a);
// The heading of the question: the unit asked, where it is, and what the step asks of it (who
// charges it, what its order allows).
std::string ask_text(const wrg6::Scenario& scn, const wrg6::State& s);

// "declare charges (step 3)", "answer charges (step 5)", ... for a step.
const char* step_title(wrg6::Step st);
// Meaning of an order (I-ORD, W-ORD) in a few words.
const char* order_meaning(wrg6::Order o);

// The events a player reads, each with its rule ("[W-RR]") and dice; the other side's commitments
// name only the unit. Lines are appended to `log` too when it is not null.
// Lines longer than `width` are wrapped. Returns the events printed.
int print_events(const std::vector<game::EventView>& ev, std::ostream& out, std::vector<std::string>* log = nullptr,
                 int width = 80);

// `text` (one line or several) wrapped at spaces to `width` columns, continued lines indented by
// `indent` spaces; a word longer than the line stays whole.
std::string wrap(const std::string& text, int width, int indent);
// Whether print_events would print anything (a side's own commitments alone are not news).
bool has_news(const std::vector<game::EventView>& ev);

// What happened before the first decision of a game of `seed` (the first period's tests and any
// forced commitments), as `viewer` sees it: the session starts a game without its events, and
// the game is deterministic from its seed, so the rules are run again for them.
std::vector<game::EventView> opening_events(const wrg6::Scenario& scn, uint64_t seed, int viewer);

// Men lost by each side so far (the draw's score, I-VIC), and the line that says who won.
int men_lost(const wrg6::Scenario& scn, const wrg6::State& s, int side);
std::string result_text(const wrg6::Scenario& scn, const wrg6::State& s, int you);

// Looks up a unit by its tag ("A1", "b2") or its id ("17"); -1 when none.
int parse_unit(const wrg6::Scenario& scn, const std::string& word);

}  // namespace bgb::app::wrg6view

namespace bgb::app {
// bgbot replay of a WRG record (replay_wrg6.cpp); `stored_scenario` as replay_quinn's.
int replay_wrg6(const nlohmann::json& record, const std::string& stored_scenario, const std::string& origin,
                const ReplayOptions& opt);
}  // namespace bgb::app
