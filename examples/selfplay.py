#!/usr/bin/env python3
"""Plays a bot against itself through the engine protocol (docs/protocol.md) and prints the result.

Uses only the Python standard library. Each decision: `think` for the side to move (the bot sees
only that side's observation), then `apply` the id it chose.

    examples/selfplay.py [--bgbot build/bgbot] [--bot random] [--scenario 001] [--seed 7] [--verbose]
"""
import argparse
import json
import os
import subprocess
import sys


class Engine:
    """A `bgbot engine` process: one JSON request per line in, one reply per line out."""

    def __init__(self, path, extra_args=()):
        self.proc = subprocess.Popen([path, "engine", *extra_args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8")
        self.next_id = 0

    def call(self, cmd, **fields):
        self.next_id += 1
        request = {"id": self.next_id, "cmd": cmd, **fields}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the engine closed its output")
        reply = json.loads(line)
        if reply.get("id") != self.next_id:
            raise RuntimeError(f"reply to the wrong request: {line}")
        if not reply["ok"]:
            err = reply["error"]
            raise RuntimeError(f"{cmd}: {err['code']}: {err['message']}")
        return reply

    def close(self):
        try:
            self.call("quit")
        finally:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bgbot", default=os.path.join(here, "..", "build", "bgbot"), help="the bgbot program")
    ap.add_argument("--bot", default="random", help="bot spec for both sides, e.g. ismcts:ms=200")
    ap.add_argument("--top", help="bot spec for the top side (default: --bot)")
    ap.add_argument("--bottom", help="bot spec for the bottom side (default: --bot)")
    ap.add_argument("--scenario", default="001", help="built-in scenario id or scenario file")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--max-decisions", type=int, default=200000)
    ap.add_argument("--verbose", action="store_true", help="print every decision and its events")
    args = ap.parse_args()
    bots = {"top": args.top or args.bot, "bottom": args.bottom or args.bot}

    engine = Engine(args.bgbot)
    hello = engine.call("hello")
    print(f"{hello['engine']} {hello['version']}, protocol {hello['protocol']}")
    game = engine.call("new", scenario=args.scenario, seed=args.seed, players=bots)
    print(f"scenario {game['scenario']} ({game['scenario_name']}), seed {args.seed}: "
          f"top {bots['top']} vs bottom {bots['bottom']}")
    decisions = 0
    state = game
    while not state["game_over"]:
        if decisions >= args.max_decisions:
            print("stopped: too many decisions")
            return 2
        side = state["player"]
        thought = engine.call("think", bot=bots[side])
        state = engine.call("apply", action=thought["action"]["id"])
        decisions += 1
        if args.verbose:
            print(f"{decisions:5d} {side:6s} {thought['action']['text']}  "
                  f"(win {thought['win_chance']:.2f})")
            for e in state["events"]:
                print(f"        {e['text']}")
    record = engine.call("record")["record"]
    engine.close()
    banners = state["banners"]
    result = "draw" if state["draw"] else f"{state['winner']} wins"
    print(f"{result}: banners top {banners['top']}, bottom {banners['bottom']}, "
          f"{state['turn']} turns, {decisions} decisions, {len(record['steps'])} recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
