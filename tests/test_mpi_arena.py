#!/usr/bin/env python3
"""bgbot arena over MPI (docs/scale.md): with iteration budgets, `mpirun -np 2` and `-np 3
--oversubscribe` give the totals of a single process exactly, the self-play positions too; a
match whose games were partly lost (deleted, damaged, or a rank killed) is finished with --resume
and counts the same.

Usage: test_mpi_arena.py BGBOT MPIRUN
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BGBOT, MPIRUN = sys.argv[1], sys.argv[2]
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_btl_vader_single_copy_mechanism="none")
# Figures that depend on the clock or on how the match was run, not on its games.
CLOCK = {"seconds", "threads", "ranks", "think_seconds", "think_seconds_per_turn", "resumed", "save"}


def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in CLOCK}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x


def run(args, ranks=1, oversubscribe=False, expect=0):
    cmd = [BGBOT, "arena"] + args + ["--json"]
    if ranks > 1:
        cmd = [MPIRUN, "-np", str(ranks)] + (["--oversubscribe"] if oversubscribe else []) + cmd
    p = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=900)
    if p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}\n{p.stderr[-3000:]}")
    return (json.loads(p.stdout) if expect == 0 else None), p.stderr


def rank_process(marker, rank):
    """The pid of the bgbot process of MPI rank `rank` whose command line holds `marker`."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
            if not cmdline or not cmdline[0].endswith(b"bgbot") or marker.encode() not in cmdline:
                continue
            env = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
        except OSError:
            continue
        if f"OMPI_COMM_WORLD_RANK={rank}".encode() in env:
            return int(pid)
    return None


def same(a, b, what):
    if strip(a) != strip(b):
        sa, sb = strip(a), strip(b)
        diff = {k: (sa.get(k), sb.get(k)) for k in set(sa) | set(sb) if sa.get(k) != sb.get(k)}
        sys.exit(f"FAIL: {what}: the totals differ: {json.dumps(diff)[:2000]}")


def main():
    tmp = tempfile.mkdtemp(prefix="bgbot-mpi-")
    two_cores = (os.cpu_count() or 1) >= 2
    try:
        matches = [
            ["--game", "cca", "--a", "ismcts:iters=60", "--b", "expert", "--scenarios", "001,004,010", "--games", "4",
             "--seed", "5"],
            ["--game", "quinn", "--a", "ismcts:iters=20", "--b", "expert", "--scenarios", "s1,s3", "--games", "4",
             "--seed", "7"],
            # self-play: one bot on both sides, every game its own seed
            ["--game", "cca", "--a", "ismcts:iters=30", "--balance", "--scenarios", "001,006", "--games", "4",
             "--seed", "9"],
        ]
        for m in matches:
            pos1 = os.path.join(tmp, "pos1.csv")
            single, _ = run(m + ["--positions", pos1])
            assert single["games"] == len(single["scenarios"]) * 4
            for ranks, over in ((2, not two_cores), (3, True)):
                pos = os.path.join(tmp, f"pos{ranks}.csv")
                spread, err = run(m + ["--positions", pos], ranks, over)
                assert spread.get("ranks") == ranks, spread
                same(single, spread, f"{m[1]} with {ranks} ranks")
                if open(pos1).read() != open(pos).read():
                    sys.exit(f"FAIL: {m[1]}: the self-play positions of {ranks} ranks differ from one process's")

        # A match that lost games (as a rank that died loses those it was playing) is finished
        # with --resume: only the missing games are played, and the totals are the same.
        m = matches[0]
        save = os.path.join(tmp, "save")
        first, _ = run(m + ["--save", save], 2, not two_cores)
        results = sorted(os.listdir(os.path.join(save, "results")))
        assert len(results) == first["games"], results
        for name in results[::3]:
            os.remove(os.path.join(save, "results", name))
        # a half-written result, and one of the wrong types, are never read back
        with open(os.path.join(save, "results", results[1]), "w") as f:
            f.write('{"a": "ismcts:iters=60", "b": "exp')
        with open(os.path.join(save, "results", results[2]), "w") as f:
            f.write('{"a": 5, "b": null, "match": [], "arena_game": 7}')
        resumed, err = run(m + ["--save", save, "--resume"], 2, not two_cores)
        lost = len(results[::3]) + 2
        assert resumed.get("resumed") == first["games"] - lost, (resumed.get("resumed"), err)
        assert f"played the other {lost}" in err, err
        same(first, resumed, "a resumed match")
        # Another match's results in the directory are not taken for this one's: another seed, or
        # the same games collecting self-play positions that the saved ones did not.
        other, _ = run(m[:-1] + ["6", "--save", save, "--resume"])
        assert "resumed" not in other, other.get("resumed")
        other, _ = run(m + ["--save", save, "--resume", "--positions", os.path.join(tmp, "p.csv")])
        assert "resumed" not in other, other.get("resumed")
        # A rank killed in the middle of a match: mpirun stops the job, the games finished are
        # kept, and a resumed run (here on one process) plays only the others and counts the same.
        long = m[:m.index("--games") + 1] + ["8"] + m[m.index("--games") + 2:]
        clean, _ = run(long)
        save2 = os.path.join(tmp, "killed")
        cmd = [MPIRUN, "-np", "2"] + (["--oversubscribe"] if not two_cores else []) + [BGBOT, "arena"] + long + \
              ["--save", save2, "--json"]
        job = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        results_dir = os.path.join(save2, "results")
        deadline = time.time() + 300
        while time.time() < deadline and job.poll() is None:
            if os.path.isdir(results_dir) and len(os.listdir(results_dir)) >= 3:
                break
            time.sleep(0.05)
        victim = rank_process(save2, 1)
        assert victim, "rank 1 is not running"
        os.kill(victim, signal.SIGKILL)
        job.wait(timeout=120)
        assert job.returncode != 0, "mpirun went on without a rank"
        kept = len([n for n in os.listdir(results_dir) if n.endswith(".json")])
        assert 0 < kept < clean["games"], kept
        after, err = run(long + ["--save", save2, "--resume"])
        assert after.get("resumed") == kept, (after.get("resumed"), kept, err)
        same(clean, after, "a match resumed after a rank was killed")

        # What a single process cannot do with ranks is refused with the reason.
        _, err = run(m + ["--sprt", "0,20"], 2, not two_cores, expect=2)
        assert "does not spread over MPI ranks" in err, err
        print("ok: the totals of 1, 2 and 3 ranks agree; a resumed match counts the same")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
