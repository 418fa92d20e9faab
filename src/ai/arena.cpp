#include "ai/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "ai/bot.h"
#include "ai/search.h"
#include "ai/random_bot.h"
#include "core/hash.h"

namespace bgb::ai {

namespace {

// The threads= option of a bot spec ("ismcts:ms=1000,threads=2"), 1 when absent.
int spec_threads(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return 1;
  std::stringstream ss(spec.substr(colon + 1));
  std::string kv;
  while (std::getline(ss, kv, ',')) {
    if (kv.rfind("threads=", 0) == 0) {
      try {
        return std::max(1, std::stoi(kv.substr(8)));
      } catch (...) {
        return 1;
      }
    }
  }
  return 1;
}

std::unique_ptr<Bot> build_bot(const ArenaOptions& opt, const std::string& spec, std::string* error = nullptr) {
  return opt.make ? opt.make(spec, error) : make_bot(opt.game, spec, error);
}

struct HookRegistry {
  std::mutex mu;
  std::map<std::string, ArenaHooks> hooks;
};

HookRegistry& hook_registry() {
  static HookRegistry r;
  return r;
}

ArenaHooks hooks_of(const std::string& game);

}  // namespace

ArenaHooks arena_hooks(const std::string& game) { return hooks_of(game); }

namespace {

ArenaHooks hooks_of(const std::string& game) {
  HookRegistry& r = hook_registry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.hooks.find(game);
  return it == r.hooks.end() ? ArenaHooks{} : it->second;
}

struct GameJob {
  const game::Game* rules = nullptr;  // the game played
  std::shared_ptr<const game::Scenario> scn;
  const ArenaHooks* hooks = nullptr;
  std::string scenario;
  int game = 0;
  uint64_t seed = 0;
  bool a_top = true;
};

// Plays one game. Returns false when `stop` interrupted it (the result is then not used).
bool play_game(const GameJob& job, const ArenaOptions& opt, const std::atomic<bool>& stop, ArenaGame& out) {
  const ArenaHooks& hooks = *job.hooks;
  out = ArenaGame{};
  out.scenario = job.scenario;
  out.game = job.game;
  out.seed = job.seed;
  out.a_top = job.a_top;

  std::unique_ptr<Bot> bot_a = build_bot(opt, opt.a), bot_b = build_bot(opt, opt.b);
  Bot* bots[2] = {job.a_top ? bot_a.get() : bot_b.get(), job.a_top ? bot_b.get() : bot_a.get()};  // by seat
  const std::string* specs[2] = {job.a_top ? &opt.a : &opt.b, job.a_top ? &opt.b : &opt.a};
  Rng bot_rng[2] = {Rng(game_seed(job.seed, 1)), Rng(game_seed(job.seed, 2))};

  Rng rng(job.seed);
  std::unique_ptr<game::State> s = job.rules->new_game(job.scn, rng);
  std::unique_ptr<game::Recorder> rec;
  if (!opt.save_dir.empty()) rec = job.rules->recorder(job.scn, job.seed, {*specs[0], *specs[1]});

  std::unique_ptr<PlayWatcher> watch = hooks.watcher ? hooks.watcher(*s) : nullptr;
  double thought[2] = {0, 0};  // seconds each seat's bot spent choosing
  std::vector<std::pair<int, double>> forecasts;  // (seat, its bot's win chance) at turn starts
  int forfeited = -1;
  while (!s->is_terminal()) {
    if (stop.load(std::memory_order_relaxed)) return false;
    if (out.decisions >= kMaxDecisionsPerGame) {
      out.aborted = true;
      break;
    }
    const int seat = s->current_player();
    Bot& bot = *bots[seat];
    const bool turn_start = hooks.turn_start && hooks.turn_start(*s);
    if (turn_start && opt.positions && hooks.features) {
      ArenaPosition pos;
      pos.turn = s->turn();
      pos.side = seat;
      hooks.features(*s, pos.features);
      out.positions.push_back(pos);
    }
    Explanation why;
    Explanation* ask = turn_start && opt.calibration ? &why : nullptr;
    const Stopwatch think;
    const game::ActionCode a = bot.sees_everything() ? bot.choose(*s, bot_rng[seat], ask)
                                                     : bot.choose(*s->observation(seat), bot_rng[seat], ask);
    thought[seat] += think.seconds();
    if (ask) forecasts.push_back({seat, why.win_chance});
    std::string err;
    if (watch) watch->see(*s, a);
    const bool ok = rec ? rec->apply(*s, a, rng, nullptr, -1, &err) : s->apply(a, rng, nullptr, -1, &err);
    if (!ok) {
      forfeited = seat;
      out.forfeit = *specs[seat] + " (" + s->seat_name(seat) + ") chose an illegal action at decision " +
                    std::to_string(out.decisions) + ": " + err;
      break;
    }
    ++out.decisions;
  }

  const int a_seat = job.a_top ? 0 : 1;
  int winner = -1;
  if (forfeited >= 0)
    winner = 1 - forfeited;
  else if (s->is_terminal())
    winner = s->winner();
  out.result_a = winner == a_seat ? 1 : winner == 1 - a_seat ? -1 : 0;
  out.banners_a = s->score(a_seat);
  out.banners_b = s->score(1 - a_seat);
  out.turns = s->turn();
  out.turn_limit = s->is_terminal() && s->winner() < 0;
  if (watch) {
    watch->finish(*s);
    out.play_a = watch->seat(a_seat);
    out.play_b = watch->seat(1 - a_seat);
  }
  const double top_result = winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5;
  for (ArenaPosition& p : out.positions) p.result_top = top_result;
  for (const auto& [k, p] : forecasts)
    (k == a_seat ? out.forecast_a : out.forecast_b).add(p, k == 0 ? top_result : 1.0 - top_result);
  out.play_a.think_seconds = thought[a_seat];
  out.play_b.think_seconds = thought[1 - a_seat];

  if (rec) {
    rec->finish(*s);
    std::ofstream f(std::filesystem::path(opt.save_dir) / (arena_game_name(job.scenario, job.game) + ".json"));
    f << rec->to_json().dump() << '\n';
  }
  return true;
}

// The file of a finished game's result in the save directory (what resume reads back).
std::filesystem::path saved_game_path(const ArenaOptions& opt, const GameJob& job) {
  return std::filesystem::path(opt.save_dir) / "results" / (arena_game_name(job.scenario, job.game) + ".json");
}

// What must be the same for a saved game to count in this match: the game, its options, the
// battle's content, and what the arena collects along the way.
nlohmann::json match_print(const ArenaOptions& opt, const GameJob& job) {
  return {{"game", opt.game},
          {"options", opt.options},
          {"scenario_hash", job.scn->content_hash()},
          {"positions", opt.positions},
          {"calibration", opt.calibration},
          {"balance", opt.balance},
          {"format", 1}};
}

void save_game(const ArenaOptions& opt, const GameJob& job, const ArenaGame& g) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(opt.save_dir) / "results", ec);
  // Written whole under another name, then renamed: a process killed while writing leaves no
  // half file that a resume would read.
  const std::filesystem::path path = saved_game_path(opt, job);
  std::filesystem::path tmp = path;
  tmp += ".part";
  {
    std::ofstream f(tmp);
    f << nlohmann::json{{"a", opt.a}, {"b", opt.b}, {"match", match_print(opt, job)}, {"arena_game", arena_game_to_json(g)}}
             .dump()
      << '\n';
    f.close();
    if (!f) {  // a full disk: no file rather than a short one
      std::filesystem::remove(tmp, ec);
      return;
    }
  }
  std::filesystem::rename(tmp, path, ec);
}

