// The WRG tables (src/wrg6/tables.h, data/wrg6/tables/): the lookups against the test situations
// of spec §4 and the tables of §1, §3.2 and §3.3; the reader's errors (FILE:LINE: field).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "wrg6/tables.h"

namespace bgb::wrg6 {
namespace {

using Files = std::vector<std::pair<std::string, std::string>>;

Files builtin_files() {
  std::size_t n = 0;
  const EmbeddedTableFile* e = embedded_table_files(n);
  Files r;
  for (std::size_t i = 0; i < n; ++i) r.emplace_back(e[i].name, std::string(e[i].text, e[i].size));
  return r;
}

std::string& text_of(Files& files, const std::string& name) {
  for (auto& [n, t] : files)
    if (n == name) return t;
  ADD_FAILURE() << "no file " << name;
  static std::string none;
  return none;
}

// The 1-based line of the first line holding `needle`.
int line_of(const std::string& text, const std::string& needle) {
  const size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  int line = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// The built-in files with `from` replaced by `to` in `file`; the loader's errors.
std::vector<std::string> errors_after(const std::string& file, const std::string& from, const std::string& to,
                                      int* line = nullptr) {
  Files files = builtin_files();
  std::string& t = text_of(files, file);
  const size_t at = t.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at == std::string::npos) return {};
  if (line) *line = line_of(t, from);
  t.replace(at, from.size(), to);
  Tables out;
  std::vector<std::string> errors;
  EXPECT_FALSE(load_tables(files, out, errors));
  return errors;
}

bool has(const std::vector<std::string>& errors, const std::string& e) {
  for (const std::string& s : errors)
    if (s == e) return true;
  return false;
}

std::string all(const std::vector<std::string>& errors) {
  std::string r;
  for (const std::string& s : errors) r += s + "\n";
  return r;
}

// ---------------------------------------------------------------- the built-in files

TEST(Wrg6Tables, BuiltInFilesLoadWithoutErrors) {
  Files files = builtin_files();
  EXPECT_EQ(files.size(), table_file_names().size());
  Tables t;
  std::vector<std::string> errors;
  EXPECT_TRUE(load_tables(files, t, errors)) << all(errors);
  // Every table knows its sheet page; every number its confidence (the line's or its own).
  EXPECT_EQ(t.casualty.page, 6);
  EXPECT_EQ(t.reaction_thresholds.page, 3);
  EXPECT_EQ(t.reaction_factors.page, 2);
  EXPECT_EQ(t.moves.page, 4);
  EXPECT_EQ(t.ranges.page, 4);
  EXPECT_EQ(t.shooting_weapon.page, 4);
  EXPECT_EQ(t.hth_weapon.page, 5);
  EXPECT_EQ(t.tactical.page, 5);
  EXPECT_EQ(&tables(), &tables());  // read once
}

// docs/wrg6-tables.md counts the numbers of each file by confidence: the counts must be the files'.
TEST(Wrg6Tables, DocCountsMatchTheFiles) {
  std::ifstream f(std::string(BGBOT_SOURCE_DIR) + "/docs/wrg6-tables.md");
  ASSERT_TRUE(f) << "docs/wrg6-tables.md";
  std::stringstream doc;
  doc << f.rdbuf();
  const Tables& t = tables();
  for (const Table* x : {&t.casualty, &t.reaction_thresholds, &t.reaction_factors, &t.moves, &t.ranges, &t.hth_weapon,
                         &t.shooting_weapon, &t.tactical}) {
    int n = 0, ours = 0, by_conf[4] = {};
    for (const Row& r : x->rows)
      for (const Num& v : r.nums) {
        if (v.mark == Mark::Blank || v.mark == Mark::Unknown) continue;
        ++n;
        ++by_conf[int(v.conf)];
        ours += v.mark == Mark::Ours;
      }
    std::ostringstream want;
    want << "| " << x->file << " | " << n << " | " << by_conf[0] << " | " << by_conf[1] << " | " << by_conf[2] << " | "
         << by_conf[3] << " | " << ours << " |";
    EXPECT_NE(doc.str().find(want.str()), std::string::npos) << "docs/wrg6-tables.md should have the line\n" << want.str();
  }
}

// ---------------------------------------------------------------- W-CAS (§1.6, §4 #1-11)

TEST(Wrg6Tables, CasualtySituations) {
  EXPECT_EQ(casualties(5, 12), 30);  // §4 #1: "10" column 25 + "2" column 5
  EXPECT_EQ(casualties(0, 4), 3);    // §4 #2
  EXPECT_EQ(casualties(14, 3), 38);  // §4 #3: +14 counts as +12
  EXPECT_EQ(casualties(-4, 10), 0);  // §4 #4: worse than -3
  EXPECT_EQ(casualties(-3, 2), 0);   // §4 #5
  EXPECT_EQ(casualties(-3, 3), 1);
  EXPECT_EQ(casualties(7, 37), 148);  // §4 #6: 120 + 28
  EXPECT_EQ(casualties(2, 9), 11);    // §4 #7: the tens column is not the sum of units
  EXPECT_EQ(casualties(2, 10), 13);
  EXPECT_EQ(casualties(6, 23), 73);   // §4 #8: 64 + 9
  EXPECT_EQ(casualties(-1, 15), 8);   // §4 #9: 5 + 3
  EXPECT_EQ(casualties(12, 40), 500);  // §4 #10: as printed (M; the law gives 504)
  EXPECT_EQ(casualties(3, 1), 2);     // §4 #11
  EXPECT_EQ(casualties(3, 8), 13);
}

TEST(Wrg6Tables, CasualtyEdges) {
  EXPECT_EQ(casualties(12, 0), 0);
  EXPECT_EQ(casualties(12, -1), 0);
  EXPECT_EQ(casualties(100, 9), 114);   // +12's 9 column as printed (M; the law gives 113)
  EXPECT_EQ(casualties(8, 50), 250);
  EXPECT_EQ(casualties(8, 59), 250 + 45);
  EXPECT_EQ(casualties(8, 60), 250 + 50);        // ours: over 59, the 50 column again
  EXPECT_EQ(casualties(8, 73), 250 + 100 + 15);  // 50 + 20 + 3
  EXPECT_EQ(casualties(0, 110), 30 + 30 + 6);    // 50 + 50 + 10
}

// W-CAS (§1.6): the 20..50 columns are multiples of the 10 column, and from -1 up the 1..9 and 10
// columns follow one rate per figure, rounded half up; the only exceptions are the two M cells.
TEST(Wrg6Tables, CasualtyTableFollowsTheSeriesExceptTheTwoPrintedCells) {
  const int kRate[14] = {50, 63, 80, 126, 158, 200, 250, 315, 400, 500, 630, 800, 1000, 1260};  // x 1/100
  const Tables& t = tables();
  for (int total = -3; total <= 12; ++total) {
    const int(&row)[14] = t.cas[total + 3];
    for (int k = 2; k <= 5; ++k) {
      if (total == 12 && k == 4) {
        EXPECT_EQ(row[3], 500);
        continue;
      }
      EXPECT_EQ(row[k - 1], k * row[0]) << "total " << total << ", column " << 10 * k;
    }
    if (total < -1) continue;
    const int rate = kRate[total + 1];
    EXPECT_EQ(row[0], (rate * 10 + 50) / 100) << "total " << total << ", column 10";
    for (int n = 1; n <= 9; ++n) {
      const int law = (rate * n + 50) / 100;
      if (total == 12 && n == 9) {
        EXPECT_EQ(law, 113);
        EXPECT_EQ(row[5 + n - 1], 114);
        continue;
      }
      EXPECT_EQ(row[5 + n - 1], law) << "total " << total << ", column " << n;
    }
  }
  // The two M cells are marked so in the file.
  const Row* r = t.casualty.find("+12");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->nums[3].conf, Conf::M);
  EXPECT_EQ(r->nums[13].conf, Conf::M);
  EXPECT_EQ(r->nums[0].conf, Conf::H);
}

// ---------------------------------------------------------------- W-RD (§1.2, I-CAS; §4 #12-14)

TEST(Wrg6Tables, ReactionDiceSituations) {
  const int start = 12 * 20;
  EXPECT_EQ(reaction_dice(9 * 20, start), 3);       // §4 #12: 180 > 160
  EXPECT_EQ(reaction_dice(8 * 20, start), 2);       // §4 #13: exactly 2/3 is not above
  EXPECT_EQ(reaction_dice(7 * 20 - 15, start), 2);  // §4 #14: 125 > 120
  EXPECT_EQ(reaction_dice(6 * 20, start), 1);       // exactly half
  EXPECT_EQ(reaction_dice(0, start), 1);
}

// ---------------------------------------------------------------- W-RT (§3.2), W-RF (§1.2)

TEST(Wrg6Tables, ReactionBandsAreTheProposalOfSection3_2) {
  // Lowest score of R1..R5 per column; R6 below.
  const int kLow[kGrades][5] = {{12, 6, 5, 2, 1}, {16, 7, 6, 3, 2},  {15, 12, 8, 5, 3},
                                {17, 13, 9, 6, 4}, {20, 15, 10, 6, 5}, {15, 13, 11, 8, 6}};
  for (int g = 0; g < kGrades; ++g) {
    for (int b = 0; b < 5; ++b) {
      EXPECT_EQ(reaction_band(kLow[g][b], Grade(g)), b + 1) << grade_name(Grade(g)) << " R" << b + 1;
      if (b > 0) {
        EXPECT_EQ(reaction_band(kLow[g][b - 1] - 1, Grade(g)), b + 1) << grade_name(Grade(g));  // the band's top
      }
    }
    EXPECT_EQ(reaction_band(kLow[g][4] - 1, Grade(g)), 6) << grade_name(Grade(g));
    EXPECT_EQ(reaction_band(-20, Grade(g)), 6);
    EXPECT_EQ(reaction_band(40, Grade(g)), 1);
  }
}

TEST(Wrg6Tables, ReactionFactorValues) {
  const int kValue[kFactors] = {+1, +1, +1, +1, +1, +1, +2, +2, +2, +2, +2, +3, +3,               // P1-P13
                                -1, -1, -1, -1, -1, -1, -1, -2, -2, -2, -2, -2, -3, -3, -3, -3, -3,  // M1-M17
                                +1, +2, +3};                                                        // G1-G3
  for (int f = 0; f < kFactors; ++f) EXPECT_EQ(factor_value(Factor(f)), kValue[f]) << factor_name(Factor(f));
}

TEST(Wrg6Tables, ReactionSituations) {
  // §4 #15: Irr A to charge a shaken enemy: P1 + P8 + G3 = +6, dice 2 3 4 -> 15 -> R1.
  const int s15 = factor_value(Factor::P1) + factor_value(Factor::P8) + factor_value(Factor::G3) + 2 + 3 + 4;
  EXPECT_EQ(s15, 15);
  EXPECT_EQ(reaction_band(s15, Grade::IrrA), 1);
  // §4 #16: Reg A, 15 -> R2 (its top), 16 -> R1.
  EXPECT_EQ(reaction_band(15, Grade::RegA), 2);
  EXPECT_EQ(reaction_band(16, Grade::RegA), 1);
  // §4 #17: Reg C mounted charged by foot: M14 + M1 + G1 = -3; 1 d6 shows 6 -> 3 -> R6.
  const int s17 = factor_value(Factor::M14) + factor_value(Factor::M1) + factor_value(Factor::G1) + 6;
  EXPECT_EQ(s17, 3);
  EXPECT_EQ(reaction_band(s17, Grade::RegC), 6);
  // §4 #18: Irr B, M8 + M10, dice 1 1 2 -> 0 -> R6.
  const int s18 = factor_value(Factor::M8) + factor_value(Factor::M10) + 1 + 1 + 2;
  EXPECT_EQ(s18, 0);
  EXPECT_EQ(reaction_band(s18, Grade::IrrB), 6);
  // §4 #20: Irr C light troops on occasion 1: M13 + M1, dice 5 5 6 -> 12 -> R3.
  const int s20 = factor_value(Factor::M13) + factor_value(Factor::M1) + 5 + 5 + 6;
  EXPECT_EQ(s20, 12);
  EXPECT_EQ(reaction_band(s20, Grade::IrrC), 3);
  // §4 #21: M5 for 16 shooting casualties on 10 figures: 3.2 halves per figure -> -3.
  EXPECT_EQ(half_casualties_per_figure(16, 10), 3);
  EXPECT_EQ(shooting_loss_factor(16, 10), -3);
  EXPECT_EQ(shooting_loss_factor(15, 10), -3);
  EXPECT_EQ(shooting_loss_factor(4, 10), 0);
  EXPECT_EQ(shooting_loss_factor(5, 10), -1);
  EXPECT_EQ(shooting_loss_factor(5, 0), 0);
  // §4 #22: P2 for each of two retiring enemy bodies -> +2.
  EXPECT_EQ(2 * factor_value(Factor::P2), 2);
  // §4 #23: Reg B, score 10 -> R3.
  EXPECT_EQ(reaction_band(10, Grade::RegB), 3);
}

// ---------------------------------------------------------------- W-TF (§1.5)

TEST(Wrg6Tables, TacticalFactorValues) {
  const int kValue[kTacticals] = {+2, +1, +1, +1, +1, -1, -1, -1, -1, -1, -2, -1,  // hand-to-hand
                                  +2, +1, -1, -2, -1};                             // shooting
  for (int i = 0; i < kTacticals; ++i) EXPECT_EQ(tactical_value(Tactical(i)), kValue[i]) << tactical_name(Tactical(i));
  EXPECT_EQ(target_moved_paces(), 40);
  EXPECT_FALSE(is_shooting(Tactical::Shaken));
  EXPECT_TRUE(is_shooting(Tactical::TargetShieldlessMI));
}

// ---------------------------------------------------------------- W-MOV (§1.4, §3.1; §4 #30-32)

TEST(Wrg6Tables, MovesOfTheSubset) {
  struct Want {
    Troop t;
    MoveRow m;
  };
  const Want kWant[] = {{Troop::HC, {120, 160, 70, 70}},
                        {Troop::LC, {160, 200, 90, 40}},
                        {Troop::HI, {60, 80, 20, 20}},
                        {Troop::MI, {60, 80, 20, 20}},
                        {Troop::LI, {80, 100, 40, 40}}};
  for (const Want& w : kWant) {
    const MoveRow& m = move_of(w.t);
    EXPECT_EQ(m.normal, w.m.normal) << troop_name(w.t);
    EXPECT_EQ(m.charge, w.m.charge) << troop_name(w.t);
    EXPECT_EQ(m.evade_a, w.m.evade_a) << troop_name(w.t);
    EXPECT_EQ(m.evade_b, w.m.evade_b) << troop_name(w.t);
  }
  EXPECT_EQ(move_of(Troop::HI).charge, 80);      // §4 #30: HI charge reach 80 p
  EXPECT_EQ(move_of(Troop::HI).normal / 2, 30);  // §4 #31: Q moves 30..60, W at most 30
  EXPECT_EQ(evade_paces_a(Troop::LI, 3), 70);    // §4 #32: 40 + 10 x 3
  EXPECT_EQ(evade_paces_a(Troop::LC, 1), 100);   //          90 + 10 x 1
  // The rest of the sheet's rows are there too.
  ASSERT_NE(move_row("siege-towers"), nullptr);
  EXPECT_EQ(move_row("siege-towers")->evade_a, 20);
  ASSERT_NE(move_row("shk-ehk-hch"), nullptr);
  EXPECT_EQ(move_row("shk-ehk-hch")->charge, 160);
  EXPECT_EQ(move_row("bolt-manhandled")->charge, 0);  // "-": no charge move
  EXPECT_EQ(move_row("nothing"), nullptr);
  EXPECT_EQ(tables().move_rows.size(), 16u);
}

// ---------------------------------------------------------------- W-RNG (§1.4; §4 #33-35)

TEST(Wrg6Tables, RangeSituations) {
  EXPECT_TRUE(in_range(Missile::FootBow, 200));  // §4 #33: max 240
  EXPECT_TRUE(is_long_range(Missile::FootBow, 200));  // 80 or more
  EXPECT_EQ(tactical_value(Tactical::LongRange), -1);
  EXPECT_FALSE(in_range(Missile::FootBow, 250));
  EXPECT_TRUE(in_range(Missile::Javelin, 40));  // §4 #34
  EXPECT_FALSE(is_long_range(Missile::Javelin, 40));
  EXPECT_FALSE(in_range(Missile::Javelin, 41));
  const RangeRow* darts = range_row("darts");
  ASSERT_NE(darts, nullptr);
  EXPECT_FALSE(is_long_range(*darts, 39));
  EXPECT_TRUE(is_long_range(*darts, 40));
  EXPECT_TRUE(in_range(*darts, 80));
  const RangeRow* xbow = range_row("foot-crossbows");  // §4 #35
  ASSERT_NE(xbow, nullptr);
  EXPECT_TRUE(in_range(*xbow, 300));
  EXPECT_FALSE(in_range(*xbow, 301));
  const RangeRow* engines = range_row("engines");
  ASSERT_NE(engines, nullptr);
  EXPECT_TRUE(in_range(*engines, 470));
  EXPECT_TRUE(is_long_range(*engines, 470));
  EXPECT_FALSE(is_long_range(*engines, 179));
  EXPECT_EQ(tables().range_rows.size(), 11u);
}

TEST(Wrg6Tables, RangesOfTheSubset) {
  EXPECT_EQ(range_of(Missile::Javelin).max, 40);
  EXPECT_EQ(range_of(Missile::Javelin).long_from, 0);
  EXPECT_EQ(range_of(Missile::MountedBow).max, 180);
  EXPECT_EQ(range_of(Missile::MountedBow).long_from, 80);
  EXPECT_EQ(range_of(Missile::FootBow).max, 240);
  EXPECT_EQ(range_of(Missile::FootBow).long_from, 80);
  EXPECT_EQ(range_of(Missile::Sling).max, 120);
  EXPECT_EQ(range_of(Missile::Sling).long_from, 60);  // ours, by analogy (L)
  EXPECT_EQ(range_of(Missile::None).max, 0);
  EXPECT_FALSE(in_range(Missile::None, 0));
  EXPECT_FALSE(is_long_range(Missile::None, 500));
  // Slings' long range is marked as ours: the sheet prints nothing there.
  const Row* r = tables().ranges.find("slings");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->nums[1].mark, Mark::Ours);
  EXPECT_EQ(r->nums[1].conf, Conf::L);
}

