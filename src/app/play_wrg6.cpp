// bgbot play --game wrg6: a person against a bot on the WRG table, in the terminal. A period is a
// run of simultaneous steps: the person enters one commitment per unit that has a choice (the
// unit asked is starred on the map), the bot enters its own unseen, and both are revealed when
// the step resolves. Everything goes through the session (play/session.h), and everything drawn
// is the person's observation, so the bot's commitments cannot show before the reveal.
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "app/game_db.h"
#include "app/terminal_common.h"
#include "app/wrg6_view.h"
#include "core/file_read.h"
#include "core/text.h"
#include "games/all_games.h"
#include "play/session.h"
#include "wrg6/wrg6_game.h"

namespace bgb::app {

namespace {

namespace v = wrg6view;

void help(std::ostream& out) {
  out << "  N or a text   enter choice N for the unit asked (or a unique part of its text: \"charge b1\", \"full\")\n"
         "  map (m)       draw the table again, with its key;  z [UNIT]  zoom in around a unit (5 p a column)\n"
         "  l             every unit in full;    i UNIT    one unit in full (i A1, i b2)\n"
         "  log [N|all]   the last N lines of what happened (20)\n"
         "  t             what the bot would enter here (a hint)\n"
         "  u             undo your last commitment (not past a reveal: the bot's choices stay secret)\n"
         "  s FILE.json   save the game record;  q  quit (the game is kept: --resume)\n"
         "A period: charges declared, tests, answers, charge moves, normal moves, orders, shooting, then\n"
         "hand-to-hand. In each step you enter a commitment for each of your units that has a choice;\n"
         "the bot enters its own without seeing yours, and both are revealed together.\n";
}

std::string wrg6_autosave_path(const PlayOptions& opt, bool interactive) {
  if (opt.autosave == "off") return "";
  if (!opt.autosave.empty()) return opt.autosave;
  if (!interactive) return "";
  return (std::filesystem::path(default_db_path()).parent_path() / "autosave-wrg6.json").string();
}

bool read_record_json(const std::string& path, nlohmann::json& out, std::string& err) {
  std::string text;
  if (!files::read_regular_file(path, files::kMaxRecordBytes, text, err)) return false;
  out = nlohmann::json::parse(text, nullptr, false);
  if (out.is_discarded() || !out.is_object()) return err = path + ": not a game record (not a JSON object)", false;
  return true;
}

// The terminal's size, or 80 x 0 (no limit) when output is not a terminal: a piped game draws the
// same map every time.
void terminal_size(int& cols, int& rows) {
  cols = 80;
  rows = 0;
  winsize w{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 40) {
    cols = w.ws_col;
    rows = w.ws_row;
  }
}

// A choice named by text: the one whose text is the input, else the only one containing it.
// Several: none taken, and they are listed.
int match_choice(const std::vector<std::string>& texts, const std::string& input, std::string& why) {
  const std::string want = text::lower(text::trim(input));
  std::vector<int> hits;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string t = text::lower(texts[i]);
    if (t == want) return int(i);
    if (t.find(want) != std::string::npos) hits.push_back(int(i));
  }
  if (hits.size() == 1) return hits[0];
  if (hits.empty()) why = "not a choice nor a command; ? for help";
  else {
    why = "which one?";
    for (int h : hits) why += "  " + std::to_string(h + 1) + " " + texts[size_t(h)] + ";";
  }
  return -1;
}

}  // namespace

