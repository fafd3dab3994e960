"""Fixtures for the engine tests."""

from __future__ import annotations

import pytest

from companion.games.enroute import find_board


@pytest.fixture
def training_city():
    """The shipped training city."""
    return find_board("training-city")
