"""The key under a map: what each symbol means, for the kinds and bonuses this city uses."""

from __future__ import annotations

from functools import partial

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.games.core.problems import N_
from companion.games.enroute.board import CAFE_BONUSES, KINDS, Board, Cafe
from companion.games.enroute.features import FEATURE_TYPES

from .city_features import LEGEND_FEATURES, draw_feature_icon
from .style import INK, KIND_NAMES, PrintLocale
from .symbols import CAFE_ASPECT, draw_cafe, draw_kind_symbol, draw_visit_point

ICON = 4.6 * mm
LINE = 6 * mm
SIZE = 6.8
SPACING = 5 * mm
CAFE_TEXT = {
    "tourists": N_("Cafe: new tourists"),
    "section": N_("Cafe: extra route section"),
    "coordinate": N_("Cafe: coordinate change"),
    "card": N_("Cafe: the round's cafe card sets its bonus (one cafe per round)"),
}
VISIT_TEXT = N_("{name}: {table} PP")
_SAMPLE_TOURISTS = (("red", 1), ("green", 1))


def legend_items(board: Board, loc: PrintLocale) -> list[tuple[object, str, float]]:
    """Return (draw icon at x, y, size; text in the printable's language; icon width) for every symbol shown."""
    items: list[tuple[object, str, float]] = []
    kinds = board.kinds_present()
    for kind in KINDS:
        if kind in kinds:
            items.append((partial(draw_kind_symbol, kind=kind), loc.t(KIND_NAMES[kind]), ICON))
    bonuses = {cafe.bonus for cafe in board.cafes}
    for bonus in CAFE_BONUSES:
        if bonus in bonuses:
            sample = next(cafe for cafe in board.cafes if cafe.bonus == bonus)
            tourists = (sample.tourists or _SAMPLE_TOURISTS) if bonus == "tourists" else ()
            cafe = Cafe(sample.at, bonus, tourists)
            items.append((partial(_cafe_icon, cafe=cafe), loc.t(CAFE_TEXT[bonus]), ICON * CAFE_ASPECT))
    vta = board.visit_them_all
    if vta is not None:
        table = ", ".join(f"{n} = {pp}" for n, pp in enumerate(vta.pp) if n and pp)
        text = loc.t(VISIT_TEXT, name=vta.name, table=table) if table else loc.name(vta.name)
        items.append((_visit_icon, text, ICON))
    for kind, ftype in FEATURE_TYPES.items():  # a world city's map features, each with its own legend text
        if board.features_of(kind) and kind in LEGEND_FEATURES:
            items.append((partial(draw_feature_icon, kind=kind), loc.t(ftype.legend), ICON))
    return items


def _cafe_icon(c, x: float, y: float, size: float, cafe: Cafe) -> None:
    """Draw a cafe badge as a legend icon."""
    draw_cafe(c, cafe, x, y, size)


def _visit_icon(c, x: float, y: float, size: float) -> None:
    """Draw a Visit-Them-All point as a legend icon."""
    draw_visit_point(c, x, y, size * 0.8)


def _item_width(item: tuple[object, str, float], loc: PrintLocale) -> float:
    """Return the width a legend item takes: icon, gap, text."""
    return item[2] + 1.5 * mm + stringWidth(loc.printable(item[1]), loc.fonts.regular, SIZE)


def _flow(board: Board, width: float, loc: PrintLocale) -> list[list[tuple[object, str, float]]]:
    """Break the legend items into lines that fit the width."""
    lines: list[list[tuple[object, str, float]]] = [[]]
    used = 0.0
    for item in legend_items(board, loc):
        needed = _item_width(item, loc)
        if lines[-1] and used + needed > width:
            lines.append([])
            used = 0.0
        lines[-1].append(item)
        used += needed + SPACING
    return lines


def legend_height(board: Board, width: float, loc: PrintLocale) -> float:
    """Return the height the legend needs at this width."""
    return len(_flow(board, width, loc)) * LINE


def draw_legend(c, board: Board, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw the legend lines, each item an icon followed by its meaning."""
    for i, line in enumerate(_flow(board, width, loc)):
        y = top - (i + 0.5) * LINE
        x = left
        for item in line:
            draw_icon, text, icon_width = item
            draw_icon(c, x=x + icon_width / 2, y=y, size=ICON)
            c.setFillColor(INK)
            c.setFont(loc.fonts.regular, SIZE)
            c.drawString(x + icon_width + 1.5 * mm, y - SIZE * 0.35, loc.printable(text))
            x += _item_width(item, loc) + SPACING
