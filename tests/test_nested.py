"""The nested Monte Carlo search and the portfolio Crescent's searches run it in."""

from __future__ import annotations

import random

import game
from game.solver import (
    UNKNOWN,
    UNWINNABLE,
    WINNABLE,
    Nested,
    Portfolio,
    Restarts,
    adapter_for,
    alternating_orders,
)
from game.solver import search as search_for
from game.solver.crescent import (
    _DISTANCES,
    _EMPTIED,
    _GRADE,
    _ORDER_BITS,
    REDEAL_ACTION,
    SLIDE,
    CrescentAdapter,
    _reshuffled,
)
from tests.solving import brute_force, replay, small_crescent


def nested(g: game.Solitaire, states: int) -> Nested:
    """As ``search()`` makes it: the graded move order first, then plain and graded in turn."""
    assert g.GAME == "CR1"  # the Crescent search
    return Nested(alternating_orders(g), states=states)


def test_the_nested_search_wins_a_deal_the_restarts_miss_with_five_times_its_budget():
    start = game.new("CR1-N-AAAAAD5")  # unknown after 725 000 states of restarts at 10 s
    won = nested(start, 20_000).run()
    assert won is not None and won.verdict == WINNABLE and won.states <= 20_000
    assert replay(start, won.moves).status == "won"
    restarts = Restarts(lambda seed: adapter_for(start, seed), states=100_000).run()
    assert restarts is not None and restarts.verdict == UNKNOWN


def test_the_graded_order_wins_within_a_hints_budget_what_the_plain_one_cannot():
    """``search()``'s nested search starts in the graded move order: deal 2 is won within
    40 000 states (about a Hint in the page; 6 205 when measured), where the same portfolio in
    the plain order alone finds nothing (it needed 281 515 states in the fifth pass)."""
    start = game.new("CR1-N-AAAAAAC")
    won = search_for(start, states=40_000).run()
    assert won is not None and won.verdict == WINNABLE
    assert replay(start, won.moves).status == "won"

    def plain(seed: int) -> CrescentAdapter:
        assert start.GAME == "CR1"
        return CrescentAdapter(start, seed)

    only_plain = Portfolio([(Restarts(plain), 1), (Nested(plain), 3)], states=40_000).run()
    assert only_plain is not None and only_plain.verdict == UNKNOWN


def test_a_sliced_nested_search_is_the_same_search():
    start = game.new("CR1-N-AAAAAAF")  # won in 8 182 plays
    whole = nested(start, 100_000).run()
    sliced, slices = nested(start, 100_000), 0
    while (result := sliced.run(37)) is None:
        slices += 1
    assert whole is not None and whole.verdict == WINNABLE and slices > 100
    assert (result.verdict, result.moves, result.states) == (
        whole.verdict,
        whole.moves,
        whole.states,
    )


def test_a_level_two_search_wins_and_its_line_replays():
    start = game.new("CR1-N-AAAAAAE")
    won = Nested(lambda seed: adapter_for(start, seed), states=50_000, level=2).run()
    assert won is not None and won.verdict == WINNABLE
    assert replay(start, won.moves).status == "won"


def test_the_nested_search_never_wins_a_lost_position_and_the_portfolio_proves_it_lost():
    """A nested search proves nothing (on a lost position it can only say unknown; a win
    there would be a bug); the portfolio's restarts prove the loss, brute force agreeing."""
    lost = 0
    for seed in range(60):
        start = small_crescent(random.Random(seed))
        if brute_force(start) is not False:
            continue
        lost += 1
        assert nested(start, 3000).run().verdict == UNKNOWN  # type: ignore[union-attr]
        assert search_for(start, states=200_000).run().verdict == UNWINNABLE  # type: ignore[union-attr]
    assert lost >= 5


def test_the_portfolio_gives_its_members_their_shares():
    start = game.new("CR1-N-AAAAAAA")  # no win within this budget
    portfolio = search_for(start, states=40_000)
    assert isinstance(portfolio, Portfolio)
    result = portfolio.run()
    assert result is not None and result.verdict == UNKNOWN
    (first, one), (second, three) = portfolio.members
    assert (type(first), one, type(second), three) == (Restarts, 1, Nested, 3)
    assert 40_000 <= result.states == first.states + second.states < 40_000 + 4 * Portfolio.TURN
    assert abs(3 * first.steps - second.steps) <= 3 * Portfolio.TURN


