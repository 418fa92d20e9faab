// The Hellenistic module's rules of ordering and movement (shared/reference/later/hellenistic.md):
// section cards played in another section (H2, HT07-HT11), leader grades in movement and on
// Leadership cards (H3.2, H3.6, HT20-HT22), the two-hex move of silver shields and foot companions
// (H6.3(a), H6.4, HT45, HT47) and the immortals' fire (H6.5, HT48). Real cards, forced dice.
#include "card_test_helpers.h"

namespace bgb::cca::test {
namespace hellenistic_orders {
namespace {

using cards::CardField;
using cards::give;
using cards::play;
using K = CardKind;

// The section argument of a card played in another section (1 left, 2 center, 3 right).
constexpr int kLeft = 1, kCenter = 2, kRight = 3;

void play_in(Field& f, K k, int section) {
  ASSERT_EQ(f.s.decision, Decision::PlayCard) << f.story();
  give(f.s, f.s.active, k);
  f.act(A(ActionType::PlayCard, int(k), section));
}

int orders_given(const Field& f) {
  int n = 0;
  for (int i = 0; i < f.s.n_units; ++i) n += f.s.units[i].alive() && f.s.units[i].side == f.s.active && (f.s.units[i].flags & kOrdered);
  return n;
}

}  // namespace

// HT07 [H2.2]: Order Three Units Center played in the left: two orders, left units only.
TEST(Hellenistic_H2, SectionCardInAnotherSectionGivesOneOrderFewer) {
  CardField f;
  f.hellenistic().unit(B, U::MediumInfantry, "7,1").unit(B, U::MediumInfantry, "7,2").unit(B, U::MediumInfantry, "7,3");
  f.unit(B, U::MediumInfantry, "6,6").unit(T, U::MediumInfantry, "1,6").start();
  play_in(f, K::OrderThreeCenter, kLeft);
  EXPECT_EQ(orderable_units(f), hexes({"7,1", "7,2", "7,3"}));
  f.act(A(ActionType::OrderUnit, H("7,1"))).act(A(ActionType::OrderUnit, H("7,2")));
  EXPECT_EQ(orders_given(f), 2);
  EXPECT_FALSE(ordered(f, "6,6"));
  EXPECT_NE(f.s.decision, Decision::Order);  // no order left: on to movement
  // The log names the section.
  EXPECT_NE(f.story().find("plays Order Three Units Center in the left section"), std::string::npos) << f.story();
}

// HT08 [H2.2]: Order Two Units Right in the center: exactly one order; in the right: two.
TEST(Hellenistic_H2, OrderTwoInAnotherSectionGivesOne) {
  for (int sec : {kCenter, 0}) {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").unit(B, U::MediumInfantry, "6,7");
    f.unit(B, U::MediumInfantry, "6,10").unit(B, U::MediumInfantry, "6,11").unit(T, U::MediumInfantry, "1,6").start();
    play_in(f, K::OrderTwoRight, sec);
    EXPECT_EQ(f.s.quota[0] + f.s.quota[1] + f.s.quota[2], sec ? 1 : 2);
    EXPECT_EQ(orderable_units(f), sec ? hexes({"6,6", "6,7"}) : hexes({"6,10", "6,11"}));
  }
}

// HT09 [H2.1, H2.3]: an eligible card is three card plays; Out Flanked, Coordinated Attack, the
// Leadership cards and the others one each. With the sub-rule off, one each.
TEST(Hellenistic_H2, EligibleCardsAppearThreeTimes) {
  for (bool on : {true, false}) {
    CardField f;
    if (on) f.hellenistic();
    f.scn.command[idx(B)] = 5;
    f.unit(B, U::MediumInfantry, "7,1").unit(T, U::MediumInfantry, "1,6").start();
    const K hand[5] = {K::OrderFourLeft, K::OutFlanked, K::CoordinatedAttack, K::InspiredCenterLeadership,
                       K::LineCommand};
    for (int i = 0; i < 5; ++i) give(f.s, B, hand[i], i);
    ASSERT_EQ(check_invariants(f.scn, f.s), "");
    int plays = 0, four = 0;
    for (Action a : f.legal()) {
      plays += a.type() == ActionType::PlayCard;
      four += a.type() == ActionType::PlayCard && a.a() == int(K::OrderFourLeft);
    }
    EXPECT_EQ(plays, on ? 7 : 5);
    EXPECT_EQ(four, on ? 3 : 1);
  }
}

// HT10 [H2.2]: Order Four Units Left in the center: a dotted-line unit (6,4) may be ordered, a
// left-only one (6,3) not; at most three orders.
TEST(Hellenistic_H2, DottedLineHexBelongsToBothSections) {
  CardField f;
  f.hellenistic().unit(B, U::MediumInfantry, "6,3").unit(B, U::MediumInfantry, "6,4").unit(B, U::MediumInfantry, "6,5");
  f.unit(B, U::MediumInfantry, "6,6").unit(B, U::MediumInfantry, "6,7").unit(T, U::MediumInfantry, "1,6").start();
  play_in(f, K::OrderFourLeft, kCenter);
  const std::set<int> can = orderable_units(f);
  EXPECT_TRUE(can.count(H("6,4")));
  EXPECT_FALSE(can.count(H("6,3")));
  EXPECT_EQ(f.s.quota[1], 3);
  f.act(A(ActionType::OrderUnit, H("6,4"))).act(A(ActionType::OrderUnit, H("6,5"))).act(A(ActionType::OrderUnit, H("6,6")));
  EXPECT_EQ(orders_given(f), 3);
  EXPECT_NE(f.s.decision, Decision::Order);
}

// HT11 [H2.4, I-3]: Counter Attack copies the printed card, whatever section T used; B may play the
// copy in its center with 3 orders or in another section with 2.
TEST(Hellenistic_H2, CounterAttackCopiesThePrintedCard) {
  CardField f;
  f.hellenistic().unit(T, U::MediumInfantry, "1,2").unit(T, U::MediumInfantry, "1,3").unit(B, U::MediumInfantry, "7,6");
  f.unit(B, U::MediumInfantry, "7,1").unit(B, U::MediumInfantry, "7,10").start(T);
  play_in(f, K::OrderThreeCenter, kRight);  // T's right is the board's left, B's right
  cards::pass_turn(f);
  ASSERT_EQ(f.s.active, B);
  give(f.s, B, K::CounterAttack);
  std::set<int> sections;
  for (Action a : f.legal())
    if (a.type() == ActionType::PlayCard && a.a() == int(K::CounterAttack)) sections.insert(a.b());
  EXPECT_EQ(sections, (std::set<int>{0, kLeft, kRight}));
  State before = f.s;
  f.act(A(ActionType::PlayCard, int(K::CounterAttack), 0));
  EXPECT_EQ(f.s.effective, int(K::OrderThreeCenter));
  EXPECT_EQ(f.s.quota[1], 3);
  f.s = before;
  f.act(A(ActionType::PlayCard, int(K::CounterAttack), kLeft));
  EXPECT_EQ(f.s.quota[0], 2);
  EXPECT_EQ(f.s.quota[1], 0);
}

// ---- H3 leader grades: movement and Leadership cards -----------------------------------------

// HT20 [H3.6, I-8]: Leadership Any Section: the leader's hex and 4 linked units with a war-god, 3
// with an ordinary leader, 2 with a low-ranking one; "one unit instead" stays one.
TEST(Hellenistic_H3, LeadershipCardOrdersByGrade) {
  for (auto [g, linked] : {std::pair{kGradeA, 4}, {kGradeC, 3}, {kGradeD, 2}}) {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").leader(B, "6,6").grade("6,6", g);
    for (const char* h : {"6,5", "6,7", "5,5", "5,6", "7,5"}) f.unit(B, U::MediumInfantry, h);
    f.unit(T, U::MediumInfantry, "1,6").start();
    play(f, K::LeadershipAnySection);
    f.act(A(ActionType::OrderLeader, H("6,6")));
    int given = 0;
    while (f.s.decision == Decision::Order) {
      Action next{};
      bool found = false;
      for (Action a : f.legal())
        if (a.type() == ActionType::OrderUnit) {
          next = a;
          found = true;
          break;
        }
      if (!found) break;
      f.act(next);
      ++given;
    }
    EXPECT_EQ(given, linked) << "grade " << grade_letter(g);
    EXPECT_EQ(orders_given(f), linked + 1) << "grade " << grade_letter(g);
  }
  // The one unit of the player's choice: one, whatever the grade.
  CardField f;
  f.hellenistic().unit(B, U::MediumInfantry, "6,6").leader(B, "6,6").grade("6,6", kGradeA).unit(B, U::MediumInfantry, "6,5");
  f.unit(T, U::MediumInfantry, "1,6").start();
  play(f, K::LeadershipAnySection);
  f.act(A(ActionType::OrderUnit, H("6,5")));
  EXPECT_EQ(orders_given(f), 1);
  EXPECT_NE(f.s.decision, Decision::Order);
}

// HT21 [H3.6]: Inspired Center Leadership: a war-god 5 linked units, ordinary 4, low-ranking 3.
TEST(Hellenistic_H3, InspiredLeadershipByGrade) {
  for (auto [g, linked] : {std::pair{kGradeA, 5}, {kGradeC, 4}, {kGradeD, 3}}) {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").leader(B, "6,6").grade("6,6", g);
    for (const char* h : {"6,5", "6,7", "5,5", "5,6", "7,5", "7,6"}) f.unit(B, U::MediumInfantry, h);
    f.unit(T, U::MediumInfantry, "1,6").start();
    play(f, K::InspiredCenterLeadership);
    f.act(A(ActionType::OrderLeader, H("6,6")));
    int given = 0;
    for (int guard = 0; guard < 10 && f.s.decision == Decision::Order; ++guard) {
      bool found = false;
      for (Action a : f.legal())
        if (a.type() == ActionType::OrderUnit) {
          f.act(a);
          ++given;
          found = true;
          break;
        }
      if (!found) break;
    }
    EXPECT_EQ(given, linked) << "grade " << grade_letter(g);
  }
}

// HT22 [H3.2]: a lone war-god moves up to 5 hexes, a superior leader 4.
TEST(Hellenistic_H3, LeaderMovesAloneByGrade) {
  {
    Field f;
    f.hellenistic().leader(B, "7,6").grade("7,6", kGradeA).unit(T, U::MediumInfantry, "0,0").start().order({"7,6"});
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("7,6"), H("2,6"))));
  }
  {
    Field f;
    f.hellenistic().leader(B, "7,6").grade("7,6", kGradeB).unit(T, U::MediumInfantry, "0,0").start().order({"7,6"});
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("7,6"), H("2,6"))));
    EXPECT_NE(f.refusal(A(ActionType::MoveLeader, H("7,6"), H("2,6"))).find("at most 4 (Hellenistic H3.2)"), std::string::npos);
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("7,6"), H("3,6"))));
  }
  {  // The base game: 3.
    Field f;
    f.leader(B, "7,6").grade("7,6", kGradeB).unit(T, U::MediumInfantry, "0,0").start().order({"7,6"});
    EXPECT_FALSE(f.legal_has(A(ActionType::MoveLeader, H("7,6"), H("3,6"))));
    EXPECT_TRUE(f.legal_has(A(ActionType::MoveLeader, H("7,6"), H("4,6"))));
  }
}

