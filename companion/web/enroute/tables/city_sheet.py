"""What a city board adds to the sheet page: its tools (ride, remote spaces, crossed-out locations), the ride
stops the page script checks taps against, the remote spaces' panel, the legend, the script's texts, and the
rule decisions a player meets on the map (docs/enroute.md "Rules the companion had to decide"), also on the score sheet.

Everything comes from the board's features through `svgfeatures` (no city names here).
"""

from __future__ import annotations

from ....games.core.problems import N_
from ....games.enroute.board import Board
from ....games.enroute.vehicles import banks_of, stations_of
from ...core.i18n import _
from .. import cities
from ..maps import svgfeatures as sf

# The rule decisions shown where a player meets them, keyed by what the board has: a sheet tool (svgfeatures'
# drawers name them) or a map-feature type. A new city with these features gets the same notes; a city's own tools
# and feature types bring theirs from its folder (`cities.register_sheet_notes`), shown after these.
TOOL_NOTES: dict[str, tuple[str, ...]] = {
    "ride": (N_("A final route has at most one ride, and each of its two segments has at least one section."),
             N_("Your personal goal is counted within one segment: a ride is no section.")),
    "remote": (N_("A remote space's tourists count only when its meeting point is on your final route; otherwise "
                  "they are erased."),),
    "crossed": (N_("A crossed-out (×) location holds no tourists and is empty for goal cards."),),
}
FEATURE_NOTES: dict[str, tuple[str, ...]] = {
    "station": (N_("A station on your final route counts once, however often you pass it; both stations of your "
                   "ride count."),),
    "bridge": (N_("A bridge on your final route scores its printed PP once."),),
    "meeting_point": (N_("A remote landmark scores only when its meeting point is on your final route."),),
    "street": (N_("A scoring street scores its rating for each of its sections on your final route, contiguous or "
                  "not."),),
    "harbour": (N_("A harbour crossing is one section, however long it is drawn."),),
}
SIDES_NOTE = N_("{name} is on your route only when the route runs along one of its own sides.")
POINT_NOTE = N_("{name} stands on an intersection: it is on your route when the route passes it.")
COORDINATE_NOTE = N_("{name}: {base} PP + {step} PP per marked space, at most {max} PP.")
COORDINATE_REMOTE_NOTE = N_("{name}: {base} PP + {step} PP per marked space, at most {max} PP, only when its "
                            "meeting point is on your final route.")
GROUP_NOTE = N_("{names} share one rating: each of them on your final route scores it.")


def tool_notes() -> dict[str, tuple[str, ...]]:
    """The notes of every sheet tool: the shared ones', then the cities' own."""
    return {**TOOL_NOTES, **cities.sheet_notes()[0]}


def city_notes(board: Board) -> list[dict]:
    """Return the rule notes of a board's tools, feature types and rating tracks, in a fixed order (none for a
    board without features): each {"key": what it explains, "text": the note in the page's language}."""
    notes: list[dict] = []
    by_tool = tool_notes()
    for tool in sf.tools(board):
        notes += [{"key": f"tool-{tool}", "text": _(text)} for text in by_tool.get(tool, ())]
    present = {f.type for f in board.features}
    for kind, texts in {**FEATURE_NOTES, **cities.sheet_notes()[1]}.items():
        if kind in present:
            notes += [{"key": kind, "text": _(text)} for text in texts]
    for lm in board.landmarks:  # unusual landmarks: triangles by their sides, landmarks on an intersection
        if lm.sides:
            notes.append({"key": "landmark-sides", "text": _(SIDES_NOTE, name=lm.name)})
        elif lm.points and not lm.ticket and not lm.locations:
            notes.append({"key": "landmark-point", "text": _(POINT_NOTE, name=lm.name)})
    remote_tracks = {lm.track for lm in board.remote_landmarks()}
    for lm in board.rated():
        track = board.coordinate_track(lm.track)
        if track is not None:
            note = COORDINATE_REMOTE_NOTE if lm.track in remote_tracks else COORDINATE_NOTE
            notes.append({"key": "coordinate-track",
                          "text": _(note, name=lm.name, base=track.base, step=track.step, max=track.max)})
    groups: dict[str, list[str]] = {}
    for lm in board.rated():
        groups.setdefault(lm.track, []).append(lm.name)
    for names in groups.values():
        if len(names) > 1:
            notes.append({"key": "rating-group", "text": _(GROUP_NOTE, names=", ".join(names))})
    return notes


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
    names = {"ride": _("Ride"), "remote": _("Remote"), "crossed": _("Cross out"), "colour": _("Colour")}
    hints = {"ride": _("Tap the stop where your route's first segment ends, then the stop where the second one "
                       "begins (two stations, or one intersection on each bank)."),
             "remote": _("Tap a remote space's box, then set its tourists."),
             "crossed": _("Tap a location to cross it out (×), or tap it again to clear the cross."),
             "colour": _("Pick a colour: new sections take it. With this tool, tap a drawn section to paint it.")}
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
                                       "its tourists first."),
               "pen_red": _("Red"), "pen_green": _("Green"), "pen_blue": _("Blue"),
               "pen_label": _("Section colour"), "colour_not_drawn": _("Draw the section first, then paint it.")}
    by_tool = tool_notes()
    for tool in tools:  # the tool's help also says the rules it is bound by
        hints[tool] = " ".join([hints[tool], *(_(text) for text in by_tool.get(tool, ()))])
    return {"tools": [{"name": t, "label": names[t], "hint": hints[t]} for t in tools], "rides": rides(board),
            "spaces": spaces, "strings": strings, "legend": sf.legend(board), "notes": city_notes(board),
            "scripts": cities.scripts(board, "sheet"),
            "remote_note": " ".join(_(text) for text in TOOL_NOTES["remote"]) if "remote" in tools else ""}
