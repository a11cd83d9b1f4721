"""Browser tests: per pytest-xdist worker (make test runs two), one static server (the site
under a sub-path, as GitHub Pages serves a project site), one Chromium for the whole run,
and one booted page that most tests share."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from harness import ROOT, WarmContexts, check_library, open_page, serve
from playwright.sync_api import sync_playwright

from tools.serve import launch, launch_with_profile

SITE = ROOT / "_site"
HERE = Path(__file__).resolve().parent


CRASHES = ["Page crashed", "Target crashed"]  # the renderer died: no assertion failed

# The tests' Chromium runs WebAssembly on V8's baseline compiler only: no optimising
# recompilation of Pyodide's hot functions in the background of every page (each first visit
# compiles ~10 MB of it), which behaves the same and costs the 2-core suite about a tenth of
# its time (docs/TESTING.md). The benches and the audit time the browser as players have it.
TEST_ARGS = ("--js-flags=--liftoff-only",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A renderer crash is the machine's (memory, load), not a verdict on the page: such a
    test runs once more, in fresh pages; any other failure, or a second crash, fails."""
    for item in items:
        if Path(str(item.path)).is_relative_to(HERE):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHES))


@pytest.fixture(scope="session")
def site_server():
    """The deployable site (make site), served under a sub-path as GitHub Pages does:
    (server, url); ``server.log`` lists every response (tools/serve.py)."""
    if not (SITE / "sw.js").exists():
        pytest.fail("_site is missing: run `make site` (make test does)")
    server, url = serve(SITE)
    yield server, url
    server.shutdown()


@pytest.fixture(scope="session")
def site(site_server) -> str:
    """The served site's address."""
    return site_server[1]


@pytest.fixture(scope="session")
def pw():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(pw):
    b = launch(pw, TEST_ARGS)
    yield b
    b.close()


@pytest.fixture
def profile_browser(pw, tmp_path):
    """A browser with a real profile on disk (disk HTTP cache, not incognito), like a
    visitor's: for first-visit bytes and installability."""
    context = launch_with_profile(pw, tmp_path / "profile", TEST_ARGS)
    yield context
    context.close()


@pytest.fixture(scope="session")
def shared(browser, site):
    """One booted page for the tests that only need a fresh game (loaded by code or position)."""
    # reduced motion: a card measured for the next input is where it will stay
    page, watch = open_page(
        browser,
        site,
        "#CR1-N-AAAAAAB",
        query="?test=1&idle-solver=0",  # no quiet look after every test's moves: asked only
        reduced_motion="reduce",
        permissions=["clipboard-read", "clipboard-write"],
    )
    yield page, watch
    check_library(page, SITE)  # after every test that used it
    page.context.close()


SETTINGS = """Object.fromEntries([...document.querySelectorAll('[data-setting]')]
    .map(box => [box.dataset.setting, box.type === 'checkbox' ? box.checked : box.value]))"""


KEPT_GAMES = "Object.keys(localStorage).filter(key => key.startsWith('solitaire.game'))"
FORGET_GAMES = """() => { for (const key of Object.keys(localStorage))
    if (key.startsWith('solitaire.game')) localStorage.removeItem(key); }"""


@pytest.fixture
def board(shared):
    """The shared page, its watch checked after the test; settings the test changed are set
    back (through the page, as a player would) even when it fails, and the games it kept are
    forgotten: a later test that opens the same deal by its link gets the deal, not a game
    an earlier test left there (a won CR1-N-AAAAAAB, its piles empty, failed the family's
    layout test after the challenge test)."""
    page, watch = shared
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    assert page.evaluate(KEPT_GAMES) == [], "an earlier test left a game kept"
    settings = page.evaluate(SETTINGS)
    yield page
    page.evaluate("window.solitaireLoadCode('CR1-N-AAAAAAB')")  # (the test's game kept now)
    page.evaluate(FORGET_GAMES)  # then forgotten
    page.evaluate(
        """settings => {
            for (const box of document.querySelectorAll('[data-setting]')) {
                const key = box.type === 'checkbox' ? 'checked' : 'value';
                if (box[key] === settings[box.dataset.setting]) continue;
                box[key] = settings[box.dataset.setting];
                box.dispatchEvent(new Event('change'));
            }
            const sheet = document.querySelector('#settings-sheet');
            if (sheet.open) sheet.close();
            document.querySelector('#main-menu').hidden = true;
            document.querySelector('[data-action=menu]').setAttribute('aria-expanded', 'false');
        }""",
        settings,
    )
    assert page.evaluate(SETTINGS) == settings
    watch.check()


@pytest.fixture(scope="module")
def clocked_page(browser, site):
    """One booted page for a module's tests of time: Playwright's fake clock, installed before
    the page loads, runs as real time until a test pauses it or jumps it forward. Not the
    shared page: a clock cannot be taken out again."""
    page, watch = open_page(
        browser,
        site,
        "#CR1-N-AAAAAAB",
        reduced_motion="reduce",
        prepare=lambda page: page.clock.install(),
    )
    yield page, watch
    check_library(page, SITE)
    page.context.close()


@pytest.fixture
def clocked(clocked_page):
    """The module's clocked page, its watch checked after the test; the clock runs as real
    time again even when the test fails."""
    page, watch = clocked_page
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    yield page
    page.clock.resume()
    watch.check()


@pytest.fixture(scope="session")
def warm_contexts(browser, site):
    contexts = WarmContexts(browser, site)
    yield contexts
    contexts.close()


@pytest.fixture
def warm(warm_contexts):
    """The run's warm contexts (harness.WarmContexts): a page of a test's own in ~1.5–2 s,
    ``warm.open(fragment, ...) -> (page, watch)``; every page opened is closed after the test."""
    yield warm_contexts
    warm_contexts.close_pages()


@pytest.fixture
def fresh(warm):
    """A page of its own, booted as a returning visitor with empty storage:
    fresh(fragment, query=, storage=, route=, **context options) -> page; its watch and
    library checked and the page closed after the test."""
    opened = []

    def make(fragment: str = "", **options):
        page, watch = warm.open(fragment, **options)
        opened.append((page, watch))
        return page

    yield make
    for page, watch in opened:
        try:
            if not page.is_closed():
                watch.check()
                check_library(page, SITE)
        finally:
            page.close()


@pytest.fixture
def own_site(tmp_path):
    """A server of this test's own (it gets stopped), serving a copy of the built site."""
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server, url = serve(copy)
    yield server, url, copy
    server.shutdown()
