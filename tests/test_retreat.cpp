// Rule book §12 Retreat: distance per flag, direction, terrain, blocked retreats, the retreating
// player's choice, attached leaders, bolster morale and the elephant's blocked retreat.
// Flags come mostly from ranged fire (a sword never hits in ranged combat), so nothing else happens.
#include <map>
#include <set>
#include <string>

#include "test_support.h"

namespace bgb::cca::test {
namespace retreat_s12 {
namespace {

// The set of RetreatTo hexes offered.
std::set<std::string> retreat_options(const Field& f) {
  std::set<std::string> out;
  if (f.s.decision != Decision::Retreat) return out;
  for (Action a : f.legal())
    if (a.type() == ActionType::RetreatTo) out.insert(hex_name(a.a()));
  return out;
}
// How many flags the unit hit may ignore (0 when no decision is offered).
int ignorable(const Field& f) {
  if (f.s.decision != Decision::IgnoreFlags) return 0;
  int k = 0;
  for (Action a : f.legal())
    if (a.type() == ActionType::IgnoreFlags) k = std::max(k, a.a());
  return k;
}

// §12: hexes per flag = the type's movement; warriors 2; elephants and auxilia 1.
const std::map<U, int>& retreat_table() {
  static const std::map<U, int> t = {
      {U::LightInfantry, 2},   {U::LightSling, 2},      {U::LightBow, 2},        {U::Auxilia, 1},
      {U::Warrior, 2},         {U::MediumInfantry, 1},  {U::HeavyInfantry, 1},   {U::LightWarMachine, 1},
      {U::HeavyWarMachine, 1}, {U::LightCavalry, 4},    {U::LightBowCavalry, 4}, {U::MediumCavalry, 3},
      {U::HeavyCavalry, 2},    {U::Camel, 3},           {U::Elephant, 1},        {U::LightChariot, 3},
      {U::HeavyChariot, 2},
  };
  return t;
}

}  // namespace

// §12: for each flag a unit retreats its movement (warriors 2, elephants and auxilia 1), top units
// toward row 0 and bottom units toward row 8.
TEST(Retreat_S12, DistancePerFlagEveryType) {
  for (auto [type, hexes] : retreat_table()) {
    {  // A top unit at 4,6 fired at from 6,6: it retreats toward row 0.
      Field f;
      f.unit(B, U::LightBow, "6,6").unit(T, type, "4,6").start(B).order({"6,6"}).to_battle();
      f.force({F, S}).battle("6,6", "4,6");
      if (f.s.decision == Decision::IgnoreFlags) f.ignore(0);  // full-strength warrior
      retreat_first(f);
      EXPECT_EQ(f.dice_pending(), 0);
      EXPECT_EQ(row_of(f, 1), 4 - hexes) << unit_info(type).code;
      EXPECT_EQ(f.s.units[1].blocks, unit_info(type).blocks) << unit_info(type).code;
    }
    {  // A bottom unit at 4,6 fired at from 2,6: it retreats toward row 8.
      Field f;
      f.unit(T, U::LightBow, "2,6").unit(B, type, "4,6").start(T).order({"2,6"}).to_battle();
      f.force({F, S}).battle("2,6", "4,6");
      if (f.s.decision == Decision::IgnoreFlags) f.ignore(0);
      retreat_first(f);
      EXPECT_EQ(row_of(f, 1), 4 + hexes) << unit_info(type).code;
    }
  }
}

// §12: several flags multiply the distance.
TEST(Retreat_S12, SeveralFlagsMultiply) {
  struct Case {
    U type;
    int expected_row;  // from row 4, two flags
  };
  for (Case c : {Case{U::MediumInfantry, 2}, Case{U::LightInfantry, 0}, Case{U::HeavyCavalry, 0}, Case{U::Auxilia, 2}}) {
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, c.type, "4,6").start().order({"6,6"}).to_battle();
    f.force({F, F}).battle("6,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), c.expected_row) << unit_info(c.type).code;
    EXPECT_EQ(f.s.units[1].blocks, unit_info(c.type).blocks) << unit_info(c.type).code;
  }
  {  // Light cavalry, two flags: 8 hexes; from row 4 only 4 can be made: 4 blocks lost -> eliminated.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightCavalry, "4,6").start().order({"6,6"}).to_battle();
    f.force({F, F}).battle("6,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(f.s.units[1].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
  }
}

// §12: a unit always retreats toward its own side, never sideways; the owner chooses between the
// two back hexes.
TEST(Retreat_S12, AlwaysTowardOwnBaselineOwnerChooses) {
  struct Case {
    Side side;
    const char* firer;
    const char* target;
    std::set<std::string> back;
  };
  const Case cases[] = {
      {T, "6,6", "4,6", {"3,5", "3,6"}},
      {T, "5,6", "3,6", {"2,6", "2,7"}},
      {B, "2,6", "4,6", {"5,5", "5,6"}},
      {B, "1,6", "3,6", {"4,6", "4,7"}},
  };
  for (const Case& c : cases) {
    Field f;
    f.unit(other(c.side), U::LightBow, c.firer).unit(c.side, U::MediumInfantry, c.target);
    f.start(other(c.side)).order({c.firer}).to_battle();
    f.force({F, S}).battle(c.firer, c.target);
    ASSERT_EQ(f.s.decision, Decision::Retreat) << c.target;
    EXPECT_EQ(f.s.decider, c.side);
    EXPECT_EQ(retreat_options(f), c.back) << c.target;
    EXPECT_EQ(f.legal().size(), 2);
    // The owner picks the second one.
    f.retreat_to(c.back.rbegin()->c_str());
    EXPECT_EQ(hex_of(f, 1), *c.back.rbegin());
  }
}

// §12: never sideways, even when the only free hexes are to the side.
TEST(Retreat_S12, NeverSideways) {
  {  // One back hex blocked: the unit takes the other.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").unit(B, U::HeavyInfantry, "3,5");
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(hex_of(f, 1), "3,6");
  }
  {  // Both back hexes blocked: it stays and loses a block although 4,5 and 4,7 are free.
    Field f;
    f.unit(B, U::LightBow, "6,6")
        .unit(T, U::MediumInfantry, "4,6")
        .unit(B, U::HeavyInfantry, "3,5")
        .unit(B, U::HeavyInfantry, "3,6")
        .start()
        .order({"6,6"})
        .to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(hex_of(f, 1), "4,6");
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
}

// §12: terrain that is not impassable has no effect on retreat (forest, fordable river).
TEST(Retreat_S12, TerrainHasNoEffectOnRetreat) {
  for (Terrain t : {Terrain::Forest, Terrain::FordableRiver}) {
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"3,5", "3,6", "2,5", "2,6", "2,7"}) f.terrain(h, t);
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 2) << terrain_info(t).name;
    EXPECT_EQ(f.s.units[1].blocks, 4) << terrain_info(t).name;
  }
}

// §12: impassable terrain may not be entered during a retreat.
TEST(Retreat_S12, ImpassableTerrainCannotBeEntered) {
  {
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").terrain("3,5", Terrain::Lake);
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(hex_of(f, 1), "3,6");
  }
  {
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6").terrain("3,5", Terrain::Lake).terrain("3,6", Terrain::River);
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(hex_of(f, 1), "4,6");
    EXPECT_EQ(f.s.units[1].blocks, 2) << "two hexes not fulfilled";
  }
}

// §12: a retreat blocked by units (friend or foe) or a lone enemy leader costs one block per hex
// not made.
TEST(Retreat_S12, BlockedRetreatCostsOneBlockPerHex) {
  {  // An enemy unit and a lone enemy leader behind.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").unit(B, U::HeavyInfantry, "3,5").leader(B, "3,6");
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(hex_of(f, 1), "4,6");
    EXPECT_EQ(f.s.units[1].blocks, 3);
    EXPECT_EQ(count_events(f, Ev::RetreatBlocked), 1);
  }
  {  // Friendly units behind (they support it: it declines to ignore the flag).
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").unit(T, U::HeavyInfantry, "3,5").unit(T, U::HeavyInfantry, "3,6");
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
    f.ignore(0);
    EXPECT_EQ(hex_of(f, 1), "4,6");
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
  {  // Light infantry: the first hex is free, the second is blocked everywhere: 1 block.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"2,5", "2,6", "2,7"}) f.unit(B, U::HeavyInfantry, h);
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 3);
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
  {  // Two flags on a medium infantry with both back hexes blocked: 2 blocks.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").unit(B, U::HeavyInfantry, "3,5").unit(B, U::HeavyInfantry, "3,6");
    f.start().order({"6,6"}).to_battle();
    f.force({F, F}).battle("6,6", "4,6");
    EXPECT_EQ(f.s.units[1].blocks, 2);
  }
}

// §12 "If a unit cannot retreat ... one block for each hex it cannot fulfill": interpretation
// "retreat as far as possible" (docs/rules.md). The owner chooses the path among those that make
// the most hexes; a path into a dead end is refused while a longer one exists.
TEST(Retreat_S12, NoDeadEndWhileAFullRetreatExists) {
  {  // Light infantry, 2 hexes: 3,5 leads into a dead end (2,5 and 2,6 taken), 3,6 on to 2,7.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6");
    f.unit(T, U::HeavyInfantry, "2,5").unit(T, U::HeavyInfantry, "2,6").unit(T, U::HeavyInfantry, "0,0");
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(count_events(f, Ev::RetreatBlocked), 0) << f.story();
    EXPECT_EQ(hex_of(f, 1), "2,7") << "the only full path, taken without a question";
    EXPECT_EQ(f.s.units[1].blocks, 4);
  }
  {  // Both paths end after one hex: the owner chooses, and loses one block either way.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"2,5", "2,6", "2,7"}) f.unit(T, U::HeavyInfantry, h);
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(retreat_options(f), (std::set<std::string>{"3,5", "3,6"}));
    f.retreat_to("3,5");
    EXPECT_EQ(hex_of(f, 1), "3,5");
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
  {  // Light cavalry, 4 hexes, no full path: 3,5 makes 1 (2,5 and 2,6 taken), 3,6 makes 2
     // (2,7, then 1,6 and 1,7 taken). Only 3,6 is offered; 2 blocks are lost.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightCavalry, "4,6");
    for (const char* h : {"2,5", "2,6", "1,6", "1,7"}) f.unit(T, U::HeavyInfantry, h);
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    retreat_first(f);
    EXPECT_EQ(hex_of(f, 1), "2,7") << f.story();
    EXPECT_EQ(f.s.units[1].blocks, unit_info(U::LightCavalry).blocks - 2);
  }
  {  // A lone friendly leader ends a retreat with nothing lost: that path counts as complete,
     // as does the free one; the owner chooses.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6").leader(T, "3,5");
    f.unit(T, U::HeavyInfantry, "0,0");
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(retreat_options(f), (std::set<std::string>{"3,5", "3,6"}));
  }
  {  // The leader's hex against a dead end: only the leader's hex.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6").leader(T, "3,5");
    f.unit(T, U::HeavyInfantry, "2,6").unit(T, U::HeavyInfantry, "2,7");
    f.start().order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(hex_of(f, 1), "3,5") << f.story();
    EXPECT_TRUE(f.has_leader("3,5"));
    EXPECT_EQ(f.s.units[1].blocks, 4);
  }
}

// §12: a unit without a leader may retreat onto a lone friendly leader: he attaches and the
// retreat stops there.
TEST(Retreat_S12, LoneFriendlyLeaderAttachesAndStopsRetreat) {
  Field f;
  f.unit(B, U::LightBow, "6,6").unit(T, U::LightInfantry, "4,6").leader(T, "3,5").unit(B, U::HeavyInfantry, "3,6");
  f.start().order({"6,6"}).to_battle();
  f.force({F, F}).battle("6,6", "4,6");  // 4 hexes due
  EXPECT_EQ(hex_of(f, 1), "3,5");
  EXPECT_TRUE(f.has_leader("3,5"));
  EXPECT_EQ(f.s.units[1].blocks, 4);
}

// §12: off the board: one block per hex that cannot be made.
TEST(Retreat_S12, OffTheBoardCostsBlocks) {
  {  // On its own baseline: light infantry loses 2 blocks.
    Field f;
    f.unit(B, U::LightBow, "2,6").unit(T, U::LightInfantry, "0,6").start().order({"2,6"}).to_battle();
    f.force({F, S}).battle("2,6", "0,6");
    EXPECT_EQ(hex_of(f, 1), "0,6");
    EXPECT_EQ(f.s.units[1].blocks, 2);
  }
  {  // One row from it: one hex made, one block lost.
    Field f;
    f.unit(B, U::LightBow, "3,6").unit(T, U::LightInfantry, "1,6").start().order({"3,6"}).to_battle();
    f.force({F, S}).battle("3,6", "1,6");
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 0);
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
  {  // A bottom unit on row 8.
    Field f;
    f.unit(T, U::LightBow, "6,6").unit(B, U::MediumInfantry, "8,6").start(T).order({"6,6"}).to_battle();
    f.force({F, S}).battle("6,6", "8,6");
    EXPECT_EQ(hex_of(f, 1), "8,6");
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
}

// §12: an attached leader retreats with his unit.
TEST(Retreat_S12, AttachedLeaderRetreatsWithUnit) {
  Field f;
  f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"6,6"}).to_battle();
  f.force({F, S}).battle("6,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
  f.ignore(0);
  ASSERT_EQ(f.s.decision, Decision::Retreat);
  f.retreat_to("3,6");
  EXPECT_EQ(hex_of(f, 1), "3,6");
  EXPECT_TRUE(f.has_leader("3,6"));
  EXPECT_FALSE(f.has_leader("4,6"));
}

// §12 Bolster Morale: each situation lets the unit ignore one flag, and they add up: attached
// leader, two supporting units (a lone leader counts as one), full-strength warrior, terrain.
TEST(Retreat_S12, BolsterMoraleIsCumulative) {
  // The bottom heavy infantry at 5,6 attacks the top unit at 4,6 with five flags.
  auto flags_ignorable = [](U type, std::initializer_list<const char*> friends, std::initializer_list<const char*> lone_leaders,
                            bool attached, Terrain t = Terrain::Plain, Facing facing = Facing::None) {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, type, "4,6");
    for (const char* h : friends) f.unit(T, U::HeavyInfantry, h);
    for (const char* h : lone_leaders) f.leader(T, h);
    if (attached) f.leader(T, "4,6");
    f.terrain("4,6", t, facing);
    f.start().order({"5,6"}).to_battle();
    f.force({F, F, F, F, F}).battle("5,6", "4,6");
    if (f.s.decision == Decision::EvadeOrStand) f.stand();
    return ignorable(f);
  };
  using I = std::initializer_list<const char*>;
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{}, I{}, false), 0);
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{"4,5"}, I{}, false), 0) << "one supporting unit is not enough";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{}, I{}, true), 1) << "attached leader";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{"4,5", "4,7"}, I{}, false), 1) << "two supporting units";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{"4,5", "4,7", "3,5"}, I{}, false), 1) << "three still count once";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{"4,5"}, I{"3,6"}, false), 1) << "a lone leader supports like a unit";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{}, I{"3,6", "3,5"}, false), 1) << "two lone leaders";
  EXPECT_EQ(flags_ignorable(U::Warrior, I{}, I{}, false), 1) << "full-strength warrior";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{"4,5", "4,7"}, I{}, true), 2) << "leader + support";
  EXPECT_EQ(flags_ignorable(U::Warrior, I{"4,5", "4,7"}, I{}, true), 3) << "leader + support + warrior";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{}, I{}, false, Terrain::FortifiedCamp), 1) << "fortified camp";
  EXPECT_EQ(flags_ignorable(U::Warrior, I{"4,5", "4,7"}, I{}, true, Terrain::FortifiedCamp), 4) << "all four";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{}, I{}, false, Terrain::Rampart, Facing::Down), 1) << "rampart, front";
  EXPECT_EQ(flags_ignorable(U::MediumInfantry, I{}, I{}, false, Terrain::Rampart, Facing::Up), 0) << "rampart, rear";
  EXPECT_EQ(flags_ignorable(U::HeavyCavalry, I{}, I{}, false, Terrain::FortifiedCamp), 0) << "no camp benefit for mounted";
}

