// Rule book §2 (the battlefield: 13 hexes wide, 9 deep, three sections split by dotted lines) and
// the board facts of shared/reference/scenarios.md (113 hexes, "row,col", odd rows shifted right,
// the x2 section rule, each side's own view, retreats toward each side's baseline).
#include <algorithm>
#include <set>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace board_tests {

const Board& B() { return Board::get(); }

int hx(int r, int c) { return Board::index(r, c); }

std::set<int> neighbours(int h) {
  std::set<int> out;
  for (int d = 0; d < kDirs; ++d)
    if (B().nbr[h][d] != kNoHex) out.insert(B().nbr[h][d]);
  return out;
}

// scenarios.md: 5 rows of 13 and 4 rows of 12 = 113 hexes, indexed densely row by row.
TEST(Board, HexCount113_S2) {
  EXPECT_EQ(kHexes, 113);
  EXPECT_EQ(kRows, 9);
  int count = 0;
  std::set<int> seen;
  for (int r = 0; r < kRows; ++r) {
    EXPECT_EQ(Board::row_length(r), r % 2 == 0 ? 13 : 12) << "row " << r;
    for (int c = 0; c < Board::row_length(r); ++c) {
      int h = hx(r, c);
      ASSERT_NE(h, kNoHex);
      ASSERT_GE(h, 0);
      ASSERT_LT(h, kHexes);
      seen.insert(h);
      ++count;
    }
  }
  EXPECT_EQ(count, 113);
  EXPECT_EQ(seen.size(), 113u) << "every (row,col) has its own index";
  // Row by row: 0,0 is 0, 0,12 is 12, 1,0 is 13, 8,12 is the last.
  EXPECT_EQ(hx(0, 0), 0);
  EXPECT_EQ(hx(0, 12), 12);
  EXPECT_EQ(hx(1, 0), 13);
  EXPECT_EQ(hx(1, 11), 24);
  EXPECT_EQ(hx(8, 12), 112);
}

TEST(Board, IndexRowColRoundTrip_S2) {
  for (int h = 0; h < kHexes; ++h) {
    int r = B().row[h], c = B().col[h];
    ASSERT_LT(r, kRows);
    ASSERT_LT(c, Board::row_length(r));
    EXPECT_EQ(hx(r, c), h);
  }
}

TEST(Board, OffBoardIndexIsNoHex_S2) {
  EXPECT_EQ(hx(-1, 0), kNoHex);
  EXPECT_EQ(hx(9, 0), kNoHex);
  EXPECT_EQ(hx(0, -1), kNoHex);
  EXPECT_EQ(hx(0, 13), kNoHex);
  EXPECT_EQ(hx(1, 12), kNoHex) << "odd rows hold 12 hexes (columns 0-11)";
  EXPECT_NE(hx(0, 12), kNoHex) << "even rows hold 13 hexes (columns 0-12)";
  EXPECT_NE(hx(8, 12), kNoHex);
  EXPECT_EQ(hx(7, 12), kNoHex);
}

TEST(Board, ParseHexAndHexNameRoundTrip_S2) {
  for (int h = 0; h < kHexes; ++h) EXPECT_EQ(parse_hex(hex_name(h)), h) << hex_name(h);
  EXPECT_EQ(hex_name(hx(7, 3)), "7,3");
  EXPECT_EQ(hex_name(hx(0, 12)), "0,12");
  EXPECT_EQ(parse_hex("7,3"), hx(7, 3));
  EXPECT_EQ(parse_hex(" 4 , 6 "), hx(4, 6));
  EXPECT_EQ(hex_name(kOffBoard), "off");
}

TEST(Board, ParseHexRejectsBadInput_S2) {
  for (const char* bad : {"", "7", "7,", ",3", "a,b", "7,3x", "7;3", "9,0", "-1,0", "1,12", "0,13", "3,-1"})
    EXPECT_EQ(parse_hex(bad), kNoHex) << "'" << bad << "'";
}

