"""The daily deal (one per game and UTC date), the daily record's streaks and calendar, the
challenge link, and the winnable lists' grades: all pure."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.codes import KINDS, GameCode
from game.ui.address.challenge import BEAT, LOST, TIE, Challenge
from game.ui.address.links import read_hash
from game.ui.daily import daily, daily_record
from game.ui.daily.calendar import PlainDates, calendar_html, share_text
from game.ui.daily.daily import EPOCH, PROVEN, grid_step, month_weeks
from game.ui.daily.daily_record import MAX_HINTS, MAX_MOVES, MAX_MS, Record
from game.ui.records.deals import Pick, parse_list, pick
from game.ui.records.settings import Settings
from game.ui.records.storage import MAX_CHARS, Damaged, MemoryStore, Storage
from game.ui.text.messages import Messages

POOL = tuple(f"CR1-N-AAAA{a}{b}{c}" for a in "AB" for b in "ABCDEFGHIJKLMNOPQRST" for c in "AB")
WORDS = {lang: Messages.load(lang) for lang in ("en", "ar", "ru")}


def test_today_is_the_local_date_or_the_tests_own_under_the_exact_switch():
    ms = 1_780_000_000_000.0  # 2026-05-28 20:26 UTC
    assert daily.today("", ms) == date(2026, 5, 28)
    assert daily.today("", ms, offset_minutes=-240) == date(2026, 5, 28)  # New York, 16:26
    assert daily.today("", ms, offset_minutes=240) == date(2026, 5, 29)  # Dubai, 00:26
    assert daily.today("", ms, offset_minutes=10**6) == date(2026, 5, 29)  # (clamped)
    assert daily.today("?test&today=2026-12-31", ms, 240) == date(2026, 12, 31)
    assert daily.today("?contest&today=2026-12-31", ms) == date(2026, 5, 28)  # not the switch
    assert daily.today("?today=2026-12-31", ms) == date(2026, 5, 28)  # a player's link
    for bad in ("2026-13-01", "2026-02-30", "26-12-01", "2026-12-01x", "１９９９-01-01"):
        assert daily.today(f"?test&today={bad}", ms) == date(2026, 5, 28)


def test_an_evening_past_utc_midnight_is_still_the_players_day():
    """New York at 21:30 on 14 March is 01:30 UTC on the 15th: the daily is the 14th's, and a
    daily won every evening makes a streak of every day."""
    evenings = [date(2027, 3, d) for d in (12, 13, 14)]
    record = Record()
    for day in evenings:
        utc = datetime(day.year, day.month, day.day, 21, 30, tzinfo=UTC) + timedelta(hours=4)
        local = daily.today("", utc.timestamp() * 1000, offset_minutes=-240)
        assert local == day and utc.date() == day + timedelta(days=1)
        record = record.won(local, POOL[local.day], 100, 1.0)
    assert record.streak(evenings[-1]) == 3


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_has_one_daily_a_date_the_same_each_time_and_30_days_differ(kind):
    pool = tuple(c.replace("CR1-N", kind) for c in POOL) if kind in PROVEN else ()
    days = [EPOCH + timedelta(days=i) for i in range(-3, 27)]
    codes = [daily.daily(kind, d, pool).code for d in days]
    assert codes == [daily.daily(kind, d, pool).code for d in days]  # no randomness
    assert len(set(codes)) >= 28 and all(GameCode.parse(c).kind == kind for c in codes)
    assert daily.daily(kind, days[0], pool).proven is (kind in PROVEN)


def test_a_pool_gives_line_n_on_day_n_and_cycles_after_its_end():
    assert daily.daily("CR1-N", EPOCH, POOL).code == POOL[0]
    assert daily.daily("CR1-N", EPOCH + timedelta(days=5), POOL).code == POOL[5]
    after = EPOCH + timedelta(days=len(POOL) + 2)
    assert daily.daily("CR1-N", after, POOL).code == POOL[2]
    with pytest.raises(ValueError, match="no pool"):
        daily.daily("CR1-N", EPOCH, ())


def test_an_unproven_daily_never_comes_back(monkeypatch):
    """A game declared without a pool of proven deals (none is, today) gets a deal of its own
    each day, never the same twice."""
    monkeypatch.setattr(daily, "PROVEN", tuple(k for k in PROVEN if k != "FT1-M"))
    seen = {daily.daily("FT1-M", EPOCH + timedelta(days=i)).code for i in range(-400, 3000)}
    assert len(seen) == 3400


def test_a_damaged_pool_ends_where_it_stops_being_codes_of_its_kind():
    text = "\n".join([*POOL[:3], "FT1-N-AAAAAAB", *POOL[3:]])
    assert daily.parse_pool(text, "CR1-N") == POOL[:3]
    assert daily.parse_pool("", "CR1-N") == ()


D1, D2, D3, D4 = (date(2026, 12, d) for d in (1, 2, 3, 4))


def test_streaks_count_won_days_and_today_may_still_be_won():
    r = Record().won(D1, POOL[0], 120, 60_000).won(D2, POOL[1], 130, 1.0)
    assert r.streak(D2) == 2 and r.streak(D3) == 2  # today (D3) still open
    assert r.streak(D4) == 0 and r.best_streak() == 2  # D3 missed
    r = r.won(D4, POOL[3], 99, 1.0)
    assert r.streak(D4) == 1 and r.best_streak() == 2
    assert [r.status(d, D4) for d in (D1, D3, D4)] == ["won", "missed", "won"]
    assert r.status(D1 - timedelta(days=1), D4) == "before"  # before the first daily ever
    assert r.status(D4 + timedelta(days=1), D4) == "future"


def test_a_daily_played_not_won_a_hint_and_a_win_counted_once():
    r = Record().played(D1, POOL[0]).hinted(D1, POOL[0]).hinted(D1, POOL[0])
    assert r.status(D1, D2) == "played" and r.status(D1, D1) == "open"
    assert r.entry(D1, "CR1-N") is not None and r.entry(D2, "CR1-N") is None
    r = r.won(D1, POOL[0], 150, 2000.0)
    assert r.entry(D1, "CR1-N") == daily_record.Entry(POOL[0], True, 150, 2000.0, 2)
    assert r.won(D1, POOL[0], 10, 1.0) is r and r.hinted(D1, POOL[0]) is r


def test_the_record_round_trips_and_anything_else_is_damaged():
    r = Record().won(D1, POOL[0], 120, 60_000.5).played(D2, "FT1-N-AAAAAAB")
    assert Record.from_json(r.to_json()) == r
    good = json.loads(r.to_json())
    bad = [
        {**good, "days": {"2026-12-01": {}}},  # a day with no daily would start the misses
        {**good, "v": 2},
        {**good, "best": -1},
        {**good, "days": {"2026-13-01": {}}},
        {**good, "days": {"2026-12-01": {"XX1-N": [POOL[0], True, 1, 1, 0]}}},
        {**good, "days": {"2026-12-01": {"FT1-N": [POOL[0], True, 1, 1, 0]}}},  # other kind
        {**good, "days": {"2026-12-01": {"CR1-N": [POOL[0], 1, 1, 1, 0]}}},
        {**good, "days": {"2026-12-01": {"CR1-N": [POOL[0], True, -1, 1, 0]}}},
        {**good, "days": {"2026-12-01": {"CR1-N": [POOL[0], True, 1, float("inf"), 0]}}},
    ]
    for value in bad:
        with pytest.raises(Damaged):
            Record.from_json(json.dumps(value))
    storage = Storage(MemoryStore())
    storage.write(daily_record.KEY, "[[[[")
    assert daily_record.load(storage) == (Record(), "damaged_daily")
    assert daily_record.save(storage, r) and daily_record.load(storage) == (r, None)


def code_of(kind: str, n: int) -> str:
    game_id, variant = kind.split("-")
    return str(GameCode(game_id, variant, n))


def test_the_largest_record_normal_play_makes_reads_back_whole_with_its_streak():
    """Every game's daily won every day, with the widest numbers, for as many days as the
    record keeps (far more than its reader's 100,000 characters in detail), then days more of
    play: each record written reads back as it was, and the streaks run on."""
    first = date(2025, 1, 1)
    widest = {"moves": MAX_MOVES, "ms": MAX_MS, "hints": MAX_HINTS}
    days = {
        (first + timedelta(days=i)).isoformat(): {
            k: daily_record.Entry(code_of(k, i), True, **widest) for k in KINDS
        }
        for i in range(daily_record.KEEP_DAYS - 1)
    }
    r = Record(days, best=daily_record.KEEP_DAYS - 1)
    storage = Storage(MemoryStore())
    for i in range(daily_record.KEEP_DAYS - 1, daily_record.KEEP_DAYS + 2):
        day = first + timedelta(days=i)
        for kind in KINDS:
            r = r.hinted(day, code_of(kind, i)).won(day, code_of(kind, i), 10**6, 1e13)
            assert len(r.to_json()) <= MAX_CHARS
        assert daily_record.save(storage, r)
        back, notice = daily_record.load(storage)
        assert notice is None and back == r
        assert back.streak(day) == back.best_streak() == i + 1
        assert back.status(day, day) == "won" and back.status(first, day) == "won"
        assert back.status(first - timedelta(days=1), day) == "before"
    hinted = {**widest, "hints": 1}
    assert back.entry(day, "CR1-N") == daily_record.Entry(code_of("CR1-N", i), True, **hinted)


def test_a_run_kept_of_days_dropped_joins_the_days_still_held():
    r = Record(runs=(("2026-11-30", 5),)).won(D1, POOL[0], 1, 1.0).won(D3, POOL[2], 1, 1.0)
    assert r.streak(D1) == 6 and r.best_streak() == 6 and r.streak(D3) == 1
    assert [r.status(D1 - timedelta(days=n), D4) for n in (1, 5, 6)] == ["won", "won", "before"]
    assert r.status(D2, D4) == "missed"
    assert Record.from_json(r.to_json()) == r
    for bad in ([["2026-11-30", 0]], [["2026-11-31", 1]], [["2026-11-30"]], "x", [[1, 1]] * 99):
        with pytest.raises(Damaged):
            Record.from_json(json.dumps({**json.loads(r.to_json()), "runs": bad}))


def utc_days(*days: date) -> Record:
    """A record kept by UTC dates (an earlier version's), each day's daily won."""
    record = Record()
    for day in days:
        record = record.won(day, POOL[day.day], 100, 1.0)
    return replace(record, local=False)


def test_a_record_of_utc_days_is_read_once_and_a_player_east_loses_no_day():
    """East of Greenwich the UTC daily came after the player's midnight, and the move to local
    dates skips one date: that day is kept as won, once; west, no day is skipped."""
    days = [D1 + timedelta(days=i) for i in range(5)]  # 1 to 5 December
    earlier = utc_days(*days).to_json()  # as an earlier version wrote it: no "local"
    assert "local" not in earlier and Record.from_json(earlier) == utc_days(*days)
    # the morning player: the 6th's play was the 5th's daily; met today, the 7th
    moved = utc_days(*days).on_local_dates(days[-1] + timedelta(days=2), east=True)
    assert moved.local and moved.streak(date(2026, 12, 7)) == 6
    assert moved.status(date(2026, 12, 6), date(2026, 12, 7)) == "won"
    assert moved.on_local_dates(date(2026, 12, 9), east=True) is moved  # once
    # met on the 6th, its daily (the 5th's) won this morning: the 6th is kept, still open
    moved = utc_days(*days).on_local_dates(date(2026, 12, 6), east=True)
    assert moved.status(date(2026, 12, 6), date(2026, 12, 6)) == "open"
    assert moved.streak(date(2026, 12, 6)) == 5
    moved = moved.won(date(2026, 12, 7), POOL[7], 100, 1.0)
    assert moved.streak(date(2026, 12, 7)) == 7 and moved.best_streak() == 7
    assert Record.from_json(moved.to_json()) == moved
    # west: nothing skipped, nothing added
    west = utc_days(*days).on_local_dates(date(2026, 12, 7), east=False)
    assert west.local and west.streak(date(2026, 12, 7)) == 0 and west.runs == ()
    assert Record().on_local_dates(D1, east=True) == Record()  # a new record is local


@settings(deadline=None)  # each win fits the record; the machine is shared
@given(st.lists(st.integers(0, 60), max_size=40))
def test_the_best_streak_is_the_longest_run_of_won_days(offsets):
    r = Record()
    for i in offsets:
        r = r.won(D1 + timedelta(days=i), POOL[i % len(POOL)], 1, 1.0)
    days = set(offsets)
    runs = [n for n in range(62) for s in days if all(s + k in days for k in range(n))]
    assert r.best_streak() == max(runs, default=0)


def test_month_weeks_start_on_monday_and_hold_each_day_once():
    weeks = month_weeks(2026, 12)
    assert weeks[0][:2] == [None, date(2026, 12, 1)]  # 1 December 2026 is a Tuesday
    assert [d for w in weeks for d in w if d] == [date(2026, 12, d) for d in range(1, 32)]
    assert all(len(w) == 7 for w in weeks)
    assert daily.shift_month(2026, 12, 1) == (2027, 1) and daily.shift_month(2027, 1, -1) == (
        2026,
        12,
    )


def test_grid_keys_move_by_day_and_week_mirrored_right_to_left():
    assert grid_step("ArrowRight", D3, rtl=False) == D4
    assert grid_step("ArrowRight", D3, rtl=True) == D2
    assert grid_step("ArrowDown", D3, rtl=True) == D3 + timedelta(days=7)
    assert grid_step("End", D3, rtl=False) == date(2026, 12, 31)
    assert grid_step("Home", D3, rtl=False) == D1 and grid_step("x", D3, rtl=False) is None


@pytest.mark.parametrize("lang", WORDS)
def test_the_calendar_names_each_day_with_its_status_and_one_cell_takes_the_tab(lang):
    r = Record().won(D1, POOL[0], 1, 1.0).played(D2, POOL[1])
    markup = calendar_html(2026, 12, r, D4, D4, WORDS[lang], PlainDates())
    assert markup.count('role="gridcell"') == 31 and markup.count('tabindex="0"') == 1
    words = WORDS[lang]
    assert f'aria-label="Tuesday, 1 December 2026, {words.text("daily_status_won")}"' in markup
    assert 'data-day="2026-12-02" data-status="played"' in markup
    assert 'data-day="2026-12-03" data-status="missed"' in markup
    assert 'data-day="2026-12-04" data-status="open" tabindex="0" aria-current="date"' in markup


@pytest.mark.parametrize("lang", WORDS)
def test_a_daily_share_says_game_date_moves_time_and_hints_but_no_move(lang):
    text = share_text("Crescent", "3 December 2026", 142, 391_000, 0, WORDS[lang])
    assert "142" in text and "6:31" in text and "3 December 2026" in text
    assert WORDS[lang].text("daily_no_hints") in text
    assert WORDS[lang].count("daily_hints", 3) in share_text("C", "d", 1, 1, 3, WORDS[lang])


def test_a_challenge_link_reads_checked_numbers_and_a_forged_one_still_opens_the_deal():
    link = read_hash("#CR1-N-AAAAAAB~142~391")
    assert str(link.code) == "CR1-N-AAAAAAB" and link.challenge == Challenge(142, 391)
    assert link.canonical == "#CR1-N-AAAAAAB~142~391"
    for forged in (
        "~0~391",
        "~142~0",
        "~9999999~1",
        "~1~1~1",
        "~<b>~1",
        "~-1~5",
        "~1e3~4",
        "~",
        "~142",
        "~١٤٢~391",
    ):
        link = read_hash(f"#CR1-N-AAAAAAB{forged}")
        assert str(link.code) == "CR1-N-AAAAAAB" and link.challenge is None, forged
        assert link.canonical == "#CR1-N-AAAAAAB"
    assert read_hash("#XX1-N-AAAAAAB~142~391").bad is not None
    assert read_hash("#daily").daily and read_hash("#DAILY").daily


def test_a_challenge_compares_moves_first_then_time():
    c = Challenge(142, 391)
    assert c.verdict(141, 999_000) == BEAT and c.verdict(142, 390_000) == BEAT
    assert c.verdict(142, 391_200) == TIE and c.verdict(143, 1_000) == LOST
    assert Challenge.of(0, 0) == Challenge(1, 1) and Challenge.of(10**6, 1e12).moves == 5000


@pytest.mark.parametrize("lang", WORDS)
def test_a_challenges_words_hold_the_numbers_as_text(lang):
    words = WORDS[lang]
    banner = Challenge(142, 391).banner(words)
    assert "142" in banner and "6:31" in banner
    said = Challenge(142, 391).result(120, 302_000, words)
    assert "120" in said and "5:02" in said and said.startswith(said.split()[0])


def test_winnable_lists_carry_grades_and_new_deal_picks_of_the_grade_asked():
    text = "CR1-N-AAAAAAB easy\nCR1-N-AAAAAAC hard\nCR1-N-AAAAAAD\nFT1-N-AAAAAAB easy\njunk hard\n"
    deals = parse_list(text, "CR1-N")
    assert deals == {"CR1-N-AAAAAAB": "easy", "CR1-N-AAAAAAC": "hard"}
    rng = random.Random(1)
    assert pick(deals, "hard", (), rng) == Pick("CR1-N-AAAAAAC")
    assert pick(deals, "medium", (), rng).notice == "grade_missing"  # a winnable one instead
    assert pick(deals, "any", {"CR1-N-AAAAAAB"}, rng) == Pick("CR1-N-AAAAAAC")
    assert pick({}, "any", (), rng) == Pick(None, "winnable_missing")
    assert Settings().changed("grade", "hard").grade == "hard"
    assert Settings().changed("grade", "impossible").grade == "any"
