// The measured table's geometry (spec §3.1, §3.4). Every result here feeds a pose that is stored
// and replayed, so the arithmetic is kept to +, -, *, / and std::sqrt (all correctly rounded by
// IEEE 754) in a fixed order, with sine and cosine read from a checked-in table.
#include "quinn/geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bgb::quinn {

#include "quinn/trig_table.inc"

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Floating-point noise in values that are exact in mil: far below a mil, far above rounding error.
constexpr double kNoise = 1e-9;

struct Span {
  double lo = kInf, hi = -kInf;
};

template <class Pts>
Span project(const Pts& pts, Vec axis) {
  Span s;
  for (const Vec& p : pts) {
    double v = dot(p, axis);
    s.lo = std::min(s.lo, v);
    s.hi = std::max(s.hi, v);
  }
  return s;
}

// How far the two projections would have to move apart to separate (negative: the gap between).
double penetration(Span a, Span b) { return std::min(a.hi - b.lo, b.hi - a.lo); }

Vec unit(Vec v) {
  double n = length(v);
  return n > 0 ? (1.0 / n) * v : Vec{};
}

// The axes of a polygon for the separating-axis test: each edge's normal, and for a degenerate
// (collinear or single-point) polygon its direction too, which the normals alone leave unchecked.
void add_axes(const Poly& p, std::vector<Vec>& axes) {
  size_t n = p.size();
  if (n < 2) return;
  for (size_t i = 0; i < n; ++i) {
    Vec e = unit(p[(i + 1) % n] - p[i]);
    if (e.x == 0 && e.y == 0) continue;
    axes.push_back({-e.y, e.x});
    axes.push_back(e);
  }
}

// The least penetration over the axes of both polygons: > 0 exactly when the interiors meet.
double min_penetration(const Poly& a, const Poly& b) {
  std::vector<Vec> axes;
  add_axes(a, axes);
  add_axes(b, axes);
  double m = kInf;
  for (Vec ax : axes) m = std::min(m, penetration(project(a, ax), project(b, ax)));
  return axes.empty() ? -kInf : m;
}

// Two rectangles need only their own unit axes; reading them from the table (rather than from
// corner differences) keeps the test free of the corners' rounding.
double min_penetration(const Rect& a, const Rect& b) {
  auto ca = a.corners(), cb = b.corners();
  const Vec axes[4] = {forward(a.h), left_of(a.h), forward(b.h), left_of(b.h)};
  double m = kInf;
  for (Vec ax : axes) m = std::min(m, penetration(project(ca, ax), project(cb, ax)));
  return m;
}

Vec closest_on_segment(Vec p, Vec a, Vec b) {
  Vec ab = b - a;
  double len2 = dot(ab, ab);
  if (len2 == 0) return a;
  double t = dot(p - a, ab) / len2;
  if (t <= 0) return a;
  if (t >= 1) return b;
  return a + t * ab;
}

double point_segment_distance(Vec p, Vec a, Vec b) { return length(p - closest_on_segment(p, a, b)); }

double signed_area2(const Poly& p) {
  double s = 0;
  for (size_t i = 0, n = p.size(); i < n; ++i) s += cross(p[i], p[(i + 1) % n]);
  return s;
}

// +1 for a counter-clockwise polygon, -1 for a clockwise one: the terrain functions accept either,
// as a scenario file may list a piece's corners either way round.
double orientation(const Poly& p) { return signed_area2(p) < 0 ? -1.0 : 1.0; }

// The crossing point of segments ab and cd when they properly cross or one ends on the other.
bool segments_meet(Vec a, Vec b, Vec c, Vec d, Vec& at) {
  Vec r = b - a, s = d - c;
  double den = cross(r, s);
  if (den == 0) return false;  // parallel: an endpoint-to-segment distance finds any contact
  double t = cross(c - a, s) / den, u = cross(c - a, r) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return false;
  at = a + t * r;
  return true;
}

