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
  Bits128 operator&(const Bits128& o) const { return Bits128{{w[0] & o.w[0], w[1] & o.w[1]}}; }
  // The members of this set that are not in o.
  Bits128 minus(const Bits128& o) const { return Bits128{{w[0] & ~o.w[0], w[1] & ~o.w[1]}}; }
  Bits128& operator|=(const Bits128& o) {
    w[0] |= o.w[0];
    w[1] |= o.w[1];
    return *this;
  }
  Bits128& operator&=(const Bits128& o) {
    w[0] &= o.w[0];
    w[1] &= o.w[1];
    return *this;
  }
  // Every member moved up by k places (down for k < 0); members pushed past either end are lost.
  Bits128 shifted(int k) const {
    unsigned __int128 x = (static_cast<unsigned __int128>(w[1]) << 64) | w[0];
    x = k >= 0 ? x << k : x >> -k;
    return Bits128{{uint64_t(x), uint64_t(x >> 64)}};
  }
  // shifted(K) for a constant K (0 < |K| < 64): two word shifts, no branch (the hot loops' form).
  template <int K>
  Bits128 shifted_by() const {
    static_assert(K != 0 && K > -64 && K < 64);
    if constexpr (K > 0) return Bits128{{w[0] << K, (w[1] << K) | (w[0] >> (64 - K))}};
    else return Bits128{{(w[0] >> -K) | (w[1] << (64 + K)), w[1] >> -K}};
  }
  // The set of every place from k up (k in 0..128).
  static Bits128 from(int k) {
    if (k <= 0) return Bits128{{~uint64_t(0), ~uint64_t(0)}};
    if (k >= 128) return Bits128{};
    if (k < 64) return Bits128{{~uint64_t(0) << k, ~uint64_t(0)}};
    return Bits128{{0, ~uint64_t(0) << (k - 64)}};
  }
  int count() const { return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]); }
  // The smallest member, or -1 for the empty set.
  int lowest() const {
    if (w[0]) return __builtin_ctzll(w[0]);
    if (w[1]) return 64 + __builtin_ctzll(w[1]);
    return -1;
  }
  // Removes and returns the smallest member (-1 when empty): `for (int i; (i = s.pop()) >= 0;)`
  // visits the members in increasing order.
  int pop() {
    if (w[0]) {
      const int i = __builtin_ctzll(w[0]);
      w[0] &= w[0] - 1;
      return i;
    }
    if (w[1]) {
      const int i = 64 + __builtin_ctzll(w[1]);
      w[1] &= w[1] - 1;
      return i;
    }
    return -1;
  }
  bool operator==(const Bits128&) const = default;
};

}  // namespace bgb
