// Seeded random numbers for every chance event (dice, shuffles).
// Our own generator (xoshiro256**) and our own bounded sampling, so a seed gives the same
// sequence on every compiler. Not copyable by accident: use clone() when a copy is meant.
// Tests may queue forced d6 faces; die() returns them first, in order.
#pragma once
#include <cstdint>
#include <initializer_list>

namespace bgb {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;
  Rng(Rng&&) = default;
  Rng& operator=(Rng&&) = default;

  Rng clone() const {
    Rng r;
    for (int i = 0; i < 4; ++i) r.s_[i] = s_[i];
    r.nforced_ = nforced_;
    r.fhead_ = fhead_;
    for (int i = 0; i < kForcedMax; ++i) r.forced_[i] = forced_[i];
    return r;
  }

  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& s : s_) s = splitmix(x);
    nforced_ = fhead_ = 0;
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n > 0, without modulo bias (Lemire's multiply-and-reject).
  uint32_t below(uint32_t n) {
    uint64_t m = uint64_t(uint32_t(next() >> 32)) * n;
    uint32_t low = uint32_t(m);
    if (low < n) {
      const uint32_t threshold = uint32_t(-n) % n;
      while (low < threshold) {
        m = uint64_t(uint32_t(next() >> 32)) * n;
        low = uint32_t(m);
      }
    }
    return uint32_t(m >> 32);
  }

  // One six-sided die, 0..5: a forced face if one is queued, else random. A forced face still
  // advances the generator as a random one would, so a game replayed with its recorded dice
  // forced draws the very same shuffles as the original.
  int die() { return roll(6); }

  // A die of `sides` faces (2..16), 0..sides-1: a forced face first if one is queued (reduced
  // modulo sides: a face forced for a larger die), else random; it advances the generator as
  // die() does. die() is roll(6).
  int roll(int sides) {
    const int random_face = int(below(uint32_t(sides)));
    if (nforced_ > 0) {
      int f = forced_[fhead_];
      fhead_ = (fhead_ + 1) % kForcedMax;
      --nforced_;
      return f % sides;
    }
    return random_face;
  }
  // Queue faces (0..kMaxFace: a d6's 0..5, a d10's 0..9) that the next die() or roll() calls return.
  void force(std::initializer_list<int> faces) {
    for (int f : faces) force_one(f);
  }
  bool force_one(int f) {
    if (nforced_ >= kForcedMax || f < 0 || f > kMaxFace) return false;
    forced_[(fhead_ + nforced_) % kForcedMax] = uint8_t(f);
    ++nforced_;
    return true;
  }
  int forced_pending() const { return nforced_; }
  // Whether the two generators stand at the same point of the same stream (forced faces aside):
  // a step that left it where it was drew no die, card or shuffle.
  bool same_stream(const Rng& o) const {
    return s_[0] == o.s_[0] && s_[1] == o.s_[1] && s_[2] == o.s_[2] && s_[3] == o.s_[3];
  }
  void clear_forced() { nforced_ = fhead_ = 0; }

  // Fisher-Yates with our own bounded sampling.
  template <class T>
  void shuffle(T* first, int n) {
    for (int i = n - 1; i > 0; --i) {
      int j = int(below(uint32_t(i + 1)));
      T tmp = first[i];
      first[i] = first[j];
      first[j] = tmp;
    }
  }

 private:
  static constexpr int kForcedMax = 256;

 public:
  static constexpr int kMaxFace = 15;

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t s_[4] = {};
  int nforced_ = 0;
  int fhead_ = 0;
  uint8_t forced_[kForcedMax] = {};
};

}  // namespace bgb
