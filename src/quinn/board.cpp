// The stands on the table: footprints, contacts, commands, supporting ranks, locks.
#include <cmath>
#include <cstdio>

#include "quinn/rules_internal.h"

namespace bgb::quinn {

using namespace detail;

const Profile& profile_of(const Scenario& scn, int id) { return scn.profile_of(side_of(id), index_in_side(id)); }

Rect rect_of(const Scenario& scn, const State& s, int id) {
  const Profile& p = profile_of(scn, id);
  const Stand& st = s.stand[id];
  return Rect{{inches(st.x), inches(st.y)}, st.heading, inches(p.width), inches(p.depth)};
}

bool in_rough(const Scenario& scn, const State& s, int id) {
  const Vec c{inches(s.stand[id].x), inches(s.stand[id].y)};
  for (const RoughPiece& r : scn.rough)
    if (inside(r.poly, c)) return true;
  return false;
}

bool locked_with(const State& s, int a, int b) {
  for (uint8_t l : s.stand[a].lock)
    if (l == b) return true;
  return false;
}

std::string stand_name(const Scenario& scn, int id) {
  const int side = side_of(id), k = index_in_side(id);
  if (k >= int(scn.army[side].size())) return "stand " + std::to_string(id);
  const StandSpec& sp = scn.army[side][size_t(k)];
  return std::string(side == 0 ? "A" : "B") + std::to_string(k) + " " + sp.name + " (" + scn.profiles[size_t(sp.profile)].name + ")";
}

std::string possessive(const std::string& name) {
  return !name.empty() && (name.back() == 's' || name.back() == 'S') ? name + "'" : name + "'s";
}

int compute_commands(const Scenario& scn, const State& s, int side, uint8_t command_of[kMaxStands]) {
  // Union-find over touching live stands of the side (Q-CMD-1, I-CONTACT); numbered by lowest id.
  for (int i = 0; i < kMaxStands; ++i) command_of[i] = kNone;
  const int base = side * kMaxStandsSide, n = s.count[side];
  int parent[kMaxStandsSide];
  for (int i = 0; i < n; ++i) parent[i] = i;
  auto find = [&](int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  Rect r[kMaxStandsSide];
  for (int i = 0; i < n; ++i)
    if (s.stand[base + i].alive()) r[i] = rect_of(scn, s, base + i);
  for (int i = 0; i < n; ++i) {
    if (!s.stand[base + i].alive()) continue;
    for (int j = i + 1; j < n; ++j) {
      if (!s.stand[base + j].alive()) continue;
      if (touch(r[i], r[j])) {
        const int a = find(i), b = find(j);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
      }
    }
  }
  int number[kMaxStandsSide];
  int commands = 0;
  for (int i = 0; i < n; ++i) number[i] = -1;
  for (int i = 0; i < n; ++i) {
    if (!s.stand[base + i].alive()) continue;
    const int root = find(i);
    if (number[root] < 0) number[root] = commands++;
    command_of[base + i] = uint8_t(number[root]);
  }
  return commands;
}

namespace {

// Whether r supports u (I-SUPP): same side and melee class, same heading, r's front edge against
// u's rear edge with at least half a width of overlap sideways, r free of locks and enemies.
bool supports(const Scenario& scn, const State& s, int r, int u) {
  const Profile& pu = profile_of(scn, u);
  const Profile& pr = profile_of(scn, r);
  const Stand& su = s.stand[u];
  const Stand& sr = s.stand[r];
  if (!sr.alive() || pr.melee != pu.melee || sr.heading != su.heading || sr.locked()) return false;
  const Vec d{inches(su.x - sr.x), inches(su.y - sr.y)};
  const Vec f = forward(su.heading), l = left_of(su.heading);
  if (std::fabs(dot(d, f) - inches(pu.depth + pr.depth) / 2) > kTouchTol) return false;
  if (std::fabs(dot(d, l)) > inches(pu.width) / 2 + kEps) return false;
  return !touches_enemy(scn, s, rect_of(scn, s, r), side_of(r));
}

}  // namespace

int support(const Scenario& scn, const State& s, int id) {
  const int cap = profile_of(scn, id).support_cap;
  if (cap == 0) return 0;
  const int side = side_of(id), base = side * kMaxStandsSide;
  Bits128 used;
  used.set(id);
  int ranks = 0;
  for (int cur = id; ranks < cap;) {
    int next = -1;
    for (int k = 0; k < s.count[side] && next < 0; ++k)
      if (!used.test(base + k) && supports(scn, s, base + k, cur)) next = base + k;
    if (next < 0) break;
    used.set(next);
    ++ranks;
    cur = next;
  }
  return ranks * support_each(profile_of(scn, id).melee);
}

namespace detail {

bool pose_on_table(const Scenario& scn, const Rect& r) { return on_table(r, inches(scn.table_w), inches(scn.table_h)); }

double run_clear(const Scenario& scn, const State& s, const Rect& r, Vec u, double limit, int skip1, int skip2, int& blocker,
                 const Bits128* group) {
  double best = limit;
  blocker = kNone;
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = stand_id(side, k);
      if (id == skip1 || id == skip2 || !s.stand[id].alive() || (group && group->test(id))) continue;
      const double t = free_run(r, u, best, rect_of(scn, s, id));
      if (t < best) best = t, blocker = id;
    }
  return best;
}

bool overlaps_any(const Scenario& scn, const State& s, const Rect& r, int self, const Bits128* group) {
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = stand_id(side, k);
      if (id == self || !s.stand[id].alive() || (group && group->test(id))) continue;
      if (overlap(r, rect_of(scn, s, id))) return true;
    }
  return false;
}

bool touches_enemy(const Scenario& scn, const State& s, const Rect& r, int side, int except) {
  const int e = 1 - side;
  for (int k = 0; k < s.count[e]; ++k) {
    const int id = stand_id(e, k);
    if (id == except || !s.stand[id].alive()) continue;
    if (touch(r, rect_of(scn, s, id))) return true;
  }
  return false;
}

double straight_cost(const Scenario& scn, Vec from, Vec to) {
  double cost = length(to - from);
  for (const RoughPiece& r : scn.rough) cost += inside_length(r.poly, from, to);
  return cost;
}

double turn_cost(int delta) {
  // I-TURN: the arc on a 3" circle, 3 pi |delta| / 360; the literal pi keeps it libm-free.
  constexpr double kPerDegree = 3.0 * 3.14159265358979323846 / 360.0;
  return kPerDegree * double(delta < 0 ? -delta : delta);
}

double turn_to_cost(int from, int to, bool free_mover, bool& about) {
  about = false;
  if (free_mover) return 0;  // I-LIGHT
  int d = norm_heading(to - from);
  if (d > 180) d = 360 - d;
  const double turn = turn_cost(d);
  const double via_about = 3.0 + turn_cost(180 - d);  // Q-MOV-6 about-face, then turn back
  if (via_about < turn) {
    about = true;
    return via_about;
  }
  return turn;
}

void set_pose(State& s, int id, int32_t x, int32_t y, int h) {
  s.stand[id].x = x;
  s.stand[id].y = y;
  s.stand[id].heading = uint16_t(norm_heading(h));
}

double place_along(const Scenario& scn, State& s, int id, const Rect& r, Vec u, double t) {
  for (;; t -= 0.001) {
    if (t <= 0) {
      set_pose(s, id, to_mil(r.c.x), to_mil(r.c.y), r.h);
      return 0;
    }
    const int32_t x = to_mil(r.c.x + t * u.x), y = to_mil(r.c.y + t * u.y);
    Rect q = r;
    q.c = {inches(x), inches(y)};
    if (!overlaps_any(scn, s, q, id)) {
      set_pose(s, id, x, y, r.h);
      return t;
    }
  }
}

bool lock_room(const State& s, int id) {
  for (uint8_t l : s.stand[id].lock)
    if (l == kNone) return true;
  return false;
}

void add_lock(State& s, int a, int b) {
  if (locked_with(s, a, b)) return;
  for (uint8_t& l : s.stand[a].lock)
    if (l == kNone) {
      l = uint8_t(b);
      break;
    }
  for (uint8_t& l : s.stand[b].lock)
    if (l == kNone) {
      l = uint8_t(a);
      break;
    }
}

void clear_locks(State& s, int id) {
  for (uint8_t& l : s.stand[id].lock) {
    if (l == kNone) continue;
    for (uint8_t& back : s.stand[l].lock)
      if (back == id) back = kNone;
    l = kNone;
  }
}

std::string pose_text(int32_t x, int32_t y, int h) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "(%.3f, %.3f) %d°", inches(x), inches(y), h);
  return buf;
}

int d10(Ctx& c, std::vector<int>& dice) {
  const int f = c.rng.roll(10);
  dice.push_back(f);
  return f + 1;
}

int d6(Ctx& c, std::vector<int>& dice) {
  const int f = c.rng.roll(6);
  dice.push_back(f);
  return f + 1;
}

}  // namespace detail
}  // namespace bgb::quinn
