// The WRG scenario text format, its validator and the two built-in scenarios (spec §3.4, §3.7;
// docs/wrg6-scenarios.md).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "wrg6/geometry.h"
#include "wrg6/scenario.h"

namespace bgb::wrg6 {
namespace {

// Field by field, the file's own name (`source`) aside.
void expect_same(const Scenario& a, const Scenario& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.about, b.about);
  for (int s = 0; s < kSides; ++s) EXPECT_EQ(a.side_name[s], b.side_name[s]);
  EXPECT_EQ(a.table_w, b.table_w);
  EXPECT_EQ(a.table_h, b.table_h);
  EXPECT_EQ(a.period_limit, b.period_limit);
  EXPECT_EQ(a.evade_rule, b.evade_rule);
  ASSERT_EQ(a.terrain.size(), b.terrain.size());
  for (size_t i = 0; i < a.terrain.size(); ++i) {
    const TerrainPiece &p = a.terrain[i], &q = b.terrain[i];
    EXPECT_EQ(p.kind, q.kind);
    EXPECT_EQ(p.name, q.name);
    EXPECT_EQ(p.x0, q.x0);
    EXPECT_EQ(p.y0, q.y0);
    EXPECT_EQ(p.x1, q.x1);
    EXPECT_EQ(p.y1, q.y1);
  }
  for (int s = 0; s < kSides; ++s) {
    ASSERT_EQ(a.army[s].size(), b.army[s].size());
    for (size_t k = 0; k < a.army[s].size(); ++k) {
      const UnitSpec &u = a.army[s][k], &v = b.army[s][k];
      EXPECT_EQ(u.name, v.name);
      EXPECT_EQ(u.troop, v.troop);
      EXPECT_EQ(u.melee, v.melee);
      EXPECT_EQ(u.missile, v.missile);
      EXPECT_EQ(u.grade, v.grade);
      EXPECT_EQ(u.shieldless, v.shieldless);
      EXPECT_EQ(u.files, v.files);
      EXPECT_EQ(u.ranks, v.ranks);
      EXPECT_EQ(u.x, v.x);
      EXPECT_EQ(u.y, v.y);
      EXPECT_EQ(u.facing, v.facing);
      EXPECT_EQ(u.order, v.order);
      EXPECT_EQ(u.obj_x, v.obj_x);
      EXPECT_EQ(u.obj_y, v.obj_y);
      EXPECT_EQ(u.general, v.general);
    }
  }
}

Rect footprint(const UnitSpec& u) {
  return Rect{{double(u.x), double(u.y)}, u.facing, double(u.files * figure_frontage(u.troop)), double(u.ranks * figure_depth(u.troop))};
}

bool wholly_in(const Rect& r, const TerrainPiece& t) {
  for (Vec c : r.corners())
    if (c.x < t.x0 || c.x > t.x1 || c.y < t.y0 || c.y > t.y1) return false;
  return true;
}

// A small valid file the error tests change one line of.
const char* kHeader =
    "id: t\n"             // 1
    "title: Test\n"       // 2
    "table: 800 x 600\n"  // 3
    "period limit: 12\n"; // 4

std::vector<std::string> read_errors(const std::string& text, Scenario* out = nullptr) {
  Scenario s;
  std::vector<std::string> errors;
  const bool ok = read_scenario(text, "t.txt", s, errors);
  EXPECT_EQ(ok, errors.empty());
  if (out) *out = s;
  return errors;
}

std::string joined(const std::vector<std::string>& v) {
  std::string r;
  for (const std::string& e : v) r += e + "\n";
  return r;
}

// Whether some message begins with `prefix` ("t.txt:6: unit A1") and holds `part`.
bool has(const std::vector<std::string>& errors, const std::string& prefix, const std::string& part) {
  for (const std::string& e : errors)
    if (e.rfind(prefix, 0) == 0 && e.find(part) != std::string::npos) return true;
  return false;
}

#define EXPECT_ERROR(errors, prefix, part) EXPECT_TRUE(has(errors, prefix, part)) << joined(errors)

// ---------------------------------------------------------------- the built-ins

TEST(Wrg6Scenario, BuiltinsReadAndValidate) {
  const auto& all = builtin_scenarios();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0]->id, "s1");
  EXPECT_EQ(all[0]->title, "Spear wall");
  EXPECT_EQ(all[1]->id, "s2");
  EXPECT_EQ(all[1]->title, "Horse against hoplites");
  for (const auto& s : all) {
    std::vector<std::string> errors;
    EXPECT_TRUE(validate_scenario(*s, s->id, errors)) << joined(errors);
    EXPECT_EQ(s->source, "built-in");
    EXPECT_EQ(s->period_limit, 12);
    EXPECT_EQ(s->evade_rule, EvadeRule::A);
    EXPECT_FALSE(s->about.empty());
    for (int side = 0; side < kSides; ++side) {
      int generals = 0;
      for (const UnitSpec& u : s->army[side]) {
        generals += u.general;
        EXPECT_EQ(u.facing, side == 0 ? 90 : u.troop == Troop::LI && s->id == "s2" ? 225 : 270) << u.name;
      }
      EXPECT_EQ(generals, 1) << s->id << " side " << side;
    }
  }
}

