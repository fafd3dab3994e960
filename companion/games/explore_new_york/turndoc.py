"""A turn as JSON, for pages and scripts: `{"district": [4, 5], "drawing": "A", "sections": [...], "extras": [...],
"tourist": null}` (paths of problems are relative to the turn object)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict

from ..core.problems import N_, Problem
from ..core.schema import Doc, Field, Int, read
from .referee import Turn
from .tile import section

PointDoc = tuple[Int, Int]


class TurnDoc(Doc):
    """The shape of a turn."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a turn"))

    district: PointDoc = Field(title=N_("The chosen district"))
    drawing: Literal["A", "B", "C"] = Field(title=N_("The drawing option"))
    sections: list[tuple[PointDoc, PointDoc]] = Field(max_length=2, title=N_("A drawn section"))
    extras: list[tuple[PointDoc, PointDoc]] = Field(default_factory=list, max_length=2, title=N_("An extra section"))
    tourist: Literal["red", "green", "blue"] | None = Field(default=None, title=N_("The one tourist symbol"))


def read_turn(value: Any) -> tuple[Turn | None, list[Problem]]:
    """Read a turn: the turn (None when its shape is wrong) and the shape problems."""
    model, problems = read(TurnDoc, value)
    if model is None:
        return None, problems
    return Turn(tuple(model.district), model.drawing, tuple(section(tuple(a), tuple(b)) for a, b in model.sections),
                tuple(section(tuple(a), tuple(b)) for a, b in model.extras), model.tourist), []


def turn_to_json(turn: Turn) -> dict:
    """Write a turn as JSON (reading it back gives the same turn)."""
    return {"district": list(turn.district), "drawing": turn.drawing,
            "sections": [[list(a), list(b)] for a, b in turn.sections],
            "extras": [[list(a), list(b)] for a, b in turn.extras], "tourist": turn.tourist}


__all__ = ["TurnDoc", "read_turn", "turn_to_json"]
