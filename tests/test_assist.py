"""The page's solver helpers without a browser: hints from a known line, guesses, slices."""

from __future__ import annotations

import gc
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game.codes import KINDS, GameCode
from game.solver import UNKNOWN, UNWINNABLE, WINNABLE, Search, adapter_for, prove_unwinnable, solve
from game.ui.solving.assist import WATCH_STATES, Job, Line, at_deal_start, heuristic_move, state_key
from tools.daily import listed
from tools.winnable import CARRIED, rows, winnable

HEADS = ("CR1-N", "CR1-F", "FT1-N")  # the games whose lists are sampled twice


class FakeClock:
    """Milliseconds that advance by ``step`` at each reading: slices end deterministically."""

    def __init__(self, step: float = 0.01) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_line_gives_the_next_move_while_the_player_follows_it():
    start = game.new("CR1-N-AAAAAAE")
    result = solve(start, states=300_000)
    line = Line(start, result.moves)
    g = start.copy()
    for move in result.moves[:40]:  # through a redeal too
        assert line.next_move(g) == move
        g.play_move(move)
    assert game.REDEAL in result.moves[:40]
    other = start.copy()
    src, dst, _ = next(m for m in other.legal_moves() if m != result.moves[0])
    other.play(src, dst)
    assert line.next_move(other) is None or line.next_move(other) != result.moves[1]


def test_state_key_ignores_the_counters_but_not_redeals():
    g = game.new("CR1-N-AAAAAAE")
    h = g.copy()
    h.moves = 99
    assert state_key(g) == state_key(h)
    h.redeals_left = 1
    assert state_key(g) != state_key(h)


def text_key(g: game.Solitaire) -> str:
    """The state key as it was: the position's text without its counters, and redeals left."""
    return g.position().split("\n", 1)[1] + str(g.redeals_left)


@settings(max_examples=25, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    deal=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 1_000), min_size=40, max_size=120),
)
def test_the_state_key_tells_positions_apart_exactly_as_their_text_does(kind, deal, picks):
    """Along random games (undos too, so positions come back), two positions have the same key
    if and only if they have the same cards in the same places and the same redeals left."""
    g = game.new(str(GameCode(*kind.split("-"), deal)))
    by_key: dict[bytes, str] = {}
    for pick in picks:
        moves = g.legal_moves()
        if pick % 7 == 0 and g.can_undo:
            g.undo()
        elif moves:
            g.play_move(moves[pick % len(moves)])
        assert by_key.setdefault(state_key(g), text_key(g)) == text_key(g)
    assert len(set(by_key.values())) == len(by_key)


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "CR1-F-AAAAAAC", "FT1-N-AAAAAAB"])
def test_the_guess_is_a_legal_move(code):
    g = game.new(code)
    move = heuristic_move(g)
    assert move is not None and tuple(move) in {tuple(m) for m in g.legal_moves()}


def test_the_guess_draws_when_only_drawing_is_left():
    from tests.solving import BLOCKING, spades_and_hearts_from_six

    stuck = spades_and_hearts_from_six(BLOCKING, "JH JH 9H TH")
    assert heuristic_move(stuck) == game.Move("stock", "waste")
    for _ in range(4):
        stuck.play("stock", "waste")
    assert heuristic_move(stuck) is None


def test_a_job_works_in_slices_of_about_the_budget_then_finishes():
    def clock() -> float:  # this thread's CPU time: a busy machine's other work is not counted
        return time.thread_time() * 1000

    job = Job("check", game.new("CR1-N-AAAAAAE"), clock)
    slices, longest = 0, 0.0
    # the objects of every test before this one in the worker set aside, so that a collection
    # of garbage scans the job's own (as in the page), not the test process's whole heap (a
    # 94 ms slice of a 1 ms budget was seen in a full run, most likely one such scan)
    gc.collect()
    gc.freeze()
    try:
        while True:
            began = clock()
            result = job.advance(1.0)
            longest = max(longest, clock() - began)
            if result is not None:
                break
            slices += 1
    finally:
        gc.unfreeze()
    assert slices > 3 and result.verdict == WINNABLE
    assert longest < 50  # about the budget, with room for a collection of the job's garbage


def test_a_hint_job_gives_up_at_its_wall_time():
    clock = FakeClock(step=0.5)
    job = Job("hint", game.new("FT1-N-AAAAAAB"), clock, wall_ms=5)
    for _ in range(400):
        if (result := job.advance(3.0)) is not None:
            break
    assert result is not None and result.verdict == UNKNOWN
    assert job.advance(3.0) is result  # over: the search does not go on


