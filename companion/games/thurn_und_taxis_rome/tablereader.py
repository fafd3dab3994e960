"""Reading a stored table (`thurn-und-taxis-rome-table/1`) back, checking that it is a state the rules can reach."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from ..core.problems import N_, Problem, error, has_errors
from ..core.schema import Bool, Doc, Field, Int, NonEmptyStr, join_path, read
from .audience import arrive, assignment_problems
from .data import facts, fold
from .posts import posts_problems
from .setup import Colour, Module, check_rank_keys, check_tile_values, seat_problems
from .state import Audience, Offices, Posts, Returning, RomeTile, Seat, Table, Turn
from .track import read_track


class SeatDoc(Doc):
    """A seat."""

    player: NonEmptyStr = Field(title=N_("A player's name"))
    colour: Colour = Field(title=N_("A player's colour"))


class TurnDoc(Doc):
    """The turn."""

    active: Int = Field(ge=0, title=N_("The active seat"))
    number: Int = Field(ge=1, title=N_("The turn number"))
    office_taken: Bool
    route_scored: Bool


class AudienceSeatDoc(Doc):
    """One seat's clergy placement."""

    ready: Bool
    assignment: dict[str, str] | None = None


class TileDoc(Doc):
    """A clergy tile in Rome or sent away from it."""

    seat: Int = Field(ge=0)
    rank: NonEmptyStr
    carriage: NonEmptyStr
    by: NonEmptyStr | None = None


class AudienceDoc(Doc):
    """The Audience module's state."""

    track: dict[str, Any] | None = None
    carriages: dict[str, NonEmptyStr]
    seats: list[AudienceSeatDoc]
    rome: list[TileDoc] = Field(default_factory=list)
    dismissed: list[TileDoc] = Field(default_factory=list)
    arrivals: list[NonEmptyStr] = Field(default_factory=list)


class ReturningDoc(Doc):
    """A return phase."""

    kind: Literal["rounds", "final"]
    starter: Int | None = None
    round: Int = Field(ge=1)
    queue: list[Int]


class OfficesDoc(Doc):
    """The Offices of honor module's state."""

    stacks: dict[str, Int]
    hands: list[dict[str, Int]]
    coins: list[Int]
    coin_supply: Int = Field(ge=0)
    returning: ReturningDoc | None = None


class BonusHeldDoc(Doc):
    """A bonus tile a seat took."""

    stack: NonEmptyStr
    points: Int


class PostsDoc(Doc):
    """Post offices, bonus tiles and the final round (tracked tables)."""

    houses: list[Int]
    bonus: list[list[BonusHeldDoc]]
    final_round: Int | None = None


class TableDoc(Doc):
    """A whole table."""

    format: Literal["thurn-und-taxis-rome-table/1"]
    seats: list[SeatDoc] = Field(min_length=2, max_length=4, title=N_("The players"))
    modules: list[Module] = Field(min_length=1, title=N_("The modules played"))
    turn: TurnDoc
    ended: Bool
    tile_values: dict[str, Int] = Field(default_factory=dict)
    rank_names: dict[str, NonEmptyStr] = Field(default_factory=dict)
    audience: AudienceDoc | None = None
    offices: OfficesDoc | None = None
    log: list[dict[str, Any]] = Field(default_factory=list)
    posts: PostsDoc | None = None


def _bad(code: str, path: str, template: str, **params: Any) -> Problem:
    """A state the rules cannot reach."""
    return error(code, path, template, **params)


