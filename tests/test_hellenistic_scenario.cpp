// The Hellenistic module in scenario files (docs/scenarios.md "The Hellenistic module";
// hellenistic.md §3 "The validator reports"): the module's lines read back as written, and every
// error of the spec's list is reported with its FILE:LINE, in the text format and in JSON.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cca/json_io.h"
#include "cca/scenario.h"
#include "cca/scenario_file.h"

namespace bgb::cca {
namespace {

// 109 Gaugamela as text, split in lines.
std::vector<std::string> gaugamela_lines() {
  const Scenario* s = find_builtin_scenario("109");
  EXPECT_NE(s, nullptr);
  std::vector<std::string> out;
  std::istringstream in(scenario_to_text(*s));
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

int line_of(const std::vector<std::string>& lines, const std::string& prefix) {
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(prefix, 0) == 0) return int(i) + 1;
  ADD_FAILURE() << "no line starts with " << prefix;
  return 0;
}

void set_line(std::vector<std::string>& lines, const std::string& prefix, const std::string& text) {
  lines[size_t(line_of(lines, prefix) - 1)] = text;
}

// Loads the lines as bad.txt; the errors, one per line of the string.
std::string errors_of(const std::vector<std::string>& lines, bool* ok = nullptr) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  Scenario s;
  std::vector<std::string> errors;
  const bool loaded = load_scenario_text(text, "bad.txt", s, errors);
  if (ok) *ok = loaded;
  std::string all;
  for (const std::string& e : errors) all += e + "\n";
  return all;
}

void expect_error(const std::vector<std::string>& lines, int line, const std::string& part) {
  bool ok = true;
  const std::string all = errors_of(lines, &ok);
  EXPECT_FALSE(ok) << part;
  EXPECT_NE(all.find("bad.txt:" + std::to_string(line) + ": "), std::string::npos) << part << "\n" << all;
  EXPECT_NE(all.find(part), std::string::npos) << "want: " << part << "\ngot:\n" << all;
}

}  // namespace

// Every battle with the module's set-up reads back equal from its text and from its JSON.
TEST(HellenisticScenario, ModuleBattlesRoundTrip) {
  int module = 0;
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& s = *find_builtin_scenario(id);
    if (s.hellenistic.use == ModuleUse::None) continue;
    ++module;
    Scenario back;
    std::vector<std::string> errors;
    ASSERT_TRUE(load_scenario_text(scenario_to_text(s), id + ".txt", back, errors)) << errors.front();
    EXPECT_TRUE(back.hellenistic == s.hellenistic) << id;
    ASSERT_EQ(back.leaders.size(), s.leaders.size()) << id;
    for (size_t i = 0; i < s.leaders.size(); ++i) {
      EXPECT_EQ(back.leaders[i].grade, s.leaders[i].grade) << id << " " << s.leaders[i].name;
      EXPECT_EQ(back.leaders[i].commander, s.leaders[i].commander) << id << " " << s.leaders[i].name;
    }
    for (size_t i = 0; i < s.units.size(); ++i) EXPECT_EQ(back.units[i].traits, s.units[i].traits) << id;
    Scenario from_json;
    std::string err;
    ASSERT_TRUE(scenario_from_json(scenario_to_json(s), from_json, &err)) << id << ": " << err;
    EXPECT_TRUE(from_json.hellenistic == s.hellenistic) << id;
    for (size_t i = 0; i < s.leaders.size(); ++i) EXPECT_EQ(from_json.leaders[i].grade, s.leaders[i].grade) << id;
  }
  EXPECT_EQ(module, 15);  // 104-111, 113-118, 123
}

