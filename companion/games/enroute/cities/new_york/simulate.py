"""New York in the simulator: the cafe card revealed before each round, three-section turns with hotspots, the
personal goal placed on a half before the final route (`simulate.simulate_state` calls these through
`CityRules.play`). Every turn still goes through the referee, so a refused turn is a bug of one of them.
"""

from __future__ import annotations

import random
from typing import Any

from ... import geometry as geo
from ...cards import colour_choices
from ...referee import BonusSection, CoordinateChange, GameState, Turn, bonus_sources, empty_matches
from ...simulate import SimulationError, _checked, _pick
from .play import place_goal_on_half, reveal_cafe_card, segment_options


class NewYorkPlay:
    """The simulator's New York moves."""

    def before_round(self, state: GameState, cafe_deck: list[str]) -> GameState:
        """Reveal the top cafe card (before every round and the second start round)."""
        if not cafe_deck:
            raise SimulationError("the cafe deck is empty")
        return _checked(reveal_cafe_card(state, cafe_deck.pop(0)), "cafe card")

    def finish(self, state: GameState, rng: random.Random) -> GameState:
        """Each player places the personal goal on the left or right half."""
        for i, me in enumerate(state.players):
            if me.personal_goal is not None:
                state = _checked(place_goal_on_half(state, i, rng.randrange(2)), "goal half")
        return state

    def random_turn(self, state: GameState, player: int, rng: random.Random) -> Turn:
        """A random legal New York turn: a line of three allowances beside the location, or one section anywhere;
        sometimes a hotspot with a route-section bonus paying its second allowance."""
        board, me = state.board, state.players[player]
        hot = state.hotspots
        colours = tuple(c for c in ("red", "green", "blue", "purple") if c != "purple" or "purple"
                        in board.kinds_present())
        changes = tuple(CoordinateChange(rng.randrange(2), rng.choice((-1, 1)), src)
                        for src in bonus_sources(state, player, "coordinate") if rng.random() < 0.5)
        drawn = set(me.sections)
        points = {p for sec in drawn for p in sec}
        free_roads = [s for s in board.roads if s not in drawn and s not in hot]
        free_hot = [s for s in board.roads if s not in drawn and s in hot]
        sources = bonus_sources(state, player, "section")
        free = empty_matches(state, player, changes)
        colour, bonus = None, []
        if free:
            loc, fallback = rng.choice(free), False
            choices = colour_choices(state.cards[player], colours)
            colour = rng.choice(choices) if choices else None
            options = segment_options(board, drawn, loc, hot)
            if sources and free_hot and rng.random() < 0.3:  # a lone hotspot with one bonus (seed ~l.1525)
                segment = (rng.choice(free_hot),)
                bonus.append(BonusSection(segment[0], sources.pop(0)))
            elif options and rng.random() < 0.85:
                segment = _pick(options, points, rng)
            else:
                segment = (_pick(free_roads, points, rng),)
        else:
            loc = rng.choice([x for x in board.locations() if x not in me.tourists and x not in me.crossed])
            fallback, colour = True, rng.choice(colours)
            segment = (_pick(free_roads, points, rng),)
        taken = drawn | set(segment)
        for src in sources:  # bonus sections held from earlier turns: plain roads anywhere
            if rng.random() < 0.5:
                options = [s for s in board.roads if s not in taken and s not in hot]
                if options:
                    sec = _pick(options, points | {p for s in taken for p in s}, rng)
                    taken.add(sec)
                    bonus.append(BonusSection(sec, src))
        visited = _first_card_cafe(state, player, [*segment, *(b.section for b in bonus)])
        card = board.feature("cafe_card", state.cafe_card)
        declined: tuple[Any, ...] = ()
        if visited is not None and card is not None and card.param("bonus") in ("tourists", "ticket") \
                and rng.random() < 0.3:
            declined = (visited,)
        return Turn(loc, tuple(geo.section(*s) for s in segment), colour, fallback, changes, tuple(bonus), declined,
                    None, visited)


def _first_card_cafe(state: GameState, player: int, secs) -> Any:
    """The cafe the referee circles: the first uncircled card cafe the turn's sections reach, in order."""
    if not state.cafes_in_play():
        return None
    circled = state.players[player].cafes
    for sec in secs:
        for p in sec:
            cafe = state.board.cafe_at(p)
            if cafe is not None and cafe.bonus == "card" and p not in circled:
                return p
    return None


PLAY = NewYorkPlay()
