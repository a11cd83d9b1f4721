"""The solver: its wins replay through the engine, its proofs agree with brute force, its
budgets give all three verdicts, deterministically, in one run or in slices."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import game
from game.forty_thieves import COLUMNS, STOCK, WASTE, rules_class
from game.kinds import KINDS_BY_CODE
from game.rules import ANY_SUIT, FortyRules
from game.solver import UNKNOWN, UNWINNABLE, WINNABLE, Search, adapter_for, search, solve
from game.solver.__main__ import main
from game.solver.batch import parse_range, read_rows, run_batch, solve_deals, summary, wilson
from game.solver.forty_thieves import DRAWN_OUT, FortyThievesAdapter
from game.solver.searches import luby
from tests.helpers import build
from tests.solving import (
    BLOCKING,
    brute_force,
    ft_foundations,
    replay,
    small_crescent,
    small_forty_thieves,
    spades_and_hearts_from_six,
)


@pytest.mark.parametrize("make", [small_crescent, small_forty_thieves])
def test_verdicts_agree_with_brute_force_on_small_positions(make):
    """Both verdicts occur, each agrees with brute force, each win replays to won."""
    verdicts = {WINNABLE: 0, UNWINNABLE: 0}
    for seed in range(120):
        start = make(random.Random(seed))
        result = solve(start, states=200_000)
        assert result.verdict in verdicts, (seed, result)
        if result.verdict == WINNABLE:
            assert replay(start, result.moves).status == "won"
        truth = brute_force(start)
        if truth is None:
            continue  # too big for brute force
        assert (result.verdict == WINNABLE) == truth, (seed, start.position())
        verdicts[result.verdict] += 1
    assert sum(verdicts.values()) >= 100, verdicts
    if make is small_crescent:  # random Forty Thieves endgames are nearly all won: see below
        assert min(verdicts.values()) >= 10, verdicts


def test_forty_thieves_deadlock_is_proved_unwinnable_and_brute_force_agrees():
    """Every column's top blocks (no same-suit card one rank lower on top anywhere, no six for
    the foundations, no empty column for a foundation card to come back to); the stock's
    cards can be drawn but not placed: the sixes stay buried."""
    lost = spades_and_hearts_from_six(BLOCKING, "JH JH 9H TH")
    assert solve(lost).verdict == UNWINNABLE
    assert brute_force(lost) is False


def test_forty_thieves_won_when_the_stock_unlocks_the_columns():
    """The same columns with a queen of spades to draw: it goes on a king, the jack on it, and
    the columns come apart (the line draws, builds, empties columns, brings cards back)."""
    columns = BLOCKING[:2] + ["6H JH JS"] + BLOCKING[3:]
    start = spades_and_hearts_from_six(columns, "JH QS 9H TH")
    result = solve(start)
    assert result.verdict == WINNABLE
    assert replay(start, result.moves).status == "won"
    assert brute_force(start) is True


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAE", "CR1-F-AAAAAAE", "CR1-N-AAAAAAT"])
def test_a_deal_won_from_the_start_replays_to_won(code):
    result = solve(game.new(code), states=300_000)
    assert result.verdict == WINNABLE
    end = replay(game.new(code), result.moves)
    assert end.status == "won" and result.states > 0


def test_forty_thieves_line_uses_draws_and_replays_to_won():
    """An endgame where the win needs cards from the stock: the line draws and plays them."""
    start = game.from_position(
        "FT1 score=0 moves=0\n"
        + ft_foundations(lambda suit: 11)
        + "\nt1: KS QS\nt2: KH\nt3: QH\nt4:\nt5:\nt6:\nt7:\nt8:\nt9:\nt10:\n"
        "stock: QH QD KD QC KC KC QC QD\nwaste: KS KD QS KH\n"
    )
    result = solve(start, states=100_000)
    assert result.verdict == WINNABLE
    assert game.Move("stock", "waste") in result.moves
    assert replay(start, result.moves).status == "won"


def test_unknown_when_the_budget_runs_out_and_budgets_are_deterministic():
    start = game.new("FT1-N-AAAAAAD")  # (AAAAAAB: playouts win it in a fraction of a second)
    first = solve(start, states=3000)
    again = solve(start, states=3000)
    assert first.verdict == again.verdict == UNKNOWN and first.moves == []
    # the budget is checked between the beam's and the playouts' turns: one turn over at most
    assert first.states == again.states and 3000 <= first.states < 3000 + 8000
    assert solve(start, seconds=0.2).verdict == UNKNOWN


def test_the_familys_search_wins_with_playouts_where_the_beam_needs_a_million_states():
    result = solve(game.new("FT1-N-AAAAAAB"), seconds=30)  # the beam alone: 1.13 million states
    assert result.verdict == WINNABLE and result.states < 100_000
    assert game.replay(game.new("FT1-N-AAAAAAB"), result.moves).status == "won"
    sliced = search(game.new("FT1-N-AAAAAAB"), states=100_000)
    while (step := sliced.run(500)) is None:
        pass
    assert (step.verdict, step.moves, step.states) == (WINNABLE, result.moves, result.states)


def test_slices_reach_the_same_verdict_and_line_as_one_run():
    code = "CR1-N-AAAAAAE"
    whole = solve(game.new(code), states=300_000)
    sliced = search(game.new(code), states=300_000)
    slices = 0
    while (result := sliced.run(50)) is None:
        slices += 1
    assert slices > 10
    assert (result.verdict, result.moves, result.states) == (
        whole.verdict,
        whole.moves,
        whole.states,
    )


def test_the_game_searched_is_left_untouched():
    g = game.new("CR1-N-AAAAAAE")
    before = g.position()
    solve(g, states=5000)
    assert g.position() == before


def test_crescent_met_foundations_are_one_state():
    """When a suit's foundations meet, the slides between them are not separate states."""
    g = build("CR1 redeals=0 moves=0", {"f1": "5S", "f5": "6S"}, [f"t{i}" for i in range(1, 17)])
    adapter = adapter_for(g)
    key = adapter.key()
    adapter.g.apply_at(0, 4)  # slide: 5S to the descending foundation
    assert adapter.key() == key
    adapter.g.apply_at(4, 0)
    adapter.g.apply_at(4, 0)  # and 6S onto the ascending one
    assert adapter.key() == key


