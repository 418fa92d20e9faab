// Whole-turn planning (ai/turn_plan.h, issue 11): the card, the orders and the moves of a turn
// are chosen as one plan, judged by playing it on through the battles and the other side's
// reply; the `plan` bot keeps to its plan while the position is the one it expects.
#include <gtest/gtest.h>

#include <algorithm>

#include "cca/cca_game.h"
#include "ai/bot.h"
#include "cca/model/bots.h"
#include "cca/model/cca_model.h"
#include "ai/turn_plan.h"
#include "cca/cards.h"
#include "cca/observation.h"
#include "card_test_helpers.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace {

using cca::CcaModel;
using ai::PlanParams;
using ai::TurnPlanner;

// Puts these cards in the active side's hand, swapping them in from the deck so the card counts
// stay whole.
void hand_of(Field& f, std::initializer_list<CardKind> cards) {
  const int k = idx(f.s.active);
  int slot = 0;
  for (CardKind c : cards) {
    bool placed = false;
    for (int i = 0; i < f.s.hand_n[k] && !placed; ++i)
      if (f.s.hand[k][i] == uint8_t(c)) std::swap(f.s.hand[k][i], f.s.hand[k][slot]), placed = true;
    for (int i = 0; i < f.s.deck_n && !placed; ++i)
      if (f.s.deck[i] == uint8_t(c)) std::swap(f.s.deck[i], f.s.hand[k][slot]), placed = true;
    ASSERT_TRUE(placed) << "card not found";
    ++slot;
  }
  // The rest of the hand: cards that order nobody here (centre cards; no centre units).
  for (int i = slot; i < f.s.hand_n[k]; ++i) {
    const uint8_t c = f.s.hand[k][i];
    if (c == uint8_t(CardKind::OrderTwoCenter) || c == uint8_t(CardKind::OrderThreeCenter)) continue;
    for (int j = 0; j < f.s.deck_n; ++j)
      if (f.s.deck[j] == uint8_t(CardKind::OrderTwoCenter) || f.s.deck[j] == uint8_t(CardKind::OrderThreeCenter)) {
        std::swap(f.s.deck[j], f.s.hand[k][i]);
        break;
      }
  }
}

// One banner wins. A bottom heavy infantry on the left (6,1) is two hexes from a one-block enemy
// medium infantry (4,1), which cannot evade; a bottom unit on the right (6,11) faces nothing.
Field last_banner_on_the_left() {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,1")
      .unit(Side::Bottom, UnitType::MediumInfantry, "6,11")
      .unit(Side::Top, UnitType::MediumInfantry, "4,1", 1)
      .unit(Side::Top, UnitType::HeavyInfantry, "0,11")
      .banners(1)
      .start();
  hand_of(f, {CardKind::OrderTwoRight, CardKind::OrderTwoLeft});
  return f;
}

TEST(TurnPlan, PlansTheCardOrderAndMoveThatReachTheLastBanner_S6_S7_S8) {
  Field f = last_banner_on_the_left();
  CcaModel m(f.scn);
  TurnPlanner<CcaModel> planner(m, PlanParams{});
  Rng rng(7);
  const State obs = observe(f.s, Side::Bottom);
  auto r = planner.search(obs, 1500, 0, 1, rng);
  ASSERT_FALSE(r.plans.empty());
  const auto& best = r.plans[0].actions;
  ASSERT_FALSE(best.empty());
  EXPECT_EQ(best[0], Action::make(ActionType::PlayCard, int(CardKind::OrderTwoLeft)));
  // Played on the real position, the plan ends at the battle with the infantry next to the enemy.
  State end = planner.end_state(f.s, best);
  EXPECT_EQ(end.decision, Decision::Battle);
  const int hi = unit_at(end, H("6,1")) >= 0 ? unit_at(end, H("6,1")) : -1;
  EXPECT_EQ(hi, -1) << "the heavy infantry stayed where it could not battle";
  bool adjacent = false;
  for (int u = 0; u < end.n_units; ++u)
    if (end.units[u].side == Side::Bottom && end.units[u].type == UnitType::HeavyInfantry)
      adjacent = Board::get().adjacent(end.units[u].hex, H("4,1"));
  EXPECT_TRUE(adjacent);
  // The plan that plays the right card is judged worse.
  double right = -1;
  for (const auto& p : r.plans)
    if (p.actions[0] == Action::make(ActionType::PlayCard, int(CardKind::OrderTwoRight))) right = std::max(right, p.mean());
  ASSERT_GE(right, 0.0);
  EXPECT_GT(r.plans[0].mean(), right + 0.03);
  EXPECT_GT(r.evaluations, 0);
  EXPECT_LE(r.evaluations, 1500);
}

