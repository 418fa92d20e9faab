// A WRG 6th edition scenario (spec §3.4, §3.7): the table, terrain, options, and both armies with
// every unit's troop type, weapons, class, formation, pose and first order. Static: built once and
// shared by every state of a game; the state holds only what changes.
//
// Ground is in whole paces (I-SCALE): x to the right, y up the table; side A (seat 0) starts at
// the bottom edge (y small) facing 90, side B at the top facing 270. A unit's pose is the centre
// of its front edge and its facing in degrees, counter-clockwise from +x; facings are multiples
// of 45 (the move menu of §3.5 only wheels by 45 and turns by 90 or 180).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "wrg6/tables.h"

namespace bgb::wrg6 {

constexpr int kSides = 2;
constexpr int kMaxUnitsSide = 16;  // ids 0..15 are side A's, 16..31 side B's
constexpr int kMaxUnits = 2 * kMaxUnitsSide;
constexpr int kMaxTerrain = 8;

// I-ORD: an order is one of Q, W, S, H, A (sectors and flank marches are not in version 1).
enum class Order : uint8_t { Q, W, S, H, A };
constexpr int kOrders = 5;
const char* order_name(Order o);  // "Q", "W", ...
bool parse_order(const std::string& s, Order& out);

// I-EVD: reading (a) (the listed paces plus 10 x d6 is the whole evade) is the default; (b) adds
// the listed paces to the normal move with a raw d6 as a tie-breaker.
enum class EvadeRule : uint8_t { A, B };

struct UnitSpec {
  std::string name;                 // "Hoplites", may repeat
  Troop troop = Troop::HI;
  Melee melee = Melee::InfantryOther;
  Missile missile = Missile::None;
  Grade grade = Grade::RegB;
  bool shieldless = false;          // W-TF: shieldless targets
  uint8_t files = 4, ranks = 2;     // figures = files x ranks at the start
  int x = 0, y = 0;                 // centre of the front edge, paces
  int facing = 90;                  // degrees, a multiple of 45
  Order order = Order::H;
  int obj_x = 0, obj_y = 0;         // the objective of Q and W orders (I-ORD), paces
  bool general = false;             // the side's C-in-C is with this unit (I-GEN)
};

// I-TERR: terrain pieces are axis-aligned rectangles in version 1. A wood is difficult (halves
// moves, disorders formed troops except LI) and gives cover; a hill is higher ground.
enum class TerrainKind : uint8_t { Wood, Hill };
struct TerrainPiece {
  TerrainKind kind = TerrainKind::Wood;
  std::string name;       // "wood", for people
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // x0 < x1, y0 < y1, paces
  bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

struct Scenario {
  std::string id;     // "s1", stable: records and seeds name it
  std::string title;  // "Spear wall"
  std::string about;  // a sentence or two for a player choosing it
  std::string side_name[kSides] = {"A", "B"};
  int table_w = 800, table_h = 600;  // paces
  int period_limit = 12;             // I-VIC
  EvadeRule evade_rule = EvadeRule::A;
  std::vector<TerrainPiece> terrain;
  std::vector<UnitSpec> army[kSides];
  std::string source;  // the file it was read from, or "built-in"
};

// Unit ids: side A's k-th unit is k, side B's is 16 + k.
inline int unit_id(int side, int k) { return side * kMaxUnitsSide + k; }
inline int side_of(int id) { return id / kMaxUnitsSide; }
inline int index_in_side(int id) { return id % kMaxUnitsSide; }

// I-FIG: frontage and depth of one figure, paces.
int figure_frontage(Troop t);
int figure_depth(Troop t);

// ---- The scenario text format (scenario_file.cpp; docs/wrg6-scenarios.md) ----

// Reads a scenario from text; `source` names it in errors ("FILE:LINE: field: problem"). On
// failure returns false with every problem found in `errors`.
bool read_scenario(const std::string& text, const std::string& source, Scenario& out, std::vector<std::string>& errors);
// Writes the text that read_scenario() reads back to an equal scenario.
std::string write_scenario(const Scenario& s);
// Checks a scenario however it was made: units on the table and not overlapping, facings multiples
// of 45, at most 16 units a side and at least one, at most one general a side, terrain on the
// table, sane options. Problems are appended to `errors` (prefixed with `where`).
bool validate_scenario(const Scenario& s, const std::string& where, std::vector<std::string>& errors);

// The built-in scenarios (data/scenarios-wrg6/*.txt, embedded at build time), in catalogue order.
const std::vector<std::shared_ptr<const Scenario>>& builtin_scenarios();
std::shared_ptr<const Scenario> find_builtin(const std::string& id_or_title);

}  // namespace bgb::wrg6