// Odd rows are shifted right: the neighbours of an even-row and an odd-row hex.
TEST(Board, NeighboursInterior_S2) {
  EXPECT_EQ(neighbours(H("4,5")), hexes({"4,4", "4,6", "3,4", "3,5", "5,4", "5,5"}));
  EXPECT_EQ(neighbours(H("3,5")), hexes({"3,4", "3,6", "2,5", "2,6", "4,5", "4,6"}));
  // Directions: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
  int h = H("4,5");
  EXPECT_EQ(B().nbr[h][0], H("4,6"));
  EXPECT_EQ(B().nbr[h][1], H("3,5"));
  EXPECT_EQ(B().nbr[h][2], H("3,4"));
  EXPECT_EQ(B().nbr[h][3], H("4,4"));
  EXPECT_EQ(B().nbr[h][4], H("5,4"));
  EXPECT_EQ(B().nbr[h][5], H("5,5"));
  h = H("3,5");
  EXPECT_EQ(B().nbr[h][1], H("2,6"));
  EXPECT_EQ(B().nbr[h][2], H("2,5"));
  EXPECT_EQ(B().nbr[h][4], H("4,5"));
  EXPECT_EQ(B().nbr[h][5], H("4,6"));
}

TEST(Board, NeighboursAreSymmetricAndAdjacent_S2) {
  int interior = 0;
  for (int h = 0; h < kHexes; ++h) {
    int n = 0;
    for (int d = 0; d < kDirs; ++d) {
      int o = B().nbr[h][d];
      if (o == kNoHex) continue;
      ++n;
      EXPECT_EQ(B().nbr[o][(d + 3) % 6], h) << hex_name(h) << " dir " << d;
      EXPECT_EQ(B().dist[h][o], 1);
      EXPECT_TRUE(B().adjacent(h, o));
    }
    if (n == 6) ++interior;
    // Every hex with distance 1 is a neighbour.
    for (int o = 0; o < kHexes; ++o) {
      if (B().dist[h][o] == 1) {
        EXPECT_TRUE(neighbours(h).count(o)) << hex_name(h) << " " << hex_name(o);
      }
    }
  }
  // Interior hexes (six neighbours): even rows 2,4,6 cols 1-11, odd rows 1,3,5,7 cols 1-10.
  EXPECT_EQ(interior, 3 * 11 + 4 * 10);
}

// The set form the move search uses (Board::neighbours, constant word shifts) gives exactly the
// hexes next to the set's members, for single hexes and for mixed sets.
TEST(Board, NeighboursOfASetAreTheUnionOfNeighbours_S2) {
  Rng rng(5);
  for (int trial = 0; trial < kHexes + 200; ++trial) {
    Bits128 x;
    if (trial < kHexes) {
      x.set(trial);
    } else {
      for (int h = 0; h < kHexes; ++h)
        if (rng.below(4) == 0) x.set(h);
    }
    Bits128 want;
    for (int h = 0; h < kHexes; ++h)
      if (x.test(h))
        for (int d = 0; d < kDirs; ++d)
          if (B().nbr[h][d] != kNoHex) want.set(B().nbr[h][d]);
    EXPECT_EQ(B().neighbours(x), want) << "trial " << trial;
  }
}

TEST(Bits128, ConstantShiftsMatchTheGeneralShift) {
  Rng rng(9);
  for (int trial = 0; trial < 50; ++trial) {
    const Bits128 x{{rng.next(), rng.next()}};
    EXPECT_EQ(x.shifted_by<1>(), x.shifted(1));
    EXPECT_EQ(x.shifted_by<12>(), x.shifted(12));
    EXPECT_EQ(x.shifted_by<13>(), x.shifted(13));
    EXPECT_EQ(x.shifted_by<63>(), x.shifted(63));
    EXPECT_EQ(x.shifted_by<-1>(), x.shifted(-1));
    EXPECT_EQ(x.shifted_by<-12>(), x.shifted(-12));
    EXPECT_EQ(x.shifted_by<-13>(), x.shifted(-13));
    EXPECT_EQ(x.shifted_by<-63>(), x.shifted(-63));
  }
}

