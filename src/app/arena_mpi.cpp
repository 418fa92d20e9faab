#include "app/arena_mpi.h"

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <utility>
#include <vector>

#ifdef BGBOT_MPI
#include <mpi.h>
#endif

namespace bgb::app {

namespace {

// The launcher's environment: OpenMPI's, or a PMI/PMIx launcher's (MPICH, Slurm).
int launched_size() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS"})
    if (const char* s = std::getenv(v)) return std::max(1, std::atoi(s));
  return 1;
}
// Whether a launcher started this process as a rank (a PMIx launcher names the rank, not the size).
bool launched_as_rank() {
  for (const char* v : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (std::getenv(v)) return true;
  return launched_size() > 1;
}

#ifdef BGBOT_MPI
bool g_started = false;
constexpr int kTagGame = 1;  // one finished game: {"index": n, "game": arena_game_to_json}
constexpr int kTagDone = 2;  // the rank has played its shard: {"ok": bool, "error": text, "games": n}

void send_text(const std::string& text, int tag) {
  MPI_Send(text.data(), int(text.size()), MPI_CHAR, 0, tag, MPI_COMM_WORLD);
}

// Receives one message (already probed) as text.
std::string receive_text(const MPI_Status& st) {
  int n = 0;
  MPI_Get_count(&st, MPI_CHAR, &n);
  std::string text(size_t(n), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}
#endif

}  // namespace

bool arena_mpi_start(ArenaRanks& out, std::string* error) {
  out = ArenaRanks{};
#ifdef BGBOT_MPI
  if (!launched_as_rank()) return true;  // not under mpirun
  int provided = 0;
  // Only the main thread calls MPI (the games' threads queue what they finish).
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    if (error) *error = "MPI did not start";
    return false;
  }
  g_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &out.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &out.size);
  return true;
#else
  if (launched_size() > 1) {
    if (error) *error = "this bgbot was built without MPI (install libopenmpi-dev and rebuild): under mpirun every rank would play the whole match";
    return false;
  }
  return true;
#endif
}

void arena_mpi_abort(int code) {
#ifdef BGBOT_MPI
  if (g_started) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  (void)code;
}

void arena_mpi_stop() {
#ifdef BGBOT_MPI
  if (g_started) MPI_Finalize();
  g_started = false;
#endif
}

ai::ArenaResult arena_mpi_run(const ArenaRanks& ranks, ai::ArenaOptions opt,
                              const std::function<void(const ai::ArenaProgress&)>& progress) {
  if (ranks.size <= 1) return ai::run_arena(opt, progress);
#ifndef BGBOT_MPI
  ai::ArenaResult r;
  r.error = "no MPI in this build";
  return r;
#else
  opt.shard = ranks.rank;
  opt.shards = ranks.size;
  // Games finished by this rank's threads, waiting for the main thread.
  std::mutex mu;
  std::vector<std::pair<long, std::string>> queue;
  opt.on_game = [&](long index, const ai::ArenaGame& g) {
    std::string text = nlohmann::json{{"index", index}, {"resumed", g.resumed}, {"game", ai::arena_game_to_json(g)}}.dump();
    std::lock_guard<std::mutex> lock(mu);
    queue.emplace_back(index, std::move(text));
  };
  auto take_queue = [&] {
    std::lock_guard<std::mutex> lock(mu);
    return std::exchange(queue, {});
  };

  std::vector<ai::IndexedGame> gathered;
  std::string bad;  // the first message that did not read
  auto keep = [&](const std::string& text) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    ai::IndexedGame x;
    std::string why;
    if (j.is_discarded() || !j.contains("index") || !j["index"].is_number_integer() ||
        !ai::arena_game_from_json(j.value("game", nlohmann::json()), x.game, &why)) {
      if (bad.empty()) bad = "a rank sent a game that does not read: " + why;
      return;
    }
    x.index = j["index"];
    x.game.resumed = j.value("resumed", false);
    gathered.push_back(std::move(x));
  };
  int done_ranks = 0;
  std::vector<long> from_rank(size_t(ranks.size), 0);  // games received from each rank
  long resumed = 0;  // games the other ranks read back
  std::string rank_errors;
  auto receive_pending = [&](bool block) {
    for (;;) {
      MPI_Status st;
      int flag = 0;
      if (block) {
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        flag = 1;
      } else {
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
      }
      if (!flag) return;
      const std::string text = receive_text(st);
      if (st.MPI_TAG == kTagGame) {
        keep(text);
        ++from_rank[size_t(st.MPI_SOURCE)];
      } else {
        ++done_ranks;
        const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (!j.is_discarded()) resumed += j.value("resumed", 0L);
        if (!j.is_discarded() && j.value("games", -1L) != from_rank[size_t(st.MPI_SOURCE)])
          rank_errors += "rank " + std::to_string(st.MPI_SOURCE) + ": sent " + std::to_string(from_rank[size_t(st.MPI_SOURCE)]) +
                         " games of the " + std::to_string(j.value("games", -1L)) + " it played\n";
        if (j.is_discarded() || !j.value("ok", false))
          rank_errors += "rank " + std::to_string(st.MPI_SOURCE) + ": " +
                         (j.is_discarded() ? std::string("?") : j.value("error", std::string("?"))) + "\n";
      }
      if (block) return;
    }
  };

  auto on_progress = [&](const ai::ArenaProgress& p) {
    if (!ranks.root()) {
      for (auto& [index, text] : take_queue()) send_text(text, kTagGame);
      return;
    }
    for (auto& [index, text] : take_queue()) keep(text);
    receive_pending(false);
    if (progress) progress(ai::ArenaProgress{long(gathered.size()), p.total, p.elapsed});
  };

  const auto t0 = std::chrono::steady_clock::now();
  ai::ArenaResult mine = ai::run_arena(opt, on_progress);
  if (!ranks.root()) {
    for (auto& [index, text] : take_queue()) send_text(text, kTagGame);
    send_text(nlohmann::json{{"ok", mine.ok}, {"error", mine.error}, {"games", mine.played.size()}, {"resumed", mine.resumed}}.dump(), kTagDone);
    return mine;
  }
  for (auto& [index, text] : take_queue()) keep(text);
  if (!mine.ok) return mine;  // the caller stops every rank
  auto since = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  while (done_ranks < ranks.size - 1) {
    receive_pending(true);
    if (progress) progress(ai::ArenaProgress{long(gathered.size()), mine.total_games, since()});
  }
  if (!rank_errors.empty() || !bad.empty()) {
    ai::ArenaResult r = mine;
    r.ok = false;
    r.error = rank_errors + bad;
    return r;
  }
  ai::ArenaResult r = ai::arena_merge(mine, gathered);
  r.resumed = mine.resumed + resumed;
  r.seconds = since();
  return r;
#endif
}

}  // namespace bgb::app
