"""Print-side languages: texts from the companion's gettext catalogues, outside any web request.

PDFs are built by the command line and by web views alike, so they cannot use
Flask-Babel's request locale. The printables mark their English source texts
with `N_()` (pybabel extracts them into the same catalogues as the pages) and
translate them at draw time through `translator(lang)`; `{name}` placeholders
are filled after translating, as on the pages.
"""

from __future__ import annotations

import gettext
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.games.core.datanames import shipped_data_names
from companion.games.core.problems import Msg, fill

from .style import Fonts, fonts_for

LANGUAGES = ("en", "ja")
DEFAULT = "en"
DOMAIN = "messages"

Translate = Callable[..., str]


def translations_folder() -> Path:
    """Return the companion's `translations/` folder without importing the companion (and Flask)."""
    spec = importlib.util.find_spec("companion")
    if spec is None or spec.origin is None:  # pragma: no cover - printables always ship beside the companion
        raise RuntimeError("The companion package is not importable, so its catalogues cannot be found.")
    return Path(spec.origin).resolve().parent / "translations"


def check_lang(lang: Any) -> str:
    """Return a supported language code, or raise ValueError naming the supported ones."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise ValueError(f"Unknown language {lang!r}; use one of {', '.join(LANGUAGES)}.")


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    """Load a language's compiled catalogue once; English (the source language) needs none."""
    return gettext.translation(DOMAIN, str(translations_folder()), languages=[lang], fallback=True)


def translator(lang: str = DEFAULT) -> Translate:
    """Return `t(text, **params)`: text in `lang` from the catalogues, its `{name}` placeholders filled.

    A parameter marked with `N_()`, or one of the data's names, is itself translated; any other is put in as
    it is. `t.name(text)` translates a data name alone.
    """
    catalogue = _catalogue(check_lang(lang))

    def t(text: str, **params: Any) -> str:
        """Translate source text, then fill its placeholders."""
        translated = catalogue.gettext(text) if text else text  # gettext("") is the catalogue's header
        return fill(translated, {k: t(v) if isinstance(v, Msg) else name(v) for k, v in params.items()})

    def name(text: Any) -> Any:
        """One of the data's names (a board, landmark or tile) in `lang`; anything else as it is."""
        return catalogue.gettext(text) if type(text) is str and text in shipped_data_names() else text

    t.name = name  # type: ignore[attr-defined]

    return t


@dataclass(frozen=True)
class PrintLocale:
    """What a PDF needs to speak one language: its code, its translator and its fonts."""

    lang: str
    t: Translate
    fonts: Fonts

    def printable(self, text: str) -> str:
        """Replace the few characters this language's fonts cannot draw."""
        return self.fonts.printable(text)

    def name(self, text: Any) -> Any:
        """A name from the shipped data (a board, landmark or tile) in this language; anything else as it is."""
        return self.t.name(text)  # type: ignore[attr-defined]


def print_locale(lang: str = DEFAULT) -> PrintLocale:
    """Return the translator and fonts of a language (raises ValueError for an unknown one)."""
    return _print_locale(check_lang(lang))


@cache
def _print_locale(lang: str) -> PrintLocale:
    """Build a language's print locale once per process."""
    return PrintLocale(lang, translator(lang), fonts_for(lang))


__all__ = ["DEFAULT", "LANGUAGES", "PrintLocale", "Translate", "check_lang", "print_locale", "translator"]
