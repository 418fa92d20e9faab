// Internal interface between the rule files. Each .cpp holds the rules of one rule-book section;
// they share the Ctx (scenario, state, dice, log) and the helpers declared here.
#pragma once
#include "cca/board.h"
#include "cca/combat_table.h"
#include "cca/rules.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

struct Ctx {
  const Scenario& scn;
  State& s;
  Rng& rng;
  EventLog* log;
  const Board& b;
  // While set, gain_banner does not end the game: losses that happen at once (an elephant's
  // blocked retreat) are all applied, then decide_victory() names the winner.
  bool defer_victory = false;

  // Searches play without a log: the test stays inline, the recording does not.
  void emit(Ev t, Side side, const char* section, int a = 0, int b = 0, int c = 0, int d = 0) {
    if (log) record(t, side, section, a, b, c, d);
  }
  [[gnu::noinline]] void record(Ev t, Side side, const char* section, int a, int b, int c, int d) {
    Event e{t, side, uint8_t(a), uint8_t(b), uint8_t(c), uint8_t(d)};
    e.section = section;
    log->push_back(e);
  }
  void emit_dice(Ev t, Side side, const char* section, const uint8_t* dice, int n) {
    if (!log) return;
    Event e{t, side};
    e.section = section;
    e.ndice = uint8_t(n > 10 ? 10 : n);
    for (int i = 0; i < e.ndice; ++i) e.dice[i] = dice[i];
    log->push_back(e);
  }
  UnitState& unit(int i) { return s.units[i]; }
  const UnitInfo& info(int i) const { return unit_info(s.units[i].type); }
};

// §11: a unit at full strength has all the blocks of its type (a unit set up reduced is not).
// An elite warrior (H6.13) has five and is at full strength with four or more.
inline bool at_full_strength(const UnitState& u) { return u.blocks >= unit_info(u.type).blocks; }

// ---- board occupancy (state.cpp)
int unit_index_at(const State& s, int hex);
int leader_index_at(const State& s, int hex);
int attached_leader(const State& s, int unit);  // leader in the unit's hex, or -1
bool lone_leader_at(const State& s, int hex, Side side);  // a leader of `side` alone in hex
void move_unit(State& s, int u, int to);
void place_unit(State& s, int u, int hex);  // a unit comes onto the map alive (set-up, a reserve)
void move_leader(State& s, int l, int to);
void remove_unit(State& s, int u, Status why);
void remove_leader(State& s, int l, Status why);

// ---- §4 banners and victory (turn.cpp)
void gain_banner(Ctx& c, Side gainer);
// Ends the game if a side has reached its banner total; both at once: the active player wins.
void decide_victory(Ctx& c);
void end_turn(Ctx& c);
// §15: draws one card (reshuffling the discards into a new deck when the deck is empty).
void draw_card(Ctx& c, Side side);

// ---- the command cards (command_cards.cpp)
void start_card(Ctx& c);
// H2.1: the one section (0 left, 1 center, 2 right) of a section card that orders two or more
// there and nothing elsewhere (Order Two/Three/Four Units); -1 for any other card or kNone.
int single_section_of(uint8_t card);
// The section quotas of the card in force, with the section it was played in (H2.2).
void card_quotas(const State& s, uint8_t (&q)[3]);
// The card a Counter Attack played by the active side puts in force (kNone: nothing to copy).
uint8_t counter_attack_copy(const State& s);
// The sections where a Leadership card in force (State::effective) may choose its leader.
uint8_t leadership_sections(const State& s, bool copy);
// May start_card() give the card in force (kNone: none) this way of ordering?
bool order_mode_fits(uint8_t effective, OrderMode m);
void clear_card_in_force(State& s);  // no card in force: orders, quotas, dice results cleared
bool unit_of_card_kind(const UnitState& u, uint8_t card);
TypeMask card_kind_types(uint8_t card);  // the unit types unit_of_card_kind accepts
int card_move_limit(const Ctx& c, int u, int& charge_after);
bool card_passes_friends(const Ctx& c, int u);
bool card_allows_battle(const Ctx& c, int u, bool ranged);
bool card_auxilia_battles_after_two(const Ctx& c);
int card_extra_dice(const Ctx& c, int striker, bool ranged, bool battle_back);
bool card_fires_twice(const Ctx& c);
bool card_moves_again(const Ctx& c);
bool card_reshuffles(const Ctx& c);
bool first_strike_possible(const Ctx& c, Side defender);
bool holds_first_strike(const State& s, Side side);

