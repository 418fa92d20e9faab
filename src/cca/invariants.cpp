// check_invariants(): recomputes everything cached in a State and checks every invariant
// (the Stockfish pos_is_ok() habit). Run after every action in tests.
#include <string>

#include "cca/invariants_internal.h"

namespace bgb::cca {

std::string check_invariants(const Scenario& scn, const State& s) {
  auto fail = [](const std::string& m) { return m; };
  if (s.n_units > kMaxUnits || s.n_leaders > kMaxLeaders) return fail("too many pieces");
  // The leaders are the scenario's, in its order (the sudden-death rule names them).
  if (s.n_leaders != scn.leaders.size()) return fail("the leaders are not the scenario's");
  uint8_t ua[kHexes], la[kHexes];
  for (int h = 0; h < kHexes; ++h) ua[h] = la[h] = kNone;
  int dead[2] = {0, 0};
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& u = s.units[i];
    if (u.side != Side::Top && u.side != Side::Bottom) return fail("unit " + std::to_string(i) + " has no side");
    if (int(u.type) >= kUnitTypes || int(u.status) > int(Status::Reserve))
      return fail("unit " + std::to_string(i) + " has no type or status");
    if (u.alive()) {
      if (u.hex >= kHexes) return fail("unit " + std::to_string(i) + " off the board");
      if (u.blocks < 1 || u.blocks > u.start_blocks || u.start_blocks > full_blocks(u.type, u.traits))
        return fail("unit " + std::to_string(i) + " strength out of range");
      if (ua[u.hex] != kNone) return fail("two units in hex " + hex_name(u.hex));
      if (terrain_info(scn.terrain[u.hex]).impassable) return fail("unit on impassable hex " + hex_name(u.hex));
      ua[u.hex] = uint8_t(i);
    } else {
      if (u.hex != kNoHex) return fail("removed unit still on the board");
      if (u.status == Status::Eliminated) dead[idx(u.side)]++;
      // A unit off the map has lost its blocks (remove_unit), unless it waits in reserve at the
      // strength it enters with (a reserve rule).
      if (u.status == Status::Reserve ? (u.blocks < 1 || u.blocks > u.start_blocks || u.start_blocks > full_blocks(u.type, u.traits))
                                      : u.blocks != 0)
        return fail("unit " + std::to_string(i) + " off the map with blocks out of range");
    }
  }
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& l = s.leaders[i];
    if ((l.side != Side::Top && l.side != Side::Bottom) || int(l.status) > int(Status::Reserve))
      return fail("leader " + std::to_string(i) + " has no side or status");
    if (l.alive()) {
      if (l.hex >= kHexes) return fail("leader off the board");
      if (la[l.hex] != kNone) return fail("two leaders in hex " + hex_name(l.hex));
      if (terrain_info(scn.terrain[l.hex]).impassable) return fail("leader on impassable hex");
      int u = ua[l.hex];
      if (u != kNone && s.units[u].side != l.side) return fail("leader shares a hex with an enemy unit");
      la[l.hex] = uint8_t(i);
    } else {
      if (l.hex != kNoHex) return fail("removed leader still on the board");
      if (l.status == Status::Eliminated) dead[idx(l.side)]++;
    }
  }
  for (int h = 0; h < 128; ++h)
    if (h >= kHexes && (s.unit_hexes(Side::Top).test(h) || s.unit_hexes(Side::Bottom).test(h)))
      return fail("a unit bit set past the last hex");
  for (int h = 0; h < kHexes; ++h) {
    if (ua[h] != s.unit_at[h]) return fail("unit_at out of date at " + hex_name(h));
    for (Side side : {Side::Top, Side::Bottom})
      if (s.unit_hexes(side).test(h) != (ua[h] != kNone && s.units[ua[h]].side == side))
        return fail(std::string("the unit bits of ") + side_name(side) + " out of date at " + hex_name(h));
    if (la[h] != s.leader_at[h]) return fail("leader_at out of date at " + hex_name(h));
  }
  for (int k = 0; k < 2; ++k)
    if (s.banners[k] != dead[1 - k] + s.extra_banners[k])
      return fail(std::string(side_name(Side(k))) + " banners " + std::to_string(s.banners[k]) + " != eliminations " +
                  std::to_string(dead[1 - k] + s.extra_banners[k]));
  // Cards: hands + deck + discards + the card on the table = the deck, kind by kind.
  int count[kCardKinds] = {};
  int total = 0;
  auto add = [&](uint8_t c) -> bool {
    if (c >= kCardKinds) return false;
    count[c]++;
    total++;
    return true;
  };
  for (int k = 0; k < 2; ++k) {
    if (s.hand_n[k] > kMaxHand) return fail("hand too large");
    for (int i = 0; i < s.hand_n[k]; ++i)
      if (!add(s.hand[k][i])) return fail("bad card in hand");
  }
  if (s.deck_n > kMaxDeck || s.discard_n > kMaxDeck) return fail("deck or discards too large");
  for (int i = 0; i < s.deck_n; ++i)
    if (!add(s.deck[i])) return fail("bad card in deck");
  for (int i = 0; i < s.discard_n; ++i)
    if (!add(s.discard[i])) return fail("bad card in discards");
  if (s.played != kNone && !add(s.played)) return fail("bad card on the table");
  // Unused card slots are zero, so that equal states are equal bytes (JSON round trips exactly).
  for (int k = 0; k < 2; ++k)
    for (int i = s.hand_n[k]; i < kMaxHand; ++i)
      if (s.hand[k][i]) return fail("stale card in an unused hand slot");
  for (int i = s.deck_n; i < kMaxDeck; ++i)
    if (s.deck[i]) return fail("stale card in an unused deck slot");
  for (int i = s.discard_n; i < kMaxDeck; ++i)
    if (s.discard[i]) return fail("stale card in an unused discard slot");
  if (total != s.deck_total || total != int(scn.deck.size()))
    return fail("cards total " + std::to_string(total) + " != " + std::to_string(s.deck_total));
  int want[kCardKinds] = {};
  for (uint8_t c : scn.deck) want[c]++;
  for (int k = 0; k < kCardKinds; ++k)
    if (want[k] != count[k]) return fail(std::string("card count differs for ") + card_info(k).name);
  // Game end: a winner (§4, a sudden-death rule) or a draw at the turn limit, and then no one decides.
  if (s.decision == Decision::GameOver) {
    if ((s.winner == Side::None) == !s.draw) return fail("a game over with neither a winner nor a draw, or both");
    if (s.decider != Side::None) return fail("someone to decide in a game that is over");
  } else if (s.draw) {
    return fail("a draw but the game goes on");
  } else if (scn.turn_limit && s.turn >= scn.turn_limit) {
    return fail("the game goes on past the turn limit");
  }
  if (s.winner != Side::None) {
    if (s.decision != Decision::GameOver) return fail("winner but the game goes on");
    bool sudden_death = false;  // a sudden-death rule: the winner's named enemy leader was eliminated
    if (const BattleRule* r = scn.rule(RuleKind::SuddenDeath, s.winner))
      for (int i = 0; i < s.n_leaders && i < int(scn.leaders.size()); ++i)
        sudden_death |= scn.leaders[i].name == r->leader && s.leaders[i].status == Status::Eliminated;
    if (!sudden_death && s.banners[idx(s.winner)] < scn.banners_to_win[idx(s.winner)])
      return fail("winner without enough banners");
  } else if (s.decision != Decision::GameOver) {
    for (int k = 0; k < 2; ++k)
      if (s.banners[k] >= scn.banners_to_win[k]) return fail("enough banners but no winner");
    if (s.decider != Side::Top && s.decider != Side::Bottom) return fail("no one to decide");
  }
  // Counters (issue 13): the turn never passes the game's last turn, and a side has not had more
  // turns than have been played (own_turns stops at 255).
  if (s.turn > scn.last_turn()) return fail("turn " + std::to_string(s.turn) + " is past the turn limit");
  if (s.turn == scn.last_turn() && s.decision != Decision::GameOver) return fail("the turn limit is reached but the game goes on");
  for (int k = 0; k < 2; ++k)
    if (s.own_turns[k] > s.turn + 1) return fail("more own turns than turns played");
  if (s.evade_queue_n > kMaxLeaders) return fail("leader evade queue too long");
  for (int i = s.evade_queue_n; i < kMaxLeaders; ++i)
    if (s.evade_queue[i]) return fail("stale entry in the leader evade queue");
  for (int i = 0; i < s.evade_queue_n; ++i)
    if (s.evade_queue[i] >= s.n_leaders || !s.leaders[s.evade_queue[i]].alive()) return fail("bad leader evade queue");
  // The card in force and the pending decision, tied to the pieces above (they read no index
  // the checks above have not proved in range).
  if (std::string bad = check_card_in_force(scn, s); !bad.empty()) return fail(bad);
  return check_pending(scn, s);
}

}  // namespace bgb::cca
