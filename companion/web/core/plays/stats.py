"""Statistics of a group's plays as pure functions (no Flask, no database): known plays in, numbers out.

A play is a `companion-plays` play document (docs/plays-format.md): `game`, `date` (ISO), `players` (each
`name`, `total`, `rank`, `rows` {row key: points}, optional `facts` {name: count}), `rows` (the game's row
keys in sheet order). Players are compared by `key(name)` (the caller passes the group's name matching:
case, spacing and merges).

- Rank 1 is a win; players sharing rank 1 each win (a shared first place is a win for each).
- A removed player (empty name) is never counted, but the others' ranks in that play stand.
- Win rate is wins / plays (0 plays: None). Averages are over the plays where the value exists (None: none).
- Streaks are consecutive plays in date order (ties in date keep the given order): the longest run of wins,
  and the current run (wins or non-wins) at the end.
- Head-to-head: over plays both players are in, who ranked better (lower rank); equal ranks are ties.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

NUMBERS = (int, float)


def _ident(name: str) -> str:
    """The default player key: the name itself."""
    return name


def ordered(plays: Iterable[dict]) -> list[dict]:
    """The plays in date order (a stable sort: plays on one date keep their given order)."""
    return sorted(plays, key=lambda p: p.get("date") or "")


def _entry(play: dict, who: str, key: Callable[[str], str]) -> dict | None:
    """The player's entry in a play, or None when they were not in it (an entry's precomputed `key`, when the
    caller gave one, stands for `key(name)`)."""
    for p in play.get("players", []):
        if p.get("name") and (p["key"] if "key" in p else key(p["name"])) == who:
            return p
    return None


@dataclass
class PlayerStats:
    """One player's numbers over a set of plays."""

    plays: int = 0
    wins: int = 0
    win_rate: float | None = None
    average: float | None = None
    best: int | None = None
    best_play: str | None = None  # the id of the play of the best score (the first one reached)
    row_averages: dict[str, float] = field(default_factory=dict)
    fact_averages: dict[str, float] = field(default_factory=dict)  # e.g. tickets completed, longest path
    fact_bests: dict[str, int] = field(default_factory=dict)
    longest_streak: int = 0
    current_streak: int = 0  # positive: wins in a row at the end; negative: non-wins in a row
    series: list[tuple[str, int]] = field(default_factory=list)  # (date, total) in date order


def player_stats(plays: Iterable[dict], who: str, key: Callable[[str], str] = _ident) -> PlayerStats:
    """A player's plays, wins, win rate, average and best, per-row averages, streaks and score over time."""
    return all_player_stats(plays, key, only=who).get(who, PlayerStats())


def all_player_stats(plays: Iterable[dict], key: Callable[[str], str] = _ident,
                     only: str | None = None, rows_too: bool = True) -> dict[str, PlayerStats]:
    """Every player's `PlayerStats` (by key) in one pass over the plays (`only`: just that player;
    `rows_too` False: row and fact averages left empty, for pages that do not show them)."""
    found: dict[str, PlayerStats] = {}
    acc: dict[str, tuple[list[int], dict[str, list], dict[str, list], list[int]]] = {}
    for play in ordered(plays):
        seen = set()
        for entry in play.get("players", []):
            if not entry.get("name"):
                continue
            k = entry["key"] if "key" in entry else key(entry["name"])
            if (only is not None and k != only) or k in seen:
                continue
            seen.add(k)
            out = found.setdefault(k, PlayerStats())
            totals, rows, facts, run = acc.setdefault(k, ([], {}, {}, [0]))
            out.plays += 1
            won = entry.get("rank") == 1
            out.wins += won
            run[0] = (max(run[0], 0) + 1) if won else (min(run[0], 0) - 1)
            out.longest_streak = max(out.longest_streak, run[0])
            total = entry.get("total")
            if isinstance(total, int) and not isinstance(total, bool):
                totals.append(total)
                out.series.append((play.get("date") or "", total))
                if out.best is None or total > out.best:
                    out.best, out.best_play = total, play.get("id")
            if not rows_too:
                continue
            for row, value in (entry.get("rows") or {}).items():
                if type(value) in NUMBERS:  # (not a bool: `type`, not isinstance; the page's hot loop)
                    rows.setdefault(row, []).append(value)
            for fact, value in (entry.get("facts") or {}).items():
                if type(value) is int:
                    facts.setdefault(fact, []).append(value)
    for k, out in found.items():
        totals, rows, facts, run = acc[k]
        out.current_streak = run[0]
        out.win_rate = out.wins / out.plays
        out.average = sum(totals) / len(totals) if totals else None
        out.row_averages = {row: sum(v) / len(v) for row, v in rows.items()}
        out.fact_averages = {f: sum(v) / len(v) for f, v in facts.items()}
        out.fact_bests = {f: max(v) for f, v in facts.items()}
    return found


