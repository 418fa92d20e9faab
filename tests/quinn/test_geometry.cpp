// The geometry of the measured table (spec §3.1, §3.4): hand-computed cases and the spec's numbers
// (§4 #41-#72, #88, S3). Spec numbers are given to 3 decimals, hence the 1e-3 comparisons.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "quinn/geometry.h"

namespace bgb::quinn {
namespace {

// Footprints of I-FOOT: one width, depths by class.
constexpr double kW = 1.575;
constexpr double kHI = 0.591;   // heavy infantry
constexpr double kMI = 0.787;   // medium and light infantry, archers
constexpr double kCav = 1.181;  // HC, LC
constexpr double kPi = 3.14159265358979323846;

Rect R(double x, double y, int h, double d, double w = kW) { return {{x, y}, h, w, d}; }

void ExpectAt(Vec v, double x, double y, double tol = 1e-9) {
  EXPECT_NEAR(v.x, x, tol);
  EXPECT_NEAR(v.y, y, tol);
}

// A fixed little generator, so the property tests see the same cases on every run.
struct Lcg {
  uint64_t s = 0x9e3779b97f4a7c15ULL;
  double next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(s >> 11) / double(1ULL << 53);
  }
  double in(double a, double b) { return a + (b - a) * next(); }
};

// ---- §3.1: the table, headings, mil ------------------------------------------------------------

TEST(QuinnGeometry, TrigTableExactValues_S3_1) {
  EXPECT_EQ(cos_deg(0), 1.0);
  EXPECT_EQ(sin_deg(0), 0.0);
  EXPECT_EQ(cos_deg(90), 0.0);
  EXPECT_EQ(sin_deg(90), 1.0);
  EXPECT_EQ(cos_deg(180), -1.0);
  EXPECT_EQ(sin_deg(180), 0.0);
  EXPECT_EQ(cos_deg(270), 0.0);
  EXPECT_EQ(sin_deg(270), -1.0);
  EXPECT_EQ(sin_deg(30), 0.5);
  EXPECT_EQ(cos_deg(60), 0.5);
  EXPECT_EQ(sin_deg(150), 0.5);
  EXPECT_EQ(cos_deg(120), -0.5);
  EXPECT_EQ(sin_deg(210), -0.5);
  EXPECT_EQ(cos_deg(300), 0.5);
  EXPECT_FALSE(std::signbit(cos_deg(270)));  // no negative zeros in the table
  EXPECT_FALSE(std::signbit(sin_deg(180)));
}

TEST(QuinnGeometry, TrigTableSymmetricAndAccurate_S3_1) {
  for (int k = 0; k < 360; ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(sin_deg(180 - k), sin_deg(k));
    EXPECT_EQ(sin_deg(-k), k % 180 == 0 ? 0.0 : -sin_deg(k));
    EXPECT_EQ(cos_deg(-k), cos_deg(k));
    EXPECT_EQ(cos_deg(k), sin_deg(90 - k));
    double rad = k * kPi / 180.0;
    EXPECT_NEAR(sin_deg(k), std::sin(rad), 1e-15);
    EXPECT_NEAR(cos_deg(k), std::cos(rad), 1e-15);
    EXPECT_NEAR(length(forward(k)), 1.0, 1e-15);
    EXPECT_EQ(dot(forward(k), left_of(k)), 0.0);
  }
  EXPECT_EQ(sin_deg(360 + 30), 0.5);
  EXPECT_EQ(sin_deg(-330), 0.5);
}

TEST(QuinnGeometry, NormHeading_S3_1) {
  EXPECT_EQ(norm_heading(0), 0);
  EXPECT_EQ(norm_heading(359), 359);
  EXPECT_EQ(norm_heading(360), 0);
  EXPECT_EQ(norm_heading(-90), 270);
  EXPECT_EQ(norm_heading(-360), 0);
  EXPECT_EQ(norm_heading(-361), 359);
  EXPECT_EQ(norm_heading(725), 5);
}

TEST(QuinnGeometry, SnapHeadingToTheClosestDegree_S3_1) {
  EXPECT_EQ(snap_heading({1, 0}), 0);
  EXPECT_EQ(snap_heading({0, 3}), 90);
  EXPECT_EQ(snap_heading({0, -2}), 270);
  EXPECT_EQ(snap_heading({-1, -1}), 225);
  EXPECT_EQ(snap_heading({0.001, -0.001}), 315);  // length does not matter
  for (int k = 0; k < 360; ++k) EXPECT_EQ(snap_heading(forward(k)), k);
  for (int k = 0; k < 360; ++k) EXPECT_EQ(snap_heading(2.5 * forward(k)), k);
  // 0.3 degrees past 10 is still 10, 0.7 past is 11.
  EXPECT_EQ(snap_heading({std::cos(10.3 * kPi / 180), std::sin(10.3 * kPi / 180)}), 10);
  EXPECT_EQ(snap_heading({std::cos(10.7 * kPi / 180), std::sin(10.7 * kPi / 180)}), 11);
  // MI at (10, 10) fleeing from an attacker at (10, 10.689): straight down.
  EXPECT_EQ(snap_heading(Vec{10, 10} - Vec{10, 10.689}), 270);
}

TEST(QuinnGeometry, SnapHeadingTiesGoToTheLowerDegree_S3_1) {
  // The sum of two neighbouring table vectors: for these pairs both dot products come out the
  // same double, an exact tie.
  struct Tie {
    int a, b, want;
  } ties[] = {{7, 8, 7}, {89, 90, 89}, {269, 270, 269}, {359, 0, 0}};
  for (const Tie& t : ties) {
    SCOPED_TRACE(t.a);
    Vec v = forward(t.a) + forward(t.b);
    ASSERT_EQ(dot(v, forward(t.a)), dot(v, forward(t.b)));
    EXPECT_EQ(snap_heading(v), t.want);
  }
}

TEST(QuinnGeometry, ToMilRoundsHalfAwayFromZero_S3_1) {
  EXPECT_EQ(to_mil(0.0), 0);
  EXPECT_EQ(to_mil(2.311), 2311);
  EXPECT_EQ(to_mil(0.0625), 63);     // 62.5 mil exactly
  EXPECT_EQ(to_mil(-0.0625), -63);   // away from zero, not up
  EXPECT_EQ(to_mil(-0.0025), -3);    // -2.5
  EXPECT_EQ(to_mil(-1.0005), -1001);
  EXPECT_EQ(to_mil(-0.3935), -394);
  EXPECT_EQ(to_mil(0.3935), 394);
  EXPECT_EQ(to_mil(-0.0624), -62);
  EXPECT_EQ(to_mil(-0.0004), 0);
  EXPECT_EQ(to_mil(-0.0006), -1);
  EXPECT_EQ(to_mil(71.9999), 72000);
  EXPECT_EQ(to_mil(0.49999999999999994e-3), 0);  // just under half a mil
  EXPECT_EQ(inches(to_mil(14.243)), 14.243);
  EXPECT_EQ(inches(-591), -0.591);
}

// ---- §3.4: rectangles, edges, overlap, distance -----------------------------------------------

TEST(QuinnGeometry, RectCornersFrontLeftFirst_S3_4) {
  // HI facing +y: front is +y, its left is -x.
  auto k = R(10, 10, 90, kHI).corners();
  ExpectAt(k[0], 9.2125, 10.2955);   // front-left
  ExpectAt(k[1], 10.7875, 10.2955);  // front-right
  ExpectAt(k[2], 10.7875, 9.7045);   // rear-right
  ExpectAt(k[3], 9.2125, 9.7045);    // rear-left
  // Facing +x: the left is +y.
  auto e = R(0, 0, 0, 1.0, 2.0).corners();
  ExpectAt(e[0], 0.5, 1.0);
  ExpectAt(e[1], 0.5, -1.0);
  ExpectAt(e[2], -0.5, -1.0);
  ExpectAt(e[3], -0.5, 1.0);
}

TEST(QuinnGeometry, PolyOfIsCounterClockwise_S3_4) {
  for (int h : {0, 17, 90, 135, 200, 270, 359}) {
    Poly p = poly_of(R(5, 5, h, kMI));
    ASSERT_EQ(p.size(), 4u);
    double area2 = 0;
    for (size_t i = 0; i < 4; ++i) area2 += cross(p[i], p[(i + 1) % 4]);
    EXPECT_NEAR(area2 / 2, kW * kMI, 1e-12) << h;
    for (size_t i = 0; i < 4; ++i) {
      Vec e0 = p[(i + 1) % 4] - p[i], e1 = p[(i + 2) % 4] - p[(i + 1) % 4];
      EXPECT_GT(cross(e0, e1), 0);  // every turn is to the left
    }
  }
}

TEST(QuinnGeometry, EdgesBySideAsTheStandFaces_S3_4) {
  // HI facing -y (#61's target): its right flank is the -x side, x = 19.2125.
  Rect hi = R(20, 20, 270, kHI);
  auto front = edge(hi, 0), right = edge(hi, 1), rear = edge(hi, 2), left = edge(hi, 3);
  EXPECT_NEAR(front[0].y, 19.7045, 1e-12);
  EXPECT_NEAR(front[1].y, 19.7045, 1e-12);
  EXPECT_NEAR(front[0].x, 20.7875, 1e-12);  // front-left, the stand's left being +x
  EXPECT_NEAR(front[1].x, 19.2125, 1e-12);
  EXPECT_NEAR(right[0].x, 19.2125, 1e-12);
  EXPECT_NEAR(right[1].x, 19.2125, 1e-12);
  EXPECT_NEAR(rear[0].y, 20.2955, 1e-12);
  EXPECT_NEAR(rear[1].y, 20.2955, 1e-12);
  EXPECT_NEAR(left[0].x, 20.7875, 1e-12);
  EXPECT_NEAR(left[1].x, 20.7875, 1e-12);
  auto fe = front_edge(hi);
  ExpectAt(fe[0], front[0].x, front[0].y, 0);
  ExpectAt(fe[1], front[1].x, front[1].y, 0);
  EXPECT_NEAR(length(right[1] - right[0]), kHI, 1e-12);
  EXPECT_NEAR(length(front[1] - front[0]), kW, 1e-12);
}

TEST(QuinnGeometry, OverlapNeedsMoreThanTheTolerance_ICONTACT) {
  Rect a = R(10, 10, 90, kHI);
  EXPECT_TRUE(overlap(a, a));
  EXPECT_TRUE(overlap(a, R(11, 10.3, 90, kHI)));
  // Side by side: touching, then 0.0005" in (allowed), then 0.002" in.
  EXPECT_FALSE(overlap(a, R(10 + kW, 10, 90, kHI)));
  EXPECT_FALSE(overlap(a, R(10 + kW - 0.0005, 10, 90, kHI)));
  EXPECT_TRUE(overlap(a, R(10 + kW - 0.002, 10, 90, kHI)));
  EXPECT_FALSE(overlap(a, R(13, 10, 90, kHI)));
  // A diamond whose corner pokes 0.1" into the front edge, and one that stops 0.1" short.
  double half_diag = kW * std::sqrt(0.5);  // a square of side kW turned 45 degrees
  EXPECT_TRUE(overlap(a, R(10, 10.2955 + half_diag - 0.1, 45, kW)));
  EXPECT_FALSE(overlap(a, R(10, 10.2955 + half_diag + 0.1, 45, kW)));
  // Parallel axes but corner beyond corner: separated on the other axis.
  EXPECT_FALSE(overlap(R(0, 0, 0, 1, 1), R(1.0005, 1.2, 0, 1, 1)));
  // The polygon form agrees.
  EXPECT_TRUE(overlap(poly_of(a), poly_of(R(11, 10.3, 90, kHI))));
  EXPECT_FALSE(overlap(poly_of(a), poly_of(R(10 + kW - 0.0005, 10, 90, kHI))));
  EXPECT_TRUE(overlap(poly_of(a), poly_of(R(10 + kW - 0.002, 10, 90, kHI))));
  EXPECT_FALSE(overlap(poly_of(a), Poly{{12, 9}, {14, 9}, {13, 11}}));
  EXPECT_TRUE(overlap(poly_of(a), Poly{{10.5, 9}, {14, 9}, {10.5, 11}}));
}

TEST(QuinnGeometry, DistanceBetweenRectangles_S3_4) {
  Rect a = R(10, 10, 90, kHI);
  EXPECT_EQ(distance(a, R(11, 10.3, 90, kHI)), 0.0);
  EXPECT_NEAR(distance(a, R(12, 10, 90, kHI)), 2 - kW, 1e-12);        // side gap
  EXPECT_NEAR(distance(a, R(10, 12, 270, kHI)), 2 - kHI, 1e-12);      // front to front
  EXPECT_NEAR(distance(a, R(13, 14, 90, kHI)), std::hypot(3 - kW, 4 - kHI), 1e-12);  // corners
  // A diamond above the front edge: its lowest corner is the nearest point.
  double half_diag = kW * std::sqrt(0.5);
  EXPECT_NEAR(distance(a, R(10, 10.2955 + half_diag + 0.25, 45, kW)), 0.25, 1e-9);
  // Crossed thin rectangles: no corner near the other's edges, yet they overlap.
  EXPECT_EQ(distance(R(0, 0, 0, 4, 0.2), R(0, 0, 90, 4, 0.2)), 0.0);
  // Symmetric.
  Rect b = R(14.1, 12.2, 33, kCav);
  EXPECT_NEAR(distance(a, b), distance(b, a), 1e-12);
}

TEST(QuinnGeometry, TouchingAtOneCornerCounts_I88) {
  // Two HI diagonally corner to corner at (10.7875, 10.2955).
  Rect a = R(10, 10, 90, kHI), b = R(10 + kW, 10 + kHI, 90, kHI);
  EXPECT_NEAR(distance(a, b), 0.0, 1e-12);
  EXPECT_TRUE(touch(a, b));
  EXPECT_FALSE(overlap(a, b));
  // 0.005" apart on the diagonal still touches (<= 0.01"); 0.02" does not.
  double s = 0.005 * std::sqrt(0.5);
  EXPECT_TRUE(touch(a, R(10 + kW + s, 10 + kHI + s, 90, kHI)));
  s = 0.02 * std::sqrt(0.5);
  EXPECT_FALSE(touch(a, R(10 + kW + s, 10 + kHI + s, 90, kHI)));
  // A turned stand touching with one corner on the middle of a side.
  double half_diag = kW * std::sqrt(0.5);
  EXPECT_TRUE(touch(a, R(10, 10.2955 + half_diag, 45, kW)));
  EXPECT_FALSE(overlap(a, R(10, 10.2955 + half_diag, 45, kW)));
}

TEST(QuinnGeometry, SegmentRectDistance_S3_4) {
  Rect a = R(10, 10, 90, kHI);  // x 9.2125..10.7875, y 9.7045..10.2955
  EXPECT_EQ(segment_rect_distance({0, 10}, {20, 10}, a), 0.0);      // crosses
  EXPECT_EQ(segment_rect_distance({9.9, 10}, {10.1, 10}, a), 0.0);  // inside
  EXPECT_NEAR(segment_rect_distance({9, 11}, {11, 11}, a), 11 - 10.2955, 1e-12);
  EXPECT_NEAR(segment_rect_distance({12, 8}, {12, 12}, a), 12 - 10.7875, 1e-12);
  EXPECT_NEAR(segment_rect_distance({12, 12}, {13, 13}, a), std::hypot(12 - 10.7875, 12 - 10.2955), 1e-12);
  // A slanted segment passing the front-right corner 0.1" away.
  Vec c{10.7875, 10.2955}, n = std::sqrt(0.5) * Vec{1, 1}, t = std::sqrt(0.5) * Vec{-1, 1};
  Vec p = c + 0.1 * n;
  EXPECT_NEAR(segment_rect_distance(p - 3 * t, p + 3 * t, a), 0.1, 1e-12);
}

// ---- Aspect and the contact normal (I-FLANK, I-RECOIL; #60, #61, #66, #67) --------------------

TEST(QuinnGeometry, AspectFrontalCharge_I60) {
  // HC from (20, 10) charges the HI at (20, 20): the gap between front edges is the charge.
  Rect hc0 = R(20, 10, 90, kCav), hi = R(20, 20, 270, kHI);
  EXPECT_NEAR(front_edge(hi)[0].y - front_edge(hc0)[0].y, 9.114, 1e-3);
  Rect hc = R(20, 19.114, 90, kCav);
  EXPECT_NEAR(front_edge(hc)[0].y, 19.7045, 1e-12);
  EXPECT_TRUE(touch(hc, hi));
  EXPECT_FALSE(overlap(hc, hi));
  EXPECT_EQ(aspect(hc, hi), Aspect::Front);
  EXPECT_EQ(aspect(hi, hc), Aspect::Front);  // the HI's front touches the HC too
  ExpectAt(contact_normal(hc, hi), 0, 1, 0);
  EXPECT_EQ(aspect(hc0, hi), Aspect::None);  // not in contact
}

TEST(QuinnGeometry, AspectFlankCharge_I61) {
  Rect hi = R(20, 20, 270, kHI);
  Rect hc = R(18.622, 20, 0, kCav);  // front edge on x = 19.2125, the HI's right flank
  EXPECT_NEAR(front_edge(hc)[0].x, 19.2125, 1e-12);
  EXPECT_EQ(aspect(hc, hi), Aspect::Flank);
  // The push slides the HI sideways along the charger's facing.
  ExpectAt(contact_normal(hc, hi), 1, 0, 0);
  // The flanked HI's front-right corner lies on the HC's front edge: a point, not a contact
  // along its front edge, so striking back it gets no flank bonus and its push is minus the
  // HC's facing (I-FLANK: the flanked stand has none; kMinContact).
  EXPECT_EQ(aspect(hi, hc), Aspect::None);
  ExpectAt(contact_normal(hi, hc), -1, 0, 0);
  // With the charger shifted back along the flank the HI's front is clear of it: no bonus, and
  // its normal is minus the HC's facing.
  Rect hc_back = R(18.622, 20.8, 0, kCav);
  EXPECT_EQ(aspect(hc_back, hi), Aspect::Flank);
  EXPECT_EQ(aspect(hi, hc_back), Aspect::None);
  ExpectAt(contact_normal(hi, hc_back), -1, 0, 0);
  // And the left flank from the other side.
  EXPECT_EQ(aspect(R(21.378, 20, 180, kCav), hi), Aspect::Flank);
}

TEST(QuinnGeometry, AspectRearAndOblique_IFLANK) {
  Rect hi = R(20, 20, 270, kHI);
  Rect behind = R(20, 20.886, 270, kCav);  // front edge on the HI's rear edge y = 20.2955
  EXPECT_EQ(aspect(behind, hi), Aspect::Rear);
  ExpectAt(contact_normal(behind, hi), 0, -1, 0);
  // By the heading difference alone once the front touches (45 degrees either way of 180 front).
  Rect d = R(0, 0, 0, 1, 1);
  auto at_front = [&](int h) {  // a stand whose front edge midpoint sits on d's front edge
    Vec f = forward(h);
    return Rect{Vec{0.5, 0} - (0.5 * kHI) * f, h, kW, kHI};
  };
  EXPECT_EQ(aspect(at_front(180), d), Aspect::Front);
  EXPECT_EQ(aspect(at_front(225), d), Aspect::Front);
  EXPECT_EQ(aspect(at_front(135), d), Aspect::Front);
  EXPECT_EQ(aspect(at_front(226), d), Aspect::Flank);
  EXPECT_EQ(aspect(at_front(90), d), Aspect::Flank);
  EXPECT_EQ(aspect(at_front(45), d), Aspect::Rear);
  EXPECT_EQ(aspect(at_front(0), d), Aspect::Rear);
  EXPECT_EQ(aspect(at_front(315), d), Aspect::Rear);
  EXPECT_EQ(aspect(at_front(314), d), Aspect::Flank);
  // Front edge 0.005" short of the target still counts (I-CONTACT); 0.02" does not.
  EXPECT_EQ(aspect(R(18.617, 20, 0, kCav), hi), Aspect::Flank);
  EXPECT_EQ(aspect(R(18.602, 20, 0, kCav), hi), Aspect::None);
}

TEST(QuinnGeometry, RecoilAlongTheContactNormal_I66_I67) {
  // HI at (10, 10.689) facing -y has charged the MI at (10, 10) facing +y, front to front.
  Rect mi = R(10, 10, 90, kMI), hi = R(10, 10.689, 270, kHI);
  ASSERT_TRUE(touch(hi, mi));
  ASSERT_FALSE(overlap(hi, mi));
  Vec n = contact_normal(hi, mi);
  ExpectAt(n, 0, -1, 0);
  Vec d_to = mi.c + n, a_to = hi.c - n;
  EXPECT_EQ(to_mil(d_to.x), 10000);  // #66: defender to (10, 9)
  EXPECT_EQ(to_mil(d_to.y), 9000);
  EXPECT_EQ(to_mil(a_to.x), 10000);  // #67: attacker to (10, 11.689)
  EXPECT_EQ(to_mil(a_to.y), 11689);
  // Nothing in the way: the full inch either way.
  EXPECT_EQ(free_run(mi, n, 1.0, hi), 1.0);
  EXPECT_EQ(free_run(hi, -1 * n, 1.0, mi), 1.0);
  EXPECT_EQ(free_run(mi, n, 1.0, hi, true), 1.0);
  EXPECT_EQ(free_run(hi, -1 * n, 1.0, mi, true), 1.0);
}

// ---- Field of fire and range (I-FOF, I-LOS; #41-#49, S3) ----------------------------------------

const Rect kArchers = R(0, 0, 90, kMI);  // front edge y = 0.3935, x in [-0.7875, 0.7875]

TEST(QuinnGeometry, RangeStraightAhead_I41_I42) {
  EXPECT_NEAR(front_edge(kArchers)[0].y, 0.3935, 1e-12);
  double r41 = range_distance(kArchers, R(0, 9.98, 270, kCav));
  EXPECT_NEAR(r41, 8.996, 1e-3);
  EXPECT_LE(r41, 9 + kEps);  // eligible for the bow
  double r42 = range_distance(kArchers, R(0, 10.0, 270, kCav));
  EXPECT_NEAR(r42, 9.016, 1e-3);
  EXPECT_GT(r42, 9 + kEps);  // out of bow range
  // The field part of a target wholly in the field is the whole target.
  Poly part = field_part(kArchers, R(0, 9.98, 270, kCav));
  EXPECT_EQ(part.size(), 4u);
}

TEST(QuinnGeometry, TargetOutsideTheField_I43) {
  Rect hi = R(-6, 3, 270, kHI);
  EXPECT_TRUE(field_part(kArchers, hi).empty());
  EXPECT_LT(range_distance(kArchers, hi), 0);
  Vec from, to;
  EXPECT_FALSE(closest_points(kArchers, hi, from, to));
  // Though it is only 5.5" away.
  EXPECT_LT(distance(kArchers, hi), 5.5);
}

TEST(QuinnGeometry, TargetPartlyInsideLeft_I44) {
  Rect hi = R(-3, 3, 270, kHI);
  Poly part = field_part(kArchers, hi);
  ASSERT_FALSE(part.empty());
  double r = range_distance(kArchers, hi);
  EXPECT_NEAR(r, 2.715, 1e-3);
  EXPECT_LE(r, 9 + kEps);    // bow
  EXPECT_LE(r, 3 + kEps);    // javelin
  EXPECT_GT(r, 1.5 + kEps);  // mounted javelin: no
  // Here the nearest point of the whole target happens to lie in the field.
  EXPECT_NEAR(distance(kArchers, hi), r, 1e-12);
  Vec from, to;
  ASSERT_TRUE(closest_points(kArchers, hi, from, to));
  ExpectAt(from, -0.7875, 0.3935);  // the front-left corner
  ExpectAt(to, -2.2125, 2.7045);    // the target's corner nearest the field's edge
  EXPECT_NEAR(length(to - from), r, 1e-12);
}

TEST(QuinnGeometry, TargetPartlyInsideRight_I45) {
  Rect hi = R(2.5, 1.2, 270, kHI);
  double r = range_distance(kArchers, hi);
  EXPECT_NEAR(r, 1.308, 1e-3);
  EXPECT_LE(r, 1.5 + kEps);  // even a mounted javelin
  // The part in the field is a small triangle at the target's corner nearest the shooter's axis.
  Poly part = field_part(kArchers, hi);
  EXPECT_EQ(part.size(), 3u);
  for (Vec v : part) EXPECT_LE(v.x - v.y, 0.394 + 1e-9);
  Vec from, to;
  ASSERT_TRUE(closest_points(kArchers, hi, from, to));
  ExpectAt(from, 0.7875, 0.3935);
  ExpectAt(to, 1.7125, 1.3185);
}

TEST(QuinnGeometry, TargetBehindIsNotInTheField_I46) {
  Rect hi = R(0, -3, 90, kHI);
  EXPECT_TRUE(field_part(kArchers, hi).empty());
  EXPECT_LT(range_distance(kArchers, hi), 0);
  // Right beside the front corner, but level with it, is not in the field either: the field
  // widens only ahead of the front edge.
  EXPECT_LT(range_distance(kArchers, R(2.0, 0, 90, kMI)), 0);
}

TEST(QuinnGeometry, HorseArchersRange_I47) {
  Rect ha = R(0, 0, 90, kCav);
  EXPECT_NEAR(front_edge(ha)[0].y, 0.5905, 1e-12);
  double r_near = range_distance(ha, R(0, 5.6, 270, kCav));
  double r_far = range_distance(ha, R(0, 5.8, 270, kCav));
  EXPECT_NEAR(r_near, 4.419, 1e-3);
  EXPECT_NEAR(r_far, 4.619, 1e-3);
  EXPECT_LE(r_near, 4.5 + kEps);
  EXPECT_GT(r_far, 4.5 + kEps);
}

TEST(QuinnGeometry, RangeDoesNotDependOnTheTableAxes_IFOF) {
  // #41 turned about the origin by whole degrees: the same range (the table is accurate to an ulp).
  for (int h : {0, 30, 45, 90, 163, 180, 271}) {
    Rect s = R(0, 0, h, kMI);
    Vec c = (9.98) * forward(h);
    EXPECT_NEAR(range_distance(s, Rect{c, h + 180, kW, kCav}), 8.996, 1e-3) << h;
    EXPECT_NEAR(range_distance(s, Rect{c, h + 180, kW, kCav}), 9.98 - 0.3935 - 0.5905, 1e-12) << h;
  }
}

TEST(QuinnGeometry, LineOfSightBlockedByAThirdStand_I49) {
  Rect lc = R(0, 9.98, 270, kCav);
  Vec from, to;
  ASSERT_TRUE(closest_points(kArchers, lc, from, to));
  // Parallel facing edges: the pair halfway along them.
  ExpectAt(from, 0, 0.3935);
  ExpectAt(to, 0, 9.3895);
  EXPECT_TRUE(segment_crosses_interior(from, to, R(0, 5, 0, kHI)));
  EXPECT_TRUE(segment_crosses_interior(from, to, R(0.5, 5, 37, kMI)));
  EXPECT_FALSE(segment_crosses_interior(from, to, R(3, 5, 90, kHI)));
  // A stand whose side lies along the line of sight only grazes it; one 0.0015" over blocks.
  EXPECT_FALSE(segment_crosses_interior(from, to, R(0.7875, 5, 90, kHI)));
  EXPECT_TRUE(segment_crosses_interior(from, to, R(0.786, 5, 90, kHI)));
  // The segment's own ends touching stands (shooter, target) do not count as crossing them.
  EXPECT_FALSE(segment_crosses_interior(from, to, kArchers));
  EXPECT_FALSE(segment_crosses_interior(from, to, lc));
  // Beyond the target's end of the segment is not in the way.
  EXPECT_FALSE(segment_crosses_interior(from, to, R(0, 11.5, 270, kHI)));
}

TEST(QuinnGeometry, S3Facts_S3) {
  Rect hoplite = R(35, 20, 90, kHI), archers = R(38, 20, 90, kMI);
  Rect hc = R(35, 30, 270, kCav), ha = R(38, 30, 270, kCav);
  EXPECT_NEAR(front_edge(hc)[0].y, 29.4095, 1e-12);
  EXPECT_NEAR(front_edge(hc)[1].y, 29.4095, 1e-12);
  EXPECT_NEAR(front_edge(hoplite)[0].y, 20.2955, 1e-12);
  EXPECT_NEAR(front_edge(hc)[0].y - front_edge(hoplite)[0].y, 9.114, 1e-3);
  EXPECT_NEAR(distance(hc, hoplite), 9.114, 1e-3);
  double r = range_distance(archers, ha);
  EXPECT_NEAR(r, 9.016, 1e-3);
  EXPECT_GT(r, 9 + kEps);  // out of bow range by 0.016"
  // Four separate commands: no two stands touch.
  Rect all[] = {hoplite, archers, hc, ha};
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) EXPECT_FALSE(touch(all[i], all[j])) << i << " " << j;
  EXPECT_NEAR(distance(hoplite, archers), 3 - kW, 1e-12);
}

