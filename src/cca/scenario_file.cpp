// The scenario text format: parser, validator and writer (docs/scenarios.md).
//
// The parser reads the whole file into header entries and two maps, then checks everything and
// reports each problem with the line it comes from. It works on std::string only (no exceptions
// of its own, no stoi); a final catch-all turns anything unexpected into an error line.
#include "cca/scenario_file.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "cca/board.h"
#include "cca/state.h"
#include "cca/unit_types.h"
#include "core/text.h"

namespace bgb::cca {

namespace {

// ---------------------------------------------------------------------------------------------
// Symbols.

struct TerrainSymbol {
  const char* sym;
  Terrain terrain;
  Facing facing;
  const char* meaning;
};
static_assert(int(Terrain::Count) == 11, "a new terrain needs a symbol in kTerrainSymbols and docs/scenarios.md");
const TerrainSymbol kTerrainSymbols[] = {
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

const char* terrain_symbol(Terrain t, Facing f) {
  for (const TerrainSymbol& s : kTerrainSymbols)
    if (s.terrain == t && (t != Terrain::Rampart || s.facing == f)) return s.sym;
  return "?";
}

std::string terrain_symbol_list() {
  std::string out;
  for (const TerrainSymbol& s : kTerrainSymbols) out += std::string(out.empty() ? "" : ", ") + s.sym + " " + s.meaning;
  return out;
}

std::string unit_code_list() {
  std::string out;
  for (int i = 0; i < kUnitTypes; ++i) out += std::string(i ? " " : "") + unit_info(UnitType(i)).code;
  return out;
}

std::string rule_id_list() {
  std::string out;
  for (int i = 0; i < int(SpecialRule::Count); ++i) out += std::string(i ? ", " : "") + special_rule_id(SpecialRule(i));
  return out;
}

// Lasting unit traits a scenario can give (scenario.h kTrait*), by their names in kTraitNames;
// a bit without a trait yet ("bitN") is not offered.
struct TraitName {
  const char* id;
  uint8_t bit;
};
std::vector<TraitName> trait_names() {
  std::vector<TraitName> out;
  for (int b = 0; b < 8; ++b)
    if (std::string(kTraitNames[b]).rfind("bit", 0) != 0) out.push_back({kTraitNames[b], uint8_t(1u << b)});
  return out;
}

std::string trait_list() {
  std::string out;
  for (const TraitName& t : trait_names()) out += std::string(out.empty() ? "" : ", ") + t.id;
  return out;
}

constexpr char kBottomMark = '^';  // the bottom army faces up the board
constexpr char kTopMark = 'v';     // the top army faces down
constexpr uint16_t kDefaultTurnLimit = 400;
constexpr int kMaxNumberDigits = 9;

// ---------------------------------------------------------------------------------------------
// Small string helpers that never throw on content.

// (is_space, trim and lower: core/text.h. The text is split into lines at '\n' before any of
// them sees it, so no line break reaches them.)
using text::is_space;
using text::lower;
using text::trim;

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

// User text inside a message: printable ASCII as is, anything else escaped, long text cut.
std::string show(const std::string& s, size_t max = 40) {
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

// A whole number made of digits only, at most kMaxNumberDigits of them.
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

// "row,col" with digits only; says why when it is not a hex of the board.
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

// ---------------------------------------------------------------------------------------------
// The raw file: header entries and maps, each with its line numbers.

struct Entry {
  std::string value;
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

const char* const kPlainKeys[] = {"id",         "name",   "year",   "fidelity",           "source", "note",
                                  "first",      "deck",   "banners", "special rules",     "traits",
                                  "turn limit", "sudden death leader"};
const char* const kSideKeys[] = {"army", "command", "banners", "leaders", "reserve"};

bool known_key(const std::string& k) {
  for (const char* p : kPlainKeys)
    if (k == p) return true;
  for (const char* p : kSideKeys)
    if (k == std::string(p) + " top" || k == std::string(p) + " bottom") return true;
  return k == "terrain" || k == "units";
}

std::string known_key_list() {
  return "id, name, year, fidelity, source, note, army top/bottom, command top/bottom, first, banners (or banners "
         "top/bottom), leaders top/bottom, reserve top/bottom, special rules, sudden death leader, traits, deck, "
         "turn limit, terrain, units";
}

// What a units-map cell holds.
struct UnitCell {
  bool unit = false;
  UnitType type = UnitType::LightInfantry;
  Side side = Side::None;
  uint8_t blocks = 0;
  bool leader = false;  // a leader mark `*` (of `side`)
};

class Loader {
 public:
  Loader(const std::string& file, std::vector<std::string>& errors) : file_(file), errors_(errors) {}

  bool run(const std::string& text, Scenario& out) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
      err(1, "the file is empty: a scenario needs at least id, name, army, command, first, banners and a units map");
      return false;
    }
    read_lines(text);
    Scenario s;
    build(s);
    if (own_errors_ > 0) return false;
    s.finalize();
    out = std::move(s);
    return true;
  }

 private:
  const std::string& file_;
  std::vector<std::string>& errors_;
  int own_errors_ = 0;
  int last_line_ = 1;
  std::map<std::string, Entry> entries_;
  MapBlock terrain_map_, units_map_;

  std::vector<std::pair<int, std::string>> found_;  // (line, message), reported in line order

  void err(int line, const std::string& msg) {
    if (own_errors_ > kMaxScenarioErrors) return;
    ++own_errors_;
    if (own_errors_ > kMaxScenarioErrors) {
      stop_line_ = line;
      return;
    }
    found_.emplace_back(line, msg);
  }
  int stop_line_ = 0;

 public:
  // Appends the problems found, sorted by line (stable: the order of discovery within a line).
  void flush() {
    std::stable_sort(found_.begin(), found_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [line, msg] : found_) errors_.push_back(file_ + ":" + std::to_string(line) + ": " + msg);
    if (stop_line_) errors_.push_back(file_ + ":" + std::to_string(stop_line_) + ": too many errors; stopping here");
    found_.clear();
  }

 private:

  const Entry* get(const std::string& key) const {
    auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
  }

  // --- Pass 1: lines into entries and map rows. -----------------------------------------------

  void read_lines(const std::string& text) {
    std::vector<std::string> lines;
    {
      size_t start = 0;
      for (size_t i = 0; i <= text.size(); ++i)
        if (i == text.size() || text[i] == '\n') {
          lines.push_back(text.substr(start, i - start));
          start = i + 1;
        }
      if (!lines.empty() && lines[0].compare(0, 3, "\xEF\xBB\xBF") == 0) lines[0].erase(0, 3);  // UTF-8 BOM
    }
    last_line_ = int(lines.size());

    Entry* cont = nullptr;      // the entry an indented line continues
    bool discard_cont = false;  // continuation lines of a rejected header line
    MapBlock* map = nullptr;    // the map being read
    const char* map_name = "";
    bool after_map = false;     // the previous line completed a map

    auto close_map_early = [&](int line) {
      err(map->line, std::string("the ") + map_name + " map has " + std::to_string(map->rows.size()) +
                         " rows; the board has 9 (rows 0-8)" +
                         (line > 0 ? " (the map ends at line " + std::to_string(line) + ")" : ""));
      map = nullptr;
    };

    for (size_t i = 0; i < lines.size(); ++i) {
      if (own_errors_ > kMaxScenarioErrors) return;
      const int ln = int(i) + 1;
      std::string raw = lines[i];
      if (!raw.empty() && raw.back() == '\r') raw.pop_back();
      const std::string t = trim(raw);
      if (t.empty()) {
        cont = nullptr;
        discard_cont = false;
        continue;
      }
      if (t[0] == '#') continue;

      if (map) {
        if (t.find(':') == std::string::npos) {
          read_map_row(*map, t, ln);
          if (map->rows.size() == size_t(kRows)) {
            map = nullptr;
            after_map = true;
          }
          continue;
        }
        close_map_early(ln);
      }

      if (is_space(raw[0]) && (cont || discard_cont)) {
        if (cont) cont->value += (cont->value.empty() ? "" : " ") + t;
        continue;
      }
      const size_t colon = t.find(':');
      if (colon == std::string::npos) {
        if (after_map)
          err(ln, "a 10th map row? The board has 9 rows (0-8): " + show(t));
        else if (is_space(raw[0]))
          err(ln, "indented line outside a header: only the value of a `key:` line may go on over indented lines");
        else
          err(ln, "expected `key: value` (or a comment starting with #), found " + show(t));
        after_map = false;
        continue;
      }
      after_map = false;
      cont = nullptr;
      discard_cont = true;
      std::string key = lower(trim(t.substr(0, colon)));
      {
        std::vector<std::string> words = split_ws(key);
        key.clear();
        for (const std::string& w : words) key += (key.empty() ? "" : " ") + w;
      }
      std::string value = trim(t.substr(colon + 1));

      if (!known_key(key)) {
        std::vector<std::string> words = split_ws(key);
        bool side_key = false;
        for (const char* p : kSideKeys)
          if (words.size() == 2 && words[0] == p) side_key = true;
        if (side_key)
          err(ln, "unknown side " + show(words[1]) + " in " + show(key + ":") + " (top or bottom)");
        else if (key.empty())
          err(ln, "a header line needs a key before the colon, e.g. `name: Akragas`");
        else
          err(ln, "unknown header " + show(key) + " (known: " + known_key_list() + ")");
        continue;
      }
      if (auto it = entries_.find(key); it != entries_.end()) {
        err(ln, "duplicate " + show(key + ":") + " (first given on line " + std::to_string(it->second.line) + ")");
        continue;
      }
      if (key == "terrain" || key == "units") {
        Entry& e = entries_[key];
        e.line = ln;
        discard_cont = false;
        if (!value.empty())
          err(ln, show(key + ":") + " takes no value: the map's 9 rows follow on the next lines");
        map = key == "terrain" ? &terrain_map_ : &units_map_;
        map_name = key == "terrain" ? "terrain" : "units";
        map->line = ln;
        continue;
      }
      Entry& e = entries_[key];
      e.value = value;
      e.line = ln;
      cont = &e;
      discard_cont = false;
    }
    if (map) close_map_early(0);
  }

  void read_map_row(MapBlock& map, const std::string& t, int ln) {
    const int row = int(map.rows.size());
    std::string rest = t;
    // Optional row label: digits and a bar, e.g. "3 |".
    size_t bar = rest.find('|');
    if (bar != std::string::npos) {
      std::string label = trim(rest.substr(0, bar));
      long n = -1;
      if (!parse_number(label, n))
        err(ln, "a row label is the row number before the bar, e.g. `3 |`; found " + show(label));
      else if (n != row)
        err(ln, "this row is labelled " + std::to_string(n) + " but it is row " + std::to_string(row) +
                    " of the map (a row missing or one too many above?)");
      rest = rest.substr(bar + 1);
    }
    MapRow r;
    r.line = ln;
    r.cells = split_ws(rest);
    map.rows.push_back(std::move(r));
  }

  // --- Pass 2: the Scenario. --------------------------------------------------------------------

  const Entry* require(const std::string& key) {
    const Entry* e = get(key);
    if (!e) err(1, "missing header " + show(key + ":"));
    return e;
  }

  bool text_value(const Entry& e, const std::string& key, std::string& out, bool required) {
    if (has_control_char(e.value)) {
      err(e.line, show(key + ":") + " contains a control character");
      return false;
    }
    if (required && e.value.empty()) {
      err(e.line, show(key + ":") + " is empty");
      return false;
    }
    out = e.value;
    return true;
  }

  bool number_value(const Entry& e, const std::string& key, long lo, long hi, long& out, const char* what) {
    long v = 0;
    if (!parse_number(e.value, v) || v < lo || v > hi) {
      err(e.line, show(key + ":") + " " + what + " must be a whole number from " + std::to_string(lo) + " to " +
                      std::to_string(hi) + ", found " + show(e.value));
      return false;
    }
    out = v;
    return true;
  }

  bool side_value(const Entry& e, const std::string& key, Side& out) {
    std::string v = lower(e.value);
    if (v == "top") out = Side::Top;
    else if (v == "bottom") out = Side::Bottom;
    else {
      err(e.line, "unknown side " + show(e.value) + " in " + show(key + ":") + " (top or bottom)");
      return false;
    }
    return true;
  }

  void build(Scenario& s) {
    if (const Entry* e = require("id")) {
      if (text_value(*e, "id", s.id, true)) {
        bool ok = s.id.size() <= 32;
        for (char c : s.id)
          ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
        if (!ok) err(e->line, "the id " + show(s.id) + " may hold only letters, digits, - and _ (at most 32)");
      }
    }
    if (const Entry* e = require("name")) text_value(*e, "name", s.name, true);
    if (const Entry* e = get("year")) text_value(*e, "year", s.year, false);
    if (const Entry* e = get("source")) text_value(*e, "source", s.source, false);
    if (const Entry* e = get("note")) text_value(*e, "note", s.note, false);
    if (const Entry* e = get("fidelity")) {
      std::string v = lower(e->value);
      if (is_fidelity(v))
        s.fidelity = v;
      else
        err(e->line, "fidelity " + show(e->value) + " must be one of " + kFidelityList);
    } else {
      s.fidelity = "custom";
    }

    for (Side side : {Side::Top, Side::Bottom}) {
      const int k = idx(side);
      const std::string sn = side_name(side);
      if (const Entry* e = require("army " + sn)) text_value(*e, "army " + sn, s.army[k], true);
      if (const Entry* e = require("command " + sn)) {
        long v = 0;
        if (number_value(*e, "command " + sn, 1, kMaxHand, v, "(cards in hand)")) s.command[k] = uint8_t(v);
      }
    }
    if (const Entry* e = require("first")) side_value(*e, "first", s.first);

    // Banners: one number for both sides or one per side, not both ways.
    {
      const Entry* both = get("banners");
      const Entry* per[2] = {get("banners top"), get("banners bottom")};
      long v = 0;
      if (both) {
        for (const Entry* p : per)
          if (p) err(p->line, "banners given twice: `banners:` on line " + std::to_string(both->line) +
                                  " already counts for both sides");
        if (number_value(*both, "banners", 1, 255, v, "(victory banners to win)"))
          s.banners_to_win[0] = s.banners_to_win[1] = uint8_t(v);
      } else if (per[0] || per[1]) {
        for (int k = 0; k < 2; ++k) {
          std::string key = std::string("banners ") + side_name(Side(k));
          if (!per[k])
            err(per[1 - k]->line, "missing " + show(key + ":") + " (or give one number for both in `banners:`)");
          else if (number_value(*per[k], key, 1, 255, v, "(victory banners to win)"))
            s.banners_to_win[k] = uint8_t(v);
        }
      } else {
        err(1, "missing header `banners:` (victory banners to win, or `banners top:` and `banners bottom:`)");
      }
    }

    if (const Entry* e = get("turn limit")) {
      long v = 0;
      if (number_value(*e, "turn limit", 0, 65535, v, "(0 = none)")) s.turn_limit = uint16_t(v);
    } else {
      s.turn_limit = kDefaultTurnLimit;
    }

    build_special_rules(s);
    build_deck(s);
    build_maps(s);
  }

  void build_special_rules(Scenario& s) {
    const Entry* e = get("special rules");
    if (!e || lower(e->value) == "none" || e->value.empty()) return;
    for (const std::string& item : split_on(e->value, ',')) {
      SpecialRule r;
      if (item.empty()) {
        err(e->line, "empty item in `special rules:` (ids are separated by commas)");
      } else if (!parse_special_rule(lower(item), r)) {
        err(e->line, "unknown special rule " + show(item) + " (known: " + rule_id_list() + ")");
      } else if (s.has_rule(r)) {
        err(e->line, "special rule " + show(item) + " listed twice");
      } else {
        s.special_rules.push_back(r);
      }
    }
  }

  void build_deck(Scenario& s) {
    const Entry* e = get("deck");
    const int line = e ? e->line : 1;
    if (!e || lower(e->value) == "standard") {
      s.deck = playable_deck();
    } else if (e->value.empty()) {
      err(e->line, "`deck:` is empty: write `standard` or a list like `order-two-left x3, order-three-center x4`");
      return;
    } else {
      for (const std::string& item : split_on(e->value, ',')) {
        std::vector<std::string> w = split_ws(item);
        long copies = 1;
        if (w.size() == 2 && w[1].size() > 1 && (w[1][0] == 'x' || w[1][0] == 'X')) {
          if (!parse_number(w[1].substr(1), copies) || copies < 1 || copies > kMaxDeck) {
            err(e->line, "card count " + show(w[1]) + " must be x1 to x" + std::to_string(kMaxDeck));
            continue;
          }
          w.pop_back();
        }
        CardKind k;
        if (w.size() != 1 || has_control_char(w[0]) || !parse_card(w[0].c_str(), k)) {
          err(e->line, "unknown card " + show(item) + " in `deck:` (write `standard`, or card ids like `order-two-left x3`)");
          continue;
        }
        if (!card_info(k).playable) {
          err(e->line, std::string("card ") + card_info(k).id + " is not playable yet");
          continue;
        }
        if (s.deck.size() + size_t(copies) > size_t(kMaxDeck)) {
          err(e->line, "the deck holds more than " + std::to_string(kMaxDeck) + " cards");
          return;
        }
        s.deck.insert(s.deck.end(), size_t(copies), uint8_t(k));
      }
    }
    if (s.deck.size() > size_t(kMaxDeck)) err(line, "the deck holds more than " + std::to_string(kMaxDeck) + " cards");
    if (!s.deck.empty() && int(s.deck.size()) < int(s.command[0]) + int(s.command[1]))
      err(line, "the deck's " + std::to_string(s.deck.size()) + " cards cannot deal hands of " +
                    std::to_string(s.command[0]) + " and " + std::to_string(s.command[1]));
  }

  // Leader lines: "Name row,col; Name reserve".
  struct LeaderLine {
    std::string name;
    int hex = -1;
    int line = 0;
    Side side = Side::None;
  };

  void read_leaders(std::vector<LeaderLine>& out) {
    for (Side side : {Side::Top, Side::Bottom}) {
      const std::string key = std::string("leaders ") + side_name(side);
      const Entry* e = get(key);
      if (!e || e->value.empty() || lower(e->value) == "none") continue;
      if (has_control_char(e->value)) {
        err(e->line, show(key + ":") + " contains a control character");
        continue;
      }
      for (const std::string& item : split_on(e->value, ';')) {
        if (item.empty()) {
          err(e->line, "empty leader in " + show(key + ":") + " (leaders are separated by ;)");
          continue;
        }
        size_t sp = item.find_last_of(" \t");
        if (sp == std::string::npos) {
          err(e->line, "leader " + show(item) + ": write the name, then the hex, e.g. `Himilco 1,3`");
          continue;
        }
        LeaderLine l;
        l.name = trim(item.substr(0, sp));
        l.line = e->line;
        l.side = side;
        std::string why;
        if (lower(item.substr(sp + 1)) == "reserve") {
          l.hex = kOffBoard;  // starts off the map (mago-ambush)
        } else if (!parse_hex_text(item.substr(sp + 1), l.hex, why)) {
          err(e->line, "leader " + show(l.name) + ": " + why + " (or `reserve` for a leader off the map)");
          continue;
        }
        out.push_back(l);
      }
    }
  }

  bool parse_unit_cell(const std::string& tok, UnitCell& c, std::string& why) {
    size_t i = 0;
    auto read_one = [&](UnitCell& u) -> bool {
      if (i < tok.size() && tok[i] == '*') {  // a leader alone: *^ or *v
        ++i;
        if (i >= tok.size() || (tok[i] != kBottomMark && tok[i] != kTopMark)) {
          why = "a leader alone is written *^ (bottom army) or *v (top army)";
          return false;
        }
        u.side = tok[i] == kBottomMark ? Side::Bottom : Side::Top;
        u.leader = true;
        ++i;
        return true;
      }
      size_t j = i;
      while (j < tok.size() && tok[j] >= 'A' && tok[j] <= 'Z') ++j;
      const std::string code = tok.substr(i, j - i);
      if (code.empty()) {
        why = "a unit is written as its type code and side, e.g. HI^ (bottom army) or HIv (top army)";
        return false;
      }
      bool found = false;
      for (int t = 0; t < kUnitTypes; ++t)
        if (code == unit_info(UnitType(t)).code) {
          u.type = UnitType(t);
          found = true;
        }
      if (!found) {
        why = "unknown unit type " + show(code) + " (" + unit_code_list() + ")";
        return false;
      }
      i = j;
      if (i >= tok.size() || (tok[i] != kBottomMark && tok[i] != kTopMark)) {
        why = "after the unit type " + code + " comes its side: ^ (bottom army) or v (top army)";
        return false;
      }
      u.side = tok[i] == kBottomMark ? Side::Bottom : Side::Top;
      u.unit = true;
      ++i;
      if (i < tok.size() && tok[i] >= '0' && tok[i] <= '9') {
        const int b = tok[i] - '0';
        const int full = unit_info(u.type).blocks;
        if (b < 1 || b > full) {
          why = std::string(code) + " has 1 to " + std::to_string(full) + " blocks, not " + std::to_string(b);
          return false;
        }
        u.blocks = uint8_t(b);
        ++i;
      }
      if (i < tok.size() && tok[i] == '*') {
        u.leader = true;
        ++i;
      }
      return true;
    };
    if (!read_one(c)) return false;
    if (i < tok.size()) {
      UnitCell extra;
      std::string ignored;
      const std::string rest = tok.substr(i);
      if (read_one(extra) && i == tok.size()) {
        if (extra.unit && c.unit)
          why = "two units in one hex: " + show(tok) + " (a hex holds one unit)";
        else if (extra.leader && c.leader)
          why = "two leaders in one hex: " + show(tok);
        else
          why = show(tok) + ": a unit with a leader is written with the * after it, e.g. HI^*";
      } else if (rest == "*" && c.leader) {
        why = "two leaders in one hex: " + show(tok);
      } else {
        why = "unexpected " + show(rest) + " after " + show(tok.substr(0, tok.size() - rest.size())) +
              " (a cell is a type code, a side ^ or v, optional blocks 1-4 and an optional * for a leader)";
      }
      return false;
    }
    return true;
  }

  // Checks each row's number of cells; a row with the wrong number is reported and then skipped
  // (its cells would sit in the wrong columns, so checking them would only report echoes).
  void map_shape(const MapBlock& m, const char* name, bool (&bad_row)[kRows]) {
    for (int r = 0; r < kRows; ++r) {
      const MapRow& row = m.rows[r];
      const int want = Board::row_length(r);
      const int have = int(row.cells.size());
      bad_row[r] = have != want;
      if (have != want) {
        std::string msg = std::string(name) + " map row " + std::to_string(r) + " has " + std::to_string(have) +
                          " cells; " + row_shape(r);
        if (have > want) msg += ": the last " + std::to_string(have - want) + " would be off the board";
        err(row.line, msg);
      }
    }
  }

  void build_maps(Scenario& s) {
    bool bad_terrain_row[kRows] = {};
    bool bad_units_row[kRows] = {};
    // Terrain (optional: an absent map is open ground everywhere).
    if (terrain_map_.line != 0 && terrain_map_.rows.size() == size_t(kRows)) {
      map_shape(terrain_map_, "terrain", bad_terrain_row);
      for (int r = 0; r < kRows; ++r) {
        const MapRow& row = terrain_map_.rows[r];
        if (bad_terrain_row[r]) continue;
        for (int c = 0; c < int(row.cells.size()) && c < Board::row_length(r); ++c) {
          const std::string& tok = row.cells[c];
          const int h = Board::index(r, c);
          bool found = false;
          for (const TerrainSymbol& ts : kTerrainSymbols)
            if (tok == ts.sym) {
              s.terrain[h] = ts.terrain;
              s.rampart[h] = ts.facing;
              found = true;
            }
          if (found) continue;
          if (tok == "A")
            err(row.line, hex_name(h) + ": a rampart needs its facing: A^ (faces up, toward row 0) or Av (faces down)");
          else
            err(row.line, hex_name(h) + ": unknown terrain symbol " + show(tok) + " (" + terrain_symbol_list() + ")");
        }
      }
    }

    // Units.
    std::vector<LeaderLine> leader_lines;
    read_leaders(leader_lines);
    if (units_map_.line == 0) {
      err(1, "missing the `units:` map (9 rows drawing the board, see docs/scenarios.md)");
      return;
    }
    if (units_map_.rows.size() != size_t(kRows)) return;  // already reported
    map_shape(units_map_, "units", bad_units_row);
    Side mark[kHexes];
    int mark_line[kHexes];
    for (int h = 0; h < kHexes; ++h) {
      mark[h] = Side::None;
      mark_line[h] = 0;
    }
    int unit_count = 0;
    for (int r = 0; r < kRows; ++r) {
      const MapRow& row = units_map_.rows[r];
      if (bad_units_row[r]) continue;
      for (int c = 0; c < int(row.cells.size()) && c < Board::row_length(r); ++c) {
        const std::string& tok = row.cells[c];
        if (tok == ".") continue;
        const int h = Board::index(r, c);
        UnitCell cell;
        std::string why;
        if (!parse_unit_cell(tok, cell, why)) {
          err(row.line, hex_name(h) + ": " + why);
          continue;
        }
        const TerrainInfo& ti = terrain_info(s.terrain[h]);
        if (ti.impassable && !bad_terrain_row[r]) {
          std::string where = terrain_map_.rows.size() == size_t(kRows) ? " (terrain map line " + std::to_string(terrain_map_.rows[r].line) + ")" : "";
          err(row.line, hex_name(h) + ": " + (cell.unit ? "a unit" : "a leader") + " cannot stand on impassable " +
                            ti.name + where);
        }
        if (cell.unit) {
          ++unit_count;
          if (unit_count == kMaxUnits + 1)
            err(row.line, "more than " + std::to_string(kMaxUnits) + " units on the map (the engine holds at most " +
                              std::to_string(kMaxUnits) + ")");
          s.units.push_back(UnitSetup{cell.type, cell.side, uint8_t(h), cell.blocks});
        }
        if (cell.leader) {
          mark[h] = cell.side;
          mark_line[h] = row.line;
        }
      }
    }
    build_reserve(s);
    if (int(s.units.size()) > kMaxUnits) s.units.resize(kMaxUnits);
    build_traits(s);

    // Leaders: each `leaders` entry stands on a `*` of its army, and each `*` has an entry.
    bool named[kHexes] = {};
    int leader_in[kHexes];
    for (int& x : leader_in) x = -1;
    auto add_leader = [&](const LeaderLine& l) {
      if (int(s.leaders.size()) == kMaxLeaders)
        err(l.line, "more than " + std::to_string(kMaxLeaders) + " leaders (the engine holds at most " +
                        std::to_string(kMaxLeaders) + ")");
      s.leaders.push_back(LeaderSetup{l.name, l.side, uint8_t(l.hex)});
    };
    for (size_t i = 0; i < leader_lines.size(); ++i) {
      const LeaderLine& l = leader_lines[i];
      const std::string sn = side_name(l.side);
      if (l.name.empty()) {
        err(l.line, "a leader at " + (l.hex == kOffBoard ? std::string("reserve") : hex_name(l.hex)) + " has no name");
        continue;
      }
      if (l.hex == kOffBoard) {
        if (!s.has_rule(SpecialRule::MagoAmbush))
          err(l.line, "leader " + show(l.name) +
                          " starts in reserve, but no special rule brings a reserve onto the map (mago-ambush)");
        add_leader(l);
        continue;
      }
      if (leader_in[l.hex] >= 0) {
        err(l.line, "two leaders at " + hex_name(l.hex) + ": " + show(leader_lines[size_t(leader_in[l.hex])].name) +
                        " and " + show(l.name) + " (a hex holds one leader)");
        continue;
      }
      leader_in[l.hex] = int(i);
      if (bad_units_row[Board::get().row[l.hex]]) continue;  // that row is already reported
      if (mark[l.hex] == Side::None) {
        err(l.line, "leader " + show(l.name) + " at " + hex_name(l.hex) +
                        ": the units map has no leader mark (*) in that hex; add * to the cell (e.g. HI" +
                        (l.side == Side::Bottom ? "^" : "v") + "*) or correct the hex");
        continue;
      }
      if (mark[l.hex] != l.side) {
        err(l.line, "leader " + show(l.name) + " of the " + sn + " army at " + hex_name(l.hex) +
                        ": the leader mark in that hex belongs to the " + side_name(mark[l.hex]) + " army");
        continue;
      }
      named[l.hex] = true;
      add_leader(l);
    }
    for (int h = 0; h < kHexes; ++h) {
      if (mark[h] == Side::None || named[h] || leader_in[h] >= 0) continue;
      const std::string key = std::string("leaders ") + side_name(mark[h]);
      if (!get(key))
        err(mark_line[h], hex_name(h) + ": a leader of the " + side_name(mark[h]) +
                              " army, but there is no " + show(key + ":") + " line naming the army's leaders");
      else
        err(mark_line[h], hex_name(h) + ": a leader mark (*) that no entry of " + show(key + ":") + " places at " +
                              hex_name(h));
    }
    if (int(s.leaders.size()) > kMaxLeaders) s.leaders.resize(kMaxLeaders);

    // Special rules that need something on the map.
    if (s.has_rule(SpecialRule::FordableAtBends)) {
      bool ford = false;
      for (Terrain t : s.terrain) ford = ford || t == Terrain::FordableRiver;
      if (!ford)
        err(get("special rules")->line, "fordable-at-bends: the terrain map marks no fordable bend hex (~)");
    }
    if (s.has_rule(SpecialRule::BaeculaCamps)) {
      bool camp = false;
      for (Terrain t : s.terrain) camp = camp || t == Terrain::FortifiedCamp;
      if (!camp) err(get("special rules")->line, "baecula-camps: the terrain map has no camp hex (C)");
    }
    if (s.has_rule(SpecialRule::MagoAmbush)) {
      bool reserve = false;
      for (const UnitSetup& u : s.units) reserve = reserve || u.hex == kOffBoard;
      for (const LeaderSetup& l : s.leaders) reserve = reserve || l.hex == kOffBoard;
      if (!reserve)
        err(get("special rules")->line,
            "mago-ambush: no reserve to bring in (`reserve top:` units, or a leader written `Name reserve`)");
    }
    bool sacred = false;
    for (const UnitSetup& u : s.units) sacred = sacred || (u.traits & kTraitSacredBand);
    if (s.has_rule(SpecialRule::SacredBand) && !sacred)
      err(get("special rules")->line, "sacred-band: no unit carries the trait (add `traits: sacred-band row,col`)");
    if (sacred && !s.has_rule(SpecialRule::SacredBand))
      err(get("traits")->line, "the sacred-band trait needs the special rule sacred-band in `special rules:`");
    build_sudden_death(s);
  }

  // `reserve top: MC, WA, WA`: units that start off the map (mago-ambush), after the map's units.
  void build_reserve(Scenario& s) {
    for (Side side : {Side::Top, Side::Bottom}) {
      const std::string key = std::string("reserve ") + side_name(side);
      const Entry* e = get(key);
      if (!e || e->value.empty() || lower(e->value) == "none") continue;
      if (!s.has_rule(SpecialRule::MagoAmbush))
        err(e->line, show(key + ":") + " units start off the map, but no special rule brings them in (mago-ambush)");
      for (const std::string& tok : split_on(e->value, ',')) {
        if (tok.empty()) {
          err(e->line, "empty unit in " + show(key + ":") + " (units are separated by commas)");
          continue;
        }
        size_t j = 0;
        while (j < tok.size() && tok[j] >= 'A' && tok[j] <= 'Z') ++j;
        const std::string code = tok.substr(0, j);
        UnitType type = UnitType::LightInfantry;
        bool found = false;
        for (int t = 0; t < kUnitTypes; ++t)
          if (code == unit_info(UnitType(t)).code) {
            type = UnitType(t);
            found = true;
          }
        if (!found) {
          err(e->line, "unknown unit type " + show(code.empty() ? tok : code) + " in " + show(key + ":") + " (" +
                           unit_code_list() + ")");
          continue;
        }
        uint8_t blocks = 0;
        if (j < tok.size() && tok[j] >= '0' && tok[j] <= '9') {
          const int b = tok[j] - '0';
          if (b < 1 || b > unit_info(type).blocks) {
            err(e->line, code + " has 1 to " + std::to_string(unit_info(type).blocks) + " blocks, not " +
                             std::to_string(b));
            continue;
          }
          blocks = uint8_t(b);
          ++j;
        }
        if (j != tok.size()) {
          err(e->line, "reserve unit " + show(tok) + ": write the type code and, if reduced, its blocks, e.g. `WA3`");
          continue;
        }
        s.units.push_back(UnitSetup{type, side, kOffBoard, blocks});
        if (s.units.size() == size_t(kMaxUnits) + 1)
          err(e->line, "more than " + std::to_string(kMaxUnits) + " units with the reserve (the engine holds at most " +
                           std::to_string(kMaxUnits) + ")");
      }
    }
  }

  // `traits: sacred-band 4,6; ...`: lasting traits of the units standing on those hexes.
  void build_traits(Scenario& s) {
    const Entry* e = get("traits");
    if (!e || e->value.empty() || lower(e->value) == "none") return;
    for (const std::string& item : split_on(e->value, ';')) {
      std::vector<std::string> w = split_ws(item);
      if (w.size() != 2) {
        err(e->line, "trait " + show(item) + ": write the trait and the unit's hex, e.g. `sacred-band 4,6`");
        continue;
      }
      const std::vector<TraitName> names = trait_names();
      const TraitName* trait = nullptr;
      for (const TraitName& t : names)
        if (lower(w[0]) == t.id) trait = &t;
      if (!trait) {
        err(e->line, "unknown trait " + show(w[0]) + " (known: " + trait_list() + ")");
        continue;
      }
      int h = -1;
      std::string why;
      if (!parse_hex_text(w[1], h, why)) {
        err(e->line, "trait " + std::string(trait->id) + ": " + why);
        continue;
      }
      UnitSetup* unit = nullptr;
      for (UnitSetup& u : s.units)
        if (u.hex == h) unit = &u;
      if (!unit) {
        err(e->line, "trait " + std::string(trait->id) + ": no unit stands at " + hex_name(h));
        continue;
      }
      if (unit->traits & trait->bit) {
        err(e->line, "trait " + std::string(trait->id) + " at " + hex_name(h) + " listed twice");
        continue;
      }
      unit->traits = uint8_t(unit->traits | trait->bit);
    }
  }

  // `sudden death leader: Publius Scipio` (castulo-sudden-death).
  void build_sudden_death(Scenario& s) {
    const Entry* e = get("sudden death leader");
    const bool rule = s.has_rule(SpecialRule::CastuloSuddenDeath);
    if (!e) {
      if (rule)
        err(get("special rules")->line,
            "castulo-sudden-death: name the leader whose loss ends the game in `sudden death leader:`");
      return;
    }
    if (!text_value(*e, "sudden death leader", s.sudden_death_leader, true)) return;
    if (!rule) {
      err(e->line, "`sudden death leader:` belongs to the special rule castulo-sudden-death, which is not listed");
      return;
    }
    bool found = false;
    for (const LeaderSetup& l : s.leaders) found = found || l.name == s.sudden_death_leader;
    if (!found) err(e->line, "sudden death leader " + show(s.sudden_death_leader) + " is not one of the leaders");
  }
};

// ---------------------------------------------------------------------------------------------
// Writer helpers.

std::string pad(const std::string& s, size_t w) { return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' '); }

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// A break at value[j] folds back into one space and does not start a continuation with '#'.
bool breakable(const std::string& v, size_t j) { return v[j] == ' ' && v[j - 1] != ' ' && v[j + 1] != ' ' && v[j + 1] != '#'; }

// "key: value" with the value wrapped at spaces that a reader folds back into single spaces.
void write_wrapped(std::ostringstream& o, const std::string& key, std::string value) {
  for (char& c : value)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  constexpr size_t kWidth = 100;
  std::string line = key + ": ";
  size_t i = 0;
  const size_t indent = 2;
  while (i < value.size()) {
    // The longest piece that fits, breaking only at a single space between two words.
    const size_t room = line.size() < kWidth ? kWidth - line.size() : 0;
    size_t end = value.size();
    if (value.size() - i > room) {
      size_t best = std::string::npos;
      for (size_t j = i + 1; j + 1 < value.size() && j <= i + room; ++j)
        if (breakable(value, j)) best = j;
      if (best == std::string::npos)  // no break inside the room: the first possible one after it
        for (size_t j = i + room + 1; j + 1 < value.size(); ++j)
          if (breakable(value, j)) {
            best = j;
            break;
          }
      if (best != std::string::npos) end = best;
    }
    line += value.substr(i, end - i);
    o << line << "\n";
    line = std::string(indent, ' ');
    i = end < value.size() ? end + 1 : end;
  }
  if (value.empty()) o << line.substr(0, line.size() - 1) << "\n";
}

std::string unit_token(const UnitSetup& u, bool leader) {
  std::string t = int(u.type) < kUnitTypes ? unit_info(u.type).code : "?";
  t += u.side == Side::Bottom ? kBottomMark : u.side == Side::Top ? kTopMark : '?';
  if (u.blocks) t += std::to_string(int(u.blocks));
  if (leader) t += '*';
  return t;
}

void write_map(std::ostringstream& o, const std::vector<std::string>& cells, size_t width) {
  std::string ruler = "#    ";
  for (int c = 0; c < 13; ++c) ruler += pad(std::to_string(c), width);
  o << rstrip(ruler) << "\n";
  for (int r = 0; r < kRows; ++r) {
    std::string line = std::to_string(r) + " |  ";
    if (r & 1) line += std::string(width / 2, ' ');
    for (int c = 0; c < Board::row_length(r); ++c) line += pad(cells[size_t(Board::index(r, c))], width);
    o << rstrip(line) << "\n";
  }
}

}  // namespace

bool load_scenario_text(const std::string& text, const std::string& filename, Scenario& out,
                        std::vector<std::string>& errors) {
  const size_t before = errors.size();
  try {
    Loader loader(filename, errors);
    bool ok = loader.run(text, out);
    loader.flush();
    return ok && errors.size() == before;
  } catch (const std::bad_alloc&) {
    try {
      errors.push_back(filename + ":1: out of memory while reading the scenario");
    } catch (...) {
    }
  } catch (const std::exception& e) {
    try {
      errors.push_back(filename + ":1: internal error while reading the scenario: " + e.what());
    } catch (...) {
    }
  } catch (...) {
    try {
      errors.push_back(filename + ":1: internal error while reading the scenario");
    } catch (...) {
    }
  }
  return false;
}

bool load_scenario_file(const std::string& path, Scenario& out, std::vector<std::string>& errors) {
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      errors.push_back(path + ":0: cannot read the file (missing or unreadable)");
      return false;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) {
      errors.push_back(path + ":0: cannot read the file (read error)");
      return false;
    }
    return load_scenario_text(ss.str(), path, out, errors);
  } catch (...) {
    try {
      errors.push_back(path + ":0: cannot read the file");
    } catch (...) {
    }
    return false;
  }
}

