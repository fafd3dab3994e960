"""Route pictures kept with a play (core/plays, `TableSpec.route_pictures`): each scored player's final route
on the city map, drawn by the same SVG map drawer as the score sheet.

A kept picture is shown as an image (`<img>`), where the page's stylesheet does not reach: each picture
carries its own small style (light colours) and leaves out what only a live map needs (tap layers, empty
tourist slots), so it stays a few tens of KiB and survives the table's expiry unchanged.
"""

from __future__ import annotations

import re

from ....games.enroute.board import COLOURS, parse_board
from ...core.tables.provisional import provisional
from ..maps.svgmap import render_map
from ..routes.jobs import RouteJob
from . import store as db
from .scoresheet import score_or_job, score_views

STYLE = (
    "svg{--bg:#fbfaf7;--fg:#1d1d1f;--muted:#5c5c66;--card:#fff;--accent:#1a63d6;--error:#b42318;"
    "--red:#d1242f;--green:#1a7f37;--blue:#1f6feb;--purple:#8250df;--yellow:#d4a72c;--grey:#6e7781;"
    "--tourist-fg:#fff;--road:#c9c4b8;--ink:#1d1d1f;--route:#d4570a;--cell:#f1eee7;background:var(--bg)}"
    ".coord{font:700 20px sans-serif;fill:var(--muted);text-anchor:middle}.cell{fill:var(--cell)}"
    ".lm-kind{font-size:13px;text-anchor:middle;fill:var(--fg);opacity:.55}"
    ".k-red{fill:#f3cfd0}.k-green{fill:#cfe3d3}.k-blue{fill:#d0def5}.k-purple{fill:#e2d6f5}"
    ".k-yellow{fill:#ecd9a3}.k-grey{fill:#cfd2d5}.lm-label{font:700 16px sans-serif;fill:var(--muted);"
    "text-anchor:middle}.sec{stroke:var(--road);stroke-width:3;stroke-linecap:round}"
    ".sec.drawn{stroke:var(--ink);stroke-width:7}.sec.route{stroke:var(--route);stroke-width:9}"
    ".sec.erased{stroke:var(--ink);stroke-width:4;stroke-dasharray:3 7;opacity:.6}"
    ".vta{fill:var(--yellow);stroke:var(--ink)}.goal{fill:none;stroke:none}.goal.on{stroke:var(--accent);"
    "stroke-width:4}.goal.route-end{fill:var(--route);stroke:var(--bg);stroke-width:3}"
    ".cafe .cup-bg{fill:var(--card);stroke:var(--muted)}.cafe .cup{fill:none;stroke:var(--fg);stroke-width:2}"
    ".cafe .ring,.cafe .strike{fill:none;stroke:none}.cafe.circled .ring{stroke:var(--accent);stroke-width:3.5}"
    ".cafe.used .strike{stroke:var(--error);stroke-width:3.5}.tt>:first-child{stroke:var(--bg)}"
    ".tt-red>:first-child{fill:var(--red)}.tt-green>:first-child{fill:var(--green)}"
    ".tt-blue>:first-child{fill:var(--blue)}.tt-purple>:first-child{fill:var(--purple)}"
    ".tt text{font:800 17px sans-serif;fill:var(--tourist-fg);text-anchor:middle}.tg .strike{stroke:none}"
    ".tg.struck .tt{opacity:.45}.tg.struck .strike{stroke:var(--error);stroke-width:3}"
    ".ride{stroke:var(--route);stroke-width:5;stroke-dasharray:8 6}"
)
EMPTY_SLOT = re.compile(r'<g class="tt tt-\w+ zero" data-colour="\w+">.*?</g>')
IDS = re.compile(r' (?:id|data-[\w-]+)="[^"]*"')


def picture(svg: str) -> str:
    """A map's SVG made into a self-standing picture: its own style, no empty slots, ids or data attributes."""
    svg = IDS.sub("", EMPTY_SLOT.sub("", svg))
    return svg.replace(">", f"><style>{STYLE}</style>", 1)  # the board's own feature style follows, if any


def route_pictures(token: str) -> list[str | None] | None:
    """Each seat's final route on the map as a picture (None for a seat not scored), in seat order; None
    while the sheet is not final (a sheet missing, a route search still running)."""
    table = db.get_table(token)
    if table is None:
        return None
    board, _problems = parse_board(table["board_doc"])
    everyone = db.get_players(token)
    if board is None or not everyone or not provisional(everyone, lambda p: p["version"] > 0).complete:
        return None
    scores = score_or_job(table, everyone)
    if isinstance(scores, RouteJob):
        return None
    colours = COLOURS if "purple" in board.kinds_present() else COLOURS[:3]
    out: list[str | None] = []
    for player, view in zip(everyone, score_views(board, everyone, scores)):
        number = player["sheet"].get("player_board")
        pb = board.player_board(number if isinstance(number, int) else 0) or board.player_boards[0]
        out.append(None if view.state is None else
                   picture(str(render_map(board, pb, view.state, interactive=False, label=view.name,
                                          colours=colours, map_id="route"))))
    return out
