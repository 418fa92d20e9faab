// The WRG game in the terminal (issue 19): the top-down map and the unit list (drawn from states
// placed in code), then the built bgbot program as a person uses it with piped input: a game
// played to its end, stored and replayed; the bot's commitments never shown before the reveal;
// undo, choices by text, the commands; the bench's signature.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

// The view is compiled into bgbot only (src/app is not a library); the test compiles it too, so
// that the map can be checked cell by cell without running the program.
#include "scratch_dir.h"
#include "app/wrg6_view.cpp"
#include "games/all_games.h"

#ifndef BGBOT_BINARY
#error "BGBOT_BINARY (the path of the built bgbot) must be defined by the build"
#endif

namespace {

using namespace bgb;
using namespace bgb::wrg6;
namespace v = bgb::app::wrg6view;
namespace fs = std::filesystem;

UnitSpec unit(const std::string& name, Troop t, int x, int y, int facing, int files, int ranks, Order o = Order::H) {
  UnitSpec u;
  u.name = name;
  u.troop = t;
  u.x = x, u.y = y, u.facing = facing;
  u.files = uint8_t(files), u.ranks = uint8_t(ranks);
  u.order = o;
  u.melee = t == Troop::HI ? Melee::LongSpear : Melee::InfantryOther;
  if (t == Troop::LI) u.missile = Missile::Javelin;
  u.obj_x = x, u.obj_y = facing == 90 ? 590 : 10;
  return u;
}

// An 800 x 600 table, 10 paces a column: a phalanx of each side facing the other, light foot of
// A's, a wood and a hill.
Scenario little_table() {
  Scenario s;
  s.id = "view";
  s.title = "view";
  s.side_name[0] = "Reds";
  s.side_name[1] = "Blues";
  s.table_w = 800, s.table_h = 600;
  s.army[0] = {unit("Phalanx", Troop::HI, 200, 100, 90, 6, 2, Order::Q), unit("Slingers", Troop::LI, 600, 300, 90, 4, 1, Order::S)};
  s.army[0][0].general = true;
  s.army[1] = {unit("Warband", Troop::HI, 200, 400, 270, 6, 2, Order::A)};
  s.army[1][0].general = true;
  s.terrain = {TerrainPiece{TerrainKind::Wood, "wood", 700, 500, 790, 590}, TerrainPiece{TerrainKind::Hill, "hill", 0, 500, 90, 590}};
  return s;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

std::string draw(const Scenario& scn, const State& s, v::MapOptions o = {}) {
  std::ostringstream out;
  v::draw_map(scn, s, o, out);
  return out.str();
}

// The map row (a grid line, between the '|' borders) that holds `what`, and its index; -1 if none.
int row_with(const std::vector<std::string>& rows, const std::string& what) {
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i].find('|') != std::string::npos && has(rows[i], what)) return int(i);
  return -1;
}

TEST(Wrg6View, TheScaleFitsTheTerminal) {
  const Scenario scn = little_table();
  EXPECT_EQ(v::fit_scale(scn, 80, 0), 15);  // 800 p in 54 columns
  EXPECT_EQ(v::fit_scale(scn, 120, 0), 10);
  EXPECT_EQ(v::fit_scale(scn, 120, 40), 20);  // 30 rows at 10 p would leave too little room
  EXPECT_EQ(v::fit_scale(scn, 80, 24), 15);   // nothing fits 24 rows: the width decides
  for (int width : {80, 100, 120}) {
    v::MapOptions o;
    o.width = width;
    for (const std::string& l : lines_of(draw(scn, setup(scn), o))) EXPECT_LE(int(l.size()), width) << l;
  }
}

