// JSON positions and actions (src/cca/json_io.h): exact round trips of the Akragas start and of
// every state along seeded random games, the action format, and one test per class of bad input
// checking that the error names the offending field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "cca/board.h"
#include "cca/json_io.h"
#include "cca/observation.h"
#include "cca/rules.h"
#include "test_support.h"

namespace bgb::cca {
namespace {

using json = nlohmann::json;

using test::akragas;

int hex(int row, int col) { return Board::index(row, col); }

// ---------------------------------------------------------------------------------------------
// State comparison.

// The state with every slot past its count zeroed (cards drawn or played, units and leaders
// beyond n): the part of a State that the JSON carries.
State canonical(const State& in) {
  State s = in;
  for (int k = 0; k < 2; ++k)
    for (int i = s.hand_n[k]; i < kMaxHand; ++i) s.hand[k][i] = 0;
  for (int i = s.deck_n; i < kMaxDeck; ++i) s.deck[i] = 0;
  for (int i = s.discard_n; i < kMaxDeck; ++i) s.discard[i] = 0;
  for (int i = s.evade_queue_n; i < kMaxLeaders; ++i) s.evade_queue[i] = 0;
  for (int i = s.n_units; i < kMaxUnits; ++i) std::memset(static_cast<void*>(&s.units[i]), 0, sizeof(UnitState));
  for (int i = s.n_leaders; i < kMaxLeaders; ++i) std::memset(static_cast<void*>(&s.leaders[i]), 0, sizeof(LeaderState));
  return s;
}

// The fields of State that json_io writes (unit_at, leader_at and unit_bits are derived). A field added to
// State but not here shows up in JsonRoundTrip.StateLayoutIsKnown.
struct Field {
  const char* name;
  size_t off, size, align;
};
#define F(f) Field{#f, offsetof(State, f), sizeof(State::f), alignof(decltype(State::f))}
const Field kFields[] = {
    F(n_units),         F(n_leaders),          F(units),        F(leaders),     F(unit_at),        F(leader_at),     F(unit_bits),
    F(hand),            F(hand_n),             F(deck),         F(deck_n),      F(discard),        F(discard_n),
    F(deck_total),      F(played),             F(command),      F(banners),     F(extra_banners),  F(turn),
    F(active),          F(winner),             F(draw),         F(decision),    F(decider),        F(subject),
    F(quota),           F(order_counts),       F(last_order_key), F(effective), F(order_mode),     F(orders_left),
    F(lead_leader),     F(lead_sections),      F(dice_orders),  F(card_step),   F(last_played),    F(last_lead_sections),
    F(first_strike_draw), F(own_turns),        F(objectives),   F(reserve_entry), F(commander_gone), F(discard_due),
    F(named_section),   F(reserve_leader),     F(reserve_done),
    F(combat),          F(evade_queue),        F(evade_queue_n)};
#undef F

const Field* field_at(size_t i) {
  for (const Field& f : kFields)
    if (i >= f.off && i < f.off + f.size) return &f;
  return nullptr;
}

// Names the first differing byte of two states by field, for failure messages.
std::string first_difference(const State& a, const State& b) {
  const auto* pa = reinterpret_cast<const unsigned char*>(&a);
  const auto* pb = reinterpret_cast<const unsigned char*>(&b);
  size_t i = 0;
  while (i < sizeof(State) && pa[i] == pb[i]) ++i;
  if (i == sizeof(State)) return "none";
  const Field* f = field_at(i);
  std::string where = f ? std::string(f->name) + " +" + std::to_string(i - f->off) : "padding";
  return "byte " + std::to_string(i) + " (" + where + "): " + std::to_string(pa[i]) + " vs " + std::to_string(pb[i]);
}

void expect_same_scenario(const Scenario& a, const Scenario& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.year, b.year);
  EXPECT_EQ(a.fidelity, b.fidelity);
  EXPECT_EQ(a.source, b.source);
  EXPECT_EQ(a.note, b.note);
  EXPECT_TRUE(a.rules == b.rules);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(a.army[k], b.army[k]);
    EXPECT_EQ(a.command[k], b.command[k]);
    EXPECT_EQ(a.banners_to_win[k], b.banners_to_win[k]);
  }
  EXPECT_EQ(a.first, b.first);
  EXPECT_EQ(a.turn_limit, b.turn_limit);
  EXPECT_TRUE(a.terrain == b.terrain);
  EXPECT_TRUE(a.rampart == b.rampart);
  ASSERT_EQ(a.units.size(), b.units.size());
  for (size_t i = 0; i < a.units.size(); ++i) {
    EXPECT_EQ(a.units[i].type, b.units[i].type) << "unit " << i;
    EXPECT_EQ(a.units[i].side, b.units[i].side) << "unit " << i;
    EXPECT_EQ(a.units[i].hex, b.units[i].hex) << "unit " << i;
    EXPECT_EQ(a.units[i].blocks, b.units[i].blocks) << "unit " << i;
    EXPECT_EQ(a.units[i].traits, b.units[i].traits) << "unit " << i;
  }
  ASSERT_EQ(a.leaders.size(), b.leaders.size());
  for (size_t i = 0; i < a.leaders.size(); ++i) {
    EXPECT_EQ(a.leaders[i].name, b.leaders[i].name) << "leader " << i;
    EXPECT_EQ(a.leaders[i].side, b.leaders[i].side) << "leader " << i;
    EXPECT_EQ(a.leaders[i].hex, b.leaders[i].hex) << "leader " << i;
    EXPECT_EQ(a.leaders[i].grade, b.leaders[i].grade) << "leader " << i;
    EXPECT_EQ(a.leaders[i].commander, b.leaders[i].commander) << "leader " << i;
  }
  EXPECT_TRUE(a.hellenistic == b.hellenistic);
  EXPECT_EQ(a.deck, b.deck);
  EXPECT_TRUE(a.impassable == b.impassable);
  EXPECT_TRUE(a.los_terrain == b.los_terrain);
  EXPECT_TRUE(a.hills == b.hills);
}

// Writes the state as JSON text, reads it back, and checks the result equals the state (slots
// past the counts aside) and writes the same text again. Returns the state read.
State round_trip_state(const Scenario& scn, const State& s) {
  std::string text = state_to_json(scn, s).dump();
  State back;
  std::string err;
  EXPECT_TRUE(state_from_json(scn, json::parse(text), back, &err)) << err << "\n" << text;
  EXPECT_TRUE(back == canonical(s)) << first_difference(back, canonical(s));
  EXPECT_EQ(state_to_json(scn, back).dump(), text);
  return back;
}

int random_games() {
  const char* env = std::getenv("BGBOT_RANDOM_GAMES");
  int n = env ? std::atoi(env) : 0;
  if (n <= 0) return 2;
  return n < 10 ? n : 10;  // each game is a few seconds in a Debug build
}

