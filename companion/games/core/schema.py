"""Documents read through pydantic 2 models: one model per format version, unknown keys refused,
every finding a `Problem` with its JSON path (`players[1].sections[4]`) and a catalogue template.

A game declares its formats as `Doc` models built from the strict scalar types
below (a JSON `true` is no number, `"3"` is no number), titles its fields with
`Field(title=N_("A section"))` so messages name things as players do, and calls
`read(Model, value, path)`. Rules that need more than shape (a section that is
not a road) stay in the game's own checks, after the shape is known good.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr, ValidationError
from pydantic_core import PydanticCustomError

from .problems import N_, Msg, Problem, error

Int = StrictInt
Str = StrictStr
Bool = StrictBool
Number = StrictInt | StrictFloat
NonEmptyStr = Annotated[StrictStr, Field(min_length=1)]

M = TypeVar("M", bound=BaseModel)

__all__ = ["Bool", "Doc", "Field", "Int", "NonEmptyStr", "Number", "Str", "custom", "join_path", "read",
           "show"]


class Doc(BaseModel):
    """Base of every document model: unknown keys are errors, values are immutable once read."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def custom(code: str, template: Msg, **ctx: Any) -> PydanticCustomError:
    """Build the error a model's own validator raises: a stable code and a catalogue template."""
    return PydanticCustomError(code, str(template), {**ctx, "template": str(template)})


def join_path(path: str, key: str | int) -> str:
    """Extend a path like `players[1]` with a key or an index."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def show(value: Any) -> str:
    """Quote a value briefly, the way it looks in JSON."""
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---- walking a model along an error's location, for titles and allowed keys ----------------------

def _strip(annotation: Any) -> Any:
    """Remove Annotated and Optional wrappers."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                return annotation
            annotation = args[0]
        else:
            return annotation