// ---- Terrain (I-ROUGH; #54) -----------------------------------------------------------------

const Poly kRough = {{0, 12}, {20, 12}, {20, 20}, {0, 20}};

TEST(QuinnGeometry, InsideCountsTheBoundary_IROUGH) {
  EXPECT_TRUE(inside(kRough, {10, 15}));
  EXPECT_TRUE(inside(kRough, {10, 12}));  // on an edge
  EXPECT_TRUE(inside(kRough, {0, 20}));   // on a corner
  EXPECT_FALSE(inside(kRough, {10, 11.999}));
  EXPECT_FALSE(inside(kRough, {20.001, 15}));
  // Either way round.
  Poly cw(kRough.rbegin(), kRough.rend());
  EXPECT_TRUE(inside(cw, {10, 12}));
  EXPECT_FALSE(inside(cw, {10, 11.999}));
  // A slanted piece.
  Poly tri = {{0, 0}, {4, 0}, {0, 4}};
  EXPECT_TRUE(inside(tri, {2, 2}));  // on the hypotenuse
  EXPECT_TRUE(inside(tri, {1, 1}));
  EXPECT_FALSE(inside(tri, {2.001, 2.001}));
  EXPECT_FALSE(inside(Poly{}, {0, 0}));
}

TEST(QuinnGeometry, RoughLengthOfAMove_I54) {
  // HI at (10, 10) moving 4" ahead: its centre runs 2" in the open, 2" in the rough.
  EXPECT_NEAR(inside_length(kRough, {10, 10}, {10, 14}), 2.0, 1e-12);
  EXPECT_NEAR(inside_length(kRough, {10, 10}, {10, 14.01}), 2.01, 1e-12);
  double cost = 4 + inside_length(kRough, {10, 10}, {10, 14});
  EXPECT_NEAR(cost, 6.0, 1e-3);
  EXPECT_NEAR(4.01 + inside_length(kRough, {10, 10}, {10, 14.01}), 6.02, 1e-3);
  // Wholly inside, wholly outside, through, along an edge, backwards.
  EXPECT_NEAR(inside_length(kRough, {5, 13}, {15, 19}), std::hypot(10, 6), 1e-12);
  EXPECT_EQ(inside_length(kRough, {0, 0}, {30, 5}), 0.0);
  EXPECT_NEAR(inside_length(kRough, {-5, 16}, {25, 16}), 20.0, 1e-12);
  EXPECT_NEAR(inside_length(kRough, {-5, 12}, {25, 12}), 20.0, 1e-12);
  EXPECT_NEAR(inside_length(kRough, {10, 14}, {10, 10}), 2.0, 1e-12);
  Poly cw(kRough.rbegin(), kRough.rend());
  EXPECT_NEAR(inside_length(cw, {10, 10}, {10, 14}), 2.0, 1e-12);
  // A diagonal through a triangle's corner region.
  Poly tri = {{0, 0}, {4, 0}, {0, 4}};
  EXPECT_NEAR(inside_length(tri, {-1, 1}, {5, 1}), 3.0, 1e-12);
  EXPECT_EQ(inside_length(tri, {3, 3}, {5, 5}), 0.0);
}

