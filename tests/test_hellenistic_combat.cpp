// The Hellenistic module's combat rules (shared/reference/later/hellenistic.md): leader grades in
// combat (H3.3-H3.5), outflanking (H5), the troop traits (H6, H8, H9) and the light matchups (H7),
// all read from the one combat table (H11). Each test is one of the spec's test situations (HTnn),
// with forced dice on an empty clear board; B is the bottom army, T the top.
#include "cca/rules_internal.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace hellenistic_combat {
namespace {

Ctx ctx(Field& f) { return Ctx{f.scn, f.s, f.rng, nullptr, Board::get()}; }

void stand_if_asked(Field& f) {
  if (f.s.decision == Decision::EvadeOrStand) f.stand();
}

// Hits and flags of these faces rolled by the unit at `from` against the unit at `to`.
std::pair<int, int> score(Field& f, const char* from, const char* to, std::initializer_list<int> faces,
                          RollKind kind = RollKind::Close) {
  Ctx c = ctx(f);
  std::vector<uint8_t> v;
  for (int x : faces) v.push_back(uint8_t(x));
  int hits = 0, flags = 0;
  score_roll(c, v.data(), int(v.size()), unit_at(f.s, H(from)), unit_at(f.s, H(to)), kind, hits, flags);
  return {hits, flags};
}

int dice(Field& f, const char* from, const char* to, bool battle_back = false) {
  Ctx c = ctx(f);
  return close_combat_dice(c, unit_at(f.s, H(from)), H(to), battle_back);
}

bool flanked(Field& f, const char* hex) {
  Ctx c = ctx(f);
  return outflanked(c, unit_at(f.s, H(hex)));
}

}  // namespace

// ---- H3 leader grades -----------------------------------------------------------------------

// HT12 [H3.4]: an attached war-god adds a die to the MI's 4; a superior leader adds none.
TEST(Hellenistic_H3, WarGodAddsACloseCombatDie) {
  for (auto [g, n] : {std::pair{kGradeA, 5}, {kGradeB, 4}, {kGradeC, 4}, {kGradeD, 4}}) {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", g).unit(T, U::HeavyInfantry, "4,6");
    f.start().order({"5,6"}).to_battle();
    force_n(f, n, L);  // circles: no hit on heavy infantry
    f.battle("5,6", "4,6");
    EXPECT_EQ(last_roll_n(f), n) << "grade " << grade_letter(g);
    EXPECT_EQ(f.dice_pending(), 0);
  }
  // With the module off the same leader adds nothing.
  Field f;
  f.unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", kGradeA).unit(T, U::HeavyInfantry, "4,6").start();
  EXPECT_EQ(dice(f, "5,6", "4,6"), 4);
}

// HT13 [H3.4]: the war-god's die counts in the battle back: a B HI with him battles back with 6.
TEST(Hellenistic_H3, WarGodDieInTheBattleBack) {
  Field f;
  f.hellenistic().unit(T, U::MediumInfantry, "4,6").unit(B, U::HeavyInfantry, "5,6").leader(B, "5,6").grade("5,6", kGradeA);
  f.start(T).order({"4,6"}).to_battle();
  force_n(f, 4, L);  // no hit on the HI
  f.battle("4,6", "5,6");
  stand_if_asked(f);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  force_n(f, 6, Hv);  // squares do not hit the MI
  f.battle_back();
  EXPECT_EQ(last_roll_n(f), 6);
  EXPECT_EQ(f.blocks("4,6"), 4);
}

// HT14 [H3.4, H11.1, I-28]: attacking uphill caps the MI at 2, and the war-god's die comes after: 3.
TEST(Hellenistic_H3, WarGodDieAfterTheTerrainMaximum) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", kGradeA).unit(T, U::HeavyInfantry, "4,6");
  f.terrain("4,6", Terrain::Hill).start();
  EXPECT_EQ(dice(f, "5,6", "4,6"), 3);
}

