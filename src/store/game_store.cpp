#include "store/game_store.h"

#include "store/sqlite_db.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/clock.h"

namespace bgb::store {

namespace {

using namespace sql;

const char* kSchema =
    "CREATE TABLE IF NOT EXISTS games ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " stored TEXT NOT NULL,"
    " started TEXT NOT NULL DEFAULT '',"
    " scenario_id TEXT NOT NULL,"
    " scenario_name TEXT NOT NULL DEFAULT '',"
    " scenario_hash TEXT NOT NULL DEFAULT '',"
    " seed TEXT NOT NULL,"
    " player_top TEXT NOT NULL DEFAULT '',"
    " player_bottom TEXT NOT NULL DEFAULT '',"
    " finished INTEGER NOT NULL,"
    " winner TEXT NOT NULL DEFAULT '',"
    " draw INTEGER NOT NULL DEFAULT 0,"
    " banners_top INTEGER NOT NULL DEFAULT 0,"      /* the seats' scores (C&C: banners) */
    " banners_bottom INTEGER NOT NULL DEFAULT 0,"
    " turns INTEGER NOT NULL DEFAULT 0,"
    " steps INTEGER NOT NULL DEFAULT 0,"
    " record TEXT NOT NULL,"
    " scenario TEXT NOT NULL,"
    " game TEXT NOT NULL DEFAULT 'cca'"
    ")";


// Opens the games table for writing: created if needed; a database from before games had names
// gets the column (every game in it is C&C's).
bool open_games(Db& db, const std::string& path, std::string* err) {
  if (!db.open(path, true, err, kSchema)) return false;
  if (!db.has_column("game") && !db.exec("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'cca'", err))
    return false;
  return true;
}

// Reads one text column of game `id`.
bool read_column(const std::string& path, long id, const char* column, std::string& out, std::string* err) {
  if (!exists(path)) return fail(err, path + ": no such database");
  Db db;
  if (!db.open(path, false, err)) return false;
  if (!has_table(db, "games")) return fail(err, path + ": no game " + std::to_string(id));
  std::string sql = std::string("SELECT ") + column + " FROM games WHERE id = ?";
  Stmt st(db.get(), sql.c_str());
  if (!st.ok()) return fail(err, db.error());
  st.integer(1, id);
  int rc = sqlite3_step(st.get());
  if (rc == SQLITE_DONE) return fail(err, path + ": no game " + std::to_string(id));
  if (rc != SQLITE_ROW) return fail(err, db.error());
  out = st.col_text(0);
  return true;
}

}  // namespace

std::string default_db_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  std::filesystem::path base;
  if (xdg && *xdg) {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    base = std::filesystem::path(home && *home ? home : ".") / ".local" / "share";
  }
  return (base / "bgbot" / "games.sqlite").string();
}

long store_game(const std::string& path, const StoredGame& g, std::string* err) {
  try {
    std::error_code ec;
    std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    Db db;
    if (!open_games(db, path, err)) return -1;
    if (!db.exec("BEGIN IMMEDIATE", err)) return -1;
    Stmt st(db.get(),
            "INSERT INTO games (stored, started, scenario_id, scenario_name, scenario_hash, seed, player_top,"
            " player_bottom, finished, winner, draw, banners_top, banners_bottom, turns, steps, record, scenario, game)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!st.ok()) {
      fail(err, db.error());
      return -1;  // ~Db rolls back
    }
    st.text(1, now_iso());
    st.text(2, g.started);
    st.text(3, g.scenario_id);
    st.text(4, g.scenario_name);
    st.text(5, g.scenario_hash);
    st.text(6, g.seed);
    st.text(7, g.players[0]);
    st.text(8, g.players[1]);
    st.integer(9, g.finished ? 1 : 0);
    st.text(10, g.winner);
    st.integer(11, g.draw ? 1 : 0);
    st.integer(12, g.score[0]);
    st.integer(13, g.score[1]);
    st.integer(14, g.turns);
    st.integer(15, g.steps);
    st.text(16, g.record);
    st.text(17, g.scenario);
    st.text(18, g.game);
    if (sqlite3_step(st.get()) != SQLITE_DONE) {
      fail(err, db.error());
      return -1;
    }
    long id = long(sqlite3_last_insert_rowid(db.get()));
    if (!db.exec("COMMIT", err)) return -1;
    return id;
  } catch (const std::exception& e) {
    fail(err, path + ": " + e.what());
    return -1;
  }
}

bool list_games(const std::string& path, std::vector<StoredGame>& out, std::string* err) {
  out.clear();
  if (!exists(path)) return true;
  Db db;
  if (!db.open(path, false, err)) return false;
  if (!has_table(db, "games")) return true;
  const bool named = db.has_column("game");
  const std::string sql = std::string(
                              "SELECT id, stored, started, scenario_id, scenario_name, player_top, player_bottom, "
                              "finished, winner, draw, banners_top, banners_bottom, turns, steps, scenario_hash, seed") +
                          (named ? ", game" : "") + " FROM games ORDER BY id";
  Stmt st(db.get(), sql.c_str());
  if (!st.ok()) return fail(err, db.error());
  int rc;
  while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) {
    StoredGame g;
    g.id = long(st.col_int(0));
    g.stored = st.col_text(1);
    g.started = st.col_text(2);
    g.scenario_id = st.col_text(3);
    g.scenario_name = st.col_text(4);
    g.players[0] = st.col_text(5);
    g.players[1] = st.col_text(6);
    g.finished = st.col_int(7) != 0;
    g.winner = st.col_text(8);
    g.draw = st.col_int(9) != 0;
    g.score[0] = int(st.col_int(10));
    g.score[1] = int(st.col_int(11));
    g.turns = int(st.col_int(12));
    g.steps = long(st.col_int(13));
    g.scenario_hash = st.col_text(14);
    g.seed = st.col_text(15);
    if (named) g.game = st.col_text(16);
    out.push_back(g);
  }
  if (rc != SQLITE_DONE) return fail(err, db.error());
  return true;
}

bool load_game_texts(const std::string& path, long id, std::string& game, std::string& record, std::string& scenario,
                     std::string* err) {
  if (!read_column(path, id, "record", record, err) || !read_column(path, id, "scenario", scenario, err)) return false;
  std::string named;
  game = read_column(path, id, "game", named, nullptr) ? named : "cca";  // a database from before the column
  return true;
}

}  // namespace bgb::store
