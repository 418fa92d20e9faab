// The terminal game as a person uses it: the built bgbot program run with piped input. A scripted
// session plays a few decisions, undoes one, saves the record and quits; the record replays to
// the same position, and nothing of the bot's hand ever shows.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "scratch_dir.h"
#include "app/board_view.h"
#include "app/terminal_common.h"
#include "cca/board.h"
#include "cca/json_io.h"
#include "cca/unit_types.h"
#include "cca/cards.h"
#include "cca/game_record.h"
#include "cca/rules.h"

#ifndef BGBOT_BINARY
#error "BGBOT_BINARY (the path of the built bgbot) must be defined by the build"
#endif

namespace bgb::app {

namespace {

using namespace bgb::cca;
namespace fs = std::filesystem;

struct ProgramRun {
  int code = -1;
  std::string out;
};

fs::path temp_dir() {
  static bgb::test::ScratchDir dir("bgbot-terminal");
  return dir.path();
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs `bgbot ARGS` with `input` on stdin; stdout and stderr together in out.
ProgramRun run_bgbot(const std::string& args, const std::string& input, const std::string& name) {
  const fs::path in = temp_dir() / (name + ".in");
  const fs::path out = temp_dir() / (name + ".out");
  {
    std::ofstream f(in, std::ios::binary);
    f << input;
  }
  const std::string cmd = std::string("NO_COLOR=1 '") + BGBOT_BINARY + "' " + args + " < '" + in.string() + "' > '" +
                          out.string() + "' 2>&1";
  const int status = std::system(cmd.c_str());
  ProgramRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  return r;
}

std::string after(const std::string& text, const std::string& key) {
  const size_t p = text.rfind(key);
  if (p == std::string::npos) return "";
  return text.substr(p + key.size(), 16);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Input that plays on through whatever the menus hold: the numbers 1 to 16 in turn, then "d",
// `lines` in all. The menus of a turn's orders, moves and battles keep their numbers as choices
// are taken, so "1" every time would stop at the first taken line; a taken number is refused with
// a reason and the next one is tried, and "d" ends a phase whose lines are all numbered higher.
std::string every_number(int lines) {
  std::string s;
  for (int i = 0; i < lines; ++i) s += i % 17 < 16 ? std::to_string(i % 17 + 1) + "\n" : "d\n";
  return s;
}

// As has(), on the text with its lines joined: the terminal wraps long lines at 80 columns, so a
// sentence may go on over the next line, indented.
bool has_wrapped(const std::string& text, const std::string& part) {
  std::string flat;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
      flat += ' ';
    } else {
      flat += text[i];
    }
  }
  return flat.find(part) != std::string::npos;
}

}  // namespace

TEST(Terminal, ScriptedSessionUndoSaveReplay) {
  const fs::path rec = temp_dir() / "game.json";
  fs::remove(rec);
  // Play the first card, take it back and play it again, then the first choice of every menu;
  // one invalid number, one typed hex that names nothing, one undo refused (the bot has played
  // since), then show the board, save and quit.
  // With seed 7 the first orders are LB 6,6 and HI 7,5; typed hexes order and move the LB.
  // The HI keeps its number 2 after the LB's order, and the HI's line keeps 2 after the LB moved.
  // The HI's move, the light bowmen's shot, the bot's turn, then the undo it refuses, and the next
  // turns until a battle of several dice.
  std::string input = "1\nu\n1\n999\n0,0 8,12\n6,6\n2\n6,6\n0\n6,6 4,5\n2\n1\n1\nu\n";
  input += every_number(100);
  input += "s " + rec.string() + "\nq\n";
  const ProgramRun r = run_bgbot("play --scenario 001 --seed 7 --side bottom --bot random", input, "session");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string& o = r.out;
  EXPECT_TRUE(has(o, "  1) ")) << "a numbered menu";
  EXPECT_TRUE(has(o, "Your hand")) << "the person's hand";
  EXPECT_TRUE(has(o, "hand: ") && has(o, "(hidden)")) << "the bot's hand only as a count";
  EXPECT_TRUE(has(o, "There is no action 999")) << "an invalid choice gets a reason";
  EXPECT_TRUE(has(o, "No legal choice matches '0,0 8,12'")) << "typed hexes that name nothing get a reason";
  EXPECT_TRUE(has(o, "You: order LB 6,6")) << "a typed hex";
  EXPECT_TRUE(has(o, "Choose one (0 to go back)")) << "a unit's moves as a sub-menu";
  EXPECT_TRUE(has(o, "You: move LB 6,6 -> 4,5")) << "a typed move";
  EXPECT_TRUE(has(o, "Undone")) << o;
  EXPECT_TRUE(has(o, "Cannot undo: the bot has decided since")) << o;
  EXPECT_TRUE(has(o, "rolls ") && has(o, " dice: [")) << "every die shown";
  EXPECT_TRUE(has(o, "[§")) << "the rule log names sections";
  EXPECT_TRUE(has(o, "Saved ")) << o;
  EXPECT_TRUE(has(o, "You left the game"));
  const std::string saved_pos = after(o, "(position ");
  ASSERT_EQ(saved_pos.size(), 16u) << o;

  // The saved record replays in the engine, and the bot's cards never appeared.
  GameRecord gr;
  std::string err;
  ASSERT_TRUE(read_record_file(rec.string(), gr, err)) << err;
  EXPECT_EQ(gr.players[1], "human");
  EXPECT_EQ(gr.players[0], "random");
  const Scenario& scn = *find_builtin_scenario("001");
  std::set<int> public_kinds, bot_kinds;
  auto note = [&](const State& s) {
    for (int i = 0; i < s.hand_n[idx(Side::Bottom)]; ++i) public_kinds.insert(s.hand[idx(Side::Bottom)][i]);
    for (int i = 0; i < s.hand_n[idx(Side::Top)]; ++i) bot_kinds.insert(s.hand[idx(Side::Top)][i]);
    for (int i = 0; i < s.discard_n; ++i) public_kinds.insert(s.discard[i]);
    if (s.played != kNone) public_kinds.insert(s.played);
  };
  {
    Rng rng(gr.seed);
    note(new_game(scn, rng));
  }
  State final_state;
  ASSERT_TRUE(replay_record(scn, gr, final_state, &err, [&](int, const State& s, const EventLog& log) {
    note(s);
    for (const Event& e : log)
      if (e.type == Ev::CardPlayed || (e.type == Ev::CardCopied && e.a != kNone)) public_kinds.insert(e.a);
  })) << err;
  EXPECT_EQ(position_hash(scn, final_state), saved_pos);
  int secret = 0;
  for (int k : bot_kinds) {
    if (public_kinds.count(k)) continue;
    ++secret;
    EXPECT_FALSE(has(o, card_info(uint8_t(k)).name)) << "the bot's card " << card_info(uint8_t(k)).name << " was shown";
  }
  EXPECT_GT(secret, 0) << "the seed should give the bot a card the person never sees";

  // bgbot replay reaches the same position.
  const ProgramRun rp = run_bgbot("replay '" + rec.string() + "'", "", "replay");
  ASSERT_EQ(rp.code, 0) << rp.out;
  EXPECT_EQ(after(rp.out, "Final position "), saved_pos) << rp.out;
  EXPECT_TRUE(has(rp.out, "#1 "));
  const ProgramRun rq = run_bgbot("replay --quiet '" + rec.string() + "'", "", "replay-quiet");
  ASSERT_EQ(rq.code, 0) << rq.out;
  EXPECT_EQ(after(rq.out, "Final position "), saved_pos);
  EXPECT_FALSE(has(rq.out, "#1 "));

  // --load continues the game at the same position; saving again gives the same record.
  const fs::path rec2 = temp_dir() / "game2.json";
  const ProgramRun rl = run_bgbot("play --load '" + rec.string() + "' --save '" + rec2.string() + "'", "q\n", "load");
  ASSERT_EQ(rl.code, 0) << rl.out;
  EXPECT_EQ(after(rl.out, "(position "), saved_pos) << rl.out;
  EXPECT_EQ(slurp(rec2), slurp(rec));
}

// Undo cannot peek (issue 12): seed 7's seventh line fires the light bowmen (one die) and the bot
// replies with its turn; the die and the bot's turn are seen, so the fire cannot be taken back
// and the game goes on exactly as without the undo. In analysis mode it can, and firing again
// rolls the same die.
TEST(Terminal, UndoCannotPeekAtTheDice) {
  std::string first, rest;
  // The card, two orders, two moves by line and hex, the shot; the HI keeps its number 2 in the
  // orders and in the moves.
  first = "1\n1\n2\n1\n1\n2\n1\n1\n";
  for (int i = 0; i < 10; ++i) rest += "1\n";
  const std::string fire = "You: fire: LB 4,5 -> MI 1,4";
  auto roll_after = [](const std::string& o, size_t from) {
    const size_t p = o.find("rolls", from);
    return o.substr(p, o.find('\n', p) - p);
  };
  const ProgramRun a = run_bgbot("play --seed 7 --bot random", first + rest + "q\n", "undo-a");
  const ProgramRun b = run_bgbot("play --seed 7 --bot random", first + "u\n" + rest + "q\n", "undo-b");
  ASSERT_EQ(a.code, 0);
  ASSERT_EQ(b.code, 0);
  ASSERT_TRUE(has(a.out, fire)) << a.out;
  EXPECT_TRUE(has(b.out, "Cannot undo: the bot has decided since")) << b.out;
  EXPECT_FALSE(has(b.out, "Undone"));
  const std::string pa = after(a.out, "position "), pb = after(b.out, "position ");
  EXPECT_EQ(pa.size(), 16u) << a.out;
  EXPECT_EQ(pa, pb);

  const ProgramRun c = run_bgbot("play --seed 7 --bot random --analysis", first + "u\n1\n" + rest + "q\n", "undo-c");
  ASSERT_EQ(c.code, 0);
  EXPECT_TRUE(has(c.out, "Undone")) << c.out;
  const size_t f1 = c.out.find(fire), f2 = c.out.find(fire, f1 + 1);
  ASSERT_NE(f2, std::string::npos) << "fired twice";
  EXPECT_EQ(roll_after(c.out, f1), roll_after(c.out, f2));
  EXPECT_EQ(roll_after(a.out, a.out.find(fire)), roll_after(c.out, f2));
  EXPECT_EQ(after(c.out, "position "), pa);
}

TEST(Terminal, EndOfInputAndBadArguments) {
  const ProgramRun eof = run_bgbot("play --seed 3 --bot random", "", "eof");
  EXPECT_EQ(eof.code, 0) << eof.out;
  EXPECT_TRUE(has(eof.out, "End of input"));

  const ProgramRun bot = run_bgbot("play --seed 3 --bot no-such-bot", "", "badbot");
  EXPECT_EQ(bot.code, 2) << bot.out;
  EXPECT_TRUE(has(bot.out, "no-such-bot"));

  const ProgramRun scn = run_bgbot(std::string("play --scenario '") + BGBOT_SOURCE_DIR +
                                "/tests/data/scenarios-bad/unknown-unit.txt'",
                            "", "badscn");
  EXPECT_EQ(scn.code, 1) << scn.out;
  EXPECT_TRUE(has(scn.out, "unknown-unit.txt:")) << scn.out;

  const fs::path junk = temp_dir() / "junk.json";
  {
    std::ofstream f(junk);
    f << "{ not json";
  }
  const ProgramRun rp = run_bgbot("replay '" + junk.string() + "'", "", "badrec");
  EXPECT_NE(rp.code, 0);
  EXPECT_TRUE(has(rp.out, "not valid JSON")) << rp.out;
  const ProgramRun missing = run_bgbot("replay '" + (temp_dir() / "none.json").string() + "'", "", "norec");
  EXPECT_NE(missing.code, 0);
  EXPECT_TRUE(has(missing.out, "cannot read")) << missing.out;
}

TEST(Terminal, OtherScenarioAndTopSide) {
  // Another built-in battle, the person on top: help, then the first choice a few times.
  std::string input = "h\n";
  for (int i = 0; i < 15; ++i) input += "1\n";
  input += "q\n";
  const ProgramRun r = run_bgbot("play --scenario 007 --seed 5 --side top --bot random", input, "cannae");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Cannae")) << r.out.substr(0, 400);
  EXPECT_TRUE(has(r.out, "undo your last decision")) << "the help";
}

// The hint: the adviser's chance to win and its best decisions with menu numbers; asking for it
// changes nothing in the game (same position after as without it).
TEST(Terminal, HintShowsChanceAndBestDecisions) {
  const ProgramRun with = run_bgbot("play --seed 4 --bot random", "hint\n1\nq\n", "hint");
  const ProgramRun without = run_bgbot("play --seed 4 --bot random", "1\nq\n", "nohint");
  EXPECT_EQ(with.code, 0) << with.out;
  EXPECT_TRUE(has(with.out, "your chance to win is about")) << with.out;
  EXPECT_TRUE(has(with.out, "menu ")) << with.out;
  EXPECT_EQ(after(with.out, "position "), after(without.out, "position "));
}

TEST(Terminal, AHexTypedWhileOrderingNamesTheUnitOrUnderLeadershipTheLeader_S7) {
  // Akragas, seed 5: Dionysius stands with the MC at 7,10, Daphnaeus with the HI at 7,7. Under a
  // section card the hex orders the unit; under Leadership Any Section it orders the leader with
  // his unit; no "choose one" question either way.
  const ProgramRun section = run_bgbot("play --seed 5 --bot random --no-store", "1\n7,10\nq\n", "hex-section");
  EXPECT_TRUE(has(section.out, "You: order MC 7,10")) << section.out;
  EXPECT_FALSE(has(section.out, "Choose one")) << section.out;
  const ProgramRun leader = run_bgbot("play --seed 5 --bot random --no-store", "3\n7,7\nq\n", "hex-leader");
  EXPECT_TRUE(has(leader.out, "You: order Daphnaeus at 7,7 with his HI and up to 3 units linked to him"))
      << leader.out;
  EXPECT_FALSE(has(leader.out, "Choose one")) << leader.out;
}

TEST(Terminal, DoneEndsTheOrdersWhateverTheMenuNumbers) {
  // "d" is the same word whatever the numbers: here it ends the orders at once (§7), which is
  // what choosing "done ordering" from the menu does.
  const ProgramRun word = run_bgbot("play --seed 5 --bot random --no-store", "1\nd\nq\n", "done-word");
  EXPECT_EQ(word.code, 0) << word.out;
  EXPECT_TRUE(has(word.out, "You: done ordering")) << word.out;
  // Where there is nothing to end, it says so and the game goes on.
  const ProgramRun none = run_bgbot("play --seed 5 --bot random --no-store", "d\nq\n", "done-none");
  EXPECT_TRUE(has(none.out, "nothing to end now")) << none.out;
}

}  // namespace bgb::app

