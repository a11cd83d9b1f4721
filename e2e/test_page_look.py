"""The look in a real Chromium: sheets of all 52 faces (desktop and phone sizes, both decks,
light and dark), the settings that change the look and are remembered, a drag that uncovers
the card below, the toolbar's alignment, and sound only after a gesture. Screenshots go to
e2e/screenshots/."""

import re

import pytest
from harness import ROOT, SHOTS
from pages import (
    attached,
    axe_violations,
    center,
    drag,
    kept,
    load_code,
    open_settings,
    resize,
    tap,
)
from playwright.sync_api import expect

import game
from game.cards import Card
from game.ui import board
from game.ui.games import faces

SHEET_SIZES = {"desktop": (1280, 800, 0.75), "phone": (390, 844, 0.35)}  # card scale as played
COLUMNS = {"desktop": 14, "phone": 10}


def sheet_markup(columns: int, index: str) -> tuple[str, float, float]:
    """Every card (suit by suit, Ace to King) and the card back, in rows of ``columns``."""
    pitch_x, pitch_y = faces.CARD_W + 8, faces.CARD_H + 8
    cells = [Card(suit * 13 + rank) for suit in range(4) for rank in range(13)]
    out = []
    for k, card in enumerate(cells):
        x, y = (k % columns) * pitch_x, (k // columns) * pitch_y
        out.append(board.card_markup(card, x, y, index=index))
    k = len(cells)
    x, y = (k % columns) * pitch_x, (k // columns) * pitch_y
    out.append(
        f'<g class="card back" transform="translate({x} {y})"><use href="#card-back" '
        f'width="{faces.CARD_W}" height="{faces.CARD_H}"/></g>'
    )
    rows = k // columns + 1
    return "".join(out), columns * pitch_x, rows * pitch_y


SHOW_SHEET = """([markup, w, h, scale]) => {
    document.getElementById('sheet')?.remove();
    const box = document.createElement('div');
    box.id = 'sheet';
    box.style.cssText = 'position:fixed;inset:0;z-index:50;padding:8px;overflow:hidden;' +
        'background:radial-gradient(ellipse at 50% 30%, var(--felt-hi), var(--felt) 70%)';
    box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${w} ${h}"
        width="${w * scale}" height="${h * scale}">${markup}</svg>`;
    document.body.appendChild(box);
}"""

# each card's index: the rank stands on its baseline above its suit sign (a text's box is
# its font's whole em box, descent included, so the baseline is what can be measured)
INDEX_BOXES = """() => [...document.querySelectorAll('#sheet [data-card]')].map(card => {
    const text = card.querySelector('.idx');
    const rank = text.getBoundingClientRect();
    const m = text.getScreenCTM(), p = text.getStartPositionOfChar(0);
    const baseline = m.b * p.x + m.d * p.y + m.f;
    const suit = text.parentNode.querySelector('use').getBoundingClientRect();
    const body = card.querySelector('use').getBoundingClientRect();
    return [card.dataset.card, baseline < suit.top, rank.height, body.width > 0];
})"""


@pytest.mark.parametrize("size", SHEET_SIZES)
def test_sheets_of_every_face(board, size):
    """All 52 faces and the back, as big as they are played, in the two-colour and the
    four-colour deck, on the light (green) and the dark table; large indices on the phone."""
    width, height, scale = SHEET_SIZES[size]
    resize(board, width, height)
    SHOTS.mkdir(exist_ok=True)
    indices = ("normal", "large") if size == "phone" else ("normal",)
    try:
        for index in indices:
            markup, w, h = sheet_markup(COLUMNS[size], index)
            board.evaluate(SHOW_SHEET, [markup, w, h, scale])
            for deck in ("two", "four"):
                for theme in ("green", "dark"):
                    board.evaluate(
                        "([deck, theme]) => Object.assign(document.body.dataset, {deck, theme})",
                        [deck, theme],
                    )
                    name = f"faces-{size}-{deck}-colour-{theme}" + (
                        "-large-index" if index == "large" else ""
                    )
                    board.screenshot(path=str(SHOTS / f"{name}.png"))
            for card, apart, rank_px, drawn in board.evaluate(INDEX_BOXES):
                assert apart, f"{card}: the rank touches its suit sign"
                assert drawn, f"{card}: no body drawn from the sprite"
                if size == "phone":  # the index alone carries the card when it is small
                    assert rank_px >= (13 if index == "normal" else 18), card
    finally:
        board.evaluate(
            """() => { document.getElementById('sheet')?.remove();
                Object.assign(document.body.dataset, {deck: 'two', theme: 'auto'}); }"""
        )
        resize(board, 1280, 800)


def test_every_card_comes_from_the_one_sprite(board):
    counts = board.evaluate(
        """() => ({symbols: document.querySelectorAll('#card-art symbol[id^="b-"]').length,
                  spades: document.querySelectorAll('#s-S').length,
                  inBoard: document.querySelectorAll('#board symbol').length})"""
    )
    assert counts == {"symbols": 52, "spades": 1, "inBoard": 0}


def test_look_settings_apply_at_once_and_are_remembered(fresh):
    page = fresh("#FT1-N-AAAAAAB")
    body = page.locator("body")
    expect(body).to_have_attribute("data-deck", "two")
    expect(body).to_have_attribute("data-theme", "auto")
    open_settings(page)
    page.locator("[data-setting=four_colour]").check()
    expect(body).to_have_attribute("data-deck", "four")
    diamond = page.locator('[data-card$="D"]').first
    assert diamond.evaluate("e => getComputedStyle(e).color") == "rgb(20, 71, 176)"
    page.locator("[data-setting=theme]").select_option("dark")
    expect(body).to_have_attribute("data-theme", "dark")
    page.locator("[data-setting=large_index]").check()
    # (a state, not the next frame: a redraw the theme asked for may come first)
    expect(page.locator("[data-card] .idx").first).to_have_attribute("font-size", "48")
    page.reload()
    attached(page, "body[data-ready]")
    expect(body).to_have_attribute("data-deck", "four")
    expect(body).to_have_attribute("data-theme", "dark")
    expect(body).to_have_attribute("data-index", "large")
    expect(page.locator("[data-setting=theme]")).to_have_value("dark")
    expect(page.locator("[data-setting=large_index]")).to_be_checked()
    felt = page.evaluate("getComputedStyle(document.body).getPropertyValue('--felt').trim()")
    assert felt == "#16191d"


def test_the_automatic_theme_follows_the_system(fresh):
    page = fresh("#CR1-N-AAAAAAB", color_scheme="dark")
    felt = page.evaluate("getComputedStyle(document.body).getPropertyValue('--felt').trim()")
    assert felt == "#16191d"
    page.emulate_media(color_scheme="light")
    felt = page.evaluate("getComputedStyle(document.body).getPropertyValue('--felt').trim()")
    assert felt == "#0d6b3c"
    bars = "[...document.querySelectorAll('meta[name=theme-color]')].map(m => m.content)"
    assert page.evaluate(bars) == ["#07391f", "#0b0d10"]  # the browser's bar: light, dark
    set_switch_value(page, "theme", "red")  # a chosen theme: the same bar in both
    page.wait_for_function(f"{bars}.every(c => c === '#460d14')")
    set_switch_value(page, "theme", "auto")
    page.wait_for_function(f"{bars}.join() === '#07391f,#0b0d10'")


def set_switch_value(page, name: str, value: str) -> None:
    page.evaluate(
        """([name, value]) => { const box = document.querySelector(`[data-setting=${name}]`);
           box.value = value; box.dispatchEvent(new Event('change')); }""",
        [name, value],
    )


def test_a_dragged_crescent_card_uncovers_the_card_under_it(board):
    load_code(board, "CR1-N-AAAAAAB")
    x, y = center(board, "t1")
    board.mouse.move(x, y)
    board.mouse.down()
    board.mouse.move(x + 150, y - 200, steps=6)
    try:
        under = board.evaluate(
            """([x, y]) => { const el = document.elementFromPoint(x, y).closest('.card');
                return el ? (el.dataset.under || el.dataset.card || 'back') : null; }""",
            [x, y],
        )
        assert under == "4S"  # t1 is the 2H over the 4S (tests/golden)
        board.screenshot(path=str(SHOTS / "drag-uncovers.png"))
    finally:
        board.keyboard.press("Escape")
        board.mouse.up()


def test_toolbar_controls_line_up_and_the_menu_is_disabled_while_loading(board):
    tops = board.evaluate(
        """() => [...document.querySelectorAll(
                  'header > button:not([hidden]), header > select, header .menu-wrap > button')]
                  .filter(e => e.offsetParent)
                  .map(e => [e.dataset.action, e.getBoundingClientRect().top,
                             e.getBoundingClientRect().height])"""
    )
    assert len({round(t) for _, t, _ in tops}) == 1, tops
    assert len({round(h) for _, _, h in tops}) == 1, tops
    html = (ROOT / "index.html").read_text()  # as served before Python has booted
    assert re.search(r'<button [^>]*data-action="menu"[^>]* disabled>', html)
    style = board.evaluate(
        """() => { const b = document.querySelector('[data-action=menu]'); b.disabled = true;
            const out = getComputedStyle(b).opacity; b.disabled = false; return out; }"""
    )
    assert style == "0.45"


def test_selection_and_targets_differ_in_shape_not_only_colour(board):
    load_code(board, "CR1-N-AAAAAAB")
    g = game.new("CR1-N-AAAAAAB")
    src = next(p for p in g.PLACES if len(g.destinations(p)) >= 2)  # a tap selects it
    tap(board, src)
    selected = board.locator(".place.selected [data-card]").last
    expect(selected).to_be_visible()
    lift = selected.locator(".lift").evaluate("e => getComputedStyle(e).transform")
    assert lift != "none"  # raised
    target = board.locator(".place.target").first
    dash = target.locator(".slot, [data-card] .face").last.evaluate(
        "e => getComputedStyle(e).strokeDasharray"
    )
    assert dash not in ("none", "")  # dashed
    board.screenshot(path=str(SHOTS / "selection-and-targets.png"))
    tap(board, src)  # deselected


SOUND_PROBE = """window.__audio = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real { constructor(...a) { super(...a); window.__audio++; } };
"""


def test_sound_is_off_by_default_and_never_starts_before_a_gesture(fresh):
    page = fresh("#CR1-N-AAAAAAB")
    page.add_init_script(SOUND_PROBE)
    settings = {"sound": True, "ask_redeal": False}  # Redeal without its question, below
    page.evaluate("s => localStorage.setItem('solitaire.settings', JSON.stringify(s))", settings)
    page.reload()
    attached(page, "body[data-ready]")
    assert page.evaluate("window.__audio") == 0  # none made at load
    expect(page.locator("[data-setting=sound]")).to_be_checked()
    tap(page, "t6")  # QS to its foundation: the first gesture, and a move
    expect(page.locator("body")).to_have_attribute("data-sound", "move")
    assert page.evaluate("window.__audio") == 1
    drag(page, "t1", "t2")  # 2H onto KD: refused
    expect(page.locator("body")).to_have_attribute("data-sound", "refuse")
    page.locator("[data-action=redeal]").click()
    expect(page.locator("body")).to_have_attribute("data-sound", "redeal")
    open_settings(page)
    page.locator("[data-setting=sound]").uncheck()
    page.locator("body").evaluate("b => delete b.dataset.sound")
    page.keyboard.press("Escape")
    tap(page, "t6")
    kept(page)  # the move is drawn, painted and kept: its sound would have been asked by now
    assert page.locator("body").get_attribute("data-sound") is None  # muted
    assert page.evaluate("window.__audio") == 1


@pytest.mark.parametrize("theme", ["green", "blue", "red", "dark"])
def test_axe_finds_no_contrast_failure_in_any_theme(board, theme):
    """axe-core's color-contrast rule over the page (toolbar, stats, announcement, the open
    Settings panel) in each theme, chosen in Settings (a theme read back at the boot is
    tested above); the board's SVG text is checked in tests/test_look.py."""
    load_code(board, "FT1-N-AAAAAAB")
    board.evaluate(  # as the Settings sheet's list would (its change event)
        """theme => { const list = document.querySelector('[data-setting=theme]');
           list.value = theme; list.dispatchEvent(new Event('change')); }""",
        theme,
    )
    expect(board.locator("body")).to_have_attribute("data-theme", theme)
    tap(board, "t7")  # words in the announcement
    open_settings(board)
    assert not (report := axe_violations(board, rules=["color-contrast"])), report
