// The Quinn scenario text format, its validator and the built-in scenarios (spec §3.3, §3.11;
// docs/quinn-scenarios.md).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "quinn/scenario.h"

namespace bgb::quinn {
namespace {

// Field by field, the file's own name (`source`) aside.
void expect_same(const Scenario& a, const Scenario& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.about, b.about);
  for (int s = 0; s < kSides; ++s) {
    EXPECT_EQ(a.side_name[s], b.side_name[s]);
    EXPECT_EQ(a.break_point[s], b.break_point[s]);
  }
  EXPECT_EQ(a.table_w, b.table_w);
  EXPECT_EQ(a.table_h, b.table_h);
  EXPECT_EQ(a.successive_melee, b.successive_melee);
  EXPECT_EQ(a.round_limit, b.round_limit);
  ASSERT_EQ(a.rough.size(), b.rough.size());
  for (size_t i = 0; i < a.rough.size(); ++i) {
    EXPECT_EQ(a.rough[i].name, b.rough[i].name);
    ASSERT_EQ(a.rough[i].poly.size(), b.rough[i].poly.size());
    for (size_t j = 0; j < a.rough[i].poly.size(); ++j) {
      EXPECT_EQ(a.rough[i].poly[j].x, b.rough[i].poly[j].x);
      EXPECT_EQ(a.rough[i].poly[j].y, b.rough[i].poly[j].y);
    }
  }
  ASSERT_EQ(a.profiles.size(), b.profiles.size());
  for (size_t i = 0; i < a.profiles.size(); ++i) {
    const Profile &p = a.profiles[i], &q = b.profiles[i];
    EXPECT_EQ(p.name, q.name);
    EXPECT_EQ(p.melee, q.melee);
    EXPECT_EQ(p.other, q.other);
    EXPECT_EQ(p.rate, q.rate);
    EXPECT_EQ(p.free_mover, q.free_mover);
    EXPECT_EQ(p.width, q.width);
    EXPECT_EQ(p.depth, q.depth);
    EXPECT_EQ(p.weapon, q.weapon);
    EXPECT_EQ(p.sub, q.sub);
    EXPECT_EQ(p.support_cap, q.support_cap);
    EXPECT_EQ(p.locked_mod, q.locked_mod);
    EXPECT_EQ(p.disengage_mod, q.disengage_mod);
  }
  for (int s = 0; s < kSides; ++s) {
    ASSERT_EQ(a.army[s].size(), b.army[s].size());
    for (size_t k = 0; k < a.army[s].size(); ++k) {
      EXPECT_EQ(a.army[s][k].profile, b.army[s][k].profile);
      EXPECT_EQ(a.army[s][k].name, b.army[s][k].name);
      EXPECT_EQ(a.army[s][k].x, b.army[s][k].x);
      EXPECT_EQ(a.army[s][k].y, b.army[s][k].y);
      EXPECT_EQ(a.army[s][k].heading, b.army[s][k].heading);
    }
  }
}

const Scenario& builtin(const char* id) {
  auto s = find_builtin(id);
  if (!s) ADD_FAILURE() << "no built-in " << id;
  static Scenario empty;
  return s ? *s : empty;
}

std::string prof(const Scenario& s, int side, int k) { return s.profile_of(side, k).name; }

// A small good file; the error tests change one line of it.
const std::string kBase =
    "id: t1\n"                          // 1
    "title: Test\n"                     // 2
    "side A: Reds\n"                    // 3
    "side B: Blues\n"                   // 4
    "table: 72 x 48\n"                  // 5
    "A hi \"Spears\" 10 10 90\n"        // 6
    "A hi \"Spears\" 11.575 10 90\n"    // 7
    "B hc \"Riders\" 10 30 270\n";      // 8

// Reads text that must fail; returns the errors.
std::vector<std::string> bad(const std::string& text) {
  Scenario s;
  std::vector<std::string> errors;
  EXPECT_FALSE(read_scenario(text, "t.txt", s, errors)) << text;
  EXPECT_FALSE(errors.empty());
  return errors;
}

// Whether one of the errors begins with `prefix` ("t.txt:7: stand A 1 ...").
bool has(const std::vector<std::string>& errors, const std::string& prefix) {
  for (const std::string& e : errors)
    if (e.rfind(prefix, 0) == 0) return true;
  return false;
}

std::string dump(const std::vector<std::string>& errors) {
  std::string r;
  for (const std::string& e : errors) r += e + "\n";
  return r;
}

TEST(QuinnScenario, BuiltinsLoadAndValidate) {
  const auto& all = builtin_scenarios();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0]->id, "s1");
  EXPECT_EQ(all[1]->id, "s2");
  EXPECT_EQ(all[2]->id, "s3");
  for (const auto& s : all) {
    std::vector<std::string> errors;
    EXPECT_TRUE(validate_scenario(*s, s->id, errors)) << dump(errors);
    EXPECT_EQ(s->source, "built-in");
    EXPECT_FALSE(s->about.empty());
    EXPECT_EQ(s->table_w, 72000);
    EXPECT_EQ(s->table_h, 48000);
    EXPECT_FALSE(s->successive_melee);
    EXPECT_TRUE(s->rough.empty());
    for (int side = 0; side < kSides; ++side)
      for (const StandSpec& st : s->army[side]) EXPECT_EQ(st.heading, side == 0 ? 90 : 270);
  }
}

