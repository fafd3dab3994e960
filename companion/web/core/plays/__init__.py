"""Game night: finished tables kept as plays, groups, statistics, charts, export and import.

- `store`: the plays, groups and name matching in the database (the core's migrations `core_0004_plays`,
  `core_0005_play_pictures_summary`).
- `stats`: statistics as pure functions; `charts`: SVG charts as pure functions; `formats`: the
  `companion-plays/2` document (docs/plays-format.md; version 1 still read) checked, and the CSV export
  and import.
- `views`: the pages under `/plays/`; `keepbox`: the "Keep as a play" box on every game's score page.
- `groupdata`: a group's plays parsed and its statistics computed once per change of the group.
A game takes part by giving its `TableSpec` a `final_sheet` hook; with `score_endpoint` its score page gets
the "Keep as a play" box, with `route_pictures` its plays keep each player's route as a picture.
"""


def init_app(app) -> None:
    """Install the pages (call before the limits are installed: the group start is rate-limited)."""
    from . import keepbox, views

    app.register_blueprint(views.bp)
    keepbox.init_app(app)
