"""The daily deals' stored lines (tools/lines.py): detours taken out, each line still winning."""

from __future__ import annotations

import random

import game
from game.solver.playouts import playout
from tools.lines import shortcut

RANKS = "A23456789TJQK"


def endgame() -> game.Solitaire:
    """Forty Thieves with every card home but the spades' Jack, Queen and King: the King with
    the Jack on it in column 1, the Queen in column 2."""
    homes = [
        " ".join(r + "SHDC"[f % 4] for r in (RANKS[:10] if f == 0 else RANKS)) for f in range(8)
    ]
    lines = [f"f{f + 1}: {cards}" for f, cards in enumerate(homes)]
    lines += ["t1: KS JS", "t2: QS"] + [f"t{k}:" for k in range(3, 11)] + ["stock:", "waste:"]
    return game.from_position("FT1 score=0 moves=0\n" + "\n".join(lines) + "\n")


def test_a_card_parked_on_the_way_goes_straight_where_it_went_next():
    """The Jack parked in an empty column so that the Queen could go onto the King: once the
    Queen goes home from where she lay, the Jack goes home straight from its King too (the
    second pass folds what the first made possible). A fold that would not win is not made:
    the Queen cannot go onto the Jack."""
    start = endgame()
    line = [game.Move.from_text(m) for m in ["t1-t3", "t2-t1", "t3-f1", "t1-f1", "t1-f1"]]
    assert game.replay(start.copy(), line).is_won()
    assert [m.text() for m in shortcut(start, line)] == ["t1-f1", "t2-f1", "t1-f1"]


def test_a_playouts_wandering_win_stays_a_win_and_is_never_longer():
    """Random-greedy wins of Jacks in the Box and Squadron (free cells: much parking)."""
    for code in ("FT2-J-AAAAAAJ", "FT2-A-AAAAAAB"):
        start = game.new(code)
        rng = random.Random(3)
        done = next(p for p in (playout(start, rng) for _ in range(200)) if p.won)
        short = shortcut(start, list(done.moves))
        assert game.replay(start.copy(), short).is_won()
        assert len(short) < len(done.moves)
