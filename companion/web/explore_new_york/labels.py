"""Texts chosen at run time (district kinds, tourist colours, score rows), marked for the catalogues."""

from __future__ import annotations

from ...games.core.problems import N_

KIND_NAMES = {
    "red": N_("Red district: squares, stadiums, malls"),
    "green": N_("Green district: parks and gardens"),
    "blue": N_("Blue district: museums and culture"),
    "yellow": N_("Yellow smiley district: 6 PP on the route"),
    "grey": N_("Grey star district: 4/12/24/36 PP for 1/2/3/4 on the route"),
    "white": N_("White district: no PP itself; its tourists still count"),
}
COLOUR_NAMES = {"red": N_("Red tourists ○"), "green": N_("Green tourists □"), "blue": N_("Blue tourists △")}
ROW_NAMES = {
    "red": N_("Red: tourists × districts"),
    "green": N_("Green: tourists × districts"),
    "blue": N_("Blue: tourists × districts"),
    "cafes": N_("Cafes × 3"),
    "yellow": N_("Smileys × 6"),
    "grey": N_("Stars (4/12/24/36)"),
}
