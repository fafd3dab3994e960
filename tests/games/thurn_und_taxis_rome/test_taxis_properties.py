"""Property tests: random legal play keeps the rules' invariants, and the stored state round-trips."""

from __future__ import annotations

import json
from collections import Counter

from fuzz_scale import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from taxis_helpers import TEST_TRACK, act, table

from companion.games.thurn_und_taxis_rome import (
    arrive,
    movement_credits,
    public_view,
    read_table,
    table_to_json,
)
from companion.games.thurn_und_taxis_rome.data import facts
from companion.games.thurn_und_taxis_rome.state import RomeTile

SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
F = facts()


def round_trips(t) -> None:
    """The stored state reads back as the same table, and through JSON text too."""
    doc = table_to_json(t)
    again, problems = read_table(json.loads(json.dumps(doc)))
    assert problems == [] and again == t


# ---- Offices of honor ------------------------------------------------------------------------------

def check_offices(t, players: int) -> None:
    """Tiles and coins are never made or lost; outside a return phase no stack is empty."""
    o = t.offices
    totals = F.office_tiles(players)
    for k in F.office_ids:
        assert o.stacks[k] + sum(h[k] for h in o.hands) == totals[k]
        assert o.stacks[k] >= 0 and all(h[k] >= 0 for h in o.hands)
    assert o.coin_supply + sum(o.coins) == F.vp_coins
    if o.returning is None:
        assert all(o.stacks[k] > 0 for k in F.office_ids)


def offices_step(t, data):
    """Make one random legal move of the Offices of honor."""
    o = t.offices
    if o.returning is not None:
        final = o.returning.kind == "final"
        seat = data.draw(st.sampled_from(o.returning.queue)) if final else o.returning.queue[0]
        held = [k for k in F.office_ids if o.hands[seat][k] > 0]
        kinds = data.draw(st.lists(st.sampled_from(held), unique=True, min_size=0 if final else 1))
        return act(t, action="return-offices", seat=seat, kinds=kinds)
    seat = t.turn.active
    choice = data.draw(st.sampled_from(["take", "take", "take", "end-turn", "end-game"] if not t.ended else ["none"]))
    if choice == "take" and not t.turn.office_taken:
        return act(t, action="take-office", seat=seat, office=data.draw(st.sampled_from(F.office_ids)))
    if choice == "end-game":
        return act(t, action="end-game")
    if choice == "none":
        return t
    return act(t, action="end-turn", seat=seat)


@SETTINGS
@given(players=st.integers(2, 4), data=st.data())
def test_offices_conserve_tiles_and_end_every_return_phase_with_full_stacks(players, data):
    """Random legal play: tiles and coins conserved, no empty stack after a return phase, state round-trips."""
    t = table(players, modules=["offices"])
    phases = 0
    for _ in range(data.draw(st.integers(1, 80))):
        before = t.offices.returning
        t = offices_step(t, data)
        check_offices(t, players)
        if before is not None and t.offices.returning is None:
            phases += 1
            assert all(t.offices.stacks[k] >= 1 for k in F.office_ids)
        if t.ended and t.offices.returning is None:
            break
    event(f"return phases: {min(phases, 3)}+")
    round_trips(t)


@SETTINGS
@given(data=st.data())
def test_each_return_round_starts_with_the_player_whose_turn_it_is(data):
    """Every return round's order is clockwise from the active player, skipping seats that hold nothing."""
    players = data.draw(st.integers(2, 4))
    t = table(players, modules=["offices"])
    for _ in range(60):
        t = offices_step(t, data)
        r = t.offices.returning
        if r is not None and r.kind == "rounds" and t.log[-1]["event"] == "return-round":
            order = t.log[-1]["order"]
            assert r.starter == t.turn.active
            expected = [(r.starter + k) % players for k in range(players)]
            assert order == [s for s in expected if s in order]
            assert all(sum(t.offices.hands[s].values()) > 0 for s in order)
        if t.ended:
            break


# ---- The Audience ----------------------------------------------------------------------------------

def random_route(data) -> list[str]:
    """A random simple path of 3 to 5 connected base cities."""
    neighbours = {c: sorted(b for r in F.roads if c in r for b in r if b != c) for c in F.cities}
    route = [data.draw(st.sampled_from(sorted(F.cities)))]
    length = data.draw(st.integers(3, 5))
    while len(route) < length:
        options = [c for c in neighbours[route[-1]] if c not in route]
        if not options:
            break
        route.append(data.draw(st.sampled_from(options)))
    return route


