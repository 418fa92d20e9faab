// The bots of the WRG game on the generic searches: expert (the scripted player: the best prior
// of each commitment), greedy, flatmc and ismcts, with the levels easy/normal/hard.
// register_bots() registers them for "wrg6" with the bot registry (ai/bot.h).
#pragma once

namespace bgb::wrg6 {

void register_bots();

}  // namespace bgb::wrg6
