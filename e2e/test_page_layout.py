"""Layout: on a 1280x800 desktop and a 390x844 phone every place is on screen, nothing
scrolls, and the cards are big enough to read. Screenshots go to e2e/screenshots/."""

import pytest
from harness import SHOTS
from pages import load_code, load_position, resize
from playwright.sync_api import expect

from tests.helpers import build

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
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
        boxes = board.eval_on_selector_all(
            "[data-place]",
            """els => els.map(e => {
                const cards = e.querySelectorAll('[data-card]');
                const top = cards.length ? cards[cards.length - 1] : e.querySelector('.slot');
                const r = top.getBoundingClientRect();
                return [e.dataset.place, r.left, r.top, r.right, r.bottom, r.width]; })""",
        )
        for place, left, top, right, bottom, card_width in boxes:
            assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, place
            assert card_width >= 34, f"{place}: cards {card_width:.0f}px wide"
        scroll = board.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert scroll[0] <= width and scroll[1] <= height
        expect(board.locator("header [data-action=new]")).to_be_in_viewport()
        expect(board.locator("#announce")).to_be_in_viewport()
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
