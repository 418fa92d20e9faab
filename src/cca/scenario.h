// A static scenario: the board's terrain, the armies' set-up, leaders, War Council (command,
// who moves first, banners to win) and the deck. Built once; the rules read it, never change it.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/bits128.h"
#include "cca/cards.h"
#include "cca/terrain.h"
#include "cca/types.h"

namespace bgb::cca {

// Lasting traits of one unit, set by a scenario (room for the Hellenistic module's traits).
enum : uint8_t {
  kTraitSacredBand = 1,  // 002 Crimissos: helmets hit in close combat, ignores one flag (down to its last block)
};
// The names of the trait bits (bit 0 = kTraitSacredBand; bits with no trait yet are "bitN").
extern const char* const kTraitNames[8];

struct UnitSetup {
  UnitType type;
  Side side;
  uint8_t hex;
  uint8_t blocks;      // 0 = the type's full strength
  uint8_t traits = 0;  // kTrait* bits
};

struct LeaderSetup {
  std::string name;
  Side side;
  uint8_t hex;
};

// Battle special rules the engine knows (scenarios.md). A scenario lists the ones it uses.
enum class SpecialRule : uint8_t {
  FordableAtBends,     // 002: the river is fordable only at its bend hexes (marked "ford" on the map)
  SacredBand,          // 002: the heavy infantry below Hasdrubal's hex: helmets hit in close combat, ignores one flag
  MagoAmbush,          // 005: a Carthaginian reserve enters on a Leadership card from the second turn
  TrasimenusHand,      // 006: the Roman hand grows (plays one, draws two) on the first turns
  BeneventumHand,      // 009: at their third banner the Romans draw 2 cards and hold 6
  CastuloSuddenDeath,  // 010: Publius Scipio eliminated -> Carthaginians win at once
  CastuloExit,         // 010: Roman units leaving over the Carthaginian baseline score a banner
  BaeculaCamps,        // 011: a Roman unit ending its move on a Carthaginian camp hex scores one banner per camp
  Count
};
const char* special_rule_id(SpecialRule r);

// How far a scenario's set-up can be trusted (shared/reference/scenarios.md, "Fidelity"):
// book         checked against the printed scenario book;
// transcribed  laid out from the publisher's battle map, not checked against the printed book;
// reconstructed laid out by hand from partial facts;
// designed     a battle of our own; custom  anything else (the default).
inline constexpr const char* kFidelityList = "book, transcribed, reconstructed, designed or custom";
bool is_fidelity(const std::string& v);
bool parse_special_rule(const std::string& s, SpecialRule& out);

struct Scenario {
  std::string id = "custom";
  std::string name = "Custom battle";
  std::string year;                 // e.g. "406 BC"
  std::string fidelity = "custom";  // one of kFidelityList (is_fidelity)
  std::string source;               // where the facts come from
  std::string note;
  std::vector<SpecialRule> special_rules;
  bool has_rule(SpecialRule r) const {
    for (SpecialRule x : special_rules)
      if (x == r) return true;
    return false;
  }
  std::string army[2] = {"Top", "Bottom"};
  uint8_t command[2] = {5, 5};
  uint8_t banners_to_win[2] = {5, 5};
  Side first = Side::Bottom;
  // A game with no winner after this many turns (both sides counted) is a draw; 0 = no limit.
  // Not a rule of the book: it keeps bot games finite.
  uint16_t turn_limit = 400;
  std::array<Terrain, kHexes> terrain{};
  std::array<Facing, kHexes> rampart{};  // facing of each rampart hex
  std::vector<UnitSetup> units;
  std::vector<LeaderSetup> leaders;
  std::vector<uint8_t> deck;  // one entry per card, CardKind values
  // Scenario rule parameters (set by the special rules that need them).
  std::string sudden_death_leader;  // castulo-sudden-death: this leader's loss ends the game

  // Derived by finalize(): masks the rules use on hot paths.
  Bits128 impassable, los_terrain, hills;
  // §16 Hill: a hill is a connected area of hill hexes. hill_area[h] is 1 + the index of the
  // hill that hex h belongs to (0: not a hill); other_hills[i] is every hill hex not on hill i,
  // the hexes that still block line of sight between two units on hill i (the plateau).
  std::array<uint8_t, kHexes> hill_area{};
  std::vector<Bits128> other_hills;
  void finalize();

  Terrain at(int hex) const { return terrain[hex]; }
};

// The built-in battles (001 Akragas for now).
const Scenario* find_builtin_scenario(const std::string& id);
std::vector<std::string> builtin_scenario_ids();

}  // namespace bgb::cca