// ---------------------------------------------------------------- W-HWF, W-SWF (§3.3; §4 #37, #39)

TEST(Wrg6Tables, HandToHandFactorsOfTheSubset) {
  // Columns HC LC HI MI LI (c5 c7 c9 c10 c11).
  const int kCharging[kMelees][kTroops] = {{5, 4, 4, 5, 4}, {3, 4, 1, 2, 2}, {5, 4, 1, 2, 3}, {3, 3, 5, 5, 5}, {2, 3, 1, 2, 3}};
  for (int w = 0; w < kMelees; ++w)
    for (int o = 0; o < kTroops; ++o) {
      EXPECT_EQ(hth_factor(Melee(w), true, Troop(o)), kCharging[w][o]) << melee_name(Melee(w)) << " vs " << troop_name(Troop(o));
      // Not charging, a lance fights as other cavalry weapons; the rest do not change.
      const int other = w == int(Melee::Lance) ? kCharging[int(Melee::CavalryOther)][o] : kCharging[w][o];
      EXPECT_EQ(hth_factor(Melee(w), false, Troop(o)), other) << melee_name(Melee(w)) << " vs " << troop_name(Troop(o));
    }
}

TEST(Wrg6Tables, ShootingFactorsOfTheSubset) {
  const int kWant[kMissiles][kTroops] = {{0, 0, 0, 0, 0}, {3, 2, 1, 2, 2}, {3, 2, 1, 2, 2}, {3, 2, 1, 2, 2}, {2, 1, 1, 2, 2}};
  for (int m = 0; m < kMissiles; ++m)
    for (int o = 0; o < kTroops; ++o)
      EXPECT_EQ(shoot_factor(Missile(m), Troop(o)), kWant[m][o]) << missile_name(Missile(m)) << " vs " << troop_name(Troop(o));
}

