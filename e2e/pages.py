"""Helpers for driving the board like a player: find places, tap, drag, load positions."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import game


def frame(page: Page) -> int:
    """How many times the board has been drawn (``body[data-frame]``)."""
    return int(page.evaluate("document.body.dataset.frame || '0'"))


def next_frame(page: Page, after: int) -> None:
    """Wait until the board has been drawn again since ``frame(page)`` was ``after``."""
    page.wait_for_function("n => Number(document.body.dataset.frame) > n", arg=after)


def attached(page: Page, selector: str, timeout: float = 30_000) -> None:
    """Wait until ``selector`` matches, looked for on every animation frame: a state the page
    sets (``body[data-verdict=winnable]``) is seen the frame it is set, where
    ``wait_for_selector`` polls at growing intervals, up to half a second late."""
    page.wait_for_function(
        "s => document.querySelector(s) !== null", arg=selector, timeout=timeout, polling="raf"
    )


PAINTED = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def painted(page: Page) -> None:
    """Wait until the page has painted the frame after this one (a state, not a time)."""
    page.evaluate(PAINTED)


def kept(page: Page) -> None:
    """Wait until what the board shows is also kept (saved, counted, described): the page does
    that once the draw is painted (``body[data-kept]`` catches up with ``body[data-frame]``)."""
    page.wait_for_function("() => document.body.dataset.kept === document.body.dataset.frame")


# the toolbar's visible controls: [action or id, width, height, top]
CONTROLS = """() => [...document.querySelectorAll('header button, header select')]
    .filter(e => e.offsetParent && !e.closest('[role=menu]'))
    .map(e => { const r = e.getBoundingClientRect();
                return [e.dataset.action || e.id, r.width, r.height, Math.round(r.top)]; })"""


def resize(page: Page, width: int, height: int) -> None:
    """A new window size, and the board redrawn for it."""
    if page.viewport_size == {"width": width, "height": height}:
        return
    before = frame(page)
    page.set_viewport_size({"width": width, "height": height})
    next_frame(page, before)


def call_and_draw(page: Page, hook: str, arg: str) -> None:
    """Call a test hook and wait for the board drawn after it. The count is read in the same
    turn as the call, so no redraw already on its way can pass for this one."""
    before = page.evaluate(
        "([hook, arg]) => { const n = Number(document.body.dataset.frame); window[hook](arg); "
        "return n; }",
        [hook, arg],
    )
    next_frame(page, before)


def load_code(page: Page, code: str) -> None:
    """A fresh game of ``code`` (through the test hook: the hash may already hold it)."""
    call_and_draw(page, "solitaireLoadCode", code)
    expect(page.locator("#board")).to_have_attribute("data-code", code)
    expect(page.locator("#stat-moves")).to_have_text(re.compile(r"\b0$"))  # any language


def load_position(page: Page, text: str) -> None:
    call_and_draw(page, "solitaireLoadPosition", text)
    expect(page.locator("#board")).to_have_attribute("data-code", "")


def top_card(page: Page, place: str):
    return page.locator(f'[data-place="{place}"] [data-card]').last


def center(page: Page, place: str) -> tuple[float, float]:
    """The middle of the place's top card (or of its empty slot), found and measured in one
    step: a redraw cannot replace the element in between."""
    box = page.evaluate(
        """place => {
            const group = document.querySelector(`[data-place="${place}"]`);
            const cards = group.querySelectorAll('[data-card]');
            const r = (cards.length ? cards[cards.length - 1] : group.querySelector('.slot'))
                .getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height}; }""",
        place,
    )
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


def set_switch(page: Page, name: str, on: bool) -> None:
    """A setting switched as the player would (its change event), whether shown or not."""
    box = page.locator(f"[data-setting={name}]")
    if box.is_checked() != on:
        page.evaluate(
            """name => { const box = document.querySelector(`[data-setting=${name}]`);
               box.checked = !box.checked; box.dispatchEvent(new Event('change')); }""",
            name,
        )


def open_menu(page: Page) -> None:
    """The toolbar's menu (Copy link, Statistics, Settings), opened as a tap would."""
    if page.locator("#main-menu").is_hidden():
        page.locator("[data-action=menu]").click()
    expect(page.locator("#main-menu")).to_be_visible()


def choose(page: Page, action: str) -> None:
    """An item of the toolbar's menu, chosen: the menu opened, the item tapped."""
    open_menu(page)
    page.locator(f"#main-menu [data-action={action}]").click()


def pick_game(page: Page, kind: str) -> None:
    """Another game, chosen as a player does: the picker opened, the game's row tapped (in its
    family's group: the last row that names it)."""
    page.locator("header [data-action=game]").click()
    expect(page.locator("#picker-dialog")).to_be_visible()
    page.locator(f"#picker-list [data-pick='{kind}']").last.click()
    expect(page.locator("#picker-dialog")).to_be_hidden()


def picked(page: Page) -> str:
    """The game the picker names (the game on the table)."""
    return str(page.locator("header [data-action=game]").get_attribute("value"))


def open_settings(page: Page) -> None:
    choose(page, "settings")
    expect(page.locator("#settings-sheet")).to_be_visible()


def close_settings(page: Page) -> None:
    page.locator("#settings-sheet [data-action=close]").click()
    expect(page.locator("#settings-sheet")).to_be_hidden()


FILL_THE_QUOTA = """() => {  // another app of the same origin fills the quota
    const block = 'x'.repeat(256 * 1024);
    for (let i = 0; ; i++) {
        try { localStorage.setItem('other.app.' + i, block); } catch { break; }
    }
    // to the last character: grow one value by halves. A new key would cost its name too and
    // leave up to that many characters free, room enough for a record to grow into.
    let grown = block;
    for (let size = 256 * 1024; size >= 1; size = Math.floor(size / 2)) {
        try {
            localStorage.setItem('other.app.0', grown + 'x'.repeat(size));
            grown += 'x'.repeat(size);
        } catch {}
    }
}"""


def fill_the_quota(page: Page) -> None:
    """Leave the page's storage not one character free, as another app of its origin would:
    every record that grows or is new fails to be written."""
    page.evaluate(FILL_THE_QUOTA)


def axe_violations(page: Page, context: str | None = None, rules: list[str] | None = None) -> str:
    """axe-core's report of ``page`` ('' when nothing is found): over the whole document, or
    only ``context`` (a selector: an open modal dialog, the rest of the page inert and checked
    before it opened), every rule or only ``rules``. axe's 500 KB script is injected once per
    document, not before every run."""
    from axe_playwright_python.base import AxeResults  # requirements-dev.txt
    from axe_playwright_python.sync_playwright import Axe

    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(Axe().axe_script)
    options: dict[str, object] = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = rules
    results = AxeResults(
        page.evaluate(
            "([context, options]) => axe.run(context ? {include: [context]} : document, options)",
            [context, options],
        )
    )
    return results.generate_report() if results.violations_count else ""