// HT15 [H3.3]: a lone leader next to the attacker: his grade caps the helmets that hit.
TEST(Hellenistic_H3, HelmetCapsByGradeOfAnAdjacentLeader) {
  const std::pair<uint8_t, int> cases[] = {{kGradeA, 3}, {kGradeB, 2}, {kGradeC, 1}, {kGradeD, 0}};
  for (auto [g, hits] : cases) {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").leader(B, "5,5").grade("5,5", g).start();
    EXPECT_EQ(score(f, "5,6", "4,6", {Hm, Hm, Hm, L}).first, hits) << "grade " << grade_letter(g);
  }
  Field none;
  none.hellenistic().unit(B, U::MediumInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").start();
  EXPECT_EQ(score(none, "5,6", "4,6", {Hm, Hm, Hm, L}).first, 0);
  // Base game: any leader adjacent makes every helmet hit.
  Field base;
  base.unit(B, U::MediumInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").leader(B, "5,5").grade("5,5", kGradeD).start();
  EXPECT_EQ(score(base, "5,6", "4,6", {Hm, Hm, Hm, L}).first, 3);
}

// HT16 [H3.3]: a low-ranking leader attached to the unit counts one helmet.
TEST(Hellenistic_H3, LowRankingLeaderAttachedCountsOneHelmet) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", kGradeD).unit(T, U::HeavyInfantry, "4,6").start();
  EXPECT_EQ(score(f, "5,6", "4,6", {Hm, Hm, Hm, L}).first, 1);
}

// HT17 [H3.3, I-6]: an attached ordinary leader and an adjacent war-god: the best cap, not a sum.
TEST(Hellenistic_H3, BestCapOfTheLeadersWhoReachTheUnit) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").grade("5,6", kGradeC).leader(B, "5,5").grade("5,5", kGradeA);
  f.unit(T, U::HeavyInfantry, "4,6").start();
  EXPECT_EQ(score(f, "5,6", "4,6", {Hm, Hm, Hm, L}).first, 3);
}

// A leader without a grade is an ordinary (c) leader under the module [I-4]: one helmet.
TEST(Hellenistic_H3, NoGradeReadsAsOrdinary) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").leader(B, "5,5").start();
  EXPECT_EQ(score(f, "5,6", "4,6", {Hm, Hm, Hm, L}).first, 1);
}

// HT18 [H3.5, H11.3]: a superior leader attached lets the HI ignore one more sword: 3 hits - 1.
TEST(Hellenistic_H3, SuperiorLeaderIgnoresASword) {
  for (auto [g, lost] : {std::pair{kGradeB, 2}, {kGradeC, 3}}) {
    Field f;
    f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::HeavyInfantry, "5,6").leader(B, "5,6").grade("5,6", g);
    f.start(T).order({"4,6"}).to_battle();
    f.force({S, S, Hv, L, L}).force({F, F});  // the attack, then the leader's casualty check: no loss
    f.battle("4,6", "5,6");
    EXPECT_EQ(f.blocks("5,6"), 4 - lost) << "grade " << grade_letter(g) << "\n" << f.story();
    EXPECT_TRUE(f.has_leader("5,6"));
  }
}

// HT19 [H3.4]: an elephant gets no war-god die and counts no helmets: 4 dice against an MI, 1 hit.
TEST(Hellenistic_H3, ElephantGetsNoWarGodDieNorHelmets) {
  Field f;
  f.hellenistic().unit(B, U::Elephant, "5,6").leader(B, "5,6").grade("5,6", kGradeA).unit(T, U::MediumInfantry, "4,6").start();
  EXPECT_EQ(dice(f, "5,6", "4,6"), 4);
  EXPECT_EQ(score(f, "5,6", "4,6", {Hm, Hm, M, L}).first, 1);
}

// ---- H5 outflanking ---------------------------------------------------------------------------

// HT27, HT28 [H5.1]: two enemy units on opposite sides outflank; 3,6 and 5,4 do not (5,6 is free).
TEST(Hellenistic_H5, OutflankedByEnemyUnitsAroundTheHex) {
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::LightInfantry, "4,5").unit(T, U::LightInfantry, "4,7").start();
    EXPECT_TRUE(flanked(f, "4,6"));
  }
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::LightInfantry, "3,6").unit(T, U::LightInfantry, "5,5").start();
    EXPECT_TRUE(flanked(f, "4,6"));
  }
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::LightInfantry, "3,6").unit(T, U::LightInfantry, "5,4").start();
    EXPECT_FALSE(flanked(f, "4,6"));
  }
  {  // The sub-rule off: never.
    Field f;
    f.hellenistic(hrule_bit(HRule::Outflanking)).unit(B, U::MediumInfantry, "4,6").unit(T, U::LightInfantry, "4,5");
    f.unit(T, U::LightInfantry, "4,7").start();
    EXPECT_FALSE(flanked(f, "4,6"));
  }
}

