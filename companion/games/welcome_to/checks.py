"""Rule checks of one finished sheet: streets, bis, roundabouts, fences, pools, tracks and effects used.

Every check returns problems with paths relative to the player (`streets[1][4]`);
the game places them under `players[i]`. A check that needs a field which could
not be read (see `document.ReadSheet.unknown`) is skipped rather than guessed.
Messages number streets and houses from 1, left to right, as players count them;
paths keep the format's 0-based indexes.
"""

from __future__ import annotations

from collections.abc import Collection

from ..core.problems import N_, Msg, Problem, error, warning
from ..core.schema import join_path
from .data import ESTATE_SIZES, Rules
from .sheet import BIS, EMPTY, NUMBER, ROUNDABOUT, Sheet


def _at(street: int, house: int) -> str:
    """The path of a house."""
    return f"streets[{street}][{house}]"


def check_order(sheet: Sheet) -> list[Problem]:
    """Written numbers increase strictly from left to right; a roundabout starts a new run; bis houses are apart."""
    problems = []
    for s, row in enumerate(sheet.streets):
        previous: tuple[int, int] | None = None  # (house, number) of the last written number in this run
        for h, house in enumerate(row):
            if house.kind == ROUNDABOUT:
                previous = None
            elif house.kind == NUMBER:
                if previous is not None and house.number <= previous[1]:
                    problems.append(error("not-increasing", _at(s, h), N_(
                        "Street {street}, house {house} holds {number}, but house {left} to its left holds {before}: "
                        "numbers must increase from left to right (only a bis repeats a number)."),
                        street=s + 1, house=h + 1, number=house.number, left=previous[0] + 1, before=previous[1]))
                previous = (h, house.number)
    return problems


def check_bis(sheet: Sheet) -> list[Problem]:
    """Each bis sits next to the same number; each run of equal numbers has exactly one original; at most 9 bis."""
    problems = []
    seen = 0
    for s, row in enumerate(sheet.streets):
        h = 0
        while h < len(row):
            end = h
            while row[h].numbered and end + 1 < len(row) and row[end + 1].numbered \
                    and row[end + 1].number == row[h].number:
                end += 1
            group = row[h:end + 1]
            if end > h and all(x.kind == BIS for x in group):
                problems.append(error("bis-without-original", _at(s, h), N_(
                    "Street {street}, houses {first} to {last} all hold {number} as bis: a run of equal numbers "
                    "needs exactly one house written without \"b\" (the one the bis copied)."),
                    street=s + 1, first=h + 1, last=end + 1, number=row[h].number))
            elif end == h and row[h].kind == BIS:
                problems.append(error("bis-alone", _at(s, h), N_(
                    "Street {street}, house {house} is a bis of {number}, but no house next to it holds {number}: "
                    "a bis copies the number of an adjacent house."), street=s + 1, house=h + 1, number=row[h].number))
            h = end + 1
        for h, house in enumerate(row):
            if house.kind == BIS:
                seen += 1
                if seen > sheet.rules.max_bis:
                    problems.append(error("too-many-bis", _at(s, h), N_(
                        "This is bis number {n}; the bis track has {high} boxes."), n=seen, high=sheet.rules.max_bis))
    return problems


def check_roundabouts(sheet: Sheet, intermediate: bool, fences_known: bool) -> list[Problem]:
    """Roundabouts only with the intermediate rules, fenced on both sides, at most 2."""
    problems = []
    seen = 0
    for s, h, house in sheet.positions():
        if house.kind != ROUNDABOUT:
            continue
        seen += 1
        if not intermediate:
            problems.append(error("roundabout-not-allowed", _at(s, h), N_(
                "Street {street}, house {house} is a roundabout, but roundabouts belong to the intermediate rules "
                "(\"intermediate\": true)."), street=s + 1, house=h + 1))
        missing = [Msg(side) for side, i in ((N_("left"), h - 1), (N_("right"), h)) if not sheet.has_fence(s, i)]
        if fences_known and missing:
            problems.append(error("roundabout-without-fences", _at(s, h), N_(
                "The roundabout at street {street}, house {house} needs a fence on both sides; "
                "the {side} one is missing."), street=s + 1, house=h + 1,
                side=missing[0] if len(missing) == 1 else N_("left and right")))
        if seen > sheet.rules.max_roundabouts:
            problems.append(error("too-many-roundabouts", _at(s, h), N_(
                "This is roundabout number {n}; a player builds at most {high}."), n=seen,
                high=sheet.rules.max_roundabouts))
    return problems


def check_fences(sheet: Sheet) -> list[Problem]:
    """Fences stand between two houses of their street, each once."""
    problems = []
    for s, fences in enumerate(sheet.fences):
        seen: set[int] = set()
        last = len(sheet.streets[s]) - 2 if s < len(sheet.streets) else -1
        for k, i in enumerate(fences):
            path = f"fences[{s}][{k}]"
            if not 0 <= i <= last:
                problems.append(error("fence-out-of-range", path, N_(
                    "A fence {index} of street {street} would not stand between two houses: fences are 0 (between "
                    "houses 1 and 2) to {last}; the street ends are fenced already."), index=i, street=s + 1,
                    last=last))
            elif i in seen:
                problems.append(warning("duplicate-fence", path, N_(
                    "The fence right of house {house} of street {street} is listed twice."), house=i + 1, street=s + 1))
            seen.add(i)
    return problems


