"""The score sheet page, and the web layer's helpers: i18n coverage, problem targets, change lists, map hit areas."""

from __future__ import annotations

import html
import re
from pathlib import Path

from test_web_sheets import LOOP, save, sheet

from companion.games.enroute import find_board
from companion.web.enroute.maps.svgmap import CELL, LEFT, RIGHT, MapState, render_map
from companion.web.enroute.tables.drafts import changes, problem_target

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"


def score_page(client, token) -> str:
    """Fetch the score sheet."""
    response = client.get(f"/tables/{token}/score")
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def totals(page: str) -> list[str]:
    """Return the totals row of the score table."""
    row = page[page.index('<tr class="total">'):]
    return re.findall(r'<td data-seat="\d+">([^<]*)</td>', row[:row.index("</tr>")])


def test_score_sheet_rows_totals_ranks_and_own_route_vs_best(client, make_table):
    # Training City, TV Tower rated with 3 upgrades (10 PP). Both players drew the loop around the TV
    # Tower (4,5) plus the spur (3,5)-(3,6) to the cafe at (3,6), circled and unused.
    # Aki lets the companion choose: every section, the spur included.
    #   red: 2 red tourists at (5,5) × Sunset Beach (4,4)     =  2
    #   blue: 3 blue tourists at (4,6) × Music Hall (3,5)    =  3
    #   grey: TV Tower on the route, rating 10               = 10
    #   cafes: one circled, unused cup                       =  2
    #   personal goal (3,4),(4,5),(3,6): 4 sections between  =  4   → 21 PP
    # Bo traces only the loop (3,4)→(4,4)→(4,5)→(3,5)→(3,4): the spur's (3,6) is off the route, so the
    # goal counts (3,4)…(4,5) = 2 sections → 19 PP; the best possible is Aki's 21 PP.
    token = make_table()
    save(client, token, 0, sheet(), 0)
    save(client, token, 1, sheet(player_board=2, final_route=[[3, 4], [4, 4], [4, 5], [3, 5], [3, 4]]), 0,
         route_mode="own")
    page = score_page(client, token)
    assert totals(page) == ["21", "19"]
    assert "Your route 19 PP, best possible 21 PP" in page
    assert 'id="best-1"' in page  # the better route is drawn for Bo
    assert "Route chosen by the companion" in page and "Route traced by the player" in page
    rank_row = page[page.index(">Rank<"):]
    assert re.findall(r"<td>(\d)</td>", rank_row[:rank_row.index("</tr>")]) == ["1", "2"]
    for label in ("Red landmarks", "Grey landmarks", "Unused cafe bonuses", "Handcraft Festival", "Personal goal",
                  "Goal A"):
        assert label in page
    # the tourists at (1,1) are off the route: struck; Bo's spur is off the route: erased
    assert re.search(r'class="tg struck" data-loc="1,1"', page)
    assert re.search(r'id="s-3-5-3-6" class="sec drawn erased"', page)
    assert "not proven" not in page


def test_tie_break_is_explained_with_the_deciding_value(client, make_table):
    # Aki: 21 PP over 5 sections (see above). Bo traces the 4-section loop only, with one more red
    # tourist at (5,5) and the goal (3,4),(4,5),(3,5): red 3×1 = 3, blue 3, grey 10, cafe 2, goal: the
    # best walking order (3,5)→(3,4)→(4,4)→(4,5) puts 3 sections between two circled points = 3 → 21 PP.
    # Equal totals; the longer final route (5 against 4) puts Aki ahead.
    token = make_table()
    save(client, token, 0, sheet(), 0)
    bo = sheet(player_board=2, final_route=[[3, 4], [4, 4], [4, 5], [3, 5], [3, 4]],
               tourists=[{"at": [5, 5], "red": 3}, {"at": [4, 6], "blue": 3}, {"at": [1, 1], "green": 1}],
               personal_goal=[[3, 4], [4, 5], [3, 5]])
    save(client, token, 1, bo, 0, route_mode="own")
    page = score_page(client, token)
    assert totals(page) == ["21", "21"]
    assert "Aki ranks ahead of Bo on equal totals: longer final route (5 vs 4)." in page


def test_shared_rank_when_everything_is_equal(client, make_table):
    token = make_table()
    save(client, token, 0, sheet(), 0)
    save(client, token, 1, sheet(player_board=2), 0)
    page = score_page(client, token)
    assert totals(page) == ["21", "21"]
    assert "Aki, Bo share rank 1" in page


def test_player_with_errors_is_not_scored_and_others_are(client, make_table):
    token = make_table()
    save(client, token, 0, sheet(), 0)
    save(client, token, 1, sheet(sections=[*LOOP, [[0, 0], [1, 1]]]), 0)
    page = score_page(client, token)
    assert totals(page) == ["21", "–"]
    assert "not scored: fix the sheet" in page and "Section from top-left corner of (1, 1) to top-left corner of (2, 2): A section lies where there is no road" in page


