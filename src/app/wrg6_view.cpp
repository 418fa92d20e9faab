#include "app/wrg6_view.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "wrg6/json_io.h"
#include "wrg6/tables.h"

namespace bgb::app::wrg6view {

using namespace bgb::wrg6;

namespace {

constexpr int kMargin = 6;  // "  500 |": the y labels and the border

std::string tag_of(int id) { return std::string(side_of(id) == 0 ? "A" : "B") + std::to_string(index_in_side(id) + 1); }

bool exists(const Scenario& scn, int id) {
  return id >= 0 && id < kMaxUnits && size_t(index_in_side(id)) < scn.army[side_of(id)].size();
}

// The compass point of a facing: unambiguous where the diagonal arrows are not (45 and 225 are
// both '/').
const char* compass_of(int facing) {
  static const char* const kPoints[8] = {"E", "NE", "N", "NW", "W", "SW", "S", "SE"};
  return kPoints[(norm_facing(facing) + 22) % 360 / 45];
}

// The arrow of a facing (a multiple of 45): where the unit's front points on the map.
char arrow_of(int facing) {
  static const char kArrows[8] = {'>', '/', '^', '\\', '<', '/', 'v', '\\'};
  return kArrows[(norm_facing(facing) + 22) % 360 / 45];
}

const char* facing_words(int facing) {
  static const char* const kWords[8] = {"east (right)",  "north-east", "north (up the table)", "north-west",
                                        "west (left)",   "south-west", "south (down the table)", "south-east"};
  return kWords[(norm_facing(facing) + 22) % 360 / 45];
}

// Whether point p lies in the rectangle (its front edge at r.f, depth behind it).
bool inside(const Rect& r, Vec p) {
  const Vec q = p - r.f;
  const double along = dot(q, forward(r.facing)), across = dot(q, left_of(r.facing));
  return along <= 0 && along >= -r.d && std::abs(across) <= r.w / 2;
}

// Cell classes, for colour.
enum Cls : uint8_t { kOpen, kWood, kHill, kSideA, kSideB, kAsked };

const char* colour_of(Cls c) {
  switch (c) {
    case kWood: return "\x1b[32m";
    case kHill: return "\x1b[33m";
    case kSideA: return "\x1b[1;36m";
    case kSideB: return "\x1b[1;31m";
    case kAsked: return "\x1b[1;7m";
    default: return "";
  }
}

std::string fmt(const char* f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char* f, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

}  // namespace

double fit_scale(const Scenario& scn, int width, int height) {
  static const double kScales[] = {5, 10, 15, 20, 25, 50};
  auto fits_width = [&](double sc) { return kMargin + int(std::ceil(scn.table_w / sc)) + 1 <= width; };
  // The rest of a screen (the list, the events, the choices) needs some twenty rows; a short
  // terminal takes a coarser map, but not so coarse that units lose their shape (20 p at most):
  // below that the person scrolls.
  for (double sc : kScales)
    if (sc <= 20 && fits_width(sc) && (height <= 0 || int(std::ceil(scn.table_h / (2 * sc))) + 22 <= height)) return sc;
  for (double sc : kScales)
    if (fits_width(sc)) return sc;
  return 50;
}

void draw_map(const Scenario& scn, const State& s, const MapOptions& opt, std::ostream& out) {
  const bool whole = opt.x1 <= opt.x0 || opt.y1 <= opt.y0;
  const int x0 = whole ? 0 : opt.x0, y0 = whole ? 0 : opt.y0;
  const int x1 = whole ? scn.table_w : opt.x1, y1 = whole ? scn.table_h : opt.y1;
  const double sc = opt.scale > 0 ? opt.scale : fit_scale(scn, opt.width, opt.height);
  const int cols = std::max(1, int(std::ceil((x1 - x0) / sc))), rows = std::max(1, int(std::ceil((y1 - y0) / (2 * sc))));
  std::vector<std::string> grid(size_t(rows), std::string(size_t(cols), '.'));
  std::vector<std::vector<Cls>> cls(size_t(rows), std::vector<Cls>(size_t(cols), kOpen));
  auto centre = [&](int r, int c) { return Vec{x0 + (c + 0.5) * sc, y1 - (r + 0.5) * 2 * sc}; };
  // The cell a point falls in, or false off the window.
  auto cell = [&](Vec p, int& r, int& c) {
    c = int(std::floor((p.x - x0) / sc));
    r = int(std::floor((y1 - p.y) / (2 * sc)));
    return r >= 0 && r < rows && c >= 0 && c < cols;
  };
  for (int pass = 0; pass < 2; ++pass)  // hills first: a wood on a hill shows as the wood
    for (const TerrainPiece& t : scn.terrain) {
      if ((t.kind == TerrainKind::Hill) != (pass == 0)) continue;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const Vec p = centre(r, c);
          if (t.contains(int(std::lround(p.x)), int(std::lround(p.y)))) {
            grid[size_t(r)][size_t(c)] = t.kind == TerrainKind::Wood ? '%' : ':';
            cls[size_t(r)][size_t(c)] = t.kind == TerrainKind::Wood ? kWood : kHill;
          }
        }
    }
  // Who holds each cell: a unit's fill, then its front over any fill; two fronts in one cell
  // are units meeting.
  std::vector<std::vector<int>> owner(size_t(rows), std::vector<int>(size_t(cols), -1));
  std::vector<std::vector<bool>> front(size_t(rows), std::vector<bool>(size_t(cols), false));
  for (int id = 0; id < kMaxUnits; ++id) {
    if (!exists(scn, id) || !s.u[id].alive()) continue;
    const Rect rc = rect_of(scn, s, id);
    const Cls mine = id == opt.highlight ? kAsked : side_of(id) == 0 ? kSideA : kSideB;
    const char fill = id == opt.highlight ? '*' : s.u[id].has(kBroken) ? '!' : side_of(id) == 0 ? '#' : '=';
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (!front[size_t(r)][size_t(c)] && inside(rc, centre(r, c))) {
          grid[size_t(r)][size_t(c)] = fill;
          cls[size_t(r)][size_t(c)] = mine;
          owner[size_t(r)][size_t(c)] = id;
        }
    // The front edge, sampled half a pace inside the unit (from its corners too) at half a column
    // apart, so that even a unit thinner than a row shows, and an edge on a cell boundary does
    // not spill into the next cell.
    const std::array<Vec, 4> k = rc.corners();
    const Vec in = -0.5 * forward(rc.facing);
    const int samples = std::max(2, int(std::ceil(rc.w / (sc / 2))) + 1);
    const double margin = std::min(0.5, rc.w / 4) / std::max(rc.w, 1.0);
    std::vector<std::pair<int, int>> cells;
    for (int i = 0; i < samples; ++i) {
      const double t = margin + (1 - 2 * margin) * double(i) / (samples - 1);
      const Vec p = k[0] + t * (k[1] - k[0]) + in;
      int r, c;
      if (!cell(p, r, c) || std::find(cells.begin(), cells.end(), std::make_pair(r, c)) != cells.end()) continue;
      cells.emplace_back(r, c);
    }
    std::sort(cells.begin(), cells.end());  // reading order: the tag reads left to right, top down
    const std::string tag = tag_of(id);
    const size_t n = cells.size();
    for (size_t i = 0; i < n; ++i) {
      const auto [r, c] = cells[i];
      char ch = arrow_of(rc.facing);
      if (n >= tag.size()) {
        const size_t at = (n - tag.size()) / 2;
        if (i >= at && i < at + tag.size()) ch = tag[i - at];
      } else if (i + 1 == n) {
        ch = tag.back();  // room for one character: the unit's number
      }
      const int o = owner[size_t(r)][size_t(c)];
      if (front[size_t(r)][size_t(c)] && o != id) {
        grid[size_t(r)][size_t(c)] = 'X';
        cls[size_t(r)][size_t(c)] = kAsked;
        continue;
      }
      grid[size_t(r)][size_t(c)] = ch;
      cls[size_t(r)][size_t(c)] = mine;
      owner[size_t(r)][size_t(c)] = id;
      front[size_t(r)][size_t(c)] = true;
    }
  }
  // The x labels every 100 paces (50 when zoomed in), at the column they fall in.
  const int step = sc <= 5 ? 50 : 100;
  std::string xl(size_t(kMargin + cols + 8), ' ');
  for (int x = (x0 + step - 1) / step * step; x <= x1; x += step) {
    const std::string lab = std::to_string(x);
    const size_t at = size_t(kMargin + std::min(cols, int(std::floor((x - x0) / sc + 1e-9))));
    if (at > 0 && xl[at - 1] != ' ') continue;
    if (at + lab.size() <= xl.size()) xl.replace(at, lab.size(), lab);
  }
  while (!xl.empty() && xl.back() == ' ') xl.pop_back();
  out << xl << "\n";
  const std::string border = std::string(size_t(kMargin - 1), ' ') + "+" + std::string(size_t(cols), '-') + "+\n";
  out << border;
  for (int r = 0; r < rows; ++r) {
    // A y label on the row the multiple of 100 falls in.
    const double top = y1 - r * 2 * sc, bottom = top - 2 * sc;
    const int ylab = int(std::floor(top / step)) * step;
    std::string lab = ylab > bottom && ylab <= top + 1e-9 ? std::to_string(ylab) : "";
    out << std::string(size_t(kMargin - 2 - int(lab.size())), ' ') << lab << " |";
    Cls cur = kOpen;
    for (int c = 0; c < cols; ++c) {
      const Cls k = cls[size_t(r)][size_t(c)];
      if (opt.color && k != cur) {
        if (cur != kOpen) out << "\x1b[0m";
        out << colour_of(k);
        cur = k;
      }
      out << grid[size_t(r)][size_t(c)];
    }
    if (opt.color && cur != kOpen) out << "\x1b[0m";
    out << "|\n";
  }
  out << border;
  if (!opt.key) return;
  std::string key = fmt("1 column %g p, 1 row %g p. %s (A): tag on its front, arrows where it faces, # behind; ", sc, 2 * sc,
                        scn.side_name[0].c_str()) +
                    scn.side_name[1] + " (B): = behind. ! routing, X fronts meeting";
  if (opt.highlight >= 0) key += ", * the unit asked";
  bool wood = false, hill = false;
  for (const TerrainPiece& t : scn.terrain) (t.kind == TerrainKind::Wood ? wood : hill) = true;
  if (wood) key += ", % wood";
  if (hill) key += ", : hill";
  key += ".";
  // Wrapped to the width at spaces.
  while (int(key.size()) > opt.width - 1) {
    size_t cut = key.rfind(' ', size_t(opt.width - 1));
    if (cut == std::string::npos || cut == 0) break;
    out << key.substr(0, cut) << "\n";
    key = "  " + key.substr(cut + 1);
  }
  out << key << "\n";
}

void draw_zoom(const Scenario& scn, const State& s, int id, const MapOptions& opt, std::ostream& out) {
  const Vec c = rect_of(scn, s, id).centre();
  MapOptions z = opt;
  z.scale = 5;
  const int half_w = std::max(50, (opt.width - kMargin - 2) * 5 / 2), half_h = std::min(120, half_w / 2);
  z.x0 = std::max(0, int(c.x) - half_w);
  z.x1 = std::min(scn.table_w, z.x0 + 2 * half_w);
  z.x0 = std::max(0, z.x1 - 2 * half_w);
  z.y0 = std::max(0, int(c.y) - half_h);
  z.y1 = std::min(scn.table_h, z.y0 + 2 * half_h);
  z.y0 = std::max(0, z.y1 - 2 * half_h);
  out << "Around " << unit_name(scn, id) << ": x " << z.x0 << "-" << z.x1 << ", y " << z.y0 << "-" << z.y1 << "\n";
  draw_map(scn, s, z, out);
}

std::string flags_text(const Scenario& scn, const State& s, int id) {
  const Unit& u = s.u[id];
  std::vector<std::string> f;
  if (u.has(kBroken)) f.push_back("BROKEN (routing)");
  if (u.has(kShaken)) f.push_back("shaken");
  if (u.alive() && disordered(scn, s, id)) f.push_back("disordered");
  if (u.has(kImpetuous)) f.push_back("impetuous");
  if (u.has(kPursuing) && u.pursue != kNone) f.push_back("pursuing " + tag_of(u.pursue));
  if (u.fall_back) f.push_back("falling back " + std::to_string(u.fall_back));
  if (u.has(kNoAdvance)) f.push_back("no advance");
  if (u.charge != kNone) f.push_back("charging " + tag_of(u.charge));
  if (u.has(kEvaded)) f.push_back("evaded");
  std::string out;
  for (const std::string& x : f) out += (out.empty() ? "" : ", ") + x;
  return out;
}

std::string unit_line(const Scenario& scn, const State& s, int id, int viewer, int cursor) {
  const UnitSpec& sp = spec_of(scn, id);
  const Unit& u = s.u[id];
  std::string line = fmt("%c %-3s %-15.15s %-2s ", id == cursor ? '>' : ' ', tag_of(id).c_str(), sp.name.c_str(), troop_name(sp.troop));
  if (!u.alive()) return line + (u.figs == 0 ? "destroyed" : "gone: routed off the table");
  std::string order = order_name(Order(u.order));
  if (u.next_order != u.order) order += std::string(">") + order_name(Order(u.next_order));
  line += fmt("%2d/%-2d %3d  %-5s %3d,%-3d %c %-2s", int(u.figs), sp.files * sp.ranks, men(s, id), order.c_str(), int(u.x),
              int(u.y), arrow_of(u.facing), compass_of(u.facing));
  std::string extra = flags_text(scn, s, id);
  if (s.general[side_of(id)] == id) extra = "C-in-C" + std::string(extra.empty() ? "" : ", ") + extra;
  if (!s.over() && s.commit[id]) {
    // The other side's units enter after this side's: one entered already had a single choice,
    // entered for it (an impetuous unit's charge), which is no secret.
    const bool theirs = viewer >= 0 && side_of(id) != viewer;
    std::string c = !theirs ? "entered: " + action_text(scn, s, s.commit[id])
                    : side_of(id) > s.side ? "its only choice is entered"
                                           : "has committed";
    extra += (extra.empty() ? "" : "; ") + c;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (extra.empty()) return line;
  if (line.size() + 2 + extra.size() <= 79) return line + "  " + extra;
  return line + "\n" + wrap("        " + extra, 79, 8);
}

void list_units(const Scenario& scn, const State& s, int viewer, int cursor, std::ostream& out) {
  out << "  unit                    type figs  men order  at      faces\n";
  for (int side = 0; side < kSides; ++side) {
    out << scn.side_name[side] << " (" << (side == 0 ? "A" : "B") << "), men lost " << men_lost(scn, s, side) << ":\n";
    for (size_t k = 0; k < scn.army[side].size(); ++k) out << unit_line(scn, s, unit_id(side, int(k)), viewer, cursor) << "\n";
  }
}

void describe_unit(const Scenario& scn, const State& s, int id, std::ostream& out) {
  const UnitSpec& sp = spec_of(scn, id);
  const Unit& u = s.u[id];
  out << unit_name(scn, id) << " of " << scn.side_name[side_of(id)] << ": " << grade_name(sp.grade) << ", hand to hand "
      << melee_name(sp.melee) << (sp.missile == Missile::None ? "" : std::string(", shoots ") + missile_name(sp.missile))
      << (sp.shieldless ? ", no shields" : "") << (s.general[side_of(id)] == id ? ", with the C-in-C" : "") << "\n";
  if (!u.alive()) {
    out << "  " << (u.figs == 0 ? "destroyed" : "routed off the table") << "\n";
    return;
  }
  const Rect r = rect_of(scn, s, id);
  const int ranks = ranks_now(scn, s, id);
  out << fmt("  %d files x %d rank%s (%.0f x %.0f p); %d of %d figures, %d of %d men\n", files_now(scn, s, id), ranks,
             ranks == 1 ? "" : "s", r.w, r.d, int(u.figs), sp.files * sp.ranks, men(s, id), men_start(scn, id));
  out << fmt("  front edge centred at (%d, %d), facing %d: %s", int(u.x), int(u.y), int(u.facing), facing_words(u.facing));
  if (in_wood(scn, r.centre())) out << "; in a wood";
  if (on_hill(scn, r.centre())) out << "; on the hill";
  out << "\n";
  const Order o = Order(u.order);
  out << "  order " << order_name(o) << " (" << order_meaning(o) << ")";
  if (o == Order::Q || o == Order::W) out << ", objective (" << sp.obj_x << ", " << sp.obj_y << ")";
  if (u.next_order != u.order) out << "; next period " << order_name(Order(u.next_order));
  out << "\n";
  const MoveRow& m = move_of(sp.troop);
  out << "  moves " << m.normal << " p (half in a wood unless light foot), charges " << m.charge << " p, evades "
      << m.evade_a << " p + 10 x a die";
  if (sp.missile != Missile::None) {
    const RangeRow& rr = range_of(sp.missile);
    out << "; shoots to " << rr.max << " p";
    if (rr.long_from) out << " (long from " << rr.long_from << " p)";
  }
  out << "\n";
  const std::string f = flags_text(scn, s, id);
  if (!f.empty()) out << "  " << f << "\n";
  if (u.last_band) out << "  last reaction test: R" << int(u.last_band) << "\n";
  std::vector<int> fc;
  front_contacts(scn, s, id, fc);
  std::string near;
  for (int e = 0; e < kMaxUnits; ++e) {
    if (!exists(scn, e) || side_of(e) == side_of(id) || !s.u[e].alive()) continue;
    const double d = distance(r, rect_of(scn, s, e));
    if (d > 300) continue;
    std::string w = tag_of(e) + fmt(" %.0f p", d);
    if (std::find(fc.begin(), fc.end(), e) != fc.end()) w += " (front contact)";
    else if (d <= 1.5) w += " (touching)";
    else if (in_charge_reach(scn, s, id, e)) w += " (in charge reach)";
    near += (near.empty() ? "" : ", ") + w;
  }
  out << "  enemies within 300 p: " << (near.empty() ? "none" : near) << "\n";
}

const char* step_title(Step st) {
  switch (st) {
    case Step::Declare: return "declare charges (W-SEQ 3)";
    case Step::Respond: return "answer charges (W-SEQ 5)";
    case Step::Move: return "normal moves (W-SEQ 7)";
    case Step::Orders: return "new orders (W-SEQ 8)";
    case Step::Shoot: return "shooting (W-SEQ 9; hand-to-hand follows)";
    case Step::Over: return "the game is over";
  }
  return "?";
}

const char* order_meaning(Order o) {
  switch (o) {
    case Order::Q: return "march: half to all of the move toward the objective; charge only what blocks it";
    case Order::W: return "walk: at most half the move toward the objective";
    case Order::S: return "skirmish: charge flanks, light, shaken or disordered enemy; evade charges (charged, an R5 breaks it)";
    case Order::H: return "hold: no advance; counter-charge when charged (foot stand against horse)";
    case Order::A: return "attack: may charge any enemy in reach";
  }
  return "?";
}

std::string choice_details(const Scenario& scn, const State& s, uint32_t a) {
  const int id = unit_of(a), arg = arg_of(a);
  if (!exists(scn, id)) return "";
  const UnitSpec& sp = spec_of(scn, id);
  const MoveRow& m = move_of(sp.troop);
  const Rect r = rect_of(scn, s, id);
  const int normal = sp.troop != Troop::LI && in_wood(scn, r.f) ? m.normal / 2 : m.normal;
  switch (kind_of(a)) {
    case Kind::Charge: {
      if (!exists(scn, arg)) return "";
      const Rect t = rect_of(scn, s, arg);
      const double d = arc_distance(r, t);
      const Edge e = struck_edge(t, r.f);
      const char* edge = e == Edge::Front ? "its front" : e == Edge::Rear ? "its REAR" : "its FLANK";
      return fmt("%.0f p of %d, into %s", std::max(0.0, d), m.charge, edge);
    }
    case Kind::Shoot: {
      if (!exists(scn, arg)) return "";
      const double d = arc_distance(r, rect_of(scn, s, arg));
      const int figs = figures_shooting(scn, s, id), f = shooting_factors(scn, s, id, arg);
      const bool lng = is_long_range(sp.missile, int(std::ceil(d - 1e-9)));
      return fmt("%.0f p%s; %d figures at %+d and a die: %d to %d men", std::max(0.0, d), lng ? ", long range" : "", figs, f,
                 casualties(f + 1, figs), casualties(f + 6, figs));
    }
    case Kind::Advance: {
      // What the advance asks for, and (when less) the room it has as the table stands: a friend
      // ahead may move first, so the advance stays on offer.
      const int want = advance_paces(scn, s, id, arg), room = advance_room(scn, s, id, arg);
      if (room >= want) return fmt("up to %d p", want);
      return fmt("up to %d p; room now for %d p (in the way, unless it moves first)", want, room);
    }
    case Kind::WheelLeft: return fmt("45 degrees about the left front corner, then on; %d p in all", normal);
    case Kind::WheelRight: return fmt("45 degrees about the right front corner, then on; %d p in all", normal);
    case Kind::TurnLeft:
    case Kind::TurnRight:
    case Kind::TurnAbout: return "costs half the move: no move after it";
    case Kind::Retire: return fmt("%d p straight back, still facing the enemy", normal / 2);
    case Kind::Hold: return "no move; not in contact, it makes its rally move";
    case Kind::Evade: return fmt("%d p + 10 x a die directly away from the charger, disordered", m.evade_a);
    case Kind::CounterCharge: return "meets the charger halfway; both count charging";
    case Kind::Stand: return "receives the charge at the halt";
    case Kind::NewOrder: return order_meaning(Order(arg));
    case Kind::NoCharge:
    case Kind::KeepOrder:
    case Kind::HoldFire: return "";
  }
  return "";
}

std::string ask_text(const Scenario& scn, const State& s) {
  const int id = s.cursor;
  const Unit& u = s.u[id];
  std::string t = unit_name(scn, id) + fmt(" at %d,%d facing %d, order %s", int(u.x), int(u.y), int(u.facing), order_name(Order(u.order)));
  const std::string f = flags_text(scn, s, id);
  if (!f.empty()) t += "\n  " + f;
  if (s.step == Step::Respond) {
    std::string by;
    for (int e = 0; e < kMaxUnits; ++e)
      if (exists(scn, e) && s.u[e].alive() && s.u[e].charge == id) {
        const Edge edge = struck_edge(rect_of(scn, s, id), rect_of(scn, s, e).f);
        by += (by.empty() ? "" : ", ") + tag_of(e) + " " + spec_of(scn, e).name +
              (edge == Edge::Front ? " (front)" : edge == Edge::Rear ? " (rear!)" : " (flank!)");
      }
    if (!by.empty()) t += "\n  charged by " + by;
  }
  if (s.step == Step::Declare) {
    std::string reach;
    for (int e = 0; e < kMaxUnits; ++e)
      if (exists(scn, e) && side_of(e) != side_of(id) && s.u[e].alive() && in_charge_reach(scn, s, id, e))
        reach += (reach.empty() ? "" : ", ") + tag_of(e);
    if (!reach.empty()) t += "\n  enemies in charge reach: " + reach;
  }
  return t;
}

std::string wrap(const std::string& text, int width, int indent) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    bool first = true;
    while (int(line.size()) > width) {
      size_t cut = line.rfind(' ', size_t(width));
      const size_t lead = first ? 0 : size_t(indent);
      if (cut == std::string::npos || cut <= lead) cut = line.find(' ', size_t(width));
      if (cut == std::string::npos) break;
      out += line.substr(0, cut) + "\n";
      size_t next = cut;
      while (next < line.size() && line[next] == ' ') ++next;
      line = std::string(size_t(indent), ' ') + line.substr(next);
      first = false;
    }
    out += line;
    if (end == text.size()) break;
    out += "\n";
    start = end + 1;
  }
  return out;
}

