#include "wrg6/json_io.h"

#include <cstdio>

#include "core/hash.h"
#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

using nlohmann::json;

namespace {
const char* const kStepNames[] = {"declare", "respond", "move", "orders", "shoot", "over"};

struct FlagName {
  uint32_t bit;
  const char* name;
};
const FlagName kFlags[] = {{kAlive, "alive"},
                           {kShaken, "shaken"},
                           {kImpetuous, "impetuous"},
                           {kBroken, "broken"},
                           {kPursuing, "pursuing"},
                           {kTested1, "tested_first"},
                           {kNoAdvance, "no_advance"},
                           {kAdvanced, "advanced"},
                           {kRetired, "retired"},
                           {kWasAdvancing, "was_advancing"},
                           {kWasRetiring, "was_retiring"},
                           {kCharging, "charging"},
                           {kCharged, "charged"},
                           {kEvaded, "evaded"},
                           {kShotAt, "shot_at"},
                           {kWasShotAt, "was_shot_at"},
                           {kFollowedUp, "followed_up"},
                           {kWasFollowingUp, "was_following_up"},
                           {kDisRally, "disordered_until_rally"},
                           {kCaughtMoving, "caught_moving"},
                           {kRecoiled, "recoiled"},
                           {uint32_t(kFlagHardShot), "hard_shot"}};

bool fail(std::string* error, const std::string& why) {
  if (error) *error = why;
  return false;
}

bool int_field(const json& j, const char* key, long lo, long hi, long& out, std::string* error, const std::string& at) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return fail(error, at + key + ": missing or not a whole number");
  long v = it->get<long>();
  if (v < lo || v > hi) return fail(error, at + key + ": " + std::to_string(v) + " is not in " + std::to_string(lo) + ".." + std::to_string(hi));
  out = v;
  return true;
}

int unit_of_json(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return -1;
  long v = it->get<long>();
  return v >= 0 && v < kMaxUnits ? int(v) : -1;
}
}  // namespace

const char* step_name(Step s) { return int(s) < kSteps ? kStepNames[int(s)] : "?"; }

json scenario_to_json(const Scenario& scn) { return {{"format", "wrg6-scenario-text"}, {"text", write_scenario(scn)}}; }

bool scenario_from_json(const json& j, Scenario& out, std::string* error) {
  if (!j.is_object() || !j.contains("text") || !j["text"].is_string())
    return fail(error, "scenario: a WRG scenario is stored as {\"text\": ...}");
  std::vector<std::string> errs;
  Scenario s;
  if (!read_scenario(j["text"].get<std::string>(), "scenario", s, errs) || !validate_scenario(s, "scenario", errs) ||
      !errs.empty()) {
    std::string all;
    for (auto& e : errs) all += (all.empty() ? "" : "; ") + e;
    return fail(error, all.empty() ? "scenario: does not read" : all);
  }
  s.source = "stored";
  out = std::move(s);
  return true;
}

std::string scenario_hash(const Scenario& scn) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a(write_scenario(scn))));
  return buf;
}

json state_to_json(const Scenario& scn, const State& s) {
  json units = json::array();
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.n[side]; ++k) {
      int id = unit_id(side, k);
      const Unit& u = s.u[id];
      json flags = json::array();
      for (auto& f : kFlags)
        if (u.flags & f.bit) flags.push_back(f.name);
      json j = {{"id", id},
                {"name", unit_name(scn, id)},
                {"x", u.x},
                {"y", u.y},
                {"facing", u.facing},
                {"figures", u.figs},
                {"carried", u.carried},
                {"men", men(s, id)},
                {"order", order_name(Order(u.order))},
                {"next_order", order_name(Order(u.next_order))},
                {"flags", flags},
                {"fall_back", u.fall_back},
                {"shot_streak", u.shot_streak},
                {"broke_period", u.broke_period},
                {"last_band", u.last_band},
                {"casualties", {u.cas_in, u.cas_out, u.shot_in, u.last_cas_in, u.last_cas_out, u.last_shot_in}},
                {"files", files_now(scn, s, id)},
                {"ranks", ranks_now(scn, s, id)},
                {"disordered", u.alive() && disordered(scn, s, id)}};
      if (u.pursue != kNone) j["pursue"] = u.pursue;
      if (u.charge != kNone) j["charge"] = u.charge;
      if (s.commit[id] == kUnknown) j["commit"] = "hidden";
      else if (s.commit[id]) j["commit"] = s.commit[id];
      units.push_back(std::move(j));
    }
  return {{"period", s.period},
          {"period_limit", s.period_limit},
          {"step", step_name(s.step)},
          {"side", s.side},
          {"cursor", s.cursor},
          {"winner", s.winner},
          {"broke_since", s.broke_since},
          {"resolved", s.resolved},
          {"general", {s.general[0] == kNone ? json(nullptr) : json(s.general[0]),
                       s.general[1] == kNone ? json(nullptr) : json(s.general[1])}},
          {"units", units}};
}

