// The kinds of battle special rule, their parameters, their written form and the presets of the
// base battles (battle_rules.h). The rules themselves act in special_rules.cpp.
#include "cca/battle_rules.h"

#include "cca/board.h"
#include "cca/state.h"
#include "core/text.h"
#include "cca/unit_types.h"
#include <cctype>

namespace bgb::cca {

namespace {

enum class P : uint8_t { Side, From, Turns, FromTurn, Banners, Draw, Command, Card, Leader, Hexes, By, Against };

struct Param {
  P p;
  const char* key;
  bool required;
  int lo, hi, def;  // numbers: the range and the default (sections, cards: the default bits)
};

struct KindSpec {
  RuleKind kind;
  const char* id;
  std::vector<Param> params;  // in the order they are written
};

const std::vector<KindSpec>& kinds() {
  static const std::vector<KindSpec> all = {
      {RuleKind::Fords, "fords", {}},
      {RuleKind::SacredBand, "sacred-band", {}},
      {RuleKind::Reserve,
       "reserve",
       {{P::Side, "side", true, 0, 0, 0},
        {P::Card, "card", false, 0, 0, int(CardGroup::Leadership)},
        {P::FromTurn, "from-turn", false, 1, 255, 2}}},
      {RuleKind::HandGrowth,
       "hand-growth",
       {{P::Side, "side", true, 0, 0, 0},
        {P::Turns, "turns", false, 1, 255, 2},
        {P::Draw, "draw", false, 1, kMaxHand, 2}}},
      {RuleKind::HandAtBanners,
       "hand-at-banners",
       {{P::Side, "side", true, 0, 0, 0},
        {P::Banners, "banners", true, 1, 255, 0},
        {P::Draw, "draw", true, 0, kMaxHand, 0},
        {P::Command, "command", true, 1, kMaxHand, 0}}},
      {RuleKind::SuddenDeath, "sudden-death", {{P::Side, "side", true, 0, 0, 0}, {P::Leader, "leader", true, 0, 0, 0}}},
      {RuleKind::Exit,
       "exit",
       {{P::Side, "side", true, 0, 0, 0},
        {P::From, "from", false, 0, 0, kSecLeft | kSecCenter | kSecRight},
        {P::Banners, "banners", false, 1, 255, 1}}},
      {RuleKind::Objectives,
       "objectives",
       {{P::Side, "side", true, 0, 0, 0}, {P::Hexes, "hexes", true, 0, 0, 0}, {P::Banners, "banners", false, 1, 255, 1}}},
      {RuleKind::Fright,
       "fright",
       {{P::Side, "side", true, 0, 0, 0}, {P::By, "by", true, 0, 0, 0}, {P::Against, "against", false, 0, 0, 1}}},
  };
  return all;
}

const KindSpec* spec_of(RuleKind k) {
  for (const KindSpec& s : kinds())
    if (s.kind == k) return &s;
  return nullptr;
}

const char* const kGroupNames[] = {"section", "troop", "leadership", "tactic"};
const char* const kSectionNames[] = {"left", "center", "right"};

std::string sections_text(uint8_t m) {
  std::string out;
  for (int i = 0; i < 3; ++i)
    if (m & (1 << i)) out += (out.empty() ? "" : ",") + std::string(kSectionNames[i]);
  return out;
}

std::string hexes_text(const Bits128& b) {
  std::string out;
  for (int h = 0; h < kHexes; ++h)
    if (b.test(h)) out += (out.empty() ? "" : " ") + hex_name(h);
  return out;
}

uint8_t* number_field(BattleRule& r, P p) {
  switch (p) {
    case P::Turns:
    case P::FromTurn: return &r.turns;
    case P::Banners: return &r.banners;
    case P::Draw: return &r.draw;
    case P::Command: return &r.command;
    default: return nullptr;
  }
}

std::string param_value(const BattleRule& r, const Param& q) {
  switch (q.p) {
    case P::Side: return side_name(r.side);
    case P::From: return sections_text(r.sections);
    case P::Card: return kGroupNames[int(r.card)];
    case P::Leader: return r.leader;
    case P::Hexes: return hexes_text(r.hexes);
    case P::By: {
      std::string out;
      for (int t = 0; t < kUnitTypes; ++t)
        if (r.types >> t & 1) out += (out.empty() ? "" : ",") + std::string(unit_info(UnitType(t)).code);
      return out;
    }
    case P::Against: return r.against == 2 ? "mounted" : "foot";
    default: return std::to_string(int(*number_field(const_cast<BattleRule&>(r), q.p)));
  }
}

// Sets one parameter from its text; false with the reason.
bool set_param(BattleRule& r, const Param& q, const std::string& v, std::string& why) {
  const std::string key = q.key;
  switch (q.p) {
    case P::Side:
      if (v == "top") r.side = Side::Top;
      else if (v == "bottom") r.side = Side::Bottom;
      else return why = "side=" + v + ": a side is top or bottom", false;
      return true;
    case P::From: {
      uint8_t m = 0;
      size_t start = 0;
      for (size_t i = 0; i <= v.size(); ++i) {
        if (i < v.size() && v[i] != ',') continue;
        const std::string w = text::trim(v.substr(start, i - start));
        start = i + 1;
        int bit = -1;
        for (int k = 0; k < 3; ++k)
          if (w == kSectionNames[k]) bit = k;
        if (bit < 0) return why = "from=" + v + ": sections are left, center and right, separated by commas", false;
        m = uint8_t(m | (1 << bit));
      }
      r.sections = m;
      return true;
    }
    case P::Card:
      for (int k = 0; k < 4; ++k)
        if (v == kGroupNames[k]) {
          r.card = CardGroup(k);
          return true;
        }
      return why = "card=" + v + ": a card group is section, troop, leadership or tactic", false;
    case P::Leader:
      if (v.empty()) return why = "leader= needs the leader's name", false;
      r.leader = v;
      return true;
    case P::Hexes: {
      Bits128 b;
      size_t start = 0;
      for (size_t i = 0; i <= v.size(); ++i) {
        if (i < v.size() && v[i] != ' ') continue;
        const std::string w = v.substr(start, i - start);
        start = i + 1;
        if (w.empty()) continue;
        const int h = parse_hex(w);
        if (h == kNoHex || h == kOffBoard) return why = "hexes=: `" + w + "` is not a hex of the board (row,col)", false;
        if (b.test(h)) return why = "hexes=: " + w + " is listed twice", false;
        b.set(h);
      }
      if (!b.any()) return why = "hexes= needs at least one hex (row,col, separated by spaces)", false;
      r.hexes = b;
      return true;
    }
    case P::By: {
      uint32_t m = 0;
      size_t start = 0;
      for (size_t i = 0; i <= v.size(); ++i) {
        if (i < v.size() && v[i] != ',') continue;
        std::string w = text::trim(v.substr(start, i - start));
        start = i + 1;
        for (char& ch : w) ch = char(std::toupper(static_cast<unsigned char>(ch)));
        UnitType t;
        if (w.empty() || !parse_unit_type(w.c_str(), t)) return why = "by=" + v + ": unit codes separated by commas, e.g. by=EL", false;
        m |= 1u << int(t);
      }
      r.types = m;
      return true;
    }
    case P::Against:
      if (v == "foot") r.against = 1;
      else if (v == "mounted") r.against = 2;
      else return why = "against=" + v + ": foot or mounted", false;
      return true;
    default: {
      long n = -1;
      bool digits = !v.empty() && v.size() <= 6;
      for (char c : v) digits = digits && c >= '0' && c <= '9';
      if (digits) n = std::stol(v);
      if (n < q.lo || n > q.hi)
        return why = key + "=" + v + ": a whole number from " + std::to_string(q.lo) + " to " + std::to_string(q.hi),
               false;
      *number_field(r, q.p) = uint8_t(n);
      return true;
    }
  }
}

void set_default(BattleRule& r, const Param& q) {
  if (q.p == P::From) r.sections = uint8_t(q.def);
  else if (q.p == P::Card) r.card = CardGroup(q.def);
  else if (q.p == P::Against) r.against = uint8_t(q.def);
  else if (uint8_t* f = number_field(r, q.p)) *f = uint8_t(q.def);
}

std::string ordinal(int n) {
  const int t = n % 100, u = n % 10;
  const char* suf = (t >= 11 && t <= 13) ? "th" : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd" : "th";
  return std::to_string(n) + suf;
}

std::string plural(int n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

}  // namespace

const char* rule_kind_id(RuleKind k) {
  const KindSpec* s = spec_of(k);
  return s ? s->id : "?";
}

std::string rule_syntax_list() {
  std::string out;
  for (const KindSpec& s : kinds()) {
    out += (out.empty() ? "" : "; ") + std::string(s.id);
    for (const Param& q : s.params) out += std::string(" ") + (q.required ? "" : "[") + q.key + "=" + (q.required ? "" : "]");
  }
  return out;
}

bool parse_battle_rule(const std::string& text_in, BattleRule& out, std::string& why) {
  const std::string t = text::trim(text_in);
  const size_t sp = t.find_first_of(" \t");
  const std::string id = text::lower(t.substr(0, sp));
  const KindSpec* spec = nullptr;
  for (const KindSpec& s : kinds())
    if (id == s.id) spec = &s;
  if (!spec) {
    why = "unknown rule kind `" + id + "` (known: " + rule_syntax_list() + ")";
    return false;
  }
  // Words into key=value pairs; a word without '=' continues the value before it.
  std::vector<std::pair<std::string, std::string>> kv;
  std::string rest = sp == std::string::npos ? "" : t.substr(sp + 1);
  size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && text::is_space(rest[i])) ++i;
    size_t j = i;
    while (j < rest.size() && !text::is_space(rest[j])) ++j;
    if (j == i) break;
    const std::string w = rest.substr(i, j - i);
    i = j;
    const size_t eq = w.find('=');
    if (eq == std::string::npos) {
      if (kv.empty()) {
        why = spec->params.empty() ? std::string(spec->id) + " takes no parameter, found `" + w + "`"
                                   : "`" + w + "`: write the parameters as key=value, e.g. side=bottom";
        return false;
      }
      kv.back().second += (kv.back().second.empty() ? "" : " ") + w;
    } else {
      kv.emplace_back(text::lower(w.substr(0, eq)), w.substr(eq + 1));
    }
  }
  BattleRule r;
  r.kind = spec->kind;
  std::vector<bool> given(spec->params.size(), false);
  bool module_given = false;
  for (const auto& [key, value] : kv) {
    if (key == "module") {  // any kind: in force only with the Hellenistic module off (or on)
      if (module_given) return why = std::string(spec->id) + ": module= given twice", false;
      module_given = true;
      const std::string v = text::lower(value);
      if (v == "off") r.module = kRuleWithoutModule;
      else if (v == "on") r.module = kRuleWithModule;
      else return why = std::string(spec->id) + ": module=" + value + ": write module=off (the rule is in force only "
                        "without the Hellenistic module) or module=on (only with it)", false;
      continue;
    }
    size_t k = 0;
    while (k < spec->params.size() && key != spec->params[k].key) ++k;
    if (k == spec->params.size()) {
      std::string keys;
      for (const Param& q : spec->params) keys += (keys.empty() ? "" : ", ") + std::string(q.key);
      why = std::string(spec->id) + ": unknown parameter `" + key + "` (" +
            (keys.empty() ? std::string("it takes none") : "it takes " + keys) + ")";
      return false;
    }
    if (given[k]) {
      why = std::string(spec->id) + ": " + key + "= given twice";
      return false;
    }
    given[k] = true;
    const std::string v = spec->params[k].p == P::Leader ? value : text::lower(value);
    if (!set_param(r, spec->params[k], v, why)) {
      why = std::string(spec->id) + ": " + why;
      return false;
    }
  }
  for (size_t k = 0; k < spec->params.size(); ++k) {
    if (given[k]) continue;
    if (spec->params[k].required) {
      why = std::string(spec->id) + ": missing " + spec->params[k].key + "=";
      return false;
    }
    set_default(r, spec->params[k]);
  }
  out = r;
  return true;
}