// ---- Moving: free runs, sweeps, the table (I-RECOIL, I-FLEE, I-PATH; #50-#58, #66-#72) -------

TEST(QuinnGeometry, MoveEndPoses_I50_I51_I53_I56) {
  Vec c{10, 10};
  auto end = [&](Vec p) { return std::pair{to_mil(p.x), to_mil(p.y)}; };
  EXPECT_EQ(end(c + 6 * forward(90)), (std::pair{10000, 16000}));           // #50
  EXPECT_EQ(end(c + 6 * forward(90 + 45)), (std::pair{5757, 14243}));       // #51
  EXPECT_EQ(end(c + 3 * forward(norm_heading(90 + 180))), (std::pair{10000, 7000}));  // #53
  EXPECT_EQ(end(c + 9 * forward(90 + 180)), (std::pair{10000, 1000}));      // #56
}

TEST(QuinnGeometry, ChargePoseNumbers_I62_I63) {
  // #62: HI (10, 10) h90 to (12.811, 12) h0, front to front with the LI at (13.5, 12) h180.
  Rect li = R(13.5, 12, 180, kMI), hi = R(12.811, 12, 0, kHI);
  EXPECT_TRUE(touch(hi, li));
  EXPECT_FALSE(overlap(hi, li));
  EXPECT_EQ(aspect(hi, li), Aspect::Front);
  Vec run = hi.c - Vec{10, 10};
  EXPECT_NEAR(length(run), 3.450, 1e-3);
  EXPECT_EQ(snap_heading(run), 35);  // 35.4 degrees off the new heading 0
  // #63: LI at (14, 12.5): the straight is 4.149" at 37 degrees, 53 off the old heading 90.
  Vec run63 = Vec{14 - 0.3935 - 0.2955, 12.5} - Vec{10, 10};
  EXPECT_NEAR(length(run63), 4.149, 1e-3);
  EXPECT_EQ(90 - snap_heading(run63), 53);
}

