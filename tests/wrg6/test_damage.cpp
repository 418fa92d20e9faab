// The damage test of spec §0: the rebuilt tables, passed through the damage the seed suffered
// (every digit 4 and 9 deleted; a number left empty vanishes), must give back the seed's tokens
// in the sheet's reading order, token for token. It pins our numbers to the source: a changed H
// number breaks it, and so does a number put where the sheet has none.
//
// Each check has the seed's tokens twice: as a literal here (so the check runs on any machine)
// and read from the seed file itself (../shared/seeds/004_5e71fbd5708afd59.txt beside the
// repository), which must give the same literal. Tokens are the runs of digits between two pieces
// of the seed's text; signs and the lone "+" of a lost "+4" are not compared.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "wrg6/tables.h"

namespace bgb::wrg6 {
namespace {

using Tokens = std::vector<std::string>;

// §0: the decimal digits of |n| without any 4 or 9; nothing when none is left.
void degrade(int n, Tokens& out) {
  std::string s;
  for (char c : std::to_string(n < 0 ? -n : n))
    if (c != '4' && c != '9') s += c;
  if (!s.empty()) out.push_back(s);
}

// The runs of digits of a text.
Tokens digit_runs(std::string_view s) {
  Tokens r;
  for (size_t i = 0; i < s.size();) {
    if (s[i] < '0' || s[i] > '9') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    r.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return r;
}

Tokens words(const std::string& s) {
  std::istringstream in(s);
  Tokens r;
  for (std::string w; in >> w;) r.push_back(w);
  return r;
}

std::string seed_text() {
  std::ifstream f(BGBOT_WRG6_SEED);
  if (!f) return {};
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The seed's tokens after the first `begin` and before the next `end` (both found, or a failure).
Tokens seed_tokens(const std::string& seed, const std::string& begin, const std::string& end) {
  const size_t i = seed.find(begin);
  EXPECT_NE(i, std::string::npos) << "no " << begin << " in the seed";
  if (i == std::string::npos) return {};
  const size_t j = seed.find(end, i + begin.size());
  EXPECT_NE(j, std::string::npos) << "no " << end << " after " << begin << " in the seed";
  if (j == std::string::npos) return {};
  return digit_runs(std::string_view(seed).substr(i + begin.size(), j - i - begin.size()));
}

// The numbers the sheet prints (not "-", "?" or our "~" values) of row `key`, degraded, appended.
void degrade_row(const Table& t, const std::string& key, Tokens& out, size_t from = 0, size_t to = 99) {
  const Row* r = t.find(key);
  ASSERT_NE(r, nullptr) << t.file << ": no row " << key;
  for (size_t k = from; k < r->nums.size() && k < to; ++k)
    if (r->nums[k].mark == Mark::Printed) degrade(r->nums[k].value, out);
}

// ---------------------------------------------------------------- the seed's tokens, as literals

// Page 6, after "Number of figures shooting or fighting:": the header (10 20 30 40 50, 1..9), then
// each row's total and its 14 cells, rows -3 .. +12. 235 tokens.
const char* const kCasualtySeed =
    "10 20 30 0 50 1 2 3 5 6 7 8 "
    "3 3 6 12 15 0 0 1 1 1 2 2 2 3 "
    "2 8 12 16 20 0 1 2 2 2 3 3 3 "
    "1 5 10 15 20 25 1 1 2 2 3 3 5 "
    "0 6 12 18 2 30 1 1 2 3 3 5 6 "
    "1 8 16 2 32 0 1 2 2 3 5 6 6 7 "
    "2 13 26 3 52 65 1 3 5 6 8 10 11 "
    "3 16 32 8 6 80 2 3 5 6 8 11 13 1 "
    "20 0 60 80 100 2 6 8 10 12 1 16 18 "
    "5 25 50 75 100 125 3 5 8 10 13 15 18 20 23 "
    "6 32 6 6 128 160 3 6 13 16 1 22 25 28 "
    "7 0 80 120 160 200 8 12 16 20 2 28 32 36 "
    "8 50 100 150 200 250 5 10 15 20 25 30 35 0 5 "
    "63 126 18 252 315 6 13 1 25 32 38 50 57 "
    "10 80 160 20 320 00 8 16 2 32 0 8 56 6 72 "
    "11 100 200 300 00 500 10 20 30 0 50 60 70 80 0 "
    "12 126 252 378 500 630 13 25 38 50 63 76 88 101 11";

// Page 3: the rows of W-RT that survive whole, and the 26 tokens between them.
const char* const kR1FromSeed = "12 16 15 17 20 15";
const char* const kR2ToSeed = "11 15 1 16 1 1";
const char* const kR6ToSeed = "0 1 2 3 5";
const char* const kRtInteriorSeed = "6 6 10 13 16 5 2 1 7 3 6 3 2 12 8 5 3 15 10 6 5 13 12 11 8 6";

// Page 4, W-MOV: each row's normal, charge and evade, where printed.
const char* const kMovesSeed =
    "80 160 30 80 120 20 120 160 70 120 120 20 160 200 0 0 0 0 60 60 10 60 80 20 80 100 0 60 80 80 0 "
    "0 20 20 20 120 160 70 60 60 0 0 30";
// Page 4, W-RNG: each row's max, long range and height, where printed.
const char* const kRangesSeed = "20 10 0 10 80 0 10 120 120 60 180 80 20 20 80 20 20 20 280 80 20 300 80 20 80 180 30";
// Page 4, W-SWF: the 45 tokens of the shooting weapon factors.
const char* const kSwfSeed =
    "0 1 3 3 2 1 2 2 1 2 2 3 3 3 2 0 1 2 2 1 1 1 2 2 2 2 1 0 1 1 1 0 1 2 2 2 2 2 1 2 3 3 3 1 2";
// Page 5, W-HWF: the rows in the sheet's order (the light-spear extra before the scythed one).
const char* const kHwfSeed =
    "1 3 2 5 5 3 5 0 "
    "0 1 1 2 3 1 1 2 2 0 "
    "3 2 5 5 0 1 2 3 2 "
    "2 2 3 3 3 3 3 0 5 5 5 "
    "5 5 5 5 5 2 3 5 5 5 3 "
    "0 1 1 2 2 3 3 0 1 2 3 1 "
    "3 3 3 2 2 2 1 3 2 2 0 0 "
    "0 0 0 1 2 3 2 0 1 2 1 0 "
    "1 1 2 1 1 2 2 "
    "5 3 2 2 1 1 2 3 3";

// ---------------------------------------------------------------- our tables, degraded

Tokens casualty_degraded() {
  const Table& t = tables().casualty;
  Tokens out;
  degrade_row(t, "figures", out);
  for (int total = -3; total <= 12; ++total) {
    const std::string key = (total > 0 ? "+" : "") + std::to_string(total);
    degrade(total, out);  // the row's total is printed before its cells
    degrade_row(t, key, out);
  }
  return out;
}

// W-RT row `key` plus `add` in every column, in the sheet's column order.
Tokens threshold_row(const std::string& key, int add) {
  Tokens out;
  const Row* r = tables().reaction_thresholds.find(key);
  EXPECT_NE(r, nullptr);
  if (r)
    for (const Num& n : r->nums) degrade(n.value + add, out);
  return out;
}

// W-MOV in the sheet's row order, with evade reading (a) or (b) (columns 2 or 3).
Tokens moves_degraded(bool reading_b) {
  static const char* const kRows[] = {"shk-ehk-hch",  "shc-shcm-el",     "ehc-hc-mc-lch",   "camelry-mtd-inf",
                                      "lc",           "shi",             "ehi",             "hi-mi",
                                      "lhi-lmi-li",   "bolt-manhandled", "bolt-carts-pack", "ox-carts-wagons",
                                      "siege-towers", "ships-full-oars", "ships-locked",    "ships-backing"};
  const Table& t = tables().moves;
  Tokens out;
  for (const char* k : kRows) {
    degrade_row(t, k, out, 0, 2);
    degrade_row(t, k, out, reading_b ? 3 : 2, reading_b ? 4 : 3);
  }
  EXPECT_EQ(t.rows.size(), std::size(kRows)) << "a W-MOV row the check does not know";
  return out;
}

Tokens ranges_degraded() {
  static const char* const kRows[] = {"fire-siphons-bombs", "javelins",     "darts",         "slings",
                                      "firearms-organ-guns", "mounted-bows", "foot-bows",     "staff-sling",
                                      "foot-longbows",      "foot-crossbows", "engines"};
  const Table& t = tables().ranges;
  Tokens out;
  for (const char* k : kRows) degrade_row(t, k, out);
  EXPECT_EQ(t.rows.size(), std::size(kRows)) << "a W-RNG row the check does not know";
  return out;
}

Tokens hwf_degraded() {
  static const char* const kRows[] = {"lance-charging",  "cavalry-other",  "long-spear",
                                      "throwing-sword",  "two-handed",     "infantry-other",
                                      "elephant-horses", "elephant-crew",  "extra-light-spear",
                                      "extra-scythed"};
  const Table& t = tables().hth_weapon;
  Tokens out;
  for (const char* k : kRows) degrade_row(t, k, out);
  EXPECT_EQ(t.rows.size(), std::size(kRows)) << "a W-HWF row the check does not know";
  return out;
}

// ---------------------------------------------------------------- the checks

// §0, W-CAS: the rebuilt casualty table reproduces the seed's 235 page-6 tokens exactly.
TEST(Wrg6Damage, CasualtyTableDegradesToTheSeedTokens) {
  const Tokens seed = words(kCasualtySeed);
  ASSERT_EQ(seed.size(), 235u);
  const Tokens ours = casualty_degraded();
  ASSERT_EQ(ours.size(), seed.size());
  for (size_t i = 0; i < seed.size(); ++i) EXPECT_EQ(ours[i], seed[i]) << "token " << i + 1;
}

// W-RT: the three rows the sheet keeps whole (R1 from, R2 up to = R1 - 1, R6 up to = R5 - 1).
TEST(Wrg6Damage, ReactionThresholdSureRowsDegradeToTheSeedTokens) {
  EXPECT_EQ(threshold_row("r1", 0), words(kR1FromSeed));
  EXPECT_EQ(threshold_row("r1", -1), words(kR2ToSeed));
  EXPECT_EQ(threshold_row("r5", -1), words(kR6ToSeed));
}

// W-RT, §3.2: the proposal's interior bounds that come from the 26 undecoded tokens are runs of
// them: Irr B 12 8 5 3 and Reg C 15 10 6 5 (r2..r5), Irr C 13 _ 11 8 6 (the tail, one skipped).
TEST(Wrg6Damage, ReactionThresholdProposalTakesItsFragmentsFromTheSeed) {
  const Tokens interior = words(kRtInteriorSeed);
  ASSERT_EQ(interior.size(), 26u);
  const Row* rows[4];
  for (int b = 0; b < 4; ++b) {
    rows[b] = tables().reaction_thresholds.find("r" + std::to_string(b + 2));
    ASSERT_NE(rows[b], nullptr);
  }
  auto column = [&](int c) {
    Tokens out;
    for (int b = 0; b < 4; ++b) degrade(rows[b]->nums[c].value, out);
    return out;
  };
  auto contains_run = [&](const Tokens& run) {
    for (size_t i = 0; i + run.size() <= interior.size(); ++i)
      if (Tokens(interior.begin() + i, interior.begin() + i + run.size()) == run) return true;
    return false;
  };
  EXPECT_TRUE(contains_run(column(2))) << "Irr B";  // the columns in the sheet's order (I-CLASS)
  EXPECT_TRUE(contains_run(column(4))) << "Reg C";
  Tokens tail(interior.end() - 5, interior.end());
  tail.erase(tail.begin() + 1);
  EXPECT_EQ(column(5), tail) << "Irr C";
}

// W-MOV, both readings of I-EVD: light cavalry's 90 (a) and 40 (b) both leave the seed's "0".
TEST(Wrg6Damage, MoveTableDegradesToTheSeedTokensUnderBothEvadeReadings) {
  EXPECT_EQ(moves_degraded(false), words(kMovesSeed));
  EXPECT_EQ(moves_degraded(true), words(kMovesSeed));
}

// W-RNG: the numbers we add where the sheet prints none (slings' long range and height) are
// marked ours and left out; everything else is printed.
TEST(Wrg6Damage, RangeTableDegradesToTheSeedTokens) { EXPECT_EQ(ranges_degraded(), words(kRangesSeed)); }

// W-HWF: every row, the three full ones (other infantry, elephants, crews) and the lost 4s placed
// by us, which vanish again.
TEST(Wrg6Damage, HandToHandTableDegradesToTheSeedTokens) { EXPECT_EQ(hwf_degraded(), words(kHwfSeed)); }

// W-SWF: the raw tokens are the seed's; the two candidate rows are runs of them (tokens 9..20 and
// 21..32); the subset's javelin and bow factors are candidate a in c5 c7 c9 c10 c11 (§3.3).
TEST(Wrg6Damage, ShootingWeaponTokensAndCandidatesComeFromTheSeed) {
  const Table& t = tables().shooting_weapon;
  Tokens raw;
  degrade_row(t, "raw", raw);
  EXPECT_EQ(raw, words(kSwfSeed));
  const Row* r = t.find("raw");
  const Row* a = t.find("a");
  const Row* b = t.find("b");
  ASSERT_TRUE(r && a && b);
  ASSERT_EQ(r->nums.size(), 45u);
  for (int k = 0; k < 12; ++k) {
    EXPECT_EQ(a->nums[k].value, r->nums[8 + k].value) << "candidate a, c" << k + 1;
    EXPECT_EQ(b->nums[k].value, r->nums[20 + k].value) << "candidate b, c" << k + 1;
  }
  const int kCols[kTroops] = {5, 7, 9, 10, 11};  // HC LC HI MI LI
  for (Missile m : {Missile::Javelin, Missile::MountedBow, Missile::FootBow})
    for (int o = 0; o < kTroops; ++o)
      EXPECT_EQ(shoot_factor(m, Troop(o)), a->nums[kCols[o] - 1].value) << missile_name(m) << " vs " << troop_name(Troop(o));
}

// The literals above are the seed's own tokens (skipped, with the reason, where the seed is absent).
TEST(Wrg6Damage, LiteralsAreTheSeedFilesTokens) {
  const std::string seed = seed_text();
  if (seed.empty()) GTEST_SKIP() << "the seed " << BGBOT_WRG6_SEED << " is not on this machine; the literals stand in";
  EXPECT_EQ(seed_tokens(seed, "Number of figures shooting or fighting:", "Count better"), words(kCasualtySeed));
  EXPECT_EQ(seed_tokens(seed, "Irr. Reg. Reg. Irr.", "Become impetuous."), words(kR1FromSeed));
  EXPECT_EQ(seed_tokens(seed, "Become impetuous. Become impetuous. Become impetuous.", "Obey orders."), words(kR2ToSeed));
  EXPECT_EQ(seed_tokens(seed, "permit.", "Obey orders. Routers rally."), words(kRtInteriorSeed));
  EXPECT_EQ(seed_tokens(seed, "Become shaken. No advance this period. Routs continue.", "Break if elephants"),
            words(kR6ToSeed));
  EXPECT_EQ(seed_tokens(seed, "MOVE DISTANCES", "Shooting Ranges"), words(kMovesSeed));
  EXPECT_EQ(seed_tokens(seed, "Height facr:", "Weapon Facrs"), words(kRangesSeed));
  EXPECT_EQ(seed_tokens(seed, "LMI. Art", "LI. EL."), words(kSwfSeed));
  EXPECT_EQ(seed_tokens(seed, "Lance, if charging", "Hand--hand Tactical"), words(kHwfSeed));
  // §0: the damage really is "no 4 and no 9 anywhere".
  EXPECT_EQ(seed.find('4'), std::string::npos);
  EXPECT_EQ(seed.find('9'), std::string::npos);
}

// The check has teeth: one H number changed, or one of our numbers passed off as printed, breaks it.
TEST(Wrg6Damage, DegradeCatchesAChangedNumber) {
  Tokens t;
  degrade(504, t);  // the law's +12/40: its 4 would vanish, leaving "50", not the sheet's "500"
  degrade(113, t);  // the law's +12/9: "113", not the sheet's "11"
  degrade(49, t);   // vanishes
  degrade(-2, t);
  EXPECT_EQ(t, (Tokens{"50", "113", "2"}));
  Tokens ours = casualty_degraded();
  ours[100] += "1";
  EXPECT_NE(ours, words(kCasualtySeed));
  Tokens ranges = ranges_degraded();
  ranges.insert(ranges.begin() + 8, "60");  // slings' long range as if printed
  EXPECT_NE(ranges, words(kRangesSeed));
}

}  // namespace
}  // namespace bgb::wrg6
