#include "wrg6/wrg6_game.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "wrg6/json_io.h"
#include "wrg6/observation_tensor.h"
#include "wrg6/rules_internal.h"

namespace bgb::wrg6 {

using nlohmann::json;

namespace {

class Wrg6Scenario final : public game::Scenario {
 public:
  explicit Wrg6Scenario(std::shared_ptr<const wrg6::Scenario> s) : scn(std::move(s)), hash_(scenario_hash(*scn)) {}
  std::string id() const override { return scn->id; }
  std::string title() const override { return scn->title; }
  json to_json() const override { return scenario_to_json(*scn); }
  std::string content_hash() const override { return hash_; }
  std::shared_ptr<const wrg6::Scenario> scn;

 private:
  std::string hash_;
};

// What a front end needs to draw the table (load() ignores it): its size, the terrain, each
// side's name, and each unit's type, weapons, class and figure size, in paces.
json table_json(const wrg6::Scenario& scn) {
  json terrain = json::array();
  for (const TerrainPiece& t : scn.terrain)
    terrain.push_back({{"kind", t.kind == TerrainKind::Wood ? "wood" : "hill"}, {"name", t.name}, {"x0", t.x0}, {"y0", t.y0},
                       {"x1", t.x1}, {"y1", t.y1}});
  json units = json::array();
  for (int side = 0; side < kSides; ++side)
    for (size_t k = 0; k < scn.army[side].size(); ++k) {
      const UnitSpec& sp = scn.army[side][k];
      units.push_back({{"id", unit_id(side, int(k))}, {"side", side == 0 ? "A" : "B"}, {"name", sp.name},
                       {"troop", troop_name(sp.troop)}, {"melee", melee_name(sp.melee)}, {"missile", missile_name(sp.missile)},
                       {"grade", grade_name(sp.grade)}, {"shieldless", sp.shieldless}, {"files", sp.files}, {"ranks", sp.ranks},
                       {"figure_frontage", figure_frontage(sp.troop)}, {"figure_depth", figure_depth(sp.troop)},
                       {"general", sp.general}});
    }
  return {{"width", scn.table_w}, {"depth", scn.table_h}, {"terrain", terrain},
          {"sides", {{"A", scn.side_name[0]}, {"B", scn.side_name[1]}}}, {"units", units}};
}

// A commitment is secret to the other side until the step resolves (§3.5): its event is shown to
// that side without the content (the rules' commit event names only the unit).
void views(const Events& log, int viewer, std::vector<game::EventView>* out) {
  if (!out) return;
  for (const Event& e : log) {
    if (viewer == game::kEachSeat) {
      for (int seat = 0; seat < kSides; ++seat)
        out->push_back(game::EventView{e.text, event_to_json(e), e.side < 0 || e.side == seat, seat});
    } else {
      out->push_back(game::EventView{e.text, event_to_json(e), e.side < 0 || viewer < 0 || e.side == viewer, viewer});
    }
  }
}

class Wrg6State final : public game::State {
 public:
  Wrg6State(std::shared_ptr<const game::Scenario> holder, const wrg6::State& s)
      : holder_(std::move(holder)), scn_(&wrg6::scenario_of(*holder_)), s_(s) {}

  std::unique_ptr<game::State> clone() const override { return std::make_unique<Wrg6State>(*this); }
  std::shared_ptr<const game::Scenario> scenario_ptr() const override { return holder_; }
  std::string seat_name(int seat) const override { return seat == 0 ? "A" : seat == 1 ? "B" : "?"; }
  bool is_terminal() const override { return s_.over(); }
  int current_player() const override { return to_decide(s_); }
  int winner() const override { return s_.over() ? s_.winner : -1; }
  int turn() const override { return s_.period; }
  // What a side has won so far: the men the other side has lost (I-VIC scores a draw by them).
  int score(int seat) const override {
    if (seat != 0 && seat != 1) return 0;
    int lost = 0;
    for (int k = 0; k < s_.n[1 - seat]; ++k) {
      int id = unit_id(1 - seat, k);
      lost += men_start(*scn_, id) - (s_.u[id].alive() ? men(s_, id) : 0);
    }
    return lost;
  }
  std::string decision_name() const override { return step_name(s_.step); }
  json status_extras() const override {
    return {{"period", s_.period}, {"period_limit", s_.period_limit}, {"step", step_name(s_.step)},
            {"side", seat_name(s_.side)}, {"unit", s_.over() ? json(nullptr) : json(unit_name(*scn_, s_.cursor))},
            {"men_lost", {{"A", score(1)}, {"B", score(0)}}}};
  }

