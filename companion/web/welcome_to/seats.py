"""A player's own sheet, reached by the seat's secret link: every move checked by the engine as it is made.

A move is a small form (CSRF token, the version the page showed, the move's
fields). The page's script sends it with `Accept: application/json` and swaps
in the new sheet; without a script the same form posts and redirects. A move
the rules refuse is answered 422 with the reasons in the phone's language and
what was typed kept; a move based on an older version of the sheet (another
screen saved meanwhile) is answered 409 and nothing is overwritten.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf.csrf import generate_csrf

from ..core.errors import wants_json
from ..core.i18n import _, problem_text
from ..core.security import small_int
from ..core.tables import registry, seats
from ..core.tables.live import live_answer
from . import rounds, store
from .forms import ActionForm, ButtonForm, ImportForm, MoveForm, csrf_failed
from .importing import log_note, read_seat_import
from .labels import CARD_EFFECT_ORDER, EFFECT_LABELS, move_text
from .live import apply_entry, check_entry
from .tables import GAME_ID, change_mark, json_download, load_table
from .view import TableState, end_news, load_state, problems_of, reshuffle_askers, sheet_context

bp = Blueprint("seats", __name__)


def _open(token: str) -> tuple[dict, TableState, int]:
    """The seat a secret link opens, its table state and its index; 404 for any other link."""
    seat = store.seat_by_token(token)
    if seat is None:
        abort(404, description=_("This sheet does not exist. Open it again from the table page on your phone."))
    table = load_table(seat["table_id"])
    state = load_state(table)
    return seat, state, state.index(token)


def _strings() -> dict:
    """The texts the page's script shows, in the phone's language."""
    return {"offline": _("Not saved: the server cannot be reached. Your move is kept on this phone and is sent "
                         "when the network returns."),
            "sent": _("Back online: your move is sent."),
            "refused": _("Not done:"),
            "pad_write": _("Write {number} at street {street}, house {house}"),
            "pad_refusal": _("Cross a permit refusal for {number}"),
            "pad_title": _("Street {street}, house {house}"),
            "pad_refusal_title": _("Which number fits nowhere?"),
            "bis_which": _("Copy which number?"),
            "fence_hint": _("Fence tool: tap between two houses to draw a fence."),
            "saved": _("Saved ✓")}


def _fragment(seat: dict, state: TableState, index: int) -> str:
    """The sheet fragment the page's script swaps in."""
    return render_template("welcome_to/_sheet.html", seat=seat, state=state, effects=_effects(),
                           csrf=generate_csrf(), **sheet_context(state, index))


def _effects() -> list[tuple[str, str]]:
    """The six card effects and their names, in the card order."""
    return [(e, _(EFFECT_LABELS[e])) for e in CARD_EFFECT_ORDER]


def _page(seat: dict, state: TableState, index: int, status: int = 200, message: list[str] | None = None,
          entry: dict | None = None, form: MoveForm | None = None, import_form: ImportForm | None = None,
          import_problems: list | None = None, conflict: bool = False, hand_typed: dict | None = None):
    """Render the seat page, keeping a refused move (and an imported text) as entered."""
    context = sheet_context(state, index)
    move = form or MoveForm()
    move.version.data = str(seat["version"])
    imp = import_form or ImportForm()
    imp.version.data = str(seat["version"])
    mark = change_mark(state.table, seat["seat"])
    return render_template("welcome_to/seat.html", seat=seat, state=state, form=move, action=ActionForm(),
                           mark=mark, hold=bool(message),
                           import_form=imp, import_problems=import_problems or [], messages=message or [],
                           refused=move_text(entry) if entry else "", conflict=conflict, strings=_strings(),
                           csrf=generate_csrf(), effects=_effects(), hand_typed=hand_typed or {}, **context), status


def _answer(token: str, ok: bool, status: int, messages: list[str], entry: dict | None = None,
            form: MoveForm | None = None, conflict: bool = False):
    """Answer a change: JSON with the new sheet fragment for the page's script, else a redirect or the page."""
    seat, state, index = _open(token)
    if wants_json():
        return jsonify({"ok": ok, "version": seat["version"], "messages": messages,
                        "html": _fragment(seat, state, index), "move": move_text(entry) if entry else "",
                        "conflict": conflict}), status
    if ok:
        return redirect(url_for("welcome_to.seats.sheet", token=token) + "#round")
    return _page(seat, state, index, status, messages, entry, form, conflict=conflict)


