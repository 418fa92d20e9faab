// bgbot play: a person against a bot, in the terminal, on any built-in battle or scenario file.
// The person sees the board, both banners, their own hand and only the size of the bot's hand;
// the bot is given only its own observation (unless it is a bot that sees everything). Each of
// the person's decisions is a numbered menu of the legal actions (long lists grouped by unit)
// or typed hexes; `u` undoes the person's last decision as far as nothing was revealed since (no
// die rolled, card drawn or bot decision: play/session.h), `s FILE` saves the game record, and
// `--load FILE` continues a saved one. Input is read line by line, so a game can be played from
// a file; end of input leaves the game cleanly (exit code 0).
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <ctime>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/clock.h"
#include "core/text.h"
#include "play/session.h"
#include "cca/cca_game.h"
#include "cca/model/bots.h"
#include "cca/model/cca_model.h"
#include "ai/random_bot.h"
#include "app/board_view.h"
#include "app/game_db.h"
#include "app/commands.h"
#include "app/terminal_common.h"
#include "cca/battle_odds.h"
#include "cca/board.h"
#include "cca/cards.h"
#include "cca/game_record.h"
#include "cca/module_text.h"
#include "cca/observation.h"
#include "cca/rules.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::app {

using namespace bgb::cca;

namespace {

constexpr int kMenuWidth = 79;      // wrap the menu in columns up to this width
constexpr int kGroupThreshold = 12; // longer menus group moves and battles by unit

using text::lower;
using text::trim;

bool all_digits(const std::string& t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The actions that end the orders, the moves or the battles: never numbered in a menu (numbers
// shift as choices are made; a number meant for a shot once ended a turn), always the key d.
bool is_done_action(ActionType t) {
  return t == ActionType::EndOrders || t == ActionType::EndMoves || t == ActionType::EndBattles;
}

// Actions whose first parameter is a "from" hex and second a "to" hex.
bool is_pair_action(ActionType t) {
  return t == ActionType::MoveUnit || t == ActionType::MoveLeader || t == ActionType::Battle ||
         t == ActionType::ReserveStep || t == ActionType::BalkRetreat;
}
// Actions naming a single hex in a.
bool is_single_hex_action(ActionType t) {
  return t == ActionType::OrderUnit || t == ActionType::OrderLeader || t == ActionType::EvadeTo ||
         t == ActionType::RetreatTo || t == ActionType::ExtraHex || t == ActionType::BonusCombat ||
         t == ActionType::ReserveLeaderTo;
}

// Why typed hexes name nothing: the one that is off the board, and what the board holds.
std::string off_board_text(const std::string& hex) {
  return hex + " is not on the board: rows 0-8; even rows have columns 0-12, odd rows 0-11.";
}

// A space that wrapping must not break at ("AX 1,7", "(position 0123...)"): written as this mark,
// then wrapped by wrap_keeping, which turns it back into a space.
constexpr char kKeptSpace = '\x01';
std::string wrap_keeping(const std::string& first, const std::string& text, size_t width, const std::string& indent) {
  std::string out = wrap_words(first, text, width, indent);
  std::replace(out.begin(), out.end(), kKeptSpace, ' ');
  return out;
}

// The card whose effect is in force this turn, by name ("Double Time"; a Counter Attack names
// the card it copies).
std::string card_in_force(const State& s) {
  const uint8_t k = s.effective != kNone ? s.effective : s.played;
  return k < kCardKinds ? card_info(k).name : "the card played";
}

// Parses "7,3 6,3", "7,3->6,3", "7,3-6,3": hexes, or an empty list when a token is not a hex.
// The hexes named in text ("7,3 6,3"), or none. A token of the form row,col that is not on the
// board is named in *off_board, so the player can be told why.
std::vector<int> parse_hexes(const std::string& text, std::string* off_board = nullptr) {
  std::string t = text;
  for (char& c : t)
    if (c == '-' || c == '>' || c == ';' || c == '\t') c = ' ';
  std::istringstream in(t);
  std::vector<int> out;
  std::string tok;
  while (in >> tok) {
    if (tok.find(',') == std::string::npos) return {};
    const int h = parse_hex(tok);
    if (h == kNoHex) {
      int r = 0, c = 0;
      char extra = 0;
      if (off_board && std::sscanf(tok.c_str(), "%d,%d%c", &r, &c, &extra) == 2) *off_board = tok;
      return {};
    }
    out.push_back(h);
  }
  return out;
}

// One line of a menu: a single action, or a group of actions of one unit.
struct MenuItem {
  std::string text;
  std::vector<int> actions;  // indices into the legal actions; one = a plain action
  int number = 0;            // what the person types for it
};

enum class Outcome { Chosen, Undo, Quit };

class Session {
 public:
  // `options`: the game's options for a new game (game::Game::with_options; C&C: the Hellenistic
  // module, {"hellenistic": "on"}), set on the session's copy of the battle.
  Session(const Scenario& scn, Side person, uint64_t seed, std::unique_ptr<ai::Bot> bot, bool color, bool echo,
          std::string save_path, bool analysis, nlohmann::json options = nullptr)
      : base_(&scn), options_(std::move(options)), person_(person), bot_side_(other(person)), seed_(seed),
        bot_(std::move(bot)), color_(color), echo_(echo), save_path_(std::move(save_path)),
        game_(play::SessionOptions{analysis}) {}

  // Starts a new game (set-up, shuffle, deal). False with a message on failure.
  bool start_new(std::string& error);
  // Where a finished game is stored ("" = nowhere).
  void store_in(std::string db) { db_ = std::move(db); }
  // Where the game in progress is kept after every decision ("" = nowhere).
  void autosave_to(const std::string& path) { game_.set_autosave(path); }
  // A finished game was loaded: it is in the database already, or was never meant for it.
  void already_finished() { finished_before_ = true; }
  // Continues a saved record: every step replayed with its recorded dice, so that the generator
  // ends exactly where the original game left it. False with a message on failure.
  bool load(const GameRecord& r, std::string& error);
  int run(bool loaded);

 private:
  std::string paint(const char* sgr, const std::string& text) const {
    return color_ ? std::string("\x1b[") + sgr + "m" + text + "\x1b[0m" : text;
  }
  const std::string& army(Side s) const { return scn().army[idx(s)]; }
  static std::string side_word(Side s) { return s == Side::Top ? "top" : "bottom"; }

  // The events so far, as the person sees them; with until_turn_end, those before the turn's end
  // (its card draw, reshuffle and end), which stay to be printed next.
  void print_events(bool until_turn_end = false);
  void show_table(bool with_hand);
  // An action in words for the person's menus and log: action_text, with what a leader's order
  // brings with it.
  std::string text(Action a) const;
  // The numbered items (every action but "done"); *done_action: the index of the done action in
  // acts among subset, or -1.
  std::vector<MenuItem> build_menu(const ActionList& acts, const std::vector<int>& subset, bool grouped,
                                   int* done_action = nullptr) const;
  void print_menu(const std::vector<MenuItem>& items, bool submenu, const std::string& done_text) const;
  // Gives a main menu of the orders, the moves or the battles of a turn its numbers: each choice
  // keeps the number it had when the phase began, and a choice new to the phase (a unit linked to
  // the leader just picked) takes the next free one. Play-testers ordering three units typed the
  // numbers they had read, and the list had renumbered after the first pick. Other decisions are
  // numbered 1 to N. `grouped`: as build_menu was called.
  void number_menu(const ActionList& acts, std::vector<MenuItem>& items, bool grouped);
  // The phase of a turn a menu belongs to: the turn, the decision, the card in play (an undo back
  // to the card play may play another) and its step (Move-Fire-Move's second move).
  long menu_phase() const;
  // Per phase of the turn in hand (an undo back to an earlier phase finds its numbers again): a
  // choice's key (number_menu) -> its number, and the numbers given. Cleared with a new turn.
  struct PhaseNumbers {
    std::map<uint64_t, int> number;
    int given = 0;
  };
  std::map<long, PhaseNumbers> menu_numbers_;
  int numbered_turn_ = -1;
  // Whether the menu of acts groups moves and battles by piece: a long menu does, and every later
  // menu of the same phase (the same turn's moves, or its battles, or Move-Fire-Move's second
  // moves) keeps the form of its first, so that the last unit's choices do not turn into a flat
  // list under a number typed for its line (a play-test's "1" meant to open a unit's moves moved
  // it), nor a flat menu into groups renumbered. `keep` remembers the phase's form.
  bool grouped_menu(const ActionList& acts, bool keep);
  std::map<long, bool> phase_grouped_;  // phase_of_turn() -> whether its menus are grouped
  int grouped_turn_ = -1;                // the turn phase_grouped_ is of
  void print_help() const;
  // Reads the person's decision: *chosen is an index into acts when Outcome::Chosen.
  Outcome read_decision(const ActionList& acts, int* chosen);
  // Why the only legal choice is the only one, as a clause (", stand and fight: ...").
  std::string forced_reason(Action a) const;
  // A sentence under "Your decision: ..." for the decisions whose name alone does not say what
  // is asked (the Hellenistic module's), or "".
  std::string decision_note() const;
  // `info HEX`: the unit and the leader there with their traits and grades; `info`: the
  // Hellenistic module in this game.
  void print_info(const std::string& arg) const;
  // `x`: for each side, the enemy units each of its units could battle were it ordered alone on
  // its next turn (cca::battle_reach), or with a hex, that one unit's battles and where from.
  void print_threats(const std::string& arg) const;
  // A line under the momentum-advance question when the unit's leader will not go with it.
  void note_leader_left_behind() const;
  // Says so when ordering or movement ended without a "done" (the next menu is numbered afresh).
  void phase_ended_by_itself();
  Decision asked_ = Decision::GameOver;  // the person's last decision (GameOver: none yet)
  int asked_turn_ = -1;
  bool ended_ = false;  // that decision ended its phase itself (done ordering / done moving)
  // The phase before this one ended by itself: a "d" may have been meant for it, so the first
  // "d" here is asked again (play-tests lost a shot and a card to a late "d").
  bool confirm_done_ = false;
  // Several menu numbers typed on one line ("1 3 4"): the first is taken at once, the rest stand
  // for the next prompts of the same phase, as if typed one by one (the numbers of a phase stay
  // put, so this is what the person read). Dropped, with a word, when the phase changes or one is
  // refused.
  std::vector<std::string> typed_ahead_;
  long typed_phase_ = -1;
  long phase_of_turn() const { return long(st().turn) * (1L << 24) + menu_phase(); }
  void drop_typed_ahead(const std::string& why);
  // A retreat of several hexes as whole paths: the distinct ways it can end, one menu line each.
  // Empty when there is no real choice of path (then the hexes are asked one by one).
  struct RetreatPath {
    std::vector<Action> steps;  // the person's choices
    int end = kNoHex;           // the hex where the retreat ends
    std::string text;           // "retreat 2,3 -> 3,2 -> 4,2" (every hex, the forced ones too)
    int hexes = 0;              // hexes moved
    int blocked = 0;            // hexes that could not be made (§12)
  };
  // Every distinct way the retreat can end (empty when there are too many to list). *menu: the
  // paths are worth a menu (a later hex is a choice too, or the first step leads on by itself).
  std::vector<RetreatPath> retreat_paths(bool* menu) const;
  // *chosen: an index into paths, or -1 when the person asks for the hexes one by one.
  Outcome read_retreat_path(const std::vector<RetreatPath>& paths, int* chosen);
  // Handles the commands valid at any prompt; true when the line was one of them.
  bool common_command(const std::string& t, const std::string& raw, const ActionList& acts, Outcome* out);
  // Typed hexes: the matching actions (indices into acts among `subset`).
  std::vector<int> match_hexes(const ActionList& acts, const std::vector<int>& subset, const std::vector<int>& hexes,
                               bool submenu) const;
  std::string why_illegal(Action a) const;
  Action guess_action(const std::vector<int>& hexes) const;
  bool save(const std::string& path);
  void hint(const ActionList& acts);
  // Takes back the person's last decision if nothing was revealed since; false (and why) if not.
  bool undo();
  void end_screen();
  void leave(const std::string& why);
  // One line of the person's input, trimmed (echoed when piped); false at the end of input,
  // after leaving the game.
  bool read_line(std::string& raw);

  // The battle as the game plays it: the session's copy once a game is started (with its options
  // set), the battle given before.
  const Scenario& scn() const { return game_.started() ? cca::scenario_of(game_.scenario()) : *base_; }
  const Scenario* base_;
  nlohmann::json options_;
  Side person_, bot_side_;
  uint64_t seed_;
  std::unique_ptr<ai::Bot> bot_;
  bool color_, echo_;
  std::string save_path_;
  std::string db_;
  std::string saved_to_;  // the last file saved, for the end screen
  // The game: state, dice, the bot's seat, the record and undo (play/session.h).
  play::Session game_;
  const State& st() const { return cca::state_of(game_.state()); }
  std::vector<play::Seat> seats() const;
  GameRecord record() const;
  std::vector<game::EventView> events_;  // to show, as the person may see them
  // The bot's last turn: its card, moves and battles in words, and the position when it began
  // (for what the turn cost each side). Shown in short when the person's turn begins and by `t`
  // (a play-test: the bot's turn scrolled the board away, and what it had done had to be paged
  // back for).
  std::vector<std::string> bot_turn_;
  int bot_turn_no_ = -1;
  State bot_turn_start_{};
  // Where each unit last stood during the bot's turn, after each step: a unit that retreated and
  // then died is named where it died.
  uint8_t bot_turn_hex_[kMaxUnits] = {};
  // Starts the summary of a new bot turn when `before` (a step's position) is in one.
  void start_bot_turn(const State& before);
  void note_bot_decision(const std::string& text, Action a, const State& before);
  void note_bot_turn_step(const State& before, Action chosen, bool by_bot);
  void print_bot_turn() const;
  // After the person's moves: the units of theirs that could evade but would have to stand now,
  // their hexes toward the baseline taken (by their own units, mostly), with an enemy near
  // (play-tests, rounds 4 and 5: learnt only when attacked, "cannot evade"). A unit is named
  // when it becomes so, not again while it stays so (a play-test: the same line nine times).
  void warn_no_escape();
  // The units named as unable to evade, with the hex where they were named: a unit is named
  // again only from another hex, or once it could evade in between, not each time an enemy
  // comes back within reach (a play-tester read the repeats as units "blocked long before").
  std::map<int, int> cannot_evade_;
  bool finished_before_ = false;         // loaded after its end: not stored again
  // The person's decisions as undo takes them back: 1 each, or a retreat path's steps together.
  std::vector<int> undo_groups_;
  std::string shown_board_;     // the board as last shown (plain), to redraw only on change
  bool step_by_step_ = false;   // the person asked for this retreat hex by hex
};

std::vector<play::Seat> Session::seats() const {
  std::vector<play::Seat> out(2);
  out[size_t(idx(person_))] = play::Seat{"human", ""};
  out[size_t(idx(bot_side_))] = play::Seat{bot_->spec(), bot_->spec()};
  return out;
}

GameRecord Session::record() const {
  GameRecord r;
  std::string err;
  record_from_json(game_.record_json(), r, &err);
  return r;
}

bool Session::start_new(std::string& error) {
  const game::Game& g = *game::find_game(kGameName);
  if (!game_.start(g, borrow_scenario(*base_), options_, seed_, seats(), &error)) return false;
  game_.set_started(now_iso());
  return true;
}

bool Session::load(const GameRecord& r, std::string& error) {
  if (!r.scenario_hash.empty() && r.scenario_hash != scenario_hash(scn())) {
    error = "the record was played on a different version of scenario " + r.scenario_id + " (content hash " +
            r.scenario_hash + ", this one " + scenario_hash(scn()) + ")";
    return false;
  }
  const game::Game& g = *game::find_game(kGameName);
  if (!game_.resume(g, record_to_json(scn(), r), borrow_scenario(scn()), seats(), &error)) return false;
  game_.set_started(r.started);
  return true;
}

void Session::print_events(bool until_turn_end) {
  size_t i = 0;
  for (; i < events_.size(); ++i) {
    const game::EventView& e = events_[i];
    if (until_turn_end) {
      const std::string type = e.json.value("type", "");
      if (type == "card-drawn" || type == "reshuffle" || type == "turn-end") break;
    }
    if (!e.own) continue;
    std::string line = render_event_view(e, color_);
    // A leader who evades off the battlefield by his own baseline is removed from the game, and
    // the enemy scores no banner for him (§13; cca/leaders.cpp removes him without one).
    if (e.json.value("type", "") == "leader-leaves") line += " (no banner for the enemy: he left by his own baseline)";
    // Within 80 columns: a long line (six dice, a long event) goes on, indented further.
    std::cout << wrap_words("    ", line, kMenuWidth, "        ");
  }
  events_.erase(events_.begin(), events_.begin() + long(i));
}

void Session::show_table(bool with_hand) {
  std::cout << "\n" << render_board(scn(), st(), color_, person_) << render_banners(scn(), st(), person_, color_)
            << render_status(scn(), st(), color_);
  if (with_hand) std::cout << render_hand(scn(), st(), person_, color_);
  shown_board_ = render_board(scn(), st(), false, person_);
}

std::string Session::text(Action a) const {
  const State& s = st();
  const int hex = a.a();
  if (a.type() == ActionType::OrderLeader && hex < kHexes && s.leader_at[hex] != kNone) {
    const int l = s.leader_at[hex];
    const std::string name = l < int(scn().leaders.size()) ? scn().leaders[size_t(l)].name : "the leader";
    const int u = s.unit_at[hex] != kNone && s.units[s.unit_at[hex]].alive() ? s.unit_at[hex] : -1;
    const std::string unit = u >= 0 ? std::string(unit_info(s.units[u].type).code) : "";
    std::string t = "order " + name + " at " + hex_name(hex);
    if (s.order_mode == OrderMode::Leadership) {
      // §7 with the Leadership cards: the leader, the unit he is with, and then units linked to
      // him (next to him or to a unit ordered so far), as many as the card gives.
      const std::string linked = "up to " + std::to_string(int(s.orders_left)) + (s.orders_left == 1 ? " unit" : " units") + " linked to him";
      return t + (u >= 0 ? " with his " + unit + " and " : " and ") + linked;
    }
    // Any other card: a lone leader takes an order like a unit; an attached one is offered alone
    // only where the card lets him detach, which orders him without his unit (§7).
    if (u >= 0) {
      // His unit already picked (or ordered): this order lets him move on his own besides it.
      bool unit_ordered = (s.units[u].flags & kOrdered) != 0;
      for (game::ActionCode p : game_.picks())
        unit_ordered = unit_ordered || Action{uint32_t(p)} == Action::make(ActionType::OrderUnit, hex);
      if (unit_ordered) return t + " too (detach: he then moves on his own, not with his " + unit + ")";
      return t + " alone (detach: his " + unit + " is not ordered by this)";
    }
    return t + " (a leader on his own)";
  }
  if (a.type() == ActionType::OrderUnit && hex < kHexes && s.leader_at[hex] != kNone &&
      !(s.order_mode == OrderMode::Leadership && s.lead_leader == kNone)) {
    // The unit's attached leader goes with it unless he has an order (or a move) of his own.
    const LeaderState& ls = s.leaders[s.leader_at[hex]];
    bool own = (ls.flags & (kOrdered | kMoved)) != 0;
    for (game::ActionCode p : game_.picks())
      own = own || Action{uint32_t(p)} == Action::make(ActionType::OrderLeader, hex);
    const int l = s.leader_at[hex];
    if (ls.alive() && !own && l < int(scn().leaders.size()))
      return action_text(scn(), s, a) + " (" + scn().leaders[size_t(l)].name + " goes with it)";
  }
  if (a.type() == ActionType::OrderUnit && s.order_mode == OrderMode::Leadership && s.lead_leader == kNone) {
    // The orders are picked as a set and given together: once the leader is picked, the units
    // offered are the ones linked to him, not a unit "alone" instead of him.
    bool leader_picked = false;
    for (game::ActionCode p : game_.picks()) leader_picked = leader_picked || Action{uint32_t(p)}.type() == ActionType::OrderLeader;
    // Before: one unit alone instead of a leader (the note above the menu says what that means).
    const std::string t = action_text(scn(), s, a);
    return t.substr(0, t.find(" alone (")) + (leader_picked ? " (linked to the leader)" : " alone");
  }
  if (a.type() == ActionType::Battle && a.c() == 0) {
    // The dice and the odds on the line itself (play-testers typed x to see whether a shot
    // rolled one die or two): the same figures as the browser's labels.
    BattleOdds o;
    if (battle_odds(scn(), s, a, o))
      return action_text(scn(), s, a) + " (" + std::to_string(o.dice) + (o.dice == 1 ? " die" : " dice") + ", hit " +
             std::to_string(int(std::lround(100 * o.hit))) + "%" + (o.may_evade ? "; may evade" : "") + ")";
  }
  return action_text(scn(), s, a);
}

std::vector<MenuItem> Session::build_menu(const ActionList& acts, const std::vector<int>& subset, bool grouped,
                                          int* done_action) const {
  std::vector<MenuItem> items;
  if (done_action) *done_action = -1;
  std::map<std::pair<int, int>, size_t> group_of;  // (type, from hex) -> item
  for (int i : subset) {
    const Action a = acts[i];
    if (is_done_action(a.type())) {
      if (done_action) *done_action = i;
      continue;
    }
    if (grouped && is_pair_action(a.type())) {
      const auto key = std::make_pair(int(a.type()), a.a());
      auto it = group_of.find(key);
      if (it != group_of.end()) {
        items[it->second].actions.push_back(i);
        continue;
      }
      group_of[key] = items.size();
    }
    std::string t = text(a);
    // A card's effect with its play (once: a section card played in another section, H2, is the
    // line under its printed play), and with a discard.
    if ((a.type() == ActionType::PlayCard && a.b() == 0) || a.type() == ActionType::DiscardCard)
      if (a.a() < kCardKinds) t += std::string(": ") + card_info(uint8_t(a.a())).effect;
    // A card that would do nothing as the turn's card says so (First Strike, a Counter Attack
    // with nothing to copy, a section with no unit; a play-tester was offered First Strike as a
    // card to play with no word).
    if (a.type() == ActionType::PlayCard && a.b() == 0 && a.a() < kCardKinds && card_does_nothing(st(), a.a()))
      t += " [played now: no effect]";
    items.push_back(MenuItem{t, {i}, int(items.size()) + 1});
  }
  // Name the groups: the common part of their texts ("move MI4 at 7,3") and the count.
  for (MenuItem& m : items) {
    if (m.actions.size() < 2) continue;
    const Action a = acts[m.actions[0]];
    std::string t = action_text(scn(), st(), a);
    const size_t arrow = t.find(" -> ");
    if (arrow != std::string::npos) t = t.substr(0, arrow);
    const char* what = a.type() == ActionType::Battle ? " targets" : " destinations";
    m.text = t + " ... (" + std::to_string(m.actions.size()) + what + ")";
  }
  return items;
}

long Session::menu_phase() const {
  const State& s = st();
  return ((long(s.decision) * 256 + long(s.played)) * 8 + long(s.named_section)) * 4 + long(s.card_step);
}

void Session::number_menu(const ActionList& acts, std::vector<MenuItem>& items, bool grouped) {
  const Decision d = st().decision;
  if (d != Decision::Order && d != Decision::Move && d != Decision::Battle) return;  // 1 to N
  if (int(st().turn) != numbered_turn_) {
    numbered_turn_ = int(st().turn);
    menu_numbers_.clear();
  }
  PhaseNumbers& ph = menu_numbers_[menu_phase()];
  for (MenuItem& m : items) {
    const Action a = acts[m.actions[0]];
    // A unit's line of a grouped menu is the unit (its destinations change as others move); a
    // plain line is its action.
    const uint64_t key = grouped && is_pair_action(a.type()) ? (uint64_t(1) << 40) | (uint64_t(a.type()) << 16) | uint64_t(a.a())
                                                             : uint64_t(a.v);
    auto [it, added] = ph.number.emplace(key, ph.given + 1);
    if (added) ++ph.given;
    m.number = it->second;
  }
  std::stable_sort(items.begin(), items.end(), [](const MenuItem& x, const MenuItem& y) { return x.number < y.number; });
}

// The numbers of a menu as the prompt gives them: "1-9", or "1, 3-5, 8" once some are taken.
static std::string number_ranges(const std::vector<MenuItem>& items) {
  std::string out;
  for (size_t i = 0; i < items.size();) {
    size_t j = i;
    while (j + 1 < items.size() && items[j + 1].number == items[j].number + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(items[i].number);
    if (j > i) out += "-" + std::to_string(items[j].number);
    i = j + 1;
  }
  return out;
}

// The numbers as the prompt gives them: their ranges, or (when taken lines have split them into
// many) "a number above", so that the prompt stays on one line.
static std::string prompt_numbers(const std::vector<MenuItem>& items) {
  const std::string r = number_ranges(items);
  return r.size() > 14 ? "a number above" : r;
}

void Session::print_menu(const std::vector<MenuItem>& items, bool submenu, const std::string& done_text) const {
  std::vector<std::string> cells;
  size_t widest = 0;
  if (submenu) cells.push_back("  0) back");
  for (size_t i = 0; i < items.size(); ++i) {
    char num[16];
    std::snprintf(num, sizeof num, "%3d) ", items[i].number);
    cells.push_back(num + items[i].text);
  }
  for (const std::string& c : cells) widest = std::max(widest, c.size());
  int cols = cells.size() > 10 ? std::max(1, int(kMenuWidth / (widest + 2))) : 1;
  cols = std::min(cols, 4);
  const int rows = (int(cells.size()) + cols - 1) / cols;
  if (cols == 1) {
    // One column: a long line (a card and its effect) goes on under itself, within 80 columns.
    for (const std::string& c : cells) {
      const size_t paren = c.find(") ");
      const size_t lead = paren == std::string::npos ? 0 : paren + 2;
      std::cout << wrap_words(c.substr(0, lead), c.substr(lead), kMenuWidth, std::string(lead + 2, ' '));
    }
    if (!done_text.empty()) std::cout << "  d) " << done_text << "\n";
    return;
  }
  for (int r = 0; r < rows; ++r) {
    std::string line;
    for (int c = 0; c < cols; ++c) {
      const int i = c * rows + r;  // column-major: numbers run down each column
      if (i >= int(cells.size())) break;
      std::string cell = cells[size_t(i)];
      if (c + 1 < cols) cell.resize(widest + 2, ' ');
      line += cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::cout << line << "\n";
  }
  // "Done" on its own line and its own key, whatever the numbers above.
  if (!done_text.empty()) std::cout << "  d) " << done_text << "\n";
}

// The advice of a search bot that sees only what the person may see (its own Rng: asking for a
// hint never changes the game's dice).
void Session::hint(const ActionList& acts) {
  // The planner: in the plan part of a turn its alternatives are whole plans, one line per first
  // choice (each card with its best plan's chance), so the values differ where the choice matters.
  ai::Explanation why;
  if (!game_.advise("plan:ms=250", why)) return;
  std::cout << "Hint (" << why.iterations << " searches): your chance to win is about "
            << int(std::lround(why.win_chance * 100)) << "%. Best decisions:\n";
  // Where each decision is in the whole menu: its number (the unit's line for a grouped move or
  // battle), or d.
  std::vector<int> all;
  for (int i = 0; i < acts.size(); ++i) all.push_back(i);
  const bool grouped = grouped_menu(acts, false);
  std::vector<MenuItem> items = build_menu(acts, all, grouped);
  number_menu(acts, items, grouped);
  int shown = 0;
  for (const ai::ActionValue& av : why.best) {
    if (shown++ == 3) break;
    const Action best{uint32_t(av.action)};
    std::string where;
    if (is_done_action(best.type())) where = ", key d";
    for (size_t k = 0; k < items.size(); ++k)
      for (int i : items[k].actions)
        if (acts[i] == best)
          where = ", menu " + std::to_string(items[k].number) + (items[k].actions.size() > 1 ? " (the unit's line)" : "");
    std::cout << "  " << text(best) << "  (win " << int(std::lround(av.value * 100)) << "%" << where << ")\n";
  }
}

void Session::start_bot_turn(const State& before) {
  if (int(before.turn) == bot_turn_no_) return;
  bot_turn_.clear();
  bot_turn_no_ = int(before.turn);
  bot_turn_start_ = before;
  for (int i = 0; i < before.n_units; ++i) bot_turn_hex_[i] = before.units[i].hex;
}

void Session::note_bot_decision(const std::string& text, Action a, const State& before) {
  if (before.active != bot_side_) return;  // its answers in the person's turn are shown as they come
  start_bot_turn(before);
  // What it chose to do; the rest (done, its retreats and flags after a battle back) shows in
  // the losses below.
  switch (a.type()) {
    case ActionType::PlayCard:
    case ActionType::MoveUnit:
    case ActionType::MoveLeader:
    case ActionType::Battle:
    case ActionType::BonusCombat:
    case ActionType::PlaceReserve:
    case ActionType::PlaceLeader: bot_turn_.push_back(text); break;
    default: break;
  }
}

// After each step of the bot's turn, whoever decided it: the battles no decision of the bot chose
// (a rule fought them: a warrior that charged closes with its only target, §8/§11, taken by the
// engine as the only choice), from the step's events, which a play-tester's summary lacked (the
// battle that killed his elephant); and where each unit now stands.
void Session::note_bot_turn_step(const State& before, Action chosen, bool by_bot) {
  if (before.active != bot_side_) return;
  start_bot_turn(before);
  // The battle the bot chose itself is in its summary already.
  int chosen_left = by_bot && (chosen.type() == ActionType::Battle || chosen.type() == ActionType::BonusCombat) ? 1 : 0;
  const std::string bot = side_name(bot_side_);
  for (const game::EventView& e : events_) {
    if (e.json.value("type", "") != "battle-declared" || e.json.value("side", "") != bot) continue;
    if (chosen_left > 0) {
      --chosen_left;
      continue;
    }
    const int from = parse_hex(e.json.value("from", "")), at = parse_hex(e.json.value("at", ""));
    if (from < 0 || at < 0) continue;
    auto piece = [&](int h) {
      const int u = before.unit_at[h];
      return (u != kNone ? std::string(unit_info(before.units[u].type).code) + " " : std::string()) + hex_name(h);
    };
    bot_turn_.push_back(std::string(e.json.value("kind", "") == "ranged" ? "fire: " : "close combat: ") + piece(from) + " -> " +
                        piece(at));
  }
  for (int i = 0; i < st().n_units && i < kMaxUnits; ++i)
    if (st().units[i].alive()) bot_turn_hex_[i] = st().units[i].hex;
}

void Session::print_bot_turn() const {
  if (bot_turn_no_ < 0) {
    std::cout << "The bot has not played a turn yet.\n";
    return;
  }
  const bool going_on = st().active == bot_side_ && int(st().turn) == bot_turn_no_ && !is_terminal(st());
  // Runs of moves share their verb: "move AX 1,2 -> 2,1, LC 1,10 -> 2,9".
  std::string all, verb;
  for (const std::string& t : bot_turn_) {
    const std::string v = t.substr(0, t.find(' '));
    if (v == "move" && v == verb) {
      all += ", " + t.substr(v.size() + 1);
      continue;
    }
    all += (all.empty() ? "" : "; ") + t;
    verb = v;
  }
  if (bot_turn_.size() == 1) all += "; nothing moved or battled";
  // What the turn cost each side: the pieces as they were when it began, against now.
  const State& was = bot_turn_start_;
  const State& now = st();
  for (Side side : {person_, bot_side_}) {
    std::string lost;
    for (int i = 0; i < was.n_units && i < now.n_units; ++i) {
      const UnitState &a = was.units[i], &b = now.units[i];
      if (!a.alive() || a.side != side || (b.alive() && b.blocks >= a.blocks)) continue;
      // Named where the turn found it, and where it went if it retreated (a play-tester looked
      // for a unit hit at 5,6 under the name of the hex it had retreated to).
      const std::string name = std::string(unit_info(a.type).code) + " " + hex_name(a.hex) +
                               (b.alive() && b.hex != a.hex ? " (now " + hex_name(b.hex) + ")" : "");
      const int died_at = bot_turn_hex_[i];
      lost += (lost.empty() ? "" : ", ") + name +
              (b.alive() ? " " + std::to_string(a.blocks - b.blocks) + (a.blocks - b.blocks == 1 ? " block, " : " blocks, ") + std::to_string(b.blocks) + " left"
                         : " eliminated" + (died_at < kHexes && died_at != a.hex ? " at " + hex_name(died_at) : std::string()));
    }
    for (int i = 0; i < was.n_leaders && i < now.n_leaders; ++i)
      if (was.leaders[i].alive() && was.leaders[i].side == side && !now.leaders[i].alive())
        lost += (lost.empty() ? "" : ", ") + (i < int(scn().leaders.size()) ? scn().leaders[size_t(i)].name : "a leader") +
                " gone";
    if (!lost.empty()) all += std::string(". ") + (side == person_ ? "You lost: " : "The bot lost: ") + lost;
  }
  const int p = idx(person_), b = idx(bot_side_);
  const int won = now.banners[b] - was.banners[b], lost = now.banners[p] - was.banners[p];
  const std::string when = going_on ? " so far" : " in that turn";
  if (won == 0 && lost == 0) all += ". No banner" + when;
  else all += ". Banners" + when + ": the bot +" + std::to_string(won) + ", you +" + std::to_string(lost);
  all += " (now you " + std::to_string(now.banners[p]) + ", the bot " + std::to_string(now.banners[b]) + ").";
  // Wrapped at spaces, but never before a hex ("AX 1,7", "-> 2,1" stay on one line).
  const std::string head = "The bot's turn " + std::to_string(bot_turn_no_ + 1) + (going_on ? " so far: " : " in short: ");
  std::string text = head + all;
  for (size_t i = 0; i + 2 < text.size(); ++i) {
    const bool before_hex = std::isdigit(static_cast<unsigned char>(text[i + 1])) &&
                            text.find(',', i) != std::string::npos && text.find(',', i) < text.find(' ', i + 1);
    if (text[i] == ' ' && (before_hex || text.compare(i + 1, 2, "->") == 0)) text[i] = kKeptSpace;
  }
  std::string out = wrap_keeping("", text, kMenuWidth, "  ");
  if (color_) out = paint(bot_side_ == Side::Top ? "31" : "36", head) + out.substr(head.size());
  std::cout << out;
}

void Session::warn_no_escape() {
  const Board& b = Board::get();
  const State& s = st();
  std::vector<std::string> lines;
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& u = s.units[i];
    if (!u.alive() || u.side != person_) {
      cannot_evade_.erase(i);
      continue;
    }
    uint8_t to[8];
    bool evader = false;
    if (evade_hexes(scn(), s, u.hex, to, &evader) > 0 || !evader) {
      cannot_evade_.erase(i);
      continue;
    }
    bool enemy_near = false;  // an enemy unit that could reach it next turn, about
    for (int j = 0; j < s.n_units && !enemy_near; ++j)
      enemy_near = s.units[j].alive() && s.units[j].side != person_ && b.dist[u.hex][s.units[j].hex] <= 3;
    if (!enemy_near) continue;
    const auto said = cannot_evade_.find(i);
    if (said != cannot_evade_.end() && said->second == u.hex) continue;  // said, and still so
    cannot_evade_[i] = u.hex;
    std::string why;
    for (int k = 0; k < 2; ++k) {
      const int h = b.back[idx(person_)][u.hex][k];
      if (h == kNoHex) continue;
      const int o = s.unit_at[h];
      std::string what = o != kNone ? std::string(s.units[o].side == person_ ? "your " : "the enemy's ") +
                                          unit_info(s.units[o].type).code
                         : terrain_info(scn().terrain[h]).impassable ? "impassable"
                                                                     : "a leader";
      why += (why.empty() ? "" : ", ") + hex_name(h) + " " + what;
    }
    lines.push_back(std::string(unit_info(u.type).code) + " " + hex_name(u.hex) + " could not evade now (" +
                    (why.empty() ? "its baseline is behind it" : "behind it: " + why) + ")");
  }
  if (lines.empty()) return;
  std::string all = "Careful (§13): ";
  for (size_t k = 0; k < lines.size(); ++k) all += (k ? "; " : "") + lines[k];
  std::cout << wrap_words("", all + ".", kMenuWidth, "  ");
}

// A unit's name as the menus write it: "HI 7,5".
static std::string piece_name(const State& s, int hex) {
  const int u = s.unit_at[hex];
  if (u != kNone) return std::string(unit_info(s.units[u].type).code) + " " + hex_name(hex);
  return "leader " + hex_name(hex);
}

void Session::print_threats(const std::string& arg) const {
  // While the person orders, the units picked so far are reckoned as they will be once the
  // orders are given (this turn, under the card): the picks given on a copy, ordering closed.
  // Giving orders draws no chance and moves nothing, so the copy shows the same position.
  State given = st();
  if (given.decision == Decision::Order && given.decider == person_ && !game_.picks().empty()) {
    State t = given;
    Rng none(0);
    bool ok = true;
    for (game::ActionCode p : game_.picks()) ok = ok && apply(scn(), t, Action{uint32_t(p)}, none);
    if (ok && t.decision == Decision::Order) ok = apply(scn(), t, Action::make(ActionType::EndOrders), none);
    if (ok && t.decision == Decision::Move) given = t;
  }
  const State& s = given;
  std::vector<BattleReach> reach;
  const std::string how =
      "Each unit ordered alone by a plain card, every other piece where it stands (a card can add moves or dice; "
      "a unit moved out of the way can open a path).";
  if (!arg.empty()) {
    std::string off_board;
    const std::vector<int> hexes = parse_hexes(arg, &off_board);
    if (hexes.empty() && !off_board.empty()) {
      std::cout << off_board_text(off_board) << "\n";
      return;
    }
    if (hexes.size() == 1 && s.unit_at[hexes[0]] == kNone) {
      std::cout << hex_name(hexes[0]) << " holds no unit. Give the hex of a unit: x 2,5 (row,col).\n";
      return;
    }
    if (hexes.size() != 1) {
      std::cout << "Give the hex of a unit: x 2,5 (row,col).\n";
      return;
    }
    const int hex = hexes[0];
    const bool mine = s.units[s.unit_at[hex]].side == person_;
    // A unit ordered in this move phase: this turn's battles, under the card in force (a
    // play-tester missed Double Time's extra hex); any other: when next ordered, by a plain card.
    const bool now = battle_reach_as_it_stands(scn(), s, hex, reach);
    const std::string how_now = "This turn's moves and battles under " + card_in_force(s) +
                                ", every other piece where it stands (a unit moved out of the way can open a path).";
    std::string line = (mine ? "Your " : "The enemy's ") + piece_name(s, hex) +
                       (now ? ", ordered this turn," : mine ? ", if ordered by a plain card," : " on its next turn");
    if (reach.empty()) {
      std::cout << wrap_words("", line + " could battle nothing. " + (now ? how_now : how), kMenuWidth, "  ");
      return;
    }
    line += " could battle:";
    std::cout << wrap_words("", line, kMenuWidth, "  ");
    // One line per target and kind of battle: the most dice, and every hex they are rolled from.
    std::map<std::pair<int, bool>, std::pair<int, std::vector<int>>> lines;  // (target, close) -> dice, from
    for (const BattleReach& r : reach) {
      auto& [dice, from] = lines[{r.target, r.close}];
      if (r.dice > dice) from.clear();
      if (r.dice >= dice) {
        dice = r.dice;
        from.push_back(r.from);
      }
    }
    for (const auto& [key, v] : lines) {
      std::string where;
      for (size_t k = 0; k < v.second.size(); ++k)
        where += (k ? (k + 1 == v.second.size() ? " or " : ", ") : "") +
                 (v.second[k] == hex ? std::string("where it stands") : hex_name(v.second[k]));
      std::cout << wrap_words("  ",
                              (key.second ? "close combat " : "fire at ") + piece_name(s, key.first) + ", " +
                                  std::to_string(v.first) + (v.first == 1 ? " die" : " dice") + ", from " + where,
                              kMenuWidth, "    ");
    }
    std::cout << wrap_words("", now ? how_now : how, kMenuWidth, "  ");
    return;
  }
  // Per side: target -> (attacker, its best shot and its best close combat, 0 dice where it has
  // none): both, since a shot from where it stands risks nothing where closing in meets a battle
  // back (a play-tester read "close 2" and missed the safe 2-dice shot).
  bool any_now = false;  // some unit's line is of this turn's moves (ordered in this move phase)
  for (const Side attackers : {other(person_), person_}) {
    std::map<int, std::vector<std::pair<int, std::pair<int, int>>>> by_target;
    for (int i = 0; i < s.n_units; ++i) {
      const UnitState& u = s.units[i];
      if (!u.alive() || u.side != attackers) continue;
      if (battle_reach_as_it_stands(scn(), s, u.hex, reach)) any_now = any_now || !reach.empty();
      strongest_reach(reach);  // by target, the shot before the close combat
      for (const BattleReach& r : reach) {
        auto& list = by_target[r.target];
        if (list.empty() || list.back().first != u.hex) list.push_back({u.hex, {0, 0}});
        (r.close ? list.back().second.second : list.back().second.first) = r.dice;
      }
    }
    std::cout << (attackers == person_ ? "Enemy units yours could battle when ordered (theirs <- yours, kind, dice):\n"
                                       : "Your units the enemy could battle on its turn (yours <- theirs, kind, dice):\n");
    if (by_target.empty()) std::cout << "  nothing\n";
    for (const auto& [target, list] : by_target) {
      std::string line = piece_name(s, target) + " <- ";
      for (size_t k = 0; k < list.size(); ++k) {
        const auto [fire, close] = list[k].second;
        line += (k ? ", " : "") + piece_name(s, list[k].first) + (ordered_this_turn(s, list[k].first) ? "*" : "") +
                (fire ? " fire " + std::to_string(fire) : "") +
                (close ? " close " + std::to_string(close) : "");
      }
      std::cout << wrap_words("  ", line, kMenuWidth, "      ");
    }
  }
  const std::string now_text =
      any_now ? " *: ordered this turn (or picked to be), reckoned under " + card_in_force(s) + "." : "";
  std::cout << wrap_words("", "(Dice: the most each unit could roll. " + how + now_text + " x HEX: one unit's battles.)",
                          kMenuWidth, " ");
}

void Session::print_help() const {
  // Key, then what it does, wrapped under itself within the terminal's 80 columns.
  static const char* const kCommands[][2] = {
      {"<number>", "take that action from the menu (a grouped line opens the unit's choices)"},
      {"1 3 4", "several numbers: taken one after another while ordering, moving or battling"},
      {"7,3 6,3", "a move or battle typed as hexes: from row,col to row,col"},
      {"6,3", "a single-hex choice (order, retreat, evade ...) or the unit whose choices to open"},
      {"d (or done)", "end the orders, the moves or the battles (the same key whatever the menu numbers)"},
      {"0", "back from a unit's choices to the whole menu"},
      {"s", "(at a retreat of several hexes, offered as whole paths) choose it hex by hex"},
      {"u", "undo your last decision (the dice stay as they fell)"},
      {"s FILE", "save the game record to FILE (continue it with bgbot play --load FILE)"},
      {"hint (or i)", "the bot's advice: your chance to win and the best few decisions with their values"},
      {"b", "show the board, the banners and your hand again"},
      {"l", "show the legend"},
      {"t", "what the bot did in its last turn, in short"},
      {"x", "threats: what each side's units could battle when ordered; x 2,5: that unit's battles"},
      {"info 2,5", "the unit and the leader in a hex (traits, grade); info: the Hellenistic module"},
      {"h", "this help"},
      {"q", "quit the game"},
  };
  std::cout << "Commands:\n";
  for (const auto& c : kCommands) {
    std::string key = std::string("  ") + c[0];
    key.resize(15, ' ');
    std::cout << wrap_words(key, c[1], kMenuWidth, std::string(15, ' '));
  }
  std::cout << wrap_words("",
                          "Hexes are written row,col (see the numbers around the board). A turn: play a card (§6), "
                          "order units (§7), move them (§8), then battle (§9-§13). The log names the rule-book section "
                          "of every event; every die rolled is shown. Your opponent is the bot \"" +
                              bot_->spec() + "\".",
                          kMenuWidth, "");
}

std::string Session::why_illegal(Action a) const {
  State tmp = st();
  Rng r(0);  // a refused action draws nothing; a legal one is not played here
  std::string err;
  if (apply(scn(), tmp, a, r, nullptr, &err)) return "";
  return err;
}

Action Session::guess_action(const std::vector<int>& hexes) const {
  if (hexes.size() == 2) {
    if (st().decision == Decision::Battle) return Action::make(ActionType::Battle, hexes[0], hexes[1]);
    if (st().decision == Decision::ReserveMove) return Action::make(ActionType::ReserveStep, hexes[0], hexes[1]);
    if (st().decision == Decision::BalkRetreat) return Action::make(ActionType::BalkRetreat, hexes[0], hexes[1]);
    return Action::make(ActionType::MoveUnit, hexes[0], hexes[1]);
  }
  switch (st().decision) {
    case Decision::ReserveMove: return Action::make(ActionType::ReserveLeaderTo, hexes[0]);
    case Decision::Retreat: return Action::make(ActionType::RetreatTo, hexes[0]);
    case Decision::EvadePath: return Action::make(ActionType::EvadeTo, hexes[0]);
    case Decision::CavalryExtraHex: return Action::make(ActionType::ExtraHex, hexes[0]);
    case Decision::BonusCombat: return Action::make(ActionType::BonusCombat, hexes[0]);
    default: return Action::make(ActionType::OrderUnit, hexes[0]);
  }
}

std::vector<int> Session::match_hexes(const ActionList& acts, const std::vector<int>& subset,
                                      const std::vector<int>& hexes, bool submenu) const {
  std::vector<int> out;
  for (int i : subset) {
    const Action a = acts[i];
    const ActionType t = a.type();
    if (hexes.size() == 1) {
      if (submenu && is_pair_action(t) && a.b() == hexes[0]) out.push_back(i);
      else if (!submenu && is_single_hex_action(t) && a.a() == hexes[0]) out.push_back(i);
    } else if (hexes.size() == 2) {
      if (is_pair_action(t) && a.a() == hexes[0] && a.b() == hexes[1]) out.push_back(i);
      if (t == ActionType::LeaderEvade && a.a() == hexes[0] && a.b() == hexes[1] && a.c() == kNoHex) out.push_back(i);
    } else if (hexes.size() == 3) {
      if (t == ActionType::LeaderEvade && a.a() == hexes[0] && a.b() == hexes[1] && a.c() == hexes[2]) out.push_back(i);
    }
  }
  if (out.empty() && hexes.size() == 1 && !submenu) {
    // A unit: its moves or battles.
    for (int i : subset)
      if (is_pair_action(acts[i].type()) && acts[i].a() == hexes[0]) out.push_back(i);
    if (out.empty())
      for (int i : subset)
        if (acts[i].type() == ActionType::LeaderEvade && acts[i].a() == hexes[0]) out.push_back(i);
  }
  return out;
}

bool Session::save(const std::string& path) {
  const GameRecord rec = record();
  std::string err;
  if (!write_record_file(path, scn(), rec, err)) {
    std::cout << "Could not save: " << err << "\n";
    return false;
  }
  saved_to_ = path;
  // Wrapped at spaces, so that the file's name is never broken across lines (a play-tester's
  // 100-column pane broke it mid-path).
  // "(position HASH)" stays on one line.
  std::cout << wrap_keeping("", "Saved " + std::to_string(rec.steps.size()) + " decisions to " + path + " (position" +
                                    kKeptSpace + position_hash(scn(), st()) + "). Replay it with: bgbot replay " + path +
                                    "; continue it with: bgbot play --load " + path,
                            kMenuWidth, "  ");
  return true;
}

bool Session::undo() {
  if (game_.unpick()) {
    std::cout << "Undone: the last order picked is taken back.\n";
    return true;
  }
  if (undo_groups_.empty()) {
    std::cout << (game_.decisions() > 0 && game_.undoable() == 0
                      ? "Nothing to undo: you have not decided anything since the game was loaded.\n"
                      : "Nothing to undo: you have not decided anything yet.\n");
    return false;
  }
  // A retreat path was several decisions: they go back together.
  const int group = undo_groups_.back();
  std::string err;
  int undone = 0;
  for (int i = 0; i < group; ++i) {
    if (game_.undo(idx(person_), &err) == 0) break;
    ++undone;
  }
  if (undone == 0) {
    std::cout << "Cannot undo: " << err << ".\n";
    return false;
  }
  undo_groups_.pop_back();
  events_.clear();
  confirm_done_ = false;
  std::cout << "Undone: back before your last decision.\n";
  show_table(true);
  return true;
}

bool Session::common_command(const std::string& t, const std::string& raw, const ActionList& acts, Outcome* out) {
  (void)acts;
  if (t == "q" || t == "quit" || t == "exit") {
    // At a terminal, a game that nothing keeps is not dropped by a stray q.
    if (isatty(STDIN_FILENO) && game_.autosave_path().empty() && save_path_.empty() && saved_to_.empty()) {
      std::cout << "Nothing keeps this game (no autosave, not saved): leave and lose it? [y/N] " << std::flush;
      std::string answer;
      if (std::getline(std::cin, answer) && lower(trim(answer)) != "y" && lower(trim(answer)) != "yes") {
        std::cout << "Staying. (s FILE saves the game.)\n";
        return true;
      }
    }
    *out = Outcome::Quit;
    leave("You left the game");
    return true;
  }
  if (t == "h" || t == "help" || t == "?") {
    print_help();
    return true;
  }
  if (t == "b" || t == "board") {
    show_table(true);
    return true;
  }
  if (t == "hint" || t == "i") {
    hint(acts);
    return true;
  }
  if (t == "info" || t.rfind("info ", 0) == 0) {
    print_info(trim(t.substr(4)));
    return true;
  }
  if (t == "t" || t == "turn") {
    print_bot_turn();
    return true;
  }
  if (t == "x" || t == "threats" || t.rfind("x ", 0) == 0 || t.rfind("threats ", 0) == 0) {
    print_threats(trim(t.substr(t.find(' ') == std::string::npos ? t.size() : t.find(' '))));
    return true;
  }
  if (t == "l" || t == "legend") {
    std::cout << render_legend(scn(), color_, person_);
    return true;
  }
  if (t == "u" || t == "undo") {
    if (undo()) *out = Outcome::Undo;
    return true;
  }
  if (t == "s" || t.rfind("s ", 0) == 0 || t.rfind("save ", 0) == 0) {
    const std::string rest = trim(raw.substr(raw.find_first_of(" \t") == std::string::npos ? raw.size()
                                                                                            : raw.find_first_of(" \t")));
    const std::string path = rest.empty() ? save_path_ : rest;
    if (path.empty()) std::cout << "Give a file name: s FILE\n";
    else save(path);
    return true;
  }
  return false;
}

bool Session::grouped_menu(const ActionList& acts, bool keep) {
  const Decision d = st().decision;
  if (d != Decision::Move && d != Decision::Battle) return acts.size() > kGroupThreshold;
  if (int(st().turn) != grouped_turn_) {
    grouped_turn_ = int(st().turn);
    phase_grouped_.clear();
  }
  const long phase = phase_of_turn();
  const auto seen = phase_grouped_.find(phase);
  // A phase keeps the form of its first menu, so that its lines keep their numbers; a flat one
  // that grows past twice the length (moves opened by a unit moving away) is grouped after all.
  bool grouped = acts.size() > kGroupThreshold;
  if (seen != phase_grouped_.end()) grouped = seen->second || acts.size() > 2 * kGroupThreshold;
  if (keep) phase_grouped_[phase] = grouped;
  return grouped;
}

Outcome Session::read_decision(const ActionList& acts, int* chosen) {
  std::vector<int> all;
  for (int i = 0; i < acts.size(); ++i) all.push_back(i);
  const bool grouped = grouped_menu(acts, true);
  std::vector<int> subset = all;  // the current (sub)menu
  bool submenu = false;
  int done = -1;  // the done action's index in acts, or -1
  std::vector<MenuItem> items = build_menu(acts, subset, grouped, &done);
  number_menu(acts, items, grouped);
  const std::string done_text = done >= 0 ? text(acts[done]) : "";
  print_menu(items, false, done_text);
  for (;;) {
    // Numbers typed ahead stand only for this phase's menus (the main loop drops them sooner,
    // when another question comes or the turn ends): said on a line of its own, before the prompt.
    const bool ahead = !typed_ahead_.empty() && typed_phase_ == phase_of_turn();
    if (!ahead) drop_typed_ahead("");
    const std::string who = army(person_) + ", your choice";
    const std::string rest = " [" + (items.empty() ? "" : prompt_numbers(items) + ", ") + (submenu ? "0 back, " : "") +
                             (done >= 0 && !submenu ? "d " + done_text + ", " : "") + "h help]: ";
    std::cout << paint("1", who) << rest << std::flush;
    std::string raw;
    if (ahead) {
      raw = typed_ahead_.front();
      typed_ahead_.erase(typed_ahead_.begin());
      // Marked as typed ahead where the line has room (80 columns).
      const bool room = who.size() + rest.size() + raw.size() + 16 <= size_t(kMenuWidth);
      std::cout << raw << (room ? "   (typed ahead)" : "") << "\n";
    } else if (!read_line(raw)) {
      return Outcome::Quit;
    }
    std::string t = lower(raw);
    if (t.empty()) {
      std::cout << "Please type the number of an action (or h for help).\n";
      continue;
    }
    {
      // "1 3 4": the first now, the others at the next prompts of this phase.
      std::istringstream in(t);
      std::vector<std::string> nums;
      std::string tok;
      bool digits = true;
      while (in >> tok) nums.push_back(tok);
      // Numbers, the last of them may be d: "1 2 3 d" orders three units and is done.
      for (size_t k = 0; k < nums.size(); ++k)
        digits = digits && (all_digits(nums[k]) || (k + 1 == nums.size() && k > 0 && (nums[k] == "d" || nums[k] == "done")));
      if (digits && nums.size() > 1) {
        const Decision d = st().decision;
        if (d != Decision::Order && d != Decision::Move && d != Decision::Battle) {
          std::cout << "Type one number here (several on a line are for ordering, moving and battling).\n";
          continue;
        }
        t = raw = nums[0];
        typed_ahead_.assign(nums.begin() + 1, nums.end());
        typed_phase_ = phase_of_turn();
      }
    }
    Outcome out = Outcome::Chosen;
    if (common_command(t, raw, acts, &out)) {
      if (out != Outcome::Chosen) return out;
      if (t == "h" || t == "help" || t == "?" || t == "b" || t == "board") print_menu(items, submenu, submenu ? "" : done_text);
      continue;
    }
    std::vector<int> picked;  // actions the input names
    if (t == "d" || t == "done") {
      // A fixed word for ending the orders, the moves or the battles: menu numbers shift as
      // choices are made, this does not.
      if (done >= 0) picked.push_back(done);
      if (picked.empty()) {
        std::cout << "There is nothing to end now; type a number from the menu.\n";
        continue;
      }
      if (confirm_done_) {
        confirm_done_ = false;
        const bool moves = st().decision == Decision::Move;
        // What a second d would give up: the units that could still move or battle (a
        // play-tester typed d twice and lost shots he had not counted).
        std::vector<int> units;
        for (int i = 0; i < acts.size(); ++i)
          if ((acts[i].type() == ActionType::MoveUnit || acts[i].type() == ActionType::Battle) &&
              std::find(units.begin(), units.end(), int(acts[i].a())) == units.end())
            units.push_back(int(acts[i].a()));
        const size_t n = units.size();
        const std::string lost = n == 0 ? ""
                                 : moves ? " (" + std::to_string(n) + (n == 1 ? " ordered unit would stay where it is)" : " ordered units would stay where they are)")
                                         : " (" + std::to_string(n) + (n == 1 ? " unit would give up its battle)" : " units would give up their battles)");
        std::cout << wrap_words("",
                                std::string(moves ? "Ordering is over already (every order given)" : "Movement is over already (every ordered unit moved)") +
                                    ", so d would now end the " + (moves ? "moves" : "battles") + lost + ". Type d again to end the " +
                                    (moves ? "moves" : "battles") + ", or choose from the menu.",
                                kMenuWidth, "  ");
        continue;
      }
    } else if (all_digits(t)) {
      if (t.size() > 6) {
        std::cout << wrap_words("", "There is no action " + t + "; type " + number_ranges(items) + ".", kMenuWidth, "  ");
        continue;
      }
      const int n = std::stoi(t);
      if (n == 0 && submenu) {
        subset = all;
        submenu = false;
        items = build_menu(acts, subset, grouped);
        number_menu(acts, items, grouped);
        print_menu(items, false, done_text);
        continue;
      }
      const auto item = std::find_if(items.begin(), items.end(), [n](const MenuItem& m) { return m.number == n; });
      if (item == items.end()) {
        // A number of this phase's menu that is no longer in it: say so, not just "no such".
        const auto phase = menu_numbers_.find(menu_phase());
        const bool taken = !submenu && numbered_turn_ == int(st().turn) && phase != menu_numbers_.end() && n >= 1 &&
                           n <= phase->second.given;
        std::cout << wrap_words("",
                                "There is no action " + std::to_string(n) + (taken ? " now: that line has left the menu" : "") +
                                    "; type " + number_ranges(items) + (submenu ? " (0 to go back)" : "") + ".",
                                kMenuWidth, "  ");
        drop_typed_ahead("the one before was refused");
        continue;
      }
      picked = item->actions;
    } else {
      std::string off_board;
      const std::vector<int> hexes = parse_hexes(t, &off_board);
      if (hexes.empty() && !off_board.empty()) {
        std::cout << off_board_text(off_board) << "\n";
        continue;
      }
      if (hexes.empty()) {
        std::cout << wrap_words("",
                                "'" + raw + "' is not a menu number, hexes (row,col) or a command; type " + number_ranges(items) +
                                    ", or h for help.",
                                kMenuWidth, "  ");
        continue;
      }
      if (hexes.size() > 3) {
        std::cout << "Too many hexes: give one (6,3) or two (7,3 6,3).\n";
        continue;
      }
      picked = match_hexes(acts, subset, hexes, submenu);
      if (picked.empty() && submenu) picked = match_hexes(acts, all, hexes, false);
      if (picked.empty()) {
        const bool pair_decision = st().decision == Decision::Move || st().decision == Decision::Battle;
        std::string reason;
        if (hexes.size() == 2 && !pair_decision)
          reason = std::string("two hexes name a move or a battle, and the decision now is ") + decision_name(st().decision);
        else if (hexes.size() == 1 && pair_decision && !submenu)
          reason = "no unit of yours at " + hex_name(hexes[0]) + " can " +
                   (st().decision == Decision::Move ? "move" : "battle") + " now";
        else
          reason = why_illegal(guess_action(hexes));
        std::cout << wrap_words("",
                                "No legal choice matches '" + raw + "'" + (reason.empty() ? "" : ": " + reason) +
                                    ". Type a number from the menu, or h for help.",
                                kMenuWidth, "  ");
        continue;
      }
    }
    // A hex typed while ordering, where a unit and its leader could each be ordered, names what
    // the card is for: under a leadership card the leader (with his unit and those linked to
    // him), under any other the unit (its leader goes with it; ordering him alone is a menu
    // line). Play-testers typing a list of hexes lost orders to the "choose one" question.
    if (!all_digits(t) && st().decision == Decision::Order && picked.size() == 2) {
      const ActionType want = st().order_mode == OrderMode::Leadership ? ActionType::OrderLeader : ActionType::OrderUnit;
      const ActionType x = acts[picked[0]].type(), y = acts[picked[1]].type();
      const bool pair = (x == ActionType::OrderUnit && y == ActionType::OrderLeader) ||
                        (x == ActionType::OrderLeader && y == ActionType::OrderUnit);
      if (pair) picked = {x == want ? picked[0] : picked[1]};
    }
    if (picked.size() == 1) {
      *chosen = picked[0];
      confirm_done_ = false;
      return Outcome::Chosen;
    }
    // A group: show its choices.
    subset = picked;
    submenu = true;
    items = build_menu(acts, subset, false);
    std::cout << "Choose one (0 to go back):\n";
    print_menu(items, true, "");
  }
}

// Ordering ends by itself when the card's orders are used up, movement when every ordered unit
// has moved. The menu that follows is numbered afresh, so a number typed for "done moving" would
// pick a battle (play-tests lost a winning shot that way): say that the phase is over, and at a
// terminal drop what was typed before the new menu was shown.
std::string Session::forced_reason(Action a) const {
  if (a.type() == ActionType::Stand)
    return " (your only choice: this unit cannot evade and you hold no First Strike)";
  return " (your only choice)";
}

std::string Session::decision_note() const {
  const State& s = st();
  switch (s.decision) {
    case Decision::CommanderDiscard:
      return "Your Army Commander is lost (Hellenistic H1.4): discard one card of your choice. Your command is "
             "now " + std::to_string(int(s.command[idx(person_)])) + " for the rest of the game.";
    case Decision::CompanionChoice: {
      const int u = s.subject;
      const std::string where = u != kNone && u < s.n_units ? " at " + hex_name(s.units[u].hex) : "";
      return "Your companions" + where + " are hit by a sword and a flag (Hellenistic H6.7): they ignore one of "
             "them, your choice.";
    }
    case Decision::ReserveLeader:
      return "Name your reserve leader (Hellenistic H10.1), a secret the other side does not see: once a game, "
             "from your fourth turn, before the card, the units next to him may redeploy with him (the Reserve "
             "Move), sideways or back, never next to an enemy.";
    case Decision::ReserveMove:
      return "The Reserve Move (Hellenistic H10.3-H10.5): move the units next to your reserve leader one by one "
             "(foot 4 hexes, elephants and chariots 6, other mounted 8; never next to an enemy, never forward), "
             "then the leader, ending within 2 hexes of every unit moved.";
    case Decision::BalkRetreat:
      return "Warriors that charged and found no enemy to attack have balked (Hellenistic H6.13): each retreats one "
             "hex toward your side, in the order you choose.";
    case Decision::Order: {
      // A card with none of the units it orders falls back to one unit of the player's choice
      // (the cards' own rule): a play-tester saw every unit listed with no word why.
      if (s.order_mode == OrderMode::AnyOne)
        return "You have none of the units " + card_in_force(s) + " orders: it orders one unit of your choice "
               "instead, as a plain order (the card's own effect does not apply).";
      // A Leadership card's first choice (§7): the menu's lines are short, the rule is said once.
      if (s.order_mode != OrderMode::Leadership || s.lead_leader != kNone) return "";
      for (game::ActionCode p : game_.picks())
        if (Action{uint32_t(p)}.type() == ActionType::OrderLeader) return "";
      {
        bool leader = false;
        for (game::ActionCode c : game_.choices()) leader = leader || Action{uint32_t(c)}.type() == ActionType::OrderLeader;
        if (!leader)
          return card_in_force(s) + " finds no leader of yours where it orders: it orders one unit alone, your choice.";
      }
      return "Order a leader: he brings the unit he is with and up to " + std::to_string(int(s.orders_left)) +
             (s.orders_left == 1 ? " unit" : " units") + " linked to him. Or order one unit alone instead: the card then orders only that unit.";
    }
    default: return "";
  }
}

void Session::print_info(const std::string& arg) const {
  const Scenario& sc = scn();
  const State& s = st();
  if (arg.empty()) {
    const std::string m = module_summary(sc);
    std::cout << wrap_words("", m.empty() ? "This battle has no set-up for the Hellenistic module." : m, kMenuWidth, "  ");
    if (commander_shown(sc))
      for (Side side : {Side::Top, Side::Bottom})
        for (size_t l = 0; l < sc.leaders.size(); ++l)
          if (sc.leaders[l].side == side && sc.leaders[l].commander)
            std::cout << wrap_words("  ", army(side) + " Army Commander: " + sc.leaders[l].name +
                                              (s.commander_gone >> idx(side) & 1 ? " (lost: command reduced)" : ""),
                                    kMenuWidth, "    ");
    std::cout << "Type info ROW,COL for the unit and leader in a hex.\n";
    return;
  }
  const std::vector<int> hexes = parse_hexes(arg);
  if (hexes.size() != 1) {
    std::cout << "info wants one hex: info 2,5\n";
    return;
  }
  const int hex = hexes[0];
  const int u = s.unit_at[hex] != kNone && s.units[s.unit_at[hex]].alive() ? s.unit_at[hex] : -1;
  const int l = s.leader_at[hex] != kNone && s.leaders[s.leader_at[hex]].alive() ? s.leader_at[hex] : -1;
  std::cout << hex_name(hex) << ": " << terrain_info(sc.at(hex)).name << "\n";
  if (u < 0 && l < 0) std::cout << "  no unit, no leader\n";
  if (u >= 0) {
    const UnitState& us = s.units[u];
    std::cout << wrap_words("  ", std::string(unit_info(us.type).name) + " (" + unit_info(us.type).code + ") of the " +
                                      army(us.side) + ", " + std::to_string(int(us.blocks)) + " of " +
                                      std::to_string(int(us.start_blocks)) + " blocks",
                            kMenuWidth, "    ");
    for (int b = 0; b < kTraitBits; ++b)
      if (us.traits >> b & 1)
        std::cout << wrap_words("  ", std::string(trait_tag(b)) + " " + kTraitNames[b] + ": " + trait_summary(b),
                                kMenuWidth, "    ");
  }
  if (l >= 0) {
    const LeaderSetup* ls = l < int(sc.leaders.size()) ? &sc.leaders[size_t(l)] : nullptr;
    std::string t = "Leader " + leader_label(sc, l) + " of the " + army(s.leaders[l].side);
    if (ls && grades_shown(sc)) {
      const uint8_t g = ls->grade == kGradeNone ? kGradeC : ls->grade;
      t += std::string(", grade ") + grade_letter(g) + " (" + grade_name(g) + "): " + grade_summary(g);
    }
    std::cout << wrap_words("  ", t, kMenuWidth, "    ");
    if (ls && ls->commander && commander_shown(sc))
      std::cout << wrap_words("  ", std::string("AC: ") + commander_summary(), kMenuWidth, "    ");
  }
}

void Session::note_leader_left_behind() const {
  // §8: an attached leader goes with his unit's momentum advance unless he moved or was ordered
  // on his own this turn ("a leader may not move again with a unit he has just joined").
  const State& s = st();
  if (s.decision != Decision::MomentumAdvance || s.combat.attacker == kNone) return;
  const UnitState& us = s.units[s.combat.attacker];
  const int l = s.leader_at[us.hex];
  if (l == kNone || !s.leaders[l].alive() || !(s.leaders[l].flags & (kOrdered | kMoved))) return;
  const std::string name = l < int(scn().leaders.size()) ? scn().leaders[size_t(l)].name : "The leader";
  const UnitInfo& info = unit_info(us.type);
  const bool needs_him = info.foot && us.type != UnitType::Warrior && !info.war_machine;
  std::cout << wrap_words("", "(" + name + " stays at " + hex_name(us.hex) +
                                 " if the unit advances: he moved or was ordered on his own this turn and may not "
                                 "move again with it (§8)" +
                                 (needs_him ? "; without him this infantry gets no bonus combat (§13)" : "") + ".)",
                         kMenuWidth, " ");
}

void Session::phase_ended_by_itself() {
  const Decision was = asked_;
  asked_ = Decision::GameOver;
  if (ended_ || int(st().turn) != asked_turn_ || st().active != person_ || was == st().decision) return;
  if (was == Decision::Order && st().decision == Decision::Move)
    std::cout << "(Ordering is over: now move the ordered units.)\n";
  else if ((was == Decision::Order || was == Decision::Move) && st().decision == Decision::Battle)
    std::cout << "(Movement is over: every ordered unit has moved. Now the battles.)\n";
  else
    return;
  confirm_done_ = true;
  if (isatty(STDIN_FILENO)) {
    pollfd p{STDIN_FILENO, POLLIN, 0};
    if (poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
      tcflush(STDIN_FILENO, TCIFLUSH);
      std::cout << "(What you typed ahead was not used: the menu below is a new one.)\n";
    }
  }
}

std::vector<Session::RetreatPath> Session::retreat_paths(bool* menu) const {
  // Every string of retreat steps the person can choose until the retreat is over (§12: one hex
  // at a time, each a choice), played on copies; paths to the same position are one.
  *menu = false;
  std::vector<RetreatPath> paths;
  std::vector<State> ends;
  bool longer = false, forced = false;
  struct Node {
    State s;
    RetreatPath path;
  };
  const int victim = st().combat.strike.victim;
  const int from = st().units[victim].hex;
  std::vector<Node> stack{Node{st(), RetreatPath{{}, from, "retreat " + hex_name(from)}}};
  ActionList acts;
  while (!stack.empty()) {
    Node n = std::move(stack.back());
    stack.pop_back();
    const bool retreating = n.s.decision == Decision::Retreat && current_player(n.s) == person_ &&
                            n.s.combat.strike.victim == st().combat.strike.victim;
    if (!n.path.steps.empty() && (!retreating || n.path.steps.size() >= 8)) {
      bool seen = false;
      for (const State& e : ends) seen = seen || e == n.s;
      if (!seen) {
        // Say where it falls short: §12, a block for every hex that cannot be made.
        const UnitState& before = st().units[victim];
        const UnitState& after = n.s.units[victim];
        if (n.path.blocked > 0) {
          forced = true;
          n.path.text += " (blocked: " + std::to_string(n.path.blocked) + " hex" + (n.path.blocked > 1 ? "es" : "") +
                         " not made, " +
                         (after.alive() ? "loses " + std::to_string(int(before.blocks) - int(after.blocks)) + (int(before.blocks) - int(after.blocks) == 1 ? " block" : " blocks")
                                        : std::string("the unit is eliminated")) +
                         ")";
        }
        if (n.path.hexes > int(n.path.steps.size())) forced = true;
        ends.push_back(n.s), paths.push_back(std::move(n.path));
      }
      if (paths.size() > 16) return {};  // too many: hex by hex is clearer
      continue;
    }
    legal_actions(scn(), n.s, acts);
    if (!n.path.steps.empty() && acts.size() > 1) longer = true;
    for (int i = acts.size() - 1; i >= 0; --i) {
      Node c{n.s, n.path};
      Rng scratch(0);  // a leader's check after a blocked retreat rolls: not the game's dice
      EventLog events;
      apply_unchecked(scn(), c.s, acts[i], scratch, &events);
      c.path.steps.push_back(acts[i]);
      for (const Event& e : events) {
        if (e.type == Ev::RetreatStep) c.path.end = e.b, c.path.text += " -> " + hex_name(e.b), ++c.path.hexes;
        if (e.type == Ev::RetreatBlocked) c.path.blocked += e.b;
      }
      stack.push_back(std::move(c));
    }
  }
  // A path menu helps where a later hex is a choice too, or where a first step leads on by
  // itself (or falls short) and the plain "retreat to" would not show it.
  *menu = longer || forced;
  return paths;
}

Outcome Session::read_retreat_path(const std::vector<RetreatPath>& paths, int* chosen) {
  auto show = [&] {
    for (size_t i = 0; i < paths.size(); ++i)
      std::cout << wrap_words("  " + std::to_string(i + 1) + ") ", paths[i].text, kMenuWidth, "       ");
    std::cout << "  (or type the hex where the retreat ends; s: choose hex by hex)\n";
  };
  show();
  ActionList acts;
  legal_actions(scn(), st(), acts);
  for (;;) {
    std::cout << paint("1", army(person_) + ", your retreat") << " [1-" << paths.size() << ", s hex by hex, h help]: "
              << std::flush;
    std::string raw;
    if (!read_line(raw)) return Outcome::Quit;
    const std::string t = lower(raw);
    if (t == "s") {
      *chosen = -1;
      return Outcome::Chosen;
    }
    Outcome out = Outcome::Chosen;
    if (!t.empty() && common_command(t, raw, acts, &out)) {
      if (out != Outcome::Chosen) return out;
      if (t == "h" || t == "help" || t == "?" || t == "b" || t == "board") show();
      continue;
    }
    if (!t.empty() && all_digits(t) && t.size() < 6) {
      const int n = std::stoi(t);
      if (n >= 1 && n <= int(paths.size())) {
        *chosen = n - 1;
        return Outcome::Chosen;
      }
    } else if (!t.empty()) {
      std::string off;
      const std::vector<int> typed = parse_hexes(t, &off);
      if (typed.size() == 1) {
        for (size_t i = 0; i < paths.size(); ++i)
          if (paths[i].end == typed[0]) {
            *chosen = int(i);
            return Outcome::Chosen;
          }
        std::cout << "No retreat listed ends at " << hex_name(typed[0]) << ".\n";
        continue;
      }
    }
    std::cout << "Type 1 to " << paths.size() << ", the hex where the retreat ends, or s to choose hex by hex.\n";
  }
}

void Session::drop_typed_ahead(const std::string& why) {
  if (typed_ahead_.empty()) return;
  std::string rest;
  for (const std::string& x : typed_ahead_) rest += (rest.empty() ? "" : " ") + x;
  const std::string reason = !why.empty() ? why : typed_ahead_.size() == 1 ? "the menu it was for has closed" : "the menu they were for has closed";
  typed_ahead_.clear();
  std::cout << wrap_words("", "Not taken: " + rest + " (" + reason + "); type again what you still want.", kMenuWidth, "  ");
}

bool Session::read_line(std::string& raw) {
  std::string line;
  if (!std::getline(std::cin, line)) {
    std::cout << "\n";
    leave("End of input: leaving the game");
    return false;
  }
  if (echo_) std::cout << line << "\n";
  raw = trim(line);
  return true;
}

void Session::leave(const std::string& why) {
  // No seed while the game goes on: it gives the bot's hand, the deck order and every die to come.
  std::cout << why << " (turn " << (int(st().turn) + 1) << ", position " << position_hash(scn(), st()) << ").\n";
  if (!save_path_.empty()) save(save_path_);
  if (!game_.autosave_path().empty())
    std::cout << wrap_words("", "The game is kept in " + game_.autosave_path() + ": bgbot play --resume continues it.",
                            kMenuWidth, "  ");
  else if (saved_to_.empty() && save_path_.empty())
    std::cout << wrap_words("", "Nothing was saved; next time type s FILE (or start with --save FILE) to keep the game.",
                            kMenuWidth, "  ");
}

void Session::end_screen() {
  const GameRecord rec = record();
  std::cout << "\n" << paint("1", "=================== Game over ===================") << "\n";
  std::cout << render_board(scn(), st(), color_, person_) << render_banners(scn(), st(), person_, color_);
  if (st().winner == Side::Top || st().winner == Side::Bottom) {
    std::cout << wrap_words("", paint("1", "Winner: the " + army(st().winner) + " army (" + side_word(st().winner) + ")") +
                                    " with " + std::to_string(st().banners[idx(st().winner)]) + " banners to " +
                                    std::to_string(st().banners[idx(other(st().winner))]) + ", on turn " +
                                    std::to_string(st().turn + 1) + " (the number shown above the board). " +
                                    (st().winner == person_ ? "Well played, you win!" : "The bot wins this one."),
                            kMenuWidth, "");
  } else {
    std::cout << "No winner: the game is a draw after " << st().turn << " turns (banners " << int(st().banners[0]) << " to "
              << int(st().banners[1]) << ").\n";
  }
  std::cout << "Decisions: " << rec.steps.size() << ", seed " << seed_ << ", final position "
            << position_hash(scn(), st()) << ".\n";
  if (!save_path_.empty()) save(save_path_);
  long stored_id = -1;
  if (finished_before_)
    std::cout << "This game was over when it was loaded: it is not stored again.\n";
  else if (!db_.empty()) {
    std::string err;
    long id = stored_id = game_.store(db_, &err);
    if (id > 0)
      std::cout << wrap_words("", "Stored as game " + std::to_string(id) + " in " + db_ + " (bgbot games show " +
                                      std::to_string(id) + ", bgbot replay " + std::to_string(id) + ").",
                              kMenuWidth, "  ");
    else
      std::cout << "Could not store the game: " << err << "\n";
  }
  if (!saved_to_.empty()) std::cout << "Watch it again: bgbot replay " << saved_to_ << "\n";
  else if (stored_id <= 0)
    std::cout << "This game was not saved; to keep a game, start it with --save FILE (or type\n"
                 "s FILE while playing), then watch it again with: bgbot replay FILE\n";
  // A player at a terminal reads the result before the program ends (a window opened just for
  // the game would close with it; play-tests in tmux lost the final screen).
  if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
    std::cout << "Press Enter to leave." << std::flush;
    std::string line;
    std::getline(std::cin, line);
  }
}

int Session::run(bool loaded) {
  std::cout << paint("1", "BoardGamesBot: " + scn().name) << " (scenario " << scn().id
            << (scn().year.empty() ? "" : ", " + scn().year)
            << (scn().hellenistic.on ? ", " + paint("1", "Hellenistic module on") : std::string()) << ")\n";
  // The note and the introduction wrapped to the terminal's 80 columns.
  if (!scn().note.empty()) std::cout << wrap_words("", scn().note, kMenuWidth, "");
  std::cout << wrap_words("", "You command the " + paint("1", army(person_)) + " army (" + side_word(person_) +
                                  ", marked " + side_marker(person_) + "); the bot \"" + bot_->spec() +
                                  "\" commands the " + army(bot_side_) + " army (" + side_word(bot_side_) +
                                  ", marked " + side_marker(bot_side_) + ").",
                          kMenuWidth, "");
  // The Hellenistic module: on or off in this game, and how to play it the other way.
  if (const std::string m = module_summary(scn()); !m.empty())
    std::cout << wrap_words("", m + (loaded ? "" : scn().hellenistic.on ? " (Without it: bgbot play --hellenistic off.)"
                                                                          : " (With it: bgbot play --hellenistic on.)"),
                            kMenuWidth, "");
  // The seed is shown when the game is over (it gives the bot's hand and every die to come).
  std::cout << "Type h for help, u to undo, s FILE to save, q to quit.\n\n";
  std::cout << render_legend(scn(), color_, person_);
  if (loaded)
    std::cout << "\nContinuing a saved game: " << game_.decisions() << " decisions replayed.\n";
  print_events();

  ActionList acts;
  int last_turn_shown = -1;
  Side last_active = Side::None;
  while (!is_terminal(st())) {
    legal_actions(scn(), st(), acts);
    if (acts.empty()) {
      std::cerr << "error: no legal action in a state that is not over (decision " << decision_name(st().decision)
                << "); this is an engine bug.\n";
      return 1;
    }
    const Side d = current_player(st());
    if (st().active != last_active || int(st().turn) != last_turn_shown) {
      std::cout << "\n"
                << paint("1", "--- Turn " + std::to_string(int(st().turn) + 1) + ": " + army(st().active) +
                                  (st().active == person_ ? " (you)" : " (bot)") + " ---")
                << "\n";
      last_active = st().active;
      last_turn_shown = int(st().turn);
      // The bot's turn just before, in short, above the board the person now sees.
      if (st().active == person_ && bot_turn_no_ >= 0 && bot_turn_no_ + 1 == int(st().turn)) print_bot_turn();
    }
    // Numbers typed ahead are for the next prompts of the same phase: another question to the
    // person (a retreat, a momentum advance) or the end of the turn drops them, with a word (a
    // play-tester's last number waited through the bot's turn and met his retreat question).
    if (!typed_ahead_.empty() && (st().active != person_ || (d == person_ && phase_of_turn() != typed_phase_)))
      drop_typed_ahead(st().active != person_ ? "your turn is over" : "");
    if (d == person_) {
      phase_ended_by_itself();
      const bool card = st().decision == Decision::PlayCard;
      if (card || render_board(scn(), st(), false, person_) != shown_board_) show_table(card);
      if (acts.size() != 1) {
        std::cout << "\n" << paint("1", std::string("Your decision: ") + decision_name(st().decision)) << "\n";
        if (const std::string why = decision_note(); !why.empty()) std::cout << wrap_words("", why, kMenuWidth, "  ");
      }
      note_leader_left_behind();
      if (st().decision == Decision::Retreat && !step_by_step_) {
        bool menu = false;
        const std::vector<RetreatPath> paths = retreat_paths(&menu);
        if (paths.size() == 1 || (paths.size() > 1 && menu)) {
          int k = 0;
          if (paths.size() > 1) {  // else every choice ends the same way: nothing to ask
            const Outcome o = read_retreat_path(paths, &k);
            if (o == Outcome::Quit) return 0;
            if (o == Outcome::Undo) {
              last_turn_shown = -1;
              continue;
            }
            if (k < 0) {
              step_by_step_ = true;  // until this retreat is over
              continue;
            }
          }
          std::cout << wrap_words("", paint("1", "You: " + paths[size_t(k)].text) +
                                          (paths.size() == 1 ? " (the only way this retreat can end)" : ""),
                                  kMenuWidth, "  ");
          const State was_retreat = st();
          for (const Action& a : paths[size_t(k)].steps) {
            std::string err;
            if (!game_.apply(a.v, &events_, idx(person_), &err)) {
              std::cerr << "error: the engine refused a listed retreat step: " << err << "\n";
              return 1;
            }
          }
          note_bot_turn_step(was_retreat, Action{}, false);
          undo_groups_.push_back(int(paths[size_t(k)].steps.size()));
          asked_ = Decision::Retreat;
          asked_turn_ = int(st().turn);
          ended_ = false;
          print_events();
          continue;
        }
      }
      if (st().decision != Decision::Retreat) step_by_step_ = false;
      // Orders in any sequence (§7): the menu offers every unit some sequence of the orders
      // allows; the orders are played when the person is done (or has no order left to give).
      const bool set = game_.in_set();
      if (set) {
        // The session's choices, as every front end offers them (play::Session::choices).
        acts.clear();
        for (game::ActionCode c : game_.choices()) acts.push(Action{uint32_t(c)});
        if (!game_.picks().empty()) {
          std::string given;
          for (game::ActionCode p : game_.picks()) given += (given.empty() ? "" : ", ") + text(Action{uint32_t(p)});
          std::cout << wrap_words("Orders so far: ", given + " (given when you are done; u takes the last back).",
                                  kMenuWidth, "  ");
        }
      }
      int i = 0;
      // One legal choice, and the person knows why (the rules ask a defender who cannot evade
      // anyway, so that the question tells the attacker nothing of his cards): take it.
      if (acts.size() != 1) {
        const Outcome o = read_decision(acts, &i);
        if (o == Outcome::Quit) return 0;
        if (o == Outcome::Undo) {
          last_turn_shown = -1;
          continue;
        }
      }
      const Action a = acts[i];
      asked_ = st().decision;
      asked_turn_ = int(st().turn);
      ended_ = a.type() == ActionType::EndOrders || a.type() == ActionType::EndMoves;
      std::cout << wrap_words("", paint("1", "You: " + text(a)) + (acts.size() == 1 ? forced_reason(a) : ""),
                              kMenuWidth, "  ");
      std::string err;
      const long before = game_.decisions();
      const State was_person_step = st();
      bool ok;
      if (set && game_.state().is_unordered_choice(a.v)) {
        bool committed = false;
        ok = game_.pick(a.v, &committed, &events_, idx(person_), &err);
        if (ok && committed) std::cout << "(Every order is given.)\n";
      } else if (set) {
        ok = game_.commit_set(a.v, &events_, idx(person_), &err);
      } else {
        ok = game_.apply(a.v, &events_, idx(person_), &err);
      }
      if (!ok) {
        std::cerr << "error: the engine refused a listed action: " << err << "\n";
        return 1;
      }
      note_bot_turn_step(was_person_step, a, false);
      // Said after the last move's own lines (a play-tester read it as a result of that move when
      // it came before them) and before the turn's end, which the same step may reach.
      if (asked_ == Decision::Move && st().decision != Decision::Move) {
        print_events(true);
        warn_no_escape();
      }
      if (game_.decisions() > before) undo_groups_.push_back(int(game_.decisions() - before));
    } else {
      std::string err, text;
      game::ActionCode chosen = 0;
      const State was = st();
      if (!game_.play_bot(&chosen, &text, &events_, idx(person_), &err)) {
        std::cout << "The bot chose an illegal action (" << text << ": " << err << "); it plays a random one instead.\n";
        Rng fallback(seed_ ^ uint64_t(game_.decisions()));
        const Action a = cca::random_action(scn(), st(), fallback);
        std::cout << wrap_words("", paint(d == Side::Top ? "31" : "36", "Bot (" + army(d) + "): " + action_text(scn(), st(), a)),
                                kMenuWidth, "  ");
        note_bot_decision(action_text(scn(), st(), a), a, was);
        game_.apply(a.v, &events_, idx(person_), &err);
        note_bot_turn_step(was, a, true);
      } else {
        // Wrapped like the person's lines: a bot's order of one unit alone says why in a clause.
        std::cout << wrap_words("", paint(d == Side::Top ? "31" : "36", "Bot (" + army(d) + "): " + text), kMenuWidth, "  ");
        note_bot_decision(text, Action{uint32_t(chosen)}, was);
        note_bot_turn_step(was, Action{uint32_t(chosen)}, true);
      }
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

// The data folder's autosave (beside the games database).
std::string default_autosave_path() {
  return (std::filesystem::path(default_db_path()).parent_path() / "autosave.json").string();
}

int cmd_play(const PlayOptions& options) {
  if (options.game == "quinn") return cmd_play_quinn(options);
  if (options.game == "wrg6") return cmd_play_wrg6(options);
  if (options.side == "A" || options.side == "B") {
    std::cerr << "play: C&C: Ancients' sides are top and bottom (A and B are those of --game quinn and wrg6)\n";
    return 2;
  }
  PlayOptions opt = options;
  const bool interactive = isatty(STDIN_FILENO);
  const std::string autosave = opt.autosave == "off" ? ""
                               : !opt.autosave.empty() ? opt.autosave
                               : interactive ? default_autosave_path()
                                             : "";
  // A game in progress kept by the autosave: continued with --resume, or when the person says so.
  if (opt.load.empty() && !autosave.empty()) {
    GameRecord kept;
    std::string kerr;
    std::error_code ec;
    const bool have = std::filesystem::exists(autosave, ec) && read_record_file(autosave, kept, kerr) && !kept.finished;
    if (opt.resume && !have) {
      std::cerr << "play: no game in progress is kept in " << autosave << (kerr.empty() ? "" : " (" + kerr + ")") << "\n";
      return 1;
    }
    if (have && !opt.resume && interactive) {
      const int you = kept.players[0] == "human" ? 0 : 1;
      const Scenario* b = find_builtin_scenario(kept.scenario_id);
      std::cout << "A game in progress is kept: " << (b ? b->name : "scenario " + kept.scenario_id) << ", you "
                << (you == 0 ? "top" : "bottom") << " against " << kept.players[1 - you] << ", "
                << kept.steps.size() << (kept.steps.size() == 1 ? " decision" : " decisions") << " made.\nContinue it? [Y/n] " << std::flush;
      std::string answer;
      std::getline(std::cin, answer);
      answer = lower(trim(answer));
      opt.resume = answer.empty() || answer == "y" || answer == "yes";
      if (!opt.resume) std::cout << "A new game: it replaces the one kept.\n";
    }
    if (opt.resume) opt.load = autosave;
  }
  GameRecord loaded;
  const bool loading = !opt.load.empty();
  if (loading) {
    std::string err;
    if (!read_record_file(opt.load, loaded, err)) {
      std::cerr << "play: " << err << "\n";
      return 1;
    }
  }
  // The scenario: the record's built-in one unless --scenario names another.
  Scenario scn;
  std::vector<std::string> errors;
  const std::string scn_arg = loading && opt.scenario == "001" ? loaded.scenario_id : opt.scenario;
  if (!load_scenario_arg(scn_arg, scn, errors)) {
    for (const std::string& e : errors) std::cerr << e << "\n";
    if (loading) std::cerr << "play: the record's scenario \"" << scn_arg << "\" is needed; give it with --scenario FILE\n";
    return 1;
  }
  // The Hellenistic module: a saved game goes on as it was played (its record names the battle
  // with the module on or off by the scenario's hash); a new one as --hellenistic says, else as
  // the battle's default.
  nlohmann::json game_options = nullptr;
  if (loading) {
    match_record_scenario(scn, loaded.scenario_hash);  // else Session::load says why it does not fit
    if (!opt.hellenistic.empty() && (opt.hellenistic == "on") != scn.hellenistic.on) {
      std::cerr << "play: " << opt.load << " was played with the Hellenistic module "
                << (scn.hellenistic.on ? "on" : "off") << "; a saved game goes on as it began (--hellenistic is for new games)\n";
      return 2;
    }
  } else if (!opt.hellenistic.empty()) {
    game_options = {{"hellenistic", opt.hellenistic}};  // set by the session on its copy (refused there for a battle without it)
  }
  // Sides and bot: the options, else the record's, else bottom and random.
  Side person = Side::Bottom;
  std::string bot_spec = opt.bot;
  if (loading) {
    if (loaded.players[0] == "human" && loaded.players[1] != "human") person = Side::Top;
    if (bot_spec.empty()) {
      const std::string rec_bot = loaded.players[idx(other(person))];
      if (ai::make_bot(cca::kGameName, rec_bot)) bot_spec = rec_bot;
    }
  }
  if (!opt.side.empty()) {
    const Side asked = opt.side == "top" ? Side::Top : Side::Bottom;
    // A game against a bot continued from the bot's seat would show the person the bot's hand:
    // refused while the game goes on (--analysis studies a game from either side).
    const bool person_recorded = loading && (loaded.players[0] == "human") != (loaded.players[1] == "human");
    if (person_recorded && asked != person && !loaded.finished && !opt.analysis) {
      std::cerr << "play: " << opt.load << " was played from the " << side_name(person)
                << " side against a bot; continuing it as " << opt.side
                << " would show you the bot's hand. Continue it as " << side_name(person)
                << ", or study it with --analysis.\n";
      return 2;
    }
    person = asked;
  }
  if (bot_spec.empty()) bot_spec = "normal";  // the default opponent (docs/bots.md)
  std::string err;
  std::unique_ptr<ai::Bot> bot = ai::make_bot(cca::kGameName, bot_spec, &err);
  if (!bot) {
    std::cerr << "play: " << (err.empty() ? "unknown bot \"" + bot_spec + "\"" : err) << "\n";
    return 2;
  }
  const uint64_t seed = loading ? loaded.seed : opt.seed ? *opt.seed : seed_from_clock();
  const bool echo = !isatty(STDIN_FILENO);  // show piped input in the transcript
  Session session(scn, person, seed, std::move(bot), want_color(), echo, opt.save, opt.analysis, game_options);
  if (!opt.no_store) session.store_in(opt.db.empty() ? default_db_path() : opt.db);
  if (loading) {
    if (!session.load(loaded, err)) {
      std::cerr << "play: " << opt.load << ": " << err << "\n";
      return 1;
    }
    if (loaded.finished) session.already_finished();
  } else if (!session.start_new(err)) {
    std::cerr << "play: " << (game_options.is_null() ? "" : "--hellenistic " + opt.hellenistic + ": ") << err
              << (game_options.is_null() ? "" : " (bgbot scenarios lists the battles that have it)") << "\n";
    return game_options.is_null() ? 1 : 2;
  }
  if (!autosave.empty()) session.autosave_to(autosave);
  return session.run(loading);
}

}  // namespace bgb::app
