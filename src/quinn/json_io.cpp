#include "quinn/json_io.h"

#include <algorithm>
#include <cmath>

#include "core/hash.h"

namespace bgb::quinn {

using nlohmann::json;

namespace {

const char* const kKinds[] = {"end-phase", "activate", "hold",    "move",        "charge",     "disengage", "advance",
                              "end-activation", "move-to", "disband", "spread", "lock-target", "fire", "hold-fire", "decline", "wheel"};
constexpr int kNumKinds = int(sizeof kKinds / sizeof kKinds[0]);
const char* const kEdges[4] = {"front", "right", "rear", "left"};
const char* const kDecisions[] = {"activate", "act", "after-disengage", "flee-choice", "lock-target", "fire", "follow-up", "over"};
constexpr int kNumDecisions = int(sizeof kDecisions / sizeof kDecisions[0]);
const char* const kStages[] = {"moving", "charges", "locked-step", "fire-declare", "fire-resolve"};

bool fail(std::string* e, const std::string& why) {
  if (e) *e = why;
  return false;
}

// An integer field in [lo, hi].
bool get_int(const json& j, const char* key, long lo, long hi, long& out, std::string* e, bool required = true) {
  if (!j.contains(key)) {
    if (required) return fail(e, std::string(key) + ": missing");
    return true;
  }
  const json& v = j[key];
  if (!v.is_number_integer()) return fail(e, std::string(key) + ": not an integer");
  const long x = v.get<long>();
  if (x < lo || x > hi) return fail(e, std::string(key) + ": " + std::to_string(x) + " is not in " + std::to_string(lo) + ".." + std::to_string(hi));
  out = x;
  return true;
}

int index_of(const char* const* names, int n, const std::string& s) {
  for (int i = 0; i < n; ++i)
    if (s == names[i]) return i;
  return -1;
}

}  // namespace

const char* decision_name(Decision d) { return kDecisions[int(d)]; }

json scenario_to_json(const Scenario& scn) { return {{"game", "quinn"}, {"id", scn.id}, {"text", write_scenario(scn)}}; }

bool scenario_from_json(const json& j, Scenario& out, std::string* error) {
  if (!j.is_object() || !j.contains("text") || !j["text"].is_string()) return fail(error, "scenario: a Quinn scenario needs \"text\"");
  std::vector<std::string> errors;
  Scenario s;
  if (!read_scenario(j["text"].get<std::string>(), "scenario", s, errors) || !validate_scenario(s, "scenario", errors)) {
    std::string all;
    for (const std::string& x : errors) all += (all.empty() ? "" : "; ") + x;
    return fail(error, all.empty() ? "scenario: does not read" : all);
  }
  out = std::move(s);
  return true;
}

std::string scenario_hash(const Scenario& scn) { return hex16(fnv1a(write_scenario(scn))); }

json state_to_json(const Scenario& scn, const State& s) {
  json stands = json::array();
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int id = stand_id(side, k);
      const Stand& st = s.stand[id];
      json locks = json::array();
      for (uint8_t l : st.lock)
        if (l != kNone) locks.push_back(l);
      stands.push_back({{"id", id}, {"name", stand_name(scn, id)}, {"x", inches(st.x)}, {"y", inches(st.y)}, {"heading", st.heading},
                        {"x_mil", st.x}, {"y_mil", st.y}, {"flags", st.flags}, {"melees", st.melees}, {"used_mil", st.used}, {"locks", locks},
                        {"alive", st.alive()}});
    }
  json charges = json::array();
  for (int i = 0; i < s.n_charges; ++i) charges.push_back({s.charge_att[i], s.charge_def[i]});
  json fire = json::object();
  for (int i = 0; i < kMaxStands; ++i)
    if (s.fire_target[i] != kNone) fire[std::to_string(i)] = s.fire_target[i];
  json chain = json::array();
  for (int i = 0; i < s.chain_n; ++i) chain.push_back({{"id", s.chain[i].id}, {"heading", s.chain[i].heading}, {"left_mil", s.chain[i].left}});
  json fled = json::array();
  json struck = json::array();
  for (int i = 0; i < kMaxStands; ++i) {
    if (s.fled.test(i)) fled.push_back(i);
    if (s.struck.test(i)) struck.push_back(i);
  }
  json commands = json::array();
  for (int i = 0; i < kMaxStands; ++i) commands.push_back(s.command_of[i] == kNone ? -1 : int(s.command_of[i]));
  return {{"round", s.round},
          {"round_limit", s.round_limit},
          {"p1", s.p1},
          {"side", s.side},
          {"fire_phase", s.fire_phase},
          {"decision", decision_name(s.decision)},
          {"stage", kStages[int(s.stage)]},
          {"winner", s.winner},
          {"phases", s.phases},
          {"losses", {s.losses[0], s.losses[1]}},
          {"break_point", {s.break_point[0], s.break_point[1]}},
          {"n_commands", s.n_commands},
          {"command_of", commands},
          {"activated", s.activated},
          {"active_cmd", s.active_cmd == kNone ? -1 : int(s.active_cmd)},
          {"actor", s.actor == kNone ? -1 : int(s.actor)},
          {"cursor", s.cursor},
          {"charges", charges},
          {"fire_target", fire},
          {"chain", chain},
          {"bumped", s.bumped == kNone ? -1 : int(s.bumped)},
          {"fled", fled},
          {"follow", s.follow == kNone ? -1 : int(s.follow)},
          {"struck", struck},
          {"stands", stands}};
}

