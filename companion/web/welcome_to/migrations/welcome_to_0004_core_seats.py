"""Welcome To...: the players' names and seat-link tokens move into the core's seats (`core_seat`).

Every seat keeps its link: the token is copied as it is, so a link (or a phone's cookie) from before still opens it.

Revision ID: welcome_to_0004
Revises: welcome_to_0003
"""

from companion.web.core.tables import migrating as m

revision = "welcome_to_0004"
down_revision = "welcome_to_0003"
branch_labels = None
depends_on = "core_0006_seats"

GAME = "welcome-to"


def upgrade() -> None:
    """Copy each seat's name and token into `core_seat`, then drop the columns."""
    m.move_seats(GAME, "welcome_to_table", "welcome_to_seat", tokens=True)


def downgrade() -> None:
    """Give the seats their names and tokens back from `core_seat`, then drop the game's seats there."""
    m.move_seats_back(GAME, "welcome_to_seat", tokens=True)