TEST(Wrg6Scenario, BuiltinFilesAreTheEmbeddedOnes) {
  for (const char* stem : {"s1-spear-wall", "s2-horse-against-hoplites"}) {
    std::ifstream in(std::string(BGBOT_SOURCE_DIR) + "/data/scenarios-wrg6/" + stem + ".txt");
    ASSERT_TRUE(in) << stem;
    std::stringstream ss;
    ss << in.rdbuf();
    Scenario s;
    std::vector<std::string> errors;
    ASSERT_TRUE(read_scenario(ss.str(), stem, s, errors)) << joined(errors);
    auto b = find_builtin(s.id);
    ASSERT_TRUE(b);
    expect_same(s, *b);
  }
}

TEST(Wrg6Scenario, S1IsTheSpecsSpearWall) {
  auto s = find_builtin("s1");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->table_w, 800);
  EXPECT_EQ(s->table_h, 600);
  EXPECT_TRUE(s->terrain.empty());
  for (int side = 0; side < kSides; ++side) {
    const auto& a = s->army[side];
    ASSERT_EQ(a.size(), 3u);
    for (int k = 0; k < 2; ++k) {
      EXPECT_EQ(a[k].troop, Troop::HI);
      EXPECT_EQ(a[k].files * a[k].ranks, 12);
      EXPECT_EQ(a[k].files, 6);
      EXPECT_EQ(a[k].melee, side == 0 ? Melee::LongSpear : Melee::ThrowingSword);
      EXPECT_EQ(a[k].grade, side == 0 ? Grade::RegB : Grade::IrrB);
      EXPECT_EQ(a[k].order, side == 0 ? Order::Q : Order::A);
    }
    // The C-in-C with the left HI (as the side faces): A's left is the smaller x, B's the larger.
    EXPECT_TRUE(a[0].general);
    EXPECT_EQ(a[0].x < a[1].x, side == 0);
    EXPECT_EQ(a[2].troop, Troop::LI);
    EXPECT_EQ(a[2].missile, Missile::Javelin);
    EXPECT_EQ(a[2].grade, Grade::IrrC);
    EXPECT_EQ(a[2].order, Order::S);
    EXPECT_EQ(a[2].files, 6);
    EXPECT_EQ(a[2].ranks, 1);
    // The LI stands ahead of its HI with a gap.
    const double li_rear = side == 0 ? a[2].y - 30 : a[2].y + 30;
    EXPECT_GT(side == 0 ? li_rear - a[0].y : a[0].y - li_rear, 0);
  }
  // The lines 400 p apart; A's Q objective is the centre of B's line.
  EXPECT_EQ(s->army[1][0].y - s->army[0][0].y, 400);
  EXPECT_EQ(s->army[0][0].obj_x, 400);
  EXPECT_EQ(s->army[0][0].obj_y, s->army[1][0].y);
  // Point-symmetric about the centre of the table.
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(s->army[0][k].x + s->army[1][k].x, 800);
    EXPECT_EQ(s->army[0][k].y + s->army[1][k].y, 600);
  }
}

