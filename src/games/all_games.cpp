#include "games/all_games.h"

#include <mutex>

#include "cca/cca_game.h"
#include "cca/model/bots.h"
#include "game/game.h"
#include "quinn/model/bots.h"
#include "quinn/quinn_game.h"
#include "wrg6/model/bots.h"
#include "wrg6/wrg6_game.h"

namespace bgb::games {

void register_all_games() {
  static std::once_flag once;
  std::call_once(once, [] {
    game::register_game(cca::make_game());
    cca::register_bots();
    game::register_game(quinn::make_game());
    quinn::register_bots();
    game::register_game(wrg6::make_game());
    wrg6::register_bots();
  });
}

}  // namespace bgb::games
