// Rule book §13 Evade: who may evade whom, the evade move, what the attacker's dice score against
// an evading unit, no battle back or momentum advance after it, war machines and attached leaders.
// The usual layout: the top defender at 4,6, the bottom attacker at 5,6.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace evade_s13 {
namespace {

std::set<std::string> evade_options(const Field& f) {
  std::set<std::string> out;
  if (f.s.decision != Decision::EvadePath) return out;
  for (Action a : f.legal())
    if (a.type() == ActionType::EvadeTo) out.insert(hex_name(a.a()));
  return out;
}
Action evade_to(const char* h) { return Action::make(ActionType::EvadeTo, H(h)); }

bool is_foot(U t) { return unit_info(t).foot; }

// §13 Evade Eligibility, written from the rule book (not from the unit table).
bool may_evade_by_book(U defender, U attacker) {
  switch (defender) {
    case U::LightInfantry:
    case U::LightSling:
    case U::LightBow:
    case U::LightCavalry:
    case U::LightBowCavalry:
    case U::LightChariot:
    case U::LightWarMachine:
    case U::HeavyWarMachine:
      return true;
    case U::MediumCavalry:
    case U::Camel:  // all foot and heavy mounted units
      return is_foot(attacker) || attacker == U::HeavyCavalry || attacker == U::Elephant || attacker == U::HeavyChariot;
    case U::HeavyCavalry:
    case U::HeavyChariot:  // all foot and elephant units
      return is_foot(attacker) || attacker == U::Elephant;
    default:  // auxilia, medium infantry, warrior, heavy infantry, elephant
      return false;
  }
}

}  // namespace

// §13 Evade Eligibility: light units and war machines always; medium cavalry and camels against
// foot and heavy mounted; heavy cavalry and heavy chariots against foot and elephants; auxilia,
// medium and heavy infantry, warriors and elephants never.
TEST(Evade_S13, EligibilityByTypes) {
  const std::vector<U> attackers = {U::LightInfantry, U::Auxilia,       U::MediumInfantry, U::Warrior,
                                    U::HeavyInfantry, U::LightWarMachine, U::LightCavalry, U::LightBowCavalry,
                                    U::MediumCavalry, U::HeavyCavalry,  U::Camel,          U::Elephant,
                                    U::LightChariot,  U::HeavyChariot};
  for (int d = 0; d < kUnitTypes; ++d) {
    const U defender = U(d);
    for (U attacker : attackers) {
      Field f;
      f.unit(B, attacker, "5,6").unit(T, defender, "4,6").start().order({"5,6"}).to_battle();
      f.battle("5,6", "4,6");
      const bool offered = f.s.decision == Decision::EvadeOrStand;
      EXPECT_EQ(offered, may_evade_by_book(defender, attacker))
          << unit_info(defender).code << " attacked by " << unit_info(attacker).code;
      if (offered) {
        EXPECT_EQ(f.s.decider, T);
        EXPECT_TRUE(f.legal_has(Action::make(ActionType::Stand)));
        EXPECT_TRUE(f.legal_has(Action::make(ActionType::Evade)));
        EXPECT_EQ(count_events(f, Ev::Roll), 0) << "the choice comes before the attacker rolls";
      }
    }
  }
}

// §13 Evade Procedure: a 2-hex move toward the own side; the owner picks the final hex.
TEST(Evade_S13, EvadeMovesTwoHexes) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6").start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(f.dice_pending(), 0);
    ASSERT_EQ(f.s.decision, Decision::EvadePath);
    EXPECT_EQ(f.s.decider, T);
    EXPECT_EQ(evade_options(f), (std::set<std::string>{"2,5", "2,6", "2,7"}));
    f.act(evade_to("2,7"));
    EXPECT_EQ(hex_of(f, 1), "2,7");
    EXPECT_EQ(f.s.units[1].blocks, 4);
  }
  {  // A bottom unit evades toward row 8.
    Field f;
    f.unit(T, U::MediumInfantry, "3,6").unit(B, U::LightCavalry, "4,6").start(T).order({"3,6"}).to_battle();
    f.battle("3,6", "4,6");
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(evade_options(f), (std::set<std::string>{"6,5", "6,6", "6,7"}));
  }
}

