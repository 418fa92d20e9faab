#include "cca/model/play_watcher.h"

#include <algorithm>

#include "cca/cca_game.h"
#include "cca/model/cca_model.h"
#include "cca/board.h"
#include "cca/rules.h"

namespace bgb::cca {

namespace {

// Hexes from `hex` to the nearest enemy unit of `side` on the map (99 when there is none).
int enemy_distance(const State& s, int hex, Side side) {
  const Board& b = Board::get();
  int best = 99;
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& u = s.units[i];
    if (u.alive() && u.side != side) best = std::min(best, int(b.dist[hex][u.hex]));
  }
  return best;
}

// Orders as a player counts them: ordered units, and ordered leaders that do not stand with an
// ordered unit (a leader ordered with his unit is that unit's order, §7).
long count_orders(const State& s, Side side) {
  long n = 0;
  for (int i = 0; i < s.n_units; ++i)
    if (s.units[i].alive() && s.units[i].side == side && (s.units[i].flags & kOrdered)) ++n;
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& l = s.leaders[i];
    if (!l.alive() || l.side != side || !(l.flags & kOrdered)) continue;
    const int u = s.unit_at[l.hex];
    if (u == kNone || !(s.units[u].flags & kOrdered)) ++n;
  }
  return n;
}

}  // namespace

void CcaPlayWatcher::see(const State& s, Action a) {
  const ActionType t = a.type();
  if (t == ActionType::PlayCard) {
    close_turn();
    open_ = true;
    active_ = s.active;
    orders_seen_ = acted_ = could_close_ = could_battle_ = battle_seen_ = false;
    orders_ = order_actions_ = 0;
    had_useful_card_ = false;
    for (int i = 0; i < s.hand_n[idx(active_)]; ++i)
      if (!card_does_nothing(s, s.hand[idx(active_)][i])) had_useful_card_ = true;
    stats_[idx(active_)].turns++;
    return;
  }
  if (!open_ || s.active != active_) return;
  if (s.decision == Decision::Order && (t == ActionType::OrderUnit || t == ActionType::OrderLeader)) {
    // Counted here too: when nothing can move or battle the turn may end without another
    // decision of the side, and the flags are gone by then.
    ++order_actions_;
    return;
  }
  if (!orders_seen_ && s.decision != Decision::Order) {
    // The first decision after the orders (the moves, §8): count them, and ask whether an ordered
    // unit could step nearer the enemy.
    orders_seen_ = true;
    orders_ = std::max(order_actions_, count_orders(s, active_));
    if (s.decision == Decision::Move && orders_ > 0) {
      ActionList acts;
      legal_actions(scn_, s, acts);
      for (const Action m : acts) {
        if (m.type() != ActionType::MoveUnit || m.b() >= kHexes) continue;  // not an exit (kOffBoard)
        if (enemy_distance(s, m.b(), active_) < enemy_distance(s, m.a(), active_)) {
          could_close_ = true;
          break;
        }
      }
    }
  }
  if (s.decision == Decision::Battle && s.decider == active_ && !battle_seen_) {
    // The first battle decision: if nothing has moved, the battles listed are those the ordered
    // units could fight where they stand.
    battle_seen_ = true;
    if (!acted_) {
      ActionList acts;
      legal_actions(scn_, s, acts);
      could_battle_ = std::any_of(acts.begin(), acts.end(), [](Action b) { return b.type() == ActionType::Battle; });
    }
  }
  if (s.decider != active_) return;
  if (t == ActionType::MoveUnit) acted_ = true;
  if (t == ActionType::Battle || t == ActionType::BonusCombat) {
    acted_ = true;
    stats_[idx(active_)].battles++;
  }
}

void CcaPlayWatcher::close_turn() {
  if (!open_) return;
  open_ = false;
  ai::PlayStats& p = stats_[idx(active_)];
  if (!orders_seen_) orders_ = order_actions_;
  p.orders += orders_;
  if (orders_ == 0) {
    p.idle_turns++;
    if (had_useful_card_) p.avoidable_idle++;
  }
  else if (!acted_ && (could_close_ || could_battle_))
    p.passive_turns++;
}

void CcaPlayWatcher::finish(const State& end) {
  close_turn();
  for (int k = 0; k < 2; ++k) stats_[k].banners = end.banners[k];
}

void CcaPlayWatcher::see(const game::State& s, game::ActionCode a) { see(state_of(s), Action{uint32_t(a)}); }
void CcaPlayWatcher::finish(const game::State& end) { finish(state_of(end)); }

}  // namespace bgb::cca