bool state_from_json(const json& j, const Scenario& scn, State& out, std::string* error) {
  if (!j.is_object()) return fail(error, "state: not an object");
  Rng rng(0);
  State s = new_game(scn, rng);  // the static parts (counts, starting figures, generals)
  long v = 0;
  if (!int_field(j, "period", 1, 255, v, error, "state.")) return false;
  s.period = uint8_t(v);
  if (!int_field(j, "period_limit", 1, 255, v, error, "state.")) return false;
  s.period_limit = uint8_t(v);
  std::string step = j.value("step", std::string());
  bool found = false;
  for (int k = 0; k < kSteps; ++k)
    if (step == kStepNames[k]) s.step = Step(k), found = true;
  if (!found) return fail(error, "state.step: not one of declare, respond, move, orders, shoot, over");
  if (!int_field(j, "side", 0, 1, v, error, "state.")) return false;
  s.side = uint8_t(v);
  if (!int_field(j, "cursor", 0, kMaxUnits - 1, v, error, "state.")) return false;
  s.cursor = uint8_t(v);
  if (!int_field(j, "winner", -1, 1, v, error, "state.")) return false;
  s.winner = int8_t(v);
  if (!int_field(j, "broke_since", 0, 0xFFFFFFFFl, v, error, "state.")) return false;
  s.broke_since = uint32_t(v);
  if (!int_field(j, "resolved", 0, 65535, v, error, "state.")) return false;
  s.resolved = uint16_t(v);
  if (!j.contains("units") || !j["units"].is_array()) return fail(error, "state.units: missing");
  const json& units = j["units"];
  if (units.size() != size_t(s.n[0] + s.n[1])) return fail(error, "state.units: not one per unit of the scenario");
  std::fill(std::begin(s.commit), std::end(s.commit), 0u);
  for (size_t i = 0; i < units.size(); ++i) {
    const json& uj = units[i];
    std::string at = "state.units[" + std::to_string(i) + "].";
    if (!uj.is_object()) return fail(error, at + ": not an object");
    int id = unit_of_json(uj, "id");
    if (id < 0 || index_in_side(id) >= s.n[side_of(id)]) return fail(error, at + "id: no such unit");
    Unit u;
    const UnitSpec& sp = spec_of(scn, id);
    if (!int_field(uj, "x", -1000, 30000, v, error, at)) return false;
    u.x = int16_t(v);
    if (!int_field(uj, "y", -1000, 30000, v, error, at)) return false;
    u.y = int16_t(v);
    if (!int_field(uj, "facing", 0, 359, v, error, at)) return false;
    if (v % 45) return fail(error, at + "facing: not a multiple of 45");
    u.facing = int16_t(v);
    if (!int_field(uj, "figures", 0, sp.files * sp.ranks, v, error, at)) return false;
    u.figs = uint8_t(v);
    if (!int_field(uj, "carried", 0, 19, v, error, at)) return false;
    u.carried = uint8_t(v);
    Order o;
    if (!uj.contains("order") || !uj["order"].is_string() || !parse_order(uj["order"].get<std::string>(), o))
      return fail(error, at + "order: not one of Q, W, S, H, A");
    u.order = uint8_t(o);
    if (!uj.contains("next_order") || !uj["next_order"].is_string() || !parse_order(uj["next_order"].get<std::string>(), o))
      return fail(error, at + "next_order: not one of Q, W, S, H, A");
    u.next_order = uint8_t(o);
    if (!uj.contains("flags") || !uj["flags"].is_array()) return fail(error, at + "flags: missing");
    for (const json& f : uj["flags"]) {
      bool known = false;
      for (auto& fn : kFlags)
        if (f.is_string() && f.get<std::string>() == fn.name) u.flags |= fn.bit, known = true;
      if (!known) return fail(error, at + "flags: unknown flag " + f.dump());
    }
    if (!int_field(uj, "fall_back", 0, 2, v, error, at)) return false;
    u.fall_back = uint8_t(v);
    if (!int_field(uj, "shot_streak", 0, 100, v, error, at)) return false;
    u.shot_streak = uint8_t(v);
    if (!int_field(uj, "broke_period", 0, 255, v, error, at)) return false;
    u.broke_period = uint8_t(v);
    if (!int_field(uj, "last_band", 0, 6, v, error, at)) return false;
    u.last_band = uint8_t(v);
    if (!uj.contains("casualties") || !uj["casualties"].is_array() || uj["casualties"].size() != 6)
      return fail(error, at + "casualties: six whole numbers");
    uint16_t c[6];
    for (int k = 0; k < 6; ++k) {
      const json& x = uj["casualties"][size_t(k)];
      if (!x.is_number_integer() || x.get<long>() < 0 || x.get<long>() > 65535) return fail(error, at + "casualties: six whole numbers");
      c[k] = uint16_t(x.get<long>());
    }
    u.cas_in = c[0], u.cas_out = c[1], u.shot_in = c[2], u.last_cas_in = c[3], u.last_cas_out = c[4], u.last_shot_in = c[5];
    if (uj.contains("pursue")) {
      int p = unit_of_json(uj, "pursue");
      if (p < 0) return fail(error, at + "pursue: no such unit");
      u.pursue = uint8_t(p);
    }
    if (uj.contains("charge")) {
      int p = unit_of_json(uj, "charge");
      if (p < 0) return fail(error, at + "charge: no such unit");
      u.charge = uint8_t(p);
    }
    if (uj.contains("commit")) {
      const json& cj = uj["commit"];
      if (cj.is_string() && cj.get<std::string>() == "hidden") s.commit[id] = kUnknown;
      else if (cj.is_number_unsigned() && cj.get<uint64_t>() <= 0xFFFFFFFFull) s.commit[id] = uint32_t(cj.get<uint64_t>());
      else return fail(error, at + "commit: an action code or \"hidden\"");
    }
    s.u[id] = u;
  }
  std::string bad = check_invariants(scn, s);
  if (!bad.empty()) return fail(error, "state: " + bad);
  out = s;
  return true;
}

