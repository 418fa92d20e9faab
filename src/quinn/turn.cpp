// The turn (Q-TURN, Q-ACT, I-CMD, I-WHEN, I-LOCKED, I-GROUP, §3.7): rounds of P1 movement, P2
// fire, P2 movement, P1 fire. The state rests only at decisions; advance() runs the rules from
// wherever the state stands (its stage and cursor) until the next one.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "quinn/rules_internal.h"

namespace bgb::quinn {

using namespace detail;

namespace {

constexpr uint8_t kPhaseFlags = kActed | kAttacked | kDisengaged | kPassed | kFired;

void clear_phase_flags(State& s) {
  for (Stand& st : s.stand) {
    st.flags &= uint8_t(~kPhaseFlags);
    st.melees = 0;
    st.used = 0;
  }
  s.follow = kNone;
  s.struck = Bits128{};
}

bool command_has_actor(const State& s, int cmd) {
  const int side = s.side;
  for (int k = 0; k < s.count[side]; ++k) {
    const Stand& st = s.stand[stand_id(side, k)];
    if (st.alive() && !(st.flags & kActed) && s.command_of[stand_id(side, k)] == cmd) return true;
  }
  return false;
}

bool command_alive(const State& s, int cmd) {
  for (int k = 0; k < s.count[s.side]; ++k) {
    const int id = stand_id(s.side, k);
    if (s.stand[id].alive() && s.command_of[id] == cmd) return true;
  }
  return false;
}

bool commands_left(const State& s) {
  for (int c = 0; c < s.n_commands; ++c)
    if (!(s.activated >> c & 1) && command_alive(s, c)) return true;
  return false;
}

// The partners a locked stand may attack in the locked step.
int partners(const State& s, int id, int out[kMaxLocks]) {
  int n = 0;
  for (uint8_t l : s.stand[id].lock)
    if (l != kNone && s.stand[l].alive() && !s.struck.test(l)) out[n++] = l;
  std::sort(out, out + n);
  return n;
}

bool has_target(const Scenario& scn, const State& s, int shooter) {
  if (profile_of(scn, shooter).range() == 0) return false;
  const int e = 1 - side_of(shooter);
  for (int k = 0; k < s.count[e]; ++k)
    if (can_shoot(scn, s, shooter, stand_id(e, k))) return true;
  return false;
}

void end_by_round_limit(Ctx& c) {
  // I-WIN: the side that has lost the larger share of its break point loses; equal shares draw.
  State& s = c.s;
  const int a = s.losses[0] * s.break_point[1], b = s.losses[1] * s.break_point[0];
  s.decision = Decision::Over;
  s.winner = int8_t(a > b ? 1 : b > a ? 0 : -1);
  c.log("game-over", "I-WIN",
        "the round limit is reached: losses " + std::to_string(s.losses[0]) + "/" + std::to_string(s.break_point[0]) + " against " +
            std::to_string(s.losses[1]) + "/" + std::to_string(s.break_point[1]) + ": " +
            (s.winner < 0 ? std::string("a draw") : c.scn.side_name[s.winner] + " wins"));
}

// A stand that passed its disengage test may move away only by a move ending clear of every
// stand it was locked with (I-DIS).
bool clear_of_partners(const Scenario& scn, const State& s, int id, const Pose& p) {
  Rect r = rect_of(scn, s, id);
  r.c = {inches(p.x), inches(p.y)};
  r.h = p.h;
  for (uint8_t l : s.stand[id].lock)
    if (l != kNone && s.stand[l].alive() && touch(r, rect_of(scn, s, l))) return false;
  return true;
}

void after_disengage_moves(const Scenario& scn, const State& s, int id, std::vector<Act>& out) {
  std::vector<Pose> seen;
  for (int t = 0; t < kNumTemplates; ++t) {
    Pose p;
    if (!template_pose(scn, s, id, t, p) || !clear_of_partners(scn, s, id, p)) continue;
    bool dup = false;
    for (const Pose& q : seen) dup = dup || (q.x == p.x && q.y == p.y && q.h == p.h);
    if (dup) continue;
    seen.push_back(p);
    out.push_back(make(Kind::Move, id, 0, 0, 0, t));
  }
}

void stand_actions(const Scenario& scn, const State& s, int id, std::vector<Act>& out) {
  const Stand& st = s.stand[id];
  out.push_back(make(Kind::Hold, id));
  if (st.locked()) {
    out.push_back(make(Kind::Disengage, id));
    return;
  }
  std::vector<Pose> seen;
  for (int t = 0; t < kNumTemplates; ++t) {
    Pose p;
    if (!template_pose(scn, s, id, t, p)) continue;
    // A shuffle of under a quarter inch that turns the stand by less than 5 degrees changes
    // nothing a player would choose (a run cut short by a neighbour, a facing nudged by a degree):
    // left out of the list (a free move by pose can still make it).
    const double dx = inches(p.x - st.x), dy = inches(p.y - st.y);
    int turn = std::abs(norm_heading(p.h - st.heading));
    if (turn > 180) turn = 360 - turn;
    if (dx * dx + dy * dy < 0.0625 && turn < 5) continue;
    bool dup = false;
    for (const Pose& q : seen) dup = dup || (q.x == p.x && q.y == p.y && q.h == p.h);
    if (dup) continue;
    seen.push_back(p);
    out.push_back(make(Kind::Move, id, 0, 0, 0, t));
  }
  // Charges: every target within reach of the allowance, every edge and offset (I-CHARGE).
  const Profile& p = profile_of(scn, id);
  const int e = 1 - side_of(id);
  const double reach = inches(p.rate) + 4.0;
  for (int k = 0; k < s.count[e]; ++k) {
    const int t = stand_id(e, k);
    if (!s.stand[t].alive()) continue;
    const double dx = inches(s.stand[t].x - st.x), dy = inches(s.stand[t].y - st.y);
    if (dx * dx + dy * dy > reach * reach) continue;
    for (int edge = 0; edge < 4; ++edge)
      for (int off = 0; off < 3; ++off) {
        Pose q;
        if (charge_pose(scn, s, id, t, edge, off, q)) out.push_back(make(Kind::Charge, id, t, edge, off));
      }
  }
}

// Q-SUC (I-SUC): the follow-up charges open to the stand that won its melee, with what its move
// left of its allowance.
void follow_up_charges(const Scenario& scn, const State& s, int id, std::vector<Act>& out) {
  const Stand& st = s.stand[id];
  const double left = inches(profile_of(scn, id).rate) - inches(st.used);
  if (!st.alive() || st.locked() || left <= kEps) return;
  const int e = 1 - side_of(id);
  for (int k = 0; k < s.count[e]; ++k) {
    const int t = stand_id(e, k);
    if (!s.stand[t].alive()) continue;
    const double dx = inches(s.stand[t].x - st.x), dy = inches(s.stand[t].y - st.y);
    if (dx * dx + dy * dy > (left + 4.0) * (left + 4.0)) continue;
    for (int edge = 0; edge < 4; ++edge)
      for (int off = 0; off < 3; ++off) {
        Pose q;
        if (charge_pose(scn, s, id, t, edge, off, q, left)) out.push_back(make(Kind::Charge, id, t, edge, off));
      }
  }
}

}  // namespace

namespace detail {

void begin_movement_phase(Ctx& c, int side) {
  State& s = c.s;
  s.side = uint8_t(side);
  s.fire_phase = false;
  ++s.phases;
  clear_phase_flags(s);
  s.n_commands = uint8_t(compute_commands(c.scn, s, side, s.command_of));
  s.activated = 0;
  s.active_cmd = kNone;
  s.actor = kNone;
  s.n_charges = 0;
  s.cursor = 0;
  s.stage = Stage::Moving;
  s.decision = Decision::Activate;
  c.log("phase", "Q-TURN-2",
        "round " + std::to_string(s.round) + ": " + possessive(c.scn.side_name[side]) + " movement phase, " + std::to_string(s.n_commands) +
            " commands");
}

void advance(Ctx& c) {
  State& s = c.s;
  const Scenario& scn = c.scn;
  while (!s.over()) {
    switch (s.stage) {
      case Stage::Moving:
        if (s.decision == Decision::Act && !command_has_actor(s, s.active_cmd)) {
          s.stage = Stage::Charges;
          s.cursor = 0;
          continue;
        }
        if (s.decision == Decision::Activate && !commands_left(s)) {
          s.stage = Stage::LockedStep;
          s.cursor = 0;
          continue;
        }
        return;
      case Stage::Charges: {
        // I-WHEN: after the whole command has moved, in the order declared.
        for (;;) {
          if (s.follow != kNone) {  // Q-SUC: the last winner may charge again first
            std::vector<Act> more;
            follow_up_charges(scn, s, s.follow, more);
            if (!more.empty()) {
              s.decision = Decision::FollowUp;
              s.actor = s.follow;
              return;
            }
            s.follow = kNone;
          }
          if (s.cursor >= s.n_charges) break;
          const int i = s.cursor++;
          const int a = s.charge_att[i], d = s.charge_def[i];
          if (!s.stand[a].alive() || !s.stand[d].alive()) continue;
          if (aspect(rect_of(scn, s, a), rect_of(scn, s, d)) == Aspect::None) {
            c.log("charge-off", "I-WHEN", stand_name(scn, a) + " no longer touches " + stand_name(scn, d) + ": no melee", a, d);
            continue;
          }
          const Result r = melee(c, a, d, false);
          if (scn.successive_melee && (r == Result::DefenderRecoils || r == Result::DefenderFlees || r == Result::DefenderDestroyed))
            s.follow = uint8_t(a);
          if (s.over() || s.decision == Decision::FleeChoice) return;
        }
        s.n_charges = 0;
        s.cursor = 0;
        s.active_cmd = kNone;
        s.stage = Stage::Moving;
        if (!commands_left(s)) {
          s.stage = Stage::LockedStep;
          continue;
        }
        // Q-ACT-1: the stop roll.
        std::vector<int> dice;
        const int die = d6(c, dice);
        c.log("stop-roll", "Q-ACT-1", "stop roll " + std::to_string(die) + (die == 6 ? ": the movement phase ends" : ": go on"), -1, -1,
              dice, die);
        if (die == 6) {
          s.stage = Stage::LockedStep;
          continue;
        }
        s.decision = Decision::Activate;
        return;
      }
      case Stage::LockedStep: {
        // I-LOCKED: every locked stand that has not attacked nor disengaged attacks, by id.
        if (s.follow != kNone) {
          // Q-SUC (I-SUC): a stand locked to several may go on to attack each of the others.
          int p[kMaxLocks];
          if (s.stand[s.follow].alive() && partners(s, s.follow, p) > 0) {
            s.decision = Decision::LockTarget;
            s.actor = s.follow;
            return;
          }
          s.follow = kNone;
          s.struck = Bits128{};
        }
        while (s.cursor < s.count[s.side]) {
          const int id = stand_id(s.side, s.cursor++);
          const Stand& st = s.stand[id];
          if (!st.alive() || !st.locked() || (st.flags & (kAttacked | kDisengaged))) continue;
          s.struck = Bits128{};
          int p[kMaxLocks];
          const int n = partners(s, id, p);
          if (n == 0) continue;
          if (n > 1) {
            s.decision = Decision::LockTarget;
            s.actor = uint8_t(id);
            return;
          }
          s.struck.set(p[0]);
          if (scn.successive_melee) s.follow = uint8_t(id);
          melee(c, id, p[0], true);
          if (s.over() || s.decision == Decision::FleeChoice) return;
          if (s.follow != kNone) break;  // back to the top: more partners to attack?
        }
        if (s.follow != kNone) continue;
        // The other side's fire phase (Q-MIS-2).
        s.side = uint8_t(1 - s.side);
        s.fire_phase = true;
        clear_phase_flags(s);
        std::fill(std::begin(s.fire_target), std::end(s.fire_target), kNone);
        s.stage = Stage::FireDeclare;
        s.cursor = 0;
        s.actor = kNone;
        c.log("phase", "Q-TURN-2", "round " + std::to_string(s.round) + ": " + possessive(scn.side_name[s.side]) + " fire phase");
        continue;
      }
      case Stage::FireDeclare:
        while (s.cursor < s.count[s.side]) {
          const int id = stand_id(s.side, s.cursor++);
          if (s.stand[id].alive() && has_target(scn, s, id)) {
            s.decision = Decision::Fire;
            s.actor = uint8_t(id);
            return;
          }
        }
        s.stage = Stage::FireResolve;
        s.cursor = 0;
        continue;
      case Stage::FireResolve: {
        const int e = 1 - s.side;
        while (s.cursor < s.count[e]) {
          const int t = stand_id(e, s.cursor++);
          if (!s.stand[t].alive()) continue;
          std::vector<int> shooters;
          for (int k = 0; k < s.count[s.side]; ++k) {
            const int id = stand_id(s.side, k);
            if (s.fire_target[id] == t && can_shoot(scn, s, id, t)) shooters.push_back(id);
          }
          if (shooters.empty()) continue;
          volley(c, t, shooters);
          if (s.over() || s.decision == Decision::FleeChoice) return;
        }
        const int firing = s.side;
        if (firing == s.p1) {
          ++s.round;
          if (s.round > s.round_limit) {
            end_by_round_limit(c);
            return;
          }
        }
        begin_movement_phase(c, firing);
        continue;
      }
    }
  }
}

}  // namespace detail

State new_game(const Scenario& scn, Rng& rng, Events* ev) {
  State s;
  for (int side = 0; side < kSides; ++side) {
    s.count[side] = uint8_t(scn.army[side].size());
    s.break_point[side] = uint8_t(scn.break_point_of(side));
    for (int k = 0; k < s.count[side]; ++k) {
      const StandSpec& sp = scn.army[side][size_t(k)];
      Stand& st = s.stand[stand_id(side, k)];
      st.x = sp.x;
      st.y = sp.y;
      st.heading = uint16_t(norm_heading(sp.heading));
      st.flags = kAlive;
    }
  }
  s.round_limit = uint8_t(std::clamp(scn.round_limit, 1, 255));
  std::fill(std::begin(s.command_of), std::end(s.command_of), kNone);
  std::fill(std::begin(s.fire_target), std::end(s.fire_target), kNone);
  std::fill(std::begin(s.charge_att), std::end(s.charge_att), kNone);
  std::fill(std::begin(s.charge_def), std::end(s.charge_def), kNone);
  Ctx c{scn, s, rng, ev};
  // I-INIT: a d6 each, ties rolled again; the higher is Player 1 for the whole game.
  for (;;) {
    std::vector<int> dice;
    const int a = d6(c, dice), b = d6(c, dice);
    c.log("initiative", "I-INIT",
          "initiative: " + scn.side_name[0] + " " + std::to_string(a) + ", " + scn.side_name[1] + " " + std::to_string(b) +
              (a == b ? ": a tie, rolled again" : ": " + scn.side_name[a > b ? 0 : 1] + " is Player 1"),
          -1, -1, dice);
    if (a != b) {
      s.p1 = uint8_t(a > b ? 0 : 1);
      break;
    }
  }
  begin_movement_phase(c, s.p1);
  advance(c);
  return s;
}

void stand_legal_actions(const Scenario& scn, const State& s, int id, std::vector<Act>& out) {
  const Stand& st = s.stand[id];
  if (s.decision == Decision::Act && st.alive() && !(st.flags & kActed) && s.command_of[id] == s.active_cmd && side_of(id) == s.side)
    stand_actions(scn, s, id, out);
}

void macro_legal_actions(const Scenario& scn, const State& s, std::vector<Act>& out) {
  if (s.decision != Decision::Act) return;
  // The macro Advance: each heading group of two or more, led by its lowest id.
  std::vector<int> done;  // headings whose group is listed
  for (int k = 0; k < s.count[s.side]; ++k) {
    const int id = stand_id(s.side, k);
    const Stand& st = s.stand[id];
    if (!st.alive() || (st.flags & kActed) || st.locked() || s.command_of[id] != s.active_cmd) continue;
    if (std::find(done.begin(), done.end(), int(st.heading)) != done.end()) continue;
    done.push_back(st.heading);
    std::vector<std::pair<int, Pose>> poses;
    for (int f = 0; f < 3; ++f)
      if (advance_poses(scn, s, id, f, poses)) out.push_back(make(Kind::Advance, id, 0, 0, 0, f));
  }
  // The macro Wheel: when the command's remaining stands are one rank, led by the lowest id.
  for (int k = 0; k < s.count[s.side]; ++k) {
    const int id = stand_id(s.side, k);
    const Stand& st = s.stand[id];
    if (!st.alive() || (st.flags & kActed) || s.command_of[id] != s.active_cmd) continue;
    std::vector<std::pair<int, Pose>> poses;
    for (int f = 0; f < 6; ++f)
      if (wheel_poses(scn, s, id, f, poses)) out.push_back(make(Kind::Wheel, id, 0, 0, 0, f));
    break;  // only the lowest id leads
  }
}

int to_decide(const State& s) {
  if (s.over()) return -1;
  if (s.decision == Decision::FleeChoice) return side_of(s.chain[s.chain_n - 1].id);
  return s.side;
}

void legal_actions(const Scenario& scn, const State& s, std::vector<Act>& out) {
  out.clear();
  switch (s.decision) {
    case Decision::Over: return;
    case Decision::Activate:
      out.push_back(make(Kind::EndPhase));
      for (int c = 0; c < s.n_commands; ++c)
        if (!(s.activated >> c & 1) && command_alive(s, c)) out.push_back(make(Kind::Activate, 0, c));
      return;
    case Decision::Act: {
      for (int k = 0; k < s.count[s.side]; ++k) {
        const int id = stand_id(s.side, k);
        const Stand& st = s.stand[id];
        if (st.alive() && !(st.flags & kActed) && s.command_of[id] == s.active_cmd) stand_actions(scn, s, id, out);
      }
      macro_legal_actions(scn, s, out);
      out.push_back(make(Kind::EndActivation));
      return;
    }
    case Decision::AfterDisengage: after_disengage_moves(scn, s, s.actor, out); return;
    case Decision::FleeChoice: {
      const int fleer = s.chain[s.chain_n - 1].id;
      out.push_back(make(Kind::Disband, fleer, s.bumped));
      out.push_back(make(Kind::Spread, fleer, s.bumped));
      return;
    }
    case Decision::LockTarget: {
      int p[kMaxLocks];
      const int n = partners(s, s.actor, p);
      for (int i = 0; i < n; ++i) out.push_back(make(Kind::LockTarget, s.actor, p[i]));
      if (s.struck.any()) out.push_back(make(Kind::Decline));  // a further attack (Q-SUC) is a choice
      return;
    }
    case Decision::FollowUp:
      follow_up_charges(scn, s, s.actor, out);
      out.push_back(make(Kind::Decline));
      return;
    case Decision::Fire: {
      const int e = 1 - s.side;
      out.push_back(make(Kind::HoldFire, s.actor));
      for (int k = 0; k < s.count[e]; ++k)
        if (can_shoot(scn, s, s.actor, stand_id(e, k))) out.push_back(make(Kind::Fire, s.actor, stand_id(e, k)));
      return;
    }
  }
}

bool is_legal(const Scenario& scn, const State& s, Act a, std::string* why) {
  auto no = [&](const std::string& r) {
    if (why) *why = r;
    return false;
  };
  if (s.over()) return no("the game is over");
  if (kind_of(a) == Kind::MoveTo) {
    const int id = stand_of(a);
    if (s.decision == Decision::AfterDisengage) {
      if (id != s.actor) return no("the stand that passed its disengage test moves now (I-DIS)");
    } else if (s.decision != Decision::Act) {
      return no("no stand moves now");
    } else if (side_of(id) != s.side || index_in_side(id) >= s.count[s.side] || !s.stand[id].alive()) {
      return no("not a stand of the side moving");
    } else if (s.command_of[id] != s.active_cmd) {
      return no("that stand is not in the activated command (I-CMD)");
    } else if (s.stand[id].flags & kActed) {
      return no("that stand has acted this phase (I-CMD)");
    } else if (s.stand[id].locked()) {
      return no("that stand is locked in melee: it must pass a disengage test first (Q-MOV-7)");
    }
    Pose p;
    if (move_h(a) >= 360) return no("a heading is 0..359");
    if (!move_to_pose(scn, s, id, move_x(a), move_y(a), move_h(a), p, why)) return false;
    if (s.decision == Decision::AfterDisengage && !clear_of_partners(scn, s, id, p))
      return no("after disengaging it must end clear of the stands it was locked with (I-DIS)");
    return true;
  }
  std::vector<Act> legal;
  legal_actions(scn, s, legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return true;
  // Why not, in the words of the decision under way.
  const Kind k = kind_of(a);
  const int id = stand_of(a);
  static const char* const kWaits[] = {"a command to activate (or the end of the phase)", "a stand of the activated command to act",
                                       "the move of the stand that disengaged", "the choice for a fleeing stand",
                                       "the target of a locked stand", "a shooter's target", "a follow-up charge or its decline",
                                       "nothing"};
  const std::string waits = std::string("the game waits for ") + kWaits[int(s.decision)];
  const bool stand_kind =
      k == Kind::Hold || k == Kind::Move || k == Kind::Charge || k == Kind::Disengage || k == Kind::Advance || k == Kind::Wheel;
  if (stand_kind && s.decision == Decision::Act) {
    if (side_of(id) != s.side || index_in_side(id) >= s.count[s.side] || !s.stand[id].alive()) return no("not a stand of the side moving");
    if (s.command_of[id] != s.active_cmd) return no("that stand is not in the activated command (I-CMD)");
    if (s.stand[id].flags & kActed) return no("that stand has acted this phase (I-CMD)");
    if (k == Kind::Wheel) return no("the command's stands still to act must be one rank, side by side, with room to wheel (spec 3.10)");
    if (s.stand[id].locked() && (k == Kind::Move || k == Kind::Charge || k == Kind::Advance))
      return no("that stand is locked in melee: it must pass a disengage test first (Q-MOV-7)");
    if (k == Kind::Disengage) return no("only a locked stand tests to disengage (Q-DIS)");
    if (k == Kind::Charge)
      return no("no charge there: the target's edge is out of reach, blocked, or more than 45 degrees off (I-CHARGE)");
    if (k == Kind::Move) return no("that template leads nowhere legal for this stand (spec 3.10)");
    return no("no such move for that stand now");
  }
  if (k == Kind::Activate && s.decision == Decision::Activate) return no("no such command, or it has moved this phase (I-CMD)");
  return no("not possible now: " + waits);
}

void apply(const Scenario& scn, State& s, Act a, Rng& rng, Events* ev) {
  Ctx c{scn, s, rng, ev};
  const int id = stand_of(a);
  switch (kind_of(a)) {
    case Kind::EndPhase:
      c.log("end-phase", "Q-ACT-2", scn.side_name[s.side] + " ends its movement phase");
      s.stage = Stage::LockedStep;
      s.cursor = 0;
      break;
    case Kind::Activate: {
      const int cmd = target_of(a);
      s.activated |= uint64_t(1) << cmd;
      s.active_cmd = uint8_t(cmd);
      s.n_charges = 0;
      s.decision = Decision::Act;
      c.log("activate", "Q-ACT-1", scn.side_name[s.side] + " activates command " + std::to_string(cmd));
      break;
    }
    case Kind::Hold:
      s.stand[id].flags |= kActed;
      c.log("hold", "I-CMD", stand_name(scn, id) + " holds", id);
      break;
    case Kind::Move:
    case Kind::MoveTo: {
      Pose p;
      if (kind_of(a) == Kind::Move) template_pose(scn, s, id, template_of(a), p);
      else move_to_pose(scn, s, id, move_x(a), move_y(a), move_h(a), p);
      set_pose(s, id, p.x, p.y, p.h);
      s.stand[id].flags |= kActed;
      s.stand[id].used = uint16_t(std::min(65535, s.stand[id].used + to_mil(p.cost)));
      if (s.decision == Decision::AfterDisengage) {
        clear_locks(s, id);
        s.stand[id].flags &= uint8_t(~kPassed);
        s.decision = Decision::Act;
        s.actor = kNone;
      }
      char buf[32];
      std::snprintf(buf, sizeof buf, " (%.3f\")", p.cost);
      c.log("move", "Q-MOV", stand_name(scn, id) + " moves to " + pose_text(p.x, p.y, p.h) + buf, id);
      break;
    }
    case Kind::Charge: {
      Pose p;
      if (s.decision == Decision::FollowUp) {
        // I-SUC: at once, with what is left of the allowance, at the penalty of its melees.
        const double left = inches(profile_of(scn, id).rate) - inches(s.stand[id].used);
        charge_pose(scn, s, id, target_of(a), edge_of(a), offset_of(a), p, left);
        set_pose(s, id, p.x, p.y, p.h);
        s.stand[id].used = uint16_t(std::min(65535, s.stand[id].used + to_mil(p.cost)));
        s.follow = kNone;
        s.actor = kNone;
        s.decision = Decision::Act;
        c.log("charge", "Q-SUC-1", stand_name(scn, id) + " charges again, " + stand_name(scn, target_of(a)) + ", to " +
                                       pose_text(p.x, p.y, p.h), id, target_of(a));
        const Result r = melee(c, id, target_of(a), false);
        if (r == Result::DefenderRecoils || r == Result::DefenderFlees || r == Result::DefenderDestroyed) s.follow = uint8_t(id);
        break;
      }
      charge_pose(scn, s, id, target_of(a), edge_of(a), offset_of(a), p);
      s.stand[id].used = uint16_t(std::min(65535, to_mil(p.cost)));
      set_pose(s, id, p.x, p.y, p.h);
      s.stand[id].flags |= kActed;
      if (s.n_charges < kMaxCharges) {
        s.charge_att[s.n_charges] = uint8_t(id);
        s.charge_def[s.n_charges] = uint8_t(target_of(a));
        ++s.n_charges;
      }
      static const char* const kEdge[4] = {"front", "right flank", "rear", "left flank"};
      c.log("charge", "I-CHARGE", stand_name(scn, id) + " charges the " + kEdge[edge_of(a)] + " of " + stand_name(scn, target_of(a)) +
                                       ", to " + pose_text(p.x, p.y, p.h),
            id, target_of(a));
      break;
    }
    case Kind::Disengage: {
      s.stand[id].flags |= kActed;
      const int need = disengage_need(scn, id);
      bool pass = true;
      std::vector<int> dice;
      std::string how = "no die needed";
      if (need > 0) {
        const int die = d10(c, dice);
        const int mod = profile_of(scn, id).disengage_mod;
        pass = die + mod >= need;
        how = "d10 " + std::to_string(die) + (mod ? (mod > 0 ? " +" : " ") + std::to_string(mod) : "") + ", needs " + std::to_string(need);
      }
      c.log("disengage", "Q-DIS-1", stand_name(scn, id) + (pass ? " disengages (" : " fails to disengage (") + how + ")", id, -1, dice);
      if (pass) {
        s.stand[id].flags |= kDisengaged | kPassed;
        std::vector<Act> moves;
        after_disengage_moves(scn, s, id, moves);
        if (moves.empty()) {
          s.stand[id].flags &= uint8_t(~(kDisengaged | kPassed));
          c.log("no-room", "I-DIS", stand_name(scn, id) + " has no room to move clear and stays locked", id);
        } else {
          s.decision = Decision::AfterDisengage;
          s.actor = uint8_t(id);
        }
      }
      break;
    }
    case Kind::Wheel:
    case Kind::Advance: {
      std::vector<std::pair<int, Pose>> poses;
      if (kind_of(a) == Kind::Advance) advance_poses(scn, s, id, template_of(a), poses);
      else wheel_poses(scn, s, id, template_of(a), poses);
      for (const auto& [m, p] : poses) {
        set_pose(s, m, p.x, p.y, p.h);
        s.stand[m].flags |= kActed;
        s.stand[m].used = uint16_t(std::min(65535, to_mil(p.cost)));
      }
      c.log(kind_of(a) == Kind::Advance ? "advance" : "wheel", "Q-MOV",
            std::to_string(poses.size()) + " stands led by " + stand_name(scn, id) +
                (kind_of(a) == Kind::Advance ? " advance together" : " wheel together"),
            id);
      break;
    }
    case Kind::EndActivation:
      for (int k = 0; k < s.count[s.side]; ++k) {
        const int m = stand_id(s.side, k);
        if (s.command_of[m] == s.active_cmd) s.stand[m].flags |= kActed;
      }
      c.log("end-activation", "I-CMD", "the rest of the command holds");
      break;
    case Kind::Disband:
    case Kind::Spread:
      flee_choice(c, kind_of(a) == Kind::Spread);
      // The flow goes on from its stage once the chain has ended, unless a loss in it has just
      // ended the game (I-WIN): the chain is run first, and only then is the game asked.
      if (!s.over() && run_chain(c) && !s.over()) s.decision = Decision::Act;
      break;
    case Kind::LockTarget:
      s.actor = kNone;
      s.decision = Decision::Act;
      s.struck.set(target_of(a));
      if (scn.successive_melee) s.follow = uint8_t(id);
      melee(c, id, target_of(a), true);
      break;
    case Kind::Decline:
      c.log("decline", "Q-SUC-1", stand_name(scn, s.actor) + " fights no more this phase", s.actor);
      s.follow = kNone;
      s.struck = Bits128{};
      s.actor = kNone;
      s.decision = Decision::Act;
      break;
    case Kind::Fire:
    case Kind::HoldFire:
      s.stand[id].flags |= kFired;
      s.fire_target[id] = kind_of(a) == Kind::Fire ? uint8_t(target_of(a)) : kNone;
      s.actor = kNone;
      s.decision = Decision::Act;
      if (kind_of(a) == Kind::Fire)
        c.log("aim", "I-GROUP", stand_name(scn, id) + " aims at " + stand_name(scn, target_of(a)), id, target_of(a));
      break;
  }
  if (s.decision != Decision::FleeChoice) advance(c);
}

}  // namespace bgb::quinn
