// The Quinn scenario text format (docs/quinn-scenarios.md): the reader, the writer, the validator
// and the built-in scenarios embedded from data/scenarios-quinn/.
//
// The reader works line by line and keeps going after a problem, so that a file shows all its
// mistakes at once, each as "FILE:LINE: field: problem". Numbers are read with integer arithmetic
// only (inches to mil, rounded half away from zero), so a file reads to the same scenario on every
// machine. The validator alone uses floating point (std::cos, std::sin for the stands' corners):
// it decides yes or no with tolerances far wider than any rounding.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>

#include "quinn/scenario.h"
#include "quinn/scenario_file.h"

namespace bgb::quinn {
namespace {

// ---------------------------------------------------------------- text helpers

bool is_space(char c) { return c == ' ' || c == '\t'; }

// Inches to mil for values already on the mil grid (rough corners read from a file).
int32_t to_mil_exact(double in) { return int32_t(std::llround(in * 1000)); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return r;
}

// Words separated by blanks.
std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> r;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    if (j > i) r.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return r;
}

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

bool has_control(std::string_view s) {
  for (char c : s)
    if ((unsigned char)c < 0x20 || c == 0x7f) return true;
  return false;
}

// A whole number: an optional sign and 1 to 9 digits.
bool parse_int(std::string_view s, long& out) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 9) return false;
  long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = neg ? -v : v;
  return true;
}

// Inches as a decimal ("32.0625", "-1", "0.5") to mil, rounded half away from zero (§3.1), by
// integer arithmetic. At most 6 digits before the point (|value| < 1,000,000", well inside int32
// mil) and at most 9 after it.
bool parse_mil(std::string_view s, int32_t& out) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  const size_t dot = s.find('.');
  const std::string_view ip = s.substr(0, dot);
  const std::string_view fp = dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  if (ip.empty() || ip.size() > 6) return false;
  if (dot != std::string_view::npos && (fp.empty() || fp.size() > 9)) return false;
  int64_t v = 0;
  for (char c : ip) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  for (char c : fp)
    if (c < '0' || c > '9') return false;
  int64_t frac = 0;
  for (size_t k = 0; k < 3; ++k) frac = frac * 10 + (k < fp.size() ? fp[k] - '0' : 0);
  v = v * 1000 + frac;
  if (fp.size() > 3 && fp[3] >= '5') ++v;  // the rest is at least half a mil
  out = int32_t(neg ? -v : v);
  return true;
}

// Mil as the shortest decimal inches: 32063 -> "32.063", 18000 -> "18", -500 -> "-0.5".
std::string mil_text(int32_t m) {
  const int64_t a = m < 0 ? -int64_t(m) : int64_t(m);
  std::string r = (m < 0 ? "-" : "") + std::to_string(a / 1000);
  int64_t f = a % 1000;
  if (f) {
    char buf[8];
    std::snprintf(buf, sizeof buf, ".%03d", int(f));
    std::string t(buf);
    while (t.back() == '0') t.pop_back();
    r += t;
  }
  return r;
}

