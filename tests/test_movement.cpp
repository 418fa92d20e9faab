// Rule book §8 Movement (units and leaders), with the move-related parts of §7 (attached leaders)
// and §10/§11 (what a move costs in battle: auxilia, war machines, the warrior's charge).
#include <set>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace movement_tests {

std::set<int> leader_dests(const Field& f, const char* from) {
  std::set<int> out;
  for (Action a : f.legal())
    if (a.type() == ActionType::MoveLeader && a.a() == H(from)) out.insert(a.b());
  return out;
}
// Every hex within 1..r of `from` (on the board).
std::set<int> ring(const char* from, int r) {
  std::set<int> out;
  for (int h = 0; h < kHexes; ++h) {
    int d = Board::get().dist[H(from)][h];
    if (d >= 1 && d <= r) out.insert(h);
  }
  return out;
}
// Does the bottom unit at `from` have any battle this turn?
bool any_battle(const Field& f, const char* from) {
  if (f.s.decision != Decision::Battle) return false;
  for (Action a : f.legal())
    if (a.type() == ActionType::Battle && a.a() == H(from)) return true;
  return false;
}

// §8 Foot Unit Movement and Mounted Unit Movement: the allowance of every unit type, in the open.
TEST(Movement, AllowanceOfEveryUnitType_S8) {
  struct Case {
    UnitType t;
    int hexes;
  };
  const Case cases[] = {
      {UnitType::LightInfantry, 2},   {UnitType::LightSling, 2},      {UnitType::LightBow, 2},
      {UnitType::Auxilia, 2},         {UnitType::Warrior, 1},         {UnitType::MediumInfantry, 1},
      {UnitType::HeavyInfantry, 1},   {UnitType::LightWarMachine, 1}, {UnitType::HeavyWarMachine, 1},
      {UnitType::LightCavalry, 4},    {UnitType::LightBowCavalry, 4}, {UnitType::MediumCavalry, 3},
      {UnitType::HeavyCavalry, 2},    {UnitType::Camel, 3},           {UnitType::Elephant, 2},
      {UnitType::LightChariot, 3},    {UnitType::HeavyChariot, 2},
  };
  static_assert(sizeof(cases) / sizeof(cases[0]) == kUnitTypes);
  for (const Case& c : cases) {
    SCOPED_TRACE(unit_info(c.t).name);
    Field f;
    f.unit(Side::Bottom, c.t, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0").start().order({"4,6"});
    ASSERT_EQ(f.s.decision, Decision::Move);
    std::set<int> got = destinations(f, "4,6");
    EXPECT_EQ(got, ring("4,6", c.hexes));
    EXPECT_EQ(int(got.size()), 3 * c.hexes * (c.hexes + 1));
  }
}

// §8: "Warrior infantry units may move one hex and battle, or move two hexes and battle if moving
// adjacent to an enemy unit".
TEST(Movement, WarriorMovesTwoOnlyToEndAdjacentToAnEnemyUnit_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::Warrior, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "2,6").start().order({"4,6"});
  std::set<int> want = ring("4,6", 1);
  want.insert(H("2,5"));
  want.insert(H("2,7"));
  EXPECT_EQ(destinations(f, "4,6"), want);
  EXPECT_FALSE(can_move(f, "4,6", "4,4")) << "two hexes, not adjacent to the enemy";
  EXPECT_FALSE(can_move(f, "4,6", "4,8"));
  // A lone enemy leader is not an enemy unit: no charge toward him.
  Field g;
  g.unit(Side::Bottom, UnitType::Warrior, "4,6").leader(Side::Top, "2,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
  g.start().order({"4,6"});
  EXPECT_EQ(destinations(g, "4,6"), ring("4,6", 1));
}

// §8/§11: "this Close Combat is compulsory after a two-hex 'charge'": end-battles is not legal.
TEST(Movement, WarriorChargeMustCloseCombat_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::Warrior, "4,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "2,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "1,7")
      .start()
      .order({"4,6"});
  f.move("4,6", "2,7").to_battle();
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(can_battle(f, "2,7", "2,6"));
  EXPECT_TRUE(can_battle(f, "2,7", "1,7"));
  EXPECT_FALSE(f.legal_has(A(ActionType::EndBattles)));
  EXPECT_FALSE(f.try_act(A(ActionType::EndBattles)));
  // Control: after a one-hex move the warrior may decline to battle.
  Field g;
  g.unit(Side::Bottom, UnitType::Warrior, "4,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "2,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "2,7")
      .start()
      .order({"4,6"});
  g.move("4,6", "3,6").to_battle();
  ASSERT_EQ(g.s.decision, Decision::Battle);
  EXPECT_TRUE(can_battle(g, "3,6", "2,6"));
  EXPECT_TRUE(g.legal_has(A(ActionType::EndBattles)));
}

