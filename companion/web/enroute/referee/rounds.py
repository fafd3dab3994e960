"""The round tracker of a refereed game, the table's shared screen (views on the `play` blueprint).

It shows the round and active player, what the phase asks, the round cards
the table enters (ratings move here), who has played, closing the round, and
the end. A player's own page is `player.py`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from flask import abort, current_app, flash, redirect, render_template, url_for

from ....games.core.problems import has_errors
from ....games.enroute import cityplay
from ....games.enroute import referee as ref
from ....games.enroute.board import COLOURS, board_to_json, parse_board
from ....games.enroute.cityrules import rules_for
from ....games.enroute.game import read_game
from ....games.enroute.scoring import score_players
from ....games.enroute.search import solo_chooser
from ....games.enroute.setup import (
    solo_challenges,
    solo_result,
    solo_score,
    team_ranking,
    team_totals,
    tours_completed,
)
from ...core.home import remember_table
from ...core.i18n import _
from ...core.tables import seats as core_seats
from .. import cities
from ..labels import join_list, label, problem_line
from ..maps.printed import problem_line_printed
from ..maps.svgmap import location_id, section_id
from ..routes.jobs import RouteJob
from ..routes.progress import searching_page
from ..tables import store as db
from ..tables.scoresheet import game_doc, score_or_job
from . import forms as pf
from . import pairs, store, view
from .common import SEAT_COLOURS, _form_message, _game, _names, _version, bp, conflict_message, is_host
from .setup import table_code


def _started(token: str) -> store.Played:
    """Load a started game, or answer 404 / send the table back to its setup."""
    game = _game(token)
    if not game.started or game.state is None:
        abort(404, description=_("This game has not started yet; finish its setup first."))
    return game


def _problems(found, turn: ref.Turn | None = None, state: ref.GameState | None = None,
              seat: int | None = None) -> list[dict]:
    """Turn engine problems into the shared problem list, pointing at the map where possible.

    A player's turn problems name places by that player's printed coordinates (issue 13, U2).
    """
    out = []
    doc, pb = None, None
    if turn is not None and state is not None and seat is not None:
        pb = ref.player_board_of(state, seat)
        doc = {"location": list(turn.location), "segment": [[list(a), list(b)] for a, b in turn.segment],
               "bonus_sections": [{"section": [list(b.section[0]), list(b.section[1])]} for b in turn.bonus_sections]}
    for p in found:
        p = _neutral_places(p)
        target = ""
        if turn is not None and p.path == "turn.location":
            target = location_id(turn.location)
        elif turn is not None and p.path.startswith(("turn.segment[", "turn.bonus_sections[")):
            index = int(p.path.split("[")[1].split("]")[0]) if p.path.split("[")[1].split("]")[0].isdigit() else -1
            items = turn.segment if p.path.startswith("turn.segment") else [b.section for b in turn.bonus_sections]
            if 0 <= index < len(items):
                target = section_id(items[index])
        text = problem_line_printed(p, state.board, pb, doc) if doc is not None else problem_line(p)
        out.append({"severity": p.severity, "text": text, "target": target})
    return out


_DESCRIBED = re.compile(r"\blocation \((\d+), (\d+)\)")


def _neutral_places(problem):
    """Write the referee's English place names ("location (2, 3)", printed coordinates) as "(2, 3)" in any language.

    The city rules name places in their parameters as text (`referee.describe`); the page's language must not
    show the English word around them.
    """
    params = dict(problem.params or {})
    if not problem.template or not params:
        return problem
    for key, value in params.items():
        if isinstance(value, str):
            params[key] = _("none") if value == "none" and key == "places" else _DESCRIBED.sub(r"(\1, \2)", value)
            if value.strip("'") in COLOURS:  # a colour named by the referee (Paris's section colours)
                params[key] = label(f"colour_{value.strip(chr(39))}", value)
    return replace(problem, params=params)


# ---- tracker -----------------------------------------------------------------------------------

@bp.get("/<token>")
def tracker(token: str):
    """Show the round tracker (or send a table that is still setting up to its setup)."""
    game = _game(token)
    if not game.started:
        return redirect(url_for("enroute.play.setup", token=token, key="start" if _names(game) else "players"))
    remember_table(url_for("enroute.play.tracker", token=token))
    return _render_tracker(game)


def _start_round_pending(game: store.Played) -> bool:
    """Tell whether the next round is a start round that still needs its placed cards or picks."""
    state = game.state
    return state.phase == "selection" and state.round == 0 and state.start_rounds > 0 \
        and not rules_for(game.board).shared_start_rounds  # Paris: start rounds share one pair, entered as a round


def _cards_form(game: store.Played, start: bool = False):
    """Build the round-card form: two cards (solo: and the sequence slot), or one card per player at the start."""
    state = game.state
    colours = view.colours_of(game.board)
    tracks = view.rating_tracks(game.board)
    if start:
        return pf.cards_form(game.board, colours, [f"c{i}" for i in range(len(state.players))], False, tracks=tracks)
    slots = None
    if state.mode == "solo" and game.sequence is not None:
        slots = [(f"{r},{k}", _("row {row} (from the top), card {card}", row=r + 1, card=k + 1))
                 for r, k in game.sequence.available()]
    shared_start = state.round < state.start_rounds  # a shared start round (Paris) only upgrades
    return pf.cards_form(game.board, colours, ["c0", "c1"], state.rating_mode == "advanced" and not shared_start,
                         slots, tracks, extra=lambda cls: pairs.add_route_field(cls, "c1", game.board))


def _shown_state(game: store.Played) -> ref.GameState:
    """The state whose ratings the pages show: placed start cards upgrade them at once, before the picks (R3)."""
    state = game.state
    if game.placed is None or state.round != 0:
        return state
    ratings, marks, found = ref.placed_marks(state, game.placed, game.placed_choices)
    return state if found else replace(state, ratings=ratings, marks=marks)


def _render_tracker(game: store.Played, form=None, status: int = 200, problems=None):
    """Render the tracker with a form that may hold what was entered."""
    state, names = game.state, _names(game)
    start = _start_round_pending(game)
    if form is None and state.phase == "selection" and not (start and game.placed is not None):
        form = _cards_form(game, start)
    if form is not None:
        form.version.data = str(game.version)
    action = pf.ActionForm(data={"version": str(game.version)})
    opener = next((a for a in game.actions if a["seq"] == game.round_opened), None)
    can_undo_cards = bool(opener and opener["kind"] in ("round", "start_cards") and not game.round_turns
                          and not game.picks)
    players = [{"name": p.name, "played": p.played, "refreshed": p.hand_refreshed, "board": p.player_board,
                "colour": SEAT_COLOURS[i % 4]} for i, p in enumerate(state.players)]
    seats = store.public_seats(game)
    cards = None
    if state.phase == "drawing" and state.cards[0] is not None and (
            state.round > state.start_rounds or rules_for(game.board).shared_start_rounds):
        chosen = (opener or {}).get("payload", {}).get("choices") or [None, None]
        cards = [view.card_label(game.board, c, chosen[i] if i < len(chosen) else None)
                 for i, c in enumerate(state.cards[0])]
    placed = [view.card_label(game.board, c, (game.placed_choices or [None] * len(names))[i])
              for i, c in enumerate(game.placed)] if start and game.placed is not None else []
    pending_start = [p for p in state.players if p.start_card is not None]
    return render_template(
        "enroute/play/tracker.html", game=game, state=state, names=names, form=form, action=action, start=start,
        players=players, seats=seats, cards=cards, can_undo_cards=can_undo_cards, host=is_host(game.id),
        placed=placed, start_cards=[{"name": p.name, "chosen": p.start is not None} for p in pending_start],
        revealed=view.revealed_starts(state) if not pending_start else [], tracks=view.rating_tracks(game.board),
        spaces=bool(game.board.features_of("remote_space")),
        selection=(pairs.selection_text(state, names) or view.selection_text(state, names))
        if state.phase == "selection" else "",
        areas=pairs.area_rows(state), titles=pairs.card_titles(game.board, state.mode == "solo"),
        upkeep=pairs.upkeep_text(game.board, state.mode == "solo"),
        ratings=view.rating_rows(_shown_state(game)), colours=view.colours_of(game.board),
        problems=problems or [], referee=game.setup.get("referee", True),
        waiting_picks=join_list(names[i] for i in range(len(names)) if i not in game.picks),
        sequence=_sequence_view(game), number=view.round_number(state), mark=store.page_mark(game),
        events=core_seats.events(store.GAME, game.id),
        code=table_code(game) if any(not s["claimed"] for s in seats) else None,
        hold=status != 200, **cities.tracker_context(game)), status


def _forced(state: ref.GameState, read: list[pf.ReadCard], order: list[int]) -> list[int | None]:
    """Return each card's "OR" choice; an unchosen card whose other sides are maxed takes the one still open.

    `order` is the order in which the choosers decide (start rounds: the owners in turn order), so an earlier
    choice can force a later one (`cityplay.allowed_choices`). A choice left open with several sides allowed
    stays None: the referee then asks for it.
    """
    choices: list[int | None] = [r.choice for r in read]
    cards = [read[i].card for i in order]
    earlier: list[int | None] = []
    for k, i in enumerate(order):
        if cards[k].options and choices[i] is None:
            allowed = cityplay.allowed_choices(state.board, state.ratings, state.marks, cards, earlier)
            if len(allowed) == 1:
                choices[i] = allowed[0]
        earlier.append(choices[i])
    return choices


def _sequence_view(game: store.Played) -> list[list[str]] | None:
    """Return the solo sequence's slots as "up", "down" or "taken", row by row from the top."""
    seq = game.sequence
    if seq is None:
        return None
    return [["taken" if c is None else ("up" if (r, k) in seq.face_up else "down") for k, c in enumerate(row)]
            for r, row in enumerate(seq.rows)]


