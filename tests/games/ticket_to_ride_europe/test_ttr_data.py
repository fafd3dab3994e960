"""The shipped map and decks: the counts the data README states, and every load-time check refusing bad data."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import FrozenInstanceError

import pytest

from companion.games.ticket_to_ride_europe.data import DATA, DataError, board, load_board


def test_counts_match_the_data_readme():
    """47 cities, 101 routes of 300 spaces, lengths 4/35/30/29/2/1, 18 tunnels, 13 ferries, 11 doubles."""
    b = board()
    assert len(b.cities) == 47
    assert len(b.routes) == 101 and sorted(b.routes) == list(range(1, 102))
    lengths = Counter(r.length for r in b.routes.values())
    assert [lengths[n] for n in (1, 2, 3, 4, 6, 8)] == [4, 35, 30, 29, 2, 1]
    assert sum(r.length for r in b.routes.values()) == 300
    assert sum(r.tunnel for r in b.routes.values()) == 18
    assert sum(r.ferry_locomotives > 0 for r in b.routes.values()) == 13
    assert len(b.twins) == 22


def test_decks_per_variant():
    """Base 46 (40 + 6 long), 1912 55 (49 + 6 long), mega 101 (89 + 12 long), Big Cities 45 (regular only)."""
    decks = board().decks
    for variant, regular, long in (("base", 40, 6), ("1912", 49, 6), ("mega", 89, 12)):
        kinds = Counter(t.kind for t in decks[variant].values())
        assert (kinds["regular"], kinds["long"]) == (regular, long), variant
    big = decks["big-cities"]
    assert len(big) == 45 and {t.kind for t in big.values()} == {"regular"}
    nine = {"Angora", "Athina", "Berlin", "London", "Madrid", "Moskva", "Paris", "Roma", "Wien"}
    expected = {k for k, t in decks["mega"].items() if t.kind == "regular" and k & nine}
    assert set(big) == expected
    assert all(decks["mega"][k].points == t.points for k, t in big.items())
    assert set(decks["base"]) | set(decks["1912"]) == set(decks["mega"])
    assert not set(decks["base"]) & set(decks["1912"])


def test_every_ticket_city_is_on_the_map():
    """Each ticket joins two different cities of the map."""
    b = board()
    for ticket in b.decks["mega"].values():
        assert {ticket.city_a, ticket.city_b} <= b.cities and ticket.city_a != ticket.city_b


def test_double_routes_are_equal_pairs():
    """Twins point at each other and join the same two cities with the same length."""
    b = board()
    for rid, twin in b.twins.items():
        one, two = b.routes[rid], b.routes[twin]
        assert b.twins[twin] == rid and one.cities == two.cities and one.length == two.length
    pairs = Counter(r.cities for r in b.routes.values())
    assert {rid for rid, r in b.routes.items() if pairs[r.cities] == 2} == set(b.twins)


def test_route_points_table():
    """1→1, 2→2, 3→4, 4→7, 6→15, 8→21 (and 5→10, unused on this map)."""
    assert dict(board().route_points) == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}


def test_data_is_frozen():
    """A route cannot be changed once read."""
    route = board().routes[1]
    with pytest.raises(FrozenInstanceError):
        route.length = 9


def test_shipped_folder_loads_again():
    """Loading the folder a second time gives the same facts."""
    again = load_board(DATA)
    assert again.routes == board().routes and again.twins == board().twins


def _broken(tmp_path, name, change):
    """Copy the data, apply one text change to one file, and return the folder."""
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    new = change(text)
    assert new != text
    path.write_text(new, encoding="utf-8")
    return folder


@pytest.mark.parametrize(("name", "change", "words"), [
    ("routes.csv", lambda t: t.replace("2,Berlin,Frankfurt,red", "1,Berlin,Frankfurt,red"), "unique"),
    ("routes.csv", lambda t: t.replace("3,Budapest,Wien,red", "3,Budapest,Vienna,red"), "two different cities"),
    ("routes.csv", lambda t: t.replace("4,Warszawa,Wilno,red", "4,Budapest,Wien,red"), "3 routes join"),
    ("routes.csv", lambda t: t.replace("42,Bruxelles,Paris,yellow,2", "42,Bruxelles,Paris,yellow,3"), "two lengths"),
    ("routes.csv", lambda t: t.replace("9,Cadiz,Lisboa,blue,2", "9,Cadiz,Lisboa,purple,2"), "colour"),
    ("routes.csv", lambda t: t.replace("9,Cadiz,Lisboa,blue,2", "9,Cadiz,Lisboa,blue,7"), "length"),
    ("routes.csv", lambda t: t.replace("83,Palermo,Smyrna,grey,6,false,2", "83,Palermo,Smyrna,grey,6,false,7"), "ferry"),
    ("routes.csv", lambda t: t.replace("1,Bruxelles,Paris,red,2,false", "1,Bruxelles,Paris,red,2,no"), "tunnel"),
    ("routes.csv", lambda t: t.replace("1,Bruxelles", "x,Bruxelles"), "whole number"),
    ("cities.csv", lambda t: t.replace("Zürich", "Wien"), "named twice"),
    ("cities.csv", lambda t: t.replace("city\n", "town\n"), "header"),
    ("tickets.csv", lambda t: t.replace("Zürich,Budapest,6", "Zürich,Atlantis,6"), "two different cities"),
    ("tickets.csv", lambda t: t.replace("Zürich,Budapest,6", "Zürich,Budapest,7"), "does not reprint"),
    ("tickets-1912.csv", lambda t: t.replace("Wien,Roma,6", "Roma,Wien,6\nWien,Roma,6"), "listed twice"),
    ("tickets-1912.csv", lambda t: t.replace("Wien,Roma,6,regular", "Wien,Roma,6,short"), "kind"),
    ("route-points.csv", lambda t: t.replace("6,15", "6,0"), "not positive"),
    ("tickets-big-cities.csv", lambda t: t.replace("Berlin,Roma,9", "Berlin,Roma,10"), "regular ticket of the 1912"),
    ("tickets-big-cities.csv", lambda t: t + "Brest,Petrograd,20\n", "regular ticket of the 1912"),
    ("tickets-big-cities.csv", lambda t: t + "Roma,Berlin,9\n", "listed twice"),
    ("tickets-big-cities.csv", lambda t: t.replace("city_a,city_b,points", "city_a,city_b,points,kind"), "header"),
])
def test_broken_data_is_refused(tmp_path, name, change, words):
    """Each invariant of the data is checked at load, naming what is wrong."""
    with pytest.raises(DataError, match=words):
        load_board(_broken(tmp_path, name, change))
