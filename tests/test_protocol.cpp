// The engine protocol (docs/protocol.md): the session files of tests/protocol/ replayed both
// against the library (handle_line) and against the built program (`bgbot engine`), every
// error case leaving the session unchanged, a whole game driven to its end, and the hidden
// information of `state`.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scratch_dir.h"
#include "app/engine_protocol.h"
#include "cca/cards.h"
#include "cca/cca_game.h"
#include "cca/game_record.h"
#include "cca/json_io.h"
#include "cca/rules.h"
#include "core/rng.h"

#ifndef BGBOT_BINARY
#error "BGBOT_BINARY (the path of the built bgbot) must be defined by the build"
#endif

using json = nlohmann::json;
using namespace bgb;
using namespace bgb::app;

namespace {

namespace fs = std::filesystem;

// `expected` matches `actual` when every key of an expected object is in the actual object with
// a matching value (extra actual keys are fine), arrays match element by element with the same
// length, and the string "<any>" matches any value.
bool matches(const json& expected, const json& actual, std::string& where, const std::string& path = "") {
  if (expected.is_string() && expected.get<std::string>() == "<any>") return true;
  if (expected.is_object()) {
    if (!actual.is_object()) return where = path + ": not an object", false;
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      auto f = actual.find(it.key());
      if (f == actual.end()) return where = path + "." + it.key() + ": missing", false;
      if (!matches(it.value(), *f, where, path + "." + it.key())) return false;
    }
    return true;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size())
      return where = path + ": array of " + std::to_string(actual.is_array() ? actual.size() : 0) + ", expected " +
                     std::to_string(expected.size()), false;
    for (size_t i = 0; i < expected.size(); ++i)
      if (!matches(expected[i], actual[i], where, path + "[" + std::to_string(i) + "]")) return false;
    return true;
  }
  if (expected != actual) return where = path + ": " + actual.dump() + ", expected " + expected.dump(), false;
  return true;
}

struct Exchange {
  int line = 0;
  std::string request;
  bool has_expected = false;
  json expected;
};

// A session file: `> request` lines, each optionally followed by `< expected reply` (a subset
// of the reply, see matches()). `#` lines and blank lines are comments.
std::vector<Exchange> read_session(const fs::path& file) {
  std::ifstream in(file);
  std::vector<Exchange> out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("> ", 0) == 0) {
      out.push_back(Exchange{n, line.substr(2), false, nullptr});
    } else if (line.rfind("< ", 0) == 0) {
      EXPECT_FALSE(out.empty()) << file << ":" << n << ": a reply before any request";
      if (out.empty()) continue;
      out.back().has_expected = true;
      out.back().expected = json::parse(line.substr(2), nullptr, false);
      EXPECT_FALSE(out.back().expected.is_discarded()) << file << ":" << n << ": the expected reply is not JSON";
    } else {
      ADD_FAILURE() << file << ":" << n << ": a line must start with \"> \", \"< \" or \"#\"";
    }
  }
  return out;
}

void check_reply(const fs::path& file, const Exchange& x, const std::string& reply, const char* how) {
  json actual = json::parse(reply, nullptr, false);
  ASSERT_FALSE(actual.is_discarded()) << file << ":" << x.line << " (" << how << "): the reply is not JSON: " << reply;
  ASSERT_TRUE(actual.is_object() && actual.contains("ok") && actual["ok"].is_boolean())
      << file << ":" << x.line << " (" << how << "): " << reply;
  if (!x.has_expected) return;
  std::string where;
  EXPECT_TRUE(matches(x.expected, actual, where))
      << file << ":" << x.line << " (" << how << "): " << where << "\n  request: " << x.request.substr(0, 200)
      << "\n  reply:   " << reply.substr(0, 2000);
}

std::vector<fs::path> session_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(BGBOT_SOURCE_DIR) / "tests" / "protocol"))
    if (e.path().extension() == ".jsonl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

fs::path temp_dir() {
  static bgb::test::ScratchDir dir("bgbot-protocol");
  return dir.path();
}

// Runs `bgbot engine ARGS` with the given input; returns its stdout lines.
std::vector<std::string> run_engine(const std::string& input, const std::string& name, const std::string& args = "") {
  fs::path dir = temp_dir();
  fs::path in = dir / (name + ".in"), out = dir / (name + ".out");
  {
    std::ofstream f(in, std::ios::binary);
    f << input;
  }
  std::string cmd = std::string("timeout 120 '") + BGBOT_BINARY + "' engine " + args + " < '" + in.string() + "' > '" +
                    out.string() + "' 2>/dev/null";
  int rc = std::system(cmd.c_str());
  EXPECT_EQ(rc, 0) << cmd;
  std::ifstream f(out, std::ios::binary);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(f, line)) lines.push_back(line);
  return lines;
}

