// Rule book §10 step 3 (Check Line of Sight) and the line-of-sight paragraphs of §16 (forest,
// hill, seacoast, fordable river, rampart, fortified camp, broken ground). Line of sight is read
// through the public rules: a light bow (range 3) or light war machine (range 5) that is ordered
// and has not moved may fire at a target exactly when Battle(from, target) is a legal action.
#include <functional>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace los_tests {

using LosSetup = std::function<void(Field&)>;

// A bottom ranged unit at `from`, ordered, and a top heavy infantry at `to`; `setup` adds more.
// True when the firer may fire at the target. When no battle at all is possible the engine ends
// the turn by itself (the only legal action is end-battles), which also means "may not fire".
bool fires(const char* from, const char* to, const LosSetup& setup = {}, UnitType firer = UnitType::LightBow) {
  Field f;
  f.unit(Side::Bottom, firer, from).unit(Side::Top, UnitType::HeavyInfantry, to);
  if (setup) setup(f);
  f.start(Side::Bottom).order({from}).to_battle();
  return f.s.decision == Decision::Battle && f.s.active == Side::Bottom &&
         f.legal_has(Action::make(ActionType::Battle, H(from), H(to)));
}

LosSetup friendly_unit(const char* hex) {
  return [hex](Field& f) { f.unit(Side::Bottom, UnitType::HeavyInfantry, hex); };
}
LosSetup terrain(const char* hex, Terrain t) {
  return [hex, t](Field& f) { f.terrain(hex, t); };
}
LosSetup both(LosSetup a, LosSetup b) {
  return [a, b](Field& f) {
    a(f);
    b(f);
  };
}

// §10 step 3: a line from centre to centre with nothing between: the target can be seen, at
// range 2 and at range 3 (the light bow's range).
TEST(LineOfSight, ClearLine_S10) {
  EXPECT_TRUE(fires("4,2", "4,5"));
  EXPECT_TRUE(fires("4,2", "4,4"));
  EXPECT_TRUE(fires("6,6", "3,6"));
  EXPECT_TRUE(fires("4,4", "2,4"));
  // Out of range: 4 hexes for a range-3 light bow (the control for range).
  EXPECT_FALSE(fires("4,2", "4,6"));
}

// §10 step 3: "Obstructions include a unit or leader (regardless if friend or foe)".
TEST(LineOfSight, BlockedByFriendlyUnit_S10) {
  EXPECT_FALSE(fires("4,2", "4,5", friendly_unit("4,3")));
  EXPECT_FALSE(fires("4,2", "4,5", friendly_unit("4,4")));
  // A friendly unit beside the line does not block.
  EXPECT_TRUE(fires("4,2", "4,5", friendly_unit("3,3")));
  EXPECT_TRUE(fires("4,2", "4,5", friendly_unit("5,3")));
}

TEST(LineOfSight, BlockedByEnemyUnit_S10) {
  // An enemy unit two hexes away (not adjacent to the firer) on the line to a third-hex target.
  auto enemy = [](Field& f) { f.unit(Side::Top, UnitType::MediumInfantry, "4,4"); };
  EXPECT_FALSE(fires("4,2", "4,5", enemy));
  // Control: the firer is free to fire, at the nearer enemy.
  Field f;
  f.unit(Side::Bottom, UnitType::LightBow, "4,2").unit(Side::Top, UnitType::HeavyInfantry, "4,5");
  enemy(f);
  f.start().order({"4,2"}).to_battle();
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::Battle, H("4,2"), H("4,4"))));
  EXPECT_FALSE(f.legal_has(Action::make(ActionType::Battle, H("4,2"), H("4,5"))));
}

TEST(LineOfSight, BlockedByLeaderOfEitherSide_S10) {
  EXPECT_FALSE(fires("4,2", "4,5", [](Field& f) { f.leader(Side::Bottom, "4,3"); }));
  EXPECT_FALSE(fires("4,2", "4,5", [](Field& f) { f.leader(Side::Bottom, "4,4"); }));
  EXPECT_FALSE(fires("4,2", "4,5", [](Field& f) { f.leader(Side::Top, "4,4"); }));
  // A leader beside the line does not block.
  EXPECT_TRUE(fires("4,2", "4,5", [](Field& f) { f.leader(Side::Top, "3,4"); }));
}

