"""The scan for deal starts proven lost (tools/scan_proofs.py): numpy deals the engine's cards,
its filter never drops a deal the argument proves, and it finds the proofs."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.cards import CARDS
from game.codes import DEAL_COUNT
from game.solver import prove_unwinnable
from tools.scan_proofs import HOME, PILES, check_shuffle, deal_piles, may_have_proof, scan

PROVEN = 160191  # CR1-N-AAAE4N7: two jacks of clubs and the spare King over the tens and queens


def test_numpy_deals_the_engines_cards():
    check_shuffle(0, 300)
    check_shuffle(DEAL_COUNT - 100, 100)


def test_the_scan_finds_a_deal_start_proven_lost():
    passed, found = scan((PROVEN - 500, PROVEN + 500))
    assert 1 <= passed < 10  # the filter leaves the engine a handful of deals at most
    assert [(r["code"], r["card"], r["pile"]) for r in found] == [("CR1-N-AAAE4N7", "JC", "3")]


def start(piles: list[int]) -> game.Crescent:
    """A Crescent deal start with these 96 pile cards (spot ``h * 16 + i``)."""
    text = game.new("CR1-N-AAAAAAA").position().split("t1:")[0]
    for i in range(PILES):
        text += f"t{i + 1}: " + " ".join(str(CARDS[piles[h * PILES + i]]) for h in range(6)) + "\n"
    return game.Crescent.from_position(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_the_filter_keeps_every_deal_with_a_proof(seed):
    """Deal starts near a proven one (a few of its cards swapped), some proven, some not:
    whenever the argument proves one, the filter passed it."""
    rng = random.Random(seed)
    piles, _ = deal_piles(np.array([PROVEN], dtype=np.uint64))
    cards = piles[0].tolist()
    for _ in range(rng.randint(0, 3)):
        a, b = rng.randrange(HOME), rng.randrange(HOME)
        cards[a], cards[b] = cards[b], cards[a]
    proven = prove_unwinnable(start(cards)) is not None
    assert not proven or may_have_proof(np.array([cards], dtype=np.int16))[0], cards


def test_swapping_cards_makes_and_unmakes_proofs():
    """The property above is not vacuous: among such neighbours of the proven deal, some are
    proven and some are not."""
    rng = random.Random(7)
    piles, _ = deal_piles(np.array([PROVEN], dtype=np.uint64))
    verdicts = set()
    for _ in range(40):
        cards = piles[0].tolist()
        a, b = rng.randrange(HOME), rng.randrange(HOME)
        cards[a], cards[b] = cards[b], cards[a]
        verdicts.add(prove_unwinnable(start(cards)) is not None)
    assert verdicts == {True, False}


def test_a_card_under_the_top_one_holds_the_card_under_it():
    """The proven deal with pile 3's jack moved down under a free card (the five of diamonds
    from pile 13, whose queen goes under its jack): the jack still holds the ten under it,
    and both the argument and the filter see it."""
    piles, _ = deal_piles(np.array([PROVEN], dtype=np.uint64))
    cards = piles[0].tolist()
    top, under, other = 5 * PILES + 2, 4 * PILES + 2, 4 * PILES + 12  # (height, pile 3 / 13)
    cards[top], cards[under] = cards[under], cards[top]  # pile 3: ten, jack, queen
    cards[top], cards[other] = cards[other], cards[top]  # pile 3: ten, jack, five of diamonds
    g = start(cards)
    assert [str(c) for c in g.layout[7 + 3][3:]] == ["TC", "JC", "5D"]
    assert prove_unwinnable(g) is not None
    assert may_have_proof(np.array([cards], dtype=np.int16))[0]
