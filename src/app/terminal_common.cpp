#include "app/terminal_common.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cca/json_io.h"
#include "cca/scenario_file.h"
#include "core/file_read.h"
#include "core/hash.h"

namespace bgb::app {

using namespace bgb::cca;

bool load_scenario_arg(const std::string& arg, Scenario& out, std::vector<std::string>& errors) {
  errors.clear();
  if (const Scenario* b = find_builtin_scenario(arg)) {
    out = *b;
    return true;
  }
  std::error_code ec;
  if (!std::filesystem::exists(arg, ec)) {
    std::string known;
    for (const std::string& id : builtin_scenario_ids()) known += (known.empty() ? "" : ", ") + id;
    errors.push_back("\"" + arg + "\" is neither a built-in scenario (" + known + ") nor a readable scenario file");
    return false;
  }
  // A regular file under the size limit only (scenario_file.h: a FIFO, a device, a directory or a
  // huge file is refused unread), UTF-8 text.
  Scenario scn;
  if (!load_scenario_file(arg, scn, errors)) {
    if (errors.empty()) errors.push_back(arg + ":0: the scenario could not be loaded");
    return false;
  }
  out = std::move(scn);
  return true;
}

bool read_record_file(const std::string& path, GameRecord& out, std::string& error) {
  std::string text;
  if (!files::read_regular_file(path, files::kMaxRecordBytes, text, error)) return false;
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    error = path + ": not valid JSON";
    return false;
  }
  std::string err;
  if (!record_from_json(j, out, &err)) {
    error = path + ": " + err;
    return false;
  }
  return true;
}

bool write_record_file(const std::string& path, const Scenario& scn, const GameRecord& r, std::string& error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    error = path + ": cannot write the file";
    return false;
  }
  out << record_to_json(scn, r).dump(2) << "\n";
  out.close();
  if (!out) {
    error = path + ": writing failed";
    return false;
  }
  return true;
}

std::string position_hash(const Scenario& scn, const State& s) {
  const std::string text = state_to_json(scn, s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return hex16(fnv1a(text, kFnv1aShortBasis));
}

bool want_color() { return isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr; }

}  // namespace bgb::app
