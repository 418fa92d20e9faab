// Terrain rules of §16 as data: what stops or forbids movement, what blocks line of sight,
// the battle-dice maximums and the defensive benefits. The battle columns are applied in one
// place, combat_table.cpp, with the unit's own numbers.
#pragma once
#include "cca/types.h"

namespace bgb::cca {

constexpr uint8_t kNoCap = 99;  // no maximum of battle dice

// §16 Rampart and Fortified Camp: where a foot unit defending on the hex is protected from.
enum class Protection : uint8_t { None, AllSides, ForwardSides };

struct TerrainInfo {
  const char* code;       // in files and on the board
  const char* name;
  bool impassable;        // seacoast, river (not fordable), lake, steep hill
  bool blocks_los;        // forest, fortified camp, steep hill (hills: see line_of_sight)
  bool stops_all;         // forest, fordable river: every unit entering stops
  bool stops_mounted;     // broken ground: mounted units entering stop
  // Battle (§16), applied by combat_table.cpp.
  bool no_battle_entering;          // forest: a unit entering may not battle (but light foot, auxilia, warriors)
  bool no_battle_entering_mounted;  // broken ground: a mounted unit entering may not battle
  uint8_t close_cap;        // close combat maximum into or out of the hex: broken ground, forest, ford 2
  uint8_t uphill_cap;       // close combat maximum at a unit on it from off it: hill 2
  uint8_t from_cap_foot;    // close combat maximum from it (downhill, hill to hill): hill, foot 3
  uint8_t from_cap_mounted; //   and mounted 2; 0 when the hex has no such maximum
  uint8_t fire_cap_into;    // ranged maximum at a unit on it: forest 1, broken ground and ford 2
  uint8_t fire_cap_out;     // ranged maximum out of it: ford 1, broken ground 2
  uint8_t dice_fewer;       // a unit on it rolls this many dice fewer: fortified camp 1
  Protection protection;    // foot defending on it: one sword ignored, one flag ignorable
};

const TerrainInfo& terrain_info(Terrain t);
bool parse_terrain(const char* s, Terrain& out);

// Rampart facing: which two hexsides are "forward" (§16 Rampart).
enum class Facing : uint8_t { None = 0, Up = 1, Down = 2 };  // Up: the two hexsides toward row 0

}  // namespace bgb::cca
