// The scenario files of data/scenarios-wrg6/, embedded in the program at build time (the
// generated embedded_wrg6_scenarios.cpp, cmake/embed_scenarios.cmake with GAME=wrg6).
#pragma once
#include <cstddef>

namespace bgb::wrg6 {

struct EmbeddedScenarioFile {
  const char* stem;  // file name without ".txt", e.g. "s1-spear-wall"
  const char* text;
  std::size_t size;
};
const EmbeddedScenarioFile* embedded_scenario_files(std::size_t& count);

}  // namespace bgb::wrg6
