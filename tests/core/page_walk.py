"""Every page a table meets, for the checks that walk them all (data names in Japanese, accessibility).

Pages without an id, each shipped board's and tile's pages and prints, and, for every registered game, a
table its contract driver starts through the game's own pages: the table link, each seat's link and all the
table link leads to. A new game is walked as soon as it registers its contract driver."""

from __future__ import annotations

from companion.web.core.plugins import game_webs


def static_urls(app) -> list[str]:
    """Every GET page that needs no id, and each shipped board's and tile's pages and PDFs."""
    from companion.games.enroute.registry import shipped_board_ids
    from companion.games.explore_new_york.tiles import shipped_tiles

    urls = [rule.rule for rule in app.url_map.iter_rules()
            if "GET" in rule.methods and not rule.arguments and not rule.rule.startswith("/static")]
    for board_id in shipped_board_ids():
        urls += [f"/boards/{board_id}", f"/boards/{board_id}/maps.pdf", f"/boards/{board_id}/scorepad.pdf"]
    for tile_id in shipped_tiles():
        urls += [f"/explore-new-york/tiles/{tile_id}", f"/explore-new-york/tiles/{tile_id}/map.pdf"]
    return urls


def every_url(app, client) -> list[str]:
    """The static pages, then each game's table pages (tables started with two players, Ana and Ben)."""
    urls = static_urls(app)
    for web in game_webs():
        driver = web.tables.contract()
        table = driver.create(client, ["Ana", "Ben"])
        urls += [table.table_url, *table.seat_urls, *driver.shared_urls(client, table)]
    return list(dict.fromkeys(urls))


def html_pages(client, urls: list[str]) -> list[str]:
    """The urls that answer 200 with a whole HTML page (not a fragment a page fetches, not a download)."""
    pages = []
    for url in urls:
        response = client.get(url)
        if response.status_code == 200 and response.mimetype == "text/html" \
                and "<html" in response.get_data(as_text=True)[:400].lower():
            pages.append(url)
    return pages
