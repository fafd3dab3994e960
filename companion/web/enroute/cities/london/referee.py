"""London's pages of a refereed game, plugged into the referee through `cities.register_referee`: a player who
holds a starting subway card secretly chooses one of its stations and the section drawn from it
(`/play/s/<seat>/start`), and the table reveals everyone's together from the tracker (`/play/<token>/reveal`).
The engine keeps the card, the choice and the reveal (`start`, `reveal` actions); a board without starting cards
gets nothing from here.
"""

from __future__ import annotations

from flask import flash, redirect, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField

from .....games.enroute.geometry import Section
from ....core.i18n import _, lazy
from ...referee import forms as pf
from ...referee import player, rounds, store, view
from ...referee.common import _form_message


class StartForm(FlaskForm):
    """The station of the starting subway card and the section drawn from it ("station|x1,y1,x2,y2")."""

    start = RadioField(lazy("Your starting station and section"), choices=[], validate_choice=False)
    version = HiddenField()


def parse_start(text: str) -> tuple[str, Section] | None:
    """Decode "station|x1,y1,x2,y2", or None."""
    station, _sep, raw = (text or "").partition("|")
    sec = pf.parse_sec(raw)
    return (station, sec) if station and sec is not None else None


def seat(game: store.Played, number: int, ctx: dict) -> dict:
    """This player's secret starting station and section (while they hold a starting card)."""
    state = game.state
    me = state.players[number]
    if me.start_card is None:
        return {}
    start = StartForm(data={"version": str(game.version)})
    start.start.choices = pf.options(view.start_options(state, number))
    if me.start is not None:
        start.start.data = f"{me.start[0]}|{pf.sec_value(me.start[1])}"
    return {"start": start, "start_stations": [view.station_name(game.board, sid) for sid in me.start_card],
            "start_chosen": view.start_label(state, number) if me.start is not None else None}


def start_section(seat_token: str):
    """Secretly choose a station of the starting subway card and the section drawn from it."""
    game, number = player._seat(seat_token)
    form = StartForm()
    chosen = parse_start(form.start.data or "") if form.validate_on_submit() else None
    if chosen is None:
        flash(_form_message(form, _("Choose a station of your card and the section you draw from it.")), "error")
        return player._render_seat(game, number, seat_token, status=400)
    return player.seat_change(game, number, seat_token, form, "start",
                              {"station": chosen[0], "section": [list(chosen[1][0]), list(chosen[1][1])]},
                              _("Your starting section is chosen; it stays secret until everyone reveals together."))


def reveal(token: str):
    """Everyone reveals starting card, station and section together (once every player has chosen)."""
    game = rounds._started(token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return rounds._render_tracker(game, status=400)
    refused = rounds._record(game, form, "reveal", None, {})
    if refused:
        message, found, status = refused
        flash(message, "error")
        return rounds._render_tracker(store.load(token), status=status, problems=rounds._problems(found))
    return redirect(url_for("enroute.play.tracker", token=token))


def add_views(bp) -> None:
    """The starting section's and the reveal's views, at the URLs and endpoint names they always had."""
    bp.add_url_rule("/s/<seat_token>/start", "start_section", start_section, methods=["POST"])
    bp.add_url_rule("/<token>/reveal", "reveal", reveal, methods=["POST"])
