// A fixed-size numeric form of what a side may know (observation.h), for learning agents (the
// Python module's observation_tensor): the same shape in every battle. Computed from observe(),
// so the other hand and the deck order cannot reach it.
#pragma once
#include <vector>

#include "game/game.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

// The parts, in order: "board" [planes, 9 rows, 13 columns] (a hex at its row and column; a short
// row's 13th column is off the board), "cards" [4, card kinds] and "status" [n].
game::TensorLayout observation_tensor_layout();
// Fills `out` (resized to the layout's size) with `viewer`'s view of `s`.
void observation_tensor(const Scenario& scn, const State& s, Side viewer, std::vector<float>& out);

}  // namespace bgb::cca
