// Simultaneous steps as hidden commitments (spec §3.5): what one side enters is hidden from the
// other until the step resolves, through every interface of the game layer: the observation (and
// its JSON), the event views, the action texts; determinize() fills what is hidden with legal
// choices, and a search from the observation cannot learn the hidden ones.
#include <gtest/gtest.h>

#include "wrg6/json_io.h"
#include "wrg6/rules.h"
#include "wrg6/wrg6_game.h"
#include "wrg6_test_helpers.h"

namespace bgb::wrg6 {
namespace {

// Two units a side, far apart: the first decision of period 1 is A's move step.
std::shared_ptr<const game::Scenario> two_lines() {
  auto scn = std::make_shared<Scenario>(testing::table(
      {testing::unit("A left", Troop::HI, 300, 100, 90, 6, 2, Order::A), testing::unit("A right", Troop::HI, 600, 100, 90, 6, 2, Order::A)},
      {testing::unit("B left", Troop::HI, 300, 700, 270, 6, 2, Order::A), testing::unit("B right", Troop::HI, 600, 700, 270, 6, 2, Order::A)}));
  return wrap_scenario(scn);
}

TEST(Wrg6Hidden, TheOtherSidesCommitmentsAreHiddenUntilTheStepResolves) {
  auto gs = two_lines();
  auto g = make_game();
  Rng rng(5);
  auto st = g->new_game(gs, rng);
  const Scenario& scn = scenario_of(*st);
  ASSERT_EQ(state_of(*st).step, Step::Move);
  ASSERT_EQ(st->current_player(), 0);
  // A enters both its units' moves.
  uint32_t a1 = make_action(Kind::Advance, 0, 4), a2 = make_action(Kind::Hold, 1);
  std::vector<game::EventView> ev;
  ASSERT_TRUE(st->apply(a1, rng, &ev, game::kEachSeat));
  for (const auto& e : ev) {
    EXPECT_EQ(e.text.find("advance"), std::string::npos) << "a commitment's event names no choice: " << e.text;
    if (e.seat == 1 && e.json.value("type", "") == "commit") {
      EXPECT_FALSE(e.own);
    }
  }
  ASSERT_TRUE(st->apply(a2, rng));
  ASSERT_EQ(st->current_player(), 1) << "B enters its own now";
  // B's view: A's commitments are unknown, in the state and in its JSON.
  auto view = st->observation(1);
  EXPECT_EQ(state_of(*view).commit[0], kUnknown);
  EXPECT_EQ(state_of(*view).commit[1], kUnknown);
  std::string dumped = view->to_json().dump();
  EXPECT_EQ(dumped.find(std::to_string(a1)), std::string::npos);
  EXPECT_NE(dumped.find("\"hidden\""), std::string::npos);
  // A's own view keeps them.
  EXPECT_EQ(state_of(*st->observation(0)).commit[0], a1);
  // The text of A's choice for B says nothing of it.
  EXPECT_EQ(st->action_text_for(a1, 1).find("advance"), std::string::npos);
  EXPECT_NE(st->action_text_for(a1, 0).find("advance"), std::string::npos);
  // B's legal choices do not depend on what A entered.
  auto other = g->new_game(gs, *std::make_unique<Rng>(5));
  Rng r2(5);
  ASSERT_TRUE(other->apply(make_action(Kind::Hold, 0), r2));
  ASSERT_TRUE(other->apply(make_action(Kind::Advance, 1, 2), r2));
  EXPECT_EQ(other->legal_actions(), st->legal_actions());
  // determinize() fills the hidden commitments with legal choices and nothing else changes.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto d = view->clone();
    Rng dr(seed);
    d->determinize(1, dr);
    const State& ds = state_of(*d);
    for (int id : {0, 1}) {
      std::vector<uint32_t> c;
      unit_choices(scn, ds, id, c);
      EXPECT_NE(std::find(c.begin(), c.end(), ds.commit[id]), c.end());
    }
    State back = ds;
    back.commit[0] = back.commit[1] = kUnknown;
    EXPECT_TRUE(back == state_of(*view));
  }
  // Once B has entered its own the step resolves: both sides' choices are revealed to both.
  ev.clear();
  while (st->current_player() == 1 && state_of(*st).step == Step::Move)
    ASSERT_TRUE(st->apply(st->legal_actions()[0], rng, &ev, game::kEachSeat));
  bool revealed = false;
  for (const auto& e : ev)
    if (e.seat == 1 && e.json.value("type", "") == "reveal" && e.text.find("advance") != std::string::npos) revealed = true;
  EXPECT_TRUE(revealed);
  EXPECT_NE(st->hidden_left(), view->hidden_left()) << "a resolution reveals: a session's undo stops there";
}

TEST(Wrg6Hidden, APositionWithHiddenCommitmentsLoadsBack) {
  auto gs = two_lines();
  auto g = make_game();
  Rng rng(5);
  auto st = g->new_game(gs, rng);
  ASSERT_TRUE(st->apply(make_action(Kind::Advance, 0, 4), rng));
  ASSERT_TRUE(st->apply(make_action(Kind::Hold, 1), rng));
  auto view = st->observation(1);
  std::string err;
  auto back = g->load(view->to_json(), &err);
  ASSERT_TRUE(back) << err;
  EXPECT_TRUE(back->equals(*view));
  auto full = g->load(st->to_json(), &err);
  ASSERT_TRUE(full) << err;
  EXPECT_TRUE(full->equals(*st));
}

}  // namespace
}  // namespace bgb::wrg6