// ---------------------------------------------------------------------------------------------
// Round trips.

TEST(JsonScenario, AkragasRoundTrip) {
  const Scenario& scn = akragas();
  json j = scenario_to_json(scn);
  std::string text = j.dump(2);
  Scenario back;
  std::string err;
  ASSERT_TRUE(scenario_from_json(json::parse(text), back, &err)) << err;
  expect_same_scenario(scn, back);
  EXPECT_EQ(scenario_to_json(back).dump(2), text);
  // Spot checks of the format.
  EXPECT_EQ(j["id"], "001");
  EXPECT_EQ(j["units"].size(), scn.units.size());
  EXPECT_EQ(j["deck"].size(), scn.deck.size());
  for (const json& t : j["terrain"]) EXPECT_NE(t["terrain"], "plain");
}

// Every built-in battle (terrain, ramparts, special rules, traits) and a stretch of a random game
// on it round-trip.
TEST(JsonScenario, EveryBuiltinRoundTrips) {
  std::vector<std::string> ids = builtin_scenario_ids();
  EXPECT_FALSE(ids.empty());
  for (const std::string& id : ids) {
    SCOPED_TRACE("scenario " + id);
    const Scenario* scn = find_builtin_scenario(id);
    ASSERT_NE(scn, nullptr);
    std::string text = scenario_to_json(*scn).dump();
    Scenario back;
    std::string err;
    ASSERT_TRUE(scenario_from_json(json::parse(text), back, &err)) << err;
    expect_same_scenario(*scn, back);
    EXPECT_EQ(scenario_to_json(back).dump(), text);

    Rng rng(99);
    State s = new_game(*scn, rng);
    for (int step = 0; step < 40 && !is_terminal(s); ++step) {
      std::string stext = state_to_json(*scn, s).dump();
      State s2;
      ASSERT_TRUE(state_from_json(back, json::parse(stext), s2, &err)) << err;
      ASSERT_TRUE(s2 == s) << "step " << step << ": " << first_difference(s2, s);
      ASSERT_EQ(state_to_json(back, s2).dump(), stext);
      ActionList legal;
      legal_actions(*scn, s, legal);
      ASSERT_FALSE(legal.empty());
      apply_unchecked(*scn, s, legal[int(rng.below(uint32_t(legal.size())))], rng);
    }
  }
}

TEST(JsonScenario, HandWrittenScenario) {
  json j = json::parse(R"({
    "id": "t1", "name": "Test", "year": "217 BC", "special_rules": ["sacred-band", "castulo-exit"],
    "army": {"top": "Red", "bottom": "Blue"},
    "command": {"top": 4, "bottom": 5}, "banners_to_win": {"top": 3, "bottom": 4}, "first": "top",
    "terrain": [{"hex": "4,6", "terrain": "hill"}, {"hex": "2,3", "terrain": "rampart", "facing": "down"},
                {"hex": "5,0", "terrain": "fordable river"}, {"hex": "3,4", "terrain": "rampart", "facing": "sw,w"}],
    "units": [{"type": "HI", "side": "top", "hex": "1,3", "blocks": 3, "traits": ["sacred-band"]}, {"type": "light cavalry", "side": "bottom", "hex": "7,3"}],
    "leaders": [{"name": "Hiero", "side": "bottom", "hex": "7,3"}],
    "deck": ["order-two-left", "order-three-center", "order-four-right", "order-two-left", "order-three-center",
             "order-four-right", "order-two-left", "order-three-center", "order-four-right"]
  })");
  Scenario scn;
  std::string err;
  ASSERT_TRUE(scenario_from_json(j, scn, &err)) << err;
  EXPECT_EQ(scn.note, "");
  EXPECT_EQ(scn.year, "217 BC");
  EXPECT_EQ(scn.fidelity, Scenario{}.fidelity);
  EXPECT_TRUE(scn.has(RuleKind::SacredBand));
  ASSERT_NE(scn.rule(RuleKind::Exit, Side::Bottom), nullptr) << "castulo-exit is the Romans' (bottom) exit";
  EXPECT_EQ(scn.rule(RuleKind::Exit, Side::Bottom)->sections, kSecCenter | kSecRight);
  EXPECT_EQ(scn.rule(RuleKind::Exit, Side::Top), nullptr);
  EXPECT_FALSE(scn.has(RuleKind::Reserve));
  EXPECT_EQ(scn.turn_limit, Scenario{}.turn_limit);
  EXPECT_EQ(scn.first, Side::Top);
  EXPECT_EQ(scn.command[0], 4);
  EXPECT_EQ(scn.terrain[hex(4, 6)], Terrain::Hill);
  EXPECT_EQ(scn.terrain[hex(2, 3)], Terrain::Rampart);
  EXPECT_EQ(scn.rampart[hex(2, 3)], Facing::Down);
  EXPECT_EQ(scn.terrain[hex(5, 0)], Terrain::FordableRiver);
  EXPECT_EQ(uint8_t(scn.rampart[hex(3, 4)]), (1u << 3) | (1u << 4)) << "W and SW";
  EXPECT_TRUE(scn.hills.test(hex(4, 6)));
  ASSERT_EQ(scn.units.size(), 2u);
  EXPECT_EQ(scn.units[0].type, UnitType::HeavyInfantry);
  EXPECT_EQ(scn.units[0].blocks, 3);
  EXPECT_EQ(scn.units[0].traits, kTraitSacredBand);
  EXPECT_EQ(scn.units[1].type, UnitType::LightCavalry);
  EXPECT_EQ(scn.units[1].blocks, 0);  // full strength
  ASSERT_EQ(scn.deck.size(), 9u);
  EXPECT_EQ(std::vector<uint8_t>(scn.deck.begin(), scn.deck.begin() + 3),
            (std::vector<uint8_t>{uint8_t(CardKind::OrderTwoLeft), uint8_t(CardKind::OrderThreeCenter),
                                  uint8_t(CardKind::OrderFourRight)}));
  // Written back with codes, full-strength blocks omitted.
  json w = scenario_to_json(scn);
  EXPECT_EQ(w["units"][1], json::parse(R"({"type":"LC","side":"bottom","hex":"7,3"})"));
  EXPECT_EQ(w["terrain"][3], json::parse(R"({"hex":"5,0","terrain":"ford"})"));
  EXPECT_EQ(w["terrain"][0], json::parse(R"({"hex":"2,3","terrain":"rampart","facing":"down"})"));
  EXPECT_EQ(w["terrain"][1], json::parse(R"({"hex":"3,4","terrain":"rampart","facing":"W,SW"})"));
  Scenario back;
  ASSERT_TRUE(scenario_from_json(json::parse(w.dump()), back, &err)) << err;
  expect_same_scenario(scn, back);
  EXPECT_EQ(scenario_to_json(back), w);
}

