// Movement (Q-MOV, spec §3.5, §3.10): the templates the bots choose from, charges squared off
// against an edge of the target (I-CHARGE), the free moves of people (MoveTo) and the command
// macro Advance. Every path is checked the same way: its cost within the rate, its straight
// segments swept clear of every stand and on the table, a turn's footprint clear, the final
// pose touching no enemy unless it is a charge.
#include <algorithm>
#include <array>
#include <cmath>

#include "quinn/rules_internal.h"

namespace bgb::quinn {

using namespace detail;

namespace {

constexpr double kCos45 = 0.70710678118654752;  // the oblique limit, Q-MOV-4
constexpr double kShortOfEnemy = 0.02;          // templates stop this far short of an enemy (§3.10)

double rough_factor(const Scenario& scn, Vec c) {
  for (const RoughPiece& r : scn.rough)
    if (inside(r.poly, c)) return 2.0;  // I-ROUGHMOVE: turns cost double with the centre in rough
  return 1.0;
}

// The longest straight run from r along heading `dir` that the budget pays for (rough counted
// twice) and the table and the other stands allow; `enemy_block` says the run was cut by an enemy.
double longest(const Scenario& scn, const State& s, int id, const Rect& r, int dir, double budget, const Bits128* group,
               bool& enemy_block) {
  enemy_block = false;
  if (budget <= kEps) return 0;
  const Vec u = forward(dir);
  double L = budget;
  if (!scn.rough.empty() && straight_cost(scn, r.c, r.c + L * u) > budget + 1e-9) {
    // The cost grows with the length: bisection to a micro-inch. Half the tolerance is kept back:
    // rounding the end to the mil moves it up to 0.0007", which costs double in rough.
    const double target = budget - kEps / 2;
    double lo = 0, hi = budget;
    for (int i = 0; i < 40; ++i) {
      const double mid = (lo + hi) / 2;
      (straight_cost(scn, r.c, r.c + mid * u) <= target ? lo : hi) = mid;
    }
    L = lo;
  }
  L = run_on_table(r, u, L, inches(scn.table_w), inches(scn.table_h));
  int blocker = kNone;
  const double t = run_clear(scn, s, r, u, L, id, -1, blocker, group);
  if (blocker != kNone) {
    L = std::max(0.0, t - kOverlapTol);  // to contact
    if (side_of(blocker) != side_of(id)) {
      L = std::max(0.0, L - kShortOfEnemy);
      enemy_block = true;
    }
  }
  return L;
}

// A centre as a pose stores it, rounded to the mil (§3.1).
Vec at_mil(Vec c) { return {inches(to_mil(c.x)), inches(to_mil(c.y))}; }

Rect with_pose(Rect r, Vec c, int h) {
  r.c = c;
  r.h = norm_heading(h);
  return r;
}

// The final pose of stand id at centre c (rounded to the mil) and heading h, when it is on the
// table, overlaps no stand and (an ordinary move) touches no enemy.
bool finish(const Scenario& scn, const State& s, int id, const Rect& base, Vec c, int h, double cost, bool charge,
            Pose& out, const Bits128* group = nullptr) {
  out.x = to_mil(c.x);
  out.y = to_mil(c.y);
  out.h = norm_heading(h);
  out.cost = cost;
  const Rect fin = with_pose(base, {inches(out.x), inches(out.y)}, out.h);
  if (!pose_on_table(scn, fin) || overlaps_any(scn, s, fin, id, group)) return false;
  if (!charge && touches_enemy(scn, s, fin, side_of(id))) return false;
  return true;
}

// A straight run of r from its centre to `to`, clear of every stand but `skip` (the target of a
// charge, which it may touch at the end) and on the table.
bool sweep_clear(const Scenario& scn, const State& s, int id, const Rect& r, Vec to, int skip) {
  const Vec d = to - r.c;
  const double L = length(d);
  if (L < 1e-9) return true;
  const Vec u = (1.0 / L) * d;
  // The table and a stand's footprint are convex: the swept area is on the table when the end
  // footprint is (with the tolerance a final pose gets, so a move up to the edge is allowed).
  if (!pose_on_table(scn, moved(r, d))) return false;
  int blocker = kNone;
  if (run_clear(scn, s, r, u, L, id, skip, blocker) < L - 1e-6) return false;
  if (skip >= 0 && free_run(r, u, L, rect_of(scn, s, skip)) < L - 1e-6) return false;
  return true;
}

// Whether the run d stays within 45 degrees of heading h (Q-MOV-4). An end rounded to the mil
// may lie a hair outside the 45-degree line a template ran along (by far more than a rounding
// error of the angle on short runs), so the end may be up to the distance tolerance outside it.
bool within_oblique(Vec d, int h) {
  const double L = length(d);
  return L < 1e-9 || dot(d, forward(h)) >= kCos45 * L - kEps;
}

// The two path shapes of §3.5 to a final centre and heading: (i) TurnTo then one straight within
// 45 degrees of the new heading, (ii) one straight within 45 degrees of the old heading then
// TurnTo; free movers one straight in any direction (turning free, before or after). The cheaper
// legal one; false with the reason when neither is.
bool best_path(const Scenario& scn, const State& s, int id, Vec to, int h, int skip, double& cost, std::string* why,
               double budget = -1) {
  const Profile& p = profile_of(scn, id);
  const Rect r = rect_of(scn, s, id);
  const double rate = budget >= 0 ? budget : rate_in(p);
  const Vec d = to - r.c;
  const double run = straight_cost(scn, r.c, to);
  bool any_shape = false;
  cost = 1e300;
  std::string reason;
  for (int shape = 0; shape < 2; ++shape) {
    const bool turn_first = shape == 0;
    bool about = false;
    double tc = turn_to_cost(r.h, h, p.free_mover, about);
    tc *= rough_factor(scn, turn_first ? r.c : to);
    if (!p.free_mover && !within_oblique(d, turn_first ? h : r.h)) {
      reason = "the move runs more than 45° off the stand's facing (Q-MOV-4)";
      continue;
    }
    const Rect turned = with_pose(r, r.c, h);
    if (turn_first && norm_heading(h) != r.h && (!pose_on_table(scn, turned) || overlaps_any(scn, s, turned, id))) {
      reason = "no room to turn there (I-TURN)";
      continue;
    }
    if (!sweep_clear(scn, s, id, turn_first ? turned : r, to, skip)) {
      reason = "the path runs into another stand or off the table (I-PATH)";
      continue;
    }
    any_shape = true;
    const double total = tc + run;
    if (total > rate + kEps) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "it costs %.3f\" of a %.0f\" allowance (Q-MOV-1)", total, rate);
      reason = buf;
      continue;
    }
    cost = std::min(cost, total);
  }
  if (cost < 1e299) return true;
  if (why) *why = any_shape || !reason.empty() ? reason : "no legal path";
  return false;
}