  void legal_actions(std::vector<game::ActionCode>& out) const override {
    std::vector<uint32_t> l;
    wrg6::legal_actions(*scn_, s_, l);
    out.assign(l.begin(), l.end());
  }
  bool apply(game::ActionCode a, Rng& rng, std::vector<game::EventView>* events, int viewer, std::string* error) override {
    std::string why;
    if (a > 0xFFFFFFFFull || !is_legal(*scn_, s_, uint32_t(a), &why)) {
      if (error) *error = why.empty() ? "not an action of wrg6" : why;
      return false;
    }
    Events log;
    wrg6::apply(*scn_, s_, uint32_t(a), rng, events ? &log : nullptr);
    views(log, viewer, events);
    return true;
  }
  void apply_legal(game::ActionCode a, Rng& rng, std::vector<game::ActionCode>* next) override {
    wrg6::apply(*scn_, s_, uint32_t(a), rng, nullptr);
    if (next) legal_actions(*next);
  }
  std::unique_ptr<game::State> observation(int seat) const override {
    return std::make_unique<Wrg6State>(holder_, observe(s_, seat));
  }
  void determinize(int, Rng& rng) override { wrg6::determinize(*scn_, s_, rng); }
  void observation_tensor(int seat, std::vector<float>& out) const override {
    wrg6::observation_tensor(*scn_, s_, seat, out);
  }
  int hidden_left() const override { return 0xFFFF - s_.resolved; }

  std::string action_text(game::ActionCode a) const override {
    return a > 0xFFFFFFFFull ? "not an action of wrg6" : wrg6::action_text(*scn_, s_, uint32_t(a));
  }
  std::string action_text_for(game::ActionCode a, int viewer) const override {
    if (a > 0xFFFFFFFFull) return "not an action of wrg6";
    int id = unit_of(uint32_t(a));
    if (viewer >= 0 && side_of(id) != viewer) return "a commitment for " + unit_name(*scn_, id);
    return action_text(a);
  }
  json action_to_json(game::ActionCode a) const override { return wrg6::action_to_json(*scn_, s_, uint32_t(a)); }
  bool action_from_json(const json& j, game::ActionCode& out, std::string* error) const override {
    uint32_t a = 0;
    if (!wrg6::action_from_json(j, a, error)) return false;
    out = a;
    return true;
  }
  json to_json() const override {
    return {{"game", kGameName}, {"scenario", scenario_to_json(*scn_)}, {"table", table_json(*scn_)}, {"state", state_to_json(*scn_, s_)}};
  }
  std::string check_invariants() const override { return wrg6::check_invariants(*scn_, s_); }
  bool equals(const game::State& o) const override {
    const auto* q = dynamic_cast<const Wrg6State*>(&o);
    return q && q->s_ == s_ && (q->scn_ == scn_ || q->holder_->content_hash() == holder_->content_hash());
  }

  const wrg6::Scenario& scn() const { return *scn_; }
  wrg6::State& state() { return s_; }
  const wrg6::State& state() const { return s_; }