// §8: "you may not move onto or through a hex occupied by an enemy unit (with or without a
// leader attached), an enemy leader, or a friendly unit". A heavy cavalry (2 hexes) at 4,6 can
// reach 4,8 only through 4,7.
TEST(Movement, NoMovingOntoOrThroughUnitsOrEnemyLeaders_S8) {
  struct Case {
    const char* what;
    void (*put)(Field&);
  };
  const Case cases[] = {
      {"friendly unit", [](Field& f) { f.unit(Side::Bottom, UnitType::LightInfantry, "4,7"); }},
      {"friendly unit with leader",
       [](Field& f) {
         f.unit(Side::Bottom, UnitType::LightInfantry, "4,7");
         f.leader(Side::Bottom, "4,7");
       }},
      {"enemy unit", [](Field& f) { f.unit(Side::Top, UnitType::LightInfantry, "4,7"); }},
      {"enemy unit with leader",
       [](Field& f) {
         f.unit(Side::Top, UnitType::LightInfantry, "4,7");
         f.leader(Side::Top, "4,7");
       }},
      {"lone enemy leader", [](Field& f) { f.leader(Side::Top, "4,7"); }},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Field f;
    f.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    c.put(f);
    f.start().order({"4,6"});
    EXPECT_FALSE(can_move(f, "4,6", "4,7")) << "onto";
    EXPECT_FALSE(can_move(f, "4,6", "4,8")) << "through";
    EXPECT_TRUE(can_move(f, "4,6", "3,7")) << "around is fine";
  }
  // Control: with 4,7 empty both moves are legal.
  Field g;
  g.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0").start().order({"4,6"});
  EXPECT_TRUE(can_move(g, "4,6", "4,7"));
  EXPECT_TRUE(can_move(g, "4,6", "4,8"));
}

// §8: "A unit may move onto a hex with a friendly leader if the leader is alone in the hex.
// However, it must stop in that hex". The leader is then attached (§7).
TEST(Movement, OntoLoneFriendlyLeaderAllowedButMustStop_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6")
      .leader(Side::Bottom, "4,7")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,6"});
  EXPECT_TRUE(can_move(f, "4,6", "4,7"));
  EXPECT_FALSE(can_move(f, "4,6", "4,8")) << "must stop on the leader's hex";
  f.move("4,6", "4,7");
  EXPECT_EQ(f.at("4,7").type, UnitType::HeavyCavalry);
  EXPECT_TRUE(f.has_leader("4,7"));
  EXPECT_EQ(count_events(f, Ev::LeaderAttached), 1);
}

// §8: "Only one leader may occupy a hex": a unit carrying its leader may not join another.
TEST(Movement, UnitWithLeaderCannotEndOnAnotherLeader_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyCavalry, "4,6")
      .leader(Side::Bottom, "4,6", "a")
      .leader(Side::Bottom, "4,7", "b")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,6"});
  EXPECT_FALSE(can_move(f, "4,6", "4,7"));
  EXPECT_TRUE(can_move(f, "4,6", "3,6"));
}

// §7/§8: "If the unit is ordered to move, the attached leader must move with it to the same hex."
TEST(Movement, AttachedLeaderMovesWithTheUnit_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::LightCavalry, "4,6")
      .leader(Side::Bottom, "4,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,6"});
  f.move("4,6", "3,8");
  EXPECT_TRUE(f.has_leader("3,8"));
  EXPECT_FALSE(f.has_leader("4,6"));
  EXPECT_EQ(count_events(f, Ev::LeaderCarried), 1);
}

