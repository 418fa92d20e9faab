#include "quinn/quinn_game.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "quinn/json_io.h"
#include "quinn/observation_tensor.h"
#include "quinn/rules_internal.h"

namespace bgb::quinn {

using nlohmann::json;

namespace {

class QuinnScenario final : public game::Scenario {
 public:
  explicit QuinnScenario(std::shared_ptr<const quinn::Scenario> s) : scn(std::move(s)), hash_(scenario_hash(*scn)) {}
  std::string id() const override { return scn->id; }
  std::string title() const override { return scn->title; }
  json to_json() const override { return scenario_to_json(*scn); }
  std::string content_hash() const override { return hash_; }
  std::shared_ptr<const quinn::Scenario> scn;

 private:
  std::string hash_;
};

// What a front end needs to draw the table, read from the scenario (load() ignores it): the
// size, the rough pieces, each side's name, and each stand's profile with its footprint, class,
// rate and missile range, in inches.
json table_json(const quinn::Scenario& scn) {
  json rough = json::array();
  for (const RoughPiece& r : scn.rough) {
    json pts = json::array();
    for (const Vec& v : r.poly) pts.push_back({v.x, v.y});
    rough.push_back({{"name", r.name}, {"points", pts}});
  }
  json stands = json::array();
  for (int side = 0; side < kSides; ++side)
    for (size_t k = 0; k < scn.army[side].size(); ++k) {
      const StandSpec& sp = scn.army[side][k];
      const Profile& p = scn.profiles[size_t(sp.profile)];
      stands.push_back({{"id", stand_id(side, int(k))}, {"side", side == 0 ? "A" : "B"}, {"name", sp.name}, {"profile", p.name},
                        {"class", cls_name(p.other)}, {"melee", cls_name(p.melee)}, {"width", inches(p.width)},
                        {"depth", inches(p.depth)}, {"rate", inches(p.rate)}, {"range", inches(p.range())},
                        {"free_mover", p.free_mover}});
    }
  return {{"width", inches(scn.table_w)}, {"depth", inches(scn.table_h)}, {"rough", rough},
          {"sides", {{"A", scn.side_name[0]}, {"B", scn.side_name[1]}}}, {"stands", stands}};
}

void views(const Events& log, int viewer, std::vector<game::EventView>* out) {
  if (!out) return;
  // No hidden information: every seat sees every event the same way.
  for (const Event& e : log) {
    if (viewer == game::kEachSeat) {
      for (int seat = 0; seat < kSides; ++seat) out->push_back(game::EventView{e.text, event_to_json(e), true, seat});
    } else {
      out->push_back(game::EventView{e.text, event_to_json(e), true, viewer});
    }
  }
}

class QuinnState final : public game::State {
 public:
  QuinnState(std::shared_ptr<const game::Scenario> holder, const quinn::State& s)
      : holder_(std::move(holder)), scn_(&quinn::scenario_of(*holder_)), s_(s) {}

  std::unique_ptr<game::State> clone() const override { return std::make_unique<QuinnState>(*this); }
  std::shared_ptr<const game::Scenario> scenario_ptr() const override { return holder_; }
  std::string seat_name(int seat) const override { return seat == 0 ? "A" : seat == 1 ? "B" : "?"; }
  bool is_terminal() const override { return s_.over(); }
  int current_player() const override { return to_decide(s_); }
  int winner() const override { return s_.over() ? s_.winner : -1; }
  int turn() const override { return s_.round; }
  // What a side has won: the stands the other side has lost (the break point decides, I-WIN).
  int score(int seat) const override { return seat == 0 || seat == 1 ? s_.losses[1 - seat] : 0; }
  std::string decision_name() const override { return quinn::decision_name(s_.decision); }
  json status_extras() const override {
    return {{"round", s_.round},
            {"round_limit", s_.round_limit},
            {"phase", s_.fire_phase ? "fire" : "movement"},
            {"side", seat_name(s_.side)},
            {"player1", seat_name(s_.p1)},
            {"losses", {{"A", s_.losses[0]}, {"B", s_.losses[1]}}},
            {"break_points", {{"A", s_.break_point[0]}, {"B", s_.break_point[1]}}}};
  }

