// Rule book §13 Examples of Leader Evade and Escape 1-3 (pages 15-16) and the §14 leader
// casualty check cases, with forced dice. Exact hexes are not in the text; the layouts are ours.
// The leaders are Carthaginian (Top, evading toward row 0); the Romans (Bottom) attack a lone
// leader in close combat to make him evade (§14 Leader Alone in a Hex).
#include "rulebook_example_helpers.h"

namespace bgb::cca::test {
namespace {

using namespace rbx;

// The attack on the lone leader at 4,5 by the Roman heavy infantry at 5,5: 5 dice, no helmet.
void attack_lone_leader(Field& f) {
  f.force({L, M, Hv, S, F}).act(battle_act("5,5", "4,5"));
  EXPECT_EQ(declared_dice(f), 5);
}

}  // namespace

// 1) "An enemy light infantry unit and medium cavalry unit occupy the two hexes behind a lone
// leader who must evade. The hexes behind these two enemy units are vacant. The leader chooses
// to evade through the hex with the light infantry because the opposing player will roll only
// two dice instead of the three dice the medium cavalry unit would roll. The opposing player
// rolls two dice and gets one sword hit and one red square. Since no helmet symbols were rolled,
// the leader successfully escapes and finishes the Evade move after moving one or two more hexes."
// Ours: leader 4,5; Roman light infantry 3,4 and medium cavalry 3,5; the leader goes
// 3,4 -> 2,4 -> 1,4.
TEST(RuleBookExample, LeaderEscape1_ThroughLightInfantry_S13) {
  Field f;
  f.leader(T, "4,5", "Hasdrubal")
      .unit(B, U::LightInfantry, "3,4")
      .unit(B, U::MediumCavalry, "3,5")
      .unit(B, U::HeavyInfantry, "5,5")
      .start(B)
      .order({"5,5"})
      .to_battle();
  attack_lone_leader(f);
  EXPECT_EQ(f.dice_pending(), 0);
  ASSERT_EQ(f.s.decision, Decision::LeaderEvade) << f.story();
  EXPECT_EQ(f.s.decider, T);
  // Through either enemy unit, ending one or two hexes beyond it; never on an enemy unit.
  EXPECT_TRUE(f.legal_has(leader_path("3,4", "2,4")));
  EXPECT_TRUE(f.legal_has(leader_path("3,4", "2,4", "1,4")));
  EXPECT_TRUE(f.legal_has(leader_path("3,5", "2,5")));
  EXPECT_FALSE(f.legal_has(leader_path("3,4")));
  EXPECT_FALSE(f.legal_has(leader_path("3,5")));
  size_t mark = f.log.size();
  f.force({S, Hv}).act(leader_path("3,4", "2,4", "1,4"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{2})) << "the light infantry rolls two dice";
  EXPECT_EQ(roll_sides_since(f, mark), (std::vector<Side>{B})) << "the opposing player rolls";
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_TRUE(f.has_leader("1,4"));
  EXPECT_FALSE(f.has_leader("4,5"));
  EXPECT_EQ(f.banners(B), 0);
  // No momentum advance after attacking a lone leader.
  EXPECT_TRUE(f.empty("4,5"));
  EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
  EXPECT_EQ(f.s.decision, Decision::PlayCard);
}

// 2) "The hex behind a lone leader is vacant. The next hex is occupied by a medium cavalry unit.
// A friendly unit without a leader occupies the hex behind the medium cavalry unit. The leader
// could make a one hex Evade into the vacant hex, but elects to Evade three hexes, ending in the
// hex with the friendly unit. ... the opposing player rolls three dice, obtaining two flags and
// a green circle. Since no helmet symbols were rolled, the leader successfully escapes and
// continues the Evade move into the third and final hex containing the friendly unit."
// Ours: leader 4,5; 3,5 vacant; Roman medium cavalry 2,5; Carthaginian medium infantry 1,5.
TEST(RuleBookExample, LeaderEscape2_ThreeHexesThroughMediumCavalry_S13) {
  Field f;
  f.leader(T, "4,5", "Hasdrubal")
      .unit(B, U::MediumCavalry, "2,5")
      .unit(T, U::MediumInfantry, "1,5")
      .unit(B, U::HeavyInfantry, "5,5")
      .start(B)
      .order({"5,5"})
      .to_battle();
  attack_lone_leader(f);
  ASSERT_EQ(f.s.decision, Decision::LeaderEvade) << f.story();
  EXPECT_TRUE(f.legal_has(leader_path("3,5"))) << "a one-hex evade into the vacant hex";
  EXPECT_TRUE(f.legal_has(leader_path("3,5", "2,5", "1,5")));
  EXPECT_FALSE(f.legal_has(leader_path("3,5", "2,5"))) << "never ending on an enemy unit";
  size_t mark = f.log.size();
  f.force({F, F, L}).act(leader_path("3,5", "2,5", "1,5"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{3})) << "the medium cavalry rolls three dice";
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_TRUE(f.has_leader("1,5"));
  EXPECT_EQ(f.at("1,5").type, U::MediumInfantry) << "attached to the friendly unit";
  EXPECT_EQ(count_events(f, Ev::LeaderAttached, mark), 1);
  EXPECT_EQ(f.banners(B), 0);
}

// 3) "The only available Evade path has an enemy light infantry unit in the first hex and an
// enemy medium cavalry unit in the second hex. ... the opposing player rolls two dice for the
// light infantry unit, obtaining a flag and a sword. The escape succeeds, but the leader now
// must undergo another escape attempt ... The opposing player rolls three dice for the medium
// cavalry unit, and obtains a blue triangle hit and two helmets. Only one helmet is needed, and
// the leader is removed, one hex short of safety. The opposing player earns one banner."
// Ours: leader 4,5; Roman light infantry 3,4 and medium cavalry 2,4; lakes at 3,5, 2,5 and 1,3
// leave 3,4 -> 2,4 -> 1,4 as the only path (taken by itself: a single legal choice).
TEST(RuleBookExample, LeaderEscape3_SecondEscapeFails_S13) {
  Field f;
  f.leader(T, "4,5", "Hasdrubal")
      .unit(B, U::LightInfantry, "3,4")
      .unit(B, U::MediumCavalry, "2,4")
      .unit(B, U::HeavyInfantry, "5,5")
      .terrain("3,5", Terrain::Lake)
      .terrain("2,5", Terrain::Lake)
      .terrain("1,3", Terrain::Lake)
      .start(B)
      .order({"5,5"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({L, M, Hv, S, F,  // the heavy infantry's attack: no helmet
           F, S,            // escape past the light infantry: no helmet
           M, Hm, Hm})      // escape past the medium cavalry: helmets
      .act(battle_act("5,5", "4,5"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5, 2, 3}));
  EXPECT_EQ(f.dice_pending(), 0) << f.story();
  EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
  EXPECT_EQ(f.banners(B), 1);
  EXPECT_FALSE(f.has_leader("1,4"));
  EXPECT_FALSE(f.has_leader("4,5"));
  EXPECT_EQ(count_events(f, Ev::LeaderEscape, mark), 2);
}

// §14 Attached Leaders: "When a leader is attached to a unit and the unit loses one or more
// blocks without being eliminated ... Roll 2 battle dice. To hit the leader, you need to roll
// two leader symbols." One helmet: he survives.
TEST(RuleBookExample, LeaderCheck_TwoDiceOneHelmetSurvives_S14) {
  Field f;
  f.unit(T, U::MediumInfantry, "3,5")
      .leader(T, "3,5", "Hanno")
      .unit(B, U::HeavyInfantry, "4,5")
      .start(B)
      .order({"4,5"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({M, L, L, Hv, L, Hm, L}).act(battle_act("4,5", "3,5"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5, 2}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,5"), 3);
  EXPECT_TRUE(f.has_leader("3,5"));
  EXPECT_EQ(f.banners(B), 0);
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// ... two helmets: the leader is hit, removed, and the enemy collects a banner.
TEST(RuleBookExample, LeaderCheck_TwoDiceTwoHelmetsKill_S14) {
  Field f;
  f.unit(T, U::MediumInfantry, "3,5")
      .leader(T, "3,5", "Hanno")
      .unit(B, U::HeavyInfantry, "4,5")
      .start(B)
      .order({"4,5"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({M, L, L, Hv, L, Hm, Hm}).act(battle_act("4,5", "3,5"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5, 2}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.blocks("3,5"), 3);
  EXPECT_FALSE(f.has_leader("3,5"));
  EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
  EXPECT_EQ(f.banners(B), 1);
  EXPECT_EQ(f.s.decision, Decision::BattleBack);
}

// §14 Leader's Unit Eliminated: "the leader casualty check is made with only 1 die ... If the
// leader is not hit on this single die roll, the leader must Evade 1, 2 or 3 hexes". "When the
// attached leader's unit is eliminated in Close Combat, the attacking unit may Momentum Advance
// onto the vacated hex after the leader Evades out of the hex." "Flags rolled against a unit
// that was eliminated, have no effect on the leader."
// Ours: a 1-block Carthaginian light infantry with leader at 3,5; Roman heavy infantry at 4,5.
TEST(RuleBookExample, LeaderCheck_UnitEliminatedOneDieThenEvade_S14) {
  Field f;
  f.unit(T, U::LightInfantry, "3,5", 1)
      .leader(T, "3,5", "Hanno")
      .unit(B, U::HeavyInfantry, "4,5")
      .start(B)
      .order({"4,5"})
      .to_battle();
  f.act(battle_act("4,5", "3,5"));
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  size_t mark = f.log.size();
  // A green circle eliminates the unit; the flag does nothing to the leader. Check: one die.
  f.force({L, F, M, M, Hv, L}).stand();
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5, 1}));
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(unit_of(f, U::LightInfantry, T).status, Status::Eliminated);
  EXPECT_EQ(f.banners(B), 1);
  ASSERT_EQ(f.s.decision, Decision::LeaderEvade) << f.story();
  EXPECT_EQ(f.s.decider, T);
  EXPECT_TRUE(f.legal_has(leader_path("2,5")));
  EXPECT_TRUE(f.legal_has(leader_path("2,5", "1,5", "0,5")));
  f.act(leader_path("2,5", "1,5"));
  EXPECT_TRUE(f.has_leader("1,5"));
  EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
  // Now the attacker may advance onto the vacated hex.
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance) << f.story();
  f.advance();
  EXPECT_EQ(f.at("3,5").type, U::HeavyInfantry);
}

// ... with a helmet on the single die the leader falls too: two banners.
TEST(RuleBookExample, LeaderCheck_UnitEliminatedOneHelmetKills_S14) {
  Field f;
  f.unit(T, U::LightInfantry, "3,5", 1)
      .leader(T, "3,5", "Hanno")
      .unit(B, U::HeavyInfantry, "4,5")
      .start(B)
      .order({"4,5"})
      .to_battle();
  f.act(battle_act("4,5", "3,5"));
  ASSERT_EQ(f.s.decision, Decision::EvadeOrStand);
  f.force({L, M, M, M, Hv, Hm}).stand();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
  EXPECT_EQ(f.banners(B), 2);
  EXPECT_EQ(f.s.decision, Decision::MomentumAdvance);
}

// §14: "Only one leader casualty check is made during any combat sequence. Example: when a unit
// with an attached leader loses blocks in Close Combat, a leader casualty check is made after
// the blocks are removed. If the unit also retreats because of flags on the same combat dice
// roll and the unit loses more blocks due to a blocked retreat route, another leader casualty
// check is not required."
// Ours: Carthaginian medium infantry with leader on its baseline at 0,5; the Roman heavy
// infantry at 1,5 rolls a blue triangle and two flags; the leader lets it ignore one flag, the
// other cannot be fulfilled (1 hex, off the board): one more block, no second check.
TEST(RuleBookExample, LeaderCheck_OnlyOnePerCombatSequence_S14) {
  Field f;
  f.unit(T, U::MediumInfantry, "0,5")
      .leader(T, "0,5", "Hanno")
      .unit(B, U::HeavyInfantry, "1,5")
      .start(B)
      .order({"1,5"})
      .to_battle();
  size_t mark = f.log.size();
  f.force({M, F, F, L, L, Hm, L}).act(battle_act("1,5", "0,5"));
  EXPECT_EQ(f.blocks("0,5"), 3);
  ASSERT_EQ(f.s.decision, Decision::IgnoreFlags) << f.story();
  EXPECT_TRUE(f.legal_has(A(ActionType::IgnoreFlags, 1)));
  EXPECT_FALSE(f.legal_has(A(ActionType::IgnoreFlags, 2)));
  f.ignore(1);
  EXPECT_EQ(f.blocks("0,5"), 2);
  EXPECT_TRUE(f.has_leader("0,5"));
  EXPECT_EQ(rolls_since(f, mark), (std::vector<int>{5, 2})) << "one leader check only";
  EXPECT_EQ(count_events(f, Ev::LeaderCheck, mark), 1);
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(f.s.decision, Decision::BattleBack) << "it did not leave its hex";
}

}  // namespace bgb::cca::test
