// The combat table (src/cca/combat_table.*) against the rule book's numbers, for every unit type:
// close combat and battle back dice (§11), ranged range and dice (§10), the terrain maximums
// (§16), what each symbol scores against each target (§10 step 6, §11 Score Hits, §13), the flags
// a unit may ignore (§11, §12), hexes per flag (§12), evade eligibility (§13), what a unit may do
// after a successful close combat (§13), and the sacred-band trait (battle 002). The expected
// values are written out from the book here, not read from the table.
#include <map>
#include <set>

#include "cca/rules_internal.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace combat_table {
namespace {

const U kAll[] = {U::LightInfantry,   U::LightSling,      U::LightBow,      U::Auxilia,      U::Warrior,
                  U::MediumInfantry,  U::HeavyInfantry,   U::LightWarMachine, U::HeavyWarMachine,
                  U::LightCavalry,    U::LightBowCavalry, U::MediumCavalry, U::HeavyCavalry, U::Camel,
                  U::Elephant,        U::LightChariot,    U::HeavyChariot};

const char* code(U t) { return unit_info(t).code; }

// §8: foot and mounted units; §11: cavalry and chariots ("horses" for elephants and camels).
const std::set<U> kFootTypes = {U::LightInfantry,  U::LightSling,    U::LightBow,        U::Auxilia,        U::Warrior,
                                U::MediumInfantry, U::HeavyInfantry, U::LightWarMachine, U::HeavyWarMachine};
const std::set<U> kHorses = {U::LightCavalry, U::LightBowCavalry, U::MediumCavalry,
                             U::HeavyCavalry, U::LightChariot,    U::HeavyChariot};

// §11 step 4 (Foot, Cavalry, Camel, Chariot Combat): dice at full strength, the warrior's
// bonus die included. The elephant copies (below).
const std::map<U, int> kCloseDice = {
    {U::LightInfantry, 2}, {U::LightSling, 2},      {U::LightBow, 2},      {U::Auxilia, 3},
    {U::Warrior, 4},       {U::MediumInfantry, 4},  {U::HeavyInfantry, 5}, {U::LightWarMachine, 2},
    {U::HeavyWarMachine, 2}, {U::LightCavalry, 2},  {U::LightBowCavalry, 2}, {U::MediumCavalry, 3},
    {U::HeavyCavalry, 4},  {U::Camel, 3},           {U::LightChariot, 2},  {U::HeavyChariot, 4},
};

// §10 step 2: the range table; every other type has no missile weapons.
const std::map<U, int> kRange = {
    {U::LightInfantry, 2}, {U::LightCavalry, 2},    {U::Auxilia, 2},      {U::LightBow, 3},
    {U::LightSling, 3},    {U::LightBowCavalry, 3}, {U::LightChariot, 3}, {U::LightWarMachine, 5},
    {U::HeavyWarMachine, 6},
};

// §12: one movement (the §8 allowance) per flag; warriors 2, elephants and auxilia 1.
const std::map<U, int> kRetreat = {
    {U::LightInfantry, 2},  {U::LightSling, 2},   {U::LightBow, 2},        {U::Auxilia, 1},
    {U::Warrior, 2},        {U::MediumInfantry, 1}, {U::HeavyInfantry, 1}, {U::LightWarMachine, 1},
    {U::HeavyWarMachine, 1}, {U::LightCavalry, 4}, {U::LightBowCavalry, 4}, {U::MediumCavalry, 3},
    {U::HeavyCavalry, 2},   {U::Camel, 3},        {U::Elephant, 1},        {U::LightChariot, 3},
    {U::HeavyChariot, 2},
};

// A read-only rule context on a field (no log).
Ctx ctx(Field& f) { return Ctx{f.scn, f.s, f.rng, nullptr, Board::get()}; }

// Bottom `a` at 5,6 next to top `d` at 4,6, built; unit 0 is a, unit 1 is d.
Field duel(U a, U d) {
  Field f;
  f.unit(B, a, "5,6").unit(T, d, "4,6").start();
  return f;
}

// One die of each face: circle, triangle, square, helmet, flag, sword.
const uint8_t kEachFace[6] = {kFaceLight, kFaceMedium, kFaceHeavy, kFaceHelmet, kFaceFlag, kFaceSword};

}  // namespace