// The spec's list of validator errors, each at its line.
TEST(HellenisticScenario, ValidatorErrorsWithTheirLines) {
  {
    auto l = gaugamela_lines();
    set_line(l, "traits:", "traits: golden 2,5");
    expect_error(l, line_of(l, "traits:"), "unknown trait `golden`");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "traits:", "traits: companion 2,5; cataphract 2,5");
    expect_error(l, line_of(l, "traits:"), "cataphract is not a trait of a medium cavalry (MC)");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "traits:", "traits: companion 2,5; disciplined 2,5; hoplite 2,5");
    expect_error(l, line_of(l, "traits:"), "hoplite is not a trait of a medium cavalry");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "leaders top:", "leaders top: Alexander 2,5 grade=a commander; Parmenio 1,9 grade=b commander; Craterus 2,8 grade=c");
    expect_error(l, line_of(l, "leaders top:"), "a second Army Commander of the top army (H1.1: one per side)");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "leaders top:", "leaders top: Alexander 2,5 grade=a; Parmenio 1,9 grade=b; Craterus 2,8 grade=c");
    expect_error(l, line_of(l, "hellenistic:"), "the top army has no Army Commander (H1.1)");
    // With the sub-rule off it is fine.
    l.insert(l.begin() + line_of(l, "hellenistic:"), "hellenistic off: army-commander");
    bool ok = false;
    const std::string all = errors_of(l, &ok);
    EXPECT_TRUE(ok) << all;
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "leaders top:", "leaders top: Alexander 2,5 grade=e commander; Parmenio 1,9 grade=b; Craterus 2,8 grade=c");
    expect_error(l, line_of(l, "leaders top:"), "grade `e` is not a grade");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "leaders top:", "leaders top: Alexander 2,5 grade=d commander; Parmenio 1,9 grade=d; Craterus 2,8 grade=d");
    expect_error(l, line_of(l, "hellenistic:"), "`reserve move:` top: the army has no leader of grade a, b or c");
  }
  {
    auto l = gaugamela_lines();
    l.insert(l.begin() + line_of(l, "hellenistic:"), "hellenistic off: flanking");
    expect_error(l, line_of(l, "hellenistic off:"), "unknown sub-rule `flanking`");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "hellenistic:", "hellenistic: maybe");
    expect_error(l, line_of(l, "hellenistic:"), "`hellenistic:` is `on`");
  }
  {  // Module pieces in a battle without the module.
    auto l = gaugamela_lines();
    set_line(l, "hellenistic:", "# no module");
    set_line(l, "reserve move:", "# no reserve move");
    expect_error(l, line_of(l, "traits:"), "a trait of the Hellenistic module");
    expect_error(l, line_of(l, "leaders top:"), "a grade or `commander` belongs to the Hellenistic module");
  }
  {
    auto l = gaugamela_lines();
    set_line(l, "reserve move:", "reserve move: left");
    expect_error(l, line_of(l, "reserve move:"), "names the sides allowed a Reserve Move");
  }
  {  // A rule for one game only: module=off reads and writes back.
    auto l = gaugamela_lines();
    set_line(l, "special rules:", "rule: fords module=maybe");
    expect_error(l, line_of(l, "rule:"), "module=maybe: write module=off");
  }
}

}  // namespace bgb::cca

#include "cca/rules.h"

namespace bgb::cca {

// Random games of every battle with the module's set-up, the module switched on, and of the base
// battles with the module on (no commanders there: army-commander off; both sides allowed the
// Reserve Move): every invariant after every action, and the position's JSON reads back equal.
TEST(HellenisticScenario, RandomGamesWithTheModuleKeepEveryInvariant) {
  std::vector<Scenario> battles;
  for (const std::string& id : builtin_scenario_ids()) {
    Scenario s = *find_builtin_scenario(id);
    if (s.hellenistic.use == ModuleUse::None) {
      if (id[0] != '0') continue;
      s.hellenistic.use = ModuleUse::Available;
      s.hellenistic.off = hrule_bit(HRule::ArmyCommander);
      s.hellenistic.reserve = 3;
    }
    std::string why;
    ASSERT_TRUE(set_hellenistic(s, true, why)) << why;
    battles.push_back(s);
  }
  const char* env = std::getenv("BGBOT_RANDOM_GAMES");
  const int games = std::max<int>(int(battles.size()), env ? std::atoi(env) / 4 : int(battles.size()) * 2);
  int reserve_moves = 0, discards = 0, choices = 0, balks = 0;
  for (int g = 0; g < games; ++g) {
    const Scenario& scn = battles[size_t(g) % battles.size()];
    Rng rng(4200 + g);
    State s = new_game(scn, rng);
    ActionList list;
    for (int step = 0; !is_terminal(s); ++step) {
      ASSERT_LT(step, 100000) << scn.id;
      legal_actions(scn, s, list);
      ASSERT_FALSE(list.empty()) << scn.id << " " << decision_name(s.decision);
      reserve_moves += s.decision == Decision::ReserveMove;
      discards += s.decision == Decision::CommanderDiscard;
      choices += s.decision == Decision::CompanionChoice;
      balks += s.decision == Decision::BalkRetreat;
      const Action a = list[rng.below(list.size())];
      const State before = s;
      EventLog log;
      apply_unchecked(scn, s, a, rng, &log);
      std::string story;
      for (const Event& e : log) story += describe(scn, e) + "\n";
      ASSERT_EQ(check_invariants(scn, s), "") << scn.id << " game " << g << " step " << step << " after "
                                               << action_text(scn, before, a) << " at " << decision_name(before.decision)
                                               << "\n" << story;
      if (step % 50 == 0) {
        State back;
        std::string err;
        ASSERT_TRUE(state_from_json(scn, state_to_json(scn, s), back, &err)) << err;
        ASSERT_TRUE(back == s) << scn.id << " step " << step;
      }
    }
  }
  EXPECT_GT(reserve_moves, 0);
  EXPECT_GT(discards, 0);
  EXPECT_GT(choices, 0);
  EXPECT_GT(balks, 0);
}

}  // namespace bgb::cca