// A game an earlier run of the same match saved: the same bots and the same game (scenario,
// number, seed, seat of A).
bool read_saved_game(const ArenaOptions& opt, const GameJob& job, ArenaGame& out) {
  std::ifstream f(saved_game_path(opt, job));
  if (!f) return false;
  const nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
  // Anything else in the file (another match's game, a damaged file) is not read: the game is played.
  auto text_is = [&](const char* k, const std::string& want) {
    return j.contains(k) && j[k].is_string() && j[k].get<std::string>() == want;
  };
  if (j.is_discarded() || !j.is_object() || !text_is("a", opt.a) || !text_is("b", opt.b) ||
      !j.contains("match") || j["match"] != match_print(opt, job) || !j.contains("arena_game") ||
      !arena_game_from_json(j["arena_game"], out))
    return false;
  return is_slot(out, ArenaSlot{job.scenario, job.game, job.seed, job.a_top});
}

void count_games(ArenaResult& r, std::vector<ArenaGame>& results, long counted_pairs);

nlohmann::ordered_json forecasts_json(const Forecasts& f) {
  nlohmann::ordered_json j;
  j["forecasts"] = f.total;
  j["brier"] = f.total ? f.brier / double(f.total) : 0.0;
  j["logloss"] = f.total ? f.logloss / double(f.total) : 0.0;
  nlohmann::ordered_json bins = nlohmann::ordered_json::array();
  for (int i = 0; i < 10; ++i)
    bins.push_back({{"from", i / 10.0}, {"to", (i + 1) / 10.0}, {"n", f.n[i]},
                    {"forecast", f.n[i] ? f.forecast[i] / double(f.n[i]) : 0.0},
                    {"observed", f.n[i] ? f.won[i] / double(f.n[i]) : 0.0}});
  j["bins"] = bins;
  return j;
}

