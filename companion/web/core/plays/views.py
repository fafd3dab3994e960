"""Game night's pages: keep a finished table as a play, groups (made from a table, joined by code or link),
their history, per-game and per-player statistics with SVG charts, rename/merge/remove, export and import.

Nothing of a group is reachable without its link (128 random bits) or its join code (the core's `/join`,
rate-limited). A phone follows the groups it opened (cookie `plays_groups`, HttpOnly).
"""

from __future__ import annotations

import base64
import json

from flask import Blueprint, Response, abort, current_app, flash, g, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import StringField

from ....games.core.problems import N_
from .. import db, limits
from ..i18n import _, _n, current_lang
from ..plugins import game_webs
from ..security import loads, small_int
from ..tables.live import live_answer
from ..tables.names import clean_name
from . import charts, formats, groupdata, stats, store

bp = Blueprint("plays", __name__, url_prefix="/plays", static_folder="static")
COOKIE = "plays_groups"
FOLLOW_MAX = 20
NAME_MAX = 60
IMPORT_MAX = 1024 * 1024
PAGE = 50  # plays per history page

PROBLEM_TEXTS = {
    "not-object": N_("This should be an object ({…})."),
    "format": N_("This is not a companion-plays document (version 1 or 2)."),
    "not-list": N_("This should be a list ([…])."),
    "too-many": N_("Too many plays in one file."),
    "bad-id": N_("A play's id must be 1 to 64 letters, digits, - or _."),
    "bad-game": N_("A game id must be 1 to 64 letters, digits, - or _."),
    "bad-date": N_("A date must be written YYYY-MM-DD."),
    "bad-players": N_("A play must have 1 to 12 players."),
    "bad-name": N_("A player's name must be text of at most 80 characters."),
    "not-integer": N_("This must be a whole number or null."),
    "bad-rows": N_("Rows must map row keys to whole numbers."),
    "bad-row-list": N_("The rows must be a list of {key, label}."),
    "unknown-key": N_("This key is not part of the companion-plays format."),
    "bad-text": N_("This must be a short text (tie_break: a list of at most 20 texts)."),
    "csv-unreadable": N_("This line is not readable CSV."),
    "csv-header": N_("The first line must start with the columns date,game,variant,play,player,rank,total."),
    "csv-columns-named": N_("Every column needs its own name of at most 40 characters."),
    "csv-cells": N_("This line does not have one cell per column."),
    "csv-mismatch": N_("A play's lines must all have the same date, game and variant."),
    "bad-picture": N_("A route picture must be an SVG image of at most 128 KiB."),
}

FACT_LABELS = {"tickets_completed": N_("Tickets completed"), "longest_path": N_("Longest path (trains)"),
               "plans_met": N_("City plans met")}


class Form(FlaskForm):
    """Any of these pages' small forms (CSRF-checked)."""

    name = StringField()
    new = StringField()
    group = StringField()
    text = StringField()


def _game_titles() -> dict[str, str]:
    """Each game's name as shown (translated), by game id."""
    return {w.game_id: _(w.home.title) if w.home else w.game_id for w in game_webs()}


def followed() -> list[str]:
    """The group ids this phone follows, newest first (junk ignored)."""
    ids, problem = loads(request.cookies.get(COOKIE, "[]"))
    if problem is not None or not isinstance(ids, list):
        return []
    return [i for i in ids if isinstance(i, str) and 0 < len(i) <= 64][:FOLLOW_MAX]


def _follow(group_id: str) -> None:
    """Note that this phone follows a group (set on the response)."""
    g.plays_follow = [group_id] + [i for i in followed() if i != group_id]


def _unfollow(group_id: str) -> None:
    """Note that this phone no longer follows a group."""
    g.plays_follow = [i for i in followed() if i != group_id]


@bp.after_app_request
def _store_follow(response):
    """Write the followed groups cookie when a page changed it."""
    ids = g.pop("plays_follow", None)
    if ids is not None:
        response.set_cookie(COOKIE, json.dumps(ids[:FOLLOW_MAX]), max_age=400 * 86400, httponly=True,
                            samesite="Lax", secure=request.is_secure)
    return response


