"""Dealing and keeping tickets per variant (issue 29, seed l.53–70, 290–300, 411–496): known counts and minimums,
returned cards to the bottom, seeded and reproducible, every card always in exactly one place."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.ticket_to_ride_europe.data import board
from companion.games.ticket_to_ride_europe.dealing import RULES, Deal, DealRefused

# variant: (deck size, long dealt, regular dealt, keep at start, draw in play) — from the seed
KNOWN = {
    "base": (46, 1, 3, 2, 3),
    "1912": (55, 1, 3, 2, 3),
    "mega": (101, 2, 5, 3, 3),  # keep 3 regular without a long ticket (2 with one)
    "big-cities": (45, 0, 5, 2, 4),
}


def _everything(deal: Deal) -> None:
    """Every card of the deck is in exactly one place."""
    places = deal.where()
    total = len(deal.pile) + len(deal.box) + len(deal.start_returns) + sum(map(len, deal.hands)) + \
        sum(len(o or ()) for o in deal.offers)
    assert total == len(places) == len(board().decks[deal.variant])


def _keep_least(deal: Deal, seat: int) -> list[str]:
    """Keep the fewest the rules allow (Mega: no long ticket, 3 regular)."""
    offer = deal.offers[seat]
    if deal.started[seat]:
        return [offer[0]]
    regular = [c for c in offer if deal.kind(c) == "regular"]
    if deal.variant == "mega":
        return regular[:3]
    return offer[:2]


@pytest.mark.parametrize("variant", sorted(KNOWN))
def test_start_offers_per_variant(variant):
    """Each seat is dealt the seed's counts; the long tickets nobody was dealt are in the box."""
    size, longs, regular, _, _ = KNOWN[variant]
    deal = Deal.new(variant, 4, seed="t")
    for offer in deal.offers:
        kinds = [deal.kind(c) for c in offer]
        assert (kinds.count("long"), kinds.count("regular")) == (longs, regular)
    total_long = sum(t.kind == "long" for t in board().decks[variant].values())
    assert sorted(deal.kind(c) for c in deal.box) == ["long"] * (total_long - 4 * longs)
    assert all(deal.kind(c) == "regular" for c in deal.pile)
    _everything(deal)
    assert sum(map(len, deal.where().values())) and len(deal.where()) == size


@pytest.mark.parametrize("variant", sorted(KNOWN))
def test_keep_minimums_at_the_start(variant):
    """One card fewer than the minimum is refused and changes nothing; the minimum is accepted."""
    deal = Deal.new(variant, 2, seed=7)
    before = deal.to_json()
    least = _keep_least(deal, 0)
    with pytest.raises(DealRefused) as refused:
        deal.keep(0, least[:-1])
    assert refused.value.problem.code == "deal-keep-more" and deal.to_json() == before
    returned = deal.keep(0, least)
    assert deal.hands[0] == least and len(returned) == len(before["offers"][0]) - len(least)
    _everything(deal)


def test_base_returns_go_to_the_box_and_mega_regular_to_the_bottom():
    """Base: not kept at the start = box. Mega: long not kept = box, regular = shuffled under the pile."""
    deal = Deal.new("base", 2, seed=1)
    offers = [list(o) for o in deal.offers]
    for seat in (0, 1):
        deal.keep(seat, offers[seat][:2])
    assert set(offers[0][2:] + offers[1][2:]) <= set(deal.box)
    mega = Deal.new("mega", 2, seed=1)
    offers = [list(o) for o in mega.offers]
    pile = list(mega.pile)
    mega.keep(0, [offers[0][0], *offers[0][2:4]])  # one long, two regular
    assert mega.pile == pile and set(offers[0][4:]) == set(mega.start_returns)  # waiting for the other seat
    mega.keep(1, offers[1][2:5])  # no long, three regular
    returned = offers[0][4:] + offers[1][5:]
    assert mega.pile[:len(pile)] == pile and sorted(mega.pile[len(pile):]) == sorted(returned)
    assert offers[0][1] in mega.box and set(offers[1][:2]) <= set(mega.box)


