"""Known-answer tests of the game night statistics, charts and file format (pure functions, no app)."""

from __future__ import annotations

from companion.web.core.plays import charts, formats, stats
from companion.web.core.tables.names import name_key


def play(pid: str, date: str, *players: tuple[str, int | None, int | None], game: str = "g", **rows) -> dict:
    """A play: players as (name, total, rank); `rows` gives each player's rows in order, by row key."""
    return {"id": pid, "game": game, "date": date, "rows": [{"key": k, "label": k} for k in rows],
            "players": [{"name": n, "total": t, "rank": r, "rows": {k: v[i] for k, v in rows.items()}}
                        for i, (n, t, r) in enumerate(players)]}


# Four plays worked by hand (dates out of order on purpose: statistics go by date).
PLAYS = [
    play("p3", "2026-03-01", ("Ana", 50, 2), ("Ben", 55, 1), a=[10, 20], b=[40, 35]),
    play("p1", "2026-01-01", ("Ana", 60, 1), ("Ben", 40, 2), ("Chie", 40, 2), a=[30, 10, 5], b=[30, 30, 35]),
    play("p2", "2026-02-01", ("ana ", 70, 1), ("Ben", 70, 1), a=[20, 20], b=[50, 50]),
    play("p4", "2026-04-01", ("Ana", 45, 1), ("", 80, None), a=[5, 0], b=[40, 80]),
]


def test_player_stats_known_answers():
    """Ana: 4 plays (her name typed two ways), wins p1, p2 (shared) and p4; p3 is lost."""
    s = stats.player_stats(PLAYS, "ana", name_key)
    assert (s.plays, s.wins) == (4, 3)
    assert s.win_rate == 0.75
    assert s.average == (60 + 70 + 50 + 45) / 4
    assert (s.best, s.best_play) == (70, "p2")
    assert s.row_averages == {"a": (30 + 20 + 10 + 5) / 4, "b": (30 + 50 + 40 + 40) / 4}
    assert s.series == [("2026-01-01", 60), ("2026-02-01", 70), ("2026-03-01", 50), ("2026-04-01", 45)]
    assert s.longest_streak == 2  # p1, p2; then p3 lost; p4 won
    assert s.current_streak == 1


def test_streaks_count_losses_negative_and_absent_players_have_nothing():
    """Ben: lost p1, won p2 (shared), won p3, absent from p4: current streak 2; Chie lost her one play."""
    ben = stats.player_stats(PLAYS, "ben", name_key)
    assert (ben.plays, ben.wins, ben.longest_streak, ben.current_streak) == (3, 2, 2, 2)
    chie = stats.player_stats(PLAYS, "chie", name_key)
    assert (chie.plays, chie.wins, chie.current_streak, chie.best) == (1, 0, -1, 40)
    nobody = stats.player_stats(PLAYS, "dev", name_key)
    assert (nobody.plays, nobody.win_rate, nobody.average, nobody.best) == (0, None, None, None)


def test_removed_players_are_not_counted_but_others_ranks_stand():
    """The erased player of p4 is nobody's opponent and nobody's entry; Ana's win there stays."""
    assert set(stats.players(PLAYS, name_key)) == {"ana", "ben", "chie"}
    assert stats.player_stats(PLAYS, "", name_key).plays == 0


def test_head_to_head():
    """Ana vs Ben: together in p1 (Ana ahead), p2 (level), p3 (Ben ahead)."""
    h = stats.head_to_head(PLAYS, "ana", "ben", name_key)
    assert (h.together, h.a_ahead, h.b_ahead, h.ties) == (3, 1, 1, 1)
    h = stats.head_to_head(PLAYS, "ben", "chie", name_key)
    assert (h.together, h.a_ahead, h.b_ahead, h.ties) == (1, 0, 0, 1)


def test_head_to_heads_at_once_equal_each_pair():
    """The one-pass head-to-head of a player against everyone equals each pair's own count."""
    every = stats.head_to_heads(PLAYS, "ana", name_key)
    assert set(every) == {"ben", "chie"}
    for other, h in every.items():
        assert h == stats.head_to_head(PLAYS, "ana", other, name_key)


def test_leaderboard_and_game_counts():
    """Most wins first; games most played first."""
    board = stats.leaderboard(PLAYS, name_key)
    assert [(k, s.wins) for k, _n, s in board] == [("ana", 3), ("ben", 2), ("chie", 0)]
    assert board[0][1] == "Ana"  # the name first seen (by date)
    assert stats.game_counts([*PLAYS, play("x", "2026-05-01", ("Ana", 1, 1), game="a")]) == {"g": 4, "a": 1}