// §11 step 4: every type's close combat dice at full strength, and the same after losses
// (§9: casualties do not change the dice) except the warrior, who loses his extra die.
TEST(CombatTable_S11, CloseCombatDiceAtFullStrengthAndReduced) {
  for (auto [type, dice] : kCloseDice) {
    Field f = duel(type, U::MediumInfantry);
    Ctx c = ctx(f);
    EXPECT_EQ(close_combat_dice(c, 0, H("4,6"), false), dice) << code(type);
    f.s.units[0].blocks = 1;
    EXPECT_EQ(close_combat_dice(c, 0, H("4,6"), false), type == U::Warrior ? 3 : dice) << code(type) << " reduced";
  }
}

// §11 step 4 and §8: moving does not change close combat dice; auxilia that moved two hexes and
// war machines that moved may not battle at all; every other type may battle after any move.
TEST(CombatTable_S11, DiceAndBattleAfterMoving) {
  for (U type : kAll) {
    Field f = duel(type, U::MediumInfantry);
    Ctx c = ctx(f);
    const int still = close_combat_dice(c, 0, H("4,6"), false);
    f.s.units[0].moved = 1;
    EXPECT_EQ(close_combat_dice(c, 0, H("4,6"), false), still) << code(type);
    const bool war_machine = type == U::LightWarMachine || type == U::HeavyWarMachine;
    EXPECT_EQ(battles_after_moving(c, 0, 1), !war_machine) << code(type) << " after 1 hex";
    EXPECT_EQ(battles_after_moving(c, 0, 2), !war_machine && type != U::Auxilia) << code(type) << " after 2 hexes";
    EXPECT_EQ(battles_after_moving(c, 0, 4), !war_machine && type != U::Auxilia) << code(type) << " after 4 hexes";
  }
}

// §11 Camel, Chariot Combat and the Battle Back exceptions: camels battle back with 2, heavy
// chariots with 3; every other type with its attack dice.
TEST(CombatTable_S11, BattleBackDice) {
  for (auto [type, dice] : kCloseDice) {
    Field f = duel(U::MediumInfantry, type);
    Ctx c = ctx(f);
    const int expect = type == U::Camel ? 2 : type == U::HeavyChariot ? 3 : dice;
    EXPECT_EQ(close_combat_dice(c, 1, H("5,6"), true), expect) << code(type);
  }
}

// §11 Elephant Combat: an elephant rolls what the unit it attacks would roll against it, and
// battling back what the attacker rolled; 3 against an elephant, a warrior, a heavy chariot or a
// camel; 1 against a lone leader.
TEST(CombatTable_S11, ElephantCopiesItsOpponent) {
  const std::set<U> three = {U::Elephant, U::Warrior, U::HeavyChariot, U::Camel};
  for (U type : kAll) {
    const int expect = three.count(type) ? 3 : kCloseDice.at(type);
    Field f = duel(U::Elephant, type);
    Ctx c = ctx(f);
    EXPECT_EQ(close_combat_dice(c, 0, H("4,6"), false), expect) << "elephant against " << code(type);
    Field g = duel(type, U::Elephant);
    Ctx cg = ctx(g);
    EXPECT_EQ(close_combat_dice(cg, 1, H("5,6"), true), expect) << "elephant battling back against " << code(type);
  }
  Field f;
  f.unit(B, U::Elephant, "5,6").leader(T, "4,6").start();
  Ctx c = ctx(f);
  EXPECT_EQ(close_combat_dice(c, 0, H("4,6"), false), 1);
  EXPECT_EQ(escape_dice(c, 0), 1);  // §13 Leader Escape: its normal dice against a leader
}