def test_mega_keeps_at_most_one_long_and_three_regular_without_one():
    """Two long tickets are refused; without a long ticket two regular are too few, three are enough."""
    deal = Deal.new("mega", 3, seed=2)
    offer = list(deal.offers[0])
    with pytest.raises(DealRefused) as refused:
        deal.keep(0, offer[:4])
    assert refused.value.problem.code == "deal-too-many-long"
    with pytest.raises(DealRefused):
        deal.keep(0, offer[2:4])
    deal.keep(0, offer[2:5])
    assert deal.hands[0] == offer[2:5]


def test_drawing_in_play_three_or_four_keep_one_returned_to_the_bottom():
    """Nobody draws before every seat has kept; a draw is 3 (Big Cities 4); keep ≥ 1; the rest go under."""
    for variant, count in (("base", 3), ("big-cities", 4)):
        deal = Deal.new(variant, 3, seed="d")
        deal.keep(0, _keep_least(deal, 0))
        with pytest.raises(DealRefused) as refused:
            deal.draw(0)
        assert refused.value.problem.code == "deal-not-started"
        for seat in (1, 2):
            deal.keep(seat, _keep_least(deal, seat))
        top = deal.pile[:count]
        assert deal.draw(1) == top and deal.offers[1] == top
        with pytest.raises(DealRefused):
            deal.draw(1)  # choose first
        with pytest.raises(DealRefused):
            deal.keep(1, [])
        with pytest.raises(DealRefused):
            deal.keep(1, ["Paris|Atlantis"])
        assert deal.keep(1, [top[1]]) == [top[0], *top[2:]]
        assert deal.pile[-(count - 1):] == [top[0], *top[2:]]
        _everything(deal)


def test_a_returned_ticket_comes_back_only_after_every_card_above_it():
    """Draw and return until the pile is spent: a returned card is never dealt before every card that lay above
    it when it was returned has been dealt; the last draws take what is left."""
    for variant in KNOWN:
        deal = Deal.new(variant, 2, seed=variant)
        for seat in (0, 1):
            deal.keep(seat, _keep_least(deal, seat))
        above: dict[str, set[str]] = {}
        turns = 0
        while deal.pile and turns < 200:
            seat = turns % 2
            offer = deal.draw(seat)
            for waiting in above.values():
                waiting.difference_update(offer)
            for card in offer:  # dealt again only once every card that lay above it has been dealt (or now)
                assert not above.get(card), card
            returned = deal.keep(seat, [offer[0]])
            for card in returned:
                above[card] = set(deal.pile) - set(returned)
            _everything(deal)
            turns += 1
        assert not deal.pile and turns < 200  # one card kept per draw: the pile runs out
        with pytest.raises(DealRefused) as refused:
            deal.draw(0)
        assert refused.value.problem.code == "deal-pile-empty"


def test_seeded_and_reproducible():
    """The same seed and choices give the same cards; another seed other cards; the state survives JSON."""
    def play(seed):
        deal = Deal.new("mega", 4, seed=seed)
        for seat in range(4):
            deal.keep(seat, _keep_least(deal, seat))
        deal.draw(2)
        deal.keep(2, deal.offers[2][1:])
        return deal
    a, b, c = play("x"), play("x"), play("y")
    assert a.to_json() == b.to_json() and a.to_json() != c.to_json()
    again = Deal.from_json(json.loads(json.dumps(a.to_json())))
    assert again.to_json() == a.to_json()
    assert again.draw(0) == play("x").draw(0)


def test_seat_view_shows_only_that_seat():
    """A seat's view holds its hand and offer; the public view only counts."""
    deal = Deal.new("base", 3, seed=3)
    view = deal.seat_view(1)
    assert view["offer"] == deal.offers[1] and view["hand"] == []
    others = set(deal.offers[0]) | set(deal.offers[2])
    assert not others & set(json.dumps(view).split('"'))
    public = json.dumps(deal.public_view())
    assert "|" not in public


