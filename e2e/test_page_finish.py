"""Auto-finish: from a near-won position, one move by the player and the game finishes itself
(animated one card at a time, at once under reduced motion); one Undo takes the finish back;
the setting turns it off; a win ends with the cards cascading and the won dialog."""

from __future__ import annotations

import pytest
from pages import frame, load_position, set_switch, tap, top_card
from playwright.sync_api import expect

import game

RANKS = "A23456789TJQK"


def near_won(kind: str) -> game.Solitaire:
    """Every card home but the J, Q, K of spades on pile/column 1 and of hearts on 2 (the
    Jack on top): a tap on 1 sends the Jack of spades home, and the rest can follow alone."""
    if kind == "CR1":
        lines = ["CR1 redeals=1 moves=90"]
        lines += [f"f{i + 1}: " + " ".join(r + s for r in RANKS) for i, s in enumerate("SHDC")]
        lines += [
            f"f{i + 5}: " + " ".join(r + s for r in reversed(RANKS)) for i, s in enumerate("SHDC")
        ]
        piles = 16
    else:
        lines = ["FT1 score=900 moves=150"]
        lines += [f"f{i + 1}: " + " ".join(r + "SHDCSHDC"[i] for r in RANKS) for i in range(8)]
        lines += ["stock:", "waste:"]
        piles = 10
    lines[1] = "f1: " + " ".join(r + "S" for r in RANKS[:10])
    lines[2] = "f2: " + " ".join(r + "H" for r in RANKS[:10])
    lines += ["t1: KS QS JS", "t2: KH QH JH"] + [f"t{i}:" for i in range(3, piles + 1)]
    return game.from_position("\n".join(lines))


def won_dialog(page):
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#won-text")).to_contain_text("moves")
    return dialog


@pytest.mark.parametrize("kind", ["CR1", "FT1"])
def test_one_move_and_the_game_finishes_itself_then_undo_takes_the_finish_back(board, kind):
    g = near_won(kind)
    load_position(board, g.position())
    tap(board, "t1")
    expect(board.locator("#board")).to_have_attribute("data-status", "won")
    expect(top_card(board, "f1")).to_have_attribute("data-card", "KS")
    expect(top_card(board, "f2")).to_have_attribute("data-card", "KH")
    expect(board.locator("#stat-moves")).to_have_text(f"Moves {g.moves + 6}")
    dialog = won_dialog(board)
    dialog.locator("[data-action=close]").click()
    board.locator("header [data-action=undo]").click()  # the finish, in one step
    expect(board.locator("#board")).to_have_attribute("data-status", "playing")
    expect(top_card(board, "f1")).to_have_attribute("data-card", "JS")
    expect(top_card(board, "t2")).to_have_attribute("data-card", "JH")
    expect(board.locator("#announce")).to_contain_text("auto-finish is undone (5 moves)")
    board.locator("header [data-action=undo]").click()  # then the player's own move
    expect(top_card(board, "t1")).to_have_attribute("data-card", "JS")


def test_the_setting_turns_auto_finish_off(board):
    set_switch(board, "auto_finish", False)
    load_position(board, near_won("CR1").position())
    tap(board, "t1")
    expect(top_card(board, "f1")).to_have_attribute("data-card", "JS")
    expect(board.locator("#board")).to_have_attribute("data-status", "playing")
    expect(top_card(board, "t2")).to_have_attribute("data-card", "JH")


def test_with_motion_the_cards_go_home_one_by_one_then_cascade(fresh):
    page = fresh("#CR1-N-AAAAAAB")
    for kind in ("CR1", "FT1"):
        load_position(page, near_won(kind).position())
        before = frame(page)
        tap(page, "t1")
        expect(page.locator("#board")).to_have_attribute("data-status", "won")
        assert frame(page) - before >= 6  # each card drawn on its way: one draw a move
        expect(page.locator("body")).to_have_class("celebrate")
        won_dialog(page).locator("[data-action=close]").click()
        expect(page.locator("body")).not_to_have_class("celebrate")


def before_the_last_redeal(code: str = "CR1-N-AAAAAWS") -> tuple[game.Solitaire, list[game.Move]]:
    """A daily deal played along its stored winning line up to its last redeal, after which
    every card goes home by foundation moves alone; and that line."""
    import csv
    import gzip

    from harness import ROOT

    with gzip.open(ROOT / "docs/results/lines/CR1-N.csv.gz", "rt") as rows:
        text = next(row["line"] for row in csv.DictReader(rows) if row["code"] == code)
    line = [game.Move.from_text(word) for word in text.split()]
    last = max(i for i, move in enumerate(line) if move.is_redeal)
    g = game.replay(game.new(code), line[:last])
    assert game.finishing_line(g) is None  # (not before the redeal)
    return g, line[:last]


def test_a_redeal_after_which_every_card_goes_home_finishes_the_game(board):
    g, _ = before_the_last_redeal()
    load_position(board, g.position())
    board.locator("header [data-action=redeal]").click()
    expect(board.locator("#board")).to_have_attribute("data-status", "won")


def test_a_resumed_game_that_can_finish_finishes(fresh):
    import json

    code = "CR1-N-AAAAAWS"
    g, line = before_the_last_redeal(code)
    saved = {"v": 2, "code": code, "line": " ".join(m.text() for m in [*line, game.REDEAL])}
    saved |= {"redo": "", "moves": g.moves, "elapsed": 60000, "saved": 1}
    storage = {f"solitaire.game.{code}": json.dumps(saved)}
    page = fresh(f"#{code}", storage=storage, reduced_motion="reduce")  # the finish at once
    expect(page.locator("#board")).to_have_attribute("data-status", "won")
