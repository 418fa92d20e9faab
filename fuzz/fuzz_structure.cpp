// libFuzzer target: positions that are valid but for ONE structural field. The input picks a
// built-in battle, a seed and a number of random steps (a valid position, often in mid-battle),
// then one field of the saved state and its new value: the decision, decider, subject, a field
// of the combat record or its strike, the leader evade queue, the orders of the card in force,
// the cards played, a unit's or a leader's hex, status, blocks, flags... The game's load must
// refuse the position with a message, or accept it; an accepted position is played on by a bot
// (random, ismcts:iters=30 or plan:iters=30, made by the bot registry) for a few dozen decisions,
// each legal, the invariants holding after each and a live game always offering a decision.
// Issue 13: before load tied the decision to the rest of the state, such positions read and
// wrote out of bounds (run it under AddressSanitizer and UndefinedBehaviorSanitizer).
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/bot.h"
#include "cca/board.h"
#include "cca/cards.h"
#include "cca/state.h"
#include "cca/unit_types.h"
#include "game/game.h"
#include "games/all_games.h"

namespace {

using nlohmann::json;
namespace cca = bgb::cca;

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "fuzz_structure: %s\n", why.c_str());
  std::abort();
}

const char* const kStages[] = {"none",   "evade-choice", "attack-roll", "evade-path", "flags",
                               "retreat", "strike-done", "advance",     "extra-hex",  "bonus",
                               "battle-back-choice", "end"};
const char* const kModes[] = {"section", "troop", "any-one", "leadership", "linked", "dice", "rally", "none"};
const char* const kKinds[] = {"none", "ranged", "close"};
const char* const kStatuses[] = {"alive", "eliminated", "removed", "reserve"};
const char* const kSides[] = {"top", "bottom", "none"};

template <size_t N>
json pick(FuzzedDataProvider& in, const char* const (&names)[N]) {
  return names[in.ConsumeIntegralInRange<size_t>(0, N - 1)];
}

// A piece index: none, one of the n pieces or just past them, or 255.
json any_index(FuzzedDataProvider& in, int n) {
  const int v = in.ConsumeIntegralInRange<int>(-1, n + 2);
  if (v < 0) return nullptr;
  return v == n + 2 ? 255 : v;
}
json any_hex(FuzzedDataProvider& in) {
  const int h = in.ConsumeIntegralInRange<int>(-1, cca::kHexes - 1);
  return h < 0 ? json(nullptr) : json(cca::hex_name(h));
}
json any_card(FuzzedDataProvider& in) {
  const int c = in.ConsumeIntegralInRange<int>(-1, cca::kCardKinds - 1);
  return c < 0 ? json(nullptr) : json(cca::card_info(uint8_t(c)).id);
}
int small(FuzzedDataProvider& in) {
  return in.ConsumeBool() ? in.ConsumeIntegralInRange<int>(0, 4) : in.ConsumeIntegral<uint8_t>();
}
json flag_list(FuzzedDataProvider& in) {
  const uint8_t bits = in.ConsumeIntegral<uint8_t>();
  json out = json::array();
  for (int b = 0; b < 8; ++b)
    if (bits & (1 << b)) out.push_back(cca::kFlagNames[b]);
  return out;
}

