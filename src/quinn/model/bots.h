// The bots of Quinn's game on the generic searches: greedy, expert (scripted), flatmc, ismcts
// (open-loop MCTS here: nothing is hidden), with the levels easy/normal/hard. register_bots()
// registers them for "quinn" with the bot registry (ai/bot.h).
#pragma once

namespace bgb::quinn {

void register_bots();

}  // namespace bgb::quinn
