#include "wrg6/observation_tensor.h"

#include <cmath>

#include "wrg6/action.h"
#include "wrg6/rules.h"

namespace bgb::wrg6 {

namespace {

constexpr int kFlagBits = 21;    // UnitFlag kAlive .. kRecoiled
constexpr int kCommitKinds = 18;  // Kind 0 (none) .. Shoot

// A unit's row, in order.
enum Feature : int {
  kPresent = 0,         // on the table
  kX, kY,               // front-edge centre, as shares of the table's width and depth
  kCos, kSin,           // facing
  kFigs,                // figures left / 24
  kFigsShare,           // figures left / figures at the start
  kCarried,             // casualties short of a figure / 20
  kFiles, kRanks,       // the formation it began in, / 8
  kGeneral,             // the C-in-C is with it
  kTroop0,                           // one-hot troop type
  kMelee0 = kTroop0 + kTroops,       // one-hot hand-to-hand class
  kMissile0 = kMelee0 + kMelees,     // one-hot missile weapon
  kGrade0 = kMissile0 + kMissiles,   // one-hot grade
  kShieldless = kGrade0 + kGrades,
  kOrder0,                           // one-hot order in force
  kNextOrder0 = kOrder0 + kOrders,   // one-hot order from the next period
  kFallBack = kNextOrder0 + kOrders,  // periods of forced falling back left / 3
  kShotStreak,                        // periods shot at in a row / 4
  kFlag0,                             // UnitFlag bits
  kAsked = kFlag0 + kFlagBits,        // the unit whose commitment is asked now
  kEntered,                           // has a commitment entered in this step
  kCommit0,                           // the viewer's own commitment: one-hot kind (never the other side's)
  kFeatures = kCommit0 + kCommitKinds
};
constexpr int kStatus = 6 + kSteps;

}  // namespace

game::TensorLayout observation_tensor_layout() {
  game::TensorLayout l;
  l.parts.push_back({"units", {kMaxUnits, kFeatures}});
  l.parts.push_back({"terrain", {kMaxTerrain, 6}});
  l.parts.push_back({"status", {kStatus}});
  return l;
}

void observation_tensor(const Scenario& scn, const State& s, int viewer, std::vector<float>& out) {
  const game::TensorLayout layout = observation_tensor_layout();
  out.assign(size_t(layout.size()), 0.0f);
  const double w = std::max(1, scn.table_w), h = std::max(1, scn.table_h);
  const int v = viewer == 1 ? 1 : 0;
  const int asked = s.over() ? -1 : unit_id(s.side, s.cursor);
  for (int side = 0; side < kSides; ++side) {
    const int row0 = (side == v ? 0 : 1) * kMaxUnitsSide;
    for (int k = 0; k < int(scn.army[side].size()) && k < kMaxUnitsSide; ++k) {
      const int id = unit_id(side, k);
      const Unit& u = s.u[id];
      if (!u.alive()) continue;
      const UnitSpec& spec = scn.army[side][k];
      float* r = out.data() + size_t(row0 + k) * kFeatures;
      const double rad = u.facing * M_PI / 180.0;
      r[kPresent] = 1;
      r[kX] = float(u.x / w);
      r[kY] = float(u.y / h);
      r[kCos] = float(std::round(std::cos(rad) * 1e6) / 1e6);
      r[kSin] = float(std::round(std::sin(rad) * 1e6) / 1e6);
      r[kFigs] = float(u.figs) / 24.0f;
      const int start = int(spec.files) * int(spec.ranks);
      r[kFigsShare] = start > 0 ? float(u.figs) / float(start) : 0.0f;
      r[kCarried] = float(u.carried) / 20.0f;
      r[kFiles] = float(spec.files) / 8.0f;
      r[kRanks] = float(spec.ranks) / 8.0f;
      r[kGeneral] = s.general[side] == id ? 1.0f : 0.0f;
      r[kTroop0 + int(spec.troop)] = 1;
      r[kMelee0 + int(spec.melee)] = 1;
      r[kMissile0 + int(spec.missile)] = 1;
      r[kGrade0 + int(spec.grade)] = 1;
      r[kShieldless] = spec.shieldless ? 1.0f : 0.0f;
      if (u.order < kOrders) r[kOrder0 + u.order] = 1;
      if (u.next_order < kOrders) r[kNextOrder0 + u.next_order] = 1;
      r[kFallBack] = float(u.fall_back) / 3.0f;
      r[kShotStreak] = float(u.shot_streak) / 4.0f;
      for (int b = 0; b < kFlagBits; ++b) r[kFlag0 + b] = (u.flags >> b) & 1u ? 1.0f : 0.0f;
      r[kAsked] = id == asked ? 1.0f : 0.0f;
      const uint32_t c = s.commit[id];
      r[kEntered] = c != kNoCommit ? 1.0f : 0.0f;
      // What the other side entered is hidden: a determinized state shows the viewer the same row.
      if (side == v && c != kNoCommit && c != kUnknown) {
        const int kind = int(kind_of(c));
        if (kind < kCommitKinds) r[kCommit0 + kind] = 1;
      }
    }
  }
  float* terrain = out.data() + size_t(kMaxUnits) * kFeatures;
  for (size_t i = 0; i < scn.terrain.size() && i < size_t(kMaxTerrain); ++i) {
    const TerrainPiece& t = scn.terrain[i];
    float* r = terrain + i * 6;
    r[0] = 1;
    r[1] = t.kind == TerrainKind::Hill ? 1.0f : 0.0f;
    r[2] = float(t.x0 / w), r[3] = float(t.y0 / h), r[4] = float(t.x1 / w), r[5] = float(t.y1 / h);
  }
  float* st = terrain + kMaxTerrain * 6;
  st[0] = v == 0 ? 1.0f : 0.0f;
  st[1] = !s.over() && to_decide(s) == v ? 1.0f : 0.0f;
  st[2] = !s.over() && s.side == v ? 1.0f : 0.0f;
  st[3] = float(s.period) / float(std::max<int>(1, s.period_limit));
  st[4] = float(w / 1000.0), st[5] = float(h / 1000.0);
  st[6 + int(s.step)] = 1;
}

}  // namespace bgb::wrg6
