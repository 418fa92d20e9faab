// The browser game's server (src/web/, docs/web.md), through its HTTP API on loopback: games
// against a bot and between two people, orders in any sequence, the seats' secrets, refusals
// with a reason for every bad request, and games that survive a restart of the server.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "game/game.h"
#include "games/all_games.h"
#include "web/server.h"

namespace bgb::web {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

// A server on a free port of loopback, with its own database and a stand-in page.
class Server {
 public:
  explicit Server(const std::string& name) : dir_(fs::temp_directory_path() / ("bgbot-web-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "page" / "assets");
    std::ofstream(dir_ / "page" / "index.html") << "<!doctype html><title>test page</title>";
    start();
  }
  ~Server() {
    stop();
    fs::remove_all(dir_);
  }
  void start() {
    games::register_all_games();
    ServeOptions o;
    o.port = 0;
    o.web_root = (dir_ / "page").string();
    o.games.db = (dir_ / "games.sqlite").string();
    o.threads = 16;
    o.games.battles = battles;
    o.games.game = game;
    port_ = 0;
    thread_ = std::thread([this, o] { serve(o, [this](int p) { port_ = p; }); });
    for (int i = 0; i < 500 && port_.load() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_NE(port_.load(), 0) << "the server did not start";
  }
  std::vector<std::shared_ptr<const game::Scenario>> battles;  // the operator's (--battle)
  std::string game = "cca";                                      // the game served (--game)
  void stop() {
    stop_serving();
    if (thread_.joinable()) thread_.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_.load());
    c.set_read_timeout(30, 0);
    return c;
  }
  // A request and its reply as JSON (with the status in "_status").
  json call(const std::string& method, const std::string& path, const std::string& body = "") const {
    httplib::Client c = client();
    httplib::Result r = method == "GET" ? c.Get(path.c_str()) : c.Post(path.c_str(), body, "application/json");
    if (!r) return json{{"_status", -1}};
    json j = json::parse(r->body, nullptr, false);
    if (j.is_discarded() || !j.is_object()) j = json{{"_raw", r->body}};
    j["_status"] = r->status;
    return j;
  }

 private:
  fs::path dir_;
  std::atomic<int> port_{0};
  std::thread thread_;
};

// Waits until the seat decides (the bot has answered) or the game is over.
// Waits up to a minute (the bots may think slowly on a loaded machine): no test waits on a clock
// for its result, only for the bot to have answered.
json until_my_move(const Server& s, const std::string& token) {
  json v;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < end) {
    v = s.call("GET", "/api/seat/" + token);
    if (v["to_move"] == true || v["status"]["game_over"] == true) return v;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return v;
}

int choice_of(const json& v, const std::string& type) {
  for (const json& c : v["choices"])
    if (c["action"]["type"] == type) return c["id"].get<int>();
  return -1;
}

}  // namespace

TEST(Web, AGameAgainstTheBotWithOrdersInAnySequence) {
  Server s("bot");
  const json info = s.call("GET", "/api/info");
  ASSERT_EQ(info["_status"], 200);
  EXPECT_GE(info["scenarios"].size(), 15u);
  EXPECT_TRUE(info["glossary"]["cards"].contains("order-two-left"));
  // The server deals from a seed of its own: new games until the hand holds an Order Two, Three
  // or Four Units card (every section of Akragas has two units or more for it to order).
  json g, v;
  std::string token;
  int card = -1;
  for (int tries = 0; tries < 50 && card < 0; ++tries) {
    g = s.call("POST", "/api/games", R"({"scenario":"001","side":"bottom","opponent":"random"})");
    ASSERT_EQ(g["_status"], 201) << g;
    token = g["token"];
    v = until_my_move(s, token);
    ASSERT_EQ(v["to_move"], true) << v;
    for (const json& c : v["choices"])
      if (c["action"]["type"] == "play-card" && std::string(c["action"]["card"]).rfind("order-t", 0) == 0) card = c["id"];
    for (const json& c : v["choices"])
      if (c["action"]["type"] == "play-card" && std::string(c["action"]["card"]).rfind("order-four", 0) == 0) card = c["id"];
  }
  ASSERT_GE(card, 0) << "no section card in fifty hands";
  EXPECT_EQ(token.size(), 32u);
  EXPECT_FALSE(g.contains("join"));
  EXPECT_EQ(v["seat"], "bottom");
  EXPECT_FALSE(v.contains("result"));
  EXPECT_EQ(v.dump().find("\"seed\""), std::string::npos) << "no seed while the game goes on";
  for (const json& c : v["position"]["state"]["hand"]["top"]) EXPECT_EQ(c, "hidden");
  // Play the section card, then order its units in the reverse of the engine's hex order.
  v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", card}, {"version", v["version"]}}.dump());
  ASSERT_EQ(v["_status"], 200) << v;
  std::vector<int> orders;
  for (const json& c : v["choices"])
    if (c["action"]["type"] == "order-unit") orders.push_back(c["id"]);
  ASSERT_GE(orders.size(), 2u) << v["choices"];
  const std::string last_text = v["choices"][size_t(orders.back())]["text"];
  v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", orders.back()}, {"version", v["version"]}}.dump());
  ASSERT_EQ(v["_status"], 200) << v;
  ASSERT_EQ(v["picks"].size(), 1u) << "kept, not played: " << v["picks"];
  EXPECT_EQ(v["picks"][0]["text"], last_text);
  // Take it back, pick again, then done.
  v = s.call("POST", "/api/seat/" + token + "/unpick", json{{"version", v["version"]}}.dump());
  ASSERT_EQ(v["_status"], 200) << v;
  EXPECT_EQ(v["picks"].size(), 0u);
  v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", orders.back()}, {"version", v["version"]}}.dump());
  const int done = choice_of(v, "end-orders");
  ASSERT_GE(done, 0) << v["choices"];
  v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", done}, {"version", v["version"]}}.dump());
  ASSERT_EQ(v["_status"], 200) << v;
  EXPECT_EQ(v["status"]["decision"], "move") << v["status"];
  // A stale version is refused and changes nothing.
  const json stale = s.call("POST", "/api/seat/" + token + "/act", json{{"id", 0}, {"version", 1}}.dump());
  EXPECT_EQ(stale["_status"], 409);
  EXPECT_EQ(stale["error"]["code"], "stale");
  // End the turn; the bot answers; the log shows both sides with sections.
  const long log_before = v["log_size"];
  for (int i = 0; i < 40 && v["to_move"] == true && v["status"]["player"] == "bottom"; ++i) {
    int id = choice_of(v, "end-moves");
    if (id < 0) id = choice_of(v, "end-battles");
    if (id < 0) id = v["choices"][0]["id"];
    v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", id}, {"version", v["version"]}}.dump());
    ASSERT_EQ(v["_status"], 200) << v;
    if (v["status"]["player"] != "bottom") break;
  }
  const long turn_ended = v["version"];
  const long log_at_end = v["log_size"];
  v = until_my_move(s, token);
  // The bot's decisions as boards, one per version, so that the page can show them one by one:
  // each the seat's own observation (the bot's hand hidden), the last the board of the view.
  const json framed = s.call("GET", "/api/seat/" + token + "?since=" + std::to_string(log_at_end) + "&frames=" +
                                        std::to_string(turn_ended));
  ASSERT_EQ(framed["_status"], 200) << framed;
  ASSERT_GE(framed["frames"].size(), 1u);
  long last_v = turn_ended;
  for (const json& f : framed["frames"]) {
    EXPECT_GT(f["v"].get<long>(), last_v);
    last_v = f["v"];
    for (const json& c : f["state"]["hand"]["top"]) EXPECT_EQ(c, "hidden");
    for (const json& c : f["state"]["deck"]) EXPECT_EQ(c, "hidden");
  }
  EXPECT_EQ(framed["frames"].back()["state"], framed["position"]["state"]);
  for (const json& e : framed["log"]) EXPECT_LE(e["v"].get<long>(), last_v) << "each event names the board it came with";
  EXPECT_EQ(s.call("GET", "/api/seat/" + token + "?frames=-1")["_status"], 400);
  EXPECT_FALSE(s.call("GET", "/api/seat/" + token).contains("frames")) << "only when asked";
  EXPECT_GT(v["log_size"].get<long>(), log_before);
  bool bot_played = false;
  for (const json& e : v["log"]) bot_played |= e["side"] == "top" && e["type"] == "card-played";
  EXPECT_TRUE(bot_played) << "the bot's turn is in the log";
  EXPECT_TRUE(v["win_chance"].is_number() || v["win_chance"].is_null());
  // The log since a number gives only what came after.
  const json tail = s.call("GET", "/api/seat/" + token + "?since=" + std::to_string(v["log_size"].get<long>() - 2));
  EXPECT_EQ(tail["log"].size(), 2u);
  // The event stream announces the version.
  {
    httplib::Client c = s.client();
    std::string got;
    c.Get(("/api/seat/" + token + "/stream").c_str(), [&](const char* data, size_t n) {
      got.append(data, n);
      return got.find("\n\n") == std::string::npos;  // one event is enough
    });
    EXPECT_EQ(got.rfind("event: version\ndata: {\"version\":", 0), 0u) << got;
  }
  const json hint = s.call("GET", "/api/seat/" + token + "/hint");
  EXPECT_EQ(hint["_status"], 200) << hint;
  EXPECT_GE(hint["best"].size(), 1u);
}

// The threats (cca::battle_reach) come with every seat's view, from positions only: at the start
// of Akragas the Carthaginian light cavalry at 1,10 reaches the Syracusan light infantry at 6,10
// (four hexes of move, then close combat with 2 dice, §8 and §11), and the heavy infantry at 1,3
// reaches nothing (it moves one hex).
TEST(Web, EachSeatSeesWhatEveryUnitCouldBattleWhenOrdered_S8_S11) {
  Server s("threats");
  const json g = s.call("POST", "/api/games", R"({"scenario":"001","side":"bottom","opponent":"random"})");
  ASSERT_EQ(g["_status"], 201) << g;
  const json v = until_my_move(s, g["token"]);
  ASSERT_TRUE(v.contains("details")) << v;
  const json& reach = v["details"]["reach"];
  ASSERT_TRUE(reach.is_array());
  bool lc = false;
  for (const json& r : reach) {
    EXPECT_NE(r["unit"], "1,3") << r;
    if (r["unit"] == "1,10" && r["target"] == "6,10" && r["close"] == true) {
      lc = true;
      EXPECT_EQ(r["dice"], 2);
      EXPECT_EQ(r["close"], true);
    }
  }
  EXPECT_TRUE(lc) << reach;
}

TEST(Web, TwoPeopleBySeatLinksEachSeeOnlyTheirOwnHandAndGamesSurviveARestart) {
  auto s = std::make_unique<Server>("people");
  const json g = s->call("POST", "/api/games", R"({"scenario":"006","side":"top","opponent":"person","name":"Ann"})");
  ASSERT_EQ(g["_status"], 201) << g;
  const std::string a = g["token"], b = g["join"];
  ASSERT_NE(a, b);
  json va = s->call("GET", "/api/seat/" + a);
  EXPECT_EQ(va["opponent"]["joined"], false) << "the second person has not opened the link yet";
  json vb = s->call("GET", "/api/seat/" + b);
  va = s->call("GET", "/api/seat/" + a);
  EXPECT_EQ(va["opponent"]["joined"], true);
  EXPECT_EQ(va["seat"], "top");
  EXPECT_EQ(vb["seat"], "bottom");
  EXPECT_EQ(va["opponent"]["kind"], "person");
  // Each sees its own hand and the other's as hidden; no reply holds the other seat's token.
  for (const json& c : va["position"]["state"]["hand"]["bottom"]) EXPECT_EQ(c, "hidden");
  for (const json& c : vb["position"]["state"]["hand"]["top"]) EXPECT_EQ(c, "hidden");
  for (const json& c : va["position"]["state"]["deck"]) EXPECT_EQ(c, "hidden");
  EXPECT_EQ(va.dump().find(b), std::string::npos);
  EXPECT_EQ(vb.dump().find(a), std::string::npos);
  // Trasimenus: the Carthaginians (top) move first. Bottom may not act for them.
  ASSERT_EQ(va["to_move"], true) << va["status"];
  EXPECT_EQ(vb["to_move"], false);
  const json refused = s->call("POST", "/api/seat/" + b + "/act", R"({"id":0})");
  EXPECT_EQ(refused["_status"], 409);
  EXPECT_EQ(refused["error"]["code"], "not_your_turn");
  // Top plays a card and ends its orders: a few decisions, then the server is restarted.
  va = s->call("POST", "/api/seat/" + a + "/act", json{{"id", 0}, {"version", va["version"]}}.dump());
  ASSERT_EQ(va["_status"], 200) << va;
  const json before = s->call("GET", "/api/seat/" + a);
  s->stop();
  s->start();
  const json after = s->call("GET", "/api/seat/" + a);
  ASSERT_EQ(after["_status"], 200) << after;
  EXPECT_EQ(after["position"], before["position"]) << "the game continues where it was";
  // The log reads back the same; its versions ("v") count from the restart, as the game's do.
  auto without_versions = [](json log) {
    for (json& e : log) e.erase("v");
    return log;
  };
  EXPECT_EQ(without_versions(after["log"]), without_versions(before["log"]));
  EXPECT_LE(after["log"].back()["v"].get<long>(), after["version"].get<long>());
  EXPECT_EQ(after["choices"].size(), before["choices"].size());
  const json vb2 = s->call("GET", "/api/seat/" + b);
  EXPECT_EQ(vb2["seat"], "bottom");
  // Resign ends the game; the result then gives the seed.
  const json r = s->call("POST", "/api/seat/" + b + "/resign", "{}");
  ASSERT_EQ(r["_status"], 200) << r;
  EXPECT_EQ(r["status"]["game_over"], true);
  EXPECT_EQ(r["status"]["winner"], "top");
  EXPECT_TRUE(r["result"].contains("seed"));
}

TEST(Web, EveryBadRequestGetsAReasonAndTheServerGoesOn) {
  Server s("bad");
  const json g = s.call("POST", "/api/games", R"({"opponent":"random"})");
  ASSERT_EQ(g["_status"], 201) << g;
  const std::string t = g["token"];
  auto code = [&](const std::string& method, const std::string& path, const std::string& body = "") {
    const json r = s.call(method, path, body);
    EXPECT_GE(r["_status"].get<int>(), 400) << path << " " << body.substr(0, 80) << " -> " << r;
    EXPECT_LT(r["_status"].get<int>(), 500) << path << " " << body.substr(0, 80) << " -> " << r;
    return r.contains("error") ? r["error"]["code"].get<std::string>() : std::string("none");
  };
  EXPECT_EQ(code("POST", "/api/games", "{not json"), "bad_json");
  EXPECT_EQ(code("POST", "/api/games", "[1,2]"), "bad_json");
  EXPECT_EQ(code("POST", "/api/games", R"({"scenario":"999"})"), "unknown_scenario");
  EXPECT_EQ(code("POST", "/api/games", R"({"scenario":"/etc/passwd"})"), "unknown_scenario");
  EXPECT_EQ(code("POST", "/api/games", R"({"scenario":7})"), "bad_argument");
  EXPECT_EQ(code("POST", "/api/games", R"({"side":"left"})"), "bad_argument");
  EXPECT_EQ(code("POST", "/api/games", R"({"opponent":"cheat:iters=10"})"), "bad_bot");
  EXPECT_EQ(code("POST", "/api/games", R"({"opponent":"ismcts:ms=1e9"})"), "bad_bot");
  EXPECT_EQ(code("POST", "/api/games", "{\"name\":\"" + std::string(100, 'x') + "\"}"), "bad_argument");
  EXPECT_EQ(code("POST", "/api/games", std::string(70000, ' ')), "too_large");
  EXPECT_EQ(code("GET", "/api/seat/0123456789abcdef0123456789abcdef"), "unknown_seat");
  EXPECT_EQ(code("GET", "/api/seat/../../etc/passwd"), "not_found");
  EXPECT_EQ(code("GET", "/api/seat/short"), "unknown_seat");
  EXPECT_EQ(code("GET", "/api/nothing"), "not_found");
  json v = until_my_move(s, t);
  EXPECT_EQ(code("POST", "/api/seat/" + t + "/act", R"({"id":100000})"), "bad_choice");
  EXPECT_EQ(code("POST", "/api/seat/" + t + "/act", R"({"id":"x"})"), "bad_choice");
  EXPECT_EQ(code("POST", "/api/seat/" + t + "/act", R"({})"), "bad_choice");
  EXPECT_EQ(code("POST", "/api/seat/" + t + "/fly", R"({})"), "not_found");
  EXPECT_EQ(code("GET", "/api/seat/" + t + "?since=x"), "bad_argument");
  EXPECT_EQ(code("GET", "/api/seat/" + t + "/record"), "not_over");
  EXPECT_EQ(code("GET", "/api/replays/999999"), "unknown_replay");
  EXPECT_EQ(code("POST", "/api/seat/" + t + "/undo", "{}"), "nothing_to_undo");
  // Still serving, the game as it was.
  const json again = s.call("GET", "/api/seat/" + t);
  EXPECT_EQ(again["_status"], 200);
  EXPECT_EQ(again["position"], v["position"]);
  const json page = s.call("GET", "/");
  EXPECT_EQ(page["_status"], 200);
}

// A battle the operator adds (bgbot serve --battle FILE) is listed with its facts, is played,
// reads back after a restart without its file (the battle is stored with the game), and its
// finished game replays from the database.
TEST(Web, AnOperatorsBattleIsPlayedReadBackAfterARestartAndReplayed) {
  Server s("battle");
  std::vector<std::string> errors;
  games::register_all_games();
  const game::Game* cca = game::find_game("cca");
  ASSERT_NE(cca, nullptr);
  auto tiny = cca->find_scenario(std::string(BGBOT_SOURCE_DIR) + "/tests/web/tiny.txt", true, errors);
  ASSERT_NE(tiny, nullptr) << (errors.empty() ? "" : errors[0]);
  s.stop();
  s.battles = {tiny};
  s.start();
  const json info = s.call("GET", "/api/info");
  const json* listed = nullptr;
  for (const json& sc : info["scenarios"])
    if (sc["id"] == "t-tiny") listed = &sc;
  ASSERT_NE(listed, nullptr) << info["scenarios"];
  EXPECT_EQ((*listed)["bottom"], "Guards");
  EXPECT_EQ((*listed)["banners_to_win"]["top"], 1);
  const json g = s.call("POST", "/api/games", R"({"scenario":"t-tiny","side":"bottom","opponent":"random"})");
  ASSERT_EQ(g["_status"], 201) << g;
  const std::string token = g["token"];
  json v = until_my_move(s, token);
  v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", 0}, {"version", v["version"]}}.dump());
  ASSERT_EQ(v["_status"], 200) << v;
  // Restarted without the battle file: the game still reads back, as it was.
  s.stop();
  s.battles.clear();
  s.start();
  json back = until_my_move(s, token);
  ASSERT_EQ(back["_status"], 200) << back;
  EXPECT_EQ(back["position"], v["position"]);
  EXPECT_EQ(s.call("POST", "/api/games", R"({"scenario":"t-tiny"})")["_status"], 404) << "no longer offered";
  // Played to its end: battles first (three heavy infantry next to worn-down units, one banner).
  v = back;
  for (int i = 0; i < 400 && v["status"]["game_over"] != true; ++i) {
    int id = choice_of(v, "battle");
    if (id < 0) id = choice_of(v, "order-unit");
    if (id < 0) id = v["choices"][0]["id"];
    v = s.call("POST", "/api/seat/" + token + "/act", json{{"id", id}, {"version", v["version"]}}.dump());
    ASSERT_EQ(v["_status"], 200) << v;
    v = until_my_move(s, token);
  }
  ASSERT_EQ(v["status"]["game_over"], true);
  ASSERT_TRUE(v.contains("result"));
  const json replays = s.call("GET", "/api/replays");
  ASSERT_EQ(replays["_status"], 200);
  const json list = replays.contains("_raw") ? json::parse(std::string(replays["_raw"])) : replays;
  long id = -1, steps = 0;
  for (const json& r : list.is_array() ? list : json::array())
    if (r["scenario"] == "t-tiny") id = r["id"], steps = r["steps"];
  ASSERT_GE(id, 0) << replays;
  const json last = s.call("GET", "/api/replays/" + std::to_string(id) + "?step=" + std::to_string(steps));
  ASSERT_EQ(last["_status"], 200) << last;
  EXPECT_EQ(last["position"]["state"]["winner"], v["result"]["winner"]);
}

}  // namespace bgb::web