// §13: an evade of 1 hex only if no 2-hex move is possible.
TEST(Evade_S13, OneHexOnlyIfNoTwoHexMove) {
  {  // All three 2-hex destinations taken: a 1-hex evade, the owner chooses.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"2,5", "2,6", "2,7"}) f.unit(T, U::HeavyInfantry, h);
    f.start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(evade_options(f), (std::set<std::string>{"3,5", "3,6"}));
  }
  {  // One 2-hex destination left: the unit must take it (no 1-hex choice).
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"2,5", "2,6"}) f.unit(T, U::HeavyInfantry, h);
    f.start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(hex_of(f, 1), "2,7");
  }
  {  // One row from the baseline: only 1 hex is possible.
    Field f;
    f.unit(B, U::MediumInfantry, "2,6").unit(T, U::LightInfantry, "1,6").start().order({"2,6"}).to_battle();
    f.battle("2,6", "1,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(evade_options(f), (std::set<std::string>{"0,6", "0,7"}));
  }
}

// §13: a unit may not evade if both hexes toward its side are blocked (friend or foe, or the edge).
TEST(Evade_S13, CannotEvadeWhenBothBackHexesBlocked) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6").unit(T, U::HeavyInfantry, "3,5").unit(B, U::HeavyInfantry, "3,6");
    f.start().order({"5,6"}).to_battle();
    f.force({L, L, L, L}).battle("5,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::EvadeOrStand);
    EXPECT_EQ(f.dice_pending(), 0) << "the attack was rolled at once";
  }
  {  // One back hex free: evade is offered.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6").unit(T, U::HeavyInfantry, "3,5");
    f.start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    EXPECT_EQ(f.s.decision, Decision::EvadeOrStand);
  }
  {  // On its own baseline.
    Field f;
    f.unit(B, U::MediumInfantry, "1,6").unit(T, U::LightCavalry, "0,6").start().order({"1,6"}).to_battle();
    f.force({M, M, M, M}).battle("1,6", "0,6");
    EXPECT_NE(f.s.decision, Decision::EvadeOrStand);
  }
}

// evade_hexes (rules.h; the terminal's warning after the person's moves) answers before any
// attack what the evade would offer: nothing when both hexes toward the side are blocked, else the
// hexes the evade path offers; and whether the unit evades anyone at all.
TEST(Evade_S13, EvadeHexesNowAreTheHexesTheEvadeOffers) {
  auto now = [](const Field& f, const char* hex, bool* evader) {
    uint8_t to[8];
    const int n = evade_hexes(f.scn, f.s, H(hex), to, evader);
    std::set<std::string> out;
    for (int i = 0; i < n; ++i) out.insert(hex_name(to[i]));
    return out;
  };
  bool evader = false;
  {  // Both back hexes blocked (a friend and a foe): none, and the attack gives no choice.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6").unit(T, U::HeavyInfantry, "3,5").unit(B, U::HeavyInfantry, "3,6");
    f.start().order({"5,6"}).to_battle();
    EXPECT_TRUE(now(f, "4,6", &evader).empty());
    EXPECT_TRUE(evader);
    f.force({L, L, L, L}).battle("5,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::EvadeOrStand);
  }
  {  // Two of the three 2-hex ends taken: the one left, as the evade takes it.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"2,5", "2,6"}) f.unit(T, U::HeavyInfantry, h);
    f.start().order({"5,6"}).to_battle();
    EXPECT_EQ(now(f, "4,6", &evader), (std::set<std::string>{"2,7"}));
    f.battle("5,6", "4,6");
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(hex_of(f, 1), "2,7");
  }
  {  // Open ground behind: the three 2-hex ends the evade path offers.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6").start().order({"5,6"}).to_battle();
    const std::set<std::string> before = now(f, "4,6", &evader);
    f.battle("5,6", "4,6");
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(before, evade_options(f));
  }
  {  // A heavy infantry unit never evades; an empty hex has no unit.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::HeavyInfantry, "4,6").start();
    now(f, "4,6", &evader);
    EXPECT_FALSE(evader);
    EXPECT_TRUE(now(f, "4,4", &evader).empty());
    EXPECT_FALSE(evader);
  }
}

// §13: against an evading unit only the symbols matching it score; swords, helmets (even with a
// leader) and flags are ignored.
TEST(Evade_S13, EvadingUnitHitOnlyByMatchingSymbols) {
  Field f;
  f.unit(B, U::MediumInfantry, "5,6").leader(B, "5,6").unit(T, U::LightCavalry, "4,6").start().order({"5,6"}).to_battle();
  f.battle("5,6", "4,6");
  f.force({L, S, Hm, F}).evade();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.s.units[1].blocks, 2);
  ASSERT_EQ(f.s.decision, Decision::EvadePath);
  f.act(evade_to("2,6"));
  EXPECT_EQ(hex_of(f, 1), "2,6") << "the flag did not add a retreat";
  EXPECT_EQ(count_events(f, Ev::RetreatStep), 0);
}

