"""The terminal front end (python -m game): commands reach the engine and show its answer."""

import subprocess
import sys
from pathlib import Path

import pytest

import game
from game.__main__ import board, command

ROOT = Path(__file__).resolve().parent.parent


def test_commands_play_undo_redo_and_list_moves():
    g = game.new("CR1-N-AAAAAAB")
    assert "t6-f5" in command(g, "m").split()
    assert "f5 QS" in command(g, "t6-f5") and g.moves == 1
    assert "f5 KS" in command(g, "u") and g.moves == 0
    assert "f5 QS" in command(g, "redo")
    assert command(g, "p") == g.position()
    assert "redeals 2" in command(g, "redeal")
    assert command(g, "undo") == "Nothing to undo."
    assert "Type a move" in command(g, "what")
    with pytest.raises(game.IllegalMove):
        command(g, "t1 t1")


def test_draw_and_forty_thieves_board():
    g = game.new("FT1-N-AAAAAAB")
    out = command(g, "d")
    assert "stock 63" in out and "waste 7C" in out and out.count("\nt") == 10
    assert board(g).startswith("FT1-N-AAAAAAB  moves 1  score 0  playing")


def test_the_module_runs_and_reports_refusals_and_errors():
    run = subprocess.run(
        [sys.executable, "-m", "game", "cr1-n-aaaaaab"],
        cwd=ROOT,
        text=True,
        input="t1 t1\nt99 f1\nt6 f5\nq\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0
    assert "Refused: same_place" in run.stdout and "unknown place 't99'" in run.stdout
    assert "moves 1" in run.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "game", "XX1-N-AAAAAAB"],
        cwd=ROOT,
        text=True,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 1 and "unknown game 'XX1'" in bad.stderr