def test_the_key_holds_the_free_cells_cards_in_any_cell():
    """A card in a cell is not a card home (the key leaves the foundations out: the cards out
    decide them), nor in a column; in which cell it lies is no matter."""
    fill = ["stock", *[f"t{k}" for k in range(2, 11)]]
    in_cell = build("FT2-A score=0 moves=0", {"t1": "KD", "c1": "AS"}, fill)
    home = build("FT2-A score=0 moves=0", {"t1": "KD", "f1": "AS", "c1": ""}, fill)
    other_cell = build("FT2-A score=0 moves=0", {"t1": "KD", "c3": "AS"}, fill)
    assert in_cell.cards("c1") and home.cards("f1") and other_cell.cards("c3")
    key = FortyThievesAdapter(in_cell).key()
    assert FortyThievesAdapter(home).key() != key
    assert FortyThievesAdapter(other_cell).key() == key


def fresh_key(adapter):
    """The key an adapter would compute from scratch for its current position."""
    return type(adapter)(adapter.g).key()


@pytest.mark.parametrize(
    "code", ["CR1-N-AAAAAAE", "FT1-N-AAAAAAB", "FT2-A-AAAAAAB", "FT2-J-AAAAAAB", "FT2-F-AAAAAAB"]
)
def test_incremental_keys_match_keys_from_scratch(code):
    """Along random walks of actions (and their undos), the key and the score kept up to date
    move by move are those computed afresh, and the key an action's ``peek`` foresaw; pile
    order and which copy of a card does not change it. (Squadron and Jacks in the Box: free
    cells, full at the deal and empty. Floradora: Kings on a foundation of their own.)"""
    rng = random.Random(7)
    adapter = adapter_for(game.new(code))
    tokens = [adapter.start()]
    peeked = 0
    for _ in range(400):
        actions = adapter.actions()
        if actions and (rng.random() < 0.7 or len(tokens) < 2):
            action = rng.choice(actions)
            ahead = adapter.peek(action)  # worked out without playing, where it is cheap
            tokens.append(adapter.play(action))
            assert ahead is None or ahead == adapter.key()
            peeked += ahead is not None
        elif len(tokens) > 1:
            adapter.undo(tokens.pop())
        assert adapter.key() == fresh_key(adapter)
        assert adapter.score() == type(adapter)(adapter.g).score()
    twin = adapter.g.copy()
    columns = [twin.NUMBERS[p] for p in twin.PLACES if p.startswith("t")]
    piles = twin.layout[columns[0] : columns[-1] + 1]
    piles.reverse()
    twin.layout[8 : 8 + len(piles)] = piles  # the same piles, in another order
    assert type(adapter)(twin).key() == adapter.key()
    # Crescent peeks at every plain move, Forty Thieves where no safe move may follow; where
    # ranks wrap (Jacks in the Box) or the Kings have a foundation (Floradora: its columns
    # build in any suit) nothing is foreseen
    kings = getattr(adapter, "kings", -1)
    assert peeked > 50 or adapter.wraps or kings > 0
    assert kings < 0 or adapter.g.layout[kings]  # (the walk sent Kings there: scored too)


