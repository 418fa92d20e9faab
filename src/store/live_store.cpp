#include "store/live_store.h"

#include "core/clock.h"
#include "store/sqlite_db.h"

namespace bgb::store {

namespace {

using namespace sql;

const char* kLiveSchema =
    "CREATE TABLE IF NOT EXISTS live_games ("
    " id TEXT PRIMARY KEY,"
    " game TEXT NOT NULL,"
    " created TEXT NOT NULL,"
    " updated TEXT NOT NULL,"
    " token0 TEXT NOT NULL UNIQUE,"
    " token1 TEXT NOT NULL UNIQUE,"
    " seats TEXT NOT NULL,"
    " record TEXT NOT NULL,"
    " scenario TEXT NOT NULL,"
    " logs TEXT NOT NULL,"
    " over INTEGER NOT NULL DEFAULT 0"
    ")";

}  // namespace

bool save_live(const std::string& path, const LiveGame& g, std::string* err) {
  try {
    std::error_code ec;
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    Db db;
    if (!db.open(path, true, err, kLiveSchema)) return false;
    if (!db.exec("BEGIN IMMEDIATE", err)) return false;
    Stmt st(db.get(),
            "INSERT OR REPLACE INTO live_games (id, game, created, updated, token0, token1, seats, record, scenario,"
            " logs, over) VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    if (!st.ok()) return fail(err, db.error());
    st.text(1, g.id);
    st.text(2, g.game);
    st.text(3, g.created.empty() ? now_iso() : g.created);
    st.text(4, now_iso());
    st.text(5, g.tokens[0]);
    st.text(6, g.tokens[1]);
    st.text(7, g.seats);
    st.text(8, g.record);
    st.text(9, g.scenario);
    st.text(10, g.logs);
    st.integer(11, g.over ? 1 : 0);
    if (sqlite3_step(st.get()) != SQLITE_DONE) return fail(err, db.error());
    return db.exec("COMMIT", err);
  } catch (const std::exception& e) {
    return fail(err, path + ": " + e.what());
  }
}

bool find_live(const std::string& path, const std::string& token, LiveGame& out, std::string* err) {
  if (err) err->clear();
  if (!exists(path)) return false;
  Db db;
  if (!db.open(path, false, err)) return false;
  if (!has_table(db, "live_games")) return false;
  Stmt st(db.get(),
          "SELECT id, game, created, updated, token0, token1, seats, record, scenario, logs, over FROM live_games"
          " WHERE token0 = ? OR token1 = ?");
  if (!st.ok()) return fail(err, db.error());
  st.text(1, token);
  st.text(2, token);
  const int rc = sqlite3_step(st.get());
  if (rc == SQLITE_DONE) return false;
  if (rc != SQLITE_ROW) return fail(err, db.error());
  out.id = st.col_text(0);
  out.game = st.col_text(1);
  out.created = st.col_text(2);
  out.updated = st.col_text(3);
  out.tokens[0] = st.col_text(4);
  out.tokens[1] = st.col_text(5);
  out.seats = st.col_text(6);
  out.record = st.col_text(7);
  out.scenario = st.col_text(8);
  out.logs = st.col_text(9);
  out.over = st.col_int(10) != 0;
  return true;
}

long count_live(const std::string& path, std::string* err) {
  if (!exists(path)) return 0;
  Db db;
  if (!db.open(path, false, err)) return -1;
  if (!has_table(db, "live_games")) return 0;
  Stmt st(db.get(), "SELECT COUNT(*) FROM live_games WHERE over = 0");
  if (!st.ok() || sqlite3_step(st.get()) != SQLITE_ROW) return -1;
  return long(st.col_int(0));
}

}  // namespace bgb::store