int nearest_enemy_heading(const State& s, int id, Vec c, int fallback) {
  double best = 1e300;
  int h = fallback;
  const int e = 1 - side_of(id);
  for (int k = 0; k < s.count[e]; ++k) {
    const int j = stand_id(e, k);
    if (!s.stand[j].alive()) continue;
    const Vec d = Vec{inches(s.stand[j].x), inches(s.stand[j].y)} - c;
    const double dd = dot(d, d);
    if (dd < best && dd > 1e-12) best = dd, h = snap_heading(d);
  }
  return h;
}

}  // namespace

bool template_pose(const Scenario& scn, const State& s, int id, int t, Pose& out) {
  // A code that names no stand of the scenario (a client's guess, not a legal action) has no pose.
  if (id < 0 || id >= kMaxStands || index_in_side(id) >= int(scn.army[side_of(id)].size())) return false;
  const Profile& p = profile_of(scn, id);
  const Rect r = rect_of(scn, s, id);
  const double rate = rate_in(p);
  static const double kFrac3[3] = {1.0 / 3.0, 2.0 / 3.0, 1.0};
  static const double kFracHalf[3] = {0.0, 0.5, 1.0};
  bool enemy = false;
  if (t < 0 || t >= kNumTemplates) return false;
  if (p.free_mover != (t >= kStraightTemplates + kTurnTemplates + kAboutTemplates)) return false;
  auto run_to = [&](const Rect& from, int dir, double budget, double frac, double spent, int end_h) {
    const double L = frac * longest(scn, s, id, from, dir, budget, nullptr, enemy);
    const Vec to = at_mil(from.c + L * forward(dir));
    // The cost of the move as played, to the rounded pose: what MoveTo to that pose would pay.
    const double cost = spent + straight_cost(scn, from.c, to);
    if (cost > rate + kEps || !finish(scn, s, id, from, to, end_h, cost, false, out)) return false;
    return out.x != s.stand[id].x || out.y != s.stand[id].y || out.h != s.stand[id].heading;
  };
  if (t < kStraightTemplates) {
    const int alpha = (t / 3 - 1) * 45;  // -45, 0, +45
    return run_to(r, r.h + alpha, rate, kFrac3[t % 3], 0, r.h);
  }
  if (t < kStraightTemplates + kTurnTemplates) {
    static const int kDelta[4] = {-90, -45, 45, 90};
    const int k = t - kStraightTemplates;
    const int h = norm_heading(r.h + kDelta[k / 3]);
    const double tc = turn_cost(kDelta[k / 3]) * rough_factor(scn, r.c);
    if (tc > rate + kEps) return false;
    const Rect turned = with_pose(r, r.c, h);
    if (!pose_on_table(scn, turned) || overlaps_any(scn, s, turned, id)) return false;
    return run_to(turned, h, rate - tc, kFracHalf[k % 3], tc, h);
  }
  if (t < kStraightTemplates + kTurnTemplates + kAboutTemplates) {
    const int h = norm_heading(r.h + 180);
    const double tc = 3.0 * rough_factor(scn, r.c);  // Q-MOV-6
    if (tc > rate + kEps) return false;
    const Rect turned = with_pose(r, r.c, h);
    if (!pose_on_table(scn, turned) || overlaps_any(scn, s, turned, id)) return false;
    return run_to(turned, h, rate - tc, t - (kStraightTemplates + kTurnTemplates) == 0 ? 0.0 : 1.0, tc, h);
  }
  // Free movers (I-LIGHT): 8 directions about the facing x 1/3, 2/3, all x end heading.
  const int k = t - (kStraightTemplates + kTurnTemplates + kAboutTemplates);
  const int dir = norm_heading(r.h + 45 * (k / 6));
  const double frac = kFrac3[(k / 2) % 3];
  const double L = frac * longest(scn, s, id, r, dir, rate, nullptr, enemy);
  const Vec to = at_mil(r.c + L * forward(dir));
  const int end_h = k % 2 == 0 ? r.h : nearest_enemy_heading(s, id, to, r.h);
  const double cost = straight_cost(scn, r.c, to);
  if (cost > rate + kEps || !finish(scn, s, id, r, to, end_h, cost, false, out)) return false;
  return out.x != s.stand[id].x || out.y != s.stand[id].y || out.h != s.stand[id].heading;
}

