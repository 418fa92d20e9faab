// The troop cards (command-cards.md): Order Light / Medium / Heavy Troops and Order Mounted.
// Each orders units of its kind up to the player's command; light foot ordered by Order Light
// Troops may pass through friendly units; Order Mounted (a helmet card) orders leaders too; and
// the fallback, one unit of the player's choice, applies only when he has none of the kind.
#include "card_test_helpers.h"

namespace bgb::cca::test::cards {
namespace troop_cards {

struct Placed {
  U type;
  const char* hex;
};

// One bottom unit of every type along the two bottom rows; a top unit far away.
const Placed kAllTypes[] = {
    {U::LightInfantry, "8,0"},   {U::LightSling, "8,1"},     {U::LightBow, "8,2"},       {U::Auxilia, "8,3"},
    {U::Warrior, "8,4"},         {U::MediumInfantry, "8,5"}, {U::HeavyInfantry, "8,6"},  {U::LightWarMachine, "8,7"},
    {U::HeavyWarMachine, "8,8"}, {U::LightCavalry, "8,9"},   {U::LightBowCavalry, "8,10"}, {U::MediumCavalry, "8,11"},
    {U::HeavyCavalry, "8,12"},   {U::Camel, "7,0"},          {U::Elephant, "7,1"},       {U::LightChariot, "7,2"},
    {U::HeavyChariot, "7,3"},
};

void all_types(Field& f) {
  for (const Placed& p : kAllTypes) f.unit(B, p.type, p.hex);
  f.unit(T, U::HeavyInfantry, "0,6");
}

std::set<int> hexes_of(bool (*keep)(U)) {
  std::set<int> out;
  for (const Placed& p : kAllTypes)
    if (keep(p.type)) out.insert(H(p.hex));
  return out;
}

bool is_light(U t) { return unit_info(t).cls == UnitClass::Light; }
bool is_medium(U t) { return unit_info(t).cls == UnitClass::Medium; }
bool is_heavy(U t) { return unit_info(t).cls == UnitClass::Heavy; }
bool is_mounted(U t) { return !unit_info(t).foot; }


// The class of each troop card, per command-cards.md: light = green circle (light infantry,
// sling, bow, auxilia, light war machine, light cavalry, light bow cavalry, light chariot),
// medium = blue triangle (warrior, medium infantry, medium cavalry, camel), heavy = red square
// (heavy infantry, heavy war machine, heavy cavalry, elephant, heavy chariot); mounted = every
// cavalry, camel, elephant and chariot.
TEST(Card_OrderTroops, EachCardOrdersItsClassOnly) {
  // The expected sets, spelled out (not derived from the engine's tables).
  const std::set<int> light = hexes({"8,0", "8,1", "8,2", "8,3", "8,7", "8,9", "8,10", "7,2"});
  const std::set<int> medium = hexes({"8,4", "8,5", "8,11", "7,0"});
  const std::set<int> heavy = hexes({"8,6", "8,8", "8,12", "7,1", "7,3"});
  const std::set<int> mounted = hexes({"8,9", "8,10", "8,11", "8,12", "7,0", "7,1", "7,2", "7,3"});
  EXPECT_EQ(hexes_of(is_light), light);
  EXPECT_EQ(hexes_of(is_medium), medium);
  EXPECT_EQ(hexes_of(is_heavy), heavy);
  EXPECT_EQ(hexes_of(is_mounted), mounted);
  struct Case {
    K card;
    std::set<int> want;
  };
  const Case cases[] = {{K::OrderLightTroops, light}, {K::OrderMediumTroops, medium}, {K::OrderHeavyTroops, heavy}, {K::OrderMounted, mounted}};
  for (const Case& c : cases) {
    SCOPED_TRACE(card_info(c.card).name);
    CardField f;
    all_types(f);
    f.start(B);
    play(f, c.card);
    ASSERT_EQ(f.s.decision, Decision::Order);
    EXPECT_EQ(orderable_units(f), c.want) << names(orderable_units(f));
    // Command 4: four of them, then the ordering ends by itself.
    EXPECT_EQ(order_greedily(f), 4);
    EXPECT_EQ(f.s.decision, Decision::Move);
    std::set<int> got = ordered_units(f);
    EXPECT_EQ(got.size(), 4u);
    for (int h : got) EXPECT_TRUE(c.want.count(h)) << hex_name(h);
  }
}

// "Order ... units equal to command": the number follows the player's command.
TEST(Card_OrderTroops, NumberOfOrdersEqualsCommand) {
  for (int command : {2, 3, 5}) {
    for (K k : {K::OrderLightTroops, K::OrderMediumTroops, K::OrderHeavyTroops, K::OrderMounted}) {
      SCOPED_TRACE(std::string(card_info(k).name) + " command " + std::to_string(command));
      CardField f;
      // Six units of every class and six mounted units.
      for (const char* h : {"8,0", "8,1", "8,2", "8,3", "8,4", "8,5"}) f.unit(B, U::LightInfantry, h);
      for (const char* h : {"8,6", "8,7", "8,8", "8,9", "8,10", "8,11"}) f.unit(B, U::MediumCavalry, h);
      for (const char* h : {"7,0", "7,1", "7,2", "7,3", "7,4", "7,5"}) f.unit(B, U::HeavyInfantry, h);
      f.unit(T, U::HeavyInfantry, "0,6");
      f.scn.command[idx(B)] = uint8_t(command);
      f.start(B);
      play(f, k);
      EXPECT_EQ(order_greedily(f), command);
      EXPECT_EQ(f.s.decision, Decision::Move);
      EXPECT_EQ(int(ordered_units(f).size()), command);
    }
  }
}

// Unused orders of a troop card are lost (§7).
TEST(Card_OrderHeavyTroops, OrdersBeyondTheUnitsOfTheKindAreLost) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "7,3").unit(B, U::LightInfantry, "7,4").unit(T, U::HeavyInfantry, "0,6");
  f.start(B);
  play(f, K::OrderHeavyTroops);
  EXPECT_EQ(orderable_units(f), hexes({"7,3"}));
  f.act(A(ActionType::OrderUnit, H("7,3")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  const Event* lost = last_event(f, Ev::OrdersLost);
  ASSERT_NE(lost, nullptr);
  EXPECT_EQ(lost->a, 3);
  EXPECT_FALSE(ordered(f, "7,4"));
}

// Order Light Troops: light foot may move through friendly units (not end on them).
TEST(Card_OrderLightTroops, LightFootPassesThroughFriends) {
  auto field = [](Field& f, U mover) {
    // The mover at 7,5 is hemmed in by friends in front and on both sides.
    f.unit(B, mover, "7,5");
    for (const char* h : {"6,5", "6,6", "7,4", "7,6"}) f.unit(B, U::HeavyInfantry, h);
    f.unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
  };
  for (U mover : {U::LightInfantry, U::LightSling, U::LightBow, U::Auxilia}) {
    SCOPED_TRACE(unit_info(mover).name);
    CardField f;
    field(f, mover);
    play(f, K::OrderLightTroops);
    f.act(A(ActionType::OrderUnit, H("7,5")));
    ASSERT_EQ(f.s.decision, Decision::Move) << "only one light unit";
    std::set<int> d = destinations(f, "7,5");
    for (const char* h : {"5,4", "5,5", "5,6", "6,4", "6,7"}) EXPECT_TRUE(d.count(H(h))) << "through a friend to " << h;
    for (const char* h : {"6,5", "6,6", "7,4", "7,6"}) EXPECT_FALSE(d.count(H(h))) << "may not end on a friend at " << h;
    f.move("7,5", "5,5");
    EXPECT_EQ(f.at("5,5").type, mover);
    EXPECT_EQ(f.at("6,5").type, U::HeavyInfantry);
  }
  // The same light infantry ordered by a section card may not pass through.
  CardField g;
  field(g, U::LightInfantry);
  play(g, K::OrderTwoCenter);
  g.act(A(ActionType::OrderUnit, H("7,5")));
  g.act(A(ActionType::EndOrders));
  ASSERT_EQ(g.s.decision, Decision::Move);
  std::set<int> d = destinations(g, "7,5");
  EXPECT_FALSE(d.count(H("5,5")));
  EXPECT_EQ(d, hexes({"8,5", "8,6", "8,4", "8,7"})) << names(d);
}

// Light mounted units ordered by Order Light Troops do not pass through friends.
TEST(Card_OrderLightTroops, LightCavalryDoesNotPassThroughFriends) {
  CardField f;
  f.unit(B, U::LightCavalry, "8,6");
  for (const char* h : {"8,5", "8,7", "7,5", "7,6"}) f.unit(B, U::HeavyInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OrderLightTroops);
  EXPECT_EQ(orderable_units(f), hexes({"8,6"}));
  f.act(A(ActionType::OrderUnit, H("8,6")));
  // Boxed in: no move at all; the turn passes by itself (nothing to move or battle).
  EXPECT_EQ(f.s.active, T) << f.story();
  EXPECT_EQ(count_events(f, Ev::Moved), 0);
  EXPECT_EQ(f.at("8,6").type, U::LightCavalry);
}

// Passing through applies to friends only, never to enemy units.
TEST(Card_OrderLightTroops, NoPassingThroughEnemies) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,5").unit(B, U::HeavyInfantry, "7,4").unit(B, U::HeavyInfantry, "7,6");
  f.unit(T, U::HeavyInfantry, "6,5").unit(T, U::HeavyInfantry, "6,6");
  f.start(B);
  play(f, K::OrderLightTroops);
  f.act(A(ActionType::OrderUnit, H("7,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  std::set<int> d = destinations(f, "7,5");
  for (const char* h : {"5,4", "5,5", "5,6"}) EXPECT_FALSE(d.count(H(h))) << h;
  EXPECT_TRUE(d.count(H("6,4"))) << "through the friend at 7,4";
  EXPECT_TRUE(d.count(H("6,7"))) << "through the friend at 7,6";
}

// Troop cards other than Order Mounted have no helmet: an attached leader cannot be detached;
// he goes with his unit, which costs one order.
TEST(Card_OrderLightTroops, NoHelmetAttachedLeaderMovesWithHisUnit) {
  CardField f;
  f.unit(B, U::LightInfantry, "7,5").leader(B, "7,5").leader(B, "7,8").unit(B, U::LightInfantry, "7,9");
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OrderLightTroops);
  EXPECT_EQ(orderable_leaders(f), std::set<int>{}) << "no leader orders on a troop card without a helmet";
  f.act(A(ActionType::OrderUnit, H("7,5")));
  f.act(A(ActionType::OrderUnit, H("7,9")));
  ASSERT_EQ(f.s.decision, Decision::Move) << "no other light unit: the ordering ends by itself";
  f.move("7,5", "5,5");
  EXPECT_TRUE(f.has_leader("5,5"));
  EXPECT_FALSE(f.has_leader("7,5"));
  EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("7,8"), H("6,8"))));
}

