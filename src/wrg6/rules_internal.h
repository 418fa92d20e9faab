// What the rule files share among themselves (not for the layers above).
#pragma once
#include <string>

#include "wrg6/rules.h"

namespace bgb::wrg6 {

constexpr int kNear = 150;       // W-RF, W-OCC 6: "within 150 p"
constexpr int kEnemyGap = 5;     // a normal move stops this short of an enemy (I-CHG: only charges make contact)
constexpr int kFlagHardShot = 1 << 21;  // lost 2 casualties per figure to shooting this period (W-OCC 4)

// "1 figure", "3 figures": counts in event texts.
inline std::string count(int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }
inline void emit(Events* ev, Event e) {
  if (ev) ev->push_back(std::move(e));
}
double rect_distance(const Scenario& scn, const State& s, int a, int b);
bool enemies(int a, int b);
int home_facing(int side);  // the direction of a side's own table edge (A: 270, B: 90)

// movement.cpp
int normal_allowance(const Scenario& scn, const State& s, int id);  // W-MOV, halved in a wood (I-TERR)
int charge_distance(const Scenario& scn, int id);
// Whether the unit may stand at `r`: on the table, overlapping no other live unit, and (when
// `gap`) no nearer than kEnemyGap to an enemy except `ignore`.
bool place_ok(const Scenario& scn, const State& s, int id, const Rect& r, bool gap, int ignore = -1);
// Moves the unit up to `dist` paces along `dir` (a facing), stopping where the next pace would not
// be place_ok; the wood doubles the cost of each pace for formed troops. Returns paces moved.
int run(const Scenario& scn, State& s, int id, int dir, int dist, bool gap, bool wood_costs, int ignore = -1);
void normal_move(const Scenario& scn, State& s, int id, uint32_t a, Events* ev);
// Where a turn (about the centre) or a 45-degree wheel (about the inner front corner) puts the
// unit, rounded to the pace as set_pose() leaves it: the move menu offers only those that fit.
Rect turned_pose(const Rect& r, int facing);
Rect wheel_pose(const Rect& r, bool left);
// Where a charge (or a pursuit) from the unit's pose meets `t` within `reach`: against the edge it
// strikes, centred or slid along it to the nearest free place; false when no place is free.
bool contact_pose(const Scenario& scn, const State& s, int id, int t, double reach, Rect* pose = nullptr);
void evade(const Scenario& scn, State& s, int id, int from, Rng& rng, Events* ev);
void rout_move(const Scenario& scn, State& s, int id, Rng& rng, Events* ev);
void pursue_move(const Scenario& scn, State& s, int id, Events* ev);
// The charge of step 6: contact with the target if it can be reached, else a straight run.
void charge_move(const Scenario& scn, State& s, int id, Events* ev);
void counter_charge_move(const Scenario& scn, State& s, int id, Events* ev);
bool set_pose(State& s, int id, const Rect& r);

// combat.cpp
void shooting_and_melee(const Scenario& scn, State& s, Rng& rng, Events* ev);

}  // namespace bgb::wrg6
