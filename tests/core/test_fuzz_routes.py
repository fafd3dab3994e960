"""Fuzz every route of `app.url_map` (issue 27): real and junk ids, every method, malformed bodies; never a 500.

The walk first starts a table of every game through its own start form and collects the ids and forms its
pages show; then `FUZZ_REQUESTS` seeded requests (default 1500; `FUZZ_SEED`, default 27) go out with CSRF on,
as served. `python bench/fuzz_routes.py` runs the long one (10,000 and more).
"""

from __future__ import annotations

import logging
import os

from route_fuzzer import fuzz, harvest

from companion.web.core.app import create_app

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "1500"))
SEED = int(os.environ.get("FUZZ_SEED", "27"))


def fuzz_app(folder):
    """An app as served (CSRF on, limits off so the walk is not throttled), with short route searches."""
    return create_app({"TESTING": True, "SECRET_KEY": "fuzz", "DATABASE": str(folder / "fuzz.sqlite"),
                       "BOARD_LIBRARY": str(folder / "boards"), "SOLVER_TIME_LIMIT": 0.2,
                       "SOLVER_REQUEST_LIMIT": 0.5, "RATELIMIT_ENABLED": False})


def test_no_route_answers_500(tmp_path):
    """Every game's table exists first; then no request of the seeded run is answered with a 500."""
    app = fuzz_app(tmp_path)
    client = app.test_client()
    world = harvest(app, client)
    starts = {rule.endpoint for rule in app.url_map.iter_rules() if rule.endpoint.endswith(".new")
              and "POST" in rule.methods and "/boards/" not in rule.rule and "/tiles/" not in rule.rule}
    assert len(world.created) >= len(starts) - 1, (sorted(starts), world.created)
    level = app.logger.level
    app.logger.setLevel(logging.CRITICAL)  # the failures are listed below, not as tracebacks
    try:
        failures, statuses = fuzz(app, client, world, REQUESTS, SEED)
    finally:
        app.logger.setLevel(level)  # one logger for every app of the run
    assert not failures, f"{len(failures)} × 500 in {REQUESTS} requests (seed {SEED}):\n" + "\n".join(failures)
    assert sum(statuses.values()) == REQUESTS and statuses.get(200, 0) > REQUESTS // 10
