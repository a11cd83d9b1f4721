"""The six languages in the browser: ?lang= boots each one with its words from the first paint,
<html lang dir> (Arabic right to left, the board still left to right, its piles where they
are in English), refusals said in the language; the picker switches and is remembered; the
browser's own language is taken when the link names none."""

from __future__ import annotations

import base64

import pytest
from harness import Watch, ready
from pages import (
    CONTROLS,
    attached,
    center,
    choose,
    drag,
    load_code,
    load_position,
    open_settings,
    resize,
)
from playwright.sync_api import expect

import game
from game.solver import prove_unwinnable
from game.ui import names
from game.ui.text.languages import LANGUAGES
from game.ui.text.messages import Messages
from tests.solving import LOST
from tools import catalogs

CODE = "CR1-N-AAAAAAB"  # t5 8C onto t1 2H: refused, not the same suit
WORDS = {lang: catalogs.texts(catalogs.read(lang)) for lang in LANGUAGES}
# each place's slot in the board's own units, and whether pile 1 is drawn left of pile 16
PLACES = """[['t1', 't5', 't9', 't16', 'f1', 'f8'].map(p => {
    const slot = document.querySelector(`[data-place=${p}] .slot`);
    return [p, slot.getAttribute('x'), slot.getAttribute('y')]; }),
  document.querySelector('[data-place=t1]').getBoundingClientRect().x <
  document.querySelector('[data-place=t16]').getBoundingClientRect().x]"""


# the pairs of the board's region names less than 2 px apart, on the screen
REGIONS_MEET = """[...document.querySelectorAll('#board text.region')]
    .map(t => [t.textContent, t.getBoundingClientRect()])
    .flatMap(([a, r], i, all) => all.slice(i + 1)
        .filter(([, q]) => r.left < q.right + 2 && q.left < r.right + 2
                           && r.top < q.bottom && q.top < r.bottom)
        .map(([b]) => [a, b]))"""
# which way an arrow drawn in an element's screenshot points: its ink spreads high and low
# at its open end and meets at its tip (the PNG read back through a canvas)
POINTS = """async png => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + png;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const lum = i => 0.3 * d[i] + 0.59 * d[i + 1] + 0.11 * d[i + 2];
    const ground = lum(0), ink = [];
    for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++)
        if (Math.abs(lum(4 * (y * c.width + x)) - ground) > 90) ink.push([x, y]);
    const xs = ink.map(p => p[0]), left = Math.min(...xs), right = Math.max(...xs);
    const spread = near => { const ys = ink.filter(p => Math.abs(p[0] - near) <= 1)
        .map(p => p[1]); return Math.max(...ys) - Math.min(...ys); };
    return spread(left) > spread(right) ? 'right' : 'left';
}"""


def points(page, locator) -> str:
    return page.evaluate(POINTS, base64.b64encode(locator.screenshot()).decode())


@pytest.fixture(scope="module")
def english_places(warm_contexts):
    page, watch = warm_contexts.open(f"#{CODE}")
    places = page.evaluate(PLACES)
    watch.check()
    page.close()
    return places


