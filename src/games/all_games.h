// Every game this program plays, registered with the game layer (game/game.h), with its bots,
// levels and arena hooks (ai/bot.h, ai/arena.h). A new game is a folder of its own and a line in
// all_games.cpp; nothing in the game layer, the bots or the arena changes.
#pragma once

namespace bgb::games {

// Registers every game once; safe to call again and from several threads.
void register_all_games();

}  // namespace bgb::games
