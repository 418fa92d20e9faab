// Micro-benchmarks of the rules engine's hot paths (Google Benchmark). `bgbot bench` measures
// whole random games; these isolate the pieces a search calls most.
#include <benchmark/benchmark.h>

#include "cca/observation.h"
#include "cca/rules.h"

using namespace bgb;
using namespace bgb::cca;

namespace {

const Scenario& akragas() { return *find_builtin_scenario("001"); }

// A mid-game position: 60 random decisions from a fixed seed.
State midgame() {
  Rng rng(7);
  State s = new_game(akragas(), rng);
  ActionList list;
  for (int i = 0; i < 60 && !is_terminal(s); ++i) {
    legal_actions(akragas(), s, list);
    apply_unchecked(akragas(), s, list[rng.below(list.size())], rng);
  }
  return s;
}

void BM_StateCopy(benchmark::State& st) {
  State s = midgame();
  for (auto _ : st) {
    State c = s;
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_StateCopy);

void BM_LegalActions(benchmark::State& st) {
  State s = midgame();
  ActionList list;
  for (auto _ : st) {
    legal_actions(akragas(), s, list);
    benchmark::DoNotOptimize(list.n);
  }
}
BENCHMARK(BM_LegalActions);

void BM_RandomGame(benchmark::State& st) {
  uint64_t seed = 1;
  long decisions = 0;
  for (auto _ : st) {
    Rng rng(seed++);
    State s = new_game(akragas(), rng);
    ActionList list;
    legal_actions(akragas(), s, list);
    while (!list.empty()) {
      apply_unchecked(akragas(), s, list[rng.below(list.size())], rng, nullptr, &list);
      ++decisions;
    }
  }
  st.counters["decisions/s"] = benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMillisecond);

void BM_Determinize(benchmark::State& st) {
  State s = midgame();
  Rng rng(3);
  for (auto _ : st) {
    State d = observe(s, Side::Top);
    determinize(akragas(), d, Side::Top, rng);
    benchmark::DoNotOptimize(d);
  }
}
BENCHMARK(BM_Determinize);

}  // namespace

BENCHMARK_MAIN();