TEST(QuinnScenario, FindBuiltinByIdOrTitle) {
  ASSERT_NE(find_builtin("s1"), nullptr);
  EXPECT_EQ(find_builtin("S2")->id, "s2");
  EXPECT_EQ(find_builtin("cannae-LIKE")->id, "s1");
  EXPECT_EQ(find_builtin("Zama-like")->id, "s2");
  EXPECT_EQ(find_builtin("tiny 2v2")->id, "s3");
  EXPECT_EQ(find_builtin("s1").get(), builtin_scenarios()[0].get());  // parsed once, shared
  EXPECT_EQ(find_builtin("s4"), nullptr);
  EXPECT_EQ(find_builtin(""), nullptr);
}

TEST(QuinnScenario, S1CannaeArmies) {
  const Scenario& s = builtin("s1");
  EXPECT_EQ(s.title, "Cannae-like");
  EXPECT_EQ(s.side_name[0], "Carthage");
  EXPECT_EQ(s.side_name[1], "Rome");
  EXPECT_EQ(s.round_limit, 12);
  EXPECT_EQ(s.break_point[0], 7);
  EXPECT_EQ(s.break_point[1], 7);
  ASSERT_EQ(s.army[0].size(), 19u);
  ASSERT_EQ(s.army[1].size(), 20u);
  const std::vector<std::string> a_profiles = {"mi", "mi", "mi", "mi", "mi", "mi", "hi", "hi", "hi", "hi",
                                               "hc", "hc", "hc", "lc_jav", "lc_jav", "lc_jav", "slingers", "slingers", "slingers"};
  for (int k = 0; k < 19; ++k) EXPECT_EQ(prof(s, 0, k), a_profiles[size_t(k)]) << k;
  // The crescent: 32.0625 rounds half away from zero to 32.063; each next stand 1.575" on.
  const int32_t cx[6] = {32063, 33638, 35213, 36788, 38363, 39938}, cy[6] = {18000, 18500, 19000, 19000, 18500, 18000};
  for (int k = 0; k < 6; ++k) {
    EXPECT_EQ(s.army[0][size_t(k)].x, cx[k]);
    EXPECT_EQ(s.army[0][size_t(k)].y, cy[k]);
    EXPECT_EQ(s.army[0][size_t(k)].name, "Gauls and Spaniards");
  }
  EXPECT_EQ(s.army[0][6].x, 28913);   // Libyans
  EXPECT_EQ(s.army[0][9].x, 43088);
  EXPECT_EQ(s.army[0][9].y, 16500);
  EXPECT_EQ(s.army[0][12].x, 25150);  // Hasdrubal's third stand
  EXPECT_EQ(s.army[0][15].x, 50150);  // the third Numidian
  EXPECT_EQ(s.army[0][17].x, 36000);  // a slinger
  EXPECT_EQ(s.army[0][17].y, 21500);
  // Rome: 12 legion stands, 4 files by 3 ranks, front rank first.
  for (int k = 0; k < 12; ++k) {
    EXPECT_EQ(prof(s, 1, k), "legion");
    EXPECT_EQ(s.army[1][size_t(k)].x, cx[1 + k % 4]);
  }
  EXPECT_EQ(s.army[1][0].y, 30000);  // front rank
  EXPECT_EQ(s.army[1][4].y, 30591);  // second rank, touching behind (depth 0.591")
  EXPECT_EQ(s.army[1][11].y, 31182);
  for (int k = 12; k < 16; ++k) {
    EXPECT_EQ(prof(s, 1, k), "velites");
    EXPECT_EQ(s.army[1][size_t(k)].y, 27000);
  }
  EXPECT_EQ(s.army[1][15].x, 38363);
  for (int k = 16; k < 20; ++k) EXPECT_EQ(prof(s, 1, k), "hc");
  EXPECT_EQ(s.army[1][17].x, 27575);
  EXPECT_EQ(s.army[1][18].x, 44425);
  EXPECT_EQ(s.army[1][19].x, 46000);
  // The middle slinger's front edge to a velite's front edge: 4.713", inside sling range (6").
  const StandSpec &sl = s.army[0][17], &ve = s.army[1][13];
  const int32_t twice_gap = (2 * ve.y - s.profile_of(1, 13).depth) - (2 * sl.y + s.profile_of(0, 17).depth);
  EXPECT_EQ(twice_gap, 2 * 4713);
}

