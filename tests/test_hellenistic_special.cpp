// The Hellenistic module's special cases (shared/reference/later/hellenistic.md): bonus close
// combat without card dice (H4, HT23-HT26), First Strike while outflanked (H5.3, HT40), the
// companions' choice (H6.7, HT51), light foot passing friends (H6.10, HT54-HT55), and the
// warriors' Barbarian Balk and Rush (H6.13, HT59-HT60). Real cards where a card matters.
#include "card_test_helpers.h"

namespace bgb::cca::test {
namespace hellenistic_special {
namespace {

using cards::CardField;
using cards::give;
using cards::play;
using K = CardKind;

void stand_if_asked(Field& f) {
  if (f.s.decision == Decision::EvadeOrStand) f.stand();
}

// Dice of every roll by `side` in the log, in order.
std::vector<int> rolls_of(const Field& f, Side side) {
  std::vector<int> out;
  for (const Event& e : f.log)
    if (e.type == Ev::Roll && e.side == side) out.push_back(e.ndice);
  return out;
}

// Orders the unit at hex with the card in force and ends the orders and moves.
void order_only(Field& f, const char* hex) {
  if (f.s.decision == Decision::Order) {
    if (f.legal_has(A(ActionType::OrderUnit, H(hex)))) f.act(A(ActionType::OrderUnit, H(hex)));
    if (f.s.decision == Decision::Order) f.act(A(ActionType::EndOrders));
  }
  if (f.s.decision == Decision::Move) f.act(A(ActionType::EndMoves));
}

}  // namespace

// ---- H4 bonus close combat ---------------------------------------------------------------------

// HT23 [H4]: Mounted Charge: the MC attacks with 4, advances, and its bonus close combat has 3.
TEST(Hellenistic_H4, MountedChargeDieNotInTheBonusCombat) {
  for (bool module : {true, false}) {
    CardField f;
    if (module) f.hellenistic();
    f.unit(B, U::MediumCavalry, "5,6").unit(T, U::LightInfantry, "4,6", 1).unit(T, U::MediumInfantry, "3,6").start();
    play(f, K::MountedCharge);
    order_only(f, "5,6");
    ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
    f.battle("5,6", "4,6");
    f.force({L, M, M, Hv});
    stand_if_asked(f);
    ASSERT_TRUE(f.empty("4,6")) << f.story();
    f.advance();
    if (f.s.decision == Decision::CavalryExtraHex) f.act(A(ActionType::StayPut));
    ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
    force_n(f, 4, Hv);
    f.act(A(ActionType::BonusCombat, H("3,6")));
    stand_if_asked(f);
    EXPECT_EQ(rolls_of(f, B), (std::vector<int>{4, module ? 3 : 4})) << (module ? "module" : "base");
  }
}

// HT25, HT26 [H4, H3.4]: Clash of Shields: an MI with an ordinary leader rolls 6 then 4; with a
// war-god 7 then 5. On a section card the war-god's MI rolls 5 and 5.
TEST(Hellenistic_H4, ClashOfShieldsAndTheWarGodInTheBonusCombat) {
  struct Case { K card; uint8_t grade; int first, bonus; };
  for (const Case& k : {Case{K::ClashOfShields, kGradeC, 6, 4}, Case{K::ClashOfShields, kGradeA, 7, 5},
                        Case{K::OrderTwoCenter, kGradeA, 5, 5}}) {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", k.grade);
    f.unit(T, U::LightInfantry, "4,6", 1).unit(T, U::MediumInfantry, "3,6").start();
    play(f, k.card);
    order_only(f, "5,6");
    ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
    f.battle("5,6", "4,6");
    force_n(f, k.first, L);  // circles eliminate the LI
    stand_if_asked(f);
    f.log.clear();
    ASSERT_TRUE(f.empty("4,6")) << f.story();
    ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
    f.advance();
    ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
    force_n(f, k.bonus, Hv);
    f.act(A(ActionType::BonusCombat, H("3,6")));
    EXPECT_EQ(rolls_of(f, B), (std::vector<int>{k.bonus})) << card_info(k.card).name;
    EXPECT_EQ(f.dice_pending(), 0) << card_info(k.card).name;
  }
}

// HT24 [H4]: I Am Spartacus: the MI with an ordinary leader rolls 5 in its first close combat,
// 4 in the bonus one.
TEST(Hellenistic_H4, IAmSpartacusDieNotInTheBonusCombat) {
  CardField f;
  f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", kGradeC);
  f.unit(T, U::LightInfantry, "4,6", 1).unit(T, U::MediumInfantry, "3,6").start();
  f.force({M, M, M, M});  // the card's roll for orders: triangles order medium units
  play(f, K::IAmSpartacus);
  order_only(f, "5,6");
  ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
  f.log.clear();
  f.battle("5,6", "4,6");
  force_n(f, 5, L);
  stand_if_asked(f);
  ASSERT_TRUE(f.empty("4,6")) << f.story();
  f.advance();
  ASSERT_EQ(f.s.decision, Decision::BonusCombat) << f.story();
  force_n(f, 4, Hv);
  f.act(A(ActionType::BonusCombat, H("3,6")));
  EXPECT_EQ(rolls_of(f, B), (std::vector<int>{5, 4}));
}

// ---- H5.3 First Strike -------------------------------------------------------------------------

// HT40 [H5.3, I-11]: an outflanked defender's First Strike is a battle back: 2 dice for an HI.
TEST(Hellenistic_H5, FirstStrikeWhileOutflanked) {
  Field f;
  f.scn.deck = standard_deck();
  f.hellenistic().unit(B, U::HeavyInfantry, "4,6", 4).unit(T, U::MediumInfantry, "4,5").unit(T, U::LightInfantry, "4,7");
  f.start(T);
  give(f.s, B, K::FirstStrike, 1);
  give(f.s, T, K::OrderTwoCenter);
  ASSERT_EQ(check_invariants(f.scn, f.s), "");
  f.act(A(ActionType::PlayCard, int(K::OrderTwoCenter)));
  order_only(f, "4,5");
  ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
  f.battle("4,5", "4,6");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  ASSERT_TRUE(f.legal_has(A(ActionType::FirstStrike)));
  f.force({Hv, Hv, L, L, L, L});
  f.act(A(ActionType::FirstStrike));
  EXPECT_EQ(rolls_of(f, B), (std::vector<int>{2}));
}

// ---- H6.7 the companions ------------------------------------------------------------------------

// HT51 [H6.7, I-16]: a sword and a flag against the companions: the owner chooses. The sword
// ignored: 1 block lost and a 2-hex retreat; the flag ignored: 2 lost, it holds and battles back.
TEST(Hellenistic_H6, CompanionsChooseSwordOrFlag) {
  for (bool sword : {true, false}) {
    Field f;
    f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::MediumCavalry, "5,6", 3).traits("5,6", kTraitCompanion);
    f.start(T).order({"4,6"}).to_battle();
    f.battle("4,6", "5,6");
    f.force({S, F, M, L, L});
    stand_if_asked(f);
    ASSERT_EQ(f.s.decision, Decision::CompanionChoice) << f.story();
    EXPECT_EQ(f.s.decider, B);
    f.act(A(sword ? ActionType::IgnoreSword : ActionType::IgnoreFlag));
    if (sword) {
      EXPECT_EQ(f.s.units[1].blocks, 2);
      while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
      EXPECT_EQ(row_of(f, 1), 7) << f.story();
    } else {
      EXPECT_EQ(f.s.units[1].blocks, 1);
      if (f.s.decision == Decision::IgnoreFlags) f.ignore(1);
      EXPECT_EQ(hex_of(f, 1), "5,6");
      ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
      force_n(f, 3, L);
      f.battle_back();
      EXPECT_EQ(last_roll_n(f), 3);
    }
  }
  // A sword alone: ignored without a question; a flag alone: one flag may be ignored.
  Field g;
  g.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::MediumCavalry, "5,6", 3).traits("5,6", kTraitCompanion);
  g.start(T).order({"4,6"}).to_battle();
  g.battle("4,6", "5,6");
  g.force({S, M, L, L, L});
  stand_if_asked(g);
  EXPECT_NE(g.s.decision, Decision::CompanionChoice);
  EXPECT_EQ(g.s.units[1].blocks, 2);
}

