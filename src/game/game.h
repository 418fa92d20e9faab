// The game layer: what a game provides to everything above it (bots, arena, session, front ends),
// and the registry of games by name, in the manner of OpenSpiel's Game and State. Nothing here
// knows a hex, a card or a die face: a game lives in its own folder (src/cca/ is the first) and
// registers itself (games/all_games.h).
//
// What the types guarantee:
// - A State is one game in progress, or a seat's observation of one. It is copied with clone();
//   copies are independent. Chance is drawn only from the Rng passed to apply(): the same state,
//   action and Rng give the same result on every machine.
// - Seats are 0 .. num_players()-1 (C&C: Ancients: 0 top, 1 bottom). current_player() is the
//   seat that decides now, also inside another seat's turn (a defender's evade, a retreat path).
// - An action is one number (ActionCode) whose layout the game documents; legal_actions() lists
//   them in a fixed order. apply() of anything else is refused with the reason and changes nothing.
// - observation(seat) holds nothing that seat may not know (the other hand, the deck order, the
//   seed); determinize() re-deals what its viewer cannot see, consistent with what it can.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"

namespace bgb::game {

using ActionCode = uint64_t;

// An event of the rules as a front end shows it: a line of text, and the same as JSON (at least
// "type", and "section" when a rule-book section applies). Secrets the viewer may not see are
// never in it.
struct EventView {
  std::string text;
  nlohmann::json json;
  // False for another seat's private event (a card it drew), given without its secret: a log may
  // say it happened, a player's screen need not.
  bool own = true;
  // The seat this is the view of (-1: the referee's). With viewer kEachSeat, every event comes
  // once per seat, as that seat sees it, in seat order.
  int seat = -1;
};

// As the viewer of apply(): every seat's view of each event, one after another (a server that
// keeps each seat's log).
constexpr int kEachSeat = -2;

// A fixed-size numeric form of a seat's observation, for learning agents (the Python module's
// observation_tensor, as OpenSpiel's ObservationTensor): one shape for every state of the game in
// every scenario, so that a network's input never changes. The flat tensor is its parts one after
// another; each part has a name and a shape (its size is the product).
struct TensorPart {
  std::string name;
  std::vector<int> shape;
  int size() const {
    int n = 1;
    for (int d : shape) n *= d;
    return n;
  }
};
struct TensorLayout {
  std::vector<TensorPart> parts;  // empty: the game offers no tensor
  int size() const {
    int n = 0;
    for (const auto& p : parts) n += p.size();
    return n;
  }
};

// A battle or set-up a game can be started from (built in, or read from a file).
class Scenario {
 public:
  virtual ~Scenario() = default;
  virtual std::string id() const = 0;     // stable: seeds and records name it
  virtual std::string title() const = 0;  // for people
  // The scenario as the game's JSON (stored with a game, so that it replays without the file).
  virtual nlohmann::json to_json() const = 0;
  // A hash of its content, as records name the version they were played on.
  virtual std::string content_hash() const = 0;
};

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;
  virtual std::shared_ptr<const Scenario> scenario_ptr() const = 0;
  const Scenario& scenario() const { return *scenario_ptr(); }
  virtual int num_players() const { return 2; }
  virtual std::string seat_name(int seat) const = 0;  // "top", "bottom", ...

  virtual bool is_terminal() const = 0;
  virtual int current_player() const = 0;  // -1 when terminal
  virtual int winner() const = 0;          // the winning seat; -1 for a draw or a game not over
  // Per seat: +1 won, -1 lost, 0 drawn or not over (OpenSpiel's returns()).
  std::vector<double> returns() const;
  // The game's own count of turns played, for records and statistics.
  virtual int turn() const = 0;
  // What a seat has won so far in the count the game is decided by (C&C: banners).
  virtual int score(int seat) const = 0;
  // The kind of decision pending, as front ends name it (C&C: "play-card", "retreat", ...).
  virtual std::string decision_name() const = 0;
  // Fields of the game's own that a front end shows with the status (C&C: "banners"), an object.
  virtual nlohmann::json status_extras() const { return nlohmann::json::object(); }

