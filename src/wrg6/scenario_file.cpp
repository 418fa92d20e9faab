// The WRG scenario text format (docs/wrg6-scenarios.md): the reader, the writer, the validator
// and the built-in scenarios embedded from data/scenarios-wrg6/.
//
// The reader goes through a file line by line and keeps going after a problem, so that one run
// shows every mistake, each as "FILE:LINE: field: problem". A unit line that does not read is
// still counted (so the units keep the numbers a person counts in the file), but the validator
// skips its own checks on it: one mistake gives one message, not a cascade. All numbers are whole
// paces; only the validator computes in floating point (the corners of a diagonal unit), with
// tolerances far wider than any rounding.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>

#include "wrg6/geometry.h"
#include "wrg6/scenario.h"
#include "wrg6/scenario_file.h"

namespace bgb::wrg6 {
namespace {

constexpr char kSideLetter[kSides] = {'A', 'B'};
// Limits (docs/wrg6-scenarios.md): poses are int16 in the state, and a figure count is a byte.
constexpr int kMinTable = 100, kMaxTable = 5000;
constexpr int kMaxPeriods = 99;
constexpr int kMaxFiles = 32, kMaxRanks = 8;
constexpr size_t kMaxName = 40;
// A footprint may stick out this far past the table edge (movement's on_table() allows the same).
constexpr double kEdgeTol = 0.5;

// ---------------------------------------------------------------- text helpers

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return r;
}

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

bool has_control(std::string_view s) {
  for (char c : s)
    if ((unsigned char)c < 0x20 || c == 0x7f) return true;
  return false;
}

// A whole number: an optional sign and 1 to 6 digits (so no arithmetic on it can overflow).
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

// Words separated by blanks; a double-quoted name is one word, its quotes kept. False when a
// quote is not closed.
bool split_words(std::string_view t, std::vector<std::string>& out) {
  size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && is_blank(t[i])) ++i;
    if (i >= t.size()) break;
    size_t j = i;
    if (t[i] == '"') {
      j = t.find('"', i + 1);
      if (j == std::string_view::npos) return false;
      ++j;
    } else {
      while (j < t.size() && !is_blank(t[j])) ++j;
    }
    out.emplace_back(t.substr(i, j - i));
    i = j;
  }
  return true;
}

bool is_quoted(const std::string& w) { return w.size() >= 2 && w.front() == '"' && w.back() == '"'; }

