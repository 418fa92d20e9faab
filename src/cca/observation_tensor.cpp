#include "cca/observation_tensor.h"

#include <algorithm>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/observation.h"

namespace bgb::cca {

namespace {

constexpr int kCols = 13;
constexpr int kTerrains = int(Terrain::Count);
// The board's planes, in order (each kRows x kCols).
enum Plane : int {
  kOnBoard = 0,
  kTerrain0 = 1,                          // one-hot terrain
  kSection0 = kTerrain0 + kTerrains,      // left, center, right from the viewer's side
  kOwnType0 = kSection0 + 3,              // one-hot unit type of the viewer's unit
  kOtherType0 = kOwnType0 + kUnitTypes,   // one-hot unit type of the other side's unit
  kOwnBlocks = kOtherType0 + kUnitTypes,  // blocks / 4
  kOtherBlocks,
  kOwnLeader,
  kOtherLeader,
  kOrderedHere,  // the unit (or leader) here has an order this turn
  kMovedHere,
  kBattledHere,
  kSubjectHere,  // the pending decision is about the piece here
  kTargetHere,   // the battle under way targets this hex
  kPlanes
};
// The status numbers, in order.
constexpr int kStatus = 10 + kDecisions;

}  // namespace

game::TensorLayout observation_tensor_layout() {
  game::TensorLayout l;
  l.parts.push_back({"board", {kPlanes, kRows, kCols}});
  // Rows: the viewer's hand (copies per kind), the card played this turn, the discards (public),
  // the viewer's last played card.
  l.parts.push_back({"cards", {4, kCardKinds}});
  l.parts.push_back({"status", {kStatus}});
  return l;
}

void observation_tensor(const Scenario& scn, const State& full, Side viewer, std::vector<float>& out) {
  const game::TensorLayout layout = observation_tensor_layout();
  out.assign(size_t(layout.size()), 0.0f);
  // Only what the viewer may know: the other hand and the deck become hidden cards here.
  const State s = observe(full, viewer);
  const Board& b = Board::get();
  const Side them = other(viewer);
  auto at = [&](int plane, int hex) -> float& {
    return out[size_t((plane * kRows + b.row[hex]) * kCols + b.col[hex])];
  };
  for (int h = 0; h < kHexes; ++h) {
    at(kOnBoard, h) = 1;
    at(kTerrain0 + int(scn.at(h)), h) = 1;
    const uint8_t m = b.section_mask(h, viewer);
    if (m & kSecLeft) at(kSection0, h) = 1;
    if (m & kSecCenter) at(kSection0 + 1, h) = 1;
    if (m & kSecRight) at(kSection0 + 2, h) = 1;
  }
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& u = s.units[i];
    if (!u.alive() || u.hex >= kHexes) continue;
    const bool own = u.side == viewer;
    at((own ? kOwnType0 : kOtherType0) + int(u.type), u.hex) = 1;
    at(own ? kOwnBlocks : kOtherBlocks, u.hex) = float(u.blocks) / 4.0f;
    if (u.flags & kOrdered) at(kOrderedHere, u.hex) = 1;
    if (u.flags & kMoved) at(kMovedHere, u.hex) = 1;
    if (u.flags & kBattled) at(kBattledHere, u.hex) = 1;
  }
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& l = s.leaders[i];
    if (!l.alive() || l.hex >= kHexes) continue;
    at(l.side == viewer ? kOwnLeader : kOtherLeader, l.hex) = 1;
    if (l.flags & kOrdered) at(kOrderedHere, l.hex) = 1;
  }
  // The subject names a unit, except in the decisions about a leader.
  if (s.subject != kNone) {
    const bool leader = s.decision == Decision::LeaderEvade;
    const int hex = leader ? (s.subject < s.n_leaders ? s.leaders[s.subject].hex : kNoHex)
                           : (s.subject < s.n_units ? s.units[s.subject].hex : kNoHex);
    if (hex < kHexes) at(kSubjectHere, hex) = 1;
  }
  if (s.combat.kind != CombatKind::None && s.combat.target_hex < kHexes) at(kTargetHere, s.combat.target_hex) = 1;

  float* cards = out.data() + kPlanes * kRows * kCols;
  const int v = idx(viewer);
  for (int i = 0; i < s.hand_n[v]; ++i)
    if (s.hand[v][i] < kCardKinds) cards[s.hand[v][i]] += 1;
  if (s.played < kCardKinds) cards[kCardKinds + s.played] = 1;
  for (int i = 0; i < s.discard_n; ++i)
    if (s.discard[i] < kCardKinds) cards[2 * kCardKinds + s.discard[i]] += 1;
  if (s.last_played[v] < kCardKinds) cards[3 * kCardKinds + s.last_played[v]] = 1;

  float* st = cards + 4 * kCardKinds;
  const auto banners_share = [&](Side side) {
    return float(s.banners[idx(side)]) / float(std::max<int>(1, scn.banners_to_win[idx(side)]));
  };
  st[0] = viewer == Side::Bottom ? 1.0f : 0.0f;
  st[1] = s.decider == viewer && s.decision != Decision::GameOver ? 1.0f : 0.0f;
  st[2] = s.active == viewer ? 1.0f : 0.0f;
  st[3] = banners_share(viewer);
  st[4] = banners_share(them);
  st[5] = float(s.hand_n[idx(them)]) / float(kMaxHand);  // how many, never which
  st[6] = float(s.deck_n) / float(kMaxDeck);
  st[7] = float(s.turn) / 100.0f;
  st[8] = float(s.orders_left + s.quota[0] + s.quota[1] + s.quota[2]) / 8.0f;
  st[9] = s.decision == Decision::GameOver ? (s.winner == viewer ? 1.0f : s.winner == them ? -1.0f : 0.0f) : 0.0f;
  st[10 + int(s.decision)] = 1;
}

}  // namespace bgb::cca