TEST(Board, NeighboursAtEdges_S2) {
  EXPECT_EQ(neighbours(H("0,0")), hexes({"0,1", "1,0"}));
  EXPECT_EQ(neighbours(H("0,12")), hexes({"0,11", "1,11"}));
  EXPECT_EQ(neighbours(H("8,0")), hexes({"8,1", "7,0"}));
  EXPECT_EQ(neighbours(H("8,12")), hexes({"8,11", "7,11"}));
  EXPECT_EQ(neighbours(H("4,0")), hexes({"4,1", "3,0", "5,0"}));
  EXPECT_EQ(neighbours(H("4,12")), hexes({"4,11", "3,11", "5,11"}));
  EXPECT_EQ(neighbours(H("1,0")), hexes({"1,1", "0,0", "0,1", "2,0", "2,1"}));
  EXPECT_EQ(neighbours(H("1,11")), hexes({"1,10", "0,11", "0,12", "2,11", "2,12"}));
  EXPECT_EQ(neighbours(H("0,6")), hexes({"0,5", "0,7", "1,5", "1,6"}));
  EXPECT_EQ(neighbours(H("8,6")), hexes({"8,5", "8,7", "7,5", "7,6"}));
  int h = H("0,0");
  EXPECT_EQ(B().nbr[h][1], kNoHex);
  EXPECT_EQ(B().nbr[h][2], kNoHex);
  EXPECT_EQ(B().nbr[h][3], kNoHex);
  EXPECT_EQ(B().nbr[h][4], kNoHex);
}

// §10 step 2: the range counts the target hex, not the firer's hex.
TEST(Board, DistanceExamples_S2_S10) {
  auto d = [](const char* a, const char* b) { return int(Board::get().dist[H(a)][H(b)]); };
  EXPECT_EQ(d("4,5", "4,5"), 0);
  EXPECT_EQ(d("4,5", "4,6"), 1);
  EXPECT_EQ(d("4,5", "3,5"), 1);
  EXPECT_EQ(d("4,5", "4,8"), 3);
  EXPECT_EQ(d("4,5", "2,5"), 2);
  EXPECT_EQ(d("4,5", "2,4"), 2);
  EXPECT_EQ(d("4,5", "2,6"), 2);
  EXPECT_EQ(d("4,5", "2,7"), 3);
  EXPECT_EQ(d("4,5", "3,6"), 2);
  EXPECT_EQ(d("4,5", "3,7"), 3);
  EXPECT_EQ(d("0,0", "0,12"), 12);
  EXPECT_EQ(d("0,0", "8,0"), 8);
  EXPECT_EQ(d("0,0", "8,12"), 16);
  EXPECT_EQ(d("0,12", "8,0"), 16);
  EXPECT_EQ(d("0,0", "8,4"), 8);
  EXPECT_EQ(d("0,0", "8,5"), 9);
  EXPECT_EQ(d("1,0", "1,11"), 11);
  for (int a = 0; a < kHexes; ++a)
    for (int b = 0; b < kHexes; ++b) {
      ASSERT_EQ(B().dist[a][b], B().dist[b][a]);
      ASSERT_EQ(B().dist[a][b] == 0, a == b);
    }
}

// Triangle inequality and that the distance is the number of steps of a shortest walk.
TEST(Board, DistanceIsShortestWalk_S2) {
  for (int a = 0; a < kHexes; a += 7) {
    std::vector<int> steps(kHexes, -1);
    std::vector<int> q{a};
    steps[a] = 0;
    for (size_t i = 0; i < q.size(); ++i)
      for (int d = 0; d < kDirs; ++d) {
        int n = B().nbr[q[i]][d];
        if (n != kNoHex && steps[n] < 0) {
          steps[n] = steps[q[i]] + 1;
          q.push_back(n);
        }
      }
    for (int b = 0; b < kHexes; ++b) EXPECT_EQ(B().dist[a][b], steps[b]) << hex_name(a) << " " << hex_name(b);
  }
}

