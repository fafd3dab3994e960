"""The paper kit as downloads: a blank player sheet and a score pad, in the phone's language (or `?lang=`)."""

from __future__ import annotations

import importlib

from flask import Blueprint, Response, abort, current_app, request

from ..core.i18n import LANGUAGES, _, current_lang
from ..core.security import small_int

bp = Blueprint("printing", __name__)
MAX_PAD_PLAYERS = 6
MAX_PAD_GAMES = 20


def _lang() -> str:
    """The printable's language: `?lang=` when it is one of ours, else the page's."""
    asked = request.args.get("lang")
    return asked if asked in LANGUAGES else current_lang()


def _pdf(name: str, filename: str, **options) -> Response:
    """Build a printable with the print package (imported only when asked for) and answer it inline."""
    try:
        make = getattr(importlib.import_module("printables.welcome_to"), name)
    except (ImportError, AttributeError):
        abort(404, description=_("The printable kit is not available on this server yet."))
    try:
        pdf = make(lang=_lang(), **options)
    except Exception:  # a print bug must not become a 500 page without words
        current_app.logger.exception("printable %s failed", name)
        abort(503, description=_("The printable could not be made; please try again later."))
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


@bp.get("/sheet.pdf")
def sheet_pdf():
    """A blank player sheet drawn from the sheet's data."""
    return _pdf("sheet_pdf", "welcome-to-sheet.pdf")


@bp.get("/scorepad.pdf")
def scorepad_pdf():
    """A score pad: one column per player (`?players=1..6`)."""
    players = small_int(request.args.get("players", ""), MAX_PAD_PLAYERS)
    if players is None or not 1 <= players <= MAX_PAD_PLAYERS:
        players = MAX_PAD_PLAYERS
    return _pdf("scorepad_pdf", "welcome-to-scorepad.pdf", players=players)
