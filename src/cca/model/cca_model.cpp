#include "cca/model/cca_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "cca/board.h"
#include "cca/cards.h"
#include "cca/combat_table.h"
#include "cca/observation.h"
#include "cca/rules.h"
#include "cca/terrain.h"
#include "cca/unit_types.h"

namespace bgb::cca {

namespace {

constexpr int kFar = 30;

struct Near {
  int dist = kFar;        // to the nearest enemy unit
  int adj = 0;            // enemy units adjacent
  int weakest_adj = 99;   // fewest blocks among adjacent enemy units
};

// Enemies of `side` seen from `hex` (`self`, a unit of `side`, is never one of them).
[[gnu::always_inline]] inline Near near_enemy(const State& s, Side side, int hex, int /*self*/ = -1) {
  const Board& b = Board::get();
  Near n;
  const Bits128 enemy = s.unit_hexes(other(side));
  if (!enemy.any() || hex >= kHexes) return n;
  // The smallest r whose ball meets an enemy: balls grow with r, so gallop (1, 2, 4, 8, 16) and
  // then halve the last gap; a few tests instead of one per hex of distance.
  const Bits128* ball = b.ball[hex];
  if (enemy.intersects(ball[1])) {
    n.dist = enemy.test(hex) ? 0 : 1;
  } else {
    int lo = 2, hi = 2;  // the distance is in [lo, hi] once ball[hi] meets an enemy
    while (!enemy.intersects(ball[hi])) lo = hi + 1, hi = std::min(2 * hi, int(Board::kMaxRadius));  // that ball covers the board
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (enemy.intersects(ball[mid])) hi = mid;
      else lo = mid + 1;
    }
    n.dist = lo;
    return n;  // no enemy adjacent
  }
  Bits128 adj = enemy & ball[1];
  adj.reset(hex);
  while (adj.any()) {
    n.adj++;
    n.weakest_adj = std::min<int>(n.weakest_adj, s.units[s.unit_at[adj.pop()]].blocks);
  }
  return n;
}

// Friendly units (or a friendly leader: support for §12 bolster) around hex, `self` excluded.
[[gnu::always_inline]] inline int friends_adjacent(const State& s, Side side, int hex, int self = -1) {
  if (hex >= kHexes) return 0;
  Bits128 around = Board::get().ball[hex][1];
  around.reset(hex);
  const Bits128 friends = s.unit_hexes(side) & around;
  int n = friends.count();
  if (self >= 0) {
    const int h = s.units[self].hex;
    if (h < kHexes && friends.test(h) && s.unit_at[h] == self) --n;
  }
  return n;
}

bool leader_near(const State& s, Side side, int hex) {
  const Board& b = Board::get();
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& l = s.leaders[i];
    if (l.alive() && l.side == side && b.dist[hex][l.hex] <= 1) return true;
  }
  return false;
}

double strength(const UnitState& u) {
  const int full = std::max<int>(1, unit_info(u.type).blocks);
  return double(u.blocks) / double(full);
}

// How much ordering unit i is worth to its side now.
double order_value(const State& s, int i) {
  const UnitState& u = s.units[i];
  const UnitInfo& info = unit_info(u.type);
  const Near n = near_enemy(s, u.side, u.hex, i);
  const double f = strength(u);
  double v = 1.0;
  const int range = combat_type(u.type).range;
  const bool can_attack = n.dist == 1 || (range > 0 && n.dist <= range);
  if (can_attack)
    v += 2.0 * f + 0.5 + (n.weakest_adj <= 1 ? 1.0 : 0.0);
  else if (n.dist <= info.move + 1 + range)
    v += 1.2 * f + 0.3;
  if (f < 0.6 && n.dist <= 2) v += 1.2;  // pull a damaged unit back
  if (s.leader_at[u.hex] != kNone) v += 0.3;
  if (info.war_machine && !can_attack) v -= 0.5;
  return v;
}

