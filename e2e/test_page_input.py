"""Input that keeps up: every tap of a fast player lands, with the moves animated, and the
pointer is given back after a drag so the next tap anywhere is delivered."""

from __future__ import annotations

from pages import center, load_code, load_position, painted, set_switch, top_card, touch_drag
from playwright.sync_api import expect

import game
from tests.helpers import build

RUN_S = " ".join(r + "S" for r in "KQJT98765432")  # the King at the bottom, the 2 on top
RUN_H = " ".join(r + "H" for r in "KQJT98765432")


def crescent_runs() -> game.Solitaire:
    """Crescent: two piles that go home card by card, one destination each (a tap moves)."""
    places = {"f1": "AS", "f2": "AH", "t1": RUN_S, "t2": RUN_H}
    places |= {f"f{i}": ("KD" if i == 3 else "KC") for i in (3, 4)}
    places |= {f"f{i}": "A" + "SHDC"[i - 5] for i in range(5, 9)}
    return build("CR1 redeals=0 moves=0", places)


def forty_thieves_runs() -> game.Solitaire:
    """Forty Thieves: two columns of a suit each, the Ace on top: each tap sends one home."""
    places = {"t1": RUN_S + " AS", "t2": RUN_H + " AH"}
    return build(
        "FT1 score=0 moves=0", places, ["stock"] + [f"t{i}" for i in range(3, 11)], limit=30
    )


# the frame after this one painted, then whether a card is still flying home (170 ms)
PAINTED_FLYING = """new Promise(r => requestAnimationFrame(() => requestAnimationFrame(
    () => r(document.getAnimations().some(a => a.playState === 'running')))))"""


def fast_taps(page, points: list[tuple[float, float]]) -> int:
    """Mouse taps at ``points``, each as soon as the page has painted the last one's move (a
    state, not a time: two frames, quicker than a player): how many came while a card flew."""
    flying = 0
    for x, y in points:
        page.mouse.click(x, y)
        flying += page.evaluate(PAINTED_FLYING)
    return flying


def test_twenty_fast_taps_all_land_with_moves_animated(fresh):
    page = fresh("#CR1-N-AAAAAAB")  # motion on: each move's card is still flying at the next tap
    set_switch(page, "auto_finish", False)
    for g, home, last in (
        (crescent_runs(), ("f1", "f2"), ("KS", "9H")),
        (forty_thieves_runs(), ("f1", "f2"), ("KS", "7H")),
    ):
        load_position(page, g.position())
        one, two = center(page, "t1"), center(page, "t2")
        taps = 12 if g.GAME == "CR1" else 13
        flying = fast_taps(page, [one] * taps + [two] * (20 - taps))
        assert flying >= 10, flying  # the taps came while moves were still animated
        expect(top_card(page, home[0])).to_have_attribute("data-card", last[0])
        expect(top_card(page, home[1])).to_have_attribute("data-card", last[1])
        expect(page.locator("#stat-moves")).to_have_text("Moves 20")


def test_a_toolbar_tap_right_after_a_touch_drag_is_delivered(board):
    for code, src, dst, card in (
        ("CR1-N-AAAAAAB", "t9", "t11", "TH"),
        ("FT1-N-AAAAAAB", "t1", "t2", "8H"),
    ):
        load_code(board, code)
        touch_drag(board, src, dst)
        expect(top_card(board, dst)).to_have_attribute("data-card", card)
        painted(board)  # the drop painted: a fling the drag set off would be under way
        box = board.locator("header [data-action=undo]").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = board.context.new_cdp_session(board)
        point = {"touchPoints": [{"x": x, "y": y}]}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", **point})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
        expect(board.locator("#announce")).to_have_text("Move undone.")
        expect(top_card(board, src)).to_have_attribute("data-card", card)


def pinch(page, x: float, y: float) -> float:
    """Two fingers put down 20 px apart at (x, y) and spread to 220 px: the page's zoom after."""
    cdp = page.context.new_cdp_session(page)
    points = lambda d: [{"x": x - d, "y": y, "id": 0}, {"x": x + d, "y": y, "id": 1}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(10)})
    for d in range(16, 112, 8):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(d)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    scale = page.evaluate("visualViewport.scale")
    cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 1})
    cdp.detach()
    return scale


def test_a_pinch_that_starts_on_the_table_is_the_games_and_the_page_still_zooms(fresh):
    """Players may zoom the page (no user-scalable=no), but two fingers put down on the board,
    or on the pause cover over it, make no browser gesture."""
    page = fresh(
        "#CR1-N-AAAAAAB", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert pinch(page, x, y) == 1
    page.locator("header [data-action=pause]").click()
    expect(page.locator("#paused")).to_be_visible()
    assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('#paused') !== null")
    assert pinch(page, x, y) == 1  # the cover is on the table too
    page.locator("#paused [data-action=resume]").click()
    footer = page.locator("#announce").bounding_box()
    assert pinch(page, x, footer["y"] + footer["height"] / 2) > 1.5  # the page itself zooms
