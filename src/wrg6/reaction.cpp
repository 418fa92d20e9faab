// Reaction tests (W-OCC, W-RD, W-RF, W-RR): which factors apply, the dice, and what a result
// does outside a charge. The charge columns of W-RR are applied where charges are declared and
// answered (period.cpp).
#include <cctype>
#include <algorithm>

#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

namespace {
bool advancing(const Unit& u) { return u.has(kWasAdvancing) || u.has(kCharging); }
bool retiring(const Unit& u) { return u.has(kWasRetiring) || u.has(kEvaded) || u.has(kBroken); }
// The centre of `e` is behind the front line of `id` (W-RF P6, M9: "behind a flank").
bool behind_front(const Rect& r, const Rect& re) { return dot(re.centre() - r.f, forward(r.facing)) < 0; }
}  // namespace

bool flank_secure(const Scenario& scn, const State& s, int id, bool left) {
  constexpr double kBeside = 40;
  Rect r = rect_of(scn, s, id);
  auto c = r.corners();
  // The flank edge: front-left to rear-left, or front-right to rear-right.
  Vec a = left ? c[0] : c[1], b = left ? c[3] : c[2];
  for (Vec p : {a, b})
    if (p.x <= kBeside || p.y <= kBeside || p.x >= scn.table_w - kBeside || p.y >= scn.table_h - kBeside) return true;
  Vec mid = 0.5 * (a + b);
  Vec out = (left ? 1.0 : -1.0) * left_of(r.facing);
  for (int f = 0; f < kMaxUnits; ++f) {
    if (f == id || enemies(id, f) || !s.u[f].alive() || s.u[f].has(kBroken)) continue;
    Rect rf = rect_of(scn, s, f);
    // Beside that flank: near the edge and on its outer side.
    if (distance(mid, rf) <= kBeside && dot(rf.centre() - mid, out) > 0) return true;
  }
  return false;
}

std::vector<FactorLine> reaction_factors(const Scenario& scn, const State& s, int id, const TestContext& c) {
  std::vector<FactorLine> out;
  const Unit& u = s.u[id];
  const UnitSpec& sp = spec_of(scn, id);
  Rect r = rect_of(scn, s, id);
  int n_enemy = 0, enemy_retiring = 0, enemy_broken = 0, friend_charging = 0, friend_retiring = 0, friend_broken = 0,
      friend_unbroken = 0;
  bool friend_advancing = false, enemy_advancing = false, enemy_behind = false, enemy_uphill = false, enemy_cover = false,
       all_below = true, long_range = false;
  bool me_up = on_hill(scn, r.centre());
  for (int o = 0; o < kMaxUnits; ++o) {
    if (o == id || !s.u[o].alive()) continue;
    const Unit& v = s.u[o];
    Rect ro = rect_of(scn, s, o);
    double d = distance(r, ro);
    if (enemies(id, o)) {
      // M4 (L): enemy long-range missile troops have the unit in range.
      Missile m = spec_of(scn, o).missile;
      if ((m == Missile::MountedBow || m == Missile::FootBow) && !v.has(kBroken) && d <= range_of(m).max) long_range = true;
      if (in_wood(scn, ro.centre()) && d <= 100) enemy_cover = true;
      if (d > kNear) continue;
      ++n_enemy;
      if (retiring(v)) ++enemy_retiring;
      if (v.has(kBroken)) ++enemy_broken;
      if (advancing(v) && !v.has(kBroken)) enemy_advancing = true;
      if (behind_front(r, ro)) enemy_behind = true;
      bool up = on_hill(scn, ro.centre());
      if (up && !me_up) enemy_uphill = true;
      if (!(me_up && !up)) all_below = false;
    } else {
      if (d > kNear) continue;
      if (advancing(v)) friend_advancing = true;
      if (v.has(kCharging) || v.has(kPursuing)) ++friend_charging;
      if (retiring(v) && !v.has(kBroken) && !is_light(spec_of(scn, o).troop)) ++friend_retiring;
      if (v.has(kBroken) && v.broke_period + 1 >= s.period) ++friend_broken;
      if (!v.has(kBroken)) ++friend_unbroken;
    }
  }
  auto add = [&](Factor f, int times = 1) {
    if (times > 0) out.push_back({f, factor_value(f) * times});
  };
  bool to_charge = c.occasion == Occasion::StartCharge;
  if (advancing(u) || to_charge || friend_advancing) add(Factor::P1);
  add(Factor::P2, enemy_retiring);
  add(Factor::P3, friend_charging);
  if (u.last_cas_out > u.last_cas_in) add(Factor::P5);
  if (!enemy_behind && flank_secure(scn, s, id, true) && flank_secure(scn, s, id, false)) add(Factor::P6);
  add(Factor::P7, enemy_broken);
  if (to_charge && c.other >= 0) {
    Rect rt = rect_of(scn, s, c.other);
    if (struck_edge(rt, r.f) != Edge::Front || is_light(spec_of(scn, c.other).troop) || s.u[c.other].has(kShaken) ||
        disordered(scn, s, c.other))
      add(Factor::P8);
  }
  if (n_enemy <= 1) add(Factor::P9);
  if ((n_enemy > 0 && all_below) || in_wood(scn, r.centre())) add(Factor::P11);
  if (u.has(kPursuing)) add(Factor::P12);
  if (u.has(kImpetuous)) add(Factor::P13);
  if (enemy_advancing) add(Factor::M1);
  add(Factor::M2, friend_retiring);
  if (long_range) add(Factor::M4);
  if (u.figs > 0) add(Factor::M5, 2 * u.last_shot_in / u.figs);
  if (u.last_cas_in > u.last_cas_out) add(Factor::M7);
  add(Factor::M8, friend_broken);
  if (enemy_behind || enemy_uphill || enemy_cover) add(Factor::M9);
  if (friend_unbroken == 0) add(Factor::M10);
  if (is_light(sp.troop) && (to_charge || c.occasion == Occasion::FirstReach)) add(Factor::M13);
  if (c.occasion == Occasion::Charged && is_mounted(sp.troop) && c.other >= 0 && !is_mounted(spec_of(scn, c.other).troop))
    add(Factor::M14);
  if (u.has(kShaken) || u.has(kBroken)) add(Factor::M15);
  // I-GEN: the C-in-C with the testers (G3) or within 150 p (G1), + sign only in version 1.
  int g = s.general[side_of(id)];
  if (g != kNone && s.u[g].alive()) {
    if (g == id) add(Factor::G3);
    else if (distance(r, rect_of(scn, s, g)) <= kNear) add(Factor::G1);
  }
  return out;
}

