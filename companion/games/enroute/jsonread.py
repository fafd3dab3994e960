"""Small readers for JSON documents that collect problems instead of raising."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.problems import Problem, error

Point = tuple[int, int]


def join(path: str, key: str | int) -> str:
    """Extend a path like `players[1]` with a key or an index."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def show(value: Any) -> str:
    """Quote a value briefly for a message."""
    text = repr(value) if isinstance(value, str) else _json_like(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_like(value: Any) -> str:
    """Render a value the way it looks in JSON."""
    import json

    try:
        return json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError):
        return repr(value)


def is_int(value: Any) -> bool:
    """Tell whether a JSON value is an integer (booleans are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_object(value: Any, path: str, what: str, problems: list[Problem]) -> bool:
    """Check that a value is a JSON object."""
    if isinstance(value, dict):
        return True
    problems.append(error("not-an-object", path, f"{what} must be a JSON object, not {show(value)}."))
    return False


def check_list(value: Any, path: str, what: str, problems: list[Problem]) -> bool:
    """Check that a value is a JSON array."""
    if isinstance(value, list):
        return True
    problems.append(error("not-a-list", path, f"{what} must be a list, not {show(value)}."))
    return False


def check_keys(obj: dict, path: str, allowed: Iterable[str], required: Iterable[str],
               what: str, problems: list[Problem]) -> None:
    """Report unknown and missing keys of an object."""
    allowed = list(allowed)
    for key in obj:
        if key not in allowed:
            problems.append(error(
                "unknown-key", join(path, str(key)),
                f"Unknown key {show(key)} in {what}; allowed keys: {', '.join(allowed)}."))
    for key in required:
        if key not in obj:
            problems.append(error("missing-key", join(path, key), f"{what} needs the key {show(key)}."))


def read_int(value: Any, path: str, what: str, problems: list[Problem], *, low: int | None = None,
             high: int | None = None, code: str = "bad-number") -> int | None:
    """Read an integer within bounds, or report why it is not one."""
    if not is_int(value):
        problems.append(error(code, path, f"{what} must be a whole number, not {show(value)}."))
        return None
    if low is not None and value < low:
        problems.append(error(code, path, f"{what} must be at least {low}, not {value}."))
        return None
    if high is not None and value > high:
        problems.append(error(code, path, f"{what} must be at most {high}, not {value}."))
        return None
    return value


def read_pair(value: Any, path: str, what: str, problems: list[Problem], *, x_range: tuple[int, int],
              y_range: tuple[int, int], code: str) -> Point | None:
    """Read `[x, y]` with each coordinate in its inclusive range."""
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)):
        problems.append(error(code, path, f"{what} must be a pair of whole numbers like [2, 3], not {show(value)}."))
        return None
    x, y = value
    if not (x_range[0] <= x <= x_range[1] and y_range[0] <= y <= y_range[1]):
        problems.append(error(
            code, path,
            f"{what} {show(value)} is off the map: x must be {x_range[0]}..{x_range[1]} "
            f"and y {y_range[0]}..{y_range[1]}."))
        return None
    return (x, y)


def read_string(value: Any, path: str, what: str, problems: list[Problem], *,
                allow_empty: bool = False) -> str | None:
    """Read a string (non-empty unless allowed)."""
    if not isinstance(value, str) or (not allow_empty and not value.strip()):
        problems.append(error("bad-text", path, f"{what} must be a non-empty text, not {show(value)}."))
        return None
    return value
