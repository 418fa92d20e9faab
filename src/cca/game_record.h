// A game record: everything needed to show a game again and to reproduce its final position
// exactly: the scenario (id and a hash of its content), the seed, who played, every decision
// with the dice it caused, and the result. Replaying forces the recorded dice; because a forced
// die still advances the generator (core/rng.h), the shuffles come out the same as well.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "cca/action.h"
#include "cca/event.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

constexpr const char* kRecordFormat = "bgbot-cca-record";
constexpr int kRecordVersion = 1;

struct RecordStep {
  Action action;
  Side by = Side::None;        // who decided
  std::vector<uint8_t> dice;   // every die rolled while applying it, in order
};

struct GameRecord {
  std::string scenario_id;
  std::string scenario_hash;   // scenario_hash() of the scenario played
  uint64_t seed = 0;
  std::string players[2];      // per side (top, bottom): "human", a bot spec, a program name
  std::vector<RecordStep> steps;
  // Result, filled when the game has ended (or the position when saved).
  bool finished = false;
  Side winner = Side::None;
  bool draw = false;
  uint8_t banners[2] = {0, 0};
  int turns = 0;
  std::string started;         // ISO 8601 time, informational
};

// A stable hash (hex string) of everything in a scenario that affects play.
std::string scenario_hash(const Scenario& scn);

nlohmann::json record_to_json(const Scenario& scn, const GameRecord& r);
bool record_from_json(const nlohmann::json& j, GameRecord& out, std::string* error = nullptr);

// Records games as they are played: start() with the new game's seed, then apply() every
// decision through the recorder (it applies it and notes the dice), finish() at the end.
class Recorder {
 public:
  Recorder(const Scenario& scn, uint64_t seed, const std::string& top, const std::string& bottom);
  // Applies the action like rules.h apply(); on success appends a step. Events go to *log too.
  bool apply(State& s, Action a, Rng& rng, EventLog* log = nullptr, std::string* error = nullptr);
  void finish(const State& s);
  const GameRecord& record() const { return rec_; }
  GameRecord& record() { return rec_; }

 private:
  const Scenario& scn_;
  GameRecord rec_;
};

// The dice rolled in an event log (Roll and Reroll events, in order).
std::vector<uint8_t> dice_of(const EventLog& log);

// Replays a record from the start. Calls `step` (if given) after each decision with its index,
// the state and the events it caused. Returns false with a message when the record does not fit
// the scenario, an action is illegal, or the dice differ from what the game rolls.
bool replay_record(const Scenario& scn, const GameRecord& r, State& out, std::string* error = nullptr,
                   const std::function<void(int, const State&, const EventLog&)>& step = {});

}  // namespace bgb::cca
