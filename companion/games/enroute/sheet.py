"""A player's end-of-game markings (`enroute-sheet/1`): reading and rule checks.

`parse_sheet` never raises: it keeps every usable item, drops bad ones, and
reports each problem with its path, so a page can show the player all of them
at once while keeping what they entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.problems import N_, Problem, error, warning
from ..core.schema import join_path, show
from . import geometry as geo
from .board import COLOURS, Board, MapChecks
from .formats import CAFE_STATES, SHEET_FORMAT, SheetV1
from .geometry import Location, Point, Section
from .shape import Shape, read_shape
from .vehicles import banks_of, ride_allowed

__all__ = ["CAFE_STATES", "ROUNDS", "SECTIONS_PER_ROUND", "SHEET_FORMAT", "SHEET_KEYS", "Sheet", "parse_sheet",
           "sheet_to_json"]
ROUNDS = 10
SECTIONS_PER_ROUND = 2
START_SECTIONS = 1  # sections each player draws at setup on a board with starting cards (London)
SHEET_KEYS = tuple(SheetV1.model_fields)
# Stand-ins for a missing or broken format or name, so the rest of the sheet is still checked.
_PLACEHOLDERS = {"format": SHEET_FORMAT, "player": "?"}
_ROUTE_POINT, _CAFE, _GOAL_POINT = N_("A route point"), N_("A cafe"), N_("A goal intersection")
# A cafe's bonus as players name the cafe ("the route-section cafe at [4, 0]").
_CAFE_KIND = {"section": N_("route-section"), "coordinate": N_("coordinate-change"), "tourists": N_("new-tourists"),
              "card": N_("cafe-card")}


@dataclass
class Sheet:
    """What one player marked on their map, as read (bad items dropped)."""

    player: str
    player_board: int | None = None
    sections: list[Section] = field(default_factory=list)
    final_route: list[Point] | None = None
    tourists: dict[Location, dict[str, int]] = field(default_factory=dict)
    cafes: dict[Point, str] = field(default_factory=dict)
    personal_goal: tuple[Point, ...] | None = None
    goal_values: dict[str, int] = field(default_factory=dict)
    crossed: set[Location] = field(default_factory=set)  # Cairo's × locations: never tourists, empty for goals
    remote: dict[str, dict[str, int]] = field(default_factory=dict)  # Cairo's remote spaces: id -> tourists
    cafe_bonus: dict[Point, str] = field(default_factory=dict)  # New York: what the cafe card gave at each cafe
    tickets: list[str] = field(default_factory=list)  # New York: the docks whose Statue of Liberty ticket is marked
    ticket_points: frozenset[Point] = frozenset()  # their intersections (the statue counts only with one on route)
    colours: dict[Section, str] = field(default_factory=dict)  # Paris: each drawn section's colour

    def tourists_at(self, location: Location) -> int:
        """Return how many tourists (all colours) are in a location."""
        return sum(self.tourists.get(location, {}).values())


def sheet_to_json(sheet: Sheet) -> dict:
    """Write a sheet as an `enroute-sheet/1` document."""
    doc: dict[str, Any] = {"format": SHEET_FORMAT, "player": sheet.player, "player_board": sheet.player_board,
                           "sections": [[list(a), list(b)] for a, b in sheet.sections],
                           "final_route": None if sheet.final_route is None else [list(p) for p in sheet.final_route],
                           "tourists": [], "cafes": [], "personal_goal": None}
    for loc in sorted(sheet.tourists):
        counts = {c: n for c, n in sheet.tourists[loc].items() if n}
        if counts:
            doc["tourists"].append({"at": list(loc), **counts})
    doc["cafes"] = [{"at": list(at), "state": state} | ({"bonus": sheet.cafe_bonus[at]} if at in sheet.cafe_bonus
                                                          else {}) for at, state in sorted(sheet.cafes.items())]
    if sheet.personal_goal is not None:
        doc["personal_goal"] = [list(p) for p in sheet.personal_goal]
    if sheet.goal_values:
        doc["goal_values"] = dict(sorted(sheet.goal_values.items()))
    if sheet.crossed:
        doc["crossed"] = [list(loc) for loc in sorted(sheet.crossed)]
    if sheet.remote:
        doc["remote"] = {k: dict(v) for k, v in sorted(sheet.remote.items())}
    if sheet.tickets:
        doc["tickets"] = list(sheet.tickets)
    if sheet.colours:
        doc["colours"] = [sheet.colours.get(sec) for sec in sheet.sections]
    return doc


def parse_sheet(doc: Any, board: Board, level: str = "full", path: str = "",
                manual_decks: tuple[str, ...] = (),
                balance_sections: int | None = None) -> tuple[Sheet | None, list[Problem]]:
    """Read and check a player sheet against a board and level; return it and every problem.

    `balance_sections`: how many route-section balance cards the player took, when known (None: not recorded).
    """
    shape = read_shape(SheetV1, doc, path, _PLACEHOLDERS)
    problems = list(shape.problems)
    if level == "simplified":  # the simplified game ignores personal goals, however they are written
        goal = join_path(path, "personal_goal")
        problems = [p for p in problems if p.path != goal and not p.path.startswith(goal + "[")]
    model = shape.value
    if model is None:
        return (Sheet(player="?") if isinstance(doc, dict) else None), problems
    read = _SheetReader(model, shape, board, path, problems)
    read.player_board()
    read.sections()
    read.section_colours()
    read.final_route()
    read.tourists()
    read.city_marks()
    read.cafes(level)
    read.tickets()
    read.personal_goal(level)
    read.goal_values(manual_decks)
    read.section_count(level, balance_sections)
    return read.sheet, problems


class _SheetReader(MapChecks):
    """The rule checks of a sheet whose shape is read, against its board and level."""

    def __init__(self, model: SheetV1, shape: Shape, board: Board, path: str, problems: list[Problem]):
        """Start an empty sheet for the player; checks fill it with what passes them."""
        self.model, self.shape, self.board, self.path, self.problems = model, shape, board, path, problems
        self.cols, self.rows = board.cols, board.rows
        self.sheet = Sheet(player=model.player.strip())

    def player_board(self) -> None:
        """Check which printed player board the player used."""
        number = self.model.player_board
        if number is None:
            return
        known = [pb.number for pb in self.board.player_boards]
        if number not in known:
            self.problems.append(error("unknown-player-board", self.at("player_board"),
                                       N_("{board} has player boards {numbers}, not {value}."),
                                       board=self.board.name, numbers=", ".join(map(str, known)), value=number))
            return
        self.sheet.player_board = number

    def sections(self) -> None:
        """Check the drawn sections: each a road of the map, none drawn twice."""
        seen: dict[Section, int] = {}
        for i, (a, b) in self.shape.items(("sections",), self.model.sections):
            a_on = self.point(a, ("sections", i, 0))
            b_on = self.point(b, ("sections", i, 1))  # both ends, every problem at once
            if not (a_on and b_on):
                continue
            sec = geo.section(a, b)
            if not self.board.is_road(sec):
                self.problems.append(error(
                    "not-a-road", self.at("sections", i),
                    N_("No road runs from {a} to {b}: a section joins two neighbouring intersections along a road."),
                    a=list(a), b=list(b)))
            elif sec in seen:
                self.problems.append(error(
                    "duplicate-section", self.at("sections", i),
                    N_("The section {a}–{b} is already listed as sections[{first}]; a section can never be drawn "
                       "where one already is."), a=list(a), b=list(b), first=seen[sec]))
            else:
                seen[sec] = i
                self.sheet.sections.append(sec)

    def section_colours(self) -> None:
        """Check the colour of each drawn section (Paris): one per `sections` item, on a board with coloured routes."""
        value = self.model.colours
        coloured = any(f.type == "diversity" for f in self.board.features)
        if value is None:
            if coloured and self.model.sections and not self.shape.replaced(("colours",)):
                self.problems.append(warning("no-colours", self.at("colours"),
                                             N_("{board} draws every section in a colour, but no colours are given: "
                                                "specialised landmarks and diversity score 0."),
                                             board=self.board.name))
            return
        if not coloured:
            self.problems.append(warning("colours-not-used", self.at("colours"),
                                         N_("{board} has no coloured routes; the section colours score nothing."),
                                         board=self.board.name))
            return
        count = self.shape.size(("sections",), self.model.sections)
        given = self.shape.size(("colours",), value)
        if given != count:
            self.problems.append(error("colours-mismatch", self.at("colours"),
                                       N_("Give one colour per drawn section, in the same order: {sections} sections "
                                          "but {colours} colours."), sections=count, colours=given))
            return
        colour_of = dict(self.shape.items(("colours",), value))
        drawn = set(self.sheet.sections)
        for i, (a, b) in self.shape.items(("sections",), self.model.sections):
            sec = geo.section(a, b)
            if i in colour_of and sec in drawn and sec not in self.sheet.colours:
                self.sheet.colours[sec] = colour_of[i]

    def final_route(self) -> None:
        """Check the kept route: a walk over drawn sections using each at most once."""
        if self.model.final_route is None:
            return
        drawn = set(self.sheet.sections)
        walk: list[Point] = []
        used: dict[Section, int] = {}
        self._ride: int | None = None
        ok, last = True, -1
        for i, p in self.shape.items(("final_route",), self.model.final_route):
            if i != last + 1:  # a point before this one was unreadable: the walk is broken there
                ok = False
            last = i
            if not self.point(p, ("final_route", i), _ROUTE_POINT):
                ok = False
                continue
            if walk and ok:
                ok = self._step(walk[-1], p, i, drawn, used)
            walk.append(p)
        if ok and self._ride is not None and not 2 <= self._ride <= len(walk) - 2:
            ok = False  # the rule joins two segments: a ride from the route's very start or end joins nothing
            self.problems.append(error("ride-at-route-end", self.at("final_route", self._ride),
                                       N_("The ride to {at} starts or ends the route; a ride joins two segments of "
                                          "at least one section each."), at=list(walk[self._ride])))
        if ok and not self.shape.changed(("final_route",)):
            self.sheet.final_route = walk
            if len(walk) < 2:
                self.problems.append(warning("empty-route", self.at("final_route"),
                                             N_("The final route has no sections; it scores nothing.")))

    def _step(self, a: Point, b: Point, i: int, drawn: set[Section], used: dict[Section, int]) -> bool:
        """Check one step of the route; False when the route leaves the roads (later steps are not checked)."""
        sec = geo.section(a, b)
        if not self.board.is_road(sec) and self.board.features:
            return self._ride_step(a, b, i)
        if not self.board.is_road(sec):
            self.problems.append(error("route-not-a-road", self.at("final_route", i),
                                       N_("The route jumps from {a} to {b}; consecutive route points must be "
                                          "joined by one road section."), a=list(a), b=list(b)))
            return False
        if sec not in drawn:
            self.problems.append(error("route-not-drawn", self.at("final_route", i),
                                       N_("The route uses {a}–{b}, which is not among the drawn sections; no new "
                                          "sections may be drawn at game end."), a=list(a), b=list(b)))
        elif sec in used:
            self.problems.append(error("route-reuses-section", self.at("final_route", i),
                                       N_("The route walks {a}–{b} a second time (first at step {first}); each "
                                          "section is used at most once."), a=list(a), b=list(b), first=used[sec]))
        else:
            used[sec] = i
        return True

    def _ride_step(self, a: Point, b: Point, i: int) -> bool:
        """Check a step off the roads: one vehicle ride between two of its stations or its two banks."""
        if self._ride is not None:
            self.problems.append(error("second-ride", self.at("final_route", i),
                                       N_("The route rides a vehicle again from {a} to {b} (first at step {first}); a "
                                          "final route joins at most two segments, with one ride."),
                                       a=list(a), b=list(b), first=self._ride))
            return False
        vehicles = self.board.features_of("vehicle")
        if not any(ride_allowed(self.board, v, a, b) for v in vehicles):
            one_bank = [v for v in vehicles if v.param("by") == "banks" and any(a in bank and b in bank
                                                                                for bank in banks_of(self.board, v))]
            if one_bank:
                self.problems.append(error("ride-one-bank", self.at("final_route", i),
                                           N_("The route rides the {vehicle} from {a} to {b}, both on one bank; it "
                                              "stops on one bank and goes on from the other."),
                                           vehicle=one_bank[0].name or one_bank[0].id, a=list(a), b=list(b)))
                return False
            self.problems.append(error("route-not-a-road", self.at("final_route", i),
                                       N_("The route jumps from {a} to {b}; consecutive route points must be joined by "
                                          "one road section, or by a ride between two stations (or the two banks) "
                                          "of a vehicle."), a=list(a), b=list(b)))
            return False
        self._ride = i
        return True

    def city_marks(self) -> None:
        """Check Cairo's × locations (no tourists there) and remote tourist spaces (spaces of this board)."""
        for i, loc in self.shape.items(("crossed",), self.model.crossed):
            if not self.location(loc, ("crossed", i), N_("A crossed-out location")):
                continue
            if loc in self.sheet.tourists:
                self.problems.append(error("tourists-crossed-out", self.at("crossed", i),
                                           N_("Location {location} is crossed out (×) but holds tourists; a "
                                              "crossed-out location never gets tourists."), location=list(loc)))
                continue
            if loc in self.sheet.crossed:
                self.problems.append(error("duplicate-location", self.at("crossed", i),
                                           N_("Location {location} is listed twice."), location=list(loc)))
                continue
            self.sheet.crossed.add(loc)
        spaces = {f.id for f in self.board.features_of("remote_space")}
        for key, counts in self.model.remote.items():
            if key not in spaces:
                self.problems.append(error("unknown-remote-space", self.at("remote", key),
                                           N_("{id} is not a remote tourist space of {board} (spaces: {spaces})."),
                                           id=show(key), board=self.board.name, spaces=", ".join(sorted(spaces))
                                           or "-"))
                continue
            kept = {c: n for c, n in counts.items() if n}
            if kept:
                self.sheet.remote[key] = kept

    def tourists(self) -> None:
        """Check the tourists per location and the one-location-per-round limit."""
        if self.shape.replaced(("tourists",)):
            return
        marked = self.sheet.tourists
        for i, item in self.shape.items(("tourists",), self.model.tourists):
            loc = item.at
            if not self.location(loc, ("tourists", i, "at")):
                continue
            if loc in marked:
                self.problems.append(error("duplicate-location", self.at("tourists", i, "at"),
                                           N_("Location {location} is listed twice; put all its tourists in one "
                                              "entry."), location=list(loc)))
                continue
            counts = {colour: n for colour in COLOURS if (n := getattr(item, colour)) is not None}
            if counts.get("purple") and "purple" not in self.board.kinds_present():
                self.problems.append(warning("purple-not-used", self.at("tourists", i, "purple"),
                                             N_("{board} has no purple landmarks; purple tourists score nothing "
                                                "here."), board=self.board.name))
            if not any(counts.values()):
                self.problems.append(warning("no-tourists", self.at("tourists", i),
                                             N_("The entry for {location} holds no tourists."), location=list(loc)))
                continue
            marked[loc] = counts
        crossed = self.shape.size(("crossed",), self.model.crossed) if not self.shape.replaced(("crossed",)) else 0
        if len(marked) + crossed > ROUNDS:
            self.problems.append(error("too-many-locations", self.at("tourists"),
                                       N_("Tourists are marked in {marked} locations, but each of the {rounds} rounds "
                                          "marks exactly one location: at most {rounds}."),
                                       marked=len(marked) + crossed, rounds=ROUNDS))
        elif len(marked) + crossed < ROUNDS:
            self.problems.append(warning("few-locations", self.at("tourists"),
                                         N_("Tourists are marked in {marked} locations; after {rounds} rounds there "
                                            "are usually {rounds}. Check that none is missing."),
                                         marked=len(marked), rounds=ROUNDS))

    def cafes(self, level: str) -> None:
        """Check circled cafes against the board and the drawn sections."""
        if self.shape.replaced(("cafes",)):
            return
        circled = self.sheet.cafes
        index: dict[Point, int] = {}  # cafe -> its item in the document, for problem paths
        for i, item in self.shape.items(("cafes",), self.model.cafes):
            at = item.at
            if not self.point(at, ("cafes", i, "at"), _CAFE):
                continue
            if self.board.cafe_at(at) is None:
                self.problems.append(error("not-a-cafe", self.at("cafes", i, "at"),
                                           N_("There is no cafe at {at} on {board}."), at=list(at),
                                           board=self.board.name))
            elif at in circled:
                self.problems.append(error("duplicate-cafe", self.at("cafes", i, "at"),
                                           N_("The cafe at {at} is listed twice."), at=list(at)))
            else:
                circled[at] = item.state
                index[at] = i
                self._cafe_bonus(at, item.bonus, i)
        if level == "simplified":
            if circled:
                self.problems.append(warning("cafes-not-used", self.at("cafes"),
                                             N_("The simplified game ignores cafes; these circled cafes score "
                                                "nothing.")))
                circled.clear()
            return
        reached = {p for sec in self.sheet.sections for p in sec}
        # Paris's route change (a round bonus) may erase the section that reached a cafe; the cafe stays circled.
        erasable = any(f.type == "bonus_area" for f in self.board.features)
        for at in circled:
            if at not in reached and erasable:
                self.problems.append(warning("cafe-not-reached", self.at("cafes", index[at]),
                                             N_("The cafe at {at} is circled but no drawn section reaches it; "
                                                "unless a route change erased that section, a cafe is visited only "
                                                "by drawing a section to it."), at=list(at)))
            elif at not in reached:
                self.problems.append(error("cafe-not-reached", self.at("cafes", index[at]),
                                           N_("The cafe at {at} is circled but no drawn section reaches it; a cafe "
                                              "is visited only by drawing a section to it."), at=list(at)))
        cards = [at for at in circled if self.board.cafe_at(at).bonus == "card"]
        if len(cards) > ROUNDS:
            self.problems.append(error("too-many-cafes", self.at("cafes"),
                                       N_("{count} cafes are circled, but a player visits at most one cafe per round: "
                                          "at most {rounds}."), count=len(cards), rounds=ROUNDS))
        for cafe in self.board.cafes:
            if cafe.bonus == "card":
                continue  # New York: at most one cafe per round is circled, so a reached cafe may stay uncircled
            if cafe.at in reached and cafe.at not in circled:
                # The seed (~l.395): a cafe reached by a section is circled at once, so an uncircled one is a
                # mistake on the sheet, not a choice; the player says whether its bonus was used.
                self.problems.append(error("cafe-not-circled", self.at("cafes"),
                                           N_("A drawn section reaches the {bonus} cafe at {at} but it is not "
                                              "circled; a reached cafe is circled at once: add it to the circled "
                                              "cafes, used or unused."), at=list(cafe.at),
                                           bonus=_CAFE_KIND[cafe.bonus]))

    def _cafe_bonus(self, at: Point, bonus: str | None, i: int) -> None:
        """Keep what a cafe card gave at a card cafe (New York); other cafes print their own bonus."""
        card = self.board.cafe_at(at).bonus == "card"
        if card and bonus is None:
            # A warning, so a sheet tapped in without it still scores: the cafe then counts as any bonus would
            # (2 PP unused); its 8 PP or ticket need the bonus recorded.
            self.problems.append(warning("cafe-bonus-missing", self.at("cafes", i, "bonus"),
                                         N_("The cafe at {at} takes its bonus from the round's cafe card: say which "
                                            "bonus it gave (tourists, ticket, section, coordinate or pp)."),
                                         at=list(at)))
        elif not card and bonus is not None:
            self.problems.append(error("cafe-bonus-printed", self.at("cafes", i, "bonus"),
                                       N_("The cafe at {at} prints its own bonus; only a cafe-card cafe records one."),
                                       at=list(at)))
        elif card:
            self.sheet.cafe_bonus[at] = bonus

    def tickets(self) -> None:
        """Check the Statue of Liberty tickets: docks of the board, each once, each from a used ticket cafe."""
        docks = {f.id: f.points[0] for f in self.board.features_of("dock") if f.points}
        kept: list[str] = []
        for i, dock in self.shape.items(("tickets",), self.model.tickets):
            if dock not in docks:
                self.problems.append(error("unknown-dock", self.at("tickets", i),
                                           N_("{id} is not a dock of {board} (docks: {docks})."), id=show(dock),
                                           board=self.board.name, docks=", ".join(docks) or "-"))
            elif dock in kept:
                self.problems.append(error("duplicate-ticket", self.at("tickets", i),
                                           N_("The ticket for {id} is listed twice; each dock has one ticket."),
                                           id=show(dock)))
            else:
                kept.append(dock)
        paid = sum(1 for at, bonus in self.sheet.cafe_bonus.items()
                   if bonus == "ticket" and self.sheet.cafes.get(at) == "used")
        if len(kept) > paid:
            self.problems.append(error("ticket-without-cafe", self.at("tickets"),
                                       N_("{count} tickets are marked but only {paid} ticket cafe bonus(es) are used "
                                          "(struck through); a ticket comes from a cafe card."),
                                       count=len(kept), paid=paid))
            kept = kept[:paid]
        self.sheet.tickets = kept
        self.sheet.ticket_points = frozenset(docks[d] for d in kept)

    def personal_goal(self, level: str) -> None:
        """Check the three circled personal-goal intersections."""
        value = self.model.personal_goal
        written = value is not None or self.shape.replaced(("personal_goal",))
        if level == "simplified":
            if written:
                self.problems.append(warning("personal-goal-not-used", self.at("personal_goal"),
                                             N_("The simplified game has no personal goals; these intersections "
                                                "score nothing.")))
            return
        if value is None:
            if not written:
                self.problems.append(warning("no-personal-goal", self.at("personal_goal"),
                                             N_("No personal goal intersections given; row 8 scores 0.")))
            return
        on = [self.point(p, ("personal_goal", i), _GOAL_POINT) for i, p in enumerate(value)]
        if not all(on):
            return
        if len(set(value)) != 3:
            self.problems.append(error("bad-personal-goal", self.at("personal_goal"),
                                       N_("The three personal-goal intersections must be different.")))
            return
        half = _half_width(self.board)
        if half and not any(all(lo <= p[0] <= lo + half for p in value) for lo in range(0, self.cols, half)):
            self.problems.append(error("personal-goal-halves", self.at("personal_goal"),
                                       N_("The personal goal is placed on one half of the map (x {left} or x "
                                          "{right}); these intersections lie on both."),
                                       left=f"0..{half}", right=f"{half}..{self.cols}"))
            return
        self.sheet.personal_goal = tuple(value)

    def goal_values(self, manual_decks: tuple[str, ...]) -> None:
        """Check the player's own results for goal cards counted by hand."""
        if self.shape.replaced(("goal_values",)):
            return
        for deck, n in self.model.goal_values.items():
            if deck not in manual_decks:
                if manual_decks:
                    template = N_("The goal results name deck {deck}, but only manual goals take a value (decks "
                                  "with a manual goal: {decks}).")
                else:
                    template = N_("The goal results name deck {deck}, but only manual goals take a value (no goal "
                                  "is manual).")
                self.problems.append(error("unknown-goal", self.at("goal_values", deck), template, deck=show(deck),
                                           decks=", ".join(manual_decks)))
                continue
            self.sheet.goal_values[deck] = n
        for deck in manual_decks:
            if deck not in self.sheet.goal_values and not self.shape.replaced(("goal_values", deck)):
                self.problems.append(warning("missing-goal-value", self.at("goal_values"),
                                             N_("Goal {deck} is counted by hand but no result is given; it counts as "
                                                "not met."), deck=deck))

    def section_count(self, level: str, balance_sections: int | None = None) -> None:
        """Warn when more sections are drawn than 10 rounds, used cafe bonuses and balance cards explain."""
        sheet, board = self.sheet, self.board
        bonus = sum(1 for at, state in sheet.cafes.items()
                    if state == "used" and sheet.cafe_bonus.get(at, board.cafe_at(at).bonus) == "section") \
            if level != "simplified" else 0
        per_round = _segment_length(board)
        # London's starting subway section (seed l.884: "no different from the others") is drawn at setup, one per
        # player whenever the board deals starting cards: it counts like a round's section.
        start = START_SECTIONS if board.start_cards else 0
        base = ROUNDS * per_round + bonus + start
        extra = len(sheet.sections) - base
        if extra <= 0:
            return
        if any(f.type == "bonus_area" for f in board.features):
            # Paris: round bonuses (an extra section, a route change) add sections the sheet does not record.
            self.problems.append(warning(
                "too-many-sections", self.at("sections"),
                N_("{count} sections are drawn; {rounds} rounds give {rounds_base} and {bonus} used route-section "
                   "cafe bonus(es) one each: {base}. The other {extra} need round bonuses (the fourth box) or "
                   "route-section balance cards; otherwise a section is entered by mistake."),
                count=len(sheet.sections), rounds=ROUNDS, rounds_base=ROUNDS * SECTIONS_PER_ROUND, bonus=bonus,
                base=base, extra=extra))
        elif balance_sections is None:
            # A player may take any number of balance cards (seed ~l.429) and the sheet does not record them, so
            # more sections are legal: ask for the balance cards they need instead of claiming a maximum.
            self.problems.append(warning(
                "too-many-sections", self.at("sections"), _NEED_CARDS[bool(start)],
                count=len(sheet.sections), rounds=ROUNDS, rounds_base=ROUNDS * per_round, bonus=bonus,
                base=base, extra=extra, **({"start": start} if start else {})))
        elif extra > balance_sections:
            self.problems.append(warning(
                "too-many-sections", self.at("sections"), _AT_MOST[bool(start)],
                count=len(sheet.sections), rounds=ROUNDS, rounds_base=ROUNDS * per_round, bonus=bonus,
                cards=balance_sections, allowed=base + balance_sections))