std::string battle_rule_text(const BattleRule& r) {
  const KindSpec* spec = spec_of(r.kind);
  if (!spec) return "?";
  std::string out = spec->id;
  for (const Param& q : spec->params) out += std::string(" ") + q.key + "=" + param_value(r, q);
  if (r.module == kRuleWithoutModule) out += " module=off";
  if (r.module == kRuleWithModule) out += " module=on";
  return out;
}

std::string battle_rule_summary(const BattleRule& r, const std::string (&army)[2]) {
  const std::string who = r.side == Side::None ? std::string() : army[idx(r.side)];
  auto list = [](const std::vector<std::string>& items, const char* last) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i)
      out += (i == 0 ? "" : i + 1 == items.size() ? std::string(" ") + last + " " : ", ") + items[i];
    return out;
  };
  switch (r.kind) {
    case RuleKind::Fords: return "rivers can be crossed only at the hexes marked fordable";
    case RuleKind::SacredBand:
      return "a sacred-band unit hits with every helmet in close combat and ignores one more flag, while it has blocks";
    case RuleKind::Reserve:
      return "the " + who + " reserve enters from that army's " + ordinal(r.turns) + " turn, when it plays a " +
             kGroupNames[int(r.card)] + " card, on the enemy baseline in that card's sections";
    case RuleKind::HandGrowth:
      return "the " + who + " army draws " + plural(r.draw, "card") + " on each of its first " + plural(r.turns, "turn") +
             ", its hand growing by " + std::to_string(r.draw - 1) + " each time";
    case RuleKind::HandAtBanners:
      return "at its " + ordinal(r.banners) + " banner the " + who + " army draws " + plural(r.draw, "card") +
             " at once and holds " + std::to_string(r.command) + " from then on";
    case RuleKind::SuddenDeath: return "the " + who + " army wins at once if " + r.leader + " is eliminated";
    case RuleKind::Exit: {
      std::vector<std::string> secs;
      for (int i = 0; i < 3; ++i)
        if (r.sections & (1 << i)) secs.push_back(kSectionNames[i]);
      return who + " units may leave over the enemy baseline from their " + list(secs, "and") + " section" +
             (secs.size() == 1 ? "" : "s") + ", " + plural(r.banners, "banner") + " each";
    }
    case RuleKind::Objectives: {
      std::vector<std::string> hexes;
      for (int h = 0; h < kHexes; ++h)
        if (r.hexes.test(h)) hexes.push_back(hex_name(h));
      const bool vowel = !who.empty() && std::string("AEIOUaeiou").find(who[0]) != std::string::npos;
      return (vowel ? "an " : "a ") + who + " unit ending its move on " + list(hexes, "or") + " scores " +
             plural(r.banners, "banner") +
             (hexes.size() == 1 ? ", once" : ", once per hex");
    }
    case RuleKind::Fright: {
      std::string by = param_value(r, Param{P::By, "by", true, 0, 0, 0});
      return "in close combat with " + who + " " + by + ", an enemy " + (r.against == 2 ? "mounted" : "foot") +
             " unit may ignore none of their flags";
    }
    case RuleKind::Count: break;
  }
  return "?";
}

