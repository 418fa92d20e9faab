// The Python module `bgbot` (pybind11): every registered game through the game layer, in the shape
// of OpenSpiel's pyspiel (load_game, new_initial_state, legal_actions, apply_action, returns,
// observations per player), and our bots callable on a player's observation. docs/python.md.
//
// A State here is the referee's: it holds the true game and the generator its dice come from.
// What a player may know comes out of observation() and observation_tensor() only; a bot is given
// nothing else (Bot.step builds the observation itself).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/rng.h"
#include "game/game.h"
#include "games/all_games.h"

namespace py = pybind11;
using bgb::Rng;
using nlohmann::json;
namespace game = bgb::game;

namespace {

// nlohmann JSON <-> Python objects, through the json module (simple, and these are not hot paths).
py::object to_py(const json& j) { return py::module_::import("json").attr("loads")(j.dump()); }
// A Python object as JSON; what JSON cannot hold (NaN, a set ...) is a ValueError or TypeError.
json from_py(const py::handle& o) {
  const std::string text = py::module_::import("json").attr("dumps")(o, py::arg("allow_nan") = false).cast<std::string>();
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) throw py::value_error("not JSON: " + text.substr(0, 60));
  return j;
}

class PyGame;

class PyState {
 public:
  PyState(std::shared_ptr<const PyGame> g, std::unique_ptr<game::State> s, Rng rng)
      : game_(std::move(g)), s_(std::move(s)), rng_(std::move(rng)) {}
  PyState(const PyState& o) : game_(o.game_), s_(o.s_->clone()), rng_(o.rng_.clone()), history_(o.history_) {}
  PyState(PyState&&) = default;

  const game::State& state() const { return *s_; }
  std::shared_ptr<const PyGame> game() const { return game_; }

  int current_player() const { return s_->current_player(); }
  bool is_terminal() const { return s_->is_terminal(); }
  std::vector<double> returns() const { return s_->returns(); }
  std::vector<game::ActionCode> legal_actions() const { return s_->legal_actions(); }
  void check_player(int p) const {
    if (p < 0 || p >= s_->num_players())
      throw py::value_error("player " + std::to_string(p) + " is not a seat (0.." +
                            std::to_string(s_->num_players() - 1) + ")");
  }

  py::list apply_action(game::ActionCode a, bool events, int viewer) {
    std::vector<game::EventView> ev;
    std::string error;
    if (viewer < -1 || viewer >= s_->num_players()) throw py::value_error("viewer must be -1 (all) or a seat");
    if (!s_->apply(a, rng_, events ? &ev : nullptr, viewer, &error))
      throw py::value_error("illegal action " + std::to_string(a) + ": " + error);
    history_.push_back(a);
    py::list out;
    for (const auto& e : ev) {
      py::dict d;
      d["text"] = e.text;
      d["json"] = to_py(e.json);
      out.append(d);
    }
    return out;
  }

  py::object observation(int p) const {
    check_player(p);
    return to_py(s_->observation(p)->to_json());
  }
  // What the game adds about the position as seat p sees it (C&C: each unit's reach), or None.
  py::object details(int p) const {
    check_player(p);
    const nlohmann::json d = s_->observation(p)->position_details();
    return d.is_null() ? py::object(py::none()) : to_py(d);
  }
  py::array_t<float> observation_tensor(int p) const {
    check_player(p);
    std::vector<float> v;
    s_->observation_tensor(p, v);
    py::array_t<float> a(py::ssize_t(v.size()));
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
  }

  // As `viewer` may learn of it (-1: the referee, everything): another seat's secret choice (C&C's
  // Hellenistic reserve leader) names nothing.
  std::string action_to_string(game::ActionCode a, int viewer) const {
    if (viewer < -1 || viewer >= s_->num_players()) throw py::value_error("viewer must be -1 (all) or a seat");
    return viewer < 0 ? s_->action_text(a) : s_->action_text_for(a, viewer);
  }
  py::object action_to_json(game::ActionCode a) const { return to_py(s_->action_to_json(a)); }
  game::ActionCode action_from_json(const py::object& o) const {
    json j = py::isinstance<py::str>(o) ? json::parse(o.cast<std::string>(), nullptr, false) : from_py(o);
    if (j.is_discarded()) throw py::value_error("not JSON: " + o.cast<std::string>().substr(0, 60));
    game::ActionCode code = 0;
    std::string error;
    if (!s_->action_from_json(j, code, &error)) throw py::value_error(error);
    return code;
  }
  // The legal action whose text is `text` (as action_to_string gives it).
  game::ActionCode string_to_action(const std::string& text) const {
    for (game::ActionCode a : s_->legal_actions())
      if (s_->action_text(a) == text) return a;
    throw py::value_error("no legal action reads \"" + text.substr(0, 80) + "\"");
  }

