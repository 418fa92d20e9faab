// The WRG play sheets' tables: names, the reader of data/wrg6/tables/*.txt and the lookups.
//
// Every file has the same shape (docs/wrg6-tables.md): `#` comments, one `page N` line, and lines
// of words whose first word says what the line is. A numeric line is `[KIND] KEY CONF VALUE...`:
// CONF is the line's default confidence, and a value is a whole number with an optional `:C`
// confidence of its own, `~N` (our value where the sheet prints nothing), `-` (nothing meant) or
// `?` (lost). The reader keeps going after a problem so that a file shows all its mistakes at
// once, each as "FILE:LINE: row KEY: problem".
#include "wrg6/tables.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

namespace bgb::wrg6 {

// ---------------------------------------------------------------- names

namespace {

const char* const kTroopNames[kTroops] = {"hc", "lc", "hi", "mi", "li"};
const char* const kMeleeNames[kMelees] = {"lance", "cavalry-other", "long-spear", "throwing-sword", "infantry-other"};
const char* const kMissileNames[kMissiles] = {"none", "javelin", "mounted-bow", "foot-bow", "sling"};
const char* const kGradeNames[kGrades] = {"irr-a", "reg-a", "irr-b", "reg-b", "reg-c", "irr-c"};
const char* const kFactorNames[kFactors] = {"p1",  "p2",  "p3",  "p4",  "p5",  "p6",  "p7",  "p8",  "p9",  "p10", "p11",
                                            "p12", "p13", "m1",  "m2",  "m3",  "m4",  "m5",  "m6",  "m7",  "m8",  "m9",
                                            "m10", "m11", "m12", "m13", "m14", "m15", "m16", "m17", "g1",  "g2",  "g3"};
const char* const kTacticalNames[kTacticals] = {
    "impetuous-charge", "charging",      "pikes-vs-impetuous-mounted", "higher-ground",       "shieldless-or-flanked",
    "facing-pikes",     "facing-two-handed", "shot-per-half",          "disorder-per-cause",  "enemy-higher-halted",
    "defended-obstacle", "shaken",       "target-shieldless-mi",       "target-shieldless",   "shooters-disordered",
    "target-moved-or-cover", "long-range"};

bool same_lower(std::string_view a, const char* b) {
  size_t i = 0;
  for (; i < a.size() && b[i]; ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (c != b[i]) return false;
  }
  return i == a.size() && !b[i];
}

template <class E, int N>
bool parse_name(std::string_view s, const char* const (&names)[N], E& out) {
  for (int i = 0; i < N; ++i)
    if (same_lower(s, names[i])) {
      out = E(i);
      return true;
    }
  return false;
}

}  // namespace

bool is_mounted(Troop t) { return t == Troop::HC || t == Troop::LC; }
bool is_light(Troop t) { return t == Troop::LC || t == Troop::LI; }

const char* troop_name(Troop t) { return kTroopNames[int(t)]; }
const char* melee_name(Melee m) { return kMeleeNames[int(m)]; }
const char* missile_name(Missile m) { return kMissileNames[int(m)]; }
const char* grade_name(Grade g) { return kGradeNames[int(g)]; }
const char* factor_name(Factor f) { return kFactorNames[int(f)]; }
const char* tactical_name(Tactical t) { return kTacticalNames[int(t)]; }
bool parse_troop(std::string_view s, Troop& out) { return parse_name(s, kTroopNames, out); }
bool parse_melee(std::string_view s, Melee& out) { return parse_name(s, kMeleeNames, out); }
bool parse_missile(std::string_view s, Missile& out) { return parse_name(s, kMissileNames, out); }
bool parse_grade(std::string_view s, Grade& out) { return parse_name(s, kGradeNames, out); }
bool parse_factor(std::string_view s, Factor& out) { return parse_name(s, kFactorNames, out); }
bool parse_tactical(std::string_view s, Tactical& out) { return parse_name(s, kTacticalNames, out); }

char conf_letter(Conf c) { return "HML?"[int(c)]; }

const Row* Table::find(std::string_view key) const {
  for (const Row& r : rows)
    if (r.key == key) return &r;
  return nullptr;
}

const std::vector<std::string>& table_file_names() {
  static const std::vector<std::string> kNames = {"casualty.txt", "reaction_thresholds.txt", "reaction_factors.txt",
                                                  "moves.txt",    "ranges.txt",              "hth_weapon.txt",
                                                  "shooting_weapon.txt", "tactical.txt"};
  return kNames;
}

// ---------------------------------------------------------------- the reader

namespace {

struct Line {
  int no = 0;
  std::vector<std::string> w;  // words, comments removed; never empty
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// A whole number: an optional sign and 1 to 6 digits (no table needs more).
bool parse_int(std::string_view s, int& out) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 6) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = neg ? -v : v;
  return true;
}

bool parse_conf(std::string_view s, Conf& out) {
  static const char* const kLetters[] = {"H", "M", "L", "?"};
  for (int i = 0; i < 4; ++i)
    if (s == kLetters[i]) {
      out = Conf(i);
      return true;
    }
  return false;
}

// One file being read: its lines and a place for its errors.
struct FileReader {
  std::string name;
  std::vector<std::string>& errors;
  Table& table;
  std::vector<Line> lines;  // every line but `page` and comments
  std::set<std::string> broken;  // keys of rows given but unreadable: not also reported missing

