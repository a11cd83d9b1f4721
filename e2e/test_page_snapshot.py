"""Booting from the memory snapshot, and every way it can be missing or wrong."""

from __future__ import annotations

import gzip
import json

from harness import ROOT, Watch, controlled, library_modules, open_page, ready, until, visit
from pages import tap, top_card
from playwright.sync_api import expect

from game.ui.boot import BOOT_MODULES, BROWSER_MODULES, PYSCRIPT_IMPORTS
from tools.serve import PREFIX

# PyScript installs these after the interpreter has started, on every page load: its own
# package (pyscript.*), its JavaScript modules (_pyscript, polyscript) and Pyodide's module of
# JavaScript globals (js). A snapshot is made before any of them exists.
INSTALLED_BY_PYSCRIPT = ("pyscript", "_pyscript", "polyscript", "js")
SITE = ROOT / "_site"
SNAPSHOT_URL = "new URL('static/snapshot.bin.gz', location.href).href"


def open_board(browser, site: str, route=None, query: str = "?test=1&snapshot=1", **context):
    """A page booted from the snapshot even on its first visit (?snapshot=1)."""
    page, watch = open_page(browser, site, "#CR1-N-AAAAAAB", query=query, route=route, **context)
    return page.context, page, watch


def plays(page) -> None:
    tap(page, "t6")
    expect(top_card(page, "f5")).to_have_attribute("data-card", "QS")


def test_the_game_boots_from_the_snapshot_which_held_everything_imported_before_ready(
    browser, site
):
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
    plays(page)
    watch.check()
    context.close()


def snapshot_sent(log: list, since: int) -> list[str]:
    """The snapshot's files the server sent after ``log[since]`` (tools/serve.py)."""
    paths = (path.split("?")[0] for path, _status, _size in log[since:])
    return sorted({path[len(PREFIX) :] for path in paths if "/static/snapshot." in path})


SPARE = (1270, 790)  # a corner of the page with no card and no control under it


def test_a_first_visit_boots_plainly_and_the_snapshot_comes_politely(browser, site_server):
    """The snapshot would more than double a first visit's bytes: the page fetches it once it
    is ready and idle, and not while a pointer is down (here from before the page was ready:
    nothing is asked of the server until it is up) or the browser is offline; the next visit
    restores it."""
    server, site = site_server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch = Watch(page, site)
    since = len(server.log)
    page.goto(f"{site}index.html?test=1#CR1-N-AAAAAAB")
    page.mouse.move(*SPARE)
    page.mouse.down()  # a finger on the screen while the page boots, and after
    ready(page)
    assert page.evaluate("document.body.dataset.boot") == "plain"
    controlled(page)  # offline play is ready without it
    body = page.locator("body")
    expect(body).to_have_attribute("data-download", "paused", timeout=15_000)
    context.set_offline(True)  # and then the train goes into a tunnel: nothing is asked for
    page.mouse.up()
    expect(body).to_have_attribute("data-download", "offline")
    assert snapshot_sent(server.log, since) == []
    context.set_offline(False)
    expect(body).to_have_attribute("data-download", "kept", timeout=60_000)
    assert snapshot_sent(server.log, since) == ["static/snapshot.bin.gz", "static/snapshot.json"]
    ranges = [size for path, status, size in server.log[since:] if "snapshot.bin" in path]
    assert len(ranges) > 1 and all(
        status == 206 for path, status, _ in server.log[since:] if "snapshot.bin" in path
    )  # in ranges, each asked for on its own
    assert sum(ranges) == (SITE / "static/snapshot.bin.gz").stat().st_size  # each byte once
    assert page.evaluate(f"caches.match({SNAPSHOT_URL}).then(Boolean)")
    plays(page)
    said = []
    page.on("console", lambda m: said.append(m.text))
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot", said
    controlled(page)  # the worker has kept what this load used: nothing puts a copy back
    # snapshot.json out of reach (not in the worker's cache, the network failing): a plain
    # boot, and the kept snapshot is not blamed for the network (not evicted); once it is
    # back, the next visit restores it
    info = "new URL('static/snapshot.json', location.href).href"
    page.evaluate(
        f"caches.keys().then(k => Promise.all(k.map(n => caches.open(n)"
        f".then(c => c.delete({info})))))"
    )
    context.route("**/static/snapshot.json", lambda route: route.abort())  # the worker's too
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "plain"
    assert page.evaluate(f"({INFLATED_KEYS}).then(k => k.length)") == 1
    assert page.evaluate("localStorage.getItem('solitaire.snapshot-evicted')") is None
    context.unroute("**/static/snapshot.json")
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # the aborted fetches
    watch.check()
    context.close()


INFLATED_KEYS = "caches.open('snapshot-inflated').then(c => c.keys())"


