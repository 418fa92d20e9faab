// Actions of a WRG game (spec §3.5): one commitment for one unit, 32 bits,
//   kind:5 | unit:5 | arg:6 | param:16   (bits 27-31, 22-26, 16-21, 0-15)
// listed in ascending order. Every decision asks for one unit's commitment in the current
// simultaneous step, so a decision's actions differ in kind and arg only.
#pragma once
#include <cstdint>
#include <string>

namespace bgb::wrg6 {

enum class Kind : uint8_t {
  // Step 3, declare charges.
  NoCharge = 1,
  Charge,      // arg: the target unit
  // Step 5, answer a charge.
  Stand,
  Evade,
  CounterCharge,
  // Step 7, normal moves.
  Hold,
  Advance,     // arg: quarters of the allowance, 1..4
  WheelLeft,   // 45 degrees about the front-left corner, then the rest of the allowance ahead
  WheelRight,
  TurnLeft,    // 90 degrees in place (half the allowance: no move after it)
  TurnRight,
  TurnAbout,
  Retire,      // half the allowance straight back, facing kept
  // Step 8, orders.
  KeepOrder,
  NewOrder,    // arg: Order
  // Step 9, shooting.
  HoldFire,
  Shoot,       // arg: the target unit
};

inline uint32_t make_action(Kind k, int unit, int arg = 0, int param = 0) {
  return (uint32_t(k) << 27) | (uint32_t(unit & 31) << 22) | (uint32_t(arg & 63) << 16) | uint32_t(param & 0xFFFF);
}
inline Kind kind_of(uint32_t a) { return Kind(a >> 27); }
inline int unit_of(uint32_t a) { return int((a >> 22) & 31); }
inline int arg_of(uint32_t a) { return int((a >> 16) & 63); }
inline int param_of(uint32_t a) { return int(a & 0xFFFF); }

const char* kind_name(Kind k);  // "charge", "advance", ... (the protocol's names)
bool parse_kind(const std::string& s, Kind& out);

}  // namespace bgb::wrg6
