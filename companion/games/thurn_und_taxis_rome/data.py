"""Game facts: the base game's cities, roads, bonus tiles and carriages, and the expansion's facts from the seed.

Everything is read once from `data/` into frozen dataclasses and checked at load time, so a broken
data file fails loudly at import instead of scoring wrongly.
"""

from __future__ import annotations

import csv
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

DATA = Path(__file__).resolve().parent / "data"


class DataError(RuntimeError):
    """A shipped data file contradicts itself or another one."""


@dataclass(frozen=True)
class BonusTile:
    """One base-game bonus tile (`bonus-tiles.csv`); stack position 1 is the top tile."""

    type: str
    applies_to: str | None
    route_length: int | None
    stack_position: int
    points: int

    @property
    def stack(self) -> tuple[str, str | None, int | None]:
        """The stack this tile lies in."""
        return (self.type, self.applies_to, self.route_length)


@dataclass(frozen=True)
class Carriage:
    """One country's carriage on the Road to Rome."""

    id: str
    name: str
    group: str  # the province group as the bonus tiles name it
    provinces: tuple[str, ...]
    start: str


@dataclass(frozen=True)
class Rank:
    """One clergy rank; `seed` is its name in the seed (None: the seed does not name it)."""

    id: str
    name: str
    seed: str | None


@dataclass(frozen=True)
class Office:
    """One official's stack of office-of-honor tiles: tiles in play by player count."""

    id: str
    name: str
    tiles: Mapping[int, int]


@dataclass(frozen=True)
class Facts:
    """Every fact the engine uses."""

    cities: Mapping[str, str]  # base city -> province
    roads: frozenset[frozenset[str]]  # base-map direct links
    bonus_tiles: tuple[BonusTile, ...]
    carriage_points: Mapping[int, int]  # carriage (route length) -> points
    carriages: tuple[Carriage, ...]
    joker_provinces: frozenset[str]
    rome: str
    two_player_cities: tuple[str, ...]
    seed_roads: tuple[tuple[str, str], ...]
    ranks: tuple[Rank, ...]
    colours: tuple[str, ...]
    offices: tuple[Office, ...]
    return_rewards: Mapping[int, str]
    final_return_rewards: Mapping[int, str]
    vp_coins: int

    def carriage(self, carriage_id: str) -> Carriage | None:
        """Return the carriage with this id, or None."""
        return next((c for c in self.carriages if c.id == carriage_id), None)

    def carriage_of_city(self, city: str) -> Carriage | None:
        """Return the carriage a base city's card moves, or None for a joker city (Lodz)."""
        province = self.cities.get(city)
        return next((c for c in self.carriages if province in c.provinces), None)

    @property
    def carriage_ids(self) -> tuple[str, ...]:
        """The carriage ids in data order."""
        return tuple(c.id for c in self.carriages)

    @property
    def rank_ids(self) -> tuple[str, ...]:
        """The clergy rank ids in data order."""
        return tuple(r.id for r in self.ranks)

    @property
    def office_ids(self) -> tuple[str, ...]:
        """The office ids in data order."""
        return tuple(o.id for o in self.offices)

    def office_tiles(self, players: int) -> dict[str, int]:
        """Return the tiles in play per office for a player count."""
        return {o.id: o.tiles[players] for o in self.offices}


