// The table's geometry (wrg6/geometry.h) against plain references: the rectangle distance as the
// least distance between edges, and the cheap tests (far_apart, within) never ruling out a pair
// that is in fact near. Poses are whole paces with the eight facings, as in play.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/rng.h"
#include "wrg6/geometry.h"

namespace bgb::wrg6 {
namespace {

double seg_point(Vec p, Vec a, Vec b) {
  Vec ab = b - a;
  double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
  return length(p - (a + t * ab));
}

bool seg_cross(Vec a, Vec b, Vec c, Vec d) {
  double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a), d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

// Inside (or on) a rectangle: within its depth along its facing and its frontage across.
bool inside(Vec p, const Rect& r) {
  Vec c = r.centre();
  return std::fabs(dot(p - c, forward(r.facing))) <= r.d / 2 + 1e-9 &&
         std::fabs(dot(p - c, left_of(r.facing))) <= r.w / 2 + 1e-9;
}

// The reference: zero when edges cross or one holds the other, else the least of the 16 edge
// pairs' distances.
double reference_distance(const Rect& a, const Rect& b) {
  auto ca = a.corners(), cb = b.corners();
  double best = 1e18;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      Vec p = ca[i], q = ca[(i + 1) % 4], u = cb[j], v = cb[(j + 1) % 4];
      if (seg_cross(p, q, u, v)) return 0;
      best = std::min({best, seg_point(p, u, v), seg_point(q, u, v), seg_point(u, p, q), seg_point(v, p, q)});
    }
  if (inside(ca[0], b) || inside(cb[0], a)) return 0;
  return best;
}

Rect random_rect(Rng& rng) {
  Rect r;
  r.f = {double(rng.below(120)), double(rng.below(120))};
  r.facing = int(rng.below(8)) * 45;
  r.w = double(4 + rng.below(40));
  r.d = double(2 + rng.below(16));
  return r;
}

TEST(Wrg6Geometry, TheDistanceIsTheLeastBetweenEdges) {
  Rng rng(17);
  int near = 0, touching = 0;
  for (int k = 0; k < 20000; ++k) {
    Rect a = random_rect(rng), b = random_rect(rng);
    const double d = distance(a, b), ref = reference_distance(a, b);
    ASSERT_NEAR(d, ref, 1e-9) << k;
    ASSERT_EQ(d, distance(b, a)) << k;
    if (d == 0) ++touching;
    if (d > 0 && d < 10) ++near;
  }
  // The sample has both kinds of pairs it is meant to test.
  EXPECT_GT(near, 500);
  EXPECT_GT(touching, 500);
}

TEST(Wrg6Geometry, TheCheapTestsNeverRuleOutANearPair) {
  Rng rng(23);
  for (int k = 0; k < 20000; ++k) {
    Rect a = random_rect(rng), b = random_rect(rng);
    const double d = distance(a, b);
    for (double lim : {0.0, 1.5, 5.0, 20.0}) {
      ASSERT_EQ(within(a, b, lim), d <= lim) << k << " " << lim;
      if (far_apart(a, b, lim)) ASSERT_GT(d, lim) << k << " " << lim;
    }
  }
  // A corner-to-corner pair along a diagonal, where the circles come as near as the rectangles.
  Rect a{{10, 10}, 45, 10, 10}, b = a;
  b.f = a.f + 20.0 * forward(45);
  EXPECT_TRUE(within(a, b, distance(a, b)));
}

}  // namespace
}  // namespace bgb::wrg6