bool strictly_inside(const Poly& poly, Vec p) {
  size_t n = poly.size();
  if (n < 3 || signed_area2(poly) == 0) return false;
  double o = orientation(poly);
  for (size_t i = 0; i < n; ++i) {
    Vec e = poly[(i + 1) % n] - poly[i];
    if ((e.x != 0 || e.y != 0) && o * cross(e, p - poly[i]) <= 0) return false;
  }
  return true;
}

// The closest pair between segment pq and a convex polygon. When several pairs tie (parallel
// edges facing each other), the one halfway along the tied stretch: all closest pairs of two
// convex sets share one offset, so the middle of the extreme ones is a closest pair too, and it
// does not favour one end of a shooter's front edge over the other.
double closest_pair(Vec p, Vec q, const Poly& poly, Vec& from, Vec& to) {
  size_t n = poly.size();
  if (n == 0) return -1;
  for (size_t i = 0; i < n; ++i) {
    Vec at;
    if (n > 1 && segments_meet(p, q, poly[i], poly[(i + 1) % n], at)) {
      from = to = at;
      return 0;
    }
  }
  if (strictly_inside(poly, p)) {
    from = to = p;
    return 0;
  }
  struct Pair {
    Vec a, b;
    double d;
  };
  std::vector<Pair> cand;
  for (size_t i = 0; i < n; ++i) {
    Vec e0 = poly[i], e1 = poly[(i + 1) % n];
    for (Vec s : {p, q}) {
      Vec c = closest_on_segment(s, e0, e1);
      cand.push_back({s, c, length(c - s)});
    }
    Vec c = closest_on_segment(e0, p, q);
    cand.push_back({c, e0, length(e0 - c)});
  }
  double best = kInf;
  for (const Pair& c : cand) best = std::min(best, c.d);
  // The tied pairs lie along the direction across the offset; take the two extremes.
  const Pair* first = nullptr;
  for (const Pair& c : cand)
    if (c.d <= best + kNoise) {
      first = &c;
      break;
    }
  Vec along = q - p;
  if (first->d > 0) {
    Vec off = first->b - first->a;
    along = {-off.y, off.x};
  }
  const Pair *lo = first, *hi = first;
  for (const Pair& c : cand) {
    if (c.d > best + kNoise) continue;
    if (dot(c.a, along) < dot(lo->a, along)) lo = &c;
    if (dot(c.a, along) > dot(hi->a, along)) hi = &c;
  }
  from = 0.5 * (lo->a + hi->a);
  to = 0.5 * (lo->b + hi->b);
  return lo == hi ? lo->d : length(to - from);
}

// Sutherland-Hodgman against one closed half-plane {x : dot(nrm, x - at) >= 0}.
Poly clip(const Poly& in, Vec at, Vec nrm) {
  Poly out;
  size_t n = in.size();
  for (size_t i = 0; i < n; ++i) {
    Vec a = in[i], b = in[(i + 1) % n];
    double sa = dot(nrm, a - at), sb = dot(nrm, b - at);
    auto add = [&out](Vec v) {
      if (out.empty() || out.back().x != v.x || out.back().y != v.y) out.push_back(v);
    };
    if (sa >= 0) add(a);
    if ((sa >= 0) != (sb >= 0)) add(a + (sa / (sa - sb)) * (b - a));
  }
  // A vertex on the line comes out twice (once kept, once as a crossing); zero-length edges would
  // spoil the inside test.
  while (out.size() > 1 && out.back().x == out.front().x && out.back().y == out.front().y) out.pop_back();
  return out;
}

}  // namespace

double length(Vec a) { return std::sqrt(dot(a, a)); }

int norm_heading(int h) { return ((h % 360) + 360) % 360; }

double sin_deg(int h) { return kSinTable[norm_heading(h)]; }
// One table serves both: cos h = sin(h + 90), so forward() and left_of() share their values.
double cos_deg(int h) { return kSinTable[norm_heading(h + 90)]; }