// ---- H6 movement of the traits ---------------------------------------------------------------------

// HT45 [H6.3(a)]: silver shields move 2 and then may not battle, or 1 and battle.
TEST(Hellenistic_H6, SilverShieldsMoveTwoWithoutBattle) {
  for (int hexes_moved : {2, 1}) {
    Field f;
    f.hellenistic().unit(B, U::HeavyInfantry, "7,6").traits("7,6", kTraitSilverShields).unit(T, U::HeavyInfantry, "4,6");
    f.unit(T, U::HeavyInfantry, "5,7");
    f.start().order({"7,6"});
    EXPECT_TRUE(can_move(f, "7,6", "5,6"));
    const char* at = hexes_moved == 2 ? "5,6" : "6,7";  // both next to the HI at 5,7
    f.move("7,6", at).to_battle();
    bool battle = false;
    for (Action a : f.legal()) battle |= a.type() == ActionType::Battle && a.a() == H(at);
    EXPECT_EQ(battle, hexes_moved == 1) << hexes_moved << " hexes\n" << f.story();
  }
  Field plain;  // A plain HI moves 1.
  plain.hellenistic().unit(B, U::HeavyInfantry, "7,6").unit(T, U::HeavyInfantry, "4,6").start().order({"7,6"});
  EXPECT_FALSE(can_move(plain, "7,6", "5,6"));
}

