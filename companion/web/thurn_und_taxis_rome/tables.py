"""Starting a table, the table's shared screen (join code, QR, seats, Rome, carriages, officials) and its actions.

The shared screen is rendered from the engine's public view only (`common.table_or_404` gives the views
the table with every placement face down). Seats follow the core's one claim policy
(`core.tables.seats`): "This is me" takes a free seat and redirects that phone alone to its secret
page; a seat held by another phone is refused here (it moves only by its own link, or when the host
gives it a new link, which the whole table sees in the seats' log). No seat link is ever shown here.
A new link is the host's action, declared on the game's `TableSpec`: the core refuses it to every other
phone (403) before the view runs, and hands hosting over (`host_box` on this screen).
Every change is a POST with the version the page showed, then a redirect; a refused change
re-renders the screen with what was entered and the reasons in the reader's language.
"""

from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, request, url_for

from ...games.thurn_und_taxis_rome import new_table
from ...games.thurn_und_taxis_rome.data import facts
from ..core import db as core_db
from ..core import limits
from ..core.home import remember_table
from ..core.i18n import _
from ..core.qr import qr_response
from ..core.security import public_url, small_int
from ..core.tables import host as core_host
from ..core.tables import names as core_names
from ..core.tables import seats as core_seats
from ..core.tables.live import live_answer
from . import forms as tf
from . import labels as lb
from . import store, view
from .common import (
    GAME_ID,
    Result,
    bp,
    change_mark,
    form_message,
    is_host,
    load_public,
    record,
    saved,
    seat_or_404,
    table_or_404,
)

COLOURS = ("blue", "green", "red", "yellow")
EXAMPLE = "example"  # the start form's choice of the engine's shipped board (track.py)
FLASHED = ("arrived", "return-round", "final-return", "returns-done", "turn-ended", "office-taken", "offices-returned",
           "game-ended", "post-offices", "bonus-taken", "final-round")  # events said again after a change


# ---- starting a table ----------------------------------------------------------------------------

def _new_form() -> tuple[tf.NewTableForm, list[store.Board]]:
    """The start-a-table form with its choices: colours, remembered boards, 2-player cities."""
    form = tf.NewTableForm()
    boards = store.boards()
    for i in range(tf.MAX_PLAYERS):
        getattr(form, f"colour_{i}").choices = tf.options((c, lb.colour(c)) for c in COLOURS)
    form.board.choices = tf.options([(EXAMPLE, _("The companion's example board (our own drawing)")),
                                     ("", _("No board: name each city as a carriage moves"))]
                                    + [(b.id, b.name) for b in boards])
    tf.fill_starts(form)
    return form, boards


def _setup_from(form: tf.NewTableForm, boards: list[store.Board]) -> tuple[dict | None, store.Board | None, bool]:
    """Read the form into the engine's setup; mark fields that cannot be read (False when any could not)."""
    good = True
    seats = []
    typed = [tf.typed(getattr(form, f"name_{i}").data, tf.MAX_NAME) for i in range(tf.MAX_PLAYERS)]
    for again, earlier in core_names.duplicate_names(typed):
        field = getattr(form, f"name_{again}")
        field.errors = [*field.errors, _("“{name}” is the same name as player {n}’s, “{earlier}”: give each player "
                                         "a different name.", name=typed[again], n=earlier + 1,
                                         earlier=typed[earlier])]
        good = False
    for i in range(tf.MAX_PLAYERS):
        name = core_names.clean_name(typed[i])
        colour = getattr(form, f"colour_{i}")
        if not name:
            continue
        if colour.data not in COLOURS:
            colour.errors = [_("Choose one of the four colours.")]
            good = False
        seats.append({"player": name, "colour": colour.data})
    if not 2 <= len(seats) <= 4:
        form.name_0.errors = [_("Thurn und Taxis is played by two to four players: enter their names.")]
        good = False
    modules = [m for m in ("audience", "offices") if getattr(form, m).data]
    if not modules:
        form.audience.errors = [_("Play at least one of the two modules.")]
        good = False
    chosen = next((b for b in boards if b.id == form.board.data), None)
    if form.board.data and form.board.data != EXAMPLE and chosen is None:
        form.board.errors = [_("Choose one of the listed boards.")]
        good = False
    starts = {c: getattr(form, tf.start_field(c)).data for c in facts().carriage_ids
              if getattr(form, tf.start_field(c)).data}
    track = EXAMPLE if form.board.data == EXAMPLE else chosen.doc if chosen else None
    setup = {"seats": seats, "modules": modules, "track": track, "posts": bool(form.posts.data)}
    if len(seats) == 2 and "audience" in modules and starts:
        setup["two_player_starts"] = starts
    return (setup if good else None), chosen, good


