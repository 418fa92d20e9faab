// The scenario files of data/scenarios-quinn/, embedded in the program at build time (the
// generated embedded_quinn_scenarios.cpp, cmake/embed_scenarios.cmake with GAME=quinn).
#pragma once
#include <cstddef>

namespace bgb::quinn {

struct EmbeddedScenarioFile {
  const char* stem;  // file name without ".txt", e.g. "s1-cannae-like"
  const char* text;
  std::size_t size;
};
const EmbeddedScenarioFile* embedded_scenario_files(std::size_t& count);

}  // namespace bgb::quinn