int cmd_play_wrg6(const PlayOptions& options) {
  games::register_all_games();
  const game::Game& g = *game::find_game(wrg6::kGameName);
  const bool interactive = isatty(STDIN_FILENO);
  PlayOptions opt = options;
  std::string err;
  const std::string autosave = wrg6_autosave_path(opt, interactive);
  if (opt.load.empty() && !autosave.empty()) {
    nlohmann::json kept;
    std::string kerr;
    std::error_code ec;
    const bool have = std::filesystem::exists(autosave, ec) && read_record_json(autosave, kept, kerr) &&
                      kept.value("game", "") == wrg6::kGameName && !kept.contains("result");
    if (opt.resume && !have) {
      std::cerr << "play: no game of wrg6 in progress is kept in " << autosave << (kerr.empty() ? "" : " (" + kerr + ")") << "\n";
      return 1;
    }
    if (have && !opt.resume && interactive) {
      const nlohmann::json pl = kept.value("players", nlohmann::json::array());
      const int you = pl.is_array() && pl.size() == 2 && pl[1] == "human" && pl[0] != "human" ? 1 : 0;
      const size_t steps = kept.contains("steps") && kept["steps"].is_array() ? kept["steps"].size() : 0;
      std::cout << "A game in progress is kept: scenario " << text::printable(kept.value("scenario_id", "?")) << ", you "
                << (you == 0 ? "A" : "B") << ", " << steps << " commitment(s) entered.\nContinue it? [Y/n] " << std::flush;
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
  // The person's side: --side (A starts at the bottom of the map, so "bottom" is A), else the
  // record's human seat, else A.
  int you = 0;
  if (!opt.side.empty()) you = opt.side == "B" || opt.side == "b" || opt.side == "top" ? 1 : 0;
  else if (!opt.load.empty() && rec.contains("players") && rec["players"].is_array() && rec["players"].size() == 2 &&
           rec["players"][1] == "human" && rec["players"][0] != "human")
    you = 1;
  std::string bot = opt.bot;
  if (bot.empty() && !opt.load.empty() && rec.contains("players") && rec["players"].is_array() && rec["players"].size() == 2 &&
      rec["players"][size_t(1 - you)].is_string()) {
    const std::string named = rec["players"][size_t(1 - you)].get<std::string>();
    if (named != "human" && ai::make_bot(wrg6::kGameName, named, nullptr)) bot = named;
  }
  if (bot.empty()) bot = "normal";
  if (!ai::make_bot(wrg6::kGameName, bot, &err)) {
    std::cerr << "play: " << err << "\n";
    return 2;
  }
  std::vector<play::Seat> seats(2);
  seats[size_t(1 - you)] = play::Seat{bot, bot};
  play::Session session(play::SessionOptions{opt.analysis});
  bool finished_before = false;
  std::vector<game::EventView> fresh;  // what happened since the person last decided
  std::vector<game::EventView> before;  // a resumed game's events, for its log
  if (!opt.load.empty()) {
    if (!session.resume(g, rec, nullptr, seats, &err, &before, you)) {
      std::cerr << "play: " << opt.load << ": " << err << "\n";
      return 1;
    }
    finished_before = session.is_over();
    std::cout << "Continuing " << opt.load << " (" << session.record_json()["steps"].size() << " commitments).\n";
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
    fresh = v::opening_events(wrg6::scenario_of(session.scenario()), seed, you);
  }
  if (!autosave.empty()) session.set_autosave(autosave);
  const std::string db = opt.no_store ? "" : opt.db.empty() ? default_db_path() : opt.db;
  const wrg6::Scenario& scn = wrg6::scenario_of(session.scenario());
  {
    int cols = 80, rows = 0;
    terminal_size(cols, rows);
    std::cout << v::wrap(g.title() + ": " + scn.title + ".\n  " + scn.about, cols - 1, 2) << "\n"
              << v::wrap("You play " + scn.side_name[you] + " (" + (you == 0 ? "A, from the bottom edge" : "B, from the top edge") +
                             ") against " + bot + ", " + std::to_string(scn.period_limit) + " periods at most. Type ? for help.",
                         cols - 1, 2)
              << "\n";
  }
  auto save = [&](const std::string& path) {
    std::ofstream f(path);
    f << session.record_json().dump(1) << "\n";
    return bool(f);
  };
  v::MapOptions mo;
  mo.color = want_color();
  std::vector<std::string> log;
  if (!before.empty()) {
    // The log of a resumed game: its opening and every step replayed, the last lines shown.
    std::ostringstream quiet;
    v::print_events(v::opening_events(scn, session.seed(), you), quiet, &log);
    v::print_events(before, quiet, &log);
    std::cout << "Lately:\n";
    for (size_t i = log.size() > 12 ? log.size() - 12 : 0; i < log.size(); ++i) std::cout << log[i] << "\n";
  }
  bool show_map = true, show_key = true;
  std::string line;
  while (true) {
    while (!session.is_over() && session.bot_to_move()) {
      std::vector<game::EventView> ev;
      if (!session.play_bot(nullptr, nullptr, &ev, you, &err)) {
        std::cerr << "play: the bot failed: " << err << "\n";
        return 1;
      }
      fresh.insert(fresh.end(), ev.begin(), ev.end());
    }
    const std::unique_ptr<game::State> seen = session.view(you);
    const wrg6::State& s = wrg6::state_of(*seen);
    terminal_size(mo.width, mo.height);
    mo.highlight = s.over() ? -1 : s.cursor;
    if (show_map || !fresh.empty()) {
      std::cout << "\n";
      mo.key = show_key;
      show_key = false;
      v::draw_map(scn, s, mo, std::cout);
      v::list_units(scn, s, you, mo.highlight, std::cout);
    }
    show_map = false;
    bool revealed = false;
    for (const game::EventView& e : fresh) revealed = revealed || e.json.value("type", "") == "reveal";
    if (v::has_news(fresh)) {
      std::cout << "What happened:\n";
      v::print_events(fresh, std::cout, &log, mo.width);
    }
    fresh.clear();
    // A step resolved while the person may have typed on: keys meant for the last menu must not
    // answer the new one (a play-test's "keep its order" landed on the next "declare charges").
    if (revealed && interactive) {
      pollfd p{STDIN_FILENO, POLLIN, 0};
      if (poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        tcflush(STDIN_FILENO, TCIFLUSH);
        std::cout << "(What you typed ahead was not used: the step was resolved and this is a new menu.)\n";
      }
    }
    if (session.is_over()) {
      std::cout << v::result_text(scn, s, you) << "\n";
      std::cout << "Commitments: " << session.record_json()["steps"].size() << ", seed " << session.seed() << ".\n";
      if (!opt.save.empty()) std::cout << (save(opt.save) ? "saved " : "could not save ") << opt.save << "\n";
      if (finished_before) {
        std::cout << "This game was over when it was loaded: it is not stored again.\n";
      } else if (!db.empty()) {
        const long id = session.store(db, &err);
        if (id > 0) std::cout << "Stored as game " << id << " in " << db << " (bgbot replay " << id << ").\n";
        else std::cout << "Could not store the game: " << err << "\n";
      }
      if (interactive) {
        std::cout << "Press Enter to leave." << std::flush;
        std::getline(std::cin, line);
      }
      return 0;
    }
    std::cout << v::wrap("Period " + std::to_string(s.period) + " of " + std::to_string(s.period_limit) + ", " +
                             v::step_title(s.step) + ". " + v::ask_text(scn, s),
                         mo.width - 1, 2)
              << "\n";
    const std::vector<game::ActionCode> choices = session.choices();
    std::vector<std::string> texts;
    for (size_t i = 0; i < choices.size(); ++i) {
      texts.push_back(session.state().action_text(choices[i]));
      const std::string d = v::choice_details(scn, s, uint32_t(choices[i]));
      std::string num = std::to_string(i + 1);
      if (choices.size() >= 10 && i + 1 < 10) num = " " + num;  // the texts line up
      std::cout << v::wrap("  " + num + "  " + texts.back() + (d.empty() ? "" : "  [" + d + "]"), mo.width - 1, int(num.size()) + 5)
                << "\n";
    }
    std::cout << "> " << std::flush;
    if (!std::getline(std::cin, line)) break;
    std::istringstream in(line);
    std::string cmd, arg;
    in >> cmd;
    std::getline(in, arg);
    arg = text::trim(arg);
    if (cmd.empty()) continue;
    const std::string lc = text::lower(cmd);
    if (lc == "q" || lc == "quit") break;
    if (lc == "?" || lc == "help") {
      help(std::cout);
    } else if (lc == "map" || lc == "m") {
      show_map = show_key = true;
    } else if (lc == "l" || lc == "units") {
      for (int side = 0; side < wrg6::kSides; ++side)
        for (size_t k = 0; k < scn.army[side].size(); ++k) v::describe_unit(scn, s, wrg6::unit_id(side, int(k)), std::cout);
    } else if (lc == "i" || lc == "info" || lc == "z" || lc == "zoom") {
      const int id = arg.empty() ? s.cursor : v::parse_unit(scn, arg);
      if (id < 0) std::cout << "  no unit " << arg << " (A1, B2, ...)\n";
      else if (lc[0] == 'i') v::describe_unit(scn, s, id, std::cout);
      else if (!s.u[id].alive()) std::cout << "  " << wrg6::unit_name(scn, id) << " is no longer on the table\n";
      else v::draw_zoom(scn, s, id, mo, std::cout);
    } else if (lc == "log") {
      const size_t n = arg == "all" ? log.size() : arg.empty() ? 20 : size_t(std::max(1, std::atoi(arg.c_str())));
      for (size_t i = log.size() > n ? log.size() - n : 0; i < log.size(); ++i) std::cout << log[i] << "\n";
      if (log.empty()) std::cout << "  nothing has happened yet\n";
    } else if (lc == "t" || lc == "hint") {
      std::cout << "  thinking (" << bot << ")..." << std::flush;
      ai::Explanation why;
      if (!session.advise(bot, why, &err)) std::cout << " no hint: " << err << "\n";
      else {
        std::cout << " its first choice first, with the win chance it sees after it:\n";
        for (const ai::ActionValue& av : why.best) {
          const auto at = std::find(choices.begin(), choices.end(), av.action);
          std::cout << "  " << (at == choices.end() ? std::string("-") : std::to_string(at - choices.begin() + 1)) << "  "
                    << session.state().action_text(av.action) << "  (" << int(100 * av.value + 0.5) << "%, " << av.visits
                    << " visits)\n";
        }
      }
    } else if (lc == "u" || lc == "undo") {
      const int n = session.undo(you, &err);
      std::cout << (n > 0 ? "  undone " + std::to_string(n) + " commitment(s)" : "  nothing undone: " + err) << "\n";
      show_map = n > 0;
    } else if ((lc == "s" || lc == "save") && !arg.empty()) {
      std::cout << (save(arg) ? "  saved " + arg : "  could not write " + arg) << "\n";
    } else {
      // A number, or a text naming one choice.
      int pick = -1;
      std::string why;
      char* end = nullptr;
      const long n = std::strtol(cmd.c_str(), &end, 10);
      if (!*end && arg.empty()) {
        if (n >= 1 && n <= long(choices.size())) pick = int(n - 1);
        else why = "not a choice (1-" + std::to_string(choices.size()) + "); ? for help";
      } else {
        pick = match_choice(texts, line, why);
      }
      if (pick < 0) {
        std::cout << "  " << why << "\n";
        continue;
      }
      const int asked = s.cursor;
      std::vector<game::EventView> ev;
      if (!session.take(choices[size_t(pick)], &ev, you, &err)) {
        std::cout << "  refused: " << err << "\n";
        continue;
      }
      std::cout << "  " << wrg6::unit_name(scn, asked) << ": " << texts[size_t(pick)] << "\n";
      fresh.insert(fresh.end(), ev.begin(), ev.end());
      show_map = true;
    }
  }
  if (!opt.save.empty()) std::cout << (save(opt.save) ? "saved " : "could not save ") << opt.save << "\n";
  if (!session.autosave_path().empty())
    std::cout << "The game is kept in " << session.autosave_path() << ": bgbot play --game wrg6 --resume continues it.\n";
  return 0;
}

}  // namespace bgb::app
