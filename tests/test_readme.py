"""The README is a front door: its tour of the engine runs (a doctest), and it stays short."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_engine_tour_in_the_readme_runs():
    failed, tried = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 8 and failed == 0


def test_the_readme_is_a_front_door():
    lines = README.read_text().splitlines()
    assert len(lines) <= 150
    assert lines[3].startswith("make play") and lines[4].startswith("make test")