def _mark_setup_problems(form: tf.NewTableForm, problems) -> list[dict]:
    """Put the engine's setup problems next to their fields; return the ones no field shows."""
    rest = []
    for p in problems:
        if p.severity != "error":
            continue
        field = None
        if p.path.startswith("seats["):
            index = small_int(p.path[6:p.path.index("]")] if "]" in p.path else "")
            part = "colour" if p.path.endswith(".colour") else "name"
            if index is not None and index < tf.MAX_PLAYERS:
                field = getattr(form, f"{part}_{_nth_named(form, index)}", None)
        elif p.path.startswith("two_player_starts."):
            carriage = p.path.split(".", 1)[1]
            field = getattr(form, tf.start_field(carriage), None) if carriage in facts().carriage_ids else None
        if field is not None:
            field.errors = [*field.errors, lb.problem_line(p)]
        else:
            rest.append({"severity": p.severity, "text": lb.problem_line(p), "target": ""})
    return rest


def _nth_named(form: tf.NewTableForm, index: int) -> int:
    """The form row of the index-th named player (blank rows are skipped)."""
    named = [i for i in range(tf.MAX_PLAYERS) if tf.typed(getattr(form, f"name_{i}").data, tf.MAX_NAME)]
    return named[index] if index < len(named) else 0


@bp.route("/new", methods=["GET", "POST"])
@limits.creates_table
def new():
    """Start a table: players, modules, the Road-to-Rome board and (2 players) where the carriages start."""
    form, boards = _new_form()
    if request.method == "GET":
        wanted = request.args.get("board", EXAMPLE)  # the example board unless a remembered one is asked for
        if wanted == EXAMPLE or any(b.id == wanted for b in boards):
            form.board.data = wanted
        return render_template("thurn_und_taxis_rome/new.html", form=form, boards=boards, problems=[])
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return render_template("thurn_und_taxis_rome/new.html", form=form, boards=boards, problems=[]), 400
    setup, chosen, good = _setup_from(form, boards)
    problems: list[dict] = []
    if good:
        table, found = new_table(setup)
        if table is not None:
            token = store.create_table(table, chosen.id if chosen else None)
            core_seats.make_host(GAME_ID, token)
            names = ", ".join(s.player for s in table.seats)
            core_db.new_table_code(GAME_ID, url_for("thurn_und_taxis_rome.tables.show", token=token),
                                   f"Thurn und Taxis · {names}")
            return redirect(url_for("thurn_und_taxis_rome.tables.show", token=token))
        problems = _mark_setup_problems(form, found)
    flash(_("Please fix the marked fields."), "error")
    return render_template("thurn_und_taxis_rome/new.html", form=form, boards=boards, problems=problems), 422


# ---- the shared screen ---------------------------------------------------------------------------

def render_table(stored: store.Stored, status: int = 200, problems=None, entered: dict | None = None):
    """Render the table's shared screen, keeping what a refused form had entered (a refusal holds the page)."""
    ctx = view.shared(stored)
    path = url_for("thurn_und_taxis_rome.tables.show", token=stored.id)
    code = core_db.code_for_path(path)
    action = tf.showing(str(stored.version))
    return render_template("thurn_und_taxis_rome/table.html", s=ctx, token=stored.id, action=action,
                           host=is_host(stored.id), code=code["code"] if code else None,
                           link=public_url("thurn_und_taxis_rome.tables.show", token=stored.id),
                           problems=problems or [], entered=entered or {}, last=stored.last,
                           rewards=view.reward_table(False), final_rewards=view.reward_table(True),
                           may_return=view.may_return, held=view.held,
                           undo_label=_undo_label(stored), events=core_seats.events(GAME_ID, stored.id),
                           mark=change_mark(stored.id), hold=status != 200), status


def _undo_label(stored: store.Stored) -> str | None:
    """Name the newest change the table screen may take back, or None."""
    if stored.last is None or stored.last["kind"] not in store.UNDOABLE:
        return None
    return lb.kind_label(stored.last["kind"])


@bp.get("/<token>")
def show(token: str):
    """The table's shared screen."""
    stored = table_or_404(token)
    remember_table(url_for("thurn_und_taxis_rome.tables.show", token=token))
    return render_table(stored)


@bp.get("/<token>/qr.png")
def qr(token: str):
    """The QR code of the table's link (the same link the page shows)."""
    table_or_404(token)
    return qr_response("thurn_und_taxis_rome.tables.show", token=token)


