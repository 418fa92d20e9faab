// Rule book §16 Terrain: movement, battle dice maximums and defensive benefits of broken ground,
// forest, hill, seacoast / river / lake / steep hill (impassable), fordable river, rampart and
// fortified camp. Dice are counted by forcing exactly N faces that score nothing against the
// target and checking that all N were used, that the BattleDeclared event says N, and that the
// attacker's roll had N dice.
#include <cmath>
#include <memory>
#include <set>

#include "cca/board.h"
#include "core/hex.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace terrain_tests {

// A face that scores nothing against the unit at `hex` (no symbol match, no flag/sword/helmet).
int neutral_face(const Field& f, const char* hex) {
  int u = unit_at(f.s, H(hex));
  if (u < 0) return kFaceLight;
  return unit_info(f.s.units[u].type).cls == UnitClass::Light ? kFaceHeavy : kFaceLight;
}

// Declares Battle(from, to) (or a battle back when from == nullptr) with exactly n neutral faces
// forced, and checks that exactly n dice were rolled.
void expect_dice(Field& f, const char* from, const char* to, int n) {
  f.rng.clear_forced();
  int face = neutral_face(f, to);
  for (int i = 0; i < n; ++i) f.rng.force_one(face);
  size_t mark = f.log.size();
  if (from)
    f.battle(from, to);
  else
    f.battle_back();
  EXPECT_EQ(f.dice_pending(), 0) << "fewer than " << n << " dice rolled\n" << f.story();
  int declared = -1, rolled = -1;
  for (size_t i = mark; i < f.log.size(); ++i) {
    if (f.log[i].type == Ev::BattleDeclared && declared < 0) declared = f.log[i].d;
    if (f.log[i].type == Ev::Roll && rolled < 0) rolled = f.log[i].ndice;
  }
  if (from) {
    EXPECT_EQ(declared, n) << "BattleDeclared dice";
  }
  EXPECT_EQ(rolled, n) << "dice in the attacker's roll\n" << f.story();
  f.rng.clear_forced();
}

// Bottom `att` at `from` (ordered) battles a top heavy infantry at `to`; terrain set by `setup`.
template <class Setup>
void check_dice(UnitType att, const char* from, const char* to, Setup setup, int n, UnitType def = UnitType::HeavyInfantry) {
  Field f;
  f.unit(Side::Bottom, att, from).unit(Side::Top, def, to);
  setup(f);
  f.start().order({from}).to_battle();
  ASSERT_TRUE(can_battle(f, from, to)) << f.story();
  expect_dice(f, from, to, n);
}
auto none = [](Field&) {};

// Control: no terrain, no maximum.
TEST(Terrain, OpenGroundNoMaximum_S16) {
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", none, 5);
  check_dice(UnitType::MediumInfantry, "4,6", "3,6", none, 4);
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", none, 4);
  check_dice(UnitType::LightBow, "4,2", "4,4", none, 2);
}

// ---------------------------------------------------------------- Broken ground

// §16 Broken Ground, Movement: "A mounted unit must stop when it enters a broken ground hex";
// "No movement restrictions for foot units".
TEST(Terrain, BrokenGround_MountedStopFootDoesNot_S16) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
  f.terrain("4,7", Terrain::BrokenGround).start().order({"4,6"});
  EXPECT_TRUE(can_move(f, "4,6", "4,7"));
  EXPECT_FALSE(can_move(f, "4,6", "4,8")) << "4,8 is two hexes away only through 4,7";
  Field g;  // foot: no restriction
  g.unit(Side::Bottom, UnitType::LightInfantry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
  g.terrain("4,7", Terrain::BrokenGround).start().order({"4,6"});
  EXPECT_TRUE(can_move(g, "4,6", "4,7"));
  EXPECT_TRUE(can_move(g, "4,6", "4,8"));
  Field c;  // control: the cavalry in the open
  c.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0").start().order({"4,6"});
  EXPECT_TRUE(can_move(c, "4,6", "4,8"));
}

