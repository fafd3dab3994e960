"""Languages come from the gettext catalogues: complete Japanese, compiled, chosen per phone."""

from __future__ import annotations

import gettext
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games.core.problems import N_, Problem, error
from companion.web.core.app import create_app
from companion.web.core.i18n import _, problem_text

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"


def catalogue():
    """The Japanese .po catalogue as Babel reads it."""
    with open(TRANSLATIONS / "ja" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle)


@pytest.fixture
def app(tmp_path):
    """An app with a throwaway database."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


def test_every_extracted_text_has_its_japanese(tmp_path):
    """Extract afresh with pybabel: every source text is in the catalogue, translated, not fuzzy."""
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "_",
                    "-k", "N_", "-k", "lazy", "-k", "_n:1,2", "--no-location", "-o", str(pot), "."], cwd=ROOT, check=True,
                   capture_output=True)
    with open(pot, "rb") as handle:
        wanted = {m.id for m in read_po(handle) if m.id}
    translated = {m.id: m for m in catalogue() if m.id}
    assert len(wanted) > 200
    assert sorted(wanted - set(translated)) == [], "run the update commands in docs/development.md"
    untranslated = sorted(str(i) for i in wanted if not all(_strings(translated[i])) or translated[i].fuzzy)
    assert untranslated == []


def _strings(message) -> tuple[str, ...]:
    """A message's translations: one, or one per plural form (Japanese has one form)."""
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _ids(message) -> tuple[str, ...]:
    """A message's source texts: one, or the singular and the plural."""
    return message.id if isinstance(message.id, tuple) else (message.id,)


def test_compiled_catalogue_matches_the_po_file():
    """The committed .mo says what the .po says (compile after every edit)."""
    compiled = gettext.GNUTranslations(open(TRANSLATIONS / "ja" / "LC_MESSAGES" / "messages.mo", "rb"))
    stale = []
    for m in catalogue():
        if not m.id or not all(_strings(m)):
            continue
        if isinstance(m.id, tuple):  # Japanese has one plural form: every count reads the same
            if any(compiled.ngettext(*m.id, n) != m.string[0] for n in (1, 2)):
                stale.append(m.id)
        elif compiled.gettext(m.id) != m.string:
            stale.append(m.id)
    assert stale == []


def test_placeholders_survive_translation():
    """A Japanese text keeps every {name} of its English source, so filling it never fails."""
    import re

    bad = [m.id for m in catalogue() if m.id and all(_strings(m))
           and any(set(re.findall(r"\{(\w+)\}", _ids(m)[-1])) != set(re.findall(r"\{(\w+)\}", text))
                   for text in _strings(m))]
    assert bad == []


def test_problem_messages_come_from_the_catalogue(app):
    """A templated problem reads in Japanese with its parameters; a parameter marked N_ is translated too."""
    problem = error("bad-number", "players[0].n", N_("{what} must be a whole number, not {value}."),
                    what=N_("the document"), value="'x'")
    assert problem.message == "The document must be a whole number, not 'x'."
    with app.test_request_context("/?lang=ja"):
        assert problem_text(problem) == "文書は整数でなければなりません（'x' ではなく）。"
        assert problem_text(problem, "区間5") == "区間5: 文書は整数でなければなりません（'x' ではなく）。"
    with app.test_request_context("/?lang=en"):
        assert problem_text(problem) == problem.message


def test_untemplated_problem_falls_back_to_its_code_then_to_english(app):
    """Without a template: the code's general text in Japanese, else the engine's English message."""
    import companion.web.enroute.labels  # noqa: F401  (registers En Route's code texts)

    known = Problem("error", "not-a-road", "sections[4]", "No road here.")
    unknown = Problem("error", "brand-new-code", "", "English text.")
    with app.test_request_context("/?lang=ja"):
        assert problem_text(known) == "道路のないところに区間があります。"
        assert problem_text(unknown) == "English text."
    with app.test_request_context("/"):
        assert problem_text(known) == "No road here."


def test_language_follows_the_browser_then_the_phone_choice(app):
    """Accept-Language picks the first page's language; ?lang= switches it and is remembered per phone."""
    client = app.test_client()
    page = client.get("/", headers={"Accept-Language": "ja,en;q=0.5"}).get_data(as_text=True)
    assert 'lang="ja"' in page and "テーブルに参加する" in page
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Join a table" in page
    switched = client.get("/?lang=ja", headers={"Accept-Language": "en"})
    assert "lang=ja" in switched.headers.get("Set-Cookie", "")
    again = client.get("/about", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "このアプリと形式について" in again  # remembered on this phone, whatever the browser says
    other_phone = app.test_client().get("/about", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "About and formats" in other_phone  # another phone at the table keeps its own language


def test_every_page_has_the_language_switch(app):
    """The header offers both languages, each link keeping the page's own query."""
    page = app.test_client().get("/join?code=abc").get_data(as_text=True)
    assert 'hreflang="ja"' in page and "code=abc" in page and "lang=ja" in page


def test_outside_a_request_texts_stay_english():
    """The CLI and the engine have no request: `_` returns the filled English source."""
    assert _("{n} sections", n=3) == "3 sections"


def test_a_count_picks_its_form_in_each_language(app):
    """"1 point", "2 points" in English; Japanese has one form for every count."""
    from companion.web.core.i18n import _n

    with app.test_request_context("/?lang=en"):
        assert _n("{n} point", "{n} points", 1) == "1 point"
        assert _n("{n} point", "{n} points", 2) == "2 points"
    with app.test_request_context("/?lang=ja"):
        assert _n("{n} point", "{n} points", 1) == "1点" and _n("{n} point", "{n} points", 5) == "5点"
    assert _n("{n} point", "{n} points", 1) == "1 point"  # outside a request: English
