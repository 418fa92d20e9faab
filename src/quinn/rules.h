// The rules of Quinn's D10 game (spec §1-§3): the turn as a state machine of small decisions
// (§3.7). legal_actions() lists what the side to decide may do, in a fixed order; apply() plays
// one of them and runs the rules (dice from the Rng passed in) to the next real decision.
// Every event carries the rule (Q-...) or interpretation (I-...) it applies.
#pragma once
#include <string>
#include <vector>

#include "core/rng.h"
#include "quinn/action.h"
#include "quinn/geometry.h"
#include "quinn/scenario.h"
#include "quinn/state.h"

namespace bgb::quinn {

struct Event {
  std::string type;        // "move", "charge", "melee", "volley", "recoil", "flee", "destroyed", ...
  std::string rule;        // "Q-MEL-1", "I-FLEE", ...
  std::string text;        // one line for people
  std::vector<int> dice;   // faces rolled for it, as Rng::roll gave them (0-based)
  int a = -1, b = -1;      // the stands it is about (attacker/target, fleer/friend)
  int total = 0;           // a melee's or volley's total
};
using Events = std::vector<Event>;

// A new game of `scn`: every stand at its pose, the initiative rolled (I-INIT), Player 1's first
// movement phase begun.
State new_game(const Scenario& scn, Rng& rng, Events* ev = nullptr);

// The side that decides now (0 A, 1 B), or -1 when the game is over.
int to_decide(const State& s);

void legal_actions(const Scenario& scn, const State& s, std::vector<Act>& out);
// The part of legal_actions() that is one stand's in a Decision::Act (Hold, moves, charges, or
// Hold and Disengage when locked), appended to out: bots that take the stands in an order of
// their own list one stand at a time.
void stand_legal_actions(const Scenario& scn, const State& s, int id, std::vector<Act>& out);
// The command macros of a Decision::Act (Advance), appended to out.
void macro_legal_actions(const Scenario& scn, const State& s, std::vector<Act>& out);
// Whether `a` may be played now; the reason when not. MoveTo (a person's free move) is checked by
// the same path tests as the templates; everything else must be in legal_actions().
bool is_legal(const Scenario& scn, const State& s, Act a, std::string* why = nullptr);
// Plays a legal action (unchecked: call is_legal first for input from outside).
void apply(const Scenario& scn, State& s, Act a, Rng& rng, Events* ev = nullptr);

std::string action_text(const Scenario& scn, const State& s, Act a);
std::string stand_name(const Scenario& scn, int id);  // "A3 Libyans (hi)"
// "Rome's", "Greeks'": a side's name as the owner of something.
std::string possessive(const std::string& name);

// Recomputes what the state caches and checks every invariant (§3.9): "" when all hold.
std::string check_invariants(const Scenario& scn, const State& s);

// ---- Pieces the rules are built from, for tests and the bots ----

const Profile& profile_of(const Scenario& scn, int id);
Rect rect_of(const Scenario& scn, const State& s, int id);
bool in_rough(const Scenario& scn, const State& s, int id);  // centre inside a rough piece (I-ROUGH)
bool locked_with(const State& s, int a, int b);

// The commands of `side`: connected groups of touching live stands (Q-CMD-1, I-CONTACT), numbered
// by their lowest stand id; command_of[id] = kNone for others.
int compute_commands(const Scenario& scn, const State& s, int side, uint8_t command_of[kMaxStands]);
// Supporting ranks behind a stand that count (I-SUPP), capped by its own cap (Q-MEL-6).
int support(const Scenario& scn, const State& s, int id);
// A melee's modifiers (I-DEF): the total without the die, and the parts for the log.
struct MeleeMods {
  int basic = 0, locked = 0, rough = 0, support = 0, flank = 0, successive = 0;
  int sum() const { return basic + locked + rough + support + flank + successive; }
};
MeleeMods melee_mods(const Scenario& scn, const State& s, int att, int def, bool continuing);
// Whether shooter may shoot target now (I-FOF, I-MISLOCK, I-LOS).
bool can_shoot(const Scenario& scn, const State& s, int shooter, int target);
// A volley's modifier without the die: target modifier + shooters - 1 (Q-MIS-5, Q-MIS-7).
int volley_mod(const Scenario& scn, int target, int shooters);
// Disengage (Q-DIS): the die needed after the modifier, 0 when no die is rolled.
int disengage_need(const Scenario& scn, int id);

// Movement (§3.5): a stand's pose after a template or a charge, when legal.
struct Pose {
  int32_t x = 0, y = 0;
  int h = 0;
  double cost = 0;  // inches of allowance used
};
bool template_pose(const Scenario& scn, const State& s, int id, int tmpl, Pose& out);
// `budget` (inches, < 0: the stand's rate) is what the charge may cost: a follow-up charge of
// Q-SUC has only what its first move left.
bool charge_pose(const Scenario& scn, const State& s, int id, int target, int edge, int offset, Pose& out, double budget = -1);
// The cheapest legal path to a chosen pose (MoveTo), or false with the reason.
bool move_to_pose(const Scenario& scn, const State& s, int id, int32_t x, int32_t y, int h, Pose& out,
                  std::string* why = nullptr);
// The poses of a command macro Advance(f) led by `lead` (I-... §3.10), when legal.
bool advance_poses(const Scenario& scn, const State& s, int lead, int frac, std::vector<std::pair<int, Pose>>& out);
// The macro Wheel (§3.10): the command's remaining stands, one rank side by side, wheel about the
// front corner of one end: form 0-2 to the left by 22, 45, 90 degrees, 3-5 to the right. Each
// stand turns to the new heading and runs the chord to its place; all move at once (they ignore
// each other on the way, their new places may not overlap).
bool wheel_poses(const Scenario& scn, const State& s, int lead, int form, std::vector<std::pair<int, Pose>>& out);

constexpr int kStraightTemplates = 9;   // 0..8: oblique -45/0/+45 x 1/3, 2/3, 1
constexpr int kTurnTemplates = 12;      // 9..20: turn -90/-45/+45/+90 then 0, 1/2, 1 of the rest
constexpr int kAboutTemplates = 2;      // 21..22: about-face then 0 or all of the rest
constexpr int kFreeTemplates = 48;      // 23..70: free movers, 8 directions x 3 x 2 end headings
constexpr int kNumTemplates = 71;

}  // namespace bgb::quinn
