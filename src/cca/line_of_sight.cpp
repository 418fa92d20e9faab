// §10 step 3 Line of sight, with §16 hills, forests and fortified camps. Units and leaders of
// either side obstruct; the target hex never does; the board edge does. A line running along a
// hexside is blocked only when there are obstructions on both sides of it (see Board::los_plus).
#include "cca/rules_internal.h"

namespace bgb::cca {

bool line_of_sight(const Ctx& c, int from, int to) {
  const Board& b = c.b;
  if (b.dist[from][to] <= 1) return true;
  Bits128 obst = c.scn.los_terrain;
  // §16 Hill: a hill hex between blocks, except between two units on the same hill (the
  // plateau): then that hill's own hexes do not block, but any other hill's still do.
  const int area = c.scn.hill_area[from];
  if (area && area == c.scn.hill_area[to])
    obst |= c.scn.other_hills[area - 1];
  else
    obst |= c.scn.hills;
  obst.set(kOffBoardBit);
  const State& s = c.s;
  const Bits128& plus = b.los_plus[from][to];
  const Bits128& minus = b.los_minus[from][to];
  Bits128 path = plus | minus;
  for (int w = 0; w < 2; ++w) {
    uint64_t bits = path.w[w];
    while (bits) {
      int h = w * 64 + __builtin_ctzll(bits);
      bits &= bits - 1;
      if (h < kHexes && (s.unit_at[h] != kNone || s.leader_at[h] != kNone)) obst.set(h);
    }
  }
  return !(obst.intersects(plus) && obst.intersects(minus));
}

}  // namespace bgb::cca
