// The Hellenistic module (seed 001; shared/reference/later/hellenistic.md, cited H0-H11): a set of
// rules layered on the base game, switched on per scenario or per game. This header holds what
// the scenario says about it (the switch, the sub-rules switched off, the sides allowed a Reserve
// Move), the leader grades, and the questions the rule files ask about the module. Its combat
// numbers are rows and columns of the combat table (combat_table.*), not branches here.
#pragma once
#include <cstdint>
#include <string>

#include "cca/types.h"

namespace bgb::cca {

// H0: the sub-rules, each switched off by name. All but reserve-move are on when the module is on;
// reserve-move is set per side (HellenisticOptions::reserve).
enum class HRule : uint8_t {
  ArmyCommander,         // H1
  OffSection,            // H2
  LeaderGrades,          // H3
  BonusCcNoCardDice,     // H4
  Outflanking,           // H5
  TroopTraits,           // H6, H8, H9
  LightMatchups,         // H7
  LightFootPassThrough,  // H6.10
  Count
};
constexpr int kHRules = int(HRule::Count);
constexpr uint8_t hrule_bit(HRule r) { return uint8_t(1u << int(r)); }
// The names in files, JSON and texts ("army-commander"; "army_commander" reads too).
const char* hrule_name(HRule r);
bool parse_hrule(const std::string& s, HRule& out);
std::string hrule_list();

// What a scenario says about the module.
enum class ModuleUse : uint8_t {
  None = 0,       // the battle has no set-up for the module (no grades, no commanders)
  Available = 1,  // it can be played with the module; off unless a game switches it on
  On = 2,         // the module is on by default
};
struct HellenisticOptions {
  ModuleUse use = ModuleUse::None;
  bool on = false;      // in force in this game (a game may switch it from the scenario's default)
  uint8_t off = 0;      // HRule bits switched off
  uint8_t reserve = 0;  // bit per side (1 << idx(side)): allowed a Reserve Move (H10)
  bool operator==(const HellenisticOptions&) const = default;
};
const char* module_use_name(ModuleUse u);
bool parse_module_use(const std::string& s, ModuleUse& out);

// H3.1 leader grades. kGradeNone is a leader without a grade in the file: a `c` under the module
// ([I-4]) and nothing at all in the base game.
constexpr uint8_t kGradeNone = 0, kGradeA = 1, kGradeB = 2, kGradeC = 3, kGradeD = 4;
char grade_letter(uint8_t g);  // 'a'..'d', or 0 for none
bool parse_grade(const std::string& s, uint8_t& out);

}  // namespace bgb::cca
