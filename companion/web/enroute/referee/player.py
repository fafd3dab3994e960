"""A player's own page of a refereed game (views on the `play` blueprint; its secret link).

It shows the seat's personal goal cards (keep or pick), their board's matching
locations, the round brief and the turn form with the tappable map; the engine
checks every turn. The table's shared screen (the tracker) is `rounds.py`.
"""

from __future__ import annotations

from dataclasses import replace

from flask import abort, flash, redirect, render_template, url_for

from ....games.core.problems import N_, error
from ....games.enroute import cityplay
from ....games.enroute import referee as ref
from ....games.enroute.cityrules import rules_for
from ...core.i18n import _
from ...core.tables import seats as core_seats
from .. import cities
from ..labels import join_list, label
from ..maps.svgmap import MapState, render_map
from . import forms as pf
from . import pairs, store, view
from .common import SEAT_COLOURS, _form_message, _game, _names, _version, bp, conflict_message
from .rounds import (
    _problems,
    _record,
    _shown_state,
    _start_round_pending,
)


def _seat(seat_token: str) -> tuple[store.Played, int]:
    """Resolve a seat's secret link (or answer 404); the phone using it holds the seat.

    The core's one claim policy (`core.tables.seats`): whoever has the seat's own link has the seat; a seat
    that moves from another phone this way shows in the table's log on the shared screen.
    """
    found = store.seat_by_token(seat_token)
    if found is None:
        abort(404, description=_("This player link is not valid (it may have been replaced by a new one)."))
    game = _game(found[0])
    if found[1] >= len(_names(game)):
        abort(404, description=_("This player link is not valid."))
    core_seats.claim(store.GAME, game.id, found[1], _names(game)[found[1]], by_link=True)
    return game, found[1]


def _turn_form(game: store.Played, seat: int):
    """Build a player's turn form for the round being played."""
    state = game.state
    me = state.players[seat]
    board = game.board
    free = ref.empty_matches(state, seat)
    coordinate = ref.bonus_sources(state, seat, "coordinate")
    if free and not coordinate:
        locs = free
    else:  # coordinate changes or the all-occupied rule open other locations
        locs = sorted(free) + sorted(x for x in board.locations()
                                     if x not in me.tourists and x not in me.crossed and x not in free)
    locations = [(f"{c},{r}", _("{where} (matches)", where=view.printed(state, seat, (c, r))) if (c, r) in free
                  else view.printed(state, seat, (c, r))) for c, r in locs]
    roads = [(pf.sec_value(s), view.section_label(state, seat, s)) for s in sorted(board.roads)
             if s not in me.sections]
    choices = ref.colour_choices(state.cards[seat], view.colours_of(board)) if state.cards[seat] else ()
    shown = choices or (view.colours_of(board) if (not free or coordinate) else ())
    colours = [(c, label(f"colour_{c}")) for c in shown]
    cafes = [c for c in board.cafes if c.at not in me.cafes] if state.cafes_in_play() else []
    section_sources = [(pf.source_value(s), view.source_label(state, seat, s))
                       for s in ref.bonus_sources(state, seat, "section")]
    section_sources += [(pf.source_value(c.at), _("{source} (reached this turn)",
                                                  source=view.source_label(state, seat, c.at)))
                        for c in cafes if c.bonus == "section"]
    tourist_cafes = [(pf.source_value(c.at), view.source_label(state, seat, c.at)) for c in cafes
                     if c.bonus == "tourists"]
    ferries = [f for f in board.features_of("ferry") if f.id not in me.ferries]
    waterfront = sorted({x for f in ferries for x in cityplay.waterfront(f)
                         if x not in me.tourists and x not in me.crossed})
    card_cafes = [(pf.source_value(c.at), view.source_label(state, seat, c.at)) for c in cafes if c.bonus == "card"]
    round_card = board.feature("cafe_card", state.cafe_card)
    if round_card is not None and round_card.param("bonus") in ("tourists", "ticket"):  # declinable for 2 PP
        tourist_cafes += card_cafes
    drawn = [(pf.sec_value(s), view.section_label(state, seat, s)) for s in me.sections]
    form = pf.turn_form(locations, roads, colours, [(pf.source_value(s), view.source_label(state, seat, s))
                                                    for s in coordinate], section_sources, tourist_cafes,
                        [(f"{c},{r}", view.printed(state, seat, (c, r))) for c, r in waterfront],
                        rules_for(board).segment_length, card_cafes,
                        extra=pairs.turn_fields(state, seat, roads, drawn, len(section_sources)))
    return form, coordinate


@bp.get("/s/<seat_token>")
def seat(seat_token: str):
    """A player's own page: personal goal cards, the round brief and the turn form (secret to this phone).

    Opening the seat's own link takes the seat for this phone (`_seat`).
    """
    game, number = _seat(seat_token)
    return _render_seat(game, number, seat_token)