TEST(QuinnGeometry, FlightStopsAtFirstContact_I71) {
  // MI at (10, 10), turned to 270, flees 5" towards the friendly HI at (10, 7).
  Rect mi = R(10, 10, 270, kMI), hi = R(10, 7, 90, kHI);
  Vec down = forward(270);
  double t = free_run(mi, down, 5, hi, true);
  EXPECT_NEAR(t, 2.311, 1e-3);
  EXPECT_NEAR(t, 10 - 0.3935 - 7.2955, 1e-12);
  Rect at = moved(mi, t * down);
  EXPECT_TRUE(touch(at, hi));
  EXPECT_FALSE(overlap(at, hi));
  // Without gap the run goes on into the tolerance.
  EXPECT_NEAR(free_run(mi, down, 5, hi), t + kOverlapTol, 1e-9);
  // The HI spreads: turns to 270 and runs its 4" to (10, 3); the MI goes on its last 2.689".
  Rect mi2 = R(10, 7.689, 270, kMI);
  Rect hi2 = R(10, 3, 270, kHI);
  EXPECT_EQ(free_run(R(10, 7, 270, kHI), down, 4, mi2, true), 4.0);  // moving away from the MI
  EXPECT_EQ(free_run(mi2, down, 2.689, hi2, true), 2.689);
  EXPECT_EQ(to_mil(mi2.c.y - 2.689), 5000);
}

