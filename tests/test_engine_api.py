"""The engine's public fast path and its one move vocabulary: ``apply``/``unapply`` undo
exactly, a redeal is a move (``REDEAL``) with a text form, ``replay`` plays any line and names
the move that breaks it, and the rule helpers the solver uses agree with the move generator."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games

import game
from game import REDEAL, IllegalLine, Move
from game.forty_thieves import FAMILY as FORTY


def state(g: game.Solitaire) -> tuple[str, int]:
    """All a position is: its text (layout and counters) and the redeals it has left."""
    return g.position(), g.redeals_left


def line_moves(g: game.Solitaire) -> list[Move]:
    """Every move the fast path may be given here: the legal ones and a redeal if allowed."""
    return g.legal_moves() + ([REDEAL] if g.redeal_allowed else [])


@settings(max_examples=40, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(1, 80))
def test_apply_then_unapply_gives_back_every_position_of_a_random_game(g, rng, steps):
    """A search goes down a random line with ``apply`` and back up with ``unapply``: each
    record names its move, and every position on the way back is exactly the one left."""
    seen, records = [state(g)], []
    for _ in range(steps):
        moves = line_moves(g)
        if not moves:
            break
        move = rng.choice(moves)
        record = g.apply(move)
        assert g.move_of(record) == move
        records.append(record)
        seen.append(state(g))
    for record in reversed(records):
        assert state(g) == seen.pop()
        g.unapply(record)
    assert state(g) == seen.pop() and not seen


@settings(max_examples=30, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(1, 60))
def test_a_line_played_unchecked_replays_checked_to_the_same_position(g, rng, steps):
    start, line = g.copy(), []
    for _ in range(steps):
        moves = line_moves(g)
        if not moves:
            break
        line.append(rng.choice(moves))
        g.apply(line[-1])
    assert state(game.replay(start, line)) == state(g)


def test_redeal_is_a_move_with_a_text_form():
    assert REDEAL.is_redeal and not Move("t1", "t2").is_redeal
    assert REDEAL.text() == "redeal" and Move.from_text("redeal") is REDEAL
    assert Move.from_text(Move("t3", "f1").text()) == Move("t3", "f1")
    with pytest.raises(game.BadMoveText, match="redeal"):
        Move.from_text("Redeal")


def test_play_move_redeals_like_redeal_and_clears_the_history():
    g, h = game.new("CR1-N-AAAAAAE"), game.new("CR1-N-AAAAAAE")
    move = g.legal_moves()[0]
    g.play_move(move)
    h.play(*move)
    g.play_move(REDEAL)
    h.redeal()
    assert state(g) == state(h) and g.redeals_left == 2
    assert not g.can_undo and not g.can_redo


def test_apply_redeal_is_undone_but_play_move_redeal_is_refused_when_none_are_left():
    g = game.new("CR1-N-AAAAAAB")
    before = state(g)
    records = [g.apply(REDEAL) for _ in range(3)]
    assert not g.redeal_allowed
    with pytest.raises(game.IllegalMove, match="no_redeals"):
        g.play_move(REDEAL)
    for record in reversed(records):
        g.unapply(record)
    assert state(g) == before


def test_forty_thieves_has_no_redeal():
    g = game.new("FT1-N-AAAAAAB")
    assert not g.redeal_allowed
    for call in (lambda: g.apply(REDEAL), lambda: g.play_move(REDEAL)):
        with pytest.raises(game.IllegalMove, match="no_redeals"):
            call()


def test_replay_names_the_move_that_breaks_the_line_with_the_moves_before_it_played():
    g = game.new("FT1-N-AAAAAAB")
    good = [Move("stock", "waste"), Move("stock", "waste")]
    bad = Move("waste", "t1")
    reason = game.new("FT1-N-AAAAAAB")
    game.replay(reason, good)
    expected = reason.refusal("waste", "t1")
    assert expected is not None  # the deal is chosen so that this move is refused
    with pytest.raises(IllegalLine, match=r"move 3 \(waste-t1\)") as caught:
        game.replay(g, [*good, bad, Move("stock", "waste")])
    assert caught.value.index == 2 and caught.value.move == bad
    assert isinstance(caught.value.cause, game.IllegalMove)
    assert caught.value.cause.reason == expected.reason
    assert g.moves == 2  # the two draws before it were played, nothing after


def test_replay_reports_an_unknown_place_as_a_broken_move():
    with pytest.raises(IllegalLine, match="move 1") as caught:
        game.replay(game.new("CR1-N-AAAAAAB"), [Move("t99", "f1")])
    assert isinstance(caught.value.cause, game.UnknownPlace)


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAD", "FT1-N-AAAAAAD"])
def test_snapshot_and_restore_bring_back_layout_and_counters(code):
    g = game.new(code)
    rng = random.Random(4)
    for _ in range(10):
        g.apply(rng.choice(line_moves(g)))
    saved, before = g.snapshot(), state(g)
    for _ in range(10):
        g.apply(rng.choice(line_moves(g)))
    assert state(g) != before
    g.restore(saved)
    assert state(g) == before


@settings(max_examples=40, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(0, 80))
def test_the_solvers_rule_helpers_agree_with_the_move_generator(g, rng, steps):
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        g.apply(rng.choice(moves))
    legal = set(g.legal_moves())
    p = g.layout
    assert g.is_won() == (g.status == "won")
    if g.GAME == "CR1":  # Crescent's own rule helper (meeting_suits)
        for suit in range(4):
            up, down = g.PLACES[suit], g.PLACES[suit + 4]
            crossing = Move(up, down) in legal or Move(down, up) in legal
            meet = g.meeting_suits()[suit]
            assert crossing == (meet and (len(p[suit]) > 1 or len(p[suit + 4]) > 1))
        for i in range(8, 24):
            if p[i]:
                home = [m.dst for m in legal if m.src == g.PLACES[i] and m.dst[0] == "f"]
                found = g.foundation_for(p[i][-1])
                assert (found is None) == (not home)
                assert found is None or g.PLACES[found] in home
                for f, card in enumerate(g.foundation_cards()):  # the index's home moves
                    assert (card == p[i][-1]) == (g.reason_at(i, f) is None)
        for f, card in enumerate(g.foundation_cards()):
            assert card == -1 or card // 13 == f % 4
    else:
        waste = g.NUMBERS["waste"]
        if p[waste]:
            for d in range(g.STOCK_AT):  # the foundations and the columns
                assert g.reason_onto(d, p[waste][-1]) == g.reason_at(waste, d)
        wants = g.foundation_wants()  # (two a foundation where they alternate colours)
        for f, wanted in enumerate(g.foundation_cards()):
            assert wanted == (-1 if g.takes_home(f) is None else g.takes_home(f))
            assert wanted == (wants[f][0] if wants[f] else -1)
            assert [c for c in range(52) if g.reason_onto(f, c) is None] == sorted(wants[f])


def history(g: game.Solitaire) -> list[tuple[str, int]]:
    """Every position undo reaches from here, then undone back (g is left as it was)."""
    seen, steps = [], 0
    while g.undo():
        seen.append(state(g))
        steps += 1
    for _ in range(steps):
        g.redo()
    return seen


@settings(max_examples=30, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.integers(1, 150))
def test_the_line_rebuilds_the_position_its_undo_history_and_its_redo_moves(g, rng, steps):
    """What a save keeps: replaying ``line`` on a new deal, then ``redo_line`` and undoing it
    again, gives the same position, the same undo history and the same redo moves."""
    start = g.copy()
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.15:
            g.undo()
        elif roll < 0.2:
            g.redo()
        elif g.redeal_allowed and roll < 0.23:
            g.redeal()
        elif g.legal_moves():
            g.play(*rng.choice(g.legal_moves()))
    twin = game.replay(start.copy(), [*g.line, *g.redo_line])
    for _ in g.redo_line:
        twin.undo()
    assert twin.line == g.line and twin.redo_line == g.redo_line
    assert state(twin)[0].split("\n", 1)[1] == state(g)[0].split("\n", 1)[1]  # the layout
    if not g.UNDO_KEEPS_COUNT:  # Forty Thieves' counter also counts undone actions
        assert state(twin) == state(g)
    else:
        assert twin.score == g.score
    assert [s[0].split("\n", 1)[1] for s in history(twin)] == [
        s[0].split("\n", 1)[1] for s in history(g)
    ]


@given(st.integers(1, 64), st.integers(0, 10))
def test_apply_draws_is_k_draws_and_unapply_takes_them_back(k, played):
    """``apply_draws(k)``: the position of ``k`` single draws; ``unapply`` restores exactly."""
    g = game.new("FT1-N-AAAAAAB")
    for _ in range(played):  # some cards on the waste first
        g.apply_at(g.NUMBERS["stock"], g.NUMBERS["waste"])
    k = min(k, len(g.cards("stock")))
    if k == 0:
        return
    before = g.position()
    one_by_one = g.copy()
    for _ in range(k):
        one_by_one.apply_at(g.NUMBERS["stock"], g.NUMBERS["waste"])
    record = g.apply_draws(k)
    assert g.position() == one_by_one.position()
    assert g.move_of(record) == Move("stock", "waste")
    g.unapply(record)
    assert g.position() == before


@pytest.mark.parametrize("kind", [kind.code for kind in game.REGISTRY])
def test_a_game_knows_its_kind_from_its_code_or_its_position(kind):
    """``Solitaire.kind``: the page's picker and controls for a game made from a position text
    (a test hook, a save that kept a position) are its kind's, not its family's first."""
    g = game.new(f"{kind}-AAAAAAB")
    assert g.kind == kind
    made = game.from_position(g.position())
    if kind in FORTY:  # a relative names itself on its first line
        assert made.kind == kind
    else:  # Crescent's variants write CR1: the same rules, read as Crescent's
        assert made.kind == "CR1-N"
