#include "play/session.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "ai/random_bot.h"
#include "store/game_store.h"

namespace bgb::play {

Session::Session(SessionOptions opt) : opt_(opt) {}

namespace {

bool fail(std::string* error, const std::string& why) {
  if (error) *error = why;
  return false;
}

}  // namespace

void Session::reset_bots() {
  const size_t n = size_t(state_ ? state_->num_players() : 2);
  seat_bots_.clear();
  seat_bots_.resize(n);
  think_spec_.assign(n, "");
  think_bots_.clear();
  think_bots_.resize(n);
}

bool Session::start(const game::Game& g, std::shared_ptr<const game::Scenario> scn, uint64_t seed, std::vector<Seat> seats,
                    std::string* error) {
  if (!scn) return fail(error, "no scenario");
  seats.resize(size_t(g.num_players()));
  // Every bot seat's spec must make a bot before anything changes.
  for (const Seat& st : seats) {
    std::string err;
    if (!st.bot.empty() && !ai::make_bot(g.name(), st.bot, &err)) return fail(error, err);
  }
  // Everything is built first and the game in progress replaced only when nothing failed: a
  // refused start leaves it as it was.
  Rng rng(seed);
  std::unique_ptr<game::State> s;
  std::unique_ptr<game::Recorder> rec;
  try {
    s = g.new_game(scn, rng);
    std::vector<std::string> players;
    for (const Seat& st : seats) players.push_back(st.player);
    rec = g.recorder(scn, seed, players);
  } catch (const std::exception& e) {
    return fail(error, std::string("the game could not be set up: ") + e.what());
  }
  if (!s || !rec) return fail(error, "the game could not be set up");
  game_ = &g;
  scn_ = std::move(scn);
  state_ = std::move(s);
  rng_ = std::move(rng);
  bot_rng_ = Rng(ai::game_seed(seed, 1));
  seed_ = seed;
  seats_ = std::move(seats);
  rec_ = std::move(rec);
  history_.clear();
  trimmed_ = false;
  picks_.clear();
  decisions_ = 0;
  reset_bots();
  return true;
}

bool Session::start(const game::Game& g, std::shared_ptr<const game::Scenario> scn, const nlohmann::json& options,
                    uint64_t seed, std::vector<Seat> seats, std::string* error) {
  if (!scn) return fail(error, "no scenario");
  std::string why;
  std::shared_ptr<const game::Scenario> set = g.with_options(scn, options, &why);
  if (!set) return fail(error, why.empty() ? "the options are refused" : why);
  return start(g, std::move(set), seed, std::move(seats), error);
}

bool Session::resume(const game::Game& g, const nlohmann::json& record, std::shared_ptr<const game::Scenario> known,
                     std::vector<Seat> seats, std::string* error, std::vector<game::EventView>* events, int viewer) {
  game::RecordedGame rg;
  if (!g.read_record(record, known, rg, error)) return false;
  seats.resize(size_t(g.num_players()));
  for (size_t i = 0; i < seats.size() && i < rg.players.size(); ++i)
    if (seats[i].player.empty() || (seats[i].player == "human" && seats[i].bot.empty())) seats[i].player = rg.players[i];
  Session fresh(opt_);
  if (!fresh.start(g, rg.scenario, rg.seed, seats, error)) return false;
  for (size_t i = 0; i < rg.steps.size(); ++i) {
    const game::RecordedGame::Step& st = rg.steps[i];
    fresh.rng_.clear_forced();
    for (int f : st.dice)
      if (f >= g.die_sides() || !fresh.rng_.force_one(f)) return fail(error, "steps[" + std::to_string(i) + "].dice: a face out of range");
    std::string err;
    if (!fresh.rec_->apply(*fresh.state_, st.action, fresh.rng_, events, viewer, &err))
      return fail(error, "steps[" + std::to_string(i) + "]: " + err);
    if (fresh.rng_.forced_pending() != 0)
      return fail(error, "steps[" + std::to_string(i) + "].dice: more dice recorded than the game rolls");
    ++fresh.decisions_;
  }
  fresh.rng_.clear_forced();
  // The history starts here: a resumed game cannot be undone into its record.
  game_ = fresh.game_;
  scn_ = std::move(fresh.scn_);
  state_ = std::move(fresh.state_);
  rng_ = std::move(fresh.rng_);
  // The bots' generator continues from a point of its own, not the one a fresh game starts at.
  bot_rng_ = Rng(ai::game_seed(rg.seed, 1 + rg.steps.size()));
  seed_ = rg.seed;
  seats_ = std::move(fresh.seats_);
  rec_ = std::move(fresh.rec_);
  history_.clear();
  trimmed_ = false;
  picks_.clear();
  decisions_ = fresh.decisions_;
  reset_bots();
  return true;
}

bool Session::load_position(const game::Game& g, const nlohmann::json& position, uint64_t seed, std::string* error) {
  std::unique_ptr<game::State> s;
  try {
    s = g.load(position, error);
  } catch (const std::exception& e) {
    return fail(error, std::string("the position could not be loaded: ") + e.what());
  }
  if (!s) return false;  // the game in progress is untouched
  game_ = &g;
  state_ = std::move(s);
  scn_ = state_->scenario_ptr();
  rng_ = Rng(seed);
  bot_rng_ = Rng(ai::game_seed(seed, 1));
  seed_ = seed;
  seats_.assign(size_t(g.num_players()), Seat{});
  rec_.reset();
  history_.clear();
  trimmed_ = false;
  picks_.clear();
  decisions_ = 0;
  reset_bots();
  return true;
}

std::unique_ptr<game::State> Session::view(int seat) const {
  if (seat < 0) return state_->clone();
  return state_->observation(seat);
}

game::ActionCode Session::choose(ai::Bot& bot, Rng& rng, ai::Explanation* why) const {
  if (bot.sees_everything()) return bot.choose(*state_, rng, why);
  return bot.choose(*view(state_->current_player()), rng, why);
}

bool Session::bot_to_move() const {
  if (!state_ || state_->is_terminal()) return false;
  const int p = state_->current_player();
  return p >= 0 && size_t(p) < seats_.size() && !seats_[size_t(p)].bot.empty();
}

bool Session::apply_as(game::ActionCode a, bool by_bot, std::vector<game::EventView>* events, int viewer,
                       std::string* error, const Rng* bot_before) {
  if (!state_) return fail(error, "no game");
  if (state_->is_terminal()) return fail(error, "the game is over");
  Snapshot snap;
  snap.state = state_->clone();
  snap.rng = rng_.clone();
  snap.bot_rng = bot_before ? bot_before->clone() : bot_rng_.clone();
  snap.record_steps = rec_ ? rec_->steps() : 0;
  snap.by = state_->current_player();
  std::string err;
  bool ok;
  if (rec_) {
    ok = rec_->apply(*state_, a, rng_, events, viewer, &err);
  } else {
    ok = state_->apply(a, rng_, events, viewer, &err);
  }
  if (!ok) {
    if (events) events->clear();
    return fail(error, err);
  }
  // Revealed: a bot's decision, a die or a shuffle (the generator moved), or a card drawn (the
  // deck shrank: the deck order is fixed at the deal, so a draw moves no generator).
  snap.revealed = by_bot || !rng_.same_stream(snap.rng) || state_->hidden_left() != snap.state->hidden_left();
  history_.push_back(std::move(snap));
  trim_history();
  ++decisions_;
  if (rec_ && state_->is_terminal()) rec_->finish(*state_);
  autosave();
  return true;
}

bool Session::apply(game::ActionCode a, std::vector<game::EventView>* events, int viewer, std::string* error) {
  if (!picks_.empty()) return fail(error, "choices are picked and not yet played: end them (commit_set) or take them back");
  return apply_as(a, false, events, viewer, error);
}

bool Session::in_set() const {
  if (!state_ || state_->is_terminal()) return false;
  if (!picks_.empty()) return true;
  std::vector<game::ActionCode> legal;
  state_->legal_actions(legal);
  for (game::ActionCode a : legal)
    if (state_->is_unordered_choice(a)) return true;
  return false;
}

namespace {

// Depth-first over the sequences of `left` (a multiset) that the game accepts from s.
bool find_sequence(const game::State& s, std::vector<game::ActionCode>& left, const Rng& rng,
                   std::vector<game::ActionCode>& seq) {
  if (left.empty()) return true;
  if (s.is_terminal()) return false;
  std::vector<game::ActionCode> legal;
  s.legal_actions(legal);
  for (size_t i = 0; i < left.size(); ++i) {
    const game::ActionCode a = left[i];
    if (i > 0 && std::find(left.begin(), left.begin() + long(i), a) != left.begin() + long(i)) continue;  // tried
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) continue;
    std::unique_ptr<game::State> next = s.clone();
    Rng r = rng.clone();  // a set's choices draw nothing; a copy all the same, never the game's
    if (!next->apply(a, r)) continue;
    left.erase(left.begin() + long(i));
    seq.push_back(a);
    if (find_sequence(*next, left, rng, seq)) return true;
    seq.pop_back();
    left.insert(left.begin() + long(i), a);
  }
  return false;
}

}  // namespace

