"""Booting from the memory snapshot, and every way it can be missing or wrong."""

from __future__ import annotations

import gzip
import json

import pytest
from harness import open_page, ready
from pages import tap, top_card
from playwright.sync_api import expect

from game.web.boot import BOOT_MODULES, BROWSER_MODULES, PYSCRIPT_IMPORTS

# PyScript installs these after the interpreter has started, on every page load: its own
# package (pyscript.*), its JavaScript modules (_pyscript, polyscript) and Pyodide's module of
# JavaScript globals (js). A snapshot is made before any of them exists.
INSTALLED_BY_PYSCRIPT = ("pyscript", "_pyscript", "polyscript", "js")


def open_board(browser, site: str, route=None, query: str = "?test=1"):
    page, watch = open_page(browser, site, "#CR1-N-AAAAAAB", query=query, route=route)
    return page.context, page, watch


def plays(page) -> None:
    tap(page, "t6")
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")


def test_the_game_boots_from_the_snapshot(browser, site):
    context, page, watch = open_board(browser, site)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    plays(page)
    watch.check()
    context.close()


def test_the_snapshot_can_be_switched_off(browser, site):
    context, page, watch = open_board(browser, site, query="?test=1&snapshot=0")
    assert page.evaluate("document.body.dataset.boot") == "plain"
    plays(page)
    watch.check()
    context.close()


def stale_info(route):
    route.fulfill(
        content_type="application/json",
        body=json.dumps({"pyodide": "0.0.0", "game": "other", "bytes": 1}),
    )


def corrupt_snapshot(route):
    route.fulfill(
        content_type="application/octet-stream", body=gzip.compress(bytes(range(256)) * 4096)
    )  # a snapshot of garbage


@pytest.mark.parametrize(
    "case, route",
    [
        ("missing", ("**/snapshot.bin.gz", lambda route: route.fulfill(status=404, body="gone"))),
        ("stale", ("**/snapshot.json", stale_info)),
        ("corrupt", ("**/snapshot.bin.gz", corrupt_snapshot)),
        ("not gzip", ("**/snapshot.bin.gz", lambda route: route.fulfill(body=b"not gzip at all"))),
    ],
)
def test_a_bad_snapshot_boots_normally_and_is_replaced(browser, site, case, route):
    context, page, watch = open_board(browser, site, route)
    assert page.evaluate("document.body.dataset.boot") == "plain", case
    plays(page)  # the player notices nothing but the time
    watch.errors[:] = [e for e in watch.errors if "404" not in e]  # the missing file itself
    watch.check()
    page.unroute(route[0])
    page.reload()  # the bad copy was evicted: the good snapshot is fetched and used again
    ready(page)
    assert page.evaluate("document.body.dataset.boot") == "snapshot", case
    context.close()


def test_a_snapshot_that_fails_to_restore_boots_normally(browser, site):
    """Garbage of exactly the right size: it passes the checks, so Pyodide tries to restore it."""
    context = browser.new_context()
    page = context.new_page()
    info = json.loads(page.request.get(f"{site}static/snapshot.json").text())
    garbage = gzip.compress(bytes(range(256)) * (info["bytes"] // 256), compresslevel=1)
    context.close()
    context, page, watch = open_board(
        browser, site, ("**/snapshot.bin.gz", lambda route: route.fulfill(body=garbage))
    )
    assert page.evaluate("document.body.dataset.boot") == "plain"
    plays(page)
    watch.check()
    context.close()


def test_a_bad_copy_in_the_offline_cache_is_replaced(browser, site):
    context, page, watch = open_board(browser, site)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.evaluate("""async () => {
        await caches.delete('snapshot-inflated');  // as on the first load after an update
        const url = new URL('static/snapshot.bin.gz', location.href).href;
        for (const name of await caches.keys())
            await (await caches.open(name)).put(url, new Response('damaged on disk'));
    }""")
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "plain"  # the bad copy: a plain boot
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"  # fetched and cached anew
    cached = page.evaluate("""async () => {
        const url = new URL('static/snapshot.bin.gz', location.href).href;
        const hit = await caches.match(url);
        return hit ? (await hit.arrayBuffer()).byteLength : 0; }""")
    assert cached > 1_000_000
    watch.check()
    context.close()


def test_the_inflated_copy_skips_inflation_and_a_damaged_one_is_dropped(browser, site):
    context, page, watch = open_board(browser, site)
    page.wait_for_function(
        "caches.open('snapshot-inflated').then(c => c.keys()).then(k => k.length === 1)",
        timeout=30_000,
    )
    page.route("**/snapshot.bin.gz", lambda route: route.abort())  # must not be needed now
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    page.evaluate("""async () => {  // damaged in storage, with the right size
        const store = await caches.open('snapshot-inflated');
        const [key] = await store.keys();
        const size = (await (await store.match(key)).arrayBuffer()).byteLength;
        await store.put(key, new Response(new Uint8Array(size).fill(7)));
    }""")
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "plain"
    page.unroute("**/snapshot.bin.gz")
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # the aborted fetch
    watch.check()
    context.close()


def test_everything_imported_before_ready_was_in_the_snapshot(browser, site):
    context, page, watch = open_board(browser, site)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    imported = set(json.loads(page.evaluate("window.solitaireBootModules")))
    held = set(json.loads(page.request.get(f"{site}static/snapshot.json").text())["modules"])
    assert set(BOOT_MODULES + PYSCRIPT_IMPORTS) <= held
    missing = {
        name
        for name in imported - held
        if name.split(".")[0] not in INSTALLED_BY_PYSCRIPT and name not in BROWSER_MODULES
    }
    assert missing == set()
    # the exclusions are real: each is on the page, none could be in the snapshot
    assert {"pyscript", "_pyscript", "polyscript", "js", *BROWSER_MODULES} <= imported - held
    watch.check()
    context.close()
