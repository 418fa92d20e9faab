// Hellenistic H10, the Reserve Move (shared/reference/later/hellenistic.md HT68-HT72): the secret
// reserve leader named at set-up, the move from the fourth own turn, who moves, how far, where the
// leader ends, and what the other side sees.
#include "cca/observation.h"
#include "test_support.h"

namespace bgb::cca::test {
namespace hellenistic_reserve {
namespace {

// The spec's layout: B's reserve leader (b) on the MC at 7,1; MC 7,2; LB 6,1; HI 8,2 with a c
// leader; T light cavalry at 5,1 and 6,4. B names the leader at 7,1 and is at its fourth turn.
Field reserve_field(bool enemy_at_64 = true, int own_turns = 3) {
  Field f;
  f.hellenistic().unit(B, U::MediumCavalry, "7,1").leader(B, "7,1", "Parmenion").grade("7,1", kGradeB, true);
  f.unit(B, U::MediumCavalry, "7,2").unit(B, U::LightBow, "6,1").unit(B, U::HeavyInfantry, "8,2");
  f.leader(B, "8,2", "Craterus").grade("8,2", kGradeC);
  f.unit(T, U::LightCavalry, "5,1").leader(T, "0,6", "Darius").grade("0,6", kGradeC, true);
  if (enemy_at_64) f.unit(T, U::LightCavalry, "6,4");
  f.scn.hellenistic.reserve = 2;  // bottom only
  f.start(B);
  EXPECT_EQ(f.s.decision, Decision::ReserveLeader) << f.story();
  EXPECT_EQ(f.s.decider, B);
  f.act(A(ActionType::NameReserve, 0));
  EXPECT_EQ(f.s.decision, Decision::PlayCard);
  f.s.own_turns[idx(B)] = uint8_t(own_turns);
  f.s.own_turns[idx(T)] = uint8_t(own_turns);
  f.s.turn = uint16_t(2 * own_turns);  // B's turn again after as many turns of each side
  return f;
}

std::set<int> reserve_destinations(const Field& f, const char* from) {
  std::set<int> out;
  for (Action a : f.legal())
    if (a.type() == ActionType::ReserveStep && a.a() == H(from)) out.insert(a.b());
  return out;
}

std::set<int> movers(const Field& f) {
  std::set<int> out;
  for (Action a : f.legal())
    if (a.type() == ActionType::ReserveStep) out.insert(a.a());
  return out;
}

}  // namespace

// HT68 [H10.2]: no Reserve Move in B's first three turns; in its fourth it is offered before the card.
TEST(Hellenistic_H10, OfferedFromTheFourthTurn) {
  for (int turns : {0, 1, 2, 3}) {
    Field f = reserve_field(true, turns);
    EXPECT_EQ(f.legal_has(A(ActionType::StartReserve)), turns == 3) << turns;
  }
  // Without reserve-move for the side, never.
  Field g;
  g.hellenistic().unit(B, U::MediumCavalry, "7,1").leader(B, "7,1").grade("7,1", kGradeB, true).unit(T, U::LightCavalry, "1,1");
  g.start(B);
  g.s.own_turns[idx(B)] = 5;
  EXPECT_FALSE(g.legal_has(A(ActionType::StartReserve)));
}

// HT69 [H10.3]: the units in or next to the leader's hex and not next to an enemy move: not the
// bow at 6,1 (next to 5,1). An enemy next to the leader forbids the move.
TEST(Hellenistic_H10, WhoMoves) {
  Field f = reserve_field();
  f.act(A(ActionType::StartReserve));
  ASSERT_EQ(f.s.decision, Decision::ReserveMove) << f.story();
  EXPECT_EQ(movers(f), hexes({"7,1", "7,2", "8,2"}));
  Field g = reserve_field();
  g.s.unit_at[H("5,1")] = kNone;  // move the T light cavalry next to 7,1 (to 6,2)
  g.s.units[4].hex = uint8_t(H("6,2"));
  g.s.unit_at[H("6,2")] = 4;
  sync_unit_bits(g.s);
  ASSERT_EQ(check_invariants(g.scn, g.s), "");
  EXPECT_FALSE(g.legal_has(A(ActionType::StartReserve)));
}

// HT70 [H10.4]: no hex next to an enemy (7,3 by 6,4), along row 8 is fine, foot 4 hexes at most,
// and never a row nearer the enemy than the start.
TEST(Hellenistic_H10, HowFar) {
  Field f = reserve_field();
  f.act(A(ActionType::StartReserve));
  const std::set<int> mc = reserve_destinations(f, "7,2");
  EXPECT_FALSE(mc.count(H("7,3")));
  EXPECT_TRUE(mc.count(H("8,4")));
  const std::set<int> hi = reserve_destinations(f, "8,2");
  EXPECT_TRUE(hi.count(H("8,1")));
  EXPECT_TRUE(hi.count(H("8,6")));   // 4 hexes
  EXPECT_FALSE(hi.count(H("8,7")));  // 5
  Field g = reserve_field(false);
  g.act(A(ActionType::StartReserve));
  EXPECT_FALSE(reserve_destinations(g, "7,2").count(H("6,3")));
  EXPECT_TRUE(reserve_destinations(g, "7,2").count(H("7,3")));
}

// HT71 [H10.3, H10.5]: the HI moves without its leader; the reserve leader must end within 2
// hexes of every moved unit; afterwards no Reserve Move is offered again.
TEST(Hellenistic_H10, TheLeaderEndsNearTheMovedUnits) {
  Field f = reserve_field();
  f.act(A(ActionType::StartReserve));
  f.act(A(ActionType::ReserveStep, H("8,2"), H("8,5")));
  EXPECT_TRUE(f.has_leader("8,2"));   // Craterus stays
  EXPECT_EQ(f.at("8,5").type, U::HeavyInfantry);
  std::set<int> finals;
  for (Action a : f.legal())
    if (a.type() == ActionType::ReserveLeaderTo) finals.insert(a.a());
  EXPECT_FALSE(finals.empty());
  for (int h : finals) EXPECT_LE(Board::get().dist[h][H("8,5")], 2) << hex_name(h);
  EXPECT_FALSE(finals.count(H("7,1")));  // 4 hexes from 8,5
  EXPECT_TRUE(finals.count(H("8,4")));
  f.act(A(ActionType::ReserveLeaderTo, H("8,4")));
  EXPECT_EQ(f.s.decision, Decision::PlayCard);
  EXPECT_TRUE(f.has_leader("8,4"));
  EXPECT_FALSE(f.legal_has(A(ActionType::StartReserve)));
  f.s.own_turns[idx(B)] = 6;
  f.s.own_turns[idx(T)] = 6;
  f.s.turn = 12;
  EXPECT_FALSE(f.legal_has(A(ActionType::StartReserve)));
}

// HT72 [H10.1]: T's observation shows no reserve leader; B's choice changes nothing T sees; the
// log names him when the move is made.
TEST(Hellenistic_H10, TheReserveLeaderIsSecret) {
  Field f = reserve_field();
  const State seen = observe(f.s, T);
  EXPECT_EQ(seen.reserve_leader[idx(B)], kHiddenLeader);
  State other = f.s;
  other.reserve_leader[idx(B)] = 1;  // Craterus instead
  EXPECT_TRUE(observe(other, T) == seen);
  EXPECT_EQ(observe(f.s, B).reserve_leader[idx(B)], 0);
  // The naming event is private; the move names the leader to all.
  bool named_private = false;
  for (const Event& e : f.log)
    if (e.type == Ev::ReserveNamed) named_private = !visible_to(e, T) && visible_to(e, B);
  EXPECT_TRUE(named_private);
  f.log.clear();
  f.act(A(ActionType::StartReserve));
  EXPECT_NE(f.story().find("Reserve Move with Parmenion"), std::string::npos) << f.story();
  EXPECT_EQ(observe(f.s, T).reserve_leader[idx(B)], kHiddenLeader);  // still hidden until done
  f.act(A(ActionType::ReserveLeaderTo, H("7,1")));
  EXPECT_EQ(observe(f.s, T).reserve_leader[idx(B)], 0);
  // Determinizing T's view draws one of B's a-c leaders.
  State d = seen;
  Rng rng(5);
  determinize(f.scn, d, T, rng);
  EXPECT_TRUE(d.reserve_leader[idx(B)] == 0 || d.reserve_leader[idx(B)] == 1);
}

}  // namespace hellenistic_reserve
}  // namespace bgb::cca::test