TEST(Wrg6Scenario, S2IsTheSpecsHorseAgainstHoplites) {
  auto s = find_builtin("Horse against hoplites");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->table_w, 1000);
  EXPECT_EQ(s->table_h, 700);
  ASSERT_EQ(s->terrain.size(), 2u);
  const TerrainPiece& hill = s->terrain[0];
  const TerrainPiece& wood = s->terrain[1];
  EXPECT_EQ(hill.kind, TerrainKind::Hill);
  EXPECT_EQ(hill.x1 - hill.x0, 200);
  EXPECT_EQ(hill.y1 - hill.y0, 150);
  EXPECT_EQ(s->table_h - (hill.y0 + hill.y1) / 2, 150);  // centred 150 p in front of B's edge
  EXPECT_EQ(wood.kind, TerrainKind::Wood);
  EXPECT_EQ(wood.x1 - wood.x0, 150);
  EXPECT_EQ(wood.y1 - wood.y0, 150);
  EXPECT_GT(wood.x0, s->table_w / 2);  // on A's right (A faces +y: right is +x)
  const auto& a = s->army[0];
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].troop, Troop::HC);
  EXPECT_EQ(a[0].melee, Melee::Lance);
  EXPECT_EQ(a[0].grade, Grade::IrrB);
  EXPECT_EQ(a[0].files * 10 + a[0].ranks, 32);
  EXPECT_EQ(a[0].order, Order::A);
  EXPECT_TRUE(a[0].general);
  EXPECT_EQ(a[1].troop, Troop::MI);
  EXPECT_EQ(a[1].grade, Grade::RegC);
  EXPECT_EQ(a[1].files * 10 + a[1].ranks, 43);
  EXPECT_EQ(a[1].order, Order::H);
  EXPECT_EQ(a[2].troop, Troop::LC);
  EXPECT_EQ(a[2].missile, Missile::MountedBow);
  EXPECT_EQ(a[2].grade, Grade::IrrC);
  EXPECT_EQ(a[2].files * 10 + a[2].ranks, 61);
  EXPECT_EQ(a[2].order, Order::S);
  const auto& b = s->army[1];
  ASSERT_EQ(b.size(), 3u);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(b[k].troop, Troop::HI);
    EXPECT_EQ(b[k].melee, Melee::LongSpear);
    EXPECT_EQ(b[k].grade, Grade::RegB);
    EXPECT_EQ(b[k].files * 10 + b[k].ranks, 62);
    EXPECT_EQ(b[k].order, Order::H);
    const Vec c = footprint(b[k]).centre();
    EXPECT_TRUE(hill.contains(int(c.x), int(c.y))) << b[k].name;  // the rules test the centre
  }
  EXPECT_EQ(b[2].troop, Troop::LI);
  EXPECT_EQ(b[2].missile, Missile::Sling);
  EXPECT_EQ(b[2].grade, Grade::IrrC);
  EXPECT_EQ(b[2].files * 10 + b[2].ranks, 81);
  EXPECT_EQ(b[2].order, Order::S);
  EXPECT_TRUE(wholly_in(footprint(b[2]), wood));
}

TEST(Wrg6Scenario, FindBuiltin) {
  ASSERT_TRUE(find_builtin("S1"));
  EXPECT_EQ(find_builtin("S1")->id, "s1");
  ASSERT_TRUE(find_builtin("  spear WALL "));
  EXPECT_EQ(find_builtin("  spear WALL ")->id, "s1");
  EXPECT_FALSE(find_builtin("s3"));
  EXPECT_FALSE(find_builtin(""));
}

TEST(Wrg6Scenario, FigureSizes) {
  EXPECT_EQ(figure_frontage(Troop::HI), 20);
  EXPECT_EQ(figure_depth(Troop::HI), 20);
  EXPECT_EQ(figure_frontage(Troop::MI), 20);
  EXPECT_EQ(figure_depth(Troop::MI), 20);
  EXPECT_EQ(figure_frontage(Troop::LI), 20);
  EXPECT_EQ(figure_depth(Troop::LI), 30);
  EXPECT_EQ(figure_frontage(Troop::HC), 30);
  EXPECT_EQ(figure_depth(Troop::HC), 40);
  EXPECT_EQ(figure_frontage(Troop::LC), 30);
  EXPECT_EQ(figure_depth(Troop::LC), 40);
}

TEST(Wrg6Scenario, OrderNames) {
  for (int i = 0; i < kOrders; ++i) {
    Order o = Order::H;
    ASSERT_TRUE(parse_order(order_name(Order(i)), o));
    EXPECT_EQ(o, Order(i));
  }
  Order o = Order::H;
  EXPECT_TRUE(parse_order("q", o));
  EXPECT_EQ(o, Order::Q);
  EXPECT_FALSE(parse_order("", o));
  EXPECT_FALSE(parse_order("QQ", o));
  EXPECT_FALSE(parse_order("R", o));
}