// scenarios.md: x2 = 2*col + (row odd); left x2 <= 8, center 8..16, right x2 >= 16.
TEST(Board, SectionsFromBottomView_X2Rule_S2) {
  for (int h = 0; h < kHexes; ++h) {
    int x2 = 2 * B().col[h] + (B().row[h] & 1);
    uint8_t want = 0;
    if (x2 <= 8) want |= kSecLeft;
    if (x2 >= 8 && x2 <= 16) want |= kSecCenter;
    if (x2 >= 16) want |= kSecRight;
    EXPECT_EQ(B().section_mask(h, Side::Bottom), want) << hex_name(h);
    EXPECT_NE(want, 0);
  }
  EXPECT_EQ(B().section_mask(H("6,0"), Side::Bottom), kSecLeft);
  EXPECT_EQ(B().section_mask(H("6,3"), Side::Bottom), kSecLeft);
  EXPECT_EQ(B().section_mask(H("6,5"), Side::Bottom), kSecCenter);
  EXPECT_EQ(B().section_mask(H("6,7"), Side::Bottom), kSecCenter);
  EXPECT_EQ(B().section_mask(H("6,9"), Side::Bottom), kSecRight);
  EXPECT_EQ(B().section_mask(H("6,12"), Side::Bottom), kSecRight);
  // Odd rows: col 3 (x2 7) left, col 4 (x2 9) center, col 7 (x2 15) center, col 8 (x2 17) right.
  EXPECT_EQ(B().section_mask(H("7,3"), Side::Bottom), kSecLeft);
  EXPECT_EQ(B().section_mask(H("7,4"), Side::Bottom), kSecCenter);
  EXPECT_EQ(B().section_mask(H("7,7"), Side::Bottom), kSecCenter);
  EXPECT_EQ(B().section_mask(H("7,8"), Side::Bottom), kSecRight);
}

// §2: "Where the dotted line cuts through a hex, the hex is considered to be part of both the
// flank section and the center section." These are the even-row hexes of columns 4 and 8.
TEST(Board, DottedLineHexesInTwoSections_S2) {
  int dotted = 0;
  for (int h = 0; h < kHexes; ++h) {
    uint8_t m = B().section_mask(h, Side::Bottom);
    int bits = __builtin_popcount(m);
    EXPECT_LE(bits, 2);
    EXPECT_NE(m, kSecLeft | kSecRight) << "no hex is in both flanks";
    if (bits == 2) {
      ++dotted;
      EXPECT_EQ(B().row[h] % 2, 0) << hex_name(h);
      EXPECT_TRUE(B().col[h] == 4 || B().col[h] == 8) << hex_name(h);
    }
  }
  EXPECT_EQ(dotted, 10) << "5 even rows x 2 dotted lines";
  EXPECT_EQ(B().section_mask(H("0,4"), Side::Bottom), kSecLeft | kSecCenter);
  EXPECT_EQ(B().section_mask(H("8,4"), Side::Bottom), kSecLeft | kSecCenter);
  EXPECT_EQ(B().section_mask(H("4,8"), Side::Bottom), kSecCenter | kSecRight);
}

// §2 and scenarios.md: each player has his own left, center and right: the top player's left is
// the bottom player's right. Dotted-line hexes are in two sections from both views.
TEST(Board, SectionsFromTopView_LeftIsBottomsRight_S2) {
  for (int h = 0; h < kHexes; ++h) {
    uint8_t bot = B().section_mask(h, Side::Bottom), top = B().section_mask(h, Side::Top);
    EXPECT_EQ(bool(top & kSecLeft), bool(bot & kSecRight)) << hex_name(h);
    EXPECT_EQ(bool(top & kSecRight), bool(bot & kSecLeft)) << hex_name(h);
    EXPECT_EQ(bool(top & kSecCenter), bool(bot & kSecCenter)) << hex_name(h);
  }
  EXPECT_EQ(B().section_mask(H("0,0"), Side::Top), kSecRight);
  EXPECT_EQ(B().section_mask(H("0,12"), Side::Top), kSecLeft);
  EXPECT_EQ(B().section_mask(H("0,6"), Side::Top), kSecCenter);
  EXPECT_EQ(B().section_mask(H("2,4"), Side::Top), kSecRight | kSecCenter);
  EXPECT_EQ(B().section_mask(H("2,8"), Side::Top), kSecLeft | kSecCenter);
}