void add_game(ArenaTally& t, const ArenaGame& g) {
  ++t.games;
  if (g.result_a > 0) ++t.wins_a;
  else if (g.result_a < 0) ++t.wins_b;
  else ++t.draws;
  const bool top_won = (g.result_a > 0) == g.a_top;
  if (g.result_a != 0) ++(top_won ? t.wins_top : t.wins_bottom);
  if (g.aborted) ++t.aborted;
  if (g.turn_limit) ++t.turn_limit_draws;
  t.play_a.add(g.play_a);
  t.play_b.add(g.play_b);
  t.forecast_a.add(g.forecast_a);
  t.forecast_b.add(g.forecast_b);
  if (!g.forfeit.empty()) ++t.forfeits;
  t.banner_margin_sum += g.banners_a - g.banners_b;
  t.turns += g.turns;
}

// A's points in a pair, times two (0..4): the pentanomial index.
int pair_index(const ArenaGame& g1, const ArenaGame& g2) { return (g1.result_a + 1) + (g2.result_a + 1); }

}  // namespace

std::vector<std::string> arena_warnings(const ArenaOptions& opt) {
  std::vector<std::string> w;
  const int threads = std::max(1, opt.threads);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  // The normalised spec (aliases such as "hard" resolved) says how many threads a bot uses.
  auto threads_of = [&](const std::string& spec) {
    std::unique_ptr<Bot> b = build_bot(opt, spec);
    return spec_threads(b ? b->spec() : spec);
  };
  const int per_game = std::max(threads_of(opt.a), threads_of(opt.b));
  if (long(threads) * per_game > long(cores))
    w.push_back(std::to_string(threads) + " games at once x " + std::to_string(per_game) + " bot threads = " +
                std::to_string(threads * per_game) + " threads on " + std::to_string(cores) +
                " cores: bots that stop on a clock will play weaker than alone");
  return w;
}

void Forecasts::add(double p, double outcome) {
  if (!std::isfinite(p)) p = 0.5;  // a bot that could not say: no opinion
  p = std::clamp(p, 0.0, 1.0);
  const int bin = std::min(9, int(p * 10.0));
  ++n[bin];
  forecast[bin] += p;
  won[bin] += outcome;
  brier += (p - outcome) * (p - outcome);
  const double q = std::clamp(p, 0.001, 0.999);
  logloss -= outcome * std::log(q) + (1.0 - outcome) * std::log(1.0 - q);
  ++total;
}

void Forecasts::add(const Forecasts& o) {
  for (int i = 0; i < 10; ++i) n[i] += o.n[i], forecast[i] += o.forecast[i], won[i] += o.won[i];
  brier += o.brier;
  logloss += o.logloss;
  total += o.total;
}

void register_arena_hooks(const std::string& game, ArenaHooks hooks) {
  HookRegistry& r = hook_registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.hooks[game] = std::move(hooks);
}

uint64_t arena_pair_seed(uint64_t seed, const std::string& scenario_id, long pair) {
  return game_seed(game_seed(seed, fnv1a(scenario_id)), uint64_t(pair));
}