// HT29 [H5.1]: friendly units and impassable terrain around the hex change nothing.
TEST(Hellenistic_H5, FriendsAndImpassableHexesDoNotHelp) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::LightInfantry, "4,5").unit(T, U::LightInfantry, "4,7");
  f.unit(B, U::LightInfantry, "3,5").unit(B, U::LightInfantry, "5,6").terrain("5,5", Terrain::River).start();
  EXPECT_TRUE(flanked(f, "4,6"));
}

// HT30 [H5.2, I-10]: a lone enemy leader is not a unit.
TEST(Hellenistic_H5, LoneLeaderDoesNotOutflank) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::HeavyInfantry, "3,6").leader(T, "5,5").start();
  EXPECT_FALSE(flanked(f, "4,6"));
}

// HT31 [H5.2]: a unit on an edge hex is never outflanked.
TEST(Hellenistic_H5, EdgeHexIsNeverOutflanked) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "4,0").unit(T, U::LightInfantry, "3,0").unit(T, U::LightInfantry, "4,1");
  f.unit(T, U::LightInfantry, "5,0").start();
  EXPECT_FALSE(flanked(f, "4,0"));
  Field g;
  g.hellenistic().unit(B, U::MediumInfantry, "8,6").unit(T, U::LightInfantry, "8,5").unit(T, U::LightInfantry, "8,7");
  g.unit(T, U::LightInfantry, "7,5").unit(T, U::LightInfantry, "7,6").start();
  EXPECT_FALSE(flanked(g, "8,6"));
}

// HT32, HT33 [H5.2]: an elephant is never outflanked, but an enemy elephant outflanks.
TEST(Hellenistic_H5, ElephantsAreNeverOutflankedButOutflankOthers) {
  Field f;
  f.hellenistic().unit(B, U::Elephant, "4,6").unit(T, U::MediumInfantry, "4,5").unit(T, U::HeavyInfantry, "4,7").start();
  EXPECT_FALSE(flanked(f, "4,6"));
  EXPECT_EQ(dice(f, "4,6", "4,5", true), 4);  // copies the MI, not reduced
  Field g;
  g.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::Elephant, "4,5").unit(T, U::HeavyInfantry, "4,7").start();
  EXPECT_TRUE(flanked(g, "4,6"));
}

// HT34 [H5.4]: an outflanked HI battles back with 2 dice; not outflanked, 5.
TEST(Hellenistic_H5, OutflankedBattleBackHalvedToTwo) {
  for (bool flank : {true, false}) {
    Field f;
    f.hellenistic().unit(B, U::HeavyInfantry, "4,6", 4).unit(T, U::MediumInfantry, "4,5");
    if (flank) f.unit(T, U::LightInfantry, "4,7");
    f.start(T).order({"4,5"}).to_battle();
    f.force({L, L, M, M});  // no hit on the HI
    f.battle("4,5", "4,6");
    stand_if_asked(f);
    ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
    force_n(f, flank ? 2 : 5, Hv);
    f.battle_back();
    EXPECT_EQ(last_roll_n(f), flank ? 2 : 5);
    EXPECT_EQ(f.dice_pending(), 0);
  }
}

// HT35 [H5.4, H11.1]: with a war-god attached, 6 halves to 3, capped at 2; and no helmet hits.
TEST(Hellenistic_H5, OutflankedBattleBackCountsNoHelmets) {
  Field f;
  f.hellenistic().unit(B, U::HeavyInfantry, "4,6", 4).leader(B, "4,6").grade("4,6", kGradeA);
  f.unit(T, U::MediumInfantry, "4,5").unit(T, U::LightInfantry, "4,7").start(T);
  EXPECT_EQ(dice(f, "4,6", "4,5", true), 2);
  EXPECT_EQ(dice(f, "4,6", "4,5", false), 6);
  EXPECT_EQ(score(f, "4,6", "4,5", {Hm, Hm}, RollKind::BattleBack).first, 0);
  EXPECT_EQ(score(f, "4,6", "4,5", {Hm, Hm}, RollKind::Close).first, 2);  // when it attacks: all
}