TEST(JsonPosition, AkragasStartRoundTrip) {
  const Scenario& scn = akragas();
  Rng rng(2024);
  State s = new_game(scn, rng);
  std::string text = position_to_json(scn, s).dump(2);
  Scenario scn2;
  State s2;
  std::string err;
  ASSERT_TRUE(position_from_json(json::parse(text), scn2, s2, &err)) << err;
  expect_same_scenario(scn, scn2);
  EXPECT_TRUE(s2 == canonical(s)) << first_difference(s2, canonical(s));
  EXPECT_EQ(position_to_json(scn2, s2).dump(2), text);
  EXPECT_EQ(check_invariants(scn2, s2), "");

  json j = json::parse(text);
  EXPECT_EQ(j["format"], "bgbot-cca-position");
  EXPECT_EQ(j["version"], 1);
  const json& st = j["state"];
  EXPECT_EQ(st["units"].size(), scn.units.size());
  EXPECT_EQ(st["leaders"].size(), scn.leaders.size());
  for (size_t i = 0; i < scn.leaders.size(); ++i) EXPECT_EQ(st["leaders"][i]["name"], scn.leaders[i].name);
  EXPECT_EQ(st["hand"]["top"].size(), scn.command[0]);
  EXPECT_EQ(st["hand"]["bottom"].size(), scn.command[1]);
  EXPECT_EQ(st["deck"].size() + st["hand"]["top"].size() + st["hand"]["bottom"].size(), scn.deck.size());
  EXPECT_EQ(st["played"], nullptr);
  EXPECT_EQ(st["decision"], "play-card");
  EXPECT_EQ(st["turn"], 0);
  // Top of the deck is the last element: the next card drawn is s.deck[deck_n - 1].
  EXPECT_EQ(st["deck"].back(), card_info(s.deck[s.deck_n - 1]).id);
}

// The stored state continues exactly like the original: same legal actions and, applying the
// same action with the same dice, the same next state.
TEST(JsonRoundTrip, RandomGames) {
  const Scenario& scn = akragas();
  const int games = random_games();
  int states = 0, actions_checked = 0, finished = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(1000 + g);
    Rng pick(77 + g);
    State s = new_game(scn, rng);
    round_trip_state(scn, s);
    for (int step = 0; step < 3000 && !is_terminal(s); ++step) {
      // Every legal action, written as one JSON text, reads back to itself.
      ActionList legal;
      legal_actions(scn, s, legal);
      ASSERT_FALSE(legal.empty());
      json list = json::array();
      for (Action a : legal) list.push_back(action_to_json(s, a));
      json parsed = json::parse(list.dump());
      for (int i = 0; i < legal.size(); ++i) {
        Action back;
        std::string err;
        ASSERT_TRUE(action_from_json(parsed[i], back, &err)) << err << " " << parsed[i].dump();
        ASSERT_EQ(back.v, legal[i].v) << parsed[i].dump();
        ++actions_checked;
      }
      // The state read back plays on exactly like the original.
      State loaded = round_trip_state(scn, s);
      Action a = legal[int(pick.below(uint32_t(legal.size())))];
      Rng rng2 = rng.clone();
      apply_unchecked(scn, s, a, rng);
      apply_unchecked(scn, loaded, a, rng2);
      ASSERT_TRUE(canonical(loaded) == canonical(s)) << "game " << g << " step " << step << ": "
                                                     << first_difference(canonical(loaded), canonical(s));
      ++states;
      if (::testing::Test::HasFailure()) {
        ADD_FAILURE() << "game " << g << " step " << step << " after " << action_to_json(s, a).dump();
        return;
      }
    }
    round_trip_state(scn, s);
    if (is_terminal(s)) ++finished;
  }
  EXPECT_GT(states, 0);
  EXPECT_GT(actions_checked, 0);
  RecordProperty("states", states);
  RecordProperty("finished", finished);
}

// An observation (the other side's hand and the deck hidden) round-trips with "hidden" cards.
TEST(JsonRoundTrip, Observation) {
  const Scenario& scn = akragas();
  Rng rng(31);
  State s = new_game(scn, rng);
  for (int step = 0; step < 40 && !is_terminal(s); ++step) {
    ActionList legal;
    legal_actions(scn, s, legal);
    apply_unchecked(scn, s, legal[int(rng.below(uint32_t(legal.size())))], rng);
  }
  for (Side viewer : {Side::Top, Side::Bottom}) {
    State o = observe(s, viewer);
    json j = state_to_json(scn, o);
    const char* other = viewer == Side::Top ? "bottom" : "top";
    for (const json& c : j["hand"][other]) EXPECT_EQ(c, "hidden");
    for (const json& c : j["deck"]) EXPECT_EQ(c, "hidden");
    for (const json& c : j["hand"][side_name(viewer)]) EXPECT_NE(c, "hidden");
    round_trip_state(scn, o);
  }
}

// Every byte of State belongs to a field json_io knows, or is alignment padding: a field added
// to State must be added to the JSON (json_io.cpp, docs/position-format.md and kFields here).
TEST(JsonRoundTrip, StateLayoutIsKnown) {
  for (size_t i = 0; i < sizeof(State); ++i) {
    if (field_at(i)) continue;
    const Field* next = field_at(i + 1);
    bool padding = (i % 2 == 1) && ((next && next->off == i + 1 && next->align >= 2) ||
                                     (i + 1 == sizeof(State) && alignof(State) >= 2));
    EXPECT_TRUE(padding) << "byte " << i << " of State is in no field known to the JSON format (a new field?)";
  }
}