ArenaResult run_arena(const ArenaOptions& options, const std::function<void(const ArenaProgress&)>& progress) {
  ArenaOptions opt = options;
  if (opt.balance) {
    opt.b = opt.a;
    opt.sprt = false;
  }
  ArenaResult r;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };

  // Check everything before playing.
  const game::Game* played = game::find_game(opt.game);
  if (!played) {
    r.error = "unknown game \"" + opt.game + "\"";
    return r;
  }
  const ArenaHooks hooks = hooks_of(opt.game);
  for (const std::string* spec : {&opt.a, &opt.b}) {
    std::string err;
    if (!build_bot(opt, *spec, &err)) {
      r.error = err.empty() ? "unknown bot \"" + *spec + "\"" : err;
      return r;
    }
  }
  // Built-in battles by id or name, or scenario files (a battle of one's own): a file is known by
  // the id written in it, which also seeds its games.
  std::vector<std::string> wanted = opt.scenarios;
  if (wanted.empty())
    for (const game::ScenarioInfo& info : played->scenarios()) wanted.push_back(info.id);
  std::vector<std::shared_ptr<const game::Scenario>> scns;
  for (const std::string& name : wanted) {
    std::vector<std::string> problems;
    std::shared_ptr<const game::Scenario> scn = played->find_scenario(name, true, problems);
    if (!scn) {
      r.error = problems.empty() ? "unknown scenario \"" + name + "\"" : problems.front();
      if (problems.size() == 1 && problems.front().find("is not a built-in scenario") != std::string::npos)
        r.error = "unknown scenario \"" + name + "\" (see bgbot scenarios, or give a scenario file)";
      return r;
    }
    if (std::find(r.scenarios.begin(), r.scenarios.end(), scn->id()) != r.scenarios.end()) {
      r.error = "the scenario id \"" + scn->id() + "\" is given twice";
      return r;
    }
    // The game's options, set on every game's copy of the battle: a battle named that cannot
    // take them is refused; of all the battles, those that cannot are left out.
    if (!opt.options.is_null()) {
      std::string why;
      std::shared_ptr<const game::Scenario> set = played->with_options(scn, opt.options, &why);
      if (!set && !opt.scenarios.empty()) {
        r.error = "scenario " + scn->id() + ": " + why;
        return r;
      }
      if (!set) {
        r.left_out.push_back(scn->id());
        continue;
      }
      scn = set;
    }
    r.scenarios.push_back(scn->id());
    scns.push_back(scn);
  }
  if (scns.empty()) {
    r.error = r.left_out.empty() ? "no scenario to play" : "no scenario takes the options " + opt.options.dump();
    return r;
  }
  if (opt.games < 1) {
    r.error = "--games must be at least 1";
    return r;
  }
  if (opt.shards < 1 || opt.shard < 0 || opt.shard >= opt.shards) {
    r.error = "shard " + std::to_string(opt.shard) + " of " + std::to_string(opt.shards) + " does not exist";
    return r;
  }
  if (opt.shards > 1 && opt.sprt) {
    r.error = "the SPRT stops on the pairs in order; it does not spread over processes";
    return r;
  }
  if (opt.resume && opt.save_dir.empty()) {
    r.error = "resume reads the games back from the save directory: give one";
    return r;
  }
  const int threads = std::max(1, opt.threads);
  r.warnings = arena_warnings(opt);
  if (!opt.save_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(opt.save_dir, ec);
    if (ec) {
      r.error = "cannot create " + opt.save_dir + ": " + ec.message();
      return r;
    }
  }

  const int nscn = int(scns.size());
  const long pairs_per_scn = (opt.games + 1) / 2;
  r.games_per_scenario = int(pairs_per_scn * 2);
  const long total_pairs = pairs_per_scn * nscn;
  const long total_games = total_pairs * 2;

  auto job_of = [&](long g) {
    const long q = g / 2;
    GameJob job;
    const int i = int(q % nscn);
    const long j = q / nscn;
    job.rules = played;
    job.hooks = &hooks;
    job.scn = scns[i];
    job.scenario = r.scenarios[i];
    job.game = int(j * 2 + g % 2);
    if (opt.balance) {  // every game its own seed; A is on both sides anyway
      job.seed = arena_pair_seed(opt.seed, job.scenario, j * 2 + g % 2);
      job.a_top = true;
    } else {
      job.seed = arena_pair_seed(opt.seed, job.scenario, j);
      job.a_top = g % 2 == 0;
    }
    return job;
  };

  std::vector<ArenaGame> results(static_cast<size_t>(total_games));
  std::vector<char> done(static_cast<size_t>(total_games), 0);
  r.total_games = total_games;
  r.shards = opt.shards;
  for (long g = 0; g < total_games; ++g) {
    const GameJob job = job_of(g);
    r.slots.push_back({job.scenario, job.game, job.seed, job.a_top});
  }
  auto mine = [&](long g) { return (g / 2) % opt.shards == opt.shard; };
  long finished = 0;  // games finished (any order)
  if (opt.resume) {
    for (long g = 0; g < total_games; ++g) {
      if (!mine(g)) continue;
      const GameJob job = job_of(g);
      ArenaGame back;
      if (!read_saved_game(opt, job, back)) continue;
      back.resumed = true;
      results[size_t(g)] = std::move(back);
      done[size_t(g)] = 1;
      ++finished;
      ++r.resumed;
      if (opt.on_game) opt.on_game(g, results[size_t(g)]);
    }
  }
  std::atomic<long> next{0};
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::condition_variable cv;
  long prefix = 0;           // games finished in order from 0
  long counted_pairs = total_pairs;
  Pentanomial sprt_pairs{};
  const SprtBounds bounds = sprt_bounds(opt.alpha, opt.beta);
  ArenaSprt sprt;
  sprt.lower = bounds.lower;
  sprt.upper = bounds.upper;
  int running = threads;
  // Counts the pairs finished in order from the first (the SPRT decides on them); under `mu` once
  // the threads run.
  auto advance_prefix = [&] {
    while (prefix < total_games && done[size_t(prefix)]) {
      ++prefix;
      if (prefix % 2 == 0 && opt.sprt && !stop.load()) {
        const ArenaGame& g1 = results[size_t(prefix - 2)];
        const ArenaGame& g2 = results[size_t(prefix - 1)];
        ++sprt_pairs[size_t(pair_index(g1, g2))];
        sprt.llr = sprt_llr_pentanomial(sprt_pairs, opt.elo0, opt.elo1);
        sprt.result = sprt_decision(sprt.llr, bounds);
        if (sprt.result != "inconclusive") {
          counted_pairs = prefix / 2;
          stop.store(true);
        }
      }
    }
  };
  advance_prefix();  // the games read back (resume) come first

  auto worker = [&] {
    for (;;) {
      if (stop.load()) break;
      const long g = next.fetch_add(1);
      if (g >= total_games) break;
      // Another shard's game, or one read back (done is written for g only before the threads
      // start and by the one thread that drew g).
      if (!mine(g) || done[size_t(g)]) continue;
      ArenaGame game;
      const GameJob job = job_of(g);
      if (!play_game(job, opt, stop, game)) break;
      if (!opt.save_dir.empty()) save_game(opt, job, game);
      std::lock_guard<std::mutex> lock(mu);
      results[size_t(g)] = std::move(game);
      done[size_t(g)] = 1;
      ++finished;
      if (opt.on_game) opt.on_game(g, results[size_t(g)]);
      advance_prefix();
    }
    std::lock_guard<std::mutex> lock(mu);
    --running;
    cv.notify_all();
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  {
    std::unique_lock<std::mutex> lock(mu);
    while (running > 0) {
      cv.wait_for(lock, std::chrono::milliseconds(250));
      if (progress && running > 0) {
        ArenaProgress p{finished, total_games, elapsed()};
        lock.unlock();
        progress(p);
        lock.lock();
      }
    }
  }
  for (std::thread& t : pool) t.join();
  r.seconds = elapsed();
  if (progress) progress(ArenaProgress{finished, total_games, r.seconds});

  if (opt.shards > 1) {  // one shard's games: arena_merge counts them with the others'
    for (long g = 0; g < total_games; ++g)
      if (done[size_t(g)]) r.played.push_back({g, std::move(results[size_t(g)])});
    r.ok = true;
    return r;
  }
  count_games(r, results, counted_pairs);
  if (opt.sprt) r.sprt = sprt;
  return r;
}

