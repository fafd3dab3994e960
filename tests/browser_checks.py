"""Checks the browser tests share."""

from __future__ import annotations

from playwright.sync_api import Error


def page_width(page) -> int:
    """The page's layout width (`scrollWidth`), read once a document is there.

    Live pages reload themselves when the table changes (another phone acts), so a read can land between two
    documents: the old one gone, the new one without its root yet. Wait for the document and read again then."""
    for _ in range(20):
        try:
            page.wait_for_load_state("domcontentloaded")
            width = page.evaluate("document.documentElement ? document.documentElement.scrollWidth : null")
        except Error as exc:  # "Execution context was destroyed": the page navigated during the read
            if "destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            width = None
        if width is not None:
            return width
        page.wait_for_timeout(50)
    raise AssertionError(f"no document to measure at {page.url}")
