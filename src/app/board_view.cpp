#include "app/board_view.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/event.h"
#include "cca/module_text.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::app {

using namespace bgb::cca;

namespace {

// The board in at most 80 columns: a row label of 2, then 13 cells of 6 on even rows (78) and
// 12 on odd rows, which are indented half a cell. A cell is a slot (the terrain letter under a
// piece, or a section line) and 5 characters for the piece ("HI4^*"); an empty hex shows its
// terrain letter in the cell's middle, where the section lines of the rows above and below run.
constexpr int kCell = 6;    // characters per hex
constexpr int kIndent = 3;  // odd rows: half a cell
constexpr int kLabel = 2;   // row number column
constexpr int kMid = 3;     // the middle of a cell: an empty hex's letter, the column number's last digit
constexpr char kLine = ':'; // a section line (dotted on the board)

// ANSI styling that vanishes when colour is off.
struct Paint {
  bool on;
  std::string operator()(const char* sgr, const std::string& text) const {
    if (!on || text.empty()) return text;
    return std::string("\x1b[") + sgr + "m" + text + "\x1b[0m";
  }
};

const char* side_sgr(Side s) { return s == Side::Top ? "1;31" : "1;36"; }

const char* terrain_sgr(Terrain t) {
  switch (t) {
    case Terrain::Plain: return "2";
    case Terrain::BrokenGround: return "33";
    case Terrain::Forest: return "32";
    case Terrain::Hill: return "1;33";
    case Terrain::Seacoast:
    case Terrain::River:
    case Terrain::Lake: return "34";
    case Terrain::FordableRiver: return "36";
    case Terrain::Rampart:
    case Terrain::FortifiedCamp: return "35";
    case Terrain::SteepHill: return "1;35";
    default: return "0";
  }
}

std::string pad(const std::string& s, int width) {
  return int(s.size()) >= width ? s : s + std::string(size_t(width - int(s.size())), ' ');
}

// Where a hex lies relative to the section lines (C&C: the board's dotted lines run through the
// middle of the even rows' hexes in columns 4 and 8, and between the odd rows' hexes 3|4 and 7|8).
bool on_section_line(int row, int col) { return (row & 1) == 0 && (col == 4 || col == 8); }

// One hex, exactly kCell visible characters. line_before: a section line runs along the cell's
// left edge (an odd row's hex just right of a line, as shown).
std::string render_hex(const Scenario& scn, const State& s, int hex, bool line_before, const Paint& paint) {
  const Board& b = Board::get();
  const Terrain t = scn.at(hex);
  const std::string tl(1, terrain_letter(t));
  const std::string line = paint("2", std::string(1, kLine));
  const std::string slot = line_before ? line : " ";
  const int u = s.unit_at[hex] != kNone && s.units[s.unit_at[hex]].alive() ? s.unit_at[hex] : -1;
  const int l = s.leader_at[hex] != kNone && s.leaders[s.leader_at[hex]].alive() ? s.leader_at[hex] : -1;
  if (u < 0 && l < 0) {
    // An empty hex on a section line shows the line where open ground would show '.'.
    const std::string mid = t == Terrain::Plain && on_section_line(b.row[hex], b.col[hex]) ? line
                                                                                           : paint(terrain_sgr(t), tl);
    return slot + std::string(kMid - 1, ' ') + mid + std::string(kCell - kMid - 1, ' ');
  }
  std::string body;
  Side side;
  if (u >= 0) {
    const UnitState& us = s.units[u];
    side = us.side;
    body = std::string(unit_info(us.type).code) + std::to_string(int(us.blocks)) + side_marker(side);
    if (l >= 0) body += '*';
  } else {
    side = s.leaders[l].side;
    body = std::string("LDR") + side_marker(side);
  }
  // A three-letter unit with a leader fills the whole cell: its terrain shows only in colour.
  if (int(body.size()) >= kCell) return paint(side_sgr(side), body.substr(0, size_t(kCell)));
  const std::string first = t == Terrain::Plain ? slot : paint(terrain_sgr(t), tl);
  return first + paint(side_sgr(side), body) + std::string(size_t(kCell - 1 - int(body.size())), ' ');
}

// The column numbers of the even rows (above the board) or the odd rows (below), as shown: from
// the top player's side the columns run from right to left.
std::string column_header(int row_parity, bool flip, const Paint& paint) {
  std::string line(size_t(kLabel + (row_parity ? kIndent : 0)), ' ');
  const int n = Board::row_length(row_parity);
  for (int p = 0; p < n; ++p) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%*d%*s", kMid + 1, flip ? n - 1 - p : p, kCell - kMid - 1, "");
    line += buf;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return paint("2", line);
}

// The line under the board naming the three sections, from the viewer's side (the bottom
// player's for a viewer of neither side), with the section lines where the board draws them.
std::string section_caption(Side viewer) {
  const int line1 = kLabel + 4 * kCell + kMid, line2 = kLabel + 8 * kCell + kMid;
  const int end = kLabel + 13 * kCell;
  const std::string who = viewer == Side::None ? "bottom's " : "your ";
  std::string out(size_t(end), ' ');
  auto centre = [&](const std::string& word, int from, int to) {
    const int at = from + std::max(0, (to - from - int(word.size())) / 2);
    out.replace(size_t(at), word.size(), word);
  };
  centre(who + "left", kLabel, line1);
  centre("centre", line1 + 1, line2);
  centre(who + "right", line2 + 1, end);
  out[size_t(line1)] = out[size_t(line2)] = kLine;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The characters a terminal shows of s: colour sequences take no room.
size_t visible(const std::string& s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b') {
      while (i < s.size() && s[i] != 'm') ++i;
      continue;
    }
    n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;  // a UTF-8 character counts once
  }
  return n;
}

