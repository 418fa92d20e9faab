// The dynamic state of a game: a plain value, trivially copyable, no heap and no pointers, so a
// search can copy it freely (a few hundred bytes). The static scenario lives apart (Scenario).
// The pending decision, and where the rules resume after it, are part of the state.
#pragma once
#include <string>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/bits128.h"
#include "cca/types.h"

namespace bgb::cca {

constexpr int kMaxUnits = 48;
constexpr int kMaxLeaders = 8;
constexpr int kMaxHand = 12;
constexpr int kMaxDeck = 60;

// Per-turn unit flags.
enum : uint8_t {
  kOrdered = 1,    // §7 received an order this turn
  kMoved = 2,      // §8 has made its move (or a leader has moved alone)
  kBattled = 4,    // §9 has battled this turn
  kCharged = 8,    // §11 warrior moved two hexes: must close combat
  kNoBattle = 16,  // §8/§16 may not battle this turn (auxilia moved 2, war machine moved, terrain)
  kFiredOnce = 32, // Darken the Sky: has fired its first shot
  kMovedAgain = 64,// Move-Fire-Move: has made its second move
  kEntered = 128,  // a reserve rule: entered from the reserve this turn (placing was its first hex)
};
// The names of the flag bits (bit 0 = kOrdered ... bit 7 = kEntered), for JSON and texts.
extern const char* const kFlagNames[8];

// How the card in force gives orders (command-cards.md).
enum class OrderMode : uint8_t {
  Section = 0,   // orders per section (section cards)
  Troop,         // units of a kind, up to command (troop cards, Mounted Charge, Move-Fire-Move)
  AnyOne,        // the fallback: one unit of the player's choice
  Leadership,    // a leader, his unit and linked units
  Linked,        // foot units in linked hexes (Double Time, Line Command)
  Dice,          // I Am Spartacus: one unit per rolled symbol
  Rally,         // Rally: one block per rolled symbol to units near leaders
  None,          // no orders (a First Strike played on one's own turn, Clash of Shields / Darken the Sky set up)
};

// Removed: off the map without a banner (war machine escaped, leader evaded off, unit exited).
// Reserve: not yet on the map (a reserve rule).
enum class Status : uint8_t { Alive = 0, Eliminated = 1, Removed = 2, Reserve = 3 };

struct UnitState {
  UnitType type;
  Side side;
  uint8_t hex;
  uint8_t blocks;
  uint8_t start_blocks;
  uint8_t flags;
  uint8_t moved;  // hexes moved this turn
  Status status;
  uint16_t traits; // lasting scenario traits acting in this game (scenario.h kTrait*)
  uint8_t marks;   // lasting marks of the Hellenistic module (kMark*)
  uint8_t spare;   // zero: keeps the struct free of padding
  bool alive() const { return status == Status::Alive; }
};
// Lasting per-unit marks (Hellenistic module).
enum : uint8_t {
  kMarkEliteDieUsed = 1,  // H6.13 the elite warrior's one-time die is spent
  kMarkBalked = 2,        // H6.13 Barbarian Balk: retreats one hex after the turn's battles
  kMarkShotUsed = 4,      // H6.12 the experimental phalanx used its shot this turn
  kMarkReserveMoved = 8,  // H10 has made its step of the Reserve Move under way
};
extern const char* const kMarkNames[4];
// In an observation: the other side's reserve leader, not yet revealed (H10.1).
constexpr uint8_t kHiddenLeader = 254;

struct LeaderState {
  Side side;
  uint8_t hex;
  uint8_t flags;  // kOrdered, kMoved
  Status status;
  bool alive() const { return status == Status::Alive; }
};

// Whose decision is pending and of what kind. The turn phases are PlayCard, Order, Move and
// Battle; the others arise inside a battle.
enum class Decision : uint8_t {
  PlayCard,         // §6 active side
  Order,            // §7 active side
  Move,             // §8 active side
  Battle,           // §9 active side
  EvadeOrStand,     // §11 step 2, defender
  EvadePath,        // §13 Evade, defender
  IgnoreFlags,      // §12 Bolster Morale, owner of the unit hit
  Retreat,          // §12, owner of the retreating unit: the next hex
  LeaderEvade,      // §13 Leader Evade / Escape, owner of the leader: the whole path
  BattleBack,       // §11 step 8, defender
  MomentumAdvance,  // §13, attacker
  CavalryExtraHex,  // §13 cavalry special momentum advance, attacker
  BonusCombat,      // §13 bonus close combat, attacker
  CommanderDiscard, // Hellenistic H1.4: the side that lost its Army Commander discards a card
  BalkRetreat,      // Hellenistic H6.13: after the battles, a balked warrior retreats one hex (active side)
  CompanionChoice,  // Hellenistic H6.7: the companions hit by a sword and a flag ignore which (owner)
  ReserveLeader,    // Hellenistic H10.1: before the first turn, a side names its reserve leader (secret)
  ReserveMove,      // Hellenistic H10.3-H10.5: the steps of a Reserve Move (active side)
  GameOver,
};
constexpr int kDecisions = int(Decision::GameOver) + 1;
// The one table of decision names (state.cpp): text, JSON, the protocol and the terminal.
const char* decision_name(Decision d);
bool parse_decision(const std::string& s, Decision& out);

enum class CombatKind : uint8_t { None = 0, Ranged = 1, Close = 2 };

// Where a battle resumes after a decision.
enum class Stage : uint8_t {
  None,
  EvadeChoice,    // waiting for the defender's evade-or-stand
  AttackRoll,     // roll the attacker's dice
  EvadePath,      // waiting for the evade path
  Flags,          // a strike's flags: bolster morale decision
  Retreat,        // a strike's retreat, one hex at a time
  StrikeDone,     // a strike is over: momentum advance or battle back next
  Advance,        // waiting for momentum advance
  ExtraHex,       // waiting for the cavalry extra hex
  Bonus,          // waiting for the bonus close combat choice
  BattleBackChoice,
  End,
  CompanionChoice, // waiting for the companions' sword-or-flag choice (Hellenistic H6.7)
};

// One roll of battle dice against one target and its consequences (hits, flags, retreat).
struct Strike {
  uint8_t striker = kNone;   // unit index
  uint8_t victim = kNone;    // unit index hit by this strike
  uint8_t flags = 0;         // flags rolled against the victim
  uint8_t ignorable = 0;     // flags it may ignore (§12 Bolster Morale)
  uint8_t per_flag = 0;      // retreat hexes per flag
  uint8_t retreat_left = 0;  // hexes still to retreat
  uint8_t retreated = 0;     // hexes actually retreated
  uint8_t rampaged = 0;      // elephant rampage done (§12)
  uint8_t battle_back = 0;   // 1 when this is the defender's battle back
  uint8_t ranged = 0;
  uint8_t companion = 0;     // Hellenistic H6.7: 1 the companions ignored a sword, 2 a flag
  uint8_t pending_hits = 0;  // hits waiting for the companions' choice (Stage::CompanionChoice)
};

struct Combat {
  CombatKind kind = CombatKind::None;
  Stage stage = Stage::None;
  uint8_t bonus = 0;          // this is a bonus close combat (§13)
  uint8_t attacker = kNone;   // unit index
  uint8_t target_hex = kNoHex;
  uint8_t def_unit = kNone;   // unit index, or kNone when the target is a lone leader
  uint8_t def_leader = kNone; // lone leader attacked
  uint8_t evading = 0;
  uint8_t full_warrior = 0;   // bit 0 attacker, bit 1 defender: full-strength warrior at declaration (§11)
  uint8_t leader_checked = 0; // bit per leader index: one casualty check per combat (§14)
  uint8_t advanced = 0;       // momentum advance taken
  uint8_t first_strike = 0;   // 1: the defender's First Strike roll is under way; 2: it is done
  Strike strike;
};

struct State {
  uint8_t n_units = 0;
  uint8_t n_leaders = 0;
  UnitState units[kMaxUnits];
  LeaderState leaders[kMaxLeaders];
  uint8_t unit_at[kHexes];    // unit index per hex or kNone
  uint8_t leader_at[kHexes];  // leader index per hex or kNone
  // Each side's living units on the map, one bit per hex (the bytes of a Bits128): kept with
  // unit_at by the functions that place, move and remove units (state.cpp), so that the rules
  // and the bots ask "which hexes hold its units" without a walk over every unit.
  uint8_t unit_bits[2][16];
  Bits128 unit_hexes(Side side) const {
    Bits128 b;
    std::memcpy(b.w, unit_bits[int(side)], sizeof b.w);
    return b;
  }

