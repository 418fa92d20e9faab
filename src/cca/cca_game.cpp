#include "cca/cca_game.h"

#include <filesystem>
#include <stdexcept>

#include "cca/battle_odds.h"
#include "cca/board.h"
#include "cca/battle_rules.h"
#include "cca/cards.h"
#include "cca/game_record.h"
#include "cca/json_io.h"
#include "cca/module_text.h"
#include "cca/observation.h"
#include "cca/observation_tensor.h"
#include "cca/rules.h"
#include "cca/scenario_file.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

namespace {

// What the lobby and the protocol offer for a battle: the Hellenistic module's switch, for a
// battle with its set-up, defaulting to the battle's own choice.
nlohmann::json options_offered(const Scenario& s) {
  if (s.hellenistic.use == ModuleUse::None) return nlohmann::json::object();
  return {{"hellenistic",
           {{"label", "Hellenistic module"},
            {"values", {"on", "off"}},
            {"default", s.hellenistic.use == ModuleUse::On ? "on" : "off"},
            {"about", "the Hellenistic rules (H0-H11): Army Commanders, leader grades, troop traits, section cards "
                      "in another section, outflanking, light troop matchups"}}}};
}


// Owns its scenario, or borrows one that outlives it (borrow_scenario).
class CcaScenario final : public game::Scenario {
 public:
  explicit CcaScenario(cca::Scenario s) : owned_(std::make_unique<cca::Scenario>(std::move(s))), scn(owned_.get()) {}
  explicit CcaScenario(const cca::Scenario* borrowed) : scn(borrowed) {}
  std::string id() const override { return scn->id; }
  std::string title() const override { return scn->name; }
  nlohmann::json to_json() const override { return scenario_to_json(*scn); }
  std::string content_hash() const override { return scenario_hash(*scn); }

 private:
  std::unique_ptr<cca::Scenario> owned_;

 public:
  const cca::Scenario* scn;
};

Side seat_side(int seat);

// The events of a log as `viewer` (a seat, -1 for everything) may see them.
void event_views(const cca::Scenario& scn, const EventLog& log, int viewer, std::vector<game::EventView>& out) {
  for (const Event& e : log) {
    for (int seat = 0; seat < 2; ++seat) {
      if (viewer != game::kEachSeat && seat > 0) break;
      const int who = viewer == game::kEachSeat ? seat : viewer;
      const Side v = seat_side(who);
      nlohmann::json j = event_to_json(scn, e, v);
      std::string text = j["text"].get<std::string>();
      out.push_back(game::EventView{std::move(text), std::move(j), v == Side::None || visible_to(e, v), who < 0 ? -1 : who});
    }
  }
}

void to_codes(const ActionList& list, std::vector<game::ActionCode>& out) {
  out.resize(size_t(list.size()));
  for (int i = 0; i < list.size(); ++i) out[size_t(i)] = list[i].v;
}

Side seat_side(int seat) { return seat == 0 ? Side::Top : seat == 1 ? Side::Bottom : Side::None; }

class CcaState final : public game::State {
 public:
  CcaState(std::shared_ptr<const game::Scenario> scn, const cca::State& s)
      : holder_(std::move(scn)), scn_(&scenario_of(*holder_)), s_(s) {}

  std::unique_ptr<game::State> clone() const override { return std::make_unique<CcaState>(*this); }
  std::shared_ptr<const game::Scenario> scenario_ptr() const override { return holder_; }
  std::string seat_name(int seat) const override { return side_name(seat_side(seat)); }

  bool is_terminal() const override { return cca::is_terminal(s_); }
  int current_player() const override { return is_terminal() ? -1 : int(s_.decider); }
  int winner() const override { return s_.winner == Side::None ? -1 : int(s_.winner); }
  int turn() const override { return s_.turn; }
  int score(int seat) const override { return seat == 0 || seat == 1 ? s_.banners[seat] : 0; }
  std::string decision_name() const override {
    const char* n = cca::decision_name(s_.decision);
    return n ? n : "?";
  }
  nlohmann::json status_extras() const override {
    return {{"banners", {{"top", s_.banners[0]}, {"bottom", s_.banners[1]}}}};
  }

