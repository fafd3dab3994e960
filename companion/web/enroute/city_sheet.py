"""What a city board adds to the sheet page: its tools (ride, remote spaces, crossed-out locations), the ride
stops the page script checks taps against, the remote spaces' panel, the legend and the script's texts.

Everything comes from the board's features through `svgfeatures` (no city names here).
"""

from __future__ import annotations

from ...games.enroute.board import Board
from ...games.enroute.vehicles import banks_of, stations_of
from ..core.i18n import _
from . import svgfeatures as sf


def _pairs(points) -> list[list[int]]:
    """Return points as sorted JSON pairs."""
    return [list(p) for p in sorted(points)]


def rides(board: Board) -> list[dict]:
    """Return each vehicle's stops for the page script: two stations, or one intersection of each bank."""
    out = []
    for vehicle in board.features_of("vehicle"):
        name = vehicle.name or vehicle.id
        if vehicle.param("by") == "stations":
            out.append({"name": name, "by": "stations", "stops": _pairs(stations_of(board, vehicle))})
        else:
            one, other = banks_of(board, vehicle)
            out.append({"name": name, "by": "banks", "a": _pairs(one), "b": _pairs(other)})
    return out


def city_context(board: Board) -> dict:
    """Return the sheet page's city part (empty tools for a board without features)."""
    tools = sf.tools(board)
    names = {"ride": _("Ride"), "remote": _("Remote"), "crossed": _("Cross out")}
    hints = {"ride": _("Tap the stop where your route's first segment ends, then the stop where the second one "
                       "begins (two stations, or one intersection on each bank)."),
             "remote": _("Tap a remote space's box, then set its tourists."),
             "crossed": _("Tap a location to cross it out (×), or tap it again to clear the cross.")}
    spaces = [{"id": f.id, "name": f.name or f.id, "symbol": f.param("symbol")}
              for f in board.features_of("remote_space")]
    strings = {"ride_first": _("Trace your route's first segment with Route up to a stop first."),
               "ride_from_end": _("A ride starts where your route ends: tap that stop first."),
               "ride_pick_end": _("Now tap the stop where the ride ends."),
               "ride_not_allowed": _("No ride goes there: a vehicle joins two of its stations, or one bank to the "
                                     "other."),
               "ride_second": _("Your route already has its one ride; tap the ride's end again to undo it."),
               "ride_added": _("Ride added. Trace the second segment with Route."),
               "ride_removed": _("Ride removed."),
               "remote_title": _("Tourists in {name}"),
               "cross_has_tourists": _("This location holds tourists, and a crossed-out location never does; clear "
                                       "its tourists first.")}
    return {"tools": [{"name": t, "label": names[t], "hint": hints[t]} for t in tools], "rides": rides(board),
            "spaces": spaces, "strings": strings, "legend": sf.legend(board)}