def _group_path(group_id: str) -> str:
    """The group's page, as the join code leads to it."""
    return url_for("plays.group", group_id=group_id)


def _group_or_404(group_id: str) -> dict:
    """The group of a link, or a 404 that says so."""
    group = store.get_group(group_id)
    if group is None:
        abort(404, description=_("No group has this link. It may have been deleted; ask the group for its code."))
    return group


def _table_or_404(game: str, table_id: str) -> None:
    """A 404 unless the game has plays and the table exists."""
    spec = next((w.tables for w in game_webs() if w.game_id == game and w.tables is not None), None)
    if spec is None or spec.final_sheet is None or len(table_id) > 64 or spec.public_view(table_id) is None:
        abort(404, description=_("No table has this link, or its game does not keep plays."))


def _clean_group_name(text: str | None) -> tuple[str, str | None]:
    """A group's name as typed and why it cannot be used (None when it can)."""
    name = clean_name(text or "")
    if not name:
        return name, _("Give the group a name (for example the people or the place).")
    if len(name) > NAME_MAX:
        return name, _("A group's name may have at most {n} characters.", n=NAME_MAX)
    return name, None


# ---- index and keeping a table --------------------------------------------------------------------------

def _finished_here() -> list[dict]:
    """The finished tables among this phone's recent tables (the home page's list) of games that keep plays,
    each with its game, table id, title and whether it is kept."""
    from werkzeug.exceptions import HTTPException

    from ..home import _recent_codes
    from ..tables import registry

    keeping = store.games_keeping()
    adapter = current_app.url_map.bind("")
    found = []
    for code in _recent_codes():
        row = db.find_table_code(code)
        if row is None or row["game"] not in keeping:
            continue
        try:
            _endpoint, args = adapter.match(row["path"], method="GET")
        except HTTPException:
            continue
        table_id = next(iter(args.values()), None) if len(args) == 1 else None
        core = registry.get(row["game"], table_id) if isinstance(table_id, str) else None
        if core is None or not core.get("finished"):
            continue
        choice = store.table_choice(row["game"], table_id) or {}
        found.append({"game": row["game"], "table_id": table_id, "title": row["title"],
                      "kept": bool(choice.get("group_id")) and choice.get("keep", 1) == 1})
    return found


@bp.get("/")
def index():
    """The groups this phone follows, this phone's finished tables to keep, and how to join or start a group."""
    return render_template("plays/index.html", groups=store.groups(followed()), form=Form(),
                           finished=_finished_here(), titles=_game_titles())


@bp.post("/new")
@limits.creates_table
def new_group():
    """Start an empty group (to import a file into, or to keep tables in later)."""
    form = Form()
    name, problem = _clean_group_name(form.name.data)
    if not form.validate_on_submit():
        problem = _("The form expired or came from elsewhere; nothing was lost, please send it again.")
    if problem:
        return render_template("plays/index.html", groups=store.groups(followed()), form=form,
                               finished=_finished_here(), titles=_game_titles(), message=problem), 400
    group_id, _code = store.create_group(name, _group_path)
    _follow(group_id)
    return redirect(url_for("plays.group", group_id=group_id))


@bp.route("/keep/<game>/<table_id>", methods=["GET", "POST"])
@limits.creates_table
def keep(game: str, table_id: str):
    """A finished table: keep it in a new group (one tap), in a followed group, or don't keep it."""
    _table_or_404(game, table_id)
    form = Form()
    message, status = None, 200
    if request.method == "POST":
        action = request.form.get("action", "")
        if not form.validate_on_submit():
            message, status = _("The form expired or came from elsewhere; nothing was lost, please send it again."), 400
        elif action in ("drop", "undo"):
            store.set_keep(game, table_id, action == "undo")
            flash(_("This table will not be kept as a play.") if action == "drop" else
                  _("This table will be kept as a play again."), "ok")
            return redirect(_back() or url_for("plays.keep", game=game, table_id=table_id))
        elif action == "new":
            name, message = _clean_group_name(form.name.data)
            if message is None:
                group_id, _code = store.create_group(name, _group_path)
                return _linked(game, table_id, group_id)
            status = 400
        elif action == "group":
            group_id = form.group.data or ""
            if group_id not in followed() or store.get_group(group_id) is None:
                message, status = _("Choose one of the groups this phone follows."), 400
            else:
                return _linked(game, table_id, group_id)
        else:
            message, status = _("Choose what to do with this table."), 400
    choice = store.table_choice(game, table_id) or {}
    return render_template("plays/keep.html", form=form, message=message, game=game, table_id=table_id,
                           title=_game_titles().get(game, game), groups=store.groups(followed()),
                           choice=choice, current=store.get_group(choice.get("group_id") or "")), status