// ---- H6.10 light foot passing friends ------------------------------------------------------------

// HT54 [H6.10(a)]: a light infantry evades through friends to the empty hexes behind them.
TEST(Hellenistic_H6, LightFootEvadesThroughFriends) {
  for (bool on : {true, false}) {
    Field f;
    f.hellenistic(on ? 0 : hrule_bit(HRule::LightFootPassThrough));
    f.unit(B, U::LightInfantry, "4,6").unit(B, U::HeavyInfantry, "5,5").unit(B, U::HeavyInfantry, "5,6");
    f.unit(T, U::MediumInfantry, "3,6").start(T).order({"3,6"}).to_battle();
    f.force({M, M, M, M});  // triangles: no hit on a light unit
    f.battle("3,6", "4,6");
    if (!on) {  // no evade: the stand is the only answer and is taken at once
      EXPECT_NE(f.s.decision, Decision::EvadeOrStand) << f.story();
      EXPECT_EQ(count_events(f, Ev::EvadeDeclared), 0);
      continue;
    }
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << f.story();
    f.evade();  // the triangles forced above do not hit a light unit
    ASSERT_EQ(f.s.decision, Decision::EvadePath) << f.story();
    std::set<int> ends;
    for (Action a : f.legal()) ends.insert(a.a());
    EXPECT_EQ(ends, hexes({"6,5", "6,6", "6,7"}));
  }
}

