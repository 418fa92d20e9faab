// bgbot play: a person against the random bot on Akragas (scenario 001), in the terminal.
// The person sees the board, both banners, their own hand and only the size of the bot's hand.
// Each of the person's decisions is a numbered menu of the legal actions; input is read line by
// line, so a game can be played from a file (end of input leaves the game cleanly).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "ai/random_bot.h"
#include "app/board_view.h"
#include "app/commands.h"
#include "cca/cards.h"
#include "cca/rules.h"

namespace bgb::app {

using namespace bgb::cca;

namespace {

constexpr const char* kScenario = "001";
constexpr int kMenuWidth = 100;  // wrap the menu in columns up to this width

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower((unsigned char)c));
  return s;
}

class Session {
 public:
  Session(const Scenario& scn, Side person, uint64_t seed, bool color, bool echo)
      : scn_(scn), person_(person), bot_(other(person)), seed_(seed), color_(color), echo_(echo),
        rng_(seed), bot_rng_(ai::game_seed(seed, 1)) {}

  int run();

 private:
  std::string paint(const char* sgr, const std::string& text) const {
    return color_ ? std::string("\x1b[") + sgr + "m" + text + "\x1b[0m" : text;
  }
  const std::string& army(Side s) const { return scn_.army[idx(s)]; }
  std::string side_word(Side s) const { return s == Side::Top ? "top" : "bottom"; }

  void print_events();
  void show_table(bool with_hand);
  void print_menu(const ActionList& acts) const;
  void print_help() const;
  // Reads one choice; returns the index into acts, or -1 to quit (message printed).
  int read_choice(const ActionList& acts);
  void end_screen();

  const Scenario& scn_;
  Side person_, bot_;
  uint64_t seed_;
  bool color_, echo_;
  Rng rng_;      // set-up, shuffles and dice
  Rng bot_rng_;  // the bot's choices
  State s_{};
  EventLog log_;
  std::string shown_board_;  // the board as last shown (plain), to redraw only on change
};

void Session::print_events() {
  for (const Event& e : log_) {
    if (!visible_to(e, person_)) continue;
    std::string line = "  " + describe(scn_, e, person_);
    // describe() names the rule-book section as "[§n] ..."; add it when it does not.
    if (e.section && *e.section && line.find(e.section) == std::string::npos)
      line += "  " + paint("2", std::string("(") + e.section + ")");
    std::cout << line << "\n";
  }
  log_.clear();
}

void Session::show_table(bool with_hand) {
  std::cout << "\n" << render_board(scn_, s_, color_) << render_banners(scn_, s_, person_, color_)
            << render_status(scn_, s_, color_);
  if (with_hand) std::cout << render_hand(scn_, s_, person_, color_);
  shown_board_ = render_board(scn_, s_, false);
}

void Session::print_menu(const ActionList& acts) const {
  std::vector<std::string> items;
  size_t widest = 0;
  for (int i = 0; i < acts.size(); ++i) {
    char num[16];
    std::snprintf(num, sizeof num, "%3d) ", i + 1);
    std::string text = action_text(scn_, s_, acts[i]);
    if (acts[i].type() == ActionType::PlayCard && acts[i].a() < kCardKinds)
      text += std::string(": ") + card_info(uint8_t(acts[i].a())).effect;
    items.push_back(num + text);
    widest = std::max(widest, items.back().size());
  }
  int cols = acts.size() > 10 ? std::max(1, int(kMenuWidth / (widest + 2))) : 1;
  cols = std::min(cols, 4);
  const int rows = (int(items.size()) + cols - 1) / cols;
  for (int r = 0; r < rows; ++r) {
    std::string line;
    for (int c = 0; c < cols; ++c) {
      int i = c * rows + r;  // column-major: numbers run down each column
      if (i >= int(items.size())) break;
      std::string cell = items[size_t(i)];
      if (c + 1 < cols) cell.resize(widest + 2, ' ');
      line += cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::cout << line << "\n";
  }
}

void Session::print_help() const {
  std::cout << "Commands:\n"
               "  <number>  take that action from the menu\n"
               "  b         show the board, the banners and your hand again\n"
               "  l         show the legend\n"
               "  h         this help\n"
               "  q         quit the game\n"
               "Hexes are written row,col (see the numbers around the board). A turn: play a card (§6),\n"
               "order units (§7), move them (§8), then battle (§9-§13). Your opponent is a bot that picks\n"
               "uniformly at random among its legal actions.\n";
}

int Session::read_choice(const ActionList& acts) {
  for (;;) {
    std::cout << paint("1", army(person_) + ", your choice") << " [1-" << acts.size() << ", h for help]: " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\nEnd of input: leaving the game (seed " << seed_ << ").\n";
      return -1;
    }
    if (echo_) std::cout << line << "\n";
    const std::string t = lower(trim(line));
    if (t.empty()) {
      std::cout << "Please type the number of an action (or h for help).\n";
      continue;
    }
    if (t == "q" || t == "quit" || t == "exit") {
      std::cout << "You left the game (seed " << seed_ << ").\n";
      return -1;
    }
    if (t == "h" || t == "help" || t == "?") {
      print_help();
      print_menu(acts);
      continue;
    }
    if (t == "b" || t == "board") {
      show_table(true);
      print_menu(acts);
      continue;
    }
    if (t == "l" || t == "legend") {
      std::cout << render_legend(scn_, color_);
      continue;
    }
    if (!std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      std::cout << "'" << trim(line) << "' is not a number; type 1 to " << acts.size() << ", or h for help.\n";
      continue;
    }
    if (t.size() > 6) {
      std::cout << "There is no action " << t << "; type 1 to " << acts.size() << ".\n";
      continue;
    }
    const int n = std::stoi(t);
    if (n < 1 || n > acts.size()) {
      std::cout << "There is no action " << n << "; type 1 to " << acts.size() << ".\n";
      continue;
    }
    return n - 1;
  }
}

