// Quinn actions (spec §3.7, §3.10): one 64-bit number per decision. Layout:
//   bits 0-3   kind
//   bits 4-10  stand id (0..127)
//   bits 11-17 target id, or command index (Activate, Advance)
//   bits 18-19 edge of the target (Charge: 0 front, 1 right flank, 2 rear, 3 left flank)
//   bits 20-21 offset along it (Charge: 0 centred, 1 +delta, 2 -delta)
//   bits 22-31 template index (Move) or fraction index (Advance)
// MoveTo (a pose a person chose) packs instead: bits 11-27 x mil, 28-43 y mil, 44-52 heading.
// legal_actions() lists actions in a fixed order: by kind, then ids, then template.
#pragma once
#include <cstdint>

namespace bgb::quinn {

enum class Kind : uint8_t {
  EndPhase = 0,       // end the movement phase now (Q-ACT-2)
  Activate = 1,       // activate command c
  Hold = 2,           // stand s does nothing this phase
  Move = 3,           // stand s moves by template t (§3.10)
  Charge = 4,         // stand s charges target, edge, offset (I-CHARGE)
  Disengage = 5,      // stand s, locked, tests to disengage (Q-DIS)
  Advance = 6,        // command macro: every stand of one heading straight ahead by fraction t
  EndActivation = 7,  // the remaining stands of the command hold
  MoveTo = 8,         // stand s to a pose by the cheapest legal path (people's free moves)
  Disband = 9,        // the fleer that bumped a friend is removed (Q-RES-4)
  Spread = 10,        // the bumped friend flees too (Q-RES-4)
  LockTarget = 11,    // the locked-step attacker attacks this partner
  Fire = 12,          // shooter s fires at target
  HoldFire = 13,      // shooter s holds
  Decline = 14,       // Q-SUC: no follow-up charge, no further locked-step attack
  Wheel = 15,         // command macro: the rank led by stand s wheels by form t (wheel_poses)
};

using Act = uint64_t;

inline Act make(Kind k, int stand = 0, int target = 0, int edge = 0, int offset = 0, int tmpl = 0) {
  return uint64_t(k) | uint64_t(stand & 127) << 4 | uint64_t(target & 127) << 11 | uint64_t(edge & 3) << 18 |
         uint64_t(offset & 3) << 20 | uint64_t(tmpl & 1023) << 22;
}
inline Act make_move_to(int stand, int32_t x, int32_t y, int h) {
  return uint64_t(Kind::MoveTo) | uint64_t(stand & 127) << 4 | uint64_t(uint32_t(x) & 0x1FFFF) << 11 |
         uint64_t(uint32_t(y) & 0xFFFF) << 28 | uint64_t(uint32_t(h) & 511) << 44;
}
inline Kind kind_of(Act a) { return Kind(a & 15); }
inline int stand_of(Act a) { return int(a >> 4 & 127); }
inline int target_of(Act a) { return int(a >> 11 & 127); }
inline int edge_of(Act a) { return int(a >> 18 & 3); }
inline int offset_of(Act a) { return int(a >> 20 & 3); }
inline int template_of(Act a) { return int(a >> 22 & 1023); }
inline int32_t move_x(Act a) { return int32_t(a >> 11 & 0x1FFFF); }
inline int32_t move_y(Act a) { return int32_t(a >> 28 & 0xFFFF); }
inline int move_h(Act a) { return int(a >> 44 & 511); }

}  // namespace bgb::quinn