bool state_from_json(const json& j, const Scenario& scn, State& out, std::string* error) {
  if (!j.is_object()) return fail(error, "state: not an object");
  State s;
  std::fill(std::begin(s.fire_target), std::end(s.fire_target), kNone);  // as new_game() leaves them
  long v = 0;
  auto num = [&](const char* key, long lo, long hi) -> bool { return get_int(j, key, lo, hi, v, error); };
  if (!num("round", 1, 255)) return false;
  s.round = uint8_t(v);
  if (!num("round_limit", 1, 255)) return false;
  s.round_limit = uint8_t(v);
  if (!num("p1", 0, 1)) return false;
  s.p1 = uint8_t(v);
  if (!num("side", 0, 1)) return false;
  s.side = uint8_t(v);
  if (!j.contains("fire_phase") || !j["fire_phase"].is_boolean()) return fail(error, "fire_phase: not true or false");
  s.fire_phase = j["fire_phase"].get<bool>();
  if (!j.contains("decision") || !j["decision"].is_string()) return fail(error, "decision: missing");
  const int d = index_of(kDecisions, kNumDecisions, j["decision"].get<std::string>());
  if (d < 0) return fail(error, "decision: unknown");
  s.decision = Decision(d);
  if (!j.contains("stage") || !j["stage"].is_string()) return fail(error, "stage: missing");
  const int st = index_of(kStages, 5, j["stage"].get<std::string>());
  if (st < 0) return fail(error, "stage: unknown");
  s.stage = Stage(st);
  if (!num("winner", -1, 1)) return false;
  s.winner = int8_t(v);
  if (!num("phases", 0, 1L << 30)) return false;
  s.phases = uint32_t(v);
  for (const char* key : {"losses", "break_point"}) {
    if (!j.contains(key) || !j[key].is_array() || j[key].size() != 2) return fail(error, std::string(key) + ": two numbers");
    for (int i = 0; i < 2; ++i) {
      if (!j[key][size_t(i)].is_number_integer()) return fail(error, std::string(key) + ": not integers");
      const long x = j[key][size_t(i)].get<long>();
      if (x < 0 || x > kMaxStandsSide) return fail(error, std::string(key) + ": out of range");
      (std::string(key) == "losses" ? s.losses : s.break_point)[i] = uint8_t(x);
    }
  }
  for (int side = 0; side < kSides; ++side) s.count[side] = uint8_t(scn.army[side].size());
  if (!num("n_commands", 0, kMaxStandsSide)) return false;
  s.n_commands = uint8_t(v);
  if (!j.contains("command_of") || !j["command_of"].is_array() || j["command_of"].size() != kMaxStands)
    return fail(error, "command_of: 128 numbers");
  for (int i = 0; i < kMaxStands; ++i) {
    const json& c = j["command_of"][size_t(i)];
    if (!c.is_number_integer() || c.get<long>() < -1 || c.get<long>() >= kMaxStandsSide) return fail(error, "command_of: out of range");
    s.command_of[i] = c.get<long>() < 0 ? kNone : uint8_t(c.get<long>());
  }
  if (!j.contains("activated") || !j["activated"].is_number_unsigned()) return fail(error, "activated: not a number");
  s.activated = j["activated"].get<uint64_t>();
  if (!num("active_cmd", -1, kMaxStandsSide - 1)) return false;
  s.active_cmd = v < 0 ? kNone : uint8_t(v);
  if (!num("actor", -1, kMaxStands - 1)) return false;
  s.actor = v < 0 ? kNone : uint8_t(v);
  if (!num("cursor", 0, kMaxStandsSide)) return false;
  s.cursor = uint8_t(v);
  if (!j.contains("charges") || !j["charges"].is_array() || j["charges"].size() > kMaxCharges) return fail(error, "charges: a list");
  for (const json& c : j["charges"]) {
    if (!c.is_array() || c.size() != 2 || !c[0].is_number_integer() || !c[1].is_number_integer()) return fail(error, "charges: pairs of ids");
    const long a = c[0].get<long>(), b = c[1].get<long>();
    if (a < 0 || a >= kMaxStands || b < 0 || b >= kMaxStands) return fail(error, "charges: an id out of range");
    s.charge_att[s.n_charges] = uint8_t(a);
    s.charge_def[s.n_charges] = uint8_t(b);
    ++s.n_charges;
  }
  if (s.cursor > s.n_charges && s.stage == Stage::Charges) return fail(error, "cursor: past the charges");
  if (!j.contains("fire_target") || !j["fire_target"].is_object()) return fail(error, "fire_target: an object");
  for (auto it = j["fire_target"].begin(); it != j["fire_target"].end(); ++it) {
    long a = -1;
    try {
      a = std::stol(it.key());
    } catch (...) {
      return fail(error, "fire_target: a key is not a stand id");
    }
    if (a < 0 || a >= kMaxStands || !it.value().is_number_integer() || it.value().get<long>() < 0 || it.value().get<long>() >= kMaxStands)
      return fail(error, "fire_target: an id out of range");
    s.fire_target[a] = uint8_t(it.value().get<long>());
  }
  if (!j.contains("chain") || !j["chain"].is_array() || j["chain"].size() > kMaxChain) return fail(error, "chain: a list");
  for (const json& c : j["chain"]) {
    long id = 0, h = 0, left = 0;
    if (!c.is_object() || !get_int(c, "id", 0, kMaxStands - 1, id, error) || !get_int(c, "heading", 0, 359, h, error) ||
        !get_int(c, "left_mil", 0, 10 * kMil, left, error))
      return fail(error, "chain: " + (error ? *error : std::string("bad entry")));
    s.chain[s.chain_n++] = ChainEntry{uint8_t(id), uint16_t(h), int32_t(left)};
  }
  if (!num("bumped", -1, kMaxStands - 1)) return false;
  s.bumped = v < 0 ? kNone : uint8_t(v);
  if (!j.contains("fled") || !j["fled"].is_array()) return fail(error, "fled: a list");
  for (const json& f : j["fled"]) {
    if (!f.is_number_integer() || f.get<long>() < 0 || f.get<long>() >= kMaxStands) return fail(error, "fled: an id out of range");
    s.fled.set(int(f.get<long>()));
  }
  if (!num("follow", -1, kMaxStands - 1)) return false;
  s.follow = v < 0 ? kNone : uint8_t(v);
  if (!j.contains("struck") || !j["struck"].is_array()) return fail(error, "struck: a list");
  for (const json& f : j["struck"]) {
    if (!f.is_number_integer() || f.get<long>() < 0 || f.get<long>() >= kMaxStands) return fail(error, "struck: an id out of range");
    s.struck.set(int(f.get<long>()));
  }
  if (s.follow != kNone && index_in_side(s.follow) >= s.count[side_of(s.follow)]) return fail(error, "follow: not in the scenario");
  if (!j.contains("stands") || !j["stands"].is_array()) return fail(error, "stands: a list");
  Bits128 seen;
  for (const json& x : j["stands"]) {
    long id = 0, xm = 0, ym = 0, h = 0, flags = 0, melees = 0, used = 0;
    if (!x.is_object() || !get_int(x, "id", 0, kMaxStands - 1, id, error)) return fail(error, "stands: " + (error ? *error : ""));
    if (index_in_side(int(id)) >= s.count[side_of(int(id))]) return fail(error, "stands: id " + std::to_string(id) + " is not in the scenario");
    if (seen.test(int(id))) return fail(error, "stands: id " + std::to_string(id) + " twice");
    seen.set(int(id));
    if (!get_int(x, "x_mil", -1000000, 1000000, xm, error) || !get_int(x, "y_mil", -1000000, 1000000, ym, error) ||
        !get_int(x, "heading", 0, 359, h, error) || !get_int(x, "flags", 0, 63, flags, error) || !get_int(x, "melees", 0, 255, melees, error) ||
        !get_int(x, "used_mil", 0, 65535, used, error, false))
      return fail(error, "stands[" + std::to_string(id) + "]: " + (error ? *error : ""));
    Stand& sd = s.stand[id];
    sd.x = int32_t(xm);
    sd.y = int32_t(ym);
    sd.heading = uint16_t(h);
    sd.flags = uint8_t(flags);
    sd.melees = uint8_t(melees);
    sd.used = uint16_t(used);
    if (!x.contains("locks") || !x["locks"].is_array() || x["locks"].size() > kMaxLocks) return fail(error, "stands: locks, a short list");
    int n = 0;
    for (const json& l : x["locks"]) {
      if (!l.is_number_integer() || l.get<long>() < 0 || l.get<long>() >= kMaxStands) return fail(error, "stands: a lock out of range");
      sd.lock[n++] = uint8_t(l.get<long>());
    }
  }
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k)
      if (!seen.test(stand_id(side, k))) return fail(error, "stands: stand " + std::to_string(stand_id(side, k)) + " is missing");
  // What the flow would read out of range: the decisions' stands and the fleers.
  if (s.decision == Decision::FleeChoice && (s.chain_n == 0 || s.bumped == kNone)) return fail(error, "chain: a flight choice without a flight");
  for (int i = 0; i < s.chain_n; ++i)
    if (index_in_side(s.chain[i].id) >= s.count[side_of(s.chain[i].id)]) return fail(error, "chain: a stand not in the scenario");
  if (s.bumped != kNone && index_in_side(s.bumped) >= s.count[side_of(s.bumped)]) return fail(error, "bumped: not in the scenario");
  if (s.actor != kNone && index_in_side(s.actor) >= s.count[side_of(s.actor)]) return fail(error, "actor: not in the scenario");
  for (int i = 0; i < s.n_charges; ++i)
    if (index_in_side(s.charge_att[i]) >= s.count[side_of(s.charge_att[i])] || index_in_side(s.charge_def[i]) >= s.count[side_of(s.charge_def[i])])
      return fail(error, "charges: a stand not in the scenario");
  if (std::string bad = check_invariants(scn, s); !bad.empty()) return fail(error, "the position breaks an invariant: " + bad);
  out = s;
  return true;
}

