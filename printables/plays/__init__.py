"""Game night's printable: a group's season summary on one A4 page for the fridge (ReportLab, fonts embedded).

`season_pdf(group_name, plays, lang, key, names, titles)`: the dates it covers, the players' plays, wins,
win rate, average and best score (all games together), a bar of each player's wins, and the plays per game.
The numbers come from `companion.web.core.plays.stats` (pure functions), so the page and the paper agree.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.web.core.plays import stats
from printables.core.i18n import print_locale
from printables.core.style import draw_fitted, finish, new_canvas

ROWS_MAX = 24  # players on the page (most wins first); more are left off and said so


def season_pdf(group_name: str, plays: list[dict], lang: str = "en", key: Callable[[str], str] = lambda n: n,
               names: dict[str, str] | None = None, titles: dict[str, str] | None = None) -> bytes:
    """The season summary of a group's plays as PDF bytes, in `lang`."""
    loc = print_locale(lang)
    t, f = loc.t, loc.fonts
    buffer = io.BytesIO()
    title = t(N_("{group}: season summary"), group=group_name)
    c = new_canvas(buffer, "a4", title, lang=lang)
    width, height = c._pagesize
    left, right = 18 * mm, width - 18 * mm
    y = height - 22 * mm
    draw_fitted(c, title, left, y, right - left, f.bold, 18, fonts=f)
    ordered = stats.ordered(plays)
    y -= 9 * mm
    if ordered:
        span = t(N_("Plays: {n}, from {first} to {last}"), n=len(ordered), first=ordered[0]["date"],
                 last=ordered[-1]["date"])
    else:
        span = t(N_("No play yet."))
    draw_fitted(c, span, left, y, right - left, f.regular, 11, fonts=f)
    board = stats.leaderboard(ordered, key)
    every = stats.all_player_stats(ordered, key, rows_too=False)
    columns = [(t(N_("Player")), 0), (t(N_("Plays")), 62), (t(N_("Wins")), 80), (t(N_("Win rate")), 98),
               (t(N_("Average score")), 120), (t(N_("Best score")), 148)]
    y -= 12 * mm
    for label, x in columns:
        draw_fitted(c, label, left + x * mm, y, 26 * mm if x else 58 * mm, f.bold, 9, fonts=f)
    most = max([s.wins for _k, _n, s in board] + [1])
    for k, name, _s in board[:ROWS_MAX]:
        s = every[k]
        y -= 7 * mm
        shown = (names or {}).get(k, name)
        draw_fitted(c, shown, left, y, 58 * mm, f.regular, 10, fonts=f)
        cells = [str(s.plays), str(s.wins), f"{round(100 * (s.win_rate or 0))} %",
                 "–" if s.average is None else f"{s.average:.1f}", "–" if s.best is None else str(s.best)]
        for (_label, x), text in zip(columns[1:], cells):
            draw_fitted(c, text, left + x * mm, y, 24 * mm, f.regular, 10, fonts=f)
        c.setFillGray(0.35)
        c.rect(left, y - 2.2 * mm, (right - left) * s.wins / most, 1.2 * mm, stroke=0, fill=1)
        c.setFillGray(0)
    if len(board) > ROWS_MAX:
        y -= 7 * mm
        draw_fitted(c, t(N_("…and {n} more players."), n=len(board) - ROWS_MAX), left, y, right - left, f.italic, 9,
                    fonts=f)
    y -= 12 * mm
    draw_fitted(c, t(N_("Plays per game")), left, y, right - left, f.bold, 11, fonts=f)
    for game, n in stats.game_counts(ordered).items():
        y -= 6 * mm
        if y < 20 * mm:
            break
        draw_fitted(c, f"{(titles or {}).get(game, game)}: {n}", left, y, right - left, f.regular, 10, fonts=f)
    c.showPage()
    return finish(c, buffer)
