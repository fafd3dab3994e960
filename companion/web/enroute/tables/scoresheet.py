"""The score sheet of a table: the game document, the engine's scores and what to say about them."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from flask import current_app

from ....games.enroute.board import Board
from ....games.enroute.game import GAME_FORMAT, read_game
from ....games.enroute.route import walk_sections
from ....games.enroute.rows import scoring_rows
from ....games.enroute.scoring import PlayerScore, score_players
from ....games.enroute.search import SearchBudget
from ...core.i18n import _
from ..labels import label
from ..maps.svgmap import MapState
from ..routes.cache import basis_hash, cached_chooser, cached_routes, remember_routes, route_key
from ..routes.jobs import DONE, RouteJob, enqueue, get_job, job_id, searches_of
from .drafts import engine_sheet, map_state

log = logging.getLogger(__name__)

TIEBREAK_KEYS = ("route_length", "tourists", "landmarks")


def game_doc(table: dict, players: list[dict]) -> dict:
    """Build the `enroute-game/1` document of a table (board inline, as stored with the table).

    The table keeps a coordinate track's marked spaces (Rio's statue) beside the counts as a list;
    the game document has them in `marks`.
    """
    stored = table["ratings"] if isinstance(table["ratings"], dict) else {}
    doc = {"format": GAME_FORMAT, "board": table["board_doc"], "level": table["level"],
           "ratings": {k: v for k, v in stored.items() if isinstance(v, int)}, "goals": table["goals"],
           "players": [engine_sheet(p["sheet"], p["route_mode"], p["name"]) for p in players]}
    marks = {k: v for k, v in stored.items() if isinstance(v, list)}
    if marks:
        doc["marks"] = marks
    tours = {k[5:]: v for k, v in stored.items() if isinstance(v, str) and k.startswith("tour:")}
    if tours:  # Paris: the revealed thematic tours
        doc["tours"] = tours
    return doc


def score_table(table: dict, players: list[dict]) -> list[PlayerScore]:
    """Score a table within the request's search budget; chosen routes come from the database when any
    worker searched the same sheet before, so a score page reloads without searching again."""
    doc = game_doc(table, players)
    game = read_game(doc)
    keys = _keys(game, doc)
    budget = SearchBudget(current_app.config.get("SOLVER_TIME_LIMIT"),
                          current_app.config.get("SOLVER_REQUEST_LIMIT"), 2 * len(players))
    found: dict = {}
    scores = score_players(game, chooser=cached_chooser(budget.chooser, keys, cached_routes(keys.values()), found),
                           compare_best=True)
    remember_routes(found)
    return scores


def score_or_job(table: dict, players: list[dict]) -> list[PlayerScore] | RouteJob:
    """Score a table without holding the web worker for a long search: routes from the route cache or the
    table's finished job, else searched within a short inline budget (`SOLVER_INLINE_LIMIT`, default 0.2 s
    for the whole page); when a route is not proven within it, queue a background job and return the job."""
    doc = game_doc(table, players)
    game = read_game(doc)
    keys = _keys(game, doc)
    jid = job_id(table["id"], list(keys.values()))
    known = cached_routes(keys.values())
    job = get_job(jid)
    if job is not None and job.state != DONE:
        return job
    if job is not None:
        known = {**job.result, **known}  # a finished job's unproven routes too: searched once, with the full limit
    inline = current_app.config.get("SOLVER_INLINE_LIMIT", 0.2)
    budget = SearchBudget(current_app.config.get("SOLVER_TIME_LIMIT"), inline, 2 * len(players))
    found: dict = {}
    scores = score_players(game, chooser=cached_chooser(budget.chooser, keys, known, found), compare_best=True)
    remember_routes(found)
    if any(not choice.proven for choice in found.values()):
        return enqueue(jid, table["id"], doc, searches_of(game))
    return scores


def warm_routes(table: dict, players: list[dict]) -> None:
    """After a sheet is saved: queue the entered sheets' route searches in the background, so the table's first
    score page finds them in the route cache instead of searching while a phone waits.

    One warm job per table (a newer save replaces a warm job not yet started; sheets already in the cache are
    not searched again). Its id is not the score page's, so a score page never waits on it: whatever it finished
    is in the route cache, the rest the page searches as before. `ROUTE_WARM` turns it off (default: on, off in
    tests, where background searches would compete with the test itself)."""
    if not current_app.config.get("ROUTE_WARM", not current_app.testing):
        return
    entered = [p for p in players if p.get("version", 0) > 0]
    if not entered:
        return
    try:
        doc = game_doc(table, entered)
        game = read_game(doc)
        keys = _keys(game, doc)
        if not keys or not set(keys.values()) - set(cached_routes(keys.values())):
            return
        warm_id = "warm-" + job_id(table["id"], [])[:40]
        enqueue(job_id(warm_id, list(keys.values())), warm_id, doc, searches_of(game))
    except Exception:  # a save never fails for its warm-up: the score page searches as before
        log.exception("could not queue the route warm-up of table %s", table.get("id"))


def _keys(game, doc: dict) -> dict[int, str]:
    """Each parsed sheet's route key, by the sheet's identity (what `cached_chooser` looks up)."""
    basis = basis_hash(doc)
    return {id(sheet): route_key(doc, raw, basis) for sheet, raw in zip(game.players, doc["players"], strict=False)
            if sheet is not None}


@dataclass
class ScoreView:
    """One player's part of the score sheet, ready for the template."""

    seat: int
    name: str
    colour: str
    score: PlayerScore
    state: MapState | None
    best_state: MapState | None
    entered: bool


