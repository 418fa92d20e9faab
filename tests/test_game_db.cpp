// Game records in SQLite (app/game_db.h): store, list, show, replay from the database, the
// engine's automatic storing, and that an interrupted or killed write loses no earlier game.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "scratch_dir.h"
#include "ai/random_bot.h"
#include "cca/model/bots.h"
#include "app/engine_protocol.h"
#include "app/game_db.h"
#include "core/text.h"
#include "store/game_store.h"
#include "cca/game_record.h"
#include "cca/json_io.h"
#include "cca/rules.h"

#ifndef BGBOT_BINARY
#error "BGBOT_BINARY (the path of the built bgbot) must be defined by the build"
#endif

using json = nlohmann::json;
using namespace bgb;
using namespace bgb::app;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  static bgb::test::ScratchDir root("bgbot-db");
  fs::path d = root.path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// A random game on scenario `id` with seed `seed`, recorded to the end.
cca::GameRecord random_game(const std::string& id, uint64_t seed, cca::State* final_state = nullptr) {
  const cca::Scenario& scn = *cca::find_builtin_scenario(id);
  Rng rng(seed), bot(seed + 1000);
  cca::State s = cca::new_game(scn, rng);
  cca::Recorder rec(scn, seed, "random", "random");
  rec.record().started = "2024-01-01T00:00:00Z";
  for (int n = 0; n < 100000 && !cca::is_terminal(s); ++n) {
    cca::Action a = cca::random_action(scn, s, bot);
    EXPECT_TRUE(rec.apply(s, a, rng));
  }
  rec.finish(s);
  if (final_state) *final_state = s;
  return rec.record();
}

std::string run(const std::string& args) {
  std::string cmd = std::string("'") + BGBOT_BINARY + "' " + args + " 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

}  // namespace

TEST(GameDb, StoreListShowReplay) {
  fs::path dir = fresh_dir("store");
  const std::string db = (dir / "sub" / "games.sqlite").string();  // the directory is created
  std::vector<StoredGame> games;
  std::string err;
  ASSERT_TRUE(list_records(db, games, &err)) << err;  // no file yet: no games
  EXPECT_TRUE(games.empty());

  const cca::Scenario& scn = *cca::find_builtin_scenario("001");
  cca::State end1, end2;
  cca::GameRecord r1 = random_game("001", 21, &end1), r2 = random_game("001", 22, &end2);
  ASSERT_TRUE(r1.finished);
  long id1 = store_record(db, scn, r1, &err);
  ASSERT_GT(id1, 0) << err;
  long id2 = store_record(db, scn, r2, &err);
  ASSERT_GT(id2, id1) << err;

  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].id, id1);
  EXPECT_EQ(games[0].scenario_id, "001");
  EXPECT_EQ(games[0].players[0], "random");
  EXPECT_EQ(games[0].finished, true);
  EXPECT_EQ(games[0].steps, long(r1.steps.size()));
  EXPECT_EQ(games[0].turns, r1.turns);
  EXPECT_EQ(games[0].score[0], r1.banners[0]);
  EXPECT_EQ(games[1].id, id2);

  // Load: the same record, and it replays to the same final position (also on the stored scenario).
  cca::GameRecord back;
  ASSERT_TRUE(load_record_from_db(db, id1, back, &err)) << err;
  EXPECT_EQ(cca::record_to_json(scn, back), cca::record_to_json(scn, r1));
  cca::State replayed;
  ASSERT_TRUE(cca::replay_record(scn, back, replayed, &err)) << err;
  EXPECT_TRUE(replayed == end1);
  cca::Scenario stored_scn;
  ASSERT_TRUE(load_scenario_from_db(db, id2, stored_scn, &err)) << err;
  ASSERT_TRUE(load_record_from_db(db, id2, back, &err)) << err;
  ASSERT_TRUE(cca::replay_record(stored_scn, back, replayed, &err)) << err;
  EXPECT_TRUE(replayed == end2);

  EXPECT_FALSE(load_record_from_db(db, 999, back, &err));
  EXPECT_NE(err.find("no game 999"), std::string::npos) << err;
  EXPECT_FALSE(load_record_from_db((dir / "none.sqlite").string(), 1, back, &err));

  // The program: `games` lists them, `games show ID` prints the record.
  std::string list = run("games --db '" + db + "'");
  EXPECT_NE(list.find("2 game(s)"), std::string::npos) << list;
  json arr = json::parse(run("games --json --db '" + db + "'"), nullptr, false);
  ASSERT_TRUE(arr.is_array());
  ASSERT_EQ(arr.size(), 2u);
  EXPECT_EQ(arr[1]["id"], id2);
  json shown = json::parse(run("games show " + std::to_string(id1) + " --db '" + db + "'"), nullptr, false);
  ASSERT_FALSE(shown.is_discarded());
  EXPECT_EQ(shown, cca::record_to_json(scn, r1));
  std::string missing = run("games show 999 --db '" + db + "'");
  EXPECT_NE(missing.find("no game 999"), std::string::npos) << missing;
}

