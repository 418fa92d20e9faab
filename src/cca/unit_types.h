// The unit type table (§1, §8, §10, §11, §12, §13): every number the rules need about a unit
// type, as data. Rules read this table; there is no class hierarchy of units.
#pragma once
#include "cca/types.h"

namespace bgb::cca {

// §13 Evade eligibility.
enum class EvadeRule : uint8_t {
  Always,                 // green circle units without border, light chariot, war machines
  FootAndHeavyMounted,    // medium cavalry, camel: may evade foot and heavy mounted attackers
  FootAndElephant,        // heavy cavalry, heavy chariot: may evade foot and elephant attackers
  Never,                  // auxilia, medium/heavy infantry, warrior, elephant
};

struct UnitInfo {
  const char* code;        // short code in files and on the board, e.g. "HI"
  const char* name;        // rule-book name
  UnitClass cls;           // §2 symbol colour; §8 class for ordering and taking hits
  bool foot;               // §8 foot or mounted
  uint8_t blocks;          // §2 full strength
  uint8_t move;            // §8 maximum hexes (warrior: 1, charge handled apart)
  uint8_t close_dice;      // §11 close combat dice
  uint8_t battle_back_dice;// §11 dice when battling back (0 = same as close_dice)
  uint8_t range;           // §10 range in hexes, 0 = no missile weapons
  bool sword_hits;         // §11 scores a hit on a sword in close combat
  uint8_t retreat;         // §12 hexes per flag
  EvadeRule evade;         // §13
  bool cavalry;            // §13 cavalry momentum advance extra hex; camel/elephant "vs cavalry"
  bool chariot;            // §11 chariots ignore one sword hit
  bool war_machine;        // §8, §10, §11, §13 war machine exceptions
  bool forest_battle;      // §16 may battle after entering a forest hex
  bool light_foot;         // light infantry, sling, bow: move 2 and battle
};

const UnitInfo& unit_info(UnitType t);
inline bool is_mounted(UnitType t) { return !unit_info(t).foot; }
// Cavalry or chariot: the units that elephants and camels frighten (§11).
inline bool is_horse(UnitType t) { return unit_info(t).cavalry || unit_info(t).chariot; }
// Parses a unit code ("HI") or name; returns false when unknown.
bool parse_unit_type(const char* s, UnitType& out);

}  // namespace bgb::cca
