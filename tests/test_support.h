// A small battlefield for testing one rule situation: place units, leaders and terrain, give
// orders directly, force the dice, and read the outcome. Hexes are written "row,col".
#pragma once
#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <string>

#include "cca/board.h"
#include "cca/rules.h"
#include "cca/unit_types.h"

namespace bgb::cca::test {

inline int H(const char* rc) {
  int h = parse_hex(rc);
  EXPECT_NE(h, kNoHex) << "bad hex " << rc;
  return h;
}

// Die faces by name for force().
constexpr int L = kFaceLight, M = kFaceMedium, Hv = kFaceHeavy, Hm = kFaceHelmet, F = kFaceFlag, S = kFaceSword;
// Short names for the unit types and the two sides.
using U = UnitType;
constexpr Side T = Side::Top, B = Side::Bottom;

struct Field {
  Scenario scn;
  State s;
  Rng rng{12345};
  EventLog log;

  Field() {
    scn.id = "test";
    scn.command[0] = scn.command[1] = 4;
    scn.banners_to_win[0] = scn.banners_to_win[1] = 20;
    scn.first = Side::Bottom;
    scn.deck = section_deck();
  }
  Field& unit(Side side, UnitType t, const char* hex, int blocks = 0) {
    scn.units.push_back({t, side, uint8_t(H(hex)), uint8_t(blocks)});
    return *this;
  }
  Field& leader(Side side, const char* hex, const std::string& name = "leader") {
    scn.leaders.push_back({name, side, uint8_t(H(hex))});
    return *this;
  }
  Field& terrain(const char* hex, Terrain t, Facing f = Facing::None) {
    scn.terrain[H(hex)] = t;
    scn.rampart[H(hex)] = f;
    return *this;
  }
  // The Hellenistic module on, with these sub-rules off (HRule bits).
  Field& hellenistic(uint8_t off = 0) {
    scn.hellenistic.use = ModuleUse::On;
    scn.hellenistic.on = true;
    scn.hellenistic.off = off;
    return *this;
  }
  // Traits (kTrait* bits) for the unit set up at hex.
  Field& traits(const char* hex, uint16_t t) {
    for (UnitSetup& u : scn.units)
      if (u.hex == H(hex)) u.traits = uint16_t(u.traits | t);
    return *this;
  }
  // The grade (kGradeA..D) and commander flag of the leader set up at hex.
  Field& grade(const char* hex, uint8_t g, bool commander = false) {
    for (LeaderSetup& l : scn.leaders)
      if (l.hex == H(hex)) {
        l.grade = g;
        l.commander = commander;
      }
    return *this;
  }
  Field& banners(int n) {
    scn.banners_to_win[0] = scn.banners_to_win[1] = uint8_t(n);
    return *this;
  }
  // Builds the game with `active` to play; the decision is its card play.
  Field& start(Side active = Side::Bottom) {
    scn.first = active;
    scn.finalize();
    s = new_game(scn, rng, &log);
    return *this;
  }
  // Skips card play and ordering: plays the first card in hand and orders exactly the pieces
  // at the given hexes (units; a leader alone in a hex is ordered as a leader). Then the
  // decision is movement.
  Field& order(std::initializer_list<const char*> hexes) {
    int k = idx(s.active);
    s.played = s.hand[k][--s.hand_n[k]];
    s.hand[k][s.hand_n[k]] = 0;
    // No card in force: the orders are given here, not by the card (what start_card leaves for a
    // card without effect; the invariants check it).
    s.effective = kNone;
    s.last_played[k] = kNone;
    s.order_mode = OrderMode::None;
    for (const char* h : hexes) {
      int u = unit_at(s, H(h));
      if (u >= 0) s.units[u].flags |= kOrdered;
      else if (leader_at(s, H(h)) >= 0) s.leaders[leader_at(s, H(h))].flags |= kOrdered;
      else ADD_FAILURE() << "nothing to order at " << h;
    }
    s.decision = Decision::Move;
    s.decider = s.active;
    return *this;
  }
  // Orders a leader attached to a unit on his own (as a helmet card allows).
  Field& order_leader(const char* hex) {
    s.leaders[leader_at(s, H(hex))].flags |= kOrdered;
    return *this;
  }
  Field& to_battle() {
    if (s.decision == Decision::Move) act(Action::make(ActionType::EndMoves));
    return *this;
  }
  Field& force(std::initializer_list<int> faces) {
    rng.force(faces);
    return *this;
  }
  // Applies an action, failing the test when it is refused.
  Field& act(Action a) {
    std::string err;
    bool ok = apply(scn, s, a, rng, &log, &err);
    EXPECT_TRUE(ok) << action_text(scn, s, a) << ": " << err;
    std::string inv = check_invariants(scn, s);
    EXPECT_EQ(inv, "");
    return *this;
  }
  // The reason an action is refused (the test fails if it is not), the position left as it is.
  std::string refusal(Action a) {
    State c = s;
    std::string err;
    EXPECT_FALSE(apply(scn, c, a, rng, nullptr, &err)) << action_text(scn, s, a);
    return err;
  }
  bool try_act(Action a) {
    std::string err;
    return apply(scn, s, a, rng, &log, &err);
  }
  Field& move(const char* from, const char* to) { return act(Action::make(ActionType::MoveUnit, H(from), H(to))); }
  Field& move_leader(const char* from, const char* to) { return act(Action::make(ActionType::MoveLeader, H(from), H(to))); }
  Field& battle(const char* from, const char* to) { return act(Action::make(ActionType::Battle, H(from), H(to))); }
  Field& stand() { return act(Action::make(ActionType::Stand)); }
  Field& evade() { return act(Action::make(ActionType::Evade)); }
  Field& ignore(int k) { return act(Action::make(ActionType::IgnoreFlags, k)); }
  Field& retreat_to(const char* h) { return act(Action::make(ActionType::RetreatTo, H(h))); }
  Field& battle_back() { return act(Action::make(ActionType::BattleBack)); }
  Field& advance() { return act(Action::make(ActionType::Advance)); }
  Field& hold() { return act(Action::make(ActionType::Hold)); }

