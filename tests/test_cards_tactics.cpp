// The tactic cards (command-cards.md, interpretations in the engine's card notes): Clash of
// Shields, Counter Attack, Darken the Sky, Double Time, Line Command, Mounted Charge,
// Move-Fire-Move, I Am Spartacus, Rally and First Strike, each played from the hand, with forced
// dice where dice matter. Dice counts are read from the BattleDeclared event (its d) and by
// forcing exactly as many faces as the roll should use.
#include "card_test_helpers.h"

namespace bgb::cca::test::cards {
namespace tactic_cards {

// The number of dice of every Roll event by `side`, in order (card rolls included).
std::vector<int> rolls(const Field& f, Side side) {
  std::vector<int> out;
  for (const Event& e : f.log)
    if (e.type == Ev::Roll && e.side == side) out.push_back(e.ndice);
  return out;
}
// Hexes named in the Ordered events of `side` (units only).
std::set<int> ordered_in_log(const Field& f, Side side) {
  std::set<int> out;
  for (const Event& e : f.log)
    if (e.type == Ev::Ordered && e.side == side && e.b == 0) out.insert(e.a);
  return out;
}

// =============================================================================================
// Clash of Shields
// =============================================================================================

// Every unit adjacent to an enemy unit is ordered when the card is played; no other unit; no
// choices and no movement: the turn goes straight to the battles.
TEST(Card_ClashOfShields, OrdersEveryUnitAdjacentToAnEnemy) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(B, U::MediumInfantry, "5,8").unit(B, U::LightInfantry, "7,1");
  f.unit(B, U::HeavyCavalry, "6,10");  // two hexes from the enemy: not ordered
  f.unit(T, U::HeavyInfantry, "4,5").unit(T, U::HeavyInfantry, "4,9");
  f.start(B);
  play(f, K::ClashOfShields);
  ASSERT_EQ(f.s.decision, Decision::Battle) << "no order to give, no move to make" << f.story();
  EXPECT_EQ(ordered_units(f), hexes({"5,5", "5,8"}));
  EXPECT_EQ(count_events(f, Ev::Ordered), 2);
  EXPECT_EQ(count_events(f, Ev::Moved), 0);
  EXPECT_TRUE(has_battle(f, "5,5", "4,5"));
  EXPECT_TRUE(has_battle(f, "5,8", "4,9"));
  EXPECT_TRUE(battle_targets(f, "7,1").empty());
  EXPECT_TRUE(battle_targets(f, "6,10").empty());
}

// Two extra dice in close combat: heavy infantry rolls 5 + 2. The defender's battle back has no
// extra dice.
TEST(Card_ClashOfShields, TwoExtraDiceInCloseCombat) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.start(B);
  play(f, K::ClashOfShields);
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L, L, L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 7);
  EXPECT_EQ(f.dice_pending(), 0) << "exactly 7 dice";
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  f.force({L, L, L, L}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, T), (std::vector<int>{4})) << "the defender battles back with its normal 4 dice";
}

// Terrain maximum first, then the card's extra dice (§16): attacking into a forest (max 2) the
// heavy infantry rolls 2 + 2 = 4.
TEST(Card_ClashOfShields, TerrainMaximumFirstThenTheExtraDice) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5").terrain("4,5", Terrain::Forest);
  f.start(B);
  play(f, K::ClashOfShields);
  f.force({L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_EQ(f.dice_pending(), 0);
}

// No ranged combat: a light sling ordered by the card, whose adjacent enemy has been eliminated
// by another unit, may not fire; nothing moves.
TEST(Card_ClashOfShields, NoRangedCombatEvenWhenTheEnemyIsGone) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(B, U::LightSling, "5,6").unit(B, U::MediumInfantry, "5,9");
  f.unit(T, U::MediumInfantry, "4,6", 1).unit(T, U::HeavyInfantry, "3,7").unit(T, U::HeavyInfantry, "4,9");
  f.start(B);
  play(f, K::ClashOfShields);
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_EQ(ordered_units(f), hexes({"5,5", "5,6", "5,9"}));
  f.force({M, L, L, L, L, L, L}).battle("5,5", "4,6");
  EXPECT_TRUE(f.empty("4,6"));
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << "momentum advance is allowed";
  f.hold();
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(battle_targets(f, "5,6").empty()) << "the sling may not fire at 3,7 (in range, in sight)";
  EXPECT_TRUE(has_battle(f, "5,9", "4,9"));
  // Control: ordered by a section card, the same sling (no enemy next to it) may fire at 3,7.
  CardField g;
  g.unit(B, U::LightSling, "5,6").unit(T, U::HeavyInfantry, "3,7");
  g.start(B);
  play(g, K::OrderTwoCenter);
  g.act(A(ActionType::OrderUnit, H("5,6")));
  g.act(A(ActionType::EndMoves));
  EXPECT_TRUE(has_battle(g, "5,6", "3,7"));
}

