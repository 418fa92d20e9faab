#include "cca/game_record.h"

#include "cca/json_io.h"
#include "cca/rules.h"
#include "core/hash.h"

namespace bgb::cca {

std::string scenario_hash(const Scenario& scn) {
  // FNV-1a over the canonical JSON of the scenario.
  // Written with invalid UTF-8 replaced, so that hashing never throws (a scenario the readers
  // accept is UTF-8 already, and its hash is the same either way).
  std::string text = scenario_to_json(scn).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return hex16(fnv1a(text, kFnv1aShortBasis));
}

std::vector<uint8_t> dice_of(const EventLog& log) {
  std::vector<uint8_t> d;
  for (const Event& e : log)
    if (e.type == Ev::Roll || e.type == Ev::Reroll) d.insert(d.end(), e.dice, e.dice + e.ndice);
  return d;
}

Recorder::Recorder(const Scenario& scn, uint64_t seed, const std::string& top, const std::string& bottom) : scn_(scn) {
  rec_.scenario_id = scn.id;
  rec_.scenario_hash = scenario_hash(scn);
  rec_.seed = seed;
  rec_.players[0] = top;
  rec_.players[1] = bottom;
}

bool Recorder::apply(State& s, Action a, Rng& rng, EventLog* log, std::string* error) {
  EventLog local;
  Side by = s.decider;
  if (!cca::apply(scn_, s, a, rng, &local, error)) return false;
  rec_.steps.push_back(RecordStep{a, by, dice_of(local)});
  if (log) log->insert(log->end(), local.begin(), local.end());
  if (is_terminal(s)) finish(s);
  return true;
}

void Recorder::finish(const State& s) {
  rec_.finished = is_terminal(s);
  rec_.winner = s.winner;
  rec_.draw = s.draw;
  rec_.banners[0] = s.banners[0];
  rec_.banners[1] = s.banners[1];
  rec_.turns = s.turn;
}

nlohmann::json record_to_json(const Scenario& scn, const GameRecord& r) {
  nlohmann::json j;
  j["format"] = kRecordFormat;
  j["version"] = kRecordVersion;
  j["scenario"] = r.scenario_id;
  j["scenario_name"] = scn.name;
  j["scenario_hash"] = r.scenario_hash;
  j["seed"] = r.seed;
  j["players"] = {{"top", r.players[0]}, {"bottom", r.players[1]}};
  if (!r.started.empty()) j["started"] = r.started;
  nlohmann::json steps = nlohmann::json::array();
  State dummy;
  clear_state(dummy);
  for (const RecordStep& st : r.steps) {
    nlohmann::json sj;
    sj["by"] = side_name(st.by);
    sj["action"] = action_to_json(dummy, st.action);
    nlohmann::json dj = nlohmann::json::array();
    for (uint8_t f : st.dice) dj.push_back(face_name(f));
    sj["dice"] = dj;
    steps.push_back(sj);
  }
  j["steps"] = steps;
  nlohmann::json res;
  res["finished"] = r.finished;
  res["winner"] = r.winner == Side::None ? nullptr : nlohmann::json(side_name(r.winner));
  res["draw"] = r.draw;
  res["banners"] = {{"top", r.banners[0]}, {"bottom", r.banners[1]}};
  res["turns"] = r.turns;
  j["result"] = res;
  return j;
}

namespace {
bool parse_side(const nlohmann::json& j, Side& out) {
  if (!j.is_string()) return false;
  std::string v = j.get<std::string>();
  if (v == "top") out = Side::Top;
  else if (v == "bottom") out = Side::Bottom;
  else if (v == "none") out = Side::None;
  else return false;
  return true;
}
int parse_face(const std::string& s) {
  for (int f = 0; f < 6; ++f)
    if (s == face_name(f)) return f;
  return -1;
}
}  // namespace

bool record_from_json(const nlohmann::json& j, GameRecord& out, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  try {
    if (!j.is_object()) return fail("record: not a JSON object");
    if (j.value("format", "") != kRecordFormat) return fail("record.format: expected \"" + std::string(kRecordFormat) + "\"");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != kRecordVersion)
      return fail("record.version: expected " + std::to_string(kRecordVersion));
    GameRecord r;
    if (!j.contains("scenario") || !j["scenario"].is_string()) return fail("record.scenario: missing or not a string");
    r.scenario_id = j["scenario"].get<std::string>();
    r.scenario_hash = j.value("scenario_hash", "");
    if (!j.contains("seed") || !j["seed"].is_number_unsigned()) return fail("record.seed: missing or not a non-negative integer");
    r.seed = j["seed"].get<uint64_t>();
    if (j.contains("players")) {
      const auto& p = j["players"];
      if (!p.is_object()) return fail("record.players: not an object");
      r.players[0] = p.value("top", "");
      r.players[1] = p.value("bottom", "");
    }
    r.started = j.value("started", "");
    if (!j.contains("steps") || !j["steps"].is_array()) return fail("record.steps: missing or not an array");
    int i = 0;
    for (const auto& sj : j["steps"]) {
      std::string path = "record.steps[" + std::to_string(i++) + "]";
      if (!sj.is_object()) return fail(path + ": not an object");
      RecordStep st;
      if (!sj.contains("by") || !parse_side(sj["by"], st.by)) return fail(path + ".by: expected \"top\" or \"bottom\"");
      std::string err;
      if (!sj.contains("action") || !action_from_json(sj["action"], st.action, &err)) return fail(path + ".action: " + err);
      if (sj.contains("dice")) {
        if (!sj["dice"].is_array()) return fail(path + ".dice: not an array");
        for (const auto& d : sj["dice"]) {
          int f = d.is_string() ? parse_face(d.get<std::string>()) : -1;
          if (f < 0) return fail(path + ".dice: unknown face " + d.dump());
          st.dice.push_back(uint8_t(f));
        }
      }
      r.steps.push_back(std::move(st));
    }
    if (j.contains("result") && j["result"].is_object()) {
      const auto& res = j["result"];
      r.finished = res.value("finished", false);
      if (res.contains("winner") && !res["winner"].is_null() && !parse_side(res["winner"], r.winner))
        return fail("record.result.winner: expected \"top\", \"bottom\" or null");
      r.draw = res.value("draw", false);
      if (res.contains("banners") && res["banners"].is_object()) {
        r.banners[0] = uint8_t(res["banners"].value("top", 0));
        r.banners[1] = uint8_t(res["banners"].value("bottom", 0));
      }
      r.turns = res.value("turns", 0);
    }
    out = std::move(r);
    return true;
  } catch (const std::exception& e) {
    return fail(std::string("record: ") + e.what());
  }
}