json action_to_json(const Scenario& scn, const State& s, Act a) {
  const Kind k = kind_of(a);
  if (int(k) >= kNumKinds) return {{"kind", "unknown"}, {"text", "?"}};  // a code no action has
  json j = {{"kind", kKinds[int(k)]}, {"text", action_text(scn, s, a)}};
  switch (k) {
    case Kind::EndPhase:
    case Kind::EndActivation:
    case Kind::Decline: break;
    case Kind::Activate: j["command"] = target_of(a); break;
    case Kind::Hold:
    case Kind::Disengage:
    case Kind::HoldFire: j["stand"] = stand_of(a); break;
    case Kind::Move: {
      j["stand"] = stand_of(a);
      j["template"] = template_of(a);
      Pose p;
      if (template_pose(scn, s, stand_of(a), template_of(a), p))
        j["to"] = {{"x", inches(p.x)}, {"y", inches(p.y)}, {"heading", p.h}, {"cost", std::round(p.cost * 1000) / 1000}};
      break;
    }
    case Kind::Advance:
      j["stand"] = stand_of(a);
      j["fraction"] = template_of(a);
      break;
    case Kind::Wheel: {
      static const int kAngles[3] = {22, 45, 90};
      j["stand"] = stand_of(a);
      j["pivot"] = template_of(a) < 3 ? "left" : "right";
      j["angle"] = kAngles[template_of(a) % 3];
      break;
    }
    case Kind::Charge: {
      j["stand"] = stand_of(a);
      j["target"] = target_of(a);
      j["edge"] = kEdges[edge_of(a)];
      j["offset"] = offset_of(a);
      Pose p;
      if (charge_pose(scn, s, stand_of(a), target_of(a), edge_of(a), offset_of(a), p))
        j["to"] = {{"x", inches(p.x)}, {"y", inches(p.y)}, {"heading", p.h}, {"cost", std::round(p.cost * 1000) / 1000}};
      break;
    }
    case Kind::MoveTo:
      j["stand"] = stand_of(a);
      j["x"] = inches(move_x(a));
      j["y"] = inches(move_y(a));
      j["heading"] = move_h(a);
      break;
    case Kind::Disband:
    case Kind::Spread:
    case Kind::LockTarget:
    case Kind::Fire:
      j["stand"] = stand_of(a);
      j["target"] = target_of(a);
      break;
  }
  return j;
}

