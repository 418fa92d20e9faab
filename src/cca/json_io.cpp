#include "cca/json_io.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <initializer_list>
#include <new>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

using json = nlohmann::json;

namespace {

// ---------------------------------------------------------------------------------------------
// Name tables owned by this format (the engine has no names for these).

// The flag and trait names are the engine's (state.h kFlagNames, scenario.h kTraitNames). A flag
// written as "bit7" by positions before it had a name still reads as kEntered.
const char* const kStatusNames[4] = {"alive", "eliminated", "removed", "reserve"};
const char* const kCombatKindNames[3] = {"none", "ranged", "close"};
const char* const kStageNames[] = {"none",    "evade-choice", "attack-roll", "evade-path",          "flags", "retreat",
                                   "strike-done", "advance",  "extra-hex",   "bonus", "battle-back-choice", "end"};
constexpr int kStages = int(sizeof(kStageNames) / sizeof(kStageNames[0]));
static_assert(kStages == int(Stage::End) + 1, "a Stage has no JSON name");
const char* const kFacingNames[3] = {"none", "up", "down"};
const char* const kOrderModeNames[] = {"section", "troop", "any-one", "leadership", "linked", "dice", "rally", "none"};
static_assert(sizeof(kOrderModeNames) / sizeof(kOrderModeNames[0]) == size_t(OrderMode::None) + 1,
              "an OrderMode has no JSON name");
constexpr const char* kHidden = "hidden";
constexpr const char* kOff = "off";

// ---------------------------------------------------------------------------------------------
// Reading: every helper checks one value and throws LoadError naming its path. The public
// functions catch everything, so nothing escapes them.

struct LoadError {
  std::string msg;
};

std::string show(const json& j) {
  std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw LoadError{(path.empty() ? std::string("position") : path) + ": " + what};
}

std::string key_path(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }
std::string index_path(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

const char* kind_of(const json& j) {
  if (j.is_number_integer()) return "an integer";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "a boolean";
  if (j.is_null()) return "null";
  if (j.is_array()) return "an array";
  return "an object";
}

[[noreturn]] void fail_type(const std::string& path, const char* expected, const json& j) {
  fail(path, std::string("expected ") + expected + ", got " + (j.is_object() || j.is_array() ? kind_of(j) : show(j)));
}

// A JSON object being read: rejects keys it does not know and names the path of its fields.
class Obj {
 public:
  Obj(const json& j, std::string path, std::initializer_list<const char*> keys) : j_(j), path_(std::move(path)) {
    if (!j.is_object()) fail_type(path_, "an object", j);
    for (auto it = j.begin(); it != j.end(); ++it) {
      bool known = false;
      for (const char* k : keys)
        if (it.key() == k) known = true;
      if (!known) fail(key_path(path_, it.key()), "unknown field");
    }
  }
  const json& req(const char* key) const {
    auto it = j_.find(key);
    if (it == j_.end()) fail(path(key), "missing");
    return *it;
  }
  const json* opt(const char* key) const {
    auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  std::string path(const char* key) const { return key_path(path_, key); }
  const std::string& path() const { return path_; }

 private:
  const json& j_;
  std::string path_;
};

long long get_int(const json& j, const std::string& path, long long lo, long long hi) {
  if (!j.is_number_integer()) fail_type(path, "an integer", j);
  long long v;
  if (j.is_number_unsigned()) {
    unsigned long long u = j.get<unsigned long long>();
    if (u > (unsigned long long)hi) fail(path, show(j) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    v = (long long)u;
  } else {
    v = j.get<long long>();
  }
  if (v < lo || v > hi) fail(path, show(j) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

uint8_t get_u8(const json& j, const std::string& path, int lo = 0, int hi = 255) { return uint8_t(get_int(j, path, lo, hi)); }

// A yes/no field stored in a uint8_t: a boolean (an integer 0..255 is accepted too).
uint8_t get_flag(const json& j, const std::string& path) {
  if (j.is_boolean()) return j.get<bool>() ? 1 : 0;
  if (j.is_number_integer()) return get_u8(j, path);
  fail_type(path, "a boolean", j);
}

std::string get_str(const json& j, const std::string& path) {
  if (!j.is_string()) fail_type(path, "a string", j);
  return j.get<std::string>();
}

const json& get_array(const json& j, const std::string& path, size_t max, const char* what) {
  if (!j.is_array()) fail_type(path, "an array", j);
  if (j.size() > max)
    fail(path, std::to_string(j.size()) + " " + what + ", at most " + std::to_string(max) + " allowed");
  return j;
}

template <size_t N>
int get_name(const json& j, const std::string& path, const char* const (&names)[N], const char* what) {
  std::string s = get_str(j, path);
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) return int(i);
  std::string list;
  for (size_t i = 0; i < N; ++i) list += std::string(i ? ", " : "") + names[i];
  fail(path, show(j) + " is not " + what + " (" + list + ")");
}

enum HexAllow : unsigned { kBoardOnly = 0, kAllowNull = 1, kAllowOff = 2 };

// "row,col" on the board; optionally null (kNoHex) or "off" (kOffBoard).
uint8_t get_hex(const json& j, const std::string& path, unsigned allow = kBoardOnly) {
  if (j.is_null() && (allow & kAllowNull)) return kNoHex;
  if (!j.is_string()) fail_type(path, (allow & kAllowNull) ? "a hex \"row,col\" or null" : "a hex \"row,col\"", j);
  std::string s = j.get<std::string>();
  if (s == kOff) {
    if (allow & kAllowOff) return kOffBoard;
    fail(path, "\"off\" is not allowed here");
  }
  if (s.size() > 16 || s.find('\0') != std::string::npos) fail(path, show(j) + " is not a hex (expected \"row,col\")");
  int h = parse_hex(s);
  if (h != kNoHex) return uint8_t(h);
  int r = 0, c = 0;
  char extra = 0;
  if (std::sscanf(s.c_str(), " %d , %d %c", &r, &c, &extra) == 2) fail(path, show(j) + " is off the board");
  fail(path, show(j) + " is not a hex (expected \"row,col\")");
}

Side get_side(const json& j, const std::string& path, bool allow_none) {
  std::string s = get_str(j, path);
  if (s == "top") return Side::Top;
  if (s == "bottom") return Side::Bottom;
  if (s == "none" && allow_none) return Side::None;
  fail(path, show(j) + (allow_none ? " is not a side (top, bottom, none)" : " is not a side (top, bottom)"));
}

uint8_t get_card(const json& j, const std::string& path, bool allow_hidden) {
  std::string s = get_str(j, path);
  if (s == kHidden) {
    if (allow_hidden) return kHiddenCard;
    fail(path, "\"hidden\" is not allowed here");
  }
  for (int k = 0; k < kCardKinds; ++k)
    if (s == card_info(CardKind(k)).id) return uint8_t(k);
  fail(path, show(j) + " is not a card id");
}

// An index into a list of `count` things, or null (kNone).
uint8_t get_index(const json& j, const std::string& path, int count, const char* what) {
  if (j.is_null()) return kNone;
  if (!j.is_number_integer()) fail_type(path, "an index or null", j);
  bool in_range = j.is_number_unsigned() ? j.get<unsigned long long>() < (unsigned long long)count
                                         : j.get<long long>() >= 0 && j.get<long long>() < count;
  if (in_range) return uint8_t(j.get<long long>());
  fail(path, show(j) + " is not a " + what + " index (there are " + std::to_string(count) + ")");
}

uint8_t get_bits(const json& j, const std::string& path, const char* const (&names)[8], const char* what) {
  get_array(j, path, 8, "names");
  uint8_t v = 0;
  for (size_t i = 0; i < j.size(); ++i) {
    if (&names == &kFlagNames && j[i] == "bit7") {  // the name kEntered had before it had one
      if (v & kEntered) fail(index_path(path, i), show(j[i]) + " is listed twice");
      v |= kEntered;
      continue;
    }
    int bit = get_name(j[i], index_path(path, i), names, what);
    if (v & (1u << bit)) fail(index_path(path, i), show(j[i]) + " is listed twice");
    v |= uint8_t(1u << bit);
  }
  return v;
}

template <class T, class F>
void get_pair(const json& j, const std::string& path, T (&out)[2], F&& read) {
  Obj o(j, path, {"top", "bottom"});
  out[0] = read(o.req("top"), o.path("top"));
  out[1] = read(o.req("bottom"), o.path("bottom"));
}

template <size_t N>
void get_u8_array(const json& j, const std::string& path, uint8_t (&out)[N]) {
  if (!j.is_array()) fail_type(path, "an array", j);
  if (j.size() != N) fail(path, "expected " + std::to_string(N) + " entries, got " + std::to_string(j.size()));
  for (size_t i = 0; i < N; ++i) out[i] = get_u8(j[i], index_path(path, i));
}

// ---------------------------------------------------------------------------------------------
// Writing.

json hex_json(int h) {
  if (h == kNoHex) return nullptr;
  return hex_name(h);  // "off" for kOffBoard
}
json card_json(uint8_t c) {
  if (c == kNoCard) return nullptr;
  if (c == kHiddenCard) return kHidden;
  if (c < kCardKinds) return card_info(CardKind(c)).id;
  return int(c);  // not a card: written as is, refused on reading
}
json index_json(uint8_t i) { return i == kNone ? json(nullptr) : json(int(i)); }
json flag_json(uint8_t v) { return v <= 1 ? json(v == 1) : json(int(v)); }
json bits_json(uint8_t v, const char* const (&names)[8]) {
  json a = json::array();
  for (int b = 0; b < 8; ++b)
    if (v & (1u << b)) a.push_back(names[b]);
  return a;
}
json flags_json(uint8_t v) { return bits_json(v, kFlagNames); }
json traits_json(uint8_t v) { return bits_json(v, kTraitNames); }
template <size_t N>
const char* name_of(const char* const (&names)[N], int i) {
  return i >= 0 && i < int(N) ? names[i] : "?";
}
template <class T>
json pair_json(const T (&v)[2]) {
  return json{{"top", v[0]}, {"bottom", v[1]}};
}
json pair_u8_json(const uint8_t (&v)[2]) { return json{{"top", int(v[0])}, {"bottom", int(v[1])}}; }
template <size_t N>
json u8_array_json(const uint8_t (&v)[N]) {
  json a = json::array();
  for (size_t i = 0; i < N; ++i) a.push_back(int(v[i]));
  return a;
}
json cards_json(const uint8_t* cards, int n) {
  json a = json::array();
  for (int i = 0; i < n; ++i) a.push_back(card_json(cards[i]));
  return a;
}

// ---------------------------------------------------------------------------------------------
// Error plumbing for the public loaders.

template <class F>
bool guarded(std::string* error, F&& body) {
  try {
    body();
    if (error) error->clear();
    return true;
  } catch (const LoadError& e) {
    if (error) *error = e.msg;
  } catch (const json::exception& e) {
    if (error) *error = std::string("bad JSON value: ") + e.what();
  } catch (const std::bad_alloc&) {
    if (error) *error = "out of memory";
  } catch (const std::exception& e) {
    if (error) *error = std::string("error: ") + e.what();
  } catch (...) {
    if (error) *error = "unknown error";
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Scenario.

void read_scenario(const json& j, const std::string& path, Scenario& out) {
  Obj o(j, path,
        {"id", "name", "year", "fidelity", "source", "note", "special_rules", "army", "command", "banners_to_win",
         "first", "turn_limit", "terrain", "units", "leaders", "deck", "sudden_death_leader"});
  out = Scenario{};
  out.id = get_str(o.req("id"), o.path("id"));
  out.name = get_str(o.req("name"), o.path("name"));
  if (const json* v = o.opt("year")) out.year = get_str(*v, o.path("year"));
  if (const json* v = o.opt("fidelity")) out.fidelity = get_str(*v, o.path("fidelity"));
  if (const json* v = o.opt("source")) out.source = get_str(*v, o.path("source"));
  if (const json* n = o.opt("note")) out.note = get_str(*n, o.path("note"));
  if (const json* r = o.opt("special_rules")) {
    std::string rp = o.path("special_rules");
    get_array(*r, rp, size_t(SpecialRule::Count), "rules");
    for (size_t i = 0; i < r->size(); ++i) {
      const json& e = (*r)[i];
      SpecialRule rule;
      if (!parse_special_rule(get_str(e, index_path(rp, i)), rule))
        fail(index_path(rp, i), show(e) + " is not a special rule");
      if (out.has_rule(rule)) fail(index_path(rp, i), show(e) + " is listed twice");
      out.special_rules.push_back(rule);
    }
  }
  get_pair(o.req("army"), o.path("army"), out.army, get_str);
  get_pair(o.req("command"), o.path("command"), out.command,
           [](const json& v, const std::string& p) { return get_u8(v, p, 1, kMaxHand); });
  get_pair(o.req("banners_to_win"), o.path("banners_to_win"), out.banners_to_win,
           [](const json& v, const std::string& p) { return get_u8(v, p, 1, 255); });
  out.first = get_side(o.req("first"), o.path("first"), false);
  if (const json* t = o.opt("turn_limit")) out.turn_limit = uint16_t(get_int(*t, o.path("turn_limit"), 0, 65535));
  if (const json* v = o.opt("sudden_death_leader")) out.sudden_death_leader = get_str(*v, o.path("sudden_death_leader"));

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
        int fi = get_name(*f, e.path("facing"), kFacingNames, "a facing");
        if (fi == 0) fail(e.path("facing"), "expected \"up\" or \"down\"");
        out.rampart[h] = Facing(fi);
      } else if (t == Terrain::Rampart) {
        fail(e.path("facing"), "missing (a rampart needs \"up\" or \"down\")");
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
      // "off": a reserve that starts off the map (mago-ambush).
      u.hex = get_hex(e.req("hex"), e.path("hex"), kAllowOff);
      if (u.hex != kOffBoard) {
        if (held[u.hex] >= 0)
          fail(e.path("hex"), show(e.req("hex")) + " already holds unit " + std::to_string(held[u.hex]));
        held[u.hex] = int(i);
      }
      u.blocks = 0;
      if (const json* b = e.opt("blocks")) u.blocks = get_u8(*b, e.path("blocks"), 1, unit_info(u.type).blocks);
      if (const json* t = e.opt("traits")) u.traits = get_bits(*t, e.path("traits"), kTraitNames, "a trait");
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
      Obj e(la[i], index_path(lp, i), {"name", "side", "hex"});
      LeaderSetup l;
      l.name = get_str(e.req("name"), e.path("name"));
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
  out.finalize();
}

// ---------------------------------------------------------------------------------------------
// State.

void read_state(const Scenario& scn, const json& j, const std::string& path, State& s) {
  Obj o(j, path,
        {"units", "leaders", "hand", "deck", "discard", "deck_total", "played", "command", "banners", "extra_banners",
         "turn", "active", "winner", "draw", "decision", "decider", "subject", "quota", "order_counts",
         "last_order_key", "effective", "order_mode", "orders_left", "lead_leader", "lead_sections", "dice_orders",
         "card_step", "last_played", "last_lead_sections", "first_strike_draw", "own_turns", "objectives",
         "reserve_entry", "combat",
         "evade_queue"});
  clear_state(s);

  // Units; unit_at is rebuilt from the living units.
  {
    std::string up = o.path("units");
    const json& ua = get_array(o.req("units"), up, kMaxUnits, "units");
    s.n_units = uint8_t(ua.size());
    for (int h = 0; h < kHexes; ++h) s.unit_at[h] = kNone;
    for (size_t i = 0; i < ua.size(); ++i) {
      Obj e(ua[i], index_path(up, i),
            {"type", "side", "hex", "blocks", "start_blocks", "flags", "moved", "status", "traits"});
      UnitState& u = s.units[i];
      std::string code = get_str(e.req("type"), e.path("type"));
      if (!parse_unit_type(code.c_str(), u.type)) fail(e.path("type"), show(e.req("type")) + " is not a unit type");
      u.side = get_side(e.req("side"), e.path("side"), false);
      u.status = Status(get_name(e.req("status"), e.path("status"), kStatusNames, "a status"));
      bool alive = u.status == Status::Alive;
      u.hex = get_hex(e.req("hex"), e.path("hex"), alive ? kBoardOnly : (kAllowNull | kAllowOff));
      u.start_blocks = get_u8(e.req("start_blocks"), e.path("start_blocks"), 1, unit_info(u.type).blocks);
      u.blocks = get_u8(e.req("blocks"), e.path("blocks"), alive ? 1 : 0, u.start_blocks);
      u.flags = get_bits(e.req("flags"), e.path("flags"), kFlagNames, "a flag");
      u.moved = get_u8(e.req("moved"), e.path("moved"));
      u.traits = get_bits(e.req("traits"), e.path("traits"), kTraitNames, "a trait");
      if (alive) {
        if (s.unit_at[u.hex] != kNone)
          fail(e.path("hex"), show(e.req("hex")) + " already holds unit " + std::to_string(s.unit_at[u.hex]));
        s.unit_at[u.hex] = uint8_t(i);
      }
    }
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
      l.flags = get_bits(e.req("flags"), e.path("flags"), kFlagNames, "a flag");
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
           "battle_back", "ranged"});
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

// ---------------------------------------------------------------------------------------------
// Actions: which JSON fields carry a, b and c.

enum class Arg : uint8_t { None, Card, Hex, From, To, Target, Count, Path, Raw, Index, ToOrOff };
struct Shape {
  Arg a = Arg::None, b = Arg::None;
};

// The fields of each action type. A type this table does not know yet (added to the engine
// later) is written with its raw bytes, "args": [a, b, c], so that it still round-trips.
Shape shape_of(ActionType t) {
  switch (t) {
    case ActionType::PlayCard: return {Arg::Card};
    case ActionType::OrderUnit:
    case ActionType::OrderLeader: return {Arg::Hex};
    case ActionType::MoveUnit: return {Arg::From, Arg::ToOrOff};  // "off": castulo-exit
    case ActionType::MoveLeader: return {Arg::From, Arg::To};
    case ActionType::PlaceReserve:
    case ActionType::PlaceLeader: return {Arg::Index, Arg::To};
    case ActionType::Battle: return {Arg::From, Arg::Target};
    case ActionType::EvadeTo:
    case ActionType::RetreatTo:
    case ActionType::ExtraHex: return {Arg::To};
    case ActionType::IgnoreFlags: return {Arg::Count};
    case ActionType::LeaderEvade: return {Arg::Path};
    case ActionType::BonusCombat: return {Arg::Target};
    case ActionType::EndOrders:
    case ActionType::EndMoves:
    case ActionType::EndBattles:
    case ActionType::Stand:
    case ActionType::Evade:
    case ActionType::BattleBack:
    case ActionType::NoBattleBack:
    case ActionType::Advance:
    case ActionType::Hold:
    case ActionType::StayPut:
    case ActionType::NoBonus:
    case ActionType::FirstStrike: return {};
  }
  return {Arg::Raw};
}

const char* arg_key(Arg a) {
  switch (a) {
    case Arg::Card: return "card";
    case Arg::Hex: return "hex";
    case Arg::From: return "from";
    case Arg::To:
    case Arg::ToOrOff: return "to";
    case Arg::Index: return "index";
    case Arg::Target: return "target";
    case Arg::Count: return "count";
    case Arg::Path: return "path";
    case Arg::Raw: return "args";
    default: return "";
  }
}

constexpr int kPathMax = 3;

// The engine's name of a type, or nullptr when it has none.
const char* type_name(int t) {
  if (t <= 0 || t > 255) return nullptr;
  const char* n = action_type_name(ActionType(t));
  return n && std::string(n) != "?" ? n : nullptr;
}

json arg_json(Arg k, int v) {
  if (k == Arg::Card) return card_json(uint8_t(v));
  if (k == Arg::Count || k == Arg::Index) return v;
  return hex_json(v);
}

int read_arg(Arg k, const json& j, const std::string& path) {
  if (k == Arg::Card) return get_card(j, path, false);
  if (k == Arg::Count || k == Arg::Index) return get_u8(j, path);
  if (k == Arg::ToOrOff) return get_hex(j, path, kAllowOff);
  return get_hex(j, path);
}

void read_action(const json& j, const std::string& path, Action& out) {
  if (!j.is_object()) fail_type(path, "an object", j);
  std::string tp = key_path(path, "type");
  auto it = j.find("type");
  if (it == j.end()) fail(tp, "missing");
  std::string name = get_str(*it, tp);
  ActionType t;
  if (!parse_action_type(name, t) || !type_name(int(t))) fail(tp, show(*it) + " is not an action type");
  Shape sh = shape_of(t);
  Obj o = sh.b != Arg::None   ? Obj(j, path, {"type", arg_key(sh.a), arg_key(sh.b)})
          : sh.a != Arg::None ? Obj(j, path, {"type", arg_key(sh.a)})
                              : Obj(j, path, {"type"});
  if (sh.a == Arg::Path) {
    std::string pp = o.path("path");
    const json& pa = get_array(o.req("path"), pp, kPathMax, "hexes");
    if (pa.empty()) fail(pp, "expected 1 to " + std::to_string(kPathMax) + " hexes");
    int h[kPathMax] = {kNoHex, kNoHex, kNoHex};
    for (size_t i = 0; i < pa.size(); ++i) {
      h[i] = get_hex(pa[i], index_path(pp, i), kAllowOff);
      if (h[i] == kOffBoard && i + 1 < pa.size()) fail(index_path(pp, i), "\"off\" must be the last step");
    }
    out = Action::make(t, h[0], h[1], h[2]);
    return;
  }
  if (sh.a == Arg::Raw) {
    uint8_t v[3];
    get_u8_array(o.req("args"), o.path("args"), v);
    out = Action::make(t, v[0], v[1], v[2]);
    return;
  }
  int a = sh.a == Arg::None ? 0 : read_arg(sh.a, o.req(arg_key(sh.a)), o.path(arg_key(sh.a)));
  int b = sh.b == Arg::None ? 0 : read_arg(sh.b, o.req(arg_key(sh.b)), o.path(arg_key(sh.b)));
  out = Action::make(t, a, b);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

json scenario_to_json(const Scenario& scn) {
  json j;
  j["id"] = scn.id;
  j["name"] = scn.name;
  j["year"] = scn.year;
  j["fidelity"] = scn.fidelity;
  j["source"] = scn.source;
  j["note"] = scn.note;
  json rules = json::array();
  for (SpecialRule r : scn.special_rules) rules.push_back(special_rule_id(r));
  j["special_rules"] = std::move(rules);
  j["army"] = pair_json(scn.army);
  j["command"] = pair_u8_json(scn.command);
  j["banners_to_win"] = pair_u8_json(scn.banners_to_win);
  j["first"] = side_name(scn.first);
  j["turn_limit"] = scn.turn_limit;
  j["sudden_death_leader"] = scn.sudden_death_leader;
  json terrain = json::array();
  for (int h = 0; h < kHexes; ++h) {
    if (scn.terrain[h] == Terrain::Plain && scn.rampart[h] == Facing::None) continue;
    json e{{"hex", hex_name(h)}, {"terrain", terrain_info(scn.terrain[h]).code}};
    if (scn.rampart[h] != Facing::None) e["facing"] = name_of(kFacingNames, int(scn.rampart[h]));
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
  for (const LeaderSetup& l : scn.leaders)
    leaders.push_back(json{{"name", l.name}, {"side", side_name(l.side)}, {"hex", hex_json(l.hex)}});
  j["leaders"] = std::move(leaders);
  json deck = json::array();
  for (uint8_t c : scn.deck) deck.push_back(card_json(c));
  j["deck"] = std::move(deck);
  return j;
}

bool scenario_from_json(const json& j, Scenario& out, std::string* error) {
  return guarded(error, [&] { read_scenario(j, "scenario", out); });
}

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
  json q = json::array();
  for (int i = 0; i < s.evade_queue_n && i < kMaxLeaders; ++i) q.push_back(int(s.evade_queue[i]));
  j["evade_queue"] = std::move(q);
  return j;
}

bool state_from_json(const Scenario& scn, const json& j, State& out, std::string* error) {
  return guarded(error, [&] { read_state(scn, j, "state", out); });
}

json position_to_json(const Scenario& scn, const State& s) {
  return json{{"format", kPositionFormat},
              {"version", kPositionVersion},
              {"scenario", scenario_to_json(scn)},
              {"state", state_to_json(scn, s)}};
}

bool position_from_json(const json& j, Scenario& scn, State& s, std::string* error) {
  return guarded(error, [&] {
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

json action_to_json(const State& /*s*/, Action a) {
  const char* name = type_name(int(a.type()));
  if (!name) return json{{"type", "invalid"}, {"value", a.v}};  // not an action: refused on reading
  json j{{"type", name}};
  Shape sh = shape_of(a.type());
  if (sh.a == Arg::Path) {
    json p = json::array();
    for (int h : {a.a(), a.b(), a.c()}) {
      if (h == kNoHex) break;
      p.push_back(hex_json(h));
    }
    j["path"] = std::move(p);
    return j;
  }
  if (sh.a == Arg::Raw) {
    j["args"] = json{a.a(), a.b(), a.c()};
    return j;
  }
  if (sh.a != Arg::None) j[arg_key(sh.a)] = arg_json(sh.a, a.a());
  if (sh.b != Arg::None) j[arg_key(sh.b)] = arg_json(sh.b, a.b());
  return j;
}

bool action_from_json(const json& j, Action& out, std::string* error) {
  return guarded(error, [&] { read_action(j, "action", out); });
}

bool json_depth_within(const std::string& s, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : s) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > max_depth) return false;
    } else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return true;
}

}  // namespace bgb::cca
