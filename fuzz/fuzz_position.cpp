// libFuzzer target: the position parser (cca/json_io.h position_from_json). Any JSON text: the
// parser must refuse it with a message or accept it; an accepted position that keeps the
// engine's invariants must write back to the same JSON and list its legal actions.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "cca/json_io.h"
#include "core/json_read.h"
#include "cca/rules.h"
#include "cca/state.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!bgb::jsonr::depth_within(text, 64)) return 0;  // the protocol's limit
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  bgb::cca::Scenario scn;
  bgb::cca::State s;
  bgb::cca::clear_state(s);
  std::string err;
  if (!bgb::cca::position_from_json(j, scn, s, &err)) {
    if (err.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  if (!bgb::cca::check_invariants(scn, s).empty()) return 0;
  // Accepted and consistent: it writes back to a position that reads back equal.
  nlohmann::json again = bgb::cca::position_to_json(scn, s);
  bgb::cca::Scenario scn2;
  bgb::cca::State s2;
  bgb::cca::clear_state(s2);
  if (!bgb::cca::position_from_json(again, scn2, s2, &err)) std::abort();
  if (!(s2 == s)) std::abort();
  bgb::cca::ActionList legal;
  bgb::cca::legal_actions(scn, s, legal);
  return 0;
}