TEST(QuinnScenario, S2ZamaArmies) {
  const Scenario& s = builtin("s2");
  EXPECT_EQ(s.side_name[0], "Rome");
  EXPECT_EQ(s.side_name[1], "Carthage");
  EXPECT_EQ(s.round_limit, 12);
  ASSERT_EQ(s.army[0].size(), 20u);
  ASSERT_EQ(s.army[1].size(), 19u);
  // No break point lines: a third, rounded up.
  EXPECT_EQ(s.break_point[0], 0);
  EXPECT_EQ(s.break_point_of(0), 7);
  EXPECT_EQ(s.break_point_of(1), 7);
  const int32_t col[4] = {30638, 34213, 37788, 41363}, rank_y[3] = {14000, 13409, 12818};
  for (int k = 0; k < 12; ++k) {
    EXPECT_EQ(prof(s, 0, k), "legion");
    EXPECT_EQ(s.army[0][size_t(k)].x, col[k % 4]);
    EXPECT_EQ(s.army[0][size_t(k)].y, rank_y[k / 4]);
  }
  const int32_t lane[3] = {32425, 36000, 39575};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(prof(s, 0, 12 + k), "velites");
    EXPECT_EQ(s.army[0][size_t(12 + k)].x, lane[k]);
    EXPECT_EQ(prof(s, 1, k), "el");
    EXPECT_EQ(s.army[1][size_t(k)].x, lane[k]);
    EXPECT_EQ(s.army[1][size_t(k)].y, 22000);
  }
  // The velite's left edge is 0.2125" clear of the legion column on its left.
  EXPECT_EQ((2 * s.army[0][12].x - 1575) - (2 * s.army[0][0].x + 1575), 2 * 212);  // 0.2125 less the half mil of rounding
  EXPECT_EQ(prof(s, 0, 15), "hc");
  EXPECT_EQ(prof(s, 0, 17), "lc_jav");
  EXPECT_EQ(s.army[0][19].x, 51575);
  const char* b_profiles[] = {"el", "el", "el", "mi", "mi", "mi", "mi", "mi", "mi", "mi", "mi", "hi", "hi", "hi", "hi", "hc", "hc", "lc_jav", "lc_jav"};
  for (int k = 0; k < 19; ++k) EXPECT_EQ(prof(s, 1, k), b_profiles[k]) << k;
  EXPECT_EQ(s.army[1][3].y, 26000);
  EXPECT_EQ(s.army[1][7].y, 28500);
  EXPECT_EQ(s.army[1][14].y, 32000);
  EXPECT_EQ(s.army[1][14].x, 38363);
  EXPECT_EQ(s.army[1][18].x, 50000);
}

