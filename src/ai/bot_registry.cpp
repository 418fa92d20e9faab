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
// played at random), sharp (1: the rest of the plan's own turn played in judging with no random
// step), evo (rounds of the plan bot that breed variants of the best plans; default two, or five
// when a plan has 10,000 evaluations or more, ai/turn_plan.h), finish (the plan bot: this many of
// its best plans judged again, each by an ISMCTS from the position it leaves, the turn's battles
// searched in the tree) and fshare (the percent of the turn's budget those searches share).
#include <algorithm>
#include <cstdio>
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

// The options a spec may give, each with its range. Numbers are decimal only (digits, at most
// one point): no sign, exponent, hexadecimal, infinity or NaN, so that what a client writes is
// what the bot gets (issue 13: "ms=1e9" and "ms=inf" ran for ever). Each key at most once.
struct OptionSpec {
  const char* key;
  bool real;        // a fraction is allowed
  double lo, hi;    // the range
  void (*set)(BotOptions&, double);
};

const OptionSpec kOptions[] = {
    {"ms", true, 1, double(kMaxBotMs), [](BotOptions& o, double x) { o.budget.ms = x; }},
    {"iters", false, 1, double(kMaxBotIters), [](BotOptions& o, double x) { o.budget.iters = long(x); }},
    {"threads", false, 1, double(kMaxBotThreads), [](BotOptions& o, double x) { o.budget.threads = int(x); }},
    {"c", true, 0, 100, [](BotOptions& o, double x) { o.c = x; }},
    {"rollout", false, 0, 10000, [](BotOptions& o, double x) { o.rollout = int(x); }},
    {"samples", false, 1, 10000, [](BotOptions& o, double x) { o.samples = int(x); }},
    {"horizon", false, 1, 16, [](BotOptions& o, double x) { o.horizon = int(x); }},
    {"reach", false, 0, 16, [](BotOptions& o, double x) { o.reach = int(x); }},
    {"prune", false, 0, 1, [](BotOptions& o, double x) { o.prune = int(x); }},
    {"plan", true, 0.01, 100, [](BotOptions& o, double x) { o.plan = x; }},
    {"ring", false, 0, 1, [](BotOptions& o, double x) { o.ring = int(x); }},
    {"wide", false, 0, 1000000, [](BotOptions& o, double x) { o.wide = int(x); }},
    {"lead", false, 0, 1, [](BotOptions& o, double x) { o.lead = int(x); }},
    {"pool", false, 1, 4096, [](BotOptions& o, double x) { o.pool = int(x); }},
    {"preach", false, 0, 16, [](BotOptions& o, double x) { o.preach = int(x); }},
    {"rsample", false, 1, 1000, [](BotOptions& o, double x) { o.rsample = int(x); }},
    {"rexplore", false, 0, 100, [](BotOptions& o, double x) { o.rexplore = int(x); }},
    {"extra", false, 0, 2, [](BotOptions& o, double x) { o.extra = int(x); }},
    {"sharp", false, 0, 1, [](BotOptions& o, double x) { o.sharp = int(x); }},
    {"trap", false, 0, 3, [](BotOptions& o, double x) { o.trap = int(x); }},
    {"bias", true, 0, 100, [](BotOptions& o, double x) { o.bias = x; }},
    {"paired", false, 0, 1, [](BotOptions& o, double x) { o.paired = int(x); }},
    {"keep", true, 0, 10, [](BotOptions& o, double x) { o.keep = x; }},
    {"styles", false, 1, 8, [](BotOptions& o, double x) { o.styles = int(x); }},
    {"evo", false, 0, 16, [](BotOptions& o, double x) { o.evo = int(x); }},
    {"mut", false, 0, 2, [](BotOptions& o, double x) { o.mut = int(x); }},
    {"finish", false, 0, 64, [](BotOptions& o, double x) { o.finish = int(x); }},
    {"fshare", false, 1, 99, [](BotOptions& o, double x) { o.fshare = int(x); }},
};

std::string known_options() {
  std::string out;
  for (const OptionSpec& q : kOptions) out += std::string(out.empty() ? "" : ", ") + q.key;
  return out + ", and the flag legacy";
}

// A decimal number: digits, and for a real option at most one point with digits after it.
bool decimal(const std::string& v, bool real, double& out) {
  if (v.empty() || v.size() > 15) return false;
  bool point = false, digits = false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] >= '0' && v[i] <= '9') {
      digits = true;
    } else if (v[i] == '.' && real && !point && digits && i + 1 < v.size()) {
      point = true;
    } else {
      return false;
    }
  }
  out = std::strtod(v.c_str(), nullptr);
  return digits;
}