// The example of docs/wrg6-scenarios.md reads as it says.
TEST(Wrg6Scenario, DocExampleReads) {
  std::ifstream in(std::string(BGBOT_SOURCE_DIR) + "/docs/wrg6-scenarios.md");
  ASSERT_TRUE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  const size_t at = doc.find("## An example");
  ASSERT_NE(at, std::string::npos);
  const size_t from = doc.find("```\n", at) + 4, to = doc.find("```", from);
  Scenario s;
  std::vector<std::string> errors;
  ASSERT_TRUE(read_scenario(doc.substr(from, to - from), "example", s, errors)) << joined(errors);
  EXPECT_EQ(s.id, "ford");
  EXPECT_EQ(s.terrain.size(), 2u);
  ASSERT_EQ(s.army[0].size(), 2u);
  ASSERT_EQ(s.army[1].size(), 2u);
  EXPECT_EQ(s.army[0][1].missile, Missile::FootBow);
  EXPECT_EQ(s.army[0][1].files, 8);
  EXPECT_EQ(s.army[1][0].obj_y, 0);
}

// ---------------------------------------------------------------- the writer

TEST(Wrg6Scenario, RoundTripBuiltins) {
  for (const auto& b : builtin_scenarios()) {
    const std::string text = write_scenario(*b);
    Scenario s;
    std::vector<std::string> errors;
    ASSERT_TRUE(read_scenario(text, b->id + ".txt", s, errors)) << joined(errors) << text;
    expect_same(*b, s);
    EXPECT_EQ(write_scenario(s), text);
  }
}

TEST(Wrg6Scenario, RoundTripEveryField) {
  Scenario s = *find_builtin("s2");
  s.id = "every_field-2";
  s.title = "Every field: once";
  // Long enough to be wrapped, with a '#' word that must not begin a continuation line.
  s.about = "";
  for (int i = 0; i < 30; ++i) s.about += (i ? " " : "") + std::string(i % 7 == 3 ? "#tag" : "word") + std::to_string(i);
  s.side_name[0] = "Side: one";
  s.side_name[1] = "B";
  s.evade_rule = EvadeRule::B;
  s.period_limit = 99;
  s.army[0][1].shieldless = true;
  s.army[0][1].missile = Missile::Javelin;
  s.army[0][2].obj_x = 0;
  s.army[0][2].obj_y = 700;
  s.army[1][1].order = Order::W;
  std::vector<std::string> errors;
  ASSERT_TRUE(validate_scenario(s, "code", errors)) << joined(errors);
  const std::string text = write_scenario(s);
  EXPECT_NE(text.find("\n  "), std::string::npos) << text;  // the about line was wrapped
  Scenario r;
  ASSERT_TRUE(read_scenario(text, "w.txt", r, errors)) << joined(errors) << text;
  expect_same(s, r);
}

// ---------------------------------------------------------------- the reader

TEST(Wrg6Scenario, DefaultsPerTroopType) {
  Scenario s;
  const auto errors = read_errors(std::string(kHeader) +
                                  "A hc \"H\" 100 100 90\n"
                                  "A lc \"L\" 250 100 90\n"
                                  "A hi \"I\" 400 100 90\n"
                                  "A mi \"M\" 550 100 90\n"
                                  "A li \"P\" 700 100 90\n"
                                  "b HI \"X\" 400 500 270\n"
                                  "B li \"D\" 100 300 45\n",
                                  &s);
  ASSERT_TRUE(errors.empty()) << joined(errors);
  const auto& a = s.army[0];
  EXPECT_EQ(a[0].melee, Melee::Lance);
  EXPECT_EQ(a[0].missile, Missile::None);
  EXPECT_EQ(a[0].grade, Grade::IrrB);
  EXPECT_EQ(a[0].files * 10 + a[0].ranks, 32);
  EXPECT_EQ(a[1].melee, Melee::CavalryOther);
  EXPECT_EQ(a[1].missile, Missile::MountedBow);
  EXPECT_EQ(a[1].grade, Grade::IrrC);
  EXPECT_EQ(a[1].files * 10 + a[1].ranks, 41);
  EXPECT_EQ(a[2].melee, Melee::LongSpear);
  EXPECT_EQ(a[2].grade, Grade::RegB);
  EXPECT_EQ(a[2].files * 10 + a[2].ranks, 62);
  EXPECT_EQ(a[3].melee, Melee::InfantryOther);
  EXPECT_EQ(a[3].grade, Grade::RegC);
  EXPECT_EQ(a[3].files * 10 + a[3].ranks, 43);
  EXPECT_EQ(a[4].melee, Melee::InfantryOther);
  EXPECT_EQ(a[4].missile, Missile::Javelin);
  EXPECT_EQ(a[4].grade, Grade::IrrC);
  EXPECT_EQ(a[4].files * 10 + a[4].ranks, 61);
  for (const UnitSpec& u : a) {
    EXPECT_EQ(u.order, Order::H);
    EXPECT_FALSE(u.general);
    EXPECT_FALSE(u.shieldless);
    // Straight ahead to the far edge.
    EXPECT_EQ(u.obj_x, u.x);
    EXPECT_EQ(u.obj_y, 600);
  }
  EXPECT_EQ(s.army[1][0].troop, Troop::HI);  // either case
  EXPECT_EQ(s.army[1][0].obj_x, 400);
  EXPECT_EQ(s.army[1][0].obj_y, 0);
  // Facing 45 from (100, 300): up and to the right until the top edge, 300 p on.
  EXPECT_EQ(s.army[1][1].obj_x, 400);
  EXPECT_EQ(s.army[1][1].obj_y, 600);
  EXPECT_EQ(s.side_name[0], "A");
  EXPECT_EQ(s.evade_rule, EvadeRule::A);
}