TEST(QuinnScenario, S3TinyArmies) {
  const Scenario& s = builtin("s3");
  EXPECT_EQ(s.round_limit, 8);
  EXPECT_EQ(s.break_point_of(0), 1);
  EXPECT_EQ(s.break_point_of(1), 1);
  ASSERT_EQ(s.army[0].size(), 2u);
  ASSERT_EQ(s.army[1].size(), 2u);
  EXPECT_EQ(prof(s, 0, 0), "hoplite");
  EXPECT_EQ(prof(s, 0, 1), "archers");
  EXPECT_EQ(prof(s, 1, 0), "hc");
  EXPECT_EQ(prof(s, 1, 1), "lc_bow");
  EXPECT_EQ(s.profile_of(1, 1).range(), 4500);
  EXPECT_EQ(s.army[0][0].x, 35000);
  EXPECT_EQ(s.army[0][0].y, 20000);
  EXPECT_EQ(s.army[0][1].x, 38000);
  EXPECT_EQ(s.army[1][0].y, 30000);
  EXPECT_EQ(s.army[1][1].x, 38000);
  EXPECT_EQ(s.army[1][1].heading, 270);
  // HC front edge 29.4095, hoplite front edge 20.2955: a charge of 9.114".
  EXPECT_EQ((2 * s.army[1][0].y - s.profile_of(1, 0).depth) - (2 * s.army[0][0].y + s.profile_of(0, 0).depth), 2 * 9114);
  EXPECT_EQ(stand_id(1, 1), 65);
}

TEST(QuinnScenario, RoundTripOfTheBuiltins) {
  for (const auto& s : builtin_scenarios()) {
    const std::string text = write_scenario(*s);
    Scenario back;
    std::vector<std::string> errors;
    ASSERT_TRUE(read_scenario(text, s->id + ".txt", back, errors)) << dump(errors) << text;
    expect_same(*s, back);
    EXPECT_EQ(write_scenario(back), text);
  }
}

TEST(QuinnScenario, RoundTripWithTerrainProfilesAndOptions) {
  const std::string text = kBase +
                           "about: A test with #, \"quotes\" and 2\" lanes.\n"
                           "round limit: 20\n"
                           "break point B: 1\n"
                           "successive melee: on\n"
                           "profile: ch rate=7.5\n"
                           "profile: fast_ch base=ch rate=8 weapon=bow\n"
                           "profile: odd base=hi melee=LI other=MI free=yes width=1.2 depth=0.4 sub=theban cap=5 locked=-1 disengage=-2\n"
                           "rough: wood 0,20 12,20 12,30 0,30\n"
                           "rough: marsh 60,0 70,0 65,5\n"
                           "B fast_ch \"Cars\" 40 40 180\n"
                           "A odd \"Odd\" 50.001 5.5 45\n";
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(text, "t.txt", s, errors)) << dump(errors);
  EXPECT_EQ(s.source, "t.txt");
  EXPECT_EQ(s.about, "A test with #, \"quotes\" and 2\" lanes.");
  EXPECT_TRUE(s.successive_melee);
  EXPECT_EQ(s.round_limit, 20);
  EXPECT_EQ(s.break_point[0], 0);
  EXPECT_EQ(s.break_point[1], 1);
  ASSERT_EQ(s.rough.size(), 2u);
  EXPECT_EQ(s.rough[1].poly[2].y, 5.0);
  EXPECT_EQ(s.profiles.size(), default_profiles().size() + 2);
  EXPECT_EQ(s.profiles[size_t(find_profile(s.profiles, "ch"))].rate, 7500);
  const std::string out = write_scenario(s);
  Scenario back;
  ASSERT_TRUE(read_scenario(out, "out.txt", back, errors)) << dump(errors) << out;
  expect_same(s, back);
  EXPECT_EQ(write_scenario(back), out);
}

TEST(QuinnScenario, LongAboutIsWrappedAndReadsBack) {
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(kBase, "t.txt", s, errors)) << dump(errors);
  for (int i = 0; i < 30; ++i) s.about += (i ? (i % 7 ? " " : "  ") : "") + std::string("word") + std::to_string(i);
  const std::string text = write_scenario(s);
  EXPECT_NE(text.find("\n  word"), std::string::npos) << text;  // continued on an indented line
  Scenario back;
  ASSERT_TRUE(read_scenario(text, "w.txt", back, errors)) << dump(errors);
  EXPECT_EQ(back.about, s.about);
}

