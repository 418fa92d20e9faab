// Rule book §14 Leaders and the leader parts of §13: casualty checks, leader evade (paths, off the
// baseline, no path), escape through enemy units, momentum advance after the leader leaves, lone
// leaders attacked, one check per combat, and leaders inspiring adjacent units.
// The usual layout: the top defender at 4,6, the bottom attacker at 5,6.
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"

namespace bgb::cca::test {
namespace leaders_s14 {
namespace {

std::string hex_of_leader(const Field& f, int l) { return hex_name(f.s.leaders[l].hex); }
std::string path_name(Action a) {
  std::string s;
  for (int h : {a.a(), a.b(), a.c()}) {
    if (h == kNoHex) break;
    if (!s.empty()) s += " ";
    s += hex_name(h);
  }
  return s;
}
std::set<std::string> leader_paths(const Field& f) {
  std::set<std::string> out;
  if (f.s.decision != Decision::LeaderEvade) return out;
  for (Action a : f.legal())
    if (a.type() == ActionType::LeaderEvade) out.insert(path_name(a));
  return out;
}
Action leader_evade(const char* a, const char* b = nullptr, const char* c = nullptr) {
  auto h = [](const char* x) -> int {
    if (!x) return kNoHex;
    if (std::string(x) == "off") return kOffBoard;
    return H(x);
  };
  return Action::make(ActionType::LeaderEvade, h(a), h(b), h(c));
}
// Every path of 1-3 steps toward row 0 from a hex, over an empty board (the book's "1, 2 or 3
// hexes back toward his own side").
std::set<std::string> all_back_paths_top(const char* from) {
  const Board& b = Board::get();
  std::set<std::string> out;
  std::vector<std::string> prefix;
  std::function<void(int, int)> walk = [&](int hex, int depth) {
    if (depth == 3) return;
    for (int i = 0; i < 2; ++i) {
      int h = b.back[idx(T)][hex][i];
      if (h == kNoHex) continue;
      prefix.push_back(hex_name(h));
      std::string s;
      for (const std::string& p : prefix) s += (s.empty() ? "" : " ") + p;
      out.insert(s);
      walk(h, depth + 1);
      prefix.pop_back();
    }
  };
  walk(H(from), 0);
  return out;
}

}  // namespace

// §14 Attached Leaders: the unit loses blocks but survives: 2 dice, the leader is hit only on two
// helmets.
TEST(Leader_S14, AttachedLeaderCheckTwoDice) {
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ Hm, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    const Event* e = last_event(f, Ev::LeaderCheck);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->b, 2);
    EXPECT_EQ(last_event(f, Ev::Roll)->ndice, 2);
    EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
    EXPECT_TRUE(f.has_leader("4,6"));
    EXPECT_EQ(f.banners(B), 0);
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
  }
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ Hm, Hm}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_FALSE(f.has_leader("4,6"));
    EXPECT_EQ(f.blocks("4,6"), 3);
    EXPECT_EQ(f.banners(B), 1);
  }
  {  // Ranged combat too.
    Field f;
    f.unit(B, U::LightBow, "6,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"6,6"}).to_battle();
    f.force({M, L, /*check*/ Hm, Hm}).battle("6,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
  }
  {  // No block lost: no check.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({L, L, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(count_events(f, Ev::LeaderCheck), 0);
  }
}

// §14 Leader's Unit Eliminated: 1 die, a helmet kills him; otherwise he must evade 1, 2 or 3 hexes
// back toward his own side, the owner choosing the path.
TEST(Leader_S14, UnitEliminatedOneDieThenLeaderEvades) {
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ Hm}).battle("5,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    const Event* e = last_event(f, Ev::LeaderCheck);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->b, 1);
    EXPECT_EQ(last_event(f, Ev::Roll)->ndice, 1);
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 2) << "the unit and the leader";
  }
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6").start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ L}).battle("5,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    ASSERT_EQ(f.s.decision, Decision::LeaderEvade) << f.story();
    EXPECT_EQ(f.s.decider, T);
    EXPECT_EQ(f.banners(B), 1);
    // Every path of 1 to 3 hexes toward row 0, and nothing else (never sideways or forward).
    EXPECT_EQ(leader_paths(f), all_back_paths_top("4,6"));
    EXPECT_EQ(leader_paths(f).size(), 14u);
    f.act(leader_evade("3,5", "2,5", "1,5"));
    EXPECT_EQ(hex_of_leader(f, 0), "1,5");
    EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
  }
}