// After a successful close combat the unit may momentum advance and take a bonus close combat,
// with its normal dice: medium cavalry 3 + 2 in the combat, 3 in the bonus combat.
TEST(Card_ClashOfShields, BonusCombatWithNormalDice) {
  CardField f;
  f.unit(B, U::MediumCavalry, "5,5").unit(T, U::MediumInfantry, "4,5", 1).unit(T, U::HeavyInfantry, "3,5");
  f.start(B);
  play(f, K::ClashOfShields);
  f.force({M, L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 5);
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  ASSERT_EQ(f.s.decision, Decision::CavalryExtraHex);
  f.act(A(ActionType::StayPut));
  ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
  f.force({L, L, L}).act(A(ActionType::BonusCombat, H("3,5")));
  EXPECT_EQ(declared_dice(f), 3) << "no extra dice in the bonus close combat";
  EXPECT_EQ(f.dice_pending(), 0);
}

// =============================================================================================
// Counter Attack
// =============================================================================================

// The top player's army for the Counter Attack tests: units on both flanks and in the center.
void ca_field(Field& f) {
  f.unit(B, U::HeavyInfantry, "7,1").unit(B, U::HeavyInfantry, "7,10").unit(B, U::LightCavalry, "8,6");
  f.unit(T, U::HeavyInfantry, "1,1").unit(T, U::HeavyInfantry, "1,2");    // bottom's left = top's right
  f.unit(T, U::HeavyInfantry, "1,5").unit(T, U::HeavyInfantry, "1,6");    // center
  f.unit(T, U::HeavyInfantry, "1,10").unit(T, U::HeavyInfantry, "1,11");  // bottom's right = top's left
}

// The opponent's card is repeated, mirrored: left and right swap, center stays center.
TEST(Card_CounterAttack, CopiesTheOpponentsCardMirrored) {
  struct Case {
    K played;
    K copy;
  };
  const Case cases[] = {
      {K::OrderTwoLeft, K::OrderTwoRight},       {K::OrderTwoRight, K::OrderTwoLeft},
      {K::OrderThreeLeft, K::OrderThreeRight},   {K::OrderThreeCenter, K::OrderThreeCenter},
      {K::OrderFourRight, K::OrderFourLeft},     {K::OrderFourCenter, K::OrderFourCenter},
      {K::OutFlanked, K::OutFlanked},            {K::CoordinatedAttack, K::CoordinatedAttack},
      {K::InspiredLeftLeadership, K::InspiredRightLeadership},
      {K::InspiredRightLeadership, K::InspiredLeftLeadership},
      {K::InspiredCenterLeadership, K::InspiredCenterLeadership},
      {K::OrderLightTroops, K::OrderLightTroops}, {K::OrderMounted, K::OrderMounted},
      {K::ClashOfShields, K::ClashOfShields},    {K::LineCommand, K::LineCommand},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(card_info(c.played).name);
    CardField f;
    ca_field(f);
    f.start(B);
    play(f, c.played);
    pass_turn(f);
    ASSERT_EQ(f.s.active, T);
    play(f, K::CounterAttack);
    const Event* copied = last_event(f, Ev::CardCopied);
    ASSERT_NE(copied, nullptr);
    EXPECT_EQ(copied->a, int(c.copy)) << "copied " << card_info(copied->a).name;
    EXPECT_EQ(copied->side, T);
  }
}

// A section card copied: the top player orders in the mirrored section, which is the same flank
// of the table (his right is the bottom player's left).
TEST(Card_CounterAttack, SectionCopyOrdersInTheMirroredSection) {
  CardField f;
  ca_field(f);
  f.start(B);
  play(f, K::OrderTwoLeft);
  pass_turn(f);
  play(f, K::CounterAttack);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_units(f), hexes({"1,1", "1,2"}));
  f.act(A(ActionType::OrderUnit, H("1,1")));
  f.act(A(ActionType::OrderUnit, H("1,2")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "two orders, as on Order Two Units";
  EXPECT_EQ(ordered_units(f), hexes({"1,1", "1,2"}));
}

// Inspired Left Leadership copied is Inspired Right for the copier: only his leader on that side.
TEST(Card_CounterAttack, InspiredLeadershipMirrored) {
  CardField f;
  ca_field(f);
  f.leader(B, "7,1").leader(T, "1,1").leader(T, "1,10");
  f.start(B);
  play(f, K::InspiredLeftLeadership);
  pass_turn(f);
  play(f, K::CounterAttack);
  EXPECT_EQ(orderable_leaders(f), hexes({"1,1"}));
  EXPECT_EQ(orderable_units(f), hexes({"1,1", "1,2"}));
}

// A Leadership Any Section copy must be used in the section where the opponent used his.
TEST(Card_CounterAttack, LeadershipAnySectionCopyUsedInTheSameSection) {
  CardField f;
  ca_field(f);
  f.leader(B, "7,1").leader(T, "1,1").leader(T, "1,6").leader(T, "1,10");
  f.start(B);
  play(f, K::LeadershipAnySection);
  f.act(A(ActionType::OrderLeader, H("7,1")));  // the bottom player's left
  pass_turn(f);
  ASSERT_EQ(f.s.active, T);
  play(f, K::CounterAttack);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_leaders(f), hexes({"1,1"})) << "only the top player's right (the same flank)";
  EXPECT_EQ(orderable_units(f), hexes({"1,1", "1,2"}));
  f.act(A(ActionType::OrderLeader, H("1,1")));
  EXPECT_EQ(orderable_units(f), hexes({"1,2"}));
  f.act(A(ActionType::OrderUnit, H("1,2")));
  if (f.s.decision == Decision::Order) f.act(A(ActionType::EndOrders));
  EXPECT_EQ(ordered_units(f), hexes({"1,1", "1,2"}));
}

// A troop card copy obeys the fallback test for the copier: Order Mounted copied by a player
// without mounted units orders one unit of his choice; with a mounted unit, mounted units only.
TEST(Card_CounterAttack, TroopCopyObeysTheFallbackForTheCopier) {
  {
    CardField f;
    ca_field(f);  // the top player has foot only
    f.start(B);
    play(f, K::OrderMounted);
    pass_turn(f);
    play(f, K::CounterAttack);
    EXPECT_EQ(orderable_units(f), hexes({"1,1", "1,2", "1,5", "1,6", "1,10", "1,11"}));
    f.act(A(ActionType::OrderUnit, H("1,5")));
    EXPECT_EQ(f.s.decision, Decision::Move) << "one unit of his choice";
    EXPECT_EQ(ordered_units(f), hexes({"1,5"}));
  }
  {
    CardField f;
    ca_field(f);
    f.unit(T, U::MediumCavalry, "0,6");
    f.start(B);
    play(f, K::OrderMounted);
    pass_turn(f);
    play(f, K::CounterAttack);
    EXPECT_EQ(orderable_units(f), hexes({"0,6"}));
  }
}

// Countering a Counter Attack copies what that card copied (interpretation).
TEST(Card_CounterAttack, CounteringACounterAttackCopiesWhatItCopied) {
  CardField f;
  ca_field(f);
  f.start(B);
  play(f, K::OrderTwoLeft);
  pass_turn(f);
  play(f, K::CounterAttack);  // the top player: Order Two Right in his view
  pass_turn(f);
  ASSERT_EQ(f.s.active, B);
  play(f, K::CounterAttack);
  const Event* copied = last_event(f, Ev::CardCopied);
  ASSERT_NE(copied, nullptr);
  EXPECT_EQ(copied->side, B);
  EXPECT_EQ(copied->a, int(K::OrderTwoLeft)) << "back to the bottom player's left";
  EXPECT_EQ(orderable_units(f), hexes({"7,1"}));
}

// Nothing to copy (the opponent has played no card yet): the Counter Attack has no effect.
TEST(Card_CounterAttack, NothingToCopyHasNoEffect) {
  CardField f;
  ca_field(f);
  f.start(B);
  play(f, K::CounterAttack);
  const Event* copied = last_event(f, Ev::CardCopied);
  ASSERT_NE(copied, nullptr);
  EXPECT_EQ(copied->a, kNone);
  EXPECT_EQ(f.s.active, T) << "no orders: the turn ends by itself";
  EXPECT_EQ(count_events(f, Ev::Ordered), 0);
  EXPECT_TRUE(in_discards(f.s, K::CounterAttack));
}

// First Strike cannot be countered: a Counter Attack after a First Strike played as the turn
// card has no effect (interpretation).
TEST(Card_CounterAttack, AfterFirstStrikeHasNoEffect) {
  Field f;
  f.scn.deck = standard_deck();
  ca_field(f);
  f.start(B);
  play(f, K::FirstStrike);  // on its own turn: does nothing
  ASSERT_EQ(f.s.active, T) << f.story();
  play(f, K::CounterAttack);
  const Event* copied = last_event(f, Ev::CardCopied);
  ASSERT_NE(copied, nullptr);
  EXPECT_EQ(copied->a, kNone);
  EXPECT_EQ(f.s.active, B);
  EXPECT_EQ(count_events(f, Ev::Ordered), 0);
  EXPECT_EQ(count_events(f, Ev::Moved), 0);
}

// I Am Spartacus copied: the copier rolls his own dice, as many as his command.
TEST(Card_CounterAttack, IAmSpartacusCopierRollsHisOwnDice) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,6");
  f.unit(T, U::LightInfantry, "1,1").unit(T, U::HeavyInfantry, "1,5").unit(T, U::MediumInfantry, "1,9");
  f.scn.command[idx(T)] = 3;
  f.start(B);
  f.force({S, S, F, F});
  play(f, K::IAmSpartacus);  // the bottom player orders nothing
  ASSERT_EQ(f.s.active, T);
  f.force({L, Hm, F});
  play(f, K::CounterAttack);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, T), (std::vector<int>{3}));
  EXPECT_EQ(orderable_units(f), hexes({"1,1", "1,5", "1,9"})) << "the light symbol or the helmet";
  f.act(A(ActionType::OrderUnit, H("1,1")));
  f.act(A(ActionType::OrderUnit, H("1,5")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "both symbols used";
  EXPECT_EQ(ordered_units(f), hexes({"1,1", "1,5"}));
}

// =============================================================================================
// Darken the Sky
// =============================================================================================

// Every ranged unit (all green-circle units and both war machines) is ordered; nothing else.
TEST(Card_DarkenTheSky, OrdersEveryRangedUnitAndNothingMoves) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,1").unit(B, U::LightSling, "7,3").unit(B, U::LightBow, "7,5");
  f.unit(B, U::LightWarMachine, "7,7").unit(B, U::HeavyWarMachine, "7,9").unit(B, U::LightCavalry, "8,0");
  f.unit(B, U::LightBowCavalry, "8,2").unit(B, U::LightChariot, "8,4").unit(B, U::Auxilia, "8,6");
  f.unit(B, U::HeavyInfantry, "8,8").unit(B, U::MediumInfantry, "8,10").unit(B, U::MediumCavalry, "8,12");
  f.unit(T, U::HeavyInfantry, "0,0");
  f.start(B);
  play(f, K::DarkenTheSky);
  EXPECT_EQ(ordered_in_log(f, B), hexes({"7,1", "7,3", "7,5", "7,7", "7,9", "8,0", "8,2", "8,4", "8,6"}));
  EXPECT_EQ(count_events(f, Ev::Moved), 0);
  EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
}

