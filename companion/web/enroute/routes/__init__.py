"""Best-route searches: remembered answers (`cache.py`), background search jobs (`jobs.py`) and the page that
shows a search's progress (`progress.py`, also the `flask enroute` worker command).
"""
