// The scenario text format (docs/scenarios.md): `key: value` header lines, then the board drawn
// twice as 9 rows of cells, a terrain map and a units map. A person who owns the scenario book
// can transcribe a printed map into it by hand; every mistake is reported as `FILE:LINE: message`.
//
// Guarantees:
// - load_scenario_text() never throws and never crashes, whatever the bytes it is given. It
//   reports every problem it finds (up to kMaxScenarioErrors) and returns true only when there
//   were none; then `out` is a complete, finalized Scenario that new_game() accepts, whose text
//   is all UTF-8 (a line that is not is refused with its FILE:LINE).
// - scenario_to_text() writes any Scenario; for a Scenario that load_scenario_text() produced,
//   load_scenario_text(scenario_to_text(s)) gives back a Scenario equal to s in every field.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cca/scenario.h"

namespace bgb::cca {

constexpr int kMaxScenarioErrors = 100;  // a garbage file stops here rather than print megabytes

bool load_scenario_text(const std::string& text, const std::string& filename, Scenario& out,
                        std::vector<std::string>& errors);

// Reads the file and loads it. Only a regular file of at most 4 MiB is read (core/file_read.h: a
// FIFO, a device, a directory is refused unread); the text must be UTF-8. A file that cannot be
// read is one error, `FILE:0: ...`.
bool load_scenario_file(const std::string& path, Scenario& out, std::vector<std::string>& errors);

std::string scenario_to_text(const Scenario& s);

// The scenario files of data/scenarios/, embedded in the program at build time (the generated
// embedded_scenarios.cpp). `stem` is the file name without ".txt", e.g. "001-akragas".
struct EmbeddedScenarioFile {
  const char* stem;
  const char* text;
  std::size_t size;
};
const EmbeddedScenarioFile* embedded_scenario_files(std::size_t& count);

}  // namespace bgb::cca
