#include "cca/board.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/hex.h"

namespace bgb::cca {

namespace {

constexpr int kRowStart[kRows + 1] = {0, 13, 25, 38, 50, 63, 75, 88, 100, 113};

// Does the segment p-q pass through the interior of the pointy-top hex centred at c?
// Separating-axis test: the hex's three edge normals and the segment's normal.
// The three edge normals and the six corner offsets, computed once with the same functions as
// before (hex_corner), so the tables come out bit for bit the same, 20 times faster at start-up.
struct HexGeometry {
  double normal[3][2];
  double corner[6][2];
  HexGeometry() {
    const double pi = 3.14159265358979323846;
    for (int k = 0; k < 3; ++k) {
      const double a = pi / 3.0 * k;
      normal[k][0] = std::cos(a);
      normal[k][1] = std::sin(a);
    }
    for (int i = 0; i < 6; ++i) {
      const Point v = hex_corner(Point{0, 0}, i);
      corner[i][0] = v.x;
      corner[i][1] = v.y;
    }
  }
};

bool segment_crosses_hex(Point p, Point q, Point c) {
  static const HexGeometry g;
  const double tol = 1e-9;
  const double half = std::sqrt(3.0) / 2.0;  // apothem of a hex of circumradius 1
  for (int k = 0; k < 3; ++k) {
    const double nx = g.normal[k][0], ny = g.normal[k][1];
    double cp = c.x * nx + c.y * ny;
    double s1 = p.x * nx + p.y * ny, s2 = q.x * nx + q.y * ny;
    double smin = std::min(s1, s2), smax = std::max(s1, s2);
    if (smax <= cp - half + tol || smin >= cp + half - tol) return false;
  }
  double dx = q.x - p.x, dy = q.y - p.y;
  double len = std::sqrt(dx * dx + dy * dy);
  double nx = -dy / len, ny = dx / len;
  double sp = p.x * nx + p.y * ny;
  double hmin = 1e9, hmax = -1e9;
  for (int i = 0; i < 6; ++i) {
    const Point v{c.x + g.corner[i][0], c.y + g.corner[i][1]};  // hex_corner(c, i)
    double pr = v.x * nx + v.y * ny;
    hmin = std::min(hmin, pr);
    hmax = std::max(hmax, pr);
  }
  if (sp <= hmin + tol || sp >= hmax - tol) return false;
  return true;
}

void build_los(Board& b) {
  const double eps = 1e-6;
  for (int a = 0; a < kHexes; ++a) {
    for (int t = 0; t < kHexes; ++t) {
      Bits128 plus, minus;
      if (a != t && b.dist[a][t] > 1) {
        Point pa = hex_center(b.row[a], b.col[a]), pt = hex_center(b.row[t], b.col[t]);
        double dx = pt.x - pa.x, dy = pt.y - pa.y;
        double len = std::sqrt(dx * dx + dy * dy);
        double nx = -dy / len * eps, ny = dx / len * eps;
        int r0 = std::min(b.row[a], b.row[t]) - 1, r1 = std::max(b.row[a], b.row[t]) + 1;
        int c0 = std::min(b.col[a], b.col[t]) - 2, c1 = std::max(b.col[a], b.col[t]) + 2;
        for (int r = r0; r <= r1; ++r) {
          for (int c = c0; c <= c1; ++c) {
            int h = Board::index(r, c);
            if (h == a || h == t) continue;
            Point hc = hex_center(r, c);
            for (int side = 0; side < 2; ++side) {
              double sx = side == 0 ? nx : -nx, sy = side == 0 ? ny : -ny;
              if (!segment_crosses_hex(Point{pa.x + sx, pa.y + sy}, Point{pt.x + sx, pt.y + sy}, hc)) continue;
              Bits128& m = side == 0 ? plus : minus;
              m.set(h == kNoHex ? kOffBoardBit : h);
            }
          }
        }
      }
      b.los_plus[a][t] = plus;
      b.los_minus[a][t] = minus;
    }
  }
}

Board build() {
  Board b{};
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < Board::row_length(r); ++c) {
      int h = kRowStart[r] + c;
      b.row[h] = uint8_t(r);
      b.col[h] = uint8_t(c);
    }
  for (int h = 0; h < kHexes; ++h) {
    int r = b.row[h], c = b.col[h];
    bool odd = r & 1;
    // E, NE, NW, W, SW, SE in odd-r offset coordinates.
    int nr[6] = {r, r - 1, r - 1, r, r + 1, r + 1};
    int nc[6] = {c + 1, odd ? c + 1 : c, odd ? c : c - 1, c - 1, odd ? c : c - 1, odd ? c + 1 : c};
    for (int d = 0; d < kDirs; ++d) b.nbr[h][d] = uint8_t(Board::index(nr[d], nc[d]));
    // Back hexes toward the top baseline: NW then NE; toward the bottom: SW then SE.
    b.back[0][h][0] = b.nbr[h][2];
    b.back[0][h][1] = b.nbr[h][1];
    b.back[1][h][0] = b.nbr[h][4];
    b.back[1][h][1] = b.nbr[h][5];
    int x2 = 2 * c + (odd ? 1 : 0);
    uint8_t m = 0;
    if (x2 <= 8) m |= kSecLeft;
    if (x2 >= 8 && x2 <= 16) m |= kSecCenter;
    if (x2 >= 16) m |= kSecRight;
    b.section_bottom[h] = m;
  }
  for (int h = 0; h < kHexes; ++h) {
    b.all.set(h);
    b.in_sections[idx(Side::Top)][b.section_mask(h, Side::Top)].set(h);
    b.in_sections[idx(Side::Bottom)][b.section_mask(h, Side::Bottom)].set(h);
    for (int d = 0; d < kDirs; ++d) {
      if (b.nbr[h][d] == kNoHex) continue;
      b.has_dir[d].set(h);
      if (b.nbr[h][d] != h + Board::kDirStep[d]) std::abort();  // the steps hold on every row
    }
  }
  for (int a = 0; a < kHexes; ++a)
    for (int t = 0; t < kHexes; ++t)
      b.dist[a][t] = uint8_t(cube_distance(offset_to_cube(b.row[a], b.col[a]), offset_to_cube(b.row[t], b.col[t])));
  for (int a = 0; a < kHexes; ++a)
    for (int t = 0; t < kHexes; ++t) {
      if (b.dist[a][t] > Board::kMaxRadius) std::abort();  // the balls cover the board
      for (int r = b.dist[a][t]; r <= Board::kMaxRadius; ++r) b.ball[a][r].set(t);
    }
  build_los(b);
  return b;
}

}  // namespace

