"""Ticket to Ride: Europe: the players' names and seat-link tokens move into the core's seats (`core_seat`).

Every seat keeps its link: the token is copied as it is, so a link given out before still opens the seat.

Revision ID: ttr_europe_0006
Revises: ttr_europe_0005
"""

from companion.web.core.tables import migrating as m

revision = "ttr_europe_0006"
down_revision = "ttr_europe_0005"
branch_labels = None
depends_on = "core_0006_seats"

GAME = "ttr-europe"


def upgrade() -> None:
    """Copy each seat's name and token into `core_seat`, then drop the columns."""
    m.move_seats(GAME, "ttr_table", "ttr_seat", tokens=True)


def downgrade() -> None:
    """Give the seats their names and tokens back from `core_seat`, then drop the game's seats there."""
    m.move_seats_back(GAME, "ttr_seat", tokens=True)
