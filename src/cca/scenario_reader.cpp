// Pass 2 of the scenario text format: the lexed header entries and maps (scenario_lexer.cpp) into
// a Scenario, every problem with its line; then the one validation of what the scenario means
// (scenario_checks.h), its problems placed on the lines they come from.
//
// It works on std::string only (no exceptions of its own, no stoi); a final catch-all turns
// anything unexpected into an error line.
#include "cca/scenario_file.h"

#include <algorithm>

#include "cca/board.h"
#include "cca/scenario_checks.h"
#include "cca/scenario_text.h"
#include "cca/state.h"
#include "cca/unit_types.h"
#include "core/file_read.h"

namespace bgb::cca {

using namespace scntext;

namespace {

const std::string kPresetList =
    "fordable-at-bends, sacred-band, mago-ambush, trasimenus-hand, beneventum-hand, castulo-sudden-death, "
    "castulo-exit, baecula-camps";

// What a units-map cell holds.
struct UnitCell {
  bool unit = false;
  UnitType type = UnitType::LightInfantry;
  Side side = Side::None;
  uint8_t blocks = 0;
  bool leader = false;  // a leader mark `*` (of `side`)
};

class Reader {
 public:
  Reader(const ScenarioLines& lines, Problems& p) : lines_(lines), p_(p) {}

  void run(Scenario& s) {
    build(s);
    s.finalize();
    place(check_scenario(s));
  }

 private:
  const ScenarioLines& lines_;
  Problems& p_;
  std::vector<int> rule_line_, unit_line_, leader_line_;  // the line each piece was read from
  std::vector<std::string> presets_seen_;
  std::string sudden_death_leader_;
  bool used_sudden_death_leader_ = false;

  // The problems of the validation, on the lines their parts come from.
  void place(const std::vector<ScenarioProblem>& problems) {
    auto line_of = [](const std::vector<int>& v, int i) { return i >= 0 && i < int(v.size()) ? v[size_t(i)] : 1; };
    for (const ScenarioProblem& q : problems) {
      int line = 1;
      switch (q.where) {
        case ScenarioProblem::Where::Rule: line = line_of(rule_line_, q.index); break;
        case ScenarioProblem::Where::Unit: line = line_of(unit_line_, q.index); break;
        case ScenarioProblem::Where::Leader: line = line_of(leader_line_, q.index); break;
        case ScenarioProblem::Where::Deck:
          if (const Entry* e = lines_.get("deck")) line = e->line;
          break;
        case ScenarioProblem::Where::Traits:
          if (const Entry* e = lines_.get("traits")) line = e->line;
          break;
        case ScenarioProblem::Where::Terrain: {
          const int r = q.index >= 0 && q.index < kHexes ? Board::get().row[q.index] : 0;
          if (lines_.terrain.rows.size() == size_t(kRows)) line = lines_.terrain.rows[size_t(r)].line;
          else if (lines_.terrain.line) line = lines_.terrain.line;
          break;
        }
        case ScenarioProblem::Where::Module:
          if (const Entry* e = lines_.get("hellenistic")) line = e->line;
          else if (const Entry* r = lines_.get("reserve move")) line = r->line;
          break;
        case ScenarioProblem::Where::Scenario: break;
      }
      p_.add(line, q.message);
    }
  }

  const Entry* require(const std::string& key) {
    const Entry* e = lines_.get(key);
    if (!e) p_.add(1, "missing header " + show(key + ":"));
    return e;
  }

  bool text_value(const Entry& e, const std::string& key, std::string& out, bool required) {
    if (has_control_char(e.value)) {
      p_.add(e.line, show(key + ":") + " contains a control character");
      return false;
    }
    if (required && e.value.empty()) {
      p_.add(e.line, show(key + ":") + " is empty");
      return false;
    }
    out = e.value;
    return true;
  }

