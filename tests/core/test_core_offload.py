"""The tests moved to the run's second core (tests/offload.py) must all pass there."""

from __future__ import annotations

import os

import pytest
from offload import CHILD, TIMEOUT, offload_runs


@pytest.mark.skipif(bool(os.environ.get(CHILD)), reason="already the offloaded run")
@pytest.mark.timeout(TIMEOUT + 300)  # waits for the child, which has its own limit
def test_offloaded_folders_pass():
    """Wait for the child run of tests/vision and tests/printables; every one of its tests must pass."""
    runs = offload_runs()
    if not runs:
        pytest.skip("nothing was offloaded: those tests (if collected) ran in this process")
    code, output = runs[0].wait()
    summary = output.strip().splitlines()[-1] if output.strip() else "(no output)"
    print("Offloaded run:", summary)
    assert code == 0, output[-9000:]
    assert " passed" in summary
