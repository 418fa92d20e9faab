// bgbot: the command-line program of BoardGamesBot.
#include <CLI/CLI.hpp>

#include "app/commands.h"

#ifndef BGBOT_VERSION
#define BGBOT_VERSION "0.1.0"
#endif

int main(int argc, char** argv) {
  CLI::App app{"BoardGamesBot: an engine and bots for Commands & Colors: Ancients", "bgbot"};
  app.set_version_flag("--version", "bgbot " BGBOT_VERSION);
  app.require_subcommand(0, 1);

  bgb::app::PlayOptions play;
  CLI::App* cmd_play = app.add_subcommand("play", "Play Akragas against the random bot in the terminal");
  cmd_play->add_option("--seed", play.seed, "Seed of the game (default: from the clock, printed)");
  cmd_play->add_option("--side", play.side, "Your side: bottom (Syracusans) or top (Carthaginians)")
      ->check(CLI::IsMember({"top", "bottom"}))
      ->capture_default_str();

  bgb::app::BenchOptions bench;
  CLI::App* cmd_bench = app.add_subcommand("bench", "Time a fixed seeded workload of random games on scenario 001");
  cmd_bench->add_flag("--json", bench.json, "Print one JSON object instead of text");
  cmd_bench->add_option("--games", bench.games, "Games per run (default: the standard workload)")
      ->check(CLI::PositiveNumber);

  bgb::app::ValidateOptions validate;
  CLI::App* cmd_validate = app.add_subcommand("validate", "Check scenario files; print FILE:LINE: message per problem");
  cmd_validate->add_option("files", validate.files, "Scenario files (docs/scenarios.md)")->required();

  bgb::app::ScenariosOptions scenarios;
  CLI::App* cmd_scenarios = app.add_subcommand("scenarios", "List the built-in battles");
  cmd_scenarios->add_flag("--json", scenarios.json, "Print a JSON array instead of a table");

  CLI11_PARSE(app, argc, argv);

  if (*cmd_play) return bgb::app::cmd_play(play);
  if (*cmd_bench) return bgb::app::cmd_bench(bench);
  if (*cmd_validate) return bgb::app::cmd_validate(validate);
  if (*cmd_scenarios) return bgb::app::cmd_scenarios(scenarios);
  std::cout << app.help();
  return 0;
}
