// bgbot bench: a fixed, seeded workload of random full games on scenario 001, run three times.
// The signature (total decisions) is a function of the code alone: it changes exactly when the
// rules (or the random bot) change what happens in some game, so it doubles as a quick
// regression check. Throughput is the median of the three runs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cca/model/cca_model.h"
#include "ai/ismcts.h"
#include "ai/bot.h"
#include "ai/random_bot.h"
#include "cca/observation.h"
#include "cca/rules.h"
#include "app/commands.h"
#include "cca/cca_game.h"
#include "game/game.h"
#include "games/all_games.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::app {

namespace {
constexpr int kDefaultGames = 1000;
constexpr uint64_t kBenchSeed = 20240601;
constexpr int kRuns = 3;

// ISMCTS throughput: a fixed number of single-threaded iterations from a few fixed positions of
// scenario 001 (the start, and after 15 and 40 random decisions), each searched from the deciding
// side's observation. Iterations per second over all of them. `turn_only` searches as versions
// before the two-turn rollouts did (rollouts end with the turn), for comparison across versions.
constexpr long kIsmctsIters = 4000;

double ismcts_iterations_per_s(const cca::Scenario& scn, bool turn_only) {
  cca::CcaModel model(scn);
  long iters = 0;
  double secs = 0;
  for (int k = 0; k < 3; ++k) {
    Rng rng(kBenchSeed + uint64_t(k));
    cca::State s = cca::new_game(scn, rng);
    const int skip[3] = {0, 15, 40};
    cca::ActionList list;
    cca::legal_actions(scn, s, list);
    for (int i = 0; i < skip[k] && !cca::is_terminal(s); ++i)
      cca::apply_unchecked(scn, s, list[int(rng.below(uint32_t(list.size())))], rng, nullptr, &list);
    if (cca::is_terminal(s)) continue;
    ai::SearchBudget budget;
    budget.iters = kIsmctsIters;
    ai::IsmctsParams params;
    params.stop_when_decided = false;  // a fixed workload: every iteration of the budget is run
    if (turn_only) {
      params.rollout_turns = 0;
      params.rollout.max_steps = 8;
    }
    const auto r = ai::ismcts_search(model, cca::observe(s, s.decider), int(s.decider), budget, params, rng);
    iters += r.iterations;
    secs += r.seconds;
  }
  return secs > 0 ? double(iters) / secs : 0.0;
}

struct Run {
  ai::RandomGamesResult result;
  double seconds = 0;
};

// The workloads of `bench --count`: deterministic, so that an instruction counter gives the same
// count on every run of the same code (a wall clock on a shared machine does not). Not inlined:
// the counter reads each function's own total.
[[gnu::noinline]] long count_rules_workload(const cca::Scenario& scn) {
  long decisions = 0;
  for (uint64_t g = 0; g < 400; ++g) {
    Rng rng(g + 5);
    cca::State s = cca::new_game(scn, rng);
    cca::ActionList list;
    cca::legal_actions(scn, s, list);
    while (!list.empty()) {
      ++decisions;
      cca::apply_unchecked(scn, s, list[int(rng.below(uint32_t(list.size())))], rng, nullptr, &list);
    }
  }
  return decisions;
}

[[gnu::noinline]] double count_search_workload(const cca::Scenario& scn, long& iterations) {
  double visits_by_value = 0;
  iterations = 0;
  for (int k = 0; k < 3; ++k) {
    Rng rng(uint64_t(7 + k));
    cca::State s = cca::new_game(scn, rng);
    cca::ActionList list;
    for (int i = 0; i < 20 * k && !cca::is_terminal(s); ++i) {
      cca::legal_actions(scn, s, list);
      cca::apply_unchecked(scn, s, list[int(rng.below(uint32_t(list.size())))], rng);
    }
    cca::CcaModel model(scn);
    ai::SearchBudget budget;
    budget.iters = kIsmctsIters;
    ai::IsmctsParams params;
    params.stop_when_decided = false;
    const auto r = ai::ismcts_search(model, cca::observe(s, s.decider), int(s.decider), budget, params, rng);
    iterations += r.iterations;
    for (const auto& st : r.root) visits_by_value += st.value * double(st.visits);
  }
  return visits_by_value;
}

int count_workload(const std::string& which, const cca::Scenario& scn) {
  if (which == "rules") {
    std::printf("rules workload: %ld decisions in 400 random games of %s\n", count_rules_workload(scn), scn.name.c_str());
  } else {
    long iterations = 0;
    const double check = count_search_workload(scn, iterations);
    // The sum identifies the searches' results: code that is only faster leaves it as it was.
    std::printf("search workload: %ld ISMCTS iterations, results check %.6f\n", iterations, check);
  }
  return 0;
}

// A fingerprint of where the workload's games end: FNV-1a over every final state's JSON, the
// games played again as play_random_games plays them (untimed). The decisions alone may stay the
// same when a rule changes what happens; the final positions do not.
std::string final_positions_hash(const game::Game& g, const std::shared_ptr<const game::Scenario>& scn, int games) {
  uint64_t h = 1469598103934665603ull;
  for (int k = 0; k < games; ++k) {
    Rng rng(ai::game_seed(kBenchSeed, uint64_t(k)));
    std::unique_ptr<game::State> s = g.new_game(scn, rng);
    s->play_random(rng, ai::kMaxDecisionsPerGame);
    for (unsigned char c : s->to_json().dump()) h = (h ^ c) * 1099511628211ull;
  }
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
  return buf;
}

// Another game's workload, through the game layer only: seeded random games of its first
// scenario (three runs; the signature is their decisions), then the search bot's iterations per
// second from three positions of the same games (the start, and after 15 and 40 random steps).
int generic_bench(const BenchOptions& opt) {
  const game::Game* g = game::find_game(opt.game);
  if (!g || g->scenarios().empty()) {
    std::cerr << "bench: --game " << opt.game << ": not a game of this program (cca, quinn, wrg6)\n";
    return 2;
  }
  std::vector<std::string> errors;
  const std::string first = g->scenarios()[0].id;
  const std::shared_ptr<const game::Scenario> scn = g->find_scenario(first, false, errors);
  const int games = opt.games > 0 ? opt.games : 100;
  Run runs[kRuns];
  for (Run& r : runs) {
    auto t0 = std::chrono::steady_clock::now();
    r.result = ai::play_random_games(*g, scn, games, kBenchSeed);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  const long signature = runs[0].result.decisions;
  for (const Run& r : runs)
    if (r.result.decisions != signature) {
      std::cerr << "bench: the runs disagree: the engine is not deterministic\n";
      return 1;
    }
  double secs[kRuns];
  for (int i = 0; i < kRuns; ++i) secs[i] = runs[i].seconds;
  std::sort(secs, secs + kRuns);
  const double median = std::max(secs[kRuns / 2], 1e-9);
  long iters = 0;
  double search_s = 0;
  std::unique_ptr<ai::Bot> bot = ai::make_bot(opt.game, "ismcts:iters=" + std::to_string(kIsmctsIters / 4));
  for (int k = 0; k < 3 && bot; ++k) {
    Rng rng(kBenchSeed + uint64_t(k));
    std::unique_ptr<game::State> s = g->new_game(scn, rng);
    const int skip[3] = {0, 15, 40};
    for (int i = 0; i < skip[k] && !s->is_terminal(); ++i) {
      const std::vector<game::ActionCode> l = s->legal_actions();
      s->apply_legal(l[rng.below(uint32_t(l.size()))], rng);
    }
    if (s->is_terminal()) continue;
    ai::Explanation why;
    bot->choose(*s->observation(s->current_player()), rng, &why);
    iters += why.iterations;
    search_s += why.seconds;
  }
  const ai::RandomGamesResult& r0 = runs[0].result;
  const double ips = search_s > 0 ? double(iters) / search_s : 0.0;
  const std::string positions = final_positions_hash(*g, scn, games);
  if (opt.json) {
    nlohmann::ordered_json j;
    j["game"] = opt.game;
    j["scenario"] = first;
    j["signature"] = signature;
    j["final_positions"] = positions;
    j["games"] = games;
    j["random_games_per_s"] = double(games) / median;
    j["actions_per_s"] = double(signature) / median;
    j["runs"] = kRuns;
    j["ismcts_iterations_per_s"] = ips;
    std::cout << j.dump() << std::endl;
  } else {
    std::printf("bench: %d random games of %s scenario %s, seed %llu, %d runs\n", games, opt.game.c_str(), first.c_str(),
                (unsigned long long)kBenchSeed, kRuns);
    std::printf("signature: %ld decisions, final positions %s\n", signature, positions.c_str());
    std::printf("results: %ld, %ld, draws %ld, aborted %ld, %.1f turns/game, %.1f decisions/game\n", r0.wins[0], r0.wins[1],
                r0.draws, r0.aborted, double(r0.turns) / games, double(signature) / games);
    std::printf("run times: %.3f s, %.3f s, %.3f s (median %.3f s)\n", runs[0].seconds, runs[1].seconds, runs[2].seconds, median);
    std::printf("games/s: %.1f\n", double(games) / median);
    std::printf("decisions/s: %.0f\n", double(signature) / median);
    std::printf("ismcts iterations/s: %.0f (1 thread, %ld iterations from each of 3 positions)\n", ips, kIsmctsIters / 4);
  }
  if (r0.aborted > 0) std::cerr << "bench: warning: " << r0.aborted << " games aborted (engine bug?)\n";
  return 0;
}
}  // namespace

int cmd_bench(const BenchOptions& opt) {
  games::register_all_games();
  if (opt.game != cca::kGameName) return generic_bench(opt);
  const game::Game* g = game::find_game(cca::kGameName);
  std::vector<std::string> errors;
  const std::shared_ptr<const game::Scenario> scn = g ? g->find_scenario("001", false, errors) : nullptr;
  if (!scn) {
    std::cerr << "bench: built-in scenario 001 not found\n";
    return 1;
  }
  if (!opt.count.empty()) return count_workload(opt.count, cca::scenario_of(*scn));
  const int games = opt.games > 0 ? opt.games : kDefaultGames;

  Run runs[kRuns];
  for (Run& r : runs) {
    auto t0 = std::chrono::steady_clock::now();
    r.result = ai::play_random_games(*g, scn, games, kBenchSeed);
    auto t1 = std::chrono::steady_clock::now();
    r.seconds = std::chrono::duration<double>(t1 - t0).count();
  }

  const long signature = runs[0].result.decisions;
  bool same = true;
  for (const Run& r : runs) same = same && r.result.decisions == signature && r.result.games == runs[0].result.games;
  if (!same) {
    std::cerr << "bench: the runs disagree (signatures";
    for (const Run& r : runs) std::cerr << ' ' << r.result.decisions;
    std::cerr << "): the engine is not deterministic\n";
    return 1;
  }

  double secs[kRuns];
  for (int i = 0; i < kRuns; ++i) secs[i] = runs[i].seconds;
  std::sort(secs, secs + kRuns);
  const double median = std::max(secs[kRuns / 2], 1e-9);
  const double games_per_s = double(games) / median;
  const double actions_per_s = double(signature) / median;
  const ai::RandomGamesResult& r0 = runs[0].result;
  const cca::Scenario& cscn = cca::scenario_of(*scn);
  const double ismcts_ips = ismcts_iterations_per_s(cscn, false);
  const double ismcts_turn_ips = ismcts_iterations_per_s(cscn, true);

  if (opt.json) {
    nlohmann::ordered_json j;
    j["signature"] = signature;
    j["games"] = games;
    j["random_games_per_s"] = games_per_s;
    j["actions_per_s"] = actions_per_s;
    j["state_bytes"] = sizeof(cca::State);
    j["runs"] = kRuns;
    j["ismcts_iterations_per_s"] = ismcts_ips;
    j["ismcts_turn_only_iterations_per_s"] = ismcts_turn_ips;
    std::cout << j.dump() << std::endl;
  } else {
    std::printf("bench: %d random games of scenario 001 (%s), seed %llu, %d runs\n", games, cscn.name.c_str(),
                (unsigned long long)kBenchSeed, kRuns);
    std::printf("signature: %ld\n", signature);
    std::printf("results: %s %ld, %s %ld, draws %ld, aborted %ld, %.1f turns/game, %.1f decisions/game\n",
                cscn.army[0].c_str(), r0.wins[0], cscn.army[1].c_str(), r0.wins[1], r0.draws, r0.aborted,
                double(r0.turns) / games, double(signature) / games);
    std::printf("run times: %.3f s, %.3f s, %.3f s (median %.3f s)\n", runs[0].seconds, runs[1].seconds,
                runs[2].seconds, median);
    std::printf("games/s: %.0f\n", games_per_s);
    std::printf("decisions/s: %.0f\n", actions_per_s);
    std::printf("state bytes: %zu\n", sizeof(cca::State));
    std::printf("ismcts iterations/s: %.0f (1 thread, %ld iterations from 3 positions, as the bot searches)\n",
                ismcts_ips, kIsmctsIters);
    std::printf("ismcts iterations/s, rollouts ending with the turn: %.0f\n", ismcts_turn_ips);
  }
  if (r0.aborted > 0) std::cerr << "bench: warning: " << r0.aborted << " games aborted (engine bug?)\n";
  return 0;
}

}  // namespace bgb::app