  void legal_actions(std::vector<game::ActionCode>& out) const override {
    ActionList list;
    cca::legal_actions(*scn_, s_, list);
    to_codes(list, out);
  }

  bool is_unordered_choice(game::ActionCode a) const override {
    if (s_.decision != Decision::Order || a > 0xFFFFFFFFull) return false;
    const ActionType t = Action{uint32_t(a)}.type();
    return t == ActionType::OrderUnit || t == ActionType::OrderLeader;
  }

  void apply_legal(game::ActionCode a, Rng& rng, std::vector<game::ActionCode>* next) override {
    if (!next) {
      cca::apply_unchecked(*scn_, s_, Action{uint32_t(a)}, rng);
      return;
    }
    ActionList list;
    cca::apply_unchecked(*scn_, s_, Action{uint32_t(a)}, rng, nullptr, &list);
    to_codes(list, *next);
  }

  // The random playout on the rules' own action lists, without converting each to codes.
  long play_random(Rng& rng, long max_decisions) override {
    ActionList list;
    cca::legal_actions(*scn_, s_, list);
    long n = 0;
    while (n < max_decisions && !list.empty() && !cca::is_terminal(s_)) {
      cca::apply_unchecked(*scn_, s_, list[int(rng.below(uint32_t(list.size())))], rng, nullptr, &list);
      ++n;
    }
    return n;
  }

  bool apply(game::ActionCode code, Rng& rng, std::vector<game::EventView>* events, int viewer,
             std::string* error) override {
    if (code > 0xFFFFFFFFull) {
      if (error) *error = "not an action of this game";
      return false;
    }
    EventLog log;
    if (!cca::apply(*scn_, s_, Action{uint32_t(code)}, rng, events ? &log : nullptr, error)) return false;
    if (events) event_views(*scn_, log, viewer, *events);
    return true;
  }

  std::unique_ptr<game::State> observation(int seat) const override {
    return std::make_unique<CcaState>(holder_, observe(s_, seat_side(seat)));
  }
  void determinize(int viewer, Rng& rng) override { cca::determinize(*scn_, s_, seat_side(viewer), rng); }
  void observation_tensor(int seat, std::vector<float>& out) const override {
    cca::observation_tensor(*scn_, s_, seat_side(seat), out);
  }
  int hidden_left() const override { return s_.deck_n; }

  std::string action_text_for(game::ActionCode a, int viewer) const override {
    const Action act{uint32_t(a)};
    if (act.type() == ActionType::NameReserve && viewer != idx(s_.decider))
      return "name a reserve leader (secret)";  // Hellenistic H10.1
    return cca::action_text(*scn_, s_, act);
  }
  std::string action_text(game::ActionCode a) const override {
    return cca::action_text(*scn_, s_, Action{uint32_t(a)});
  }
  nlohmann::json action_details(game::ActionCode a) const override {
    BattleOdds o;
    if (a > 0xFFFFFFFFull || !battle_odds(*scn_, s_, Action{uint32_t(a)}, o)) return nullptr;
    return {{"dice", o.dice}, {"hit", o.hit}, {"eliminate", o.eliminate}, {"may_evade", o.may_evade}};
  }
  // {"reach": [{"unit", "side", "target", "from", "dice", "close", "this_turn"}]}: for every unit on
  // the map and each piece it could battle when next ordered alone (or, for a unit ordered in the
  // move phase under way, this turn under the card in force: this_turn true), its best shot and
  // its best close combat (the most dice of each kind) and one hex it strikes from. Positions
  // only: nothing hidden goes in (the card in force and the orders given are in the open).
  nlohmann::json position_details() const override {
    nlohmann::json reach = nlohmann::json::array();
    std::vector<BattleReach> r;
    for (int i = 0; i < s_.n_units; ++i) {
      if (!s_.units[i].alive()) continue;
      const int hex = s_.units[i].hex;
      const bool now = battle_reach_as_it_stands(*scn_, s_, hex, r);
      strongest_reach(r);
      for (const BattleReach& b : r)
        reach.push_back({{"unit", hex_name(hex)}, {"side", side_name(s_.units[i].side)}, {"target", hex_name(b.target)},
                         {"from", hex_name(b.from)}, {"dice", b.dice}, {"close", b.close}, {"this_turn", now}});
    }
    return {{"reach", reach}};
  }
  nlohmann::json action_to_json(game::ActionCode a) const override {
    return cca::action_to_json(s_, Action{uint32_t(a)});
  }
  bool action_from_json(const nlohmann::json& j, game::ActionCode& out, std::string* error) const override {
    Action a;
    if (!cca::action_from_json(j, a, error)) return false;
    out = a.v;
    return true;
  }

