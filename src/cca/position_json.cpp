// The state part of a position and the whole position (docs/position-format.md).
#include "cca/json_io.h"

#include <algorithm>

#include "cca/board.h"
#include "cca/combat_table.h"
#include "cca/cards.h"
#include "cca/json_fields.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

using namespace jf;

namespace {

// Name tables owned by this format (the engine has no names for these).
// The flag and trait names are the engine's (state.h kFlagNames, scenario.h kTraitNames). A flag
// written as "bit7" by positions before it had a name still reads as kEntered.
const char* const kStatusNames[4] = {"alive", "eliminated", "removed", "reserve"};
const char* const kCombatKindNames[3] = {"none", "ranged", "close"};
const char* const kStageNames[] = {"none",    "evade-choice", "attack-roll", "evade-path",          "flags", "retreat",
                                   "strike-done", "advance",  "extra-hex",   "bonus", "battle-back-choice", "end",
                                   "companion-choice"};
constexpr int kStages = int(sizeof(kStageNames) / sizeof(kStageNames[0]));
static_assert(kStages == int(Stage::CompanionChoice) + 1, "a Stage has no JSON name");
const char* const kOrderModeNames[] = {"section", "troop", "any-one", "leadership", "linked", "dice", "rally", "none"};
static_assert(sizeof(kOrderModeNames) / sizeof(kOrderModeNames[0]) == size_t(OrderMode::None) + 1,
              "an OrderMode has no JSON name");


void read_state(const Scenario& scn, const json& j, const std::string& path, State& s) {
  Obj o(j, path,
        {"units", "leaders", "hand", "deck", "discard", "deck_total", "played", "command", "banners", "extra_banners",
         "turn", "active", "winner", "draw", "decision", "decider", "subject", "quota", "order_counts",
         "last_order_key", "effective", "order_mode", "orders_left", "lead_leader", "lead_sections", "dice_orders",
         "card_step", "last_played", "last_lead_sections", "first_strike_draw", "own_turns", "objectives",
         "reserve_entry", "combat",
         "evade_queue", "commander_gone", "discard_due", "named_section", "reserve_leader", "reserve_done"});
  clear_state(s);

  // Units; unit_at is rebuilt from the living units.
  {
    std::string up = o.path("units");
    const json& ua = get_array(o.req("units"), up, kMaxUnits, "units");
    s.n_units = uint8_t(ua.size());
    for (int h = 0; h < kHexes; ++h) s.unit_at[h] = kNone;
    for (size_t i = 0; i < ua.size(); ++i) {
      Obj e(ua[i], index_path(up, i),
            {"type", "side", "hex", "blocks", "start_blocks", "flags", "moved", "status", "traits", "marks"});
      UnitState& u = s.units[i];
      std::string code = get_str(e.req("type"), e.path("type"));
      if (!parse_unit_type(code.c_str(), u.type)) fail(e.path("type"), show(e.req("type")) + " is not a unit type");
      u.side = get_side(e.req("side"), e.path("side"), false);
      u.status = Status(get_name(e.req("status"), e.path("status"), kStatusNames, "a status"));
      bool alive = u.status == Status::Alive;
      u.hex = get_hex(e.req("hex"), e.path("hex"), alive ? kBoardOnly : (kAllowNull | kAllowOff));
      u.traits = get_traits(e.req("traits"), e.path("traits"));
      u.start_blocks = get_u8(e.req("start_blocks"), e.path("start_blocks"), 1, uint8_t(full_blocks(u.type, u.traits)));
      u.blocks = get_u8(e.req("blocks"), e.path("blocks"), alive ? 1 : 0, u.start_blocks);
      u.flags = get_flags(e.req("flags"), e.path("flags"));
      u.moved = get_u8(e.req("moved"), e.path("moved"));
      if (const json* m = e.opt("marks")) u.marks = uint8_t(get_bits(*m, e.path("marks"), kMarkNames, "a mark"));
      if (alive) {
        if (s.unit_at[u.hex] != kNone)
          fail(e.path("hex"), show(e.req("hex")) + " already holds unit " + std::to_string(s.unit_at[u.hex]));
        s.unit_at[u.hex] = uint8_t(i);
      }
    }
    sync_unit_bits(s);
  }

  // Leaders, named as in the scenario; leader_at is rebuilt from the living leaders.
  {
    std::string lp = o.path("leaders");
    const json& la = get_array(o.req("leaders"), lp, kMaxLeaders, "leaders");
    if (la.size() != scn.leaders.size())
      fail(lp, std::to_string(la.size()) + " leaders but the scenario has " + std::to_string(scn.leaders.size()));
    s.n_leaders = uint8_t(la.size());
    for (int h = 0; h < kHexes; ++h) s.leader_at[h] = kNone;
    for (size_t i = 0; i < la.size(); ++i) {
      Obj e(la[i], index_path(lp, i), {"name", "side", "hex", "flags", "status"});
      LeaderState& l = s.leaders[i];
      std::string name = get_str(e.req("name"), e.path("name"));
      if (name != scn.leaders[i].name)
        fail(e.path("name"), show(e.req("name")) + " does not match the scenario's leader " + std::to_string(i) + " \"" +
                                 scn.leaders[i].name + "\"");
      l.side = get_side(e.req("side"), e.path("side"), false);
      l.status = Status(get_name(e.req("status"), e.path("status"), kStatusNames, "a status"));
      bool alive = l.status == Status::Alive;
      l.hex = get_hex(e.req("hex"), e.path("hex"), alive ? kBoardOnly : (kAllowNull | kAllowOff));
      l.flags = get_flags(e.req("flags"), e.path("flags"));
      if (alive) {
        if (s.leader_at[l.hex] != kNone)
          fail(e.path("hex"), show(e.req("hex")) + " already holds leader " + std::to_string(s.leader_at[l.hex]));
        s.leader_at[l.hex] = uint8_t(i);
      }
    }
  }

  // Cards.
  {
    Obj h(o.req("hand"), o.path("hand"), {"top", "bottom"});
    for (int side = 0; side < 2; ++side) {
      const char* key = side == 0 ? "top" : "bottom";
      std::string hp = h.path(key);
      const json& ha = get_array(h.req(key), hp, kMaxHand, "cards");
      s.hand_n[side] = uint8_t(ha.size());
      for (size_t i = 0; i < ha.size(); ++i) s.hand[side][i] = get_card(ha[i], index_path(hp, i), true);
    }
    std::string dp = o.path("deck");
    const json& da = get_array(o.req("deck"), dp, kMaxDeck, "cards");
    s.deck_n = uint8_t(da.size());
    for (size_t i = 0; i < da.size(); ++i) s.deck[i] = get_card(da[i], index_path(dp, i), true);
    std::string xp = o.path("discard");
    const json& xa = get_array(o.req("discard"), xp, kMaxDeck, "cards");
    s.discard_n = uint8_t(xa.size());
    for (size_t i = 0; i < xa.size(); ++i) s.discard[i] = get_card(xa[i], index_path(xp, i), false);
    s.deck_total = get_u8(o.req("deck_total"), o.path("deck_total"));
    const json& pj = o.req("played");
    s.played = pj.is_null() ? kNoCard : get_card(pj, o.path("played"), false);
  }

  auto u8 = [](const json& v, const std::string& p) { return get_u8(v, p); };
  get_pair(o.req("command"), o.path("command"), s.command,
           [](const json& v, const std::string& p) { return get_u8(v, p, 0, kMaxHand); });
  get_pair(o.req("banners"), o.path("banners"), s.banners, u8);
  get_pair(o.req("extra_banners"), o.path("extra_banners"), s.extra_banners, u8);
  s.turn = uint16_t(get_int(o.req("turn"), o.path("turn"), 0, 65535));
  s.active = get_side(o.req("active"), o.path("active"), false);
  s.winner = get_side(o.req("winner"), o.path("winner"), true);
  s.draw = get_flag(o.req("draw"), o.path("draw"));

  {
    const json& dj = o.req("decision");
    std::string name = get_str(dj, o.path("decision"));
    if (!parse_decision(name, s.decision)) fail(o.path("decision"), show(dj) + " is not a decision");
  }
  s.decider = get_side(o.req("decider"), o.path("decider"), true);
  // The subject is a unit index, or a leader index for a leader's decision.
  s.subject = get_index(o.req("subject"), o.path("subject"), std::max<int>(s.n_units, s.n_leaders), "piece");
  get_u8_array(o.req("quota"), o.path("quota"), s.quota);
  get_u8_array(o.req("order_counts"), o.path("order_counts"), s.order_counts);
  s.last_order_key = uint16_t(get_int(o.req("last_order_key"), o.path("last_order_key"), 0, 65535));

  // The card in force this turn.
  auto card_or_null = [](const json& v, const std::string& p) { return v.is_null() ? kNoCard : get_card(v, p, false); };
  s.effective = card_or_null(o.req("effective"), o.path("effective"));
  s.order_mode = OrderMode(get_name(o.req("order_mode"), o.path("order_mode"), kOrderModeNames, "an order mode"));
  s.orders_left = get_u8(o.req("orders_left"), o.path("orders_left"));
  s.lead_leader = get_index(o.req("lead_leader"), o.path("lead_leader"), s.n_leaders, "leader");
  s.lead_sections = get_u8(o.req("lead_sections"), o.path("lead_sections"), 0, 7);
  get_u8_array(o.req("dice_orders"), o.path("dice_orders"), s.dice_orders);
  s.card_step = get_u8(o.req("card_step"), o.path("card_step"));
  get_pair(o.req("last_played"), o.path("last_played"), s.last_played, card_or_null);
  get_pair(o.req("last_lead_sections"), o.path("last_lead_sections"), s.last_lead_sections,
           [](const json& v, const std::string& p) { return get_u8(v, p, 0, 7); });
  s.first_strike_draw = get_u8(o.req("first_strike_draw"), o.path("first_strike_draw"), 0, 3);

  // Scenario special rules.
  get_pair(o.req("own_turns"), o.path("own_turns"), s.own_turns, u8);
  {
    std::string op = o.path("objectives");
    const json& oa = get_array(o.req("objectives"), op, kHexes, "hexes");
    for (size_t i = 0; i < oa.size(); ++i) {
      uint8_t h = get_hex(oa[i], index_path(op, i));
      if (s.objectives[h >> 3] & (1u << (h & 7))) fail(index_path(op, i), show(oa[i]) + " is listed twice");
      s.objectives[h >> 3] |= uint8_t(1u << (h & 7));
    }
  }
  s.reserve_entry = get_u8(o.req("reserve_entry"), o.path("reserve_entry"), 0, 7);
  // The Hellenistic module's per-side bits (H1), written only when set: bit 0 top, bit 1 bottom.
  if (const json* v = o.opt("commander_gone")) s.commander_gone = get_u8(*v, o.path("commander_gone"), 0, 3);
  if (const json* v = o.opt("discard_due")) s.discard_due = get_u8(*v, o.path("discard_due"), 0, 3);
  // H2: the section a card was played in (1 left, 2 center, 3 right), written only when set.
  if (const json* v = o.opt("named_section")) s.named_section = get_u8(*v, o.path("named_section"), 0, 3);
  // H10: the reserve leaders ({"top": index or null, "bottom": ...}) and the moves made.
  if (const json* v = o.opt("reserve_leader"))
    get_pair(*v, o.path("reserve_leader"), s.reserve_leader, [&](const json& x, const std::string& p) {
      if (x.is_string() && x.get<std::string>() == "hidden") return kHiddenLeader;  // an observation
      return x.is_null() ? uint8_t(kNone) : get_u8(x, p, 0, uint8_t(kMaxLeaders - 1));
    });
  if (const json* v = o.opt("reserve_done")) s.reserve_done = get_u8(*v, o.path("reserve_done"), 0, 15);

  {
    Obj c(o.req("combat"), o.path("combat"),
          {"kind", "stage", "bonus", "attacker", "target_hex", "def_unit", "def_leader", "evading", "full_warrior",
           "leader_checked", "advanced", "first_strike", "strike"});
    Combat& cb = s.combat;
    cb.kind = CombatKind(get_name(c.req("kind"), c.path("kind"), kCombatKindNames, "a combat kind"));
    cb.stage = Stage(get_name(c.req("stage"), c.path("stage"), kStageNames, "a combat stage"));
    cb.bonus = get_flag(c.req("bonus"), c.path("bonus"));
    cb.attacker = get_index(c.req("attacker"), c.path("attacker"), s.n_units, "unit");
    cb.target_hex = get_hex(c.req("target_hex"), c.path("target_hex"), kAllowNull);
    cb.def_unit = get_index(c.req("def_unit"), c.path("def_unit"), s.n_units, "unit");
    cb.def_leader = get_index(c.req("def_leader"), c.path("def_leader"), s.n_leaders, "leader");
    cb.evading = get_flag(c.req("evading"), c.path("evading"));
    cb.full_warrior = get_u8(c.req("full_warrior"), c.path("full_warrior"), 0, 3);
    cb.leader_checked = get_u8(c.req("leader_checked"), c.path("leader_checked"));
    cb.advanced = get_flag(c.req("advanced"), c.path("advanced"));
    cb.first_strike = get_u8(c.req("first_strike"), c.path("first_strike"), 0, 2);
    Obj k(c.req("strike"), c.path("strike"),
          {"striker", "victim", "flags", "ignorable", "per_flag", "retreat_left", "retreated", "rampaged",
           "battle_back", "ranged", "companion", "pending_hits"});
    Strike& st = cb.strike;
    st.striker = get_index(k.req("striker"), k.path("striker"), s.n_units, "unit");
    st.victim = get_index(k.req("victim"), k.path("victim"), s.n_units, "unit");
    st.flags = get_u8(k.req("flags"), k.path("flags"));
    st.ignorable = get_u8(k.req("ignorable"), k.path("ignorable"));
    st.per_flag = get_u8(k.req("per_flag"), k.path("per_flag"));
    st.retreat_left = get_u8(k.req("retreat_left"), k.path("retreat_left"));
    st.retreated = get_u8(k.req("retreated"), k.path("retreated"));
    st.rampaged = get_flag(k.req("rampaged"), k.path("rampaged"));
    st.battle_back = get_flag(k.req("battle_back"), k.path("battle_back"));
    st.ranged = get_flag(k.req("ranged"), k.path("ranged"));
    // Hellenistic H6.7, written only when set.
    if (const json* v = k.opt("companion")) st.companion = get_u8(*v, k.path("companion"), 0, 2);
    if (const json* v = k.opt("pending_hits")) st.pending_hits = get_u8(*v, k.path("pending_hits"));
  }

  {
    std::string ep = o.path("evade_queue");
    const json& ea = get_array(o.req("evade_queue"), ep, kMaxLeaders, "leaders");
    s.evade_queue_n = uint8_t(ea.size());
    for (size_t i = 0; i < ea.size(); ++i) {
      if (ea[i].is_null()) fail_type(index_path(ep, i), "a leader index", ea[i]);
      s.evade_queue[i] = get_index(ea[i], index_path(ep, i), s.n_leaders, "leader");
    }
  }
}

}  // namespace