namespace bgb::app {

TEST(Terminal, APhaseThatEndsByItselfSaysSo_S7_S8) {
  // Akragas, seed 5, Order Three Units Right: the third order ends the ordering (§7) and the
  // third move the movement (§8) without a "done"; the menus that follow are numbered afresh, so
  // the game says that the phase is over. Ended by "d", a phase needs no such line. Each move is
  // its unit's line (1, 2, 3: the lines keep their numbers) and its first destination.
  const ProgramRun run =
      run_bgbot("play --seed 5 --bot random --no-store", "1\n6,10\n7,8\n7,9\n1\n1\n2\n1\n3\n1\nq\n", "phase-ends");
  EXPECT_EQ(run.code, 0) << run.out;
  const size_t orders = run.out.find("Ordering is over");
  const size_t third = run.out.find("You: order AX 7,9");
  ASSERT_NE(orders, std::string::npos) << run.out;
  EXPECT_LT(third, orders);
  const size_t moved = run.out.find("Movement is over: every ordered unit has moved");
  const size_t last_move = run.out.find("You: move AX 7,9");
  ASSERT_NE(moved, std::string::npos) << run.out;
  EXPECT_LT(last_move, moved);
  const ProgramRun done = run_bgbot("play --seed 5 --bot random --no-store", "1\n6,10\nd\nd\nq\n", "phase-done");
  EXPECT_TRUE(has(done.out, "You: done ordering")) << done.out;
  EXPECT_FALSE(has(done.out, "Ordering is over")) << done.out;
  EXPECT_FALSE(has(done.out, "Movement is over")) << done.out;
  // A "d" typed just after a phase ended by itself may have been meant for that phase: the first
  // is asked again, the second ends the moves.
  const ProgramRun late = run_bgbot("play --seed 5 --bot random --no-store", "1\n6,10\n7,8\n7,9\nd\nd\nq\n", "phase-late-d");
  EXPECT_TRUE(has_wrapped(late.out, "Ordering is over already (every order given), so d would now end the moves (3 ordered units would stay where they are). Type d again to end the moves"))
      << late.out;
  EXPECT_TRUE(has(late.out, "You: done moving")) << late.out;
}

}  // namespace bgb::app

namespace bgb::app {

TEST(Terminal, ARetreatOfSeveralHexesIsChosenAsAWholePath_S12) {
  // A saved Akragas game (tests/data/retreat-path-akragas.json, seed 1, against greedy): the
  // bottom light infantry at 2,3 must retreat four hexes (two flags, §12), asked as whole paths.
  // A path, or the hex where it ends, is one answer; "s" asks hex by hex as before; undo goes
  // back before the whole retreat.
  const std::string args = std::string("play --no-store --load '") + BGBOT_SOURCE_DIR +
                           "/tests/data/retreat-path-akragas.json'";
  const ProgramRun third = run_bgbot(args, "3\nq\n", "retreat-path");
  EXPECT_TRUE(has(third.out, "1) retreat 2,3 -> 3,2 -> 4,2 -> 5,1 -> 6,1")) << third.out;
  EXPECT_TRUE(has(third.out, "You: retreat 2,3 -> 3,2 -> 4,2 -> 5,2 -> 6,3")) << third.out;
  EXPECT_TRUE(has(third.out, "bottom retreats 5,2 -> 6,3")) << third.out;
  const ProgramRun typed = run_bgbot(args, "6,4\nq\n", "retreat-hex");
  EXPECT_TRUE(has(typed.out, "You: retreat 2,3 -> 3,2 -> 4,3 -> 5,3 -> 6,4")) << typed.out;
  const ProgramRun steps = run_bgbot(args, "s\n1\n1\nq\n", "retreat-steps");
  EXPECT_TRUE(has(steps.out, "You: retreat to 3,2")) << steps.out;
  EXPECT_FALSE(has(steps.out, "You: retreat 2,3 ->")) << steps.out;
  const ProgramRun undo = run_bgbot(args, "1\nu\n2\nq\n", "retreat-undo");
  EXPECT_TRUE(has(undo.out, "You: retreat 2,3 -> 3,2 -> 4,2 -> 5,1 -> 6,1")) << undo.out;
  EXPECT_TRUE(has(undo.out, "Undone")) << undo.out;
  EXPECT_TRUE(has(undo.out, "You: retreat 2,3 -> 3,2 -> 4,2 -> 5,1 -> 6,2")) << undo.out;
}

}  // namespace bgb::app