std::string req(EngineSession& s, const json& j) { return handle_line(s, j.dump()); }
json call(EngineSession& s, const json& j) { return json::parse(req(s, j)); }

EngineOptions no_db() {
  EngineOptions o;
  o.allow_db = false;
  return o;
}

}  // namespace

TEST(Protocol, SessionFilesExist) { EXPECT_GE(session_files().size(), 3u); }

// `state` gives with the position what the game adds about it (C&C: each unit's reach, as the
// terminal's x shows it): at the start of Akragas the light cavalry at 1,10 could close with
// the light infantry at 6,10 (four hexes, then 2 dice; §8, §11).
TEST(Protocol, StateGivesEachUnitsReach_S8_S11) {
  EngineSession s(no_db());
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"scenario", "001"}, {"seed", 7}})["ok"], true);
  const json st = call(s, {{"cmd", "state"}, {"view", "bottom"}});
  ASSERT_TRUE(st.contains("details")) << st.dump().substr(0, 300);
  bool found = false;
  for (const json& r : st["details"]["reach"])
    if (r["unit"] == "1,10" && r["target"] == "6,10" && r["close"] == true) {
      found = true;
      EXPECT_EQ(r["side"], "top");
      EXPECT_EQ(r["dice"], 2);
      EXPECT_EQ(r["close"], true);
    }
  EXPECT_TRUE(found) << st["details"];
}

TEST(Protocol, SessionFilesAgainstTheLibrary) {
  for (const fs::path& file : session_files()) {
    SCOPED_TRACE(file.string());
    EngineSession s(no_db());
    for (const Exchange& x : read_session(file)) check_reply(file, x, handle_line(s, x.request), "library");
  }
}

TEST(Protocol, SessionFilesAgainstTheProgram) {
  for (const fs::path& file : session_files()) {
    SCOPED_TRACE(file.string());
    std::vector<Exchange> xs = read_session(file);
    std::string input;
    for (const Exchange& x : xs) input += x.request + "\n";
    std::vector<std::string> replies = run_engine(input, file.stem().string());
    // `quit` ends the program: the replies stop after its reply.
    size_t expected = xs.size();
    for (size_t i = 0; i < xs.size(); ++i) {
      json r = json::parse(xs[i].request, nullptr, false);
      if (r.is_object() && r.value("cmd", json()).is_string() && r["cmd"] == "quit") {
        expected = i + 1;
        break;
      }
    }
    ASSERT_EQ(replies.size(), expected) << "one reply line per request";
    for (size_t i = 0; i < replies.size(); ++i) check_reply(file, xs[i], replies[i], "program");
  }
}

