"""Dealing the tickets from the physical box (issue 29): the host's dealing page and each seat's record page.

- `/ttr-europe/t/<table>/deal` (the table link, public): how the table deals — from the companion's deck (it
  shuffles and deals on each phone) or from the box (the table deals real cards) — and, once dealing, only what
  everybody sees: who has recorded and kept their first tickets, how many tickets each holds, the pile's size.
  The host (on a table without a host: any phone holding a seat) chooses; it cannot be changed afterwards.
- `/ttr-europe/s/<token>/dealt` (the seat's secret link): the seat ticks the tickets it was dealt at the start
  (the variant's long and regular counts) or drew on its turn (3, Big Cities 4), from the whole deck. The engine
  (`Deal.record_offer`) checks the counts, that each card is still in the pile, and that a draw comes from the
  top: a card that went back under the pile is refused while cards above it were never drawn. The seat then
  keeps some on its own entry page, with the variant's minimums; the rest go to the bottom (or the box) and the
  kept ones into the entry, exactly as when the companion deals.

The record page lists the whole deck (less the seat's own hand), never which cards are held elsewhere; a card
that is not in the pile is refused by name, which tells the seat only that it is not there (the table trusts
its players not to probe: it is a real card in their hand).
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from ...games.ticket_to_ride_europe.dealing import RULES, DealRefused
from ..core.i18n import _, problem_text
from ..core.tables import host, registry
from ..core.tables import seats as core_seats
from . import deal_store, store
from .endview import end_notice
from .entries import deck_cards
from .forms import ActionForm
from .labels import label
from .tables import FORM_EXPIRED, can_end, change_mark, load_view, seat_link
from .views import GAME, seat_view

bp = Blueprint("deal", __name__, url_prefix="/ttr-europe")
MODES = ("companion", "physical")
MAX_TICKED = 12  # more ticked cards than any offer is junk


@bp.route("/t/<table_id>/deal", methods=["GET", "POST"])
def table_deal(table_id: str):
    """The dealing page: choose how the table deals (the host), then who has recorded and kept (counts only)."""
    view = load_view(table_id)
    table = view["table"]
    if request.method == "POST":
        mode = request.form.get("mode", "")
        if not can_end(view):  # the core refused other phones already (TableSpec.host_actions)
            host.refuse()
        if not ActionForm().validate_on_submit():
            flash(_(FORM_EXPIRED), "error")
        elif mode not in MODES:
            flash(_("Choose how the tickets are dealt."), "error")
        elif view["ended"]:
            flash(_("The game is over: there is nothing left to deal."), "error")
        elif deal_store.start_deal(table_id, table["variant"], len(view["seats"]), physical=mode == "physical"):
            registry.touch(GAME, table_id)
            flash(_("Each player records the tickets they were dealt on their own phone.") if mode == "physical"
                  else _("The tickets are dealt: each player chooses on their own phone."), "ok")
        else:
            flash(_("This table already deals its tickets."), "error")
        return redirect(url_for("ttr_europe.deal.table_deal", table_id=table_id))
    deal = view["deal"]
    rows = []
    for k, seat in enumerate(view["seats"]):
        row = {"seat": seat, "link": seat_link(table_id, seat["seat"])}
        if deal is not None:
            row.update(held=deal["held"][k], choosing=deal["choosing"][k], started=deal["started"][k])
        rows.append(row)
    rules = RULES[table["variant"]]
    return render_template("ticket_to_ride_europe/deal.html", table=table, view=view, deal=deal, rows=rows,
                           rules=rules, host=can_end(view), form=ActionForm(), end=end_notice(view),
                           variant_label=label(f"variant_{table['variant']}"), mark=change_mark(view),
                           live_url=url_for("ttr_europe.tables.live", table_id=table_id),
                           held=core_seats.held_seats(GAME, table_id))


def _seat(token: str) -> tuple[dict, dict, dict]:
    """The seat a token opens, its table and the seat's view, or 404."""
    found = store.seat_by_token(token)
    view = seat_view(found["table_id"], found["seat"]) if found else None
    if found is None or view is None:
        abort(404, description=_("This link does not open an entry (any more). Open the table and tap "
                                 "\"This is me\"."))
    return view["me"], view["table"], view


def _what_to_tick(variant: str, mine: dict) -> str:
    """The record page's instruction: the start's counts or a draw's."""
    rules = RULES[variant]
    if not mine["started"]:
        if rules.long_dealt:
            return _("Tick the {long} long and {regular} regular tickets you were dealt.", long=rules.long_dealt,
                     regular=rules.regular_dealt)
        return _("Tick the {regular} tickets you were dealt.", regular=rules.regular_dealt)
    return _("Tick the {count} tickets you drew from the top of the pile (fewer only when the pile runs out).",
             count=rules.draw)


@bp.route("/s/<token>/dealt", methods=["GET", "POST"])
def seat_dealt(token: str):
    """Record the tickets this seat was dealt (start) or drew (its turn) from the physical pile."""
    seat, table, view = _seat(token)
    core_seats.claim(GAME, table["id"], seat["seat"], seat["name"], by_link=True)
    mine = view.get("my_deal")
    back = redirect(url_for("ttr_europe.seats.entry", token=token) + "#deal")
    if mine is None or not mine["physical"] or mine["offer"] is not None or view["ended"] \
            or (mine["started"] and not mine["playing"]):
        return back  # nothing to record now: the entry page says why
    ticked: list[str] = []
    status = 200
    if request.method == "POST":
        ticked = [c for c in request.form.getlist("dealt") if isinstance(c, str)][:MAX_TICKED]
        if not ActionForm().validate_on_submit():
            flash(_(FORM_EXPIRED), "error")
            status = 400
        else:
            try:
                deal_store.act(table["id"], seat["seat"], lambda deal: deal.record_offer(seat["seat"], ticked))
            except DealRefused as refused:
                flash(problem_text(refused.problem), "error")
                status = 422
            except deal_store.Busy:
                flash(_("Someone used the deck at the same moment; nothing was changed. Try again."), "error")
                status = 409
            else:
                registry.touch(GAME, table["id"])
                return back
    hand = set(mine["hand"])
    cards = [c for c in deck_cards(table["variant"]) if c["value"] not in hand]
    return render_template("ticket_to_ride_europe/dealt.html", seat=seat, table=table, cards=cards,
                           ticked=set(ticked), what=_what_to_tick(table["variant"], mine), form=ActionForm(),
                           started=mine["started"], mark=change_mark(view), hold=status >= 400,
                           live_url=url_for("ttr_europe.tables.live", table_id=table["id"])), status
