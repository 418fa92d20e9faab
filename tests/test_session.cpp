// The session every front end shares (src/play/session.h): starting, refusing, undo that cannot
// peek, bot seats, records that resume, and each seat's view.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cca/cca_game.h"
#include "cca/board.h"
#include "cca/rules.h"
#include "game/game.h"
#include "play/session.h"
#include "store/game_store.h"

#include <unistd.h>

namespace bgb::play {

namespace {

const game::Game& cca_game() { return *game::find_game(cca::kGameName); }

std::shared_ptr<const game::Scenario> battle(const std::string& id) {
  std::vector<std::string> errors;
  auto scn = cca_game().find_scenario(id, false, errors);
  EXPECT_TRUE(scn) << id;
  return scn;
}

bool has_event(const std::vector<game::EventView>& events, const std::string& type) {
  return std::any_of(events.begin(), events.end(), [&](const game::EventView& e) { return e.json.value("type", "") == type; });
}

// Plays decisions of the seat to move (the first legal one unless it ends a phase, so that the
// game reaches its battles) until `stop` says so. Returns the events of the last decision.
template <class Stop>
std::vector<game::EventView> play_until(Session& s, Rng& pick, Stop stop, int limit = 3000) {
  std::vector<game::EventView> events;
  for (int n = 0; n < limit && !s.is_over() && !s.bot_to_move(); ++n) {
    const std::vector<game::ActionCode> legal = s.state().legal_actions();
    const game::ActionCode a = legal[pick.below(uint32_t(legal.size()))];
    events.clear();
    std::string err;
    EXPECT_TRUE(s.apply(a, &events, -1, &err)) << err;
    if (stop(events)) break;
  }
  return events;
}

}  // namespace

TEST(Session, AnIllegalDecisionIsRefusedWithTheReasonAndChangesNothing) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 7, {}));
  const std::unique_ptr<game::State> before = s.state().clone();
  std::string err;
  EXPECT_FALSE(s.apply(0xDEADBEEFull, nullptr, -1, &err));
  EXPECT_FALSE(err.empty());
  EXPECT_TRUE(s.state().equals(*before));
  EXPECT_EQ(s.decisions(), 0);
  EXPECT_EQ(s.undoable(), 0);
  EXPECT_EQ(s.undo(-1, &err), 0);
  EXPECT_EQ(err, "no decision to undo");
}

TEST(Session, AnUnknownBotIsRefusedBeforeTheGameStarts) {
  Session s;
  std::string err;
  EXPECT_FALSE(s.start(cca_game(), battle("001"), 7, {Seat{"human", ""}, Seat{"x", "no-such-bot"}}, &err));
  EXPECT_NE(err.find("no-such-bot"), std::string::npos) << err;
  EXPECT_FALSE(s.started());
}

// The person's decisions before anything is revealed are taken back; a roll is not (issue 12:
// "fire, see the die, undo and fire at another target with the same die").
TEST(Session, UndoStopsAtTheLastRoll) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 11, {}));
  const int first = s.to_move();
  const std::unique_ptr<game::State> start = s.state().clone();
  const std::vector<game::ActionCode> legal = s.state().legal_actions();
  ASSERT_TRUE(s.apply(legal[0]));  // a card played: nothing drawn yet (§6)
  EXPECT_EQ(s.undoable(), 1);
  std::string err;
  EXPECT_EQ(s.undo(first, &err), 1) << err;
  EXPECT_TRUE(s.state().equals(*start));

  Rng pick(3);
  const std::vector<game::EventView> last =
      play_until(s, pick, [](const std::vector<game::EventView>& ev) { return has_event(ev, "roll"); });
  ASSERT_TRUE(has_event(last, "roll")) << "no battle was fought";
  EXPECT_EQ(s.undoable(), 0);
  const std::unique_ptr<game::State> rolled = s.state().clone();
  const long decisions = s.decisions();
  EXPECT_EQ(s.undo(s.to_move() >= 0 ? s.to_move() : 0, &err), 0);
  EXPECT_NE(err.find("dice"), std::string::npos) << err;
  EXPECT_EQ(s.undo(-1, &err), 0);
  EXPECT_TRUE(s.state().equals(*rolled));
  EXPECT_EQ(s.decisions(), decisions);
}