def _render_seat(game: store.Played, number: int, seat_token: str, form=None, status: int = 200,
                 problems=None, turn: ref.Turn | None = None):
    """Render a player's page, keeping a refused form as entered."""
    names = _names(game)
    offers = []
    row = next(r for r in game.seats if r["seat"] == number)
    if game.setup.get("level") != "simplified":
        draw = store.the_draw_or_none(game.board, game.setup)
        offer = draw.personal_offers[number] if draw and number < len(draw.personal_offers) else []
        pb = game.board.player_board((game.setup.get("player_boards") or [0] * 4)[number]) \
            if number < len(game.setup.get("player_boards") or []) else None
        for k, card in enumerate(offer):
            offers.append({"index": k, "kept": row["kept"] == k,
                           "svg": render_map(game.board, pb, MapState(goal=list(card.at)), interactive=False,
                                             label=_("Personal goal card {n}", n=k + 1), map_id=f"offer-{k}",
                                             colours=view.colours_of(game.board))})
    ctx = {"game": game, "number": number, "name": names[number], "seat_token": seat_token, "offers": offers,
           "kept": row["kept"], "problems": problems or [], "keep": pf.KeepForm(), "colour": SEAT_COLOURS[number % 4],
           "renew": pf.ActionForm(), "mark": store.page_mark(game), "hold": status != 200,
           "events": core_seats.events(store.GAME, game.id)}
    state = game.state
    if state is not None:
        me = state.players[number]
        ctx.update(state=state, me=me, action=pf.ActionForm(data={"version": str(game.version)}),
                   number=view.round_number(state))
        shown = view.map_state(state, number)
        highlight: list = []
        if state.phase == "drawing" and not me.played and state.cards[number] is not None:
            brief = view.round_brief(state, number)
            brief["notes"] = brief.get("notes", []) + pairs.round_notes(state, number)
            highlight = brief["free"]
            if form is None:
                form, _coordinate = _turn_form(game, number)
            form.version.data = str(game.version)
            ctx.update(brief=brief, form=form)
        if turn is not None:
            shown.problems.update(p["target"] for p in ctx["problems"] if p["target"])
        pb = ref.player_board_of(state, number)
        ctx["svg"] = render_map(game.board, pb, shown, interactive="form" in ctx,
                                label=_("{name}'s map", name=names[number]),
                                colours=view.colours_of(game.board))
        ctx["highlight"] = view.highlight_css(highlight)
        ctx["city_scripts"] = cities.scripts(game.board, "seat")  # e.g. a double map's half switcher
        ctx.update(cities.seat_context(game, number, ctx))  # a city's own parts (say hotspots, a goal's half)
        if me.played and me.turns and state.phase == "drawing":
            ctx["played"] = view.turn_summary(state, number, me.turns[-1][1])
            coloured = pairs.turn_colours_text(me.turns[-1][1])
            ctx["played"] += f" ({coloured})" if coloured else ""
        if _start_round_pending(game) and game.placed is not None:
            pick = pf.PickForm(data={"version": str(game.version)})
            pick.pick.choices = pf.options((str(i), _("{card} (placed by {name})",
                                                      card=view.card_label(game.board, c), name=names[i]))
                                           for i, c in enumerate(game.placed))
            ctx.update(pick=pick, picked=game.picks.get(number))
        ctx["ratings"] = view.rating_rows(_shown_state(game))
        # a city played with available pairs has no hands, except in its solo game (Paris: 2 global cards)
        ctx["hands"] = not pairs.route_pairs(game.board) or state.mode == "solo"
        ctx["balance"] = join_list(_("{side} (used)", side=label(f"balance_{side}", side)) if used
                                   else label(f"balance_{side}", side) for side, used in me.balance)
        ctx["js_strings"] = {"not_a_choice": _("That location is not one of your choices this round."),
                             "road_drawn": _("That road is already drawn."),
                             "slots_full": _("All section fields are filled; tap one of them again to remove it.")}
    return render_template("enroute/play/seat.html", **ctx), status