TEST(Wrg6View, EachUnitIsItsRectangleWithItsTagOnItsFront) {
  const Scenario scn = little_table();
  const State s = setup(scn);
  v::MapOptions o;
  o.scale = 10;  // one column 10 p, one row 20 p
  o.width = 100;
  const std::vector<std::string> rows = lines_of(draw(scn, s, o));
  // A1 faces up the table: its tag on its front row, its two ranks (40 p, two rows) behind it,
  // below. B1 faces down: its fill above its front.
  const int a1 = row_with(rows, "A1"), b1 = row_with(rows, "B1");
  ASSERT_GE(a1, 0);
  ASSERT_GE(b1, 0);
  EXPECT_LT(b1, a1) << "B stands up the table, drawn above";
  EXPECT_TRUE(has(rows[size_t(a1)], "^^A1^^")) << rows[size_t(a1)];
  EXPECT_TRUE(has(rows[size_t(a1 + 1)], "############")) << rows[size_t(a1 + 1)];
  EXPECT_TRUE(has(rows[size_t(b1)], "vvB1vv")) << rows[size_t(b1)];
  EXPECT_TRUE(has(rows[size_t(b1 - 1)], "============")) << rows[size_t(b1 - 1)];
  // The phalanx is 120 p across: twelve columns, from x 140 to 260 (columns 14 to 25).
  const size_t left = rows[size_t(a1)].find('^'), bar = rows[size_t(a1)].find('|');
  EXPECT_EQ(left - bar - 1, 14u) << rows[size_t(a1)];
  EXPECT_EQ(rows[size_t(a1)].find_last_of('^') - left + 1, 12u);
  // Terrain: the wood and the hill in their corners, and the key names them.
  const std::string map = draw(scn, s, o);
  EXPECT_TRUE(has(rows[2], "%%%%%%%%")) << rows[2];
  EXPECT_TRUE(has(rows[2], "|:::::::::")) << rows[2];
  EXPECT_TRUE(has(map, "% wood")) << map;
  EXPECT_TRUE(has(map, ": hill")) << map;
}

TEST(Wrg6View, FacingTheUnitAskedRoutersAndFrontsMeeting) {
  const Scenario scn = little_table();
  State s = setup(scn);
  v::MapOptions o;
  o.scale = 10;
  o.width = 100;
  // A2 turned to face east (0): its front is a column of '>' right of its fill, with the tag
  // read downwards.
  Unit& a2 = s.u[unit_id(0, 1)];
  a2.facing = 0;
  std::vector<std::string> rows = lines_of(draw(scn, s, o));
  const int a = row_with(rows, "..##A."), two = row_with(rows, "..##2.");
  EXPECT_GE(row_with(rows, "..##>."), 0);
  ASSERT_GE(a, 0) << draw(scn, s, o);
  EXPECT_EQ(two, a + 1);
  // The unit asked is starred behind its front; a routing unit shows '!'.
  o.highlight = unit_id(1, 0);
  s.u[unit_id(0, 0)].flags |= kBroken;
  rows = lines_of(draw(scn, s, o));
  const int b1 = row_with(rows, "B1");
  EXPECT_TRUE(has(rows[size_t(b1 - 1)], "************")) << rows[size_t(b1 - 1)];
  EXPECT_TRUE(has(rows[size_t(row_with(rows, "A1") + 1)], "!!!!!!")) << draw(scn, s, o);
  // The two phalanxes front to front (A1's front at y 395 against B1's at 400 is the same row at
  // 30 p a row): the shared cells read X.
  s.u[unit_id(0, 0)].flags &= ~uint32_t(kBroken);
  s.u[unit_id(0, 0)].y = 395;
  o.scale = 15;
  const std::string map = draw(scn, s, o);
  EXPECT_TRUE(has(map, "XXXX")) << map;
}

TEST(Wrg6View, TheListShowsFiguresOrdersAndFlags) {
  const Scenario scn = little_table();
  State s = setup(scn);
  const int a1 = unit_id(0, 0), a2 = unit_id(0, 1), b1 = unit_id(1, 0);
  std::string l = v::unit_line(scn, s, a1, 0, a1);
  EXPECT_EQ(l.rfind("> A1  Phalanx", 0), 0u) << l;
  EXPECT_TRUE(has(l, "12/12 240  Q")) << l;
  EXPECT_TRUE(has(l, "C-in-C")) << l;
  s.u[a1].next_order = uint8_t(Order::A);
  s.u[a1].flags |= kShaken | kImpetuous;
  s.u[a1].figs = 10;
  l = v::unit_line(scn, s, a1, 0, -1);
  EXPECT_TRUE(has(l, "10/12 200  Q>A")) << l;
  EXPECT_TRUE(has(l, "shaken")) << l;
  EXPECT_TRUE(has(l, "impetuous")) << l;
  s.u[a2].flags |= kBroken;
  EXPECT_TRUE(has(v::unit_line(scn, s, a2, 0, -1), "BROKEN (routing)"));
  s.u[b1].flags &= ~uint32_t(kAlive);
  s.u[b1].figs = 0;
  EXPECT_TRUE(has(v::unit_line(scn, s, b1, 0, -1), "destroyed"));
  EXPECT_EQ(v::men_lost(scn, s, 0), 40);
  EXPECT_EQ(v::men_lost(scn, s, 1), 240);
  for (const std::string& line : lines_of(v::unit_line(scn, s, a1, 0, -1))) EXPECT_LE(line.size(), 80u) << line;
}

