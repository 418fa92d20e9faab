// A static scenario: the board's terrain, the armies' set-up, leaders, War Council (command,
// who moves first, banners to win) and the deck. Built once; the rules read it, never change it.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/bits128.h"
#include "cca/battle_rules.h"
#include "cca/cards.h"
#include "cca/hellenistic.h"
#include "cca/terrain.h"
#include "cca/types.h"

namespace bgb::cca {

// Lasting traits of one unit, set by a scenario. Bit 0 is the base game's battle rule (002); the
// others are the Hellenistic module's troop types (H6, H8, H9), acting only while the module and
// its troop-traits sub-rule are on (new_game leaves them out of the state otherwise). What each
// one does in combat is its row of the trait table (combat_table.cpp).
enum : uint16_t {
  kTraitSacredBand = 1,  // 002 Crimissos: helmets hit in close combat, ignores one flag (down to its last block)
  kTraitPeltast = 1 << 1,              // H6.1 auxilia
  kTraitTribal = 1 << 2,               // H6.2 auxilia
  kTraitSilverShields = 1 << 3,        // H6.3 heavy infantry (Silver Shields, Old Veterans, Sacred Band)
  kTraitHypaspist = 1 << 4,            // H6.4 medium infantry (Foot Companions, Hypaspists)
  kTraitImmortal = 1 << 5,             // H6.5 medium infantry
  kTraitCataphract = 1 << 6,           // H6.6 heavy cavalry
  kTraitCompanion = 1 << 7,            // H6.7 medium cavalry
  kTraitEliteSkirmisher = 1 << 8,      // H6.8 light sling infantry, H6.9 light infantry
  kTraitAfrican = 1 << 9,              // H6.11 elephant
  kTraitIndian = 1 << 10,              // H6.11 elephant
  kTraitExperimentalPhalanx = 1 << 11, // H6.12 medium infantry
  kTraitEliteWarrior = 1 << 12,        // H6.13 warrior
  kTraitDisciplined = 1 << 13,         // H8 light, light bow or medium cavalry
  kTraitHoplite = 1 << 14,             // H9 heavy or medium infantry
  kTraitBowArmed = 1 << 15,            // 123 Indus: auxilia that fire at 3 hexes (a battle's trait, not the module's)
};
constexpr int kTraitBits = 16;
constexpr uint16_t kModuleTraits = 0x7ffe;  // the Hellenistic ones
// The names of the trait bits (bit 0 = kTraitSacredBand; a bit with no trait is "bitN").
extern const char* const kTraitNames[kTraitBits];

struct UnitSetup {
  UnitType type;
  Side side;
  uint8_t hex;
  uint8_t blocks;      // 0 = the type's full strength
  uint16_t traits = 0;  // kTrait* bits
};

struct LeaderSetup {
  std::string name;
  Side side;
  uint8_t hex;
  uint8_t grade = kGradeNone;  // H3.1 (Hellenistic module)
  bool commander = false;      // H1.1 the side's Army Commander (Hellenistic module)
};

// How far a scenario's set-up can be trusted (shared/reference/scenarios.md, "Fidelity"):
// book         checked against the printed scenario book;
// transcribed  laid out from the publisher's battle map, not checked against the printed book;
// reconstructed laid out by hand from partial facts;
// designed     a battle of our own; custom  anything else (the default).
inline constexpr const char* kFidelityList = "book, transcribed, reconstructed, designed or custom";
bool is_fidelity(const std::string& v);

struct Scenario {
  std::string id = "custom";
  std::string name = "Custom battle";
  std::string year;                 // e.g. "406 BC"
  std::string fidelity = "custom";  // one of kFidelityList (is_fidelity)
  std::string source;               // where the facts come from
  std::string note;
  // Battle special rules (battle_rules.h), in the order the scenario lists them.
  std::vector<BattleRule> rules;
  // The rule of a kind that serves a side (for the kinds with no side, Side::None), or nullptr.
  // A table built by finalize(): the rules are asked on hot paths (movement, drawing).
  const BattleRule* rule(RuleKind k, Side side = Side::None) const {
    const uint8_t i = rule_slot[int(k)][side == Side::None ? 2 : idx(side)];
    return i == 0 ? nullptr : &rules[i - 1u];
  }
  bool has(RuleKind k) const {
    for (uint8_t i : rule_slot[int(k)])
      if (i != 0) return true;
    return false;
  }
  // The Hellenistic module (hellenistic.h): whether this battle can be played with it, whether it
  // is on in this game, its sub-rules switched off and the sides allowed a Reserve Move.
  HellenisticOptions hellenistic;
  // Is a sub-rule of the module in force (the module on and the sub-rule not switched off)?
  bool hel(HRule r) const { return hellenistic.on && !(hellenistic.off & hrule_bit(r)); }
  bool reserve_move(Side side) const { return hellenistic.on && (hellenistic.reserve >> idx(side) & 1); }
  std::string army[2] = {"Top", "Bottom"};
  uint8_t command[2] = {5, 5};
  uint8_t banners_to_win[2] = {5, 5};
  Side first = Side::Bottom;
  // A game with no winner after this many turns (both sides counted) is a draw; 0 = no limit.
  // Not a rule of the book: it keeps bot games finite.
  uint16_t turn_limit = 400;
  // The turn at which the game ends in a draw: the scenario's limit, or with none (0) the engine's
  // own cap, the largest turn count the state holds, so that no counter ever wraps.
  static constexpr uint16_t kMaxTurns = 65535;
  uint16_t last_turn() const { return turn_limit ? turn_limit : kMaxTurns; }
  std::array<Terrain, kHexes> terrain{};
  std::array<Facing, kHexes> rampart{};  // facing of each rampart hex
  std::vector<UnitSetup> units;
  std::vector<LeaderSetup> leaders;
  std::vector<uint8_t> deck;  // one entry per card, CardKind values

  // Derived by finalize(): masks the rules use on hot paths.
  Bits128 impassable, los_terrain, hills;
  // §16 movement: hexes where every unit entering stops, where mounted units stop, broken ground
  // (war machines may not enter).
  Bits128 stops_all, stops_mounted, broken;
  // §16 Hill: a hill is a connected area of hill hexes. hill_area[h] is 1 + the index of the
  // hill that hex h belongs to (0: not a hill); other_hills[i] is every hill hex not on hill i,
  // the hexes that still block line of sight between two units on hill i (the plateau).
  std::array<uint8_t, kHexes> hill_area{};
  std::vector<Bits128> other_hills;
  uint8_t rule_slot[int(RuleKind::Count)][3] = {};  // [kind][top, bottom, none]: 1 + index into rules, 0: none
  void finalize();

  Terrain at(int hex) const { return terrain[hex]; }
};

// Switches the Hellenistic module on or off for one game (a copy of the battle). Off always works;
// on needs a battle with the module's set-up (hellenistic.use not None), else false with the reason.
// The scenario is finalized again (rules written module=off/on follow the switch).
bool set_hellenistic(Scenario& s, bool on, std::string& why);

// The built-in battles (001 Akragas for now).
const Scenario* find_builtin_scenario(const std::string& id);
std::vector<std::string> builtin_scenario_ids();

}  // namespace bgb::cca
