// Battle special rules of the base scenarios (scenarios.md; docs/rules.md "Battle special rules").
#include "card_test_helpers.h"
#include "test_support.h"
#include "cca/rules_internal.h"

namespace bgb::cca::test {

using cards::play;

// Checks that the reserve may be placed somewhere, and only on the Roman baseline (row 8) in the
// given sections seen from the Carthaginian (top) side.
void expect_reserve_entries_in(const Field& f, uint8_t sections) {
  int places = 0;
  for (const Action& a : f.legal())
    if (a.type() == ActionType::PlaceReserve) {
      ++places;
      EXPECT_EQ(Board::get().row[a.b()], 8);
      EXPECT_TRUE(Board::get().section_mask(a.b(), Side::Top) & sections) << hex_name(a.b());
    }
  EXPECT_GT(places, 0);
}

// mago-ambush: the reserve enters on the Roman baseline of the Leadership card's section from the
// Carthaginians' second turn; placing is the first hex of movement.
TEST(SpecialRule_MagoAmbush, ReserveEntersOnLeadershipCardFromSecondTurn) {
  Field f;
  f.scn.deck = standard_deck();
  f.scn.rules = {rule("reserve side=top card=leadership from-turn=2")};
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,6").leader(Side::Top, "1,6", "Hannibal");
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,6");
  f.scn.units.push_back({UnitType::MediumCavalry, Side::Top, kOffBoard, 0});
  f.scn.units.push_back({UnitType::Warrior, Side::Top, kOffBoard, 0});
  f.scn.leaders.push_back({"Mago", Side::Top, kOffBoard});
  f.start(Side::Top);
  ASSERT_EQ(f.s.units[2].status, Status::Reserve);
  ASSERT_EQ(f.s.leaders[1].status, Status::Reserve);
  // First turn: a Leadership card does not bring the reserve.
  play(f, CardKind::InspiredCenterLeadership);
  f.act(Action::make(ActionType::OrderLeader, H("1,6")));
  if (f.s.decision == Decision::Order) f.act(Action::make(ActionType::EndOrders));
  for (const Action& a : f.legal()) EXPECT_NE(a.type(), ActionType::PlaceReserve);
  // Second turn of the Carthaginians.
  f.s.own_turns[0] = 1;
  f.s.decision = Decision::PlayCard;
  f.s.decider = Side::Top;
  f.s.hand[0][f.s.hand_n[0]++] = f.s.played;  // take the card back (the card count stays right)
  f.s.played = kNone;
  // Nothing of the first turn's card stays in force (as end_turn leaves it).
  f.s.effective = kNone;
  f.s.order_mode = OrderMode::Section;
  f.s.orders_left = 0;
  f.s.lead_leader = kNone;
  f.s.lead_sections = 0;
  f.s.last_order_key = 0;
  for (int i = 0; i < f.s.n_units; ++i) f.s.units[i].flags = 0;
  for (int i = 0; i < f.s.n_leaders; ++i) f.s.leaders[i].flags = 0;
  play(f, CardKind::InspiredCenterLeadership);
  f.act(Action::make(ActionType::OrderLeader, H("1,6")));
  if (f.s.decision == Decision::Order) f.act(Action::make(ActionType::EndOrders));
  ASSERT_EQ(f.s.decision, Decision::Move);
  // Entry hexes: the Roman baseline (row 8) in the top player's center section only.
  expect_reserve_entries_in(f, kSecCenter);
  EXPECT_FALSE(f.legal_has(Action::make(ActionType::PlaceReserve, 2, H("8,0"))));  // a flank hex
  f.act(Action::make(ActionType::PlaceReserve, 2, H("8,6")));
  EXPECT_EQ(f.at("8,6").type, UnitType::MediumCavalry);
  EXPECT_TRUE(f.at("8,6").flags & kOrdered);
  // Placing was the first hex: a medium cavalry (3) may move 2 more, not 3.
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::MoveUnit, H("8,6"), H("6,7"))));
  EXPECT_FALSE(f.legal_has(Action::make(ActionType::MoveUnit, H("8,6"), H("5,7"))));
  f.act(Action::make(ActionType::PlaceLeader, 1, H("8,6")));
  EXPECT_TRUE(f.has_leader("8,6"));
  // Placed with the unit, he moves with it.
  f.move("8,6", "7,6");
  EXPECT_TRUE(f.has_leader("7,6"));
  EXPECT_EQ(f.at("7,6").moved, 2);
}

}  // namespace bgb::cca::test