// Under a leadership card, what choosing the leader at `hex` is worth: his own unit and the best
// of the units linked to him (a chain of own units from his hex), as many as the card's orders.
// Without it the leader was a flat 0.4 against any single unit's value, and the bots spent
// Leadership and Inspired Leadership cards on one unit (play-tests, issue 11).
template <class OrderValue>
double leader_group_value(const State& s, int hex, OrderValue&& order_value) {
  const Board& b = Board::get();
  const Side me = s.active;
  const int own = s.unit_at[hex];
  double v = own != kNone ? order_value(own) : 0.0;
  uint8_t seen[kHexes] = {};
  int queue[kHexes], qh = 0, qt = 0;
  queue[qt++] = hex;
  seen[hex] = 1;
  std::vector<double> linked;
  while (qh < qt) {
    const int h = queue[qh++];
    for (int d = 0; d < kDirs; ++d) {
      const int n = b.nbr[h][d];
      if (n == kNoHex || seen[n]) continue;
      seen[n] = 1;
      const int u = s.unit_at[n];
      if (u == kNone || s.units[u].side != me || (s.units[u].flags & kOrdered)) continue;
      linked.push_back(order_value(u));
      queue[qt++] = n;
    }
  }
  std::sort(linked.begin(), linked.end(), std::greater<double>());
  const int k = s.orders_left > 0 && s.orders_left < 255 ? s.orders_left : 3;
  for (int i = 0; i < k && i < int(linked.size()); ++i) v += linked[size_t(i)];
  return v;
}

// Whether a unit retreating into hex h could enter it (§12): on the board, passable, empty (the
// unit `mover` about to leave its hex does not count).
bool open_for_retreat(const Scenario& scn, const State& s, int h, int mover) {
  if (h == kNoHex) return false;
  if (terrain_info(scn.terrain[h]).impassable) return false;
  return s.unit_at[h] == kNone || s.unit_at[h] == mover;
}

// How many retreat hexes (§12) unit u could make from `hex` on its best path, at most `left`:
// toward its own side, into no unit, no impassable hex and no lone enemy leader; a lone friendly
// leader stops the retreat with nothing lost (counted as all made). Depth first with an early
// stop, so an open path costs a few steps.
int retreat_room(const Scenario& scn, const State& s, int u, int hex, int left) {
  if (left <= 0) return 0;
  const Board& b = Board::get();
  const Side side = s.units[u].side;
  int best = 0;
  for (int k = 0; k < 2 && best < left; ++k) {
    const int h = b.back[idx(side)][hex][k];
    if (h == kNoHex || terrain_info(scn.terrain[h]).impassable) continue;
    if (s.unit_at[h] != kNone && s.unit_at[h] != u) continue;
    const int l = s.leader_at[h];
    if (l != kNone) {
      if (s.leaders[l].side != side) continue;
      if (s.leader_at[s.units[u].hex] == kNone) return left;  // joins him: the retreat ends
      continue;  // a unit with a leader may not enter another lone leader's hex
    }
    best = std::max(best, 1 + retreat_room(scn, s, u, h, left - 1));
  }
  return best;
}

// Flags the unit may ignore (§12 Bolster Morale, most cases): an attached leader, two supporting
// neighbours (a lone friendly leader counts), a full-strength warrior; elephants take no support.
int flags_ignored(const State& s, int u) {
  const Board& b = Board::get();
  const UnitState& us = s.units[u];
  if (us.type == UnitType::Elephant) return 0;
  int n = 0;
  const int l = s.leader_at[us.hex];
  if (l != kNone && s.leaders[l].side == us.side) n++;
  int support = 0;
  for (int d = 0; d < kDirs; ++d) {
    const int h = b.nbr[us.hex][d];
    if (h == kNoHex) continue;
    const int v = s.unit_at[h];
    if (v != kNone ? s.units[v].side == us.side
                   : s.leader_at[h] != kNone && s.leaders[s.leader_at[h]].side == us.side)
      support++;
  }
  if (support >= 2) n++;
  if (us.type == UnitType::Warrior && us.blocks >= unit_info(us.type).blocks) n++;
  return n;
}

// Closing the ring (§12: a flag a unit cannot retreat from costs a block): standing on a retreat
// hex of an adjacent enemy unit, more when its other retreat hex is closed too; and the reverse
// for the unit itself: a hex with no way back, or alone among several enemies, is a trap.
double ring_value(const Scenario& scn, const State& s, int i, int hex) {
  const Board& b = Board::get();
  const UnitState& u = s.units[i];
  double v = 0;
  for (int d = 0; d < kDirs; ++d) {
    const int h = b.nbr[hex][d];
    if (h == kNoHex) continue;
    const int e = s.unit_at[h];
    if (e == kNone || e == i || !s.units[e].alive() || s.units[e].side == u.side) continue;
    const uint8_t* back = b.back[idx(s.units[e].side)][h];
    for (int k = 0; k < 2; ++k) {
      if (back[k] != hex) continue;
      v += 0.4;
      if (!open_for_retreat(scn, s, back[1 - k], i)) v += 0.4 + (s.units[e].blocks == 1 ? 0.3 : 0.0);
    }
  }
  const uint8_t* mine = b.back[idx(u.side)][hex];
  if (!open_for_retreat(scn, s, mine[0], i) && !open_for_retreat(scn, s, mine[1], i)) v -= 0.5;
  return v;
}

