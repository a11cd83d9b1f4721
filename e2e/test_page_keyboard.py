"""The board and the toolbar by keyboard alone: places as a roving tab stop (arrows, Home,
End), Enter or Space as a tap, Escape, the toolbar's letters, focus through redraws and
dialogs, and every change announced once."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

from pages import load_code, open_menu, set_switch
from playwright.sync_api import Page, expect

import game
from game.ui import board
from game.ui.input import keys

ROOT = Path(__file__).resolve().parent.parent
CODE = "CR1-N-AAAAAAB"  # t6 QS has one place to go (f5); t1 2H has two (f2, t7)
FOCUSED = "document.activeElement?.closest?.('[data-place]')?.dataset.place ?? null"
HEARD = """() => { window.__heard = []; if (window.__ear) window.__ear.disconnect();
    window.__ear = new MutationObserver(records => { for (const r of records)
        if (r.addedNodes.length) window.__heard.push(r.target.textContent); });
    window.__ear.observe(document.querySelector('#announce'), {childList: true}); }"""


def focused(page: Page) -> str | None:
    return page.evaluate(FOCUSED)


def enter_board(page: Page) -> str:
    """Tab from the top of the page until a place has focus (the board's one tab stop)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        place = focused(page)
        if place:
            return place
    raise AssertionError("Tab never reached the board")


def route(g: game.Solitaire, start: str, goal: str) -> list[str]:
    """The fewest keys (arrows, Home, End) from ``start`` to ``goal``, by the same geometry
    the page uses (Crescent's layout does not depend on the window)."""
    layout = board.layout_for(g, 1.0)
    rects = {p: board.place_rect(g, layout, p) for p in layout.slots}
    order = board.place_order(g)
    came: dict[str, tuple[str, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            break
        for key in (*keys.ARROWS, "Home", "End"):
            there = keys.move_focus(order, rects, here, key)
            if there is not None and there not in came:
                came[there] = (here, key)
                todo.append(there)
    path: list[str] = []
    while (step := came[goal]) is not None:
        goal, key = step
        path.append(key)
    return path[::-1]


def go_to(page: Page, g: game.Solitaire, goal: str) -> None:
    for key in route(g, focused(page), goal):
        page.keyboard.press(key)
    assert focused(page) == goal


def test_a_crescent_deal_is_won_with_the_keyboard_alone(fresh):
    """The examples' winning line, every move by Tab, arrows, Home/End and Enter; redeals by
    R and the question's buttons. (Auto-finish off: every card goes home by a key.)"""
    example = json.loads((ROOT / "static/data/examples.json").read_text())["CR1-N"]
    page = fresh(f"#{example['code']}", reduced_motion="reduce")
    set_switch(page, "auto_finish", False)
    g = game.new(example["code"])
    enter_board(page)
    for text in example["line"].split():
        if text == "redeal":
            page.keyboard.press("r")
            dialog = page.locator("#redeal-dialog")
            if dialog.is_visible():  # moves remain: the question, Cancel focused first
                assert page.evaluate("document.activeElement.dataset.action") == "close"
                page.keyboard.press("Tab")
                page.keyboard.press("Enter")
                expect(dialog).to_be_hidden()
            g.redeal()
            assert focused(page) is not None  # back on the board
            continue
        src, dst = text.split("-")
        several = len(g.destinations(src)) > 1
        go_to(page, g, src)
        page.keyboard.press("Enter")
        if several:  # selected: the places that take it are lit, Enter on the chosen one
            expect(page.locator(f'[data-place="{src}"]')).to_have_attribute("aria-pressed", "true")
            go_to(page, g, dst)
            page.keyboard.press("Enter")
        g.play(src, dst)
    expect(page.locator("#board")).to_have_attribute("data-status", "won")
    assert page.evaluate("window.solitairePosition()") == g.position()
    won = page.locator("#won-dialog")
    expect(won).to_be_visible()
    assert page.evaluate("document.querySelector('#won-dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(won).to_be_hidden()
    assert focused(page) is not None  # focus back where the last move was made


def test_enter_selects_moves_and_escape_cancels(board):
    load_code(board, CODE)
    enter_board(board)
    g = game.new(CODE)
    go_to(board, g, "t1")
    board.keyboard.press("Enter")
    t1 = board.locator('[data-place="t1"]')
    expect(t1).to_have_attribute("aria-pressed", "true")
    expect(board.locator('[data-place="t7"]')).to_have_class("place target")
    assert "takes the selected card" in board.locator('[data-place="t7"]').get_attribute(
        "aria-label"
    )
    board.keyboard.press("Escape")
    expect(t1).to_have_attribute("aria-pressed", "false")
    expect(board.locator(".place.target")).to_have_count(0)
    board.keyboard.press(" ")  # Space is a tap too
    expect(t1).to_have_attribute("aria-pressed", "true")
    go_to(board, g, "t7")
    board.keyboard.press("Enter")
    g.play("t1", "t7")
    assert board.evaluate("window.solitairePosition()") == g.position()


def test_undo_and_redo_keys(board):
    load_code(board, CODE)
    enter_board(board)
    go_to(board, game.new(CODE), "t6")
    board.keyboard.press("Enter")
    moves = board.locator("#stat-moves")
    expect(moves).to_have_text("Moves 1")
    for key, after in [
        ("u", 0),
        ("Shift+U", 1),
        ("Control+z", 0),
        ("Control+y", 1),
        ("Control+z", 0),
        ("Control+Shift+Z", 1),
    ]:
        board.keyboard.press(key)
        expect(moves).to_have_text(f"Moves {after}")
        assert focused(board) == "t6"  # focus survives every redraw


def test_focus_survives_moves_undo_and_redeal(board):
    load_code(board, CODE)
    set_switch(board, "ask_redeal", False)
    enter_board(board)
    go_to(board, game.new(CODE), "t6")
    element = board.evaluate_handle("document.activeElement")
    board.keyboard.press("Enter")
    board.keyboard.press("u")
    board.keyboard.press("r")
    expect(board.locator("[data-action=redeal]")).to_have_text("Redeal (2)")
    assert focused(board) == "t6"
    assert board.evaluate("e => e === document.activeElement", element)  # the same element
    board.keyboard.press("Tab")  # out of the board, and back in: to the same place
    board.keyboard.press("Shift+Tab")
    assert focused(board) == "t6"


def test_places_are_in_game_order_and_exactly_one_is_a_tab_stop(board):
    for code in (CODE, "FT1-N-AAAAAAB"):
        load_code(board, code)
        places = board.eval_on_selector_all(
            "#board [data-place]", "els => els.map(e => e.dataset.place)"
        )
        assert tuple(places) == board_order(code)
        stops = board.eval_on_selector_all("#board [tabindex='0']", "els => els.length")
        assert stops == 1
        roles = set(
            board.eval_on_selector_all(
                "#board [data-place]", "els => els.map(e => e.getAttribute('role'))"
            )
        )
        assert roles == {"button"}


def board_order(code: str) -> tuple[str, ...]:
    return board.place_order(game.new(code))


def test_forty_thieves_by_keys_draw_and_arrows(board):
    load_code(board, "FT1-N-AAAAAAB")
    board.evaluate(HEARD)
    place = enter_board(board)
    board.keyboard.press("Home")
    assert focused(board) == "f1"
    board.keyboard.press("ArrowDown")
    assert focused(board) == "t1"
    board.keyboard.press("End")
    assert focused(board) == "t10"
    board.keyboard.press("ArrowUp")
    assert focused(board) == "stock"
    board.keyboard.press("d")  # Draw
    expect(board.locator("#stat-moves")).to_have_text("Moves 1")
    board.keyboard.press("Enter")  # Enter on the stock draws too
    expect(board.locator("#stat-moves")).to_have_text("Moves 2")
    assert board.evaluate("window.__heard.length") == 2  # each draw said once
    assert place


def test_each_change_is_announced_exactly_once(board):
    load_code(board, CODE)
    enter_board(board)
    g = game.new(CODE)
    board.evaluate(HEARD)
    go_to(board, g, "t6")
    board.keyboard.press("Enter")  # a move
    go_to(board, g, "t2")
    board.keyboard.press("Enter")  # a refusal: KD has nowhere to go
    set_switch(board, "ask_redeal", False)
    board.keyboard.press("r")  # a redeal
    board.keyboard.press("u")  # nothing to undo after a redeal? the rules cannot: said once
    heard = board.evaluate("window.__heard")
    assert len(heard) == 4, heard
    assert "queen of spades" in heard[0].lower()
    assert "redeal" in heard[2].lower()


def test_letters_do_nothing_while_choosing_or_with_a_dialog_open(board):
    load_code(board, CODE)
    board.locator("[data-action=game]").click()  # the game picker: letters are its search's
    board.keyboard.press("u")
    board.keyboard.press("h")
    expect(board.locator("#picker-search")).to_have_value("uh")
    expect(board.locator("#board")).to_have_attribute("data-code", CODE)
    expect(board.locator(".place.hint-from")).to_have_count(0)
    board.keyboard.press("Escape")  # a search field's own: it is emptied first
    expect(board.locator("#picker-search")).to_have_value("")
    board.keyboard.press("Escape")
    expect(board.locator("#picker-dialog")).to_be_hidden()
    open_menu(board)
    board.focus("#main-menu [data-action=stats]")
    board.keyboard.press("Enter")
    dialog = board.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    assert board.evaluate(
        "document.querySelector('#stats-dialog').contains(document.activeElement)"
    )
    board.keyboard.press("n")
    expect(board.locator("#board")).to_have_attribute("data-code", CODE)
    board.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # the Statistics item's menu has closed: focus goes back to the menu's button (from the
    # dialog's close event, a task after the key)
    expect(board.locator("[data-action=menu]")).to_be_focused()


def test_settings_sheet_closes_on_escape_and_gives_focus_back(board):
    open_menu(board)
    board.focus("#main-menu [data-action=settings]")
    board.keyboard.press("Enter")
    sheet = board.locator("#settings-sheet")
    expect(sheet).to_be_visible()
    board.keyboard.press("Tab")
    board.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(board.locator("[data-action=menu]")).to_be_focused()  # from the close event
