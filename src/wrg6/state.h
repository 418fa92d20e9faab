// The dynamic state of a WRG game (spec §3.4): a plain value, trivially copyable, no heap and no
// pointers, so a search copies it and nothing undoes. The scenario (table, terrain, the units'
// troop types, weapons, classes and names) stays outside.
//
// Hidden information: the commitments a side has entered in the current simultaneous step
// (§3.5). observation() of the other side replaces them by kUnknown; determinize() chooses them.
#pragma once
#include <cstdint>
#include <type_traits>

#include "wrg6/scenario.h"

namespace bgb::wrg6 {

constexpr uint8_t kNone = 0xFF;
constexpr uint32_t kNoCommit = 0;           // nothing entered yet
constexpr uint32_t kUnknown = 0xFFFFFFFFu;  // entered, but hidden from this viewer

enum UnitFlag : uint32_t {
  kAlive = 1u << 0,        // on the table (not destroyed, not routed off)
  kShaken = 1u << 1,       // W-SH
  kImpetuous = 1u << 2,    // W-RR R1: must advance and charge (I-ORD)
  kBroken = 1u << 3,       // routing (I-ROUT)
  kPursuing = 1u << 4,     // after a router (I-ROUT)
  kTested1 = 1u << 5,      // has taken its occasion-1 test (W-OCC 1: the first time only)
  kNoAdvance = 1u << 6,    // W-RR R4, R5: no advance this period
  kAdvanced = 1u << 7,     // moved toward the enemy this period (charge, advance, pursuit)
  kRetired = 1u << 8,      // moved back this period (retire, fall back, evade, rout)
  kWasAdvancing = 1u << 9,  // kAdvanced of the last period (W-RF P1, M1)
  kWasRetiring = 1u << 10,  // kRetired of the last period (W-RF P2, M2)
  kCharging = 1u << 11,    // charging or counter-charging this period (W-TF)
  kCharged = 1u << 12,     // an enemy charge was declared on it this period
  kEvaded = 1u << 13,      // evaded this period
  kShotAt = 1u << 14,      // shot at this period
  kWasShotAt = 1u << 15,   // shot at last period (W-OCC 1, 4)
  kFollowedUp = 1u << 16,  // followed up this period's melee (W-TF "following up")
  kWasFollowingUp = 1u << 17,
  kDisRally = 1u << 18,    // disordered until a rally move (W-DIS, right column)
  kCaughtMoving = 1u << 19,  // foot caught on the move by mounted (W-DIS, cessation)
  kRecoiled = 1u << 20,    // recoiled this period (W-RR R6 "recoiling")
};

// W-RR: the results of a reaction test, and the column a test reads.
enum class Column : uint8_t { NoCharge, StartCharge, AnswerCharge };

struct Unit {
  uint32_t flags = 0;
  int16_t x = 0, y = 0;       // centre of the front edge, paces
  int16_t facing = 90;        // degrees, a multiple of 45
  uint8_t figs = 0;           // figures left
  uint8_t carried = 0;        // casualties short of a figure, 0..19 (I-CAS)
  uint8_t order = 0;          // Order
  uint8_t next_order = 0;     // issued in step 8, in force from the next period (I-ORD)
  uint8_t fall_back = 0;      // periods of forced falling back left (W-RR R6)
  uint8_t shot_streak = 0;    // consecutive periods shot at (W-OCC 4)
  uint8_t broke_period = 0;   // the period it last broke in (W-RF M8), 0: never
  uint8_t pursue = kNone;     // the router it pursues
  uint8_t charge = kNone;     // the enemy it charges this period (step 3 to 6)
  uint8_t last_band = 0;      // its last reaction result, 1..6 (for people and tests)
  uint16_t cas_in = 0, cas_out = 0, shot_in = 0;           // this period: hand-to-hand received, inflicted; shooting received
  uint16_t last_cas_in = 0, last_cas_out = 0, last_shot_in = 0;  // the same of the last period (W-RF P5, M5, M7)
  bool alive() const { return flags & kAlive; }
  bool has(uint32_t f) const { return (flags & f) != 0; }
  bool operator==(const Unit&) const = default;
};

// The simultaneous steps of W-SEQ in which sides enter commitments (§3.5), and the end.
enum class Step : uint8_t { Declare, Respond, Move, Orders, Shoot, Over };
constexpr int kSteps = 6;

struct State {
  Unit u[kMaxUnits];
  uint8_t n[kSides] = {0, 0};        // units each side began with
  uint16_t figs_start[kSides] = {0, 0};
  uint8_t general[kSides] = {kNone, kNone};  // the unit the C-in-C is with (I-GEN)
  uint8_t period = 1;
  uint8_t period_limit = 12;
  Step step = Step::Declare;
  uint8_t side = 0;      // the side entering commitments now
  uint8_t cursor = 0;    // the unit whose commitment is asked now
  int8_t winner = -1;    // when Over: 0, 1, or -1 for a draw
  uint32_t broke_since = 0;  // bit per unit: broke since the last step 4 (W-OCC 6)
  // This step's commitments, one action per unit (0: none asked or none yet); the other side's
  // are kUnknown in an observation.
  uint32_t commit[kMaxUnits] = {};
  // Steps resolved so far: each resolution reveals the commitments of both sides (what a session's
  // undo may not go back past, game::State::hidden_left).
  uint16_t resolved = 0;

  bool over() const { return step == Step::Over; }
  bool operator==(const State&) const = default;
};
static_assert(std::is_trivially_copyable_v<State>, "State must be a plain value");

}  // namespace bgb::wrg6