// Every refused request leaves the session exactly as it was: position, dice queue, record.
TEST(Protocol, ErrorsLeaveTheSessionUnchanged) {
  EngineSession s(no_db());
  ASSERT_TRUE(call(s, {{"cmd", "new"}, {"scenario", "001"}, {"seed", 7}})["ok"]);
  ASSERT_TRUE(call(s, {{"cmd", "apply"}, {"action", 0}})["ok"]);
  ASSERT_TRUE(call(s, {{"cmd", "dice"}, {"faces", {"sword", "flag"}}})["ok"]);
  auto snapshot = [&] {
    json a = call(s, {{"cmd", "save"}});
    json b = call(s, {{"cmd", "record"}});
    b["record"].erase("started");
    return a.dump() + b.dump() + std::to_string(s.game.forced_dice()) + std::to_string(s.game.undoable());
  };
  const std::string before = snapshot();
  const std::vector<std::string> bad = {
      "",
      "   ",
      "{",
      "nonsense",
      "[1,2,3]",
      "42",
      "\"new\"",
      "null",
      "{\"id\":3}",
      "{\"cmd\":7}",
      "{\"cmd\":\"fly\"}",
      "{\"cmd\":\"new\",\"scenario\":\"999\"}",
      "{\"cmd\":\"new\",\"scenario\":5}",
      "{\"cmd\":\"new\",\"seed\":-1}",
      "{\"cmd\":\"new\",\"seed\":1.5}",
      "{\"cmd\":\"new\",\"players\":3}",
      "{\"cmd\":\"new\",\"scenario\":\"/nonexistent/file.txt\"}",
      "{\"cmd\":\"load\"}",
      "{\"cmd\":\"load\",\"position\":{}}",
      "{\"cmd\":\"load\",\"position\":[]}",
      "{\"cmd\":\"state\",\"view\":\"left\"}",
      "{\"cmd\":\"state\",\"view\":1}",
      "{\"cmd\":\"apply\"}",
      "{\"cmd\":\"apply\",\"action\":-1}",
      "{\"cmd\":\"apply\",\"action\":100000}",
      "{\"cmd\":\"apply\",\"action\":\"x\"}",
      "{\"cmd\":\"apply\",\"action\":{\"type\":\"fly\"}}",
      "{\"cmd\":\"apply\",\"action\":{\"type\":\"end-battles\"}}",
      "{\"cmd\":\"apply\",\"action\":0,\"view\":\"nobody\"}",
      "{\"cmd\":\"dice\"}",
      "{\"cmd\":\"dice\",\"faces\":\"sword\"}",
      "{\"cmd\":\"dice\",\"faces\":[\"sword\",\"banana\"]}",
      "{\"cmd\":\"dice\",\"faces\":[1]}",
      "{\"cmd\":\"dice\",\"clear\":\"yes\"}",
      "{\"cmd\":\"think\"}",
      "{\"cmd\":\"think\",\"bot\":\"nobody\"}",
      "{\"cmd\":\"think\",\"bot\":7}",
      "{\"cmd\":\"store\"}",
      std::string(70, '[') + std::string(70, ']'),
      "{\"cmd\":\"hello\",\"x\":" + std::string(100, '{'),
      std::string(kMaxLineBytes + 1, ' '),
      std::string("{\"cmd\":\"hel\xff\xfe\"}"),
      std::string("{\"cmd\":\"new\",\"scenario\":\"\xc3\x28\"}"),
      std::string("\0\0\0", 3),
  };
  for (const std::string& line : bad) {
    std::string reply = handle_line(s, line);
    json r = json::parse(reply, nullptr, false);
    ASSERT_FALSE(r.is_discarded()) << reply;
    EXPECT_EQ(r["ok"], false) << line.substr(0, 80) << " -> " << reply;
    EXPECT_TRUE(r["error"]["code"].is_string()) << reply;
    EXPECT_TRUE(r["error"]["message"].is_string()) << reply;
    EXPECT_EQ(snapshot(), before) << "changed by " << line.substr(0, 80);
  }
  // A full dice queue refuses more and keeps what it holds.
  json many = json::array();
  for (int i = 0; i < 300; ++i) many.push_back("light");
  json r = call(s, {{"cmd", "dice"}, {"faces", many}});
  EXPECT_EQ(r["error"]["code"], "dice_queue_full");
  EXPECT_EQ(snapshot(), before);
}

// Issue 13: scenario files a client names. A file that does not exist, one that is not a scenario
// (a secret in /proc/self/environ or a .env), one with invalid UTF-8, a directory and a FIFO all
// get the same code and a message that quotes nothing of the file; the game in progress stays.
TEST(Protocol, ScenarioFilesTellAClientNothingAndLeaveTheGame) {
  const fs::path dir = temp_dir() / "files";
  fs::create_directories(dir);
  const fs::path env = dir / ".env", bad_utf8 = dir / "latin1.txt", fifo = dir / "fifo";
  {
    std::ofstream(env) << "SECRET_TOKEN=hunter2\n";
    std::ifstream good(fs::path(BGBOT_SOURCE_DIR) / "data" / "scenarios" / "001-akragas.txt");
    std::stringstream ss;
    ss << good.rdbuf();
    std::string text = ss.str();
    text.replace(text.find("name: Akragas"), 13, "name: Akr\xe1gas");  // Latin-1, not UTF-8
    std::ofstream(bad_utf8, std::ios::binary) << text;
  }
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EngineSession s(no_db());
  ASSERT_TRUE(call(s, {{"cmd", "new"}, {"scenario", "001"}, {"seed", 3}})["ok"]);
  ASSERT_TRUE(call(s, {{"cmd", "apply"}, {"action", 0}})["ok"]);
  const std::string before = call(s, {{"cmd", "save"}}).dump();
  for (const fs::path& p : {env, bad_utf8, dir, fifo, fs::path("/proc/self/environ"), dir / "missing.txt"}) {
    json r = call(s, {{"cmd", "new"}, {"scenario", p.string()}});
    EXPECT_EQ(r["ok"], false) << p;
    EXPECT_EQ(r["error"]["code"], "unknown_scenario") << p << ": " << r.dump();
    const std::string msg = r["error"]["message"];
    EXPECT_EQ(msg.find("hunter2"), std::string::npos) << msg;
    EXPECT_EQ(msg.find("SECRET"), std::string::npos) << msg;
    EXPECT_EQ(msg.find("PATH="), std::string::npos) << msg;
    EXPECT_EQ(call(s, {{"cmd", "save"}}).dump(), before) << "the game in progress changed after " << p;
  }
  fs::remove_all(dir);
}