def _record(game: store.Played, form, kind: str, seat: int | None, payload: dict):
    """Record an action; return None on success, else (message, problems, status) to show with the form."""
    try:
        _version_now, found = store.record(game.id, _version(form), kind, seat, payload)
    except store.Conflict as exc:
        return conflict_message(exc.what), [], 409
    if has_errors(found):
        return _("The referee refused this:"), found, 422
    return None


@bp.post("/<token>/round")
def round_cards(token: str):
    """Enter the two round cards of a normal round (and, in advanced mode, the active player's rating moves)."""
    game = _started(token)
    start = _start_round_pending(game)
    form = _cards_form(game, start)
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return _render_tracker(game, form, 400)
    errors: list[str] = []
    colours = view.colours_of(game.board)
    tracks = view.rating_tracks(game.board)
    names = _names(game)
    state = game.state
    if start:
        read = [pf.read_card(form, f"c{i}", game.board, colours, _("Card placed by {name}", name=names[i]), errors,
                             tracks) for i in range(len(names))]
        order = [(state.first_player + k) % len(read) for k in range(len(read))]  # owners choose in turn order
        choices = _forced(state, read, order) if not errors else []
        kind, payload = "start_cards", {"placed": store.cards_json([r.card for r in read]) if not errors else [],
                                        "choices": choices}
    else:
        titles = pairs.card_titles(game.board, state.mode == "solo") or (_("First round card"),
                                                                           _("Second round card"))
        read = [pf.read_card(form, "c0", game.board, colours, titles[0], errors, tracks),
                pf.read_card(form, "c1", game.board, colours, titles[1], errors, tracks)]
        routes = pairs.read_routes(form, "c1", game.board, titles[1], errors)  # Paris: the city card's colours
        if routes and read[1].card is not None:
            read[1].card = replace(read[1].card, route_colours=routes)
        slot = None
        if state.mode == "solo":
            slot = pf.parse_pair(form.slot.data or "")
            if slot is None:
                errors.append(_("Choose which face-up card of the sequence was played."))
        kind = "round"
        choices = _forced(state, read, [0, 1]) if not errors else []
        moves = []
        for r, choice in zip(read, choices or [None, None]):
            moves += r.moves
            if r.card is not None and choice is not None and game.board.coordinate_track(
                    r.card.options[choice][0]) is None:
                moves.append(r.choice_move)  # the chosen side's move comes after the card's fixed symbols
        payload = {"cards": store.cards_json([r.card for r in read]) if not errors else [],
                   "moves": moves if state.rating_mode == "advanced" else None,
                   "slot": list(slot) if slot else None, "choices": choices}
    if errors:
        for e in errors:
            flash(e, "error")
        return _render_tracker(game, form, 422)
    refused = _record(game, form, kind, None, payload)
    if refused:
        message, found, status = refused
        flash(message, "error")
        return _render_tracker(store.load(token), form, status, _problems(found))
    return redirect(url_for("enroute.play.tracker", token=token))