def seat_change(game: store.Played, number: int, seat_token: str, form, kind: str, payload: dict, done: str):
    """Record a change a player makes on their own page (a city's form too): refused, the page again with the
    engine's problems; else `done` said and back to the page."""
    refused = _record(game, form, kind, number, payload)
    if refused:
        message, found, status = refused
        flash(message, "error")
        return _render_seat(store.load(game.id), number, seat_token, status=status, problems=_problems(found))
    flash(done, "ok")
    return redirect(url_for("enroute.play.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/new-link")
def renew_link(seat_token: str):
    """A player renews their own page's link (say it was seen by others); the old one stops working."""
    game, seat = _seat(seat_token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return redirect(url_for("enroute.play.seat", seat_token=seat_token))
    fresh = core_seats.renew_own_link(store.GAME, game.id, seat, _names(game)[seat], store.reissue_seat)
    return redirect(url_for("enroute.play.seat", seat_token=fresh))


@bp.post("/s/<seat_token>/keep")
def keep(seat_token: str):
    """Keep one of the two personal goal cards (face down: only this phone sees it until scoring)."""
    game, number = _seat(seat_token)
    form = pf.KeepForm()
    if not form.validate_on_submit() or form.keep.data not in ("0", "1"):
        flash(_form_message(form, _("Choose the card you keep.")), "error")
        return _render_seat(game, number, seat_token, status=400)
    if not store.set_kept(game.id, number, int(form.keep.data)):
        flash(_("The game has started: the personal goal can no longer change."), "error")
    return redirect(url_for("enroute.play.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/pick")
def pick(seat_token: str):
    """Start rounds: pick two of the placed cards as this player's round cards (secretly)."""
    game, number = _seat(seat_token)
    form = pf.PickForm()
    values = [v for v in (form.pick.data or []) if v.isdigit()] if form.validate_on_submit() else None
    if values is None or len(set(values)) != 2:
        flash(_form_message(form, _("Pick exactly two cards.")), "error")
        return redirect(url_for("enroute.play.seat", seat_token=seat_token))
    refused = _record(game, form, "pick", number, {"pick": [int(v) for v in values]})
    if refused:
        flash(refused[0], "error")
        for p in _problems(refused[1]):
            flash(p["text"], "error")
    return redirect(url_for("enroute.play.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/turn")
def turn(seat_token: str):
    """Enter this player's turn; the referee checks every rule and explains a refusal."""
    game, number = _seat(seat_token)
    state = game.state
    if state is None or state.phase != "drawing" or state.players[number].played or state.cards[number] is None:
        flash(_("There is no turn to enter now (the round cards are not in, or you have played)."), "error")
        return redirect(url_for("enroute.play.seat", seat_token=seat_token))
    form, coordinate = _turn_form(game, number)
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return _render_seat(game, number, seat_token, form, 400)
    errors: list[str] = []
    entered = pf.read_turn(form, False, coordinate, errors)
    mine: list[str] = []
    if entered is not None:  # Paris: the section colour, bonus colours and round bonuses
        entered = pairs.read_turn_colours(form, entered, state.players[number], pf.parse_sec, mine)
    if entered is None or mine:
        for e in errors + mine:
            flash(e, "error")
        return _render_seat(game, number, seat_token, form, 422)
    entered = replace(entered, fallback=not ref.empty_matches(state, number, entered.changes))
    reached = {p for sec in (*entered.segment, *(b.section for b in entered.bonus_sections)) for p in sec}
    if entered.cafe is not None and entered.cafe not in reached:  # else the referee would silently circle none
        found = [error("cafe-not-reached", "turn.cafe", N_("The cafe you name is not reached by this turn's sections; "
                                                          "name a cafe your new sections reach, or none."))]
        flash(_("The referee refused this:"), "error")
        return _render_seat(game, number, seat_token, form, 422, _problems(found, entered, state, number), entered)
    refused = _record(game, form, "turn", number, store.turn_to_json(entered))
    if refused:
        message, found, status = refused
        flash(message, "error")
        return _render_seat(store.load(game.id), number, seat_token, form, status,
                            _problems(found, entered, state, number), entered)
    flash(_("Your turn is in. You can take it back until the round closes."), "ok")
    return redirect(url_for("enroute.play.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/undo")
def undo(seat_token: str):
    """Take back this player's turn of the round being played."""
    game, number = _seat(seat_token)
    form = pf.ActionForm()
    seq = game.round_turns.get(number)
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
    elif seq is None:
        flash(_("You have no turn to take back in this round (a closed round cannot be undone)."), "error")
    else:
        try:
            store.drop(game.id, _version(form), seq, number)
            flash(_("Your turn is taken back; enter it again."), "ok")
        except store.Conflict as exc:
            flash(conflict_message(exc.what), "error")
    return redirect(url_for("enroute.play.seat", seat_token=seat_token))


@bp.post("/s/<seat_token>/refresh")
def refresh(seat_token: str):
    """Record this player's hand refresh (once per game)."""
    game, number = _seat(seat_token)
    form = pf.ActionForm()
    if not form.validate_on_submit():
        flash(_form_message(form), "error")
        return redirect(url_for("enroute.play.seat", seat_token=seat_token))
    refused = _record(game, form, "refresh", number, {})
    if refused:
        flash(refused[0], "error")
        for p in _problems(refused[1]):
            flash(p["text"], "error")
    else:
        flash(_("Hand refresh recorded: put 1–3 cards under the deck, draw as many, shuffle the deck, and circle "
                "the city symbol on your board."), "ok")
    return redirect(url_for("enroute.play.seat", seat_token=seat_token))