  virtual void legal_actions(std::vector<ActionCode>& out) const = 0;
  std::vector<ActionCode> legal_actions() const {
    std::vector<ActionCode> out;
    legal_actions(out);
    return out;
  }
  // Applies a legal action and runs the rules to the next real decision; `events` (when not
  // null) receives what happened as `viewer` may see it (-1: everything). Returns false, the
  // reason in *error and the state unchanged, when `a` is not legal here.
  virtual bool apply(ActionCode a, Rng& rng, std::vector<EventView>* events = nullptr, int viewer = -1,
                     std::string* error = nullptr) = 0;
  // Whether `a` is one of a set of choices the seat to move makes one after another whose order
  // does not matter, and which the game lists only in its own canonical sequence so that searches
  // do not explore every order (C&C: the orders of a turn, §7). A person may give them in any
  // sequence: the session collects them and plays them in a sequence the game accepts.
  virtual bool is_unordered_choice(ActionCode a) const {
    (void)a;
    return false;
  }
  // The fast path of random playouts: `a` must come from legal_actions() of this state (it is
  // not checked); `next` (when not null) receives the new state's legal actions.
  virtual void apply_legal(ActionCode a, Rng& rng, std::vector<ActionCode>* next = nullptr) = 0;
  // A uniformly random playout: until the game ends, no action is legal or `max_decisions` are
  // made, the action at rng.below(number of legal actions) of legal_actions() is applied (by
  // apply_legal). Returns the decisions made. A game may play it on its own action lists; the
  // actions and the random numbers drawn must be these.
  virtual long play_random(Rng& rng, long max_decisions) {
    std::vector<ActionCode> acts;
    legal_actions(acts);
    long n = 0;
    while (n < max_decisions && !acts.empty() && !is_terminal()) {
      apply_legal(acts[rng.below(uint32_t(acts.size()))], rng, &acts);
      ++n;
    }
    return n;
  }

  // What `seat` may know of this state, as a state of its own (bots search from it).
  virtual std::unique_ptr<State> observation(int seat) const = 0;
  // observation(seat) as numbers in the layout of Game::observation_tensor_layout(); the same
  // hidden-information rule holds (nothing of it changes when what `seat` cannot see is re-dealt).
  // A game that offers no tensor leaves `out` empty.
  virtual void observation_tensor(int /*seat*/, std::vector<float>& out) const { out.clear(); }
  // Re-deals in place everything `viewer` cannot see, consistent with what it sees.
  virtual void determinize(int viewer, Rng& rng) = 0;
  // How many hidden things are still to come out (C&C: the cards of the draw deck). A decision
  // that changes it revealed one to someone, as a roll does: undo stops there (play/session.h).
  virtual int hidden_left() const { return 0; }

  // Texts and JSON of actions in this state (the protocol's and the front ends' vocabulary).
  virtual std::string action_text(ActionCode a) const = 0;
  // The action as `viewer` may learn of it: the same text, but for a secret choice of another
  // seat (C&C's Hellenistic reserve leader), which names nothing.
  virtual std::string action_text_for(ActionCode a, int /*viewer*/) const { return action_text(a); }
  // What a front end may show with a choice before it is taken, or null (C&C: a battle's dice and
  // odds, battle_odds.h). Computed from what the seat to move may see.
  virtual nlohmann::json action_details(ActionCode /*a*/) const { return nullptr; }
  // What a front end may show about the whole position, or null (C&C: the threats, each unit's
  // battles when next ordered, cca::battle_reach). Computed from this state: call it on the
  // seat's observation.
  virtual nlohmann::json position_details() const { return nullptr; }
  virtual nlohmann::json action_to_json(ActionCode a) const = 0;
  // The action a JSON object names; false and the reason when it names none.
  virtual bool action_from_json(const nlohmann::json& j, ActionCode& out, std::string* error = nullptr) const = 0;

  // The position (scenario included) as JSON that Game::load() reads back to an equal state.
  virtual nlohmann::json to_json() const = 0;
  // Recomputes everything cached and checks every invariant: "" when all hold.
  virtual std::string check_invariants() const = 0;
  // Equal game states (same position, same hidden cards, same decision).
  virtual bool equals(const State& o) const = 0;
};

// Records a game as it is played, in the game's record format: every decision goes through
// apply(), which applies it to the state and notes it (and the dice) in the record.
class Recorder {
 public:
  virtual ~Recorder() = default;
  // As State::apply(), and the decision and its dice are noted.
  virtual bool apply(State& s, ActionCode a, Rng& rng, std::vector<EventView>* events = nullptr, int viewer = -1,
                     std::string* error = nullptr) = 0;
  virtual void finish(const State& end) = 0;
  virtual nlohmann::json to_json() const = 0;
  // When the game began (ISO 8601, informational).
  virtual void set_started(const std::string& iso_time) = 0;
  // Decisions recorded; truncate() forgets those after the first n (undo), and the result.
  virtual std::size_t steps() const = 0;
  virtual void truncate(std::size_t n) = 0;
};

// A record read back: what a game was begun with, and each decision with the dice it caused.
struct RecordedGame {
  std::shared_ptr<const Scenario> scenario;
  uint64_t seed = 0;
  std::vector<std::string> players;  // per seat
  struct Step {
    ActionCode action = 0;
    std::vector<int> dice;  // the faces rolled while applying it, in order
  };
  std::vector<Step> steps;
};