// `bgbot engine --no-files`: a path is not even looked at, a valid scenario file included.
TEST(Protocol, NoFilesTakesNoPathFromTheClient) {
  const std::string file = (fs::path(BGBOT_SOURCE_DIR) / "data" / "scenarios" / "002-crimissos-river.txt").string();
  const std::vector<std::string> with = run_engine(json{{"id", 1}, {"cmd", "new"}, {"scenario", file}}.dump() + "\n", "files");
  ASSERT_EQ(with.size(), 1u);
  EXPECT_EQ(json::parse(with[0])["ok"], true) << with[0];
  const std::vector<std::string> without =
      run_engine(json{{"id", 1}, {"cmd", "new"}, {"scenario", file}}.dump() + "\n" +
                     json{{"id", 2}, {"cmd", "new"}, {"scenario", "002"}}.dump() + "\n",
                 "no-files", "--no-files");
  ASSERT_EQ(without.size(), 2u);
  EXPECT_EQ(json::parse(without[0])["error"]["code"], "unknown_scenario") << without[0];
  EXPECT_EQ(json::parse(without[1])["ok"], true) << without[1];
}

// Issue 13: a think is cut short by `stop`, answered at once, and the requests sent after the
// think are answered after it, in order; the limits of a think are on its parsed spec.
TEST(Protocol, AThinkCanBeStoppedAndItsLimitsAreOnTheParsedSpec) {
  const std::vector<std::string> lines = run_engine(
      "{\"id\":1,\"cmd\":\"new\",\"scenario\":\"001\",\"seed\":4}\n"
      "{\"id\":2,\"cmd\":\"think\",\"bot\":\"ismcts:ms=600000\"}\n"
      "{\"id\":3,\"cmd\":\"stop\"}\n"
      "{\"id\":4,\"cmd\":\"legal\"}\n"
      "{\"id\":5,\"cmd\":\"stop\"}\n",
      "stop");
  ASSERT_EQ(lines.size(), 5u);
  std::vector<json> by_id(6);
  std::vector<int> order;
  for (const std::string& l : lines) {
    json r = json::parse(l);
    order.push_back(r["id"].get<int>());
    by_id[size_t(r["id"].get<int>())] = r;
  }
  EXPECT_EQ(by_id[2]["ok"], true) << by_id[2];
  EXPECT_TRUE(by_id[2]["action"]["id"].get<int>() >= 0) << "a legal decision, the best so far";
  EXPECT_EQ(by_id[3]["ok"], true);
  EXPECT_EQ(by_id[4]["ok"], true);
  EXPECT_LT(std::find(order.begin(), order.end(), 2), std::find(order.begin(), order.end(), 4)) << "legal after think";
  // Refused on the parsed values, with the reason; the engine goes on.
  EngineSession s(no_db());
  ASSERT_TRUE(call(s, {{"cmd", "new"}, {"scenario", "001"}})["ok"]);
  for (const char* spec : {"ismcts:ms=1e9", "ismcts:ms=inf", "ismcts:ms=nan", "ismcts:ms=0x7fffffff",
                           "ismcts:ms=1,ms=99999999", "ismcts:iters=1000000000000", "flatmc:iters=1e15", "ismcts:threads=40000"})
    EXPECT_EQ(call(s, {{"cmd", "think"}, {"bot", spec}})["error"]["code"], "bad_bot") << spec;
  EXPECT_EQ(call(s, {{"cmd", "think"}, {"bot", "ismcts:iters=3000000"}})["error"]["code"], "bad_argument");
  EXPECT_EQ(call(s, {{"cmd", "think"}, {"bot", "ismcts:iters=50,threads=9"}})["error"]["code"], "bad_argument");
  EXPECT_EQ(call(s, {{"cmd", "think"}, {"bot", "ismcts:iters=50,threads=2"}})["ok"], true);
  EXPECT_EQ(call(s, {{"cmd", "stop"}})["thinking"], false);
}

// Issue 13: an engine serving one seat (`bgbot engine --seat bottom`) shows that seat only what
// it may see. A whole game against the engine's bot, every reply checked against the referee's
// state: no card of the bot's hand that the seat has not seen played or held is ever named, no
// position shows the other hand or the deck, the seed never appears; save, load, dice, the
// record before the end and the other seat's view are refused.
class SeatGames : public ::testing::TestWithParam<uint64_t> {};

