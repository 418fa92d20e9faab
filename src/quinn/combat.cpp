// Melee (Q-MEL, I-DEF), missiles (Q-MIS, I-FOF, I-LOS, I-GROUP) and what results do (Q-RES).
#include <cstdio>

#include "quinn/rules_internal.h"

namespace bgb::quinn {

using namespace detail;

MeleeMods melee_mods(const Scenario& scn, const State& s, int att, int def, bool continuing) {
  const Profile& pa = profile_of(scn, att);
  const Profile& pd = profile_of(scn, def);
  MeleeMods m;
  m.basic = basic_melee(pa.melee, pd.melee);
  // I-LOCKMOD: only between two stands already locked to each other.
  if (continuing) m.locked = pa.locked_mod - pd.locked_mod;
  // Q-MEL-3: rough and supporting ranks count for both, the defender's against the attacker.
  m.rough = (in_rough(scn, s, att) ? rough_mod(pa.melee) : 0) - (in_rough(scn, s, def) ? rough_mod(pd.melee) : 0);
  m.support = support(scn, s, att) - support(scn, s, def);
  // I-FLANK: the attacker's front on the defender's flank or rear, by the defender's class.
  const Aspect asp = aspect(rect_of(scn, s, att), rect_of(scn, s, def));
  if (asp == Aspect::Flank || asp == Aspect::Rear) m.flank = flank_bonus(pd.melee);
  if (scn.successive_melee) m.successive = -2 * s.stand[att].melees;  // I-SUC
  return m;
}

int volley_mod(const Scenario& scn, int target, int shooters) {
  return missile_target_mod(profile_of(scn, target).other) + (shooters - 1);
}

int disengage_need(const Scenario& scn, int id) {
  const Profile& p = profile_of(scn, id);
  const int need = disengage_target(p.other);
  return need;  // the die plus disengage_mod must reach it (I-DIS: 10 is no automatic pass)
}

bool can_shoot(const Scenario& scn, const State& s, int shooter, int target) {
  const Profile& p = profile_of(scn, shooter);
  const Stand& a = s.stand[shooter];
  const Stand& t = s.stand[target];
  if (p.range() == 0 || !a.alive() || !t.alive() || side_of(shooter) == side_of(target)) return false;
  if (a.locked() || t.locked()) return false;  // I-MISLOCK
  const Rect rs = rect_of(scn, s, shooter), rt = rect_of(scn, s, target);
  const double dist = range_distance(rs, rt);
  if (dist < 0 || dist > inches(p.range()) + kEps) return false;
  Vec from, to;
  if (!closest_points(rs, rt, from, to)) return false;
  // I-LOS: the line between the closest points crosses no other stand.
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = stand_id(side, k);
      if (id == shooter || id == target || !s.stand[id].alive()) continue;
      if (segment_crosses_interior(from, to, rect_of(scn, s, id))) return false;
    }
  return true;
}

