// The odds of a battle a player may declare, for front ends (the browser shows them on the
// target): the dice the attacker rolls, the chance of at least one hit, and the chance that the
// target is eliminated. Computed with the rules' own numbers (combat_table.cpp): every roll of up
// to 5 dice is scored exactly as the rules score it; more dice are sampled (4,000 rolls, a fixed
// seed, so that the same position gives the same numbers). A flag the target cannot retreat from
// costs a block (§12) when its first retreat step is blocked; a partly blocked path, a leader's
// casualty check and battle back are not counted.
#pragma once
#include "cca/action.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

struct BattleOdds {
  int dice = 0;
  double hit = 0;        // at least one hit
  double eliminate = 0;  // the target loses all its blocks
  // Close combat only: the target may evade (§13, its type against the attacker's, with a path
  // back). Then the figures above hold if it stands; evading, only a symbol of its class hits.
  bool may_evade = false;
};

// False when `a` is not a battle against a unit.
bool battle_odds(const Scenario& scn, const State& s, Action a, BattleOdds& out);

}  // namespace bgb::cca