namespace bgb::cca::test {

// sacred-band: helmets hit in close combat and one flag may be ignored, until its last block.
TEST(SpecialRule_SacredBand, HelmetsHitAndOneFlagIgnored) {
  Field f;
  f.scn.rules = {rule("sacred-band")};
  f.unit(Side::Top, UnitType::HeavyInfantry, "3,5").unit(Side::Bottom, UnitType::HeavyInfantry, "4,5");
  f.scn.units[0].traits = kTraitSacredBand;
  f.start(Side::Top).order({"3,5"}).to_battle();
  f.force({Hm, Hm, L, L, L}).battle("3,5", "4,5");
  EXPECT_EQ(f.blocks("4,5"), 2) << "two helmets, no leader near: both hit for the Sacred Band";
  // The defender battles back with a flag: the Sacred Band may ignore it.
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  f.force({F, L, L, L, L}).battle_back();
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::IgnoreFlags, 1)));
}

// Interpretation "until its last block" = for as long as it has blocks (battles/104.md says so of
// the Theban Sacred Band): on its last block it still scores helmets and may ignore a flag.
TEST(SpecialRule_SacredBand, KeepsItsAbilitiesOnItsLastBlock) {
  Field f;
  f.scn.rules = {rule("sacred-band")};
  f.unit(Side::Top, UnitType::HeavyInfantry, "3,5", 1).unit(Side::Bottom, UnitType::HeavyInfantry, "4,5");
  f.scn.units[0].traits = kTraitSacredBand;
  f.start(Side::Top).order({"3,5"}).to_battle();
  f.force({Hm, Hm, L, L, L}).battle("3,5", "4,5");
  EXPECT_EQ(f.blocks("4,5"), 2) << "both helmets hit";
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  f.force({F, L, L, L, L}).battle_back();
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << "one block left, the flag may still be ignored";
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::IgnoreFlags, 1)));
  // Without the trait the same unit has neither.
  Field g;
  g.unit(Side::Top, UnitType::HeavyInfantry, "3,5", 1).unit(Side::Bottom, UnitType::HeavyInfantry, "4,5");
  g.start(Side::Top).order({"3,5"}).to_battle();
  g.force({Hm, Hm, L, L, L}).battle("3,5", "4,5");
  EXPECT_EQ(g.blocks("4,5"), 4);
}

