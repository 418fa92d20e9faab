// What the rule files of src/quinn/ share and nothing outside them needs.
#pragma once
#include <string>

#include "quinn/rules.h"

namespace bgb::quinn::detail {

// The rules at work on one state: the scenario, the state, the dice and the log (null in search).
struct Ctx {
  const Scenario& scn;
  State& s;
  Rng& rng;
  Events* ev;
  void log(const char* type, const char* rule, std::string text, int a = -1, int b = -1, std::vector<int> dice = {},
           int total = 0) const {
    if (ev) ev->push_back(Event{type, rule, std::move(text), std::move(dice), a, b, total});
  }
};

inline double rate_in(const Profile& p) { return inches(p.rate); }
bool pose_on_table(const Scenario& scn, const Rect& r);
// The smallest free_run of r along u over every live stand but `skip1`, `skip2` (and group
// members when `group` is given); `blocker` receives the stand met (kNone when none).
double run_clear(const Scenario& scn, const State& s, const Rect& r, Vec u, double limit, int skip1, int skip2,
                 int& blocker, const Bits128* group = nullptr);
// Whether rect r (of stand id at a new pose) overlaps a live stand other than id (and the group).
bool overlaps_any(const Scenario& scn, const State& s, const Rect& r, int id, const Bits128* group = nullptr);
// Whether rect r touches a live enemy of `side` other than `except`.
bool touches_enemy(const Scenario& scn, const State& s, const Rect& r, int side, int except = -1);
double straight_cost(const Scenario& scn, Vec from, Vec to);  // length + length in rough (I-ROUGHMOVE)
double turn_cost(int delta);                                   // 3pi|delta|/360 (I-TURN), |delta| <= 180
// TurnTo: the cheaper of a turn and an about-face with a turn back; the about-face flag says which.
double turn_to_cost(int from, int to, bool free_mover, bool& about);

void set_pose(State& s, int id, int32_t x, int32_t y, int h);
// Moves stand id (footprint r, heading kept) by t along unit u to the nearest mil (§3.1). A run
// that stopped at contact (t from free_run, less the overlap tolerance) can be pressed past the
// tolerance by that rounding, so the run is shortened a mil at a time until the rounded pose
// overlaps no stand; t = 0 is the start pose. Returns the distance kept.
double place_along(const Scenario& scn, State& s, int id, const Rect& r, Vec u, double t);
void add_lock(State& s, int a, int b);
void clear_locks(State& s, int id);
bool lock_room(const State& s, int id);
// Removes a stand (destroyed, disbanded, fled off): its locks end, its side's losses grow, and
// the game ends at once when they reach the break point (I-WIN).
void remove_stand(Ctx& c, int id, const char* type, const char* rule, const std::string& why);
void recoil(Ctx& c, int id, Vec dir, const char* rule);
// A flight begins: the stand turns to `dir` and rolls its distance; the chain then runs until it
// ends or a friend is bumped (decision FleeChoice). False while a decision is pending.
bool start_flight(Ctx& c, int id, Vec dir, const char* rule);
bool run_chain(Ctx& c);
void flee_choice(Ctx& c, bool spread);

// Combat: one melee (I-DEF; the stand is marked as having attacked), one volley.
Result melee(Ctx& c, int att, int def, bool continuing);
void volley(Ctx& c, int target, const std::vector<int>& shooters);

// The flow of the turn (turn.cpp): goes on from wherever the state stands until a decision.
void advance(Ctx& c);
void begin_movement_phase(Ctx& c, int side);

std::string pose_text(int32_t x, int32_t y, int h);  // "(10.000, 16.000) 90°"
int d10(Ctx& c, std::vector<int>& dice);             // 1..10, the face noted
int d6(Ctx& c, std::vector<int>& dice);              // 1..6

}  // namespace bgb::quinn::detail