def _back() -> str | None:
    """The page a keep form came from (a score page's box), when it is a path of this site."""
    back = request.form.get("back", "")
    return back if back.startswith("/") and not back.startswith(("//", "/\\")) and len(back) <= 300 else None


def _linked(game: str, table_id: str, group_id: str):
    """Keep the table in a group and go to the group's history."""
    kept = store.link(game, table_id, group_id)
    _follow(group_id)
    flash(_("The table is kept in this group.") if kept else
          _("The table will be kept in this group when its score sheet is final."), "ok")
    return redirect(url_for("plays.group", group_id=group_id))


# ---- a group's pages ------------------------------------------------------------------------------------------

def _context(group: dict) -> dict:
    """What every group page needs: its plays, name matching and the games' names (parsed once per change of
    the group: `groupdata`; the plays are shared, read only)."""
    store.sweep()
    group = store.get_group(group["id"]) or group  # as the sweep left it (its change mark), read before its plays
    data = groupdata.group_data(group)
    return {"group": group, "plays": data["plays"], "key": data["key"], "names": data["names"], "data": data,
            "titles": _game_titles(), "ranked": _ranked, "mark": store.group_mark(group),
            "live_url": url_for("plays.live", group_id=group["id"]), "here": request.full_path.rstrip("?")}


def _ranked(players: list[dict]) -> list[dict]:
    """A play's players by rank (unranked last, in seat order)."""
    return sorted(players, key=lambda q: (not isinstance(q.get("rank"), int), q.get("rank") or 0))


@bp.get("/g/<group_id>/live")
def live(group_id: str):
    """The group's change mark: its pages follow new plays, deletions, renames and imports live."""
    store.sweep()
    group = store.get_group(group_id)
    return live_answer(store.group_mark(group) if group else None)


def _shown(ctx: dict, name: str) -> str:
    """A name as the group shows it ("removed player" for an erased one)."""
    return ctx["names"].get(ctx["key"](name), name) if name else _("(removed player)")


@bp.get("/g/<group_id>")
def group(group_id: str):
    """A group's history: the plays newest first, the leaderboard, the games played, and its code."""
    ctx = _context(_group_or_404(group_id))
    _follow(group_id)
    code = db.code_for_path(_group_path(group_id))
    data = ctx["data"]
    board = groupdata.memo(data, ("board",), lambda: [(k, ctx["names"][k], s) for k, _n, s
                                                      in stats.leaderboard(ctx["plays"], ctx["key"])])
    history, page, pages = _page_of(groupdata.memo(data, ("newest",), lambda: list(reversed(ctx["plays"]))))
    counts = groupdata.memo(data, ("counts",), lambda: stats.game_counts(ctx["plays"]))
    return render_template("plays/group.html", **ctx, code=code["code"] if code else None, board=board,
                           counts=counts, shown=lambda n: _shown(ctx, n),
                           history=history, page=page, pages=pages, form=Form())