// §12: elephants may support but may not receive support (nor a leader's morale).
TEST(Retreat_S12, ElephantsCannotReceiveSupport) {
  Field f;
  f.unit(B, U::MediumInfantry, "5,6")
      .unit(T, U::Elephant, "4,6")
      .unit(T, U::HeavyInfantry, "4,5")
      .unit(T, U::HeavyInfantry, "4,7")
      .leader(T, "4,6")
      .start()
      .order({"5,6"})
      .to_battle();
  // One flag; the rampage rolls 2 dice at each of 4,7, 4,5 and 5,6 (flags: no effect).
  f.force({F, L, L, L, F, F, F, F, F, F}).battle("5,6", "4,6");
  EXPECT_EQ(count_events(f, Ev::FlagsIgnored), 0);
  EXPECT_EQ(count_events(f, Ev::Rampage), 1);
  retreat_first(f);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(row_of(f, 1), 3);
  EXPECT_TRUE(f.has_leader(hex_of(f, 1).c_str())) << "the leader retreats with the elephant";
  {  // ... while an elephant does support a neighbour.
    Field g;
    g.unit(B, U::LightBow, "6,6")
        .unit(T, U::MediumInfantry, "4,6")
        .unit(T, U::Elephant, "4,5")
        .unit(T, U::Elephant, "4,7")
        .start()
        .order({"6,6"})
        .to_battle();
    g.force({F, S}).battle("6,6", "4,6");
    EXPECT_EQ(ignorable(g), 1);
  }
}