  // Faces as the game names them ("sword", "flag" ...; Quinn: "1".."10"); ints are read as text.
  int force_dice(const py::list& faces);
  int forced_dice() const { return rng_.forced_pending(); }
  void clear_forced_dice() { rng_.clear_forced(); }

  py::object to_json() const { return to_py(s_->to_json()); }
  std::string check_invariants() const { return s_->check_invariants(); }
  const std::vector<game::ActionCode>& history() const { return history_; }
  std::string str() const { return s_->to_json().dump(); }

 private:
  std::shared_ptr<const PyGame> game_;
  std::unique_ptr<game::State> s_;
  Rng rng_;
  std::vector<game::ActionCode> history_;
};

// A game with one scenario and its options chosen, as OpenSpiel's Game with its parameters.
class PyGame : public std::enable_shared_from_this<PyGame> {
 public:
  PyGame(const game::Game* g, std::shared_ptr<const game::Scenario> scn) : g_(g), scn_(std::move(scn)) {}
  const game::Game& g() const { return *g_; }
  std::string scenario_id() const { return scn_->id(); }
  PyState new_initial_state(uint64_t seed) const {
    Rng rng(seed);
    auto s = g_->new_game(scn_, rng);
    return PyState(shared_from_this(), std::move(s), std::move(rng));
  }
  py::list tensor_layout() const {
    py::list out;
    for (const auto& p : g_->observation_tensor_layout().parts) out.append(py::make_tuple(p.name, p.shape));
    return out;
  }
  std::vector<int> tensor_shape() const { return {g_->observation_tensor_layout().size()}; }
  py::list scenarios() const {
    py::list out;
    for (const auto& s : g_->scenarios()) {
      py::dict d;
      d["id"] = s.id;
      d["title"] = s.title;
      d["facts"] = to_py(s.facts);
      d["options"] = to_py(s.options);
      out.append(d);
    }
    return out;
  }
  PyState load_state(const py::object& position, uint64_t seed) const {
    std::string error;
    auto s = g_->load(from_py(position), &error);
    if (!s) throw py::value_error("the position does not load: " + error);
    return PyState(shared_from_this(), std::move(s), Rng(seed));
  }
  std::string repr() const { return "bgbot.Game(\"" + g_->name() + "\", scenario=\"" + scn_->id() + "\")"; }

 private:
  const game::Game* g_;
  std::shared_ptr<const game::Scenario> scn_;
};

int PyState::force_dice(const py::list& faces) {
  std::vector<int> parsed;
  for (const auto& f : faces) {
    const std::string name = py::isinstance<py::str>(f) ? f.cast<std::string>() : py::str(f).cast<std::string>();
    const int face = game_->g().die_face(name);
    if (face < 0) throw py::value_error("unknown face \"" + name + "\" (faces: " + game_->g().die_face_names() + ")");
    parsed.push_back(face);
  }
  Rng queued = rng_.clone();  // all or nothing: a full queue changes nothing
  for (int f : parsed)
    if (!queued.force_one(f)) throw py::value_error("the queue of forced dice is full");
  rng_ = std::move(queued);
  return rng_.forced_pending();
}

