// The tournament runner behind `bgbot arena`: bot A against bot B in paired games over several
// scenarios, in parallel, with the statistics of ai/stats.h and an optional SPRT.
//
// What it guarantees:
// - Pairs. Pair j of a scenario has the seed game_seed(game_seed(seed, hash(scenario id)), j)
//   and is played twice with that same seed: A top / B bottom, then B top / A bottom. The seed of
//   a scenario's pairs depends on its id, not on which other scenarios are played. (In balance
//   mode, ArenaOptions::balance, game k of a scenario has the seed of "pair" k instead.)
// - Determinism. A game depends only on its seed and the bots: new_game(scn, Rng(seed)) with the
//   dice from that Rng; each side's bot chooses with its own Rng(game_seed(seed, 1 + side)) and a
//   bot made afresh for every game (so no state carries across games or threads). Bots that stop
//   on a clock (ms=...) are of course not reproducible.
// - Information. A bot is given observe(state, side) unless it sees_everything().
// - Order. Pairs are numbered round-robin over the scenarios (pair 0 of every scenario, then pair
//   1, ...). Results, and the SPRT, only count the finished prefix of that order, so the figures
//   do not depend on the number of threads; an SPRT that stops at pair k reports pairs 0..k.
// - A bot that returns an illegal action loses that game (counted in `forfeits`); a game that
//   exceeds the decision cap is a draw (counted in `aborted`).
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/play_stats.h"
#include "ai/stats.h"
#include "game/game.h"

namespace bgb::ai {

class Bot;
struct ArenaGame;

// What the arena asks of a game beyond the game layer, registered by the game with its bots
// (C&C: cca/model/bots.cpp). Every member may be empty.
struct ArenaHooks {
  // A watcher of one game's play statistics (play_stats.h), made at the game's start.
  std::function<std::unique_ptr<PlayWatcher>(const game::State& start)> watcher;
  // The decisions where calibration asks the bot for its win chance and `positions` keeps the
  // features (C&C: card plays, one per turn).
  std::function<bool(const game::State&)> turn_start;
  // The evaluation's features of a position for seat 0; returns how many (at most 12).
  std::function<int(const game::State&, double out[12])> features;
  std::vector<std::string> feature_names;  // their names, the columns of `arena --positions`
};
void register_arena_hooks(const std::string& game, ArenaHooks hooks);
// The hooks a game registered (empty members when none).
ArenaHooks arena_hooks(const std::string& game);

struct ArenaOptions {
  std::string game;                        // the game's name in the registry (game/game.h)
  std::string a = "random", b = "random";  // bot specs (make_bot)
  std::vector<std::string> scenarios;      // built-in ids or names, or scenario files; empty = all
  // The game's options in every game (game::Game::with_options; C&C: {"hellenistic": "on"}), set
  // on each game's copy of its battle; null: each battle as it is. A battle named in `scenarios`
  // that cannot take them is refused with the reason; of all the battles (an empty list), those
  // that cannot are left out (ArenaResult::left_out).
  nlohmann::json options;
  int games = 20;                          // games per scenario, rounded up to even
  uint64_t seed = 1;
  int threads = 1;                         // games played at once
  bool sprt = false;                       // stop when the SPRT decides
  double elo0 = 0, elo1 = 10;              // SPRT hypotheses (Elo of A over B)
  double alpha = 0.05, beta = 0.05;
  std::string save_dir;                    // write DIR/<scenario>-<n>.json records when set
  // Balance mode: A plays both sides (B is ignored), every game with a seed of its own instead of
  // pairs with sides swapped (identical bots would play each pair's games identically). The
  // figure is then each battle's score for the top side (top_score).
  bool balance = false;
  // Calibration: at every card play ask the bot for its win chance (Explanation) and compare
  // the forecasts with the results (ArenaTally::forecast_a/b). Asking may use the bot's Rng (the
  // expert samples to explain itself), so games differ from those played without it.
  bool calibration = false;
  // Keep, for every card play, the evaluation's features of the position (ArenaGame::positions):
  // the data scripts/fit-eval fits the evaluation to.
  bool positions = false;
  // Builds a bot from a spec; make_bot(game, ...) when empty (tests plug in their own bots).
  std::function<std::unique_ptr<Bot>(const std::string&, std::string*)> make;
  // Resume (with save_dir): a game whose result DIR/results/<scenario>-<n>.json was written by
  // an earlier run of the same match (same bots, seed, scenario, game number and seat) is read
  // back instead of played again (ArenaResult::resumed counts them).
  bool resume = false;
  // Spread over processes (MPI ranks, docs/scale.md): this process plays only the pairs p with
  // p % shards == shard, and the result holds only them (ArenaResult::played, no totals); one
  // process then counts every process's games with arena_merge(). No SPRT across shards.
  int shard = 0, shards = 1;
  // Called as each game is finished (or read back by resume), from the thread that played it,
  // with the arena's lock held: keep it short (an MPI rank queues the game for its main thread).
  std::function<void(long index, const ArenaGame&)> on_game;
};

// Forecasts against outcomes: ten bins of the forecast win chance, the Brier score and the
// log-loss (forecasts clamped to [0.001, 0.999]).
struct Forecasts {
  long n[10] = {};
  double forecast[10] = {};  // sums of forecasts in each bin
  double won[10] = {};       // sums of outcomes (win 1, draw 0.5, loss 0)
  double brier = 0, logloss = 0;
  long total = 0;
  void add(double p, double outcome);
  void add(const Forecasts& o);
};

// A position at a turn's start (C&C: a card play): the turn, the seat to play (0 top, 1 bottom),
// the evaluation's features for seat 0 (C&C: CcaModel::features) and seat 0's result (1, 0.5, 0).
struct ArenaPosition {
  int turn = 0;
  int side = 0;
  double features[12] = {};
  double result_top = 0.5;
};

struct ArenaGame {
  std::string scenario;
  int game = 0;             // number within its scenario (0-based: pair * 2 + swapped)
  uint64_t seed = 0;
  bool a_top = true;        // A played the top side
  int result_a = 0;         // +1 A won, 0 draw, -1 B won
  int banners_a = 0, banners_b = 0;
  int turns = 0;
  long decisions = 0;
  bool aborted = false;     // the decision cap ended it (a draw)
  bool turn_limit = false;  // the scenario's turn limit ended it (a draw)
  std::string forfeit;      // a bot's illegal action ended it: which bot and why
  PlayStats play_a, play_b; // what each bot did on its turns (play_stats.h)
  Forecasts forecast_a, forecast_b;       // with ArenaOptions::calibration
  std::vector<ArenaPosition> positions;   // with ArenaOptions::positions
  bool resumed = false;                   // read back from the save directory, not played in this run
};

// A game with its number in the match's order (pair order: game 2p and 2p + 1 are pair p).
struct IndexedGame {
  long index = 0;
  ArenaGame game;
};
// A finished game as JSON and back, exactly (the totals of games read back equal those of the
// games themselves): how processes send their games to the one that counts them, and what
// resume reads back. false and the reason when `j` is not such a game.
nlohmann::json arena_game_to_json(const ArenaGame& g);
bool arena_game_from_json(const nlohmann::json& j, ArenaGame& g, std::string* error = nullptr);

// Which game a number of the match is: what arena_merge checks each gathered game against.
struct ArenaSlot {
  std::string scenario;
  int game = 0;
  uint64_t seed = 0;
  bool a_top = true;
};

// The name a game's files have in the save directory ("s1-0003": scenario and game number).
std::string arena_game_name(const std::string& scenario, int game);
// Whether `g` is the game the match has in `slot`.
bool is_slot(const ArenaGame& g, const ArenaSlot& slot);

struct ArenaTally {
  long games = 0, wins_a = 0, wins_b = 0, draws = 0;
  long wins_top = 0, wins_bottom = 0;  // by side, to show a scenario's balance
  long aborted = 0, forfeits = 0;
  long turn_limit_draws = 0;           // draws because the turn limit was reached
  PlayStats play_a, play_b;            // per bot; in balance mode play_a is the top side's
  Forecasts forecast_a, forecast_b;    // per bot, with ArenaOptions::calibration
  Pentanomial pairs{};                 // A's points per complete pair
  double banner_margin_sum = 0;        // sum over games of A's banners minus B's
  long turns = 0;

