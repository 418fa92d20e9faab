// Battle special rules as a few general kinds with parameters. A scenario lists its rules; the
// rule files ask the scenario for the rule of a kind that serves a side (Scenario::rule) and read
// its numbers, so no code is named after a battle or an army. The base battles' rules are
// instances, e.g. Castulo's breakout is `exit side=bottom from=center,right banners=1`.
//
// The written form, one rule per `rule:` line of a scenario file and one string per entry of a
// position's "special_rules", is the kind followed by key=value parameters:
//     exit side=bottom from=center,right banners=1
// A value runs to the next word holding '=' (so `leader=Publius Scipio` and `hexes=1,4 1,6`).
// The rule ids of before (castulo-exit, mago-ambush, ...) still read: each names one instance.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/bits128.h"
#include "cca/cards.h"
#include "cca/types.h"

namespace bgb::cca {

enum class RuleKind : uint8_t {
  Fords,          // rivers cross only at the hexes the map marks fordable (~); no parameter
  SacredBand,     // switches the sacred-band unit trait on (scenario.h kTraitSacredBand); no parameter
  Reserve,        // side's reserve enters on a card of group `card` from its own turn `from-turn`,
                  // on the enemy baseline hexes of the card's sections
  HandGrowth,     // for side's first `turns` own turns it draws `draw` cards, its command rising
  HandAtBanners,  // when side reaches `banners` banners it draws `draw` at once and holds `command`
  SuddenDeath,    // side wins at once when the enemy leader `leader` is eliminated
  Exit,           // side's units may leave over the enemy baseline from sections `from` (its own
                  // view; leaving costs one hex of movement), scoring `banners` each
  Objectives,     // side scores `banners` the first time one of its units ends a move on each of `hexes`
  Fright,         // side's units of the types `by` frighten enemy units of the class `against` (foot or
                  // mounted): in close combat with them those units may ignore none of their flags (116)
  Count
};

enum : uint8_t { kRuleWithoutModule = 1, kRuleWithModule = 2 };

struct BattleRule {
  RuleKind kind = RuleKind::Fords;
  Side side = Side::None;     // whom the rule serves; None for the rules with no side
  uint8_t sections = 0;       // exit: kSec* bits from side's view
  uint8_t turns = 0;          // hand-growth: own turns it lasts; reserve: the own turn (1 = first) it opens
  uint8_t banners = 0;        // hand-at-banners: the count that fires it; exit, objectives: banners scored
  uint8_t draw = 0;           // hand-growth, hand-at-banners: cards drawn
  uint8_t command = 0;        // hand-at-banners: command from then on
  CardGroup card = CardGroup::Leadership;  // reserve: the card group that opens the entry
  std::string leader;         // sudden-death: the enemy leader's name
  Bits128 hexes;              // objectives
  uint32_t types = 0;         // fright: the frightening unit types (bit per UnitType)
  uint8_t against = 0;        // fright: 1 foot, 2 mounted
  uint8_t module = 0;         // any kind, `module=off|on`: in force only without (with) the Hellenistic module
  bool operator==(const BattleRule&) const = default;
};

const char* rule_kind_id(RuleKind k);  // "exit", "hand-growth", ...
// The kinds and their parameters, for messages and help: "fords; sacred-band; reserve side=...".
std::string rule_syntax_list();

// Reads one rule in the written form. False with the reason (no file or line: the caller adds
// them) when the kind is unknown, a parameter is unknown, missing, repeated or out of range.
bool parse_battle_rule(const std::string& text, BattleRule& out, std::string& why);
// The written form, every parameter given (parse_battle_rule reads it back equal).
std::string battle_rule_text(const BattleRule& r);
// What the rule does, in a sentence, for `bgbot scenarios` and the rule log.
std::string battle_rule_summary(const BattleRule& r, const std::string (&army)[2]);

// The rule ids of the base battles before rules had parameters, each one instance (the
// Carthaginians are the top army, the Romans the bottom). `baecula-camps` scores the fortified
// camps of the top half, so it needs the map: pass the scenario's camp hexes in rows 0-3.
// castulo-sudden-death takes the leader from the scenario's `sudden death leader`.
bool rule_preset(const std::string& id, const Bits128& top_half_camps, const std::string& sudden_death_leader,
                 BattleRule& out);
// The preset id a rule is written as in a position's JSON (so that the canonical JSON of a base
// battle, and with it the scenario hashes stored in records, stay as they were), or nullptr.
// `leader_field` receives the leader a castulo-sudden-death preset keeps in "sudden_death_leader".
const char* preset_of(const BattleRule& r, const Bits128& top_half_camps, std::string& leader_field);

}  // namespace bgb::cca