def test_a_member_that_runs_out_on_its_own_leaves_the_others_and_its_states_still_count():
    start = game.new("CR1-N-AAAAAAA")
    short = Nested(lambda seed: adapter_for(start, seed), states=2000)
    restarts = Restarts(lambda seed: adapter_for(start, seed))
    portfolio = Portfolio([(restarts, 1), (short, 3)], states=20_000)
    result = portfolio.run()
    assert result is not None and result.verdict == UNKNOWN
    assert short.result is not None and short.result.verdict == UNKNOWN
    assert portfolio.members == [(restarts, 1)]
    assert result.states == short.states + restarts.states >= 20_000
    assert short.states <= 2000 + 1


def listed_at_once(adapter: CrescentAdapter) -> list[tuple[int, int]]:
    """``actions`` as it was before ``ordered``: the whole list made at once (fd26763)."""
    g, p = adapter.g, adapter.p
    met = g.meeting_suits()
    any_met = True in met
    back = adapter._back
    distances = sum((_DISTANCES[p[i][-1] * 52 + p[i + 4][-1]] for i in range(4)), ())
    home: list[tuple[int, int]] = []
    rest: list[tuple[int, tuple[int, int]]] = []
    for move in adapter._legal_here():
        s, d = move
        if d < 8:
            if s < 8 or (any_met and met[d & 3]):
                continue
            home.append(move)
        elif move != back:
            pile = p[s]
            distance = distances[pile[-2]] if len(pile) > 1 else _EMPTIED
            if adapter.graded:
                rest.append((_GRADE * distance - distances[p[d][-1]], move))
            else:
                rest.append((0 if distance == 0 else 1, move))
    if any_met:
        for i in range(8, 24):
            if p[i] and met[p[i][-1] // 13]:
                home.append((i, SLIDE))
    if adapter.streamline and home:
        return home
    if adapter.rng is not None:
        k = adapter.rng.getrandbits(_ORDER_BITS)
        if len(home) > 1:
            home = _reshuffled(home, k)
        if len(rest) > 1:
            rest = _reshuffled(rest, k)
    rest.sort(key=lambda pair: pair[0])
    actions = home + [move for _, move in rest]
    if g.redeal_allowed:
        actions.append(REDEAL_ACTION)
    return actions


def test_actions_made_as_a_rollout_asks_for_them_are_the_full_lists_order():
    """``ordered`` makes the other moves only once the home moves run out, while the rollout
    tries actions (played and undone) between its steps: what it yields is still the list
    ``actions`` made at once before it, the same random draws included (two adapters of one
    seed, walked alike; plain and graded, streamlined too)."""
    rng = random.Random(3)
    compared = 0
    for graded, streamline in ((False, False), (True, False), (False, True)):
        for deal in "BCDE":
            start = game.new("CR1-N-AAAAAA" + deal)
            lazy = CrescentAdapter(start, seed=9, graded=graded, streamline=streamline)
            full = CrescentAdapter(start, seed=9, graded=graded, streamline=streamline)
            lazy.start(), full.start()
            for _ in range(120):
                expected = listed_at_once(full)
                got = []
                for action in lazy.ordered():  # each tried and taken back before the next
                    got.append(action)
                    lazy.undo(lazy.play(action))
                assert got == expected, (deal, graded)
                compared += 1
                moves = [a for a in expected if a != (-1, -1)]
                if not moves:
                    break
                action = rng.choice(moves)
                lazy.play(action), full.play(action)
    assert compared > 150


class PeekFirst(Nested):
    """The nested search as it was: ``peek`` at each action before playing it."""

    def _play(self, action: object) -> bool:
        adapter, seen = self.adapter, self.seen
        ahead = adapter.peek(action)
        if ahead is not None and ahead[0] in seen:
            return False
        token = adapter.play(action)
        self.plays += 1
        key = adapter.key()[0] if ahead is None else ahead[0]
        if ahead is None and key in seen:
            adapter.undo(token)
            return False
        seen.add(key)
        self.trail.append((action, token, key))
        return True


def test_playing_before_looking_is_the_same_search_as_peeking_first():
    """``_play`` plays an action and takes it back if its position is on the trail, and
    counts it as peeking first would have: the same wins, lines and state counts (deals that
    are won and ones that run out, graded and plain orders in turn)."""
    verdicts, rejected = set(), 0

    class Counted(Nested):
        def _play(self, action: object) -> bool:
            nonlocal rejected
            kept = super()._play(action)
            rejected += not kept
            return kept

    for deal in "ABCDEFG":
        start = game.new("CR1-N-AAAAAA" + deal)
        assert start.GAME == "CR1"
        got = Counted(alternating_orders(start), states=6_000).run()
        expected = PeekFirst(alternating_orders(start), states=6_000).run()
        assert got is not None and expected is not None
        assert (got.verdict, got.moves, got.states) == (
            expected.verdict,
            expected.moves,
            expected.states,
        ), deal
        verdicts.add(got.verdict)
    assert verdicts == {WINNABLE, UNKNOWN} and rejected > 100