// Order Mounted (helmet): mounted units and leaders, attached (detaching) or alone, up to
// command; foot units are not ordered.
TEST(Card_OrderMounted, OrdersMountedUnitsAndLeaders) {
  CardField f;
  f.unit(B, U::MediumCavalry, "7,2").leader(B, "7,2").leader(B, "7,6");
  f.unit(B, U::HeavyInfantry, "7,8").unit(B, U::LightCavalry, "7,10").unit(B, U::HeavyCavalry, "7,11");
  f.unit(B, U::HeavyInfantry, "6,6").leader(B, "6,6");  // a leader attached to a foot unit
  f.unit(T, U::HeavyInfantry, "1,6");
  f.scn.command[idx(B)] = 3;
  f.start(B);
  play(f, K::OrderMounted);
  EXPECT_EQ(orderable_units(f), hexes({"7,2", "7,10", "7,11"}));
  EXPECT_EQ(orderable_leaders(f), hexes({"6,6", "7,2", "7,6"}));
  f.act(A(ActionType::OrderLeader, H("6,6")));  // detaches from his heavy infantry
  f.act(A(ActionType::OrderUnit, H("7,2")));
  f.act(A(ActionType::OrderLeader, H("7,2")));  // detaches from the medium cavalry
  ASSERT_EQ(f.s.decision, Decision::Move) << "command 3: three orders";
  EXPECT_TRUE(leader_ordered(f, "6,6"));
  EXPECT_TRUE(leader_ordered(f, "7,2"));
  EXPECT_FALSE(leader_ordered(f, "7,6"));
  EXPECT_TRUE(ordered(f, "7,2"));
  EXPECT_FALSE(ordered(f, "6,6"));
  EXPECT_FALSE(ordered(f, "7,10"));
  // The cavalry moves without its leader; the detached leaders move alone.
  f.move("7,2", "5,2");
  EXPECT_FALSE(f.has_leader("5,2"));
  EXPECT_TRUE(f.has_leader("7,2"));
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("7,2"), H("8,2"))));
  EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("6,6"), H("5,6"))));
  EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("7,6"), H("6,6"))));
}

