#include "app/board_view.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/event.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::app {

using namespace bgb::cca;

namespace {

constexpr int kCell = 7;    // characters per hex
constexpr int kIndent = 3;  // odd rows: about half a cell
constexpr int kLabel = 3;   // row number column

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

// One hex, exactly kCell visible characters: [terrain under a piece][code blocks side leader].
std::string render_hex(const Scenario& scn, const State& s, int hex, const Paint& paint) {
  const Terrain t = scn.at(hex);
  const std::string tl(1, terrain_letter(t));
  const int u = s.unit_at[hex] != kNone && s.units[s.unit_at[hex]].alive() ? s.unit_at[hex] : -1;
  const int l = s.leader_at[hex] != kNone && s.leaders[s.leader_at[hex]].alive() ? s.leader_at[hex] : -1;
  if (u < 0 && l < 0) return "   " + paint(terrain_sgr(t), tl) + std::string(kCell - 4, ' ');

  std::string out = t == Terrain::Plain ? " " : paint(terrain_sgr(t), tl);
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
  const int width = kCell - 1;
  if (int(body.size()) > width) body = body.substr(0, size_t(width));
  out += paint(side_sgr(side), body) + std::string(size_t(width - int(body.size())), ' ');
  return out;
}

std::string column_header(int row_parity, const Paint& paint) {
  std::string line(kLabel + (row_parity ? kIndent : 0), ' ');
  const int n = Board::row_length(row_parity);
  for (int c = 0; c < n; ++c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%4d%*s", c, kCell - 4, "");
    line += buf;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return paint("2", line);
}

// Breaks text at spaces into lines of at most width characters: the first line starts with
// `first`, the others with `indent`.
std::string wrap(const std::string& first, const std::string& text, size_t width, const std::string& indent) {
  std::string out, line = first;
  size_t start = first.size();
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    std::string word = text.substr(i, j - i);
    if (line.size() > start && line.size() + 1 + word.size() > width) {
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

std::string render_board(const Scenario& scn, const State& s, bool color) {
  const Paint paint{color};
  std::string out = column_header(0, paint) + "\n";
  for (int r = 0; r < kRows; ++r) {
    char label[8];
    std::snprintf(label, sizeof label, "%2d ", r);
    std::string line = paint("2", label);
    if (r & 1) line += std::string(kIndent, ' ');
    for (int c = 0; c < Board::row_length(r); ++c) line += render_hex(scn, s, Board::index(r, c), paint);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += column_header(1, paint) + "\n";
  return out;
}

std::string render_legend(const Scenario& scn, bool color) {
  const Paint paint{color};
  std::string out;
  out += "Legend: a hex shows unit code, blocks left and side: " + paint(side_sgr(Side::Top), "v") + " " + scn.army[0] +
         " (top), " + paint(side_sgr(Side::Bottom), "^") + " " + scn.army[1] + " (bottom).\n";
  out += "  HI4^* = heavy infantry, 4 blocks, bottom side, with a leader; LDR = a leader alone.\n";
  out += "  A hex is named row,col: the row number on the left, the column above (even rows) or below (odd rows).\n";
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
  if (!units.empty()) out += wrap("  ", "Units: " + units + ".", 100, "    ");
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
  out += "  Terrain: " + ter + " (a letter before a unit: the terrain it stands on).\n";
  out += "  Sections, from the bottom player's view: left = columns 0-3, centre = 4-7, right = 8-12; even-row hexes\n"
         "  in columns 4 and 8 lie on a section line and belong to both. The top player's left is bottom's right.\n";
  return out;
}

std::string render_banners(const Scenario& scn, const State& s, Side viewer, bool color) {
  const Paint paint{color};
  std::string out;
  for (Side side : {Side::Top, Side::Bottom}) {
    const int i = idx(side);
    char buf[160];
    std::snprintf(buf, sizeof buf, " %-6s %c  banners %d/%d %s  command %d  cards in hand %d", i == 0 ? "top" : "bottom",
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
    std::string name = l < int(scn.leaders.size()) ? scn.leaders[l].name : "leader " + std::to_string(l);
    if (!leaders.empty()) leaders += "; ";
    leaders += paint(side_sgr(ls.side), name) + " at " + hex_name(ls.hex);
  }
  if (!leaders.empty()) out += "Leaders: " + leaders + "\n";
  // The reserve waiting off the map (mago-ambush): nothing on the board shows it otherwise.
  for (Side side : {Side::Top, Side::Bottom}) {
    std::string waiting;
    for (int u = 0; u < s.n_units; ++u)
      if (s.units[u].status == Status::Reserve && s.units[u].side == side)
        waiting += (waiting.empty() ? "" : ", ") + std::string(unit_info(s.units[u].type).code);
    for (int l = 0; l < s.n_leaders; ++l)
      if (s.leaders[l].status == Status::Reserve && s.leaders[l].side == side)
        waiting += (waiting.empty() ? "" : ", ") + (l < int(scn.leaders.size()) ? scn.leaders[l].name : "a leader");
    if (!waiting.empty())
      out += paint(side_sgr(side), scn.army[idx(side)]) + " reserve off the map: " + waiting +
             " (enters on the enemy baseline of a Leadership card's section, from the second turn)\n";
  }
  return out;
}

std::string render_status(const Scenario& scn, const State& s, bool color) {
  const Paint paint{color};
  std::string out = "Turn " + std::to_string(int(s.turn) + 1) + " (" + paint(side_sgr(s.active), scn.army[idx(s.active)]) +
                    ")";
  if (s.played != kNone && s.played < kCardKinds) out += std::string(", card in play: ") + card_info(s.played).name;
  out += ". Deck " + std::to_string(int(s.deck_n)) + " cards, discards " + std::to_string(int(s.discard_n)) + ".\n";
  return out;
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
    out += "  " + paint("1", pad(ci.name, 27)) + " " + ci.effect + (ci.playable ? "" : " (not playable yet)") + "\n";
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