def _audience(doc: AudienceDoc, n: int, problems: list[Problem]) -> Audience | None:
    """Rebuild the Audience and check that Rome follows from the arrivals and the placements."""
    f = facts()
    found: list[Problem] = []
    track = None
    if doc.track is not None:
        track, got = read_track(doc.track, "audience.track")
        found.extend(got)
    for key in doc.carriages:
        if key not in f.carriage_ids:
            found.append(_bad("unknown-carriage", join_path("audience.carriages", key),
                              N_("{key} is not a carriage; the carriages are {known}."), key=key,
                              known=", ".join(f.carriage_ids)))
    missing = [c for c in f.carriage_ids if c not in doc.carriages]
    if missing:
        found.append(_bad("missing-carriage", "audience.carriages", N_("Where do the carriages {missing} stand?"),
                          missing=", ".join(missing)))
    arrivals = list(doc.arrivals)
    if len(set(arrivals)) != len(arrivals) or not set(arrivals) <= set(f.carriage_ids):
        found.append(_bad("bad-arrivals", "audience.arrivals", N_("Each carriage arrives in Rome once.")))
    for carriage, city in doc.carriages.items():
        in_rome = fold(city) == fold(f.rome)
        if in_rome != (carriage in arrivals):
            found.append(_bad("arrival-mismatch", join_path("audience.carriages", carriage),
                              N_("A carriage stands in Rome exactly when it has arrived there.")))
        elif track is not None and track.city(city) is None:
            found.append(_bad("not-on-track", join_path("audience.carriages", carriage),
                              N_("{city} is not a city of the board."), city=city))
    if len(doc.seats) != n:
        found.append(_bad("seat-count", "audience.seats", N_("The Audience needs one entry per player ({n})."), n=n))
    for i, seat in enumerate(doc.seats):
        path = join_path(join_path("audience.seats", i), "assignment")
        if seat.ready != (seat.assignment is not None):
            found.append(_bad("ready-mismatch", path, N_("A seat is ready exactly when its placement is stored.")))
        elif seat.assignment is not None:
            found.extend(assignment_problems(seat.assignment, path))
    if arrivals and not all(s.ready for s in doc.seats):
        found.append(_bad("moved-before-ready", "audience.arrivals",
                          N_("Carriages only move once every player has placed their clergy.")))
    problems.extend(found)
    if has_errors(found):
        return None
    assignments = [dict(s.assignment) if s.assignment is not None else None for s in doc.seats]
    audience = Audience(track, dict(doc.carriages), assignments)
    for carriage in arrivals:  # replay the arrivals: Rome must be what the rule makes of them
        arriving = [RomeTile(s, a[carriage], carriage) for s, a in enumerate(assignments)]
        audience.rome, leaving = arrive(audience.rome, arriving)
        audience.dismissed.extend(RomeTile(t.seat, t.rank, t.carriage, carriage) for t in leaving)
    audience.arrivals = arrivals
    stored = [RomeTile(t.seat, t.rank, t.carriage, t.by) for t in doc.rome]
    gone = [RomeTile(t.seat, t.rank, t.carriage, t.by) for t in doc.dismissed]
    if _tiles(stored) != _tiles(audience.rome) or _tiles(gone) != _tiles(audience.dismissed):
        problems.append(_bad("rome-mismatch", "audience.rome", N_("Rome's tiles do not follow from the arrivals "
                                                                  "and the clergy placements.")))
        return None
    audience.rome, audience.dismissed = stored, gone  # keep the stored order
    return audience


def _tiles(tiles: list[RomeTile]) -> Counter:
    """Count tiles regardless of order."""
    return Counter((t.seat, t.rank, t.carriage, t.by) for t in tiles)


