#include <cstring>

#include "cca/rules_internal.h"

namespace bgb::cca {

void clear_state(State& s) {
  std::memset(static_cast<void*>(&s), 0, sizeof(State));
  std::memset(s.unit_at, kNone, sizeof s.unit_at);
  std::memset(s.leader_at, kNone, sizeof s.leader_at);
  s.played = kNone;
  s.active = Side::Bottom;
  s.winner = Side::None;
  s.decision = Decision::PlayCard;
  s.decider = Side::Bottom;
  s.subject = kNone;
  s.combat.attacker = kNone;
  s.combat.target_hex = kNoHex;
  s.combat.def_unit = kNone;
  s.combat.def_leader = kNone;
  s.combat.strike.striker = kNone;
  s.combat.strike.victim = kNone;
  s.effective = kNone;
  s.lead_leader = kNone;
  s.last_played[0] = s.last_played[1] = kNone;
  s.reserve_leader[0] = s.reserve_leader[1] = kNone;
}

const char* const kFlagNames[8] = {"ordered",   "moved",      "battled",     "charged",
                                   "no-battle", "fired-once", "moved-again", "entered"};
const char* const kMarkNames[4] = {"elite-die-used", "balked", "shot-used", "reserve-moved"};

namespace {
const char* const kDecisionNames[] = {"play-card",      "order",       "move",        "battle",
                                      "evade-or-stand", "evade-path",  "ignore-flags", "retreat",
                                      "leader-evade",   "battle-back", "momentum-advance",
                                      "cavalry-extra-hex", "bonus-combat", "commander-discard", "balk-retreat", "companion-choice", "reserve-leader",
                                      "reserve-move", "game-over"};
static_assert(sizeof(kDecisionNames) / sizeof(kDecisionNames[0]) == size_t(kDecisions), "one name per Decision");
}  // namespace

const char* decision_name(Decision d) {
  const int i = int(d);
  return i >= 0 && i < kDecisions ? kDecisionNames[i] : "?";
}

bool parse_decision(const std::string& s, Decision& out) {
  for (int i = 0; i < kDecisions; ++i)
    if (s == kDecisionNames[i]) {
      out = Decision(i);
      return true;
    }
  return false;
}

int unit_index_at(const State& s, int hex) { return s.unit_at[hex] == kNone ? -1 : s.unit_at[hex]; }
int leader_index_at(const State& s, int hex) { return s.leader_at[hex] == kNone ? -1 : s.leader_at[hex]; }
int unit_at(const State& s, int hex) { return hex >= 0 && hex < kHexes ? unit_index_at(s, hex) : -1; }
int leader_at(const State& s, int hex) { return hex >= 0 && hex < kHexes ? leader_index_at(s, hex) : -1; }

int attached_leader(const State& s, int u) {
  int l = leader_index_at(s, s.units[u].hex);
  return (l >= 0 && s.leaders[l].side == s.units[u].side) ? l : -1;
}

bool lone_leader_at(const State& s, int hex, Side side) {
  int l = leader_index_at(s, hex);
  return l >= 0 && s.leaders[l].side == side && s.unit_at[hex] == kNone;
}

namespace {
void set_unit_bit(State& s, int u, int hex, bool on) {
  uint8_t& byte = s.unit_bits[idx(s.units[u].side)][hex >> 3];
  const uint8_t bit = uint8_t(1u << (hex & 7));
  byte = on ? uint8_t(byte | bit) : uint8_t(byte & ~bit);
}
}  // namespace

void move_unit(State& s, int u, int to) {
  s.unit_at[s.units[u].hex] = kNone;
  set_unit_bit(s, u, s.units[u].hex, false);
  s.units[u].hex = uint8_t(to);
  s.unit_at[to] = uint8_t(u);
  set_unit_bit(s, u, to, true);
}

void place_unit(State& s, int u, int hex) {
  s.units[u].status = Status::Alive;
  s.units[u].hex = uint8_t(hex);
  s.unit_at[hex] = uint8_t(u);
  set_unit_bit(s, u, hex, true);
}

void sync_unit_bits(State& s) {
  std::memset(s.unit_bits, 0, sizeof s.unit_bits);
  for (int i = 0; i < s.n_units; ++i)
    if (s.units[i].alive() && s.units[i].hex < kHexes) set_unit_bit(s, i, s.units[i].hex, true);
}

void move_leader(State& s, int l, int to) {
  s.leader_at[s.leaders[l].hex] = kNone;
  s.leaders[l].hex = uint8_t(to);
  s.leader_at[to] = uint8_t(l);
}

void remove_unit(State& s, int u, Status why) {
  s.unit_at[s.units[u].hex] = kNone;
  if (s.units[u].hex < kHexes) set_unit_bit(s, u, s.units[u].hex, false);
  s.units[u].status = why;
  s.units[u].hex = kNoHex;
  s.units[u].blocks = 0;
}

void remove_leader(State& s, int l, Status why) {
  s.leader_at[s.leaders[l].hex] = kNone;
  s.leaders[l].status = why;
  s.leaders[l].hex = kNoHex;
}

}  // namespace bgb::cca
