#include "web/server.h"

#include <httplib.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "ai/bot.h"
#include "game/game.h"

namespace bgb::web {

using json = nlohmann::json;

namespace {

std::atomic<httplib::Server*> running{nullptr};

void send_json(httplib::Response& res, const json& j, int status = 200) {
  res.status = status;
  res.set_content(j.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
  res.set_header("Cache-Control", "no-store");
}

void send_error(httplib::Response& res, const Refusal& r) {
  send_json(res, {{"error", {{"code", r.code}, {"message", r.message}}}}, r.status);
}

void send_error(httplib::Response& res, int status, const std::string& code, const std::string& message) {
  send_error(res, Refusal{status, code, message});
}

// The request's body as a JSON object (an empty body is {}); false and the reply sent.
bool body_of(const httplib::Request& req, httplib::Response& res, json& out) {
  if (req.body.empty()) {
    out = json::object();
    return true;
  }
  out = json::parse(req.body, nullptr, false);
  if (out.is_discarded() || !out.is_object()) {
    send_error(res, 400, "bad_json", "the body must be a JSON object");
    return false;
  }
  return true;
}

long long_param(const httplib::Request& req, const char* name, long def) {
  if (!req.has_param(name)) return def;
  const std::string v = req.get_param_value(name);
  if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stol(v);
}

json info(const Games& games) {
  const game::Game* g = game::find_game(games.options().game);
  json scenarios = json::array();
  std::vector<game::ScenarioInfo> all = g->scenarios();
  for (const auto& b : games.options().battles) all.push_back(g->scenario_info(*b));
  for (const game::ScenarioInfo& s : all) {
    json one = s.facts.is_object() ? s.facts : json::object();
    one["id"] = s.id;
    one["name"] = s.title;
    one["options"] = s.options;  // what a new game of it may switch (POST /api/games "options")
    scenarios.push_back(std::move(one));
  }
  json levels = json::array();
  for (const auto& [spec, help] : ai::bot_catalogue(g->name())) levels.push_back({{"spec", spec}, {"help", help}});
  return {{"game", {{"name", g->name()}, {"title", g->title()}}}, {"scenarios", scenarios}, {"levels", levels},
          {"glossary", g->glossary()}};
}

}  // namespace

void stop_serving() {
  if (httplib::Server* s = running.load()) s->stop();
}

int serve(const ServeOptions& opt, const std::function<void(int port)>& ready) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (opt.web_root.empty() || !fs::is_regular_file(fs::path(opt.web_root) / "index.html", ec)) {
    std::fprintf(stderr, "serve: the page is not built in %s (make web builds it)\n", opt.web_root.c_str());
    return 1;
  }
  Games games(opt.games);
  httplib::Server svr;
  const int threads = opt.threads;
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  svr.set_payload_max_length(opt.max_body);
  svr.set_read_timeout(10, 0);
  svr.set_write_timeout(10, 0);
  svr.set_keep_alive_max_count(100);