bool is_id(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

// What is wrong with a unit's or a terrain piece's name, or "".
std::string name_problem(const std::string& n) {
  if (n.empty()) return "the name is empty";
  if (n.size() > kMaxName) return "the name is longer than " + std::to_string(kMaxName) + " characters";
  if (has_control(n) || n.find('"') != std::string::npos) return "the name may not hold a double quote or a control character";
  if (n != trim(n)) return "the name begins or ends with a blank";
  return "";
}

// "known: hc, lc, hi, mi, li" for the messages on an unknown name.
template <class E, class NameFn>
std::string known(int count, NameFn name) {
  std::string r;
  for (int i = 0; i < count; ++i) r += std::string(i ? ", " : " (known: ") + name(E(i));
  return r + ")";
}

const char* terrain_word(TerrainKind k) { return k == TerrainKind::Hill ? "hill" : "wood"; }

std::string unit_label(int side, int k, const std::string& name) {
  return std::string("unit ") + kSideLetter[side] + std::to_string(k + 1) + (name.empty() ? "" : " " + quoted(name));
}
std::string terrain_label(size_t i, const std::string& name) {
  return "terrain " + std::to_string(i + 1) + (name.empty() ? "" : " " + quoted(name));
}

// The defaults of a unit line that leaves a field out (docs/wrg6-scenarios.md): each type's most
// usual weapons, class and basing in §3.1's table.
struct TroopDefaults {
  Melee melee;
  Missile missile;
  Grade grade;
  int files, ranks;
};
TroopDefaults defaults_of(Troop t) {
  switch (t) {
    case Troop::HC: return {Melee::Lance, Missile::None, Grade::IrrB, 3, 2};
    case Troop::LC: return {Melee::CavalryOther, Missile::MountedBow, Grade::IrrC, 4, 1};
    case Troop::HI: return {Melee::LongSpear, Missile::None, Grade::RegB, 6, 2};
    case Troop::MI: return {Melee::InfantryOther, Missile::None, Grade::RegC, 4, 3};
    case Troop::LI: return {Melee::InfantryOther, Missile::Javelin, Grade::IrrC, 6, 1};
  }
  return {Melee::InfantryOther, Missile::None, Grade::RegB, 4, 2};
}

// The unit's direction as a step of -1, 0 or 1 along each axis (facing a multiple of 45).
void facing_step(int facing, int& dx, int& dy) {
  static const int kDx[8] = {1, 1, 0, -1, -1, -1, 0, 1}, kDy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
  const int i = norm_facing(facing) / 45 % 8;
  dx = kDx[i], dy = kDy[i];
}

// The default objective (I-ORD): straight ahead from the front-edge centre to the table edge.
void far_edge(int x, int y, int facing, int w, int h, int& ox, int& oy) {
  int dx = 0, dy = 0;
  facing_step(facing, dx, dy);
  int t = 1 << 20;
  if (dx > 0) t = std::min(t, w - x);
  if (dx < 0) t = std::min(t, x);
  if (dy > 0) t = std::min(t, h - y);
  if (dy < 0) t = std::min(t, y);
  t = std::max(t, 0);
  ox = std::clamp(x + dx * t, 0, std::max(w, 0));
  oy = std::clamp(y + dy * t, 0, std::max(h, 0));
}

Rect footprint(const UnitSpec& u) {
  return Rect{{double(u.x), double(u.y)}, u.facing, double(u.files * figure_frontage(u.troop)), double(u.ranks * figure_depth(u.troop))};
}

// §3.1: mounted fight with a lance (HC only) or other cavalry weapons and may carry javelins or a
// mounted bow; foot fight with a long spear, heavy throwing weapon and sword or other infantry
// weapons and may carry javelins, a foot bow or a sling.
std::string weapon_problem(const UnitSpec& u) {
  const bool mounted = u.troop == Troop::HC || u.troop == Troop::LC;
  const bool melee_ok = mounted ? (u.melee == Melee::CavalryOther || (u.melee == Melee::Lance && u.troop == Troop::HC))
                                : (u.melee == Melee::LongSpear || u.melee == Melee::ThrowingSword || u.melee == Melee::InfantryOther);
  const bool missile_ok = u.missile == Missile::None || u.missile == Missile::Javelin ||
                          (mounted ? u.missile == Missile::MountedBow : (u.missile == Missile::FootBow || u.missile == Missile::Sling));
  if (!melee_ok) return std::string("melee: ") + troop_name(u.troop) + " cannot fight with " + melee_name(u.melee) + " (spec 3.1)";
  if (!missile_ok) return std::string("missile: ") + troop_name(u.troop) + " cannot shoot with " + missile_name(u.missile) + " (spec 3.1)";
  return "";
}

// ---------------------------------------------------------------- where messages go

// The lines a file's parts came from, so that the validator's problems land where they belong.
struct Places {
  std::string source;
  std::map<std::string, int> key_line;  // by the key's display name ("period limit")
  std::vector<int> unit_line[kSides];
  std::vector<bool> unit_bad[kSides];   // the line did not read: no more checks on it
  std::vector<int> terrain_line;
  bool table_bad = false;               // the table: line did not read: no edge checks
};

class Checker {
 public:
  Checker(const Scenario& s, const Places* pl, const std::string& where, std::vector<std::string>& errors)
      : s_(s), pl_(pl), where_(where), errors_(errors) {}

  bool run() {
    const size_t before = errors_.size();
    texts();
    options();
    terrain();
    units();
    return errors_.size() == before;
  }

 private:
  const Scenario& s_;
  const Places* pl_;
  const std::string& where_;
  std::vector<std::string>& errors_;

  void add(int line, const std::string& field, const std::string& problem) {
    std::string pre = pl_ ? pl_->source + ":" + std::to_string(line) + ": " : where_.empty() ? "" : where_ + ": ";
    errors_.push_back(pre + field + ": " + problem);
  }
  int key_line(const std::string& k) const {
    if (!pl_) return 0;
    auto it = pl_->key_line.find(k);
    return it == pl_->key_line.end() ? 1 : it->second;
  }
  int unit_line(int side, size_t k) const {
    return pl_ && k < pl_->unit_line[side].size() ? pl_->unit_line[side][k] : key_line(std::string("side ") + kSideLetter[side]);
  }
  bool unit_bad(int side, size_t k) const { return pl_ && k < pl_->unit_bad[side].size() && pl_->unit_bad[side][k]; }
  int terrain_line(size_t i) const { return pl_ && i < pl_->terrain_line.size() ? pl_->terrain_line[i] : key_line(""); }
  std::string line_note(int line) const { return pl_ ? " (line " + std::to_string(line) + ")" : ""; }
  bool table_ok() const {
    return !(pl_ && pl_->table_bad) && s_.table_w >= kMinTable && s_.table_w <= kMaxTable && s_.table_h >= kMinTable &&
           s_.table_h <= kMaxTable;
  }

  void text(const std::string& key, const std::string& v, bool required) {
    if (required && v.empty()) add(key_line(key), key, "is missing or empty");
    else if (has_control(v)) add(key_line(key), key, "holds a control character");
    else if (v != trim(v)) add(key_line(key), key, "begins or ends with a blank");
  }

  void texts() {
    if (s_.id.empty()) add(key_line("id"), "id", "is missing or empty (every scenario needs an id: line)");
    else if (!is_id(s_.id)) add(key_line("id"), "id", quoted(s_.id) + " must be 1 to 32 letters, digits, - or _");
    text("title", s_.title, true);
    text("about", s_.about, false);
    text("side A", s_.side_name[0], true);
    text("side B", s_.side_name[1], true);
  }

  void options() {
    if (!(pl_ && pl_->table_bad) && !table_ok())
      add(key_line("table"), "table",
          std::to_string(s_.table_w) + " x " + std::to_string(s_.table_h) + " is not " + std::to_string(kMinTable) + " to " +
              std::to_string(kMaxTable) + " paces each way");
    if (s_.period_limit < 1 || s_.period_limit > kMaxPeriods)
      add(key_line("period limit"), "period limit", "must be 1 to " + std::to_string(kMaxPeriods) + ", found " + std::to_string(s_.period_limit));
    if (s_.evade_rule != EvadeRule::A && s_.evade_rule != EvadeRule::B) add(key_line("evade rule"), "evade rule", "must be a or b");
  }

  void terrain() {
    if (s_.terrain.size() > size_t(kMaxTerrain))
      add(terrain_line(size_t(kMaxTerrain)), "terrain",
          std::to_string(s_.terrain.size()) + " pieces, at most " + std::to_string(kMaxTerrain));
    for (size_t i = 0; i < s_.terrain.size(); ++i) {
      const TerrainPiece& t = s_.terrain[i];
      const std::string f = terrain_label(i, t.name);
      const int line = terrain_line(i);
      if (t.kind != TerrainKind::Wood && t.kind != TerrainKind::Hill) add(line, f, "kind: must be wood or hill");
      if (std::string why = name_problem(t.name); !why.empty()) add(line, f, why);
      bool sane = true;
      if (t.x0 >= t.x1) add(line, f, "x0 " + std::to_string(t.x0) + " >= x1 " + std::to_string(t.x1) + " (x0 y0 is the lower left corner)"), sane = false;
      if (t.y0 >= t.y1) add(line, f, "y0 " + std::to_string(t.y0) + " >= y1 " + std::to_string(t.y1) + " (x0 y0 is the lower left corner)"), sane = false;
      if (sane && table_ok() && (t.x0 < 0 || t.y0 < 0 || t.x1 > s_.table_w || t.y1 > s_.table_h))
        add(line, f, "not wholly on the table (" + std::to_string(s_.table_w) + " x " + std::to_string(s_.table_h) + ")");
    }
  }

  void units() {
    struct Placed {
      int side;
      size_t k;
      Rect r;
    };
    std::vector<Placed> placed;
    for (int side = 0; side < kSides; ++side) {
      const std::vector<UnitSpec>& army = s_.army[side];
      const std::string skey = std::string("side ") + kSideLetter[side];
      if (army.empty()) add(key_line(skey), skey, "has no units (at least 1)");
      if (army.size() > size_t(kMaxUnitsSide))
        add(unit_line(side, size_t(kMaxUnitsSide)), skey,
            std::to_string(army.size()) + " units, at most " + std::to_string(kMaxUnitsSide));
      size_t general = army.size();  // the side's first general
      for (size_t k = 0; k < army.size(); ++k) {
        if (unit_bad(side, k)) continue;
        const UnitSpec& u = army[k];
        const std::string f = unit_label(side, int(k), u.name);
        const int line = unit_line(side, k);
        if (std::string why = name_problem(u.name); !why.empty()) add(line, f, why);
        if (int(u.troop) >= kTroops || int(u.melee) >= kMelees || int(u.missile) >= kMissiles || int(u.grade) >= kGrades ||
            int(u.order) >= kOrders) {
          add(line, f, "troop, weapon, grade or order out of range");
          continue;  // no names to print, no footprint to measure
        }
        if (std::string why = weapon_problem(u); !why.empty()) add(line, f, why);
        bool sized = true;
        if (u.files < 1 || u.files > kMaxFiles)
          add(line, f, "files: must be 1 to " + std::to_string(kMaxFiles) + ", found " + std::to_string(u.files)), sized = false;
        if (u.ranks < 1 || u.ranks > kMaxRanks)
          add(line, f, "ranks: must be 1 to " + std::to_string(kMaxRanks) + ", found " + std::to_string(u.ranks)), sized = false;
        bool posed = true;
        if (u.facing < 0 || u.facing > 359 || u.facing % 45 != 0)
          add(line, f, "facing: " + std::to_string(u.facing) + " is not 0 to 359 and a multiple of 45"), posed = false;
        if (table_ok() && (u.obj_x < 0 || u.obj_y < 0 || u.obj_x > s_.table_w || u.obj_y > s_.table_h))
          add(line, f, "objective: " + std::to_string(u.obj_x) + " " + std::to_string(u.obj_y) + " is off the table");
        if (u.general) {
          if (general < army.size())
            add(line, f, "general: side " + std::string(1, kSideLetter[side]) + " has a general already, with " +
                             unit_label(side, int(general), army[general].name) + line_note(unit_line(side, general)));
          else
            general = k;
        }
        if (!sized || !posed) continue;
        const Rect r = footprint(u);
        if (table_ok()) {
          bool on = true;
          for (Vec c : r.corners())
            on = on && c.x >= -kEdgeTol && c.y >= -kEdgeTol && c.x <= s_.table_w + kEdgeTol && c.y <= s_.table_h + kEdgeTol;
          if (!on) add(line, f, "not wholly on the table (" + std::to_string(s_.table_w) + " x " + std::to_string(s_.table_h) + ")");
        }
        // Only the units a state can hold are compared: a file of thousands of units must not
        // give millions of messages.
        if (k >= size_t(kMaxUnitsSide)) continue;
        for (const Placed& o : placed)
          if (overlap(o.r, r))
            add(line, f, "overlaps " + unit_label(o.side, int(o.k), s_.army[o.side][o.k].name) + line_note(unit_line(o.side, o.k)));
        placed.push_back({side, k, r});
      }
    }
  }
};

// ---------------------------------------------------------------- the reader

struct KeyInfo {
  const char* name;  // display name, matched case-insensitively with blanks loose
};
const KeyInfo kKeys[] = {{"id"}, {"title"}, {"about"}, {"side A"}, {"side B"}, {"table"}, {"period limit"}, {"evade rule"}};

struct KeyLine {
  int line;
  std::string key;  // display name
  std::string value;
};
struct PieceLine {  // a unit or terrain line
  int line;
  std::string text;
};

class Reader {
 public:
  Reader(const std::string& source, std::vector<std::string>& errors) : errors_(errors) { pl_.source = source; }

  bool run(const std::string& text, Scenario& s) {
    const size_t before = errors_.size();
    s = Scenario();
    s.source = pl_.source;
    split(text);
    header(s);
    for (const PieceLine& l : terrain_) terrain(l, s);
    for (const PieceLine& l : units_) unit(l, s);
    Checker(s, &pl_, pl_.source, errors_).run();
    // In line order, as a person goes through the file (the reader's and the validator's
    // messages interleaved; those of one line keep the order they were found in).
    const size_t skip = pl_.source.size() + 1;
    auto line_of = [skip](const std::string& m) { return std::atoi(m.c_str() + std::min(skip, m.size())); };
    std::stable_sort(errors_.begin() + long(before), errors_.end(),
                     [&](const std::string& x, const std::string& y) { return line_of(x) < line_of(y); });
    return errors_.size() == before;
  }

 private:
  std::vector<std::string>& errors_;
  Places pl_;
  std::vector<KeyLine> keys_;
  std::vector<PieceLine> terrain_, units_;

  void add(int line, const std::string& field, const std::string& problem) {
    errors_.push_back(pl_.source + ":" + std::to_string(line) + ": " + field + ": " + problem);
  }

  // Lines into key lines (with their indented continuations), terrain lines and unit lines.
  void split(const std::string& text) {
    std::string_view all(text);
    if (all.substr(0, 3) == "\xEF\xBB\xBF") all.remove_prefix(3);
    // After a key line, indented lines continue it; after a line already reported, they are
    // skipped without more messages; after a unit or terrain line, they are a mistake.
    enum { None, Append, Swallow, Piece } cont = None;
    int n = 0;
    size_t at = 0;
    while (at <= all.size()) {
      size_t end = std::min(all.find('\n', at), all.size());
      std::string line(all.substr(at, end - at));
      at = end + 1;
      ++n;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      for (char& c : line)
        if (c == '\t') c = ' ';
      const std::string_view t = trim(line);
      if (t.empty() || t[0] == '#') {
        cont = None;
      } else if (has_control(line)) {
        add(n, "line", "holds a control character");
        cont = Swallow;
      } else if (is_blank(line[0])) {
        if (cont == Append) keys_.back().value += (keys_.back().value.empty() ? "" : " ") + std::string(t);
        else if (cont == None || cont == Piece)
          add(n, "line", "an indented line continues the key line above it; unit and terrain lines begin in the first column");
      } else {
        const std::string first(t.substr(0, std::min(t.find(' '), t.size())));
        const std::string low = lower(first);
        if (low == "a" || low == "b") {
          units_.push_back({n, std::string(t)});
          cont = Piece;
        } else if (low == "wood" || low == "hill") {
          terrain_.push_back({n, std::string(t)});
          cont = Piece;
        } else if (const size_t colon = t.find(':'); colon == std::string_view::npos) {
          add(n, "line", "neither \"key: value\" nor a unit line (A or B ...) nor a terrain line (wood or hill ...)");
          cont = Swallow;
        } else {
          cont = key_line(n, t.substr(0, colon), trim(t.substr(colon + 1))) ? Append : Swallow;
        }
      }
      if (end == all.size()) break;
    }
  }

  bool key_line(int n, std::string_view raw_key, std::string_view value) {
    std::string canon;
    std::vector<std::string> w;
    split_words(raw_key, w);
    for (const std::string& p : w) canon += (canon.empty() ? "" : " ") + lower(p);
    for (const KeyInfo& k : kKeys) {
      if (canon != lower(k.name)) continue;
      if (auto it = pl_.key_line.find(k.name); it != pl_.key_line.end()) {
        add(n, k.name, "given twice (first on line " + std::to_string(it->second) + ")");
        return false;
      }
      pl_.key_line.emplace(k.name, n);
      keys_.push_back({n, k.name, std::string(value)});
      return true;
    }
    std::string names;
    for (const KeyInfo& k : kKeys) names += std::string(names.empty() ? "" : ", ") + k.name;
    add(n, std::string(trim(raw_key)), "unknown key (known: " + names + ")");
    return false;
  }

  void header(Scenario& s) {
    for (const KeyLine& k : keys_) {
      if (k.key == "id") {
        s.id = k.value;
      } else if (k.key == "title") {
        s.title = k.value;
      } else if (k.key == "about") {
        s.about = k.value;
      } else if (k.key == "side A" || k.key == "side B") {
        s.side_name[k.key == "side A" ? 0 : 1] = k.value;
      } else if (k.key == "table") {
        const size_t x = lower(k.value).find('x');
        int w = 0, h = 0;
        const std::string_view v(k.value);
        if (x == std::string::npos || !parse_int(trim(v.substr(0, x)), w) || !parse_int(trim(v.substr(x + 1)), h)) {
          add(k.line, k.key, "bad size " + quoted(k.value) + " (WIDTH x HEIGHT in paces, e.g. 800 x 600)");
          pl_.table_bad = true;
        } else {
          s.table_w = w, s.table_h = h;  // the range is the validator's
        }
      } else if (k.key == "period limit") {
        if (!parse_int(k.value, s.period_limit)) {
          add(k.line, k.key, "bad number " + quoted(k.value) + " (a whole number, 1 to " + std::to_string(kMaxPeriods) + ")");
          s.period_limit = 12;
        }
      } else if (k.key == "evade rule") {
        const std::string v = lower(k.value);
        if (v == "a" || v == "b") s.evade_rule = v == "a" ? EvadeRule::A : EvadeRule::B;
        else add(k.line, k.key, "must be a or b (the readings of I-EVD), found " + quoted(k.value));
      }
    }
  }

  // KIND "NAME" X0 Y0 X1 Y1
  void terrain(const PieceLine& l, Scenario& s) {
    std::vector<std::string> w;
    std::string f = terrain_label(s.terrain.size(), "");
    if (!split_words(l.text, w)) {
      add(l.line, f, "the name's closing double quote is missing");
      return;
    }
    if (w.size() != 6 || !is_quoted(w[1])) {
      add(l.line, f, "expected KIND \"NAME\" X0 Y0 X1 Y1, e.g. wood \"Olive grove\" 800 200 950 350");
      return;
    }
    TerrainPiece t;
    t.kind = lower(w[0]) == "hill" ? TerrainKind::Hill : TerrainKind::Wood;
    t.name = w[1].substr(1, w[1].size() - 2);
    f = terrain_label(s.terrain.size(), t.name);
    int* v[4] = {&t.x0, &t.y0, &t.x1, &t.y1};
    static const char* kCoord[4] = {"x0", "y0", "x1", "y1"};
    bool ok = true;
    for (int i = 0; i < 4; ++i)
      if (!parse_int(w[size_t(2 + i)], *v[i])) add(l.line, f, std::string(kCoord[i]) + ": bad number " + quoted(w[size_t(2 + i)]) + " (whole paces)"), ok = false;
    if (!ok) return;
    pl_.terrain_line.push_back(l.line);
    s.terrain.push_back(std::move(t));
  }

  // SIDE TROOP "NAME" X Y FACING [files N] [ranks N] [melee W] [missile W] [grade G] [order O]
  //   [objective X Y] [general] [shieldless]
  void unit(const PieceLine& l, Scenario& s) {
    const int side = (l.text[0] == 'A' || l.text[0] == 'a') ? 0 : 1;
    const int k = int(s.army[side].size());
    UnitSpec u;
    const bool ok = unit_fields(l, side, k, s, u);
    s.army[side].push_back(std::move(u));
    pl_.unit_line[side].push_back(l.line);
    pl_.unit_bad[side].push_back(!ok);
  }

  bool unit_fields(const PieceLine& l, int side, int k, const Scenario& s, UnitSpec& u) {
    std::vector<std::string> w;
    std::string f = unit_label(side, k, "");
    if (!split_words(l.text, w)) {
      add(l.line, f, "the name's closing double quote is missing");
      return false;
    }
    if (w.size() < 6) {
      add(l.line, f, "expected SIDE TROOP \"NAME\" X Y FACING ..., e.g. A hi \"Hoplites\" 330 100 90");
      return false;
    }
    bool ok = true;
    if (!is_quoted(w[2])) {
      add(l.line, f, "name: expected a name in double quotes, found " + quoted(w[2]));
      ok = false;
    } else {
      u.name = w[2].substr(1, w[2].size() - 2);
      f = unit_label(side, k, u.name);
    }
    if (!parse_troop(lower(w[1]), u.troop)) {
      add(l.line, f, "troop: unknown troop " + quoted(w[1]) + known<Troop>(kTroops, troop_name));
      ok = false;
    }
    const TroopDefaults d = defaults_of(u.troop);
    u.melee = d.melee, u.missile = d.missile, u.grade = d.grade;
    u.files = uint8_t(d.files), u.ranks = uint8_t(d.ranks);
    u.order = Order::H;
    if (!parse_int(w[3], u.x)) add(l.line, f, "x: bad number " + quoted(w[3]) + " (whole paces, e.g. 400)"), ok = false;
    if (!parse_int(w[4], u.y)) add(l.line, f, "y: bad number " + quoted(w[4]) + " (whole paces, e.g. 100)"), ok = false;
    if (!parse_int(w[5], u.facing)) add(l.line, f, "facing: bad number " + quoted(w[5]) + " (degrees, a multiple of 45)"), ok = false;
    bool have_objective = false;
    std::map<std::string, bool> seen;
    for (size_t i = 6; i < w.size();) {
      const std::string key = lower(w[i]);
      const size_t need = key == "objective" ? 2 : (key == "general" || key == "shieldless") ? 0 : 1;
      static const char* kWords[] = {"files", "ranks", "melee", "missile", "grade", "order", "objective", "general", "shieldless"};
      if (std::find(std::begin(kWords), std::end(kWords), key) == std::end(kWords)) {
        std::string names;
        for (const char* kw : kWords) names += std::string(names.empty() ? "" : ", ") + kw;
        add(l.line, f, "unknown word " + quoted(w[i]) + " after the facing (known: " + names + ")");
        return false;  // what follows cannot be told apart from values
      }
      if (i + need >= w.size()) {
        add(l.line, f, key + ": needs " + (need == 2 ? "two values, X Y" : "a value"));
        return false;
      }
      if (seen[key]) add(l.line, f, key + ": given twice"), ok = false;
      seen[key] = true;
      const std::string& v = need > 0 ? w[i + 1] : w[i];
      int n = 0;
      if (key == "files" || key == "ranks") {
        // The range is the validator's; here only what fits the byte it is kept in.
        if (!parse_int(v, n) || n < 0 || n > 255) add(l.line, f, key + ": bad number " + quoted(v) + " (a whole number)"), ok = false;
        else (key == "files" ? u.files : u.ranks) = uint8_t(n);
      } else if (key == "melee") {
        if (!parse_melee(lower(v), u.melee)) add(l.line, f, "melee: unknown weapon " + quoted(v) + known<Melee>(kMelees, melee_name)), ok = false;
      } else if (key == "missile") {
        if (!parse_missile(lower(v), u.missile)) add(l.line, f, "missile: unknown weapon " + quoted(v) + known<Missile>(kMissiles, missile_name)), ok = false;
      } else if (key == "grade") {
        if (!parse_grade(lower(v), u.grade)) add(l.line, f, "grade: unknown class " + quoted(v) + known<Grade>(kGrades, grade_name)), ok = false;
      } else if (key == "order") {
        if (!parse_order(v, u.order)) add(l.line, f, "order: unknown order " + quoted(v) + " (known: Q, W, S, H, A)"), ok = false;
      } else if (key == "objective") {
        have_objective = true;
        if (!parse_int(w[i + 1], u.obj_x)) add(l.line, f, "objective: bad number " + quoted(w[i + 1]) + " (whole paces)"), ok = false;
        if (!parse_int(w[i + 2], u.obj_y)) add(l.line, f, "objective: bad number " + quoted(w[i + 2]) + " (whole paces)"), ok = false;
      } else if (key == "general") {
        u.general = true;
      } else if (key == "shieldless") {
        u.shieldless = true;
      }
      i += 1 + need;
    }
    if (ok && !have_objective) far_edge(u.x, u.y, u.facing, s.table_w, s.table_h, u.obj_x, u.obj_y);
    return ok;
  }
};

// A long key line cut into indented continuation lines of about 100 columns. Cuts only at a
// single blank between two words (the reader joins the pieces with one blank), and never before a
// '#', which would begin a comment: the value reads back unchanged.
std::string wrapped(const std::string& line) {
  constexpr size_t kWidth = 100;
  std::string out;
  size_t start = 0;
  bool first = true;
  while (line.size() - start > kWidth) {
    size_t cut = std::string::npos;
    const size_t from = first ? line.find(':') + 2 : start + 1;
    for (size_t i = from; i + 1 < line.size() && i - start <= kWidth; ++i)
      if (line[i] == ' ' && line[i - 1] != ' ' && line[i + 1] != ' ' && line[i + 1] != '#') cut = i;
    if (cut == std::string::npos) break;
    out += (first ? "" : "  ") + line.substr(start, cut - start) + "\n";
    start = cut + 1;
    first = false;
  }
  return out + (first ? "" : "  ") + line.substr(start) + "\n";
}

}  // namespace