namespace bgb::app {

// §7: orders in any sequence (issue 12; play-tests lost orders typing 7,5 before 6,6). The
// orders are collected and given together; `u` takes back the last one picked.
TEST(Terminal, OrdersMayBeTypedInAnySequence_S7) {
  const ProgramRun r = run_bgbot("play --seed 7 --bot random", "1\n7,7\nu\n7,5\n6,6\nq\n", "orders-any");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Orders so far: order HI 7,7")) << r.out;
  EXPECT_TRUE(has(r.out, "Undone: the last order picked is taken back.")) << r.out;
  EXPECT_TRUE(has(r.out, "(Every order is given.)")) << r.out;
  EXPECT_TRUE(has(r.out, "bottom orders the unit at 6,6")) << r.out;
  EXPECT_TRUE(has(r.out, "bottom orders the unit at 7,5")) << r.out;
  EXPECT_FALSE(has(r.out, "bottom orders the unit at 7,7")) << r.out;
  EXPECT_FALSE(has(r.out, "not used are lost")) << r.out;
}

}  // namespace bgb::app

namespace bgb::app {

namespace {

// The lines of a text, ANSI colour sequences removed.
std::vector<std::string> plain_lines(const std::string& text) {
  std::vector<std::string> out;
  std::string line;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') {
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    if (text[i] == '\n') {
      out.push_back(line);
      line.clear();
    } else {
      line += text[i];
    }
  }
  if (!line.empty()) out.push_back(line);
  return out;
}

// The board's row lines (after the column numbers above it): the row number each starts with.
std::vector<int> row_order(const std::vector<std::string>& lines) {
  std::vector<int> rows;
  for (size_t i = 2; i < lines.size() && rows.size() < size_t(kRows); ++i) rows.push_back(lines[i][0] - '0');  // under the two column lines
  return rows;
}

}  // namespace

// Issue 12: the board alone fits an 80-column terminal, for every built-in battle, from either
// side, in colour or not, and also with the widest cells there are (a leader with every unit).
TEST(TerminalBoard, FitsIn80Columns) {
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& scn = *find_builtin_scenario(id);
    Rng rng(1);
    State s = new_game(scn, rng);
    State crowded = s;  // the widest cells: a leader with every unit
    for (int h = 0; h < kHexes; ++h)
      if (crowded.unit_at[h] != kNone && crowded.n_leaders > 0) crowded.leader_at[h] = 0;
    for (const State* st : {&s, &crowded})
      for (Side viewer : {Side::Top, Side::Bottom, Side::None})
        for (bool color : {false, true}) {
          const std::vector<std::string> lines = plain_lines(render_board(scn, *st, color, viewer));
          ASSERT_EQ(lines.size(), size_t(kRows + 5)) << id;  // the column numbers of both rows above and below, the sections
          for (const std::string& l : lines) EXPECT_LE(l.size(), 80u) << id << " side " << side_name(viewer) << ": " << l;
        }
  }
}

// The top player sees the board turned round: their own army in the lower rows, their left on
// the left; the row and column numbers still name the true hexes.
TEST(TerminalBoard, TheTopPlayerSeesHisArmyAtTheBottom) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng rng(1);
  const State s = new_game(scn, rng);
  const std::vector<std::string> top = plain_lines(render_board(scn, s, false, Side::Top));
  const std::vector<std::string> bottom = plain_lines(render_board(scn, s, false, Side::Bottom));
  EXPECT_EQ(row_order(top), (std::vector<int>{8, 7, 6, 5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(row_order(bottom), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  // Where each army's markers are: v (top) and ^ (bottom), by board line.
  auto lines_with = [](const std::vector<std::string>& lines, char marker) {
    std::vector<int> at;
    for (int i = 2; i < 2 + kRows; ++i)
      if (lines[size_t(i)].find(std::string(1, marker)) != std::string::npos) at.push_back(i);
    return at;
  };
  for (int line : lines_with(top, 'v')) EXPECT_GT(line, 6) << "the top player's own units in the lower rows";
  for (int line : lines_with(top, '^')) EXPECT_LT(line, 6);
  for (int line : lines_with(bottom, '^')) EXPECT_GT(line, 6);
  ASSERT_FALSE(lines_with(top, 'v').empty());
  // The columns run from right to left for the top player, and his left is named on the left.
  EXPECT_EQ(top[0].substr(0, 6), "    12");
  EXPECT_EQ(bottom[0].substr(0, 6), "     0");
  // The odd rows' numbers above the board too, half a hex to the right, and both again below.
  EXPECT_EQ(top[1].substr(0, 9), "       11");
  EXPECT_EQ(bottom[1].substr(0, 9), "        0");
  EXPECT_EQ(bottom[size_t(2 + kRows)], bottom[1]);
  EXPECT_EQ(bottom[size_t(3 + kRows)], bottom[0]);
  EXPECT_TRUE(has(top.back(), "your left")) << top.back();
  EXPECT_LT(top.back().find("left"), top.back().find("right"));
  // The same hex in both views: the unit at 1,1 (top's MI) is the second cell of row 1 from the
  // left for the bottom player and the second from the right for the top player.
  const std::string cell = std::string(unit_info(s.units[s.unit_at[Board::index(1, 1)]].type).code);
  EXPECT_EQ(bottom[3].substr(2 + 3 + 6 * 1 + 1, cell.size()), cell) << bottom[3];
  EXPECT_EQ(top[9].substr(2 + 3 + 6 * 10 + 1, cell.size()), cell) << top[9];
}

// The section lines are drawn: between the odd rows' hexes 3|4 and 7|8 and through the empty
// even-row hexes of columns 4 and 8, at the same place in every row.
TEST(TerminalBoard, SectionLinesAreDrawn) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng rng(1);
  const State s = new_game(scn, rng);
  for (Side viewer : {Side::Top, Side::Bottom}) {
    const std::vector<std::string> lines = plain_lines(render_board(scn, s, false, viewer));
    int drawn = 0;
    for (int i = 2; i < 2 + kRows; ++i) {
      const std::string& l = lines[size_t(i)];
      if (l.size() > 29 && l[29] == ':') ++drawn;
      if (l.size() > 53 && l[53] == ':') ++drawn;
    }
    EXPECT_GE(drawn, 14) << lines[6];  // row 4 (no unit) and the rows between the armies
    EXPECT_EQ(lines[6][29], ':') << lines[6];
    EXPECT_EQ(lines[6][53], ':') << lines[6];
  }
}

// A top player types the true hexes, as the board's numbers show them.
TEST(Terminal, TheTopPlayerPlaysOnTheTurnedBoard) {
  const ProgramRun r = run_bgbot("play --scenario 001 --seed 5 --side top --bot random --no-store", "q\n", "top-view");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "    12    11    10")) << r.out;
  EXPECT_TRUE(has(r.out, "The board is turned to your side")) << r.out;
}

}  // namespace bgb::app

namespace bgb::app {

namespace {

// Plays random games of a built-in battle (both sides at random, seeds 1, 2, ...) until `want`
// holds at a decision of the bottom side, and saves that game's record with the bottom side a
// person and the top side the random bot: `bgbot play --load` then starts at that decision.
bool record_until(const std::string& id, const std::function<bool(const State&, const ActionList&)>& want,
                  const fs::path& path) {
  const Scenario& scn = *find_builtin_scenario(id);
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    Rng rng(seed);
    State s = new_game(scn, rng);
    Recorder rec(scn, seed, "random", "human");
    Rng pick(seed * 7919 + 1);
    ActionList acts;
    for (int n = 0; n < 4000 && !is_terminal(s); ++n) {
      legal_actions(scn, s, acts);
      if (current_player(s) == Side::Bottom && want(s, acts)) {
        std::string err;
        return write_record_file(path.string(), scn, rec.record(), err);
      }
      if (!rec.apply(s, acts[int(pick.below(uint32_t(acts.size())))], rng)) return false;
    }
  }
  return false;
}

}  // namespace

// Issue 12: "done" has the key d, never a number, so that the numbers of a menu that shrinks as
// choices are made never turn into "done moving" or "end turn"; the word done works too.
TEST(Terminal, DoneHasAFixedKeyAndNoNumber) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot random --no-store", "1\n6,10\ndone\nq\n", "done-key");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "\n  d) done ordering\n")) << r.out;
  EXPECT_TRUE(has(r.out, "d done ordering, h help]")) << r.out;
  EXPECT_TRUE(has(r.out, "\n  d) done moving\n")) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("You: order LI 6,10[^\n]*\n[^$]*You: done ordering"))) << r.out;
  EXPECT_FALSE(std::regex_search(r.out, std::regex("[0-9]\\) (done|end turn)"))) << r.out;
}

// Issue 11 (play-tests): the bot's turn scrolled the board away. When the person's turn begins,
// the bot's turn before it is shown in short above the board (its card, moves and battles, what
// the turn cost each side, the banners), `t` shows it again at any prompt, and during the bot's
// turn (at the person's answer to its attack) it shows the turn so far. Akragas, seed 5.
TEST(Terminal, TheBotsTurnIsShownInShort) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot easy --no-store", "1\nd\n2\n7,8\nd\nd\nt\n1\nt\nq\n", "bot-turn");
  ASSERT_EQ(r.code, 0) << r.out;
  // Turn 2: its card, then its moves under one verb (orders and "done" left out).
  const std::regex summary("The bot's turn 2 in short: play ([A-Za-z ]+); move [A-Z]+ [0-9],[0-9]+ -> [0-9],[0-9]+,");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, summary)) << r.out;
  EXPECT_TRUE(has(r.out, "Bot (Carthaginian): play " + m[1].str() + "\n")) << r.out;
  EXPECT_FALSE(has(r.out.substr(size_t(m.position(0)), 300), "order ")) << r.out;
  // Turn 4: the bot fires at LI 6,10; asked about flags meanwhile, t gives the turn so far.
  EXPECT_TRUE(has(r.out, "The bot's turn 4 so far: play Inspired Left Leadership; move LI 2,8 -> 4,9;\n  fire: LI 4,9 -> LI 6,10.")) << r.out;
  EXPECT_TRUE(has(r.out, "No banner so far")) << r.out;
  // Then, when the person's turn 5 begins and again by t: what it cost.
  size_t shown = 0;
  for (size_t at = r.out.find("The bot's turn 4 in short:"); at != std::string::npos;
       at = r.out.find("The bot's turn 4 in short:", at + 1))
    ++shown;
  EXPECT_EQ(shown, 2u) << r.out;
  EXPECT_TRUE(has(r.out, "You lost: LI 6,10 2 blocks, 2 left. No banner in\n  that turn (now you 0, the bot 0).")) << r.out;
  EXPECT_LT(r.out.find("The bot's turn 4 in short:"), r.out.find("Your decision: play-card", r.out.find("--- Turn 5"))) << r.out;
  // No line of it is wider than the menus, and a hex is never split from its unit or arrow.
  std::istringstream lines(r.out.substr(r.out.find("The bot's turn 2 in short:")));
  for (std::string l; std::getline(lines, l) && !l.empty();) {
    EXPECT_LE(l.size(), 79u) << l;
    EXPECT_FALSE(std::regex_search(l, std::regex("^\\s+([0-9]|->)"))) << l;
    EXPECT_FALSE(std::regex_search(l, std::regex("( [A-Z]+|->)$"))) << l;
  }
  const ProgramRun none = run_bgbot("play --seed 5 --bot easy --no-store", "t\nq\n", "bot-turn-none");
  EXPECT_TRUE(has(none.out, "The bot has not played a turn yet.")) << none.out;
}

