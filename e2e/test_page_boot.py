"""Boot, the deal on the page against the engine, the loading and failure states."""

import io
import re
import zipfile

from harness import ROOT, ready
from pages import cards_of, load_code, tap, top_card
from playwright.sync_api import expect

import game
from game.ui.board import visible_cards
from tools import catalogs


def test_no_hash_deals_a_random_game_and_writes_its_code(fresh):
    page = fresh("")
    code = page.locator("#board").get_attribute("data-code")
    assert re.fullmatch(r"CR1-N-[A-Z2-7]{7}", code)
    assert page.evaluate("location.hash") == f"#{code}"
    assert page.locator("#loading").is_hidden()
    expect(page.locator("#board")).to_have_attribute("data-status", "playing")


def test_loading_indicator_and_table_show_before_python_is_ready(browser, site):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{site}index.html#FT1-N-AAAAAAB", wait_until="domcontentloaded")
    page.wait_for_function("() => document.querySelector('header [data-action=new]').textContent")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.locator("#loading").is_visible() and page.locator("#board").is_visible()
    assert page.locator("header [data-action=new]").inner_text() == "New deal"
    # every word is in the page as served (tools/site.py), none waits for a script
    catalog = catalogs.texts(catalogs.read("en"))
    assert page.locator("[data-action=game]").inner_text() == catalog["game_CR1-N"]
    assert page.title() == catalog["title"]
    assert page.locator("[data-action=game]").get_attribute("aria-label") == "Game"
    served = page.request.get(f"{site}index.html").text()  # Python may be drawing by now
    assert re.search(r'data-action="redeal" data-msg="redeal"[^>]* data-msg-n="3"', served)
    assert ">Redeal (3)</button>" in served
    ready(page)
    hooks = "[window.solitaireLoadCode, window.solitaireBootModules]"
    assert page.evaluate(hooks) == [None, None]  # test hooks only with ?test
    ctx.close()


def test_boot_failure_shows_a_plain_message_and_reload(browser, site):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(f"{site}index.html")
    failed = page.locator("#boot-failed")
    expect(failed).to_be_visible(timeout=30_000)
    assert "could not start" in failed.inner_text()
    expect(failed.locator("button")).to_have_text("Reload")
    assert page.locator(".py-error:visible").count() == 0  # no traceback shown
    ctx.close()


def test_a_python_error_during_the_boot_shows_the_failure_panel(browser, site):
    """The entry script imports the page's modules in tasks of their own (game/web/app.py):
    an error in one of them still ends in the failure panel, with the traceback in the
    console for whoever looks, and no half-started page."""
    built = ROOT / "_site" / "static" / "game.zip"
    broken = io.BytesIO()
    with zipfile.ZipFile(built) as source, zipfile.ZipFile(broken, "w") as archive:
        for member in source.infolist():
            data = source.read(member)
            if member.filename == "game/web/painter.py":  # imported half-way through the boot
                data = b"raise RuntimeError('painter broken at boot')\n"
            archive.writestr(member, data)
    ctx = browser.new_context(service_workers="block")  # the page's own request, routed
    page = ctx.new_page()
    said = []
    page.on("console", lambda message: said.append(message.text))
    page.route("**/static/game.zip", lambda route: route.fulfill(body=broken.getvalue()))
    page.goto(f"{site}index.html?test=1&snapshot=0#CR1-N-AAAAAAB")
    failed = page.locator("#boot-failed")
    expect(failed).to_be_visible(timeout=60_000)
    assert "could not start" in failed.inner_text()
    assert any("painter broken at boot" in text for text in said), said
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.locator(".py-error:visible").count() == 0
    ctx.close()


def test_the_deal_on_the_page_is_the_engine_deal(board):
    for code in ("CR1-N-AAAABCD", "CR1-F-7777777", "FT1-N-AAAABCD"):
        load_code(board, code)
        g = game.new(code)
        labels = board.eval_on_selector_all(
            "[data-place]",
            "els => Object.fromEntries("
            "els.map(e => [e.dataset.place, e.getAttribute('aria-label')]))",
        )
        assert labels == {p: g.place_label(p) for p in g.PLACES}
        for place in g.PLACES:
            assert cards_of(board, place) == [str(c) for c in visible_cards(g, place)]
        stats = board.locator(".stats").inner_text()
        assert "Moves 0" in stats
        # in words for a screen reader once the draw is painted
        expect(board.locator("#board")).to_have_attribute("aria-description", g.describe())


def test_buttons_are_labelled_buttons(board):
    load_code(board, "CR1-N-AAAAAAB")
    for action in ("new", "undo", "redo", "redeal", "copy"):
        button = board.locator(f"header [data-action={action}]")
        assert button.evaluate("b => b.tagName") == "BUTTON"
        assert button.inner_text().strip()


def test_served_under_a_sub_path_with_relative_urls_only(warm, site):
    page, watch = warm.open("#CR1-N-AAAAAAB")
    urls = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert urls and all(u.startswith(site) for u in urls), [
        u for u in urls if not u.startswith(site)
    ]
    watch.check()
    page.close()


def test_an_unexpected_error_is_reported_once_and_the_game_goes_on(warm, site):
    page, watch = warm.open("#CR1-N-AAAAAAB")
    page.evaluate("""() => {  // the next redraw fails once, as a bug would
        const real = window.realSetAttribute = Element.prototype.setAttribute;
        let armed = true;
        Element.prototype.setAttribute = function (name, value) {
            if (armed && this.id === 'board' && name === 'aria-label') {
                armed = false;
                throw new Error('injected');
            }
            return real.call(this, name, value);
        };
    }""")
    tap(page, "t6")
    expect(page.locator("#announce")).to_have_text("Something went wrong — the game is safe")
    assert len(watch.errors) == 1 and "injected" in watch.errors[0], watch.errors
    assert "Traceback" in watch.errors[0]
    watch.errors.clear()
    page.evaluate("() => { Element.prototype.setAttribute = window.realSetAttribute; }")
    tap(page, "t1")  # the game on the table still plays: the move went through, and on
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")
    expect(page.locator("#announce")).not_to_contain_text("Something went wrong")
    watch.check()
    page.close()
