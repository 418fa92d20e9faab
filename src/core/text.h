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

}  // namespace bgb::text
