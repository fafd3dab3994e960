"""One player's sheet in memory: houses, fences, pools and tracks, and what follows from them (estates, counts).

The same `Sheet` serves the finished sheet of a `welcome-to-game/1` document
and the live sheet a player fills at the table (`moves.py`): it is immutable,
and a move makes a new one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from .data import ESTATE_SIZES, RULES, Rules

EMPTY, NUMBER, BIS, ROUNDABOUT = "empty", "number", "bis", "roundabout"


@dataclass(frozen=True)
class House:
    """One house space: empty, a number, a bis copy of a number, or a roundabout."""

    kind: str = EMPTY
    number: int | None = None

    @property
    def built(self) -> bool:
        """Tell whether something is written here (roundabouts count as built for plans and the game end)."""
        return self.kind != EMPTY

    @property
    def numbered(self) -> bool:
        """Tell whether the house carries a number (written or bis)."""
        return self.kind in (NUMBER, BIS)

    def to_json(self) -> int | str | None:
        """Write the house as the format does: null, 7, "7b" or "R"."""
        if self.kind == NUMBER:
            return self.number
        if self.kind == BIS:
            return f"{self.number}b"
        return "R" if self.kind == ROUNDABOUT else None


NO_HOUSE = House()


@dataclass(frozen=True)
class Claim:
    """A city plan the player says they completed, and on which side of the card."""

    plan: int
    first: bool = False


@dataclass(frozen=True)
class Estate:
    """A completed estate: houses `start..end` (inclusive) of a street between two fences."""

    street: int
    start: int
    end: int

    @property
    def size(self) -> int:
        """Houses in the estate."""
        return self.end - self.start + 1

    @property
    def houses(self) -> frozenset[tuple[int, int]]:
        """The estate's houses as (street, house) pairs."""
        return frozenset((self.street, h) for h in range(self.start, self.end + 1))


@dataclass(frozen=True)
class Sheet:
    """A player's sheet; fences per street are house indexes `i` with a fence between houses i and i + 1."""

    player: str
    streets: tuple[tuple[House, ...], ...]
    fences: tuple[tuple[int, ...], ...] = ((), (), ())
    pools: tuple[tuple[int, int], ...] = ()
    parks: tuple[int, ...] = (0, 0, 0)
    estate_values: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # boxes crossed for sizes 1..6
    temps: int = 0
    refusals: int = 0
    claims: tuple[Claim, ...] = ()
    plan_houses: frozenset[tuple[int, int]] = frozenset()  # live sheet: houses taken by claimed plans
    plan_estates: tuple[Estate, ...] = ()  # live sheet: estates taken by claimed plans (fences cannot split them)
    rules: Rules = field(default=RULES, compare=False, repr=False)

    @classmethod
    def blank(cls, player: str = "", rules: Rules = RULES) -> Sheet:
        """An empty sheet, as at the start of a game."""
        streets = tuple(tuple(NO_HOUSE for _ in range(n)) for n in rules.street_sizes)
        return cls(player, streets, tuple(() for _ in streets), (), tuple(0 for _ in streets),
                   tuple(0 for _ in ESTATE_SIZES), rules=rules)

    def house(self, street: int, house: int) -> House:
        """The house at a position."""
        return self.streets[street][house]

    def with_house(self, street: int, index: int, value: House) -> Sheet:
        """A copy with one house replaced."""
        row = list(self.streets[street])
        row[index] = value
        streets = tuple(tuple(row) if s == street else r for s, r in enumerate(self.streets))
        return replace(self, streets=streets)

    def with_fence(self, street: int, index: int) -> Sheet:
        """A copy with one more fence (no change when it is already drawn)."""
        if self.has_fence(street, index):
            return self
        fences = tuple(tuple(sorted((*f, index))) if s == street else f for s, f in enumerate(self.fences))
        return replace(self, fences=fences)

    def has_fence(self, street: int, index: int) -> bool:
        """Tell whether a fence stands right of house `index` (street ends are always fenced)."""
        return index < 0 or index >= len(self.streets[street]) - 1 or index in self.fences[street]

    def positions(self) -> Iterator[tuple[int, int, House]]:
        """Every house as (street, index, house), street by street, left to right."""
        for s, row in enumerate(self.streets):
            for h, house in enumerate(row):
                yield s, h, house

    def count(self, kind: str, street: int | None = None) -> int:
        """Houses of a kind (number, bis, roundabout, empty), on one street or the whole sheet."""
        return sum(1 for s, _, house in self.positions() if house.kind == kind and street in (None, s))

    @property
    def bis_count(self) -> int:
        """Bis houses (each one is a box of the bis track)."""
        return self.count(BIS)

    @property
    def roundabout_count(self) -> int:
        """Roundabouts (each one is a box of the roundabout track)."""
        return self.count(ROUNDABOUT)

    def next_to_roundabout(self, street: int, index: int) -> bool:
        """Tell whether a fence right of house `index` touches a roundabout (drawn with it, not by a surveyor)."""
        row = self.streets[street]
        return any(0 <= h < len(row) and row[h].kind == ROUNDABOUT for h in (index, index + 1))

    def surveyor_fences(self) -> int:
        """Fences that cost a surveyor action: all but those beside a roundabout."""
        return sum(1 for s, fs in enumerate(self.fences) for i in set(fs)
                   if 0 <= i < len(self.streets[s]) - 1 and not self.next_to_roundabout(s, i))

    def actions_used(self) -> int:
        """Effects used: parks, pools, temps, estate value boxes, bis houses and surveyor fences."""
        return (sum(self.parks) + len(set(self.pools)) + self.temps + sum(self.estate_values) + self.bis_count
                + self.surveyor_fences())

    def estates(self) -> list[Estate]:
        """Every completed estate: a fenced run of 1 to 6 houses, all numbered (a roundabout is never in one)."""
        found = []
        for s, row in enumerate(self.streets):
            start = 0
            for h in range(len(row)):
                if self.has_fence(s, h):
                    if h - start + 1 <= max(ESTATE_SIZES) and all(row[i].numbered for i in range(start, h + 1)):
                        found.append(Estate(s, start, h))
                    start = h + 1
        return found

    def estate_counts(self) -> dict[int, int]:
        """Completed estates by size, 1..6."""
        counts = dict.fromkeys(ESTATE_SIZES, 0)
        for estate in self.estates():
            counts[estate.size] += 1
        return counts

    def street_full(self, street: int) -> bool:
        """Tell whether every house of a street is built (roundabouts count)."""
        return all(h.built for h in self.streets[street])

    def parks_full(self, street: int) -> bool:
        """Tell whether every park of a street is built."""
        return self.parks[street] >= self.rules.park_boxes(street)

    def pools_full(self, street: int) -> bool:
        """Tell whether every printed pool of a street is built."""
        built = set(self.pools)
        return all((street, h) in built for h in self.rules.pools_of(street))