// §10 step 3: "The terrain in the target unit's hex does not block line of sight." A leader in
// the target's hex does not either.
TEST(LineOfSight, TargetHexNeverBlocks_S10) {
  EXPECT_TRUE(fires("4,2", "4,5", terrain("4,5", Terrain::Forest)));
  EXPECT_TRUE(fires("4,2", "4,5", terrain("4,5", Terrain::FortifiedCamp)));
  EXPECT_TRUE(fires("4,2", "4,5", [](Field& f) { f.leader(Side::Top, "4,5"); }));
  // Nor does the firer's own hex.
  EXPECT_TRUE(fires("4,2", "4,5", terrain("4,2", Terrain::Forest)));
  EXPECT_TRUE(fires("4,2", "4,5", terrain("4,2", Terrain::FortifiedCamp)));
}

// §10 step 3: "If the imaginary line runs along the edge of one or more hexes that contain
// obstructions, line of sight is not blocked unless the obstructions are on both sides of the
// line." From 4,4 to 2,4 the line runs exactly along the hexside between 3,3 and 3,4.
TEST(LineOfSight, AlongHexsideBlockedOnlyIfBothSidesObstructed_S10) {
  EXPECT_TRUE(fires("4,4", "2,4"));
  EXPECT_TRUE(fires("4,4", "2,4", friendly_unit("3,3")));
  EXPECT_TRUE(fires("4,4", "2,4", friendly_unit("3,4")));
  EXPECT_FALSE(fires("4,4", "2,4", both(friendly_unit("3,3"), friendly_unit("3,4"))));
  // Mixed obstructions count too: a forest on one side and a unit on the other.
  EXPECT_TRUE(fires("4,4", "2,4", terrain("3,3", Terrain::Forest)));
  EXPECT_FALSE(fires("4,4", "2,4", both(terrain("3,3", Terrain::Forest), friendly_unit("3,4"))));
  // And leaders.
  EXPECT_FALSE(fires("4,4", "2,4", [](Field& f) {
    f.leader(Side::Bottom, "3,3");
    f.leader(Side::Bottom, "3,4");
  }));
  // The same along another direction: 2,6 -> 4,6 (top firing down) runs between 3,5 and 3,6.
  auto top_fires = [](const LosSetup& setup) {
    Field f;
    f.unit(Side::Top, UnitType::LightBow, "2,6").unit(Side::Bottom, UnitType::HeavyInfantry, "4,6");
    if (setup) setup(f);
    f.start(Side::Top).order({"2,6"}).to_battle();
    return f.s.decision == Decision::Battle && f.s.active == Side::Top &&
           f.legal_has(Action::make(ActionType::Battle, H("2,6"), H("4,6")));
  };
  auto top_unit = [](const char* h) { return [h](Field& f) { f.unit(Side::Top, UnitType::HeavyInfantry, h); }; };
  EXPECT_TRUE(top_fires({}));
  EXPECT_TRUE(top_fires(top_unit("3,5")));
  EXPECT_TRUE(top_fires(top_unit("3,6")));
  EXPECT_FALSE(top_fires(both(top_unit("3,5"), top_unit("3,6"))));
}

// The same rule in all six "diagonal" directions: a target two hexes away that shares two
// neighbours with the firer is seen along the hexside between those two neighbours.
TEST(LineOfSight, AlongHexsideInAllSixDirections_S10) {
  const Board& b = Board::get();
  const int from = H("4,6");
  int directions = 0;
  for (int t = 0; t < kHexes; ++t) {
    if (b.dist[from][t] != 2) continue;
    std::vector<int> common;
    for (int n = 0; n < kHexes; ++n)
      if (b.adjacent(from, n) && b.adjacent(t, n)) common.push_back(n);
    if (common.size() != 2) continue;
    ++directions;
    const std::string to = hex_name(t), a = hex_name(common[0]), c = hex_name(common[1]);
    SCOPED_TRACE("4,6 -> " + to + " between " + a + " and " + c);
    auto unit_at_hex = [](std::string h) {
      return [h](Field& f) { f.unit(Side::Bottom, UnitType::HeavyInfantry, h.c_str()); };
    };
    EXPECT_TRUE(fires("4,6", to.c_str()));
    EXPECT_TRUE(fires("4,6", to.c_str(), unit_at_hex(a)));
    EXPECT_TRUE(fires("4,6", to.c_str(), unit_at_hex(c)));
    EXPECT_FALSE(fires("4,6", to.c_str(), both(unit_at_hex(a), unit_at_hex(c))));
  }
  EXPECT_EQ(directions, 6);
}

