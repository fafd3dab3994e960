"""New York's own map features and scoring rows, registered when its rules module is imported (before reading).

Features: `hotspot_card` (the back of a special goal card: its hotspot roads), `dock` (a Statue of Liberty
ferry dock; a ticket names it), `star` (a bridge-view intersection with its PP), `cafe_card` (one of the 11
cafe cards: the bonus every cafe gives in the round it is revealed). Rows: `stars` (the PP of each star on the
route) and `cafe_pp` (8 PP per cafe card PP bonus gained).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ....core.problems import N_, error
from ....core.schema import Field, Int, show
from ...features import PP, Sections, _roads, register
from ...formats import CARD_BONUSES, COLOURS, Id, Point
from ...rowtypes import RowType, _point_mask
from ...rowtypes import register as register_row

CAFE_CARD_PP = 8  # seed ~l.1555: a cafe card's prestige-point bonus adds 8 PP at game end
Tourists = dict[Literal[COLOURS], Annotated[Int, Field(ge=1, le=9)]]


def _cafe_card(feature: Any, model: Any, reader: Any, keys: tuple) -> Any:
    """A cafe card shows tourists exactly for a new-tourists bonus and a dock exactly for a ticket."""
    if (model.bonus == "tourists") != bool(model.tourists):
        reader.problems.append(error("cafe-card-tourists", reader.at(*keys, "tourists"),
                                     N_("A new-tourists cafe card lists its tourists, like {example}; other cafe "
                                        "cards list none."), example='{"purple": 2}'))
        return None
    if model.bonus == "ticket" and reader.feature("dock", model.dock) is None:
        reader.problems.append(error("unknown-feature", reader.at(*keys, "dock"),
                                     N_("{what} names {id}, which is not a feature of this board."),
                                     what=N_("A ticket cafe card"), id=show(model.dock)))
        return None
    if model.bonus != "ticket" and model.dock is not None:
        reader.problems.append(error("dock-not-ticket", reader.at(*keys, "dock"),
                                     N_("Only a ticket cafe card names a dock.")))
        return None
    return feature


register("hotspot_card", N_("A hotspot card back"),
         N_("Hotspot: a double road; drawing it takes two section allowances at once"), _roads,
         deck=(Literal["A", "B", "C"], Field(title=N_("A goal deck"))),
         sections=(Sections, Field(title=N_("The hotspot roads"))))
register("dock", N_("A dock"), N_("Dock: the Statue of Liberty ferry; its ticket and the dock on the route score "
                                  "the statue"),
         at=(Point, Field(title=N_("A dock's intersection"))))
register("star", N_("A star point"), N_("Star: a bridge view; its PP when on the route"),
         at=(Point, Field(title=N_("A star's intersection"))),
         pp=(PP, Field(title=N_("A star's PP"))))
register("cafe_card", N_("A cafe card"), N_("Cafe card: the bonus of every cafe in the round it is revealed"),
         _cafe_card,
         bonus=(Literal[CARD_BONUSES], Field(title=N_("A cafe card's bonus"))),
         tourists=(Tourists, Field(None, title=N_("A cafe card's tourists"))),
         dock=(Id, Field(None, title=N_("A ticket's dock"))))


class _StarTerm:
    """The PP of each star intersection on the route (monotone: bound = value)."""

    def __init__(self, scorer: Any) -> None:
        """Keep (point mask, PP) per star reached by the drawn sections."""
        stars = scorer.ctx.board.features_of("star")
        self.items = [(m, f.param("pp")) for f in stars if (m := _point_mask(scorer, f.points))]

    def value(self, edges: int, points: int) -> int:
        """PP of a route set."""
        return sum(pp for m, pp in self.items if points & m)

    bound = value


class _FixedTerm:
    """A row that does not depend on the route (the cafe cards' PP bonuses)."""

    def __init__(self, pp: int) -> None:
        """Keep the PP."""
        self.pp = pp

    def value(self, edges: int, points: int) -> int:
        """PP of any route set."""
        return self.pp

    bound = value


def cafe_pp(sheet: Any, level: str) -> int:
    """8 PP per circled cafe whose card gave the prestige-point bonus (none in the simplified game)."""
    if level == "simplified":
        return 0
    return CAFE_CARD_PP * sum(1 for at in sheet.cafes if sheet.cafe_bonus.get(at) == "pp")


register_row(RowType("stars", lambda s: s.key or "stars", lambda s, b: s.label or N_("Bridge stars"),
                     lambda s, b: N_("PP of each star intersection on the route"),
                     lambda s, ev: sum(f.param("pp") for f in ev.ctx.board.features_of("star")
                                       if f.points[0] in ev.facts.points),
                     lambda s, sc: _StarTerm(sc), icon="star"))
register_row(RowType("cafe_pp", lambda s: s.key or "cafe_pp", lambda s, b: s.label or N_("Cafe card PP"),
                     lambda s, b: N_("8 PP per cafe card PP bonus gained (on the route or not)"),
                     lambda s, ev: cafe_pp(ev.sheet, ev.ctx.level),
                     lambda s, sc: _FixedTerm(cafe_pp(sc.sheet, sc.ctx.level)), icon="cafe"))

__all__ = ["CAFE_CARD_PP", "cafe_pp"]