// §10 steps 2 and 5: range by type; 2 dice when the unit did not move, 1 when it moved; a light
// chariot always 2; no missile weapons, no fire.
TEST(CombatTable_S10, RangeAndFireDice) {
  for (U type : kAll) {
    const int range = kRange.count(type) ? kRange.at(type) : 0;
    Field f;
    f.unit(B, type, "5,6").unit(T, U::MediumInfantry, "3,6").start();
    ASSERT_EQ(Board::get().dist[H("5,6")][H("3,6")], 2);
    Ctx c = ctx(f);
    EXPECT_EQ(fire_range(f.s.units[0]), range) << code(type);
    EXPECT_EQ(has_missile_weapons(type), range > 0) << code(type);
    EXPECT_EQ(ranged_dice(c, 0, H("3,6")), range ? 2 : 0) << code(type) << " not moved";
    f.s.units[0].moved = 1;
    EXPECT_EQ(ranged_dice(c, 0, H("3,6")), range ? (type == U::LightChariot ? 2 : 1) : 0) << code(type) << " moved";
  }
}

// §16 terrain maximums, applied with the unit's own dice: broken ground, forest and fordable
// river 2 in or out of close combat; uphill 2; from a hill foot 3, mounted 2; a unit on a
// fortified camp one die fewer; fire into a forest or out of a fordable river 1.
TEST(CombatTable_S16, TerrainMaximums) {
  auto close = [](U a, Terrain from, Terrain to) {
    Field f;
    f.unit(B, a, "5,6").unit(T, U::MediumInfantry, "4,6").terrain("5,6", from).terrain("4,6", to).start();
    Ctx c = ctx(f);
    return close_combat_dice(c, 0, H("4,6"), false);
  };
  EXPECT_EQ(close(U::HeavyInfantry, Terrain::Plain, Terrain::Plain), 5);
  for (Terrain t : {Terrain::BrokenGround, Terrain::Forest, Terrain::FordableRiver}) {
    EXPECT_EQ(close(U::HeavyInfantry, Terrain::Plain, t), 2) << terrain_info(t).name << " in";
    EXPECT_EQ(close(U::HeavyInfantry, t, Terrain::Plain), 2) << terrain_info(t).name << " out";
  }
  EXPECT_EQ(close(U::HeavyInfantry, Terrain::Plain, Terrain::Hill), 2);  // uphill
  EXPECT_EQ(close(U::HeavyInfantry, Terrain::Hill, Terrain::Plain), 3);  // foot downhill
  EXPECT_EQ(close(U::HeavyInfantry, Terrain::Hill, Terrain::Hill), 3);   // foot hill to hill
  EXPECT_EQ(close(U::HeavyCavalry, Terrain::Hill, Terrain::Plain), 2);   // mounted downhill
  EXPECT_EQ(close(U::HeavyCavalry, Terrain::Hill, Terrain::Hill), 2);    // mounted hill to hill
  EXPECT_EQ(close(U::LightInfantry, Terrain::Hill, Terrain::Plain), 2);  // a maximum, never more dice
  EXPECT_EQ(close(U::HeavyInfantry, Terrain::FortifiedCamp, Terrain::Plain), 4);
  auto fire = [](Terrain from, Terrain to) {
    Field f;
    f.unit(B, U::LightBow, "5,6").unit(T, U::MediumInfantry, "3,6").terrain("5,6", from).terrain("3,6", to).start();
    Ctx c = ctx(f);
    return ranged_dice(c, 0, H("3,6"));
  };
  EXPECT_EQ(fire(Terrain::Plain, Terrain::Plain), 2);
  EXPECT_EQ(fire(Terrain::Plain, Terrain::Forest), 1);
  EXPECT_EQ(fire(Terrain::FordableRiver, Terrain::Plain), 1);
  EXPECT_EQ(fire(Terrain::Plain, Terrain::FordableRiver), 2);
  EXPECT_EQ(fire(Terrain::FortifiedCamp, Terrain::Plain), 1);
}

