#!/usr/bin/env python3
"""A whole arena played from Python with the `bgbot` module (docs/python.md): two bots, paired
games (each seed played twice, the bots trading seats), the score with a 95% interval.

    PYTHONPATH=build/python python3 examples/python_arena.py --game cca --a normal --b expert \
        --scenario 001,004 --games 10

It trains nothing; it shows the loop an agent of one's own would sit in (replace a Bot by any
function of the state that returns one of state.legal_actions()).
"""
import argparse
import math
import sys
import time

import bgbot


def play(game, seed, bots):
    """One game; bots[seat] decides for that seat. Returns (returns, decisions)."""
    state = game.new_initial_state(seed)
    decisions = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        decisions += 1
    return state.returns(), decisions


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="cca")
    ap.add_argument("--a", default="expert", help="bot spec or level of the first bot")
    ap.add_argument("--b", default="greedy", help="bot spec or level of the second bot")
    ap.add_argument("--scenario", default="001", help="comma-separated scenario ids")
    ap.add_argument("--games", type=int, default=4, help="games per scenario (pairs of two)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    points = 0.0
    played = 0
    decisions = 0
    start = time.time()
    for scenario in args.scenario.split(","):
        game = bgbot.load_game(args.game, scenario)
        for g in range(args.games):
            seed = args.seed + g // 2  # a pair shares its seed
            a_seat = g % 2
            bots = [None, None]
            bots[a_seat] = bgbot.Bot(args.game, args.a, seed=seed)
            bots[1 - a_seat] = bgbot.Bot(args.game, args.b, seed=seed + 7919)
            returns, n = play(game, seed, bots)
            points += (returns[a_seat] + 1) / 2  # win 1, draw 0.5, loss 0
            played += 1
            decisions += n
            print(f"{game.name()} {scenario} seed {seed}: {args.a} as {a_seat}: {returns[a_seat]:+.0f} ({n} decisions)")
    score = points / played
    half = 1.96 * math.sqrt(max(score * (1 - score), 1e-9) / played)
    secs = time.time() - start
    print(f"{args.a} against {args.b}: {score:.3f} [{max(0, score - half):.3f}, {min(1, score + half):.3f}] "
          f"over {played} games, {decisions / max(secs, 1e-9):.0f} decisions/s")
    return 0 if played else 1


if __name__ == "__main__":
    sys.exit(main())
