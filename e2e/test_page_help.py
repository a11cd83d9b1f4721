"""The help pages (tools/help.py) in a real Chromium: the toolbar's Help shows the help of
the game being played in the page's language (a dialog; its full page leads back to the same
deal), and axe-core finds nothing to fix in English and Arabic at phone and desktop sizes,
light and dark, nor in the dialog. (Help offline: e2e/test_page_offline.py.)"""

from __future__ import annotations

import re

import pytest
from harness import Watch, ready
from pages import axe_violations, choose, open_menu
from playwright.sync_api import expect

from game.kinds import FORTY_THIEVES, REGISTRY
from game.ui.text.languages import LANGUAGES
from tools import catalogs

HELP = "[data-action=help]"  # in the toolbar's menu


def test_help_shows_this_games_help_in_the_page_language(fresh):
    page = fresh("#FT1-N-AAAABCD")
    choose(page, "help")
    dialog, content = page.locator("#help-dialog"), page.locator("#help-content")
    expect(dialog).to_have_attribute("open", "")
    expect(content.locator("h1")).to_have_text("Forty Thieves: rules and help")
    expect(content).to_have_attribute("lang", "en")
    expect(content.locator("table kbd", has_text="Home")).to_be_visible()  # the keys' table
    expect(page.locator("#help-full")).to_have_attribute(
        "href", "./help/en/forty-thieves.html#FT1-N-AAAABCD"
    )
    assert page.evaluate("document.activeElement.closest('dialog')?.id") == "help-dialog"
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    expect(page.locator("#board")).to_have_attribute("data-code", "FT1-N-AAAABCD")
    # another language (the picker sets <html lang>; so does this), another game, by keyboard
    page.evaluate("document.documentElement.lang = 'ar'; location.hash = 'CR1-F-7777777'")
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-F-7777777")
    page.locator("[data-action=menu]").focus()
    page.keyboard.press("ArrowUp")  # the menu, open on its last item: Help
    page.keyboard.press("Enter")
    expect(content).to_have_attribute("dir", "rtl")
    expect(content.locator("h1")).to_contain_text("Crescent")
    expect(content).to_contain_text("«هذه الكومة ممتلئة؛ اختر وجهة أخرى»")
    # the full page, and from it the way back to the same deal
    page.locator("#help-full").click()
    expect(page).to_have_url(re.compile(r"/help/ar/crescent\.html#CR1-F-7777777$"))
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("a[data-back]")).to_have_attribute("href", "../../#CR1-F-7777777")
    expect(page.locator(".languages a[hreflang=en]")).to_have_attribute(
        "href", "../en/crescent.html#CR1-F-7777777"
    )
    page.go_back()
    ready(page)
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-F-7777777")


def test_the_examples_are_reached_from_help(fresh):
    page = fresh("#CR1-N-AAAAAAB")
    choose(page, "help")
    page.locator("#help-dialog [data-action=examples]").click()
    expect(page.locator("#help-dialog")).not_to_have_attribute("open", "")
    expect(page.locator("#examples-dialog")).to_have_attribute("open", "")
    page.locator("#examples-dialog [data-kind=FT1-N]").click()
    expect(page.locator("#replay-bar")).to_be_visible()


def test_a_new_tab_click_follows_the_link(fresh):
    page = fresh("#FT1-N-AAAABCD")
    open_menu(page)
    with page.context.expect_page() as opened:
        page.locator(HELP).click(modifiers=["Control"])
    tab = opened.value
    tab.wait_for_load_state()
    assert re.search(r"/help/en/forty-thieves\.html#FT1-N-AAAABCD$", tab.url), tab.url
    expect(page.locator("#help-dialog")).not_to_have_attribute("open", "")
    tab.close()


# every pair of language, size and colour scheme once (four runs, not all eight)
@pytest.mark.parametrize(
    "lang, size, scheme",
    [
        ("en", (390, 844), "light"),
        ("ar", (1280, 800), "light"),
        ("ar", (390, 844), "dark"),
        ("en", (1280, 800), "dark"),
    ],
)
def test_axe_finds_nothing_on_a_help_page(browser, site, lang, size, scheme):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    watch = Watch(page, site)
    try:
        for game in ("crescent", "forty-thieves"):
            page.goto(f"{site}help/{lang}/{game}.html#CR1-N-AAAAAAB")
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways
            assert not (report := axe_violations(page)), report
        watch.check()
    finally:
        context.close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_axe_finds_nothing_in_the_help_dialog(fresh, size):
    width, height = size
    page = fresh("#CR1-N-AAAAAAB", viewport={"width": width, "height": height})
    for lang in ("en", "ar"):
        page.evaluate("lang => { document.documentElement.lang = lang }", lang)
        choose(page, "help")
        expect(page.locator("#help-content")).to_have_attribute("lang", lang)
        assert not (report := axe_violations(page, "#help-dialog")), report
        page.keyboard.press("Escape")
    page.evaluate("document.documentElement.lang = 'en'")


def test_on_a_phone_the_family_table_scrolls_alone_under_a_low_bar(fresh):
    """Issue 48, 12: on a phone the help dialog's family table (551-794 px wide) scrolled the
    whole dialog sideways, and its pinned bar took two or three rows. In every language (its
    text, and the bar's words as the page writes them) the table scrolls in its own region, a
    game's code on one line, the dialog never sideways, and the bar's controls are one row."""
    page = fresh("#FT1-N-AAAABCD", viewport={"width": 360, "height": 740})
    dialog = page.locator("#help-dialog")
    for lang in LANGUAGES:
        words = catalogs.words(lang)
        page.evaluate(
            """([lang, words]) => { document.documentElement.lang = lang;
                   for (const e of document.querySelectorAll('.help-dialog-bar [data-msg]'))
                       e.textContent = words[e.dataset.msg]; }""",
            [lang, words],
        )
        choose(page, "help")
        expect(page.locator("#help-content")).to_have_attribute("lang", lang)
        sizes = dialog.evaluate(
            """d => { const region = [...d.querySelectorAll('#help-content .wide')]
                          .find(r => r.querySelector('td') && r.textContent.includes('FT1-J'));
                      const bar = d.querySelector('.help-dialog-bar');
                      const tops = [...bar.children].map(c => c.getBoundingClientRect().top);
                      return [d.scrollWidth, d.clientWidth, region.scrollWidth,
                              region.clientWidth, bar.getBoundingClientRect().height,
                              Math.max(...tops) - Math.min(...tops)]; }"""
        )
        dialog_wide, dialog_room, table_wide, table_room, bar, rows = sizes
        assert dialog_wide <= dialog_room, (lang, sizes)  # the dialog does not scroll sideways
        assert table_wide > table_room, (lang, sizes)  # the table does, in its region
        assert rows < 20 and bar <= 72, (lang, sizes)  # one row (a label may wrap in it)
        lines = dialog.evaluate(
            """d => [...d.querySelectorAll('td.code')].map(td => {
                const r = document.createRange(); r.selectNodeContents(td);
                return new Set([...r.getClientRects()].map(q => Math.round(q.top))).size; })"""
        )
        family = [kind for kind in REGISTRY if kind.family is FORTY_THIEVES]
        assert lines == [1] * len(family), (lang, lines)  # FT1-J, not FT1- over J
        page.keyboard.press("Escape")
        expect(dialog).not_to_have_attribute("open", "")
    page.evaluate("document.documentElement.lang = 'en'")
