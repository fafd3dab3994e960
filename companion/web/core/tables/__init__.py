"""The table is the core's: what every game's table shares, whatever the game.

A game's web package declares a `TableSpec` (spec.py) on its `GameWeb` and calls these parts instead of
building its own:

- `registry`: one row per table of any game (`core_table`): when it was made, last touched, finished;
  the retention command (`flask tables-purge`) archives finished tables and purges abandoned ones through
  the game's own `delete` hook.
- `seats`: the host of a table and who holds each seat (one claim policy for every game), handing the host
  role over (offered by the host, taken by another phone), and the table's log of reissued links, moved
  seats and hosts, shown on the shared screen.
- `roster`: every game's seats (`core_seat`): each player's name and seat-link token, with the name rule
  and link reissue in one place; a game keeps only its own per-seat state in its rows.
- `names`: player names compared case- and space-insensitively; duplicates refused the same way everywhere.
- `live`: the change-mark answer every live page polls (static `live.js`, macro `live_box` in
  templates/core/macros.html), and the `/ping` the offline script asks before it sends a form.
- `provisional`: the provisional score sheet (only entered seats ranked, "still waiting for …").
- `spec`: what a game declares: its public view and its seat view (secrets by construction), how to
  delete a table, and a contract driver the parametrised contract tests use.
"""


def init_app(app) -> None:
    """Install the core's table parts: /ping, the phone key cookie, the retention command."""
    from . import live, registry, seats

    app.register_blueprint(live.bp)
    app.after_request(seats.set_device_cookie)
    app.cli.add_command(registry.purge_command)
    app.config.setdefault("TABLE_RETENTION_DAYS", registry.DEFAULT_RETENTION_DAYS)
    app.jinja_env.globals["table_event_text"] = seats.event_text  # macros imported without context see it too
