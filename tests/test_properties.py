"""Invariants over random codes and random legal play (hypothesis), and full random games."""

import random
from collections import Counter

from helpers import layout
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games

import game
from game import IllegalMove
from game.codes import DEAL_COUNT, GameCode


def all_cards(g):
    return Counter(c for p in g.PLACES for c in g.cards(p))


def check_invariants(g):
    """Everything that must hold in any position reached by play."""
    counts = all_cards(g)
    assert len(counts) == 52 and set(counts.values()) == {2}
    text = g.position()
    twin = game.from_position(text)
    assert twin.position() == text
    assert twin.status == g.status
    legal = set(g.legal_moves())
    assert len(legal) == len(g.legal_moves()), "a move listed twice"
    # the move generator and the rule check are two codings of the rules: they must agree, on
    # runs too (every size up to one card more than could move)
    for src in g.PLACES:
        for dst in g.PLACES:
            for size in range(1, g.movable(src) + 2):
                allowed = g.refusal(src, dst, size) is None
                assert allowed == (game.Move(src, dst, size) in legal), (src, dst, size, text)
    # face-down cards are a bottom run of a pile or a column, under a face-up top card (or
    # the whole column, where only the player turns cards up: Blind Patience)
    for place in g.PLACES:
        down, kind = g.face_down(place), g.place(place).kind
        top = len(g.cards(place)) if g.TOP_DOWN else len(g.cards(place)) - 1
        assert down == 0 or (kind in ("pile", "column") and down <= top)
    foundations = sum(len(g.cards(f"f{i}")) for i in range(1, 9))
    assert (g.status == "won") == (foundations == 104)
    if g.status == "blocked":
        assert not [m for m in legal if m.src.startswith("t")] and g.redeals_left == 0


def random_step(g, rng):
    """One random action: mostly a legal move, sometimes a redeal; None when there is none."""
    moves = g.legal_moves()
    if g.redeal_allowed and (not moves or rng.random() < 0.03):
        g.redeal()
        return "redeal"
    if not moves:
        return None
    move = rng.choice(moves)
    down = g.face_down_counts()
    g.play(*move)
    # (but a column refilled from the stock: Indian Patience deals it a face-down card anew)
    dealt = g.last_fill if g.fill_source == "stock" else None
    counts = zip(g.PLACES, g.face_down_counts(), down)
    assert all(now <= then or at == dealt for at, now, then in counts), "a card turned down"
    return move


@settings(max_examples=40, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(1, 60))
def test_invariants_hold_at_every_step_of_random_play(g, rng, steps):
    check_invariants(g)
    for _ in range(steps):
        if random_step(g, rng) is None:
            break
        check_invariants(g)


@settings(max_examples=60, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(0, 40))
def test_a_refused_move_changes_nothing(g, rng, steps):
    for _ in range(steps):
        if random_step(g, rng) is None:
            break
    for _ in range(20):
        src, dst = rng.choice(g.PLACES), rng.choice(g.PLACES)
        if g.refusal(src, dst) is None:
            continue
        before = (g.position(), g.can_undo, g.can_redo, g.status)
        try:
            g.play(src, dst)
        except IllegalMove as err:
            assert err.reason in game.REASONS
        else:
            raise AssertionError(f"{src}->{dst} was refused but played")
        assert (g.position(), g.can_undo, g.can_redo, g.status) == before


@settings(max_examples=60, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(1, 100))
def test_undo_back_to_the_start_gives_the_start_and_redo_the_end(g, rng, steps):
    start = g.position()
    played = 0
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(*rng.choice(moves))
        played += 1
    end_layout, end_score = layout(g), g.score
    end_down = g.face_down_counts()
    for _ in range(played):
        assert g.undo()
    assert not g.undo()
    if not g.UNDO_KEEPS_COUNT:
        assert g.position() == start  # the move counter comes back too
    else:
        assert layout(g) == layout(game.from_position(start)) and g.score == 0
        assert g.face_down_counts() == game.from_position(start).face_down_counts()
        assert g.moves == played  # Forty Thieves: the counter never goes down
    for _ in range(played):
        assert g.redo()
    assert not g.redo()
    assert layout(g) == end_layout and g.score == end_score
    assert g.face_down_counts() == end_down


@settings(max_examples=30, deadline=None)
@given(st.integers(0, DEAL_COUNT - 1), st.randoms(use_true_random=False))
def test_crescent_redeal_clears_history_and_rotates_every_pile(deal, rng):
    g = game.new(GameCode("CR1", "N", deal))
    for _ in range(rng.randrange(0, 20)):
        if random_step(g, rng) in (None, "redeal"):
            break
    before = {p: g.cards(p) for p in g.PLACES}
    moves, left = g.moves, g.redeals_left
    if left == 0:
        return
    g.redeal()
    assert not g.can_undo and not g.can_redo and g.moves == moves and g.redeals_left == left - 1
    for p in g.PLACES:
        old = before[p]
        expect = old[1:] + old[:1] if p.startswith("t") and len(old) > 1 else old
        assert g.cards(p) == expect


def test_random_full_games_round_trip_at_every_step():
    """open_spiel style: whole games, every state through text and back."""
    for seed in range(6):
        rng = random.Random(seed)
        code = ["CR1-N", "CR1-F", "FT1-N"][seed % 3] + "-" + "AAAAAB" + "ABCDEF"[seed]
        g = game.new(code)
        for _ in range(600):
            if g.status != "playing" or random_step(g, rng) is None:
                break
            text = g.position()
            assert game.from_position(text).position() == text
        assert set(all_cards(g).values()) == {2}