def fold(name: str) -> str:
    """Fold a place name for matching: no accents, no case, single spaces (Lörrach = lorrach)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def _csv(name: str) -> list[dict[str, str]]:
    """Read one CSV data file."""
    with open(DATA / name, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _int_or_none(text: str) -> int | None:
    """Read an optional whole number column."""
    return int(text) if text.strip() else None


def _load_base() -> tuple[dict[str, str], frozenset[frozenset[str]], list[BonusTile], dict[int, int]]:
    """Read the base game's cities, roads, bonus tiles and carriage points."""
    cities = {row["city"]: row["province"] for row in _csv("cities.csv")}
    provinces = {row["province"] for row in _csv("provinces.csv")}
    if set(cities.values()) - provinces:
        raise DataError(f"cities.csv names unknown provinces: {sorted(set(cities.values()) - provinces)}")
    roads = frozenset(frozenset((row["city_a"], row["city_b"])) for row in _csv("connections.csv"))
    for road in roads:
        if len(road) != 2 or not road <= cities.keys():
            raise DataError(f"connections.csv has a bad road: {sorted(road)}")
    tiles, carriage = [], {}
    for row in _csv("bonus-tiles.csv"):
        length = _int_or_none(row["route_length"])
        if row["type"] == "carriage":
            carriage[int(length or 0)] = int(row["points"])
            continue
        applies = row["applies_to"] if row["type"] == "province" else None
        tiles.append(BonusTile(row["type"], applies, length, int(row["stack_position"]), int(row["points"])))
    return cities, roads, tiles, carriage


def _check_tiles(tiles: list[BonusTile]) -> None:
    """Check that every stack is numbered 1..n from the top and its points fall from top to bottom."""
    stacks: dict[tuple, list[BonusTile]] = {}
    for tile in tiles:
        stacks.setdefault(tile.stack, []).append(tile)
    for stack, members in stacks.items():
        members.sort(key=lambda t: t.stack_position)
        if [t.stack_position for t in members] != list(range(1, len(members) + 1)):
            raise DataError(f"bonus stack {stack} is not numbered 1..n")
        if len({t.points for t in members}) != len(members):
            raise DataError(f"bonus stack {stack} has two tiles of the same points")


@cache
def facts() -> Facts:
    """Load and check every fact once."""
    cities, roads, tiles, carriage_points = _load_base()
    _check_tiles(tiles)
    rome = json.loads((DATA / "rome.json").read_text(encoding="utf-8"))
    carriages = tuple(Carriage(c["id"], c["name"], c["group"], tuple(c["provinces"]), c["start"])
                      for c in rome["carriages"])
    jokers = frozenset(rome["joker_provinces"])
    for province in set(cities.values()):
        owners = [c.id for c in carriages if province in c.provinces]
        if len(owners) + (province in jokers) != 1:
            raise DataError(f"province {province} must move exactly one carriage or be a joker")
    groups = {t.applies_to for t in tiles if t.type == "province"}
    if groups != {c.group for c in carriages}:
        raise DataError("the carriages' province groups differ from the bonus tiles' groups")
    offices = tuple(Office(o["id"], o["name"], MappingProxyType({int(k): v for k, v in o["tiles"].items()}))
                    for o in rome["offices"])
    for office in offices:
        if sorted(office.tiles) != [2, 3, 4] or not office.tiles[2] <= office.tiles[3] <= office.tiles[4]:
            raise DataError(f"office {office.id} needs tile counts for 2, 3 and 4 players")
    ranks = tuple(Rank(r["id"], r["name"], r["seed"]) for r in rome["ranks"])
    if len(ranks) != len(carriages):
        raise DataError("each player places one clergy tile on each carriage: as many ranks as carriages")
    if len(rome["two_player_cities"]) != len(carriages):
        raise DataError("the 2-player placement must place every carriage")
    return Facts(
        cities=MappingProxyType(cities), roads=roads, bonus_tiles=tuple(tiles),
        carriage_points=MappingProxyType(carriage_points), carriages=carriages, joker_provinces=jokers,
        rome=rome["rome"], two_player_cities=tuple(rome["two_player_cities"]),
        seed_roads=tuple((a, b) for a, b in rome["seed_roads"]), ranks=ranks, colours=tuple(rome["colours"]),
        offices=offices,
        return_rewards=MappingProxyType({int(k): v for k, v in rome["return_rewards"].items()}),
        final_return_rewards=MappingProxyType({int(k): v for k, v in rome["final_return_rewards"].items()}),
        vp_coins=int(rome["vp_coins"]))