// §13 Leader Evade: a leader may evade off his own side of the battlefield (no banner).
TEST(Leader_S14, LeaderMayEvadeOffOwnBaseline) {
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "2,6").unit(T, U::MediumInfantry, "1,6", 1).leader(T, "1,6").start().order({"2,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ L}).battle("2,6", "1,6");
    ASSERT_EQ(f.s.decision, Decision::LeaderEvade);
    EXPECT_EQ(leader_paths(f), (std::set<std::string>{"0,6", "0,7", "0,6 off", "0,7 off"}));
    f.act(leader_evade("0,7", "off"));
    EXPECT_EQ(f.s.leaders[0].status, Status::Removed);
    EXPECT_EQ(f.banners(B), 1) << "only the unit";
  }
  {  // On the baseline the only way is off the board: taken at once.
    Field f;
    f.unit(B, U::HeavyInfantry, "1,6").unit(T, U::MediumInfantry, "0,6", 1).leader(T, "0,6").start().order({"1,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ L}).battle("1,6", "0,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Removed);
    EXPECT_EQ(f.banners(B), 1);
  }
}

// §13: a leader who cannot evade even one hex is eliminated (a banner).
TEST(Leader_S14, LeaderWithNoEvadePathIsEliminated) {
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6");
    f.terrain("3,5", Terrain::Lake).terrain("3,6", Terrain::Lake);
    f.start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 2);
  }
  {  // Lone enemy leaders block his way.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6");
    f.leader(B, "3,5").leader(B, "3,6");
    f.start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 2);
  }
}

// §13 Leader Escape: through an enemy unit (never ending there); that unit rolls its normal close
// combat dice and one helmet kills him.
TEST(Leader_S14, LeaderEscapeThroughEnemyUnit) {
  auto setup = [](Field& f) {
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6");
    f.unit(B, U::LightInfantry, "3,5").terrain("3,6", Terrain::Lake);
    f.start().order({"5,6"}).to_battle();
    f.force({M, L, L, L, L, /*check*/ L}).battle("5,6", "4,6");
  };
  {
    Field f;
    setup(f);
    ASSERT_EQ(f.s.decision, Decision::LeaderEvade);
    auto paths = leader_paths(f);
    EXPECT_EQ(paths.count("3,5"), 0u) << "may not end on an enemy unit";
    EXPECT_EQ(paths.count("3,5 2,5"), 1u);
    EXPECT_EQ(paths.count("3,5 2,6 1,6"), 1u);
    // The choice says what it risks: the light infantry's 2 dice, 1 - (5/6)^2 = 31% (the
    // terminal's, the browser's and the protocol's text).
    EXPECT_EQ(action_text(f.scn, f.s, leader_evade("3,5", "2,5")),
              "leader evades -> 3,5 -> 2,5 (escape through LI 3,5 2 dice: killed by a helmet, 31%)");
    EXPECT_EQ(leader_escape_dice(f.scn, f.s, H("3,5"), T), 2);
    EXPECT_EQ(leader_escape_dice(f.scn, f.s, H("5,6"), B), 0) << "his own side's unit";
    f.force({L, S}).act(leader_evade("3,5", "2,5"));
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(last_event(f, Ev::Roll)->ndice, 2) << "light infantry close combat dice";
    EXPECT_EQ(hex_of_leader(f, 0), "2,5");
    EXPECT_EQ(f.banners(B), 1);
  }
  {
    Field f;
    setup(f);
    f.force({L, Hm}).act(leader_evade("3,5", "2,5"));
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 2);
  }
}

