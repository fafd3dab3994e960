"""Explore New York: the players' names move into the core's seats (`core_seat`); the sheets keep the rest.

No token: Explore New York derives its seat links from the table.

Revision ID: eny_0005
Revises: eny_0004
"""

from companion.web.core.tables import migrating as m

revision = "eny_0005"
down_revision = "eny_0004"
branch_labels = None
depends_on = "core_0006_seats"

GAME = "explore-new-york"


def upgrade() -> None:
    """Copy each seat's name into `core_seat`, then drop the column."""
    m.move_seats(GAME, "eny_table", "eny_sheet", tokens=False)


def downgrade() -> None:
    """Give the seats their names back from `core_seat`, then drop the game's seats there."""
    m.move_seats_back(GAME, "eny_sheet", tokens=False)
