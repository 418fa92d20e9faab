#include "quinn/observation_tensor.h"

#include <algorithm>

#include "quinn/rules.h"

namespace bgb::quinn {

namespace {

// A stand's row, in order.
enum Feature : int {
  kPresent = 0,  // on the table and not lost
  kX, kY,        // centre, as shares of the table's width and depth
  kCos, kSin,    // facing
  kWidth, kDepth,  // inches / 4
  kRate,           // move allowance, inches / 12
  kRange,          // missile range, inches / 9
  kMounted, kFreeMover,
  kMeleeCls0,                      // one-hot melee class
  kFActed = kMeleeCls0 + kNumCls,  // this phase
  kFAttacked, kFDisengaged, kFFired,
  kLocked,       // in contact with an enemy
  kInCommand,    // of the command being activated
  kActor,        // the stand the pending decision is about
  kCharging, kCharged,  // a charge of this activation waits to be fought
  kShooting,     // has named a target this fire phase
  kFeatures
};
constexpr int kStatus = 10 + int(Decision::Over) + 1;

}  // namespace

game::TensorLayout observation_tensor_layout() {
  game::TensorLayout l;
  l.parts.push_back({"stands", {kMaxStands, kFeatures}});
  l.parts.push_back({"rough", {kMaxRough, 5}});
  l.parts.push_back({"status", {kStatus}});
  return l;
}

void observation_tensor(const Scenario& scn, const State& s, int viewer, std::vector<float>& out) {
  const game::TensorLayout layout = observation_tensor_layout();
  out.assign(size_t(layout.size()), 0.0f);
  const double w = inches(scn.table_w), h = inches(scn.table_h);
  const int v = viewer == 1 ? 1 : 0;
  for (int side = 0; side < kSides; ++side) {
    const int row0 = (side == v ? 0 : 1) * kMaxStandsSide;
    for (int k = 0; k < int(scn.army[side].size()) && k < kMaxStandsSide; ++k) {
      const int id = stand_id(side, k);
      const Stand& st = s.stand[id];
      if (!st.alive()) continue;
      const Profile& p = scn.profile_of(side, k);
      float* r = out.data() + size_t(row0 + k) * kFeatures;
      r[kPresent] = 1;
      r[kX] = float(inches(st.x) / w);
      r[kY] = float(inches(st.y) / h);
      r[kCos] = float(cos_deg(st.heading));
      r[kSin] = float(sin_deg(st.heading));
      r[kWidth] = float(inches(p.width) / 4.0);
      r[kDepth] = float(inches(p.depth) / 4.0);
      r[kRate] = float(inches(p.rate) / 12.0);
      r[kRange] = float(inches(p.range()) / 9.0);
      r[kMounted] = p.mounted() ? 1.0f : 0.0f;
      r[kFreeMover] = p.free_mover ? 1.0f : 0.0f;
      r[kMeleeCls0 + int(p.melee)] = 1;
      r[kFActed] = (st.flags & kActed) ? 1.0f : 0.0f;
      r[kFAttacked] = (st.flags & kAttacked) ? 1.0f : 0.0f;
      r[kFDisengaged] = (st.flags & kDisengaged) ? 1.0f : 0.0f;
      r[kFFired] = (st.flags & kFired) ? 1.0f : 0.0f;
      r[kLocked] = st.locked() ? 1.0f : 0.0f;
      r[kInCommand] = side == s.side && s.active_cmd != kNone && s.command_of[id] == s.active_cmd ? 1.0f : 0.0f;
      r[kActor] = s.actor == id ? 1.0f : 0.0f;
      for (int c = s.cursor; c < s.n_charges; ++c) {
        if (s.charge_att[c] == id) r[kCharging] = 1;
        if (s.charge_def[c] == id) r[kCharged] = 1;
      }
      r[kShooting] = s.fire_phase && side == s.side && s.fire_target[id] != kNone ? 1.0f : 0.0f;
    }
  }
  float* rough = out.data() + size_t(kMaxStands) * kFeatures;
  for (size_t i = 0; i < scn.rough.size() && i < size_t(kMaxRough); ++i) {
    const Poly& poly = scn.rough[i].poly;
    if (poly.empty()) continue;
    double x0 = poly[0].x, x1 = poly[0].x, y0 = poly[0].y, y1 = poly[0].y;
    for (const Vec& p : poly) {
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
      y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    }
    float* r = rough + i * 5;
    r[0] = 1;
    r[1] = float(x0 / w), r[2] = float(y0 / h), r[3] = float(x1 / w), r[4] = float(y1 / h);
  }
  float* st = rough + kMaxRough * 5;
  const int them = 1 - v;
  const auto share = [&](int side) {
    return float(s.losses[side]) / float(std::max<int>(1, s.break_point[side]));
  };
  st[0] = v == 0 ? 1.0f : 0.0f;
  st[1] = !s.over() && to_decide(s) == v ? 1.0f : 0.0f;
  st[2] = s.side == v ? 1.0f : 0.0f;
  st[3] = s.fire_phase ? 1.0f : 0.0f;
  st[4] = s.p1 == v ? 1.0f : 0.0f;
  st[5] = float(s.round) / float(std::max<int>(1, s.round_limit));
  st[6] = share(v);
  st[7] = share(them);
  st[8] = float(w / 72.0), st[9] = float(h / 48.0);
  st[10 + int(s.decision)] = 1;
}

}  // namespace bgb::quinn
