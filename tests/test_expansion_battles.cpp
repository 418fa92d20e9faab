// The expansion battles the base rules play (data/scenarios/1NN-*.txt) against their battle files,
// shared/reference/battles/1NN.md (the first expansion's maps, Greece & Eastern Kingdoms, as one
// fan transcription gives them) and battles/expansion1.md (which battles, the unit codes, the
// special units). One test per battle checks the War Council, every unit and its hex, the unit
// counts by type, the special unit, every leader and his hex, every terrain hex (ramparts with the
// hexsides they protect), the special rules; and that a random game of it ends with every
// invariant kept after every decision.
//
// The rows are the battle files' facts as written there, but for two mappings of expansion1.md:
// the camel code CAM is our CA (121), and the special units the files mark (the Theban Sacred Band
// of 104, the Silver Shields of 113 and 114) are our `sacred-band` trait. Terrain as the files list
// it: "kind: hex, hex (note)"; a ford is "river: r,c (ford)", a rampart "rampart: r,c (protects X, Y)".
// Not here, as expansion1.md says they need rules outside our sources: 107-112, 116, 117, 123.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <string>

#include "battle_facts.h"
#include "cca/board.h"
#include "cca/rules.h"
#include "cca/scenario.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"
#include "core/rng.h"

namespace bgb::cca {
namespace {

using test::counts_of;
using test::leaders_of;
using test::rules_of;

struct ExpansionBattle {
  const char* id;
  const char* name;
  const char* year;
  const char* army_top;
  const char* army_bottom;
  int command_top, command_bottom;
  Side first;
  int banners;
  const char* top_counts;     // units by type, as the battle file's heading gives them
  const char* top_units;      // "TYPE row,col" in map order, "(sacred-band)" after the special unit
  const char* bottom_counts;
  const char* bottom_units;
  const char* leaders;        // "side Name row,col", in the battle file's order
  const char* terrain;        // the battle file's terrain lines, "; " between; "" for an open field
  const char* rules;          // the special rules in their written form (battle_rules.h), "; " between
};

const ExpansionBattle kExpansionBattles[] = {
    {"101", "Marathon", "490 BC", "Greek", "Persian", 6, 5, Side::Top, 6,
     "AX 3, HI 4, LI 2, MI 2",
     "HI 1,2, HI 1,8, HI 2,2, MI 2,3, LI 2,4, AX 2,5, AX 2,6, AX 2,7, LI 2,8, MI 2,9, HI 2,10",
     "AX 6, LB 3, LI 2, MC 2, MI 2",
     "LI 5,1, AX 5,2, LB 5,3, AX 5,4, AX 5,5, AX 5,6, LI 5,7, LB 5,8, LB 5,9, AX 6,3, MI 6,5, MI 6,7, AX 6,9, MC 8,5, MC 8,7",
     "top Callimachus 2,2; top Miltiades 1,8; bottom Datis 6,5; bottom Artaphernes 8,7",
     "sea: 0,0, 1,0, 2,0, 3,0, 4,0, 6,0, 7,0, 8,0; river: 7,1 (ford), 7,2 (ford), 7,3 (ford), 7,4 (ford), 7,5 (ford), 7,6 (ford), 7,7 (ford), 7,8 (ford), 8,9 (ford); steep: 2,12, 3,11, 4,11, 4,12, 5,10, 5,11, 6,10, 6,11, 6,12",
     ""},
    {"102", "Himera", "480 BC", "Carthaginian", "Syracusan", 5, 5, Side::Bottom, 6,
     "AX 5, HCH 1, HI 1, LC 1, LI 3, LS 1, MI 3, WA 1",
     "MI 0,0, HI 0,4, LI 0,9, LC 0,10, HCH 0,11, WA 1,0, AX 1,2, MI 1,3, MI 1,4, AX 1,8, AX 2,1, AX 2,5, LI 2,11, LI 3,1, LS 3,2, AX 3,9",
     "HI 3, LI 1, LS 1, MC 3, MI 6",
     "MC 2,8, MI 5,1, MI 5,2, LS 5,3, LI 5,8, MI 5,9, MI 5,10, HI 6,2, MI 6,4, MI 6,5, MC 6,7, MC 6,8, HI 6,10, HI 7,4",
     "top Terillus 0,4; top Hamilcar 2,10; bottom Eumachus 2,8; bottom Gelon 6,2; bottom Theron 6,10",
     "sea: 0,12, 1,11, 2,12, 3,11, 4,12; camp: 1,3, 1,4, 1,9; rampart: 3,1 (protects SW, SE), 3,2 (protects SW, SE), 3,3 (protects SW, SE), 3,9 (protects SW, SE), 3,10 (protects SW, SE), 0,8 (protects W, SW), 1,8 (protects W, SW)",
     ""},
    {"103", "Plataea", "479 BC", "Greek", "Persian", 6, 5, Side::Top, 5,
     "AX 2, HI 3, LB 1, LI 2, MI 4",
     "HI 0,12, MI 1,11, LI 2,0, AX 2,1, MI 2,2, HI 2,3, MI 2,4, LI 2,5, LB 2,8, HI 2,9, MI 2,10, AX 2,11",
     "AX 5, LB 3, LC 1, MC 3, MI 3",
     "LB 5,0, AX 5,1, MI 5,2, LB 5,3, AX 5,4, AX 5,8, MI 5,9, MI 5,10, LC 5,11, LB 6,0, MC 6,2, MC 6,11, AX 8,5, MC 8,6, AX 8,7",
     "top Pausanias 2,3; top Aristides 2,9; top Myronides 1,11; bottom Mardonius 6,2; bottom Artabazus 8,6",
     "hill: 0,4, 4,6, 5,7, 6,12, 7,5, 7,6",
     ""},
    {"104", "Leuctra", "371 BC", "Theban", "Spartan", 6, 5, Side::Top, 4,
     "AX 3, HI 2, MC 2, MI 4",
     "AX 1,1, AX 1,2, MI 1,4, MI 1,5, MI 1,8, AX 2,8, HI 2,9, HI 2,10, MI 2,11 (sacred-band), MC 3,4, MC 3,5",
     "AX 4, HI 1, MC 1, MI 6",
     "MC 5,5, MI 5,9, HI 5,10, MI 5,11, AX 6,9, AX 7,4, MI 7,5, MI 7,6, AX 7,7, MI 8,1, MI 8,2, AX 8,3",
     "top Epaminondas 2,9; bottom Cleombrotos 5,10",
     "",
     "sacred-band module=off"},
    {"105", "Mantinea", "362 BC", "Theban", "Spartan", 5, 5, Side::Top, 6,
     "HI 4, LI 3, MC 3, MI 4",
     "MI 0,3, MI 0,4, MI 1,4, MI 1,5, HI 1,6, LI 2,1, MC 2,2, HI 2,8, HI 2,9, HI 2,10, LI 3,6, MC 3,8, MC 3,9, LI 4,10",
     "HI 3, LI 2, MC 2, MI 4",
     "LI 6,2, LI 6,10, MC 7,1, MI 7,2, HI 7,3, MI 7,4, HI 7,6, MI 7,7, MI 7,8, HI 7,9, MC 7,10",
     "top Epaminondas 2,9; top Daiphantus 1,6; bottom Hegesilios 7,3; bottom Agesilaus 7,6; bottom Archidamus 7,9",
     "hill: 5,0, 6,0, 6,1, 7,0, 3,11, 4,12, 5,11, 6,11, 6,12, 7,11; forest: 8,4, 8,5, 8,7",
     ""},
    {"106", "Crocus Plain", "352 BC", "Macedonian", "Phocian", 5, 5, Side::Top, 6,
     "AX 3, HC 1, HI 2, LB 1, LI 2, MC 2, MI 1",
     "HC 1,1, MC 2,1, MC 2,2, LI 2,3, AX 2,4, HI 2,5, HI 2,6, MI 2,7, AX 2,8, AX 2,9, LB 2,10, LI 2,11",
     "AX 2, LB 1, LC 1, LI 2, LS 1, MI 4",
     "LI 6,2, LB 6,3, AX 6,4, MI 6,5, MI 6,6, MI 6,7, MI 6,8, AX 6,9, LS 6,10, LI 6,11, LC 7,1",
     "top Philip II 2,5; top Antipater 2,8; top Parmenio 1,1; bottom Onomarchus 6,6; bottom Mnaseas 6,8",
     "lake: 8,1, 8,2, 8,3, 8,4, 8,5, 8,6, 8,7, 8,8, 8,9, 8,10, 8,11",
     ""},
    {"113", "Paraitacene", "317 BC", "Antigonus' Successors", "Eumenes' Successors", 5, 5, Side::Bottom, 7,
     "AX 2, EL 1, HC 1, HI 4, LBC 1, LC 2, LI 2, MC 2, MI 2",
     "MC 0,1, MC 0,2, HC 0,3, HI 1,3, HI 1,4, HI 1,5, HI 1,6, MI 1,7, MI 1,8, LC 1,9, LBC 1,10, LC 1,11, EL 2,1, AX 2,2, AX 2,3, LI 2,5, LI 2,7",
     "AX 2, EL 2, HC 1, HI 4, LBC 1, LC 1, LI 4, MC 1, MI 1",
     "LI 6,2, EL 6,3, AX 6,4, LI 6,6, LI 6,7, EL 6,9, AX 6,10, LI 6,11, LC 7,1, MC 7,2, MI 7,4, HI 7,5, HI 7,6, HI 7,7, HI 7,8 (sacred-band), LBC 7,9, HC 7,10",
     "top Antigonus 0,3; top Demetrius 1,5; top Peithon 1,9; bottom Eumenes 7,10; bottom Eudamus 7,2; bottom Peucestas 7,6",
     "steep: 0,0, 1,0, 2,0, 4,0, 5,0, 7,0",
     "sacred-band module=off"},
    {"114", "Gabiene", "316 BC", "Antigonus' Successors", "Eumenes' Successors", 6, 5, Side::Top, 7,
     "AX 2, EL 2, HC 1, HI 2, LBC 1, LI 3, MC 3, MI 2",
     "HC 1,0, MC 1,1, MC 1,2, MI 1,3, HI 1,5, HI 1,6, MI 1,8, MC 1,9, LBC 1,11, LI 2,3, EL 2,4, AX 2,5, LI 2,6, AX 2,7, EL 2,8, LI 2,9",
     "AX 3, EL 3, HC 1, HI 3, LBC 1, LI 3, MC 1, MI 1",
     "LI 6,1, EL 6,2, EL 6,5, LI 6,6, EL 6,8, LI 6,9, LBC 7,0, HC 7,2, AX 7,3, HI 7,4 (sacred-band), HI 7,5, HI 7,6, MI 7,7, AX 7,8, AX 7,9, MC 7,10",
     "top Demetrius 1,0; top Antigonus 1,2; top Peithon 1,9; bottom Eumenes 7,2; bottom Philip 7,10",
     "camp: 8,12",
     "sacred-band module=off; objectives side=top hexes=8,12 banners=1"},
    {"115", "Ipsus", "301 BC", "Antigonus' Successors", "Seleucus' Successors", 5, 6, Side::Top, 8,
     "AX 2, EL 2, HC 1, HI 3, LB 2, LC 1, LI 2, MC 2, MI 3",
     "MC 1,0, MC 1,1, AX 1,3, MI 1,4, HI 1,5, HI 1,6, HI 1,7, MI 1,8, MI 1,9, AX 1,10, EL 1,11, LC 2,0, HC 2,1, LB 2,2, EL 2,3, LI 2,4, LI 2,10, LB 2,11",
     "AX 1, EL 4, HC 2, HCH 2, HI 4, LB 2, LC 2, LI 3",
     "LC 6,0, LI 6,1, HCH 6,2, LB 6,3, LI 6,4, LI 6,8, LB 6,9, HCH 6,10, HC 7,0, AX 7,4, HI 7,5, HI 7,6, HI 7,7, HI 7,8, HC 7,9, LC 7,10, EL 7,11, EL 8,4, EL 8,5, EL 8,7",
     "top Antigonus 1,5; top Demetrius 2,1; top Pyrrhus 1,9; bottom Seleucus 7,4; bottom Lysimachus 7,8; bottom Antiochus 7,0",
     "",
     ""},
    {"118", "Beneventum", "275 BC", "Epirote", "Roman", 5, 5, Side::Top, 7,
     "EL 1, HI 4, LB 1, LC 2, LI 3, MC 2, MI 2, WA 2",
     "HI 0,4, HI 0,5, HI 0,6, HI 0,7, MI 1,4, MI 1,5, EL 1,6, LC 2,3, MC 2,9, MC 2,10, LI 3,2, LB 3,3, LI 3,4, WA 3,6, WA 3,7, LC 3,9, LI 4,8",
     "AX 2, HI 2, HWM 2, LI 3, MC 2, MI 6",
     "LI 6,4, LI 6,7, LI 6,10, AX 7,2, MI 7,3, MI 7,5, MI 7,7, MI 7,8, AX 7,10, MI 8,3, HWM 8,4, HI 8,6, HI 8,7, HWM 8,8, MI 8,9, MC 8,10, MC 8,11",
     "top Pyrrhus 0,7; top Leonatus 2,9; bottom Dentatus 8,7; bottom Lentulus 7,3; bottom Fabricius 8,9",
     "forest: 0,2, 0,3, 1,2, 2,2, 2,4, 0,9, 1,9, 1,10, 3,10; camp: 8,3, 8,6, 8,9; rampart: 8,4 (protects NW, NE), 8,5 (protects NW, NE), 8,7 (protects NW, NE), 8,8 (protects NW, NE)",
     ""},
    {"119", "Raphia", "217 BC", "Ptolemaic", "Seleucid", 5, 5, Side::Bottom, 8,
     "AX 1, EL 2, HC 1, HI 3, LB 2, LC 2, LI 3, MC 1, MI 2, WA 1",
     "WA 0,3, LI 0,7, MC 0,9, LC 1,0, HC 1,1, AX 1,3, HI 1,4, HI 1,5, HI 1,6, MI 1,7, MI 1,8, LC 1,11, LI 2,1, EL 2,2, LB 2,3, LB 2,10, EL 2,11, LI 2,12",
     "AX 3, EL 2, HC 1, HI 2, LB 2, LC 1, LI 4, MC 2, MI 2",
     "LI 6,1, EL 6,2, LB 6,3, LB 6,9, EL 6,10, LI 6,11, LC 6,12, MC 7,0, LI 7,1, AX 7,3, MI 7,4, AX 7,5, HI 7,6, HI 7,7, LI 7,8, HC 7,10, MC 7,11, AX 8,3, MI 8,9",
     "top Ptolemy 1,6; top Echecrates 1,1; bottom Antiochus 7,10; bottom Nicarchus 7,6",
     "",
     ""},
    {"120", "Cynoscephalae", "197 BC", "Macedonian", "Roman", 5, 5, Side::Bottom, 6,
     "AX 3, HI 6, LI 4, LS 1, MC 2",
     "MC 0,0, MC 0,1, HI 0,11, AX 1,2, HI 1,3, HI 1,4, HI 1,11, HI 2,5, LI 2,7, HI 2,11, AX 3,1, LI 3,2, LI 3,3, LS 3,6, LI 3,10, AX 3,11",
     "AX 4, EL 1, HI 2, LC 1, LI 3, MC 2, MI 4",
     "LI 6,2, AX 6,3, LI 6,6, LI 6,11, AX 7,3, MI 7,4, MI 7,5, AX 7,7, HI 7,8, MI 7,9, MI 7,10, MC 8,0, MC 8,1, HI 8,5, AX 8,7, EL 8,9, LC 8,11",
     "top Philip V 1,4; top Nicanor 0,11; bottom Flamininus 8,5; bottom Villius 7,8",
     "hill: 2,7, 3,0, 3,1, 3,2, 3,5, 3,6, 3,7, 3,10, 3,11, 4,1, 4,3, 4,5, 4,6, 4,8, 4,10, 4,11, 5,2, 5,5",
     ""},
    {"121", "Magnesia", "190 BC", "Seleucid", "Roman", 4, 5, Side::Bottom, 7,
     "AX 1, CA 1, EL 2, HC 1, HCH 1, HI 2, LB 2, LBC 1, LI 3, MC 1, MI 1, WA 1",
     "HC 1,1, MI 1,2, WA 1,3, EL 1,4, HI 1,5, HI 1,6, EL 1,7, AX 1,8, MC 1,9, LBC 1,10, LI 2,4, LI 2,5, LB 2,6, LI 2,7, LB 2,8, HCH 2,10, CA 2,11",
     "AX 2, EL 1, HI 1, LB 2, LI 4, MC 2, MI 4",
     "LB 6,2, LI 6,3, LI 6,7, LB 6,8, LI 6,9, LI 6,10, AX 7,2, MI 7,3, MI 7,4, MI 7,5, MI 7,6, AX 7,7, MC 7,8, MC 7,9, EL 8,5, HI 8,6",
     "top Antiochus 1,1; top Seleucus 2,10; bottom Scipio 7,4; bottom Eumenes 7,8",
     "river: 2,0, 3,0, 4,1, 5,0, 6,1, 7,1, 8,2",
     ""},
    {"122", "Cronium", "376 BC", "Carthaginian", "Syracusan", 6, 5, Side::Bottom, 7,
     "AX 4, HC 1, HCH 1, HI 2, LB 1, LC 3, LI 2, LS 1, MI 3, WA 1",
     "AX 1,0, HI 1,1, HI 1,2, AX 1,4, MI 1,5, MI 1,6, AX 1,7, MI 1,9, WA 1,10, AX 1,11, LC 2,0, LC 2,1, LI 2,2, HCH 2,4, LI 2,6, LB 2,8, LS 2,10, HC 2,11, LC 2,12",
     "AX 2, HC 1, HI 3, LB 1, LC 2, LI 1, LS 1, MC 1, MI 4, WA 1",
     "LS 6,4, LB 6,6, LI 6,8, LC 6,11, LC 7,0, MI 7,4, HI 7,5, MI 7,6, MI 7,8, HI 7,9, AX 7,10, HC 7,11, MC 8,0, AX 8,1, WA 8,2, HI 8,3, MI 8,6",
     "top Himilco 1,5; top Hanno 1,1; top Bomilcar 1,9; bottom Dionysius 7,5; bottom Leptines 7,9; bottom Thearides 8,3",
     "",
     ""},
    {"124", "Pydna", "168 BC", "Macedonian", "Roman", 5, 6, Side::Top, 8,
     "AX 2, HC 1, HI 4, LB 2, LC 1, LI 4, MC 2, MI 1",
     "HC 0,8, MC 1,1, MC 1,2, HI 1,4, HI 1,5, HI 1,7, HI 1,8, MI 1,9, LC 1,10, AX 2,3, AX 2,4, LB 2,5, LI 2,7, LI 2,9, LI 2,10, LI 3,1, LB 3,2",
     "AX 2, EL 2, HC 1, HI 2, LC 2, LI 3, MC 1, MI 5",
     "LI 5,3, LI 5,8, LI 5,10, AX 6,2, AX 6,3, MI 6,4, MI 6,5, MI 6,6, MI 6,7, MI 6,8, EL 6,10, EL 6,11, HC 7,1, HI 7,4, HI 7,7, LC 7,9, LC 7,10, MC 8,9",
     "top Perseus 1,2; top Hippias 0,8; bottom Paullus 6,7; bottom Scipio 6,3; bottom Misagenes 7,9",
     "broken: 3,5, 3,7, 3,8, 4,3, 4,4, 4,7, 5,5; camp: 8,7, 8,8",
     ""},
};

std::string units_of(const Scenario& s, Side side) {
  std::string out;
  for (const UnitSetup& u : s.units) {
    if (u.side != side) continue;
    if (!out.empty()) out += ", ";
    out += std::string(unit_info(u.type).code) + " " + (u.hex == kOffBoard ? "reserve" : hex_name(u.hex));
    if (u.blocks) out += " (" + std::to_string(u.blocks) + " blocks)";
    if (u.traits & kTraitSacredBand) out += " (sacred-band)";
  }
  return out;
}

// Every hex that is not open ground, as "hex kind" lines in hex order: from the battle file's
// lines, and from the scenario.
std::string terrain_of_file(const std::string& lines) {
  std::map<int, std::string> by_hex;
  const std::regex kind_re(R"(([a-z]+): ([^;]*))");
  const std::regex hex_re(R"((\d+,\d+)( \(([^)]*)\))?)");
  for (std::sregex_iterator k(lines.begin(), lines.end(), kind_re), end; k != end; ++k) {
    const std::string kind = (*k)[1], items = (*k)[2];
    for (std::sregex_iterator h(items.begin(), items.end(), hex_re); h != end; ++h) {
      const int hex = parse_hex((*h)[1]);
      EXPECT_NE(hex, kNoHex) << (*h)[1];
      EXPECT_EQ(by_hex.count(hex), 0u) << "hex listed twice: " << (*h)[1];
      const std::string extra = (*h)[3];
      std::string label = kind;
      if (kind == "river") {
        label = extra == "ford" ? "ford" : "river";
      } else if (kind == "rampart") {
        std::string names = std::regex_replace(extra, std::regex(R"(protects |\s)"), "");
        Facing f = Facing::None;
        std::string why;
        EXPECT_TRUE(parse_hexside_list(names, f, why)) << extra << ": " << why;
        label = "rampart " + hexside_list(f);
      } else {
        EXPECT_EQ(extra, "") << kind << " " << (*h)[1];
      }
      by_hex[hex] = label;
    }
  }
  std::string out;
  for (const auto& [hex, label] : by_hex) out += hex_name(hex) + " " + label + "\n";
  return out;
}

std::string terrain_of(const Scenario& s) {
  std::string out;
  for (int h = 0; h < kHexes; ++h) {
    std::string label;
    switch (s.terrain[size_t(h)]) {
      case Terrain::Plain: continue;
      case Terrain::BrokenGround: label = "broken"; break;
      case Terrain::Forest: label = "forest"; break;
      case Terrain::Hill: label = "hill"; break;
      case Terrain::Seacoast: label = "sea"; break;
      case Terrain::River: label = "river"; break;
      case Terrain::FordableRiver: label = "ford"; break;
      case Terrain::Rampart: label = "rampart " + hexside_list(s.rampart[size_t(h)]); break;
      case Terrain::FortifiedCamp: label = "camp"; break;
      case Terrain::Lake: label = "lake"; break;
      case Terrain::SteepHill: label = "steep"; break;
      default: label = "?"; break;
    }
    out += hex_name(h) + " " + label + "\n";
  }
  return out;
}

void PrintTo(const ExpansionBattle& b, std::ostream* os) { *os << b.id << " " << b.name; }

class ExpansionBattleTest : public ::testing::TestWithParam<ExpansionBattle> {};

TEST_P(ExpansionBattleTest, MatchesItsBattleFile) {
  const ExpansionBattle& b = GetParam();
  const Scenario* found = find_builtin_scenario(b.id);
  ASSERT_NE(found, nullptr) << b.id << " does not load (bgbot validate data/scenarios/*.txt says why)";
  const Scenario& s = *found;
  EXPECT_EQ(s.id, b.id);
  EXPECT_EQ(s.name, b.name);
  EXPECT_EQ(s.year, b.year);
  EXPECT_EQ(s.fidelity, "transcribed");
  EXPECT_NE(s.source.find(std::string("shared/reference/battles/") + b.id + ".md"), std::string::npos) << s.source;
  EXPECT_NE(s.note.find("Not checked against the printed scenario book"), std::string::npos);
  EXPECT_EQ(s.army[0], b.army_top);
  EXPECT_EQ(s.army[1], b.army_bottom);
  // The War Council.
  EXPECT_EQ(s.command[0], b.command_top);
  EXPECT_EQ(s.command[1], b.command_bottom);
  EXPECT_EQ(s.first, b.first);
  EXPECT_EQ(s.banners_to_win[0], b.banners);
  EXPECT_EQ(s.banners_to_win[1], b.banners);
  // The armies, unit by unit and by type (no reserves in this expansion), the special unit.
  EXPECT_EQ(counts_of(s, Side::Top), b.top_counts);
  EXPECT_EQ(units_of(s, Side::Top), b.top_units);
  EXPECT_EQ(counts_of(s, Side::Bottom), b.bottom_counts);
  EXPECT_EQ(units_of(s, Side::Bottom), b.bottom_units);
  EXPECT_EQ(leaders_of(s), b.leaders);
  EXPECT_EQ(terrain_of(s), terrain_of_file(b.terrain));
  EXPECT_EQ(rules_of(s), b.rules);
  EXPECT_EQ(s.deck.size(), 60u) << "the standard deck";
}

// A random game of the battle, to its end, every invariant kept after every decision.
TEST_P(ExpansionBattleTest, RandomGameEndsWithEveryInvariantKept) {
  const ExpansionBattle& b = GetParam();
  const Scenario* scn = find_builtin_scenario(b.id);
  ASSERT_NE(scn, nullptr);
  Rng rng(4242 + uint64_t(std::stoi(b.id)));
  State s = new_game(*scn, rng);
  ASSERT_EQ(check_invariants(*scn, s), "");
  ActionList list;
  int steps = 0;
  while (!is_terminal(s)) {
    legal_actions(*scn, s, list);
    ASSERT_FALSE(list.empty()) << "no legal action in a live game";
    const Action a = list[rng.below(list.size())];
    apply_unchecked(*scn, s, a, rng);
    ASSERT_EQ(check_invariants(*scn, s), "") << "step " << steps;
    ASSERT_LT(++steps, 200000) << "the game does not end";
  }
  legal_actions(*scn, s, list);
  EXPECT_TRUE(list.empty());
  RecordProperty("decisions", std::to_string(steps));
}

INSTANTIATE_TEST_SUITE_P(Expansion1, ExpansionBattleTest, ::testing::ValuesIn(kExpansionBattles), test::battle_name<ExpansionBattle>);

// expansion1.md: 101-106, 113-115, 118, 119, 122 as published, and 120, 121, 124 with the optional
// Roman Tactical Flexibility off; none of the nine that need rules outside our sources.
TEST(Expansion1, TheFifteenPlayableBattlesAndNoOthers) {
  std::set<std::string> ids;
  for (const std::string& id : builtin_scenario_ids())
    if (id.size() == 3 && id[0] == '1') ids.insert(id);
  std::set<std::string> want;
  for (const ExpansionBattle& b : kExpansionBattles) want.insert(b.id);
  // The era battles that only the Hellenistic module plays are built in with the module on.
  for (const char* id : {"107", "108", "109", "110", "111", "117"}) {
    ASSERT_TRUE(ids.count(id)) << id;
    ids.erase(id);
    EXPECT_EQ(find_builtin_scenario(id)->hellenistic.use, ModuleUse::On) << id;
    EXPECT_TRUE(find_builtin_scenario(id)->hellenistic.on) << id;
  }
  // 123 Indus: its bow-armed auxilia are a trait of the battle (range 3), the module available.
  ASSERT_TRUE(ids.count("123"));
  ids.erase("123");
  EXPECT_EQ(find_builtin_scenario("123")->hellenistic.use, ModuleUse::Available);
  int bows = 0;
  for (const UnitSetup& u : find_builtin_scenario("123")->units) bows += (u.traits & kTraitBowArmed) != 0;
  EXPECT_EQ(bows, 3);
  // 116 Heraclea: its Fright at First Sight as the general fright rule, the module available.
  ASSERT_TRUE(ids.count("116"));
  ids.erase("116");
  ASSERT_NE(find_builtin_scenario("116")->rule(RuleKind::Fright, Side::Top), nullptr);
  EXPECT_EQ(find_builtin_scenario("116")->hellenistic.use, ModuleUse::Available);
  EXPECT_EQ(ids, want);
  // The one that needs rules outside our sources is not (notes: 112).
  EXPECT_EQ(find_builtin_scenario("112"), nullptr);
  // The base-game battles of the module's era can be played with it, off by default.
  for (const char* id : {"104", "105", "106", "113", "114", "115", "118"}) {
    EXPECT_EQ(find_builtin_scenario(id)->hellenistic.use, ModuleUse::Available) << id;
    EXPECT_FALSE(find_builtin_scenario(id)->hellenistic.on) << id;
  }
  for (const char* id : {"101", "102", "103", "119", "120", "121", "122", "124"})
    EXPECT_EQ(find_builtin_scenario(id)->hellenistic.use, ModuleUse::None) << id;
  for (const char* id : {"120", "121", "124"})
    EXPECT_NE(find_builtin_scenario(id)->note.find("Tactical Flexibility is off"), std::string::npos) << id;
  // 118 Beneventum does not take the name of the base game's 2nd Beneventum (009).
  EXPECT_EQ(find_builtin_scenario("beneventum"), find_builtin_scenario("009"));
  EXPECT_EQ(find_builtin_scenario("118-beneventum")->year, "275 BC");
}

}  // namespace
}  // namespace bgb::cca
