// The engine protocol (docs/protocol.md). Every command checks all of its arguments before it
// changes anything, so a refused request leaves the session as it was. It speaks to the session
// and the game layer only (play/session.h, game/game.h): every registered game plays through it,
// C&C: Ancients by default; no game's header is included here.
#include "app/engine_protocol.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <system_error>
#include <random>
#include <utility>

#include <nlohmann/json.hpp>

#include "ai/bot.h"
#include "ai/search.h"
#include "core/clock.h"
#include "core/json_read.h"
#include "game/game.h"
#include "games/all_games.h"
#include "store/game_store.h"

#ifndef BGBOT_VERSION
#define BGBOT_VERSION "0.1.0"
#endif

namespace bgb::app {

using json = nlohmann::json;

// The game a request names ("game"), C&C: Ancients when it names none.
constexpr const char* kDefaultGame = "cca";

namespace {


// A refused request: thrown inside a command, turned into the error reply by handle_line().
struct ProtoError {
  std::string code;
  std::string message;
};

[[noreturn]] void refuse(const std::string& code, const std::string& message) { throw ProtoError{code, message}; }

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }


// ---------------------------------------------------------------------------------------------
// Argument readers: each refuses with bad_argument naming the field.

const json* field(const json& req, const char* name) {
  auto it = req.find(name);
  return it == req.end() ? nullptr : &*it;
}

std::string string_arg(const json& req, const char* name, const std::string& def, bool required = false) {
  const json* v = field(req, name);
  if (!v || v->is_null()) {
    if (required) refuse("bad_argument", std::string("\"") + name + "\" is required");
    return def;
  }
  if (!v->is_string()) refuse("bad_argument", std::string("\"") + name + "\" must be a string");
  return v->get<std::string>();
}

uint64_t seed_arg(const json& req) {
  const json* v = field(req, "seed");
  if (!v || v->is_null()) return 0;
  if (!v->is_number_unsigned()) refuse("bad_argument", "\"seed\" must be a non-negative integer");
  return v->get<uint64_t>();
}

// The game named by "game" (default C&C: Ancients).
const game::Game& game_arg(const json& req) {
  const std::string name = string_arg(req, "game", kDefaultGame);
  if (const game::Game* g = game::find_game(name)) return *g;
  std::string known;
  for (const game::Game* g : game::registered_games()) known += (known.empty() ? "" : ", ") + g->name();
  refuse("unknown_game", "no game \"" + name.substr(0, 40) + "\" (games: " + known + ")");
}

void need_game(const EngineSession& s) {
  if (!s.game.started()) refuse("no_game", "no game: send \"new\" or \"load\" first");
}

void need_running(const EngineSession& s) {
  need_game(s);
  if (s.game.is_over()) refuse("game_over", "the game is over");
}

// ---- An engine serving one seat (EngineOptions::seat) ----

bool seated(const EngineSession& s) { return !s.opt.seat.empty(); }

// The seat's number in game g (its seat names: C&C "top" and "bottom", Quinn "A" and "B"), or -1.
int seat_in(const game::Game& g, const std::string& seat) {
  for (int k = 0; k < g.num_players(); ++k)
    if (g.seat_name(k) == seat) return k;
  return -1;
}

// The seat's number in the game in progress (or, before any game, in the default game's terms).
int seat_of(const EngineSession& s) {
  if (s.game.started()) {
    const game::State& st = s.game.state();
    for (int k = 0; k < st.num_players(); ++k)
      if (st.seat_name(k) == s.opt.seat) return k;
  }
  const game::Game* g = game::find_game(kDefaultGame);
  return g && seat_in(*g, s.opt.seat) >= 0 ? seat_in(*g, s.opt.seat) : 1;
}

void referee_only(const EngineSession& s, const char* what) {
  if (seated(s)) refuse("seat_only", std::string("this engine serves the ") + s.opt.seat + " seat: " + what);
}

// The viewer named by "view": a seat by its name (C&C: top, bottom), or referee (-1, sees everything).
int view_arg(const EngineSession& s, const json& req) {
  const std::string v = string_arg(req, "view", "referee");
  if (v == "referee") return -1;
  const game::State& st = s.game.state();
  std::string names;
  for (int k = 0; k < st.num_players(); ++k) {
    if (v == st.seat_name(k)) return k;
    names += "\"" + st.seat_name(k) + "\", ";
  }
  refuse("bad_argument", "\"view\" must be " + names + "or \"referee\"");
}

json seat_json(const game::State& st, int seat) { return seat < 0 ? json(nullptr) : json(st.seat_name(seat)); }
std::string view_name(const game::State& st, int seat) { return seat < 0 ? "referee" : st.seat_name(seat); }

// ---------------------------------------------------------------------------------------------
// Reply pieces.

json status_json(const EngineSession& s) { return s.game.status_json(); }

json action_json(const EngineSession& s, const std::vector<game::ActionCode>& legal, game::ActionCode a) {
  const game::State& st = s.game.state();
  json j;
  auto it = std::find(legal.begin(), legal.end(), a);
  j["id"] = it == legal.end() ? -1 : int(it - legal.begin());
  j["value"] = a;
  j["text"] = st.action_text(a);
  j["action"] = st.action_to_json(a);
  return j;
}

bool is_legal(const std::vector<game::ActionCode>& legal, game::ActionCode a) {
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

json events_json(const std::vector<game::EventView>& events) {
  json out = json::array();
  for (const game::EventView& e : events) out.push_back(e.json);
  return out;
}

std::string db_path_of(const EngineSession& s) { return s.opt.db_path.empty() ? store::default_db_path() : s.opt.db_path; }

// ---------------------------------------------------------------------------------------------
// Commands. Each returns the fields of its reply besides id and ok.

json cmd_hello(EngineSession&, const json&) {
  json j;
  j["engine"] = "bgbot";
  j["version"] = BGBOT_VERSION;
  j["protocol"] = kProtocolVersion;
  j["game"] = kDefaultGame;  // the game of a request that names none
  json games = json::array();
  for (const game::Game* g : game::registered_games()) games.push_back({{"name", g->name()}, {"title", g->title()}});
  j["games"] = games;
  j["commands"] = protocol_commands();
  j["limits"] = {{"line_bytes", kMaxLineBytes}, {"json_depth", kMaxJsonDepth}};
  return j;
}

// Every seat's bot decisions while the game waits on one, with their events as `viewer` sees them.
void play_bots(EngineSession& s, int viewer, json& moves, std::vector<game::EventView>& events) {
  for (int n = 0; n < 100000 && !s.game.is_over() && s.game.bot_to_move(); ++n) {
    game::ActionCode a = 0;
    std::string text, err;
    std::vector<game::EventView> ev;
    if (!s.game.play_bot(&a, &text, &ev, viewer, &err)) refuse("internal_error", "the engine's bot failed: " + err);
    moves.push_back({{"text", text}});
    events.insert(events.end(), ev.begin(), ev.end());
  }
}

json events_json(const std::vector<game::EventView>& events);

json cmd_new(EngineSession& s, const json& req) {
  const game::Game& g = game_arg(req);
  // Without "scenario", the game's first (C&C: 001).
  std::string name = string_arg(req, "scenario", g.scenarios().empty() ? "" : g.scenarios()[0].id);
  // A seated engine's seat must be one of this game's (C&C: top, bottom; Quinn: A, B).
  if (seated(s) && seat_in(g, s.opt.seat) < 0)
    refuse("bad_argument", "this engine serves the seat \"" + s.opt.seat + "\", which " + g.name() + " does not have (" +
                               g.seat_name(0) + ", " + g.seat_name(1) + ")");
  uint64_t seed = seed_arg(req);
  // Served for a seat, the engine chooses the seed: it gives the other hand and every die to come.
  if (seated(s) && field(req, "seed")) refuse("seat_only", "this engine serves one seat: the seed is the engine's own");
  if (seated(s))
    seed = s.opt.seat_seeds ? s.opt.seat_seeds++
                            : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}() ^
                                  uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  std::string opponent;
  if (seated(s)) {
    opponent = string_arg(req, "opponent", "normal");
    std::string err;
    std::unique_ptr<ai::Bot> bot = opponent.size() > 200 ? nullptr : ai::make_bot(game_arg(req).name(), opponent, &err);
    if (!bot) refuse("bad_bot", err.empty() ? "unknown bot \"" + opponent.substr(0, 40) + "\"" : err);
    if (bot->sees_everything()) refuse("bad_bot", "\"" + opponent + "\" sees the hidden cards");
    if (bot->think_ms() > double(s.opt.max_think_ms))
      refuse("bad_argument", "at most " + std::to_string(s.opt.max_think_ms) + " ms of thinking per decision");
  }
  std::string players[2] = {"engine", "engine"};
  if (const json* p = field(req, "players"); p && !p->is_null()) {
    // Keyed by the game's seat names (C&C {"top": ..., "bottom": ...}, Quinn {"A": ..., "B": ...}).
    if (!p->is_object())
      refuse("bad_argument", "\"players\" must be an object {\"" + g.seat_name(0) + "\": ..., \"" + g.seat_name(1) + "\": ...}");
    players[0] = string_arg(*p, g.seat_name(0).c_str(), "engine");
    players[1] = string_arg(*p, g.seat_name(1).c_str(), "engine");
  }
  std::vector<std::string> errors;
  std::shared_ptr<const game::Scenario> scn = g.find_scenario(name, s.opt.allow_files, errors);
  if (!scn) {
    // One answer whether a file of that name exists or not, and nothing quoted from it: a client
    // learns nothing of the files here (`bgbot validate FILE` tells its owner what is wrong).
    std::string known;
    for (const game::ScenarioInfo& info : g.scenarios()) known += (known.empty() ? "" : ", ") + info.id;
    const std::string shown = name.size() > 80 ? name.substr(0, 80) + "..." : name;
    refuse("unknown_scenario", "\"" + shown + "\" is not a built-in scenario (" + known + ")" +
                                   (s.opt.allow_files ? " nor a valid scenario file (bgbot validate FILE says why)" : ""));
  }
  // The game's options for this game (game::Game::with_options; C&C: {"hellenistic": "on"}), set
  // on the session's copy of the scenario: refused with the reason for a scenario without them.
  const json* options = field(req, "options");
  std::string err;
  if (options && !options->is_null()) {
    if (!g.with_options(scn, *options, &err)) refuse("bad_option", err);
  }
  std::vector<play::Seat> seats = {play::Seat{players[0], ""}, play::Seat{players[1], ""}};
  if (seated(s)) {
    const int other = 1 - seat_in(g, s.opt.seat);
    seats[size_t(other)] = play::Seat{opponent, opponent};
  }
  if (!s.game.start(g, scn, options ? *options : json(nullptr), seed, seats, &err)) refuse("bad_scenario", err);
  s.game.set_started(now_iso());
  s.stored_id = 0;
  s.stored_finished = false;
  json moves = json::array();
  std::vector<game::EventView> events;
  if (seated(s)) play_bots(s, seat_of(s), moves, events);  // the bot may move first
  json j = status_json(s);
  j["scenario_name"] = s.game.scenario().title();
  if (seated(s)) {
    j["seat"] = s.opt.seat;
    j["opponent"] = opponent;
    j["bot_moves"] = moves;
    j["events"] = events_json(events);
  } else {
    j["seed"] = seed;
  }
  return j;
}

json cmd_load(EngineSession& s, const json& req) {
  referee_only(s, "a position is not loaded for a seat");
  const json* p = field(req, "position");
  if (!p) refuse("bad_argument", "\"position\" is required (docs/position-format.md)");
  uint64_t seed = seed_arg(req);
  std::string err;
  const game::Game& g = game_arg(req);
  if (!s.game.load_position(g, *p, seed, &err)) refuse("bad_position", err);
  s.stored_id = 0;
  s.stored_finished = false;
  return status_json(s);
}

json cmd_save(EngineSession& s, const json&) {
  referee_only(s, "the whole position holds the other hand and the deck (use state)");
  need_game(s);
  json j = status_json(s);
  j["position"] = s.game.state().to_json();
  return j;
}

json cmd_state(EngineSession& s, const json& req) {
  need_game(s);
  int viewer = view_arg(s, req);
  if (seated(s)) {
    if (field(req, "view") && viewer != seat_of(s)) refuse("seat_only", "this engine shows the " + s.opt.seat + " seat's view only");
    viewer = seat_of(s);
  }
  json j = status_json(s);
  j["view"] = view_name(s.game.state(), viewer);
  const std::unique_ptr<game::State> seen = s.game.view(viewer);
  j["position"] = seen->to_json();
  // What the game adds about the position, from the same view (C&C: each unit's reach).
  if (json d = seen->position_details(); !d.is_null()) j["details"] = d;
  return j;
}

json cmd_legal(EngineSession& s, const json&) {
  need_game(s);
  // A seat is shown its own decisions only (the other side's would show its hand).
  const bool others = seated(s) && s.game.to_move() != seat_of(s);
  const std::vector<game::ActionCode> legal = others ? std::vector<game::ActionCode>{} : s.game.state().legal_actions();
  json acts = json::array();
  for (game::ActionCode a : legal) acts.push_back(action_json(s, legal, a));
  json j = status_json(s);
  j["actions"] = acts;
  return j;
}

json cmd_apply(EngineSession& s, const json& req) {
  need_running(s);
  int viewer = view_arg(s, req);
  if (seated(s)) {
    if (s.game.to_move() != seat_of(s)) refuse("not_your_turn", "the " + s.opt.seat + " seat does not decide now");
    viewer = seat_of(s);
  }
  const json* a = field(req, "action");
  if (!a) refuse("bad_argument", "\"action\" is required: an id from \"legal\" or an action object");
  const game::State& st = s.game.state();
  const std::vector<game::ActionCode> legal = st.legal_actions();
  game::ActionCode act = 0;
  if (a->is_number_integer()) {
    long long id = a->get<long long>();
    if (id < 0 || id >= (long long)legal.size())
      refuse("illegal_action", "no legal action has id " + std::to_string(id) + " (there are " + std::to_string(legal.size()) + ")");
    act = legal[size_t(id)];
  } else if (a->is_object()) {
    std::string err;
    if (!st.action_from_json(*a, act, &err)) refuse("bad_action", err);
  } else {
    refuse("bad_argument", "\"action\" must be an integer id or an action object");
  }
  const json by = seat_json(st, st.current_player());
  json chosen = action_json(s, legal, act);
  std::vector<game::EventView> events;
  std::string err;
  if (!s.game.apply(act, &events, viewer, &err))
    refuse("illegal_action", err.empty() ? "the action is not legal here" : err);
  json moves = json::array();
  if (seated(s)) play_bots(s, viewer, moves, events);  // the engine's bot answers at once
  json j = status_json(s);
  j["applied"] = chosen;
  j["by"] = by;
  j["events"] = events_json(events);
  if (seated(s)) j["bot_moves"] = moves;
  if (s.game.is_over() && s.opt.auto_store && s.opt.allow_db && s.game.has_record() && !s.stored_finished) {
    std::string db = db_path_of(s), dberr;
    long id = s.game.store(db, &dberr);
    if (id > 0) {
      s.stored_id = id;
      s.stored_finished = true;
      j["stored"] = id;
    } else {
      j["store_error"] = dberr;
    }
  }
  return j;
}

json cmd_dice(EngineSession& s, const json& req) {
  referee_only(s, "dice are not forced for a seat");
  bool clear = false;
  if (const json* c = field(req, "clear"); c && !c->is_null()) {
    if (!c->is_boolean()) refuse("bad_argument", "\"clear\" must be a boolean");
    clear = c->get<bool>();
  }
  std::vector<int> faces;
  if (const json* f = field(req, "faces"); f && !f->is_null()) {
    if (!f->is_array()) refuse("bad_argument", "\"faces\" must be an array of face names");
    for (const json& x : *f) {
      // The faces of the game in progress (before any game: the default game's).
      const game::Game& g = s.game.started() ? s.game.game() : *game::find_game(kDefaultGame);
      int face = x.is_string() ? g.die_face(x.get<std::string>()) : -1;
      if (face < 0) refuse("bad_argument", "unknown face " + dump(x).substr(0, 40) + " (faces: " + g.die_face_names() + ")");
      faces.push_back(face);
    }
  } else if (!clear) {
    refuse("bad_argument", "\"faces\" is required (or \"clear\": true)");
  }
  const int pending = clear ? 0 : s.game.forced_dice();
  if (pending + int(faces.size()) > 256)
    refuse("dice_queue_full", "at most 256 faces may be queued (" + std::to_string(pending) + " are)");
  if (clear) s.game.clear_forced_dice();
  for (int f : faces) s.game.force_die(f);
  json j;
  j["queued"] = s.game.forced_dice();
  return j;
}

json cmd_think(EngineSession& s, const json& req) {
  need_running(s);
  if (seated(s) && s.game.to_move() != seat_of(s)) refuse("not_your_turn", "the " + s.opt.seat + " seat does not decide now");
  std::string spec = string_arg(req, "bot", "", true);
  if (spec.size() > 200) refuse("bad_bot", "the bot spec is too long");
  if (!s.opt.bots.empty() && std::find(s.opt.bots.begin(), s.opt.bots.end(), spec) == s.opt.bots.end())
    refuse("bad_bot", "this engine offers no bot \"" + spec + "\"");
  std::string spec_shown;
  std::string err;
  {
    // The spec is checked before the session is asked: a bot that sees the hidden cards, or
    // thinks longer than allowed, is refused.
    std::unique_ptr<ai::Bot> made = ai::make_bot(s.game.game().name(), spec, &err);
    if (!made) refuse("bad_bot", err.empty() ? "unknown bot \"" + spec + "\"" : err);
    if (made->sees_everything()) refuse("bad_bot", "\"" + spec + "\" sees the hidden cards; think uses only the side's observation");
    if (made->think_ms() > double(s.opt.max_think_ms))
      refuse("bad_argument", "at most " + std::to_string(s.opt.max_think_ms) + " ms of thinking per request (\"" + spec +
                                 "\" may think " + std::to_string(long(made->think_ms())) + " ms)");
    spec_shown = made->spec();
    // The limits on the parsed values of the spec as made (a level's alias expanded).
    ai::BotOptions o;
    const size_t colon = spec_shown.find(':');
    if (colon != std::string::npos && !ai::parse_bot_options(spec_shown.substr(colon + 1), o, &err)) refuse("bad_bot", err);
    if (o.budget.iters > s.opt.max_think_iters)
      refuse("bad_argument", "at most " + std::to_string(s.opt.max_think_iters) + " iterations per request");
    if (o.budget.threads > s.opt.max_think_threads)
      refuse("bad_argument", "at most " + std::to_string(s.opt.max_think_threads) + " threads per request");
  }
  ai::Explanation why;
  game::ActionCode code = 0;
  if (!s.game.think(spec, code, &why, &err)) refuse("bad_bot", err);
  const game::ActionCode a = code;
  const std::vector<game::ActionCode> legal = s.game.state().legal_actions();
  if (!is_legal(legal, a)) refuse("internal_error", "the bot chose an action that is not legal");
  json j = status_json(s);
  j["bot"] = spec_shown;
  j["action"] = action_json(s, legal, a);
  j["win_chance"] = why.win_chance;
  json best = json::array();
  for (const ai::ActionValue& av : why.best) {
    const game::ActionCode choice = av.action;
    if (!is_legal(legal, choice)) continue;
    json b = action_json(s, legal, choice);
    b["win_chance"] = av.value;
    b["visits"] = av.visits;
    best.push_back(b);
  }
  j["best"] = best;
  j["iterations"] = why.iterations;
  j["seconds"] = why.seconds;
  return j;
}

json cmd_undo(EngineSession& s, const json&) {
  need_game(s);
  std::string err;
  if (s.game.undo(seated(s) ? seat_of(s) : -1, &err) == 0) refuse("nothing_to_undo", err);
  json j = status_json(s);
  j["undoable"] = s.game.undoable();
  return j;
}

json cmd_record(EngineSession& s, const json&) {
  need_game(s);
  // The record holds the seed: for a seat, once the game is over.
  if (seated(s) && !s.game.is_over()) refuse("seat_only", "the record is given when the game is over");
  if (!s.game.has_record()) refuse("no_record", "the game was loaded from a position: records start with \"new\"");
  json j;
  j["record"] = s.game.record_json();
  return j;
}

json cmd_store(EngineSession& s, const json&) {
  need_game(s);
  if (!s.opt.allow_db) refuse("db_disabled", "this engine stores no games");
  if (!s.game.has_record()) refuse("no_record", "the game was loaded from a position: records start with \"new\"");
  std::string db = db_path_of(s), err;
  long id = s.game.store(db, &err);
  if (id <= 0) refuse("db_error", err);
  const bool finished = s.game.is_over();
  s.stored_id = id;
  if (finished) s.stored_finished = true;
  json j;
  j["stored"] = id;
  j["db"] = db;
  j["finished"] = finished;
  return j;
}

// `stop` outside a think has nothing to stop (cmd_engine.cpp answers it while a think runs).
json cmd_stop(EngineSession&, const json&) {
  json j;
  j["thinking"] = false;
  return j;
}

// The built-in scenarios of a game as a player choosing one reads them (game::ScenarioInfo):
// id, name, the game's facts (C&C: the armies, the special rules, the Hellenistic module's use
// and default, the leaders with their grades and commanders, the units with troop traits) and
// the options a `new` game of it may take.
json cmd_scenarios(EngineSession&, const json& req) {
  const game::Game& g = game_arg(req);
  json list = json::array();
  for (const game::ScenarioInfo& info : g.scenarios()) {
    json one = info.facts.is_object() ? info.facts : json::object();
    one["id"] = info.id;
    one["name"] = info.title;
    one["options"] = info.options;
    list.push_back(std::move(one));
  }
  return {{"game", g.name()}, {"scenarios", list}};
}

json cmd_quit(EngineSession& s, const json&) {
  s.quit_ = true;
  return json::object();
}

using Handler = json (*)(EngineSession&, const json&);
struct Command {
  const char* name;
  Handler fn;
};
const Command kCommands[] = {
    {"hello", cmd_hello}, {"version", cmd_hello}, {"new", cmd_new},     {"load", cmd_load},
    {"save", cmd_save},   {"state", cmd_state},   {"legal", cmd_legal}, {"apply", cmd_apply},
    {"dice", cmd_dice},   {"think", cmd_think},   {"undo", cmd_undo},   {"record", cmd_record},
    {"store", cmd_store}, {"stop", cmd_stop},     {"scenarios", cmd_scenarios}, {"quit", cmd_quit},
};

json error_reply(const json& id, const std::string& code, const std::string& message) {
  json j;
  j["id"] = id;
  j["ok"] = false;
  j["error"] = {{"code", code}, {"message", message}};
  return j;
}

}  // namespace