// Each side one banner from victory. A one-block bottom medium infantry (6,2) stands three hexes from a top heavy
// infantry (3,2): the heavy infantry moves one hex and battles (§8, §9), so a step forward puts
// the medium infantry in reach of a battle it will hardly survive, and staying keeps it out.
Field one_block_in_reach_of_the_reply() {
  Field f;
  f.unit(Side::Bottom, UnitType::MediumInfantry, "6,2", 1)
      .unit(Side::Bottom, UnitType::HeavyInfantry, "8,11")
      .unit(Side::Top, UnitType::HeavyInfantry, "3,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,11")
      .banners(2)
      .start();
  f.s.banners[0] = f.s.banners[1] = 1;  // each side one banner from victory
  hand_of(f, {CardKind::OrderTwoLeft});
  return f;
}

TEST(TurnPlan, APlanIsJudgedAfterTheEnemysReply_S8_S9) {
  // The judging rollouts play the plan's turn and the other side's reply before the evaluation
  // (PlanParams::rollout_turns 1): a step that lets the reply's battle take the last banner is
  // judged by that battle, not by the position the plan leaves (where it looks like an advance).
  Field f = one_block_in_reach_of_the_reply();
  const Board& b = Board::get();
  ASSERT_EQ(b.dist[H("6,2")][H("3,2")], 3);
  CcaModel m(f.scn);
  PlanParams p;
  ASSERT_EQ(p.rollout_turns, 1);
  TurnPlanner<CcaModel> planner(m, p);
  Rng rng(17);
  auto r = planner.search(observe(f.s, Side::Bottom), 3000, 0, 1, rng);
  ASSERT_FALSE(r.plans.empty());
  auto mi_distance = [&](const std::vector<Action>& plan) {
    const State end = planner.end_state(f.s, plan);
    for (int u = 0; u < end.n_units; ++u)
      if (end.units[u].alive() && end.units[u].side == Side::Bottom && end.units[u].type == UnitType::MediumInfantry)
        return int(b.dist[end.units[u].hex][H("3,2")]);
    return -1;
  };
  EXPECT_GE(mi_distance(r.plans[0].actions), 3) << "the best plan walks into the reply's battle";
  // Every plan that steps into reach is judged well below the best (the reply's battle takes the
  // banner in most of its re-deals); judged where the plan ends (no turn past it) it is not.
  auto worst_gap = [&](const PlanParams& params) {
    TurnPlanner<CcaModel> pl(m, params);
    Rng rr(17);
    auto res = pl.search(observe(f.s, Side::Bottom), 3000, 0, 1, rr);
    double best_safe = -1, best_near = -1;
    for (const auto& plan : res.plans) {
      if (plan.n < 20) continue;
      const int d = mi_distance(plan.actions);
      if (d == 2) best_near = std::max(best_near, plan.mean());
      if (d >= 3) best_safe = std::max(best_safe, plan.mean());
    }
    return std::pair{best_safe, best_near};
  };
  const auto [safe, near] = worst_gap(p);
  ASSERT_GE(safe, 0.0);
  ASSERT_GE(near, 0.0);
  EXPECT_GT(safe, near + 0.1);  // measured 0.29 against 0.14
  PlanParams own_turn_only = p;
  own_turn_only.rollout_turns = 0;
  const auto [safe0, near0] = worst_gap(own_turn_only);
  ASSERT_GE(safe0, 0.0);
  ASSERT_GE(near0, 0.0);
  EXPECT_LT(std::abs(safe0 - near0), 0.05) << "without the reply the two look alike";  // 0.27 and 0.27
}