namespace {
// A few words for each factor of W-RF, for the test's line in the log (the sheet's row id first).
const char* const kFactorWords[kFactors] = {
    "advancing", "enemy retiring", "friends charging", "standard", "won the last fight", "flanks secure",
    "enemy broken near", "a soft target", "one enemy near", "relic", "uphill or in cover", "pursuing", "impetuous",
    "enemy advancing", "friends retiring", "elephants", "long-range shooters", "shot at", "standard retiring",
    "lost the last fight", "friends broken near", "enemy on a flank or uphill", "no friend near", "terror",
    "relic lost", "light troops", "mounted charged by foot", "shaken", "standard lost", "general beaten",
    "C-in-C near", "general with them", "C-in-C with them"};
}  // namespace

std::string factors_text(const std::vector<FactorLine>& lines) {
  std::string t;
  for (const FactorLine& l : lines) {
    if (!t.empty()) t += ", ";
    std::string code = factor_name(l.f);
    for (char& ch : code) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    t += code + " " + kFactorWords[int(l.f)] + " " + (l.value > 0 ? "+" : "") + std::to_string(l.value);
  }
  return t;
}

int reaction_total(const std::vector<FactorLine>& lines) {
  int t = 0;
  for (auto& l : lines) t += l.value;
  return t;
}

int reaction_test(const Scenario& scn, State& s, int id, const TestContext& c, Rng& rng, Events* ev) {
  auto lines = reaction_factors(scn, s, id, c);
  int n = reaction_dice(men(s, id), men_start(scn, id));
  std::vector<int> faces;
  int score = reaction_total(lines);
  for (int i = 0; i < n; ++i) {
    int f = rng.die();
    faces.push_back(f);
    score += f + 1;
  }
  int band = reaction_band(score, spec_of(scn, id).grade);
  s.u[id].last_band = uint8_t(band);
  if (ev) {
    std::string t = unit_name(scn, id) + " tests (occasion " + std::to_string(int(c.occasion)) + "): " +
                    count(n, "die", "dice");
    for (int f : faces) t += " " + std::to_string(f + 1);
    t += ", factors " + std::to_string(reaction_total(lines));
    if (!lines.empty()) t += " (" + factors_text(lines) + ")";
    t += ", score " + std::to_string(score) + ": R" + std::to_string(band);
    ev->push_back({"test", "W-RR", t, faces, id, c.other});
  }
  return band;
}

void break_unit(const Scenario& scn, State& s, int id, Events* ev, const char* rule) {
  Unit& u = s.u[id];
  if (u.has(kBroken) || !u.alive()) return;
  u.flags |= kBroken | kShaken | kDisRally;
  u.flags &= ~uint32_t(kImpetuous | kPursuing | kCharging);
  u.charge = kNone;
  u.pursue = kNone;
  u.fall_back = 0;
  u.broke_period = s.period;
  s.broke_since |= 1u << id;
  emit(ev, {"break", rule, unit_name(scn, id) + " breaks and routs", {}, id, -1});
}

void make_shaken(const Scenario& scn, State& s, int id, Events* ev, const char* rule) {
  Unit& u = s.u[id];
  if (u.has(kShaken)) {
    break_unit(scn, s, id, ev, "I-MELEE");
    return;
  }
  u.flags |= kShaken;
  emit(ev, {"shaken", rule, unit_name(scn, id) + " is shaken", {}, id, -1});
}

void apply_no_charge_result(const Scenario& scn, State& s, int id, int band, Events* ev) {
  Unit& u = s.u[id];
  switch (band) {
    case 1:
      u.flags |= kImpetuous;
      emit(ev, {"impetuous", "W-RR", unit_name(scn, id) + " becomes impetuous", {}, id, -1});
      break;
    case 2:
    case 3: break;  // obey orders
    case 4: u.flags |= kNoAdvance; break;
    case 5:
      // Already shaken: it stays so (a second shaking is for melee, I-MELEE).
      if (!u.has(kShaken)) make_shaken(scn, s, id, ev, "W-RR");
      u.flags |= kNoAdvance;
      break;
    default: {
      bool counting = false;
      for (auto& l : reaction_factors(scn, s, id, {Occasion::FriendBroke, -1}))
        if (l.f == Factor::M8) counting = true;
      if (counting || u.has(kRecoiled)) {
        break_unit(scn, s, id, ev, "W-RR");
      } else {
        if (!u.has(kShaken)) make_shaken(scn, s, id, ev, "W-RR");
        u.fall_back = 2;
        u.flags |= kNoAdvance;
      }
    }
  }
}

}  // namespace bgb::wrg6
