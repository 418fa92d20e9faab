// The scenario text format's writer: any Scenario as a file that the reader loads back equal.
#include <sstream>

#include "cca/board.h"
#include "cca/scenario_file.h"
#include "cca/scenario_text.h"
#include "cca/state.h"
#include "cca/unit_types.h"

namespace bgb::cca {

using namespace scntext;

namespace {

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
        list += (list.empty() ? "" : "; ") + l.name + " " + (l.hex < kHexes ? hex_name(l.hex) : std::string("reserve")) +
                (l.grade != kGradeNone ? std::string(" grade=") + grade_letter(l.grade) : std::string()) +
                (l.commander ? " commander" : "");
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
  {
    std::string traits;
    for (const UnitSetup& u : s.units)
      for (const TraitName& t : trait_names())
        if (u.hex < kHexes && (u.traits & t.bit)) traits += (traits.empty() ? "" : "; ") + std::string(t.id) + " " + hex_name(u.hex);
    if (!traits.empty()) o << "traits: " << traits << "\n";
  }
  {
    const HellenisticOptions& h = s.hellenistic;
    // A game that switched the module on writes it on (the reader's `on` follows the word).
    const ModuleUse use = h.on ? ModuleUse::On : h.use == ModuleUse::On ? ModuleUse::Available : h.use;
    if (use != ModuleUse::None) o << "hellenistic: " << module_use_name(use) << "\n";
    std::string off;
    for (int r = 0; r < kHRules; ++r)
      if (h.off & hrule_bit(HRule(r))) off += (off.empty() ? "" : ", ") + std::string(hrule_name(HRule(r)));
    if (!off.empty()) o << "hellenistic off: " << off << "\n";
    if (h.reserve) o << "reserve move: " << (h.reserve == 3 ? "both" : h.reserve == 1 ? "top" : "bottom") << "\n";
  }
  if (s.rules.empty()) o << "special rules: none\n";
  for (const BattleRule& r : s.rules) write_wrapped(o, "rule", battle_rule_text(r));
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
  bool hexside_rampart = false;
  for (int h = 0; h < kHexes; ++h)
    hexside_rampart = hexside_rampart || (s.terrain[size_t(h)] == Terrain::Rampart && s.rampart[size_t(h)] != Facing::Up &&
                                          s.rampart[size_t(h)] != Facing::Down);
  if (hexside_rampart) o << "# A[W,SW] a rampart protecting the hexsides named (E NE NW W SW SE).\n";
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
