"""What a game declares about its tables (`GameWeb.tables`): secrets by construction, deletion, the contract.

- `public_view(table_id)`: everything about the table any phone may see (None when there is no such table).
  Shared pages, JSON, change marks, previews, PDFs and logs are made from it only.
- `seat_view(table_id, seat)`: the public view plus that seat's own secrets; only the seat's page (reached by
  its secret link on the phone that holds it) is made from it.
- `delete(conn, table_id)`: remove the game's rows of a table (retention's purge; the core removes its own).
- `final_sheet(table_id)`: the finished table's score sheet as a play (core/plays keeps it), or None.
- `score_endpoint`: the endpoint of the table's score sheet page (its one view argument is the table id): the
  core shows its "Keep as a play" box there once the table is finished (core/plays, no game code needed).
- `route_pictures(table_id)`: each seat's route drawn as a small SVG (None where a seat has none), kept with
  the play when it is captured so the picture outlives the table.
- `host_actions`: which posts are the host's (`host.HostActions`): the core refuses them to other phones (403)
  and runs the hand-over of hosting; the contract tests post every one of them from another phone.
- `contract`: a factory of the driver the contract tests use (tests/core/test_table_contract.py): a game that
  registers one gets every contract test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class ContractTable:
    """A table a driver made through the game's own pages."""

    table_url: str  # the shared link
    seat_urls: list[str]  # each seat's secret link, in seat order
    scrub: list[str] = field(default_factory=list)  # ids, tokens and codes that differ between two tables
    extra: dict[str, Any] = field(default_factory=dict)
    table_id: str = ""  # the table's id in its addresses (the contract posts a game's declared host actions with it)


class ContractDriver(Protocol):
    """How the contract tests play a game through its pages (Flask test client)."""

    game: str

    def create(self, client, names: list[str]) -> ContractTable:
        """Start a table for these players through the start form; every seat claimed by its own link."""

    def set_secret(self, client, table: ContractTable, seat: int, variant: int) -> None:
        """Give `seat` one of two different secrets (variant 0 or 1) through its own page."""

    def shared_urls(self, client, table: ContractTable) -> list[str]:
        """Every page, JSON and PDF reachable without a seat link (the table link and all it leads to)."""

    def start_with_names(self, client, names: list[str]):
        """Post the start form with these names; return the response."""

    def claim_from_table_link(self, client, table: ContractTable, seat: int):
        """From another phone, try to take a claimed seat from the table link (every way the page offers)."""

    def live_pages(self, table: ContractTable) -> list[str]:
        """The pages that follow the game live: the shared page(s) and another seat's page."""

    def change(self, client, table: ContractTable) -> str:
        """Make a change as one phone would (e.g. seat 1 saves); return a text every live page then shows."""

    def host_only(self, table: ContractTable) -> list[tuple[str, dict]]:
        """Optional: every action only the host may take (e.g. a referee's), as (url, form data) posts; another
        phone with the table link must get 403 with a message naming the host."""

    def entry_page(self, table: ContractTable) -> dict | None:
        """The entry page for the offline test: {"url", "fill": [(selector, value)], "save": selector,
        "arrived": callable(client) -> bool}, or None when the game has no entry page."""


@dataclass(frozen=True)
class HostActions:
    """Which posts only a table's host may make, and where the table's page is."""

    table_arg: str  # the view argument naming the table ("token", "table_id")
    page: str  # the endpoint of the table's page (its one argument is `table_arg`): the hand-over returns there
    endpoints: frozenset[str] = frozenset()  # these posts are the host's
    blueprints: tuple[str, ...] = ()  # and every post on these blueprints that names a table...
    open: frozenset[str] = frozenset()  # ...except these, which any phone may make (a claim)
    is_host: Callable[[str], bool] | None = None  # who hosts (default: the core's host of the table)
    seat_name: Callable[[str, int], str] | None = None  # a seat's name for the log (default: the core's roster)

    def covers(self, endpoint: str | None, blueprint: str | None) -> bool:
        """Whether a post to this endpoint (on this blueprint) is the host's."""
        if not endpoint or endpoint in self.open:
            return False
        return endpoint in self.endpoints or (blueprint is not None and blueprint in self.blueprints)


@dataclass(frozen=True)
class TableSpec:
    """A game's tables as the core runs them."""

    public_view: Callable[[str], dict | None]
    seat_view: Callable[[str, int], dict | None]
    delete: Callable[[Any, str], None]
    contract: Callable[[], ContractDriver] | None = None
    # The play document of a finished table (players with name, total, rank and rows; the game's rows as
    # key and source label; variant; tie-break notes), or None while its sheet is not final (core/plays).
    final_sheet: Callable[[str], dict | None] | None = None
    score_endpoint: str | None = None  # the score sheet page: the core adds "Keep as a play" there when finished
    # Each seat's scored route as a small self-contained SVG, in seat order (None for a seat without one), or
    # None for the table: core/plays keeps them with the play ("the best route of a player's best game").
    route_pictures: Callable[[str], list[str | None] | None] | None = None
    # The posts only the table's host may make (core/tables/host.py): the core answers 403 to every other phone
    # before the game's view runs, and runs the hand-over of hosting. The contract tests post them all.
    host_actions: HostActions | None = None