// §16 Broken Ground: "war machine units, which may not enter a broken ground hex".
TEST(Terrain, BrokenGround_WarMachinesCannotEnter_S16) {
  for (UnitType wm : {UnitType::LightWarMachine, UnitType::HeavyWarMachine}) {
    SCOPED_TRACE(unit_info(wm).name);
    Field f;
    f.unit(Side::Bottom, wm, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    f.terrain("4,7", Terrain::BrokenGround).start().order({"4,6"});
    EXPECT_FALSE(can_move(f, "4,6", "4,7"));
    EXPECT_TRUE(can_move(f, "4,6", "3,6"));
  }
}

// §16 Broken Ground, Battle: "A foot unit may battle on the turn it enters a hex with broken
// ground. A mounted unit may not battle on the turn it enters a broken ground hex."
TEST(Terrain, BrokenGround_MountedCannotBattleAfterEntering_S16) {
  for (int t = 0; t < kUnitTypes; ++t) {
    UnitType ut = UnitType(t);
    const UnitInfo& ui = unit_info(ut);
    if (ui.war_machine) continue;  // cannot enter (above)
    SCOPED_TRACE(ui.name);
    Field f;
    f.unit(Side::Bottom, ut, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "4,8");
    f.terrain("4,7", Terrain::BrokenGround).start().order({"4,6"});
    f.move("4,6", "4,7").to_battle();
    EXPECT_EQ(can_battle(f, "4,7", "4,8"), ui.foot);
  }
  // A mounted unit that starts its turn on broken ground may battle out of it.
  Field g;
  g.unit(Side::Bottom, UnitType::HeavyCavalry, "4,7").unit(Side::Top, UnitType::HeavyInfantry, "4,8");
  g.terrain("4,7", Terrain::BrokenGround).start().order({"4,7"}).to_battle();
  EXPECT_TRUE(can_battle(g, "4,7", "4,8"));
}

// §16 Broken Ground: "When battling an enemy unit on a broken ground hex or a unit on a broken
// ground hex battling out, will roll a maximum of 2 battle dice."
TEST(Terrain, BrokenGround_MaxTwoDiceInOrOut_S16) {
  auto target = [](Field& f) { f.terrain("3,6", Terrain::BrokenGround); };
  auto source = [](Field& f) { f.terrain("4,6", Terrain::BrokenGround); };
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", target, 2);
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", source, 2);
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", target, 2);
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", source, 2);
  check_dice(UnitType::LightInfantry, "4,6", "3,6", target, 2);
}

// ---------------------------------------------------------------- Forest

// §16 Forest, Movement: "A unit must stop when it enters a forest hex".
TEST(Terrain, Forest_AllUnitsStop_S16) {
  for (UnitType ut : {UnitType::LightInfantry, UnitType::Auxilia, UnitType::HeavyCavalry, UnitType::Elephant}) {
    SCOPED_TRACE(unit_info(ut).name);
    Field f;
    f.unit(Side::Bottom, ut, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    f.terrain("4,7", Terrain::Forest).start().order({"4,6"});
    EXPECT_TRUE(can_move(f, "4,6", "4,7"));
    EXPECT_FALSE(can_move(f, "4,6", "4,8"));
  }
}

// §16 Forest, Battle: "A unit may not battle the turn it moves onto a forest hex. Light infantry,
// light sling infantry, light bow infantry, auxilia infantry and warrior infantry units are the
// exception."
TEST(Terrain, Forest_OnlyLightFootAuxiliaWarriorBattleAfterEntering_S16) {
  const std::set<UnitType> may = {UnitType::LightInfantry, UnitType::LightSling, UnitType::LightBow, UnitType::Auxilia,
                                  UnitType::Warrior};
  for (int t = 0; t < kUnitTypes; ++t) {
    UnitType ut = UnitType(t);
    const UnitInfo& ui = unit_info(ut);
    SCOPED_TRACE(ui.name);
    for (bool forest : {true, false}) {
      Field f;
      f.unit(Side::Bottom, ut, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "4,8");
      if (forest) f.terrain("4,7", Terrain::Forest);
      f.start().order({"4,6"});
      ASSERT_TRUE(can_move(f, "4,6", "4,7"));
      f.move("4,6", "4,7").to_battle();
      bool want = ui.war_machine ? false : forest ? may.count(ut) > 0 : true;
      EXPECT_EQ(can_battle(f, "4,7", "4,8"), want) << (forest ? "into forest" : "control: open ground");
    }
  }
}

// §16 Forest: "When battling an enemy unit on a forest hex or a unit on a forest hex battling
// out, will roll a maximum of 2 dice in close combat."
TEST(Terrain, Forest_CloseCombatMaxTwoDiceInOrOut_S16) {
  auto target = [](Field& f) { f.terrain("3,6", Terrain::Forest); };
  auto source = [](Field& f) { f.terrain("4,6", Terrain::Forest); };
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", target, 2);
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", source, 2);
  check_dice(UnitType::MediumCavalry, "4,6", "3,6", target, 2);
}

// §16 Forest: "A unit that targets an enemy unit on a forest hex with range combat will roll a
// maximum of 1 die." (Firing out of a forest is not limited.)
TEST(Terrain, Forest_RangedIntoForestMaxOneDie_S16) {
  check_dice(UnitType::LightBow, "4,2", "4,4", [](Field& f) { f.terrain("4,4", Terrain::Forest); }, 1);
  check_dice(UnitType::LightWarMachine, "4,2", "4,6", [](Field& f) { f.terrain("4,6", Terrain::Forest); }, 1);
  check_dice(UnitType::LightBow, "4,2", "4,4", [](Field& f) { f.terrain("4,2", Terrain::Forest); }, 2);
}

// §16 Forest: "A forest hex blocks line of sight."
TEST(Terrain, Forest_BlocksLineOfSight_S16) {
  Field f;
  f.unit(Side::Bottom, UnitType::LightBow, "4,2").unit(Side::Top, UnitType::HeavyInfantry, "4,5");
  f.unit(Side::Top, UnitType::HeavyInfantry, "2,2");  // a second, visible target keeps the battle phase open
  f.terrain("4,3", Terrain::Forest).start().order({"4,2"}).to_battle();
  ASSERT_TRUE(can_battle(f, "4,2", "2,2"));
  EXPECT_FALSE(can_battle(f, "4,2", "4,5"));
}

// ---------------------------------------------------------------- Hill

// §16 Hill, Movement: "No movement restrictions." The same for rampart and fortified camp.
TEST(Terrain, HillRampartCamp_NoMovementRestrictions_S16) {
  for (Terrain t : {Terrain::Hill, Terrain::Rampart, Terrain::FortifiedCamp}) {
    SCOPED_TRACE(terrain_info(t).name);
    Field f;
    f.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    f.terrain("4,7", t, t == Terrain::Rampart ? Facing::Up : Facing::None).start().order({"4,6"});
    EXPECT_TRUE(can_move(f, "4,6", "4,7"));
    EXPECT_TRUE(can_move(f, "4,6", "4,8")) << "through";
  }
}

// §16 Hill: "All units roll a maximum of 2 battle dice if battling an enemy unit that is uphill
// in Close Combat."
TEST(Terrain, Hill_UphillMaxTwoDice_S16) {
  auto uphill = [](Field& f) { f.terrain("3,6", Terrain::Hill); };
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", uphill, 2);
  check_dice(UnitType::MediumInfantry, "4,6", "3,6", uphill, 2);
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", uphill, 2);
}

// §16 Hill: "Foot units roll a maximum of 3 battle dice when battling an enemy unit that is
// downhill, and when battling from one hill hex to another hill hex."
TEST(Terrain, Hill_FootMaxThreeDownhillOrHillToHill_S16) {
  auto downhill = [](Field& f) { f.terrain("4,6", Terrain::Hill); };
  auto hill_to_hill = [](Field& f) {
    f.terrain("4,6", Terrain::Hill);
    f.terrain("3,6", Terrain::Hill);
  };
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", downhill, 3);
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", hill_to_hill, 3);
  check_dice(UnitType::MediumInfantry, "4,6", "3,6", downhill, 3);
  check_dice(UnitType::LightInfantry, "4,6", "3,6", downhill, 2);  // a maximum, not a number
}

// §16 Hill: "Mounted units roll a maximum of 2 battle dice when battling an enemy unit that is
// downhill, and when battling from one hill hex to another."
TEST(Terrain, Hill_MountedMaxTwoDownhillOrHillToHill_S16) {
  auto downhill = [](Field& f) { f.terrain("4,6", Terrain::Hill); };
  auto hill_to_hill = [](Field& f) {
    f.terrain("4,6", Terrain::Hill);
    f.terrain("3,6", Terrain::Hill);
  };
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", downhill, 2);
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", hill_to_hill, 2);
  check_dice(UnitType::MediumCavalry, "4,6", "3,6", downhill, 2);
}

// §16 Hill with a battle back: the defender on the hill battles back downhill (foot: max 3).
TEST(Terrain, Hill_BattleBackDownhill_S16) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "3,6");
  f.terrain("3,6", Terrain::Hill).start().order({"4,6"}).to_battle();
  expect_dice(f, "4,6", "3,6", 2);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  expect_dice(f, nullptr, "4,6", 3);
}

