// The charts and profiles of Quinn's D10 rules (spec §1, §3.2).
#include <gtest/gtest.h>

#include "quinn/profiles.h"

namespace bgb::quinn {
namespace {

const Profile& P(const char* name) { return default_profiles()[size_t(find_profile(default_profiles(), name))]; }

TEST(QuinnCharts, BasicMeleeAsPrinted_QMEL4) {
  EXPECT_EQ(basic_melee(Cls::HI, Cls::LI), 3);
  EXPECT_EQ(basic_melee(Cls::LC, Cls::HI), -3);
  EXPECT_EQ(basic_melee(Cls::HC, Cls::HC), 2);  // the odd diagonal, kept (§1.11)
  EXPECT_EQ(basic_melee(Cls::HC, Cls::EL), -2);
  EXPECT_EQ(basic_melee(Cls::EL, Cls::HC), 2);
  EXPECT_EQ(basic_melee(Cls::LI, Cls::EL), 2);
  EXPECT_EQ(basic_melee(Cls::CH, Cls::EL), -2);
  EXPECT_EQ(basic_melee(Cls::MI, Cls::HI), 1);
  EXPECT_EQ(basic_melee(Cls::HI, Cls::MI), 1);
}

TEST(QuinnCharts, AttackResultsByTotal_QRES1) {
  EXPECT_EQ(attack_result(-3), Result::AttackerDestroyed);
  EXPECT_EQ(attack_result(1), Result::AttackerDestroyed);
  EXPECT_EQ(attack_result(2), Result::AttackerRecoils);
  EXPECT_EQ(attack_result(3), Result::Locked);
  EXPECT_EQ(attack_result(4), Result::Locked);
  EXPECT_EQ(attack_result(5), Result::DefenderRecoils);
  EXPECT_EQ(attack_result(6), Result::DefenderRecoils);
  EXPECT_EQ(attack_result(7), Result::DefenderFlees);
  EXPECT_EQ(attack_result(8), Result::DefenderDestroyed);
  EXPECT_EQ(attack_result(15), Result::DefenderDestroyed);
}

TEST(QuinnCharts, SpecialModifiers_QMEL5) {
  EXPECT_EQ(P("hi").locked_mod, 1);
  EXPECT_EQ(P("legion").locked_mod, 2);
  EXPECT_EQ(P("mi").locked_mod, -1);
  EXPECT_EQ(P("ch").locked_mod, -3);
  EXPECT_EQ(P("hc").locked_mod, 0);  // kept as printed (§1.11)
  EXPECT_EQ(P("archers").locked_mod, -2);  // LI in melee (Q-CLS-1)
  EXPECT_EQ(rough_mod(Cls::HI), -2);
  EXPECT_EQ(rough_mod(Cls::LI), 1);
  EXPECT_EQ(rough_mod(Cls::CH), -3);
  EXPECT_EQ(flank_bonus(Cls::HI), 3);
  EXPECT_EQ(flank_bonus(Cls::LI), 0);  // Q-MEL-7
  EXPECT_EQ(flank_bonus(Cls::LC), 0);
  EXPECT_EQ(flank_bonus(Cls::EL), 1);
}

TEST(QuinnCharts, SupportCaps_QMEL6) {
  EXPECT_EQ(P("hi").support_cap, 2);
  EXPECT_EQ(P("legion").support_cap, 2);
  EXPECT_EQ(P("hoplite").support_cap, 3);
  EXPECT_EQ(P("phalangite").support_cap, 3);
  EXPECT_EQ(P("theban").support_cap, 5);
  EXPECT_EQ(P("mi").support_cap, 1);
  EXPECT_EQ(P("slingers").support_cap, 0);
  EXPECT_EQ(P("archers").support_cap, 0);
}

TEST(QuinnCharts, MissileRangesAndTargets_QMIS1_QMIS7) {
  EXPECT_EQ(P("archers").range(), 9000);
  EXPECT_EQ(P("slingers").range(), 6000);
  EXPECT_EQ(P("velites").range(), 3000);
  EXPECT_EQ(P("lc_bow").range(), 4500);
  EXPECT_EQ(P("lc_jav").range(), 1500);
  EXPECT_EQ(P("ch_bow").range(), 4500);
  EXPECT_EQ(P("hi").range(), 0);
  EXPECT_EQ(missile_target_mod(P("archers").other), -1);  // archers are MI as targets
  EXPECT_EQ(missile_target_mod(Cls::LI), -3);
  EXPECT_EQ(missile_target_mod(Cls::EL), 2);
}

TEST(QuinnCharts, Disengage_QDIS) {
  EXPECT_EQ(disengage_target(P("hi").other), 7);
  EXPECT_EQ(disengage_target(P("archers").other), 5);  // I-ARCH
  EXPECT_EQ(disengage_target(Cls::CH), 9);
  EXPECT_EQ(disengage_target(Cls::LI), 0);
  EXPECT_EQ(P("legion").disengage_mod, 2);
  EXPECT_EQ(P("hoplite").disengage_mod, -2);
  EXPECT_EQ(P("theban").disengage_mod, -2);
}

TEST(QuinnProfiles, RatesAndFreeMovers_QMOV) {
  EXPECT_EQ(P("hc").rate, 12000);
  EXPECT_EQ(P("lc").rate, 12000);
  EXPECT_EQ(P("slingers").rate, 9000);
  EXPECT_EQ(P("archers").rate, 6000);
  EXPECT_EQ(P("ch").rate, 6000);
  EXPECT_TRUE(P("velites").free_mover);
  EXPECT_TRUE(P("lc_bow").free_mover);
  EXPECT_FALSE(P("archers").free_mover);
  EXPECT_FALSE(P("hc").free_mover);
  EXPECT_TRUE(P("hc").mounted());
  EXPECT_FALSE(P("archers").mounted());
}

}  // namespace
}  // namespace bgb::quinn