// HT36 [H5.4]: outflanked silver shields still count one helmet.
TEST(Hellenistic_H5, OutflankedSilverShieldsCountOneHelmet) {
  Field f;
  f.hellenistic().unit(B, U::HeavyInfantry, "4,6").traits("4,6", kTraitSilverShields);
  f.unit(T, U::MediumInfantry, "4,5").unit(T, U::LightInfantry, "4,7").start(T);
  EXPECT_EQ(dice(f, "4,6", "4,5", true), 2);
  EXPECT_EQ(score(f, "4,6", "4,5", {Hm, Hm}, RollKind::BattleBack).first, 1);
}

// HT37 [H5.4]: outflanked battle back: an LI 1 die, a full-strength warrior 2, an MC 2.
TEST(Hellenistic_H5, OutflankedBattleBackOfOtherTypes) {
  for (auto [type, n] : {std::pair{U::LightInfantry, 1}, {U::Warrior, 2}, {U::MediumCavalry, 2}}) {
    Field f;
    f.hellenistic().unit(B, type, "4,6").unit(T, U::MediumInfantry, "4,5").unit(T, U::LightInfantry, "4,7").start(T);
    EXPECT_EQ(dice(f, "4,6", "4,5", true), n) << unit_info(type).code;
  }
}

// HT39 [H5.3]: outflanking never changes an attack: the outflanked MI attacks with 4.
TEST(Hellenistic_H5, OutflankedUnitAttacksInFull) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(T, U::LightInfantry, "4,5").unit(T, U::LightInfantry, "4,7");
  f.start().order({"4,6"}).to_battle();
  f.force({Hv, Hv, Hv, Hv});
  f.battle("4,6", "4,5");
  stand_if_asked(f);
  EXPECT_EQ(last_roll_n(f), 4);
}

// HT38 [H5.3]: the status is taken when the unit battles back, after the turn's earlier moves.
TEST(Hellenistic_H5, OutflankingCountsEarlierAdvances) {
  for (bool mc_first : {true, false}) {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "4,6").unit(B, U::LightInfantry, "5,5", 1);
    f.unit(T, U::HeavyInfantry, "3,6").unit(T, U::MediumCavalry, "5,4");
    f.start(T).order({"3,6", "5,4"}).to_battle();
    auto mc_attack = [&] {
      f.force({L, L, L}).battle("5,4", "5,5");
      stand_if_asked(f);
      ASSERT_TRUE(f.empty("5,5")) << f.story();
      ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
      f.advance();
      if (f.s.decision == Decision::CavalryExtraHex) f.act(A(ActionType::StayPut));
      if (f.s.decision == Decision::BonusCombat) f.act(Action::make(ActionType::NoBonus));
    };
    if (mc_first) mc_attack();
    f.force({L, L, L, L, L}).battle("3,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
    force_n(f, mc_first ? 2 : 4, L);
    f.battle_back();
    EXPECT_EQ(last_roll_n(f), mc_first ? 2 : 4) << (mc_first ? "after the MC's advance" : "before it");
  }
}

// ---- H6 troop traits ---------------------------------------------------------------------------

// HT41 [H6.1]: a peltast evades an HI: only circles hit, it ends on row 7, no advance follows.
TEST(Hellenistic_H6, PeltastEvadesMediumAndHeavyInfantry) {
  Field f;
  f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::Auxilia, "5,6", 3).traits("5,6", kTraitPeltast);
  f.start(T).order({"4,6"}).to_battle();
  f.battle("4,6", "5,6");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << f.story();
  f.force({L, Hv, S, F, Hm}).evade();
  ASSERT_EQ(f.s.decision, Decision::EvadePath) << f.story();
  const std::set<int> ends = [&] {
    std::set<int> out;
    for (Action a : f.legal()) out.insert(a.a());
    return out;
  }();
  EXPECT_EQ(ends, hexes({"7,5", "7,6", "7,7"}));
  f.act(f.legal()[0]);
  EXPECT_TRUE(f.empty("5,6"));
  int u = 1;
  EXPECT_EQ(f.s.units[u].blocks, 2);
  EXPECT_EQ(row_of(f, u), 7);
  EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
  // Against a medium cavalry or a warrior, and for a plain auxilia, no evade is offered.
  for (auto [attacker, trait] : {std::pair<U, uint16_t>{U::MediumCavalry, kTraitPeltast}, {U::Warrior, kTraitPeltast},
                                 {U::HeavyInfantry, 0}}) {
    Field g;
    g.hellenistic().unit(T, attacker, "4,6").unit(B, U::Auxilia, "5,6").traits("5,6", trait);
    g.start(T).order({"4,6"}).to_battle();
    force_n(g, 5, Hv);
    g.battle("4,6", "5,6");
    EXPECT_NE(g.s.decision, Decision::EvadeOrStand) << unit_info(attacker).code;
  }
}