bool Session::sequence_of(const std::vector<game::ActionCode>& set, std::vector<game::ActionCode>* out) const {
  std::vector<game::ActionCode> left = set, seq;
  if (!find_sequence(*state_, left, rng_, seq)) return false;
  if (out) *out = std::move(seq);
  return true;
}

std::vector<game::ActionCode> Session::set_candidates() const {
  std::vector<game::ActionCode> out;
  if (!in_set()) return out;
  std::vector<game::ActionCode> seq;
  if (!sequence_of(picks_, &seq)) return out;
  // The choices that could follow: those listed at the start or after any pick, played in the
  // accepted sequence (a unit linked to an ordered one is listed only after it).
  std::vector<game::ActionCode> universe, legal;
  std::unique_ptr<game::State> s = state_->clone();
  Rng r = rng_.clone();
  for (size_t k = 0;; ++k) {
    s->legal_actions(legal);
    for (game::ActionCode a : legal)
      if (s->is_unordered_choice(a) && std::find(universe.begin(), universe.end(), a) == universe.end())
        universe.push_back(a);
    if (k == seq.size() || !s->apply(seq[k], r)) break;
  }
  std::sort(universe.begin(), universe.end());
  for (game::ActionCode c : universe) {
    std::vector<game::ActionCode> more = picks_;
    more.push_back(c);
    if (sequence_of(more, nullptr)) out.push_back(c);
  }
  return out;
}