// Where unit i wants to stand: closing in while healthy, backing off to support while weak.
// With `trap_moves` a healthy unit in contact is scored down for every hex a flag would
// mandate that its retreat from there cannot make (its own units or the board's edge behind it:
// play-tests, a lone unit sent forward with its retreat filled), half as much when bolstered.
double place_value(const Scenario& scn, const State& s, int i, int hex, bool ring, bool trap_moves = false) {
  const UnitState& u = s.units[i];
  const UnitInfo& info = unit_info(u.type);
  const Near n = near_enemy(s, u.side, hex, i);
  const int fr = friends_adjacent(s, u.side, hex, i);
  const double f = strength(u);
  double v = 0;
  const bool weak = f < 0.55 || u.blocks == 1;
  if (!weak) {
    if (combat_type(u.type).range > 0 && info.foot)
      v -= 0.6 * std::abs(n.dist - 2) + (n.dist == 1 ? 0.5 : 0.0);  // skirmishers shoot from 2
    else
      v -= 0.6 * std::max(0, n.dist - 1);
    if (n.dist == 1) v += 0.8 * f + (n.weakest_adj <= 1 ? 1.0 : 0.0) - 0.15 * (n.adj - 1);
    v += 0.35 * std::min(fr, 3);
    if (trap_moves && n.dist == 1 && u.type != UnitType::Elephant) {
      const int per_flag = std::max<int>(1, combat_type(u.type).retreat);
      const int short_by = per_flag - retreat_room(scn, s, i, hex, per_flag);
      const bool bolstered = fr >= 2 || s.leader_at[u.hex] != kNone;
      if (short_by > 0) v -= (bolstered ? 0.15 : 0.3) * std::min<int>(short_by, u.blocks);
    }
    if (ring && n.dist == 1) {
      v += ring_value(scn, s, i, hex);
      if (fr == 0 && n.adj >= 2) v -= 0.5;  // alone among enemies
    }
  } else {
    v += 0.6 * std::min(n.dist, 4);
    v += 0.3 * std::min(fr, 3);
    if (leader_near(s, u.side, hex)) v += 0.5;
  }
  return v;
}

// Chance that n dice with per-die hit chance p score at least k hits.
double p_at_least(int n, double p, int k) {
  if (k <= 0) return 1.0;
  if (k > n) return 0.0;
  double total = 0, c = 1;
  for (int h = 0; h <= n; ++h) {
    if (h > 0) c = c * double(n - h + 1) / double(h);
    if (h >= k) total += c * std::pow(p, h) * std::pow(1 - p, n - h);
  }
  return total;
}

// A battle's blocks lost by the target, counted with what its flags cost it (§12: a block for
// every retreat hex it cannot make): the chance of eliminating it and the expected loss (capped
// at its blocks), over the dice's hits and flags (each die: a hit with chance ph, else a flag
// with chance 1/6).
void loss_with_flags(const Scenario& scn, const State& s, int def, int dice, double ph, double& pkill,
                     double& expected) {
  const UnitState& d = s.units[def];
  const int per_flag = std::max<int>(1, combat_type(d.type).retreat);
  const int ignore = flags_ignored(s, def);
  const int room = retreat_room(scn, s, def, d.hex, std::min(12, dice * per_flag));
  const double pf = 1.0 / 6.0, pn = std::max(0.0, 1.0 - ph - pf);
  pkill = expected = 0;
  // Multinomial over (hits h, flags f, blanks): dice are few (at most about 6).
  double fact[16] = {1};
  for (int i = 1; i < 16; ++i) fact[i] = fact[i - 1] * i;
  for (int h = 0; h <= dice; ++h)
    for (int f = 0; h + f <= dice; ++f) {
      const int o = dice - h - f;
      const double p = fact[dice] / (fact[h] * fact[f] * fact[o]) * std::pow(ph, h) * std::pow(pf, f) * std::pow(pn, o);
      const int mandated = std::max(0, f - ignore) * per_flag;
      const int lost = std::min<int>(d.blocks, h + std::max(0, mandated - room));
      expected += p * lost;
      if (lost >= d.blocks) pkill += p;
    }
}