// HT42 [H6.2]: a tribal auxilia retreats 2 hexes per flag, battles back with 2, attacks with 3.
TEST(Hellenistic_H6, TribalRetreatsTwoAndBattlesBackWithTwo) {
  {
    Field f;
    f.hellenistic().unit(T, U::MediumInfantry, "4,6").unit(B, U::Auxilia, "5,6").traits("5,6", kTraitTribal);
    f.start(T).order({"4,6"}).to_battle();
    f.force({F, M, M, S}).battle("4,6", "5,6");
    while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
    EXPECT_EQ(f.s.units[1].blocks, 3);
    EXPECT_EQ(row_of(f, 1), 7) << f.story();
  }
  {
    Field f;
    f.hellenistic().unit(T, U::MediumInfantry, "4,6").unit(B, U::Auxilia, "5,6").traits("5,6", kTraitTribal);
    f.start(T).order({"4,6"}).to_battle();
    f.force({M, M, M, M}).battle("4,6", "5,6");
    ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
    f.force({Hv, Hv}).battle_back();
    EXPECT_EQ(last_roll_n(f), 2);
    EXPECT_EQ(dice(f, "5,6", "4,6"), 3);
  }
  {  // A plain auxilia retreats 1.
    Field f;
    f.hellenistic().unit(T, U::MediumInfantry, "4,6").unit(B, U::Auxilia, "5,6");
    f.start(T).order({"4,6"}).to_battle();
    f.force({F, M, M, S}).battle("4,6", "5,6");
    while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
    EXPECT_EQ(row_of(f, 1), 6);
  }
}

// HT43 [H6.3]: silver shields: 5 blocks, one sword ignored, one more flag ignorable; battles back with 5.
TEST(Hellenistic_H6, SilverShieldsIgnoreASwordAndAFlag) {
  Field f;
  f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::HeavyInfantry, "5,6").traits("5,6", kTraitSilverShields);
  f.start(T);
  EXPECT_EQ(f.blocks("5,6"), 5);
  f.order({"4,6"}).to_battle();
  f.force({S, S, Hv, F, L}).battle("4,6", "5,6");
  EXPECT_EQ(f.blocks("5,6"), 3);
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  f.ignore(1);
  EXPECT_FALSE(f.empty("5,6"));
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  force_n(f, 5, L);
  f.battle_back();
  EXPECT_EQ(last_roll_n(f), 5);
}

// HT44 [H6.3, I-13]: silver shields count their first helmet; a superior leader near counts 2;
// an ordinary one does not add to the one.
TEST(Hellenistic_H6, SilverShieldsFirstHelmet) {
  auto hits = [](int grade) {
    Field f;
    f.hellenistic().unit(B, U::HeavyInfantry, "5,6").traits("5,6", kTraitSilverShields).unit(T, U::HeavyInfantry, "4,6");
    if (grade) f.leader(B, "5,5").grade("5,5", uint8_t(grade));
    f.start();
    return score(f, "5,6", "4,6", {Hm, Hm, Hv, L, M}).first;
  };
  EXPECT_EQ(hits(0), 2);
  EXPECT_EQ(hits(kGradeB), 3);
  EXPECT_EQ(hits(kGradeC), 2);
}