TEST(Wrg6Scenario, LooseSyntax) {
  Scenario s;
  const auto errors = read_errors(
      "\xEF\xBB\xBF# a comment\r\n"
      "ID: loose\r\n"
      "Title:   Loose   \r\n"
      "about: one\r\n"
      "\ttwo  three\r\n"
      "   four\r\n"
      "Period   Limit: 5\r\n"
      "table: 900x700\r\n"
      "evade rule: B\r\n"
      "  # an indented comment ends nothing and continues nothing\r\n"
      "WOOD \"Copse\" 0 0 100 100\r\n"
      "A\thi \"Hop lites\"\t400\t100 90 ORDER q GENERAL objective 450 650 shieldless\r\n"
      "B li \"\xC3\x89lite\" 400 500 270 files 4",  // no final line end; UTF-8 in the name
      &s);
  ASSERT_TRUE(errors.empty()) << joined(errors);
  EXPECT_EQ(s.id, "loose");
  EXPECT_EQ(s.title, "Loose");
  EXPECT_EQ(s.about, "one two  three four");
  EXPECT_EQ(s.period_limit, 5);
  EXPECT_EQ(s.table_w, 900);
  EXPECT_EQ(s.table_h, 700);
  EXPECT_EQ(s.evade_rule, EvadeRule::B);
  ASSERT_EQ(s.terrain.size(), 1u);
  EXPECT_EQ(s.terrain[0].kind, TerrainKind::Wood);
  EXPECT_EQ(s.terrain[0].name, "Copse");
  const UnitSpec& u = s.army[0][0];
  EXPECT_EQ(u.name, "Hop lites");
  EXPECT_EQ(u.order, Order::Q);
  EXPECT_TRUE(u.general);
  EXPECT_TRUE(u.shieldless);
  EXPECT_EQ(u.obj_x, 450);
  EXPECT_EQ(u.obj_y, 650);
  EXPECT_EQ(s.army[1][0].name, "\xC3\x89lite");
  EXPECT_EQ(s.army[1][0].files, 4);
}

// ---------------------------------------------------------------- each problem, where it is

const std::string kTwoUnits = "A hi \"Hoplites\" 400 100 90\n"   // 5
                              "B hi \"Warriors\" 400 500 270\n";  // 6

TEST(Wrg6Scenario, ErrorsHeader) {
  auto e = read_errors("id: t\ntitle: T\ncolour: red\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: colour: ", "unknown key");
  e = read_errors("id: t\ntitle: T\nid: u\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: id: ", "given twice (first on line 1)");
  e = read_errors("title: T\nabout: x\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:1: id: ", "missing");
  e = read_errors("id: t\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:1: title: ", "missing");
  e = read_errors("id: t!\ntitle: T\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:1: id: ", "letters, digits");
  e = read_errors("id: t\ntitle: T\ntable: 800 by 600\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: table: ", "bad size \"800 by 600\"");
  EXPECT_EQ(e.size(), 1u) << joined(e);  // no cascade of units "off" an unknown table
  e = read_errors("id: t\ntitle: T\ntable: 800 x 50\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: table: ", "is not 100 to 5000");
  e = read_errors("id: t\ntitle: T\nperiod limit: twelve\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: period limit: ", "bad number \"twelve\"");
  e = read_errors("id: t\ntitle: T\nperiod limit: 0\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: period limit: ", "must be 1 to 99, found 0");
  e = read_errors("id: t\ntitle: T\nevade rule: c\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: evade rule: ", "must be a or b");
  e = read_errors("id: t\ntitle: T\nside A:\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:3: side A: ", "missing or empty");
}

