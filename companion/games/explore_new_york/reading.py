"""Reading a document model leniently: on shape errors, read again with stand-ins for the broken fields.

So that every problem of a document is found in one pass, the fields that
could be read are still checked by the rules while the broken ones are
reported once and left out of the cross-checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..core.problems import Problem
from ..core.schema import problems_of

M = TypeVar("M", bound=BaseModel)


def read_lenient(model: type[M], raw: dict, path: str,
                 stand_ins: Mapping[str, Any]) -> tuple[M | None, set[str], list[Problem]]:
    """Read `raw` with `model`: the model (None if even the stand-ins do not help), the broken field names and
    every shape problem (under `path`)."""
    try:
        return model.model_validate(raw), set(), []
    except ValidationError as exc:
        problems = problems_of(exc, model, path)
        broken = {str(e["loc"][0]) for e in exc.errors() if e["loc"]} & set(model.model_fields)
    kept = {k: v for k, v in raw.items() if k in model.model_fields and k not in broken}
    kept.update({k: v for k, v in stand_ins.items() if k in broken})
    try:
        return model.model_validate(kept), broken, problems
    except ValidationError:  # a required field is missing and has no stand-in: nothing more can be read
        return None, broken, problems
