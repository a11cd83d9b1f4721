"""Nothing the browser holds can stop the game: damaged or foreign storage, a full quota, two
tabs, hostile links, stray pointers and keys in the middle of a drag, a bug in a handler.

Each case here once locked a player out or left the board wrong; each must end in a playable
game, with at most one plain sentence said, and nothing logged as an error.
"""

from __future__ import annotations

import json

import pytest
from harness import ready
from pages import center, fill_the_quota, kept, load_code, status_text, tap, top_card
from playwright.sync_api import expect

import game
from game.ui.records.storage import CORRUPT, GAME_PREFIX, LEGACY_GAME_KEY, SETTINGS_KEY

CODE = "CR1-N-AAAAAAB"  # t6 holds the queen of spades, which goes to f5 (tap)


def stored(page) -> dict[str, str]:
    kept(page)  # the last move saved
    return page.evaluate("Object.fromEntries(Object.entries(localStorage))")


def plays(page) -> None:
    tap(page, "t6")
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")


# --- storage -----------------------------------------------------------------------------------
# Each kind of damage once from a cold start: a value JSON refuses and Python reads, a nesting
# deep enough to overflow a parser (Pyodide's stack is not CPython's), a save of the older
# schema. The other damaged values (1e400, a string, a negative time, a refused move) are read
# by the same code, and tests/test_storage.py reads each of them; a cold start costs ~4 s.
@pytest.mark.parametrize(
    "key, value",
    [
        (GAME_PREFIX + CODE, '{"v": 2, "code": "CR1-N-AAAAAAB", "line": "", "elapsed": NaN}'),
        (GAME_PREFIX + CODE, "[" * 100_000 + "]" * 100_000),
        (
            LEGACY_GAME_KEY,
            json.dumps({"code": CODE, "position": game.new("FT1-N-AAAAAAB").position()}),
        ),
    ],
    ids=["NaN", "nested", "other game (schema 1)"],
)
def test_a_damaged_save_is_set_aside_with_one_notice_and_the_deal_starts(fresh, key, value):
    page = fresh(f"#{CODE}", storage={key: value})
    expect(page.locator("#announce")).to_contain_text("A damaged saved game was set aside")
    expect(page.locator("#stat-time")).to_have_text("Time 0:00")
    plays(page)
    kept = stored(page)
    assert key + CORRUPT in kept and json.loads(kept[GAME_PREFIX + CODE])["v"] == 2
    ready(page, reload=True)  # the next visit: the game just played, and nothing to say
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")
    expect(page.locator("#announce")).not_to_contain_text("damaged")


@pytest.mark.parametrize(
    "value",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"__class__": true, "__dict__": {"x": 1}, "interactive_rules": false}',
        "NaN",
    ],
    ids=lambda v: str(v)[:16],
)
def test_damaged_or_hostile_settings_never_stop_the_page(fresh, value):
    page = fresh(f"#{CODE}", storage={SETTINGS_KEY: value})
    box = page.locator("[data-setting=interactive_rules]")
    if "__class__" in value:  # a known switch is read, the rest ignored
        assert not box.is_checked()
    else:
        expect(page.locator("#announce")).to_contain_text("Damaged settings were set aside")
        assert box.is_checked()
    plays(page)


def test_a_full_quota_never_breaks_a_move_and_is_told_once(fresh):
    page = fresh(f"#{CODE}")
    page.evaluate("localStorage.clear()")
    fill_the_quota(page)
    ready(page, reload=True)  # a visit with a full store: it starts
    plays(page)
    expect(page.locator("#announce")).to_contain_text("cannot be saved")
    page.locator("header [data-action=undo]").click()  # playing on: not said again
    expect(page.locator("#announce")).to_have_text("Move undone.")
    expect(page.locator("#stat-moves")).to_have_text("Moves 0")


def test_two_tabs_on_two_deals_keep_two_games(warm):
    one, watch_one = warm.open(f"#{CODE}")
    two, watch_two = warm.open("#FT1-N-AAAAAAB", clear=False)
    plays(one)
    two.locator("header [data-action=draw]").click()
    expect(two.locator("#stat-moves")).to_have_text("Moves 1")
    for page in (one, two):
        ready(page, reload=True)
    expect(top_card(one, "f5")).to_have_attribute("data-card", "QS")
    expect(two.locator("#stat-moves")).to_have_text("Moves 1")
    expect(one.locator("#announce")).to_contain_text("Welcome back")
    watch_one.check()
    watch_two.check()