@bp.get("/s/<token>")
def sheet(token: str):
    """A player's own live sheet; opening its link holds the seat on this phone (whoever has the link has it)."""
    seat, state, index = _open(token)
    seats.claim(GAME_ID, seat["table_id"], seat["seat"], seat["name"], by_link=True)
    return _page(seat, state, index)


@bp.get("/s/<token>/live")
def live(token: str):
    """The change mark a seat's page follows: the table's, without this seat's own version."""
    seat = store.seat_by_token(token)
    table = store.get_table(seat["table_id"]) if seat else None
    return live_answer(change_mark(table, seat["seat"]) if table else None)


def _saved(seat: dict) -> None:
    """Note a save in the table registry; a table whose game ends this round is finished for retention."""
    table = load_table(seat["table_id"])
    registry.touch(GAME_ID, table["id"])
    if end_news(load_state(table)):
        registry.finish(GAME_ID, table["id"])


@bp.get("/s/<token>/fragment")
def fragment(token: str):
    """The sheet as an HTML fragment and its version (the page refreshes plans claimed elsewhere with it)."""
    seat, state, index = _open(token)
    return jsonify({"version": seat["version"], "html": _fragment(seat, state, index)})


def _refused_form(form) -> tuple[str, int]:
    """Why a form was refused before its move was read: the CSRF token, or the fields."""
    if csrf_failed(form):
        return _("The page expired or came from elsewhere; nothing was lost. Reload it and make the move again."), 400
    return _("Please fix the marked fields."), 422


@bp.post("/s/<token>/move")
def move(token: str):
    """Check one move with the engine and add it to the seat's log."""
    seat, state, index = _open(token)
    form = MoveForm()
    if not form.validate_on_submit():
        text, status = _refused_form(form)
        return _answer(token, False, status, [text], form=form)
    entry, problem = form.entry()
    if entry is None:
        return _answer(token, False, 422, [problem], form=form)
    live = state.lives[index]
    if str(seat["version"]) != (form.version.data or "").strip():
        return _conflict(token, entry, form)
    problems = check_entry(live, entry, state.settings)
    if problems:
        return _answer(token, False, 422, [problem_text(p) for p in problems], entry, form)
    ended = (live.round, live.turn.number, live.turn.effect) if entry["kind"] == "next" else None
    apply_entry(live, entry, state.settings)
    if store.save_seat(token, seat["version"], live.log) is None:
        return _conflict(token, entry, form)
    _saved(seat)
    if ended is not None:
        _advanced_played(seat["table_id"], index, *ended)
    return _answer(token, True, 200, [], entry)


def _advanced_played(table_id: str, index: int, round_: int, number: int | None, effect: str | None) -> None:
    """Advanced: a seat ended the table's round; its pair's cards are discarded, and the hands pass when every
    seat has played (a few tries when another seat saved the table at the same moment)."""
    for _try in range(5):
        table = store.get_table(table_id)
        deck = table.get("deck") if table else None
        if not rounds.is_advanced(deck) or deck["round"] != round_:
            return
        if not rounds.advanced_play(deck, index, number, effect):
            return
        if store.save_deck(table_id, table["version"], deck):
            return


def _conflict(token: str, entry: dict | None, form) -> tuple:
    """Answer a change based on an older version of the sheet: nothing saved, the move kept to make again."""
    text = _("Your sheet changed on another screen meanwhile; it is shown as saved now. Nothing was overwritten. "
             "Check it and make your move again.")
    return _answer(token, False, 409, [text], entry, form, conflict=True)


@bp.post("/s/<token>/undo")
def undo(token: str):
    """Take back the last move (or round change) of this seat."""
    seat, _state, _index = _open(token)
    form = ActionForm()
    if not form.validate_on_submit():
        text, status = _refused_form(form)
        return _answer(token, False, status, [text])
    if str(seat["version"]) != (form.version.data or "").strip():
        return _conflict(token, None, None)
    if not seat["log"]:
        return _answer(token, False, 422, [_("There is nothing to undo.")])
    last = seat["log"][-1]
    if store.save_seat(token, seat["version"], seat["log"][:-1]) is None:
        return _conflict(token, None, None)
    _saved(seat)
    return _answer(token, True, 200, [_("Undone: {move}", move=move_text(last))] if isinstance(last, dict) else [])


