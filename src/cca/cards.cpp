#include "cca/cards.h"

#include <strings.h>

namespace bgb::cca {

namespace {
using G = CardGroup;
constexpr uint8_t X = 0;
}  // namespace

// Declared in the header, where the lookup is inline.
// clang-format off
const CardInfo kCardTable[kCardKinds] = {
  {"order-two-left",     "Order Two Units Left",    3, G::Section, {2,X,X}, true, true,  "Order 2 units and/or leaders in your left section."},
  {"order-two-center",   "Order Two Units Center",  4, G::Section, {X,2,X}, true, true,  "Order 2 units and/or leaders in your center section."},
  {"order-two-right",    "Order Two Units Right",   3, G::Section, {X,X,2}, true, true,  "Order 2 units and/or leaders in your right section."},
  {"order-three-left",   "Order Three Units Left",  3, G::Section, {3,X,X}, true, true,  "Order 3 units and/or leaders in your left section."},
  {"order-three-center", "Order Three Units Center",4, G::Section, {X,3,X}, true, true,  "Order 3 units and/or leaders in your center section."},
  {"order-three-right",  "Order Three Units Right", 3, G::Section, {X,X,3}, true, true,  "Order 3 units and/or leaders in your right section."},
  {"order-four-left",    "Order Four Units Left",   1, G::Section, {4,X,X}, true, true,  "Order 4 units and/or leaders in your left section."},
  {"order-four-center",  "Order Four Units Center", 1, G::Section, {X,4,X}, true, true,  "Order 4 units and/or leaders in your center section."},
  {"order-four-right",   "Order Four Units Right",  1, G::Section, {X,X,4}, true, true,  "Order 4 units and/or leaders in your right section."},
  {"out-flanked",        "Out Flanked",             2, G::Section, {2,X,2}, true, true,  "Order 2 units and/or leaders on each flank."},
  {"coordinated-attack", "Coordinated Attack",      2, G::Section, {1,1,1}, true, true,  "Order 1 unit and/or leader in each section."},
  {"order-light",        "Order Light Troops",      4, G::Troop,   {X,X,X}, false,true,  "Order light units equal to command; light foot may pass through friends."},
  {"order-medium",       "Order Medium Troops",     3, G::Troop,   {X,X,X}, false,true,  "Order medium units equal to command."},
  {"order-heavy",        "Order Heavy Troops",      2, G::Troop,   {X,X,X}, false,true,  "Order heavy units equal to command."},
  {"order-mounted",      "Order Mounted Units",     1, G::Troop,   {X,X,X}, true, true,  "Order mounted units and/or leaders equal to command."},
  {"inspired-left",      "Inspired Left Leadership",1, G::Leadership,{X,X,X},false,true, "A leader in your left section orders his unit and 4 linked units."},
  {"inspired-center",    "Inspired Center Leadership",1,G::Leadership,{X,X,X},false,true, "A leader in your center orders his unit and 4 linked units."},
  {"inspired-right",     "Inspired Right Leadership",1, G::Leadership,{X,X,X},false,true, "A leader in your right section orders his unit and 4 linked units."},
  {"leadership-any",     "Leadership Any Section",  3, G::Leadership,{X,X,X},false,true,  "Any leader orders his unit and 3 linked units."},
  {"clash-of-shields",   "Clash of Shields",        1, G::Tactic,  {X,X,X}, false,true,  "Units adjacent to the enemy battle with 2 extra dice, no movement."},
  {"counter-attack",     "Counter Attack",          2, G::Tactic,  {X,X,X}, false,true,  "Repeat the card your opponent just played."},
  {"darken-the-sky",     "Darken the Sky",          1, G::Tactic,  {X,X,X}, false,true,  "Every ranged unit fires twice; no movement."},
  {"double-time",        "Double Time",             2, G::Tactic,  {X,X,X}, false,true,  "Up to 4 linked foot units move 2 and battle."},
  {"first-strike",       "First Strike",            1, G::Tactic,  {X,X,X}, false,true,  "When attacked in close combat, your unit battles first."},
  {"i-am-spartacus",     "I Am Spartacus",          1, G::Tactic,  {X,X,X}, false,true,  "Roll command dice to order units, each with an extra die."},
  {"line-command",       "Line Command",            4, G::Tactic,  {X,X,X}, false,true,  "A linked line of foot units moves 1 and battles."},
  {"mounted-charge",     "Mounted Charge",          2, G::Tactic,  {X,X,X}, false,true,  "Mounted units equal to command battle with 1 extra die."},
  {"move-fire-move",     "Move-Fire-Move",          2, G::Tactic,  {X,X,X}, false,true,  "Light units move, fire, then move again."},
  {"rally",              "Rally",                   1, G::Tactic,  {X,X,X}, false,true,  "Roll command dice to return lost blocks near leaders."},
};
// clang-format on

bool parse_card(const char* s, CardKind& out) {
  for (int i = 0; i < kCardKinds; ++i)
    if (strcasecmp(s, kCardTable[i].id) == 0 || strcasecmp(s, kCardTable[i].name) == 0) {
      out = CardKind(i);
      return true;
    }
  return false;
}

static std::vector<uint8_t> deck_where(bool (*keep)(const CardInfo&)) {
  std::vector<uint8_t> d;
  for (int k = 0; k < kCardKinds; ++k)
    if (keep(kCardTable[k]))
      for (int c = 0; c < kCardTable[k].copies; ++c) d.push_back(uint8_t(k));
  return d;
}

std::vector<uint8_t> standard_deck() {
  return deck_where([](const CardInfo&) { return true; });
}
std::vector<uint8_t> section_deck() {
  return deck_where([](const CardInfo& c) { return c.group == G::Section && c.playable; });
}
std::vector<uint8_t> playable_deck() {
  return deck_where([](const CardInfo& c) { return c.playable; });
}

}  // namespace bgb::cca