  // Whether a row was given at all (read, or reported unreadable).
  bool known(const std::string& key) const { return table.find(key) || broken.count(key); }

  void error(int line, const std::string& what) {
    errors.push_back(name + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + what);
  }

  void split(const std::string& text) {
    int no = 0, page_line = 0;
    size_t i = 0;
    while (i <= text.size()) {
      size_t j = text.find('\n', i);
      if (j == std::string::npos) j = text.size();
      std::string_view s(text.data() + i, j - i);
      ++no;
      i = j + 1;
      if (size_t h = s.find('#'); h != std::string_view::npos) s = s.substr(0, h);
      Line l;
      l.no = no;
      size_t k = 0;
      while (k < s.size()) {
        while (k < s.size() && is_blank(s[k])) ++k;
        size_t e = k;
        while (e < s.size() && !is_blank(s[e])) ++e;
        if (e > k) l.w.emplace_back(s.substr(k, e - k));
        k = e;
      }
      if (l.w.empty()) continue;
      if (l.w[0] == "page") {
        int p = 0;
        if (page_line)
          error(no, "page: given twice (first at line " + std::to_string(page_line) + ")");
        else if (l.w.size() != 2 || !parse_int(l.w[1], p) || p < 1 || p > 6)
          error(no, "page: expected one sheet page number 1..6");
        else
          table.page = p;
        page_line = no;
        continue;
      }
      lines.push_back(std::move(l));
    }
    if (!page_line) error(0, "no `page` line (the sheet page of the table)");
  }

  // One value word: N, N:C, ~N, ~N:C, N+die[:C], -, -:C, ?.
  bool parse_num(const std::string& word, Conf line_conf, Num& n, std::string& why) {
    n = Num();
    n.conf = line_conf;
    std::string_view s = word;
    if (s == "?") {
      n.mark = Mark::Unknown;
      n.conf = Conf::Unknown;
      return true;
    }
    if (size_t c = s.find(':'); c != std::string_view::npos) {
      if (!parse_conf(s.substr(c + 1), n.conf)) {
        why = quoted(word) + ": " + quoted(s.substr(c + 1)) + " is not a confidence (H, M, L or ?)";
        return false;
      }
      s = s.substr(0, c);
    }
    if (s == "-") {
      n.mark = Mark::Blank;
      return true;
    }
    if (!s.empty() && s[0] == '~') {
      n.mark = Mark::Ours;
      s.remove_prefix(1);
    }
    if (s.size() > 4 && s.substr(s.size() - 4) == "+die") {
      n.plus_die = true;
      s.remove_suffix(4);
    }
    if (!parse_int(s, n.value)) {
      why = quoted(word) + " is not a number";
      return false;
    }
    return true;
  }

  // A numeric line: w[first] is the key, w[first + 1] the confidence, the rest values. Errors
  // name the line by its kind and key ("row +3", "factor sling").
  bool read_row(const Line& l, size_t first, const std::string& kind, Row& r) {
    r = Row();
    r.kind = kind;
    if (l.w.size() <= first) {
      error(l.no, kind + ": expected a name, a confidence (H, M, L or ?) and numbers");
      return false;
    }
    r.key = l.w[first];
    r.line = l.no;
    const std::string what = label(kind, r.key);
    if (l.w.size() < first + 2) {
      error(l.no, what + ": expected a confidence (H, M, L or ?) and numbers");
      broken.insert(r.key);
      return false;
    }
    if (!parse_conf(l.w[first + 1], r.conf)) {
      error(l.no, what + ": " + quoted(l.w[first + 1]) + " is not a confidence (H, M, L or ?)");
      broken.insert(r.key);
      return false;
    }
    bool ok = true;
    for (size_t k = first + 2; k < l.w.size(); ++k) {
      Num n;
      std::string why;
      if (!parse_num(l.w[k], r.conf, n, why)) {
        error(l.no, what + ": value " + std::to_string(k - first - 1) + ": " + why);
        ok = false;
      }
      r.nums.push_back(n);
    }
    if (!ok) broken.insert(r.key);
    return ok;
  }

