"""The optional round referee: the active player's three cards, every player's turn on their tile, the last round.

The state is the engine's referee (`games.explore_new_york.referee`) replayed
over the table's log of accepted actions; a page posts one action, the engine
checks it (every problem at once, in the phone's language), and only an
accepted action is appended (version-checked). At the end the refereed tiles
become the players' sheets, ready for the score sheet.
"""

from __future__ import annotations

import json
from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, SelectField, TextAreaField
from wtforms.fields.choices import SelectChoice

from ...games.core.problems import N_, Problem, error, has_errors
from ...games.explore_new_york.cards import CARDS_PER_ROUND, Card, extra_sections, read_card, rounds_for
from ...games.explore_new_york.referee import (
    GameState,
    Seat,
    begin_round,
    check_turn,
    close_round,
    empty_matches,
    must_fall_back,
    new_game,
    next_cards,
    play_turn,
    to_game_document,
    undo_turn,
)
from ...games.explore_new_york.tiles import parse_tile
from ...games.explore_new_york.turndoc import read_turn
from ..core.bodies import accepts_json
from ..core.i18n import _, problem_text
from ..core.security import loads, small_int
from ..core.tables import registry
from ..core.tables import seats as table_seats
from . import referee_store, store
from .labels import COLOUR_NAMES
from .svgmap import MapState, render_map
from .tables import EXPIRED, GAME_ID, _names, change_mark, guard, may_enter, require_host, saved_now, table_status
from .tables import bp as tables_bp

COLOUR_CHOICES = ("red", "green", "blue")


def _choices(pairs) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs."""
    return [SelectChoice(v, label) for v, label in pairs]


class CardEntry(Form):
    """One drawn card: its number (or *), one or two tourist symbols, a +."""

    value = SelectField(choices=_choices([(str(n), str(n)) for n in range(1, 7)] + [("*", "*")]))
    first = SelectField(choices=_choices([(c, c) for c in COLOUR_CHOICES]))
    second = SelectField(choices=_choices([("", "–")] + [(c, c) for c in COLOUR_CHOICES]))
    plus = BooleanField()


class BeginForm(FlaskForm):
    """Step 1: the three cards the active player drew and the one discarded."""

    cards = FieldList(FormField(CardEntry), min_entries=CARDS_PER_ROUND, max_entries=CARDS_PER_ROUND)
    discard = SelectField(choices=_choices([("1", "1"), ("2", "2"), ("3", "3")]))  # card 1, 2 or 3
    version = HiddenField()


class DealForm(FlaskForm):
    """Step 1 with the companion's deck: which of the three revealed cards the active player discards."""

    discard = SelectField(choices=_choices([("1", "1"), ("2", "2"), ("3", "3")]))
    version = HiddenField()


class ActionForm(FlaskForm):
    """A button that acts on the referee's state it was shown (close, undo, copy to the tiles)."""

    version = HiddenField()


class TurnForm(FlaskForm):
    """Steps 2–4 of one player as a turn JSON (the map keeps it up to date)."""

    turn = TextAreaField()
    version = HiddenField()


def _table(token: str) -> tuple[dict, list[dict]]:
    """A table and its players, or 404."""
    table = store.get_table(token)
    if table is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return table, store.get_players(token)


def _apply(state: GameState, action: Any) -> tuple[GameState, list[Problem]]:
    """Apply one logged or posted action to a state (problems when it is refused)."""
    kind = action.get("kind") if isinstance(action, dict) else None
    if kind == "begin":
        cards, problems = [], []
        for i, raw in enumerate(action.get("cards") or []):
            card, found = read_card(raw, f"cards[{i}]")
            problems.extend(found)
            cards.append(card)
        if has_errors(problems):
            return state, problems
        return begin_round(state, tuple(cards), action.get("discard"))
    if kind == "turn":
        turn, problems = read_turn(action.get("turn"))
        if turn is None:
            return state, problems
        return play_turn(state, action.get("seat"), turn)
    if kind == "undo":
        return undo_turn(state, action.get("seat"))
    if kind == "close":
        return close_round(state)
    return state, [error("unknown-action", "kind", N_("Unknown action."))]


def stored_deck(settings: dict) -> tuple[Card, ...] | None:
    """The table's on-screen deck (top first), or None when the table turns real cards."""
    raw = settings.get("deck")
    if not isinstance(raw, list):
        return None
    cards = [read_card(value, f"deck[{i}]")[0] for i, value in enumerate(raw)]
    return tuple(cards) if all(card is not None for card in cards) else None


def replay(table: dict, players: list[dict]) -> tuple[GameState, list[dict], int]:
    """The referee's state now: a new game for the table's seats with every logged action applied."""
    seats = []
    for p in players:
        tile, _problems = parse_tile(p["tile"])
        if tile is None:
            abort(404, description=_("This table does not exist. Check the link."))
        seats.append(Seat(p["name"], tile))
    state = new_game(seats, first=table["settings"].get("first", 0), deck=stored_deck(table["settings"]))
    log, version = referee_store.get_log(table["id"])
    for action in log:
        state, _problems = _apply(state, action)
    return state, log, version


