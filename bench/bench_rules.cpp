// Micro-benchmarks of the rules engine's hot paths (Google Benchmark). `bgbot bench` measures
// whole random games; these isolate the pieces a search calls most.
#include <benchmark/benchmark.h>

#include "ai/ismcts.h"
#include "cca/model/cca_model.h"
#include "cca/observation.h"
#include "cca/rules.h"

using namespace bgb;
using namespace bgb::cca;

namespace {

// Looked up once: the lookup by name would otherwise be timed with every call.
const Scenario& akragas() {
  static const Scenario& scn = *find_builtin_scenario("001");
  return scn;
}

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

// Positions of random games of scenario 001, grouped by the decision pending there: the cost of
// listing the legal actions for each kind of decision (orders, moves, battles, the rest).
const std::vector<State>& corpus(Decision d) {
  static std::vector<State> by[64];
  static bool built = false;
  if (!built) {
    built = true;
    for (uint64_t g = 0; g < 40; ++g) {
      Rng rng(1000 + g);
      State s = new_game(akragas(), rng);
      ActionList list;
      legal_actions(akragas(), s, list);
      while (!list.empty()) {
        // A few hundred of each, spread over the games: enough to vary, few enough to stay in cache.
        if (int(s.decision) < 64 && rng.below(16) == 0 && by[int(s.decision)].size() < 256) by[int(s.decision)].push_back(s);
        apply_unchecked(akragas(), s, list[rng.below(list.size())], rng, nullptr, &list);
      }
    }
  }
  return by[int(d)];
}

void legal_for(benchmark::State& st, Decision d) {
  const std::vector<State>& states = corpus(d);
  ActionList list;
  size_t i = 0;
  for (auto _ : st) {
    legal_actions(akragas(), states[i], list);
    benchmark::DoNotOptimize(list.n);
    if (++i == states.size()) i = 0;
  }
}
void BM_LegalOrders(benchmark::State& st) { legal_for(st, Decision::Order); }
void BM_LegalMoves(benchmark::State& st) { legal_for(st, Decision::Move); }
void BM_LegalBattles(benchmark::State& st) { legal_for(st, Decision::Battle); }
void BM_LegalPlayCard(benchmark::State& st) { legal_for(st, Decision::PlayCard); }
BENCHMARK(BM_LegalOrders);
BENCHMARK(BM_LegalMoves);
BENCHMARK(BM_LegalBattles);
BENCHMARK(BM_LegalPlayCard);

// Applying one random legal action and listing the next decision's actions, by the kind of the
// decision the action answers.
void apply_for(benchmark::State& st, Decision d) {
  const std::vector<State>& states = corpus(d);
  ActionList list, next;
  Rng rng(5);
  size_t i = 0;
  for (auto _ : st) {
    State s = states[i];
    legal_actions(akragas(), s, list);
    apply_unchecked(akragas(), s, list[rng.below(list.size())], rng, nullptr, &next);
    benchmark::DoNotOptimize(next.n);
    if (++i == states.size()) i = 0;
  }
}
void BM_ApplyOrder(benchmark::State& st) { apply_for(st, Decision::Order); }
void BM_ApplyMove(benchmark::State& st) { apply_for(st, Decision::Move); }
void BM_ApplyBattle(benchmark::State& st) { apply_for(st, Decision::Battle); }
void BM_ApplyPlayCard(benchmark::State& st) { apply_for(st, Decision::PlayCard); }
BENCHMARK(BM_ApplyOrder);
BENCHMARK(BM_ApplyMove);
BENCHMARK(BM_ApplyBattle);
BENCHMARK(BM_ApplyPlayCard);

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

// The search as the bot runs it (two-turn rollouts), from the mid-game position: iterations/s.
void BM_IsmctsIterations(benchmark::State& st) {
  const State s = midgame();
  CcaModel model(akragas());
  Rng rng(11);
  long iters = 0;
  for (auto _ : st) {
    ai::SearchBudget budget;
    budget.iters = 1000;
    ai::IsmctsParams params;
    params.stop_when_decided = false;
    iters += ai::ismcts_search(model, observe(s, s.decider), int(s.decider), budget, params, rng).iterations;
  }
  st.counters["iterations/s"] = benchmark::Counter(double(iters), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_IsmctsIterations)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