// Play-test round 8: the bot's turn in short left out close combats that a rule fought, which the
// engine takes at once as the only choice (a warrior that charged two hexes must close with its
// one target, §8/§11): no decision of the bot named them. Three warriors charge three heavy
// infantry (`greedy`, seed 1): the first two battles are the bot's choices, the last is forced.
TEST(Terminal, TheBotsTurnInShortNamesBattlesARuleFought) {
  const std::string file = (std::filesystem::path(BGBOT_SOURCE_DIR) / "tests" / "data" / "warriors-charge.txt").string();
  std::string input;
  for (int i = 0; i < 8; ++i) input += "1\n";
  const ProgramRun r = run_bgbot("play --scenario " + file + " --seed 1 --bot greedy --no-store", input + "t\nq\n", "rule-battles");
  ASSERT_EQ(r.code, 0) << r.out;
  // Declared by the rules, not chosen: no "Bot (...): close combat" line for it.
  ASSERT_TRUE(has(r.out, "top attacks from 4,9 at 4,10")) << r.out;
  EXPECT_FALSE(has(r.out, "Bot (Raiders): close combat: WA 4,9")) << r.out;
  EXPECT_TRUE(has(r.out, "Bot (Raiders): close combat: WA 4,1 -> HI 4,2")) << r.out;
  // The summary names all three, each once, in the order fought.
  const size_t at = r.out.find("The bot's turn 1 in short:");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::string summary = r.out.substr(at, r.out.find(").", at) - at);
  std::replace(summary.begin(), summary.end(), '\n', ' ');
  summary = std::regex_replace(summary, std::regex(" +"), " ");
  const size_t a = summary.find("close combat: WA 4,1 -> HI 4,2"), b = summary.find("close combat: WA 4,5 -> HI 4,6"),
               c = summary.find("close combat: WA 4,9 -> HI 4,10");
  ASSERT_NE(c, std::string::npos) << summary;
  EXPECT_LT(a, b) << summary;
  EXPECT_LT(b, c) << summary;
  EXPECT_EQ(summary.find("close combat: WA 4,9", c + 1), std::string::npos) << summary;
  // A unit that retreated and then died is named where the turn found it and where it died (turn
  // 3: HI 6,1 retreats to 7,0 and falls to the bonus close combat there).
  std::string more;
  for (int i = 0; i < 12; ++i) more += "1\n";
  const ProgramRun later = run_bgbot("play --scenario " + file + " --seed 1 --bot greedy --no-store", more + "q\n", "rule-battles-2");
  std::string turn3 = later.out.substr(std::min(later.out.size(), later.out.find("The bot's turn 3 in short:")));
  std::replace(turn3.begin(), turn3.end(), '\n', ' ');
  turn3 = std::regex_replace(turn3, std::regex(" +"), " ");
  EXPECT_TRUE(has(turn3, "You lost: HI 6,1 eliminated at 7,0.")) << later.out;
}

// Play-test round 8: an Inspired Leadership card with no leader of the side in its section began
// "Order a leader: he brings ... up to 4 units", and done lost "4 orders". It now says the card
// orders one unit alone, and done loses the one order (the battle has no leaders; seed 1 deals
// the person Inspired Right Leadership, menu line 4, at the first card decision).
TEST(Terminal, ALeadershipCardWithNoLeaderThereSaysOneUnit) {
  const std::string file = (std::filesystem::path(BGBOT_SOURCE_DIR) / "tests" / "data" / "warriors-charge.txt").string();
  const ProgramRun r = run_bgbot("play --scenario " + file + " --seed 1 --bot greedy --no-store", "1\n1\n1\n1\n4\nd\nq\n", "no-leader");
  ASSERT_EQ(r.code, 0) << r.out;
  ASSERT_TRUE(has(r.out, "You: play Inspired Right Leadership")) << r.out;
  const std::string after = r.out.substr(r.out.find("You: play Inspired Right Leadership"));
  EXPECT_TRUE(has(after, "Inspired Right Leadership finds no leader of yours where it orders: it orders\n  one unit alone, your choice.")) << after;
  EXPECT_FALSE(has(after.substr(0, after.find("You: done ordering")), "Order a leader")) << after;
  EXPECT_TRUE(has(after, "[§7] 1 order not used is lost")) << after;
}

// Play-tests (rounds 4 and 5): a person learnt that his own units filled a light unit's evade
// hexes only when it was attacked. When the moves are over, the units that could evade but would
// have to stand now, with an enemy near, are named with what stands behind them (§13). Akragas,
// seed 5: the bot's auxilia came within three hexes of LB 6,6 and LI 6,10, whose hexes behind
// hold the person's own heavy infantry, auxilia and cavalry; the bot's next turn fires at the LI.
TEST(Terminal, AfterTheMovesUnitsThatCouldNotEvadeAreNamed_S13) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot easy --no-store", "1\nd\n2\n7,8\nd\nd\nq\n", "no-evade");
  ASSERT_EQ(r.code, 0) << r.out;
  const size_t moved = r.out.find("You: done moving");
  ASSERT_NE(moved, std::string::npos) << r.out;
  const std::string after = r.out.substr(moved);
  EXPECT_TRUE(has(after, "Careful (§13): LB 6,6 could not evade now (behind it: 7,5 your HI, 7,6 your")) << after;
  EXPECT_TRUE(has(after, "LI 6,10 could not evade now (behind it: 7,9 your AX, 7,10 your MC).")) << after;
  EXPECT_LT(after.find("Careful"), after.find("--- Turn 4")) << after;
  // Said before the events that end the turn.
  EXPECT_LT(after.find("Careful"), after.find("bottom ends the turn")) << after;
  // ... and before the turn's card draw, after the moves' own lines (play-test round 8).
  EXPECT_LT(after.find("Careful"), after.find("bottom draws")) << after;
  // Nothing is said on the first turn, when no enemy is near.
  EXPECT_FALSE(has(r.out.substr(0, r.out.find("--- Turn 2")), "Careful")) << r.out;
  // A unit is named when it becomes unable to evade, not again at every move phase while it
  // stays so: on turn 5 (the LC ordered and not moved) both are as they were.
  const ProgramRun twice = run_bgbot("play --seed 5 --bot easy --no-store", "1\nd\n2\n7,8\nd\nd\n1\n1\n7,1\nd\nd\nq\n", "no-evade-2");
  ASSERT_TRUE(has(twice.out, "You: order LC 7,1")) << twice.out;
  size_t named = 0;
  for (size_t at = twice.out.find("could not evade"); at != std::string::npos; at = twice.out.find("could not evade", at + 1))
    ++named;
  EXPECT_EQ(named, 2u) << twice.out;
}

// Issue 12: a leader's order says what comes with it (C&C §7): under a Leadership card his unit
// and the units linked to him; under a section card a lone leader alone, an attached one detached
// from his unit, and ordering the unit takes its leader along.
TEST(Terminal, ALeadersOrderSaysWhatItOrders_S7) {
  const ProgramRun section = run_bgbot("play --seed 5 --bot random --no-store", "1\nq\n", "leader-section");
  EXPECT_TRUE(has(section.out, ") order Dionysius at 7,10 alone (detach: his MC is not ordered by this)")) << section.out;
  EXPECT_TRUE(has(section.out, ") order MC 7,10 (Dionysius goes with it)")) << section.out;
  // Once his unit is picked, ordering him as well detaches him: he moves on his own.
  const ProgramRun both = run_bgbot("play --seed 5 --bot random --no-store", "1\n4\nq\n", "leader-too");
  const std::string after_unit = both.out.substr(both.out.find("You: order MC 7,10"));
  EXPECT_TRUE(has_wrapped(after_unit, "5) order Dionysius at 7,10 too (detach: he then moves on his own, not with his MC)"))
      << after_unit;
  const ProgramRun leadership = run_bgbot("play --seed 5 --bot random --no-store", "3\nq\n", "leader-leadership");
  EXPECT_TRUE(has(leadership.out, ") order Daphnaeus at 7,7 with his HI and up to 3 units linked to him"))
      << leadership.out;
  // The first choice: the rule said once above the menu, each unit's line short; once the leader
  // is picked (the orders are given together at the end) the units offered are his linked ones.
  EXPECT_TRUE(has(leadership.out, "Or order one unit alone instead: the card then orders only that unit.")) << leadership.out;
  EXPECT_TRUE(has(leadership.out, ") order HI 7,7 alone\n")) << leadership.out;
  const ProgramRun linked = run_bgbot("play --seed 5 --bot random --no-store", "3\n7,7\nq\n", "leader-linked");
  const std::string after = linked.out.substr(linked.out.find("You: order Daphnaeus"));
  EXPECT_TRUE(has(after, ") order HI 7,6 (linked to the leader)\n")) << after;
  EXPECT_TRUE(has(after, ") order AX 7,8 (linked to the leader)\n")) << after;
  EXPECT_FALSE(has(after, "alone")) << after;
}

