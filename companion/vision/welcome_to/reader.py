"""Read a phone photo of a filled-in printed Welcome To sheet into a draft `welcome-to-game/1` player object.

`read_photo(data)` finds the sheet (corner markers, perspective, page code of kind 3), straightens it onto the
blank print tile by tile, refuses a photo it cannot trust (blur, glare, hard shadow, too small) with the reason
and how to retake it, then decides every house number (digit classifier), bis and roundabout box, pool, fence
and track box, each with a confidence. The draft is only a proposal: the page shows it over the photo with the
doubtful items flagged, and nothing is saved before the player confirms it (through the ordinary import).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from companion.games.core.problems import N_

from ..locate import Located, PhotoError, decode_image, local_shift, locate, rectify
from ..marks import ink_of
from ..quality import MAX_BLUR_MM, MAX_GLARE, MAX_MOTION_MM, MAX_SHADOW_STEP, MIN_PX_PER_MM, Quality
from ..quality import measure as measure_quality
from .sheetgeom import SheetGeometry, blank_sheet, page_size_landscape, sheet_geometry
from .sheetmarks import Item, read_items

__all__ = ["PhotoError", "Reading", "read_photo", "read_image", "to_draft"]

KIND = 3  # pagecode.KINDS[3] == "welcome-to-sheet"
CAMERA_ID = "welcome-to/sheet"  # printables.welcome_to.sheet.CAMERA_ID (a test checks they agree)
NO_SHEET = N_("No printed sheet found: the photo must show the four black corner squares of a Welcome To sheet "
              "printed by the companion ({found} of 4 seen).")
OTHER_GAME = N_("This is a printed page of another game: read it on that game's own page.")


@dataclass
class Reading:
    """What a photo says: the draft sheet, every item decided, and how long it took."""

    paper: str
    lang: str
    draft: dict
    items: list[Item] = field(default_factory=list)
    seconds: float = 0.0
    rectified: np.ndarray | None = None
    quality: Quality | None = None

    @property
    def doubtful(self) -> list[Item]:
        """Return the items the player should check."""
        return [i for i in self.items if i.doubtful]


def read_photo(data: bytes, player: str = "?", strict: bool = True) -> Reading:
    """Read photo bytes; PhotoError (with a player-facing message) if impossible or not trustworthy."""
    started = time.perf_counter()
    reading = read_image(decode_image(data), player, strict)
    reading.seconds = time.perf_counter() - started
    return reading


def locate_sheet(photo: np.ndarray) -> Located:
    """Find a Welcome To sheet (landscape) in a photo; another game's page (an En Route map) is named as such."""
    located = locate(photo, page_size_landscape, NO_SHEET)  # an upright page is tried too: its code names it
    if located.code.kind != KIND:
        raise PhotoError(OTHER_GAME)
    if not located.code.matches(CAMERA_ID):  # only one sheet name exists: this is a misread code (blur, shake)
        raise PhotoError(N_("The corner squares are there, but the page code between the two bottom squares cannot "
                            "be read: take the photo again with the whole page sharp and in the light."))
    return located


def check(quality: Quality) -> None:
    """Refuse a photo the reader cannot trust, with the reason and how to take it again (the En Route limits)."""
    if quality.px_per_mm < MIN_PX_PER_MM:
        raise PhotoError(N_("The sheet is too small in this photo to read the numbers: come closer, so the sheet "
                            "fills most of the photo, and take it again."))
    if quality.blur_mm > MAX_BLUR_MM or quality.motion_mm > MAX_MOTION_MM:
        raise PhotoError(N_("This photo of the sheet is blurred: hold the phone still, let it focus on the sheet "
                            "(tap the screen) and take it again."))
    if quality.glare > MAX_GLARE:
        raise PhotoError(N_("Light reflects off part of the sheet and washes out the print: tilt the sheet or the "
                            "phone a little, or move away from the lamp, and take it again."))
    if quality.shadow_step > MAX_SHADOW_STEP:
        raise PhotoError(N_("A hard shadow falls across the sheet: move so that your shadow or the phone's is off "
                            "the sheet, and take it again."))


def read_image(photo: np.ndarray, player: str = "?", strict: bool = True) -> Reading:
    """Read a decoded RGB photo (uint8)."""
    started = time.perf_counter()
    located = locate_sheet(photo)
    code = located.code
    geo = sheet_geometry(code.paper, code.lang)
    blank = blank_sheet(code.paper, code.lang)
    rectified = _aligned(located, geo, blank)
    quality = measure_quality(located, rectified, blank, geo)
    if strict:
        check(quality)
    ink = ink_of(rectified, blank, geo.box)
    items = read_items(ink, geo)
    return Reading(code.paper, code.lang, to_draft(items, player), items, time.perf_counter() - started, rectified,
                   quality)


def _aligned(located: Located, geo: SheetGeometry, blank: np.ndarray) -> np.ndarray:
    """Straighten the photo onto the sheet, then align it to the blank print tile by tile (curl, lens)."""
    rectified = rectify(located, geo.width, geo.height)
    shift = local_shift(rectified, blank, geo.box, coarse=True)
    if shift is not None:
        rectified = rectify(located, geo.width, geo.height, shift)
    finer = local_shift(rectified, blank, geo.box)
    if finer is not None:
        shift = finer if shift is None else shift + finer
        rectified = rectify(located, geo.width, geo.height, shift)
    return rectified


def to_draft(items: list[Item], player: str) -> dict:
    """Turn the items into a `welcome-to-game/1` player object (without plans: the seat's own are kept)."""
    from companion.games.welcome_to import RULES

    by = {(i.kind, i.key): i.value for i in items}
    streets = [[by.get(("house", (s, h))) for h in range(n)] for s, n in enumerate(RULES.street_sizes)]
    fences = [[i for i in range(n - 1) if by.get(("fence", (s, i)))] for s, n in enumerate(RULES.street_sizes)]
    pools = [list(k) for (kind, k), v in sorted(by.items()) if kind == "pool" and v]

    def count(track: str) -> int:
        return sum(1 for (kind, k), v in by.items() if kind == "box" and k[0] == track and v)

    estates = {str(n): count(f"estate{n}") for n in range(1, 7) if count(f"estate{n}")}
    return {"player": player, "streets": streets, "fences": fences, "pools": pools,
            "parks": [count(f"park{s}") for s in range(len(RULES.street_sizes))], "estate_values": estates,
            "temps": count("temps"), "refusals": count("refusals"), "plans": []}