TEST(TurnPlan, SameSeedSameBudgetSamePlan) {
  Field f = last_banner_on_the_left();
  CcaModel m(f.scn);
  const State obs = observe(f.s, Side::Bottom);
  TurnPlanner<CcaModel> p1(m, PlanParams{}), p2(m, PlanParams{});
  Rng a(99), b(99);
  auto r1 = p1.search(obs, 400, 0, 1, a);
  auto r2 = p2.search(obs, 400, 0, 1, b);
  ASSERT_EQ(r1.plans.size(), r2.plans.size());
  for (size_t i = 0; i < r1.plans.size(); ++i) {
    EXPECT_EQ(r1.plans[i].actions, r2.plans[i].actions);
    EXPECT_DOUBLE_EQ(r1.plans[i].w, r2.plans[i].w);
  }
}

TEST(TurnPlan, EveryPlanIsLegalAndStopsAtTheFirstBattleDecision_S7_S8_S9) {
  // On a printed battle's opening: each plan is a string of legal decisions of the active side
  // that ends where its plan part ends (battles, or the other side's turn).
  Rng rng(3);
  const Scenario& scn = *find_builtin_scenario("004");
  State s = new_game(scn, rng);
  CcaModel m(scn);
  TurnPlanner<CcaModel> planner(m, PlanParams{});
  auto r = planner.search(observe(s, s.decider), 600, 0, 1, rng);
  ASSERT_GT(r.plans.size(), 3u);
  for (const auto& p : r.plans) {
    State c = s;
    ActionList legal;
    for (const Action& a : p.actions) {
      ASSERT_TRUE(planner.same_part(s, c));
      m.legal_actions(c, legal);
      ASSERT_TRUE(legal.contains(a)) << "an illegal step in a plan";
      std::string err;
      ASSERT_TRUE(apply(scn, c, a, rng, nullptr, &err)) << err;
    }
    EXPECT_FALSE(planner.same_part(s, c)) << "a plan stopped before its part of the turn was over";
  }
  // The plans differ: several first cards are tried.
  std::vector<Action> firsts;
  for (const auto& p : r.plans)
    if (std::find(firsts.begin(), firsts.end(), p.actions[0]) == firsts.end()) firsts.push_back(p.actions[0]);
  EXPECT_GE(firsts.size(), 2u);
}

TEST(TurnPlan, ALargerBudgetWidensThePoolOfDistinctPlans) {
  // Up to evals_per_plan x plans evaluations the pool is the usual 48 plans; a larger budget
  // samples one more plan per evals_per_plan evaluations (the hard level's time buys a wider
  // search, not only a finer judgement of the same plans). max_plans = 0 never widens.
  Rng rng(5);
  const Scenario& scn = *find_builtin_scenario("001");
  const State s = new_game(scn, rng);
  CcaModel m(scn);
  auto plans_judged = [&](const PlanParams& p, long evals) {
    TurnPlanner<CcaModel> planner(m, p);
    Rng r(7);
    auto res = planner.search(observe(s, s.decider), evals, 0, 1, r);
    EXPECT_LE(res.evaluations, evals);
    // Every plan leads to its own position.
    std::vector<State> ends;
    for (const auto& plan : res.plans) {
      const State e = planner.end_state(s, plan.actions);
      for (const State& x : ends) EXPECT_FALSE(x == e) << "two plans with the same end position";
      ends.push_back(e);
    }
    return res.plans.size();
  };
  PlanParams narrow;
  narrow.max_plans = 0;
  const size_t usual = plans_judged(PlanParams{}, 2000);
  EXPECT_LE(usual, 48u + 48u);  // 48 sampled, and the variants bred in the first two rounds
  EXPECT_EQ(usual, plans_judged(narrow, 2000)) << "a small budget samples as it always did";
  const size_t wide = plans_judged(PlanParams{}, 9600);  // 200 plans' worth
  EXPECT_GT(wide, usual + 100);
  EXPECT_LE(plans_judged(narrow, 9600), 48u + 48u);
}