// Play-test rounds 4 and 5: a player ordering three units read their numbers and typed them, and
// the list had renumbered after the first pick. Within the orders (§7), the moves and the battles
// of a turn a line keeps its number; a taken number is refused with a reason; an undone pick comes
// back under its number. Akragas, seed 5, Order Three Units Right.
TEST(Terminal, MenuNumbersStayWhileTheOrdersArePicked_S7) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot random --no-store", "1\n2\n2\n3\nu\nq\n", "stable-numbers");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string o = r.out.substr(r.out.find("You: play Order Three Units Right"));
  EXPECT_TRUE(has(o, "  2) order AX 7,8\n  3) order AX 7,9\n")) << o;
  const std::string picked = o.substr(o.find("You: order AX 7,8"));
  EXPECT_TRUE(has(picked, "  1) order LI 6,10\n  3) order AX 7,9\n  4) order MC 7,10")) << picked;
  EXPECT_TRUE(has(picked, "[1, 3-5, d done ordering, h help]")) << picked;
  EXPECT_TRUE(has(picked, "There is no action 2 now: that line has left the menu; type 1, 3-5.")) << picked;
  const std::string second = picked.substr(picked.find("You: order AX 7,9"));
  EXPECT_TRUE(has(second, "  1) order LI 6,10\n  4) order MC 7,10")) << second;
  EXPECT_TRUE(has(second, "[1, 4-5, d done ordering, h help]")) << second;
  const std::string undone = second.substr(second.find("Undone"));
  EXPECT_TRUE(has(undone, "  1) order LI 6,10\n  3) order AX 7,9\n")) << undone;
  // Undone back to the card play, another card's orders are numbered afresh (seed 7: Order Four
  // Units Left, one order, two undos, then Order Two Units Center).
  const ProgramRun other = run_bgbot("play --seed 7 --bot random --no-store", "3\n2\nu\nu\n1\n1\nq\n", "numbers-other-card");
  const std::string center = other.out.substr(other.out.find("You: play Order Two Units Center"));
  EXPECT_TRUE(has(center, "[1-5, d done ordering, h help]")) << center;
  EXPECT_TRUE(has(center, "You: order LB 6,6")) << center;
  EXPECT_FALSE(has(center, "left the menu")) << center;
}


// Play-test round 6: "2 3" typed on one line orders both units, the second at the next prompt as
// if typed there (the phase's numbers stay put); a number refused stops the rest, with a word.
TEST(Terminal, SeveralNumbersOnALineAreTakenOneAfterAnother_S7) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot random --no-store", "1\n2 3\nq\n", "typed-ahead");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string o = r.out.substr(r.out.find("You: play Order Three Units Right"));
  EXPECT_TRUE(has(o, "You: order AX 7,8")) << o;
  EXPECT_TRUE(has(o, "3   (typed ahead)\nYou: order AX 7,9")) << o;
  EXPECT_TRUE(has(o, "[1, 4-5, d done ordering, h help]")) << o;
  // 3 is gone once taken: "3 3" orders 7,9 and refuses the second, and "4 5" after it is dropped.
  const ProgramRun bad = run_bgbot("play --seed 5 --bot random --no-store", "1\n3 3 4\nq\n", "typed-ahead-bad");
  ASSERT_EQ(bad.code, 0) << bad.out;
  const std::string b = bad.out.substr(bad.out.find("You: order AX 7,9"));
  EXPECT_TRUE(has(b, "There is no action 3 now: that line has left the menu")) << b;
  EXPECT_TRUE(has_wrapped(b, "Not taken: 4 (the one before was refused); type again what you still want.")) << b;
  EXPECT_FALSE(has(b, "You: order MC 7,10")) << b;
  // Ordering ends by itself at the third order: the fourth number is not taken at the moves, and
  // the game says so on a line of its own before the move menu.
  const ProgramRun over = run_bgbot("play --seed 5 --bot random --no-store", "1\n2 3 4 1\nq\n", "typed-ahead-over");
  ASSERT_EQ(over.code, 0) << over.out;
  EXPECT_TRUE(has(over.out, "\nNot taken: 1 (the menu it was for has closed); type again what you still want.\n")) << over.out;
  EXPECT_FALSE(has(over.out, "You: order LI 6,10")) << over.out;
  EXPECT_FALSE(has(over.out, "You: move")) << over.out;
  // A d may end the line: "2 3 d" orders two units and is done.
  const ProgramRun done = run_bgbot("play --seed 5 --bot random --no-store", "1\n2 3 d\nq\n", "typed-ahead-done");
  ASSERT_EQ(done.code, 0) << done.out;
  EXPECT_TRUE(has(done.out, "You: order AX 7,9")) << done.out;
  EXPECT_TRUE(has(done.out, "You: done ordering")) << done.out;
  // Outside ordering, moving and battling the numbers change with each choice: one at a time.
  const ProgramRun card = run_bgbot("play --seed 5 --bot random --no-store", "1 2\nq\n", "typed-ahead-card");
  ASSERT_EQ(card.code, 0) << card.out;
  EXPECT_TRUE(has(card.out, "Type one number here (several on a line are for ordering, moving and battling).")) << card.out;
  EXPECT_FALSE(has(card.out, "You: play")) << card.out;
}

// Play-test round 6: in the person's move phase, `x` reckons the units just ordered for this turn,
// under the card in force, and says so (a play-tester missed Double Time's extra hex).
TEST(Terminal, ThreatsReckonUnitsOrderedNowUnderTheCardInForce_S8) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot random --no-store", "1\n2 3 4\nx 7,8\nx\nq\n", "threats-now");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string o = r.out.substr(r.out.find("x 7,8"));
  EXPECT_TRUE(has_wrapped(o, "Your AX 7,8, ordered this turn, could battle nothing. This turn's moves and battles under Order Three Units Right"))
      << o;
  // None of the three ordered units reaches anything this turn: no mark and no word of one.
  EXPECT_FALSE(has(o, "*")) << o;
  // With the light infantry at 6,10 ordered, its shots are marked as this turn's, the others not.
  const ProgramRun li = run_bgbot("play --seed 5 --bot random --no-store", "1\n1 2 3\nx\nq\n", "threats-now-li");
  ASSERT_EQ(li.code, 0) << li.out;
  const std::string l = li.out.substr(li.out.find(": x\n"));
  EXPECT_TRUE(has(l, "  HCH 2,10 <- LI 6,10* fire 1\n")) << l;
  EXPECT_TRUE(has(l, "LB 6,6 fire 1, LI 6,10* fire 1")) << l;
  EXPECT_TRUE(has_wrapped(l, "*: ordered this turn (or picked to be), reckoned under Order Three Units Right.")) << l;
  // While ordering, a unit picked so far is reckoned the same way (its order not given yet).
  const ProgramRun picked = run_bgbot("play --seed 5 --bot random --no-store", "1\n1\nx\nq\n", "threats-picked");
  ASSERT_EQ(picked.code, 0) << picked.out;
  const std::string pk = picked.out.substr(picked.out.find(": x\n"));
  EXPECT_TRUE(has(pk, "  HCH 2,10 <- LI 6,10* fire 1\n")) << pk;
  EXPECT_TRUE(has(pk, "[2-5, d done ordering, h help]")) << "still ordering: " << pk;
}

// Play-test round 7: a battle's line gives its dice and its chance of a hit (§10: a light
// infantry that moved fires one die; against light infantry a hit is the light symbol, 1 in 6).
TEST(Terminal, BattleLinesGiveTheDiceAndTheChanceOfAHit_S10) {
  const ProgramRun r = run_bgbot("play --seed 5 --bot random --no-store", "1\n1 2 3\n1 1\nd\nq\n", "battle-dice");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "  1) fire: LI 4,9 -> LI 2,8 (1 die, hit 17%)\n")) << r.out;
}

// Play-test round 7: a card that finds none of the units it orders orders one unit of the
// player's choice instead, and the menu says so (found in random games: the order decision with
// that fallback, the person to choose).
TEST(Terminal, ACardWithNoneOfItsUnitsSaysItOrdersOneOfYourChoice_S7) {
  const fs::path rec = temp_dir() / "any-one.json";
  bool found = false;
  for (const char* id : {"001", "004", "006", "010"}) {
    found = record_until(id, [](const State& s, const ActionList&) {
      return s.decision == Decision::Order && s.order_mode == OrderMode::AnyOne;
    }, rec);
    if (found) break;
  }
  ASSERT_TRUE(found);
  const ProgramRun r = run_bgbot("play --no-store --load '" + rec.string() + "'", "q\n", "any-one");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "orders: it orders one unit of your choice instead, as a plain order (the card's own effect does not apply).")) << r.out;
}

// Play-test round 7: the bot's turn in short names a unit it hit by the hex it was hit in, and
// where it retreated to (Akragas, seed 1, against expert, every menu line in turn).
TEST(Terminal, TheBotsTurnNamesAHitUnitWhereItWasHitAndWhereItWent_S12) {
  const ProgramRun r = run_bgbot("play --seed 1 --bot expert --no-store", every_number(400 * 17), "lost-where");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "You lost: AX 4,11 (now 5,10) 1 block, 3 left.")) << r.out;
}

// Play-test round 7: a card that would do nothing as the turn's card says so in the card menu
// (Akragas, seed 1: a Counter Attack on the first turn has nothing to copy); the others do not.
TEST(Terminal, ACardThatWouldDoNothingSaysSo_S6) {
  const ProgramRun r = run_bgbot("play --seed 1 --bot random --no-store", "q\n", "card-nothing");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "play Counter Attack: Repeat the card your opponent just played. [played now: no effect]")) << r.out;
  EXPECT_FALSE(has_wrapped(r.out, "play Darken the Sky: Every ranged unit fires twice; no movement. [played")) << r.out;
}

