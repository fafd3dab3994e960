"""The whole run's second core: some folders' tests run in a child pytest on SQLite while this process runs the
rest (the PostgreSQL run is a child too, but it ends well before this process; without this the second core
idled for the last third of the run).

Only when the whole run's waiting test (`NAME`, tests/core/test_core_offload.py) is collected with other tests:
a run of some files only keeps every test in this process. The child runs exactly the moved tests (their node
ids, so -k and --deselect hold) with this run's environment; the waiting test fails with the child's output.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("tests/vision/", "tests/printables/")  # no browser, no PostgreSQL: they run alone anywhere
NAME = "test_offloaded_folders_pass"
CHILD = "COMPANION_OFFLOADED_RUN"  # set in the child, which offloads nothing
TIMEOUT = 1800


class OffloadRun:
    """The child pytest of the moved tests, with its output file."""

    def __init__(self, node_ids: list[str]) -> None:
        """Start the child on these tests."""
        self.ids = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        self.ids.write("\n".join(node_ids) + "\n")
        self.ids.close()
        self.output = tempfile.TemporaryFile("w+")
        env = {**os.environ, CHILD: "1"}
        self.process = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                         f"@{self.ids.name}"], cwd=ROOT, env=env, stdout=self.output,
                                        stderr=subprocess.STDOUT, text=True)

    def wait(self) -> tuple[int, str]:
        """Wait for the child; return its exit code and output."""
        try:
            code = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.output.seek(0)
        return code, self.output.read()

    def close(self) -> None:
        """Stop the child if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.output.close()
        os.unlink(self.ids.name)


_RUNS: list[OffloadRun] = []


def offload_runs() -> list[OffloadRun]:
    """This session's child run, if started."""
    return _RUNS


def start_offload(items: list) -> None:
    """Move the folders' tests to a child run when the whole run's waiting test is collected; it goes last."""
    waiting = [item for item in items if item.name == NAME]
    moved = [item for item in items if item.nodeid.startswith(FOLDERS)]
    if not waiting or not moved or os.environ.get(CHILD) or len(moved) + len(waiting) == len(items):
        return
    kept = [item for item in items if item.name != NAME and not item.nodeid.startswith(FOLDERS)]
    items[:] = kept + waiting
    _RUNS.append(OffloadRun([item.nodeid for item in moved]))


def stop_offload() -> None:
    """Stop what is left of the child run (the session ends)."""
    while _RUNS:
        _RUNS.pop().close()
