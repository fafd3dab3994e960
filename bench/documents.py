"""Scoring throughput of En Route game documents: the CLI path, the CLI as a process, and the JSON API.

Run from the repository root (the `companion` package is imported from the current folder, so the same
script measures any checkout):

    python bench/documents.py                          # this checkout: 300 calls per case, 40 CLI processes
    python bench/documents.py --against ../base-tree   # this checkout and another, interleaved

Three measurements, each as the median and the 99th percentile of single calls in milliseconds, and the
documents per second the median allows:

- `cli-path`: `companion.games.registry.score_document` on each `tests/games/enroute/games/*.json`
  (what `python -m companion score` does after reading the file), in one process, after warm-up;
- `cli-process`: `python -m companion score tests/games/enroute/games/rulebook-example.json` as a
  subprocess: start-up, imports, reading, scoring and printing; and the same once `pydantic` (the shared
  document core) is loaded first, as it is when another game's package has loaded it;
- `api`: `POST /api/score` with each document through the Flask test client.

On a shared machine the load of other jobs moves every figure. `--against` therefore runs both
checkouts side by side: one worker process per checkout, asked in turns for batches of calls (and
the CLI processes alternate too), so both see the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

ROOT = Path.cwd()
GAMES = Path("tests") / "games" / "enroute" / "games"
EXAMPLE = GAMES / "rulebook-example.json"
sys.path.insert(0, str(ROOT))


def game_files(root: Path = ROOT) -> list[Path]:
    """Return the known-answer game documents."""
    return sorted(p for p in (root / GAMES).glob("*.json") if not p.name.endswith(".expect.json"))


def timed(call: Callable[[], object], runs: int, warmup: int = 5) -> list[float]:
    """Return the milliseconds of `runs` calls after `warmup` untimed ones."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(times: list[float]) -> dict:
    """Return the median, the 99th percentile and the throughput of a list of timings."""
    p99 = statistics.quantiles(times, n=100, method="inclusive")[98] if len(times) > 1 else times[0]
    median = statistics.median(times)
    return {"runs": len(times), "median_ms": median, "p99_ms": p99, "per_s": 1000 / median}


def build_cases(stack: ExitStack) -> dict[str, Callable[[], object]]:
    """Return every in-process case by name: the CLI path and the API for each document."""
    from companion.games.core.engine import ScoreOptions
    from companion.games.registry import score_document
    from companion.web.core.app import create_app

    docs = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in game_files()}
    options = ScoreOptions()
    cases: dict[str, Callable[[], object]] = {
        f"cli-path {name}": (lambda d=doc: score_document(d, options)) for name, doc in docs.items()}
    every = list(docs.values())
    cases[f"cli-path all {len(every)} files"] = lambda: [score_document(d, options) for d in every]
    tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp / "bench.sqlite"), "BOARD_LIBRARY": str(tmp / "boards")})
    client = app.test_client()
    for path in game_files():
        def once(body: bytes = path.read_bytes(), name: str = path.name) -> None:
            """Post one document; it must be scored (200)."""
            response = client.post("/api/score", data=body, content_type="application/json")
            if response.status_code != 200:
                raise SystemExit(f"/api/score answered {response.status_code} for {name}")
        cases[f"api {path.stem}"] = once
    return cases


# `python -m companion` after importing the shared document core (pydantic), as a process does once another
# game's package has loaded it: on main the registry imports every game, and some read documents with pydantic.
PRELOADED = ("import runpy, sys\nimport companion.games.core.schema\n"
             "runpy.run_module('companion', run_name='__main__', alter_sys=True)")
PROCESSES = {"cli-process rulebook-example": ["-m", "companion"],
             "cli-process, pydantic loaded first": ["-c", PRELOADED]}


def cli_once(root: Path, how: str = "cli-process rulebook-example") -> float:
    """Run `python -m companion score` on the rulebook example in a checkout; return its milliseconds."""
    command = [sys.executable, *PROCESSES[how], "score", str(EXAMPLE)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=root, capture_output=True, check=False)
    took = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} in {root} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return took