bool replay_record(const Scenario& scn, const GameRecord& r, State& out, std::string* error,
                   const std::function<void(int, const State&, const EventLog&)>& step) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  if (!r.scenario_hash.empty() && r.scenario_hash != scenario_hash(scn))
    return fail("the record was played on a different version of scenario " + r.scenario_id +
                " (content hash " + r.scenario_hash + ", this one " + scenario_hash(scn) + ")");
  Rng rng(r.seed);
  State s = new_game(scn, rng);
  for (size_t i = 0; i < r.steps.size(); ++i) {
    const RecordStep& st = r.steps[i];
    if (s.decider != st.by) return fail("step " + std::to_string(i) + ": recorded for " + side_name(st.by) + " but " + side_name(s.decider) + " decides");
    rng.clear_forced();
    for (uint8_t f : st.dice) rng.force_one(f);
    EventLog log;
    std::string err;
    if (!apply(scn, s, st.action, rng, &log, &err)) return fail("step " + std::to_string(i) + ": " + err);
    if (rng.forced_pending() != 0 || dice_of(log) != st.dice)
      return fail("step " + std::to_string(i) + ": the recorded dice do not match the dice this game rolls");
    if (step) step(int(i), s, log);
  }
  out = s;
  return true;
}

}  // namespace bgb::cca