// Value of unit `att` attacking the piece at target (close or ranged, as the rules will rule).
// With `trap`, a target whose retreat is closed is scored by what its flags cost it too.
double battle_value(const Scenario& scn, const State& s, int att, int target, bool trap) {
  const UnitState& a = s.units[att];
  const Board& b = Board::get();
  const bool ranged = b.dist[a.hex][target] > 1;
  const int def = s.unit_at[target];
  if (def == kNone) return 2.5;  // a lone leader: a banner if he falls
  const UnitState& d = s.units[def];
  const int dice = battle_dice(scn, s, a.hex, target);
  double ph = 1.0 / 6.0;
  if (!ranged) {
    if (combat_type(a.type).sword_hits) ph += 1.0 / 6.0;
    if (s.leader_at[a.hex] != kNone) ph += 1.0 / 6.0;
  }
  double pkill = p_at_least(dice, ph, d.blocks);
  double eh = std::min(dice * ph, double(d.blocks));
  if (trap && dice > 0 && dice < 16) loss_with_flags(scn, s, def, dice, ph, pkill, eh);
  double v = 0.5 + 1.5 * eh / double(d.blocks) + 4.0 * pkill;
  v += 0.25 * dice / 6.0 * 3.0;  // flags push the enemy back too
  if (!ranged) {
    // The risk of battle back when it survives.
    const CombatType& dt = combat_type(d.type);
    const int bb = dt.battle_back_dice ? dt.battle_back_dice : dt.close_dice;
    double pb = 1.0 / 6.0 + (dt.sword_hits ? 1.0 / 6.0 : 0.0);
    const double my_loss = p_at_least(bb, pb, a.blocks);
    v -= (1.0 - pkill) * (0.6 * bb * pb / std::max<int>(1, a.blocks) + 3.0 * my_loss);
  }
  return v;
}

// The pieces as order_value sees them: two states alike here give every unit the same value.
bool same_pieces(const State& a, const State& b) {
  return a.n_units == b.n_units && std::memcmp(a.units, b.units, sizeof(UnitState) * size_t(a.n_units)) == 0 &&
         std::memcmp(a.leader_at, b.leader_at, sizeof a.leader_at) == 0;
}

struct CardCand {
  double v;
  uint8_t mask;
};

// The first orders of a section or troop card, found without playing it: what legal_orders
// lists for the card's first order (the own units, not yet ordered, on hexes of a section card's
// sections, or of a troop card's unit types, by hex), which playing it on a copy would find, with
// the card's orders (`quota` per section, or `left` in all). Returns false for other cards, and
// when nothing could be ordered, where the play's consequences need the rules.
template <class OrderValue>
bool card_first_orders(const State& s, int kind, OrderValue& order_value_in_s, CardCand* cands, int& n,
                       OrderMode& mode, int quota[3], int& left) {
  if (s.decision != Decision::PlayCard || (s.active != Side::Top && s.active != Side::Bottom)) return false;
  const CardInfo& card = card_info(uint8_t(kind));
  const Board& b = Board::get();
  const Side me = s.active;
  Bits128 may = s.unit_hexes(me);  // the units the card's first order may go to ...
  uint32_t types = ~uint32_t(0);   // ... and their types
  switch (CardKind(kind)) {
    case CardKind::OrderLightTroops:
    case CardKind::OrderMediumTroops:
    case CardKind::OrderHeavyTroops:
    case CardKind::OrderMounted:
    case CardKind::MountedCharge:
    case CardKind::MoveFireMove: {
      // Command-many units of the card's types; one unit of any type when the side has none.
      const uint32_t kind_types = card_unit_types(uint8_t(kind));
      bool has_kind = false;
      for (int i = 0; i < s.n_units && !has_kind; ++i)
        has_kind = s.units[i].alive() && s.units[i].side == me && (kind_types >> int(s.units[i].type) & 1);
      mode = has_kind ? OrderMode::Troop : OrderMode::AnyOne;
      left = has_kind ? s.command[idx(me)] : 1;
      if (left == 0) return false;
      if (has_kind) types = kind_types;
      break;
    }
    default: {
      if (card.group != CardGroup::Section || kind == int(CardKind::CounterAttack)) return false;
      uint8_t sections = 0;
      for (int i = 0; i < 3; ++i) {
        quota[i] = card.quota[i];
        if (card.quota[i]) sections |= uint8_t(1 << i);
      }
      mode = OrderMode::Section;
      may &= b.section_hexes(me, sections);
      break;
    }
  }
  n = 0;
  while (may.any()) {
    const int h = may.pop();
    const int u = s.unit_at[h];
    if ((s.units[u].flags & kOrdered) || !(types >> int(s.units[u].type) & 1) || n >= kMaxUnits) continue;
    cands[n++] = CardCand{order_value_in_s(u), b.section_mask(h, me)};
  }
  return n > 0;
}