  void legal_actions(std::vector<game::ActionCode>& out) const override {
    std::vector<Act> l;
    quinn::legal_actions(*scn_, s_, l);
    out.assign(l.begin(), l.end());
  }
  bool apply(game::ActionCode a, Rng& rng, std::vector<game::EventView>* events, int viewer, std::string* error) override {
    std::string why;
    if (!is_legal(*scn_, s_, a, &why)) {
      if (error) *error = why;
      return false;
    }
    Events log;
    quinn::apply(*scn_, s_, a, rng, events ? &log : nullptr);
    views(log, viewer, events);
    return true;
  }
  void apply_legal(game::ActionCode a, Rng& rng, std::vector<game::ActionCode>* next) override {
    quinn::apply(*scn_, s_, a, rng, nullptr);
    if (next) legal_actions(*next);
  }
  std::unique_ptr<game::State> observation(int) const override { return clone(); }
  void determinize(int, Rng&) override {}  // nothing hidden (§3.7)
  void observation_tensor(int seat, std::vector<float>& out) const override {
    quinn::observation_tensor(*scn_, s_, seat, out);
  }

  std::string action_text(game::ActionCode a) const override { return quinn::action_text(*scn_, s_, a); }
  json action_details(game::ActionCode a) const override {
    // A charge's odds before it is made: the modifiers as the melee would read them now, and the
    // chance of each result (Q-RES-1 over the ten faces).
    if (kind_of(a) != Kind::Charge) return nullptr;
    Pose p;
    if (!charge_pose(*scn_, s_, stand_of(a), target_of(a), edge_of(a), offset_of(a), p)) return nullptr;
    quinn::State after = s_;
    detail::set_pose(after, stand_of(a), p.x, p.y, p.h);
    const MeleeMods m = melee_mods(*scn_, after, stand_of(a), target_of(a), false);
    int counts[6] = {0, 0, 0, 0, 0, 0};
    for (int die = 1; die <= 10; ++die) ++counts[int(attack_result(die + m.sum()))];
    json odds = json::object();
    for (int r = 0; r < 6; ++r) odds[result_code(Result(r))] = counts[r] / 10.0;
    return {{"modifier", m.sum()}, {"odds", odds}, {"cost", p.cost}};
  }
  json action_to_json(game::ActionCode a) const override { return quinn::action_to_json(*scn_, s_, a); }
  bool action_from_json(const json& j, game::ActionCode& out, std::string* error) const override {
    Act a = 0;
    if (!quinn::action_from_json(j, a, error)) return false;
    out = a;
    return true;
  }
  json to_json() const override {
    return {{"game", kGameName}, {"scenario", scenario_to_json(*scn_)}, {"table", table_json(*scn_)}, {"state", state_to_json(*scn_, s_)}};
  }
  std::string check_invariants() const override { return quinn::check_invariants(*scn_, s_); }
  bool equals(const game::State& o) const override {
    const auto* q = dynamic_cast<const QuinnState*>(&o);
    return q && q->s_ == s_ && (q->scn_ == scn_ || q->holder_->content_hash() == holder_->content_hash());
  }

  const quinn::Scenario& scn() const { return *scn_; }
  quinn::State& state() { return s_; }
  const quinn::State& state() const { return s_; }