struct ScenarioInfo {
  std::string id, title;
  // What a player choosing a battle reads (C&C: year, the armies, banners to win, who starts,
  // a sentence per special rule), an object.
  nlohmann::json facts = nlohmann::json::object();
  // The switches a game of it may be started with (Game::scenario_options), an object.
  nlohmann::json options = nlohmann::json::object();
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;   // the registry's key, e.g. "cca"
  virtual std::string title() const = 0;  // e.g. "Commands & Colors: Ancients"
  // What a front end needs to name the game's things as the engine does (C&C: the cards with
  // their effects, the unit types, the terrains), an object; a game with nothing to name: {}.
  virtual nlohmann::json glossary() const { return nlohmann::json::object(); }
  // A die face by its name, for forcing dice (Rng::force_one), or -1; and the names, for messages.
  // A game without dice has none.
  virtual int die_face(const std::string& /*name*/) const { return -1; }
  virtual std::string die_face_names() const { return ""; }
  // Faces of the game's largest die (C&C: 6; a game of d10s: 10): a recorded face is 0..sides-1.
  virtual int die_sides() const { return 6; }
  virtual int num_players() const { return 2; }
  // A seat's name as State::seat_name() gives it in every game of this game (C&C: "top",
  // "bottom"), for front ends that name seats before a game exists.
  virtual std::string seat_name(int seat) const { return "seat " + std::to_string(seat); }
  // The layout of State::observation_tensor() (empty parts: the game offers none).
  virtual TensorLayout observation_tensor_layout() const { return {}; }
  // The built-in scenarios, in their catalogue order.
  virtual std::vector<ScenarioInfo> scenarios() const = 0;
  // One scenario as a player choosing a battle reads it (built in or from a file).
  virtual ScenarioInfo scenario_info(const Scenario& s) const { return {s.id(), s.title()}; }
  // A built-in scenario by id or name, or (allow_files) a scenario file; nullptr with every
  // problem found (FILE:LINE: ...) in `errors` when there is none.
  virtual std::shared_ptr<const Scenario> find_scenario(const std::string& arg, bool allow_files,
                                                        std::vector<std::string>& errors) const = 0;
  // Options of one game: switches a player may set when starting a game of a scenario (C&C: the
  // Hellenistic module, "hellenistic": "on" or "off", for a battle with the module's set-up).
  // What a front end offers for `s`: an object of name -> {"label": text, "values": [...],
  // "default": one of them, "about": text}; {} when it takes none.
  virtual nlohmann::json scenario_options(const Scenario& /*s*/) const { return nlohmann::json::object(); }
  // The values of those switches in a game of `s` (name -> value); {} when it takes none.
  virtual nlohmann::json options_in_force(const Scenario& /*s*/) const { return nlohmann::json::object(); }
  // A copy of `s` for one game with `options` (an object of name -> value) set; `s` itself when
  // `options` is null or {}. nullptr and the reason when `options` is not an object, a name is
  // not one of the scenario's options, or a value is not one of its values (a battle without the
  // set-up an option needs says so). The copy is what a record's scenario hash and the stored
  // scenario then name: a game resumed from them keeps the options.
  virtual std::shared_ptr<const Scenario> with_options(std::shared_ptr<const Scenario> s, const nlohmann::json& options,
                                                       std::string* error = nullptr) const;
  // The set-up of a new game (a shuffle, a deal) drawn from rng.
  virtual std::unique_ptr<State> new_game(std::shared_ptr<const Scenario> scn, Rng& rng) const = 0;
  // A scenario written by Scenario::to_json() (as stored beside a game); nullptr and the reason.
  virtual std::shared_ptr<const Scenario> scenario_from_json(const nlohmann::json& j, std::string* error = nullptr) const = 0;
  // A position written by State::to_json(); nullptr and the reason when it does not load.
  virtual std::unique_ptr<State> load(const nlohmann::json& position, std::string* error = nullptr) const = 0;
  // A recorder of a game of `scn` begun with new_game(scn, Rng(seed)), played by `players`
  // (per seat: "human", a bot spec, a program's name).
  virtual std::unique_ptr<Recorder> recorder(std::shared_ptr<const Scenario> scn, uint64_t seed,
                                             const std::vector<std::string>& players) const = 0;
  // Reads a record written by Recorder::to_json(), of a built-in scenario or of `known` (a
  // scenario read from a file or a database); false and the reason when it does not read or its
  // scenario is neither. Replaying it (new_game with Rng(seed), each step's dice forced) is the
  // caller's.
  virtual bool read_record(const nlohmann::json& j, std::shared_ptr<const Scenario> known, RecordedGame& out,
                           std::string* error = nullptr) const = 0;
};

// The registry. A name is registered once (a second game of the same name is refused: false), so
// the pointers handed out stay valid for the program's life. games/all_games.h registers every
// game at start-up.
bool register_game(std::shared_ptr<const Game> g);
const Game* find_game(const std::string& name);
std::vector<const Game*> registered_games();

}  // namespace bgb::game