TEST(QuinnScenario, DerivedProfileKeepsTheBaseButTheChangedValues) {
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(kBase + "profile: fast_ch base=ch rate=8 width=2\nB fast_ch \"Chariots\" 30 30 270\n", "t.txt", s, errors))
      << dump(errors);
  const int i = find_profile(s.profiles, "fast_ch");
  ASSERT_GE(i, int(default_profiles().size()));
  const Profile& p = s.profiles[size_t(i)];
  const Profile& ch = default_profiles()[size_t(find_profile(default_profiles(), "ch"))];
  EXPECT_EQ(p.rate, 8000);
  EXPECT_EQ(p.width, 2000);
  EXPECT_EQ(p.melee, ch.melee);
  EXPECT_EQ(p.other, ch.other);
  EXPECT_EQ(p.depth, ch.depth);
  EXPECT_EQ(p.weapon, ch.weapon);
  EXPECT_EQ(p.free_mover, ch.free_mover);
  EXPECT_EQ(p.sub, ch.sub);
  EXPECT_EQ(p.support_cap, ch.support_cap);
  EXPECT_EQ(p.locked_mod, ch.locked_mod);
  EXPECT_EQ(p.disengage_mod, ch.disengage_mod);
  // The default ch is left as it was, and the stand uses the new one.
  EXPECT_EQ(s.profiles[size_t(find_profile(s.profiles, "ch"))].rate, 6000);
  EXPECT_EQ(s.army[1][1].profile, i);
}

TEST(QuinnScenario, DefaultBreakPointIsAThirdRoundedUp) {
  Scenario s;
  std::vector<std::string> errors;
  const std::string text = kBase + "B hc \"Riders\" 20 30 270 files 3\n";  // B: 4 stands
  ASSERT_TRUE(read_scenario(text, "t.txt", s, errors)) << dump(errors);
  EXPECT_EQ(s.break_point[0], 0);
  EXPECT_EQ(s.break_point_of(0), 1);  // 2 stands
  EXPECT_EQ(s.break_point_of(1), 2);  // 4 stands
  EXPECT_EQ(s.round_limit, 12);
}

TEST(QuinnScenario, BlockFormFilesAndRanks) {
  Scenario s;
  std::vector<std::string> errors;
  const std::string text = kBase + "A mi \"Column\" 60 20 0 files 2 ranks 2\nA hi \"Line\" 30 10 90 files 2 spacing 2\n";
  ASSERT_TRUE(read_scenario(text, "t.txt", s, errors)) << dump(errors);
  ASSERT_EQ(s.army[0].size(), 8u);
  // Heading 0 (facing +x): files go up the table (+y), ranks back along -x.
  EXPECT_EQ(s.army[0][2].x, 60000);
  EXPECT_EQ(s.army[0][2].y, 20000);
  EXPECT_EQ(s.army[0][3].y, 21575);
  EXPECT_EQ(s.army[0][4].x, 60000 - 787);
  EXPECT_EQ(s.army[0][5].y, 21575);
  EXPECT_EQ(s.army[0][7].x, 32000);
  const auto e = bad(kBase + "A mi \"Slant\" 60 20 45 files 2\n");
  EXPECT_TRUE(has(e, "t.txt:9: stand A 2 \"Slant\": block:")) << dump(e);
}

// ---- errors, each on its line and naming the field

TEST(QuinnScenario, ErrorUnknownProfile) {
  const auto e = bad(kBase + "A mii \"Gauls\" 30 10 90\n");
  EXPECT_TRUE(has(e, "t.txt:9: stand A 2 \"Gauls\": profile: unknown profile \"mii\"")) << dump(e);
  const auto e2 = bad(kBase + "profile: fast base=chariot rate=8\n");
  EXPECT_TRUE(has(e2, "t.txt:9: profile fast: base: unknown profile \"chariot\"")) << dump(e2);
  const auto e3 = bad(kBase + "profile: fast_ch base=ch speed=8\n");
  EXPECT_TRUE(has(e3, "t.txt:9: profile fast_ch: speed: unknown profile field")) << dump(e3);
}

