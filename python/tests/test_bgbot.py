"""The Python module `bgbot` (python/bgbot_module.cpp): every game through it, as docs/python.md says.

Run by ctest (bgbot_python_module) with PYTHONPATH=build/python and Debian's pytest.
"""
import copy
import random

import numpy as np
import pytest

import bgbot

# A scenario or two per game, and the steps a random game may take before we stop it.
GAMES = [("cca", "001"), ("cca", "004"), ("quinn", "s1"), ("quinn", "s3"), ("wrg6", "s1"), ("wrg6", "s2")]


def random_game(game, seed, check_every=1, limit=20000):
    """Plays a seeded random game to the end; returns the final state and the steps taken."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    layout_size = game.observation_tensor_shape()[0]
    steps = 0
    while not state.is_terminal():
        assert steps < limit, "the game does not end"
        player = state.current_player()
        assert 0 <= player < game.num_players()
        actions = state.legal_actions()
        assert actions, "a live game offers a decision"
        assert actions == sorted(set(actions)) or len(set(actions)) == len(actions)
        if steps % check_every == 0:
            assert state.check_invariants() == ""
            for p in range(game.num_players()):
                t = state.observation_tensor(p)
                assert t.dtype == np.float32 and t.shape == (layout_size,)
                assert np.all(np.isfinite(t))
        state.apply_action(rng.choice(actions))
        steps += 1
    return state, steps


def play_random(state, rng, steps):
    """Up to `steps` random decisions, stopping at the end of the game; returns them."""
    played = []
    for _ in range(steps):
        if state.is_terminal():
            break
        played.append(rng.choice(state.legal_actions()))
        state.apply_action(played[-1])
    return played


def test_every_game_is_registered_and_names_its_parts():
    names = bgbot.registered_names()
    assert "cca" in names and "quinn" in names and "wrg6" in names
    for name in names:
        game = bgbot.load_game(name)
        layout = game.observation_tensor_layout()
        assert layout, name + " offers an observation tensor"
        assert sum(int(np.prod(shape)) for _, shape in layout) == game.observation_tensor_shape()[0]
        assert game.scenarios() and game.num_players() == 2
        assert bgbot.bots(name), name + " offers bot levels"


@pytest.mark.parametrize("name,scenario", GAMES)
def test_random_games_end_with_zero_sum_returns(name, scenario):
    game = bgbot.load_game(name, scenario)
    for seed in (1, 2):
        state, steps = random_game(game, seed, check_every=7)
        assert steps > 10
        assert state.current_player() == -1 and state.legal_actions() == []
        r = state.returns()
        assert len(r) == 2 and sum(r) == 0
        w = state.winner()
        assert r == ([1.0, -1.0] if w == 0 else [-1.0, 1.0] if w == 1 else [0.0, 0.0])
        assert len(state.history()) == steps


@pytest.mark.parametrize("name,scenario", GAMES)
def test_a_seed_and_its_actions_replay_to_the_same_game(name, scenario):
    game = bgbot.load_game(name, scenario)
    first, _ = random_game(game, 9, check_every=50)
    again = game.new_initial_state(9)
    for a in first.history():
        again.apply_action(a)
    assert again.to_json() == first.to_json()


@pytest.mark.parametrize("name,scenario", GAMES)
def test_clones_are_independent_and_roll_the_same_dice(name, scenario):
    game = bgbot.load_game(name, scenario)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    play_random(state, rng, 40)
    before = state.to_json()
    twin = state.clone()
    other = copy.deepcopy(state)
    moves = play_random(twin, rng, 60)
    assert state.to_json() == before, "playing on a clone changed the original"
    assert other.to_json() == before
    for a in moves:
        state.apply_action(a)
    assert state.to_json() == twin.to_json(), "a clone rolls the dice its original would"


@pytest.mark.parametrize("name,scenario", GAMES)
def test_actions_read_back_from_json_and_text(name, scenario):
    game = bgbot.load_game(name, scenario)
    state = game.new_initial_state(6)
    rng = random.Random(6)
    for _ in range(30):
        if state.is_terminal():
            break
        for a in state.legal_actions():
            assert state.action_from_json(state.action_to_json(a)) == a
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        if len(set(texts)) == len(texts):
            for a in state.legal_actions():
                assert state.string_to_action(state.action_to_string(a)) == a
        state.apply_action(rng.choice(state.legal_actions()))


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing():
    for name in bgbot.registered_names():
        state = bgbot.load_game(name).new_initial_state(3)
        before = state.to_json()
        legal = set(state.legal_actions())
        bad = next(a for a in range(1, 10**6) if a not in legal)
        with pytest.raises(ValueError, match="illegal action"):
            state.apply_action(bad)
        assert state.to_json() == before and state.history() == []
    with pytest.raises(ValueError, match="no game"):
        bgbot.load_game("chess")
    with pytest.raises(ValueError, match="no scenario"):
        bgbot.load_game("cca", "999")
    with pytest.raises(ValueError, match="not a seat"):
        bgbot.load_game("cca").new_initial_state(1).observation(2)
    with pytest.raises(ValueError):
        bgbot.load_game("cca").new_initial_state(1).action_from_json({"type": "fly"})


def swap_hidden_card(position, viewer_side):
    """The same position with one card of the other hand exchanged for a deck card of another kind."""
    other = "bottom" if viewer_side == "top" else "top"
    st = position["state"]
    hand, deck = st["hand"][other], st["deck"]
    for i, card in enumerate(hand):
        for k, d in enumerate(deck):
            if d != card:
                hand[i], deck[k] = d, card
                return position
    raise AssertionError("no card to swap")


def test_hidden_cards_never_reach_the_other_player():
    game = bgbot.load_game("cca", "001")
    state = game.new_initial_state(11)
    play_random(state, random.Random(11), 25)
    for player, side in ((0, "top"), (1, "bottom")):
        other_side = "bottom" if side == "top" else "top"
        changed = game.load_state(swap_hidden_card(state.to_json(), side), seed=0)
        assert changed.to_json() != state.to_json()
        # What the player may know is identical, as a dict and as numbers.
        assert changed.observation(player) == state.observation(player)
        assert np.array_equal(changed.observation_tensor(player), state.observation_tensor(player))
        obs = state.observation(player)["state"]
        assert set(obs["hand"][other_side]) == {"hidden"} and set(obs["deck"]) <= {"hidden"}
        assert obs["hand"][side] == state.to_json()["state"]["hand"][side]
        # ... and the other player's own view does change (the swap was in its hand).
        assert changed.observation(1 - player) != state.observation(1 - player)
    # A bot deciding for the player to move is given only that player's observation: the other
    # hand, re-dealt, changes nothing it does.
    mover = state.current_player()
    side = "top" if mover == 0 else "bottom"
    changed = game.load_state(swap_hidden_card(state.to_json(), side), seed=0)
    a = bgbot.Bot("cca", "ismcts:iters=200", seed=5).step(state)
    b = bgbot.Bot("cca", "ismcts:iters=200", seed=5).step(changed)
    assert a == b


def test_the_tensor_places_units_on_the_board():
    game = bgbot.load_game("cca", "001")
    state = game.new_initial_state(2)
    layout = dict(game.observation_tensor_layout())
    planes, rows, cols = layout["board"]
    for player in (0, 1):
        t = state.observation_tensor(player)
        board = t[: planes * rows * cols].reshape(planes, rows, cols)
        assert board[0].sum() == 113  # the hexes on the board
        units = state.to_json()["state"]["units"]
        alive = [u for u in units if u.get("status", "alive") == "alive"]
        own_side = "top" if player == 0 else "bottom"
        n_own = sum(1 for u in alive if u["side"] == own_side)
        # planes 15..31: the player's unit types, 32..48 the other's (one-hot, one per unit)
        assert board[15:32].sum() == n_own
        assert board[32:49].sum() == len(alive) - n_own


def test_forced_dice_decide_a_battle():
    game = bgbot.load_game("cca", "001")
    state = game.new_initial_state(5)
    rng = random.Random(2)
    while True:
        battles = [a for a in state.legal_actions() if state.action_to_json(a).get("type") == "battle"]
        if battles:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.force_dice(["sword"] * 6) == 6
    events = state.apply_action(battles[0], events=True)
    rolls = [e["json"] for e in events if e["json"].get("type") == "roll"]
    assert rolls and set(rolls[0]["dice"]) == {"sword"}
    state.clear_forced_dice()
    assert state.forced_dice() == 0
    with pytest.raises(ValueError, match="unknown face"):
        state.force_dice(["eleven"])
    quinn = bgbot.load_game("quinn").new_initial_state(1)
    assert quinn.force_dice([10, "3"]) == 2


def test_a_python_agent_against_our_expert():
    """A Python agent (one-step lookahead on the score) plays whole games against `expert`."""
    game = bgbot.load_game("cca", "001")

    def agent(state, player):
        best, best_score = None, None
        for a in state.legal_actions():
            nxt = state.clone()
            nxt.apply_action(a)
            score = nxt.score(player) - nxt.score(1 - player)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    expert_wins = 0
    for seed in range(4):
        expert_seat = seed % 2
        expert = bgbot.Bot("cca", "expert", seed=seed)
        state = game.new_initial_state(100 + seed)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(expert.step(state) if p == expert_seat else agent(state, p))
        expert_wins += state.returns()[expert_seat] > 0
    assert expert_wins >= 3, "the expert should beat a one-step agent"


def test_bots_explain_and_refuse_what_they_cannot_play():
    state = bgbot.load_game("quinn", "s1").new_initial_state(3)
    bot = bgbot.Bot("quinn", "ismcts:iters=100", seed=2)
    why = bot.think(state)
    assert why["action"] in state.legal_actions()
    assert 0 <= why["win_chance"] <= 1 and why["iterations"] == 100 and why["best"]
    with pytest.raises(ValueError, match="plays quinn"):
        bot.step(bgbot.load_game("cca").new_initial_state(1))
    with pytest.raises(ValueError, match="bot"):
        bgbot.Bot("cca", "ismcts:iters=-5")


def test_a_scenario_file_and_options():
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "web", "tiny.txt")
    game = bgbot.load_game("cca", path)
    state, _ = random_game(game, 3, check_every=20)
    assert state.is_terminal()
    with pytest.raises(ValueError, match="no scenario"):
        bgbot.load_game("cca", path + ".missing")
    # A battle that takes the Hellenistic module, with it switched on; a bad option is refused.
    hell = [s["id"] for s in bgbot.load_game("cca").scenarios() if "hellenistic" in s["options"]]
    assert hell
    on = bgbot.load_game("cca", hell[0], {"hellenistic": "on"})
    assert on.new_initial_state(1).legal_actions()
    with pytest.raises(ValueError):
        bgbot.load_game("cca", hell[0], {"hellenistic": "maybe"})


def test_any_code_is_named_without_a_crash():
    """action_to_string and action_to_json of codes that are not legal (a client's guess, an old
    action) answer something or raise; they never take the interpreter down."""
    rng = random.Random(8)
    for name, scenario in GAMES:
        state = bgbot.load_game(name, scenario).new_initial_state(2)
        codes = list(range(0, 5000)) + [rng.getrandbits(32) for _ in range(2000)] + [rng.getrandbits(64) for _ in range(200)]
        for a in codes:
            try:
                assert isinstance(state.action_to_string(a), str)
                assert isinstance(state.action_to_json(a), dict)
            except ValueError:
                pass


def test_inputs_that_change_nothing_when_refused():
    state = bgbot.load_game("cca").new_initial_state(1)
    assert state.force_dice(["sword"] * 250) == 250
    with pytest.raises(ValueError, match="full"):
        state.force_dice(["flag"] * 10)
    assert state.forced_dice() == 250, "a refused batch queues nothing"
    with pytest.raises(ValueError, match="no game"):
        bgbot.bots("chess")
    with pytest.raises(ValueError, match="viewer"):
        state.action_to_string(state.legal_actions()[0], 5)
    with pytest.raises(ValueError):
        bgbot.load_game("cca", "104", {"hellenistic": float("nan")})


def test_the_threats_come_from_the_seats_view():
    """C&C's details: at the start of Akragas the light cavalry at 1,10 could close with the light
    infantry at 6,10 (four hexes of move, then 2 dice); the other games give none."""
    state = bgbot.load_game("cca", "001").new_initial_state(7)
    reach = state.details(1)["reach"]
    lc = [r for r in reach if r["unit"] == "1,10" and r["target"] == "6,10" and r["close"]]
    assert lc and lc[0]["dice"] == 2 and lc[0]["side"] == "top"
    shot = [r for r in reach if r["unit"] == "1,10" and r["target"] == "6,10" and not r["close"]]
    assert shot and shot[0]["dice"] == 1, "its shot after moving, beside the close combat"
    assert state.details(0) == state.details(1), "positions only: both seats see the same reach"
    assert bgbot.load_game("quinn", "s1").new_initial_state(1).details(0) is None
    with pytest.raises(Exception):
        state.details(2)