// HT46 [H6.3]: against fire, one flag is ignored and the other moves it back 1 hex.
TEST(Hellenistic_H6, SilverShieldsUnderFire) {
  Field f;
  f.hellenistic().unit(T, U::LightBow, "2,6").unit(B, U::HeavyInfantry, "5,6").traits("5,6", kTraitSilverShields);
  f.start(T).order({"2,6"}).to_battle();
  f.force({F, F}).battle("2,6", "5,6");
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  f.ignore(1);
  while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
  EXPECT_EQ(row_of(f, 1), 6);
  EXPECT_EQ(f.s.units[1].blocks, 5);
}

// HT49 [H6.5]: an immortal: 5 blocks, one flag ignored, the other retreats it 1 hex.
TEST(Hellenistic_H6, ImmortalsIgnoreAFlag) {
  Field f;
  f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::MediumInfantry, "5,6").traits("5,6", kTraitImmortal);
  f.start(T).order({"4,6"}).to_battle();
  f.force({F, F, M, L, L}).battle("4,6", "5,6");
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  f.ignore(1);
  while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
  EXPECT_EQ(f.s.units[1].blocks, 4);
  EXPECT_EQ(row_of(f, 1), 6);
}

// HT50 [H6.6]: a cataphract ignores the first sword; with a superior leader, one more.
TEST(Hellenistic_H6, CataphractIgnoresTheFirstSword) {
  {
    Field f;
    f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::HeavyCavalry, "5,6", 3).traits("5,6", kTraitCataphract);
    f.start(T);
    EXPECT_EQ(score(f, "4,6", "5,6", {S, S, Hv, L, L}).first, 2);
  }
  {
    Field f;
    f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::HeavyCavalry, "5,6", 3).traits("5,6", kTraitCataphract);
    f.leader(B, "5,6").grade("5,6", kGradeB).start(T);
    EXPECT_EQ(score(f, "4,6", "5,6", {S, S, Hv, L, L}).first, 1);
  }
}

// HT51 (ranged part) [H6.7]: the companions ignore their first flag against fire.
TEST(Hellenistic_H6, CompanionsIgnoreTheFirstFlagOfFire) {
  Field f;
  f.hellenistic().unit(T, U::LightBow, "2,6").unit(B, U::MediumCavalry, "4,6", 3).traits("4,6", kTraitCompanion);
  f.start(T);
  Ctx c = ctx(f);
  EXPECT_EQ(flags_ignorable(c, 1, 0, true), 1);
  EXPECT_EQ(retreat_per_flag(c, 1, 0, true), 2);
}

// HT52 [H6.8, I-18]: an elite slinger's swords hit light foot when it fires and anyone when it
// battles back, but not when it attacks.
TEST(Hellenistic_H6, EliteSkirmisherSwords) {
  Field f;
  f.hellenistic().unit(B, U::LightSling, "6,6").traits("6,6", kTraitEliteSkirmisher).unit(T, U::LightInfantry, "3,6");
  f.unit(T, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "5,7").start();
  EXPECT_EQ(score(f, "6,6", "3,6", {S, S}, RollKind::Ranged).first, 2);
  EXPECT_EQ(score(f, "6,6", "5,6", {S, M}, RollKind::Ranged).first, 1);
  EXPECT_EQ(score(f, "6,6", "5,7", {S, L}, RollKind::Close).first, 1);
  EXPECT_EQ(score(f, "6,6", "5,6", {S, M}, RollKind::BattleBack).first, 2);
  // Without the trait: swords never hit.
  Field g;
  g.hellenistic().unit(B, U::LightSling, "6,6").unit(T, U::LightInfantry, "3,6").start();
  EXPECT_EQ(score(g, "6,6", "3,6", {S, S}, RollKind::Ranged).first, 0);
}

// HT53 [H6.9, I-17]: an elite light infantry's fire: swords hit auxilia (light foot).
TEST(Hellenistic_H6, EliteJavelinsHitAuxiliaWithSwords) {
  Field f;
  f.hellenistic().unit(B, U::LightInfantry, "6,6").traits("6,6", kTraitEliteSkirmisher).unit(T, U::Auxilia, "4,6").start();
  EXPECT_EQ(score(f, "6,6", "4,6", {S, L}, RollKind::Ranged).first, 2);
}