// Two people: a decision of one, then one of the other with nothing revealed between (a unit
// attacked chooses to evade or stand, §9): the first may no longer take back its own, since that
// would take back the other person's too; the second may take back its own.
TEST(Session, TwoPeopleNeverTakeBackEachOthersDecisions) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 5, {}));
  Rng pick(8);
  int last_by = -1;
  bool found = false;
  for (int n = 0; n < 5000 && !s.is_over() && !found; ++n) {
    const int by = s.to_move();
    const std::vector<game::ActionCode> legal = s.state().legal_actions();
    ASSERT_TRUE(s.apply(legal[pick.below(uint32_t(legal.size()))]));
    if (last_by >= 0 && last_by != by && s.undoable() >= 2 && s.undoable(by) == 1) {
      found = true;
      EXPECT_EQ(s.undoable(last_by), 0);
      const std::unique_ptr<game::State> now = s.state().clone();
      std::string err;
      EXPECT_EQ(s.undo(last_by, &err), 0);
      EXPECT_NE(err.find("other side"), std::string::npos) << err;
      EXPECT_TRUE(s.state().equals(*now));
      EXPECT_EQ(s.undo(by, &err), 1) << err;
      EXPECT_EQ(s.to_move(), by);
    }
    last_by = by;
  }
  EXPECT_TRUE(found) << "no decision of one side followed by the other's with nothing revealed";
}

// A card drawn at the end of a turn is revealed to the side that draws it: with two people the
// turn cannot be taken back to see the next card of the deck and play the turn again (§15).
TEST(Session, UndoStopsAtTheCardDrawnAtTheEndOfATurn) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 21, {}));
  Rng pick(4);
  bool found = false;
  for (int n = 0; n < 3000 && !s.is_over() && !found; ++n) {
    const int by = s.to_move();
    const std::unique_ptr<game::State> before = s.state().clone();
    const std::vector<game::ActionCode> legal = s.state().legal_actions();
    std::vector<game::EventView> events;
    ASSERT_TRUE(s.apply(legal[pick.below(uint32_t(legal.size()))], &events));
    if (!has_event(events, "card-drawn") || has_event(events, "roll") || has_event(events, "reshuffle")) continue;
    found = true;
    EXPECT_LT(s.state().hidden_left(), before->hidden_left());
    EXPECT_EQ(s.undoable(), 0);
    EXPECT_EQ(s.undoable(by), 0);
    const std::unique_ptr<game::State> now = s.state().clone();
    std::string err;
    EXPECT_EQ(s.undo(by, &err), 0);
    EXPECT_NE(err.find("drawn"), std::string::npos) << err;
    EXPECT_TRUE(s.state().equals(*now));
  }
  EXPECT_TRUE(found) << "no turn ended with a draw and no roll";
}

TEST(Session, AnalysisModeTakesBackEvenARoll) {
  Session s(SessionOptions{true});
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 11, {}));
  Rng pick(3);
  std::unique_ptr<game::State> before;
  for (int n = 0; n < 3000 && !s.is_over(); ++n) {
    const std::vector<game::ActionCode> legal = s.state().legal_actions();
    before = s.state().clone();
    std::vector<game::EventView> events;
    ASSERT_TRUE(s.apply(legal[pick.below(uint32_t(legal.size()))], &events));
    if (has_event(events, "roll")) break;
  }
  ASSERT_GT(s.undoable(), 0);
  std::string err;
  EXPECT_EQ(s.undo(-1, &err), 1) << err;
  EXPECT_TRUE(s.state().equals(*before));
}