// HT47 [H6.4]: foot companions ordered by a Leadership card move 2 and battle (4 dice); by a
// section card the same move allows no battle.
TEST(Hellenistic_H6, HypaspistsChargeOnALeadershipCard) {
  for (bool leadership : {true, false}) {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").traits("6,6", kTraitHypaspist).leader(B, "6,6").grade("6,6", kGradeC);
    f.unit(T, U::HeavyInfantry, "3,6").start();
    if (leadership) {
      play(f, K::LeadershipAnySection);
      f.act(A(ActionType::OrderLeader, H("6,6")));
    } else {
      play(f, K::OrderTwoCenter);
      f.act(A(ActionType::OrderUnit, H("6,6")));
    }
    while (f.s.decision == Decision::Order) f.act(A(ActionType::EndOrders));
    f.move("6,6", "4,6").to_battle();
    const bool can = f.legal_has(battle_act("4,6", "3,6"));
    EXPECT_EQ(can, leadership) << f.story();
    if (can) {
      force_n(f, 4, L);
      f.battle("4,6", "3,6");
      EXPECT_EQ(last_roll_n(f), 4);
    }
  }
}

// HT48 [H6.5, I-15]: immortals fire like light bows (range 3, 2 dice, 1 after moving); the troop
// cards for light units do not order them, Order Medium Troops does.
TEST(Hellenistic_H6, ImmortalsFire) {
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").traits("6,6", kTraitImmortal).unit(T, U::LightInfantry, "3,6");
    f.unit(T, U::LightInfantry, "2,5").start().order({"6,6"}).to_battle();
    EXPECT_FALSE(f.legal_has(battle_act("6,6", "2,5")));
    f.force({L, M}).battle("6,6", "3,6");
    EXPECT_EQ(last_roll_n(f), 2);
    EXPECT_EQ(f.blocks("3,6"), 3);
  }
  {
    Field f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").traits("6,6", kTraitImmortal).unit(T, U::LightInfantry, "3,6");
    f.start().order({"6,6"}).move("6,6", "5,6").to_battle();
    f.force({M}).battle("5,6", "3,6");
    EXPECT_EQ(last_roll_n(f), 1);
  }
  for (K card : {K::OrderLightTroops, K::DarkenTheSky, K::OrderMediumTroops}) {
    CardField f;
    f.hellenistic().unit(B, U::MediumInfantry, "6,6").traits("6,6", kTraitImmortal).unit(B, U::LightBow, "7,1");
    f.unit(T, U::LightInfantry, "3,6").start();
    play(f, card);
    const bool listed = orderable_units(f).count(H("6,6")) || ordered(f, "6,6");
    EXPECT_EQ(listed, card == K::OrderMediumTroops) << card_info(card).name;
  }
}

}  // namespace hellenistic_orders
}  // namespace bgb::cca::test
