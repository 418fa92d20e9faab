// The forward model of C&C: Ancients: who decides, the legal decisions in a fixed order, and
// applying one. Chance comes only from the Rng passed in. An illegal action is refused with a
// reason and leaves the state unchanged. A decision with a single legal action is taken
// automatically, so every decision a caller sees is a real choice.
#pragma once
#include <string>
#include <vector>

#include "core/rng.h"
#include "cca/action.h"
#include "cca/event.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca {

// §3 set up: place units and leaders, shuffle the deck, deal each side its command.
State new_game(const Scenario& scn, Rng& rng, EventLog* log = nullptr);

inline bool is_terminal(const State& s) { return s.decision == Decision::GameOver; }
inline Side current_player(const State& s) { return s.decider; }

// Fills out with the legal actions, sorted. Empty when the game is over.
void legal_actions(const Scenario& scn, const State& s, ActionList& out);
bool is_legal(const Scenario& scn, const State& s, Action a);

// Applies a legal action and runs the rules to the next real decision.
// Returns false (state untouched, reason in *error) when the action is not legal.
bool apply(const Scenario& scn, State& s, Action a, Rng& rng, EventLog* log = nullptr, std::string* error = nullptr);
// For bots: the action must come from legal_actions() of this state. When `next` is given it
// receives the legal actions of the new state (computed anyway), saving the caller a call.
void apply_unchecked(const Scenario& scn, State& s, Action a, Rng& rng, EventLog* log = nullptr,
                     ActionList* next = nullptr);

// A readable name of an action in this state, e.g. "move 7,3 -> 6,3".
std::string action_text(const Scenario& scn, const State& s, Action a);

// Recomputes everything cached and checks every invariant; returns "" when all hold.
std::string check_invariants(const Scenario& scn, const State& s);

// The battle dice the unit at from_hex would roll against target_hex now (close combat when
// adjacent, fire otherwise), with terrain and the card in force; 0 when it may not.
int battle_dice(const Scenario& scn, const State& s, int from_hex, int target_hex);
// §13 Leader Escape: the dice the enemy unit at `hex` rolls against a leader of leader_side who
// evades through it (one helmet kills him); 0 when no enemy unit stands there.
int leader_escape_dice(const Scenario& scn, const State& s, int hex, Side leader_side);
// §12: the hexes of one flag's retreat that unit u could not make were it standing on `dest`
// (each costs a block), every other piece where it stands; 0 when the retreat is open.
int retreat_shortfall_at(const Scenario& scn, const State& s, int u, int dest);

// §13: the hexes the unit at `hex` could evade to now, were it attacked by a unit it may evade
// (none when the hexes toward its baseline are blocked: it must then stand); *evades_some: whether
// it evades any attacker at all (light units, cavalry against foot, ...). Returns how many.
int evade_hexes(const Scenario& scn, const State& s, int hex, uint8_t out[8], bool* evades_some = nullptr);

// A battle a unit could make on its side's next turn: from `from` (where it would stand, its own
// hex when it stays) at `target`, with `dice` battle dice, close combat or fire.
struct BattleReach {
  uint8_t from, target, dice;
  bool close;
};
// Every battle the unit at `hex` could make were it ordered alone by a plain section card on its
// side's next turn, every other piece staying where it is (§8-§11): each destination it may move
// to (or staying), and each target it may then battle. A card adding moves or dice, or other
// pieces moving first, can do more. Empty when there is no unit at `hex`.
void battle_reach(const Scenario& scn, const State& s, int hex, std::vector<BattleReach>& out);
// Whether the unit at `hex` is ordered in its side's move phase now (§8): its reach this turn is
// then battle_reach_this_turn's.
bool ordered_this_turn(const State& s, int hex);
// For such a unit: every battle it could make this turn, under the card in force (Double Time's
// extra hex, Mounted Charge's die, ...), from where it may still move (or where it stands once
// moved), every other piece where it stands. Empty for any other unit.
void battle_reach_this_turn(const Scenario& scn, const State& s, int hex, std::vector<BattleReach>& out);
// The reach a player asks about as the position stands: this turn's for a unit ordered in the
// move phase under way, else the next turn's by a plain card. True when it is this turn's.
bool battle_reach_as_it_stands(const Scenario& scn, const State& s, int hex, std::vector<BattleReach>& out);
// Keeps of battle_reach's list the strongest battle of each kind against each target: the most
// dice (the first found on a tie), by target, the shot before the close combat.
void strongest_reach(std::vector<BattleReach>& reach);

// The unit types card `card` orders when it is a troop card (Order Light Troops, Order Mounted,
// ...): bit t for UnitType t (combat_table.h type_bit); every type for any other card.
uint32_t card_unit_types(uint8_t card);

// Helpers for tests and tools.
int unit_at(const State& s, int hex);     // unit index or -1
int leader_at(const State& s, int hex);   // leader index or -1

}  // namespace bgb::cca
