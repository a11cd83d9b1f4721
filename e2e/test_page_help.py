"""The help pages (tools/help.py) in a real Chromium: the toolbar's Help opens the help of
the game being played in the page's language and leads back to the same deal, the pages work
offline after a first visit, and axe-core finds nothing to fix in English and Arabic at phone
and desktop sizes, light and dark."""

from __future__ import annotations

import re

import pytest
from harness import Watch, ready
from pages import tap
from playwright.sync_api import expect
from test_page_offline import boot, controlled, own_site  # noqa: F401  (a fixture)

HELP = "[data-action=help]"


def test_help_opens_this_games_help_in_the_page_language(fresh):
    page = fresh("#FT1-N-AAAABCD")
    page.locator(HELP).click()
    expect(page).to_have_url(re.compile(r"/help/en/forty-thieves\.html#FT1-N-AAAABCD$"))
    expect(page.locator("h1")).to_have_text("Forty Thieves: rules and help")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    back = page.locator("a[data-back]")
    expect(back).to_have_attribute("href", "../../#FT1-N-AAAABCD")  # help.js: the same deal
    expect(page.locator(".languages a[hreflang=ar]")).to_have_attribute(
        "href", "../ar/forty-thieves.html#FT1-N-AAAABCD"
    )
    page.go_back()
    ready(page)
    expect(page.locator("#board")).to_have_attribute("data-code", "FT1-N-AAAABCD")
    # another language (the picker sets <html lang>; so does this), another game, by keyboard
    page.evaluate("document.documentElement.lang = 'ar'; location.hash = 'CR1-F-7777777'")
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-F-7777777")
    page.locator(HELP).focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/help/ar/crescent\.html#CR1-F-7777777$"))
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("h1")).to_contain_text("Crescent")
    page.go_back()
    ready(page)


def test_help_works_offline_and_leads_back_to_the_game(profile_browser, own_site):  # noqa: F811
    server, url, _ = own_site
    context = profile_browser
    page = context.pages[0] if context.pages else context.new_page()
    watch = Watch(page, url)
    boot(page, f"{url}index.html#CR1-N-AAAAAAB")
    controlled(page)
    tap(page, "t6")  # a move, to find again after the help
    moves = page.locator("#stat-moves").text_content()
    server.shutdown()
    context.set_offline(True)
    page.locator(HELP).click()
    expect(page.locator("h1")).to_have_text("Crescent: rules and help")
    # the stylesheet came from the worker's cache too: the bar has its colour
    bar = page.evaluate("getComputedStyle(document.querySelector('.help-bar')).backgroundColor")
    assert bar not in ("rgba(0, 0, 0, 0)", "transparent"), bar
    page.locator(".games a", has_text="Forty Thieves").click()
    expect(page).to_have_url(re.compile(r"/help/en/forty-thieves\.html#CR1-N-AAAAAAB$"))
    page.locator(".languages a[hreflang=bg]").click()
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    expect(page.locator("h1")).to_contain_text("Четиридесетте разбойници")
    page.locator("a[data-back]").click()
    ready(page)
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-N-AAAAAAB")
    expect(page.locator("#stat-moves")).to_have_text(moves)  # the saved game, resumed
    watch.check()


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_a_help_page(browser, site, lang, size, scheme):
    from axe_playwright_python.sync_playwright import Axe  # requirements-dev.txt

    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    watch = Watch(page, site)
    try:
        for game in ("crescent", "forty-thieves"):
            page.goto(f"{site}help/{lang}/{game}.html#CR1-N-AAAAAAB")
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways
            results = Axe().run(page)
            assert results.violations_count == 0, results.generate_report()
        watch.check()
    finally:
        context.close()
