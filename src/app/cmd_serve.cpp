// bgbot serve: the browser game (docs/web.md). The server is src/web/; this is its command line.
#include <csignal>
#include <cstdio>

#include "app/commands.h"
#include "game/game.h"
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
  so.games.game = opt.game;
  const game::Game* game = game::find_game(so.games.game);
  if (!game) {
    std::fprintf(stderr, "serve: no game %s\n", opt.game.c_str());
    return 1;
  }
  // The operator's battles, checked before the server starts: a bad file names its line.
  for (const std::string& file : opt.battles) {
    std::vector<std::string> errors;
    std::shared_ptr<const game::Scenario> s = game->find_scenario(file, true, errors);
    if (!s) {
      for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
      if (errors.empty()) std::fprintf(stderr, "%s: not a battle\n", file.c_str());
      return 1;
    }
    std::vector<std::string> ignored;
    if (game->find_scenario(s->id(), false, ignored)) {
      std::fprintf(stderr, "%s: id %s is a built-in battle's: give the file an id of its own\n", file.c_str(), s->id().c_str());
      return 1;
    }
    for (const auto& b : so.games.battles)
      if (b->id() == s->id()) {
        std::fprintf(stderr, "%s: a second battle with id %s\n", file.c_str(), s->id().c_str());
        return 1;
      }
    so.games.battles.push_back(std::move(s));
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  std::signal(SIGPIPE, SIG_IGN);  // a page closed mid-reply must not end the server
  return web::serve(so, [&](int port) {
    std::printf("BoardGamesBot: open http://%s:%d/ in a browser to play %s (games in %s; Ctrl-C stops)\n",
                so.host == "0.0.0.0" ? "localhost" : so.host.c_str(), port, game->title().c_str(), so.games.db.c_str());
    std::fflush(stdout);
  });
}

}  // namespace bgb::app
