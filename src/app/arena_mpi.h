// bgbot arena spread over MPI ranks (docs/scale.md): every rank plays its shard of the pairs
// (ArenaOptions::shard), the root (rank 0) gathers every game as it finishes, shows the progress
// and counts the whole match. Built with OpenMPI when CMake finds it (BGBOT_MPI); a program built
// without it refuses to run under mpirun with more than one rank rather than play the match N times.
#pragma once
#include <functional>
#include <string>

#include "ai/arena.h"

namespace bgb::app {

struct ArenaRanks {
  int rank = 0, size = 1;
  bool root() const { return rank == 0; }
};

// Starts MPI when this process was launched by mpirun; {0, 1} otherwise. False and the reason
// when it was launched with several ranks but cannot take part (no MPI in this build).
bool arena_mpi_start(ArenaRanks& out, std::string* error);
// Runs the match spread over the ranks. On the root: the whole match's result (or not ok, naming
// the games missing); on another rank: its shard's result, which it does not print. `progress`
// is called on the root only, with the games finished on every rank.
ai::ArenaResult arena_mpi_run(const ArenaRanks& ranks, ai::ArenaOptions opt,
                              const std::function<void(const ai::ArenaProgress&)>& progress);
// Stops every rank with `code` (the root found the match cannot be played).
void arena_mpi_abort(int code);
// Ends MPI (when it was started).
void arena_mpi_stop();

}  // namespace bgb::app
