"""Rule invariants on random legal games: rows add up, the station choice is the best there is, ranks follow."""

from __future__ import annotations

import copy
from itertools import product

from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from ttr_helpers import problems, random_game, score

from companion.games.ticket_to_ride_europe.data import board
from companion.games.ticket_to_ride_europe.tickets import Joins

games = st.randoms(use_true_random=False).map(random_game)


def ticket_value(routes, borrowed, tickets) -> tuple[int, int]:
    """Ticket points and completed tickets with these routes, straight from the rule (no pruning)."""
    b = board()
    joins = Joins()
    for rid in [*routes, *[r for r in borrowed if r is not None]]:
        joins.join(b.routes[rid].city_a, b.routes[rid].city_b)
    done = [joins.joined(t["from"], t["to"]) for t in tickets]
    return sum(t["points"] if d else -t["points"] for t, d in zip(tickets, done)), sum(done)


@settings(max_examples=examples(120), deadline=None)
@given(games)
def test_legal_games_have_no_problems_and_rows_add_up(doc):
    """A legal game is quiet; each row follows its rule and the total is their sum."""
    b = board()
    result = score(doc)
    assert problems(result) == []
    for p, line in zip(doc["players"], result["players"]):
        rows = line["rows"]
        assert line["total"] == sum(rows.values())
        assert rows["routes"] == sum(b.points_of(r) for r in p["routes"])
        assert line["trains"] == sum(b.routes[r].length for r in p["routes"]) <= 45
        assert rows["stations"] == 4 * (3 - len(p["stations"])) and line["stations_built"] == len(p["stations"])
        assert line["tickets_completed"] + line["tickets_failed"] == len(p["tickets"])
        detail = line["tickets_detail"]
        assert rows["tickets"] == sum(t["points"] if t["completed"] else -t["points"] for t in detail)
        assert [(t["from"], t["to"]) for t in detail] == [(t["from"], t["to"]) for t in p["tickets"]]
        assert max((b.routes[r].length for r in p["routes"]), default=0) <= line["longest_path"] <= line["trains"]


@settings(max_examples=examples(120), deadline=None)
@given(games)
def test_european_express_goes_to_every_longest(doc):
    """10 to exactly the players with the table's longest path; nobody when nobody has a route."""
    lines = score(doc)["players"]
    longest = max(line["longest_path"] for line in lines)
    for line in lines:
        holder = longest > 0 and line["longest_path"] == longest
        assert line["rows"]["european_express"] == (10 if holder else 0)


@settings(max_examples=examples(120), deadline=None)
@given(games)
def test_ranks_follow_total_then_tickets_then_stations_then_express(doc):
    """A player ranks above another exactly when ahead by (total, completed, −stations, Express)."""
    lines = score(doc)["players"]

    def key(line):
        """The seed's order of comparison."""
        return (line["total"], line["tickets_completed"], -line["stations_built"], line["rows"]["european_express"])

    for a in lines:
        assert a["rank"] == 1 + sum(key(b) > key(a) for b in lines)
    assert min(line["rank"] for line in lines) == 1


@settings(max_examples=examples(80), deadline=None)
@given(games)
def test_station_choice_is_the_best_of_all_choices(doc):
    """No choice of other players' routes at the stations gives more ticket points (then more tickets)."""
    b = board()
    result = score(doc)
    owner = {r: i for i, p in enumerate(doc["players"]) for r in p["routes"]}
    for i, (p, line) in enumerate(zip(doc["players"], result["players"])):
        tickets = line["tickets_detail"]
        options = [[None, *[r.id for r in b.routes_at(s["city"]) if r.id in owner and owner[r.id] != i]]
                   for s in p["stations"]]
        best = max(ticket_value(p["routes"], choice, tickets) for choice in product(*options))
        chosen = [c["borrows"] for c in line["borrowed"]]
        assert ticket_value(p["routes"], chosen, tickets) == best == (line["rows"]["tickets"],
                                                                      line["tickets_completed"])
        for s, c in zip(p["stations"], line["borrowed"]):
            assert c["city"] == s["city"]
            if c["borrows"] is not None:
                assert b.routes[c["borrows"]].touches(s["city"]) and owner[c["borrows"]] != i


@settings(max_examples=examples(60), deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_player_order_does_not_matter(doc, rnd):
    """Seating the players differently changes nobody's rows, total or rank."""
    turned = copy.deepcopy(doc)
    rnd.shuffle(turned["players"])
    before = {line["player"]: line for line in score(doc)["players"]}
    for line in score(turned)["players"]:
        was = before[line["player"]]
        assert (line["rows"], line["total"], line["rank"], line["borrowed"]) == (
            was["rows"], was["total"], was["rank"], was["borrowed"])


@settings(max_examples=examples(60), deadline=None)
@given(games)
def test_more_stations_never_cost_ticket_points(doc):
    """Dropping a player's last station never raises their ticket row."""
    result = score(doc)
    for i, p in enumerate(doc["players"]):
        if p["stations"]:
            fewer = copy.deepcopy(doc)
            fewer["players"][i]["stations"].pop()
            assert score(fewer)["players"][i]["rows"]["tickets"] <= result["players"][i]["rows"]["tickets"]


@settings(max_examples=examples(60), deadline=None)
@given(games)
def test_another_route_never_shortens_the_path(doc):
    """Giving a player one more free route (when the rules allow) never lowers their longest path."""
    b = board()
    taken = {r for p in doc["players"] for r in p["routes"]}
    p = doc["players"][0]
    trains = sum(b.routes[r].length for r in p["routes"])
    for rid, route in b.routes.items():
        twin = b.twins.get(rid)
        if rid in taken or twin in p["routes"] or (len(doc["players"]) <= 3 and twin in taken):
            continue
        if trains + route.length <= 45:
            more = copy.deepcopy(doc)
            more["players"][0]["routes"].append(rid)
            assert score(more)["players"][0]["longest_path"] >= score(doc)["players"][0]["longest_path"]
            break
