// Combat numbers in one place (issue 12). What a unit rolls, what its dice score, which hits and
// flags it ignores, how far it retreats per flag, whom it may evade and what it may do after a
// successful close combat all depend on what the unit is (its type) and what it carries (a
// scenario trait). Both are rows of the two tables in combat_table.cpp; the rule files ask the
// questions declared in rules_internal.h ("combat numbers") and test no unit type themselves.
// Terrain keeps its numbers in the terrain table (terrain.h); they are applied here too.
//
// A new trait (the Hellenistic module's, shared/reference/later/hellenistic.md H6-H11) is one row
// of the trait table: the questions already add or apply its columns in the order H11 gives.
#pragma once
#include <cstdint>
#include <string>

#include "cca/types.h"

namespace bgb::cca {

constexpr uint8_t kEvery = 255;  // "all of them": every sword ignored, every helmet counted

// A set of unit types as bits (1 << UnitType): whom a unit may evade (§13).
using TypeMask = uint32_t;
constexpr TypeMask type_bit(UnitType t) { return TypeMask(1) << int(t); }

// §13 Bonus close combat after a momentum advance.
enum class BonusRule : uint8_t {
  Never,       // war machines (they never advance either)
  WithLeader,  // foot other than warriors: only with an attached leader
  Always,      // warriors, camels, cavalry, chariots, elephants
};

// How one unit type fights. The numbers are the rule book's (cited per column).
struct CombatType {
  // §11 Close combat.
  uint8_t close_dice;        // dice in close combat
  uint8_t battle_back_dice;  // when battling back or striking first (0: close_dice): camel 2, heavy chariot 3
  bool copies_dice;          // elephant: rolls what the unit it fights would roll
  uint8_t dice_vs_leader;    // a copier against a lone leader (elephant 1)
  uint8_t dice_for_copier;   // what an elephant rolls against this type (0: its close_dice): EL, WA, HCH, CA 3
  uint8_t full_strength_dice;   // warrior: +1 die while at full strength
  uint8_t full_strength_flags;  // warrior: may ignore 1 flag while at full strength (§12)
  bool sword_hits;           // its swords score in close combat
  bool rerolls_swords;       // elephant: every die that scored a sword is rolled again
  bool leader_helmets;       // a friendly leader attached or adjacent makes its helmets hit (not elephants)
  uint8_t swords_ignored;    // sword hits it ignores in close combat: chariots 1, elephants kEvery
  bool horse;                // cavalry and chariots: frightened by elephants and camels
  uint8_t horse_symbols_ignored;  // hits of its own symbol it ignores from horses: elephant, camel 1
  uint8_t horse_flags_ignored;    // flags it may ignore from horses: elephant 1
  uint8_t horse_extra_retreat;    // extra hexes per flag it makes horses retreat: elephant, camel 1
  bool bolstered;            // receives bolster morale from leaders, support, terrain (§12: not elephants)
  // §10 Ranged combat.
  uint8_t range;             // hexes; 0: no missile weapons
  uint8_t fire_dice;         // not moved: 2
  uint8_t fire_dice_moved;   // moved: 1 (light chariot 2)
  // §8, §10, §11, §16: battle after moving.
  uint8_t no_battle_after;   // a move of this many hexes or more forbids battle (war machine 1, auxilia 2; 0: never)
  bool forest_battle;        // may battle after entering a forest (light foot, auxilia, warriors)
  // §12 Retreat.
  uint8_t retreat;           // hexes per flag
  bool rampages;             // elephant: rampage, and a blocked retreat tramples the hexes behind
  // §13 Special actions.
  TypeMask evades;           // attacker types it may evade in close combat
  bool crew_escapes;         // war machine: an evading survivor leaves the field without a banner
  bool momentum_advance;     // may advance after a successful close combat (not war machines)
  bool extra_hex;            // cavalry: one more hex after its first advance of the turn
  BonusRule bonus;
};

// A lasting trait a scenario gives a unit (scenario.h kTrait*): what it changes. Zero leaves the
// unit's type as it is. It acts while the unit has blocks. The Hellenistic rows follow H6-H9 and
// H11 of the module's spec; the order in which the columns are applied is H11's.
struct TraitInfo {
  TypeMask allowed;          // the unit types that may carry it (0: any; the validator's check)
  uint16_t excludes;         // traits it may not be combined with (H6.2, H9)
  uint8_t start_blocks;      // blocks at full strength (0: the type's): H6.3-H6.5, H6.13 five
  uint8_t helmet_cap;        // helmets that hit in its close combat rolls at least (kEvery: all)
  uint8_t outflanked_helmets;// helmets that still hit in its battle back while outflanked (H5.4)
  uint8_t flags_ignored;     // added to the flags it may ignore (close and ranged combat)
  uint8_t ranged_flags_ignored;  // added in ranged combat only (H6.7 the companions' first flag)
  uint8_t swords_ignored;    // added to the sword hits it ignores in close combat
  uint8_t swords_unless_outflanked;  // the same, lost while it defends outflanked (H9 hoplites)
  uint8_t sword_or_flag;     // ignores one sword or one flag, its owner's choice (H6.7)
  uint8_t battle_back_dice;  // replaces its type's battle back dice (0: the type's)
  uint8_t retreat;           // replaces its type's hexes per flag (0: the type's)
  uint8_t range;             // missile weapons of this range (0: the type's)
  uint8_t fire_dice;         // with them, dice when it has not moved / has moved (H6.5: as light bow)
  uint8_t fire_dice_moved;
  uint8_t move;              // replaces its type's movement (0: the type's): H6.3(a) two hexes
  uint8_t no_battle_after;   // replaces its type's "no battle after a move of N" (0: the type's)
  bool leadership_charge;    // H6.4: ordered by a Leadership card it moves 2 and still battles
  bool skirmish_swords;      // H6.8/9: swords hit light foot when it fires, anyone when it battles back
  uint8_t breed;             // H6.11: 1 African, 2 Indian
  uint8_t first_roll_die;    // H6.13 elite warriors: one more die in its first close combat roll
  bool combined_attack;      // H6.12 the experimental phalanx's missile shot before its close combat
  TypeMask evades;           // attacker types it may evade besides its type's (H6.1 peltasts)
};

extern const CombatType kCombatTable[kUnitTypes];  // combat_table.cpp
inline const CombatType& combat_type(UnitType t) { return kCombatTable[int(t)]; }
// The trait of bit number b (0..15); a bit with no trait reads as all zero.
const TraitInfo& trait_info(int b);
// Blocks at full strength of a unit of type t with these traits (§2, H6.3-H6.5, H6.13).
int full_blocks(UnitType t, uint16_t traits);
// Why a unit of type t may not carry these traits ("" when it may): the trait table's types and
// forbidden pairs.
std::string trait_refusal(UnitType t, uint16_t traits);
// The type's own missile weapons (§10): what Darken the Sky orders. A trait's range does not
// make a "ranged unit" of it for the cards (Hellenistic [I-15]); it fires by fire_range().
inline bool has_missile_weapons(UnitType t) { return combat_type(t).range > 0; }

// §12 Elephant rampage: dice rolled for each adjacent hex.
constexpr int kRampageDice = 2;

}  // namespace bgb::cca
