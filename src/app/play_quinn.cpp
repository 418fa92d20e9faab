// bgbot play --game quinn: a person against a bot on Quinn's measured table, in the terminal.
// The table is drawn top-down (one column an inch, one row two inches); the choices are the
// session's, numbered; a free move names the pose ("m ID X Y HEADING"). Everything goes through
// the session (play/session.h), as every front end does.
#include <unistd.h>

#include <array>
#include <algorithm>
#include <cmath>
#include <map>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "app/terminal_common.h"
#include "games/all_games.h"
#include "play/session.h"
#include "quinn/json_io.h"
#include "quinn/quinn_game.h"

namespace bgb::app {

namespace {

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

void help(std::ostream& out) {
  out << "  N            take choice N\n"
         "  m ID X Y H   move stand ID to (X, Y) inches facing H degrees (0 east, 90 north), by the cheapest legal path\n"
         "  t            what the bot would do here (a hint)\n"
         "  u            undo your last decision (back to the last die rolled)\n"
         "  l            list every stand;  map  draw the table again\n"
         "  s ID         show the moves of stand ID in full (s 64 or s B0; a long list shows a line per stand)\n"
         "  s FILE.json  save the game record;  q  quit\n";
}

}  // namespace

int cmd_play_quinn(const PlayOptions& opt) {
  games::register_all_games();
  const game::Game& g = *game::find_game(quinn::kGameName);
  const bool interactive = isatty(STDIN_FILENO);
  play::Session session;
  std::string err;
  const int you = opt.side == "A" || opt.side == "a" || opt.side == "top" ? 0 : 1;
  const std::string bot = opt.bot.empty() ? "normal" : opt.bot;
  if (!ai::make_bot(quinn::kGameName, bot, &err)) {
    std::cerr << "play: " << err << "\n";
    return 2;
  }
  std::vector<play::Seat> seats(2);
  seats[size_t(1 - you)] = play::Seat{bot, bot};
  if (!opt.load.empty()) {
    std::ifstream in(opt.load);
    nlohmann::json rec;
    try {
      rec = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
      std::cerr << "play: " << opt.load << ": not a record (" << e.what() << ")\n";
      return 1;
    }
    if (!session.resume(g, rec, nullptr, seats, &err)) {
      std::cerr << "play: " << opt.load << ": " << err << "\n";
      return 1;
    }
  } else {
    std::vector<std::string> errors;
    auto scn = g.find_scenario(opt.scenario == "001" ? "s1" : opt.scenario, true, errors);
    if (!scn) {
      for (const std::string& e : errors) std::cerr << "play: " << e << "\n";
      return 2;
    }
    const uint64_t seed = opt.seed ? *opt.seed : uint64_t(std::time(nullptr));
    if (!session.start(g, scn, seed, seats, &err)) {
      std::cerr << "play: " << err << "\n";
      return 1;
    }
    std::cout << "seed " << seed << "\n";
  }
  const quinn::Scenario& scn = quinn::scenario_of(session.scenario());
  std::cout << g.title() << ": " << scn.title << ". You play " << scn.side_name[you] << " (" << (you == 0 ? "A" : "B")
            << ") against " << bot << ". Type ? for help.\n";
  {
    const quinn::State& s0 = quinn::state_of(session.state());
    std::cout << scn.side_name[s0.p1] << " won the initiative and is Player 1: it moves first each round (I-INIT).\n";
  }
  auto save = [&](const std::string& path) {
    std::ofstream f(path);
    f << session.record_json().dump(1) << "\n";
    return bool(f);
  };
  bool show_map = true;
  int focus = -1;  // the stand whose choices a folded list shows in full
  std::string line;
  while (true) {
    while (!session.is_over() && session.bot_to_move()) {
      std::vector<game::EventView> ev;
      std::string text;
      if (!session.play_bot(nullptr, &text, &ev, you, &err)) {
        std::cerr << "play: the bot failed: " << err << "\n";
        return 1;
      }
      std::cout << "bot: " << text << "\n";
      print_events(ev, std::cout);
      show_map = true;
    }
    const quinn::State& s = quinn::state_of(session.state());
    if (show_map) draw_table(scn, s, std::cout);
    show_map = false;
    std::cout << "round " << int(s.round) << "/" << int(s.round_limit) << ", " << quinn::possessive(scn.side_name[s.side]) << " "
              << (s.fire_phase ? "fire" : "movement") << " phase; losses " << scn.side_name[0] << " " << int(s.losses[0]) << "/"
              << int(s.break_point[0]) << ", " << scn.side_name[1] << " " << int(s.losses[1]) << "/" << int(s.break_point[1]) << "\n";
    if (session.is_over()) {
      const int w = session.state().winner();
      std::cout << (w < 0 ? "The game is drawn" : w == you ? "You win" : "You lose") << " in round " << int(s.round) << ": "
                << scn.side_name[0] << " lost " << int(s.losses[0]) << " of " << int(s.break_point[0]) << ", " << scn.side_name[1]
                << " " << int(s.losses[1]) << " of " << int(s.break_point[1]) << ".\n";
      if (!opt.save.empty()) std::cout << (save(opt.save) ? "saved " : "could not save ") << opt.save << "\n";
      if (interactive) {  // the last fight's result stays on the screen until the player has read it
        std::cout << "Press Enter to leave." << std::flush;
        std::getline(std::cin, line);
      }
      return 0;
    }
    if (s.decision == quinn::Decision::Act) list_stands(scn, s, s.side, true, std::cout);
    const std::vector<game::ActionCode> choices = session.choices();
    // A long list (a block of a dozen stands has some fifty choices) is shown a stand at a time:
    // the command's own choices (Advance, the end) in full, each other stand as one line with
    // what it may do; `s ID` opens a stand. The numbers are the same either way.
    int stands_listed = 0;
    {
      std::vector<int> seen;
      for (game::ActionCode a : choices)
        if (quinn::kind_of(a) == quinn::Kind::Move && std::find(seen.begin(), seen.end(), quinn::stand_of(a)) == seen.end())
          seen.push_back(quinn::stand_of(a));
      stands_listed = int(seen.size());
    }
    const bool fold = choices.size() > 24 && stands_listed > 1;
    std::map<int, std::array<int, 3>> folded;  // stand -> holds, moves, charges not shown
    for (size_t i = 0; i < choices.size(); ++i) {
      const quinn::Kind k = quinn::kind_of(choices[i]);
      const bool of_stand = k == quinn::Kind::Hold || k == quinn::Kind::Move || k == quinn::Kind::Charge || k == quinn::Kind::Disengage;
      if (fold && of_stand && k != quinn::Kind::Charge && quinn::stand_of(choices[i]) != focus) {
        auto& c = folded[quinn::stand_of(choices[i])];
        ++c[k == quinn::Kind::Charge ? 2 : k == quinn::Kind::Move ? 1 : 0];
        continue;
      }
      std::string details;
      const nlohmann::json d = session.state().action_details(choices[i]);
      if (d.is_object() && d.contains("odds")) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "  [%+d: destroys %.0f%%, destroyed %.0f%%]", d["modifier"].get<int>(),
                      100 * d["odds"]["DD"].get<double>(), 100 * d["odds"]["AD"].get<double>());
        details = buf;
      }
      std::cout << "  " << (i + 1) << "  " << session.state().action_text(choices[i]) << details << "\n";
    }
    for (const auto& [id, c] : folded)
      std::cout << "  s " << id << "   " << quinn::stand_name(scn, id) << ": " << c[1] << " moves, " << c[2] << " charges"
                << (c[0] ? ", or hold" : "") << "\n";
    std::cout << "> " << std::flush;
    if (!std::getline(std::cin, line)) break;
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd.empty()) continue;
    std::vector<game::EventView> ev;
    if (cmd == "q" || cmd == "quit") break;
    if (cmd == "s") {
      std::string arg;
      in >> arg;
      // A stand by its number (80) or its name's letter and index (B16); anything with a dot or
      // a slash is a file to save to.
      int id = -1;
      if (!arg.empty() && std::all_of(arg.begin(), arg.end(), ::isdigit) && arg.size() < 4) id = std::stoi(arg);
      else if (arg.size() >= 2 && (arg[0] == 'A' || arg[0] == 'a' || arg[0] == 'B' || arg[0] == 'b') &&
               std::all_of(arg.begin() + 1, arg.end(), ::isdigit) && arg.size() < 5)
        id = quinn::stand_id(arg[0] == 'A' || arg[0] == 'a' ? 0 : 1, std::stoi(arg.substr(1)));
      if (id >= 0) {
        bool listed = false;
        for (game::ActionCode a : choices) listed = listed || quinn::stand_of(a) == id;
        if (!listed) std::cout << "  stand " << arg << " has no choice now (s ID: a stand of the list, e.g. s 64 or s B0)\n";
        else focus = id;  // the stand whose choices are shown in full
        continue;
      }
      if (arg.find('.') == std::string::npos && arg.find('/') == std::string::npos) {
        std::cout << "  s ID shows a stand (s 64, s B0); s FILE.json saves the game\n";
        continue;
      }
      std::cout << (save(arg) ? "  saved " + arg : "  could not write " + arg) << "\n";
      continue;
    }
    if (cmd == "?" || cmd == "help") {
      help(std::cout);
    } else if (cmd == "map") {
      show_map = true;
    } else if (cmd == "l") {
      list_stands(scn, s, -1, false, std::cout);
    } else if (cmd == "t") {
      std::cout << "  thinking (" << bot << ")..." << std::flush;
      ai::Explanation why;
      if (!session.advise(bot, why, &err)) std::cout << " no hint: " << err << "\n";
      else {
        std::cout << " its first choice first, with the win chance it sees after it:\n";
        for (const ai::ActionValue& v : why.best) {
          const auto at = std::find(choices.begin(), choices.end(), v.action);
          std::cout << "  " << (at == choices.end() ? std::string("-") : std::to_string(at - choices.begin() + 1)) << "  "
                    << session.state().action_text(v.action) << "  (" << int(100 * v.value + 0.5) << "%, " << v.visits
                    << " visits)\n";
        }
      }
    } else if (cmd == "u") {
      const int n = session.undo(you, &err);
      std::cout << (n > 0 ? "  undone " + std::to_string(n) + " decision(s)" : "  nothing undone: " + err) << "\n";
      show_map = n > 0;
    } else if (cmd == "m") {
      int id = -1, h = -1;
      double x = -1, y = -1;
      if (!(in >> id >> x >> y >> h) || id < 0 || id > 127 || x < 0 || y < 0 || x > 131 || y > 65 || h < 0 || h > 359) {
        std::cout << "  m ID X Y H: a stand id, inches across and up the table, a heading 0-359\n";
        continue;
      }
      if (!session.apply(quinn::make_move_to(id, quinn::to_mil(x), quinn::to_mil(y), h), &ev, you, &err))
        std::cout << "  refused: " << err << "\n";
      else
        print_events(ev, std::cout), show_map = true;
    } else {
      char* end = nullptr;
      const long n = std::strtol(cmd.c_str(), &end, 10);
      if (*end || n < 1 || n > long(choices.size())) {
        std::cout << "  not a choice (1-" << choices.size() << "); ? for help\n";
        continue;
      }
      if (!session.take(choices[size_t(n - 1)], &ev, you, &err)) std::cout << "  refused: " << err << "\n";
      else
        print_events(ev, std::cout), show_map = quinn::kind_of(choices[size_t(n - 1)]) != quinn::Kind::Activate;
    }
  }
  if (!opt.save.empty()) std::cout << (save(opt.save) ? "saved " : "could not save ") << opt.save << "\n";
  (void)interactive;
  return 0;
}

}  // namespace bgb::app
