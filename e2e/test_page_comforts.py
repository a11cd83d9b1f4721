"""The comforts (issue 34) in Chromium: the Animation setting's pace (a card's flight, the win's
cascade, the auto-finish at once when off), the left hand (the stock left of the foundations,
the toolbar mirrored, in English and in Arabic) and calm mode (no counters while playing, the
clock still running, the won dialog still saying them), each switched from the Settings sheet
and in force again after a reload, from the first paint (static/watchdog.js)."""

from __future__ import annotations

import json

from harness import ready
from pages import close_settings, frame, load_code, load_position, open_settings, set_switch, tap
from playwright.sync_api import Page, expect

import game

FT = "FT1-N-AAAAAAB"
RANKS = "A23456789TJQK"

# what <html> carries when the document is parsed, before Python has started: the stored
# settings as static/watchdog.js set them for the first paint
AT_PARSE = """document.addEventListener('DOMContentLoaded', () => {
    const root = document.documentElement;
    window.__atParse = {animation: root.dataset.animation || null,
                        leftHanded: root.hasAttribute('data-left-handed'),
                        calm: root.hasAttribute('data-calm')};
});"""

# the win's cascade as it starts: its duration, read when body takes the class
CASCADES = """() => {
    window.__cascades = [];
    new MutationObserver(() => {
        if (!document.body.classList.contains('celebrate')) return;
        const lift = document.querySelector('.place[data-place=f1] .lift');
        window.__cascades.push(getComputedStyle(lift).animationDuration);
    }).observe(document.body, {attributes: true, attributeFilter: ['class']});
}"""

ARRIVING = """() => { const card = document.querySelector('[data-place=waste] [data-arrive]');
    if (!card) return null;
    const style = getComputedStyle(card);
    return [style.animationName, style.animationDuration]; }"""


def near_won() -> str:
    """Forty Thieves with every card home but the J, Q, K of spades on column 1 and of hearts
    on column 2: a tap on column 1 sends its Jack home, and the rest finishes itself."""
    lines = ["FT1 score=900 moves=150"]
    lines += [f"f{i + 1}: " + " ".join(r + "SHDCSHDC"[i] for r in RANKS) for i in range(8)]
    lines[1] = "f1: " + " ".join(r + "S" for r in RANKS[:10])
    lines[2] = "f2: " + " ".join(r + "H" for r in RANKS[:10])
    lines += ["stock:", "waste:", "t1: KS QS JS", "t2: KH QH JH"]
    lines += [f"t{i}:" for i in range(3, 11)]
    return game.from_position("\n".join(lines)).position()


def reload_and_see_the_first_paint(page: Page) -> dict:
    """Reload; what <html> carried from the stored settings when the document was parsed."""
    page.add_init_script(AT_PARSE)
    ready(page, reload=True)
    return page.evaluate("window.__atParse")


def draw_one(page: Page) -> list[str] | None:
    """A card drawn to the waste: its flight's animation name and duration."""
    before = frame(page)
    page.locator("header [data-action=draw]").click()
    page.wait_for_function("n => Number(document.body.dataset.frame) > n", arg=before)
    return page.evaluate(ARRIVING)


def x_of(page: Page, selector: str) -> float:
    return page.locator(selector).first.evaluate("e => e.getBoundingClientRect().x")


def test_the_animation_setting_sets_the_pace_and_is_remembered(fresh):
    page = fresh(f"#{FT}", reduced_motion="no-preference")
    body = page.locator("body")
    expect(body).to_have_attribute("data-animation", "normal")
    assert draw_one(page) == ["arrive", "0.17s"]
    open_settings(page)
    page.locator("[data-setting=animation]").select_option("fast")
    expect(body).to_have_attribute("data-animation", "fast")
    close_settings(page)
    assert draw_one(page) == ["arrive", "0.085s"]  # half the flight
    page.evaluate(CASCADES)
    load_position(page, near_won())
    before = frame(page)
    tap(page, "t1")
    expect(page.locator("#won-dialog")).to_be_visible()
    assert frame(page) - before >= 6  # one card at a time still, each drawn on its way
    assert page.evaluate("window.__cascades") == ["0.6s"]  # half the cascade
    page.locator("#won-dialog [data-action=close]").click()

    open_settings(page)
    page.locator("[data-setting=animation]").select_option("off")
    close_settings(page)
    expect(body).to_have_attribute("data-animation", "off")
    load_code(page, FT)
    assert draw_one(page) == ["none", "0s"]  # no flight
    page.evaluate(CASCADES)
    load_position(page, near_won())
    before = frame(page)
    tap(page, "t1")
    expect(page.locator("#won-dialog")).to_be_visible()
    assert frame(page) - before <= 3  # the move, then the whole finish drawn at once
    assert page.evaluate("window.__cascades") == []  # no cascade: the dialog at once

    assert reload_and_see_the_first_paint(page)["animation"] == "off"
    expect(body).to_have_attribute("data-animation", "off")
    expect(page.locator("[data-setting=animation]")).to_have_value("off")
    assert page.evaluate("document.documentElement.dataset.animation") is None  # body's now


