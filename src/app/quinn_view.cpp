#include "app/quinn_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace bgb::app {

using quinn::inches;

char stand_letter(const quinn::Scenario& scn, int id) {
  const quinn::Profile& p = quinn::profile_of(scn, id);
  char c = '?';
  if (p.name == "archers") c = 'A';
  else
    switch (p.melee) {
      case quinn::Cls::HI: c = 'I'; break;
      case quinn::Cls::MI: c = 'M'; break;
      case quinn::Cls::LI: c = 'L'; break;
      case quinn::Cls::HC: c = 'H'; break;
      case quinn::Cls::LC: c = 'R'; break;
      case quinn::Cls::CH: c = 'C'; break;
      case quinn::Cls::EL: c = 'E'; break;
    }
  return quinn::side_of(id) == 0 ? c : char(c - 'A' + 'a');
}

// The arrow of a heading, to the nearest eighth.
const char* arrow(int h) {
  static const char* const kArrows[8] = {">", "/", "^", "\\", "<", "/", "v", "\\"};
  return kArrows[((h + 22) % 360) / 45];
}

void draw_table(const quinn::Scenario& scn, const quinn::State& s, std::ostream& out) {
  const int cols = int(std::ceil(inches(scn.table_w))), rows = int(std::ceil(inches(scn.table_h) / 2));
  std::vector<std::string> grid(size_t(rows), std::string(size_t(cols), '.'));
  for (const quinn::RoughPiece& r : scn.rough)
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x)
        if (quinn::inside(r.poly, {x + 0.5, 2.0 * y + 1.0})) grid[size_t(rows - 1 - y)][size_t(x)] = ':';
  for (int side = 0; side < quinn::kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = quinn::stand_id(side, k);
      if (!s.stand[id].alive()) continue;
      const int x = std::clamp(int(inches(s.stand[id].x)), 0, cols - 1);
      const int y = std::clamp(int(inches(s.stand[id].y) / 2), 0, rows - 1);
      char& cell = grid[size_t(rows - 1 - y)][size_t(x)];
      cell = (cell == '.' || cell == ':') ? stand_letter(scn, id) : '*';
    }
  out << "    ";
  for (int x = 0; x < cols; x += 10) out << x << std::string(size_t(x < 10 ? 9 : 8), ' ');
  out << "\n";
  for (int y = 0; y < rows; ++y) {
    char lab[8];
    std::snprintf(lab, sizeof lab, "%2d |", 2 * (rows - 1 - y));
    out << lab << grid[size_t(y)] << "|\n";
  }
  out << "table " << inches(scn.table_w) << "\" x " << inches(scn.table_h)
      << "\": one column an inch, one row two; " << scn.side_name[0] << " (A) upper case, " << scn.side_name[1]
      << " (B) lower case: I heavy foot, M medium, L light foot, A archers, H heavy horse, R light horse, C chariots, "
         "E elephants; * more than one; : rough\n";
}

void list_stands(const quinn::Scenario& scn, const quinn::State& s, int only_side, bool only_command, std::ostream& out) {
  for (int side = 0; side < quinn::kSides; ++side) {
    if (only_side >= 0 && side != only_side) continue;
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = quinn::stand_id(side, k);
      const quinn::Stand& st = s.stand[id];
      if (!st.alive()) continue;
      if (only_command && (s.command_of[id] != s.active_cmd || (st.flags & quinn::kActed))) continue;
      char buf[96];
      std::snprintf(buf, sizeof buf, "  %3d %c %-34s (%6.2f, %5.2f) %3d° %s", id, stand_letter(scn, id), quinn::stand_name(scn, id).c_str(),
                    inches(st.x), inches(st.y), st.heading, arrow(st.heading));
      out << buf;
      std::string locks;
      for (uint8_t l : st.lock)
        if (l != quinn::kNone) locks += (locks.empty() ? "  locked with " : ", ") + std::to_string(l);
      out << locks << "\n";
    }
  }
}

void print_events(const std::vector<game::EventView>& ev, std::ostream& out) {
  for (const game::EventView& e : ev) {
    const std::string type = e.json.value("type", "");
    if (type == "phase" || type == "initiative" || type == "stop-roll" || type == "melee" || type == "volley" || type == "flee" ||
        type == "destroyed" || type == "fled-off" || type == "disbanded" || type == "recoil" || type == "locked" ||
        type == "game-over" || type == "charge" || type == "disengage" || type == "bump" || type == "move" || type == "advance")
      out << "  " << e.text << (e.json.contains("section") ? "  [" + e.json["section"].get<std::string>() + "]" : "") << "\n";
  }
}

std::string ended_text(const quinn::State& s) {
  if (s.round > s.round_limit) return "after round " + std::to_string(int(s.round_limit)) + ", the last";
  return "in round " + std::to_string(int(s.round));
}

}  // namespace bgb::app
