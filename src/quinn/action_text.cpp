// The words of an action, as the terminal and the protocol show it.
#include <cstdio>

#include "quinn/rules_internal.h"

namespace bgb::quinn {

std::string action_text(const Scenario& scn, const State& s, Act a) {
  const int id = stand_of(a), t = target_of(a);
  static const char* const kEdge[4] = {"front", "right flank", "rear", "left flank"};
  static const char* const kFrac[3] = {"1/3", "2/3", "all"};
  switch (kind_of(a)) {
    case Kind::EndPhase: return "end the movement phase";
    case Kind::Activate: {
      int n = 0, first = -1;
      for (int k = 0; k < s.count[s.side]; ++k) {
        const int m = stand_id(s.side, k);
        if (s.stand[m].alive() && s.command_of[m] == t) {
          if (first < 0) first = m;
          ++n;
        }
      }
      return "activate command " + std::to_string(t) + " (" + std::to_string(n) + (n == 1 ? " stand: " : " stands, from ") +
             (first >= 0 ? stand_name(scn, first) : std::string("none")) + ")";
    }
    case Kind::Hold: return stand_name(scn, id) + " holds";
    case Kind::Move: {
      Pose p;
      if (!template_pose(scn, s, id, template_of(a), p)) return stand_name(scn, id) + " moves (template " + std::to_string(template_of(a)) + ")";
      char buf[40];
      std::snprintf(buf, sizeof buf, " (%.2f\")", p.cost);
      return stand_name(scn, id) + " moves to " + detail::pose_text(p.x, p.y, p.h) + buf;
    }
    case Kind::MoveTo: return stand_name(scn, id) + " moves to " + detail::pose_text(move_x(a), move_y(a), move_h(a));
    case Kind::Charge: {
      const char* off = offset_of(a) == 0 ? "" : offset_of(a) == 1 ? ", shifted one way" : ", shifted the other way";
      return stand_name(scn, id) + " charges the " + kEdge[edge_of(a)] + " of " + stand_name(scn, t) + off;
    }
    case Kind::Disengage: return stand_name(scn, id) + " tests to disengage";
    case Kind::Advance: return "the stands facing as " + stand_name(scn, id) + " advance " + kFrac[template_of(a) % 3];
    case Kind::EndActivation: return "end the activation (the rest hold)";
    case Kind::Disband: return "disband the fleeing " + stand_name(scn, id);
    case Kind::Spread: return stand_name(scn, t) + " flees too";
    case Kind::LockTarget: return stand_name(scn, id) + " attacks " + stand_name(scn, t);
    case Kind::Fire: return stand_name(scn, id) + " shoots at " + stand_name(scn, t);
    case Kind::HoldFire: return stand_name(scn, id) + " holds its fire";
    case Kind::Decline: return "no further melee (successive melee declined)";
    case Kind::Wheel: {
      static const int kAngles[3] = {22, 45, 90};
      const int f = template_of(a) % 6;
      return "the rank from " + stand_name(scn, id) + " wheels " + std::to_string(kAngles[f % 3]) + "° to the " +
             (f < 3 ? "left" : "right");
    }
  }
  return "?";
}

}  // namespace bgb::quinn