  ScoreInterval score() const { return score_interval_pentanomial(pairs); }
  // The top side's score (win 1, draw 0.5) over single games, with its trinomial interval.
  ScoreInterval top_score() const { return score_interval_trinomial(wins_top, draws, wins_bottom); }
  double banner_margin() const { return games ? banner_margin_sum / double(games) : 0.0; }
};

struct ArenaSprt {
  double llr = 0, lower = 0, upper = 0;
  std::string result = "inconclusive";  // "H0", "H1" or "inconclusive"
};

struct ArenaProgress {
  long done = 0, total = 0;  // games finished, games planned
  double elapsed = 0;        // seconds
};

struct ArenaResult {
  bool ok = false;
  std::string error;                         // why it could not run (unknown bot, scenario...)
  std::vector<std::string> scenarios;        // the scenario ids played, in order (a file's own id)
  std::vector<std::string> left_out;         // of all the battles, those that cannot take the options
  int games_per_scenario = 0;                // after rounding up to even
  std::vector<ArenaGame> games;              // the counted games, in pair order
  ArenaTally total;
  std::map<std::string, ArenaTally> per_scenario;
  std::optional<ArenaSprt> sprt;
  bool stopped_early = false;                // the SPRT decided before all games were played
  double seconds = 0;
  std::vector<std::string> warnings;         // e.g. more threads than cores
  long resumed = 0;                          // games read back from the save directory (resume)
  long total_games = 0;                      // games in the whole match (every shard)
  // With ArenaOptions::shards > 1: this shard's games (every other figure is left empty).
  std::vector<IndexedGame> played;
  std::vector<ArenaSlot> slots;              // every game of the match, by number
  int shards = 1;                            // processes the games were spread over
};

// The seed of pair `pair` of scenario `scenario_id` in a match seeded with `seed`.
uint64_t arena_pair_seed(uint64_t seed, const std::string& scenario_id, long pair);

// Warnings about the set-up (more threads than cores: threads x the bots' threads= option).
std::vector<std::string> arena_warnings(const ArenaOptions& opt);

// Plays the match. `progress` (optional) is called from the calling thread about four times a
// second and once at the end.
ArenaResult run_arena(const ArenaOptions& opt, const std::function<void(const ArenaProgress&)>& progress = {});

// The whole match's result from every shard's games (`shard` is the result of one shard's
// run_arena, for the match's parameters; `games` holds every shard's ArenaResult::played). Not ok,
// with the games missing named in `error`, when some game of the match is not among them.
ArenaResult arena_merge(const ArenaResult& shard, const std::vector<IndexedGame>& games);

// One JSON object: the parameters, the totals (games, wins_a, wins_b, draws, score_a,
// score_a_ci95, elo_a, elo_a_ci95, banner_margin, ...), per_scenario by id and sprt when asked.
nlohmann::ordered_json arena_to_json(const ArenaOptions& opt, const ArenaResult& r);

// A text table of the same.
std::string arena_to_text(const ArenaOptions& opt, const ArenaResult& r);

}  // namespace bgb::ai
