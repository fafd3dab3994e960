"""En Route: a refereed game's player names live only in the core's seats (`core_seat`), not in its setup too.

The names were copied into `core_seat` when the seats moved there (enroute_0006_core_seats) and kept in the
stored setup as well; the game now reads them from `core_seat` only, so they leave the setup. A name the setup
has and `core_seat` lacks (a seat without a row) is copied in first, so no name is lost. The downgrade puts
each game's names back into its setup, in seat order.

Revision ID: enroute_0007_names_in_core_seats
Revises: enroute_0006_core_seats
"""

import json

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "enroute_0007_names_in_core_seats"
down_revision = "enroute_0006_core_seats"
branch_labels = None
depends_on = None

GAME = "enroute"


def _setup(text: str) -> dict | None:
    """A stored setup, or None when it does not read as a JSON object (left as it is)."""
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    return doc if isinstance(doc, dict) else None


def upgrade() -> None:
    """Copy any name `core_seat` lacks, then drop `names` from every stored setup."""
    (games,) = m.reflect("play_game")
    conn = op.get_bind()
    rows = conn.execute(sa.select(games.c.id, games.c.setup, games.c.created)).all()
    missing = []
    for game_id, text, created in rows:
        setup = _setup(text)
        names = setup.get("names") if setup else None
        if isinstance(names, list):
            missing += [(game_id, seat, name if isinstance(name, str) else "", None, created)
                        for seat, name in enumerate(names)]
    m.copy_in(GAME, missing)  # a seat already in core_seat keeps its row (its name is the same one)
    for game_id, text, _created in rows:
        setup = _setup(text)
        if setup is not None and "names" in setup:
            del setup["names"]
            conn.execute(sa.update(games).where(games.c.id == game_id).values(setup=json.dumps(setup)))


def downgrade() -> None:
    """Put each game's names back into its setup from `core_seat`, in seat order."""
    (games,) = m.reflect("play_game")
    conn = op.get_bind()
    names: dict[str, dict[int, str]] = {}
    for table_id, seat, name, _token in m.moved_out(GAME):
        names.setdefault(table_id, {})[seat] = name
    for game_id, text in conn.execute(sa.select(games.c.id, games.c.setup)).all():
        setup = _setup(text)
        if setup is None:
            continue
        seats = names.get(game_id, {})
        setup["names"] = [seats[k] for k in sorted(seats)]
        conn.execute(sa.update(games).where(games.c.id == game_id).values(setup=json.dumps(setup)))