// The list never names another side's commitment, even when it is handed the true state.
TEST(Wrg6View, AnotherSidesCommitmentIsNeverNamed) {
  const Scenario scn = little_table();
  State s = setup(scn);
  s.step = Step::Move;
  s.side = 1;
  const int a1 = unit_id(0, 0), b1 = unit_id(1, 0);
  s.commit[a1] = make_action(Kind::Advance, a1, 4);
  s.commit[b1] = make_action(Kind::Hold, b1);
  EXPECT_TRUE(has(v::unit_line(scn, s, a1, 0, -1), "entered: advance the full move"));
  const std::string theirs = v::unit_line(scn, s, a1, 1, -1);
  EXPECT_TRUE(has(theirs, "has committed")) << theirs;
  EXPECT_FALSE(has(theirs, "advance")) << theirs;
  // While A enters, a B unit already entered had only one choice (entered for it).
  s.side = 0;
  EXPECT_TRUE(has(v::unit_line(scn, s, b1, 0, -1), "its only choice is entered"));
  EXPECT_FALSE(has(v::unit_line(scn, s, b1, 0, -1), "hold"));
  // The referee (-1) sees everything.
  EXPECT_TRUE(has(v::unit_line(scn, s, b1, -1, -1), "entered: hold"));
}

TEST(Wrg6View, ChoicesAreExplainedInPaces) {
  const Scenario scn = little_table();
  State s = setup(scn);
  const int a1 = unit_id(0, 0), a2 = unit_id(0, 1), b1 = unit_id(1, 0);
  EXPECT_EQ(v::choice_details(scn, s, make_action(Kind::Advance, a1, 2)), "up to 30 p");
  EXPECT_EQ(v::choice_details(scn, s, make_action(Kind::Retire, a1)), "30 p straight back, still facing the enemy");
  // B1's front 35 p from A1's: a charge names the distance, the charge move and the edge.
  s.u[b1].y = 135;
  EXPECT_EQ(v::choice_details(scn, s, make_action(Kind::Charge, a1, b1)), "35 p of 80, into its front");
  // Slingers 25 p from the warband's flank: the range and the casualties a die may bring.
  s.u[a2].x = 95, s.u[a2].y = 100, s.u[a2].facing = 0;
  s.u[b1].x = 200, s.u[b1].y = 180, s.u[b1].facing = 270;
  const std::string shot = v::choice_details(scn, s, make_action(Kind::Shoot, a2, b1));
  EXPECT_TRUE(has(shot, "4 figures at")) << shot;
  EXPECT_TRUE(has(shot, " men")) << shot;
  EXPECT_TRUE(has(v::choice_details(scn, s, make_action(Kind::NewOrder, a1, int(Order::A))), "attack"));
  // An advance with less room than it asks for says so (a play-test's "up to 45 p" that went 0 p):
  // the warband's front 30 p ahead, a normal move stops 5 p short of it (I-CHG).
  s.u[b1].x = 200, s.u[b1].y = 130, s.u[b1].facing = 270;
  EXPECT_EQ(v::choice_details(scn, s, make_action(Kind::Advance, a1, 4)), "up to 60 p; room now for 25 p (in the way, unless it moves first)");
  EXPECT_EQ(v::choice_details(scn, s, make_action(Kind::Advance, a1, 1)), "up to 15 p");
}

TEST(Wrg6View, UnitsByTagOrIdAndTextWrapped) {
  const Scenario scn = little_table();
  EXPECT_EQ(v::parse_unit(scn, "A1"), 0);
  EXPECT_EQ(v::parse_unit(scn, "a2"), 1);
  EXPECT_EQ(v::parse_unit(scn, "b1"), 16);
  EXPECT_EQ(v::parse_unit(scn, "16"), 16);
  EXPECT_EQ(v::parse_unit(scn, "A3"), -1);
  EXPECT_EQ(v::parse_unit(scn, "B0"), -1);
  EXPECT_EQ(v::parse_unit(scn, "x"), -1);
  const std::string long_line = "  " + std::string(30, 'a') + " " + std::string(30, 'b') + " " + std::string(30, 'c');
  const std::string w = v::wrap(long_line, 70, 6);
  const std::vector<std::string> parts = lines_of(w);
  ASSERT_EQ(parts.size(), 2u) << w;
  EXPECT_EQ(parts[1].rfind("      ccc", 0), 0u) << w;
  EXPECT_EQ(v::wrap("short\nlines", 70, 4), "short\nlines");
}