// Interpretation 18: along a longer hexside line the obstructions on the two sides may lie at
// different points of the line. 6,4 -> 2,4 runs between 5,3|5,4, through 4,4, between 3,3|3,4.
TEST(LineOfSight, AlongHexsideBothSidesAnywhereOnTheLine_S10_Interp18) {
  const UnitType wm = UnitType::LightWarMachine;
  EXPECT_TRUE(fires("6,4", "2,4", {}, wm));
  EXPECT_TRUE(fires("6,4", "2,4", both(friendly_unit("5,3"), friendly_unit("3,3")), wm));
  EXPECT_TRUE(fires("6,4", "2,4", both(friendly_unit("5,4"), friendly_unit("3,4")), wm));
  EXPECT_FALSE(fires("6,4", "2,4", both(friendly_unit("5,3"), friendly_unit("3,4")), wm));
  EXPECT_FALSE(fires("6,4", "2,4", friendly_unit("4,4"), wm)) << "the line passes through 4,4";
}

// §10 step 3: "the edge of the battlefield" is an obstruction. From 4,0 to 2,0 the line runs
// along the board edge: the edge is on one side, 3,0 on the other.
TEST(LineOfSight, BoardEdgeIsAnObstructionOnOneSide_S10) {
  EXPECT_TRUE(fires("4,0", "2,0"));
  EXPECT_FALSE(fires("4,0", "2,0", friendly_unit("3,0")));
  EXPECT_FALSE(fires("4,0", "2,0", terrain("3,0", Terrain::Forest)));
  // The right edge: 4,12 -> 2,12 runs between 3,11 and the edge.
  EXPECT_TRUE(fires("4,12", "2,12"));
  EXPECT_FALSE(fires("4,12", "2,12", friendly_unit("3,11")));
  // Control in the open: the same line with one obstruction is clear (see the hexside test).
  EXPECT_TRUE(fires("4,4", "2,4", friendly_unit("3,4")));
}

// §16 Forest / Fortified Camp: "A forest hex blocks line of sight." "A fortified camp hex blocks
// line of sight." (Steep hills, an impassable scenario terrain, block it too: interpretation 18.)
TEST(LineOfSight, ForestAndFortifiedCampBlock_S16) {
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,3", Terrain::Forest)));
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,4", Terrain::Forest)));
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,3", Terrain::FortifiedCamp)));
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,4", Terrain::FortifiedCamp)));
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,4", Terrain::SteepHill)));
}

// §16: broken ground, seacoast, fordable river and rampart "do not block line of sight"; a lake
// does not either (scenario terrain, like the seacoast).
TEST(LineOfSight, BrokenGroundRiverRampartSeacoastDoNotBlock_S16) {
  for (Terrain t : {Terrain::BrokenGround, Terrain::FordableRiver, Terrain::River, Terrain::Rampart, Terrain::Seacoast,
                    Terrain::Lake}) {
    SCOPED_TRACE(terrain_info(t).name);
    EXPECT_TRUE(fires("4,2", "4,5", both(terrain("4,3", t), terrain("4,4", t))));
  }
  EXPECT_TRUE(fires("4,2", "4,5", [](Field& f) {
    f.terrain("4,3", Terrain::Rampart, Facing::Up);
    f.terrain("4,4", Terrain::Rampart, Facing::Down);
  }));
}

// §16 Hill: "A hill hex blocks line of sight to units behind a hill hex."
TEST(LineOfSight, HillBetweenBlocks_S16) {
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,3", Terrain::Hill)));
  EXPECT_FALSE(fires("4,2", "4,5", terrain("4,4", Terrain::Hill)));
  EXPECT_FALSE(fires("4,2", "4,4", terrain("4,3", Terrain::Hill)));
}

// §16 Hill: "A unit on a lower level has line of sight onto the first hill hex and vice versa."
TEST(LineOfSight, LowerUnitSeesTheFirstHillHex_S16) {
  EXPECT_TRUE(fires("4,2", "4,5", terrain("4,5", Terrain::Hill)));
  EXPECT_TRUE(fires("4,2", "4,4", terrain("4,4", Terrain::Hill)));
  // Vice versa: from the hill down onto the plain.
  EXPECT_TRUE(fires("4,2", "4,5", terrain("4,2", Terrain::Hill)));
}

// §16 Hill: "A unit a lower level does not have line of sight through one hill hex onto a second
// hill hex with a unit and vice versa."
TEST(LineOfSight, LowerUnitCannotSeeThroughOneHillOntoAnother_S16) {
  EXPECT_FALSE(fires("4,2", "4,5", both(terrain("4,4", Terrain::Hill), terrain("4,5", Terrain::Hill))));
  EXPECT_FALSE(fires("4,2", "4,5", both(terrain("4,2", Terrain::Hill), terrain("4,3", Terrain::Hill))));
}