  nlohmann::json to_json() const override { return position_to_json(*scn_, s_); }
  std::string check_invariants() const override { return cca::check_invariants(*scn_, s_); }
  bool equals(const game::State& o) const override {
    const auto* c = dynamic_cast<const CcaState*>(&o);
    return c && c->s_ == s_ && scenario_hash_equal(*c);
  }

  const cca::Scenario& scn() const { return *scn_; }
  cca::State& state() { return s_; }
  const cca::State& state() const { return s_; }

 private:
  bool scenario_hash_equal(const CcaState& o) const {
    return scn_ == o.scn_ || scenario_hash(*scn_) == scenario_hash(*o.scn_);
  }

  std::shared_ptr<const game::Scenario> holder_;  // keeps the scenario alive for scn_
  const cca::Scenario* scn_;
  cca::State s_;
};

class CcaRecorder final : public game::Recorder {
 public:
  CcaRecorder(std::shared_ptr<const game::Scenario> scn, uint64_t seed, const std::vector<std::string>& players)
      : holder_(std::move(scn)),
        rec_(scenario_of(*holder_), seed, players.size() > 0 ? players[0] : "", players.size() > 1 ? players[1] : "") {}
  bool apply(game::State& s, game::ActionCode a, Rng& rng, std::vector<game::EventView>* events, int viewer,
             std::string* error) override {
    if (a > 0xFFFFFFFFull) {
      if (error) *error = "not an action of this game";
      return false;
    }
    EventLog log;
    if (!rec_.apply(state_of(s), Action{uint32_t(a)}, rng, events ? &log : nullptr, error)) return false;
    if (events) event_views(scenario_of(*holder_), log, viewer, *events);
    return true;
  }
  void finish(const game::State& end) override { rec_.finish(state_of(end)); }
  nlohmann::json to_json() const override { return record_to_json(scenario_of(*holder_), rec_.record()); }
  void set_started(const std::string& iso_time) override { rec_.record().started = iso_time; }
  std::size_t steps() const override { return rec_.record().steps.size(); }
  void truncate(std::size_t n) override {
    GameRecord& r = rec_.record();
    if (n < r.steps.size()) r.steps.resize(n);
    r.finished = false;
    r.winner = Side::None;
    r.draw = false;
  }

