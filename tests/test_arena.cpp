// The tournament runner (ai/arena.h) and its statistics (ai/stats.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "ai/arena.h"
#include "ai/bot.h"
#include "cca/cca_game.h"
#include "cca/model/bots.h"
#include "ai/random_bot.h"
#include "ai/stats.h"
#include "cca/game_record.h"
#include "cca/rules.h"
#include "cca/scenario.h"
#include "cca/scenario_file.h"

namespace bgb::ai {

// --- statistics ---

TEST(ArenaStats, EloOfKnownScores) {
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-9);
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
  EXPECT_NEAR(score_from_elo(elo_from_score(0.64)), 0.64, 1e-12);
  // A sweep is clamped, not infinite.
  EXPECT_NEAR(elo_from_score(1.0), elo_from_score(1 - kScoreClamp), 1e-9);
  EXPECT_LT(elo_from_score(0.0), -1000);
  EXPECT_GT(elo_from_score(1.0), 1000);
}

TEST(ArenaStats, TrinomialIntervalOfAFairCoin) {
  // 100 games, 50 wins and 50 losses: sd per game 0.5, standard error 0.05.
  // (Agresti-Coull: as if 1.92 more wins and losses: 0.5 / sqrt(103.84).)
  ScoreInterval s = score_interval_trinomial(50, 0, 50);
  EXPECT_NEAR(s.score, 0.5, 1e-12);
  EXPECT_NEAR(s.stderr_, 0.5 / std::sqrt(100 + kZ95 * kZ95), 1e-9);
  EXPECT_NEAR(s.lo, 0.5 - kZ95 * s.stderr_, 1e-9);
  EXPECT_NEAR(s.hi, 0.5 + kZ95 * s.stderr_, 1e-9);
  EXPECT_NEAR(s.hi - s.lo, 2 * kZ95 * 0.05, 0.005);
  // Draws lower the variance.
  EXPECT_LT(score_interval_trinomial(25, 50, 25).stderr_, s.stderr_);
}

TEST(ArenaStats, PentanomialIntervalNarrowsAsGamesGrow) {
  // The same proportions, four times the pairs: half the width.
  ScoreInterval small = score_interval_pentanomial({2, 5, 10, 6, 3});
  ScoreInterval big = score_interval_pentanomial({8, 20, 40, 24, 12});
  EXPECT_NEAR(small.score, big.score, 1e-12);
  EXPECT_NEAR((big.hi - big.lo) * 2, small.hi - small.lo, 0.03);  // about half
  EXPECT_LT(big.hi - big.lo, small.hi - small.lo);
  // Pairs of one win each (points 1) carry no information about who is stronger beyond 0.5.
  ScoreInterval split = score_interval_pentanomial({0, 0, 30, 0, 0});
  EXPECT_NEAR(split.score, 0.5, 1e-12);
  // Pair score 2 = both won: mean over games.
  EXPECT_NEAR(score_interval_pentanomial({0, 0, 0, 0, 7}).score, 1.0, 1e-12);
  EXPECT_NEAR(score_interval_pentanomial({1, 0, 0, 0, 1}).score, 0.5, 1e-12);
  EXPECT_NEAR(score_interval_pentanomial({0, 1, 0, 0, 0}).score, 0.25, 1e-12);
  // A sweep is not certainty: a single pair won 2-0 leaves a wide interval.
  ScoreInterval one = score_interval_pentanomial({0, 0, 0, 0, 1});
  EXPECT_EQ(one.score, 1.0);
  EXPECT_EQ(one.hi, 1.0);
  EXPECT_LT(one.lo, 0.5);
  ScoreInterval ten = score_interval_pentanomial({0, 0, 0, 0, 10});
  EXPECT_GT(ten.lo, one.lo);
  EXPECT_LT(ten.lo, 0.9);
  // No pairs: nothing known.
  ScoreInterval none = score_interval_pentanomial({0, 0, 0, 0, 0});
  EXPECT_EQ(none.lo, 0);
  EXPECT_EQ(none.hi, 1);
}

TEST(ArenaStats, EloIntervalFollowsTheScoreInterval) {
  ScoreInterval s = score_interval_pentanomial({5, 10, 30, 30, 25});
  EloInterval e = elo_interval(s);
  EXPECT_GT(e.elo, 0);
  EXPECT_LT(e.lo, e.elo);
  EXPECT_GT(e.hi, e.elo);
  EXPECT_NEAR(e.lo, elo_from_score(s.lo), 1e-9);
}

