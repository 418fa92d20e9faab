// Names and plain-language text for actions and events.
#include <cmath>
#include <cstdio>
#include <string>

#include "cca/rules_internal.h"

namespace bgb::cca {

namespace {
const char* kActionNames[] = {"?", "play-card", "order-unit", "order-leader", "end-orders", "move-unit", "move-leader",
                              "end-moves", "battle", "end-battles", "stand", "evade", "evade-to", "ignore-flags",
                              "retreat-to", "leader-evade", "battle-back", "no-battle-back", "advance", "hold",
                              "extra-hex", "stay-put", "bonus-combat", "no-bonus", "first-strike",
                              "place-reserve", "place-leader", "discard-card", "balk-retreat", "ignore-sword", "ignore-flag",
                              "name-reserve", "start-reserve", "reserve-step", "reserve-leader-to",
                              "skip-combat"};
constexpr int kNames = int(sizeof kActionNames / sizeof kActionNames[0]);

// "1 hex", "2 hexes": a count with its noun in the right number (players read "1 order(s)").
std::string count_of(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A momentum advance or a cavalry's extra hex into a hex with no room behind it to retreat:
// each flag there costs blocks (§12). A play-tester lost a unit and its leader that way.
std::string retreat_warning(const Scenario& scn, const State& s, int dest) {
  const int u = s.combat.attacker;
  if (u == kNone || u >= s.n_units) return "";
  const int short_by = retreat_shortfall_at(scn, s, u, dest);
  if (short_by <= 0) return "";
  return " (careful: no room to retreat there, a flag costs " + count_of(short_by, "block", "blocks") + ")";
}

std::string unit_label(const State& s, int hex) {
  int u = unit_at(s, hex);
  if (u >= 0) return std::string(unit_info(s.units[u].type).code) + " " + hex_name(hex);
  int l = leader_at(s, hex);
  if (l >= 0) return "leader " + hex_name(hex);
  return hex_name(hex);
}

std::string leader_name(const Scenario& scn, const State& s, int hex) {
  int l = leader_at(s, hex);
  if (l >= 0 && l < int(scn.leaders.size())) return scn.leaders[l].name;
  return "leader";
}
}  // namespace

const char* action_type_name(ActionType t) {
  int i = int(t);
  return i > 0 && i < kNames ? kActionNames[i] : "?";
}

bool parse_action_type(const std::string& s, ActionType& out) {
  for (int i = 1; i < kNames; ++i)
    if (s == kActionNames[i]) {
      out = ActionType(i);
      return true;
    }
  return false;
}

std::string action_text(const Scenario& scn, const State& s, Action a) {
  switch (a.type()) {
    case ActionType::PlayCard: {
      std::string t = std::string("play ") + (a.a() < kCardKinds ? card_info(a.a()).name : "?");
      static const char* const kSec[3] = {"left", "center", "right"};
      if (a.b() >= 1 && a.b() <= 3) t += std::string(" in the ") + kSec[a.b() - 1] + " section (one order fewer)";
      return t;
    }
    case ActionType::OrderUnit:
      // A Leadership card's first choice: a leader, or one unit instead (which ends the card).
      if (s.order_mode == OrderMode::Leadership && s.lead_leader == kNone)
        return "order " + unit_label(s, a.a()) + " alone (no leader: the card orders this one unit)";
      return "order " + unit_label(s, a.a());
    case ActionType::OrderLeader: {
      std::string t = "order " + leader_name(scn, s, a.a()) + " at " + hex_name(a.a());
      if (s.order_mode == OrderMode::Leadership) return t + (unit_at(s, a.a()) >= 0 ? " with his unit" : "");
      // Elsewhere an attached leader is ordered on his own only where the card lets him detach (§7).
      return t + (unit_at(s, a.a()) >= 0 ? " (detach)" : "");
    }
    case ActionType::EndOrders: return "done ordering";
    case ActionType::MoveUnit: return "move " + unit_label(s, a.a()) + " -> " + hex_name(a.b());
    case ActionType::MoveLeader: return "move " + leader_name(scn, s, a.a()) + " " + hex_name(a.a()) + " -> " + hex_name(a.b());
    case ActionType::EndMoves: return "done moving";
    case ActionType::Battle: {
      const Board& b = Board::get();
      if (a.c() == 1) return "shot (1 die), then close combat: " + unit_label(s, a.a()) + " -> " + unit_label(s, a.b());
      bool close = a.a() < kHexes && a.b() < kHexes && b.adjacent(a.a(), a.b());
      return std::string(close ? "close combat: " : "fire: ") + unit_label(s, a.a()) + " -> " + unit_label(s, a.b());
    }
    case ActionType::EndBattles: return "end turn";
    case ActionType::Stand: return "stand and fight";
    case ActionType::Evade: return "evade";
    case ActionType::EvadeTo: return "evade to " + hex_name(a.a());
    case ActionType::IgnoreFlags: return "ignore " + count_of(a.a(), "flag", "flags");
    case ActionType::RetreatTo: return "retreat to " + hex_name(a.a());
    case ActionType::LeaderEvade: {
      std::string t = "leader evades";
      std::string risk;  // §13 Leader Escape: each enemy unit passed through battles him
      double safe = 1;
      for (int h : {a.a(), a.b(), a.c()}) {
        if (h == kNoHex) continue;
        t += " -> " + hex_name(h);
        const Side own = s.evade_queue_n > 0 && s.evade_queue[0] < s.n_leaders ? s.leaders[s.evade_queue[0]].side : s.decider;
        const int dice = leader_escape_dice(scn, s, h, own);
        if (dice <= 0) continue;
        risk += std::string(risk.empty() ? "" : ", ") + unit_label(s, h) + " " + count_of(dice, "die", "dice");
        safe *= std::pow(5.0 / 6.0, dice);
      }
      if (!risk.empty())
        t += " (escape through " + risk + ": killed by a helmet, " + std::to_string(int(std::lround(100 * (1 - safe)))) + "%)";
      return t;
    }
    case ActionType::BattleBack: return "battle back";
    case ActionType::NoBattleBack: return "do not battle back";
    case ActionType::Advance: return "momentum advance" + retreat_warning(scn, s, s.combat.target_hex);
    case ActionType::Hold: return "hold (no momentum advance)";
    case ActionType::ExtraHex: return "cavalry moves on to " + hex_name(a.a()) + retreat_warning(scn, s, a.a());
    case ActionType::StayPut: return "stay (no extra hex)";
    case ActionType::BonusCombat: return "bonus close combat -> " + unit_label(s, a.a());
    case ActionType::NoBonus: return "no bonus combat";
    case ActionType::FirstStrike: return "play First Strike: battle first";
    case ActionType::PlaceReserve:
      return std::string("bring on the reserve ") + (a.a() < s.n_units ? unit_info(s.units[a.a()].type).code : "?") + " at " + hex_name(a.b());
    case ActionType::PlaceLeader:
      return "bring on " + (a.a() < int(scn.leaders.size()) ? scn.leaders[a.a()].name : std::string("a leader")) + " at " + hex_name(a.b());
    case ActionType::SkipCombat: return "no close combat after the shot: " + unit_label(s, a.a());
    case ActionType::NameReserve:
      return "name " + (a.a() < int(scn.leaders.size()) ? scn.leaders[size_t(a.a())].name : std::string("?")) +
             " the reserve leader (secret)";
    case ActionType::StartReserve: return "make the Reserve Move (once a game)";
    case ActionType::ReserveStep: return "reserve move " + unit_label(s, a.a()) + " -> " + hex_name(a.b());
    case ActionType::ReserveLeaderTo: {
      const int l = s.decision == Decision::ReserveMove ? s.reserve_leader[idx(s.active)] : kNone;
      const std::string who = l < int(scn.leaders.size()) ? scn.leaders[size_t(l)].name : std::string("the reserve leader");
      if (l < s.n_leaders && s.leaders[l].hex == a.a()) return who + " stays at " + hex_name(a.a()) + ": end the Reserve Move";
      return who + " moves to " + hex_name(a.a()) + ": end the Reserve Move";
    }
    case ActionType::IgnoreSword: return "the companions ignore the sword hit";
    case ActionType::IgnoreFlag: return "the companions ignore a flag (and take the sword hit)";
    case ActionType::BalkRetreat: return "balked warrior " + hex_name(a.a()) + " retreats to " + hex_name(a.b());
    case ActionType::DiscardCard: return std::string("discard ") + (a.a() < kCardKinds ? card_info(a.a()).name : "?");
  }
  return "?";
}

bool visible_to(const Event& e, Side viewer) {
  if (e.type == Ev::CardDrawn || e.type == Ev::ReserveNamed) return viewer == Side::None || viewer == e.side;
  return true;
}

std::string describe(const Scenario& scn, const Event& e, Side viewer) {
  (void)scn;
  std::string who = side_name(e.side);
  auto h = [](int x) { return hex_name(x); };
  std::string t;
  switch (e.type) {
    case Ev::CardPlayed: {
      static const char* const kSec[3] = {"left", "center", "right"};
      t = who + " plays " + card_info(e.a).name + (e.b >= 1 && e.b <= 3 ? std::string(" in the ") + kSec[e.b - 1] + " section" : "");
      break;
    }
    case Ev::Ordered: t = who + " orders the " + std::string(e.b ? "leader" : "unit") + " at " + h(e.a); break;
    case Ev::OrdersLost: t = count_of(e.a, "order", "orders") + " not used " + (e.a == 1 ? "is" : "are") + " lost"; break;
    case Ev::Moved: t = who + (e.c ? " moves leader " : " moves ") + h(e.a) + " -> " + h(e.b) + " (" + count_of(e.d, "hex", "hexes") + ")"; break;
    case Ev::LeaderCarried: t = "the attached leader moves with the unit to " + h(e.b); break;
    case Ev::LeaderAttached: t = "a leader attaches to the unit at " + h(e.a); break;
    case Ev::BattleDeclared:
      t = who + (e.c == int(CombatKind::Ranged) ? " fires from " : " attacks from ") + h(e.a) + " at " + h(e.b) + " with " + std::to_string(e.d) + (e.d == 1 ? " die" : " dice");
      break;
    case Ev::EvadeDeclared: t = "the unit at " + h(e.a) + " evades"; break;
    case Ev::Roll:
    case Ev::Reroll: {
      t = who + (e.type == Ev::Roll ? " rolls" : " re-rolls swords:");
      for (int i = 0; i < e.ndice; ++i) t += std::string(" ") + face_name(e.dice[i]);
      if (e.ndice == 0) t += " no dice";
      break;
    }
    case Ev::Hits: t = count_of(e.b, "hit", "hits") + (e.c ? ", " + count_of(e.c, "flag", "flags") : "") + " on " + h(e.a); break;
    case Ev::HitIgnored: t = "the unit at " + h(e.a) + " ignores a " + face_name(e.b) + " hit"; break;
    case Ev::BlockLost: t = who + " unit at " + h(e.a) + " loses " + count_of(e.d, "block", "blocks") + ", " + std::to_string(e.b) + " left"; break;
    case Ev::UnitEliminated: t = who + " unit at " + h(e.a) + " is eliminated"; break;
    case Ev::Banner: t = who + " gains a victory banner (" + std::to_string(e.a) + ")"; break;
    case Ev::FlagsIgnored: t = "the unit at " + h(e.a) + " ignores " + count_of(e.b, "flag", "flags"); break;
    case Ev::RetreatStep: t = who + " retreats " + h(e.a) + " -> " + h(e.b); break;
    case Ev::RetreatBlocked: t = "the retreat from " + h(e.a) + " is blocked: " + count_of(e.b, "hex", "hexes") + " not made"; break;
    case Ev::Rampage: t = "the elephant at " + h(e.a) + " rampages"; break;
    case Ev::Trampled: t = "the piece at " + h(e.a) + " blocks the elephant's retreat"; break;
    case Ev::EvadeMove: t = who + " evades " + h(e.a) + " -> " + h(e.b); break;
    case Ev::WarMachineEscapes: t = "the war machine crew at " + h(e.a) + " escapes (no banner)"; break;
    case Ev::LeaderCheck: t = "leader casualty check at " + h(e.a) + " with " + std::to_string(e.b) + (e.b == 1 ? " die" : " dice"); break;
    case Ev::LeaderKilled: t = who + " leader at " + h(e.a) + " is killed"; break;
    case Ev::LeaderEvade: t = who + " leader evades " + h(e.a) + " -> " + h(e.b); break;
    case Ev::LeaderEscape: t = who + " leader tries to escape through " + h(e.a); break;
    case Ev::LeaderLeaves: t = who + " leader evades off the battlefield from " + h(e.a); break;
    case Ev::MomentumAdvance: t = who + " momentum advance " + h(e.a) + " -> " + h(e.b); break;
    case Ev::CavalryExtraHex: t = who + " cavalry moves one more hex " + h(e.a) + " -> " + h(e.b); break;
    case Ev::BonusCombat: t = who + " takes a bonus close combat"; break;
    case Ev::BattleBackDeclared: t = "the unit at " + h(e.a) + " battles back"; break;
    case Ev::NoBattleBack: t = "the unit at " + h(e.a) + " does not battle back"; break;
    case Ev::TurnEnd: t = who + " ends the turn"; break;
    case Ev::CardDrawn:
      t = who + " draws " + ((viewer == Side::None || viewer == e.side) ? std::string(card_info(e.a).name) : std::string("a card"));
      break;
    case Ev::Reshuffle: t = "the discards are shuffled into a new deck"; break;
    case Ev::Victory: t = who + " wins with " + std::to_string(e.a) + " banners"; break;
    case Ev::Draw: t = "the turn limit is reached: the game is drawn"; break;
    case Ev::CardCopied:
      t = who + (e.a == kNone ? std::string(" counter-attacks, but there is nothing to copy") : " counter-attacks as " + std::string(card_info(e.a).name));
      break;
    case Ev::BlockRegained: t = who + " unit at " + h(e.a) + " regains a block (" + std::to_string(e.b) + ")"; break;
    case Ev::UnitExits: t = who + " unit leaves the battlefield from " + h(e.a) + " and scores a banner"; break;
    case Ev::ReserveEnters: t = who + (e.b ? " leader" : " reserve unit") + " enters the battlefield at " + h(e.a); break;
    case Ev::ObjectiveTaken: t = who + " takes the objective at " + h(e.a) + " and scores a banner"; break;
    case Ev::CommanderLost:
      t = who + " Army Commander " + (e.b ? "is killed" : "leaves the battlefield") + " at " + h(e.a) + ": " +
          count_of(e.c, "banner", "banners") + " to the enemy";
      break;
    case Ev::CommandReduced: t = who + " command falls to " + std::to_string(e.a); break;
    case Ev::CardDiscarded: t = who + " discards " + std::string(card_info(e.a).name); break;
    case Ev::ReserveNamed:
      if ((viewer == Side::None || viewer == e.side) && e.a < scn.leaders.size())
        t = who + " names " + scn.leaders[e.a].name + " the reserve leader";
      else
        t = who + " names a reserve leader (secret)";
      break;
    case Ev::ReserveMoveMade:
      t = who + " makes the Reserve Move with " + (e.a < scn.leaders.size() ? scn.leaders[e.a].name : std::string("a leader")) +
          " at " + h(e.b);
      break;
    case Ev::FirstStrikePlayed: t = who + " plays First Strike: the unit at " + h(e.a) + " battles first"; break;
  }
  return std::string("[") + e.section + "] " + t;
}

}  // namespace bgb::cca