 private:
  std::shared_ptr<const game::Scenario> holder_;
  cca::Recorder rec_;
};

const CcaState& as_cca(const game::State& s) {
  const auto* c = dynamic_cast<const CcaState*>(&s);
  if (!c) throw std::invalid_argument("not a C&C: Ancients state");
  return *c;
}

class CcaGame final : public game::Game {
 public:
  std::string name() const override { return kGameName; }
  std::string title() const override { return "Commands & Colors: Ancients"; }
  std::string seat_name(int seat) const override { return side_name(seat_side(seat)); }
  int die_face(const std::string& name) const override {
    for (int i = 0; i < 6; ++i)
      if (name == face_name(i)) return i;
    return name == "helmet" ? kFaceHelmet : -1;  // the helmet is the leader face
  }
  std::string die_face_names() const override { return "light, medium, heavy, leader, flag, sword"; }
  game::TensorLayout observation_tensor_layout() const override { return cca::observation_tensor_layout(); }
  nlohmann::json glossary() const override {
    nlohmann::json cards = nlohmann::json::object(), units = nlohmann::json::object(), terrain = nlohmann::json::object();
    static const char* const kGroups[] = {"section", "troop", "leadership", "tactic"};
    static const char* const kClasses[] = {"light", "medium", "heavy"};
    for (int k = 0; k < kCardKinds; ++k) {
      const CardInfo& c = card_info(CardKind(k));
      cards[c.id] = {{"name", c.name}, {"effect", c.effect ? c.effect : ""}, {"group", kGroups[int(c.group)]}};
    }
    for (int t = 0; t < kUnitTypes; ++t) {
      const UnitInfo& u = unit_info(UnitType(t));
      units[u.code] = {{"name", u.name}, {"blocks", u.blocks}, {"move", u.move}, {"foot", u.foot},
                       {"class", kClasses[int(u.cls)]}};
    }
    for (int t = 0; t < int(Terrain::Count); ++t) {
      const TerrainInfo& ti = terrain_info(Terrain(t));
      terrain[ti.code] = {{"name", ti.name}, {"impassable", ti.impassable}};
    }
    // The Hellenistic module's words (module_text.h): the troop traits by name with their tags,
    // the leader grades by letter, and the Army Commander.
    nlohmann::json traits = nlohmann::json::object(), grades = nlohmann::json::object();
    for (int b = 0; b < kTraitBits; ++b)
      if (*trait_tag(b)) traits[kTraitNames[b]] = {{"tag", trait_tag(b)}, {"effect", trait_summary(b)}};
    for (uint8_t g : {kGradeA, kGradeB, kGradeC, kGradeD})
      grades[std::string(1, grade_letter(g))] = {{"name", grade_name(g)}, {"effect", grade_summary(g)}};
    return {{"cards", cards}, {"units", units}, {"terrain", terrain}, {"traits", traits}, {"grades", grades},
            {"commander", commander_summary()}};
  }

  static game::ScenarioInfo info_of(const cca::Scenario& s) {
    nlohmann::json rules = nlohmann::json::array();
    for (const BattleRule& r : s.rules) rules.push_back(battle_rule_summary(r, s.army));
    nlohmann::json facts = {{"year", s.year},
                            {"top", s.army[0]},
                            {"bottom", s.army[1]},
                            {"first", side_name(s.first)},
                            {"banners_to_win", {{"top", int(s.banners_to_win[0])}, {"bottom", int(s.banners_to_win[1])}}},
                            {"command", {{"top", int(s.command[0])}, {"bottom", int(s.command[1])}}},
                            {"rules", rules}};
    // The Hellenistic module: whether the battle can be played with it ("none", "available",
    // "on") and whether it is on by default; the leaders with their grades and commanders, and
    // the units with troop traits (public facts of the set-up).
    facts["hellenistic"] = module_use_name(s.hellenistic.use);
    facts["hellenistic_default"] = s.hellenistic.use == ModuleUse::On;
    if (s.hellenistic.use != ModuleUse::None || s.hellenistic.on) {
      facts["hellenistic_on"] = s.hellenistic.on;
      facts["module"] = module_summary(s);
    }
    nlohmann::json leaders = nlohmann::json::array(), troops = nlohmann::json::array();
    for (const LeaderSetup& l : s.leaders) {
      nlohmann::json e = {{"name", l.name}, {"side", side_name(l.side)}};
      if (l.grade != kGradeNone) e["grade"] = std::string(1, grade_letter(l.grade));
      if (l.commander) e["commander"] = true;
      leaders.push_back(std::move(e));
    }
    for (const UnitSetup& u : s.units) {
      if (!u.traits) continue;
      nlohmann::json names = nlohmann::json::array();
      for (int b = 0; b < kTraitBits; ++b)
        if (u.traits >> b & 1) names.push_back(kTraitNames[b]);
      troops.push_back({{"hex", hex_name(u.hex)}, {"type", unit_info(u.type).code}, {"side", side_name(u.side)},
                        {"traits", names}});
    }
    facts["leaders"] = std::move(leaders);
    if (!troops.empty()) facts["troops"] = std::move(troops);
    game::ScenarioInfo info{s.id, s.name, std::move(facts)};
    info.options = options_offered(s);
    return info;
  }
  game::ScenarioInfo scenario_info(const game::Scenario& s) const override {
    const auto* c = dynamic_cast<const CcaScenario*>(&s);
    return c ? info_of(*c->scn) : game::Game::scenario_info(s);
  }

