// bgbot replay FILE [--step] [--quiet]: shows a recorded game (game_record.h) decision by decision
// with the events each caused (every die included), then the final board and the result. The
// scenario is the record's built-in one (or --scenario); a record made on a different version
// of the scenario (its content hash differs) is refused with a clear message.
#include <unistd.h>

#include <iostream>
#include <string>

#include "app/board_view.h"
#include "app/game_db.h"
#include "app/commands.h"
#include "app/terminal_common.h"
#include "app/quinn_view.h"
#include "app/wrg6_view.h"
#include "core/file_read.h"
#include "quinn/quinn_game.h"
#include "wrg6/wrg6_game.h"
#include "store/game_store.h"
#include "cca/cca_game.h"
#include "cca/game_record.h"
#include "cca/module_text.h"
#include "cca/rules.h"

namespace bgb::app {

using namespace bgb::cca;

namespace {

std::string side_word(Side s) { return s == Side::Top ? "top" : s == Side::Bottom ? "bottom" : "none"; }

// Replays a record already read. `origin` names it in messages (a file path now; later a
// database id). Returns the exit code.
int replay_record_shown(const GameRecord& r, const std::string& origin, const ReplayOptions& opt,
                        const Scenario* stored = nullptr) {
  const bool color = want_color();
  Scenario scn;
  std::vector<std::string> errors;
  const std::string scn_arg = opt.scenario.empty() ? r.scenario_id : opt.scenario;
  if (stored && opt.scenario.empty()) {
    scn = *stored;  // the scenario stored with the game: exactly the one it was played on
  } else if (!load_scenario_arg(scn_arg, scn, errors)) {
    for (const std::string& e : errors) std::cerr << e << "\n";
    std::cerr << "replay: " << origin << ": cannot find the scenario \"" << scn_arg
              << "\" of this record; give its file with --scenario FILE\n";
    return 1;
  }
  // A game played with the Hellenistic module switched (--hellenistic): the record's hash names it.
  match_record_scenario(scn, r.scenario_hash);
  const std::string hash = scenario_hash(scn);
  if (!r.scenario_hash.empty() && r.scenario_hash != hash) {
    std::cerr << "replay: " << origin << ": the record was played on a different version of scenario \"" << r.scenario_id
              << "\" (its content hash is " << r.scenario_hash << ", the scenario here has " << hash
              << "), so it cannot be replayed exactly.\n";
    return 1;
  }

  std::cout << "Replay of " << origin << ": " << scn.name << " (scenario " << scn.id << ")\n"
            << "  top: " << scn.army[0] << " (" << (r.players[0].empty() ? "?" : r.players[0]) << "), bottom: "
            << scn.army[1] << " (" << (r.players[1].empty() ? "?" : r.players[1]) << ")\n"
            << "  seed " << r.seed << ", " << r.steps.size() << " decisions"
            << (r.started.empty() ? "" : ", started " + r.started) << "\n";
  if (const std::string m = module_summary(scn); !m.empty()) std::cout << "  " << m << "\n";

  bool quiet = opt.quiet;
  bool stepping = opt.step && !quiet;
  Rng rng(r.seed);
  State prev = new_game(scn, rng);
  if (!quiet) std::cout << "\n" << render_legend(scn, color, Side::None) << "\n" << render_board(scn, prev, color, Side::None);
  int last_turn = -1;
  std::string err;
  State final_state;
  const bool ok = replay_record(scn, r, final_state, &err, [&](int i, const State& s, const EventLog& log) {
    if (!quiet) {
      if (int(prev.turn) != last_turn) {
        std::cout << "\n--- Turn " << (int(prev.turn) + 1) << ": " << scn.army[idx(prev.active)] << " ("
                  << side_word(prev.active) << ") ---\n";
        last_turn = int(prev.turn);
      }
      const RecordStep& st = r.steps[size_t(i)];
      std::cout << "#" << (i + 1) << " " << scn.army[idx(st.by)] << ": " << action_text(scn, prev, st.action) << "\n";
      for (const Event& e : log) std::cout << "    " << render_event(scn, e, Side::None, color) << "\n";
      if (s.turn != prev.turn && !is_terminal(s)) std::cout << render_board(scn, s, color, Side::None) << render_banners(scn, s, Side::None, color);
      if (stepping) {
        std::cout << "[Enter: next decision, q: to the end] " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
          stepping = false;
          std::cout << "\n";
        } else if (line == "q" || line == "Q") {
          stepping = false;
          quiet = true;
        }
      }
    }
    prev = s;
  });
  if (!ok) {
    std::cerr << "replay: " << origin << ": " << err << "\n";
    return 1;
  }

