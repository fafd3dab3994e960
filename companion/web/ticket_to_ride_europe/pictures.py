"""Route pictures kept with a play (core/plays, `TableSpec.route_pictures`): each scored player's claimed
routes, stations and longest path on the map of Europe, drawn by the score sheet's own map drawer.

A kept picture is shown as an image, where the page's stylesheet does not reach: each carries the map's
style (this package's `ttr.css`, map rules only) with the site's light colours, and no tap targets.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ...games.ticket_to_ride_europe import board, explain_table
from .entries import game_doc
from .svgmap import MapState, render_map
from .views import public_view

SITE = ("svg{--bg:#fbfaf7;--fg:#1d1d1f;--card:#fff;--accent:#1a63d6;--error:#b42318;--ok:#1a7f37;"
        "--p-red:#d1242f;--p-blue:#1f6feb;--p-green:#1a7f37;--p-yellow:#e3b341;--p-black:#24292f;"
        "--p-none:transparent;--k-grey:#a3a8ad;--k-pink:#e88bc4;--k-white:#fbfbf8;--k-blue:#3b82d6;"
        "--k-yellow:#f2c230;--k-orange:#ef8a2c;--k-black:#2b2b2b;--k-red:#d63a3a;--k-green:#3f9d4a;"
        "--sea:#e8f0f4;--land-ink:#1d1d1f;--car-edge:#3a3a3a}")
IDS = re.compile(r' (?:id|data-[\w-]+)="[^"]*"')  # the live map's hooks: a picture needs none


@cache
def _style() -> str:
    """The map's rules of ttr.css (those starting `svg.ttr-map`), squeezed onto one line."""
    css = (Path(__file__).parent / "static" / "ttr.css").read_text(encoding="utf-8")
    rules = re.findall(r"^svg\.ttr-map[^{]*\{[^}]*\}", css, re.M)
    return SITE + re.sub(r"\s+", " ", "".join(r for r in rules if ".hit" not in r and "interactive" not in r))


def route_pictures(table_id: str) -> list[str | None] | None:
    """Each seat's claimed routes (its longest path ringed) as a picture in seat order (None for a seat with
    no route or not scored); None until the game has ended."""
    view = public_view(table_id)
    if view is None or not view["ended"]:
        return None
    b = board()
    explained = explain_table(game_doc(view["table"], view["seats"]))
    out: list[str | None] = []
    for seat, line in zip(view["seats"], explained.lines):
        if not line.scored or not line.routes:
            out.append(None)
            continue
        state = MapState(me=seat["colour"], mine=set(line.routes), my_stations=set(line.stations),
                         express=set(line.express_routes))
        ends = {c for rid in line.routes for c in (b.routes[rid].city_a, b.routes[rid].city_b)} | set(line.stations)
        svg = str(render_map(state, interactive=False, label=seat["name"], map_id="route",
                             dim=set(b.routes) - set(line.routes), focus=ends))
        out.append(IDS.sub("", svg).replace(">", f"><style>{_style()}</style>", 1))
    return out
