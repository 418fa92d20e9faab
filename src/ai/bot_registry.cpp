// make_bot(): the spec strings understood, and the catalogue offered to players.
//   random | greedy[:samples=N] | expert | flatmc:ms=T|iters=N | ismcts:ms=T|iters=N[,threads=K]
//   | cheat:ms=T|iters=N (sees every hand; measuring only) | easy | normal | hard (aliases)
// Options: ms, iters, threads, c (exploration), rollout (steps after the tree), samples (greedy),
// horizon (turns the search looks through), reach (ismcts: turns the leaf rollout plays past the
// horizon), prune (0: the bot is offered dominated choices too, as before issue 11), legacy (a flag:
// the hand-set evaluation of issues 4-10, so that `ismcts:legacy,ms=1000` is the search as it was),
// plan (the plan bot's turn budget as a multiple of a decision's), ring (1: move scores that value
// closing an enemy's retreat hexes; measured weaker, off by default), wide (the plan bot: one more
// plan sampled per this many evaluations of its budget, above the usual 48; 0 never widens), lead
// (0: under a leadership card the leader is scored a flat 0.4 as before, not by his group).
#include <cstdlib>
#include <memory>

#include "ai/bot.h"
#include "ai/bots.h"
#include "ai/random_bot.h"

namespace bgb::ai {

namespace {

class RandomBot : public CcaBot {
 public:
  std::string spec() const override { return "random"; }
  cca::Action choose_cca(const cca::Scenario& scn, const cca::State& s, Rng& rng, Explanation* why) override {
    cca::Action a = random_action(scn, s, rng);
    if (why) {
      *why = Explanation{};
      why->best.push_back(ActionValue{a.v, 0.5, 0});
    }
    return a;
  }
};

// The difficulty levels (docs/bots.md says why these).
const char* alias(const std::string& s) {
  if (s == "easy") return "greedy";
  if (s == "normal") return "plan:iters=500";
  if (s == "hard") return "plan:ms=1000,threads=2";
  return nullptr;
}

bool parse_options(const std::string& text, BotOptions& o, std::string* error) {
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(',', i);
    if (j == std::string::npos) j = text.size();
    const std::string kv = text.substr(i, j - i);
    i = j + 1;
    const size_t eq = kv.find('=');
    if (kv == "legacy") {  // a flag: the hand-set evaluation the search used before issue 11
      o.legacy = 1;
      continue;
    }
    if (eq == std::string::npos) {
      if (error) *error = "bot option \"" + kv + "\" is not key=value";
      return false;
    }
    const std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0' || x < 0) {
      if (error) *error = "bot option \"" + kv + "\": bad number";
      return false;
    }
    if (k == "ms") o.budget.ms = x;
    else if (k == "iters") o.budget.iters = long(x);
    else if (k == "threads") o.budget.threads = std::max(1, int(x));
    else if (k == "c") o.c = x;
    else if (k == "rollout") o.rollout = int(x);
    else if (k == "samples") o.samples = std::max(1, int(x));
    else if (k == "horizon") o.horizon = std::max(1, int(x));
    else if (k == "reach") o.reach = int(x);
    else if (k == "prune") o.prune = x > 0 ? 1 : 0;
    else if (k == "plan") o.plan = x;
    else if (k == "ring") o.ring = x > 0 ? 1 : 0;
    else if (k == "wide") o.wide = int(x);
    else if (k == "lead") o.lead = x > 0 ? 1 : 0;
    else {
      if (error) *error = "unknown bot option \"" + k + "\" (known: ms, iters, threads, c, rollout, samples, horizon, reach, prune, plan, ring, wide, lead, and the flag legacy)";
      return false;
    }
  }
  return true;
}

}  // namespace

std::unique_ptr<Bot> make_bot(const std::string& spec_in, std::string* error) {
  const char* al = alias(spec_in);
  const std::string spec = al ? al : spec_in;
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  BotOptions o;
  if (colon != std::string::npos && !parse_options(spec.substr(colon + 1), o, error)) return nullptr;
  if (name == "random" && colon == std::string::npos) return std::make_unique<RandomBot>();
  if (name == "expert") return make_expert_bot(o);
  if (name == "greedy") return make_greedy_bot(o);
  if (name == "flatmc") return make_flatmc_bot(o);
  if (name == "ismcts") return make_ismcts_bot(o, false);
  if (name == "cheat") return make_ismcts_bot(o, true);
  if (name == "plan") return make_plan_bot(o);
  if (error) *error = "unknown bot \"" + spec_in + "\" (known: random, greedy, expert, flatmc, ismcts, plan, cheat, easy, normal, hard)";
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> bot_catalogue() {
  return {
      {"easy", "greedy: the best immediate outcome of each decision"},
      {"normal", "plan:iters=500: plans each turn as a whole from 2,000 trials (a quarter second; the same game for the same seed)"},
      {"hard", "plan:ms=1000,threads=2: plans each turn in about four seconds on both cores"},
      {"random", "plays any legal move at random"},
      {"greedy", "the best immediate outcome of each decision, averaged over a few dice rolls"},
      {"expert", "a scripted player: supported lines, good-odds attacks, pulling back the damaged"},
      {"flatmc:ms=500", "flat Monte Carlo over the decisions, with guided playouts to the turn's end"},
      {"ismcts:ms=1000", "Information-Set Monte Carlo Tree Search of the turn's decisions"},
      {"plan:ms=1000", "whole-turn plans (card, orders, moves) judged on re-dealt copies, then ISMCTS for battles"},
  };
}

}  // namespace bgb::ai
