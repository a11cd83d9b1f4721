"""Crescent on the page: every input path ends in the engine's move."""

from pathlib import Path

from pages import (
    cards_of,
    center,
    double_tap,
    drag,
    engine_after,
    frame,
    load_code,
    load_position,
    next_frame,
    set_switch,
    status_text,
    tap,
    top_card,
    touch_drag,
)
from playwright.sync_api import expect

import game
from tests.helpers import one_move_from_won

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
CODE = "CR1-N-AAAAAAB"  # t6 QS has one place to go (f5); t1 2H has two (f2, t7)


def moves(page) -> str:
    return page.locator("#stat-moves").inner_text()


def test_tap_with_one_destination_moves_the_card(board):
    load_code(board, CODE)
    tap(board, "t6")
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")
    assert cards_of(board, "t6") == [str(engine_after(CODE, ("t6", "f5")).cards("t6")[-1])]
    assert moves(board) == "Moves 1"
    assert "queen of spades to descending spades foundation" in status_text(board).lower()


def test_tap_selects_when_several_places_accept_then_tap_the_destination(board):
    load_code(board, CODE)
    tap(board, "t1")
    expect(board.locator('[data-place="t1"]')).to_have_class("place selected")
    targets = board.eval_on_selector_all(".place.target", "els => els.map(e => e.dataset.place)")
    assert sorted(targets) == ["f2", "t7"]
    tap(board, "t7")
    expect(top_card(board, "t7")).to_have_attribute("data-card", "2H")
    assert board.locator(".place.selected").count() == 0


def test_double_tap_sends_the_card_to_the_foundation(board):
    load_code(board, CODE)
    double_tap(board, "t1")
    expect(top_card(board, "f2")).to_have_attribute("data-card", "2H")
    assert moves(board) == "Moves 1"


def test_mouse_drag_and_drop_onto_a_pile(board):
    load_code(board, CODE)
    drag(board, "t16", "t5")  # 7C onto 8C
    expect(top_card(board, "t5")).to_have_attribute("data-card", "7C")
    assert (
        board.locator('[data-place="t5"]').get_attribute("aria-label").startswith("Pile 5: 7 cards")
    )


def test_touch_drag_and_drop_onto_a_pile(board):
    load_code(board, CODE)
    touch_drag(board, "t9", "t11")  # TH onto JH
    expect(top_card(board, "t11")).to_have_attribute("data-card", "TH")


def test_drop_anywhere_in_the_foundation_area(board):
    load_code(board, CODE)
    area = board.locator("[data-drop=foundations]").bounding_box()
    spot = (area["x"] + 8, area["y"] + area["height"] / 2)  # not on any foundation card
    drag(board, "t6", spot)
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")


def test_drop_on_the_wrong_foundation_still_finds_the_right_one(board):
    load_code(board, CODE)
    drag(board, "t6", "f8")  # QS dropped on the clubs foundation
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")


def test_refused_drop_returns_the_card_and_says_why(board):
    load_code(board, CODE)
    drag(board, "t5", "t1")  # 8C onto 2H
    expect(board.locator("#announce")).to_have_text("Must be the same suit.")
    expect(top_card(board, "t5")).to_have_attribute("data-card", "8C")
    assert moves(board) == "Moves 0"
    drag(board, "t1", "t9")  # 2H onto TH
    expect(board.locator("#announce")).to_have_text("Must be one rank higher or lower.")


def test_foundation_to_foundation_by_drag(board):
    load_position(board, (GOLDEN / "midgame-CR1.txt").read_text())
    drag(board, "f4", "f8")  # clubs meet at 6C / 7C
    expect(top_card(board, "f8")).to_have_attribute("data-card", "6C")
    expect(top_card(board, "f4")).to_have_attribute("data-card", "5C")


def test_undo_redo_buttons_and_keys(board):
    load_code(board, CODE)
    undo, redo = board.locator("[data-action=undo]"), board.locator("[data-action=redo]")
    expect(undo).to_be_disabled()
    tap(board, "t6")
    expect(undo).to_be_enabled()
    undo.click()
    expect(top_card(board, "f5")).to_have_attribute("data-card", "KS")
    assert moves(board) == "Moves 0"
    redo.click()
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")
    board.keyboard.press("Control+z")
    expect(top_card(board, "f5")).to_have_attribute("data-card", "KS")
    board.keyboard.press("Control+Shift+z")
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")
    board.keyboard.press("Control+z")
    board.keyboard.press("Control+y")
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")
    expect(redo).to_be_disabled()


def test_redeal_rotates_the_piles_and_counts_down(board):
    set_switch(board, "ask_redeal", False)  # the question: e2e/test_page_keep.py
    load_code(board, CODE)
    button = board.locator("[data-action=redeal]")
    expect(button).to_have_text("Redeal (3)")
    g = game.new(CODE)
    for left in (2, 1, 0):
        button.click()
        g.redeal()
        expect(button).to_have_text(f"Redeal ({left})" if left else "No redeals")
        assert cards_of(board, "t1") == [str(g.cards("t1")[-1])]
    expect(button).to_be_disabled()


def test_blocked_dialog_offers_undo_and_new_deal(board):
    g = game.from_position(
        "\n".join(
            [
                "CR1 redeals=0 moves=30",
                "f1: " + " ".join(r + "S" for r in "A234567"),
                "f2: " + " ".join(r + "H" for r in "A23456789TJQ"),
                "f3: " + " ".join(r + "D" for r in "A23456789TJQK"),
                "f4: " + " ".join(r + "C" for r in "A23456789TJQK"),
                "f5: KS QS JS TS 9S 8S",
                "f6: KH",
                "f7: " + " ".join(r + "D" for r in "KQJT98765432A"),
                "f8: " + " ".join(r + "C" for r in "KQJT98765432A"),
                "t1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 5H",
                "t2: KS AH 2H 3H 4H 6H 7H 8H TH JH QH 9H",
                "t3: KH",
            ]
            + [f"t{i}:" for i in range(4, 17)]
        )
    )
    load_position(board, g.position())
    tap(board, "t3")  # KH home: nothing can move any more
    dialog = board.locator("#blocked-dialog")
    expect(dialog).to_be_visible()
    expect(board.locator("#board")).to_have_attribute("data-status", "blocked")
    dialog.locator("[data-action=undo-last]").click()
    expect(dialog).to_be_hidden()
    expect(board.locator("#board")).to_have_attribute("data-status", "playing")
    assert cards_of(board, "t3") == ["KH"]


def test_won_dialog_shows_time_and_moves(board):
    load_position(board, one_move_from_won().position())
    tap(board, "t1")
    dialog = board.locator("#won-dialog")
    expect(dialog).to_be_visible()
    assert "96 moves" in dialog.inner_text() and "You won!" in dialog.inner_text()
    expect(board.locator("#board")).to_have_attribute("data-status", "won")
    dialog.locator("[data-action=close]").click()
    expect(dialog).to_be_hidden()


def test_a_cancelled_touch_is_neither_a_tap_nor_a_move(board):
    load_code(board, CODE)
    x, y = center(board, "t6")
    before = frame(board)
    cdp = board.context.new_cdp_session(board)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": "touchMove", "touchPoints": [{"x": x + 40, "y": y + 60}]},
    )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})
    cdp.detach()
    next_frame(board, before)  # the drag was cancelled: the card is drawn back in its place
    assert cards_of(board, "t6") == ["QS"] and cards_of(board, "f5") == ["KS"]
    assert moves(board) == "Moves 0" and board.locator(".dragging").count() == 0
    tap(board, "t6")  # and the next tap works as usual
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")
