#include "cca/unit_types.h"

#include <cstring>
#include <strings.h>

namespace bgb::cca {

namespace {
using C = UnitClass;
}  // namespace

// Declared in the header, where the lookup is inline.
// clang-format off
const UnitInfo kUnitTable[kUnitTypes] = {
  // code   name                   class      foot   blk mv chariot war_m  light
  {"LI",  "light infantry",       C::Light,  true,  4, 2, false, false, true},
  {"LS",  "light sling infantry", C::Light,  true,  4, 2, false, false, true},
  {"LB",  "light bow infantry",   C::Light,  true,  4, 2, false, false, true},
  {"AX",  "auxilia",              C::Light,  true,  4, 2, false, false, false},
  {"WA",  "warrior",              C::Medium, true,  4, 1, false, false, false},
  {"MI",  "medium infantry",      C::Medium, true,  4, 1, false, false, false},
  {"HI",  "heavy infantry",       C::Heavy,  true,  4, 1, false, false, false},
  {"LWM", "light war machine",    C::Light,  true,  2, 1, false, true,  false},
  {"HWM", "heavy war machine",    C::Heavy,  true,  2, 1, false, true,  false},
  {"LC",  "light cavalry",        C::Light,  false, 3, 4, false, false, false},
  {"LBC", "light bow cavalry",    C::Light,  false, 3, 4, false, false, false},
  {"MC",  "medium cavalry",       C::Medium, false, 3, 3, false, false, false},
  {"HC",  "heavy cavalry",        C::Heavy,  false, 3, 2, false, false, false},
  {"CA",  "camel",                C::Medium, false, 3, 3, false, false, false},
  {"EL",  "elephant",             C::Heavy,  false, 2, 2, false, false, false},
  {"LCH", "light chariot",        C::Light,  false, 2, 3, true,  false, false},
  {"HCH", "heavy chariot",        C::Heavy,  false, 2, 2, true,  false, false},
};
// clang-format on

bool parse_unit_type(const char* s, UnitType& out) {
  for (int i = 0; i < kUnitTypes; ++i) {
    if (strcasecmp(s, kUnitTable[i].code) == 0 || strcasecmp(s, kUnitTable[i].name) == 0) {
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
