// The Hellenistic module switched for one game (game::Game::with_options, play::Session::start
// with options, cca/cca_game.h apply_options) and shown in the front ends' words
// (cca/module_text.h): the switch reaches the game's copy of the battle, a battle without the
// module's set-up is refused with the reason, records, stored games and resumed games keep it,
// and the battle lists say which battles can take it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "ai/arena.h"
#include "cca/cca_game.h"
#include "cca/board.h"
#include "cca/game_record.h"
#include "cca/module_text.h"
#include "cca/scenario.h"
#include "cca/rules.h"
#include "cca/state.h"
#include "game/game.h"
#include "play/session.h"
#include "store/game_store.h"

namespace bgb {

namespace {

using nlohmann::json;

const game::Game& cca_game() { return *game::find_game(cca::kGameName); }

std::shared_ptr<const game::Scenario> battle(const std::string& id) {
  std::vector<std::string> errors;
  auto scn = cca_game().find_scenario(id, false, errors);
  EXPECT_TRUE(scn) << id;
  return scn;
}

const cca::Scenario& scn_of(const play::Session& s) { return cca::scenario_of(s.scenario()); }

// Plays the first legal decision (the last when it is the only way on) n times.
void play_some(play::Session& s, int n) {
  for (int i = 0; i < n && !s.is_over(); ++i) {
    const std::vector<game::ActionCode> legal = s.state().legal_actions();
    ASSERT_FALSE(legal.empty());
    std::string err;
    ASSERT_TRUE(s.apply(legal[size_t(i) % legal.size()], nullptr, -1, &err)) << err;
  }
}

}  // namespace

TEST(HellenisticSwitch, AGameStartedWithTheSwitchHasTheModuleOn) {
  // 105 Mantinea: available, off by default.
  ASSERT_FALSE(cca::scenario_of(*battle("105")).hel(cca::HRule::ArmyCommander));
  play::Session s;
  std::string err;
  ASSERT_TRUE(s.start(cca_game(), battle("105"), json{{"hellenistic", "on"}}, 5, {}, &err)) << err;
  for (int r = 0; r < cca::kHRules; ++r) EXPECT_TRUE(scn_of(s).hel(cca::HRule(r))) << cca::hrule_name(cca::HRule(r));
  EXPECT_EQ(s.options(), (json{{"hellenistic", "on"}}));
  EXPECT_EQ(s.status_json()["options"], (json{{"hellenistic", "on"}}));
  // The built-in battle itself is untouched: the switch is on the game's copy.
  EXPECT_FALSE(cca::scenario_of(*battle("105")).hellenistic.on);
  EXPECT_NE(s.scenario().content_hash(), battle("105")->content_hash());
  // 109 Gaugamela: on by default, and off for a game that asks.
  play::Session off;
  ASSERT_TRUE(off.start(cca_game(), battle("109"), json{{"hellenistic", false}}, 5, {}, &err)) << err;
  EXPECT_FALSE(scn_of(off).hel(cca::HRule::LeaderGrades));
  EXPECT_EQ(off.options(), (json{{"hellenistic", "off"}}));
  // No options, or the battle's own default: the battle as it is (the same scenario object).
  play::Session plain;
  ASSERT_TRUE(plain.start(cca_game(), battle("109"), json{{"hellenistic", "on"}}, 5, {}, &err)) << err;
  EXPECT_EQ(plain.scenario().content_hash(), battle("109")->content_hash());
  // Traits act only with the module: the Companions at 2,5 carry theirs in the state.
  const cca::State& on_state = cca::state_of(plain.state());
  const cca::State& off_state = cca::state_of(off.state());
  const int u = on_state.unit_at[cca::parse_hex("2,5")];
  ASSERT_NE(u, cca::kNone);
  EXPECT_TRUE(on_state.units[u].traits & cca::kTraitCompanion);
  EXPECT_FALSE(off_state.units[off_state.unit_at[cca::parse_hex("2,5")]].traits & cca::kTraitCompanion);
}

TEST(HellenisticSwitch, ABattleWithoutTheSetUpIsRefusedWithTheReason) {
  play::Session s;
  std::string err;
  EXPECT_FALSE(s.start(cca_game(), battle("001"), json{{"hellenistic", "on"}}, 5, {}, &err));
  EXPECT_NE(err.find("no set-up for the Hellenistic module"), std::string::npos) << err;
  EXPECT_FALSE(s.started());
  // Off is no change for such a battle; an unknown option or value is refused.
  EXPECT_TRUE(s.start(cca_game(), battle("001"), json{{"hellenistic", "off"}}, 5, {}, &err)) << err;
  EXPECT_TRUE(s.options().empty());
  EXPECT_FALSE(s.status_json().contains("options"));
  play::Session t;
  EXPECT_FALSE(t.start(cca_game(), battle("109"), json{{"colour", "blue"}}, 5, {}, &err));
  EXPECT_NE(err.find("\"colour\" is not an option of battle 109"), std::string::npos) << err;
  EXPECT_FALSE(t.start(cca_game(), battle("109"), json{{"hellenistic", "maybe"}}, 5, {}, &err));
  EXPECT_NE(err.find("\"on\" or \"off\""), std::string::npos) << err;
  EXPECT_FALSE(t.start(cca_game(), battle("109"), json::array({1}), 5, {}, &err));
  EXPECT_FALSE(t.started());
}

TEST(HellenisticSwitch, ARecordAndAStoredGameResumeWithTheModuleOn) {
  play::Session s;
  std::string err;
  ASSERT_TRUE(s.start(cca_game(), battle("104"), json{{"hellenistic", "on"}}, 21, {}, &err)) << err;
  play_some(s, 60);
  // The record names the battle by id and the hash of the switched copy: it resumes from the
  // built-in battle alone (no scenario given), with the module on.
  play::Session r;
  ASSERT_TRUE(r.resume(cca_game(), s.record_json(), nullptr, {}, &err)) << err;
  EXPECT_TRUE(scn_of(r).hel(cca::HRule::TroopTraits));
  EXPECT_TRUE(r.state().equals(s.state()));
  EXPECT_EQ(r.options(), (json{{"hellenistic", "on"}}));
  // The same through the app's helper for record files (bgbot play --load, replay, arena --db).
  cca::GameRecord rec;
  ASSERT_TRUE(cca::record_from_json(s.record_json(), rec, &err)) << err;
  cca::Scenario b = *cca::find_builtin_scenario("104");
  ASSERT_TRUE(cca::match_record_scenario(b, rec.scenario_hash));
  EXPECT_TRUE(b.hellenistic.on);
  cca::Scenario other = *cca::find_builtin_scenario("001");
  EXPECT_FALSE(cca::match_record_scenario(other, rec.scenario_hash));
  EXPECT_FALSE(other.hellenistic.on);
  // The scenario stored with a game carries the switch in its JSON and reads back equal.
  const json stored = s.scenario().to_json();
  EXPECT_TRUE(stored["hellenistic"]["on"].get<bool>());
  std::shared_ptr<const game::Scenario> back = cca_game().scenario_from_json(stored, &err);
  ASSERT_TRUE(back) << err;
  EXPECT_EQ(back->content_hash(), s.scenario().content_hash());
  // A game in the database resumes with it.
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bgbot-hel-store-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string db = (dir / "games.sqlite").string();
  const long id = s.store(db, &err);
  ASSERT_GT(id, 0) << err;
  std::string game, record, scenario;
  ASSERT_TRUE(store::load_game_texts(db, id, game, record, scenario, &err)) << err;
  play::Session again;
  ASSERT_TRUE(again.resume(cca_game(), json::parse(record), cca_game().scenario_from_json(json::parse(scenario)), {}, &err))
      << err;
  EXPECT_TRUE(scn_of(again).hellenistic.on);
  EXPECT_TRUE(again.state().equals(s.state()));
  fs::remove_all(dir);
  // A position saved from the game (the protocol's save/load) keeps it too.
  std::unique_ptr<game::State> loaded = cca_game().load(s.state().to_json(), &err);
  ASSERT_TRUE(loaded) << err;
  EXPECT_TRUE(cca::scenario_of(*loaded).hel(cca::HRule::OffSection));
}

TEST(HellenisticSwitch, TheBattleListsSayWhichBattlesTakeTheModule) {
  for (const game::ScenarioInfo& info : cca_game().scenarios()) {
    const cca::Scenario& b = *cca::find_builtin_scenario(info.id);
    EXPECT_EQ(info.facts["hellenistic"], cca::module_use_name(b.hellenistic.use)) << info.id;
    EXPECT_EQ(info.facts["hellenistic_default"].get<bool>(), b.hellenistic.use == cca::ModuleUse::On) << info.id;
    EXPECT_EQ(info.options.contains("hellenistic"), b.hellenistic.use != cca::ModuleUse::None) << info.id;
    if (info.options.contains("hellenistic")) {
      EXPECT_EQ(info.options["hellenistic"]["default"], b.hellenistic.use == cca::ModuleUse::On ? "on" : "off") << info.id;
    }
  }
  const game::ScenarioInfo g = cca_game().scenario_info(*battle("109"));
  EXPECT_EQ(g.facts["hellenistic"], "on");
  bool alexander = false;
  for (const json& l : g.facts["leaders"])
    if (l["name"] == "Alexander") alexander = l["grade"] == "a" && l["commander"] == true;
  EXPECT_TRUE(alexander) << g.facts["leaders"];
  ASSERT_TRUE(g.facts.contains("troops"));
  EXPECT_EQ(g.facts["troops"][0]["hex"], "2,5");
  EXPECT_EQ(g.facts["troops"][0]["traits"][0], "companion");
  EXPECT_EQ(cca_game().scenario_info(*battle("105")).facts["hellenistic"], "available");
  EXPECT_EQ(cca_game().scenario_info(*battle("001")).facts["hellenistic"], "none");
  // The glossary names every trait's tag and the grades.
  const json gl = cca_game().glossary();
  EXPECT_EQ(gl["traits"]["companion"]["tag"], "Comp");
  EXPECT_EQ(gl["traits"]["silver-shields"]["tag"], "SilvSh");
  EXPECT_EQ(gl["grades"]["a"]["name"], "war-god");
  EXPECT_TRUE(gl["commander"].is_string());
}

TEST(HellenisticSwitch, TheWordsForTheModule) {
  const cca::Scenario& g = *cca::find_builtin_scenario("109");
  EXPECT_EQ(cca::leader_label(g, 0), "Alexander(a,AC)");
  EXPECT_EQ(cca::leader_label(g, 1), "Parmenio(b)");
  cca::Scenario off = g;
  std::string why;
  ASSERT_TRUE(cca::set_hellenistic(off, false, why));
  EXPECT_EQ(cca::leader_label(off, 0), "Alexander");  // no grades without the module
  EXPECT_EQ(cca::trait_tags(cca::kTraitCompanion | cca::kTraitHoplite), "Comp Hopl");
  for (int b = 0; b < cca::kTraitBits - 1; ++b) {
    EXPECT_LE(std::string(cca::trait_tag(b)).size(), 6u) << b;
    EXPECT_FALSE(std::string(cca::trait_summary(b)).empty()) << b;
  }
  EXPECT_NE(cca::module_summary(g).find("on"), std::string::npos);
  EXPECT_NE(cca::module_summary(off).find("off"), std::string::npos);
  EXPECT_EQ(cca::module_summary(*cca::find_builtin_scenario("001")), "");
  // The Sacred Band of 104 acts only as the battle's rule allows (module=off under the module).
  const cca::Scenario& leuctra = *cca::find_builtin_scenario("104");
  cca::Scenario on = leuctra;
  ASSERT_TRUE(cca::set_hellenistic(on, true, why));
  uint16_t traits_off = 0, traits_on = 0;
  for (const cca::UnitSetup& u : leuctra.units) traits_off |= cca::acting_traits(leuctra, u.traits);
  for (const cca::UnitSetup& u : on.units) traits_on |= cca::acting_traits(on, u.traits);
  EXPECT_TRUE(traits_off & cca::kTraitSacredBand);
  EXPECT_FALSE(traits_off & cca::kTraitHypaspist);
  EXPECT_TRUE(traits_on & cca::kTraitHypaspist);
  EXPECT_FALSE(traits_on & cca::kTraitSacredBand);
  // The state the game deals agrees.
  Rng rng(1);
  const cca::State s = cca::new_game(on, rng);
  uint16_t in_state = 0;
  for (int u = 0; u < s.n_units; ++u) in_state |= s.units[u].traits;
  EXPECT_EQ(in_state, traits_on);
}

TEST(HellenisticSwitch, TheArenaPlaysTheModuleBattlesAndRefusesOneWithout) {
  ai::ArenaOptions opt;
  opt.game = cca::kGameName;
  opt.a = opt.b = "random";
  opt.games = 2;
  opt.options = json{{"hellenistic", "on"}};
  opt.scenarios = {"001"};
  ai::ArenaResult r = ai::run_arena(opt);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("scenario 001: battle 001 has no set-up for the Hellenistic module"), std::string::npos) << r.error;
  opt.scenarios = {"105"};
  r = ai::run_arena(opt);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.scenarios, std::vector<std::string>{"105"});
  EXPECT_EQ(ai::arena_to_json(opt, r)["options"], opt.options);
  // All battles: those without the set-up are left out, the others played with it.
  opt.scenarios.clear();
  opt.games = 2;
  r = ai::run_arena(opt);
  ASSERT_TRUE(r.ok) << r.error;
  for (const std::string& id : r.scenarios)
    EXPECT_NE(cca::find_builtin_scenario(id)->hellenistic.use, cca::ModuleUse::None) << id;
  for (const std::string& id : r.left_out)
    EXPECT_EQ(cca::find_builtin_scenario(id)->hellenistic.use, cca::ModuleUse::None) << id;
  EXPECT_FALSE(r.left_out.empty());
  EXPECT_EQ(r.scenarios.size() + r.left_out.size(), cca::builtin_scenario_ids().size());
}

}  // namespace bgb