// §11 Score Hits, for every attacker against every target, one die of each face, no leader:
// the target's symbol hits (an elephant ignores one red square and a camel one blue triangle
// from cavalry and chariots); a sword hits unless the attacker is light infantry, sling, bow,
// light cavalry, light bow cavalry or a war machine, and a chariot ignores one sword, an elephant
// all; a helmet does not hit without a leader; the flag is a flag.
TEST(CombatTable_S11, EachSymbolAgainstEachTarget) {
  const std::set<U> no_swords = {U::LightInfantry, U::LightSling,      U::LightBow,       U::LightCavalry,
                                 U::LightBowCavalry, U::LightWarMachine, U::HeavyWarMachine};
  for (U a : kAll)
    for (U d : kAll) {
      Field f = duel(a, d);
      Ctx c = ctx(f);
      int hits = -1, flags = -1;
      score_roll(c, kEachFace, 6, 0, 1, RollKind::Close, hits, flags);
      const bool frightened = kHorses.count(a) && (d == U::Elephant || d == U::Camel);
      const bool sword = !no_swords.count(a) && d != U::Elephant && d != U::LightChariot && d != U::HeavyChariot;
      EXPECT_EQ(hits, (frightened ? 0 : 1) + (sword ? 1 : 0)) << code(a) << " against " << code(d);
      EXPECT_EQ(flags, 1) << code(a) << " against " << code(d);
    }
}

// §11: each symbol alone, by the target's class (§8): a circle hits light units, a triangle
// medium, a square heavy; the three classes of every type.
TEST(CombatTable_S11, SymbolOfEachClass) {
  const std::set<U> light = {U::LightInfantry, U::LightSling,   U::LightBow,        U::Auxilia,
                             U::LightWarMachine, U::LightCavalry, U::LightBowCavalry, U::LightChariot};
  const std::set<U> medium = {U::Warrior, U::MediumInfantry, U::MediumCavalry, U::Camel};
  for (U d : kAll) {
    const int symbol = light.count(d) ? kFaceLight : medium.count(d) ? kFaceMedium : kFaceHeavy;
    for (int face : {kFaceLight, kFaceMedium, kFaceHeavy}) {
      Field f = duel(U::MediumInfantry, d);
      Ctx c = ctx(f);
      const uint8_t die = uint8_t(face);
      int hits = -1, flags = -1;
      score_roll(c, &die, 1, 0, 1, RollKind::Close, hits, flags);
      EXPECT_EQ(hits, face == symbol ? 1 : 0) << face_name(face) << " against " << code(d);
    }
  }
}

// §11: two swords against a chariot score one (it ignores one), against an elephant none.
TEST(CombatTable_S11, SwordsIgnoredByChariotsAndElephants) {
  const uint8_t swords[2] = {kFaceSword, kFaceSword};
  for (auto [d, expect] : std::map<U, int>{{U::LightChariot, 1}, {U::HeavyChariot, 1}, {U::Elephant, 0},
                                           {U::HeavyCavalry, 2}, {U::HeavyInfantry, 2}}) {
    Field f = duel(U::HeavyInfantry, d);
    Ctx c = ctx(f);
    int hits = -1, flags = -1;
    score_roll(c, swords, 2, 0, 1, RollKind::Close, hits, flags);
    EXPECT_EQ(hits, expect) << code(d);
  }
}