// ---------------------------------------------------------------- the interface

bool read_scenario(const std::string& text, const std::string& source, Scenario& out, std::vector<std::string>& errors) {
  return Reader(source, errors).run(text, out);
}

bool validate_scenario(const Scenario& s, const std::string& where, std::vector<std::string>& errors) {
  return Checker(s, nullptr, where, errors).run();
}

std::string write_scenario(const Scenario& s) {
  std::string o;
  o += "# A WRG 6th edition scenario (docs/wrg6-scenarios.md).\n";
  o += "id: " + s.id + "\n";
  o += "title: " + s.title + "\n";
  if (!s.about.empty()) o += wrapped("about: " + s.about);
  o += "side A: " + s.side_name[0] + "\n";
  o += "side B: " + s.side_name[1] + "\n";
  o += "table: " + std::to_string(s.table_w) + " x " + std::to_string(s.table_h) + "\n";
  o += "period limit: " + std::to_string(s.period_limit) + "\n";
  o += std::string("evade rule: ") + (s.evade_rule == EvadeRule::B ? "b" : "a") + "\n";
  if (!s.terrain.empty()) o += "\n# Terrain: kind, name, lower left x0 y0 and upper right x1 y1 (paces).\n";
  for (const TerrainPiece& t : s.terrain)
    o += std::string(terrain_word(t.kind)) + " " + quoted(t.name) + " " + std::to_string(t.x0) + " " + std::to_string(t.y0) + " " +
         std::to_string(t.x1) + " " + std::to_string(t.y1) + "\n";
  for (int side = 0; side < kSides; ++side) {
    o += std::string("\n# Side ") + kSideLetter[side] + ": troop, name, front-edge centre x y (paces), facing (degrees), and the rest.\n";
    for (const UnitSpec& u : s.army[side]) {
      o += std::string(1, kSideLetter[side]) + " " + troop_name(u.troop) + " " + quoted(u.name) + " " + std::to_string(u.x) + " " +
           std::to_string(u.y) + " " + std::to_string(u.facing) + " files " + std::to_string(u.files) + " ranks " +
           std::to_string(u.ranks) + " melee " + melee_name(u.melee) + " missile " + missile_name(u.missile) + " grade " +
           grade_name(u.grade) + " order " + order_name(u.order) + " objective " + std::to_string(u.obj_x) + " " +
           std::to_string(u.obj_y) + (u.general ? " general" : "") + (u.shieldless ? " shieldless" : "") + "\n";
    }
  }
  return o;
}

