#!/usr/bin/env python3
"""The rules are the same for both seats: a position turned by 180 degrees (the top army becomes
the bottom army, hex row,col goes to 8-row, 12-col on even rows and 8-row, 11-col on odd rows)
offers the same decisions, turned. Random games on battles with every kind of terrain; at each
decision after the orders (moves, battles, evades, retreats, flags, momentum advances, ...) the
position is saved, turned, loaded into a second engine, and the two legal lists compared.
Orders are not compared: the engine takes them in increasing hex order (docs/rules.md), a
convention that is not symmetric by design. Special rules are switched off in both positions:
they name the Romans as the bottom army. Usage: test_symmetry.py BGBOT"""
import json
import random
import re
import subprocess
import sys

HEX = re.compile(r"^(\d),(\d+)$")
SIDES = {"top": "bottom", "bottom": "top", "up": "down", "down": "up"}


def turn_hex(h):
    r, c = map(int, h.split(","))
    return "%d,%d" % (8 - r, (12 - c) if r % 2 == 0 else (11 - c))


def turn(x):
    """The position or action x turned by 180 degrees."""
    if isinstance(x, dict):
        out = {SIDES.get(k, k): turn(v) for k, v in x.items()}
        if isinstance(out.get("first_strike_draw"), int):  # a bit per side: top 1, bottom 2
            f = out["first_strike_draw"]
            out["first_strike_draw"] = ((f & 1) << 1) | ((f & 2) >> 1)
        return out
    if isinstance(x, list):
        return [turn(v) for v in x]
    if isinstance(x, str):
        if HEX.match(x):
            return turn_hex(x)
        return SIDES.get(x, x)
    return x


class Engine:
    def __init__(self, bgbot):
        self.p = subprocess.Popen([bgbot, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.n = 0

    def __call__(self, **kw):
        self.n += 1
        kw["id"] = self.n
        self.p.stdin.write(json.dumps(kw) + "\n")
        self.p.stdin.flush()
        reply = json.loads(self.p.stdout.readline())
        assert reply.get("ok"), (kw, reply)
        return reply


def legal_set(reply):
    return sorted(json.dumps(a["action"], sort_keys=True) for a in reply["actions"])


def main(bgbot):
    a, b = Engine(bgbot), Engine(bgbot)
    rnd = random.Random(5)
    compared = 0
    kinds = set()
    for scenario in ("002", "006", "010", "011", "012", "015"):
        for game in range(2):
            a(cmd="new", scenario=scenario, seed=100 * game + 7)
            pos = a(cmd="save")["position"]
            pos["scenario"]["special_rules"] = []
            pos["scenario"]["sudden_death_leader"] = ""
            a(cmd="load", position=pos, seed=1)
            for _ in range(600):
                here = a(cmd="legal")
                if here["game_over"]:
                    break
                if here["decision"] not in ("play-card", "order"):
                    pos = a(cmd="save")["position"]
                    b(cmd="load", position=turn(pos), seed=1)
                    there = b(cmd="legal")
                    assert there["player"] == SIDES[here["player"]], (here, there)
                    mine = legal_set(here)
                    theirs = sorted(json.dumps(turn(json.loads(t)), sort_keys=True) for t in legal_set(there))
                    assert mine == theirs, "%s game %d, %s: %s\nturned gives %s" % (
                        scenario, game, here["decision"], sorted(set(mine) - set(theirs)),
                        sorted(set(theirs) - set(mine)))
                    compared += 1
                    kinds.add(here["decision"])
                a(cmd="apply", action=rnd.randrange(len(here["actions"])))
    assert compared > 300, compared
    for k in ("move", "battle", "retreat"):
        assert k in kinds, (k, kinds)
    print("compared %d decisions of kinds %s" % (compared, sorted(kinds)))


if __name__ == "__main__":
    main(sys.argv[1])