namespace detail {

void remove_stand(Ctx& c, int id, const char* type, const char* rule, const std::string& why) {
  State& s = c.s;
  clear_locks(s, id);
  s.stand[id].flags = 0;
  const int side = side_of(id);
  ++s.losses[side];
  c.log(type, rule, stand_name(c.scn, id) + " " + why, id);
  if (s.losses[side] >= s.break_point[side] && !s.over()) {
    s.decision = Decision::Over;
    s.winner = int8_t(1 - side);
    // The game ends at once (I-WIN), in the middle of a flight chain too: the fleers still in it
    // stay where they are, and no flight is left pending in a finished game.
    s.chain_n = 0;
    s.bumped = kNone;
    c.log("game-over", "I-WIN",
          c.scn.side_name[side] + " has lost " + std::to_string(s.losses[side]) + " of its break point " +
              std::to_string(s.break_point[side]) + ": " + c.scn.side_name[1 - side] + " wins");
  }
}

void recoil(Ctx& c, int id, Vec dir, const char* rule) {
  // I-RECOIL: up to 1" along dir, stopping at the first stand or the table edge; locks end.
  State& s = c.s;
  const double L = length(dir);
  const Vec u = L > 1e-12 ? (1.0 / L) * dir : forward(norm_heading(s.stand[id].heading + 180));
  const Rect r = rect_of(c.scn, s, id);
  double t = run_on_table(r, u, 1.0, inches(c.scn.table_w), inches(c.scn.table_h));
  int blocker = kNone;
  const double b = run_clear(c.scn, s, r, u, t, id, -1, blocker);
  if (blocker != kNone) t = std::max(0.0, b - kOverlapTol);
  clear_locks(s, id);
  t = place_along(c.scn, s, id, r, u, t);
  char buf[48];
  std::snprintf(buf, sizeof buf, " recoils %.3f\"", t);
  c.log("recoil", rule, stand_name(c.scn, id) + buf + " to " + pose_text(s.stand[id].x, s.stand[id].y, s.stand[id].heading), id);
}

Result melee(Ctx& c, int att, int def, bool continuing) {
  State& s = c.s;
  const MeleeMods m = melee_mods(c.scn, s, att, def, continuing);
  std::vector<int> dice;
  const int die = d10(c, dice);
  const int total = die + m.sum();
  const Result res = attack_result(total);
  s.stand[att].flags |= kAttacked;
  if (s.stand[att].melees < 255) ++s.stand[att].melees;
  if (c.ev) {
    char buf[200];
    std::snprintf(buf, sizeof buf, ": d10 %d, basic %+d, locked %+d, rough %+d, support %+d, flank %+d, successive %+d = %d: %s", die,
                  m.basic, m.locked, m.rough, m.support, m.flank, m.successive, total, result_name(res));
    c.log("melee", "Q-MEL-1", stand_name(c.scn, att) + (continuing ? " fights on against " : " attacks ") + stand_name(c.scn, def) + buf,
          att, def, dice, total);
  }
  const Vec n = contact_normal(rect_of(c.scn, s, att), rect_of(c.scn, s, def));
  switch (res) {
    case Result::AttackerDestroyed: remove_stand(c, att, "destroyed", "Q-RES-1", "is destroyed"); break;
    case Result::AttackerRecoils: recoil(c, att, -1.0 * n, "Q-RES-2"); break;
    case Result::Locked:
      add_lock(s, att, def);
      c.log("locked", "Q-RES-5", stand_name(c.scn, att) + " and " + stand_name(c.scn, def) + " are locked in melee", att, def);
      break;
    case Result::DefenderRecoils: recoil(c, def, n, "Q-RES-2"); break;
    case Result::DefenderFlees: start_flight(c, def, n, "Q-RES-3"); break;
    case Result::DefenderDestroyed: remove_stand(c, def, "destroyed", "Q-RES-1", "is destroyed"); break;
  }
  return res;
}

void volley(Ctx& c, int target, const std::vector<int>& shooters) {
  State& s = c.s;
  const int n = int(shooters.size());
  const int mod = volley_mod(c.scn, target, n);
  std::vector<int> dice;
  const int die = d10(c, dice);
  const int total = die + mod;
  // Q-MIS-6: totals of 4 or less (the attacker's results and "locked") do nothing.
  const char* what = total <= 4 ? "no effect" : result_name(attack_result(total));
  if (c.ev) {
    std::string names;
    for (int id : shooters) names += (names.empty() ? "" : ", ") + stand_name(c.scn, id);
    char buf[128];
    std::snprintf(buf, sizeof buf, ": d10 %d, target %+d, shooters %+d = %d: %s", die,
                  missile_target_mod(profile_of(c.scn, target).other), n - 1, total, what);
    c.log("volley", "Q-MIS-5", names + (n == 1 ? " shoots at " : " shoot at ") + stand_name(c.scn, target) + buf, shooters[0], target,
          dice, total);
  }
  for (int id : shooters) s.stand[id].flags |= kFired;
  if (total <= 4) return;
  // I-RECOIL: away from the centroid of the shooters.
  Vec centroid{0, 0};
  for (int id : shooters) centroid = centroid + Vec{inches(s.stand[id].x), inches(s.stand[id].y)};
  centroid = (1.0 / n) * centroid;
  Vec dir = Vec{inches(s.stand[target].x), inches(s.stand[target].y)} - centroid;
  if (length(dir) < 1e-9) dir = forward(norm_heading(s.stand[target].heading + 180));
  const Result r = attack_result(total);
  if (r == Result::DefenderRecoils) recoil(c, target, dir, "Q-RES-2");
  else if (r == Result::DefenderFlees) start_flight(c, target, dir, "Q-RES-3");
  else remove_stand(c, target, "destroyed", "Q-RES-1", "is destroyed");
}

}  // namespace detail
}  // namespace bgb::quinn