// Breeding (PlanParams::evo_rounds): by default two rounds below 10,000 evaluations a plan and
// five from there (issue 11's eleventh session). The default is the same search as the number
// given on each side of the line, and differs from the other number there: more rounds of
// breeding judge more distinct plans.
TEST(TurnPlan, TheWidePoolsBreedForFiveRoundsTheOthersForTwo) {
  Rng rng(5);
  const Scenario& scn = *find_builtin_scenario("001");
  const State s = new_game(scn, rng);
  CcaModel m(scn);
  auto search = [&](int evo, long evals) {
    PlanParams p;
    p.evo_rounds = evo;
    TurnPlanner<CcaModel> planner(m, p);
    Rng r(11);
    return planner.search(observe(s, s.decider), evals, 0, 1, r);
  };
  auto same = [](const auto& a, const auto& b) {
    if (a.plans.size() != b.plans.size()) return false;
    for (size_t i = 0; i < a.plans.size(); ++i)
      if (a.plans[i].actions != b.plans[i].actions || a.plans[i].w != b.plans[i].w) return false;
    return true;
  };
  const long small = PlanParams::kWideEvals / 2, wide = PlanParams::kWideEvals;
  EXPECT_TRUE(same(search(-1, small), search(2, small)));
  EXPECT_FALSE(same(search(-1, small), search(5, small)));
  EXPECT_TRUE(same(search(-1, wide), search(5, wide)));
  EXPECT_FALSE(same(search(-1, wide), search(2, wide)));
  EXPECT_GT(search(5, wide).plans.size(), search(2, wide).plans.size());
}

// Breeding by point mutation (PlanParams::mutation 1, 2): a variant changes one step and keeps
// the parent's later steps where still legal. Every plan of the pool is a whole legal plan part
// from the re-deal it was sampled on, each distinct, and the search differs from re-sampling.
TEST(TurnPlan, PointMutationBreedsWholeLegalPlans) {
  Rng rng(5);
  const Scenario& scn = *find_builtin_scenario("001");
  const State s = new_game(scn, rng);
  CcaModel m(scn);
  auto search = [&](int mutation) {
    PlanParams p;
    p.mutation = mutation;
    TurnPlanner<CcaModel> planner(m, p);
    Rng r(11);
    return planner.search(observe(s, s.decider), PlanParams::kWideEvals, 0, 1, r);
  };
  const auto resampled = search(0), point = search(1), both = search(2);
  for (const auto* res : {&point, &both}) {
    ASSERT_GT(res->plans.size(), 48u);
    std::vector<std::vector<Action>> seen;
    for (const auto& plan : res->plans) {
      // Replayed on the true position (the plan part needs no hidden facts): every step legal,
      // and the plan ends where the plan part does (the battles or the turn's end).
      State c = s;
      Rng none(1);
      for (Action a : plan.actions) ASSERT_TRUE(apply(scn, c, a, none)) << action_text(scn, c, a);
      EXPECT_TRUE(c.decision != Decision::Order && c.decision != Decision::Move);
      EXPECT_EQ(std::find(seen.begin(), seen.end(), plan.actions), seen.end());
      seen.push_back(plan.actions);
    }
  }
  auto differ = [](const auto& a, const auto& b) {
    if (a.plans.size() != b.plans.size()) return true;
    for (size_t i = 0; i < a.plans.size(); ++i)
      if (a.plans[i].actions != b.plans[i].actions) return true;
    return false;
  };
  EXPECT_TRUE(differ(resampled, point));
  EXPECT_TRUE(differ(point, both));
}