TEST(GameDb, DefaultPathFollowsXdg) {
  const char* old_xdg = std::getenv("XDG_DATA_HOME");
  const std::string saved = old_xdg ? old_xdg : "";
  setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(default_db_path(), "/tmp/xdg-test/bgbot/games.sqlite");
  unsetenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (home) {
    EXPECT_EQ(default_db_path(), std::string(home) + "/.local/share/bgbot/games.sqlite");
  }
  if (old_xdg) setenv("XDG_DATA_HOME", saved.c_str(), 1);
}

// A write that never commits (rolled back, or its process gone) leaves every earlier game.
TEST(GameDb, InterruptedWritesLoseNoEarlierGame) {
  fs::path dir = fresh_dir("crash");
  const std::string db = (dir / "games.sqlite").string();
  const cca::Scenario& scn = *cca::find_builtin_scenario("001");
  std::string err;
  cca::GameRecord r = random_game("001", 31);
  ASSERT_GT(store_record(db, scn, r, &err), 0) << err;
  ASSERT_GT(store_record(db, scn, r, &err), 0) << err;

  // 1. A transaction rolled back.
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h, "DELETE FROM games", nullptr, nullptr, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h, "INSERT INTO games (stored, scenario_id, seed, finished, record, scenario) "
                              "VALUES ('x', 'x', '0', 0, 'garbage', 'garbage')", nullptr, nullptr, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(h);
  }
  std::vector<StoredGame> games;
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);

  // 2. A process that dies in the middle of its transaction (no COMMIT, no close).
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    sqlite3* h = nullptr;
    if (sqlite3_open(db.c_str(), &h) != SQLITE_OK) _exit(2);
    sqlite3_exec(h, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    sqlite3_exec(h, "DELETE FROM games", nullptr, nullptr, nullptr);
    for (int i = 0; i < 200; ++i)
      sqlite3_exec(h, "INSERT INTO games (stored, scenario_id, seed, finished, record, scenario) "
                      "VALUES ('x', 'x', '0', 0, 'garbage', 'garbage')", nullptr, nullptr, nullptr);
    _exit(0);  // killed: the transaction is never committed
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);
  for (const StoredGame& g : games) {
    cca::GameRecord back;
    EXPECT_TRUE(load_record_from_db(db, g.id, back, &err)) << err;
  }

  // 3. A writer killed with SIGKILL at a random moment while storing game after game: every game
  // it reports stored before the kill is there, and the database takes new games afterwards.
  int pipefd[2];
  ASSERT_EQ(pipe(pipefd), 0);
  child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(pipefd[0]);
    for (;;) {
      long id = store_record(db, scn, r, nullptr);
      if (id <= 0) _exit(3);
      if (write(pipefd[1], &id, sizeof id) != sizeof id) _exit(4);
    }
  }
  close(pipefd[1]);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(child, SIGKILL);
  waitpid(child, &status, 0);
  std::vector<long> reported;
  long id;
  while (read(pipefd[0], &id, sizeof id) == sizeof id) reported.push_back(id);
  close(pipefd[0]);
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  EXPECT_GE(games.size(), 2u + reported.size());
  for (long want : reported) {
    cca::GameRecord back;
    EXPECT_TRUE(load_record_from_db(db, want, back, &err)) << err;
  }
  for (const StoredGame& g : games) {
    cca::GameRecord back;
    EXPECT_TRUE(load_record_from_db(db, g.id, back, &err)) << "game " << g.id << ": " << err;
  }
  long after = store_record(db, scn, r, &err);
  EXPECT_GT(after, 0) << err;
}

