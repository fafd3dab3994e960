"""Names from the games' data (example boards, landmarks, rows, tiles) speak the page's language everywhere."""

from __future__ import annotations

import configparser
import gettext
import io
import re
from pathlib import Path

import pdfplumber
import pytest
from page_walk import every_url

from companion.games.core.datanames import PACKAGES, data_name_files, names_in, shipped_data_names
from companion.web.core.app import create_app

ROOT = Path(__file__).resolve().parents[2]
MO = ROOT / "companion" / "translations" / "ja" / "LC_MESSAGES" / "messages.mo"


def _japanese() -> gettext.GNUTranslations:
    with open(MO, "rb") as handle:
        return gettext.GNUTranslations(handle)


def test_every_shipped_data_name_has_its_japanese():
    """A board, landmark, row or tile shipped without its Japanese fails here, named."""
    ja = _japanese()
    names = shipped_data_names()
    assert len(names) > 100
    assert sorted(n for n in names if ja.gettext(n) == n) == []


def test_names_in_reads_every_name_field():
    doc = {"name": "A", "landmarks": [{"name": "B", "kind": "x"}, {"name": ""}], "x": {"y": [{"name": "C"}]}}
    assert list(names_in(doc)) == ["A", "B", "C"]


def test_babel_cfg_extracts_exactly_the_registered_data_files():
    """The catalogue's extraction (babel.cfg) and the games' `data_names` name the same files."""
    config = configparser.RawConfigParser()
    config.read(ROOT / "babel.cfg")
    patterns = [s.split(":", 1)[1].strip() for s in config.sections() if s.startswith("datanames:")]
    configured = sorted({p for pattern in patterns for p in ROOT.glob(pattern)})
    assert configured == data_name_files()
    assert all(path.is_relative_to(PACKAGES) for path in configured)


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "ROUTE_WORKERS": 0, "DATABASE": str(tmp_path / "t.sqlite"),
                       "BOARD_LIBRARY": str(tmp_path / "boards")})


def _english_names() -> list[tuple[re.Pattern, str]]:
    """Each data name whose Japanese differs, as a whole-word pattern."""
    ja = _japanese()
    return [(re.compile(rf"(?<![\w'-]){re.escape(n)}(?![\w'-])"), n) for n in sorted(shipped_data_names())
            if ja.gettext(n) != n]


def _text(response) -> str | None:
    """What a reader sees of a page or PDF (None for JSON and other data, which stay in the data's words)."""
    kind = response.mimetype
    if kind == "application/pdf":
        with pdfplumber.open(io.BytesIO(response.data)) as pdf:
            return "\n".join(page.extract_text() or "" for page in pdf.pages)
    if kind in ("text/html", "image/svg+xml"):
        return response.get_data(as_text=True)
    return None


def _shown_in_english(client, urls: list[str]) -> list[str]:
    """Every `url: name` where a Japanese page or PDF shows a data name in English."""
    found, patterns = [], _english_names()
    client.set_cookie("lang", "ja")
    for url in dict.fromkeys(urls):
        response = client.get(url)
        text = _text(response) if response.status_code == 200 else None
        if text is None:
            continue
        found += [f"{url}: {name}" for pattern, name in patterns if pattern.search(text)]
    return found


def test_japanese_pages_and_pdfs_show_no_english_data_name(app):
    """Every page without an id, every shipped board's and tile's page and PDFs, and every game's table pages."""
    client = app.test_client()
    urls = every_url(app, client)
    assert len(urls) > 40
    assert _shown_in_english(client, urls) == []
