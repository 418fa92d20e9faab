// Rule book §13 Momentum Advance and Bonus Close Combat: when a victorious attacker may advance,
// the cavalry's extra hex, which units may take a bonus close combat, and against whom.
// The usual layout: the bottom attacker at 5,6, the top defender at 4,6 (often with one block, so
// that a single matching symbol eliminates it), another top unit at 3,6 (adjacent to 4,6).
#include <set>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace momentum_s13 {
namespace {

std::set<std::string> bonus_targets(const Field& f) {
  std::set<std::string> out;
  if (f.s.decision != Decision::BonusCombat) return out;
  for (Action a : f.legal())
    if (a.type() == ActionType::BonusCombat) out.insert(hex_name(a.a()));
  return out;
}
std::set<std::string> extra_hexes(const Field& f) {
  std::set<std::string> out;
  if (f.s.decision != Decision::CavalryExtraHex) return out;
  for (Action a : f.legal())
    if (a.type() == ActionType::ExtraHex) out.insert(hex_name(a.a()));
  return out;
}
Action bonus(const char* h) { return Action::make(ActionType::BonusCombat, H(h)); }
Action extra(const char* h) { return Action::make(ActionType::ExtraHex, H(h)); }
Action stay_put() { return Action::make(ActionType::StayPut); }
Action no_bonus() { return Action::make(ActionType::NoBonus); }

}  // namespace

// §13: a momentum advance after eliminating the defender.
TEST(Momentum_S13, AdvanceAfterEliminatingDefender) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).start().order({"5,6"}).to_battle();
  f.force({M, L, L, L, L}).battle("5,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(f.s.decider, B);
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::Advance)));
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::Hold)));
  f.advance();
  EXPECT_EQ(f.at("4,6").type, U::HeavyInfantry);
  EXPECT_TRUE(f.empty("5,6"));
}

// §12 with §13: an advance into a hex with no room behind it says so (a flag there costs a
// block). Sideways along row 4, both hexes behind 4,6 held by the attacker's own units: blocked;
// straight forward from 5,6, the hex it leaves is behind it: open, no warning.
TEST(Momentum_S13, AnAdvanceWithNoRoomToRetreatSaysSo_S12) {
  const uint8_t* back = Board::get().back[idx(B)][H("4,6")];
  ASSERT_NE(back[0], kNoHex);
  ASSERT_NE(back[1], kNoHex);
  Field f;
  f.unit(B, U::HeavyInfantry, "4,5").unit(T, U::MediumInfantry, "4,6", 1);
  f.unit(B, U::HeavyInfantry, hex_name(back[0]).c_str()).unit(B, U::HeavyInfantry, hex_name(back[1]).c_str());
  f.start().order({"4,5"}).to_battle();
  f.force({M, L, L, L, L}).battle("4,5", "4,6");
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(retreat_shortfall_at(f.scn, f.s, f.s.combat.attacker, H("4,6")), 1);
  EXPECT_EQ(action_text(f.scn, f.s, Action::make(ActionType::Advance)),
            "momentum advance (careful: no room to retreat there, a flag costs 1 block)");
  Field g;
  g.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).start().order({"5,6"}).to_battle();
  g.force({M, L, L, L, L}).battle("5,6", "4,6");
  ASSERT_EQ(g.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(retreat_shortfall_at(g.scn, g.s, g.s.combat.attacker, H("4,6")), 0);
  EXPECT_EQ(action_text(g.scn, g.s, Action::make(ActionType::Advance)), "momentum advance");
}

// §13: a momentum advance after forcing the defender to retreat out of its hex.
TEST(Momentum_S13, AdvanceAfterDefenderRetreats) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").start().order({"5,6"}).to_battle();
  f.force({F, L, L, L, L}).battle("5,6", "4,6");
  retreat_first(f);
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  EXPECT_EQ(hex_of(f, 0), "4,6");
}

