"""Game night: finished tables kept as plays, groups, statistics, charts, export and import.

- `store`: the plays, groups and name matching in the database (the core's migration `core_0004_plays`).
- `stats`: statistics as pure functions; `charts`: SVG charts as pure functions; `formats`: the
  `companion-plays/2` document (docs/plays-format.md; version 1 still read) checked, and the CSV export
  and import.
- `views`: the pages under `/plays/`; `keepbox`: the "Keep as a play" box on every game's score page.
A game takes part by giving its `TableSpec` a `final_sheet` hook.
"""


def init_app(app) -> None:
    """Install the pages (call before the limits are installed: the group start is rate-limited)."""
    from . import keepbox, views

    app.register_blueprint(views.bp)
    keepbox.init_app(app)