// Each ranged unit may fire twice, the second shot at a new target; no move before.
TEST(Card_DarkenTheSky, EachRangedUnitFiresTwice) {
  CardField f;
  f.unit(B, U::LightSling, "7,5").unit(T, U::HeavyInfantry, "5,5").unit(T, U::HeavyInfantry, "5,6");
  f.start(B);
  play(f, K::DarkenTheSky);
  ASSERT_EQ(f.s.decision, Decision::Battle) << "no move";
  EXPECT_EQ(battle_targets(f, "7,5"), hexes({"5,5", "5,6"}));
  f.force({L, L}).battle("7,5", "5,5");
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_EQ(battle_targets(f, "7,5"), hexes({"5,5", "5,6"})) << "a second shot, any target";
  f.force({Hv, L}).battle("7,5", "5,6");
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("5,5"), 4);
  EXPECT_EQ(f.blocks("5,6"), 3);
  EXPECT_EQ(count_events(f, Ev::BattleDeclared), 2);
  EXPECT_EQ(f.s.active, T) << "two shots fired: nothing left, the turn ends";
}

// Each shot is resolved fully (hits, retreat) before the next: the target of the first shot
// retreated, and the second shot is aimed at its new hex.
TEST(Card_DarkenTheSky, FirstShotResolvedBeforeTheSecond) {
  CardField f;
  f.unit(B, U::LightSling, "7,5").unit(T, U::HeavyInfantry, "5,5");
  f.start(B);
  play(f, K::DarkenTheSky);
  f.force({F, L}).battle("7,5", "5,5");
  ASSERT_EQ(f.s.decision, Decision::Retreat);
  f.retreat_to("4,5");
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(f.empty("5,5"));
  EXPECT_EQ(battle_targets(f, "7,5"), hexes({"4,5"}));
  f.force({Hv, Hv}).battle("7,5", "4,5");
  EXPECT_EQ(f.blocks("4,5"), 2);
  EXPECT_EQ(f.dice_pending(), 0);
}

// No close combat: ranged units next to an enemy may neither fire nor close combat; other units
// are not ordered at all.
TEST(Card_DarkenTheSky, NoCloseCombat) {
  CardField f;
  f.unit(B, U::LightInfantry, "5,5").unit(B, U::HeavyInfantry, "5,7").unit(B, U::LightSling, "7,9");
  f.unit(T, U::HeavyInfantry, "4,5").unit(T, U::HeavyInfantry, "4,7").unit(T, U::HeavyInfantry, "5,9");
  f.start(B);
  play(f, K::DarkenTheSky);
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(ordered(f, "5,5"));
  EXPECT_FALSE(ordered(f, "5,7"));
  EXPECT_TRUE(battle_targets(f, "5,5").empty());
  EXPECT_TRUE(battle_targets(f, "5,7").empty());
  EXPECT_TRUE(has_battle(f, "7,9", "5,9"));
}

// Fallback: a player with no ranged units orders one unit of his choice.
TEST(Card_DarkenTheSky, FallbackOneUnitWithoutRangedUnits) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,5").unit(B, U::MediumCavalry, "7,7").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::DarkenTheSky);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_units(f), hexes({"7,5", "7,7"}));
  f.act(A(ActionType::OrderUnit, H("7,5")));
  EXPECT_EQ(count_events(f, Ev::Ordered), 1);
}