bool charge_pose(const Scenario& scn, const State& s, int id, int target, int e, int offset, Pose& out, double budget) {
  if (target < 0 || target >= kMaxStands || side_of(target) == side_of(id)) return false;
  if (index_in_side(target) >= s.count[side_of(target)] || !s.stand[target].alive() || !lock_room(s, target)) return false;
  if (id < 0 || id >= kMaxStands || index_in_side(id) >= int(scn.army[side_of(id)].size())) return false;  // no such stand
  const Profile& p = profile_of(scn, id);
  const Rect d = rect_of(scn, s, target);
  const std::array<Vec, 2> E = edge(d, e);
  const Vec along = E[1] - E[0];
  const double len = length(along);
  const double delta = std::fabs(inches(p.width) - len) / 2;
  if (offset != 0 && delta < 0.0005) return false;  // the shifted poses are the centred one
  if (offset > 2) return false;
  const double shift = offset == 0 ? 0.0 : offset == 1 ? delta : -delta;
  static const int kInward[4] = {180, 90, 0, 270};  // front, right flank, rear, left flank
  const int h = norm_heading(d.h + kInward[e]);
  const Vec mid = 0.5 * (E[0] + E[1]) + (shift / len) * along;
  const Vec c = mid - (inches(p.depth) / 2) * forward(h);
  const Vec cm{inches(to_mil(c.x)), inches(to_mil(c.y))};
  double cost = 0;
  if (!best_path(scn, s, id, cm, h, target, cost, nullptr, budget)) return false;
  return finish(scn, s, id, rect_of(scn, s, id), cm, h, cost, true, out);
}

bool move_to_pose(const Scenario& scn, const State& s, int id, int32_t x, int32_t y, int h, Pose& out, std::string* why) {
  const Vec to{inches(x), inches(y)};
  double cost = 0;
  if (!best_path(scn, s, id, to, h, -1, cost, why)) return false;
  if (!finish(scn, s, id, rect_of(scn, s, id), to, h, cost, false, out)) {
    if (why) *why = "the stand would end off the table, on another stand, or touching an enemy (only a charge may, I-CHARGE)";
    return false;
  }
  return true;
}

bool advance_poses(const Scenario& scn, const State& s, int lead, int frac, std::vector<std::pair<int, Pose>>& out) {
  out.clear();
  if (frac < 0 || frac > 2 || s.active_cmd == kNone) return false;
  const int side = side_of(lead);
  const int h = s.stand[lead].heading;
  Bits128 group;
  std::vector<int> members;
  for (int k = 0; k < s.count[side]; ++k) {
    const int id = stand_id(side, k);
    const Stand& st = s.stand[id];
    if (!st.alive() || (st.flags & kActed) || st.locked() || s.command_of[id] != s.active_cmd || st.heading != h) continue;
    group.set(id);
    members.push_back(id);
  }
  if (members.size() < 2 || members[0] != lead) return false;
  // The group moves together (§3.10): members ignore each other in the sweep; the distance is the
  // fraction of the shortest run any of them has.
  double L = 1e300;
  for (int id : members) {
    bool enemy = false;
    const Rect r = rect_of(scn, s, id);
    L = std::min(L, longest(scn, s, id, r, h, rate_in(profile_of(scn, id)), &group, enemy));
  }
  static const double kFrac3[3] = {1.0 / 3.0, 2.0 / 3.0, 1.0};
  L *= kFrac3[frac];
  if (L < kEps) return false;
  const Vec u = forward(h);
  // One displacement in whole mils for all, so the group keeps its exact shape.
  const int32_t dx = to_mil(L * u.x), dy = to_mil(L * u.y);
  for (int id : members) {
    const Rect r = rect_of(scn, s, id);
    const Vec to{inches(s.stand[id].x + dx), inches(s.stand[id].y + dy)};
    Pose p;
    const double cost = straight_cost(scn, r.c, to);
    if (cost > rate_in(profile_of(scn, id)) + kEps || !finish(scn, s, id, r, to, h, cost, false, p, &group)) return false;
    out.emplace_back(id, p);
  }
  return true;
}