def test_forty_thieves_safe_moves_are_all_made_though_most_plays_skip_the_scan(monkeypatch):
    """``play`` scans for safe moves in full only when what it changed could make one; along
    random walks (undos and restores of saved states included), after every action of every
    position a full scan finds nothing left to do, and the score and key kept up to date by
    each move are a fresh adapter's; where ``glance`` foresaw the key and score without
    playing, they are the ones played (and never a win). Each kind of draw-and-play action
    comes by the stock card's depth, then by place (the order the search's results depend
    on)."""
    rng = random.Random(11)
    plays = scanned = scans = restores = glanced = 0  # scanned: the plays that did scan
    for code in ("FT1-N-AAAAAAB", "FT1-N-AAAAAAZ", "FT1-N-AAAAACD", "FT1-N-AAAAAVS"):
        adapter = adapter_for(game.new(code))
        auto = adapter._auto

        def counted(records: list[Any], auto: Any = auto) -> None:
            nonlocal scans
            scans += 1
            auto(records)

        monkeypatch.setattr(adapter, "_auto", counted)
        tokens = [adapter.start()]
        saved = [adapter.snapshot()]
        for _ in range(150):
            actions = adapter.actions()
            for kind in (3, 4):  # home, onto a column: each sorted by (draws, place)
                drawn = [a for a in actions if a[0] and (a[2] < 8) == (kind == 3)]
                assert drawn == sorted(drawn), code
            for action in actions:
                before = scans
                ahead = adapter.glance(action)
                token = adapter.play(action)
                plays += 1
                scanned += scans > before
                extra: list[Any] = []
                auto(extra)
                assert extra == [], (code, action)
                fresh = type(adapter)(adapter.g)
                assert (adapter.score(), adapter.key()) == (fresh.score(), fresh.key())
                if ahead is not None:
                    glanced += 1
                    assert ahead == (adapter.key()[0], adapter.score()), (code, action)
                    assert not adapter.won()
                adapter.undo(token)
            home = [a for a in actions if a[2] < 8]  # home often: the foundations must grow
            near = [a for a in actions if a[0] <= 2]  # few draws: the stock lasts the walk
            roll = rng.random()
            if roll < 0.05 and len(saved) > 1:  # back to a state saved earlier
                adapter.restore(rng.choice(saved))
                tokens = [[]]
                restores += 1
                fresh = type(adapter)(adapter.g)
                assert (adapter.score(), adapter.key()) == (fresh.score(), fresh.key())
            elif actions and (roll < 0.8 or len(tokens) < 2):
                pool = home if home and rng.random() < 0.5 else near or actions
                tokens.append(adapter.play(rng.choice(pool)))
                saved.append(adapter.snapshot())
            elif len(tokens) > 1:
                adapter.undo(tokens.pop())
    assert restores > 10
    assert plays - scanned > plays // 2  # the shortcut was taken, and was right each time
    assert glanced > plays // 2  # most children are foreseen, not played
    # the rare case walks seldom meet: the second Ace of hearts drawn home makes the two of
    # hearts on a column top safe (FT1-N-AAAAAAA: both Aces in the stock, a two on top)
    adapter = adapter_for(game.new("FT1-N-AAAAAAA"))
    adapter.start()
    p, two = adapter.p, 14
    assert two in [p[j][-1] for j in range(8, 8 + COLUMNS)]
    for ace in range(2):
        action = next(a for a in adapter.actions() if a[0] and a[2] in (1, 5) and not p[a[2]])
        assert (adapter.glance(action) is None) == (ace == 1)  # the second: not foreseen
        adapter.play(action)
    assert two in (p[1][-1], p[5][-1])  # home, by the safe-move scan


def test_forty_thieves_never_foresees_a_win_and_foresees_endgames_exactly():
    """A beam does not play a child ``glance`` foresees, so it never sees that child win:
    ``glance`` must say ``None`` for every winning move (its card goes onto the lower
    foundation, under a complete one). Random walks through small endgames, where wins are
    near: each action's glance against the position played."""
    rng = random.Random(29)
    wins = foreseen = 0
    for seed in range(60):
        adapter = adapter_for(small_forty_thieves(random.Random(seed)))
        tokens = [adapter.start()]
        for _ in range(40):
            actions = adapter.actions()
            for action in actions:
                ahead = adapter.glance(action)
                token = adapter.play(action)
                if adapter.won():
                    wins += 1
                    assert ahead is None, (seed, action)
                elif ahead is not None:
                    foreseen += 1
                    assert ahead == (adapter.key()[0], adapter.score()), (seed, action)
                adapter.undo(token)
            if actions and not adapter.won() and (rng.random() < 0.8 or len(tokens) < 2):
                tokens.append(adapter.play(rng.choice(actions)))
            elif len(tokens) > 1:
                adapter.undo(tokens.pop())
    assert wins > 50 and foreseen > 1000
    # the one win that comes by a move, not by the safe moves: the last card, still in the
    # stock, drawn and played home (a top card that finishes the game is safe, so gone already)
    found = ft_foundations(lambda suit: 13).replace(
        "f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"
    )
    columns = "\n".join(f"t{i}:" for i in range(1, 11))
    last = game.from_position(f"FT1 score=0 moves=0\n{found}\n{columns}\nstock: KS\nwaste:\n")
    adapter = adapter_for(last)
    assert (1, WASTE, 0) in adapter.actions() and adapter.glance((1, WASTE, 0)) is None
    won = solve(last, states=10)
    assert won.verdict == WINNABLE and replay(last, won.moves).status == "won"