 private:
  std::shared_ptr<const game::Scenario> holder_;
  const quinn::Scenario* scn_;
  quinn::State s_;
};

const QuinnState& as_quinn(const game::State& s) {
  const auto* q = dynamic_cast<const QuinnState*>(&s);
  if (!q) throw std::invalid_argument("not a Quinn state");
  return *q;
}

// A record: the scenario's text (so a game replays without its file), the seed, the players and
// every decision with the dice it rolled (faces 1-based, as the dice read).
class QuinnRecorder final : public game::Recorder {
 public:
  QuinnRecorder(std::shared_ptr<const game::Scenario> scn, uint64_t seed, std::vector<std::string> players)
      : scn_(std::move(scn)), seed_(seed), players_(std::move(players)) {
    players_.resize(2);
  }
  bool apply(game::State& s, game::ActionCode a, Rng& rng, std::vector<game::EventView>* events, int viewer,
             std::string* error) override {
    const quinn::Scenario& scn = scenario_of(s);
    quinn::State& st = state_of(s);
    std::string why;
    if (!is_legal(scn, st, a, &why)) {
      if (error) *error = why;
      return false;
    }
    Step step;
    step.action = a;
    step.text = quinn::action_to_json(scn, st, a);
    step.text.erase("text");
    step.text.erase("to");
    Events log;
    quinn::apply(scn, st, a, rng, &log);
    for (const Event& e : log)
      for (int f : e.dice) step.dice.push_back(f);
    views(log, viewer, events);
    steps_.push_back(std::move(step));
    return true;
  }
  void finish(const game::State& end) override {
    finished_ = end.is_terminal();
    winner_ = end.winner();
  }
  json to_json() const override {
    json steps = json::array();
    for (const Step& st : steps_) {
      json d = json::array();
      for (int f : st.dice) d.push_back(f + 1);
      json j = st.text;
      j["code"] = st.action;
      j["dice"] = d;
      steps.push_back(std::move(j));
    }
    json j = {{"game", kGameName},        {"format", 1},
              {"scenario_id", scn_->id()}, {"scenario_hash", scn_->content_hash()},
              {"scenario", scn_->to_json()}, {"seed", seed_},
              {"players", players_},       {"steps", steps}};
    if (!started_.empty()) j["started"] = started_;
    if (finished_) j["result"] = {{"winner", winner_ < 0 ? json(nullptr) : json(winner_ == 0 ? "A" : "B")}};
    return j;
  }
  void set_started(const std::string& iso) override { started_ = iso; }
  std::size_t steps() const override { return steps_.size(); }
  void truncate(std::size_t n) override {
    if (n < steps_.size()) steps_.resize(n);
    finished_ = false;
    winner_ = -1;
  }

