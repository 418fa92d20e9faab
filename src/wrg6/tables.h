// The WRG 6th edition play sheets' tables (src/wrg6/, the registry's "wrg6"), as data.
// The spec is ../shared/reference/later/wrg6.md: rule ids W-... cite the sheets, I-... are our
// interpretations, §n its sections. The sheets survive only as damaged text (§0: every 4 and 9
// dropped, columns mixed), so each table is rebuilt with a confidence per number.
//
// Every table lives in its own file under data/wrg6/tables/ (docs/wrg6-tables.md), with the
// sheet page, the row and the confidence of each number. The files are embedded in the program at
// build time (cmake/embed_tables.cmake) and read once by tables(); the rules only call the
// lookups below, never a file. load_tables() reads any set of texts, for the tests.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bgb::wrg6 {

// ---------------------------------------------------------------- the subset's vocabulary (§3.1)

enum class Troop : uint8_t { HC, LC, HI, MI, LI };
constexpr int kTroops = 5;
// The hand-to-hand weapons of the subset: rows of W-HWF (§3.3).
enum class Melee : uint8_t { Lance, CavalryOther, LongSpear, ThrowingSword, InfantryOther };
constexpr int kMelees = 5;
enum class Missile : uint8_t { None, Javelin, MountedBow, FootBow, Sling };
constexpr int kMissiles = 5;
// W-RT columns in the order of I-CLASS: Irr A, Reg A, Irr B, Reg B, Reg C, Irr C.
enum class Grade : uint8_t { IrrA, RegA, IrrB, RegB, RegC, IrrC };
constexpr int kGrades = 6;
// W-RF items of §1.2: the plus block, the minus block, the generals.
enum class Factor : uint8_t {
  P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13,
  M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12, M13, M14, M15, M16, M17,
  G1, G2, G3
};
constexpr int kFactors = 33;
// W-TF items (§1.5), hand-to-hand then shooting (the first shooting one is TargetShieldlessMI).
// ImpetuousCharge and Charging do not add: take the larger (§3.3).
enum class Tactical : uint8_t {
  ImpetuousCharge, Charging, PikesVsImpetuousMounted, HigherGround, ShieldlessOrFlanked,
  FacingPikes, FacingTwoHanded, ShotPerHalf, DisorderPerCause, EnemyHigherHalted, DefendedObstacle, Shaken,
  TargetShieldlessMI, TargetShieldless, ShootersDisordered, TargetMovedOrCover, LongRange
};
constexpr int kTacticals = 17;
inline bool is_shooting(Tactical t) { return t >= Tactical::TargetShieldlessMI; }

struct MoveRow { int normal = 0, charge = 0, evade_a = 0, evade_b = 0; };  // paces; evade_*: before the die (I-EVD)
struct RangeRow { int max = 0, long_from = 0; };                         // long_from 0: no long range

bool is_mounted(Troop t);  // HC, LC
bool is_light(Troop t);    // LC, LI

// Lower-case short names, as the data files and scenario files write them: "hc", "lance",
// "javelin", "irr-a", "p1", "impetuous-charge". parse_*() return false on an unknown name.
const char* troop_name(Troop t);
const char* melee_name(Melee m);
const char* missile_name(Missile m);
const char* grade_name(Grade g);
const char* factor_name(Factor f);
const char* tactical_name(Tactical t);
bool parse_troop(std::string_view s, Troop& out);
bool parse_melee(std::string_view s, Melee& out);
bool parse_missile(std::string_view s, Missile& out);
bool parse_grade(std::string_view s, Grade& out);
bool parse_factor(std::string_view s, Factor& out);
bool parse_tactical(std::string_view s, Tactical& out);

// ---------------------------------------------------------------- the lookups (from tables())

// W-CAS: casualties inflicted by `figures` figures (any number >= 0) at a factor total. Totals
// above +12 count as +12, below -3 inflict nothing. A count is the sum of a tens column and a units
// column (37 = "30" + "7"); over 59 the 50 column is added again (ours).
int casualties(int total, int figures);
// W-RD with I-CAS: 3 dice while men are strictly above 2/3 of the start, 2 while strictly above
// 1/2, else 1.
int reaction_dice(int men, int men_start);
// W-RT as §3.2: the band 1..6 (R1 best .. R6 worst) of a reaction score.
int reaction_band(int score, Grade g);
int factor_value(Factor f);  // W-RF; G1..G3 with the + sign (I-GEN)
int tactical_value(Tactical t);  // W-TF
// How many times "each 1/2 casualty per figure" applies: floor(casualties / (figures / 2)); 0 for
// no figures (W-RF M5, W-TF ShotPerHalf).
int half_casualties_per_figure(int casualties, int figures);
// W-RF M5 for a unit of `figures` that received `casualties` from shooting last period: the count
// above times M5's value (10 figures, 16 casualties: -3).
int shooting_loss_factor(int casualties, int figures);
// W-TF shooting: a target that moved at least this far (paces) counts as moved.
int target_moved_paces();