// §14: when the attached leader's unit is eliminated in close combat, the attacker may momentum
// advance after the leader evades out of the hex.
TEST(Leader_S14, MomentumAdvanceAfterLeaderEvadesOut) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6").start().order({"5,6"}).to_battle();
  f.force({M, L, L, L, L, /*check*/ L}).battle("5,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::LeaderEvade);
  f.act(leader_evade("3,6"));
  ASSERT_EQ(f.s.decision, Decision::MomentumAdvance);
  EXPECT_EQ(f.s.decider, B);
  f.advance();
  EXPECT_EQ(f.at("4,6").type, U::HeavyInfantry);
  EXPECT_TRUE(f.has_leader("3,6"));
}

// §14 Leader Alone in a Hex: attacked in close combat he rolls against the attacker's dice; one
// helmet kills him, else he evades; flags have no effect; no momentum advance either way.
TEST(Leader_S14, LoneLeaderAttackedInCloseCombat) {
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"5,6"}).to_battle();
    f.force({L, F, F, S}).battle("5,6", "4,6");
    EXPECT_EQ(f.dice_pending(), 0);
    ASSERT_EQ(f.s.decision, Decision::LeaderEvade);
    f.act(leader_evade("3,5"));
    EXPECT_TRUE(f.has_leader("3,5"));
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
    EXPECT_EQ(count_events(f, Ev::MomentumAdvance), 0);
    EXPECT_EQ(f.at("5,6").type, U::MediumInfantry);
    EXPECT_TRUE(f.empty("4,6"));
  }
  {
    Field f;
    f.unit(B, U::MediumInfantry, "5,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"5,6"}).to_battle();
    f.force({Hm, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
    EXPECT_EQ(f.banners(B), 1);
    EXPECT_NE(f.s.decision, Decision::MomentumAdvance);
    EXPECT_EQ(f.at("5,6").type, U::MediumInfantry);
  }
}

// §11 with §14: an elephant attacking a lone leader rolls 1 die; only a helmet counts, so a sword
// is no hit and is not rolled again (docs/rules.md, "elephant re-rolls").
TEST(Leader_S14, ElephantDoesNotRerollSwordsAgainstALoneLeader) {
  Field f;
  f.unit(B, U::Elephant, "5,6").leader(T, "4,6").unit(T, U::HeavyInfantry, "0,0").start().order({"5,6"}).to_battle();
  f.force({S, Hm}).battle("5,6", "4,6");
  EXPECT_EQ(f.dice_pending(), 1) << "the helmet would be a re-roll: " << f.story();
  EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
  EXPECT_EQ(f.s.decision, Decision::LeaderEvade);
}

// §14 Note: only one leader casualty check during a combat sequence, even if the blocked retreat
// of the same roll costs more blocks.
TEST(Leader_S14, OneCheckPerCombatSequence) {
  {
    Field f;
    f.unit(B, U::HeavyInfantry, "1,6").unit(T, U::MediumInfantry, "0,6").leader(T, "0,6").start().order({"1,6"}).to_battle();
    f.force({M, F, L, L, L, /*check*/ L, L}).battle("1,6", "0,6");
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
    f.ignore(0);  // the retreat off the baseline costs a block: no second check
    EXPECT_EQ(f.blocks("0,6"), 2);
    EXPECT_EQ(count_events(f, Ev::LeaderCheck), 1);
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
  }
  {  // The blocked retreat eliminates the unit: no second check, but the leader must evade.
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 2).leader(T, "4,6");
    f.unit(B, U::HeavyInfantry, "3,5").unit(B, U::HeavyInfantry, "3,6");
    f.start().order({"5,6"}).to_battle();
    f.force({M, F, L, L, L, /*check*/ L, L}).battle("5,6", "4,6");
    ASSERT_EQ(f.s.decision, Decision::IgnoreFlags);
    f.ignore(0);
    EXPECT_EQ(f.s.units[1].status, Status::Eliminated);
    EXPECT_EQ(count_events(f, Ev::LeaderCheck), 1);
    EXPECT_EQ(f.dice_pending(), 0);
    EXPECT_EQ(f.s.decision, Decision::LeaderEvade);
    EXPECT_EQ(f.s.leaders[0].status, Status::Alive);
  }
}

// §14 Summary of Leader Benefits 1: a leader adjacent to a unit battling back makes helmets hit.
TEST(Leader_S14, LeaderInspiresAdjacentUnits) {
  auto battle_back_hits = [](bool leader_adjacent) {
    Field f;
    f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6");
    if (leader_adjacent) f.leader(T, "3,6");
    f.start().order({"5,6"}).to_battle();
    f.force({L, L, L, L, L}).battle("5,6", "4,6");
    EXPECT_EQ(f.s.decision, Decision::BattleBack);
    f.force({Hm, Hm, L, L}).battle_back();
    return 4 - f.blocks("5,6");
  };
  EXPECT_EQ(battle_back_hits(true), 2);
  EXPECT_EQ(battle_back_hits(false), 0);
}

// §13 Leader Evade: he may pass a friendly unit or leader but not end on another leader; ending
// on a friendly unit he attaches to it.
TEST(Leader_S14, LeaderEvadeThroughFriendsAndAttaches) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").unit(T, U::MediumInfantry, "4,6", 1).leader(T, "4,6");
  f.leader(T, "3,5").unit(T, U::HeavyInfantry, "3,6").unit(T, U::LightInfantry, "2,5");
  f.start().order({"5,6"}).to_battle();
  f.force({M, L, L, L, L, /*check*/ L}).battle("5,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::LeaderEvade);
  auto paths = leader_paths(f);
  EXPECT_EQ(paths.count("3,5"), 0u) << "may not end with another leader";
  EXPECT_EQ(paths.count("3,5 2,6"), 1u) << "may pass him";
  EXPECT_EQ(paths.count("3,6"), 1u) << "may end on a friendly unit";
  EXPECT_EQ(paths.count("3,5 2,5"), 1u);
  f.act(leader_evade("3,5", "2,5"));
  EXPECT_EQ(hex_of_leader(f, 0), "2,5");
  EXPECT_EQ(f.at("2,5").type, U::LightInfantry);
  EXPECT_TRUE(f.has_leader("3,5")) << "the other leader stays";
  EXPECT_EQ(count_events(f, Ev::LeaderAttached), 1);
}

// Interpretation 16: one casualty check per leader per combat: the defender's leader after the
// attack, the attacker's leader after the battle back.
TEST(Leader_S14, EachLeaderChecksOncePerCombat) {
  Field f;
  f.unit(B, U::HeavyInfantry, "5,6").leader(B, "5,6").unit(T, U::MediumInfantry, "4,6").leader(T, "4,6");
  f.start().order({"5,6"}).to_battle();
  f.force({M, L, L, L, L, /*check top leader*/ L, L}).battle("5,6", "4,6");
  ASSERT_EQ(f.s.decision, Decision::BattleBack);
  f.force({Hv, L, L, L, /*check bottom leader*/ Hm, Hm}).battle_back();
  EXPECT_EQ(f.dice_pending(), 0);
  EXPECT_EQ(count_events(f, Ev::LeaderCheck), 2);
  EXPECT_EQ(f.s.leaders[0].status, Status::Eliminated);
  EXPECT_EQ(f.s.leaders[1].status, Status::Alive);
  EXPECT_EQ(f.banners(T), 1);
}

}  // namespace leaders_s14
}  // namespace bgb::cca::test
