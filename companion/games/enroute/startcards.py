"""Starting subway cards (London, seed ~l.876–886): each player secretly draws one section from a station.

The cards are dealt at setup (`setup.draw_setup` → `SetupDraw.start_cards`,
then `Seat.start_card`). Each player calls `choose_start` (kept in that
player's own state, shown to nobody) and `reveal_start` puts every section on
its map at once; `referee.begin_round` and `begin_start_rounds` refuse to open
the first round before the reveal.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.problems import N_, Problem, error
from .geometry import Point, Section
from .referee import GameState, _check_new_section, _visit_cafes, _with_player


def start_stations(state: GameState, player: int) -> list[tuple[str, Point]]:
    """Return the (station id, intersection) pairs of a player's secret starting subway card."""
    card = state.players[player].start_card if 0 <= player < len(state.players) else None
    found = []
    for sid in card or ():
        station = state.board.feature("station", sid)
        if station is not None and station.points:
            found.append((sid, station.points[0]))
    return found


def choose_start(state: GameState, player: int, station: str, section: Section) -> tuple[GameState, list[Problem]]:
    """London: a player secretly chooses a station of their card and one section from it (kept until the reveal)."""
    if not 0 <= player < len(state.players):
        return state, [error("no-player", "player", N_("There is no player {player}."), player=player)]
    me = state.players[player]
    if me.start_card is None:
        return state, [error("no-start-card", "station", N_("{name} has no starting subway card to play."),
                             name=me.name)]
    stations = dict(start_stations(state, player))
    problems: list[Problem] = []
    if not isinstance(station, str) or station not in stations:
        problems.append(error("not-my-station", "station",
                              N_("{station} is not on {name}'s starting subway card; choose {choices}."),
                              station=str(station), name=me.name, choices=" or ".join(stations)))
        return state, problems
    sec = _check_new_section(state.board, section, set(me.sections), "section", problems)
    if sec is not None and stations[station] not in sec:
        problems.append(error("start-section-not-at-station", "section",
                              N_("The starting section must start at the chosen station {station} {at}."),
                              station=station, at=list(stations[station])))
    if problems:
        return state, problems
    return _with_player(state, player, replace(me, start=(station, sec))), []


def reveal_start(state: GameState) -> tuple[GameState, list[Problem]]:
    """London: everyone reveals card, station and section together; the sections join the maps, the cards leave."""
    waiting = [p.name for p in state.players if p.start_card is not None and p.start is None]
    if waiting:
        return state, [error("start-not-chosen", "players",
                             N_("Not every player has chosen a starting station and section: waiting for {names}."),
                             names=", ".join(waiting))]
    players = []
    for p in state.players:
        new = (p.start[1],) if p.start else ()
        cafes = dict(p.cafes)
        _visit_cafes(state, list(new), cafes, [])  # a cafe the starting section reaches is circled, unused
        players.append(replace(p, start_card=None, sections=p.sections + new, cafes=cafes))
    return replace(state, players=tuple(players)), []
