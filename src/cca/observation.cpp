#include "cca/observation.h"

#include "cca/cards.h"

namespace bgb::cca {

State observe(const State& s, Side viewer) {
  State o = s;
  int other_k = 1 - idx(viewer);
  for (int i = 0; i < o.hand_n[other_k]; ++i) o.hand[other_k][i] = kHiddenCard;
  for (int i = 0; i < o.deck_n; ++i) o.deck[i] = kHiddenCard;
  // Clear unused slots too, so nothing stale survives in the bytes of an observation.
  for (int k = 0; k < 2; ++k)
    for (int i = o.hand_n[k]; i < kMaxHand; ++i) o.hand[k][i] = 0;
  for (int i = o.deck_n; i < kMaxDeck; ++i) o.deck[i] = 0;
  for (int i = o.discard_n; i < kMaxDeck; ++i) o.discard[i] = 0;
  // Hellenistic H10.1: the other side's reserve leader stays secret until its Reserve Move.
  if (o.reserve_leader[other_k] != kNone && !(o.reserve_done >> other_k & 1)) o.reserve_leader[other_k] = kHiddenLeader;
  return o;
}

void determinize(const Scenario& scn, State& s, Side viewer, Rng& rng) {
  int count[kCardKinds] = {};
  for (uint8_t c : scn.deck) count[c]++;
  const int k = idx(viewer);
  for (int i = 0; i < s.hand_n[k]; ++i) count[s.hand[k][i]]--;
  for (int i = 0; i < s.discard_n; ++i) count[s.discard[i]]--;
  if (s.played != kNone) count[s.played]--;
  uint8_t pool[kMaxDeck];
  int n = 0;
  for (int c = 0; c < kCardKinds; ++c)
    for (int j = 0; j < count[c] && n < kMaxDeck; ++j) pool[n++] = uint8_t(c);
  rng.shuffle(pool, n);
  int p = 0;
  const int other_k = 1 - k;
  for (int i = 0; i < s.hand_n[other_k] && p < n; ++i) s.hand[other_k][i] = pool[p++];
  for (int i = 0; i < s.deck_n && p < n; ++i) s.deck[i] = pool[p++];
  // H10.1: a hidden reserve leader, drawn among the other side's living a, b and c leaders.
  if (s.reserve_leader[other_k] == kHiddenLeader) {
    uint8_t cand[kMaxLeaders];
    int m = 0;
    for (int l = 0; l < s.n_leaders; ++l) {
      const uint8_t g = l < int(scn.leaders.size()) ? scn.leaders[size_t(l)].grade : kGradeNone;
      if (s.leaders[l].side == Side(other_k) && s.leaders[l].alive() && (g != kGradeD || !scn.hel(HRule::LeaderGrades)))
        cand[m++] = uint8_t(l);
    }
    s.reserve_leader[other_k] = m ? cand[rng.below(uint32_t(m))] : kNone;
  }
}

}  // namespace bgb::cca