// §13: no momentum advance when the defender holds its hex (it survived in place).
TEST(Momentum_S13, NoAdvanceWhenDefenderHolds) {
  {  // Hit but not moved.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
    f.force({L, L, L, L}).battle_back();
    EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
    EXPECT_EQ(hex_of(f, 0), "5,6");
  }
  {  // Retreat blocked: it lost a block but stayed.
    Field f;
    f.unit(B, U::HeavyInfantry, "1,6").unit(T, U::MediumInfantry, "0,6").start().order({"1,6"}).to_battle();
    f.force({F, L, L, L, L}).battle("1,6", "0,6");
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
  }
}

// §13: not after an evade.
TEST(Momentum_S13, NoAdvanceAfterEvade) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::LightInfantry, "4,6").start().order({"5,6"}).to_battle();
  f.battle("5,6", "4,6");
  f.force({M, M, M, M, M}).evade();
  f.act(Action::make(ActionType::EvadeTo, H("2,6")));
  EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
  EXPECT_EQ(hex_of(f, 0), "5,6");
}

// §13: not against a lone leader (eliminated or evaded).
TEST(Momentum_S13, NoAdvanceAgainstLoneLeader) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"5,6"}).to_battle();
  f.force({Hm, L, L, L, L}).battle("5,6", "4,6");
  EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
  EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(hex_of(f, 0), "5,6");
}

// §13: a war machine may never make a momentum advance.
TEST(Momentum_S13, NoAdvanceForWarMachines) {
  for (U wm : {U::LightWarMachine, U::HeavyWarMachine}) {
    Field f;
    f.unit(B, wm, "5,6").unit(T, U::MediumInfantry, "4,6", 1).start().order({"5,6"}).to_battle();
    f.force({M, L}).battle("5,6", "4,6");
    EXPECT_TRUE(f.empty("4,6")) << unit_info(wm).code;
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance) << unit_info(wm).code;
    EXPECT_EQ(hex_of(f, 0), "5,6");
  }
}

// §13: a unit battling back may not momentum advance, even when it eliminates or repulses the attacker.
TEST(Momentum_S13, NoAdvanceWhenBattlingBack) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6", 1).unit(T, U::HeavyInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.force({L, L, L, L}).battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::BattleBack);
    f.force({M, L, L, L, L}).battle_back();
    EXPECT_EQ(f.s.units[0].status, Status::Eliminated);
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
    EXPECT_EQ(hex_of(f, 1), "4,6");
  }
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.force({L, L, L, L}).battle("5,6", "4,6");
    f.force({F, L, L, L, L}).battle_back();
    retreat_first(f);
    EXPECT_TRUE(f.empty("5,6"));
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
    EXPECT_EQ(hex_of(f, 1), "4,6");
  }
}