// Breaks text at spaces into lines of at most width visible characters: the first line starts
// with `first`, the others with `indent`.
std::string wrap(const std::string& first, const std::string& text, size_t width, const std::string& indent) {
  std::string out, line = first;
  size_t start = first.size();
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    std::string word = text.substr(i, j - i);
    if (line.size() > start && visible(line) + 1 + visible(word) > width) {
      out += line + "\n";
      line = indent + word;
      start = indent.size();
    } else {
      line += (line.size() > start ? " " : "") + word;
    }
    i = j + 1;
  }
  if (line.size() > start) out += line + "\n";
  return out;
}

std::string banner_bar(int have, int need) {
  std::string bar = "[";
  for (int i = 0; i < need; ++i) bar += i < have ? '#' : '-';
  return bar + "]";
}

}  // namespace

char terrain_letter(Terrain t) {
  switch (t) {
    case Terrain::Plain: return '.';
    case Terrain::BrokenGround: return 'b';
    case Terrain::Forest: return 'f';
    case Terrain::Hill: return 'h';
    case Terrain::Seacoast: return 's';
    case Terrain::River: return 'r';
    case Terrain::FordableRiver: return 'd';
    case Terrain::Rampart: return 'p';
    case Terrain::FortifiedCamp: return 'c';
    case Terrain::Lake: return 'l';
    case Terrain::SteepHill: return 'x';
    default: return '?';
  }
}

char side_marker(Side s) { return s == Side::Top ? 'v' : '^'; }

std::string wrap_words(const std::string& first, const std::string& text, size_t width, const std::string& indent) {
  return wrap(first, text, width, indent);
}