namespace {

// The totals of a match from its games in pair order, the first `counted_pairs` pairs counted.
void count_games(ArenaResult& r, std::vector<ArenaGame>& results, long counted_pairs) {
  const long total_pairs = long(results.size()) / 2;
  r.stopped_early = counted_pairs < total_pairs;
  const long counted_games = counted_pairs * 2;
  r.games.assign(results.begin(), results.begin() + counted_games);
  for (const std::string& id : r.scenarios) r.per_scenario[id] = ArenaTally{};
  for (long g = 0; g < counted_games; g += 2) {
    const ArenaGame& g1 = r.games[size_t(g)];
    const ArenaGame& g2 = r.games[size_t(g + 1)];
    ArenaTally& t = r.per_scenario[g1.scenario];
    for (ArenaTally* x : {&t, &r.total}) {
      add_game(*x, g1);
      add_game(*x, g2);
      ++x->pairs[size_t(pair_index(g1, g2))];
    }
  }
  r.ok = true;
}

}  // namespace

std::string arena_game_name(const std::string& scenario, int game) {
  char num[16];
  std::snprintf(num, sizeof num, "-%04d", game);
  return scenario + num;
}

bool is_slot(const ArenaGame& g, const ArenaSlot& slot) {
  return g.scenario == slot.scenario && g.game == slot.game && g.seed == slot.seed && g.a_top == slot.a_top;
}