TEST(Wrg6Tables, CombatSituations) {
  // §4 #37: 6 LI javelins at shieldless MI 30 p away: 2 + 2 + die 3 = +7 -> 24 casualties.
  EXPECT_TRUE(in_range(Missile::Javelin, 30));
  const int f37 = shoot_factor(Missile::Javelin, Troop::MI) + tactical_value(Tactical::TargetShieldlessMI) + 3;
  EXPECT_EQ(f37, 7);
  EXPECT_EQ(casualties(f37, 6), 24);
  // §4 #39: impetuous HC lance charging MI: 5 + 2 (the +1 charging line not added) + die 4 = 11,
  // 4 figures -> 40. The MI: other infantry vs HC 2, disordered -1, die 2 = 3, 5 figures -> 8.
  const int hc = hth_factor(Melee::Lance, true, Troop::MI) +
                 std::max(tactical_value(Tactical::ImpetuousCharge), tactical_value(Tactical::Charging)) + 4;
  EXPECT_EQ(hc, 11);
  EXPECT_EQ(casualties(hc, 4), 40);
  const int mi = hth_factor(Melee::InfantryOther, false, Troop::HC) + tactical_value(Tactical::DisorderPerCause) + 2;
  EXPECT_EQ(mi, 3);
  EXPECT_EQ(casualties(mi, 5), 8);
}