 private:
  struct Step {
    Act action = 0;
    nlohmann::json text;  // the action as JSON, for people reading the record
    std::vector<int> dice;
  };
  std::shared_ptr<const game::Scenario> scn_;
  uint64_t seed_;
  std::vector<std::string> players_;
  std::vector<Step> steps_;
  std::string started_;
  bool finished_ = false;
  int winner_ = -1;
};

game::ScenarioInfo info_of(const quinn::Scenario& s) {
  json armies = json::object();
  for (int side = 0; side < kSides; ++side) {
    json counts = json::object();
    for (const StandSpec& sp : s.army[side]) {
      const std::string& p = s.profiles[size_t(sp.profile)].name;
      counts[p] = counts.value(p, 0) + 1;
    }
    armies[side == 0 ? "A" : "B"] = {{"name", s.side_name[side]},
                                     {"stands", s.army[side].size()},
                                     {"break_point", s.break_point_of(side)},
                                     {"profiles", counts}};
  }
  json facts = {{"about", s.about},
                {"armies", armies},
                {"table", {{"width", inches(s.table_w)}, {"depth", inches(s.table_h)}}},
                {"round_limit", s.round_limit},
                {"rough", s.rough.size()},
                {"successive_melee", s.successive_melee}};
  return game::ScenarioInfo{s.id, s.title, facts};
}

class QuinnGame final : public game::Game {
 public:
  std::string name() const override { return kGameName; }
  std::string title() const override { return "Quinn's D10 ancients (a measured table)"; }
  std::string seat_name(int seat) const override { return seat == 0 ? "A" : seat == 1 ? "B" : "?"; }
  int die_face(const std::string& name) const override {
    // Faces by their numbers: "1".."10" (a d6 reads 1..6 of them).
    if (name.size() < 1 || name.size() > 2 || !std::all_of(name.begin(), name.end(), ::isdigit)) return -1;
    const int f = std::stoi(name);
    return f >= 1 && f <= 10 ? f - 1 : -1;
  }
  std::string die_face_names() const override { return "1 to 10 (a d6 reads 1 to 6)"; }
  int die_sides() const override { return 10; }
  game::TensorLayout observation_tensor_layout() const override { return quinn::observation_tensor_layout(); }
  json glossary() const override {
    json profiles = json::object();
    for (const Profile& p : default_profiles())
      profiles[p.name] = {{"melee", cls_name(p.melee)}, {"class", cls_name(p.other)}, {"rate", inches(p.rate)},
                          {"width", inches(p.width)}, {"depth", inches(p.depth)}, {"weapon", weapon_name(p.weapon)},
                          {"range", inches(p.range())}, {"free_mover", p.free_mover}};
    return {{"profiles", profiles}};
  }
  std::vector<game::ScenarioInfo> scenarios() const override {
    std::vector<game::ScenarioInfo> out;
    for (const auto& s : builtin_scenarios()) out.push_back(info_of(*s));
    return out;
  }
  game::ScenarioInfo scenario_info(const game::Scenario& s) const override {
    const auto* q = dynamic_cast<const QuinnScenario*>(&s);
    return q ? info_of(*q->scn) : game::Game::scenario_info(s);
  }
  std::shared_ptr<const game::Scenario> find_scenario(const std::string& arg, bool allow_files,
                                                      std::vector<std::string>& errors) const override {
    errors.clear();
    if (auto b = find_builtin(arg)) return wrap_scenario(b);
    std::error_code ec;
    if (!allow_files || !std::filesystem::exists(arg, ec)) {
      std::string known;
      for (const auto& s : builtin_scenarios()) known += (known.empty() ? "" : ", ") + s->id;
      errors.push_back("\"" + arg + "\" is not a built-in scenario of quinn (" + known + ")" + (allow_files ? " nor a readable file" : ""));
      return nullptr;
    }
    std::ifstream in(arg);
    std::stringstream ss;
    ss << in.rdbuf();
    auto scn = std::make_shared<quinn::Scenario>();
    if (!read_scenario(ss.str(), arg, *scn, errors) || !validate_scenario(*scn, arg, errors)) {
      if (errors.empty()) errors.push_back(arg + ":1: the scenario could not be read");
      return nullptr;
    }
    scn->source = arg;
    return wrap_scenario(scn);
  }
  std::unique_ptr<game::State> new_game(std::shared_ptr<const game::Scenario> scn, Rng& rng) const override {
    const quinn::State s = quinn::new_game(scenario_of(*scn), rng);
    return std::make_unique<QuinnState>(std::move(scn), s);
  }
  std::shared_ptr<const game::Scenario> scenario_from_json(const json& j, std::string* error) const override {
    auto scn = std::make_shared<quinn::Scenario>();
    if (!quinn::scenario_from_json(j, *scn, error)) return nullptr;
    return wrap_scenario(scn);
  }
  std::unique_ptr<game::State> load(const json& position, std::string* error) const override {
    if (!position.is_object() || !position.contains("scenario") || !position.contains("state")) {
      if (error) *error = "a Quinn position has \"scenario\" and \"state\"";
      return nullptr;
    }
    auto scn = scenario_from_json(position["scenario"], error);
    if (!scn) return nullptr;
    quinn::State s;
    if (!state_from_json(position["state"], scenario_of(*scn), s, error)) return nullptr;
    return std::make_unique<QuinnState>(std::move(scn), s);
  }
  std::unique_ptr<game::Recorder> recorder(std::shared_ptr<const game::Scenario> scn, uint64_t seed,
                                           const std::vector<std::string>& players) const override {
    return std::make_unique<QuinnRecorder>(std::move(scn), seed, players);
  }
  bool read_record(const json& j, std::shared_ptr<const game::Scenario> known, game::RecordedGame& out,
                   std::string* error) const override {
    auto bad = [&](const std::string& why) {
      if (error) *error = why;
      return false;
    };
    // A text field, or "" when it is missing or not text (never an exception from the reader).
    auto text = [&](const char* key) {
      const auto it = j.find(key);
      return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (!j.is_object() || text("game") != kGameName) return bad("game: not a record of quinn");
    if (!j.contains("seed") || !j["seed"].is_number_unsigned()) return bad("seed: missing");
    std::shared_ptr<const game::Scenario> scn;
    const std::string hash = text("scenario_hash");
    if (known && known->content_hash() == hash) scn = known;
    else if (j.contains("scenario")) {
      std::string err;
      scn = scenario_from_json(j["scenario"], &err);
      if (!scn) return bad("scenario: " + err);
      if (!hash.empty() && scn->content_hash() != hash) return bad("scenario_hash: does not match the scenario stored");
    } else if (auto b = find_builtin(text("scenario_id"))) {
      scn = wrap_scenario(b);
      if (!hash.empty() && scn->content_hash() != hash) return bad("scenario_hash: the built-in scenario has changed");
    } else {
      return bad("scenario: missing");
    }
    out = game::RecordedGame{};
    out.scenario = scn;
    out.seed = j["seed"].get<uint64_t>();
    if (j.contains("players") && j["players"].is_array())
      for (const json& p : j["players"]) out.players.push_back(p.is_string() ? p.get<std::string>() : "");
    out.players.resize(2);
    if (!j.contains("steps") || !j["steps"].is_array()) return bad("steps: missing");
    for (size_t i = 0; i < j["steps"].size(); ++i) {
      const json& st = j["steps"][i];
      const std::string at = "steps[" + std::to_string(i) + "]";
      game::RecordedGame::Step step;
      if (st.contains("code") && st["code"].is_number_unsigned()) step.action = st["code"].get<uint64_t>();
      else {
        Act a = 0;
        std::string err;
        if (!quinn::action_from_json(st, a, &err)) return bad(at + ": " + err);
        step.action = a;
      }
      if (st.contains("dice")) {
        if (!st["dice"].is_array()) return bad(at + ".dice: not a list");
        for (const json& d : st["dice"]) {
          if (!d.is_number_integer() || d.get<long>() < 1 || d.get<long>() > 10) return bad(at + ".dice: a face is 1 to 10");
          step.dice.push_back(int(d.get<long>()) - 1);
        }
      }
      out.steps.push_back(std::move(step));
    }
    return true;
  }
};

}  // namespace

std::shared_ptr<const game::Game> make_game() { return std::make_shared<QuinnGame>(); }

std::shared_ptr<const game::Scenario> wrap_scenario(std::shared_ptr<const Scenario> scn) {
  return std::make_shared<QuinnScenario>(std::move(scn));
}

std::unique_ptr<game::State> wrap_state(std::shared_ptr<const game::Scenario> scn, const State& s) {
  return std::make_unique<QuinnState>(std::move(scn), s);
}

const Scenario& scenario_of(const game::Scenario& s) {
  const auto* q = dynamic_cast<const QuinnScenario*>(&s);
  if (!q) throw std::invalid_argument("not a Quinn scenario");
  return *q->scn;
}
const Scenario& scenario_of(const game::State& s) { return as_quinn(s).scn(); }
const State& state_of(const game::State& s) { return as_quinn(s).state(); }
State& state_of(game::State& s) { return const_cast<QuinnState&>(as_quinn(s)).state(); }
bool is_quinn(const game::State& s) { return dynamic_cast<const QuinnState*>(&s) != nullptr; }

}  // namespace bgb::quinn
