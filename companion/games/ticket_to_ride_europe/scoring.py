"""Final scoring: `ttr-europe-game/1` in, `ttr-europe-score/1` out.

Rows: route points (recounted), tickets (+ completed, − failed, with the best
station borrowing), 4 per station not built, and the European Express (10 for
every player whose longest trail of own routes is the longest at the table).
Ranks by total, then most completed tickets, then fewest stations built, then
the European Express; still tied = shared rank.

A player with an error is not scored (their rows, total and rank are null) and
takes no part in the European Express or the ranks of the others; a problem of
the whole game (the number of players, the variant) is an error of every player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.engine import ScoreOptions
from ..core.problems import N_, Problem, has_errors, warning
from .checks import HeldTicket, check_players, held_tickets
from .data import EXPRESS_POINTS, STATION_POINTS, STATIONS, Board, board
from .express import Trail, longest_trail
from .model import SCORE_FORMAT, PlayerIn, raw_name, read_document
from .tickets import TicketResult, best_tickets


@dataclass
class PlayerScore:
    """One player's line of the score sheet, with what a page may want to draw."""

    player: str
    path: str  # players[i]
    problems: list[Problem]
    rows: dict[str, int] | None = None
    trains: int | None = None
    express: Trail | None = None  # one longest trail; its edges index `routes`
    routes: tuple[int, ...] = ()  # the player's routes, each once, in their order
    stations: tuple[str, ...] = ()
    tickets: TicketResult | None = None
    held: list[HeldTicket] = field(default_factory=list)  # per ticket, in the player's order
    total: int | None = None
    rank: int | None = None

    @property
    def scored(self) -> bool:
        """Tell whether the player has no error and so has rows."""
        return self.rows is not None

    @property
    def express_routes(self) -> tuple[int, ...]:
        """The route ids of the longest trail, in travel order."""
        return tuple(self.routes[e] for e in self.express.edges) if self.express else ()

    def to_json(self) -> dict:
        """Write the `players[]` item of `ttr-europe-score/1`."""
        out: dict[str, Any] = {"player": self.player, "rows": self.rows, "trains": self.trains,
                               "longest_path": self.express.length if self.express else None}
        if self.scored:
            t = self.tickets
            out.update(tickets_completed=t.count, tickets_failed=len(t.completed) - t.count,
                       stations_built=len(self.stations),
                       borrowed=[{"city": c, "borrows": b} for c, b in zip(self.stations, t.borrowed)],
                       tickets_detail=[{"from": h.city_from, "to": h.city_to, "points": h.points, "completed": done}
                                       for h, done in zip(self.held, t.completed)])
        else:
            out.update(tickets_completed=None, tickets_failed=None, stations_built=None, borrowed=None,
                       tickets_detail=None)
        out.update(total=self.total, rank=self.rank, problems=[p.to_json() for p in self.problems])
        return out


def _mine(problems: list[Problem], i: int) -> list[Problem]:
    """The game-wide problems plus those under `players[i]`."""
    prefix = f"players[{i}]"
    return [p for p in problems if not p.path.startswith("players[")
            or p.path == prefix or p.path.startswith((prefix + ".", prefix + "["))]


def _score_player(b: Board, variant: str, p: PlayerIn, claimed: dict[int, int], out: PlayerScore) -> None:
    """Fill the rows of a player without errors (the European Express comes after, across the table)."""
    routes = tuple(dict.fromkeys(p.routes))
    out.routes = routes
    out.trains = sum(b.routes[r].length for r in routes)
    route_points = sum(b.points_of(r) for r in routes)
    out.stations = tuple(s.city for s in p.stations)
    out.held = held_tickets(b, variant, p)
    out.tickets = best_tickets(b, routes, [(s.city, s.borrows) for s in p.stations], claimed, out.held)
    out.express = longest_trail([(b.routes[r].city_a, b.routes[r].city_b, b.routes[r].length) for r in routes])
    out.rows = {"routes": route_points, "tickets": out.tickets.points,
                "stations": STATION_POINTS * (STATIONS - len(p.stations)), "european_express": 0}
    if p.score_track is not None and p.score_track != route_points:
        out.problems.append(warning("score-track-mismatch", f"{out.path}.score_track",
                                    N_("The score track shows {track}, but the claimed routes give {recount} "
                                       "points."), track=p.score_track, recount=route_points))


def score_table(doc: Any) -> tuple[list[PlayerScore], list[Problem]]:
    """Score a game document: every player's line and the game-wide problems.

    Raises `NotAGameDocument` when the input is not a `ttr-europe-game/1` document.
    """
    b = board()
    variant, players, problems = read_document(doc)
    problems.extend(check_players(b, variant, players))
    claimed = {rid: i for i, p in enumerate(players) if p is not None for rid in p.routes if rid is not None}
    lines: list[PlayerScore] = []
    for i, p in enumerate(players):
        mine = _mine(problems, i)
        line = PlayerScore(p.player if p and p.player else raw_name(doc["players"][i], i), f"players[{i}]", mine)
        if p is not None and variant is not None and not has_errors(mine):
            _score_player(b, variant, p, claimed, line)
        lines.append(line)
    _award_express(lines)
    _rank(lines)
    return lines, [p for p in problems if not p.path.startswith("players[")]


def _award_express(lines: list[PlayerScore]) -> None:
    """Give 10 to every scored player whose longest trail is the table's longest (none when nobody has a route)."""
    scored = [line for line in lines if line.scored]
    longest = max((line.express.length for line in scored), default=0)
    for line in scored:
        if longest > 0 and line.express.length == longest:
            line.rows["european_express"] = EXPRESS_POINTS
        line.total = sum(line.rows.values())


# What decides between two scored players, in the seed's order (the first is the total).
RANK_ORDER = ("total", "tickets", "stations", "express")


def rank_key(line: PlayerScore) -> tuple[int, int, int, int]:
    """What decides between two scored players, greater is better: total, tickets, fewer stations, the Express."""
    return (line.total, line.tickets.count, -len(line.stations), line.rows["european_express"])


def _rank(lines: list[PlayerScore]) -> None:
    """Rank the scored players: total, most tickets completed, fewest stations built, the European Express."""
    scored = [line for line in lines if line.scored]
    for line in scored:
        line.rank = 1 + sum(1 for other in scored if rank_key(other) > rank_key(line))


def score_document(doc: Any, options: ScoreOptions | None = None) -> dict:
    """Score a `ttr-europe-game/1` document into `ttr-europe-score/1` (no option changes the result)."""
    lines, shared = score_table(doc)
    result: dict[str, Any] = {"format": SCORE_FORMAT, "players": [line.to_json() for line in lines]}
    if not lines:  # nobody to carry the game's problems: the document carries them
        result["problems"] = [p.to_json() for p in shared]
    return result