def test_under_save_data_no_snapshot_is_fetched_and_the_next_visit_boots_plainly(
    browser, site_server
):
    """A phone in data-saver mode (navigator.connection.saveData) gets offline play, but not
    the 5.1 MB that only make later boots faster."""
    server, site = site_server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    watch = Watch(page, site)
    since = len(server.log)
    page.goto(f"{site}index.html?test=1#CR1-N-AAAAAAB")
    ready(page)
    assert page.evaluate("navigator.connection.saveData")
    controlled(page)
    body = page.locator("body")
    expect(body).to_have_attribute("data-download", "saving-data", timeout=15_000)
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "plain"
    controlled(page)
    expect(body).to_have_attribute("data-download", "saving-data", timeout=15_000)
    plays(page)
    assert snapshot_sent(server.log, since) == []
    assert not page.evaluate(f"caches.match({SNAPSHOT_URL}).then(Boolean)")
    watch.check()
    context.close()


def test_a_kept_snapshot_evicted_is_fetched_again_as_shipped(browser, site):
    """As shipped (no ?snapshot=1), a plain boot never asks for the snapshot: a copy evicted
    without being fetched (here after a snapshot boot that never got ready) is fetched again
    in the background once the page is ready, so the next visit restores it again (it did
    not until the next deployment). The mark a snapshot boot leaves until the page is ready,
    found at the next load, means that boot crashed or froze: that load boots plainly."""
    context, page, watch = open_board(browser, site, query="?test=1")
    until(page, f"caches.match({SNAPSHOT_URL}).then(Boolean)", timeout=90_000)
    page.evaluate("localStorage.setItem('solitaire.boot', 'snapshot')")  # as a crashed boot
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "plain"  # every copy evicted
    assert page.evaluate("localStorage.getItem('solitaire.boot')") is None
    until(page, f"caches.match({SNAPSHOT_URL}).then(Boolean)", timeout=60_000)  # fetched again
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    assert page.evaluate("localStorage.getItem('solitaire.boot')") is None  # cleared when ready
    assert kept_copy(page)[0]
    plays(page)
    watch.check()
    context.close()


def damaged_library(route):
    route.fulfill(content_type="application/zip", body=b"PK\x03\x04 not the build's library")


BAD_LIBRARIES = {
    "missing": lambda route: route.fulfill(status=404, body="x"),
    "damaged": damaged_library,
    "unreachable": lambda route: route.abort(),
}


def test_a_bad_trimmed_library_boots_on_the_full_one(browser, site):
    """No snapshot then (it only fits the trimmed library): a plain boot on Pyodide's own,
    for each way the library can be bad, in turn in one context, its service worker blocked
    (it would fetch the good library past the page's route, and serve it to the next visit);
    the later visits find Pyodide's own files in the browser's cache, and the last asks for
    the snapshot (a boot on the full library costs ~5 s)."""
    visits = [(case, "?test=1") for case in BAD_LIBRARIES] + [("missing", "?test=1&snapshot=1")]
    bad = [visits[0][0]]  # the case the library's route answers as, visit by visit
    route = ("**/static/stdlib.zip", lambda request: BAD_LIBRARIES[bad[0]](request))
    context, page, watch = open_board(
        browser, site, route, query=visits[0][1], service_workers="block"
    )
    for n, (case, query) in enumerate(visits):
        if n:
            bad[0] = case
            visit(page, f"{site}index.html{query}#CR1-N-AAAAAAB")
        assert page.evaluate("document.body.dataset.boot") == "full", (case, query)
        assert page.locator("#boot-failed").is_hidden()
        if not n:  # (later visits resume the game this move began)
            plays(page)
        watch.errors[:] = [e for e in watch.errors if "404" not in e and "ERR_FAILED" not in e]
        watch.check()
    context.close()


def test_the_snapshot_can_be_switched_off(browser, site):
    """A plain boot, as every first visit's: what it imports of the trimmed library before
    it is ready comes compiled (tools/stdlib.py), so the boot compiles none of it."""
    context, page, watch = open_board(browser, site, query="?test=1&snapshot=0")
    assert page.evaluate("document.body.dataset.boot") == "plain"
    imported = set(json.loads(page.evaluate("window.solitaireBootModules")))
    library = SITE / "static/stdlib.zip"
    assert len(imported & library_modules(library)) > 100
    assert imported & library_modules(library, kinds=(".py",)) == set()
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


