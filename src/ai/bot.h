// The interface every bot implements, and the registry that builds one from a spec string such as
// "random", "greedy", "expert", "flatmc:ms=500", "ismcts:ms=1000,threads=2" or "cheat:ms=1000".
// A bot plays any game of the game layer (game/game.h) that it was made for. It receives the
// observation of the seat to move (game::State::observation), never the true state; only a bot
// that says sees_everything() (the measuring-only "cheat") is given the true state.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "game/game.h"

namespace bgb::ai {

struct ActionValue {
  game::ActionCode action = 0;
  double value = 0;    // the bot's estimate of its side's chance to win after this decision (0..1)
  long visits = 0;     // search visits, where that means something
};

// Why the bot chose what it chose: for hints and the engine protocol's "think".
struct Explanation {
  double win_chance = 0.5;          // estimate for the side to move
  std::vector<ActionValue> best;    // best few decisions, best first
  long iterations = 0;              // search iterations (or playouts) spent
  double seconds = 0;
};

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string spec() const = 0;          // the spec it was made from, normalised
  virtual bool sees_everything() const { return false; }
  // The longest one choose() may think by its clock budget, in ms (0: no clock budget).
  virtual double think_ms() const { return 0; }
  // Chooses a legal decision for the seat to move. `state` is that seat's observation (or the
  // true state for a bot that sees everything).
  virtual game::ActionCode choose(const game::State& state, Rng& rng, Explanation* why = nullptr) = 0;
};

// Builds a bot from its spec; nullptr with *error set when the spec is not understood.
std::unique_ptr<Bot> make_bot(const std::string& spec, std::string* error = nullptr);
// The bot specs a person may choose as an opponent, with one line each (cheat is not among them).
std::vector<std::pair<std::string, std::string>> bot_catalogue();

}  // namespace bgb::ai