TEST(TurnPlan, OnTheClockThePlannerUsesItsTime) {
  // The first round measures the rate of judging (sampling plans is paid once, at the start); the
  // evaluations left are re-estimated after every round from the time left, so the search neither
  // stops far short of its time nor goes far past it.
  Rng rng(5);
  const Scenario& scn = *find_builtin_scenario("001");
  const State s = new_game(scn, rng);
  CcaModel m(scn);
  TurnPlanner<CcaModel> planner(m, PlanParams{});
  Rng r(7);
  auto res = planner.search(observe(s, s.decider), 1000000000L, 400, 1, r);
  EXPECT_GE(res.seconds, 0.3);
  EXPECT_LT(res.seconds, 2.0);
}

TEST(TurnPlan, PlanBotKeepsItsPlanThroughTheTurnAndExplainsItsCards) {
  // A whole game against the expert: every choice legal, and (with nothing interfering) the plan
  // bot searches a plan once per turn, not once per decision.
  Rng game_rng(11), bot_rng(12);
  const Scenario& scn = *find_builtin_scenario("001");
  State s = new_game(scn, game_rng);
  auto planner = ai::make_bot(cca::kGameName, "plan:iters=200");
  auto expert = ai::make_bot(cca::kGameName, "expert");
  ASSERT_TRUE(planner && expert);
  const Side me = Side::Bottom;
  int plan_decisions = 0, searched = 0, turns = 0, card_hints = 0;
  CcaModel m(scn);
  while (!is_terminal(s) && s.turn < 400) {
    const Side side = s.decider;
    ai::Explanation why;
    Action a;
    if (side == me) {
      const bool card = s.decision == Decision::PlayCard;
      a = cca::choose_in(*planner, scn, observe(s, side), bot_rng, &why);
      if (m.in_plan(s)) {
        ++plan_decisions;
        if (why.iterations > 0) ++searched;
      }
      if (card) {
        ++turns;
        // The explanation of the card lists its alternatives with their plans' values.
        if (why.best.size() >= 2) ++card_hints;
        // The chance said is the chosen card's line, not a flattered plan's own mean.
        if (!why.best.empty()) {
          EXPECT_DOUBLE_EQ(why.win_chance, why.best[0].value);
        }
        for (const auto& v : why.best) EXPECT_EQ(Action{uint32_t(v.action)}.type(), ActionType::PlayCard);
      }
    } else {
      a = cca::choose_in(*expert, scn, observe(s, side), bot_rng);
    }
    std::string err;
    ASSERT_TRUE(apply(scn, s, a, game_rng, nullptr, &err)) << err;
  }
  ASSERT_GT(turns, 5);
  EXPECT_LE(searched, turns + turns / 5) << "the bot re-planned inside its turns";
  EXPECT_GT(plan_decisions, 2 * turns) << "plans of one decision only";
  EXPECT_GT(card_hints, 0);
}

// finish=K: the most judged plans are judged again by an ISMCTS from where each leaves the turn
// (its battles searched in a tree). On the last banner it still plays the card, order and move
// that win: the heavy infantry next to the one-block enemy, then the battle; the spec keeps it.
TEST(TurnPlan, FinishingTheBestPlansBySearchStillFindsTheWinningTurn_S7_S8_S9) {
  Field f = last_banner_on_the_left();
  auto bot = ai::make_bot(cca::kGameName, "plan:iters=300,finish=4,fshare=40");
  ASSERT_TRUE(bot);
  EXPECT_EQ(bot->spec(), "plan:iters=300,finish=4,fshare=40");
  Rng rng(5);
  const Side me = Side::Bottom;
  for (int n = 0; n < 20 && !is_terminal(f.s) && f.s.decider == me; ++n) {
    const Action a = cca::choose_in(*bot, f.scn, observe(f.s, me), rng);
    if (n == 0) {
      EXPECT_EQ(a, Action::make(ActionType::PlayCard, int(CardKind::OrderTwoLeft)));
    }
    if (a.type() == ActionType::Battle) f.force({M, M, M, M, M});  // medium infantry symbols: hits
    f.act(a);
  }
  EXPECT_TRUE(is_terminal(f.s)) << "the turn wins the last banner";
  EXPECT_EQ(f.s.winner, me);
  EXPECT_FALSE(ai::make_bot(cca::kGameName, "plan:iters=300,finish=65")) << "at most 64 plans";
}