bool action_from_json(const json& j, Act& out, std::string* error) {
  if (!j.is_object()) return fail(error, "an action is an object with \"kind\"");
  if (!j.contains("kind") || !j["kind"].is_string()) return fail(error, "kind: missing (end-phase, activate, hold, move, charge, ...)");
  const int k = index_of(kKinds, kNumKinds, j["kind"].get<std::string>());
  if (k < 0) {
    std::string all;
    for (const char* n : kKinds) all += (all.empty() ? "" : ", ") + std::string(n);
    return fail(error, "kind: \"" + j["kind"].get<std::string>().substr(0, 40) + "\" is not one of " + all);
  }
  long stand = 0, target = 0, tmpl = 0, offset = 0, cmd = 0;
  const Kind kind = Kind(k);
  auto need_stand = [&] { return get_int(j, "stand", 0, kMaxStands - 1, stand, error); };
  auto need_target = [&] { return get_int(j, "target", 0, kMaxStands - 1, target, error); };
  switch (kind) {
    case Kind::EndPhase:
    case Kind::EndActivation:
    case Kind::Decline: out = make(kind); return true;
    case Kind::Activate:
      if (!get_int(j, "command", 0, kMaxStandsSide - 1, cmd, error)) return false;
      out = make(kind, 0, int(cmd));
      return true;
    case Kind::Hold:
    case Kind::Disengage:
    case Kind::HoldFire:
      if (!need_stand()) return false;
      out = make(kind, int(stand));
      return true;
    case Kind::Move:
      if (!need_stand() || !get_int(j, "template", 0, kNumTemplates - 1, tmpl, error)) return false;
      out = make(kind, int(stand), 0, 0, 0, int(tmpl));
      return true;
    case Kind::Advance:
      if (!need_stand() || !get_int(j, "fraction", 0, 2, tmpl, error)) return false;
      out = make(kind, int(stand), 0, 0, 0, int(tmpl));
      return true;
    case Kind::Wheel: {
      long angle = 0;
      if (!need_stand() || !get_int(j, "angle", 22, 90, angle, error)) return false;
      const int ai = angle == 22 ? 0 : angle == 45 ? 1 : angle == 90 ? 2 : -1;
      if (ai < 0) return fail(error, "angle: 22, 45 or 90");
      if (!j.contains("pivot") || !j["pivot"].is_string() || (j["pivot"] != "left" && j["pivot"] != "right"))
        return fail(error, "pivot: left or right");
      out = make(kind, int(stand), 0, 0, 0, (j["pivot"] == "left" ? 0 : 3) + ai);
      return true;
    }
    case Kind::Charge: {
      if (!need_stand() || !need_target()) return false;
      if (!j.contains("edge") || !j["edge"].is_string()) return fail(error, "edge: front, right, rear or left");
      const int e = index_of(kEdges, 4, j["edge"].get<std::string>());
      if (e < 0) return fail(error, "edge: front, right, rear or left");
      if (!get_int(j, "offset", 0, 2, offset, error, false)) return false;
      out = make(kind, int(stand), int(target), e, int(offset));
      return true;
    }
    case Kind::MoveTo: {
      if (!need_stand()) return false;
      // The action packs x in 17 bits and y in 16 bits of mil (action.h).
      for (const char* key : {"x", "y"})
        if (!j.contains(key) || !j[key].is_number() || !std::isfinite(j[key].get<double>()) || j[key].get<double>() < 0 ||
            j[key].get<double>() > (key[0] == 'x' ? 131.0 : 65.0))
          return fail(error, std::string(key) + ": inches on the table");
      long h = 0;
      if (!get_int(j, "heading", 0, 359, h, error)) return false;
      out = make_move_to(int(stand), to_mil(j["x"].get<double>()), to_mil(j["y"].get<double>()), int(h));
      return true;
    }
    case Kind::Disband:
    case Kind::Spread:
    case Kind::LockTarget:
    case Kind::Fire:
      if (!need_stand() || !need_target()) return false;
      out = make(kind, int(stand), int(target));
      return true;
  }
  return fail(error, "kind: unknown");
}

json event_to_json(const Event& e) {
  json j = {{"type", e.type}, {"text", e.text}};
  if (!e.rule.empty()) j["section"] = e.rule;
  if (!e.dice.empty()) {
    json d = json::array();
    for (int f : e.dice) d.push_back(f + 1);
    j["dice"] = d;
  }
  if (e.a >= 0) j["stand"] = e.a;
  if (e.b >= 0) j["other"] = e.b;
  if (e.type == "melee" || e.type == "volley") j["total"] = e.total;
  return j;
}

}  // namespace bgb::quinn
