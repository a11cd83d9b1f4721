"""Every day: the daily deal (the same on two pages, proven or said not to be), its record in
Statistics (streaks, the calendar), a daily win shared, a challenge link and its banner, and
the winnable deals' grades."""

from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest
from harness import ROOT
from pages import (
    choose,
    drag,
    fill_the_quota,
    kept,
    load_code,
    open_settings,
    pick_game,
    set_switch,
)
from playwright.sync_api import expect

import game
from game.ui.address.links import replay_hash
from game.ui.daily import daily, daily_record
from game.ui.records.deals import parse_list
from game.ui.records.stats import KEY as STATS_KEY
from game.ui.records.stats import Stats
from game.ui.records.storage import GAME_PREFIX
from tools.daily import stored_lines

DAY = date(2027, 3, 14)
QUERY = f"?test=1&today={DAY.isoformat()}"


def todays(kind: str, day: date = DAY) -> str:
    text = (ROOT / "static" / "data" / f"daily-{game.codes.kind_slug(kind)}.txt").read_text()
    return daily.daily(kind, day, daily.parse_pool(text, kind)).code


def moves_to_win(code: str) -> int:
    """The moves the page counts in ``code``'s stored winning line (a redeal is not one)."""
    line = [game.Move.from_text(w) for w in stored_lines(code[:5])[code].split()]
    return game.replay(game.new(code), line).moves


BY_HAND = {"solitaire.settings": json.dumps({"auto_finish": False})}  # the last move by hand


def one_move_before_the_win(code: str) -> tuple[dict[str, str], game.Move]:
    """Storage holding ``code``'s game one move before its win (its stored winning line)."""
    line = stored_lines(game.GameCode.parse(code).kind)[code].split()
    save = {"v": 2, "code": code, "line": " ".join(line[:-1]), "redo": "", "moves": 0}
    save |= {"elapsed": 391_000, "saved": 1}
    return {GAME_PREFIX + code: json.dumps(save)}, game.Move.from_text(line[-1])


