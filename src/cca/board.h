// The battlefield (§2, scenarios.md): 13 x 9 hexes, odd rows shifted right, 113 hexes indexed
// 0..112 row by row. Everything here is static geometry computed once: neighbours, the "back"
// hexes toward each side's baseline, sections, distances and line-of-sight masks.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "core/bits128.h"
#include "cca/types.h"

namespace bgb::cca {

// Directions: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE ("N" = toward row 0, the top army's baseline).
constexpr int kDirs = 6;
// Section bits, always from the bottom player's view; see section_mask().
constexpr uint8_t kSecLeft = 1, kSecCenter = 2, kSecRight = 4;
// Marker bit in LOS masks for "the line leaves the battlefield" (§10: the edge is an obstruction).
constexpr int kOffBoardBit = 127;

struct Board {
  uint8_t row[kHexes], col[kHexes];
  uint8_t nbr[kHexes][kDirs];        // kNoHex off the board
  uint8_t back[2][kHexes][2];        // per side: the two hexes one step toward its baseline
  uint8_t section_bottom[kHexes];    // section bits from the bottom player's view
  uint8_t dist[kHexes][kHexes];
  // §10 step 3: the line from centre to centre nudged to either side of itself. A hex is in a
  // mask when the nudged line passes through its interior (end hexes excluded). Where the true
  // line runs along a hexside, the hexes on the two sides fall into different masks, so "blocked
  // only if obstructions lie on both sides" is: obstruction in plus AND obstruction in minus.
  Bits128 los_plus[kHexes][kHexes];
  Bits128 los_minus[kHexes][kHexes];
  // The hexes as bits, for whole-set moves: a neighbour in direction d is always the hex index
  // plus kDirStep[d] (rows alternate 13 and 12 hexes, which keeps the steps the same on every
  // row); has_dir[d] is the hexes that have one. Board::make checks both against nbr.
  static constexpr int kDirStep[kDirs] = {1, -12, -13, -1, 12, 13};
  Bits128 has_dir[kDirs];
  Bits128 all;  // every hex of the board
  // in_sections[side][m]: the hexes whose section_mask(hex, side) is exactly m.
  Bits128 in_sections[2][8];
  // The hexes in any of `sections` (section bits from `s`'s view; s is Top or Bottom).
  Bits128 section_hexes(Side s, uint8_t sections) const {
    Bits128 out;
    for (int m = 1; m < 8; ++m)
      if (m & sections) out |= in_sections[idx(s)][m];
    return out;
  }
  // ball[h][r]: the hexes at most r hexes from h (r up to kMaxRadius, which covers the board).
  static constexpr int kMaxRadius = 16;
  Bits128 ball[kHexes][kMaxRadius + 1];
  // Every hex next to a member of x (members of x themselves only when next to another member).
  Bits128 neighbours(const Bits128& x) const {
    // Written out with constant shifts (kDirStep): the loop form shifted by a variable amount
    // and cost the move search about twice as much.
    static_assert(kDirStep[0] == 1 && kDirStep[1] == -12 && kDirStep[2] == -13 && kDirStep[3] == -1 &&
                  kDirStep[4] == 12 && kDirStep[5] == 13);
    return (x & has_dir[0]).shifted_by<1>() | (x & has_dir[1]).shifted_by<-12>() | (x & has_dir[2]).shifted_by<-13>() |
           (x & has_dir[3]).shifted_by<-1>() | (x & has_dir[4]).shifted_by<12>() | (x & has_dir[5]).shifted_by<13>();
  }

  // Inline: the searches call it in their innermost loops (an out-of-line call cost 5% there).
  static const Board& get() {
    static const Board& board = make();
    return board;
  }
  static int index(int row, int col);           // kNoHex when off the board
  static int row_length(int row) { return (row & 1) ? 12 : 13; }
  bool adjacent(int a, int b) const { return dist[a][b] == 1; }
  // The side's baseline row: 0 for top, 8 for bottom.
  static int baseline(Side s) { return s == Side::Top ? 0 : kRows - 1; }
  // Section bits of a hex from the given side's view (the top player's left is bottom's right).
  uint8_t section_mask(int hex, Side s) const {
    uint8_t m = section_bottom[hex];
    if (s == Side::Bottom) return m;
    return uint8_t((m & kSecCenter) | ((m & kSecLeft) ? kSecRight : 0) | ((m & kSecRight) ? kSecLeft : 0));
  }

 private:
  static const Board& make();  // builds the one Board, once, for get()
};

// Does a strike from `from` reach `hex` across one of the hexsides in `hexsides` (bit d for
// direction d)? From a neighbour: the hexside between the two. From further away (ranged combat):
// the line from centre to centre enters the hex through that hexside, a line through one of its
// corners counting for it (§16 Rampart; docs/rules.md).
bool strikes_across(int hex, int from, uint8_t hexsides);

// "row,col" as people write it.
std::string hex_name(int hex);
// Parses "row,col"; returns kNoHex on bad input.
int parse_hex(const std::string& s);

}  // namespace bgb::cca
