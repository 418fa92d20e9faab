// The subcommands of bgbot. main.cpp parses the command line (CLI11) into these options.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bgb::app {

struct PlayOptions {
  std::optional<uint64_t> seed;  // from the clock when absent (and printed)
  std::string side = "bottom";   // the person's side: "top" or "bottom"
};
// The person against the random bot on Akragas, in the terminal. Returns the exit code.
int cmd_play(const PlayOptions& opt);

struct BenchOptions {
  int games = 0;      // 0 = the default workload
  bool json = false;  // one JSON object on stdout instead of text
};
// A fixed seeded workload of random full games on scenario 001, timed three times.
int cmd_bench(const BenchOptions& opt);

struct ValidateOptions {
  std::vector<std::string> files;
};
// Loads each scenario file; prints `FILE:LINE: message` for every problem. 0 when all are valid.
int cmd_validate(const ValidateOptions& opt);

struct ScenariosOptions {
  bool json = false;  // a JSON array instead of a table
};
// The built-in battles: id, name, year, armies, fidelity.
int cmd_scenarios(const ScenariosOptions& opt);

}  // namespace bgb::app
