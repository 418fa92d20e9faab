// §3 set-up, §4 victory banners, §5 the game turn, §6 playing a card, §15 drawing a card.
#include <algorithm>

#include "cca/rules_internal.h"

namespace bgb::cca {

State new_game(const Scenario& scn, Rng& rng, EventLog* log) {
  State s;
  clear_state(s);
  for (const UnitSetup& us : scn.units) {
    int i = s.n_units++;
    UnitState& u = s.units[i];
    u.type = us.type;
    u.side = us.side;
    u.hex = us.hex;
    // The module's troop traits act only with the module and its troop-traits sub-rule on (H0).
    u.traits = scn.hel(HRule::TroopTraits) ? us.traits : uint16_t(us.traits & ~kModuleTraits);
    // The sacred-band trait acts with its rule (not in force when written `module=off` and the module is on).
    if (!scn.has(RuleKind::SacredBand)) u.traits = uint16_t(u.traits & ~kTraitSacredBand);
    u.start_blocks = uint8_t(us.blocks ? us.blocks : full_blocks(us.type, u.traits));
    u.blocks = u.start_blocks;
    if (us.hex == kOffBoard) {  // a reserve off the map (a reserve rule)
      u.status = Status::Reserve;
      u.hex = kNoHex;
      continue;
    }
    place_unit(s, i, us.hex);
  }
  for (const LeaderSetup& ls : scn.leaders) {
    int i = s.n_leaders++;
    s.leaders[i].side = ls.side;
    if (ls.hex == kOffBoard) {
      s.leaders[i].hex = kNoHex;
      s.leaders[i].status = Status::Reserve;
      continue;
    }
    s.leaders[i].hex = ls.hex;
    s.leaders[i].status = Status::Alive;
    s.leader_at[ls.hex] = uint8_t(i);
  }
  // §3 step 6: shuffle and deal each side its command.
  s.deck_n = uint8_t(scn.deck.size());
  s.deck_total = s.deck_n;
  std::copy(scn.deck.begin(), scn.deck.end(), s.deck);
  rng.shuffle(s.deck, s.deck_n);
  Ctx c{scn, s, rng, log, Board::get()};
  for (Side side : {Side::Top, Side::Bottom}) {
    int k = idx(side);
    s.command[k] = scn.command[k];
    for (int i = 0; i < scn.command[k] && s.deck_n > 0; ++i) {
      uint8_t card = s.deck[--s.deck_n];
      s.deck[s.deck_n] = 0;  // unused slots stay zero: equal states are equal bytes
      s.hand[k][s.hand_n[k]++] = card;
      c.emit(Ev::CardDrawn, side, "§3", card);
    }
  }
  s.active = scn.first;
  s.decision = Decision::PlayCard;
  s.decider = s.active;
  pose_reserve_naming(c);  // Hellenistic H10.1: the reserve leaders are named first
  run(c);
  settle_after_setup(c);
  return s;
}

void decide_victory(Ctx& c) {
  State& s = c.s;
  if (s.winner != Side::None) return;
  const bool top = s.banners[0] >= c.scn.banners_to_win[0], bottom = s.banners[1] >= c.scn.banners_to_win[1];
  if (!top && !bottom) return;
  s.winner = top && bottom ? s.active : top ? Side::Top : Side::Bottom;
  s.decision = Decision::GameOver;
  s.decider = Side::None;
  c.emit(Ev::Victory, s.winner, "§4", s.banners[idx(s.winner)]);
}

void gain_banner(Ctx& c, Side gainer) {
  State& s = c.s;
  int k = idx(gainer);
  s.banners[k]++;
  c.emit(Ev::Banner, gainer, "§4", s.banners[k]);
  if (!c.defer_victory && s.winner == Side::None && s.banners[k] >= c.scn.banners_to_win[k]) {
    decide_victory(c);
    return;
  }
  banner_gained(c, gainer);
}

void draw_card(Ctx& c, Side side) {
  State& s = c.s;
  if (s.deck_n == 0 && s.discard_n > 0) {
    // §15: the discards are shuffled to form a new draw deck.
    std::copy(s.discard, s.discard + s.discard_n, s.deck);
    s.deck_n = s.discard_n;
    std::fill(s.discard, s.discard + s.discard_n, 0);
    s.discard_n = 0;
    c.rng.shuffle(s.deck, s.deck_n);
    c.emit(Ev::Reshuffle, side, "§15");
  }
  int k = idx(side);
  if (s.deck_n == 0 || s.hand_n[k] >= kMaxHand) return;
  uint8_t card = s.deck[--s.deck_n];
  s.deck[s.deck_n] = 0;
  s.hand[k][s.hand_n[k]++] = card;
  c.emit(Ev::CardDrawn, side, "§15", card);
}

void end_turn(Ctx& c) {
  State& s = c.s;
  // §15: discard the card played, draw one.
  if (s.played != kNone) {
    s.discard[s.discard_n++] = s.played;
    s.played = kNone;
    s.named_section = 0;
  }
  if (card_reshuffles(c)) {
    // I Am Spartacus: the deck, the discards and the card itself make a new deck.
    std::copy(s.discard, s.discard + s.discard_n, s.deck + s.deck_n);
    s.deck_n = uint8_t(s.deck_n + s.discard_n);
    std::fill(s.discard, s.discard + s.discard_n, 0);
    s.discard_n = 0;
    c.rng.shuffle(s.deck, s.deck_n);
    c.emit(Ev::Reshuffle, s.active, "card");
  }
  // First Strike: its player draws the replacement before the active player draws.
  const Side opp = other(s.active);
  if (s.first_strike_draw & (1 << idx(opp))) draw_card(c, opp);
  s.first_strike_draw = 0;
  for (int n = cards_to_draw(c, s.active); n > 0; --n) draw_card(c, s.active);
  // The rules ask only whether fewer than N (at most 255) own turns have passed: the count stops
  // at 255 instead of wrapping (a wrap would start a hand growth again, issue 13).
  if (s.own_turns[idx(s.active)] < 255) s.own_turns[idx(s.active)]++;
  c.emit(Ev::TurnEnd, s.active, "§15");
  for (int i = 0; i < s.n_units; ++i) {
    s.units[i].flags = 0;
    s.units[i].moved = 0;
    s.units[i].marks = uint8_t(s.units[i].marks & ~kMarkShotUsed);  // H6.12: once a turn
  }
  for (int i = 0; i < s.n_leaders; ++i) s.leaders[i].flags = 0;
  s.effective = kNone;
  clear_card_in_force(s);
  s.turn++;
  if (s.turn >= c.scn.last_turn()) {  // the scenario's turn limit, or the engine's cap
    s.draw = 1;
    s.decision = Decision::GameOver;
    s.decider = Side::None;
    c.emit(Ev::Draw, Side::None, "turn limit");
    return;
  }
  s.active = other(s.active);
  s.decision = Decision::PlayCard;
  s.decider = s.active;
}

}  // namespace bgb::cca
