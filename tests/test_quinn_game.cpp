// Quinn's game through the layers every game shares: the game registry, records and positions,
// the bots, the arena and the engine protocol (issue 16: nothing in them names this game).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/arena.h"
#include "ai/bot.h"
#include "app/engine_protocol.h"
#include "game/game.h"
#include "games/all_games.h"
#include "quinn/model/quinn_model.h"

namespace bgb {
namespace {

using nlohmann::json;

const game::Game& quinn() {
  games::register_all_games();
  const game::Game* g = game::find_game("quinn");
  EXPECT_NE(g, nullptr);
  return *g;
}

std::shared_ptr<const game::Scenario> scenario(const std::string& id) {
  std::vector<std::string> errors;
  auto s = quinn().find_scenario(id, false, errors);
  EXPECT_TRUE(s) << id;
  return s;
}

TEST(QuinnGameLayer, RegisteredWithItsScenarios) {
  const game::Game& g = quinn();
  EXPECT_EQ(g.name(), "quinn");
  std::vector<std::string> ids;
  for (const auto& s : g.scenarios()) ids.push_back(s.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"s1", "s2", "s3"}));
  std::vector<std::string> errors;
  EXPECT_EQ(g.find_scenario("nowhere", false, errors), nullptr);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].find("s1"), std::string::npos);
  EXPECT_EQ(g.die_face("10"), 9);
  EXPECT_EQ(g.die_face("11"), -1);
  EXPECT_EQ(g.die_sides(), 10);
}

// A random game recorded, then read back and replayed with its dice forced: the same game.
TEST(QuinnGameLayer, RecordReplaysToTheSameGame) {
  const game::Game& g = quinn();
  for (const char* id : {"s1", "s3"}) {
    auto scn = scenario(id);
    const uint64_t seed = 41;
    Rng rng(seed);
    std::unique_ptr<game::State> s = g.new_game(scn, rng);
    std::unique_ptr<game::Recorder> rec = g.recorder(scn, seed, {"random", "random"});
    Rng pick(7);
    int steps = 0;
    while (!s->is_terminal() && steps < 3000) {
      const std::vector<game::ActionCode> l = s->legal_actions();
      ASSERT_FALSE(l.empty());
      std::string err;
      ASSERT_TRUE(rec->apply(*s, l[pick.below(uint32_t(l.size()))], rng, nullptr, -1, &err)) << err;
      ASSERT_EQ(s->check_invariants(), "");
      if (++steps % 50 == 0) {  // a position written and read back is the same position
        std::string e;
        std::unique_ptr<game::State> back = g.load(s->to_json(), &e);
        ASSERT_TRUE(back) << e;
        EXPECT_TRUE(back->equals(*s));
      }
    }
    ASSERT_TRUE(s->is_terminal()) << id;
    rec->finish(*s);
    const json j = json::parse(rec->to_json().dump());
    game::RecordedGame rg;
    std::string err;
    ASSERT_TRUE(g.read_record(j, nullptr, rg, &err)) << err;
    Rng r2(rg.seed);
    std::unique_ptr<game::State> t = g.new_game(rg.scenario, r2);
    for (const auto& st : rg.steps) {
      r2.clear_forced();
      for (int f : st.dice) ASSERT_TRUE(r2.force_one(f));
      ASSERT_TRUE(t->apply(st.action, r2, nullptr, -1, &err)) << err;
      EXPECT_EQ(r2.forced_pending(), 0);
    }
    EXPECT_TRUE(t->equals(*s)) << id;
    EXPECT_EQ(t->winner(), s->winner());
  }
}

TEST(QuinnGameLayer, MalformedPositionsAreRefusedWithTheField) {
  const game::Game& g = quinn();
  Rng rng(3);
  auto s = g.new_game(scenario("s3"), rng);
  const json good = s->to_json();
  std::string err;
  EXPECT_EQ(g.load(json::array(), &err), nullptr);
  EXPECT_FALSE(err.empty());
  json bad = good;
  bad["state"]["stands"][0]["heading"] = 400;
  EXPECT_EQ(g.load(bad, &err), nullptr);
  EXPECT_NE(err.find("heading"), std::string::npos) << err;
  bad = good;
  bad["state"]["stands"][0]["x_mil"] = bad["state"]["stands"][1]["x_mil"];
  bad["state"]["stands"][0]["y_mil"] = bad["state"]["stands"][1]["y_mil"];
  EXPECT_EQ(g.load(bad, &err), nullptr);
  EXPECT_NE(err.find("overlap"), std::string::npos) << err;
  bad = good;
  bad["state"]["chain"] = json::array({{{"id", 200}, {"heading", 0}, {"left_mil", 10}}});
  EXPECT_EQ(g.load(bad, &err), nullptr);
  bad = good;
  bad["scenario"]["text"] = "id: broken\n";
  EXPECT_EQ(g.load(bad, &err), nullptr);
  EXPECT_FALSE(err.empty());
  ASSERT_TRUE(g.load(good, &err)) << err;
}

