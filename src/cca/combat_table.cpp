// The combat tables and the questions the rule files ask about combat (combat_table.h). Every
// number of §9-§16 that depends on a unit's type or traits is read here, and the terrain table's
// battle columns are applied here, in the order the rule book (and H11 of the Hellenistic spec,
// for what will plug in) gives.
#include "cca/combat_table.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "cca/rules_internal.h"
#include "core/hex.h"

namespace bgb::cca {

namespace {

using U = UnitType;
using BR = BonusRule;

// §13 Evade eligibility, as the attackers a unit may evade.
constexpr TypeMask kAnyone = (TypeMask(1) << kUnitTypes) - 1;
constexpr TypeMask kFoot = type_bit(U::LightInfantry) | type_bit(U::LightSling) | type_bit(U::LightBow) |
                           type_bit(U::Auxilia) | type_bit(U::Warrior) | type_bit(U::MediumInfantry) |
                           type_bit(U::HeavyInfantry) | type_bit(U::LightWarMachine) | type_bit(U::HeavyWarMachine);
constexpr TypeMask kHeavyMounted = type_bit(U::HeavyCavalry) | type_bit(U::Elephant) | type_bit(U::HeavyChariot);
constexpr TypeMask kFootAndHeavyMounted = kFoot | kHeavyMounted;      // medium cavalry, camels
constexpr TypeMask kFootAndElephants = kFoot | type_bit(U::Elephant);  // heavy cavalry, heavy chariots

}  // namespace

// One row per unit type, in UnitType order; a column left out is zero (false). Rule book: §11
// Foot / Cavalry / Camel / Chariot / Elephant Combat and Score Hits; §10 the range table and step 5;
// §12 the retreat exceptions; §13 Evade Eligibility, Momentum Advance, Bonus Close Combat;
// §16 Forest. Declared in the header, where the lookup is inline.
const CombatType kCombatTable[kUnitTypes] = {
    // LI, LS, LB: 2 dice, no sword hits; range 2 / 3 / 3; retreat 2 (their move); always evade.
    {.close_dice = 2, .leader_helmets = true, .bolstered = true, .range = 2, .fire_dice = 2, .fire_dice_moved = 1,
     .forest_battle = true, .retreat = 2, .evades = kAnyone, .momentum_advance = true, .bonus = BR::WithLeader},
    {.close_dice = 2, .leader_helmets = true, .bolstered = true, .range = 3, .fire_dice = 2, .fire_dice_moved = 1,
     .forest_battle = true, .retreat = 2, .evades = kAnyone, .momentum_advance = true, .bonus = BR::WithLeader},
    {.close_dice = 2, .leader_helmets = true, .bolstered = true, .range = 3, .fire_dice = 2, .fire_dice_moved = 1,
     .forest_battle = true, .retreat = 2, .evades = kAnyone, .momentum_advance = true, .bonus = BR::WithLeader},
    // AX: 3 dice, swords hit; range 2; no battle after moving 2; retreat 1; never evades.
    {.close_dice = 3, .sword_hits = true, .leader_helmets = true, .bolstered = true, .range = 2, .fire_dice = 2,
     .fire_dice_moved = 1, .no_battle_after = 2, .forest_battle = true, .retreat = 1, .momentum_advance = true,
     .bonus = BR::WithLeader},
    // WA: 3 dice, +1 and one flag ignored at full strength; elephants roll 3 against it; retreat 2;
    // a bonus close combat without a leader.
    {.close_dice = 3, .dice_for_copier = 3, .full_strength_dice = 1, .full_strength_flags = 1, .sword_hits = true,
     .leader_helmets = true, .bolstered = true, .forest_battle = true, .retreat = 2, .momentum_advance = true,
     .bonus = BR::Always},
    // MI 4, HI 5 dice; retreat 1; never evade.
    {.close_dice = 4, .sword_hits = true, .leader_helmets = true, .bolstered = true, .retreat = 1,
     .momentum_advance = true, .bonus = BR::WithLeader},
    {.close_dice = 5, .sword_hits = true, .leader_helmets = true, .bolstered = true, .retreat = 1,
     .momentum_advance = true, .bonus = BR::WithLeader},
    // LWM, HWM: 2 dice, no sword hits; range 5 / 6; no battle after any move; retreat 1; evade, and
    // the crew escapes; never advance.
    {.close_dice = 2, .leader_helmets = true, .bolstered = true, .range = 5, .fire_dice = 2, .fire_dice_moved = 1,
     .no_battle_after = 1, .retreat = 1, .evades = kAnyone, .crew_escapes = true, .bonus = BR::Never},
    {.close_dice = 2, .leader_helmets = true, .bolstered = true, .range = 6, .fire_dice = 2, .fire_dice_moved = 1,
     .no_battle_after = 1, .retreat = 1, .evades = kAnyone, .crew_escapes = true, .bonus = BR::Never},
    // LC, LBC: 2 dice, no sword hits; range 2 / 3; retreat 4; always evade; cavalry advance.
    {.close_dice = 2, .leader_helmets = true, .horse = true, .bolstered = true, .range = 2, .fire_dice = 2,
     .fire_dice_moved = 1, .retreat = 4, .evades = kAnyone, .momentum_advance = true, .extra_hex = true,
     .bonus = BR::Always},
    {.close_dice = 2, .leader_helmets = true, .horse = true, .bolstered = true, .range = 3, .fire_dice = 2,
     .fire_dice_moved = 1, .retreat = 4, .evades = kAnyone, .momentum_advance = true, .extra_hex = true,
     .bonus = BR::Always},
    // MC: 3 dice; retreat 3; evades foot and heavy mounted. HC: 4 dice; retreat 2; evades foot and
    // elephants.
    {.close_dice = 3, .sword_hits = true, .leader_helmets = true, .horse = true, .bolstered = true, .retreat = 3,
     .evades = kFootAndHeavyMounted, .momentum_advance = true, .extra_hex = true, .bonus = BR::Always},
    {.close_dice = 4, .sword_hits = true, .leader_helmets = true, .horse = true, .bolstered = true, .retreat = 2,
     .evades = kFootAndElephants, .momentum_advance = true, .extra_hex = true, .bonus = BR::Always},
    // CA: 3 dice, 2 battling back; elephants roll 3 against it; ignores one blue triangle from
    // horses, which retreat one more hex per flag; retreat 3; evades foot and heavy mounted.
    {.close_dice = 3, .battle_back_dice = 2, .dice_for_copier = 3, .sword_hits = true, .leader_helmets = true,
     .horse_symbols_ignored = 1, .horse_extra_retreat = 1, .bolstered = true, .retreat = 3,
     .evades = kFootAndHeavyMounted, .momentum_advance = true, .bonus = BR::Always},
    // EL: rolls what its opponent would (1 against a leader, 3 against another elephant); re-rolls
    // swords; no leader helmets; ignores every sword, and one red square and one flag from horses,
    // which retreat one more hex per flag; no bolster morale; retreat 1 with a rampage; never evades.
    {.copies_dice = true, .dice_vs_leader = 1, .dice_for_copier = 3, .sword_hits = true, .rerolls_swords = true,
     .swords_ignored = kEvery, .horse_symbols_ignored = 1, .horse_flags_ignored = 1, .horse_extra_retreat = 1,
     .retreat = 1, .rampages = true, .momentum_advance = true, .bonus = BR::Always},
    // LCH: 2 dice, swords hit, ignores one sword; range 3 with 2 dice even after moving; retreat 3.
    {.close_dice = 2, .sword_hits = true, .leader_helmets = true, .swords_ignored = 1, .horse = true,
     .bolstered = true, .range = 3, .fire_dice = 2, .fire_dice_moved = 2, .retreat = 3, .evades = kAnyone,
     .momentum_advance = true, .bonus = BR::Always},
    // HCH: 4 dice, 3 battling back; elephants roll 3 against it; ignores one sword; retreat 2;
    // evades foot and elephants.
    {.close_dice = 4, .battle_back_dice = 3, .dice_for_copier = 3, .sword_hits = true, .leader_helmets = true,
     .swords_ignored = 1, .horse = true, .bolstered = true, .retreat = 2, .evades = kFootAndElephants,
     .momentum_advance = true, .bonus = BR::Always},
};

namespace {

constexpr TypeMask kMediumOrHeavyFoot = type_bit(U::MediumInfantry) | type_bit(U::HeavyInfantry);
constexpr TypeMask kLightFoot = type_bit(U::LightInfantry) | type_bit(U::LightSling) | type_bit(U::LightBow) |
                                type_bit(U::Auxilia) | type_bit(U::LightWarMachine);  // [I-17]

// One row per trait bit (scenario.h kTrait*, names in kTraitNames).
const TraitInfo kTraits[kTraitBits] = {
    // sacred-band (battle 002): every helmet hits in its close combat, and it may ignore one flag
    // (docs/rules.md: for as long as it has blocks). A battle's own rule, kept whole under the
    // module (H0): outflanking takes none of its helmets.
    {.helmet_cap = kEvery, .outflanked_helmets = kEvery, .flags_ignored = 1},
    // peltast (H6.1): auxilia that evade medium and heavy infantry; not together with tribal.
    {.allowed = type_bit(U::Auxilia), .excludes = kTraitTribal, .evades = kMediumOrHeavyFoot},
    // tribal (H6.2): retreats 2 per flag, battles back with 2 (attacks with the auxilia's 3).
    {.allowed = type_bit(U::Auxilia), .excludes = kTraitPeltast, .battle_back_dice = 2, .retreat = 2},
    // silver-shields (H6.3): 5 blocks; the first helmet always hits (one even outflanked); one
    // sword and one more flag ignored; moves 2 without battle or 1 and battles; 1 hex per flag [I-14].
    {.allowed = type_bit(U::HeavyInfantry), .start_blocks = 5, .helmet_cap = 1, .outflanked_helmets = 1,
     .flags_ignored = 1, .swords_ignored = 1, .retreat = 1, .move = 2, .no_battle_after = 2},
    // hypaspist (H6.4): the same on a medium infantry, and a Leadership card lets it move 2 and battle.
    {.allowed = type_bit(U::MediumInfantry), .excludes = kTraitHoplite, .start_blocks = 5, .helmet_cap = 1,
     .outflanked_helmets = 1, .flags_ignored = 1, .swords_ignored = 1, .retreat = 1, .move = 2, .no_battle_after = 2,
     .leadership_charge = true},
    // immortal (H6.5): 5 blocks, one more flag ignored, fires like a light bow unit (range 3).
    {.allowed = type_bit(U::MediumInfantry), .excludes = kTraitHoplite, .start_blocks = 5, .flags_ignored = 1,
     .range = 3, .fire_dice = 2, .fire_dice_moved = 1},
    // cataphract (H6.6): ignores the first sword hit.
    {.allowed = type_bit(U::HeavyCavalry), .swords_ignored = 1},
    // companion (H6.7): one sword or one flag ignored in close combat (owner's choice), its first
    // flag of a ranged roll; 2 hexes per flag (disciplined, H8).
    {.allowed = type_bit(U::MediumCavalry), .ranged_flags_ignored = 1, .sword_or_flag = 1, .retreat = 2},
    // elite-skirmisher (H6.8, H6.9): swords hit light foot when it fires, anyone when it battles back.
    {.allowed = type_bit(U::LightInfantry) | type_bit(U::LightSling), .skirmish_swords = true},
    // african, indian (H6.11): the breed, against an elephant of the other breed.
    {.allowed = type_bit(U::Elephant), .excludes = kTraitIndian, .breed = 1},
    {.allowed = type_bit(U::Elephant), .excludes = kTraitAfrican, .breed = 2},
    // experimental-phalanx (H6.12): fires like an immortal, moves like silver shields, and may shoot
    // once at an adjacent enemy before its close combat.
    {.allowed = type_bit(U::MediumInfantry), .excludes = kTraitHoplite, .retreat = 1, .range = 3, .fire_dice = 2,
     .fire_dice_moved = 1, .move = 2, .no_battle_after = 2, .combined_attack = true},
    // elite-warrior (H6.13): 5 blocks (full strength at 4 or more) and one die more in its first roll.
    {.allowed = type_bit(U::Warrior), .start_blocks = 5, .first_roll_die = 1},
    // disciplined (H8): light, light bow or medium cavalry retreating 2 hexes per flag.
    {.allowed = type_bit(U::LightCavalry) | type_bit(U::LightBowCavalry) | type_bit(U::MediumCavalry), .retreat = 2},
    // hoplite (H9): one sword ignored, except as an outflanked defender.
    {.allowed = kMediumOrHeavyFoot,
     .excludes = kTraitHypaspist | kTraitImmortal | kTraitExperimentalPhalanx,
     .swords_unless_outflanked = 1},
    // bow-armed (battle 123): auxilia with bows, range 3 (their fire dice stay the auxilia's).
    {.allowed = type_bit(U::Auxilia), .range = 3},
};

// The traits of u that act now: all of them while it has blocks.
uint16_t acting_traits(const UnitState& u) { return u.alive() ? u.traits : 0; }

// Sum, largest value, and first non-zero value (a replacement) of one trait column over u's traits.
template <class V>
int trait_sum(const UnitState& u, V TraitInfo::*col) {
  int n = 0;
  for (uint16_t t = acting_traits(u); t; t &= uint16_t(t - 1)) n += kTraits[std::countr_zero(t)].*col;
  return n;
}
template <class V>
int trait_max(const UnitState& u, V TraitInfo::*col) {
  int n = 0;
  for (uint16_t t = acting_traits(u); t; t &= uint16_t(t - 1)) n = std::max<int>(n, kTraits[std::countr_zero(t)].*col);
  return n;
}
template <class V>
int trait_replacement(const UnitState& u, V TraitInfo::*col) {
  for (uint16_t t = acting_traits(u); t; t &= uint16_t(t - 1))
    if (int v = kTraits[std::countr_zero(t)].*col) return v;
  return 0;
}

// §11 warrior timing: full strength is judged when the combat is declared and holds for the whole
// combat, its battle back included; outside a combat, by the blocks now.
bool fights_at_full_strength(const Ctx& c, int u) {
  const Combat& cb = c.s.combat;
  if (cb.kind != CombatKind::None) {
    if (cb.attacker == u) return (cb.full_warrior & 1) != 0;
    if (cb.def_unit == u) return (cb.full_warrior & 2) != 0;
  }
  return at_full_strength(c.s.units[u]);
}

// H7 light troop matchups: the "normal dice" of a light unit against another light unit (0: none).
// H7.1/H7.3 need both on hexes without a terrain tile [I-24] and are lost by a cavalry unit that
// battles back outflanked; H7.2 keeps terrain maximums and is halved by outflanking like any roll.
int light_matchup_dice(const Ctx& c, const UnitState& us, const UnitState& ts, bool battle_back) {
  if (!c.scn.hel(HRule::LightMatchups)) return 0;
  const bool cavalry = us.type == U::LightCavalry || us.type == U::LightBowCavalry;
  if (cavalry) {
    const bool vs_light_foot = unit_info(ts.type).light_foot;                                   // H7.1
    const bool vs_bow_cavalry = us.type == U::LightCavalry && ts.type == U::LightBowCavalry;   // H7.3 [I-25]
    if (!vs_light_foot && !vs_bow_cavalry) return 0;
    if (c.scn.terrain[us.hex] != Terrain::Plain || c.scn.terrain[ts.hex] != Terrain::Plain) return 0;
    if (battle_back && outflanked(c, int(&us - c.s.units))) return 0;
    return 3;
  }
  if (us.type == U::LightInfantry && ts.type == U::LightBow) return 3;  // H7.2
  return 0;
}

// §11 step 4 before terrain (H11.1 steps 1-2): the type's dice (an elephant copies its opponent's;
// H6.11 breeds), battle back dice, the H7 matchups, then a full-strength warrior's extra die.
int base_close_dice(const Ctx& c, int striker, int target_hex, bool battle_back) {
  const UnitState& us = c.s.units[striker];
  const CombatType& ct = combat_type(us.type);
  const int t = c.s.unit_at[target_hex];
  int n;
  if (ct.copies_dice) {
    if (t == kNone) {
      n = ct.dice_vs_leader;
    } else {
      const CombatType& tt = combat_type(c.s.units[t].type);
      n = tt.dice_for_copier ? tt.dice_for_copier : tt.close_dice;
      // H6.11: an elephant against an elephant of the other breed rolls by its own breed.
      const int mine = trait_max(us, &TraitInfo::breed), theirs = trait_max(c.s.units[t], &TraitInfo::breed);
      if (mine && theirs && mine != theirs) n = mine == 2 ? 4 : 2;
    }
  } else {
    n = ct.close_dice;
    if (battle_back) {
      if (ct.battle_back_dice) n = ct.battle_back_dice;
      if (int r = trait_replacement(us, &TraitInfo::battle_back_dice)) n = r;
    }
    if (t != kNone)
      if (int m = light_matchup_dice(c, us, c.s.units[t], battle_back)) n = m;
  }
  if (ct.full_strength_dice && fights_at_full_strength(c, striker)) n += ct.full_strength_dice;
  return n;
}

// §16 close combat maximum between the striker's hex and the target's: broken ground, forest and
// fordable river in or out; from a hill foot 3, mounted 2 (downhill or hill to hill); onto a hill 2.
int close_combat_cap(const Ctx& c, const UnitState& us, int target_hex) {
  const TerrainInfo& from = terrain_info(c.scn.terrain[us.hex]);
  const TerrainInfo& to = terrain_info(c.scn.terrain[target_hex]);
  int cap = std::min(from.close_cap, to.close_cap);
  if (from.from_cap_foot)
    cap = std::min<int>(cap, unit_info(us.type).foot ? from.from_cap_foot : from.from_cap_mounted);
  else
    cap = std::min<int>(cap, to.uphill_cap);
  return cap;
}

// §16 Rampart: is the striker attacking across one of the rampart's protected hexsides (the two
// forward ones of A^ / Av, or those the scenario names)?
bool across_rampart(const Ctx& c, int victim_hex, int striker_hex) {
  const Facing f = c.scn.rampart[victim_hex];
  if (c.scn.terrain[victim_hex] != Terrain::Rampart || f == Facing::None) return false;
  return strikes_across(victim_hex, striker_hex, uint8_t(f));
}

// §16 Rampart and Fortified Camp: does the victim's hex protect it against a strike from
// striker_hex (one sword ignored in close combat, one flag ignorable)? Mounted units get nothing.
bool fortified(const Ctx& c, const UnitState& victim, int striker_hex) {
  if (!unit_info(victim.type).foot) return false;
  switch (terrain_info(c.scn.terrain[victim.hex]).protection) {
    case Protection::AllSides: return true;
    case Protection::ForwardSides: return across_rampart(c, victim.hex, striker_hex);
    case Protection::None: break;
  }
  return false;
}

// §11, §14 Summary of Leader Benefits: a friendly leader attached to the unit or adjacent to it.
bool leader_near(const Ctx& c, int u) {
  const State& s = c.s;
  if (attached_leader(s, u) >= 0) return true;
  const UnitState& us = s.units[u];
  for (int d = 0; d < kDirs; ++d) {
    int n = c.b.nbr[us.hex][d];
    if (n == kNoHex) continue;
    int l = s.leader_at[n];
    if (l != kNone && s.leaders[l].side == us.side) return true;
  }
  return false;
}

}  // namespace

const TraitInfo& trait_info(int b) { return kTraits[b & (kTraitBits - 1)]; }

int full_blocks(UnitType t, uint16_t traits) {
  int n = unit_info(t).blocks;
  for (uint16_t b = traits; b; b &= uint16_t(b - 1)) n = std::max<int>(n, kTraits[std::countr_zero(b)].start_blocks);
  return n;
}

std::string trait_refusal(UnitType t, uint16_t traits) {
  for (uint16_t b = traits; b; b &= uint16_t(b - 1)) {
    const int i = std::countr_zero(b);
    const TraitInfo& ti = kTraits[i];
    if (ti.allowed && !(ti.allowed & type_bit(t)))
      return std::string(kTraitNames[i]) + " is not a trait of a " + unit_info(t).name + " (" + unit_info(t).code + ")";
    if (uint16_t clash = ti.excludes & traits) {
      return std::string(kTraitNames[i]) + " and " + kTraitNames[std::countr_zero(clash)] + " do not go together";
    }
  }
  return "";
}

int fire_range(const UnitState& u) {
  int r = trait_replacement(u, &TraitInfo::range);
  return r ? r : combat_type(u.type).range;
}

int close_combat_dice(const Ctx& c, int striker, int target_hex, bool battle_back) {
  const UnitState& us = c.s.units[striker];
  int n = base_close_dice(c, striker, target_hex, battle_back);
  // §16: terrain maximum first, then the fortified camp's one die fewer; the card's extra dice
  // come last and so raise the maximum (docs/rules.md, "order of dice changes"). H4: a bonus
  // close combat gets no card dice under the module.
  n = std::min(n, close_combat_cap(c, us, target_hex));
  n -= terrain_info(c.scn.terrain[us.hex]).dice_fewer;
  const bool bonus = c.s.combat.kind != CombatKind::None && c.s.combat.bonus && c.s.combat.attacker == striker;
  if (!(bonus && c.scn.hel(HRule::BonusCcNoCardDice))) n += card_extra_dice(c, striker, false, battle_back);
  // H11.1 steps 6-7, after the maximum like card dice [I-28]: the war-god's die (H3.4), the elite
  // warrior's one-time die (H6.13, with 3 blocks or more when it rolls).
  const bool elephant = combat_type(us.type).copies_dice;
  if (!elephant && attached_grade(c, striker) == kGradeA) n++;
  if (!(us.marks & kMarkEliteDieUsed) && us.blocks >= 3) n += trait_max(us, &TraitInfo::first_roll_die);
  // H5.4: an outflanked unit battles back (or strikes first, [I-11]) with half, at most 2.
  if (battle_back && outflanked(c, striker)) n = std::min(2, (n + 1) / 2);
  return std::max(n, 0);
}

int ranged_dice(const Ctx& c, int striker, int target_hex) {
  const UnitState& us = c.s.units[striker];
  // Hellenistic H6.12: the experimental phalanx's shot at an adjacent unit is one die, card or not.
  if ((us.marks & kMarkShotUsed) && c.b.dist[us.hex][target_hex] == 1 && !(us.flags & kBattled)) return 1;
  if (!fire_range(us)) return 0;
  const CombatType& ct = combat_type(us.type);
  int n = us.moved > 0 ? ct.fire_dice_moved : ct.fire_dice;  // §10 step 5
  if (!ct.range) n = us.moved > 0 ? trait_max(us, &TraitInfo::fire_dice_moved) : trait_max(us, &TraitInfo::fire_dice);
  // §16: into a forest 1, out of a fordable river 1, broken ground and into a ford 2.
  const TerrainInfo& from = terrain_info(c.scn.terrain[us.hex]);
  const TerrainInfo& to = terrain_info(c.scn.terrain[target_hex]);
  n = std::min<int>(n, std::min(from.fire_cap_out, to.fire_cap_into));
  n -= from.dice_fewer;
  n += card_extra_dice(c, striker, true, false);
  return std::max(n, 0);
}

int battle_dice(const Scenario& scn, const State& s, int from_hex, int target_hex) {
  if (from_hex < 0 || from_hex >= kHexes || target_hex < 0 || target_hex >= kHexes) return 0;
  const int u = s.unit_at[from_hex];
  if (u == kNone) return 0;
  static thread_local Rng unused(0);  // counting dice draws no chance
  Ctx c{scn, const_cast<State&>(s), unused, nullptr, Board::get()};  // read only
  return Board::get().dist[from_hex][target_hex] > 1 ? ranged_dice(c, u, target_hex)
                                                     : close_combat_dice(c, u, target_hex, false);
}

int leader_escape_dice(const Scenario& scn, const State& s, int hex, Side leader_side) {
  if (hex < 0 || hex >= kHexes || s.unit_at[hex] == kNone) return 0;
  const int u = s.unit_at[hex];
  if (!s.units[u].alive() || s.units[u].side == leader_side) return 0;
  static thread_local Rng unused(0);
  const Ctx c{scn, const_cast<State&>(s), unused, nullptr, Board::get()};  // read only
  return escape_dice(c, u);
}

// §13 Leader Escape: the enemy unit's normal close combat dice, no terrain, no card.
int escape_dice(const Ctx& c, int enemy_unit) {
  const UnitState& us = c.s.units[enemy_unit];
  const CombatType& ct = combat_type(us.type);
  int n = ct.copies_dice ? ct.dice_vs_leader : ct.close_dice;
  if (ct.full_strength_dice && at_full_strength(us)) n += ct.full_strength_dice;
  return n;
}

bool rerolls_swords(const Ctx& c, int striker, RollKind kind) {
  return (kind == RollKind::Close || kind == RollKind::BattleBack) && combat_type(c.s.units[striker].type).rerolls_swords;
}

int helmet_cap(const Ctx& c, int striker, bool battle_back) {
  const UnitState& us = c.s.units[striker];
  // H5.4: an outflanked battle back counts no helmets, but for the traits that keep some.
  if (battle_back && outflanked(c, striker)) return trait_max(us, &TraitInfo::outflanked_helmets);
  int leader = 0;
  if (combat_type(us.type).leader_helmets) {
    // H3.3: the best cap of the leaders who reach the unit; base game (§11): all helmets.
    if (c.scn.hel(HRule::LeaderGrades)) leader = best_leader_helmet_cap(c, striker);
    else leader = leader_near(c, striker) ? kEvery : 0;
  }
  return std::max(leader, trait_max(us, &TraitInfo::helmet_cap));
}

void score_roll(Ctx& c, const uint8_t* faces, int n, int striker, int victim, RollKind kind, int& hits, int& flags,
                bool* companion_sword) {
  if (companion_sword) *companion_sword = false;
  const State& s = c.s;
  const UnitState& vs = s.units[victim];
  const UnitState& ss = s.units[striker];
  const CombatType& vt = combat_type(vs.type);
  const CombatType& st = combat_type(ss.type);
  const int symbol = int(unit_info(vs.type).cls);
  const bool skirmisher = trait_max(ss, &TraitInfo::skirmish_swords) > 0;
  int count[6] = {};
  for (int i = 0; i < n; ++i) count[faces[i]]++;
  int match = count[symbol];  // §10 step 6, §11: the symbol of the target's class always hits
  hits = 0;
  flags = 0;
  if (kind == RollKind::VsEvader) {  // §13: only symbols matching the evading unit score
    hits = match;
    return;
  }
  if (kind == RollKind::Ranged) {  // §10 step 6: matching symbols hit, flags retreat
    hits = match;
    // H6.8/H6.9: an elite skirmisher's swords hit light foot [I-17].
    if (skirmisher && (type_bit(vs.type) & kLightFoot)) hits += count[kFaceSword];
    flags = count[kFaceFlag];
    return;
  }
  const bool battle_back = kind == RollKind::BattleBack;
  // §11: an elephant ignores one red square from cavalry or chariots, a camel one blue triangle.
  if (st.horse)
    for (int i = 0; i < vt.horse_symbols_ignored && match > 0; ++i) {
      match--;
      c.emit(Ev::HitIgnored, vs.side, "§11", vs.hex, symbol);
    }
  // H6.8/H6.9: an elite skirmisher's swords hit when it battles back [I-18].
  int swords = (st.sword_hits || (skirmisher && battle_back)) ? count[kFaceSword] : 0;
  auto ignore_swords = [&](int k, const char* section) {
    k = std::min(k, swords);
    if (k <= 0) return;
    swords -= k;
    c.emit(Ev::HitIgnored, vs.side, section, vs.hex, kFaceSword, k);
  };
  ignore_swords(vt.swords_ignored, "§11");  // chariots one, elephants all
  if (swords > 0 && fortified(c, vs, ss.hex)) ignore_swords(1, "§16");
  // H11.3: an attached war-god or superior leader (H3.5), the troop traits (H6.3, H6.4, H6.6), a
  // hoplite unless it defends outflanked (H9 [I-26]).
  if (swords > 0 && c.scn.hel(HRule::LeaderGrades)) {
    const int g = attached_grade(c, victim);
    if (g == kGradeA || g == kGradeB) ignore_swords(1, "Hellenistic H3.5");
  }
  ignore_swords(trait_sum(vs, &TraitInfo::swords_ignored), "Hellenistic H11.3");
  if (swords > 0 && !(kind == RollKind::Close && outflanked(c, victim)))
    ignore_swords(trait_sum(vs, &TraitInfo::swords_unless_outflanked), "Hellenistic H9");
  // H6.7: the companions ignore a sword, or a flag (strike() asks the owner when the roll has both).
  if (swords > 0 && trait_max(vs, &TraitInfo::sword_or_flag)) {
    ignore_swords(1, "Hellenistic H6.7");
    if (companion_sword) *companion_sword = true;
  }
  const int helmets = std::min(count[kFaceHelmet], helmet_cap(c, striker, battle_back));
  hits = match + swords + helmets;
  flags = count[kFaceFlag];
}

int flags_ignorable(const Ctx& c, int victim, int striker, bool ranged) {
  const State& s = c.s;
  const UnitState& vs = s.units[victim];
  const CombatType& vt = combat_type(vs.type);
  int n = 0;
  // A battle's fright rule (116 Heraclea): in close combat with the frightening units, none.
  if (!ranged && striker != kNone) {
    const UnitState& ss = s.units[striker];
    if (const BattleRule* r = c.scn.rule(RuleKind::Fright, ss.side))
      if ((r->types >> int(ss.type) & 1) && (r->against == 2 ? !unit_info(vs.type).foot : unit_info(vs.type).foot)) return 0;
  }
  // §11: an elephant in close combat with cavalry or chariots may ignore one flag.
  if (!ranged && striker != kNone && combat_type(s.units[striker].type).horse) n += vt.horse_flags_ignored;
  if (!vt.bolstered) return n;  // §12: elephants receive no support and no leader morale
  if (attached_leader(s, victim) >= 0) n++;  // leader attached (and alive after his check)
  int support = 0;  // two friendly units or lone leaders adjacent
  for (int d = 0; d < kDirs; ++d) {
    int h = c.b.nbr[vs.hex][d];
    if (h == kNoHex) continue;
    int u = s.unit_at[h];
    if (u != kNone ? s.units[u].side == vs.side : lone_leader_at(s, h, vs.side)) support++;
  }
  if (support >= 2) n++;
  n += trait_sum(vs, &TraitInfo::flags_ignored);
  if (ranged) n += trait_sum(vs, &TraitInfo::ranged_flags_ignored);  // H6.7 the companions' first flag
  // H6.7: in close combat the companions' one ignore went to a flag (no sword, or the owner's choice).
  const Strike& st = s.combat.strike;
  if (!ranged && st.victim == victim && st.companion == 2) n++;
  if (striker != kNone && fortified(c, vs, s.units[striker].hex)) n++;  // §16 camp, rampart
  if (vt.full_strength_flags && fights_at_full_strength(c, victim)) n += vt.full_strength_flags;  // §11 warriors
  return n;
}

int retreat_per_flag(const Ctx& c, int victim, int striker, bool ranged) {
  const State& s = c.s;
  const UnitState& vs = s.units[victim];
  const CombatType& vt = combat_type(vs.type);
  int n = vt.retreat;
  if (int r = trait_replacement(vs, &TraitInfo::retreat)) n = r;
  // §11: cavalry and chariots retreat one more hex per flag rolled by elephants and camels.
  if (!ranged && vt.horse) n += combat_type(s.units[striker].type).horse_extra_retreat;
  return n;
}

TypeMask evaded_types(const UnitState& ds) {
  TypeMask m = combat_type(ds.type).evades;
  for (uint8_t t = acting_traits(ds); t; t &= uint8_t(t - 1)) m |= kTraits[std::countr_zero(t)].evades;
  return m;
}

bool evade_eligible(const Ctx& c, int defender, int attacker) {
  return (evaded_types(c.s.units[defender]) & type_bit(c.s.units[attacker].type)) != 0;
}

int unit_move(const UnitState& u) {
  const int r = trait_replacement(u, &TraitInfo::move);  // H6.3(a), H6.4, H6.12(b)
  return r ? r : unit_info(u.type).move;
}

bool battles_after_moving(const Ctx& c, int u, int hexes) {
  const UnitState& us = c.s.units[u];
  const int r = trait_replacement(us, &TraitInfo::no_battle_after);
  const int limit = r ? r : combat_type(us.type).no_battle_after;
  if (limit == 0 || hexes < limit) return true;
  // H6.4: ordered by a Leadership card, foot companions move 2 and still battle.
  if (hexes == 2 && trait_max(us, &TraitInfo::leadership_charge) && c.s.order_mode == OrderMode::Leadership &&
      us.side == c.s.active)
    return true;
  // Double Time lets foot move 2 and battle, auxilia included; a war machine that moved never does.
  return limit >= 2 && card_auxilia_battles_after_two(c);
}

bool battles_after_entering(UnitType t, Terrain terrain) {
  const TerrainInfo& ti = terrain_info(terrain);
  if (ti.no_battle_entering && !combat_type(t).forest_battle) return false;  // §16 Forest
  if (ti.no_battle_entering_mounted && !unit_info(t).foot) return false;    // §16 Broken Ground
  return true;
}

bool may_momentum_advance(const UnitState& u) { return combat_type(u.type).momentum_advance; }
bool takes_extra_hex(const UnitState& u) { return combat_type(u.type).extra_hex; }
bool crew_escapes(const UnitState& u) { return combat_type(u.type).crew_escapes; }
bool rampages(const UnitState& u) { return combat_type(u.type).rampages; }
bool has_sword_or_flag(const UnitState& u) { return trait_max(u, &TraitInfo::sword_or_flag) > 0; }
bool has_combined_attack(const Ctx& c, int u) {
  return c.scn.hel(HRule::TroopTraits) && trait_max(c.s.units[u], &TraitInfo::combined_attack) > 0;
}

bool bonus_combat_allowed(const Ctx& c, int u) {
  const UnitState& us = c.s.units[u];
  // Hellenistic H6.13 Barbarian Rush [I-22]: a warrior of 1 or 2 blocks with no attached leader
  // makes no bonus close combat (the momentum advance stays).
  if (us.type == U::Warrior && c.scn.hel(HRule::TroopTraits) && us.blocks <= 2 && attached_leader(c.s, u) < 0) return false;
  switch (combat_type(us.type).bonus) {
    case BonusRule::Always: return true;
    case BonusRule::WithLeader: return attached_leader(c.s, u) >= 0;
    case BonusRule::Never: break;
  }
  return false;
}

}  // namespace bgb::cca