 private:
  std::shared_ptr<const game::Scenario> holder_;
  const wrg6::Scenario* scn_;
  wrg6::State s_;
};

const Wrg6State& as_wrg6(const game::State& s) {
  const auto* q = dynamic_cast<const Wrg6State*>(&s);
  if (!q) throw std::invalid_argument("not a WRG state");
  return *q;
}

// A record: the scenario's text, the seed, the players and every decision with the dice it rolled
// (faces 1-based). It is the referee's: it holds both sides' commitments.
class Wrg6Recorder final : public game::Recorder {
 public:
  Wrg6Recorder(std::shared_ptr<const game::Scenario> scn, uint64_t seed, std::vector<std::string> players)
      : scn_(std::move(scn)), seed_(seed), players_(std::move(players)) {
    players_.resize(2);
  }
  bool apply(game::State& s, game::ActionCode a, Rng& rng, std::vector<game::EventView>* events, int viewer,
             std::string* error) override {
    const wrg6::Scenario& scn = scenario_of(s);
    wrg6::State& st = state_of(s);
    std::string why;
    if (a > 0xFFFFFFFFull || !is_legal(scn, st, uint32_t(a), &why)) {
      if (error) *error = why.empty() ? "not an action of wrg6" : why;
      return false;
    }
    Step step;
    step.action = uint32_t(a);
    step.text = wrg6::action_to_json(scn, st, uint32_t(a));
    step.text.erase("text");
    Events log;
    wrg6::apply(scn, st, uint32_t(a), rng, &log);
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
    json j = {{"game", kGameName},          {"format", 1},       {"scenario_id", scn_->id()},
              {"scenario_hash", scn_->content_hash()}, {"scenario", scn_->to_json()}, {"seed", seed_},
              {"players", players_},        {"steps", steps}};
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
    uint32_t action = 0;
    json text;
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

game::ScenarioInfo info_of(const wrg6::Scenario& s) {
  json armies = json::object();
  for (int side = 0; side < kSides; ++side) {
    json counts = json::object();
    int figs = 0;
    for (const UnitSpec& sp : s.army[side]) {
      std::string t = troop_name(sp.troop);
      counts[t] = counts.value(t, 0) + 1;
      figs += sp.files * sp.ranks;
    }
    armies[side == 0 ? "A" : "B"] = {{"name", s.side_name[side]}, {"units", s.army[side].size()}, {"figures", figs}, {"troops", counts}};
  }
  json facts = {{"about", s.about},
                {"armies", armies},
                {"table", {{"width", s.table_w}, {"depth", s.table_h}}},
                {"period_limit", s.period_limit},
                {"terrain", s.terrain.size()},
                {"evade_rule", s.evade_rule == EvadeRule::A ? "a" : "b"}};
  return game::ScenarioInfo{s.id, s.title, facts};
}

class Wrg6Game final : public game::Game {
 public:
  std::string name() const override { return kGameName; }
  std::string title() const override { return "WRG 6th edition ancients (the play sheets)"; }
  std::string seat_name(int seat) const override { return seat == 0 ? "A" : seat == 1 ? "B" : "?"; }
  int die_face(const std::string& name) const override {
    if (name.size() != 1 || name[0] < '1' || name[0] > '6') return -1;
    return name[0] - '1';
  }
  std::string die_face_names() const override { return "1 to 6"; }
  int die_sides() const override { return 6; }
  json glossary() const override {
    json troops = json::object();
    for (int t = 0; t < kTroops; ++t) {
      const MoveRow& m = move_of(Troop(t));
      troops[troop_name(Troop(t))] = {{"normal", m.normal}, {"charge", m.charge}, {"evade", m.evade_a},
                                      {"figure_frontage", figure_frontage(Troop(t))}, {"figure_depth", figure_depth(Troop(t))}};
    }
    json orders = {{"Q", "move between half and all of the normal move toward the objective"},
                   {"W", "move at most half the normal move"},
                   {"S", "skirmish: charge flanks, light, shaken or disordered enemy; evade charges (charged, an R5 breaks it)"},
                   {"H", "hold: no advance; counter-charge when charged (foot stand against horse)"},
                   {"A", "attack: may start any charge"}};
    return {{"troops", troops}, {"orders", orders}};
  }
  game::TensorLayout observation_tensor_layout() const override { return wrg6::observation_tensor_layout(); }
  std::vector<game::ScenarioInfo> scenarios() const override {
    std::vector<game::ScenarioInfo> out;
    for (const auto& s : builtin_scenarios()) out.push_back(info_of(*s));
    return out;
  }
  game::ScenarioInfo scenario_info(const game::Scenario& s) const override {
    const auto* q = dynamic_cast<const Wrg6Scenario*>(&s);
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
      errors.push_back("\"" + arg + "\" is not a built-in scenario of wrg6 (" + known + ")" + (allow_files ? " nor a readable file" : ""));
      return nullptr;
    }
    std::ifstream in(arg);
    std::stringstream ss;
    ss << in.rdbuf();
    auto scn = std::make_shared<wrg6::Scenario>();
    if (!read_scenario(ss.str(), arg, *scn, errors) || !validate_scenario(*scn, arg, errors)) {
      if (errors.empty()) errors.push_back(arg + ":1: the scenario could not be read");
      return nullptr;
    }
    scn->source = arg;
    return wrap_scenario(scn);
  }
  std::unique_ptr<game::State> new_game(std::shared_ptr<const game::Scenario> scn, Rng& rng) const override {
    const wrg6::State s = wrg6::new_game(scenario_of(*scn), rng);
    return std::make_unique<Wrg6State>(std::move(scn), s);
  }
  std::shared_ptr<const game::Scenario> scenario_from_json(const json& j, std::string* error) const override {
    auto scn = std::make_shared<wrg6::Scenario>();
    if (!wrg6::scenario_from_json(j, *scn, error)) return nullptr;
    return wrap_scenario(scn);
  }
  std::unique_ptr<game::State> load(const json& position, std::string* error) const override {
    if (!position.is_object() || !position.contains("scenario") || !position.contains("state")) {
      if (error) *error = "a WRG position has \"scenario\" and \"state\"";
      return nullptr;
    }
    auto scn = scenario_from_json(position["scenario"], error);
    if (!scn) return nullptr;
    wrg6::State s;
    if (!state_from_json(position["state"], scenario_of(*scn), s, error)) return nullptr;
    return std::make_unique<Wrg6State>(std::move(scn), s);
  }
  std::unique_ptr<game::Recorder> recorder(std::shared_ptr<const game::Scenario> scn, uint64_t seed,
                                           const std::vector<std::string>& players) const override {
    return std::make_unique<Wrg6Recorder>(std::move(scn), seed, players);
  }
  bool read_record(const json& j, std::shared_ptr<const game::Scenario> known, game::RecordedGame& out,
                   std::string* error) const override {
    auto bad = [&](const std::string& why) {
      if (error) *error = why;
      return false;
    };
    auto text = [&](const char* key) {
      const auto it = j.find(key);
      return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (!j.is_object() || text("game") != kGameName) return bad("game: not a record of wrg6");
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
        uint32_t a = 0;
        std::string err;
        if (!wrg6::action_from_json(st, a, &err)) return bad(at + ": " + err);
        step.action = a;
      }
      if (st.contains("dice")) {
        if (!st["dice"].is_array()) return bad(at + ".dice: not a list");
        for (const json& d : st["dice"]) {
          if (!d.is_number_integer() || d.get<long>() < 1 || d.get<long>() > 6) return bad(at + ".dice: a face is 1 to 6");
          step.dice.push_back(int(d.get<long>()) - 1);
        }
      }
      out.steps.push_back(std::move(step));
    }
    return true;
  }
};

}  // namespace

std::shared_ptr<const game::Game> make_game() { return std::make_shared<Wrg6Game>(); }

std::shared_ptr<const game::Scenario> wrap_scenario(std::shared_ptr<const Scenario> scn) {
  return std::make_shared<Wrg6Scenario>(std::move(scn));
}

std::unique_ptr<game::State> wrap_state(std::shared_ptr<const game::Scenario> scn, const State& s) {
  return std::make_unique<Wrg6State>(std::move(scn), s);
}

const Scenario& scenario_of(const game::Scenario& s) {
  const auto* q = dynamic_cast<const Wrg6Scenario*>(&s);
  if (!q) throw std::invalid_argument("not a WRG scenario");
  return *q->scn;
}
const Scenario& scenario_of(const game::State& s) { return as_wrg6(s).scn(); }
const State& state_of(const game::State& s) { return as_wrg6(s).state(); }
State& state_of(game::State& s) { return const_cast<Wrg6State&>(as_wrg6(s)).state(); }
bool is_wrg6(const game::State& s) { return dynamic_cast<const Wrg6State*>(&s) != nullptr; }

}  // namespace bgb::wrg6
