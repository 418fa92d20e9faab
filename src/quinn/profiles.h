// Quinn's D10 ancients (src/quinn/, the registry's "quinn"): troop classes and unit profiles.
// The spec is ../shared/reference/later/quinn-d10.md; rule ids Q-... and interpretation ids I-...
// are its sections, cited by the rules, the events and the tests.
//
// A profile is a row of data (class for melee and for everything else, move rate, footprint,
// missile weapon, sub-type numbers); rules read the row, never the profile's name. A scenario
// holds its own copy of the table, so a battle may change a value (chariots faster, say).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bgb::quinn {

// The seven classes of every chart (Q-CLS), in the charts' order.
enum class Cls : uint8_t { HI, MI, LI, HC, LC, CH, EL };
constexpr int kNumCls = 7;
const char* cls_name(Cls c);  // "HI", ...

enum class Weapon : uint8_t { None, Bow, Sling, Javelin };
const char* weapon_name(Weapon w);  // "none", "bow", "sling", "javelin"

// Sub-types that change numbers (Q-CLS-2): the locked modifier, the support cap, disengaging.
enum class SubType : uint8_t { None, Legion, Hoplite, Phalangite, Theban };

// Lengths are in thousandths of an inch (mil) throughout the engine (§3.1).
constexpr int32_t kMil = 1000;

struct Profile {
  std::string name;         // "legion", "lc_bow", ...
  Cls melee = Cls::HI;      // the class in melee (archers: LI, Q-CLS-1)
  Cls other = Cls::HI;      // the class for every other purpose (archers: MI)
  int32_t rate = 6000;      // move allowance, mil (Q-MOV-1)
  bool free_mover = false;  // LI (not archers) and LC: any direction, free turns (Q-MOV-3, I-LIGHT)
  int32_t width = 1575;     // frontage, mil (I-FOOT)
  int32_t depth = 591;      // depth, mil
  Weapon weapon = Weapon::None;
  SubType sub = SubType::None;
  int support_cap = 0;       // most supporting ranks that count (Q-MEL-6)
  int locked_mod = 0;        // the locked modifier of Q-MEL-5 (legion +2)
  int disengage_mod = 0;     // added to the disengage die (Q-DIS-2)
  bool mounted() const { return other == Cls::HC || other == Cls::LC || other == Cls::CH || other == Cls::EL; }
  // Missile range, mil: bow 9", sling 6", javelin 3", halved when mounted (Q-MIS-1); 0 without.
  int32_t range() const;
};

// The default table (§3.2), in a fixed order: the index is what a stand stores.
const std::vector<Profile>& default_profiles();
// The index of a profile by name in `table`, or -1.
int find_profile(const std::vector<Profile>& table, std::string_view name);

// The class's numbers in the charts that do not depend on the sub-type.
int basic_melee(Cls attacker, Cls defender);  // Q-MEL-4
int rough_mod(Cls c);                         // Q-MEL-5 "rough", by melee class
int support_each(Cls c);                      // Q-MEL-5 "supporting rank, each"
int flank_bonus(Cls defender);                // Q-MEL-5 "flank/rear", by the defender's melee class
int missile_target_mod(Cls target_other);     // Q-MIS-7, by the target's other-purpose class
int disengage_target(Cls other);              // Q-DIS-1: the d10 needed (0: always passes)

// The attack result of a total (Q-RES-1), the same table for melee and missiles.
enum class Result : uint8_t { AttackerDestroyed, AttackerRecoils, Locked, DefenderRecoils, DefenderFlees, DefenderDestroyed };
Result attack_result(int total);
const char* result_name(Result r);  // "attacker destroyed", ...
const char* result_code(Result r);  // "AD", "AR", "L", "DR", "DF", "DD"

}  // namespace bgb::quinn