// ---------------------------------------------------------------- Impassable terrain

const Terrain kImpassable[] = {Terrain::Seacoast, Terrain::River, Terrain::Lake, Terrain::SteepHill};

// §16 Seacoast: "A Seacoast hex is impassable terrain. Moving, retreating, evading or escaping
// onto a Seacoast hex is not allowed." River: "Normally river hexes are treated as impassable".
TEST(Terrain, Impassable_NoMovingOntoOrThrough_S16) {
  for (Terrain t : kImpassable) {
    SCOPED_TRACE(terrain_info(t).name);
    Field f;
    f.unit(Side::Bottom, UnitType::LightInfantry, "4,6").leader(Side::Bottom, "6,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    f.terrain("4,7", t).terrain("5,6", t).start().order({"4,6", "6,6"});
    EXPECT_FALSE(can_move(f, "4,6", "4,7"));
    EXPECT_FALSE(can_move(f, "4,6", "4,8"));
    EXPECT_TRUE(can_move(f, "4,6", "3,7"));
    // Leaders moving alone cannot enter it either.
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("6,6"), H("5,6"))));
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,6"), H("5,5"))));
  }
}

// §12/§16: a retreat onto impassable terrain is not allowed: the unit loses a block per hex it
// cannot retreat.
TEST(Terrain, Impassable_RetreatBlockedLosesBlock_S16) {
  for (Terrain t : kImpassable) {
    SCOPED_TRACE(terrain_info(t).name);
    Field f;
    f.unit(Side::Top, UnitType::HeavyInfantry, "3,6").unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
    f.terrain("5,5", t).terrain("5,6", t).start(Side::Top).order({"3,6"}).to_battle();
    f.force({F, L, L, L, L}).battle("3,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(f.blocks("4,6"), 3) << f.story();
    EXPECT_EQ(count_events(f, Ev::RetreatBlocked), 1);
  }
  // Control: one back hex open: the unit retreats there and keeps its blocks.
  Field f;
  f.unit(Side::Top, UnitType::HeavyInfantry, "3,6").unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
  f.terrain("5,5", Terrain::Seacoast).start(Side::Top).order({"3,6"}).to_battle();
  f.force({F, L, L, L, L}).battle("3,6", "4,6");
  EXPECT_TRUE(f.empty("4,6"));
  EXPECT_EQ(f.blocks("5,6"), 4);
}

// §16 Seacoast: "evading ... onto a Seacoast hex is not allowed". With both back hexes
// impassable the light infantry has nowhere to evade: no evade choice is offered.
TEST(Terrain, Impassable_NoEvadeOntoIt_S16) {
  for (Terrain t : kImpassable) {
    SCOPED_TRACE(terrain_info(t).name);
    Field f;
    f.unit(Side::Top, UnitType::HeavyInfantry, "3,6").unit(Side::Bottom, UnitType::LightInfantry, "4,6");
    f.terrain("5,5", t).terrain("5,6", t).start(Side::Top).order({"3,6"}).to_battle();
    f.force({Hv, Hv, Hv, Hv, Hv}).battle("3,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::EvadeOrStand);
    EXPECT_EQ(f.dice_pending(), 0) << "the attack was rolled at once";
  }
  for (Terrain t : kImpassable) {
    // Second row impassable: only the one-hex evade remains.
    SCOPED_TRACE(terrain_info(t).name);
    Field f;
    f.unit(Side::Top, UnitType::HeavyInfantry, "3,6").unit(Side::Bottom, UnitType::LightInfantry, "4,6");
    f.terrain("6,5", t).terrain("6,6", t).terrain("6,7", t).start(Side::Top).order({"3,6"}).to_battle();
    f.battle("3,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
    f.force({Hv, Hv, Hv, Hv, Hv}).evade();
    ASSERT_EQ(f.s.decision, Decision::EvadePath) << f.story();
    ActionList l = f.legal();
    ASSERT_EQ(l.size(), 2);
    EXPECT_EQ(l[0], A(ActionType::EvadeTo, H("5,5")));
    EXPECT_EQ(l[1], A(ActionType::EvadeTo, H("5,6")));
  }
}

// §12: "Terrain that is not impassable has no effect on retreat moves, therefore a retreating
// unit may move into and through a forest or a fordable river, etc., without stopping."
TEST(Terrain, NonImpassableTerrainDoesNotStopARetreat_S12_S16) {
  for (Terrain t : {Terrain::Forest, Terrain::FordableRiver, Terrain::BrokenGround, Terrain::Hill}) {
    SCOPED_TRACE(terrain_info(t).name);
    Field f;
    f.unit(Side::Top, UnitType::HeavyInfantry, "3,6").unit(Side::Bottom, UnitType::LightInfantry, "4,6");
    f.terrain("5,5", t).terrain("5,6", t).start(Side::Top).order({"3,6"}).to_battle();
    f.battle("3,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
    f.force({F, Hv, Hv, Hv, Hv}).stand();
    while (f.s.decision == Decision::Retreat) f.act(f.legal()[0]);
    EXPECT_TRUE(f.empty("4,6"));
    int li = -1;
    for (int i = 0; i < f.s.n_units; ++i)
      if (f.s.units[i].type == UnitType::LightInfantry) li = i;
    ASSERT_GE(li, 0);
    EXPECT_EQ(f.s.units[li].blocks, 4);
    EXPECT_EQ(Board::get().row[f.s.units[li].hex], 6) << "two hexes for the flag, through the terrain\n" << f.story();
  }
}

// ---------------------------------------------------------------- Fordable river

// §16 Fordable River: "A unit must stop when it enters a fordable river hex." "A unit may battle
// on the turn it enters a fordable river hex."
TEST(Terrain, FordableRiver_StopOnEnteringMayBattle_S16) {
  Field f;
  f.unit(Side::Bottom, UnitType::LightInfantry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
  f.terrain("4,7", Terrain::FordableRiver).start().order({"4,6"});
  EXPECT_TRUE(can_move(f, "4,6", "4,7"));
  EXPECT_FALSE(can_move(f, "4,6", "4,8"));
  for (UnitType ut : {UnitType::HeavyInfantry, UnitType::MediumCavalry, UnitType::HeavyCavalry}) {
    SCOPED_TRACE(unit_info(ut).name);
    Field g;
    g.unit(Side::Bottom, ut, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "4,8");
    g.terrain("4,7", Terrain::FordableRiver).start().order({"4,6"});
    g.move("4,6", "4,7").to_battle();
    ASSERT_TRUE(can_battle(g, "4,7", "4,8"));
    expect_dice(g, "4,7", "4,8", 2);
  }
}

// §16 Fordable River: "When battling an enemy unit on a fordable river hex or a unit on a
// fordable river hex battling out, will roll a maximum of 2 battle dice. A unit that battles with
// range combat out of a river will roll a maximum of 1 battle die."
TEST(Terrain, FordableRiver_MaxTwoDiceInOutRangedOutMaxOne_S16) {
  auto target = [](Field& f) { f.terrain("3,6", Terrain::FordableRiver); };
  auto source = [](Field& f) { f.terrain("4,6", Terrain::FordableRiver); };
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", target, 2);
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", source, 2);
  check_dice(UnitType::LightBow, "4,2", "4,4", [](Field& f) { f.terrain("4,2", Terrain::FordableRiver); }, 1);
  check_dice(UnitType::LightBow, "4,2", "4,4", [](Field& f) { f.terrain("4,4", Terrain::FordableRiver); }, 2);
  check_dice(UnitType::LightWarMachine, "4,2", "4,6", [](Field& f) { f.terrain("4,2", Terrain::FordableRiver); }, 1);
}

// §16 Fordable River: "A unit may still make a Momentum Advance after a successful Close Combat."
TEST(Terrain, FordableRiver_MomentumAdvanceAllowed_S16) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "4,6").unit(Side::Top, UnitType::MediumInfantry, "3,6");
  f.terrain("3,6", Terrain::FordableRiver).start().order({"4,6"}).to_battle();
  f.force({F, L}).battle("4,6", "3,6");
  EXPECT_EQ(f.dice_pending(), 0);
  if (f.s.decision == Decision::Retreat) f.retreat_to("2,6");
  EXPECT_TRUE(f.empty("3,6")) << f.story();
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  f.advance();
  EXPECT_EQ(f.at("3,6").type, UnitType::HeavyInfantry);
  EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 1);
}

// ---------------------------------------------------------------- Rampart

// A bottom foot unit on a rampart facing up (forward hexsides toward 3,5 and 3,6), attacked by a
// top heavy infantry from `from` with the forced faces.
struct RampartFight {
  Field f;
  RampartFight(const char* from, std::initializer_list<int> faces, UnitType def = UnitType::HeavyInfantry,
               UnitType att = UnitType::HeavyInfantry, Terrain t = Terrain::Rampart) {
    f.unit(Side::Top, att, from).unit(Side::Bottom, def, "4,6");
    f.terrain("4,6", t, t == Terrain::Rampart ? Facing::Up : Facing::None).start(Side::Top).order({from}).to_battle();
    f.force(faces).battle(from, "4,6");
  }
};

// §16 Rampart, Close Combat: "When attacked by an enemy unit across a hex side with a rampart,
// the defending unit disregards one sword symbol and may disregard one flag".
TEST(Terrain, Rampart_FrontCloseCombatIgnoresOneSwordAndMayIgnoreOneFlag_S16) {
  for (const char* from : {"3,5", "3,6"}) {
    SCOPED_TRACE(from);
    RampartFight one(from, {S, L, L, L, L});
    EXPECT_EQ(one.f.blocks("4,6"), 4) << one.f.story();
    RampartFight two(from, {S, S, L, L, L});
    EXPECT_EQ(two.f.blocks("4,6"), 3) << "only one sword is disregarded";
    RampartFight flag(from, {F, L, L, L, L});
    ASSERT_EQ(flag.f.s.decision, Decision::IgnoreFlags) << flag.f.story();
    ActionList l = flag.f.legal();
    ASSERT_EQ(l.size(), 2);
    EXPECT_EQ(l[0], A(ActionType::IgnoreFlags, 0));
    EXPECT_EQ(l[1], A(ActionType::IgnoreFlags, 1));
    flag.f.ignore(1);
    EXPECT_EQ(flag.f.blocks("4,6"), 4) << "stayed in place";
  }
}

// §16 Rampart: "the defending unit does not receive rampart protection when the enemy unit is not
// attacking across a hex side with the rampart (normally this is from a hex directly to the side
// or directly behind".
TEST(Terrain, Rampart_NoProtectionFromSideOrBehind_S16) {
  for (const char* from : {"4,5", "4,7", "5,5", "5,6"}) {
    SCOPED_TRACE(from);
    RampartFight sword(from, {S, L, L, L, L});
    EXPECT_EQ(sword.f.blocks("4,6"), 3) << sword.f.story();
    RampartFight flag(from, {F, L, L, L, L});
    EXPECT_NE(flag.f.s.decision, Decision::IgnoreFlags);
    EXPECT_TRUE(flag.f.empty("4,6") || flag.f.s.decision == Decision::Retreat) << "it must retreat";
  }
}

// §16 Rampart facing the other way (a top army's rampart, forward hexsides toward row 8).
TEST(Terrain, Rampart_FacingDown_S16) {
  auto fight = [](const char* from, std::initializer_list<int> faces) {
    auto f = std::make_unique<Field>();
    f->unit(Side::Bottom, UnitType::HeavyInfantry, from).unit(Side::Top, UnitType::HeavyInfantry, "4,6");
    f->terrain("4,6", Terrain::Rampart, Facing::Down).start(Side::Bottom).order({from}).to_battle();
    f->force(faces).battle(from, "4,6");
    return f;
  };
  for (const char* front : {"5,5", "5,6"}) {
    SCOPED_TRACE(front);
    EXPECT_EQ(fight(front, {S, L, L, L, L})->blocks("4,6"), 4);
    EXPECT_EQ(fight(front, {F, L, L, L, L})->s.decision, Decision::IgnoreFlags);
  }
  for (const char* other : {"3,5", "3,6", "4,5", "4,7"}) {
    SCOPED_TRACE(other);
    EXPECT_EQ(fight(other, {S, L, L, L, L})->blocks("4,6"), 3);
    EXPECT_NE(fight(other, {F, L, L, L, L})->s.decision, Decision::IgnoreFlags);
  }
}

// §16 Rampart: "Note: mounted units receive no protective benefit from rampart."
TEST(Terrain, Rampart_MountedGetNothing_S16) {
  RampartFight sword("3,6", {S, L, L, L}, UnitType::HeavyCavalry, UnitType::HeavyCavalry);
  EXPECT_EQ(sword.f.blocks("4,6"), 2) << sword.f.story();
  RampartFight flag("3,6", {F, L, L, L}, UnitType::HeavyCavalry, UnitType::HeavyCavalry);
  EXPECT_NE(flag.f.s.decision, Decision::IgnoreFlags);
}

// §16 Rampart, Ranged Combat: "A unit attacked through a forward facing rampart hexside may
// disregard one flag rolled against it."
TEST(Terrain, Rampart_RangedThroughForwardHexsideMayIgnoreOneFlag_S16) {
  {
    Field f;
    f.unit(Side::Top, UnitType::LightBow, "2,6").unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
    f.terrain("4,6", Terrain::Rampart, Facing::Up).start(Side::Top).order({"2,6"}).to_battle();
    f.force({F, L}).battle("2,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
    EXPECT_TRUE(f.legal_has(A(ActionType::IgnoreFlags, 1)));
    f.ignore(1);
    EXPECT_EQ(f.blocks("4,6"), 4);
  }
  for (const char* from : {"6,6", "4,8"}) {  // from behind, from the side
    SCOPED_TRACE(from);
    Field f;
    f.unit(Side::Top, UnitType::LightBow, from).unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
    f.terrain("4,6", Terrain::Rampart, Facing::Up).start(Side::Top).order({from}).to_battle();
    f.force({F, L}).battle(from, "4,6");
    EXPECT_NE(f.s.decision, Decision::IgnoreFlags) << f.story();
  }
}

// §16 Rampart: "A Rampart provides protection along the two forward facing hex sides." A
// scenario may name which hexsides those are (docs/scenarios.md, `A[W,SW]`; battle 102's diagonal
// wall protects W and SW). A bottom HI on 4,6 behind such a rampart: W is 4,5, SW is 5,5.
constexpr Facing kWestSouthWest = Facing((1u << 3) | (1u << 4));

TEST(Terrain, Rampart_NamedHexsides_CloseCombatAcrossThemOnly_S16) {
  auto fight = [](const char* from, std::initializer_list<int> faces) {
    auto f = std::make_unique<Field>();
    f->unit(Side::Top, UnitType::HeavyInfantry, from).unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
    f->terrain("4,6", Terrain::Rampart, kWestSouthWest).start(Side::Top).order({from}).to_battle();
    f->force(faces).battle(from, "4,6");
    return f;
  };
  for (const char* across : {"4,5", "5,5"}) {
    SCOPED_TRACE(across);
    auto one = fight(across, {S, L, L, L, L});
    EXPECT_EQ(one->blocks("4,6"), 4) << "one sword disregarded" << one->story();
    EXPECT_EQ(fight(across, {S, S, L, L, L})->blocks("4,6"), 3) << "only one";
    auto flag = fight(across, {F, L, L, L, L});
    ASSERT_EQ(flag->s.decision, Decision::IgnoreFlags) << flag->story();
    EXPECT_TRUE(flag->legal_has(A(ActionType::IgnoreFlags, 1)));
  }
  for (const char* other : {"3,5", "3,6", "4,7", "5,6"}) {  // NW, NE, E, SE: no rampart on that side
    SCOPED_TRACE(other);
    EXPECT_EQ(fight(other, {S, L, L, L, L})->blocks("4,6"), 3);
    EXPECT_NE(fight(other, {F, L, L, L, L})->s.decision, Decision::IgnoreFlags);
  }
}

// §16 Rampart, Ranged Combat, on named hexsides: a flag may be disregarded when the line enters
// through W or SW, not through another hexside.
TEST(Terrain, Rampart_NamedHexsides_RangedThroughThemMayIgnoreOneFlag_S16) {
  auto fire = [](const char* from) {
    auto f = std::make_unique<Field>();
    f->unit(Side::Top, UnitType::LightBow, from).unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
    f->terrain("4,6", Terrain::Rampart, kWestSouthWest).start(Side::Top).order({from}).to_battle();
    f->force({F, L}).battle(from, "4,6");
    return f;
  };
  for (const char* through : {"4,4", "6,5", "5,4"}) {  // due W, due SW, between the two
    SCOPED_TRACE(through);
    auto f = fire(through);
    ASSERT_EQ(f->s.decision, Decision::IgnoreFlags) << f->story();
    f->ignore(1);
    EXPECT_EQ(f->blocks("4,6"), 4);
  }
  for (const char* other : {"2,6", "4,8", "6,7"}) {  // from the north, the east, the south-east
    SCOPED_TRACE(other);
    EXPECT_NE(fire(other)->s.decision, Decision::IgnoreFlags);
  }
}

// The general hexside test gives A^ / Av exactly what the rampart's two forward hexsides gave
// before hexsides could be named: from a neighbour, NE+NW (up) or SW+SE (down); from further away,
// a line within 60 degrees of the forward axis, corners included.
TEST(Terrain, Rampart_UpAndDownAsBefore_S16) {
  const Board& b = Board::get();
  auto old_rule = [&](int victim, int striker, bool up) {
    if (b.dist[victim][striker] == 1)
      return up ? striker == b.nbr[victim][1] || striker == b.nbr[victim][2]
                : striker == b.nbr[victim][4] || striker == b.nbr[victim][5];
    Point v = hex_center(b.row[victim], b.col[victim]);
    Point p = hex_center(b.row[striker], b.col[striker]);
    double dx = p.x - v.x, dy = p.y - v.y;
    double fwd = up ? -dy : dy;
    return fwd * std::sqrt(3.0) + 1e-9 >= std::fabs(dx);
  };
  int across = 0;
  for (int v = 0; v < kHexes; ++v)
    for (int p = 0; p < kHexes; ++p) {
      if (v == p) continue;
      for (bool up : {true, false}) {
        const bool now = strikes_across(v, p, uint8_t(up ? Facing::Up : Facing::Down));
        ASSERT_EQ(now, old_rule(v, p, up)) << hex_name(v) << " from " << hex_name(p) << (up ? " up" : " down");
        across += now;
      }
    }
  EXPECT_GT(across, 1000);
  // Every hexside of a hex in the middle of the board: the six neighbours, one each.
  const int mid = Board::index(4, 6);
  for (int d = 0; d < kDirs; ++d)
    for (int e = 0; e < kDirs; ++e) EXPECT_EQ(strikes_across(mid, b.nbr[mid][e], uint8_t(1u << d)), d == e);
}

// ---------------------------------------------------------------- Fortified camp

// §16 Fortified Camp: "A unit defending on a fortified camp hex disregards one sword symbol and
// may disregard one flag rolled against it." "A fortified camp hex offers this protection against
// attacks from all sides."
TEST(Terrain, FortifiedCamp_FootIgnoresOneSwordMayIgnoreOneFlagFromAllSides_S16) {
  for (const char* from : {"3,5", "3,6", "4,5", "4,7", "5,5", "5,6"}) {
    SCOPED_TRACE(from);
    RampartFight sword(from, {S, L, L, L, L}, UnitType::HeavyInfantry, UnitType::HeavyInfantry, Terrain::FortifiedCamp);
    EXPECT_EQ(sword.f.blocks("4,6"), 4) << sword.f.story();
    RampartFight flag(from, {F, L, L, L, L}, UnitType::HeavyInfantry, UnitType::HeavyInfantry, Terrain::FortifiedCamp);
    ASSERT_EQ(flag.f.s.decision, Decision::IgnoreFlags) << flag.f.story();
    EXPECT_TRUE(flag.f.legal_has(A(ActionType::IgnoreFlags, 1)));
  }
  // Ranged: "may disregard one flag rolled against it."
  Field f;
  f.unit(Side::Top, UnitType::LightBow, "2,6").unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
  f.terrain("4,6", Terrain::FortifiedCamp).start(Side::Top).order({"2,6"}).to_battle();
  f.force({F, L}).battle("2,6", "4,6");
  EXPECT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
}

// §16 Fortified Camp: "mounted units receive no protective benefit from fortified camp hexes."
TEST(Terrain, FortifiedCamp_MountedGetNothing_S16) {
  RampartFight sword("3,6", {S, L, L, L}, UnitType::HeavyCavalry, UnitType::HeavyCavalry, Terrain::FortifiedCamp);
  EXPECT_EQ(sword.f.blocks("4,6"), 2) << sword.f.story();
  RampartFight flag("3,6", {F, L, L, L}, UnitType::HeavyCavalry, UnitType::HeavyCavalry, Terrain::FortifiedCamp);
  EXPECT_NE(flag.f.s.decision, Decision::IgnoreFlags);
}

// §16 Fortified Camp: "A unit on a fortified camp hex rolls one fewer battle dice than usual when
// it battles."
TEST(Terrain, FortifiedCamp_UnitOnCampRollsOneDieFewer_S16) {
  auto camp = [](Field& f) { f.terrain("4,6", Terrain::FortifiedCamp); };
  check_dice(UnitType::HeavyInfantry, "4,6", "3,6", camp, 4);
  check_dice(UnitType::HeavyCavalry, "4,6", "3,6", camp, 3);
  check_dice(UnitType::LightBow, "4,6", "2,6", camp, 1);
  // Also when battling back.
  Field f;
  f.unit(Side::Top, UnitType::HeavyInfantry, "3,6").unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
  f.terrain("4,6", Terrain::FortifiedCamp).start(Side::Top).order({"3,6"}).to_battle();
  expect_dice(f, "3,6", "4,6", 5);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  expect_dice(f, nullptr, "3,6", 4);
}

}  // namespace terrain_tests
}  // namespace bgb::cca::test
