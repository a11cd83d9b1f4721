"""Game flow: codes in the hash, history, the picker, copy link, settings, animation."""

import re

from pages import (
    choose,
    close_settings,
    drag,
    load_code,
    open_settings,
    pick_game,
    tap,
    top_card,
)
from playwright.sync_api import expect

from game.codes import KINDS

CODE_RE = rf"({'|'.join(KINDS)})-[A-Z2-7]{{7}}"


def code_of(page) -> str:
    return page.locator("#board").get_attribute("data-code")


def test_invalid_hash_says_so_and_deals_a_fresh_game(fresh):
    page = fresh("#CR1-N-NOPE!!")
    expect(page.locator("#announce")).to_contain_text(
        "does not hold a valid game code (“CR1-N-NOPE!!”)"
    )
    assert re.fullmatch(CODE_RE, code_of(page))
    assert page.evaluate("location.hash") == f"#{code_of(page)}"
    assert page.locator("text=Traceback").count() == 0


def test_lower_case_hash_is_accepted_and_normalised(fresh):
    page = fresh("#ft1-n-aaaaaab")
    assert code_of(page) == "FT1-N-AAAAAAB"
    assert page.evaluate("location.hash") == "#FT1-N-AAAAAAB"


def test_new_deal_adds_history_and_back_returns(board):
    load_code(board, "CR1-N-AAAAAAB")
    board.locator("header [data-action=new]").click()
    expect(board.locator("#board")).not_to_have_attribute("data-code", "CR1-N-AAAAAAB")
    new_code = code_of(board)
    assert re.fullmatch(r"CR1-N-[A-Z2-7]{7}", new_code)
    assert board.evaluate("location.hash") == f"#{new_code}"
    board.go_back()
    expect(board.locator("#board")).to_have_attribute("data-code", "CR1-N-AAAAAAB")
    board.go_forward()
    expect(board.locator("#board")).to_have_attribute("data-code", new_code)


def test_editing_the_hash_loads_that_deal_and_a_bad_edit_is_reported(board):
    load_code(board, "CR1-N-AAAAAAB")
    board.evaluate("location.hash = 'FT1-N-AAAABCD'")
    expect(board.locator("#board")).to_have_attribute("data-code", "FT1-N-AAAABCD")
    assert board.evaluate("document.body.dataset.game") == "FT1"
    board.evaluate("location.hash = 'XX1-N-AAAAAAB'")
    expect(board.locator("#announce")).to_contain_text(
        "does not hold a valid game code (“XX1-N-AAAAAAB”)"
    )
    assert re.fullmatch(r"FT1-N-[A-Z2-7]{7}", code_of(board))  # a fresh deal of the same game


def test_game_picker_deals_the_chosen_game(board):
    load_code(board, "CR1-N-AAAAAAB")
    pick_game(board, "CR1-F")
    expect(board.locator("#board")).to_have_attribute("data-code", re.compile(r"CR1-F-"))
    expect(board.locator("[data-action=redeal]")).to_have_text("Redeal (4)")
    pick_game(board, "FT1-N")
    expect(board.locator("#board")).to_have_attribute("data-code", re.compile(r"FT1-N-"))
    expect(board.locator("[data-action=draw]")).to_be_visible()
    expect(board.locator("[data-action=redeal]")).to_be_hidden()
    expect(board.locator("#stat-score")).to_be_visible()


def test_copy_link_puts_the_deal_link_on_the_clipboard(board):
    load_code(board, "FT1-N-AAAAAAB")
    choose(board, "copy")
    expect(board.locator("#announce")).to_contain_text("Link copied")
    assert board.evaluate("navigator.clipboard.readText()").endswith("#FT1-N-AAAAAAB")