TEST(QuinnScenario, ErrorOverlappingStands) {
  const auto e = bad(kBase + "A mi \"Gauls\" 11 10.2 90\n");
  EXPECT_TRUE(has(e, "t.txt:9: stand A 2 \"Gauls\": overlaps stand A 0 \"Spears\"")) << dump(e);
  EXPECT_TRUE(has(e, "t.txt:9: stand A 2 \"Gauls\": overlaps stand A 1 \"Spears\"")) << dump(e);
  // Touching is fine; 0.002" of overlap is not.
  Scenario s;
  std::vector<std::string> errors;
  EXPECT_TRUE(read_scenario(kBase + "A hi \"Next\" 13.15 10 90\n", "t.txt", s, errors)) << dump(errors);
  EXPECT_TRUE(has(bad(kBase + "A hi \"Next\" 13.148 10 90\n"), "t.txt:9: stand A 2 \"Next\": overlaps stand A 1"));
  // Stands of both sides count.
  EXPECT_TRUE(has(bad(kBase + "B hc \"Riders\" 10.5 10.5 0\n"), "t.txt:9: stand B 1 \"Riders\": overlaps stand A 0"));
}

TEST(QuinnScenario, ErrorStandOffTheTable) {
  const auto e = bad(kBase + "B hc \"Riders\" 71.5 30 270\n");
  EXPECT_TRUE(has(e, "t.txt:9: stand B 1 \"Riders\": not wholly on the table")) << dump(e);
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears\" 30 -1 90\n"), "t.txt:9: stand A 2 \"Spears\": not wholly on the table"));
  // Within 0.001" of the edge is on the table: 0.787 puts the left edge 0.0005" over it.
  Scenario s;
  std::vector<std::string> errors;
  EXPECT_TRUE(read_scenario(kBase + "A hi \"Edge\" 0.787 0.2955 90\n", "t.txt", s, errors)) << dump(errors);
  EXPECT_TRUE(has(bad(kBase + "A hi \"Edge\" 0.785 0.2955 90\n"), "t.txt:9: stand A 2 \"Edge\": not wholly on the table"));
}

TEST(QuinnScenario, ErrorRoughPieces) {
  const auto e = bad(kBase + "rough: star 0,0 10,0 2,2 0,10\n");  // a dent at (2,2)
  EXPECT_TRUE(has(e, "t.txt:9: rough 0 \"star\": is not convex")) << dump(e);
  const auto e2 = bad(kBase + "rough: wood 0,20 12,20 12,30 0,30\nrough: marsh 10,25 20,25 20,35 10,35\n");
  EXPECT_TRUE(has(e2, "t.txt:10: rough 1 \"marsh\": overlaps rough 0 \"wood\"")) << dump(e2);
  EXPECT_TRUE(has(bad(kBase + "rough: line 0,0 5,5 10,10\n"), "t.txt:9: rough 0 \"line\": has no area"));
  EXPECT_TRUE(has(bad(kBase + "rough: nine 0,0 1,0 2,0.1 3,0.3 4,0.6 4,2 3,3 1,3 0,2\n"), "t.txt:9: rough 0 \"nine\": has 9 corners"));
  EXPECT_TRUE(has(bad(kBase + "rough: wood 0,0 1,0 1\n"), "t.txt:9: rough 0 \"wood\": an odd count"));
  // A pentagram turns left at every corner but goes round twice.
  EXPECT_TRUE(has(bad(kBase + "rough: pent 10,0 12.939,9.045 5.245,3.455 14.755,3.455 7.061,9.045\n"), "t.txt:9: rough 0 \"pent\": is not convex"));
  // Touching pieces are fine, clockwise corners are stored counter-clockwise.
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(kBase + "rough: wood 0,30 12,30 12,20 0,20\nrough: hill 12,20 20,20 20,30 12,30\n", "t.txt", s, errors))
      << dump(errors);
  EXPECT_EQ(s.rough[0].poly[0].x, 0.0);
  EXPECT_EQ(s.rough[0].poly[0].y, 20.0);
  std::string many = kBase;
  for (int i = 0; i < 17; ++i) many += "rough: r" + std::to_string(i) + " " + std::to_string(4 * i) + ",40 " + std::to_string(4 * i + 3) + ",40 " + std::to_string(4 * i + 3) + ",44\n";
  EXPECT_TRUE(has(bad(many), "t.txt:25: rough: 17 pieces, at most 16")) << dump(bad(many));
}

