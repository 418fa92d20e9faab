// Pass 1 of the scenario text format: the lines into `key: value` header entries (with their
// indented continuation lines) and the rows of the terrain and units maps, each with its line.
// Problems of form are reported here; what the values mean is the reader's (scenario_reader.cpp).
#include "cca/scenario_text.h"

#include <cstdio>

#include "cca/board.h"

namespace bgb::cca::scntext {

namespace {

const char* const kPlainKeys[] = {"id",         "name",   "year",   "fidelity",           "source", "note",
                                  "first",      "deck",   "banners", "special rules",     "traits",
                                  "turn limit", "sudden death leader", "rule", "hellenistic", "hellenistic off",
                                  "reserve move"};
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
         "top/bottom), leaders top/bottom, reserve top/bottom, rule (one per special rule), special rules, sudden "
         "death leader, traits, deck, turn limit, hellenistic, hellenistic off, reserve move, terrain, units";
}

void read_map_row(MapBlock& map, const std::string& t, int ln, Problems& p) {
  const int row = int(map.rows.size());
  std::string rest = t;
  // Optional row label: digits and a bar, e.g. "3 |".
  size_t bar = rest.find('|');
  if (bar != std::string::npos) {
    std::string label = trim(rest.substr(0, bar));
    long n = -1;
    if (!parse_number(label, n))
      p.add(ln, "a row label is the row number before the bar, e.g. `3 |`; found " + show(label));
    else if (n != row)
      p.add(ln, "this row is labelled " + std::to_string(n) + " but it is row " + std::to_string(row) +
                    " of the map (a row missing or one too many above?)");
    rest = rest.substr(bar + 1);
  }
  MapRow r;
  r.line = ln;
  r.cells = split_ws(rest);
  map.rows.push_back(std::move(r));
}

}  // namespace

void lex_scenario(const std::string& text, ScenarioLines& out, Problems& p) {
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

  // The entry an indented line continues: a header entry (map nodes stay put) or a `rule:` line
  // (by index: the vector may move).
  Entry* cont = nullptr;
  int cont_rule = -1;
  bool discard_cont = false;  // continuation lines of a rejected header line
  MapBlock* map = nullptr;    // the map being read
  const char* map_name = "";
  bool after_map = false;     // the previous line completed a map

  auto close_map_early = [&](int line) {
    p.add(map->line, std::string("the ") + map_name + " map has " + std::to_string(map->rows.size()) +
                         " rows; the board has 9 (rows 0-8)" +
                         (line > 0 ? " (the map ends at line " + std::to_string(line) + ")" : ""));
    map = nullptr;
  };

  for (size_t i = 0; i < lines.size(); ++i) {
    if (p.full()) return;
    const int ln = int(i) + 1;
    std::string raw = lines[i];
    // Names and notes are kept and written as JSON: the text must be UTF-8.
    if (const size_t bad = text::invalid_utf8_at(raw); bad != std::string::npos) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(raw[bad]));
      p.add(ln, "not UTF-8 text: byte " + std::string(byte) + " at column " + std::to_string(bad + 1) +
                    " (save the file as UTF-8)");
      continue;
    }
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    const std::string t = trim(raw);
    if (t.empty()) {
      cont = nullptr;
      cont_rule = -1;
      discard_cont = false;
      continue;
    }
    if (t[0] == '#') continue;

    if (map) {
      if (t.find(':') == std::string::npos) {
        read_map_row(*map, t, ln, p);
        if (map->rows.size() == size_t(kRows)) {
          map = nullptr;
          after_map = true;
        }
        continue;
      }
      close_map_early(ln);
    }

    if (is_space(raw[0]) && (cont || cont_rule >= 0 || discard_cont)) {
      Entry* e = cont ? cont : cont_rule >= 0 ? &out.rules[size_t(cont_rule)] : nullptr;
      if (e) e->value += (e->value.empty() ? "" : " ") + t;
      continue;
    }
    const size_t colon = t.find(':');
    if (colon == std::string::npos) {
      if (after_map)
        p.add(ln, "a 10th map row? The board has 9 rows (0-8): " + show(t));
      else if (is_space(raw[0]))
        p.add(ln, "indented line outside a header: only the value of a `key:` line may go on over indented lines");
      else
        p.add(ln, "expected `key: value` (or a comment starting with #), found " + show(t));
      after_map = false;
      continue;
    }
    after_map = false;
    cont = nullptr;
    cont_rule = -1;
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
      for (const char* k : kSideKeys)
        if (words.size() == 2 && words[0] == k) side_key = true;
      if (side_key)
        p.add(ln, "unknown side " + show(words[1]) + " in " + show(key + ":") + " (top or bottom)");
      else if (key.empty())
        p.add(ln, "a header line needs a key before the colon, e.g. `name: Akragas`");
      else
        p.add(ln, "unknown header " + show(key) + " (known: " + known_key_list() + ")");
      continue;
    }
    if (key == "rule") {  // the one key that may repeat: one line per special rule
      out.rules.push_back(Entry{value, ln});
      cont_rule = int(out.rules.size()) - 1;
      discard_cont = false;
      continue;
    }
    if (auto it = out.entries.find(key); it != out.entries.end()) {
      p.add(ln, "duplicate " + show(key + ":") + " (first given on line " + std::to_string(it->second.line) + ")");
      continue;
    }
    if (key == "terrain" || key == "units") {
      Entry& e = out.entries[key];
      e.line = ln;
      discard_cont = false;
      if (!value.empty()) p.add(ln, show(key + ":") + " takes no value: the map's 9 rows follow on the next lines");
      map = key == "terrain" ? &out.terrain : &out.units;
      map_name = key == "terrain" ? "terrain" : "units";
      map->line = ln;
      continue;
    }
    Entry& e = out.entries[key];
    e.value = value;
    e.line = ln;
    cont = &e;
    discard_cont = false;
  }
  if (map) close_map_early(0);
}

}  // namespace bgb::cca::scntext
