"""Forty Thieves on the page: taps, double-clicks, drags, the stock, the score."""

import re
from pathlib import Path

from pages import (
    cards_of,
    close_settings,
    double_tap,
    drag,
    load_code,
    load_position,
    open_settings,
    tap,
    top_card,
    touch_drag,
)
from playwright.sync_api import expect

import game
from tests.helpers import build

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
CODE = "FT1-N-AAAAAAB"  # t7 AC and t8 AH can go home; t1 8H onto t2 9H; t6 7H onto t1 8H


def stat(page, name):
    return page.locator(f"#stat-{name}")


def test_tap_the_stock_draws_and_the_draw_button_too(board):
    load_code(board, CODE)
    stock = game.new(CODE).cards("stock")
    tap(board, "stock")
    expect(top_card(board, "waste")).to_have_attribute("data-card", str(stock[-1]))
    expect(board.locator('[data-place="stock"] .count')).to_have_text("63")
    expect(stat(board, "moves")).to_have_text("Moves 1")
    board.locator("[data-action=draw]").click()
    expect(top_card(board, "waste")).to_have_attribute("data-card", str(stock[-2]))
    expect(stat(board, "score")).to_have_text("Score 0")


def test_tap_a_card_sends_it_to_a_foundation_and_scores(board):
    load_code(board, CODE)
    tap(board, "t7")
    expect(top_card(board, "f4")).to_have_attribute("data-card", "AC")
    expect(stat(board, "score")).to_have_text("Score 10")


def test_tap_the_waste_card_with_no_foundation_goes_to_a_column(board):
    load_code(board, CODE)
    # draw until the waste shows a card that some column accepts but no foundation does
    g = game.new(CODE)
    for _ in range(64):
        g.play("stock", "waste")
        tap(board, "stock")
        expect(top_card(board, "waste")).to_have_attribute("data-card", str(g.cards("waste")[-1]))
        dests = g.destinations("waste")
        if dests and not any(d.startswith("f") for d in dests):
            break
    else:
        raise AssertionError("no waste card with a column to go to")
    card = str(g.cards("waste")[-1])
    tap(board, "waste")
    column = next(d for d in dests if g.cards(d))
    expect(top_card(board, column)).to_have_attribute("data-card", card)
    expect(stat(board, "score")).to_have_text("Score 5")


def test_double_click_prefers_the_longest_accepting_column(board):
    # 6S can go on the 7S of t1 (2 cards) or of t2 (5 cards), or to the empty t3
    g = build(
        "FT1 score=0 moves=0",
        {"t1": "KD 7S", "t2": "KD 4H 8H 2C 7S", "t3": "", "t4": "6S"},
        ["stock", "t5", "t6", "t7", "t8", "t9", "t10"],
    )
    assert set(g.destinations("t4")) == {"t1", "t2", "t3"}
    load_position(board, g.position())
    double_tap(board, "t4")
    expect(top_card(board, "t2")).to_have_attribute("data-card", "6S")
    double_tap(board, "t2")  # back: now t1 is the one column that builds
    expect(top_card(board, "t1")).to_have_attribute("data-card", "6S")


def test_drag_to_a_column_and_touch_drag(board):
    load_code(board, CODE)
    drag(board, "t1", "t2")  # 8H onto 9H
    expect(top_card(board, "t2")).to_have_attribute("data-card", "8H")
    touch_drag(board, "t6", "t2")  # 7H onto 8H
    expect(top_card(board, "t2")).to_have_attribute("data-card", "7H")
    assert cards_of(board, "t2")[-3:] == ["9H", "8H", "7H"]


def test_refused_drop_says_why(board):
    load_code(board, CODE)
    drag(board, "t1", "t3")  # 8H onto QH
    expect(board.locator("#announce")).to_have_text(
        "Must go on a card of the same suit one rank higher."
    )
    expect(top_card(board, "t1")).to_have_attribute("data-card", "8H")


def test_foundation_card_dragged_back_to_a_column_costs_15(board):
    load_position(board, (GOLDEN / "midgame-FT1.txt").read_text())
    expect(stat(board, "score")).to_have_text("Score 155")
    drag(board, "f1", "t7")  # 3S back onto 4S
    expect(top_card(board, "t7")).to_have_attribute("data-card", "3S")
    expect(stat(board, "score")).to_have_text("Score 140")
    board.locator("[data-action=undo]").click()
    expect(stat(board, "score")).to_have_text("Score 155")


def test_auto_placement_sends_a_dropped_card_to_its_best_place(board):
    load_code(board, CODE)
    open_settings(board)
    box = board.locator("[data-setting=auto_placement]")
    box.check()
    close_settings(board)
    area = board.locator("#board").bounding_box()
    drag(board, "t7", (area["x"] + area["width"] - 30, area["y"] + area["height"] - 30))
    expect(top_card(board, "f4")).to_have_attribute("data-card", "AC")


def test_won_dialog_shows_time_moves_and_score(board):
    full = [
        f"f{i}: " + " ".join(r + "SHDC"[(i - 1) % 4] for r in "A23456789TJQK") for i in range(1, 9)
    ]
    full[7] = full[7][:-3]
    lines = ["FT1 score=1175 moves=240"] + full + [f"t{i}:" for i in range(1, 11)]
    lines += ["stock:", "waste: KC"]
    load_position(board, "\n".join(lines))
    tap(board, "waste")
    dialog = board.locator("#won-dialog")
    expect(dialog).to_be_visible()
    assert "Score 1185" in dialog.inner_text() and "241 moves" in dialog.inner_text()
    dialog.locator("[data-action=new]").click()  # straight into a new deal of the same game
    expect(dialog).to_be_hidden()
    expect(board.locator("#board")).to_have_attribute("data-code", re.compile(r"FT1-N-"))
    expect(board.locator("#board")).to_have_attribute("data-status", "playing")