bool wheel_poses(const Scenario& scn, const State& s, int lead, int form, std::vector<std::pair<int, Pose>>& out) {
  out.clear();
  static const int kAngles[3] = {22, 45, 90};
  if (form < 0 || form > 5 || s.active_cmd == kNone) return false;
  const bool left = form < 3;
  const int theta = kAngles[form % 3];
  const int side = side_of(lead);
  const int h = s.stand[lead].heading;
  // The command's stands still to act, all of one heading, side by side in one rank (§3.10).
  Bits128 group;
  std::vector<int> members;
  for (int k = 0; k < s.count[side]; ++k) {
    const int id = stand_id(side, k);
    const Stand& st = s.stand[id];
    if (!st.alive() || (st.flags & kActed) || s.command_of[id] != s.active_cmd) continue;
    if (st.locked() || st.heading != h) return false;
    group.set(id);
    members.push_back(id);
  }
  if (members.size() < 2 || members[0] != lead) return false;
  const Vec f = forward(h), l = left_of(h);
  const Vec c0{inches(s.stand[lead].x), inches(s.stand[lead].y)};
  std::vector<std::pair<double, int>> along;
  for (int id : members) {
    const Vec d = Vec{inches(s.stand[id].x), inches(s.stand[id].y)} - c0;
    if (std::fabs(dot(d, f)) > kTouchTol) return false;  // not one rank
    along.push_back({dot(d, l), id});
  }
  std::sort(along.begin(), along.end());  // right end first (the left side is +l)
  for (size_t i = 1; i < along.size(); ++i) {
    const double gap = along[i].first - along[i - 1].first;
    const double w = (inches(profile_of(scn, along[i].second).width) + inches(profile_of(scn, along[i - 1].second).width)) / 2;
    if (std::fabs(gap - w) > kTouchTol) return false;  // not side by side
  }
  // The pivot: the front corner at the end the line wheels toward; the line turns that way.
  const int end = left ? along.back().second : along.front().second;
  const Rect re = rect_of(scn, s, end);
  const std::array<Vec, 4> k = re.corners();
  const Vec pivot = left ? k[0] : k[1];
  const int turn = left ? theta : -theta;
  const int h2 = norm_heading(h + turn);
  const double cs = cos_deg(norm_heading(turn)), sn = sin_deg(norm_heading(turn));
  std::vector<Rect> finals;
  for (int id : members) {
    const Rect r = rect_of(scn, s, id);
    const Vec d = r.c - pivot;
    const Vec to = pivot + Vec{cs * d.x - sn * d.y, sn * d.x + cs * d.y};
    // Each stand turns in place (its neighbours, moving with it, are ignored), then runs its chord.
    const double tc = turn_cost(theta) * rough_factor(scn, r.c);
    Rect turned = with_pose(r, r.c, h2);
    if (!pose_on_table(scn, turned) || overlaps_any(scn, s, turned, id, &group)) return false;
    const Vec chord = to - r.c;
    const double L = length(chord);
    if (!within_oblique(chord, h2)) return false;
    if (L > 1e-9) {
      const Vec u = (1.0 / L) * chord;
      int blocker = kNone;
      if (run_on_table(turned, u, L, inches(scn.table_w), inches(scn.table_h)) < L - 1e-6) return false;
      if (run_clear(scn, s, turned, u, L, id, -1, blocker, &group) < L - 1e-6) return false;
    }
    const double cost = tc + straight_cost(scn, r.c, to);
    Pose p;
    if (cost > rate_in(profile_of(scn, id)) + kEps || !finish(scn, s, id, r, to, h2, cost, false, p, &group)) return false;
    const Rect fin = with_pose(r, {inches(p.x), inches(p.y)}, p.h);
    for (const Rect& o : finals)
      if (overlap(fin, o)) return false;
    finals.push_back(fin);
    out.emplace_back(id, p);
  }
  return true;
}

}  // namespace bgb::quinn