def _offices(doc: OfficesDoc, n: int, ended: bool, problems: list[Problem]) -> Offices | None:
    """Rebuild the Offices and check that no tile or coin was made or lost."""
    f = facts()
    ids = set(f.office_ids)
    found: list[Problem] = []
    if set(doc.stacks) != ids or any(set(h) != ids for h in doc.hands):
        found.append(_bad("bad-offices", "offices", N_("Stacks and hands list each official: {known}."),
                          known=", ".join(f.office_ids)))
    elif len(doc.hands) != n or len(doc.coins) != n:
        found.append(_bad("seat-count", "offices", N_("The Offices need one hand and one coin count per player.")))
    elif any(v < 0 for v in doc.stacks.values()) or any(v < 0 for h in doc.hands for v in h.values()) \
            or any(c < 0 for c in doc.coins):
        found.append(_bad("bad-number", "offices", N_("Tile and coin counts are 0 or more.")))
    else:
        total = f.office_tiles(n)
        for k in f.office_ids:
            if doc.stacks[k] + sum(h[k] for h in doc.hands) != total[k]:
                found.append(_bad("tiles-not-conserved", join_path("offices.stacks", k),
                                  N_("With {n} players there are {total} {office} tiles in play."), n=n,
                                  total=total[k], office=k))
        if doc.coin_supply + sum(doc.coins) != f.vp_coins:
            found.append(_bad("coins-not-conserved", "offices.coins", N_("There are {total} VP coins."),
                              total=f.vp_coins))
    r = doc.returning
    if r is not None:
        if (r.kind == "final") != ended or (r.kind == "rounds" and (r.starter is None or not 0 <= r.starter < n)) \
                or not r.queue or len(set(r.queue)) != len(r.queue) or not all(0 <= s < n for s in r.queue):
            found.append(_bad("bad-returning", "offices.returning", N_("This return phase cannot happen.")))
    elif not found and any(doc.stacks[k] == 0 for k in f.office_ids):
        found.append(_bad("stack-left-empty", "offices.stacks", N_("A stack is empty but no tiles are being "
                                                                   "returned.")))
    problems.extend(found)
    if has_errors(found):
        return None
    returning = Returning(r.kind, r.starter, r.round, list(r.queue)) if r is not None else None
    return Offices(dict(doc.stacks), [dict(h) for h in doc.hands], list(doc.coins), doc.coin_supply, returning)


def read_table(value: Any) -> tuple[Table | None, list[Problem]]:
    """Read a stored table; None with every problem when it is not a state the rules can reach."""
    if isinstance(value, dict) and "view" in value:
        return None, [error("view-not-state", "view", N_("This is a page's view of a table, not the whole stored "
                                                         "state."))]
    doc, problems = read(TableDoc, value)
    if doc is None:
        return None, problems
    n = len(doc.seats)
    problems = seat_problems(doc.seats)  # type: ignore[arg-type]  # same fields as the setup's seats
    problems += check_tile_values(doc.tile_values, "tile_values") + check_rank_keys(doc.rank_names, "rank_names")
    if not doc.turn.active < n:
        problems.append(_bad("unknown-seat", "turn.active", N_("The active seat is 0 to {last}."), last=n - 1))
    if len(set(doc.modules)) != len(doc.modules):
        problems.append(_bad("module-twice", "modules", N_("Name each module once.")))
    for module, part in (("audience", doc.audience), ("offices", doc.offices)):
        if (module in doc.modules) != (part is not None):
            problems.append(_bad("module-mismatch", module, N_("A module's state is stored exactly when the module "
                                                               "is played.")))
    audience = _audience(doc.audience, n, problems) if doc.audience is not None else None
    offices = _offices(doc.offices, n, doc.ended, problems) if doc.offices is not None else None
    posts = None
    if doc.posts is not None:
        posts = Posts(list(doc.posts.houses), [[(b.stack, b.points) for b in own] for own in doc.posts.bonus],
                      doc.posts.final_round)
        problems += posts_problems(posts, n)
    if has_errors(problems):
        return None, problems
    turn = Turn(doc.turn.active, doc.turn.number, doc.turn.office_taken, doc.turn.route_scored)
    modules = tuple(m for m in ("audience", "offices") if m in doc.modules)
    table = Table([Seat(s.player, s.colour) for s in doc.seats], modules, turn, doc.ended, dict(doc.tile_values),
                  dict(doc.rank_names), audience, offices, [dict(e) for e in doc.log], posts)
    return table, problems
