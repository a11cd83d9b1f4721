"""axe-core over the page (every rule, every impact): both games, a wide window and a phone,
the board idle, a card selected, the menu open, Settings open, the game picker open, and each
dialog open (checked alone: a modal dialog leaves the page behind it inert, and that page was
checked as it was before the dialog opened)."""

from __future__ import annotations

import pytest
from pages import axe_violations, close_settings, load_code, open_menu, open_settings, resize, tap
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


def check(page: Page, state: str, context: str | None = None) -> None:
    report = axe_violations(page, context)
    assert not report, f"{state}:\n{report}"


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
        check(board, "the game picker", "#picker-dialog")
        board.keyboard.press("Escape")
        for dialog in DIALOGS:
            board.evaluate(f"document.querySelector('#{dialog}').showModal()")
            check(board, dialog, f"#{dialog}")  # (modal: the board behind it is inert)
            board.evaluate(f"document.querySelector('#{dialog}').close()")
    finally:
        resize(board, 1280, 800)