// Changes one structural field of the saved state `s`.
void mutate(FuzzedDataProvider& in, json& s) {
  const int units = int(s["units"].size()), leaders = int(s["leaders"].size());
  json& cb = s["combat"];
  json& st = cb["strike"];
  switch (in.ConsumeIntegralInRange<int>(0, 25)) {
    case 0: s["decision"] = cca::decision_name(cca::Decision(in.ConsumeIntegralInRange<int>(0, cca::kDecisions - 1))); break;
    case 1: s["decider"] = pick(in, kSides); break;
    case 2: s["subject"] = any_index(in, std::max(units, leaders)); break;
    case 3: s["active"] = pick(in, kSides); break;
    case 4: cb["kind"] = pick(in, kKinds); break;
    case 5: cb["stage"] = pick(in, kStages); break;
    case 6: cb["attacker"] = any_index(in, units); break;
    case 7: cb["target_hex"] = any_hex(in); break;
    case 8: cb["def_unit"] = any_index(in, units); break;
    case 9: cb["def_leader"] = any_index(in, leaders); break;
    case 10: {
      const char* const keys[] = {"bonus", "evading", "advanced"};
      cb[pick(in, keys).get<std::string>()] = in.ConsumeBool();
      break;
    }
    case 11: {
      const char* const keys[] = {"first_strike", "full_warrior", "leader_checked"};
      cb[pick(in, keys).get<std::string>()] = small(in);
      break;
    }
    case 12: st[in.ConsumeBool() ? "striker" : "victim"] = any_index(in, units); break;
    case 13: {
      const char* const keys[] = {"flags", "ignorable", "per_flag", "retreat_left", "retreated"};
      st[pick(in, keys).get<std::string>()] = small(in);
      break;
    }
    case 14: {
      const char* const keys[] = {"rampaged", "battle_back", "ranged"};
      st[pick(in, keys).get<std::string>()] = in.ConsumeBool();
      break;
    }
    case 15: {
      json& q = s["evade_queue"];
      if (in.ConsumeBool()) q = json::array();
      const int n = in.ConsumeIntegralInRange<int>(0, 2);
      for (int i = 0; i < n; ++i) q.push_back(in.ConsumeIntegralInRange<int>(0, std::max(0, leaders)));
      break;
    }
    case 16: s["order_mode"] = pick(in, kModes); break;
    case 17: s["orders_left"] = small(in); break;
    case 18: {
      const char* const keys[] = {"quota", "order_counts", "dice_orders"};
      json& a = s[pick(in, keys).get<std::string>()];
      a[in.ConsumeIntegralInRange<size_t>(0, a.size() - 1)] = small(in);
      break;
    }
    case 19:
      if (in.ConsumeBool()) s["lead_leader"] = any_index(in, leaders);
      else s["lead_sections"] = in.ConsumeIntegralInRange<int>(0, 7);
      break;
    case 20: s["card_step"] = in.ConsumeIntegralInRange<int>(0, 3); break;
    case 21: {
      const int which = in.ConsumeIntegralInRange<int>(0, 3);
      if (which == 0) s["played"] = any_card(in);
      else if (which == 1) s["effective"] = any_card(in);
      else s["last_played"][which == 2 ? "top" : "bottom"] = any_card(in);
      break;
    }
    case 22:
      if (in.ConsumeBool()) s["reserve_entry"] = in.ConsumeIntegralInRange<int>(0, 7);
      else s["first_strike_draw"] = in.ConsumeIntegralInRange<int>(0, 3);
      break;
    case 23: {
      if (units == 0) break;
      json& u = s["units"][in.ConsumeIntegralInRange<int>(0, units - 1)];
      switch (in.ConsumeIntegralInRange<int>(0, 7)) {
        case 0: u["hex"] = any_hex(in); break;
        case 1: u["status"] = pick(in, kStatuses); break;
        case 2: u["blocks"] = small(in); break;
        case 3: u["start_blocks"] = small(in); break;
        case 4: u["flags"] = flag_list(in); break;
        case 5: u["moved"] = small(in); break;
        case 6: u["side"] = pick(in, kSides); break;
        default: u["type"] = cca::unit_info(cca::UnitType(in.ConsumeIntegralInRange<int>(0, cca::kUnitTypes - 1))).code; break;
      }
      break;
    }
    case 24: {
      if (leaders == 0) break;
      json& l = s["leaders"][in.ConsumeIntegralInRange<int>(0, leaders - 1)];
      switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0: l["hex"] = any_hex(in); break;
        case 1: l["status"] = pick(in, kStatuses); break;
        case 2: l["flags"] = flag_list(in); break;
        default: l["side"] = pick(in, kSides); break;
      }
      break;
    }
    default: {
      const int which = in.ConsumeIntegralInRange<int>(0, 3);
      if (which == 0) s["winner"] = pick(in, kSides);
      else if (which == 1) s["draw"] = in.ConsumeBool();
      else if (which == 2) s["turn"] = in.ConsumeIntegralInRange<int>(0, 500);
      else s["last_order_key"] = in.ConsumeIntegralInRange<int>(0, 300);
      break;
    }
  }
}

// With FUZZ_STRUCTURE_DUMP set, the changed position and the actions played on it are printed.
// With FUZZ_STRUCTURE_STATS set, how many positions were refused, accepted and played on is
// printed at exit (to see that the target gets past the load often enough).
struct Stats {
  long inputs = 0, accepted = 0, decisions = 0;
};
Stats stats;