std::string scenario_to_text(const Scenario& s) {
  std::ostringstream o;
  o << "# Commands & Colors: Ancients scenario in the BoardGamesBot text format (docs/scenarios.md).\n";
  o << "id: " << s.id << "\n";
  o << "name: " << s.name << "\n";
  if (!s.year.empty()) o << "year: " << s.year << "\n";
  o << "fidelity: " << s.fidelity << "\n";
  if (!s.source.empty()) write_wrapped(o, "source", s.source);
  o << "army top: " << s.army[0] << "\n";
  o << "army bottom: " << s.army[1] << "\n";
  o << "command top: " << int(s.command[0]) << "\n";
  o << "command bottom: " << int(s.command[1]) << "\n";
  o << "first: " << side_name(s.first) << "\n";
  if (s.banners_to_win[0] == s.banners_to_win[1])
    o << "banners: " << int(s.banners_to_win[0]) << "\n";
  else
    o << "banners top: " << int(s.banners_to_win[0]) << "\nbanners bottom: " << int(s.banners_to_win[1]) << "\n";
  for (Side side : {Side::Top, Side::Bottom}) {
    std::string list;
    for (const LeaderSetup& l : s.leaders)
      if (l.side == side)
        list += (list.empty() ? "" : "; ") + l.name + " " + (l.hex < kHexes ? hex_name(l.hex) : std::string("reserve"));
    if (!list.empty()) o << "leaders " << side_name(side) << ": " << list << "\n";
  }
  for (Side side : {Side::Top, Side::Bottom}) {
    std::string list;
    for (const UnitSetup& u : s.units)
      if (u.side == side && u.hex >= kHexes && int(u.type) < kUnitTypes)
        list += (list.empty() ? "" : ", ") + std::string(unit_info(u.type).code) +
                (u.blocks ? std::to_string(int(u.blocks)) : std::string());
    if (!list.empty()) o << "reserve " << side_name(side) << ": " << list << "\n";
  }
  if (!s.sudden_death_leader.empty()) o << "sudden death leader: " << s.sudden_death_leader << "\n";
  {
    std::string traits;
    for (const UnitSetup& u : s.units)
      for (const TraitName& t : trait_names())
        if (u.hex < kHexes && (u.traits & t.bit)) traits += (traits.empty() ? "" : "; ") + std::string(t.id) + " " + hex_name(u.hex);
    if (!traits.empty()) o << "traits: " << traits << "\n";
  }
  {
    std::string rules;
    for (SpecialRule r : s.special_rules) rules += (rules.empty() ? "" : ", ") + std::string(special_rule_id(r));
    o << "special rules: " << (rules.empty() ? "none" : rules) << "\n";
  }
  if (s.deck == playable_deck()) {
    o << "deck: standard\n";
  } else {
    std::string d;
    for (size_t i = 0; i < s.deck.size();) {
      size_t j = i;
      while (j < s.deck.size() && s.deck[j] == s.deck[i]) ++j;
      d += (d.empty() ? "" : ", ") + std::string(s.deck[i] < kCardKinds ? card_info(s.deck[i]).id : "?");
      if (j - i > 1) d += " x" + std::to_string(j - i);
      i = j;
    }
    write_wrapped(o, "deck", d);
  }
  if (s.turn_limit != kDefaultTurnLimit) o << "turn limit: " << s.turn_limit << "\n";
  if (!s.note.empty()) write_wrapped(o, "note", s.note);

  std::vector<std::string> cells(kHexes);
  o << "\n# Terrain: . open ground, B broken ground, F forest, H hill, C fortified camp, ~ fordable river,\n"
       "# R river (impassable), L lake (impassable), X steep hill (impassable), S seacoast (impassable),\n"
       "# A^ / Av rampart facing up (toward row 0) / down. Odd rows sit half a hex to the right.\n";
  o << "terrain:\n";
  for (int h = 0; h < kHexes; ++h) cells[size_t(h)] = terrain_symbol(s.terrain[size_t(h)], s.rampart[size_t(h)]);
  write_map(o, cells, 4);

  o << "\n# Units: type code, side (^ bottom army, v top army), blocks if fewer than full, * a leader.\n"
       "# LI LS LB AX WA MI HI LWM HWM LC LBC MC HC CA EL LCH HCH; . an empty hex; *^ / *v a leader alone.\n";
  o << "units:\n";
  std::vector<int> leader_side(kHexes, -1);
  for (const LeaderSetup& l : s.leaders)
    if (l.hex < kHexes) leader_side[l.hex] = int(l.side);
  for (int h = 0; h < kHexes; ++h) cells[size_t(h)] = ".";
  for (const UnitSetup& u : s.units)
    if (u.hex < kHexes) cells[u.hex] = unit_token(u, leader_side[u.hex] >= 0);
  for (const LeaderSetup& l : s.leaders)
    if (l.hex < kHexes && cells[l.hex] == ".")
      cells[l.hex] = std::string("*") + (l.side == Side::Bottom ? kBottomMark : kTopMark);
  write_map(o, cells, 6);
  return o.str();
}

}  // namespace bgb::cca
