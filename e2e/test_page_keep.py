"""No game is ever lost and time is fair: New deal then Back resumes (and says so), Restart is
an explicit, confirmed action, Redeal asks while moves remain, the deal's code is on screen,
the timer stands still while paused or hidden."""

from __future__ import annotations

import json

import pytest
from pages import load_code, open_settings, tap, top_card
from playwright.sync_api import expect

from game.ui.records.storage import GAME_PREFIX

# a first move of each game by a tap: (code, place tapped, where the card goes, the card)
FIRST = {
    "CR1": ("CR1-N-AAAAAAB", "t6", "f5", "QS"),
    "FT1": ("FT1-N-AAAAAAB", "t7", "f4", "AC"),
}


def first_move(page, kind: str) -> str:
    code, src, dst, card = FIRST[kind]
    load_code(page, code)
    tap(page, src)
    expect(top_card(page, dst)).to_have_attribute("data-card", card)
    return code


@pytest.mark.parametrize("kind", FIRST)
def test_new_deal_then_back_resumes_and_says_so(board, kind):
    code = first_move(board, kind)
    board.locator("header [data-action=new]").click()
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")
    board.go_back()
    expect(board.locator("#board")).to_have_attribute("data-code", code)
    expect(top_card(board, FIRST[kind][2])).to_have_attribute("data-card", FIRST[kind][3])
    expect(board.locator("#announce")).to_contain_text("Welcome back")
    expect(board.locator("#announce")).to_contain_text("moves 1")


@pytest.mark.parametrize("kind", FIRST)
def test_the_code_is_on_screen_and_a_tap_copies_the_link(board, kind):
    code = FIRST[kind][0]
    load_code(board, code)
    button = board.locator("#stat-code")
    expect(button).to_have_text(code)
    expect(button).to_have_attribute("aria-label", f"Deal {code}: copy its link")
    button.click()
    expect(board.locator("#announce")).to_contain_text("Link copied: ")
    expect(board.locator("#announce")).to_contain_text(f"#{code}")  # this deal's, not the last
    assert board.evaluate("navigator.clipboard.readText()").endswith(f"#{code}")


@pytest.mark.parametrize("kind", FIRST)
def test_restart_is_confirmed_and_deals_the_same_code_afresh(board, kind):
    code = first_move(board, kind)
    open_settings(board)
    board.locator("[data-action=restart]").click()
    expect(board.locator("#restart-dialog")).to_be_visible()
    board.locator("#restart-dialog [data-action=close]").click()
    expect(board.locator("#stat-moves")).not_to_have_text("Moves 0")  # cancelled: kept
    open_settings(board)
    board.locator("[data-action=restart]").click()
    board.locator("[data-action=restart-yes]").click()
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")
    expect(board.locator("#board")).to_have_attribute("data-code", code)
    expect(board.locator("#announce")).to_contain_text("starts again")
    assert board.evaluate("k => localStorage.getItem(k)", GAME_PREFIX + code) is None


def test_redeal_asks_while_moves_remain_and_can_be_told_not_to(board):
    load_code(board, "CR1-N-AAAAAAB")
    redeal = board.locator("header [data-action=redeal]")
    redeal.click()
    dialog = board.locator("#redeal-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("moves are still possible — redeal anyway?")
    dialog.locator("[data-action=close]").click()
    expect(redeal).to_have_text("Redeal (3)")  # cancelled
    redeal.click()
    dialog.locator("#redeal-dont-ask").check()
    dialog.locator("[data-action=redeal-yes]").click()
    expect(redeal).to_have_text("Redeal (2)")
    expect(board.locator("[data-setting=ask_redeal]")).not_to_be_checked()
    redeal.click()  # not asked again
    expect(redeal).to_have_text("Redeal (1)")
    expect(dialog).to_be_hidden()


HIDE = """hidden => {
    if (hidden) Object.defineProperty(document, 'visibilityState',
                                      {value: 'hidden', configurable: true});
    else delete document.visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def stored_elapsed(page, code: str) -> int:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", GAME_PREFIX + code))["elapsed"]


# hidden or paused this long: the fake clock jumps it at once, and the timer's tick (every
# second) comes at its end, so a timer that ran on would show five minutes more
LONG = "05:00"


@pytest.mark.parametrize("kind", FIRST)
def test_the_timer_stands_still_while_the_page_is_hidden(clocked, kind):
    code = first_move(clocked, kind)
    clocked.clock.fast_forward(1100)  # a second played
    clocked.evaluate(HIDE, True)
    saved = stored_elapsed(clocked, code)  # saved as it was hidden
    shown = clocked.locator("#stat-time").inner_text()
    clocked.clock.fast_forward(LONG)
    assert clocked.locator("#stat-time").inner_text() == shown
    assert stored_elapsed(clocked, code) == saved >= 1000
    clocked.evaluate(HIDE, False)
    clocked.clock.fast_forward(2000)  # shown again: time runs, and the tick shows it
    expect(clocked.locator("#stat-time")).not_to_have_text(shown, timeout=3000)


@pytest.mark.parametrize("kind", FIRST)
def test_pause_covers_the_board_and_stops_the_timer(clocked, kind):
    first_move(clocked, kind)
    pause = clocked.locator("header [data-action=pause]")
    pause.click()
    expect(clocked.locator("#paused")).to_be_visible()
    expect(pause).to_have_attribute("aria-pressed", "true")
    shown = clocked.locator("#stat-time").inner_text()
    clocked.clock.fast_forward(LONG)
    assert clocked.locator("#stat-time").inner_text() == shown
    clocked.locator("#paused [data-action=resume]").click()
    expect(clocked.locator("#paused")).to_be_hidden()
    expect(pause).to_have_attribute("aria-pressed", "false")
    clocked.clock.fast_forward(2000)
    expect(clocked.locator("#stat-time")).not_to_have_text(shown, timeout=3000)
