// The command cards (rule book §6, reference/command-cards.md): all 29 kinds as data. A card's
// ordering rule is described by its quota (units per section, or "equal to command" of a troop
// class) so that ordering (§7) is one generic mechanism. Kinds not yet playable are marked so;
// a deck is built only from playable kinds.
#pragma once
#include <cstdint>
#include <vector>

#include "cca/types.h"

namespace bgb::cca {

enum class CardKind : uint8_t {
  OrderTwoLeft, OrderTwoCenter, OrderTwoRight,
  OrderThreeLeft, OrderThreeCenter, OrderThreeRight,
  OrderFourLeft, OrderFourCenter, OrderFourRight,
  OutFlanked, CoordinatedAttack,
  OrderLightTroops, OrderMediumTroops, OrderHeavyTroops, OrderMounted,
  InspiredLeftLeadership, InspiredCenterLeadership, InspiredRightLeadership, LeadershipAnySection,
  ClashOfShields, CounterAttack, DarkenTheSky, DoubleTime, FirstStrike, IAmSpartacus,
  LineCommand, MountedCharge, MoveFireMove, Rally,
  Count
};
constexpr int kCardKinds = int(CardKind::Count);
constexpr uint8_t kNoCard = 255;
constexpr uint8_t kHiddenCard = 254;  // in an observation: a card this side cannot see

enum class CardGroup : uint8_t { Section, Troop, Leadership, Tactic };

struct CardInfo {
  const char* id;        // stable identifier in JSON, e.g. "order-two-left"
  const char* name;
  uint8_t copies;        // in the 60-card deck
  CardGroup group;
  uint8_t quota[3];      // section cards: orders per section (left, center, right) from the player's view
  bool helmet;           // §7: attached leaders may be detached and ordered alone
  bool playable;         // implemented by the engine
  const char* effect;    // one line in our own words
};

extern const CardInfo kCardTable[kCardKinds];  // cards.cpp
inline const CardInfo& card_info(CardKind k) { return kCardTable[int(k)]; }
inline const CardInfo& card_info(uint8_t k) { return card_info(CardKind(k)); }
bool parse_card(const char* s, CardKind& out);

// A deck as a list of card kinds (one entry per physical card).
std::vector<uint8_t> standard_deck();   // the 60 cards
std::vector<uint8_t> section_deck();    // the 23 cards of the nine Order Two/Three/Four kinds
std::vector<uint8_t> playable_deck();   // every card of a playable kind

}  // namespace bgb::cca
