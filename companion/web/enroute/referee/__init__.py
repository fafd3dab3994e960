"""The referee of a whole game (`/play`): the setup walk-through (`setup.py`), the round tracker on the table's
shared screen (`rounds.py`), each player's own secret page (`player.py`), their forms (`forms.py`), how a turn's
pairs read and show (`pairs.py`), what the pages show (`view.py`), the live mark (`live.py`), the blueprint and
helpers they share (`common.py`) and the game's storage and its public and seat views (`store.py`).

Nothing is imported here: the parent package imports the modules that add views.
"""