std::string Session::choice_text(game::ActionCode a) const {
  std::vector<game::ActionCode> seq;
  if (picks_.empty() || !sequence_of(picks_, &seq)) return state_->action_text(a);
  std::unique_ptr<game::State> s = state_->clone();
  Rng r = rng_.clone();
  for (game::ActionCode p : seq)
    if (!s->apply(p, r)) return state_->action_text(a);
  return s->action_text(a);
}

bool Session::pick(game::ActionCode a, bool* committed, std::vector<game::EventView>* events, int viewer,
                   std::string* error) {
  if (committed) *committed = false;
  if (!in_set()) return fail(error, "no choices are being picked now");
  const std::vector<game::ActionCode> can = set_candidates();
  if (std::find(can.begin(), can.end(), a) == can.end()) {
    // The game's own reason when it refuses the choice outright; else it is the company it keeps.
    std::unique_ptr<game::State> s = state_->clone();
    Rng r = rng_.clone();
    std::string why;
    if (!s->apply(a, r, nullptr, -1, &why) && !why.empty()) return fail(error, why);
    return fail(error, "not with the choices already picked: no sequence of them allows it");
  }
  picks_.push_back(a);
  if (!set_candidates().empty()) return true;
  if (committed) *committed = true;
  return commit_set(0, events, viewer, error);
}

bool Session::unpick() {
  if (picks_.empty()) return false;
  picks_.pop_back();
  return true;
}

bool Session::commit_set(game::ActionCode closing, std::vector<game::EventView>* events, int viewer, std::string* error) {
  if (!state_) return fail(error, "no game");
  std::vector<game::ActionCode> seq;
  if (!sequence_of(picks_, &seq)) return fail(error, "the picks cannot be played in any sequence");
  picks_.clear();
  for (game::ActionCode a : seq)
    if (!apply_as(a, false, events, viewer, error)) return false;  // cannot happen: the sequence was tried
  if (closing == 0 || state_->is_terminal()) return true;
  std::vector<game::ActionCode> legal;
  state_->legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), closing) == legal.end()) return true;  // the set closed itself
  return apply_as(closing, false, events, viewer, error);
}

bool Session::play_bot(game::ActionCode* chosen, std::string* text, std::vector<game::EventView>* events, int viewer,
                       std::string* error, ai::Explanation* why) {
  if (!bot_to_move()) return fail(error, "no bot is to move");
  const size_t p = size_t(state_->current_player());
  if (!seat_bots_[p]) {
    std::string err;
    seat_bots_[p] = ai::make_bot(game_->name(), seats_[p].bot, &err);
    if (!seat_bots_[p]) return fail(error, err);
  }
  ai::Bot& bot = *seat_bots_[p];
  const Rng before = bot_rng_.clone();
  const game::ActionCode a = choose(bot, bot_rng_, why);
  if (chosen) *chosen = a;
  if (text) *text = state_->action_text_for(a, viewer);  // a secret choice names nothing to the other seat
  if (apply_as(a, true, events, viewer, error, &before)) return true;
  bot_rng_ = before.clone();
  return false;
}

