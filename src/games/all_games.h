// Every game this program plays, registered with the game layer (game/game.h). A new game is a
// folder of its own and one line in all_games.cpp; nothing above the game layer changes.
#pragma once

namespace bgb::games {

// Registers every game once; safe to call again and from several threads.
void register_all_games();

}  // namespace bgb::games
