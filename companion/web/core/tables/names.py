"""Player names at one table: two names that differ only in case or spacing are the same player."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def name_key(name: str) -> str:
    """The form of a name that decides sameness: NFKC, case-folded, every run of white space dropped."""
    text = unicodedata.normalize("NFKC", name if isinstance(name, str) else "")
    return "".join(text.casefold().split())


def duplicate_names(names: Iterable[str]) -> list[tuple[int, int]]:
    """Every later name that repeats an earlier one, as (index, index of the earlier one); blank names skipped."""
    seen: dict[str, int] = {}
    found = []
    for k, name in enumerate(names):
        key = name_key(name)
        if not key:
            continue
        if key in seen:
            found.append((k, seen[key]))
        else:
            seen[key] = k
    return found


def clean_name(name: str) -> str:
    """A name as shown: white space at the ends dropped and inner runs made one space."""
    return " ".join(name.split()) if isinstance(name, str) else ""