TEST(QuinnGameLayer, EveryBotPlaysLegallyToTheEnd) {
  const game::Game& g = quinn();
  EXPECT_EQ(ai::make_bot("quinn", "ismcts:iters=300,reach=0,bias=0.3")->spec(), "ismcts:iters=300,reach=0,bias=0.3");
  for (const char* spec : {"random", "expert", "greedy", "flatmc:iters=40", "ismcts:iters=40", "easy", "normal", "ismcts:iters=40,legacy", "ismcts:iters=40,bias=0.3,rsample=12,rexplore=0"}) {
    std::string err;
    std::unique_ptr<ai::Bot> bot = ai::make_bot("quinn", spec, &err);
    ASSERT_TRUE(bot) << spec << ": " << err;
    Rng rng(11);
    auto s = g.new_game(scenario("s3"), rng);
    int steps = 0;
    while (!s->is_terminal() && steps++ < 2000) {
      auto obs = s->observation(s->current_player());
      ai::Explanation why;
      const game::ActionCode a = bot->choose(*obs, rng, &why);
      ASSERT_TRUE(s->apply(a, rng, nullptr, -1, &err)) << spec << ": " << s->action_text(a) << ": " << err;
    }
    EXPECT_TRUE(s->is_terminal()) << spec;
  }
}

TEST(QuinnGameLayer, ArenaRunsTheGame) {
  quinn();
  ai::ArenaOptions o;
  o.game = "quinn";
  o.a = "expert";
  o.b = "random";
  o.scenarios = {"s3"};
  o.games = 4;
  o.seed = 5;
  o.positions = true;
  ai::ArenaResult r = ai::run_arena(o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.games.size(), 4u);
  // The positions kept for fitting the evaluation: one per movement phase begun, with the
  // careful features for side A (losses first: a share of a break point, -1 to 1) and A's result.
  EXPECT_EQ(ai::arena_hooks("quinn").feature_names.size(), size_t(quinn::kQuinnFeatures));
  for (const ai::ArenaGame& g : r.games) {
    ASSERT_FALSE(g.positions.empty());
    for (const ai::ArenaPosition& p : g.positions) {
      EXPECT_GE(p.turn, 1);
      EXPECT_GE(p.features[0], -1.0);
      EXPECT_LE(p.features[0], 1.0);
      EXPECT_TRUE(p.features[4] == 1.0 || p.features[4] == -1.0);
      EXPECT_EQ(p.features[4] == 1.0, p.side == 0);  // to_move: +1 when A is to move
      EXPECT_TRUE(p.result_top == 0.0 || p.result_top == 0.5 || p.result_top == 1.0);
    }
  }
}

TEST(QuinnGameLayer, EngineProtocolPlaysIt) {
  app::EngineOptions opt;
  opt.allow_db = false;
  app::EngineSession s(opt);
  auto call = [&](const json& j) { return json::parse(app::handle_line(s, j.dump())); };
  json r = call({{"cmd", "new"}, {"game", "quinn"}, {"scenario", "s3"}, {"seed", 5}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["game"], "quinn");
  EXPECT_EQ(r["decision"], "activate");
  r = call({{"cmd", "legal"}});
  ASSERT_TRUE(r["ok"].get<bool>());
  ASSERT_GE(r["actions"].size(), 2u);
  r = call({{"cmd", "apply"}, {"action", 1}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["decision"], "act");
  // A malformed or illegal action gets an error and the game goes on.
  r = call({{"cmd", "apply"}, {"action", {{"kind", "charge"}, {"stand", 0}}}});
  EXPECT_FALSE(r["ok"].get<bool>());
  r = call({{"cmd", "apply"}, {"action", {{"kind", "hold"}, {"stand", 3}}}});
  EXPECT_FALSE(r["ok"].get<bool>());
  r = call({{"cmd", "think"}, {"bot", "ismcts:iters=50"}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_TRUE(r.contains("action"));
  r = call({{"cmd", "apply"}, {"action", r["action"]["action"]}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  r = call({{"cmd", "record"}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["record"]["game"], "quinn");
}

}  // namespace
}  // namespace bgb