def test_charts_are_escaped_svg_with_their_values_described():
    """Both charts: one element, a title and a description of every value; text escaped."""
    line = charts.line_chart([("2026-01-01", 60), ("2026-02-01", 70)], "Ana <&> score")
    assert line.startswith("<svg") and line.endswith("</svg>")
    assert "<title>Ana &lt;&amp;&gt; score</title>" in line
    assert "2026-01-01: 60, 2026-02-01: 70" in line
    assert line.count("<circle") == 2 and "<polyline" in line
    bars = charts.bar_chart([("Parks", 7.5), ("Refusals", -3)], "rows")
    assert bars.count("<rect") == 2 and "negative" in bars and ">7.5<" in bars and ">-3<" in bars
    assert charts.line_chart([], "empty").endswith("</svg>")


def test_format_check_accepts_its_own_documents_and_names_each_problem():
    """A good document comes back cleaned; each wrong field is named by its path; nothing half accepted."""
    doc = {"format": formats.FORMAT, "plays": PLAYS}
    plays, problems = formats.check(doc)
    assert problems == [] and [p["id"] for p in plays] == ["p3", "p1", "p2", "p4"]
    bad = {"format": formats.FORMAT, "plays": [PLAYS[0], {**PLAYS[1], "date": "1 Jan",
                                                         "players": [{"name": "A", "total": "x", "rank": True}]}]}
    plays, problems = formats.check(bad)
    assert plays == []
    assert [(p.path, p.code) for p in problems] == [("plays[1].date", "bad-date"),
                                                    ("plays[1].players[0].total", "not-integer"),
                                                    ("plays[1].players[0].rank", "not-integer")]
    assert formats.check([])[1][0].code == "not-object"
    odd = {"format": formats.FORMAT, "plays": [{**PLAYS[0], "colour": "red", "variant": 3}], "x": 1}
    assert [(p.path, p.code) for p in formats.check(odd)[1]] == [("x", "unknown-key")]
    del odd["x"]
    assert [(p.path, p.code) for p in formats.check(odd)[1]] == [("plays[0].colour", "unknown-key"),
                                                                 ("plays[0].variant", "bad-text")]
    assert formats.check({"format": "other/1"})[1][0].code == "format"


def test_csv_has_one_line_per_player_and_every_row_and_no_formulas():
    """Header with every row key; a name starting with = is made text."""
    text = formats.to_csv([play("p", "2026-01-01", ("=cmd", 5, 1), ("Ben", 3, 2), a=[1, 2])])
    lines = text.splitlines()
    assert lines[0] == "date,game,variant,play,player,rank,total,a"
    assert lines[1] == "2026-01-01,g,,p,'=cmd,1,5,1"
    assert len(lines) == 3


def test_facts_average_and_best():
    """Counted facts (tickets completed, longest path) average over the plays that have them."""
    plays = [play("a", "2026-01-01", ("Ana", 10, 1)), play("b", "2026-01-02", ("Ana", 20, 1)),
             play("c", "2026-01-03", ("Ana", 30, 2))]
    plays[0]["players"][0]["facts"] = {"tickets_completed": 3, "longest_path": 9}
    plays[1]["players"][0]["facts"] = {"tickets_completed": 6}
    s = stats.player_stats(plays, "Ana")
    assert s.fact_averages == {"tickets_completed": 4.5, "longest_path": 9}
    assert s.fact_bests == {"tickets_completed": 6, "longest_path": 9}


def test_long_series_are_thinned_to_readable_averages():
    """120 plays become 60 points, each the average of two consecutive plays, labelled by both dates."""
    points = [(f"d{i:03}", i) for i in range(120)]
    thinned = charts.thin(points)
    assert len(thinned) == 60 and thinned[0] == ("d000–d001", 0.5) and thinned[-1] == ("d118–d119", 118.5)
    assert charts.thin(points[:5]) == points[:5]
    assert charts.line_chart(points, "t").count("<circle") == 60


def test_variant_counts_per_group_and_per_player():
    """Cities (variants) played, most first; a player's only where they played; plays without one skipped."""
    plays = [{**play("a", "2026-01-01", ("Ana", 1, 1)), "variant": "Paris"},
             {**play("b", "2026-01-02", ("Ben", 1, 1)), "variant": "New York"},
             {**play("c", "2026-01-03", ("Ana", 1, 1), ("Ben", 0, 2)), "variant": "New York"},
             play("d", "2026-01-04", ("Ana", 1, 1))]
    assert stats.variant_counts(plays) == {"New York": 2, "Paris": 1}
    assert stats.variant_counts(plays, "Ana") == {"New York": 1, "Paris": 1}


def test_statistics_charts_and_format_are_pure():
    """The statistics, charts and format modules import neither Flask nor the database."""
    import ast
    import inspect

    for module in (stats, charts, formats):
        tree = ast.parse(inspect.getsource(module))
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not names & {"flask", "sqlalchemy", ""}, (module.__name__, names)
