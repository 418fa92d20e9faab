// A fixed-size numeric form of a WRG position as one side sees it, for learning agents (the Python
// module's observation_tensor): the same shape on every table. The other side's commitments of the
// step under way are hidden (§3.5): its rows show only that one was entered, never which.
#pragma once
#include <vector>

#include "game/game.h"
#include "wrg6/scenario.h"
#include "wrg6/state.h"

namespace bgb::wrg6 {

// The parts, in order: "units" [32, features] (rows 0..15 the viewer's units by index in its army,
// 16..31 the other side's; an empty row is all zero), "terrain" [8, 6] (present, wood or hill, and
// the rectangle as shares of the table) and "status" [n] (whose view, who decides, step, period).
game::TensorLayout observation_tensor_layout();
void observation_tensor(const Scenario& scn, const State& s, int viewer, std::vector<float>& out);

}  // namespace bgb::wrg6