// Against a bot, the person cannot take a decision back across the bot's reply.
TEST(Session, UndoDoesNotReachBackAcrossTheBotsDecision) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("004"), 5, {Seat{"greedy", "greedy"}, Seat{"human", ""}}));
  const int person = 1;
  Rng pick(9);
  std::string err;
  while (s.bot_to_move()) ASSERT_TRUE(s.play_bot(nullptr, nullptr, nullptr, -1, &err)) << err;
  const long before = s.decisions();
  play_until(s, pick, [](const std::vector<game::EventView>&) { return false; });
  ASSERT_GT(s.decisions(), before) << "the person decided nothing";
  ASSERT_TRUE(s.bot_to_move());
  game::ActionCode chosen = 0;
  ASSERT_TRUE(s.play_bot(&chosen, nullptr, nullptr, -1, &err)) << err;
  const std::unique_ptr<game::State> after = s.state().clone();
  EXPECT_EQ(s.undo(person, &err), 0);
  EXPECT_NE(err.find("bot"), std::string::npos) << err;
  EXPECT_TRUE(s.state().equals(*after));
  // The person's seat is not the bot's: play_bot refuses when the person is to move.
  play_until(s, pick, [](const std::vector<game::EventView>&) { return true; }, 1);
  if (!s.bot_to_move() && !s.is_over()) {
    EXPECT_FALSE(s.play_bot(nullptr, nullptr, nullptr, -1, &err));
  }
}

TEST(Session, ABotSeatPlaysLegalDecisionsToTheEnd) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("007"), 21, {Seat{"random", "random"}, Seat{"greedy", "greedy"}}));
  for (int n = 0; n < 20000 && !s.is_over(); ++n) {
    ASSERT_TRUE(s.bot_to_move());
    std::string err;
    ASSERT_TRUE(s.play_bot(nullptr, nullptr, nullptr, -1, &err)) << err;
  }
  ASSERT_TRUE(s.is_over());
  EXPECT_GE(s.state().winner(), -1);
  const nlohmann::json rec = s.record_json();
  EXPECT_EQ(rec["result"].value("finished", false), true) << rec.dump().substr(0, 300);
}

// A record replays to the same position, and the game continues from it.
TEST(Session, ARecordResumesTheGameWhereItStood) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("002"), 33, {}));
  Rng pick(4);
  int n = 0;
  play_until(s, pick, [&](const std::vector<game::EventView>&) { return ++n == 300; });
  ASSERT_GT(s.decisions(), 100);
  Session r;
  std::string err;
  ASSERT_TRUE(r.resume(cca_game(), s.record_json(), nullptr, {}, &err)) << err;
  EXPECT_TRUE(r.state().equals(s.state()));
  EXPECT_EQ(r.decisions(), s.decisions());
  EXPECT_EQ(r.undoable(), 0);  // a resumed game is not taken back into its record
  // Both continue identically: the same generator position.
  const std::vector<game::ActionCode> legal = s.state().legal_actions();
  ASSERT_FALSE(legal.empty());
  ASSERT_TRUE(s.apply(legal.back()));
  ASSERT_TRUE(r.apply(legal.back()));
  EXPECT_TRUE(r.state().equals(s.state()));

  nlohmann::json broken = s.record_json();
  broken["steps"][5]["action"] = {{"type", "no-such-action"}};
  Session bad;
  EXPECT_FALSE(bad.resume(cca_game(), broken, nullptr, {}, &err));
  EXPECT_NE(err.find("steps"), std::string::npos) << err;
  EXPECT_FALSE(bad.started());
}

// A seat's view is its observation: the other hand is not in it.
TEST(Session, ASeatSeesItsObservationOnly) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 3, {}));
  for (int seat = 0; seat < 2; ++seat) {
    const std::unique_ptr<game::State> v = s.view(seat);
    EXPECT_TRUE(v->equals(*s.state().observation(seat)));
    EXPECT_FALSE(v->equals(s.state()));
    const cca::State& cs = cca::state_of(*v);
    const int other = 1 - seat;
    for (int i = 0; i < cs.hand_n[other]; ++i) EXPECT_EQ(cs.hand[other][i], cca::kHiddenCard);
  }
  EXPECT_TRUE(s.view(-1)->equals(s.state()));
}