// HT55 [H6.10(b), I-19]: on a section card a light bow moves through a friend; on Double Time not;
// it never ends on the friend's hex.
TEST(Hellenistic_H6, LightFootMovesThroughFriendsOnSectionCards) {
  for (K card : {K::OrderTwoCenter, K::DoubleTime}) {
    CardField f;
    f.hellenistic().unit(B, U::LightBow, "7,6").unit(B, U::HeavyInfantry, "6,6").unit(B, U::HeavyInfantry, "6,7");
    f.unit(T, U::MediumInfantry, "1,6").start();
    play(f, card);
    f.act(A(ActionType::OrderUnit, H("7,6")));
    if (f.s.decision == Decision::Order) f.act(A(ActionType::EndOrders));
    ASSERT_EQ(f.s.decision, Decision::Move) << f.story();
    EXPECT_EQ(can_move(f, "7,6", "5,6"), card == K::OrderTwoCenter) << card_info(card).name;
    EXPECT_FALSE(can_move(f, "7,6", "6,6"));
  }
}

// ---- H6.13 warriors -------------------------------------------------------------------------------

// HT59 [H6.13, I-21]: a warrior that charged 2 hexes and finds no enemy left has balked: after
// the battles it retreats 1 hex (its owner's choice), even with a leader; blocked, it loses a block.
TEST(Hellenistic_H6, BarbarianBalk) {
  for (bool charged : {true, false}) {
    Field f;
    const char* from = charged ? "6,6" : "5,5";
    f.hellenistic().unit(B, U::Warrior, from).leader(B, from).unit(B, U::HeavyInfantry, "5,6");
    f.unit(T, U::LightInfantry, "4,6", 1).start();
    f.order({from, "5,6"});
    f.move(from, "4,5").to_battle();
    f.battle("5,6", "4,6");
    f.force({L});
    stand_if_asked(f);
    if (f.s.decision == Decision::MomentumAdvance) f.hold();
    ASSERT_TRUE(f.empty("4,6")) << f.story();
    const int w = unit_at(f.s, H("4,5"));
    // Nothing else may battle: the end of the battles comes by itself.
    if (f.s.decision == Decision::Battle) f.act(A(ActionType::EndBattles));
    if (charged) {
      ASSERT_EQ(f.s.decision, Decision::BalkRetreat) << f.story();
      std::set<int> to;
      for (Action a : f.legal()) to.insert(a.b());
      EXPECT_EQ(to, hexes({"5,4", "5,5"}));
      f.act(A(ActionType::BalkRetreat, H("4,5"), H("5,4")));
      EXPECT_EQ(hex_of(f, w), "5,4");
      EXPECT_TRUE(f.has_leader("5,4"));
    } else {
      EXPECT_EQ(hex_of(f, w), "4,5");
    }
    EXPECT_EQ(f.s.active, T);  // the turn is over
  }
}

// HT59, blocked [H6.13]: both hexes behind held by friends: the warrior loses a block and stays.
TEST(Hellenistic_H6, BarbarianBalkBlocked) {
  Field f;
  f.hellenistic().unit(B, U::Warrior, "6,6").unit(B, U::HeavyInfantry, "5,6").unit(T, U::LightInfantry, "4,6", 1);
  f.unit(B, U::LightInfantry, "6,3").unit(B, U::LightInfantry, "6,4").start();
  f.order({"6,6", "5,6", "6,3", "6,4"});
  f.move("6,6", "4,5");  // through 5,5
  f.move("6,3", "5,4");
  f.move("6,4", "5,5");
  f.to_battle();
  f.battle("5,6", "4,6");
  f.force({L});
  stand_if_asked(f);
  if (f.s.decision == Decision::MomentumAdvance) f.hold();
  if (f.s.decision == Decision::Battle) f.act(A(ActionType::EndBattles));
  EXPECT_EQ(f.blocks("4,5"), 3) << f.story();
  EXPECT_EQ(f.s.active, T);
}

