// The scenario part of a position (docs/position-format.md, "scenario"): the static battle.
#include "cca/json_io.h"

#include <algorithm>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/json_fields.h"
#include "cca/scenario_checks.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

using namespace jf;

void jf::read_scenario(const json& j, const std::string& path, Scenario& out) {
  Obj o(j, path,
        {"id", "name", "year", "fidelity", "source", "note", "special_rules", "army", "command", "banners_to_win",
         "first", "turn_limit", "terrain", "units", "leaders", "deck", "sudden_death_leader", "hellenistic"});
  out = Scenario{};
  out.id = get_str(o.req("id"), o.path("id"));
  out.name = get_str(o.req("name"), o.path("name"));
  if (const json* v = o.opt("year")) out.year = get_str(*v, o.path("year"));
  if (const json* v = o.opt("fidelity")) out.fidelity = get_str(*v, o.path("fidelity"));
  if (const json* v = o.opt("source")) out.source = get_str(*v, o.path("source"));
  if (const json* n = o.opt("note")) out.note = get_str(*n, o.path("note"));
  get_pair(o.req("army"), o.path("army"), out.army, get_str);
  get_pair(o.req("command"), o.path("command"), out.command,
           [](const json& v, const std::string& p) { return get_u8(v, p, 1, kMaxHand); });
  get_pair(o.req("banners_to_win"), o.path("banners_to_win"), out.banners_to_win,
           [](const json& v, const std::string& p) { return get_u8(v, p, 1, 255); });
  out.first = get_side(o.req("first"), o.path("first"), false);
  if (const json* t = o.opt("turn_limit")) out.turn_limit = uint16_t(get_int(*t, o.path("turn_limit"), 0, 65535));
  std::string sudden_death_leader;  // the leader of the castulo-sudden-death preset
  if (const json* v = o.opt("sudden_death_leader")) sudden_death_leader = get_str(*v, o.path("sudden_death_leader"));

  // Terrain: the non-plain hexes.
  {
    std::string tp = o.path("terrain");
    const json& ta = get_array(o.req("terrain"), tp, kHexes, "terrain hexes");
    bool seen[kHexes] = {};
    for (size_t i = 0; i < ta.size(); ++i) {
      Obj e(ta[i], index_path(tp, i), {"hex", "terrain", "facing"});
      uint8_t h = get_hex(e.req("hex"), e.path("hex"));
      if (seen[h]) fail(e.path("hex"), show(e.req("hex")) + " is listed twice");
      seen[h] = true;
      const json& tj = e.req("terrain");
      std::string code = get_str(tj, e.path("terrain"));
      Terrain t;
      if (!parse_terrain(code.c_str(), t)) {
        std::string list;
        for (int k = 0; k < int(Terrain::Count); ++k) list += std::string(k ? ", " : "") + terrain_info(Terrain(k)).code;
        fail(e.path("terrain"), show(tj) + " is not a terrain (" + list + ")");
      }
      out.terrain[h] = t;
      if (const json* f = e.opt("facing")) {
        // "up" or "down" (A^ / Av), or the hexsides protected, "W,SW" (terrain.h).
        Facing facing = Facing::None;
        std::string why;
        const std::string name = get_str(*f, e.path("facing"));
        if (name == "up")
          facing = Facing::Up;
        else if (name == "down")
          facing = Facing::Down;
        else if (!parse_hexside_list(name, facing, why))
          fail(e.path("facing"), show(*f) + " is not a facing: \"up\", \"down\" or the hexsides protected, e.g. \"W,SW\" (" + why + ")");
        out.rampart[h] = facing;
      } else if (t == Terrain::Rampart) {
        fail(e.path("facing"), "missing (a rampart needs \"up\", \"down\" or the hexsides it protects, e.g. \"W,SW\")");
      }
    }
  }

  // Units.
  {
    std::string up = o.path("units");
    const json& ua = get_array(o.req("units"), up, kMaxUnits, "units");
    int held[kHexes];
    for (int& h : held) h = -1;
    for (size_t i = 0; i < ua.size(); ++i) {
      Obj e(ua[i], index_path(up, i), {"type", "side", "hex", "blocks", "traits"});
      UnitSetup u{};
      std::string code = get_str(e.req("type"), e.path("type"));
      if (!parse_unit_type(code.c_str(), u.type)) fail(e.path("type"), show(e.req("type")) + " is not a unit type");
      u.side = get_side(e.req("side"), e.path("side"), false);
      // "off": a reserve that starts off the map (a reserve rule).
      u.hex = get_hex(e.req("hex"), e.path("hex"), kAllowOff);
      if (u.hex != kOffBoard) {
        if (held[u.hex] >= 0)
          fail(e.path("hex"), show(e.req("hex")) + " already holds unit " + std::to_string(held[u.hex]));
        held[u.hex] = int(i);
      }
      u.blocks = 0;
      if (const json* b = e.opt("blocks")) u.blocks = get_u8(*b, e.path("blocks"), 1, unit_info(u.type).blocks);
      if (const json* t = e.opt("traits")) u.traits = get_traits(*t, e.path("traits"));
      out.units.push_back(u);
    }
  }

  // Leaders.
  {
    std::string lp = o.path("leaders");
    const json& la = get_array(o.req("leaders"), lp, kMaxLeaders, "leaders");
    int held[kHexes];
    for (int& h : held) h = -1;
    for (size_t i = 0; i < la.size(); ++i) {
      Obj e(la[i], index_path(lp, i), {"name", "side", "hex", "grade", "commander"});
      LeaderSetup l;
      l.name = get_str(e.req("name"), e.path("name"));
      if (const json* g = e.opt("grade")) {
        const std::string v = get_str(*g, e.path("grade"));
        if (!parse_grade(v, l.grade)) fail(e.path("grade"), show(*g) + " is not a grade (\"a\", \"b\", \"c\" or \"d\")");
      }
      if (const json* c = e.opt("commander")) l.commander = get_flag(*c, e.path("commander"));
      l.side = get_side(e.req("side"), e.path("side"), false);
      l.hex = get_hex(e.req("hex"), e.path("hex"), kAllowOff);
      if (l.hex != kOffBoard) {
        if (held[l.hex] >= 0)
          fail(e.path("hex"), show(e.req("hex")) + " already holds leader " + std::to_string(held[l.hex]));
        held[l.hex] = int(i);
      }
      out.leaders.push_back(std::move(l));
    }
  }

  // Deck.
  {
    std::string dp = o.path("deck");
    const json& da = get_array(o.req("deck"), dp, kMaxDeck, "cards");
    for (size_t i = 0; i < da.size(); ++i) out.deck.push_back(get_card(da[i], index_path(dp, i), false));
  }

  // The Hellenistic module: {"use": "available"|"on", "on": bool, "off": [sub-rules], "reserve": [sides]}.
  if (const json* h = o.opt("hellenistic")) {
    Obj m(*h, o.path("hellenistic"), {"use", "on", "off", "reserve"});
    HellenisticOptions& ho = out.hellenistic;
    const std::string use = get_str(m.req("use"), m.path("use"));
    if (!parse_module_use(use, ho.use)) fail(m.path("use"), show(m.req("use")) + " is not \"none\", \"available\" or \"on\"");
    ho.on = ho.use == ModuleUse::On;
    if (const json* v = m.opt("on")) ho.on = get_flag(*v, m.path("on"));
    if (const json* v = m.opt("off")) {
      get_array(*v, m.path("off"), kHRules, "sub-rules");
      for (size_t i = 0; i < v->size(); ++i) {
        HRule r;
        if (!parse_hrule(get_str((*v)[i], index_path(m.path("off"), i)), r))
          fail(index_path(m.path("off"), i), show((*v)[i]) + " is not a sub-rule (" + hrule_list() + ")");
        ho.off = uint8_t(ho.off | hrule_bit(r));
      }
    }
    if (const json* v = m.opt("reserve")) {
      get_array(*v, m.path("reserve"), 2, "sides");
      for (size_t i = 0; i < v->size(); ++i)
        ho.reserve = uint8_t(ho.reserve | (1u << idx(get_side((*v)[i], index_path(m.path("reserve"), i), false))));
    }
    if (ho.on && ho.use == ModuleUse::None) fail(m.path("on"), "the module cannot be on in a battle without its set-up (use \"none\")");
  }

  // Special rules, after the terrain (the baecula-camps preset scores the camps): each a preset id
  // of the base battles or a rule in its written form (battle_rules.h).
  if (const json* r = o.opt("special_rules")) {
    std::string rp = o.path("special_rules");
    get_array(*r, rp, 32, "rules");
    for (size_t i = 0; i < r->size(); ++i) {
      const std::string text = get_str((*r)[i], index_path(rp, i));
      BattleRule rule;
      std::string why;
      if (!rule_preset(text, top_half_camps(out), sudden_death_leader, rule) && !parse_battle_rule(text, rule, why))
        fail(index_path(rp, i), show((*r)[i]) + " is not a special rule: " + why);
      out.rules.push_back(rule);
    }
  }
  out.finalize();

  // The one validation of the scenario's meaning, as after the text reader.
  const std::vector<ScenarioProblem> problems = check_scenario(out);
  if (!problems.empty()) {
    const ScenarioProblem& q = problems.front();
    std::string where = path;
    switch (q.where) {
      case ScenarioProblem::Where::Rule: where = index_path(o.path("special_rules"), size_t(q.index)); break;
      case ScenarioProblem::Where::Unit:
      case ScenarioProblem::Where::Traits: where = index_path(o.path("units"), size_t(q.index)); break;
      case ScenarioProblem::Where::Leader: where = index_path(o.path("leaders"), size_t(q.index)); break;
      case ScenarioProblem::Where::Deck: where = o.path("deck"); break;
      case ScenarioProblem::Where::Terrain: where = o.path("terrain"); break;
      case ScenarioProblem::Where::Module: where = o.path("hellenistic"); break;
      case ScenarioProblem::Where::Scenario: break;
    }
    fail(where, q.message);
  }
}

