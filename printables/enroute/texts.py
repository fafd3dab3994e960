"""The engine's scoring-row texts in the catalogues, and the rows as a printable shows them in its language.

The engine (`companion/games/enroute/rows.py`) writes its row labels, hints and
tie-break note in plain English. The printables translate them by their text,
so an English PDF shows the engine's own words; the texts are marked here with
`N_()` so that pybabel puts them in the catalogues (a test checks that every
text the engine writes is in this list). The Visit-Them-All hint carries the
city's PP table, so it has a template of its own.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.core.problems import N_
from companion.games.enroute.board import Board
from companion.games.enroute.rows import TIEBREAK_NOTE, ScoringRow, scoring_rows

from ..core.i18n import PrintLocale

ENGINE_TEXTS = (
    N_("Red landmarks"),
    N_("red tourists × red landmarks on the route"),
    N_("Green landmarks"),
    N_("green tourists × green landmarks on the route"),
    N_("Blue landmarks"),
    N_("blue tourists × blue landmarks on the route"),
    N_("Purple landmarks"),
    N_("purple tourists × purple landmarks on the route"),
    N_("Yellow landmarks"),
    N_("printed PP of yellow landmarks on the route"),
    N_("Grey landmarks"),
    N_("current rating of grey landmarks on the route"),
    N_("Unused cafe bonuses"),
    N_("2 PP per circled, unstruck cup (on the route or not)"),
    N_("Visit-Them-All points"),
    N_("this city has none"),
    N_("Personal goal"),
    N_("sections between two circled intersections on the route (the longest)"),
    N_("Goal A"),
    N_("Goal B"),
    N_("Goal C"),
    N_("winner PP or achiever PP"),
    N_("Bridges"),
    N_("PP of each scoring bridge on the route"),
    N_("Stations"),
    N_("PP per station on the route (both ride stations count)"),
    N_("rating when on the route"),
    N_("route sections on it × its rating"),
    N_("PP per route section in the set"),
    N_("PP per intersection of the set on the route"),
    N_("Bridge stars"),  # New York's rows
    N_("PP of each star intersection on the route"),
    N_("Cafe card PP"),
    N_("8 PP per cafe card PP bonus gained (on the route or not)"),
    N_("tourists × landmarks of the colour beside a section of their colour"),
    N_("Diversity"),
    N_("sections between two circled intersections on the route (the longest), doubled"),
    N_("Ties: the longest final route wins, then the most tourists on it, then the most landmarks "
       "on it; otherwise the victory is shared."),
)
VISIT_HINT = N_("points on the route: {table} PP")
DIVERSITY_HINT = N_("runs of three consecutive sections in three colours: {table} PP")


def visit_table(board: Board) -> str:
    """Return the city's Visit-Them-All PP table as the engine's hint writes it ("1 → 0, 2 → 12")."""
    vta = board.visit_them_all
    return ", ".join(f"{n} → {pp}" for n, pp in enumerate(vta.pp) if n) if vta is not None else ""


def localized_row(row: ScoringRow, board: Board, loc: PrintLocale) -> ScoringRow:
    """Return a scoring row with its label and hint in the printable's language."""
    if row.key == "visit_them_all" and board.visit_them_all is not None:
        # The label is the city's own name for its points (board data: translated when it is a shipped name).
        return replace(row, label=loc.name(row.label), hint=loc.t(VISIT_HINT, table=visit_table(board)))
    if row.type == "diversity":  # Paris: the board's own PP table, inside a catalogue text
        feature = board.feature("diversity", row.spec.feature)
        table = ", ".join(f"{n} → {pp}" for n, pp in enumerate(feature.param("pp")) if n) if feature else ""
        return replace(row, label=loc.t(row.label), hint=loc.t(DIVERSITY_HINT, table=table))
    if row.board_label:  # a landmark's or a street's own name: board data (translated when shipped)
        return replace(row, label=loc.name(row.label), hint=loc.t(row.hint))
    return replace(row, label=loc.t(row.label), hint=loc.t(row.hint))


def localized_rows(board: Board, loc: PrintLocale, level: str = "full") -> list[ScoringRow]:
    """Return the city's scoring rows with their texts in the printable's language."""
    return [localized_row(row, board, loc) for row in scoring_rows(board, level)]


def level_rows(rows: list[ScoringRow], level: str = "full", goal_decks=None) -> list[ScoringRow]:
    """Keep the rows a table's level plays (issue 13, U9): goal rows only with goal cards, which only the full
    level deals (seed: the simplified and intermediate first-city games use no goal cards), and only the decks
    the table drew when it says (`goal_decks`); no cafe or personal-goal row at the simplified level."""
    unused = {"simplified": {"cafes", "personal_goal"}}.get(level, set())
    decks = set(goal_decks) if goal_decks is not None else {"A", "B", "C"}
    return [r for r in rows if r.key not in unused
            and not (r.key.startswith("goal_") and (level != "full" or r.key[5:] not in decks))]


def tiebreak_note(loc: PrintLocale) -> str:
    """Return the engine's tie-break rule in the printable's language."""
    return loc.t(TIEBREAK_NOTE)


__all__ = ["ENGINE_TEXTS", "VISIT_HINT", "level_rows", "localized_row", "localized_rows", "tiebreak_note",
           "visit_table"]
