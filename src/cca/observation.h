// Hidden information at one point (architecture.md): what a side may know, and re-dealing what it
// cannot see. A side sees the board, both sides' banners, the played and discarded cards, its own
// hand, and the number of cards in the other hand and in the deck; never their identity or order.
#pragma once
#include "core/rng.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

// The state as `viewer` may know it: the other hand and the deck hold kHiddenCard.
State observe(const State& s, Side viewer);

// Deals the cards `viewer` cannot see (the other hand and the deck) at random from the cards
// unaccounted for, so that a bot can search a concrete game consistent with what it knows.
// Works on a real state or on an observation; the viewer's hand and all public facts stay.
void determinize(const Scenario& scn, State& s, Side viewer, Rng& rng);

}  // namespace bgb::cca