def test_a_blank_lang_is_skipped_alike_before_the_first_paint_and_after(browser, site):
    """``?lang=&lang=ar``: static/watchdog.js (the first paint, the manifest) and Python read
    the parameter the same way, the first value that is not blank: Arabic from the start."""
    context = browser.new_context()
    page = context.new_page()
    watch = Watch(page, site)
    page.add_init_script(
        """document.addEventListener('DOMContentLoaded', () => {
            const root = document.documentElement;
            window.firstPaint = [root.lang, root.dir,
                                 document.querySelector('link[rel=manifest]').href];
        })"""
    )
    page.goto(f"{site}index.html?test=1&lang=&lang=ar#{CODE}")
    ready(page)
    lang, direction, manifest = page.evaluate("window.firstPaint")
    assert (lang, direction) == ("ar", "rtl") and manifest.endswith("/manifest-ar.webmanifest")
    root = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    assert root == ["ar", "rtl"] and page.locator("[data-action=language]").input_value() == "ar"
    expect(page.locator("header [data-action=undo]")).to_have_text(WORDS["ar"]["undo"])
    watch.check()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_language_boots_from_the_link(fresh, english_places, lang):
    words = WORDS[lang]
    page = fresh(f"#{CODE}", query=f"?test=1&lang={lang}")
    root = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    assert root == [lang, "rtl" if lang == "ar" else "ltr"]
    for action in ("new", "undo", "redo", "hint", "copy", "stats"):
        expect(page.locator(f"header [data-action={action}]")).to_have_text(words[action])
    expect(page.locator("header [data-action=redeal]")).to_have_text(words["redeal"].format(n=3))
    assert page.title() == words["title"]
    manifest = page.evaluate(
        """fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"""
    )  # the app installed from this page is named in its language
    assert (manifest["name"], manifest["lang"]) == (words["title"], lang)
    picker = page.locator("[data-action=language]")
    assert picker.input_value() == lang
    assert picker.get_attribute("aria-label") == words["language"]
    assert page.locator("#stat-moves").inner_text() == words["stat_moves"].format(n=0)
    # the board does not mirror: left to right, every pile where it is in English
    assert page.evaluate("getComputedStyle(document.getElementById('board')).direction") == ("ltr")
    assert page.evaluate(PLACES) == english_places
    spoken = names.place_label(game.new(CODE), "t1", Messages.load(lang))
    expect(page.locator("[data-place=t1]")).to_have_attribute("aria-label", spoken)
    board_words = names.describe(game.new(CODE), Messages.load(lang))  # after the paint
    expect(page.locator("#board")).to_have_attribute("aria-description", board_words)
    drag(page, "t5", "t1")  # interactive rules are on by default: the reason is said
    expect(page.locator("#announce")).to_have_text(words["refusal_same_suit"])
    for width, height in ((390, 844), (360, 740)):  # phones: two rows of controls
        resize(page, width, height)  # however long the words
        for code in (CODE, "FT1-N-AAAAAAB"):
            load_code(page, code)
            controls = page.evaluate(CONTROLS)
            rows = {top for action, _, _, top in controls if action != "code"}
            assert len(rows) <= 2, (width, controls)
            assert all(w >= 44 and h >= 44 for a, w, h, _ in controls if a != "code")
            cut = page.evaluate(
                """[...document.querySelectorAll('header button:not(.code)')].filter(
                   b => b.offsetParent && b.scrollWidth > b.clientWidth + 1)
                   .map(b => b.textContent)"""
            )
            assert cut == [], (width, cut)  # no label runs out of its button
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            # the board's names (Foundations, Waste, Stock; the rows) never meet
            assert page.evaluate(REGIONS_MEET) == [], (width, code)


def test_the_first_paint_is_already_in_the_language(browser, site):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(f"{site}index.html?lang=bg#{CODE}", wait_until="domcontentloaded")
    assert page.evaluate("document.body.dataset.ready") is None  # Python is not up yet
    assert page.locator("header [data-action=new]").inner_text() == WORDS["bg"]["new"]
    assert page.locator("#boot-download").inner_text() == WORDS["bg"]["loading"]
    assert (
        page.locator("#boot-bytes").get_attribute("data-template") == (WORDS["bg"]["loading_bytes"])
    )
    ready(page)
    ctx.close()


def test_the_picker_switches_keeps_the_game_and_is_remembered(fresh):
    page = fresh(f"#{CODE}")
    drag(page, "t6", "f5")  # a move: the game in progress comes back in the new language
    expect(page.locator("#stat-moves")).to_have_text(WORDS["en"]["stat_moves"].format(n=1))
    open_settings(page)  # the picker heads the Settings sheet
    page.select_option("[data-action=language]", "ar")
    page.wait_for_url("**#CR1-N-AAAAAAB")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    ready(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("header [data-action=new]")).to_have_text(WORDS["ar"]["new"])
    expect(page.locator("#stat-moves")).to_have_text(WORDS["ar"]["stat_moves"].format(n=1))
    assert "lang=" not in page.url  # none was in the link: none is added
    ready(page, reload=True)  # remembered
    expect(page.locator("header [data-action=undo]")).to_have_text(WORDS["ar"]["undo"])
    open_settings(page)  # the picker heads the Settings sheet
    page.select_option("[data-action=language]", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    ready(page)
    expect(page.locator("header [data-action=undo]")).to_have_text("Undo")


def test_a_lang_in_the_link_follows_the_picker(fresh):
    page = fresh(f"#{CODE}", query="?test=1&snapshot=1&idle-solver=0&lang=fr")
    open_settings(page)  # the picker heads the Settings sheet
    page.select_option("[data-action=language]", "kk")
    page.wait_for_url("**?test=1&snapshot=1&idle-solver=0&lang=kk#CR1-N-AAAAAAB")
    ready(page)
    expect(page.locator("header [data-action=new]")).to_have_text(WORDS["kk"]["new"])


@pytest.mark.parametrize(("locale", "lang"), [("ru-RU", "ru"), ("fr-CA", "fr"), ("de-DE", "en")])
def test_the_browsers_language_is_taken_without_a_lang(fresh, locale, lang):
    page = fresh(f"#{CODE}", locale=locale)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("header [data-action=new]")).to_have_text(WORDS[lang]["new"])
    # Python chose the same (its words: the board's label)
    label = page.locator("#board").get_attribute("aria-label")
    game = WORDS[lang]["game_CR1-N"]
    assert label == WORDS[lang]["board_label"].format(game=game, code=CODE)


