"""Helpers for driving the board like a player: find places, tap, drag, load positions."""

from __future__ import annotations

from playwright.sync_api import Page, expect

import game


def load_code(page: Page, code: str) -> None:
    """A fresh game of ``code`` (through the test hook: the hash may already hold it)."""
    page.evaluate("code => window.solitaireLoadCode(code)", code)
    expect(page.locator("#board")).to_have_attribute("data-code", code)
    expect(page.locator("#stat-moves")).to_have_text("Moves 0")


def load_position(page: Page, text: str) -> None:
    page.evaluate("text => window.solitaireLoadPosition(text)", text)
    page.wait_for_function("() => document.querySelector('#board').dataset.code === ''")
    page.wait_for_timeout(50)


def top_card(page: Page, place: str):
    return page.locator(f'[data-place="{place}"] [data-card]').last


def center(page: Page, place: str) -> tuple[float, float]:
    """The middle of the place's top card (or of its empty slot)."""
    for _ in range(20):  # a redraw may replace the element between finding and measuring it
        cards = page.locator(f'[data-place="{place}"] [data-card]')
        target = cards.last if cards.count() else page.locator(f'[data-place="{place}"] .slot')
        box = target.bounding_box()
        if box:
            break
        page.wait_for_timeout(20)
    assert box, place
    # the upper part of a card: in a fanned column the lower part belongs to the cards above
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 25)


def tap(page: Page, place: str) -> None:
    x, y = center(page, place)
    page.mouse.click(x, y)


def double_tap(page: Page, place: str) -> None:
    x, y = center(page, place)
    page.mouse.dblclick(x, y)


def drag(page: Page, src: str, dst: str | tuple[float, float]) -> None:
    x0, y0 = center(page, src)
    x1, y1 = dst if isinstance(dst, tuple) else center(page, dst)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0 + 12, steps=2)
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def touch_drag(page: Page, src: str, dst: str) -> None:
    """A finger drag, as Chromium's touch input (pointerType "touch")."""
    x0, y0 = center(page, src)
    x1, y1 = center(page, dst)
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for k in range(1, 9):
        x, y = x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def cards_of(page: Page, place: str) -> list[str]:
    return page.eval_on_selector_all(
        f'[data-place="{place}"] [data-card]', "els => els.map(e => e.dataset.card)"
    )


def status_text(page: Page) -> str:
    return page.locator("#announce").inner_text()


def engine_after(code_or_text: str, *moves: tuple[str, str]) -> game.Solitaire:
    g = game.new(code_or_text) if "\n" not in code_or_text else game.from_position(code_or_text)
    for move in moves:
        g.play(*move)
    return g
