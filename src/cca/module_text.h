// Words for the Hellenistic module (shared/reference/later/hellenistic.md, H0-H11) as the front
// ends show it: a short tag and a sentence per troop trait, the leader grades, the Army Commander
// and the module's state in a game. Text only: what the rules do is in the rule files.
#pragma once
#include <cstdint>
#include <string>

#include "cca/scenario.h"

namespace bgb::cca {

// The tag of a trait bit on a board or in a list ("Comp", "SilvSh"; at most 6 characters), and
// a sentence saying what it does, citing its rule ("" for a bit with no trait).
const char* trait_tag(int bit);
const char* trait_summary(int bit);
// The tags of every bit set, separated by `sep` ("Comp", "SilvSh Hopl").
std::string trait_tags(uint16_t traits, const char* sep = " ");

// The traits of a scenario's unit that act in a game of it: the base game's own (the Sacred Band
// of battle 002) while its battle rule is in force, the module's only while the module and its
// troop traits are on. The same as new_game puts in the state (turn.cpp).
uint16_t acting_traits(const Scenario& scn, uint16_t traits);

// H3 leader grades: "war-god", "superior", "ordinary", "low-ranking" ("" for none), and what the
// grade does in a sentence.
const char* grade_name(uint8_t g);
const char* grade_summary(uint8_t g);
// H1: what the Army Commander means for his side, in a sentence.
const char* commander_summary();

// Whether a leader's grade and commander flag act in a game of `scn` (the module and the sub-rule on).
inline bool grades_shown(const Scenario& scn) { return scn.hel(HRule::LeaderGrades); }
inline bool commander_shown(const Scenario& scn) { return scn.hel(HRule::ArmyCommander); }
// A leader's name with his grade and commander mark as far as they act: "Alexander(a,AC)",
// "Parmenio(b)", or the plain name.
std::string leader_label(const Scenario& scn, int leader);

// The module's state in a game of `scn`, in a sentence: "" for a battle without its set-up;
// "Hellenistic module: off (it can be switched on: --hellenistic on)." or "... on (H0-H11)" with
// the sub-rules switched off and the sides allowed a Reserve Move.
std::string module_summary(const Scenario& scn);

}  // namespace bgb::cca
