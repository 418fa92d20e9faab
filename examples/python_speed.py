#!/usr/bin/env python3
"""The cost of Python: decisions per second of random games played through the `bgbot` module,
against the native figure of `bgbot bench` for the same game (docs/python.md).

    PYTHONPATH=build/python python3 examples/python_speed.py --bgbot build/bgbot

Each figure is the median of --runs runs. The Python loop is the one an agent sits in:
legal_actions(), a choice, apply_action() (the checked path: the action is verified legal);
`bench` plays the same kind of games on the engine's unchecked fast path.
"""
import argparse
import json
import random
import statistics
import subprocess
import time

import bgbot

SCENARIO = {"cca": "001", "quinn": "s1"}


def python_rate(name, seconds, seed):
    game = bgbot.load_game(name, SCENARIO[name])
    rng = random.Random(seed)
    decisions, start = 0, time.perf_counter()
    g = 0
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed + g)
        g += 1
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def bot_rate(name, spec, decisions_wanted, seed):
    """Decisions per second of one of our bots driven from Python (observation built per step)."""
    game = bgbot.load_game(name, SCENARIO[name])
    bot = bgbot.Bot(name, spec, seed=seed)
    state = game.new_initial_state(seed)
    n, start = 0, time.perf_counter()
    while n < decisions_wanted:
        if state.is_terminal():
            state = game.new_initial_state(seed + n)
        state.apply_action(bot.step(state))
        n += 1
    return n / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bgbot", help="the program, for the native figure (bgbot bench --json)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    out = {}
    for name in ("cca", "quinn"):
        py = statistics.median(python_rate(name, args.seconds, 1 + r) for r in range(args.runs))
        row = {"python_random_decisions_per_s": py}
        row["python_expert_decisions_per_s"] = statistics.median(bot_rate(name, "expert", 2000 if name == "cca" else 100, 1 + r)
                                                                 for r in range(args.runs))
        if args.bgbot:
            natives = []
            for _ in range(args.runs):
                cmd = [args.bgbot, "bench", "--json", "--game", name] + (["--games", "200"] if name == "cca" else ["--games", "10"])
                natives.append(json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)["actions_per_s"])
            row["native_random_decisions_per_s"] = statistics.median(natives)
            row["python_over_native"] = py / row["native_random_decisions_per_s"]
        out[name] = row
        print(name, json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
