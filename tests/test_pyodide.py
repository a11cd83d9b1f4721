"""The same engine under Pyodide (Python 3.14) through Node: golden deals, perft, invariants."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READY = shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir()


@pytest.mark.skipif(
    not READY and not os.environ.get("CI"),
    reason="needs node and `npm ci` (make test does both; CI requires it)",
)
def test_engine_under_pyodide():
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "run.mjs")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "checks passed" in out.stdout and "Python 3.14" in out.stdout, out.stdout
