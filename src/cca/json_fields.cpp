#include "cca/json_fields.h"

#include <cstdio>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/scenario.h"
#include "cca/state.h"

namespace bgb::cca::jf {

uint8_t get_hex(const json& j, const std::string& path, unsigned allow) {
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

uint8_t get_index(const json& j, const std::string& path, int count, const char* what) {
  if (j.is_null()) return kNone;
  if (!j.is_number_integer()) fail_type(path, "an index or null", j);
  bool in_range = j.is_number_unsigned() ? j.get<unsigned long long>() < (unsigned long long)count
                                         : j.get<long long>() >= 0 && j.get<long long>() < count;
  if (in_range) return uint8_t(j.get<long long>());
  fail(path, show(j) + " is not a " + what + " index (there are " + std::to_string(count) + ")");
}

uint8_t get_flags(const json& j, const std::string& path) {
  get_array(j, path, 8, "names");
  uint8_t v = 0;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const uint8_t bit = j[i] == "bit7" ? uint8_t(kEntered) : uint8_t(1u << get_name(j[i], index_path(path, i), kFlagNames, "a flag"));
    if (v & bit) fail(index_path(path, i), show(j[i]) + " is listed twice");
    v |= bit;
  }
  return v;
}

uint16_t get_traits(const json& j, const std::string& path) { return uint16_t(get_bits(j, path, kTraitNames, "a trait")); }

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

json cards_json(const uint8_t* cards, int n) {
  json a = json::array();
  for (int i = 0; i < n; ++i) a.push_back(card_json(cards[i]));
  return a;
}

json index_json(uint8_t i) { return i == kNone ? json(nullptr) : json(int(i)); }
json flag_json(uint8_t v) { return v <= 1 ? json(v == 1) : json(int(v)); }
json flags_json(uint8_t v) { return bits_json(v, kFlagNames); }
json traits_json(uint16_t v) { return bits_json(v, kTraitNames); }

}  // namespace bgb::cca::jf