TEST(ArenaStats, SprtBoundsAndDecisions) {
  SprtBounds b = sprt_bounds(0.05, 0.05);
  EXPECT_NEAR(b.lower, -2.944, 0.001);
  EXPECT_NEAR(b.upper, 2.944, 0.001);
  // A clearly stronger: H1.
  const double strong = sprt_llr_pentanomial({2, 5, 20, 30, 40}, 0, 20);
  EXPECT_EQ(sprt_decision(strong, b), "H1");
  // Equal players, many pairs: H0 (Elo 0 is far likelier than 20).
  const double equal = sprt_llr_pentanomial({160, 400, 800, 400, 160}, 0, 20);
  EXPECT_LT(equal, 0);
  EXPECT_EQ(sprt_decision(equal, b), "H0");
  // Equal players, few pairs: not yet decided, or H0; never H1.
  EXPECT_NE(sprt_decision(sprt_llr_pentanomial({1, 2, 4, 2, 1}, 0, 20), b), "H1");
  // One split pair decides nothing (the prior keeps the variance from collapsing).
  EXPECT_EQ(sprt_decision(sprt_llr_pentanomial({0, 0, 1, 0, 0}, 0, 50), b), "inconclusive");
  EXPECT_EQ(sprt_decision(sprt_llr_pentanomial({0, 0, 0, 0, 1}, 0, 50), b), "inconclusive");
  // A sweep has a finite LLR (regularised).
  const double sweep = sprt_llr_pentanomial({0, 0, 0, 0, 10}, 0, 20);
  EXPECT_TRUE(std::isfinite(sweep));
  EXPECT_GT(sweep, 0);
  // The trinomial form agrees in direction.
  EXPECT_GT(sprt_llr_trinomial(300, 100, 100, 0, 20), b.upper);
  EXPECT_LT(sprt_llr_trinomial(2500, 0, 2500, 0, 20), b.lower);
  EXPECT_EQ(sprt_llr_pentanomial({0, 0, 0, 0, 0}, 0, 20), 0);
}

// --- the runner ---

namespace {
// Random play with its own stream ("random2"): unlike random against random, whose paired games
// mirror each other exactly (same seed, same side rngs), these games vary, as real matches do.
class SaltedRandomBot : public cca::CcaBot {
 public:
  std::string spec() const override { return "random2"; }
  cca::Action choose_cca(const cca::Scenario& scn, const cca::State& s, Rng& rng, Explanation*) override {
    Rng mine(rng.next() ^ 0x5eed5eed5eedull);
    return cca::random_action(scn, s, mine);
  }
};

std::unique_ptr<Bot> test_bots(const std::string& spec, std::string* error) {
  if (spec == "random2") return std::make_unique<SaltedRandomBot>();
  return make_bot(cca::kGameName, spec, error);
}

ArenaOptions small_match(int games, uint64_t seed, int threads) {
  ArenaOptions o;
  o.game = cca::kGameName;
  o.a = "random";
  o.b = "random2";
  o.make = test_bots;
  o.scenarios = {"001", "004", "012"};
  o.games = games;
  o.seed = seed;
  o.threads = threads;
  return o;
}
}  // namespace

TEST(Arena, RandomAgainstRandomScoresAboutHalf) {
  ArenaResult r = run_arena(small_match(20, 7, 2));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.games_per_scenario, 20);
  EXPECT_EQ(r.total.games, 60);
  EXPECT_EQ(r.total.wins_a + r.total.wins_b + r.total.draws, 60);
  long pairs = 0;
  for (long c : r.total.pairs) pairs += c;
  EXPECT_EQ(pairs, 30);
  const ScoreInterval s = r.total.score();
  EXPECT_LE(s.lo, 0.5);
  EXPECT_GE(s.hi, 0.5);
  EXPECT_EQ(r.total.forfeits, 0);
  EXPECT_EQ(r.total.aborted, 0);
  for (const std::string& id : r.scenarios) EXPECT_EQ(r.per_scenario.at(id).games, 20) << id;
  const auto j = arena_to_json(small_match(20, 7, 2), r);
  for (const char* key : {"games", "wins_a", "wins_b", "draws", "score_a", "score_a_ci95", "elo_a", "elo_a_ci95",
                          "banner_margin", "per_scenario", "seed", "a", "b"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["per_scenario"].size(), 3u);
  EXPECT_EQ(j["score_a_ci95"].size(), 2u);
  EXPECT_GT(s.hi - s.lo, 0.05);  // real variance
}

