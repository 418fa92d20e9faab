// The geometry of the WRG table (I-SCALE, I-FIG, I-CHG): units are rectangles in paces whose
// facing is one of the eight multiples of 45 degrees. Pure functions, each unit-tested.
//
// Computation is in double from integer poses; a computed pose is rounded to the pace (half away
// from zero), so a seed and its actions replay to the same state everywhere. The only irrational
// number is sqrt(1/2), from IEEE sqrt, which is exact on every machine.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

namespace bgb::wrg6 {

struct Vec {
  double x = 0, y = 0;
};
inline Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
inline Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
inline Vec operator*(double k, Vec a) { return {k * a.x, k * a.y}; }
inline double dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y; }
inline double cross(Vec a, Vec b) { return a.x * b.y - a.y * b.x; }
inline double length(Vec a) { return std::sqrt(a.x * a.x + a.y * a.y); }

inline int norm_facing(int deg) {  // into 0..359
  deg %= 360;
  return deg < 0 ? deg + 360 : deg;
}
// The unit vector of a facing (a multiple of 45) and the vector to its left. Facings are
// multiples of 45 (scenario validation, the move menu); another angle gives facing 0's vector.
inline Vec forward(int deg) {
  constexpr double s = 0.70710678118654752440;  // sqrt(1/2), the IEEE double nearest it
  static constexpr Vec kUnit[8] = {{1, 0}, {s, s}, {0, 1}, {-s, s}, {-1, 0}, {-s, -s}, {0, -1}, {s, -s}};
  const int f = norm_facing(deg);
  return f % 45 == 0 ? kUnit[f / 45] : kUnit[0];
}
inline Vec left_of(int deg) { return forward(norm_facing(deg + 90)); }
int round_pace(double v);  // half away from zero

// A unit's footprint: the centre of its front edge, its facing, its frontage (width) and depth.
struct Rect {
  Vec f;  // front-edge centre
  int facing = 90;
  double w = 0, d = 0;
  // Corners: front-left, front-right, rear-right, rear-left (left as the unit faces).
  std::array<Vec, 4> corners() const {
    Vec fw = forward(facing), lf = left_of(facing);
    Vec fl = f + (w / 2) * lf, fr = f - (w / 2) * lf;
    return {fl, fr, fr - d * fw, fl - d * fw};
  }
  Vec centre() const { return f - (d / 2) * forward(facing); }
};

// A cheap test before the exact ones: the rectangles' circumscribed circles are more than
// `margin` apart, so neither overlap nor a distance within `margin` is possible.
inline bool far_apart(const Rect& a, const Rect& b, double margin) {
  Vec d = a.centre() - b.centre();
  double reach = 0.5 * (length({a.w, a.d}) + length({b.w, b.d})) + margin;
  return dot(d, d) > reach * reach;
}

// Interiors overlap by more than 1 pace (separating axes).
bool overlap(const Rect& a, const Rect& b);
// The least distance between the two rectangles (0 when they touch or overlap).
double distance(const Rect& a, const Rect& b);
// distance(a, b) <= lim, the circles tried first (0.01 over lim keeps that cheap test clear of
// rounding: it only rules out what is surely farther).
inline bool within(const Rect& a, const Rect& b, double lim) { return !far_apart(a, b, lim + 0.01) && distance(a, b) <= lim; }
// The least distance from point p to rectangle r (0 inside).
double distance(Vec p, const Rect& r);
// Whether any part of `target` lies in a's front arc: ahead of a's front edge and within the
// two 45-degree lines from its front corners (I-CHG, I-FIGHT).
bool in_front_arc(const Rect& a, const Rect& target);
// The distance from a's front edge to the part of `target` in its front arc, or a negative number
// when no part is in it (measured to the nearest corner or edge point inside the arc).
double arc_distance(const Rect& a, const Rect& target);

// Which edge of `target` an attacker whose front-edge centre is at p strikes (I-CHG): the front
// when p is ahead of the target's front line, the rear when behind its rear line, else a flank.
enum class Edge : uint8_t { Front, Left, Right, Rear };
Edge struck_edge(const Rect& target, Vec p);
// The attacker placed with its front edge against that edge of `target`, centred on it and facing
// into it.
Rect placed_against(const Rect& target, Edge e, double attacker_w, double attacker_d);
// The length along which a's front edge and b's edge `e` meet (0 when they do not touch).
double contact_length(const Rect& a, const Rect& b, Edge e);

}  // namespace bgb::wrg6