nlohmann::json Session::status_json() const {
  const game::State& st = *state_;
  auto seat = [&](int k) { return k < 0 ? nlohmann::json(nullptr) : nlohmann::json(st.seat_name(k)); };
  nlohmann::json j = st.status_extras();
  j["game"] = game_->name();
  j["scenario"] = scn_->id();
  j["decision"] = st.decision_name();
  j["player"] = st.is_terminal() ? nlohmann::json(nullptr) : seat(st.current_player());
  j["turn"] = st.turn();
  j["game_over"] = st.is_terminal();
  j["winner"] = seat(st.winner());
  j["draw"] = st.is_terminal() && st.winner() < 0;
  if (nlohmann::json o = game_->options_in_force(*scn_); o.is_object() && !o.empty()) j["options"] = std::move(o);
  return j;
}

double Session::bot_think_ms(int seat) const {
  if (seat < 0 || size_t(seat) >= seats_.size() || seats_[size_t(seat)].bot.empty()) return 0;
  if (size_t(seat) < seat_bots_.size() && seat_bots_[size_t(seat)]) return seat_bots_[size_t(seat)]->think_ms();
  std::unique_ptr<ai::Bot> b = ai::make_bot(game_->name(), seats_[size_t(seat)].bot);
  return b ? b->think_ms() : 0;
}

std::vector<game::ActionCode> Session::choices() const {
  std::vector<game::ActionCode> out;
  if (!state_ || state_->is_terminal()) return out;
  if (in_set()) {
    out = set_candidates();
    for (game::ActionCode a : state_->legal_actions())
      if (!state_->is_unordered_choice(a)) out.push_back(a);
    return out;
  }
  return state_->legal_actions();
}

bool Session::take(game::ActionCode a, std::vector<game::EventView>* events, int viewer, std::string* error) {
  if (!in_set()) return apply(a, events, viewer, error);
  if (state_->is_unordered_choice(a)) return pick(a, nullptr, events, viewer, error);
  return commit_set(a, events, viewer, error);
}

bool Session::advise(const std::string& spec, ai::Explanation& why, std::string* error) const {
  if (!state_) return fail(error, "no game");
  if (state_->is_terminal()) return fail(error, "the game is over");
  std::string err;
  std::unique_ptr<ai::Bot> adviser = ai::make_bot(game_->name(), spec, &err);
  if (!adviser) return fail(error, err);
  if (adviser->sees_everything()) return fail(error, "an adviser sees only what the seat may see");
  Rng rng(seed_ ^ (0x9E3779B97F4A7C15ull * uint64_t(decisions_ + 1)));
  choose(*adviser, rng, &why);
  return true;
}

bool Session::think(const std::string& spec, game::ActionCode& out, ai::Explanation* why, std::string* error) {
  if (!state_) return fail(error, "no game");
  if (state_->is_terminal()) return fail(error, "the game is over");
  const size_t p = size_t(state_->current_player());
  if (!think_bots_[p] || think_spec_[p] != spec) {
    std::string err;
    std::unique_ptr<ai::Bot> b = ai::make_bot(game_->name(), spec, &err);
    if (!b) return fail(error, err);
    think_bots_[p] = std::move(b);
    think_spec_[p] = spec;
  }
  ai::Bot& bot = *think_bots_[p];
  out = choose(bot, bot_rng_, why);
  return true;
}

// The undo history holds a copy of the state per decision (about 2 KB). Outside analysis mode undo
// never goes back past the last decision that revealed something, so nothing before that one is
// kept (it stays, for undo to say why it stops); in analysis mode the last kMaxUndo are kept.
void Session::trim_history() {
  std::size_t keep_from = 0;
  if (!opt_.analysis) {
    for (std::size_t i = history_.size(); i-- > 0;)
      if (history_[i].revealed) {
        keep_from = i;
        break;
      }
  } else if (history_.size() > kMaxUndo) {
    keep_from = history_.size() - kMaxUndo;
  }
  if (keep_from > 0) {
    history_.erase(history_.begin(), history_.begin() + std::ptrdiff_t(keep_from));
    trimmed_ = true;
  }
}