// §8 Leader Movement: "A leader may move one, two or three hexes when moving by himself."
TEST(Movement, LeaderAloneMovesOneToThreeHexes_S8) {
  Field f;
  f.leader(Side::Bottom, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "0,0").start().order({"4,6"});
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_EQ(leader_dests(f, "4,6"), ring("4,6", 3));
  f.move_leader("4,6", "1,6");
  EXPECT_TRUE(f.has_leader("1,6"));
}

// §8: "A leader moving by himself may move through friendly units, but may not move onto or
// through a hex occupied by an enemy unit or enemy leader." From 8,0, hex 6,0 is two hexes away
// only through 7,0 (four hexes otherwise).
TEST(Movement, LeaderMovesThroughFriendlyUnitsNotEnemies_S8) {
  {
    Field f;
    f.leader(Side::Bottom, "8,0").unit(Side::Bottom, UnitType::HeavyInfantry, "7,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12");
    f.start().order({"8,0"});
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("6,0")))) << "through a friendly unit";
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("5,0"))));
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("7,0")))) << "onto a friendly unit: attaches";
    f.move_leader("8,0", "7,0");
    EXPECT_TRUE(f.has_leader("7,0"));
    EXPECT_EQ(count_events(f, Ev::LeaderAttached), 1);
  }
  for (int enemy_leader = 0; enemy_leader < 2; ++enemy_leader) {
    SCOPED_TRACE(enemy_leader ? "lone enemy leader" : "enemy unit");
    Field f;
    f.leader(Side::Bottom, "8,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12");
    if (enemy_leader)
      f.leader(Side::Top, "7,0");
    else
      f.unit(Side::Top, UnitType::HeavyInfantry, "7,0");
    f.start().order({"8,0"});
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("7,0")))) << "onto";
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("6,0")))) << "through";
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("7,1"))));
  }
}

// §8: "Only one leader may occupy a hex": a leader may pass a friendly leader (interpretation 7)
// but not stop on him.
TEST(Movement, LeaderMayNotEndOnAnotherLeader_S8) {
  Field f;
  f.leader(Side::Bottom, "8,0", "a").leader(Side::Bottom, "7,0", "b").unit(Side::Top, UnitType::HeavyInfantry, "0,12");
  f.start().order({"8,0"});
  EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("7,0"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("6,0"))));
}

// Interpretation 7: a leader moving alone ignores terrain except impassable hexes (the terrain
// rules of §16 speak of units). From 8,0, hex 6,0 is two hexes away only through 7,0.
TEST(Movement, LeaderAloneIgnoresTerrainExceptImpassable_S8_Interp7) {
  {
    Field f;
    f.leader(Side::Bottom, "8,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12");
    f.terrain("7,0", Terrain::Forest).start().order({"8,0"});
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("6,0")))) << "through a forest";
  }
  {  // Broken ground stops mounted units only; a leader is not a unit and goes on.
    Field f;
    f.leader(Side::Bottom, "8,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12");
    f.terrain("7,0", Terrain::BrokenGround).start().order({"8,0"});
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("6,0")))) << "through broken ground";
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("5,0"))));
  }
  {
    Field f;
    f.leader(Side::Bottom, "8,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12");
    f.terrain("7,0", Terrain::Seacoast).start().order({"8,0"});
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("7,0"))));
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("8,0"), H("6,0"))));
  }
}

// §8: "A leader may detach from one unit, move, and attach to another, but a leader may not move
// again with a unit he has just joined."
TEST(Movement, LeaderWhoMovedAloneAndJoinedIsNotCarried_S8) {
  Field f;
  f.leader(Side::Bottom, "4,4")
      .unit(Side::Bottom, UnitType::MediumCavalry, "4,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,4", "4,6"});
  f.move_leader("4,4", "4,6");
  ASSERT_TRUE(f.has_leader("4,6"));
  EXPECT_TRUE(leader_dests(f, "4,6").empty()) << "the leader has moved";
  f.move("4,6", "3,7");
  EXPECT_TRUE(f.has_leader("4,6")) << "the leader stays behind";
  EXPECT_FALSE(f.has_leader("3,7"));
  EXPECT_EQ(count_events(f, Ev::LeaderCarried), 0);
}

