// make_bot(): the spec strings understood, and the catalogue offered to players. Each bot kind
// registers here; "random" is the first.
#include <memory>

#include "ai/bot.h"
#include "ai/random_bot.h"

namespace bgb::ai {

namespace {

class RandomBot : public Bot {
 public:
  std::string spec() const override { return "random"; }
  cca::Action choose(const cca::Scenario& scn, const cca::State& s, Rng& rng, Explanation* why) override {
    cca::Action a = random_action(scn, s, rng);
    if (why) {
      *why = Explanation{};
      why->best.push_back(ActionValue{a, 0.5, 0});
    }
    return a;
  }
};

}  // namespace

std::unique_ptr<Bot> make_bot(const std::string& spec, std::string* error) {
  if (spec == "random") return std::make_unique<RandomBot>();
  if (error) *error = "unknown bot \"" + spec + "\" (known: random)";
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> bot_catalogue() {
  return {{"random", "plays any legal move at random"}};
}

}  // namespace bgb::ai
