// Actions and units as people read them, and the protocol's names of the action kinds.
#include <cstring>

#include "wrg6/rules.h"

namespace bgb::wrg6 {

namespace {
const char* const kKindNames[] = {"",       "no-charge", "charge",      "stand",      "evade",      "counter-charge",
                                  "hold",   "advance",   "wheel-left",  "wheel-right", "turn-left", "turn-right",
                                  "turn-about", "retire", "keep-order", "order",      "hold-fire",  "shoot"};
constexpr int kKinds = int(sizeof(kKindNames) / sizeof(kKindNames[0]));
}  // namespace

const char* kind_name(Kind k) { return int(k) > 0 && int(k) < kKinds ? kKindNames[int(k)] : "?"; }

bool parse_kind(const std::string& s, Kind& out) {
  for (int k = 1; k < kKinds; ++k)
    if (s == kKindNames[k]) {
      out = Kind(k);
      return true;
    }
  return false;
}

namespace {
// A code from a client may name any unit: only the scenario's are named.
bool in_scenario(const Scenario& scn, int id) {
  return id >= 0 && id < kMaxUnits && index_in_side(id) < int(scn.army[side_of(id)].size());
}
}  // namespace

bool plural_name(const std::string& side) {
  const size_t n = side.size();
  return (n > 0 && (side[n - 1] == 's' || side[n - 1] == 'S')) || (n >= 3 && side.compare(n - 3, 3, "men") == 0);
}

std::string unit_name(const Scenario& scn, int id) {
  if (!in_scenario(scn, id)) return "no unit " + std::to_string(id);
  const UnitSpec& sp = spec_of(scn, id);
  return std::string(side_of(id) == 0 ? "A" : "B") + std::to_string(index_in_side(id) + 1) + " " + sp.name + " (" +
         troop_name(sp.troop) + ")";
}

std::string action_text(const Scenario& scn, const State& s, uint32_t a) {
  (void)s;
  if (a == kUnknown) return "(hidden)";
  int arg = arg_of(a);
  if (!in_scenario(scn, unit_of(a))) return "not an action of this battle";
  switch (kind_of(a)) {
    case Kind::NoCharge: return "no charge";
    case Kind::Charge: return "charge " + unit_name(scn, arg);
    case Kind::Stand: return "stand";
    case Kind::Evade: return "evade";
    case Kind::CounterCharge: return "counter-charge";
    case Kind::Hold: return "hold";
    case Kind::Advance: return arg == 4 ? "advance the full move" : "advance " + std::to_string(arg) + "/4 of the move";
    case Kind::WheelLeft: return "wheel left, then advance";
    case Kind::WheelRight: return "wheel right, then advance";
    case Kind::TurnLeft: return "turn left";
    case Kind::TurnRight: return "turn right";
    case Kind::TurnAbout: return "turn about";
    case Kind::Retire: return "retire half a move";
    case Kind::KeepOrder: return "keep its order";
    case Kind::NewOrder: return arg < kOrders ? std::string("order ") + order_name(Order(arg)) : "no order " + std::to_string(arg);
    case Kind::HoldFire: return "hold fire";
    case Kind::Shoot: return "shoot at " + unit_name(scn, arg);
  }
  return "?";
}

}  // namespace bgb::wrg6