std::string show_value(const std::string& v) { return v.size() > 30 ? v.substr(0, 30) + "..." : v; }

}  // namespace

namespace {
std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}
}  // namespace

// The inverse of parse_bot_options: the options that are set, in a fixed order.
std::string options_spec(const std::string& name, const BotOptions& o) {
  std::string out;
  auto add = [&](const std::string& kv) { out += (out.empty() ? "" : ",") + kv; };
  if (o.budget.iters > 0) add("iters=" + std::to_string(o.budget.iters));
  if (o.budget.ms > 0) add("ms=" + num(o.budget.ms));
  if (o.budget.threads > 1) add("threads=" + std::to_string(o.budget.threads));
  if (o.c >= 0) add("c=" + num(o.c));
  if (o.rollout >= 0) add("rollout=" + std::to_string(o.rollout));
  if (o.samples > 0) add("samples=" + std::to_string(o.samples));
  if (o.horizon > 0) add("horizon=" + std::to_string(o.horizon));
  if (o.reach >= 0) add("reach=" + std::to_string(o.reach));
  if (o.prune >= 0) add("prune=" + std::to_string(o.prune));
  if (o.wide >= 0) add("wide=" + std::to_string(o.wide));
  if (o.lead >= 0) add("lead=" + std::to_string(o.lead));
  if (o.plan >= 0) add("plan=" + num(o.plan));
  if (o.ring >= 0) add("ring=" + std::to_string(o.ring));
  if (o.pool > 0) add("pool=" + std::to_string(o.pool));
  if (o.preach >= 0) add("preach=" + std::to_string(o.preach));
  if (o.rsample > 0) add("rsample=" + std::to_string(o.rsample));
  if (o.rexplore >= 0) add("rexplore=" + std::to_string(o.rexplore));
  if (o.extra >= 0) add("extra=" + std::to_string(o.extra));
  if (o.sharp >= 0) add("sharp=" + std::to_string(o.sharp));
  if (o.trap >= 0) add("trap=" + std::to_string(o.trap));
  if (o.bias >= 0) add("bias=" + num(o.bias));
  if (o.paired >= 0) add("paired=" + std::to_string(o.paired));
  if (o.keep >= 0) add("keep=" + num(o.keep));
  if (o.styles >= 0) add("styles=" + std::to_string(o.styles));
  if (o.evo >= 0) add("evo=" + std::to_string(o.evo));
  if (o.mut >= 0) add("mut=" + std::to_string(o.mut));
  if (o.finish >= 0) add("finish=" + std::to_string(o.finish));
  if (o.fshare >= 0) add("fshare=" + std::to_string(o.fshare));
  if (o.legacy) add("legacy");
  return out.empty() ? name : name + ":" + out;
}

bool parse_bot_options(const std::string& text, BotOptions& o, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  std::vector<std::string> seen;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find(',', i);
    if (j == std::string::npos) j = text.size();
    const std::string kv = text.substr(i, j - i);
    i = j + 1;
    if (kv.empty()) return fail("an empty bot option (options are key=value, separated by commas)");
    const size_t eq = kv.find('=');
    const std::string k = kv.substr(0, eq);
    if (std::find(seen.begin(), seen.end(), k) != seen.end()) return fail("bot option \"" + show_value(k) + "\" given twice");
    seen.push_back(k);
    if (kv == "legacy") {  // a flag: the hand-set evaluation the search used before issue 11
      o.legacy = 1;
      continue;
    }
    const OptionSpec* q = nullptr;
    for (const OptionSpec& x : kOptions)
      if (k == x.key) q = &x;
    if (!q) return fail("unknown bot option \"" + show_value(k) + "\" (known: " + known_options() + ")");
    if (eq == std::string::npos) return fail("bot option \"" + k + "\" needs a value: " + k + "=N");
    const std::string v = kv.substr(eq + 1);
    double x = 0;
    if (!decimal(v, q->real, x))
      return fail("bot option \"" + k + "=" + show_value(v) + "\": " +
                  (q->real ? "a decimal number (digits, an optional point)" : "a whole number (digits only)"));
    if (x < q->lo || x > q->hi) {
      char range[64];
      std::snprintf(range, sizeof range, q->real ? "%g to %g" : "%.0f to %.0f", q->lo, q->hi);
      return fail("bot option \"" + k + "=" + show_value(v) + "\" is out of range (" + range + ")");
    }
    q->set(o, x);
    if (j == text.size()) break;
  }
  return true;
}

namespace {
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
  if (colon != std::string::npos && !parse_bot_options(spec.substr(colon + 1), o, error)) return nullptr;
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
