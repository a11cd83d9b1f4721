"""Statistics on both games: a win and a loss counted, the won dialog's line, the Statistics
dialog, reset with a confirmation, export and import, a damaged store set aside."""

from __future__ import annotations

import json

import pytest
from harness import ROOT, SHOTS
from pages import choose, drag, load_code
from playwright.sync_api import expect

import game
from game.ui.records.stats import KEY, Stats
from game.ui.records.storage import GAME_PREFIX

EXAMPLES = json.loads((ROOT / "static" / "data" / "examples.json").read_text())


def one_move_from_won(page, kind: str) -> tuple[str, game.Move]:
    """The example deal of ``kind`` resumed one move before its win (seeded as a save, then
    opened by its link), auto-finish off (the last move is the test's); it is returned."""
    page.evaluate("""() => { const box = document.querySelector('[data-setting=auto_finish]');
        if (box.checked) { box.checked = false; box.dispatchEvent(new Event('change')); } }""")
    code, line = EXAMPLES[kind]["code"], EXAMPLES[kind]["line"].split()
    save = {"v": 2, "code": code, "line": " ".join(line[:-1]), "redo": "", "moves": 0}
    save |= {"elapsed": 61_000, "saved": 1}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [GAME_PREFIX + code, json.dumps(save)])
    page.evaluate("code => { location.hash = code; }", code)
    expect(page.locator("#board")).to_have_attribute("data-code", code)
    expect(page.locator("#announce")).to_contain_text("Welcome back")
    return code, game.Move.from_text(line[-1])


def stat(page, key: str) -> list[str]:
    return page.locator(f"#stats-table [data-stat={key}] td").all_inner_texts()


def reset(page) -> None:
    choose(page, "stats")
    page.locator("#stats-dialog [data-action=stats-reset]").click()
    page.locator("#stats-reset-dialog [data-action=stats-reset-yes]").click()
    expect(page.locator("#stats-reset-dialog")).to_be_hidden()
    assert set(stat(page, "stats_played")) == {"0"}
    page.locator("#stats-dialog [data-action=close]").click()


def play_a_move(page, code: str) -> None:
    """A fresh deal of ``code`` and one legal move in it (a drag, or a draw)."""
    load_code(page, code)
    move = next((m for m in game.new(code).legal_moves() if m.src != "stock"), None)
    if move is None:
        page.locator("header [data-action=draw]").click()
    else:
        drag(page, move.src, move.dst)
    expect(page.locator("#stat-moves")).to_have_text("Moves 1")


@pytest.mark.parametrize("kind", ["CR1-N", "FT1-N"])
def test_a_win_then_a_loss_are_counted(board, kind):
    reset(board)
    load_code(board, f"{kind}-AAAAAQP")
    code, last = one_move_from_won(board, kind)
    drag(board, last.src, last.dst)
    dialog = board.locator("#won-dialog")
    expect(dialog).to_be_visible()
    name = "Crescent" if kind == "CR1-N" else "Forty Thieves"
    expect(dialog.locator("#won-stats")).to_have_text(
        f"{name}: won 1 of 1 (100%) · streak 1, best 1"
    )
    dialog.locator("[data-action=close]").click()
    play_a_move(board, f"{kind}-AAAAAQQ")  # left unwon...
    play_a_move(board, f"{kind}-AAAAAQR")  # ...when this one is played: the streak ends
    choose(board, "stats")
    expect(board.locator("#stats-dialog")).to_be_visible()
    # one column per game played (and the one on the table): only this game's, here
    expect(board.locator("#stats-table thead th[scope=col]")).to_have_text([name])
    column = 0
    assert stat(board, "stats_played")[column] == "3"
    assert stat(board, "stats_won")[column] == "1"
    assert stat(board, "stats_rate")[column] == "33%"
    assert stat(board, "stats_streak")[column] == "0"
    assert stat(board, "stats_best_streak")[column] == "1"
    assert stat(board, "stats_best_time")[column] == "1:01"
    won = game.replay(game.new(code), map(game.Move.from_text, EXAMPLES[kind]["line"].split()))
    assert stat(board, "stats_fewest_moves")[column] == str(won.moves)
    if kind == "FT1-N":
        assert stat(board, "stats_best_score")[column] not in ("", "—")
    board.locator("#stats-dialog [data-action=close]").click()


