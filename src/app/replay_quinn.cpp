// bgbot replay of a game of Quinn's: the record (a file, or a game of the database) played again
// decision by decision through the game layer, with every event and die, then the final table
// and the result. The record carries its scenario; a stored game also has the one it was played on.
#include <iostream>
#include <string>

#include "app/quinn_view.h"
#include "core/text.h"
#include "games/all_games.h"
#include "quinn/quinn_game.h"

namespace bgb::app {

int replay_quinn(const nlohmann::json& record, const std::string& stored_scenario, const std::string& origin,
                 const ReplayOptions& opt) {
  games::register_all_games();
  const game::Game& g = *game::find_game(quinn::kGameName);
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
  const quinn::Scenario& scn = quinn::scenario_of(*rg.scenario);
  auto player = [&](int seat) { return seat < int(rg.players.size()) ? text::printable(rg.players[size_t(seat)]) : "?"; };
  std::cout << "Replay of " << origin << ": " << g.title() << ", " << scn.title << " (scenario " << scn.id << ")\n"
            << "  A: " << scn.side_name[0] << " (" << player(0) << "), B: " << scn.side_name[1] << " (" << player(1) << ")\n"
            << "  seed " << rg.seed << ", " << rg.steps.size() << " decisions"
            << (record.contains("started") && record["started"].is_string()
                    ? ", started " + text::printable(record["started"].get<std::string>())
                    : "")
            << "\n";
  std::string line;
  for (size_t i = 0; i < rg.steps.size(); ++i) {
    const game::RecordedGame::Step& step = rg.steps[i];
    rng.clear_forced();
    for (int f : step.dice)
      if (f >= g.die_sides() || !rng.force_one(f)) {
        std::cerr << "replay: " << origin << ": steps[" << i << "].dice: a face out of range\n";
        return 1;
      }
    const int seat = st->current_player();
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
    std::cout << (i + 1) << ". " << (seat == 0 ? "A" : seat == 1 ? "B" : "-") << ": " << what << "\n";
    print_events(ev, std::cout);
    if (opt.step) {
      draw_table(scn, quinn::state_of(*st), std::cout);
      std::cout << "[Enter: next decision] " << std::flush;
      if (!std::getline(std::cin, line)) break;
    }
  }
  rng.clear_forced();
  const quinn::State& s = quinn::state_of(*st);
  draw_table(scn, s, std::cout);
  std::cout << "Losses: " << scn.side_name[0] << " " << int(s.losses[0]) << " of " << int(s.break_point[0]) << ", "
            << scn.side_name[1] << " " << int(s.losses[1]) << " of " << int(s.break_point[1]) << ".\n";
  const int w = st->winner();
  if (st->is_terminal())
    std::cout << "Result: " << (w < 0 ? "a draw" : scn.side_name[w] + " (" + (w == 0 ? "A" : "B") + ") wins") << " "
              << ended_text(s) << ".\n";
  else
    std::cout << "Result: the game is not finished (round " << int(s.round) << ").\n";
  return 0;
}

}  // namespace bgb::app
