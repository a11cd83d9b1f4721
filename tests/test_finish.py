"""Auto-finish in the engine: a line of foundation moves that wins, or None."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game import Move, finishing_line
from tests.helpers import one_move_from_won

RANKS = "A23456789TJQK"
TAKEN_BACK = 24  # cards put back at most: where the bounded search always finds the line


def won_places(kind: str) -> dict[str, list[str]]:
    """Every card home: Crescent Aces up and Kings down, Forty Thieves Aces up."""
    if kind == "CR1":
        up = {f"f{i + 1}": [r + s for r in RANKS] for i, s in enumerate("SHDC")}
        down = {f"f{i + 5}": [r + s for r in reversed(RANKS)] for i, s in enumerate("SHDC")}
        return up | down | {f"t{i}": [] for i in range(1, 17)}
    home = {f"f{i + 1}": [r + "SHDCSHDC"[i] for r in RANKS] for i in range(8)}
    return home | {f"t{i}": [] for i in range(1, 11)} | {"stock": [], "waste": []}


def position(kind: str, places: dict[str, list[str]]) -> game.Solitaire:
    head = "CR1 redeals=0 moves=0" if kind == "CR1" else "FT1 score=0 moves=0"
    return game.from_position(
        head + "\n" + "\n".join(f"{p}: {' '.join(c)}" for p, c in places.items())
    )


def wins(g: game.Solitaire, line: list[Move]) -> bool:
    g = g.copy()
    for move in line:
        g.play_move(move)  # checked: each move legal in turn
    return g.status == "won"


def test_one_card_left_goes_home():
    g = one_move_from_won()
    assert finishing_line(g) == [Move("t1", "f1")]


def test_a_fresh_deal_or_a_won_game_is_not_finished_for_the_player():
    assert finishing_line(game.new("CR1-N-AAAAAAB")) is None
    assert finishing_line(game.new("FT1-N-AAAAAAB")) is None
    g = one_move_from_won()
    g.play("t1", "f1")
    assert finishing_line(g) is None


def test_forty_thieves_never_finishes_with_cards_in_the_stock():
    places = won_places("FT1")
    places["stock"] = [places["f1"].pop()]
    assert finishing_line(position("FT1", places)) is None
    places["t1"], places["stock"] = places["stock"], []
    assert finishing_line(position("FT1", places)) == [Move("t1", "f1")]


def test_a_buried_card_that_cannot_come_out_is_no_finish():
    places = won_places("FT1")
    three, two = places["f1"].pop(), places["f1"].pop()
    places["t1"] = [two, three]  # the 2 under the 3: the 3 cannot go home first
    assert finishing_line(position("FT1", places)) is None


def test_of_twin_kings_the_one_over_the_queen_goes_home_first():
    """Both Kings of Diamonds out, one foundation taking a King: the King on top of ``t1``
    goes there first only to bury the Queen under the other one for good. The search must
    back out of that (it once ran out of states in the other suits' orders and said no)."""
    places = won_places("FT1")
    taken = ["f1 t1"] * 8 + ["f2 t2"] * 2 + ["f6 t5", "f7 t1", "f7 t3", "f3 t3", "f4 t6"]
    for found, pile in (step.split() for step in taken + ["f5 t4", "f5 t2", "f6 t5", "f8 t3"]):
        places[pile].append(places[found].pop())  # the shrunk example hypothesis found
    g = position("FT1", places)
    assert g.cards("t3") == tuple(game.Card.parse(c) for c in ("QD", "KD", "KC"))
    line = finishing_line(g)
    assert line is not None and wins(g, line)
    assert line.index(Move("t3", "f3")) < line.index(Move("t1", "f7"))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["CR1", "FT1"]),
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 15)), max_size=TAKEN_BACK),
)
def test_a_won_game_taken_back_card_by_card_always_finishes(kind, steps):
    """Foundation tops put onto piles in any order can always go home again: a line is found,
    it wins through the checked API, and the game asked about is left as it was. Up to
    ``TAKEN_BACK`` cards: the search is bounded (``MAX_STATES``), and past ~30 cards out a
    rare position of twins runs out of states (docs/ENGINE.md, "Auto-finish")."""
    places = won_places(kind)
    piles = [p for p in places if p.startswith("t")]
    for f, t in steps:
        found, pile = places[f"f{f + 1}"], places[piles[t % len(piles)]]
        if len(found) > (1 if kind == "CR1" else 0) and (kind == "FT1" or len(pile) < 13):
            pile.append(found.pop())
    g = position(kind, places)
    before = g.position()
    line = finishing_line(g)
    assert g.position() == before
    if g.is_won():
        assert line is None
    else:
        assert line is not None and wins(g, line)


ZEBRA_END = """FT2-Z score=0 moves=0 redeals=0
f1: AS 2H 3S 4H 5S
f2: AH 2S 3H 4S 5H 6S 7H 8S 9H TS JH QS KH
f3: AD 2S 3H 4S 5H 6S 7H 8S 9H TS JH QS KH
f4: AC 2H 3S 4H
f5: AS 2D 3C 4D 5C 6H 7S 8H 9S TH JS QH KS
f6: AH 2C 3D 4C 5D 6C 7D 8C 9D TC JD QC KD
f7: AD 2C 3D 4C 5D 6C 7D 8C 9D TC JD QC KD
f8: AC 2D 3C 4D 5C 6D 7C 8D 9C TD JC QD KC
t1: 7C 6H
t2: 5S 6D
t3: KC QH JC TH 9C 8H
t4: KS QD JS TD 9S 8D 7S
t5:
t6:
t7:
t8:
stock:
waste:
"""


def test_where_foundations_alternate_colours_a_card_whose_twin_is_home_is_not_forced():
    """Zebra: the six of hearts' twin is home, but the first foundation takes either red Six:
    the six of diamonds must go first, to free the five of spades for the other foundation.
    Sending the six of hearts at once (a suit's rule: its foundation takes nothing else)
    leaves the five under the six of diamonds for good."""
    g = game.from_position(ZEBRA_END)
    line = finishing_line(g)
    assert line is not None and line[0] == game.Move("t2", "f1")
    for move in line:
        g.play(move.src, move.dst)
    assert g.is_won()