TEST_P(SeatGames, ASeatIsShownOnlyWhatItMaySee) {
  EngineOptions o = no_db();
  o.seat = "bottom";
  o.seat_seeds = GetParam();  // the games' seeds fixed (and long: the digits must not occur by chance)
  EngineSession s(o);
  json r = call(s, {{"cmd", "new"}, {"scenario", "006"}, {"opponent", "random"}});
  ASSERT_EQ(r["ok"], true) << r;
  EXPECT_FALSE(r.contains("seed"));
  const std::string seed = std::to_string(s.game.seed());
  const int me = 1, bot = 0;
  std::set<int> seen;  // card kinds the seat has held or seen played
  std::vector<std::string> replies = {r.dump()};
  auto look = [&] {
    const cca::State& st = cca::state_of(s.game.state());
    for (int i = 0; i < st.hand_n[me]; ++i) seen.insert(st.hand[me][i]);
    for (int i = 0; i < st.discard_n; ++i) seen.insert(st.discard[i]);
    if (st.played != cca::kNone) seen.insert(st.played);
  };
  auto check = [&](const std::string& whole) {
    const cca::State& st = cca::state_of(s.game.state());
    // The scenario lists the deck's make-up (public: every card there is); the rest is checked.
    json parsed = json::parse(whole);
    if (parsed.contains("position")) parsed["position"].erase("scenario");
    // A card played is public from then on, and so is the card a Counter Attack copies (it names
    // the card the other side played, mirrored: Left becomes Right).
    if (parsed.contains("events"))
      for (const json& e : parsed["events"])
        if (e["type"] == "card-played" || e["type"] == "card-copied")
          for (int k = 0; k < cca::kCardKinds; ++k)
            if (e["text"].get<std::string>().find(cca::card_info(uint8_t(k)).name) != std::string::npos) seen.insert(k);
    const std::string reply = parsed.dump();
    EXPECT_EQ(reply.find(seed), std::string::npos) << "the seed was shown: " << reply.substr(0, 300);
    for (int i = 0; i < st.hand_n[bot]; ++i) {
      const int k = st.hand[bot][i];
      if (seen.count(k)) continue;
      EXPECT_EQ(reply.find(cca::card_info(uint8_t(k)).name), std::string::npos)
          << "the bot's card " << cca::card_info(uint8_t(k)).name << " was named: " << reply.substr(0, 600);
      EXPECT_EQ(reply.find(std::string("\"") + cca::card_info(uint8_t(k)).id + "\""), std::string::npos)
          << "the bot's card " << cca::card_info(uint8_t(k)).id << " was named";
    }
    const json& j = parsed;
    if (j.contains("position")) {
      for (const json& c : j["position"]["state"]["hand"]["top"]) EXPECT_EQ(c, "hidden");
      for (const json& c : j["position"]["state"]["deck"]) EXPECT_EQ(c, "hidden");
    }
  };
  look();
  check(r.dump());
  Rng pick(17);
  int requests = 0;
  while (!s.game.is_over() && requests < 4000) {
    look();
    json legal = call(s, {{"cmd", "legal"}});
    check(legal.dump());
    json st = call(s, {{"cmd", "state"}});
    check(st.dump());
    ASSERT_GT(legal["actions"].size(), 0u);
    json a = call(s, {{"cmd", "apply"}, {"action", int(pick.below(uint32_t(legal["actions"].size())))}});
    ASSERT_EQ(a["ok"], true) << a;
    look();
    check(a.dump());
    if (requests % 50 == 0) {
      check(call(s, {{"cmd", "think"}, {"bot", "ismcts:iters=50"}}).dump());
      check(call(s, {{"cmd", "undo"}}).dump());
    }
    ++requests;
  }
  ASSERT_TRUE(s.game.is_over()) << "the game did not end";
  for (const char* cmd : {"save", "dice", "load"})
    EXPECT_EQ(call(s, {{"cmd", cmd}, {"faces", {"sword"}}, {"position", json::object()}})["error"]["code"], "seat_only") << cmd;
  EXPECT_EQ(call(s, {{"cmd", "state"}, {"view", "top"}})["error"]["code"], "seat_only");
  EXPECT_EQ(call(s, {{"cmd", "new"}, {"seed", 5}})["error"]["code"], "seat_only");
  // Once the game is over, the record (with the seed) is the seat's.
  json rec = call(s, {{"cmd", "record"}});
  EXPECT_EQ(rec["ok"], true);
  EXPECT_EQ(std::to_string(rec["record"]["seed"].get<uint64_t>()), seed);
  // Before the end it is refused.
  ASSERT_TRUE(call(s, {{"cmd", "new"}, {"scenario", "001"}, {"opponent", "random"}})["ok"]);
  EXPECT_EQ(call(s, {{"cmd", "record"}})["error"]["code"], "seat_only");
}

