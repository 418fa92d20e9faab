// A finished arena game as JSON and back (arena.h): what MPI ranks send to the one that counts,
// and what a resumed arena reads back from its save directory. Every field, exactly: doubles are
// written in the shortest form that reads back to the same value.
#include <string>

#include "ai/arena.h"

namespace bgb::ai {

namespace {

using nlohmann::json;

json stats_json(const PlayStats& p) {
  return json::array({p.turns, p.idle_turns, p.avoidable_idle, p.passive_turns, p.orders, p.battles, p.banners,
                      p.think_seconds});
}
bool stats_from(const json& j, PlayStats& p) {
  if (!j.is_array() || j.size() != 8) return false;
  for (size_t i = 0; i < 7; ++i)
    if (!j[i].is_number_integer()) return false;
  if (!j[7].is_number()) return false;
  p.turns = j[0], p.idle_turns = j[1], p.avoidable_idle = j[2], p.passive_turns = j[3];
  p.orders = j[4], p.battles = j[5], p.banners = j[6], p.think_seconds = j[7];
  return true;
}

json forecasts_json(const Forecasts& f) {
  json n = json::array(), fc = json::array(), won = json::array();
  for (int i = 0; i < 10; ++i) n.push_back(f.n[i]), fc.push_back(f.forecast[i]), won.push_back(f.won[i]);
  return {{"n", n}, {"forecast", fc}, {"won", won}, {"brier", f.brier}, {"logloss", f.logloss}, {"total", f.total}};
}
bool forecasts_from(const json& j, Forecasts& f) {
  if (!j.is_object()) return false;
  for (const char* k : {"n", "forecast", "won"})
    if (!j.contains(k) || !j[k].is_array() || j[k].size() != 10) return false;
  for (int i = 0; i < 10; ++i) {
    if (!j["n"][i].is_number_integer() || !j["forecast"][i].is_number() || !j["won"][i].is_number()) return false;
    f.n[i] = j["n"][i], f.forecast[i] = j["forecast"][i], f.won[i] = j["won"][i];
  }
  if (!j.value("brier", json()).is_number() || !j.value("logloss", json()).is_number() ||
      !j.value("total", json()).is_number_integer())
    return false;
  f.brier = j["brier"], f.logloss = j["logloss"], f.total = j["total"];
  return true;
}

}  // namespace

json arena_game_to_json(const ArenaGame& g) {
  json pos = json::array();
  for (const ArenaPosition& p : g.positions) {
    json feats = json::array();
    for (double x : p.features) feats.push_back(x);
    pos.push_back({p.turn, p.side, feats, p.result_top});
  }
  return {{"scenario", g.scenario},   {"game", g.game},         {"seed", g.seed},
          {"a_top", g.a_top},         {"result_a", g.result_a}, {"banners_a", g.banners_a},
          {"banners_b", g.banners_b}, {"turns", g.turns},       {"decisions", g.decisions},
          {"aborted", g.aborted},     {"turn_limit", g.turn_limit}, {"forfeit", g.forfeit},
          {"play_a", stats_json(g.play_a)}, {"play_b", stats_json(g.play_b)},
          {"forecast_a", forecasts_json(g.forecast_a)}, {"forecast_b", forecasts_json(g.forecast_b)},
          {"positions", pos}};
}

bool arena_game_from_json(const json& j, ArenaGame& g, std::string* error) {
  auto fail = [&](const std::string& field) {
    if (error) *error = "an arena game's \"" + field + "\" is missing or not what it should be";
    return false;
  };
  if (!j.is_object()) return fail("(object)");
  g = ArenaGame{};
  auto integer = [&](const char* k) { return j.contains(k) && j[k].is_number_integer(); };
  auto boolean = [&](const char* k) { return j.contains(k) && j[k].is_boolean(); };
  if (!j.contains("scenario") || !j["scenario"].is_string()) return fail("scenario");
  for (const char* k : {"game", "seed", "result_a", "banners_a", "banners_b", "turns", "decisions"})
    if (!integer(k)) return fail(k);
  for (const char* k : {"a_top", "aborted", "turn_limit"})
    if (!boolean(k)) return fail(k);
  if (!j.contains("forfeit") || !j["forfeit"].is_string()) return fail("forfeit");
  g.scenario = j["scenario"];
  g.game = j["game"];
  g.seed = j["seed"].get<uint64_t>();
  g.a_top = j["a_top"];
  g.result_a = j["result_a"];
  if (g.result_a < -1 || g.result_a > 1) return fail("result_a");
  g.banners_a = j["banners_a"], g.banners_b = j["banners_b"], g.turns = j["turns"], g.decisions = j["decisions"];
  g.aborted = j["aborted"], g.turn_limit = j["turn_limit"], g.forfeit = j["forfeit"];
  if (!stats_from(j.value("play_a", json()), g.play_a)) return fail("play_a");
  if (!stats_from(j.value("play_b", json()), g.play_b)) return fail("play_b");
  if (!forecasts_from(j.value("forecast_a", json()), g.forecast_a)) return fail("forecast_a");
  if (!forecasts_from(j.value("forecast_b", json()), g.forecast_b)) return fail("forecast_b");
  if (!j.contains("positions") || !j["positions"].is_array()) return fail("positions");
  for (const json& p : j["positions"]) {
    ArenaPosition x;
    if (!p.is_array() || p.size() != 4 || !p[0].is_number_integer() || !p[1].is_number_integer() || !p[2].is_array() ||
        p[2].size() != 12 || !p[3].is_number())
      return fail("positions");
    x.turn = p[0], x.side = p[1], x.result_top = p[3];
    for (size_t k = 0; k < 12; ++k) {
      if (!p[2][k].is_number()) return fail("positions");
      x.features[k] = p[2][k];
    }
    g.positions.push_back(x);
  }
  return true;
}

}  // namespace bgb::ai