// §13: declining the momentum advance forfeits the bonus close combat.
TEST(Momentum_S13, DecliningAdvanceForfeitsBonusCombat) {
  Field f;
  f.unit(B, U::MediumCavalry, "5,6")
      .unit(T, U::MediumInfantry, "4,6", 1)
      .unit(T, U::HeavyInfantry, "4,7")  // adjacent to the cavalry where it stands
      .start()
      .order({"5,6"})
      .to_battle();
  f.force({M, L, L}).battle("5,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.hold();
  EXPECT_NE(f.s.decision, Decision::BonusCombat);
  EXPECT_NE(f.s.decision, Decision::CavalryExtraHex);
  EXPECT_EQ(count_events(f, Ev::BonusCombat), 0);
  EXPECT_EQ(hex_of(f, 0), "5,6");
  EXPECT_EQ(f.blocks("4,7"), 4);
}

// §13 Cavalry Special Momentum Advance: after its initial successful combat a cavalry unit may
// advance and move one more hex (optional); no extra hex after a bonus combat.
TEST(Momentum_S13, CavalryExtraHex) {
  {
    Field f;
    f.unit(B, U::MediumCavalry, "5,6")
        .unit(T, U::MediumInfantry, "4,6", 1)
        .unit(T, U::HeavyInfantry, "2,6", 1)  // two hexes beyond: reachable only with the extra hex
        .unit(T, U::HeavyInfantry, "0,0")
        .start()
        .order({"5,6"})
        .to_battle();
    f.force({M, L, L}).battle("5,6", "4,6");
    f.advance();
    ASSERT_EQ(f.s.decision, Decision::CavalryExtraHex) << f.story();
    EXPECT_TRUE(f.legal_has(stay_put()));
    auto hexes = extra_hexes(f);
    for (const char* h : {"3,5", "3,6", "4,5", "4,7", "5,5"}) EXPECT_EQ(hexes.count(h), 1u) << h;
    f.act(extra("3,6"));
    EXPECT_EQ(hex_of(f, 0), "3,6");
    ASSERT_EQ(f.s.decision, Decision::BonusCombat);
    EXPECT_EQ(bonus_targets(f), (std::set<std::string>{"2,6"}));
    // The bonus combat eliminates the heavy infantry: advance, but no extra hex, no more combat.
    f.force({Hv, L, L}).act(bonus("2,6"));
    EXPECT_EQ(count_events(f, Ev::BonusCombat), 1);
    ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
    f.advance();
    EXPECT_EQ(hex_of(f, 0), "2,6");
    EXPECT_NE(f.s.decision, Decision::CavalryExtraHex);
    EXPECT_NE(f.s.decision, Decision::BonusCombat);
    EXPECT_EQ(count_events(f, Ev::CavalryExtraHex), 1);
  }
  {  // The extra hex is optional and not needed for the bonus combat.
    Field f;
    f.unit(B, U::HeavyCavalry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).unit(T, U::HeavyInfantry, "3,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L}).battle("5,6", "4,6");
    f.advance();
    ASSERT_EQ(f.s.decision, Decision::CavalryExtraHex);
    f.act(stay_put());
    EXPECT_EQ(hex_of(f, 0), "4,6");
    ASSERT_EQ(f.s.decision, Decision::BonusCombat);
    EXPECT_TRUE(f.legal_has(bonus("3,6")));
  }
  {  // Camels, elephants and chariots are not cavalry: no extra hex.
    for (U t : {U::Camel, U::Elephant, U::HeavyChariot, U::LightChariot}) {
      Field f;
      f.unit(B, t, "5,6").unit(T, U::MediumInfantry, "4,6", 1).unit(T, U::HeavyInfantry, "3,6").start().order({"5,6"}).to_battle();
      f.force({M}).battle("5,6", "4,6");
      ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << unit_info(t).code;
      f.advance();
      EXPECT_EQ(f.s.decision, Decision::BonusCombat) << unit_info(t).code;
    }
  }
}

// §13: after an initial advance, a cavalry unit that wins its bonus combat gets no extra hex.
TEST(Momentum_S13, NoCavalryExtraHexAfterBonusCombat) {
  Field f;
  f.unit(B, U::LightCavalry, "5,6")
      .unit(T, U::MediumInfantry, "4,6", 1)
      .unit(T, U::HeavyInfantry, "3,6", 1)
      .unit(T, U::HeavyInfantry, "0,0")
      .start()
      .order({"5,6"})
      .to_battle();
  f.force({M, L}).battle("5,6", "4,6");
  f.advance();
  f.act(stay_put());
  f.force({Hv, L}).act(bonus("3,6"));
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  EXPECT_EQ(hex_of(f, 0), "3,6");
  EXPECT_NE(f.s.decision, Decision::CavalryExtraHex);
}

// §13 Bonus Close Combat: warriors, non-warrior foot with an attached leader (not war machines),
// camels, cavalry, chariots and elephants; not foot units without a leader.
TEST(Momentum_S13, BonusCombatEligibility) {
  struct Case {
    U type;
    bool leader;
    bool bonus;
  };
  const std::vector<Case> cases = {
      {U::Warrior, false, true},         {U::MediumInfantry, false, false}, {U::MediumInfantry, true, true},
      {U::HeavyInfantry, false, false},  {U::HeavyInfantry, true, true},    {U::Auxilia, false, false},
      {U::Auxilia, true, true},          {U::LightInfantry, false, false},  {U::LightInfantry, true, true},
      {U::LightBow, true, true},         {U::LightCavalry, false, true},    {U::LightBowCavalry, false, true},
      {U::MediumCavalry, false, true},   {U::HeavyCavalry, false, true},    {U::Camel, false, true},
      {U::Elephant, false, true},        {U::LightChariot, false, true},    {U::HeavyChariot, false, true},
  };
  for (const Case& c : cases) {
    Field f;
    f.unit(B, c.type, "5,6").unit(T, U::MediumInfantry, "4,6", 1).unit(T, U::HeavyInfantry, "3,6");
    if (c.leader) f.leader(B, "5,6");
    f.start().order({"5,6"}).to_battle();
    f.force({M}).battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << unit_info(c.type).code << "\n" << f.story();
    f.advance();
    if (f.s.decision == Decision::CavalryExtraHex) f.act(stay_put());
    EXPECT_EQ(f.s.decision == Decision::BonusCombat, c.bonus)
        << unit_info(c.type).code << (c.leader ? " with leader" : " without leader");
    if (c.leader) {
      EXPECT_TRUE(f.has_leader("4,6")) << "the leader advanced with the unit";
    }
  }
  {  // A war machine with a leader never gets there: no momentum advance at all.
    Field f;
    f.unit(B, U::HeavyWarMachine, "5,6").leader(B, "5,6").unit(T, U::MediumInfantry, "4,6", 1).unit(T, U::HeavyInfantry, "3,6");
    f.start().order({"5,6"}).to_battle();
    f.force({M, L}).battle("5,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
    EXPECT_NE(f.s.decision, Decision::BonusCombat);
  }
}

// §13: the bonus close combat may be against any adjacent enemy unit, not only the one that left.
TEST(Momentum_S13, BonusCombatAgainstAnyAdjacentEnemy) {
  Field f;
  f.unit(B, U::Warrior, "5,6")
      .unit(T, U::MediumInfantry, "4,6", 1)
      .unit(T, U::HeavyInfantry, "3,5")
      .unit(T, U::HeavyInfantry, "3,6")
      .unit(T, U::HeavyInfantry, "4,5")
      .unit(B, U::HeavyInfantry, "4,7")  // a friend: not a target
      .start()
      .order({"5,6"})
      .to_battle();
  f.force({M, L, L, L}).battle("5,6", "4,6");
  f.advance();
  ASSERT_EQ(f.s.decision, Decision::BonusCombat);
  EXPECT_EQ(bonus_targets(f), (std::set<std::string>{"3,5", "3,6", "4,5"}));
  EXPECT_TRUE(f.legal_has(no_bonus()));
  f.force({Hv, L, L, L}).act(bonus("4,5"));
  EXPECT_EQ(f.blocks("4,5"), 3);
}

// §13: after a successful bonus close combat the unit may advance, but may not battle again.
TEST(Momentum_S13, AfterBonusCombatAdvanceButNoMoreCombat) {
  Field f;
  f.unit(B, U::Warrior, "5,6")
      .unit(T, U::MediumInfantry, "4,6", 1)
      .unit(T, U::HeavyInfantry, "3,6", 1)
      .unit(T, U::HeavyInfantry, "2,6")  // adjacent to 3,6
      .start()
      .order({"5,6"})
      .to_battle();
  f.force({M, L, L, L}).battle("5,6", "4,6");
  f.advance();
  ASSERT_EQ(f.s.decision, Decision::BonusCombat);
  f.force({Hv, L, L, L}).act(bonus("3,6"));
  EXPECT_TRUE(f.empty("3,6"));
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  f.advance();
  EXPECT_EQ(hex_of(f, 0), "3,6");
  EXPECT_NE(f.s.decision, Decision::BonusCombat);
  EXPECT_EQ(f.blocks("2,6"), 4);
  EXPECT_EQ(count_events(f, Ev::BonusCombat), 1);
}

}  // namespace momentum_s13
}  // namespace bgb::cca::test