ArenaResult arena_merge(const ArenaResult& shard, const std::vector<IndexedGame>& games) {
  ArenaResult r = shard;
  r.played.clear();
  r.ok = false;
  if (long(r.slots.size()) != r.total_games) {
    r.error = "the match's games are not known";
    return r;
  }
  std::vector<ArenaGame> results(size_t(std::max(0L, r.total_games)));
  std::vector<char> have(results.size(), 0);
  for (const IndexedGame& x : games) {
    if (x.index < 0 || x.index >= long(results.size())) {
      r.error = "game number " + std::to_string(x.index) + " is not one of the match's";
      return r;
    }
    // The game the match has at that number (a rank of another build or other arguments would
    // send others).
    const ArenaSlot& want = r.slots.at(size_t(x.index));
    if (!is_slot(x.game, want)) {
      r.error = "game number " + std::to_string(x.index) + " is not this match's (" + x.game.scenario + " game " +
                std::to_string(x.game.game) + "): were all the processes started with the same program and arguments?";
      return r;
    }
    if (have[size_t(x.index)]) {
      r.error = "game number " + std::to_string(x.index) + " came twice";
      return r;
    }
    results[size_t(x.index)] = x.game;
    have[size_t(x.index)] = 1;
  }
  std::string missing;
  long n_missing = 0;
  for (size_t g = 0; g < results.size(); ++g)
    if (!have[g]) {
      if (++n_missing <= 10) missing += " " + std::to_string(g);
    }
  if (n_missing > 0) {
    r.error = std::to_string(n_missing) + " games of the match are missing (numbers" + missing +
              (n_missing > 10 ? " ..." : "") + ")";
    return r;
  }
  count_games(r, results, long(results.size()) / 2);
  return r;
}

namespace {

nlohmann::ordered_json tally_json(const ArenaTally& t) {
  nlohmann::ordered_json j;
  const ScoreInterval s = t.score();
  const EloInterval e = elo_interval(s);
  j["games"] = t.games;
  j["wins_a"] = t.wins_a;
  j["wins_b"] = t.wins_b;
  j["draws"] = t.draws;
  j["score_a"] = s.score;
  j["score_a_ci95"] = {s.lo, s.hi};
  j["elo_a"] = e.elo;
  j["elo_a_ci95"] = {e.lo, e.hi};
  j["banner_margin"] = t.banner_margin();
  j["pairs"] = t.pairs;
  j["wins_top"] = t.wins_top;
  j["wins_bottom"] = t.wins_bottom;
  const ScoreInterval top = t.top_score();
  j["top_score"] = top.score;
  j["top_score_ci95"] = {top.lo, top.hi};
  j["mean_turns"] = t.games ? double(t.turns) / double(t.games) : 0.0;
  j["aborted"] = t.aborted;
  j["forfeits"] = t.forfeits;
  j["turn_limit_draws"] = t.turn_limit_draws;
  j["play_a"] = play_stats_json(t.play_a);
  j["play_b"] = play_stats_json(t.play_b);
  if (t.forecast_a.total + t.forecast_b.total > 0) {
    j["forecast_a"] = forecasts_json(t.forecast_a);
    j["forecast_b"] = forecasts_json(t.forecast_b);
  }
  return j;
}

}  // namespace