def _act(token: str, action: dict, version: Any) -> list[Problem] | None:
    """Check an action against the state it was posted from and store it; None when someone acted first."""
    table, players = _table(token)
    state, log, current = replay(table, players)
    if small_int(version) != current:
        return None
    _state, problems = _apply(state, action)
    if has_errors(problems):
        return problems
    if not referee_store.append(token, current, [*log, action]):
        return None
    registry.touch(GAME_ID, token)
    return []


def _flash_problems(problems: list[Problem] | None) -> None:
    """Say why an action was refused (or that someone else acted first)."""
    if problems is None:
        flash(_("Someone else changed the round meanwhile; here it is as it stands now. Please try again."),
              "error")
    for p in problems or []:
        flash(problem_text(p), "error")


@tables_bp.route("/<token>/rounds", methods=["GET"])
def rounds(token: str):
    """The round in play: who is active, the cards, who has played; or the form for the next three cards."""
    table, players = _table(token)
    state, _log, version = replay(table, players)
    begin = BeginForm(version=str(version))
    action = ActionForm(version=str(version))
    seats = []
    for i, seat in enumerate(state.seats):
        played = state.played[i] if state.cards is not None else None
        seats.append({"seat": i, "name": seat.name, "played": played,
                      "fallback": must_fall_back(state, i) if state.cards is not None else False})
    dealt = state.deck is not None
    for s in seats:
        s["mine"] = may_enter(token, s["seat"])
    return render_template("explore_new_york/tables/rounds.html", token=token, state=state, seats=seats,
                           referee=table_seats.is_host(GAME_ID, token),
                           mark=change_mark(token), at_table=table_status(players),
                           begin=begin, action=action, total_rounds=rounds_for(len(players)), dealt=dealt,
                           deal=DealForm(version=str(version)), top=next_cards(state) if dealt else (),
                           extras=extra_sections(state.cards) if state.cards else 0,
                           all_played=state.cards is not None and all(p is not None for p in state.played))


@tables_bp.post("/<token>/rounds/begin")
def begin(token: str):
    """Step 1: store the coordinate cards of the next round."""
    _table(token)
    require_host(token)
    form = BeginForm()
    if not form.validate_on_submit():
        expired = getattr(form, "csrf_token", None) is not None and form.csrf_token.errors
        flash(_(EXPIRED) if expired else _("Please fix the marked fields."), "error")
        return redirect(url_for("explore_new_york.tables.rounds", token=token))
    cards = []
    for entry in form.cards:
        symbols = [entry.form.first.data] + ([entry.form.second.data] if entry.form.second.data else [])
        value = entry.form.value.data
        cards.append({"value": "*" if value == "*" else int(value), "tourists": symbols,
                      "plus": bool(entry.form.plus.data)})
    action = {"kind": "begin", "cards": cards, "discard": int(form.discard.data) - 1}
    _flash_problems(_act(token, action, form.version.data))
    return redirect(url_for("explore_new_york.tables.rounds", token=token))


@tables_bp.post("/<token>/rounds/deal")
def deal(token: str):
    """Step 1 with the companion's deck: the three top cards are the drawn ones; store which is discarded."""
    table, players = _table(token)
    require_host(token)
    form = DealForm()
    if not form.validate_on_submit():
        expired = getattr(form, "csrf_token", None) is not None and form.csrf_token.errors
        flash(_(EXPIRED) if expired else _("Choose which of the three cards is discarded."), "error")
        return redirect(url_for("explore_new_york.tables.rounds", token=token))
    state, _log, _version = replay(table, players)
    if state.deck is None:
        flash(_("This table turns its own cards: enter the three cards drawn."), "error")
        return redirect(url_for("explore_new_york.tables.rounds", token=token))
    # The cards are the deck's top three as the page showed them; the engine refuses any others.
    action = {"kind": "begin", "cards": [card.to_json() for card in next_cards(state)],
              "discard": int(form.discard.data) - 1}
    _flash_problems(_act(token, action, form.version.data))
    return redirect(url_for("explore_new_york.tables.rounds", token=token))


@tables_bp.post("/<token>/rounds/close")
def close(token: str):
    """Step 5: close the round once everyone has played."""
    _table(token)
    require_host(token)
    form = ActionForm()
    if not form.validate_on_submit():
        flash(_(EXPIRED), "error")
    else:
        _flash_problems(_act(token, {"kind": "close"}, form.version.data))
    return redirect(url_for("explore_new_york.tables.rounds", token=token))


@tables_bp.post("/<token>/rounds/<int:seat>/undo")
def undo(token: str, seat: int):
    """Take back a player's turn while the round is open: the host, or the phone that holds the seat."""
    _table_row, players = _table(token)
    player = next((p for p in players if p["seat"] == seat), None)
    if player is None:
        abort(404, description=_("This table does not exist. Check the link."))
    guard(token, player)
    form = ActionForm()
    if not form.validate_on_submit():
        flash(_(EXPIRED), "error")
    else:
        _flash_problems(_act(token, {"kind": "undo", "seat": seat}, form.version.data))
    return redirect(url_for("explore_new_york.tables.rounds", token=token))