int snap_heading(Vec v) {
  // The dot product is |v| cos(angle - k), one peak round the circle: every 8th degree finds
  // the peak to within 4 degrees, then the 17 degrees about it decide exactly (ties to the lower).
  auto better = [&](int k, int best, double d, double best_dot) { return d > best_dot || (d == best_dot && k < best); };
  int coarse = 0;
  double coarse_dot = -kInf;
  for (int k = 0; k < 360; k += 8) {
    const double d = dot(v, forward(k));
    if (better(k, coarse, d, coarse_dot)) coarse_dot = d, coarse = k;
  }
  int best = coarse;
  double best_dot = coarse_dot;
  for (int i = -8; i <= 8; ++i) {
    const int k = norm_heading(coarse + i);
    const double d = dot(v, forward(k));
    if (better(k, best, d, best_dot)) best_dot = d, best = k;
  }
  return best;
}

int32_t to_mil(double in) {
  // Truncate, then look at the exact remainder: adding 0.5 before truncating would round
  // 0.49999999999999994 up.
  double s = in * 1000.0;
  auto n = int64_t(s);
  double frac = s - double(n);
  if (frac >= 0.5) ++n;
  if (frac <= -0.5) --n;
  return int32_t(n);
}

std::array<Vec, 4> Rect::corners() const {
  Vec f = forward(h), l = left_of(h);
  Vec fd = (d / 2) * f, lw = (w / 2) * l;
  return {c + fd + lw, c + fd - lw, c - fd - lw, c - fd + lw};
}

Poly poly_of(const Rect& r) {
  auto k = r.corners();
  // The corners run clockwise (front-left, front-right, ...); a Poly runs the other way.
  return {k[0], k[3], k[2], k[1]};
}

Poly convex_hull(std::vector<Vec> pts) {
  std::sort(pts.begin(), pts.end(), [](Vec a, Vec b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  pts.erase(std::unique(pts.begin(), pts.end(), [](Vec a, Vec b) { return a.x == b.x && a.y == b.y; }),
            pts.end());
  if (pts.size() < 3) return pts;
  Poly h(2 * pts.size());
  size_t k = 0;
  for (size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) <= 0) --k;
    h[k++] = pts[i];
  }
  for (size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) <= 0) --k;
    h[k++] = pts[i];
  }
  h.resize(k - 1);
  return h;
}

Poly swept_area(const Rect& r, Vec delta) {
  auto a = r.corners(), b = moved(r, delta).corners();
  return convex_hull({a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]});
}

// A cheap bound first: two stands whose centres are further apart than the sum of their
// half-diagonals (bounded by half of width plus depth, no square root) cannot meet. Most pairs on
// the table are far apart, and the rules ask about every pair (the profile of a search showed
// the exact tests at 80% of its time).
namespace {
double reach_of(const Rect& r) { return 0.5 * (r.w + r.d); }
bool far_apart(const Rect& a, const Rect& b, double margin) {
  const double dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, m = reach_of(a) + reach_of(b) + margin;
  return dx * dx + dy * dy > m * m;
}
}  // namespace

bool overlap(const Rect& a, const Rect& b) { return !far_apart(a, b, 0.0) && min_penetration(a, b) > kOverlapTol; }
bool touch(const Rect& a, const Rect& b) { return !far_apart(a, b, 2 * kTouchTol) && distance(a, b) <= kTouchTol; }
bool overlap(const Poly& a, const Poly& b) { return min_penetration(a, b) > kOverlapTol; }

double distance(const Rect& a, const Rect& b) {
  if (min_penetration(a, b) > 0) return 0;
  auto ca = a.corners(), cb = b.corners();
  double m = kInf;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      m = std::min(m, point_segment_distance(ca[i], cb[j], cb[(j + 1) % 4]));
      m = std::min(m, point_segment_distance(cb[i], ca[j], ca[(j + 1) % 4]));
    }
  return m;
}

double segment_rect_distance(Vec p, Vec q, const Rect& r) {
  if (min_penetration(Poly{p, q}, poly_of(r)) > 0) return 0;
  auto k = r.corners();
  double m = kInf;
  for (int j = 0; j < 4; ++j) {
    m = std::min(m, point_segment_distance(p, k[j], k[(j + 1) % 4]));
    m = std::min(m, point_segment_distance(q, k[j], k[(j + 1) % 4]));
    m = std::min(m, point_segment_distance(k[j], p, q));
  }
  return m;
}