TEST(QuinnGeometry, FlightStopsTouchingTheSpreadFriend_I72) {
  // The HI rolled 1: it is at (10, 6); the MI at (10, 7.689) goes on until it touches it.
  Rect mi2 = R(10, 7.689, 270, kMI), hi = R(10, 6, 270, kHI);
  double t = free_run(mi2, forward(270), 2.689, hi, true);
  EXPECT_NEAR(t, 1.0, 1e-9);
  EXPECT_EQ(to_mil(mi2.c.y - t), 6689);
}

TEST(QuinnGeometry, RecoilStopsAtAFriend_I68) {
  // The attacker of #67 recoils +y with a friend 0.4" behind it.
  Rect att = R(10, 10.689, 270, kHI);
  Rect friend_ = R(10, 10.689 + kHI + 0.4, 270, kHI);
  Vec up = forward(90);
  EXPECT_NEAR(free_run(att, up, 1.0, friend_, true), 0.4, 1e-9);
  EXPECT_NEAR(free_run(att, up, 1.0, friend_), 0.401, 1e-9);
  EXPECT_FALSE(overlap(moved(att, free_run(att, up, 1.0, friend_) * up), friend_));
}

TEST(QuinnGeometry, FreeRunStartAndDirection_IFLEE) {
  Rect a = R(10, 10, 90, kHI), b = R(10, 10 + kHI, 90, kHI);  // b touches a's front
  Vec up = forward(90), down = forward(270), right = forward(0);
  // Pressing into a touching stand: no room at all with gap; the tolerance without.
  EXPECT_EQ(free_run(a, up, 3, b, true), 0.0);
  EXPECT_NEAR(free_run(a, up, 3, b), kOverlapTol, 1e-9);
  // Moving away from it: the whole limit.
  EXPECT_EQ(free_run(a, down, 3, b, true), 3.0);
  EXPECT_EQ(free_run(a, down, 3, b), 3.0);
  // Already overlapping: 0 whatever the direction.
  Rect c = R(10.5, 10.2, 90, kHI);
  EXPECT_EQ(free_run(a, down, 3, c), 0.0);
  EXPECT_EQ(free_run(a, down, 3, c, true), 0.0);
  // Sliding along a stand it touches side by side (a line falling back): never runs into it.
  Rect side = R(10 + kW, 10, 90, kHI);
  EXPECT_EQ(free_run(a, down, 3, side, true), 3.0);
  EXPECT_EQ(free_run(a, up, 3, side, true), 3.0);
  EXPECT_EQ(free_run(a, down, 3, side), 3.0);
  // But moving towards it, into it at once.
  EXPECT_EQ(free_run(a, right, 3, side, true), 0.0);
  // Passing beside it 0.1" clear, or beyond the limit: the limit.
  EXPECT_EQ(free_run(a, up, 5, R(10 + kW + 0.1, 12, 90, kHI), true), 5.0);
  EXPECT_EQ(free_run(a, up, 1, R(10, 14, 90, kHI), true), 1.0);
  EXPECT_NEAR(free_run(a, up, 5, R(10, 14, 90, kHI), true), 4 - kHI, 1e-12);
  // Corner to corner exactly, passing: touching for an instant only, not a collision.
  EXPECT_EQ(free_run(a, up, 5, R(10 + kW, 12, 90, kHI), true), 5.0);
}