// Changing any byte of a used field changes the JSON: nothing is left out of the writer.
TEST(JsonRoundTrip, EveryByteIsWritten) {
  const Scenario& scn = akragas();
  Rng rng(12);
  State s = new_game(scn, rng);
  // Play into a battle so that the combat fields hold something.
  for (int step = 0; step < 2000 && !is_terminal(s) && s.combat.kind == CombatKind::None; ++step) {
    ActionList legal;
    legal_actions(scn, s, legal);
    apply_unchecked(scn, s, legal[int(rng.below(uint32_t(legal.size())))], rng);
  }
  const std::string base = state_to_json(scn, s).dump();
  auto unused_slot = [&](const Field& f, size_t i) {
    size_t k = i - f.off;
    std::string n = f.name;
    if (n == "unit_at" || n == "leader_at" || n == "unit_bits") return true;  // derived
    if (n == "units")  // the spare byte keeps UnitState free of padding; it holds nothing
      return k / sizeof(UnitState) >= s.n_units || k % sizeof(UnitState) == offsetof(UnitState, spare);
    if (n == "leaders") return k / sizeof(LeaderState) >= s.n_leaders;
    if (n == "hand") return k % kMaxHand >= s.hand_n[k / kMaxHand];
    if (n == "deck") return k >= s.deck_n;
    if (n == "discard") return k >= s.discard_n;
    if (n == "evade_queue") return k >= s.evade_queue_n;
    return false;
  };
  int checked = 0;
  for (const Field& f : kFields) {
    for (size_t i = f.off; i < f.off + f.size; ++i) {
      if (unused_slot(f, i)) continue;
      bool changed = false;
      for (unsigned mask : {1u, 2u, 4u, 128u}) {
        State t = s;
        reinterpret_cast<unsigned char*>(&t)[i] ^= uint8_t(mask);
        if (state_to_json(scn, t).dump() != base) {
          changed = true;
          break;
        }
      }
      EXPECT_TRUE(changed) << f.name << " +" << (i - f.off) << " is not written";
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
}

// State == is a memcmp, so the exact round trip also needs the engine to keep the slots past
// every count zero (a drawn card, a played card). This test checks that byte for byte.
TEST(JsonRoundTrip, ExactBytesAlongRandomGame) {
  const Scenario& scn = akragas();
  for (int g = 0; g < 2; ++g) {
    Rng rng(500 + g);
    Rng pick(900 + g);
    State s = new_game(scn, rng);
    for (int step = 0; step < 400; ++step) {
      State back;
      std::string err;
      ASSERT_TRUE(state_from_json(scn, json::parse(state_to_json(scn, s).dump()), back, &err)) << err;
      ASSERT_TRUE(back == s) << "game " << g << " step " << step << ": " << first_difference(back, s);
      if (is_terminal(s)) break;
      ActionList legal;
      legal_actions(scn, s, legal);
      ASSERT_FALSE(legal.empty());
      apply_unchecked(scn, s, legal[int(pick.below(uint32_t(legal.size())))], rng);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Actions.

TEST(JsonAction, Format) {
  State s;
  clear_state(s);
  struct Case {
    Action a;
    const char* text;
  };
  const Case cases[] = {
      {Action::make(ActionType::PlayCard, int(CardKind::OrderThreeCenter)), R"({"type":"play-card","card":"order-three-center"})"},
      {Action::make(ActionType::OrderUnit, hex(7, 3)), R"({"type":"order-unit","hex":"7,3"})"},
      {Action::make(ActionType::OrderLeader, hex(8, 0)), R"({"type":"order-leader","hex":"8,0"})"},
      {Action::make(ActionType::EndOrders), R"({"type":"end-orders"})"},
      {Action::make(ActionType::MoveUnit, hex(7, 3), hex(6, 3)), R"({"type":"move-unit","from":"7,3","to":"6,3"})"},
      {Action::make(ActionType::MoveLeader, hex(8, 1), hex(6, 2)), R"({"type":"move-leader","from":"8,1","to":"6,2"})"},
      {Action::make(ActionType::EndMoves), R"({"type":"end-moves"})"},
      {Action::make(ActionType::Battle, hex(5, 3), hex(4, 3)), R"({"type":"battle","from":"5,3","target":"4,3"})"},
      {Action::make(ActionType::EndBattles), R"({"type":"end-battles"})"},
      {Action::make(ActionType::Stand), R"({"type":"stand"})"},
      {Action::make(ActionType::Evade), R"({"type":"evade"})"},
      {Action::make(ActionType::EvadeTo, hex(2, 5)), R"({"type":"evade-to","to":"2,5"})"},
      {Action::make(ActionType::IgnoreFlags, 2), R"({"type":"ignore-flags","count":2})"},
      {Action::make(ActionType::RetreatTo, hex(0, 12)), R"({"type":"retreat-to","to":"0,12"})"},
      {Action::make(ActionType::LeaderEvade, hex(2, 3), hex(1, 3), kOffBoard), R"({"type":"leader-evade","path":["2,3","1,3","off"]})"},
      {Action::make(ActionType::LeaderEvade, hex(2, 3), kNoHex, kNoHex), R"({"type":"leader-evade","path":["2,3"]})"},
      {Action::make(ActionType::LeaderEvade, kOffBoard, kNoHex, kNoHex), R"({"type":"leader-evade","path":["off"]})"},
      {Action::make(ActionType::BattleBack), R"({"type":"battle-back"})"},
      {Action::make(ActionType::NoBattleBack), R"({"type":"no-battle-back"})"},
      {Action::make(ActionType::Advance), R"({"type":"advance"})"},
      {Action::make(ActionType::Hold), R"({"type":"hold"})"},
      {Action::make(ActionType::ExtraHex, hex(3, 4)), R"({"type":"extra-hex","to":"3,4"})"},
      {Action::make(ActionType::StayPut), R"({"type":"stay-put"})"},
      {Action::make(ActionType::BonusCombat, hex(3, 5)), R"({"type":"bonus-combat","target":"3,5"})"},
      {Action::make(ActionType::NoBonus), R"({"type":"no-bonus"})"},
      {Action::make(ActionType::FirstStrike), R"({"type":"first-strike"})"},
  };
  for (const Case& c : cases) {
    json expected = json::parse(c.text);
    EXPECT_EQ(action_to_json(s, c.a), expected) << c.text;
    Action back;
    std::string err;
    ASSERT_TRUE(action_from_json(expected, back, &err)) << err;
    EXPECT_EQ(back.v, c.a.v) << c.text;
  }
}

// Every action type the engine names has its own fields in the format (not the raw "args"
// fallback), and any value of its fields round-trips.
TEST(JsonAction, EveryTypeIsInTheFormat) {
  State s;
  clear_state(s);
  int types = 0;
  for (int t = 1; t < 256; ++t) {
    std::string name = action_type_name(ActionType(t));
    if (name == "?" || name.empty()) continue;
    ++types;
    Action a = Action::make(ActionType(t), hex(4, 4), hex(5, 5), kNoHex);
    if (ActionType(t) == ActionType::PlayCard) a = Action::make(ActionType::PlayCard, int(CardKind::Rally));
    json j = action_to_json(s, a);
    EXPECT_EQ(j["type"], name);
    EXPECT_FALSE(j.contains("args")) << name << " has no JSON fields of its own in json_io.cpp";
  }
  EXPECT_GE(types, int(ActionType::NoBonus));
  Action a;
  std::string err;
  EXPECT_FALSE(action_from_json(action_to_json(s, Action{0}), a, &err));
}

std::string action_error(const char* text) {
  Action a;
  std::string err;
  EXPECT_FALSE(action_from_json(json::parse(text), a, &err)) << text;
  return err;
}

TEST(JsonAction, BadInput) {
  EXPECT_EQ(action_error(R"({"type":"fly","to":"1,1"})"), R"(action.type: "fly" is not an action type)");
  EXPECT_EQ(action_error(R"({"to":"1,1"})"), "action.type: missing");
  EXPECT_EQ(action_error(R"({"type":"move-unit","from":"7,3"})"), "action.to: missing");
  EXPECT_EQ(action_error(R"({"type":"move-unit","from":"7,3","to":"9,3"})"), R"(action.to: "9,3" is off the board)");
  // A unit may be moved "off" (castulo-exit); a leader may not.
  EXPECT_EQ(action_error(R"({"type":"move-leader","from":"7,3","to":"off"})"), R"(action.to: "off" is not allowed here)");
  EXPECT_EQ(action_error(R"({"type":"move-unit","from":"7;3","to":"6,3"})"),
            R"(action.from: "7;3" is not a hex (expected "row,col"))");
  EXPECT_EQ(action_error(R"({"type":"end-orders","hex":"7,3"})"), "action.hex: unknown field");
  EXPECT_EQ(action_error(R"({"type":"play-card","card":"order-five-left"})"),
            R"(action.card: "order-five-left" is not a card id)");
  EXPECT_EQ(action_error(R"({"type":"play-card","card":"hidden"})"), R"(action.card: "hidden" is not allowed here)");
  EXPECT_EQ(action_error(R"({"type":"ignore-flags","count":-1})"), "action.count: -1 is out of range 0..255");
  EXPECT_EQ(action_error(R"({"type":"ignore-flags","count":1.5})"), "action.count: expected an integer, got 1.5");
  EXPECT_EQ(action_error(R"({"type":"leader-evade","path":[]})"), "action.path: expected 1 to 3 hexes");
  EXPECT_EQ(action_error(R"({"type":"leader-evade","path":["1,1","1,2","1,3","1,4"]})"),
            "action.path: 4 hexes, at most 3 allowed");
  EXPECT_EQ(action_error(R"({"type":"leader-evade","path":["off","1,2"]})"), R"(action.path[0]: "off" must be the last step)");
  EXPECT_EQ(action_error(R"(["move-unit"])"), "action: expected an object, got an array");
  EXPECT_EQ(action_error(R"({"type":7})"), "action.type: expected a string, got 7");
}

// ---------------------------------------------------------------------------------------------
// Bad input: one test per class, each checking the error names the field.

json start_position() {
  const Scenario& scn = akragas();
  Rng rng(7);
  State s = new_game(scn, rng);
  return position_to_json(scn, s);
}

std::string position_error(const json& j) {
  Scenario scn;
  State s;
  std::string err;
  EXPECT_FALSE(position_from_json(j, scn, s, &err)) << j.dump();
  EXPECT_FALSE(err.empty());
  return err;
}

::testing::AssertionResult starts_with(const std::string& s, const std::string& prefix) {
  if (s.rfind(prefix, 0) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << s << "\" does not start with \"" << prefix << "\"";
}

TEST(JsonErrors, ValidPositionLoads) {
  Scenario scn;
  State s;
  std::string err = "stale";
  EXPECT_TRUE(position_from_json(start_position(), scn, s, &err));
  EXPECT_EQ(err, "");
  EXPECT_TRUE(position_from_json(start_position(), scn, s, nullptr));  // error is optional
}

TEST(JsonErrors, NotAnObject) {
  EXPECT_EQ(position_error(json::array()), "position: expected an object, got an array");
  EXPECT_EQ(position_error(json(nullptr)), "position: expected an object, got null");
  json j = start_position();
  j["state"]["combat"] = 3;
  EXPECT_EQ(position_error(j), "state.combat: expected an object, got 3");
  j = start_position();
  j["state"]["units"][2] = "HI";
  EXPECT_EQ(position_error(j), R"(state.units[2]: expected an object, got "HI")");
}

TEST(JsonErrors, FormatAndVersion) {
  json j = start_position();
  j["format"] = "chess";
  EXPECT_EQ(position_error(j), R"(format: "chess" is not "bgbot-cca-position")");
  j = start_position();
  j["version"] = 2;
  EXPECT_EQ(position_error(j), "version: unsupported version 2 (this program reads version 1)");
  j = start_position();
  j.erase("version");
  EXPECT_EQ(position_error(j), "version: missing");
}

TEST(JsonErrors, MissingField) {
  json j = start_position();
  j["state"].erase("turn");
  EXPECT_EQ(position_error(j), "state.turn: missing");
  j = start_position();
  j["state"]["units"][1].erase("start_blocks");
  EXPECT_EQ(position_error(j), "state.units[1].start_blocks: missing");
  j = start_position();
  j["state"]["combat"]["strike"].erase("victim");
  EXPECT_EQ(position_error(j), "state.combat.strike.victim: missing");
  j = start_position();
  j["scenario"].erase("units");
  EXPECT_EQ(position_error(j), "scenario.units: missing");
}

TEST(JsonErrors, UnknownField) {
  json j = start_position();
  j["state"]["turns"] = 3;
  EXPECT_EQ(position_error(j), "state.turns: unknown field");
  j = start_position();
  j["state"]["leaders"][0]["rank"] = "general";
  EXPECT_EQ(position_error(j), "state.leaders[0].rank: unknown field");
  j = start_position();
  j["extra"] = true;
  EXPECT_EQ(position_error(j), "extra: unknown field");
}

TEST(JsonErrors, WrongType) {
  json j = start_position();
  j["state"]["turn"] = "3";
  EXPECT_EQ(position_error(j), R"(state.turn: expected an integer, got "3")");
  j = start_position();
  j["state"]["deck"] = json::object();
  EXPECT_EQ(position_error(j), "state.deck: expected an array, got an object");
  j = start_position();
  j["state"]["combat"]["bonus"] = "no";
  EXPECT_EQ(position_error(j), R"(state.combat.bonus: expected a boolean, got "no")");
  j = start_position();
  j["scenario"]["name"] = 5;
  EXPECT_EQ(position_error(j), "scenario.name: expected a string, got 5");
}

TEST(JsonErrors, NumberOutOfRange) {
  json j = start_position();
  j["state"]["turn"] = 70000;
  EXPECT_EQ(position_error(j), "state.turn: 70000 is out of range 0..65535");
  j = start_position();
  j["state"]["banners"]["top"] = -1;
  EXPECT_EQ(position_error(j), "state.banners.top: -1 is out of range 0..255");
  j = start_position();
  j["state"]["command"]["bottom"] = 13;
  EXPECT_EQ(position_error(j), "state.command.bottom: 13 is out of range 0..12");
  j = start_position();
  j["state"]["quota"] = json::parse("[1, 2]");
  EXPECT_EQ(position_error(j), "state.quota: expected 3 entries, got 2");
  j = start_position();
  j["state"]["order_counts"][7] = 18446744073709551615ull;
  EXPECT_EQ(position_error(j), "state.order_counts[7]: 18446744073709551615 is out of range 0..255");
}

TEST(JsonErrors, HexOffBoard) {
  json j = start_position();
  j["state"]["units"][3]["hex"] = "9,4";
  EXPECT_EQ(position_error(j), R"(state.units[3].hex: "9,4" is off the board)");
  j = start_position();
  j["state"]["units"][3]["hex"] = "1,12";  // odd rows have 12 hexes
  EXPECT_EQ(position_error(j), R"(state.units[3].hex: "1,12" is off the board)");
  j = start_position();
  j["state"]["units"][3]["hex"] = "off";  // a living unit is on the board
  EXPECT_EQ(position_error(j), R"(state.units[3].hex: "off" is not allowed here)");
  j = start_position();
  j["state"]["leaders"][0]["hex"] = nullptr;
  EXPECT_EQ(position_error(j), R"(state.leaders[0].hex: expected a hex "row,col", got null)");
  j = start_position();
  j["state"]["combat"]["target_hex"] = "-1,0";
  EXPECT_EQ(position_error(j), R"(state.combat.target_hex: "-1,0" is off the board)");
  j = start_position();
  j["scenario"]["units"][0]["hex"] = "three,four";
  EXPECT_EQ(position_error(j), R"(scenario.units[0].hex: "three,four" is not a hex (expected "row,col"))");
}

TEST(JsonErrors, UnknownNames) {
  json j = start_position();
  j["state"]["units"][0]["type"] = "XX";
  EXPECT_EQ(position_error(j), R"(state.units[0].type: "XX" is not a unit type)");
  j = start_position();
  j["state"]["units"][0]["side"] = "left";
  EXPECT_EQ(position_error(j), R"(state.units[0].side: "left" is not a side (top, bottom))");
  j = start_position();
  j["state"]["units"][0]["status"] = "dead";
  EXPECT_TRUE(starts_with(position_error(j), R"(state.units[0].status: "dead" is not a status)"));
  j = start_position();
  j["state"]["units"][0]["flags"] = json::parse(R"(["ordered", "tired"])");
  EXPECT_TRUE(starts_with(position_error(j), R"(state.units[0].flags[1]: "tired" is not a flag)"));
  j = start_position();
  j["state"]["units"][0]["flags"] = json::parse(R"(["moved", "moved"])");
  EXPECT_EQ(position_error(j), R"(state.units[0].flags[1]: "moved" is listed twice)");
  j = start_position();
  j["state"]["decision"] = "nap";
  EXPECT_EQ(position_error(j), R"(state.decision: "nap" is not a decision)");
  j = start_position();
  j["state"]["active"] = "none";
  EXPECT_EQ(position_error(j), R"(state.active: "none" is not a side (top, bottom))");
  j = start_position();
  j["state"]["combat"]["stage"] = "lunch";
  EXPECT_TRUE(starts_with(position_error(j), R"(state.combat.stage: "lunch" is not a combat stage)"));
  j = start_position();
  j["state"]["combat"]["kind"] = "melee";
  EXPECT_TRUE(starts_with(position_error(j), R"(state.combat.kind: "melee" is not a combat kind)"));
}

TEST(JsonErrors, CardInForce) {
  json j = start_position();
  j["state"]["order_mode"] = "telepathy";
  EXPECT_TRUE(starts_with(position_error(j), R"(state.order_mode: "telepathy" is not an order mode)"));
  j = start_position();
  j["state"]["lead_leader"] = 4;
  EXPECT_EQ(position_error(j), "state.lead_leader: 4 is not a leader index (there are 4)");
  j = start_position();
  j["state"]["last_played"]["top"] = "order-six";
  EXPECT_EQ(position_error(j), R"(state.last_played.top: "order-six" is not a card id)");
  j = start_position();
  j["state"]["dice_orders"] = json::parse("[1, 2, 3]");
  EXPECT_EQ(position_error(j), "state.dice_orders: expected 4 entries, got 3");
  j = start_position();
  j["state"]["first_strike_draw"] = 4;
  EXPECT_EQ(position_error(j), "state.first_strike_draw: 4 is out of range 0..3");
  j = start_position();
  j["scenario"]["special_rules"] = json::parse(R"(["elephants-fly"])");
  EXPECT_EQ(position_error(j).rfind(R"(scenario.special_rules[0]: "elephants-fly" is not a special rule: unknown rule kind `elephants-fly`)", 0), 0u)
      << position_error(j);
}

TEST(JsonErrors, Blocks) {
  json j = start_position();
  j["state"]["units"][0]["blocks"] = 0;  // alive
  EXPECT_TRUE(starts_with(position_error(j), "state.units[0].blocks: 0 is out of range 1.."));
  j = start_position();
  j["state"]["units"][0]["start_blocks"] = 2;
  j["state"]["units"][0]["blocks"] = 3;
  EXPECT_EQ(position_error(j), "state.units[0].blocks: 3 is out of range 1..2");
  j = start_position();
  j["state"]["units"][0]["start_blocks"] = 9;
  EXPECT_TRUE(starts_with(position_error(j), "state.units[0].start_blocks: 9 is out of range 1.."));
  j = start_position();
  j["scenario"]["units"][0]["blocks"] = 7;
  EXPECT_TRUE(starts_with(position_error(j), "scenario.units[0].blocks: 7 is out of range 1.."));
  // An eliminated unit has no blocks and no hex.
  j = start_position();
  j["state"]["units"][0]["status"] = "eliminated";
  j["state"]["units"][0]["blocks"] = 0;
  j["state"]["units"][0]["hex"] = nullptr;
  Scenario scn;
  State s;
  std::string err;
  EXPECT_TRUE(position_from_json(j, scn, s, &err)) << err;
}

TEST(JsonErrors, IndexOutOfRange) {
  json j = start_position();
  size_t n = j["state"]["units"].size();
  j["state"]["subject"] = 99;
  EXPECT_TRUE(starts_with(position_error(j), "state.subject: 99 is not a piece index"));
  j = start_position();
  j["state"]["combat"]["attacker"] = n;
  EXPECT_EQ(position_error(j), "state.combat.attacker: " + std::to_string(n) + " is not a unit index (there are " +
                                   std::to_string(n) + ")");
  j = start_position();
  j["state"]["combat"]["strike"]["victim"] = -1;
  EXPECT_TRUE(starts_with(position_error(j), "state.combat.strike.victim: -1 is not a unit index"));
  j = start_position();
  j["state"]["combat"]["def_leader"] = 8;
  EXPECT_TRUE(starts_with(position_error(j), "state.combat.def_leader: 8 is not a leader index"));
  j = start_position();
  j["state"]["evade_queue"] = json::parse("[0, 20]");
  EXPECT_TRUE(starts_with(position_error(j), "state.evade_queue[1]: 20 is not a leader index"));
}

TEST(JsonErrors, TwoPiecesInAHex) {
  json j = start_position();
  j["state"]["units"][4]["hex"] = j["state"]["units"][1]["hex"];
  EXPECT_EQ(position_error(j), "state.units[4].hex: " + j["state"]["units"][1]["hex"].dump() + " already holds unit 1");
  j = start_position();
  ASSERT_GE(j["state"]["leaders"].size(), 2u);
  j["state"]["leaders"][1]["hex"] = j["state"]["leaders"][0]["hex"];
  j["state"]["leaders"][1]["side"] = j["state"]["leaders"][0]["side"];
  EXPECT_EQ(position_error(j), "state.leaders[1].hex: " + j["state"]["leaders"][0]["hex"].dump() + " already holds leader 0");
  j = start_position();
  j["scenario"]["units"][2]["hex"] = j["scenario"]["units"][0]["hex"];
  EXPECT_EQ(position_error(j), "scenario.units[2].hex: " + j["scenario"]["units"][0]["hex"].dump() + " already holds unit 0");
}

TEST(JsonErrors, TooMany) {
  json j = start_position();
  j["state"]["hand"]["top"] = json::array();
  for (int i = 0; i < kMaxHand + 1; ++i) j["state"]["hand"]["top"].push_back("order-two-left");
  EXPECT_EQ(position_error(j), "state.hand.top: 13 cards, at most 12 allowed");
  j = start_position();
  j["state"]["deck"] = json::array();
  for (int i = 0; i < kMaxDeck + 1; ++i) j["state"]["deck"].push_back("order-two-left");
  EXPECT_EQ(position_error(j), "state.deck: 61 cards, at most 60 allowed");
  j = start_position();
  j["scenario"]["deck"] = json::array();
  for (int i = 0; i < kMaxDeck + 1; ++i) j["scenario"]["deck"].push_back("order-two-left");
  EXPECT_EQ(position_error(j), "scenario.deck: 61 cards, at most 60 allowed");
  j = start_position();
  j["state"]["units"] = json::array();
  for (int i = 0; i < kMaxUnits + 1; ++i) j["state"]["units"].push_back(j["scenario"]["units"][0]);
  EXPECT_EQ(position_error(j), "state.units: 49 units, at most 48 allowed");
  j = start_position();
  json first_leader = j["state"]["leaders"][0];
  j["state"]["leaders"].push_back(first_leader);
  EXPECT_TRUE(starts_with(position_error(j), "state.leaders: "));
}

TEST(JsonErrors, Cards) {
  json j = start_position();
  j["state"]["hand"]["bottom"][0] = "order-nine-center";
  EXPECT_EQ(position_error(j), R"(state.hand.bottom[0]: "order-nine-center" is not a card id)");
  j = start_position();
  j["state"]["played"] = "hidden";
  EXPECT_EQ(position_error(j), R"(state.played: "hidden" is not allowed here)");
  j = start_position();
  j["scenario"]["deck"][5] = "hidden";
  EXPECT_EQ(position_error(j), R"(scenario.deck[5]: "hidden" is not allowed here)");
  // A hidden card in a hand (an observation) is fine.
  j = start_position();
  j["state"]["hand"]["top"][0] = "hidden";
  Scenario scn;
  State s;
  std::string err;
  ASSERT_TRUE(position_from_json(j, scn, s, &err)) << err;
  EXPECT_EQ(s.hand[0][0], kHiddenCard);
  EXPECT_EQ(state_to_json(scn, s)["hand"]["top"][0], "hidden");
}

TEST(JsonErrors, LeadersMustMatchScenario) {
  json j = start_position();
  j["state"]["leaders"][0]["name"] = "Napoleon";
  EXPECT_TRUE(starts_with(position_error(j), R"(state.leaders[0].name: "Napoleon" does not match the scenario's leader 0)"));
  j = start_position();
  j["state"]["leaders"].erase(0);
  EXPECT_TRUE(starts_with(position_error(j), "state.leaders: "));
}

TEST(JsonErrors, ScenarioTerrain) {
  json j = start_position();
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "4,4", "terrain": "swamp"}])");
  EXPECT_TRUE(starts_with(position_error(j), R"(scenario.terrain[0].terrain: "swamp" is not a terrain)"));
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "4,4", "terrain": "rampart"}])");
  EXPECT_EQ(position_error(j),
            R"(scenario.terrain[0].facing: missing (a rampart needs "up", "down" or the hexsides it protects, e.g. "W,SW"))");
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "4,4", "terrain": "rampart", "facing": "left"}])");
  EXPECT_TRUE(starts_with(position_error(j), R"(scenario.terrain[0].facing: "left" is not a facing)"));
  // §16 Rampart on named hexsides (docs/scenarios.md): refused when a name is unknown or repeated,
  // on a hex that is no rampart, or when every hexside named leads off the board.
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "4,4", "terrain": "rampart", "facing": "W,W"}])");
  EXPECT_TRUE(starts_with(position_error(j), R"(scenario.terrain[0].facing: "W,W" is not a facing)")) << position_error(j);
  EXPECT_NE(position_error(j).find("hexside W is named twice"), std::string::npos);
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "4,4", "terrain": "hill", "facing": "up"}])");
  EXPECT_EQ(position_error(j), "scenario.terrain: 4,4: a facing (NE,NW) on hill: only a rampart has one");
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "0,0", "terrain": "rampart", "facing": "nw,w"}])");
  EXPECT_EQ(position_error(j),
            "scenario.terrain: 0,0: the rampart protects only hexsides on the edge of the board (NW,W): no attack can cross them");
  j["scenario"]["terrain"] = json::parse(R"([{"hex": "4,4", "terrain": "hill"}, {"hex": "4,4", "terrain": "forest"}])");
  EXPECT_EQ(position_error(j), R"(scenario.terrain[1].hex: "4,4" is listed twice)");
  j["scenario"]["first"] = "none";
  j["scenario"]["terrain"] = json::array();
  EXPECT_EQ(position_error(j), R"(scenario.first: "none" is not a side (top, bottom))");
}