// Fallback: the one unit ordered instead is a plain order; it may move and close combat
// (otherwise the fallback order could never do anything). Interpretation of "order one unit of
// his choice instead".
TEST(Card_DarkenTheSky, FallbackUnitMovesAndBattlesNormally) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "6,5").unit(T, U::HeavyInfantry, "4,5");
  f.start(B);
  play(f, K::DarkenTheSky);
  f.act(A(ActionType::OrderUnit, H("6,5")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "the fallback unit may move\n" << f.story();
  f.move("6,5", "5,5");
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(has_battle(f, "5,5", "4,5"));
}

// =============================================================================================
// Double Time
// =============================================================================================

// Up to 4 foot units in linked hexes (the group may span two sections); not mounted units.
TEST(Card_DoubleTime, OrdersUpToFourLinkedFootUnits) {
  CardField f;
  for (const char* h : {"7,1", "7,2", "7,3", "7,4", "7,5"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(B, U::MediumCavalry, "7,6").unit(B, U::MediumInfantry, "7,9");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::DoubleTime);
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,2", "7,3", "7,4", "7,5", "7,9"})) << "foot units only";
  f.act(A(ActionType::OrderUnit, H("7,2")));
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,3"})) << "each next unit next to an ordered one";
  f.act(A(ActionType::OrderUnit, H("7,3")));
  f.act(A(ActionType::OrderUnit, H("7,4")));  // center section
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,5"})) << "not the cavalry at 7,6";
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "four units: the ordering ends";
  EXPECT_EQ(ordered_units(f), hexes({"7,2", "7,3", "7,4", "7,5"}));
}

// Foot units move 2 hexes and may still battle: heavy infantry moves 2 and closes.
TEST(Card_DoubleTime, FootMovesTwoAndBattles) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,5").unit(B, U::MediumInfantry, "7,6").unit(T, U::MediumInfantry, "4,5");
  f.start(B);
  play(f, K::DoubleTime);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.act(A(ActionType::OrderUnit, H("7,6")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(has_move(f, "7,5", "5,5"));
  EXPECT_TRUE(has_move(f, "7,6", "5,6"));
  EXPECT_FALSE(has_move(f, "7,5", "4,4")) << "not 3 hexes";
  f.move("7,5", "5,5");
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 5) << "no extra dice";
  EXPECT_EQ(f.dice_pending(), 0);
}

// Warriors may move 2 or 3 hexes and must then close combat.
TEST(Card_DoubleTime, WarriorsMoveThreeAndMustCloseCombat) {
  CardField f;
  // Two enemy units, so that the warrior has a choice of target (a single forced choice would
  // be taken automatically).
  f.unit(B, U::Warrior, "7,5").unit(T, U::HeavyInfantry, "3,5").unit(T, U::HeavyInfantry, "3,4");
  f.start(B);
  play(f, K::DoubleTime);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  // One hex anywhere; 2 or 3 only to end next to an enemy unit: 4,4, 4,5 and 4,6 (3 hexes).
  EXPECT_EQ(destinations(f, "7,5"), hexes({"6,5", "6,6", "7,4", "7,6", "8,5", "8,6", "4,4", "4,5", "4,6"}))
      << names(destinations(f, "7,5"));
  f.move("7,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_FALSE(f.legal_has(A(ActionType::EndBattles))) << "the warrior must close combat";
  f.force({L, L, L, L}).battle("4,5", "3,5");
  EXPECT_EQ(declared_dice(f), 4) << "full-strength warrior: 3 + 1";
  EXPECT_EQ(f.dice_pending(), 0);
}

// Auxilia moving 2 hexes may still battle under Double Time (normally they may not).
TEST(Card_DoubleTime, AuxiliaBattleAfterMovingTwo) {
  CardField f;
  f.unit(B, U::Auxilia, "7,5").unit(T, U::HeavyInfantry, "4,5");
  f.start(B);
  play(f, K::DoubleTime);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.move("7,5", "5,5");
  ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
  EXPECT_TRUE(has_battle(f, "5,5", "4,5"));
  f.force({L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 3);
  EXPECT_EQ(f.dice_pending(), 0);
}

// No ranged combat under Double Time: a light sling linked to an ordered heavy infantry may not
// fire at the enemy two hexes away; the heavy infantry closes.
TEST(Card_DoubleTime, NoRangedCombat) {
  CardField f;
  f.unit(B, U::LightSling, "6,5").unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.start(B);
  play(f, K::DoubleTime);
  f.act(A(ActionType::OrderUnit, H("5,5")));
  f.act(A(ActionType::OrderUnit, H("6,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(ordered(f, "6,5"));
  EXPECT_TRUE(battle_targets(f, "6,5").empty()) << "4,5 is in range and sight, but no ranged combat";
  EXPECT_TRUE(has_battle(f, "5,5", "4,5"));
  // Control: ordered by a section card, the sling may fire at 4,5.
  CardField g;
  g.unit(B, U::LightSling, "6,5").unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  g.start(B);
  play(g, K::OrderTwoCenter);
  g.act(A(ActionType::OrderUnit, H("6,5")));
  g.act(A(ActionType::EndMoves));
  EXPECT_TRUE(has_battle(g, "6,5", "4,5"));
}

// War machines gain nothing: a heavy war machine still moves 1 hex.
TEST(Card_DoubleTime, WarMachinesMoveOneHex) {
  CardField f;
  f.unit(B, U::HeavyWarMachine, "7,5").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::DoubleTime);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  for (int h : destinations(f, "7,5")) EXPECT_EQ(Board::get().dist[H("7,5")][h], 1) << hex_name(h);
  EXPECT_FALSE(destinations(f, "7,5").empty());
}

// Fallback: a player with no foot units orders one unit of his choice.
TEST(Card_DoubleTime, FallbackWithoutFootUnits) {
  CardField f;
  f.unit(B, U::MediumCavalry, "7,3").unit(B, U::HeavyCavalry, "7,7").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::DoubleTime);
  EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,7"}));
  f.act(A(ActionType::OrderUnit, H("7,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"7,3"}));
}

// =============================================================================================
// Line Command
// =============================================================================================

// Any number of foot units in linked hexes, across sections; no mounted and no unlinked units;
// no orders are "lost".
TEST(Card_LineCommand, OrdersAnyNumberOfLinkedFootUnits) {
  CardField f;
  const char* line[] = {"7,0", "7,1", "7,2", "7,3", "7,4", "7,5", "7,6", "7,7"};
  const U types[] = {U::LightInfantry, U::HeavyInfantry, U::Warrior, U::Auxilia, U::MediumInfantry, U::LightBow, U::HeavyWarMachine, U::HeavyInfantry};
  for (int i = 0; i < 8; ++i) f.unit(B, types[i], line[i]);
  f.unit(B, U::MediumCavalry, "7,8").unit(B, U::HeavyInfantry, "7,10");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LineCommand);
  f.act(A(ActionType::OrderUnit, H("7,0")));
  for (int i = 1; i < 8; ++i) {
    EXPECT_EQ(orderable_units(f), hexes({line[i]})) << "only the next unit of the line";
    f.act(A(ActionType::OrderUnit, H(line[i])));
  }
  ASSERT_EQ(f.s.decision, Decision::Move) << "neither the cavalry nor the unlinked unit";
  EXPECT_EQ(ordered_units(f).size(), 8u);
  EXPECT_FALSE(ordered(f, "7,8"));
  EXPECT_FALSE(ordered(f, "7,10"));
  EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
}

// Linked runs across rows as well as along them: a unit is linked when it stands in any of the
// six hexes next to an ordered one, and the chain grows from every ordered unit, not only the
// last one ordered.
TEST(Card_LineCommand, LinkedThroughAnyNeighbourOfAnyOrderedUnit) {
  CardField f;
  const Board& b = Board::get();
  const int first = H("6,5");
  std::set<int> next_to_first;
  for (int d = 0; d < kDirs; ++d) next_to_first.insert(b.nbr[first][d]);
  f.unit(B, U::HeavyInfantry, "6,5");
  for (int h : next_to_first) f.unit(B, U::MediumInfantry, hex_name(h).c_str());
  f.unit(B, U::HeavyInfantry, "6,9").unit(B, U::HeavyCavalry, "8,5");  // not linked; not foot
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LineCommand);
  // The first order may go to any foot unit.
  std::set<int> foot = next_to_first;
  foot.insert(first);
  foot.insert(H("6,9"));
  EXPECT_EQ(orderable_units(f), foot);
  // Order the centre unit of the ring: each of its six neighbours is linked, nothing else.
  f.act(A(ActionType::OrderUnit, first));
  EXPECT_EQ(orderable_units(f), next_to_first) << "the six neighbours, across the rows too";
  const int low = *next_to_first.begin();
  f.act(A(ActionType::OrderUnit, low));
  std::set<int> left = next_to_first;
  left.erase(low);
  EXPECT_EQ(orderable_units(f), left) << "still linked through the first ordered unit";
  EXPECT_FALSE(orderable_units(f).count(H("6,9")));
}

// Each ordered unit moves 1 hex at most (light infantry and warriors too).
TEST(Card_LineCommand, MoveOneHexAtMost) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,4").unit(B, U::Warrior, "7,5").unit(B, U::Auxilia, "7,6");
  f.unit(T, U::HeavyInfantry, "5,5");
  f.start(B);
  play(f, K::LineCommand);
  f.act(A(ActionType::OrderUnit, H("7,4")));
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.act(A(ActionType::OrderUnit, H("7,6")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  for (const char* u : {"7,4", "7,5", "7,6"}) {
    std::set<int> d = destinations(f, u);
    EXPECT_FALSE(d.empty()) << u;
    for (int h : d) EXPECT_EQ(Board::get().dist[H(u)][h], 1) << u << " -> " << hex_name(h);
  }
}

// After a 1-hex move the units battle normally: ranged (1 die after moving) or close, with
// momentum advance and bonus close combat.
TEST(Card_LineCommand, RangedAndCloseCombatWithMomentum) {
  CardField f;
  f.unit(B, U::LightSling, "7,5").unit(B, U::HeavyInfantry, "7,6").leader(B, "7,6");
  f.unit(T, U::HeavyInfantry, "4,5").unit(T, U::MediumInfantry, "5,6", 1).unit(T, U::HeavyInfantry, "4,6");
  f.start(B);
  play(f, K::LineCommand);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.act(A(ActionType::OrderUnit, H("7,6")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.move("7,5", "6,5");
  f.move("7,6", "6,6");
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L}).battle("6,5", "4,5");
  EXPECT_EQ(declared_dice(f), 1) << "ranged after moving: 1 die";
  EXPECT_EQ(f.dice_pending(), 0);
  f.force({M, L, L, L, L}).battle("6,6", "5,6");
  EXPECT_TRUE(f.empty("5,6"));
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  ASSERT_EQ(f.s.decision, Decision::BonusCombat) << "foot with an attached leader: bonus combat";
  EXPECT_TRUE(f.legal_has(A(ActionType::BonusCombat, H("4,6"))));
}

// Fallback: no foot units: one unit of the player's choice.
TEST(Card_LineCommand, FallbackWithoutFootUnits) {
  CardField f;
  f.unit(B, U::MediumCavalry, "7,3").unit(B, U::LightCavalry, "7,4").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LineCommand);
  EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,4"}));
  f.act(A(ActionType::OrderUnit, H("7,4")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"7,4"}));
}

// Fallback: the one unit is a plain order, not a Line Command order: a medium cavalry ordered
// instead moves its full 3 hexes (interpretation of "order one unit of his choice instead").
TEST(Card_LineCommand, FallbackUnitMovesItsFullDistance) {
  CardField f;
  f.unit(B, U::MediumCavalry, "7,5").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::LineCommand);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(has_move(f, "7,5", "5,5")) << "2 hexes";
  EXPECT_TRUE(has_move(f, "7,5", "4,5")) << "3 hexes";
}

// =============================================================================================
// Mounted Charge
// =============================================================================================

// Mounted units up to command, no foot units.
TEST(Card_MountedCharge, OrdersMountedUnitsEqualToCommand) {
  CardField f;
  for (auto [t, h] : std::vector<std::pair<U, const char*>>{{U::LightCavalry, "7,1"},
                                                              {U::MediumCavalry, "7,2"},
                                                              {U::HeavyCavalry, "7,3"},
                                                              {U::Camel, "7,4"},
                                                              {U::LightChariot, "7,5"},
                                                              {U::HeavyInfantry, "7,6"}})
    f.unit(B, t, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::MountedCharge);
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,2", "7,3", "7,4", "7,5"}));
  EXPECT_EQ(order_greedily(f), 4);
  EXPECT_EQ(f.s.decision, Decision::Move);
  EXPECT_FALSE(ordered(f, "7,6"));
}

// One extra die in close combat: medium cavalry 3 + 1, heavy cavalry 4 + 1; the defender's
// battle back has none.
TEST(Card_MountedCharge, OneExtraDieInCloseCombat) {
  CardField f;
  f.unit(B, U::MediumCavalry, "5,5").unit(B, U::HeavyCavalry, "5,8");
  f.unit(T, U::MediumInfantry, "4,5").unit(T, U::HeavyInfantry, "4,8");
  f.start(B);
  play(f, K::MountedCharge);
  f.act(A(ActionType::OrderUnit, H("5,5")));
  f.act(A(ActionType::OrderUnit, H("5,8")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  f.force({L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  f.force({L, L, L, L}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, T), (std::vector<int>{4})) << "medium infantry battles back with 4";
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L, L, L, L}).battle("5,8", "4,8");
  EXPECT_EQ(declared_dice(f), 5);
  EXPECT_EQ(f.dice_pending(), 0);
}

// The extra die counts in the bonus close combat too.
TEST(Card_MountedCharge, ExtraDieInBonusCombat) {
  CardField f;
  f.unit(B, U::MediumCavalry, "5,5").unit(T, U::MediumInfantry, "4,5", 1).unit(T, U::HeavyInfantry, "3,5");
  f.start(B);
  play(f, K::MountedCharge);
  f.act(A(ActionType::OrderUnit, H("5,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  f.force({M, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  ASSERT_EQ(f.s.decision, Decision::CavalryExtraHex);
  f.act(A(ActionType::StayPut));
  ASSERT_EQ(f.s.decision, Decision::BonusCombat);
  f.force({L, L, L, L}).act(A(ActionType::BonusCombat, H("3,5")));
  EXPECT_EQ(declared_dice(f), 4) << "3 + 1 in the bonus combat";
  EXPECT_EQ(f.dice_pending(), 0);
}

// Heavy cavalry may move 3 hexes and still battle; other cavalry keep their movement.
TEST(Card_MountedCharge, HeavyCavalryMovesThreeAndBattles) {
  CardField f;
  f.unit(B, U::HeavyCavalry, "7,5").unit(T, U::MediumInfantry, "3,5");
  f.start(B);
  play(f, K::MountedCharge);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(has_move(f, "7,5", "4,5"));
  for (int h : destinations(f, "7,5")) EXPECT_LE(Board::get().dist[H("7,5")][h], 3);
  f.move("7,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L, L, L, L}).battle("4,5", "3,5");
  EXPECT_EQ(declared_dice(f), 5);
  EXPECT_EQ(f.dice_pending(), 0);
  // Without the card heavy cavalry moves 2.
  CardField g;
  g.unit(B, U::HeavyCavalry, "7,5").unit(T, U::MediumInfantry, "3,5");
  g.start(B);
  play(g, K::OrderMounted);
  g.act(A(ActionType::OrderUnit, H("7,5")));
  EXPECT_FALSE(has_move(g, "7,5", "4,5"));
}

// Interpretation: the 3-hex move is the heavy cavalry's only (the card names it). Heavy chariots
// and elephants, which also move 2, keep their 2 hexes under Mounted Charge.
TEST(Card_MountedCharge, OnlyHeavyCavalryGainsTheThirdHex) {
  for (U type : {U::HeavyChariot, U::Elephant}) {
    CardField f;
    f.unit(B, type, "7,5").unit(T, U::MediumInfantry, "1,5");
    f.start(B);
    play(f, K::MountedCharge);
    f.act(A(ActionType::OrderUnit, H("7,5")));
    ASSERT_EQ(f.s.decision, Decision::Move);
    EXPECT_TRUE(has_move(f, "7,5", "5,5")) << unit_info(type).code;
    EXPECT_FALSE(has_move(f, "7,5", "4,5")) << unit_info(type).code << " may not move 3";
    for (int h : destinations(f, "7,5")) EXPECT_LE(Board::get().dist[H("7,5")][h], 2) << unit_info(type).code;
  }
}

// No ranged combat: light (bow) cavalry ordered by the card may not fire.
TEST(Card_MountedCharge, NoRangedCombat) {
  CardField f;
  f.unit(B, U::LightBowCavalry, "7,5").unit(B, U::MediumCavalry, "5,8");
  f.unit(T, U::HeavyInfantry, "5,5").unit(T, U::HeavyInfantry, "4,8");
  f.start(B);
  play(f, K::MountedCharge);
  f.act(A(ActionType::OrderUnit, H("5,8")));
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(battle_targets(f, "7,5").empty());
  EXPECT_TRUE(has_battle(f, "5,8", "4,8"));
  // Control: ordered by a section card, the bow cavalry may fire at 5,5.
  CardField g;
  g.unit(B, U::LightBowCavalry, "7,5").unit(T, U::HeavyInfantry, "5,5");
  g.start(B);
  play(g, K::OrderTwoCenter);
  g.act(A(ActionType::OrderUnit, H("7,5")));
  g.act(A(ActionType::EndMoves));
  EXPECT_TRUE(has_battle(g, "7,5", "5,5"));
}

// Fallback: no mounted units: one unit of the player's choice.
TEST(Card_MountedCharge, FallbackWithoutMountedUnits) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,3").unit(B, U::LightInfantry, "7,4").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::MountedCharge);
  EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,4"}));
  f.act(A(ActionType::OrderUnit, H("7,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"7,3"}));
}

// Fallback: a foot unit ordered instead is not a mounted unit and gets no extra die
// (interpretation: the extra die is for the mounted units the card orders).
TEST(Card_MountedCharge, FallbackFootUnitHasNoExtraDie) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.start(B);
  play(f, K::MountedCharge);
  f.act(A(ActionType::OrderUnit, H("5,5")));
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L, L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 5) << "heavy infantry: 5 dice";
  f.rng.clear_forced();
}

// =============================================================================================
// Move-Fire-Move
// =============================================================================================

// Light units up to command.
TEST(Card_MoveFireMove, OrdersLightUnitsEqualToCommand) {
  CardField f;
  for (const char* h : {"7,1", "7,2", "7,3"}) f.unit(B, U::LightInfantry, h);
  f.unit(B, U::LightCavalry, "7,4").unit(B, U::LightBow, "7,5").unit(B, U::HeavyInfantry, "7,6");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::MoveFireMove);
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,2", "7,3", "7,4", "7,5"}));
  EXPECT_EQ(order_greedily(f), 4);
  EXPECT_EQ(f.s.decision, Decision::Move);
}

// The three steps: move, fire, move again; then the turn ends (no battle after the second move).
TEST(Card_MoveFireMove, MoveThenFireThenMoveAgain) {
  CardField f;
  f.unit(B, U::LightSling, "7,5").unit(T, U::HeavyInfantry, "3,5");
  f.start(B);
  play(f, K::MoveFireMove);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.move("7,5", "6,5");
  ASSERT_EQ(f.s.decision, Decision::Battle) << "the fire step";
  EXPECT_EQ(battle_targets(f, "6,5"), hexes({"3,5"}));
  f.force({Hv}).battle("6,5", "3,5");
  EXPECT_EQ(declared_dice(f), 1) << "it moved: 1 die";
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,5"), 3);
  ASSERT_EQ(f.s.decision, Decision::Move) << "the second move\n" << f.story();
  EXPECT_EQ(f.s.active, B);
  EXPECT_TRUE(has_move(f, "6,5", "7,5"));
  f.move("6,5", "7,5");
  EXPECT_EQ(f.at("7,5").type, U::LightSling);
  EXPECT_EQ(f.s.active, T) << "after the second move the turn ends";
  EXPECT_EQ(count_events(f, Ev::BattleDeclared), 1);
}

// A unit that did not move first fires with full dice and may still move in the second step.
TEST(Card_MoveFireMove, StandAndFireThenMove) {
  CardField f;
  f.unit(B, U::LightSling, "7,5").unit(B, U::LightInfantry, "8,0").unit(T, U::HeavyInfantry, "4,5");
  f.start(B);
  play(f, K::MoveFireMove);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.act(A(ActionType::OrderUnit, H("8,0")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.move("8,0", "8,1");
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L}).battle("7,5", "4,5");
  EXPECT_EQ(declared_dice(f), 2);
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::Move) << f.story();
  EXPECT_TRUE(has_move(f, "7,5", "8,5"));
  EXPECT_TRUE(has_move(f, "8,1", "8,2")) << "the unit that moved first moves again";
  f.move("7,5", "8,5");
  f.move("8,1", "8,2");
  EXPECT_EQ(f.s.active, T);
}

// No close combat: a light unit next to an enemy after the first move may not battle.
TEST(Card_MoveFireMove, NoCloseCombat) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,5").unit(T, U::HeavyInfantry, "5,5");
  f.start(B);
  play(f, K::MoveFireMove);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.move("7,5", "6,5");
  ASSERT_EQ(f.s.decision, Decision::Move) << "no battle in the fire step: straight to the second move";
  EXPECT_EQ(count_events(f, Ev::BattleDeclared), 0);
  f.move("6,5", "7,5");
  EXPECT_EQ(f.s.active, T);
}

// Light foot ordered by Move-Fire-Move may move through friendly units.
TEST(Card_MoveFireMove, LightFootPassesThroughFriends) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,5");
  for (const char* h : {"6,5", "6,6", "7,4", "7,6"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::MoveFireMove);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(has_move(f, "7,5", "5,5"));
  EXPECT_FALSE(has_move(f, "7,5", "6,5"));
}

// Fallback: no light units: one unit of the player's choice.
TEST(Card_MoveFireMove, FallbackWithoutLightUnits) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,3").unit(B, U::MediumCavalry, "7,4").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::MoveFireMove);
  EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,4"}));
  f.act(A(ActionType::OrderUnit, H("7,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(ordered_units(f), hexes({"7,3"}));
}

// Fallback: the one unit is a plain order; a heavy infantry ordered instead may close combat
// (interpretation of "order one unit of his choice instead").
TEST(Card_MoveFireMove, FallbackUnitMayCloseCombat) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::HeavyInfantry, "4,5");
  f.start(B);
  play(f, K::MoveFireMove);
  f.act(A(ActionType::OrderUnit, H("5,5")));
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
  EXPECT_TRUE(has_battle(f, "5,5", "4,5"));
}

// =============================================================================================
// I Am Spartacus
// =============================================================================================

// Dice equal to command; each light / medium / heavy symbol orders a unit of that class, each
// helmet any unit or leader; swords and flags order nothing.
TEST(Card_IAmSpartacus, DiceOrderUnitsOfTheirClass) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,1").unit(B, U::LightInfantry, "7,2").unit(B, U::MediumInfantry, "7,4");
  f.unit(B, U::HeavyInfantry, "7,6").unit(B, U::HeavyCavalry, "7,8").leader(B, "7,10");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.force({L, M, Hm, S});
  play(f, K::IAmSpartacus);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, B), (std::vector<int>{4})) << "command 4: 4 dice";
  ASSERT_EQ(f.s.decision, Decision::Order);
  // Light and medium by their symbol, heavy by the helmet; the leader by the helmet.
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,2", "7,4", "7,6", "7,8"}));
  EXPECT_EQ(orderable_leaders(f), hexes({"7,10"}));
  f.act(A(ActionType::OrderUnit, H("7,1")));  // the light symbol
  f.act(A(ActionType::OrderUnit, H("7,4")));  // the medium symbol
  EXPECT_EQ(orderable_units(f), hexes({"7,6", "7,8"})) << "the helmet is left";
  f.act(A(ActionType::OrderUnit, H("7,6")));  // the helmet
  ASSERT_EQ(f.s.decision, Decision::Move) << "all symbols used";
  EXPECT_EQ(ordered_units(f), hexes({"7,1", "7,4", "7,6"}));
}

// Without a helmet, a class without its symbol cannot be ordered.
TEST(Card_IAmSpartacus, NoSymbolNoOrder) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,1").unit(B, U::MediumInfantry, "7,4").unit(B, U::HeavyInfantry, "7,6");
  f.leader(B, "7,10");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.force({Hv, Hv, F, S});
  play(f, K::IAmSpartacus);
  EXPECT_EQ(orderable_units(f), hexes({"7,6"}));
  EXPECT_EQ(orderable_leaders(f), std::set<int>{});
}

// A helmet orders a leader.
TEST(Card_IAmSpartacus, HelmetOrdersALeader) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,6").leader(B, "7,10").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.force({Hm, S, S, F});
  play(f, K::IAmSpartacus);
  f.act(A(ActionType::OrderLeader, H("7,10")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(leader_ordered(f, "7,10"));
  EXPECT_FALSE(ordered(f, "7,6"));
}

// A helmet may not detach an attached leader: I Am Spartacus has no helmet symbol (§7; the 2006
// rule book). The helmet orders his unit instead, and he goes with it.
TEST(Card_IAmSpartacus, HelmetDoesNotDetachAnAttachedLeader) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,6").leader(B, "7,6").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.force({Hm, S, S, F});
  play(f, K::IAmSpartacus);
  EXPECT_FALSE(f.legal_has(A(ActionType::OrderLeader, H("7,6"))));
  ASSERT_TRUE(f.legal_has(A(ActionType::OrderUnit, H("7,6"))));
  f.act(A(ActionType::OrderUnit, H("7,6")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.move("7,6", "6,6");
  EXPECT_TRUE(f.has_leader("6,6")) << "the attached leader moved with his unit";
}

// Swords and flags order nothing: the turn passes with nothing ordered.
TEST(Card_IAmSpartacus, SwordsAndFlagsOrderNothing) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,6").unit(B, U::LightInfantry, "7,1").unit(T, U::HeavyInfantry, "1,6");
  f.scn.command[idx(B)] = 3;
  f.start(B);
  f.force({S, F, S});
  play(f, K::IAmSpartacus);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, B), (std::vector<int>{3})) << "command 3: 3 dice";
  EXPECT_EQ(count_events(f, Ev::Ordered), 0);
  EXPECT_EQ(f.s.active, T);
}

// Every ordered unit rolls one extra die in its battles this turn, ranged and close; the
// defender's battle back is not affected.
TEST(Card_IAmSpartacus, OneExtraDieInEveryBattle) {
  CardField f;
  f.unit(B, U::LightSling, "7,5").unit(B, U::HeavyInfantry, "5,8");
  f.unit(T, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,8");
  f.start(B);
  f.force({Hv, L, S, S});
  play(f, K::IAmSpartacus);
  f.act(A(ActionType::OrderUnit, H("5,8")));
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  f.force({L, L, L}).battle("7,5", "5,5");
  EXPECT_EQ(declared_dice(f), 3) << "ranged 2 + 1";
  EXPECT_EQ(f.dice_pending(), 0);
  f.force({L, L, L, L, L, L}).battle("5,8", "4,8");
  EXPECT_EQ(declared_dice(f), 6) << "close 5 + 1";
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  f.force({L, L, L, L}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, T), (std::vector<int>{4}));
}

// The extra die counts in a bonus close combat too.
TEST(Card_IAmSpartacus, ExtraDieInBonusCombat) {
  CardField f;
  f.unit(B, U::MediumCavalry, "5,5").unit(T, U::MediumInfantry, "4,5", 1).unit(T, U::HeavyInfantry, "3,5");
  f.start(B);
  f.force({M, S, S, S});
  play(f, K::IAmSpartacus);
  f.act(A(ActionType::OrderUnit, H("5,5")));
  f.act(A(ActionType::EndMoves));
  f.force({M, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(declared_dice(f), 4);
  f.advance();
  f.act(A(ActionType::StayPut));
  ASSERT_EQ(f.s.decision, Decision::BonusCombat);
  f.force({L, L, L, L}).act(A(ActionType::BonusCombat, H("3,5")));
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_EQ(f.dice_pending(), 0);
}

// At the end of the turn the draw deck, the discards and the card are shuffled into a new deck,
// before the draw (interpretation of the timing).
TEST(Card_IAmSpartacus, ReshuffleAtTurnEndBeforeTheDraw) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,6").unit(T, U::HeavyInfantry, "1,6");
  f.start(T);
  play(f, K::OrderTwoCenter);  // the top player's turn puts a card in the discards
  pass_turn(f);
  ASSERT_EQ(f.s.active, B);
  ASSERT_EQ(f.s.discard_n, 1);
  const int deck_before = f.s.deck_n;
  const size_t mark = f.log.size();
  f.force({S, S, S, S});
  play(f, K::IAmSpartacus);
  ASSERT_EQ(f.s.active, T);
  EXPECT_EQ(f.s.discard_n, 0) << "the discards went into the deck";
  EXPECT_EQ(f.s.deck_n, deck_before + 2 - 1) << "plus the discard and the card, minus the draw";
  EXPECT_FALSE(in_discards(f.s, K::IAmSpartacus));
  EXPECT_TRUE(in_deck(f.s, K::IAmSpartacus) || in_hand(f.s, B, K::IAmSpartacus));
  // Reshuffle, then the draw.
  int reshuffle = -1, draw = -1;
  for (size_t i = mark; i < f.log.size(); ++i) {
    if (f.log[i].type == Ev::Reshuffle && reshuffle < 0) reshuffle = int(i);
    if (f.log[i].type == Ev::CardDrawn && f.log[i].side == B) draw = int(i);
  }
  ASSERT_GE(reshuffle, 0);
  ASSERT_GE(draw, 0);
  EXPECT_LT(reshuffle, draw);
  EXPECT_EQ(f.s.hand_n[idx(B)], 4);
}

// =============================================================================================
// Rally
// =============================================================================================

// Rally field: a lone leader at 6,6 with damaged units around him.
struct RallyField : CardField {
  void damage(const char* hex, int blocks) { s.units[unit_at(s, H(hex))].blocks = uint8_t(blocks); }
};

// Each symbol returns one block to a damaged unit of its class in or next to a leader's hex; a
// helmet to any class; the same unit may take several; each unit that regains a block is ordered.
TEST(Card_Rally, SymbolsReturnBlocksNearLeaders) {
  RallyField f;
  f.leader(B, "6,6");
  f.unit(B, U::HeavyInfantry, "5,6").unit(B, U::LightInfantry, "6,5").unit(B, U::MediumInfantry, "6,7");
  f.unit(B, U::HeavyInfantry, "7,6");   // next to the leader, at full strength
  f.unit(B, U::HeavyInfantry, "8,10");  // damaged, far from any leader
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.damage("5,6", 2);
  f.damage("6,5", 2);
  f.damage("6,7", 3);
  f.damage("8,10", 2);
  f.force({L, M, Hv, Hm});
  play(f, K::Rally);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(rolls(f, B), (std::vector<int>{4}));
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_units(f), hexes({"5,6", "6,5", "6,7"}));
  f.act(A(ActionType::OrderUnit, H("5,6")));  // the heavy symbol
  EXPECT_EQ(f.blocks("5,6"), 3);
  f.act(A(ActionType::OrderUnit, H("5,6")));  // the helmet: a second block for the same unit
  EXPECT_EQ(f.blocks("5,6"), 4);
  f.act(A(ActionType::OrderUnit, H("6,5")));  // the light symbol
  f.act(A(ActionType::OrderUnit, H("6,7")));  // the medium symbol
  ASSERT_EQ(f.s.decision, Decision::Move) << "all symbols used";
  EXPECT_EQ(f.blocks("6,5"), 3);
  EXPECT_EQ(f.blocks("6,7"), 4);
  EXPECT_EQ(f.blocks("8,10"), 2);
  EXPECT_EQ(count_events(f, Ev::BlockRegained), 4);
  EXPECT_EQ(ordered_units(f), hexes({"5,6", "6,5", "6,7"}));
  // Rallied units move (and may battle).
  EXPECT_TRUE(has_move(f, "5,6", "4,6"));
  EXPECT_TRUE(destinations(f, "7,6").empty());
}

// No unit goes above its starting strength (the scenario's, when it starts below the usual).
TEST(Card_Rally, NeverAboveStartingStrength) {
  RallyField f;
  f.leader(B, "6,6");
  f.unit(B, U::MediumInfantry, "6,7").unit(B, U::HeavyInfantry, "6,5", 3);  // a 3-block unit
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.damage("6,7", 3);
  f.damage("6,5", 2);
  f.force({Hm, Hm, Hm, Hm});
  play(f, K::Rally);
  f.act(A(ActionType::OrderUnit, H("6,5")));
  EXPECT_EQ(f.blocks("6,5"), 3);
  EXPECT_FALSE(f.legal_has(A(ActionType::OrderUnit, H("6,5")))) << "back at its starting 3 blocks";
  f.act(A(ActionType::OrderUnit, H("6,7")));
  EXPECT_EQ(f.blocks("6,7"), 4);
  ASSERT_EQ(f.s.decision, Decision::Move) << "no damaged unit left: the helmets left are unused";
}

// Elephants and chariots cannot rally; units next to any friendly leader can, including the
// unit the leader is attached to.
TEST(Card_Rally, ElephantsAndChariotsCannotRallyAnyLeaderCounts) {
  RallyField f;
  f.leader(B, "6,6").leader(B, "6,1");
  f.unit(B, U::Elephant, "6,5").unit(B, U::LightChariot, "6,7").unit(B, U::HeavyChariot, "5,6");
  f.unit(B, U::MediumCavalry, "6,1").unit(B, U::HeavyInfantry, "7,1");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.damage("6,5", 1);
  f.damage("6,7", 1);
  f.damage("5,6", 1);
  f.damage("6,1", 1);
  f.damage("7,1", 1);
  f.force({Hm, Hm, Hm, Hm});
  play(f, K::Rally);
  EXPECT_EQ(orderable_units(f), hexes({"6,1", "7,1"}));
}

// Without leaders the player orders one unit of his choice instead: no dice, no block.
TEST(Card_Rally, NoLeadersOneUnitOfChoice) {
  RallyField f;
  f.unit(B, U::HeavyInfantry, "7,3").unit(B, U::MediumInfantry, "7,6").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  f.damage("7,3", 2);
  play(f, K::Rally);
  EXPECT_TRUE(rolls(f, B).empty()) << "no dice rolled";
  EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,6"}));
  f.act(A(ActionType::OrderUnit, H("7,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(f.blocks("7,3"), 2);
  EXPECT_EQ(ordered_units(f), hexes({"7,3"}));
}

// A unit that regains a block is ordered and may battle.
TEST(Card_Rally, RalliedUnitBattles) {
  RallyField f;
  f.leader(B, "6,6").unit(B, U::HeavyInfantry, "5,6").unit(B, U::HeavyInfantry, "5,7");
  f.unit(T, U::MediumInfantry, "4,6").unit(T, U::MediumInfantry, "4,7");
  f.start(B);
  f.damage("5,6", 3);
  f.damage("5,7", 3);  // 5,7 is not next to the leader at 6,6
  f.force({Hv, S, S, S});
  play(f, K::Rally);
  EXPECT_EQ(orderable_units(f), hexes({"5,6"}));
  f.act(A(ActionType::OrderUnit, H("5,6")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_FALSE(battle_targets(f, "5,6").empty());
  EXPECT_TRUE(battle_targets(f, "5,7").empty());
  f.force({L, L, L, L, L}).battle("5,6", "4,6");
  EXPECT_EQ(declared_dice(f), 5) << "no extra die from Rally";
}

// =============================================================================================
// First Strike
// =============================================================================================

// The First Strike layout: the bottom heavy infantry at 5,5 attacks the top unit at 4,5.
// The full deck; the top player holds First Strike.
struct StrikeField : Field {
  StrikeField() { scn.deck = standard_deck(); }
  // Starts, gives First Strike to the top player (or not), and brings the bottom player to his
  // battles with the unit at 5,5 ordered.
  void begin(bool top_holds_first_strike = true) {
    start(B);
    if (top_holds_first_strike) give(s, T, K::FirstStrike, 1);
    else {
      take_away(s, T, K::FirstStrike);
      take_away(s, B, K::FirstStrike);
    }
    give(s, B, K::OrderTwoCenter);
    ASSERT_EQ(check_invariants(scn, s), "");
    act(A(ActionType::PlayCard, int(K::OrderTwoCenter)));
    if (s.decision == Decision::Order) {
      act(A(ActionType::OrderUnit, H("5,5")));
      if (s.decision == Decision::Order) act(A(ActionType::EndOrders));
    }
    if (s.decision == Decision::Move) act(A(ActionType::EndMoves));
    ASSERT_EQ(s.decision, Decision::Battle) << story();
  }
};

// The defender holding First Strike is asked after the close combat is declared, before the roll.
TEST(Card_FirstStrike, DefenderAskedBeforeTheRoll) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  EXPECT_EQ(f.s.decider, T);
  EXPECT_EQ(count_events(f, Ev::Roll), 0) << "no dice yet";
  ActionList l = f.legal();
  EXPECT_TRUE(f.legal_has(A(ActionType::Stand)));
  EXPECT_TRUE(f.legal_has(A(ActionType::FirstStrike)));
  EXPECT_EQ(l.size(), 2) << "medium infantry cannot evade";
}

// First Strike: the defender strikes first with its battle-back dice; the attacker, surviving in
// place, then attacks; the defender does not battle back.
TEST(Card_FirstStrike, DefenderStrikesFirstThenAttackerNoBattleBack) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  const size_t mark = f.log.size();
  f.force({Hv, L, L, L,       // the defender's first strike: 4 dice, one heavy hit
           M, L, L, L, L});   // then the attacker: 5 dice, one medium hit
  f.act(A(ActionType::FirstStrike));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("5,5"), 3);
  EXPECT_EQ(f.blocks("4,5"), 3);
  // Order of the rolls: the defender first.
  std::vector<Side> order;
  for (size_t i = mark; i < f.log.size(); ++i)
    if (f.log[i].type == Ev::Roll) order.push_back(f.log[i].side);
  EXPECT_EQ(order, (std::vector<Side>{T, B}));
  EXPECT_EQ(count_events(f, Ev::FirstStrikePlayed), 1);
  // No battle back: the attacker's turn goes on.
  EXPECT_NE(f.s.decision, Decision::BattleBack);
  EXPECT_EQ(count_events(f, Ev::BattleBackDeclared), 0);
  EXPECT_TRUE(in_discards(f.s, K::FirstStrike));
  EXPECT_FALSE(in_hand(f.s, T, K::FirstStrike));
}

// The first strike uses the battle-back dice where a unit has them (camel: 2).
TEST(Card_FirstStrike, UsesTheBattleBackDice) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::Camel, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  f.force({L, L, L, L, L, L, L});
  f.act(A(ActionType::FirstStrike));
  EXPECT_EQ(rolls(f, T), (std::vector<int>{2})) << "a camel battles back with 2 dice";
  EXPECT_EQ(rolls(f, B), (std::vector<int>{5}));
  EXPECT_EQ(f.dice_pending(), 0);
}

// If the first strike makes the attacker retreat, the attacker does not attack; the defender
// does not momentum advance.
TEST(Card_FirstStrike, AttackerRetreatedDoesNotAttack) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  f.force({F, L, L, L});
  f.act(A(ActionType::FirstStrike));
  retreat_first(f);
  EXPECT_TRUE(f.empty("5,5")) << "the attacker retreated";
  EXPECT_EQ(f.blocks("4,5"), 4);
  EXPECT_EQ(rolls(f, B), std::vector<int>{}) << "the attacker never rolled";
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
  EXPECT_FALSE(f.empty("4,5")) << "the defender stays";
}

// A first strike that eliminates the attacker ends the combat: no attack, a banner for the
// defender's side.
TEST(Card_FirstStrike, AttackerEliminatedByTheFirstStrike) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5", 1).unit(T, U::MediumInfantry, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  f.force({Hv, L, L, L});
  f.act(A(ActionType::FirstStrike));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_TRUE(f.empty("5,5"));
  EXPECT_EQ(f.banners(T), 1);
  EXPECT_EQ(rolls(f, B), std::vector<int>{});
  EXPECT_EQ(f.blocks("4,5"), 4);
}