TEST(MoveScores, ClosingAnEnemysRetreatIsWorthMore_S12) {
  // A flag a unit cannot retreat from costs it a block (§12). A bottom medium cavalry may ride to
  // either side of a top medium infantry at 4,4: behind it (a hex it would retreat into, toward
  // row 0) or in front. With the ring scores the hex behind is worth more than without them, the
  // more so when the other retreat hex is already closed (option ring=1; here by a second enemy unit, which also
  // leaves the cavalry alone next to two enemies: -0.5); the hex in front is unchanged.
  const Board& b = Board::get();
  for (bool other_closed : {false, true}) {
    Field f;
    f.unit(Side::Bottom, UnitType::MediumCavalry, "6,4").unit(Side::Top, UnitType::MediumInfantry, "4,4");
    const uint8_t* back = b.back[idx(Side::Top)][H("4,4")];
    ASSERT_NE(back[0], kNoHex);
    ASSERT_NE(back[1], kNoHex);
    if (other_closed) f.unit(Side::Top, UnitType::HeavyInfantry, hex_name(back[1]).c_str());
    f.start().order({"6,4"});
    const Action behind = Action::make(ActionType::MoveUnit, H("6,4"), back[0]);
    const uint8_t* front_cells = b.back[idx(Side::Bottom)][H("4,4")];
    const Action front = Action::make(ActionType::MoveUnit, H("6,4"), front_cells[0]);
    ASSERT_TRUE(f.legal_has(behind)) << hex_name(back[0]);
    ASSERT_TRUE(f.legal_has(front)) << hex_name(front_cells[0]);
    CcaModel with(f.scn), without(f.scn);
    with.ring = true;
    const double gain = with.action_prior(f.s, behind) - without.action_prior(f.s, behind);
    EXPECT_NEAR(gain, other_closed ? 0.4 + 0.4 - 0.5 : 0.4, 1e-9);
    EXPECT_NEAR(with.action_prior(f.s, front), without.action_prior(f.s, front), 1e-9);
  }
}

// The bottom heavy infantry at 5,6 has eliminated the medium infantry at 4,6 (§13); two top
// units stand at 3,6 and 4,7, next to the vacated hex; `friend_beside`: a bottom unit at 4,5 too.
Field advance_after_a_kill(bool friend_beside) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "5,6");
  if (friend_beside) f.unit(Side::Bottom, UnitType::HeavyInfantry, "4,5");
  f.unit(Side::Top, UnitType::MediumInfantry, "4,6", 1)
      .unit(Side::Top, UnitType::MediumInfantry, "3,6")
      .unit(Side::Top, UnitType::MediumInfantry, "4,7")
      .start()
      .order({"5,6"})
      .to_battle();
  f.force({M, L, L, L, L}).battle("5,6", "4,6");
  return f;
}

