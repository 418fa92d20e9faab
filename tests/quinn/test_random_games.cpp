// Seeded random games of every built-in Quinn scenario (and two terrain variants): at every
// decision a uniformly random legal action, with the invariants of §3.9 checked after each one.
// Random play reaches corners that hand-made situations miss (flight chains, crowded lines,
// stands pushed to the table edge), so these tests guard the rules as a whole; the bugs they
// found have their own forced-dice tests in the other files.
//
// BGBOT_QUINN_RANDOM_GAMES sets the games per scenario (default 40), BGBOT_QUINN_RANDOM_SEED
// shifts every seed (default 0: other values play other games).
// BGBOT_QUINN_RANDOM_BENCH=1 runs the speed measurement (skipped otherwise).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "quinn/rules.h"

namespace bgb::quinn {
namespace {

constexpr int kStepCap = 20000;  // no game of these scenarios comes near it

int games_per_scenario() {
  const char* v = std::getenv("BGBOT_QUINN_RANDOM_GAMES");
  if (!v || !*v) return 40;
  return std::max(1, std::atoi(v));
}

uint64_t seed_shift() {
  const char* v = std::getenv("BGBOT_QUINN_RANDOM_SEED");
  return v && *v ? std::strtoull(v, nullptr, 10) : 0;
}

const Scenario& builtin(const char* id) {
  auto s = find_builtin(id);
  if (!s) ADD_FAILURE() << "no built-in " << id;
  static const Scenario empty;
  return s ? *s : empty;
}

Poly rect_poly(double x0, double y0, double x1, double y1) { return Poly{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

// S2 with the spec's optional rough piece on Rome's left (§3.11), successive melee off.
const Scenario& s2_rough() {
  static const Scenario scn = [] {
    Scenario s = builtin("s2");
    s.id = "s2-rough";
    s.successive_melee = false;
    s.rough.push_back(RoughPiece{"rough", rect_poly(0, 20, 12, 30)});
    return s;
  }();
  return scn;
}

// S1 with terrain where the armies meet: a wood between the centres, broken ground before the
// Carthaginian horse and a hill on the right; the legion and velites stand partly in the wood's
// reach, so rough costs and the rough melee modifiers come into play.
const Scenario& s1_terrain() {
  static const Scenario scn = [] {
    Scenario s = builtin("s1");
    s.id = "s1-terrain";
    s.rough.push_back(RoughPiece{"wood", Poly{{33.5, 24.5}, {34.75, 22.3}, {37.25, 22.3}, {38.5, 24.5}, {37.25, 26.7}, {34.75, 26.7}}});
    s.rough.push_back(RoughPiece{"broken", rect_poly(18, 20, 27, 27)});
    s.rough.push_back(RoughPiece{"hill", rect_poly(44, 21, 52, 28)});
    return s;
  }();
  return scn;
}

// S3 with successive melee on: the penalty counter runs in play as well.
const Scenario& s3_successive() {
  static const Scenario scn = [] {
    Scenario s = builtin("s3");
    s.id = "s3-successive";
    s.successive_melee = true;
    return s;
  }();
  return scn;
}

struct Stats {
  long games = 0, actions = 0, rounds = 0;
  long act_decisions = 0, act_options = 0;
  long by_break = 0, by_limit = 0, draws = 0;
};

// Choices come from their own stream so that the dice stream (the Rng handed to the rules) is
// the game's alone: replaying the recorded actions with the same seed must give the same game.
uint64_t choice_seed(uint64_t seed) { return seed * 0x9E3779B97F4A7C15ull + 0x5151; }

std::string where(const Scenario& scn, uint64_t seed, long step) {
  return scn.id + " seed " + std::to_string(seed) + " step " + std::to_string(step);
}

// The checks of the whole game after one action (beyond check_invariants).
std::string game_checks(const State& s, const State& before) {
  for (int side = 0; side < kSides; ++side) {
    if (s.losses[side] < before.losses[side]) return "losses went down";
    if (s.losses[side] > s.break_point[side]) return "losses past the break point (the game should have ended at it)";
  }
  if (!s.over()) {
    if (s.round > s.round_limit) return "round " + std::to_string(s.round) + " past the limit " + std::to_string(s.round_limit);
    return "";
  }
  if (s.round > s.round_limit + 1) return "the game ended past the round limit";
  if (s.winner < -1 || s.winner > 1) return "winner out of range";
  const bool broke0 = s.losses[0] >= s.break_point[0], broke1 = s.losses[1] >= s.break_point[1];
  if (broke0 && broke1) return "both sides at their break points";  // one resolution costs one side (I-WIN)
  if (broke0 && s.winner != 1) return "side A broke but B is not the winner";
  if (broke1 && s.winner != 0) return "side B broke but A is not the winner";
  if (!broke0 && !broke1) {
    if (s.round != s.round_limit + 1) return "over without a break point nor the round limit";
    const int a = s.losses[0] * s.break_point[1], b = s.losses[1] * s.break_point[0];
    if (s.winner != (a > b ? 1 : b > a ? 0 : -1)) return "the round-limit winner is not the one of I-WIN";
  }
  return "";
}

// Plays one random game to its end; "" when every check held, else what failed and where.
// `record` receives the actions played; `stats` the figures of the game.
std::string play_random(const Scenario& scn, uint64_t seed, Stats* stats = nullptr, std::vector<Act>* record = nullptr,
                        bool check = true) {
  Rng dice(seed), choose(choice_seed(seed));
  State s = new_game(scn, dice);
  if (check) {
    const std::string inv = check_invariants(scn, s);
    if (!inv.empty()) return where(scn, seed, 0) + " (new game): " + inv;
  }
  std::vector<Act> legal;
  long step = 0;
  while (!s.over()) {
    if (step >= kStepCap) return where(scn, seed, step) + ": no end within " + std::to_string(kStepCap) + " actions";
    legal_actions(scn, s, legal);
    if (legal.empty()) return where(scn, seed, step) + ": no legal action before the game is over";
    if (stats && s.decision == Decision::Act) {
      ++stats->act_decisions;
      stats->act_options += long(legal.size());
    }
    const Act a = legal[choose.below(uint32_t(legal.size()))];
    if (record) record->push_back(a);
    const std::string text = check ? action_text(scn, s, a) : std::string();
    const State before = s;
    apply(scn, s, a, dice);
    ++step;
    if (check) {
      std::string bad = check_invariants(scn, s);
      if (bad.empty()) bad = game_checks(s, before);
      if (!bad.empty()) return where(scn, seed, step) + " after \"" + text + "\": " + bad;
    }
  }
  if (stats) {
    ++stats->games;
    stats->actions += step;
    stats->rounds += std::min<int>(s.round, s.round_limit);
    const bool broke = s.losses[0] >= s.break_point[0] || s.losses[1] >= s.break_point[1];
    ++(broke ? stats->by_break : stats->by_limit);
    stats->draws += s.winner == -1;
  }
  return "";
}

void run_many(const Scenario& scn, uint64_t first_seed) {
  const int n = games_per_scenario();
  first_seed += seed_shift();
  Stats st;
  const auto t0 = std::chrono::steady_clock::now();
  int failures = 0;
  for (int g = 0; g < n && failures < 5; ++g) {
    const std::string bad = play_random(scn, first_seed + uint64_t(g), &st);
    if (!bad.empty()) {
      ADD_FAILURE() << bad;
      ++failures;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (st.games > 0)
    std::printf("[ %s ] %ld games in %.2f s: %.0f actions, %.1f rounds a game; %ld by break point, %ld by round limit (%ld draws);"
                " %.1f actions at an Act decision\n",
                scn.id.c_str(), st.games, secs, double(st.actions) / double(st.games), double(st.rounds) / double(st.games),
                st.by_break, st.by_limit, st.draws, st.act_decisions ? double(st.act_options) / double(st.act_decisions) : 0.0);
}

TEST(QuinnRandomGames, S1) { run_many(builtin("s1"), 1000); }
TEST(QuinnRandomGames, S2) { run_many(builtin("s2"), 2000); }
TEST(QuinnRandomGames, S3) { run_many(builtin("s3"), 3000); }

TEST(QuinnRandomGames, VariantsAreValid) {
  std::vector<std::string> errors;
  EXPECT_TRUE(validate_scenario(s2_rough(), "s2-rough", errors));
  EXPECT_TRUE(validate_scenario(s1_terrain(), "s1-terrain", errors));
  EXPECT_TRUE(validate_scenario(s3_successive(), "s3-successive", errors));
  for (const std::string& e : errors) ADD_FAILURE() << e;
}

TEST(QuinnRandomGames, S2WithRoughFlank) { run_many(s2_rough(), 4000); }
TEST(QuinnRandomGames, S1WithTerrain) { run_many(s1_terrain(), 5000); }
TEST(QuinnRandomGames, S3WithSuccessiveMelee) { run_many(s3_successive(), 6000); }

const std::vector<const Scenario*>& all_scenarios() {
  static const std::vector<const Scenario*> v = {&builtin("s1"), &builtin("s2"), &builtin("s3"), &s2_rough(), &s1_terrain()};
  return v;
}

// The same seed and the same actions give the same state at every step.
TEST(QuinnRandomGames, ReplayIsIdentical) {
  for (const Scenario* scn : all_scenarios())
    for (uint64_t seed = 7000; seed < 7003; ++seed) {
      std::vector<Act> actions;
      ASSERT_EQ(play_random(*scn, seed, nullptr, &actions, false), "");
      // Play it twice more side by side from the seed, comparing as they go.
      Rng r1(seed), r2(seed);
      State a = new_game(*scn, r1), b = new_game(*scn, r2);
      ASSERT_TRUE(a == b) << scn->id << " seed " << seed << ": new games differ";
      for (size_t i = 0; i < actions.size(); ++i) {
        std::string why;
        ASSERT_TRUE(is_legal(*scn, a, actions[i], &why)) << where(*scn, seed, long(i)) << ": the replayed action is refused: " << why;
        apply(*scn, a, actions[i], r1);
        apply(*scn, b, actions[i], r2);
        ASSERT_TRUE(a == b) << where(*scn, seed, long(i + 1)) << ": replays differ";
        ASSERT_TRUE(r1.same_stream(r2));
      }
      EXPECT_TRUE(a.over()) << scn->id << " seed " << seed;
    }
}

// A copy of the state played on with a clone of the dice goes exactly where the original goes.
TEST(QuinnRandomGames, CopyWithClonedRngFollowsTheOriginal) {
  for (const Scenario* scn : all_scenarios())
    for (uint64_t seed = 7100; seed < 7103; ++seed) {
      Rng dice(seed), choose(choice_seed(seed));
      State s = new_game(*scn, dice);
      std::vector<Act> legal;
      for (long step = 0; !s.over() && step < kStepCap; ++step) {
        legal_actions(*scn, s, legal);
        ASSERT_FALSE(legal.empty());
        const Act a = legal[choose.below(uint32_t(legal.size()))];
        if (step % 97 == 13) {
          // Fork: both go on for a while with the same choices; they must stay equal.
          State copy = s;
          Rng dice2 = dice.clone(), ch1 = choose.clone(), ch2 = choose.clone();
          State orig = s;
          Rng dice1 = dice.clone();
          std::vector<Act> l1, l2;
          for (int k = 0; k < 60 && !orig.over(); ++k) {
            legal_actions(*scn, orig, l1);
            legal_actions(*scn, copy, l2);
            ASSERT_EQ(l1, l2) << where(*scn, seed, step + k);
            const uint32_t i1 = ch1.below(uint32_t(l1.size())), i2 = ch2.below(uint32_t(l2.size()));
            apply(*scn, orig, l1[i1], dice1);
            apply(*scn, copy, l2[i2], dice2);
            ASSERT_TRUE(orig == copy) << where(*scn, seed, step + k) << ": the copy left the original";
          }
          ASSERT_TRUE(dice1.same_stream(dice2));
        }
        apply(*scn, s, a, dice);
      }
      EXPECT_TRUE(s.over());
    }
}

// At every decision of a few games: legal_actions is a fixed list, is_legal accepts every action
// in it, random numbers are refused with a reason (or, as MoveTo, are legal and play cleanly),
// and MoveTo to random poses near a stand of the activated command is either refused with a
// reason or plays cleanly.
TEST(QuinnRandomGames, IsLegalAgreesWithLegalActions) {
  const int games = std::max(1, games_per_scenario() / 40);
  int accepted_total = 0;
  for (const Scenario* scn : all_scenarios())
    for (uint64_t seed = 8000; seed < 8000 + uint64_t(games); ++seed) {
      Rng dice(seed), choose(choice_seed(seed)), probe(seed ^ 0xABCDEF);
      State s = new_game(*scn, dice);
      std::vector<Act> legal, again;
      int accepted_moves = 0;
      for (long step = 0; !s.over() && step < kStepCap; ++step) {
        const std::string at = where(*scn, seed, step);
        legal_actions(*scn, s, legal);
        legal_actions(*scn, s, again);
        ASSERT_EQ(legal, again) << at << ": legal_actions is not a fixed list";
        // is_legal lists the actions again for each question, so every listed action is asked at
        // one step in eight and two drawn at random at the others (the run stays short).
        std::vector<Act> ask = legal;
        if (step % 8 != 0) {
          ask.clear();
          for (int k = 0; k < 2; ++k) ask.push_back(legal[probe.below(uint32_t(legal.size()))]);
        }
        for (Act a : ask) {
          std::string why;
          ASSERT_TRUE(is_legal(*scn, s, a, &why)) << at << ": listed but refused: " << action_text(*scn, s, a) << ": " << why;
          // A person may reach every pose a template reaches: MoveTo runs the same path tests.
          Pose p;
          if (kind_of(a) == Kind::Move && template_pose(*scn, s, stand_of(a), template_of(a), p)) {
            const Act m = make_move_to(stand_of(a), p.x, p.y, p.h);
            EXPECT_TRUE(is_legal(*scn, s, m, &why)) << at << ": MoveTo to the pose of \"" << action_text(*scn, s, a) << "\" (template "
                                                    << template_of(a) << ") is refused: " << why;
          }
        }
        // Probes: a random number, and MoveTo to random poses.
        std::vector<Act> probes{probe.next()};
        if (s.decision == Decision::Act || s.decision == Decision::AfterDisengage) {
          std::vector<int> movers;
          if (s.decision == Decision::AfterDisengage) movers.push_back(s.actor);
          else
            for (int k = 0; k < s.count[s.side]; ++k) {
              const int id = stand_id(s.side, k);
              if (s.stand[id].alive() && s.command_of[id] == s.active_cmd) movers.push_back(id);
            }
          for (int k = 0; k < 3 && !movers.empty(); ++k) {
            const int id = movers[probe.below(uint32_t(movers.size()))];
            const int32_t dx = int32_t(probe.below(26001)) - 13000, dy = int32_t(probe.below(26001)) - 13000;
            const int32_t x = std::clamp(s.stand[id].x + dx, 0, 71999), y = std::clamp(s.stand[id].y + dy, 0, 47999);
            const int h = probe.below(2) ? s.stand[id].heading : int(probe.below(360));
            probes.push_back(make_move_to(id, x, y, h));
          }
        }
        for (Act a : probes) {
          std::string why;
          const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
          const bool ok = is_legal(*scn, s, a, &why);
          if (listed) {
            EXPECT_TRUE(ok) << at;
            continue;
          }
          if (!ok) {
            ASSERT_FALSE(why.empty()) << at << ": refused without a reason: " << std::hex << a;
            continue;
          }
          ASSERT_EQ(kind_of(a), Kind::MoveTo) << at << ": a number outside the list is legal: " << std::hex << a;
          ++accepted_moves;
          State t = s;
          Rng d = dice.clone();
          const std::string text = action_text(*scn, t, a);
          apply(*scn, t, a, d);
          ASSERT_EQ(check_invariants(*scn, t), "") << at << " after the probe \"" << text << "\"";
        }
        apply(*scn, s, legal[choose.below(uint32_t(legal.size()))], dice);
        ASSERT_EQ(check_invariants(*scn, s), "") << at;
      }
      EXPECT_TRUE(s.over()) << scn->id << " seed " << seed;
      accepted_total += accepted_moves;
    }
  EXPECT_GT(accepted_total, 0) << "no MoveTo probe was legal: the probes test nothing";
}

// Speed of random play without the per-step checks (for the figures of the report).
TEST(QuinnRandomGames, Bench) {
  const char* v = std::getenv("BGBOT_QUINN_RANDOM_BENCH");
  if (!v || !*v || *v == '0') GTEST_SKIP() << "set BGBOT_QUINN_RANDOM_BENCH=1 to measure";
  for (const char* id : {"s1", "s2", "s3"}) {
    const Scenario& scn = builtin(id);
    Stats st;
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t seed = 1; seed <= uint64_t(games_per_scenario()); ++seed) ASSERT_EQ(play_random(scn, seed, &st, nullptr, false), "");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("[ bench %s ] %ld games, %.3f s: %.1f games/s, %.0f decisions/s; %.0f actions, %.1f rounds a game; "
                "%ld by break point, %ld by round limit (%ld draws); %.1f legal actions at an Act decision\n",
                id, st.games, secs, double(st.games) / secs, double(st.actions) / secs, double(st.actions) / double(st.games),
                double(st.rounds) / double(st.games), st.by_break, st.by_limit, st.draws,
                double(st.act_options) / double(st.act_decisions));
  }
}

}  // namespace
}  // namespace bgb::quinn