int print_events(const std::vector<game::EventView>& ev, std::ostream& out, std::vector<std::string>* log, int width) {
  int printed = 0;
  for (const game::EventView& e : ev) {
    const std::string type = e.json.value("type", "");
    // A side's own commitments are what it just typed; the other side's say only that it has.
    if (type == "commit" && e.own) continue;
    std::string line = "  ", text = e.text;
    // "Gauls commit for B1 ..." reads as what has happened by the time it is shown.
    if (type == "commit") {
      size_t at = text.find(" commits for ");
      if (at != std::string::npos) text.replace(at, 13, " has committed for ");
      at = text.find(" commit for ");
      if (at != std::string::npos) text.replace(at, 12, " have committed for ");
    }
    if (type == "reveal") line += "= ";
    if (type == "period") line = "-- ";
    line += text;
    // The dice, unless the text names them already ("3 dice 5 4 6").
    if (e.json.contains("dice") && e.json["dice"].is_array() && !e.json["dice"].empty() && text.find(" dice ") == std::string::npos &&
        text.find("die ") == std::string::npos) {
      line += e.json["dice"].size() > 1 ? "  (dice" : "  (die";
      for (const auto& d : e.json["dice"]) line += " " + std::to_string(d.get<int>());
      line += ")";
    }
    const std::string rule = e.json.value("rule", "");
    if (!rule.empty() && type != "commit" && type != "reveal") line += "  [" + rule + "]";
    line = wrap(line, width - 1, 6);
    out << line << "\n";
    ++printed;
    if (log) log->push_back(line);
  }
  return printed;
}

