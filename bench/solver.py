"""Benchmark of the best-route solver against plain exhaustive trail enumeration.

Run from the repository root: `python bench/solver.py` (prints Markdown; `--out bench/solver.md` also
saves it). Sets: simulated end states (`simulate.simulate_game`, 4 players per game), dense connected
states of 30–50 sections, and the adversarial full board. The baseline runs with its own time cap per
state; agreement is counted where it finishes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

# The checkout whose solver is measured: this one, or `--root DIR` (the code before a change, for `--against`).
sys.path.insert(0, sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv[:-1]
                else str(Path(__file__).resolve().parents[1]))

from companion.games.enroute.evaluation import Context
from companion.games.enroute.game import read_game
from companion.games.enroute.registry import find_board
from companion.games.enroute.search import exhaustive_best_route
from companion.games.enroute.sheet import Sheet
from companion.games.enroute.solver import solve

COLOURS = ("red", "green", "blue")


DENSE_SEED = 2024  # the dense set; bench/solver_uncapped.py rebuilds it


def simulated_states(board, count: int) -> list[tuple[Context, Sheet]]:
    """End states of simulated games, four players per game, seeds 0, 1, 2, ..."""
    from companion.games.enroute.simulate import simulate_game

    states: list[tuple[Context, Sheet]] = []
    seed = 0
    while len(states) < count:
        game = read_game(simulate_game(board, players=4, seed=seed))
        ctx = Context.of(game)
        states += [(ctx, sheet) for sheet in game.players if sheet is not None]
        seed += 1
    return states[:count]


def dense_state(board, rng: random.Random) -> tuple[Context, Sheet]:
    """A connected state of 30–50 sections grown from one point, often closing loops, with tourists."""
    size = rng.randint(30, 50)
    points = {(rng.randint(1, board.cols - 1), rng.randint(1, board.rows - 1))}
    secs: set = set()
    while len(secs) < size:
        options = sorted({(min(p, q), max(p, q)) for p in points for q in board.neighbours(p)} - secs)
        closing = [s for s in options if s[0] in points and s[1] in points]
        sec = rng.choice(closing if closing and rng.random() < 0.6 else options)
        secs.add(sec)
        points.update(sec)
    tourists = {loc: {rng.choice(COLOURS): rng.randint(1, 3)} for loc in board.locations() if rng.random() < 0.5}
    goal = tuple(rng.sample(sorted(points), 3))
    sheet = Sheet(player="dense", sections=sorted(secs), tourists=tourists, personal_goal=goal)
    return Context(board), sheet


def full_board_state(board) -> tuple[Context, Sheet]:
    """Every road drawn, tourists everywhere, the personal goal on three corners."""
    tourists = {loc: {"red": 1, "green": 1, "blue": 1} for loc in board.locations()}
    corners = ((0, 0), (board.cols, 0), (0, board.rows))
    return Context(board), Sheet(player="full", sections=sorted(board.roads), tourists=tourists,
                                 personal_goal=corners)


CITY_BOARDS = ("london-example", "rio-example", "cairo-example", "hong-kong-example")


def city_state(board, rng: random.Random) -> tuple[Context, Sheet]:
    """A world city's end state: 12–20 sections grown in two pieces (a ride may join them), tourists, remote
    tourists, ratings and coordinate marks."""
    size = rng.randint(12, 20)
    roads = sorted(board.roads)
    secs: set = set()
    points: set = set()
    for piece in range(2):
        start = rng.choice(roads)
        secs.add(start)
        points.update(start)
        target = size // 2 * (piece + 1)
        while len(secs) < target:
            options = sorted({(min(p, q), max(p, q)) for p in points for q in board.neighbours(p)} - secs)
            if not options:
                break
            sec = rng.choice(options)
            secs.add(sec)
            points.update(sec)
    tourists = {loc: {rng.choice(COLOURS): rng.randint(1, 3)} for loc in board.locations() if rng.random() < 0.3}
    remote = {f.id: {rng.choice(COLOURS): rng.randint(1, 4)} for f in board.features_of("remote_space")}
    goal = tuple(rng.sample(sorted(points), 3))
    ratings = tuple((t, rng.randint(0, len(track) - 1)) for t, track in board.ratings)
    marks = tuple((t, tuple(rng.sample(track.spaces, 3))) for t, track in board.coordinate_tracks)
    sheet = Sheet(player="city", sections=sorted(secs), tourists=tourists, personal_goal=goal, remote=remote)
    return Context(board, "full", ratings, (), marks), sheet


def new_york_state(board, rng: random.Random) -> tuple[Context, Sheet]:
    """A New York end state: ten turns of three-section lines (most joined to what is drawn, as players grow
    routes) plus a few bonus sections, 30–40 sections; tourists of four colours, a ticket, cafe-card bonuses,
    ratings, the personal goal on one half, and the two zone goals (theatre district; Grand Central, 17 PP)."""
    from companion.games.enroute.cities.new_york.play import is_line
    from companion.games.enroute.goals import GoalCard

    secs: set = set()
    for turn in range(10 + rng.randint(0, 10)):
        if turn >= 10:  # bonus sections: one anywhere near what is drawn
            options = sorted({(min(p, q), max(p, q)) for s in secs for p in s for q in board.neighbours(p)} - secs)
            secs.add(rng.choice(options))
            continue
        points = sorted({p for s in secs for p in s})
        start = rng.choice(points) if points and rng.random() < 0.8 else rng.choice(sorted(board.roads))[0]
        line: list = []
        at = start
        for _ in range(3):
            options = [(min(at, q), max(at, q)) for q in board.neighbours(at)]
            options = [s for s in options if s not in secs and s not in line and is_line(board, [*line, s])]
            if not options:
                break
            sec = rng.choice(options)
            line.append(sec)
            at = sec[0] if sec[1] == at else sec[1]
        secs.update(line)
    tourists = {loc: {rng.choice(("red", "green", "blue", "purple")): rng.randint(1, 3)}
                for loc in board.locations() if rng.random() < 0.14}
    docks = {f.id: f.points[0] for f in board.features_of("dock")}
    ticket = [rng.choice(sorted(docks))] if rng.random() < 0.5 else []
    reached = sorted({p for s in secs for p in s if board.cafe_at(p)})
    cafes = {p: rng.choice(("used", "unused")) for p in reached}
    bonus = {p: rng.choice(("pp", "section", "coordinate", "ticket", "tourists")) for p in reached}
    half = rng.choice((0, 6))
    points = sorted({p for s in secs for p in s if half <= p[0] <= half + 6}) or [(half, 0), (half + 1, 0),
                                                                                  (half + 2, 0)]
    goal = tuple(rng.sample(points, 3)) if len(points) >= 3 else ((half, 0), (half + 1, 0), (half + 2, 0))
    ratings = tuple((t, rng.randint(0, len(track) - 1)) for t, track in board.ratings)
    goals = (GoalCard("A", "Long City Walk", "route_length", "+", 18, 10, 5),
             GoalCard("B", "Theatre Season", "zone_sections", "+", 4, 10, 5, "theatre-district"),
             GoalCard("C", "Central Station", "zone_end", "+", 1, 17, 17, "grand-central"))
    sheet = Sheet(player="new-york", sections=sorted(secs), tourists=tourists, personal_goal=goal, cafes=cafes,
                  cafe_bonus=bonus, tickets=ticket, ticket_points=frozenset(docks[d] for d in ticket))
    return Context(board, "full", ratings, goals), sheet
def paris_state(board, rng: random.Random) -> tuple[Context, Sheet]:
    """A Paris end state: a city state whose sections are coloured, with one revealed tour per colour."""
    ctx, sheet = city_state(board, rng)
    sheet.colours = {sec: rng.choice(COLOURS) for sec in sheet.sections}
    tours = tuple(rng.choice([t.id for t in board.features_of("tour") if t.param("colour") == c]) for c in COLOURS)
    return Context(board, "full", ctx.ratings, (), (), tours), sheet


def run_set(name: str, states, solver_limit: float, baseline_cap: float | None) -> dict:
    """Time the solver and the capped baseline on each state (no baseline when `baseline_cap` is None); count
    agreement."""
    solver_t, cpu_t, base_t, ratios, each, walks = [], [], [], [], [], []
    finished = agree = proven = 0
    for i, (ctx, sheet) in enumerate(states):
        cpu = time.process_time()
        choice, stats = solve(ctx, sheet, solver_limit)
        cpu_t.append(time.process_time() - cpu)
        solver_t.append(stats["seconds"])
        each.append((cpu_t[-1], i, len(sheet.sections), stats["nodes"], choice.proven, stats["seconds"]))
        proven += choice.proven
        walks.append([list(p) for p in choice.walk])
        if baseline_cap is None:
            continue
        started = time.monotonic()
        base = exhaustive_best_route(ctx, sheet, baseline_cap)
        elapsed = time.monotonic() - started
        base_t.append(elapsed)
        ratios.append(elapsed / max(stats["seconds"], 1e-6))
        if base.proven:
            finished += 1
            agree += base.walk == choice.walk
    if baseline_cap is None:
        ratios, baseline_cap = [0.0], 0.0
    return {"name": name, "n": len(states), "proven": proven, "finished": finished, "agree": agree,
            "worst": sorted(each, reverse=True), "walks": walks, "cpu": cpu_t, "nodes": [e[3] for e in each],
            "median": statistics.median(solver_t), "p99": _quantile(solver_t, 0.99), "max": max(solver_t),
            "cpu_median": statistics.median(cpu_t), "cpu_p99": _quantile(cpu_t, 0.99),
            "ratio": statistics.median(ratios), "capped": len(states) - finished if base_t else 0, "cap": baseline_cap,
            "sections": statistics.median(len(s.sections) for _, s in states)}


def _quantile(values: list[float], q: float) -> float:
    """Nearest-rank quantile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def report(rows: list[dict], args: argparse.Namespace, wall: float) -> str:
    """Format the figures as Markdown."""
    lines = ["# Best-route solver benchmark", "",
             f"`python {' '.join(sys.argv)}` — Python {platform.python_version()}, {os.cpu_count()} CPUs (shared with "
             f"other work while measured), solver limit {args.limit:g} s per state, "
             + ("no baseline" if args.no_baseline else f"baseline cap 1 s per simulated state and {args.cap:g} s per "
                                                         f"dense or full-board state")
             + f", total {wall:.0f} s. Solver times are wall "
             f"clock (`solve`'s own); the CPU column is the process time of the same calls, less sensitive to "
             f"other jobs on the machine.", "",
             "| set | states | median sections | solver proven | solver median | solver p99 | solver max "
             "| solver CPU median / p99 | baseline finished (cap) | agreement | baseline/solver time (median) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        ratio = f"{r['ratio']:.0f}×" + (" (≥, baseline capped)" if r["capped"] else "")
        agree = f"{100 * r['agree'] / r['finished']:.0f} % of {r['finished']}" if r["finished"] else "—"
        base = f"| {r['finished']}/{r['n']} ({r['cap']:g} s) | {agree} | {ratio} |" if not args.no_baseline \
            else "| — | — | — |"
        lines.append(f"| {r['name']} | {r['n']} | {r['sections']:g} | {r['proven']}/{r['n']} "
                     f"| {1000 * r['median']:.1f} ms | {1000 * r['p99']:.1f} ms | {1000 * r['max']:.0f} ms "
                     f"| {1000 * r['cpu_median']:.1f} / {1000 * r['cpu_p99']:.1f} ms " + base)
    lines += ["", "Baseline: `exhaustive_best_route`, every trail of the drawn sections in every walking order. "
              "Where it hits its cap the ratio is a lower bound (cap ÷ solver time): it grows with the cap, "
              "so read it together with the solver's own times." if not args.no_baseline
              else "No baseline in this run (`--no-baseline`): the solver's times alone."]
    if args.worst:
        lines += ["", f"The {args.worst} slowest states of each set (by CPU time): state number in its set, sections, "
                  "search nodes, CPU and wall time, proven.", ""]
        for r in rows:
            worst = "; ".join(f"#{i} ({n} sections, {nodes} nodes) {1000 * cpu:.0f} ms CPU / {1000 * wall:.0f} ms"
                              + ("" if ok else " **not proven**")
                              for cpu, i, n, nodes, ok, wall in r["worst"][:args.worst])
            lines.append(f"* {r['name']}: {worst}")
    return "\n".join(lines) + "\n"


def _sets(args: argparse.Namespace) -> list:
    """The sets in order: (key, name, a function building its states, the baseline's cap per state)."""
    board = find_board("training-city")

    def simulated() -> list:
        """The training city's simulated end states (none when simulate.py is missing)."""
        try:
            return simulated_states(board, args.simulated) if args.simulated else []
        except ImportError:
            print("simulate.py not available: simulated set skipped", file=sys.stderr)
            return []

    def dense() -> list:
        """The dense states, from their own seed."""
        rng = random.Random(DENSE_SEED)
        return [dense_state(board, rng) for _ in range(args.dense)]

    def city(board_id: str, count: int, make) -> list:
        """A world city's states, from the dense seed."""
        rng = random.Random(DENSE_SEED)
        city_board = find_board(board_id)
        return [make(city_board, rng) for _ in range(count)]

    sets = [("simulated", "simulated end states", simulated, 1.0),
            ("dense", "dense, 30–50 sections", dense, args.cap),
            ("full", "full board (84 sections)", lambda: [full_board_state(board)] if args.dense else [], args.cap)]
    for board_id in CITY_BOARDS:
        key = board_id.removesuffix("-example")
        sets.append((key, f"{find_board(board_id).name}, 12–20 sections",
                     lambda b=board_id: city(b, args.cities, city_state), 1.0))
    sets.append(("new-york", "New York, 30–40 sections, zone goals",
                 lambda: city("new-york-example", args.new_york, new_york_state), 1.0))
    paris = find_board("paris-example")
    sets.append(("paris-coloured", f"{paris.name}, 12–20 coloured sections",
                 lambda: city("paris-example", args.paris, paris_state), 1.0))
    sets.append(("paris-simulated", f"{paris.name}, simulated end states",
                 lambda: simulated_states(paris, args.paris) if args.paris else [], 1.0))
    return sets


def _before(args: argparse.Namespace, key: str) -> dict:
    """One set solved by the `--against` checkout's solver in a child process (this script, `--root` there)."""
    argv = [sys.executable, __file__, "--root", args.against, "--only", key, "--json", "--no-baseline",
            "--simulated", str(args.simulated), "--dense", str(args.dense), "--limit", str(args.limit),
            "--cities", str(args.cities), "--new-york", str(args.new_york), "--paris", str(args.paris)]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return json.loads(out)[0]


def comparison(rows: list[dict], against: str) -> list[str]:
    """The before/after table of an `--against` run: CPU median and p99, proven states, search nodes, the slowest
    state, and whether both give the same walk on every state."""
    lines = ["", f"Before (`--against {against}`, solved in a child process right after each set) → after (this "
             "checkout), CPU time per state:", "",
             "| set | proven before → after | CPU median before → after | CPU p99 before → after | p99 ratio "
             "| nodes (sum) before → after | slowest state before → after | same walk as before |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        b = r["before"]
        same = sum(x == y for x, y in zip(r["walks"], b["walks"], strict=True))
        slow_a, slow_b = r["worst"][0], b["worst"][0]
        lines.append(
            f"| {r['name']} | {b['proven']}/{b['n']} → {r['proven']}/{r['n']} "
            f"| {1000 * b['cpu_median']:.1f} → {1000 * r['cpu_median']:.1f} ms "
            f"| {1000 * b['cpu_p99']:.1f} → {1000 * r['cpu_p99']:.1f} ms | {b['cpu_p99'] / r['cpu_p99']:.1f}× "
            f"| {sum(b['nodes']):,} → {sum(r['nodes']):,} "
            f"| #{slow_b[1]} {1000 * slow_b[0]:.0f} ms → #{slow_a[1]} {1000 * slow_a[0]:.0f} ms "
            f"| {same}/{r['n']} |")
    return lines


def main() -> None:
    """Run the three sets and print (and optionally save) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulated", type=int, default=1000, help="simulated end states (default 1000)")
    parser.add_argument("--dense", type=int, default=20, help="dense states (default 20)")
    parser.add_argument("--limit", type=float, default=60.0, help="solver time limit per state, seconds")
    parser.add_argument("--cap", type=float, default=20.0,
                        help="baseline time cap per dense and full-board state, seconds (default 20)")
    parser.add_argument("--cities", type=int, default=50, help="states per world city (default 50)")
    parser.add_argument("--new-york", type=int, default=50, help="New York states, 30–40 sections (default 50)")
    parser.add_argument("--paris", type=int, default=50, help="Paris states (default 50)")
    parser.add_argument("--no-baseline", action="store_true", help="time the solver alone (no exhaustive search)")
    parser.add_argument("--worst", type=int, default=0, help="list this many slowest states of each set")
    parser.add_argument("--out", help="also write the Markdown here")
    parser.add_argument("--against", help="a checkout of the code before a change: each set is also solved by its "
                                           "solver (a child process, right after this one's) and compared")
    parser.add_argument("--root", help="measure the solver of this checkout instead of this one (used by --against)")
    parser.add_argument("--only", help="only these sets (comma-separated keys: simulated, dense, full, london, rio, "
                                       "cairo, hong-kong, new-york, paris-coloured, paris-simulated)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON (used by --against)")
    args = parser.parse_args()

    def cap(seconds: float) -> float | None:
        """The baseline's cap, or None without a baseline."""
        return None if args.no_baseline else seconds

    started = time.monotonic()
    rows = []
    for key, name, build, cap_s in _sets(args):
        if args.only and key not in args.only.split(","):
            continue
        states = build()
        if not states:
            continue
        row = run_set(name, states, args.limit, cap(cap_s))
        row["key"] = key
        if args.against:
            row["before"] = _before(args, key)
        rows.append(row)
    if args.json:
        print(json.dumps(rows))
        return
    text = report(rows, args, time.monotonic() - started)
    if args.against:
        text += "\n".join(comparison(rows, args.against)) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
