// A decision as one 32-bit value: | type:8 | a:8 | b:8 | c:8 |. Legal actions are listed sorted
// by this value, so their order is fixed. Hexes are board indices (see board.h).
#pragma once
#include <cstdint>
#include <string>

#include "core/static_vec.h"
#include "cca/types.h"

namespace bgb::cca {

enum class ActionType : uint8_t {
  PlayCard = 1,     // a = card kind                                     §6
  OrderUnit,        // a = hex                                           §7
  OrderLeader,      // a = hex (a lone leader, or detach an attached one) §7
  EndOrders,        //                                                   §7
  MoveUnit,         // a = from, b = to                                  §8
  MoveLeader,       // a = from, b = to                                  §8
  EndMoves,         //                                                   §8
  Battle,           // a = battling unit's hex, b = target hex           §9-§11
  EndBattles,       //                                                   §15
  Stand,            // defender stays to fight                          §11
  Evade,            // defender evades                                  §13
  EvadeTo,          // a = final hex of the evade move                  §13
  IgnoreFlags,      // a = number of flags ignored                       §12
  RetreatTo,        // a = next hex of the retreat                       §12
  LeaderEvade,      // a, b, c = path hexes (kNoHex unused, kOffBoard)   §13
  BattleBack,       //                                                   §11
  NoBattleBack,     //                                                   §11
  Advance,          // momentum advance onto the vacated hex             §13
  Hold,             // decline momentum advance                          §13
  ExtraHex,         // a = hex (cavalry's additional hex)                §13
  StayPut,          // decline the extra hex                             §13
  BonusCombat,      // a = target hex                                    §13
  NoBonus,          // decline bonus close combat                        §13
  FirstStrike,      // defender plays First Strike (command-cards.md)
  PlaceReserve,     // a = unit index, b = hex: a reserve unit enters (a reserve rule)
  PlaceLeader,      // a = leader index, b = hex: a reserve leader enters (a reserve rule)
  DiscardCard,      // a = card kind: discarded for the loss of the Army Commander (Hellenistic H1.4)
  BalkRetreat,      // a = from, b = to: a balked warrior's one-hex retreat (Hellenistic H6.13)
  IgnoreSword,      // the companions ignore the sword (Hellenistic H6.7)
  IgnoreFlag,       // the companions ignore a flag instead (Hellenistic H6.7)
  NameReserve,      // a = leader index: the side's secret reserve leader (Hellenistic H10.1)
  StartReserve,     // begin the Reserve Move, before the card play (Hellenistic H10.2)
  ReserveStep,      // a = from, b = to: one unit's move in the Reserve Move (Hellenistic H10.4)
  ReserveLeaderTo,  // a = to: the reserve leader's move, which ends the Reserve Move (Hellenistic H10.5)
  SkipCombat,       // a = hex: the experimental phalanx makes no close combat after its shot (Hellenistic H6.12)
};

struct Action {
  uint32_t v;  // no initializer: lists of actions are built without zero-filling
  static Action make(ActionType t, int a = 0, int b = 0, int c = 0) {
    return Action{(uint32_t(uint8_t(t)) << 24) | (uint32_t(uint8_t(a)) << 16) | (uint32_t(uint8_t(b)) << 8) | uint32_t(uint8_t(c))};
  }
  ActionType type() const { return ActionType(v >> 24); }
  int a() const { return (v >> 16) & 0xFF; }
  int b() const { return (v >> 8) & 0xFF; }
  int c() const { return v & 0xFF; }
  bool operator==(const Action&) const = default;
  bool operator<(const Action& o) const { return v < o.v; }
};

constexpr int kMaxActions = 512;
using ActionList = StaticVec<Action, kMaxActions>;

const char* action_type_name(ActionType t);
bool parse_action_type(const std::string& s, ActionType& out);

}  // namespace bgb::cca
