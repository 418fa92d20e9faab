// The bot registry: kinds per game, aliases (the levels), the catalogue, and the spec syntax
// "kind[:key=value,...]". C&C: Ancients registers (cca/model/bots.cpp):
//   random | greedy[:samples=N] | expert | flatmc:ms=T|iters=N | ismcts:ms=T|iters=N[,threads=K]
//   | cheat:ms=T|iters=N (sees every hand; measuring only) | easy | normal | hard (aliases)
// Options: ms, iters, threads, c (exploration), rollout (steps after the tree), samples (greedy),
// horizon (turns the search looks through), reach (ismcts: turns the leaf rollout plays past the
// horizon), prune (0: the bot is offered dominated choices too, as before issue 11), legacy (a flag:
// the hand-set evaluation of issues 4-10, so that `ismcts:legacy,ms=1000` is the search as it was),
// plan (the plan bot's turn budget as a multiple of a decision's), ring (1: move scores that value
// closing an enemy's retreat hexes; measured weaker, off by default), wide (the plan bot: one more
// plan sampled per this many evaluations of its budget, above the usual 48; 0 never widens), lead
// (0: under a leadership card the leader is scored a flat 0.4 as before, not by his group), trap
// (bits: 1 battle scores count the blocks flags cost a target that cannot retreat, 2 move scores
// count them against the unit moving), extra (1: the evaluation with its extra features fitted),
// and for the plan bot's judging pool (plans sampled at the start), preach (turns its rollouts play
// past the plan's turn), rsample (actions they compare per step), rexplore (percent of their steps
// played at random).
#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include "ai/bot.h"
#include "ai/random_bot.h"

namespace bgb::ai {

namespace {

// Any game's random player: a uniform choice among the legal actions.
class RandomBot : public Bot {
 public:
  std::string spec() const override { return "random"; }
  game::ActionCode choose(const game::State& s, Rng& rng, Explanation* why) override {
    const game::ActionCode a = random_action(s, rng);
    if (why) {
      *why = Explanation{};
      why->best.push_back(ActionValue{a, 0.5, 0});
    }
    return a;
  }
};

struct Registry {
  std::mutex mu;
  std::map<std::pair<std::string, std::string>, BotMaker> kinds;      // (game, kind)
  std::map<std::pair<std::string, std::string>, std::string> aliases;  // (game, alias) -> spec
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> catalogue;
};

Registry& registry() {
  static Registry r;
  return r;
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
    else if (k == "pool") o.pool = std::max(1, int(x));
    else if (k == "preach") o.preach = int(x);
    else if (k == "rsample") o.rsample = std::max(1, int(x));
    else if (k == "rexplore") o.rexplore = std::min(100, int(x));
    else if (k == "extra") o.extra = x > 0 ? 1 : 0;
    else if (k == "trap") o.trap = std::clamp(int(x), 0, 3);
    else {
      if (error) *error = "unknown bot option \"" + k + "\" (known: ms, iters, threads, c, rollout, samples, horizon, reach, prune, plan, ring, wide, lead, pool, preach, rsample, rexplore, extra, trap, and the flag legacy)";
      return false;
    }
  }
  return true;
}

}  // namespace

void register_bot_kind(const std::string& game, const std::string& kind, BotMaker make) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.kinds[{game, kind}] = std::move(make);
}

void register_bot_alias(const std::string& game, const std::string& alias, const std::string& spec) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.aliases[{game, alias}] = spec;
}

void register_bot_catalogue(const std::string& game, const std::string& spec, const std::string& help) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto& list = r.catalogue[game];
  if (std::none_of(list.begin(), list.end(), [&](const auto& x) { return x.first == spec; })) list.push_back({spec, help});
}

std::unique_ptr<Bot> make_bot(const std::string& game, const std::string& spec_in, std::string* error) {
  Registry& r = registry();
  std::string spec = spec_in;
  BotMaker make;
  std::string known;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    if (auto it = r.aliases.find({game, spec_in}); it != r.aliases.end()) spec = it->second;
    const std::string kind = spec.substr(0, spec.find(':'));
    if (auto it = r.kinds.find({game, kind}); it != r.kinds.end()) make = it->second;
    for (const auto& [key, m] : r.kinds)
      if (key.first == game) known += (known.empty() ? "" : ", ") + key.second;
    for (const auto& [key, s] : r.aliases)
      if (key.first == game) known += (known.empty() ? "" : ", ") + key.second;
  }
  const size_t colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  if (kind == "random" && colon == std::string::npos) return std::make_unique<RandomBot>();
  if (!make) {
    if (error) *error = "unknown bot \"" + spec_in + "\" (known: random" + (known.empty() ? "" : ", " + known) + ")";
    return nullptr;
  }
  BotOptions o;
  if (colon != std::string::npos && !parse_options(spec.substr(colon + 1), o, error)) return nullptr;
  return make(o);
}

std::vector<std::pair<std::string, std::string>> bot_catalogue(const std::string& game) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.catalogue.find(game);
  std::vector<std::pair<std::string, std::string>> out = it == r.catalogue.end() ? decltype(out){} : it->second;
  if (std::none_of(out.begin(), out.end(), [](const auto& x) { return x.first == "random"; }))
    out.push_back({"random", "plays any legal move at random"});
  return out;
}

}  // namespace bgb::ai