nlohmann::ordered_json arena_to_json(const ArenaOptions& opt, const ArenaResult& r) {
  nlohmann::ordered_json j;
  j["a"] = opt.a;
  j["b"] = opt.balance ? opt.a : opt.b;
  j["scenarios"] = r.scenarios;
  if (!opt.options.is_null()) j["options"] = opt.options;
  if (!r.left_out.empty()) j["left_out"] = r.left_out;
  j["games_per_scenario"] = r.games_per_scenario;
  j["seed"] = opt.seed;
  j["threads"] = opt.threads;
  if (r.shards > 1) j["ranks"] = r.shards;
  if (r.resumed > 0) j["resumed"] = r.resumed;
  if (opt.balance) j["balance"] = true;
  if (opt.sprt && !opt.balance) {
    j["sprt_elo0"] = opt.elo0;
    j["sprt_elo1"] = opt.elo1;
    j["alpha"] = opt.alpha;
    j["beta"] = opt.beta;
  }
  if (!opt.save_dir.empty()) j["save"] = opt.save_dir;
  j["interval"] = "pentanomial (variance of paired-game scores), normal approximation, 95%";
  const nlohmann::ordered_json total = tally_json(r.total);
  for (auto it = total.begin(); it != total.end(); ++it) j[it.key()] = it.value();
  nlohmann::ordered_json per;
  for (const std::string& id : r.scenarios) per[id] = tally_json(r.per_scenario.at(id));
  j["per_scenario"] = per;
  if (r.sprt) j["sprt"] = {{"llr", r.sprt->llr}, {"lower", r.sprt->lower}, {"upper", r.sprt->upper}, {"result", r.sprt->result}};
  j["stopped_early"] = r.stopped_early;
  j["seconds"] = r.seconds;
  if (!r.warnings.empty()) j["warnings"] = r.warnings;
  return j;
}

namespace {

double no_minus_zero(double x) { return std::fabs(x) < 0.5 ? 0.0 : x; }

std::string row(const std::string& name, const ArenaTally& t) {
  const ScoreInterval s = t.score();
  EloInterval e = elo_interval(s);
  e.elo = no_minus_zero(e.elo);
  e.lo = no_minus_zero(e.lo);
  e.hi = no_minus_zero(e.hi);
  char buf[200];
  std::snprintf(buf, sizeof buf, "%-8s %6ld %6ld %6ld %6ld   %5.3f [%5.3f, %5.3f]  %+6.0f [%+5.0f, %+5.0f]  %+6.2f  %4ld/%-4ld\n",
                name.c_str(), t.games, t.wins_a, t.wins_b, t.draws, s.score, s.lo, s.hi, e.elo, e.lo, e.hi,
                t.banner_margin(), t.wins_top, t.wins_bottom);
  return buf;
}

std::string balance_row(const std::string& name, const ArenaTally& t) {
  const ScoreInterval s = t.top_score();
  char buf[200];
  std::snprintf(buf, sizeof buf, "%-8s %6ld %8ld %11ld %6ld   %5.3f [%5.3f, %5.3f]  %10.1f\n", name.c_str(), t.games,
                t.wins_top, t.wins_bottom, t.draws, s.score, s.lo, s.hi, t.games ? double(t.turns) / double(t.games) : 0.0);
  return buf;
}

std::string play_row(const std::string& name, const PlayStats& p) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "  %-28s %7ld  %6.1f%%  %9.1f%%  %7.1f%%  %11.2f  %12.2f  %12.3f  %11.3f\n", name.c_str(), p.turns,
                100 * p.per_turn(p.idle_turns), 100 * p.per_turn(p.avoidable_idle), 100 * p.per_turn(p.passive_turns), p.per_turn(p.orders),
                p.per_turn(p.battles), p.per_turn(p.banners), p.turns ? p.think_seconds / double(p.turns) : 0.0);
  return buf;
}

// What a person sees of each bot's play (play_stats.h), over all the games counted.
std::string play_text(const std::string& a, const std::string& b, const ArenaTally& t) {
  // A game that registers no watcher of its play (ArenaHooks::watcher) counts no turns: the
  // table would be all zeros, so only the turn-limit line is kept.
  if (t.play_a.turns == 0 && t.play_b.turns == 0) {
    char line[120];
    std::snprintf(line, sizeof line, "draws at the turn limit: %ld of %ld games\n", t.turn_limit_draws, t.games);
    return line;
  }
  std::string out = "play                            turns    idle  avoidable  passive  orders/card  battles/turn  banners/turn  think s/turn\n";
  out += play_row(a, t.play_a);
  out += play_row(b, t.play_b);
  char buf[200];
  std::snprintf(buf, sizeof buf, "draws at the turn limit: %ld of %ld games\n", t.turn_limit_draws, t.games);
  out += buf;
  out += "idle: a card played, nothing ordered (avoidable: another card in hand did something); passive: units\n"
         "ordered, none moved or battled though one could\n";
  return out;
}

