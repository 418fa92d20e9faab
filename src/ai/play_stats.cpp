#include "ai/play_stats.h"

namespace bgb::ai {

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
