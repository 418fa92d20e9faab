// What the battle tests (test_battles.cpp, test_expansion_battles.cpp) read from a built-in
// scenario to compare with its battle file: units by type, leaders, special rules, and the
// test names ctest lists. Written once for both sets of battles.
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cca/battle_rules.h"
#include "cca/board.h"
#include "cca/scenario.h"
#include "cca/unit_types.h"

namespace bgb::cca::test {

// Units on the map by type ("AX 3, HI 2"), sorted by code as the battle files list them.
inline std::string counts_of(const Scenario& s, Side side) {
  std::map<std::string, int> n;
  for (const UnitSetup& u : s.units)
    if (u.side == side && u.hex != kOffBoard) n[unit_info(u.type).code]++;
  std::string out;
  for (const auto& [code, k] : n) out += (out.empty() ? "" : ", ") + code + " " + std::to_string(k);
  return out;
}

// "side Name row,col" (or "side Name reserve"), top first, in file order.
inline std::string leaders_of(const Scenario& s) {
  std::string out;
  for (Side side : {Side::Top, Side::Bottom})
    for (const LeaderSetup& l : s.leaders) {
      if (l.side != side) continue;
      if (!out.empty()) out += "; ";
      out += std::string(side_name(side)) + " " + l.name + " " + (l.hex == kOffBoard ? "reserve" : hex_name(l.hex));
    }
  return out;
}

// The special rules in their written form, "; " between.
inline std::string rules_of(const Scenario& s) {
  std::string out;
  for (const BattleRule& r : s.rules) out += (out.empty() ? "" : "; ") + battle_rule_text(r);
  return out;
}

// ctest lists each battle by id and name ("B104_Leuctra") rather than by the parameter's bytes.
template <class Battle>
std::string battle_name(const ::testing::TestParamInfo<Battle>& info) {
  std::string n = std::string("B") + info.param.id + "_";
  for (const char* p = info.param.name; *p; ++p)
    if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')) n += *p;
  return n;
}

}  // namespace bgb::cca::test
