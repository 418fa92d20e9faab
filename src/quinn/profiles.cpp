#include "quinn/profiles.h"

namespace bgb::quinn {

const char* cls_name(Cls c) {
  static const char* const kNames[kNumCls] = {"HI", "MI", "LI", "HC", "LC", "CH", "EL"};
  return kNames[int(c)];
}

const char* weapon_name(Weapon w) {
  static const char* const kNames[] = {"none", "bow", "sling", "javelin"};
  return kNames[int(w)];
}

int32_t Profile::range() const {
  int32_t r = weapon == Weapon::Bow ? 9000 : weapon == Weapon::Sling ? 6000 : weapon == Weapon::Javelin ? 3000 : 0;
  return mounted() ? r / 2 : r;  // Q-MIS-1: halved for cavalry, chariots (and elephants)
}

namespace {

// Q-MEL-5 "locked", by melee class (the legion's +2 is its profile's own).
int class_locked(Cls c) {
  static const int kLocked[kNumCls] = {+1, -1, -2, 0, -1, -3, -1};
  return kLocked[int(c)];
}

Profile row(const char* name, Cls melee, Cls other, int32_t rate, bool free, int32_t depth, Weapon w = Weapon::None,
            SubType sub = SubType::None) {
  Profile p;
  p.name = name;
  p.melee = melee;
  p.other = other;
  p.rate = rate;
  p.free_mover = free;
  p.depth = depth;
  p.weapon = w;
  p.sub = sub;
  // Q-MEL-6: generic HI and legions 2, hoplites and phalangites 3, Thebans 5, MI 1, others 0.
  p.support_cap = melee == Cls::HI ? (sub == SubType::Hoplite || sub == SubType::Phalangite ? 3
                                      : sub == SubType::Theban                              ? 5
                                                                                            : 2)
                  : melee == Cls::MI ? 1
                                     : 0;
  p.locked_mod = sub == SubType::Legion ? 2 : class_locked(melee);
  // Q-DIS-2: legions +2; hoplites, phalangites and Thebans -2.
  p.disengage_mod = sub == SubType::Legion ? 2 : sub == SubType::None ? 0 : -2;
  return p;
}

}  // namespace

const std::vector<Profile>& default_profiles() {
  // §3.2, I-FOOT depths: HI 15 mm, MI/LI/archers 20 mm, cavalry 30 mm, chariots and elephants 40 mm.
  static const std::vector<Profile> kTable = [] {
    using C = Cls;
    using W = Weapon;
    using S = SubType;
    std::vector<Profile> t;
    t.push_back(row("hi", C::HI, C::HI, 6000, false, 591));
    t.push_back(row("legion", C::HI, C::HI, 6000, false, 591, W::None, S::Legion));
    t.push_back(row("hoplite", C::HI, C::HI, 6000, false, 591, W::None, S::Hoplite));
    t.push_back(row("phalangite", C::HI, C::HI, 6000, false, 591, W::None, S::Phalangite));
    t.push_back(row("theban", C::HI, C::HI, 6000, false, 591, W::None, S::Theban));
    t.push_back(row("mi", C::MI, C::MI, 6000, false, 787));
    // Archers: LI in melee, MI for everything else (Q-CLS-1): 6", not a free mover.
    t.push_back(row("archers", C::LI, C::MI, 6000, false, 787, W::Bow));
    t.push_back(row("slingers", C::LI, C::LI, 9000, true, 787, W::Sling));
    t.push_back(row("velites", C::LI, C::LI, 9000, true, 787, W::Javelin));
    t.push_back(row("peltasts", C::LI, C::LI, 9000, true, 787, W::Javelin));
    t.push_back(row("li", C::LI, C::LI, 9000, true, 787));
    t.push_back(row("hc", C::HC, C::HC, 12000, false, 1181));
    t.push_back(row("lc", C::LC, C::LC, 12000, true, 1181));
    t.push_back(row("lc_jav", C::LC, C::LC, 12000, true, 1181, W::Javelin));
    t.push_back(row("lc_bow", C::LC, C::LC, 12000, true, 1181, W::Bow));
    t.push_back(row("ch", C::CH, C::CH, 6000, false, 1575));
    t.push_back(row("ch_bow", C::CH, C::CH, 6000, false, 1575, W::Bow));
    t.push_back(row("el", C::EL, C::EL, 6000, false, 1575));
    return t;
  }();
  return kTable;
}

int find_profile(const std::vector<Profile>& table, std::string_view name) {
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].name == name) return int(i);
  return -1;
}

int basic_melee(Cls a, Cls d) {
  // Q-MEL-4, row = attacker, column = defender, as printed (HC against HC +2 kept, §1.11).
  static const int kBasic[kNumCls][kNumCls] = {
      {0, +1, +3, +1, +3, +3, +1},   // HI
      {+1, 0, +2, +1, +2, +2, +1},   // MI
      {-1, -1, 0, 0, 0, +1, +2},     // LI
      {0, 0, +3, +2, +1, +2, -2},    // HC
      {-3, -2, -1, -2, 0, 0, -3},    // LC
      {+1, +1, +1, +1, 0, 0, -2},    // CH
      {+1, +1, 0, +2, +1, +2, 0},    // EL
  };
  return kBasic[int(a)][int(d)];
}

int rough_mod(Cls c) {
  static const int k[kNumCls] = {-2, 0, +1, -2, -2, -3, 0};
  return k[int(c)];
}

int support_each(Cls c) { return c == Cls::HI || c == Cls::MI ? 1 : 0; }

int flank_bonus(Cls d) {
  // Q-MEL-5; light units have no flanks in effect (Q-MEL-7): LI and LC 0.
  static const int k[kNumCls] = {+3, +1, 0, +1, 0, +3, +1};
  return k[int(d)];
}

int missile_target_mod(Cls t) {
  static const int k[kNumCls] = {-2, -1, -3, +2, +1, +2, +2};
  return k[int(t)];
}

int disengage_target(Cls c) {
  // Q-DIS-1 by the other-purpose class (archers test as MI, I-ARCH); 0: always passes.
  static const int k[kNumCls] = {7, 5, 0, 5, 0, 9, 7};
  return k[int(c)];
}

Result attack_result(int total) {
  if (total <= 1) return Result::AttackerDestroyed;
  if (total == 2) return Result::AttackerRecoils;
  if (total <= 4) return Result::Locked;
  if (total <= 6) return Result::DefenderRecoils;
  if (total == 7) return Result::DefenderFlees;
  return Result::DefenderDestroyed;
}

const char* result_name(Result r) {
  static const char* const k[] = {"attacker destroyed", "attacker recoils", "locked", "defender recoils", "defender flees", "defender destroyed"};
  return k[int(r)];
}

const char* result_code(Result r) {
  static const char* const k[] = {"AD", "AR", "L", "DR", "DF", "DD"};
  return k[int(r)];
}

}  // namespace bgb::quinn