  ActionList legal() const {
    ActionList l;
    legal_actions(scn, s, l);
    return l;
  }
  bool legal_has(Action a) const { return legal().contains(a); }
  // The unit at a hex (fails when there is none).
  const UnitState& at(const char* hex) const {
    int u = unit_at(s, H(hex));
    EXPECT_GE(u, 0) << "no unit at " << hex;
    return s.units[u < 0 ? 0 : u];
  }
  bool empty(const char* hex) const { return unit_at(s, H(hex)) < 0; }
  int blocks(const char* hex) const {
    int u = unit_at(s, H(hex));
    return u < 0 ? 0 : s.units[u].blocks;
  }
  bool has_leader(const char* hex) const { return leader_at(s, H(hex)) >= 0; }
  int banners(Side side) const { return s.banners[idx(side)]; }
  int dice_pending() const { return rng.forced_pending(); }
  // The log as text (for failure messages).
  std::string story() const {
    std::string t;
    for (const Event& e : log) t += describe(scn, e) + "\n";
    return t;
  }
};

// The built-in scenario 001, Akragas (the test fails when it is missing).
inline const Scenario& akragas() {
  const Scenario* scn = find_builtin_scenario("001");
  if (!scn) {
    ADD_FAILURE() << "built-in scenario 001 is missing";
    static Scenario empty;
    return empty;
  }
  return *scn;
}

// Helpers around a Field, shared by the rule tests.

// An action by type and up to three arguments.
// A battle special rule from its written form (battle_rules.h), e.g. rule("exit side=bottom").
inline BattleRule rule(const std::string& text) {
  BattleRule r;
  std::string why;
  EXPECT_TRUE(parse_battle_rule(text, r, why)) << text << ": " << why;
  return r;
}

inline Action A(ActionType t, int a = 0, int b = 0, int c = 0) { return Action::make(t, a, b, c); }
// The Battle action from one hex to another.
inline Action battle_act(const char* from, const char* to) { return Action::make(ActionType::Battle, H(from), H(to)); }
// The set of the named hexes.
inline std::set<int> hexes(std::initializer_list<const char*> names) {
  std::set<int> out;
  for (const char* n : names) out.insert(H(n));
  return out;
}
// The row of a hex.
inline int row_of(int hex) { return Board::get().row[hex]; }
// The row of unit u.
inline int row_of(const Field& f, int u) { return row_of(f.s.units[u].hex); }
// The name of unit u's hex.
inline std::string hex_of(const Field& f, int u) { return hex_name(f.s.units[u].hex); }
// Is the unit at the hex ordered?
inline bool ordered(const Field& f, const char* hex) { return (f.at(hex).flags & kOrdered) != 0; }

// Hexes the legal list lets order with actions of type t (none when the decision is not the orders).
inline std::set<int> orderable(const Field& f, ActionType t) {
  std::set<int> out;
  if (f.s.decision != Decision::Order) return out;
  for (Action a : f.legal())
    if (a.type() == t) out.insert(a.a());
  return out;
}
// Hexes of the units the legal list lets order.
inline std::set<int> orderable_units(const Field& f) { return orderable(f, ActionType::OrderUnit); }
// Hexes of the leaders the legal list lets order.
inline std::set<int> orderable_leaders(const Field& f) { return orderable(f, ActionType::OrderLeader); }
// Destinations of the unit at `from` in the legal list.
inline std::set<int> destinations(const Field& f, const char* from) {
  std::set<int> out;
  for (Action a : f.legal())
    if (a.type() == ActionType::MoveUnit && a.a() == H(from)) out.insert(a.b());
  return out;
}
// May the unit at `from` move to `to` now (the decision is movement)?
inline bool can_move(const Field& f, const char* from, const char* to) {
  return f.s.decision == Decision::Move && f.legal_has(A(ActionType::MoveUnit, H(from), H(to)));
}
// May the unit at `from` battle the one at `to` now (the decision is the battles)?
inline bool can_battle(const Field& f, const char* from, const char* to) {
  return f.s.decision == Decision::Battle && f.legal_has(A(ActionType::Battle, H(from), H(to)));
}

// How many events of type t the log holds from index `from` on.
inline int count_events(const Field& f, Ev t, size_t from = 0) {
  int n = 0;
  for (size_t i = from; i < f.log.size(); ++i) n += f.log[i].type == t;
  return n;
}
// The last event of type t in the log, or nullptr.
inline const Event* last_event(const Field& f, Ev t) {
  for (auto it = f.log.rbegin(); it != f.log.rend(); ++it)
    if (it->type == t) return &*it;
  return nullptr;
}
// Dice of the last declared battle (the BattleDeclared event's d); the test fails when none was.
inline int declared_dice(const Field& f) {
  const Event* e = last_event(f, Ev::BattleDeclared);
  EXPECT_NE(e, nullptr) << "no battle declared";
  return e ? e->d : -1;
}
// Dice in the last roll (-1 when nothing was rolled).
inline int last_roll_n(const Field& f) {
  const Event* e = last_event(f, Ev::Roll);
  return e ? e->ndice : -1;
}

// Forces the next n dice to show `face`.
inline void force_n(Field& f, int n, int face) {
  for (int i = 0; i < n; ++i) f.rng.force_one(face);
}
// Takes the first offered retreat hex while the decision is a retreat (20 steps at most).
inline void retreat_first(Field& f) {
  for (int guard = 0; guard < 20 && f.s.decision == Decision::Retreat; ++guard) f.act(f.legal()[0]);
}

}  // namespace bgb::cca::test