TEST(JsonErrors, InvalidUtf8DoesNotThrow) {
  json j = start_position();
  j["state"]["units"][0]["type"] = std::string("\xff\xfe", 2);
  std::string err = position_error(j);
  EXPECT_TRUE(starts_with(err, "state.units[0].type: ")) << err;
}

// Random damage to a valid position: the loader must answer (true or false) without throwing,
// and whatever it accepts must write back and load again to the same state.
TEST(JsonErrors, FuzzNeverThrows) {
  const json base = start_position();
  const json values[] = {nullptr, true, false, 0, 1, -1, 2, 3, 7, 12, 13, 48, 60, 61, 255, 256, 65536, 1.5,
                         "", "off", "hidden", "0,0", "8,12", "9,0", "4,6", "order-two-left", "top", "bottom", "none",
                         "alive", "eliminated", json::array(), json::object(), json::array({1, 2, 3})};
  Rng rng(4242);
  // Collect the paths of every value in the position.
  std::vector<json::json_pointer> paths;
  std::function<void(const json&, const json::json_pointer&)> walk = [&](const json& v, const json::json_pointer& p) {
    paths.push_back(p);
    if (v.is_object())
      for (auto it = v.begin(); it != v.end(); ++it) walk(it.value(), p / it.key());
    else if (v.is_array())
      for (size_t i = 0; i < v.size(); ++i) walk(v[i], p / i);
  };
  walk(base, json::json_pointer());
  int accepted = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    json j = base;
    int edits = 1 + int(rng.below(3));
    for (int e = 0; e < edits; ++e) {
      const json::json_pointer& p = paths[rng.below(uint32_t(paths.size()))];
      if (p.empty()) continue;
      if (!j.contains(p)) continue;
      if (rng.below(8) == 0) {
        json& parent = j[p.parent_pointer()];
        if (parent.is_object()) parent.erase(p.back());
        continue;
      }
      j[p] = values[rng.below(uint32_t(std::size(values)))];
    }
    Scenario scn;
    State s;
    std::string err;
    bool ok = false;
    EXPECT_NO_THROW(ok = position_from_json(j, scn, s, &err)) << j.dump();
    if (ok) {
      ++accepted;
      json again = position_to_json(scn, s);
      Scenario scn2;
      State s2;
      ASSERT_TRUE(position_from_json(again, scn2, s2, &err)) << err;
      EXPECT_TRUE(s2 == s) << first_difference(s2, s);
    } else {
      EXPECT_FALSE(err.empty());
    }
  }
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace bgb::cca

