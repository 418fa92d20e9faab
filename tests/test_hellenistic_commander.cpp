// Hellenistic H1, the Army Commander (shared/reference/later/hellenistic.md HT01-HT06): his loss
// gives the enemy 2 banners (killed) or 1 (chased off the battlefield), and his side discards a
// card of its choice and holds one card fewer for the rest of the game. Forced dice.
#include "test_support.h"

#include <nlohmann/json.hpp>

#include "cca/json_io.h"

namespace bgb::cca::test {
namespace hellenistic_commander {
namespace {

void stand_if_asked(Field& f) {
  if (f.s.decision == Decision::EvadeOrStand) f.stand();
}

// T HI at `att` attacks the B MI at `def` (with `blocks`), which carries leader 0 of grade c; he
// is the Army Commander unless told otherwise. B holds `hand` cards (its command).
Field commander_field(const char* att, const char* def, int blocks, int hand, bool commander = true) {
  Field f;
  f.hellenistic().unit(T, U::HeavyInfantry, att).unit(B, U::MediumInfantry, def, blocks).leader(B, def, "Darius");
  f.grade(def, kGradeC, commander);
  f.scn.command[idx(B)] = uint8_t(hand);
  f.start(T).order({att}).to_battle();
  return f;
}

// The hexes of a leader evade action (kNoHex unused, kOffBoard off the map).
bool leaves_board(Action a) { return a.a() == kOffBoard || a.b() == kOffBoard || a.c() == kOffBoard; }

}  // namespace

// HT01 [H1.2, H1.4]: the commander killed with his unit's loss of 2 blocks: T +2 banners, B
// discards one of its 5 cards and its command is 4; the MI then battles back with 4 dice.
TEST(Hellenistic_H1, CommanderKilledCostsTwoBannersAndACard) {
  Field f = commander_field("4,6", "5,6", 4, 5);
  f.force({M, S, L, L, Hv}).force({Hm, Hm}).battle("4,6", "5,6");
  stand_if_asked(f);
  EXPECT_EQ(f.blocks("5,6"), 2);
  EXPECT_FALSE(f.has_leader("5,6"));
  EXPECT_EQ(f.banners(T), 2);
  ASSERT_EQ(f.s.decision, Decision::CommanderDiscard) << f.story();
  EXPECT_EQ(f.s.decider, B);
  EXPECT_EQ(f.s.command[idx(B)], 4);
  const ActionList l = f.legal();
  ASSERT_FALSE(l.empty());
  for (Action a : l) EXPECT_EQ(a.type(), ActionType::DiscardCard);
  const int discards = f.s.discard_n;
  f.act(l[0]);
  EXPECT_EQ(f.s.hand_n[idx(B)], 4);
  EXPECT_EQ(f.s.discard_n, discards + 1);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  force_n(f, 4, L);  // circles do not hit the HI
  f.battle_back();
  EXPECT_EQ(last_roll_n(f), 4);
}

// The discard stops the battle before the battle back (H1.4); a saved position there keeps the
// battle's record, and one whose strike claims more retreat hexes than its flags give is refused
// at once (the structure fuzzer found it accepted and broken as soon as the discard was made).
TEST(Hellenistic_H1, ABattleStoppedForTheDiscardKeepsAValidRecord) {
  Field f = commander_field("4,6", "5,6", 4, 5);
  f.force({M, S, L, L, Hv}).force({Hm, Hm}).battle("4,6", "5,6");
  stand_if_asked(f);
  ASSERT_EQ(f.s.decision, Decision::CommanderDiscard) << f.story();
  ASSERT_NE(f.s.combat.kind, CombatKind::None);
  nlohmann::json pos = position_to_json(f.scn, f.s);
  Scenario scn;
  State s;
  ASSERT_TRUE(position_from_json(pos, scn, s));
  EXPECT_EQ(check_invariants(scn, s), "");
  pos["state"]["combat"]["strike"]["retreated"] = 17;
  ASSERT_TRUE(position_from_json(pos, scn, s));
  EXPECT_NE(check_invariants(scn, s).find("more retreat hexes than the flags give"), std::string::npos)
      << check_invariants(scn, s);
  pos = position_to_json(f.scn, f.s);
  pos["state"]["combat"]["attacker"] = nullptr;
  ASSERT_TRUE(position_from_json(pos, scn, s));
  EXPECT_NE(check_invariants(scn, s), "");
}

// HT02 [H1.3]: the unit is eliminated (T +1); the commander survives his check and evades: off
// the board costs one more banner, a card and a point of command; to 8,6 costs nothing more.
TEST(Hellenistic_H1, CommanderChasedOffCostsOneBanner) {
  for (bool off : {true, false}) {
    Field f = commander_field("6,6", "7,6", 1, 5);
    f.force({M, L, L, L, L}).force({F}).battle("6,6", "7,6");
    stand_if_asked(f);
    EXPECT_TRUE(f.empty("7,6"));
    EXPECT_EQ(f.banners(T), 1);
    ASSERT_EQ(f.s.decision, Decision::LeaderEvade) << f.story();
    bool has_off = false, has_86 = false, has_87 = false;
    Action pick{};
    for (Action a : f.legal()) {
      if (leaves_board(a)) {
        has_off = true;
        if (off) pick = a;
      }
      if (a.a() == H("8,6") && a.b() == kNoHex) {
        has_86 = true;
        if (!off) pick = a;
      }
      if (a.a() == H("8,7") && a.b() == kNoHex) has_87 = true;
    }
    ASSERT_TRUE(has_off && has_86 && has_87) << f.story();
    f.act(pick);
    if (off) {
      EXPECT_EQ(f.banners(T), 2);
      ASSERT_EQ(f.s.decision, Decision::CommanderDiscard) << f.story();
      EXPECT_EQ(f.s.command[idx(B)], 4);
      f.act(f.legal()[0]);
      EXPECT_EQ(f.s.hand_n[idx(B)], 4);
    } else {
      EXPECT_EQ(f.banners(T), 1);
      EXPECT_NE(f.s.decision, Decision::CommanderDiscard);
      EXPECT_EQ(f.s.command[idx(B)], 5);
      EXPECT_EQ(f.s.hand_n[idx(B)], 5);
    }
  }
}

// HT03 [H1.2]: a leader who is not the commander: 1 banner, no discard.
TEST(Hellenistic_H1, OtherLeadersCostOneBanner) {
  Field f = commander_field("4,6", "5,6", 4, 5, false);
  f.force({M, S, L, L, Hv}).force({Hm, Hm}).battle("4,6", "5,6");
  stand_if_asked(f);
  EXPECT_EQ(f.banners(T), 1);
  EXPECT_NE(f.s.decision, Decision::CommanderDiscard);
  EXPECT_EQ(f.s.hand_n[idx(B)], 5);
  EXPECT_EQ(f.s.command[idx(B)], 5);
}

// HT04 [H1.4]: in B's own turn: 5 cards, 4 after the play, 3 after the discard, 4 after the draw.
TEST(Hellenistic_H1, CommanderLostInOwnTurn) {
  Field f;
  f.hellenistic().unit(B, U::MediumInfantry, "5,6").leader(B, "5,6", "Darius").grade("5,6", kGradeC, true);
  f.unit(T, U::HeavyInfantry, "4,6");
  f.scn.command[idx(B)] = 5;
  f.start(B);
  ASSERT_EQ(f.s.hand_n[idx(B)], 5);
  f.order({"5,6"}).to_battle();
  EXPECT_EQ(f.s.hand_n[idx(B)], 4);
  f.force({L, L, L, L}).battle("5,6", "4,6");
  stand_if_asked(f);
  ASSERT_EQ(f.s.decision, Decision::BattleBack) << f.story();
  f.force({M, M, Hv, Hv, L}).force({Hm, Hm}).battle_back();
  EXPECT_EQ(f.banners(T), 2);
  ASSERT_EQ(f.s.decision, Decision::CommanderDiscard) << f.story();
  f.log.clear();
  f.act(f.legal()[0]);
  // Nothing is left to battle with: the turn ends by itself, and B draws its one card (3 + 1).
  EXPECT_EQ(f.s.active, T) << f.story();
  EXPECT_EQ(f.s.hand_n[idx(B)], 4);
  EXPECT_EQ(f.s.command[idx(B)], 4);
  int discarded = 0, drawn = 0;
  for (const Event& e : f.log) {
    if (e.type == Ev::CardDiscarded && e.side == B) discarded++;
    if (e.type == Ev::CardDrawn && e.side == B) drawn++;
  }
  EXPECT_EQ(discarded, 1);
  EXPECT_EQ(drawn, 1);
}

// HT05 [H1.5]: banners first, victory first: the banner that wins poses no discard. (The spec's
// HT05 starts T at 5 of 6; then the unit's banner ends the game at once (§4) and no casualty check
// is rolled, so the situation is tested from 4 of 7: unit 5, leader 6, commander 7.)
TEST(Hellenistic_H1, WinningBannerPosesNoDiscard) {
  Field f;
  f.hellenistic().unit(T, U::HeavyInfantry, "6,6").unit(B, U::MediumInfantry, "7,6", 1).leader(B, "7,6", "Darius");
  f.grade("7,6", kGradeC, true);
  f.scn.banners_to_win[idx(T)] = 7;
  f.scn.command[idx(B)] = 5;
  f.start(T);
  f.s.banners[idx(T)] = 4;
  f.s.extra_banners[idx(T)] = 4;
  f.order({"6,6"}).to_battle();
  f.force({M, L, L, L, L}).force({Hm}).battle("6,6", "7,6");
  stand_if_asked(f);
  EXPECT_EQ(f.banners(T), 7);
  EXPECT_EQ(f.s.winner, T);
  EXPECT_EQ(f.s.decision, Decision::GameOver);
  EXPECT_EQ(f.s.hand_n[idx(B)], 5);
}

// HT06 [H1.4, I-2]: at command 1, the commander's loss costs 2 banners but no card and no command.
TEST(Hellenistic_H1, CommandNeverBelowOne) {
  Field f = commander_field("4,6", "5,6", 4, 1);
  f.force({M, S, L, L, Hv}).force({Hm, Hm}).battle("4,6", "5,6");
  stand_if_asked(f);
  EXPECT_EQ(f.banners(T), 2);
  EXPECT_NE(f.s.decision, Decision::CommanderDiscard);
  EXPECT_EQ(f.s.command[idx(B)], 1);
  EXPECT_EQ(f.s.hand_n[idx(B)], 1);
}

// With the army-commander sub-rule off, the commander is a leader like the others.
TEST(Hellenistic_H1, SubRuleOff) {
  Field f;
  f.hellenistic(hrule_bit(HRule::ArmyCommander)).unit(T, U::HeavyInfantry, "4,6").unit(B, U::MediumInfantry, "5,6");
  f.leader(B, "5,6", "Darius").grade("5,6", kGradeC, true);
  f.scn.command[idx(B)] = 5;
  f.start(T).order({"4,6"}).to_battle();
  f.force({M, S, L, L, Hv}).force({Hm, Hm}).battle("4,6", "5,6");
  stand_if_asked(f);
  EXPECT_EQ(f.banners(T), 1);
  EXPECT_EQ(f.s.command[idx(B)], 5);
}

}  // namespace hellenistic_commander
}  // namespace bgb::cca::test