  // Anything thrown while handling a request is a 500 with a reason; the server goes on.
  svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "internal error";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_error(res, 500, "internal_error", what);
  });
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413) return send_error(res, 413, "too_large", "the request body is larger than allowed");
    if (req.path.rfind("/api/", 0) == 0 || res.status != 404)
      return send_error(res, res.status, res.status == 404 ? "not_found" : "http_error", "no such resource");
    res.set_content("<!doctype html><title>Not found</title><p>Not found. <a href=\"/\">BoardGamesBot</a>", "text/html");
  });

  // ---- The page ----
  const std::string root = opt.web_root;
  auto index = [root](const httplib::Request&, httplib::Response& res) {
    std::ifstream f(fs::path(root) / "index.html", std::ios::binary);
    std::string html((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    res.set_content(html, "text/html; charset=utf-8");
    res.set_header("Cache-Control", "no-store");
  };
  svr.Get("/", index);
  svr.Get(R"(/play/[0-9a-f]{32})", index);
  svr.Get(R"(/replay/\d+)", index);
  svr.set_mount_point("/assets", (fs::path(root) / "assets").string());

  // ---- The API ----
  svr.Get("/api/info", [&games](const httplib::Request&, httplib::Response& res) { send_json(res, info(games)); });
  svr.Post("/api/games", [&games](const httplib::Request& req, httplib::Response& res) {
    json body, reply;
    if (!body_of(req, res, body)) return;
    Refusal why;
    if (!games.create(body, reply, why)) return send_error(res, why);
    send_json(res, reply, 201);
  });
  svr.Get(R"(/api/seat/([0-9a-zA-Z]+))", [&games](const httplib::Request& req, httplib::Response& res) {
    Refusal why;
    int seat = -1;
    auto g = games.find(req.matches[1], seat, why);
    if (!g) return send_error(res, why);
    const long since = long_param(req, "since", 0);
    if (since < 0) return send_error(res, 400, "bad_argument", "\"since\" must be a whole number");
    const long frames = req.has_param("frames") ? long_param(req, "frames", 0) : -1;
    if (req.has_param("frames") && frames < 0) return send_error(res, 400, "bad_argument", "\"frames\" must be a whole number");
    games.mark_joined(*g, seat);
    send_json(res, games.view(*g, seat, since, frames));
  });
  svr.Post(R"(/api/seat/([0-9a-zA-Z]+)/(act|unpick|undo|resign))",
           [&games](const httplib::Request& req, httplib::Response& res) {
             json body;
             if (!body_of(req, res, body)) return;
             Refusal why;
             int seat = -1;
             auto g = games.find(req.matches[1], seat, why);
             if (!g) return send_error(res, why);
             if (!games.request(*g, seat, req.matches[2], body, why)) return send_error(res, why);
             const long since = long_param(req, "since", 0);
             const long frames = req.has_param("frames") ? long_param(req, "frames", 0) : -1;
             send_json(res, games.view(*g, seat, since < 0 ? 0 : since, frames));
           });
  // The seat's GETs answered by one call of Games that fills in the reply.
  using SeatCall = bool (Games::*)(LiveGame&, int, json&, Refusal&);
  auto seat_reply = [&games](SeatCall call) {
    return [&games, call](const httplib::Request& req, httplib::Response& res) {
      Refusal why;
      int seat = -1;
      auto g = games.find(req.matches[1], seat, why);
      if (!g) return send_error(res, why);
      json reply;
      if (!(games.*call)(*g, seat, reply, why)) return send_error(res, why);
      send_json(res, reply);
    };
  };
  svr.Get(R"(/api/seat/([0-9a-zA-Z]+)/hint)", seat_reply(&Games::hint));
  svr.Get(R"(/api/seat/([0-9a-zA-Z]+)/record)", seat_reply(&Games::record));
  // Server-sent events: the version whenever it changes, a comment every 15 s to keep the line.
  svr.Get(R"(/api/seat/([0-9a-zA-Z]+)/stream)", [&games](const httplib::Request& req, httplib::Response& res) {
    Refusal why;
    int seat = -1;
    auto g = games.find(req.matches[1], seat, why);
    if (!g) return send_error(res, why);
    if (games.streams.fetch_add(1) >= games.options().max_streams) {
      games.streams.fetch_sub(1);
      return send_error(res, 503, "too_many_streams", "too many pages are open: try again later");
    }
    g->streams.fetch_add(1);
    auto last = std::make_shared<long>(-1);
    res.set_header("Cache-Control", "no-store");
    res.set_chunked_content_provider(
        "text/event-stream",
        [&games, g, last](size_t, httplib::DataSink& sink) {
          // Waits in slices of a second, so that a closed page or a stopping server frees the
          // thread soon; a comment after 15 quiet seconds keeps the connection.
          for (int quiet = 0; quiet < 15; ++quiet) {
            if (running.load() == nullptr || !sink.is_writable()) return false;
            const long v = games.wait(*g, *last, *last < 0 ? 0 : 1000);
            if (v != *last) {
              *last = v;
              const std::string chunk = "event: version\ndata: {\"version\":" + std::to_string(v) + "}\n\n";
              return sink.write(chunk.data(), chunk.size());
            }
          }
          return sink.write(": keep\n\n", 8);
        },
        [&games, g](bool) {
          g->streams.fetch_sub(1);
          games.streams.fetch_sub(1);
        });
  });
  svr.Get("/api/replays", [&games](const httplib::Request&, httplib::Response& res) { send_json(res, games.replays()); });
  svr.Get(R"(/api/replays/(\d{1,9}))", [&games](const httplib::Request& req, httplib::Response& res) {
    const long step = long_param(req, "step", 0);
    if (step < 0) return send_error(res, 400, "bad_argument", "\"step\" must be a whole number");
    Refusal why;
    json reply;
    if (!games.replay(std::stol(req.matches[1]), step, reply, why)) return send_error(res, why);
    send_json(res, reply);
  });

  int port = opt.port;
  if (port == 0) {
    port = svr.bind_to_any_port(opt.host);
    if (port < 0) {
      std::fprintf(stderr, "serve: cannot listen on %s\n", opt.host.c_str());
      return 1;
    }
  } else if (!svr.bind_to_port(opt.host, port)) {
    std::fprintf(stderr, "serve: cannot listen on %s:%d (in use?)\n", opt.host.c_str(), port);
    return 1;
  }
  running = &svr;
  if (ready) ready(port);
  const bool ok = svr.listen_after_bind();
  running = nullptr;
  return ok ? 0 : 1;
}

}  // namespace bgb::web