namespace bgb::cca {

// One name per event kind, from one table: the protocol sent "event" for a reserve entering
// (mago-ambush) because its own switch lacked it.
TEST(JsonEvents, EveryEventKindHasItsOwnName) {
  std::vector<std::string> seen;
  for (int i = 0; i < kEventKinds; ++i) {
    const std::string name = event_name(Ev(i));
    EXPECT_FALSE(name.empty());
    EXPECT_NE(name, "unknown") << i;
    EXPECT_NE(name, "event") << i;
    EXPECT_EQ(std::count(seen.begin(), seen.end(), name), 0) << name << " twice";
    seen.push_back(name);
  }
  EXPECT_STREQ(event_name(Ev::ReserveEnters), "reserve-enters");
  EXPECT_STREQ(event_name(Ev::CardPlayed), "card-played");
  Event e{Ev::Roll, Side::Top};
  e.ndice = 2;
  e.dice[0] = 0;
  e.dice[1] = 5;
  const nlohmann::json j = event_to_json(*find_builtin_scenario("001"), e, Side::None);
  EXPECT_EQ(j["type"], "roll");
  EXPECT_EQ(j["side"], "top");
  ASSERT_EQ(j["dice"].size(), 2u);
  EXPECT_EQ(j["dice"][0], face_name(0));
}

}  // namespace bgb::cca