// Orders a card would give, valued: the card is played on a copy and the orderable units scored.
// `order_value_in_s(u)` is unit u's order_value in s, used when playing the card left the pieces
// as they were (it always does but for cards that act on play). Section and troop cards take a
// short cut to the same candidates (card_first_orders).
template <class OrderValue>
double card_value(const Scenario& scn, const State& s, int kind, OrderValue&& order_value_in_s, bool shortcut = true) {
  CardCand cands[kMaxUnits];
  int n = 0;
  int quota[3] = {0, 0, 0};
  OrderMode mode = OrderMode::Section;
  int left = 0;
  if (!shortcut || !card_first_orders(s, kind, order_value_in_s, cands, n, mode, quota, left)) {
    n = 0;
    State c = s;
    Rng rng(0x5EEDull + uint64_t(kind));
    ActionList list;
    apply_unchecked(scn, c, Action::make(ActionType::PlayCard, kind), rng, nullptr, &list);
    if (c.decision != Decision::Order) {
      if (c.decision == Decision::Battle) {
        int battles = 0;
        for (Action a : list) battles += a.type() == ActionType::Battle;
        return 1.0 + 1.5 * battles;
      }
      return 0.5;
    }
    const Board& b = Board::get();
    const bool same = same_pieces(s, c);
    for (Action a : list) {
      if (a.type() != ActionType::OrderUnit) continue;
      const int u = c.unit_at[a.a()];
      if (u == kNone || n >= kMaxUnits) continue;
      cands[n++] = CardCand{same ? order_value_in_s(u) : order_value(c, u), b.section_mask(a.a(), c.active)};
    }
    mode = c.order_mode;
    for (int i = 0; i < 3; ++i) quota[i] = c.quota[i];
    left = c.orders_left == 255 ? n : c.orders_left;
    if (c.order_mode == OrderMode::Dice || c.order_mode == OrderMode::Rally)
      left = c.dice_orders[0] + c.dice_orders[1] + c.dice_orders[2] + c.dice_orders[3];
  }
  std::sort(cands, cands + n, [](const CardCand& x, const CardCand& y) { return x.v > y.v; });
  double total = 0;
  if (mode == OrderMode::Section) {
    for (int i = 0; i < n; ++i) {
      int best = -1;
      for (int k = 0; k < 3; ++k)
        if ((cands[i].mask >> k & 1) && quota[k] > 0 && (best < 0 || quota[k] > quota[best])) best = k;
      if (best >= 0) quota[best]--, total += cands[i].v;
    }
  } else {
    for (int i = 0; i < n && i < left; ++i) total += cands[i].v;
  }
  return total;
}

int final_hex(Action a) {
  int h = a.a();
  if (a.b() != kNoHex) h = a.b();
  if (a.c() != kNoHex) h = a.c();
  return h;
}

}  // namespace

void CcaModel::determinize(State& s, int viewer, Rng& rng) const { cca::determinize(*scn, s, Side(viewer), rng); }

const EvalWeights& fitted_eval_weights() {
  static const EvalWeights w{{
#include "eval/weights.inc"
  }};
  return w;
}

const EvalWeights& extra_eval_weights() {
  static const EvalWeights w{{
#include "eval/weights-extra.inc"
  }};
  return w;
}

const EvalWeights& legacy_eval_weights() {
  static const EvalWeights w{{0.0, 4.5, 4.5, 4.5, 4.5, 0.0, 0.0, 0.0, 0.0}};
  return w;
}

double battle_prior_logit(const std::string& id) {
  struct Prior {
    const char* id;
    double top_score;
  };
  static const Prior priors[] = {
#include "eval/battle-prior.inc"
  };
  for (const Prior& p : priors)
    if (id == p.id) return std::log(p.top_score / (1.0 - p.top_score));
  return 0.0;
}

void CcaModel::progress_parts(const State& s, int side, double parts[4]) const {
  const Board& b = Board::get();
  const Side me = Side(side);
  double banners = s.banners[side], losses = 0, contact = 0, formation = 0;
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& u = s.units[i];
    if (!u.alive()) continue;
    const int full = std::max<int>(1, unit_info(u.type).blocks);
    if (u.side != me) {
      const double lost = std::max(0.0, double(full - u.blocks) / double(full));
      losses += 0.6 * lost * lost + 0.2 * lost;
      // A weak enemy unit in contact with ours is close to a banner.
      const Near n = near_enemy(s, u.side, u.hex, i);
      if (n.dist == 1) contact += (u.blocks == 1 ? 0.12 : 0.03) * std::min(n.adj, 2);
    } else {
      formation += 0.03 * std::min(friends_adjacent(s, me, u.hex, i), 2);  // supported lines
      const int row = b.row[u.hex];
      const double adv = me == Side::Top ? row / 8.0 : (8 - row) / 8.0;
      formation += 0.02 * adv;  // position toward the enemy
    }
  }
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& l = s.leaders[i];
    if (!l.alive()) continue;
    const int u = s.unit_at[l.hex];
    const bool attached = u != kNone && s.units[u].side == l.side;
    if (l.side == me) {
      if (attached) formation += 0.06;
    } else if (!attached && near_enemy(s, l.side, l.hex).dist <= 1) {
      contact += 0.25;  // an exposed enemy leader
    }
  }
  parts[0] = banners;
  parts[1] = losses;
  parts[2] = contact;
  parts[3] = formation;
}