void Session::end_screen() {
  std::cout << "\n" << paint("1", "=== Game over ===") << "\n";
  std::cout << render_board(scn_, s_, color_) << render_banners(scn_, s_, person_, color_);
  if (s_.winner == Side::Top || s_.winner == Side::Bottom) {
    std::cout << paint("1", "Winner: the " + army(s_.winner) + " army") << ", in turn " << (s_.turn + 1) << ", "
              << int(s_.banners[idx(s_.winner)]) << " banners to " << int(s_.banners[idx(other(s_.winner))])
              << (s_.winner == person_ ? ". Well played!" : ". The bot wins this one.") << "\n";
  } else {
    std::cout << "No winner: the game is a draw after " << s_.turn << " turns (our turn limit " << scn_.turn_limit
              << ").\n";
  }
  std::cout << "Seed " << seed_ << " (replay: bgbot play --seed " << seed_ << " --side " << side_word(person_)
            << ").\n";
}

int Session::run() {
  std::cout << paint("1", "BoardGamesBot: " + scn_.name) << " (scenario " << scn_.id << ")\n";
  if (!scn_.note.empty()) std::cout << scn_.note << "\n";
  std::cout << "You command the " << paint("1", army(person_)) << " army (" << side_word(person_) << ", marked "
            << side_marker(person_) << "); the random bot commands the " << army(bot_) << " army ("
            << side_word(bot_) << ", marked " << side_marker(bot_) << ").\n";
  std::cout << "Seed " << seed_ << " (replay: bgbot play --seed " << seed_ << " --side " << side_word(person_)
            << "). Type h for help, q to quit.\n\n";
  std::cout << render_legend(scn_, color_);

  s_ = new_game(scn_, rng_, &log_);
  print_events();

  ActionList acts;
  int last_turn_shown = -1;
  Side last_active = Side::None;
  while (!is_terminal(s_)) {
    legal_actions(scn_, s_, acts);
    if (acts.empty()) {
      std::cerr << "error: no legal action in a state that is not over (decision "
                << decision_name(s_.decision) << "); this is an engine bug.\n";
      return 1;
    }
    const Side d = current_player(s_);
    if (s_.active != last_active || int(s_.turn) != last_turn_shown) {
      std::cout << "\n"
                << paint("1", "--- Turn " + std::to_string(int(s_.turn) + 1) + ": " + army(s_.active) +
                                  (s_.active == person_ ? " (you)" : " (bot)") + " ---")
                << "\n";
      last_active = s_.active;
      last_turn_shown = int(s_.turn);
    }
    if (d == person_) {
      const bool card = s_.decision == Decision::PlayCard;
      if (card || render_board(scn_, s_, false) != shown_board_) show_table(card);
      std::cout << "\n" << paint("1", std::string("Your decision: ") + decision_name(s_.decision)) << "\n";
      print_menu(acts);
      const int i = read_choice(acts);
      if (i < 0) return 0;
      std::cout << "You: " << action_text(scn_, s_, acts[i]) << "\n";
      std::string err;
      if (!apply(scn_, s_, acts[i], rng_, &log_, &err)) {
        std::cerr << "error: the engine refused a listed action: " << err << "\n";
        return 1;
      }
    } else {
      const Action a = ai::random_action(scn_, s_, bot_rng_);
      std::cout << paint(s_.decider == Side::Top ? "31" : "36", "Bot (" + army(d) + "): " + action_text(scn_, s_, a))
                << "\n";
      apply_unchecked(scn_, s_, a, rng_, &log_);
    }
    print_events();
  }
  end_screen();
  return 0;
}

uint64_t seed_from_clock() {
  uint64_t t = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  std::random_device rd;
  t ^= (uint64_t(rd()) << 20);
  return ai::game_seed(t, 0) % 1000000000ull;  // short enough to type back
}

}  // namespace

int cmd_play(const PlayOptions& opt) {
  const Scenario* scn = find_builtin_scenario(kScenario);
  if (!scn) {
    std::cerr << "play: built-in scenario " << kScenario << " not found\n";
    return 1;
  }
  const Side person = opt.side == "top" ? Side::Top : Side::Bottom;
  const uint64_t seed = opt.seed ? *opt.seed : seed_from_clock();
  const bool color = isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
  const bool echo = !isatty(STDIN_FILENO);  // show piped input in the transcript
  Session session(*scn, person, seed, color, echo);
  return session.run();
}

}  // namespace bgb::app