bool is_word(std::string_view s) {  // a letter, then letters, digits, '_' or '-'
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

bool is_profile_name(std::string_view s) {  // lower-case letters, digits and '_', a letter first, at most 24
  if (s.empty() || s.size() > 24 || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

bool is_id(std::string_view s) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

const char kSideLetter[kSides] = {'A', 'B'};

std::string stand_label(int side, int k, const std::string& name) {
  return std::string("stand ") + kSideLetter[side] + " " + std::to_string(k) + " " + quoted(name);
}

// ---------------------------------------------------------------- profile fields

const char* sub_name(SubType t) {
  static const char* const k[] = {"none", "legion", "hoplite", "phalangite", "theban"};
  return k[int(t)];
}

bool parse_cls(std::string_view s, Cls& out) {
  const std::string u = lower(s);
  for (int c = 0; c < kNumCls; ++c)
    if (u == lower(cls_name(Cls(c)))) {
      out = Cls(c);
      return true;
    }
  return false;
}

bool parse_weapon(std::string_view s, Weapon& out) {
  for (Weapon w : {Weapon::None, Weapon::Bow, Weapon::Sling, Weapon::Javelin})
    if (lower(s) == weapon_name(w)) {
      out = w;
      return true;
    }
  return false;
}

bool parse_sub(std::string_view s, SubType& out) {
  for (SubType t : {SubType::None, SubType::Legion, SubType::Hoplite, SubType::Phalangite, SubType::Theban})
    if (lower(s) == sub_name(t)) {
      out = t;
      return true;
    }
  return false;
}

// The fields a `profile:` line may set, in the order the writer writes them.
const char* const kProfileKeys[] = {"melee", "other", "rate", "free", "width", "depth", "weapon", "sub", "cap", "locked", "disengage"};

// The `key=value` words that turn `base` into `p` (the name aside).
std::vector<std::string> profile_changes(const Profile& base, const Profile& p) {
  std::vector<std::string> r;
  if (p.melee != base.melee) r.push_back(std::string("melee=") + cls_name(p.melee));
  if (p.other != base.other) r.push_back(std::string("other=") + cls_name(p.other));
  if (p.rate != base.rate) r.push_back("rate=" + mil_text(p.rate));
  if (p.free_mover != base.free_mover) r.push_back(std::string("free=") + (p.free_mover ? "yes" : "no"));
  if (p.width != base.width) r.push_back("width=" + mil_text(p.width));
  if (p.depth != base.depth) r.push_back("depth=" + mil_text(p.depth));
  if (p.weapon != base.weapon) r.push_back(std::string("weapon=") + weapon_name(p.weapon));
  if (p.sub != base.sub) r.push_back(std::string("sub=") + sub_name(p.sub));
  if (p.support_cap != base.support_cap) r.push_back("cap=" + std::to_string(p.support_cap));
  if (p.locked_mod != base.locked_mod) r.push_back("locked=" + std::to_string(p.locked_mod));
  if (p.disengage_mod != base.disengage_mod) r.push_back("disengage=" + std::to_string(p.disengage_mod));
  return r;
}


// Sets one field of a profile from `key=value`; false with the reason in `why`.
bool set_profile_field(Profile& p, const std::string& key, const std::string& v, std::string& why) {
  long n = 0;
  int32_t m = 0;
  if (key == "melee" || key == "other") {
    Cls c;
    if (!parse_cls(v, c)) return why = "unknown class " + quoted(v) + " (HI, MI, LI, HC, LC, CH, EL)", false;
    (key == "melee" ? p.melee : p.other) = c;
  } else if (key == "rate" || key == "width" || key == "depth") {
    if (!parse_mil(v, m)) return why = "bad number " + quoted(v) + " (inches, e.g. 8 or 1.575)", false;
    (key == "rate" ? p.rate : key == "width" ? p.width : p.depth) = m;
  } else if (key == "free") {
    if (v != "yes" && v != "no") return why = "must be yes or no, found " + quoted(v), false;
    p.free_mover = v == "yes";
  } else if (key == "weapon") {
    if (!parse_weapon(v, p.weapon)) return why = "unknown weapon " + quoted(v) + " (none, bow, sling, javelin)", false;
  } else if (key == "sub") {
    if (!parse_sub(v, p.sub)) return why = "unknown sub-type " + quoted(v) + " (none, legion, hoplite, phalangite, theban)", false;
  } else if (key == "cap" || key == "locked" || key == "disengage") {
    if (!parse_int(v, n) || n < -99 || n > 99) return why = "bad number " + quoted(v) + " (a whole number)", false;
    (key == "cap" ? p.support_cap : key == "locked" ? p.locked_mod : p.disengage_mod) = int(n);
  } else {
    std::string known;
    for (const char* k : kProfileKeys) known += std::string(known.empty() ? "" : ", ") + k;
    return why = "unknown profile field (base, " + known + ")", false;
  }
  return true;
}

// ---------------------------------------------------------------- geometry for the validator

struct P2 {
  double x, y;
};

// The corners of a stand, counter-clockwise; the validator's own, with std::cos and std::sin.
std::vector<P2> stand_corners(const StandSpec& st, const Profile& pr) {
  const double a = double(st.heading) * 3.14159265358979323846 / 180.0;
  const double fx = std::cos(a), fy = std::sin(a);  // forward
  const double lx = -fy, ly = fx;                   // left
  const double cx = st.x / 1000.0, cy = st.y / 1000.0, hd = pr.depth / 2000.0, hw = pr.width / 2000.0;
  auto at = [&](double f, double l) { return P2{cx + f * hd * fx + l * hw * lx, cy + f * hd * fy + l * hw * ly}; };
  return {at(+1, -1), at(+1, +1), at(-1, +1), at(-1, -1)};  // front-right, front-left, rear-left, rear-right
}

double cross3(P2 o, P2 a, P2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// How deep two convex polygons go into each other: the least overlap of their projections over
// the edge normals of both (separating axes); <= 0 when some axis separates them.
double penetration(const std::vector<P2>& a, const std::vector<P2>& b) {
  double best = 1e300;
  for (const std::vector<P2>* poly : {&a, &b}) {
    const std::vector<P2>& p = *poly;
    for (size_t i = 0; i < p.size(); ++i) {
      const P2 u = p[i], v = p[(i + 1) % p.size()];
      double nx = -(v.y - u.y), ny = v.x - u.x;
      const double len = std::sqrt(nx * nx + ny * ny);
      if (len < 1e-12) continue;
      nx /= len;
      ny /= len;
      double alo = 1e300, ahi = -1e300, blo = 1e300, bhi = -1e300;
      for (P2 q : a) {
        const double t = q.x * nx + q.y * ny;
        alo = std::min(alo, t);
        ahi = std::max(ahi, t);
      }
      for (P2 q : b) {
        const double t = q.x * nx + q.y * ny;
        blo = std::min(blo, t);
        bhi = std::max(bhi, t);
      }
      best = std::min(best, std::min(ahi, bhi) - std::max(alo, blo));
    }
  }
  return best;
}

// Twice the signed area of a polygon of mil-grid vertices, exactly (in mil squared).
int64_t twice_area_mil(const Poly& poly) {
  int64_t s = 0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const Vec u = poly[i], v = poly[(i + 1) % poly.size()];
    s += int64_t(std::llround(u.x * 1000)) * int64_t(std::llround(v.y * 1000)) -
         int64_t(std::llround(v.x * 1000)) * int64_t(std::llround(u.y * 1000));
  }
  return s;
}

// Why the polygon is not a convex counter-clockwise polygon of 3 to 8 corners; empty when it is.
std::string convex_problem(const Poly& poly) {
  const size_t n = poly.size();
  if (n < 3) return "needs at least 3 corners, has " + std::to_string(n);
  if (n > size_t(kMaxRoughVertices)) return "has " + std::to_string(n) + " corners, at most " + std::to_string(kMaxRoughVertices);
  std::vector<P2> p;
  for (Vec v : poly) p.push_back({v.x, v.y});
  double area2 = 0;
  for (size_t i = 0; i < n; ++i) area2 += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y;
  if (std::abs(area2) < 1e-9) return "has no area (its corners lie on one line)";
  if (area2 < 0) return "runs clockwise (corners must go counter-clockwise)";
  // Convex and simple: every turn goes left (or straight on), and the turns add up to one
  // full turn (a star whose turns are all left goes round twice).
  double turning = 0;
  for (size_t i = 0; i < n; ++i) {
    const P2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n];
    if (cross3(a, b, c) < -1e-9) return "is not convex (it turns right at corner " + std::to_string(i + 1) + ")";
    const double t = std::atan2(cross3(a, b, c), (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y));
    turning += t;
    if ((a.x == b.x && a.y == b.y) || (b.x == c.x && b.y == c.y)) return "repeats a corner";
  }
  if (std::abs(turning - 2 * 3.14159265358979323846) > 1e-6) return "is not convex (its edges cross)";
  return "";
}

// ---------------------------------------------------------------- where messages go

// Lines of a file's parts, so that the validator's problems land where they come from.
struct Places {
  std::string source;
  std::map<std::string, int> key_line;  // by the key's display name ("round limit")
  std::vector<int> stand_line[kSides];
  std::vector<int> rough_line;
  std::map<std::string, int> profile_line;  // profiles a line changed or made
  int key(const std::string& k) const {
    auto it = key_line.find(k);
    return it == key_line.end() ? 1 : it->second;
  }
};

class Checker {
 public:
  Checker(const Scenario& s, const Places* pl, const std::string& where, std::vector<std::string>& errors)
      : s_(s), pl_(pl), where_(where), errors_(errors) {}

  bool run() {
    const size_t before = errors_.size();
    texts();
    table_and_options();
    profiles();
    rough();
    stands();
    return errors_.size() == before;
  }

 private:
  const Scenario& s_;
  const Places* pl_;
  const std::string& where_;
  std::vector<std::string>& errors_;

  void add(int line, const std::string& field, const std::string& problem) {
    std::string pre = pl_ ? pl_->source + ":" + std::to_string(line) + ": " : where_.empty() ? "" : where_ + ": ";
    errors_.push_back(pre + field + ": " + problem);
  }
  int key_line(const std::string& k) const { return pl_ ? pl_->key(k) : 0; }
  int stand_line(int side, int k) const {
    return pl_ && k < int(pl_->stand_line[side].size()) ? pl_->stand_line[side][size_t(k)] : key_line("side " + std::string(1, kSideLetter[side]));
  }
  int rough_line(size_t i) const { return pl_ && i < pl_->rough_line.size() ? pl_->rough_line[i] : 1; }
  int profile_line(const std::string& name) const {
    if (!pl_) return 0;
    auto it = pl_->profile_line.find(name);
    return it == pl_->profile_line.end() ? 1 : it->second;
  }

  void text(const std::string& key, const std::string& v, bool required) {
    if (required && v.empty()) add(key_line(key), key, "is empty");
    else if (has_control(v)) add(key_line(key), key, "holds a control character");
    else if (v != trim(v)) add(key_line(key), key, "begins or ends with a blank");
  }

  void texts() {
    if (!is_id(s_.id)) add(key_line("id"), "id", quoted(s_.id) + " must be 1 to 32 letters, digits, - or _");
    text("title", s_.title, true);
    text("about", s_.about, false);
    text("side A", s_.side_name[0], true);
    text("side B", s_.side_name[1], true);
  }

  void table_and_options() {
    // A person's free move names its pose in 17 bits of x and 16 of y, in mil (action.h).
    if (s_.table_w < 1000 || s_.table_w > 120000 || s_.table_h < 1000 || s_.table_h > 64000)
      add(key_line("table"), "table",
          mil_text(s_.table_w) + " x " + mil_text(s_.table_h) + " is not 1 to 120 inches wide and 1 to 64 deep");
    if (s_.round_limit < 1 || s_.round_limit > 99)
      add(key_line("round limit"), "round limit", "must be 1 to 99, found " + std::to_string(s_.round_limit));
    for (int side = 0; side < kSides; ++side) {
      const std::string key = std::string("break point ") + kSideLetter[side];
      const int n = int(s_.army[side].size());
      if (s_.break_point[side] < 0 || (s_.break_point[side] > n && n > 0))
        add(key_line(key), key,
            std::to_string(s_.break_point[side]) + " is not 1 to the side's " + std::to_string(n) + " stands (0: a third, rounded up)");
    }
  }

  void profiles() {
    const std::vector<Profile>& def = default_profiles();
    bool starts = s_.profiles.size() >= def.size();
    for (size_t i = 0; starts && i < def.size(); ++i) starts = s_.profiles[i].name == def[i].name;
    if (!starts) add(key_line("profile"), "profiles", "the table must begin with the default profiles, in their order");
    if (s_.profiles.size() > 256) add(key_line("profile"), "profiles", std::to_string(s_.profiles.size()) + " profiles, at most 256");
    for (size_t i = 0; i < s_.profiles.size(); ++i) {
      const Profile& p = s_.profiles[i];
      const std::string f = "profile " + p.name;
      const int line = profile_line(p.name);
      if (!is_profile_name(p.name)) add(line, f, "the name must be 1 to 24 lower-case letters, digits or _, a letter first");
      for (size_t j = 0; j < i; ++j)
        if (s_.profiles[j].name == p.name) add(line, f, "the name is used twice");
      if (p.rate < 0 || p.rate > 100000) add(line, f, "rate " + mil_text(p.rate) + " is not 0 to 100 inches");
      if (p.width < 100 || p.width > 12000) add(line, f, "width " + mil_text(p.width) + " is not 0.1 to 12 inches");
      if (p.depth < 100 || p.depth > 12000) add(line, f, "depth " + mil_text(p.depth) + " is not 0.1 to 12 inches");
      if (p.support_cap < 0 || p.support_cap > 9) add(line, f, "cap " + std::to_string(p.support_cap) + " is not 0 to 9");
      if (p.locked_mod < -9 || p.locked_mod > 9) add(line, f, "locked " + std::to_string(p.locked_mod) + " is not -9 to 9");
      if (p.disengage_mod < -9 || p.disengage_mod > 9) add(line, f, "disengage " + std::to_string(p.disengage_mod) + " is not -9 to 9");
    }
  }

  void rough() {
    if (s_.rough.size() > size_t(kMaxRough))
      add(rough_line(size_t(kMaxRough)), "rough", std::to_string(s_.rough.size()) + " pieces, at most " + std::to_string(kMaxRough));
    std::vector<bool> good(s_.rough.size(), false);
    const double W = s_.table_w / 1000.0, H = s_.table_h / 1000.0;
    for (size_t i = 0; i < s_.rough.size(); ++i) {
      const RoughPiece& r = s_.rough[i];
      const std::string f = "rough " + std::to_string(i) + " " + quoted(r.name);
      const int line = rough_line(i);
      if (!is_word(r.name)) add(line, f, "the name must be a word (a letter, then letters, digits, _ or -)");
      bool grid = true, on = true;
      for (Vec v : r.poly) {
        grid = grid && std::abs(v.x * 1000 - std::round(v.x * 1000)) < 1e-6 && std::abs(v.y * 1000 - std::round(v.y * 1000)) < 1e-6;
        on = on && v.x >= -1e-9 && v.y >= -1e-9 && v.x <= W + 1e-9 && v.y <= H + 1e-9;
      }
      const std::string why = convex_problem(r.poly);
      if (!why.empty()) add(line, f, why);
      if (!grid) add(line, f, "corners must lie on the mil grid (at most 3 decimals)");
      if (!on) add(line, f, "a corner lies off the table");
      good[i] = why.empty();
    }
    for (size_t i = 0; i < s_.rough.size(); ++i)
      for (size_t j = 0; j < i; ++j) {
        if (!good[i] || !good[j]) continue;
        std::vector<P2> a, b;
        for (Vec v : s_.rough[i].poly) a.push_back({v.x, v.y});
        for (Vec v : s_.rough[j].poly) b.push_back({v.x, v.y});
        if (penetration(a, b) > 0.001)
          add(rough_line(i), "rough " + std::to_string(i) + " " + quoted(s_.rough[i].name),
              "overlaps rough " + std::to_string(j) + " " + quoted(s_.rough[j].name));
      }
  }

  void stands() {
    const double W = s_.table_w / 1000.0, H = s_.table_h / 1000.0;
    struct Placed {
      int side, k;
      std::vector<P2> c;
    };
    std::vector<Placed> placed;
    for (int side = 0; side < kSides; ++side) {
      const std::vector<StandSpec>& army = s_.army[side];
      const std::string skey = std::string("side ") + kSideLetter[side];
      if (army.empty()) add(key_line(skey), skey, "has no stands (at least 1)");
      if (army.size() > size_t(kMaxStandsSide))
        add(stand_line(side, kMaxStandsSide), skey, std::to_string(army.size()) + " stands, at most " + std::to_string(kMaxStandsSide));
      for (size_t k = 0; k < army.size(); ++k) {
        const StandSpec& st = army[k];
        const std::string f = stand_label(side, int(k), st.name);
        const int line = stand_line(side, int(k));
        if (has_control(st.name) || st.name.find('"') != std::string::npos)
          add(line, f, "the name may not hold a double quote or a control character");
        if (st.heading < 0 || st.heading > 359) add(line, f, "heading " + std::to_string(st.heading) + " is not 0 to 359");
        if (st.profile < 0 || st.profile >= int(s_.profiles.size())) {
          add(line, f, "unknown profile (index " + std::to_string(st.profile) + ")");
          continue;
        }
        std::vector<P2> c = stand_corners(st, s_.profiles[size_t(st.profile)]);
        bool on = true;
        // Within 0.001" (the spec's tolerance; a 1.575" stand square to the table edge has its
        // edges on the half mil, so it cannot lie exactly on the edge).
        for (P2 q : c) on = on && q.x >= -0.001 && q.y >= -0.001 && q.x <= W + 0.001 && q.y <= H + 0.001;
        if (!on) add(line, f, "not wholly on the table (" + mil_text(s_.table_w) + " x " + mil_text(s_.table_h) + ")");
        for (const Placed& o : placed) {
          const double pen = penetration(o.c, c);
          if (pen > 0.001) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.3f", pen);
            add(line, f, "overlaps " + stand_label(o.side, o.k, s_.army[o.side][size_t(o.k)].name) + " by " + buf + "\"");
          }
        }
        placed.push_back({side, int(k), std::move(c)});
      }
    }
  }
};

// ---------------------------------------------------------------- the reader

struct KeyInfo {
  const char* name;  // display name; matched case-insensitively
  bool repeats;      // may be given more than once
};
const KeyInfo kKeys[] = {
    {"id", false},           {"title", false},         {"about", false},         {"side A", false},
    {"side B", false},       {"table", false},         {"round limit", false},   {"break point A", false},
    {"break point B", false}, {"successive melee", false}, {"rough", true},        {"profile", true},
};

struct KeyLine {
  int line;
  std::string key;  // display name
  std::string value;
};
struct StandLine {
  int line;
  std::string text;
};

class Reader {
 public:
  Reader(const std::string& source, std::vector<std::string>& errors) : errors_(errors) { pl_.source = source; }

  bool run(const std::string& text, Scenario& s) {
    const size_t before = errors_.size();
    s = Scenario();
    s.source = pl_.source;
    split(text);
    header(s);
    for (const KeyLine& k : keys_)
      if (k.key == "profile") profile(k, s);
    for (const KeyLine& k : keys_)
      if (k.key == "rough") rough(k, s);
    for (const StandLine& l : stands_) stand(l, s);
    if (errors_.size() != before) return false;
    return Checker(s, &pl_, pl_.source, errors_).run();
  }

 private:
  std::vector<std::string>& errors_;
  Places pl_;
  std::vector<KeyLine> keys_;
  std::vector<StandLine> stands_;

  void add(int line, const std::string& field, const std::string& problem) {
    errors_.push_back(pl_.source + ":" + std::to_string(line) + ": " + field + ": " + problem);
  }

  // Lines into key lines (with their indented continuations) and stand lines.
  void split(const std::string& text) {
    std::string_view all(text);
    if (all.substr(0, 3) == "\xEF\xBB\xBF") all.remove_prefix(3);
    int n = 0;
    // After a key line, indented lines continue it; after a key line already reported as bad,
    // they are skipped without more messages.
    enum { None, Append, Swallow } cont = None;
    size_t at = 0;
    while (at <= all.size()) {
      size_t end = all.find('\n', at);
      if (end == std::string_view::npos) end = all.size();
      std::string line(all.substr(at, end - at));
      at = end + 1;
      ++n;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      for (char& c : line)
        if (c == '\t') c = ' ';
      const std::string_view t = trim(line);
      if (t.empty() || t[0] == '#') {
        cont = None;
        if (end == all.size()) break;
        continue;
      }
      if (has_control(line)) {
        add(n, "line", "holds a control character");
        cont = Swallow;
      } else if (is_space(line[0])) {
        if (cont == Append) {
          KeyLine& k = keys_.back();
          k.value += (k.value.empty() ? "" : " ") + std::string(t);
        } else if (cont == None) {
          add(n, "line", "an indented line continues the key line above it; stand lines begin in the first column");
        }
      } else {
        const std::vector<std::string> w = words(t);
        if (w[0] == "A" || w[0] == "B" || w[0] == "a" || w[0] == "b") {
          stands_.push_back({n, std::string(t)});
          cont = None;
        } else {
          const size_t colon = t.find(':');
          if (colon == std::string_view::npos) {
            add(n, "line", "neither \"key: value\" nor a stand line (A or B, profile, \"name\", x, y, heading)");
            cont = Swallow;
          } else {
            key_line(n, t.substr(0, colon), trim(t.substr(colon + 1)));
            cont = !keys_.empty() && keys_.back().line == n ? Append : Swallow;
          }
        }
      }
      if (end == all.size()) break;
    }
  }

  void key_line(int n, std::string_view raw_key, std::string_view value) {
    std::string canon;
    for (const std::string& w : words(raw_key)) canon += (canon.empty() ? "" : " ") + lower(w);
    for (const KeyInfo& k : kKeys) {
      if (canon != lower(k.name)) continue;
      if (!k.repeats) {
        auto it = pl_.key_line.find(k.name);
        if (it != pl_.key_line.end()) {
          add(n, k.name, "given twice (first on line " + std::to_string(it->second) + ")");
          return;
        }
      }
      pl_.key_line.emplace(k.name, n);
      keys_.push_back({n, k.name, std::string(value)});
      return;
    }
    std::string known;
    for (const KeyInfo& k : kKeys) known += std::string(known.empty() ? "" : ", ") + k.name;
    add(n, std::string(trim(raw_key)), "unknown key (known: " + known + ")");
  }

  bool int_value(const KeyLine& k, long lo, long hi, long& out) {
    if (!parse_int(k.value, out)) {
      add(k.line, k.key, "bad number " + quoted(k.value) + " (a whole number)");
      return false;
    }
    if (out < lo || out > hi) {
      add(k.line, k.key, "must be " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " + k.value);
      return false;
    }
    return true;
  }

  void header(Scenario& s) {
    bool have_id = false, have_title = false;
    for (const KeyLine& k : keys_) {
      long n = 0;
      if (k.key == "id") {
        have_id = true;
        s.id = k.value;
      } else if (k.key == "title") {
        have_title = true;
        s.title = k.value;
      } else if (k.key == "about") {
        s.about = k.value;
      } else if (k.key == "side A" || k.key == "side B") {
        s.side_name[k.key == "side A" ? 0 : 1] = k.value;
      } else if (k.key == "table") {
        const size_t x = lower(k.value).find('x');
        int32_t w = 0, h = 0;
        if (x == std::string::npos || !parse_mil(trim(std::string_view(k.value).substr(0, x)), w) ||
            !parse_mil(trim(std::string_view(k.value).substr(x + 1)), h))
          add(k.line, k.key, "bad size " + quoted(k.value) + " (width x height in inches, e.g. 72 x 48)");
        else
          s.table_w = w, s.table_h = h;
      } else if (k.key == "round limit") {
        if (parse_int(k.value, n)) s.round_limit = int(n);  // its range is the validator's
        else add(k.line, k.key, "bad number " + quoted(k.value) + " (a whole number, 1 to 99)");
      } else if (k.key == "break point A" || k.key == "break point B") {
        if (int_value(k, 1, 999, n)) s.break_point[k.key == "break point A" ? 0 : 1] = int(n);
      } else if (k.key == "successive melee") {
        if (k.value == "on" || k.value == "off") s.successive_melee = k.value == "on";
        else add(k.line, k.key, "must be on or off, found " + quoted(k.value));
      }
    }
    if (!have_id) add(1, "id", "missing (every scenario needs an id: line)");
    if (!have_title) add(1, "title", "missing (every scenario needs a title: line)");
  }

  // profile: NAME [base=BASE] [field=value ...]
  void profile(const KeyLine& k, Scenario& s) {
    const std::vector<std::string> w = words(k.value);
    if (w.empty()) {
      add(k.line, "profile", "needs a name, e.g. profile: fast_ch base=ch rate=8");
      return;
    }
    const std::string& name = w[0];
    const std::string f = "profile " + name;
    if (!is_profile_name(name)) {
      add(k.line, f, "the name must be 1 to 24 lower-case letters, digits or _, a letter first");
      return;
    }
    if (auto it = pl_.profile_line.find(name); it != pl_.profile_line.end()) {
      add(k.line, f, "defined twice (first on line " + std::to_string(it->second) + ")");
      return;
    }
    const int existing = find_profile(s.profiles, name);
    std::string base_name = existing >= 0 ? name : "";
    std::vector<std::pair<std::string, std::string>> fields;
    bool ok = true;
    for (size_t i = 1; i < w.size(); ++i) {
      const size_t eq = w[i].find('=');
      if (eq == std::string::npos || eq == 0) {
        add(k.line, f, "expected field=value, found " + quoted(w[i]));
        ok = false;
        continue;
      }
      const std::string key = lower(w[i].substr(0, eq)), value = w[i].substr(eq + 1);
      if (key == "base") base_name = value;
      else fields.emplace_back(key, value);
    }
    if (base_name.empty()) {
      add(k.line, f, "a new profile needs base=NAME (the profile it starts from)");
      return;
    }
    const int base = find_profile(s.profiles, base_name);
    if (base < 0) {
      add(k.line, f, "base: unknown profile " + quoted(base_name) + known_profiles(s));
      return;
    }
    Profile p = s.profiles[size_t(base)];
    p.name = name;
    for (const auto& [key, value] : fields) {
      std::string why;
      if (!set_profile_field(p, key, value, why)) {
        add(k.line, f, key + ": " + why);
        ok = false;
      }
    }
    if (!ok) return;
    pl_.profile_line[name] = k.line;
    if (existing >= 0) s.profiles[size_t(existing)] = p;
    else s.profiles.push_back(p);
  }

  static std::string known_profiles(const Scenario& s) {
    std::string r;
    for (const Profile& p : s.profiles) r += (r.empty() ? " (known: " : ", ") + p.name;
    return r + ")";
  }

  // rough: NAME x,y x,y x,y ...
  void rough(const KeyLine& k, Scenario& s) {
    const std::vector<std::string> w = words(k.value);
    if (w.empty() || !is_word(w[0])) {
      add(k.line, "rough", "needs a name (a word, e.g. wood) and then its corners x,y");
      return;
    }
    const std::string f = "rough " + std::to_string(s.rough.size()) + " " + quoted(w[0]);
    std::string rest;
    for (size_t i = 1; i < w.size(); ++i) rest += w[i] + " ";
    for (char& c : rest)
      if (c == ',') c = ' ';
    const std::vector<std::string> nums = words(rest);
    std::vector<int32_t> v;
    for (const std::string& t : nums) {
      int32_t m = 0;
      if (!parse_mil(t, m)) {
        add(k.line, f, "bad number " + quoted(t) + " (corners are x,y in inches)");
        return;
      }
      v.push_back(m);
    }
    if (v.size() % 2) {
      add(k.line, f, "an odd count of coordinates (corners are x,y pairs)");
      return;
    }
    RoughPiece r;
    r.name = w[0];
    for (size_t i = 0; i + 1 < v.size(); i += 2) r.poly.push_back(Vec{inches(v[i]), inches(v[i + 1])});
    if (twice_area_mil(r.poly) < 0) std::reverse(r.poly.begin(), r.poly.end());  // either way round reads
    pl_.rough_line.push_back(k.line);
    s.rough.push_back(std::move(r));
  }

  // Words of a stand line, a double-quoted name as one word (quotes kept); false if a quote is open.
  static bool stand_words(const std::string& t, std::vector<std::string>& out) {
    size_t i = 0;
    while (i < t.size()) {
      while (i < t.size() && is_space(t[i])) ++i;
      if (i >= t.size()) break;
      size_t j = i;
      if (t[i] == '"') {
        j = t.find('"', i + 1);
        if (j == std::string::npos) return false;
        ++j;
      } else {
        while (j < t.size() && !is_space(t[j])) ++j;
      }
      out.push_back(t.substr(i, j - i));
      i = j;
    }
    return true;
  }

  // SIDE PROFILE "NAME" X Y HEADING [files N] [ranks M] [spacing S]
  void stand(const StandLine& l, Scenario& s) {
    std::vector<std::string> w;
    const int side = (l.text[0] == 'A' || l.text[0] == 'a') ? 0 : 1;
    const int k0 = int(s.army[side].size());
    std::string f = std::string("stand ") + kSideLetter[side] + " " + std::to_string(k0);
    if (!stand_words(l.text, w)) {
      add(l.line, f, "the name's closing double quote is missing");
      return;
    }
    if (w.size() < 6) {
      add(l.line, f, "expected SIDE PROFILE \"NAME\" X Y HEADING, e.g. A mi \"Gauls\" 32.0625 18 90");
      return;
    }
    bool ok = true;
    const int prof = find_profile(s.profiles, w[1]);
    if (w[2].size() < 2 || w[2].front() != '"' || w[2].back() != '"') {
      add(l.line, f, "name: expected a name in double quotes, found " + quoted(w[2]));
      ok = false;
    } else {
      f += " " + w[2];
    }
    const std::string name = w[2].size() >= 2 ? w[2].substr(1, w[2].size() - 2) : "";
    if (prof < 0) {
      add(l.line, f, "profile: unknown profile " + quoted(w[1]) + known_profiles(s));
      ok = false;
    }
    int32_t x = 0, y = 0;
    if (!parse_mil(w[3], x)) add(l.line, f, "x: bad number " + quoted(w[3]) + " (inches, e.g. 32.0625)"), ok = false;
    if (!parse_mil(w[4], y)) add(l.line, f, "y: bad number " + quoted(w[4]) + " (inches, e.g. 18)"), ok = false;
    long h = 0;
    if (!parse_int(w[5], h)) add(l.line, f, "heading: bad number " + quoted(w[5]) + " (whole degrees, 0 to 359)"), ok = false;
    long files = 1, ranks = 1;
    int32_t spacing = prof >= 0 ? s.profiles[size_t(prof)].width : 0;
    bool seen[3] = {false, false, false};
    for (size_t i = 6; i < w.size(); i += 2) {
      const std::string key = lower(w[i]);
      const int which = key == "files" ? 0 : key == "ranks" ? 1 : key == "spacing" ? 2 : -1;
      if (which < 0 || i + 1 >= w.size()) {
        add(l.line, f, "block: expected files N, ranks N or spacing INCHES after the heading, found " + quoted(w[i]));
        ok = false;
        break;
      }
      if (seen[which]) add(l.line, f, key + ": given twice"), ok = false;
      seen[which] = true;
      if (which == 2) {
        if (!parse_mil(w[i + 1], spacing)) add(l.line, f, "spacing: bad number " + quoted(w[i + 1])), ok = false;
      } else {
        long& n = which == 0 ? files : ranks;
        if (!parse_int(w[i + 1], n) || n < 1 || n > kMaxStandsSide)
          add(l.line, f, key + ": must be a whole number 1 to " + std::to_string(kMaxStandsSide) + ", found " + quoted(w[i + 1])), ok = false;
      }
    }
    if (!ok) return;
    const bool block = files > 1 || ranks > 1;
    if (block && (h < 0 || h > 359 || h % 90 != 0)) {
      add(l.line, f, "block: files and ranks need a heading of 0, 90, 180 or 270, found " + std::to_string(h));
      return;
    }
    // Files side by side along +x (headings 90, 270) or +y (0, 180); ranks one behind another.
    const int fx = h == 0 ? 1 : h == 180 ? -1 : 0, fy = h == 90 ? 1 : h == 270 ? -1 : 0;
    const int ux = fy != 0 ? 1 : 0, uy = fx != 0 ? 1 : 0;
    const int64_t depth = s.profiles[size_t(prof)].depth;
    for (long r = 0; r < ranks; ++r)
      for (long c = 0; c < files; ++c) {
        const int64_t sx = x + c * spacing * ux - r * depth * fx, sy = y + c * spacing * uy - r * depth * fy;
        if (sx < INT32_MIN || sx > INT32_MAX || sy < INT32_MIN || sy > INT32_MAX) {
          add(l.line, f, "block: runs out of range");
          return;
        }
        StandSpec st;
        st.profile = prof;
        st.name = name;
        st.x = int32_t(sx);
        st.y = int32_t(sy);
        st.heading = int(h);
        s.army[side].push_back(st);
        pl_.stand_line[side].push_back(l.line);
      }
  }
};

std::string lower_copy(const std::string& s) { return lower(s); }

// A long key line cut into indented continuation lines of about 100 columns. Cuts only at a
// single blank (the reader joins the pieces with one), so the value reads back unchanged.
std::string wrapped(const std::string& line) {
  std::string out;
  size_t start = 0;
  bool first = true;
  while (line.size() - start > (first ? 100u : 98u)) {
    size_t cut = std::string::npos;
    for (size_t i = start + 1; i + 1 < line.size() && i - start <= (first ? 100u : 98u); ++i)
      if (line[i] == ' ' && line[i - 1] != ' ' && line[i + 1] != ' ' && (!first || line.find(':') < i)) cut = i;
    if (cut == std::string::npos) break;
    out += (first ? "" : "  ") + line.substr(start, cut - start) + "\n";
    start = cut + 1;
    first = false;
  }
  return out + (first ? "" : "  ") + line.substr(start) + "\n";
}

}  // namespace

// ---------------------------------------------------------------- the interface

bool read_scenario(const std::string& text, const std::string& source, Scenario& out, std::vector<std::string>& errors) {
  return Reader(source, errors).run(text, out);
}

bool validate_scenario(const Scenario& s, const std::string& where, std::vector<std::string>& errors) {
  return Checker(s, nullptr, where, errors).run();
}

std::string write_scenario(const Scenario& s) {
  std::string o;
  o += "# A Quinn D10 scenario (docs/quinn-scenarios.md).\n";
  o += "id: " + s.id + "\n";
  o += "title: " + s.title + "\n";
  if (!s.about.empty()) o += wrapped("about: " + s.about);
  o += "side A: " + s.side_name[0] + "\n";
  o += "side B: " + s.side_name[1] + "\n";
  o += "table: " + mil_text(s.table_w) + " x " + mil_text(s.table_h) + "\n";
  o += "round limit: " + std::to_string(s.round_limit) + "\n";
  for (int side = 0; side < kSides; ++side)
    if (s.break_point[side] != 0)
      o += std::string("break point ") + kSideLetter[side] + ": " + std::to_string(s.break_point[side]) + "\n";
  o += std::string("successive melee: ") + (s.successive_melee ? "on" : "off") + "\n";

  // Profiles: the defaults changed in place, then the scenario's own, each from the earlier
  // profile it differs least from.
  const std::vector<Profile>& def = default_profiles();
  std::string prof;
  for (size_t i = 0; i < s.profiles.size(); ++i) {
    const Profile& p = s.profiles[i];
    std::vector<std::string> change;
    std::string base;
    if (i < def.size()) {
      change = profile_changes(def[i], p);
      if (change.empty()) continue;
    } else {
      size_t best = 0;
      for (size_t j = 0; j < i; ++j) {
        std::vector<std::string> c = profile_changes(s.profiles[j], p);
        if (j == 0 || c.size() < change.size()) change = std::move(c), best = j;
      }
      base = " base=" + s.profiles[best].name;
    }
    prof += "profile: " + p.name + base;
    for (const std::string& c : change) prof += " " + c;
    prof += "\n";
  }
  if (!prof.empty()) o += "\n" + prof;

  if (!s.rough.empty()) o += "\n";
  for (const RoughPiece& r : s.rough) {
    o += "rough: " + r.name;
    for (Vec v : r.poly) o += " " + mil_text(to_mil_exact(v.x)) + "," + mil_text(to_mil_exact(v.y));
    o += "\n";
  }

  for (int side = 0; side < kSides; ++side) {
    o += std::string("\n# Side ") + kSideLetter[side] + ": profile, name, centre x and y (inches), heading (degrees).\n";
    for (const StandSpec& st : s.army[side]) {
      const std::string pname = st.profile >= 0 && st.profile < int(s.profiles.size()) ? s.profiles[size_t(st.profile)].name : "?";
      o += std::string(1, kSideLetter[side]) + " " + pname + " " + quoted(st.name) + " " + mil_text(st.x) + " " + mil_text(st.y) + " " +
           std::to_string(st.heading) + "\n";
    }
  }
  return o;
}

const std::vector<std::shared_ptr<const Scenario>>& builtin_scenarios() {
  static const std::vector<std::shared_ptr<const Scenario>> kAll = [] {
    std::vector<std::shared_ptr<const Scenario>> all;
    std::size_t n = 0;
    const EmbeddedScenarioFile* files = embedded_scenario_files(n);
    std::vector<std::string> errors;
    for (std::size_t i = 0; i < n; ++i) {
      auto s = std::make_shared<Scenario>();
      const std::string name = std::string("data/scenarios-quinn/") + files[i].stem + ".txt";
      if (read_scenario(std::string(files[i].text, files[i].size), name, *s, errors)) {
        s->source = "built-in";
        for (const auto& o : all)
          if (lower_copy(o->id) == lower_copy(s->id) || lower_copy(o->title) == lower_copy(s->title))
            errors.push_back(name + ":1: id: " + quoted(s->id) + " or its title repeats another built-in scenario's");
        all.push_back(std::move(s));
      }
    }
    if (!errors.empty()) {  // a broken built-in is a programming error
      for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
      std::fprintf(stderr, "quinn: the built-in scenarios are broken\n");
      std::abort();
    }
    return all;
  }();
  return kAll;
}

std::shared_ptr<const Scenario> find_builtin(const std::string& id_or_title) {
  const std::string want = lower_copy(std::string(trim(id_or_title)));
  for (const auto& s : builtin_scenarios())
    if (lower_copy(s->id) == want || lower_copy(s->title) == want) return s;
  return nullptr;
}

}  // namespace bgb::quinn
