"""The whole project stays clean under the project's ruff rules (ruff.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_clean():
    """`ruff check .` finds nothing."""
    # The pinned ruff beside this Python (the venv's) first, then one on PATH.
    beside = Path(sys.executable).with_name("ruff")
    ruff = str(beside) if beside.exists() else shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (pip install -r requirements-dev.txt)")
    done = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr



def test_every_test_has_a_time_limit(request, tmp_path):
    """A hanging test fails after the run's limit instead of holding CI until it is killed."""
    import importlib.util

    # The suite's own conftest by its path: `import conftest` gives whichever folder's conftest came last.
    spec = importlib.util.spec_from_file_location("suite_conftest", ROOT / "tests" / "conftest.py")
    suite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite)
    limit = suite.TEST_TIMEOUT

    marker = request.node.get_closest_marker("timeout")
    assert marker is not None and marker.args[0] == limit
    # The plugin is installed and a limit stops a hanging test while the run goes on.
    (tmp_path / "test_hang.py").write_text("import time\n\nimport pytest\n\n\n@pytest.mark.timeout(1)\n"
                                           "def test_hangs():\n    time.sleep(30)\n\n\ndef test_after():\n"
                                           "    pass\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_hang.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert "1 failed, 1 passed" in done.stdout, done.stdout
    assert "Timeout" in done.stdout


def test_every_property_test_count_scales_with_the_run():
    """A property test's count goes through `fuzz_scale.examples` (the suite runs a share, FUZZ_SCALE=1 the
    whole): a bare `max_examples=` above 10 would keep a long run inside the 20-minute suite."""
    import re

    bare = [f"{path.relative_to(ROOT)}: {m.group(0)}" for path in sorted((ROOT / "tests").rglob("*.py"))
            for m in re.finditer(r"max_examples=(\d+)", path.read_text(encoding="utf-8")) if int(m.group(1)) > 10]
    assert bare == []
