#include "cca/scenario_checks.h"

#include "cca/board.h"
#include "cca/combat_table.h"
#include "cca/state.h"
#include "cca/terrain.h"

namespace bgb::cca {

namespace {

std::string quoted(const std::string& s) { return "`" + s + "`"; }

// §16 Rampart: a rampart protects one or more of its six hexsides, at least one of them toward a
// hex of the board; no other hex has a facing.
void check_terrain(const Scenario& s, std::vector<ScenarioProblem>& out) {
  const Board& b = Board::get();
  for (int h = 0; h < kHexes; ++h) {
    const uint8_t f = uint8_t(s.rampart[size_t(h)]);
    auto add = [&](const std::string& m) { out.push_back({ScenarioProblem::Where::Terrain, h, hex_name(h) + ": " + m}); };
    if (s.terrain[size_t(h)] != Terrain::Rampart) {
      if (f) add("a facing (" + hexside_list(Facing(f & kAllHexsides)) + ") on " + terrain_info(s.terrain[size_t(h)]).name + ": only a rampart has one");
      continue;
    }
    if (f == 0 || (f & ~kAllHexsides)) {
      add("a rampart must protect one or more of its six hexsides (E NE NW W SW SE)");
      continue;
    }
    bool toward_board = false;
    for (int d = 0; d < kDirs; ++d)
      if (((f >> d) & 1u) && b.nbr[h][d] != kNoHex) toward_board = true;
    if (!toward_board)
      add("the rampart protects only hexsides on the edge of the board (" + hexside_list(Facing(f)) + "): no attack can cross them");
  }
}

void check_rules(const Scenario& s, std::vector<ScenarioProblem>& out) {
  using W = ScenarioProblem::Where;
  auto add = [&](size_t i, const std::string& m) {
    out.push_back({W::Rule, int(i), std::string(rule_kind_id(s.rules[i].kind)) + ": " + m});
  };
  Bits128 objective_hexes;
  for (size_t i = 0; i < s.rules.size(); ++i) {
    const BattleRule& r = s.rules[i];
    for (size_t j = 0; j < i; ++j)
      if (s.rules[j].kind == r.kind && s.rules[j].side == r.side) {
        add(i, r.side == Side::None ? "listed twice"
                                    : std::string("given twice for the ") + side_name(r.side) + " army");
        break;
      }
    const std::string army = r.side == Side::None ? "" : side_name(r.side);
    switch (r.kind) {
      case RuleKind::Fords: {
        bool ford = false;
        for (Terrain t : s.terrain) ford = ford || t == Terrain::FordableRiver;
        if (!ford) add(i, "the terrain map marks no fordable hex (~)");
        break;
      }
      case RuleKind::SacredBand: {
        bool unit = false;
        for (const UnitSetup& u : s.units) unit = unit || (u.traits & kTraitSacredBand);
        if (!unit) add(i, "no unit carries the trait (add `traits: sacred-band row,col`)");
        break;
      }
      case RuleKind::Reserve: {
        bool any = false;
        for (const UnitSetup& u : s.units) any = any || (u.side == r.side && u.hex == kOffBoard);
        for (const LeaderSetup& l : s.leaders) any = any || (l.side == r.side && l.hex == kOffBoard);
        if (!any)
          add(i, "the " + army + " army has no reserve to bring in (`reserve " + army +
                     ":` units, or a leader written `Name reserve`)");
        break;
      }
      case RuleKind::HandGrowth: break;
      case RuleKind::HandAtBanners:
        if (r.banners >= s.banners_to_win[idx(r.side)])
          add(i, "banners=" + std::to_string(r.banners) + " never comes: the " + army + " army wins at " +
                     std::to_string(s.banners_to_win[idx(r.side)]));
        break;
      case RuleKind::SuddenDeath: {
        if (r.leader.empty()) {
          add(i, "name the enemy leader whose loss ends the battle (leader=...)");
          break;
        }
        const LeaderSetup* found = nullptr;
        for (const LeaderSetup& l : s.leaders)
          if (l.name == r.leader) found = &l;
        if (!found)
          add(i, quoted(r.leader) + " is not one of the leaders");
        else if (found->side == r.side)
          add(i, quoted(r.leader) + " leads the " + army + " army itself: the rule's side wins when an enemy leader falls");
        break;
      }
      case RuleKind::Exit: break;
      case RuleKind::Fright: {
        bool has = false;
        for (const UnitSetup& u : s.units) has = has || (u.side == r.side && (r.types >> int(u.type) & 1));
        if (!has) add(i, "the " + army + " army has no unit of the types in by=");
        break;
      }
      case RuleKind::Objectives: {
        if (!r.hexes.any()) {
          add(i, "no hex to take (for baecula-camps: the fortified camps (C) of rows 0-3; the terrain map has none)");
          break;
        }
        for (int h = 0; h < kHexes; ++h) {
          if (!r.hexes.test(h)) continue;
          if (terrain_info(s.terrain[h]).impassable)
            add(i, hex_name(h) + " is " + terrain_info(s.terrain[h]).name + ": no unit can end a move there");
          if (objective_hexes.test(h)) add(i, hex_name(h) + " is already an objective of another rule");
          objective_hexes.set(h);
        }
        break;
      }
      case RuleKind::Count: break;
    }
  }
}

void check_pieces(const Scenario& s, std::vector<ScenarioProblem>& out) {
  using W = ScenarioProblem::Where;
  bool trait_reported = false, reserve_reported[2] = {false, false};
  for (size_t i = 0; i < s.units.size(); ++i) {
    const UnitSetup& u = s.units[i];
    if (u.hex == kOffBoard && !s.rule(RuleKind::Reserve, u.side) && !reserve_reported[idx(u.side)]) {
      reserve_reported[idx(u.side)] = true;
      out.push_back({W::Unit, int(i),
                     std::string("the ") + side_name(u.side) + " reserve starts off the map, but no rule brings it in (`rule: reserve side=" +
                         side_name(u.side) + "`)"});
    }
    bool listed = false;  // with or without the module
    for (const BattleRule& r : s.rules) listed = listed || r.kind == RuleKind::SacredBand;
    if ((u.traits & kTraitSacredBand) && !listed && !trait_reported) {
      out.push_back({W::Traits, int(i), "the sacred-band trait needs the rule sacred-band (`rule: sacred-band`)"});
      trait_reported = true;
    }
  }
  for (size_t i = 0; i < s.leaders.size(); ++i) {
    const LeaderSetup& l = s.leaders[i];
    if (l.hex == kOffBoard && !s.rule(RuleKind::Reserve, l.side))
      out.push_back({W::Leader, int(i),
                     "leader `" + l.name + "` starts in reserve, but no rule brings a reserve onto the map (`rule: reserve side=" +
                         side_name(l.side) + "`)"});
  }
}

// The Hellenistic module (hellenistic.md §3, "the validator reports"): traits on the types that
// may carry them and in allowed pairs (H6, H9); module traits, grades and commanders only in a
// battle that can be played with the module; one Army Commander per side with leaders (H1.1);
// a Reserve Move only for a side with an a, b or c leader (H10.1).
void check_module(const Scenario& s, std::vector<ScenarioProblem>& out) {
  using W = ScenarioProblem::Where;
  const HellenisticOptions& h = s.hellenistic;
  const bool module = h.use != ModuleUse::None;
  bool reported_use = false;
  for (size_t i = 0; i < s.units.size(); ++i) {
    const UnitSetup& u = s.units[i];
    const std::string why = trait_refusal(u.type, u.traits);
    if (!why.empty()) out.push_back({W::Traits, int(i), hex_name(u.hex) + ": " + why});
    if (!module && (u.traits & kModuleTraits) && !reported_use) {
      reported_use = true;
      out.push_back({W::Traits, int(i), hex_name(u.hex) + ": a trait of the Hellenistic module; the battle needs "
                                         "`hellenistic: on` (or `available`)"});
    }
  }
  int commanders[2] = {0, 0}, leaders[2] = {0, 0}, reserve_grades[2] = {0, 0};
  for (size_t i = 0; i < s.leaders.size(); ++i) {
    const LeaderSetup& l = s.leaders[i];
    if (l.side != Side::Top && l.side != Side::Bottom) continue;
    const int k = idx(l.side);
    leaders[k]++;
    if (l.grade != kGradeD) reserve_grades[k]++;  // no grade reads as c [I-4]
    if (!module && (l.grade != kGradeNone || l.commander)) {
      out.push_back({W::Leader, int(i), "leader `" + l.name + "`: a grade or `commander` belongs to the Hellenistic "
                                        "module; the battle needs `hellenistic: on` (or `available`)"});
      continue;
    }
    if (l.commander && ++commanders[k] == 2)
      out.push_back({W::Leader, int(i), "leader `" + l.name + "`: a second Army Commander of the " + side_name(l.side) +
                                        " army (H1.1: one per side)"});
  }
  if (!module) return;
  if (!(h.off & hrule_bit(HRule::ArmyCommander)))
    for (Side side : {Side::Top, Side::Bottom})
      if (leaders[idx(side)] > 0 && commanders[idx(side)] == 0)
        out.push_back({W::Module, 0, std::string("the ") + side_name(side) +
                                         " army has no Army Commander (H1.1): write `commander` after one leader's hex, "
                                         "or `hellenistic off: army-commander`"});
  for (Side side : {Side::Top, Side::Bottom})
    if ((h.reserve >> idx(side) & 1) && reserve_grades[idx(side)] == 0)
      out.push_back({W::Module, 0, std::string("`reserve move:` ") + side_name(side) +
                                       ": the army has no leader of grade a, b or c to lead a Reserve Move (H10.1)"});
}

}  // namespace

std::vector<ScenarioProblem> check_scenario(const Scenario& s) {
  std::vector<ScenarioProblem> out;
  check_terrain(s, out);
  check_rules(s, out);
  check_pieces(s, out);
  check_module(s, out);
  if (!s.deck.empty() && int(s.deck.size()) < int(s.command[0]) + int(s.command[1]))
    out.push_back({ScenarioProblem::Where::Deck, 0,
                   "the deck's " + std::to_string(s.deck.size()) + " cards cannot deal hands of " +
                       std::to_string(s.command[0]) + " and " + std::to_string(s.command[1])});
  return out;
}

Bits128 top_half_camps(const Scenario& s) {
  Bits128 b;
  const Board& board = Board::get();
  for (int h = 0; h < kHexes; ++h)
    if (s.terrain[h] == Terrain::FortifiedCamp && board.row[h] <= 3) b.set(h);
  return b;
}

}  // namespace bgb::cca
