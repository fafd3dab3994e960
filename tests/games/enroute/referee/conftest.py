"""Shared fixture for the referee tests: the training city."""

from __future__ import annotations

import pytest

from companion.games.enroute.registry import find_board


@pytest.fixture(scope="session")
def city():
    """The shipped training city."""
    return find_board("training-city")