  static std::string label(const std::string& kind, const std::string& key) {
    return (kind.empty() ? std::string("row") : kind) + " " + key;
  }

  // Adds a row to the table unless its key is there already.
  bool add(const Row& r) {
    if (const Row* old = table.find(r.key)) {
      error(r.line, label(r.kind, r.key) + ": duplicate (first at line " + std::to_string(old->line) + ")");
      return false;
    }
    table.rows.push_back(r);
    return true;
  }

  bool count(const Row& r, size_t want) {
    if (r.nums.size() == want) return true;
    error(r.line, label(r.kind, r.key) + ": expected " + std::to_string(want) + " numbers, found " +
                      std::to_string(r.nums.size()));
    return false;
  }

  // Value k (0-based) must be a number (printed or ours), not "-" or "?"; `field` names it.
  bool number(const Row& r, size_t k, const std::string& field) {
    if (k < r.nums.size() && (r.nums[k].mark == Mark::Printed || r.nums[k].mark == Mark::Ours)) return true;
    error(r.line, label(r.kind, r.key) + ": " + field + ": needs a number");
    return false;
  }

  // "+die" belongs only after an evade distance.
  bool no_die(const Row& r, size_t from, size_t to) {
    bool ok = true;
    for (size_t k = from; k < to && k < r.nums.size(); ++k)
      if (r.nums[k].plus_die) {
        error(r.line, label(r.kind, r.key) + ": value " + std::to_string(k + 1) + ": \"+die\" only follows an evade distance");
        ok = false;
      }
    return ok;
  }

