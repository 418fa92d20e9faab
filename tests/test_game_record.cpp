// Game records: a recorded game replays to the identical final position, through JSON too.
#include <gtest/gtest.h>

#include "cca/game_record.h"
#include "cca/rules.h"

namespace bgb::cca {

namespace {
GameRecord play_recorded(const Scenario& scn, uint64_t seed, State& final_state) {
  Rng rng(seed);
  State s = new_game(scn, rng);
  Recorder rec(scn, seed, "random", "random");
  ActionList list;
  Rng choice(seed * 7 + 1);
  while (!is_terminal(s)) {
    legal_actions(scn, s, list);
    EXPECT_TRUE(rec.apply(s, list[choice.below(list.size())], rng));
  }
  final_state = s;
  return rec.record();
}
}  // namespace

TEST(GameRecord, ReplayReproducesTheFinalPosition) {
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& scn = *find_builtin_scenario(id);
    for (uint64_t seed : {3ull, 11ull}) {
      State original;
      GameRecord r = play_recorded(scn, seed, original);
      ASSERT_TRUE(r.finished);
      // Through JSON and back.
      GameRecord back;
      std::string err;
      ASSERT_TRUE(record_from_json(record_to_json(scn, r), back, &err)) << err;
      ASSERT_EQ(back.steps.size(), r.steps.size());
      State replayed;
      int steps_seen = 0;
      ASSERT_TRUE(replay_record(scn, back, replayed, &err, [&](int, const State&, const EventLog&) { ++steps_seen; }))
          << id << ": " << err;
      EXPECT_TRUE(replayed == original) << id << " seed " << seed;
      EXPECT_EQ(steps_seen, int(r.steps.size()));
      EXPECT_EQ(replayed.winner, r.winner);
    }
  }
}

TEST(GameRecord, TamperedDiceOrScenarioAreRefused) {
  const Scenario& scn = *find_builtin_scenario("001");
  State original;
  GameRecord r = play_recorded(scn, 5, original);
  // Change the first recorded die.
  GameRecord bad = r;
  for (RecordStep& st : bad.steps)
    if (!st.dice.empty()) {
      st.dice[0] = uint8_t((st.dice[0] + 1) % 6);
      break;
    }
  // Replaying forces the recorded dice, so a changed die changes the game: either a later
  // decision no longer fits (refused with its step) or the final position differs.
  State out;
  std::string err;
  bool ok = replay_record(scn, bad, out, &err);
  if (ok)
    EXPECT_FALSE(out == original);
  else
    EXPECT_NE(err.find("step "), std::string::npos) << err;
  // A record of another scenario version.
  GameRecord other = r;
  other.scenario_hash = "0000000000000000";
  EXPECT_FALSE(replay_record(scn, other, out, &err));
  EXPECT_NE(err.find("different version"), std::string::npos) << err;
  // Malformed JSON records.
  GameRecord parsed;
  EXPECT_FALSE(record_from_json(nlohmann::json::array(), parsed, &err));
  nlohmann::json j = record_to_json(scn, r);
  j["steps"][0]["dice"] = {"purple"};
  EXPECT_FALSE(record_from_json(j, parsed, &err));
  EXPECT_NE(err.find("record.steps[0].dice"), std::string::npos) << err;
}

}  // namespace bgb::cca
