// One action as JSON (docs/position-format.md, "actions"), e.g. {"type":"move-unit","from":"7,3","to":"6,3"}.
#include "cca/json_io.h"

#include <algorithm>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/json_fields.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

using namespace jf;

namespace {

const char* const kSectionNames[3] = {"left", "center", "right"};

// Section: optional, "left"/"center"/"right" for 1/2/3 (Hellenistic H2: a card played in another section).
enum class Arg : uint8_t { None, Card, Hex, From, To, Target, Count, Path, Raw, Index, ToOrOff, Section };
struct Shape {
  Arg a = Arg::None, b = Arg::None;
};

// The fields of each action type. A type this table does not know yet (added to the engine
// later) is written with its raw bytes, "args": [a, b, c], so that it still round-trips.
Shape shape_of(ActionType t) {
  switch (t) {
    case ActionType::PlayCard: return {Arg::Card, Arg::Section};
    case ActionType::DiscardCard: return {Arg::Card};
    case ActionType::OrderUnit:
    case ActionType::OrderLeader: return {Arg::Hex};
    case ActionType::MoveUnit: return {Arg::From, Arg::ToOrOff};  // "off": an exit rule
    case ActionType::MoveLeader:
    case ActionType::BalkRetreat:
    case ActionType::ReserveStep: return {Arg::From, Arg::To};
    case ActionType::ReserveLeaderTo: return {Arg::To};
    case ActionType::SkipCombat: return {Arg::Hex};
    case ActionType::NameReserve: return {Arg::Index};
    case ActionType::PlaceReserve:
    case ActionType::PlaceLeader: return {Arg::Index, Arg::To};
    case ActionType::Battle: return {Arg::From, Arg::Target};  // c = 1 the H6.12 shot: "shot": true
    case ActionType::EvadeTo:
    case ActionType::RetreatTo:
    case ActionType::ExtraHex: return {Arg::To};
    case ActionType::IgnoreFlags: return {Arg::Count};
    case ActionType::LeaderEvade: return {Arg::Path};
    case ActionType::BonusCombat: return {Arg::Target};
    case ActionType::IgnoreSword:
    case ActionType::IgnoreFlag:
    case ActionType::StartReserve:
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
    case Arg::Section: return "section";
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
  if (k == Arg::Section) return v >= 1 && v <= 3 ? json(kSectionNames[v - 1]) : json(v);
  if (k == Arg::Count || k == Arg::Index) return v;
  return hex_json(v);
}

int read_arg(Arg k, const json& j, const std::string& path) {
  if (k == Arg::Card) return get_card(j, path, false);
  if (k == Arg::Section) return 1 + get_name(j, path, kSectionNames, "a section");
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
  Obj o = t == ActionType::Battle ? Obj(j, path, {"type", "from", "target", "shot"})  // H6.12 "shot": true
          : sh.b != Arg::None   ? Obj(j, path, {"type", arg_key(sh.a), arg_key(sh.b)})
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
  int b = 0;
  if (sh.b == Arg::Section) {  // optional: absent for a card played as printed
    if (const json* v = o.opt("section")) b = read_arg(sh.b, *v, o.path("section"));
  } else if (sh.b != Arg::None) {
    b = read_arg(sh.b, o.req(arg_key(sh.b)), o.path(arg_key(sh.b)));
  }
  int c3 = 0;
  if (t == ActionType::Battle)
    if (const json* v = o.opt("shot")) c3 = get_flag(*v, o.path("shot"));
  out = Action::make(t, a, b, c3);
}

}  // namespace

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
  if (a.type() == ActionType::Battle && a.c() == 1) j["shot"] = true;
  if (sh.b != Arg::None && !(sh.b == Arg::Section && a.b() == 0)) j[arg_key(sh.b)] = arg_json(sh.b, a.b());
  return j;
}

bool action_from_json(const json& j, Action& out, std::string* error) {
  return guarded(error, "position", [&] { read_action(j, "action", out); });
}

}  // namespace bgb::cca
