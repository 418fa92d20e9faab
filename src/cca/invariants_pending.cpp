// check_pending(): the pending decision against its decider and subject, the combat record, the
// leader evade queue and the pieces on the map, as run() (apply.cpp) and run_combat() (battle.cpp)
// leave them when they stop for a decision. A battle pauses only at the stages that wait for a
// decision (wait_for in battle.cpp), or at any stage when a leader must evade first (§13, §14:
// run() takes the evade queue before the battle goes on). Every index the decision's legal actions
// and the rest of the battle read is checked here, and every decision that could have no legal
// action is checked to have one.
#include <cstring>
#include <string>

#include "cca/invariants_internal.h"

namespace bgb::cca {

namespace {

// roll_battle_dice() keeps at most this many faces, so no roll scores more flags.
constexpr int kMaxRoll = 64;

bool is_unit(const State& s, uint8_t u) { return u < s.n_units; }
bool is_leader(const State& s, uint8_t l) { return l < s.n_leaders; }

bool strike_empty(const Strike& st) {
  static const Strike none{};
  return std::memcmp(&st, &none, sizeof st) == 0;
}
bool combat_empty(const Combat& cb) {
  static const Combat none{};
  return std::memcmp(&cb, &none, sizeof cb) == 0;
}

bool turn_phase(Decision d) {
  return d == Decision::PlayCard || d == Decision::Order || d == Decision::Move || d == Decision::Battle ||
         d == Decision::BalkRetreat;
}

// The stage a battle waits at for each of its decisions (run_combat); Stage::None for the others.
Stage waiting_stage(Decision d) {
  switch (d) {
    case Decision::EvadeOrStand: return Stage::EvadeChoice;
    case Decision::EvadePath: return Stage::EvadePath;
    case Decision::IgnoreFlags: return Stage::Flags;
    case Decision::Retreat: return Stage::Retreat;
    case Decision::BattleBack: return Stage::BattleBackChoice;
    case Decision::CompanionChoice: return Stage::CompanionChoice;
    case Decision::MomentumAdvance: return Stage::Advance;
    case Decision::CavalryExtraHex: return Stage::ExtraHex;
    case Decision::BonusCombat: return Stage::Bonus;
    default: return Stage::None;
  }
}

bool among(Stage st, std::initializer_list<Stage> set) {
  for (Stage x : set)
    if (st == x) return true;
  return false;
}

// The strike record (one roll and its flags and retreat): the attacker's strike, or the
// defender's battle back or First Strike (§11 step 8, command-cards.md). Never against a lone
// leader: helmets kill him or he must evade (§14), with no strike.
std::string check_strike(const Ctx& c) {
  const State& s = c.s;
  const Combat& cb = s.combat;
  const Strike& st = cb.strike;
  if (cb.def_unit == kNone) return "a strike in a battle against a lone leader (§14)";
  const bool attack = st.striker == cb.attacker && st.victim == cb.def_unit && !st.battle_back;
  const bool back = st.striker == cb.def_unit && st.victim == cb.attacker && st.battle_back;
  if (!attack && !back) return "the strike is not between the attacker and the defender";
  if (st.ranged != (cb.kind == CombatKind::Ranged)) return "the strike and the battle differ in kind";
  if (cb.first_strike == 1 && !back) return "a First Strike roll that is not the defender's";
  if (st.flags > kMaxRoll || st.ignorable > st.flags) return "more flags than a roll scores";
  // §12 and §11: hexes per flag by the victim's type against the striker's, as strike() sets it
  // (before the hits: a victim eliminated since has no traits left to count).
  if (s.units[st.victim].alive() && st.per_flag != retreat_per_flag(c, st.victim, st.striker, st.ranged))
    return "retreat hexes per flag differ from the victim's";
  // Each retreat hex made, blocked or left comes out of the flags not ignored (§12).
  if (st.retreat_left + st.retreated > st.flags * st.per_flag) return "more retreat hexes than the flags give (§12)";
  if (st.rampaged && !rampages(s.units[st.victim])) return "a rampage by a unit that is no elephant (§12)";
  return "";
}

// The combat record of a battle in progress, whatever it waits for (battle.cpp declare_battle
// sets it, the stages move it on, finish_combat clears it).
std::string check_combat(const Ctx& c) {
  const State& s = c.s;
  const Combat& cb = s.combat;
  const Stage stage = cb.stage;
  if (cb.kind != CombatKind::Ranged && cb.kind != CombatKind::Close) return "a combat of no kind";
  if (stage == Stage::None || int(stage) > int(Stage::CompanionChoice)) return "a combat at no stage";
  // §9: the active side battles; its unit is on the map until a battle back or a rampage
  // eliminates it (§11 step 8, §12).
  if (!is_unit(s, cb.attacker) || s.units[cb.attacker].side != s.active) return "the attacker is not a unit of the active side";
  const UnitState& att = s.units[cb.attacker];
  if (att.status != Status::Alive && att.status != Status::Eliminated) return "the attacker is neither on the map nor eliminated";
  if (!att.alive() && !among(stage, {Stage::Flags, Stage::Retreat, Stage::StrikeDone, Stage::End}))
    return "the attacker is eliminated while the battle needs it";
  if (!(att.flags & (kBattled | kFiredOnce))) return "the attacker has not battled this turn (§9)";
  if (cb.target_hex >= kHexes) return "the battle has no target hex";
  // The target: an enemy unit, or a lone enemy leader (§9, §14).
  if ((cb.def_unit == kNone) == (cb.def_leader == kNone)) return "the battle needs one defender, a unit or a lone leader";
  if (cb.def_unit != kNone) {
    if (!is_unit(s, cb.def_unit) || s.units[cb.def_unit].side == s.active) return "the defending unit is not an enemy unit";
    const Status st = s.units[cb.def_unit].status;
    if (st == Status::Reserve) return "the defending unit is off the map in reserve";
    // §13 War Machine Evade: the crew escapes and the battle ends.
    if (st == Status::Removed && stage != Stage::End) return "the defending unit left the map in a battle that goes on";
  } else {
    if (!is_leader(s, cb.def_leader) || s.leaders[cb.def_leader].side == s.active) return "the defending leader is not an enemy leader";
    // §14: one roll, then he is dead or must evade: the battle is over.
    if (!among(stage, {Stage::AttackRoll, Stage::End})) return "a battle against a lone leader past its roll";
  }
  if (cb.leader_checked >> s.n_leaders) return "a casualty check of a leader who is none";
  if ((cb.full_warrior & 2) && cb.def_unit == kNone) return "a full-strength defender who is no unit";
  if (cb.bonus && cb.kind != CombatKind::Close) return "a bonus combat that is not close combat (§13)";
  if (cb.kind == CombatKind::Ranged &&
      (cb.evading || cb.first_strike || cb.advanced ||
       !among(stage, {Stage::AttackRoll, Stage::Flags, Stage::Retreat, Stage::StrikeDone, Stage::End})))
    return "a ranged combat with a close combat's steps (§10: no evade, battle back or advance)";
  if (cb.evading && (cb.def_unit == kNone || cb.first_strike || cb.advanced ||
                     !among(stage, {Stage::AttackRoll, Stage::EvadePath, Stage::End})))
    return "an evading unit in a battle past its evade (§13)";
  if (cb.first_strike && cb.def_unit == kNone) return "a First Strike by a lone leader";
  if (stage == Stage::EvadePath && !cb.evading) return "an evade path for a unit that did not evade (§13)";
  if (cb.advanced != among(stage, {Stage::ExtraHex, Stage::Bonus}) && !(cb.advanced && stage == Stage::End))
    return "the momentum advance does not fit the stage (§13)";
  if (cb.bonus && among(stage, {Stage::ExtraHex, Stage::Bonus}))
    return "a bonus combat with a cavalry extra hex or another bonus combat (§13)";
  if (stage == Stage::BattleBackChoice && cb.first_strike) return "a battle back after a First Strike";

  if (stage == Stage::EvadeChoice && (cb.kind != CombatKind::Close || cb.def_unit == kNone || cb.first_strike))
    return "an evade choice that is not a unit's answer to close combat (§11 step 2)";
  // The strike record: none before the first roll at a unit, one from then on.
  const Strike& st = cb.strike;
  const bool struck = among(stage, {Stage::Flags, Stage::Retreat, Stage::StrikeDone, Stage::Advance, Stage::ExtraHex,
                                    Stage::Bonus, Stage::BattleBackChoice, Stage::CompanionChoice}) ||
                      (stage == Stage::AttackRoll && cb.first_strike == 2);
  if ((st.pending_hits != 0) && stage != Stage::CompanionChoice) return "hits waiting for a choice no one is asked (Hellenistic H6.7)";
  if (st.companion > 2) return "a companions' ignore that is neither sword nor flag";
  if (struck || (stage == Stage::End && !strike_empty(st))) {
    if (std::string bad = check_strike(c); !bad.empty()) return bad;
  } else if (!strike_empty(st)) {
    return "a strike record before the roll";
  }
  // Where the two stand (§9-§13). The attacker holds its hex, next to the target or within its
  // fire, until it advances or a battle back or First Strike makes it retreat. The defender holds
  // the target hex until it evades (the battle then ends) or retreats; a retreat never comes
  // back, every step is toward its own side (§12). A lone leader stands alone there until his roll.
  if (att.alive() && !cb.advanced && !(st.battle_back && st.retreated > 0)) {
    const int d = c.b.dist[att.hex][cb.target_hex];
    const bool shot = (att.marks & kMarkShotUsed) && d == 1;  // Hellenistic H6.12
    if (cb.kind == CombatKind::Close ? d != 1 : (d < 2 && !shot)) return "the target hex is not within the attacker's reach (§10, §11)";
  }
  if (stage != Stage::End) {
    if (cb.def_unit != kNone) {
      const UnitState& du = s.units[cb.def_unit];
      const bool retreated = !st.battle_back && st.striker != kNone && st.retreated > 0;
      if (du.alive() && (du.hex == cb.target_hex) == retreated) return "the defender is not where its battle left it";
    } else {
      const LeaderState& dl = s.leaders[cb.def_leader];
      if (!dl.alive() || dl.hex != cb.target_hex || s.unit_at[cb.target_hex] != kNone)
        return "the lone leader attacked is not alone in the target hex (§14)";
    }
  }
  if (cb.def_unit != kNone && (stage == Stage::EvadeChoice || stage == Stage::AttackRoll) && !s.units[cb.def_unit].alive())
    return "the defending unit is gone before the attacker's roll";
  // At Stage::Flags the flags are rolled and not yet resolved: no retreat has begun (§12).
  if (stage == Stage::Flags && (st.retreat_left || st.retreated || st.rampaged))
    return "a retreat begun before the flags are resolved (§12)";
  return "";
}

// The decisions of a battle: who decides, about which piece, and that they have a choice.
std::string check_battle_decision(const Ctx& c) {
  const State& s = c.s;
  const Combat& cb = s.combat;
  const Strike& st = cb.strike;
  const UnitState& att = s.units[cb.attacker];
  const bool def = cb.def_unit != kNone;
  auto asks = [&](Side who, uint8_t subject) -> std::string {
    if (s.decider != who) return "the decider is not the side the rules ask";
    if (s.subject != subject) return "the subject is not the piece the decision is about";
    return "";
  };
  switch (s.decision) {
    case Decision::EvadeOrStand:  // §11 step 2 (and First Strike): the defender answers
      return asks(s.units[cb.def_unit].side, cb.def_unit);
    case Decision::EvadePath: {   // §13: the evader chooses where, after the attacker's roll
      if (!cb.evading || !s.units[cb.def_unit].alive()) return "an evade path with no evading unit (§13)";
      if (crew_escapes(s.units[cb.def_unit])) return "an evade path for a war machine, whose crew escapes (§13)";
      uint8_t opts[8];
      if (evade_options(c, cb.def_unit, opts) == 0) return "an evade path with no hex to evade to (§13)";
      return asks(s.units[cb.def_unit].side, cb.def_unit);
    }
    case Decision::IgnoreFlags: {  // §12 Bolster Morale, by the owner of the unit hit
      if (!s.units[st.victim].alive() || st.flags == 0) return "flags to ignore with no unit hit by flags (§12)";
      if (st.retreat_left || st.retreated || st.rampaged) return "flags to ignore after the retreat began (§12)";
      const int may = std::min<int>(st.flags, flags_ignorable(c, st.victim, st.striker, st.ranged));
      if (st.ignorable == 0 || st.ignorable != may) return "the flags it may ignore differ from the rules' (§12)";
      return asks(s.units[st.victim].side, st.victim);
    }
    case Decision::Retreat: {  // §12, one hex at a time, by the owner of the retreating unit
      if (!s.units[st.victim].alive() || st.retreat_left == 0) return "a retreat with no unit to retreat (§12)";
      if (rampages(s.units[st.victim]) && !st.rampaged) return "an elephant retreats before its rampage (§12)";
      uint8_t opts[2];
      if (retreat_options(c, st.victim, st.retreat_left, opts) == 0) return "a retreat with no hex to retreat to (§12)";
      return asks(s.units[st.victim].side, st.victim);
    }
    case Decision::BattleBack: {  // §11 step 8: a defender who held its hex and can roll
      const UnitState& d = s.units[cb.def_unit];
      if (!d.alive() || !att.alive() || st.battle_back || st.retreated || !c.b.adjacent(d.hex, att.hex))
        return "a battle back by a defender who did not hold its hex next to the attacker (§11)";
      if (close_combat_dice(c, cb.def_unit, att.hex, true) <= 0) return "a battle back with no dice (§11)";
      return asks(d.side, cb.def_unit);
    }
    case Decision::MomentumAdvance: {  // §13: into the hex the defender vacated
      if (!def || st.battle_back || !att.alive() || !may_momentum_advance(att))
        return "a momentum advance with no attacker that won a close combat (§13)";
      if (s.units[cb.def_unit].alive() && st.retreated == 0) return "a momentum advance though the defender held (§13)";
      if (s.unit_at[cb.target_hex] != kNone || s.leader_at[cb.target_hex] != kNone || !c.b.adjacent(att.hex, cb.target_hex))
        return "a momentum advance into a hex that is not the vacated one next to the attacker (§13)";
      return asks(s.active, cb.attacker);
    }
    case Decision::CavalryExtraHex:  // §13: one hex more after advancing into the target hex
      if (!att.alive() || att.hex != cb.target_hex || !takes_extra_hex(att))
        return "a cavalry extra hex with no mounted unit that advanced (§13)";
      return asks(s.active, cb.attacker);
    case Decision::BonusCombat:  // §13: after a momentum advance, at most one hex beyond the target
      if (!att.alive() || c.b.dist[att.hex][cb.target_hex] > 1 || !may_bonus_combat(c, cb.attacker))
        return "a bonus combat with no unit that advanced and may battle (§13)";
      return asks(s.active, cb.attacker);
    case Decision::CompanionChoice:  // Hellenistic H6.7: a sword ignored and a flag in the roll
      if (!s.units[st.victim].alive() || !has_sword_or_flag(s.units[st.victim]) || st.companion != 1 || st.flags == 0 ||
          st.ranged)
        return "a companions' choice with no companions hit by a sword and a flag (Hellenistic H6.7)";
      return asks(s.units[st.victim].side, st.victim);
    default: return "not a battle decision";
  }
}

}  // namespace

std::string check_pending(const Scenario& scn, const State& s) {
  const Decision d = s.decision;
  if (int(d) >= kDecisions) return "a pending decision that is none";
  if (s.subject != kNone && s.subject >= s.n_units && s.subject >= s.n_leaders) return "a subject that is no piece";
  if (d == Decision::GameOver) return "";
  if (s.decider != Side::Top && s.decider != Side::Bottom) return "no one to decide";
  if (s.active != Side::Top && s.active != Side::Bottom) return "no active side";
  Rng dummy(0);  // the rules called below only look at the position
  Ctx c{scn, const_cast<State&>(s), dummy, nullptr, Board::get()};
  const std::string what = std::string("decision ") + decision_name(d) + ": ";

  // Hellenistic H1.4: the discard for a lost Army Commander comes before anything else (run()).
  if ((s.discard_due != 0) != (d == Decision::CommanderDiscard)) return what + "a discard due and the decision disagree";
  if (s.commander_gone & ~3u) return what + "commander_gone holds bits of no side";
  if (d == Decision::CommanderDiscard) {
    if (s.discard_due & ~3u) return what + "discard_due holds bits of no side";
    const Side first = (s.discard_due & 1) ? Side::Top : Side::Bottom;
    if (s.decider != first) return what + "the decider is not the side that must discard";
    if (!(s.commander_gone >> idx(first) & 1)) return what + "a discard for a commander who is not gone (H1.4)";
    if (s.hand_n[idx(first)] == 0) return what + "a discard from an empty hand";
    if (!scn.hel(HRule::ArmyCommander)) return what + "a discard with the army-commander rule off";
    // The discard may stop a battle in mid-course, with leaders left alone waiting to evade;
    // run() takes them and the battle up again afterwards, so their records must hold as they
    // would at that point (a fuzzed retreat count passed here and broke after the discard).
    for (int i = 0; i < s.evade_queue_n; ++i)
      for (int j = 0; j < i; ++j)
        if (s.evade_queue[i] == s.evade_queue[j]) return what + "a leader twice in the evade queue";
    if (s.combat.kind == CombatKind::None) {
      if (!combat_empty(s.combat)) return what + "a combat record outside a battle";
      return "";
    }
    if (std::string bad = check_combat(c); !bad.empty()) return what + bad;
    if (s.evade_queue_n > 0 && !among(s.combat.stage, {Stage::Flags, Stage::Retreat, Stage::EvadePath, Stage::End}))
      return what + "the battle stopped at a stage where no leader is left to evade";
    return "";
  }
  // §13/§14: a leader left alone by a battle evades before anything else happens (run()).
  if ((s.evade_queue_n > 0) != (d == Decision::LeaderEvade)) return what + "the leader evade queue and the decision disagree";
  for (int i = 0; i < s.evade_queue_n; ++i)
    for (int j = 0; j < i; ++j)
      if (s.evade_queue[i] == s.evade_queue[j]) return what + "a leader twice in the evade queue";

  // Hellenistic H10: the reserve leaders are leaders of their side; a Reserve Move under way marks
  // its moved units, and only then.
  for (Side side : {Side::Top, Side::Bottom}) {
    const uint8_t l = s.reserve_leader[idx(side)];
    if (l == kNone) continue;
    if (l >= s.n_leaders || s.leaders[l].side != side) return what + "a reserve leader who is no leader of his side (Hellenistic H10.1)";
    if (!scn.reserve_move(side)) return what + "a reserve leader for a side allowed no Reserve Move (Hellenistic H10.1)";
  }
  if (s.reserve_done & ~15u) return what + "reserve_done holds bits of no side";
  if (((s.reserve_done & 12u) != 0) != (d == Decision::ReserveMove)) return what + "a Reserve Move under way and the decision disagree (H10)";
  {
    bool moved = false;
    for (int i = 0; i < s.n_units; ++i) moved |= (s.units[i].marks & kMarkReserveMoved) != 0;
    if (moved && d != Decision::ReserveMove) return what + "units marked by a Reserve Move that is over (Hellenistic H10)";
  }
  if (d == Decision::ReserveLeader) {
    if (s.turn != 0 || s.reserve_leader[idx(s.decider)] != kNone || !scn.reserve_move(s.decider))
      return what + "a reserve leader named after the set-up, twice, or by a side allowed no Reserve Move (H10.1)";
    if (s.subject != kNone || !combat_empty(s.combat)) return what + "a subject or a combat at the set-up";
    return "";
  }
  if (d == Decision::ReserveMove) {
    const uint8_t l = s.reserve_leader[idx(s.active)];
    if (s.decider != s.active || l >= s.n_leaders || !s.leaders[l].alive() || (s.reserve_done >> idx(s.active) & 1) ||
        (s.reserve_done & 12u) != (4u << idx(s.active)) || s.own_turns[idx(s.active)] < 3)
      return what + "a Reserve Move with no living reserve leader, by the other side, or a second one (H10.2)";
    if (s.subject != kNone || !combat_empty(s.combat) || s.played != kNone) return what + "a Reserve Move after the card play or in a battle";
    return "";
  }
  // Hellenistic H6.13: balked warriors exist only while their retreats are asked for.
  {
    bool marked = false;
    for (int i = 0; i < s.n_units; ++i) marked |= s.units[i].alive() && (s.units[i].marks & kMarkBalked);
    if (marked != (d == Decision::BalkRetreat)) return what + "balked warriors and the decision disagree (Hellenistic H6.13)";
  }
  if (turn_phase(d)) {
    // §5: the active side's turn, no battle in progress (finish_combat clears its record).
    if (s.decider != s.active) return what + "the decider is not the active side";
    if (s.subject != kNone) return what + "a subject outside a battle";
    if (!combat_empty(s.combat)) return what + "a combat record outside a battle";
    if (d == Decision::PlayCard) {
      bool playable = false;
      for (int i = 0; i < s.hand_n[idx(s.active)]; ++i) playable |= card_info(s.hand[idx(s.active)][i]).playable;
      if (!playable) return what + "no card in hand to play (§6)";
    }
    return "";
  }

  // Decisions inside a battle: a combat is in progress.
  if (s.combat.kind == CombatKind::None) return what + "no combat in progress";
  if (std::string bad = check_combat(c); !bad.empty()) return what + bad;
  if (d == Decision::LeaderEvade) {
    // The battle stopped where a leader was left alone: after a loss of blocks (a strike, an
    // evader's roll, a retreat or rampage) or the lone leader's own roll (§13, §14).
    if (!among(s.combat.stage, {Stage::Flags, Stage::Retreat, Stage::EvadePath, Stage::End}))
      return what + "the battle stopped at a stage where no leader is left to evade";
    const uint8_t l = s.evade_queue[0];
    if (s.decider != s.leaders[l].side) return what + "the decider is not the evading leader's side";
    if (s.subject != l) return what + "the subject is not the first leader of the evade queue";
    ActionList paths;
    legal_leader_evades(c, l, paths);
    // run() eliminates a leader who has no path before it asks (§13).
    if (paths.empty()) return what + "the evading leader has no path (§13)";
    return "";
  }
  if (s.combat.stage != waiting_stage(d)) return what + "the battle does not wait for this decision";
  if (std::string bad = check_battle_decision(c); !bad.empty()) return what + bad;
  return "";
}

}  // namespace bgb::cca
