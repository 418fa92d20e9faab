// The scenario text format (docs/scenarios.md): the 15 built-in battles load and play, text and
// Scenario round-trip, every validator message on a broken file (with its FILE:LINE), and garbage
// that must give errors rather than crashes.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ai/random_bot.h"
#include "cca/model/bots.h"
#include "cca/board.h"
#include "cca/json_io.h"
#include "cca/rules.h"
#include "cca/terrain.h"
#include "cca/scenario_file.h"
#include "core/text.h"

namespace bgb::cca {

namespace {

int H(int r, int c) { return Board::index(r, c); }

// Every field of two scenarios, with a message naming the first difference.
std::string differences(const Scenario& a, const Scenario& b) {
  std::ostringstream d;
  if (a.id != b.id) d << "id ";
  if (a.name != b.name) d << "name ";
  if (a.year != b.year) d << "year ";
  if (a.fidelity != b.fidelity) d << "fidelity ";
  if (a.source != b.source) d << "source ";
  if (a.note != b.note) d << "note ";
  if (!(a.rules == b.rules)) d << "rules ";
  for (int k = 0; k < 2; ++k) {
    if (a.army[k] != b.army[k]) d << "army[" << k << "] ";
    if (a.command[k] != b.command[k]) d << "command[" << k << "] ";
    if (a.banners_to_win[k] != b.banners_to_win[k]) d << "banners_to_win[" << k << "] ";
  }
  if (a.first != b.first) d << "first ";
  if (a.turn_limit != b.turn_limit) d << "turn_limit ";
  if (a.terrain != b.terrain) d << "terrain ";
  if (a.rampart != b.rampart) d << "rampart ";
  if (a.units.size() != b.units.size()) d << "units.size ";
  for (size_t i = 0; i < std::min(a.units.size(), b.units.size()); ++i) {
    const UnitSetup &x = a.units[i], &y = b.units[i];
    if (x.type != y.type || x.side != y.side || x.hex != y.hex || x.blocks != y.blocks || x.traits != y.traits)
      d << "units[" << i << "] ";
  }
  if (a.leaders.size() != b.leaders.size()) d << "leaders.size ";
  for (size_t i = 0; i < std::min(a.leaders.size(), b.leaders.size()); ++i) {
    const LeaderSetup &x = a.leaders[i], &y = b.leaders[i];
    if (x.name != y.name || x.side != y.side || x.hex != y.hex || x.grade != y.grade || x.commander != y.commander)
      d << "leaders[" << i << "] ";
  }
  if (!(a.hellenistic == b.hellenistic)) d << "hellenistic ";
  if (a.deck != b.deck) d << "deck ";
  if (a.impassable != b.impassable || a.los_terrain != b.los_terrain || a.hills != b.hills) d << "finalize ";
  return d.str();
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "\n";
  return s;
}

// A small valid scenario; the error tests change one line of it. Line numbers are 1-based:
// 1 id ... 12 deck, 13 `terrain:`, rows 0-8 on lines 14-22, 23 `units:`, rows 0-8 on 24-32.
std::vector<std::string> base_lines() {
  return {
      "id: test",
      "name: Test battle",
      "army top: Red",
      "army bottom: Blue",
      "command top: 4",
      "command bottom: 5",
      "first: top",
      "banners: 4",
      "leaders top: Red Leader 1,3",
      "leaders bottom: Blue Leader 7,3",
      "special rules: none",
      "deck: standard",
      "terrain:",
      ". . . . . . . . . . . . .",
      ". . . . . . . . . . . .",
      ". . . . . . . . . . . . .",
      ". . . . . . . . . . . .",
      "L . . . . . H . . . . . .",
      ". . . . . . . . . . . .",
      ". . . . . . . . . . . . .",
      ". . . . . . . . . . . .",
      ". . . . . . . . . . . . .",
      "units:",
      ". . . . . . . . . . . . .",
      ". . . HIv* . . AXv . . . . .",
      ". . . . . . . . . . . . .",
      ". . . . . . . . . . . .",
      ". . . . . . . . . . . . .",
      ". . . . . . . . . . . .",
      ". . . . . . . . . . . . .",
      ". . . HI^* . . AX^ . . . . .",
      ". . . . . . . . . . . . .",
  };
}
constexpr int kTerrainRow0 = 14;  // line of terrain row 0
constexpr int kUnitsRow0 = 24;    // line of units row 0

struct Loaded {
  bool ok = false;
  Scenario scn;
  std::vector<std::string> errors;
  std::string all() const {
    std::string s;
    for (const std::string& e : errors) s += e + "\n";
    return s;
  }
  // An error on that line containing the text.
  bool has(int line, const std::string& text) const {
    const std::string prefix = "bad.txt:" + std::to_string(line) + ": ";
    for (const std::string& e : errors)
      if (e.compare(0, prefix.size(), prefix) == 0 && e.find(text) != std::string::npos) return true;
    return false;
  }
};

Loaded load(const std::string& text) {
  Loaded l;
  l.ok = load_scenario_text(text, "bad.txt", l.scn, l.errors);
  return l;
}

Loaded load_lines(const std::vector<std::string>& lines) { return load(join(lines)); }

std::string source_path(const std::string& rel) { return std::string(BGBOT_SOURCE_DIR) + "/" + rel; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The built-in battles.

// The 15 base battles in book order, then the 15 battles of the first expansion that the base
// rules play (docs/scenarios.md, test_expansion_battles.cpp), by number.
TEST(BuiltinScenarios, TheBaseAndExpansionBattlesInBookOrder) {
  std::vector<std::string> ids = builtin_scenario_ids();
  // The expansion battles the base rules play, and those of the Hellenistic module's era that
  // only the module plays (107-111, 117).
  const std::vector<std::string> expansion = {"101", "102", "103", "104", "105", "106", "107", "108", "109",
                                              "110", "111", "113", "114", "115", "116", "117", "118", "119", "120",
                                              "121", "122", "123", "124"};
  ASSERT_EQ(ids.size(), 15u + expansion.size());
  for (int i = 0; i < 15; ++i) {
    char want[8];
    std::snprintf(want, sizeof want, "%03d", i + 1);
    EXPECT_EQ(ids[size_t(i)], want);
  }
  for (size_t i = 0; i < expansion.size(); ++i) EXPECT_EQ(ids[15 + i], expansion[i]);
}

TEST(BuiltinScenarios, EveryEmbeddedFileLoadsAndMatchesDataScenarios) {
  std::size_t n = 0;
  const EmbeddedScenarioFile* files = embedded_scenario_files(n);
  ASSERT_EQ(n, builtin_scenario_ids().size());
  ASSERT_EQ(n, 38u);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string text(files[i].text, files[i].size);
    Scenario s;
    std::vector<std::string> errors;
    EXPECT_TRUE(load_scenario_text(text, files[i].stem, s, errors)) << files[i].stem << "\n" << errors.size();
    for (const std::string& e : errors) ADD_FAILURE() << e;
    // The program embeds what is in data/scenarios/ now (the build regenerates it).
    EXPECT_EQ(text, read_file(source_path("data/scenarios/" + std::string(files[i].stem) + ".txt"))) << files[i].stem;
  }
}

TEST(BuiltinScenarios, DataFilesValidateFromDisk) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source_path("data/scenarios"))) {
    if (entry.path().extension() != ".txt") continue;
    ++count;
    Scenario s;
    std::vector<std::string> errors;
    EXPECT_TRUE(load_scenario_file(entry.path().string(), s, errors)) << entry.path();
    for (const std::string& e : errors) ADD_FAILURE() << e;
  }
  EXPECT_EQ(count, 38);
}