// think() answers without applying, and keeps its bot per seat while the spec is the same.
TEST(Session, ThinkAdvisesWithoutApplying) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 3, {}));
  const std::unique_ptr<game::State> before = s.state().clone();
  game::ActionCode a = 0;
  ai::Explanation why;
  std::string err;
  ASSERT_TRUE(s.think("expert", a, &why, &err)) << err;
  const std::vector<game::ActionCode> legal = s.state().legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
  EXPECT_TRUE(s.state().equals(*before));
  EXPECT_FALSE(s.think("no-such-bot", a, nullptr, &err));
  EXPECT_NE(err.find("no-such-bot"), std::string::npos);
}

}  // namespace bgb::play

namespace bgb::play {

namespace {
game::ActionCode order(const std::string& hex) { return cca::Action::make(cca::ActionType::OrderUnit, cca::parse_hex(hex)).v; }
bool ordered(const Session& s, const std::string& hex) {
  const cca::State& st = cca::state_of(s.state());
  const int u = cca::unit_at(st, cca::parse_hex(hex));
  return u >= 0 && (st.units[u].flags & cca::kOrdered);
}
}  // namespace

// §7 orders in any sequence (issue 12): the engine takes orders in increasing hex order only, so
// ordering 7,5 before 6,6 closed the ordering with an order lost. The session collects the
// person's picks and plays them in a sequence the rules accept.
TEST(Session, OrdersMayBeGivenInAnySequence_S7) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 7, {}));
  const game::ActionCode card = s.state().legal_actions()[0];
  ASSERT_EQ(s.state().action_text(card), "play Order Two Units Center");
  ASSERT_TRUE(s.apply(card));
  ASSERT_TRUE(s.in_set());
  // The engine alone: 7,5 first leaves 6,6 out.
  {
    std::unique_ptr<game::State> raw = s.state().clone();
    Rng r(1);
    ASSERT_TRUE(raw->apply(order("7,5"), r));
    const std::vector<game::ActionCode> after = raw->legal_actions();
    EXPECT_EQ(std::find(after.begin(), after.end(), order("6,6")), after.end());
  }
  std::vector<game::ActionCode> can = s.set_candidates();
  EXPECT_NE(std::find(can.begin(), can.end(), order("7,5")), can.end());
  EXPECT_NE(std::find(can.begin(), can.end(), order("6,6")), can.end());
  bool committed = true;
  std::string err;
  ASSERT_TRUE(s.pick(order("7,5"), &committed, nullptr, -1, &err)) << err;
  EXPECT_FALSE(committed);
  EXPECT_FALSE(ordered(s, "7,5"));  // nothing applied while picking
  can = s.set_candidates();
  EXPECT_NE(std::find(can.begin(), can.end(), order("6,6")), can.end()) << "the lower hex may still be picked";
  EXPECT_TRUE(s.unpick());
  EXPECT_TRUE(s.picks().empty());
  ASSERT_TRUE(s.pick(order("7,5"), &committed, nullptr, -1, &err)) << err;
  ASSERT_TRUE(s.pick(order("6,6"), &committed, nullptr, -1, &err)) << err;
  EXPECT_TRUE(committed) << "two orders of an Order Two card: the set plays itself";
  EXPECT_TRUE(ordered(s, "7,5"));
  EXPECT_TRUE(ordered(s, "6,6"));
  EXPECT_EQ(cca::state_of(s.state()).decision, cca::Decision::Move);
  // A third order is refused with the rule's reason, and nothing changes.
  Session t;
  ASSERT_TRUE(t.start(cca_game(), battle("001"), 7, {}));
  ASSERT_TRUE(t.apply(card));
  ASSERT_TRUE(t.pick(order("7,5")));
  EXPECT_FALSE(t.pick(order("0,0"), nullptr, nullptr, -1, &err));
  EXPECT_FALSE(err.empty());
  EXPECT_EQ(t.picks().size(), 1u);
  // Ending the set early ("done ordering") plays the picks first.
  const game::ActionCode done = cca::Action::make(cca::ActionType::EndOrders).v;
  ASSERT_TRUE(t.commit_set(done, nullptr, -1, &err)) << err;
  const cca::State& ts = cca::state_of(t.state());
  EXPECT_TRUE(ordered(t, "7,5"));
  EXPECT_FALSE(ordered(t, "6,6"));
  EXPECT_EQ(ts.decision, cca::Decision::Move);
}

