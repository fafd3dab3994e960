"""Names from the shipped data files, translated like any other text.

A game lists the data files whose `"name"` fields are names the companion made up — its example boards, their
landmarks, rows and features, its tiles — in `GameEngine.data_names` (globs under `companion/games/`). Those names
are source texts of the one catalogue: `pybabel extract` takes them through `extract` below (babel.cfg names
the same files; `tests/core/test_core_i18n.py` checks that it does and that each has its Japanese). The pages
(`companion/web/core/i18n.py`) and the PDFs (`printables/core/i18n.py`) translate a text when it is one of
these names; a player's own board keeps the names its player typed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

PACKAGES = Path(__file__).resolve().parents[1]  # companion/games/


def names_in(doc: Any) -> Iterator[str]:
    """Every non-empty string under a `"name"` key of a JSON document, in document order."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key == "name" and isinstance(value, str) and value.strip():
                yield value
            else:
                yield from names_in(value)
    elif isinstance(doc, list):
        for item in doc:
            yield from names_in(item)


def data_name_files() -> list[Path]:
    """The data files every registered game lists in `data_names` (globs under `companion/games/`), sorted."""
    from ..registry import games

    return sorted({path for game in games() for pattern in game.data_names for path in PACKAGES.glob(pattern)})


@cache
def shipped_data_names() -> frozenset[str]:
    """Every name of the listed data files."""
    names: set[str] = set()
    for path in data_name_files():
        names.update(names_in(json.loads(path.read_text(encoding="utf-8"))))
    return frozenset(names)


def extract(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extractor: the names of one JSON data file, each with its line and a note for translators."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for name in dict.fromkeys(names_in(json.loads(text))):
        quoted = json.dumps(name, ensure_ascii=False)
        lineno = next((i for i, line in enumerate(lines, 1) if quoted in line or json.dumps(name) in line), 1)
        yield lineno, None, name, ["A name from the game's data (a board, landmark, row or tile)."]