def test_interactive_rules_off_keeps_the_reason_to_itself(board):
    load_code(board, "CR1-N-AAAAAAB")
    open_settings(board)
    board.locator("[data-setting=interactive_rules]").uncheck()
    close_settings(board)
    drag(board, "t5", "t1")
    expect(board.locator("#announce")).to_have_text("Not allowed.")
    stored = board.evaluate("localStorage.getItem('solitaire.settings')")
    assert '"interactive_rules": false' in stored
    open_settings(board)
    board.locator("[data-setting=interactive_rules]").check()
    close_settings(board)
    drag(board, "t5", "t1")
    expect(board.locator("#announce")).to_have_text("Must be the same suit.")


def test_timer_starts_with_the_first_move(board):
    load_code(board, "CR1-N-AAAAAAB")
    expect(board.locator("#stat-time")).to_have_text("Time 0:00")
    tap(board, "t6")
    expect(board.locator("#stat-time")).to_have_text("Time 0:01", timeout=3000)


def test_moves_are_animated_unless_reduced_motion_is_asked(fresh):
    page = fresh("#CR1-N-AAAAAAB", reduced_motion="no-preference")
    tap(page, "t6")
    arriving = page.locator("[data-arrive]")
    expect(arriving).to_have_count(1)
    assert (
        page.evaluate("getComputedStyle(document.querySelector('[data-arrive]')).animationName")
        == "arrive"
    )
    still = fresh("#CR1-N-AAAAAAB", reduced_motion="reduce")
    tap(still, "t6")
    expect(top_card(still, "f5")).to_have_attribute("data-card", "QS")
    assert (
        still.evaluate("getComputedStyle(document.querySelector('[data-arrive]')).animationName")
        == "none"
    )


def test_winnable_deals_only_never_restarts_the_table_and_says_when_all_are_dealt(fresh):
    """A list of four deals, one easy (Maria's, as it was before its playouts ran on: served
    here). New deal never deals the deal on the table again (it restarted it, the player's
    moves gone) nor a deal already played (a finished game opened with "Welcome back"); when
    every listed deal is dealt it says so."""
    import json

    from game.ui.records.storage import GAME_PREFIX

    listed = ["FT1-M-AAAAAA5", "FT1-M-AAAAAAG", "FT1-M-AAAAAAM", "FT1-M-AAAAACP"]
    played = {"v": 2, "code": listed[3], "line": "stock-waste", "redo": "", "moves": 1}
    settings = {"winnable_only": True, "grade": "easy"}
    grades = ["easy", "medium", "medium", "hard"]
    four = "".join(f"{code} {grade}\n" for code, grade in zip(listed, grades))
    page = fresh(
        f"#{listed[0]}",
        storage={
            "solitaire.settings": json.dumps(settings),
            GAME_PREFIX + listed[3]: json.dumps(played | {"elapsed": 1, "saved": 1}),
        },
        route=("**/static/data/winnable-maria.txt", lambda route: route.fulfill(body=four)),
        service_workers="block",  # (a worker of the context would fetch the list, unrouted)
    )
    page.locator("header [data-action=draw]").click()  # a move of the player's own
    seen = [listed[0]]
    for said in ["of that difficulty has been dealt"] * 2 + ["listed for this game"]:
        page.locator("header [data-action=new]").click()
        expect(page.locator("#board")).not_to_have_attribute("data-code", seen[-1])
        expect(page.locator("#announce")).to_contain_text(said)
        seen.append(code_of(page))
    assert set(seen[:3]) == set(listed[:3])  # the played one, and the table, never again
    assert seen[3] not in listed  # a random deal
    kept = json.loads(page.evaluate("k => localStorage.getItem(k)", GAME_PREFIX + listed[0]))
    assert kept["line"] == "stock-waste"  # the first game, as the player left it


def test_difficulty_is_disabled_while_winnable_deals_only_is_off(board):
    open_settings(board)
    grade = board.locator("[data-setting=grade]")
    expect(board.locator("[data-setting=winnable_only]")).not_to_be_checked()
    expect(grade).to_be_disabled()
    board.check("[data-setting=winnable_only]")
    expect(grade).to_be_enabled()
    board.uncheck("[data-setting=winnable_only]")
    expect(grade).to_be_disabled()
    close_settings(board)