def _turn_problems(problems: list[Problem]) -> list[dict]:
    """Problems as the turn page lists them."""
    return [{"severity": p.severity, "text": problem_text(p), "target": ""} for p in problems]


@tables_bp.route("/<token>/rounds/<int:seat>", methods=["GET", "POST"])
def turn(token: str, seat: int):
    """A player's turn: choose the district, the drawing option and the sections on their tile."""
    table, players = _table(token)
    state, _log, version = replay(table, players)
    if not 0 <= seat < len(state.seats):
        abort(404, description=_("This table does not exist. Check the link."))
    guard(token, next(p for p in players if p["seat"] == seat))
    form = TurnForm()
    problems: list[dict] = []
    status = 200
    if request.method == "POST":
        value, unreadable = loads(form.turn.data or "")
        if not form.validate_on_submit():
            flash(_(EXPIRED), "error")
            status = 422
        elif unreadable is not None:
            flash(_("This turn cannot be read: {error}", error=unreadable[:120]), "error")
            status = 422
        else:
            found = _act(token, {"kind": "turn", "seat": seat, "turn": value}, form.version.data)
            if found == []:
                flash(_("{name}'s turn is recorded.", name=state.seats[seat].name), "ok")
                return redirect(url_for("explore_new_york.tables.rounds", token=token))
            if found is None:
                _flash_problems(None)
                state, _log, version = replay(table, players)
                status = 409
            else:
                problems, status = _turn_problems(found), 422
    return _render_turn(token, state, seat, form, version, problems, players), status


def _render_turn(token: str, state: GameState, seat: int, form: TurnForm, version: int, problems: list[dict],
                 players: list[dict]):
    """The turn page: the tile as it stands, the matching empty districts ringed."""
    player = state.players[seat]
    tile = state.seats[seat].tile
    open_round = state.cards is not None and state.played[seat] is None
    matches = empty_matches(state, seat) if open_round else []
    fallback = open_round and not matches
    view = MapState(drawn=set(player.sections), tourists=dict(player.tourists), circled=set(player.cafes),
                    matches=set(matches))
    svg = render_map(tile, view, label=_("{name}'s tile", name=state.seats[seat].name), names=_names())
    if not form.turn.data:
        form.turn.data = json.dumps({"district": None, "drawing": "C" if fallback else "A", "sections": [],
                                     "extras": [], "tourist": None})
    form.version.data = str(version)
    strings = {"drawn": _("That road is already drawn on your tile."), "checking": _("Checking…"),
               "ok": _("This turn follows the rules."), "offline": _("Could not check just now; your entry is kept.")}
    printed = [f"X{tile.printed(d)[0]} Y{tile.printed(d)[1]}" for d in matches]
    return render_template("explore_new_york/tables/turn.html", token=token, state=state, seat=seat, form=form,
                           svg=svg, problems=problems, open_round=open_round, fallback=fallback, printed=printed,
                           extras=extra_sections(state.cards) if state.cards else 0, strings=strings,
                           mark=change_mark(token), hold=request.method == "POST", at_table=table_status(players),
                           colour_names={c: _(n) for c, n in COLOUR_NAMES.items()})


@tables_bp.post("/<token>/rounds/<int:seat>/check")
@accepts_json
def check_turn_live(token: str, seat: int):
    """Live check of a turn the map sends (nothing is stored)."""
    table, players = _table(token)
    state, _log, _version = replay(table, players)
    turn, problems = read_turn(request.get_json(silent=True))
    if turn is not None:
        problems = check_turn(state, seat, turn)
    return jsonify({"problems": _turn_problems(problems), "ok": not has_errors(problems)})


@tables_bp.post("/<token>/rounds/to-tiles")
def to_tiles(token: str):
    """At the end: the refereed tiles become the players' sheets (each save version-checked)."""
    table, players = _table(token)
    require_host(token)
    form = ActionForm()
    if not form.validate_on_submit():
        flash(_(EXPIRED), "error")
        return redirect(url_for("explore_new_york.tables.rounds", token=token))
    state, _log, _version = replay(table, players)
    if not state.finished:
        flash(_("The game is not over yet: the deck still has cards."), "error")
        return redirect(url_for("explore_new_york.tables.rounds", token=token))
    doc = to_game_document(state)
    for player, sheet in zip(players, doc["players"], strict=True):
        draft = {k: sheet[k] for k in ("sections", "tourists", "cafes")}
        draft["final_route"] = None
        if store.save_sheet(token, player["seat"], player["version"], draft) is not None:
            saved_now(token)
        else:
            flash(_("Someone else saved {name}'s tile meanwhile; it was left as it is.", name=player["name"]),
                  "error")
    flash(_("The refereed tiles are on the score sheet."), "ok")
    return redirect(url_for("explore_new_york.tables.score", token=token))


__all__ = ["replay"]