// §12 Elephant retreat blocked: both back hexes lose their blocks at once. Interpretation: if that
// brings both sides to their banner totals, the active player wins (docs/rules.md). Here the
// Carthaginian (top) elephant at 4,6 is blocked by its own light infantry at 3,5 and a Roman heavy
// infantry at 3,6, both on their last block, with each side one banner short.
TEST(Retreat_S12, ElephantTrampleReachingBothTotalsGoesToTheActivePlayer) {
  for (Side active : {B, T}) {
    Field f;
    const Side enemy = other(active);
    // The elephant belongs to the side that is not active and is attacked from its front; its
    // back hexes are 3,5 / 3,6 (top elephant) or 5,5 / 5,6 (bottom elephant).
    const bool top_elephant = enemy == T;
    const char* attacker = top_elephant ? "5,6" : "3,6";
    const char* own_back = top_elephant ? "3,5" : "5,5";
    const char* enemy_back = top_elephant ? "3,6" : "5,6";
    f.unit(active, U::MediumInfantry, attacker).unit(enemy, U::Elephant, "4,6");
    f.unit(enemy, U::LightInfantry, own_back, 1).unit(active, U::HeavyInfantry, enemy_back, 1);
    f.banners(3);
    f.start(active);
    f.s.banners[0] = f.s.banners[1] = 2;
    f.s.extra_banners[0] = f.s.extra_banners[1] = 2;  // as if two objectives each (the invariant counts)
    f.order({attacker}).to_battle();
    // One flag, no hit on the elephant; the rampage misses everywhere (flags hit nobody).
    f.force({F, L, L, L, F, F, F, F, F, F}).battle(attacker, "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_TRUE(f.empty(own_back)) << "both trampled units are gone: " << f.story();
    EXPECT_TRUE(f.empty(enemy_back));
    EXPECT_EQ(f.banners(Side::Top), 3);
    EXPECT_EQ(f.banners(Side::Bottom), 3);
    EXPECT_EQ(f.s.winner, active) << "both totals at once: the active player wins";
    EXPECT_EQ(f.s.decision, Decision::GameOver);
  }
}

// §12 Bolster Morale: the leader must survive his casualty check for the unit to ignore a flag.
TEST(Retreat_S12, LeaderMustSurviveCheckToIgnoreFlag) {
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, F, L, L, L, /*leader check*/ Hm, Hm}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
    EXPECT_NE(f.s.decision, Decision::IgnoreFlags);
    retreat_first(f);
    EXPECT_EQ(row_of(f, 1), 3);
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, F, L, L, L, /*leader check*/ Hm, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
    EXPECT_EQ(ignorable(f), 1);
  }
}