double CcaModel::progress(const State& s, int side) const {
  double parts[4];
  progress_parts(s, side, parts);
  return parts[0] + parts[1] + parts[2] + parts[3];
}

namespace {

// For `side`: the enemy units in contact with its units, each counted by the blocks one flag would
// cost it (§12, its retreat cut short by units, the edge or impassable hexes; half when it may
// ignore a flag), over its full strength.
double trapped_enemies(const Scenario& scn, const State& s, Side side) {
  double v = 0;
  for (int i = 0; i < s.n_units; ++i) {
    const UnitState& u = s.units[i];
    if (!u.alive() || u.side == side || u.type == UnitType::Elephant) continue;
    if (near_enemy(s, u.side, u.hex, i).dist != 1) continue;
    const int per_flag = std::max<int>(1, combat_type(u.type).retreat);
    const int short_by = std::min<int>(u.blocks, per_flag - retreat_room(scn, s, i, u.hex, per_flag));
    if (short_by <= 0) continue;
    const int full = std::max<int>(1, unit_info(u.type).blocks);
    v += (flags_ignored(s, i) > 0 ? 0.5 : 1.0) * double(short_by) / double(full);
  }
  return v;
}

// Cards in `side`'s hand that are not section cards (hidden cards count as not known: 0).
double strong_cards(const State& s, int side) {
  int n = 0;
  for (int i = 0; i < s.hand_n[side]; ++i) {
    const uint8_t c = s.hand[side][i];
    if (c < kCardKinds && card_info(c).group != CardGroup::Section) ++n;
  }
  return n;
}

}  // namespace

void CcaModel::features(const State& s, int p, double out[kEvalFeatures], bool all) const {
  const int q = 1 - p;
  const double need_p = std::max<int>(1, scn->banners_to_win[p]), need_q = std::max<int>(1, scn->banners_to_win[q]);
  double mine[4], theirs[4];
  progress_parts(s, p, mine);
  progress_parts(s, q, theirs);
  out[0] = int(s.decider) == p ? 1.0 : -1.0;
  for (int k = 0; k < 4; ++k) out[1 + k] = mine[k] / need_p - theirs[k] / need_q;
  out[5] = double(s.banners[p] + 1 >= need_p) - double(s.banners[q] + 1 >= need_q);
  out[6] = (p == 0 ? 1.0 : -1.0) * battle_logit_;
  out[7] = out[8] = 0;
  if (all || weights->w[7] != 0)
    out[7] = trapped_enemies(*scn, s, Side(p)) / need_p - trapped_enemies(*scn, s, Side(q)) / need_q;
  if (all || weights->w[8] != 0) out[8] = strong_cards(s, p) - strong_cards(s, q);
}

