"""How the core's contract tests play Welcome To... through its own pages (tests/core/test_table_contract.py).

Welcome To... hides nothing from the table: every sheet is read by all, as on paper. A seat's own page adds
only its secret link and what its player typed and did not get saved; `set_secret` gives seat 0 such an entry
(a move the rules refuse, kept on its page and stored nowhere), so the contract checks that it reaches no other
page.
"""

from __future__ import annotations

import re

from ..core.tables.spec import ContractTable

BASE = "/welcome-to"


class Driver:
    """The contract driver of Welcome To..."""

    game = "welcome-to"

    def start_with_names(self, client, names: list[str]):
        """The start form with the first name as this phone's player and the rest as the other players."""
        data = {"mode": "standard", "plans_source": "choose", "plan_1": "1", "plan_2": "7", "plan_3": "13",
                "name": names[0] if names else ""}
        data.update({f"others-{k}": name for k, name in enumerate(names[1:])})
        return client.post(f"{BASE}/new", data=data)

    def create(self, client, names: list[str]) -> ContractTable:
        """Start a table; seat 0 plays on this phone, every other seat is taken with "This is me", then each
        seat's own link is opened (same phone)."""
        response = self.start_with_names(client, names)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        table_id = re.search(r"/welcome-to/t/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
        page = client.get(f"{BASE}/t/{table_id}").get_data(as_text=True)
        tokens = [re.search(r'href="/welcome-to/s/([A-Za-z0-9_-]+)"', page).group(1)]
        for seat in range(1, len(names)):
            claimed = client.post(f"{BASE}/t/{table_id}/seats/{seat}/claim")
            assert claimed.status_code == 302, claimed.get_data(as_text=True)[:2000]
            tokens.append(claimed.headers["Location"].rsplit("/", 1)[1])
        for token in tokens:
            assert client.get(f"{BASE}/s/{token}").status_code == 200
        code = re.search(r'class="table-code">[^<]*<strong>([^<]+)</strong>', page).group(1)
        return ContractTable(table_url=f"{BASE}/t/{table_id}", seat_urls=[f"{BASE}/s/{t}" for t in tokens],
                             scrub=[table_id, code, *tokens], extra={"id": table_id, "tokens": tokens},
                             table_id=table_id)

    def set_secret(self, client, table: ContractTable, seat: int, variant: int) -> None:
        """Seat `seat` types a move on its own page that the rules refuse (number 18 or 19: the cards go to
        17): its page keeps it, nothing is stored."""
        token = table.extra["tokens"][seat]
        version = client.get(f"{BASE}/s/{token}/fragment").get_json()["version"]
        response = client.post(f"{BASE}/s/{token}/move", data={"version": str(version), "kind": "number",
                                                                "street": "1", "house": "1",
                                                                "number": str(18 + variant)})
        assert response.status_code == 422, response.status_code

    def shared_urls(self, client, table: ContractTable) -> list[str]:
        """The table page and all it leads to without seat 0's link, and the other seats' pages."""
        t = table.table_url
        urls = [t, f"{t}/status", f"{t}/score", f"{t}/game.json", f"{t}/live", f"{t}/screen",
                f"{BASE}/sheet.pdf", f"{BASE}/scorepad.pdf?players={len(table.seat_urls)}"]
        for url in table.seat_urls[1:]:
            urls += [url, f"{url}/fragment", f"{url}/sheet.json", f"{url}/live"]
        return urls

    def claim_from_table_link(self, client, table: ContractTable, seat: int):
        """Every way the table page offers another phone to take a seat: "This is me", and joining with the
        seat's name (refused: it is taken)."""
        page = client.get(table.table_url).get_data(as_text=True)
        name = re.findall(r'<span class="seat-name">([^<]+)</span>', page)[seat]
        joined = client.post(f"{table.table_url}/join", data={"name": name})
        assert joined.status_code == 422 and "/welcome-to/s/" not in (joined.headers.get("Location") or "")
        return client.post(f"{table.table_url}/seats/{seat}/claim")

    def live_pages(self, table: ContractTable) -> list[str]:
        """The table page and seat 1's page (it lists how far everyone is); the score sheet follows the same mark."""
        return [table.table_url, table.seat_urls[1]]

    def change(self, client, table: ContractTable) -> str:
        """Seat 0 writes a 3 on its first house: every live page then shows its one built house."""
        token = table.extra["tokens"][0]
        version = client.get(f"{BASE}/s/{token}/fragment").get_json()["version"]
        response = client.post(f"{BASE}/s/{token}/move", data={"version": str(version), "kind": "number",
                                                                "street": "1", "house": "1", "number": "3"},
                               headers={"Accept": "application/json"})
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        return "1/33 houses"

    def host_only(self, table: ContractTable) -> list[tuple[str, dict]]:
        """Handing over hosting (the core's hand-over); the round's actions and freeing a seat are declared on the
        TableSpec and posted by the contract itself."""
        return [(f"/host/welcome-to/{table.table_id}/offer", {}), (f"/host/welcome-to/{table.table_id}/keep", {})]

    def entry_page(self, table: ContractTable) -> dict:
        """Seat 0's page: tap the first house and the 3 on the pad; Save is the pad's button (sent by fetch)."""
        table_url = table.table_url

        def arrived(client) -> bool:
            doc = client.get(f"{table_url}/game.json").get_json(force=True)
            return doc["players"][0]["streets"][0][0] == 3

        return {"url": table.seat_urls[0],
                "before": [lambda page: page.click('.house[data-s="1"][data-h="1"]'),
                           lambda page: page.click('#pad-keys [data-key="3"]')],
                "fill": [], "save": "#pad-ok", "arrived": arrived}