  bool number_value(const Entry& e, const std::string& key, long lo, long hi, long& out, const char* what) {
    long v = 0;
    if (!parse_number(e.value, v) || v < lo || v > hi) {
      p_.add(e.line, show(key + ":") + " " + what + " must be a whole number from " + std::to_string(lo) + " to " +
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
      p_.add(e.line, "unknown side " + show(e.value) + " in " + show(key + ":") + " (top or bottom)");
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
        if (!ok) p_.add(e->line, "the id " + show(s.id) + " may hold only letters, digits, - and _ (at most 32)");
      }
    }
    if (const Entry* e = require("name")) text_value(*e, "name", s.name, true);
    if (const Entry* e = lines_.get("year")) text_value(*e, "year", s.year, false);
    if (const Entry* e = lines_.get("source")) text_value(*e, "source", s.source, false);
    if (const Entry* e = lines_.get("note")) text_value(*e, "note", s.note, false);
    if (const Entry* e = lines_.get("fidelity")) {
      std::string v = lower(e->value);
      if (is_fidelity(v))
        s.fidelity = v;
      else
        p_.add(e->line, "fidelity " + show(e->value) + " must be one of " + kFidelityList);
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
      const Entry* both = lines_.get("banners");
      const Entry* per[2] = {lines_.get("banners top"), lines_.get("banners bottom")};
      long v = 0;
      if (both) {
        for (const Entry* p : per)
          if (p) p_.add(p->line, "banners given twice: `banners:` on line " + std::to_string(both->line) +
                                  " already counts for both sides");
        if (number_value(*both, "banners", 1, 255, v, "(victory banners to win)"))
          s.banners_to_win[0] = s.banners_to_win[1] = uint8_t(v);
      } else if (per[0] || per[1]) {
        for (int k = 0; k < 2; ++k) {
          std::string key = std::string("banners ") + side_name(Side(k));
          if (!per[k])
            p_.add(per[1 - k]->line, "missing " + show(key + ":") + " (or give one number for both in `banners:`)");
          else if (number_value(*per[k], key, 1, 255, v, "(victory banners to win)"))
            s.banners_to_win[k] = uint8_t(v);
        }
      } else {
        p_.add(1, "missing header `banners:` (victory banners to win, or `banners top:` and `banners bottom:`)");
      }
    }

    if (const Entry* e = lines_.get("turn limit")) {
      long v = 0;
      if (number_value(*e, "turn limit", 0, 65535, v, "(0 = none)")) s.turn_limit = uint16_t(v);
    } else {
      s.turn_limit = kDefaultTurnLimit;
    }

    if (const Entry* e = lines_.get("sudden death leader")) text_value(*e, "sudden death leader", sudden_death_leader_, true);
    build_deck(s);
    build_maps(s);
    build_rules(s);
    build_module(s);
  }

  // The Hellenistic module: `hellenistic: on|available`, `hellenistic off: sub-rule, ...` and
  // `reserve move: bottom|top|both` (hellenistic.h).
  void build_module(Scenario& s) {
    HellenisticOptions& h = s.hellenistic;
    const Entry* use = lines_.get("hellenistic");
    if (use && !parse_module_use(use->value, h.use))
      p_.add(use->line, "`hellenistic:` is `on` (the module is on) or `available` (it can be switched on), not " +
                            show(use->value));
    h.on = h.use == ModuleUse::On;
    if (const Entry* e = lines_.get("hellenistic off"); e && lower(e->value) != "none" && !e->value.empty()) {
      if (h.use == ModuleUse::None) p_.add(e->line, "`hellenistic off:` needs `hellenistic: on` or `available`");
      for (const std::string& item : split_on(e->value, ',')) {
        HRule r;
        if (!parse_hrule(item, r) )
          p_.add(e->line, "unknown sub-rule " + show(item) + " of the Hellenistic module (known: " + hrule_list() + ")");
        else if (h.off & hrule_bit(r))
          p_.add(e->line, "sub-rule " + show(item) + " listed twice");
        else
          h.off = uint8_t(h.off | hrule_bit(r));
      }
    }
    if (const Entry* e = lines_.get("reserve move"); e && lower(e->value) != "none" && !e->value.empty()) {
      if (h.use == ModuleUse::None) p_.add(e->line, "`reserve move:` needs `hellenistic: on` or `available`");
      for (const std::string& item : split_on(e->value, ',')) {
        const std::string v = lower(item);
        if (v == "top") h.reserve |= 1;
        else if (v == "bottom") h.reserve |= 2;
        else if (v == "both") h.reserve |= 3;
        else p_.add(e->line, "`reserve move:` names the sides allowed a Reserve Move (top, bottom or both), not " + show(item));
      }
    }
  }

