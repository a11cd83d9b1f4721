"""Random-greedy playouts (game/solver/playouts.py): seeded, so the same deal gives the same
answer on every machine, and a win is a line of the engine's own moves that replays to won."""

from __future__ import annotations

import random

import game
from game.solver import UNKNOWN, WINNABLE
from game.solver.playouts import playout, playouts, wins


def test_a_playout_win_is_a_line_that_replays_to_a_won_game():
    g = game.new("FT1-B-AAAAAA7")  # Busy Aces: its first playout (seed 31) wins
    result = playouts(g, 5, seed=31)
    assert result.verdict == WINNABLE and result.states == 1
    assert game.replay(game.new("FT1-B-AAAAAA7"), result.moves).status == "won"
    assert g.position() == game.new("FT1-B-AAAAAA7").position()  # the start is untouched
    assert playouts(g, 5, seed=31).moves == result.moves  # seeded: the same line again


def test_a_lost_playout_ends_stuck_and_says_how_far_it_got():
    g = game.new("FT1-N-AAAAAAB")
    done = playout(g, random.Random(0))
    assert not done.won and 0 <= done.home < 104
    played = game.replay(game.new("FT1-N-AAAAAAB"), list(done.moves))
    assert (
        played.status != "won" and sum(len(played.cards(f"f{i}")) for i in range(1, 9)) == done.home
    )


def test_no_win_in_its_tries_is_unknown_and_never_a_proof():
    result = playouts(game.new("FT1-M-AAAAAAC"), 2, seed=1)
    assert result.verdict == UNKNOWN and result.states == 2 and not result.moves
    assert 0 <= wins(game.new("FT1-B-AAAAAA7"), 3, seed=31) <= 3
    assert wins(game.new("CR1-N-AAAAAAB"), 3) == wins(game.new("CR1-N-AAAAAAB"), 3)


def test_the_foundations_are_the_first_place_numbers_of_every_game():
    """What the engines' fast paths rely on (``d < 8``: a foundation); a playout reads the
    foundations off the places' facts, Floradora's Kings' foundation, the last place, too."""
    from game.codes import KINDS

    FOUNDATIONS = 8
    for kind in KINDS:
        g = game.new(f"{kind}-AAAAAAB")
        assert [g.NUMBERS[f"f{i}"] for i in range(1, FOUNDATIONS + 1)] == list(range(FOUNDATIONS))


def test_can_go_home_says_what_the_legal_moves_say_along_random_games():
    """The playouts' fast question (``can_go_home``) against the one move generator, after
    every move of a random game of each kind: a card home from a column or the waste."""
    from game.codes import KINDS

    rng = random.Random(3)
    for kind in KINDS:
        g = game.new(f"{kind}-AAAAAAC")
        homes = {i for i, fact in enumerate(g.FACTS) if fact.kind == "foundation"}  # (f9 too)
        for _ in range(150):
            legal = g.legal_at()
            home = any(d in homes and s not in homes for s, d in legal)
            assert g.can_go_home() == home, (kind, g.position())
            if not legal:
                break
            g.apply_at(*rng.choice(legal))
