// bgbot engine: the engine protocol (docs/protocol.md) on stdin/stdout, one JSON object per line.
// Lines are read with a bound: a line longer than kMaxLineBytes is not kept in memory; its start
// goes to handle_line(), which refuses it, and the rest is skipped.
#include <cstdio>
#include <iostream>
#include <string>

#include "app/commands.h"
#include "app/engine_protocol.h"

namespace bgb::app {

int cmd_engine(const EngineCmdOptions& opt) {
  EngineOptions eo;
  eo.db_path = opt.db;
  eo.auto_store = !opt.db.empty();
  eo.allow_files = !opt.no_files;
  EngineSession session(eo);
  std::string line;
  line.reserve(4096);
  auto process = [&] {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) return;  // blank lines get no reply
    const std::string reply = handle_line(session, line);
    std::fwrite(reply.data(), 1, reply.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  };
  int c;
  bool pending = false;
  while ((c = std::getchar()) != EOF) {
    if (c == '\n') {
      process();
      line.clear();
      pending = false;
      if (session.quit_requested()) return 0;
      continue;
    }
    pending = true;
    if (line.size() <= kMaxLineBytes) line.push_back(char(c));  // one byte over the limit is enough to refuse it
  }
  if (pending) process();
  return 0;
}

}  // namespace bgb::app
