// Hellenistic H1, the Army Commander: his loss costs banners and command. It changes §4 (one
// banner for a leader eliminated, none for one who leaves) and §7 (command = the hand).
#include "cca/rules_internal.h"

namespace bgb::cca {

void commander_lost(Ctx& c, int l, bool killed) {
  if (!c.scn.hel(HRule::ArmyCommander) || l >= int(c.scn.leaders.size()) || !c.scn.leaders[size_t(l)].commander) return;
  State& s = c.s;
  const Side owner = s.leaders[l].side;
  const int k = idx(owner);
  if (s.commander_gone & (1u << k)) return;
  s.commander_gone = uint8_t(s.commander_gone | (1u << k));
  // H1.2: killed, 2 banners instead of the leader's 1 (one more here); H1.3 [I-1]: gone alive, 1.
  const int banners = killed ? 2 : 1;
  c.emit(Ev::CommanderLost, owner, killed ? "Hellenistic H1.2 (§4)" : "Hellenistic H1.3 (§4)",
         s.leaders[l].hex == kNoHex ? 0 : s.leaders[l].hex, killed ? 1 : 0, banners);
  // H1.5: the banners first, and the victory check first (the banners are counted as not from
  // eliminations of units, like a rule's, so that the invariants can tell).
  s.extra_banners[idx(other(owner))]++;
  gain_banner(c, other(owner));
  if (s.winner != Side::None) return;
  // H1.4 [I-2]: command never drops below 1; at 1 neither the discard nor the drop happens.
  if (s.command[k] <= 1) return;
  s.command[k]--;
  c.emit(Ev::CommandReduced, owner, "Hellenistic H1.4 (§7)", s.command[k]);
  if (s.hand_n[k] > 0) s.discard_due = uint8_t(s.discard_due | (1u << k));
}

// H1.4(a): the side discards a card of its own choice: one action per card kind in its hand.
void legal_commander_discards(const Ctx& c, ActionList& out) {
  const State& s = c.s;
  const int k = idx(s.decider);
  bool seen[kCardKinds] = {};
  for (int i = 0; i < s.hand_n[k]; ++i) {
    const uint8_t card = s.hand[k][i];
    if (card >= kCardKinds || seen[card]) continue;
    seen[card] = true;
    out.push(Action::make(ActionType::DiscardCard, card));
  }
}

void apply_commander_discard(Ctx& c, Action a) {
  State& s = c.s;
  const Side side = s.decider;
  const int k = idx(side);
  for (int i = 0; i < s.hand_n[k]; ++i)
    if (s.hand[k][i] == a.a()) {
      s.hand[k][i] = s.hand[k][--s.hand_n[k]];
      s.hand[k][s.hand_n[k]] = 0;
      s.discard[s.discard_n++] = uint8_t(a.a());
      break;
    }
  s.discard_due = uint8_t(s.discard_due & ~(1u << k));
  c.emit(Ev::CardDiscarded, side, "Hellenistic H1.4", a.a());
}

}  // namespace bgb::cca
