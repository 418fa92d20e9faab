// The subcommands of bgbot. main.cpp parses the command line (CLI11) into these options.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

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

}  // namespace bgb::app