TEST(QuinnGeometry, FreeRunObliqueAgainstATurnedStand_I58) {
  // HI moving 45 degrees off its heading towards a stand at 30 degrees: the run found by the
  // axes matches the predicates on either side of it.
  Rect a = R(10, 10, 90, kHI), o = R(8, 13, 30, kMI);
  Vec u = forward(135);
  double t = free_run(a, u, 6, o);
  ASSERT_GT(t, 0);
  ASSERT_LT(t, 6);
  EXPECT_FALSE(overlap(moved(a, (t - 1e-9) * u), o));
  EXPECT_TRUE(overlap(moved(a, (t + 1e-6) * u), o));
  double g = free_run(a, u, 6, o, true);
  EXPECT_NEAR(distance(moved(a, g * u), o), 0.0, 1e-9);
  EXPECT_GT(distance(moved(a, (g - 1e-3) * u), o), 0.0);
  EXPECT_LT(g, t);
}

TEST(QuinnGeometry, FreeRunAgreesWithOverlapOnManyCases_I58) {
  Lcg rng;
  int hits = 0;
  for (int i = 0; i < 2000; ++i) {
    Rect a = R(rng.in(5, 15), rng.in(5, 15), int(rng.in(0, 360)), rng.in(0.5, 1.6));
    Rect o = R(rng.in(5, 15), rng.in(5, 15), int(rng.in(0, 360)), rng.in(0.5, 1.6));
    if (distance(a, o) < 0.05) continue;
    Vec u = forward(int(rng.in(0, 360)));
    double limit = 8;
    double t = free_run(a, u, limit, o), g = free_run(a, u, limit, o, true);
    SCOPED_TRACE(i);
    EXPECT_LE(g, t);
    // No overlap anywhere along the run.
    for (int k = 0; k <= 40; ++k) EXPECT_FALSE(overlap(moved(a, (k == 40 ? t : t * k / 40) * u), o));
    if (t < limit) {
      ++hits;
      EXPECT_TRUE(overlap(moved(a, (t + 1e-6) * u), o));
      EXPECT_NEAR(distance(moved(a, g * u), o), 0.0, 1e-9);
      EXPECT_TRUE(overlap(swept_area(a, (t + 1e-3) * u), poly_of(o)));
      EXPECT_FALSE(overlap(swept_area(a, (t - 1e-3) * u), poly_of(o)));
    } else {
      EXPECT_FALSE(overlap(swept_area(a, limit * u), poly_of(o)));
    }
  }
  EXPECT_GT(hits, 100);  // the sample does contain collisions
}

