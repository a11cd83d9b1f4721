"""Proofs of loss (game/solver/proofs.py): never claimed for a position brute force wins, found
for many it loses, given in words, and what ``solve`` answers with."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.cards import Card
from game.solver import UNKNOWN, UNWINNABLE, Proof, Search, prove_unwinnable, solve
from game.solver.__main__ import main
from game.solver.crescent import CrescentAdapter
from tests.solving import LOST, brute_force, small_crescent


def test_a_buried_two_under_its_ace_is_proven_lost_in_words():
    g = game.from_position(LOST)
    proof = prove_unwinnable(g)
    assert proof is not None and proof.pile == 16 and str(proof.card) == "AH"
    assert str(proof) == (
        "No winning line exists: the ace of hearts on pile 16 can never leave it: the "
        "ascending hearts foundation can never take it and the descending one another two, "
        "which stay under cards that cannot move while it stays, and no pile can ever take it"
    )
    assert brute_force(g) is False
    result = solve(g, states=1000)
    assert result.verdict == UNWINNABLE and result.reason == str(proof) and result.states == 0


def test_a_redeal_can_turn_the_buried_card_up():
    """The two on top of the three under the Ace: stuck with no redeal left; one redeal turns
    the three up, and then the two and the Ace follow it down."""
    lost = game.from_position(LOST.replace("t16: 2H 3H AH", "t16: 3H AH 2H"))
    assert prove_unwinnable(lost) is not None and brute_force(lost) is False
    won = game.from_position(LOST.replace("redeals=0", "redeals=1").replace("2H 3H AH", "3H AH 2H"))
    assert prove_unwinnable(won) is None and brute_force(won) is True


# Clubs home up to the nine and down to the three; the jack lies on the ten and the Ace, the
# King on the queen. Neither can move first: the jack waits for the ten or the queen, the King
# for the queen or the Ace, each under the other.
MUTUAL = (
    LOST.split("f2:")[0].replace("redeals=0", "redeals={redeals}")
    + "f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\n"
    + "f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n"
    + "f4: AC 2C 3C 4C 5C 6C 7C 8C 9C\n"
    + "f5: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS\n"
    + "f6: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH\n"
    + "f7: KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD\n"
    + "f8: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C\n"
    + "t1: AC TC JC\nt2: QC KC\nt3: 2C\n"
    + "".join(f"t{i}:\n" for i in range(4, 17))
)


def test_two_cards_that_block_each_other_are_proven_lost_together():
    lost = game.from_position(MUTUAL.format(redeals=0))
    proof = prove_unwinnable(lost)
    assert proof is not None and (str(proof.card), proof.pile) == ("JC", 1), proof
    assert (proof.up, proof.down) == (9, None)  # waits for a ten going up, never going down
    assert brute_force(lost) is False
    won = game.from_position(MUTUAL.format(redeals=1))  # a redeal turns the Ace up
    assert prove_unwinnable(won) is None and brute_force(won) is True


def test_a_deal_start_is_proven_lost():
    """Deal CR1-N-AAAE4N7 (tools/scan_proofs.py found it): both jacks of clubs and the spare
    King lie on top of piles 3, 13 and 11, over both tens, both queens and the spare Ace."""
    g = game.new("CR1-N-AAAE4N7")
    proof = prove_unwinnable(g)
    assert proof == Proof(Card.parse("JC"), 3, 9, 11), proof
    assert [str(g.layout[7 + p][-1]) for p in (3, 11, 13)] == ["JC", "KC", "JC"]
    result = solve(g, states=1000)
    assert result.verdict == UNWINNABLE and result.states == 0 and result.proof == proof


def test_cli_json_gives_the_reason(capsys, tmp_path):
    code = "CR1-N-AAAAAAE"  # a deal start: no proof, so no reason key
    assert main([code, "--json", "--states", "2000"]) == 0
    assert "reason" not in json.loads(capsys.readouterr().out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_a_proof_is_never_claimed_for_a_position_brute_force_wins(seed):
    g = small_crescent(random.Random(seed))
    proof = prove_unwinnable(g)
    if proof is not None:
        assert brute_force(g) is False, (seed, str(proof), g.position())


def test_proofs_cover_many_of_the_lost_endgames():
    """Not a soundness check (that is the property above): the argument is worth having."""
    proved = lost = 0
    for seed in range(120):
        g = small_crescent(random.Random(seed))
        if brute_force(g) is False:
            lost += 1
            proved += prove_unwinnable(g) is not None
    assert lost >= 20 and proved >= lost // 3, (proved, lost)


def test_no_proof_for_forty_thieves_or_a_won_game():
    assert prove_unwinnable(game.new("FT1-N-AAAAAAB")) is None
    assert prove_unwinnable(game.new("CR1-N-AAAAAAB")) is None


def test_an_exhausted_streamlined_search_proves_nothing():
    """Streamlined runs (only foundation moves where there are some) skip lines: when one
    has searched all it would, the verdict stays unknown; a plain run gives the proof."""
    g = game.from_position(LOST)
    assert Search(CrescentAdapter(g, streamline=True)).run().verdict == UNKNOWN
    assert Search(CrescentAdapter(g)).run().verdict == UNWINNABLE