// ---------------------------------------------------------------- names

TEST(Wrg6Tables, NamesRoundTrip) {
  for (int i = 0; i < kTroops; ++i) {
    Troop x;
    EXPECT_TRUE(parse_troop(troop_name(Troop(i)), x));
    EXPECT_EQ(x, Troop(i));
  }
  for (int i = 0; i < kMelees; ++i) {
    Melee x;
    EXPECT_TRUE(parse_melee(melee_name(Melee(i)), x));
    EXPECT_EQ(x, Melee(i));
  }
  for (int i = 0; i < kMissiles; ++i) {
    Missile x;
    EXPECT_TRUE(parse_missile(missile_name(Missile(i)), x));
    EXPECT_EQ(x, Missile(i));
  }
  for (int i = 0; i < kGrades; ++i) {
    Grade x;
    EXPECT_TRUE(parse_grade(grade_name(Grade(i)), x));
    EXPECT_EQ(x, Grade(i));
  }
  for (int i = 0; i < kFactors; ++i) {
    Factor x;
    EXPECT_TRUE(parse_factor(factor_name(Factor(i)), x));
    EXPECT_EQ(x, Factor(i));
  }
  for (int i = 0; i < kTacticals; ++i) {
    Tactical x;
    EXPECT_TRUE(parse_tactical(tactical_name(Tactical(i)), x));
    EXPECT_EQ(x, Tactical(i));
  }
  EXPECT_STREQ(troop_name(Troop::HC), "hc");
  EXPECT_STREQ(melee_name(Melee::Lance), "lance");
  EXPECT_STREQ(missile_name(Missile::Javelin), "javelin");
  EXPECT_STREQ(grade_name(Grade::IrrA), "irr-a");
  Troop t;
  EXPECT_TRUE(parse_troop("HC", t));  // case does not matter
  EXPECT_FALSE(parse_troop("hcx", t));
  EXPECT_FALSE(parse_troop("h", t));
  EXPECT_FALSE(parse_troop("", t));
  Grade g;
  EXPECT_FALSE(parse_grade("irr-d", g));
  EXPECT_TRUE(is_mounted(Troop::HC) && is_mounted(Troop::LC) && !is_mounted(Troop::HI));
  EXPECT_TRUE(is_light(Troop::LC) && is_light(Troop::LI) && !is_light(Troop::MI) && !is_light(Troop::HC));
}

