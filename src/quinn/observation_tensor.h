// A fixed-size numeric form of a Quinn position, for learning agents (the Python module's
// observation_tensor): the same shape on every table. Nothing is hidden in this game, so every
// seat's tensor holds the whole position, arranged from that seat's side (its stands first).
#pragma once
#include <vector>

#include "game/game.h"
#include "quinn/scenario.h"
#include "quinn/state.h"

namespace bgb::quinn {

// The parts, in order: "stands" [128, features] (rows 0..63 the viewer's stands by index in its
// army, 64..127 the other side's; an empty row is all zero), "rough" [16, 5] (present and the
// bounding box of each rough piece, as shares of the table) and "status" [n].
game::TensorLayout observation_tensor_layout();
void observation_tensor(const Scenario& scn, const State& s, int viewer, std::vector<float>& out);

}  // namespace bgb::quinn
