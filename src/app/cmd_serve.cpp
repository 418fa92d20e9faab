// bgbot serve: the browser game (docs/web.md). The server is src/web/; this is its command line.
#include <csignal>
#include <cstdio>

#include "app/commands.h"
#include "store/game_store.h"
#include "web/server.h"

#ifndef BGBOT_WEB_ROOT
#define BGBOT_WEB_ROOT ""
#endif

namespace bgb::app {

namespace {
void on_signal(int) { web::stop_serving(); }
}  // namespace

int cmd_serve(const ServeCmdOptions& opt) {
  web::ServeOptions so;
  so.host = opt.host;
  so.port = opt.port;
  so.web_root = opt.web_root.empty() ? BGBOT_WEB_ROOT : opt.web_root;
  so.games.db = opt.db.empty() ? store::default_db_path() : opt.db;
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  std::signal(SIGPIPE, SIG_IGN);  // a page closed mid-reply must not end the server
  return web::serve(so, [&](int port) {
    std::printf("BoardGamesBot: open http://%s:%d/ in a browser (games in %s; Ctrl-C stops)\n",
                so.host == "0.0.0.0" ? "localhost" : so.host.c_str(), port, so.games.db.c_str());
    std::fflush(stdout);
  });
}

}  // namespace bgb::app