def audience_turn(t, data, board: bool):
    """Score a random route and make random legal steps with its cards."""
    cities = random_route(data)
    if len(cities) < 3:
        return t
    offices = data.draw(st.lists(st.sampled_from(cities), unique=True))
    credits, problems = movement_credits(t, {"cities": cities, "post_offices": offices})
    assert problems == []
    own, jokers = dict(credits.own), credits.jokers
    where = dict(t.audience.carriages)
    arrived = set(t.audience.arrivals)
    moves = []
    for _ in range(data.draw(st.integers(0, 6))):
        movable = [c for c in F.carriage_ids if c not in arrived and (own[c] or jokers)]
        if not movable:
            break
        carriage = data.draw(st.sampled_from(movable))
        options = list(t.audience.track.south_of(where[carriage])) if board else ["Rom", f"Test {t.turn.number}-{len(moves)}"]
        to = data.draw(st.sampled_from(options))
        if own[carriage]:
            own[carriage] -= 1
        else:
            jokers -= 1
        where[carriage] = to
        moves.append({"carriage": carriage, "to": to})
        if to == "Rom":
            arrived.add(carriage)
            jokers += own[carriage]
            own[carriage] = 0
    t = act(t, action="score-route", seat=t.turn.active, cities=cities, post_offices=offices, moves=moves)
    assert t.audience.carriages == where
    return act(t, action="end-turn", seat=t.turn.active)


def check_audience(t) -> None:
    """Rome holds, per rank, the tiles of the last carriage that brought that rank; nothing revealed is lost."""
    a = t.audience
    assert {c for c, city in a.carriages.items() if city == "Rom"} == set(a.arrivals)
    if a.track is not None:
        assert all(a.track.city(city) is not None for city in a.carriages.values())
    for rank in F.rank_ids:
        bringers = [c for c in a.arrivals if any(x[c] == rank for x in a.assignments)]
        here = {tile.carriage for tile in a.rome if tile.rank == rank}
        assert here == ({bringers[-1]} if bringers else set())
    revealed = Counter((s, x[c], c) for c in a.arrivals for s, x in enumerate(a.assignments))
    assert Counter((t.seat, t.rank, t.carriage) for t in a.rome + a.dismissed) == revealed
    view = public_view(t)
    assert all(s["assignment"] is None for s in view["audience"]["seats"])


@SETTINGS
@given(players=st.integers(3, 4), board=st.booleans(), data=st.data())
def test_random_audience_play_keeps_rome_right(players, board, data):
    """Random routes and steps, on the test board or with free city names: Rome follows the replacement rule."""
    t = table(players, **({"track": TEST_TRACK} if board else {}))
    for seat in range(players):
        ranks = data.draw(st.permutations(F.rank_ids))
        t = act(t, action="place-clergy", seat=seat, assignment=dict(zip(F.carriage_ids, ranks)))
    for _ in range(data.draw(st.integers(1, 12))):
        t = audience_turn(t, data, board)
        check_audience(t)
    event(f"arrivals: {len(t.audience.arrivals)}")
    round_trips(t)


@SETTINGS
@given(data=st.data())
def test_arrive_replaces_exactly_the_ranks_that_arrive(data):
    """After any arrivals, each rank in Rome is the set brought by the last carriage carrying it."""
    seats = data.draw(st.integers(2, 4))
    carriages = data.draw(st.lists(st.sampled_from(F.carriage_ids), unique=True, min_size=1))
    placement = [data.draw(st.permutations(F.rank_ids)) for _ in range(seats)]
    rome: list[RomeTile] = []
    left: list[RomeTile] = []
    for c in carriages:
        index = F.carriage_ids.index(c)
        rome, gone = arrive(rome, [RomeTile(s, placement[s][index], c) for s in range(seats)])
        left += gone
    for rank in F.rank_ids:
        last = [c for c in carriages if any(placement[s][F.carriage_ids.index(c)] == rank for s in range(seats))]
        expected = {(s, c) for c in last[-1:] for s in range(seats) if placement[s][F.carriage_ids.index(c)] == rank}
        assert {(t.seat, t.carriage) for t in rome if t.rank == rank} == expected
    assert len(rome) + len(left) == seats * len(carriages)