TEST(Wrg6View, TheOpeningEventsAreThoseOfTheGamesStart) {
  games::register_all_games();
  const auto scn = find_builtin("s2");
  ASSERT_TRUE(scn);
  const std::vector<game::EventView> ev = v::opening_events(*scn, 202, 1);
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev[0].json.value("type", ""), "period");
  // The same run of the rules as a new game of that seed: the same state after it.
  Rng a(202), b(202);
  Events log;
  EXPECT_TRUE(new_game(*scn, a, &log) == new_game(*scn, b));
  EXPECT_EQ(log.size(), ev.size());
}

// ---- The program ----

struct ProgramRun {
  int code = -1;
  std::string out;
};

fs::path temp_dir() {
  static bgb::test::ScratchDir dir("bgbot-wrg6");
  return dir.path();
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

ProgramRun run_bgbot(const std::string& args, const std::string& input, const std::string& name) {
  const fs::path in = temp_dir() / (name + ".in"), out = temp_dir() / (name + ".out");
  std::ofstream(in, std::ios::binary) << input;
  const std::string cmd = std::string("NO_COLOR=1 '") + BGBOT_BINARY + "' " + args + " < '" + in.string() + "' > '" +
                          out.string() + "' 2>&1";
  const int status = std::system(cmd.c_str());
  return ProgramRun{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out)};
}

std::string repeat(const std::string& line, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += line;
  return s;
}

// A whole game against the random bot by always taking the last choice (the fullest advance,
// a charge when one is offered), stored and replayed from the database and from the saved file.
TEST(Wrg6Terminal, AGameIsPlayedToItsEndStoredAndReplayed) {
  const fs::path dir = temp_dir() / "game";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string db = (dir / "games.sqlite").string(), saved = (dir / "game.json").string();
  // "9" is the last choice of most lists; where there are fewer the program says so and asks
  // again, and "1" follows.
  const ProgramRun r = run_bgbot("play --game wrg6 --scenario s1 --bot random --seed 7 --autosave off --db '" + db + "' --save '" +
                                     saved + "'",
                                 repeat("9\n1\n", 400), "game");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "You play Greeks (A, from the bottom edge) against random")) << r.out;
  EXPECT_TRUE(has(r.out, "Period 1 of 12, normal moves (W-SEQ 7). A1 Left phalanx (hi)")) << r.out;
  const bool ended = has(r.out, "You win: ") || has(r.out, "You lose: ") || has(r.out, "A draw in period");
  ASSERT_TRUE(ended) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  EXPECT_TRUE(has(r.out, "seed 7.")) << "the seed is told at the end";
  EXPECT_TRUE(has(r.out, "Stored as game 1 in")) << r.out;
  for (const std::string& l : lines_of(r.out)) EXPECT_LE(l.size(), 80u) << l;
  const std::string result = r.out.substr(r.out.rfind("Men lost: "), 40);
  const ProgramRun again = run_bgbot("replay 1 --db '" + db + "'", "", "game-replay");
  EXPECT_EQ(again.code, 0) << again.out;
  EXPECT_TRUE(has(again.out, "A: Greeks (human), B: Gauls (random)")) << again.out;
  EXPECT_TRUE(has(again.out, "1. period 1 move, A1 Left phalanx (hi): ")) << again.out;
  EXPECT_TRUE(has(again.out, "Result: ")) << again.out;
  EXPECT_TRUE(has(again.out, result.substr(0, result.find('.')))) << result << "\n" << again.out;
  const ProgramRun file = run_bgbot("replay --quiet '" + saved + "'", "", "game-file");
  EXPECT_EQ(file.code, 0) << file.out;
  EXPECT_TRUE(has(file.out, result.substr(0, result.find('.')))) << file.out;
  // A damaged record is refused with the step named.
  nlohmann::json rec = nlohmann::json::parse(slurp(saved));
  rec["steps"][0]["code"] = 12345;
  std::ofstream(dir / "bad.json") << rec.dump();
  const ProgramRun bad = run_bgbot("replay '" + (dir / "bad.json").string() + "'", "", "game-bad");
  EXPECT_EQ(bad.code, 1);
  EXPECT_TRUE(has(bad.out, "steps[0]")) << bad.out;
}

