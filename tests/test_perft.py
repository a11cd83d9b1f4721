"""Perft: the number of move sequences of depth 1, 2, 3 from pinned deals and positions.

Any change to a rule changes these numbers (tests/golden/perft.json, shared with the Pyodide
check). Each count is also recomputed by brute force over every (src, dst) pair with
``refusal``, so the pinned numbers are not merely self-consistent.
"""

import json
from pathlib import Path

import pytest
from helpers import layout, perft

import game
from game.codes import KINDS

GOLDEN = Path(__file__).resolve().parent / "golden"
PINNED = json.loads((GOLDEN / "perft.json").read_text())


def start_of(name):
    """A deal by its code, or a mid-game position stored as tests/golden/NAME.txt."""
    if name.startswith("midgame"):
        return game.from_position((GOLDEN / f"{name}.txt").read_text())
    return game.new(name)


def perft_brute(g, depth):
    """Every (src, dst, cards) the rule check allows: one card, and every run size up to the
    whole place (the rule check alone decides what a run is)."""
    if depth == 0:
        return 1
    total = 0
    for src in g.PLACES:
        for dst in g.PLACES:
            for size in range(1, max(len(g.cards(src)), 1) + 1):
                if g.refusal(src, dst, size) is None:
                    g.play(src, dst, size)
                    total += perft_brute(g, depth - 1)
                    g.undo()
    return total


def test_pinned_counts_cover_every_game_and_mid_game_positions():
    assert {n[:3] for n in PINNED} >= {"CR1", "FT1", "mid"}
    assert {"-".join(n.split("-")[:2]) for n in PINNED if not n.startswith("mid")} == set(KINDS)


@pytest.mark.parametrize("name", PINNED)
def test_perft_counts(name):
    g = start_of(name)
    start, score = layout(g), g.score
    counts = [perft(g, d) for d in (1, 2, 3)]
    # perft plays and undoes every line (Forty Thieves' move counter never goes down)
    assert layout(g) == start and g.score == score
    assert counts == PINNED[name]


@pytest.mark.parametrize(
    "name",
    [
        "CR1-N-AAAAAAB",
        "FT1-N-AAAAAAB",
        "midgame-CR1",
        "midgame-FT1",
        "midgame-FT1-T",
        "midgame-FT1-C",
        "midgame-FT2-Y",  # a move that empties a column fills it from the waste
        "midgame-FT2-T",
        "midgame-FT2-W",  # a column built in mixed suits: only its top, in suit, moves as one
        "midgame-FT2-H",  # columns built up and down
        "midgame-FT2-L",  # a column emptied with the waste out: a draw of three fills it
        "midgame-FT2-R",  # foundations up in alternate colours, their suits mixed
        "midgame-FT2-I",  # lone cards held while the stock lasts, a column refilled from it
        "midgame-FT2-J",  # free cells, some holding a card, and empty columns
        "midgame-FT2-F",  # Kings on their own foundation, a King on the waste
        "midgame-FT2-B",  # face-down tops, turned up by a move, cards laid on face-down ones
    ]
    + [n for n in PINNED if n.endswith("-AAAAAAB") and not n.startswith(("CR1-N", "FT1-N"))],
)
def test_perft_agrees_with_brute_force(name):
    g = start_of(name)
    assert perft_brute(g, 2) == perft(g, 2)
