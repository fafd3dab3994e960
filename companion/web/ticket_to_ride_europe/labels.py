"""Texts the Ticket to Ride: Europe pages choose at run time (variants, colours, tie-breaks), for the catalogues."""

from __future__ import annotations

from typing import Any

from ...games.core.problems import N_
from ..core.i18n import _

VARIANTS = ("base", "1912", "mega", "big-cities")
PLAYER_COLOURS = ("red", "blue", "green", "yellow", "black")

LABELS = {
    "variant_base": N_("Europe (base game tickets)"),
    "variant_1912": N_("Europa 1912 (1912 tickets only)"),
    "variant_mega": N_("Mega Europe (all 101 tickets)"),
    "variant_big-cities": N_("Big Cities (45 tickets, no long ones)"),
    "colour_red": N_("red"),
    "colour_blue": N_("blue"),
    "colour_green": N_("green"),
    "colour_yellow": N_("yellow"),
    "colour_black": N_("black"),
    "colour_grey": N_("grey"),
    "colour_pink": N_("pink"),
    "colour_white": N_("white"),
    "colour_orange": N_("orange"),
    "tb_tickets": N_("{ahead} ranks ahead of {behind} on the same total: more completed tickets ({a} to {b})."),
    "tb_stations": N_("{ahead} ranks ahead of {behind} on the same total and tickets: fewer stations built "
                      "({a} to {b})."),
    "tb_express": N_("{ahead} ranks ahead of {behind} on the same total, tickets and stations: "
                     "{ahead} holds the European Express."),
    "tb_shared": N_("{ahead} and {behind} share the rank: same total, tickets, stations and European Express."),
    "status_empty": N_("not entered yet"),
    "status_ok": N_("entered: {routes} routes, no problems"),
    "status_problems": N_("entered: {errors} errors, {warnings} warnings"),
}


def label(key: str, **params: Any) -> str:
    """Return a run-time text in the page's language, its placeholders filled."""
    return _(LABELS[key], **params) if key in LABELS else key