// §13 with §11: against an evading unit swords are ignored, so an elephant's sword is no sword hit
// and its die is not rolled again (the elephant re-roll is for "each battle die producing a sword
// hit"). Elephant against light infantry: 2 dice, a sword and a green circle; the third forced
// die would be the re-roll and must stay unused.
TEST(Evade_S13, ElephantDoesNotRerollSwordsAgainstAnEvadingUnit) {
  Field f;
  f.unit(B, U::Elephant, "5,6").unit(T, U::LightInfantry, "4,6").start().order({"5,6"}).to_battle();
  f.battle("5,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  f.force({S, L, L}).evade();
  EXPECT_EQ(f.dice_pending(), 1) << "no re-roll: " << f.story();
  EXPECT_EQ(count_events(f, Ev::Reroll), 0);
  EXPECT_EQ(f.s.units[1].blocks, 3) << "one green circle hit, the sword ignored";
  // Standing instead, the same sword is a hit and is rolled again.
  Field g;
  g.unit(B, U::Elephant, "5,6").unit(T, U::LightInfantry, "4,6").start().order({"5,6"}).to_battle();
  g.battle("5,6", "4,6");
  g.force({S, L, L}).stand();
  EXPECT_EQ(g.dice_pending(), 0);
  EXPECT_EQ(count_events(g, Ev::Reroll), 1);
}

// §13: no battle back and no momentum advance after an evade, even when the evading unit ends
// adjacent to the attacker.
TEST(Evade_S13, NoBattleBackNoMomentumAdvanceAfterEvade) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6")
        .unit(B, U::LightBow, "6,1")  // another ordered unit, so that the battle phase goes on
        .unit(T, U::LightInfantry, "4,6")
        .unit(T, U::HeavyInfantry, "4,1")
        .start()
        .order({"5,6", "6,1"})
        .to_battle();
    f.battle("5,6", "4,6");
    f.force({M, M, M, M}).evade();
    f.act(evade_to("2,6"));
    EXPECT_EQ(f.s.decision, Decision::Battle);
    EXPECT_EQ(f.s.decider, B);
    EXPECT_EQ(hex_of(f, 0), "5,6");
    EXPECT_TRUE(f.empty("4,6"));
    EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
  }
  {  // A 1-hex evade that ends next to the attacker: still no battle back.
    Field f;
    f.unit(B, U::MediumInfantry, "4,7").unit(T, U::LightInfantry, "4,6");
    for (const char* h : {"3,5", "2,6", "2,7"}) f.unit(T, U::HeavyInfantry, h);
    f.unit(B, U::LightBow, "6,1").unit(T, U::HeavyInfantry, "4,1");
    f.start().order({"4,7", "6,1"}).to_battle();
    f.battle("4,7", "4,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(hex_of(f, 1), "3,6");
    ASSERT_TRUE(Board::get().adjacent(H("3,6"), H("4,7")));
    EXPECT_EQ(f.s.decision, Decision::Battle);
    EXPECT_EQ(count_events(f, Ev::BattleBackDeclared), 0);
    EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
    EXPECT_EQ(hex_of(f, 0), "4,7");
  }
}