TEST(BuiltinScenarios, NewGamePassesInvariantsAndRandomPlayKeepsThem) {
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario* scn = find_builtin_scenario(id);
    ASSERT_NE(scn, nullptr) << id;
    EXPECT_GE(scn->units.size(), 20u) << id;
    EXPECT_LE(scn->units.size(), size_t(kMaxUnits)) << id;
    EXPECT_FALSE(scn->note.empty()) << id;
    EXPECT_FALSE(scn->year.empty()) << id;
    for (uint64_t seed : {1u, 2u}) {
      Rng rng(seed * 7919 + 17);
      State s = new_game(*scn, rng);
      ASSERT_EQ(check_invariants(*scn, s), "") << id;
      for (int n = 0; n < 300 && !is_terminal(s); ++n) {
        Action a = cca::random_action(*scn, s, rng);
        std::string err;
        ASSERT_TRUE(apply(*scn, s, a, rng, nullptr, &err)) << id << ": " << err;
        ASSERT_EQ(check_invariants(*scn, s), "") << id << " after " << action_text(*scn, s, a);
      }
    }
  }
}

TEST(BuiltinScenarios, FindByIdNumberNameOrFileName) {
  const Scenario* a = find_builtin_scenario("001");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->name, "Akragas");
  for (const char* q : {"1", "01", "akragas", "Akragas", "AKRAGAS", "001-akragas"})
    EXPECT_EQ(find_builtin_scenario(q), a) << q;
  const Scenario* t = find_builtin_scenario("006");
  ASSERT_NE(t, nullptr);
  for (const char* q : {"6", "Lake Trasimenus", "lake-trasimenus", "006-lake-trasimenus"})
    EXPECT_EQ(find_builtin_scenario(q), t) << q;
  EXPECT_EQ(find_builtin_scenario("dertosa"), find_builtin_scenario("008"));
  EXPECT_EQ(find_builtin_scenario("beneventum"), find_builtin_scenario("009"));
  EXPECT_EQ(find_builtin_scenario("2nd Beneventum"), find_builtin_scenario("009"));
  for (const char* q : {"", "0", "016", "16", "nowhere", "-", "999999999999999999999"})
    EXPECT_EQ(find_builtin_scenario(q), nullptr) << q;
  // Parsed once: the same object every time.
  EXPECT_EQ(find_builtin_scenario("15"), find_builtin_scenario("zama"));
}

// The maps are checked hex by hex against their battle files in test_battles.cpp. Here: each
// battle's special rules find on its map what they need.
TEST(BuiltinScenarios, SpecialRulesFitTheirMaps) {
  auto count = [](const Scenario& s, Terrain t) { return std::count(s.terrain.begin(), s.terrain.end(), t); };
  // 002: the river is fordable at exactly its five bends; the optional Sacred Band is off.
  const Scenario& crim = *find_builtin_scenario("002");
  EXPECT_EQ(count(crim, Terrain::FordableRiver), 5);
  EXPECT_GT(count(crim, Terrain::River), 0);
  for (const UnitSetup& u : crim.units) EXPECT_EQ(u.traits, 0);
  // 004 and 009: rivers that are not fordable; 005 and 012: fordable everywhere.
  for (const char* id : {"004", "009"}) {
    EXPECT_GT(count(*find_builtin_scenario(id), Terrain::River), 0) << id;
    EXPECT_EQ(count(*find_builtin_scenario(id), Terrain::FordableRiver), 0) << id;
  }
  for (const char* id : {"005", "012"}) {
    EXPECT_GT(count(*find_builtin_scenario(id), Terrain::FordableRiver), 0) << id;
    EXPECT_EQ(count(*find_builtin_scenario(id), Terrain::River), 0) << id;
  }
  // 006: an impassable lake and four impassable steep hills on the (bottom player's) right.
  const Scenario& tras = *find_builtin_scenario("006");
  EXPECT_GT(count(tras, Terrain::Lake), 0);
  EXPECT_EQ(count(tras, Terrain::SteepHill), 4);
  for (int h = 0; h < kHexes; ++h) {
    if (tras.terrain[size_t(h)] == Terrain::SteepHill) {
      EXPECT_EQ(Board::get().section_mask(h, Side::Bottom), kSecRight) << hex_name(h);
    }
  }
  // 011: three camp hexes, all in the Carthaginian half where baecula-camps scores them.
  const Scenario& baec = *find_builtin_scenario("011");
  EXPECT_EQ(count(baec, Terrain::FortifiedCamp), 3);
  for (int h = 0; h < kHexes; ++h) {
    if (baec.terrain[size_t(h)] == Terrain::FortifiedCamp) {
      EXPECT_LT(Board::get().row[h], 4) << hex_name(h);
    }
  }
  // 005: the ambush reserve (1 medium cavalry, 2 warriors, Mago) starts off the map.
  const Scenario& treb = *find_builtin_scenario("005");
  int reserve = 0;
  for (const UnitSetup& u : treb.units) reserve += u.hex == kOffBoard;
  EXPECT_EQ(reserve, 3);
  auto mago = std::find_if(treb.leaders.begin(), treb.leaders.end(), [](const LeaderSetup& l) { return l.name == "Mago"; });
  ASSERT_NE(mago, treb.leaders.end());
  EXPECT_EQ(mago->hex, kOffBoard);
  // 010: Publius Scipio's loss ends the game, and he is on the map.
  const Scenario& cast = *find_builtin_scenario("010");
  ASSERT_NE(cast.rule(RuleKind::SuddenDeath, Side::Top), nullptr);
  EXPECT_EQ(cast.rule(RuleKind::SuddenDeath, Side::Top)->leader, "Publius Scipio");
  EXPECT_TRUE(std::any_of(cast.leaders.begin(), cast.leaders.end(),
                          [](const LeaderSetup& l) { return l.name == "Publius Scipio" && l.hex != kOffBoard; }));
}

// ---------------------------------------------------------------------------------------------
// Round trip.

