// Helpers for the command-card tests (test_cards_*.cpp): play a real card from the hand, read
// which pieces are ordered, which orders are legal, and what the log says about dice.
// The cards stay counted: a wanted card is swapped into the hand from wherever it lies.
#pragma once
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test::cards {

using K = CardKind;

// The 60-card deck without First Strike: no defender is ever asked to react, so a close combat
// runs straight on to the roll (the First Strike tests use standard_deck()).
inline std::vector<uint8_t> deck_without_first_strike() {
  std::vector<uint8_t> d = standard_deck();
  d.erase(std::find(d.begin(), d.end(), uint8_t(K::FirstStrike)));
  return d;
}

// A field whose deck holds every card kind but First Strike.
struct CardField : Field {
  CardField() { scn.deck = deck_without_first_strike(); }
};

// Makes sure card k is in the side's hand: if it is not, it is swapped with the hand's first
// card wherever it lies (the deck, the discards or the other hand).
inline void give(State& s, Side side, K k, int slot = 0) {
  const uint8_t card = uint8_t(k);
  uint8_t* hand = s.hand[idx(side)];
  for (int i = 0; i < s.hand_n[idx(side)]; ++i)
    if (hand[i] == card) return;
  for (int i = 0; i < s.deck_n; ++i)
    if (s.deck[i] == card) {
      std::swap(s.deck[i], hand[slot]);
      return;
    }
  for (int i = 0; i < s.discard_n; ++i)
    if (s.discard[i] == card) {
      std::swap(s.discard[i], hand[slot]);
      return;
    }
  Side o = other(side);
  for (int i = 0; i < s.hand_n[idx(o)]; ++i)
    if (s.hand[idx(o)][i] == card) {
      std::swap(s.hand[idx(o)][i], hand[slot]);
      return;
    }
  ADD_FAILURE() << "card " << card_info(k).name << " not found";
}

inline bool in_hand(const State& s, Side side, K k) {
  for (int i = 0; i < s.hand_n[idx(side)]; ++i)
    if (s.hand[idx(side)][i] == uint8_t(k)) return true;
  return false;
}
inline bool in_discards(const State& s, K k) {
  for (int i = 0; i < s.discard_n; ++i)
    if (s.discard[i] == uint8_t(k)) return true;
  return false;
}
inline bool in_deck(const State& s, K k) {
  for (int i = 0; i < s.deck_n; ++i)
    if (s.deck[i] == uint8_t(k)) return true;
  return false;
}

// Takes card k out of the hand of `side` (swapping in a card of the deck that is not k).
inline void take_away(State& s, Side side, K k) {
  uint8_t* hand = s.hand[idx(side)];
  for (int i = 0; i < s.hand_n[idx(side)]; ++i)
    if (hand[i] == uint8_t(k))
      for (int j = 0; j < s.deck_n; ++j)
        if (s.deck[j] != uint8_t(k)) {
          std::swap(hand[i], s.deck[j]);
          break;
        }
}

// Moves card k from the deck (or a hand) to the discards, keeping the unused slots zero.
inline void discard_card(State& s, K k) {
  const uint8_t card = uint8_t(k);
  for (int i = 0; i < s.deck_n; ++i)
    if (s.deck[i] == card) {
      s.deck[i] = s.deck[s.deck_n - 1];
      s.deck[--s.deck_n] = 0;
      s.discard[s.discard_n++] = card;
      return;
    }
  ADD_FAILURE() << "card " << card_info(k).name << " not in the deck";
}

// Puts card k into the active side's hand and plays it.
inline void play(Field& f, K k) {
  ASSERT_EQ(f.s.decision, Decision::PlayCard) << f.story();
  give(f.s, f.s.active, k);
  ASSERT_EQ(check_invariants(f.scn, f.s), "");
  f.act(A(ActionType::PlayCard, int(k)));
}

// Ends a turn in which nothing is to happen: give no (more) orders, and whatever remains.
inline void pass_turn(Field& f) {
  if (f.s.decision == Decision::PlayCard || f.s.decision == Decision::GameOver) return;  // already over
  const Side me = f.s.active;
  for (int guard = 0; guard < 10 && f.s.active == me && f.s.decision != Decision::GameOver; ++guard) {
    switch (f.s.decision) {
      case Decision::Order: f.act(A(ActionType::EndOrders)); break;
      case Decision::Move: f.act(A(ActionType::EndMoves)); break;
      case Decision::Battle: f.act(A(ActionType::EndBattles)); break;
      default: ADD_FAILURE() << "pass_turn at " << decision_name(f.s.decision); return;
    }
  }
}

inline std::string names(const std::set<int>& hs) {
  std::string t;
  for (int h : hs) t += hex_name(h) + " ";
  return t;
}

// Hexes of the active side's ordered units.
inline std::set<int> ordered_units(const Field& f) {
  std::set<int> out;
  for (int i = 0; i < f.s.n_units; ++i) {
    const UnitState& u = f.s.units[i];
    if (u.alive() && u.side == f.s.active && (u.flags & kOrdered)) out.insert(u.hex);
  }
  return out;
}
// Orders units one by one, lowest hex first, while the card lets it; returns how many.
inline int order_greedily(Field& f) {
  int n = 0;
  for (int guard = 0; guard < 30 && f.s.decision == Decision::Order; ++guard) {
    std::set<int> u = orderable_units(f);
    if (u.empty()) break;
    f.act(A(ActionType::OrderUnit, *u.begin()));
    ++n;
  }
  return n;
}

inline bool leader_ordered(const Field& f, const char* hex) {
  int l = leader_at(f.s, H(hex));
  EXPECT_GE(l, 0) << "no leader at " << hex;
  return l >= 0 && (f.s.leaders[l].flags & kOrdered);
}

// Targets of the unit at `from` in the legal list.
inline std::set<int> battle_targets(const Field& f, const char* from) {
  std::set<int> out;
  if (f.s.decision != Decision::Battle) return out;
  for (Action a : f.legal())
    if (a.type() == ActionType::Battle && a.a() == H(from)) out.insert(a.b());
  return out;
}
inline bool has_move(const Field& f, const char* from, const char* to) {
  return f.legal_has(A(ActionType::MoveUnit, H(from), H(to)));
}
inline bool has_battle(const Field& f, const char* from, const char* to) {
  return f.legal_has(A(ActionType::Battle, H(from), H(to)));
}

inline std::vector<Event> events(const Field& f, Ev t) {
  std::vector<Event> out;
  for (const Event& e : f.log)
    if (e.type == t) out.push_back(e);
  return out;
}
inline int unit_index(const Field& f, const char* hex) { return unit_at(f.s, H(hex)); }

}  // namespace bgb::cca::test::cards