int Session::undoable() const {
  if (opt_.analysis) return int(history_.size());
  int n = 0;
  for (auto it = history_.rbegin(); it != history_.rend() && !it->revealed; ++it) ++n;
  return n;
}

int Session::undoable(int seat) const {
  if (opt_.analysis) return int(history_.size());
  int n = 0;
  for (auto it = history_.rbegin(); it != history_.rend() && !it->revealed && it->by == seat; ++it) ++n;
  return n;
}

int Session::undo(int seat, std::string* error) {
  if (!state_) return fail(error, "no game"), 0;
  if (history_.empty()) return fail(error, "no decision to undo"), 0;
  const int can = undoable();
  // How many to take back: the last one, or back to and including `seat`'s last decision.
  int n = 0;
  if (seat < 0) {
    n = 1;
  } else {
    int k = 0;
    for (auto it = history_.rbegin(); it != history_.rend() && n == 0; ++it) {
      ++k;
      if (it->by == seat) n = k;
    }
    // Not in the history: none at all, or before what the history still holds (trimmed: it lies
    // past the last reveal, so undo stops there and says why).
    if (n == 0 && trimmed_) n = can + 1;
    if (n == 0) return fail(error, "you have taken no decision to undo"), 0;
    // The other seat has decided since (and seen it): not taken back, except in analysis mode.
    if (!opt_.analysis && n <= can && undoable(seat) == 0)
      return fail(error, "the other side has decided since: undo cannot take back its decisions"), 0;
  }
  if (n > can) {
    if (size_t(can) >= history_.size())  // analysis mode, past the history kept
      return fail(error, "undo reaches back " + std::to_string(kMaxUndo) + " decisions at most"), 0;
    const Snapshot& stop = history_[history_.size() - size_t(can) - 1];
    const bool bot = stop.by >= 0 && size_t(stop.by) < seats_.size() && !seats_[size_t(stop.by)].bot.empty();
    fail(error, bot && stop.by != seat ? "the bot has decided since: a game against a bot cannot be taken back past its moves"
                                       : "dice were rolled or cards drawn since: undo stops at the last thing revealed");
    return 0;
  }
  for (int i = 0; i < n; ++i) {
    Snapshot& snap = history_.back();
    state_ = std::move(snap.state);
    rng_ = std::move(snap.rng);
    bot_rng_ = std::move(snap.bot_rng);
    if (rec_) rec_->truncate(snap.record_steps);
    history_.pop_back();
    --decisions_;
  }
  // A planner's plan was made for a position that no longer is.
  reset_bots();
  picks_.clear();
  autosave();
  return n;
}

void Session::set_autosave(const std::string& path) {
  autosave_ = path;
  autosave();
}

void Session::autosave() const {
  if (autosave_.empty() || !rec_) return;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (state_->is_terminal()) {
    fs::remove(autosave_, ec);
    return;
  }
  const fs::path target(autosave_);
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  const fs::path tmp = target.string() + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) return;  // best effort: a game is never stopped because its autosave cannot be written
    f << rec_->to_json().dump() << '\n';
    if (!f) return;
  }
  fs::rename(tmp, target, ec);
}

nlohmann::json Session::record_json() const {
  if (!rec_) return nullptr;
  return rec_->to_json();
}

long Session::store(const std::string& db, std::string* error) const {
  if (!state_ || !rec_) {
    if (error) *error = state_ ? "a position loaded without its record cannot be stored" : "no game";
    return -1;
  }
  store::StoredGame g;
  g.game = game_->name();
  g.started = started_;
  g.scenario_id = scn_->id();
  g.scenario_name = scn_->title();
  g.scenario_hash = scn_->content_hash();
  g.seed = std::to_string(seed_);
  for (int k = 0; k < 2 && k < int(seats_.size()); ++k) g.players[k] = seats_[size_t(k)].player;
  g.finished = state_->is_terminal();
  const int w = state_->winner();
  g.winner = w >= 0 ? state_->seat_name(w) : "";
  g.draw = g.finished && w < 0;
  for (int k = 0; k < 2 && k < state_->num_players(); ++k) g.score[k] = state_->score(k);
  g.turns = state_->turn();
  g.steps = long(rec_->steps());
  try {
    using nlohmann::json;
    g.record = rec_->to_json().dump(-1, ' ', false, json::error_handler_t::replace);
    g.scenario = scn_->to_json().dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return -1;
  }
  return store::store_game(db, g, error);
}

}  // namespace bgb::play