# too-many-sections without / with a starting section drawn at setup (boards with starting cards)
_NEED_CARDS = (
    N_("{count} sections are drawn; {rounds} rounds give {rounds_base} and {bonus} used route-section cafe "
       "bonus(es) one each: {base}. The other {extra} need as many route-section balance cards taken at setup; "
       "without them a section is entered by mistake."),
    N_("{count} sections are drawn; {rounds} rounds give {rounds_base}, plus {start} starting section drawn at "
       "setup and {bonus} used route-section cafe bonus(es) one each: {base}. The other {extra} need as many "
       "route-section balance cards taken at setup; without them a section is entered by mistake."))
_AT_MOST = (
    N_("{count} sections are drawn, but {rounds} rounds allow {rounds_base}, plus {bonus} used route-section cafe "
       "bonus(es) and {cards} route-section balance card(s): at most {allowed}."),
    N_("{count} sections are drawn, but {rounds} rounds allow {rounds_base}, plus the starting section drawn at "
       "setup, {bonus} used route-section cafe bonus(es) and {cards} route-section balance card(s): at most "
       "{allowed}."))


def _segment_length(board: Board) -> int:
    """Sections of a turn's segment on this board's city (New York: 3)."""
    from .cityrules import rules_for

    return rules_for(board).segment_length


def _half_width(board: Board) -> int | None:
    """The width of one half when the city places the personal goal on one half of the map (New York), else None."""
    from .cityrules import rules_for

    return rules_for(board).personal_goal_half
