// bgbot: the command-line program of BoardGamesBot.
#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "games/all_games.h"

#ifndef BGBOT_VERSION
#define BGBOT_VERSION "0.1.0"
#endif

int main(int argc, char** argv) {
  bgb::games::register_all_games();
  CLI::App app{"BoardGamesBot: an engine and bots for Commands & Colors: Ancients", "bgbot"};
  app.set_version_flag("--version", "bgbot " BGBOT_VERSION);
  app.require_subcommand(0, 1);

  bgb::app::PlayOptions play;
  CLI::App* cmd_play = app.add_subcommand("play", "Play a battle against a bot in the terminal");
  cmd_play->add_option("--scenario", play.scenario, "Built-in scenario id (see `bgbot scenarios`) or a scenario file")
      ->capture_default_str();
  cmd_play->add_option("--hellenistic", play.hellenistic,
                       "on or off: the Hellenistic module in this game (default: the battle's; bgbot scenarios)")
      ->check(CLI::IsMember({"on", "off"}));
  cmd_play->add_option("--seed", play.seed, "Seed of the game (default: from the clock, printed)");
  cmd_play->add_option("--game", play.game,
                       "The game: cca (C&C: Ancients, default), quinn (Quinn's D10 ancients) or wrg6 (WRG 6th edition)")
      ->check(CLI::IsMember({"cca", "quinn", "wrg6"}));
  cmd_play->add_option("--side", play.side, "Your side: bottom (default) or top; in quinn A or B (default B); in wrg6 A or B (default A)")
      ->check(CLI::IsMember({"top", "bottom", "A", "B"}));
  cmd_play->add_option("--bot", play.bot, "The opponent: easy, normal (default), hard, or a bot spec (docs/bots.md)");
  cmd_play->add_option("--load", play.load, "Continue the game saved in this record file");
  cmd_play->add_option("--save", play.save, "Write the game record to this file when the session ends");
  cmd_play->add_option("--db", play.db, "Store the finished game in this SQLite database (default: the user's games database)");
  cmd_play->add_flag("--no-store", play.no_store, "Do not store the finished game in a database");
  cmd_play->add_option("--autosave", play.autosave,
                       "Keep the game in progress in this file after every decision (default at a terminal: "
                       "autosave.json beside the games database; off: nowhere)");
  cmd_play->add_flag("--resume", play.resume, "Continue the game in progress kept by the autosave, without asking");
  cmd_play->add_flag("--analysis", play.analysis,
                     "Study mode: undo reaches back across rolls, draws and the bot's decisions (not a fair game)");

  bgb::app::ReplayOptions replay;
  CLI::App* cmd_replay = app.add_subcommand("replay", "Show a recorded game decision by decision");
  cmd_replay->add_option("record", replay.source, "A game record file (from `play --save` or `s FILE`), or a game id from `bgbot games`")->required();
  cmd_replay->add_option("--db", replay.db, "The database of the game id (default: the user's games database)");
  cmd_replay->add_option("--scenario", replay.scenario, "Scenario file or id to replay on (default: the record's)");
  cmd_replay->add_flag("--step", replay.step, "Wait for Enter between decisions");
  cmd_replay->add_flag("--quiet", replay.quiet, "Show only the final board and result");

  bgb::app::BenchOptions bench;
  CLI::App* cmd_bench = app.add_subcommand("bench", "Time a fixed seeded workload of random games on scenario 001");
  cmd_bench->add_flag("--json", bench.json, "Print one JSON object instead of text");
  cmd_bench->add_option("--game", bench.game, "The game: cca (scenario 001), quinn or wrg6 (their scenario s1)")->capture_default_str();
  cmd_bench->add_option("--count", bench.count,
                        "Run one fixed workload once, untimed, for an instruction counter: rules or search")
      ->check(CLI::IsMember({"rules", "search"}));
  cmd_bench->add_option("--games", bench.games, "Games per run (default: the standard workload)")
      ->check(CLI::PositiveNumber);

  bgb::app::ValidateOptions validate;
  CLI::App* cmd_validate = app.add_subcommand("validate", "Check scenario files; print FILE:LINE: message per problem");
  cmd_validate->add_option("files", validate.files, "Scenario files (docs/scenarios.md)")->required();

  bgb::app::ScenariosOptions scenarios;
  CLI::App* cmd_scenarios = app.add_subcommand("scenarios", "List the built-in battles");
  cmd_scenarios->add_flag("--json", scenarios.json, "Print a JSON array instead of a table");
  cmd_scenarios->add_option("--game", scenarios.game, "The game: cca (C&C: Ancients) or quinn (Quinn's D10 ancients)")
      ->capture_default_str();

  bgb::app::ArenaOptions arena;
  CLI::App* cmd_arena = app.add_subcommand("arena", "Bot A against bot B: paired games, score, Elo, SPRT");
  cmd_arena->add_option("--game", arena.game, "The game: cca (C&C: Ancients) or quinn (Quinn's D10 ancients)")->capture_default_str();
  cmd_arena->add_option("--a", arena.a, "Bot A (a spec, e.g. greedy or ismcts:ms=1000)")->required();
  cmd_arena->add_option("--b", arena.b, "Bot B (not with --balance)");
  cmd_arena->add_flag("--balance", arena.balance,
                      "Bot A against itself, every game with its own seed: each battle's win rate by side");
  cmd_arena->add_option("--scenarios", arena.scenarios, "all, or built-in ids and scenario files separated by commas")->capture_default_str();
  cmd_arena->add_option("--hellenistic", arena.hellenistic,
                        "on or off: the Hellenistic module in every game (on: the battles with its set-up)")
      ->check(CLI::IsMember({"on", "off"}));
  cmd_arena->add_option("--games", arena.games, "Games per scenario (rounded up to even: pairs)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd_arena->add_option("--seed", arena.seed, "Seed of the match (same seed, same games)")->capture_default_str();
  cmd_arena->add_option("--threads", arena.threads, "Games played at once")->check(CLI::PositiveNumber)->capture_default_str();
  cmd_arena->add_flag("--json", arena.json, "Print one JSON object instead of a table");
  cmd_arena->add_option("--sprt", arena.sprt, "ELO0,ELO1: stop when the SPRT accepts H0 (Elo=ELO0) or H1 (Elo=ELO1)");
  cmd_arena->add_option("--alpha", arena.alpha, "SPRT false-positive rate")->check(CLI::Range(1e-6, 0.5))->capture_default_str();
  cmd_arena->add_option("--beta", arena.beta, "SPRT false-negative rate")->check(CLI::Range(1e-6, 0.5))->capture_default_str();
  cmd_arena->add_option("--save", arena.save, "Write each game's record to DIR/<scenario>-<n>.json");
  cmd_arena->add_option("--db", arena.db, "Also store every game in this SQLite database");
  cmd_arena->add_flag("--resume", arena.resume,
                      "With --save DIR: games an earlier run of the same match finished are read back, not played");
  cmd_arena->add_flag("--calibration", arena.calibration,
                      "Ask each bot its win chance at every card play and compare with the results (Brier score, reliability)");
  cmd_arena->add_option("--positions", arena.positions,
                        "Write FILE (CSV): the evaluation's features at every card play and the result (scripts/fit-eval)");

  bgb::app::EngineCmdOptions engine;
  CLI::App* cmd_engine = app.add_subcommand("engine", "The engine protocol: JSON lines on stdin/stdout (docs/protocol.md)");
  cmd_engine->add_option("--db", engine.db, "Store every finished game in this SQLite database");
  cmd_engine->add_flag("--no-files", engine.no_files,
                       "Take no file paths from the client (built-in scenarios only): for untrusted clients");
  cmd_engine->add_option("--seat", engine.seat,
                         "Serve one seat (top or bottom; Quinn's A or B) against the engine's bot: every reply is what that seat may see")
      ->check(CLI::IsMember({"top", "bottom", "A", "B"}));

  bgb::app::GamesOptions games;
  CLI::App* cmd_games = app.add_subcommand("games", "List the games stored in the database, or show one");
  cmd_games->add_option("--db", games.db, "The database (default: $XDG_DATA_HOME/bgbot/games.sqlite)");
  cmd_games->add_flag("--json", games.json, "Print a JSON array instead of a table");
  CLI::App* cmd_games_show = cmd_games->add_subcommand("show", "Print one stored game record as JSON");
  cmd_games_show->add_option("id", games.id, "The game's id (see `bgbot games`)")->required();
  cmd_games_show->add_option("--db", games.db, "The database (default: $XDG_DATA_HOME/bgbot/games.sqlite)");

  bgb::app::ServeCmdOptions serve;
  CLI::App* cmd_serve = app.add_subcommand("serve", "Play in the browser: a web server for the page (docs/web.md)");
  cmd_serve->add_option("--port", serve.port, "The port (default 8080)")->check(CLI::Range(0, 65535));
  cmd_serve->add_option("--host", serve.host, "The address to listen on (default 127.0.0.1: this machine only)");
  cmd_serve->add_option("--db", serve.db, "The games database (default: $XDG_DATA_HOME/bgbot/games.sqlite)");
  cmd_serve->add_option("--battle", serve.battles, "A battle file to offer besides the built-in ones (repeatable)");
  cmd_serve->add_option("--web-root", serve.web_root, "The page's files (default: the page built with the program)");
  cmd_serve->add_option("--game", serve.game,
                        "The game served: cca (C&C: Ancients, default), quinn (Quinn's D10 ancients) or wrg6 (WRG 6th edition)")
      ->check(CLI::IsMember({"cca", "quinn", "wrg6"}));

  CLI11_PARSE(app, argc, argv);

  if (*cmd_play) return bgb::app::cmd_play(play);
  if (*cmd_replay) return bgb::app::cmd_replay(replay);
  if (*cmd_bench) return bgb::app::cmd_bench(bench);
  if (*cmd_validate) return bgb::app::cmd_validate(validate);
  if (*cmd_scenarios) return bgb::app::cmd_scenarios(scenarios);
  if (*cmd_arena) return bgb::app::cmd_arena(arena);
  if (*cmd_engine) return bgb::app::cmd_engine(engine);
  if (*cmd_serve) return bgb::app::cmd_serve(serve);
  if (*cmd_games) {
    games.show = bool(*cmd_games_show);
    return bgb::app::cmd_games(games);
  }
  std::cout << app.help();
  return 0;
}