def test_new_deal_then_back_resumes_the_game(board):
    load_code(board, CODE)
    plays(board)
    board.locator("header [data-action=new]").click()
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")
    board.go_back()
    expect(board.locator("#board")).to_have_attribute("data-code", CODE)
    expect(top_card(board, "f5")).to_have_attribute("data-card", "QS")
    expect(board.locator("#stat-moves")).to_have_text("Moves 1")
    expect(board.locator("#announce")).to_contain_text("Welcome back")


# --- links -------------------------------------------------------------------------------------
BAD_HASHES = [
    "#CR1-N-AAAAAAB%",
    "#%",
    "#100%",
    "#%zz",
    "#%E0%A4%A",
    "#CR1-N-AAAAA%C5%BFB",  # the long s, which upper-cases to S
    "#CR1-N-AAAAAAB%00",
    "#%3Cscript%3Ealert(1)%3C/script%3E",
    "#" + "A" * 100_000,
]


def test_a_window_given_no_frames_still_draws_a_new_deal(board):
    """The board is drawn in an animation frame; a window that gets none (in the background,
    or a renderer too busy to give one) draws it all the same, a moment later: CI once waited
    30 s for the draw after a new deal, and nothing else was wrong."""
    page = board
    page.evaluate(
        "() => { window.__frames = requestAnimationFrame; requestAnimationFrame = () => 0; }"
    )
    try:
        load_code(page, "FT1-N-AAAAAAB")
        expect(top_card(page, "t1")).to_be_visible()
    finally:
        page.evaluate("() => { requestAnimationFrame = window.__frames; }")


# a cold start per kind of harm (a bad escape, a letter that upper-cases into the alphabet,
# a hash of 100,000 characters): the boot reads the hash as a running page does, and
# tests/test_links.py reads every one of them; a cold start costs ~3 s of the suite
COLD = [BAD_HASHES[3], BAD_HASHES[5], BAD_HASHES[8]]