  // `special rules:` names rules by their preset ids of before (castulo-exit, ...); `rule:` lines
  // give a kind and its parameters. Read after the maps: baecula-camps needs the camps.
  void build_rules(Scenario& s) {
    if (const Entry* e = lines_.get("special rules"); e && lower(e->value) != "none" && !e->value.empty()) {
      for (const std::string& item : split_on(e->value, ',')) {
        BattleRule r;
        if (item.empty()) {
          p_.add(e->line, "empty item in `special rules:` (ids are separated by commas)");
        } else if (!rule_preset(lower(item), top_half_camps(s), sudden_death_leader_, r)) {
          std::string why;
          if (parse_battle_rule(item, r, why))
            p_.add(e->line, "`special rules:` lists the rule ids of the base battles (" + kPresetList +
                                "); a rule with parameters goes on its own line: `rule: " + item + "`");
          else
            p_.add(e->line, "unknown special rule " + show(item) + " (known: " + kPresetList +
                                "; or a `rule:` line: " + rule_syntax_list() + ")");
        } else if (std::find(presets_seen_.begin(), presets_seen_.end(), lower(item)) != presets_seen_.end()) {
          p_.add(e->line, "special rule " + show(item) + " listed twice");
        } else {
          presets_seen_.push_back(lower(item));
          if (lower(item) == "castulo-sudden-death") used_sudden_death_leader_ = true;
          s.rules.push_back(r);
          rule_line_.push_back(e->line);
        }
      }
    }
    for (const Entry& e : lines_.rules) {
      BattleRule r;
      std::string why;
      if (has_control_char(e.value))
        p_.add(e.line, "`rule:` contains a control character");
      else if (e.value.empty())
        p_.add(e.line, "`rule:` is empty: write a kind and its parameters, e.g. `rule: exit side=bottom`");
      else if (!parse_battle_rule(e.value, r, why))
        p_.add(e.line, why);
      else {
        s.rules.push_back(r);
        rule_line_.push_back(e.line);
      }
    }
    if (const Entry* e = lines_.get("sudden death leader"); e && !used_sudden_death_leader_)
      p_.add(e->line, "`sudden death leader:` goes with the rule id castulo-sudden-death in `special rules:`; "
                      "with a rule line write `rule: sudden-death side=top leader=" + e->value + "`");
  }

  void build_deck(Scenario& s) {
    const Entry* e = lines_.get("deck");
    const int line = e ? e->line : 1;
    if (!e || lower(e->value) == "standard") {
      s.deck = playable_deck();
    } else if (e->value.empty()) {
      p_.add(e->line, "`deck:` is empty: write `standard` or a list like `order-two-left x3, order-three-center x4`");
      return;
    } else {
      for (const std::string& item : split_on(e->value, ',')) {
        std::vector<std::string> w = split_ws(item);
        long copies = 1;
        if (w.size() == 2 && w[1].size() > 1 && (w[1][0] == 'x' || w[1][0] == 'X')) {
          if (!parse_number(w[1].substr(1), copies) || copies < 1 || copies > kMaxDeck) {
            p_.add(e->line, "card count " + show(w[1]) + " must be x1 to x" + std::to_string(kMaxDeck));
            continue;
          }
          w.pop_back();
        }
        CardKind k;
        if (w.size() != 1 || has_control_char(w[0]) || !parse_card(w[0].c_str(), k)) {
          p_.add(e->line, "unknown card " + show(item) + " in `deck:` (write `standard`, or card ids like `order-two-left x3`)");
          continue;
        }
        if (!card_info(k).playable) {
          p_.add(e->line, std::string("card ") + card_info(k).id + " is not playable yet");
          continue;
        }
        if (s.deck.size() + size_t(copies) > size_t(kMaxDeck)) {
          p_.add(e->line, "the deck holds more than " + std::to_string(kMaxDeck) + " cards");
          return;
        }
        s.deck.insert(s.deck.end(), size_t(copies), uint8_t(k));
      }
    }
    if (s.deck.size() > size_t(kMaxDeck)) p_.add(line, "the deck holds more than " + std::to_string(kMaxDeck) + " cards");
  }

  // Leader lines: "Name row,col; Name reserve".
  struct LeaderLine {
    std::string name;
    int hex = -1;
    int line = 0;
    Side side = Side::None;
    uint8_t grade = kGradeNone;
    bool commander = false;
  };

