"""The examples: for Crescent, Crescent Four and Forty Thieves, a won game (found by the
solver, shipped in static/data/examples.json) played in the replay view, with a caption for
each kind of move."""

from __future__ import annotations

import json

import pytest
from harness import ROOT
from pages import open_settings
from playwright.sync_api import expect

import game
from game.ui.address.replay import move_kind
from game.ui.text.messages import Messages

EXAMPLES = json.loads((ROOT / "static" / "data" / "examples.json").read_text())
WORDS = Messages.load()


def first_of_each_kind(code: str, line: list[str]) -> dict[str, tuple[int, str, str]]:
    """The step (from 1) of the first move of each kind in the line, how its caption begins
    (the moves as the game counts them; a redeal is none: "After move 55 of") and the card it
    names (the one that moved: "" for a draw or a redeal)."""
    g, first = game.new(code), {}
    total = game.replay(game.new(code), map(game.Move.from_text, line)).moves
    for k, word in enumerate(line, 1):
        move = game.Move.from_text(word)
        kind = move_kind(g, move)  # (of the position before it)
        named = "" if move.is_redeal or move.src == "stock" else WORDS.card(g.cards(move.src)[-1])
        g.play_move(move)
        said = f"After move {g.moves} of" if move.is_redeal else f"Move {g.moves} of"
        first.setdefault(kind, (k, said, named))
    return {kind: (k, f"{said} {total}", named) for kind, (k, said, named) in first.items()}


@pytest.mark.parametrize(
    "kind, shown",
    [
        ("CR1-N", ("pile", "wrap", "f2f", "redeal")),
        ("CR1-F", ("pile", "wrap", "f2f", "redeal")),
        ("FT1-N", ("draw", "pile", "home", "back")),
    ],
)
def test_an_example_plays_in_the_replay_view_with_captions(board, kind, shown):
    open_settings(board)
    board.locator("#settings-sheet [data-action=examples]").click()
    dialog = board.locator("#examples-dialog")
    expect(dialog).to_be_visible()
    dialog.locator(f"[data-action=example][data-kind={kind}]").click()
    expect(board.locator("#replay-bar")).to_be_visible()
    code, line = EXAMPLES[kind]["code"], EXAMPLES[kind]["line"].split()
    expect(board.locator("#board")).to_have_attribute("data-code", code)
    first = first_of_each_kind(code, line)
    for move in shown:
        step, said, named = first[move]
        board.locator("#replay-step").fill(str(step))
        caption = WORDS.text(f"caption_{code[:3]}_{move}")
        expect(board.locator("#replay-caption")).to_contain_text(said)
        expect(board.locator("#replay-caption")).to_contain_text(caption)
        if named:  # the card that moved (it named the one it landed on)
            expect(board.locator("#replay-caption")).to_contain_text(f"{said}: {named} ")
    board.locator("[data-action=replay-end]").click()
    expect(board.locator("#board")).to_have_attribute("data-status", "won")
    board.locator("[data-action=replay-close]").click()
    expect(board.locator("#replay-bar")).to_be_hidden()