TEST(Wrg6Scenario, ErrorsLines) {
  auto e = read_errors(std::string(kHeader) + "just words\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: line: ", "neither");
  e = read_errors(std::string(kHeader) + kTwoUnits + "  indented after a unit\n");
  EXPECT_ERROR(e, "t.txt:7: line: ", "indented line");
  e = read_errors(std::string(kHeader) + "title\x01: x\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: line: ", "control character");
}

TEST(Wrg6Scenario, ErrorsUnitFields) {
  const std::string b = "B hi \"Warriors\" 400 500 270\n";  // line 6
  auto e = read_errors(std::string(kHeader) + "A xx \"Hoplites\" 400 100 90\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "troop: unknown troop \"xx\" (known: hc, lc, hi, mi, li)");
  EXPECT_EQ(e.size(), 1u) << joined(e);
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 4o0 100 90\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "x: bad number \"4o0\"");
  EXPECT_EQ(e.size(), 1u) << joined(e);  // the unit still counts: side A is not empty
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 100\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "facing: 100 is not 0 to 359 and a multiple of 45");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 360\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "facing: 360");
  e = read_errors(std::string(kHeader) + "A hi Hoplites 400 100 90\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1: ", "name: expected a name in double quotes");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites 400 100 90\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1: ", "closing double quote");
  e = read_errors(std::string(kHeader) + "A hi \"\" 400 100 90\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1: ", "the name is empty");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1: ", "expected SIDE TROOP");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 colour red\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "unknown word \"colour\"");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 files\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "files: needs a value");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 objective 3\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "objective: needs two values");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 files 6 files 5\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "files: given twice");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 files 0\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "files: must be 1 to 32, found 0");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 ranks 9\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "ranks: must be 1 to 8, found 9");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 melee club\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "melee: unknown weapon \"club\" (known: lance,");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 missile rocks\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "missile: unknown weapon \"rocks\"");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 grade reg-d\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "grade: unknown class \"reg-d\" (known: irr-a,");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 order R\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "order: unknown order \"R\"");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 melee lance\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "melee: hi cannot fight with lance");
  e = read_errors(std::string(kHeader) + "A lc \"Horse\" 400 100 90 missile foot-bow\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Horse\": ", "missile: lc cannot shoot with foot-bow");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90 objective 400 900\n" + b);
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "objective: 400 900 is off the table");
}

TEST(Wrg6Scenario, ErrorsUnitPlacement) {
  // Off the table: the rear of a 40 p deep block whose front edge is 30 p from the edge.
  auto e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 30 90\nB hi \"Warriors\" 400 500 270\n");
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "not wholly on the table (800 x 600)");
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 790 100 90\nB hi \"Warriors\" 400 500 270\n");
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"Hoplites\": ", "not wholly on the table");
  // Standing exactly on the edge is on the table.
  e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 60 40 90\nB hi \"Warriors\" 400 500 270\n");
  EXPECT_TRUE(e.empty()) << joined(e);
  // Two overlapping units, of the same side or not: both lines named.
  e = read_errors(std::string(kHeader) +
                  "A hi \"Left\" 400 100 90\n"      // 5
                  "A hi \"Right\" 500 100 90\n"     // 6: overlaps 5 (fronts 340-460, 440-560)
                  "B hi \"Warriors\" 400 500 270\n" // 7
                  "B li \"Raiders\" 520 90 270\n");  // 8: overlaps 6
  EXPECT_ERROR(e, "t.txt:6: unit A2 \"Right\": ", "overlaps unit A1 \"Left\" (line 5)");
  EXPECT_ERROR(e, "t.txt:8: unit B2 \"Raiders\": ", "overlaps unit A2 \"Right\" (line 6)");
  EXPECT_EQ(e.size(), 2u) << joined(e);
  // Side by side, touching, is not an overlap.
  e = read_errors(std::string(kHeader) + "A hi \"Left\" 400 100 90\nA hi \"Right\" 520 100 90\nB hi \"W\" 400 500 270\n");
  EXPECT_TRUE(e.empty()) << joined(e);
  // A diagonal unit wholly on the table, and one whose corner is off it.
  e = read_errors(std::string(kHeader) + "A hi \"D\" 100 100 45\nB hi \"W\" 400 500 270\n");
  EXPECT_TRUE(e.empty()) << joined(e);
  e = read_errors(std::string(kHeader) + "A hi \"D\" 40 100 45\nB hi \"W\" 400 500 270\n");
  EXPECT_ERROR(e, "t.txt:5: unit A1 \"D\": ", "not wholly on the table");
}