  void read_leaders(std::vector<LeaderLine>& out) {
    for (Side side : {Side::Top, Side::Bottom}) {
      const std::string key = std::string("leaders ") + side_name(side);
      const Entry* e = lines_.get(key);
      if (!e || e->value.empty() || lower(e->value) == "none") continue;
      if (has_control_char(e->value)) {
        p_.add(e->line, show(key + ":") + " contains a control character");
        continue;
      }
      for (const std::string& item : split_on(e->value, ';')) {
        if (item.empty()) {
          p_.add(e->line, "empty leader in " + show(key + ":") + " (leaders are separated by ;)");
          continue;
        }
        LeaderLine l;
        l.line = e->line;
        l.side = side;
        // The Hellenistic module's words after the hex: `grade=a` (H3.1) and `commander` (H1.1).
        std::string rest = item;
        bool bad = false;
        for (;;) {
          const size_t sp = rest.find_last_of(" \t");
          if (sp == std::string::npos) break;
          const std::string w = lower(trim(rest.substr(sp + 1)));
          if (w == "commander") {
            if (l.commander) p_.add(e->line, "leader " + show(item) + ": `commander` given twice");
            l.commander = true;
          } else if (w.rfind("grade=", 0) == 0) {
            if (l.grade != kGradeNone) p_.add(e->line, "leader " + show(item) + ": two grades");
            if (!parse_grade(w.substr(6), l.grade)) {
              p_.add(e->line, "leader " + show(item) + ": grade " + show(w.substr(6)) +
                                  " is not a grade (a war-god, b superior, c ordinary, d low-ranking)");
              bad = true;
            }
          } else {
            break;
          }
          rest = trim(rest.substr(0, sp));
        }
        if (bad) continue;
        size_t sp = rest.find_last_of(" \t");
        if (sp == std::string::npos) {
          p_.add(e->line, "leader " + show(item) + ": write the name, then the hex, e.g. `Himilco 1,3` (then, with the "
                                                    "Hellenistic module, `grade=a` and `commander`)");
          continue;
        }
        l.name = trim(rest.substr(0, sp));
        std::string why;
        if (lower(rest.substr(sp + 1)) == "reserve") {
          l.hex = kOffBoard;  // starts off the map (mago-ambush)
        } else if (!parse_hex_text(rest.substr(sp + 1), l.hex, why)) {
          p_.add(e->line, "leader " + show(l.name) + ": " + why + " (or `reserve` for a leader off the map)");
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
        p_.add(row.line, msg);
      }
    }
  }

  void build_maps(Scenario& s) {
    bool bad_terrain_row[kRows] = {};
    bool bad_units_row[kRows] = {};
    // Terrain (optional: an absent map is open ground everywhere).
    if (lines_.terrain.line != 0 && lines_.terrain.rows.size() == size_t(kRows)) {
      map_shape(lines_.terrain, "terrain", bad_terrain_row);
      for (int r = 0; r < kRows; ++r) {
        const MapRow& row = lines_.terrain.rows[r];
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
          if (tok.rfind(kRampartPrefix, 0) == 0) {
            Facing f = Facing::None;
            std::string why;
            bool ok = tok.size() >= 3 && tok.back() == ']';
            if (!ok)
              why = "the hexsides end with ]";
            else
              ok = parse_hexside_list(tok.substr(2, tok.size() - 3), f, why);
            if (!ok) {
              p_.add(row.line, hex_name(h) + ": rampart " + show(tok) + ": " + why);
              continue;
            }
            s.terrain[h] = Terrain::Rampart;
            s.rampart[h] = f;
            continue;
          }
          if (tok == "A")
            p_.add(row.line, hex_name(h) + ": a rampart needs its facing: A^ (faces up, toward row 0), Av (faces down) or the hexsides it protects, A[W,SW]");
          else
            p_.add(row.line, hex_name(h) + ": unknown terrain symbol " + show(tok) + " (" + terrain_symbol_list() + ")");
        }
      }
    }

    // Units.
    std::vector<LeaderLine> leader_lines;
    read_leaders(leader_lines);
    if (lines_.units.line == 0) {
      p_.add(1, "missing the `units:` map (9 rows drawing the board, see docs/scenarios.md)");
      return;
    }
    if (lines_.units.rows.size() != size_t(kRows)) return;  // already reported
    map_shape(lines_.units, "units", bad_units_row);
    Side mark[kHexes];
    int mark_line[kHexes];
    for (int h = 0; h < kHexes; ++h) {
      mark[h] = Side::None;
      mark_line[h] = 0;
    }
    int unit_count = 0;
    for (int r = 0; r < kRows; ++r) {
      const MapRow& row = lines_.units.rows[r];
      if (bad_units_row[r]) continue;
      for (int c = 0; c < int(row.cells.size()) && c < Board::row_length(r); ++c) {
        const std::string& tok = row.cells[c];
        if (tok == ".") continue;
        const int h = Board::index(r, c);
        UnitCell cell;
        std::string why;
        if (!parse_unit_cell(tok, cell, why)) {
          p_.add(row.line, hex_name(h) + ": " + why);
          continue;
        }
        const TerrainInfo& ti = terrain_info(s.terrain[h]);
        if (ti.impassable && !bad_terrain_row[r]) {
          std::string where = lines_.terrain.rows.size() == size_t(kRows) ? " (terrain map line " + std::to_string(lines_.terrain.rows[r].line) + ")" : "";
          p_.add(row.line, hex_name(h) + ": " + (cell.unit ? "a unit" : "a leader") + " cannot stand on impassable " +
                            ti.name + where);
        }
        if (cell.unit) {
          ++unit_count;
          if (unit_count == kMaxUnits + 1)
            p_.add(row.line, "more than " + std::to_string(kMaxUnits) + " units on the map (the engine holds at most " +
                              std::to_string(kMaxUnits) + ")");
          s.units.push_back(UnitSetup{cell.type, cell.side, uint8_t(h), cell.blocks});
          unit_line_.push_back(row.line);
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
        p_.add(l.line, "more than " + std::to_string(kMaxLeaders) + " leaders (the engine holds at most " +
                        std::to_string(kMaxLeaders) + ")");
      s.leaders.push_back(LeaderSetup{l.name, l.side, uint8_t(l.hex), l.grade, l.commander});
      leader_line_.push_back(l.line);
    };
    for (size_t i = 0; i < leader_lines.size(); ++i) {
      const LeaderLine& l = leader_lines[i];
      const std::string sn = side_name(l.side);
      if (l.name.empty()) {
        p_.add(l.line, "a leader at " + (l.hex == kOffBoard ? std::string("reserve") : hex_name(l.hex)) + " has no name");
        continue;
      }
      if (l.hex == kOffBoard) {
        add_leader(l);
        continue;
      }
      if (leader_in[l.hex] >= 0) {
        p_.add(l.line, "two leaders at " + hex_name(l.hex) + ": " + show(leader_lines[size_t(leader_in[l.hex])].name) +
                        " and " + show(l.name) + " (a hex holds one leader)");
        continue;
      }
      leader_in[l.hex] = int(i);
      if (bad_units_row[Board::get().row[l.hex]]) continue;  // that row is already reported
      if (mark[l.hex] == Side::None) {
        p_.add(l.line, "leader " + show(l.name) + " at " + hex_name(l.hex) +
                        ": the units map has no leader mark (*) in that hex; add * to the cell (e.g. HI" +
                        (l.side == Side::Bottom ? "^" : "v") + "*) or correct the hex");
        continue;
      }
      if (mark[l.hex] != l.side) {
        p_.add(l.line, "leader " + show(l.name) + " of the " + sn + " army at " + hex_name(l.hex) +
                        ": the leader mark in that hex belongs to the " + side_name(mark[l.hex]) + " army");
        continue;
      }
      named[l.hex] = true;
      add_leader(l);
    }
    for (int h = 0; h < kHexes; ++h) {
      if (mark[h] == Side::None || named[h] || leader_in[h] >= 0) continue;
      const std::string key = std::string("leaders ") + side_name(mark[h]);
      if (!lines_.get(key))
        p_.add(mark_line[h], hex_name(h) + ": a leader of the " + side_name(mark[h]) +
                              " army, but there is no " + show(key + ":") + " line naming the army's leaders");
      else
        p_.add(mark_line[h], hex_name(h) + ": a leader mark (*) that no entry of " + show(key + ":") + " places at " +
                              hex_name(h));
    }
    if (int(s.leaders.size()) > kMaxLeaders) s.leaders.resize(kMaxLeaders);

  }

  // `reserve top: MC, WA, WA`: units that start off the map (mago-ambush), after the map's units.
  void build_reserve(Scenario& s) {
    for (Side side : {Side::Top, Side::Bottom}) {
      const std::string key = std::string("reserve ") + side_name(side);
      const Entry* e = lines_.get(key);
      if (!e || e->value.empty() || lower(e->value) == "none") continue;
      for (const std::string& tok : split_on(e->value, ',')) {
        if (tok.empty()) {
          p_.add(e->line, "empty unit in " + show(key + ":") + " (units are separated by commas)");
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
          p_.add(e->line, "unknown unit type " + show(code.empty() ? tok : code) + " in " + show(key + ":") + " (" +
                           unit_code_list() + ")");
          continue;
        }
        uint8_t blocks = 0;
        if (j < tok.size() && tok[j] >= '0' && tok[j] <= '9') {
          const int b = tok[j] - '0';
          if (b < 1 || b > unit_info(type).blocks) {
            p_.add(e->line, code + " has 1 to " + std::to_string(unit_info(type).blocks) + " blocks, not " +
                             std::to_string(b));
            continue;
          }
          blocks = uint8_t(b);
          ++j;
        }
        if (j != tok.size()) {
          p_.add(e->line, "reserve unit " + show(tok) + ": write the type code and, if reduced, its blocks, e.g. `WA3`");
          continue;
        }
        s.units.push_back(UnitSetup{type, side, kOffBoard, blocks});
        unit_line_.push_back(e->line);
        if (s.units.size() == size_t(kMaxUnits) + 1)
          p_.add(e->line, "more than " + std::to_string(kMaxUnits) + " units with the reserve (the engine holds at most " +
                           std::to_string(kMaxUnits) + ")");
      }
    }
  }

  // `traits: sacred-band 4,6; ...`: lasting traits of the units standing on those hexes.
  void build_traits(Scenario& s) {
    const Entry* e = lines_.get("traits");
    if (!e || e->value.empty() || lower(e->value) == "none") return;
    for (const std::string& item : split_on(e->value, ';')) {
      std::vector<std::string> w = split_ws(item);
      if (w.size() != 2) {
        p_.add(e->line, "trait " + show(item) + ": write the trait and the unit's hex, e.g. `sacred-band 4,6`");
        continue;
      }
      const std::vector<TraitName> names = trait_names();
      const TraitName* trait = nullptr;
      for (const TraitName& t : names)
        if (lower(w[0]) == t.id) trait = &t;
      if (!trait) {
        p_.add(e->line, "unknown trait " + show(w[0]) + " (known: " + trait_list() + ")");
        continue;
      }
      int h = -1;
      std::string why;
      if (!parse_hex_text(w[1], h, why)) {
        p_.add(e->line, "trait " + std::string(trait->id) + ": " + why);
        continue;
      }
      UnitSetup* unit = nullptr;
      for (UnitSetup& u : s.units)
        if (u.hex == h) unit = &u;
      if (!unit) {
        p_.add(e->line, "trait " + std::string(trait->id) + ": no unit stands at " + hex_name(h));
        continue;
      }
      if (unit->traits & trait->bit) {
        p_.add(e->line, "trait " + std::string(trait->id) + " at " + hex_name(h) + " listed twice");
        continue;
      }
      unit->traits = uint16_t(unit->traits | trait->bit);
    }
  }


};

}  // namespace

bool load_scenario_text(const std::string& text, const std::string& filename, Scenario& out,
                        std::vector<std::string>& errors) {
  const size_t before = errors.size();
  try {
    Problems p;
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
      p.add(1, "the file is empty: a scenario needs at least id, name, army, command, first, banners and a units map");
      p.flush(filename, errors);
      return false;
    }
    ScenarioLines lines;
    lex_scenario(text, lines, p);
    Scenario s;
    Reader(lines, p).run(s);
    const bool ok = p.count() == 0;
    p.flush(filename, errors);
    if (!ok) return false;
    out = std::move(s);
    return errors.size() == before;
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
    std::string text, why;
    if (!files::read_regular_file(path, files::kMaxScenarioBytes, text, why)) {
      // "PATH:0: ...": the file as a whole (no line of it was read).
      errors.push_back(why.rfind(path + ": ", 0) == 0 ? path + ":0: " + why.substr(path.size() + 2) : path + ":0: " + why);
      return false;
    }
    return load_scenario_text(text, path, out, errors);
  } catch (...) {
    try {
      errors.push_back(path + ":0: cannot read the file");
    } catch (...) {
    }
    return false;
  }
}

}  // namespace bgb::cca