TEST(QuinnGeometry, SweptAreaCatchesWhatTheEndsMiss_I58) {
  // HI at (10, 10) moving 6" at +45 degrees (#51) past a friend standing across its path.
  Rect hi = R(10, 10, 90, kHI), friend_ = R(8, 12, 90, kHI);
  Vec delta = 6 * forward(135);
  EXPECT_FALSE(overlap(hi, friend_));
  EXPECT_FALSE(overlap(moved(hi, delta), friend_));
  Poly sweep = swept_area(hi, delta);
  EXPECT_EQ(sweep.size(), 6u);  // the hull of two squared-off boxes moved obliquely
  EXPECT_TRUE(overlap(sweep, poly_of(friend_)));
  // The template clips the move at contact: free_run says how far.
  double t = free_run(hi, forward(135), 6, friend_, true);
  EXPECT_GT(t, 0);
  EXPECT_LT(t, 6);
  EXPECT_FALSE(overlap(swept_area(hi, t * forward(135)), poly_of(friend_)));
  // Straight ahead past the friend's side: clear.
  EXPECT_FALSE(overlap(swept_area(hi, 6 * forward(90)), poly_of(friend_)));
  // A stand not moving sweeps its own footprint.
  Poly still = swept_area(hi, {0, 0});
  EXPECT_EQ(still.size(), 4u);
}