def test_a_physical_deck_is_recorded_and_checked():
    """The table deals from its own deck: offers are checked (counts, kinds, cards still in the pile)."""
    deal = Deal.new("base", 2, seed=0, physical=True)
    regular = sorted(c for c in deal.pile if deal.kind(c) == "regular")
    longs = sorted(c for c in deal.pile if deal.kind(c) == "long")
    with pytest.raises(DealRefused) as refused:
        deal.record_offer(0, regular[:4])  # no long ticket
    assert refused.value.problem.code == "deal-wrong-count"
    deal.record_offer(0, [longs[0], *regular[:3]])
    with pytest.raises(DealRefused) as refused:
        deal.record_offer(1, [longs[1], *regular[2:5]])  # regular[2] is already dealt
    assert refused.value.problem.code == "deal-card-unavailable" and "–" in str(refused.value)
    deal.record_offer(1, [longs[1], *regular[3:6]])
    deal.keep(0, deal.offers[0][:2])
    deal.keep(1, deal.offers[1][1:])
    assert all(deal.kind(c) == "regular" for c in deal.pile) and set(longs[2:]) <= set(deal.box)
    with pytest.raises(DealRefused):
        deal.record_offer(0, regular[10:12])  # a draw is 3 while the pile has more
    deal.record_offer(0, regular[10:13])
    _everything(deal)


def test_rules_table_matches_the_seed():
    """The rule table itself, as the seed gives it."""
    for variant, (_, longs, regular, keep, draw) in KNOWN.items():
        rules = RULES[variant]
        assert (rules.long_dealt, rules.regular_dealt, rules.draw, rules.keep_in_play) == (longs, regular, draw, 1)
        assert (rules.keep_without_long if variant == "mega" else rules.keep_at_start) == keep
    assert RULES["mega"].long_kept_most == 1 and RULES["mega"].keep_at_start == 2
    assert [v for v, r in RULES.items() if r.start_returns_to_bottom] == ["mega", "big-cities"]


def test_random_play_never_loses_a_card():
    """Random legal choices on every variant and table size: every card always in one place."""
    rnd = random.Random(29)
    for _ in range(20):
        variant = rnd.choice(sorted(KNOWN))
        seats = rnd.randint(2, 5)
        deal = Deal.new(variant, seats, seed=rnd.random())
        for seat in range(seats):
            least = _keep_least(deal, seat)
            extra = [c for c in deal.offers[seat] if c not in least and deal.kind(c) == "regular"]
            deal.keep(seat, least + extra[:rnd.randint(0, len(extra))])
        for turn in range(30):
            seat = turn % seats
            if not deal.pile:
                break
            offer = deal.draw(seat)
            deal.keep(seat, rnd.sample(offer, rnd.randint(1, len(offer))))
            _everything(deal)


def _physical_start(variant: str, seats: int, seed) -> Deal:
    """A physical deal whose start offers are recorded from the pile (long first) and kept at the minimum."""
    deal = Deal.new(variant, seats, seed=seed, physical=True)
    rules = RULES[variant]
    for seat in range(seats):
        longs = [c for c in deal.pile if deal.kind(c) == "long"][:rules.long_dealt]
        regular = [c for c in deal.pile if deal.kind(c) == "regular"][:rules.regular_dealt]
        deal.record_offer(seat, longs + regular)
        deal.keep(seat, _keep_least(deal, seat))
    return deal