// Issue 12: a decision with one legal choice that hides nothing from the person is not asked.
// The rules ask a defender who can neither evade nor play First Strike all the same, so that the
// question tells the attacker nothing; the person knows his own hand: the terminal takes it.
TEST(Terminal, AChoiceOfOneIsTakenNotAsked) {
  const fs::path rec = temp_dir() / "stand.json";
  ASSERT_TRUE(record_until("001", [](const State& s, const ActionList& acts) {
    return s.decision == Decision::EvadeOrStand && acts.size() == 1;
  }, rec));
  const ProgramRun r = run_bgbot("play --no-store --load '" + rec.string() + "'", "q\n", "stand");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "You: stand and fight (your only choice: this unit cannot evade and you hold no First Strike)"))
      << r.out;
  EXPECT_FALSE(has(r.out, "Your decision: evade-or-stand")) << r.out;
}

// Play-test round 4: a leader who evades off the battlefield scores the enemy no banner (§13),
// and the log says so.
TEST(Terminal, ALeaderLeavingTheBoardScoresNoBanner_S13) {
  const fs::path rec = temp_dir() / "leader-off.json";
  int number = 0;
  ASSERT_TRUE(record_until("001", [&](const State& s, const ActionList& acts) {
    if (s.decision != Decision::LeaderEvade || acts.size() > 12) return false;
    for (int i = 0; i < acts.size(); ++i)
      if (acts[i].a() == kOffBoard || acts[i].b() == kOffBoard || acts[i].c() == kOffBoard) number = i + 1;
    return number > 0;
  }, rec));
  const ProgramRun r = run_bgbot("play --no-store --load '" + rec.string() + "'", std::to_string(number) + "\nq\n", "leader-off");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "leader evades off the battlefield from")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "(no banner for the enemy: he left by his own baseline)")) << r.out;
}

// Play-test round 4: at a momentum advance, a leader who joined the unit (or was ordered on his
// own) this turn stays behind (§8), and the question says so.
TEST(Terminal, AMomentumAdvanceSaysTheLeaderStaysBehind_S8_S13) {
  const fs::path rec = temp_dir() / "advance-leader.json";
  ASSERT_TRUE(record_until("001", [](const State& s, const ActionList&) {
    if (s.decision != Decision::MomentumAdvance || s.combat.attacker == kNone) return false;
    const int hex = s.units[s.combat.attacker].hex;
    const int l = s.leader_at[hex];
    if (l == kNone || !(s.leaders[l].flags & (kOrdered | kMoved))) return false;
    // What the line will say holds: advancing leaves him where he is.
    State after = s;
    Rng scratch(0);
    EXPECT_TRUE(apply(*find_builtin_scenario("001"), after, Action::make(ActionType::Advance), scratch));
    EXPECT_EQ(after.leaders[l].hex, hex);
    EXPECT_NE(after.units[s.combat.attacker].hex, hex);
    return true;
  }, rec));
  const ProgramRun r = run_bgbot("play --no-store --load '" + rec.string() + "'", "q\n", "advance-leader");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string joined = std::regex_replace(r.out, std::regex("\n "), " ");  // the line is wrapped
  EXPECT_TRUE(has(joined, " stays at ")) << r.out;
  EXPECT_TRUE(has(joined, "if the unit advances: he moved or was ordered on his own this turn")) << r.out;
}

}  // namespace bgb::app

namespace bgb::app {

// Games in progress are kept (issue 12): with an autosave file the game survives leaving, and
// --resume continues it where it stood; a finished game loaded again is not stored twice.
TEST(Terminal, AGameInProgressIsKeptAndResumed) {
  const fs::path kept = temp_dir() / "autosave.json";
  fs::remove(kept);
  const ProgramRun a = run_bgbot("play --seed 7 --bot random --no-store --autosave '" + kept.string() + "'",
                                 "1\n1\n1\n1\nq\n", "autosave-a");
  ASSERT_EQ(a.code, 0) << a.out;
  EXPECT_TRUE(has(a.out, "The game is kept in " + kept.string())) << a.out;
  ASSERT_TRUE(fs::exists(kept));
  const std::string left_at = after(a.out, "position ");
  const ProgramRun b = run_bgbot("play --no-store --resume --autosave '" + kept.string() + "'", "q\n", "autosave-b");
  ASSERT_EQ(b.code, 0) << b.out;
  EXPECT_TRUE(has(b.out, "Continuing a saved game")) << b.out;
  EXPECT_EQ(after(b.out, "position "), left_at);
  const ProgramRun none = run_bgbot("play --no-store --resume --autosave '" + (temp_dir() / "none.json").string() + "'",
                                    "q\n", "autosave-none");
  EXPECT_NE(none.code, 0);
  EXPECT_TRUE(has(none.out, "no game in progress is kept")) << none.out;
}

TEST(Terminal, AFinishedGameLoadedAgainIsNotStoredTwice) {
  const fs::path dir = temp_dir() / "finished";
  fs::remove_all(dir);
  const ProgramRun arena = run_bgbot("arena --a random --b random --games 2 --scenarios 001 --seed 3 --save '" + dir.string() + "'", "",
                                     "finished-arena");
  ASSERT_EQ(arena.code, 0) << arena.out;
  const fs::path rec = dir / "001-0000.json";
  ASSERT_TRUE(fs::exists(rec)) << arena.out;
  const fs::path db = temp_dir() / "finished.sqlite";
  fs::remove(db);
  const ProgramRun r = run_bgbot("play --load '" + rec.string() + "' --db '" + db.string() + "' --autosave off", "", "finished-load");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Game over")) << r.out;
  EXPECT_TRUE(has(r.out, "it is not stored again")) << r.out;
  EXPECT_FALSE(has(r.out, "Stored as game")) << r.out;
}

// Issue 12: the terminal fits 80 columns. Whole games piped (the first choice every time) on
// battles with a reserve, an exit and sudden death, and the introduction, the note, the dice of
// six-die rolls, the orders so far and the result: no line is wider than 80 characters.
TEST(Terminal, EveryLineOfAGameFitsIn80Columns) {
  for (const char* battle : {"001", "005", "006", "010", "011", "015"}) {
    const std::string input = "h\nx\n" + every_number(8000);  // the help and the threats too
    const ProgramRun r =
        run_bgbot(std::string("play --no-store --autosave off --bot easy --seed 4 --scenario ") + battle, input,
                  std::string("fits-") + battle);
    ASSERT_EQ(r.code, 0) << r.out.substr(0, 2000);
    ASSERT_TRUE(has(r.out, "Game over")) << battle;
    size_t start = 0, widest = 0;
    std::string widest_line;
    while (start < r.out.size()) {
      size_t end = r.out.find('\n', start);
      if (end == std::string::npos) end = r.out.size();
      if (end - start > widest) {
        widest = end - start;
        widest_line = r.out.substr(start, end - start);
      }
      start = end + 1;
    }
    EXPECT_LE(widest, 80u) << battle << ": " << widest_line;
  }
}

// Issue 13: the seed gives the bot's hand, the deck order and every die to come, so the terminal
// shows it only when the game is over; a game against a bot is not continued from the bot's seat.
TEST(Terminal, TheSeedStaysSecretAndTheBotsSeatIsNotTaken) {
  const fs::path rec = temp_dir() / "secret-seed.json";
  const ProgramRun quit =
      run_bgbot("play --no-store --autosave off --seed 987654321 --bot random --save '" + rec.string() + "'", "1\n1\nq\n",
                "secret-seed");
  ASSERT_EQ(quit.code, 0) << quit.out;
  EXPECT_FALSE(has(quit.out, "987654321")) << quit.out;
  // Played to its end, the result gives the seed (with the record).
  const std::string ones = every_number(20000);
  const ProgramRun end = run_bgbot("play --no-store --autosave off --seed 987654321 --bot random", ones, "seed-at-end");
  ASSERT_EQ(end.code, 0);
  ASSERT_TRUE(has(end.out, "Game over")) << end.out.substr(end.out.size() > 3000 ? end.out.size() - 3000 : 0);
  const std::string before_end = end.out.substr(0, end.out.find("Game over"));
  EXPECT_FALSE(has(before_end, "987654321"));
  EXPECT_TRUE(has(end.out.substr(end.out.find("Game over")), "seed 987654321"));
  // The saved game was played from the bottom against the bot: --side top is refused, and
  // --analysis (study) allows it.
  const ProgramRun swap = run_bgbot("play --no-store --autosave off --load '" + rec.string() + "' --side top", "q\n", "swap");
  EXPECT_EQ(swap.code, 2) << swap.out;
  EXPECT_TRUE(has(swap.out, "would show you the bot's hand")) << swap.out;
  const ProgramRun same = run_bgbot("play --no-store --autosave off --load '" + rec.string() + "' --side bottom", "q\n", "same");
  EXPECT_EQ(same.code, 0) << same.out;
  const ProgramRun study =
      run_bgbot("play --no-store --autosave off --load '" + rec.string() + "' --side top --analysis", "q\n", "study");
  EXPECT_EQ(study.code, 0) << study.out;
}

}  // namespace bgb::app

