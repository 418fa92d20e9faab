// Flight (Q-RES-3, Q-RES-4, I-FLEE): the fleer turns away and runs d10 inches straight, ignoring
// terrain. Off the table or into an enemy it is destroyed; into a friend its owner chooses to
// disband it or to make the friend flee too (which then runs its own d10 first, after which the
// first fleer goes on). Each stand flees at most once in a chain, so every chain ends.
#include <cstdio>

#include "quinn/rules_internal.h"

namespace bgb::quinn::detail {

namespace {

// The stand a fleer's turned footprint would overlap, if any (I-FLEE): an enemy before a friend
// (touching an enemy destroys the fleer whatever the friends do), then a friend that has not fled
// in this chain (the owner's choice), then one that has (the fleer stops); lowest id first.
int overlapped_by_turn(const Scenario& scn, const State& s, const Rect& turned, int id) {
  int best = kNone, rank = 3;
  for (int side = 0; side < kSides; ++side)
    for (int k = 0; k < s.count[side]; ++k) {
      const int o = stand_id(side, k);
      if (o == id || !s.stand[o].alive() || !overlap(turned, rect_of(scn, s, o))) continue;
      const int r = side != side_of(id) ? 0 : s.fled.test(o) ? 2 : 1;
      if (r < rank) rank = r, best = o;
    }
  return best;
}

}  // namespace

bool start_flight(Ctx& c, int id, Vec dir, const char* rule) {
  State& s = c.s;
  if (s.chain_n == 0) s.fled = Bits128{};
  const int h = snap_heading(dir);
  std::vector<int> dice;
  const int dist = d10(c, dice);
  clear_locks(s, id);
  s.fled.set(id);  // it turns to h when its run begins (run_chain)
  s.chain[s.chain_n++] = ChainEntry{uint8_t(id), uint16_t(h), dist * kMil};
  c.log("flee", rule, stand_name(c.scn, id) + " flees " + std::to_string(dist) + "\" toward " + std::to_string(h) + "°", id, -1,
        dice, dist);
  return run_chain(c);
}

bool run_chain(Ctx& c) {
  State& s = c.s;
  while (s.chain_n > 0 && !s.over()) {
    ChainEntry& top = s.chain[s.chain_n - 1];
    const int id = top.id;
    Rect r = rect_of(c.scn, s, id);
    const Vec u = forward(top.heading);
    const double left = inches(top.left);
    int blocker = kNone;
    double hit = left;
    if (r.h != top.heading) {
      // I-FLEE: the fleer turns away first. A turned footprint off the table is a flight off it;
      // one that would overlap a stand touches that stand after 0", and the fleer keeps its
      // heading until the way is clear (a stand never stands inside another).
      Rect turned = r;
      turned.h = top.heading;
      if (!pose_on_table(c.scn, turned)) {
        s.chain_n--;
        remove_stand(c, id, "fled-off", "I-FLEE", "flees off the table and is lost");
        continue;
      }
      blocker = overlapped_by_turn(c.scn, s, turned, id);
      if (blocker == kNone) {
        set_pose(s, id, s.stand[id].x, s.stand[id].y, top.heading);
        r = turned;
      } else {
        hit = 0;
      }
    }
    if (blocker == kNone) {
      const double on = run_on_table(r, u, left, inches(c.scn.table_w), inches(c.scn.table_h));
      hit = run_clear(c.scn, s, r, u, left, id, -1, blocker);
      if (on < left - 1e-9 && (blocker == kNone || on <= hit)) {
        s.chain_n--;
        remove_stand(c, id, "fled-off", "I-FLEE", "flees off the table and is lost");
        continue;
      }
    }
    if (blocker == kNone) {
      place_along(c.scn, s, id, r, u, left);
      s.chain_n--;
      c.log("fled", "I-FLEE", stand_name(c.scn, id) + " ends its flight at " + pose_text(s.stand[id].x, s.stand[id].y, top.heading), id);
      continue;
    }
    // It runs into a stand: up to contact, then by what it met.
    const double t = place_along(c.scn, s, id, r, u, std::max(0.0, hit - kOverlapTol));
    top.left = std::max(0, top.left - to_mil(t));
    char buf[48];
    std::snprintf(buf, sizeof buf, " after %.3f\"", t);
    if (side_of(blocker) != side_of(id)) {
      s.chain_n--;
      remove_stand(c, id, "destroyed", "I-FLEE", "runs into the enemy " + stand_name(c.scn, blocker) + buf + " and is destroyed");
      continue;
    }
    if (s.fled.test(blocker)) {
      s.chain_n--;
      c.log("fled", "I-FLEE", stand_name(c.scn, id) + " stops against " + stand_name(c.scn, blocker) + buf, id, blocker);
      continue;
    }
    s.bumped = uint8_t(blocker);
    s.decision = Decision::FleeChoice;
    c.log("bump", "Q-RES-4", stand_name(c.scn, id) + " runs into its own " + stand_name(c.scn, blocker) + buf, id, blocker);
    return false;
  }
  return true;
}

void flee_choice(Ctx& c, bool spread) {
  State& s = c.s;
  const int fleer = s.chain[s.chain_n - 1].id;
  const int friend_id = s.bumped;
  s.bumped = kNone;
  if (!spread) {
    s.chain_n--;
    remove_stand(c, fleer, "disbanded", "Q-RES-4", "is disbanded");
    return;
  }
  if (s.chain_n >= kMaxChain) {  // cannot happen: each stand flees once and a side has 64
    s.chain_n--;
    remove_stand(c, fleer, "disbanded", "Q-RES-4", "is disbanded");
    return;
  }
  const int h = s.chain[s.chain_n - 1].heading;
  std::vector<int> dice;
  const int dist = d10(c, dice);
  clear_locks(s, friend_id);
  s.fled.set(friend_id);  // it turns to h when its run begins (run_chain)
  s.chain[s.chain_n++] = ChainEntry{uint8_t(friend_id), uint16_t(h), dist * kMil};
  c.log("flee", "Q-RES-4", stand_name(c.scn, friend_id) + " flees too, " + std::to_string(dist) + "\" toward " + std::to_string(h) + "°",
        friend_id, fleer, dice, dist);
}

}  // namespace bgb::quinn::detail
