"""Find English leftovers on a page: the source texts of given files (as pybabel extracts them) that show up."""

from __future__ import annotations

import html
import re
from pathlib import Path

from babel.messages.extract import extract_from_file

ROOT = Path(__file__).resolve().parents[3]
KEYWORDS = {"_": None, "N_": None, "lazy": None}


def english_fragments(*patterns: str) -> set[str]:
    """Return the English source texts of the files, cut at their `{placeholders}`, long enough to be telling."""
    found: set[str] = set()
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            method = "python" if path.suffix == ".py" else "jinja2.ext:babel_extract"
            for _line, message, _comments, _context in extract_from_file(method, str(path), keywords=KEYWORDS):
                for part in re.split(r"\{\w+\}", message if isinstance(message, str) else message[0]):
                    part = part.strip(" .,:;()")
                    if len(part) >= 12 and " " in part and re.search(r"[a-z]{3}", part):
                        found.add(part)
    return found


def leftovers(page: str, fragments: set[str]) -> list[str]:
    """List the English source texts a page shows (text, attributes and embedded script strings alike)."""
    text = html.unescape(page)
    return sorted(f for f in fragments if f in text)