def test_forty_thieves_leaves_out_only_cards_off_the_foundations_that_come_straight_back():
    """A card taken off a suit's lower foundation (or off the higher one, one card above the
    lower) is safe at once, so the safe moves put it straight back: the position is the one
    before, and ``actions`` leaves the move out (not when the safe moves are off); a card off
    the higher foundation stays in (random walks, home moves often, undos too)."""
    rng = random.Random(23)
    left_out = kept = 0
    for code in ("FT1-N-AAAAAAB", "FT1-N-AAAAAAZ", "FT1-N-AAAAACD", "FT1-N-AAAAAVS"):
        adapter = adapter_for(game.new(code))
        tokens = [adapter.start()]
        for _ in range(200):
            actions, p, before = adapter.actions(), adapter.p, adapter.key()
            first_empty = next((j for j in range(8, 8 + COLUMNS) if not p[j]), None)
            for s, d in adapter.g.legal_at():
                if s >= 8 or (not p[d] and d != first_empty):
                    continue
                if len(p[s]) <= len(p[s ^ 4]) + 1:
                    assert (0, s, d) not in actions, code
                    # without the safe moves nothing puts it back: a move like any other
                    assert (0, s, d) in type(adapter)(adapter.g, auto=False).actions()
                    token = adapter.play((0, s, d))
                    assert adapter.key() == before, code
                    adapter.undo(token)
                    left_out += 1
                else:
                    assert (0, s, d) in actions, code
                    kept += 1
            home = [a for a in actions if a[2] < 8]
            near = [a for a in actions if a[0] <= 2]
            if actions and (rng.random() < 0.8 or len(tokens) < 2):
                pool = home if home and rng.random() < 0.6 else near or actions
                tokens.append(adapter.play(rng.choice(pool)))
            elif len(tokens) > 1:
                adapter.undo(tokens.pop())
    assert left_out > 20 and kept > 5


def test_forty_thieves_draw_and_play_actions_are_every_move_the_engine_allows():
    """Each "draw k, then play the waste card" action the engine allows is one of ``actions``
    and nothing else is: after ``apply_draws(k)`` on a copy, every legal move of the waste
    card (to one empty column only: the key does not tell empty columns apart). Two columns
    with equal top cards (the two copies) each take the stock card (random walks, undos too)."""
    rng = random.Random(17)
    both_copies = 0
    for code in ("FT1-N-AAAAAAB", "FT1-N-AAAAAAZ", "FT1-N-AAAAACD", "FT1-N-AAAAAVS"):
        adapter = adapter_for(game.new(code))
        tokens = [adapter.start()]
        for _ in range(300):
            actions = adapter.actions()
            p = adapter.p
            columns = range(8, 8 + COLUMNS)
            first_empty = next((j for j in columns if not p[j]), None)
            expected = set()
            for k in range(1, len(p[STOCK]) + 1):
                g = adapter.g.copy()
                g.apply_draws(k)
                expected |= {
                    (k, s, d)
                    for s, d in g.legal_at()
                    if s == WASTE and (d < 8 or p[d] or d == first_empty)
                }
            assert {a for a in actions if a[0]} == expected, code
            assert len(set(actions)) == len(actions)
            tops = [p[j][-1] for j in columns if p[j]]
            both_copies += any(tops.count(t) > 1 and t - 1 in p[STOCK] for t in tops)
            near = [a for a in actions if a[0] <= 2]  # few draws: the stock lasts the walk
            if actions and (rng.random() < 0.8 or len(tokens) < 2):
                tokens.append(
                    adapter.play(rng.choice(near if rng.random() < 0.9 and near else actions))
                )
            elif len(tokens) > 1:
                adapter.undo(tokens.pop())
    assert both_copies >= 10  # the case that needs a column list, not one column, a top card


def test_crescent_leaves_out_only_the_move_straight_back():
    """The action that would put the card just moved back where it came from leads to the
    position before it, which the search has always seen: ``actions`` leaves it out, and only
    it (random walks of pile moves, each played from a fresh deal until it sticks)."""
    rng = random.Random(5)
    left_out = 0
    for deal in "BCDEFGH":
        adapter = adapter_for(game.new("CR1-N-AAAAAA" + deal))
        before_last = None
        while True:
            before = adapter.key()
            actions = adapter.actions()
            back = adapter._back
            legal = adapter.g.legal_at()
            if back is not None and back in legal:
                left_out += 1
                assert back not in actions
                assert {a for a in legal if a[1] >= 8} - {back} == {a for a in actions if a[1] >= 8}
                token = adapter.play(back)
                assert adapter.key() == before_last
                adapter.undo(token)
            pile_moves = [a for a in actions if a[0] >= 8 and a[1] >= 8]
            if not pile_moves:
                break
            before_last = before
            adapter.play(rng.choice(pile_moves))
    assert left_out > 10


