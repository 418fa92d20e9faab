#include <algorithm>
#include <mutex>

#include "game/game.h"

namespace bgb::game {

std::vector<double> State::returns() const {
  std::vector<double> r(size_t(num_players()), 0.0);
  if (!is_terminal()) return r;
  const int w = winner();
  if (w < 0) return r;
  for (int p = 0; p < num_players(); ++p) r[size_t(p)] = p == w ? 1.0 : -1.0;
  return r;
}

std::shared_ptr<const Scenario> Game::with_options(std::shared_ptr<const Scenario> s, const nlohmann::json& options,
                                                  std::string* error) const {
  if (options.is_null() || (options.is_object() && options.empty())) return s;
  if (error) {
    if (!options.is_object())
      *error = "the options must be an object of name -> value";
    else
      *error = "\"" + options.begin().key() + "\" is not an option of " + (s ? "scenario " + s->id() : "this game") +
               " (it takes none)";
  }
  return nullptr;
}

namespace {

struct Registry {
  std::mutex mu;
  std::vector<std::shared_ptr<const Game>> games;  // in registration order
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

bool register_game(std::shared_ptr<const Game> g) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  if (!g || std::any_of(r.games.begin(), r.games.end(), [&](const auto& x) { return x->name() == g->name(); }))
    return false;
  r.games.push_back(std::move(g));
  return true;
}

const Game* find_game(const std::string& name) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  for (const auto& g : r.games)
    if (g->name() == name) return g.get();
  return nullptr;
}

std::vector<const Game*> registered_games() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<const Game*> out;
  for (const auto& g : r.games) out.push_back(g.get());
  return out;
}

}  // namespace bgb::game