namespace bgb::cca {

// One table per enum (issue 12): every decision and flag has a name of its own, and the name
// reads back; the flag of a reserve unit that entered this turn was written "bit7".
TEST(JsonNames, DecisionsAndFlagsHaveNamesThatReadBack) {
  std::vector<std::string> seen;
  for (int d = 0; d < kDecisions; ++d) {
    const std::string n = decision_name(Decision(d));
    EXPECT_NE(n, "?");
    EXPECT_EQ(std::count(seen.begin(), seen.end(), n), 0) << n;
    seen.push_back(n);
    Decision back = Decision::GameOver;
    ASSERT_TRUE(parse_decision(n, back)) << n;
    EXPECT_EQ(int(back), d);
  }
  Decision none;
  EXPECT_FALSE(parse_decision("no-such-decision", none));
  for (int b = 0; b < 8; ++b) EXPECT_EQ(std::string(kFlagNames[b]).rfind("bit", 0), std::string::npos) << b;
  EXPECT_STREQ(kFlagNames[7], "entered");

  // A unit with the entered flag round-trips by name, and the old "bit7" still reads.
  const Scenario& scn = *find_builtin_scenario("005");
  Rng rng(3);
  State s = new_game(scn, rng);
  s.units[0].flags |= kEntered;
  nlohmann::json j = position_to_json(scn, s);
  EXPECT_NE(j.dump().find("\"entered\""), std::string::npos);
  Scenario scn2;
  State back;
  std::string err;
  ASSERT_TRUE(position_from_json(j, scn2, back, &err)) << err;
  EXPECT_TRUE(back == s);
  std::string text = j.dump();
  const size_t at = text.find("\"entered\"");
  text.replace(at, 9, "\"bit7\"");
  ASSERT_TRUE(position_from_json(nlohmann::json::parse(text), scn2, back, &err)) << err;
  EXPECT_TRUE(back == s);
}


// Special rules in a position's JSON: a base battle's preset id or the written form of a rule
// (battle_rules.h); a preset is written back by its id, so that the canonical JSON (and the
// scenario hash stored in records) of a base battle stays as it was; a rule with other
// parameters is written in full. The one validation (scenario_checks.h) runs after the reader.
TEST(JsonScenario, SpecialRulesAsPresetsOrWrittenRules) {
  const Scenario& cast = *find_builtin_scenario("010");
  json j = scenario_to_json(cast);
  EXPECT_EQ(j["special_rules"], json::parse(R"(["castulo-sudden-death", "castulo-exit"])"));
  EXPECT_EQ(j["sudden_death_leader"], "Publius Scipio");
  Scenario back;
  std::string err;
  ASSERT_TRUE(scenario_from_json(j, back, &err)) << err;
  EXPECT_TRUE(back.rules == cast.rules);

  Scenario mine = cast;
  std::string why;
  ASSERT_TRUE(parse_battle_rule("exit side=bottom from=left banners=2", mine.rules[1], why)) << why;
  mine.finalize();
  json m = scenario_to_json(mine);
  EXPECT_EQ(m["special_rules"][1], "exit side=bottom from=left banners=2");
  ASSERT_TRUE(scenario_from_json(m, back, &err)) << err;
  ASSERT_NE(back.rule(RuleKind::Exit, Side::Bottom), nullptr);
  EXPECT_EQ(back.rule(RuleKind::Exit, Side::Bottom)->sections, kSecLeft);
  EXPECT_EQ(back.rule(RuleKind::Exit, Side::Bottom)->banners, 2);

  // The validation: a sudden death whose leader is not in the battle, named by its path.
  m["special_rules"][0] = "sudden-death side=top leader=Nobody";
  EXPECT_FALSE(scenario_from_json(m, back, &err));
  EXPECT_EQ(err, "scenario.special_rules[0]: sudden-death: `Nobody` is not one of the leaders");
  // A reserve off the map with no rule to bring it in.
  json r = scenario_to_json(*find_builtin_scenario("005"));
  r["special_rules"] = json::array();
  EXPECT_FALSE(scenario_from_json(r, back, &err));
  EXPECT_EQ(err.rfind("scenario.units[", 0), 0u) << err;
  EXPECT_NE(err.find("no rule brings it in"), std::string::npos) << err;
}

}  // namespace bgb::cca
