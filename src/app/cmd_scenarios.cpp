// bgbot scenarios [--json]: the built-in battles (data/scenarios/, embedded in the program).
#include <algorithm>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "cca/scenario.h"
#include "game/game.h"

namespace bgb::app {

namespace {
std::string pad(const std::string& s, size_t w) { return s.size() >= w ? s : s + std::string(w - s.size(), ' '); }

// The table's Hellenistic column: "-" (no set-up), "available" (off by default), "on" (on by default).
std::string module_column(const cca::Scenario& s) {
  switch (s.hellenistic.use) {
    case cca::ModuleUse::None: return "-";
    case cca::ModuleUse::Available: return "available";
    case cca::ModuleUse::On: return "on";
  }
  return "?";
}

// An army's size in the words of its game's facts: Quinn's stands and break point, WRG's units
// and figures.
std::string army_size(const nlohmann::json& a) {
  if (a.contains("stands"))
    return std::to_string(a.value("stands", 0)) + " stands, breaks at " + std::to_string(a.value("break_point", 0));
  const int units = a.value("units", 0), figs = a.value("figures", 0);
  return std::to_string(units) + (units == 1 ? " unit, " : " units, ") + std::to_string(figs) + (figs == 1 ? " figure" : " figures");
}

// Another game's scenarios through the game layer: id, title and the game's facts of each.
int other_game_scenarios(const ScenariosOptions& opt) {
  const game::Game* g = game::find_game(opt.game);
  if (!g) {
    std::string names;
    for (const game::Game* x : game::registered_games()) names += (names.empty() ? "" : ", ") + x->name();
    std::cerr << "scenarios: --game " << opt.game << ": not a game of this program (" << names << ")\n";
    return 2;
  }
  const std::vector<game::ScenarioInfo> list = g->scenarios();
  if (opt.json) {
    nlohmann::json a = nlohmann::json::array();
    for (const game::ScenarioInfo& s : list) a.push_back({{"id", s.id}, {"name", s.title}, {"game", g->name()}, {"facts", s.facts}});
    std::cout << a.dump(2) << "\n";
    return 0;
  }
  std::cout << g->title() << " (--game " << g->name() << ")\n";
  size_t w = 4;
  for (const game::ScenarioInfo& s : list) w = std::max(w, s.title.size());
  std::cout << pad("id", 6) << pad("name", w + 2) << "armies\n";
  for (const game::ScenarioInfo& s : list) {
    std::string armies;
    if (s.facts.contains("armies"))
      for (const auto& [side, a] : s.facts["armies"].items())
        armies += (armies.empty() ? "" : " against ") + a.value("name", side) + " (" + army_size(a) + ")";
    std::cout << pad(s.id, 6) << pad(s.title, w + 2) << armies << "\n";
  }
  return 0;
}

}  // namespace

int cmd_scenarios(const ScenariosOptions& opt) {
  if (opt.game != "cca") return other_game_scenarios(opt);
  std::vector<const cca::Scenario*> list;
  for (const std::string& id : cca::builtin_scenario_ids())
    if (const cca::Scenario* s = cca::find_builtin_scenario(id)) list.push_back(s);

  if (opt.json) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (const cca::Scenario* s : list) {
      nlohmann::ordered_json rules = nlohmann::ordered_json::array();
      for (const cca::BattleRule& r : s->rules)
        rules.push_back({{"rule", cca::battle_rule_text(r)}, {"summary", cca::battle_rule_summary(r, s->army)}});
      int units[2] = {0, 0};
      for (const cca::UnitSetup& u : s->units)
        if (u.side != cca::Side::None) units[cca::idx(u.side)]++;
      nlohmann::ordered_json commanders = nlohmann::ordered_json::object();
      for (const cca::LeaderSetup& l : s->leaders)
        if (l.commander) commanders[cca::side_name(l.side)] = l.name;
      a.push_back({{"id", s->id},
                   {"name", s->name},
                   {"year", s->year},
                   {"fidelity", s->fidelity},
                   {"top", s->army[0]},
                   {"bottom", s->army[1]},
                   {"command", {{"top", int(s->command[0])}, {"bottom", int(s->command[1])}}},
                   {"banners_to_win", {{"top", int(s->banners_to_win[0])}, {"bottom", int(s->banners_to_win[1])}}},
                   {"first", cca::side_name(s->first)},
                   {"units", {{"top", units[0]}, {"bottom", units[1]}}},
                   {"leaders", int(s->leaders.size())},
                   // The Hellenistic module: "none" (no set-up for it), "available" (off unless a
                   // game switches it on) or "on" (on unless a game switches it off).
                   {"hellenistic", cca::module_use_name(s->hellenistic.use)},
                   {"hellenistic_default", s->hellenistic.use == cca::ModuleUse::On},
                   {"commanders", commanders},
                   {"special_rules", rules},
                   {"source", s->source},
                   {"note", s->note}});
    }
    std::cout << a.dump(2) << "\n";
    return 0;
  }