std::array<Vec, 2> front_edge(const Rect& r) { return edge(r, 0); }

std::array<Vec, 2> edge(const Rect& r, int side) {
  // Corner i to corner i+1 walks front, right flank, rear, left flank in turn.
  auto k = r.corners();
  int i = ((side % 4) + 4) % 4;
  return {k[i], k[(i + 1) % 4]};
}

namespace {
// Whether a's front edge is against d along some length, not at one point only. The literal
// test of §3.4 (front edge within 0.01" of d) also holds for the stand that was charged in its
// flank: the charger's front edge is longer than the flank and ends on its front corner, so the
// flanked stand's own front edge meets the charger at that corner. It would then strike back
// "from the flank" and push the wrong way; the spec's words say the flanked one has no bonus.
// So the edge must run along d for more than kMinContact (I-FLANK as we read it).
bool front_touches(const Rect& a, const Rect& d) {
  auto fe = front_edge(a);
  if (segment_rect_distance(fe[0], fe[1], d) > kTouchTol) return false;
  Rect grown = d;
  grown.w += 2 * kTouchTol;
  grown.d += 2 * kTouchTol;
  return inside_length(poly_of(grown), fe[0], fe[1]) > kMinContact;
}
}  // namespace

Aspect aspect(const Rect& a, const Rect& d) {
  if (!front_touches(a, d)) return Aspect::None;
  int delta = norm_heading(a.h - d.h);
  // Head to head (delta 180) is a frontal attack; the same heading (0) comes from behind.
  if (delta >= 135 && delta <= 225) return Aspect::Front;
  if (delta <= 45 || delta >= 315) return Aspect::Rear;
  return Aspect::Flank;
}

Vec contact_normal(const Rect& a, const Rect& d) {
  if (front_touches(a, d)) return forward(a.h);
  Vec f = forward(d.h);
  return {-f.x, -f.y};
}

Poly field_part(const Rect& s, const Rect& target) {
  auto k = s.corners();
  Vec fl = k[0], fr = k[1];
  Vec f = forward(s.h), gl = forward(s.h + 45), gr = forward(s.h - 45);
  Poly p = poly_of(target);
  p = clip(p, fl, f);
  // The field lies clockwise of the left line (direction h+45) and anticlockwise of the right one.
  p = clip(p, fl, {gl.y, -gl.x});
  p = clip(p, fr, {-gr.y, gr.x});
  return p;
}

double range_distance(const Rect& s, const Rect& target) {
  Vec from, to;
  auto fe = front_edge(s);
  return closest_pair(fe[0], fe[1], field_part(s, target), from, to);
}

bool closest_points(const Rect& s, const Rect& target, Vec& from, Vec& to) {
  auto fe = front_edge(s);
  return closest_pair(fe[0], fe[1], field_part(s, target), from, to) >= 0;
}

bool segment_crosses_interior(Vec p, Vec q, const Rect& r) {
  return min_penetration(Poly{p, q}, poly_of(r)) > kOverlapTol;
}

bool inside(const Poly& poly, Vec p) {
  size_t n = poly.size();
  if (n < 3) return false;
  double o = orientation(poly);
  for (size_t i = 0; i < n; ++i) {
    Vec e = poly[(i + 1) % n] - poly[i];
    double len = length(e);
    if (len == 0) continue;
    // The boundary counts as inside (I-ROUGH), with room for the noise of a slanted edge.
    if (o * cross(e, p - poly[i]) < -kNoise * len) return false;
  }
  return true;
}

