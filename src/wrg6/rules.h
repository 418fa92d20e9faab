// The rules of the WRG game (spec §1-§3): a period (W-SEQ) as a state machine of simultaneous
// steps (§3.5). In each step with choices, side A enters one commitment per unit that has a
// choice, then side B enters its own without seeing A's, then both are revealed and resolved.
// legal_actions() lists the commitments the asked unit may enter, in ascending order; apply()
// enters one and, after the step's last, resolves it and runs the rules (dice from the Rng passed
// in) to the next real decision. Every event carries the sheet rule (W-...) or our
// interpretation (I-...) it applies.
#pragma once
#include <string>
#include <vector>

#include "core/rng.h"
#include "wrg6/action.h"
#include "wrg6/geometry.h"
#include "wrg6/scenario.h"
#include "wrg6/state.h"

namespace bgb::wrg6 {

struct Event {
  std::string type;       // "commit", "test", "charge", "evade", "move", "shoot", "melee", "recoil", "break", ...
  std::string rule;       // "W-RR", "I-MELEE", ...
  std::string text;       // one line for people
  std::vector<int> dice;  // faces rolled for it, as Rng::die gave them (0-based)
  int a = -1, b = -1;     // the units it is about
  int side = -1;          // a commitment's side: the other side sees it without its content
};
using Events = std::vector<Event>;

// A new game of `scn`: every unit at its pose, period 1 begun, run to the first decision.
// It is setup() and then begin_period(): tests place and mark units in between.
State new_game(const Scenario& scn, Rng& rng, Events* ev = nullptr);
State setup(const Scenario& scn);
// Starts the period s.period (W-SEQ step 2 on) and runs the rules to the next decision.
void begin_period(const Scenario& scn, State& s, Rng& rng, Events* ev = nullptr);

// The side that decides now (0 A, 1 B), or -1 when the game is over.
int to_decide(const State& s);

void legal_actions(const Scenario& scn, const State& s, std::vector<uint32_t>& out);
// The commitments unit `id` may enter in the current step (the list its decision offers; the
// step's resolution and determinize() use it too).
void unit_choices(const Scenario& scn, const State& s, int id, std::vector<uint32_t>& out);
bool is_legal(const Scenario& scn, const State& s, uint32_t a, std::string* why = nullptr);
// Enters a legal action (unchecked: call is_legal first for input from outside).
void apply(const Scenario& scn, State& s, uint32_t a, Rng& rng, Events* ev = nullptr);

// What `viewer` may see: the other side's commitments of this step become kUnknown.
State observe(const State& s, int viewer);
// Fills every kUnknown commitment with a random legal one (what the viewer cannot see).
void determinize(const Scenario& scn, State& s, Rng& rng);

std::string action_text(const Scenario& scn, const State& s, uint32_t a);
std::string unit_name(const Scenario& scn, int id);  // "A1 Hoplites (hi)"
// A side named in the plural ("Gauls", "Horsemen") takes "win", one in the singular ("Rome") "wins".
bool plural_name(const std::string& side);
inline std::string wins(const std::string& side) { return side + (plural_name(side) ? " win" : " wins"); }

// Recomputes what the state caches and checks every invariant (§3.4): "" when all hold.
std::string check_invariants(const Scenario& scn, const State& s);

// ---- Pieces the rules are built from, for tests and the bots ----

const UnitSpec& spec_of(const Scenario& scn, int id);
// The unit's formation now: files (a short front rank when fewer figures than files), ranks.
int files_now(const Scenario& scn, const State& s, int id);
int ranks_now(const Scenario& scn, const State& s, int id);
Rect rect_of(const Scenario& scn, const State& s, int id);
int men(const State& s, int id);                            // figs * 20 - carried (I-CAS)
int men_start(const Scenario& scn, int id);
bool in_wood(const Scenario& scn, Vec p);
bool on_hill(const Scenario& scn, Vec p);
// Whether enemy `e` is within `id`'s charge reach: in its front arc and no farther than its charge
// move (W-MOV, I-CHG).
bool in_charge_reach(const Scenario& scn, const State& s, int id, int e);
// An advance of `quarters` quarters of the normal move (I-ORD: W orders half at most): the paces
// asked for, and the paces it would make now were nobody else to move first (the menu's "room").
int advance_paces(const Scenario& scn, const State& s, int id, int quarters);
int advance_room(const Scenario& scn, const State& s, int id, int quarters);
// Disorder causes of each kind (W-DIS): cured when the cause ends, and cured by a rally move.
int disorder_cessation(const Scenario& scn, const State& s, int id);
int disorder_rally(const State& s, int id);
inline bool disordered(const Scenario& scn, const State& s, int id) {
  return disorder_cessation(scn, s, id) + disorder_rally(s, id) > 0;
}

// Reaction tests (W-OCC, W-RD, W-RF, W-RR, I-CLASS).
enum class Occasion : uint8_t { FirstReach = 1, StartCharge = 2, Charged = 3, ShotHard = 4, FriendBroke = 6, Rally = 8 };
struct TestContext {
  Occasion occasion = Occasion::FirstReach;
  int other = -1;  // the enemy it means to charge, or that charges it
};
struct FactorLine {
  Factor f;
  int value;  // the factor's value times its count
};
// The factors that apply, in W-RF order, and their sum.
std::vector<FactorLine> reaction_factors(const Scenario& scn, const State& s, int id, const TestContext& c);
int reaction_total(const std::vector<FactorLine>& lines);
// "P1 advancing +1, M13 light troops -3": the factors for people.
std::string factors_text(const std::vector<FactorLine>& lines);
// Rolls the test (W-RD dice), returns the band 1..6 and notes it in the unit; the dice are in the event.
int reaction_test(const Scenario& scn, State& s, int id, const TestContext& c, Rng& rng, Events* ev);
// Applies a band of the no-charge column (W-RR) to the unit (shaken, impetuous, breaks, ...).
void apply_no_charge_result(const Scenario& scn, State& s, int id, int band, Events* ev);
// The unit breaks (I-ROUT): routing from now; friends within 150 p test next step 4.
void break_unit(const Scenario& scn, State& s, int id, Events* ev, const char* rule);
// Shaken again while shaken means breaking (I-MELEE).
void make_shaken(const Scenario& scn, State& s, int id, Events* ev, const char* rule);

// Combat (W-CAS, W-HWF, W-SWF, W-TF, I-FIGHT, I-RAND).
// Figures of `id` that fight `e` hand to hand: front-rank files touching it, one overlap at each
// end, and the second rank too for long spears (I-FIGHT).
int figures_fighting(const Scenario& scn, const State& s, int id, int e);
// Figures of `id` that shoot: the front rank; foot bows' second rank at half (W-TF).
int figures_shooting(const Scenario& scn, const State& s, int id);
// The factor total without the die: hand to hand against `e`, and shooting at `e`.
int melee_factors(const Scenario& scn, const State& s, int id, int e);
int shooting_factors(const Scenario& scn, const State& s, int id, int e);
// The legal shooting targets of `id` (I-FIGHT: the nearest enemies in the 45-degree arc within
// range, ties all listed; none in contact with anyone).
void shooting_targets(const Scenario& scn, const State& s, int id, std::vector<int>& out);
// The enemies `id`'s front edge touches, and every enemy touching it at all.
void front_contacts(const Scenario& scn, const State& s, int id, std::vector<int>& out);
bool in_contact(const Scenario& scn, const State& s, int id);
// W-SH: a melee shakes a unit that received at least 5 times what it inflicted and at least half
// a casualty per figure it had.
bool shaken_by_melee(int received, int inflicted, int figures);
// Whether a flank of `id` is secure (W-RF P6, ours): an unbroken friend within 40 p of that
// flank edge, or the table edge within 40 p of it. `left` as the unit faces.
bool flank_secure(const Scenario& scn, const State& s, int id, bool left);
// Casualties taken this period become figures removed (I-CAS); shaken by W-SH.
void remove_casualties(const Scenario& scn, State& s, int id, int cas, Events* ev);

}  // namespace bgb::wrg6
