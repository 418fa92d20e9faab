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
}

}  // namespace bgb::cca
