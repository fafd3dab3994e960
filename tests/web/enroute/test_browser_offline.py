"""A phone that loses the network keeps its sheet: held while offline, sent when back, restored after a reload."""

from __future__ import annotations

from test_browser_tables import browser, phone, server, start_table, tap  # noqa: F401  (fixtures)


def test_offline_save_waits_for_the_network_and_then_lands(browser, server):
    """Taps made and saved while offline are kept, the banner says so, and the save goes through once online."""
    context, page = phone(browser)
    try:
        table = start_table(page, server)
        page.goto(table + "/players/0")
        tap(page, '.hit[data-sec="0,0,1,0"]')
        context.set_offline(True)
        page.evaluate("window.dispatchEvent(new Event('offline'))")
        tap(page, '.hit[data-sec="1,0,2,0"]')
        page.click("#save")
        banner = page.locator("#offline-banner")
        banner.wait_for(state="visible")
        assert "offline" in banner.text_content().lower()
        assert "/players/0" in page.url and page.locator("#s-1-0-2-0.drawn").count() == 1  # still on the page
        context.set_offline(False)
        page.wait_for_selector("text=Saved.")
        page.goto(table + "/players/0")
        assert page.locator("#s-0-0-1-0.drawn").count() == 1 and page.locator("#s-1-0-2-0.drawn").count() == 1
    finally:
        context.close()


def test_unsaved_taps_come_back_after_a_reload(browser, server):
    """Taps not yet saved survive a reload of the page (kept on the phone until the server has them)."""
    context, page = phone(browser)
    try:
        table = start_table(page, server)
        page.goto(table + "/players/1")
        tap(page, '.hit[data-sec="0,0,1,0"]')
        page.reload()
        page.locator("#offline-banner").wait_for(state="visible")
        assert page.locator("#s-0-0-1-0.drawn").count() == 1
        page.click("#save")
        page.wait_for_selector("text=Saved.")
        assert page.locator("#offline-banner").is_hidden()
        assert page.locator("#s-0-0-1-0.drawn").count() == 1
    finally:
        context.close()
