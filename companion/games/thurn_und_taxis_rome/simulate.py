"""A seeded simulator of legal games (2-4 players, both modules, the example board, everything tracked).

`play(seed)` plays one game through `apply_action` only, choosing at random among legal actions, and
tries three mutated actions on the way (a carriage moved north, a second tile of one bonus stack, a
reward taken twice); each must be refused with a message. It returns a `Result`: the problems met
(accepted actions with errors, mutations let through, a refused legal action), the score sheet and
counts. `bench/simulate_taxis.py` runs many games; the tests run a few.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .actions import apply_action
from .data import facts
from .posts import POST_OFFICES, stacks
from .scoring import score_table
from .setup import new_table
from .state import Table, table_to_json
from .tablereader import read_table

COLOURS = ("blue", "green", "red", "yellow")
NAMES = ("Anna", "Ben", "Scott", "Dave")
EXPECTED = {"move north": {"not-next-city"}, "second tile of a stack": {"bonus-stack-twice"},
            "reward twice": {"not-your-return", "already-returned", "no-returns"}}
TILE_VALUES = {"cardinal": 9, "bishop": 7, "priest": 5, "pastor": 3, "fifth": 1}


@dataclass
class Result:
    """One simulated game."""

    seed: int
    players: int
    problems: list[str] = field(default_factory=list)
    sheet: dict | None = None
    actions: int = 0
    mutations: int = 0
    refusals: list[tuple[str, str, str]] = field(default_factory=list)  # refused mutations: what, code, message
    turns: int = 0
    arrivals: int = 0


class _Game:
    """The state of one simulated game."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n = self.rng.choice((2, 3, 4))
        self.result = Result(seed, self.n)
        setup = {"seats": [{"player": NAMES[i], "colour": COLOURS[i]} for i in range(self.n)],
                 "track": "example", "posts": True, "tile_values": TILE_VALUES}
        table, problems = new_table(setup)
        assert table is not None, [p.to_json() for p in problems]
        self.table: Table = table

    def do(self, action: dict) -> bool:
        """Apply a legal action; a refusal is a problem of the simulator or the engine."""
        out = apply_action(self.table, action)
        self.result.actions += 1
        if not out.ok:
            self.result.problems.append(f"refused {action}: {[p.to_json()['code'] for p in out.problems]}")
            return False
        self.table = out.table
        return True

    def mutate(self, action: dict, what: str) -> None:
        """Try an illegal action: it must be refused with a message and leave the table as it was."""
        before = table_to_json(self.table)
        out = apply_action(self.table, action)
        self.result.mutations += 1
        errors = [p.to_json() for p in out.problems if p.severity == "error"]
        if out.ok or not errors or not all(e["message"] for e in errors) or table_to_json(out.table) != before:
            self.result.problems.append(f"mutation {what} not refused: {action}")
        elif what in EXPECTED and errors[0]["code"] not in EXPECTED[what]:
            self.result.problems.append(f"mutation {what} refused for another reason: {errors[0]['code']}")
        else:
            self.result.refusals.append((what, errors[0]["code"], errors[0]["message"]))

    # ---- moves -----------------------------------------------------------------------------------

    def place_clergy(self) -> None:
        """Each seat places its five ranks on the five carriages at random."""
        ranks = list(facts().rank_ids)
        for seat in range(self.n):
            self.rng.shuffle(ranks)
            self.do({"action": "place-clergy", "seat": seat, "assignment": dict(zip(facts().carriage_ids, ranks))})

    def random_route(self) -> list[str]:
        """A random path of 3-6 connected base cities."""
        f = facts()
        neighbours: dict[str, list[str]] = {}
        for road in f.roads:
            a, b = sorted(road)
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
        while True:
            path = [self.rng.choice(sorted(f.cities))]
            want = self.rng.randint(3, 6)
            while len(path) < want:
                options = sorted(set(neighbours[path[-1]]) - set(path))
                if not options:
                    break
                path.append(self.rng.choice(options))
            if len(path) >= 3:
                return path

    def score_route(self, seat: int) -> None:
        """Score a random route: some post offices, then random legal steps with its cards."""
        t = self.table
        cities = self.random_route()
        left = POST_OFFICES - t.posts.houses[seat]
        offices = [c for c in cities if self.rng.random() < 0.5][:left]
        f = facts()
        own = {c: 0 for c in f.carriage_ids}
        jokers = 0
        arrived = set(t.audience.arrivals)
        for city in cities:
            if city in offices:
                continue
            carriage = f.carriage_of_city(city)
            if carriage is None or carriage.id in arrived:
                jokers += 1
            else:
                own[carriage.id] += 1
        where = dict(t.audience.carriages)
        moves = []
        for _ in range(8):
            movable = [c for c in f.carriage_ids if c not in arrived and (own[c] or jokers)]
            if not movable or self.rng.random() < 0.15:
                break
            carriage = self.rng.choice(movable)
            to = self.rng.choice(t.audience.track.south_of(where[carriage]))
            if own[carriage]:
                own[carriage] -= 1
            else:
                jokers -= 1
            moves.append({"carriage": carriage, "to": to})
            where[carriage] = to
            if to == f.rome:
                arrived.add(carriage)
                jokers += own[carriage]
                own[carriage] = 0
        if self.rng.random() < 0.1:  # a mutation: a carriage not in Rome moved back north
            track = t.audience.track
            back = [(c, a) for c in f.carriage_ids if c not in t.audience.arrivals
                    for a, b in track.roads if b == t.audience.carriages[c]]
            if back:
                c, north = back[0]
                self.mutate({"action": "score-route", "seat": seat, "cities": ["Lodz", "Pilsen", "Budweis"],
                             "moves": [{"carriage": c, "to": north}]}, "move north")  # Lodz: a joker for any
        before = len(t.audience.arrivals)
        if self.do({"action": "score-route", "seat": seat, "cities": cities, "post_offices": offices,
                    "moves": moves}):
            self.result.arrivals += len(self.table.audience.arrivals) - before

    def take_bonus(self, seat: int) -> None:
        """Maybe take a bonus tile; sometimes try a second tile of a stack the seat holds (a mutation)."""
        posts = self.table.posts
        held = {s for s, _ in posts.bonus[seat] if s != "end_game"}
        if held and self.rng.random() < 0.3:
            self.mutate({"action": "take-bonus", "seat": seat, "stack": sorted(held)[0]}, "second tile of a stack")
        options = [s for s, tiles in stacks().items()
                   if s != "end_game" and s not in held and posts.taken(s) < len(tiles)]
        if options and self.rng.random() < 0.25:
            self.do({"action": "take-bonus", "seat": seat, "stack": self.rng.choice(sorted(options))})

    def returns(self) -> None:
        """Play out return rounds (or the final return): each seat returns a random set of different tiles."""
        while self.table.offices.returning is not None:
            r = self.table.offices.returning
            seat = r.queue[0]
            hand = self.table.offices.hands[seat]
            kinds = [k for k, v in hand.items() if v]
            self.rng.shuffle(kinds)
            low = 0 if r.kind == "final" else 1
            chosen = kinds[:self.rng.randint(low, len(kinds))]
            if self.do({"action": "return-offices", "seat": seat, "kinds": chosen}):
                again = self.table.offices.returning
                if self.rng.random() < 0.3 and (again is None or seat not in again.queue):  # the reward again
                    self.mutate({"action": "return-offices", "seat": seat, "kinds": chosen}, "reward twice")
                if self.table.ended and self.table.offices.returning is None:
                    break
            else:
                break

    def turn(self) -> None:
        """One turn of the active seat."""
        seat = self.table.turn.active
        t = self.table
        if self.rng.random() < 0.7:
            open_stacks = [k for k, v in t.offices.stacks.items() if v]
            self.do({"action": "take-office", "seat": seat, "office": self.rng.choice(open_stacks)})
            self.returns()
        self.score_route(seat)
        self.take_bonus(seat)
        if self.rng.random() < 0.01 and self.table.posts.final_round is None:
            self.do({"action": "trigger-end", "seat": seat})
        self.do({"action": "end-turn", "seat": seat})
        self.result.turns += 1

    def play(self) -> Result:
        """Play to the end and build the score sheet."""
        self.place_clergy()
        while not self.table.ended and self.result.turns < 600 and not self.result.problems:
            self.turn()
        if not self.table.ended:
            self.result.problems.append("the game did not end")
            return self.result
        self.returns()
        back, problems = read_table(table_to_json(self.table))
        if back != self.table:
            self.result.problems.append(f"state does not read back: {[p.code for p in problems]}")
        base = [{"carriage": self.rng.choice([None, 3, 4, 5, 6, 7])} for _ in range(self.n)]
        sheet = score_table(self.table, base)
        self.result.sheet = sheet
        if sheet["problems"] or any(p["total"] is None for p in sheet["players"]):
            self.result.problems.append(f"score sheet problems: {sheet['problems']}")
        return self.result


def play(seed: int) -> Result:
    """Play one seeded game."""
    return _Game(seed).play()