TEST(QuinnScenario, ErrorBadNumbers) {
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears\" 3.2.1 10 90\n"), "t.txt:9: stand A 2 \"Spears\": x: bad number \"3.2.1\""));
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears\" 30 1e1 90\n"), "t.txt:9: stand A 2 \"Spears\": y: bad number \"1e1\""));
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears\" 30 10 90.5\n"), "t.txt:9: stand A 2 \"Spears\": heading: bad number"));
  EXPECT_TRUE(has(bad(kBase + "round limit: twelve\n"), "t.txt:9: round limit: bad number \"twelve\""));
  EXPECT_TRUE(has(bad(kBase + "round limit: 100\n"), "t.txt:9: round limit: must be 1 to 99"));
  EXPECT_TRUE(has(bad(kBase + "round limit: 0\n"), "t.txt:9: round limit: must be 1 to 99"));
  EXPECT_TRUE(has(bad(kBase + "break point A: x\n"), "t.txt:9: break point A: bad number"));
  EXPECT_TRUE(has(bad(kBase + "break point A: 3\n"), "t.txt:9: break point A: 3 is not 1 to the side's 2 stands"));
  EXPECT_TRUE(has(bad(kBase + "profile: fast_ch base=ch rate=fast\n"), "t.txt:9: profile fast_ch: rate: bad number"));
  EXPECT_TRUE(has(bad(kBase + "successive melee: maybe\n"), "t.txt:9: successive melee: must be on or off"));
  EXPECT_TRUE(has(bad(kBase + "rough: wood 0,20 12,x 12,30\n"), "t.txt:9: rough 0 \"wood\": bad number \"x\""));
  const std::string table = "id: t1\ntitle: Test\ntable: 72 by 48\nA hi \"S\" 10 10 90\nB hi \"S\" 10 30 270\n";
  EXPECT_TRUE(has(bad(table), "t.txt:3: table: bad size"));
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears\" 30 10 400\n"), "t.txt:9: stand A 2 \"Spears\": heading 400 is not 0 to 359"));
}

TEST(QuinnScenario, ErrorKeysAndLines) {
  EXPECT_TRUE(has(bad(kBase + "id: t2\n"), "t.txt:9: id: given twice (first on line 1)"));
  EXPECT_TRUE(has(bad(kBase + "colour: red\n"), "t.txt:9: colour: unknown key"));
  EXPECT_TRUE(has(bad(kBase + "A hi Spears 30 10 90\n"), "t.txt:9: stand A 2: name: expected a name in double quotes"));
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears 30 10 90\n"), "t.txt:9: stand A 2: the name's closing double quote is missing"));
  EXPECT_TRUE(has(bad(kBase + "A hi \"Spears\" 30 10\n"), "t.txt:9: stand A 2: expected SIDE PROFILE"));
  EXPECT_TRUE(has(bad(kBase + "just words\n"), "t.txt:9: line: neither"));
  EXPECT_TRUE(has(bad(kBase + "  indented\n"), "t.txt:9: line: an indented line continues the key line"));
  EXPECT_TRUE(has(bad(kBase + "id t2\n"), "t.txt:9: line: neither"));
  EXPECT_TRUE(has(bad("title: Test\nA hi \"S\" 10 10 90\nB hi \"S\" 10 30 270\n"), "t.txt:1: id: missing"));
  EXPECT_TRUE(has(bad(kBase + "profile: fast_ch base=ch\nprofile: fast_ch base=hc\n"), "t.txt:10: profile fast_ch: defined twice (first on line 9)"));
  EXPECT_TRUE(has(bad(kBase + "id: t2\n"), "t.txt:9: id:"));
  EXPECT_TRUE(has(bad("id: bad id!\ntitle: Test\nA hi \"S\" 10 10 90\nB hi \"S\" 10 30 270\n"), "t.txt:1: id: \"bad id!\" must be"));
  EXPECT_TRUE(has(bad("id: t1\ntitle: Test\nside A: Reds\nA hi \"S\" 10 10 90\n"), "t.txt:1: side B: has no stands"));
  EXPECT_TRUE(has(bad("id: t1\ntitle: Test\nside A: Reds\nside B: Blues\nA hi \"S\" 10 10 90\n"), "t.txt:4: side B: has no stands"));
}