  size_t wname = 4, wyear = 4, wtop = 3, wbottom = 6, wfid = 8;
  for (const cca::Scenario* s : list) {
    wname = std::max(wname, s->name.size());
    wyear = std::max(wyear, s->year.size());
    wtop = std::max(wtop, s->army[0].size());
    wbottom = std::max(wbottom, s->army[1].size());
    wfid = std::max(wfid, s->fidelity.size());
  }
  std::cout << pad("id", 5) << pad("name", wname + 2) << pad("year", wyear + 2) << pad("top", wtop + 2)
            << pad("bottom", wbottom + 2) << pad("fidelity", wfid + 2) << pad("hellenistic", 13) << "special rules\n";
  std::vector<std::string> fidelities;
  for (const cca::Scenario* s : list) {
    std::string rules;
    for (const cca::BattleRule& r : s->rules) rules += (rules.empty() ? "" : ", ") + std::string(cca::rule_kind_id(r.kind));
    std::cout << pad(s->id, 5) << pad(s->name, wname + 2) << pad(s->year, wyear + 2) << pad(s->army[0], wtop + 2)
              << pad(s->army[1], wbottom + 2) << pad(s->fidelity, wfid + 2) << pad(module_column(*s), 13)
              << (rules.empty() ? "-" : rules) << "\n";
    if (std::find(fidelities.begin(), fidelities.end(), s->fidelity) == fidelities.end())
      fidelities.push_back(s->fidelity);
  }
  // What each battle's special rules do, in a sentence each (`bgbot scenarios --json` gives the
  // rules in the scenario file's written form too).
  bool any_rule = false;
  for (const cca::Scenario* s : list)
    for (const cca::BattleRule& r : s->rules) {
      if (!any_rule) std::cout << "\nSpecial rules:\n";
      any_rule = true;
      std::cout << "  " << s->id << " " << cca::battle_rule_summary(r, s->army) << "\n";
    }
  // Say plainly what each label in the list means: nothing is called printed or checked unless it is.
  const std::pair<const char*, const char*> meaning[] = {
      {"book", "checked against the printed scenario book"},
      {"transcribed", "laid out hex by hex from the publisher's battle map; not checked against the printed book"},
      {"reconstructed", "laid out by hand from partial facts; not the printed set-up"},
      {"designed", "a battle of our own design"},
      {"custom", "a battle from elsewhere, not checked by us"}};
  // The Hellenistic module column.
  std::cout << "\nHellenistic module (docs/scenarios.md): `on` on by default (play it without: --hellenistic off);\n"
               "`available` off by default (play it with: --hellenistic on); `-` the battle has no set-up for it.\n";
  for (const auto& [label, text] : meaning)
    if (std::find(fidelities.begin(), fidelities.end(), label) != fidelities.end())
      std::cout << "`" << label << "`: " << text << ".\n";
  std::cout << "Each file's note (data/scenarios/, `bgbot scenarios --json`) names its open points; docs/scenarios.md.\n";
  return 0;
}

}  // namespace bgb::app
