// Terrain rules of §16 as data: what stops or forbids movement, what blocks line of sight,
// the battle-dice maximums and the defensive benefits.
#pragma once
#include "cca/types.h"

namespace bgb::cca {

struct TerrainInfo {
  const char* code;       // in files and on the board
  const char* name;
  bool impassable;        // seacoast, river (not fordable), lake, steep hill
  bool blocks_los;        // forest, fortified camp, steep hill (hills: see line_of_sight)
  bool stops_all;         // forest, fordable river: every unit entering stops
  bool stops_mounted;     // broken ground: mounted units entering stop
};

const TerrainInfo& terrain_info(Terrain t);
bool parse_terrain(const char* s, Terrain& out);

// Rampart facing: which two hexsides are "forward" (§16 Rampart).
enum class Facing : uint8_t { None = 0, Up = 1, Down = 2 };  // Up: the two hexsides toward row 0

}  // namespace bgb::cca
