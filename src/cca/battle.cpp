// §9 Battle, §10 Ranged Combat, §11 Close Combat: choosing a battle, and the battle's state
// machine (evade, the attacker's roll, hits, flags, retreat, momentum advance, battle back).
// A battle pauses at each decision either side makes and resumes from Combat::stage.
#include <algorithm>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {

bool enemy_unit_at(const State& s, int hex, Side side) {
  int u = s.unit_at[hex];
  return u != kNone && s.units[u].side != side;
}
bool lone_enemy_leader_at(const State& s, int hex, Side side) {
  int l = s.leader_at[hex];
  return l != kNone && s.unit_at[hex] == kNone && s.leaders[l].side != side;
}

// Rolls n battle dice into out; with reroll (an elephant in close combat, rerolls_swords) every
// die that produced a sword hit is rolled again (§11). The table says so only where a sword
// scores: not against an evading unit (§13: swords are ignored) nor against a lone leader (only
// helmets count), so there a sword is no hit and is not rolled again (docs/rules.md, "elephant
// re-rolls").
int roll_battle_dice(Ctx& c, int n, bool reroll, Side roller, uint8_t* out, int cap) {
  int k = 0;
  uint8_t first[16];
  for (int i = 0; i < n && i < 16; ++i) first[i] = uint8_t(c.rng.die());
  c.emit_dice(Ev::Roll, roller, reroll ? "§11" : "§10-11", first, n);
  for (int i = 0; i < n && k < cap; ++i) out[k++] = first[i];
  if (reroll) {
    int swords = 0;
    for (int i = 0; i < n; ++i) swords += first[i] == kFaceSword;
    while (swords > 0 && k < cap) {
      uint8_t again[16];
      int m = std::min(swords, 16);
      for (int i = 0; i < m; ++i) again[i] = uint8_t(c.rng.die());
      c.emit_dice(Ev::Reroll, roller, "§11", again, m);
      swords = 0;
      for (int i = 0; i < m && k < cap; ++i) {
        out[k++] = again[i];
        swords += again[i] == kFaceSword;
      }
    }
  }
  return k;
}

void finish_combat(Ctx& c) {
  State& s = c.s;
  s.combat = Combat{};
  s.decision = Decision::Battle;
  s.decider = s.active;
  s.subject = kNone;
}

void wait_for(State& s, Decision d, Side who, int subject) {
  s.decision = d;
  s.decider = who;
  s.subject = uint8_t(subject);
}

// The roll of a strike that is not an evade: hits, then the flags are resolved at Stage::Flags.
void strike(Ctx& c, int striker, int victim, bool ranged, bool battle_back) {
  State& s = c.s;
  Combat& cb = s.combat;
  Strike& st = cb.strike;
  st = Strike{};
  st.striker = uint8_t(striker);
  st.victim = uint8_t(victim);
  st.ranged = ranged;
  st.battle_back = battle_back;
  const UnitState& ss = s.units[striker];
  int target_hex = s.units[victim].hex;
  const RollKind kind = ranged ? RollKind::Ranged : battle_back ? RollKind::BattleBack : RollKind::Close;
  int n = ranged ? ranged_dice(c, striker, target_hex) : close_combat_dice(c, striker, target_hex, battle_back);
  uint8_t faces[64];
  int k = roll_battle_dice(c, n, rerolls_swords(c, striker, kind), ss.side, faces, 64);
  if (!ranged) note_close_roll(c, striker);
  int hits = 0, flags = 0;
  bool companion_sword = false;
  score_roll(c, faces, k, striker, victim, kind, hits, flags, &companion_sword);
  c.emit(Ev::Hits, s.units[victim].side, ranged ? "§10" : "§11", target_hex, hits, flags);
  st.flags = uint8_t(flags);
  st.per_flag = uint8_t(retreat_per_flag(c, victim, striker, ranged));
  if (!ranged && has_sword_or_flag(s.units[victim])) {
    // Hellenistic H6.7 [I-16]: a sword and a flag in one roll: the owner chooses which to ignore.
    st.companion = companion_sword ? 1 : flags > 0 ? 2 : 0;
    if (companion_sword && flags > 0) {
      st.pending_hits = uint8_t(hits);
      cb.stage = Stage::CompanionChoice;
      return;
    }
  }
  lose_blocks(c, victim, hits, ranged ? "§10" : "§11", 0);
  cb.stage = Stage::Flags;
}