// HT56 [H6.11]: an Indian elephant rolls 4 and an African 2 against each other; one breed or none, 3.
TEST(Hellenistic_H6, ElephantBreeds) {
  auto pair = [](uint16_t b_trait, uint16_t t_trait) {
    Field f;
    f.hellenistic().unit(B, U::Elephant, "5,6").traits("5,6", b_trait).unit(T, U::Elephant, "4,6").traits("4,6", t_trait);
    f.start();
    return std::pair{dice(f, "5,6", "4,6"), dice(f, "4,6", "5,6", true)};
  };
  EXPECT_EQ(pair(kTraitIndian, kTraitAfrican), std::pair(4, 2));
  EXPECT_EQ(pair(kTraitAfrican, kTraitIndian), std::pair(2, 4));
  EXPECT_EQ(pair(kTraitIndian, kTraitIndian), std::pair(3, 3));
  EXPECT_EQ(pair(0, kTraitIndian), std::pair(3, 3));
}

// HT61 [H6.13, I-23]: an elite warrior: 5 blocks, 3+1+1 in its first roll, 4 in the next; full
// strength at 4 blocks (a flag ignored), not at 3.
TEST(Hellenistic_H6, EliteWarriorFirstRollAndStrength) {
  Field f;
  f.hellenistic().unit(B, U::Warrior, "5,6").traits("5,6", kTraitEliteWarrior).unit(T, U::HeavyInfantry, "4,6");
  f.start();
  EXPECT_EQ(f.blocks("5,6"), 5);
  f.order({"5,6"}).to_battle();
  force_n(f, 5, L);
  f.battle("5,6", "4,6");
  EXPECT_EQ(last_roll_n(f), 5);
  if (f.s.decision == Decision::BattleBack) {
    force_n(f, 5, L);  // circles do not hit a warrior (medium)
    f.battle_back();
  }
  EXPECT_EQ(dice(f, "5,6", "4,6"), 4);
  Ctx c = ctx(f);
  f.s.units[0].blocks = 4;
  EXPECT_EQ(flags_ignorable(c, 0, 1, false), 1);
  f.s.units[0].blocks = 3;
  EXPECT_EQ(flags_ignorable(c, 0, 1, false), 0);
  // At 2 blocks its first roll has no bonus die (3 dice).
  Field g;
  g.hellenistic().unit(B, U::Warrior, "5,6", 2).traits("5,6", kTraitEliteWarrior).unit(T, U::HeavyInfantry, "4,6").start();
  EXPECT_EQ(dice(g, "5,6", "4,6"), 3);
}

// ---- H7 light matchups, H8 disciplined cavalry, H9 hoplites ----------------------------------------

// HT62 [H7.1]: a light cavalry against a light infantry: 3 dice (Mounted Charge would add 1); on a
// forest the terrain rules: no matchup. The light infantry battles back with 2.
TEST(Hellenistic_H7, LightCavalryAgainstLightFoot) {
  Field f;
  f.hellenistic().unit(B, U::LightCavalry, "5,6").unit(T, U::LightInfantry, "4,6").start();
  EXPECT_EQ(dice(f, "5,6", "4,6"), 3);
  EXPECT_EQ(dice(f, "4,6", "5,6", true), 2);
  Field g;
  g.hellenistic().unit(B, U::LightCavalry, "5,6").unit(T, U::LightInfantry, "4,6").terrain("4,6", Terrain::Forest).start();
  EXPECT_EQ(dice(g, "5,6", "4,6"), 2);
  Field off;
  off.hellenistic(hrule_bit(HRule::LightMatchups)).unit(B, U::LightCavalry, "5,6").unit(T, U::LightInfantry, "4,6").start();
  EXPECT_EQ(dice(off, "5,6", "4,6"), 2);
}

// HT63 [H7.1, H5.4]: an outflanked light cavalry loses the matchup in its battle back: 1 die.
TEST(Hellenistic_H7, OutflankedLightCavalryBattlesBackWithOne) {
  Field f;
  f.hellenistic().unit(B, U::LightCavalry, "4,6").unit(T, U::LightInfantry, "4,5").unit(T, U::LightInfantry, "4,7").start(T);
  EXPECT_EQ(dice(f, "4,6", "4,5", true), 1);
}