std::string render_board(const Scenario& scn, const State& s, bool color, Side viewer) {
  const Paint paint{color};
  const bool flip = viewer == Side::Top;
  // The column numbers of both kinds of row above and below the board, each in line with its
  // rows' hexes (odd rows sit half a hex to the right): play-testers misread odd rows' columns
  // when their numbers were only below.
  std::string out = column_header(0, flip, paint) + "\n" + column_header(1, flip, paint) + "\n";
  for (int k = 0; k < kRows; ++k) {
    const int r = flip ? kRows - 1 - k : k;
    const int n = Board::row_length(r);
    char label[8];
    std::snprintf(label, sizeof label, "%-*d", kLabel, r);
    std::string line = paint("2", label);
    if (r & 1) line += std::string(kIndent, ' ');
    for (int p = 0; p < n; ++p) {
      const int c = flip ? n - 1 - p : p;
      // On odd rows the lines run between columns 3|4 and 7|8 (shown: between positions 3|4, 7|8
      // either way, as the sections are symmetric).
      const bool line_before = (r & 1) && (p == 4 || p == 8);
      line += render_hex(scn, s, Board::index(r, c), line_before, paint);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += column_header(1, flip, paint) + "\n" + column_header(0, flip, paint) + "\n";
  // The sections named under the board, each under its part of it.
  out += paint("2", section_caption(viewer)) + "\n";
  return out;
}

std::string render_legend(const Scenario& scn, bool color, Side viewer) {
  const Paint paint{color};
  constexpr size_t kWidth = 79;
  std::string out;
  out += wrap("", "Legend: a hex shows unit code, blocks left and side: " + paint(side_sgr(Side::Top), "v") + " " +
                      scn.army[0] + " (top), " + paint(side_sgr(Side::Bottom), "^") + " " + scn.army[1] + " (bottom).",
              kWidth, "  ");
  out += "  HI4^* = heavy infantry, 4 blocks, bottom side, with a leader; LDR^ = a leader\n"
         "  alone. A hex is named row,col: the row number on the left, the column number\n"
         "  above and below the board in line with the hex (odd rows sit half a hex on).\n";
  if (viewer == Side::Top)
    out += "  The board is turned to your side: your army at the bottom, your left on the\n"
           "  left. The numbers still name the hexes as the menus do (row 0 is your\n"
           "  baseline).\n";
  // Unit types present.
  bool seen_type[kUnitTypes] = {};
  for (const UnitSetup& u : scn.units) seen_type[int(u.type)] = true;
  std::string units;
  for (int t = 0; t < kUnitTypes; ++t)
    if (seen_type[t]) {
      const UnitInfo& ui = unit_info(UnitType(t));
      if (!units.empty()) units += ", ";
      units += std::string(ui.code) + " " + ui.name;
    }
  if (!units.empty()) out += wrap("  ", "Units: " + units + ".", kWidth, "    ");
  // Troop traits acting in this game (the Hellenistic module's, H6-H9, and a battle's own), each
  // with what it does; the banners list names the units that carry them.
  uint16_t traits = 0;
  for (const UnitSetup& u : scn.units) traits |= acting_traits(scn, u.traits);
  for (int b = 0; b < kTraitBits; ++b)
    if ((traits >> b & 1) && *trait_tag(b))
      out += wrap("  ", std::string("Trait ") + trait_tag(b) + " (" + kTraitNames[b] + "): " + trait_summary(b) + ".",
                  kWidth, "    ");
  if (grades_shown(scn) || commander_shown(scn)) {
    std::string t = "Leaders are listed as Name(grade,AC):";
    if (grades_shown(scn)) t += " a war-god, b superior, c ordinary, d low-ranking (H3);";
    if (commander_shown(scn)) t += std::string(" AC ") + commander_summary() + ";";
    t.back() = '.';
    out += wrap("  ", t + " Type info ROW,COL for a hex's unit and leader.", kWidth, "    ");
  }
  // Terrain present (open ground always).
  bool seen_terrain[int(Terrain::Count)] = {};
  seen_terrain[int(Terrain::Plain)] = true;
  for (int h = 0; h < kHexes; ++h) seen_terrain[int(scn.at(h))] = true;
  std::string ter;
  for (int t = 0; t < int(Terrain::Count); ++t)
    if (seen_terrain[t]) {
      if (!ter.empty()) ter += ", ";
      ter += paint(terrain_sgr(Terrain(t)), std::string(1, terrain_letter(Terrain(t)))) + " " +
             terrain_info(Terrain(t)).name;
    }
  out += wrap("  ", "Terrain: " + ter + " (a letter before a unit: the terrain it stands on).", kWidth, "    ");
  out += wrap("  ",
              std::string("Sections: the dotted lines (") + kLine +
                  ") divide the board into left, centre and right, named under it from " +
                  (viewer == Side::None ? "the bottom player's" : "your") +
                  " side. An even-row hex a line runs through (columns 4 and 8) belongs to both sections. "
                  "The top player's left is the bottom player's right.",
              kWidth, "  ");
  return out;
}

std::string render_banners(const Scenario& scn, const State& s, Side viewer, bool color) {
  const Paint paint{color};
  std::string out;
  for (Side side : {Side::Top, Side::Bottom}) {
    const int i = idx(side);
    char buf[160];
    std::snprintf(buf, sizeof buf, " %-6s %c  banners %d/%d %s  command %d  hand %d", i == 0 ? "top" : "bottom",
                  side_marker(side), int(s.banners[i]), int(scn.banners_to_win[i]),
                  banner_bar(s.banners[i], scn.banners_to_win[i]).c_str(), int(s.command[i]), int(s.hand_n[i]));
    std::string name = pad(scn.army[i], 14);
    out += paint(side_sgr(side), name) + buf + (side == viewer ? "  (you)" : "") + "\n";
  }
  // Leaders on the map.
  std::string leaders;
  for (int l = 0; l < s.n_leaders; ++l) {
    const LeaderState& ls = s.leaders[l];
    if (!ls.alive()) continue;
    // With his grade and the Army Commander's mark while the module has them act: Alexander(a,AC).
    const std::string name = leader_label(scn, l);
    if (!leaders.empty()) leaders += "; ";
    leaders += paint(side_sgr(ls.side), name) + " at " + hex_name(ls.hex);
  }
  if (!leaders.empty()) out += wrap("", "Leaders: " + leaders, 79, "  ");
  // Units with troop traits (the state holds those acting in this game), by hex: 2,5 MC Comp.
  std::string troops;
  for (int u = 0; u < s.n_units; ++u) {
    const UnitState& us = s.units[u];
    if (!us.alive() || !us.traits || us.hex >= kHexes) continue;
    const std::string tags = trait_tags(us.traits);
    if (tags.empty()) continue;
    if (!troops.empty()) troops += "; ";
    troops += paint(side_sgr(us.side), hex_name(us.hex) + " " + unit_info(us.type).code + " " + tags);
  }
  if (!troops.empty()) out += wrap("", "Traits: " + troops, 79, "  ");
  // H1.4: a side whose Army Commander is gone plays on with one card fewer.
  for (Side side : {Side::Top, Side::Bottom})
    if (s.commander_gone >> idx(side) & 1)
      out += wrap("", paint(side_sgr(side), scn.army[idx(side)]) + " has lost its Army Commander: command " +
                          std::to_string(int(s.command[idx(side)])) + " for the rest of the game (Hellenistic H1.4).",
                  79, "  ");
  // H10: the viewer's own reserve leader (the other side's is hidden, as its hand is).
  if (viewer != Side::None && scn.reserve_move(viewer)) {
    const uint8_t r = s.reserve_leader[idx(viewer)];
    if (r != kNone && r < s.n_leaders && s.leaders[r].alive())
      out += wrap("", "Your reserve leader (Hellenistic H10, hidden from the other side): " + leader_label(scn, r) + ".",
                  79, "  ");
  }
  // The reserve waiting off the map (a reserve rule): nothing on the board shows it otherwise.
  for (Side side : {Side::Top, Side::Bottom}) {
    std::string waiting;
    for (int u = 0; u < s.n_units; ++u)
      if (s.units[u].status == Status::Reserve && s.units[u].side == side)
        waiting += (waiting.empty() ? "" : ", ") + std::string(unit_info(s.units[u].type).code);
    for (int l = 0; l < s.n_leaders; ++l)
      if (s.leaders[l].status == Status::Reserve && s.leaders[l].side == side)
        waiting += (waiting.empty() ? "" : ", ") + (l < int(scn.leaders.size()) ? scn.leaders[l].name : "a leader");
    if (waiting.empty()) continue;
    // How it comes in: the scenario's reserve rule in a sentence (cca/battle_rules.h).
    const BattleRule* r = scn.rule(RuleKind::Reserve, side);
    out += wrap("", paint(side_sgr(side), scn.army[idx(side)]) + " reserve off the map: " + waiting +
                        (r ? " (" + battle_rule_summary(*r, scn.army) + ")" : std::string()),
                79, "  ");
  }
  return out;
}

std::string render_status(const Scenario& scn, const State& s, bool color) {
  const Paint paint{color};
  std::string out = "Turn " + std::to_string(int(s.turn) + 1) + " (" + paint(side_sgr(s.active), scn.army[idx(s.active)]) +
                    ")";
  if (s.played != kNone && s.played < kCardKinds) {
    out += std::string(", card in play: ") + card_info(s.played).name;
    // Hellenistic H2: a section card played in another section, one order fewer.
    static const char* const kSec[3] = {"left", "center", "right"};
    if (s.named_section >= 1 && s.named_section <= 3)
      out += std::string(" in the ") + kSec[s.named_section - 1] + " section (H2)";
  }
  out += ". Deck " + std::to_string(int(s.deck_n)) + " cards, discards " + std::to_string(int(s.discard_n)) + ".";
  return wrap("", out, 79, "  ");
}

std::string render_hand(const Scenario& scn, const State& s, Side viewer, bool color) {
  const Paint paint{color};
  const int me = idx(viewer), them = idx(other(viewer));
  std::string out = "Your hand (" + paint(side_sgr(viewer), scn.army[me]) + ", " + std::to_string(int(s.hand_n[me])) +
                    " cards):\n";
  // In the order of the card menu (the legal card plays are listed by card kind), so that a card
  // read in this list has its menu line in the same place (play-test feedback).
  std::vector<uint8_t> cards(s.hand[me], s.hand[me] + s.hand_n[me]);
  std::stable_sort(cards.begin(), cards.end());
  for (const uint8_t k : cards) {
    if (k >= kCardKinds) {
      out += "  ?\n";
      continue;
    }
    const CardInfo& ci = card_info(k);
    out += wrap("  " + paint("1", pad(ci.name, 27)) + " ",
                std::string(ci.effect) + (ci.playable ? "" : " (not playable yet)"), 79,
                std::string(30, ' '));
  }
  out += paint(side_sgr(other(viewer)), scn.army[them]) + " hand: " + std::to_string(int(s.hand_n[them])) +
         " cards (hidden).\n";
  return out;
}

namespace {
const char* face_sgr(int f) {
  switch (f) {
    case kFaceLight: return "32";
    case kFaceMedium: return "34";
    case kFaceHeavy: return "31";
    case kFaceHelmet: return "1;33";
    case kFaceFlag: return "1;37";
    case kFaceSword: return "1;35";
    default: return "0";
  }
}
}  // namespace

std::string render_dice(const uint8_t* dice, int n, bool color) {
  const Paint paint{color};
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (i) out += ' ';
    out += paint(face_sgr(dice[i]), std::string("[") + face_name(dice[i]) + "]");
  }
  return out;
}

std::string render_event(const Scenario& scn, const Event& e, Side viewer, bool color) {
  const Paint paint{color};
  if (e.type == Ev::Roll || e.type == Ev::Reroll) {
    std::string t = std::string("[") + e.section + "] " + side_name(e.side) +
                    (e.type == Ev::Roll ? " rolls " : " re-rolls ") + std::to_string(int(e.ndice)) +
                    (e.ndice == 1 ? " die: " : " dice: ");
    if (e.ndice == 0) return t + "none";
    return t + render_dice(e.dice, e.ndice, color);
  }
  std::string line = describe(scn, e, viewer);
  switch (e.type) {
    case Ev::Banner:
    case Ev::UnitEliminated:
    case Ev::LeaderKilled:
    case Ev::Victory:
    case Ev::Draw:
    case Ev::ObjectiveTaken:
    case Ev::UnitExits: return paint("1", line);
    case Ev::TurnEnd:
    case Ev::CardDrawn:
    case Ev::Reshuffle: return paint("2", line);
    default: return line;
  }
}

std::string render_event_view(const game::EventView& e, bool color) {
  const Paint paint{color};
  const std::string type = e.json.value("type", "");
  if ((type == "roll" || type == "reroll") && e.json.contains("dice")) {
    uint8_t dice[10] = {};
    int n = 0;
    for (const auto& f : e.json["dice"]) {
      if (n == 10 || !f.is_string()) break;
      for (int i = 0; i < 6; ++i)
        if (f.get<std::string>() == face_name(i)) dice[n] = uint8_t(i);
      ++n;
    }
    const nlohmann::json& side = e.json["side"];
    std::string t = "[" + e.json.value("section", std::string()) + "] " +
                    (side.is_string() ? side.get<std::string>() : std::string("?")) +
                    (type == "roll" ? " rolls " : " re-rolls ") + std::to_string(n) + (n == 1 ? " die: " : " dice: ");
    if (n == 0) return t + "none";
    return t + render_dice(dice, n, color);
  }
  static const char* const kBold[] = {"banner", "unit-eliminated", "leader-killed", "victory", "draw", "objective-taken", "unit-exits"};
  static const char* const kDim[] = {"turn-end", "card-drawn", "reshuffle"};
  for (const char* b : kBold)
    if (type == b) return paint("1", e.text);
  for (const char* d : kDim)
    if (type == d) return paint("2", e.text);
  return e.text;
}

}  // namespace bgb::app