void attack_roll(Ctx& c) {
  State& s = c.s;
  Combat& cb = s.combat;
  const int a = cb.attacker;
  const UnitState& as = s.units[a];
  const bool ranged = cb.kind == CombatKind::Ranged;
  if (cb.def_unit == kNone) {
    // §13/§14 Leader alone in a hex: one helmet eliminates him, otherwise he must evade.
    int n = ranged ? ranged_dice(c, a, cb.target_hex) : close_combat_dice(c, a, cb.target_hex, false);
    uint8_t faces[64];
    int k = roll_battle_dice(c, n, rerolls_swords(c, a, RollKind::VsLeader), as.side, faces, 64);
    if (!ranged) note_close_roll(c, a);
    int helmets = 0;
    for (int i = 0; i < k; ++i) helmets += faces[i] == kFaceHelmet;
    int l = cb.def_leader;
    if (helmets > 0) {
      eliminate_leader(c, l, "§14");
    } else {
      queue_leader_evade(c, l);
    }
    cb.stage = Stage::End;
    return;
  }
  if (cb.evading) {
    int v = cb.def_unit;
    int n = close_combat_dice(c, a, cb.target_hex, false);
    uint8_t faces[64];
    int k = roll_battle_dice(c, n, rerolls_swords(c, a, RollKind::VsEvader), as.side, faces, 64);
    note_close_roll(c, a);
    int hits = 0, flags = 0;
    score_roll(c, faces, k, a, v, RollKind::VsEvader, hits, flags);
    c.emit(Ev::Hits, s.units[v].side, "§13", cb.target_hex, hits, 0);
    lose_blocks(c, v, hits, "§13", 0);
    cb.stage = Stage::EvadePath;
    return;
  }
  strike(c, a, cb.def_unit, ranged, false);
}

void retreat_step(Ctx& c, int v, int to) {
  State& s = c.s;
  Strike& st = s.combat.strike;
  UnitState& vs = s.units[v];
  int from = vs.hex;
  bool joins = s.leader_at[to] != kNone;
  int l = attached_leader(s, v);
  move_unit(s, v, to);
  if (l >= 0) move_leader(s, l, to);
  st.retreated++;
  st.retreat_left--;
  c.emit(Ev::RetreatStep, vs.side, "§12", from, to);
  if (joins) {  // §12: a lone friendly leader attaches and stops the retreat
    c.emit(Ev::LeaderAttached, vs.side, "§12", to);
    st.retreat_left = 0;
  }
}

// §12 Elephant retreat blocked: whoever stands in its way loses a block per hex not fulfilled.
void elephant_blocked(Ctx& c, int v) {
  State& s = c.s;
  UnitState& vs = s.units[v];
  bool any = false;
  // Both back hexes are trampled at once: if the losses bring both sides to their banner totals,
  // decide_victory gives the game to the active player (interpretation, docs/rules.md).
  c.defer_victory = true;
  for (int i = 0; i < 2; ++i) {
    int h = c.b.back[idx(vs.side)][vs.hex][i];
    if (h == kNoHex || terrain_info(c.scn.terrain[h]).impassable) continue;
    int t = s.unit_at[h];
    if (t != kNone) {
      any = true;
      c.emit(Ev::Trampled, s.units[t].side, "§12", h);
      lose_blocks(c, t, 1, "§12", 2);
    } else if (lone_enemy_leader_at(s, h, vs.side)) {
      any = true;
      int l = s.leader_at[h];
      c.emit(Ev::Trampled, s.leaders[l].side, "§12", h);
      eliminate_leader(c, l, "§12");
    }
  }
  c.defer_victory = false;
  decide_victory(c);
  s.combat.strike.retreat_left--;
  if (!any && s.winner == Side::None) {
    c.emit(Ev::RetreatBlocked, vs.side, "§12", vs.hex, 1);
    lose_blocks(c, v, 1, "§12", 1);
  }
}