// The attacker may still momentum advance after eliminating the defender.
TEST(Card_FirstStrike, AttackerMayMomentumAdvance) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5", 1);
  f.begin();
  f.battle("5,5", "4,5");
  f.force({L, L, L, L, M, L, L, L, L});
  f.act(A(ActionType::FirstStrike));
  EXPECT_TRUE(f.empty("4,5"));
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(f.s.decider, B);
  f.advance();
  EXPECT_EQ(f.at("4,5").type, U::HeavyInfantry);
}

// The First Strike player draws his replacement at the end of that turn, before the active
// player draws.
TEST(Card_FirstStrike, ReplacementDrawnBeforeTheActivePlayersDraw) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  f.force({L, L, L, L, L, L, L, L, L});
  const size_t mark = f.log.size();
  f.act(A(ActionType::FirstStrike));
  EXPECT_EQ(f.dice_pending(), 0);
  if (f.s.decision == Decision::Battle) f.act(A(ActionType::EndBattles));
  ASSERT_EQ(f.s.active, T) << f.story();
  std::vector<Side> draws;
  for (size_t i = mark; i < f.log.size(); ++i)
    if (f.log[i].type == Ev::CardDrawn) draws.push_back(f.log[i].side);
  EXPECT_EQ(draws, (std::vector<Side>{T, B}));
  EXPECT_EQ(f.s.hand_n[idx(T)], 4);
  EXPECT_EQ(f.s.hand_n[idx(B)], 4);
}