TEST(Arena, IdenticalBotsMirrorEachPair) {
  // Same seed, same dice, same side rngs: the swapped game is the same game with the names
  // exchanged, so each pair gives A exactly one point.
  ArenaOptions o = small_match(6, 2, 2);
  o.b = "random";
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.total.pairs[2], 9);
  EXPECT_EQ(r.total.score().score, 0.5);
  EXPECT_EQ(r.total.banner_margin(), 0.0);
  EXPECT_LT(r.total.score().hi - r.total.score().lo, 0.5);
}

TEST(Arena, SameSeedSameGamesWhateverTheThreads) {
  ArenaResult one = run_arena(small_match(6, 99, 1));
  ArenaResult two = run_arena(small_match(6, 99, 2));
  ArenaResult again = run_arena(small_match(6, 99, 2));
  ASSERT_TRUE(one.ok && two.ok && again.ok);
  ASSERT_EQ(one.games.size(), two.games.size());
  for (size_t i = 0; i < one.games.size(); ++i) {
    for (const ArenaResult* x : {&two, &again}) {
      EXPECT_EQ(one.games[i].seed, x->games[i].seed) << i;
      EXPECT_EQ(one.games[i].result_a, x->games[i].result_a) << i;
      EXPECT_EQ(one.games[i].decisions, x->games[i].decisions) << i;
      EXPECT_EQ(one.games[i].banners_a, x->games[i].banners_a) << i;
    }
  }
  EXPECT_EQ(one.total.pairs, two.total.pairs);
  // Another seed, other games.
  ArenaResult other = run_arena(small_match(6, 100, 1));
  EXPECT_NE(one.games[0].seed, other.games[0].seed);
}

TEST(Arena, EachSeedIsPlayedWithBothSideAssignments) {
  ArenaResult r = run_arena(small_match(5, 3, 2));  // 5 rounds up to 6: three pairs a scenario
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.games_per_scenario, 6);
  ASSERT_EQ(r.games.size(), 18u);
  std::set<std::pair<std::string, uint64_t>> seeds;
  for (size_t i = 0; i < r.games.size(); i += 2) {
    const ArenaGame& g1 = r.games[i];
    const ArenaGame& g2 = r.games[i + 1];
    EXPECT_EQ(g1.scenario, g2.scenario);
    EXPECT_EQ(g1.seed, g2.seed);
    EXPECT_TRUE(g1.a_top);
    EXPECT_FALSE(g2.a_top);
    EXPECT_EQ(g1.seed, arena_pair_seed(3, g1.scenario, g1.game / 2));
    EXPECT_TRUE(seeds.insert({g1.scenario, g1.seed}).second) << "a seed played in two pairs";
  }
  // A scenario's seeds do not depend on the other scenarios of the match.
  ArenaOptions alone = small_match(6, 3, 1);
  alone.scenarios = {"012"};
  ArenaResult r2 = run_arena(alone);
  ASSERT_TRUE(r2.ok);
  for (const ArenaGame& g : r2.games) EXPECT_TRUE(seeds.count({"012", g.seed})) << g.game;
}

// Balance mode: A against itself, every game with its own seed (no mirrored pairs), A always the
// top side; the figures are the top side's wins and score per battle.
TEST(Arena, BalanceModePlaysEveryGameWithItsOwnSeed) {
  ArenaOptions o = small_match(10, 5, 2);
  o.balance = true;
  o.b = "greedy";  // ignored: A plays both sides
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.games.size(), 30u);
  std::set<std::pair<std::string, uint64_t>> seeds;
  for (const ArenaGame& g : r.games) {
    EXPECT_TRUE(g.a_top);
    EXPECT_TRUE(seeds.insert({g.scenario, g.seed}).second) << "a seed played twice";
  }
  long mirrored = 0;  // with pairs, identical bots would give one point per pair every time
  for (size_t i = 0; i < r.games.size(); i += 2) mirrored += r.games[i].result_a + r.games[i + 1].result_a == 0;
  EXPECT_LT(mirrored, 15);
  for (const std::string& id : r.scenarios) {
    const ArenaTally& t = r.per_scenario.at(id);
    EXPECT_EQ(t.games, 10);
    EXPECT_EQ(t.wins_top, t.wins_a);
    EXPECT_EQ(t.wins_bottom, t.wins_b);
    EXPECT_DOUBLE_EQ(t.top_score().score, (double(t.wins_top) + 0.5 * double(t.draws)) / double(t.games));
  }
  const auto j = arena_to_json(o, r);
  EXPECT_TRUE(j["balance"].get<bool>());
  EXPECT_EQ(j["b"], "random") << "B is A";
  EXPECT_EQ(j["per_scenario"]["001"]["top_score_ci95"].size(), 2u);
  const std::string text = arena_to_text(o, r);
  EXPECT_NE(text.find("top score"), std::string::npos) << text;
  // Same seed, same games.
  ArenaResult again = run_arena(o);
  ASSERT_EQ(again.games.size(), r.games.size());
  for (size_t i = 0; i < r.games.size(); ++i) EXPECT_EQ(again.games[i].decisions, r.games[i].decisions) << i;
}