@bp.post("/<token>/close")
def close(token: str):
    """Upkeep: close the round once everyone has played (the tracker-only table closes it anyway)."""
    game = _started(token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return _render_tracker(game, status=400)
    refused = _record(game, form, "close", None, {})
    if refused:
        message, found, status = refused
        flash(message, "error")
        return _render_tracker(store.load(token), status=status, problems=_problems(found))
    return redirect(url_for("enroute.play.tracker", token=token))


@bp.post("/<token>/undo-round")
def undo_round(token: str):
    """Take back the round cards (or the placed start cards) while nobody has played on them."""
    game = _started(token)
    form = pf.ActionForm()
    opener = next((a for a in game.actions if a["seq"] == game.round_opened), None)
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
    elif opener is None or opener["kind"] not in ("round", "start_cards") or game.round_turns or game.picks:
        flash(_("The round cards can be taken back only before anyone has played or picked on them."), "error")
    else:
        try:
            store.drop(token, _version(form), opener["seq"], None)
            flash(_("The round cards are taken back; enter them again."), "ok")
        except store.Conflict as exc:
            flash(conflict_message(exc.what), "error")
    return redirect(url_for("enroute.play.tracker", token=token))


@bp.post("/<token>/score")
def score(token: str):
    """End of the game: fill the score table with every sheet (made once) and show the score sheet."""
    game = _started(token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return redirect(url_for("enroute.play.tracker", token=token))
    if game.state.phase != "over":
        flash(_("The game is not over: round {round} of 10.", round=game.state.round), "error")
        return redirect(url_for("enroute.play.tracker", token=token))
    waiting = store.needs_goal_half(game)
    if waiting and not game.table_id:
        flash(_("Waiting for {names} to place the personal goal on a half of the map (on their own page).",
                names=join_list(_names(game)[i] for i in waiting)), "error")
        return redirect(url_for("enroute.play.tracker", token=token))
    if not game.table_id or db.get_table(game.table_id) is None:
        doc = ref.to_game_document(game.state)
        players = [{"name": p["player"], "colour": SEAT_COLOURS[i % 4], "sheet": p}
                   for i, p in enumerate(doc["players"])]
        ratings = {**doc["ratings"], **{f"tour:{c}": t for c, t in doc.get("tours", {}).items()}}  # Paris
        table_id = db.create_table(game.board.id, board_to_json(game.board), game.state.level, "en",
                                   ratings, doc["goals"], players)
        if game.setup.get("referee", True):
            for seat, player in enumerate(players):  # the referee's sheets are complete: mark them entered
                db.save_sheet(table_id, seat, 0, player["sheet"], "best")
        store.link_table(token, table_id)
        game.table_id = table_id
    if game.state.mode in ("solo", "team"):
        return redirect(url_for("enroute.play.result", token=token))
    return redirect(url_for("enroute.tables.score", token=game.table_id))


@bp.get("/<token>/result")
def result(token: str):
    """Solo: won or lost against the chosen cell. Team: team totals and the team tie rule."""
    game = _started(token)
    table = db.get_table(game.table_id) if game.table_id else None
    if table is None:
        return redirect(url_for("enroute.play.tracker", token=token))
    players = db.get_players(table["id"])
    if game.state.mode == "solo":  # the route aims at the chosen cell: its PP with its goal count (issue 13, R1)
        r, c = game.setup.get("challenge") or (0, 0)
        cell = solo_challenges(game.board)[r][c]
        chooser = solo_chooser(cell.pp, cell.goals, current_app.config.get("SOLVER_TIME_LIMIT"))
        scores = score_players(read_game(game_doc(table, players)), chooser=chooser)
    else:  # a long search runs in the background (issue 12, S8): its progress page, then this page again
        scores = score_or_job(table, players)
        if isinstance(scores, RouteJob):
            board, _problems = parse_board(table["board_doc"])
            return searching_page(table, board, scores)
    totals = [s.total or 0 for s in scores]
    outcome: dict = {"mode": game.state.mode, "names": _names(game), "totals": totals}
    if game.state.mode == "solo":
        pp, met = solo_score({"rows": scores[0].rows or {}, "total": scores[0].total or 0})
        done = tours_completed(game.board, game.state.tours, scores[0].final_route)  # Paris: tours, not goals
        outcome.update(pp=pp, met=met, cell=cell, won=solo_result(pp, met, cell, done), row=r + 1, col=c + 1,
                       tours=done, counts_tours=bool(cell.tours))
    elif game.state.mode == "team" and len(totals) == 4:
        outcome.update(teams=team_totals(totals), ranks=team_ranking(totals),
                       gaps=[abs(totals[0] - totals[2]), abs(totals[1] - totals[3])])
    return render_template("enroute/play/result.html", game=game, table=table, outcome=outcome)
