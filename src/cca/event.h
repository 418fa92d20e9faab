// Events the rules emit while applying a decision. Every event names the rule-book section it
// applies, so a game log reads like a ruling. A few events are private to one side (a drawn
// card): visible_to() says who may see them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cca/types.h"

namespace bgb::cca {

struct Scenario;
struct State;

enum class Ev : uint8_t {
  CardPlayed,        // side, a = card                        §6
  Ordered,           // side, a = hex, b = 1 if leader         §7
  OrdersLost,        // side, a = orders not given             §7
  Moved,             // side, a = from, b = to, c = 1 if leader §8
  LeaderCarried,     // side, a = from, b = to                 §7
  LeaderAttached,    // side, a = hex                          §7/§12
  BattleDeclared,    // side, a = from, b = target, c = CombatKind, d = dice  §9
  EvadeDeclared,     // side, a = hex                          §13
  Roll,              // side = roller, dice                    §10/§11
  Reroll,            // elephant sword re-roll, dice           §11
  Hits,              // side = owner hit, a = hex, b = hits    §10/§11
  HitIgnored,        // side = owner, a = hex, b = face        §11/§16
  BlockLost,         // side = owner, a = hex, b = blocks left, c = cause §10-§12
  UnitEliminated,    // side = owner, a = hex                  §4
  Banner,            // side = gainer, a = total               §4
  FlagsIgnored,      // side = owner, a = hex, b = count       §12
  RetreatStep,       // side, a = from, b = to                 §12
  RetreatBlocked,    // side, a = hex, b = hexes not fulfilled §12
  Rampage,           // side = elephant owner, a = hex         §12
  Trampled,          // side = owner of the blocking unit, a = hex §12
  EvadeMove,         // side, a = from, b = to                 §13
  WarMachineEscapes, // side, a = hex                          §13
  LeaderCheck,       // side = leader owner, a = hex, b = dice §14
  LeaderKilled,      // side = leader owner, a = hex           §14
  LeaderEvade,       // side, a = from, b = to (kOffBoard)     §13
  LeaderEscape,      // side, a = enemy hex being passed       §13
  LeaderLeaves,      // side, a = hex                          §13
  MomentumAdvance,   // side, a = from, b = to                 §13
  CavalryExtraHex,   // side, a = from, b = to                 §13
  BonusCombat,       // side                                    §13
  BattleBackDeclared,// side, a = hex                          §11
  NoBattleBack,      // side, a = hex                          §11
  TurnEnd,           // side                                    §15
  CardDrawn,         // side, a = card (private to side)       §15
  Reshuffle,         // side                                    §15
  Victory,           // side = winner                           §4
  Draw,              //                                         (program rule: turn limit)
  CardCopied,        // side, a = card copied by Counter Attack (kNone: nothing)
  BlockRegained,     // side, a = hex, b = blocks now           (Rally)
  FirstStrikePlayed, // side = defender, a = hex                (First Strike)
  UnitExits,         // side, a = hex the unit left from        (scenario rule)
  ObjectiveTaken,    // side, a = hex                           (scenario rule)
  ReserveEnters,     // side, a = hex, b = 1 if leader          (scenario rule)
  CommanderLost,     // side = owner, a = hex, b = 1 killed / 0 chased off, c = banners to the enemy (Hellenistic H1)
  CommandReduced,    // side, a = command now                   (Hellenistic H1.4)
  CardDiscarded,     // side, a = card                          (Hellenistic H1.4)
  ReserveNamed,      // side, a = leader index (private to side)  (Hellenistic H10.1)
  ReserveMoveMade,   // side, a = leader index, b = his hex      (Hellenistic H10.2: the leader revealed)
};
constexpr int kEventKinds = int(Ev::ReserveMoveMade) + 1;

struct Event {
  Ev type;
  Side side;
  uint8_t a = 0, b = 0, c = 0, d = 0;
  uint8_t ndice = 0;
  uint8_t dice[10] = {};
  const char* section = "";
};

using EventLog = std::vector<Event>;

// Who may see the event (Side::None = both). Private events are shown to others without secrets.
bool visible_to(const Event& e, Side viewer);
// One line of the game log in plain words; viewer hides the other side's cards.
std::string describe(const Scenario& scn, const Event& e, Side viewer = Side::None);
// The event's name in JSON and the protocol ("card-played", "reserve-enters"): one table for
// every Ev (event_names.cpp).
const char* event_name(Ev e);

}  // namespace bgb::cca