// §11 and §14: with a friendly leader adjacent (or attached) every helmet hits, except for an
// elephant; §10: fire scores only the target's symbol (a flag still retreats); §13: against an
// evading unit only its symbol counts, no flag.
TEST(CombatTable_S11, HelmetsFireAndEvade) {
  for (U a : kAll) {
    Field f;
    f.unit(B, a, "5,6").unit(T, U::MediumInfantry, "4,6").leader(B, "5,7").start();
    Ctx c = ctx(f);
    EXPECT_EQ(helmet_cap(c, 0, false) > 0, a != U::Elephant) << code(a);
    const uint8_t helmets[2] = {kFaceHelmet, kFaceHelmet};
    int hits = -1, flags = -1;
    score_roll(c, helmets, 2, 0, 1, RollKind::Close, hits, flags);
    EXPECT_EQ(hits, a == U::Elephant ? 0 : 2) << code(a);
    score_roll(c, kEachFace, 6, 0, 1, RollKind::Ranged, hits, flags);
    EXPECT_EQ(hits, 1) << code(a) << " firing";
    EXPECT_EQ(flags, 1) << code(a) << " firing";
    score_roll(c, kEachFace, 6, 0, 1, RollKind::VsEvader, hits, flags);
    EXPECT_EQ(hits, 1) << code(a) << " against an evader";
    EXPECT_EQ(flags, 0) << code(a) << " against an evader";
    // §11: only an elephant re-rolls its swords, and only where they score.
    EXPECT_EQ(rerolls_swords(c, 0, RollKind::Close), a == U::Elephant) << code(a);
    EXPECT_FALSE(rerolls_swords(c, 0, RollKind::VsEvader)) << code(a);
    EXPECT_FALSE(rerolls_swords(c, 0, RollKind::VsLeader)) << code(a);
    EXPECT_FALSE(rerolls_swords(c, 0, RollKind::Ranged)) << code(a);
  }
}

// §12 hexes per flag for every type; §11: cavalry and chariots one more per flag rolled by an
// elephant or a camel in close combat (not when fired at).
TEST(CombatTable_S12, RetreatHexesPerFlag) {
  for (U d : kAll) {
    Field f = duel(U::MediumInfantry, d);
    Ctx c = ctx(f);
    EXPECT_EQ(retreat_per_flag(c, 1, 0, false), kRetreat.at(d)) << code(d);
    for (U a : {U::Elephant, U::Camel}) {
      Field g = duel(a, d);
      Ctx cg = ctx(g);
      EXPECT_EQ(retreat_per_flag(cg, 1, 0, false), kRetreat.at(d) + (kHorses.count(d) ? 1 : 0))
          << code(d) << " against " << code(a);
      EXPECT_EQ(retreat_per_flag(cg, 1, 0, true), kRetreat.at(d)) << code(d) << " fired at";
    }
  }
}

// §12 Bolster Morale, §11 and §16: flags a lone unit may ignore: a full-strength warrior 1 (0
// once reduced); an elephant 1 against cavalry or chariots in close combat and nothing from two
// supports; any other unit 1 with two supports; a foot unit on a fortified camp 1, mounted 0.
TEST(CombatTable_S12, FlagsIgnored) {
  for (U d : kAll) {
    Field f = duel(U::MediumInfantry, d);
    Ctx c = ctx(f);
    EXPECT_EQ(flags_ignorable(c, 1, 0, false), d == U::Warrior ? 1 : 0) << code(d);
    f.s.units[1].blocks = 1;
    EXPECT_EQ(flags_ignorable(c, 1, 0, false), 0) << code(d) << " reduced";
  }
  for (U a : kAll) {
    Field f = duel(a, U::Elephant);
    Ctx c = ctx(f);
    EXPECT_EQ(flags_ignorable(c, 1, 0, false), kHorses.count(a) ? 1 : 0) << "elephant against " << code(a);
    EXPECT_EQ(flags_ignorable(c, 1, 0, true), 0) << "elephant fired at by " << code(a);
  }
  for (U d : {U::HeavyInfantry, U::Elephant}) {  // supported on both sides
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, d, "4,6").unit(T, U::Auxilia, "4,5").unit(T, U::Auxilia, "4,7").start();
    Ctx c = ctx(f);
    EXPECT_EQ(flags_ignorable(c, 1, 0, false), d == U::Elephant ? 0 : 1) << code(d) << " supported";
  }
  for (U d : {U::HeavyInfantry, U::HeavyCavalry}) {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, d, "4,6").terrain("4,6", Terrain::FortifiedCamp).start();
    Ctx c = ctx(f);
    EXPECT_EQ(flags_ignorable(c, 1, 0, false), kFootTypes.count(d) ? 1 : 0) << code(d) << " on a camp";
    const uint8_t sword = kFaceSword;
    int hits = -1, flags = -1;
    score_roll(c, &sword, 1, 0, 1, RollKind::Close, hits, flags);
    EXPECT_EQ(hits, kFootTypes.count(d) ? 0 : 1) << code(d) << " on a camp, one sword";
  }
}

