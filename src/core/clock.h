// The wall clock as text, with no game knowledge.
#pragma once
#include <ctime>
#include <string>

namespace bgb {

// The current UTC time as ISO 8601 to the second: "2024-05-01T12:34:56Z".
inline std::string now_iso() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace bgb