def test_export_then_import_and_a_bad_file_changes_nothing(board, tmp_path):
    reset(board)
    play_a_move(board, "FT1-N-AAAAAQS")
    choose(board, "stats")
    with board.expect_download() as download:
        board.locator("[data-action=stats-export]").click()
    saved = tmp_path / "stats.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["v"] == 1 and data["kinds"]["FT1-N"]["played"] == 1
    board.locator("#stats-dialog [data-action=stats-reset]").click()
    board.locator("[data-action=stats-reset-yes]").click()
    assert stat(board, "stats_played") == ["0"]  # the game on the table's column alone
    board.locator("#stats-file").set_input_files(str(saved))
    expect(board.locator("#stats-message")).to_have_text("Statistics imported.")
    assert stat(board, "stats_played") == ["1"]
    bad = tmp_path / "bad.json"
    bad.write_text('{"v": 1, "kinds": {"XX": {}}}')
    board.locator("#stats-file").set_input_files(str(bad))
    expect(board.locator("#stats-message")).to_contain_text("does not hold statistics")
    assert stat(board, "stats_played") == ["1"]
    board.locator("#stats-dialog [data-action=close]").click()


def test_a_damaged_store_is_set_aside_with_a_notice(fresh):
    page = fresh("#CR1-N-AAAAAAB", storage={KEY: '{"v": 1, "kinds": [1, 2'})
    expect(page.locator("#announce")).to_contain_text("Damaged statistics were set aside")
    assert page.evaluate("k => localStorage.getItem(k)", KEY + ".corrupt").startswith('{"v"')
    choose(page, "stats")
    assert set(stat(page, "stats_played")) == {"0"}


PHONE = {"width": 390, "height": 844}
WIDE = """() => { const box = document.querySelector('#stats-dialog');
    const table = document.querySelector('#stats-table');
    return [box.scrollWidth - box.clientWidth, table.scrollWidth - table.clientWidth]; }"""


def test_on_a_phone_the_table_scrolls_in_its_own_box_and_the_calendar_says_whose(fresh):
    """Six games played: wider than a phone. The table scrolls in a box of its own (a tab
    stop, named; a shadow at its edge), the dialog does not, and the calendar's note says that
    every game's daily counts."""
    played = Stats()
    for kind in ("CR1-N", "CR1-F", "CR1-O", "FT1-N", "FT1-J", "FT1-Q"):
        played = played.won(f"{kind}-AAAAAAB", 300_000, 140)
    page = fresh("#CR1-N-AAAAAAB", storage={KEY: played.to_json()}, viewport=PHONE)
    choose(page, "stats")
    expect(page.locator("#stats-dialog")).to_be_visible()
    dialog_overflow, table_overflow = page.evaluate(WIDE)
    assert dialog_overflow <= 0 < table_overflow
    table = page.locator("#stats-table")
    expect(table).to_have_attribute("tabindex", "0")
    expect(table).to_have_accessible_name("Statistics")
    expect(page.locator(".daily-note")).to_have_text(
        "Every game's daily counts: a day is won when the daily of any game is won."
    )
    page.screenshot(path=str(SHOTS / "stats-phone.png"))
    table.focus()
    for _ in range(20):  # the keyboard scrolls it too
        page.keyboard.press("ArrowRight")
    expect(page.locator("#stats-table thead th").last).to_be_in_viewport()
    expect(page.locator("#stats-table thead th").last).to_have_text("All games")  # six together
    assert [stat(page, key)[-1] for key in ("stats_played", "stats_won", "stats_rate")] == [
        "6",
        "6",
        "100%",
    ]
    assert stat(page, "stats_streak")[-1] == ""  # a streak is one game's
    page.screenshot(path=str(SHOTS / "stats-phone-all-games.png"))
    row_name = page.locator("#stats-table [data-stat=stats_played] th")
    expect(row_name).to_be_in_viewport()  # the row names stay
