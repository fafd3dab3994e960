"""Validation findings shared by the engine, the web pages, the API and the CLI."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One finding: how bad it is, a stable code, where it is, and what to do."""

    severity: str
    code: str
    path: str
    message: str

    def to_json(self) -> dict:
        """Return the `problems[]` item of the interchange formats."""
        return {"severity": self.severity, "code": self.code, "path": self.path,
                "message": self.message}

    def within(self, prefix: str) -> Problem:
        """Return this problem with its path placed under `prefix`."""
        if not prefix:
            return self
        path = self.path
        if not path:
            new = prefix
        elif path.startswith("["):
            new = prefix + path
        else:
            new = f"{prefix}.{path}"
        return Problem(self.severity, self.code, new, self.message)


def error(code: str, path: str, message: str) -> Problem:
    """Build an error: the document cannot be scored as it is."""
    return Problem(ERROR, code, path, message)


def warning(code: str, path: str, message: str) -> Problem:
    """Build a warning: scored, but the table should look at it."""
    return Problem(WARNING, code, path, message)


def has_errors(problems: Iterable[Problem]) -> bool:
    """Tell whether any finding is an error."""
    return any(p.severity == ERROR for p in problems)


class DocumentError(ValueError):
    """A document that has errors; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        """Keep every problem; the message names the first one and how many more there are."""
        self.problems = list(problems)
        first = self.problems[0] if self.problems else None
        text = f"{first.path or 'document'}: {first.message}" if first else "invalid document"
        more = len(self.problems) - 1
        super().__init__(text + (f" (and {more} more problems)" if more > 0 else ""))
