// Internal pieces of the scenario text format (docs/scenarios.md) shared by its lexer, reader and
// writer: the map symbols, string helpers that never throw on content, the lexed file (header
// entries and maps with their line numbers) and the list of problems found, each with its line.
// The public API is scenario_file.h.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cca/scenario.h"
#include "cca/terrain.h"
#include "core/text.h"

namespace bgb::cca::scntext {

using text::is_space;
using text::lower;
using text::trim;

// ---- symbols ------------------------------------------------------------------------------------

struct TerrainSymbol {
  const char* sym;
  Terrain terrain;
  Facing facing;
  const char* meaning;
};
extern const TerrainSymbol kTerrainSymbols[12];

// A rampart protecting other hexsides than A^ / Av: `A[`, its hexsides and `]`, `A[W,SW]` (terrain.h).
constexpr const char* kRampartPrefix = "A[";
std::string terrain_symbol(Terrain t, Facing f);
std::string terrain_symbol_list();
std::string unit_code_list();
bool parse_unit_code(const std::string& code, UnitType& out);

// Lasting unit traits a scenario can give (scenario.h kTrait*), by their names in kTraitNames;
// a bit without a trait yet ("bitN") is not offered.
struct TraitName {
  const char* id;
  uint16_t bit;
};
std::vector<TraitName> trait_names();
std::string trait_list();

constexpr char kBottomMark = '^';  // the bottom army faces up the board
constexpr char kTopMark = 'v';     // the top army faces down
constexpr uint16_t kDefaultTurnLimit = 400;
constexpr int kMaxNumberDigits = 9;

// ---- string helpers -----------------------------------------------------------------------------

std::vector<std::string> split_ws(const std::string& s);
std::vector<std::string> split_on(const std::string& s, char sep);  // items trimmed
// User text inside a message: printable ASCII as is, anything else escaped, long text cut, in `backticks`.
std::string show(const std::string& s, size_t max = 40);
bool has_control_char(const std::string& s);
// A whole number made of digits only, at most kMaxNumberDigits of them.
bool parse_number(const std::string& s, long& out);
std::string row_shape(int row);
// "row,col" with digits only; says why when it is not a hex of the board.
bool parse_hex_text(const std::string& s, int& hex, std::string& why);

// ---- the problems found, each with its line -------------------------------------------------------

class Problems {
 public:
  void add(int line, const std::string& msg);
  int count() const { return n_; }
  bool full() const { return n_ > kMaxScenarioErrorsHere; }
  // Appends "FILE:LINE: message" lines sorted by line (stable: the order of discovery within a line).
  void flush(const std::string& file, std::vector<std::string>& out);

  static constexpr int kMaxScenarioErrorsHere = 100;  // = kMaxScenarioErrors (scenario_file.h)

 private:
  std::vector<std::pair<int, std::string>> found_;
  int n_ = 0;
  int stop_line_ = 0;
};

// ---- the lexed file ------------------------------------------------------------------------------

struct Entry {
  std::string value;  // continuation lines folded in, one space each
  int line = 0;
};

struct MapRow {
  int line = 0;
  std::vector<std::string> cells;
};

struct MapBlock {
  int line = 0;  // the `terrain:` / `units:` line; 0 = absent
  std::vector<MapRow> rows;
};

struct ScenarioLines {
  std::map<std::string, Entry> entries;  // header lines by key (lower case, single spaces)
  std::vector<Entry> rules;              // the `rule:` lines, in order (the one key that repeats)
  MapBlock terrain, units;
  const Entry* get(const std::string& key) const {
    auto it = entries.find(key);
    return it == entries.end() ? nullptr : &it->second;
  }
};

// Pass 1: the lines into header entries and map rows; problems of form only.
void lex_scenario(const std::string& text, ScenarioLines& out, Problems& problems);

}  // namespace bgb::cca::scntext