// §8: "When a leader moves onto a hex with another unit, the unit he attaches to is not ordered."
TEST(Movement, UnitJoinedByLeaderIsNotOrdered_S8) {
  Field f;
  f.leader(Side::Bottom, "4,4")
      .unit(Side::Bottom, UnitType::MediumCavalry, "4,6")
      .unit(Side::Bottom, UnitType::MediumCavalry, "6,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,4", "6,6"});
  f.move_leader("4,4", "4,6");
  EXPECT_TRUE(destinations(f, "4,6").empty());
  EXPECT_FALSE(f.at("4,6").flags & kOrdered);
}

// §8: "A unit may never move off the short sides of a battlefield", nor off the long sides
// without a special rule: from a corner only on-board hexes are reachable.
TEST(Movement, NoMovingOffTheBoard_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "8,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12").start().order({"8,0"});
  EXPECT_EQ(destinations(f, "8,0"), (std::set<int>{H("8,1"), H("7,0")}));
  Field g;
  g.unit(Side::Bottom, UnitType::LightCavalry, "4,0").unit(Side::Top, UnitType::HeavyInfantry, "0,12").start().order({"4,0"});
  EXPECT_EQ(destinations(g, "4,0"), ring("4,0", 4));
  for (int h : destinations(g, "4,0")) EXPECT_LT(h, kHexes);
}

// §7: "Only those units or leaders chosen to receive an order from the played card may move".
TEST(Movement, UnorderedUnitsCannotMove_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "4,6")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "4,2")
      .leader(Side::Bottom, "4,9")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,6"});
  EXPECT_FALSE(destinations(f, "4,6").empty());
  EXPECT_TRUE(destinations(f, "4,2").empty());
  EXPECT_TRUE(leader_dests(f, "4,9").empty());
  EXPECT_FALSE(f.try_act(A(ActionType::MoveUnit, H("4,2"), H("3,2"))));
  // Enemy units never move on this side's turn.
  EXPECT_TRUE(destinations(f, "0,0").empty());
}

// §8: "A unit may only be ordered to move once per turn." "A unit that is ordered does not have
// to move."
TEST(Movement, UnitMovesOnceAndNeedNotMove_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::LightCavalry, "4,6")
      .unit(Side::Bottom, UnitType::HeavyInfantry, "6,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,0")
      .start()
      .order({"4,6", "6,2"});
  EXPECT_TRUE(f.legal_has(A(ActionType::EndMoves)));
  f.move("4,6", "4,7");
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(destinations(f, "4,7").empty()) << "already moved, although it had 3 hexes left";
  EXPECT_FALSE(f.try_act(A(ActionType::MoveUnit, H("4,7"), H("4,8"))));
  EXPECT_EQ(f.at("4,7").moved, 1);
  f.act(A(ActionType::EndMoves));
  EXPECT_TRUE(f.empty("4,6"));
  EXPECT_FALSE(f.empty("6,2")) << "ordered but not moved";
}

// §8: light infantry "may move one or two hexes and battle".
TEST(Movement, LightInfantryMovesTwoAndBattles_S8) {
  Field f;
  f.unit(Side::Bottom, UnitType::LightInfantry, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "2,7").start().order({"4,6"});
  f.move("4,6", "2,6").to_battle();
  EXPECT_TRUE(can_battle(f, "2,6", "2,7"));
}

// §8: "Auxilia infantry units may move one hex and battle, or move two hexes and not battle."
// §10 step 5: "An Auxilia unit that moves two hexes cannot use Ranged Combat."
TEST(Movement, AuxiliaMovedTwoCannotBattle_S8) {
  {
    Field f;
    f.unit(Side::Bottom, UnitType::Auxilia, "4,6")
        .unit(Side::Top, UnitType::HeavyInfantry, "1,6")
        .start()
        .order({"4,6"});
    f.move("4,6", "2,6").to_battle();
    EXPECT_FALSE(any_battle(f, "2,6")) << "neither close combat with 1,6 nor fire";
    EXPECT_NE(f.s.decision, Decision::Battle) << "nothing could battle: the turn ended";
  }
  {
    Field f;  // moved one hex: close combat
    f.unit(Side::Bottom, UnitType::Auxilia, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "2,6").start().order({"4,6"});
    f.move("4,6", "3,6").to_battle();
    EXPECT_TRUE(can_battle(f, "3,6", "2,6"));
  }
  {
    Field f;  // moved one hex: ranged combat at range 2
    f.unit(Side::Bottom, UnitType::Auxilia, "4,6").unit(Side::Top, UnitType::HeavyInfantry, "1,6").start().order({"4,6"});
    f.move("4,6", "3,6").to_battle();
    EXPECT_TRUE(can_battle(f, "3,6", "1,6"));
  }
}