  std::cout << "\n=== Final position ===\n"
            << render_board(scn, final_state, color, Side::None) << render_banners(scn, final_state, Side::None, color)
            << render_status(scn, final_state, color);
  if (is_terminal(final_state)) {
    if (final_state.winner == Side::Top || final_state.winner == Side::Bottom)
      std::cout << "Result: the " << scn.army[idx(final_state.winner)] << " army (" << side_word(final_state.winner)
                << ") wins, " << int(final_state.banners[idx(final_state.winner)]) << " banners to "
                << int(final_state.banners[idx(other(final_state.winner))]) << ", after " << final_state.turn
                << " turns.\n";
    else
      std::cout << "Result: a draw after " << final_state.turn << " turns.\n";
  } else {
    std::cout << "Result: the game is not finished (turn " << (int(final_state.turn) + 1) << ", "
              << decision_name(final_state.decision) << " by " << side_word(final_state.decider)
              << "); continue it with: bgbot play --load " << origin << "\n";
  }
  std::cout << "Final position " << position_hash(scn, final_state) << ", " << r.steps.size() << " decisions.\n";
  return 0;
}

int replay_file(const std::string& path, const ReplayOptions& opt) {
  GameRecord r;
  std::string err;
  {
    // A record of another game says so in its "game" field (C&C's records have none).
    std::string text;
    if (files::read_regular_file(path, files::kMaxRecordBytes, text, err)) {
      const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
      if (j.is_object() && j.contains("game") && j["game"] == quinn::kGameName) return replay_quinn(j, "", path, opt);
      if (j.is_object() && j.contains("game") && j["game"] == wrg6::kGameName) return replay_wrg6(j, "", path, opt);
    }
    err.clear();
  }
  if (!read_record_file(path, r, err)) {
    std::cerr << "replay: " << err << "\n";
    return 1;
  }
  return replay_record_shown(r, path, opt);
}

// A game stored in the database (game_db.h), by id.
int replay_db(long id, const ReplayOptions& opt) {
  const std::string db = opt.db.empty() ? default_db_path() : opt.db;
  GameRecord r;
  Scenario scn;
  std::string err;
  {
    std::string game, record, scenario;
    if (store::load_game_texts(db, id, game, record, scenario, &err) && (game == quinn::kGameName || game == wrg6::kGameName)) {
      const nlohmann::json j = nlohmann::json::parse(record, nullptr, false);
      if (j.is_discarded()) {
        std::cerr << "replay: " << db << ": game " << id << ": the stored record is not valid JSON\n";
        return 1;
      }
      const std::string origin = "game " + std::to_string(id) + " of " + db;
      return game == quinn::kGameName ? replay_quinn(j, scenario, origin, opt) : replay_wrg6(j, scenario, origin, opt);
    }
    err.clear();
  }
  if (!load_record_from_db(db, id, r, &err) || !load_scenario_from_db(db, id, scn, &err)) {
    std::cerr << "replay: " << err << "\n";
    return 1;
  }
  return replay_record_shown(r, "game " + std::to_string(id) + " of " + db, opt, &scn);
}

bool all_digits(const std::string& s) {
  if (s.empty() || s.size() > 15) return false;
  for (char ch : s)
    if (ch < '0' || ch > '9') return false;
  return true;
}

}  // namespace

// A number that is not the name of an existing file is a game id in the database.
int cmd_replay(const ReplayOptions& opt) {
  if (all_digits(opt.source) && access(opt.source.c_str(), F_OK) != 0) return replay_db(std::stol(opt.source), opt);
  return replay_file(opt.source, opt);
}

}  // namespace bgb::app
