// Games in progress that live in the database (correspondence play, `bgbot serve`): one row per
// game with its seats' private tokens, its seats, its record so far and each seat's log. Written
// after every decision, in one transaction: a server restart loses no decision it acknowledged.
// Nothing here knows a game: the record and logs are the game's JSON, as text.
#pragma once
#include <string>
#include <vector>

namespace bgb::store {

struct LiveGame {
  std::string id;          // "g" + hex
  std::string game;        // the game's registry name
  std::string created, updated;  // ISO 8601, UTC (updated: set by save_live)
  std::string tokens[2];   // each seat's private token
  std::string seats;       // JSON: [{"player", "bot"}] per seat
  std::string record;      // JSON: the game's record so far
  std::string scenario;    // JSON: the scenario it is played on
  std::string logs;        // JSON: [[events of seat 0], [events of seat 1]]
  bool over = false;
};

// Writes the game (a new one or its next state). False with *err.
bool save_live(const std::string& db, const LiveGame& g, std::string* err = nullptr);
// The game one of whose seats has `token`; false with *err empty when there is none, or with the
// reason when the database cannot be read.
bool find_live(const std::string& db, const std::string& token, LiveGame& out, std::string* err = nullptr);
// How many games are in progress (not over) in the database.
long count_live(const std::string& db, std::string* err = nullptr);

}  // namespace bgb::store