bool ma_allowed(const Ctx& c) {
  const State& s = c.s;
  const Combat& cb = s.combat;
  const UnitState& as = s.units[cb.attacker];
  if (!as.alive() || !may_momentum_advance(as)) return false;
  if (as.marks & kMarkShotUsed) return false;  // Hellenistic H6.12: no advance after the shot
  return s.unit_at[cb.target_hex] == kNone && s.leader_at[cb.target_hex] == kNone;
}

bool battle_back_allowed(const Ctx& c) {
  const State& s = c.s;
  const Combat& cb = s.combat;
  if (cb.def_unit == kNone || cb.evading) return false;
  const UnitState& ds = s.units[cb.def_unit];
  const UnitState& as = s.units[cb.attacker];
  if (!ds.alive() || !as.alive() || cb.strike.retreated > 0) return false;
  if (!c.b.adjacent(ds.hex, as.hex)) return false;
  return close_combat_dice(c, cb.def_unit, as.hex, true) > 0;
}

int extra_hex_options(const Ctx& c, int u, uint8_t* out) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  int n = 0;
  bool carries = carried_leader(s, u) >= 0;
  for (int d = 0; d < kDirs; ++d) {
    int h = c.b.nbr[us.hex][d];
    if (h == kNoHex || terrain_info(c.scn.terrain[h]).impassable || s.unit_at[h] != kNone) continue;
    int l = s.leader_at[h];
    if (l != kNone && (s.leaders[l].side != us.side || carries)) continue;
    out[n++] = uint8_t(h);
  }
  std::sort(out, out + n);
  return n;
}

void advance_unit(Ctx& c, int u, int to, Ev ev) {
  State& s = c.s;
  UnitState& us = s.units[u];
  int from = us.hex;
  int l = carried_leader(s, u);
  bool joins = s.leader_at[to] != kNone;
  move_unit(s, u, to);
  if (l >= 0) move_leader(s, l, to);
  c.emit(ev, us.side, "§13", from, to);
  if (joins) c.emit(Ev::LeaderAttached, us.side, "§13", to);
  note_terrain_entered(c, u, to);
}

// After the momentum advance (and the cavalry's extra hex): may it take a bonus close combat?
void after_advance(Ctx& c) {
  Combat& cb = c.s.combat;
  // The advance (with the cavalry's extra hex) ends here: an objectives rule scores a hex entered so.
  unit_ended_move(c, cb.attacker);
  if (c.s.winner != Side::None) return;
  if (cb.bonus || !may_bonus_combat(c, cb.attacker)) {
    cb.stage = Stage::End;
    return;
  }
  ActionList t;
  bonus_targets(c, cb.attacker, t);
  cb.stage = t.empty() ? Stage::End : Stage::Bonus;
}

}  // namespace

bool unit_may_battle(const Ctx& c, int u) {
  const UnitState& us = c.s.units[u];
  return us.alive() && us.side == c.s.active && (us.flags & kOrdered) && !(us.flags & (kBattled | kNoBattle));
}

