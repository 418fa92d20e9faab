// The C&C: Ancients bots built on the generic searches: greedy, expert, flatmc, ismcts, cheat,
// plan. register_bots() registers them, the levels and the arena's hooks for the game "cca" with
// the bot registry (ai/bot.h), which parses the specs; see docs/bots.md.
#pragma once
#include <memory>
#include <string>

#include "ai/bot.h"
#include "cca/action.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {


// A C&C: Ancients bot: unwraps the game-layer state (cca/cca_game.h) and chooses on C&C's types.
class CcaBot : public ai::Bot {
 public:
  game::ActionCode choose(const game::State& s, Rng& rng, ai::Explanation* why = nullptr) final;
  virtual Action choose_cca(const Scenario& scn, const State& s, Rng& rng, ai::Explanation* why) = 0;
};

// Asks any bot for its decision in a C&C position (for the terminal, the protocol and tests,
// which hold C&C states): the state is wrapped for the game layer, the answer unwrapped.
Action choose_in(ai::Bot& bot, const Scenario& scn, const State& s, Rng& rng, ai::Explanation* why = nullptr);

// A legal action of s, uniform among legal_actions() (the random bot's choice on C&C's types).
Action random_action(const Scenario& scn, const State& s, Rng& rng);

std::unique_ptr<ai::Bot> make_greedy_bot(const ai::BotOptions& o);
std::unique_ptr<ai::Bot> make_expert_bot(const ai::BotOptions& o = {});
std::unique_ptr<ai::Bot> make_flatmc_bot(const ai::BotOptions& o);
std::unique_ptr<ai::Bot> make_ismcts_bot(const ai::BotOptions& o, bool cheat);
// Plans the card, orders and moves of its turn as one choice (turn_plan.h), then searches the
// battles and the other side's turn with ISMCTS.
std::unique_ptr<ai::Bot> make_plan_bot(const ai::BotOptions& o);

// Registers the C&C bot kinds, the levels easy/normal/hard, the catalogue and the arena's hooks
// (play statistics, evaluation features, the card play as the turn's start) for "cca".
void register_bots();

}  // namespace bgb::cca
