// The C&C: Ancients bots built on the generic searches: greedy, expert, flatmc, ismcts, cheat.
// make_bot() (bot_registry.cpp) parses the specs and builds them; see docs/bots.md.
#pragma once
#include <memory>
#include <string>

#include "ai/bot.h"
#include "ai/search.h"
#include "cca/action.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::ai {

struct BotOptions {
  SearchBudget budget;     // iters / ms / threads
  double c = -1;           // exploration constant (<0: the search's default)
  int rollout = -1;        // rollout steps after the tree (<0: default)
  int samples = -1;        // greedy: samples per action
  int horizon = -1;        // searches: turns looked through (<0: default)
  int reach = -1;          // ismcts: turns the leaf rollout plays past the horizon (<0: default)
  int prune = -1;          // 0: offer the bot dominated choices too (prune_dominated, cca_model.h)
  int ring = -1;           // 1: move scores that close retreat hexes (CcaModel::ring; off by default)
  int legacy = 0;          // 1: the hand-set evaluation of issues 4-10 (today's search before the fit)
  int lead = -1;           // 0: a leadership card's leader scored a flat 0.4 (before issue 11's third session)
  int wide = -1;           // plan: evaluations per plan when a large budget widens the pool (0: never)
  double plan = -1;        // plan: the whole-turn plan's budget as a multiple of a decision's (<0: 4)
};

// A C&C: Ancients bot: unwraps the game-layer state (cca/cca_game.h) and chooses on C&C's types.
class CcaBot : public Bot {
 public:
  game::ActionCode choose(const game::State& s, Rng& rng, Explanation* why = nullptr) final;
  virtual cca::Action choose_cca(const cca::Scenario& scn, const cca::State& s, Rng& rng, Explanation* why) = 0;
};

// Asks any bot for its decision in a C&C position (for the terminal, the protocol and tests,
// which hold C&C states): the state is wrapped for the game layer, the answer unwrapped.
cca::Action choose_in(Bot& bot, const cca::Scenario& scn, const cca::State& s, Rng& rng, Explanation* why = nullptr);

std::unique_ptr<Bot> make_greedy_bot(const BotOptions& o);
std::unique_ptr<Bot> make_expert_bot(const BotOptions& o = {});
std::unique_ptr<Bot> make_flatmc_bot(const BotOptions& o);
std::unique_ptr<Bot> make_ismcts_bot(const BotOptions& o, bool cheat);
// Plans the card, orders and moves of its turn as one choice (turn_plan.h), then searches the
// battles and the other side's turn with ISMCTS.
std::unique_ptr<Bot> make_plan_bot(const BotOptions& o);

}  // namespace bgb::ai