void legal_battles(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  bool must = false;
  // Hellenistic H6.12: an experimental phalanx that has shot makes its close combat now, or none.
  // Only a troop trait shoots so (has_combined_attack), so without them no unit bears the mark.
  for (Bits128 own = c.scn.hel(HRule::TroopTraits) ? s.unit_hexes(s.active) : Bits128{}; own.any();) {
    const int u = s.unit_at[own.pop()];
    if (!(s.units[u].marks & kMarkShotUsed) || !unit_may_battle(c, u)) continue;
    const int h = s.units[u].hex;
    for (int d = 0; d < kDirs; ++d) {
      const int n = c.b.nbr[h][d];
      if (n != kNoHex && (enemy_unit_at(s, n, s.units[u].side) || lone_enemy_leader_at(s, n, s.units[u].side)) &&
          close_combat_dice(c, u, n, false) > 0)
        out.push(Action::make(ActionType::Battle, h, n));
    }
    out.push(Action::make(ActionType::SkipCombat, h));
    return;
  }
  // Units by hex and each unit's neighbours by hex (NW, NE, W, E, SW, SE), so that the list is
  // in its sorted order when no lone leader is both next to a unit and in range of its fire.
  static constexpr int kByHex[kDirs] = {2, 1, 3, 0, 4, 5};
  // The enemy's pieces a unit could close with: its units and its lone leaders. A unit with none
  // of them next to it skips the look at its six neighbours.
  Bits128 enemy_pieces = s.unit_hexes(other(s.active));
  for (int i = 0; i < s.n_leaders; ++i)
    if (s.leaders[i].alive() && s.leaders[i].side != s.active && s.leaders[i].hex < kHexes)
      enemy_pieces.set(s.leaders[i].hex);
  for (Bits128 own = s.unit_hexes(s.active); own.any();) {
    const int h = own.pop();
    const int u = s.unit_at[h];
    if (!unit_may_battle(c, u)) continue;
    const UnitState& us = s.units[u];
    bool adjacent_unit = false;
    int close_targets = 0;
    const bool enemy_near = enemy_pieces.intersects(c.b.ball[h][1]);
    for (int d : kByHex) {
      if (!enemy_near) break;
      int n = c.b.nbr[h][d];
      if (n == kNoHex) continue;
      bool eu = enemy_unit_at(s, n, us.side);
      adjacent_unit |= eu;
      if ((eu || lone_enemy_leader_at(s, n, us.side)) && card_allows_battle(c, u, false) &&
          close_combat_dice(c, u, n, false) > 0) {
        out.push(Action::make(ActionType::Battle, h, n));
        close_targets++;
        // H6.12 [I-20]: or first a one-die shot at an adjacent enemy unit (not a lone leader).
        if (eu && us.moved == 0 && !(us.flags & kMoved) && has_combined_attack(c, u))
          out.push(Action::make(ActionType::Battle, h, n, 1));
      }
    }
    if ((us.flags & kCharged) && close_targets > 0) must = true;  // §8 warrior charge
    const int range = fire_range(us);
    if (adjacent_unit || range == 0 || !card_allows_battle(c, u, true)) continue;  // §10: adjacent, no fire
    Bits128 targets;  // enemy units and lone leaders in range and sight
    auto consider = [&](int t) {
      int dd = c.b.dist[h][t];
      if (dd < 2 || dd > range) return;
      if (ranged_dice(c, u, t) <= 0 || !line_of_sight(c, h, t)) return;
      targets.set(t);
    };
    for (Bits128 enemy = s.unit_hexes(other(us.side)) & c.b.ball[h][std::min(range, int(Board::kMaxRadius))]; enemy.any();)
      consider(enemy.pop());
    for (int i = 0; i < s.n_leaders; ++i)
      if (s.leaders[i].alive() && s.leaders[i].side != us.side && s.unit_at[s.leaders[i].hex] == kNone)
        consider(s.leaders[i].hex);
    while (targets.any()) out.push(Action::make(ActionType::Battle, h, targets.pop()));
  }
  if (!must) out.push(Action::make(ActionType::EndBattles));
}

