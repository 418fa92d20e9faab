// Games in an SQLite database, for every game of the registry: one row per game with its record
// and the scenario it was played on (the game's own JSON of both, so that a game on a scenario
// file can be replayed without the file), and a summary for listing (seats, winner, scores,
// turns). The session stores its game here (play/session.h); nothing here knows a game.
//
// The default database is $XDG_DATA_HOME/bgbot/games.sqlite, or ~/.local/share/bgbot/games.sqlite
// when XDG_DATA_HOME is not set. The database runs in WAL mode and every write is one
// transaction (BEGIN IMMEDIATE ... COMMIT): a crash or a kill during a write loses that write
// only, never a game stored before it. Concurrent writers wait for each other (busy timeout).
// A database written before games had names reads as C&C's (the column `game` is added).
#pragma once
#include <string>
#include <vector>

namespace bgb::store {

// The default database file (its directory is created on the first write).
std::string default_db_path();

// One game as stored, and as listed by `bgbot games` (the texts are empty in a listing).
struct StoredGame {
  long id = 0;
  std::string game = "cca";   // the game's registry name
  std::string stored;         // when it was stored (ISO 8601, UTC); set by store_game
  std::string started;        // when it began
  std::string scenario_id;
  std::string scenario_name;
  std::string scenario_hash;
  std::string seed;
  std::string players[2];     // seat 0, seat 1 (C&C: top, bottom)
  bool finished = false;
  std::string winner;         // the winning seat's name, or "" (none)
  bool draw = false;
  int score[2] = {0, 0};      // each seat's score (C&C: banners)
  int turns = 0;
  long steps = 0;
  std::string record;         // the game's record as JSON text
  std::string scenario;       // the scenario as JSON text
};

// Stores a game (finished or not). Returns its id (> 0), or -1 with *err set.
long store_game(const std::string& db, const StoredGame& g, std::string* err = nullptr);

// Every stored game, oldest first, without their texts. A database file that does not exist
// holds no games (true).
bool list_games(const std::string& db, std::vector<StoredGame>& out, std::string* err = nullptr);

// The record and scenario JSON texts of game `id` (and its game's name). False with *err when
// the database cannot be read or there is no such game.
bool load_game_texts(const std::string& db, long id, std::string& game, std::string& record, std::string& scenario,
                     std::string* err = nullptr);

}  // namespace bgb::store
