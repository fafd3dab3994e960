"""Fixtures for the solver tests."""

from __future__ import annotations

import pytest
from solver_helpers import BOARD


@pytest.fixture
def board():
    """The shipped training city."""
    return BOARD
