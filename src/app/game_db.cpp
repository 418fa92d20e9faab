#include "app/game_db.h"

#include <nlohmann/json.hpp>

#include "cca/json_io.h"

namespace bgb::app {

using json = nlohmann::json;

namespace {

bool fail(std::string* err, const std::string& m) {
  if (err) *err = m;
  return false;
}

// The stored texts of a C&C game.
bool cca_texts(const std::string& db, long id, std::string& record, std::string& scenario, std::string* err) {
  std::string game;
  if (!store::load_game_texts(db, id, game, record, scenario, err)) return false;
  if (game != "cca") return fail(err, db + ": game " + std::to_string(id) + " is a game of " + game + ", not C&C");
  return true;
}

}  // namespace

long store_record(const std::string& path, const cca::Scenario& scn, const cca::GameRecord& r, std::string* err) {
  store::StoredGame g;
  g.game = "cca";
  g.started = r.started;
  g.scenario_id = r.scenario_id;
  g.scenario_name = scn.name;
  g.scenario_hash = r.scenario_hash;
  g.seed = std::to_string(r.seed);
  g.players[0] = r.players[0];
  g.players[1] = r.players[1];
  g.finished = r.finished;
  g.winner = r.winner == cca::Side::None ? "" : cca::side_name(r.winner);
  g.draw = r.draw;
  g.score[0] = r.banners[0];
  g.score[1] = r.banners[1];
  g.turns = r.turns;
  g.steps = long(r.steps.size());
  try {
    g.record = cca::record_to_json(scn, r).dump(-1, ' ', false, json::error_handler_t::replace);
    g.scenario = cca::scenario_to_json(scn).dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& e) {
    fail(err, path + ": " + e.what());
    return -1;
  }
  return store::store_game(path, g, err);
}

bool load_record_json_from_db(const std::string& path, long id, std::string& out, std::string* err) {
  std::string game, scenario;
  return store::load_game_texts(path, id, game, out, scenario, err);
}

bool load_record_from_db(const std::string& path, long id, cca::GameRecord& out, std::string* err) {
  std::string text, scenario;
  if (!cca_texts(path, id, text, scenario, err)) return false;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return fail(err, path + ": game " + std::to_string(id) + ": the stored record is not valid JSON");
  std::string e;
  if (!cca::record_from_json(j, out, &e)) return fail(err, path + ": game " + std::to_string(id) + ": " + e);
  return true;
}

bool load_scenario_from_db(const std::string& path, long id, cca::Scenario& out, std::string* err) {
  std::string record, text;
  if (!cca_texts(path, id, record, text, err)) return false;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return fail(err, path + ": game " + std::to_string(id) + ": the stored scenario is not valid JSON");
  std::string e;
  if (!cca::scenario_from_json(j, out, &e)) return fail(err, path + ": game " + std::to_string(id) + ": " + e);
  return true;
}

}  // namespace bgb::app