@bp.get("/<token>/version")
def version(token: str):
    """The table's version (the number every form carries)."""
    found = store.version_of(token)
    if found is None:
        abort(404, description=_("There is no such table; check the link or the code."))
    return jsonify({"version": found})


@bp.get("/<token>/live")
def live(token: str):
    """The table's change mark, which every page of the table polls (the core's live.js) to follow the game."""
    return live_answer(change_mark(token))


@bp.get("/api/tables/<token>")
def api_table(token: str):
    """The table as JSON for any screen: the engine's public view (no seat's placement)."""
    return jsonify(view.public_json(table_or_404(token)))


@bp.get("/api/seats/<seat_token>")
def api_seat(seat_token: str):
    """One seat's view as JSON, for the phone holding its secret link (no placement: the player remembers it)."""
    stored, seat = seat_or_404(seat_token)
    return jsonify(view.seat_json(stored, seat))


# ---- seats ---------------------------------------------------------------------------------------

@bp.post("/<token>/seats/<int:seat>/claim")
@limits.claims_seat
def claim(token: str, seat: int):
    """"This is me": a free seat goes to this phone, which alone is sent to its secret page; a held seat is refused."""
    stored = table_or_404(token)
    form = tf.ActionForm()
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return redirect(url_for("thurn_und_taxis_rome.tables.show", token=token))
    if small_int(seat) is None or seat >= len(stored.table.seats):
        abort(404, description=_("There is no such seat."))
    name = stored.table.seats[seat].player
    if not core_seats.claim(GAME_ID, token, seat, name, by_link=False).ok:
        flash(_("{name}'s seat is taken already. If that was not you, the host can give the seat a new link.",
                name=name), "error")
        return redirect(url_for("thurn_und_taxis_rome.tables.show", token=token))
    link = store.seat_tokens(token)[seat]
    return redirect(url_for("thurn_und_taxis_rome.tables.seat", seat_token=link))


@bp.post("/<token>/seats/<int:seat>/new-link")
def new_link(token: str, seat: int):
    """The host gives a seat a new secret link (a lost phone); the old one stops working, and the table sees it."""
    stored = table_or_404(token)
    if not is_host(token):  # the core refused other phones already (TableSpec.host_actions); never trusted alone
        core_host.refuse()
    form = tf.ActionForm()
    if not form.validate_on_submit():
        flash(form_message(form), "error")
    elif small_int(seat) is None or seat >= len(stored.table.seats) or not store.reissue_seat(token, seat):
        abort(404, description=_("There is no such seat."))
    else:
        name = stored.table.seats[seat].player
        core_seats.reissued(GAME_ID, token, seat, name)
        flash(_("{name} has a new link; the old one no longer works. {name} taps “This is me” again.",
                name=name), "ok")
    return redirect(url_for("thurn_und_taxis_rome.tables.show", token=token))


# ---- the turn's actions from the shared screen ---------------------------------------------------

def _after(stored: store.Stored, result: Result, entered: dict | None = None, done: str | None = None):
    """Redirect after a recorded change (saying what happened), or re-render the screen with the reasons."""
    if result.ok:
        players = [s.player for s in stored.table.seats]
        for event in result.events:
            line = lb.event_line(event, players, stored.table.rank_names)
            if line and event.get("event") in FLASHED:
                flash(line, "ok")
        for p in result.problems:
            flash(lb.problem_line(p), "warn")
        hint = lb.bonus_hint(result.events, players, stored.table.posts is not None)
        if hint:
            flash(hint, "ok")
        if done:
            flash(done, "ok")
        return redirect(url_for("thurn_und_taxis_rome.tables.show", token=stored.id))
    flash(result.message, "error")
    fresh = load_public(stored.id) or stored
    return render_table(fresh, result.status, lb.problem_rows(result.problems), entered)


def _action_form(stored: store.Stored):
    """Check a shared-screen POST's CSRF token; return the form, or a response saying why it was refused."""
    form = tf.ActionForm()
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return None, render_table(stored, 400)
    return form, None


@bp.post("/<token>/office")
def office(token: str):
    """The active player takes an official's tile."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    chosen = request.form.get("office", "")[:40]
    result = record(token, form.version.data, {"action": "take-office", "seat": stored.table.turn.active,
                                               "office": chosen})
    return _after(stored, result)


@bp.post("/<token>/end-turn")
def end_turn(token: str):
    """The active player's turn is over; the next player clockwise begins."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    return _after(stored, record(token, form.version.data, {"action": "end-turn", "seat": stored.table.turn.active}))