// A battle of one's own: a scenario file plays like a built-in battle, known by the id in it.
TEST(Arena, PlaysAScenarioFile) {
  cca::Scenario mine = *cca::find_builtin_scenario("004");
  mine.id = "my-ticinus";
  const std::string path = ::testing::TempDir() + "my-ticinus.txt";
  {
    std::ofstream f(path);
    f << cca::scenario_to_text(mine);
  }
  ArenaOptions o = small_match(4, 1, 1);
  o.scenarios = {path, "001"};
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.scenarios, (std::vector<std::string>{"my-ticinus", "001"}));
  EXPECT_EQ(r.per_scenario.at("my-ticinus").games, 4);
  // The same file twice, or a file that does not load, is refused with the reason.
  o.scenarios = {path, path};
  EXPECT_NE(run_arena(o).error.find("given twice"), std::string::npos);
  const std::string bad = ::testing::TempDir() + "bad-battle.txt";
  {
    std::ofstream f(bad);
    f << "id: x\n";
  }
  o.scenarios = {bad};
  ArenaResult rb = run_arena(o);
  EXPECT_FALSE(rb.ok);
  EXPECT_NE(rb.error.find("bad-battle.txt:"), std::string::npos) << rb.error;
}

TEST(Arena, SprtStopsOnAClearResultAndCountsAPrefix) {
  ArenaOptions o = small_match(200, 5, 2);
  o.sprt = true;
  o.elo0 = 150;  // random vs random is ~0 Elo: far below 150, H0 comes quickly
  o.elo1 = 300;
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok);
  ASSERT_TRUE(r.sprt.has_value());
  EXPECT_EQ(r.sprt->result, "H0");
  EXPECT_TRUE(r.stopped_early);
  EXPECT_LT(r.total.games, 600);
  EXPECT_EQ(r.total.games % 2, 0);
  EXPECT_LE(r.sprt->llr, r.sprt->lower);
  // The same with one thread: the same stopping point.
  o.threads = 1;
  ArenaResult r1 = run_arena(o);
  EXPECT_EQ(r1.total.games, r.total.games);
  EXPECT_EQ(r1.sprt->llr, r.sprt->llr);
}

TEST(Arena, RefusesUnknownBotsAndScenarios) {
  ArenaOptions o = small_match(2, 1, 1);
  o.a = "no-such-bot";
  EXPECT_FALSE(run_arena(o).ok);
  o = small_match(2, 1, 1);
  o.scenarios = {"999"};
  ArenaResult r = run_arena(o);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("999"), std::string::npos);
}

TEST(Arena, SavedRecordsReplayToTheirFinalPositions) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bgbot-arena-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  ArenaOptions o = small_match(2, 11, 2);
  o.scenarios = {"001", "007"};
  o.save_dir = dir.string();
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.games.size(), 4u);
  for (const ArenaGame& g : r.games) {
    char name[64];
    std::snprintf(name, sizeof name, "%s-%04d.json", g.scenario.c_str(), g.game);
    std::ifstream f(dir / name);
    ASSERT_TRUE(f.good()) << name;
    nlohmann::json j = nlohmann::json::parse(f);
    cca::GameRecord rec;
    std::string err;
    ASSERT_TRUE(cca::record_from_json(j, rec, &err)) << err;
    EXPECT_EQ(rec.seed, g.seed);
    EXPECT_EQ(rec.players[g.a_top ? 0 : 1], "random");
    EXPECT_EQ(rec.players[g.a_top ? 1 : 0], "random2");
    const cca::Scenario& scn = *cca::find_builtin_scenario(g.scenario);
    cca::State replayed;
    ASSERT_TRUE(cca::replay_record(scn, rec, replayed, &err)) << name << ": " << err;
    EXPECT_EQ(long(rec.steps.size()), g.decisions);
    EXPECT_TRUE(cca::is_terminal(replayed));
    const cca::Side a_side = g.a_top ? cca::Side::Top : cca::Side::Bottom;
    EXPECT_EQ(int(replayed.banners[cca::idx(a_side)]), g.banners_a) << name;
    EXPECT_EQ(int(replayed.banners[cca::idx(cca::other(a_side))]), g.banners_b) << name;
    EXPECT_EQ(int(replayed.turn), g.turns);
    EXPECT_EQ(replayed.winner == a_side ? 1 : replayed.winner == cca::other(a_side) ? -1 : 0, g.result_a);
    // The record's result says the same.
    EXPECT_EQ(rec.winner, replayed.winner);
  }
  fs::remove_all(dir);
}

