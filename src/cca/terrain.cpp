#include "cca/terrain.h"

#include <strings.h>

namespace bgb::cca {

namespace {
// clang-format off
using P = Protection;
constexpr uint8_t N = kNoCap;
const TerrainInfo kTerrain[int(Terrain::Count)] = {
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
}  // namespace

const TerrainInfo& terrain_info(Terrain t) { return kTerrain[int(t)]; }

bool parse_terrain(const char* s, Terrain& out) {
  for (int i = 0; i < int(Terrain::Count); ++i)
    if (strcasecmp(s, kTerrain[i].code) == 0 || strcasecmp(s, kTerrain[i].name) == 0) {
      out = Terrain(i);
      return true;
    }
  return false;
}

}  // namespace bgb::cca
