"""Scoring throughput of En Route game documents: the CLI path, the CLI as a process, and the JSON API.

Run from the repository root (the `companion` package is imported from the current folder, so the same
script measures any checkout):

    python bench/documents.py                 # 300 runs per document, 40 CLI processes
    python bench/documents.py --runs 50 --processes 10

Three measurements, each as the median and the 99th percentile of single calls in milliseconds, and the
documents per second the median allows:

- `cli-path`: `companion.games.registry.score_document` on each `tests/games/enroute/games/*.json`
  (what `python -m companion score` does after reading the file), in this process, after warm-up;
- `cli-process`: `python -m companion score tests/games/enroute/games/rulebook-example.json` as a
  subprocess: start-up, imports, reading, scoring and printing;
- `api`: `POST /api/score` with each document through the Flask test client.
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
from pathlib import Path

ROOT = Path.cwd()
GAMES = ROOT / "tests" / "games" / "enroute" / "games"
EXAMPLE = GAMES / "rulebook-example.json"
sys.path.insert(0, str(ROOT))


def game_files() -> list[Path]:
    """Return the known-answer game documents."""
    return sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json"))


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


def summary(label: str, times: list[float]) -> dict:
    """Return the median, the 99th percentile and the throughput of a list of timings."""
    p99 = statistics.quantiles(times, n=100, method="inclusive")[98] if len(times) > 1 else times[0]
    median = statistics.median(times)
    return {"case": label, "runs": len(times), "median_ms": median, "p99_ms": p99, "per_s": 1000 / median}


def bench_cli_path(runs: int) -> list[dict]:
    """Time `score_document` on each game file, and on all of them in a row."""
    from companion.games.core.engine import ScoreOptions
    from companion.games.registry import score_document

    docs = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in game_files()}
    options = ScoreOptions()
    rows = [summary(f"cli-path {name}", timed(lambda d=doc: score_document(d, options), runs))
            for name, doc in docs.items()]
    every = list(docs.values())
    rows.append(summary(f"cli-path all {len(every)} files",
                        timed(lambda: [score_document(d, options) for d in every], runs)))
    return rows


def bench_cli_process(runs: int) -> list[dict]:
    """Time `python -m companion score` on the rulebook example as a whole process."""
    command = [sys.executable, "-m", "companion", "score", str(EXAMPLE.relative_to(ROOT))]

    def once() -> None:
        """Run the command once; it must score the example (exit 0)."""
        done = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode()[-500:]}")

    return [summary("cli-process rulebook-example", timed(once, runs, warmup=2))]


def bench_api(runs: int) -> list[dict]:
    """Time `POST /api/score` with each game file through the Flask test client."""
    from companion.web.core.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "DATABASE": str(Path(tmp) / "bench.sqlite"), "BOARD_LIBRARY": str(Path(tmp) / "boards")})
        client = app.test_client()
        rows = []
        for path in game_files():
            body = path.read_bytes()

            def once(body: bytes = body, name: str = path.name) -> None:
                """Post one document; it must be scored (200)."""
                response = client.post("/api/score", data=body, content_type="application/json")
                if response.status_code != 200:
                    raise SystemExit(f"/api/score answered {response.status_code} for {name}")

            rows.append(summary(f"api {path.stem}", timed(once, runs)))
        return rows


def describe() -> str:
    """Name the checkout and the machine the figures come from."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=False).stdout.strip() or "no git"
    except OSError:
        commit = "no git"
    try:
        import pydantic
        versions = f"pydantic {pydantic.VERSION}"
    except ImportError:
        versions = "no pydantic"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{ROOT} (commit {commit}), Python {platform.python_version()}, {versions}, "
            f"{os.cpu_count()} CPUs, load average {load}")


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print a table (and JSON, when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300, help="timed calls per document (default 300)")
    parser.add_argument("--processes", type=int, default=40, help="timed CLI processes (default 40)")
    parser.add_argument("--only", choices=("cli-path", "cli-process", "api"), action="append",
                        help="run only these measurements (repeatable)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    chosen = args.only or ["cli-path", "cli-process", "api"]
    print(describe())
    rows: list[dict] = []
    if "cli-path" in chosen:
        rows += bench_cli_path(args.runs)
    if "cli-process" in chosen:
        rows += bench_cli_process(args.processes)
    if "api" in chosen:
        rows += bench_api(args.runs)
    print(f"{'case':40} {'runs':>5} {'median ms':>10} {'p99 ms':>9} {'per s':>8}")
    for row in rows:
        print(f"{row['case']:40} {row['runs']:5d} {row['median_ms']:10.3f} {row['p99_ms']:9.3f} {row['per_s']:8.0f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"where": describe(), "rows": rows}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