  uint8_t hand[2][kMaxHand];
  uint8_t hand_n[2] = {0, 0};
  uint8_t deck[kMaxDeck];     // draw from the end
  uint8_t deck_n = 0;
  uint8_t discard[kMaxDeck];
  uint8_t discard_n = 0;
  uint8_t deck_total = 0;     // cards in the game: hands + deck + discards + played
  uint8_t played = kNone;     // the card on the table this turn

  uint8_t command[2] = {0, 0};      // §7 Command (cards held)
  uint8_t banners[2] = {0, 0};      // §4
  uint8_t extra_banners[2] = {0, 0};// banners not from eliminations (scenario objectives)
  uint16_t turn = 0;                // turns completed
  uint16_t last_order_key = 0;      // §7: orders are announced in increasing (hex, piece) order
  Side active = Side::Bottom;
  Side winner = Side::None;
  uint8_t draw = 0;                 // game ended without a winner (turn limit)

  Decision decision = Decision::PlayCard;
  Side decider = Side::Bottom;
  uint8_t subject = kNone;          // unit/leader index the pending decision is about

  // Ordering (§7): orders left per section and the canonical order of announcements.
  uint8_t quota[3] = {0, 0, 0};     // left, center, right (player's view) orders available
  uint8_t order_counts[8] = {};     // orders given, by section mask of the ordered piece

