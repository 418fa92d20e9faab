#include "cca/terrain.h"

#include <strings.h>

namespace bgb::cca {

namespace {
// clang-format off
using P = Protection;
constexpr uint8_t N = kNoCap;
}  // namespace

// Declared in the header, where the lookup is inline.
const TerrainInfo kTerrainTable[int(Terrain::Count)] = {
  //                                  impass  los    stopAll stopMtd | noBtl  noBtlMtd cc up fromF fromM fireIn fireOut fewer protection
  {"plain",  "open ground",     false, false, false, false,   false, false,   N, N, 0, 0, N, N, 0, P::None},
  {"broken", "broken ground",   false, false, false, true,    false, true,    2, N, 0, 0, 2, 2, 0, P::None},
  {"forest", "forest",          false, true,  true,  false,   true,  false,   2, N, 0, 0, 1, N, 0, P::None},
  {"hill",   "hill",            false, false, false, false,   false, false,   N, 2, 3, 2, N, N, 0, P::None},
  {"sea",    "seacoast",        true,  false, false, false,   false, false,   N, N, 0, 0, N, N, 0, P::None},
  {"river",  "river",           true,  false, false, false,   false, false,   N, N, 0, 0, N, N, 0, P::None},
  {"ford",   "fordable river",  false, false, true,  false,   false, false,   2, N, 0, 0, 2, 1, 0, P::None},
  {"rampart","rampart",         false, false, false, false,   false, false,   N, N, 0, 0, N, N, 0, P::ForwardSides},
  {"camp",   "fortified camp",  false, true,  false, false,   false, false,   N, N, 0, 0, N, N, 1, P::AllSides},
  {"lake",   "lake",            true,  false, false, false,   false, false,   N, N, 0, 0, N, N, 0, P::None},
  {"steep",  "steep hill",      true,  true,  false, false,   false, false,   N, N, 0, 0, N, N, 0, P::None},
};
// clang-format on

bool parse_terrain(const char* s, Terrain& out) {
  for (int i = 0; i < int(Terrain::Count); ++i)
    if (strcasecmp(s, kTerrainTable[i].code) == 0 || strcasecmp(s, kTerrainTable[i].name) == 0) {
      out = Terrain(i);
      return true;
    }
  return false;
}

const char* const kHexsideNames[6] = {"E", "NE", "NW", "W", "SW", "SE"};

std::string hexside_list(Facing f) {
  std::string out;
  for (int d = 0; d < 6; ++d)
    if (protects_hexside(f, d)) out += std::string(out.empty() ? "" : ",") + kHexsideNames[d];
  return out;
}

bool parse_hexside_list(const std::string& text, Facing& out, std::string& why) {
  uint8_t bits = 0;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    int dir = -1;
    for (int d = 0; d < 6; ++d)
      if (strcasecmp(name.c_str(), kHexsideNames[d]) == 0) dir = d;
    if (name.empty()) {
      why = "a hexside name is missing (hexsides are E NE NW W SW SE, comma separated)";
      return false;
    }
    if (dir < 0) {
      why = "unknown hexside name (hexsides are E NE NW W SW SE)";
      return false;
    }
    if (bits & (1u << dir)) {
      why = std::string("hexside ") + kHexsideNames[dir] + " is named twice";
      return false;
    }
    bits = uint8_t(bits | (1u << dir));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  out = Facing(bits);
  return true;
}

}  // namespace bgb::cca