// §13 Evade Eligibility, every defender against every attacker: green circle units and war
// machines always; medium cavalry and camels against foot and heavy mounted units; heavy cavalry
// and heavy chariots against foot and elephants; auxilia, infantry, warriors, elephants never.
TEST(CombatTable_S13, EvadeEligibility) {
  const std::set<U> always = {U::LightInfantry,   U::LightSling,   U::LightBow,        U::LightCavalry,
                              U::LightBowCavalry, U::LightChariot, U::LightWarMachine, U::HeavyWarMachine};
  const std::set<U> heavy_mounted = {U::HeavyCavalry, U::Elephant, U::HeavyChariot};
  for (U d : kAll)
    for (U a : kAll) {
      bool expect = always.count(d) > 0;
      if (d == U::MediumCavalry || d == U::Camel) expect = kFootTypes.count(a) || heavy_mounted.count(a);
      if (d == U::HeavyCavalry || d == U::HeavyChariot) expect = kFootTypes.count(a) || a == U::Elephant;
      Field f = duel(a, d);
      Ctx c = ctx(f);
      EXPECT_EQ(evade_eligible(c, 1, 0), expect) << code(d) << " attacked by " << code(a);
    }
}

// §13 Momentum Advance and Bonus Close Combat: war machines never advance (and an evading one's
// crew escapes); only cavalry (light, light bow, medium, heavy) take the extra hex; warriors and
// mounted units may make a bonus close combat, other foot only with an attached leader, war
// machines never. §12: only elephants rampage.
TEST(CombatTable_S13, AfterASuccessfulCloseCombat) {
  const std::set<U> cavalry = {U::LightCavalry, U::LightBowCavalry, U::MediumCavalry, U::HeavyCavalry};
  for (U t : kAll) {
    const bool war_machine = t == U::LightWarMachine || t == U::HeavyWarMachine;
    Field f = duel(t, U::MediumInfantry);
    Ctx c = ctx(f);
    const UnitState& us = f.s.units[0];
    EXPECT_EQ(may_momentum_advance(us), !war_machine) << code(t);
    EXPECT_EQ(crew_escapes(us), war_machine) << code(t);
    EXPECT_EQ(takes_extra_hex(us), cavalry.count(t) > 0) << code(t);
    EXPECT_EQ(rampages(us), t == U::Elephant) << code(t);
    const bool alone = !war_machine && (t == U::Warrior || !kFootTypes.count(t));
    EXPECT_EQ(bonus_combat_allowed(c, 0), alone) << code(t) << " without a leader";
    Field g;
    g.unit(B, t, "5,6").unit(T, U::MediumInfantry, "4,6").leader(B, "5,6").start();
    Ctx cg = ctx(g);
    EXPECT_EQ(bonus_combat_allowed(cg, 0), !war_machine) << code(t) << " with a leader";
  }
}

// §16 Forest and Broken Ground: light foot, auxilia and warriors may battle on the turn they
// enter a forest, nobody else; mounted units may not battle on the turn they enter broken ground.
TEST(CombatTable_S16, BattleAfterEnteringTerrain) {
  const std::set<U> forest = {U::LightInfantry, U::LightSling, U::LightBow, U::Auxilia, U::Warrior};
  for (U t : kAll) {
    EXPECT_EQ(battles_after_entering(t, Terrain::Forest), forest.count(t) > 0) << code(t);
    EXPECT_EQ(battles_after_entering(t, Terrain::BrokenGround), kFootTypes.count(t) > 0) << code(t);
    EXPECT_TRUE(battles_after_entering(t, Terrain::FordableRiver)) << code(t);
    EXPECT_TRUE(battles_after_entering(t, Terrain::Hill)) << code(t);
  }
}