// A choice reads as it will once the picks so far are given (every front end shows these
// words): under Leadership Any Section a unit is first offered alone, instead of a leader; once
// the leader is picked, the units offered are his linked ones (§7).
TEST(Session, AChoiceReadsAsAfterThePicksSoFar_S7) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 5, {}));
  game::ActionCode lead = 0;
  for (game::ActionCode a : s.state().legal_actions())
    if (s.state().action_text(a) == "play Leadership Any Section") lead = a;
  ASSERT_NE(lead, 0u) << "seed 5 deals the bottom side Leadership Any Section";
  ASSERT_TRUE(s.apply(lead));
  ASSERT_TRUE(s.in_set());
  EXPECT_EQ(s.choice_text(order("7,6")), "order HI 7,6 alone (no leader: the card orders this one unit)");
  const game::ActionCode leader = cca::Action::make(cca::ActionType::OrderLeader, cca::parse_hex("7,7")).v;
  std::string err;
  ASSERT_TRUE(s.pick(leader, nullptr, nullptr, -1, &err)) << err;
  EXPECT_EQ(s.choice_text(order("7,6")), "order HI 7,6");
  EXPECT_EQ(s.state().action_text(order("7,6")), "order HI 7,6 alone (no leader: the card orders this one unit)")
      << "the state itself is as it was: nothing is given while picking";
}

}  // namespace bgb::play

namespace bgb::play {

// A game in progress is written after every change and resumes from the file; the file goes
// when the game ends.
TEST(Session, AutosaveKeepsAGameInProgressAndGoesWhenItEnds) {
  const std::string path = (std::filesystem::temp_directory_path() / "bgbot-test-autosave" / "game.json").string();
  std::filesystem::remove_all(std::filesystem::path(path).parent_path());
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 17, {Seat{"random", "random"}, Seat{"human", ""}}));
  s.set_autosave(path);
  ASSERT_TRUE(std::filesystem::exists(path));
  for (int n = 0; n < 40 && !s.is_over(); ++n) {
    if (s.bot_to_move()) {
      ASSERT_TRUE(s.play_bot());
    } else {
      ASSERT_TRUE(s.apply(s.state().legal_actions()[0]));
    }
  }
  std::ifstream f(path);
  const nlohmann::json saved = nlohmann::json::parse(f);
  Session r;
  std::string err;
  ASSERT_TRUE(r.resume(cca_game(), saved, nullptr, {Seat{"random", "random"}, Seat{"human", ""}}, &err)) << err;
  EXPECT_TRUE(r.state().equals(s.state()));
  // To the end: the file is removed.
  for (int n = 0; n < 20000 && !s.is_over(); ++n) {
    if (s.bot_to_move()) {
      ASSERT_TRUE(s.play_bot());
    } else {
      ASSERT_TRUE(s.apply(s.state().legal_actions()[0]));
    }
  }
  ASSERT_TRUE(s.is_over());
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace bgb::play