  std::vector<game::ScenarioInfo> scenarios() const override {
    std::vector<game::ScenarioInfo> out;
    for (const std::string& id : builtin_scenario_ids())
      if (const cca::Scenario* s = find_builtin_scenario(id)) out.push_back(info_of(*s));
    return out;
  }

  std::shared_ptr<const game::Scenario> find_scenario(const std::string& arg, bool allow_files,
                                                      std::vector<std::string>& errors) const override {
    errors.clear();
    if (const cca::Scenario* b = find_builtin_scenario(arg)) return wrap_scenario(*b);
    std::error_code ec;
    if (!allow_files || !std::filesystem::exists(arg, ec)) {
      std::string known;
      for (const std::string& id : builtin_scenario_ids()) known += (known.empty() ? "" : ", ") + id;
      errors.push_back("\"" + arg + "\" is not a built-in scenario (" + known + ")" +
                       (allow_files ? " nor a readable scenario file" : ""));
      return nullptr;
    }
    cca::Scenario scn;
    if (!load_scenario_file(arg, scn, errors)) {
      if (errors.empty()) errors.push_back(arg + ":0: the scenario could not be loaded");
      return nullptr;
    }
    return wrap_scenario(std::move(scn));
  }

  nlohmann::json scenario_options(const game::Scenario& s) const override {
    const auto* c = dynamic_cast<const CcaScenario*>(&s);
    return c ? options_offered(*c->scn) : nlohmann::json::object();
  }
  nlohmann::json options_in_force(const game::Scenario& s) const override {
    const auto* c = dynamic_cast<const CcaScenario*>(&s);
    return c ? cca::options_in_force(*c->scn) : nlohmann::json::object();
  }
  std::shared_ptr<const game::Scenario> with_options(std::shared_ptr<const game::Scenario> s, const nlohmann::json& options,
                                                     std::string* error) const override {
    if (!s || options.is_null() || (options.is_object() && options.empty())) return s;
    const cca::Scenario& base = scenario_of(*s);
    cca::Scenario copy = base;
    if (!apply_options(copy, options, error)) return nullptr;
    if (copy.hellenistic == base.hellenistic) return s;  // as the battle is already
    return wrap_scenario(std::move(copy));
  }

  std::unique_ptr<game::State> new_game(std::shared_ptr<const game::Scenario> scn, Rng& rng) const override {
    const cca::State s = cca::new_game(scenario_of(*scn), rng);
    return std::make_unique<CcaState>(std::move(scn), s);
  }

  std::shared_ptr<const game::Scenario> scenario_from_json(const nlohmann::json& j, std::string* error) const override {
    cca::Scenario scn;
    if (!cca::scenario_from_json(j, scn, error)) return nullptr;
    return wrap_scenario(std::move(scn));
  }

  std::unique_ptr<game::State> load(const nlohmann::json& position, std::string* error) const override {
    cca::Scenario scn;
    cca::State s;
    if (!position_from_json(position, scn, s, error)) return nullptr;
    if (std::string bad = cca::check_invariants(scn, s); !bad.empty()) {
      if (error) *error = "the position breaks an invariant: " + bad;
      return nullptr;
    }
    // A game is played from the true state: an observation (cards shown as hidden) is not one.
    for (int h = 0; h < 2; ++h)
      for (int i = 0; i < s.hand_n[h]; ++i)
        if (s.hand[h][i] >= kCardKinds) {
          if (error) *error = "a hand holds a hidden card: load the referee's position";
          return nullptr;
        }
    for (int i = 0; i < s.deck_n; ++i)
      if (s.deck[i] >= kCardKinds) {
        if (error) *error = "the deck holds a hidden card: load the referee's position";
        return nullptr;
      }
    return std::make_unique<CcaState>(wrap_scenario(std::move(scn)), s);
  }

  std::unique_ptr<game::Recorder> recorder(std::shared_ptr<const game::Scenario> scn, uint64_t seed,
                                           const std::vector<std::string>& players) const override {
    return std::make_unique<CcaRecorder>(std::move(scn), seed, players);
  }