std::string balance_text(const ArenaOptions& opt, const ArenaResult& r) {
  std::string out;
  char buf[300];
  std::snprintf(buf, sizeof buf, "balance: %s against itself; %zu scenario%s x %d games (sides as given), seed %llu, %d thread%s, %.1f s\n",
                opt.a.c_str(), r.scenarios.size(), r.scenarios.size() == 1 ? "" : "s", r.games_per_scenario,
                (unsigned long long)opt.seed, opt.threads, opt.threads == 1 ? "" : "s", r.seconds);
  out += buf;
  out += "scenario  games top wins bottom wins  draws   top score [95% interval]  mean turns\n";
  for (const std::string& id : r.scenarios) out += balance_row(id, r.per_scenario.at(id));
  out += balance_row("total", r.total);
  out += "top score: top wins + draws / 2, per game; the interval counts single games (trinomial)\n";
  out += play_text("top (" + opt.a + ")", "bottom (" + opt.a + ")", r.total);
  return out;
}

// The options of the games and the battles left out for them, a line (or "").
std::string options_line(const ArenaOptions& opt, const ArenaResult& r) {
  if (opt.options.is_null()) return "";
  std::string t = "options: " + opt.options.dump();
  if (!r.left_out.empty()) {
    t += "; left out (they cannot take them):";
    for (const std::string& id : r.left_out) t += " " + id;
  }
  return t + "\n";
}

}  // namespace

std::string arena_to_text(const ArenaOptions& opt, const ArenaResult& r) {
  if (opt.balance) return balance_text(opt, r) + options_line(opt, r);
  std::string out;
  char buf[300];
  std::snprintf(buf, sizeof buf, "arena: A = %s, B = %s; %zu scenario%s x %d games (paired, sides swapped), seed %llu, %d thread%s, %.1f s\n",
                opt.a.c_str(), opt.b.c_str(), r.scenarios.size(), r.scenarios.size() == 1 ? "" : "s",
                r.games_per_scenario, (unsigned long long)opt.seed, opt.threads, opt.threads == 1 ? "" : "s", r.seconds);
  out += buf;
  out += options_line(opt, r);
  out += "scenario  games A wins B wins  draws   score A [95% interval]   Elo A [95% interval]  banners  top/bottom wins\n";
  for (const std::string& id : r.scenarios) out += row(id, r.per_scenario.at(id));
  out += row("total", r.total);
  const Pentanomial& p = r.total.pairs;
  std::snprintf(buf, sizeof buf, "pairs (A's points 0, 0.5, 1, 1.5, 2): %ld %ld %ld %ld %ld; interval from the pair variance\n",
                p[0], p[1], p[2], p[3], p[4]);
  out += buf;
  if (r.total.aborted || r.total.forfeits) {
    std::snprintf(buf, sizeof buf, "aborted (decision cap, counted as draws): %ld; forfeits (illegal action): %ld\n",
                  r.total.aborted, r.total.forfeits);
    out += buf;
  }
  out += play_text("A (" + opt.a + ")", "B (" + opt.b + ")", r.total);
  if (r.total.forecast_a.total + r.total.forecast_b.total > 0) {
    out += "win chance at card plays   forecasts  Brier  log-loss   forecast -> observed (forecasts) per tenth\n";
    auto cal = [&](const std::string& name, const Forecasts& f) {
      std::snprintf(buf, sizeof buf, "  %-24s %9ld  %5.3f  %8.3f  ", name.c_str(), f.total,
                    f.total ? f.brier / double(f.total) : 0.0, f.total ? f.logloss / double(f.total) : 0.0);
      out += buf;
      for (int i = 0; i < 10; ++i) {
        if (!f.n[i]) continue;
        std::snprintf(buf, sizeof buf, " %.2f->%.2f(%ld)", f.forecast[i] / double(f.n[i]), f.won[i] / double(f.n[i]), f.n[i]);
        out += buf;
      }
      out += "\n";
    };
    cal("A (" + opt.a + ")", r.total.forecast_a);
    cal("B (" + opt.b + ")", r.total.forecast_b);
  }
  if (r.sprt) {
    std::snprintf(buf, sizeof buf, "SPRT elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.3f in [%.3f, %.3f]: %s%s\n", opt.elo0,
                  opt.elo1, opt.alpha, opt.beta, r.sprt->llr, r.sprt->lower, r.sprt->upper, r.sprt->result.c_str(),
                  r.stopped_early ? " (stopped early)" : "");
    out += buf;
  }
  return out;
}

}  // namespace bgb::ai
