"""Replays you can share, on both games: the link of the game on the table round-trips to the
same final position; a damaged link stops at the bad move and says which; step, play, jump,
"play from here"; the won dialog's Replay and Share."""

from __future__ import annotations

import json

import pytest
from harness import ROOT
from pages import kept, load_code, set_switch, tap
from playwright.sync_api import expect

import game
from game.ui.address.links import replay_hash
from game.ui.records.storage import GAME_PREFIX, SavedGame

EXAMPLES = json.loads((ROOT / "static" / "data" / "examples.json").read_text())


def layout(text: str) -> str:
    return text.split("\n", 1)[1]


def open_link(page, hash_: str) -> None:
    page.evaluate("h => { location.hash = h; }", hash_)
    expect(page.locator("#replay-bar")).to_be_visible()


def close(page) -> None:
    page.locator("[data-action=replay-close]").click()
    expect(page.locator("#replay-bar")).to_be_hidden()


def counted(code: str, words: list[str]) -> int:
    """The moves of a line as the game counts them (the won dialog's count)."""
    return game.replay(game.new(code), map(game.Move.from_text, words)).moves


def resume(page, code: str, words: list[str]) -> None:
    """``code`` with ``words`` played, kept as a save and opened by its link (a resume)."""
    save = {"v": 2, "code": code, "line": " ".join(words), "redo": "", "moves": 0}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [GAME_PREFIX + code, json.dumps(save)])
    load_code(page, "CR1-N-AAAAAAB" if code != "CR1-N-AAAAAAB" else "FT1-N-AAAAAAB")
    page.evaluate("c => { location.hash = c; }", code)
    expect(page.locator("#announce")).to_contain_text("Welcome back")
    # the words come before the drawing: wait for the board of ``code`` before measuring it
    expect(page.locator("#board")).to_have_attribute("data-code", code)


@pytest.mark.parametrize("kind", ["CR1-N", "FT1-N"])
def test_the_link_of_the_game_round_trips_to_the_same_final_position(board, kind):
    code, words = EXAMPLES[kind]["code"], EXAMPLES[kind]["line"].split()[:40]
    resume(board, code, words)
    on_table = board.evaluate("window.solitairePosition()")
    link = board.evaluate("window.solitaireReplayLink()")
    assert link.endswith(replay_hash(code, words)) and "index.html" in link
    open_link(board, link.split("#", 1)[1])
    moves = counted(code, words)  # as the game counts them: a redeal is none
    expect(board.locator("#replay-caption")).to_contain_text(f"before its {moves} moves")
    board.locator("[data-action=replay-end]").click()
    expect(board.locator("#replay-caption")).to_contain_text(f"{moves} of {moves}")
    assert layout(board.evaluate("window.solitairePosition()")) == layout(on_table)
    close(board)  # back to the game, as kept
    assert board.evaluate("window.solitairePosition()") == on_table


@pytest.mark.parametrize("kind", ["CR1-N", "FT1-N"])
def test_a_whole_won_game_replays_to_its_win(board, kind):
    code, words = EXAMPLES[kind]["code"], EXAMPLES[kind]["line"].split()
    open_link(board, replay_hash(code, words))
    board.locator("#replay-step").fill(str(len(words)))
    expect(board.locator("#board")).to_have_attribute("data-status", "won")
    expect(board.locator("#won-dialog")).to_be_hidden()  # a replay is watched, not won again
    close(board)


@pytest.mark.parametrize("kind", ["CR1-N", "FT1-N"])
def test_a_damaged_link_plays_up_to_the_bad_move_and_says_which(board, kind):
    code, words = EXAMPLES[kind]["code"], EXAMPLES[kind]["line"].split()
    open_link(board, replay_hash(code, [*words[:5], "t99-f1", *words[5:9]]))
    expect(board.locator("#announce")).to_contain_text("stops at move 6 (“t99-f1”)")
    board.locator("[data-action=replay-end]").click()
    expect(board.locator("#replay-caption")).to_contain_text("Move 5 of 5")
    expected = game.replay(game.new(code), map(game.Move.from_text, words[:5]))
    assert layout(board.evaluate("window.solitairePosition()")) == layout(expected.position())
    close(board)
    illegal = replay_hash(code, [*words[:3], "t1-t1", *words[3:6]])  # a move the rules refuse
    open_link(board, illegal)
    expect(board.locator("#announce")).to_contain_text("stops at move 4 (“t1-t1”)")
    expect(board.locator("#announce")).to_contain_text("already there")
    close(board)