TEST(MoveScores, NoMomentumAdvanceAloneIntoTheEnemyArmy_S13) {
  // Advancing would put the heavy infantry alone next to two enemy units (play-tests: the
  // advanced unit died there); with the ring scores (option ring=1) holding is preferred,
  // without them advancing is.
  Field f = advance_after_a_kill(false);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  const Action advance = Action::make(ActionType::Advance), hold = Action::make(ActionType::Hold);
  CcaModel with(f.scn), without(f.scn);
  with.ring = true;
  EXPECT_LT(with.action_prior(f.s, advance), with.action_prior(f.s, hold));
  EXPECT_GT(without.action_prior(f.s, advance), without.action_prior(f.s, hold));
  // With a friend beside the vacated hex, advancing stays the choice.
  Field g = advance_after_a_kill(true);
  ASSERT_EQ(g.s.decision, Decision::MomentumAdvance);
  CcaModel gm(g.scn);
  gm.ring = true;
  EXPECT_GT(gm.action_prior(g.s, advance), gm.action_prior(g.s, hold));
}

TEST(OrderScores, UnderALeadershipCardTheLeaderBringsHisGroup_S7) {
  // Leadership Any Section: a leader orders his unit and three units linked to him, or one unit
  // instead (§7, the card). With a line of four units around the leader two hexes from the
  // enemy, his group is worth more than any one unit (here a light infantry that could attack a
  // weakened enemy), so the scripted choice (temperature 0) is him; a leader standing alone far
  // from his army is worth less than that unit. The planner samples its plans from these scores
  // and the rollouts play by them: at a flat 0.4 the leader lost to any unit.
  cards::CardField f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,5")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,4")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,6")
      .unit(Side::Bottom, UnitType::MediumInfantry, "6,7")
      .leader(Side::Bottom, "6,5")
      .leader(Side::Bottom, "8,11")
      .unit(Side::Bottom, UnitType::LightInfantry, "5,1")
      .unit(Side::Top, UnitType::MediumInfantry, "4,1", 1)
      .unit(Side::Top, UnitType::HeavyInfantry, "4,5")
      .start();
  cards::play(f, CardKind::LeadershipAnySection);
  ASSERT_EQ(f.s.decision, Decision::Order);
  CcaModel m(f.scn);
  const Action group = Action::make(ActionType::OrderLeader, H("6,5"));
  const Action alone = Action::make(ActionType::OrderLeader, H("8,11"));
  ASSERT_TRUE(f.legal_has(group));
  ASSERT_TRUE(f.legal_has(alone));
  double best_unit = -1e9;
  for (Action a : f.legal())
    if (a.type() == ActionType::OrderUnit) best_unit = std::max(best_unit, m.action_prior(f.s, a));
  EXPECT_GT(m.action_prior(f.s, group), best_unit);
  EXPECT_LT(m.action_prior(f.s, alone), best_unit);
}


// A bottom heavy infantry next to a top medium infantry, which stands on its own baseline (row 0:
// no hex to retreat into) when `trapped`, else in open ground on row 3.
Field infantry_attack(bool trapped) {
  const Board& b = Board::get();
  const char* target = trapped ? "0,4" : "3,4";
  Field f;
  f.unit(Side::Top, UnitType::MediumInfantry, target);
  f.unit(Side::Bottom, UnitType::HeavyInfantry, hex_name(b.back[idx(Side::Bottom)][H(target)][0]).c_str());
  f.start();
  return f;
}

TEST(BattleScores, AFlagCostsATrappedUnitABlock_S12) {
  // §12: a unit that cannot retreat loses a block for every retreat hex it cannot make, so
  // against the trapped infantry each flag is a hit (the rules: one flag, one block). The battle
  // scores count it with the option trap: the trapped target is worth more than the same target
  // in open ground, which scores nearly as it did without the option (the expected loss is then
  // capped at the target's blocks roll by roll, not on average); without it the two score alike.
  double with_score[2], without_score[2];
  for (bool trapped : {false, true}) {
    Field f = infantry_attack(trapped);
    const int att = f.s.units[1].hex, def = f.s.units[0].hex;
    f.order({hex_name(att).c_str()}).to_battle();
    const Action fight = Action::make(ActionType::Battle, att, def);
    ASSERT_TRUE(f.legal_has(fight));
    CcaModel with(f.scn), without(f.scn);
    with.trap = true;
    with_score[trapped] = with.action_prior(f.s, fight);
    without_score[trapped] = without.action_prior(f.s, fight);
    if (trapped) {
      f.force({F, L, L, L, L}).act(fight);  // five dice: one flag, nothing else
      EXPECT_EQ(f.blocks(hex_name(def).c_str()), 3);
    }
  }
  EXPECT_NEAR(without_score[1], without_score[0], 1e-9);
  EXPECT_NEAR(with_score[0], without_score[0], 1e-3);
  EXPECT_GT(with_score[1], with_score[0] + 0.5);
}


