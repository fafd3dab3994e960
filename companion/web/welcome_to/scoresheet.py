"""The score sheet across the table: the engine's `welcome-to-score/1` laid out row by row, with the temp agency
ranking, the tie-breaks that decided equal totals and the solo rule spelled out."""

from __future__ import annotations

from typing import Any

from ...games.core.problems import N_
from ...games.welcome_to import RULES
from ...games.welcome_to.data import ESTATE_SIZES
from ...games.welcome_to.scoring import ROWS
from ..core.i18n import _
from .labels import ROW_LABELS
from .view import TableState, problem_lines

TIE_KEYS = (N_("completed estates"), *[N_("{n}-house estates")] * len(ESTATE_SIZES))


def _temp_ranking(state: TableState) -> list[dict]:
    """Each player's temps and the temp agency points the engine gave them, most temps first."""
    found = []
    for name, live, entry in zip(state.names, state.lives, state.score.get("players", [])):
        rows = entry.get("rows") or {}
        found.append({"name": name, "temps": live.sheet.temps, "points": rows.get("temps")})
    return sorted(found, key=lambda r: -r["temps"])


def _tie_notes(players: list[dict]) -> list[str]:
    """Why players with equal totals are ranked as they are (or that they share their rank)."""
    notes = []
    scored = [p for p in players if p["total"] is not None]
    scored.sort(key=lambda p: p["rank"])
    for a, b in zip(scored, scored[1:]):
        if a["total"] != b["total"]:
            continue
        if a["rank"] == b["rank"]:
            notes.append(_("{a} and {b} share rank {rank}: equal totals, estates and estates of every size.",
                           a=a["name"], b=b["name"], rank=a["rank"]))
            continue
        keys_a = [sum(a["estates"].values()), *(a["estates"][str(n)] for n in ESTATE_SIZES)]
        keys_b = [sum(b["estates"].values()), *(b["estates"][str(n)] for n in ESTATE_SIZES)]
        k = next(i for i, (x, y) in enumerate(zip(keys_a, keys_b)) if x != y)
        what = _(TIE_KEYS[k], n=k) if k else _(TIE_KEYS[0])
        notes.append(_("{a} ranks ahead of {b} on equal totals: {what} ({va} vs {vb}).", a=a["name"], b=b["name"],
                       what=what, va=keys_a[k], vb=keys_b[k]))
    return notes


def score_context(state: TableState) -> dict[str, Any]:
    """Everything the score sheet page shows."""
    players = []
    for i, (name, entry) in enumerate(zip(state.names, state.score.get("players", []))):
        players.append({"seat": i, "name": name, "rows": entry.get("rows"), "estates": entry.get("estates"),
                        "total": entry.get("total"), "rank": entry.get("rank"),
                        "problems": problem_lines(entry.get("problems", []))})
    rows = [{"key": key, "label": _(ROW_LABELS[key]),
             "values": [None if p["rows"] is None else p["rows"][key] for p in players]}
            for key in ROWS if key != "roundabouts" or state.settings.intermediate]
    estates = [{"size": n, "values": [None if p["estates"] is None else p["estates"][str(n)] for p in players]}
               for n in ESTATE_SIZES]
    by_rank = sorted((p for p in players if p["rank"] is not None), key=lambda p: p["rank"])
    return {"table": state.table, "players": players, "rows": rows, "estates": estates, "by_rank": by_rank,
            "temps": _temp_ranking(state), "solo": state.settings.solo, "tie_notes": _tie_notes(players),
            "temp_points": list(RULES.temp_points_by_rank), "solo_min": RULES.temp_solo_min,
            "solo_points": RULES.temp_solo_points, "intermediate": state.settings.intermediate}