TEST(Arena, PlayStatsPerBotAddUp) {
  // What each bot did on its turns (play_stats.h): every card played is a turn of one of them,
  // the banners are the games' banners, and the scripted expert orders more per card and sits
  // idle less than the random bot.
  ArenaOptions o = small_match(6, 5, 2);
  o.a = "expert";
  o.b = "random";
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  const PlayStats& a = r.total.play_a;
  const PlayStats& b = r.total.play_b;
  // A game that ends in the middle of a turn has played one card more than its completed turns.
  EXPECT_GE(a.turns + b.turns, r.total.turns);
  EXPECT_LE(a.turns + b.turns, r.total.turns + r.total.games);
  EXPECT_DOUBLE_EQ(double(a.banners - b.banners), r.total.banner_margin_sum);
  EXPECT_LE(a.idle_turns + a.passive_turns, a.turns);
  EXPECT_GT(a.per_turn(a.orders), b.per_turn(b.orders));
  EXPECT_LT(a.per_turn(a.idle_turns), b.per_turn(b.idle_turns));
  EXPECT_GT(a.battles, 0);
  const auto j = arena_to_json(o, r);
  for (const char* key : {"turn_limit_draws", "play_a", "play_b"}) EXPECT_TRUE(j.contains(key)) << key;
  for (const char* key : {"turns", "idle_turns", "avoidable_idle_turns", "avoidable_idle_rate", "passive_turns", "orders", "battles", "banners", "idle_rate",
                          "passive_rate", "orders_per_card", "battles_per_turn", "banners_per_turn"})
    EXPECT_TRUE(j["play_a"].contains(key)) << key;
  const std::string text = arena_to_text(o, r);
  EXPECT_NE(text.find("A (expert)"), std::string::npos) << text;
  EXPECT_NE(text.find("draws at the turn limit"), std::string::npos) << text;
}

TEST(Arena, ForecastsScoreTheBotsWinChanceAgainstResults) {
  // Brier score and bins by hand: forecasts 0.9 (won), 0.2 (lost), 0.55 (drawn).
  Forecasts f;
  f.add(0.9, 1.0);
  f.add(0.2, 0.0);
  f.add(0.55, 0.5);
  EXPECT_EQ(f.total, 3);
  EXPECT_NEAR(f.brier, 0.01 + 0.04 + 0.0025, 1e-12);
  EXPECT_EQ(f.n[9], 1);
  EXPECT_EQ(f.n[2], 1);
  EXPECT_EQ(f.n[5], 1);
  EXPECT_NEAR(f.won[5], 0.5, 1e-12);
  // In a match every card play of a bot gives one forecast, and every card play one position
  // whose result is the top side's result of its game.
  ArenaOptions o = small_match(4, 7, 1);
  o.a = "expert";
  o.b = "greedy";
  o.calibration = true;
  o.positions = true;
  ArenaResult r = run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.total.forecast_a.total, r.total.play_a.turns);
  EXPECT_EQ(r.total.forecast_b.total, r.total.play_b.turns);
  long positions = 0;
  for (const ArenaGame& g : r.games) {
    positions += long(g.positions.size());
    const bool a_won = g.result_a > 0, b_won = g.result_a < 0;
    const double top = g.result_a == 0 ? 0.5 : ((a_won && g.a_top) || (b_won && !g.a_top)) ? 1.0 : 0.0;
    for (const ArenaPosition& p : g.positions) {
      EXPECT_DOUBLE_EQ(p.result_top, top);
      EXPECT_EQ(p.features[0], p.side == 0 ? 1.0 : -1.0) << "to_move, seen from the top side";
    }
  }
  EXPECT_EQ(positions, r.total.play_a.turns + r.total.play_b.turns);
  const auto j = arena_to_json(o, r);
  ASSERT_TRUE(j.contains("forecast_a"));
  EXPECT_EQ(j["forecast_a"]["bins"].size(), 10u);
  EXPECT_NE(arena_to_text(o, r).find("win chance at card plays"), std::string::npos);
}

}  // namespace bgb::ai