def worker() -> int:
    """Serve batches of timed calls: read `{"case": ..., "runs": n}` lines, answer the list of milliseconds."""
    with ExitStack() as stack:
        cases = build_cases(stack)
        print(json.dumps(list(cases)), flush=True)
        warm: set[str] = set()
        for line in sys.stdin:
            ask = json.loads(line)
            call = cases[ask["case"]]
            times = timed(call, ask["runs"], warmup=0 if ask["case"] in warm else 5)
            warm.add(ask["case"])
            print(json.dumps(times), flush=True)
    return 0


def measure_here(runs: int, processes: int) -> dict[str, dict]:
    """Measure this checkout alone."""
    figures = {}
    with ExitStack() as stack:
        for name, call in build_cases(stack).items():
            figures[name] = summary(timed(call, runs))
    for how in PROCESSES:
        for _ in range(2):
            cli_once(ROOT, how)
        figures[how] = summary([cli_once(ROOT, how) for _ in range(processes)])
    return figures


def measure_against(other: Path, runs: int, processes: int, batch: int) -> dict[str, dict[str, dict]]:
    """Measure this checkout and another in turns; return the figures per checkout."""
    roots = {"before": other.resolve(), "after": ROOT}
    script = Path(__file__).resolve()
    workers = {side: subprocess.Popen([sys.executable, str(script), "--worker"], cwd=root, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)
               for side, root in roots.items()}
    names = [json.loads(w.stdout.readline()) for w in workers.values()]
    times: dict[str, dict[str, list[float]]] = {side: {} for side in roots}
    try:
        for name in (n for n in names[0] if n in names[1]):
            for turn in range(max(1, runs // batch)):
                for side in (("before", "after") if turn % 2 == 0 else ("after", "before")):
                    workers[side].stdin.write(json.dumps({"case": name, "runs": batch}) + "\n")
                    workers[side].stdin.flush()
                    times[side].setdefault(name, []).extend(json.loads(workers[side].stdout.readline()))
    finally:
        for w in workers.values():
            w.stdin.close()
            w.wait()
    for how in PROCESSES:
        for root in roots.values():
            cli_once(root, how)
        for turn in range(processes):
            for side in (("before", "after") if turn % 2 == 0 else ("after", "before")):
                times[side].setdefault(how, []).append(cli_once(roots[side], how))
    return {side: {name: summary(t) for name, t in cases.items()} for side, cases in times.items()}


def describe(root: Path) -> str:
    """Name a checkout and the machine the figures come from."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                            check=False).stdout.strip() or "not a git checkout"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{root} ({commit}), Python {platform.python_version()}, {os.cpu_count()} CPUs, load average {load}"


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print a table (and JSON, when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300, help="timed calls per case (default 300)")
    parser.add_argument("--processes", type=int, default=40, help="timed CLI processes (default 40)")
    parser.add_argument("--against", type=Path, help="another checkout to measure in turns with this one")
    parser.add_argument("--batch", type=int, default=20, help="calls per turn with --against (default 20)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    if args.against is None:
        print(describe(ROOT))
        figures = measure_here(args.runs, args.processes)
        print(f"{'case':34} {'runs':>5} {'median ms':>10} {'p99 ms':>9} {'per s':>8}")
        for name, f in figures.items():
            print(f"{name:34} {f['runs']:5d} {f['median_ms']:10.3f} {f['p99_ms']:9.3f} {f['per_s']:8.0f}")
    else:
        print("before:", describe(args.against.resolve()))
        print("after: ", describe(ROOT))
        figures = measure_against(args.against, args.runs, args.processes, args.batch)
        before, after = figures["before"], figures["after"]
        print(f"{'case':34} {'runs':>5} {'before median':>13} {'p99':>8} {'after median':>12} {'p99':>8}"
              f" {'throughput':>10}")
        for name in before:
            b, a = before[name], after[name]
            print(f"{name:34} {a['runs']:5d} {b['median_ms']:13.3f} {b['p99_ms']:8.3f} {a['median_ms']:12.3f}"
                  f" {a['p99_ms']:8.3f} {a['per_s'] / b['per_s'] - 1:+10.0%}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
