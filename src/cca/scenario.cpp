// Scenario helpers and the built-in battles.
#include "cca/scenario.h"

#include <memory>

#include "cca/board.h"

namespace bgb::cca {

void Scenario::finalize() {
  impassable = Bits128{};
  los_terrain = Bits128{};
  hills = Bits128{};
  for (int h = 0; h < kHexes; ++h) {
    const TerrainInfo& t = terrain_info(terrain[h]);
    if (t.impassable) impassable.set(h);
    if (t.blocks_los) los_terrain.set(h);
    if (terrain[h] == Terrain::Hill) hills.set(h);
  }
}

namespace {

uint8_t H(int r, int c) { return uint8_t(Board::index(r, c)); }

Scenario make_akragas() {
  Scenario s;
  s.id = "001";
  s.name = "Akragas, 406 BC";
  s.note =
      "Book set-up from the scenario facts in shared/reference/scenarios.md. The printed map's leader hexes are not in "
      "our sources: each leader stands with a heavy or medium unit of his army (our placement).";
  s.army[0] = "Carthaginian";
  s.army[1] = "Syracusan";
  s.command[0] = 5;
  s.command[1] = 6;
  s.banners_to_win[0] = s.banners_to_win[1] = 5;
  s.first = Side::Bottom;
  const Side T = Side::Top, B = Side::Bottom;
  using U = UnitType;
  s.units = {
      {U::MediumInfantry, T, H(1, 1), 0}, {U::Auxilia, T, H(1, 2), 0},      {U::HeavyInfantry, T, H(1, 3), 0},
      {U::MediumInfantry, T, H(1, 4), 0}, {U::Auxilia, T, H(1, 6), 0},      {U::Auxilia, T, H(1, 7), 0},
      {U::Auxilia, T, H(1, 8), 0},        {U::LightCavalry, T, H(1, 10), 0}, {U::HeavyChariot, T, H(2, 2), 0},
      {U::LightBow, T, H(2, 4), 0},       {U::LightInfantry, T, H(2, 8), 0}, {U::HeavyChariot, T, H(2, 10), 0},
      {U::LightBow, B, H(6, 3), 0},       {U::LightBow, B, H(6, 6), 0},      {U::LightInfantry, B, H(6, 10), 0},
      {U::LightCavalry, B, H(7, 1), 0},   {U::Auxilia, B, H(7, 2), 0},       {U::HeavyInfantry, B, H(7, 3), 0},
      {U::HeavyInfantry, B, H(7, 5), 0},  {U::HeavyInfantry, B, H(7, 6), 0}, {U::HeavyInfantry, B, H(7, 7), 0},
      {U::Auxilia, B, H(7, 8), 0},        {U::Auxilia, B, H(7, 9), 0},       {U::MediumCavalry, B, H(7, 10), 0},
  };
  s.leaders = {
      {"Himilco", T, H(1, 3)},
      {"Hannibal Mago", T, H(1, 4)},
      {"Daphnaeus", B, H(7, 6)},
      {"Dionysius", B, H(7, 3)},
  };
  s.deck = playable_deck();
  s.finalize();
  return s;
}

}  // namespace

const Scenario* find_builtin_scenario(const std::string& id) {
  static const std::unique_ptr<Scenario> akragas = std::make_unique<Scenario>(make_akragas());
  if (id == "001" || id == "akragas" || id == "Akragas") return akragas.get();
  return nullptr;
}

std::vector<std::string> builtin_scenario_ids() { return {"001"}; }

}  // namespace bgb::cca