// §8: war machines "may move one hex but may not battle when they move". §10 step 5: "A Light or
// Heavy war machine unit that moves cannot use Ranged Combat."
TEST(Movement, WarMachineThatMovedCannotBattle_S8) {
  for (UnitType wm : {UnitType::LightWarMachine, UnitType::HeavyWarMachine}) {
    SCOPED_TRACE(unit_info(wm).name);
    {
      Field f;
      f.unit(Side::Bottom, wm, "6,6").unit(Side::Top, UnitType::HeavyInfantry, "2,6").start().order({"6,6"});
      f.move("6,6", "5,6").to_battle();
      EXPECT_FALSE(any_battle(f, "5,6"));
    }
    {
      Field f;  // not moved: it fires
      f.unit(Side::Bottom, wm, "6,6").unit(Side::Top, UnitType::HeavyInfantry, "2,6").start().order({"6,6"});
      f.to_battle();
      EXPECT_TRUE(can_battle(f, "6,6", "2,6"));
    }
    {
      Field f;  // moved next to an enemy: no close combat either
      f.unit(Side::Bottom, wm, "5,6").unit(Side::Top, UnitType::HeavyInfantry, "3,6").start().order({"5,6"});
      f.move("5,6", "4,6").to_battle();
      EXPECT_FALSE(any_battle(f, "4,6"));
    }
  }
}

// A refused move names its reason (§7 not ordered, §8 one move, allowance, one unit per hex,
// warrior's charge; §16 impassable terrain), so that a person typing hexes learns the rule.
TEST(Movement, ARefusedMoveSaysWhy_S7_S8_S16) {
  Field f;
  f.unit(Side::Bottom, UnitType::LightInfantry, "4,6")
      .unit(Side::Bottom, UnitType::MediumInfantry, "4,8")
      .unit(Side::Bottom, UnitType::Warrior, "6,2")
      .unit(Side::Top, UnitType::HeavyInfantry, "2,6")
      .unit(Side::Top, UnitType::HeavyInfantry, "0,11")
      .terrain("4,5", Terrain::Lake)
      .start()
      .order({"4,6", "6,2"});
  auto why = [&](const char* from, const char* to) { return f.refusal(A(ActionType::MoveUnit, H(from), H(to))); };
  auto has = [](const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; };
  EXPECT_TRUE(has(why("5,5", "4,5"), "no unit or leader of yours at 5,5")) << why("5,5", "4,5");
  EXPECT_TRUE(has(why("2,6", "3,6"), "no unit or leader of yours at 2,6"));
  EXPECT_TRUE(has(why("4,8", "4,9"), "not ordered this turn (§7)"));
  EXPECT_TRUE(has(why("4,6", "4,5"), "4,5 is impassable terrain (§16)"));
  EXPECT_TRUE(has(why("4,6", "4,8"), "4,8 is occupied by a unit"));
  EXPECT_TRUE(has(why("4,6", "1,6"), "1,6 is 3 hexes away; the light infantry at 4,6 moves at most 2 now")) << why("4,6", "1,6");
  // A warrior's second hex must end next to an enemy unit.
  EXPECT_TRUE(has(why("6,2", "4,2"), "only to end next to an enemy unit")) << why("6,2", "4,2");
  f.move("4,6", "3,6");
  EXPECT_TRUE(has(why("3,6", "3,7"), "has already moved this turn (§8)"));
}

}  // namespace movement_tests
}  // namespace bgb::cca::test
