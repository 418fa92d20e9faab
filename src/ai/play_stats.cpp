#include "ai/play_stats.h"

#include <algorithm>

#include "ai/cca_model.h"
#include "cca/board.h"
#include "cca/rules.h"

namespace bgb::ai {

using namespace bgb::cca;

void PlayStats::add(const PlayStats& o) {
  turns += o.turns;
  idle_turns += o.idle_turns;
  avoidable_idle += o.avoidable_idle;
  passive_turns += o.passive_turns;
  orders += o.orders;
  battles += o.battles;
  banners += o.banners;
  think_seconds += o.think_seconds;
}

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

void PlayWatcher::see(const State& s, Action a) {
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
        if (m.type() != ActionType::MoveUnit) continue;
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

void PlayWatcher::close_turn() {
  if (!open_) return;
  open_ = false;
  PlayStats& p = stats_[idx(active_)];
  if (!orders_seen_) orders_ = order_actions_;
  p.orders += orders_;
  if (orders_ == 0) {
    p.idle_turns++;
    if (had_useful_card_) p.avoidable_idle++;
  }
  else if (!acted_ && (could_close_ || could_battle_))
    p.passive_turns++;
}

void PlayWatcher::finish(const State& end) {
  close_turn();
  for (int k = 0; k < 2; ++k) stats_[k].banners = end.banners[k];
}

nlohmann::ordered_json play_stats_json(const PlayStats& p) {
  nlohmann::ordered_json j;
  j["turns"] = p.turns;
  j["idle_turns"] = p.idle_turns;
  j["avoidable_idle_turns"] = p.avoidable_idle;
  j["passive_turns"] = p.passive_turns;
  j["orders"] = p.orders;
  j["battles"] = p.battles;
  j["banners"] = p.banners;
  j["idle_rate"] = p.per_turn(p.idle_turns);
  j["avoidable_idle_rate"] = p.per_turn(p.avoidable_idle);
  j["passive_rate"] = p.per_turn(p.passive_turns);
  j["orders_per_card"] = p.per_turn(p.orders);
  j["battles_per_turn"] = p.per_turn(p.battles);
  j["banners_per_turn"] = p.per_turn(p.banners);
  j["think_seconds"] = p.think_seconds;
  j["think_seconds_per_turn"] = p.turns ? p.think_seconds / double(p.turns) : 0.0;
  return j;
}

}  // namespace bgb::ai