@bp.post("/s/<token>/import")
def import_sheet(token: str):
    """Replace this seat's sheet by a finished sheet in JSON (its moves start again from it)."""
    seat, state, index = _open(token)
    form = ImportForm()
    if not form.validate_on_submit():
        text, status = _refused_form(form)
        return _page(seat, state, index, status, [text], import_form=form)
    text = form.document_text()
    player, message, found = read_seat_import(text, state.settings, seat["name"])
    if player is None:
        form.text.data = text
        return _page(seat, state, index, 422, [message], import_form=form, import_problems=problems_of(found))
    if str(seat["version"]) != (form.version.data or "").strip() or store.save_seat(
            token, seat["version"], [], player, replace_base=True) is None:
        form.text.data = text
        return _page(seat, state, index, 409, [_("Your sheet changed on another screen meanwhile; nothing was "
                                                 "imported. Your text is kept: import it again.")],
                     import_form=form, conflict=True)
    _saved(seat)
    flash(log_note(player), "ok")
    return redirect(url_for("welcome_to.seats.sheet", token=token))


@bp.post("/s/<token>/reshuffle")
def reshuffle(token: str):
    """The first player to complete a plan answers on their own phone: new stacks (from the next round) or keep
    them. Asked of that seat only; the host can answer on the table page instead."""
    _seat, state, index = _open(token)
    form = ButtonForm()
    if not form.validate_on_submit():
        text, status = _refused_form(form)
        return _answer(token, False, status, [text])
    if index not in reshuffle_askers(state):
        return _answer(token, False, 409, [_("Only the first player to complete a plan decides on new stacks, "
                                             "once a game; it is decided already or not yours to decide.")])
    deck = state.table["deck"]
    wants = request.form.get("answer") == "new"
    (rounds.reshuffle if wants else rounds.keep_stacks)(deck)
    if not store.save_deck(state.table["id"], state.table["version"], deck):
        return _answer(token, False, 409, [_("Another phone changed the table first; look and try again.")])
    registry.touch(GAME_ID, state.table["id"])
    flash(_("New stacks: the cards are shuffled into three new stacks for the next round.") if wants
          else _("The stacks are kept."), "ok")
    return _answer(token, True, 200, [])


@bp.post("/s/<token>/hand")
def enter_hand(token: str):
    """Advanced with physical cards: this seat taps in its own three cards for its round (its secret)."""
    seat, state, index = _open(token)
    form = ButtonForm()
    if not form.validate_on_submit():
        text, status = _refused_form(form)
        return _answer(token, False, status, [text])
    live = state.lives[index]
    typed = {f"{k}{i}": str(request.form.get(f"{k}{i}", ""))[:16].strip() for i in (1, 2, 3) for k in "ne"}
    for i in (1, 2, 3):
        number = small_int(typed[f"n{i}"])
        if number is None or not 1 <= number <= 15 or typed[f"e{i}"] not in CARD_EFFECT_ORDER:
            return _hand_refused(seat, state, index, _("Card {n}: a number from 1 to 15 and one of the six effects.",
                                                       n=i), typed)
    if state.settings.mode != "advanced":
        return _hand_refused(seat, state, index, _("Only the advanced game has a hand of cards."), typed)
    if live.number_done:
        return _hand_refused(seat, state, index, _("This round’s number is written: its cards no longer change."),
                             typed)
    values = [(int(typed[f"n{i}"]), typed[f"e{i}"]) for i in (1, 2, 3)]
    try:
        deck = rounds.enter_hand(state.table.get("deck"), index, live.round, values)
    except rounds.RoundError as exc:
        return _hand_refused(seat, state, index, _(str(exc)), typed, 409)
    if not store.save_deck(state.table["id"], state.table["version"], deck):
        return _hand_refused(seat, state, index, _("Another phone changed the table first; look and try again."),
                             typed, 409)
    registry.touch(GAME_ID, state.table["id"])
    return _answer(token, True, 200, [])


def _hand_refused(seat: dict, state: TableState, index: int, text: str, typed: dict, status: int = 422):
    """The seat page again with the hand as typed and what is wrong with it (JSON for the page's script)."""
    if wants_json():
        return jsonify({"ok": False, "version": seat["version"], "messages": [text],
                        "html": _fragment(seat, state, index), "move": "", "conflict": False}), status
    return _page(seat, state, index, status, [text], hand_typed=typed)


@bp.get("/s/<token>/sheet.json")
def sheet_json(token: str):
    """This seat's sheet as a `welcome-to-game/1` player object."""
    seat, state, index = _open(token)
    return json_download(state.doc(with_log=True)["players"][index], f"welcome-to-sheet-{seat['seat'] + 1}.json")

