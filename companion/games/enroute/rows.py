"""The board's scoring spaces (rows 1–9 and the total), shared by scoring, the web and the printables."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board

LEVELS = ("simplified", "intermediate", "full")
GOAL_DECKS = ("A", "B", "C")


@dataclass(frozen=True)
class ScoringRow:
    """One scoring space: its key in `enroute-score/1`, its printed number and label, and a hint."""

    key: str
    number: int
    label: str
    hint: str


def scoring_rows(board: Board, level: str = "full") -> list[ScoringRow]:
    """Return the scoring rows in board order for a city and game level.

    Rows that a level does not use (cafes, personal goal and goal cards at the
    simplified level; goal cards at the intermediate level) are still listed so
    the sheet keeps its printed numbering; they score 0.
    """
    rows = [
        ScoringRow("red", 1, "Red landmarks", "red tourists × red landmarks on the route"),
        ScoringRow("green", 2, "Green landmarks", "green tourists × green landmarks on the route"),
        ScoringRow("blue", 3, "Blue landmarks", "blue tourists × blue landmarks on the route"),
    ]
    if "purple" in board.kinds_present():
        rows.append(ScoringRow("purple", 3, "Purple landmarks", "purple tourists × purple landmarks on the route"))
    rows += [
        ScoringRow("yellow", 4, "Yellow landmarks", "printed PP of yellow landmarks on the route"),
        ScoringRow("grey", 5, "Grey landmarks", "current rating of grey landmarks on the route"),
        ScoringRow("cafes", 6, "Unused cafe bonuses", "2 PP per circled, unstruck cup (on the route or not)"),
    ]
    vta = board.visit_them_all
    if vta is not None:
        table = ", ".join(f"{n} → {pp}" for n, pp in enumerate(vta.pp) if n)
        rows.append(ScoringRow("visit_them_all", 7, vta.name, f"points on the route: {table} PP"))
    else:
        rows.append(ScoringRow("visit_them_all", 7, "Visit-Them-All points", "this city has none"))
    rows.append(ScoringRow("personal_goal", 8, "Personal goal",
                           "sections between two circled intersections on the route (the longest)"))
    for deck in GOAL_DECKS:
        rows.append(ScoringRow(f"goal_{deck}", 9, f"Goal {deck}", "winner PP or achiever PP"))
    return rows


TIEBREAK_NOTE = ("Ties: the longest final route wins, then the most tourists on it, then the most landmarks "
                 "on it; otherwise the victory is shared.")