// trasimenus-hand (battles/006.md): the Romans (bottom) start with 2 cards and draw two after each
// of their first two turns (hand 3, then 4), then one (hand stays 4).
TEST(SpecialRule_TrasimenusHand, RomanHandGrowsOnTheirFirstTwoTurns) {
  Field f;
  f.scn.rules = {rule("hand-growth side=bottom turns=2 draw=2")};
  f.scn.command[1] = 2;
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,5").unit(Side::Bottom, UnitType::HeavyInfantry, "7,5");
  f.start(Side::Bottom);
  ASSERT_EQ(f.s.hand_n[1], 2);
  const int top_hand = f.s.hand_n[0];
  // Each Roman turn: play the first card, then take the last choice until the turn passes.
  auto roman_turn = [&] {
    ASSERT_EQ(f.s.active, Side::Bottom);
    f.act(f.legal()[0]);
    while (f.s.active == Side::Bottom && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  };
  auto top_turn = [&] {
    while (f.s.active == Side::Top && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  };
  const int expected[] = {3, 4, 4, 4};
  for (int turn = 0; turn < 4; ++turn) {
    roman_turn();
    EXPECT_EQ(f.s.hand_n[1], expected[turn]) << "after Roman turn " << turn + 1;
    EXPECT_EQ(f.s.command[1], expected[turn]) << "after Roman turn " << turn + 1;
    top_turn();
    EXPECT_EQ(f.s.hand_n[0], top_hand) << "the Carthaginian hand does not grow";
  }
}

// Issue 13: the own-turn count stops at 255 instead of wrapping to 0, so a hand growth never
// fires again in a long game (it did every 256 turns, until the engine wrote positions its own
// load refused); and a scenario without a turn limit ends in a draw at the engine's cap.
TEST(SpecialRule_TrasimenusHand, TheOwnTurnCountStopsAt255AndNeverStartsTheGrowthAgain) {
  Field f;
  f.scn.rules = {rule("hand-growth side=bottom turns=2 draw=2")};
  f.scn.turn_limit = 0;  // none
  f.scn.command[1] = 4;
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,5").unit(Side::Bottom, UnitType::HeavyInfantry, "7,5");
  f.start(Side::Bottom);
  f.s.turn = 600;
  f.s.own_turns[0] = 255;
  f.s.own_turns[1] = 255;
  const int hand = f.s.hand_n[1];
  f.act(f.legal()[0]);
  while (f.s.active == Side::Bottom && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  EXPECT_EQ(f.s.own_turns[1], 255) << "stays, not 0";
  EXPECT_EQ(f.s.hand_n[1], hand) << "one card played, one drawn: no growth";
  EXPECT_EQ(f.s.command[1], 4);
  EXPECT_EQ(check_invariants(f.scn, f.s), "");
}

TEST(Turn_S15, AGameWithoutATurnLimitEndsInADrawAtTheEnginesCap) {
  Field f;
  f.scn.turn_limit = 0;
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,5").unit(Side::Bottom, UnitType::HeavyInfantry, "7,5");
  f.start(Side::Bottom);
  f.s.turn = Scenario::kMaxTurns - 1;
  f.act(f.legal()[0]);
  while (f.s.active == Side::Bottom && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  EXPECT_TRUE(is_terminal(f.s));
  EXPECT_EQ(f.s.turn, Scenario::kMaxTurns) << "no wrap to 0";
  EXPECT_TRUE(f.s.draw);
  EXPECT_EQ(check_invariants(f.scn, f.s), "");
  // A position past the cap, or at it with the game going on, is refused by the invariants.
  State past = f.s;
  past.decision = Decision::PlayCard;
  past.decider = Side::Top;
  past.draw = 0;
  EXPECT_NE(check_invariants(f.scn, past), "");
}

// The rule is the Romans' (bottom) only: a Carthaginian hand of 2 does not grow.
TEST(SpecialRule_TrasimenusHand, OnlyTheRomanHandGrows) {
  Field f;
  f.scn.rules = {rule("hand-growth side=bottom turns=2 draw=2")};
  f.scn.command[0] = 2;
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,5").unit(Side::Bottom, UnitType::HeavyInfantry, "7,5");
  f.start(Side::Top);
  f.act(f.legal()[0]);
  while (f.s.active == Side::Top && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  EXPECT_EQ(f.s.hand_n[0], 2);
  EXPECT_EQ(f.s.command[0], 2);
}

// beneventum-hand: at their third banner the Romans draw two cards at once and hold six.
TEST(SpecialRule_BeneventumHand, ThirdBannerDrawsTwo) {
  Field f;
  f.scn.rules = {rule("hand-at-banners side=bottom banners=3 draw=2 command=6")};
  f.unit(Side::Top, UnitType::LightInfantry, "3,5", 1).unit(Side::Bottom, UnitType::HeavyInfantry, "4,5");
  f.unit(Side::Top, UnitType::HeavyInfantry, "0,0");
  f.start(Side::Bottom);
  f.s.banners[1] = 2;
  f.s.extra_banners[1] = 2;  // as if two objectives were taken
  f.order({"4,5"}).to_battle();
  int hand = f.s.hand_n[1];
  f.battle("4,5", "3,5").force({L, L, L, L, L}).stand();
  EXPECT_EQ(f.banners(Side::Bottom), 3);
  EXPECT_EQ(f.s.hand_n[1], hand + 2);
  EXPECT_EQ(f.s.command[1], 6);
}

// castulo-sudden-death: eliminating the named leader wins at once.
TEST(SpecialRule_CastuloSuddenDeath, ScipioKilledEndsTheGame) {
  Field f;
  f.scn.rules = {rule("sudden-death side=top leader=Publius Scipio")};
  f.unit(Side::Top, UnitType::HeavyInfantry, "3,5").leader(Side::Bottom, "4,5", "Publius Scipio");
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "8,0");
  f.start(Side::Top).order({"3,5"}).to_battle();
  f.force({Hm, L, L, L, L}).battle("3,5", "4,5");
  EXPECT_TRUE(is_terminal(f.s));
  EXPECT_EQ(f.s.winner, Side::Top);
  EXPECT_EQ(f.banners(Side::Top), 1);
}

// castulo-exit: a Roman unit leaves over the Carthaginian baseline from the center for a banner.
TEST(SpecialRule_CastuloExit, LeavingTheMapScoresABanner) {
  Field f;
  f.scn.rules = {rule("exit side=bottom from=center,right banners=1")};
  f.unit(Side::Bottom, UnitType::LightInfantry, "1,5").unit(Side::Bottom, UnitType::LightInfantry, "1,0");
  f.unit(Side::Top, UnitType::HeavyInfantry, "4,0");
  f.start(Side::Bottom).order({"1,5", "1,0"});
  // From the center: off the map in 2 hexes (1,5 -> 0,5 -> off). Not from the Roman left.
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::MoveUnit, H("1,5"), kOffBoard)));
  EXPECT_FALSE(f.legal_has(Action::make(ActionType::MoveUnit, H("1,0"), kOffBoard)));
  f.act(Action::make(ActionType::MoveUnit, H("1,5"), kOffBoard));
  EXPECT_TRUE(f.empty("1,5"));
  EXPECT_EQ(f.banners(Side::Bottom), 1);
  EXPECT_EQ(f.s.units[0].status, Status::Removed);
}

// baecula-camps: ending a move on a Carthaginian camp hex scores once per camp.
TEST(SpecialRule_BaeculaCamps, CampScoresOnce) {
  Field f;
  f.scn.rules = {rule("objectives side=bottom hexes=2,5")};
  f.terrain("2,5", Terrain::FortifiedCamp);
  f.unit(Side::Bottom, UnitType::MediumCavalry, "4,5").unit(Side::Top, UnitType::HeavyInfantry, "0,0");
  f.start(Side::Bottom).order({"4,5"});
  f.move("4,5", "2,5");
  EXPECT_EQ(f.banners(Side::Bottom), 1);
  EXPECT_TRUE(f.s.objectives[H("2,5") >> 3] & (1 << (H("2,5") & 7)));
  // Leaving and entering again scores nothing more.
  f.to_battle();
  while (f.s.active == Side::Bottom && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  while (f.s.active == Side::Top && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  f.order({"2,5"}).move("2,5", "3,5");
  f.to_battle();
  while (f.s.active == Side::Bottom && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  while (f.s.active == Side::Top && !is_terminal(f.s)) f.act(f.legal()[f.legal().size() - 1]);
  f.order({"3,5"}).move("3,5", "2,5");
  EXPECT_EQ(f.banners(Side::Bottom), 1) << "once per camp";
}

// Interpretation: a momentum advance is a move; a Roman unit whose advance ends on a camp (the
// camps of 011 start occupied, so taking one by combat is the usual way) scores it. Only where the
// advance ends counts: a cavalry unit that takes its extra hex off the camp passed through.
TEST(SpecialRule_BaeculaCamps, MomentumAdvanceOntoACampScores) {
  {
    Field f;
    f.scn.rules = {rule("objectives side=bottom hexes=2,5")};
    f.terrain("2,5", Terrain::FortifiedCamp);
    f.unit(Side::Bottom, UnitType::MediumInfantry, "3,5").unit(Side::Top, UnitType::LightInfantry, "2,5", 1);
    f.unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    f.start(Side::Bottom).order({"3,5"}).to_battle();
    f.battle("3,5", "2,5").force({L, L, L, L}).stand();
    EXPECT_EQ(f.banners(Side::Bottom), 1) << "the light infantry eliminated";
    ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
    f.advance();
    EXPECT_EQ(f.at("2,5").type, UnitType::MediumInfantry);
    EXPECT_EQ(f.banners(Side::Bottom), 2) << "and the camp: " << f.story();
  }
  {
    Field f;
    f.scn.rules = {rule("objectives side=bottom hexes=2,5")};
    f.terrain("2,5", Terrain::FortifiedCamp);
    f.unit(Side::Bottom, UnitType::MediumCavalry, "3,5").unit(Side::Top, UnitType::LightInfantry, "2,5", 1);
    f.unit(Side::Top, UnitType::HeavyInfantry, "0,0");
    f.start(Side::Bottom).order({"3,5"}).to_battle();
    f.battle("3,5", "2,5").force({L, L, L}).stand();
    ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
    f.advance();
    ASSERT_EQ(f.s.decision, Decision::CavalryExtraHex) << f.story();
    f.act(Action::make(ActionType::ExtraHex, H("1,5")));
    EXPECT_EQ(f.at("1,5").type, UnitType::MediumCavalry);
    EXPECT_EQ(f.banners(Side::Bottom), 1) << "only the eliminated unit: the camp was passed through";
  }
}

// mago-ambush on the 005 map: placing is the first hex of movement, so a unit placed on the ford
// at 8,6 stops there (§16 fordable river: a unit entering it must stop); on open ground it moves on.
// Two warriors waiting are one choice: only the first is offered on each hex.
TEST(SpecialRule_MagoAmbush, PlacedOnAFordTheUnitStops) {
  Field f;
  f.scn.deck = standard_deck();
  f.scn.rules = {rule("reserve side=top card=leadership from-turn=2")};
  f.terrain("8,6", Terrain::FordableRiver);
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,6").leader(Side::Top, "1,6", "Hannibal");
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "5,2");
  f.scn.units.push_back({UnitType::MediumCavalry, Side::Top, kOffBoard, 0});  // unit 2
  f.scn.units.push_back({UnitType::Warrior, Side::Top, kOffBoard, 0});        // unit 3
  f.scn.units.push_back({UnitType::Warrior, Side::Top, kOffBoard, 0});        // unit 4
  f.scn.units.push_back({UnitType::LightCavalry, Side::Top, kOffBoard, 0});   // unit 5
  f.start(Side::Top);
  f.s.own_turns[0] = 1;
  play(f, CardKind::InspiredCenterLeadership);
  f.act(Action::make(ActionType::OrderLeader, H("1,6")));
  while (f.s.decision == Decision::Order) f.act(Action::make(ActionType::EndOrders));
  ASSERT_EQ(f.s.decision, Decision::Move);
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::PlaceReserve, 3, H("8,5"))));
  EXPECT_FALSE(f.legal_has(Action::make(ActionType::PlaceReserve, 4, H("8,5")))) << "the same warrior twice";
  f.act(Action::make(ActionType::PlaceReserve, 2, H("8,6")));
  for (const Action& a : f.legal()) EXPECT_FALSE(a.type() == ActionType::MoveUnit && a.a() == H("8,6")) << "stopped by the ford";
  f.act(Action::make(ActionType::PlaceReserve, 3, H("8,5")));
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::PlaceReserve, 4, H("8,7")))) << "now the second warrior";
  f.act(Action::make(ActionType::PlaceReserve, 5, H("8,7")));
  bool moves_on = false;
  for (const Action& a : f.legal()) moves_on |= a.type() == ActionType::MoveUnit && a.a() == H("8,7");
  EXPECT_TRUE(moves_on) << "placed on open ground, the light cavalry may move on";
}

