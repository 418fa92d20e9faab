// FNV-1a, 64 bits, over bytes or text: a fast, stable hash with no game knowledge. Stable means
// the values are stored (position fingerprints, scenario hashes, arena seeds): never change them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace bgb {

// The standard 64-bit FNV offset basis and prime.
inline constexpr uint64_t kFnv1aBasis = 0xcbf29ce484222325ull;
inline constexpr uint64_t kFnv1aPrime = 0x100000001b3ull;
// The basis the position fingerprints and scenario hashes have always been made with: the
// standard basis in decimal (14695981039346656037) with its last digit lost. Records and
// databases hold these hashes, so it stays.
inline constexpr uint64_t kFnv1aShortBasis = 1469598103934665603ull;

// FNV-1a of n bytes at `data`, starting from `basis`.
inline uint64_t fnv1a_bytes(const void* data, size_t n, uint64_t basis = kFnv1aBasis) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  uint64_t h = basis;
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * kFnv1aPrime;
  return h;
}

// FNV-1a of the bytes of s, starting from `basis`.
inline uint64_t fnv1a(std::string_view s, uint64_t basis = kFnv1aBasis) { return fnv1a_bytes(s.data(), s.size(), basis); }

// h as 16 lower-case hex digits.
inline std::string hex16(uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace bgb