// The defender is asked even when he does not hold First Strike, as long as the attacker cannot
// rule it out (it is in the deck, not in his hand, not in the discards): only Stand is legal,
// and the question is not answered automatically.
TEST(Card_FirstStrike, DefenderAskedEvenWithoutTheCard) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin(/*top_holds_first_strike=*/false);
  ASSERT_TRUE(in_deck(f.s, K::FirstStrike));
  f.battle("5,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << "asked although he cannot strike first";
  EXPECT_EQ(f.s.decider, T);
  ActionList l = f.legal();
  ASSERT_EQ(l.size(), 1);
  EXPECT_EQ(l[0], A(ActionType::Stand));
  f.force({L, L, L, L, L}).stand();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// Once First Strike is in the discards the attacker knows: the defender is not asked.
TEST(Card_FirstStrike, NotAskedOnceFirstStrikeIsDiscarded) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin(false);
  discard_card(f.s, K::FirstStrike);
  ASSERT_EQ(check_invariants(f.scn, f.s), "");
  f.force({L, L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(f.dice_pending(), 0) << "rolled at once";
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// Nor when the attacker holds First Strike himself.
TEST(Card_FirstStrike, NotAskedWhenTheAttackerHoldsIt) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.begin(false);
  give(f.s, B, K::FirstStrike, 1);
  ASSERT_EQ(check_invariants(f.scn, f.s), "");
  f.force({L, L, L, L, L}).battle("5,5", "4,5");
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// A defender that may evade is offered Stand, Evade and First Strike.
TEST(Card_FirstStrike, EvadeStandOrFirstStrike) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::LightInfantry, "4,5");
  f.begin();
  f.battle("5,5", "4,5");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  EXPECT_TRUE(f.legal_has(A(ActionType::Stand)));
  EXPECT_TRUE(f.legal_has(A(ActionType::Evade)));
  EXPECT_TRUE(f.legal_has(A(ActionType::FirstStrike)));
}

// Ranged combat: First Strike does not apply; the target is not asked.
TEST(Card_FirstStrike, NotAskedInRangedCombat) {
  StrikeField f;
  f.unit(B, U::LightSling, "6,5").unit(T, U::HeavyInfantry, "4,5");
  f.start(B);
  give(f.s, T, K::FirstStrike, 1);
  play(f, K::OrderTwoCenter);
  f.act(A(ActionType::OrderUnit, H("6,5")));
  if (f.s.decision == Decision::Move) f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  f.force({L, L}).battle("6,5", "4,5");
  EXPECT_EQ(f.dice_pending(), 0) << "rolled at once";
  EXPECT_EQ(f.s.active, T) << "the shot is over and so is the turn";
}

// Played as one's own turn card First Strike does nothing; it is discarded.
TEST(Card_FirstStrike, PlayedOnOwnTurnDoesNothing) {
  StrikeField f;
  f.unit(B, U::HeavyInfantry, "5,5").unit(T, U::MediumInfantry, "4,5");
  f.start(B);
  play(f, K::FirstStrike);
  EXPECT_EQ(f.s.active, T) << "no orders: the turn ends by itself";
  EXPECT_EQ(count_events(f, Ev::Ordered), 0);
  EXPECT_EQ(count_events(f, Ev::BattleDeclared), 0);
  EXPECT_TRUE(in_discards(f.s, K::FirstStrike));
}

}  // namespace tactic_cards
}  // namespace bgb::cca::test::cards