EngineSession::EngineSession(EngineOptions o) : opt(std::move(o)) { games::register_all_games(); }
EngineSession::~EngineSession() = default;

const std::vector<std::string>& protocol_commands() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const Command& c : kCommands) v.push_back(c.name);
    return v;
  }();
  return names;
}

RequestKind request_kind(const std::string& line) {
  if (line.size() > kMaxLineBytes || line.find('\0') != std::string::npos || !jsonr::depth_within(line, kMaxJsonDepth))
    return RequestKind::Other;
  const json req = json::parse(line, nullptr, false);
  if (!req.is_object()) return RequestKind::Other;
  auto c = req.find("cmd");
  if (c == req.end() || !c->is_string()) return RequestKind::Other;
  if (*c == "think") return RequestKind::Think;
  if (*c == "stop") return RequestKind::Stop;
  if (*c == "quit") return RequestKind::Quit;
  return RequestKind::Other;
}

std::string handle_line(EngineSession& session, const std::string& line) {
  json id = nullptr;
  try {
    if (line.size() > kMaxLineBytes)
      return dump(error_reply(id, "line_too_long", "a request line may hold at most " + std::to_string(kMaxLineBytes) + " bytes"));
    if (!jsonr::depth_within(line, kMaxJsonDepth))
      return dump(error_reply(id, "too_deep", "arrays and objects may nest at most " + std::to_string(kMaxJsonDepth) + " deep"));
    // A NUL byte would end the parse early and the rest of the line be ignored: refused.
    if (line.find('\0') != std::string::npos)
      return dump(error_reply(id, "parse_error", "the line holds a NUL byte"));
    json req = json::parse(line, nullptr, false);
    if (req.is_discarded()) return dump(error_reply(id, "parse_error", "the line is not valid JSON"));
    if (!req.is_object()) return dump(error_reply(id, "bad_request", "a request is a JSON object"));
    if (auto it = req.find("id"); it != req.end()) id = *it;
    auto c = req.find("cmd");
    if (c == req.end() || !c->is_string())
      return dump(error_reply(id, "bad_request", "a request needs \"cmd\": the command name"));
    const std::string name = c->get<std::string>();
    for (const Command& cmd : kCommands) {
      if (name != cmd.name) continue;
      json reply;
      try {
        reply = cmd.fn(session, req);
      } catch (const ProtoError& e) {
        return dump(error_reply(id, e.code, e.message));
      }
      reply["id"] = id;
      reply["ok"] = true;
      return dump(reply);
    }
    std::string shown = name.size() > 40 ? name.substr(0, 40) + "..." : name;
    return dump(error_reply(id, "unknown_command", "unknown command \"" + shown + "\" (send \"hello\" for the list)"));
  } catch (const std::exception& e) {
    try {
      return dump(error_reply(id, "internal_error", e.what()));
    } catch (...) {
    }
  } catch (...) {
  }
  return R"({"error":{"code":"internal_error","message":"internal error"},"id":null,"ok":false})";
}

}  // namespace bgb::app