def test_left_handed_mirrors_the_stock_and_the_toolbar_and_is_remembered(fresh):
    page = fresh(f"#{FT}", reduced_motion="reduce")
    place = "[data-place={}] .slot"
    new, pause = "header [data-action=new]", "header [data-action=pause]"
    assert x_of(page, place.format("f8")) < x_of(page, place.format("stock"))
    assert x_of(page, new) < x_of(page, pause)
    open_settings(page)
    page.locator("[data-setting=left_handed]").focus()
    page.keyboard.press("Space")  # a native switch: the keyboard sets it
    expect(page.locator("body")).to_have_attribute("data-left-handed", "")
    close_settings(page)
    page.wait_for_function(
        """() => { const x = p => document.querySelector(`[data-place=${p}] .slot`)
                       .getBoundingClientRect().x;
                   return x('stock') < x('waste') && x('waste') < x('f1'); }"""
    )
    assert x_of(page, new) > x_of(page, pause)  # the buttons from the other end
    assert x_of(page, "#stat-code") < x_of(page, pause)  # the counters at the start

    seen = reload_and_see_the_first_paint(page)
    assert seen["leftHanded"] and not seen["calm"] and seen["animation"] is None
    expect(page.locator("[data-setting=left_handed]")).to_be_checked()
    assert x_of(page, place.format("stock")) < x_of(page, place.format("f1"))
    assert x_of(page, new) > x_of(page, pause)


def test_left_handed_in_arabic_mirrors_the_right_to_left_toolbar(fresh):
    """The other side is the other side of the page's direction: Arabic's buttons start at the
    right, so a left hand's start at the left. The board does not mirror in Arabic: the stock
    goes to the left as in English."""
    page = fresh(
        f"#{FT}",
        query="?test=1&lang=ar",
        storage={"solitaire.settings": json.dumps({"left_handed": True})},
        reduced_motion="reduce",
    )
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    place = "[data-place={}] .slot"
    new, pause = "header [data-action=new]", "header [data-action=pause]"
    assert x_of(page, new) < x_of(page, pause)
    assert x_of(page, "#stat-code") > x_of(page, pause)
    assert x_of(page, place.format("stock")) < x_of(page, place.format("f1"))
    set_switch(page, "left_handed", False)
    expect(page.locator("body")).not_to_have_attribute("data-left-handed", "")
    assert x_of(page, new) > x_of(page, pause)  # Arabic's own order
    page.wait_for_function(
        """() => { const x = p => document.querySelector(`[data-place=${p}] .slot`)
                       .getBoundingClientRect().x;
                   return x('f8') < x('stock'); }"""
    )


def test_calm_mode_hides_the_counters_while_playing_and_is_remembered(fresh):
    page = fresh(f"#{FT}", reduced_motion="reduce")
    stats = [page.locator(s) for s in ("#stat-time", "#stat-moves", "#stat-score")]
    for stat in stats:
        expect(stat).to_be_visible()
    open_settings(page)
    page.locator("[data-setting=calm]").focus()
    page.keyboard.press("Space")
    close_settings(page)
    for stat in stats:
        expect(stat).to_be_hidden()
    expect(page.locator("#stat-code")).to_be_visible()
    shown = page.locator("#stat-time").text_content()
    page.locator("header [data-action=draw]").click()  # the first move starts the clock
    page.wait_for_function(  # and it runs on, unseen
        "t => document.querySelector('#stat-time').textContent !== t", arg=shown
    )

    seen = reload_and_see_the_first_paint(page)
    assert seen["calm"] and not seen["leftHanded"]
    expect(page.locator("[data-setting=calm]")).to_be_checked()
    for stat in stats:
        expect(stat).to_be_hidden()
    load_position(page, near_won())
    tap(page, "t1")
    won = page.locator("#won-dialog")
    expect(won).to_be_visible()
    expect(won.locator("#won-text")).to_contain_text("Time 0:0")  # the time and the moves
    expect(won.locator("#won-text")).to_contain_text("156 moves")
    expect(won.locator("#won-text")).to_contain_text("Score")
    for stat in stats:
        expect(stat).to_be_hidden()