std::string battle_refusal(const Ctx& c, int from, int to) {
  const State& s = c.s;
  const std::string f = hex_name(from), t = hex_name(to);
  const int u = s.unit_at[from];
  if (u == kNone || s.units[u].side != s.active) return "there is no unit of yours at " + f;
  const UnitState& us = s.units[u];
  if (!(us.flags & kOrdered)) return "the unit at " + f + " was not ordered this turn (§7)";
  if (us.flags & kBattled) return "the unit at " + f + " has already battled this turn (§9)";
  if (us.flags & kNoBattle)
    return "the unit at " + f + " may not battle this turn (its move: terrain entered, an auxilia's second hex or a war machine's move, §8, §16)";
  const bool enemy = enemy_unit_at(s, to, us.side) || lone_enemy_leader_at(s, to, us.side);
  if (!enemy) return "there is no enemy unit or lone leader at " + t;
  const int d = c.b.dist[from][to];
  if (d == 1) {
    if (!card_allows_battle(c, u, false)) return "the card in play allows no close combat";
    return "the unit at " + f + " has no close-combat dice against " + t + " (terrain or unit type, §9, §16)";
  }
  const int range = fire_range(us);
  if (range == 0) return t + " is not adjacent, and the unit at " + f + " has no ranged weapon (§10)";
  if (adjacent_enemy_unit(c, from, us.side)) return "the unit at " + f + " is next to an enemy unit and may not fire (§10)";
  if (!card_allows_battle(c, u, true)) return "the card in play allows no ranged combat";
  if (d > range) return t + " is " + std::to_string(d) + " hexes away; the unit at " + f + " reaches " + std::to_string(range) + " (§10)";
  if (!line_of_sight(c, from, to)) return "no line of sight from " + f + " to " + t + " (§10)";
  return "the unit at " + f + " has no ranged dice against " + t + " (§10)";
}

void declare_battle(Ctx& c, int attacker, int target_hex, bool bonus, bool shot) {
  State& s = c.s;
  Combat& cb = s.combat;
  cb = Combat{};
  UnitState& as = s.units[attacker];
  cb.kind = c.b.adjacent(as.hex, target_hex) && !shot ? CombatKind::Close : CombatKind::Ranged;
  if (shot) as.marks = uint8_t(as.marks | kMarkShotUsed);  // Hellenistic H6.12
  cb.bonus = bonus;
  cb.attacker = uint8_t(attacker);
  cb.target_hex = uint8_t(target_hex);
  int d = s.unit_at[target_hex];
  if (d != kNone) {
    cb.def_unit = uint8_t(d);
  } else {
    cb.def_leader = s.leader_at[target_hex];
  }
  // §11: a warrior's full-strength bonus is judged when the combat is declared.
  if (at_full_strength(as)) cb.full_warrior |= 1;
  if (d != kNone && at_full_strength(s.units[d])) cb.full_warrior |= 2;
  // Darken the Sky: a ranged unit fires twice.
  if (shot)
    ;  // H6.12: its battle goes on with the close combat (legal_battles), kBattled comes then
  else if (cb.kind == CombatKind::Ranged && card_fires_twice(c) && !(as.flags & kFiredOnce))
    as.flags |= kFiredOnce;
  else
    as.flags |= kBattled;
  int dice = cb.kind == CombatKind::Ranged ? ranged_dice(c, attacker, target_hex) : close_combat_dice(c, attacker, target_hex, false);
  if (bonus) c.emit(Ev::BonusCombat, as.side, "§13", as.hex, target_hex);
  c.emit(Ev::BattleDeclared, as.side, shot ? "Hellenistic H6.12 (§10)" : cb.kind == CombatKind::Ranged ? "§10" : "§11",
         as.hex, target_hex, int(cb.kind), dice);
  // The defender reacts (evade, or First Strike) when he may, and whenever the attacker cannot
  // rule out that he holds First Strike (so that being asked reveals nothing).
  if (d != kNone && cb.kind == CombatKind::Close &&
      (may_evade(c, d, attacker) || first_strike_possible(c, s.units[d].side)))
    cb.stage = Stage::EvadeChoice;
  else
    cb.stage = Stage::AttackRoll;
}

