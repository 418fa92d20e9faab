#include "cca/terrain.h"

#include <strings.h>

namespace bgb::cca {

namespace {
// clang-format off
const TerrainInfo kTerrain[int(Terrain::Count)] = {
  // code  name               impass  los    stopAll stopMounted
  {"plain",  "open ground",     false, false, false, false},
  {"broken", "broken ground",   false, false, false, true},
  {"forest", "forest",          false, true,  true,  false},
  {"hill",   "hill",            false, false, false, false},
  {"sea",    "seacoast",        true,  false, false, false},
  {"river",  "river",           true,  false, false, false},
  {"ford",   "fordable river",  false, false, true,  false},
  {"rampart","rampart",         false, false, false, false},
  {"camp",   "fortified camp",  false, true,  false, false},
  {"lake",   "lake",            true,  false, false, false},
  {"steep",  "steep hill",      true,  true,  false, false},
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
