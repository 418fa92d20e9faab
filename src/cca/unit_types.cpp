#include "cca/unit_types.h"

#include <cstring>
#include <strings.h>

namespace bgb::cca {

namespace {
using C = UnitClass;
using E = EvadeRule;
// clang-format off
const UnitInfo kUnits[kUnitTypes] = {
  // code   name                 class     foot  blk mv cc bb rng sword ret evade                   cav    char   wm     forest light
  {"LI",  "light infantry",      C::Light,  true,  4, 2, 2, 0, 2, false, 2, E::Always,              false, false, false, true,  true},
  {"LS",  "light sling infantry",C::Light,  true,  4, 2, 2, 0, 3, false, 2, E::Always,              false, false, false, true,  true},
  {"LB",  "light bow infantry",  C::Light,  true,  4, 2, 2, 0, 3, false, 2, E::Always,              false, false, false, true,  true},
  {"AX",  "auxilia",             C::Light,  true,  4, 2, 3, 0, 2, true,  1, E::Never,               false, false, false, true,  false},
  {"WA",  "warrior",             C::Medium, true,  4, 1, 3, 0, 0, true,  2, E::Never,               false, false, false, true,  false},
  {"MI",  "medium infantry",     C::Medium, true,  4, 1, 4, 0, 0, true,  1, E::Never,               false, false, false, false, false},
  {"HI",  "heavy infantry",      C::Heavy,  true,  4, 1, 5, 0, 0, true,  1, E::Never,               false, false, false, false, false},
  {"LWM", "light war machine",   C::Light,  true,  2, 1, 2, 0, 5, false, 1, E::Always,              false, false, true,  false, false},
  {"HWM", "heavy war machine",   C::Heavy,  true,  2, 1, 2, 0, 6, false, 1, E::Always,              false, false, true,  false, false},
  {"LC",  "light cavalry",       C::Light,  false, 3, 4, 2, 0, 2, false, 4, E::Always,              true,  false, false, false, false},
  {"LBC", "light bow cavalry",   C::Light,  false, 3, 4, 2, 0, 3, false, 4, E::Always,              true,  false, false, false, false},
  {"MC",  "medium cavalry",      C::Medium, false, 3, 3, 3, 0, 0, true,  3, E::FootAndHeavyMounted, true,  false, false, false, false},
  {"HC",  "heavy cavalry",       C::Heavy,  false, 3, 2, 4, 0, 0, true,  2, E::FootAndElephant,     true,  false, false, false, false},
  {"CA",  "camel",               C::Medium, false, 3, 3, 3, 2, 0, true,  3, E::FootAndHeavyMounted, false, false, false, false, false},
  {"EL",  "elephant",            C::Heavy,  false, 2, 2, 0, 0, 0, true,  1, E::Never,               false, false, false, false, false},
  {"LCH", "light chariot",       C::Light,  false, 2, 3, 2, 0, 3, true,  3, E::Always,              false, true,  false, false, false},
  {"HCH", "heavy chariot",       C::Heavy,  false, 2, 2, 4, 3, 0, true,  2, E::FootAndElephant,     false, true,  false, false, false},
};
// clang-format on
}  // namespace

const UnitInfo& unit_info(UnitType t) { return kUnits[int(t)]; }

bool parse_unit_type(const char* s, UnitType& out) {
  for (int i = 0; i < kUnitTypes; ++i) {
    if (strcasecmp(s, kUnits[i].code) == 0 || strcasecmp(s, kUnits[i].name) == 0) {
      out = UnitType(i);
      return true;
    }
  }
  return false;
}

const char* side_name(Side s) { return s == Side::Top ? "top" : s == Side::Bottom ? "bottom" : "none"; }

const char* face_name(int f) {
  static const char* names[] = {"light", "medium", "heavy", "leader", "flag", "sword"};
  return f >= 0 && f < 6 ? names[f] : "?";
}

}  // namespace bgb::cca