// A mounted unit ordered by Order Mounted carries its attached leader when he is not ordered.
TEST(Card_OrderMounted, MountedUnitCarriesItsLeader) {
  CardField f;
  f.unit(B, U::MediumCavalry, "7,2").leader(B, "7,2").unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OrderMounted);
  f.act(A(ActionType::OrderUnit, H("7,2")));
  f.act(A(ActionType::EndOrders));
  f.move("7,2", "5,2");
  EXPECT_TRUE(f.has_leader("5,2"));
}

// The fallback: with none at all of the card's kind, one unit of the player's choice.
TEST(Card_OrderTroops, FallbackOneUnitOfChoiceWhenNoneOfTheKind) {
  struct Case {
    K card;
    std::vector<Placed> units;  // none of the card's kind
  };
  const Case cases[] = {
      {K::OrderLightTroops, {{U::MediumInfantry, "7,3"}, {U::HeavyCavalry, "7,5"}, {U::Warrior, "7,7"}}},
      {K::OrderMediumTroops, {{U::LightInfantry, "7,3"}, {U::HeavyInfantry, "7,5"}, {U::LightCavalry, "7,7"}}},
      {K::OrderHeavyTroops, {{U::LightInfantry, "7,3"}, {U::MediumInfantry, "7,5"}, {U::MediumCavalry, "7,7"}}},
      {K::OrderMounted, {{U::LightInfantry, "7,3"}, {U::HeavyInfantry, "7,5"}, {U::Warrior, "7,7"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(card_info(c.card).name);
    CardField f;
    for (const Placed& p : c.units) f.unit(B, p.type, p.hex);
    f.unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, c.card);
    ASSERT_EQ(f.s.decision, Decision::Order);
    EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,5", "7,7"})) << "any one unit";
    f.act(A(ActionType::OrderUnit, H("7,5")));
    ASSERT_EQ(f.s.decision, Decision::Move) << "one order only";
    EXPECT_EQ(ordered_units(f), hexes({"7,5"}));
    EXPECT_EQ(count_events(f, Ev::OrdersLost), 0);
    // The unit ordered by the fallback moves normally.
    EXPECT_TRUE(has_move(f, "7,5", "6,5"));
  }
}

// No fallback when the player has some of the kind, even if they cannot usefully act: the
// only heavy unit is boxed in by friends, yet Order Heavy Troops orders heavy units only.
TEST(Card_OrderHeavyTroops, NoFallbackWhileTheKindIsPresent) {
  CardField f;
  f.unit(B, U::HeavyInfantry, "8,6");
  for (const char* h : {"8,5", "8,7"}) f.unit(B, U::LightInfantry, h);
  for (const char* h : {"7,5", "7,6"}) f.unit(B, U::MediumInfantry, h);
  f.unit(T, U::HeavyInfantry, "1,6");
  f.start(B);
  play(f, K::OrderHeavyTroops);
  ASSERT_EQ(f.s.decision, Decision::Order);
  EXPECT_EQ(orderable_units(f), hexes({"8,6"}));
  f.act(A(ActionType::OrderUnit, H("8,6")));
  // Nothing can move or battle: the turn ends by itself with only the heavy unit ordered.
  EXPECT_EQ(f.s.active, T);
  EXPECT_EQ(count_events(f, Ev::Moved), 0);
  const Event* lost = last_event(f, Ev::OrdersLost);
  ASSERT_NE(lost, nullptr);
  EXPECT_EQ(lost->a, 3);
}

// Order Mounted: no fallback while a mounted unit is on the board; leaders alone do not count
// as mounted units, so with foot units only the fallback applies.
TEST(Card_OrderMounted, FallbackOnlyWithoutMountedUnits) {
  {
    CardField f;
    f.unit(B, U::LightCavalry, "7,3").unit(B, U::HeavyInfantry, "7,5").unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, K::OrderMounted);
    EXPECT_EQ(orderable_units(f), hexes({"7,3"}));
  }
  {
    CardField f;
    f.unit(B, U::LightInfantry, "7,3").unit(B, U::HeavyInfantry, "7,5").unit(T, U::HeavyInfantry, "1,6");
    f.start(B);
    play(f, K::OrderMounted);
    EXPECT_EQ(orderable_units(f), hexes({"7,3", "7,5"}));
    f.act(A(ActionType::OrderUnit, H("7,3")));
    EXPECT_EQ(f.s.decision, Decision::Move);
  }
}

// Units ordered by a troop card move and battle normally.
TEST(Card_OrderMediumTroops, OrderedUnitsMoveAndBattle) {
  CardField f;
  f.unit(B, U::MediumInfantry, "5,5").unit(B, U::HeavyInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6");
  f.start(B);
  play(f, K::OrderMediumTroops);
  EXPECT_EQ(orderable_units(f), hexes({"5,5"}));
  f.act(A(ActionType::OrderUnit, H("5,5")));
  ASSERT_EQ(f.s.decision, Decision::Move);
  f.act(A(ActionType::EndMoves));
  ASSERT_EQ(f.s.decision, Decision::Battle);
  EXPECT_EQ(battle_targets(f, "5,5"), hexes({"4,6"}));
  EXPECT_EQ(battle_targets(f, "5,6"), std::set<int>{}) << "the heavy infantry was not ordered";
  f.force({L, L, L, L}).battle("5,5", "4,6");
  EXPECT_EQ(declared_dice(f), 4);
  EXPECT_EQ(f.dice_pending(), 0);
}

}  // namespace troop_cards
}  // namespace bgb::cca::test::cards