// A card that has no effect when played as the turn's card (command_cards.cpp): First Strike, a
// Counter Attack with nothing to copy, a Clash of Shields with no unit next to an enemy, a Rally
// with no damaged unit next to a leader, a section or Inspired Leadership card for sections where
// the side has nothing to order (§6, §7; a piece on a dotted line counts for both its sections).
// A side with reserve units off the map is left alone: where they may enter depends on the
// battle's rule.
bool card_does_nothing(const State& s, int card) {
  if (card == int(CardKind::FirstStrike)) return true;
  if (card == int(CardKind::CounterAttack)) {
    const uint8_t copied = s.last_played[1 - idx(s.active)];
    return copied == kNone || copied == uint8_t(CardKind::FirstStrike);
  }
  const Board& b = Board::get();
  const Side me = s.active;
  auto enemy_next_to = [&](int hex) {
    for (int i = 0; i < s.n_units; ++i)
      if (s.units[i].alive() && s.units[i].side != me && b.adjacent(hex, s.units[i].hex)) return true;
    return false;
  };
  if (card == int(CardKind::ClashOfShields)) {
    // It orders the units next to an enemy unit; with none, nothing happens.
    for (int i = 0; i < s.n_units; ++i)
      if (s.units[i].alive() && s.units[i].side == me && enemy_next_to(s.units[i].hex)) return false;
    return true;
  }
  if (card == int(CardKind::Rally)) {
    // Blocks return to damaged units next to a leader (not elephants or chariots); without a
    // leader the card orders one unit instead.
    bool leader = false;
    for (int l = 0; l < s.n_leaders; ++l)
      if (s.leaders[l].alive() && s.leaders[l].side == me) leader = true;
    if (!leader) return false;
    for (int i = 0; i < s.n_units; ++i) {
      const UnitState& u = s.units[i];
      if (!u.alive() || u.side != me || u.blocks >= u.start_blocks) continue;
      if (u.type == UnitType::Elephant || unit_info(u.type).chariot) continue;
      for (int l = 0; l < s.n_leaders; ++l)
        if (s.leaders[l].alive() && s.leaders[l].side == me && b.dist[s.leaders[l].hex][u.hex] <= 1) return false;
    }
    return true;
  }
  const CardInfo& info = card_info(uint8_t(card));
  uint8_t sections = 0;
  if (info.group == CardGroup::Section) {
    for (int i = 0; i < 3; ++i)
      if (info.quota[i]) sections |= uint8_t(1 << i);
  } else if (card == int(CardKind::InspiredLeftLeadership)) {
    sections = kSecLeft;  // a leader's group in the section, or one unit there instead
  } else if (card == int(CardKind::InspiredCenterLeadership)) {
    sections = kSecCenter;
  } else if (card == int(CardKind::InspiredRightLeadership)) {
    sections = kSecRight;
  } else {
    return false;
  }
  if (me != Side::Top && me != Side::Bottom) return false;
  if (s.unit_hexes(me).intersects(b.section_hexes(me, sections))) return false;
  for (int i = 0; i < s.n_units; ++i)
    if (s.units[i].side == me && s.units[i].status == Status::Reserve) return false;
  for (int i = 0; i < s.n_leaders; ++i) {
    const LeaderState& l = s.leaders[i];
    if (l.side == me && l.alive() && (b.section_mask(l.hex, me) & sections)) return false;
  }
  return true;
}

void prune_dominated(const State& s, ActionList& list) {
  if (s.decision != Decision::Order && s.decision != Decision::PlayCard) return;
  auto useless = [&](Action a) {
    if (s.decision == Decision::Order) return a.type() == ActionType::EndOrders;
    return a.type() == ActionType::PlayCard && card_does_nothing(s, a.a());
  };
  // Compacts in place; when every choice is useless nothing was written and the list stays whole.
  int n = 0;
  for (int i = 0; i < list.size(); ++i)
    if (!useless(list[i])) list[n++] = list[i];
  if (n > 0) list.n = n;
}

double CcaModel::evaluate(const State& s, int p) const {
  double f[kEvalFeatures];
  features(s, p, f, false);
  double z = 0;
  for (int k = 0; k < kEvalFeatures; ++k) z += weights->w[k] * f[k];
  return 1.0 / (1.0 + std::exp(-z));
}

double CcaModel::action_prior(const State& s, Action a) const { return PriorScorer(*this, s)(a); }

double card_prior_by_play(const CcaModel& m, const State& s, int kind) {
  return card_value(*m.scn, s, kind, [&s](int u) { return order_value(s, u); }, false);
}

double CcaModel::PriorScorer::order_value(int u) {
  const uint64_t bit = uint64_t(1) << u;
  if (!(have_order_ & bit)) {
    order_[u] = cca::order_value(*s_, u);
    have_order_ |= bit;
  }
  return order_[u];
}

double CcaModel::PriorScorer::place_from(int u) {
  const uint64_t bit = uint64_t(1) << u;
  if (!(have_place_ & bit)) {
    place_[u] = place_value(*m_->scn, *s_, u, s_->units[u].hex, m_->ring, m_->trap_moves);
    have_place_ |= bit;
  }
  return place_[u];
}