def test_step_play_and_play_from_here(clocked):
    """Play steps at the chosen speed and Pause stops it: on a fake clock, paused, each step
    is the replay's own timer run forward, and ten steps' time after Pause adds none."""
    page = clocked
    code, words = EXAMPLES["CR1-N"]["code"], EXAMPLES["CR1-N"]["line"].split()
    page.evaluate("k => localStorage.removeItem(k)", GAME_PREFIX + code)  # no game to replace
    open_link(page, replay_hash(code, words))
    forward = page.locator("[data-action=replay-forward]")
    forward.click()
    forward.click()
    expect(page.locator("#replay-caption")).to_contain_text("Move 2 of")
    page.locator("[data-action=replay-back]").click()
    expect(page.locator("#replay-caption")).to_contain_text("Move 1 of")
    page.locator("#replay-speed").select_option("150")
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # time moves when told
    page.locator("[data-action=replay-play]").click()
    page.clock.run_for(3 * 150)  # three steps of 150 ms
    step = page.locator("#replay-step")
    expect(step).to_have_value("4")
    page.locator("[data-action=replay-play]").click()  # pause
    page.clock.run_for(10 * 150)  # ten steps' time: a replay still playing would reach 14
    at = int(step.input_value())
    assert at == 4
    page.clock.resume()
    page.locator("[data-action=replay-here]").click()
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-code", code)
    assert page.evaluate("location.hash") == f"#{code}"
    expected = game.replay(game.new(code), map(game.Move.from_text, words[:at]))
    assert layout(page.evaluate("window.solitairePosition()")) == layout(expected.position())
    page.locator("header [data-action=undo]").click()  # a real game, with its history
    expect(page.locator("#announce")).to_have_text("Move undone.")


def test_play_from_here_asks_before_it_replaces_the_game_kept_for_the_deal(board):
    """The player's own game of the deal is not replaced silently: Cancel keeps it (and the
    replay), "Play from here" replaces it, and the new game is the one kept."""
    code, words = EXAMPLES["CR1-N"]["code"], EXAMPLES["CR1-N"]["line"].split()
    resume(board, code, words[:5])
    mine = board.evaluate("window.solitairePosition()")
    kept(board)
    open_link(board, replay_hash(code, words))
    board.locator("#replay-step").fill("10")
    expect(board.locator("#replay-caption")).to_contain_text("Move 10 of")
    board.locator("[data-action=replay-here]").click()
    dialog = board.locator("#here-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#here-text")).to_have_text(
        "Your game of this deal (moves 5, time 0:00) is replaced by the game from this point "
        "of the replay."
    )
    dialog.locator("[data-action=close]").click()  # Cancel: still the replay, the game kept
    expect(dialog).to_be_hidden()
    expect(board.locator("#replay-bar")).to_be_visible()
    close(board)
    assert board.evaluate("window.solitairePosition()") == mine
    open_link(board, replay_hash(code, words))
    board.locator("#replay-step").fill("10")
    board.locator("[data-action=replay-here]").click()
    dialog.locator("[data-action=replay-here-yes]").click()
    expect(board.locator("#replay-bar")).to_be_hidden()
    expected = game.replay(game.new(code), map(game.Move.from_text, words[:10]))
    assert board.evaluate("window.solitairePosition()") == expected.position()
    kept(board)
    saved = board.evaluate("k => localStorage.getItem(k)", GAME_PREFIX + code)
    assert SavedGame.from_json(saved).restore().position() == expected.position()


def test_the_won_dialog_replays_and_shares_the_game(board):
    code, words = EXAMPLES["FT1-N"]["code"], EXAMPLES["FT1-N"]["line"].split()
    set_switch(board, "auto_finish", False)  # (else the resumed game finishes itself)
    resume(board, code, words[:-1])
    last = game.Move.from_text(words[-1])
    tap(board, last.src)
    expect(board.locator("#board")).to_have_attribute("data-status", "won")
    dialog = board.locator("#won-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("[data-action=share]").click()
    # the link holds the whole game: copied and said, not shown (1,300 characters on a phone)
    expect(dialog.locator("#won-share")).to_have_text("Replay link copied.")
    expect(board.locator("#announce")).to_have_text("Replay link copied.")
    shared = board.evaluate("navigator.clipboard.readText()")
    assert shared.endswith(replay_hash(code, words))
    dialog.locator("[data-action=replay-this]").click()
    expect(board.locator("#replay-bar")).to_be_visible()
    expect(board.locator("#replay-caption")).to_contain_text(
        f"before its {counted(code, words)} moves"
    )
    board.go_back()  # Back: the won game, as kept
    expect(board.locator("#replay-bar")).to_be_hidden()
    expect(board.locator("#board")).to_have_attribute("data-status", "won")