def score_views(board: Board, players: list[dict], scores: list[PlayerScore]) -> list[ScoreView]:
    """Pair each player with their score and the maps to draw (final route, erased parts)."""
    views = []
    for player, score in zip(players, scores):
        state = best_state = None
        if score.rows is not None:
            state = end_state(board, player["sheet"], score.final_route or [], score.evaluation)
            if score.best is not None and score.best.total > (score.total or 0):
                best_state = end_state(board, player["sheet"], score.best.walk, None)
        views.append(ScoreView(player["seat"], player["name"], player["colour"], score, state, best_state,
                               player["version"] > 0))
    return views


def end_state(board: Board, sheet: dict, walk: list, evaluation) -> MapState:
    """Return the map of a finished sheet: the route drawn, other sections and off-route tourists struck."""
    state = map_state(sheet, "best", board)
    state.route = [tuple(p) for p in walk]
    kept = set(walk_sections(state.route))
    state.erased = state.drawn - kept
    on = {loc for sec in kept if board.is_road(sec) for loc in board.borders(sec)}  # a ride borders nothing
    state.struck = {loc for loc in state.tourists if loc not in on}
    points = set(state.route)
    state.remote_struck = {f.id for f in board.features_of("remote_space")
                           if f.id in state.remote and tuple(f.param("meeting")) not in points}
    return state


def row_table(board: Board, level: str, views: list[ScoreView]) -> list[dict]:
    """Return rows 1–9 with each player's PP (None where a player is not scored)."""
    rows = []
    for row in scoring_rows(board, level):
        rows.append({"number": row.number, "label": _(row.label), "hint": _(row.hint), "key": row.key,
                     "values": [v.score.rows.get(row.key, 0) if v.score.rows is not None else None for v in views]})
    return rows


def tiebreak_notes(views: list[ScoreView]) -> list[str]:
    """Explain every rank decided by the tie-break (naming the value that decided) and shared ranks."""
    scored = sorted((v for v in views if v.score.total is not None), key=lambda v: v.score.rank)
    notes = []
    for a, b in zip(scored, scored[1:]):
        if a.score.total != b.score.total:
            continue
        for key in TIEBREAK_KEYS:
            va, vb = a.score.tiebreak[key], b.score.tiebreak[key]
            if va != vb:
                notes.append(_("{a} ranks ahead of {b} on equal totals: {what} ({va} vs {vb}).",
                               a=a.name, b=b.name, what=label(f"tb_{key}"), va=va, vb=vb))
                break
    by_rank: dict[int, list[str]] = {}
    for v in scored:
        by_rank.setdefault(v.score.rank, []).append(v.name)
    for rank, names in by_rank.items():
        if len(names) > 1:
            notes.append(_("{names} share rank {rank}: every tie-break value is equal.",
                           names=", ".join(names), rank=rank))
    return notes