namespace bgb::app {

// The Hellenistic module in the terminal: the header says it is on, the leaders carry their
// grades and the Army Commander's mark, the traits are listed with a legend, `info` describes a
// hex, and a whole game of 109 (and of 114 with the module switched on) fits 80 columns.
TEST(TerminalHellenistic, TheModuleGradesCommandersAndTraitsAreShown) {
  const ProgramRun r = run_bgbot("play --no-store --autosave off --bot easy --seed 4 --scenario 109 --side top",
                                 "info 2,5\ninfo\nl\n2\nq\n", "hel-109");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "BoardGamesBot: Gaugamela (scenario 109, 331 BC, Hellenistic module on)")) << r.out.substr(0, 400);
  EXPECT_TRUE(has_wrapped(r.out, "Hellenistic module: on (H0-H11; this battle's default is on)")) << r.out;
  EXPECT_TRUE(has(r.out, "Alexander(a,AC) at 2,5")) << r.out;
  EXPECT_TRUE(has(r.out, "Parmenio(b)")) << r.out;
  EXPECT_TRUE(has(r.out, "Darius III(c,AC)")) << r.out;
  EXPECT_TRUE(has(r.out, "Traits: 2,5 MC Comp")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Trait Comp (companion): ignores a sword or a flag")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "a war-god, b superior, c ordinary, d low-ranking (H3)")) << r.out;
  // info 2,5: the Companions and Alexander in words.
  EXPECT_TRUE(has(r.out, "2,5: open ground")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Comp companion: ignores a sword or a flag")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Leader Alexander(a,AC) of the Macedonian, grade a (war-god)")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Macedonian Army Commander: Alexander")) << r.out;
  // H10.1: the Macedonians name their reserve leader first, told what it means; their own is then
  // shown to them.
  EXPECT_TRUE(has(r.out, "Your decision: reserve-leader")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Name your reserve leader (Hellenistic H10.1), a secret the other side does not see")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Your reserve leader (Hellenistic H10, hidden from the other side): Parmenio(b).")) << r.out;
  // A section card in another section reads as such, its effect given once.
  EXPECT_TRUE(has(r.out, "in the ")) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\d+\) play Order \w+ Units \w+ in the (left|center|right) section \(one order fewer\)\n)")))
      << r.out;
  // Seen from the Persians, the Macedonian reserve leader stays secret (H10.1).
  const ProgramRun persian = run_bgbot("play --no-store --autosave off --bot easy --seed 4 --scenario 109 --side bottom",
                                       "info\nq\n", "hel-109-bottom");
  ASSERT_EQ(persian.code, 0) << persian.out;
  EXPECT_TRUE(has(persian.out, "Bot (Macedonian): name a reserve leader (secret)")) << persian.out;
  EXPECT_FALSE(has(persian.out, "Your reserve leader")) << persian.out;
  for (const char* name : {"Alexander", "Parmenio", "Craterus"})
    EXPECT_FALSE(has(persian.out, std::string("name ") + name) || has(persian.out, std::string("names ") + name)) << name;
  // Switched off: no grades, no traits, the header without the module.
  const ProgramRun off = run_bgbot("play --no-store --autosave off --bot easy --seed 4 --scenario 109 --hellenistic off",
                                   "q\n", "hel-109-off");
  ASSERT_EQ(off.code, 0) << off.out;
  EXPECT_TRUE(has(off.out, "BoardGamesBot: Gaugamela (scenario 109, 331 BC)\n")) << off.out.substr(0, 400);
  EXPECT_TRUE(has(off.out, "Alexander at 2,5")) << off.out;
  EXPECT_FALSE(has(off.out, "Traits:")) << off.out;
  EXPECT_TRUE(has_wrapped(off.out, "(With it: bgbot play --hellenistic on.)")) << off.out;
}

TEST(TerminalHellenistic, ABattleWithoutTheSetUpIsRefusedAndASavedGameKeepsTheModule) {
  const ProgramRun no = run_bgbot("play --no-store --autosave off --scenario 001 --hellenistic on", "q\n", "hel-001");
  EXPECT_EQ(no.code, 2) << no.out;
  EXPECT_TRUE(has(no.out, "--hellenistic on: battle 001 has no set-up for the Hellenistic module")) << no.out;
  // 105 with the module switched on, saved, continued: still on; --hellenistic off is refused.
  const fs::path rec = temp_dir() / "hel-105.json";
  const ProgramRun first = run_bgbot("play --no-store --autosave off --bot random --seed 8 --scenario 105 --hellenistic on "
                                     "--save '" + rec.string() + "'",
                                     "1\n1\nq\n", "hel-105");
  ASSERT_EQ(first.code, 0) << first.out;
  ASSERT_TRUE(fs::exists(rec)) << first.out;
  const ProgramRun again = run_bgbot("play --no-store --autosave off --load '" + rec.string() + "'", "q\n", "hel-105-load");
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_TRUE(has(again.out, "Mantinea (scenario 105, 362 BC, Hellenistic module on)")) << again.out.substr(0, 600);
  EXPECT_TRUE(has(again.out, "Epaminondas(b,AC)")) << again.out;
  const ProgramRun clash = run_bgbot("play --no-store --autosave off --load '" + rec.string() + "' --hellenistic off", "q\n",
                                     "hel-105-clash");
  EXPECT_EQ(clash.code, 2) << clash.out;
  EXPECT_TRUE(has(clash.out, "was played with the Hellenistic module on")) << clash.out;
  // The record replays on the built-in battle with the module, and says so.
  const ProgramRun replay = run_bgbot("replay '" + rec.string() + "' --quiet", "", "hel-105-replay");
  EXPECT_EQ(replay.code, 0) << replay.out;
  EXPECT_TRUE(has(replay.out, "Hellenistic module: on")) << replay.out;
}

// bgbot scenarios: each battle says whether it can be played with the module and whether it is
// on by default, in the table and in the JSON.
TEST(TerminalHellenistic, TheScenarioListSaysWhichBattlesTakeTheModule) {
  const ProgramRun j = run_bgbot("scenarios --json", "", "hel-scenarios-json");
  ASSERT_EQ(j.code, 0) << j.out;
  const nlohmann::json list = nlohmann::json::parse(j.out);
  std::map<std::string, nlohmann::json> by_id;
  for (const nlohmann::json& s : list) by_id[s["id"]] = s;
  ASSERT_TRUE(by_id.count("001") && by_id.count("105") && by_id.count("109"));
  EXPECT_EQ(by_id["001"]["hellenistic"], "none");
  EXPECT_EQ(by_id["001"]["hellenistic_default"], false);
  EXPECT_EQ(by_id["105"]["hellenistic"], "available");
  EXPECT_EQ(by_id["105"]["hellenistic_default"], false);
  EXPECT_EQ(by_id["109"]["hellenistic"], "on");
  EXPECT_EQ(by_id["109"]["hellenistic_default"], true);
  EXPECT_EQ(by_id["109"]["commanders"]["top"], "Alexander");
  EXPECT_EQ(by_id["109"]["commanders"]["bottom"], "Darius III");
  for (const auto& [id, s] : by_id) {
    const std::string use = s["hellenistic"];
    EXPECT_TRUE(use == "none" || use == "available" || use == "on") << id;
    EXPECT_EQ(s["hellenistic_default"].get<bool>(), use == "on") << id;
    EXPECT_EQ(use, module_use_name(find_builtin_scenario(id)->hellenistic.use)) << id;
  }
  const ProgramRun t = run_bgbot("scenarios", "", "hel-scenarios");
  ASSERT_EQ(t.code, 0) << t.out;
  EXPECT_TRUE(has(t.out, "hellenistic")) << t.out;
  EXPECT_TRUE(std::regex_search(t.out, std::regex(R"(\n109 +Gaugamela .* on +-)"))) << t.out;
  EXPECT_TRUE(std::regex_search(t.out, std::regex(R"(\n105 +Mantinea .* available +-)"))) << t.out;
  EXPECT_TRUE(has(t.out, "`available` off by default")) << t.out;
}

// H1.4: the side that lost its Army Commander is asked which card to discard, in words, with each
// card's effect. A random game of 109 is played until a commander falls, saved with the losing
// side as the person, and continued in the terminal.
TEST(TerminalHellenistic, TheCommanderDiscardReadsWell) {
  const Scenario& g = *find_builtin_scenario("109");
  GameRecord found;
  bool have = false;
  for (uint64_t seed = 1; seed < 400 && !have; ++seed) {
    Rng rng(seed), pick(seed * 7 + 1);
    State s = new_game(g, rng);
    Recorder rec(g, seed, "human", "human");
    ActionList acts;
    for (int n = 0; n < 4000 && !is_terminal(s); ++n) {
      if (s.decision == Decision::CommanderDiscard) {
        found = rec.record();
        found.players[idx(s.decider)] = "human";
        found.players[idx(other(s.decider))] = "random";
        have = true;
        break;
      }
      legal_actions(g, s, acts);
      ASSERT_GT(acts.size(), 0);
      ASSERT_TRUE(rec.apply(s, acts[int(pick.below(uint32_t(acts.size())))], rng));
    }
  }
  ASSERT_TRUE(have) << "no Army Commander fell in 400 random games of 109";
  const fs::path file = temp_dir() / "hel-discard.json";
  std::string err;
  ASSERT_TRUE(write_record_file(file.string(), g, found, err)) << err;
  const ProgramRun r = run_bgbot("play --no-store --autosave off --bot random --load '" + file.string() + "'", "q\n",
                                 "hel-discard");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Your decision: commander-discard")) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "Your Army Commander is lost (Hellenistic H1.4): discard one card of your choice.")) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(1\) discard [A-Z][^:\n]*: )"))) << r.out;
  EXPECT_TRUE(has_wrapped(r.out, "has lost its Army Commander: command")) << r.out;
}

TEST(TerminalHellenistic, EveryLineOfAModuleGameFitsIn80Columns) {
  for (const char* battle : {"109", "114 --hellenistic on", "111"}) {
    const std::string input = every_number(8000);
    std::string name = std::string("hel-fits-") + battle;
    for (char& c : name)
      if (c == ' ') c = '_';
    const ProgramRun r =
        run_bgbot(std::string("play --no-store --autosave off --bot easy --seed 4 --scenario ") + battle, input, name);
    ASSERT_EQ(r.code, 0) << r.out.substr(0, 2000);
    ASSERT_TRUE(has(r.out, "Game over")) << battle;
    size_t start = 0, widest = 0;
    std::string widest_line;
    while (start < r.out.size()) {
      size_t end = r.out.find('\n', start);
      if (end == std::string::npos) end = r.out.size();
      if (end - start > widest) {
        widest = end - start;
        widest_line = r.out.substr(start, end - start);
      }
      start = end + 1;
    }
    EXPECT_LE(widest, 80u) << battle << ": " << widest_line;
  }
}