// The sacred-band trait (battle 002, docs/rules.md): every helmet hits in its close combat
// without a leader, not when it fires; it may ignore one flag; both while it has blocks.
TEST(CombatTable_Traits, SacredBand) {
  const TraitInfo& sb = trait_info(0);
  EXPECT_EQ(sb.helmet_cap, kEvery);
  EXPECT_EQ(sb.flags_ignored, 1);
  EXPECT_EQ(sb.swords_ignored, 0);
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").unit(T, U::LightBow, "2,6");
  f.scn.units[1].traits = kTraitSacredBand;
  f.scn.units[2].traits = kTraitSacredBand;
  f.scn.rules.push_back(rule("sacred-band"));  // the trait acts with its rule
  f.start();
  Ctx c = ctx(f);
  const uint8_t helmets[3] = {kFaceHelmet, kFaceHelmet, kFaceHelmet};
  int hits = -1, flags = -1;
  EXPECT_EQ(helmet_cap(c, 0, false), 0);  // the plain unit: no leader, no helmets
  score_roll(c, helmets, 3, 1, 0, RollKind::Close, hits, flags);
  EXPECT_EQ(hits, 3);
  score_roll(c, helmets, 3, 2, 0, RollKind::Ranged, hits, flags);
  EXPECT_EQ(hits, 0);
  EXPECT_EQ(flags_ignorable(c, 1, 0, false), 1);
  EXPECT_EQ(flags_ignorable(c, 1, 0, true), 1);
  f.s.units[1].blocks = 1;  // its last block
  EXPECT_EQ(flags_ignorable(c, 1, 0, false), 1);
  EXPECT_EQ(helmet_cap(c, 1, false), kEvery);
  // The bow-armed auxilia of battle 123: range 3, nothing else (the Hellenistic rows:
  // test_hellenistic_combat.cpp).
  const TraitInfo& bow = trait_info(15);
  EXPECT_EQ(bow.range, 3);
  EXPECT_EQ(bow.helmet_cap + bow.flags_ignored + bow.swords_ignored + bow.battle_back_dice + bow.retreat, 0);
  EXPECT_EQ(bow.evades, 0u);
  // Without its rule the trait does nothing (a rule written module=off, with the module on).
  Field g;
  g.unit(B, U::HeavyInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6");
  g.scn.units[1].traits = kTraitSacredBand;
  g.scn.rules.push_back(rule("sacred-band module=off"));
  g.hellenistic().start();
  EXPECT_EQ(g.s.units[1].traits, 0);
}

}  // namespace combat_table
}  // namespace bgb::cca::test

namespace bgb::cca::test {
namespace combat_table {

// Battle 123's bow-armed auxilia: fire at 3 hexes (2 dice), with or without the module.
TEST(CombatTable_Traits, BowArmedAuxiliaFireAtThreeHexes) {
  for (bool module : {false, true}) {
    Field f;
    if (module) f.hellenistic();
    f.unit(B, U::Auxilia, "7,6").traits("7,6", kTraitBowArmed).unit(T, U::MediumInfantry, "4,6").unit(B, U::Auxilia, "7,9");
    f.unit(T, U::MediumInfantry, "4,9").start().order({"7,6", "7,9"}).to_battle();
    EXPECT_TRUE(f.legal_has(battle_act("7,6", "4,6"))) << module;
    EXPECT_FALSE(f.legal_has(battle_act("7,9", "4,9"))) << module;  // a plain auxilia: range 2
    f.force({L, L}).battle("7,6", "4,6");
    EXPECT_EQ(last_roll_n(f), 2);
  }
}

}  // namespace combat_table
}  // namespace bgb::cca::test
