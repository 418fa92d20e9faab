// The 15 base battles (data/scenarios/) against their battle files
// (shared/reference/battles/NNN.md, transcribed from the publisher's maps): one test per battle
// checks the War Council, every unit and its hex, the unit counts by type, every leader (by name)
// and his hex, every terrain hex, the reserve and the special rules. A typo in a map fails here.
//
// The rows below are the battle files' facts as written there, except for the leader names this
// project chose or corrected (each file's note says why): Daphnaeus (001, the map spells
// Daphaeus), Paullus (007, Paillus), Tribune (003, 009) and Officer of Horse / of Foot (006) for
// leaders the map leaves unnamed, and a commander's full name where the map gives a short one
// (Publius Scipio, Gnaeus Scipio, Hasdrubal Gisgo, Hasdrubal Barca).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>
#include <string>

#include "battle_facts.h"
#include "cca/board.h"
#include "cca/scenario.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {
namespace {

using test::counts_of;
using test::leaders_of;
using test::rules_of;

struct BattleFile {
  const char* id;
  const char* name;
  const char* year;
  const char* army_top;
  const char* army_bottom;
  int command_top, command_bottom;
  Side first;
  int banners;
  const char* top_counts;     // units on the map by type, as the battle file's heading gives them
  const char* top_units;      // "TYPE row,col" in map order (row by row)
  const char* bottom_counts;
  const char* bottom_units;
  const char* leaders;        // "side Name row,col" (or "side Name reserve"), top first, in file order
  const char* terrain;        // "kind N: hexes" per kind that occurs, hexes in map order
  const char* reserve;        // the top army's off-map units (005), or ""
  const char* rules;          // the special rules in their written form (battle_rules.h), "; " between, or ""
};

const BattleFile kBattles[] = {
    {"001", "Akragas", "406 BC", "Carthaginian", "Syracusan", 5, 6, Side::Bottom, 5,
     "AX 4, HCH 2, HI 1, LB 1, LC 1, LI 1, MI 2",
     "MI 1,1, AX 1,2, HI 1,3, MI 1,4, AX 1,6, AX 1,7, AX 1,8, LC 1,10, HCH 2,2, LB 2,4, LI 2,8, HCH 2,10",
     "AX 3, HI 4, LB 2, LC 1, LI 1, MC 1",
     "LB 6,3, LB 6,6, LI 6,10, LC 7,1, AX 7,2, HI 7,3, HI 7,5, HI 7,6, HI 7,7, AX 7,8, AX 7,9, MC 7,10",
     "top Mago 1,3; top Himilco 1,7; bottom Daphnaeus 7,7; bottom Dionysius 7,10",
     "",
     "",
     ""},
    {"002", "Crimissos River", "341 BC", "Carthaginian", "Syracusan", 5, 5, Side::Bottom, 5,
     "AX 2, HCH 1, HI 2, LI 2, LS 1, MC 1, MI 2, WA 2",
     "MI 0,9, WA 0,11, MC 0,12, MI 1,8, LI 1,9, WA 1,10, HCH 2,1, HI 2,3, LI 2,4, AX 2,6, LS 2,9, HI 3,2, AX 3,6",
     "AX 2, HI 4, LI 1, LS 1, MC 1",
     "AX 6,3, HI 6,4, HI 6,5, HI 6,6, HI 6,7, AX 6,8, LS 6,9, LI 6,10, MC 7,1",
     "top Hasdrubal 2,3; bottom Timoleon 6,4; bottom Mamaercus 6,7",
     "hill 5: 8,4 8,5 8,6 8,7 8,8; river 5: 0,6 1,6 4,10 5,10 6,11; ford 5: 2,7 2,8 3,8 3,9 7,11",
     "",
     "fords"},
    {"003", "Bagradas", "253 BC", "Carthaginian", "Roman", 6, 4, Side::Top, 7,
     "EL 3, HI 4, LC 4, LI 4, MC 2, WA 2",
     "MC 0,2, HI 0,4, HI 0,6, HI 0,7, HI 0,8, MC 0,10, LC 1,1, LC 1,2, WA 1,3, WA 1,4, EL 1,5, EL 1,6, EL 1,7, LC 1,9, LC 1,10, LI 2,3, LI 2,4, LI 2,8, LI 2,9",
     "AX 4, HI 2, LC 2, LI 4, MC 2, MI 4",
     "LI 6,3, LI 6,5, LI 6,7, LI 6,9, LC 7,1, AX 7,2, AX 7,3, MI 7,4, MI 7,5, MI 7,6, MI 7,7, AX 7,8, AX 7,9, LC 7,10, MC 8,2, HI 8,4, HI 8,7, MC 8,10",
     "top Hasdrubal 0,2; top Xanthippus 0,4; top Hamilcar 0,10; bottom Tribune 7,4; bottom Regulus 7,7",
     "",
     "",
     ""},
    {"004", "Ticinus River", "218 BC", "Carthaginian", "Roman", 5, 4, Side::Top, 6,
     "HC 4, LC 8",
     "LC 0,1, LC 0,2, LC 0,9, LC 0,11, LC 1,0, LC 1,2, HC 1,4, HC 1,5, HC 1,6, HC 1,7, LC 1,9, LC 1,10",
     "LI 6, MC 6",
     "LI 7,3, LI 7,4, LI 7,5, LI 7,6, LI 7,7, LI 7,8, MC 8,2, MC 8,3, MC 8,5, MC 8,7, MC 8,9, MC 8,10",
     "top Maharbal 0,2; top Mago 0,11; top Hasdrubal 1,5; bottom Publius Scipio 8,7",
     "river 7: 2,12 3,11 4,12 5,11 6,12 7,11 8,11",
     "",
     ""},
    {"005", "Trebbia", "218 BC", "Carthaginian", "Roman", 5, 5, Side::Bottom, 7,
     "AX 2, EL 2, HI 2, LC 2, LS 3, MC 2, MI 2",
     "LC 0,1, LC 0,2, EL 0,3, EL 0,9, MC 0,10, MC 0,11, HI 1,3, AX 1,4, MI 1,5, MI 1,6, AX 1,7, HI 1,8, LS 2,4, LS 2,6, LS 2,8",
     "AX 4, HI 1, LI 3, MC 2, MI 3, WA 2",
     "LI 5,1, LI 5,5, LI 5,10, MC 6,1, WA 6,2, AX 6,3, AX 6,4, MI 6,5, MI 6,6, MI 6,7, AX 6,8, AX 6,9, WA 6,10, MC 6,11, HI 7,6",
     "top Hanno 0,1; top Hannibal 1,8; top Mago reserve; bottom Sempronius 6,6",
     "ford 7: 7,0 7,1 7,2 7,3 7,4 7,5 8,6",
     "MC, WA, WA",
     "reserve side=top card=leadership from-turn=2"},
    {"006", "Lake Trasimenus", "217 BC", "Carthaginian", "Roman", 6, 2, Side::Top, 6,
     "AX 4, HI 2, LC 4, LS 2, MC 2, MI 2, WA 3",
     "LC 2,0, MC 2,1, MC 2,2, HI 2,9, MI 2,10, MI 2,11, AX 2,12, LC 3,0, WA 3,2, WA 3,3, WA 3,4, AX 3,5, AX 3,6, AX 3,7, HI 3,8, LC 4,0, LC 4,1, LS 4,6, LS 4,7",
     "AX 6, HI 2, LI 3, MC 1, MI 4",
     "AX 5,9, LI 5,10, AX 5,11, MI 6,10, LI 7,1, MI 7,2, AX 7,3, MI 7,4, AX 7,5, LI 7,6, MI 7,9, AX 8,0, AX 8,1, HI 8,7, MC 8,8, HI 8,9",
     "top Officer of Horse 2,2; top Hannibal 2,9; top Officer of Foot 3,6; bottom Flaminius 7,4",
     "hill 8: 2,6 3,5 4,1 4,4 4,5 5,0 5,2 5,3; lake 5: 8,2 8,3 8,4 8,5 8,6; steep 4: 4,9 5,8 6,9 7,8",
     "",
     "hand-growth side=bottom turns=2 draw=2"},
    {"007", "Cannae", "216 BC", "Carthaginian", "Roman", 6, 4, Side::Bottom, 7,
     "AX 2, HC 1, HI 4, LC 3, LS 3, MC 1, WA 2",
     "LC 0,1, LC 1,0, LC 1,1, HI 1,2, HI 1,3, HI 1,8, HI 1,9, MC 1,10, HC 1,11, LS 2,3, WA 2,4, AX 2,5, LS 2,6, AX 2,7, WA 2,8, LS 2,9",
     "AX 6, HI 2, LI 2, MC 2, MI 4",
     "LI 6,5, LI 6,7, MC 7,1, AX 7,2, AX 7,3, MI 7,4, MI 7,5, MI 7,6, MI 7,7, AX 7,8, AX 7,9, MC 7,10, AX 8,2, HI 8,5, HI 8,7, AX 8,10",
     "top Maharbal 1,1; top Hannibal 1,8; top Hasdrubal 1,11; bottom Paullus 7,4; bottom Varro 7,10; bottom Attilius 8,7",
     "",
     "",
     ""},
    {"008", "Dertosa (Ebro)", "215 BC", "Carthaginian", "Roman", 4, 6, Side::Bottom, 6,
     "AX 5, EL 1, HI 2, LC 3, LS 2, MC 1",
     "LC 0,0, LC 0,1, LC 0,2, MC 0,10, HI 1,1, EL 1,9, HI 1,10, LS 2,3, AX 2,4, AX 2,5, AX 2,6, AX 2,7, AX 2,8, LS 2,9",
     "AX 2, HI 2, LI 2, MC 2, MI 7",
     "LI 5,4, LI 5,7, AX 6,2, MI 6,3, MI 6,4, MI 6,5, MI 6,6, MI 6,7, MI 6,8, MI 6,9, AX 6,10, MC 7,2, HI 7,4, HI 7,7, MC 7,9",
     "top Hasdrubal 1,10; bottom Gnaeus Scipio 6,4; bottom Publius Scipio 6,8",
     "",
     "",
     ""},
    {"009", "2nd Beneventum", "214 BC", "Carthaginian", "Roman", 4, 4, Side::Bottom, 7,
     "EL 1, HI 2, LB 1, LC 2, LI 3, MI 3, WA 2",
     "HI 1,1, MI 1,3, WA 1,4, WA 1,5, MI 1,7, MI 1,8, HI 1,9, LC 1,10, LC 1,11, LI 2,3, LI 2,5, LI 2,7, LB 2,9, EL 2,11",
     "AX 2, HI 2, LI 3, MC 1, MI 5, WA 2",
     "AX 5,1, WA 5,2, LI 5,4, LI 5,6, LI 5,8, AX 5,10, MI 6,4, HI 6,5, MI 6,6, MI 6,8, MI 6,9, WA 6,11, MI 7,2, HI 7,8, MC 7,11",
     "top Hanno 1,1; top Mago 1,10; bottom Gracchus 6,5; bottom Tribune 7,8",
     "river 9: 0,0 1,0 2,1 3,0 4,0 5,0 6,1 7,0 8,1",
     "",
     "hand-at-banners side=bottom banners=3 draw=2 command=6"},
    {"010", "Castulo", "211 BC", "Carthaginian", "Roman", 5, 5, Side::Bottom, 8,
     "AX 4, HI 2, LC 4, LI 1, LS 1, MC 2, MI 2, WA 2",
     "MC 0,3, HI 0,4, AX 0,5, LC 0,10, LC 0,11, LC 0,12, MI 1,2, LS 1,4, LC 1,10, WA 2,7, MC 3,0, LI 3,1, AX 3,6, AX 3,8, WA 3,9, MI 4,0, HI 4,1, AX 5,0",
     "AX 3, HI 2, LI 3, MC 3, MI 4, WA 1",
     "LI 5,3, MC 5,4, AX 5,5, MI 5,6, LI 5,8, MI 5,9, LI 5,10, AX 6,4, MI 6,7, MI 6,9, WA 7,3, HI 7,5, HI 7,6, AX 8,3, MC 8,4, MC 8,7",
     "top Hasdrubal Gisgo 0,4; top Masinissa 1,10; top Mago 4,1; bottom Publius Scipio 6,7",
     "forest 8: 1,3 2,3 2,4 4,2 4,11 5,1 6,12 7,0",
     "",
     "sudden-death side=top leader=Publius Scipio; exit side=bottom from=center,right banners=1"},
    {"011", "Baecula", "208 BC", "Carthaginian", "Roman", 4, 6, Side::Bottom, 6,
     "AX 3, HI 3, LC 2, LI 4, LS 2",
     "LC 1,2, HI 1,4, HI 1,6, HI 1,8, LC 1,10, AX 2,4, AX 2,6, AX 2,8, LI 4,8, LS 5,3, LS 5,4, LI 5,5, LI 5,6, LI 5,7",
     "AX 3, LI 6, MI 8",
     "MI 5,0, MI 5,1, MI 5,10, MI 5,11, MI 6,0, MI 6,1, MI 6,11, MI 6,12, LI 7,3, LI 7,4, LI 7,5, LI 7,6, LI 7,7, LI 7,8, AX 8,4, AX 8,6, AX 8,8",
     "top Hasdrubal Barca 1,8; bottom Laelius 6,1; bottom Publius Scipio 6,11; bottom Cassius 8,6",
     "hill 10: 3,8 4,4 4,8 4,9 5,2 5,3 5,4 5,5 5,6 5,7; camp 3: 1,4 1,6 1,8",
     "",
     "objectives side=bottom hexes=1,4 1,6 1,8 banners=1"},
    {"012", "Metaurus", "207 BC", "Carthaginian", "Roman", 4, 6, Side::Bottom, 7,
     "EL 1, HI 2, LC 2, LS 3, MC 1, MI 3, WA 2",
     "LC 0,1, EL 0,5, MC 0,12, LC 1,1, HI 1,2, HI 1,3, MI 1,5, MI 1,6, MI 1,7, WA 1,10, WA 1,11, LS 2,3, LS 2,5, LS 2,7",
     "AX 3, HI 3, LI 3, MC 3, MI 6",
     "MC 5,0, MC 5,1, MI 5,2, MI 5,3, LI 5,4, LI 5,5, LI 5,6, AX 5,10, AX 5,11, MC 6,1, HI 6,2, MI 6,3, HI 6,4, MI 6,5, MI 6,6, MI 6,7, AX 6,9, HI 7,6",
     "top Hasdrubal Barca 1,2; bottom Nero 6,2; bottom Livius 6,4; bottom Porcius 7,6",
     "broken 4: 1,0 2,1 3,1 4,1; hill 10: 1,9 1,10 1,11 2,0 3,0 4,0 5,0 5,9 5,10 5,11; ford 11: 0,8 1,8 2,9 2,10 2,11 2,12 4,9 4,10 4,11 4,12 5,8",
     "",
     ""},
    {"013", "Ilipa", "206 BC", "Carthaginian", "Roman", 4, 6, Side::Bottom, 7,
     "AX 4, EL 2, HI 3, LC 2, LI 4, MC 2, WA 2",
     "MC 0,2, HI 0,5, HI 0,6, HI 0,7, MC 0,10, LC 1,1, AX 1,2, WA 1,4, AX 1,5, AX 1,6, WA 1,7, AX 1,9, LC 1,10, EL 2,2, LI 2,4, LI 2,5, LI 2,7, LI 2,8, EL 2,10",
     "AX 4, HI 2, LC 2, LI 4, MC 2, MI 4",
     "LI 5,2, LI 5,3, LI 5,8, LI 5,9, LC 6,1, MI 6,2, MI 6,3, MI 6,9, MI 6,10, LC 6,11, MC 7,1, HI 7,2, AX 7,4, AX 7,5, AX 7,6, AX 7,7, HI 7,9, MC 7,10",
     "top Hasdrubal Gisgo 0,6; bottom Marcius 6,3; bottom Scipio 6,9",
     "",
     "",
     ""},
    {"014", "Great Plains", "203 BC", "Carthaginian", "Roman", 4, 6, Side::Bottom, 6,
     "AX 3, HC 1, HI 1, LI 1, LS 3, MI 3",
     "HC 1,1, MI 1,2, MI 1,3, HI 1,4, MI 1,5, AX 1,6, AX 1,7, AX 1,8, LI 1,9, LS 2,4, LS 2,6, LS 2,8",
     "HI 2, LC 3, LI 4, MC 2, MI 5",
     "LI 5,3, LI 5,5, LI 5,6, LI 5,8, LC 6,0, LC 6,1, MI 6,3, MI 6,4, MI 6,7, MI 6,8, MI 6,9, LC 7,0, HI 7,3, HI 7,6, MC 7,8, MC 7,9",
     "top Hanno 1,1; top Hasdrubal Gisgo 1,4; top Bostar 1,6; bottom Masinissa 6,1; bottom Scipio 6,4; bottom Laelius 6,7",
     "",
     "",
     ""},
    {"015", "Zama", "202 BC", "Carthaginian", "Roman", 5, 5, Side::Bottom, 8,
     "AX 5, EL 3, HI 2, LC 2, LI 1, LS 1, MC 1, MI 2, WA 2",
     "MI 0,3, HI 0,5, HI 0,7, MI 0,9, LC 0,11, MC 1,1, WA 1,2, WA 1,3, AX 1,5, AX 1,6, AX 1,7, AX 1,8, AX 1,9, LC 1,10, LS 2,4, EL 2,5, EL 2,6, EL 2,7, LI 2,8",
     "AX 3, HI 3, LC 3, LI 4, MC 2, MI 6",
     "AX 6,2, AX 6,3, MI 6,4, LI 6,5, MI 6,6, LI 6,7, MI 6,8, LI 6,9, LI 6,10, MC 7,1, MC 7,2, MI 7,3, MI 7,6, MI 7,8, AX 7,9, LC 7,10, LC 7,11, HI 8,4, HI 8,6, HI 8,8, LC 8,11",
     "top Hannibal 0,5; top Hasdrubal 0,7; bottom Scipio 6,6; bottom Laelius 7,2; bottom Masinissa 7,10",
     "",
     "",
     ""},
};

std::string units_of(const Scenario& s, Side side) {
  std::string out;
  for (const UnitSetup& u : s.units) {
    if (u.side != side || u.hex == kOffBoard) continue;
    if (!out.empty()) out += ", ";
    out += std::string(unit_info(u.type).code) + " " + hex_name(u.hex);
    if (u.blocks) out += " (" + std::to_string(u.blocks) + " blocks)";
  }
  return out;
}

std::string terrain_of(const Scenario& s) {
  const std::pair<Terrain, const char*> kinds[] = {
      {Terrain::BrokenGround, "broken"}, {Terrain::Forest, "forest"},     {Terrain::Hill, "hill"},
      {Terrain::River, "river"},         {Terrain::FordableRiver, "ford"}, {Terrain::Lake, "lake"},
      {Terrain::SteepHill, "steep"},     {Terrain::FortifiedCamp, "camp"}, {Terrain::Seacoast, "seacoast"},
      {Terrain::Rampart, "rampart"}};
  std::string out;
  for (const auto& [t, label] : kinds) {
    std::string hexes;
    int n = 0;
    for (int h = 0; h < kHexes; ++h)
      if (s.terrain[size_t(h)] == t) {
        hexes += (n++ ? " " : "") + hex_name(h);
      }
    if (n) out += (out.empty() ? "" : "; ") + std::string(label) + " " + std::to_string(n) + ": " + hexes;
  }
  return out;
}

std::string reserve_of(const Scenario& s) {
  std::string out;
  for (const UnitSetup& u : s.units)
    if (u.hex == kOffBoard) {
      EXPECT_EQ(u.side, Side::Top) << "only the Carthaginian ambush starts off the map";
      out += (out.empty() ? "" : ", ") + std::string(unit_info(u.type).code);
    }
  return out;
}

// ctest lists each battle by id and name rather than by the parameter's bytes.
void PrintTo(const BattleFile& b, std::ostream* os) { *os << b.id << " " << b.name; }

class Battle : public ::testing::TestWithParam<BattleFile> {};

TEST_P(Battle, MatchesItsBattleFile) {
  const BattleFile& b = GetParam();
  const Scenario* found = find_builtin_scenario(b.id);
  ASSERT_NE(found, nullptr) << b.id << " does not load (bgbot validate data/scenarios/*.txt says why)";
  const Scenario& s = *found;
  EXPECT_EQ(s.id, b.id);
  EXPECT_EQ(s.name, b.name);
  EXPECT_EQ(s.year, b.year);
  EXPECT_EQ(s.fidelity, "transcribed");
  EXPECT_NE(s.note.find("Not checked against the printed scenario book"), std::string::npos);
  EXPECT_EQ(s.army[0], b.army_top);
  EXPECT_EQ(s.army[1], b.army_bottom);
  // The War Council.
  EXPECT_EQ(s.command[0], b.command_top);
  EXPECT_EQ(s.command[1], b.command_bottom);
  EXPECT_EQ(s.first, b.first);
  EXPECT_EQ(s.banners_to_win[0], b.banners);
  EXPECT_EQ(s.banners_to_win[1], b.banners);
  // The armies, unit by unit and by type.
  EXPECT_EQ(counts_of(s, Side::Top), b.top_counts);
  EXPECT_EQ(units_of(s, Side::Top), b.top_units);
  EXPECT_EQ(counts_of(s, Side::Bottom), b.bottom_counts);
  EXPECT_EQ(units_of(s, Side::Bottom), b.bottom_units);
  EXPECT_EQ(reserve_of(s), b.reserve);
  EXPECT_EQ(leaders_of(s), b.leaders);
  EXPECT_EQ(terrain_of(s), b.terrain);
  EXPECT_EQ(rules_of(s), b.rules);
  // Ramparts are not used by any base battle; the built-in deck is the standard one.
  EXPECT_EQ(s.deck.size(), 60u);
}

INSTANTIATE_TEST_SUITE_P(BaseGame, Battle, ::testing::ValuesIn(kBattles), test::battle_name<BattleFile>);

// The 15 base battles are built in (the expansion's are in test_expansion_battles.cpp).
TEST(BaseGame, FifteenBattlesAreBuiltIn) {
  size_t base = 0;
  for (const std::string& id : builtin_scenario_ids()) base += id.size() == 3 && id[0] == '0';
  EXPECT_EQ(base, std::size(kBattles));
  for (const BattleFile& b : kBattles) EXPECT_NE(find_builtin_scenario(b.id), nullptr) << b.id;
}

// Each file's note names the open points of its battle file and the reading chosen.
TEST(BaseGame, NotesNameTheOpenPoints) {
  auto note = [](const char* id) { return find_builtin_scenario(id)->note; };
  auto has = [](const std::string& text, const char* what) { return text.find(what) != std::string::npos; };
  EXPECT_TRUE(has(note("002"), "Sacred Band")) << "the optional Sacred Band and how to switch it on";
  EXPECT_TRUE(has(note("002"), "traits: sacred-band 3,2"));
  EXPECT_TRUE(has(note("005"), "3 medium infantry")) << "the unit table and the map disagree";
  EXPECT_TRUE(has(note("006"), "one Roman leader")) << "the second Roman leader of the unit table";
  EXPECT_TRUE(has(note("006"), "3, then 4"));
  EXPECT_TRUE(has(note("012"), "broken ground"));
  EXPECT_TRUE(has(note("014"), "hex 1,4"));
  for (const char* id : {"003", "006", "009"}) EXPECT_TRUE(has(note(id), "no name")) << id;
}

}  // namespace
}  // namespace bgb::cca