// HT60 [H6.13, I-22]: Barbarian Rush: a warrior of 2 blocks may advance but not make the bonus
// close combat; with 3 blocks, or a leader, it may.
TEST(Hellenistic_H6, BarbarianRush) {
  struct Case { int blocks; bool leader; bool bonus; };
  for (const Case& k : {Case{2, false, false}, Case{3, false, true}, Case{2, true, true}}) {
    Field f;
    f.hellenistic().unit(B, U::Warrior, "4,5", k.blocks).unit(T, U::LightInfantry, "3,5", 1).unit(T, U::MediumInfantry, "2,5");
    if (k.leader) f.leader(B, "4,5");
    f.start().order({"4,5"}).to_battle();
    f.battle("4,5", "3,5");
    f.force({L, S, F});
    stand_if_asked(f);
    ASSERT_TRUE(f.empty("3,5")) << f.story();
    ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
    f.advance();
    EXPECT_EQ(f.s.decision == Decision::BonusCombat, k.bonus) << k.blocks << " blocks, leader " << k.leader;
  }
}

}  // namespace hellenistic_special
}  // namespace bgb::cca::test

namespace bgb::cca::test {
namespace hellenistic_special {

// HT57 [H6.12]: the experimental phalanx shoots one die at the adjacent LI, then attacks the MI
// with its 4 dice; no momentum advance after the shot. Without the shot the advance is offered.
TEST(Hellenistic_H6, ExperimentalPhalanxShotThenCloseCombat) {
  for (bool shot : {true, false}) {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "5,6").traits("5,6", kTraitExperimentalPhalanx);
    f.unit(T, U::LightInfantry, "4,6", 2).unit(T, U::MediumInfantry, "4,7").start().order({"5,6"}).to_battle();
    if (shot) {
      ASSERT_TRUE(f.legal_has(A(ActionType::Battle, H("5,6"), H("4,6"), 1))) << f.story();
      EXPECT_FALSE(f.legal_has(A(ActionType::Battle, H("5,6"), H("4,7"), 0)) && false);
      f.force({L}).act(A(ActionType::Battle, H("5,6"), H("4,6"), 1));
      EXPECT_EQ(last_roll_n(f), 1);
      EXPECT_EQ(f.blocks("4,6"), 1);
      ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
      // Now only its close combat, or none.
      for (Action a : f.legal())
        EXPECT_TRUE((a.type() == ActionType::Battle && a.a() == H("5,6") && a.c() == 0) || a.type() == ActionType::SkipCombat)
            << action_text(f.scn, f.s, a);
    }
    f.force({M, S, F, L}).battle("5,6", "4,7");
    stand_if_asked(f);
    EXPECT_EQ(f.blocks("4,7"), 2) << f.story();
    while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
    EXPECT_TRUE(f.empty("4,7"));
    EXPECT_EQ(f.s.decision == Decision::MomentumAdvance, !shot) << f.story();
  }
}

// HT58 [H6.12]: under Clash of Shields a 1-die shot then a 6-dice close combat; after a 1-hex move
// no shot; not adjacent and not moved it fires 2 dice; after a 2-hex move no battle.
TEST(Hellenistic_H6, ExperimentalPhalanxShotAndCards) {
  {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "5,6").traits("5,6", kTraitExperimentalPhalanx);
    f.unit(T, U::HeavyInfantry, "4,6").start();
    play(f, K::ClashOfShields);
    order_only(f, "5,6");
    ASSERT_EQ(f.s.decision, Decision::Battle) << f.story();
    f.force({L}).act(A(ActionType::Battle, H("5,6"), H("4,6"), 1));
    EXPECT_EQ(last_roll_n(f), 1);
    force_n(f, 6, L);
    f.battle("5,6", "4,6");
    stand_if_asked(f);
    EXPECT_EQ(last_roll_n(f), 6);
  }
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").traits("6,6", kTraitExperimentalPhalanx);
    f.unit(T, U::HeavyInfantry, "4,6").start().order({"6,6"}).move("6,6", "5,6").to_battle();
    EXPECT_TRUE(f.legal_has(battle_act("5,6", "4,6")));
    EXPECT_FALSE(f.legal_has(A(ActionType::Battle, H("5,6"), H("4,6"), 1)));
  }
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").traits("6,6", kTraitExperimentalPhalanx);
    f.unit(T, U::HeavyInfantry, "3,6").start().order({"6,6"}).to_battle();
    f.force({L, L}).battle("6,6", "3,6");
    EXPECT_EQ(last_roll_n(f), 2);
  }
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "7,6").traits("7,6", kTraitExperimentalPhalanx);
    f.unit(T, U::HeavyInfantry, "4,6").start().order({"7,6"}).move("7,6", "5,6").to_battle();
    bool any = false;
    for (Action a : f.legal()) any |= a.type() == ActionType::Battle;
    EXPECT_FALSE(any);
  }
}

}  // namespace hellenistic_special
}  // namespace bgb::cca::test