void run_combat(Ctx& c) {
  State& s = c.s;
  Combat& cb = s.combat;
  Strike& st = cb.strike;
  while (s.winner == Side::None && s.evade_queue_n == 0 && s.discard_due == 0) {
    switch (cb.stage) {
      case Stage::None:
      case Stage::End:
        finish_combat(c);
        return;
      case Stage::EvadeChoice:
        wait_for(s, Decision::EvadeOrStand, s.units[cb.def_unit].side, cb.def_unit);
        return;
      case Stage::AttackRoll:
        attack_roll(c);
        break;
      case Stage::EvadePath: {
        int v = cb.def_unit;
        UnitState& vs = s.units[v];
        if (!vs.alive()) {
          cb.stage = Stage::End;
          break;
        }
        if (crew_escapes(vs)) {
          // §13 War Machine Evade: the crew escapes; no banner. An attached leader is left alone.
          int l = attached_leader(s, v);
          c.emit(Ev::WarMachineEscapes, vs.side, "§13", vs.hex);
          remove_unit(s, v, Status::Removed);
          if (l >= 0) queue_leader_evade(c, l);
          cb.stage = Stage::End;
          break;
        }
        uint8_t opts[8];
        int n = evade_options(c, v, opts);
        if (n == 1) {
          apply_combat(c, Action::make(ActionType::EvadeTo, opts[0]));
          break;
        }
        wait_for(s, Decision::EvadePath, vs.side, v);
        return;
      }
      case Stage::Flags: {
        int v = st.victim;
        if (!s.units[v].alive() || st.flags == 0) {
          cb.stage = Stage::StrikeDone;
          break;
        }
        st.ignorable = uint8_t(std::min<int>(st.flags, flags_ignorable(c, v, st.striker, st.ranged)));
        if (st.ignorable > 0) {
          wait_for(s, Decision::IgnoreFlags, s.units[v].side, v);
          return;
        }
        st.retreat_left = uint8_t(st.flags * st.per_flag);
        cb.stage = Stage::Retreat;
        break;
      }
      case Stage::Retreat: {
        int v = st.victim;
        UnitState& vs = s.units[v];
        if (!vs.alive() || st.retreat_left == 0) {
          cb.stage = Stage::StrikeDone;
          break;
        }
        const bool elephant = rampages(vs);  // §12 Elephant Retreat
        if (elephant && !st.rampaged) {
          st.rampaged = 1;
          elephant_rampage(c, v);
          break;
        }
        uint8_t opts[2];
        int n = retreat_options(c, v, st.retreat_left, opts);
        if (n == 0) {
          if (elephant) {
            elephant_blocked(c, v);
          } else {
            // §12: one block lost for each hex of the retreat that cannot be made.
            int left = st.retreat_left;
            st.retreat_left = 0;
            c.emit(Ev::RetreatBlocked, vs.side, "§12", vs.hex, left);
            lose_blocks(c, v, left, "§12", 1);
          }
          break;
        }
        if (n == 1) {
          retreat_step(c, v, opts[0]);
          break;
        }
        wait_for(s, Decision::Retreat, vs.side, v);
        return;
      }
      case Stage::StrikeDone: {
        if (cb.first_strike == 1) {
          // First Strike rolled: if the attacker survived and held its hex, it now attacks.
          cb.first_strike = 2;
          const UnitState& as = s.units[cb.attacker];
          cb.stage = (as.alive() && st.retreated == 0 && s.units[cb.def_unit].alive()) ? Stage::AttackRoll : Stage::End;
          break;
        }
        if (st.battle_back || cb.kind == CombatKind::Ranged || cb.def_unit == kNone) {
          cb.stage = Stage::End;
          break;
        }
        bool successful = !s.units[cb.def_unit].alive() || st.retreated > 0;
        if (successful)
          cb.stage = ma_allowed(c) ? Stage::Advance : Stage::End;
        else  // after a First Strike the defender does not battle back
          cb.stage = (cb.first_strike == 0 && battle_back_allowed(c)) ? Stage::BattleBackChoice : Stage::End;
        break;
      }
      case Stage::Advance:
        wait_for(s, Decision::MomentumAdvance, s.active, cb.attacker);
        return;
      case Stage::ExtraHex:
        wait_for(s, Decision::CavalryExtraHex, s.active, cb.attacker);
        return;
      case Stage::Bonus:
        wait_for(s, Decision::BonusCombat, s.active, cb.attacker);
        return;
      case Stage::BattleBackChoice:
        wait_for(s, Decision::BattleBack, s.units[cb.def_unit].side, cb.def_unit);
        return;
      case Stage::CompanionChoice:
        wait_for(s, Decision::CompanionChoice, s.units[st.victim].side, st.victim);
        return;
    }
  }
}