def check_pools(sheet: Sheet, streets_known: bool) -> list[Problem]:
    """Pools only on printed pool positions, on a house written with a number (not bis, not a roundabout), once."""
    problems = []
    seen: set[tuple[int, int]] = set()
    printed = ", ".join(f"[{s}, {h}]" for s, h in sorted(sheet.rules.pool_positions))
    for k, (s, h) in enumerate(sheet.pools):
        path = f"pools[{k}]"
        if (s, h) not in sheet.rules.pool_positions:
            problems.append(error("pool-not-printed", path, N_(
                "No pool is printed at [{s}, {h}]; the pool positions are {printed}."), s=s, h=h, printed=printed))
        elif (s, h) in seen:
            problems.append(error("pool-twice", path, N_("The pool at [{s}, {h}] is listed twice."), s=s, h=h))
        elif streets_known and h < len(sheet.streets[s]):
            kind = sheet.streets[s][h].kind
            reason = {EMPTY: N_("the house is empty"), BIS: N_("the house is a bis, written by the bis effect"),
                      ROUNDABOUT: N_("the house is a roundabout")}.get(kind)
            if reason:
                problems.append(error(f"pool-on-{kind}-house", path, N_(
                    "The pool at [{s}, {h}] cannot be built: {reason}; a pool is built with the number written "
                    "on its house."), s=s, h=h, reason=reason))
        seen.add((s, h))
    return problems


def _boxes(value: int, high: int, path: str, template: Msg, **params: object) -> list[Problem]:
    """Check a count of crossed boxes against its track (`template` names the track, with `{high}` and `{value}`)."""
    if value < 0:
        return [error("bad-number", path, N_("A count of crossed boxes cannot be negative, not {value}."),
                      value=value)]
    if value > high:
        return [error("beyond-track", path, template, value=value, high=high, **params)]
    return []


def check_tracks(sheet: Sheet, unknown: Collection[str]) -> list[Problem]:
    """Parks, estate values, temps and refusals stay within their tracks."""
    rules: Rules = sheet.rules
    problems = []
    if "parks" not in unknown:
        for s, n in enumerate(sheet.parks):
            problems += _boxes(n, rules.park_boxes(s), f"parks[{s}]", N_(
                "Street {street} has {high} park boxes, so {value} cannot be crossed."), street=s + 1)
    for size in ESTATE_SIZES:
        problems += _boxes(sheet.estate_values[size - 1], rules.estate_boxes(size),
                           join_path("estate_values", str(size)), N_(
                               "The value column of {size}-house estates has {high} boxes, so {value} cannot be "
                               "crossed."), size=size)
    problems += _boxes(sheet.temps, rules.temp_boxes, "temps", N_(
        "The temp agency column has {high} boxes, so {value} temps cannot be hired."))
    problems += _boxes(sheet.refusals, rules.max_refusals, "refusals", N_(
        "The permit refusal column has {high} boxes (the third ends the game), so {value} cannot be crossed."))
    return problems


def check_effects(sheet: Sheet, unknown: Collection[str]) -> list[Problem]:
    """No street has more parks than numbers written on it; no sheet uses more effects than numbers written."""
    problems = []
    if "parks" not in unknown:
        for s, n in enumerate(sheet.parks):
            written = sheet.count(NUMBER, s)
            if n > written:
                problems.append(error("parks-without-numbers", f"parks[{s}]", N_(
                    "Street {street} has {value} parks crossed but only {written} numbers written on it: a park is "
                    "crossed on the street where that round's number was written."), street=s + 1, value=n,
                    written=written))
    used, written = sheet.actions_used(), sheet.count(NUMBER)
    if used > written:
        problems.append(error("too-many-effects", "", N_(
            "The sheet uses {used} effects (parks {parks}, pools {pools}, temps {temps}, estate values {values}, "
            "bis {bis}, fences {fences}) but only {written} numbers were written (bis copies not counted): "
            "each written number allows one effect."), used=used, parks=sum(sheet.parks),
            pools=len(set(sheet.pools)), temps=sheet.temps, values=sum(sheet.estate_values), bis=sheet.bis_count,
            fences=sheet.surveyor_fences(), written=written))
    return problems


def check_sheet(sheet: Sheet, unknown: Collection[str], intermediate: bool) -> list[Problem]:
    """Every rule check of a finished sheet that needs no other player and no plan card."""
    problems = []
    streets = "streets" not in unknown
    if streets:
        problems += check_order(sheet) + check_bis(sheet)
        problems += check_roundabouts(sheet, intermediate, "fences" not in unknown)
    if "fences" not in unknown:
        problems += check_fences(sheet)
    if "pools" not in unknown:
        problems += check_pools(sheet, streets)
    problems += check_tracks(sheet, unknown)
    if streets:
        problems += check_effects(sheet, unknown)
    return problems
