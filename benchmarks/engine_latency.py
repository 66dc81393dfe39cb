"""Latency of one move request: a warm ``sixtysix engine`` against a fresh ``sixtysix hint`` call.

Run:  .venv/bin/python benchmarks/engine_latency.py [--requests 20] [--time 0.2] [--bot master]

Both answer the same record (a Sixty-Six hand in progress, seat 0 to act) with the same bot and
thinking time; the engine is started once and asked ``--requests`` times, ``sixtysix hint`` is
started once per request. Prints the median and 90th percentile wall-clock time per answer, and
the same with the ``casual`` player without values (no search: the pure overhead).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import header

RECORD = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": ["play AD"]}]}
"""Seat 1 to follow seat 0's lead: several legal actions, nothing exact yet."""


def sixtysix() -> list[str]:
    exe = Path(sys.executable).with_name("sixtysix")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "sixtysix.cli"]


def engine_times(n: int, request: dict[str, object]) -> list[float]:
    proc = subprocess.Popen([*sixtysix(), "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    json.loads(proc.stdout.readline())  # the greeting: the engine is up
    times = []
    for i in range(n):
        start = time.perf_counter()
        proc.stdin.write(json.dumps(dict(request, id=i)) + "\n")
        proc.stdin.flush()
        answer = json.loads(proc.stdout.readline())
        times.append(time.perf_counter() - start)
        assert "action" in answer, answer
    proc.stdin.write('{"cmd": "quit"}\n')
    proc.stdin.flush()
    proc.wait(timeout=30)
    return times


def hint_times(n: int, args: list[str]) -> list[float]:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(RECORD, f)
    times = []
    for _ in range(n):
        start = time.perf_counter()
        out = subprocess.run([*sixtysix(), "hint", f.name, "--json", *args], capture_output=True,
                             text=True, check=True)
        times.append(time.perf_counter() - start)
        assert "action" in json.loads(out.stdout), out.stdout
    Path(f.name).unlink()
    return times


def show(label: str, times: list[float]) -> None:
    q = statistics.quantiles(times, n=10) if len(times) > 1 else times * 9
    print(f"{label:<58} median {statistics.median(times) * 1000:8.1f} ms   "
          f"p90 {q[-1] * 1000:8.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=20)
    ap.add_argument("--time", type=float, default=0.2)
    ap.add_argument("--bot", default="master")
    args = ap.parse_args()
    print(header())
    n = args.requests
    show(f"engine, warm, {args.bot} --time {args.time}",
         engine_times(n, {"record": RECORD, "bot": args.bot, "time": args.time}))
    show(f"sixtysix hint --json --bot {args.bot} --time {args.time}, fresh",
         hint_times(n, ["--bot", args.bot, "--time", str(args.time)]))
    show("engine, warm, casual without values (overhead only)",
         engine_times(n, {"record": RECORD, "bot": "casual", "values": False}))
    show("sixtysix hint --json --bot casual --time 0.01, fresh",
         hint_times(n, ["--bot", "casual", "--time", "0.01"]))


if __name__ == "__main__":
    main()