void legal_combat(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  const Combat& cb = s.combat;
  switch (s.decision) {
    case Decision::EvadeOrStand:
      out.push(Action::make(ActionType::Stand));
      if (may_evade(c, cb.def_unit, cb.attacker)) out.push(Action::make(ActionType::Evade));
      if (holds_first_strike(s, s.units[cb.def_unit].side)) out.push(Action::make(ActionType::FirstStrike));
      break;
    case Decision::EvadePath: {
      uint8_t opts[8];
      int n = evade_options(c, cb.def_unit, opts);
      for (int i = 0; i < n; ++i) out.push(Action::make(ActionType::EvadeTo, opts[i]));
      break;
    }
    case Decision::IgnoreFlags:
      for (int k = 0; k <= cb.strike.ignorable; ++k) out.push(Action::make(ActionType::IgnoreFlags, k));
      break;
    case Decision::Retreat: {
      uint8_t opts[2];
      int n = retreat_options(c, cb.strike.victim, cb.strike.retreat_left, opts);
      for (int i = 0; i < n; ++i) out.push(Action::make(ActionType::RetreatTo, opts[i]));
      break;
    }
    case Decision::BattleBack:
      out.push(Action::make(ActionType::BattleBack));
      out.push(Action::make(ActionType::NoBattleBack));
      break;
    case Decision::MomentumAdvance:
      out.push(Action::make(ActionType::Advance));
      out.push(Action::make(ActionType::Hold));
      break;
    case Decision::CavalryExtraHex: {
      uint8_t opts[6];
      int n = extra_hex_options(c, cb.attacker, opts);
      for (int i = 0; i < n; ++i) out.push(Action::make(ActionType::ExtraHex, opts[i]));
      out.push(Action::make(ActionType::StayPut));
      break;
    }
    case Decision::BonusCombat:
      bonus_targets(c, cb.attacker, out);
      out.push(Action::make(ActionType::NoBonus));
      break;
    case Decision::CompanionChoice:
      out.push(Action::make(ActionType::IgnoreSword));
      out.push(Action::make(ActionType::IgnoreFlag));
      break;
    default:
      break;
  }
}