std::shared_ptr<PyGame> load_game(const std::string& name, const std::string& scenario, const py::object& options) {
  bgb::games::register_all_games();
  const game::Game* g = game::find_game(name);
  if (!g) {
    std::string names;
    for (const auto* x : game::registered_games()) names += (names.empty() ? "" : ", ") + x->name();
    throw py::value_error("no game \"" + name + "\" (games: " + names + ")");
  }
  std::vector<std::string> errors;
  const std::string id = scenario.empty() ? g->scenarios().at(0).id : scenario;
  auto scn = g->find_scenario(id, true, errors);
  if (!scn) {
    std::string msg = "no scenario \"" + id + "\" in " + name;
    for (const auto& e : errors) msg += "\n" + e;
    throw py::value_error(msg);
  }
  if (!options.is_none()) {
    std::string error;
    scn = g->with_options(scn, from_py(options), &error);
    if (!scn) throw py::value_error(error);
  }
  return std::make_shared<PyGame>(g, scn);
}

// One of our bots for one game. step() gives it the observation of the player to move and
// nothing else (a bot that says it sees everything, the measuring-only "cheat", gets the state).
class PyBot {
 public:
  PyBot(const std::string& game_name, const std::string& spec, uint64_t seed) : game_(game_name), rng_(seed) {
    bgb::games::register_all_games();
    if (!game::find_game(game_name)) throw py::value_error("no game \"" + game_name + "\"");
    std::string error;
    bot_ = bgb::ai::make_bot(game_name, spec, &error);
    if (!bot_) throw py::value_error("bot \"" + spec + "\": " + error);
  }
  game::ActionCode step(const PyState& s, bgb::ai::Explanation* why = nullptr) {
    if (s.game()->g().name() != game_) throw py::value_error("this bot plays " + game_ + ", not " + s.game()->g().name());
    if (s.is_terminal()) throw py::value_error("the game is over");
    const int p = s.current_player();
    std::unique_ptr<game::State> view = bot_->sees_everything() ? s.state().clone() : s.state().observation(p);
    py::gil_scoped_release release;  // searches take a while and may use threads of their own
    // One decision at a time (the bot and its Rng are not for two threads), taken without the GIL
    // so that a thread waiting here does not hold up the one deciding.
    std::lock_guard<std::mutex> lock(mu_);
    return bot_->choose(*view, rng_, why);
  }
  py::dict think(const PyState& s) {
    bgb::ai::Explanation why;
    const game::ActionCode a = step(s, &why);
    py::dict d;
    d["action"] = a;
    d["text"] = s.action_to_string(a, -1);
    d["win_chance"] = why.win_chance;
    d["iterations"] = why.iterations;
    d["seconds"] = why.seconds;
    py::list best;
    for (const auto& b : why.best) {
      py::dict x;
      x["action"] = b.action;
      x["text"] = s.action_to_string(b.action, -1);
      x["value"] = b.value;
      x["visits"] = b.visits;
      best.append(x);
    }
    d["best"] = best;
    return d;
  }
  std::string spec() const { return bot_->spec(); }

 private:
  std::string game_;
  Rng rng_;
  std::unique_ptr<bgb::ai::Bot> bot_;
  std::mutex mu_;
};

}  // namespace