def test_a_physical_pile_is_drawn_from_the_top_layer_first():
    """Returned cards lie under the cards never dealt: recording one of them while the pile still holds a card
    above it is refused (deal-card-below); once the layers above are spent it may come up, in any order within
    its layer. Big Cities: the start's returns are a layer under the cards never dealt."""
    deal = _physical_start("big-cities", 2, seed="layers")
    returned_at_start = [c for c in deal.pile[-(len(deal.pile) - deal.layers[0]):]]
    assert len(deal.layers) == 2 and deal.layers[1] == 2 * 3  # each seat returned 3 of its 5
    assert sum(deal.layers) == len(deal.pile)
    top = deal.pile[:deal.layers[0]]
    with pytest.raises(DealRefused) as refused:
        deal.record_offer(0, [*top[:3], returned_at_start[0]])
    assert refused.value.problem.code == "deal-card-below"
    assert returned_at_start[0].replace("|", "–") in str(refused.value)
    deal.record_offer(0, list(reversed(top[:4])))  # any order within the top layer
    returned = deal.keep(0, [top[0]])
    assert deal.layers[-1] == 3 and deal.pile[-3:] == returned
    # spend the cards never dealt until fewer than a draw are left (3 of 31), then a draw takes those 3 and one
    # of the start's returns (any of them), never one of the cards returned later
    while deal.layers[0] > 4:
        cards = deal.pile[:4]
        deal.record_offer(1, cards)
        deal.keep(1, cards)
    assert deal.layers == [3, 6, 3]
    rest, start_layer = deal.pile[:3], deal.pile[3:9]
    with pytest.raises(DealRefused) as refused:  # one of the cards never dealt left behind
        deal.record_offer(1, [*rest[:2], *start_layer[:2]])
    assert refused.value.problem.code == "deal-card-below"
    with pytest.raises(DealRefused) as refused:  # a card returned by the last draw, under the start's returns
        deal.record_offer(1, [*rest, returned[1]])
    assert refused.value.problem.code == "deal-card-below" and returned[1].replace("|", "–") in str(refused.value)
    deal.record_offer(1, [start_layer[4], *rest])
    assert deal.layers == [5, 3]
    _everything(deal)


def test_a_physical_table_never_draws_by_the_companion_and_the_companion_deck_is_never_recorded():
    """draw() is the companion's; record_offer() the physical table's; each is refused on the other deck."""
    physical = _physical_start("base", 2, seed=1)
    with pytest.raises(DealRefused) as refused:
        physical.draw(0)
    assert refused.value.problem.code == "deal-physical"
    own = Deal.new("base", 2, seed=1)
    with pytest.raises(DealRefused) as refused:
        own.record_offer(0, own.pile[:3])
    assert refused.value.problem.code == "deal-own-deck"


def test_a_physical_deal_survives_json_and_old_states_read_as_the_companions():
    """The layers and the flag are in the JSON state; a state written before them is the companion's deck."""
    deal = _physical_start("mega", 3, seed="j")
    again = Deal.from_json(json.loads(json.dumps(deal.to_json())))
    assert again.to_json() == deal.to_json() and again.physical and again.layers == deal.layers
    old = Deal.new("base", 2, seed=2).to_json()
    del old["physical"], old["layers"]
    assert not Deal.from_json(old).physical
    assert deal.public_view()["physical"] and "|" not in json.dumps(deal.public_view())


@pytest.mark.parametrize("variant", sorted(KNOWN))
def test_random_physical_play_follows_the_layers(variant):
    """Random legal recorded draws (any cards of the top layers, in any order): never refused, every card in
    one place, and a returned card is recorded again only once every card above it when it went under is gone."""
    rnd = random.Random(variant)
    for _ in range(5):
        seats = rnd.randint(2, 5)
        deal = _physical_start(variant, seats, seed=rnd.random())
        above: dict[str, set[str]] = {}
        for turn in range(40):
            if not deal.pile:
                break
            seat = turn % seats
            count = min(RULES[variant].draw, len(deal.pile))
            cards, start = [], 0
            for size in deal.layers:  # whole layers from the top, then a random part of the next one
                layer = deal.pile[start:start + size]
                start += size
                need = count - len(cards)
                cards += layer if size <= need else rnd.sample(layer, need)
                if len(cards) == count:
                    break
            rnd.shuffle(cards)
            for waiting in above.values():
                waiting.difference_update(cards)
            for card in cards:
                assert not above.get(card), card
            deal.record_offer(seat, cards)
            returned = deal.keep(seat, rnd.sample(cards, rnd.randint(1, len(cards))))
            for card in returned:
                above[card] = set(deal.pile) - set(returned)
            assert sum(deal.layers) == len(deal.pile)
            _everything(deal)
