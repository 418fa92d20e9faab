// check_invariants (spec §3.9): what must hold after every action, recomputed from scratch.
#include "quinn/rules_internal.h"

namespace bgb::quinn {

std::string check_invariants(const Scenario& scn, const State& s) {
  auto name = [&](int id) { return stand_name(scn, id); };
  for (int side = 0; side < kSides; ++side) {
    if (s.count[side] != scn.army[side].size()) return "count of side " + std::to_string(side) + " is not the scenario's";
    int alive = 0;
    for (int k = 0; k < s.count[side]; ++k) alive += s.stand[stand_id(side, k)].alive();
    if (s.losses[side] != s.count[side] - alive)
      return "losses of side " + std::to_string(side) + " are " + std::to_string(s.losses[side]) + ", not the " +
             std::to_string(s.count[side] - alive) + " stands gone";
    for (int k = s.count[side]; k < kMaxStandsSide; ++k)
      if (s.stand[stand_id(side, k)].flags) return "an unused stand slot is in play";
    if (!s.over() && s.losses[side] >= s.break_point[side]) return "a side past its break point but the game goes on";
  }
  for (int a = 0; a < kMaxStands; ++a) {
    const Stand& sa = s.stand[a];
    if (!sa.alive()) {
      for (uint8_t l : sa.lock)
        if (l != kNone) return "a removed stand keeps a lock";
      continue;
    }
    if (sa.heading >= 360) return name(a) + ": heading out of range";
    const Rect ra = rect_of(scn, s, a);
    if (!on_table(ra, inches(scn.table_w), inches(scn.table_h))) return name(a) + " is off the table";
    for (int i = 0; i < kMaxLocks; ++i) {
      const uint8_t l = sa.lock[i];
      if (l == kNone) continue;
      if (l >= kMaxStands || !s.stand[l].alive()) return name(a) + " is locked with a stand not in play";
      if (side_of(l) == side_of(a)) return name(a) + " is locked with a friend";
      if (!locked_with(s, l, a)) return "the lock of " + name(a) + " and " + name(l) + " is not symmetric";
      if (!touch(ra, rect_of(scn, s, l))) return name(a) + " and " + name(l) + " are locked but not touching";
      for (int j = i + 1; j < kMaxLocks; ++j)
        if (sa.lock[j] == l) return name(a) + " lists a partner twice";
    }
    for (int b = a + 1; b < kMaxStands; ++b)
      if (s.stand[b].alive() && overlap(ra, rect_of(scn, s, b))) return name(a) + " and " + name(b) + " overlap";
    if (!s.fire_phase && (sa.flags & kFired)) return name(a) + " has fired outside a fire phase";
    if (s.fire_phase && (sa.flags & (kActed | kAttacked | kDisengaged | kPassed)))
      return name(a) + " keeps movement-phase marks in a fire phase";
  }
  if (s.n_commands > kMaxStandsSide) return "more commands than stands";
  if (s.n_commands < 64 && (s.activated >> s.n_commands) != 0) return "an activated command beyond the commands";
  if (s.decision == Decision::Act && (s.active_cmd == kNone || s.active_cmd >= s.n_commands)) return "an activation without its command";
  if (s.decision == Decision::FleeChoice && (s.chain_n == 0 || s.bumped == kNone)) return "a flight choice without a flight";
  if (s.decision != Decision::FleeChoice && s.chain_n != 0) return "a flight left unfinished";
  if ((s.decision == Decision::LockTarget || s.decision == Decision::Fire || s.decision == Decision::AfterDisengage ||
       s.decision == Decision::FollowUp) &&
      (s.actor == kNone || !s.stand[s.actor].alive()))
    return "a decision without its stand";
  if (s.decision == Decision::Over && s.winner != -1 && s.winner != 0 && s.winner != 1) return "a winner out of range";
  if (s.round > s.round_limit + 1) return "past the round limit";
  return "";
}

}  // namespace bgb::quinn