TEST(ScenarioText, BuiltinsRoundTrip) {
  for (const std::string& id : builtin_scenario_ids()) {
    const Scenario& s = *find_builtin_scenario(id);
    const std::string text = scenario_to_text(s);
    Loaded l = load(text);
    ASSERT_TRUE(l.ok) << id << "\n" << l.all() << text;
    EXPECT_EQ(differences(s, l.scn), "") << id;
    EXPECT_EQ(scenario_to_text(l.scn), text) << id;
  }
}

// §16 Rampart: a rampart may protect any of its hexsides (battle 102's diagonal wall protects W
// and SW). `A[`, the hexsides and `]`, in any order and case; written back in direction order, and as
// A^ / Av when they are the two forward hexsides up or down.
TEST(ScenarioText, RampartProtectingNamedHexsides) {
  std::vector<std::string> lines = base_lines();
  lines[size_t(kTerrainRow0 + 1)] = ". . . . . . . . A[W,SW] . . . .";  // 2,8
  lines[size_t(kTerrainRow0 + 2)] = ". . A[sw,w] . A[NW,NE] A[SE,SW] A[E] . . . . .";  // 3,2 3,4 3,5 3,6
  Loaded l = load_lines(lines);
  ASSERT_TRUE(l.ok) << l.all();
  const uint8_t w_sw = (1u << 3) | (1u << 4);
  EXPECT_EQ(l.scn.terrain[size_t(H(2, 8))], Terrain::Rampart);
  EXPECT_EQ(uint8_t(l.scn.rampart[size_t(H(2, 8))]), w_sw);
  EXPECT_EQ(uint8_t(l.scn.rampart[size_t(H(3, 2))]), w_sw);
  EXPECT_EQ(l.scn.rampart[size_t(H(3, 4))], Facing::Up);
  EXPECT_EQ(l.scn.rampart[size_t(H(3, 5))], Facing::Down);
  EXPECT_EQ(uint8_t(l.scn.rampart[size_t(H(3, 6))]), 1u);
  EXPECT_EQ(hexside_list(l.scn.rampart[size_t(H(3, 2))]), "W,SW");
  const std::string text = scenario_to_text(l.scn);
  EXPECT_NE(text.find("# A[W,SW] a rampart protecting the hexsides named (E NE NW W SW SE).\n"), std::string::npos);
  EXPECT_NE(text.find("2 |  .   .   .   .   .   .   .   .   A[W,SW] .   .   .   .\n"), std::string::npos) << text;
  EXPECT_NE(text.find("3 |    .   .   A[W,SW] .   A^  Av  A[E] .   .   .   .   .\n"), std::string::npos) << text;
  Loaded back = load(text);
  ASSERT_TRUE(back.ok) << back.all();
  EXPECT_EQ(differences(l.scn, back.scn), "");
  EXPECT_EQ(scenario_to_text(back.scn), text);
  // The JSON of the position says the same: "up" / "down" as before, or the hexsides.
  const nlohmann::json j = scenario_to_json(l.scn);
  bool found = false;
  for (const nlohmann::json& e : j["terrain"])
    if (e["hex"] == "2,8") {
      EXPECT_EQ(e["facing"], "W,SW");
      found = true;
    }
  EXPECT_TRUE(found);
  // A file with no such rampart keeps the writer's layout of before (no extra comment line).
  EXPECT_EQ(scenario_to_text(*find_builtin_scenario("001")).find("A[W,SW]"), std::string::npos);
}

// The writer keeps a space after a cell as wide as its column or wider (a heavy chariot of 2 blocks
// with a leader is 6 characters, the units map's column width; A[W,SW] is wider than the terrain
// map's 4).
TEST(ScenarioText, WideCellsKeepTheirSpace) {
  std::vector<std::string> lines = base_lines();
  lines[size_t(kUnitsRow0)] = ". . . HIv* HCHv1 . AXv . . . . .";
  lines[size_t(kUnitsRow0 - 1 + 7)] = ". . . HCH^2* . . AX^ . . . . .";
  Loaded l = load_lines(lines);
  ASSERT_TRUE(l.ok) << l.all();
  const std::string text = scenario_to_text(l.scn);
  EXPECT_NE(text.find("HCH^2* .     .     AX^"), std::string::npos) << text;
  Loaded back = load(text);
  ASSERT_TRUE(back.ok) << back.all() << text;
  EXPECT_EQ(differences(l.scn, back.scn), "");
}

TEST(ScenarioText, EveryTerrainReducedUnitsAndCustomFieldsRoundTrip) {
  Loaded base = load_lines(base_lines());
  ASSERT_TRUE(base.ok) << base.all();
  Scenario s = base.scn;
  s.id = "every-thing_2";
  s.name = "Everything: a long name";
  s.year = "1 AD";
  s.fidelity = "custom";
  s.source = "hand made";
  s.note = std::string(300, 'x') + " and a   long note with #hash, wrapped " + std::string(50, 'y') +
           " over several lines, spaces  kept";
  s.banners_to_win[0] = 3;
  s.banners_to_win[1] = 9;
  s.first = Side::Bottom;
  s.turn_limit = 0;
  // Every kind of rule, with parameters other than the base battles'.
  for (const char* r : {"objectives side=bottom hexes=4,7 2,2 banners=2", "fords",
                        "reserve side=top card=leadership from-turn=3", "reserve side=bottom card=section from-turn=1",
                        "sacred-band", "sudden-death side=top leader=Blue Leader",
                        "hand-growth side=top turns=3 draw=3", "hand-at-banners side=bottom banners=4 draw=1 command=5",
                        "exit side=top from=left,right banners=1"}) {
    s.rules.push_back(BattleRule{});
    std::string why;
    EXPECT_TRUE(parse_battle_rule(r, s.rules.back(), why)) << r << ": " << why;
  }
  const Terrain all[] = {Terrain::BrokenGround, Terrain::Forest,   Terrain::Hill,          Terrain::Seacoast,
                         Terrain::River,        Terrain::FordableRiver, Terrain::Rampart, Terrain::FortifiedCamp,
                         Terrain::Lake,         Terrain::SteepHill};
  int c = 0;
  for (Terrain t : all) s.terrain[size_t(H(4, c++))] = t;
  s.rampart[size_t(H(4, 6))] = Facing::Down;
  s.terrain[size_t(H(5, 1))] = Terrain::Rampart;
  s.rampart[size_t(H(5, 1))] = Facing::Up;
  s.units.push_back({UnitType::HeavyChariot, Side::Top, uint8_t(H(3, 0)), 1});
  s.units.push_back({UnitType::LightBowCavalry, Side::Bottom, uint8_t(H(6, 5)), 2});
  s.units.push_back({UnitType::Elephant, Side::Bottom, uint8_t(H(5, 1)), 2});
  s.leaders.push_back({"Lone Wolf", Side::Bottom, uint8_t(H(8, 12))});
  s.leaders.push_back({"Late Comer", Side::Bottom, kOffBoard});
  s.deck = {uint8_t(CardKind::OrderTwoLeft), uint8_t(CardKind::OrderTwoLeft), uint8_t(CardKind::OrderFourCenter)};
  for (int i = 0; i < 3; ++i)
    s.deck.insert(s.deck.end(), {uint8_t(CardKind::OrderThreeRight), uint8_t(CardKind::OrderTwoCenter)});
  s.command[0] = 2;
  s.command[1] = 3;
  // Units in map order, leaders top first, as the loader lists them; the reserve after the map.
  std::sort(s.units.begin(), s.units.end(), [](const UnitSetup& a, const UnitSetup& b) { return a.hex < b.hex; });
  for (UnitSetup& u : s.units)
    if (u.type == UnitType::HeavyInfantry && u.side == Side::Top) u.traits = kTraitSacredBand;
  s.units.push_back({UnitType::MediumCavalry, Side::Top, kOffBoard, 0});
  s.units.push_back({UnitType::Warrior, Side::Top, kOffBoard, 3});
  s.units.push_back({UnitType::Camel, Side::Bottom, kOffBoard, 0});
  s.finalize();

  const std::string text = scenario_to_text(s);
  Loaded l = load(text);
  ASSERT_TRUE(l.ok) << l.all() << text;
  EXPECT_EQ(differences(s, l.scn), "") << text;
  EXPECT_EQ(scenario_to_text(l.scn), text);
  EXPECT_NE(text.find("HCHv1"), std::string::npos);
  EXPECT_NE(text.find("*^"), std::string::npos);
  EXPECT_NE(text.find("A^"), std::string::npos);
  EXPECT_NE(text.find("Av"), std::string::npos);
  EXPECT_NE(text.find("banners top: 3"), std::string::npos);
  EXPECT_NE(text.find("turn limit: 0"), std::string::npos);
  EXPECT_NE(text.find("deck: order-two-left x2, order-four-center, order-three-right"), std::string::npos);
  EXPECT_NE(text.find("leaders bottom: Blue Leader 7,3; Lone Wolf 8,12; Late Comer reserve\n"), std::string::npos);
  EXPECT_NE(text.find("reserve top: MC, WA3\nreserve bottom: CA\n"), std::string::npos);
  EXPECT_NE(text.find("rule: sudden-death side=top leader=Blue Leader\n"), std::string::npos);
  EXPECT_NE(text.find("rule: objectives side=bottom hexes=2,2 4,7 banners=2\n"), std::string::npos);
  EXPECT_NE(text.find("traits: sacred-band 1,3\n"), std::string::npos);
}