  bool read_record(const nlohmann::json& j, std::shared_ptr<const game::Scenario> known, game::RecordedGame& out,
                   std::string* error) const override {
    GameRecord r;
    if (!record_from_json(j, r, error)) return false;
    std::shared_ptr<const game::Scenario> scn;
    if (known && scenario_hash(scenario_of(*known)) == r.scenario_hash)
      scn = known;
    else if (const cca::Scenario* b = find_builtin_scenario(r.scenario_id)) {
      // The built-in battle, or the same with the Hellenistic module switched for the game.
      cca::Scenario c = *b;
      if (match_record_scenario(c, r.scenario_hash)) scn = wrap_scenario(std::move(c));
    }
    if (!scn) {
      if (error)
        *error = "scenario_hash: the record's battle \"" + r.scenario_id +
                 "\" is not a built-in one with the same content, nor the scenario given";
      return false;
    }
    out = game::RecordedGame{};
    out.scenario = scn;
    out.seed = r.seed;
    out.players = {r.players[0], r.players[1]};
    for (const RecordStep& st : r.steps) {
      game::RecordedGame::Step step;
      step.action = st.action.v;
      step.dice.assign(st.dice.begin(), st.dice.end());
      out.steps.push_back(std::move(step));
    }
    return true;
  }
};

}  // namespace

std::shared_ptr<const game::Game> make_game() { return std::make_shared<CcaGame>(); }

bool apply_options(Scenario& scn, const nlohmann::json& options, std::string* error) {
  auto refuse = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (options.is_null() || (options.is_object() && options.empty())) return true;
  if (!options.is_object()) return refuse("the options must be an object, e.g. {\"hellenistic\": \"on\"}");
  Scenario copy = scn;
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (it.key() != "hellenistic")
      return refuse("\"" + it.key().substr(0, 40) + "\" is not an option of battle " + scn.id +
                    (scn.hellenistic.use == ModuleUse::None ? " (it takes none)"
                                                            : " (its one option is \"hellenistic\": \"on\" or \"off\")"));
    const nlohmann::json& v = it.value();
    bool on = false;
    if (v.is_boolean())
      on = v.get<bool>();
    else if (v.is_string() && (v.get<std::string>() == "on" || v.get<std::string>() == "off"))
      on = v.get<std::string>() == "on";
    else
      return refuse("\"hellenistic\" must be \"on\" or \"off\"");
    std::string why;
    if (!set_hellenistic(copy, on, why)) return refuse(why);
  }
  scn = std::move(copy);
  return true;
}

nlohmann::json options_in_force(const Scenario& scn) {
  if (scn.hellenistic.use == ModuleUse::None && !scn.hellenistic.on) return nlohmann::json::object();
  return {{"hellenistic", scn.hellenistic.on ? "on" : "off"}};
}

bool match_record_scenario(Scenario& scn, const std::string& hash) {
  if (hash.empty() || scenario_hash(scn) == hash) return true;
  if (scn.hellenistic.use == ModuleUse::None && !scn.hellenistic.on) return false;
  Scenario other = scn;
  std::string why;
  if (!set_hellenistic(other, !scn.hellenistic.on, why) || scenario_hash(other) != hash) return false;
  scn = std::move(other);
  return true;
}

std::shared_ptr<const game::Scenario> wrap_scenario(Scenario scn) {
  return std::make_shared<CcaScenario>(std::move(scn));
}

std::shared_ptr<const game::Scenario> borrow_scenario(const Scenario& scn) {
  return std::make_shared<CcaScenario>(&scn);
}

std::unique_ptr<game::State> wrap_state(std::shared_ptr<const game::Scenario> scn, const State& s) {
  return std::make_unique<CcaState>(std::move(scn), s);
}

const Scenario& scenario_of(const game::Scenario& s) {
  const auto* c = dynamic_cast<const CcaScenario*>(&s);
  if (!c) throw std::invalid_argument("not a C&C: Ancients scenario");
  return *c->scn;
}
const Scenario& scenario_of(const game::State& s) { return as_cca(s).scn(); }
const State& state_of(const game::State& s) { return as_cca(s).state(); }
State& state_of(game::State& s) { return const_cast<CcaState&>(as_cca(s)).state(); }

}  // namespace bgb::cca