// Quinn's game in the terminal (issue 16): kept after every decision and continued with
// --resume, the seed secret until the end, the finished game stored in the database and
// replayed from it, decision by decision with its dice, to the same result.
TEST(Terminal, QuinnGameIsKeptResumedStoredAndReplayed) {
  const fs::path dir = temp_dir() / "quinn-kept";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string keep = (dir / "autosave.json").string(), db = (dir / "games.sqlite").string();
  const std::string common = " --game quinn --scenario s3 --bot random --autosave '" + keep + "' --db '" + db + "'";
  // Two decisions (activate the first command, end the activation), then quit.
  ProgramRun first = run_bgbot("play" + common + " --seed 5", "2\n1\nq\n", "quinn-first");
  EXPECT_EQ(first.code, 0) << first.out;
  EXPECT_TRUE(has(first.out, "The game is kept in")) << first.out;
  EXPECT_FALSE(has(first.out, "seed 5")) << "the seed names the dice to come";
  ASSERT_TRUE(fs::exists(keep));
  const nlohmann::json kept = nlohmann::json::parse(slurp(keep));
  EXPECT_EQ(kept["game"], "quinn");
  const size_t made = kept["steps"].size();
  EXPECT_GE(made, 2u);
  EXPECT_EQ(kept["players"][1], "human");
  // Continued: the same game, the person still B, then played to its end by always taking the
  // first choice.
  std::string input;
  for (int i = 0; i < 600; ++i) input += "1\n";
  ProgramRun second = run_bgbot("play" + common + " --resume", input, "quinn-second");
  EXPECT_EQ(second.code, 0) << second.out;
  EXPECT_TRUE(has(second.out, "Continuing " + keep + " (" + std::to_string(made) + " decisions)")) << second.out;
  EXPECT_TRUE(has(second.out, "You play Horsemen (B)")) << second.out;
  ASSERT_TRUE(has(second.out, "Stored as game 1 in")) << second.out;
  EXPECT_TRUE(has(second.out, "seed 5.")) << second.out;
  EXPECT_FALSE(fs::exists(keep)) << "a finished game is no longer kept";
  const size_t p = second.out.find("The game is drawn "), q = second.out.find("You win "), r = second.out.find("You lose ");
  ASSERT_TRUE(p != std::string::npos || q != std::string::npos || r != std::string::npos) << second.out;
  // Nothing is left to resume.
  ProgramRun none = run_bgbot("play" + common + " --resume", "", "quinn-none");
  EXPECT_EQ(none.code, 1);
  EXPECT_TRUE(has(none.out, "no game of quinn in progress is kept")) << none.out;
  // The database lists it as a game of quinn, and replays it to the losses the game ended with.
  ProgramRun list = run_bgbot("games --db '" + db + "'", "", "quinn-list");
  EXPECT_TRUE(has(list.out, "quinn")) << list.out;
  ProgramRun replay = run_bgbot("replay 1 --db '" + db + "'", "", "quinn-replay");
  EXPECT_EQ(replay.code, 0) << replay.out;
  EXPECT_TRUE(has(replay.out, "seed 5, ")) << replay.out;
  EXPECT_TRUE(has(replay.out, "1. B: activate command")) << replay.out;
  const std::string losses = second.out.substr(second.out.rfind("losses Greeks"), 40);
  EXPECT_TRUE(has(replay.out, "Losses: Greeks " + losses.substr(14, 1))) << losses << "\n" << replay.out;
  EXPECT_TRUE(has(replay.out, "Result: ")) << replay.out;
  // A record file replays the same way, and a damaged one is refused with the step named.
  nlohmann::json rec = kept;
  const fs::path file = dir / "part.json";
  std::ofstream(file) << rec.dump();
  ProgramRun part = run_bgbot("replay '" + file.string() + "'", "", "quinn-part");
  EXPECT_EQ(part.code, 0) << part.out;
  EXPECT_TRUE(has(part.out, "Result: the game is not finished")) << part.out;
  rec["steps"][0]["code"] = 1234567;
  std::ofstream(file) << rec.dump();
  ProgramRun bad = run_bgbot("replay '" + file.string() + "'", "", "quinn-bad");
  EXPECT_EQ(bad.code, 1);
  EXPECT_TRUE(has(bad.out, "steps[0]")) << bad.out;
}

}  // namespace bgb::app

namespace bgb::app {

TEST(Terminal, AMovePhaseThatStartsGroupedStaysGrouped_S8) {
  // Akragas, seed 5, Order Three Units Right: the first move menu is long and grouped by unit. After
  // two moves one unit is left with fewer destinations than make a long menu; its menu stays
  // grouped (one line for the unit, its destinations under it), so its number opens the unit's moves
  // as it did before, and does not move it (a play-test moved a unit that way). The line keeps the
  // number it had in the phase's first menu (3).
  const ProgramRun run = run_bgbot("play --seed 5 --bot random --no-store",
                                   "1\n6,10\n7,8\n7,9\n6,10 5,10\n7,8 6,8\n3\n0\nq\n", "move-grouped");
  EXPECT_EQ(run.code, 0) << run.out;
  const size_t second = run.out.find("You: move AX 7,8 -> 6,8");
  ASSERT_NE(second, std::string::npos) << run.out;
  const std::string rest = run.out.substr(second);
  EXPECT_TRUE(has(rest, "  3) move AX 7,9 ... (")) << rest;
  EXPECT_TRUE(has(rest, "Choose one (0 to go back)")) << rest;
  EXPECT_FALSE(has(rest, "You: move AX 7,9")) << rest;
}

}  // namespace bgb::app

namespace bgb::app {

// Play-test round 6: a move menu that starts flat stays flat when a unit's move opens more
// destinations for the others (past the 12 lines that group a first menu), so the lines keep
// their numbers; only past twice that is it grouped. Found in random Akragas games: a flat move
// menu whose move, typed as hexes, leaves a menu of 13 to 24 moves.
TEST(Terminal, AMovePhaseThatStartsFlatStaysFlat_S8) {
  const Scenario& scn = *find_builtin_scenario("001");
  std::string typed;
  const fs::path rec = temp_dir() / "move-flat.json";
  ASSERT_TRUE(record_until("001", [&](const State& s, const ActionList& acts) {
    if (s.decision != Decision::Move || acts.size() > 12) return false;
    for (int i = 0; i < acts.size(); ++i) {
      if (acts[i].type() != ActionType::MoveUnit || acts[i].b() >= kHexes) continue;
      State next = s;
      Rng scratch(0);
      if (!apply(scn, next, acts[i], scratch)) continue;
      ActionList after_move;
      legal_actions(scn, next, after_move);
      // The same phase (not Move-Fire-Move's second moves, a phase of its own).
      if (next.decision == Decision::Move && next.card_step == s.card_step && after_move.size() > 12 &&
          after_move.size() <= 24) {
        typed = hex_name(acts[i].a()) + " " + hex_name(acts[i].b());
        return true;
      }
    }
    return false;
  }, rec));
  const ProgramRun r = run_bgbot("play --no-store --load '" + rec.string() + "'", typed + "\nq\n", "move-flat");
  ASSERT_EQ(r.code, 0) << r.out;
  const size_t moved = r.out.find("You: move");
  ASSERT_NE(moved, std::string::npos) << r.out;
  const std::string rest = r.out.substr(moved);
  EXPECT_TRUE(has(rest, "Your decision: move")) << rest;
  EXPECT_FALSE(has(rest, " destinations)")) << "no unit's line grouped: " << rest;
}

// Play-test round 5 asked for a view of threats: `x` lists, for each side, what each unit could
// battle on its side's next turn were it ordered alone (cca::battle_reach), and `x HEX` one
// unit's battles and where from. Looking changes nothing. Akragas, seed 7, the first decision.
TEST(Terminal, ThreatsShowWhatEachUnitCouldBattleNextTurn_S8_S10) {
  const ProgramRun r = run_bgbot("play --seed 7 --bot random --no-store", "x\nx 6,6\nx 9,9\nx 4,4\nq\n", "threats");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Your units the enemy could battle on its turn (yours <- theirs, kind, dice):\n")) << r.out;
  EXPECT_TRUE(has(r.out, "\n  LI 6,10 <- LC 1,10 fire 1 close 2, LI 2,8 fire 1\n")) << r.out;
  EXPECT_TRUE(has(r.out, "Enemy units yours could battle when ordered (theirs <- yours, kind, dice):\n")) << r.out;
  EXPECT_TRUE(has(r.out, "\n  LB 2,4 <- LB 6,3 fire 1, LB 6,6 fire 1, LC 7,1 fire 1 close 2\n")) << r.out;
  EXPECT_TRUE(has(r.out, "Your LB 6,6, if ordered by a plain card, could battle:\n")) << r.out;
  EXPECT_TRUE(has(r.out, "  fire at LB 2,4, 1 die, from 4,5, 4,6, 5,4 or 5,5\n")) << r.out;
  EXPECT_TRUE(has(r.out, "9,9 is not on the board")) << r.out;
  EXPECT_TRUE(has(r.out, "4,4 holds no unit. Give the hex of a unit: x 2,5 (row,col).")) << r.out;
  const ProgramRun plain = run_bgbot("play --seed 7 --bot random --no-store", "q\n", "threats-none");
  EXPECT_EQ(after(r.out, "(position "), after(plain.out, "(position "));
}

}  // namespace bgb::app