def test_crescent_move_lists_made_from_the_parents_are_the_engines():
    """``actions`` works out each state's legal moves from its parent's where a plain move led
    there; along random walks (undos, slides and redeals included) that list is always the
    engine's ``legal_at`` as a set, with no move twice, and the index of top cards it reads is
    the piles' own tops."""
    rng = random.Random(13)
    derived = 0
    for n, code in enumerate(["CR1-N-AAAAAAB", "CR1-F-AAAAAAC", "CR1-N-AAAAAD7", "CR1-F-AAAAAQ4"]):
        adapter = adapter_for(game.new(code), seed=n)
        tokens = []
        for _ in range(500):
            derived += type(adapter._legal[-1]) is tuple
            actions = adapter.actions()
            legal = adapter._legal[-1]
            assert sorted(legal) == sorted(adapter.g.legal_at()), code
            assert len(set(legal)) == len(legal)
            tops: dict[int, list[int]] = {}
            for i in range(8, 24):
                if adapter.p[i]:
                    tops.setdefault(adapter.p[i][-1], []).append(i)
            assert {c: sorted(at) for c, at in enumerate(adapter._at) if at} == tops
            if actions and (rng.random() < 0.75 or not tokens):
                tokens.append(adapter.play(rng.choice(actions)))
            elif tokens:
                adapter.undo(tokens.pop())
    assert derived > 1000  # most lists were made from the parent's


def test_crescent_move_lists_skipped_along_a_line_are_made_right_later():
    """A rollout mostly takes a home move, found from the index without the state's list
    (``ordered``); a list asked for later is made from the nearest one up the line, over all
    the places the moves since have changed. Along random walks that take first actions without
    lists, then ask, and undo back into states never listed, the list is the engine's."""
    rng = random.Random(17)
    chains = 0
    for n, code in enumerate(["CR1-N-AAAAAAB", "CR1-F-AAAAAAC", "CR1-N-AAAAAD7", "CR1-N-AAAAADG"]):
        adapter = adapter_for(game.new(code), seed=n + 1)
        tokens = []
        for _ in range(600):
            if rng.random() < 0.3:  # ask: the list must be the engine's, whatever led here
                unlisted = 0
                while type(adapter._legal[-1 - unlisted]) is tuple:
                    unlisted += 1
                chains += unlisted > 1 and type(adapter._legal[-1 - unlisted]) is list
                legal = adapter._legal_here()
                assert sorted(legal) == sorted(adapter.g.legal_at()), code
                assert len(set(legal)) == len(legal)
            action = next(iter(adapter.ordered()), None)  # a rollout's first try
            if action is not None and (rng.random() < 0.8 or not tokens):
                tokens.append(adapter.play(action))
            elif tokens:
                for _ in range(rng.randint(1, min(4, len(tokens)))):
                    adapter.undo(tokens.pop())
    assert chains > 50  # lists made over several moves at once