namespace bgb::play {

// The session stores its own game (store/game_store.h): the record and scenario texts of the
// game, and a summary from the game layer alone (seats, scores, turns, decisions). A finished
// game names its winner; a loaded position, which has no record, is refused with the reason.
TEST(Session, StoresItsGameWithItsRecordAndASummary) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bgbot-session-store-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string db = (dir / "games.sqlite").string();
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 11, {Seat{"alice", ""}, Seat{"bob", ""}}));
  s.set_started("2026-12-01T10:00:00Z");
  Rng pick(5);
  int applied = 0;
  play_until(s, pick, [&](const std::vector<game::EventView>&) { return ++applied >= 40; });
  std::string err;
  const long id = s.store(db, &err);
  ASSERT_GT(id, 0) << err;
  std::vector<store::StoredGame> games;
  ASSERT_TRUE(store::list_games(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 1u);
  const store::StoredGame& g = games[0];
  EXPECT_EQ(g.id, id);
  EXPECT_EQ(g.game, "cca");
  EXPECT_EQ(g.scenario_id, "001");
  EXPECT_EQ(g.scenario_name, "Akragas");
  EXPECT_EQ(g.scenario_hash, s.scenario().content_hash());
  EXPECT_EQ(g.seed, "11");
  EXPECT_EQ(g.started, "2026-12-01T10:00:00Z");
  EXPECT_EQ(g.players[0], "alice");
  EXPECT_EQ(g.players[1], "bob");
  EXPECT_FALSE(g.finished);
  EXPECT_EQ(g.winner, "");
  EXPECT_EQ(g.turns, s.state().turn());
  EXPECT_EQ(g.score[0], s.state().score(0));
  EXPECT_EQ(g.score[1], s.state().score(1));
  EXPECT_EQ(g.steps, s.decisions());
  std::string game, record, scenario;
  ASSERT_TRUE(store::load_game_texts(db, id, game, record, scenario, &err)) << err;
  EXPECT_EQ(nlohmann::json::parse(record), s.record_json());
  EXPECT_EQ(nlohmann::json::parse(scenario), s.scenario().to_json());
  // The stored record resumes the same game.
  Session again;
  ASSERT_TRUE(again.resume(cca_game(), nlohmann::json::parse(record), nullptr, {}, &err)) << err;
  EXPECT_TRUE(again.state().equals(s.state()));

  // Played to its end, the game names its winner.
  play_until(s, pick, [](const std::vector<game::EventView>&) { return false; }, 100000);
  ASSERT_TRUE(s.is_over());
  ASSERT_GT(s.store(db, &err), 0) << err;
  ASSERT_TRUE(store::list_games(db, games, &err)) << err;
  ASSERT_EQ(games.size(), 2u);
  EXPECT_TRUE(games[1].finished);
  const int w = s.state().winner();
  EXPECT_EQ(games[1].winner, w >= 0 ? s.state().seat_name(w) : "");
  EXPECT_EQ(games[1].draw, w < 0);

  Session loaded;
  ASSERT_TRUE(loaded.load_position(cca_game(), s.state().to_json(), 3, &err)) << err;
  EXPECT_EQ(loaded.store(db, &err), -1);
  EXPECT_NE(err.find("without its record"), std::string::npos) << err;
  fs::remove_all(dir);
}

}  // namespace bgb::play

namespace bgb::play {

// Issue 13: the undo history does not grow without bound. Outside analysis mode it holds no
// decision before the last one that revealed something; undo still says why it stops there.
TEST(Session, TheUndoHistoryIsBounded) {
  Session s;
  ASSERT_TRUE(s.start(cca_game(), battle("001"), 21, {}));
  Rng pick(9);
  int applied = 0;
  play_until(s, pick, [&](const std::vector<game::EventView>&) { return ++applied >= 400; });
  ASSERT_GE(applied, 100);
  EXPECT_LE(s.history_size(), std::size_t(s.undoable()) + 1) << "nothing kept before the last reveal";
  EXPECT_LT(s.history_size(), std::size_t(applied) / 4);
  // Undo takes back what may be taken back, then says why it stops.
  const int can = s.undoable();
  for (int i = 0; i < can; ++i) ASSERT_EQ(s.undo(-1), 1);
  std::string err;
  EXPECT_EQ(s.undo(-1, &err), 0);
  EXPECT_NE(err.find("undo stops at the last thing revealed"), std::string::npos) << err;
}

}  // namespace bgb::play
