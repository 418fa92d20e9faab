// Budgets and results shared by the generic searches (ismcts.h, flat_mc.h, greedy.h).
#pragma once
#include <atomic>
#include <algorithm>
#include <chrono>
#include <vector>

namespace bgb::ai {

// An iteration budget (deterministic: same seed, same answer) or a time budget. When both are
// given the search stops at whichever comes first. threads > 1: root parallelisation.
// A request to stop the search under way (the engine protocol's `stop`, as UCI engines have): a
// search that sees it returns its best so far. Set from another thread; the searches read it
// where they read the clock. Whoever starts a search that may be stopped clears it first.
inline std::atomic<bool>& stop_requested() {
  static std::atomic<bool> flag{false};
  return flag;
}
inline bool stopping() { return stop_requested().load(std::memory_order_relaxed); }

struct SearchBudget {
  long iters = 0;
  double ms = 0;
  int threads = 1;
  bool unlimited() const { return iters <= 0 && ms <= 0; }
};

template <class Action>
struct RootStat {
  Action action;
  double value = 0.5;  // mean reward for the player choosing at the root, in [0,1]
  long visits = 0;
};

template <class Action>
struct SearchResult {
  std::vector<RootStat<Action>> root;  // best first (most visits, then value)
  long iterations = 0;
  double seconds = 0;
  int best() const { return root.empty() ? -1 : 0; }
};

class Stopwatch {
 public:
  Stopwatch() : t0_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }

 private:
  std::chrono::steady_clock::time_point t0_;
};

// Sorts root statistics best first: visits, then value.
template <class Action>
void sort_root(std::vector<RootStat<Action>>& v) {
  std::stable_sort(v.begin(), v.end(), [](const RootStat<Action>& a, const RootStat<Action>& b) {
    if (a.visits != b.visits) return a.visits > b.visits;
    return a.value > b.value;
  });
}

}  // namespace bgb::ai