def test_crescent_home_moves_from_the_index_are_the_engines_in_its_order():
    """``ordered`` finds the home moves without the move list (the index of top cards and the
    engine's ``foundation_cards``): unshuffled, they are the engine's moves from a pile to a
    foundation, in ``legal_at``'s sorted order, less a met suit's, then that suit's slides in
    pile order. Along walks from deals and from a start where spades meet."""
    from game.solver.crescent import SLIDE

    met_seen = two_piles = 0
    spades_meet = build(
        "CR1 redeals=3 moves=0", {"f1": "5S", "f5": "6S"}, [f"t{i}" for i in range(1, 17)]
    )
    rng = random.Random(29)
    for g in [
        spades_meet,
        game.new("CR1-N-AAAAAAB"),
        game.new("CR1-F-AAAAAAC"),
        game.new("CR1-N-AAAAADG"),
    ]:
        adapter = adapter_for(g, seed=0)  # no reshuffle
        p = adapter.p
        tokens = []
        for _ in range(400):
            met = adapter.g.meeting_suits()
            expected = [
                m
                for m in sorted(adapter.g.legal_at())
                if m[0] >= 8 and m[1] < 8 and not met[m[1] & 3]
            ]
            expected += [(i, SLIDE) for i in range(8, 24) if p[i] and met[p[i][-1] // 13]]
            actions = adapter.actions()
            home = [a for a in actions if a[0] >= 8 and (a[1] < 8)]
            assert home == expected and actions[: len(home)] == home
            met_seen += any(a[1] == SLIDE for a in home)
            two_piles += len({a[0] for a in home}) < len(home) or len(home) > 1
            if actions and (rng.random() < 0.8 or not tokens):
                tokens.append(
                    adapter.play(actions[0] if rng.random() < 0.7 else rng.choice(actions))
                )
            elif tokens:
                adapter.undo(tokens.pop())
    assert met_seen > 20 and two_piles > 20


def test_crescent_graded_order_reorders_the_same_actions_by_the_engines_foundations():
    """The graded move order (the nested search's, docs/SOLVER.md sixth pass) only reorders:
    along random walks it offers the plain order's actions; its distance table says 0 exactly
    where the engine's ``foundation_for`` takes a card now or the suit's foundations meet; and
    after the home moves it ranks by the distance of the card each move uncovers, with moves
    that empty a pile last."""
    from game.solver.crescent import _DISTANCES, _EMPTIED, SLIDE

    rng = random.Random(21)
    checked = 0
    for n, code in enumerate(["CR1-N-AAAAAAB", "CR1-N-AAAAAAC", "CR1-F-AAAAAD7"]):
        adapter = adapter_for(game.new(code), seed=n + 1)
        g, p = adapter.g, adapter.p
        for _ in range(300):
            adapter.graded = False
            plain = adapter.actions()
            adapter.graded = True
            graded = adapter.actions()
            assert sorted(plain) == sorted(graded)
            met = g.meeting_suits()
            distance = {}
            for card in range(52):
                suit = card // 13
                row = _DISTANCES[p[suit][-1] * 52 + p[suit + 4][-1]]
                distance[card] = row[card % 13]
                assert (distance[card] == 0) == (met[suit] or g.foundation_for(card) is not None)
            ranks = [  # (the uncovered card's distance, minus the covered card's)
                (_EMPTIED if len(p[s]) == 1 else distance[p[s][-2]], -distance[p[d][-1]])
                for s, d in graded
                if s >= 8 and d >= 8
            ]
            assert ranks == sorted(ranks)  # nearer home first; then bury the furthest first
            checked += len(ranks)
            moves = [a for a in graded if a[1] != SLIDE]
            if moves and rng.random() < 0.9:
                adapter.play(rng.choice(moves))
            elif g.redeal_allowed:
                adapter.play((-1, -1))
            else:
                break
    assert checked > 500


def test_the_distance_table_on_a_hand_made_suit():
    """Spades up to the 4 and down to the 9: the 5 and the 8 go now, the 7 after one more
    card (the 8 down), the 6 after one (the 5 up); met foundations: every rank at 0."""
    from game.solver.crescent import _DISTANCES

    row = _DISTANCES[3 * 52 + 8]  # ascending top 4S (card 3), descending top 9S (card 8)
    assert [row[r] for r in (4, 5, 6, 7)] == [0, 1, 1, 0]
    assert set(_DISTANCES[3 * 52 + 4]) == {0}  # 4S up, 5S down: met


def test_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_a_search_on_an_already_won_position():
    won = game.from_position(
        "FT1 score=1040 moves=104\n"
        + ft_foundations(lambda suit: 13)
        + "\n"
        + "".join(f"t{i}:\n" for i in range(1, 11))
        + "stock:\nwaste:\n"
    )
    result = Search(adapter_for(won)).run()
    assert result.verdict == WINNABLE and result.moves == []


def test_cli_json_line_replays(capsys):
    assert main(["CR1-N-AAAAAAE", "--json", "--states", "300000"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"verdict", "moves", "states", "seconds"}
    assert out["verdict"] == WINNABLE and ["redeal"] in out["moves"]
    line = [game.Move.from_text("-".join(move)) for move in out["moves"]]
    assert replay(game.new("CR1-N-AAAAAAE"), line).status == "won"


def test_cli_text_and_errors(capsys):
    assert main(["ft1-n-aaaaaab", "--states", "1000"]) == 0
    assert capsys.readouterr().out.startswith("FT1-N-AAAAAAB: unknown (")
    with pytest.raises(SystemExit):
        main(["XX1-N-AAAAAAB"])
    assert "unknown game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--game", "CR1-N"])


def test_batch_is_a_plain_function_and_resumes(tmp_path):
    rows = list(solve_deals("CR1-N", range(4, 6), states=2000))
    assert [r["code"] for r in rows] == ["CR1-N-AAAAAAE", "CR1-N-AAAAAAF"]
    out = tmp_path / "cr.csv"
    first = run_batch("CR1-N", range(4, 6), out, states=2000, jobs=1, progress=False)
    assert set(first) == {"CR1-N-AAAAAAE", "CR1-N-AAAAAAF"}
    with out.open("a") as f:  # a row already there is not solved again
        f.write("CR1-N-AAAAAAG,unknown,1,0.5,0\n")
    again = run_batch("CR1-N", range(4, 7), out, states=2000, jobs=1, progress=False)
    assert again["CR1-N-AAAAAAG"]["states"] == "1"
    assert len(read_rows(out)) == 3 and out.read_text().count("code,") == 1
    stats = summary(again.values())
    assert (
        stats["deals"] == 3
        and abs(sum(stats[v] for v in (WINNABLE, UNWINNABLE, UNKNOWN)) - 1) < 1e-9
    )
    assert stats["winnable_95_low"] <= stats[WINNABLE] <= stats["winnable_95_high"]
    assert parse_range("0-999") == range(1000) and parse_range("7") == range(7, 8)
    with pytest.raises(ValueError):
        parse_range("9-3")


def test_a_sliced_beam_is_the_same_search():
    start = spades_and_hearts_from_six(BLOCKING[:2] + ["6H JH JS"] + BLOCKING[3:], "JH QS 9H TH")
    whole = solve(start)
    sliced = search(start)
    while (result := sliced.run(3)) is None:
        pass
    assert (result.verdict, result.moves, result.states) == (
        whole.verdict,
        whole.moves,
        whole.states,
    )


def test_wilson_interval():
    """Known values (Wilson 1927; e.g. 0 of 10 gives 0 to 0.278)."""
    low, high = wilson(0, 10)
    assert low == 0 and abs(high - 0.2775) < 1e-3
    low, high = wilson(469, 1000)
    assert abs(low - 0.438) < 1e-3 and abs(high - 0.500) < 1e-3


def test_the_cycle_collector_is_back_on_after_a_slice():
    """Searches run with the collector off (they make no cycles); a slice gives it back."""
    import gc

    sliced = search(game.new("FT1-N-AAAAAAB"), states=2000)
    assert sliced.run(5) is None and gc.isenabled()
    gc.disable()
    try:
        solve(game.new("CR1-N-AAAAAAE"), states=500)
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()


def test_where_foundations_start_from_the_twos_the_safe_moves_read_ranks_from_the_base():
    """Pluto's rules with nothing back from a foundation: a Four goes home by itself once both
    Threes of its suit are home (its rise over the base, not its rank, meets the heights); a
    Two never does while a foundation of its suit is short of its Ace, for an Ace could still
    go onto it in a column. In Pluto itself, where cards come back, a Four never does while
    spades are out: the Threes and Twos back onto it would take an out Ace, and the King on
    that, round the suit (``safe_needs``)."""
    own = type(game.new("FT1-V-AAAAAAB"))
    pluto = rules_class(dataclasses.replace(own.RULES, home_out=False), "FT1-V")
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    others = {s: " ".join(r + s for r in "23456789TJQKA") for s in "HDC"}
    home = {1: "2S 3S", 5: "2S 3S"} | {i: others["HDC"[i - 2]] for i in (2, 3, 4)}
    home |= {i + 4: others["HDC"[i - 2]] for i in (2, 3, 4)}
    rest = spades.split()[3:] * 2  # the spades above the Threes, both copies
    columns = ["4S", "4S", *[""] * 10]
    stock = [c for c in rest if c != "4S"]
    text = "FT1-V score=0 moves=0\n" + "".join(f"f{i}: {home[i]}\n" for i in range(1, 9))
    text += "".join(f"t{i}: {c}\n".replace(": \n", ":\n") for i, c in enumerate(columns, 1))
    text += f"stock: {' '.join(stock)}\nwaste:\n"
    adapter = adapter_for(pluto.from_position(text))
    assert [m.text() for m in adapter.moves(adapter.start())] == ["t1-f1", "t2-f5"]
    adapter = adapter_for(own.from_position(text))
    assert [m.text() for m in adapter.moves(adapter.start())] == []
    # a Two in a column, its suit's Aces out: it stays (an Ace may go onto it)
    twos = text.replace("f1: 2S 3S\n", "f1:\n").replace("t3:\n", "t3: 2S\n")
    twos = twos.replace("stock: ", "stock: 3S ")
    adapter = adapter_for(pluto.from_position(twos))
    assert [m.text() for m in adapter.moves(adapter.start())] == []


@pytest.mark.parametrize(
    "rules",
    [
        FortyRules(12, up=1, runs=True, autofill=True),  # Courtyard's
        KINDS_BY_CODE["FT2-L"].rules,  # Little Forty: three a draw, and redeals
        # Indian Patience's: an emptied column takes three cards from the stock
        FortyRules(8, up=2, builds=ANY_SUIT, refill=3, lone=True),
    ],
    ids=["one-a-draw", "three-a-draw", "refill-from-the-stock"],
)
def test_where_emptied_columns_fill_themselves_a_move_that_empties_one_may_come_after_draws(
    rules,
):
    """Autofill (Corona's rule): a move that empties a column takes the waste's top card into
    it, so the cards drawn before it choose that card (Indian Patience's refill: the stock's
    next three). Every position the engine reaches by k
    draws then a move off the waste or a move that empties a column is one of ``actions``'
    (the safe moves off; random walks with undos, runs included)."""
    rules_game = rules_class(rules)

    def seen(g: game.Solitaire) -> tuple:
        columns = sorted(tuple(c) for c in g.layout[8:-2])
        return tuple(columns), tuple(map(tuple, g.layout[:8])), tuple(map(tuple, g.layout[-2:]))

    rng = random.Random(5)
    emptied = 0
    for deal in ("FT1-N-AAAAAAB", "FT1-N-AAAAAAZ"):
        adapter = FortyThievesAdapter(rules_game.deal(game.GameCode.parse(deal)), auto=False)
        tokens = [adapter.start()]
        for _ in range(120):
            g, p = adapter.g, adapter.p
            stock = len(p[-2])
            expected = set()
            for k in range(-(-stock // rules.draw) + 1):
                after = g.copy()
                if k:
                    after.apply_draws(k)
                q = after.layout
                moves = [(s, d, 1) for s, d in after.legal_at() if s != len(q) - 2]
                moves += list(after.legal_runs())
                for s, d, n in moves:
                    if k and s != len(q) - 1 and not (len(q[s]) == n and s >= 8):
                        continue  # a draw commutes with it: the adapter draws after
                    child = after.copy()
                    child.apply_at(s, d, n)
                    expected.add(seen(child))
                    emptied += bool(k) and len(q[s]) == n and s >= 8 and s != len(q) - 1
            actual = set()
            for action in adapter.actions():
                token = adapter.play(action)
                actual.add(seen(adapter.g))
                if action[1] == DRAWN_OUT:  # the stock drawn out (refills): the moves after
                    for then in adapter.actions():  # it (lone cards free then) come next
                        again = adapter.play(then)
                        actual.add(seen(adapter.g))
                        adapter.undo(again)
                adapter.undo(token)
            assert expected <= actual, (deal, len(expected - actual))
            actions = [a for a in adapter.actions() if a[0] <= 2]
            if actions and (rng.random() < 0.8 or len(tokens) < 2):
                tokens.append(adapter.play(rng.choice(actions)))
            elif len(tokens) > 1:
                adapter.undo(tokens.pop())
    assert emptied > 20  # the case this test is for


def test_where_emptied_columns_fill_themselves_emptying_one_is_never_a_safe_move():
    """A lone King with both Queens home goes home by itself, unless a card would fill its
    column: which card does is the player's choice (drawing first chooses another)."""
    from tests.test_rules_axes import FILLS, position

    waste = {"waste": ["QD", "KD"]}  # its King waits for its Queen, under it
    filled = FortyThievesAdapter(position(FILLS, {"t1": ["KS"], "t2": ["KH", "QH"]} | waste))
    assert [m.text() for m in filled.moves(filled.start())] == ["t2-f2"]  # the Kings stay
    alone = FortyThievesAdapter(position(FILLS, {"t1": ["KS"], "t2": ["KH", "QH"]}))
    assert [m.text() for m in alone.moves(alone.start())] == ["t1-f1", "t2-f2", "t2-f2"]
    assert alone.g.is_won()  # nothing left to fill a column: every safe move is made


def test_where_an_empty_stock_lifts_a_rule_drawing_it_out_is_an_action():
    """Indian Patience's lone-card limits last while the stock does: here the Nine of hearts
    must go onto the lone Ten, which only drawing the stock's last card (a Queen no place
    takes) allows. The family's search draws only to play the card drawn: it called this
    won position lost until drawing the stock out became an action of its own."""
    from tests.test_rules_axes import position

    lone = FortyRules(5, up=1, refill=3, lone=True)
    columns = {"t1": ["JS", "9H"], "t2": ["TH"], "t3": ["8H", "KS"], "t4": ["KH", "JH"]}
    g = position(lone, columns | {"t5": ["QS"], "stock": ["QH"]})
    assert brute_force(g) is True
    for run in (search(g, states=10_000, for_proofs=True), search(g, states=10_000)):
        result = run.run()
        assert result.verdict == WINNABLE and replay(g, result.moves).is_won()


def test_where_emptied_columns_refill_from_the_stock_draws_may_come_first():
    """Indian Patience: the King of spades home empties its column, which takes the stock's
    next three cards; each number of draws before the move leaves it others (the last ones
    fewer, the stock drawn out none), and each is an action of the search's."""
    from game.cards import CARDS
    from tests.test_rules_axes import position

    stock = ["KH", "KD", "KC", "QH", "QD"]  # QD is the stock's top card: drawn first
    g = position(
        FortyRules(3, up=1, refill=3), {"t1": ["KS"], "t2": ["KS"], "t3": ["QC"]} | {"stock": stock}
    )
    adapter = FortyThievesAdapter(g, auto=False)
    refills = set()
    for action in adapter.actions():
        token = adapter.play(action)
        if action[1:3] == (g.index("t1"), g.index("f1")):
            refills.add(" ".join(str(CARDS[c]) for c in adapter.g.cards("t1")))
        adapter.undo(token)
    assert refills == {"QD QH KC", "QH KC KD", "KC KD KH", "KD KH", "KH", ""}


def test_where_emptied_columns_refill_from_the_stock_emptying_one_is_never_a_safe_move():
    """A lone King with both Queens home goes home by itself, unless the stock would refill
    its column: which cards do is the player's choice (drawing first chooses others)."""
    from tests.test_rules_axes import position

    refill = FortyRules(3, up=1, refill=3)
    kept = FortyThievesAdapter(position(refill, {"t1": ["KS"], "t2": ["KH"], "stock": ["KD"]}))
    assert [m.text() for m in kept.moves(kept.start())] == []
    alone = FortyThievesAdapter(position(refill, {"t1": ["KS"], "t2": ["KH"], "waste": ["KD"]}))
    assert sorted(m.text() for m in alone.moves(alone.start())) == ["t1-f1", "t2-f2", "waste-f3"]
