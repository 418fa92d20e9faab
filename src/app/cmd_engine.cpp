// bgbot engine: the engine protocol (docs/protocol.md) on stdin/stdout, one JSON object per line.
// Lines are read with a bound: a line longer than kMaxLineBytes is not kept in memory; its start
// goes to handle_line(), which refuses it, and the rest is skipped.
//
// Two threads, as a UCI engine has: this one reads, and answers `stop` at once; a worker runs
// every other request in the order received, so that a `think` goes on while the next lines are
// read. `stop` cuts short the think running (its reply then carries the best decision so far) or,
// sent after a think not yet begun, that one. Only the worker touches the session.
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "ai/search.h"
#include "app/commands.h"
#include "app/engine_protocol.h"

namespace bgb::app {

namespace {

std::mutex out_mu;  // one reply line at a time, whichever thread writes it

void write_line(const std::string& reply) {
  std::lock_guard<std::mutex> lock(out_mu);
  std::fwrite(reply.data(), 1, reply.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

// The id of a request, for the reply to `stop` made here.
nlohmann::json id_of(const std::string& line) {
  const nlohmann::json req = nlohmann::json::parse(line, nullptr, false);
  if (req.is_object())
    if (auto it = req.find("id"); it != req.end()) return *it;
  return nullptr;
}

struct Request {
  long seq;
  RequestKind kind;
  std::string line;
};

}  // namespace

int cmd_engine(const EngineCmdOptions& opt) {
  EngineOptions eo;
  eo.db_path = opt.db;
  eo.auto_store = !opt.db.empty();
  eo.allow_files = !opt.no_files;
  eo.seat = opt.seat;
  EngineSession session(eo);

  std::mutex mu;
  std::condition_variable cv;
  std::deque<Request> queue;
  bool done = false;                     // no more requests will come
  std::atomic<long> last_stop{0};        // the sequence number of the last stop read
  std::atomic<bool> thinking{false};
  ai::stop_requested() = false;

  std::thread worker([&] {
    for (;;) {
      Request r;
      {
        std::unique_lock<std::mutex> lock(mu);
        cv.wait(lock, [&] { return done || !queue.empty(); });
        if (queue.empty()) return;
        r = std::move(queue.front());
        queue.pop_front();
      }
      if (r.kind == RequestKind::Think) {
        // A stop read after this think was sent stops it, even before it began.
        ai::stop_requested() = last_stop.load() > r.seq;
        thinking = true;
      }
      const std::string reply = handle_line(session, r.line);
      thinking = false;
      write_line(reply);
      if (session.quit_requested()) return;
    }
  });

  long seq = 0;
  std::string line;
  line.reserve(4096);
  bool quit = false;
  auto process = [&] {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) return;  // blank lines get no reply
    const RequestKind kind = request_kind(line);
    ++seq;
    if (kind == RequestKind::Stop) {
      last_stop = seq;
      ai::stop_requested() = true;
      nlohmann::json r;
      r["id"] = id_of(line);
      r["ok"] = true;
      bool queued_think = false;
      {
        std::lock_guard<std::mutex> lock(mu);
        for (const Request& q : queue) queued_think |= q.kind == RequestKind::Think;
      }
      r["thinking"] = thinking.load() || queued_think;
      write_line(r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu);
      queue.push_back(Request{seq, kind, line});
    }
    cv.notify_one();
    if (kind == RequestKind::Quit) quit = true;  // nothing after quit is read
  };
  int c;
  bool pending = false;
  while (!quit && (c = std::getchar()) != EOF) {
    if (c == '\n') {
      process();
      line.clear();
      pending = false;
      continue;
    }
    pending = true;
    if (line.size() <= kMaxLineBytes) line.push_back(char(c));  // one byte over the limit is enough to refuse it
  }
  if (pending && !quit) process();
  {
    std::lock_guard<std::mutex> lock(mu);
    done = true;
  }
  cv.notify_one();
  worker.join();  // every request read is answered before the engine ends
  return 0;
}

}  // namespace bgb::app
