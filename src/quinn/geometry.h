// The geometry of the measured table (spec §3.1, §3.4): pure functions, each unit-tested.
//
// Positions are stored in mil (thousandths of an inch, int32) and headings in whole degrees
// 0..359, counter-clockwise from +x. Computation is in double inches from those integers, with
// sine and cosine from a table of literals (no libm at run time): the same poses on every
// compiler, so a seed and its actions replay to the identical state. A computed pose is rounded
// to the mil, half away from zero (to_mil).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace bgb::quinn {

struct Vec {
  double x = 0, y = 0;
};
inline Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
inline Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
inline Vec operator*(double k, Vec a) { return {k * a.x, k * a.y}; }
inline double dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y; }
inline double cross(Vec a, Vec b) { return a.x * b.y - a.y * b.x; }
double length(Vec a);  // sqrt without libm differences: std::sqrt is exact (IEEE) everywhere

// Tolerances of the spec: overlap needs more than 0.001" of penetration; two stands touch within
// 0.01" (I-CONTACT); distances and costs compare with 0.001".
constexpr double kOverlapTol = 0.001;
constexpr double kTouchTol = 0.01;
constexpr double kEps = 0.001;
// A front edge "touches" a stand for an attack's aspect only along more than this (I-FLANK).
constexpr double kMinContact = 0.05;

int norm_heading(int h);  // into 0..359
double cos_deg(int h);    // from the table
double sin_deg(int h);
inline Vec forward(int h) { return {cos_deg(h), sin_deg(h)}; }
inline Vec left_of(int h) { return {-sin_deg(h), cos_deg(h)}; }
// The whole degree whose direction is closest to v (largest dot product over the table; ties to
// the lower degree). v must not be zero.
int snap_heading(Vec v);

int32_t to_mil(double inches);  // rounded half away from zero
inline double inches(int32_t mil) { return double(mil) / 1000.0; }

// A stand's footprint: centre, heading, width (frontage) and depth, inches.
struct Rect {
  Vec c;
  int h = 0;
  double w = 0, d = 0;
  // Corners in order: front-left, front-right, rear-right, rear-left (front = the +d/2 side).
  std::array<Vec, 4> corners() const;
};

// A convex polygon (terrain pieces, clipped fields of fire, swept hulls), counter-clockwise.
using Poly = std::vector<Vec>;
Poly poly_of(const Rect& r);

// The convex hull of a set of points, counter-clockwise from the leftmost (the lowest of those),
// collinear points dropped (Andrew's monotone chain: the same order for the same input anywhere).
Poly convex_hull(std::vector<Vec> pts);
// The area a straight move of r by `delta` sweeps (§3.4): the hull of the start and end footprints.
Poly swept_area(const Rect& r, Vec delta);
// r moved by `delta`, heading kept.
inline Rect moved(const Rect& r, Vec delta) { return {r.c + delta, r.h, r.w, r.d}; }

// Interiors overlap by more than kOverlapTol (separating axes of both).
bool overlap(const Rect& a, const Rect& b);
bool overlap(const Poly& a, const Poly& b);
// The least distance between the two rectangles (0 when they overlap).
double distance(const Rect& a, const Rect& b);
bool touch(const Rect& a, const Rect& b);  // distance(a, b) <= kTouchTol
// The least distance from segment pq to rectangle r (0 when it crosses or lies inside it).
double segment_rect_distance(Vec p, Vec q, const Rect& r);
// The front edge of r, as a segment (front-left to front-right).
std::array<Vec, 2> front_edge(const Rect& r);
// The edges of r by side: 0 front, 1 right flank, 2 rear, 3 left flank (left and right as the
// stand faces), each as a segment.
std::array<Vec, 2> edge(const Rect& r, int side);

// How an attack by a lands on d (I-FLANK): only when a's front edge touches d along more than
// kMinContact (not at a corner only); by the heading
// difference (a.h - d.h) mod 360: near 180 front, near 0 rear, near 90 or 270 flank.
enum class Aspect : uint8_t { None, Front, Flank, Rear };
Aspect aspect(const Rect& a, const Rect& d);
// The contact normal n(a -> d) (§3.4): a's forward vector when a's front edge touches d, else
// minus d's forward vector. Recoil and flight move d along it and a against it.
Vec contact_normal(const Rect& a, const Rect& d);

// Field of fire (§3.4, I-FOF): the part of `target` ahead of the shooter's front edge and inside
// the two 45-degree lines from its front corners; empty when none. The range distance is from the
// shooter's front edge segment to that part.
Poly field_part(const Rect& shooter, const Rect& target);
// The distance from the shooter's front edge to the part of the target in its field, or a
// negative number when no part of it is in the field.
double range_distance(const Rect& shooter, const Rect& target);
// The closest pair of points between the front edge and the visible part (for line of sight).
bool closest_points(const Rect& shooter, const Rect& target, Vec& from, Vec& to);
// Whether the open segment pq crosses the interior of r (penetrates by more than kOverlapTol).
bool segment_crosses_interior(Vec p, Vec q, const Rect& r);

// Terrain: whether p lies in the convex polygon (the boundary counts as inside, I-ROUGH), and
// the length of segment pq inside it (Cyrus-Beck clipping).
bool inside(const Poly& poly, Vec p);
double inside_length(const Poly& poly, Vec p, Vec q);

// Moving r in a straight line along unit vector u: the largest t in [0, limit] for which r moved
// by t does not overlap `other` (penetration > kOverlapTol); `limit` when it never does. With
// gap = true the answer is where they first touch (the gap closes to 0), as a fleeing stand
// stops at the first stand it meets.
double free_run(const Rect& r, Vec u, double limit, const Rect& other, bool gap = false);
// The largest t in [0, limit] that keeps r moved by t wholly on the table [0,W] x [0,H].
double run_on_table(const Rect& r, Vec u, double limit, double W, double H);
bool on_table(const Rect& r, double W, double H);

}  // namespace bgb::quinn