PYBIND11_MODULE(bgbot, m) {
  m.doc() = "BoardGamesBot: the rules engines and bots, OpenSpiel-style (docs/python.md)";
  m.def(
      "registered_names",
      [] {
        bgb::games::register_all_games();
        std::vector<std::string> out;
        for (const auto* g : game::registered_games()) out.push_back(g->name());
        return out;
      },
      "The names of every game, as load_game takes them.");
  m.def("load_game", &load_game, py::arg("name"), py::arg("scenario") = "", py::arg("options") = py::none(),
        "A game by name with one scenario (its first built-in one by default; a file path works too) and its options.");
  m.def(
      "bots",
      [](const std::string& name) {
        bgb::games::register_all_games();
        if (!game::find_game(name)) throw py::value_error("no game \"" + name + "\"");
        return bgb::ai::bot_catalogue(name);
      },
      py::arg("game"), "The bot levels and specs offered for a game, with a line each.");

  py::class_<PyGame, std::shared_ptr<PyGame>>(m, "Game")
      .def("name", [](const PyGame& g) { return g.g().name(); })
      .def("title", [](const PyGame& g) { return g.g().title(); })
      .def("scenario", &PyGame::scenario_id)
      .def("scenarios", &PyGame::scenarios, "The built-in scenarios: id, title, facts, options.")
      .def("num_players", [](const PyGame& g) { return g.g().num_players(); })
      .def("die_faces", [](const PyGame& g) { return g.g().die_face_names(); })
      .def("new_initial_state", &PyGame::new_initial_state, py::arg("seed") = 0,
           "A new game; its set-up and every die after it come from `seed`.")
      .def("load_state", &PyGame::load_state, py::arg("position"), py::arg("seed") = 0,
           "A position as State.to_json() writes it, its dice from `seed`.")
      .def("observation_tensor_shape", &PyGame::tensor_shape)
      .def("observation_tensor_layout", &PyGame::tensor_layout,
           "The parts of the flat tensor, in order: (name, shape).")
      .def("__repr__", &PyGame::repr);

  py::class_<PyState>(m, "State")
      .def("current_player", &PyState::current_player, "The seat that decides now; -1 when the game is over.")
      .def("is_terminal", &PyState::is_terminal)
      .def("is_chance_node", [](const PyState&) { return false; },
           "Always False: dice are rolled inside apply_action, from the state's own generator.")
      .def("returns", &PyState::returns, "+1 won, -1 lost, 0 drawn or not over, per seat.")
      .def("winner", [](const PyState& s) { return s.state().winner(); })
      .def("legal_actions", &PyState::legal_actions)
      .def("apply_action", &PyState::apply_action, py::arg("action"), py::arg("events") = false,
           py::arg("viewer") = -1,
           "Applies a legal action (ValueError with the reason otherwise); with events=True returns what "
           "happened as `viewer` may see it (-1: everything).")
      .def("clone", [](const PyState& s) { return PyState(s); })
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def("__deepcopy__", [](const PyState& s, py::dict) { return PyState(s); })
      .def("observation", &PyState::observation, py::arg("player"),
           "What `player` may know, as the game's position JSON (dict).")
      .def("details", &PyState::details, py::arg("player"),
           "What the game adds about the position as that seat sees it, or None (C&C: {\"reach\": [...]}, "
           "each unit's best battle against each piece it could battle when next ordered alone).")
      .def("observation_tensor", &PyState::observation_tensor, py::arg("player"),
           "What `player` may know as a flat float32 array (Game.observation_tensor_layout()).")
      .def("action_to_string", &PyState::action_to_string, py::arg("action"), py::arg("viewer") = -1,
           "The action's text as `viewer` may learn of it (-1: the referee's, everything).")
      .def("action_to_json", &PyState::action_to_json)
      .def("action_from_json", &PyState::action_from_json)
      .def("string_to_action", &PyState::string_to_action)
      .def("force_dice", &PyState::force_dice, py::arg("faces"),
           "Queues die faces (as the game names them) that the next rolls return; returns how many wait.")
      .def("forced_dice", &PyState::forced_dice)
      .def("clear_forced_dice", &PyState::clear_forced_dice)
      .def("decision", [](const PyState& s) { return s.state().decision_name(); })
      .def("turn", [](const PyState& s) { return s.state().turn(); })
      .def("score", [](const PyState& s, int p) { s.check_player(p); return s.state().score(p); })
      .def("seat_name", [](const PyState& s, int p) { s.check_player(p); return s.state().seat_name(p); })
      .def("history", &PyState::history,
           "The actions applied since the state was made: the referee's record (it holds secret choices).")
      .def("to_json", &PyState::to_json, "The whole position (the referee's view: hands and deck included).")
      .def("check_invariants", &PyState::check_invariants, "\"\" when every invariant of the rules holds.")
      .def("game", &PyState::game)
      .def("__str__", &PyState::str);

  py::class_<PyBot>(m, "Bot")
      .def(py::init<const std::string&, const std::string&, uint64_t>(), py::arg("game"), py::arg("spec"),
           py::arg("seed") = 1)
      .def("step", [](PyBot& b, const PyState& s) { return b.step(s); }, py::arg("state"),
           "The bot's action for the player to move, chosen from that player's observation.")
      .def("think", &PyBot::think, py::arg("state"),
           "As step, with the bot's explanation: win chance, best actions, iterations.")
      .def("spec", &PyBot::spec);
}