struct Setup {
  const bgb::game::Game* game = nullptr;
  std::vector<std::shared_ptr<const bgb::game::Scenario>> scenarios;
  std::vector<std::unique_ptr<bgb::ai::Bot>> bots;
};

const Setup& setup() {
  static const Setup* made = [] {
    auto* s = new Setup;
    if (std::getenv("FUZZ_STRUCTURE_STATS"))
      std::atexit([] {
        std::fprintf(stderr, "fuzz_structure: %ld inputs, %ld accepted, %ld decisions played on\n", stats.inputs,
                     stats.accepted, stats.decisions);
      });
    bgb::games::register_all_games();
    s->game = bgb::game::find_game("cca");
    if (!s->game) die("no game cca");
    std::vector<std::string> errors;
    for (const auto& info : s->game->scenarios())
      if (auto scn = s->game->find_scenario(info.id, false, errors)) s->scenarios.push_back(scn);
    for (const char* spec : {"random", "ismcts:iters=30", "plan:iters=30"}) {
      std::string err;
      auto bot = bgb::ai::make_bot("cca", spec, &err);
      if (!bot) die(std::string("bot ") + spec + ": " + err);
      s->bots.push_back(std::move(bot));
    }
    return s;
  }();
  return *made;
}

// Plays the accepted position on: every decision legal, the invariants kept, a live game always
// offering a decision.
void play_on(const Setup& su, bgb::game::State& s, FuzzedDataProvider& in, bgb::Rng& rng) {
  const size_t b = in.ConsumeIntegralInRange<size_t>(0, su.bots.size() - 1);
  bgb::ai::Bot& bot = *su.bots[b];
  const int decisions = b == 0 ? 48 : 12;  // the searches are slower per decision
  std::vector<bgb::game::ActionCode> legal;
  for (int i = 0; i < decisions && !s.is_terminal(); ++i) {
    s.legal_actions(legal);
    if (legal.empty()) die("a live game with no legal action: " + s.decision_name());
    const int seat = s.current_player();
    const bgb::game::ActionCode a = bot.sees_everything() ? bot.choose(s, rng) : bot.choose(*s.observation(seat), rng);
    std::string err;
    if (std::getenv("FUZZ_STRUCTURE_DUMP")) std::fprintf(stderr, "step: %s\n", s.action_text(a).c_str());
    if (!s.apply(a, rng, nullptr, -1, &err)) die("the bot chose an illegal action: " + err);
    if (std::string bad = s.check_invariants(); !bad.empty()) die("an invariant broke in play: " + bad);
    stats.decisions++;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Setup& su = setup();
  if (su.scenarios.empty()) return 0;
  FuzzedDataProvider in(data, size);
  stats.inputs++;
  const auto& scn = su.scenarios[in.ConsumeIntegralInRange<size_t>(0, su.scenarios.size() - 1)];
  bgb::Rng rng(in.ConsumeIntegral<uint16_t>());
  std::unique_ptr<bgb::game::State> s = su.game->new_game(scn, rng);
  // A valid position: a random number of random decisions into the game.
  const int steps = in.ConsumeIntegralInRange<int>(0, 400);
  std::vector<bgb::game::ActionCode> legal;
  for (int i = 0; i < steps && !s->is_terminal(); ++i) {
    s->legal_actions(legal);
    if (legal.empty()) die("a live game with no legal action before any change");
    s->apply_legal(legal[rng.below(uint32_t(legal.size()))], rng);
  }
  json position = s->to_json();
  const json before = position;
  mutate(in, position["state"]);
  if (std::getenv("FUZZ_STRUCTURE_DUMP"))  // to read a reproducer: the position before and after its change
    std::fprintf(stderr, "before: %s\nafter: %s\n", before.dump().c_str(), position.dump().c_str());
  std::string err;
  std::unique_ptr<bgb::game::State> loaded = su.game->load(position, &err);
  if (!loaded) {
    if (err.empty()) die("a refusal without a reason");
    return 0;
  }
  if (std::string bad = loaded->check_invariants(); !bad.empty()) die("load accepted a broken position: " + bad);
  stats.accepted++;
  play_on(su, *loaded, in, rng);
  return 0;
}
