// Terrain rules of §16 as data: what stops or forbids movement, what blocks line of sight,
// the battle-dice maximums and the defensive benefits. The battle columns are applied in one
// place, combat_table.cpp, with the unit's own numbers.
#pragma once
#include <string>

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

extern const TerrainInfo kTerrainTable[int(Terrain::Count)];  // terrain.cpp
inline const TerrainInfo& terrain_info(Terrain t) { return kTerrainTable[int(t)]; }
bool parse_terrain(const char* s, Terrain& out);

// Rampart facing: the hexsides it protects (§16 Rampart: "the two forward facing hex sides"), one
// bit per direction of board.h (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE). Up and Down are the two
// forward hexsides toward row 0 (NE, NW) and toward row 8 (SW, SE), the `A^` / `Av` of the files;
// any other set is written with its hexsides (`A[W,SW]`, battle 102). A value of this enum may
// hold any set of the six bits.
enum class Facing : uint8_t { None = 0, Up = (1u << 1) | (1u << 2), Down = (1u << 4) | (1u << 5) };
constexpr uint8_t kAllHexsides = 0x3F;
constexpr bool protects_hexside(Facing f, int dir) { return (uint8_t(f) >> dir) & 1u; }

// The hexside names in direction order (E NE NW W SW SE), and a set of them as "W,SW" (direction
// order, upper case) and back. The parser accepts upper or lower case, in any order; it refuses an
// empty list, an unknown name or a name given twice, saying why.
extern const char* const kHexsideNames[6];
std::string hexside_list(Facing f);
bool parse_hexside_list(const std::string& text, Facing& out, std::string& why);

}  // namespace bgb::cca
