"""The "Keep as a play" box every game's score sheet page shows once its table is finished.

A game names its score page in `TableSpec.score_endpoint`; the core's base template calls `play_keeper()`
(a context processor installed here), which renders `plays/_keep_box.html` on that page only: "Kept in game
night" (with the group's link when this phone follows the group), or the choices of the keep page (a group
this phone follows, a new group, "don't keep"), all posting to `/plays/keep/<game>/<table id>`. No game code.
"""

from __future__ import annotations

from flask import has_request_context, render_template, request
from markupsafe import Markup

from ..plugins import game_webs


def _score_endpoints() -> dict[str, str]:
    """Each game's score sheet endpoint → its game id (games that keep plays and name one)."""
    return {w.tables.score_endpoint: w.game_id for w in game_webs()
            if w.tables is not None and w.tables.final_sheet is not None and w.tables.score_endpoint}


def keep_box() -> Markup:
    """The box for the score page being rendered, or nothing (another page, an unfinished table, a POST)."""
    from ..tables import registry
    from . import store, views

    if not has_request_context():
        return Markup("")
    game = _score_endpoints().get(request.endpoint or "")
    args = request.view_args or {}
    if game is None or request.method != "GET" or len(args) != 1:
        return Markup("")
    table_id = next(iter(args.values()))
    if not isinstance(table_id, str) or len(table_id) > 64:
        return Markup("")
    core = registry.get(game, table_id)
    if core is None or not core.get("finished"):
        return Markup("")
    choice = store.table_choice(game, table_id) or {}
    current = store.get_group(choice.get("group_id") or "") if choice.get("keep", 1) else None
    followed = views.followed()
    return Markup(render_template(
        "plays/_keep_box.html", game=game, table_id=table_id, choice=choice, current=current,
        kept=current is not None and store.is_kept(game, table_id, current["id"]),
        follows=current is not None and current["id"] in followed, groups=store.groups(followed),
        form=views.Form(), back=request.path))


def init_app(app) -> None:
    """Give every template `play_keeper()` (the core's base template calls it after the page's content)."""
    app.context_processor(lambda: {"play_keeper": keep_box})