// §12 Elephant Retreat: when its path is blocked the elephant stays and loses nothing; the units
// in its path lose one block per hex not made. The rule book's example: a 1-block unit and a full
// unit behind, two flags: both lose a block, then the elephant moves into the freed hex.
TEST(Retreat_S12, ElephantBlockedRetreatHitsBlockers) {
  {
    Field f;
    f.unit(B, U::LightBow, "6,6")
        .unit(T, U::Elephant, "4,6")
        .unit(T, U::MediumInfantry, "3,5")
        .unit(T, U::MediumInfantry, "3,6")
        .start()
        .order({"6,6"})
        .to_battle();
    f.force({F, S, /*rampage at 3,6 and 3,5*/ F, F, F, F}).battle("6,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(hex_of(f, 1), "4,6");
    EXPECT_EQ(f.s.units[1].blocks, 2);
    EXPECT_EQ(f.blocks("3,5"), 3);
    EXPECT_EQ(f.blocks("3,6"), 3);
  }
  {
    Field f;
    f.unit(B, U::LightBow, "6,6")
        .unit(T, U::Elephant, "4,6")
        .unit(T, U::MediumInfantry, "3,5", 1)
        .unit(T, U::MediumInfantry, "3,6")
        .start()
        .order({"6,6"})
        .to_battle();
    f.force({F, F, /*rampage*/ F, F, F, F}).battle("6,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(f.s.units[2].status, Status::Eliminated);
    EXPECT_EQ(f.blocks("3,6"), 3);
    EXPECT_EQ(hex_of(f, 1), "3,5");
    EXPECT_EQ(f.s.units[1].blocks, 2);
  }
}

// §12: an elephant whose retreat is blocked only by the board edge loses the block itself
// (interpretation 9).
TEST(Retreat_S12, ElephantRetreatOffBoardCostsItsBlock) {
  Field f;
  f.unit(B, U::LightBow, "2,6").unit(T, U::Elephant, "0,6").start().order({"2,6"}).to_battle();
  f.force({F, S}).battle("2,6", "0,6");
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(hex_of(f, 1), "0,6");
  EXPECT_EQ(f.s.units[1].blocks, 1);
}

// §12: never sideways, never off the short side: at the board's edge only one back hex exists.
TEST(Retreat_S12, AtTheShortEdgeOnlyOneBackHex) {
  {
    Field f;
    f.unit(B, U::LightBow, "6,0").unit(T, U::MediumInfantry, "4,0").start().order({"6,0"}).to_battle();
    f.force({F, S}).battle("6,0", "4,0");
    EXPECT_EQ(hex_of(f, 1), "3,0");
  }
  {  // That hex blocked: a block lost; 4,1 beside it is not a retreat hex.
    Field f;
    f.unit(B, U::LightBow, "6,0").unit(T, U::MediumInfantry, "4,0").unit(B, U::HeavyInfantry, "3,0").start().order({"6,0"}).to_battle();
    f.force({F, S}).battle("6,0", "4,0");
    EXPECT_EQ(hex_of(f, 1), "4,0");
    EXPECT_EQ(f.s.units[1].blocks, 3);
  }
  {
    Field f;
    f.unit(B, U::LightBow, "6,12").unit(T, U::MediumInfantry, "4,12").start().order({"6,12"}).to_battle();
    f.force({F, S}).battle("6,12", "4,12");
    EXPECT_EQ(hex_of(f, 1), "3,11");
  }
}

// §11/§12: a full-strength warrior that loses its first block to a roll may still ignore that
// roll's flag: the loss only counts from the next combat.
TEST(Retreat_S12, WarriorHitStillIgnoresFlagOfSameRoll) {
  Field f;
  f.unit(B, U::LightBow, "6,6").unit(T, U::Warrior, "4,6").start().order({"6,6"}).to_battle();
  f.force({M, F}).battle("6,6", "4,6");
  EXPECT_EQ(f.s.units[1].blocks, 3);
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
  f.ignore(1);
  EXPECT_EQ(hex_of(f, 1), "4,6");
}

}  // namespace retreat_s12
}  // namespace bgb::cca::test
