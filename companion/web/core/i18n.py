"""Languages through Flask-Babel and the gettext catalogues in `companion/translations/`.

Source texts are English and use `{name}` placeholders; `_("{n} sections", n=3)`
translates, then fills them. The language follows the phone: `?lang=` (then
remembered in a cookie), the cookie, else the browser's Accept-Language. It
never follows a table, so two phones at one table can read two languages.

Names from the games' data files (example boards, landmarks, tiles) are texts of
the catalogue too (`companion/games/core/datanames.py`): `data_name` shows one
in the page's language, and templates and `_()` parameters do so by themselves.

Problems from the engines carry a template and parameters (`Problem.render`),
so their messages come from the same catalogues; the few without one are shown
by their code's general text (`problem_text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import Flask, g, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from flask_babel import gettext as _gettext
from flask_babel import lazy_gettext as _lazy_gettext
from markupsafe import Markup

from ...games.core.datanames import shipped_data_names
from ...games.core.problems import Msg, Problem, fill

LANGUAGES = {"en": "English", "ja": "日本語"}
DEFAULT = "en"
COOKIE = "lang"
TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
_CODE_TEXTS: dict[str, str] = {}  # problem code -> general text (source English), filled by the games


def lang_or_default(lang: Any) -> str:
    """Return a supported language code."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT


def select_locale() -> str:
    """Choose the page's language: `?lang=`, then this phone's cookie, then the browser's preference."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    saved = request.cookies.get(COOKIE)
    if saved in LANGUAGES:
        return saved
    return request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT


def current_lang() -> str:
    """Return the language of the page being made (English outside a request)."""
    if not has_request_context():
        return DEFAULT
    locale = get_locale()
    return lang_or_default(locale.language if locale else None)


def data_name(text: Any) -> Any:
    """A name from the shipped data (a board, landmark or tile) in the page's language; anything else as it is."""
    if type(text) is str and has_request_context() and text in shipped_data_names():
        return _gettext(text)
    return text


def _(text: str, /, **params: Any) -> str:
    """Translate source text through the catalogues, then fill its `{name}` placeholders.

    A parameter marked with `N_()`, or one of the data's names, is translated too."""
    translated = _gettext(text) if has_request_context() else text
    return fill(translated, {k: _(v) if isinstance(v, Msg) else data_name(v) for k, v in params.items()})


def _n(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """Translate a text that depends on a count ("1 point", "3 points"), then fill `{n}` and the rest."""
    if has_request_context():
        translated = get_translations().ngettext(singular, plural, n)
    else:
        translated = singular if n == 1 else plural
    return fill(translated, {"n": n, **{k: _(v) if isinstance(v, Msg) else data_name(v) for k, v in params.items()}})


def lazy(text: str):
    """Translate when shown, for texts made at import time (form labels)."""
    return _lazy_gettext(text)


def register_code_texts(texts: Mapping[str, str]) -> None:
    """Let a game name the general text of its problem codes (source English, marked with N_)."""
    _CODE_TEXTS.update(texts)


def problem_text(problem: Problem | Mapping[str, Any], item: str = "") -> str:
    """Return a problem's message in the page's language, led by the item it concerns ("Section 5: ...")."""
    if isinstance(problem, Mapping):
        problem = Problem(problem.get("severity", "error"), problem.get("code", ""), problem.get("path", ""),
                          problem.get("message", ""))
    text = problem.render(_)
    if text is None:
        general = _CODE_TEXTS.get(problem.code)
        text = problem.message if current_lang() == DEFAULT or general is None else _(general)
    return f"{item}: {text}" if item else text


def _remember_choice(response):
    """Keep a `?lang=` choice on this phone for a year."""
    asked = request.args.get("lang")
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def _language_links() -> list[dict[str, Any]]:
    """The language switch of every page: this page's URL in each language."""
    args = request.args.to_dict()
    links = []
    for code, name in LANGUAGES.items():
        url = request.path + "?" + urlencode({**args, "lang": code})
        links.append({"code": code, "name": name, "url": url, "current": code == current_lang()})
    return links


def init_app(app: Flask) -> None:
    """Install Flask-Babel, `_` in templates, and the per-phone language choice."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    Babel(app, locale_selector=select_locale)
    app.after_request(_remember_choice)
    app.jinja_env.globals.update(_=_, _n=_n, problem_text=problem_text)  # after Babel, which installs its own `_`
    app.jinja_env.filters["data_name"] = data_name
    # `{{ board.name }}` and every other printed value that is one of the data's names shows in the page's
    # language (a player's own text never is one, unless it copies a shipped name).
    app.jinja_env.finalize = data_name

    @app.context_processor
    def language_context() -> dict:
        """Give every template its language and the language switch."""
        g.lang = current_lang()
        return {"lang": g.lang, "languages": _language_links(), "Markup": Markup}