// mago-ambush with Leadership Any Section: the reserve enters in the section where the card was
// used, the section of the leader (or unit) it ordered, seen from the Carthaginian side.
TEST(SpecialRule_MagoAmbush, AnySectionCardEntersWhereTheCardWasUsed) {
  Field f;
  f.scn.deck = standard_deck();
  f.scn.rules = {rule("reserve side=top card=leadership from-turn=2")};
  f.unit(Side::Top, UnitType::HeavyInfantry, "1,6").leader(Side::Top, "1,6", "Hannibal");
  f.unit(Side::Top, UnitType::MediumInfantry, "1,1").leader(Side::Top, "1,1", "Hanno");
  f.unit(Side::Bottom, UnitType::HeavyInfantry, "6,6");
  f.scn.units.push_back({UnitType::MediumCavalry, Side::Top, kOffBoard, 0});
  f.start(Side::Top);
  f.s.own_turns[0] = 1;  // the Carthaginians' second turn
  play(f, CardKind::LeadershipAnySection);
  // 1,1 is on the Carthaginians' right (the Romans' left).
  ASSERT_EQ(Board::get().section_mask(H("1,1"), Side::Top), kSecRight);
  f.act(Action::make(ActionType::OrderLeader, H("1,1")));
  while (f.s.decision == Decision::Order) f.act(Action::make(ActionType::EndOrders));
  ASSERT_EQ(f.s.decision, Decision::Move);
  expect_reserve_entries_in(f, kSecRight);
  EXPECT_FALSE(f.legal_has(Action::make(ActionType::PlaceReserve, 3, H("8,6")))) << "the center";
  EXPECT_TRUE(f.legal_has(Action::make(ActionType::PlaceReserve, 3, H("8,0"))));
}

}  // namespace bgb::cca::test

