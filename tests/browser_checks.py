"""Checks the browser tests share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Error

T = TypeVar("T")

# What Chromium says when a read or a reload meets the page's own navigation: live pages reload themselves
# when the table changes (another phone acts), so a test's step can land between two documents.
NAVIGATING = ("destroyed", "navigat", "Not attached to an active page", "ERR_ABORTED", "detached",
              "changing the content")


def steady(page, step: Callable[[object], T], tries: int = 20) -> T:
    """Run `step(page)` on a loaded document; when the page's own reload cuts it off, wait and run it again.

    Only the errors of a navigation are retried (anything else is raised at once), at most `tries` times."""
    for _ in range(tries):
        try:
            page.wait_for_load_state("load")
            return step(page)
        except Error as exc:
            if not any(word in str(exc) for word in NAVIGATING):
                raise
        page.wait_for_timeout(100)
    raise AssertionError(f"the page at {page.url} never held still for {tries} tries")


def reload(page) -> None:
    """Reload the page, also when its live box is reloading it at the same moment."""
    steady(page, lambda p: p.reload())


def page_width(page) -> int:
    """The page's layout width (`scrollWidth`), read once a document is there."""
    def width(p) -> int:
        value = p.evaluate("document.documentElement ? document.documentElement.scrollWidth : null")
        if value is None:
            raise Error("no document yet: navigating")
        return value

    return steady(page, width)
