// Text views of a game for the terminal: the board as an offset hex grid, its legend, the
// banners and the hands. Every view takes `color`: ANSI colours when true, plain text otherwise
// (the layout is the same either way). Views for a person take `viewer`, the person's side:
// they show that side's hand and only the size of the other side's hand.
#pragma once
#include <string>

#include "cca/event.h"
#include "cca/scenario.h"
#include "cca/state.h"
#include "cca/types.h"
#include "game/game.h"

namespace bgb::app {

// One letter per terrain ('.' for open ground).
char terrain_letter(cca::Terrain t);
// The side marker after a unit's blocks: 'v' for the top army, '^' for the bottom one.
char side_marker(cca::Side s);

// The 13 x 9 board in at most 80 columns, odd rows indented half a cell, with row and column
// numbers so that a hex "row,col" of the action menu can be found, the section lines (':') and the
// sections named underneath. Seen from the viewer's side: for the top player the board is turned
// round (their army at the bottom, their left on the left) and the numbers still name the true
// hexes; for the bottom player or Side::None, row 0 (the top army's baseline) comes first.
std::string render_board(const cca::Scenario& scn, const cca::State& s, bool color,
                         cca::Side viewer = cca::Side::Bottom);
// What the board's letters and marks mean, including the terrain present in scn, for the viewer.
std::string render_legend(const cca::Scenario& scn, bool color, cca::Side viewer = cca::Side::Bottom);
// Both armies: banners won of those needed, command, cards in hand; `viewer` is marked "you".
std::string render_banners(const cca::Scenario& scn, const cca::State& s, cca::Side viewer, bool color);
// Turn, whose decision it is and the card on the table.
std::string render_status(const cca::Scenario& scn, const cca::State& s, bool color);
// The viewer's own cards with their effects, and the number of cards the other side holds.
std::string render_hand(const cca::Scenario& scn, const cca::State& s, cca::Side viewer, bool color);

// Breaks text at spaces into lines of at most width characters (escape sequences count): the
// first line starts with `first`, the next ones with `indent`; every line ends with a newline.
std::string wrap_words(const std::string& first, const std::string& text, size_t width, const std::string& indent);

// One line of the rule log (describe(), "[§n] ..."), every die of a roll shown as [face].
std::string render_event(const cca::Scenario& scn, const cca::Event& e, cca::Side viewer, bool color);
// The same line from the event as the session gives it (its JSON: type, side, section, dice).
std::string render_event_view(const game::EventView& e, bool color);
// The dice faces as [light] [flag] ..., coloured by what they hit.
std::string render_dice(const uint8_t* dice, int n, bool color);

}  // namespace bgb::app
