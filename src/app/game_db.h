// C&C: Ancients' records in the games database (store/game_store.h, which knows no game): a
// GameRecord and its Scenario in, and back. The session stores through the store directly
// (play::Session::store); these are for the commands that hold C&C records themselves (the
// arena, replay).
#pragma once
#include <string>
#include <vector>

#include "cca/game_record.h"
#include "cca/scenario.h"
#include "core/clock.h"  // now_iso(), as games are stamped
#include "store/game_store.h"

namespace bgb::app {

using store::default_db_path;
using store::StoredGame;

// Stores a record (finished or not) played on scn. Returns its id (> 0), or -1 with *err set.
long store_record(const std::string& db, const cca::Scenario& scn, const cca::GameRecord& record,
                  std::string* err = nullptr);

// Every stored game, oldest first (store::list_games).
inline bool list_records(const std::string& db, std::vector<StoredGame>& out, std::string* err = nullptr) {
  return store::list_games(db, out, err);
}

// The record stored under id. False with *err when the database cannot be read, there is no
// such game, it is not a game of C&C, or the stored record does not parse.
bool load_record_from_db(const std::string& db, long id, cca::GameRecord& out, std::string* err = nullptr);

// The scenario the game `id` was played on, as stored with it (for replaying a game on a
// scenario that is not built in, or has changed since).
bool load_scenario_from_db(const std::string& db, long id, cca::Scenario& out, std::string* err = nullptr);

// The record of game `id` as its stored JSON text, for `bgbot games show`.
bool load_record_json_from_db(const std::string& db, long id, std::string& out, std::string* err = nullptr);

}  // namespace bgb::app
