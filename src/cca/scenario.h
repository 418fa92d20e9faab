// A static scenario: the board's terrain, the armies' set-up, leaders, War Council (command,
// who moves first, banners to win) and the deck. Built once; the rules read it, never change it.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/bits128.h"
#include "cca/cards.h"
#include "cca/terrain.h"
#include "cca/types.h"

namespace bgb::cca {

struct UnitSetup {
  UnitType type;
  Side side;
  uint8_t hex;
  uint8_t blocks;  // 0 = the type's full strength
};

struct LeaderSetup {
  std::string name;
  Side side;
  uint8_t hex;
};

struct Scenario {
  std::string id = "custom";
  std::string name = "Custom battle";
  std::string note;
  std::string army[2] = {"Top", "Bottom"};
  uint8_t command[2] = {5, 5};
  uint8_t banners_to_win[2] = {5, 5};
  Side first = Side::Bottom;
  // A game with no winner after this many turns (both sides counted) is a draw; 0 = no limit.
  // Not a rule of the book: it keeps bot games finite.
  uint16_t turn_limit = 400;
  std::array<Terrain, kHexes> terrain{};
  std::array<Facing, kHexes> rampart{};  // facing of each rampart hex
  std::vector<UnitSetup> units;
  std::vector<LeaderSetup> leaders;
  std::vector<uint8_t> deck;  // one entry per card, CardKind values

  // Derived by finalize(): masks the rules use on hot paths.
  Bits128 impassable, los_terrain, hills;
  void finalize();

  Terrain at(int hex) const { return terrain[hex]; }
};

// The built-in battles (001 Akragas for now).
const Scenario* find_builtin_scenario(const std::string& id);
std::vector<std::string> builtin_scenario_ids();

}  // namespace bgb::cca