TEST(QuinnGeometry, ConvexHull_S3_4) {
  Poly h = convex_hull({{0, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 2}, {1, 0}, {0, 0}});
  ASSERT_EQ(h.size(), 4u);  // interior, duplicate and collinear points dropped
  ExpectAt(h[0], 0, 0, 0);
  ExpectAt(h[1], 2, 0, 0);
  ExpectAt(h[2], 2, 2, 0);
  ExpectAt(h[3], 0, 2, 0);
  EXPECT_EQ(convex_hull({{1, 1}}).size(), 1u);
  EXPECT_EQ(convex_hull({{1, 1}, {1, 1}}).size(), 1u);
}

TEST(QuinnGeometry, FleeingOffTheTable_I69_I70) {
  // MI at (10, 3), turned to 270: 2.6065" of table behind it.
  Rect mi = R(10, 3, 270, kMI);
  Vec down = forward(270);
  EXPECT_TRUE(on_table(mi, 72, 48));
  EXPECT_NEAR(run_on_table(mi, down, 10, 72, 48), 2.6065, 1e-12);
  EXPECT_FALSE(on_table(moved(mi, 4 * down), 72, 48));  // #69: die 4, destroyed
  Rect after = moved(mi, 2 * down);                     // #70: die 2, ends (10, 1)
  EXPECT_TRUE(on_table(after, 72, 48));
  EXPECT_EQ(to_mil(after.c.y), 1000);
  EXPECT_EQ(run_on_table(mi, down, 2, 72, 48), 2.0);
}

TEST(QuinnGeometry, OnTableEdges_ITABLE) {
  EXPECT_TRUE(on_table(R(36, 24, 90, kHI), 72, 48));
  // Flush with the left edge, and a rounding half-mil past it; a whole mil more is off.
  EXPECT_TRUE(on_table(R(0.7875, 24, 90, kHI), 72, 48));
  EXPECT_TRUE(on_table(R(0.787, 24, 90, kHI), 72, 48));
  EXPECT_FALSE(on_table(R(0.786, 24, 90, kHI), 72, 48));
  EXPECT_FALSE(on_table(R(71.5, 24, 90, kHI), 72, 48));
  EXPECT_FALSE(on_table(R(36, 47.9, 90, kHI), 72, 48));
  // A turned stand reaches further than its centre suggests.
  double half_diag = kW * std::sqrt(0.5);
  EXPECT_TRUE(on_table(R(half_diag, 24, 45, kW), 72, 48));
  EXPECT_FALSE(on_table(R(half_diag - 0.01, 24, 45, kW), 72, 48));
  // Runs to each edge.
  Rect s = R(36, 24, 0, kHI);
  EXPECT_NEAR(run_on_table(s, forward(0), 100, 72, 48), 36 - kHI / 2, 1e-12);
  EXPECT_NEAR(run_on_table(s, forward(180), 100, 72, 48), 36 - kHI / 2, 1e-12);
  EXPECT_NEAR(run_on_table(s, forward(90), 100, 72, 48), 24 - kW / 2, 1e-12);
  EXPECT_NEAR(run_on_table(s, forward(270), 100, 72, 48), 24 - kW / 2, 1e-12);
  EXPECT_NEAR(run_on_table(s, forward(45), 100, 72, 48), (24 - kW / 2) / sin_deg(45), 1e-12);
  EXPECT_TRUE(on_table(moved(s, run_on_table(s, forward(45), 100, 72, 48) * forward(45)), 72, 48));
  // Already at the edge and moving out: no room.
  EXPECT_EQ(run_on_table(R(0.7875, 24, 90, kHI), forward(180), 5, 72, 48), 0.0);
}

}  // namespace
}  // namespace bgb::quinn
