"""Statistics: counted once per deal, streaks, bests, and a strict, versioned store."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import GameCode
from game.ui.records.stats import SCHEMA, Record, Stats
from game.ui.records.storage import Damaged

CODES = [f"CR1-N-AAAAAA{c}" for c in "BCDEFG"] + [f"FT1-N-AAAAAA{c}" for c in "BCD"]


def test_played_once_per_deal_won_once_and_the_bests():
    s = Stats().played(CODES[0]).played(CODES[0])
    assert s.record("CR1-N") == Record(played=1, open=CODES[0])
    s = s.won(CODES[0], 90_000, 140).won(CODES[0], 80_000, 150)  # the same deal again
    rec = s.record("CR1-N")
    assert (rec.played, rec.won, rec.streak, rec.best_streak) == (1, 1, 1, 1)
    assert (rec.best_time_ms, rec.fewest_moves, rec.win_rate) == (80_000, 140, 100)
    assert s.record("FT1-N") == Record()


def test_a_deal_left_unwon_breaks_the_streak_when_the_next_is_played():
    s = Stats().won(CODES[0], 1, 1).won(CODES[1], 1, 1).played(CODES[2])
    assert s.record("CR1-N").streak == 2  # the game in play may still be won
    s = s.played(CODES[3])
    rec = s.record("CR1-N")
    assert (rec.played, rec.won, rec.streak, rec.best_streak, rec.win_rate) == (4, 2, 0, 2, 50)
    assert s.record("FT1-N").played == 0  # each game and variant apart


def test_forty_thieves_keeps_the_best_score():
    s = Stats().won(CODES[6], 1, 200, score=700).won(CODES[7], 1, 220, score=650)
    assert s.record("FT1-N").best_score == 700


@given(st.lists(st.tuples(st.sampled_from(CODES), st.booleans(), st.integers(1, 10**6))))
def test_counts_never_contradict_and_survive_the_store(events):
    s = Stats()
    for code, won, n in events:
        s = s.won(code, n, n) if won else s.played(code)
    for rec in s.kinds.values():
        assert 0 <= rec.won <= rec.played and 0 <= rec.streak <= rec.best_streak <= rec.won
    assert sum(r.played for r in s.kinds.values()) == len(set(s.seen))
    assert Stats.from_json(s.to_json()) == s


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "null",
        '{"v": 2, "kinds": {}}',
        json.dumps({"v": SCHEMA, "kinds": {"XX1-N": {}}, "seen": [], "wins": []}),
        json.dumps({"v": SCHEMA, "kinds": {"CR1-N": {"played": -1}}, "seen": [], "wins": []}),
        json.dumps({"v": SCHEMA, "kinds": {"CR1-N": {"played": 1, "won": 2}}}),
        json.dumps({"v": SCHEMA, "kinds": {}, "seen": ["<script>"], "wins": []}),
        '{"v": 1, "kinds": {"CR1-N": {"best_time_ms": 1e400}}}',
        "[" * 10_000,
    ],
)
def test_a_damaged_or_foreign_store_is_refused_plainly(text):
    with pytest.raises(Damaged):
        Stats.from_json(text)


@given(st.text(max_size=200))
def test_anything_read_back_is_stats_or_damaged(text):
    with contextlib.suppress(Damaged):
        Stats.from_json(text)


def test_the_store_sets_damaged_statistics_aside_with_a_notice():
    from game.ui.records import stats
    from game.ui.records.storage import CORRUPT, MemoryStore, Storage

    storage = Storage(MemoryStore())
    assert stats.load(storage) == (Stats(), None)
    played = Stats().played(CODES[0])
    assert stats.save(storage, played) and stats.load(storage) == (played, None)
    storage.store.set(stats.KEY, '{"v": 99}')
    assert stats.load(storage) == (Stats(), "damaged_stats")
    assert storage.store.get(stats.KEY + CORRUPT) == '{"v": 99}'
    assert storage.store.get(stats.KEY) is None


def test_the_table_shows_the_games_played_and_the_one_on_the_table():
    from game.codes import KINDS
    from game.ui.panel import stats_kinds

    stats = Stats().played("FT1-J-AAAAAAB").played("CR1-O-AAAAAAC")
    assert stats_kinds(stats, KINDS, "FT1-T") == ("CR1-O", "FT1-J", "FT1-T")  # picker order
    assert stats_kinds(stats, KINDS, "FT1-J") == ("CR1-O", "FT1-J")
    assert stats_kinds(Stats(), KINDS, None) == ("CR1-N",)


def test_the_largest_statistics_normal_play_makes_are_read_back():
    """Whatever is written is read back: every game played and won, with the widest numbers,
    more deals than the statistics remember (a check: the codes kept are bounded)."""
    from game.codes import KINDS
    from game.position import MAX_COUNTER
    from game.ui.records.stats import KEEP_CODES
    from game.ui.records.storage import MAX_CHARS, MAX_ELAPSED_MS

    s = Stats()
    for n in range(KEEP_CODES + 50):
        game_id, variant = KINDS[n % len(KINDS)].split("-")
        code = str(GameCode(game_id, variant, 2**35 - 1 - n))
        s = s.won(code, MAX_ELAPSED_MS, MAX_COUNTER, score=MAX_COUNTER).played(code)
    text = s.to_json()
    assert len(text) <= MAX_CHARS and Stats.from_json(text) == s
