// Scenario helpers and the built-in battles.
#include "cca/scenario.h"

#include <algorithm>
#include <memory>

#include "cca/board.h"
#include "cca/scenario_file.h"
#include "core/text.h"

namespace bgb::cca {

const char* const kTraitNames[kTraitBits] = {
    "sacred-band", "peltast",  "tribal",               "silver-shields", "hypaspist",  "immortal",
    "cataphract",  "companion", "elite-skirmisher",    "african",        "indian",     "experimental-phalanx",
    "elite-warrior", "disciplined", "hoplite",         "bow-armed"};

void Scenario::finalize() {
  impassable = Bits128{};
  los_terrain = Bits128{};
  hills = Bits128{};
  stops_all = stops_mounted = broken = Bits128{};
  for (int h = 0; h < kHexes; ++h) {
    const TerrainInfo& t = terrain_info(terrain[h]);
    if (t.impassable) impassable.set(h);
    if (t.stops_all) stops_all.set(h);
    if (t.stops_mounted) stops_mounted.set(h);
    if (terrain[h] == Terrain::BrokenGround) broken.set(h);
    if (t.blocks_los) los_terrain.set(h);
    if (terrain[h] == Terrain::Hill) hills.set(h);
  }
  // Hills as connected areas (flood fill over neighbouring hill hexes).
  hill_area.fill(0);
  std::vector<Bits128> areas;
  const Board& b = Board::get();
  for (int start = 0; start < kHexes; ++start) {
    if (!hills.test(start) || hill_area[start]) continue;
    Bits128 area;
    int stack[kHexes], n = 0;
    stack[n++] = start;
    hill_area[start] = uint8_t(areas.size() + 1);
    while (n) {
      int h = stack[--n];
      area.set(h);
      for (int d = 0; d < kDirs; ++d) {
        int m = b.nbr[h][d];
        if (m == kNoHex || !hills.test(m) || hill_area[m]) continue;
        hill_area[m] = hill_area[start];
        stack[n++] = m;
      }
    }
    areas.push_back(area);
  }
  other_hills.assign(areas.size(), Bits128{});
  for (size_t i = 0; i < areas.size(); ++i)
    for (size_t j = 0; j < areas.size(); ++j)
      if (i != j) other_hills[i] |= areas[j];
  // The rule of each kind and side (the first listed; the checks refuse a second one).
  for (auto& k : rule_slot)
    for (uint8_t& i : k) i = 0;
  for (size_t i = 0; i < rules.size() && i < 255; ++i) {
    // A rule written for the game with (or without) the Hellenistic module only.
    if (rules[i].module == (hellenistic.on ? kRuleWithoutModule : kRuleWithModule)) continue;
    uint8_t& slot = rule_slot[int(rules[i].kind)][rules[i].side == Side::None ? 2 : idx(rules[i].side)];
    if (slot == 0) slot = uint8_t(i + 1);
  }
}

bool set_hellenistic(Scenario& s, bool on, std::string& why) {
  if (on && s.hellenistic.use == ModuleUse::None) {
    why = "battle " + s.id + " has no set-up for the Hellenistic module (no `hellenistic:` line: grades, commanders)";
    return false;
  }
  s.hellenistic.on = on;
  s.finalize();
  return true;
}

bool is_fidelity(const std::string& v) {
  return v == "book" || v == "transcribed" || v == "reconstructed" || v == "designed" || v == "custom";
}

// The built-in battles are the files of data/scenarios/, embedded at build time
// (cmake/embed_scenarios.cmake) and parsed once, on first use. A file that does not load is left
// out here; the tests (test_scenario_file.cpp) and `bgbot validate` report why.
namespace {

struct Builtin {
  std::string stem;  // file name without ".txt", e.g. "001-akragas"
  Scenario scn;
};

const std::vector<Builtin>& builtins() {
  static const std::vector<Builtin> all = [] {
    std::vector<Builtin> v;
    std::size_t n = 0;
    const EmbeddedScenarioFile* files = embedded_scenario_files(n);
    for (std::size_t i = 0; i < n; ++i) {
      Builtin b;
      b.stem = files[i].stem;
      std::vector<std::string> errors;
      if (!load_scenario_text(std::string(files[i].text, files[i].size), "data/scenarios/" + b.stem + ".txt", b.scn,
                              errors))
        continue;
      bool dup = false;
      for (const Builtin& x : v) dup = dup || x.scn.id == b.scn.id;
      if (!dup) v.push_back(std::move(b));
    }
    std::sort(v.begin(), v.end(), [](const Builtin& a, const Builtin& b) { return a.scn.id < b.scn.id; });
    return v;
  }();
  return all;
}

// Lower case, every run of other characters one dash: "Lake Trasimenus" -> "lake-trasimenus".
std::string slug(const std::string& s) {
  std::string out;
  bool dash = false;
  for (char ch : s) {
    char c = text::lower(ch);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (dash && !out.empty()) out += '-';
      out += c;
      dash = false;
    } else {
      dash = true;
    }
  }
  return out;
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

const Scenario* find_builtin_scenario(const std::string& id) {
  const std::string q = slug(id);
  if (q.empty()) return nullptr;
  for (const Builtin& b : builtins()) {
    const Scenario& s = b.scn;
    if (id == s.id || q == slug(s.id) || q == slug(s.name) || q == b.stem) return &s;
    if (all_digits(id) && all_digits(s.id) && std::stol(id) == std::stol(s.id)) return &s;  // "1" finds "001"
    const size_t dash = b.stem.find('-');
    if (dash != std::string::npos && q == b.stem.substr(dash + 1)) return &s;  // "akragas"
  }
  return nullptr;
}

std::vector<std::string> builtin_scenario_ids() {
  std::vector<std::string> ids;
  for (const Builtin& b : builtins()) ids.push_back(b.scn.id);
  return ids;
}

}  // namespace bgb::cca