// HT64 [H7.2]: a light infantry against a light bow: 3, or 2 battling back outflanked; the bow 2.
TEST(Hellenistic_H7, JavelinsAgainstBows) {
  Field f;
  f.hellenistic().unit(B, U::LightInfantry, "5,6").unit(T, U::LightBow, "4,6").start();
  EXPECT_EQ(dice(f, "5,6", "4,6"), 3);
  EXPECT_EQ(dice(f, "5,6", "4,6", true), 3);
  EXPECT_EQ(dice(f, "4,6", "5,6", true), 2);
  Field g;
  g.hellenistic().unit(B, U::LightInfantry, "4,6").unit(T, U::LightBow, "4,5").unit(T, U::LightBow, "4,7").start(T);
  EXPECT_EQ(dice(g, "4,6", "4,5", true), 2);
}

// HT65 [H7.3, I-25]: light cavalry against light bow cavalry 3; the bow cavalry 2; bow against bow 2.
TEST(Hellenistic_H7, LightCavalryAgainstBowCavalry) {
  Field f;
  f.hellenistic().unit(B, U::LightCavalry, "5,6").unit(T, U::LightBowCavalry, "4,6").unit(B, U::LightBowCavalry, "5,7").start();
  EXPECT_EQ(dice(f, "5,6", "4,6"), 3);
  EXPECT_EQ(dice(f, "4,6", "5,6", true), 2);
  EXPECT_EQ(dice(f, "5,7", "4,6"), 2);
}

// HT66 [H8]: a disciplined light cavalry retreats 2 per flag; a disciplined MC against an elephant 3.
TEST(Hellenistic_H8, DisciplinedCavalryRetreat) {
  Field f;
  f.hellenistic().unit(T, U::HeavyInfantry, "4,6").unit(B, U::LightCavalry, "5,6").traits("5,6", kTraitDisciplined);
  f.unit(T, U::Elephant, "4,8").unit(B, U::MediumCavalry, "5,8").traits("5,8", kTraitDisciplined).start(T);
  Ctx c = ctx(f);
  EXPECT_EQ(retreat_per_flag(c, 1, 0, false), 2);
  EXPECT_EQ(retreat_per_flag(c, 3, 2, false), 3);
  f.order({"4,6"}).to_battle();
  f.battle("4,6", "5,6");
  if (f.s.decision == Decision::EvadeOrStand) f.force({F, Hv, Hv, Hv, Hv}).stand();
  while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
  EXPECT_EQ(row_of(f, 1), 7) << f.story();
}

// HT67 [H9, I-26]: a hoplite ignores one sword, unless it defends outflanked; attacking while
// outflanked it still ignores the battle back's sword.
TEST(Hellenistic_H9, HoplitesIgnoreASwordUnlessOutflanked) {
  {
    Field f;
    f.hellenistic().unit(T, U::HeavyInfantry, "4,5").unit(B, U::HeavyInfantry, "4,6").traits("4,6", kTraitHoplite).start(T);
    EXPECT_EQ(score(f, "4,5", "4,6", {S, S, Hv, L, L}).first, 2);
  }
  {
    Field f;
    f.hellenistic().unit(T, U::HeavyInfantry, "4,5").unit(B, U::HeavyInfantry, "4,6").traits("4,6", kTraitHoplite);
    f.unit(T, U::LightInfantry, "4,7").start(T);
    EXPECT_EQ(score(f, "4,5", "4,6", {S, S, Hv, L, L}).first, 3);
    EXPECT_EQ(score(f, "4,5", "4,6", {S}, RollKind::BattleBack).first, 0);
  }
}

// H6 troop traits act only with the module and the troop-traits sub-rule on (H0).
TEST(Hellenistic_H0, TraitsActOnlyWithTheModule) {
  for (uint8_t off : {uint8_t(0), hrule_bit(HRule::TroopTraits)}) {
    Field f;
    f.hellenistic(off).unit(B, U::HeavyInfantry, "5,6").traits("5,6", kTraitSilverShields).start();
    EXPECT_EQ(f.blocks("5,6"), off ? 4 : 5);
  }
  Field base;
  base.unit(B, U::HeavyInfantry, "5,6").traits("5,6", kTraitSilverShields).start();
  EXPECT_EQ(base.blocks("5,6"), 4);
  EXPECT_EQ(base.s.units[0].traits, 0);
}

}  // namespace hellenistic_combat
}  // namespace bgb::cca::test