json scenario_to_json(const Scenario& scn) {
  json j;
  j["id"] = scn.id;
  j["name"] = scn.name;
  j["year"] = scn.year;
  j["fidelity"] = scn.fidelity;
  j["source"] = scn.source;
  j["note"] = scn.note;
  // A rule that is a preset of the base battles is written by its id, as before rules had
  // parameters: the canonical JSON of a base battle, and so the scenario hash stored in records,
  // stays the same.
  json rules = json::array();
  std::string sudden_death_leader;
  const Bits128 camps = top_half_camps(scn);
  for (const BattleRule& r : scn.rules) {
    std::string leader;
    const char* id = preset_of(r, camps, leader);
    if (id && !(leader.size() && sudden_death_leader.size())) {
      rules.push_back(id);
      if (!leader.empty()) sudden_death_leader = leader;
    } else {
      rules.push_back(battle_rule_text(r));
    }
  }
  j["special_rules"] = std::move(rules);
  j["army"] = pair_json(scn.army);
  j["command"] = pair_u8_json(scn.command);
  j["banners_to_win"] = pair_u8_json(scn.banners_to_win);
  j["first"] = side_name(scn.first);
  j["turn_limit"] = scn.turn_limit;
  j["sudden_death_leader"] = sudden_death_leader;
  json terrain = json::array();
  for (int h = 0; h < kHexes; ++h) {
    if (scn.terrain[h] == Terrain::Plain && scn.rampart[h] == Facing::None) continue;
    json e{{"hex", hex_name(h)}, {"terrain", terrain_info(scn.terrain[h]).code}};
    if (scn.rampart[h] == Facing::Up) e["facing"] = "up";
    else if (scn.rampart[h] == Facing::Down) e["facing"] = "down";
    else if (scn.rampart[h] != Facing::None) e["facing"] = hexside_list(scn.rampart[h]);
    terrain.push_back(std::move(e));
  }
  j["terrain"] = std::move(terrain);
  json units = json::array();
  for (const UnitSetup& u : scn.units) {
    json e{{"type", unit_info(u.type).code}, {"side", side_name(u.side)}, {"hex", hex_json(u.hex)}};
    if (u.blocks != 0) e["blocks"] = int(u.blocks);
    if (u.traits != 0) e["traits"] = traits_json(u.traits);
    units.push_back(std::move(e));
  }
  j["units"] = std::move(units);
  json leaders = json::array();
  for (const LeaderSetup& l : scn.leaders) {
    json e{{"name", l.name}, {"side", side_name(l.side)}, {"hex", hex_json(l.hex)}};
    if (l.grade != kGradeNone) e["grade"] = std::string(1, grade_letter(l.grade));
    if (l.commander) e["commander"] = true;
    leaders.push_back(std::move(e));
  }
  j["leaders"] = std::move(leaders);
  // Only a battle with the module's set-up writes it (the canonical JSON of the others, and so
  // their scenario hashes, stay as they were).
  if (scn.hellenistic.use != ModuleUse::None || scn.hellenistic.on) {
    const HellenisticOptions& h = scn.hellenistic;
    json m{{"use", module_use_name(h.use)}, {"on", h.on}};
    json off = json::array();
    for (int r = 0; r < kHRules; ++r)
      if (h.off & hrule_bit(HRule(r))) off.push_back(hrule_name(HRule(r)));
    m["off"] = std::move(off);
    json res = json::array();
    for (Side side : {Side::Top, Side::Bottom})
      if (h.reserve >> idx(side) & 1) res.push_back(side_name(side));
    m["reserve"] = std::move(res);
    j["hellenistic"] = std::move(m);
  }
  json deck = json::array();
  for (uint8_t c : scn.deck) deck.push_back(card_json(c));
  j["deck"] = std::move(deck);
  return j;
}

bool scenario_from_json(const json& j, Scenario& out, std::string* error) {
  return guarded(error, "position", [&] { jf::read_scenario(j, "scenario", out); });
}

}  // namespace bgb::cca
