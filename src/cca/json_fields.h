// The C&C: Ancients field types of its JSON formats (position, scenario, actions): hexes as
// "row,col", sides, card ids, indices into the units or leaders, flag and trait bits. Built on the
// game-free reader of core/json_read.h; used by scenario_json.cpp, position_json.cpp and
// action_json.cpp only (the public API is json_io.h).
#pragma once
#include <string>

#include "core/json_read.h"
#include "cca/scenario.h"
#include "cca/types.h"

namespace bgb::cca::jf {

using namespace bgb::jsonr;

inline constexpr const char* kHidden = "hidden";  // a card the reader may not see
inline constexpr const char* kOff = "off";        // a piece off the board

enum HexAllow : unsigned { kBoardOnly = 0, kAllowNull = 1, kAllowOff = 2 };

// "row,col" on the board; optionally null (kNoHex) or "off" (kOffBoard).
uint8_t get_hex(const json& j, const std::string& path, unsigned allow = kBoardOnly);
Side get_side(const json& j, const std::string& path, bool allow_none);
uint8_t get_card(const json& j, const std::string& path, bool allow_hidden);
// An index into a list of `count` things, or null (kNone).
uint8_t get_index(const json& j, const std::string& path, int count, const char* what);
// The state's flag bits by name; "bit7", the name kEntered had before it had one, still reads.
uint8_t get_flags(const json& j, const std::string& path);
uint16_t get_traits(const json& j, const std::string& path);

json hex_json(int h);  // null for kNoHex, "off" for kOffBoard
json card_json(uint8_t c);
json cards_json(const uint8_t* cards, int n);
json index_json(uint8_t i);
json flag_json(uint8_t v);
json flags_json(uint8_t v);
json traits_json(uint16_t v);

// The scenario object of a position (scenario_json.cpp); throws LoadError. Calls out.finalize().
void read_scenario(const json& j, const std::string& path, Scenario& out);

}  // namespace bgb::cca::jf
