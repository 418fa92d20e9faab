// The interface every bot implements, and the registry that builds one from a spec string such as
// "random", "greedy", "expert", "flatmc:ms=500", "ismcts:ms=1000,threads=2" or "cheat:ms=1000".
// A bot plays any game of the game layer (game/game.h) that it was made for. It receives the
// observation of the seat to move (game::State::observation), never the true state; only a bot
// that says sees_everything() (the measuring-only "cheat") is given the true state.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/search.h"
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

// The options of a bot spec ("plan:iters=500,threads=2"). The search options are read by the
// generic searches; prune, ring, legacy and lead tune a game's evaluation and scores, and a game
// that has no use for one ignores it (docs/bots.md says what each does for C&C: Ancients).
struct BotOptions {
  SearchBudget budget;     // iters / ms / threads
  double c = -1;           // exploration constant (<0: the search's default)
  int rollout = -1;        // rollout steps after the tree (<0: default)
  int samples = -1;        // greedy: samples per action
  int horizon = -1;        // searches: turns looked through (<0: default)
  int reach = -1;          // ismcts: turns the leaf rollout plays past the horizon (<0: default)
  int prune = -1;          // 0: offer the bot dominated choices too
  int ring = -1;           // 1: move scores that close retreat hexes (off by default)
  int legacy = 0;          // 1: the evaluation as it was before issue 11
  int lead = -1;           // 0: a leadership card's leader scored a flat 0.4 (before issue 11's third session)
  int wide = -1;           // plan: evaluations per plan when a large budget widens the pool (0: never)
  double plan = -1;        // plan: the whole-turn plan's budget as a multiple of a decision's (<0: 4)
  int pool = -1;           // plan: plans sampled at the start (<0: PlanParams' 48)
  int preach = -1;         // plan: turns its judging rollouts play past the plan's turn (<0: 1)
  int rsample = -1;        // plan: actions its judging rollouts compare per step (<0: 6)
  int rexplore = -1;       // plan: percent of its judging rollouts' steps played at random (<0: 10)
  int extra = -1;          // 1: the evaluation's extra features (C&C: trapped units, cards in hand), fitted; 2: a game's variant (Quinn: threats doubled; C&C: as 1)
  int sharp = -1;          // plan: 1 plays the rest of the plan's turn in judging with no uniform step
  double bias = -1;         // ismcts: progressive bias, the weight of the prior in selection (<0: the game's default)
  int trap = -1;           // bits: 1 battle scores, 2 move scores count the blocks flags cost a unit that cannot retreat
  int paired = -1;         // flatmc: 1 plays every root action on the same deal and dice each round
  double keep = -1;        // flatmc paired: the best prior stands unless beaten by this many standard errors
  int styles = -1;         // flatmc paired: base policies of the own side's later decisions (FlatMcParams::styles)
  int evo = -1;            // plan: rounds that breed variants of the best plans (PlanParams::evo_rounds)
  int mut = -1;            // plan: how a variant is bred (PlanParams::mutation)
  int finish = -1;         // plan: the best plans judged again by ISMCTS from where each leaves the turn (<2: off)
  int fshare = -1;         // plan: percent of the turn's budget those searches get (<0: 50)
};

// The limits of a spec's budget (docs/bots.md): 10 minutes, 10 million iterations, 64 threads.
// A front end serving clients sets its own, lower limits on the parsed values (the protocol's
// think: EngineOptions).
constexpr long kMaxBotMs = 600000;
constexpr long kMaxBotIters = 10000000;
constexpr int kMaxBotThreads = 64;

// Reads the options of a spec, the text after "kind:" ("iters=500,threads=2"). Strict: an unknown
// or repeated key, a value that is not a decimal number in its option's range, or an empty item
// is refused with the reason (nothing is guessed).
bool parse_bot_options(const std::string& text, BotOptions& out, std::string* error = nullptr);
// The normalised spec "kind:key=value,..." of the options that are set (parse_bot_options reads
// it back to equal options): every game's bots name themselves with it.
std::string options_spec(const std::string& kind, const BotOptions& o);

// ---- The bot registry: bot kinds per game, and the levels offered to players ----

using BotMaker = std::function<std::unique_ptr<Bot>(const BotOptions&)>;
// A bot kind of `game` ("" for every game: the random bot), made from a spec "kind[:options]".
void register_bot_kind(const std::string& game, const std::string& kind, BotMaker make);
// A name a player may choose that stands for a spec (the levels "easy", "normal", "hard").
void register_bot_alias(const std::string& game, const std::string& alias, const std::string& spec);
// A line of the catalogue of opponents offered to players of `game`.
void register_bot_catalogue(const std::string& game, const std::string& spec, const std::string& help);

// Builds a bot for `game` from its spec; nullptr with *error set when the spec is not understood.
std::unique_ptr<Bot> make_bot(const std::string& game, const std::string& spec, std::string* error = nullptr);
// The bot specs a person may choose as an opponent in `game`, with one line each (cheat is not
// among them).
std::vector<std::pair<std::string, std::string>> bot_catalogue(const std::string& game);

}  // namespace bgb::ai
