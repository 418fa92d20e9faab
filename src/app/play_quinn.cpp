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
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "app/game_db.h"
#include "app/terminal_common.h"
#include "app/quinn_view.h"
#include "core/file_read.h"
#include "core/text.h"
#include "games/all_games.h"
#include "play/session.h"
#include "quinn/json_io.h"
#include "quinn/quinn_game.h"

namespace bgb::app {

namespace {

void help(std::ostream& out) {
  out << "  N            take choice N\n"
         "  m ID X Y H   move stand ID to (X, Y) inches facing H degrees (0 east, 90 north), by the cheapest legal path\n"
         "  t            what the bot would do here (a hint)\n"
         "  u            undo your last decision (back to the last die rolled)\n"
         "  l            list every stand;  map  draw the table again\n"
         "  s ID         show the moves of stand ID in full (s 64 or s B0; a long list shows a line per stand)\n"
         "  s FILE.json  save the game record;  q  quit\n";
}

// Where the game in progress is kept, by the rule of C&C's terminal game (PlayOptions::autosave),
// in a file of its own so that a game of each can be kept at once.
std::string quinn_autosave_path(const PlayOptions& opt, bool interactive) {
  if (opt.autosave == "off") return "";
  if (!opt.autosave.empty()) return opt.autosave;
  if (!interactive) return "";
  return (std::filesystem::path(default_db_path()).parent_path() / "autosave-quinn.json").string();
}

// A record file read as JSON; false with the reason (the file named) when it is not one.
bool read_record_json(const std::string& path, nlohmann::json& out, std::string& err) {
  std::string text;  // regular files only, within the record size limit (core/file_read.h)
  if (!files::read_regular_file(path, files::kMaxRecordBytes, text, err)) return false;
  out = nlohmann::json::parse(text, nullptr, false);
  if (out.is_discarded() || !out.is_object()) return err = path + ": not a game record (not a JSON object)", false;
  return true;
}

}  // namespace

int cmd_play_quinn(const PlayOptions& options) {
  games::register_all_games();
  const game::Game& g = *game::find_game(quinn::kGameName);
  const bool interactive = isatty(STDIN_FILENO);
  PlayOptions opt = options;
  std::string err;
  const std::string autosave = quinn_autosave_path(opt, interactive);
  // A game in progress kept by the autosave: continued with --resume, or when the person says so.
  if (opt.load.empty() && !autosave.empty()) {
    nlohmann::json kept;
    std::string kerr;
    std::error_code ec;
    const bool have = std::filesystem::exists(autosave, ec) && read_record_json(autosave, kept, kerr) &&
                      kept.value("game", "") == quinn::kGameName && !kept.contains("result");
    if (opt.resume && !have) {
      std::cerr << "play: no game of quinn in progress is kept in " << autosave << (kerr.empty() ? "" : " (" + kerr + ")") << "\n";
      return 1;
    }
    if (have && !opt.resume && interactive) {
      const nlohmann::json& pl = kept.value("players", nlohmann::json::array());
      const int you = pl.is_array() && !pl.empty() && pl[0] == "human" ? 0 : 1;
      const std::string other = pl.is_array() && pl.size() == 2 && pl[size_t(1 - you)].is_string() ? pl[size_t(1 - you)].get<std::string>() : "?";
      const size_t steps = kept.contains("steps") && kept["steps"].is_array() ? kept["steps"].size() : 0;
      std::cout << "A game in progress is kept: scenario " << text::printable(kept.value("scenario_id", "?")) << ", you "
                << (you == 0 ? "A" : "B") << " against " << text::printable(other) << ", " << steps
                << " decision(s) made.\nContinue it? [Y/n] " << std::flush;
      std::string answer;
      std::getline(std::cin, answer);
      answer = text::lower(text::trim(answer));
      opt.resume = answer.empty() || answer == "y" || answer == "yes";
      if (!opt.resume) std::cout << "A new game: it replaces the one kept.\n";
    }
    if (opt.resume) opt.load = autosave;
  }
  nlohmann::json rec;
  if (!opt.load.empty() && !read_record_json(opt.load, rec, err)) {
    std::cerr << "play: " << err << "\n";
    return 1;
  }
  // The person's side: --side, else the record's human seat, else B.
  int you = 1;
  if (!opt.side.empty()) you = opt.side == "A" || opt.side == "a" || opt.side == "top" ? 0 : 1;
  else if (!opt.load.empty() && rec.contains("players") && rec["players"].is_array() && !rec["players"].empty() &&
           rec["players"][0] == "human")
    you = 0;
  // The bot: --bot, else the record's other seat when it names a bot, else normal.
  std::string bot = opt.bot;
  if (bot.empty() && !opt.load.empty() && rec.contains("players") && rec["players"].is_array() && rec["players"].size() == 2 &&
      rec["players"][size_t(1 - you)].is_string()) {
    const std::string named = rec["players"][size_t(1 - you)].get<std::string>();
    if (named != "human" && ai::make_bot(quinn::kGameName, named, nullptr)) bot = named;
  }
  if (bot.empty()) bot = "normal";
  if (!ai::make_bot(quinn::kGameName, bot, &err)) {
    std::cerr << "play: " << err << "\n";
    return 2;
  }
  std::vector<play::Seat> seats(2);
  seats[size_t(1 - you)] = play::Seat{bot, bot};
  play::Session session;
  bool finished_before = false;
  if (!opt.load.empty()) {
    if (!session.resume(g, rec, nullptr, seats, &err)) {
      std::cerr << "play: " << opt.load << ": " << err << "\n";
      return 1;
    }
    finished_before = session.is_over();
    std::cout << "Continuing " << opt.load << " (" << session.record_json()["steps"].size() << " decisions).\n";
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
    // The seed stays secret until the game ends: it names every die to come.
  }
  if (!autosave.empty()) session.set_autosave(autosave);
  const std::string db = opt.no_store ? "" : opt.db.empty() ? default_db_path() : opt.db;
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
    std::cout << "round " << std::min<int>(s.round, s.round_limit) << "/" << int(s.round_limit) << ", " << quinn::possessive(scn.side_name[s.side]) << " "
              << (s.fire_phase ? "fire" : "movement") << " phase; losses " << scn.side_name[0] << " " << int(s.losses[0]) << "/"
              << int(s.break_point[0]) << ", " << scn.side_name[1] << " " << int(s.losses[1]) << "/" << int(s.break_point[1]) << "\n";
    if (session.is_over()) {
      const int w = session.state().winner();
      std::cout << (w < 0 ? "The game is drawn" : w == you ? "You win" : "You lose") << " " << ended_text(s) << ": "
                << scn.side_name[0] << " lost " << int(s.losses[0]) << " of " << int(s.break_point[0]) << ", " << scn.side_name[1]
                << " " << int(s.losses[1]) << " of " << int(s.break_point[1]) << ".\n";
      std::cout << "Decisions: " << session.record_json()["steps"].size() << ", seed " << session.seed() << ".\n";
      if (!opt.save.empty()) std::cout << (save(opt.save) ? "saved " : "could not save ") << opt.save << "\n";
      if (finished_before) {
        std::cout << "This game was over when it was loaded: it is not stored again.\n";
      } else if (!db.empty()) {
        const long id = session.store(db, &err);
        if (id > 0)
          std::cout << "Stored as game " << id << " in " << db << " (bgbot games show " << id << ", bgbot replay " << id << ").\n";
        else
          std::cout << "Could not store the game: " << err << "\n";
      }
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
      // Charges are always listed in full (they are the choices that matter); a folded stand's
      // line counts them as listed above.
      if (fold && of_stand && quinn::stand_of(choices[i]) != focus) {
        auto& c = folded[quinn::stand_of(choices[i])];
        ++c[k == quinn::Kind::Charge ? 2 : k == quinn::Kind::Move ? 1 : 0];
        if (k != quinn::Kind::Charge) continue;
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
      std::cout << "  s " << id << "   " << quinn::stand_name(scn, id) << ": " << c[1] << " moves" << (c[2] ? ", " + std::to_string(c[2]) + " charges (listed above)" : ", no charge")
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
  if (!session.autosave_path().empty())
    std::cout << "The game is kept in " << session.autosave_path() << ": bgbot play --game quinn --resume continues it.\n";
  return 0;
}

}  // namespace bgb::app