// ---------------------------------------------------------------- the reader's errors

TEST(Wrg6TablesReader, WrongCountNamesFileLineAndRow) {
  int line = 0;
  const auto e = errors_after("casualty.txt", "11 13 14\n", "11 13\n", &line);
  EXPECT_TRUE(has(e, "casualty.txt:" + std::to_string(line) + ": row +3: expected 14 numbers, found 13")) << all(e);
}

TEST(Wrg6TablesReader, NonNumber) {
  int line = 0;
  const auto e = errors_after("casualty.txt", "75 100 125", "75 1O0 125", &line);
  EXPECT_TRUE(has(e, "casualty.txt:" + std::to_string(line) + ": row +5: value 4: \"1O0\" is not a number")) << all(e);
}

TEST(Wrg6TablesReader, DuplicateRow) {
  Files files = builtin_files();
  std::string& t = text_of(files, "reaction_factors.txt");
  const int first = line_of(t, "\np1 ") + 1;
  t += "p1 M +2\n";
  const int dup = line_of(t, "p1 M +2");
  Tables out;
  std::vector<std::string> e;
  EXPECT_FALSE(load_tables(files, out, e));
  EXPECT_TRUE(has(e, "reaction_factors.txt:" + std::to_string(dup) + ": row p1: duplicate (first at line " +
                         std::to_string(first) + ")"))
      << all(e);
}

