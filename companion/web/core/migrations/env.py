"""Alembic's environment: run the migrations on the connection the app hands over (see core/db.py)."""

from alembic import context
from sqlalchemy import text

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=connection.dialect.name == "sqlite")
if connection.dialect.name == "postgresql":
    # Several servers may start at once against one database: one migrates, the others wait, then see it done.
    connection.execute(text("SELECT pg_advisory_xact_lock(720117)"))
with context.begin_transaction():
    context.run_migrations()