namespace bgb::web {

// The Hellenistic module in the browser's API: /api/info gives each battle's options and facts,
// POST /api/games takes "options" (a battle without the module's set-up is refused with the
// reason), the seat view says the options in force, and a game read back from the database (a
// server restarted) keeps the module on.
TEST(Web, TheHellenisticModuleIsAnOptionOfTheBattlesThatTakeIt) {
  Server s("hellenistic");
  const json info = s.call("GET", "/api/info");
  ASSERT_EQ(info["_status"], 200);
  const json* g109 = nullptr;
  const json* g001 = nullptr;
  for (const json& sc : info["scenarios"]) {
    if (sc["id"] == "109") g109 = &sc;
    if (sc["id"] == "001") g001 = &sc;
  }
  ASSERT_TRUE(g109 && g001);
  EXPECT_EQ((*g109)["hellenistic"], "on");
  EXPECT_EQ((*g109)["options"]["hellenistic"]["default"], "on");
  EXPECT_EQ((*g001)["hellenistic"], "none");
  EXPECT_TRUE((*g001)["options"].empty());
  EXPECT_EQ(info["glossary"]["traits"]["companion"]["tag"], "Comp");

  const json no = s.call("POST", "/api/games", R"({"scenario":"001","opponent":"random","options":{"hellenistic":"on"}})");
  EXPECT_EQ(no["_status"], 400) << no;
  EXPECT_EQ(no["error"]["code"], "bad_option") << no;
  EXPECT_NE(no["error"]["message"].get<std::string>().find("no set-up for the Hellenistic module"), std::string::npos) << no;
  const json bad = s.call("POST", "/api/games", R"({"scenario":"105","opponent":"random","options":"on"})");
  EXPECT_EQ(bad["_status"], 400) << bad;

  const json g = s.call("POST", "/api/games", R"({"scenario":"105","side":"top","opponent":"random","options":{"hellenistic":"on"}})");
  ASSERT_EQ(g["_status"], 201) << g;
  const std::string token = g["token"];
  json v = until_my_move(s, token);
  EXPECT_EQ(v["options"]["hellenistic"], "on") << v["options"];
  EXPECT_EQ(v["status"]["options"]["hellenistic"], "on");
  EXPECT_EQ(v["position"]["scenario"]["hellenistic"]["on"], true);
  EXPECT_EQ(v["position"]["scenario"]["leaders"][0]["grade"], "b");
  // Off by default without the option.
  const json plain = s.call("POST", "/api/games", R"({"scenario":"105","opponent":"random"})");
  ASSERT_EQ(plain["_status"], 201) << plain;
  EXPECT_EQ(until_my_move(s, plain["token"])["options"]["hellenistic"], "off");
  // The server restarted: the game is read back from the database with the module on.
  s.stop();
  s.start();
  v = until_my_move(s, token);
  EXPECT_EQ(v["options"]["hellenistic"], "on") << v;
  EXPECT_EQ(v["position"]["scenario"]["hellenistic"]["on"], true);
}

TEST(Web, QuinnIsServedWithActionObjectsCheckedByTheRules) {
  // The server built for C&C serves Quinn's game by its name: the same session, the same API.
  Server s("quinn");
  s.stop();
  s.game = "quinn";
  s.start();
  json info = s.call("GET", "/api/info");
  ASSERT_EQ(info["_status"], 200);
  json g = s.call("POST", "/api/games", json{{"scenario", "s1"}, {"side", "B"}, {"opponent", "easy"}}.dump());
  ASSERT_EQ(g["_status"], 201) << g.dump();
  const std::string token = g["token"];
  json v = until_my_move(s, token);
  ASSERT_EQ(v["to_move"], true) << v.dump().substr(0, 400);
  EXPECT_EQ(v["game"], "quinn");
  ASSERT_TRUE(v["position"].contains("table"));
  EXPECT_EQ(v["position"]["table"]["stands"].size(), 39u);
  // A malformed action object is refused with the reason; one the rules refuse says why.
  json bad = s.call("POST", "/api/seat/" + token + "/act", json{{"action", {{"kind", "charge"}}}, {"version", v["version"]}}.dump());
  EXPECT_EQ(bad["_status"], 400) << bad.dump();
  json illegal = s.call("POST", "/api/seat/" + token + "/act",
                        json{{"action", {{"kind", "hold"}, {"stand", 0}}}, {"version", v["version"]}}.dump());
  EXPECT_EQ(illegal["_status"], 409) << illegal.dump();
  EXPECT_FALSE(illegal.value("error", json::object()).value("message", "").empty()) << illegal.dump();
  // A legal one (the phase's first choice, as an object) is played.
  json first = v["choices"][0]["action"];
  first.erase("text");
  first.erase("to");
  json ok = s.call("POST", "/api/seat/" + token + "/act", json{{"action", first}, {"version", v["version"]}}.dump());
  EXPECT_EQ(ok["_status"], 200) << ok.dump().substr(0, 400);
}

}  // namespace bgb::web