// ---- §7 ordering (ordering.cpp)
void start_orders(Ctx& c);
void legal_orders(const Ctx& c, ActionList& out);
void apply_order(Ctx& c, Action a);

// ---- §8 movement (movement.cpp)
void legal_moves(const Ctx& c, ActionList& out);
void apply_move(Ctx& c, Action a);
// The leader that moves with unit u when it moves (attached and not ordered or moved alone).
int carried_leader(const State& s, int u);
// Sets the no-battle flag for a unit that has just entered `hex` (§16 forest, broken ground).
void note_terrain_entered(const Ctx& c, int u, int hex);
// Is an enemy unit (not a lone leader) next to hex?
bool adjacent_enemy_unit(const Ctx& c, int hex, Side side);
// Where the pieces on the map stand, per side, as sets of hexes.
struct Occupancy {
  Bits128 units[2];
  Bits128 leaders[2];
};
Occupancy occupancy(const State& s);
// The hexes a piece may move to, by the length of the shortest legal route (§8 counts hexes).
constexpr int kMaxMove = 8;
struct Destinations {
  // at[d]: the destinations d hexes away, for d up to reach. Plain words, left uninitialized: a
  // search fills only the distances it reaches, and the listings make one of these per unit.
  uint64_t at[kMaxMove + 1][2];
  Bits128 any;               // all of them
  int exit = 0;              // an exit rule: the hexes that leaving the board costs (0: it may not)
  int reach = 0;             // at[] holds distances 1..reach (the rest is not cleared)
  // Starts an empty set: the searches fill at[] one distance after another.
  void clear() {
    any = Bits128{};
    exit = 0;
    reach = 0;
  }
  void put(int d, const Bits128& b) {
    at[d][0] = b.w[0];
    at[d][1] = b.w[1];
  }
  int distance(int hex) const {
    for (int d = 1; d <= reach; ++d)
      if ((at[d][hex >> 6] >> (hex & 63)) & 1) return d;
    return 1;
  }
};
// Hexes a lone leader may reach (1-3 hexes, through friendly units).
void leader_destinations(const Ctx& c, int leader, const Occupancy& occ, Destinations& out);
// Why the active side cannot move a piece from `from` to `to` now (for a refused move).
std::string move_refusal(const Ctx& c, int from, int to);

// ---- §9-§11 battle (battle.cpp)
bool unit_may_battle(const Ctx& c, int u);
void legal_battles(const Ctx& c, ActionList& out);
// Why the unit at `from` cannot battle `to` now (for a refused battle).
std::string battle_refusal(const Ctx& c, int from, int to);
// `shot`: the experimental phalanx's one-die missile shot at an adjacent unit (Hellenistic H6.12).
void declare_battle(Ctx& c, int attacker, int target_hex, bool bonus, bool shot = false);
bool line_of_sight(const Ctx& c, int from, int to);
// Runs the battle state machine until a decision is needed or the battle ends.
void run_combat(Ctx& c);
void legal_combat(const Ctx& c, ActionList& out);
void apply_combat(Ctx& c, Action a);

// ---- combat numbers (combat_table.cpp): one function per question, read from the unit-type and
// trait tables (combat_table.h) and the terrain table (terrain.h). No other rule file tests a
// unit type for a number of combat.

