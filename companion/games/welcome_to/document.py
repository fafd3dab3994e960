"""Reading `welcome-to-game/1`: the document models (shape) and the houses of each street.

Shape is checked by pydantic models (`Doc`); each player is read on their own,
so a broken sheet does not stop the others. When a field of a sheet has the
wrong shape, the rest of the sheet is still read and checked, with that field
left at its empty default and marked unknown, so that every problem is found
in one pass without follow-on noise from the broken field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from ..core.problems import N_, Problem, error
from ..core.schema import Bool, Doc, Field, Int, NonEmptyStr, join_path, show
from ..core.schema import problems_of as _problems_of
from .data import ESTATE_SIZES, MAX_NUMBER, Rules
from .sheet import BIS, EMPTY, NUMBER, ROUNDABOUT, Claim, House, Sheet

GAME_FORMAT = "welcome-to-game/1"
MODES = ("standard", "solo", "advanced")

_BIS = re.compile(r"(\d{1,3})b")


class ClaimDoc(Doc):
    """A plan the player completed (`{"plan": 1, "first": true}`)."""

    plan: Int = Field(title=N_("The claimed plan"))
    first: Bool = Field(default=False, title=N_("The plan's side (first)"))


class PlayerDoc(Doc):
    """One player's finished sheet."""

    player: NonEmptyStr = Field(title=N_("The player's name"))
    streets: list[list[Any]] = Field(title=N_("The streets"))
    fences: list[list[Int]] = Field(default_factory=lambda: [[], [], []], title=N_("The fences"))
    pools: list[tuple[Int, Int]] = Field(default_factory=list, title=N_("A pool"))
    parks: list[Int] = Field(default_factory=lambda: [0, 0, 0], title=N_("The park boxes crossed"))
    estate_values: dict[str, Int] = Field(default_factory=dict, title=N_("The estate value boxes crossed"))
    temps: Int = Field(default=0, title=N_("The temps hired"))
    refusals: Int = Field(default=0, title=N_("The permit refusals"))
    plans: list[ClaimDoc] = Field(default_factory=list, title=N_("The completed plans"))
    log: Any = Field(default=None, title=N_("The round log"))  # checked by roundlog.py


class GameDoc(Doc):
    """The document around the players (the players are read one by one)."""

    format: Literal["welcome-to-game/1"]
    mode: Literal["standard", "solo", "advanced"] = Field(default="standard", title=N_("The mode"))
    intermediate: Bool = Field(default=False, title=N_("The intermediate rules"))
    plans: list[Int] = Field(title=N_("The plans in play"))
    players: list[Any]
    rounds: Any = Field(default=None, title=N_("The rounds"))  # checked by roundlog.py


@dataclass(frozen=True)
class ReadSheet:
    """A sheet as read, with the fields that could not be read (left empty and not cross-checked)."""

    sheet: Sheet
    unknown: frozenset[str]
    problems: list[Problem]


def read_model(model: type[Doc], raw: dict, path: str, defaults: dict[str, Any]) -> tuple[Doc | None, set[str],
                                                                                          list[Problem]]:
    """Read a model; on shape errors, read it again without the broken fields (`defaults` stand in for them).

    Returns the model (None if even that fails), the names of the fields that were broken, and the problems.
    """
    try:
        return model.model_validate(raw), set(), []
    except ValidationError as exc:
        problems = _problems_of(exc, model, path)
        bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]} & set(model.model_fields)
    kept = {k: v for k, v in raw.items() if k in model.model_fields and k not in bad}
    kept.update({k: v for k, v in defaults.items() if k in bad})
    try:
        return model.model_validate(kept), bad, problems
    except ValidationError:  # a required field without a stand-in: nothing more can be read
        return None, bad, problems


def read_house(value: Any, path: str) -> tuple[House, list[Problem]]:
    """Read one house: null, a number 0–17, a bis "<n>b", or "R"."""
    if value is None:
        return House(EMPTY), []
    if type(value) is int:
        house = House(NUMBER, value)
    elif isinstance(value, str) and value == "R":
        return House(ROUNDABOUT), []
    elif isinstance(value, str) and _BIS.fullmatch(value):
        house = House(BIS, int(value[:-1]))
    else:
        return House(EMPTY), [error("bad-house", path, N_(
            "A house is empty (null), a number 0 to {high}, a bis like \"7b\" or a roundabout \"R\", not {value}."),
            high=MAX_NUMBER, value=show(value))]
    if not 0 <= house.number <= MAX_NUMBER:
        return house, [error("number-out-of-range", path, N_("House numbers run from 0 to {high}, not {number}."),
                             high=MAX_NUMBER, number=house.number)]
    return house, []


