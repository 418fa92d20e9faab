// bgbot arena: bot A against bot B in paired games (ai/arena.h), a table or one JSON object on
// stdout, a progress bar on stderr when it is a terminal. docs/strength.md.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "ai/arena.h"
#include "cca/cca_game.h"
#include "cca/model/cca_model.h"
#include "app/commands.h"
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include "app/terminal_common.h"
#include "app/game_db.h"
#include "app/arena_mpi.h"

namespace bgb::app {

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string clock_text(double secs) {
  char buf[32];
  const long s = long(secs + 0.5);
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

}  // namespace

namespace {
int arena_main(const ArenaOptions& o, const ArenaRanks& ranks);
}

int cmd_arena(const ArenaOptions& o) {
  // Under mpirun every rank comes here with the same arguments (docs/scale.md).
  ArenaRanks ranks;
  std::string err;
  if (!arena_mpi_start(ranks, &err)) {
    std::cerr << "arena: " << err << "\n";
    return 2;
  }
  // The root speaks for the match; another rank's failure reaches it in the rank's last message
  // (or, when the arguments are wrong, the root finds the same).
  if (!ranks.root()) std::cerr.setstate(std::ios::badbit);
  const int code = arena_main(o, ranks);
  if (code != 0 && ranks.size > 1) arena_mpi_abort(code);  // no rank waits for one that gave up
  arena_mpi_stop();
  return code;
}

namespace {

int arena_main(const ArenaOptions& o, const ArenaRanks& ranks) {
  ai::ArenaOptions opt;
  if (o.balance && !o.b.empty() && o.b != o.a) {
    std::cerr << "arena: --balance plays bot A against itself; leave out --b\n";
    return 2;
  }
  if (!o.balance && o.b.empty()) {
    std::cerr << "arena: --b is required (or --balance to play A against itself)\n";
    return 2;
  }
  if (o.balance && !o.sprt.empty()) {
    std::cerr << "arena: --sprt compares two bots; it does not go with --balance\n";
    return 2;
  }
  opt.balance = o.balance;
  opt.game = o.game;
  if (!game::find_game(o.game)) {
    std::string names;
    for (const game::Game* g : game::registered_games()) names += (names.empty() ? "" : ", ") + g->name();
    std::cerr << "arena: --game " << o.game << ": not a game of this program (" << names << ")\n";
    return 2;
  }
  if (!o.positions.empty() && ai::arena_hooks(o.game).feature_names.empty()) {
    std::cerr << "arena: --positions: the game " << o.game << " has no evaluation features to write\n";
    return 2;
  }
  if (o.game != cca::kGameName && (!o.hellenistic.empty() || !o.db.empty())) {
    std::cerr << "arena: --hellenistic and --db are for C&C: Ancients (--game cca)\n";
    return 2;
  }
  opt.a = o.a;
  opt.b = o.balance ? o.a : o.b;
  if (o.scenarios != "all") opt.scenarios = split(o.scenarios);
  // The Hellenistic module in every game: a battle named without its set-up is refused; of all
  // the battles, those without it are left out (--hellenistic on plays the module's battles).
  if (!o.hellenistic.empty()) opt.options = {{"hellenistic", o.hellenistic}};
  opt.games = o.games;
  opt.seed = o.seed;
  opt.threads = o.threads;
  opt.alpha = o.alpha;
  opt.beta = o.beta;
  opt.save_dir = o.save;
  opt.calibration = o.calibration;
  opt.positions = !o.positions.empty();
  opt.resume = o.resume;
  if (o.resume && o.save.empty()) {
    std::cerr << "arena: --resume reads the games back from --save DIR: give it\n";
    return 2;
  }
  if (ranks.size > 1 && !o.db.empty()) {
    std::cerr << "arena: --db is not spread over MPI ranks (store the --save records with bgbot games afterwards)\n";
    return 2;
  }
  if (ranks.size > 1 && !o.sprt.empty()) {
    std::cerr << "arena: --sprt stops on the pairs in order; it does not spread over MPI ranks\n";
    return 2;
  }
  // Storing in a database goes through the records: written to --save DIR, or to a scratch
  // directory when only --db is given.
  std::string scratch;
  if (!o.db.empty() && opt.save_dir.empty()) {
    char tmpl[] = "/tmp/bgbot-arena-XXXXXX";
    if (!mkdtemp(tmpl)) {
      std::cerr << "arena: cannot make a scratch directory for the records\n";
      return 2;
    }
    scratch = opt.save_dir = tmpl;
  }
  if (!o.sprt.empty()) {
    const std::vector<std::string> e = split(o.sprt);
    try {
      if (e.size() != 2) throw std::invalid_argument("two numbers");
      opt.elo0 = std::stod(e[0]);
      opt.elo1 = std::stod(e[1]);
    } catch (...) {
      std::cerr << "arena: --sprt wants ELO0,ELO1 (e.g. 0,20), not \"" << o.sprt << "\"\n";
      return 2;
    }
    if (!(opt.elo1 > opt.elo0)) {
      std::cerr << "arena: --sprt wants ELO0 < ELO1\n";
      return 2;
    }
    opt.sprt = true;
  }

  if (ranks.root())
    for (const std::string& w : ai::arena_warnings(opt)) std::cerr << "arena: warning: " << w << "\n";
  const bool tty = isatty(STDERR_FILENO);
  double last_line = 0;
  auto progress = [&](const ai::ArenaProgress& p) {
    const double frac = p.total ? double(p.done) / double(p.total) : 1.0;
    const std::string left = p.done > 0 ? clock_text(p.elapsed * (1 - frac) / frac) : "?";
    if (tty) {
      constexpr int kWidth = 30;
      const int filled = int(std::lround(frac * kWidth));
      std::fprintf(stderr, "\r[%s%s] %ld/%ld games  %s elapsed  ~%s left ", std::string(filled, '#').c_str(),
                   std::string(kWidth - filled, '.').c_str(), p.done, p.total, clock_text(p.elapsed).c_str(),
                   left.c_str());
      std::fflush(stderr);
    } else if (p.elapsed - last_line >= 60) {  // a line a minute in logs
      last_line = p.elapsed;
      std::fprintf(stderr, "arena: %ld/%ld games, %s elapsed, ~%s left\n", p.done, p.total,
                   clock_text(p.elapsed).c_str(), left.c_str());
    }
  };

  ai::ArenaResult r = arena_mpi_run(ranks, opt, progress);
  if (!ranks.root()) return 0;  // the root prints the match (and this rank's failure, sent to it)
  if (tty) std::fprintf(stderr, "\n");
  if (!r.ok) {
    std::cerr << "arena: " << r.error << "\n";
    if (!o.save.empty())
      std::cerr << "arena: the games finished are in " << o.save << "; run again with --resume to play only the others\n";
    return 2;
  }
  if (o.resume) {
    // The games this run had to play: those lost (or never begun) in the run it resumes.
    std::string names;
    long listed = 0;
    for (const ai::ArenaGame& g : r.games)
      if (!g.resumed && ++listed <= 20) names += " " + ai::arena_game_name(g.scenario, g.game);
    std::cerr << "arena: " << r.resumed << " of " << r.total_games << " games read back from " << o.save
              << "; played the other " << (r.total_games - r.resumed) << (listed ? ":" : "") << names
              << (listed > 20 ? " ..." : "") << "\n";
  }
  if (!r.left_out.empty() && o.json) {  // the table names them itself
    std::string ids;
    for (const std::string& id : r.left_out) ids += " " + id;
    std::cerr << "arena: --hellenistic " << o.hellenistic << ": left out the battles without the module's set-up:" << ids
              << "\n";
  }
  if (!o.positions.empty()) {
    // One row per turn start (C&C: card play; Quinn: movement phase): which game, the turn and
    // side to play, the features for seat 0 (the game's ArenaHooks::feature_names) and seat 0's
    // result (the column keeps C&C's name, result_top).
    const std::vector<std::string> names = ai::arena_hooks(o.game).feature_names;
    std::ofstream f(o.positions);
    f << "scenario,game,seed,turn,side";
    for (const std::string& n : names) f << ',' << n;
    f << ",result_top\n";
    char num[32];
    for (const ai::ArenaGame& g : r.games)
      for (const ai::ArenaPosition& p : g.positions) {
        f << g.scenario << ',' << g.game << ',' << g.seed << ',' << p.turn << ',' << p.side;
        for (size_t k = 0; k < names.size() && k < 12; ++k) {
          std::snprintf(num, sizeof num, ",%.6g", p.features[k]);
          f << num;
        }
        f << ',' << p.result_top << '\n';
      }
    if (!f) {
      std::cerr << "arena: could not write " << o.positions << "\n";
      return 2;
    }
  }
  if (!o.db.empty()) {
    long stored = 0;
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(opt.save_dir, ec))
      if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      cca::GameRecord rec;
      cca::Scenario scn;
      std::string err;
      std::vector<std::string> errors;
      // The battle as the game was played (with --hellenistic, the record's hash names the switch).
      if (!read_record_file(f.string(), rec, err) || !load_scenario_arg(rec.scenario_id, scn, errors) ||
          !cca::match_record_scenario(scn, rec.scenario_hash) || store_record(o.db, scn, rec, &err) < 0) {
        std::cerr << "arena: could not store " << f.string() << ": " << err << "\n";
        continue;
      }
      ++stored;
    }
    std::cerr << "arena: stored " << stored << " games in " << o.db << "\n";
    if (!scratch.empty()) std::filesystem::remove_all(scratch, ec);
  }
  if (o.json)
    std::cout << ai::arena_to_json(opt, r).dump() << std::endl;
  else
    std::cout << ai::arena_to_text(opt, r);
  return 0;
}

}  // namespace

}  // namespace bgb::app
