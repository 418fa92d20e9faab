// The unit type table (§1, §2, §8): what a unit type is (its code, class, foot or mounted,
// blocks and movement), as data. How it fights (§9-§16: dice, hits, flags, retreat, evade) is in
// the combat table, combat_table.h. There is no class hierarchy of units.
#pragma once
#include "cca/types.h"

namespace bgb::cca {

struct UnitInfo {
  const char* code;        // short code in files and on the board, e.g. "HI"
  const char* name;        // rule-book name
  UnitClass cls;           // §2 symbol colour; §8 class for ordering and taking hits
  bool foot;               // §8 foot or mounted
  uint8_t blocks;          // §2 full strength
  uint8_t move;            // §8 maximum hexes (warrior: 1, charge handled apart)
  bool chariot;            // §11 chariots; Rally cannot restore them
  bool war_machine;        // §8, §16 war machine movement exceptions
  bool light_foot;         // light infantry, sling, bow: move 2 and battle
};

extern const UnitInfo kUnitTable[kUnitTypes];  // unit_types.cpp
inline const UnitInfo& unit_info(UnitType t) { return kUnitTable[int(t)]; }
inline bool is_mounted(UnitType t) { return !unit_info(t).foot; }
// Parses a unit code ("HI") or name; returns false when unknown.
bool parse_unit_type(const char* s, UnitType& out);

}  // namespace bgb::cca