TEST(ScenarioText, ReadsLabelsTabsCrlfBomCommentsAndContinuations) {
  std::vector<std::string> lines = base_lines();
  lines[1] = "Name:\tTest battle";
  lines.insert(lines.begin() + 2, "note: first part");
  lines.insert(lines.begin() + 3, "   # a comment inside the note");
  lines.insert(lines.begin() + 4, "\tsecond part");
  std::string text = "\xEF\xBB\xBF";
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string l = lines[i];
    if (l.rfind(". ", 0) == 0 || l.rfind("L ", 0) == 0) l = "  " + l;  // indented map rows
    text += l + "\r\n";
    if (l == "units:") text += "# a ruler\n\n";
  }
  Loaded l = load(text);
  ASSERT_TRUE(l.ok) << l.all();
  EXPECT_EQ(l.scn.name, "Test battle");
  EXPECT_EQ(l.scn.note, "first part second part");
  EXPECT_EQ(l.scn.terrain[size_t(H(4, 6))], Terrain::Hill);
  EXPECT_EQ(l.scn.units.size(), 4u);

  lines = base_lines();
  for (int r = 0; r < kRows; ++r) lines[size_t(kUnitsRow0 - 1 + r)] = std::to_string(r) + " | " + lines[size_t(kUnitsRow0 - 1 + r)];
  lines.push_back("fidelity: Reconstructed");
  lines.push_back("leaders top: none");  // replaces nothing: a duplicate
  Loaded dup = load_lines(lines);
  EXPECT_TRUE(dup.has(34, "duplicate `leaders top:` (first given on line 9)")) << dup.all();
  lines.pop_back();
  Loaded ok = load_lines(lines);
  ASSERT_TRUE(ok.ok) << ok.all();
  EXPECT_EQ(ok.scn.fidelity, "reconstructed");
  EXPECT_EQ(ok.scn.deck, playable_deck());
  EXPECT_EQ(ok.scn.turn_limit, 400);
  EXPECT_EQ(ok.scn.leaders.size(), 2u);
  EXPECT_EQ(ok.scn.leaders[0].name, "Red Leader");
  EXPECT_EQ(ok.scn.leaders[1].hex, H(7, 3));
}

// ---------------------------------------------------------------------------------------------
// One broken file per validator message: the FILE:LINE and the message.

struct Broken {
  const char* what;
  int line;        // 0-based index into base_lines() to replace, or -1 to leave all lines
  const char* replacement;
  int error_line;  // expected line of the error
  const char* message;
};

TEST(ScenarioValidator, BaseFileIsValid) {
  Loaded l = load_lines(base_lines());
  EXPECT_TRUE(l.ok) << l.all();
  EXPECT_TRUE(l.errors.empty());
}