// Playing B: A's bot commits first in every step, and nothing of what it entered shows until
// the step resolves: the list says only that it has committed, the log only for which unit.
TEST(Wrg6Terminal, TheBotsCommitmentsAreNotShownBeforeTheReveal) {
  const ProgramRun r = run_bgbot("play --game wrg6 --scenario s2 --side B --bot random --seed 11 --autosave off --no-store",
                                 repeat("2\n1\n", 200), "secret");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "You play Hoplites (B, from the top edge)")) << r.out;
  EXPECT_TRUE(has(r.out, "Horsemen have committed for A")) << r.out;
  EXPECT_TRUE(has(r.out, "has committed")) << r.out;
  // action_text_for's "a commitment for ..." is what a session gives for a secret choice: it is
  // not printed at all.
  EXPECT_FALSE(has(r.out, "a commitment for")) << r.out;
  for (const std::string& l : lines_of(r.out)) {
    if (l.size() > 4 && l[2] == 'A' && l[3] >= '1' && l[3] <= '9') {
      EXPECT_FALSE(has(l, "entered:")) << l;
    }
    EXPECT_NE(l.rfind("bot:", 0), 0u) << l;
  }
}

// Undo takes back the person's own commitments of the step, not past a reveal; a choice may be
// named by a part of its text; the commands answer.
TEST(Wrg6Terminal, UndoTextChoicesAndCommands) {
  const std::string input =
      "u\n"          // nothing of B's yet in this step
      "full\n"       // A1 "advance the full move"
      "advance\n"    // A2: several choices say it
      "u\n"          // A1's commitment taken back
      "1\n"          // A1 again
      "map\n"
      "i b1\n"
      "z a1\n"
      "l\n"
      "log\n"
      "?\n"
      "q\n";
  const ProgramRun r = run_bgbot("play --game wrg6 --scenario s1 --bot random --seed 3 --autosave off --no-store", input, "undo");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "nothing undone")) << r.out;
  EXPECT_TRUE(has(r.out, "A1 Left phalanx (hi): advance the full move")) << r.out;
  EXPECT_TRUE(has(r.out, "which one?")) << r.out;
  EXPECT_TRUE(has(r.out, "undone 1 commitment(s)")) << r.out;
  EXPECT_TRUE(has(r.out, "B1 Left warband (hi) of Gauls: irr-b, hand to hand throwing-sword")) << r.out;
  EXPECT_TRUE(has(r.out, "Around A1 Left phalanx (hi)")) << r.out;
  EXPECT_TRUE(has(r.out, "shoots javelin")) << "l lists every unit in full";
  EXPECT_TRUE(has(r.out, "undo your last commitment")) << "the help";
}

TEST(Wrg6Terminal, AGameIsKeptAndResumed) {
  const fs::path dir = temp_dir() / "kept";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string keep = (dir / "autosave.json").string();
  const std::string common = " --game wrg6 --scenario s2 --bot random --autosave '" + keep + "' --no-store";
  const ProgramRun first = run_bgbot("play" + common + " --seed 9", "1\n1\nq\n", "kept-first");
  EXPECT_EQ(first.code, 0) << first.out;
  EXPECT_TRUE(has(first.out, "bgbot play --game wrg6 --resume continues it")) << first.out;
  ASSERT_TRUE(fs::exists(keep));
  const nlohmann::json kept = nlohmann::json::parse(slurp(keep));
  EXPECT_EQ(kept["game"], "wrg6");
  const ProgramRun second = run_bgbot("play" + common + " --resume", "q\n", "kept-second");
  EXPECT_EQ(second.code, 0) << second.out;
  EXPECT_TRUE(has(second.out, "Continuing " + keep + " (" + std::to_string(kept["steps"].size()) + " commitments)")) << second.out;
  EXPECT_TRUE(has(second.out, "Lately:")) << second.out;
  EXPECT_TRUE(has(second.out, "You play Horsemen (A")) << second.out;
}

TEST(Wrg6Terminal, TheBenchHasASignature) {
  const ProgramRun a = run_bgbot("bench --game wrg6 --games 6 --json", "", "bench-a");
  const ProgramRun b = run_bgbot("bench --game wrg6 --games 6 --json", "", "bench-b");
  ASSERT_EQ(a.code, 0) << a.out;
  const nlohmann::json ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["game"], "wrg6");
  EXPECT_EQ(ja["scenario"], "s1");
  EXPECT_GT(ja["signature"].get<long>(), 6 * 12);
  EXPECT_EQ(ja["signature"], jb["signature"]);
  EXPECT_EQ(ja["final_positions"], jb["final_positions"]);
  EXPECT_GT(ja["actions_per_s"].get<double>(), 0);
}

}  // namespace
