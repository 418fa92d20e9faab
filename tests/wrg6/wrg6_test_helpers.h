// Scenarios built in code for the WRG tests: a table with the units a situation needs, so a test
// states its positions outright (no scenario file in between).
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "wrg6/rules.h"

namespace bgb::wrg6::testing {

inline UnitSpec unit(const std::string& name, Troop t, int x, int y, int facing, int files, int ranks,
                     Order o = Order::H, Grade g = Grade::RegB) {
  UnitSpec u;
  u.name = name;
  u.troop = t;
  u.x = x, u.y = y, u.facing = facing;
  u.files = uint8_t(files), u.ranks = uint8_t(ranks);
  u.order = o;
  u.grade = g;
  switch (t) {
    case Troop::HC: u.melee = Melee::Lance; break;
    case Troop::LC: u.melee = Melee::CavalryOther, u.missile = Missile::MountedBow; break;
    case Troop::HI: u.melee = Melee::LongSpear; break;
    case Troop::MI: u.melee = Melee::InfantryOther; break;
    case Troop::LI: u.melee = Melee::InfantryOther, u.missile = Missile::Javelin; break;
  }
  u.obj_x = x, u.obj_y = facing == 90 ? 10000 : -10000;
  return u;
}

inline Scenario table(std::vector<UnitSpec> a, std::vector<UnitSpec> b, int w = 1000, int h = 800) {
  Scenario s;
  s.id = "test";
  s.title = "test";
  s.table_w = w, s.table_h = h;
  // Objectives straight ahead to the far edge (unit() aims past it).
  for (auto* army : {&a, &b})
    for (UnitSpec& u : *army) u.obj_x = std::clamp(u.obj_x, 0, w), u.obj_y = std::clamp(u.obj_y, 0, h);
  s.army[0] = std::move(a);
  s.army[1] = std::move(b);
  s.source = "test";
  return s;
}

// Every unit marked as having taken its occasion-1 test, so that only the test under study rolls.
inline void all_tested(State& s) {
  for (auto& u : s.u)
    if (u.alive()) u.flags |= kTested1;
}

// The spear wall of §3.7, laid out in code (the built-in file may differ in detail).
inline Scenario spear_wall() {
  UnitSpec a1 = unit("Hoplites", Troop::HI, 300, 100, 90, 6, 2, Order::Q), a2 = unit("Hoplites", Troop::HI, 500, 100, 90, 6, 2, Order::Q);
  UnitSpec a3 = unit("Peltasts", Troop::LI, 400, 160, 90, 6, 1, Order::S, Grade::IrrC);
  a1.general = true;
  a1.obj_x = a2.obj_x = 400, a1.obj_y = a2.obj_y = 500;
  UnitSpec b1 = unit("Warriors", Troop::HI, 300, 500, 270, 6, 2, Order::A, Grade::IrrB),
           b2 = unit("Warriors", Troop::HI, 500, 500, 270, 6, 2, Order::A, Grade::IrrB);
  b1.melee = b2.melee = Melee::ThrowingSword;
  UnitSpec b3 = unit("Skirmishers", Troop::LI, 400, 440, 270, 6, 1, Order::S, Grade::IrrC);
  b1.general = true;
  return table({a1, a2, a3}, {b1, b2, b3}, 800, 600);
}

}  // namespace bgb::wrg6::testing
