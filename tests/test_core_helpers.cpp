// The core helpers (src/core/text.h, hash.h, clock.h): trim and lower on edge cases, and FNV-1a
// pinned to the values the code gave before its copies became one. Position fingerprints and
// scenario hashes are stored in records and databases, and arena seeds come from fnv1a: none of
// these values may ever change.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "app/terminal_common.h"
#include "cca/game_record.h"
#include "cca/rules.h"
#include "cca/scenario.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/text.h"

namespace bgb {
namespace {

TEST(CoreText, TrimTakesWhiteSpaceOffBothEndsOnly) {
  EXPECT_EQ(text::trim(""), "");
  EXPECT_EQ(text::trim(" "), "");
  EXPECT_EQ(text::trim(" \t\r\n\f\v"), "");
  EXPECT_EQ(text::trim("a"), "a");
  EXPECT_EQ(text::trim("  a b  "), "a b");
  EXPECT_EQ(text::trim("\ta\tb\r\n"), "a\tb");
  EXPECT_EQ(text::trim("x\n"), "x");
  EXPECT_EQ(text::trim(std::string("\0a\0", 3)), std::string("\0a\0", 3)) << "a NUL byte is not space";
  EXPECT_EQ(text::trim("\xC2\xA0" "a"), "\xC2\xA0" "a") << "a UTF-8 no-break space is not space";
}

TEST(CoreText, IsSpaceIsTheCLocalesSpace) {
  for (int c = 0; c < 256; ++c) EXPECT_EQ(text::is_space(char(c)), std::isspace(c) != 0) << c;
}

TEST(CoreText, LowerChangesAsciiCapitalsOnly) {
  EXPECT_EQ(text::lower(std::string()), "");
  EXPECT_EQ(text::lower(std::string("Lake Trasimenus 217 BC")), "lake trasimenus 217 bc");
  EXPECT_EQ(text::lower(std::string("@[`{")), "@[`{") << "the neighbours of A-Z and a-z";
  EXPECT_EQ(text::lower(std::string("\xC3\x89" "CU")), "\xC3\x89" "cu") << "UTF-8 bytes stay";
  EXPECT_EQ(text::lower('Z'), 'z');
  EXPECT_EQ(text::lower('z'), 'z');
  EXPECT_EQ(text::lower('5'), '5');
}

// The standard FNV-1a basis (src/ai/arena.cpp's fnv1a before): the published test vectors.
TEST(CoreHash, Fnv1aGivesTheValuesOfBefore) {
  EXPECT_EQ(fnv1a(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(fnv1a("001"), 0x4e7ef1181d60f594ull);
  EXPECT_EQ(fnv1a(std::string("\xff\0z", 3)), 0xf920af1be415a5b0ull) << "every byte counts, NUL included";
}

// The basis of the position fingerprints and scenario hashes (game_record.cpp,
// terminal_common.cpp and test_random_games.cpp before).
TEST(CoreHash, Fnv1aFromTheShortBasisGivesTheValuesOfBefore) {
  EXPECT_EQ(fnv1a("", kFnv1aShortBasis), 0x14650fb0739d0383ull);
  EXPECT_EQ(fnv1a("a", kFnv1aShortBasis), 0x44bd8ad473cd9906ull);
  EXPECT_EQ(fnv1a("foobar", kFnv1aShortBasis), 0x88fad7c0a8ff07f2ull);
  EXPECT_EQ(fnv1a("001", kFnv1aShortBasis), 0x48d4c45025e38cbeull);
  EXPECT_EQ(fnv1a(std::string("\xff\0z", 3), kFnv1aShortBasis), 0x6ca1b24f183a0012ull);
  const unsigned char bytes[] = {'f', 'o', 'o', 'b', 'a', 'r'};
  EXPECT_EQ(fnv1a_bytes(bytes, sizeof bytes, kFnv1aShortBasis), 0x88fad7c0a8ff07f2ull);
  EXPECT_EQ(fnv1a_bytes(bytes, sizeof bytes), 0x85944171f73967e8ull);
}

TEST(CoreHash, Hex16WritesSixteenLowerCaseDigits) {
  EXPECT_EQ(hex16(0), "0000000000000000");
  EXPECT_EQ(hex16(0xABCDEF0123456789ull), "abcdef0123456789");
  EXPECT_EQ(hex16(~0ull), "ffffffffffffffff");
}

// Akragas's scenario hash and the fingerprint of its start (seed 1), as the code gave them before.
TEST(CoreHash, StoredHashesOfAkragasAreUnchanged) {
  const cca::Scenario* scn = cca::find_builtin_scenario("001");
  ASSERT_NE(scn, nullptr);
  Rng rng(1);
  cca::State s = cca::new_game(*scn, rng);
  EXPECT_EQ(cca::scenario_hash(*scn), "dc820a3822e2a3b6");
  EXPECT_EQ(app::position_hash(*scn, s), "7e58645d0717d044");
}

TEST(CoreClock, NowIsoIsUtcToTheSecond) {
  const std::string t = now_iso();
  ASSERT_EQ(t.size(), 20u) << t;
  for (size_t i : {4u, 7u}) EXPECT_EQ(t[i], '-') << t;
  EXPECT_EQ(t[10], 'T') << t;
  for (size_t i : {13u, 16u}) EXPECT_EQ(t[i], ':') << t;
  EXPECT_EQ(t[19], 'Z') << t;
  for (size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u, 11u, 12u, 14u, 15u, 17u, 18u})
    EXPECT_TRUE(t[i] >= '0' && t[i] <= '9') << t;
  EXPECT_GE(t.substr(0, 4), "2024") << t;
}

}  // namespace
}  // namespace bgb
