// bgbot games: the games stored in the database (game_db.h): a table, or one record as JSON.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/game_db.h"
#include "core/text.h"

namespace bgb::app {

int cmd_games(const GamesOptions& opt) {
  const std::string db = opt.db.empty() ? default_db_path() : opt.db;
  std::string err;
  if (opt.show) {
    std::string text;
    if (!load_record_json_from_db(db, opt.id, text, &err)) {
      std::cerr << "bgbot games show: " << err << "\n";
      return 1;
    }
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    std::cout << (j.is_discarded() ? text : j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)) << "\n";
    return 0;
  }
  std::vector<StoredGame> games;
  if (!list_records(db, games, &err)) {
    std::cerr << "bgbot games: " << err << "\n";
    return 1;
  }
  if (opt.json) {
    nlohmann::json arr = nlohmann::json::array();
    for (const StoredGame& g : games) {
      arr.push_back({{"id", g.id}, {"game", g.game}, {"stored", g.stored}, {"started", g.started}, {"scenario", g.scenario_id},
                     {"scenario_name", g.scenario_name}, {"players", {{"top", g.players[0]}, {"bottom", g.players[1]}}},
                     {"finished", g.finished}, {"winner", g.winner.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.winner)},
                     {"draw", g.draw}, {"banners", {{"top", g.score[0]}, {"bottom", g.score[1]}}},
                     {"turns", g.turns}, {"steps", g.steps}});
    }
    std::cout << arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return 0;
  }
  if (games.empty()) {
    std::cout << "No games stored in " << db << "\n";
    return 0;
  }
  // The seats by both games' names (C&C: top and bottom; Quinn: A and B); the score is C&C's
  // banners or Quinn's losses inflicted, the turns C&C's turns or Quinn's rounds.
  std::printf("%5s  %-5s  %-20s  %-4s  %-22s  %-22s  %-9s  %-7s  %5s\n", "id", "game", "stored", "scn", "top / A", "bottom / B",
              "result", "score", "turns");
  for (const StoredGame& g : games) {
    std::string result = !g.finished ? "unfinished" : g.draw ? "draw" : g.winner + " won";
    std::string banners = std::to_string(g.score[0]) + "-" + std::to_string(g.score[1]);
    // Names come from whoever played (a protocol client names its players): printed safe, so
    // that no stored text can move the cursor, clear the screen or break the table.
    const std::string top = text::printable(g.players[0]), bottom = text::printable(g.players[1]);
    std::printf("%5ld  %-5.5s  %-20s  %-4s  %-22.22s  %-22.22s  %-9s  %-7s  %5d\n", g.id, text::printable(g.game).c_str(),
                text::printable(g.stored).c_str(),
                text::printable(g.scenario_id).c_str(), top.c_str(), bottom.c_str(), text::printable(result).c_str(),
                banners.c_str(), g.turns);
  }
  std::cout << games.size() << " game(s) in " << db << "\n";
  return 0;
}

}  // namespace bgb::app
