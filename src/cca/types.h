// Small value types of C&C: Ancients shared by every part of the engine.
#pragma once
#include <cstdint>

namespace bgb::cca {

constexpr int kRows = 9;        // rule book §2: 9 hexes deep
constexpr int kHexes = 113;     // 5 rows of 13 and 4 of 12 (scenarios.md)
constexpr uint8_t kNoHex = 255;
constexpr uint8_t kOffBoard = 254;  // a step off the board (leader evading off his baseline)
constexpr uint8_t kNone = 255;

// Top army starts at row 0, bottom army at row 8.
enum class Side : uint8_t { Top = 0, Bottom = 1, None = 2 };
inline Side other(Side s) { return s == Side::Top ? Side::Bottom : Side::Top; }
inline int idx(Side s) { return int(s); }
const char* side_name(Side s);

// Battle die faces (§2: one each of six symbols).
enum Face : uint8_t { kFaceLight = 0, kFaceMedium = 1, kFaceHeavy = 2, kFaceHelmet = 3, kFaceFlag = 4, kFaceSword = 5 };
const char* face_name(int face);

// Unit class = colour of its symbol (§2, §8): which die symbol hits it and which troop cards order it.
enum class UnitClass : uint8_t { Light = 0, Medium = 1, Heavy = 2 };

// §1: every unit type of the series.
enum class UnitType : uint8_t {
  LightInfantry,
  LightSling,
  LightBow,
  Auxilia,
  Warrior,
  MediumInfantry,
  HeavyInfantry,
  LightWarMachine,
  HeavyWarMachine,
  LightCavalry,
  LightBowCavalry,
  MediumCavalry,
  HeavyCavalry,
  Camel,
  Elephant,
  LightChariot,
  HeavyChariot,
  Count
};
constexpr int kUnitTypes = int(UnitType::Count);

// §16 terrain, plus impassable lake and steep hills for scenarios.
enum class Terrain : uint8_t {
  Plain,
  BrokenGround,
  Forest,
  Hill,
  Seacoast,
  River,          // not fordable: impassable
  FordableRiver,
  Rampart,
  FortifiedCamp,
  Lake,           // impassable, does not block line of sight
  SteepHill,      // impassable, blocks line of sight
  Count
};

}  // namespace bgb::cca