json state_to_json(const Scenario& scn, const State& s) {
  json j;
  json units = json::array();
  for (int i = 0; i < s.n_units && i < kMaxUnits; ++i) {
    const UnitState& u = s.units[i];
    units.push_back(json{{"type", int(u.type) < kUnitTypes ? json(unit_info(u.type).code) : json(int(u.type))},
                         {"side", side_name(u.side)},
                         {"hex", hex_json(u.hex)},
                         {"blocks", int(u.blocks)},
                         {"start_blocks", int(u.start_blocks)},
                         {"flags", flags_json(u.flags)},
                         {"moved", int(u.moved)},
                         {"status", name_of(kStatusNames, int(u.status))},
                         {"traits", traits_json(u.traits)}});
    if (u.marks) units.back()["marks"] = bits_json(u.marks, kMarkNames);  // only the module sets marks
  }
  j["units"] = std::move(units);
  json leaders = json::array();
  for (int i = 0; i < s.n_leaders && i < kMaxLeaders; ++i) {
    const LeaderState& l = s.leaders[i];
    leaders.push_back(json{{"name", i < int(scn.leaders.size()) ? json(scn.leaders[i].name) : json(nullptr)},
                           {"side", side_name(l.side)},
                           {"hex", hex_json(l.hex)},
                           {"flags", flags_json(l.flags)},
                           {"status", name_of(kStatusNames, int(l.status))}});
  }
  j["leaders"] = std::move(leaders);
  j["hand"] = json{{"top", cards_json(s.hand[0], std::min<int>(s.hand_n[0], kMaxHand))},
                   {"bottom", cards_json(s.hand[1], std::min<int>(s.hand_n[1], kMaxHand))}};
  j["deck"] = cards_json(s.deck, std::min<int>(s.deck_n, kMaxDeck));
  j["discard"] = cards_json(s.discard, std::min<int>(s.discard_n, kMaxDeck));
  j["deck_total"] = int(s.deck_total);
  j["played"] = card_json(s.played);
  j["command"] = pair_u8_json(s.command);
  j["banners"] = pair_u8_json(s.banners);
  j["extra_banners"] = pair_u8_json(s.extra_banners);
  j["turn"] = int(s.turn);
  j["active"] = side_name(s.active);
  j["winner"] = side_name(s.winner);
  j["draw"] = flag_json(s.draw);
  const char* dn = decision_name(s.decision);
  j["decision"] = dn ? dn : "?";
  j["decider"] = side_name(s.decider);
  j["subject"] = index_json(s.subject);
  j["quota"] = u8_array_json(s.quota);
  j["order_counts"] = u8_array_json(s.order_counts);
  j["last_order_key"] = int(s.last_order_key);
  j["effective"] = card_json(s.effective);
  j["order_mode"] = name_of(kOrderModeNames, int(s.order_mode));
  j["orders_left"] = int(s.orders_left);
  j["lead_leader"] = index_json(s.lead_leader);
  j["lead_sections"] = int(s.lead_sections);
  j["dice_orders"] = u8_array_json(s.dice_orders);
  j["card_step"] = int(s.card_step);
  j["last_played"] = json{{"top", card_json(s.last_played[0])}, {"bottom", card_json(s.last_played[1])}};
  j["last_lead_sections"] = pair_u8_json(s.last_lead_sections);
  j["first_strike_draw"] = int(s.first_strike_draw);
  j["own_turns"] = pair_u8_json(s.own_turns);
  json objectives = json::array();
  for (int b = 0; b < int(sizeof s.objectives) * 8; ++b)
    if (s.objectives[b >> 3] & (1u << (b & 7))) objectives.push_back(b < kHexes ? json(hex_name(b)) : json(b));
  j["objectives"] = std::move(objectives);
  j["reserve_entry"] = int(s.reserve_entry);
  if (s.commander_gone) j["commander_gone"] = int(s.commander_gone);
  if (s.discard_due) j["discard_due"] = int(s.discard_due);
  if (s.named_section) j["named_section"] = int(s.named_section);
  if (s.reserve_leader[0] != kNone || s.reserve_leader[1] != kNone)
    j["reserve_leader"] = json{{"top", s.reserve_leader[0] == kHiddenLeader ? json("hidden") : index_json(s.reserve_leader[0])},
                               {"bottom", s.reserve_leader[1] == kHiddenLeader ? json("hidden") : index_json(s.reserve_leader[1])}};
  if (s.reserve_done) j["reserve_done"] = int(s.reserve_done);
  const Combat& c = s.combat;
  const Strike& st = c.strike;
  j["combat"] = json{{"kind", name_of(kCombatKindNames, int(c.kind))},
                     {"stage", name_of(kStageNames, int(c.stage))},
                     {"bonus", flag_json(c.bonus)},
                     {"attacker", index_json(c.attacker)},
                     {"target_hex", hex_json(c.target_hex)},
                     {"def_unit", index_json(c.def_unit)},
                     {"def_leader", index_json(c.def_leader)},
                     {"evading", flag_json(c.evading)},
                     {"full_warrior", int(c.full_warrior)},
                     {"leader_checked", int(c.leader_checked)},
                     {"advanced", flag_json(c.advanced)},
                     {"first_strike", int(c.first_strike)},
                     {"strike", json{{"striker", index_json(st.striker)},
                                     {"victim", index_json(st.victim)},
                                     {"flags", int(st.flags)},
                                     {"ignorable", int(st.ignorable)},
                                     {"per_flag", int(st.per_flag)},
                                     {"retreat_left", int(st.retreat_left)},
                                     {"retreated", int(st.retreated)},
                                     {"rampaged", flag_json(st.rampaged)},
                                     {"battle_back", flag_json(st.battle_back)},
                                     {"ranged", flag_json(st.ranged)}}}};
  if (st.companion) j["combat"]["strike"]["companion"] = int(st.companion);
  if (st.pending_hits) j["combat"]["strike"]["pending_hits"] = int(st.pending_hits);
  json q = json::array();
  for (int i = 0; i < s.evade_queue_n && i < kMaxLeaders; ++i) q.push_back(int(s.evade_queue[i]));
  j["evade_queue"] = std::move(q);
  return j;
}

