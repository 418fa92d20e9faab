#!/usr/bin/env python3
"""scripts/fit-eval fits the evaluation to games: positions written by `bgbot arena --positions`
are read, the weights fitted, the held-out scores reported and the weights file written in the
form data/eval/weights.inc takes. A bad file is refused with its name, line and field.
Usage: test_fit_eval.py BGBOT FIT_EVAL"""
import os
import re
import subprocess
import sys
import tempfile


def main():
    bgbot, fit = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as d:
        pos = os.path.join(d, "pos.csv")
        subprocess.run([bgbot, "arena", "--balance", "--a", "expert", "--scenarios", "001,006", "--games", "20",
                        "--seed", "5", "--positions", pos], check=True, stdout=subprocess.DEVNULL)
        lines = open(pos).read().splitlines()
        header = lines[0].split(",")
        assert header[:5] == ["scenario", "game", "seed", "turn", "side"], header
        assert header[-1] == "result_top" and "battle" in header, header
        assert len(lines) > 200, len(lines)
        out_inc = os.path.join(d, "weights.inc")
        r = subprocess.run([fit, pos, "--write", out_inc], check=True, capture_output=True, text=True)
        assert "held-out games" in r.stdout and "fitted" in r.stdout, r.stdout
        numbers = re.findall(r"-?\d+\.\d+", open(out_inc).read().splitlines()[-1])
        assert len(numbers) == 9, numbers
        # Banners held count for the side in any fit.
        assert float(numbers[1]) > 0, numbers
        # --keep holds the file's nonzero weights and fits the features at 0 there (added later);
        # --drop leaves features out (their weights 0).
        kept = os.path.join(d, "kept.inc")
        repo = os.path.join(os.path.dirname(fit), "..", "data", "eval", "weights.inc")
        subprocess.run([fit, pos, "--keep", repo, "--write", kept], check=True, capture_output=True, text=True)
        k = [float(v) for v in re.findall(r"-?\d+\.\d+", open(kept).read().splitlines()[-1])]
        base = [float(v) for v in re.findall(r"-?\d+\.\d+", open(repo).read().splitlines()[-1])]
        assert all(abs(a - b) < 1e-6 for a, b in zip(k, base) if b != 0), (k, base)
        dropped = os.path.join(d, "dropped.inc")
        subprocess.run([fit, pos, "--drop", "trapped,cards", "--write", dropped], check=True, capture_output=True, text=True)
        dw = [float(v) for v in re.findall(r"-?\d+\.\d+", open(dropped).read().splitlines()[-1])]
        assert dw[7] == 0 and dw[8] == 0 and dw[1] > 0, dw
        # --check scores given weights without fitting (the committed file reads the same way).
        r = subprocess.run([fit, pos, "--check", out_inc], check=True, capture_output=True, text=True)
        assert "all scored" in r.stdout and "weights  log-loss" in r.stdout, r.stdout
        repo_weights = os.path.join(os.path.dirname(fit), "..", "data", "eval", "weights.inc")
        subprocess.run([fit, pos, "--check", repo_weights], check=True, capture_output=True, text=True)
        # A damaged file: the error names the file, the line and the field.
        bad = os.path.join(d, "bad.csv")
        with open(bad, "w") as f:
            f.write(lines[0] + "\n" + lines[1] + "\n" + lines[2].replace(",", ",x", 6)[:-1] + "\n")
        r = subprocess.run([fit, bad], capture_output=True, text=True)
        assert r.returncode != 0, r
        assert "bad.csv:3:" in r.stderr, r.stderr
        # Quinn's game: its own columns (movement-phase starts), fitted with --game quinn; the
        # committed weights file reads with --check; C&C's columns are refused for it.
        qpos = os.path.join(d, "quinn.csv")
        subprocess.run([bgbot, "arena", "--game", "quinn", "--a", "expert", "--b", "expert", "--scenarios", "s1,s2",
                        "--games", "40", "--seed", "5", "--positions", qpos], check=True, stdout=subprocess.DEVNULL)
        qheader = open(qpos).readline().strip().split(",")
        assert qheader[5:-1] == ["losses", "locked", "threat_mover", "threat_other", "to_move", "near_break"], qheader
        qinc = os.path.join(d, "quinn.inc")
        r = subprocess.run([fit, "--game", "quinn", qpos, "--write", qinc], check=True, capture_output=True, text=True)
        q = [float(v) for v in re.findall(r"-?\d+\.\d+", open(qinc).read().splitlines()[-1])]
        assert len(q) == 6 and q[0] > 0, q  # losses inflicted count for the side in any fit
        qrepo = os.path.join(os.path.dirname(fit), "..", "data", "eval", "quinn-weights.inc")
        subprocess.run([fit, "--game", "quinn", qpos, "--check", qrepo], check=True, capture_output=True, text=True)
        r = subprocess.run([fit, "--game", "quinn", pos], capture_output=True, text=True)
        assert r.returncode != 0 and "missing column" in r.stderr, r.stderr
    print("ok")


if __name__ == "__main__":
    main()
