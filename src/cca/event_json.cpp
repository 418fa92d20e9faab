// Events as JSON, and the one table of event names that the protocol, the game layer and the
// front ends read. The table is indexed by Ev; the static_assert keeps it as long as the enum.
#include <iterator>

#include "cca/board.h"
#include "cca/event.h"
#include "cca/json_io.h"
#include "cca/scenario.h"

namespace bgb::cca {

namespace {

constexpr const char* kEventNames[] = {
    "card-played",       "ordered",          "orders-lost",        "moved",
    "leader-carried",    "leader-attached",  "battle-declared",    "evade-declared",
    "roll",              "reroll",           "hits",               "hit-ignored",
    "block-lost",        "unit-eliminated",  "banner",             "flags-ignored",
    "retreat-step",      "retreat-blocked",  "rampage",            "trampled",
    "evade-move",        "war-machine-escapes", "leader-check",    "leader-killed",
    "leader-evade",      "leader-escape",    "leader-leaves",      "momentum-advance",
    "cavalry-extra-hex", "bonus-combat",     "battle-back-declared", "no-battle-back",
    "turn-end",          "card-drawn",       "reshuffle",          "victory",
    "draw",              "card-copied",      "block-regained",     "first-strike-played",
    "unit-exits",        "objective-taken",  "reserve-enters",     "commander-lost",
    "command-reduced",   "card-discarded",   "reserve-named",      "reserve-move-made",
};
static_assert(std::size(kEventNames) == size_t(kEventKinds), "one name per Ev, in the enum's order");

}  // namespace

const char* event_name(Ev e) {
  const int i = int(e);
  return i >= 0 && i < kEventKinds ? kEventNames[i] : "unknown";
}

nlohmann::json event_to_json(const Scenario& scn, const Event& e, Side viewer) {
  nlohmann::json j;
  j["type"] = event_name(e.type);
  j["side"] = e.side == Side::None ? nlohmann::json(nullptr) : nlohmann::json(side_name(e.side));
  j["text"] = describe(scn, e, viewer);
  j["section"] = e.section ? e.section : "";
  // A battle's hexes and kind as data, for a front end that sums up a turn (the terminal names
  // the battles a rule made the side fight, which no decision of its own chose).
  if (e.type == Ev::BattleDeclared) {
    if (e.a < kHexes) j["from"] = hex_name(e.a);
    if (e.b < kHexes) j["at"] = hex_name(e.b);
    j["kind"] = e.c == int(CombatKind::Ranged) ? "ranged" : "close";
    j["dice_count"] = e.d;
  }
  if (e.ndice > 0 && (e.type == Ev::Roll || e.type == Ev::Reroll)) {
    nlohmann::json d = nlohmann::json::array();
    for (int i = 0; i < e.ndice && i < 10; ++i) d.push_back(face_name(e.dice[i]));
    j["dice"] = d;
  }
  return j;
}

}  // namespace bgb::cca