// `bgbot engine --db`: a game stored automatically at its end; `store` on request.
TEST(GameDb, EngineStoresFinishedGames) {
  fs::path dir = fresh_dir("engine");
  const std::string db = (dir / "games.sqlite").string();
  EngineOptions opt;
  opt.db_path = db;
  opt.auto_store = true;
  EngineSession s(opt);
  auto call = [&](const json& j) { return json::parse(handle_line(s, j.dump())); };
  ASSERT_EQ(call({{"cmd", "new"}, {"seed", 12}, {"players", {{"top", "a"}, {"bottom", "b"}}}})["ok"], true);
  json stored = call({{"cmd", "store"}});  // an unfinished game may be stored on request
  ASSERT_EQ(stored["ok"], true) << stored;
  EXPECT_EQ(stored["finished"], false);
  Rng choose(12);
  json last;
  for (int n = 0; n < 100000; ++n) {
    json legal = call({{"cmd", "legal"}});
    if (legal["game_over"] == true) break;
    last = call({{"cmd", "apply"}, {"action", choose.below(uint32_t(legal["actions"].size()))}});
    ASSERT_EQ(last["ok"], true);
  }
  ASSERT_EQ(last["game_over"], true);
  ASSERT_TRUE(last["stored"].is_number_integer()) << last;
  std::vector<StoredGame> games;
  std::string err;
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].id, last["stored"].get<long>());
  EXPECT_TRUE(games[1].finished);
  EXPECT_EQ(games[1].players[0], "a");
  EXPECT_EQ(games[1].players[1], "b");
  cca::GameRecord back;
  ASSERT_TRUE(load_record_from_db(db, games[1].id, back, &err)) << err;
  cca::State replayed;
  ASSERT_TRUE(cca::replay_record(*cca::find_builtin_scenario("001"), back, replayed, &err)) << err;
  EXPECT_EQ(cca::position_to_json(*cca::find_builtin_scenario("001"), replayed), call({{"cmd", "save"}})["position"]);
}

// arena --db stores every game; replay takes a stored game's id; play stores a finished game.
TEST(GameDb, ArenaPlayAndReplayById) {
  fs::path dir = fresh_dir("cli");
  const std::string db = (dir / "games.sqlite").string();
  std::string out = run("arena --a random --b random --scenarios 001 --games 2 --seed 3 --db '" + db + "'");
  EXPECT_NE(out.find("stored 2 games"), std::string::npos) << out;
  std::vector<StoredGame> games;
  std::string err;
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);
  out = run("replay " + std::to_string(games[0].id) + " --quiet --db '" + db + "'");
  EXPECT_NE(out.find("Final position"), std::string::npos) << out;
  EXPECT_NE(out.find("Result:"), std::string::npos) << out;
  EXPECT_EQ(run("replay 999 --quiet --db '" + db + "'; echo \"exit=$?\"").find("exit=0"), std::string::npos);
  // A piped terminal game played to its end is stored. The input runs through the menu numbers
  // 1 to 16 and d (a turn's menus keep their numbers as choices are taken).
  std::string cmd = "bash -c \"seq 0 19999 | awk '{n = \\$1 % 17; print (n < 16 ? n + 1 : \\\"d\\\")}' | '" + std::string(BGBOT_BINARY) + "' play --seed 5 --bot random --db '" + db +
                    "' > /dev/null 2>&1\"";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  games.clear();
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 3u);
  EXPECT_TRUE(games[2].finished);
  EXPECT_TRUE(games[2].players[0] == "human" || games[2].players[1] == "human");
}

