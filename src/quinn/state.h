// The dynamic state of a Quinn game (spec §3.9): a plain value, trivially copyable, no heap and
// no pointers, so a search copies it and nothing undoes. The scenario (table, terrain, profiles,
// names) stays outside. There is no hidden information: every seat sees the whole state.
#pragma once
#include <cstdint>
#include <type_traits>

#include "core/bits128.h"
#include "quinn/scenario.h"

namespace bgb::quinn {

constexpr uint8_t kNone = 0xFF;  // no stand, no command
constexpr int kMaxLocks = 4;     // lock partners of one stand: one per edge (I-CHARGE squares off)
constexpr int kMaxCharges = 64;  // charges declared in one activation
constexpr int kMaxChain = 32;    // stands of one flight chain (each flees at most once, I-FLEE)

// Per-stand flags. Acted..Disengaged and Fired are per phase and cleared when a phase begins.
enum StandFlag : uint8_t {
  kAlive = 1,
  kActed = 2,       // has taken its action in this movement phase (I-CMD)
  kAttacked = 4,    // has attacked in this movement phase (I-ONCE)
  kDisengaged = 8,  // passed a disengage test this phase: may not charge (I-DIS)
  kFired = 16,      // has fired (or held) in this fire phase
  kPassed = 32,     // passed its test and owes its move now (the decision AfterDisengage)
};

struct Stand {
  int32_t x = 0, y = 0;  // centre, mil
  uint16_t heading = 0;  // degrees, 0..359
  uint8_t flags = 0;
  uint8_t melees = 0;  // melees fought as attacker this phase (Q-SUC's penalty)
  uint16_t used = 0;   // allowance spent this phase, mil (what a Q-SUC follow-up charge has left)
  uint8_t lock[kMaxLocks] = {kNone, kNone, kNone, kNone};  // partners, symmetric relation
  bool alive() const { return flags & kAlive; }
  bool locked() const {
    for (uint8_t l : lock)
      if (l != kNone) return true;
    return false;
  }
  bool operator==(const Stand&) const = default;
};

// What the rules wait for. The state rests only at real decisions; dice are rolled inside apply.
enum class Decision : uint8_t {
  Activate,        // the phasing side picks a command, or ends its movement phase (Q-ACT)
  Act,             // a stand of the activated command acts, or the activation ends
  AfterDisengage,  // the stand that passed its test moves away (I-DIS)
  FleeChoice,      // the owner of a fleer that ran into a friend: disband it, or spread (Q-RES-4)
  LockTarget,      // a locked stand of the locked step picks which partner it attacks (I-LOCKED)
  Fire,            // a shooter of the firing side names a target or holds (I-GROUP)
  FollowUp,        // Q-SUC: the winner of a melee may charge again, or decline (I-SUC)
  Over,
};

// Where the phase's flow stands while a decision interrupts it (a flight's choice).
enum class Stage : uint8_t {
  Moving,       // movement phase, between activations or inside one
  Charges,      // resolving the activation's charges (I-WHEN)
  LockedStep,   // the end-of-phase fights of locked stands (I-LOCKED)
  FireDeclare,  // shooters naming targets
  FireResolve,  // volleys by target id
};

struct ChainEntry {
  uint8_t id = kNone;
  uint16_t heading = 0;  // direction of flight
  int32_t left = 0;      // mil still to run
  bool operator==(const ChainEntry&) const = default;
};

struct State {
  Stand stand[kMaxStands];
  uint8_t count[kSides] = {0, 0};       // stands each side began with
  uint8_t losses[kSides] = {0, 0};      // destroyed, disbanded, fled off (I-WIN)
  uint8_t break_point[kSides] = {0, 0};
  uint8_t round = 1;       // 1.. (goes up after Player 1's fire phase)
  uint8_t round_limit = 12;
  uint8_t p1 = 0;          // side of Player 1 (I-INIT)
  uint8_t side = 0;        // the side whose movement phase (or fire phase) it is
  bool fire_phase = false; // false: side's movement phase; true: side's fire phase
  Decision decision = Decision::Activate;
  Stage stage = Stage::Moving;
  int8_t winner = -1;      // when Over: 0, 1, or -1 for a draw
  uint32_t phases = 0;     // movement phases begun (the search's horizon key)

  // Commands of the phasing side, computed as its movement phase begins (I-CMD).
  uint8_t command_of[kMaxStands] = {};
  uint8_t n_commands = 0;
  uint64_t activated = 0;      // bit per command
  uint8_t active_cmd = kNone;  // the command being activated
  uint8_t actor = kNone;       // the stand of AfterDisengage / LockTarget / Fire

  // Charges declared in the activation, in order (I-WHEN).
  uint8_t charge_att[kMaxCharges] = {};
  uint8_t charge_def[kMaxCharges] = {};
  uint8_t n_charges = 0;
  uint8_t cursor = 0;  // next charge / next stand of the locked step / next shooter / next target

  uint8_t fire_target[kMaxStands] = {};  // per shooter of the firing side: its target, or kNone

  // A flight in progress (I-FLEE): the stack of fleers (the top one runs), who fled in this chain,
  // the friend just bumped (FleeChoice), and the recoil origin of a volley.
  ChainEntry chain[kMaxChain];
  uint8_t chain_n = 0;
  uint8_t bumped = kNone;
  Bits128 fled;
  // Q-SUC (successive melee, an option): the stand whose melee may be followed up, and the
  // partners the stand of the locked step has attacked in it.
  uint8_t follow = kNone;
  Bits128 struck;

  bool over() const { return decision == Decision::Over; }
  // Equal games: everything that plays on, the lists compared only as far as they are in use
  // (what lies past n_charges and chain_n is left over and read by nothing).
  bool operator==(const State& o) const {
    for (int i = 0; i < kMaxStands; ++i)
      if (!(stand[i] == o.stand[i]) || command_of[i] != o.command_of[i] || fire_target[i] != o.fire_target[i]) return false;
    for (int i = 0; i < kSides; ++i)
      if (count[i] != o.count[i] || losses[i] != o.losses[i] || break_point[i] != o.break_point[i]) return false;
    if (round != o.round || round_limit != o.round_limit || p1 != o.p1 || side != o.side || fire_phase != o.fire_phase ||
        decision != o.decision || stage != o.stage || winner != o.winner || phases != o.phases || n_commands != o.n_commands ||
        activated != o.activated || active_cmd != o.active_cmd || actor != o.actor || n_charges != o.n_charges ||
        cursor != o.cursor || chain_n != o.chain_n || bumped != o.bumped || !(fled == o.fled) || follow != o.follow ||
        !(struck == o.struck))
      return false;
    for (int i = 0; i < n_charges; ++i)
      if (charge_att[i] != o.charge_att[i] || charge_def[i] != o.charge_def[i]) return false;
    for (int i = 0; i < chain_n; ++i)
      if (!(chain[i] == o.chain[i])) return false;
    return true;
  }
};
static_assert(std::is_trivially_copyable_v<State>, "State must be a plain value");

}  // namespace bgb::quinn