const MoveRow& move_of(Troop t);
// I-EVD reading (a): the whole evade move is the listed paces plus 10 x the die.
int evade_paces_a(Troop t, int die);
const RangeRow& range_of(Missile m);  // None: {0, 0}
// §3.3: the W-HWF row of the weapon (a lance not charging fights as CavalryOther) in the
// opponent's column: c5 HC, c7 LC, c9 HI, c10 MI, c11 LI.
int hth_factor(Melee w, bool charging, Troop opponent);
int shoot_factor(Missile w, Troop target);  // §3.3 (None: 0)
bool is_long_range(Missile m, int paces);   // paces >= long_from, when there is a long range
bool in_range(Missile m, int paces);        // paces <= max (None: never)
bool is_long_range(const RangeRow& r, int paces);
bool in_range(const RangeRow& r, int paces);
// Any row of W-RNG or W-MOV by its id in ranges.txt / moves.txt ("darts", "foot-crossbows",
// "siege-towers"), or nullptr.
const RangeRow* range_row(std::string_view id);
const MoveRow* move_row(std::string_view id);

// ---------------------------------------------------------------- the tables as read

// Confidence of a number (spec, top): H read or restored without a rival reading, M one repair
// with a strong reason, L a guess among several, ? not recoverable.
enum class Conf : uint8_t { H, M, L, Unknown };
char conf_letter(Conf c);  // 'H', 'M', 'L', '?'

// What the sheet shows where a number stands.
enum class Mark : uint8_t {
  Printed,  // the sheet prints it (perhaps damaged: a 40 shows as "0")
  Ours,     // the sheet prints nothing there; the value is ours ("~60")
  Blank,    // "-": the sheet prints nothing and nothing is meant (no long range, no charge)
  Unknown   // "?": lost; no value (reads as 0)
};

struct Num {
  int value = 0;
  Conf conf = Conf::H;
  Mark mark = Mark::Printed;
  bool plus_die = false;  // "+die" after an evade distance (W-MOV)
};

// A numeric line of a table file: its key (the sheet's row), its numbers in the sheet's order.
struct Row {
  std::string kind;  // the line's first word when it names the kind ("row", "factor", "hth", ...), else ""
  std::string key;
  int line = 0;
  Conf conf = Conf::H;  // the line's default confidence
  std::vector<Num> nums;
};

// One table file as read: the sheet page and every numeric row in file (= sheet) order.
struct Table {
  std::string file;  // "casualty.txt"
  int page = 0;
  std::vector<Row> rows;
  const Row* find(std::string_view key) const;  // nullptr when absent
};

struct Tables {
  // Provenance: the files as read, for the tests (the damage checks of §0), docs and tools.
  Table casualty, reaction_thresholds, reaction_factors, moves, ranges, hth_weapon, shooting_weapon, tactical;

  // The lookups' arrays.
  int cas[16][14] = {};  // [total + 3][column]: 10 20 30 40 50 then 1..9 figures
  int band_low[5][kGrades] = {};  // the lowest score of R1..R5 in each column
  int factor[kFactors] = {};
  int tactic[kTacticals] = {};
  int moved_paces = 0;
  MoveRow move[kTroops];
  RangeRow range[kMissiles];
  int hth[kMelees][2][kTroops] = {};  // [weapon][charging][opponent]
  int shoot[kMissiles][kTroops] = {};
  std::vector<std::pair<std::string, MoveRow>> move_rows;    // every W-MOV row, sheet order
  std::vector<std::pair<std::string, RangeRow>> range_rows;  // every W-RNG row, sheet order
};

// The table files every load needs, in the order they are checked.
const std::vector<std::string>& table_file_names();

// Reads the table files (name such as "casualty.txt", text). Keeps going after a problem, so all
// mistakes show at once, each as "FILE:LINE: row KEY: problem" (or "FILE: problem" for a missing
// file or row). Returns false, with `out` unusable, when there is any error.
bool load_tables(const std::vector<std::pair<std::string, std::string>>& files, Tables& out,
                 std::vector<std::string>& errors);

// The tables built into the program (data/wrg6/tables/*.txt), read on first use (thread-safe).
// A broken built-in file is a build mistake: the program stops with the loader's errors.
const Tables& tables();

// The embedded files (generated from data/wrg6/tables/*.txt by cmake/embed_tables.cmake).
struct EmbeddedTableFile {
  const char* name;  // "casualty.txt"
  const char* text;
  std::size_t size;
};
const EmbeddedTableFile* embedded_table_files(std::size_t& count);

}  // namespace bgb::wrg6