bool rule_preset(const std::string& id, const Bits128& top_half_camps, const std::string& sudden_death_leader,
                 BattleRule& out) {
  std::string text;
  if (id == "fordable-at-bends") text = "fords";
  else if (id == "sacred-band") text = "sacred-band";
  else if (id == "mago-ambush") text = "reserve side=top card=leadership from-turn=2";
  else if (id == "trasimenus-hand") text = "hand-growth side=bottom turns=2 draw=2";
  else if (id == "beneventum-hand") text = "hand-at-banners side=bottom banners=3 draw=2 command=6";
  else if (id == "castulo-exit") text = "exit side=bottom from=center,right banners=1";
  else if (id == "castulo-sudden-death") {
    out = BattleRule{};
    out.kind = RuleKind::SuddenDeath;
    out.side = Side::Top;
    out.leader = sudden_death_leader;  // may be empty: the scenario checks say what is missing
    return true;
  } else if (id == "baecula-camps") {
    out = BattleRule{};
    out.kind = RuleKind::Objectives;
    out.side = Side::Bottom;
    out.hexes = top_half_camps;  // may be empty: the scenario checks say so
    out.banners = 1;
    return true;
  } else {
    return false;
  }
  std::string why;
  return parse_battle_rule(text, out, why);
}

const char* preset_of(const BattleRule& r, const Bits128& top_half_camps, std::string& leader_field) {
  static const char* const kIds[] = {"fordable-at-bends", "sacred-band",    "mago-ambush",         "trasimenus-hand",
                                     "beneventum-hand",   "castulo-exit",   "castulo-sudden-death", "baecula-camps"};
  for (const char* id : kIds) {
    BattleRule p;
    if (!rule_preset(id, top_half_camps, r.leader, p) || !(p == r)) continue;
    if (r.kind == RuleKind::SuddenDeath) leader_field = r.leader;
    return id;
  }
  return nullptr;
}

}  // namespace bgb::cca