@bp.post("/<token>/end-game")
def end_game(token: str):
    """The base game's last round is over: the final return of officials' tiles opens, then the score."""
    return _confirmed(token, lambda stored: _("Tick the box to confirm that the base game's last round is over."),
                      lambda stored: {"action": "end-game"})


def _confirmed(token: str, refusal, event):
    """An action behind a confirmation tick: refused with `refusal(stored)` unless ticked, else `event(stored)`."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    if request.form.get("confirm") != "yes":
        flash(refusal(stored), "error")
        return render_table(stored, 422)
    return _after(stored, record(token, form.version.data, event(stored)))


@bp.post("/<token>/bonus")
def bonus(token: str):
    """A player takes the top tile of a bonus stack (a province group or a long route completed, or a post office
    placed by a return); the player may also take it on their own phone."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    seat = small_int(request.form.get("seat", ""))
    stack = request.form.get("stack", "")[:40]
    entered = {"bonus_seat": seat, "stack": stack}
    if seat is None or seat >= len(stored.table.seats):
        flash(_("Choose who takes the bonus tile."), "error")
        return render_table(stored, 422, entered=entered)
    if not stack:
        flash(_("Choose the bonus tile taken."), "error")
        return render_table(stored, 422, entered=entered)
    result = record(token, form.version.data, {"action": "take-bonus", "seat": seat, "stack": stack})
    return _after(stored, result, entered)


@bp.post("/<token>/build")
def build(token: str):
    """Without the Audience: how many post offices the active player placed after scoring a route."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    raw = (request.form.get("count") or "").strip()[:6]
    count = small_int(raw)
    if count is None or count < 1:
        flash(_("Type how many post offices were placed: a whole number from 1."), "error")
        return render_table(stored, 422, entered={"count": raw})
    result = record(token, form.version.data, {"action": "build", "seat": stored.table.turn.active, "count": count})
    return _after(stored, result, {"count": raw})


@bp.post("/<token>/trigger-end")
def trigger_end(token: str):
    """The active player took a 7-carriage (the base game's other end): the final round starts."""
    return _confirmed(token, lambda stored: _("Tick the box to confirm that {player} took a 7-carriage.",
                                              player=stored.table.seats[stored.table.turn.active].player),
                      lambda stored: {"action": "trigger-end", "seat": stored.table.turn.active})


def returned_kinds() -> list[str]:
    """The officials ticked in a return form (unknown values are passed on: the engine names them)."""
    return [k[:40] for k in request.form.getlist("kinds")[:8]]


@bp.post("/<token>/return")
def return_tiles(token: str):
    """The table records a player's return of officials' tiles (the player may also do it on their phone)."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    seat = small_int(request.form.get("seat", ""))
    kinds = returned_kinds()
    if seat is None or seat >= len(stored.table.seats):
        flash(_("Choose whose tiles are returned."), "error")
        return render_table(stored, 422)
    result = record(token, form.version.data, {"action": "return-offices", "seat": seat, "kinds": kinds})
    return _after(stored, result, {"return_seat": seat, "kinds": kinds})


@bp.post("/<token>/tile-value")
def tile_value(token: str):
    """Remember the points printed on a clergy tile (and the fifth tile's printed name), asked at first need."""
    stored = table_or_404(token)
    form = tf.TileValueForm()
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return render_table(stored, 400)
    rank = (form.rank.data or "")[:40]
    raw = (form.points.data or "").strip()
    points = small_int(raw)
    entered = {"rank": rank, "points": raw, "name": form.name.data or ""}
    if points is None or points > 99:
        flash(_("Type the points printed on the tile: a whole number such as 3."), "error")
        return render_table(stored, 422, entered=entered)
    action = {"action": "tile-value", "rank": rank, "points": points}
    name = tf.typed(form.name.data, 40)
    if name:
        action["name"] = name
    return _after(stored, record(token, form.version.data, action), entered)


@bp.post("/<token>/undo")
def undo(token: str):
    """Take back the table's newest shared change (a mis-tap); the page must show that change as the newest."""
    stored = table_or_404(token)
    form, refused = _action_form(stored)
    if refused:
        return refused
    try:
        kind = store.undo(token, form.version.data, request.form.get("seq", ""))
    except store.Conflict as exc:
        flash(lb.conflict_message(exc.what), "error")
        return render_table(load_public(token) or stored, 409)
    if kind is None:
        flash(_("Only the newest change made on the table's screen can be taken back."), "error")
        return render_table(load_public(token) or stored, 409)
    saved(token)
    flash(_("Taken back: {what}.", what=lb.kind_label(kind)), "ok")
    return redirect(url_for("thurn_und_taxis_rome.tables.show", token=token))
