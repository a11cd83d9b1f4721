"""Hypothesis strategies the tests share (not in helpers.py: tests/pyodide imports that one,
and Pyodide has no hypothesis)."""

from hypothesis import strategies as st

import game
from game.codes import DEAL_COUNT, GameCode

KINDS = [("CR1", "N"), ("CR1", "F"), ("FT1", "N")]


@st.composite
def games(draw):
    game_id, variant = draw(st.sampled_from(KINDS))
    return game.new(GameCode(game_id, variant, draw(st.integers(0, DEAL_COUNT - 1))))