bool state_from_json(const Scenario& scn, const json& j, State& out, std::string* error) {
  return guarded(error, "position", [&] { read_state(scn, j, "state", out); });
}

json position_to_json(const Scenario& scn, const State& s) {
  return json{{"format", kPositionFormat},
              {"version", kPositionVersion},
              {"scenario", scenario_to_json(scn)},
              {"state", state_to_json(scn, s)}};
}

bool position_from_json(const json& j, Scenario& scn, State& s, std::string* error) {
  return guarded(error, "position", [&] {
    Obj o(j, "", {"format", "version", "scenario", "state"});
    const json& f = o.req("format");
    if (get_str(f, o.path("format")) != kPositionFormat)
      fail(o.path("format"), show(f) + " is not \"" + std::string(kPositionFormat) + "\"");
    const json& v = o.req("version");
    if (!v.is_number_integer()) fail_type(o.path("version"), "an integer", v);
    if (v.is_number_unsigned() ? v.get<unsigned long long>() != (unsigned long long)kPositionVersion
                               : v.get<long long>() != kPositionVersion)
      fail(o.path("version"),
           "unsupported version " + show(v) + " (this program reads version " + std::to_string(kPositionVersion) + ")");
    read_scenario(o.req("scenario"), o.path("scenario"), scn);
    read_state(scn, o.req("state"), o.path("state"), s);
  });
}

}  // namespace bgb::cca
