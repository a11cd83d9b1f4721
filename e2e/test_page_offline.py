"""Offline play, the help pages included, and updates: the built site (make site) under a
sub-path, as Pages serves it."""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

from harness import ROOT, Watch, controlled, ready, until, visit
from pages import choose, open_settings, tap, top_card
from playwright.sync_api import expect

from tools.serve import PREFIX
from tools.site import build, copy_sources

SITE = ROOT / "_site"


def test_offline_reload_plays_other_deals_open_and_help_reads(profile_browser, own_site):
    server, url, site_dir = own_site
    context = profile_browser
    page = context.pages[0] if context.pages else context.new_page()
    watch = Watch(page, url)
    visit(page, f"{url}index.html#CR1-N-AAAAAAB")
    controlled(page)
    # each file's bytes crossed the network once (the boot snapshot in ranges): the worker's
    # copies were 304s or files the page never asked for (PyScript chunks for editors and
    # terminals)
    expect(page.locator("body")).to_have_attribute("data-download", "kept", timeout=60_000)
    sent_of = Counter()
    for path, _status, size in server.log:
        if size:  # a body: a file of the site's
            sent_of[urlsplit(path).path[len(PREFIX) :] or "index.html"] += size
    twice = [p for p, n in sent_of.items() if n > (site_dir / p).stat().st_size]
    assert not twice, twice
    sent = sum(size for _, _, size in server.log)
    site = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    assert sent <= site * 1.01, (sent, site)
    server.shutdown()
    context.set_offline(True)
    ready(page, reload=True)
    tap(page, "t6")
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")
    moves = page.locator("#stat-moves").text_content()  # to find again after the help
    choose(page, "help")  # the dialog's text comes from the worker's cache
    expect(page.locator("#help-content h1")).to_have_text("Crescent: rules and help")
    page.locator("#help-full").click()  # and so does the page
    expect(page.locator("h1")).to_have_text("Crescent: rules and help")
    # the stylesheet came from the worker's cache too: the bar gets its colour (the heading
    # is parsed before the stylesheet has arrived: wait for it, as a reader's eye would)
    page.wait_for_function(
        "!['rgba(0, 0, 0, 0)', 'transparent'].includes("
        "getComputedStyle(document.querySelector('.help-bar')).backgroundColor)",
        timeout=10_000,
    )
    page.locator(".games a", has_text="Forty Thieves").click()
    expect(page).to_have_url(re.compile(r"/help/en/forty-thieves\.html#CR1-N-AAAAAAB$"))
    page.locator(".languages a[hreflang=bg]").click()
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    expect(page.locator("h1")).to_contain_text("Четиридесетте разбойници")
    page.locator("a[data-back]").click()  # back to the game
    ready(page)
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-N-AAAAAAB")
    expect(page.locator("#stat-moves")).to_have_text(moves)  # the saved game, resumed
    other = context.new_page()
    Watch(other, url)
    visit(other, f"{url}index.html#FT1-N-AAAABCD")  # a friend's link, opened on the train
    expect(other.locator("#board")).to_have_attribute("data-code", "FT1-N-AAAABCD")
    page.evaluate("location.hash = 'CR1-F-7777777'")
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-F-7777777")
    visit(page, f"{url}index.html?test&today=2027-03-14#daily")  # today's deal, offline too
    expect(page.locator("body")).to_have_attribute("data-daily", "2027-03-14")
    expect(page.locator("#board")).to_have_attribute("data-code", re.compile("^CR1-N-"))
    open_settings(other)  # the examples, offline too
    other.locator("#settings-sheet [data-action=examples]").click()
    other.locator("[data-action=example][data-kind=CR1-F]").click()
    expect(other.locator("#replay-caption")).to_contain_text("The deal, before its")
    expect(other.locator("#board")).to_have_attribute("data-code", re.compile("^CR1-F-"))
    watch.check()


def test_an_update_takes_over_keeps_the_game_and_drops_the_old_cache(browser, own_site, tmp_path):
    server, url, _old_site = own_site
    context = browser.new_context()
    page = context.new_page()
    watch = Watch(page, url)
    visit(page, f"{url}index.html#CR1-N-AAAAAAB")
    controlled(page)
    tap(page, "t6")  # a game in progress
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")
    versions = "caches.keys().then(k => k.filter(n => n.startsWith('solitaire-')))"
    first_cache = page.evaluate(versions)  # (not snapshot-inflated, the snapshot's own)
    # a new deployment: one changed file, so a new cache version (built from a copy)
    sources = copy_sources(tmp_path / "sources")
    css = sources / "static" / "app.css"
    css.write_text(css.read_text() + "\n/* deployment 2 */\n")
    new_site = tmp_path / "new"
    build(new_site, root=sources)
    server.site_dir = str(new_site)
    ready(page, reload=True)
    until(  # only the new version's cache is left
        page,
        f"old => {versions}.then(k => k.length === 1 && k[0] !== old)",
        arg=first_cache[0],
        timeout=90_000,
    )
    expect(page.locator("#update")).to_be_visible()  # "New version — reload"
    page.locator("[data-action=update]").click()
    ready(page)
    css_now = page.evaluate("fetch('static/app.css').then(r => r.text())")
    assert "deployment 2" in css_now
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")  # the game survived
    expect(page.locator("#stat-moves")).to_have_text("Moves 1")
    expect(page.locator("#board")).to_have_attribute("data-code", "CR1-N-AAAAAAB")
    watch.check()
    context.close()


def test_the_app_can_be_installed(profile_browser, site):
    context = profile_browser
    page = context.pages[0] if context.pages else context.new_page()
    watch = Watch(page, site)
    visit(page, f"{site}index.html#CR1-N-AAAAAAB")
    controlled(page)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    assert manifest["display"] == "standalone"
    touch_icon = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert page.evaluate("u => fetch(u).then(r => r.ok)", touch_icon)
    watch.check()
