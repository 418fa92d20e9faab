// A small table for Quinn rule tests: stands placed by hand in inches, a game begun with the
// chosen side moving, dice forced as d10 or d6 faces (1-based, as the rules read them).
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "quinn/rules.h"
#include "quinn/rules_internal.h"

namespace bgb::quinn::testing {

struct Table {
  Scenario scn;
  State s;
  Rng rng{7};
  Events ev;

  Table() {
    scn.id = "test";
    scn.title = "test table";
    scn.round_limit = 12;
  }
  // Adds a stand of `side` (0 A, 1 B); returns its id.
  int add(int side, const char* profile, double x, double y, int h, const char* name = "") {
    StandSpec sp;
    sp.profile = find_profile(scn.profiles, profile);
    EXPECT_GE(sp.profile, 0) << profile;
    sp.name = *name ? name : profile;
    sp.x = to_mil(x);
    sp.y = to_mil(y);
    sp.heading = h;
    scn.army[side].push_back(sp);
    return stand_id(side, int(scn.army[side].size()) - 1);
  }
  void rough(double x0, double y0, double x1, double y1) {
    scn.rough.push_back(RoughPiece{"rough", Poly{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}});
  }
  // Begins the game with `side` as Player 1 (its initiative die 6, the other's 1).
  void start(int side = 0) {
    if (side == 0) rng.force({5, 0});
    else rng.force({0, 5});
    ev.clear();
    s = new_game(scn, rng, &ev);
  }
  void d10(std::initializer_list<int> faces) {
    for (int f : faces) rng.force_one(f - 1);
  }
  void d6(std::initializer_list<int> faces) {
    for (int f : faces) rng.force_one(f - 1);
  }
  detail::Ctx ctx() { return detail::Ctx{scn, s, rng, &ev}; }
  Rect rect(int id) const { return rect_of(scn, s, id); }
  double x(int id) const { return inches(s.stand[id].x); }
  double y(int id) const { return inches(s.stand[id].y); }
  int h(int id) const { return s.stand[id].heading; }
  bool alive(int id) const { return s.stand[id].alive(); }
  std::vector<Act> legal() const {
    std::vector<Act> out;
    legal_actions(scn, s, out);
    return out;
  }
  bool has(Act a) const {
    const std::vector<Act> l = legal();
    return std::find(l.begin(), l.end(), a) != l.end();
  }
  // Plays a legal action and checks every invariant after it.
  void play(Act a) {
    std::string why;
    ASSERT_TRUE(is_legal(scn, s, a, &why)) << action_text(scn, s, a) << ": " << why;
    apply(scn, s, a, rng, &ev);
    ASSERT_EQ(check_invariants(scn, s), "");
  }
  // The command index of a stand in the phase under way.
  int cmd(int id) const { return s.command_of[id]; }
  // One melee fought now (forced die), as the rules fight it.
  void melee(int att, int def, int die, bool continuing = false) {
    d10({die});
    detail::Ctx c = ctx();
    detail::melee(c, att, def, continuing);
  }
  std::string last(const char* type) const {
    for (auto it = ev.rbegin(); it != ev.rend(); ++it)
      if (it->type == type) return it->text;
    return "";
  }
  int count(const char* type) const {
    int n = 0;
    for (const Event& e : ev) n += e.type == type;
    return n;
  }
};

}  // namespace bgb::quinn::testing
