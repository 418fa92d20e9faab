#include "cca/battle_odds.h"

#include <algorithm>

#include "cca/rules_internal.h"

namespace bgb::cca {

bool battle_odds(const Scenario& scn, const State& s, Action a, BattleOdds& out) {
  if (a.type() != ActionType::Battle) return false;
  const int from = a.a(), to = a.b();
  if (from >= kHexes || to >= kHexes) return false;
  const int att = s.unit_at[from], vic = s.unit_at[to];
  if (att == kNone || vic == kNone) return false;
  State copy = s;  // the rules' functions read a context; nothing is changed or logged
  Rng rng(0x0dd5);
  Ctx c{scn, copy, rng, nullptr, Board::get()};
  const bool ranged = c.b.dist[from][to] > 1;
  const int n = std::min(16, ranged ? ranged_dice(c, att, to) : close_combat_dice(c, att, to, false));
  const RollKind kind = ranged ? RollKind::Ranged : RollKind::Close;
  const int ignorable = flags_ignorable(c, vic, att, ranged);
  const int per_flag = retreat_per_flag(c, vic, att, ranged);
  uint8_t opts[kHexes];
  const bool blocked = retreat_options(c, vic, per_flag, opts) == 0;
  const int blocks = copy.units[vic].blocks;
  out = BattleOdds{n, 0, 0, !ranged && may_evade(c, vic, att)};
  if (n <= 0) return true;
  long rolls = 0, hit = 0, dead = 0;
  uint8_t faces[16] = {};
  auto score = [&] {
    int hits = 0, flags = 0;
    score_roll(c, faces, n, att, vic, kind, hits, flags);
    const int lost = hits + (blocked ? std::max(0, flags - ignorable) * per_flag : 0);
    ++rolls;
    hit += hits > 0;
    dead += lost >= blocks;
  };
  if (n <= 5) {
    long total = 1;
    for (int i = 0; i < n; ++i) total *= 6;
    for (long k = 0; k < total; ++k) {
      long x = k;
      for (int i = 0; i < n; ++i, x /= 6) faces[i] = uint8_t(x % 6);
      score();
    }
  } else {
    for (int k = 0; k < 4000; ++k) {
      for (int i = 0; i < n; ++i) faces[i] = uint8_t(rng.below(6));
      score();
    }
  }
  out.hit = double(hit) / double(rolls);
  out.eliminate = double(dead) / double(rolls);
  return true;
}

}  // namespace bgb::cca