  bool words(const Line& l, size_t want, const std::string& what) {
    if (l.w.size() == want) return true;
    error(l.no, what + ": expected " + std::to_string(want - 1) + " words after " + quoted(l.w[0]) + ", found " +
                    std::to_string(l.w.size() - 1));
    return false;
  }
};

// ---------------------------------------------------------------- one reader per table

// W-CAS: the `figures` header (fixed: the lookup depends on it) and the rows -3..+12.
void read_casualty(FileReader& f, Tables& t) {
  static const int kHeader[14] = {10, 20, 30, 40, 50, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (const Line& l : f.lines) {
    Row r;
    if (!f.read_row(l, 0, "", r) || !f.add(r)) continue;
    if (r.key == "figures") {
      if (!f.count(r, 14)) continue;
      for (int k = 0; k < 14; ++k)
        if (r.nums[k].value != kHeader[k] || r.nums[k].mark != Mark::Printed) {
          f.error(r.line, "row figures: expected the columns 10 20 30 40 50 1 2 3 4 5 6 7 8 9");
          break;
        }
      continue;
    }
    int total = 0;
    if (!parse_int(r.key, total) || total < -3 || total > 12 ||
        r.key != (total > 0 ? "+" : "") + std::to_string(total)) {
      f.error(r.line, "unknown row " + quoted(r.key) + " (expected figures, -3, -2, -1, 0, +1 .. +12)");
      continue;
    }
    if (!f.count(r, 14) || !f.no_die(r, 0, 14)) continue;
    for (int k = 0; k < 14; ++k)
      if (f.number(r, k, "column " + std::to_string(kHeader[k]))) {
        if (r.nums[k].value < 0)
          f.error(r.line, "row " + r.key + ": column " + std::to_string(kHeader[k]) + ": casualties cannot be negative");
        t.cas[total + 3][k] = r.nums[k].value;
      }
  }
  if (!f.known("figures")) f.error(0, "row figures: missing");
  for (int total = -3; total <= 12; ++total) {
    const std::string key = (total > 0 ? "+" : "") + std::to_string(total);
    if (!f.known(key)) f.error(0, "row " + key + ": missing");
  }
}

// W-RT: `columns` (the grade of each column) and the lowest score of bands r1..r5.
void read_thresholds(FileReader& f, Tables& t) {
  int column_grade[kGrades] = {-1, -1, -1, -1, -1, -1};
  int columns_line = 0;
  int low[5][kGrades] = {};
  bool have[5] = {};
  for (const Line& l : f.lines) {
    if (l.w[0] == "columns") {
      if (columns_line) {
        f.error(l.no, "columns: given twice (first at line " + std::to_string(columns_line) + ")");
        continue;
      }
      columns_line = l.no;
      Conf c;
      if (l.w.size() != 2 + kGrades || !parse_conf(l.w[1], c)) {
        f.error(l.no, "columns: expected a confidence and the 6 class names");
        continue;
      }
      std::set<int> seen;
      for (int k = 0; k < kGrades; ++k) {
        Grade g;
        if (!parse_grade(l.w[2 + k], g))
          f.error(l.no, "columns: " + quoted(l.w[2 + k]) + " is not a class (irr-a reg-a irr-b reg-b reg-c irr-c)");
        else if (!seen.insert(int(g)).second)
          f.error(l.no, "columns: " + quoted(l.w[2 + k]) + " given twice");
        else
          column_grade[k] = int(g);
      }
      continue;
    }
    Row r;
    if (!f.read_row(l, 0, "", r)) continue;
    if (r.key.size() != 2 || r.key[0] != 'r' || r.key[1] < '1' || r.key[1] > '5') {
      f.error(r.line, "unknown row " + quoted(r.key) + " (expected columns, r1 .. r5)");
      continue;
    }
    if (!f.add(r) || !f.count(r, kGrades) || !f.no_die(r, 0, kGrades)) continue;
    const int b = r.key[1] - '1';
    have[b] = true;
    for (int k = 0; k < kGrades; ++k)
      if (!f.number(r, k, "column " + std::to_string(k + 1))) have[b] = false;
      else low[b][k] = r.nums[k].value;
  }
  if (!columns_line) f.error(0, "columns: missing");
  for (int b = 0; b < 5; ++b)
    if (!f.known("r" + std::to_string(b + 1))) f.error(0, "row r" + std::to_string(b + 1) + ": missing");
  for (int k = 0; k < kGrades; ++k) {
    for (int b = 1; b < 5; ++b)
      if (have[b] && have[b - 1] && low[b][k] >= low[b - 1][k])
        f.error(f.table.find("r" + std::to_string(b + 1))->line,
                "row r" + std::to_string(b + 1) + ": column " + std::to_string(k + 1) + ": " + std::to_string(low[b][k]) +
                    " must be below r" + std::to_string(b) + "'s " + std::to_string(low[b - 1][k]));
    if (column_grade[k] >= 0)
      for (int b = 0; b < 5; ++b) t.band_low[b][column_grade[k]] = low[b][k];
  }
}

// W-RF: one value per item, p1 .. g3.
void read_factors(FileReader& f, Tables& t) {
  for (const Line& l : f.lines) {
    Row r;
    if (!f.read_row(l, 0, "", r)) continue;
    Factor x;
    if (!parse_factor(r.key, x)) {
      f.error(r.line, "unknown row " + quoted(r.key) + " (expected p1..p13, m1..m17, g1..g3)");
      continue;
    }
    r.key = factor_name(x);
    if (!f.add(r) || !f.count(r, 1) || !f.no_die(r, 0, 1) || !f.number(r, 0, "value")) continue;
    t.factor[int(x)] = r.nums[0].value;
  }
  for (int i = 0; i < kFactors; ++i)
    if (!f.known(kFactorNames[i])) f.error(0, std::string("row ") + kFactorNames[i] + ": missing");
}

// W-MOV: rows of normal, charge, evade (a), evade (b); `troop` lines map the subset to rows.
void read_moves(FileReader& f, Tables& t) {
  std::map<int, const Line*> troop_line;
  for (const Line& l : f.lines) {
    if (l.w[0] == "troop") {
      Troop tr;
      if (!f.words(l, 3, "troop")) continue;
      if (!parse_troop(l.w[1], tr)) {
        f.error(l.no, "troop: " + quoted(l.w[1]) + " is not a troop type (hc lc hi mi li)");
        continue;
      }
      if (auto [it, fresh] = troop_line.emplace(int(tr), &l); !fresh)
        f.error(l.no, "troop " + l.w[1] + ": given twice (first at line " + std::to_string(it->second->no) + ")");
      continue;
    }
    Row r;
    if (!f.read_row(l, 0, "", r) || !f.add(r)) continue;
    if (!f.count(r, 4) || !f.no_die(r, 0, 2)) continue;
    auto v = [&](int k) { return r.nums[k].mark == Mark::Printed || r.nums[k].mark == Mark::Ours ? r.nums[k].value : 0; };
    t.move_rows.push_back({r.key, MoveRow{v(0), v(1), v(2), v(3)}});
  }
  for (int i = 0; i < kTroops; ++i) {
    auto it = troop_line.find(i);
    if (it == troop_line.end()) {
      f.error(0, std::string("troop ") + kTroopNames[i] + ": missing");
      continue;
    }
    const Line& l = *it->second;
    const Row* r = f.table.find(l.w[2]);
    if (!r) {
      if (!f.known(l.w[2])) f.error(l.no, "troop " + l.w[1] + ": no move row " + quoted(l.w[2]));
      continue;
    }
    if (r->nums.size() != 4) continue;  // already reported
    static const char* const kFields[4] = {"normal", "charge", "evade (a)", "evade (b)"};
    bool ok = true;
    for (int k = 0; k < 4; ++k)
      if (r->nums[k].mark != Mark::Printed && r->nums[k].mark != Mark::Ours) {
        f.error(l.no, "troop " + l.w[1] + ": row " + r->key + " has no " + kFields[k] + " move");
        ok = false;
      }
    if (ok)
      t.move[i] = MoveRow{r->nums[0].value, r->nums[1].value, r->nums[2].value, r->nums[3].value};
  }
}

// W-RNG: rows of max, long from, height; `missile` lines map the subset to rows.
void read_ranges(FileReader& f, Tables& t) {
  std::map<int, const Line*> missile_line;
  for (const Line& l : f.lines) {
    if (l.w[0] == "missile") {
      Missile m;
      if (!f.words(l, 3, "missile")) continue;
      if (!parse_missile(l.w[1], m) || m == Missile::None) {
        f.error(l.no, "missile: " + quoted(l.w[1]) + " is not a missile weapon (javelin mounted-bow foot-bow sling)");
        continue;
      }
      if (auto [it, fresh] = missile_line.emplace(int(m), &l); !fresh)
        f.error(l.no, "missile " + l.w[1] + ": given twice (first at line " + std::to_string(it->second->no) + ")");
      continue;
    }
    Row r;
    if (!f.read_row(l, 0, "", r) || !f.add(r)) continue;
    if (!f.count(r, 3) || !f.no_die(r, 0, 3) || !f.number(r, 0, "max")) continue;
    const Num& lf = r.nums[1];
    const int long_from = lf.mark == Mark::Printed || lf.mark == Mark::Ours ? lf.value : 0;
    if (long_from < 0 || (long_from > 0 && long_from >= r.nums[0].value)) {
      f.error(r.line, "row " + r.key + ": long range from " + std::to_string(long_from) + " must be below the max " +
                          std::to_string(r.nums[0].value));
      continue;
    }
    t.range_rows.push_back({r.key, RangeRow{r.nums[0].value, long_from}});
  }
  t.range[int(Missile::None)] = RangeRow{};
  for (int i = 1; i < kMissiles; ++i) {
    auto it = missile_line.find(i);
    if (it == missile_line.end()) {
      f.error(0, std::string("missile ") + kMissileNames[i] + ": missing");
      continue;
    }
    const Line& l = *it->second;
    bool found = false;
    for (const auto& [id, row] : t.range_rows)
      if (id == l.w[2]) {
        t.range[i] = row;
        found = true;
      }
    if (!found && !f.known(l.w[2])) f.error(l.no, "missile " + l.w[1] + ": no range row " + quoted(l.w[2]));
  }
}

// The 1-based column "cN" of a 12-column weapon table, or 0.
int column_index(std::string_view s) {
  int c = 0;
  if (s.size() < 2 || s[0] != 'c' || !parse_int(s.substr(1), c) || c < 1 || c > 12 || s[1] == '+' || s[1] == '-') return 0;
  return c;
}

// W-HWF: `columns`, `row` and `unplaced` lines; `troop` (a column) and `melee` (two rows) lines
// for the subset.
void read_hth(FileReader& f, Tables& t) {
  std::vector<std::string> labels;
  int columns_line = 0;
  std::map<int, const Line*> troop_line, melee_line;
  for (const Line& l : f.lines) {
    const std::string& k = l.w[0];
    if (k == "columns") {
      Conf c;
      if (columns_line)
        f.error(l.no, "columns: given twice (first at line " + std::to_string(columns_line) + ")");
      else if (l.w.size() != 14 || !parse_conf(l.w[1], c))
        f.error(l.no, "columns: expected a confidence and 12 column labels");
      else
        labels.assign(l.w.begin() + 2, l.w.end());
      columns_line = l.no;
    } else if (k == "troop" || k == "melee") {
      if (!f.words(l, k == "troop" ? 3 : 4, k)) continue;
      int i = 0;
      bool ok = true;
      if (k == "troop") {
        Troop tr = Troop::HC;
        ok = parse_troop(l.w[1], tr);
        i = int(tr);
      } else {
        Melee m = Melee::Lance;
        ok = parse_melee(l.w[1], m);
        i = int(m);
      }
      if (!ok) {
        f.error(l.no, k + ": " + quoted(l.w[1]) + " is not a " + (k == "troop" ? "troop type" : "melee weapon"));
        continue;
      }
      auto& lines = k == "troop" ? troop_line : melee_line;
      if (auto [it, fresh] = lines.emplace(i, &l); !fresh)
        f.error(l.no, k + " " + l.w[1] + ": given twice (first at line " + std::to_string(it->second->no) + ")");
    } else if (k == "row" || k == "unplaced") {
      Row r;
      if (!f.read_row(l, 1, k, r) || !f.add(r)) continue;
      f.no_die(r, 0, r.nums.size());
      if (k == "row") f.count(r, 12);
    } else {
      f.error(l.no, "unknown line " + quoted(k) + " (expected columns, row, unplaced, troop, melee)");
    }
  }
  if (!columns_line) f.error(0, "columns: missing");
  int col[kTroops] = {};
  for (int i = 0; i < kTroops; ++i) {
    auto it = troop_line.find(i);
    if (it == troop_line.end()) {
      f.error(0, std::string("troop ") + kTroopNames[i] + ": missing");
      continue;
    }
    const Line& l = *it->second;
    const int c = column_index(l.w[2]);
    if (!c) {
      f.error(l.no, "troop " + l.w[1] + ": " + quoted(l.w[2]) + " is not a column c1..c12");
      continue;
    }
    // The label group of the column must name the troop type ("lhi/mi" holds mi).
    if (!labels.empty()) {
      bool holds = false;
      const std::string& g = labels[c - 1];
      for (size_t a = 0; a <= g.size();) {
        size_t b = g.find('/', a);
        if (b == std::string::npos) b = g.size();
        if (same_lower(std::string_view(g).substr(a, b - a), kTroopNames[i])) holds = true;
        a = b + 1;
      }
      if (!holds) {
        f.error(l.no, "troop " + l.w[1] + ": column " + l.w[2] + " (" + g + ") does not hold " + kTroopNames[i]);
        continue;
      }
    }
    col[i] = c;
  }
  for (int m = 0; m < kMelees; ++m) {
    auto it = melee_line.find(m);
    if (it == melee_line.end()) {
      f.error(0, std::string("melee ") + kMeleeNames[m] + ": missing");
      continue;
    }
    const Line& l = *it->second;
    for (int charging = 1; charging >= 0; --charging) {
      const std::string& id = l.w[charging ? 2 : 3];
      const Row* r = f.table.find(id);
      if (!r && f.known(id)) continue;  // already reported
      if (!r || r->kind != "row") {
        f.error(l.no, "melee " + l.w[1] + ": no weapon row " + quoted(id));
        continue;
      }
      if (r->nums.size() != 12) continue;  // already reported
      for (int o = 0; o < kTroops; ++o) {
        if (!col[o]) continue;
        const Num& n = r->nums[col[o] - 1];
        if (n.mark != Mark::Printed && n.mark != Mark::Ours)
          f.error(l.no, "melee " + l.w[1] + ": row " + id + " has no number in column c" + std::to_string(col[o]));
        else
          t.hth[m][charging][o] = n.value;
      }
    }
  }
}

// W-SWF: `raw` and `candidate` lines as read; `targets` and `factor` lines for the subset.
void read_shooting(FileReader& f, Tables& t) {
  int target_col[kTroops] = {-1, -1, -1, -1, -1};
  int targets_line = 0;
  for (const Line& l : f.lines) {
    const std::string& k = l.w[0];
    if (k == "targets") {
      if (targets_line) {
        f.error(l.no, "targets: given twice (first at line " + std::to_string(targets_line) + ")");
        continue;
      }
      targets_line = l.no;
      if (!f.words(l, 1 + kTroops, "targets")) continue;
      std::set<int> seen;
      for (int c = 0; c < kTroops; ++c) {
        Troop tr;
        if (!parse_troop(l.w[1 + c], tr))
          f.error(l.no, "targets: " + quoted(l.w[1 + c]) + " is not a troop type (hc lc hi mi li)");
        else if (!seen.insert(int(tr)).second)
          f.error(l.no, "targets: " + quoted(l.w[1 + c]) + " given twice");
        else
          target_col[int(tr)] = c;
      }
    } else if (k == "raw" || k == "candidate" || k == "factor") {
      Row r;
      const size_t first = k == "raw" ? 0 : 1;
      if (!f.read_row(l, first, k == "raw" ? "" : k, r) || !f.add(r)) continue;
      f.no_die(r, 0, r.nums.size());
      if (k == "candidate") f.count(r, 12);
      if (k == "factor") {
        Missile m;
        if (!parse_missile(r.key, m) || m == Missile::None)
          f.error(r.line, "factor " + r.key + ": not a missile weapon (javelin mounted-bow foot-bow sling)");
        else
          f.count(r, kTroops);
      }
    } else {
      f.error(l.no, "unknown line " + quoted(k) + " (expected raw, candidate, targets, factor)");
    }
  }
  if (!targets_line) f.error(0, "targets: missing");
  for (int m = 1; m < kMissiles; ++m)
    if (!f.known(kMissileNames[m])) f.error(0, std::string("factor ") + kMissileNames[m] + ": missing");
  for (int m = 1; m < kMissiles; ++m) {
    const Row* r = f.table.find(kMissileNames[m]);
    if (!r || r->kind != "factor" || r->nums.size() != kTroops) continue;
    for (int o = 0; o < kTroops; ++o)
      if (target_col[o] >= 0 && f.number(*r, target_col[o], std::string("target ") + kTroopNames[o]))
        t.shoot[m][o] = r->nums[target_col[o]].value;
  }
}

// W-TF: `hth` and `shoot` items, and the `param` target-moved-paces.
void read_tactical(FileReader& f, Tables& t) {
  for (const Line& l : f.lines) {
    const std::string& k = l.w[0];
    if (k != "hth" && k != "shoot" && k != "param") {
      f.error(l.no, "unknown line " + quoted(k) + " (expected hth, shoot, param)");
      continue;
    }
    Row r;
    if (!f.read_row(l, 1, k, r)) continue;
    if (!f.add(r) || !f.count(r, 1) || !f.no_die(r, 0, 1) || !f.number(r, 0, "value")) continue;
    if (k == "param") {
      if (r.key != "target-moved-paces") {
        f.error(r.line, "param " + r.key + ": unknown (expected target-moved-paces)");
        continue;
      }
      t.moved_paces = r.nums[0].value;
      continue;
    }
    Tactical x;
    if (!parse_tactical(r.key, x)) {
      f.error(r.line, k + " " + r.key + ": not a tactical factor");
      continue;
    }
    if (is_shooting(x) != (k == "shoot")) {
      f.error(r.line, k + " " + r.key + ": belongs to the " + (is_shooting(x) ? "shoot" : "hth") + " list");
      continue;
    }
    t.tactic[int(x)] = r.nums[0].value;
  }
  for (int i = 0; i < kTacticals; ++i)
    if (!f.known(kTacticalNames[i]))
      f.error(0, std::string(is_shooting(Tactical(i)) ? "shoot " : "hth ") + kTacticalNames[i] + ": missing");
  if (!f.known("target-moved-paces")) f.error(0, "param target-moved-paces: missing");
}

}  // namespace

bool load_tables(const std::vector<std::pair<std::string, std::string>>& files, Tables& out,
                 std::vector<std::string>& errors) {
  out = Tables();
  const size_t errors_before = errors.size();
  using ReadFn = void (*)(FileReader&, Tables&);
  struct Entry {
    Table* table;
    ReadFn read;
  };
  const std::map<std::string, Entry> kTables = {
      {"casualty.txt", {&out.casualty, read_casualty}},
      {"reaction_thresholds.txt", {&out.reaction_thresholds, read_thresholds}},
      {"reaction_factors.txt", {&out.reaction_factors, read_factors}},
      {"moves.txt", {&out.moves, read_moves}},
      {"ranges.txt", {&out.ranges, read_ranges}},
      {"hth_weapon.txt", {&out.hth_weapon, read_hth}},
      {"shooting_weapon.txt", {&out.shooting_weapon, read_shooting}},
      {"tactical.txt", {&out.tactical, read_tactical}},
  };
  std::set<std::string> seen;
  for (const auto& [name, text] : files) {
    auto it = kTables.find(name);
    if (it == kTables.end()) {
      errors.push_back(name + ": not a table file (expected one of casualty.txt, reaction_thresholds.txt, ...)");
      continue;
    }
    if (!seen.insert(name).second) {
      errors.push_back(name + ": given twice");
      continue;
    }
    Table& table = *it->second.table;
    table.file = name;
    FileReader f{name, errors, table, {}};
    f.split(text);
    it->second.read(f, out);
  }
  for (const std::string& name : table_file_names())
    if (!seen.count(name)) errors.push_back(name + ": missing (no such table file)");
  return errors.size() == errors_before;
}

const Tables& tables() {
  static const Tables kTables = [] {
    std::size_t n = 0;
    const EmbeddedTableFile* e = embedded_table_files(n);
    std::vector<std::pair<std::string, std::string>> files;
    for (std::size_t i = 0; i < n; ++i)
      if (e[i].name) files.emplace_back(e[i].name, std::string(e[i].text, e[i].size));
    Tables t;
    std::vector<std::string> errors;
    if (!load_tables(files, t, errors)) {
      std::fprintf(stderr, "bgbot: the built-in WRG tables (data/wrg6/tables/) do not load:\n");
      for (const std::string& s : errors) std::fprintf(stderr, "  %s\n", s.c_str());
      std::abort();
    }
    return t;
  }();
  return kTables;
}

// ---------------------------------------------------------------- the lookups

int casualties(int total, int figures) {
  if (figures <= 0 || total < -3) return 0;  // W-CAS: worse than -3 inflicts nothing
  const int(&row)[14] = tables().cas[(total > 12 ? 12 : total) + 3];
  int sum = 0;
  for (; figures > 59; figures -= 50) sum += row[4];  // ours: over 59, the 50 column again
  if (figures >= 10) sum += row[figures / 10 - 1];
  if (figures % 10) sum += row[5 + figures % 10 - 1];
  return sum;
}

int reaction_dice(int men, int men_start) {
  if (3 * men > 2 * men_start) return 3;
  if (2 * men > men_start) return 2;
  return 1;
}

int reaction_band(int score, Grade g) {
  const Tables& t = tables();
  for (int b = 0; b < 5; ++b)
    if (score >= t.band_low[b][int(g)]) return b + 1;
  return 6;
}

int factor_value(Factor f) { return tables().factor[int(f)]; }
int tactical_value(Tactical t) { return tables().tactic[int(t)]; }
int target_moved_paces() { return tables().moved_paces; }

int half_casualties_per_figure(int casualties, int figures) {
  if (figures <= 0 || casualties <= 0) return 0;
  return 2 * casualties / figures;  // casualties / (figures / 2), rounded down
}

int shooting_loss_factor(int casualties, int figures) {
  return half_casualties_per_figure(casualties, figures) * factor_value(Factor::M5);
}

const MoveRow& move_of(Troop t) { return tables().move[int(t)]; }
int evade_paces_a(Troop t, int die) { return move_of(t).evade_a + 10 * die; }
const RangeRow& range_of(Missile m) { return tables().range[int(m)]; }

int hth_factor(Melee w, bool charging, Troop opponent) { return tables().hth[int(w)][charging ? 1 : 0][int(opponent)]; }
int shoot_factor(Missile w, Troop target) { return tables().shoot[int(w)][int(target)]; }

bool is_long_range(const RangeRow& r, int paces) { return r.long_from > 0 && paces >= r.long_from; }
bool in_range(const RangeRow& r, int paces) { return r.max > 0 && paces <= r.max; }
bool is_long_range(Missile m, int paces) { return is_long_range(range_of(m), paces); }
bool in_range(Missile m, int paces) { return in_range(range_of(m), paces); }

const RangeRow* range_row(std::string_view id) {
  for (const auto& [k, r] : tables().range_rows)
    if (k == id) return &r;
  return nullptr;
}

const MoveRow* move_row(std::string_view id) {
  for (const auto& [k, r] : tables().move_rows)
    if (k == id) return &r;
  return nullptr;
}

}  // namespace bgb::wrg6