def _page_of(plays: list[dict]) -> tuple[list[dict], int, int]:
    """One page of a history (newest first, `PAGE` plays a page; `?page=` from 1), the page and the count of
    pages; a page that is not a number or past the end is a 404 saying so."""
    pages = max(1, -(-len(plays) // PAGE))
    page = small_int(request.args.get("page", "1"))
    if page is None or not 1 <= page <= pages:
        abort(404, description=_("This history has pages 1 to {n}.", n=pages))
    return plays[(page - 1) * PAGE:page * PAGE], page, pages


def _player_key(ctx: dict) -> str:
    """The player a page asks for (`?name=`), or a 404 saying so."""
    who = ctx["key"](request.args.get("name", "")[:80])
    if who not in ctx["names"]:
        abort(404, description=_("This group has no player of that name."))
    return who


@bp.get("/g/<group_id>/player")
def player(group_id: str):
    """A player's page: their numbers, score over time, rows they are strong in per game, head-to-head."""
    ctx = _context(_group_or_404(group_id))
    who = _player_key(ctx)
    name = ctx["names"][who]
    overall, games, against = groupdata.memo(
        ctx["data"], ("player", who), lambda: _player_numbers(ctx, who, groupdata.full_plays(ctx["data"])))
    per_game = []
    for game, s, variants, labels, best in games:
        title = ctx["titles"].get(game, game)
        bars = [(_(labels.get(k, k)), round(v, 1)) for k, v in s.row_averages.items()]
        picture = None
        if best is not None:
            picture = {"src": best["src"], "alt": _("{name}'s route on the map", name=name),
                       "caption": _("{name}'s best game of {game}: {total} points on {date}.", name=name,
                                    game=title, total=s.best, date=best["date"])}
        per_game.append({"game": game, "stats": s, "variants": variants, "picture": picture,
                         "line": charts.line_chart(s.series, _("{name}'s score over time: {game}", name=name,
                                                                game=title)),
                         "bars": charts.bar_chart(bars, _("{name}'s average points per row: {game}", name=name,
                                                          game=title))})
    rivals = [(ctx["names"][k], against[k]) for k in ctx["names"] if k in against]
    return render_template("plays/player.html", **ctx, name=name, fact_labels=FACT_LABELS, overall=overall,
                           per_game=per_game, rivals=[r for r in rivals if r[1].together])


def _player_numbers(ctx: dict, who: str, every: list[dict]) -> tuple:
    """A player's numbers from the whole documents `every`, untranslated (kept per state of the group):
    overall stats; per game played its stats, variants, row labels and best route picture; head-to-heads."""
    # Plays, wins and streaks need no score rows: the summaries (already read) give them.
    overall = stats.all_player_stats(ctx["plays"], ctx["key"], only=who, rows_too=False).get(who,
                                                                                             stats.PlayerStats())
    by_game: dict[str, list[dict]] = {}
    for p in every:
        if any(q.get("key") == who for q in p.get("players", [])):
            by_game.setdefault(p["game"], []).append(p)
    games = []
    for game in stats.game_counts(ctx["plays"]):
        plays = by_game.get(game)
        if not plays:
            continue
        s = stats.player_stats(plays, who, ctx["key"])
        games.append((game, s, stats.variant_counts(plays, who, ctx["key"]), _labels(plays, s),
                      _best_route(ctx, plays, s, who)))
    return overall, games, stats.head_to_heads(ctx["plays"], who, ctx["key"])


def _labels(plays: list[dict], s: stats.PlayerStats) -> dict[str, str]:
    """Each row key's label, newest play first; a real label wins over a CSV's bare key (stops as soon as
    every row the player has is labelled)."""
    labels: dict[str, str] = {}
    bare = set(s.row_averages)
    for p in reversed(plays):
        for r in p.get("rows", []):
            if r.get("label") and (r["key"] not in labels or labels[r["key"]] == r["key"]):
                labels[r["key"]] = r["label"]
                if r["label"] != r["key"]:
                    bare.discard(r["key"])
        if not bare:
            break
    return labels


def _best_route(ctx: dict, plays: list[dict], s: stats.PlayerStats, who: str) -> dict | None:
    """The route picture of the player's best game as an image source (a kept SVG never runs in the page)
    and that game's date, or None when that play keeps none."""
    best = next((p for p in plays if p.get("id") == s.best_play), None) if s.best_play else None
    if best is None:
        return None
    seat = next((i for i, q in enumerate(best.get("players", [])) if q.get("name") and q.get("key") == who), None)
    pictures = store.play_pictures(ctx["group"]["id"], best["id"])
    if seat is None or seat >= len(pictures) or not pictures[seat]:
        return None
    return {"src": "data:image/svg+xml;base64," + base64.b64encode(pictures[seat].encode()).decode(),
            "date": best["date"]}


@bp.get("/g/<group_id>/game/<game>")
def game(group_id: str, game: str):
    """A game's page in a group: its plays, each player's numbers and the average per row."""
    ctx = _context(_group_or_404(group_id))
    if game not in groupdata.memo(ctx["data"], ("counts",), lambda: stats.game_counts(ctx["plays"])):
        abort(404, description=_("This group has no play of that game."))  # (only games played are kept)
    plays, board, winners, variants = groupdata.memo(ctx["data"], ("game", game), lambda: _game_numbers(ctx, game))
    game_plays, page, pages = _page_of(plays)
    return render_template("plays/game.html", **ctx, game=game, game_plays=game_plays, page=page, pages=pages,
                           board=board, variants=variants,
                           shown=lambda n: _shown(ctx, n),
                           chart=charts.line_chart(winners, _("Winning score over time: {game}",
                                                              game=ctx["titles"].get(game, game))))


def _game_numbers(ctx: dict, game: str) -> tuple:
    """A game's plays newest first, its leaderboard, winning scores over time and variants (kept per state
    of the group)."""
    plays = [p for p in ctx["plays"] if p["game"] == game]
    board = [(ctx["names"][k], s) for k, _n, s in stats.leaderboard(plays, ctx["key"])]
    winners = [(p["date"], max((q["total"] for q in p["players"] if q.get("rank") == 1
                                and isinstance(q.get("total"), int)), default=0)) for p in plays]
    return list(reversed(plays)), board, winners, stats.variant_counts(plays)


def _post_form(group_id: str) -> tuple[dict, Form]:
    """A group's POST: the group (404) and its form (400 when the form expired)."""
    group = _group_or_404(group_id)
    form = Form()
    if not form.validate_on_submit():
        abort(400, description=_("The form expired or came from elsewhere; nothing was lost, please send it again."))
    return group, form


@bp.post("/g/<group_id>/rename")
def rename(group_id: str):
    """Rename a player, or merge two (rename one to the other's name)."""
    group, form = _post_form(group_id)
    ctx = _context(group)
    old = form.name.data or ""
    new, problem = clean_name(form.new.data or ""), None
    if ctx["key"](old) not in ctx["names"]:
        problem = _("This group has no player of that name.")
    elif not new or len(new) > 40:
        problem = _("Type the new name (1 to 40 characters).")
    if problem:
        abort(400, description=problem)
    merged = ctx["key"](new) in ctx["names"] and ctx["key"](new) != ctx["key"](old)
    store.rename(group_id, old, new)
    flash(_("{old} and {new} are now one player.", old=old, new=new) if merged else
          _("{old} is now called {new}.", old=old, new=new), "ok")
    return redirect(url_for("plays.group", group_id=group_id))


@bp.post("/g/<group_id>/remove")
def remove(group_id: str):
    """Take a player out of the group's history (their name is erased from every play)."""
    group, form = _post_form(group_id)
    ctx = _context(group)
    if ctx["key"](form.name.data or "") not in ctx["names"]:
        abort(400, description=_("This group has no player of that name."))
    n = store.remove_player(group_id, form.name.data)
    flash(_n("The player was removed from {n} play.", "The player was removed from {n} plays.", n), "ok")
    return redirect(url_for("plays.group", group_id=group_id))


@bp.post("/g/<group_id>/play/<uid>/delete")
def delete_play(group_id: str, uid: str):
    """Delete one play from the group's history."""
    _post_form(group_id)
    if not store.delete_play(group_id, uid[:64]):
        abort(404, description=_("This group has no such play (it may be deleted already)."))
    flash(_("The play was deleted."), "ok")
    return redirect(url_for("plays.group", group_id=group_id))


@bp.post("/g/<group_id>/delete")
def delete_group(group_id: str):
    """Delete the group with all its plays (the group's name must be typed to confirm)."""
    group, form = _post_form(group_id)
    if clean_name(form.name.data or "") != group["name"]:
        abort(400, description=_("Type the group's name exactly to delete it; nothing was deleted."))
    store.delete_group(group_id, _group_path(group_id))
    _unfollow(group_id)
    flash(_("The group and all its plays were deleted."), "ok")
    return redirect(url_for("plays.index"))


@bp.post("/g/<group_id>/unfollow")
def unfollow(group_id: str):
    """This phone stops following the group (the group and its plays stay for everyone else)."""
    _post_form(group_id)
    _unfollow(group_id)
    flash(_("This phone no longer follows the group; its code or link opens it again."), "ok")
    return redirect(url_for("plays.index"))


@bp.get("/g/<group_id>/plays.json")
def export_json(group_id: str):
    """The group's plays as a companion-plays/2 download (with the route pictures)."""
    store.sweep()
    doc = store.export_doc(_group_or_404(group_id))
    return Response(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="plays.json"'})


@bp.get("/g/<group_id>/plays.csv")
def export_csv(group_id: str):
    """The group's plays as CSV (one line per player per play)."""
    store.sweep()
    doc = store.export_doc(_group_or_404(group_id))
    return Response(formats.to_csv(doc["plays"]), mimetype="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="plays.csv"'})


@bp.get("/g/<group_id>/season.pdf")
def season(group_id: str):
    """The group's season summary for the fridge, as a PDF in the page's language (fonts embedded)."""
    from printables.plays import season_pdf  # printing is optional on a server

    ctx = _context(_group_or_404(group_id))
    pdf = season_pdf(ctx["group"]["name"], ctx["plays"], current_lang(), ctx["key"], ctx["names"], ctx["titles"])
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="season.pdf"'})


@bp.route("/g/<group_id>/import", methods=["GET", "POST"])
def import_plays(group_id: str):
    """Import a companion-plays file (version 1 or 2) or the CSV export into the group: plays it has already
    are skipped, never doubled; a refused file comes back in the form with every problem named."""
    group = _group_or_404(group_id)
    form = Form()
    message, problems, status = None, [], 200
    if request.method == "POST":
        upload = request.files.get("upload")
        text = upload.read(IMPORT_MAX + 1) if upload and upload.filename else (form.text.data or "").encode()
        if not form.validate_on_submit():
            message, status = _("The form expired or came from elsewhere; nothing was lost, please send it again."), 400
        elif not text.strip():
            message, status = _("Paste a companion-plays document or the CSV export, or choose its file."), 400
        elif len(text) > IMPORT_MAX:
            message, status = _("The file is too large: at most {n} KiB.", n=IMPORT_MAX // 1024), 413
        else:
            plays, found, message = _read_upload(text)
            if message or found:
                status = 422
                message = message or _("Nothing was imported: please fix the file.")
                problems = [_problem_line(p) for p in found[:50]]
            else:
                added, skipped = store.import_plays(group_id, plays)
                flash(_("{added} play(s) imported, {skipped} already in the group.", added=added,
                        skipped=skipped), "ok")
                return redirect(url_for("plays.group", group_id=group_id))
        if isinstance(text, bytes) and len(text) <= IMPORT_MAX:
            form.text.data = text.decode("utf-8", "replace")
    return render_template("plays/import.html", group=group, form=form, message=message,
                           problems=problems), status


def _read_upload(text: bytes) -> tuple[list[dict], list, str | None]:
    """An uploaded file's plays: JSON (companion-plays/1 or /2) when it starts with `{`, else the CSV export;
    the problems found, or a message when the file cannot be read at all."""
    body = text.decode("utf-8", "replace").lstrip("\ufeff")
    if body.lstrip().startswith("{"):
        doc, problem = loads(text)
        if problem is not None:
            return [], [], _("The file is not readable JSON: {why}", why=problem)
        plays, found = formats.check(doc)
        return plays, found, None
    plays, found = formats.from_csv(body)
    return plays, found, None


def _problem_line(p: formats.Problem) -> str:
    """One import problem as the page says it: where (a JSON path, or a CSV line and column) and what."""
    if p.line is not None:
        where = (_("Line {line}, column {column}", line=p.line, column=p.path) if p.path else
                 _("Line {line}", line=p.line))
        return f"{where}: {_(PROBLEM_TEXTS[p.code])}"
    return f"{p.path or '/'}: {_(PROBLEM_TEXTS[p.code])}"
