// Hex geometry with no game knowledge: cube coordinates, distance, and the conversion from the
// "odd rows shifted right" offset layout (row, col) used in every file a person reads.
// Pixel positions are for pointy-top hexes of circumradius 1.
#pragma once
#include <cmath>
#include <cstdlib>

namespace bgb {

struct Cube {
  int q = 0, r = 0;
  int s() const { return -q - r; }
  bool operator==(const Cube&) const = default;
};

inline Cube offset_to_cube(int row, int col) { return Cube{col - (row - (row & 1)) / 2, row}; }
inline void cube_to_offset(Cube c, int& row, int& col) {
  row = c.r;
  col = c.q + (c.r - (c.r & 1)) / 2;
}
inline int cube_distance(Cube a, Cube b) {
  int dq = a.q - b.q, dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

struct Point {
  double x = 0, y = 0;
};
inline Point hex_center(int row, int col) {
  const double k = std::sqrt(3.0);
  return Point{k * (col + 0.5 * (row & 1)), 1.5 * row};
}
// The six corners of a pointy-top hex of circumradius 1 around its centre.
inline Point hex_corner(Point c, int i) {
  const double pi = 3.14159265358979323846;
  double a = pi / 180.0 * (60.0 * i - 30.0);
  return Point{c.x + std::cos(a), c.y + std::sin(a)};
}

}  // namespace bgb
