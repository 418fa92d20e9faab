#!/usr/bin/env python3
"""scripts/arena-pool reads like one arena run: on a single run it reproduces the arena's own
score, interval and Elo; on two runs the counts add up. Usage: test_arena_pool.py BGBOT POOL"""
import json
import re
import subprocess
import sys
import tempfile

bgbot, pool = sys.argv[1], sys.argv[2]


def arena(seed, path):
    out = subprocess.run([bgbot, "arena", "--a", "greedy", "--b", "random", "--scenarios", "001,004",
                          "--games", "4", "--seed", str(seed), "--json"], check=True,
                         capture_output=True, text=True).stdout
    with open(path, "w") as f:
        f.write(out)
    return json.loads(out)


def run_pool(*paths):
    return subprocess.run([sys.executable, pool, *paths], check=True, capture_output=True, text=True).stdout


with tempfile.TemporaryDirectory() as d:
    r1, r2 = arena(1, d + "/1.json"), arena(2, d + "/2.json")
    one = run_pool(d + "/1.json")
    m = re.search(r"score A ([0-9.]+) \[([0-9.]+), ([0-9.]+)\]", one)
    assert m, one
    assert abs(float(m[1]) - r1["score_a"]) < 5e-4, (one, r1["score_a"])
    assert abs(float(m[2]) - r1["score_a_ci95"][0]) < 5e-4, (one, r1["score_a_ci95"])
    assert abs(float(m[3]) - r1["score_a_ci95"][1]) < 5e-4, (one, r1["score_a_ci95"])
    both = run_pool(d + "/1.json", d + "/2.json")
    games = r1["games"] + r2["games"]
    assert f"games {games}: A {r1['wins_a'] + r2['wins_a']} / B {r1['wins_b'] + r2['wins_b']}" in both, both
    pairs = [x + y for x, y in zip(r1["pairs"], r2["pairs"])]
    assert str(pairs) in both, both
    # Runs of different bots are refused.
    with open(d + "/3.json", "w") as f:
        json.dump(dict(r2, b="expert"), f)
    bad = subprocess.run([sys.executable, pool, d + "/1.json", d + "/3.json"], capture_output=True, text=True)
    assert bad.returncode != 0 and "not greedy vs random" in bad.stderr, bad.stderr
print("ok")
