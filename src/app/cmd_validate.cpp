// bgbot validate FILE...: loads each scenario file and prints every problem as `FILE:LINE: message`
// (line 0 when the file itself cannot be read). Exit 0 when every file is valid, else 1.
#include <iostream>

#include "app/commands.h"
#include "cca/scenario_file.h"

namespace bgb::app {

int cmd_validate(const ValidateOptions& opt) {
  int bad = 0;
  for (const std::string& path : opt.files) {
    cca::Scenario scn;
    std::vector<std::string> errors;
    if (cca::load_scenario_file(path, scn, errors)) {
      std::cout << path << ": ok (" << scn.id << " " << scn.name << ", " << scn.fidelity << ")\n";
      // Hellenistic H3.1 [I-4]: a leader without a grade is only a note (he plays as an ordinary c).
      if (scn.hellenistic.use != cca::ModuleUse::None)
        for (const cca::LeaderSetup& l : scn.leaders)
          if (l.grade == cca::kGradeNone)
            std::cout << path << ": note: leader " << l.name << " has no grade: with the Hellenistic module he is a c\n";
    } else {
      ++bad;
      for (const std::string& e : errors) std::cout << e << "\n";
    }
  }
  if (opt.files.size() > 1)
    std::cout << (opt.files.size() - size_t(bad)) << " of " << opt.files.size() << " files valid\n";
  return bad == 0 ? 0 : 1;
}

}  // namespace bgb::app