def test_center_is_a_point_of_the_board_and_a_proof_is_said_in_arabic(fresh):
    """(The drag helper's places, measured in a right-to-left page, are the board's own.) A
    proof of loss comes from the worker as facts and is said in the page's language."""
    page = fresh(f"#{CODE}", query="?test=1&lang=ar")
    x, y = center(page, "t1")
    assert x < page.viewport_size["width"] / 2  # pile 1 is on the left, as in English
    load_position(page, game.from_position(LOST).position())
    open_settings(page)
    page.click("[data-action=check]")
    attached(page, "body[data-verdict=unwinnable]", 30_000)
    words = Messages.load("ar")
    expected = words.text(
        "check_proof", reason=words.proof(prove_unwinnable(game.from_position(LOST)))
    )
    assert page.locator("#solver-status").inner_text() == expected
    assert "الكومة 16" in expected and "آس الكوبة" in expected


def rtl(page, lang: str = "ar") -> None:
    """The page's words' direction as a right-to-left language sets it (the page's own
    stylesheet follows <html dir>); ``ltr(page)`` sets it back."""
    page.evaluate(
        "lang => { document.documentElement.lang = lang; document.documentElement.dir = 'rtl'; }",
        lang,
    )


def ltr(page) -> None:
    page.evaluate("document.documentElement.lang = 'en'; document.documentElement.dir = 'ltr'")


def test_the_calendars_arrows_point_outwards_in_either_direction(board):
    """Issue 48, 12: in Arabic the month arrows pointed inwards (the bidi algorithm mirrors
    ‹ and ›, and a flip on top turned them back). Previous is at the start and points to it,
    next at the end and points to it, left to right and right to left alike."""
    choose(board, "stats")
    prev = board.locator("#stats-dialog [data-action=calendar-prev]")
    follow = board.locator("#stats-dialog [data-action=calendar-next]")
    try:
        for direction in ("ltr", "rtl"):
            rtl(board) if direction == "rtl" else ltr(board)
            start, end = ("left", "right") if direction == "ltr" else ("right", "left")
            assert (prev.bounding_box()["x"] < follow.bounding_box()["x"]) == (start == "left")
            assert (points(board, prev), points(board, follow)) == (start, end), direction
    finally:
        ltr(board)


def test_a_daily_share_reads_right_to_left_in_arabic_in_the_pages_font(board):
    """Issue 48, 11: the won dialog's share text was laid out left to right in monospace. The
    Arabic sentence (its game's Latin name isolated by the catalog's words) runs right to
    left in the page's font; the link under it stays left to right."""
    words = Messages.load("ar")
    said = words.count(
        "daily_share",
        142,
        game="Crescent",
        date="14 مارس 2027",
        time="6:31",
        hints=words.text("daily_no_hints"),
    )
    link = "http://localhost/crescent/#CR1-N-AAAAAAB~142~391"
    share = board.locator("#won-share")
    try:
        rtl(board)
        board.evaluate(
            """text => { const d = document.querySelector('#won-dialog');
                         d.querySelector('#won-share').textContent = text; d.showModal(); }""",
            f"{said}\n{link}",
        )
        expect(share).to_be_visible()
        font = share.evaluate("e => getComputedStyle(e).fontFamily")
        assert "monospace" not in font and font == board.evaluate(
            "getComputedStyle(document.querySelector('#won-text')).fontFamily"
        )
        # where each piece is drawn: the name that begins the sentence at its right end, the
        # words after it to its left; the link on a line of its own, left to right
        at = """(e, piece) => { const node = e.firstChild, i = node.data.indexOf(piece);
            const r = document.createRange(); r.setStart(node, i);
            r.setEnd(node, i + piece.length); return r.getBoundingClientRect().toJSON(); }"""
        box = share.bounding_box()
        name = share.evaluate(at, "Crescent")
        after = share.evaluate(at, "توزيع")
        scheme, tail = share.evaluate(at, "http"), share.evaluate(at, "~391")
        assert name["right"] > box["x"] + box["width"] - 4 and after["right"] <= name["left"] + 1
        assert scheme["top"] > name["top"] and scheme["x"] < tail["x"]
    finally:
        board.evaluate("document.querySelector('#won-dialog').close()")
        share.evaluate("e => { e.textContent = ''; }")
        ltr(board)