INSTANTIATE_TEST_SUITE_P(Protocol, SeatGames, ::testing::Values(uint64_t(9876543210123ull), uint64_t(5550001112223ull), uint64_t(7000000000007ull), uint64_t(31415926535897ull)));

// A seated engine draws each game's seed itself: two games differ.
TEST(Protocol, ASeatedEngineDrawsItsSeeds) {
  EngineOptions o = no_db();
  o.seat = "top";
  EngineSession s(o);
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"opponent", "random"}})["ok"], true);
  const uint64_t a = s.game.seed();
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"opponent", "random"}})["ok"], true);
  EXPECT_NE(a, s.game.seed());
}

TEST(Protocol, ErrorCodes) {
  EngineSession s(no_db());
  auto code = [&](const std::string& line) {
    json r = json::parse(handle_line(s, line));
    return r["ok"] == true ? std::string("ok") : r["error"]["code"].get<std::string>();
  };
  EXPECT_EQ(code("{"), "parse_error");
  // A NUL byte does not end the line early: the whole line is refused.
  EXPECT_EQ(code(std::string("{\"cmd\":\"hello\"}\0garbage", 24)), "parse_error");
  EXPECT_EQ(code("[]"), "bad_request");
  EXPECT_EQ(code("{\"cmd\":\"fly\"}"), "unknown_command");
  EXPECT_EQ(code(std::string(kMaxLineBytes + 1, ' ')), "line_too_long");
  EXPECT_EQ(code(std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']')), "too_deep");
  EXPECT_EQ(code(std::string(kMaxJsonDepth - 1, '[') + std::string(kMaxJsonDepth - 1, ']')), "bad_request");
  EXPECT_EQ(code("{\"cmd\":\"legal\"}"), "no_game");
  EXPECT_EQ(code("{\"cmd\":\"undo\"}"), "no_game");
  EXPECT_EQ(code("{\"cmd\":\"new\",\"scenario\":\"999\"}"), "unknown_scenario");
  EXPECT_EQ(code("{\"cmd\":\"new\"}"), "ok");
  EXPECT_EQ(code("{\"cmd\":\"undo\"}"), "nothing_to_undo");
  EXPECT_EQ(code("{\"cmd\":\"store\"}"), "db_disabled");
  EXPECT_EQ(code("{\"cmd\":\"apply\",\"action\":{\"type\":\"end-battles\"}}"), "illegal_action");
  EXPECT_EQ(code("{\"cmd\":\"apply\",\"action\":{\"type\":\"fly\"}}"), "bad_action");
  EXPECT_EQ(code("{\"cmd\":\"think\",\"bot\":\"nobody\"}"), "bad_bot");
  EXPECT_EQ(code("{\"cmd\":\"load\",\"position\":{}}"), "bad_position");
  json save = json::parse(handle_line(s, "{\"cmd\":\"save\"}"));
  json load = {{"cmd", "load"}, {"position", save["position"]}};
  EXPECT_EQ(code(load.dump()), "ok");
  EXPECT_EQ(code("{\"cmd\":\"record\"}"), "no_record");
  // An observation (hidden cards) is not a position to play from.
  json obs = json::parse(handle_line(s, "{\"cmd\":\"state\",\"view\":\"top\"}"));
  EXPECT_EQ(code(json{{"cmd", "load"}, {"position", obs["position"]}}.dump()), "bad_position");
}

