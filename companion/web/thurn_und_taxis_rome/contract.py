"""The table contract's driver for Thurn und Taxis (tests/core/test_table_contract.py plays the game through it).

A seat's secret is its clergy placement: two variants that differ on every carriage. Every page, JSON and
PDF reachable with the table link (other seats' pages included) must not show which one seat 0 chose.
"""

from __future__ import annotations

import re

from ..core.tables.spec import ContractTable

COLOURS = ("blue", "green", "red", "yellow")
PLACEMENTS = (
    {"baden": "cardinal", "wurttemberg-hohenzollern": "bishop", "baiern": "priest", "bohmen-salzburg": "pastor",
     "schweiz-tyrol": "fifth"},
    {"baden": "fifth", "wurttemberg-hohenzollern": "pastor", "baiern": "cardinal", "bohmen-salzburg": "bishop",
     "schweiz-tyrol": "priest"},
)


def _version(client, table_id: str) -> str:
    return str(client.get(f"/taxis/{table_id}/version").get_json()["version"])


def _place(client, table: ContractTable, seat: int, placement: dict) -> None:
    data = {f"carriage_{k}": v for k, v in placement.items()}
    data["version"] = _version(client, table.extra["id"])
    response = client.post(table.seat_urls[seat] + "/clergy", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]


class TaxisDriver:
    """Plays Thurn und Taxis through its pages with the Flask test client."""

    game = "thurn-und-taxis-rome"

    def _form(self, names: list[str]) -> dict:
        data = {"audience": "y", "offices": "y", "board": ""}
        for i in range(4):
            data[f"name_{i}"] = names[i] if i < len(names) else ""
            data[f"colour_{i}"] = COLOURS[i]
        if len([n for n in names if n.strip()]) == 2:  # two players: where the carriages start (seed setup)
            data.update(start_baden="Mailand", start_wurttemberg_hohenzollern="Como", start_schweiz_tyrol="Como",
                        start_baiern="Trient", start_bohmen_salzburg="Udine")
        return data

    def start_with_names(self, client, names: list[str]):
        return client.post("/taxis/new", data=self._form(names))

    def create(self, client, names: list[str]) -> ContractTable:
        response = self.start_with_names(client, names)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        table_id = response.headers["Location"].rsplit("/", 1)[1]
        seat_urls = []
        for seat in range(len(names)):
            claimed = client.post(f"/taxis/{table_id}/seats/{seat}/claim")
            assert claimed.status_code == 302 and claimed.headers["Location"].startswith("/taxis/s/")
            seat_urls.append(claimed.headers["Location"])
            assert client.get(seat_urls[-1]).status_code == 200  # opened by its own link
        page = client.get(f"/taxis/{table_id}").get_data(as_text=True)
        code = re.search(r'class="table-code">[^<]*<strong>([A-Z0-9]{4}-[A-Z0-9]{4})</strong>', page).group(1)
        scrub = [table_id, code, *(url.rsplit("/", 1)[1] for url in seat_urls)]
        return ContractTable(f"/taxis/{table_id}", seat_urls, scrub, {"id": table_id}, table_id=table_id)

    def set_secret(self, client, table: ContractTable, seat: int, variant: int) -> None:
        """Seat `seat` places its clergy one of two ways; the others place the same way in both tables."""
        _place(client, table, seat, PLACEMENTS[variant])
        for other in range(len(table.seat_urls)):
            if other != seat:
                _place(client, table, other, PLACEMENTS[0])

    def shared_urls(self, client, table: ContractTable) -> list[str]:
        t = table.extra["id"]
        urls = [f"/taxis/{t}", f"/taxis/{t}/score", f"/taxis/{t}/score.json", f"/taxis/{t}/route",
                f"/taxis/{t}/live", f"/taxis/{t}/version", f"/taxis/api/tables/{t}",
                f"/taxis/scorepad.pdf?players={len(table.seat_urls)}"]
        for url in table.seat_urls[1:]:
            urls += [url, url.replace("/taxis/s/", "/taxis/api/seats/")]
        return urls

    def claim_from_table_link(self, client, table: ContractTable, seat: int):
        client.get(table.table_url)
        client.post(f"{table.table_url}/seats/{seat}/new-link")  # not the host: refused
        return client.post(f"{table.table_url}/seats/{seat}/claim")

    def live_pages(self, table: ContractTable) -> list[str]:
        return [table.table_url, table.seat_urls[1]]

    def change(self, client, table: ContractTable) -> str:
        """Seat 0 places its clergy on its own page: every page then waits only for seat 1."""
        _place(client, table, 0, PLACEMENTS[0])
        page = client.get(table.table_url).get_data(as_text=True)
        name = re.search(r'Still placing: ([^<]*)<', page).group(1)
        return f"Still placing: {name}"

    def host_only(self, table: ContractTable) -> list[tuple[str, dict]]:
        """Handing over hosting (the core's hand-over); a seat's new link is declared on the TableSpec and posted
        by the contract itself."""
        return [(f"/host/thurn-und-taxis-rome/{table.table_id}/offer", {}),
                (f"/host/thurn-und-taxis-rome/{table.table_id}/keep", {})]

    def entry_page(self, table: ContractTable) -> dict | None:
        t = table.extra["id"]

        def arrived(client) -> bool:
            return client.get(f"/taxis/{t}/score.json").get_json()["players"][0]["entered"]

        return {"url": f"/taxis/{t}/score", "fill": [("#p0-houses", "3")], "save": "#save-score",
                "arrived": arrived}