// What a roll is made against: a unit that stands (close combat, battle back, First Strike, bonus
// combat), a target of fire, an evading unit, or a lone leader.
// BattleBack is a close combat roll by the defender (its battle back or First Strike).
enum class RollKind : uint8_t { Close, Ranged, VsEvader, VsLeader, BattleBack };

// Dice (§10 step 5, §11 step 4, §16 maximums, then the card's extra dice).
int close_combat_dice(const Ctx& c, int striker, int target_hex, bool battle_back);
int ranged_dice(const Ctx& c, int striker, int target_hex);
int escape_dice(const Ctx& c, int enemy_unit);  // §13 Leader Escape
int fire_range(const UnitState& u);              // §10 range in hexes, 0: no missile weapons
bool rerolls_swords(const Ctx& c, int striker, RollKind kind);  // §11 elephants
// §11 helmets: how many helmets of striker's close combat roll hit (0, kEvery, or the H3.3 caps).
int helmet_cap(const Ctx& c, int striker, bool battle_back);
// §10 step 6, §11 Score Hits, §13 evade, §16: the hits and flags of a roll by striker against
// victim, after what the victim ignores (each ignored hit is logged).
// `companion_sword`, when given, is set when the companions' one ignore (H6.7) went to a sword.
void score_roll(Ctx& c, const uint8_t* faces, int n, int striker, int victim, RollKind kind, int& hits, int& flags,
                bool* companion_sword = nullptr);
// §12 Bolster Morale, §11, §16: the flags the victim of a strike may ignore.
int flags_ignorable(const Ctx& c, int victim, int striker, bool ranged);
// §12 hexes per flag, with §11's extra hex for horses against elephants and camels.
int retreat_per_flag(const Ctx& c, int victim, int striker, bool ranged);
// §13 Evade Eligibility by type (may_evade adds whether a path exists).
bool evade_eligible(const Ctx& c, int defender, int attacker);
TypeMask evaded_types(const UnitState& defender);  // the attacker types it may evade (§13, H6.1)
// §8, §10, §11: may unit u still battle after a move of `hexes` (war machines, auxilia)?
bool battles_after_moving(const Ctx& c, int u, int hexes);
// §8 hexes a unit moves (its type's, or a trait's: H6.3(a) two).
int unit_move(const UnitState& u);
// §16: may a unit of type t battle on the turn it enters this terrain (forest, broken ground)?
bool battles_after_entering(UnitType t, Terrain terrain);
bool may_momentum_advance(const UnitState& u);  // §13: not war machines
bool takes_extra_hex(const UnitState& u);       // §13 cavalry special momentum advance
bool bonus_combat_allowed(const Ctx& c, int u); // §13 Bonus Close Combat, by type (and leader)
bool crew_escapes(const UnitState& u);          // §13 War Machine Evade
bool rampages(const UnitState& u);              // §12 Elephant Retreat
bool has_sword_or_flag(const UnitState& u);     // Hellenistic H6.7 the companions' choice
bool has_combined_attack(const Ctx& c, int u);  // Hellenistic H6.12 the experimental phalanx's shot

// ---- §12 retreat (retreat.cpp)
// Free hexes for the next retreat step of unit u with `left` hexes still to retreat (kOffBoard
// never: the edge blocks). Only steps on a path that makes the most of `left` are offered.
int retreat_options(const Ctx& c, int u, int left, uint8_t* out);
// Removes blocks; handles elimination, banners and the attached leader's casualty check.
// Returns true if the unit was eliminated.
bool lose_blocks(Ctx& c, int u, int n, const char* section, int cause);
void elephant_rampage(Ctx& c, int u);

// ---- §13 evade (special_actions.cpp)
bool may_evade(const Ctx& c, int defender, int attacker);
int evade_options(const Ctx& c, int u, uint8_t* out);
bool may_bonus_combat(const Ctx& c, int u);
void bonus_targets(const Ctx& c, int u, ActionList& out);