  // The card in force this turn (command-cards.md).
  uint8_t effective = kNone;        // the card whose effect applies (Counter Attack: its copy)
  OrderMode order_mode = OrderMode::Section;
  uint8_t orders_left = 0;          // Troop, AnyOne, Leadership, Linked: orders still to give
  uint8_t lead_leader = kNone;      // Leadership: the leader chosen
  uint8_t lead_sections = 0;        // Leadership: sections (player's view) where the leader may be chosen
  uint8_t dice_orders[4] = {};      // I Am Spartacus / Rally: light, medium, heavy, helmet results left
  uint8_t card_step = 0;            // Move-Fire-Move: 0 move, 1 fire, 2 move again
  uint8_t named_section = 0;        // Hellenistic H2: 0 as printed, else 1 + the section (player's view) it is played in
  uint8_t last_played[2] = {kNone, kNone};  // each side's last card effect, in its own view (Counter Attack)
  uint8_t last_lead_sections[2] = {0, 0};   // where each side last used Leadership Any Section
  uint8_t first_strike_draw = 0;    // bit per side: draws the replacement of a First Strike at turn end
  // Scenario special rules.
  uint8_t own_turns[2] = {0, 0};    // turns each side has completed
  uint8_t objectives[16] = {};      // bit per hex: objective already scored (an objectives rule)
  uint8_t reserve_entry = 0;        // section bits (player's view) where the reserve may enter this turn
  // The Hellenistic module (H1): bit per side, its Army Commander is gone; bit per side, it must
  // discard a card for that loss (a decision posed before any other).
  uint8_t commander_gone = 0;
  uint8_t discard_due = 0;
  // H10 Reserve Move: each side's reserve leader (a leader index, kNone: none; hidden from the
  // other side); reserve_done: bit k once side k has made its Reserve Move, bit 2 + k while it is
  // under way.
  uint8_t reserve_leader[2] = {kNone, kNone};
  uint8_t reserve_done = 0;

  Combat combat;
  uint8_t evade_queue[kMaxLeaders]; // leaders that must evade (§14), in order
  uint8_t evade_queue_n = 0;

  bool operator==(const State& o) const { return std::memcmp(this, &o, sizeof(State)) == 0; }
};

static_assert(std::is_trivially_copyable_v<State>, "State must be a plain value");
// No padding anywhere: equal states are equal bytes, whatever copied them.
static_assert(std::has_unique_object_representations_v<State>, "State must have no padding bytes");

// Zero-fills (including padding) so that two equal states compare equal byte for byte.
void clear_state(State& s);
// Rebuilds State::unit_bits from the units: after a position is read or set up by hand.
void sync_unit_bits(State& s);

}  // namespace bgb::cca