TEST(Wrg6TablesReader, MissingTableRowAndPage) {
  Files files = builtin_files();
  std::erase_if(files, [](const auto& f) { return f.first == "tactical.txt"; });
  Tables out;
  std::vector<std::string> e;
  EXPECT_FALSE(load_tables(files, out, e));
  EXPECT_TRUE(has(e, "tactical.txt: missing (no such table file)")) << all(e);

  auto e2 = errors_after("casualty.txt", "+7  H", "#7  H");
  EXPECT_TRUE(has(e2, "casualty.txt: row +7: missing")) << all(e2);
  auto e3 = errors_after("moves.txt", "\npage 4\n", "\n");
  EXPECT_TRUE(has(e3, "moves.txt: no `page` line (the sheet page of the table)")) << all(e3);
  int line = 0;
  auto e4 = errors_after("moves.txt", "\npage 4\n", "\npage 7\n", &line);
  EXPECT_TRUE(has(e4, "moves.txt:" + std::to_string(line + 1) + ": page: expected one sheet page number 1..6")) << all(e4);
}

TEST(Wrg6TablesReader, UnknownFileAndUnknownRow) {
  Files files = builtin_files();
  files.emplace_back("elephants.txt", "page 5\n");
  Tables out;
  std::vector<std::string> e;
  EXPECT_FALSE(load_tables(files, out, e));
  EXPECT_EQ(e.size(), 1u) << all(e);
  EXPECT_NE(all(e).find("elephants.txt: not a table file"), std::string::npos) << all(e);
  int line = 0;
  auto e2 = errors_after("casualty.txt", "+12 H", "+13 H", &line);
  EXPECT_TRUE(has(e2, "casualty.txt:" + std::to_string(line) +
                          ": unknown row \"+13\" (expected figures, -3, -2, -1, 0, +1 .. +12)"))
      << all(e2);
}