const std::vector<std::shared_ptr<const Scenario>>& builtin_scenarios() {
  static const std::vector<std::shared_ptr<const Scenario>> kAll = [] {
    std::vector<std::shared_ptr<const Scenario>> all;
    std::size_t n = 0;
    const EmbeddedScenarioFile* files = embedded_scenario_files(n);
    std::vector<std::string> errors;
    for (std::size_t i = 0; i < n && files[i].stem; ++i) {
      auto s = std::make_shared<Scenario>();
      const std::string name = std::string("data/scenarios-wrg6/") + files[i].stem + ".txt";
      if (read_scenario(std::string(files[i].text, files[i].size), name, *s, errors)) {
        s->source = "built-in";
        for (const auto& o : all)
          if (lower(o->id) == lower(s->id) || lower(o->title) == lower(s->title))
            errors.push_back(name + ":1: id: " + quoted(s->id) + " or its title repeats another built-in scenario's");
        all.push_back(std::move(s));
      }
    }
    if (!errors.empty()) {  // a broken built-in is a build mistake
      for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
      std::fprintf(stderr, "wrg6: the built-in scenarios are broken\n");
      std::abort();
    }
    return all;
  }();
  return kAll;
}

std::shared_ptr<const Scenario> find_builtin(const std::string& id_or_title) {
  const std::string want = lower(trim(id_or_title));
  for (const auto& s : builtin_scenarios())
    if (lower(s->id) == want || lower(s->title) == want) return s;
  return nullptr;
}

}  // namespace bgb::wrg6
