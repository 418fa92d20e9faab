// Every test runs with every game and its bots registered, as the program does at start (main.cpp).
#include "games/all_games.h"

namespace {
const bool registered = (bgb::games::register_all_games(), true);
}  // namespace