# a lost Crescent endgame with no short proof (``prove_unwinnable`` finds none): only a search
# of its whole tree, 1 287 states, proves it
LOST_ENDGAME = """CR1 redeals=1 moves=0
f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
f3: AD 2D 3D 4D 5D 6D 7D 8D 9D
f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
f5: KS QS JS TS 9S 8S 7S 6S
f6: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
f7: KD QD JD TD 9D 8D 7D 6D
f8: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC
t1:
t2: 5D 2S JD AH
t3:
t4:
t5:
t6:
t7: KC 2D 5S 3S AS
t8:
t9:
t10:
t11: QD 4S AD KD KS 4D
t12:
t13:
t14:
t15:
t16: 3D TD
"""


def test_the_quiet_look_proves_a_loss_the_restarts_for_wins_do_not_reach():
    """The quiet look after a move (``watch``, 20 000 states) restarts on the larger unit that
    proves small lost trees sooner; the hint and check jobs' search (the restarts on the small
    unit in turns with a nested search, better at wins) does not prove this one in the same
    budget."""
    start = game.from_position(LOST_ENDGAME)
    assert prove_unwinnable(start) is None
    assert Search(adapter_for(start)).run().verdict == UNWINNABLE  # the whole tree: lost
    verdicts = {}
    for kind in ("watch", "check"):
        job = Job(kind, start, FakeClock(), states=WATCH_STATES)
        while (result := job.advance(5.0)) is None:
            pass
        verdicts[kind] = result.verdict
    assert verdicts == {"watch": UNWINNABLE, "check": UNKNOWN}


def found_within(kind: str, states: int) -> set[str]:
    """The deals of ``kind`` the batch results won within ``states`` states."""
    return {
        r["code"] for r in rows(kind) if r["verdict"] == "winnable" and int(r["states"]) <= states
    }


def test_shipped_winnable_lists_hold_codes_the_solver_wins():
    """Each list is what the batch proved; a sample is solved again and replayed to won."""
    for kind in KINDS:
        codes = list(listed(kind))  # "CODE GRADE" a line
        assert all(c.startswith(kind + "-") for c in codes)
        assert codes == sorted(set(codes))
        # what the batch found within 60 000 states (a longer run's wins take a minute each
        # to find again): the first and a middle one of the heads, the first of the others
        within = found_within(kind, 60_000)  # (once: it reads the kind's batch results)
        quick = [c for c in codes if c in within]
        head = CARRIED.get(kind)
        carried = {kind + c[len(head) :] for c in winnable(head)} if head else set()
        assert set(codes) == winnable(kind) | carried  # the lists are the results, no more
        sample = quick[:: max(1, len(quick) // 2)][:2] if kind in HEADS else quick[:1]
        budget = 60_000 if kind.startswith("CR1") else 120_000  # the family's beam: half
        for code in sample:
            result = solve(game.new(code), states=budget)
            if result.verdict != WINNABLE and head:  # carried over: the head's line
                result = solve(game.new(head + code[len(kind) :]), states=60_000)
            assert result.verdict == WINNABLE, code
            assert game.replay(game.new(code), result.moves).status == "won"
    crescent, four = listed("CR1-N"), listed("CR1-F")
    assert {"CR1-F-" + c[6:] for c in crescent} <= set(four)  # Crescent's wins carried over


def test_the_trail_follows_moves_undos_and_new_starts():
    from game.solver import UNKNOWN, UNWINNABLE, WINNABLE
    from game.ui.solving.assist import Trail

    trail = Trail(limit=3)
    trail.moved("a", can_undo=False)
    for key in "bcd":
        trail.moved(key, can_undo=True)
    assert trail.keys == ["a", "b", "c", "d"]
    trail.moved("e", can_undo=True)  # no further back than undo reaches
    assert trail.keys == ["b", "c", "d", "e"]
    trail.moved("c", can_undo=True)  # an undo (or a move back to c): the trail is cut there
    assert trail.keys == ["b", "c"]
    trail.learn("b", WINNABLE)
    trail.learn("c", UNKNOWN)  # teaches nothing
    trail.moved("x", can_undo=True)
    trail.learn("x", UNWINNABLE)
    assert trail.lost() and trail.back_to_winnable() == 2
    trail.moved("y", can_undo=False)  # a redeal: nothing before it can be undone
    assert trail.keys == ["y"] and not trail.lost() and trail.back_to_winnable() is None


def test_a_deal_start_is_known_by_its_position_not_by_the_move_count():
    """The page says "cannot be won from its start" only there: a redeal is not a move, and
    Forty Thieves' count does not go down on undo."""
    g = game.new("CR1-N-AAAAAJB")
    assert at_deal_start(g)
    g.redeal()
    assert g.moves == 0 and not at_deal_start(g)
    ft = game.new("FT1-N-AAAAAAB")
    ft.play(*ft.legal_moves()[0])
    ft.undo()
    assert ft.moves > 0 and at_deal_start(ft)
    assert not at_deal_start(game.from_position(game.new("CR1-N-AAAAAJB").position()))
