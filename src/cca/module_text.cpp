#include "cca/module_text.h"

namespace bgb::cca {

namespace {

struct TraitText {
  const char* tag;
  const char* summary;
};

// One row per trait bit (scenario.h kTrait*, names in kTraitNames).
const TraitText kTraitText[kTraitBits] = {
    {"SacBd", "every helmet hits in its close combat and it may ignore one flag (battle 002's own rule)"},
    {"Pelt", "auxilia that may evade an attack by medium or heavy infantry (H6.1)"},
    {"Trib", "auxilia that retreat 2 hexes per flag and battle back with 2 dice (H6.2)"},
    {"SilvSh", "5 blocks; moves 2 hexes without battle, or 1 and battles; ignores one sword and one more flag; its "
               "first helmet always hits; retreats 1 hex per flag (H6.3)"},
    {"Hyp", "as Silver Shields, on medium infantry; ordered by a Leadership card it moves 2 hexes and still battles "
            "(H6.4)"},
    {"Imm", "5 blocks; ignores one more flag; fires like a bow unit, range 3 (H6.5)"},
    {"Cata", "ignores the first sword hit in each close combat (H6.6)"},
    {"Comp", "ignores a sword or a flag (its owner's choice) in each close combat in which it takes hits, its first "
             "flag against fire; retreats 2 hexes per flag (H6.7)"},
    {"ElSk", "swords hit light foot when it fires, and any unit when it battles back (H6.8, H6.9)"},
    {"Afr", "African elephant: rolls 2 dice against an Indian elephant (H6.11)"},
    {"Ind", "Indian elephant: rolls 4 dice against an African elephant (H6.11)"},
    {"ExPh", "fires like a bow unit (range 3); moves 2 hexes without battle; may shoot 1 die at an adjacent enemy "
             "before its close combat (H6.12)"},
    {"ElWa", "5 blocks; the full-strength warrior bonus at 4 or more blocks; one more die in its first close combat "
             "(H6.13)"},
    {"Disc", "well-disciplined cavalry: retreats 2 hexes per flag (H8)"},
    {"Hopl", "ignores one sword hit in each close combat, unless it defends while outflanked (H9)"},
    {"", ""},
};

}  // namespace

const char* trait_tag(int bit) { return bit >= 0 && bit < kTraitBits ? kTraitText[bit].tag : ""; }
const char* trait_summary(int bit) { return bit >= 0 && bit < kTraitBits ? kTraitText[bit].summary : ""; }

std::string trait_tags(uint16_t traits, const char* sep) {
  std::string out;
  for (int b = 0; b < kTraitBits; ++b)
    if ((traits >> b & 1) && *kTraitText[b].tag) out += (out.empty() ? "" : sep) + std::string(kTraitText[b].tag);
  return out;
}

uint16_t acting_traits(const Scenario& scn, uint16_t traits) {
  uint16_t t = scn.hel(HRule::TroopTraits) ? traits : uint16_t(traits & ~kModuleTraits);
  if (!scn.has(RuleKind::SacredBand)) t = uint16_t(t & ~kTraitSacredBand);  // the battle's rule off (module=off)
  return t;
}

const char* grade_name(uint8_t g) {
  switch (g) {
    case kGradeA: return "war-god";
    case kGradeB: return "superior";
    case kGradeC: return "ordinary";
    case kGradeD: return "low-ranking";
    default: return "";
  }
}

const char* grade_summary(uint8_t g) {
  switch (g) {
    case kGradeA:
      return "moves 5 hexes alone; every helmet of a unit he reaches hits; the unit he is with rolls one more die in "
             "close combat and ignores one more sword; a Leadership card on him orders one unit more (H3)";
    case kGradeB:
      return "moves 4 hexes alone; up to 2 helmets of a unit he reaches hit; the unit he is with ignores one more "
             "sword (H3)";
    case kGradeC: return "moves 4 hexes alone; 1 helmet of a unit he reaches hits (H3)";
    case kGradeD:
      return "moves 4 hexes alone; 1 helmet hits, only for the unit he is with; a Leadership card on him orders one "
             "unit fewer (H3)";
    default: return "";
  }
}

const char* commander_summary() {
  return "the Army Commander: eliminated, he gives the enemy 2 banners (1 if he leaves the field alive), and his "
         "side discards a card and its command drops by 1 for the rest of the game (H1)";
}

std::string leader_label(const Scenario& scn, int leader) {
  if (leader < 0 || leader >= int(scn.leaders.size())) return "leader " + std::to_string(leader);
  const LeaderSetup& l = scn.leaders[size_t(leader)];
  std::string marks;
  if (grades_shown(scn)) marks += grade_letter(l.grade == kGradeNone ? kGradeC : l.grade);  // [I-4]: none is c
  if (commander_shown(scn) && l.commander) marks += std::string(marks.empty() ? "" : ",") + "AC";
  return marks.empty() ? l.name : l.name + "(" + marks + ")";
}

std::string module_summary(const Scenario& scn) {
  const HellenisticOptions& h = scn.hellenistic;
  if (h.use == ModuleUse::None && !h.on) return "";
  const char* dflt = h.use == ModuleUse::On ? "on" : "off";
  if (!h.on) return std::string("Hellenistic module: off (this battle's default is ") + dflt + "; it can be played with it on).";
  std::string t = std::string("Hellenistic module: on (H0-H11; this battle's default is ") + dflt + ")";
  std::string off;
  for (int r = 0; r < kHRules; ++r)
    if (h.off & hrule_bit(HRule(r))) off += (off.empty() ? "" : ", ") + std::string(hrule_name(HRule(r)));
  if (!off.empty()) t += ", without " + off;
  std::string reserve;
  for (Side side : {Side::Top, Side::Bottom})
    if (h.reserve >> idx(side) & 1) reserve += (reserve.empty() ? "" : " and ") + scn.army[idx(side)];
  if (!reserve.empty()) t += "; Reserve Move (H10): " + reserve;
  return t + ".";
}

}  // namespace bgb::cca
