"""Validation findings shared by the engine, the web pages, the API and the CLI.

A problem's `message` is English text. When it was built from a template
(`error(code, path, N_("{what} must be ..."), what=...)`), the template and its
parameters travel with it, so a page can show it from the gettext catalogues
in the reader's language (`render(translate)`); the engine itself never needs
to know which language a reader speaks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"


class Msg(str):
    """Source text marked for the catalogues (`N_`); a parameter of this type is translated too."""


def N_(text: str) -> Msg:
    """Mark text for the catalogues without translating it here."""
    return Msg(text)


def fill(template: str, params: Mapping[str, Any]) -> str:
    """Put the parameters into a `{name}` template; a broken template is shown as it is."""
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):
        return template


def sentence(text: str) -> str:
    """Start a message with a capital letter (a label like "the document" may open it)."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


@dataclass(frozen=True)
class Problem:
    """One finding: how bad it is, a stable code, where it is, and what to do."""

    severity: str
    code: str
    path: str
    message: str
    template: str = field(default="", compare=False)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

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
        return Problem(self.severity, self.code, new, self.message, self.template, self.params)

    def render(self, translate: Callable[[str], str]) -> str | None:
        """Return the message through `translate` (a gettext), or None when it has no template."""
        if not self.template:
            return None
        params = {k: translate(v) if isinstance(v, Msg) else v for k, v in self.params.items()}
        return sentence(fill(translate(self.template), params))


def _build(severity: str, code: str, path: str, message: str, params: Mapping[str, Any]) -> Problem:
    """Build a problem, keeping the template when the message is a marked one."""
    if params or isinstance(message, Msg):
        return Problem(severity, code, path, sentence(fill(message, params)), str(message), dict(params))
    return Problem(severity, code, path, message)


def error(code: str, path: str, message: str, **params: Any) -> Problem:
    """Build an error: the document cannot be scored as it is."""
    return _build(ERROR, code, path, message, params)


def warning(code: str, path: str, message: str, **params: Any) -> Problem:
    """Build a warning: scored, but the table should look at it."""
    return _build(WARNING, code, path, message, params)


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