// §13 War Machine Evade: if it survives the dice it is removed, and gives no banner.
TEST(Evade_S13, WarMachineEvadeRemovesItWithoutBanner) {
  for (U wm : {U::LightWarMachine, U::HeavyWarMachine}) {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, wm, "4,6").start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::EvadeOrStand) << unit_info(wm).code;
    const int miss = wm == U::LightWarMachine ? M : L;
    force_n(f, 4, miss);
    f.evade();
    EXPECT_EQ(f.s.units[1].status, Status::Removed) << unit_info(wm).code;
    EXPECT_TRUE(f.empty("4,6"));
    EXPECT_EQ(f.banners(B), 0);
    EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
  }
  {  // Eliminated by the dice while evading: a banner.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightWarMachine, "4,6").start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    f.force({L, L, M, M}).evade();
    EXPECT_EQ(f.s.units[1].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
  }
}

// §13 Evade Procedure: "A unit may not Evade if both hexes towards its side of the battlefield
// are blocked (regardless if friend or foe)." War machines are units: the rule holds for them too.
TEST(Evade_S13, WarMachineCannotEvadeWhenBothBackHexesBlocked) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightWarMachine, "4,6").unit(T, U::HeavyInfantry, "3,5").unit(T, U::HeavyInfantry, "3,6");
    f.start().order({"5,6"}).to_battle();
    f.force({M, M, M, M}).battle("5,6", "4,6");
    EXPECT_NE(f.s.decision, Decision::EvadeOrStand) << "both back hexes are blocked";
  }
  {  // On its own baseline.
    Field f;
    f.unit(B, U::MediumInfantry, "1,6").unit(T, U::HeavyWarMachine, "0,6").start().order({"1,6"}).to_battle();
    f.force({M, M, M, M}).battle("1,6", "0,6");
    EXPECT_NE(f.s.decision, Decision::EvadeOrStand) << "no hex toward its side";
  }
}

// §13: an evading unit with an attached leader that is hit: a leader casualty check (2 dice).
TEST(Evade_S13, EvadingUnitWithLeaderHitMakesLeaderCheck) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightCavalry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    f.force({L, M, M, M, /*check*/ Hm, Hm}).evade();
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(count_events(f, Ev::LeaderCheck), 1);
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
    ASSERT_EQ(f.s.decision, Decision::EvadePath);
    f.act(evade_to("2,6"));
    EXPECT_EQ(hex_of(f, 1), "2,6");
    EXPECT_EQ(f.s.units[1].blocks, 2);
  }
  {  // Not hit: no check, and the leader evades with his unit.
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightCavalry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.battle("5,6", "4,6");
    f.force({M, M, M, M}).evade();
    EXPECT_EQ(count_events(f, Ev::LeaderCheck), 0);
    f.act(evade_to("2,6"));
    EXPECT_TRUE(f.has_leader("2,6"));
    EXPECT_FALSE(f.has_leader("4,6"));
  }
}

// Interpretation 8 (§12 applied to §13): a unit without a leader may evade onto a lone friendly
// leader; he attaches and the move stops there.
TEST(Evade_S13, EvadeOntoLoneFriendlyLeaderStops) {
  Field f;
  f.unit(B, U::MediumInfantry, "5,6").unit(T, U::LightInfantry, "4,6").leader(T, "3,5").start().order({"5,6"}).to_battle();
  f.battle("5,6", "4,6");
  f.force({M, M, M, M}).evade();
  auto options = evade_options(f);
  EXPECT_EQ(options.count("3,5"), 1u);
  EXPECT_EQ(options.count("2,5"), 0u) << "not through the leader's hex";
  EXPECT_EQ(options.count("2,6"), 1u);
  f.act(evade_to("3,5"));
  EXPECT_EQ(hex_of(f, 1), "3,5");
  EXPECT_TRUE(f.has_leader("3,5"));
}

}  // namespace evade_s13
}  // namespace bgb::cca::test