@pytest.mark.parametrize("bad", COLD, ids=lambda h: h[:24])
def test_a_hostile_link_starts_a_fresh_deal_from_a_cold_start(fresh, bad):
    page = fresh(bad)
    expect(page.locator("#announce")).to_contain_text("does not hold a valid game code")
    said = status_text(page)
    assert len(said) < 200 and "<script" not in page.inner_html("#announce")
    code = page.locator("#board").get_attribute("data-code")
    game.GameCode.parse(code)
    assert page.evaluate("location.hash") == f"#{code}"  # the bad hash is gone for the reload
    load_code(page, CODE)  # and the page plays on
    plays(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


@pytest.mark.parametrize("bad", BAD_HASHES, ids=lambda h: h[:24])
def test_a_hostile_link_on_a_running_page_is_reported_not_refused(board, bad):
    load_code(board, CODE)
    board.evaluate("hash => { location.hash = hash; }", bad)
    expect(board.locator("#announce")).to_contain_text("does not hold a valid game code")
    assert "Not allowed" not in status_text(board)
    expect(board.locator("#board")).not_to_have_attribute("data-code", CODE)  # the fresh deal
    code = board.locator("#board").get_attribute("data-code")
    game.GameCode.parse(code)
    assert board.evaluate("location.hash") == f"#{code}"


def test_a_notice_belongs_to_the_deal_it_was_said_for(board):
    """A link's "not a valid game code", or "Welcome back", said for one deal, is gone when
    another deal takes the table (by a link, or Back)."""
    announce = board.locator("#announce")
    fresh_code = "FT1-N-AAAQQXC"  # a deal no test keeps a game of
    board.evaluate("k => localStorage.removeItem(k)", GAME_PREFIX + fresh_code)
    load_code(board, CODE)
    board.evaluate("location.hash = '#not-a-code'")
    expect(announce).to_contain_text("does not hold a valid game code")
    board.evaluate("c => { location.hash = c; }", fresh_code)
    expect(board.locator("#board")).to_have_attribute("data-code", fresh_code)
    expect(announce).to_have_text("")
    board.go_back()  # the deal that stood in for the bad link: nothing more to say of it
    expect(board.locator("#board")).not_to_have_attribute("data-code", fresh_code)
    expect(announce).to_have_text("")
    load_code(board, CODE)
    plays(board)  # a game of CODE kept, then resumed by its link
    kept(board)
    load_code(board, "CR1-N-AAAAAAC")
    board.evaluate("c => { location.hash = c; }", CODE)
    expect(announce).to_contain_text("Welcome back")
    board.evaluate("c => { location.hash = c; }", fresh_code)
    expect(board.locator("#board")).to_have_attribute("data-code", fresh_code)
    expect(announce).to_have_text("")


def test_a_bad_position_names_the_line_that_is_wrong(board):
    load_code(board, CODE)
    text = game.new(CODE).position().replace("t3: ", "t3: ZZ ")
    board.evaluate("text => window.solitaireLoadPosition(text)", text)
    expect(board.locator("#announce")).to_contain_text("cannot be played: line")
    expect(board.locator("#announce")).to_contain_text("'ZZ'")
    expect(board.locator("#board")).to_have_attribute("data-code", CODE)  # the game plays on


def test_two_tabs_on_one_deal_leave_one_whole_game(warm):
    """The last tab to move wins; neither can leave a half-written or mixed save."""
    one, watch_one = warm.open(f"#{CODE}")
    two, watch_two = warm.open(f"#{CODE}", clear=False)
    plays(one)
    kept(one)
    tap(two, "t4")  # a different first move in the second tab (t4 to t15)
    expect(two.locator("#stat-moves")).not_to_have_text("Moves 0")
    kept(two)
    third, watch_three = warm.open(f"#{CODE}", clear=False)
    expect(third.locator("#announce")).to_contain_text("Welcome back")
    position = third.evaluate("window.solitairePosition()")
    assert position == two.evaluate("window.solitairePosition()")  # the last writer's game
    for watch in (watch_one, watch_two, watch_three):
        watch.check()


def test_the_test_hooks_need_an_exact_test_parameter(warm):
    page, watch = warm.open(f"#{CODE}", query="?utm_campaign=contest")
    hooks = "[window.solitaireLoadCode, window.solitaireLoadPosition, window.solitairePosition]"
    assert page.evaluate(hooks) == [None, None, None]
    watch.check()
    page.close()


# --- pointers and keys during a drag -----------------------------------------------------------
def start_drag(page, place: str) -> tuple[float, float]:
    x, y = center(page, place)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 40, steps=4)
    expect(page.locator(".dragging")).to_have_count(1)
    return x, y


def assert_drag_cancelled(page, place: str, card: str) -> None:
    expect(page.locator(".dragging")).to_have_count(0)
    expect(page.locator("#board .target")).to_have_count(0)
    expect(top_card(page, place)).to_have_attribute("data-card", card)


def test_a_second_pointer_cancels_a_drag_cleanly(board):
    load_code(board, CODE)
    card = top_card(board, "t6").get_attribute("data-card")
    x, y = start_drag(board, "t6")
    cdp = board.context.new_cdp_session(board)
    touch = {"x": x + 300, "y": y}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [touch]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    assert_drag_cancelled(board, "t6", card)
    fx, fy = center(board, "f5")
    board.mouse.move(fx, fy, steps=3)
    board.mouse.up()  # the first pointer lets go over a foundation: no move, it was cancelled
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")
    plays(board)


def test_ctrl_z_during_a_drag_puts_the_card_back_and_plays_nothing(board):
    load_code(board, CODE)
    plays(board)
    card = top_card(board, "t1").get_attribute("data-card")
    start_drag(board, "t1")
    board.keyboard.press("Control+z")
    assert_drag_cancelled(board, "t1", card)
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")  # the undo itself
    board.mouse.up()
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")  # and no drop after it
    expect(top_card(board, "t6")).to_have_attribute("data-card", "QS")


def test_a_new_deal_during_a_drag_cancels_it(board):
    load_code(board, CODE)
    start_drag(board, "t16")
    board.evaluate("location.hash = 'FT1-N-AAAAAAC'")
    expect(board.locator("#board")).to_have_attribute("data-code", "FT1-N-AAAAAAC")
    board.mouse.move(400, 400, steps=2)
    board.mouse.up()
    expect(board.locator(".dragging")).to_have_count(0)
    expect(board.locator("#stat-moves")).to_have_text("Moves 0")