TEST(Wrg6Scenario, ErrorsSides) {
  auto e = read_errors(std::string(kHeader) + "A hi \"Hoplites\" 400 100 90\n");
  EXPECT_ERROR(e, "t.txt:1: side B: ", "has no units");
  e = read_errors(std::string(kHeader) + "side A: Greeks\nB hi \"W\" 400 500 270\n");
  EXPECT_ERROR(e, "t.txt:5: side A: ", "has no units");  // on the side's line when there is one
  e = read_errors(std::string(kHeader) +
                  "A hi \"One\" 100 100 90 general\n"   // 5
                  "A hi \"Two\" 300 100 90\n"           // 6
                  "A hi \"Three\" 500 100 90 general\n" // 7
                  "B hi \"W\" 400 500 270 general\n");  // 8
  EXPECT_ERROR(e, "t.txt:7: unit A3 \"Three\": ", "general: side A has a general already, with unit A1 \"One\" (line 5)");
  EXPECT_EQ(e.size(), 1u) << joined(e);
  // 17 units on side A: the 17th line is named.
  std::string many = kHeader;
  for (int k = 0; k < 17; ++k)
    many += "A li \"S" + std::to_string(k + 1) + "\" " + std::to_string(30 + (k % 4) * 200) + " " + std::to_string(40 + (k / 4) * 40) +
            " 90 files 2\n";
  many += "B hi \"W\" 400 500 270\n";
  e = read_errors(many);
  EXPECT_ERROR(e, "t.txt:21: side A: ", "17 units, at most 16");
  EXPECT_EQ(e.size(), 1u) << joined(e);
}

TEST(Wrg6Scenario, ErrorsTerrain) {
  auto e = read_errors(std::string(kHeader) + "wood \"Copse\" 700 100 850 200\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: terrain 1 \"Copse\": ", "not wholly on the table (800 x 600)");
  e = read_errors(std::string(kHeader) + "hill \"Ridge\" 300 100 200 200\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: terrain 1 \"Ridge\": ", "x0 300 >= x1 200");
  e = read_errors(std::string(kHeader) + "hill \"Ridge\" 100 200 300 200\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: terrain 1 \"Ridge\": ", "y0 200 >= y1 200");
  e = read_errors(std::string(kHeader) + "hill \"Ridge\" 100 2o0 300 300\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: terrain 1 \"Ridge\": ", "y0: bad number \"2o0\"");
  e = read_errors(std::string(kHeader) + "hill Ridge 100 200 300 300\n" + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:5: terrain 1: ", "expected KIND \"NAME\" X0 Y0 X1 Y1");
  std::string nine = kHeader;
  for (int i = 0; i < 9; ++i) nine += "wood \"W\" " + std::to_string(i * 80) + " 200 " + std::to_string(i * 80 + 50) + " 300\n";
  e = read_errors(nine + kTwoUnits);
  EXPECT_ERROR(e, "t.txt:13: terrain: ", "9 pieces, at most 8");
}

TEST(Wrg6Scenario, EveryProblemAtOnce) {
  const auto e = read_errors(
      "id: t\n"                                  // 1
      "title: T\n"                               // 2
      "colour: red\n"                            // 3
      "period limit: 0\n"                        // 4
      "wood \"W\" 10 10 5 20\n"                  // 5
      "A hi \"One\" 400 100 91\n"                // 6
      "A hi \"Two\" 400 100 90 grade x\n"        // 7
      "B hi \"Three\" 400 100 270\n");           // 8: overlaps One? (One's facing is bad: not measured)
  EXPECT_ERROR(e, "t.txt:3: colour: ", "unknown key");
  EXPECT_ERROR(e, "t.txt:4: period limit: ", "must be 1 to 99");
  EXPECT_ERROR(e, "t.txt:5: terrain 1 \"W\": ", "x0 10 >= x1 5");
  EXPECT_ERROR(e, "t.txt:6: unit A1 \"One\": ", "facing: 91");
  EXPECT_ERROR(e, "t.txt:7: unit A2 \"Two\": ", "grade: unknown class \"x\"");
  EXPECT_EQ(e.size(), 5u) << joined(e);
  // In line order.
  for (size_t i = 1; i < e.size(); ++i) EXPECT_LE(std::atoi(e[i - 1].c_str() + 6), std::atoi(e[i].c_str() + 6)) << joined(e);
}