def _step(annotation: Any, key: str | int) -> tuple[Any, str | None]:
    """Follow one location step: the annotation found there and its title, if any."""
    annotation = _strip(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(key, str):
        field = annotation.model_fields.get(key)
        return (field.annotation, field.title) if field else (None, None)
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin in (list, Sequence, set, frozenset) and args:
        return args[0], None
    if origin is tuple and args:
        return (args[0] if args[-1] is Ellipsis else args[min(int(key), len(args) - 1)]
                if isinstance(key, int) else None), None
    if origin in (dict, Mapping) and len(args) == 2:
        return args[1], None
    return None, None


def _walk(model: type[BaseModel], loc: Sequence[str | int]) -> tuple[Any, str | None]:
    """Return the annotation at a location and the title of the field it is in (items: their list's)."""
    annotation: Any = model
    title = model.model_config.get("title")
    for key in loc:
        annotation, found = _step(annotation, key)
        if isinstance(key, str):  # a named field: its own title or none (an index keeps its list's title)
            title = found
        if annotation is None:
            break
    return annotation, title


def _what(model: type[BaseModel], loc: Sequence[str | int]) -> str:
    """Name the value at a location for a message: its field title, else its key, else 'The document'."""
    _, title = _walk(model, loc)
    named = [k for k in loc if isinstance(k, str)]
    if title:
        return title
    if named:
        return Msg(f"“{named[-1]}”")
    return N_("the document")


def _allowed(model: type[BaseModel], loc: Sequence[str | int]) -> str:
    """List the keys the object at a location allows."""
    annotation, _ = _walk(model, loc)
    annotation = _strip(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ", ".join(annotation.model_fields)
    return ""


# ---- pydantic errors to problems -----------------------------------------------------------------

_TYPE_CODES = {
    "int_type": ("bad-number", N_("{what} must be a whole number, not {value}.")),
    "int_parsing": ("bad-number", N_("{what} must be a whole number, not {value}.")),
    "int_from_float": ("bad-number", N_("{what} must be a whole number, not {value}.")),
    "float_type": ("bad-number", N_("{what} must be a number, not {value}.")),
    "string_type": ("bad-text", N_("{what} must be text, not {value}.")),
    "bool_type": ("bad-value", N_("{what} must be true or false, not {value}.")),
    "list_type": ("not-a-list", N_("{what} must be a list, not {value}.")),
    "tuple_type": ("not-a-list", N_("{what} must be a list, not {value}.")),
    "set_type": ("not-a-list", N_("{what} must be a list, not {value}.")),
    "dict_type": ("not-an-object", N_("{what} must be a JSON object, not {value}.")),
    "model_type": ("not-an-object", N_("{what} must be a JSON object, not {value}.")),
    "model_attributes_type": ("not-an-object", N_("{what} must be a JSON object, not {value}.")),
    "literal_error": ("bad-value", N_("{what} must be one of {expected}, not {value}.")),
    "enum": ("bad-value", N_("{what} must be one of {expected}, not {value}.")),
    "greater_than_equal": ("bad-number", N_("{what} must be at least {ge}, not {value}.")),
    "greater_than": ("bad-number", N_("{what} must be more than {gt}, not {value}.")),
    "less_than_equal": ("bad-number", N_("{what} must be at most {le}, not {value}.")),
    "less_than": ("bad-number", N_("{what} must be less than {lt}, not {value}.")),
    "too_short": ("too-few", N_("{what} needs at least {min_length} items, not {actual_length}.")),
    "too_long": ("too-many", N_("{what} has at most {max_length} items, not {actual_length}.")),
    "string_too_short": ("bad-text", N_("{what} must not be empty.")),
    "string_too_long": ("bad-text", N_("{what} has at most {max_length} characters, not {value_length}.")),
}


def _problem(model: type[BaseModel], item: Mapping[str, Any], path: str) -> Problem:
    """Turn one pydantic error into a problem with a path, a code and a catalogue template."""
    loc = tuple(item["loc"])
    kind = item["type"]
    ctx = dict(item.get("ctx") or {})
    full = path
    for key in loc:
        full = join_path(full, key)
    value = show(item.get("input"))
    if kind == "extra_forbidden":
        return error("unknown-key", full, N_("Unknown key {key} in {what}; allowed keys: {allowed}."),
                     key=show(loc[-1]), what=_what(model, loc[:-1]), allowed=_allowed(model, loc[:-1]))
    if kind == "missing":
        if loc and isinstance(loc[-1], int):
            return error("too-few", full, N_("{what} is too short: item {n} is missing."),
                         what=_what(model, loc[:-1]), n=loc[-1] + 1)
        return error("missing-key", full, N_("{what} needs the key {key}."),
                     what=_what(model, loc[:-1]), key=show(loc[-1]))
    if kind in _TYPE_CODES:
        code, template = _TYPE_CODES[kind]
        ctx.setdefault("actual_length", "?")
        ctx.setdefault("value_length", len(item["input"]) if isinstance(item.get("input"), str) else "?")
        return error(code, full, template, what=_what(model, loc), value=value, **ctx)
    if kind in ("value_error", "assertion_error"):  # a plain ValueError in a validator: its own text
        return error("bad-value", full, N_("{what}: {reason}"), what=_what(model, loc),
                     reason=str(ctx.get("error", item.get("msg", ""))))
    if "template" in ctx:  # a game's own error (`custom`): its type is the code, its template the message
        template = Msg(ctx.pop("template"))
        return error(kind, full, template, **{"what": _what(model, loc), "value": value, **ctx})
    return error("bad-value", full, N_("{what} is not valid: {reason}"), what=_what(model, loc),
                 reason=item.get("msg", ""))


def problems_of(exc: ValidationError, model: type[BaseModel], path: str = "") -> list[Problem]:
    """Return every finding of a failed validation as problems under `path`."""
    return [_problem(model, item, path) for item in exc.errors(include_url=False)]


def read(model: type[M], value: Any, path: str = "") -> tuple[M | None, list[Problem]]:
    """Read a value with a document model: the model (or None) and every problem found."""
    try:
        return model.model_validate(value), []
    except ValidationError as exc:
        return None, problems_of(exc, model, path)
