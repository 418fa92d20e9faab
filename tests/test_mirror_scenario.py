#!/usr/bin/env python3
"""scripts/mirror-scenario: every built-in battle turns into a valid file with the armies' seats
exchanged, its special rules serving the other seat, and turning it again gives back the original
maps and rules.
Usage: test_mirror_scenario.py BGBOT MIRROR DATA_DIR"""
import glob
import json
import os
import subprocess
import sys
import tempfile

bgbot, mirror, data = sys.argv[1:4]


def run(*args, check=True):
    return subprocess.run(list(args), check=check, capture_output=True, text=True)


def maps(path):
    """The terrain and units rows of a scenario file, as lists of cells."""
    out, cur = {}, None
    for line in open(path, encoding="utf-8"):
        s = line.strip()
        if s in ("terrain:", "units:"):
            cur = s[:-1]
            out[cur] = []
        elif cur and s and not s.startswith("#"):
            out[cur].append(s.split("|", 1)[1].split() if "|" in s else s.split())
    return out


builtins = {b["id"]: b for b in json.loads(run(bgbot, "scenarios", "--json").stdout)}
done = 0
with tempfile.TemporaryDirectory() as d:
    for path in sorted(glob.glob(os.path.join(data, "*.txt"))):
        once = run(sys.executable, mirror, path, check=False)
        sid = os.path.basename(path)[:3]
        assert once.returncode == 0, (path, once.stderr)
        m1 = os.path.join(d, sid + "-m.txt")
        open(m1, "w").write(once.stdout)
        v = run(bgbot, "validate", m1, check=False)
        assert v.returncode == 0, v.stdout
        # The armies and their War Council change seats.
        b = builtins[sid]
        assert "army top: %s\n" % b["bottom"] in once.stdout, once.stdout
        assert "command top: %d\n" % b["command"]["bottom"] in once.stdout, once.stdout
        assert "first: %s\n" % ("top" if b["first"] == "bottom" else "bottom") in once.stdout, once.stdout
        # Each special rule now serves the other seat, its hexes turned.
        rules = [l[len("rule: "):] for l in once.stdout.splitlines() if l.startswith("rule: ")]
        assert len(rules) == len(b["special_rules"]), (path, rules)
        for r, orig in zip(rules, b["special_rules"]):
            o = orig["rule"]
            if "side=top" in o:
                assert "side=bottom" in r, (o, r)
            if "side=bottom" in o:
                assert "side=top" in r, (o, r)
        if sid == "011":
            assert "hexes=7,7 7,5 7,3" in rules[0], rules
        # A unit at 1,1 (top) is at 7,10 (bottom) after the turn.
        original, turned = maps(path), maps(m1)
        assert turned["units"][7][10] == original["units"][1][1].translate(str.maketrans("^v", "v^")), path
        # Turning twice gives the original maps back.
        m2 = os.path.join(d, sid + "-mm.txt")
        open(m2, "w").write(run(sys.executable, mirror, m1).stdout)
        assert maps(m2) == original, path
        twice = [l for l in open(m2, encoding="utf-8").read().splitlines() if l.startswith("rule: ")]
        assert twice == ["rule: " + r["rule"] for r in b["special_rules"]], (path, twice)
        done += 1
assert done == len(glob.glob(os.path.join(data, "*.txt"))), done
print("mirrored %d battles" % done)