// §16 Hill: "Line of sight is not blocked between units on the same hill looking across hill
// hexes all at the same level (the units are considered to be on a plateau)."
TEST(LineOfSight, PlateauBothEndsOnHills_S16) {
  auto plateau = [](Field& f) {
    for (const char* h : {"4,2", "4,3", "4,4", "4,5"}) f.terrain(h, Terrain::Hill);
  };
  EXPECT_TRUE(fires("4,2", "4,5", plateau));
  // Units still block on the plateau.
  EXPECT_FALSE(fires("4,2", "4,5", both(plateau, friendly_unit("4,3"))));
}

LosSetup hills(std::initializer_list<const char*> hexes) {
  std::vector<const char*> v(hexes);
  return [v](Field& f) {
    for (const char* h : v) f.terrain(h, Terrain::Hill);
  };
}

// §16 Hill, the plateau is "the same hill": a hill is a connected area of hill hexes. Two units on
// different hills do not see each other across a hill hex between them (docs/rules.md).
TEST(LineOfSight, DifferentHillsAreNoPlateau_S16) {
  // 4,2 is one hill; 4,4 and 4,5 another. The line 4,2 -> 4,5 crosses 4,4, a hill hex.
  EXPECT_FALSE(fires("4,2", "4,5", hills({"4,2", "4,4", "4,5"})));
  // Three hills in a row: 4,1, 4,3 and 4,5, plain between. The middle hill blocks.
  EXPECT_FALSE(fires("4,1", "4,5", hills({"4,1", "4,3", "4,5"}), UnitType::LightWarMachine));
  // The same line with 4,3 plain: nothing blocks.
  EXPECT_TRUE(fires("4,1", "4,5", hills({"4,1", "4,5"}), UnitType::LightWarMachine));
  // Joining the three by a ridge on row 3 makes them one hill: the plateau again.
  EXPECT_TRUE(fires("4,1", "4,5", hills({"4,1", "3,1", "3,2", "4,3", "3,3", "3,4", "4,5"}), UnitType::LightWarMachine));
}

// The same hill may bend: a line between two of its hexes over plain ground is clear; another
// hill's hex on that line still blocks.
TEST(LineOfSight, SameHillAcrossItsOwnHexes_S16) {
  // An arc 4,2 - 3,2 - 3,3 - 3,4 - 4,5: the line 4,2 -> 4,5 runs over plain 4,3 and 4,4.
  EXPECT_TRUE(fires("4,2", "4,5", hills({"4,2", "3,2", "3,3", "3,4", "4,5"})));
  // A longer arc over row 2 joins 4,1 and 4,5 without touching 4,3 or its neighbours.
  const std::initializer_list<const char*> arc = {"4,1", "3,1", "2,2", "2,3", "2,4", "3,4", "4,5"};
  EXPECT_TRUE(fires("4,1", "4,5", hills(arc), UnitType::LightWarMachine));
  // A lone hill hex 4,3 on the line is a hill of its own: it blocks.
  EXPECT_FALSE(fires("4,1", "4,5", both(hills(arc), hills({"4,3"})), UnitType::LightWarMachine));
}

TEST(LineOfSight, HillAreasAreConnectedComponents) {
  Scenario s;
  for (const char* h : {"4,1", "3,1", "3,2", "4,3", "6,6", "6,7", "0,12"}) s.terrain[size_t(H(h))] = Terrain::Hill;
  s.finalize();
  EXPECT_EQ(s.other_hills.size(), 3u);
  EXPECT_NE(s.hill_area[size_t(H("4,1"))], 0);
  EXPECT_EQ(s.hill_area[size_t(H("4,1"))], s.hill_area[size_t(H("4,3"))]);
  EXPECT_EQ(s.hill_area[size_t(H("6,6"))], s.hill_area[size_t(H("6,7"))]);
  EXPECT_NE(s.hill_area[size_t(H("4,1"))], s.hill_area[size_t(H("6,6"))]);
  EXPECT_NE(s.hill_area[size_t(H("0,12"))], s.hill_area[size_t(H("6,6"))]);
  EXPECT_EQ(s.hill_area[size_t(H("5,5"))], 0);
  const Bits128& others = s.other_hills[s.hill_area[size_t(H("6,6"))] - 1];
  EXPECT_TRUE(others.test(H("4,3")) && others.test(H("0,12")));
  EXPECT_FALSE(others.test(H("6,6")) || others.test(H("6,7")));
}

}  // namespace los_tests
}  // namespace bgb::cca::test
