// Seeded random full games on Akragas with every invariant checked after every action
// (the OpenSpiel habit), plus determinism, copy and hidden-information checks.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cca/observation.h"
#include "cca/rules.h"
#include "core/hash.h"

namespace bgb::cca {

namespace {

int games_to_play() {
  const char* env = std::getenv("BGBOT_RANDOM_GAMES");
  return env ? std::atoi(env) : 2000;
}

// A 64-bit digest of a state's bytes (FNV-1a), to compare whole games cheaply.
uint64_t digest(const State& s) {
  return fnv1a_bytes(&s, sizeof(State), kFnv1aShortBasis);
}

struct GameSummary {
  uint64_t digest = 0;
  long decisions = 0;
};

GameSummary play(const Scenario& scn, uint64_t seed) {
  Rng rng(seed);
  State s = new_game(scn, rng);
  ActionList list;
  legal_actions(scn, s, list);
  GameSummary g;
  while (!list.empty()) {
    apply_unchecked(scn, s, list[rng.below(list.size())], rng, nullptr, &list);
    g.decisions++;
  }
  g.digest = digest(s);
  return g;
}

}  // namespace

TEST(RandomGames, InvariantsHoldAfterEveryAction) {
  const std::vector<std::string> ids = builtin_scenario_ids();
  ASSERT_GE(ids.size(), 30u) << "the 15 base battles and the 15 of the first expansion";
  const int games = games_to_play();
  long decisions = 0;
  int ended[3] = {0, 0, 0};
  std::vector<int> per_scenario_ends(ids.size(), 0);
  for (int g = 0; g < games; ++g) {
    // Every built-in battle in turn: Akragas and the others.
    const Scenario& scn = *find_builtin_scenario(ids[g % ids.size()]);
    Rng rng(1000 + g);
    State s = new_game(scn, rng);
    ASSERT_EQ(check_invariants(scn, s), "") << scn.id;
    ActionList list;
    int steps = 0;
    while (!is_terminal(s)) {
      legal_actions(scn, s, list);
      ASSERT_FALSE(list.empty()) << "no legal action in a live game, decision " << decision_name(s.decision);
      // Single-choice decisions are taken automatically, except a defender's reaction while he
      // might hold First Strike (asking must not reveal whether he does).
      if (s.decision != Decision::EvadeOrStand) {
        ASSERT_GT(list.size(), 1) << "single-choice decisions are taken automatically";
      }
      for (int i = 1; i < list.size(); ++i) ASSERT_LT(list[i - 1].v, list[i].v) << "legal actions sorted, no repeats";
      const Action a = list[rng.below(list.size())];
      // A copy is the same game: applying the same action with the same dice gives the same state.
      State copy = s;
      ASSERT_TRUE(copy == s);
      Rng rng_copy = rng.clone();
      // An illegal action is refused and changes nothing.
      if (g % 10 == 0) {
        Action bad = Action::make(ActionType::MoveUnit, 200, 201);
        std::string err;
        Rng r2(1);
        ASSERT_FALSE(apply(scn, copy, bad, r2, nullptr, &err));
        ASSERT_FALSE(err.empty());
        ASSERT_TRUE(copy == s);
      }
      apply_unchecked(scn, s, a, rng);
      apply_unchecked(scn, copy, a, rng_copy);
      ASSERT_TRUE(copy == s) << "copy diverged";
      std::string inv = check_invariants(scn, s);
      ASSERT_EQ(inv, "") << "game " << g << " step " << steps << " after " << action_text(scn, copy, a);
      ++steps;
      ASSERT_LT(steps, 100000) << "game does not end";
    }
    decisions += steps;
    ended[s.winner == Side::None ? 2 : idx(s.winner)]++;
    per_scenario_ends[g % ids.size()]++;
    ActionList none;
    legal_actions(scn, s, none);
    EXPECT_TRUE(none.empty());
  }
  EXPECT_EQ(ended[0] + ended[1] + ended[2], games);
  if (games >= int(ids.size())) {
    for (size_t i = 0; i < ids.size(); ++i) EXPECT_GT(per_scenario_ends[i], 0) << ids[i];
  }
  EXPECT_GT(ended[0], 0);
  EXPECT_GT(ended[1], 0);
  RecordProperty("decisions", std::to_string(decisions));
}

TEST(RandomGames, SameSeedSameGame) {
  const Scenario& scn = *find_builtin_scenario("001");
  for (uint64_t seed : {1ull, 2ull, 99ull}) {
    GameSummary a = play(scn, seed), b = play(scn, seed);
    EXPECT_EQ(a.digest, b.digest);
    EXPECT_EQ(a.decisions, b.decisions);
  }
  EXPECT_NE(play(scn, 1).digest, play(scn, 2).digest);
}

// Changing only what one side cannot see (the other hand and the deck order) changes nothing
// that side observes; and a re-dealt state keeps every card accounted for.
TEST(RandomGames, HiddenCardsChangeNothingObserved) {
  const Scenario& scn = *find_builtin_scenario("001");
  for (int g = 0; g < 50; ++g) {
    Rng rng(5000 + g);
    State s = new_game(scn, rng);
    ActionList list;
    int steps = 0;
    while (!is_terminal(s) && steps < 400) {
      for (Side viewer : {Side::Top, Side::Bottom}) {
        State other = s;
        Rng deal(steps * 31 + g);
        determinize(scn, other, viewer, deal);
        ASSERT_EQ(check_invariants(scn, other), "");
        State o1 = observe(s, viewer), o2 = observe(other, viewer);
        ASSERT_TRUE(o1 == o2) << "what " << side_name(viewer) << " observes changed";
        // The viewer's own hand is intact; the other hand and the deck are hidden in the view.
        int k = idx(viewer);
        for (int i = 0; i < s.hand_n[k]; ++i) ASSERT_EQ(o1.hand[k][i], s.hand[k][i]);
        for (int i = 0; i < s.hand_n[1 - k]; ++i) ASSERT_EQ(o1.hand[1 - k][i], kHiddenCard);
        for (int i = 0; i < s.deck_n; ++i) ASSERT_EQ(o1.deck[i], kHiddenCard);
        // Determinizing an observation gives a consistent full state.
        State d = observe(s, viewer);
        determinize(scn, d, viewer, deal);
        ASSERT_EQ(check_invariants(scn, d), "");
      }
      legal_actions(scn, s, list);
      apply_unchecked(scn, s, list[rng.below(list.size())], rng);
      ++steps;
    }
  }
}

// The game log never shows a side the cards the other side draws.
TEST(RandomGames, DrawnCardsArePrivate) {
  const Scenario& scn = *find_builtin_scenario("001");
  Rng rng(77);
  EventLog log;
  State s = new_game(scn, rng, &log);
  ActionList list;
  for (int i = 0; i < 300 && !is_terminal(s); ++i) {
    legal_actions(scn, s, list);
    apply_unchecked(scn, s, list[rng.below(list.size())], rng, &log);
  }
  int private_events = 0;
  for (const Event& e : log) {
    if (e.type != Ev::CardDrawn) continue;
    ++private_events;
    Side other_side = other(e.side);
    EXPECT_FALSE(visible_to(e, other_side));
    std::string seen = describe(scn, e, other_side);
    EXPECT_EQ(seen.find(card_info(e.a).name), std::string::npos) << seen;
  }
  EXPECT_GT(private_events, 10);
}

}  // namespace bgb::cca

namespace bgb::cca {

// A side decides from what it may know: its legal actions are the same whether computed on the
// true state or on its own observation (hidden cards never change what it may do).
TEST(RandomGames, DeciderLegalActionsFromItsObservation) {
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& scn = *find_builtin_scenario(id);
    for (int g = 0; g < 3; ++g) {
      Rng rng(g * 17 + 3);
      State s = new_game(scn, rng);
      ActionList a, b;
      for (int steps = 0; !is_terminal(s) && steps < 3000; ++steps) {
        legal_actions(scn, s, a);
        legal_actions(scn, observe(s, s.decider), b);
        ASSERT_EQ(a.size(), b.size()) << id << " " << decision_name(s.decision);
        for (int i = 0; i < a.size(); ++i) ASSERT_EQ(a[i].v, b[i].v);
        apply_unchecked(scn, s, a[rng.below(a.size())], rng);
      }
    }
  }
}

}  // namespace bgb::cca