bool has_news(const std::vector<game::EventView>& ev) {
  for (const game::EventView& e : ev)
    if (!(e.own && e.json.value("type", "") == "commit")) return true;
  return false;
}

std::vector<game::EventView> opening_events(const Scenario& scn, uint64_t seed, int viewer) {
  Rng rng(seed);
  Events log;
  (void)wrg6::new_game(scn, rng, &log);
  std::vector<game::EventView> out;
  for (const Event& e : log) out.push_back(game::EventView{e.text, event_to_json(e), e.side < 0 || viewer < 0 || e.side == viewer, viewer});
  return out;
}

int men_lost(const Scenario& scn, const State& s, int side) {
  int lost = 0;
  for (size_t k = 0; k < scn.army[side].size(); ++k) {
    const int id = unit_id(side, int(k));
    lost += men_start(scn, id) - (s.u[id].alive() ? men(s, id) : 0);
  }
  return lost;
}

std::string result_text(const Scenario& scn, const State& s, int you) {
  const std::string losses = fmt(" Men lost: %s %d, %s %d.", scn.side_name[0].c_str(), men_lost(scn, s, 0),
                                 scn.side_name[1].c_str(), men_lost(scn, s, 1));
  if (!s.over()) return fmt("The game is not finished (period %d, %s).", int(s.period), step_title(s.step)) + losses;
  if (s.winner < 0) return fmt("A draw in period %d.", int(s.period)) + losses;
  std::string who = scn.side_name[s.winner] + " (" + (s.winner == 0 ? "A" : "B") + ")";
  if (you == 0 || you == 1) who = s.winner == you ? "You win: " + who + " beat the enemy army" : "You lose: " + who + " won";
  else who += wrg6::plural_name(scn.side_name[s.winner]) ? " win" : " wins";
  return who + fmt(" in period %d.", int(s.period)) + losses;
}

int parse_unit(const Scenario& scn, const std::string& word) {
  if (word.size() >= 2 && (word[0] == 'A' || word[0] == 'a' || word[0] == 'B' || word[0] == 'b') &&
      std::all_of(word.begin() + 1, word.end(), ::isdigit) && word.size() <= 3) {
    const int k = std::stoi(word.substr(1)) - 1;
    const int side = word[0] == 'A' || word[0] == 'a' ? 0 : 1;
    if (k >= 0 && k < kMaxUnitsSide && exists(scn, unit_id(side, k))) return unit_id(side, k);
    return -1;
  }
  if (!word.empty() && word.size() <= 2 && std::all_of(word.begin(), word.end(), ::isdigit)) {
    const int id = std::stoi(word);
    return exists(scn, id) ? id : -1;
  }
  return -1;
}

}  // namespace bgb::app::wrg6view
