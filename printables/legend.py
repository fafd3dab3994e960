"""The key under a map: what each symbol means, for the kinds and bonuses this city uses."""

from __future__ import annotations

from functools import partial

from companion.games.enroute.board import CAFE_BONUSES, KINDS, Board, Cafe
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from .style import FONT, INK, KIND_NAMES, printable
from .symbols import draw_cafe, draw_kind_symbol, draw_visit_point

ICON = 4.6 * mm
LINE = 6 * mm
SIZE = 6.8
SPACING = 5 * mm
CAFE_TEXT = {
    "tourists": "Cafe: new tourists (now, or keep for 2 PP)",
    "section": "Cafe: one extra route section",
    "coordinate": "Cafe: change a coordinate by 1",
}
_SAMPLE_TOURISTS = (("red", 1), ("green", 1))


def legend_items(board: Board) -> list[tuple[object, str]]:
    """Return (draw icon at x, y, size; text) for every symbol this city's map shows."""
    items: list[tuple[object, str]] = []
    kinds = board.kinds_present()
    for kind in KINDS:
        if kind in kinds:
            items.append((partial(draw_kind_symbol, kind=kind), KIND_NAMES[kind]))
    bonuses = {cafe.bonus for cafe in board.cafes}
    for bonus in CAFE_BONUSES:
        if bonus in bonuses:
            sample = next(cafe for cafe in board.cafes if cafe.bonus == bonus)
            tourists = (sample.tourists or _SAMPLE_TOURISTS) if bonus == "tourists" else ()
            cafe = Cafe(sample.at, bonus, tourists)
            items.append((partial(_cafe_icon, cafe=cafe), CAFE_TEXT[bonus]))
    vta = board.visit_them_all
    if vta is not None:
        table = ", ".join(f"{n} = {pp} PP" for n, pp in enumerate(vta.pp) if n and pp)
        text = f"{vta.name} (visit them all), on the route: {table or 'no PP'}"
        items.append((_visit_icon, text))
    return items


def _cafe_icon(c, x: float, y: float, size: float, cafe: Cafe) -> None:
    """Draw a cafe badge as a legend icon."""
    draw_cafe(c, cafe, x, y, size * 1.15)


def _visit_icon(c, x: float, y: float, size: float) -> None:
    """Draw a Visit-Them-All point as a legend icon."""
    draw_visit_point(c, x, y, size * 0.8)


def _item_width(text: str) -> float:
    """Return the width a legend item takes: icon, gap, text."""
    return ICON + 1.5 * mm + stringWidth(printable(text), FONT, SIZE)


def _flow(board: Board, width: float) -> list[list[tuple[object, str]]]:
    """Break the legend items into lines that fit the width."""
    lines: list[list[tuple[object, str]]] = [[]]
    used = 0.0
    for item in legend_items(board):
        needed = _item_width(item[1])
        if lines[-1] and used + needed > width:
            lines.append([])
            used = 0.0
        lines[-1].append(item)
        used += needed + SPACING
    return lines


def legend_height(board: Board, width: float) -> float:
    """Return the height the legend needs at this width."""
    return len(_flow(board, width)) * LINE


def draw_legend(c, board: Board, left: float, top: float, width: float) -> None:
    """Draw the legend lines, each item an icon followed by its meaning."""
    for i, line in enumerate(_flow(board, width)):
        y = top - (i + 0.5) * LINE
        x = left
        for draw_icon, text in line:
            draw_icon(c, x=x + ICON / 2, y=y, size=ICON)
            c.setFillColor(INK)
            c.setFont(FONT, SIZE)
            c.drawString(x + ICON + 1.5 * mm, y - SIZE * 0.35, printable(text))
            x += _item_width(text) + SPACING