TEST(QuinnScenario, ErrorTooManyStands) {
  std::string text = kBase;  // A has 2 stands; 7 ranks of 9 more make 65
  text += "A hi \"Mass\" 20.0 40.0 90 files 9 ranks 7\n";
  const auto e = bad(text);
  EXPECT_TRUE(has(e, "t.txt:9: side A: 65 stands, at most 64")) << dump(e);
  // 64 are allowed.
  Scenario s;
  std::vector<std::string> errors;
  EXPECT_TRUE(read_scenario(kBase + "A hi \"Mass\" 20.0 40.0 90 files 31 ranks 2\n", "t.txt", s, errors)) << dump(errors);
  EXPECT_EQ(s.army[0].size(), 64u);
}

TEST(QuinnScenario, CommentsContinuationsAndLayout) {
  const std::string text =
      "\xEF\xBB\xBF# a comment\r\n"
      "ID: t1\r\n"
      "Title:   Spaced   out  \n"
      "about: one\n"
      "\tand two\n"
      "    # a comment ends it\n"
      "\n"
      "Round  Limit: 5\n"
      "side A: Reds\nside B: Blues\n"
      "a hi \"Spears\" 10 10 90\n";
  const auto e = bad(text + "  B hc \"\" 10 30 270\n");  // indented after a stand line: an error
  EXPECT_TRUE(has(e, "t.txt:12: line: an indented line")) << dump(e);
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(text + "B hc \"\" 10 30 270\n", "t.txt", s, errors)) << dump(errors);
  EXPECT_EQ(s.title, "Spaced   out");
  EXPECT_EQ(s.about, "one and two");
  EXPECT_EQ(s.round_limit, 5);
  EXPECT_EQ(s.army[1][0].name, "");
}

TEST(QuinnScenario, ValidateAScenarioBuiltInCode) {
  Scenario s;
  s.id = "code";
  s.title = "Code";
  StandSpec a;
  a.profile = find_profile(s.profiles, "hi");
  a.name = "Spears";
  a.x = 10000;
  a.y = 10000;
  a.heading = 90;
  s.army[0] = {a, a};
  s.army[1] = {a};
  s.army[1][0].y = 40000;
  s.army[1][0].profile = 99;
  s.break_point[1] = 2;
  s.rough.push_back({"wood", {{0, 0}, {5, 0}, {1, 1}, {0, 5}}});  // a dent at (1, 1)
  std::vector<std::string> errors;
  EXPECT_FALSE(validate_scenario(s, "code", errors));
  EXPECT_TRUE(has(errors, "code: stand A 1 \"Spears\": overlaps stand A 0 \"Spears\" by ")) << dump(errors);
  EXPECT_TRUE(has(errors, "code: stand B 0 \"Spears\": unknown profile")) << dump(errors);
  EXPECT_TRUE(has(errors, "code: break point B: 2 is not 1 to the side's 1 stands")) << dump(errors);
  EXPECT_TRUE(has(errors, "code: rough 0 \"wood\": is not convex")) << dump(errors);
  // Fixed, it passes, and it writes and reads back.
  s.army[0][1].x = 11575;
  s.army[1][0].profile = a.profile;
  s.break_point[1] = 0;
  s.rough[0].poly = {{0, 0}, {5, 0}, {5, 5}, {0, 5}};
  errors.clear();
  EXPECT_TRUE(validate_scenario(s, "code", errors)) << dump(errors);
  Scenario back;
  ASSERT_TRUE(read_scenario(write_scenario(s), "w.txt", back, errors)) << dump(errors);
  expect_same(s, back);
}

TEST(QuinnScenario, TheDocsExampleReads) {
  std::ifstream f(std::string(BGBOT_SOURCE_DIR) + "/docs/quinn-scenarios.md");
  ASSERT_TRUE(f) << "docs/quinn-scenarios.md";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string doc = ss.str();
  const size_t at = doc.find("## An example\n\n```\n");
  ASSERT_NE(at, std::string::npos);
  const size_t from = doc.find("```\n", at) + 4, to = doc.find("```\n", from);
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(doc.substr(from, to - from), "example", s, errors)) << dump(errors);
  EXPECT_EQ(s.army[0].size(), 10u);
  EXPECT_EQ(s.army[1].size(), 6u);
  EXPECT_EQ(s.break_point_of(0), 3);
  EXPECT_EQ(s.break_point_of(1), 2);
  EXPECT_EQ(s.profile_of(1, 5).rate, 8000);  // scythed: from ch as changed to 8"
  EXPECT_EQ(s.profile_of(1, 5).depth, 2000);
}

}  // namespace
}  // namespace bgb::quinn