TEST(MoveScores, AHexWithNoRetreatCostsAUnitInContact_S12) {
  // With trap=2 a healthy unit next to an enemy is scored down where a flag would cost it blocks:
  // a bottom medium cavalry (3 hexes a flag) choosing between two hexes next to a top infantry,
  // one with its retreat hexes filled by its own units (bolstered by them: half the cost), one
  // open; the open hex is unchanged.
  const Board& b = Board::get();
  Field f;
  f.unit(Side::Top, UnitType::MediumInfantry, "3,6").unit(Side::Bottom, UnitType::MediumCavalry, "4,4");
  // The two hexes in front of the infantry (toward the bottom side), the first one's retreat closed.
  const int closed = b.back[idx(Side::Bottom)][H("3,6")][0], open = b.back[idx(Side::Bottom)][H("3,6")][1];
  for (int k = 0; k < 2; ++k) f.unit(Side::Bottom, UnitType::HeavyInfantry, hex_name(b.back[idx(Side::Bottom)][closed][k]).c_str());
  f.start().order({"4,4"});
  const Action to_closed = Action::make(ActionType::MoveUnit, H("4,4"), closed);
  const Action to_open = Action::make(ActionType::MoveUnit, H("4,4"), open);
  ASSERT_TRUE(f.legal_has(to_closed)) << hex_name(closed);
  ASSERT_TRUE(f.legal_has(to_open)) << hex_name(open);
  CcaModel with(f.scn), without(f.scn);
  with.trap_moves = true;
  // Three hexes mandated, none can be made: 3 blocks short, bolstered: 0.15 each.
  EXPECT_NEAR(without.action_prior(f.s, to_closed) - with.action_prior(f.s, to_closed), 0.45, 1e-9);
  EXPECT_NEAR(with.action_prior(f.s, to_open), without.action_prior(f.s, to_open), 1e-9);
}

TEST(EvalFeatures, TrappedEnemiesAndStrongCards) {
  // trapped: the top infantry on its baseline next to a bottom unit would lose a block to a flag
  // (1 of its 4 blocks, over the 20 banners needed); the side facing it counts it, the other side
  // the opposite. cards: troop, leadership and tactic cards in hand, mine minus theirs.
  Field f = infantry_attack(true);
  CcaModel m(f.scn);
  double bottom[kEvalFeatures], top[kEvalFeatures];
  m.features(f.s, int(Side::Bottom), bottom);
  m.features(f.s, int(Side::Top), top);
  EXPECT_NEAR(bottom[7], 0.25 / 20, 1e-9);
  EXPECT_NEAR(top[7], -0.25 / 20, 1e-9);
  Field g = infantry_attack(false);
  m.features(g.s, int(Side::Bottom), bottom);
  EXPECT_EQ(bottom[7], 0.0);
  // The field's deck holds section cards only; one tactic card swapped into the bottom hand.
  EXPECT_EQ(bottom[8], 0.0);
  g.s.hand[idx(Side::Bottom)][0] = uint8_t(CardKind::DarkenTheSky);
  m.features(g.s, int(Side::Bottom), bottom);
  EXPECT_EQ(bottom[8], 1.0);
}

}  // namespace
}  // namespace bgb::cca::test
