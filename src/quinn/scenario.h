// A Quinn scenario (spec §3.3, §3.11): the table, rough terrain, options and both armies with
// every stand's profile, name and starting pose. Static: built once, shared by every state of a
// game; the state holds only what changes.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "quinn/geometry.h"
#include "quinn/profiles.h"

namespace bgb::quinn {

constexpr int kSides = 2;          // side A (seat 0) and side B (seat 1)
constexpr int kMaxStandsSide = 64;  // ids 0..63 are side A's, 64..127 side B's
constexpr int kMaxStands = 2 * kMaxStandsSide;
constexpr int kMaxRough = 16;
constexpr int kMaxRoughVertices = 8;

struct StandSpec {
  int profile = 0;    // index into Scenario::profiles
  std::string name;   // "Libyans", may repeat
  int32_t x = 0, y = 0;  // centre, mil
  int heading = 0;       // degrees
};

struct RoughPiece {
  std::string name;  // "wood", for people
  Poly poly;         // convex, counter-clockwise, inches
};

struct Scenario {
  std::string id;     // "s1", stable: records and seeds name it
  std::string title;  // "Cannae-like"
  std::string about;  // a sentence or two for a player choosing it
  std::string side_name[kSides] = {"A", "B"};  // "Carthage", "Rome"
  int32_t table_w = 72000, table_h = 48000;    // mil (I-TABLE)
  std::vector<RoughPiece> rough;
  std::vector<Profile> profiles = default_profiles();
  bool successive_melee = false;  // Q-SUC (off by default)
  int round_limit = 12;           // I-WIN
  int break_point[kSides] = {0, 0};  // 0: ceil(starting stands / 3) (I-WIN)
  std::vector<StandSpec> army[kSides];
  std::string source;  // the file it was read from, or "built-in"

  int break_point_of(int side) const {
    return break_point[side] > 0 ? break_point[side] : (int(army[side].size()) + 2) / 3;
  }
  const Profile& profile_of(int side, int index) const { return profiles[size_t(army[side][size_t(index)].profile)]; }
};

// Stand ids: side A's k-th stand is k, side B's is 64 + k.
inline int stand_id(int side, int k) { return side * kMaxStandsSide + k; }
inline int side_of(int id) { return id / kMaxStandsSide; }
inline int index_in_side(int id) { return id % kMaxStandsSide; }

// ---- The scenario text format (scenario_file.cpp; docs/quinn-scenarios.md) ----

// Reads a scenario from text; `source` names it in errors ("FILE:LINE: field: problem"). On
// failure returns false with every problem found in `errors`.
bool read_scenario(const std::string& text, const std::string& source, Scenario& out, std::vector<std::string>& errors);
// Writes the text that read_scenario() reads back to an equal scenario.
std::string write_scenario(const Scenario& s);
// Checks a scenario (from a file or built in): stands on the table and not overlapping, terrain
// convex and not overlapping, known profiles, at most 64 stands a side, sane options. Problems
// are appended to `errors` (prefixed with `where`).
bool validate_scenario(const Scenario& s, const std::string& where, std::vector<std::string>& errors);

// The built-in scenarios (data/scenarios-quinn/*.txt, embedded at build time), in catalogue order.
const std::vector<std::shared_ptr<const Scenario>>& builtin_scenarios();
std::shared_ptr<const Scenario> find_builtin(const std::string& id_or_title);

}  // namespace bgb::quinn