void apply_combat(Ctx& c, Action a) {
  State& s = c.s;
  Combat& cb = s.combat;
  Strike& st = cb.strike;
  switch (a.type()) {
    case ActionType::Stand:
      cb.stage = Stage::AttackRoll;
      break;
    case ActionType::Evade:
      cb.evading = 1;
      c.emit(Ev::EvadeDeclared, s.units[cb.def_unit].side, "§13", cb.target_hex);
      cb.stage = Stage::AttackRoll;
      break;
    case ActionType::EvadeTo: {
      int v = cb.def_unit;
      int from = s.units[v].hex, to = a.a();
      int l = attached_leader(s, v);
      bool joins = s.leader_at[to] != kNone;
      move_unit(s, v, to);
      if (l >= 0) move_leader(s, l, to);
      c.emit(Ev::EvadeMove, s.units[v].side, "§13", from, to);
      if (joins) c.emit(Ev::LeaderAttached, s.units[v].side, "§13", to);
      cb.stage = Stage::End;
      break;
    }
    case ActionType::IgnoreFlags: {
      int k = a.a();
      if (k > 0) c.emit(Ev::FlagsIgnored, s.units[st.victim].side, "§12", s.units[st.victim].hex, k);
      st.retreat_left = uint8_t((st.flags - k) * st.per_flag);
      cb.stage = Stage::Retreat;
      break;
    }
    case ActionType::RetreatTo:
      retreat_step(c, st.victim, a.a());
      break;
    case ActionType::IgnoreSword:
    case ActionType::IgnoreFlag: {
      // Hellenistic H6.7: the sword stays ignored, or it hits and a flag is ignored instead.
      int hits = st.pending_hits;
      st.pending_hits = 0;
      if (a.type() == ActionType::IgnoreFlag) {
        st.companion = 2;
        hits++;
      }
      lose_blocks(c, st.victim, hits, "§11", 0);
      cb.stage = Stage::Flags;
      break;
    }
    case ActionType::BattleBack:
      c.emit(Ev::BattleBackDeclared, s.units[cb.def_unit].side, "§11", s.units[cb.def_unit].hex);
      strike(c, cb.def_unit, cb.attacker, false, true);
      break;
    case ActionType::NoBattleBack:
      c.emit(Ev::NoBattleBack, s.units[cb.def_unit].side, "§11", s.units[cb.def_unit].hex);
      cb.stage = Stage::End;
      break;
    case ActionType::Advance: {
      advance_unit(c, cb.attacker, cb.target_hex, Ev::MomentumAdvance);
      cb.advanced = 1;
      const UnitState& as = s.units[cb.attacker];
      const TerrainInfo& ti = terrain_info(c.scn.terrain[as.hex]);
      bool stopped = ti.stops_all || ti.stops_mounted;
      uint8_t opts[6];
      if (takes_extra_hex(as) && !cb.bonus && !stopped && extra_hex_options(c, cb.attacker, opts) > 0)
        cb.stage = Stage::ExtraHex;  // §13 cavalry special momentum advance
      else
        after_advance(c);
      break;
    }
    case ActionType::Hold:
      cb.stage = Stage::End;
      break;
    case ActionType::ExtraHex:
      advance_unit(c, cb.attacker, a.a(), Ev::CavalryExtraHex);
      after_advance(c);
      break;
    case ActionType::StayPut:
      after_advance(c);
      break;
    case ActionType::BonusCombat:
      declare_battle(c, cb.attacker, a.a(), true);
      break;
    case ActionType::NoBonus:
      cb.stage = Stage::End;
      break;
    case ActionType::FirstStrike: {
      // The card goes to the discards at once; its owner draws a replacement at the end of this
      // turn, before the active player (command-cards.md).
      Side def_side = s.units[cb.def_unit].side;
      int k = idx(def_side);
      for (int i = 0; i < s.hand_n[k]; ++i)
        if (s.hand[k][i] == uint8_t(CardKind::FirstStrike)) {
          s.hand[k][i] = s.hand[k][--s.hand_n[k]];
          s.hand[k][s.hand_n[k]] = 0;
          break;
        }
      s.discard[s.discard_n++] = uint8_t(CardKind::FirstStrike);
      s.first_strike_draw |= uint8_t(1 << k);
      c.emit(Ev::FirstStrikePlayed, def_side, "card", cb.target_hex);
      cb.first_strike = 1;
      strike(c, cb.def_unit, cb.attacker, false, true);
      break;
    }
    default:
      break;
  }
}

}  // namespace bgb::cca