def test_two_fresh_pages_open_the_same_daily_and_another_games_from_the_menu(fresh):
    first = fresh("#daily", query=QUERY)
    second = fresh("#daily", query=QUERY)
    code = todays("CR1-N")  # no game played yet: Crescent's
    for page in (first, second):
        expect(page.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
        expect(page.locator("#board")).to_have_attribute("data-code", code)
        assert page.evaluate("location.hash") == f"#{code}"  # its ordinary, shareable code
        expect(page.locator("#stat-daily")).to_have_text("Daily Mar 14")
        expect(page.locator("#announce")).to_contain_text("it can be won")
    month = [(DAY + timedelta(days=i)).isoformat() for i in range(30)]
    codes = [first.evaluate("d => window.solitaireDailyCode('CR1-N', d)", d) for d in month]
    assert codes[0] == code and len(set(codes)) >= 28  # 30 days in a row: 30 deals
    assert codes == [todays("CR1-N", DAY + timedelta(days=i)) for i in range(30)]
    pick_game(second, "FT1-M")  # a new deal of another game...
    expect(second.locator("#board")).to_have_attribute("data-code", re.compile("^FT1-M-"))
    expect(second.locator("body")).not_to_have_attribute("data-daily", DAY.isoformat())
    choose(second, "daily")  # ...then its daily, from the menu
    ft = todays("FT1-M")  # Maria: the last game to get a pool of proven deals
    expect(second.locator("#board")).to_have_attribute("data-code", ft)
    expect(second.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
    expect(second.locator("#announce")).to_contain_text("it can be won")
    second.go_back()  # the daily was a history entry
    expect(second.locator("body")).not_to_have_attribute("data-daily", DAY.isoformat())


@pytest.mark.parametrize(
    "zone, utc, day",
    [
        ("America/New_York", "2027-03-15T01:30:00Z", date(2027, 3, 14)),  # 21:30, the 14th
        ("Asia/Tokyo", "2027-03-14T20:00:00Z", date(2027, 3, 15)),  # 05:00, the 15th
    ],
)
def test_the_daily_and_the_calendar_follow_the_players_own_date(fresh, zone, utc, day):
    page = fresh("#CR1-N-AAAAAAB", timezone_id=zone)  # no ?today: the browser's clock
    page.clock.set_fixed_time(utc)
    choose(page, "daily")
    expect(page.locator("body")).to_have_attribute("data-daily", day.isoformat())
    expect(page.locator("#board")).to_have_attribute("data-code", todays("CR1-N", day))
    expect(page.locator("#stat-daily")).to_have_text(f"Daily Mar {day.day}")
    choose(page, "stats")
    expect(page.locator("#calendar [aria-current=date]")).to_have_attribute(
        "data-day", day.isoformat()
    )


def test_a_daily_win_counts_in_the_streak_and_the_calendar_and_shares_no_spoiler(fresh):
    code = todays("CR1-N")
    storage, last = one_move_before_the_win(code)
    yesterday = DAY - timedelta(days=1)
    long_ago = DAY - timedelta(days=10)  # a daily played, not won: the days after it are missed
    won_before = daily_record.Record().played(long_ago, todays("CR1-N", long_ago))
    won_before = won_before.won(yesterday, todays("CR1-N", yesterday), 150, 500_000.0)
    storage[daily_record.KEY] = won_before.to_json()
    storage["solitaire.settings"] = json.dumps({"auto_finish": False})  # the last move by hand
    page = fresh(
        "#daily",
        query=QUERY,
        storage=storage,
        reduced_motion="reduce",
        permissions=["clipboard-read", "clipboard-write"],
    )
    expect(page.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
    expect(page.locator("#board")).to_have_attribute("data-code", code)
    page.locator("header [data-action=hint]").click()  # a hint: the share says so
    expect(page.locator("#announce")).to_contain_text(re.compile("Hint: |a likely move"))
    drag(page, last.src, last.dst)
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("[data-action=share]").click()
    moves = moves_to_win(code)
    shared = f"Crescent, daily deal of Sunday, March 14, 2027: won in {moves} moves, 6:3"
    expect(dialog.locator("#won-share")).to_contain_text(shared)
    text = page.evaluate("navigator.clipboard.readText()")
    assert "1 hint" in text and text.endswith(f"#{code}~{moves}~{text.split('~')[-1]}")
    assert "t1" not in text.split("\n")[0]  # no move of the line
    dialog.locator("[data-action=close]").click()
    choose(page, "stats")
    expect(page.locator("[data-stat=daily-streak]")).to_have_text("2")
    expect(page.locator("[data-stat=daily-best]")).to_have_text("2")
    today = page.locator(f'#calendar [data-day="{DAY.isoformat()}"]')
    expect(today).to_have_attribute("data-status", "won")
    expect(today).to_have_attribute("aria-label", "Sunday, March 14, 2027, won")
    today.focus()
    page.keyboard.press("ArrowUp")  # a week back, by keyboard
    earlier = page.locator(f'#calendar [data-day="{(DAY - timedelta(days=7)).isoformat()}"]')
    expect(earlier).to_be_focused()
    expect(earlier).to_have_attribute("data-status", "missed")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")  # into February
    expect(page.locator("#calendar-title")).to_have_text("February 2027")
    page.locator("[data-action=calendar-next]").click()
    expect(page.locator("#calendar-title")).to_have_text("March 2027")
    # the next day: the streak holds while its daily is still to win
    later = page.context.new_page()
    later.goto(page.url.replace(DAY.isoformat(), (DAY + timedelta(days=1)).isoformat()))
    expect(later.locator("body")).to_have_attribute("data-ready", "1", timeout=60_000)
    choose(later, "stats")
    expect(later.locator("[data-stat=daily-streak]")).to_have_text("2")
    later.close()


def stored(page, key: str) -> str:
    kept(page)  # the last draw kept (saved, counted)
    return page.evaluate("k => localStorage.getItem(k)", key)


def test_two_tabs_keep_both_dailies_and_both_games_counted(warm):
    """Tab A wins today's Crescent daily, then tab B (open since before) draws a card in
    today's Forty Thieves daily: neither overwrites the other, and B shows A's win."""
    crescent, forty = todays("CR1-N"), todays("FT1-N")
    storage, last = one_move_before_the_win(crescent)
    storage |= BY_HAND
    a, watch_a = warm.open(f"#{crescent}", query=QUERY, storage=storage, reduced_motion="reduce")
    b, watch_b = warm.open(f"#{forty}", query=QUERY, clear=False, reduced_motion="reduce")
    for page in (a, b):
        expect(page.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
    drag(a, last.src, last.dst)
    expect(a.locator("#won-dialog")).to_be_visible()
    kept(a)
    b.locator("header [data-action=draw]").click()
    expect(b.locator("#stat-moves")).to_have_text("Moves 1")
    record = daily_record.Record.from_json(stored(b, daily_record.KEY))
    assert record.entry(DAY, "CR1-N").won
    assert record.entry(DAY, "FT1-N") == daily_record.Entry(forty)
    counted = Stats.from_json(stored(b, STATS_KEY))
    assert counted.record("CR1-N").won == 1 and counted.record("FT1-N").played == 1
    choose(b, "stats")  # B shows A's win, told by the browser's storage event
    expect(b.locator(f'#calendar [data-day="{DAY.isoformat()}"]')).to_have_attribute(
        "data-status", "won"
    )
    expect(b.locator("[data-stat=daily-streak]")).to_have_text("1")
    expect(b.locator("#stats-table [data-stat=stats_won] td").first).to_have_text("1")
    for watch in (watch_a, watch_b):
        watch.check()


def test_a_daily_won_with_the_storage_full_says_it_cannot_be_kept(fresh):
    code = todays("CR1-N")
    storage, last = one_move_before_the_win(code)
    page = fresh(f"#{code}", query=QUERY, storage=storage | BY_HAND, reduced_motion="reduce")
    expect(page.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
    fill_the_quota(page)
    drag(page, last.src, last.dst)
    line = page.locator("#won-dialog #won-stats")
    expect(line).to_contain_text("streak 1")  # in force while the page is open, and said
    expect(line).to_contain_text("statistics and record of daily deals cannot be saved")


def test_a_daily_won_before_its_list_arrives_is_counted_when_it_does(fresh):
    """The daily's pool answers late (a slow network): the daily won meanwhile is kept once
    its date is known, with its moves."""
    code = todays("CR1-N")
    storage, last = one_move_before_the_win(code)
    held = []  # the pool's requests, answered after the win
    page = fresh(
        f"#{code}",
        query=QUERY,
        storage=storage | BY_HAND,
        reduced_motion="reduce",
        service_workers="block",  # every fetch seen by the route
        route=("**/static/data/daily-*.txt", lambda route: held.append(route)),
    )
    drag(page, last.src, last.dst)
    expect(page.locator("#won-dialog")).to_be_visible()
    assert held and page.evaluate("document.body.dataset.daily") is None  # not known yet
    for route in held:
        route.continue_()
    expect(page.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
    page.locator("#won-dialog [data-action=close]").click()
    choose(page, "stats")
    today = page.locator(f'#calendar [data-day="{DAY.isoformat()}"]')
    expect(today).to_have_attribute("data-status", "won")
    entry = daily_record.Record.from_json(stored(page, daily_record.KEY)).entry(DAY, "CR1-N")
    assert entry is not None and entry.moves == moves_to_win(code)


def test_a_daily_continued_from_its_replay_is_not_the_players_win(fresh):
    """Play from here on the daily's replay, one move before its win, then that move: the
    game plays and is kept, but it is neither the day's daily won nor a game counted."""
    code = todays("CR1-N")
    line = stored_lines("CR1-N")[code].split()
    page = fresh(replay_hash(code, line), query=QUERY, storage=BY_HAND, reduced_motion="reduce")
    page.locator("[data-action=replay-end]").click()
    page.locator("[data-action=replay-back]").click()
    page.locator("[data-action=replay-here]").click()
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-daily", DAY.isoformat())
    last = game.Move.from_text(line[-1])
    drag(page, last.src, last.dst)
    dialog = page.locator("#won-dialog")
    expect(dialog.locator("#won-stats")).to_have_text(
        "Continued from a replay: not counted in your statistics or daily record."
    )
    expect(dialog.locator("[data-action=challenge]")).to_be_hidden()  # (it was ~148~1)
    dialog.locator("[data-action=share]").click()  # the replay link, not the daily's text
    expect(dialog.locator("#won-share")).not_to_contain_text("daily deal")
    dialog.locator("[data-action=close]").click()
    choose(page, "stats")
    today = page.locator(f'#calendar [data-day="{DAY.isoformat()}"]')
    expect(today).to_have_attribute("data-status", "open")
    assert page.locator("#stats-table [data-stat=stats_won] td").all_inner_texts() == ["0"]
    assert page.evaluate("k => localStorage.getItem(k)", daily_record.KEY) is None
    assert json.loads(stored(page, GAME_PREFIX + code))["replayed"] is True  # kept, marked


def test_a_challenge_link_shows_its_banner_until_won_then_compares(board):
    code = "CR1-N-AAAAAQP"
    board.evaluate("location.hash = 'CR1-N-AAAAAQP~0~1'")  # a forged result: the deal opens
    expect(board.locator("#board")).to_have_attribute("data-code", code)
    expect(board.locator("#challenge")).to_be_hidden()
    board.evaluate("location.hash = 'CR1-N-AAAAAQR~<img src=x>~1'")
    expect(board.locator("#board")).to_have_attribute("data-code", "CR1-N-AAAAAQR")
    assert board.evaluate("location.hash") == "#CR1-N-AAAAAQR"
    set_switch(board, "auto_finish", False)  # (one move from the win: a resumed game finishes)
    storage, last = one_move_before_the_win("CR1-N-AAAAAAB")
    for key, value in storage.items():
        board.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    board.evaluate("location.hash = 'CR1-N-AAAAAAB~999~3600'")
    expect(board.locator("#challenge")).to_be_visible()
    expect(board.locator("#challenge-text")).to_have_text("Beat 999 moves in 60:00")
    drag(board, last.src, last.dst)
    expect(board.locator("#won-dialog")).to_be_visible()
    expect(board.locator("#challenge-text")).to_contain_text("Your friend: 999 moves in 60:00")
    expect(board.locator("#challenge-text")).to_contain_text("You beat it!")
    link = board.evaluate("window.solitaireChallengeLink()")
    moves = moves_to_win("CR1-N-AAAAAAB")
    assert link.split("#")[1].startswith(f"CR1-N-AAAAAAB~{moves}~")
    board.locator("#won-dialog [data-action=challenge]").click()
    expect(board.locator("#won-share")).to_have_text(link)  # copied, and shown to copy
    assert board.evaluate("navigator.clipboard.readText()") == link
    board.locator("#won-dialog [data-action=close]").click()
    board.locator("header [data-action=undo]").click()  # the win taken back: to beat again
    expect(board.locator("#challenge-text")).to_have_text("Beat 999 moves in 60:00")
    load_code(board, "CR1-N-AAAAAAC")  # another deal: no banner
    expect(board.locator("#challenge")).to_be_hidden()


def test_a_challenge_belongs_to_its_link(board):
    banner = board.locator("#challenge")
    for fragment, shown in (
        ("CR1-N-AAAAABA~142~391", True),
        ("CR1-N-AAAAABB", False),  # another deal
        ("CR1-N-AAAAABA", False),  # the same deal by its plain link (it came back)
        ("CR1-N-AAAAABA~142~391", True),
        ("CR1-N-AAAAABA~0~0", False),  # a broken result, dropped (the old banner stayed)
        ("CR1-N-AAAAABA~142~391", True),
        ("CR1-N-AAAAABA/", False),  # the deal's replay (the banner stayed over it)
    ):
        board.evaluate("fragment => { location.hash = fragment }", fragment)
        expect(board.locator("#board")).to_have_attribute("data-code", fragment[:13])
        if shown:
            expect(board.locator("#challenge-text")).to_have_text("Beat 142 moves in 6:31")
        else:
            expect(banner).to_be_hidden()
    board.locator("[data-action=replay-close]").click()


def test_the_grade_shows_beside_the_code_and_hard_only_deals_hard_ones(board):
    hard = parse_list((ROOT / "static/data/winnable-crescent.txt").read_text(), "CR1-N")
    open_settings(board)
    board.locator("[data-setting=winnable_only]").check()
    board.select_option("[data-setting=grade]", "hard")
    board.locator("#settings-sheet [data-action=close]").click()
    for _ in range(3):
        before = board.evaluate("location.hash")
        board.locator("header [data-action=new]").click()
        expect(board.locator("#board")).not_to_have_attribute("data-code", before[1:])
        code = board.evaluate("document.querySelector('#board').dataset.code")
        assert hard[code] == "hard"
        expect(board.locator("#stat-grade")).to_have_text("Hard")
