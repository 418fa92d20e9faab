// The small pieces of scenario.h that are not the text format: order names and figure sizes.
#include "wrg6/scenario.h"

namespace bgb::wrg6 {

const char* order_name(Order o) {
  switch (o) {
    case Order::Q: return "Q";
    case Order::W: return "W";
    case Order::S: return "S";
    case Order::H: return "H";
    case Order::A: return "A";
  }
  return "?";
}

// Either case: a person typing an order in a scenario file or at the terminal should not have to
// remember that the sheets print them in capitals.
bool parse_order(const std::string& s, Order& out) {
  if (s.size() != 1) return false;
  switch (s[0]) {
    case 'Q': case 'q': out = Order::Q; return true;
    case 'W': case 'w': out = Order::W; return true;
    case 'S': case 's': out = Order::S; return true;
    case 'H': case 'h': out = Order::H; return true;
    case 'A': case 'a': out = Order::A; return true;
    default: return false;
  }
}

// I-FIG (ours): close and loose foot 20 x 20 p, light infantry 20 x 30 p, mounted 30 x 40 p.
int figure_frontage(Troop t) {
  switch (t) {
    case Troop::HC: case Troop::LC: return 30;
    case Troop::HI: case Troop::MI: case Troop::LI: return 20;
  }
  return 20;
}

int figure_depth(Troop t) {
  switch (t) {
    case Troop::HC: case Troop::LC: return 40;
    case Troop::LI: return 30;
    case Troop::HI: case Troop::MI: return 20;
  }
  return 20;
}

}  // namespace bgb::wrg6