double CcaModel::PriorScorer::operator()(Action a) {
  const State& s = *s_;
  const Scenario* scn = m_->scn;
  const bool ring = m_->ring, trap = m_->trap, trap_moves = m_->trap_moves;
  const Board& b = Board::get();
  const Side me = s.decider;
  auto unit_order_value = [this](int u) { return order_value(u); };
  switch (a.type()) {
    case ActionType::PlayCard:
      return card_value(*scn, s, a.a(), unit_order_value);
    case ActionType::OrderUnit: {
      const int u = s.unit_at[a.a()];
      if (u == kNone) return 1.0;
      if (s.order_mode == OrderMode::Rally) return 1.0 + unit_info(s.units[u].type).blocks - s.units[u].blocks;
      double v = order_value(u);
      if (me != Side::Top && me != Side::Bottom) return v;
      // Orders are announced in hex order: ordering this unit forgoes lower, useful ones (those
      // on hexes from the next order key on and below this one, not yet ordered).
      for (Bits128 lower = (s.unit_hexes(me) & Bits128::from((s.last_order_key + 1) / 2)).minus(Bits128::from(a.a()));
           lower.any();) {
        const int i = s.unit_at[lower.pop()];
        if (!(s.units[i].flags & kOrdered) && order_value(i) >= 2.5) v -= 0.5;
      }
      return v;
    }
    case ActionType::OrderLeader:
      if (m_->lead_groups && s.order_mode == OrderMode::Leadership && s.lead_leader == kNone)
        return leader_group_value(s, a.a(), unit_order_value);
      return 0.4;
    case ActionType::EndOrders:
    case ActionType::EndMoves:
    case ActionType::EndBattles:
      return 0.0;
    case ActionType::MoveUnit: {
      const int u = s.unit_at[a.a()];
      if (u == kNone) return 0.1;
      // Off the map by an exit rule (kOffBoard, no hex to value): it scores the rule's banners.
      if (a.b() >= kHexes) return 1.0;
      return place_value(*scn, s, u, a.b(), ring, trap_moves) - place_from(u) + 0.05;
    }
    case ActionType::MoveLeader: {
      const int u = s.unit_at[a.b()];
      const bool joins = u != kNone && s.units[u].side == me;
      const bool left_unit = s.unit_at[a.a()] != kNone;
      double v = joins ? 1.0 + (1.0 - strength(s.units[u])) * 0.5 : -0.5;
      if (left_unit) v -= 0.5;
      if (near_enemy(s, me, a.b()).dist <= 1 && !joins) v -= 1.0;
      return v;
    }
    case ActionType::Battle:
    case ActionType::BonusCombat: {
      const int att = a.type() == ActionType::Battle ? s.unit_at[a.a()] : s.combat.attacker;
      if (att == kNone || att >= s.n_units) return 1.0;
      return battle_value(*scn, s, att, a.type() == ActionType::Battle ? a.b() : a.a(), trap);
    }
    case ActionType::Stand:
      return 0.0;
    case ActionType::Evade: {
      const int u = s.combat.def_unit;
      if (u == kNone || u >= s.n_units) return 0.5;
      return 0.3 + 2.0 * (1.0 - strength(s.units[u])) + (s.units[u].blocks == 1 ? 1.0 : 0.0);
    }
    case ActionType::EvadeTo:
    case ActionType::RetreatTo: {
      const int h = a.a();
      if (h >= kHexes) return -1.0;
      double v = 0.4 * friends_adjacent(s, me, h, s.subject) + 0.3 * std::min(near_enemy(s, me, h).dist, 3);
      if (leader_near(s, me, h)) v += 0.3;
      return v;
    }
    case ActionType::IgnoreFlags:
      return a.a();
    case ActionType::LeaderEvade: {
      const int h = final_hex(a);
      if (h == kOffBoard) return -0.5;
      if (h >= kHexes) return -1.0;
      const int u = s.unit_at[h];
      return (u != kNone && s.units[u].side == me ? 2.0 : 0.0) - 0.3 * (near_enemy(s, me, h).dist <= 1);
    }
    case ActionType::BattleBack:
      return 1.0;
    case ActionType::NoBattleBack:
      return 0.0;
    case ActionType::Advance: {
      const int u = s.combat.attacker;
      if (u == kNone || u >= s.n_units) return 0.5;
      double v = strength(s.units[u]) >= 0.5 ? 1.0 : -0.5;
      const int h = s.combat.target_hex;
      if (ring && h < kHexes) {
        // Not into the middle of the enemy army alone (play-tests: the advanced unit died there).
        const Near n = near_enemy(s, me, h, u);
        if (friends_adjacent(s, me, h, u) == 0 && n.adj >= 2) v -= 1.3;
        if (n.dist == 1 && n.weakest_adj <= 1) v += 0.3;  // a weak unit to finish in the bonus combat
      }
      return v;
    }
    case ActionType::Hold:
    case ActionType::StayPut:
    case ActionType::NoBonus:
      return 0.0;
    case ActionType::ExtraHex:
      return 0.5;
    case ActionType::FirstStrike:
      return 1.5;
    default:  // set-up and reserve placements, and kinds added later: neutral
      return 0.5;
  }
  (void)b;
  return 0.0;
}

}  // namespace bgb::cca
