"""The first score page of a finished En Route table: how long the table waits for it, with and without the
route warm-up (each saved sheet's best-route search queued in the background, `ROUTE_WARM`).

Run from the repository root: `python bench/first_score_page.py [--games 6] [--gap 3] [--think 1] [boards...]`.
For each board and seed, a simulated game (`simulate_game`, 2–4 players) becomes a table; its players save their
sheets through the sheet page one after another, `--gap` seconds apart (players at a real table take longer),
and `--think` seconds after the last save the score page is opened. The same games are played twice in one run,
by two app servers on fresh databases (each served one score page before): one with the warm-up off (the page
searches what it needs, within `SOLVER_INLINE_LIMIT`), one with it on. Reported per board: median and p99 of the
first score page's answer time, and how many were progress pages (a search still running: the page answers at once
and follows the job).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.enroute.board import board_to_json
from companion.games.enroute.registry import find_board
from companion.games.enroute.simulate import simulate_game
from companion.web.core.app import create_app

BOARDS = ("training-city", "cairo-example", "london-example", "paris-example", "rio-example", "hong-kong-example",
          "new-york-example")
COLOURS = ("red", "blue", "green", "yellow")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def make_app(warm: bool):
    """An app server as in production (one solver thread), on its own fresh database."""
    folder = Path(tempfile.mkdtemp())
    return create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "PUBLIC_URL": "http://bench.invalid",
                       "RATELIMIT_ENABLED": False, "ROUTE_WORKERS": 1, "ROUTE_WARM": warm,
                       "DATABASE": str(folder / "b.sqlite"), "BOARD_LIBRARY": str(folder / "boards")})


def first_page(app, board_id: str, seed: int, gap: float, think: float) -> tuple[float, bool]:
    """Play one table; return the first score page's seconds and whether it was a progress page."""
    from companion.web.enroute import table_store as db

    board = find_board(board_id)
    players = 2 + seed % 3
    doc = simulate_game(board, players, seed, ("simplified", "intermediate", "full")[seed % 3])
    client = app.test_client()
    with app.app_context():
        seats = [{"name": p["player"], "colour": COLOURS[i], "sheet": {}} for i, p in enumerate(doc["players"])]
        token = db.create_table(board.id, board_to_json(board), doc["level"], "en", doc["ratings"], doc["goals"],
                                seats)
    for seat, sheet in enumerate(doc["players"]):
        response = client.post(f"/tables/{token}/players/{seat}",
                               data={"sheet": json.dumps(sheet), "version": "0", "route_mode": "best",
                                     "player_board": str(sheet.get("player_board", 1))})
        if response.status_code != 302:
            raise SystemExit(f"{board_id} seed {seat}: the save answered {response.status_code}")
        time.sleep(gap if seat < len(doc["players"]) - 1 else think)
    start = time.perf_counter()
    page = client.get(f"/tables/{token}/score")
    seconds = time.perf_counter() - start
    if page.status_code not in (200, 202):
        raise SystemExit(f"{board_id} seed {seed}: the score page answered {page.status_code}")
    return seconds, page.status_code == 202


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per board")
    parser.add_argument("--gap", type=float, default=3.0, help="seconds between two players' saves")
    parser.add_argument("--think", type=float, default=1.0, help="seconds from the last save to the score page")
    parser.add_argument("boards", nargs="*", default=BOARDS)
    args = parser.parse_args()
    apps = {warm: make_app(warm) for warm in (False, True)}
    for app in apps.values():  # a server that has served a score page before (templates compiled, boards read)
        first_page(app, "training-city", 0, 0, 0)
    print("| board | games | off: median | off: p99 | off: progress pages | warm: median | warm: p99 "
          "| warm: progress pages | median ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for board_id in args.boards:
        results = {False: [], True: []}
        for seed in range(args.games):
            for warm in (False, True):  # interleaved, so both meet the same machine load
                results[warm].append(first_page(apps[warm], board_id, seed, args.gap, args.think))
        cells = []
        for warm in (False, True):
            times = [1000 * s for s, _progress in results[warm]]
            cells += [f"{statistics.median(times):.0f} ms", f"{_p99(times):.0f} ms",
                      str(sum(1 for _s, progress in results[warm] if progress))]
        ratio = statistics.median(s for s, _ in results[False]) / statistics.median(s for s, _ in results[True])
        print(f"| {board_id} | {args.games} | " + " | ".join(cells) + f" | {ratio:.1f}× |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
