// `bgbot serve`: the HTTP server of the browser game (docs/web.md) on cpp-httplib. It serves the
// page's files from `web_root` and the JSON API over Games (live_games.h). Every malformed or
// oversized request gets a 4xx reply with the reason; no request can stop the server or reach
// another game.
#pragma once
#include <functional>
#include <string>

#include "web/live_games.h"

namespace bgb::web {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;              // 0: any free port (the tests)
  std::string web_root;         // the built page (build/web)
  std::size_t max_body = 64 * 1024;
  int threads = 96;             // HTTP threads (event streams hold one each)
  WebOptions games;
};

// Runs until stop() (from another thread) or a signal; `ready` is called with the port bound.
// Returns 0, or 1 with the reason on stderr (the port taken, the page not built).
int serve(const ServeOptions& opt, const std::function<void(int port)>& ready = {});
void stop_serving();

}  // namespace bgb::web