TEST(Wrg6TablesReader, BadConfidence) {
  int line = 0;
  auto e = errors_after("casualty.txt", "378 500:M", "378 500:X", &line);
  EXPECT_TRUE(has(e, "casualty.txt:" + std::to_string(line) +
                         ": row +12: value 4: \"500:X\": \"X\" is not a confidence (H, M, L or ?)"))
      << all(e);
  auto e2 = errors_after("reaction_factors.txt", "m5   M  -1", "m5   Q  -1", &line);
  EXPECT_TRUE(has(e2, "reaction_factors.txt:" + std::to_string(line) +
                          ": row m5: \"Q\" is not a confidence (H, M, L or ?)"))
      << all(e2);
}

TEST(Wrg6TablesReader, TableSpecificChecks) {
  int line = 0;
  // W-RT bands must fall from r1 to r5 in every column.
  auto e = errors_after("reaction_thresholds.txt", "r3  L    5  6", "r3  L    7  6", &line);
  EXPECT_TRUE(has(e, "reaction_thresholds.txt:" + std::to_string(line) + ": row r3: column 1: 7 must be below r2's 6"))
      << all(e);
  // A troop type's row must exist and have every move.
  auto e2 = errors_after("moves.txt", "troop li lhi-lmi-li", "troop li lhi-li", &line);
  EXPECT_TRUE(has(e2, "moves.txt:" + std::to_string(line) + ": troop li: no move row \"lhi-li\"")) << all(e2);
  auto e3 = errors_after("moves.txt", "troop hi hi-mi", "troop hi ox-carts-wagons", &line);
  EXPECT_TRUE(has(e3, "moves.txt:" + std::to_string(line) + ": troop hi: row ox-carts-wagons has no charge move")) << all(e3);
  // The column of a troop type must name it.
  auto e4 = errors_after("hth_weapon.txt", "troop mi c10", "troop mi c9", &line);
  EXPECT_TRUE(has(e4, "hth_weapon.txt:" + std::to_string(line) + ": troop mi: column c9 (hi) does not hold mi")) << all(e4);
  // "+die" only after an evade distance.
  auto e5 = errors_after("ranges.txt", "darts                   H     80", "darts                   H     80+die", &line);
  EXPECT_TRUE(has(e5, "ranges.txt:" + std::to_string(line) + ": row darts: value 1: \"+die\" only follows an evade distance"))
      << all(e5);
  // Long range below the max.
  auto e6 = errors_after("ranges.txt", "darts                   H     80    40", "darts                   H     80    80", &line);
  EXPECT_TRUE(has(e6, "ranges.txt:" + std::to_string(line) + ": row darts: long range from 80 must be below the max 80"))
      << all(e6);
  // A tactical item in the wrong list.
  auto e7 = errors_after("tactical.txt", "hth   shaken ", "shoot shaken ", &line);
  EXPECT_TRUE(has(e7, "tactical.txt:" + std::to_string(line) + ": shoot shaken: belongs to the hth list")) << all(e7);
  // A subset missile without a factor line.
  auto e8 = errors_after("shooting_weapon.txt", "factor sling", "#", &line);
  EXPECT_TRUE(has(e8, "shooting_weapon.txt: factor sling: missing")) << all(e8);
  // A casualty cell must be a number.
  auto e9 = errors_after("casualty.txt", "+8  H        50", "+8  H        -", &line);
  EXPECT_TRUE(has(e9, "casualty.txt:" + std::to_string(line) + ": row +8: column 10: needs a number")) << all(e9);
}

// Garbage never crashes the reader: every file, cut or scrambled at random places, loads with
// errors or (rarely) without, and never reads out of bounds (the sanitizer build checks).
TEST(Wrg6TablesReader, DamagedTextNeverCrashes) {
  std::mt19937 rng(19);
  const Files base = builtin_files();
  for (int round = 0; round < 300; ++round) {
    Files files = base;
    auto& text = files[rng() % files.size()].second;
    const int edits = 1 + int(rng() % 6);
    for (int k = 0; k < edits && !text.empty(); ++k) {
      const size_t at = rng() % text.size();
      switch (rng() % 4) {
        case 0: text.erase(at, 1 + rng() % 20); break;
        case 1: text.insert(at, 1, " \n:~-?+#0123456789abcHML"[rng() % 24]); break;
        case 2: text[at] = char(' ' + rng() % 95); break;
        default: text.resize(at); break;
      }
    }
    Tables out;
    std::vector<std::string> e;
    const bool ok = load_tables(files, out, e);
    EXPECT_EQ(ok, e.empty());
  }
}

}  // namespace
}  // namespace bgb::wrg6