// A whole game through the protocol, random legal choices with a fixed seed, to its end; the
// record replays to the position the engine reached; undo and apply agree with it.
TEST(Protocol, WholeGameToTheEnd) {
  EngineSession s(no_db());
  json r = call(s, {{"id", "n"}, {"cmd", "new"}, {"scenario", "001"}, {"seed", 7}});
  ASSERT_EQ(r["ok"], true) << r;
  EXPECT_EQ(r["id"], "n");
  Rng choose(99);
  int decisions = 0;
  bool over = false;
  for (; decisions < 100000; ++decisions) {
    json legal = call(s, {{"cmd", "legal"}});
    ASSERT_EQ(legal["ok"], true);
    if (legal["game_over"] == true) {
      over = true;
      EXPECT_TRUE(legal["actions"].empty());
      break;
    }
    const size_t n = legal["actions"].size();
    ASSERT_GT(n, 0u);
    size_t pick = choose.below(uint32_t(n));
    ASSERT_EQ(legal["actions"][pick]["id"], pick);
    // Alternate the two ways of naming an action: its id and its JSON.
    json a = decisions % 2 ? json(pick) : legal["actions"][pick]["action"];
    json applied = call(s, {{"id", decisions}, {"cmd", "apply"}, {"action", a}});
    ASSERT_EQ(applied["ok"], true) << applied;
    ASSERT_EQ(applied["id"], decisions);
    ASSERT_EQ(applied["applied"]["value"], legal["actions"][pick]["value"]);
    for (const json& e : applied["events"]) {
      ASSERT_TRUE(e["text"].is_string());
      ASSERT_TRUE(e["section"].is_string());
    }
  }
  ASSERT_TRUE(over) << "the game did not end";
  json st = call(s, {{"cmd", "state"}});
  EXPECT_EQ(st["game_over"], true);
  EXPECT_TRUE(st["winner"].is_string() || st["draw"] == true);
  EXPECT_EQ(call(s, {{"cmd", "apply"}, {"action", 0}})["error"]["code"], "game_over");
  EXPECT_EQ(call(s, {{"cmd", "think"}, {"bot", "random"}})["error"]["code"], "game_over");

  // The record replays to the same final position.
  json rec = call(s, {{"cmd", "record"}});
  ASSERT_EQ(rec["ok"], true);
  EXPECT_EQ(rec["record"]["result"]["finished"], true);
  EXPECT_EQ(rec["record"]["steps"].size(), size_t(decisions));
  cca::GameRecord record;
  std::string err;
  ASSERT_TRUE(cca::record_from_json(rec["record"], record, &err)) << err;
  cca::State replayed;
  ASSERT_TRUE(cca::replay_record(*cca::find_builtin_scenario("001"), record, replayed, &err)) << err;
  json saved = call(s, {{"cmd", "save"}});
  EXPECT_EQ(cca::position_to_json(*cca::find_builtin_scenario("001"), replayed), saved["position"]);

  // Undo the last decision, apply it again: the same end.
  json before_end = saved["position"];
  json undo = call(s, {{"cmd", "undo"}});
  ASSERT_EQ(undo["ok"], true) << undo;
  EXPECT_EQ(undo["game_over"], false);
  json last = rec["record"]["steps"].back()["action"];
  ASSERT_EQ(call(s, {{"cmd", "apply"}, {"action", last}})["ok"], true);
  EXPECT_EQ(call(s, {{"cmd", "save"}})["position"], before_end);
}

// Forced dice come out in the next rolls; undo brings back the position before the decision.
TEST(Protocol, DiceAndUndo) {
  EngineSession s(no_db());
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"seed", 3}})["ok"], true);
  json start = call(s, {{"cmd", "save"}})["position"];
  // Play until a battle is possible, forcing six swords before each decision.
  for (int i = 0; i < 400; ++i) {
    json legal = call(s, {{"cmd", "legal"}});
    ASSERT_FALSE(legal["game_over"].get<bool>());
    int battle = -1;
    for (const json& a : legal["actions"])
      if (a["action"]["type"] == "battle") battle = a["id"];
    if (battle >= 0) {
      ASSERT_EQ(call(s, {{"cmd", "dice"}, {"clear", true}, {"faces", {"sword", "sword", "sword", "sword", "sword", "sword", "sword", "sword"}}})["queued"], 8);
      json applied = call(s, {{"cmd", "apply"}, {"action", battle}});
      ASSERT_EQ(applied["ok"], true);
      bool rolled = false;
      for (const json& e : applied["events"])
        if (e["type"] == "roll") {
          rolled = true;
          for (const json& d : e["dice"]) EXPECT_EQ(d, "sword");
        }
      if (rolled) break;
      continue;
    }
    ASSERT_EQ(call(s, {{"cmd", "apply"}, {"action", 0}})["ok"], true);
  }
  while (call(s, {{"cmd", "undo"}})["ok"] == true) {
  }
  EXPECT_EQ(call(s, {{"cmd", "save"}})["position"], start);
  EXPECT_EQ(call(s, {{"cmd", "record"}})["record"]["steps"].size(), 0u);
}

