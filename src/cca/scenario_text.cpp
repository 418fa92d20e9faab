#include "cca/scenario_text.h"

#include <algorithm>
#include <cstdio>

#include "cca/board.h"
#include "cca/scenario_file.h"
#include "cca/unit_types.h"

namespace bgb::cca::scntext {

static_assert(int(Terrain::Count) == 11, "a new terrain needs a symbol in kTerrainSymbols and docs/scenarios.md");
static_assert(Problems::kMaxScenarioErrorsHere == kMaxScenarioErrors);

const TerrainSymbol kTerrainSymbols[12] = {
    {".", Terrain::Plain, Facing::None, "open ground"},
    {"B", Terrain::BrokenGround, Facing::None, "broken ground"},
    {"F", Terrain::Forest, Facing::None, "forest"},
    {"H", Terrain::Hill, Facing::None, "hill"},
    {"S", Terrain::Seacoast, Facing::None, "seacoast (impassable)"},
    {"R", Terrain::River, Facing::None, "river (impassable)"},
    {"~", Terrain::FordableRiver, Facing::None, "fordable river"},
    {"A^", Terrain::Rampart, Facing::Up, "rampart facing up"},
    {"Av", Terrain::Rampart, Facing::Down, "rampart facing down"},
    {"C", Terrain::FortifiedCamp, Facing::None, "fortified camp"},
    {"L", Terrain::Lake, Facing::None, "lake (impassable)"},
    {"X", Terrain::SteepHill, Facing::None, "steep hill (impassable)"},
};

std::string terrain_symbol(Terrain t, Facing f) {
  for (const TerrainSymbol& s : kTerrainSymbols)
    if (s.terrain == t && (t != Terrain::Rampart || s.facing == f)) return s.sym;
  if (t == Terrain::Rampart && f != Facing::None) return std::string(kRampartPrefix) + hexside_list(f) + "]";
  return "?";
}

std::string terrain_symbol_list() {
  std::string out;
  for (const TerrainSymbol& s : kTerrainSymbols) out += std::string(out.empty() ? "" : ", ") + s.sym + " " + s.meaning;
  return out + ", " + kRampartPrefix + "W,SW] rampart protecting the hexsides named";
}

std::string unit_code_list() {
  std::string out;
  for (int i = 0; i < kUnitTypes; ++i) out += std::string(i ? " " : "") + unit_info(UnitType(i)).code;
  return out;
}

bool parse_unit_code(const std::string& code, UnitType& out) {
  for (int t = 0; t < kUnitTypes; ++t)
    if (code == unit_info(UnitType(t)).code) {
      out = UnitType(t);
      return true;
    }
  return false;
}

std::vector<TraitName> trait_names() {
  std::vector<TraitName> out;
  for (int b = 0; b < kTraitBits; ++b)
    if (std::string(kTraitNames[b]).rfind("bit", 0) != 0) out.push_back({kTraitNames[b], uint16_t(1u << b)});
  return out;
}

std::string trait_list() {
  std::string out;
  for (const TraitName& t : trait_names()) out += std::string(out.empty() ? "" : ", ") + t.id;
  return out;
}

// (is_space, trim and lower: core/text.h. The text is split into lines at '\n' before any of
// them sees it, so no line break reaches them.)

std::vector<std::string> split_ws(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string> split_on(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  return out;
}

std::string show(const std::string& s, size_t max) {
  std::string out;
  for (size_t i = 0; i < s.size() && i < max; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > max) out += "...";
  return "`" + out + "`";
}

bool has_control_char(const std::string& s) {
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\t') || c == 0x7f) return true;
  }
  return false;
}

bool parse_number(const std::string& s, long& out) {
  if (s.empty() || s.size() > size_t(kMaxNumberDigits)) return false;
  long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

std::string row_shape(int row) {
  return (row & 1) ? "an odd row has 12 cells (columns 0-11)" : "an even row has 13 cells (columns 0-12)";
}

bool parse_hex_text(const std::string& s, int& hex, std::string& why) {
  size_t comma = s.find(',');
  long r = 0, c = 0;
  if (comma == std::string::npos || !parse_number(trim(s.substr(0, comma)), r) ||
      !parse_number(trim(s.substr(comma + 1)), c)) {
    why = show(s) + " is not a hex: write row,col, e.g. 7,3";
    return false;
  }
  if (r >= kRows) {
    why = show(s) + " is not on the board (rows 0-8)";
    return false;
  }
  if (c >= Board::row_length(int(r))) {
    why = show(s) + " is not on the board (" + row_shape(int(r)) + ")";
    return false;
  }
  hex = Board::index(int(r), int(c));
  return true;
}

void Problems::add(int line, const std::string& msg) {
  if (n_ > kMaxScenarioErrorsHere) return;
  ++n_;
  if (n_ > kMaxScenarioErrorsHere) {
    stop_line_ = line;
    return;
  }
  found_.emplace_back(line, msg);
}

void Problems::flush(const std::string& file, std::vector<std::string>& out) {
  std::stable_sort(found_.begin(), found_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [line, msg] : found_) out.push_back(file + ":" + std::to_string(line) + ": " + msg);
  if (stop_line_) out.push_back(file + ":" + std::to_string(stop_line_) + ": too many errors; stopping here");
  found_.clear();
}

}  // namespace bgb::cca::scntext
