"""The sheet's constants (`data/sheet.json`) and the 28 city plans (`data/plans.csv`), read and checked once.

Both files are copies of the shared game data. Everything is loaded into frozen
dataclasses; a file that breaks an assumption the engine relies on (a track that
does not start at 0, a pool position off the sheet, an estate plan size of 7, an
advanced plan whose phrase names no street) raises `DataError` at import time,
so a bad data edit can never turn into a wrong score.
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"

MAX_NUMBER = 17  # a house number is 0..17: cards show 1..15 and the temp agency moves them by up to 2
ESTATE_SIZES = (1, 2, 3, 4, 5, 6)

# Plan kinds and what their parameter is (None: no parameter); the phrase in plans.csv must carry it.
PLAN_KINDS = {
    "estate": None,
    "full-street": "street",
    "end-houses": None,
    "five-bis": "count",
    "seven-temps": "count",
    "two-streets-parks": "count",
    "two-streets-pools": "count",
    "complete-street": None,
    "street-parks-pools": "street",
}
_WORDS = {"one": 1, "two": 2, "three": 3}


class DataError(ValueError):
    """A shipped data file breaks an assumption of the engine."""


@dataclass(frozen=True)
class Rules:
    """The score sheet: streets, pool positions and every track (points by boxes crossed, index 0 = none)."""

    street_sizes: tuple[int, ...]
    pool_positions: frozenset[tuple[int, int]]
    pool_track: tuple[int, ...]
    park_tracks: tuple[tuple[int, ...], ...]
    temp_points_by_rank: tuple[int, ...]
    temp_boxes: int
    temp_solo_points: int
    temp_solo_min: int
    estate_tracks: tuple[tuple[int, ...], ...]  # index 0: 1-house estates ... index 5: 6-house estates
    bis_track: tuple[int, ...]
    refusal_track: tuple[int, ...]
    roundabout_track: tuple[int, ...]

    @property
    def max_bis(self) -> int:
        """Most bis houses a sheet can hold (the bis track's boxes)."""
        return len(self.bis_track) - 1

    @property
    def max_refusals(self) -> int:
        """Most permit refusals (the third ends the game)."""
        return len(self.refusal_track) - 1

    @property
    def max_roundabouts(self) -> int:
        """Most roundabouts a player may build."""
        return len(self.roundabout_track) - 1

    def park_boxes(self, street: int) -> int:
        """Park boxes printed on a street."""
        return len(self.park_tracks[street]) - 1

    def estate_track(self, size: int) -> tuple[int, ...]:
        """The value track of an estate size (1..6)."""
        return self.estate_tracks[size - 1]

    def estate_boxes(self, size: int) -> int:
        """Value boxes printed in an estate-size column."""
        return len(self.estate_track(size)) - 1

    def pools_of(self, street: int) -> tuple[int, ...]:
        """The houses of a street with a printed pool, left to right."""
        return tuple(sorted(h for s, h in self.pool_positions if s == street))


@dataclass(frozen=True)
class Plan:
    """One city plan card; `id` is its 1-based row in plans.csv."""

    id: int
    variant: str  # "basic" or "advanced" (advanced plans need the intermediate rules)
    stack: int  # n°1, n°2 or n°3
    first_points: int
    later_points: int
    kind: str
    condition: str
    sizes: tuple[int, ...] = ()  # estate plans: the sizes of the estates needed, ascending
    street: int | None = None  # plans about one printed street: its 0-based index
    count: int | None = None  # plans that need a number of things (bis houses, temps, streets)

    @property
    def advanced(self) -> bool:
        """Tell whether the plan belongs to the intermediate rules."""
        return self.variant == "advanced"


def _track(value: object, what: str, length: int | None = None) -> tuple[int, ...]:
    """Read a points track: whole numbers, starting at 0 boxes crossed, never falling."""
    if not isinstance(value, list) or not value or not all(type(v) is int for v in value):
        raise DataError(f"{what} must be a non-empty list of whole numbers")
    if length is not None and len(value) != length:
        raise DataError(f"{what} must have {length} entries, not {len(value)}")
    if any(b < a for a, b in zip(value, value[1:])):
        raise DataError(f"{what} must never fall as boxes are crossed")
    return tuple(value)


def load_rules(path: Path = DATA / "sheet.json") -> Rules:
    """Read and check the sheet constants."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    sizes = tuple(raw["street_sizes"])
    if not sizes or not all(type(n) is int and n > 0 for n in sizes):
        raise DataError("street_sizes must be positive whole numbers")
    pools = frozenset(tuple(p) for p in raw["pool_positions"])
    if len(pools) != len(raw["pool_positions"]):
        raise DataError("pool_positions lists a house twice")
    for s, h in pools:
        if not (0 <= s < len(sizes) and 0 <= h < sizes[s]):
            raise DataError(f"pool position {[s, h]} is not a house of the sheet")
    temp = raw["temp_agency"]
    parks = tuple(_track(t, f"park track {i + 1}") for i, t in enumerate(raw["park_tracks"]))
    if len(parks) != len(sizes):
        raise DataError("park_tracks needs one track per street")
    columns = raw["estate_value_tracks"]
    if sorted(columns) != [str(n) for n in ESTATE_SIZES]:
        raise DataError("estate_value_tracks needs the sizes 1 to 6")
    estates = tuple(_track(columns[str(n)], f"estate value track {n}") for n in ESTATE_SIZES)
    by_rank = temp["points_by_rank"]
    if not by_rank or not all(type(v) is int and v > 0 for v in by_rank) or sorted(by_rank, reverse=True) != by_rank:
        raise DataError("temp agency points_by_rank must be positive and never rise")
    penalties = raw["penalties"]
    rules = Rules(
        street_sizes=sizes, pool_positions=pools,
        pool_track=_track(raw["pool_track"], "pool track", len(pools) + 1),
        park_tracks=parks,
        temp_points_by_rank=tuple(by_rank),
        temp_boxes=temp["track_boxes"], temp_solo_points=temp["solo_points"], temp_solo_min=temp["solo_min_temps"],
        estate_tracks=estates,
        bis_track=_track(penalties["bis_track"], "bis track"),
        refusal_track=_track(penalties["permit_refusal_track"], "permit refusal track"),
        roundabout_track=_track(penalties["roundabout_track"], "roundabout track"),
    )
    for name in ("temp_boxes", "temp_solo_points", "temp_solo_min"):
        if type(getattr(rules, name)) is not int or getattr(rules, name) < 0:
            raise DataError(f"temp agency {name} must be a whole number")
    for track in (rules.pool_track, *parks, *estates, rules.bis_track, rules.refusal_track,
                  rules.roundabout_track):
        if track[0] < 0:
            raise DataError("tracks count points, never below 0")
    if rules.pool_track[0] or any(t[0] for t in parks) or rules.bis_track[0] or rules.roundabout_track[0]:
        raise DataError("pools, parks, bis and roundabouts are worth 0 with no box crossed")
    return rules


def _parameter(kind: str, condition: str, streets: int, row: int) -> dict:
    """Find a plan's street or count in its phrase."""
    need = PLAN_KINDS[kind]
    if need == "street":
        found = re.search(r"\bstreet (\d+)\b", condition)
        if not found or not 1 <= int(found.group(1)) <= streets:
            raise DataError(f"plans.csv row {row}: {condition!r} names no street 1 to {streets}")
        return {"street": int(found.group(1)) - 1}
    if need == "count":
        found = re.search(r"\b(\d+|one|two|three)\b", condition)
        if not found:
            raise DataError(f"plans.csv row {row}: {condition!r} names no count")
        word = found.group(1)
        return {"count": _WORDS[word] if word in _WORDS else int(word)}
    return {}


def load_plans(rules: Rules, path: Path = DATA / "plans.csv") -> dict[int, Plan]:
    """Read and check the city plans, keyed by id (1-based row number)."""
    plans: dict[int, Plan] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row, rec in enumerate(csv.DictReader(handle), start=1):
            kind = rec["kind"]
            if kind not in PLAN_KINDS:
                raise DataError(f"plans.csv row {row}: unknown kind {kind!r}")
            first, later, stack = int(rec["first_points"]), int(rec["later_points"]), int(rec["stack"])
            if not 0 < later <= first or stack not in (1, 2, 3) or rec["variant"] not in ("basic", "advanced"):
                raise DataError(f"plans.csv row {row}: points, stack or variant out of range")
            extra: dict = {}
            if kind == "estate":
                sizes = tuple(int(n) for n in rec["condition"].split("-"))
                if not sizes or any(n not in ESTATE_SIZES for n in sizes) or list(sizes) != sorted(sizes):
                    raise DataError(f"plans.csv row {row}: estate sizes must be 1 to 6, ascending")
                extra["sizes"] = sizes
            else:
                extra = _parameter(kind, rec["condition"], len(rules.street_sizes), row)
            plans[row] = Plan(row, rec["variant"], stack, first, later, kind, rec["condition"], **extra)
    if not plans:
        raise DataError("plans.csv holds no plan")
    return plans


@cache
def rules() -> Rules:
    """The shipped sheet constants."""
    return load_rules()


@cache
def plans() -> dict[int, Plan]:
    """The shipped city plans by id."""
    return load_plans(rules())


RULES = rules()
PLANS = plans()