// ---- §14 leaders (leaders.cpp)
// Casualty check on the leader attached to unit u after it lost blocks (eliminated or not).
void leader_casualty_check(Ctx& c, int u, bool unit_eliminated);
void queue_leader_evade(Ctx& c, int leader);
// A leader is killed: banner to the enemy, and any scenario rule about him.
void eliminate_leader(Ctx& c, int leader, const char* section);
// Removes the first leader of the evade queue (keeping unused slots zero).
void pop_leader_evade(State& s);
void legal_leader_evades(const Ctx& c, int leader, ActionList& out);
void apply_leader_evade(Ctx& c, Action a);
// Dice roll helpers: count faces in a fresh roll of n dice (logged).
int roll_count(Ctx& c, int n, int face, Side roller, const char* section);

// ---- battle special rules (special_rules.cpp)
void leader_lost(Ctx& c, int leader);             // sudden-death
void banner_gained(Ctx& c, Side gainer);          // hand-at-banners
int cards_to_draw(const Ctx& c, Side side);       // hand-growth
bool may_exit_board(const Ctx& c, int u, int hex);// exit: may the unit leave from this hex?
void unit_exits(Ctx& c, int u);                   // exit
void unit_ended_move(Ctx& c, int u);              // objectives
void open_reserve_entry(Ctx& c);                  // reserve: after the orders of the turn's card
void legal_reserve_entries(const Ctx& c, ActionList& out);
void apply_reserve_entry(Ctx& c, Action a);

// ---- the Hellenistic module (hellenistic.cpp; shared/reference/later/hellenistic.md)
// H5.1: is unit u outflanked now (the sub-rule on, an interior hex, not an elephant)?
bool outflanked(const Ctx& c, int u);
// H3.1: a leader's grade under the leader-grades sub-rule (kGradeC for one without), kGradeNone
// when the sub-rule is off; the grade of the leader attached to unit u (kGradeNone: none or off).
uint8_t leader_grade(const Ctx& c, int leader);
uint8_t attached_grade(const Ctx& c, int u);
// H3.3: the helmets of unit u's close combat rolls that its leaders make hit (0, 1, 2 or kEvery).
int best_leader_helmet_cap(const Ctx& c, int u);
// §8 hexes a leader moves alone: 3; H3.2 a war-god 5, any other grade 4.
int leader_move(const Ctx& c, int leader);
// H3.6: the change a Leadership card's leader makes to its linked units (+1 a, -1 d, else 0).
int leadership_bonus(const Ctx& c, int leader);
// H6.13: a unit that has just made a close combat roll spends its elite warrior die.
void note_close_roll(Ctx& c, int u);
// H1 (army_commander.cpp): leader l has just been eliminated (killed) or has left the battlefield
// alive; if he is his side's Army Commander: banners to the enemy, and the loss of command.
void commander_lost(Ctx& c, int l, bool killed);
void legal_commander_discards(const Ctx& c, ActionList& out);
// H6.13 Barbarian Balk (warriors.cpp): at the end of the battles, marks every warrior that had to
// close combat and could not; true when one must retreat (the decision is then BalkRetreat).
bool start_balks(Ctx& c);
void legal_balk_retreats(const Ctx& c, ActionList& out);
// H10 the Reserve Move (reserve_move.cpp).
void pose_reserve_naming(Ctx& c);  // at set-up: the first side still to name its reserve leader
void legal_reserve_names(const Ctx& c, ActionList& out);
void apply_reserve_name(Ctx& c, Action a);
bool may_start_reserve(const Ctx& c);  // at the card play of the active side
void start_reserve(Ctx& c);
void legal_reserve_steps(const Ctx& c, ActionList& out);
void apply_reserve_step(Ctx& c, Action a);
void apply_balk_retreat(Ctx& c, Action a);
void apply_commander_discard(Ctx& c, Action a);

// ---- main loop (apply.cpp)
void run(Ctx& c);
void settle_after_setup(Ctx& c);

}  // namespace bgb::cca