// A database written before games had names (no `game` column) still lists and replays: its
// games are C&C's, and the first write adds the column without touching them.
TEST(GameDb, ADatabaseFromBeforeGameNamesReadsAsCca) {
  const fs::path dir = fresh_dir("old-schema");
  const std::string db = (dir / "games.sqlite").string();
  const cca::GameRecord r1 = random_game("001", 21);
  const cca::Scenario& scn = *cca::find_builtin_scenario("001");
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    const char* old_schema =
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, stored TEXT NOT NULL, started TEXT NOT NULL "
        "DEFAULT '', scenario_id TEXT NOT NULL, scenario_name TEXT NOT NULL DEFAULT '', scenario_hash TEXT NOT NULL "
        "DEFAULT '', seed TEXT NOT NULL, player_top TEXT NOT NULL DEFAULT '', player_bottom TEXT NOT NULL DEFAULT '', "
        "finished INTEGER NOT NULL, winner TEXT NOT NULL DEFAULT '', draw INTEGER NOT NULL DEFAULT 0, banners_top "
        "INTEGER NOT NULL DEFAULT 0, banners_bottom INTEGER NOT NULL DEFAULT 0, turns INTEGER NOT NULL DEFAULT 0, "
        "steps INTEGER NOT NULL DEFAULT 0, record TEXT NOT NULL, scenario TEXT NOT NULL)";
    ASSERT_EQ(sqlite3_exec(h, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(h,
                                 "INSERT INTO games (stored, scenario_id, seed, finished, banners_top, record, "
                                 "scenario) VALUES ('2026-01-01T00:00:00Z', '001', '21', 1, ?, ?, ?)",
                                 -1, &st, nullptr),
              SQLITE_OK);
    const std::string rec = cca::record_to_json(scn, r1).dump(), sj = cca::scenario_to_json(scn).dump();
    sqlite3_bind_int(st, 1, r1.banners[0]);
    sqlite3_bind_text(st, 2, rec.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, sj.c_str(), -1, SQLITE_TRANSIENT);
    ASSERT_EQ(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_close(h);
  }
  std::vector<StoredGame> games;
  std::string err;
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].game, "cca");
  EXPECT_EQ(games[0].score[0], r1.banners[0]);
  cca::GameRecord back;
  ASSERT_TRUE(load_record_from_db(db, games[0].id, back, &err)) << err;
  EXPECT_EQ(back.steps.size(), r1.steps.size());
  // A new game stored: the column is added, the old game is still there and still C&C's.
  ASSERT_GT(store_record(db, scn, random_game("001", 22), &err), 0) << err;
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].game, "cca");
  EXPECT_EQ(games[1].game, "cca");
  ASSERT_TRUE(load_record_from_db(db, games[0].id, back, &err)) << err;
  EXPECT_EQ(back.steps.size(), r1.steps.size());
  fs::remove_all(dir);
}

// A game of another game in the same database is listed, but not read as a C&C record.
TEST(GameDb, AGameOfAnotherGameIsNotReadAsCca) {
  const fs::path dir = fresh_dir("other-game");
  const std::string db = (dir / "games.sqlite").string();
  store::StoredGame g;
  g.game = "quinn-d10";
  g.scenario_id = "s1";
  g.seed = "1";
  g.record = "{}";
  g.scenario = "{}";
  std::string err;
  const long id = store::store_game(db, g, &err);
  ASSERT_GT(id, 0) << err;
  std::vector<StoredGame> games;
  ASSERT_TRUE(list_records(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].game, "quinn-d10");
  cca::GameRecord r;
  EXPECT_FALSE(load_record_from_db(db, id, r, &err));
  EXPECT_NE(err.find("is a game of quinn-d10, not C&C"), std::string::npos) << err;
  fs::remove_all(dir);
}

// Issue 13: player names come from clients; `bgbot games` prints them safe (no terminal escape,
// no newline breaking the table), and `--db /dev/null` (not a database) leaves no journal beside it.
TEST(GameDb, StoredNamesArePrintedSafeAndDevNullMakesNoJournal) {
  const fs::path dir = fresh_dir("names");
  const std::string db = (dir / "games.sqlite").string();
  store::StoredGame g;
  g.scenario_id = "001";
  g.seed = "1";
  g.players[0] = "evil\x1b[2J\x1b]0;pwned\x07name";
  g.players[1] = "two\nlines\xc2\x9b\xff";
  g.record = "{}";
  g.scenario = "{}";
  std::string err;
  ASSERT_GT(store::store_game(db, g, &err), 0) << err;
  const std::string out = run("games --db '" + db + "'");
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
  EXPECT_EQ(out.find("\xc2\x9b"), std::string::npos) << out;
  EXPECT_EQ(out.find('\xff'), std::string::npos) << out;
  EXPECT_NE(out.find("evil?[2J?]0;pwned?name"), std::string::npos) << out;
  EXPECT_NE(out.find("two?lines??"), std::string::npos) << out;
  EXPECT_EQ(text::printable("caf\xc3\xa9 \xce\xb1"), "caf\xc3\xa9 \xce\xb1") << "printable UTF-8 stays";

  // /dev/null is not a database: storing there fails with the reason and creates nothing.
  EXPECT_FALSE(fs::exists("/dev/null-journal"));
  EXPECT_EQ(store::store_game("/dev/null", g, &err), -1);
  EXPECT_NE(err.find("not a regular file"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists("/dev/null-journal"));
  EXPECT_FALSE(fs::exists("/dev/null-wal"));
  fs::remove_all(dir);
}
