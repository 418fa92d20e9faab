// libFuzzer target: the engine protocol's request handler (app/engine_protocol.h). Each input is
// a session: its lines are handled in order by one EngineSession that starts with a new game of
// scenario 001. Every reply must be one line of JSON with "ok"; nothing may crash or leak.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "app/engine_protocol.h"

namespace {

bgb::app::EngineOptions fuzz_options() {
  bgb::app::EngineOptions o;
  o.allow_db = false;     // no files written
  o.allow_files = false;  // no files read
  o.bots = {"random"};    // no time-consuming searches
  return o;
}

void check_reply(const std::string& reply) {
  if (reply.find('\n') != std::string::npos) std::abort();
  nlohmann::json j = nlohmann::json::parse(reply, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("ok") || !j["ok"].is_boolean()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  bgb::app::EngineSession session(fuzz_options());
  check_reply(bgb::app::handle_line(session, R"({"cmd":"new","scenario":"001","seed":1})"));
  const std::string input(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  int lines = 0;
  while (start <= input.size() && lines < 200) {
    size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    check_reply(bgb::app::handle_line(session, input.substr(start, end - start)));
    ++lines;
    if (session.quit_requested()) break;
    start = end + 1;
  }
  return 0;
}
