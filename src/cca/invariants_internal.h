// The parts of check_invariants() (invariants.cpp) kept in files of their own: each returns ""
// when its fields agree with each other and with the pieces, or says what is wrong. They run
// after the pieces and the cards were checked, so an index they read is already known in range.
#pragma once
#include <string>

#include "cca/rules_internal.h"

namespace bgb::cca {

// The card on the table, the card in force and the orders it gives (invariants_orders.cpp).
std::string check_card_in_force(const Scenario& scn, const State& s);
// The pending decision, its decider and subject, the combat record and the leader evade queue,
// and that the decision has a legal action (invariants_pending.cpp).
std::string check_pending(const Scenario& scn, const State& s);

}  // namespace bgb::cca
