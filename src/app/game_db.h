// Finished games in an SQLite database: one row per game with its record (game_record.h
// record_to_json) and the scenario it was played on (json_io.h scenario_to_json, so that a game
// on a scenario file can be replayed without the file).
//
// The default database is $XDG_DATA_HOME/bgbot/games.sqlite, or ~/.local/share/bgbot/games.sqlite
// when XDG_DATA_HOME is not set. The database runs in WAL mode and every write is one
// transaction (BEGIN IMMEDIATE ... COMMIT): a crash or a kill during a write loses that write
// only, never a game stored before it. Concurrent writers wait for each other (busy timeout).
#pragma once
#include <string>
#include <vector>

#include "cca/game_record.h"
#include "core/clock.h"  // now_iso(), as games are stamped
#include "cca/scenario.h"

namespace bgb::app {

// The default database file (its directory is created on the first write).
std::string default_db_path();

// Stores a record (finished or not) played on scn. Returns its id (> 0), or -1 with *err set.
long store_record(const std::string& db, const cca::Scenario& scn, const cca::GameRecord& record,
                  std::string* err = nullptr);

// One line of `bgbot games`.
struct StoredGame {
  long id = 0;
  std::string stored;         // when it was stored (ISO 8601, UTC)
  std::string started;        // record.started
  std::string scenario_id;
  std::string scenario_name;
  std::string players[2];     // top, bottom
  bool finished = false;
  std::string winner;         // "top", "bottom" or "" (none)
  bool draw = false;
  int banners[2] = {0, 0};
  int turns = 0;
  long steps = 0;
};

// Every stored game, oldest first. A database file that does not exist holds no games (true).
bool list_records(const std::string& db, std::vector<StoredGame>& out, std::string* err = nullptr);

// The record stored under id. False with *err when the database cannot be read, there is no
// such game, or the stored record does not parse.
bool load_record_from_db(const std::string& db, long id, cca::GameRecord& out, std::string* err = nullptr);

// The scenario the game `id` was played on, as stored with it (for replaying a game on a
// scenario that is not built in, or has changed since).
bool load_scenario_from_db(const std::string& db, long id, cca::Scenario& out, std::string* err = nullptr);

// The record of game `id` as its stored JSON text (record_to_json), for `bgbot games show`.
bool load_record_json_from_db(const std::string& db, long id, std::string& out, std::string* err = nullptr);

}  // namespace bgb::app
