"""Hypothesis strategies the tests share (not in helpers.py: tests/pyodide imports that one,
and Pyodide has no hypothesis)."""

from hypothesis import strategies as st

import game
from game.codes import DEAL_COUNT, GameCode
from game.codes import KINDS as ALL_KINDS

KINDS = [tuple(kind.split("-")) for kind in ALL_KINDS]  # every game of both families


@st.composite
def games(draw):
    game_id, variant = draw(st.sampled_from(KINDS))
    return game.new(GameCode(game_id, variant, draw(st.integers(0, DEAL_COUNT - 1))))