TEST(Wrg6Scenario, ValidateCodeMadeScenario) {
  Scenario s = *find_builtin("s1");
  std::vector<std::string> errors;
  s.army[0][1].x = s.army[0][0].x + 10;
  s.army[1][0].facing = 30;
  s.terrain.push_back({TerrainKind::Hill, "Mound", 100, 100, 100, 200});
  EXPECT_FALSE(validate_scenario(s, "made", errors));
  EXPECT_ERROR(errors, "made: unit A2 \"Right phalanx\": ", "overlaps unit A1 \"Left phalanx\"");
  EXPECT_ERROR(errors, "made: unit B1 \"Left warband\": ", "facing: 30");
  EXPECT_ERROR(errors, "made: terrain 1 \"Mound\": ", "x0 100 >= x1 100");
  for (const std::string& m : errors) EXPECT_EQ(m.find("(line"), std::string::npos) << m;
  // Out-of-range enums from code are refused, not printed.
  Scenario t = *find_builtin("s1");
  t.army[0][0].troop = Troop(9);
  errors.clear();
  EXPECT_FALSE(validate_scenario(t, "", errors));
  EXPECT_ERROR(errors, "unit A1", "out of range");
}

// ---------------------------------------------------------------- garbage never crashes

// Every answer is consistent (false exactly when there are messages) and every message is
// "FILE:LINE: ...". Run under the sanitizers (BGBOT_SANITIZE) this also finds bad reads.
void check_any(const std::string& text) {
  Scenario s;
  std::vector<std::string> errors;
  const bool ok = read_scenario(text, "g.txt", s, errors);
  EXPECT_EQ(ok, errors.empty());
  for (const std::string& m : errors) ASSERT_EQ(m.rfind("g.txt:", 0), 0u) << m;
  if (ok) {
    std::vector<std::string> again;
    EXPECT_TRUE(validate_scenario(s, "g", again)) << joined(again);
    Scenario r;
    EXPECT_TRUE(read_scenario(write_scenario(s), "w.txt", r, again)) << joined(again);
  }
}

TEST(Wrg6Scenario, GarbageNeverCrashes) {
  std::mt19937 rng(20240519);
  const std::vector<std::string> words = {
      "A", "B", "a", "b", "hi", "hc", "lc", "mi", "li", "xx", "\"Name\"", "\"", "\"\"", "wood", "hill", "id:", "title:",
      "table:", "800", "x", "600", "period", "limit:", "evade", "rule:", "files", "ranks", "melee", "missile", "grade", "order",
      "objective", "general", "shieldless", "lance", "sling", "irr-c", "Q", "0", "-1", "90", "45", "270", "999999", "1234567",
      "+", "-", ":", "#", "\t", "  ", "\r", "\xEF\xBB\xBF", "\x01", "\xff", "side", "about:", "400", "100", "500"};
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const int lines = int(rng() % 12);
    for (int l = 0; l < lines; ++l) {
      const int n = int(rng() % 14);
      for (int i = 0; i < n; ++i) text += (i && rng() % 3 ? " " : "") + words[rng() % words.size()];
      text += rng() % 5 ? "\n" : "\r\n";
    }
    check_any(text);
  }
  // Random bytes.
  for (int round = 0; round < 500; ++round) {
    std::string text(rng() % 300, '\0');
    for (char& c : text) c = char(rng() % 256);
    check_any(text);
  }
  // Mutations of the built-ins: characters deleted, changed and lines repeated.
  for (const auto& b : builtin_scenarios()) {
    const std::string base = write_scenario(*b);
    for (int round = 0; round < 1000; ++round) {
      std::string t = base;
      const int edits = 1 + int(rng() % 4);
      for (int k = 0; k < edits && !t.empty(); ++k) {
        const size_t at = rng() % t.size();
        switch (rng() % 4) {
          case 0: t.erase(at, 1 + rng() % 8); break;
          case 1: t[at] = words[rng() % words.size()][0]; break;
          case 2: t.insert(at, words[rng() % words.size()]); break;
          case 3: {
            const size_t ls = t.rfind('\n', at), le = t.find('\n', at);
            const size_t from = ls == std::string::npos ? 0 : ls + 1;
            t.insert(from, t.substr(from, (le == std::string::npos ? t.size() : le + 1) - from));
            break;
          }
        }
      }
      check_any(t);
    }
  }
  check_any("");
  check_any("\n\n\n");
  check_any(std::string(100000, 'A'));
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "A hi \"X\" 400 100 90\n";
  check_any(many);
}

}  // namespace
}  // namespace bgb::wrg6