def _streets(raw: list[list[Any]], rules: Rules, problems: list[Problem]) -> tuple[tuple[House, ...], ...] | None:
    """Read every street's houses; None when the sheet does not have the right number of streets."""
    sizes = rules.street_sizes
    streets = []
    for s, row in enumerate(raw):
        path = join_path("streets", s)
        if s < len(sizes) and len(row) != sizes[s]:
            problems.append(error("street-length", path, N_("Street {street} has {size} houses, not {found}."),
                                  street=s + 1, size=sizes[s], found=len(row)))
        houses = []
        for h, value in enumerate(row):
            house, found = read_house(value, join_path(path, h))
            houses.append(house)
            problems.extend(found)
        streets.append(tuple(houses))
    if len(raw) != len(sizes):
        problems.append(error("street-count", "streets", N_("A sheet has {count} streets, not {found}."),
                              count=len(sizes), found=len(raw)))
        return None
    return tuple(streets)


def _per_street(value: list, key: str, rules: Rules, what: str, problems: list[Problem]) -> bool:
    """Check that a per-street list has one entry per street."""
    if len(value) == len(rules.street_sizes):
        return True
    problems.append(error("street-count", key, N_("{what} needs one entry per street ({count}), not {found}."),
                          what=what, count=len(rules.street_sizes), found=len(value)))
    return False


def read_sheet(raw: Any, rules: Rules) -> ReadSheet:
    """Read one player's sheet (paths relative to the player); every field is unknown when it is no object."""
    if not isinstance(raw, dict):
        return ReadSheet(Sheet.blank("?", rules), frozenset(PlayerDoc.model_fields), [error(
            "not-an-object", "", N_("A player's sheet is a JSON object with \"player\" and \"streets\", not {value}."),
            value=show(raw))])
    defaults = {"player": "?", "streets": [[None] * n for n in rules.street_sizes]}
    doc, unknown, problems = read_model(PlayerDoc, raw, "", defaults)
    if not isinstance(doc, PlayerDoc):
        return ReadSheet(Sheet.blank(raw_name(raw) or "?", rules), frozenset(PlayerDoc.model_fields), problems)
    streets = _streets(doc.streets, rules, problems) if "streets" not in unknown else None
    if streets is None:
        unknown.add("streets")
        streets = Sheet.blank(rules=rules).streets
    elif any(len(row) != n for row, n in zip(streets, rules.street_sizes)):  # reported as street-length
        unknown.add("street_sizes")  # the rows are checked, but no printed house (a plan's) can be looked up
    fences: tuple[tuple[int, ...], ...] = tuple(() for _ in rules.street_sizes)
    if "fences" not in unknown and _per_street(doc.fences, "fences", rules, N_("The fences"), problems):
        fences = tuple(tuple(f) for f in doc.fences)
    elif "fences" not in unknown:
        unknown.add("fences")
    parks: tuple[int, ...] = tuple(0 for _ in rules.street_sizes)
    if "parks" not in unknown and _per_street(doc.parks, "parks", rules, N_("The park boxes crossed"), problems):
        parks = tuple(doc.parks)
    elif "parks" not in unknown:
        unknown.add("parks")
    values = [0 for _ in ESTATE_SIZES]
    for key, n in doc.estate_values.items():
        if key in {str(size) for size in ESTATE_SIZES}:
            values[int(key) - 1] = n
        else:
            problems.append(error("unknown-estate-size", join_path("estate_values", key), N_(
                "Estate value columns are \"1\" to \"6\" (the estate sizes), not {key}."), key=show(key)))
    claims = tuple(Claim(c.plan, c.first) for c in doc.plans)
    sheet = Sheet(doc.player, streets, fences, tuple(doc.pools), parks, tuple(values), doc.temps, doc.refusals,
                  claims, rules=rules)
    return ReadSheet(sheet, frozenset(unknown), problems)


def sheet_to_json(sheet: Sheet) -> dict:
    """Write a sheet as a `welcome-to-game/1` player object (live sheets become game documents this way)."""
    return {"player": sheet.player, "streets": [[h.to_json() for h in row] for row in sheet.streets],
            "fences": [sorted(set(f)) for f in sheet.fences], "pools": [list(p) for p in sheet.pools],
            "parks": list(sheet.parks),
            "estate_values": {str(n): v for n, v in zip(ESTATE_SIZES, sheet.estate_values) if v},
            "temps": sheet.temps, "refusals": sheet.refusals,
            "plans": [{"plan": c.plan, "first": c.first} for c in sheet.claims]}


def raw_name(raw: Any) -> str | None:
    """The player's name as written, when a sheet could not be read."""
    name = raw.get("player") if isinstance(raw, dict) else None
    return name if isinstance(name, str) else None


__all__ = ["GAME_FORMAT", "MODES", "ClaimDoc", "GameDoc", "PlayerDoc", "ReadSheet", "read_house", "read_model",
           "read_sheet", "raw_name", "sheet_to_json"]