json action_to_json(const Scenario& scn, const State& s, uint32_t a) {
  json j = {{"kind", kind_name(kind_of(a))}, {"unit", unit_of(a)}, {"text", action_text(scn, s, a)}};
  switch (kind_of(a)) {
    case Kind::Charge:
    case Kind::Shoot: j["target"] = arg_of(a); break;
    case Kind::Advance: j["quarters"] = arg_of(a); break;
    case Kind::NewOrder: j["order"] = order_name(Order(arg_of(a))); break;
    default: break;
  }
  return j;
}

bool action_from_json(const json& j, uint32_t& out, std::string* error) {
  if (!j.is_object()) return fail(error, "action: not an object");
  Kind k;
  if (!j.contains("kind") || !j["kind"].is_string() || !parse_kind(j["kind"].get<std::string>(), k))
    return fail(error, "kind: not an action of wrg6 (charge, no-charge, stand, evade, counter-charge, hold, advance, "
                       "wheel-left, wheel-right, turn-left, turn-right, turn-about, retire, keep-order, order, hold-fire, shoot)");
  int unit = unit_of_json(j, "unit");
  if (unit < 0) return fail(error, "unit: a unit id 0..31");
  int arg = 0;
  long v = 0;
  switch (k) {
    case Kind::Charge:
    case Kind::Shoot:
      if (!int_field(j, "target", 0, kMaxUnits - 1, v, error, "")) return false;
      arg = int(v);
      break;
    case Kind::Advance:
      if (!int_field(j, "quarters", 1, 4, v, error, "")) return false;
      arg = int(v);
      break;
    case Kind::NewOrder: {
      Order o;
      if (!j.contains("order") || !j["order"].is_string() || !parse_order(j["order"].get<std::string>(), o))
        return fail(error, "order: one of Q, W, S, H, A");
      arg = int(o);
      break;
    }
    default: break;
  }
  out = make_action(k, unit, arg);
  return true;
}

json event_to_json(const Event& e) {
  json j = {{"type", e.type}, {"rule", e.rule}, {"text", e.text}};
  if (!e.dice.empty()) {
    json d = json::array();
    for (int f : e.dice) d.push_back(f + 1);
    j["dice"] = d;
  }
  if (e.a >= 0) j["unit"] = e.a;
  if (e.b >= 0) j["other"] = e.b;
  return j;
}

}  // namespace bgb::wrg6
