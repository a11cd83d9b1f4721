"""axe-core over the page (every rule, every impact): both games, a wide window and a phone,
the board idle, a card selected, the menu open, Settings open, the game picker open, and each
dialog open."""

from __future__ import annotations

import pytest
from pages import close_settings, load_code, open_menu, open_settings, resize, tap
from playwright.sync_api import Page

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
DIALOGS = (
    "won-dialog",
    "blocked-dialog",
    "restart-dialog",
    "redeal-dialog",
    "examples-dialog",
    "stats-dialog",
    "stats-reset-dialog",
)


def check(page: Page, state: str) -> None:
    from axe_playwright_python.sync_playwright import Axe  # requirements-dev.txt

    results = Axe().run(page)
    assert results.violations_count == 0, f"{state}:\n{results.generate_report()}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "FT1-N-AAAAAAB"])
def test_axe_finds_nothing_on_the_board_settings_and_dialogs(board, code, size):
    resize(board, *SIZES[size])
    try:
        load_code(board, code)
        check(board, "idle")
        tap(board, "t1")  # a selection (Crescent) or a move (Forty Thieves): lit places
        check(board, "after a tap")
        open_menu(board)
        check(board, "menu open")
        board.keyboard.press("Escape")
        open_settings(board)
        check(board, "Settings open")
        close_settings(board)
        board.locator("header [data-action=game]").click()  # the picker, its list written
        board.locator("#picker-dialog").wait_for()
        check(board, "the game picker")
        board.keyboard.press("Escape")
        for dialog in DIALOGS:
            board.evaluate(f"document.querySelector('#{dialog}').showModal()")
            check(board, dialog)
            board.evaluate(f"document.querySelector('#{dialog}').close()")
    finally:
        resize(board, 1280, 800)