// `state` for one side never shows the other side's hand or the order of the deck.
TEST(Protocol, StateHidesTheOtherHandAndTheDeck) {
  EngineSession s(no_db());
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"scenario", "001"}, {"seed", 5}})["ok"], true);
  Rng choose(5);
  for (int step = 0; step < 120; ++step) {
    json referee = call(s, {{"cmd", "state"}, {"view", "referee"}})["position"]["state"];
    for (const char* view : {"top", "bottom"}) {
      const std::string me = view, them = me == "top" ? "bottom" : "top";
      std::string text = req(s, {{"cmd", "state"}, {"view", view}});
      json st = json::parse(text)["position"]["state"];
      ASSERT_EQ(st["hand"][them].size(), referee["hand"][them].size());
      for (const json& c : st["hand"][them]) ASSERT_EQ(c, "hidden") << text;
      for (const json& c : st["deck"]) ASSERT_EQ(c, "hidden") << text;
      ASSERT_EQ(st["hand"][me], referee["hand"][me]);
      for (const json& c : st["hand"][me]) ASSERT_NE(c, "hidden");
      // The deck order appears nowhere in the reply: not as a list of the referee's deck.
      if (referee["deck"].size() >= 3) {
        ASSERT_EQ(text.find(referee["deck"].dump()), std::string::npos);
      }
    }
    json legal = call(s, {{"cmd", "legal"}});
    if (legal["game_over"] == true) break;
    ASSERT_EQ(call(s, {{"cmd", "apply"}, {"action", choose.below(uint32_t(legal["actions"].size()))}})["ok"], true);
  }
}

TEST(Protocol, ThinkGivesALegalDecisionWithAnEstimate) {
  EngineSession s(no_db());
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"seed", 9}})["ok"], true);
  json legal = call(s, {{"cmd", "legal"}});
  json t = call(s, {{"id", 1}, {"cmd", "think"}, {"bot", "random"}});
  ASSERT_EQ(t["ok"], true) << t;
  EXPECT_EQ(t["player"], legal["player"]);
  int id = t["action"]["id"];
  ASSERT_GE(id, 0);
  ASSERT_LT(id, int(legal["actions"].size()));
  EXPECT_EQ(t["action"]["value"], legal["actions"][id]["value"]);
  EXPECT_TRUE(t["win_chance"].is_number());
  EXPECT_TRUE(t["best"].is_array());
  // think does not change the game.
  EXPECT_EQ(call(s, {{"cmd", "legal"}}), legal);
  EXPECT_EQ(call(s, {{"cmd", "think"}, {"bot", "random:ms=999999999"}})["ok"], false);
}

TEST(Protocol, ThinkKeepsThePlanBotsPlanThroughTheTurn) {
  // A client that asks the plan bot at every decision of its turn and applies its choice: the bot
  // plans once (at the card) and then plays the plan (no new search: 0 iterations) while the
  // position is the one it planned for. A plan bot asking near the cap of think time is refused
  // (it plans with 4 times its ms).
  EngineSession s(no_db());
  ASSERT_EQ(call(s, {{"cmd", "new"}, {"scenario", "004"}, {"seed", 21}})["ok"], true);
  const json start = call(s, {{"cmd", "legal"}});
  const json player = start["player"];
  int searched = 0, followed = 0;
  for (int step = 0; step < 40; ++step) {
    json legal = call(s, {{"cmd", "legal"}});
    if (legal["player"] != player || legal["decision"] == "battle") break;
    json t = call(s, {{"cmd", "think"}, {"bot", "plan:iters=100"}});
    ASSERT_EQ(t["ok"], true) << t;
    (t["iterations"] == 0 ? followed : searched)++;
    ASSERT_EQ(call(s, {{"cmd", "apply"}, {"action", t["action"]["id"]}})["ok"], true);
  }
  EXPECT_EQ(searched, 1);
  EXPECT_GE(followed, 1);
  json refused = call(s, {{"cmd", "think"}, {"bot", "plan:ms=200000"}});
  EXPECT_EQ(refused["ok"], false);
  EXPECT_EQ(refused["error"]["code"], "bad_argument");
}

// The program itself: an over-long line and garbage get error replies and it goes on.
TEST(Protocol, ProgramSurvivesLongLinesAndGarbage) {
  std::string input = "{\"id\":1,\"cmd\":\"new\",\"seed\":4}\n";
  input += std::string(kMaxLineBytes + 5000, 'x') + "\n";
  input += "\x01\x02\xff garbage\n";
  input += std::string(200, '{') + "\n";
  input += "{\"id\":2,\"cmd\":\"legal\"}\n";
  input += "{\"id\":3,\"cmd\":\"hello\"}";  // no final newline
  std::vector<std::string> out = run_engine(input, "long");
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(json::parse(out[0])["ok"], true);
  EXPECT_EQ(json::parse(out[1])["error"]["code"], "line_too_long");
  EXPECT_EQ(json::parse(out[2])["error"]["code"], "parse_error");
  EXPECT_EQ(json::parse(out[3])["error"]["code"], "too_deep");
  json legal = json::parse(out[4]);
  EXPECT_EQ(legal["id"], 2);
  EXPECT_GT(legal["actions"].size(), 0u);
  EXPECT_EQ(json::parse(out[5])["protocol"], kProtocolVersion);
}
