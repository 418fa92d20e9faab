// Small helpers shared by the rule-book example tests (test_examples_*.cpp): reading the event
// log (how many dice each roll had, which events happened) and finding units after they moved.
#pragma once
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test::rbx {

// The sizes of the dice rolls (first rolls and elephant re-rolls) logged from index `from` on,
// in order. Leader casualty checks, escapes and rampages are rolls too.
inline std::vector<int> rolls_since(const Field& f, size_t from) {
  std::vector<int> out;
  for (size_t i = from; i < f.log.size(); ++i)
    if (f.log[i].type == Ev::Roll || f.log[i].type == Ev::Reroll) out.push_back(f.log[i].ndice);
  return out;
}

// Who rolled each of those rolls.
inline std::vector<Side> roll_sides_since(const Field& f, size_t from) {
  std::vector<Side> out;
  for (size_t i = from; i < f.log.size(); ++i)
    if (f.log[i].type == Ev::Roll || f.log[i].type == Ev::Reroll) out.push_back(f.log[i].side);
  return out;
}

// The unit of this type and side (the only one of its kind in the test), alive or not.
inline const UnitState& unit_of(const Field& f, UnitType t, Side side) {
  for (int i = 0; i < f.s.n_units; ++i)
    if (f.s.units[i].type == t && f.s.units[i].side == side) return f.s.units[i];
  ADD_FAILURE() << "no " << unit_info(t).name;
  return f.s.units[0];
}

// A leader evade path of one to three hexes ("off" = off the own baseline).
inline Action leader_path(const char* a, const char* b = nullptr, const char* c = nullptr) {
  auto h = [](const char* x) -> int {
    if (!x) return kNoHex;
    if (std::string(x) == "off") return kOffBoard;
    return H(x);
  };
  return Action::make(ActionType::LeaderEvade, h(a), h(b), h(c));
}

inline std::string legal_text(const Field& f) {
  std::string t;
  for (Action a : f.legal()) t += action_text(f.scn, f.s, a) + "; ";
  return t;
}

}  // namespace bgb::cca::test::rbx
