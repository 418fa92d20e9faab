// The SQLite connection and statements of the games database (store/), closed on scope exit.
// Internal to src/store/.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace bgb::store::sql {


inline constexpr int kBusyTimeoutMs = 10000;

inline bool fail(std::string* err, const std::string& m) {
  if (err) *err = m;
  return false;
}

// An open database connection, closed on scope exit (an open transaction is rolled back).
class Db {
 public:
  ~Db() {
    if (db_) sqlite3_close_v2(db_);
  }
  // `schema`: the SQL run when opening for writing (CREATE TABLE IF NOT EXISTS ...).
  bool open(const std::string& path, bool write, std::string* err, const char* schema = nullptr) {
    path_ = path;
    // A database is a regular file: SQLite would put its journal beside anything else
    // (/dev/null-journal), and a FIFO or a device is no place for games.
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
      return fail(err, path + ": not a regular file: no database there");
    // Readers open read-write too (without creating): a reader of a WAL database needs its -shm
    // file; read-only is the fallback for a database it may not write.
    int flags = write ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READWRITE;
    int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK && !write) {
      sqlite3_close_v2(db_);
      db_ = nullptr;
      rc = sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr);
    }
    if (rc != SQLITE_OK)
      return fail(err, path + ": cannot open the database: " + (db_ ? sqlite3_errmsg(db_) : "out of memory"));
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    if (write) {
      if (!exec("PRAGMA journal_mode=WAL", err)) return false;
      if (!exec("PRAGMA synchronous=FULL", err)) return false;
      if (schema && !exec(schema, err)) return false;
    }
    return true;
  }
  bool has_column(const char* name) const {
    sqlite3_stmt* st = nullptr;
    bool found = false;
    if (sqlite3_prepare_v2(db_, "SELECT name FROM pragma_table_info('games')", -1, &st, nullptr) == SQLITE_OK)
      while (sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char* t = sqlite3_column_text(st, 0);
        if (t && std::string(reinterpret_cast<const char*>(t)) == name) found = true;
      }
    sqlite3_finalize(st);
    return found;
  }
  bool exec(const char* sql, std::string* err) {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
      std::string m = msg ? msg : sqlite3_errmsg(db_);
      sqlite3_free(msg);
      return fail(err, path_ + ": " + m);
    }
    return true;
  }
  sqlite3* get() const { return db_; }
  std::string error() const { return path_ + ": " + sqlite3_errmsg(db_); }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) { ok_ = sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) == SQLITE_OK; }
  ~Stmt() { sqlite3_finalize(st_); }
  bool ok() const { return ok_; }
  sqlite3_stmt* get() const { return st_; }
  void text(int i, const std::string& s) { sqlite3_bind_text(st_, i, s.data(), int(s.size()), SQLITE_TRANSIENT); }
  void integer(int i, long long v) { sqlite3_bind_int64(st_, i, v); }
  std::string col_text(int i) const {
    const unsigned char* t = sqlite3_column_text(st_, i);
    return t ? std::string(reinterpret_cast<const char*>(t), size_t(sqlite3_column_bytes(st_, i))) : std::string();
  }
  long long col_int(int i) const { return sqlite3_column_int64(st_, i); }

 private:
  sqlite3_stmt* st_ = nullptr;
  bool ok_ = false;
};

inline bool exists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

inline bool has_table(Db& db, const char* name) {
  Stmt st(db.get(), "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?");
  st.text(1, name);
  return st.ok() && sqlite3_step(st.get()) == SQLITE_ROW;
}


}  // namespace bgb::store::sql
