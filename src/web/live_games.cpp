#include "web/live_games.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

#include "ai/bot.h"
#include "core/clock.h"
#include "core/text.h"
#include "game/game.h"
#include "store/game_store.h"
#include "store/live_store.h"

namespace bgb::web {

using json = nlohmann::json;

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool refuse(Refusal& why, int status, const std::string& code, const std::string& message) {
  why = Refusal{status, code, message};
  return false;
}

bool is_token(const std::string& t) {
  if (t.size() != 32) return false;
  for (char c : t)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// A string field of a request body: absent gives `def`; not a string, or longer than `max`, is refused.
bool string_field(const json& body, const char* key, const std::string& def, std::size_t max, std::string& out,
                  Refusal& why) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) {
    out = def;
    return true;
  }
  if (!it->is_string()) return refuse(why, 400, "bad_argument", std::string("\"") + key + "\" must be a string");
  out = it->get<std::string>();
  if (out.size() > max) return refuse(why, 400, "bad_argument", std::string("\"") + key + "\" is too long");
  return true;
}

json seats_json(const LiveGame& g) {
  json seats = json::array();
  for (const play::Seat& s : g.seats) seats.push_back({{"player", s.player}, {"bot", s.bot}});
  return {{"seats", seats}, {"resigned", g.resigned}, {"joined", {g.joined[0], g.joined[1]}}};
}

// The event as a log line of the page: its JSON and its number.
json log_entry(const game::EventView& e, long n, long version) {
  json j = e.json;
  j["n"] = n;
  j["v"] = version;
  return j;
}

}  // namespace

std::string random_token() {
  std::random_device rd;  // the kernel's generator on Linux
  std::string out;
  for (int i = 0; i < 4; ++i) {
    char buf[9];
    std::snprintf(buf, sizeof buf, "%08x", unsigned(rd()));
    out += buf;
  }
  return out;
}

Games::Games(WebOptions opt) : opt_(std::move(opt)) {
  game_ = game::find_game(opt_.game);
  for (int i = 0; i < std::max(1, opt_.max_bots); ++i) workers_.emplace_back([this] { bot_worker(); });
}

