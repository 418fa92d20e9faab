#include "wrg6/geometry.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bgb::wrg6 {

namespace {
// Penetration a rectangle may have into another and still count as not overlapping, and the gap
// within which two edges touch: poses are whole paces, so a diagonal pose is off by up to 0.71.
constexpr double kOverlapTol = 1.0;
constexpr double kTouchTol = 1.5;

// The squared distance from p to the segment ab; point_segment is its root.
double point_segment2(Vec p, Vec a, Vec b) {
  Vec ab = b - a;
  double len2 = dot(ab, ab);
  double t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  Vec v = p - (a + t * ab);
  return v.x * v.x + v.y * v.y;
}

double point_segment(Vec p, Vec a, Vec b) { return std::sqrt(point_segment2(p, a, b)); }

bool segments_cross(Vec a, Vec b, Vec c, Vec d) {
  double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a);
  double d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

double segment_segment(Vec a, Vec b, Vec c, Vec d) {
  if (segments_cross(a, b, c, d)) return 0;
  return std::min({point_segment(a, c, d), point_segment(b, c, d), point_segment(c, a, b), point_segment(d, a, b)});
}

// Half-plane clip (Sutherland-Hodgman): keeps the points p with dot(p, n) <= c.
std::vector<Vec> clip(const std::vector<Vec>& poly, Vec n, double c) {
  std::vector<Vec> out;
  for (size_t i = 0; i < poly.size(); ++i) {
    Vec p = poly[i], q = poly[(i + 1) % poly.size()];
    double dp = dot(p, n) - c, dq = dot(q, n) - c;
    if (dp <= 0) out.push_back(p);
    if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) out.push_back(p + (dp / (dp - dq)) * (q - p));
  }
  return out;
}

// The part of `target` in a's front arc, as a polygon (empty: none).
std::vector<Vec> arc_part(const Rect& a, const Rect& target) {
  auto c = target.corners();
  std::vector<Vec> poly(c.begin(), c.end());
  Vec fw = forward(a.facing), lf = left_of(a.facing);
  // Ahead of the front edge: dot(p - f, fw) >= 0.
  poly = clip(poly, -1.0 * fw, -dot(a.f, fw));
  if (poly.empty()) return poly;
  // Inside the 45-degree line from the front-left corner: lateral <= w/2 + ahead.
  poly = clip(poly, lf - fw, a.w / 2 + dot(a.f, lf) - dot(a.f, fw));
  if (poly.empty()) return poly;
  return clip(poly, -1.0 * lf - fw, a.w / 2 - dot(a.f, lf) - dot(a.f, fw));
}
}  // namespace



int round_pace(double v) { return int(v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5)); }


bool overlap(const Rect& a, const Rect& b) {
  auto ca = a.corners(), cb = b.corners();
  const Rect* rs[2] = {&a, &b};
  for (const Rect* r : rs) {
    Vec axes[2] = {forward(r->facing), left_of(r->facing)};
    for (Vec ax : axes) {
      double amin = 1e18, amax = -1e18, bmin = 1e18, bmax = -1e18;
      for (Vec p : ca) amin = std::min(amin, dot(p, ax)), amax = std::max(amax, dot(p, ax));
      for (Vec p : cb) bmin = std::min(bmin, dot(p, ax)), bmax = std::max(bmax, dot(p, ax));
      if (std::min(amax, bmax) - std::max(amin, bmin) <= kOverlapTol) return false;
    }
  }
  return true;
}

double distance(const Rect& a, const Rect& b) {
  // The least distance between two polygons whose edges do not cross is the least distance from a
  // corner of one to an edge of the other: 32 corner-edge pairs, compared squared, one sqrt.
  auto ca = a.corners(), cb = b.corners();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (segments_cross(ca[i], ca[(i + 1) % 4], cb[j], cb[(j + 1) % 4])) return 0;
  double best = 1e36;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      best = std::min(best, point_segment2(ca[i], cb[j], cb[(j + 1) % 4]));
      best = std::min(best, point_segment2(cb[i], ca[j], ca[(j + 1) % 4]));
    }
  best = std::sqrt(best);
  // One inside the other (no edges meet): overlapping.
  if (best > 0 && (distance(ca[0], b) == 0 || distance(cb[0], a) == 0)) return 0;
  return best;
}

double distance(Vec p, const Rect& r) {
  Vec c = r.centre();
  double u = std::fabs(dot(p - c, forward(r.facing))) - r.d / 2;
  double v = std::fabs(dot(p - c, left_of(r.facing))) - r.w / 2;
  return length({std::max(u, 0.0), std::max(v, 0.0)});
}

bool in_front_arc(const Rect& a, const Rect& target) { return !arc_part(a, target).empty(); }

double arc_distance(const Rect& a, const Rect& target) {
  auto part = arc_part(a, target);
  if (part.empty()) return -1;
  auto c = a.corners();
  double best = 1e18;
  for (size_t i = 0; i < part.size(); ++i)
    best = std::min(best, segment_segment(c[0], c[1], part[i], part[(i + 1) % part.size()]));
  return best;
}

Edge struck_edge(const Rect& target, Vec p) {
  Vec fw = forward(target.facing);
  double ahead = dot(p - target.f, fw);
  if (ahead >= 0) return Edge::Front;
  if (ahead <= -target.d) return Edge::Rear;
  return dot(p - target.f, left_of(target.facing)) > 0 ? Edge::Left : Edge::Right;
}

Rect placed_against(const Rect& target, Edge e, double attacker_w, double attacker_d) {
  Vec fw = forward(target.facing), lf = left_of(target.facing);
  Vec c = target.centre();
  Rect r;
  r.w = attacker_w;
  r.d = attacker_d;
  switch (e) {
    case Edge::Front: r.f = target.f; r.facing = norm_facing(target.facing + 180); break;
    case Edge::Rear: r.f = target.f - target.d * fw; r.facing = target.facing; break;
    case Edge::Left: r.f = c + (target.w / 2) * lf; r.facing = norm_facing(target.facing - 90); break;
    case Edge::Right: r.f = c - (target.w / 2) * lf; r.facing = norm_facing(target.facing + 90); break;
  }
  return r;
}

double contact_length(const Rect& a, const Rect& b, Edge e) {
  auto cb = b.corners();
  Vec p, q;  // b's edge e
  switch (e) {
    case Edge::Front: p = cb[0], q = cb[1]; break;
    case Edge::Right: p = cb[1], q = cb[2]; break;
    case Edge::Rear: p = cb[2], q = cb[3]; break;
    case Edge::Left: p = cb[3], q = cb[0]; break;
  }
  auto ca = a.corners();
  Vec u = q - p;
  double len = length(u);
  if (len <= 0) return 0;
  u = (1.0 / len) * u;
  Vec n{-u.y, u.x};
  // a's front edge must lie along b's edge (both corners within the touch gap of its line) ...
  if (std::fabs(dot(ca[0] - p, n)) > kTouchTol || std::fabs(dot(ca[1] - p, n)) > kTouchTol) return 0;
  // ... facing into b (a's facing against the edge's outward normal).
  Vec out = b.centre() - p;
  if (dot(forward(a.facing), out) < 0) {
    // forward points away from b's interior across the edge: not facing it.
    // (out points from the edge into b; a facing into b has a positive dot product.)
    return 0;
  }
  double t0 = dot(ca[0] - p, u), t1 = dot(ca[1] - p, u);
  if (t0 > t1) std::swap(t0, t1);
  return std::max(0.0, std::min(t1, len) - std::max(t0, 0.0));
}

}  // namespace bgb::wrg6