def test_score_sheet_with_nobody_entered_and_goal_cards(client, make_table):
    token = make_table(**{"goals-0-choice": "describe", "goals-0-name": "Long", "goals-0-metric": "route_length",
                          "goals-0-threshold": "5", "goals-0-winner_pp": "7", "goals-0-achiever_pp": "3"})
    page = score_page(client, token)
    assert "Provisional score sheet" in page and "still waiting for Aki, Bo" in page
    assert '<tr class="total">' not in page  # nobody entered: nobody is ranked, not everyone at 0
    save(client, token, 0, sheet(), 0)
    page = score_page(client, token)
    assert "still waiting for Bo" in page and totals(page) == ["28"]  # Aki alone: goal A won, rank 1 of 1
    save(client, token, 1, sheet(player_board=2, sections=LOOP[:4], cafes=[]), 0)
    page = score_page(client, token)
    # Aki's route has 5 sections and wins goal A (7 PP): 21 + 7 = 28; Bo's 4-section loop does not meet it:
    # red 2 + blue 3 + grey 10 + goal (3,4)…(4,5) 2 = 17.
    assert totals(page) == ["28", "17"] and "Provisional" not in page


def test_score_sheet_in_japanese(client, make_table):
    token = make_table()
    client.post(f"/tables/{token}/lang", data={"lang": "ja"})
    save(client, token, 0, sheet(), 0)
    page = score_page(client, token)
    assert "得点表" in page and "赤のランドマーク" in page and "合計" in page


def test_problem_targets_follow_the_path_into_the_draft():
    doc = {"sections": [[[1, 0], [0, 0]], "junk"], "tourists": [{"at": [2, 3]}], "cafes": [{"at": [0, 2]}],
           "final_route": [[0, 0], [1, 0], [1, 1]], "personal_goal": [[1, 1], [2, 2], [3, 3]]}
    assert problem_target("sections[0]", doc) == "s-0-0-1-0"
    assert problem_target("sections[0][1]", doc) == "s-0-0-1-0"
    assert problem_target("sections[1]", doc) is None
    assert problem_target("sections[9]", doc) is None
    assert problem_target("tourists[0].red", doc) == "l-2-3"
    assert problem_target("cafes[0].at", doc) == "c-0-2"
    assert problem_target("cafes[0]", doc, "The cafe at [6, 4] is circled") == "c-6-4"
    assert problem_target("final_route[2]", doc) == "s-1-0-1-1"
    assert problem_target("final_route[0]", doc) == "p-0-0"
    assert problem_target("personal_goal[1]", doc) == "p-2-2"
    assert problem_target("personal_goal", doc) == "goal"
    assert problem_target("players[0].tourists[0]", doc) == "l-2-3"
    assert problem_target("", doc) is None and problem_target("format", doc) is None


def test_changes_name_what_the_other_save_changed():
    old = {"sections": LOOP, "tourists": [{"at": [1, 1], "red": 1}], "final_route": None}
    new = {"sections": [*LOOP[1:], [[0, 0], [0, 1]]], "tourists": [{"at": [1, 1], "red": 2}],
           "cafes": [{"at": [0, 2], "state": "used"}], "personal_goal": [[0, 0], [1, 1], [2, 2]],
           "player_board": 3}
    found = dict(changes(old, "best", new, "own"))
    assert found["change_sections_added"] == {"n": 1} and found["change_sections_removed"] == {"n": 1}
    assert found["change_tourists"] == {"where": "1,1"}
    assert {"change_cafes", "change_goal", "change_route", "change_player_board"} <= set(found)
    assert changes(old, "best", old, "best") == []


def test_map_hit_areas_are_big_enough_on_a_360_px_phone():
    board = find_board("training-city")
    svg = str(render_map(board, board.player_boards[0], MapState()))
    width = LEFT + board.cols * CELL + RIGHT
    # The map spans the phone's width less 2 × 4 px (the editor lets it run past main's padding).
    px_per_unit = (360 - 8) / width
    assert CELL * px_per_unit >= 44  # location cells; road diamonds are one cell across
    radius = float(re.search(r'<g class="hits hits-pts"><circle class="hit" data-pt="0,0" cx="[^"]+" cy="[^"]+" r="([^"]+)"', svg).group(1))
    assert 2 * radius * px_per_unit >= 44
    assert svg.count('class="hit" data-sec=') == len(board.roads)
    static = str(render_map(board, None, MapState(), interactive=False))
    assert 'class="hit"' not in static


def test_landmarks_are_not_told_apart_by_colour_alone():
    """Each specialised landmark carries its tourists' shape, so colour-blind players can read the map."""
    board = find_board("training-city")
    svg = str(render_map(board, board.player_boards[0], MapState()))
    glyphs = re.findall(r'class="lm-kind"[^>]*>([^<]+)<', svg)
    kinds = [lm.kind for lm in board.landmarks if lm.kind in ("red", "green", "blue")]
    assert sorted(glyphs) == sorted({"red": "●", "green": "■", "blue": "▲"}[k] for k in kinds)
