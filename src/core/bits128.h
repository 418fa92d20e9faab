// A 128-bit set, enough for one bit per hex of a 113-hex board plus spare marker bits.
#pragma once
#include <cstdint>

namespace bgb {

struct Bits128 {
  uint64_t w[2] = {0, 0};
  void set(int i) { w[i >> 6] |= uint64_t(1) << (i & 63); }
  void reset(int i) { w[i >> 6] &= ~(uint64_t(1) << (i & 63)); }
  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
  bool any() const { return (w[0] | w[1]) != 0; }
  bool intersects(const Bits128& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1])) != 0; }
  Bits128 operator|(const Bits128& o) const { return Bits128{{w[0] | o.w[0], w[1] | o.w[1]}}; }
  Bits128& operator|=(const Bits128& o) {
    w[0] |= o.w[0];
    w[1] |= o.w[1];
    return *this;
  }
  int count() const { return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]); }
  bool operator==(const Bits128&) const = default;
};

}  // namespace bgb