const Board& Board::make() { return *new Board(build()); }

int Board::index(int row, int col) {
  if (row < 0 || row >= kRows || col < 0 || col >= row_length(row)) return kNoHex;
  return kRowStart[row] + col;
}

bool strikes_across(int hex, int from, uint8_t hexsides) {
  const Board& b = Board::get();
  if (hex == from) return false;
  if (b.dist[hex][from] == 1) {
    for (int d = 0; d < kDirs; ++d)
      if (b.nbr[hex][d] == from) return (hexsides >> d) & 1u;
    return false;
  }
  // The hexside of direction d spans the directions within 30 degrees of its outward normal
  // (60 d degrees, y toward row 0), corners included: cos(angle) >= cos 30.
  const Point v = hex_center(b.row[hex], b.col[hex]);
  const Point p = hex_center(b.row[from], b.col[from]);
  const double dx = p.x - v.x, up = v.y - p.y;
  const double len = std::sqrt(dx * dx + up * up);
  const double pi = 3.14159265358979323846;
  for (int d = 0; d < kDirs; ++d) {
    if (!((hexsides >> d) & 1u)) continue;
    const double a = pi / 3.0 * d;
    if (dx * std::cos(a) + up * std::sin(a) + 1e-9 * len >= std::sqrt(3.0) / 2.0 * len) return true;
  }
  return false;
}

std::string hex_name(int hex) {
  if (hex == kOffBoard) return "off";
  if (hex < 0 || hex >= kHexes) return "-";
  const Board& b = Board::get();
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d,%d", b.row[hex], b.col[hex]);
  return buf;
}

int parse_hex(const std::string& s) {
  int r = 0, c = 0;
  char extra = 0;
  if (std::sscanf(s.c_str(), " %d , %d %c", &r, &c, &extra) != 2) return kNoHex;
  return Board::index(r, c);
}

}  // namespace bgb::cca