namespace bgb::cca::test {
namespace fright_rule {

// 116 Heraclea's Fright at First Sight (`fright side=top by=EL against=foot`): a bottom foot unit
// in close combat with a top elephant may ignore none of its flags; against another unit, or a
// mounted unit against the elephant, bolster morale as usual.
TEST(SpecialRule_Fright, FootIgnoresNoFlagOfTheElephants) {
  struct Case { U attacker; U victim; bool frightened; };
  for (const Case& k : {Case{U::Elephant, U::HeavyInfantry, true}, Case{U::HeavyInfantry, U::HeavyInfantry, false},
                        Case{U::Elephant, U::MediumCavalry, false}}) {
    Field f;
    f.scn.rules.push_back(rule("fright side=top by=EL against=foot"));
    f.unit(T, k.attacker, "4,6").unit(B, k.victim, "5,6").leader(B, "5,6");
    f.start(T);
    Ctx c{f.scn, f.s, f.rng, nullptr, Board::get()};
    EXPECT_EQ(flags_ignorable(c, 1, 0, false), k.frightened ? 0 : 1) << unit_info(k.attacker).code << " v " << unit_info(k.victim).code;
  }
}

// The rule reads back as written and names its types.
TEST(SpecialRule_Fright, Syntax) {
  BattleRule r = rule("fright side=top by=EL,CA");
  EXPECT_EQ(battle_rule_text(r), "fright side=top by=CA,EL against=foot");
  BattleRule bad;
  std::string why;
  EXPECT_FALSE(parse_battle_rule("fright side=top by=XX", bad, why));
  EXPECT_NE(why.find("unit codes"), std::string::npos) << why;
}

}  // namespace fright_rule
}  // namespace bgb::cca::test
