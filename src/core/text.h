// Small string helpers with no game knowledge: white space, trimming, lower case (ASCII only, so
// that no locale can change what a file or a typed line means).
#pragma once
#include <string>
#include <string_view>

namespace bgb::text {

// Is c white space as the C locale has it: space, \t, \n, \v, \f or \r?
inline bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// s without its leading and trailing white space.
inline std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && is_space(s[a])) ++a;
  while (b > a && is_space(s[b - 1])) --b;
  return std::string(s.substr(a, b - a));
}

// c in lower case when it is an ASCII capital; any other byte as it is.
inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

// s with its ASCII capitals in lower case; other bytes (UTF-8 included) as they are.
inline std::string lower(std::string s) {
  for (char& c : s) c = lower(c);
  return s;
}

// The offset of the first byte that is not well-formed UTF-8 (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or npos when the whole text is. Text the engine keeps (a
// scenario's names, a player's name) must be, so that writing it as JSON cannot fail.
inline size_t invalid_utf8_at(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int n = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) n = 1;
    else if (c == 0xE0) n = 2, lo = 0xA0;
    else if (c >= 0xE1 && c <= 0xEC) n = 2;
    else if (c == 0xED) n = 2, hi = 0x9F;
    else if (c >= 0xEE && c <= 0xEF) n = 2;
    else if (c == 0xF0) n = 3, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) n = 3;
    else if (c == 0xF4) n = 3, hi = 0x8F;
    else return i;
    for (int k = 1; k <= n; ++k) {
      if (i + size_t(k) >= s.size()) return i;
      const unsigned char d = static_cast<unsigned char>(s[i + size_t(k)]);
      if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return i;
    }
    i += size_t(n) + 1;
  }
  return std::string_view::npos;
}

// Text from outside (a player's name, a stored field) made safe to print on a terminal: control
// characters (C0, DEL and the C1 range, which carry terminal escapes) and bytes that are not
// UTF-8 become '?'; printable UTF-8 stays.
inline std::string printable(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += (c < 0x20 || c == 0x7f) ? '?' : char(c);
      ++i;
      continue;
    }
    const size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    const std::string_view seq = s.substr(i, n);
    if (seq.size() != n || invalid_utf8_at(seq) != std::string_view::npos) {
      out += '?';
      ++i;
      continue;
    }
    // U+0080..U+009F (C1 controls) are written C2 80..C2 9F.
    if (n == 2 && c == 0xC2 && static_cast<unsigned char>(seq[1]) < 0xA0) out += '?';
    else out += seq;
    i += n;
  }
  return out;
}

}  // namespace bgb::text