TEST(ScenarioValidator, EachProblemOnItsLine) {
  const int u1 = kUnitsRow0 + 1, u4 = kUnitsRow0 + 4, u7 = kUnitsRow0 + 7;
  const Broken cases[] = {
      {"unknown unit type", u7 - 1, ". . . HI^* . . ZZ^ . . . . .", u7, "7,6: unknown unit type `ZZ`"},
      {"lower-case unit", u7 - 1, ". . . HI^* . . ax^ . . . . .", u7, "7,6: a unit is written as its type code"},
      {"unit without side", u7 - 1, ". . . HI^* . . AX . . . . .", u7, "after the unit type AX comes its side"},
      {"unknown side mark", u7 - 1, ". . . HI^* . . AXx . . . . .", u7, "after the unit type AX comes its side"},
      {"too many blocks", u7 - 1, ". . . HI^* . . HI^5 . . . . .", u7, "7,6: HI has 1 to 4 blocks, not 5"},
      {"elephant blocks", u7 - 1, ". . . HI^* . . EL^3 . . . . .", u7, "EL has 1 to 2 blocks, not 3"},
      {"two units in a hex", u7 - 1, ". . . HI^* . . AX^HI^ . . . . .", u7, "7,6: two units in one hex"},
      {"two leader marks", u7 - 1, ". . . HI^** . . AX^ . . . . .", u7, "7,3: two leaders in one hex"},
      {"junk after unit", u7 - 1, ". . . HI^* . . AX^!! . . . . .", u7, "unexpected `!!` after `AX^`"},
      {"bad leader alone", u7 - 1, ". . . HI^* . . * . . . . .", u7, "a leader alone is written *^"},
      {"unknown terrain", kTerrainRow0, ". . Q . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: unknown terrain symbol `Q`"},
      {"rampart without facing", kTerrainRow0, ". . A . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: a rampart needs its facing"},
      {"rampart with no hexside", kTerrainRow0, ". . A[] . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: rampart `A[]`: a hexside name is missing"},
      {"rampart with an unknown hexside", kTerrainRow0, ". . A[W,N] . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: rampart `A[W,N]`: unknown hexside name (hexsides are E NE NW W SW SE)"},
      {"rampart hexside twice", kTerrainRow0, ". . A[SW,W,sw] . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: rampart `A[SW,W,sw]`: hexside SW is named twice"},
      {"rampart without its bracket", kTerrainRow0, ". . A[W,SW . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: rampart `A[W,SW`: the hexsides end with ]"},
      {"rampart with an empty hexside", kTerrainRow0, ". . A[W,,SW] . . . . . . . . .", kTerrainRow0 + 1,
       "1,2: rampart `A[W,,SW]`: a hexside name is missing"},
      {"rampart facing off the board", kTerrainRow0 - 1, "A[NW,W,SW] . . . . . . . . . . . .", kTerrainRow0,
       "0,0: the rampart protects only hexsides on the edge of the board (NW,W,SW): no attack can cross them"},
      {"rampart facing up on the top row", kTerrainRow0 - 1, ". . . A^ . . . . . . . . .", kTerrainRow0,
       "0,3: the rampart protects only hexsides on the edge of the board (NE,NW)"},
      {"row too long", u1 + 2 - 1, ". . . . . . . . . . . . .", u1 + 2,
       "units map row 3 has 13 cells; an odd row has 12 cells (columns 0-11): the last 1 would be off the board"},
      {"row too short", kTerrainRow0 - 1, ". . . . . . . . . . . .", kTerrainRow0,
       "terrain map row 0 has 12 cells; an even row has 13 cells (columns 0-12)"},
      {"row label", u4 - 1, "5 | . . . . . . . . . . . . .", u4, "this row is labelled 5 but it is row 4"},
      {"bad row label", u4 - 1, "x | . . . . . . . . . . . . .", u4, "a row label is the row number before the bar"},
      {"unit on impassable lake", u4 - 1, "AX^ . . . . . . . . . . . .", u4,
       "4,0: a unit cannot stand on impassable lake (terrain map line 18)"},
      {"leader on impassable lake", u4 - 1, "*^ . . . . . . . . . . . .", u4, "4,0: a leader cannot stand on impassable"},
      {"leader mark without leaders line", 8, "# no leaders top", u1,
       "1,3: a leader of the top army, but there is no `leaders top:` line"},
      {"leader where the map shows none", 8, "leaders top: Red Leader 1,4", 9,
       "leader `Red Leader` at 1,4: the units map has no leader mark (*) in that hex"},
      {"unnamed leader mark", 8, "leaders top: Red Leader 1,4", u1,
       "1,3: a leader mark (*) that no entry of `leaders top:` places at 1,3"},
      {"leader off the board", 8, "leaders top: Red Leader 9,3", 9, "`9,3` is not on the board (rows 0-8)"},
      {"leader off the row", 8, "leaders top: Red Leader 1,12", 9,
       "`1,12` is not on the board (an odd row has 12 cells (columns 0-11))"},
      {"leader hex not a hex", 8, "leaders top: Red Leader", 9, "`Leader` is not a hex: write row,col"},
      {"leader without hex", 8, "leaders top: Himilco", 9, "write the name, then the hex"},
      {"empty leader entry", 8, "leaders top: Red Leader 1,3;", 9, "empty leader in `leaders top:`"},
      {"leader of the wrong army", 9, "leaders bottom: Blue Leader 1,3", 10, "two leaders at 1,3"},
      {"leader mark of the other army", 8, "leaders top: Red Leader 7,3", 9,
       "leader `Red Leader` of the top army at 7,3: the leader mark in that hex belongs to the bottom army"},
      {"missing name", 1, "# no name", 1, "missing header `name:`"},
      {"missing army", 2, "# no army", 1, "missing header `army top:`"},
      {"missing command", 5, "# no command", 1, "missing header `command bottom:`"},
      {"missing first", 6, "# no first", 1, "missing header `first:`"},
      {"missing banners", 7, "# no banners", 1, "missing header `banners:`"},
      {"missing units map", 22, "# no units map", kUnitsRow0, "a 10th map row? The board has 9 rows (0-8)"},
      {"empty name", 1, "name:", 2, "`name:` is empty"},
      {"banners zero", 7, "banners: 0", 8, "`banners:` (victory banners to win) must be a whole number from 1 to 255"},
      {"banners negative", 7, "banners: -3", 8, "must be a whole number from 1 to 255, found `-3`"},
      {"banners per side incomplete", 7, "banners top: 4", 8, "missing `banners bottom:`"},
      {"command too high", 4, "command top: 13", 5, "`command top:` (cards in hand) must be a whole number from 1 to 12"},
      {"command zero", 5, "command bottom: 0", 6, "must be a whole number from 1 to 12"},
      {"command huge", 5, "command bottom: 99999999999999999999", 6, "must be a whole number from 1 to 12"},
      {"unknown special rule", 10, "special rules: elephants-panic", 11, "unknown special rule `elephants-panic`"},
      {"special rule twice", 10, "special rules: mago-ambush, mago-ambush", 11, "special rule `mago-ambush` listed twice"},
      {"empty special rule", 10, "special rules: mago-ambush,", 11, "empty item in `special rules:`"},
      {"ford rule without ford", 10, "special rules: fordable-at-bends", 11, "fords: the terrain map marks no fordable hex (~)"},
      {"camp rule without camp", 10, "special rules: baecula-camps", 11, "objectives: no hex to take (for baecula-camps: the fortified camps (C) of rows 0-3"},
      {"unknown side first", 6, "first: left", 7, "unknown side `left` in `first:` (top or bottom)"},
      {"unknown side key", 2, "army left: Red", 3, "unknown side `left` in `army left:` (top or bottom)"},
      {"duplicate key", 3, "Army  Top: Again", 4, "duplicate `army top:` (first given on line 3)"},
      {"unknown key", 3, "colour: red", 4, "unknown header `colour`"},
      {"no key", 3, ": red", 4, "a header line needs a key"},
      {"not a header", 3, "hello world", 4, "expected `key: value`"},
      {"map header with a value", 12, "terrain: open", 13, "`terrain:` takes no value"},
      {"bad fidelity", 10, "fidelity: guess", 11, "fidelity `guess` must be one of book, transcribed, reconstructed, designed or custom"},
      {"bad id", 0, "id: a b", 1, "the id `a b` may hold only letters, digits, - and _"},
      {"unknown card", 11, "deck: jokers x2", 12, "unknown card `jokers x2`"},
      {"bad card count", 11, "deck: order-two-left x0", 12, "card count `x0` must be x1 to x60"},
      {"deck too small", 11, "deck: order-two-left x3", 12, "the deck's 3 cards cannot deal hands of 4 and 5"},
      {"empty deck", 11, "deck:", 12, "`deck:` is empty"},
      {"turn limit", 11, "turn limit: 70000", 12, "`turn limit:` (0 = none) must be a whole number from 0 to 65535"},
      {"control character", 1, "name: a\x01z", 2, "`name:` contains a control character"},
  };
  for (const Broken& c : cases) {
    std::vector<std::string> lines = base_lines();
    if (c.line >= 0) lines[size_t(c.line)] = c.replacement;
    Loaded l = load_lines(lines);
    EXPECT_FALSE(l.ok) << c.what;
    EXPECT_TRUE(l.has(c.error_line, c.message)) << c.what << ": want bad.txt:" << c.error_line << ": ..." << c.message
                                                << "\ngot:\n"
                                                << l.all();
  }
}

