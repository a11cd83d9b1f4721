"""Layout: on a desktop and on phones (upright and on its side) every place is on screen,
nothing scrolls, the cards are big enough to play with a finger, the toolbar's controls are
finger-sized; the toolbar's menu and the Settings sheet work by keyboard and by tap.
Screenshots go to e2e/screenshots/."""

import pytest
from harness import SHOTS
from pages import CONTROLS, load_code, load_position, open_menu, open_settings, resize
from playwright.sync_api import expect

from tests.helpers import build

SIZES = {
    "desktop": (1280, 800),
    "phone": (390, 844),
    "small-phone": (360, 740),
    "phone-landscape": (844, 390),
}
UPRIGHT = ("phone", "small-phone")
# a card's width on an upright phone, px (a margin keeps each focus ring on screen)
LEAST = {"CR1-N-AAAAAAB": 60, "FT1-N-AAAAAAB": 35}
LONG_COLUMNS = build(
    "FT1 score=0 moves=0",
    {
        "t1": " ".join(f"{r}S" for r in "KQJT98765432A")
        + " "
        + " ".join(f"{r}H" for r in "KQJT98765"),
        "t2": "",
    },
    ["stock"] + [f"t{i}" for i in range(3, 11)],
).position()
CARDS = """() => [...document.querySelectorAll('[data-place]')].map(e => {
    const cards = e.querySelectorAll('[data-card]');
    const top = cards.length ? cards[cards.length - 1] : e.querySelector('.slot');
    const r = (top.querySelector('.face') || top).getBoundingClientRect();
    return [e.dataset.place, r.left, r.top, r.right, r.bottom, r.width]; })"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("what", ["CR1-N-AAAAAAB", "FT1-N-AAAAAAB", "long-columns"])
def test_every_place_is_on_screen_and_nothing_scrolls(board, size, what):
    width, height = SIZES[size]
    resize(board, width, height)
    try:
        if what == "long-columns":
            load_position(board, LONG_COLUMNS)
        else:
            load_code(board, what)
        SHOTS.mkdir(exist_ok=True)
        board.screenshot(path=str(SHOTS / f"{what}-{size}.png"))
        table = board.locator("#table").bounding_box()
        least = LEAST.get(what, 0) if size in UPRIGHT else 34
        if what == "long-columns":  # a 22-card column (16 is the most a game can build):
            least = 20 if size == "phone-landscape" else 28  # it shrinks the board, legible
        for place, left, top, right, bottom, card_width in board.evaluate(CARDS):
            # the whole top card, the last of a long column too, on the table and on screen
            assert left >= 0 and right <= width + 0.5, place
            assert top >= table["y"] - 0.5, place
            assert bottom <= table["y"] + table["height"] + 0.5 and bottom <= height, place
            assert card_width >= least - 0.01, f"{place}: cards {card_width:.1f}px wide"
        scroll = board.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert scroll[0] <= width and scroll[1] <= height
        expect(board.locator("header [data-action=new]")).to_be_in_viewport()
        expect(board.locator("#announce")).to_be_in_viewport()
    finally:
        resize(board, 1280, 800)


@pytest.mark.parametrize("size", ["phone", "small-phone", "phone-landscape"])
def test_toolbar_controls_are_finger_sized_in_two_rows_at_most(board, size):
    resize(board, *SIZES[size])
    try:
        for code in ("CR1-N-AAAAAAB", "FT1-N-AAAAAAB"):
            load_code(board, code)
            controls = board.evaluate(CONTROLS)
            for action, w, h, _ in controls:
                if action == "code":  # the deal's code: a copy of Copy link, 44 px by its padding
                    continue
                assert h >= 44 and w >= 44, f"{action}: {w:.0f}x{h:.0f}"
            rows = {top for action, _, _, top in controls if action != "code"}
            assert len(rows) <= 2, controls
        # a game with both Draw and Redeal (a redeal of the waste) shares one cell: Draw while
        # the stock has cards, then Redeal (its controls are set by hand: no such game yet)
        stock_out = build("FT1 score=0 moves=64", {}, [f"t{i}" for i in range(1, 11)])
        for text, shown in ((None, "draw"), (stock_out.position(), "redeal")):
            if text is None:
                load_code(board, "FT1-N-AAAAAAB")
            else:
                load_position(board, text)  # its stock is empty
            board.evaluate("document.body.dataset.has = 'draw redeal score'")
            controls = board.evaluate(CONTROLS)
            assert len({top for action, _, _, top in controls if action != "code"}) <= 2
            if size in UPRIGHT:  # (a phone on its side has room for both)
                assert {"draw", "redeal"} & {action for action, *_ in controls} == {shown}
    finally:
        resize(board, 1280, 800)


def test_card_indices_are_legible_on_a_phone(board):
    resize(board, 390, 844)
    try:
        for code in ("CR1-N-AAAAAAB", "FT1-N-AAAAAAB"):
            load_code(board, code)
            size = board.evaluate(
                "document.querySelector('[data-card] .idx').getBoundingClientRect().height"
            )
            assert size >= 13, f"{code}: rank index {size:.1f}px tall"
    finally:
        resize(board, 1280, 800)


def focused(page) -> str:
    return page.evaluate("document.activeElement.dataset.action || document.activeElement.id || ''")


def test_the_menu_by_keyboard(board):
    menu, button = board.locator("#main-menu"), board.locator("[data-action=menu]")
    expect(button).to_have_attribute("aria-haspopup", "menu")
    expect(button).to_have_attribute("aria-label", "Menu")
    items = board.eval_on_selector_all(
        "#main-menu [role=menuitem]", "els => els.map(e => e.dataset.action)"
    )
    assert items[:3] == ["copy", "stats", "settings"]  # then Help, and room for more
    last = items[-1]
    button.focus()
    board.keyboard.press("ArrowDown")
    expect(menu).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    assert focused(board) == "copy"
    board.keyboard.press("ArrowDown")
    assert focused(board) == "stats"
    board.keyboard.press("End")
    assert focused(board) == last
    board.keyboard.press("ArrowDown")  # round to the first
    assert focused(board) == "copy"
    board.keyboard.press("ArrowUp")  # and round to the last
    assert focused(board) == last
    board.keyboard.press("Home")
    assert focused(board) == "copy"
    board.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    assert focused(board) == "menu"
    board.keyboard.press("ArrowUp")  # opens on the last item
    assert focused(board) == last
    board.keyboard.press("Home")
    board.keyboard.press("ArrowDown")
    board.keyboard.press("ArrowDown")
    assert focused(board) == "settings"
    board.keyboard.press("Enter")  # Settings: the sheet takes the focus
    sheet = board.locator("#settings-sheet")
    expect(sheet).to_be_visible()
    expect(menu).to_be_hidden()
    assert board.evaluate(
        "document.querySelector('#settings-sheet').contains(document.activeElement)"
    )
    board.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    # back where the player was: by the dialog's close event, a task after it is hidden
    expect(button).to_be_focused()
    board.keyboard.press("Enter")  # Enter on the button opens the menu too
    expect(menu).to_be_visible()
    assert focused(board) == "copy"
    board.keyboard.press("Tab")  # Tab leaves the menu, closed
    expect(menu).to_be_hidden()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_menu_by_tap_closes_on_a_tap_outside(board, size):
    resize(board, *SIZES[size])
    try:
        open_menu(board)
        if size == "phone":
            board.screenshot(path=str(SHOTS / "menu-phone.png"))
        box = board.locator("#main-menu").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size][0]
        table = board.locator("#table").bounding_box()
        board.mouse.click(table["x"] + 10, table["y"] + table["height"] - 10)
        expect(board.locator("#main-menu")).to_be_hidden()
        expect(board.locator("[data-action=menu]")).to_have_attribute("aria-expanded", "false")
    finally:
        resize(board, 1280, 800)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_settings_sheet_leaves_the_board_in_view_and_closes_three_ways(board, size):
    width, height = SIZES[size]
    resize(board, width, height)
    sheet = board.locator("#settings-sheet")
    menu_button = board.locator("[data-action=menu]")
    try:
        load_code(board, "CR1-N-AAAAAAB")
        open_settings(board)
        if size == "phone":
            board.screenshot(path=str(SHOTS / "settings-phone.png"))
        box = sheet.bounding_box()
        if size == "phone":  # a sheet over the lower half at most
            assert box["height"] <= height * 0.51 and box["y"] + box["height"] >= height - 1
        else:  # a side panel
            assert box["width"] <= width * 0.45 and box["height"] >= height - 1
        assert board.evaluate(
            "document.querySelector('#settings-sheet').contains(document.activeElement)"
        )
        sheet.locator("[data-action=close]").click()  # its Close button
        expect(sheet).to_be_hidden()
        expect(menu_button).to_be_focused()  # by the close event, a task later
        open_settings(board)
        board.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        expect(menu_button).to_be_focused()  # by the close event, a task later
        open_settings(board)
        outside = (20, box["y"] - 20) if size == "phone" else (box["x"] - 20, height / 2)
        board.mouse.click(*outside)  # on the board, beside the sheet
        expect(sheet).to_be_hidden()
        expect(menu_button).to_be_focused()  # by the close event, a task later
        open_settings(board)
        sheet.locator("h2").click()  # inside: stays open
        expect(sheet).to_be_visible()
        board.keyboard.press("Escape")
    finally:
        resize(board, 1280, 800)


BUTTONS = (
    "Array.from(document.querySelectorAll('.toolbar > button, .toolbar > select'), "
    "e => JSON.stringify(e.getBoundingClientRect()))"
)


@pytest.mark.parametrize("size", ["phone", "small-phone"])
def test_the_counters_words_move_no_control_of_the_toolbar(board, size):
    """The deal's code comes as the page is ready, the daily's date and the grade after it:
    on a phone the buttons above moved 6-17 px sideways as they came (the counters' row,
    which spans the grid, sized its columns)."""
    resize(board, *SIZES[size])
    try:
        load_code(board, "CR1-N-AAAAAFD")  # a listed deal: its grade shows
        expect(board.locator("#stat-grade")).to_be_visible()
        with_words = board.evaluate(BUTTONS)
        for words in ("#stat-code", ".deal-notes", "#stat-time"):
            board.evaluate("s => document.querySelector(s).hidden = true", words)
            assert board.evaluate(BUTTONS) == with_words, words
        for words in ("#stat-code", ".deal-notes", "#stat-time"):
            board.evaluate("s => document.querySelector(s).hidden = false", words)
    finally:
        resize(board, 1280, 800)
