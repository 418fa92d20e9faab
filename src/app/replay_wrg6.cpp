// bgbot replay of a WRG game: the record (a file, or a game of the database) played again
// commitment by commitment through the game layer with every die, the table drawn after each
// step resolves (every decision with --step), then the result. A record is the referee's: it
// holds both sides' commitments, and the replay shows them all.
#include <algorithm>
#include <iostream>
#include <string>

#include "app/wrg6_view.h"
#include "core/text.h"
#include "games/all_games.h"
#include "wrg6/json_io.h"
#include "wrg6/wrg6_game.h"

namespace bgb::app {

int replay_wrg6(const nlohmann::json& record, const std::string& stored_scenario, const std::string& origin,
                const ReplayOptions& opt) {
  namespace v = wrg6view;
  games::register_all_games();
  const game::Game& g = *game::find_game(wrg6::kGameName);
  std::string err;
  std::shared_ptr<const game::Scenario> known;
  if (!opt.scenario.empty()) {
    std::vector<std::string> errors;
    known = g.find_scenario(opt.scenario, true, errors);
    if (!known) {
      for (const std::string& e : errors) std::cerr << "replay: " << e << "\n";
      return 1;
    }
  } else if (!stored_scenario.empty()) {
    const nlohmann::json j = nlohmann::json::parse(stored_scenario, nullptr, false);
    if (!j.is_discarded()) known = g.scenario_from_json(j, &err);
  }
  game::RecordedGame rg;
  if (!g.read_record(record, known, rg, &err)) {
    std::cerr << "replay: " << origin << ": " << err << "\n";
    return 1;
  }
  Rng rng(rg.seed);
  std::unique_ptr<game::State> st = g.new_game(rg.scenario, rng);
  const wrg6::Scenario& scn = wrg6::scenario_of(*rg.scenario);
  auto player = [&](int seat) { return seat < int(rg.players.size()) ? text::printable(rg.players[size_t(seat)]) : "?"; };
  std::cout << "Replay of " << origin << ": " << g.title() << ", " << scn.title << " (scenario " << scn.id << ")\n"
            << "  A: " << scn.side_name[0] << " (" << player(0) << "), B: " << scn.side_name[1] << " (" << player(1) << ")\n"
            << "  seed " << rg.seed << ", " << rg.steps.size() << " commitments"
            << (record.contains("started") && record["started"].is_string()
                    ? ", started " + text::printable(record["started"].get<std::string>())
                    : "")
            << "\n";
  v::MapOptions mo;  // 80 columns: a replay reads the same in a terminal and in a file
  if (!opt.quiet) {
    v::draw_map(scn, wrg6::state_of(*st), mo, std::cout);
    v::print_events(v::opening_events(scn, rg.seed, -1), std::cout);
  }
  std::string line;
  for (size_t i = 0; i < rg.steps.size(); ++i) {
    const game::RecordedGame::Step& step = rg.steps[i];
    rng.clear_forced();
    for (int f : step.dice)
      if (f >= g.die_sides() || !rng.force_one(f)) {
        std::cerr << "replay: " << origin << ": steps[" << i << "].dice: a face out of range\n";
        return 1;
      }
    const wrg6::State before = wrg6::state_of(*st);
    const std::string what = st->action_text(step.action);
    std::vector<game::EventView> ev;
    if (!st->apply(step.action, rng, &ev, -1, &err)) {
      std::cerr << "replay: " << origin << ": steps[" << i << "]: " << err << "\n";
      return 1;
    }
    if (rng.forced_pending() != 0) {
      std::cerr << "replay: " << origin << ": steps[" << i << "].dice: more dice recorded than the game rolls\n";
      return 1;
    }
    if (opt.quiet) continue;
    const wrg6::State& s = wrg6::state_of(*st);
    std::cout << (i + 1) << ". period " << int(before.period) << " " << wrg6::step_name(before.step) << ", "
              << wrg6::unit_name(scn, before.cursor) << ": " << what << "\n";
    // Each commitment is listed as it is entered: the reveals would say it again.
    ev.erase(std::remove_if(ev.begin(), ev.end(), [](const game::EventView& e) { return e.json.value("type", "") == "reveal"; }),
             ev.end());
    v::print_events(ev, std::cout);
    // The table at the end of each period (after its hand-to-hand), or after every step with --step.
    if (opt.step || (!s.over() && s.period != before.period)) {
      v::draw_map(scn, s, mo, std::cout);
      if (opt.step) {
        v::list_units(scn, s, -1, -1, std::cout);
        std::cout << "[Enter: next commitment] " << std::flush;
        if (!std::getline(std::cin, line)) break;
      }
    }
  }
  rng.clear_forced();
  const wrg6::State& s = wrg6::state_of(*st);
  v::draw_map(scn, s, mo, std::cout);
  v::list_units(scn, s, -1, -1, std::cout);
  std::cout << "Result: " << v::result_text(scn, s, -1) << "\n";
  return 0;
}

}  // namespace bgb::app
