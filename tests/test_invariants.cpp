// Issue 13: a saved position whose pending decision does not fit the rest of the state is
// refused by the game's load (the invariants tie the decision to its decider, subject, combat
// record, evade queue and the card in force), while every position the rules produce loads.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/engine_protocol.h"
#include "cca/cca_game.h"
#include "cca/json_io.h"
#include "cca/rules.h"

namespace bgb::cca {

namespace {

using json = nlohmann::json;

// The game's load: "" when it accepts the position, else its message (never empty).
std::string load_error(const json& position) {
  static const auto game = make_game();
  std::string err;
  auto loaded = game->load(position, &err);
  if (loaded) return "";
  return err.empty() ? "refused without a reason" : err;
}

// The load refuses the position because it breaks an invariant (it reads as a position).
void expect_refused(const json& position, const std::string& what) {
  Scenario scn;
  State s;
  std::string err;
  ASSERT_TRUE(position_from_json(position, scn, s, &err)) << what << ": " << err;
  EXPECT_NE(check_invariants(scn, s), "") << what;
  const std::string refusal = load_error(position);
  EXPECT_EQ(refusal.rfind("the position breaks an invariant: ", 0), 0u) << what << ": " << refusal;
}

// Saved positions of random games, the first one found at each decision (and one with an
// eliminated leader at a battle decision), over the built-in battles.
struct Bases {
  std::map<Decision, json> at;
  json dead_leader;  // a Battle decision after a leader was eliminated
  int dead_leader_index = -1;
};

const Bases& bases() {
  static const Bases b = [] {
    Bases out;
    // The built-in battles, and the base battles with the Hellenistic module switched on (its
    // troop rules act on any army: a warrior's balk, for one; no commanders there).
    std::vector<Scenario> battles;
    for (const std::string& id : builtin_scenario_ids()) {
      battles.push_back(*find_builtin_scenario(id));
      if (id.size() == 3 && id[0] == '0') {
        Scenario m = battles.back();
        m.hellenistic.use = ModuleUse::On;
        m.hellenistic.off = hrule_bit(HRule::ArmyCommander);
        m.hellenistic.reserve = 3;  // both sides may make a Reserve Move
        std::string why;
        if (set_hellenistic(m, true, why)) battles.push_back(m);
      }
    }
    for (int g = 0; g < 900 && (out.at.size() < size_t(kDecisions) || out.dead_leader.is_null()); ++g) {
      const Scenario& scn = battles[size_t(g) % battles.size()];
      Rng rng(77 + g);
      State s = new_game(scn, rng);
      ActionList list;
      legal_actions(scn, s, list);
      for (;;) {
        if (!out.at.count(s.decision)) out.at[s.decision] = position_to_json(scn, s);
        if (out.dead_leader.is_null() && s.decision == Decision::Battle)
          for (int l = 0; l < s.n_leaders; ++l)
            if (s.leaders[l].status == Status::Eliminated) {
              out.dead_leader = position_to_json(scn, s);
              out.dead_leader_index = l;
            }
        if (list.empty()) break;
        apply_unchecked(scn, s, list[rng.below(list.size())], rng, nullptr, &list);
      }
    }
    return out;
  }();
  return b;
}

bool in_battle(Decision d) {
  // The Army Commander's discard (Hellenistic H1.4) may come in a battle or after it: no subject.
  return d != Decision::PlayCard && d != Decision::Order && d != Decision::Move && d != Decision::Battle &&
         d != Decision::GameOver && d != Decision::CommanderDiscard && d != Decision::BalkRetreat &&
         d != Decision::ReserveLeader && d != Decision::ReserveMove;
}

}  // namespace

TEST(Invariants, RandomGamesReachEveryDecision) {
  const Bases& b = bases();
  for (int d = 0; d < kDecisions; ++d) EXPECT_TRUE(b.at.count(Decision(d))) << decision_name(Decision(d));
  EXPECT_FALSE(b.dead_leader.is_null());
  for (const auto& [d, pos] : b.at) EXPECT_EQ(load_error(pos), "") << decision_name(d);
}

// The defect: a new game's saved position with only its decision changed (255 then indexed
// pieces and cards out of bounds). Every other decision is refused, and so is every change of a
// decision inside a battle (each waits at a stage of its own) and a turn phase changed to a
// battle decision, to play-card or to game-over.
TEST(Invariants, AnotherDecisionAloneIsRefused) {
  const Bases& b = bases();
  for (const auto& [from, pos] : b.at) {
    if (from == Decision::GameOver) continue;
    for (int d = 0; d < kDecisions; ++d) {
      const Decision to = Decision(d);
      if (to == from) continue;
      const bool phases = !in_battle(from) && from != Decision::PlayCard;
      // Order, move and battle differ only by what the pieces did so far: one may read as another.
      if (phases && (to == Decision::Order || to == Decision::Move || to == Decision::Battle)) continue;
      json p = pos;
      p["state"]["decision"] = decision_name(to);
      expect_refused(p, std::string(decision_name(from)) + " changed to " + decision_name(to));
    }
  }
}

TEST(Invariants, AWrongSubjectOrDeciderIsRefused) {
  const Bases& b = bases();
  for (const auto& [d, pos] : b.at) {
    if (!in_battle(d)) continue;
    const std::string name = decision_name(d);
    json p = pos;
    p["state"]["subject"] = nullptr;
    expect_refused(p, name + " with no subject");
    // Another piece than the one the decision is about.
    p = pos;
    const int subject = pos["state"]["subject"].get<int>();
    p["state"]["subject"] = subject == 0 ? 1 : 0;
    expect_refused(p, name + " about another piece");
    // Out of range: the position is not read at all.
    p = pos;
    p["state"]["subject"] = 200;
    EXPECT_NE(load_error(p), "") << name;
    p = pos;
    p["state"]["decider"] = pos["state"]["decider"] == "top" ? "bottom" : "top";
    expect_refused(p, name + " by the other side");
  }
  // Outside a battle no piece is the subject.
  json p = b.at.at(Decision::Move);
  p["state"]["subject"] = 0;
  expect_refused(p, "move with a subject");
}

TEST(Invariants, ABrokenCombatRecordIsRefused) {
  const Bases& b = bases();
  for (const auto& [d, pos] : b.at) {
    if (!in_battle(d)) continue;
    const std::string name = decision_name(d);
    json p = pos;
    p["state"]["combat"]["attacker"] = nullptr;
    expect_refused(p, name + " with no attacker");
    p = pos;
    p["state"]["combat"]["kind"] = "none";
    expect_refused(p, name + " with no combat");
    p = pos;
    p["state"]["combat"]["target_hex"] = nullptr;
    expect_refused(p, name + " with no target hex");
    if (!pos["state"]["combat"]["def_unit"].is_null()) {
      p = pos;
      p["state"]["combat"]["def_unit"] = nullptr;
      expect_refused(p, name + " with no defender");
    }
  }
  // A strike after the flags with no unit struck.
  json p = b.at.at(Decision::Retreat);
  p["state"]["combat"]["strike"]["victim"] = nullptr;
  expect_refused(p, "retreat with no victim");
  p = b.at.at(Decision::IgnoreFlags);
  p["state"]["combat"]["strike"]["ignorable"] = p["state"]["combat"]["strike"]["flags"].get<int>() + 1;
  expect_refused(p, "more flags to ignore than rolled");
  // A battle record left over in a turn phase.
  p = b.at.at(Decision::Battle);
  p["state"]["combat"] = b.at.at(Decision::MomentumAdvance)["state"]["combat"];
  expect_refused(p, "battle with a combat record");
}

TEST(Invariants, ABrokenEvadeQueueIsRefused) {
  const Bases& b = bases();
  // A dead leader to evade.
  json p = b.dead_leader;
  p["state"]["evade_queue"] = {b.dead_leader_index};
  p["state"]["decision"] = "leader-evade";
  expect_refused(p, "an eliminated leader in the evade queue");
  // A leader waiting to evade while the game goes on with something else.
  const json& le = b.at.at(Decision::LeaderEvade);
  p = b.at.at(Decision::Retreat);
  p["state"]["evade_queue"] = le["state"]["evade_queue"];
  if (p["state"]["leaders"].size() == le["state"]["leaders"].size()) expect_refused(p, "retreat with a leader to evade");
  // The leader evade decision with an empty queue.
  p = le;
  p["state"]["evade_queue"] = json::array();
  expect_refused(p, "leader-evade with no leader to evade");
}

TEST(Invariants, ABrokenCardInForceIsRefused) {
  const Bases& b = bases();
  json p = b.at.at(Decision::Order);
  p["state"]["played"] = nullptr;
  p["state"]["discard"].push_back(b.at.at(Decision::Order)["state"]["played"]);
  expect_refused(p, "orders with no card played");
  p = b.at.at(Decision::Order);
  p["state"]["order_mode"] = p["state"]["order_mode"] == "section" ? "troop" : "section";
  expect_refused(p, "an order mode the card does not give");
  p = b.at.at(Decision::Order);
  p["state"]["lead_leader"] = 0;
  if (p["state"]["order_mode"] != "leadership") expect_refused(p, "a chosen leader without a leadership card");
  p = b.at.at(Decision::PlayCard);
  p["state"]["reserve_entry"] = 7;
  expect_refused(p, "a reserve entry before the card is played");
}

// The positions random games pass through are accepted and read back equal (one in five is
// loaded: the load reads the whole scenario; the random-game tests check the invariants of all).
TEST(Invariants, EveryPositionOfRandomGamesLoads) {
  const std::vector<std::string> ids = builtin_scenario_ids();
  long positions = 0;
  for (int g = 0; g < int(ids.size()); ++g) {
    const Scenario& scn = *find_builtin_scenario(ids[g % ids.size()]);
    Rng rng(4000 + g);
    State s = new_game(scn, rng);
    ActionList list;
    legal_actions(scn, s, list);
    for (int step = 0;; ++step) {
      if (step % 5 == 0 || list.empty()) {  // the game's end too
        const json pos = position_to_json(scn, s);
        ASSERT_EQ(load_error(pos), "") << scn.id << " " << decision_name(s.decision);
        Scenario scn2;
        State s2;
        ASSERT_TRUE(position_from_json(pos, scn2, s2));
        ASSERT_TRUE(s2 == s);
        ++positions;
      }
      if (list.empty()) break;
      apply_unchecked(scn, s, list[rng.below(list.size())], rng, nullptr, &list);
    }
  }
  EXPECT_GT(positions, 500);
}

// The example of the issue through the protocol: refused with bad_position, and the engine goes
// on with the game it had.
TEST(Invariants, TheProtocolRefusesTheDefectsExample) {
  app::EngineOptions o;
  o.allow_db = false;
  app::EngineSession session(o);
  auto call = [&](const json& j) { return json::parse(app::handle_line(session, j.dump())); };
  ASSERT_EQ(call({{"cmd", "new"}, {"scenario", "001"}})["ok"], true);
  json pos = call({{"cmd", "save"}})["position"];
  pos["state"]["decision"] = "leader-evade";
  const json r = call({{"cmd", "load"}, {"position", pos}});
  EXPECT_EQ(r["ok"], false);
  EXPECT_EQ(r["error"]["code"], "bad_position");
  EXPECT_NE(r["error"]["message"].get<std::string>().find("invariant"), std::string::npos) << r;
  const json think = call({{"cmd", "think"}, {"bot", "ismcts:iters=200"}});
  EXPECT_EQ(think["ok"], true) << think;
  const json legal = call({{"cmd", "legal"}});
  EXPECT_EQ(legal["ok"], true) << legal;
  EXPECT_EQ(legal["decision"], "play-card") << legal;
}

}  // namespace bgb::cca
