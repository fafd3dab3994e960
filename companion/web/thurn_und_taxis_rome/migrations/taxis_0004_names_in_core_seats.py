"""Thurn und Taxis: the players' names live only in the core's seats (`core_seat`), not in the stored state too.

The names were copied into `core_seat` when the seats moved there (thurn_und_taxis_rome_0003) and kept in each
table's state as well (and in the states its action log keeps for undo); the game now reads them from
`core_seat` only, so they leave every stored state. A name a state has and `core_seat` lacks is copied in
first, so no name is lost. The downgrade puts each seat's name back first in its seat, as the engine wrote it.

Revision ID: thurn_und_taxis_rome_0004
Revises: thurn_und_taxis_rome_0003
"""

import json

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "thurn_und_taxis_rome_0004"
down_revision = "thurn_und_taxis_rome_0003"
branch_labels = None
depends_on = None

GAME = "thurn-und-taxis-rome"


def _seats(text: str) -> tuple[dict, list] | None:
    """A stored state and its seats, or None when it is no state with seats (the score entries, junk)."""
    try:
        doc = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("seats"), list):
        return None
    if not all(isinstance(seat, dict) for seat in doc["seats"]):
        return None
    return doc, doc["seats"]


def _stripped(text: str) -> str | None:
    """The state without its players' names (None: nothing to change)."""
    found = _seats(text)
    if found is None or not any("player" in seat for seat in found[1]):
        return None
    doc, seats = found
    doc["seats"] = [{k: v for k, v in seat.items() if k != "player"} for seat in seats]
    return json.dumps(doc)


def _named(text: str, names: dict[int, str]) -> str | None:
    """The state with each seat's name first in it again (None: nothing to change)."""
    found = _seats(text)
    if found is None:
        return None
    doc, seats = found
    doc["seats"] = [{"player": names.get(k, ""), **{key: v for key, v in seat.items() if key != "player"}}
                    for k, seat in enumerate(seats)]
    return json.dumps(doc)


def _rewrite(change) -> None:
    """Rewrite every stored state (tables and the action log's undo states) with `change(text, table_id)`."""
    tables, actions = m.reflect("taxis_table", "taxis_action")
    conn = op.get_bind()
    for table_id, text in conn.execute(sa.select(tables.c.id, tables.c.state)).all():
        new = change(text, table_id)
        if new is not None:
            conn.execute(sa.update(tables).where(tables.c.id == table_id).values(state=new))
    for table_id, seq, text in conn.execute(sa.select(actions.c.table_id, actions.c.seq, actions.c.before)).all():
        new = change(text, table_id)
        if new is not None:
            conn.execute(sa.update(actions).where(actions.c.table_id == table_id, actions.c.seq == seq)
                         .values(before=new))


def upgrade() -> None:
    """Copy any name `core_seat` lacks, then drop the names from every stored state."""
    tables, = m.reflect("taxis_table")
    missing = []
    for table_id, text, created in op.get_bind().execute(sa.select(tables.c.id, tables.c.state, tables.c.created)):
        found = _seats(text)
        for seat, entry in enumerate(found[1] if found else []):
            name = entry.get("player")
            missing.append((table_id, seat, name if isinstance(name, str) else "", None, created))
    m.copy_in(GAME, missing)  # a seat already in core_seat keeps its row (and its name)
    _rewrite(lambda text, _table_id: _stripped(text))


def downgrade() -> None:
    """Put each seat's name back into every stored state from `core_seat`."""
    names: dict[str, dict[int, str]] = {}
    for table_id, seat, name, _token in m.moved_out(GAME):
        names.setdefault(table_id, {})[seat] = name
    _rewrite(lambda text, table_id: _named(text, names.get(table_id, {})))
