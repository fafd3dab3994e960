"""WCAG 2.1 AA on every page of every game, in both languages: axe-core in headless Chromium at 390×844,
and no page wider than the phone.

The walk is `page_walk.every_url` (the pages without an id, every shipped board and tile, and a table of each
game with its seats). A serious or critical violation fails, named with its page and element."""

from __future__ import annotations

import pytest
from page_walk import every_url, html_pages

from companion.web.core.app import create_app

BLOCKING = ("serious", "critical")
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


@pytest.fixture(scope="module")
def walked(tmp_path_factory):
    """One app with a table of every game, and the whole HTML pages to check."""
    folder = tmp_path_factory.mktemp("a11y")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "ROUTE_WORKERS": 0, "DATABASE": str(folder / "t.sqlite"), "BOARD_LIBRARY": str(folder / "b")})
    client = app.test_client()
    return app, html_pages(client, every_url(app, client))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_serious_or_critical_axe_violation_on_any_page(walked, chromium, live_server, lang):
    from axe_playwright_python.sync_playwright import Axe

    app, pages = walked
    assert len(pages) > 30
    base = live_server(app)
    axe = Axe()
    found = []
    context = chromium.new_context(viewport={"width": 390, "height": 844}, locale=lang)
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        for url in pages:
            page.goto(f"{base}{url}{'&' if '?' in url else '?'}lang={lang}")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                found.append(f"{url}: the page scrolls sideways ({width} px wide at 390 px)")
            result = axe.run(page, options={"runOnly": {"type": "tag", "values": RULES},
                                            "resultTypes": ["violations"]})
            for violation in result.response["violations"]:
                if violation["impact"] in BLOCKING:
                    targets = ", ".join(str(n["target"]) for n in violation["nodes"][:3])
                    found.append(f"{url}: {violation['id']} ({violation['impact']}) at {targets}")
    finally:
        context.close()
    assert found == []