// The reserve, traits and the sudden-death leader, each with the special rule it belongs to.
TEST(ScenarioValidator, RuleParametersAndTheirRules) {
  struct Case {
    const char* rules;  // line 11
    const char* extra;  // line 12 (instead of `deck: standard`)
    const char* leaders_top;  // line 9
    int error_line;
    const char* message;
  };
  const char* L9 = "leaders top: Red Leader 1,3";
  const Case cases[] = {
      {"special rules: none", "reserve top: MC, WA", L9, 12,
       "the top reserve starts off the map, but no rule brings it in (`rule: reserve side=top`)"},
      {"special rules: mago-ambush", "# no reserve", L9, 11, "reserve: the top army has no reserve to bring in"},
      {"special rules: mago-ambush", "reserve top: MC, ZZ", L9, 12, "unknown unit type `ZZ` in `reserve top:`"},
      {"special rules: mago-ambush", "reserve top: WA5", L9, 12, "WA has 1 to 4 blocks, not 5"},
      {"special rules: mago-ambush", "reserve top: WAv", L9, 12, "reserve unit `WAv`: write the type code"},
      {"special rules: mago-ambush", "reserve top: MC,", L9, 12, "empty unit in `reserve top:`"},
      {"special rules: none", "# no reserve", "leaders top: Red Leader 1,3; Mago reserve", 9,
       "leader `Mago` starts in reserve, but no rule brings a reserve onto the map (`rule: reserve side=top`)"},
      {"special rules: sacred-band", "traits: sacred-band 1,4", L9, 12, "trait sacred-band: no unit stands at 1,4"},
      {"special rules: sacred-band", "traits: sacred-band", L9, 12, "write the trait and the unit's hex"},
      {"special rules: sacred-band", "traits: golden 1,3", L9, 12, "unknown trait `golden` (known: sacred-band, peltast, tribal"},
      {"special rules: sacred-band", "traits: sacred-band 1,3; sacred-band 1,3", L9, 12,
       "trait sacred-band at 1,3 listed twice"},
      {"special rules: sacred-band", "traits: sacred-band 9,9", L9, 12, "`9,9` is not on the board"},
      {"special rules: none", "traits: sacred-band 1,3", L9, 12,
       "the sacred-band trait needs the rule sacred-band (`rule: sacred-band`)"},
      {"special rules: sacred-band", "# no traits", L9, 11, "sacred-band: no unit carries the trait"},
      {"special rules: castulo-sudden-death", "# no leader named", L9, 11,
       "sudden-death: name the enemy leader whose loss ends the battle (leader=...)"},
      {"special rules: none", "sudden death leader: Blue Leader", L9, 12,
       "`sudden death leader:` goes with the rule id castulo-sudden-death in `special rules:`"},
      {"special rules: castulo-sudden-death", "sudden death leader: Scipio", L9, 11,
       "sudden-death: `Scipio` is not one of the leaders"},
      // Rules with parameters, one per `rule:` line.
      {"rule: sudden-death side=bottom leader=Blue Leader", "deck: standard", L9, 11,
       "sudden-death: `Blue Leader` leads the bottom army itself"},
      {"rule: sudden-death side=top", "deck: standard", L9, 11, "sudden-death: missing leader="},
      {"rule: exit side=left", "deck: standard", L9, 11, "exit: side=left: a side is top or bottom"},
      {"rule: exit side=bottom from=middle", "deck: standard", L9, 11,
       "exit: from=middle: sections are left, center and right"},
      {"rule: exit side=bottom gate=3", "deck: standard", L9, 11,
       "exit: unknown parameter `gate` (it takes side, from, banners)"},
      {"rule: exit side=bottom side=top", "deck: standard", L9, 11, "exit: side= given twice"},
      {"rule: exit bottom", "deck: standard", L9, 11, "`bottom`: write the parameters as key=value"},
      {"rule: fords now", "deck: standard", L9, 11, "fords takes no parameter, found `now`"},
      {"rule: teleport side=top", "deck: standard", L9, 11, "unknown rule kind `teleport` (known: fords; sacred-band;"},
      {"rule: hand-growth side=top turns=0", "deck: standard", L9, 11,
       "hand-growth: turns=0: a whole number from 1 to 255"},
      {"rule: hand-at-banners side=top banners=9 draw=1 command=6", "deck: standard", L9, 11,
       "hand-at-banners: banners=9 never comes: the top army wins at"},
      {"rule: hand-at-banners side=top banners=2", "deck: standard", L9, 11, "hand-at-banners: missing draw="},
      {"rule: objectives side=top hexes=4,0", "deck: standard", L9, 11,
       "objectives: 4,0 is lake: no unit can end a move there"},
      {"rule: objectives side=top hexes=9,9", "deck: standard", L9, 11,
       "objectives: hexes=: `9,9` is not a hex of the board"},
      {"rule: objectives side=top hexes=", "deck: standard", L9, 11, "objectives: hexes= needs at least one hex"},
      {"rule: reserve side=top card=cavalry", "reserve top: MC", L9, 11,
       "reserve: card=cavalry: a card group is section, troop, leadership or tactic"},
      {"rule: reserve side=bottom", "reserve top: MC", L9, 11, "reserve: the bottom army has no reserve to bring in"},
      {"rule:", "deck: standard", L9, 11, "`rule:` is empty"},
      {"special rules: exit side=bottom", "deck: standard", L9, 11,
       "a rule with parameters goes on its own line: `rule: exit side=bottom`"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> lines = base_lines();
    lines[8] = c.leaders_top;
    lines[10] = c.rules;
    lines[11] = c.extra;
    Loaded l = load_lines(lines);
    EXPECT_FALSE(l.ok) << c.message;
    EXPECT_TRUE(l.has(c.error_line, c.message)) << "want bad.txt:" << c.error_line << ": ..." << c.message << "\ngot:\n"
                                                << l.all();
  }
  // And the valid forms.
  std::vector<std::string> lines = base_lines();
  lines[8] = "leaders top: Red Leader 1,3; Mago reserve";
  lines[10] = "special rules: mago-ambush, sacred-band, castulo-sudden-death";
  lines[11] = "reserve top: MC, WA3";
  lines.push_back("traits: sacred-band 7,3");
  lines.push_back("sudden death leader: Blue Leader");
  lines.push_back("rule: hand-growth side=bottom turns=3 draw=3");
  lines.push_back("rule: exit side=bottom");
  Loaded l = load_lines(lines);
  ASSERT_TRUE(l.ok) << l.all();
  ASSERT_EQ(l.scn.units.size(), 6u);
  EXPECT_EQ(l.scn.units[4].hex, kOffBoard);
  EXPECT_EQ(l.scn.units[5].type, UnitType::Warrior);
  EXPECT_EQ(l.scn.units[5].blocks, 3);
  EXPECT_EQ(l.scn.units[2].traits, kTraitSacredBand);  // HI^ at 7,3
  EXPECT_EQ(l.scn.leaders[1].hex, kOffBoard);
  ASSERT_NE(l.scn.rule(RuleKind::SuddenDeath, Side::Top), nullptr);
  EXPECT_EQ(l.scn.rule(RuleKind::SuddenDeath, Side::Top)->leader, "Blue Leader");
  ASSERT_NE(l.scn.rule(RuleKind::HandGrowth, Side::Bottom), nullptr);
  EXPECT_EQ(l.scn.rule(RuleKind::HandGrowth, Side::Bottom)->turns, 3);
  ASSERT_NE(l.scn.rule(RuleKind::Exit, Side::Bottom), nullptr);
  EXPECT_EQ(l.scn.rule(RuleKind::Exit, Side::Bottom)->sections, kSecLeft | kSecCenter | kSecRight) << "the default";
  EXPECT_EQ(l.scn.rule(RuleKind::Exit, Side::Bottom)->banners, 1) << "the default";
  EXPECT_EQ(l.scn.rules.size(), 5u);
  Rng rng(3);
  State st = new_game(l.scn, rng);
  EXPECT_EQ(check_invariants(l.scn, st), "");
}

TEST(ScenarioValidator, MapShapeProblems) {
  {  // a terrain row missing: the map ends at `units:`
    std::vector<std::string> lines = base_lines();
    lines.erase(lines.begin() + (kTerrainRow0 - 1) + 8);
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(13, "the terrain map has 8 rows; the board has 9 (rows 0-8) (the map ends at line 22)")) << l.all();
  }
  {  // a units row missing at the end of the file
    std::vector<std::string> lines = base_lines();
    lines.pop_back();
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(23, "the units map has 8 rows; the board has 9")) << l.all();
  }
  {  // a 10th row
    std::vector<std::string> lines = base_lines();
    lines.push_back(". . . . . . . . . . . .");
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(33, "a 10th map row? The board has 9 rows (0-8)")) << l.all();
  }
  {  // no units map at all
    std::vector<std::string> lines = base_lines();
    lines.resize(22);
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(1, "missing the `units:` map")) << l.all();
  }
  {  // an indented line that continues nothing
    std::vector<std::string> lines = base_lines();
    lines.insert(lines.begin() + 12, "");
    lines.insert(lines.begin() + 13, "   stray");
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(14, "indented line outside a header")) << l.all();
  }
  {  // no terrain map: open ground everywhere
    std::vector<std::string> lines = base_lines();
    lines.erase(lines.begin() + 12, lines.begin() + 22);
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.ok) << l.all();
  }
}

