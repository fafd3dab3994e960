"""Read a phone photo of a filled-in printed Explore New York map into a sheet draft.

`read_photo(data, tiles)` finds the page (the shared corner markers and page code, kind 2), fits and
straightens it as the En Route reader does (`companion.vision.locate`), refuses a photo too poor to
trust (`companion.vision.quality`), compares it with the blank printed page and decides every road,
district and cafe, each with a confidence. The draft is the web package's own sheet draft
(`sections`, `tourists`, `cafes`, `final_route: null`); the reader never saves anything.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import numpy as np

from companion.games.core.problems import N_
from companion.games.explore_new_york.tile import COLOURS, Tile

from .. import pagecode
from ..locate import Located, PhotoError, decode_image, local_shift, locate, rectify, refine
from ..marks import INK, MIN_MARK, Decision, ink_of, read_tourists
from ..quality import Quality, check_pen
from ..quality import check as check_quality
from ..quality import measure as measure_quality
from .cafes import read_cafes
from .geometry import blank_page, tile_geometry
from .sections import read_sections

__all__ = ["KIND", "PhotoError", "Reading", "read_image", "read_photo", "to_draft"]

KIND = 2  # pagecode.KINDS: "explore-new-york-map"
UNREACHED_CAFE = 0.4  # a circled cafe no drawn section reaches: the player checks it
ELONGATED = 1.6  # a lump of ink in a district this much longer than wide is no single tourist mark
JOINED = 0.4  # ... and its district is flagged


@dataclass
class Reading:
    """What a photo says: the tile it shows, the draft sheet, and every decision."""

    tile: Tile
    paper: str
    lang: str
    draft: dict
    decisions: list[Decision] = field(default_factory=list)
    seconds: float = 0.0
    rectified: np.ndarray | None = None
    quality: Quality | None = None

    @property
    def doubtful(self) -> list[Decision]:
        """Return the decisions the player should check."""
        return [d for d in self.decisions if d.doubtful]


def read_photo(data: bytes, tiles: Iterable[Tile], strict: bool = True) -> Reading:
    """Read photo bytes against the known tiles; PhotoError (with a player-facing message) if impossible.

    `strict` refuses a photo too poor to trust before reading it; the bench turns it off to see what
    the reader would have said.
    """
    started = time.perf_counter()
    reading = read_image(decode_image(data), tiles, strict)
    reading.seconds = time.perf_counter() - started
    return reading


def read_image(photo: np.ndarray, tiles: Iterable[Tile], strict: bool = True) -> Reading:
    """Read a decoded RGB photo (uint8) against the known tiles."""
    started = time.perf_counter()
    located = locate(photo)
    tile = tile_of(located, tiles)
    code = located.code
    geo = tile_geometry(tile, code.paper, code.lang)
    blank = blank_page(tile, code.paper, code.lang)
    located = refine(located, blank, geo.anchors)
    rectified = rectify(located, geo.width, geo.height)
    shift = local_shift(rectified, blank, geo.box, coarse=True)
    if shift is not None:
        rectified = rectify(located, geo.width, geo.height, shift)
    finer = local_shift(rectified, blank, geo.box)
    if finer is not None:
        shift = finer if shift is None else shift + finer
        rectified = rectify(located, geo.width, geo.height, shift)
    quality = measure_quality(located, rectified, blank, geo)
    if strict:
        check_quality(quality)
    ink = ink_of(rectified, blank, geo.box)
    sections = read_sections(ink, geo)
    if strict:
        check_pen(quality, ink.levels.get("pen"))
    tourists = _joined_marks(read_tourists(ink, geo, COLOURS), ink, geo)
    cafes = read_cafes(ink, geo)
    decisions = sections + tourists + _reached(cafes, sections)
    return Reading(tile, code.paper, code.lang, to_draft(decisions), decisions, time.perf_counter() - started,
                   rectified, quality)


def _joined_marks(tourists: list[Decision], ink, geo) -> list[Decision]:
    """Flag a district holding a long lump of ink (marks drawn into each other, or a stroke that is no mark),
    or whose separate lumps of ink are not as many as the marks counted there.

    A tourist mark (circle, square, triangle) is about as wide as it is tall whatever its turn; two marks
    touching (a broad marker's filled triangles side by side) make one lump twice as long as wide, which
    the shared mark reader may take for one mark of another shape. Such a lump flags its district.
    """
    import cv2

    x0, y0, x1, y1 = geo.box
    inked = (ink.strength[y0:y1, x0:x1] > INK).astype(np.uint8)
    band = np.zeros_like(inked)
    width = max(2, round(geo.cell * 0.05))
    for line in geo.paths.values():
        cv2.polylines(band, [np.round(line - (x0, y0)).astype(np.int32).reshape(-1, 1, 2)], False, 1, width)
    count, labels, stats, centres = cv2.connectedComponentsWithStats(inked, connectivity=8)
    on_roads = set(np.unique(labels[(band > 0) & (inked > 0)]).tolist())
    inset = geo.cell * 0.07
    flagged = set()
    lumps: dict = {}
    for k in range(1, count):
        if k in on_roads or stats[k, cv2.CC_STAT_AREA] < MIN_MARK:
            continue
        cx, cy = centres[k][0] + x0, centres[k][1] + y0
        where = next((loc for loc, (left, top, side) in geo.blocks.items()
                      if left + inset <= cx < left + side - inset and top + inset <= cy < top + side - inset), None)
        if where is None:
            continue
        if stats[k, cv2.CC_STAT_AREA] >= 2 * MIN_MARK:
            lumps[where] = lumps.get(where, 0) + 1
        x, y, w, h = (int(v) for v in stats[k, :4])
        ys, xs = np.nonzero(labels[y:y + h, x:x + w] == k)
        spread = np.linalg.eigvalsh(np.cov(np.stack([xs, ys]).astype(np.float64)) + np.eye(2) * 0.25)
        if np.sqrt(spread[1] / spread[0]) > ELONGATED:
            flagged.add(where)
    # As many separate lumps as marks counted, or the district is checked (a mark of a colour the sheet
    # has no tourists of is dropped by the shared reader; two marks joined by the print are counted as one).
    flagged |= {d.key for d in tourists if lumps.get(d.key, 0) != sum(d.value.values())}
    return [replace(d, confidence=min(d.confidence, JOINED)) if d.key in flagged else d for d in tourists]


def _reached(cafes: list[Decision], sections: list[Decision]) -> list[Decision]:
    """Flag a circled cafe that no drawn section reaches (the rules circle a cafe when a section reaches it)."""
    reached = {p for d in sections if d.value for p in d.key}
    return [replace(d, confidence=min(d.confidence, UNREACHED_CAFE)) if d.value and d.key not in reached else d
            for d in cafes]


def tile_of(located: Located, tiles: Iterable[Tile]) -> Tile:
    """Return the tile the page code names; PhotoError otherwise (another game's page, another tile)."""
    from printables.explore_new_york.maps import page_id

    code = located.code
    if code.kind != KIND:
        if pagecode.KINDS.get(code.kind) == "enroute-map":
            raise PhotoError(N_("This is an En Route map page, not an Explore New York map: read it on the En Route "
                                "table's own page."))
        raise PhotoError(N_("This is a printed page of another game: read it on that game's own page."))
    for tile in tiles:
        if code.matches(page_id(tile)):
            return tile
    raise PhotoError(N_("This map page is of another tile (or of this tile before it was changed): print this "
                        "seat's map from the table page and photograph it."))


def to_draft(decisions: list[Decision]) -> dict:
    """Turn the decisions into the sheet page's draft (the companion chooses the final route)."""
    sections = [[list(d.key[0]), list(d.key[1])] for d in decisions if d.kind == "section" and d.value]
    tourists = [{"at": list(d.key), **{c: d.value[c] for c in COLOURS if d.value.get(c)}}
                for d in decisions if d.kind == "tourists" and d.value]
    cafes = [list(d.key) for d in decisions if d.kind == "cafe" and d.value]
    return {"sections": sections, "tourists": tourists, "cafes": cafes, "final_route": None}


