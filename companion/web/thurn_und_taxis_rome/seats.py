"""A player's own secret page: placing the five clergy tiles on the carriages, returning officials' tiles.

Reached only through the seat's secret link, which "This is me" hands to one phone; opening the link
takes the seat on this phone (the core's claim policy: whoever has the link has the seat, and the table's
log says so). After placing, the page no longer shows which tile went where (seed l.36–38: the player may
not look and must remember it); it says the tiles are placed and where they are now (`view.own_clergy`).
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _
from ..core.tables import seats as core_seats
from . import forms as tf
from . import labels as lb
from . import view
from .common import GAME_ID, bp, change_mark, form_message, load_public, record, seat_or_404
from .store import Stored, reissue_seat
from .tables import returned_kinds


def render_seat(stored: Stored, seat: int, seat_token: str, status: int = 200, problems=None,
                entered: dict | None = None):
    """Render a seat's page, keeping what a refused form had entered (only a refused entry is ever refilled)."""
    ctx = view.shared(stored)
    doc = ctx["doc"]
    clergy = view.own_clergy(stored.table, seat)
    chosen = dict(entered.get("assignment", {})) if entered and "assignment" in entered else {}
    return render_template("thurn_und_taxis_rome/seat.html", s=ctx, me=ctx["seats"][seat], seat=seat,
                           seat_token=seat_token, token=stored.id, clergy=clergy, chosen=chosen,
                           may_return=view.may_return(doc, seat),
                           held=view.held(doc, seat) if doc["offices"] is not None else [],
                           rewards=view.reward_table(doc["ended"]), problems=problems or [],
                           entered=entered or {}, action=tf.showing(str(stored.version)),
                           mark=change_mark(stored.id), hold=status != 200), status


@bp.get("/s/<seat_token>")
def seat(seat_token: str):
    """A player's own page (secret to this phone); opening the link holds the seat on this phone."""
    stored, number = seat_or_404(seat_token)
    core_seats.claim(GAME_ID, stored.id, number, stored.table.seats[number].player, by_link=True)
    return render_seat(stored, number, seat_token)


@bp.post("/s/<seat_token>/clergy")
def clergy(seat_token: str):
    """Place (or change, until everyone has placed) one clergy tile on each carriage, secretly."""
    stored, number = seat_or_404(seat_token)
    form = tf.ActionForm()
    assignment = {c: (request.form.get(f"carriage_{c}") or "")[:40] for c in facts().carriage_ids}
    entered = {"assignment": assignment}
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return render_seat(stored, number, seat_token, 400, entered=entered)
    blank = [lb.carriage(c) for c, r in assignment.items() if not r]
    if blank:
        flash(_("Choose a clergy tile for every carriage: {carriages} still have none.",
                carriages=lb.join_list(blank)), "error")
        return render_seat(stored, number, seat_token, 422, entered=entered)
    result = record(stored.id, form.version.data, {"action": "place-clergy", "seat": number,
                                                   "assignment": assignment})
    if not result.ok:
        flash(result.message, "error")
        items = {f"assignment.{c}": lb.carriage(c) for c in facts().carriage_ids}
        return render_seat(load_public(stored.id) or stored, number, seat_token, result.status,
                           lb.problem_rows(result.problems, items), entered)
    flash(_("Your clergy are on the carriages, face down. Remember which is where: from now on no page shows it, "
            "not even this one (the rules let nobody look)."), "ok")
    return redirect(url_for("thurn_und_taxis_rome.tables.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/return")
def seat_return(seat_token: str):
    """Return different officials' tiles from this phone, in the player's turn of a return round or at the end."""
    stored, number = seat_or_404(seat_token)
    form = tf.ActionForm()
    kinds = returned_kinds()
    entered = {"kinds": kinds}
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return render_seat(stored, number, seat_token, 400, entered=entered)
    result = record(stored.id, form.version.data, {"action": "return-offices", "seat": number, "kinds": kinds})
    if not result.ok:
        flash(result.message, "error")
        return render_seat(load_public(stored.id) or stored, number, seat_token, result.status,
                           lb.problem_rows(result.problems), entered)
    _flash_events(stored, result.events, skip="route-scored")
    for p in result.problems:
        flash(lb.problem_line(p), "warn")
    hint = lb.bonus_hint(result.events, [s.player for s in stored.table.seats], stored.table.posts is not None)
    if hint:
        flash(hint, "ok")
    return redirect(url_for("thurn_und_taxis_rome.tables.seat", seat_token=seat_token))


def _flash_events(stored, events: list[dict], skip: str = "") -> None:
    """Say on the page what a recorded action did (one line per event; the `skip` kind is said elsewhere)."""
    players = [s.player for s in stored.table.seats]
    for event in events:
        line = lb.event_line(event, players, stored.table.rank_names)
        if line and event.get("event") != skip:
            flash(line, "ok")


@bp.post("/s/<seat_token>/bonus")
def seat_bonus(seat_token: str):
    """The player takes the top tile of a bonus stack on their own phone."""
    stored, number = seat_or_404(seat_token)
    form = tf.ActionForm()
    stack = (request.form.get("stack") or "")[:40]
    entered = {"stack": stack}
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return render_seat(stored, number, seat_token, 400, entered=entered)
    if not stack:
        flash(_("Choose the bonus tile taken."), "error")
        return render_seat(stored, number, seat_token, 422, entered=entered)
    result = record(stored.id, form.version.data, {"action": "take-bonus", "seat": number, "stack": stack})
    if not result.ok:
        flash(result.message, "error")
        return render_seat(load_public(stored.id) or stored, number, seat_token, result.status,
                           lb.problem_rows(result.problems), entered)
    _flash_events(stored, result.events)
    return redirect(url_for("thurn_und_taxis_rome.tables.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/new-link")
def renew_link(seat_token: str):
    """A player renews their own page's link (say others saw it); the old one stops working."""
    stored, number = seat_or_404(seat_token)
    form = tf.ActionForm()
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return redirect(url_for("thurn_und_taxis_rome.tables.seat", seat_token=seat_token))
    fresh = core_seats.renew_own_link(GAME_ID, stored.id, number, stored.table.seats[number].player, reissue_seat)
    return redirect(url_for("thurn_und_taxis_rome.tables.seat", seat_token=fresh))