TEST(ScenarioValidator, TooManyUnitsAndLeaders) {
  {
    std::vector<std::string> lines = base_lines();
    // Fill rows 2-5 with units: 13 + 12 + 13 + 12 = 50 more (row 4 has the lake at 4,0: skip it).
    lines[size_t(kUnitsRow0 - 1 + 2)] = "AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv";
    lines[size_t(kUnitsRow0 - 1 + 3)] = "AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv AXv";
    lines[size_t(kUnitsRow0 - 1 + 5)] = "AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^";
    lines[size_t(kUnitsRow0 - 1 + 6)] = "AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^ AX^";
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(kUnitsRow0 + 6, "more than 48 units on the map (the engine holds at most 48)")) << l.all();
  }
  {
    std::vector<std::string> lines = base_lines();
    lines[size_t(kUnitsRow0 - 1 + 2)] = "*v *v *v *v *v *v *v *v . . . . .";
    lines[8] = "leaders top: Red Leader 1,3; A 2,0; B 2,1; C 2,2; D 2,3; E 2,4; F 2,5; G 2,6; H 2,7";
    Loaded l = load_lines(lines);
    EXPECT_TRUE(l.has(9, "more than 8 leaders (the engine holds at most 8)")) << l.all();
  }
}

TEST(ScenarioValidator, ReportsManyProblemsAtOnce) {
  std::vector<std::string> lines = base_lines();
  lines[4] = "command top: 0";
  lines[7] = "banners: x";
  lines[size_t(kUnitsRow0 + 6)] = ". . . HI^* . . ZZ^ . . . . .";
  Loaded l = load_lines(lines);
  EXPECT_FALSE(l.ok);
  EXPECT_TRUE(l.has(5, "command top"));
  EXPECT_TRUE(l.has(8, "banners"));
  EXPECT_TRUE(l.has(kUnitsRow0 + 7, "unknown unit type"));
}

TEST(ScenarioValidator, FilesOnDiskAndMissingFiles) {
  Scenario s;
  std::vector<std::string> errors;
  EXPECT_FALSE(load_scenario_file("/nonexistent/dir/none.txt", s, errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("/nonexistent/dir/none.txt:0: cannot read", 0), 0u) << errors[0];

  // The broken fixtures of tests/data/scenarios-bad/ each report the error their first line names.
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source_path("tests/data/scenarios-bad"))) {
    if (entry.path().extension() != ".txt") continue;
    ++count;
    const std::string path = entry.path().string();
    std::string first = read_file(path);
    first = first.substr(0, first.find('\n'));
    // "# expect: LINE: message"
    const std::string tag = "# expect: ";
    ASSERT_EQ(first.rfind(tag, 0), 0u) << path;
    const std::string want = path + ":" + first.substr(tag.size());
    errors.clear();
    EXPECT_FALSE(load_scenario_file(path, s, errors)) << path;
    bool found = false;
    for (const std::string& e : errors) found = found || e == want;
    std::string got;
    for (const std::string& e : errors) got += e + "\n";
    EXPECT_TRUE(found) << "want: " << want << "\ngot:\n" << got;
  }
  EXPECT_GE(count, 3);
}

// ---------------------------------------------------------------------------------------------
// Garbage: errors, never a crash (the fuzzer will push harder).