def players(plays: Iterable[dict], key: Callable[[str], str] = _ident) -> dict[str, str]:
    """Every player key in the plays with the name first seen for it (removed players left out)."""
    found: dict[str, str] = {}
    for play in ordered(plays):
        for p in play.get("players", []):
            if p.get("name"):
                found.setdefault(p["key"] if "key" in p else key(p["name"]), p["name"])
    return found


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the plays they both were in."""

    together: int
    a_ahead: int
    b_ahead: int
    ties: int


def head_to_head(plays: Iterable[dict], a: str, b: str, key: Callable[[str], str] = _ident) -> HeadToHead:
    """How often `a` ranked ahead of `b`, behind, or level, over the plays both were in."""
    together = a_ahead = b_ahead = ties = 0
    for play in plays:
        ea, eb = _entry(play, a, key), _entry(play, b, key)
        if ea is None or eb is None or ea is eb:
            continue
        together += 1
        ra, rb = ea.get("rank"), eb.get("rank")
        if not isinstance(ra, int) or not isinstance(rb, int) or ra == rb:
            ties += 1
        elif ra < rb:
            a_ahead += 1
        else:
            b_ahead += 1
    return HeadToHead(together, a_ahead, b_ahead, ties)


def head_to_heads(plays: Iterable[dict], who: str, key: Callable[[str], str] = _ident) -> dict[str, HeadToHead]:
    """`head_to_head(plays, who, other)` for every other player at once (one pass), by the other's key."""
    counts: dict[str, list[int]] = {}
    for play in plays:
        mine = _entry(play, who, key)
        if mine is None:
            continue
        seen = {who}
        for entry in play.get("players", []):
            if not entry.get("name"):
                continue
            k = entry["key"] if "key" in entry else key(entry["name"])
            if k in seen:
                continue
            seen.add(k)
            c = counts.setdefault(k, [0, 0, 0, 0])
            c[0] += 1
            ra, rb = mine.get("rank"), entry.get("rank")
            if not isinstance(ra, int) or not isinstance(rb, int) or ra == rb:
                c[3] += 1
            elif ra < rb:
                c[1] += 1
            else:
                c[2] += 1
    return {k: HeadToHead(*c) for k, c in counts.items()}


def game_counts(plays: Iterable[dict]) -> dict[str, int]:
    """How many plays of each game, most played first (equal counts by game id)."""
    counts: dict[str, int] = {}
    for play in plays:
        counts[play.get("game", "")] = counts.get(play.get("game", ""), 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def variant_counts(plays: Iterable[dict], who: str | None = None,
                   key: Callable[[str], str] = _ident) -> dict[str, int]:
    """How many plays of each variant (En Route's city, Welcome To...'s mode, the ticket set), most first;
    with `who`, only the plays that player was in. Plays without a variant are left out."""
    counts: dict[str, int] = {}
    for play in plays:
        variant = play.get("variant")
        if not variant or (who is not None and _entry(play, who, key) is None):
            continue
        counts[variant] = counts.get(variant, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def leaderboard(plays: list[dict], key: Callable[[str], str] = _ident) -> list[tuple[str, str, PlayerStats]]:
    """Every player's stats (key, name, stats; no row or fact averages), most wins first, then best win rate,
    then name."""
    every = all_player_stats(plays, key, rows_too=False)
    board = [(k, name, every[k]) for k, name in players(plays, key).items()]
    return sorted(board, key=lambda t: (-t[2].wins, -(t[2].win_rate or 0), t[1].casefold()))