// The board is mirror-symmetric: the same number of hexes on each flank.
TEST(Board, SectionsMirrorSymmetric_S2) {
  int left = 0, center = 0, right = 0;
  for (int h = 0; h < kHexes; ++h) {
    uint8_t m = B().section_mask(h, Side::Bottom);
    left += (m & kSecLeft) != 0;
    center += (m & kSecCenter) != 0;
    right += (m & kSecRight) != 0;
    int r = B().row[h], c = B().col[h];
    int mirror = hx(r, Board::row_length(r) - 1 - c);
    uint8_t mm = B().section_mask(mirror, Side::Bottom);
    EXPECT_EQ(bool(m & kSecLeft), bool(mm & kSecRight)) << hex_name(h);
    EXPECT_EQ(bool(m & kSecCenter), bool(mm & kSecCenter)) << hex_name(h);
  }
  EXPECT_EQ(left, right);
  EXPECT_EQ(left, 5 * 5 + 4 * 4) << "even rows: cols 0-4; odd rows: cols 0-3";
  EXPECT_EQ(center, 5 * 5 + 4 * 4) << "even rows: cols 4-8; odd rows: cols 4-7";
}

// §12/scenarios.md: a side retreats toward its own baseline (top: row 0, bottom: row 8); the
// "back" hexes are the two neighbours one row nearer that baseline.
TEST(Board, BackHexesPerSide_S12) {
  auto back = [](Side s, const char* h) {
    std::set<int> out;
    for (int i = 0; i < 2; ++i)
      if (Board::get().back[idx(s)][H(h)][i] != kNoHex) out.insert(Board::get().back[idx(s)][H(h)][i]);
    return out;
  };
  EXPECT_EQ(back(Side::Top, "4,5"), hexes({"3,4", "3,5"}));
  EXPECT_EQ(back(Side::Bottom, "4,5"), hexes({"5,4", "5,5"}));
  EXPECT_EQ(back(Side::Top, "3,5"), hexes({"2,5", "2,6"}));
  EXPECT_EQ(back(Side::Bottom, "3,5"), hexes({"4,5", "4,6"}));
  // At the edges some back hexes are off the board.
  EXPECT_EQ(back(Side::Bottom, "4,0"), hexes({"5,0"}));
  EXPECT_EQ(back(Side::Top, "4,0"), hexes({"3,0"}));
  EXPECT_EQ(back(Side::Top, "4,12"), hexes({"3,11"}));
  EXPECT_EQ(back(Side::Bottom, "3,11"), hexes({"4,11", "4,12"}));
  // On its own baseline a side has no back hex.
  EXPECT_TRUE(back(Side::Top, "0,6").empty());
  EXPECT_TRUE(back(Side::Bottom, "8,6").empty());
  EXPECT_EQ(back(Side::Bottom, "0,6"), hexes({"1,5", "1,6"}));
  EXPECT_EQ(back(Side::Top, "8,6"), hexes({"7,5", "7,6"}));
  // Every back hex is an adjacent hex one row nearer the side's baseline.
  for (int h = 0; h < kHexes; ++h)
    for (Side s : {Side::Top, Side::Bottom})
      for (int i = 0; i < 2; ++i) {
        int b = B().back[idx(s)][h][i];
        if (b == kNoHex) continue;
        EXPECT_EQ(B().dist[h][b], 1);
        EXPECT_EQ(int(B().row[b]), int(B().row[h]) + (s == Side::Top ? -1 : 1));
      }
  EXPECT_EQ(Board::baseline(Side::Top), 0);
  EXPECT_EQ(Board::baseline(Side::Bottom), 8);
}

}  // namespace board_tests
}  // namespace bgb::cca::test