def test_a_bad_snapshot_boots_normally_and_is_replaced(browser, site):
    """Each way the snapshot can be bad, in turn on one page, its service worker blocked (the
    snapshot comes from the network, where the route is) and the inflated copy forgotten (as
    on the first visit after an update): a plain boot, the bad copy evicted, and the next
    visit fetches the good snapshot and restores it. Garbage of exactly the right size passes
    the checks, so Pyodide tries to restore it."""
    context, page, watch = open_board(browser, site, service_workers="block")
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    info = json.loads(page.request.get(f"{site}static/snapshot.json").text())
    garbage = gzip.compress(bytes(range(256)) * (info["bytes"] // 256), compresslevel=1)
    packed = "**/snapshot.bin.gz"
    bad = {
        "missing": (packed, lambda route: route.fulfill(status=404, body="gone")),
        "stale": ("**/snapshot.json", stale_info),
        "corrupt": (packed, corrupt_snapshot),
        "not gzip": (packed, lambda route: route.fulfill(body=b"not gzip at all")),
        "fails to restore": (packed, lambda route: route.fulfill(body=garbage)),
    }
    for n, (case, (pattern, handler)) in enumerate(bad.items()):
        page.evaluate("caches.delete('snapshot-inflated')")
        page.route(pattern, handler)
        ready(page, reload=True)
        assert page.evaluate("document.body.dataset.boot") == "plain", case
        if not n:  # the player notices nothing but the time (later boots resume this game)
            plays(page)
        page.unroute(pattern)
        ready(page, reload=True)  # the bad copy was evicted: the good one fetched and used
        assert page.evaluate("document.body.dataset.boot") == "snapshot", case
    watch.errors[:] = [e for e in watch.errors if "404" not in e]  # the missing file itself
    watch.check()
    context.close()


def test_a_bad_copy_in_the_offline_cache_is_replaced(browser, site):
    context, page, watch = open_board(browser, site)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    kept_copy(page)  # the boot's own keeping is over: nothing puts a copy back behind us
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


KEPT = """async () => {  // the kept copy: [its SHA-256, the checksum stored beside it]
    const store = await caches.open('snapshot-inflated');
    const [key] = await store.keys();
    if (!key) return null;
    const hit = await store.match(key);
    const digest = await crypto.subtle.digest('SHA-256', await hit.arrayBuffer());
    const hex = Array.from(new Uint8Array(digest), x => x.toString(16).padStart(2, '0')).join('');
    return [hex, hit.headers.get('x-checksum')];
}"""

DAMAGE = {
    "16 flipped bytes": "for (let i = 0; i < 16; i++) bytes[(i * 1999993) % bytes.length] ^= 90;",
    "64 KiB zeroed": "bytes.fill(0, 4000000, 4000000 + 65536);",
}


def kept_copy(page):
    until(
        page,
        "caches.open('snapshot-inflated').then(c => c.keys()).then(k => k.length === 1)",
        timeout=30_000,
    )
    return page.evaluate(KEPT)


def test_a_kept_copy_skips_inflation_and_damaged_in_storage_is_caught_before_use(browser, site):
    """The inflated copy spares the next boots the inflation: they need no packed snapshot.
    Damaged bytes in it that still load would crash Pyodide or freeze the tab on every visit:
    the checksum kept beside them catches each damage first, and the snapshot is inflated
    again from the offline copy (the service worker's, which page.route does not see)."""
    context, page, watch = open_board(browser, site)
    sha = json.loads(page.request.get(f"{site}static/snapshot.json").text())["sha256"]
    good = kept_copy(page)
    assert good[0] == sha and good[1]
    controlled(page)  # the worker keeps the packed copy this load used: the repair's source
    page.route("**/snapshot.bin.gz", lambda route: route.abort())  # never from the network
    ready(page, reload=True)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    for name, damage in DAMAGE.items():
        page.evaluate(
            """async (damage) => {
            const store = await caches.open('snapshot-inflated');
            const [key] = await store.keys();
            const hit = await store.match(key);
            const bytes = new Uint8Array(await hit.arrayBuffer());
            eval(damage);
            await store.put(key, new Response(bytes, { headers: hit.headers }));
        }""",
            damage,
        )
        assert page.evaluate(KEPT)[0] != sha, name  # really damaged, checksum header unchanged
        messages.clear()
        ready(page, reload=True)
        assert page.evaluate("document.body.dataset.boot") == "snapshot", name  # a good copy
        assert any("damaged" in m for m in messages), name
        until(page, f"({KEPT})().then(k => k && k[0] === {json.dumps(sha)})")  # kept anew
    plays(page)
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # an aborted fetch
    watch.check()
    context.close()


def test_bytes_that_are_not_the_builds_are_never_kept(browser, site):
    context = browser.new_context()
    page = context.new_page()
    info = json.loads(page.request.get(f"{site}static/snapshot.json").text())
    info["sha256"] = "0" * 64
    page.route(
        "**/snapshot.json",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(info)),
    )
    with page.expect_console_message(lambda m: "not kept" in m.text, timeout=60_000):
        page.goto(f"{site}index.html?test=1&snapshot=1#CR1-N-AAAAAAB")
    ready(page)
    assert page.evaluate("caches.open('snapshot-inflated').then(c => c.keys())") == []
    context.close()