TEST(ScenarioValidator, GarbageGivesErrorsNotCrashes) {
  std::vector<std::string> inputs = {
      "",
      "\n\n\n",
      "   \t  \r\n",
      std::string(1, '\0'),
      std::string("id: x\0\0\0name: y\n", 16),
      "units:",
      "units:\n" + std::string(2000, '.') + "\n",
      std::string(1 << 20, 'A'),
      "id: " + std::string(1 << 20, '9') + "\n",
      "leaders top: " + std::string(100000, ';') + "\n",
      "units:\n" + std::string(9, '\n') + join(std::vector<std::string>(9, "HI^***** *v^ ~~~ \xff\xfe")),
      ":\n:\n:\n::::\n",
      "terrain:\nterrain:\nunits:\nunits:\n",
      "banners: 4\nbanners top: 1\nbanners bottom: 0\n",
  };
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "nonsense line " + std::to_string(i) + "\n";
  inputs.push_back(many);
  uint64_t x = 88172645463325252ull;
  for (int n = 0; n < 50; ++n) {
    std::string junk;
    for (int i = 0; i < 2000; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      junk += char(x & 0xff);
    }
    inputs.push_back(junk);
  }
  for (const std::string& in : inputs) {
    Loaded l = load(in);
    EXPECT_FALSE(l.ok) << in.substr(0, 60);
    EXPECT_FALSE(l.errors.empty());
    EXPECT_LE(l.errors.size(), size_t(kMaxScenarioErrors) + 1);
    for (const std::string& e : l.errors) {
      EXPECT_EQ(e.rfind("bad.txt:", 0), 0u) << e;
      EXPECT_LT(e.size(), 2000u);
    }
  }
}

// Random edits of a real scenario: whatever loads must be a scenario the engine accepts.
TEST(ScenarioValidator, MutatedScenariosLoadCleanlyOrFail) {
  const std::string original = scenario_to_text(*find_builtin_scenario("006"));
  uint64_t x = 0x9E3779B97F4A7C15ull;
  auto next = [&x](uint64_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return n ? x % n : 0;
  };
  const char alphabet[] = "0123456789.,;:*^v~ABCFHLRSX#-\n \tHIAXMCLCEW";
  int loaded = 0;
  for (int n = 0; n < 1500; ++n) {
    std::string t = original;
    const int edits = 1 + int(next(3));
    for (int e = 0; e < edits && !t.empty(); ++e) {
      const size_t pos = next(t.size());
      switch (next(5)) {
        case 0: t[pos] = alphabet[next(sizeof alphabet - 1)]; break;
        case 1: t.erase(pos, 1 + next(8)); break;
        case 2: t.insert(pos, 1, alphabet[next(sizeof alphabet - 1)]); break;
        case 3: {  // duplicate or drop a line
          const size_t a = t.rfind('\n', pos), b = t.find('\n', pos);
          const size_t from = a == std::string::npos ? 0 : a + 1;
          const std::string line = t.substr(from, (b == std::string::npos ? t.size() : b + 1) - from);
          if (next(2)) t.insert(from, line);
          else t.erase(from, line.size());
          break;
        }
        default: t[pos] = char(next(256)); break;
      }
    }
    Loaded l = load(t);
    if (!l.ok) {
      EXPECT_FALSE(l.errors.empty());
      continue;
    }
    ++loaded;
    Rng rng(uint64_t(n) + 1);
    State s = new_game(l.scn, rng);
    ASSERT_EQ(check_invariants(l.scn, s), "") << t;
  }
  EXPECT_GT(loaded, 50);  // many edits are harmless (a note, a name, a moved unit)
}

// Issue 13: only a regular file of at most 4 MiB is read, and its text must be UTF-8; each
// refusal is one FILE:LINE and comes at once (no 2 GB read from /dev/zero, no wait on a FIFO).
TEST(ScenarioValidator, OnlyRegularUtf8FilesUnderTheLimitAreRead) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("bgbot-files-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto first_error = [](const std::string& path) {
    Scenario scn;
    std::vector<std::string> errors;
    EXPECT_FALSE(load_scenario_file(path, scn, errors)) << path;
    return errors.empty() ? std::string() : errors[0];
  };
  EXPECT_EQ(first_error("/dev/zero"), "/dev/zero:0: not a regular file (a character device)");
  EXPECT_EQ(first_error(dir.string()), dir.string() + ":0: not a regular file (a directory)");
  const std::string fifo = (dir / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(first_error(fifo), fifo + ":0: not a regular file (a FIFO)");
  const std::string big = (dir / "big.txt").string();
  {
    std::ofstream f(big, std::ios::binary);
    f << std::string((4u << 20) + 1, '#');
  }
  EXPECT_EQ(first_error(big), big + ":0: larger than 4 MiB; not read");
  // Invalid UTF-8 is refused on its line, with the byte and column.
  std::vector<std::string> lines = base_lines();
  lines[1] = "name: Akr\xe1gas";
  const std::string latin = (dir / "latin1.txt").string();
  {
    std::ofstream f(latin, std::ios::binary);
    for (const std::string& l : lines) f << l << "\n";
  }
  {
    Scenario scn;
    std::vector<std::string> errors;
    EXPECT_FALSE(load_scenario_file(latin, scn, errors));
    EXPECT_NE(std::find(errors.begin(), errors.end(),
                        latin + ":2: not UTF-8 text: byte 0xe1 at column 10 (save the file as UTF-8)"),
              errors.end());
  }
  // Well-formed UTF-8 (a name in Greek) reads.
  lines[1] = "name: \xce\x91\xce\xba\xcf\x81\xce\xac\xce\xb3\xce\xb1\xcf\x82";
  Loaded ok = load_lines(lines);
  EXPECT_TRUE(ok.ok) << ok.all();
  std::filesystem::remove_all(dir);
}

// The UTF-8 check itself (core/text.h): overlong forms, surrogates, code points above U+10FFFF
// and cut sequences are refused at their first byte.
TEST(ScenarioValidator, Utf8Check) {
  using text::invalid_utf8_at;
  const size_t npos = std::string_view::npos;
  EXPECT_EQ(invalid_utf8_at("plain ascii"), npos);
  EXPECT_EQ(invalid_utf8_at("caf\xc3\xa9"), npos);
  EXPECT_EQ(invalid_utf8_at("\xf0\x9f\x98\x80"), npos);  // U+1F600
  EXPECT_EQ(invalid_utf8_at("ab\xc0\xaf"), 2u);              // overlong '/'
  EXPECT_EQ(invalid_utf8_at("\xed\xa0\x80"), 0u);           // a surrogate
  EXPECT_EQ(invalid_utf8_at("\xf4\x90\x80\x80"), 0u);      // above U+10FFFF
  EXPECT_EQ(invalid_utf8_at("x\xe2\x82"), 1u);               // cut short
  EXPECT_EQ(invalid_utf8_at("\x80"), 0u);                     // a lone continuation byte
  EXPECT_EQ(invalid_utf8_at("\xff"), 0u);
}

}  // namespace bgb::cca
