"""The claim log during play (`ttr-europe-log/1`), with the cards played for a claim when the table gives them.

The seed (l.183–286): a route takes as many cards as its length, all of one colour (a grey route: any one
colour), locomotives wild. A ferry needs at least as many locomotive cards as the locomotives drawn on it.
A tunnel: after the cards are played, 3 cards are revealed from the train deck; each revealed card of the
colour played, and each revealed locomotive, asks for one more card of that colour or a locomotive; when only
locomotives were played, only revealed locomotives count and only locomotives may be added; fewer cards are
revealed when the deck runs out. A player who cannot or will not pay takes the cards back: the turn ends
without the route.

What the companion checks and where it trusts the table (also said on the log page):

- **Checked, when the cards are given**: how many cards, one colour, the route's colour, the ferry's
  locomotives, and for a tunnel the extra cards against the cards revealed (how many, and of which colour).
- **Trusted**: that the cards came from the player's hand, that the revealed cards were really the top of the
  deck, the train cards drawn, the stations' cards, and every claim logged without cards (cards are optional:
  a line without them is taken as the table says). Cards never change the points: a tunnel's extra cards buy
  nothing but the route.
- **Turns without a claim** (`turn`: drew train cards, drew tickets, or a tunnel given up) are logged only so
  that the last round can be counted; nothing about them is checked but their place in the order.

The log's own rules (each problem with the path of its line): an unknown player, route or city; a route or a
station city logged twice; both routes of a double by one player, or at all with 2 or 3 players; more than 45
trains; a fourth station; and the end (`endgame.read_end`): a line after its player's last turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from pydantic import ConfigDict

from ..core.engine import NotAGameDocument, ScoreOptions
from ..core.problems import N_, Problem, error
from ..core.schema import Doc, Field, Int, NonEmptyStr, Str, join_path, read, show
from .checks import NARROW_GAME, describe
from .data import STATIONS, TRAINS, Route, board
from .endgame import read_end

LOG_FORMAT = "ttr-europe-log/1"
LOG_CHECK_FORMAT = "ttr-europe-log-check/1"
LOCOMOTIVE = "locomotive"
TRAIN_COLOURS = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
CARDS = (*TRAIN_COLOURS, LOCOMOTIVE)
CARD_NAMES = {"pink": N_("pink"), "white": N_("white"), "blue": N_("blue"), "yellow": N_("yellow"),
              "orange": N_("orange"), "black": N_("black"), "red": N_("red"), "green": N_("green"),
              LOCOMOTIVE: N_("locomotive")}
TURNS = ("cards", "tickets", "tunnel")  # a turn without a claim: drew train cards, drew tickets, gave up a tunnel
TUNNEL_REVEAL = 3  # cards revealed for a tunnel (fewer only when the deck runs out)


class CardsIn(Doc):
    """The cards played for one claim: by colour, and for a tunnel the cards revealed and the extra cards."""

    model_config = ConfigDict(title=N_("The cards played"))

    played: dict[str, Int] = Field(title=N_("The cards played"))
    revealed: list[Str] | None = Field(default=None, max_length=TUNNEL_REVEAL, title=N_("The cards revealed"))
    extra: dict[str, Int] | None = Field(default=None, title=N_("The extra cards"))


class LineIn(Doc):
    """One line of the log: a route claimed, a station built, or a turn without a claim."""

    model_config = ConfigDict(title=N_("A line of the log"))

    player: NonEmptyStr = Field(title=N_("The line's player"))
    route: Int | None = Field(default=None, title=N_("The route claimed"))
    station: Str | None = Field(default=None, title=N_("The station's city"))
    turn: Literal["cards", "tickets", "tunnel"] | None = Field(default=None, title=N_("The turn"))
    cards: CardsIn | None = Field(default=None, title=N_("The cards played"))


class LogIn(Doc):
    """The document around the lines: format and the players in seating order."""

    model_config = ConfigDict(title=N_("the claim log"))

    format: Literal["ttr-europe-log/1"] = Field(title=N_("The format"))
    players: list[NonEmptyStr] = Field(min_length=2, max_length=5, title=N_("The players"))
    lines: list[Any] = Field(title=N_("The lines"))


# ---- the cards of one claim ---------------------------------------------------------------------------------

def _unknown_cards(cards: CardsIn, path: str) -> list[Problem]:
    """Card names that are not a train colour or "locomotive", and counts below 0."""
    found = []
    groups: list[tuple[str, Mapping[str, int]]] = [("played", cards.played)]
    if cards.extra is not None:
        groups.append(("extra", cards.extra))
    for key, counts in groups:
        for name, count in counts.items():
            where = join_path(join_path(path, key), name)
            if name not in CARDS:
                found.append(error("unknown-card", where, N_("{card} is not a card: the cards are {cards}."),
                                   card=show(name), cards=", ".join(CARDS)))
            elif count < 0:
                found.append(error("bad-number", where, N_("{what} must be at least {ge}, not {value}."),
                                   what=CARD_NAMES[name], ge=0, value=count))
    for k, name in enumerate(cards.revealed or ()):
        if name not in CARDS:
            found.append(error("unknown-card", join_path(join_path(path, "revealed"), k),
                               N_("{card} is not a card: the cards are {cards}."), card=show(name),
                               cards=", ".join(CARDS)))
    return found


def played_colour(played: Mapping[str, int]) -> str | None:
    """The one train colour played (None: only locomotives); several colours are `cards-mixed`."""
    colours = [c for c in TRAIN_COLOURS if played.get(c, 0) > 0]
    return colours[0] if len(colours) == 1 else None


def tunnel_extra(played: Mapping[str, int], revealed: Sequence[str]) -> int:
    """How many more cards the revealed cards ask for: those of the colour played and the locomotives; only the
    locomotives when only locomotives were played."""
    colour = played_colour(played)
    return sum(1 for card in revealed if card == LOCOMOTIVE or (colour is not None and card == colour))


def check_cards(route: Route, cards: CardsIn, path: str) -> list[Problem]:
    """Every problem of the cards played for a route (path: the `cards` object's)."""
    found = _unknown_cards(cards, path)
    if found:
        return found
    played = {c: n for c, n in cards.played.items() if n}
    total = sum(played.values())
    cities = describe(route)
    what = {"route": route.id, "cities": cities}
    if total != route.length:
        found.append(error("cards-count", join_path(path, "played"),
                           N_("Route {route} {cities} takes {length} cards, not {count}."),
                           length=route.length, count=total, **what))
    colours = [c for c in TRAIN_COLOURS if c in played]
    if len(colours) > 1:
        found.append(error("cards-mixed", join_path(path, "played"),
                           N_("Route {route} {cities} is claimed with cards of one colour (locomotives are wild), not "
                              "{first} and {second}."), first=CARD_NAMES[colours[0]], second=CARD_NAMES[colours[1]],
                           **what))
    elif colours and route.colour != "grey" and colours[0] != route.colour:
        found.append(error("cards-wrong-colour", join_path(path, "played"),
                           N_("Route {route} {cities} is {colour}: {played} cards cannot claim it (locomotives can)."),
                           colour=CARD_NAMES.get(route.colour, route.colour), played=CARD_NAMES[colours[0]], **what))
    locomotives = played.get(LOCOMOTIVE, 0)
    if route.ferry_locomotives and locomotives < route.ferry_locomotives:
        found.append(error("ferry-locomotives", join_path(path, "played"),
                           N_("Route {route} {cities} is a ferry: it takes at least {need} locomotive cards, not "
                              "{count}."), need=route.ferry_locomotives, count=locomotives, **what))
    found.extend(_tunnel(route, cards, path, len(colours) > 1))
    return found


def _tunnel(route: Route, cards: CardsIn, path: str, mixed: bool) -> list[Problem]:
    """The cards revealed and the extra cards of a tunnel (on any other route: none may be given)."""
    given = [key for key in ("revealed", "extra") if getattr(cards, key) is not None]
    if not route.tunnel:
        return [error("not-a-tunnel", join_path(path, key),
                      N_("Route {route} {cities} is not a tunnel: no cards are revealed for it."),
                      route=route.id, cities=describe(route)) for key in given]
    if len(given) == 1:
        missing = "extra" if given[0] == "revealed" else "revealed"
        return [error("tunnel-incomplete", join_path(path, missing),
                      N_("Tunnel {route} {cities}: give both the cards revealed and the extra cards played (none: "
                         "an empty object), or neither."), route=route.id, cities=describe(route))]
    if not given or mixed:
        return []  # the tunnel's cards are trusted (not given), or the cards played are already wrong
    revealed = list(cards.revealed or ())
    extra = {c: n for c, n in (cards.extra or {}).items() if n}
    need = tunnel_extra(cards.played, revealed)
    count = sum(extra.values())
    colour = played_colour({c: n for c, n in cards.played.items() if n})
    what = {"route": route.id, "cities": describe(route)}
    found = []
    if count != need:
        found.append(error("tunnel-extra-count", join_path(path, "extra"),
                           N_("Tunnel {route} {cities}: {matching} of the {revealed} cards revealed match the cards "
                              "played, so {need} more cards are played, not {count}."),
                           matching=need, revealed=len(revealed), need=need, count=count, **what))
    wrong = sorted(c for c in extra if c != LOCOMOTIVE and c != colour)
    if wrong:
        if colour is None:
            found.append(error("tunnel-extra-colour", join_path(join_path(path, "extra"), wrong[0]),
                               N_("Tunnel {route} {cities} was played with locomotives only: the extra cards are "
                                  "locomotives too, not {card}."), card=CARD_NAMES[wrong[0]], **what))
        else:
            found.append(error("tunnel-extra-colour", join_path(join_path(path, "extra"), wrong[0]),
                               N_("Tunnel {route} {cities} was played in {colour}: the extra cards are {colour} or "
                                  "locomotives, not {card}."), colour=CARD_NAMES[colour], card=CARD_NAMES[wrong[0]],
                               **what))
    return found


def read_cards(value: Any, path: str = "cards") -> tuple[CardsIn | None, list[Problem]]:
    """Read a `cards` object (the web's stored cards, a client's JSON): the model and its shape problems."""
    return read(CardsIn, value, path)


# ---- the whole log ------------------------------------------------------------------------------------------

def _line_kind(line: LineIn, path: str) -> tuple[str | None, list[Problem]]:
    """"route", "station" or "turn": exactly one of them, cards only with a route."""
    kinds = [k for k in ("route", "station", "turn") if getattr(line, k) is not None]
    if len(kinds) != 1:
        return None, [error("bad-line", path, N_("A line of the log is one route claimed, one station built or one "
                                                  "turn without a claim: give exactly one of route, station, turn."))]
    if line.cards is not None and kinds[0] != "route":
        return None, [error("cards-without-route", join_path(path, "cards"),
                            N_("Cards are logged only with a route claimed."))]
    return kinds[0], []


class _Table:
    """What the log has put on the board so far, line by line."""

    def __init__(self, names: list[str]) -> None:
        """Nothing claimed yet."""
        self.names = names
        self.routes: dict[int, tuple[int, int]] = {}  # route -> (seat, line)
        self.cities: dict[str, tuple[int, int]] = {}  # city -> (seat, line)
        self.trains = [0] * len(names)
        self.points = [0] * len(names)
        self.stations = [0] * len(names)

    def route(self, seat: int, rid: int, k: int, path: str) -> list[Problem]:
        """A route claimed: unknown, logged before, the double's other route, the trains."""
        b = board()
        route = b.routes.get(rid)
        if route is None:
            return [error("unknown-route", join_path(path, "route"),
                          N_("Route {route} does not exist; route ids are 1 to {last}."), route=rid,
                          last=max(b.routes))]
        if rid in self.routes:
            holder, line = self.routes[rid]
            return [error("route-logged-twice", join_path(path, "route"),
                          N_("Route {route} ({cities}) was already claimed by {name} at line {line}."),
                          route=rid, cities=describe(route), name=self.names[holder], line=line + 1)]
        found = []
        twin = b.twins.get(rid)
        if twin in self.routes:
            holder, line = self.routes[twin]
            if holder == seat:
                found.append(error("double-route-both", join_path(path, "route"),
                                   N_("Routes {twin} and {route} are the double route {cities}; one player may never "
                                      "claim both."), route=rid, twin=twin, cities=describe(route)))
            elif len(self.names) <= NARROW_GAME:
                found.append(error("double-route-closed", join_path(path, "route"),
                                   N_("With 2 or 3 players only one route of the double route {cities} is used, but "
                                      "{others} claimed route {twin} and this player route {route}."),
                                   cities=describe(route), others=self.names[holder], twin=twin, route=rid))
        self.routes[rid] = (seat, k)
        self.trains[seat] += route.length
        self.points[seat] += b.route_points[route.length]
        if self.trains[seat] > TRAINS:
            found.append(error("too-many-trains", join_path(path, "route"),
                               N_("These routes need {trains} trains; a player has only {most}."),
                               trains=self.trains[seat], most=TRAINS))
        return found

    def station(self, seat: int, city: str, k: int, path: str) -> list[Problem]:
        """A station built: unknown city, a city with a station, a fourth station."""
        if city not in board().cities:
            return [error("unknown-city", join_path(path, "station"), N_("{city} is not a city of the map."),
                          city=show(city))]
        if city in self.cities:
            holder, line = self.cities[city]
            return [error("station-city-taken", join_path(path, "station"),
                          N_("{city} already has a station: {name} built it at line {line}."),
                          city=city, name=self.names[holder], line=line + 1)]
        self.cities[city] = (seat, k)
        self.stations[seat] += 1
        if self.stations[seat] > STATIONS:
            return [error("too-many-stations", join_path(path, "station"),
                          N_("A player builds at most {most} stations, not {count}."), most=STATIONS,
                          count=self.stations[seat])]
        return []


def check_log(doc: Any, options: ScoreOptions | None = None) -> dict:
    """Check a `ttr-europe-log/1` document into `ttr-europe-log-check/1`: each player's score track, trains left
    and stations, the last round, and every problem (no option changes the result)."""
    if not isinstance(doc, dict):
        raise NotAGameDocument(f"A {LOG_FORMAT} document is a JSON object, not {show(doc)}.")
    if doc.get("format") != LOG_FORMAT:
        raise NotAGameDocument(f"Expected \"format\": \"{LOG_FORMAT}\", found {show(doc.get('format'))}.")
    if not isinstance(doc.get("players"), list) or not isinstance(doc.get("lines"), list):
        raise NotAGameDocument(f"A {LOG_FORMAT} document needs \"players\" (names) and \"lines\" (lists).")
    _head, problems = read(LogIn, {**doc, "lines": []})
    names = [n if isinstance(n, str) else "" for n in doc["players"]]
    if len({n.casefold() for n in names}) != len(names):
        problems.append(error("same-name", "players", N_("Two players have the same name; the log names players by "
                                                         "their names.")))
    table = _Table(names)
    ends: list[dict[str, Any]] = []  # the lines as read_end reads them, with their index in `lines`
    for k, raw in enumerate(doc["lines"]):
        path = join_path("lines", k)
        line, found = read(LineIn, raw, path)
        problems.extend(found)
        if line is None:
            continue
        kind, found = _line_kind(line, path)
        problems.extend(found)
        if kind is None:
            continue
        if line.player not in names:
            problems.append(error("unknown-player", join_path(path, "player"),
                                  N_("{name} is not one of the players ({players})."), name=show(line.player),
                                  players=", ".join(names)))
            continue
        seat = names.index(line.player)
        if kind == "route":
            found = table.route(seat, line.route, k, path)
            problems.extend(found)
            if line.cards is not None and line.route in board().routes:
                problems.extend(check_cards(board().routes[line.route], line.cards, join_path(path, "cards")))
        elif kind == "station":
            problems.extend(table.station(seat, line.station, k, path))
        ends.append({"seat": seat, "kind": kind, "route": line.route, "n": k + 1, "k": k})
    end = read_end(names, ends)
    for problem in end.problems:  # read_end names its lines log[j]; here they are lines[k]
        j = int(problem.path[4:-1])
        problems.append(replace(problem, path=join_path("lines", ends[j]["k"])))
    last_round = None
    if end.trigger is not None:
        last_round = {"trigger": ends[end.trigger]["k"], "player": names[end.trigger_seat],
                      "order": [names[s] for s in end.last_round], "left": [names[s] for s in end.left],
                      "over": end.over}
    return {"format": LOG_CHECK_FORMAT,
            "players": [{"player": name, "score_track": table.points[s], "trains_left": TRAINS - table.trains[s],
                         "stations_built": table.stations[s]} for s, name in enumerate(names)],
            "last_round": last_round,
            "problems": [p.to_json() for p in sorted(problems, key=_order)]}


def _order(problem: Problem) -> tuple:
    """Problems in the order of their lines (the document's own problems first)."""
    path = problem.path
    if path.startswith("lines["):
        return (1, int(path[6:path.index("]")]), path)
    return (0, 0, path)


__all__ = ["CARDS", "CARD_NAMES", "LOCOMOTIVE", "LOG_CHECK_FORMAT", "LOG_FORMAT", "TRAIN_COLOURS", "TURNS",
           "CardsIn", "check_cards", "check_log", "played_colour", "read_cards", "tunnel_extra"]