Games::~Games() {
  {
    std::lock_guard<std::mutex> lock(queue_mu_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  for (std::thread& t : workers_) t.join();
}

// ---- Creating and finding games --------------------------------------------------------------

bool Games::create(const json& body, json& reply, Refusal& why) {
  if (!game_) return refuse(why, 500, "internal_error", "no game " + opt_.game);
  if (!body.is_object()) return refuse(why, 400, "bad_request", "the body must be a JSON object");
  std::string scenario, side, opponent, name;
  if (!string_field(body, "scenario", "001", 64, scenario, why) || !string_field(body, "side", "bottom", 16, side, why) ||
      !string_field(body, "opponent", "normal", 200, opponent, why) || !string_field(body, "name", "", 40, name, why))
    return false;
  std::vector<std::string> errors;
  // Built-in scenarios only: the server takes no file paths from clients.
  std::shared_ptr<const game::Scenario> scn;
  for (const auto& b : opt_.battles)
    if (b->id() == scenario) scn = b;
  if (!scn) scn = game_->find_scenario(scenario, false, errors);
  if (!scn) return refuse(why, 404, "unknown_scenario", errors.empty() ? "no such scenario" : errors[0]);
  // The game's options (GET /api/info lists each battle's; C&C: {"hellenistic": "on"}), set on
  // the game's copy of the battle by the session; a battle that cannot take them is refused.
  json options = nullptr;
  if (auto it = body.find("options"); it != body.end() && !it->is_null()) {
    if (!it->is_object() || it->size() > 8) return refuse(why, 400, "bad_argument", "\"options\" must be an object of name -> value");
    std::string err;
    if (!game_->with_options(scn, *it, &err)) return refuse(why, 400, "bad_option", err);
    options = *it;
  }
  if (opponent != "person") {
    std::string err;
    std::unique_ptr<ai::Bot> bot = ai::make_bot(game_->name(), opponent, &err);
    if (!bot) return refuse(why, 400, "bad_bot", err.empty() ? "unknown bot" : err);
    if (bot->sees_everything()) return refuse(why, 400, "bad_bot", "that bot sees the hidden cards");
    if (bot->think_ms() > 60000) return refuse(why, 400, "bad_bot", "at most 60 seconds of thinking per decision");
  }
  auto g = std::make_shared<LiveGame>();
  g->id = "g" + random_token().substr(0, 16);
  g->tokens[0] = random_token();
  g->tokens[1] = random_token();
  g->created = now_iso();
  // The seed from the kernel's generator: no client chooses it or sees it while the game goes on.
  std::random_device rd;
  const uint64_t seed = (uint64_t(rd()) << 32) ^ uint64_t(rd());
  {
    std::lock_guard<std::mutex> lock(g->mu);
    Rng probe_rng(0);
    std::unique_ptr<game::State> probe = game_->new_game(scn, probe_rng);
    int me = -1;
    for (int k = 0; k < probe->num_players(); ++k)
      if (probe->seat_name(k) == side) me = k;
    if (me < 0) {
      std::string names;
      for (int k = 0; k < probe->num_players(); ++k) names += (k ? " or \"" : "\"") + probe->seat_name(k) + "\"";
      return refuse(why, 400, "bad_argument", "\"side\" must name a seat (" + names + ")");
    }
    const int other = 1 - me;
    g->seats.assign(2, play::Seat{});
    g->seats[size_t(me)] = play::Seat{name.empty() ? "human" : text::printable(name), ""};
    if (opponent == "person") {
      g->seats[size_t(other)] = play::Seat{"human", ""};
      g->joined[other] = false;
    } else {
      g->seats[size_t(other)] = play::Seat{opponent, opponent};
    }
    std::string err;
    if (!g->session.start(*game_, scn, options, seed, g->seats, &err)) return refuse(why, 400, "bad_scenario", err);
    g->session.set_started(g->created);
    if (!settle(*g, {}, &why)) return false;
    reply = {{"game", g->id}, {"seat", side}, {"token", g->tokens[me]}};
    if (opponent == "person") reply["join"] = g->tokens[other];
  }
  hold(g);
  return true;
}

std::shared_ptr<LiveGame> Games::find(const std::string& token, int& seat, Refusal& why) {
  if (!is_token(token)) return refuse(why, 404, "unknown_seat", "no game has this link"), nullptr;
  {
    std::lock_guard<std::mutex> lock(games_mu_);
    if (auto it = by_token_.find(token); it != by_token_.end()) {
      seat = it->second->seat_of(token);
      it->second->last_used = now_ms();
      return it->second;
    }
  }
  store::LiveGame row;
  std::string err;
  if (!store::find_live(opt_.db, token, row, &err)) {
    if (!err.empty()) return refuse(why, 500, "db_error", err), nullptr;
    return refuse(why, 404, "unknown_seat", "no game has this link"), nullptr;
  }
  if (row.game != opt_.game) return refuse(why, 404, "unknown_seat", "no game has this link"), nullptr;
  auto g = std::make_shared<LiveGame>();
  g->id = row.id;
  g->tokens[0] = row.tokens[0];
  g->tokens[1] = row.tokens[1];
  g->created = row.created;
  const json seats = json::parse(row.seats, nullptr, false);
  const json record = json::parse(row.record, nullptr, false);
  if (seats.is_discarded() || record.is_discarded() || !seats.contains("seats"))
    return refuse(why, 500, "db_error", "the stored game does not read"), nullptr;
  for (const json& s : seats["seats"]) g->seats.push_back(play::Seat{s.value("player", ""), s.value("bot", "")});
  g->resigned = seats.value("resigned", -1);
  if (seats.contains("joined") && seats["joined"].is_array() && seats["joined"].size() == 2)
    for (int k = 0; k < 2; ++k) g->joined[k] = seats["joined"][size_t(k)].get<bool>();
  // The battle as it was stored with the game: a battle of the operator's replays without its file.
  const json scenario = json::parse(row.scenario, nullptr, false);
  std::shared_ptr<const game::Scenario> known = scenario.is_object() ? game_->scenario_from_json(scenario) : nullptr;
  std::vector<game::EventView> events;
  {
    std::lock_guard<std::mutex> lock(g->mu);
    if (!g->session.resume(*game_, record, known, g->seats, &err, &events, game::kEachSeat))
      return refuse(why, 500, "db_error", "the stored game does not replay: " + err), nullptr;
    g->stored = row.over;
    publish(*g, events);
    if (!g->over() && g->session.bot_to_move()) queue_bot(g);
  }
  hold(g);
  std::lock_guard<std::mutex> lock(games_mu_);
  auto it = by_token_.find(token);  // another request may have read it meanwhile: keep one
  seat = it->second->seat_of(token);
  return it->second;
}

void Games::hold(const std::shared_ptr<LiveGame>& g) {
  g->last_used = now_ms();
  std::lock_guard<std::mutex> lock(games_mu_);
  if (by_token_.count(g->tokens[0])) return;
  by_token_[g->tokens[0]] = g;
  by_token_[g->tokens[1]] = g;
  // Beyond the limit, the games idle longest are dropped from memory: they are in the database.
  while (by_token_.size() / 2 > opt_.max_games) {
    std::shared_ptr<LiveGame> oldest;
    for (const auto& [t, x] : by_token_)
      if (x != g && x->streams.load() == 0 && (!oldest || x->last_used.load() < oldest->last_used.load())) oldest = x;
    if (!oldest) break;
    {
      std::unique_lock<std::mutex> busy(oldest->mu, std::try_to_lock);
      if (!busy.owns_lock() || oldest->bot_queued) break;
    }
    by_token_.erase(oldest->tokens[0]);
    by_token_.erase(oldest->tokens[1]);
  }
}

// ---- Views -------------------------------------------------------------------------------------

json Games::seat_view(LiveGame& g, int seat) {
  play::Session& s = g.session;
  const game::State& st = s.state();
  const int other = 1 - seat;
  json j;
  j["game"] = s.game().name();
  j["id"] = g.id;
  j["scenario"] = s.scenario().id();
  j["scenario_name"] = s.scenario().title();
  j["options"] = s.options();  // the game's options in force (C&C: the Hellenistic module)
  j["seat"] = st.seat_name(seat);
  const play::Seat& o = g.seats[size_t(other)];
  j["opponent"] = o.bot.empty() ? json{{"kind", "person"}, {"joined", g.joined[other]}, {"name", o.player}}
                                : json{{"kind", "bot"}, {"spec", o.bot}};
  json status = s.status_json();
  if (g.resigned >= 0) {
    status["game_over"] = true;
    status["player"] = nullptr;
    status["winner"] = st.seat_name(1 - g.resigned);
    status["resigned"] = st.seat_name(g.resigned);
  }
  j["status"] = status;
  const std::unique_ptr<game::State> observed = s.view(seat);
  j["position"] = observed->to_json();
  // What the game adds about the position, from the seat's own observation (C&C: the threats).
  if (json d = observed->position_details(); !d.is_null()) j["details"] = d;
  const bool to_move = !g.over() && s.to_move() == seat && g.seats[size_t(seat)].bot.empty();
  j["to_move"] = to_move;
  json choices = json::array();
  if (to_move) {
    const std::vector<game::ActionCode> cs = s.choices();
    const game::State* seen = observed.get();
    for (size_t i = 0; i < cs.size(); ++i) {
      json c = {{"id", i}, {"text", s.choice_text(cs[i])}, {"action", st.action_to_json(cs[i])}};
      // Odds from the seat's own observation: the true state holds nothing a battle's odds need
      // that the seat cannot see, but the rule is to show a seat only what it may see.
      if (json d = seen->action_details(cs[i]); !d.is_null()) c["details"] = d;
      choices.push_back(std::move(c));
    }
  }
  j["choices"] = choices;
  json picks = json::array();
  for (game::ActionCode p : s.picks()) picks.push_back({{"text", st.action_text(p)}, {"action", st.action_to_json(p)}});
  j["picks"] = picks;
  j["win_chance"] = g.win[seat] >= 0 ? json(g.win[seat]) : json(nullptr);
  j["undoable"] = to_move ? s.undoable(seat) : 0;
  if (g.over()) {
    json score = json::object();
    for (int k = 0; k < st.num_players(); ++k) score[st.seat_name(k)] = st.score(k);
    j["result"] = {{"winner", status["winner"]}, {"draw", status["draw"]}, {"score", score}, {"seed", std::to_string(s.seed())}};
  }
  return j;
}

void Games::publish(LiveGame& g, const std::vector<game::EventView>& events) {
  json v0 = seat_view(g, 0), v1 = seat_view(g, 1);
  {
    std::lock_guard<std::mutex> lock(g.pub_mu);
    ++g.version;
    for (const game::EventView& e : events)
      if (e.seat == 0 || e.seat == 1) g.log[e.seat].push_back(log_entry(e, long(g.log[e.seat].size()) + 1, g.version));
    for (int k = 0; k < 2; ++k) {
      if (size_t(k) < g.seats.size() && !g.seats[size_t(k)].bot.empty()) continue;  // a bot's seat has no page
      const json& v = k == 0 ? v0 : v1;
      if (auto p = v.find("position"); p != v.end() && p->contains("state")) g.frames[k].emplace_back(g.version, (*p)["state"]);
      while (g.frames[k].size() > LiveGame::kFrames) g.frames[k].pop_front();
    }
    g.view[0] = std::move(v0);
    g.view[1] = std::move(v1);
  }
  g.changed.notify_all();
}

bool Games::persist(LiveGame& g, std::string* err) {
  store::LiveGame row;
  row.id = g.id;
  row.game = g.session.game().name();
  row.created = g.created;
  row.tokens[0] = g.tokens[0];
  row.tokens[1] = g.tokens[1];
  row.seats = seats_json(g).dump();
  row.record = g.session.record_json().dump(-1, ' ', false, json::error_handler_t::replace);
  row.scenario = g.session.scenario().to_json().dump(-1, ' ', false, json::error_handler_t::replace);
  row.logs = "[]";  // the logs are the record's events, rebuilt when the game is read back
  row.over = g.over();
  return store::save_live(opt_.db, row, err);
}

bool Games::settle(LiveGame& g, const std::vector<game::EventView>& events, Refusal* why) {
  std::string err;
  const bool saved = persist(g, &err);
  if (saved && g.session.is_over() && !g.stored) {
    std::string serr;
    if (g.session.store(opt_.db, &serr) > 0) g.stored = true;  // for the replays
  }
  publish(g, events);
  if (!g.over() && g.session.bot_to_move()) queue_bot(g.shared_from_this());
  if (!saved) {
    if (why) *why = Refusal{500, "db_error", "the decision was made but not saved: " + err};
    return false;
  }
  return true;
}

void Games::mark_joined(LiveGame& g, int seat) {
  if (g.joined[seat]) return;
  std::unique_lock<std::mutex> lock(g.mu, std::try_to_lock);
  if (!lock.owns_lock() || g.joined[seat]) return;  // busy: the next request marks it
  g.joined[seat] = true;
  settle(g, {}, nullptr);
}

json Games::view(LiveGame& g, int seat, long since, long frames_after) {
  g.last_used = now_ms();
  std::lock_guard<std::mutex> lock(g.pub_mu);
  json j = g.view[seat];
  j["version"] = g.version;
  j["thinking"] = g.thinking;
  json log = json::array();
  const std::vector<json>& l = g.log[seat];
  for (std::size_t i = since > 0 ? std::min<std::size_t>(std::size_t(since), l.size()) : 0; i < l.size(); ++i)
    log.push_back(l[i]);
  j["log"] = log;
  j["log_size"] = l.size();
  if (frames_after >= 0) {
    json frames = json::array();
    for (const auto& [v, state] : g.frames[seat])
      if (v > frames_after) frames.push_back({{"v", v}, {"state", state}});
    j["frames"] = frames;
  }
  return j;
}

long Games::wait(LiveGame& g, long version, int ms) {
  std::unique_lock<std::mutex> lock(g.pub_mu);
  g.changed.wait_for(lock, std::chrono::milliseconds(ms), [&] { return g.version > version; });
  return g.version;
}

// ---- A seat's requests ---------------------------------------------------------------------------

bool Games::request(LiveGame& g, int seat, const std::string& what, const json& body, Refusal& why) {
  if (!body.is_object()) return refuse(why, 400, "bad_request", "the body must be a JSON object");
  std::unique_lock<std::mutex> lock(g.mu, std::try_to_lock);
  if (!lock.owns_lock()) return refuse(why, 409, "busy", "the other side is deciding: wait for its move");
  if (!g.joined[seat]) g.joined[seat] = true;
  {
    std::lock_guard<std::mutex> pub(g.pub_mu);
    g.frames[seat].clear();  // the page has seen the boards up to its own decision
  }
  if (auto v = body.find("version"); v != body.end() && !v->is_null()) {
    std::lock_guard<std::mutex> pub(g.pub_mu);
    if (!v->is_number_integer() || v->get<long>() != g.version)
      return refuse(why, 409, "stale", "the game has changed since this page's view: reload it");
  }
  play::Session& s = g.session;
  std::vector<game::EventView> events;
  std::string err;
  if (what == "resign") {
    if (g.over()) return refuse(why, 409, "game_over", "the game is over");
    g.resigned = seat;
    return settle(g, events, &why);
  }
  if (g.over()) return refuse(why, 409, "game_over", "the game is over");
  const bool mine = s.to_move() == seat && g.seats[size_t(seat)].bot.empty();
  if (what == "act") {
    if (!mine) return refuse(why, 409, "not_your_turn", "the other side decides now");
    game::ActionCode act = 0;
    if (auto a = body.find("action"); a != body.end() && !a->is_null()) {
      // An action in the game's action JSON, also one the choices do not list (Quinn: a stand
      // moved to any pose, "move-to"): the game's rules decide, and say why they refuse.
      if (!a->is_object()) return refuse(why, 400, "bad_action", "\"action\" must be an action object");
      if (!s.state().action_from_json(*a, act, &err)) return refuse(why, 400, "bad_action", err);
      // While a set of orders is picked only its choices are taken (a set is never closed by an
      // action the choices do not hold).
      if (const std::vector<game::ActionCode> cs = s.choices(); s.in_set() && std::find(cs.begin(), cs.end(), act) == cs.end())
        return refuse(why, 409, "illegal", "not one of the choices while orders are picked");
    } else {
      auto id = body.find("id");
      const std::vector<game::ActionCode> cs = s.choices();
      if (id == body.end() || !id->is_number_integer() || id->get<long long>() < 0 ||
          id->get<long long>() >= (long long)cs.size())
        return refuse(why, 400, "bad_choice", "\"id\" must be the id of one of the view's choices (0.." +
                                                  std::to_string(long(cs.size()) - 1) + ")");
      act = cs[size_t(id->get<long long>())];
    }
    if (!s.take(act, &events, game::kEachSeat, &err))
      return refuse(why, 409, "illegal", err.empty() ? "the rules refuse it here" : err);
    return settle(g, events, &why);
  }
  if (what == "unpick") {
    if (!mine || !s.unpick()) return refuse(why, 409, "nothing_to_unpick", "no order picked to take back");
    return settle(g, events, &why);
  }
  if (what == "undo") {
    if (!mine) return refuse(why, 409, "not_your_turn", "the other side decides now");
    if (s.undo(seat, &err) == 0) return refuse(why, 409, "nothing_to_undo", err);
    // The logs lose what the decisions taken back showed: rebuilt from the record.
    std::vector<game::EventView> replayed;
    play::Session again{play::SessionOptions{false}};
    if (again.resume(s.game(), s.record_json(), s.scenario_ptr(), g.seats, &err, &replayed, game::kEachSeat)) {
      std::lock_guard<std::mutex> pub(g.pub_mu);
      g.log[0].clear();
      g.log[1].clear();
    }
    return settle(g, replayed, &why);
  }
  return refuse(why, 404, "unknown_request", "no such request: " + what.substr(0, 20));
}

bool Games::hint(LiveGame& g, int seat, json& reply, Refusal& why) {
  std::unique_lock<std::mutex> lock(g.mu, std::try_to_lock);
  if (!lock.owns_lock()) return refuse(why, 409, "busy", "the other side is deciding");
  play::Session& s = g.session;
  if (g.over() || s.to_move() != seat) return refuse(why, 409, "not_your_turn", "a hint is for your own decisions");
  ai::Explanation ex;
  std::string err;
  if (!s.advise(opt_.hint_bot, ex, &err)) return refuse(why, 500, "internal_error", err);
  const std::vector<game::ActionCode> cs = s.choices();
  json best = json::array();
  for (const ai::ActionValue& av : ex.best) {
    auto it = std::find(cs.begin(), cs.end(), av.action);
    if (it == cs.end()) continue;
    best.push_back({{"id", int(it - cs.begin())}, {"text", s.state().action_text(av.action)}, {"win_chance", av.value}});
  }
  reply = {{"win_chance", ex.win_chance}, {"best", best}};
  return true;
}

bool Games::record(LiveGame& g, int /*seat*/, json& reply, Refusal& why) {
  std::unique_lock<std::mutex> lock(g.mu, std::try_to_lock);
  if (!lock.owns_lock()) return refuse(why, 409, "busy", "the other side is deciding");
  if (!g.over()) return refuse(why, 409, "not_over", "the record (with the seed) is given when the game is over");
  reply = {{"record", g.session.record_json()}};
  return true;
}

// ---- The bots ------------------------------------------------------------------------------------

void Games::queue_bot(const std::shared_ptr<LiveGame>& g) {
  if (g->bot_queued) return;
  g->bot_queued = true;
  {
    std::lock_guard<std::mutex> lock(queue_mu_);
    queue_.push_back(g);
  }
  queue_cv_.notify_one();
}

void Games::bot_worker() {
  for (;;) {
    std::shared_ptr<LiveGame> g;
    {
      std::unique_lock<std::mutex> lock(queue_mu_);
      queue_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      g = queue_.front().lock();
      queue_.pop_front();
    }
    if (!g) continue;
    std::lock_guard<std::mutex> lock(g->mu);
    play::Session& s = g->session;
    if (g->over() || !s.bot_to_move()) {
      g->bot_queued = false;
      continue;
    }
    const int seat = s.to_move();
    {
      std::lock_guard<std::mutex> pub(g->pub_mu);
      g->thinking = {{"seat", s.state().seat_name(seat)}, {"ms", s.bot_think_ms(seat)}};
      ++g->version;
    }
    g->changed.notify_all();
    std::vector<game::EventView> events;
    ai::Explanation why;
    std::string err;
    const bool ok = s.play_bot(nullptr, nullptr, &events, game::kEachSeat, &err, &why);
    {
      std::lock_guard<std::mutex> pub(g->pub_mu);
      g->thinking = nullptr;
    }
    if (ok && why.win_chance >= 0) {
      g->win[seat] = why.win_chance;
      g->win[1 - seat] = 1 - why.win_chance;
    }
    if (!ok) {
      // Not expected (the bot chooses among the legal actions): the game waits, and says why.
      std::fprintf(stderr, "serve: game %s: the bot failed: %s\n", g->id.c_str(), err.c_str());
      continue;  // bot_queued stays set: it is not asked again in a loop
    }
    g->bot_queued = false;  // settle queues it again while the bot is to move (its turn goes on)
    settle(*g, events, nullptr);
  }
}

// ---- Replays ------------------------------------------------------------------------------------

json Games::replays() {
  std::vector<store::StoredGame> games;
  std::string err;
  json out = json::array();
  if (!store::list_games(opt_.db, games, &err)) return out;
  for (auto it = games.rbegin(); it != games.rend(); ++it) {
    if (!it->finished || it->game != opt_.game) continue;
    out.push_back({{"id", it->id},
                   {"scenario", it->scenario_id},
                   {"scenario_name", text::printable(it->scenario_name)},
                   {"players", {text::printable(it->players[0]), text::printable(it->players[1])}},
                   {"winner", it->winner},
                   {"score", {it->score[0], it->score[1]}},
                   {"turns", it->turns},
                   {"steps", it->steps},
                   {"stored", it->stored}});
    if (out.size() >= 200) break;
  }
  return out;
}

bool Games::replay(long id, long step, json& reply, Refusal& why) {
  std::string name, record, scenario, err;
  if (!store::load_game_texts(opt_.db, id, name, record, scenario, &err) || name != opt_.game)
    return refuse(why, 404, "unknown_replay", "no stored game " + std::to_string(id));
  const json j = json::parse(record, nullptr, false);
  const json stored = json::parse(scenario, nullptr, false);
  std::shared_ptr<const game::Scenario> known = stored.is_object() ? game_->scenario_from_json(stored) : nullptr;
  game::RecordedGame rg;
  if (j.is_discarded() || !game_->read_record(j, known, rg, &err))
    return refuse(why, 404, "unknown_replay", "the stored game does not read: " + err);
  const long n = long(rg.steps.size());
  step = std::clamp(step, 0L, n);
  Rng rng(rg.seed);
  std::unique_ptr<game::State> st = game_->new_game(rg.scenario, rng);
  std::vector<game::EventView> events;
  std::string text;
  for (long i = 0; i < step; ++i) {
    rng.clear_forced();
    for (int f : rg.steps[size_t(i)].dice) rng.force_one(f);
    if (i + 1 == step) text = st->action_text(rg.steps[size_t(i)].action);
    events.clear();
    if (!st->apply(rg.steps[size_t(i)].action, rng, &events, -1, &err))
      return refuse(why, 500, "internal_error", "the replay stops at step " + std::to_string(i) + ": " + err);
  }
  json ev = json::array();
  for (const game::EventView& e : events) ev.push_back(e.json);
  reply = {{"id", id}, {"steps", n}, {"step", step}, {"text", text}, {"events", ev}, {"position", st->to_json()},
           {"scenario_name", rg.scenario->title()}, {"players", rg.players}};
  return true;
}

}  // namespace bgb::web
