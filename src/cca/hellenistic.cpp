// The Hellenistic module's names (hellenistic.h) and the questions of H3 (leader grades), H5
// (outflanking) and H6.13 (the elite warrior's one-time die) that the combat numbers ask.
#include "cca/hellenistic.h"

#include <algorithm>

#include "cca/rules_internal.h"
#include "core/text.h"

namespace bgb::cca {

namespace {

const char* const kHRuleNames[kHRules] = {"army-commander", "off-section",  "leader-grades", "bonus-cc-no-card-dice",
                                          "outflanking",    "troop-traits", "light-matchups", "light-foot-pass-through"};

// Names are written with hyphens; the spec's underscores read as well.
std::string canonical(const std::string& s) {
  std::string t = text::lower(text::trim(s));
  std::replace(t.begin(), t.end(), '_', '-');
  return t;
}

}  // namespace

const char* hrule_name(HRule r) { return int(r) < kHRules ? kHRuleNames[int(r)] : "?"; }

bool parse_hrule(const std::string& s, HRule& out) {
  const std::string t = canonical(s);
  for (int i = 0; i < kHRules; ++i)
    if (t == kHRuleNames[i]) {
      out = HRule(i);
      return true;
    }
  return false;
}

std::string hrule_list() {
  std::string out;
  for (int i = 0; i < kHRules; ++i) out += std::string(i ? ", " : "") + kHRuleNames[i];
  return out;
}

const char* module_use_name(ModuleUse u) {
  switch (u) {
    case ModuleUse::None: return "none";
    case ModuleUse::Available: return "available";
    case ModuleUse::On: return "on";
  }
  return "?";
}

bool parse_module_use(const std::string& s, ModuleUse& out) {
  const std::string t = canonical(s);
  if (t == "none" || t == "off" || t == "no") out = ModuleUse::None;
  else if (t == "available") out = ModuleUse::Available;
  else if (t == "on" || t == "yes") out = ModuleUse::On;
  else return false;
  return true;
}

char grade_letter(uint8_t g) { return g >= kGradeA && g <= kGradeD ? char('a' + g - kGradeA) : 0; }

bool parse_grade(const std::string& s, uint8_t& out) {
  const std::string t = canonical(s);
  if (t.size() != 1 || t[0] < 'a' || t[0] > 'd') return false;
  out = uint8_t(kGradeA + (t[0] - 'a'));
  return true;
}

// H5.1: every one of the six neighbours holds an enemy unit or is next to one. H5.2: never on an
// edge hex, never an elephant; a lone leader is not a unit [I-10]. Friendly units and impassable
// hexes among the neighbours change nothing.
bool outflanked(const Ctx& c, int u) {
  if (!c.scn.hel(HRule::Outflanking)) return false;
  const State& s = c.s;
  const UnitState& us = s.units[u];
  if (!us.alive() || us.type == UnitType::Elephant) return false;
  auto enemy_at = [&](int h) {
    const int o = s.unit_at[h];
    return o != kNone && s.units[o].side != us.side;
  };
  for (int d = 0; d < kDirs; ++d) {
    const int n = c.b.nbr[us.hex][d];
    if (n == kNoHex) return false;
    if (enemy_at(n)) continue;
    bool near = false;
    for (int e = 0; e < kDirs && !near; ++e) {
      const int m = c.b.nbr[n][e];
      near = m != kNoHex && enemy_at(m);
    }
    if (!near) return false;
  }
  return true;
}

uint8_t leader_grade(const Ctx& c, int leader) {
  if (!c.scn.hel(HRule::LeaderGrades)) return kGradeNone;
  const uint8_t g = leader < int(c.scn.leaders.size()) ? c.scn.leaders[size_t(leader)].grade : kGradeNone;
  return g == kGradeNone ? kGradeC : g;  // [I-4]
}

uint8_t attached_grade(const Ctx& c, int u) {
  if (!c.scn.hel(HRule::LeaderGrades)) return kGradeNone;  // asked on every close combat roll
  const int l = attached_leader(c.s, u);
  return l < 0 ? kGradeNone : leader_grade(c, l);
}

// H3.3: a leader reaches the unit in his hex and those next to it; a low-ranking (d) leader only
// the unit in his hex. The best cap of those who reach it counts, never a sum [I-6].
int best_leader_helmet_cap(const Ctx& c, int u) {
  const State& s = c.s;
  const UnitState& us = s.units[u];
  auto cap = [](uint8_t g) { return g == kGradeA ? int(kEvery) : g == kGradeB ? 2 : 1; };
  int best = 0;
  const int own = attached_leader(s, u);
  if (own >= 0) best = cap(leader_grade(c, own));
  for (int d = 0; d < kDirs; ++d) {
    const int n = c.b.nbr[us.hex][d];
    if (n == kNoHex) continue;
    const int l = s.leader_at[n];
    if (l == kNone || s.leaders[l].side != us.side) continue;
    const uint8_t g = leader_grade(c, l);
    if (g != kGradeD) best = std::max(best, cap(g));
  }
  return best;
}

int leader_move(const Ctx& c, int leader) {
  const uint8_t g = leader_grade(c, leader);
  return g == kGradeNone ? 3 : g == kGradeA ? 5 : 4;
}

int leadership_bonus(const Ctx& c, int leader) {
  const uint8_t g = leader_grade(c, leader);
  return g == kGradeA ? 1 : g == kGradeD ? -1 : 0;
}

void note_close_roll(Ctx& c, int u) {
  UnitState& us = c.s.units[u];
  if ((us.traits & kTraitEliteWarrior) && !(us.marks & kMarkEliteDieUsed)) us.marks |= kMarkEliteDieUsed;  // [I-23]
}

}  // namespace bgb::cca
