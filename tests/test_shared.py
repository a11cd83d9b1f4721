"""The records every tab changes (statistics, the daily record): each change made to what is
stored now, nothing written when nothing changed, another tab's writes taken, and a full
store making room, else saying so once and keeping the change in force until it fits."""

from __future__ import annotations

from datetime import date

from game.ui.daily import daily_record
from game.ui.daily.daily_record import Record
from game.ui.records import stats
from game.ui.records.shared import UNKEPT, Shared
from game.ui.records.stats import Stats
from game.ui.records.storage import CORRUPT, GAME_PREFIX, MemoryStore, Storage

DAY = date(2027, 3, 14)
CR, FT = "CR1-N-AAAAAAB", "FT1-N-AAAAAAC"


class Counting(MemoryStore):
    def __init__(self, quota: int | None = None) -> None:
        super().__init__(quota)
        self.writes = 0

    def set(self, key: str, value: str) -> None:
        self.writes += 1
        super().set(key, value)


def dailies(storage: Storage) -> Shared[Record]:
    key = daily_record.KEY
    return Shared(storage, key, Record.from_json, Record.to_json, Record(), "damaged_daily")


def statistics(storage: Storage) -> Shared[Stats]:
    return Shared(storage, stats.KEY, Stats.from_json, Stats.to_json, Stats(), "damaged_stats")


def test_two_tabs_keep_both_dailies_and_both_games_counted():
    """Tab A wins today's Crescent daily; tab B, booted before, then draws a card in today's
    Forty Thieves daily: the record and the statistics keep both."""
    storage = Storage(MemoryStore())
    a_daily, a_stats = dailies(storage), statistics(storage)
    b_daily, b_stats = dailies(storage), statistics(storage)
    a_daily.change(lambda r: r.played(DAY, CR))
    a_stats.change(lambda s: s.played(CR))
    a_daily.change(lambda r: r.won(DAY, CR, 140, 300_000.0))
    a_stats.change(lambda s: s.won(CR, 300_000.0, 140))
    b_daily.change(lambda r: r.played(DAY, FT))  # B never heard of A's win
    b_stats.change(lambda s: s.played(FT))
    record, _ = daily_record.load(storage)
    assert record.entry(DAY, "CR1-N") == daily_record.Entry(CR, True, 140, 300_000.0)
    assert record.entry(DAY, "FT1-N") == daily_record.Entry(FT)
    assert record.status(DAY, DAY) == "won" and record.streak(DAY) == 1
    counted, _ = stats.load(storage)
    assert counted.record("CR1-N").won == 1 and counted.record("FT1-N").played == 1
    assert b_daily.value == record and b_stats.value == counted  # B shows both now
    assert a_daily.reread() and a_daily.value == record  # A, told by a storage event
    assert not a_daily.reread()  # nothing new


def test_a_change_that_changes_nothing_writes_nothing():
    store = Counting()
    shared = dailies(Storage(store))
    shared.change(lambda r: r.played(DAY, CR))
    for _ in range(5):  # a draw painted after every move: the daily was played already
        assert shared.change(lambda r: r.played(DAY, CR)) is None
    assert store.writes == 1


def test_a_full_store_makes_room_from_old_games_and_values_set_aside():
    store = MemoryStore(quota=2_000)
    storage = Storage(store)
    for n, key in enumerate(("a", "b", "c")):
        store.set(GAME_PREFIX + f"CR1-N-AAAAAA{key.upper()}", f'{{"saved": {n}}}' + " " * 400)
    store.set("x" + CORRUPT, " " * 600)
    shared = dailies(storage)
    assert shared.change(lambda r: r.won(DAY, CR, 140, 300_000.0)) is None and shared.kept
    assert "x" + CORRUPT not in store.data
    assert GAME_PREFIX + "CR1-N-AAAAAAC" in store.data  # the newest game (on the table) stays
    assert daily_record.load(storage)[0] == shared.value


def test_a_store_still_full_says_so_once_and_keeps_the_change_until_it_fits():
    store = MemoryStore(quota=10_000)
    storage = Storage(store)
    store.set("other.app", " " * 9_950)  # another app of the same origin fills the quota
    record, counted = dailies(storage), statistics(storage)
    assert record.change(lambda r: r.won(DAY, CR, 140, 300_000.0)) == UNKEPT
    assert counted.change(lambda s: s.won(CR, 300_000.0, 140)) is None  # said once already
    assert not record.kept and record.value.streak(DAY) == 1  # in force in this tab
    assert record.change(lambda r: r.hinted(DAY, FT)) is None  # still full: not said again
    assert storage.read(daily_record.KEY) is None
    del store.data["other.app"]  # room again: the next change keeps them all
    assert record.change(lambda r: r.won(DAY, FT, 200, 1.0)) is None and record.kept
    kept, _ = daily_record.load(storage)
    assert kept.entry(DAY, "CR1-N") == daily_record.Entry(CR, True, 140, 300_000.0)
    assert kept.entry(DAY, "FT1-N") == daily_record.Entry(FT, True, 200, 1.0, hints=1)
    store.set("other.app", " " * 9_700)
    assert counted.change(lambda s: s.played(FT)) == UNKEPT  # full again: said again


def test_another_tabs_record_is_taken_and_one_it_cannot_read_is_left_alone():
    storage = Storage(MemoryStore())
    mine = dailies(storage)
    mine.change(lambda r: r.played(DAY, CR))
    other = Record().won(DAY, FT, 100, 1.0)
    storage.write(daily_record.KEY, other.to_json())
    assert mine.reread() and mine.value == other
    storage.write(daily_record.KEY, '{"v": 2, "days": "a later version"}')
    assert not mine.reread() and mine.value == other
    assert storage.read(daily_record.KEY) == '{"v": 2, "days": "a later version"}'  # not set aside


def test_a_damaged_record_at_boot_is_set_aside_with_its_notice():
    storage = Storage(MemoryStore())
    storage.write(stats.KEY, "[[[")
    shared = statistics(storage)
    assert shared.notice == "damaged_stats" and shared.value == Stats()
    assert storage.read(stats.KEY + CORRUPT) == "[[["