double inside_length(const Poly& poly, Vec p, Vec q) {
  size_t n = poly.size();
  if (n < 3) return 0;
  double o = orientation(poly);
  Vec dir = q - p;
  double t0 = 0, t1 = 1;
  for (size_t i = 0; i < n; ++i) {
    Vec a = poly[i], e = poly[(i + 1) % n] - a;
    Vec nrm = {-o * e.y, o * e.x};  // inward
    double num = dot(nrm, p - a), den = dot(nrm, dir);
    if (den == 0) {
      if (num < 0) return 0;  // parallel to this edge and outside it
      continue;
    }
    double t = -num / den;
    if (den > 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 >= t1) return 0;
  }
  return (t1 - t0) * length(dir);
}

double free_run(const Rect& r, Vec u, double limit, const Rect& other, bool gap) {
  // On each axis the two projections overlap by more than `tol` for an open interval of t (the
  // moving one slides at speed dot(u, axis)); the stands overlap while all four intervals do.
  // For gap = true the tolerance is 0: the run ends where the projections first meet. Stands
  // already touching at the start collide only if the move presses one into the other; sliding
  // along a neighbour (a line falling back) or leaving a stand runs the full limit.
  const double tol = gap ? 0.0 : kOverlapTol;
  {
    // The other stand's centre further from the path of r's centre than both reaches: no contact.
    const Vec d = other.c - r.c;
    const double along = std::clamp(dot(d, u), 0.0, std::max(0.0, limit));
    const Vec off = d - along * u;
    const double m = reach_of(r) + reach_of(other) + 2 * kTouchTol;
    if (dot(off, off) > m * m) return limit;
  }
  auto ca = r.corners(), cb = other.corners();
  const Vec axes[4] = {forward(r.h), left_of(r.h), forward(other.h), left_of(other.h)};
  double lo = -kInf, hi = kInf;
  for (Vec ax : axes) {
    Span a = project(ca, ax), b = project(cb, ax);
    double v = dot(u, ax);
    double ahead = a.hi - b.lo, behind = b.hi - a.lo;  // both > tol while overlapping
    if (std::abs(v) <= 1e-12) {
      // No motion along this axis: it separates for ever or never. Noise of a side-by-side
      // contact must not count as overlap, even at tolerance 0.
      double need = gap ? kNoise : tol;
      if (ahead <= need || behind <= need) return limit;
      continue;
    }
    double t_a = (tol - ahead) / v, t_b = (behind - tol) / v;
    if (v > 0) {
      lo = std::max(lo, t_a);
      hi = std::min(hi, t_b);
    } else {
      lo = std::max(lo, t_b);
      hi = std::min(hi, t_a);
    }
  }
  if (lo >= hi - (gap ? kNoise : 0.0)) return limit;  // never overlap (or only for an instant)
  if (hi <= (gap ? kNoise : 0.0)) return limit;       // the overlap is behind: moving away
  if (lo <= (gap ? kNoise : 0.0)) return 0;            // already overlapping, or touching and pressing on
  if (lo >= limit) return limit;
  if (gap) return lo;
  // At lo the penetration is the tolerance itself, and rounding may put it a hair over: step
  // back until overlap() agrees, so a caller moving exactly this far never finds an overlap.
  double t = lo;
  for (double step = 1e-12; t > 0 && overlap(moved(r, t * u), other); step *= 2) t = std::max(0.0, lo - step);
  return t;
}

double run_on_table(const Rect& r, Vec u, double limit, double W, double H) {
  double t = limit;
  for (Vec p : r.corners()) {
    if (u.x > 1e-12) t = std::min(t, (W - p.x) / u.x);
    if (u.x < -1e-12) t = std::min(t, -p.x / u.x);
    if (u.y > 1e-12) t = std::min(t, (H - p.y) / u.y);
    if (u.y < -1e-12) t = std::min(t, -p.y / u.y);
  }
  return t > 0 ? t : 0.0;
}

bool on_table(const Rect& r, double W, double H) {
  // A pose rounded to the mil may sit up to half a mil past an edge it was moved up to.
  for (Vec p : r.corners())
    if (p.x < -kEps || p.x > W + kEps || p.y < -kEps || p.y > H + kEps) return false;
  return true;
}

}  // namespace bgb::quinn
