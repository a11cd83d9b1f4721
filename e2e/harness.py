"""The e2e harness: the watch on errors and outside requests, and opening a booted page. The
sub-path server and Chromium's flags are tools/serve.py's; fixtures live in conftest.py."""

from __future__ import annotations

import itertools
import json
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from pages import attached
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.serve import CHROMIUM_ARGS, PREFIX, ROOT, serve
from tools.stdlib import module_of

__all__ = ["CHROMIUM_ARGS", "PREFIX", "ROOT", "serve"]  # (the server is tools/serve.py's)

SHOTS = ROOT / "e2e" / "screenshots"


CSP_WATCH = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


class Watch:
    """Console errors, page errors, requests that leave the machine and Content-Security-Policy
    violations (index.html's policy): each fails a test."""

    def __init__(self, page: Page, site: str) -> None:
        self.page = page
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.add_init_script(CSP_WATCH)
        host = urlsplit(site).netloc
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on(
            "request",
            lambda r: (
                None
                if urlsplit(r.url).netloc == host or r.url.startswith(("data:", "blob:"))
                else self.outside.append(r.url)
            ),
        )

    def check(self) -> None:
        errors, outside = self.errors[:], self.outside[:]
        self.errors.clear()
        self.outside.clear()
        if not self.page.is_closed():
            violations = self.page.evaluate("window.__cspViolations || []")
            assert not violations, f"Content-Security-Policy violations: {violations}"
        assert not outside, f"requests left localhost: {outside}"
        assert not errors, f"console errors: {errors}"


def library_modules(zip_path: Path, kinds: tuple[str, ...] = (".py", ".pyc")) -> set[str]:
    """The module names a standard library zip holds, as source or bytecode (``kinds``)."""
    with zipfile.ZipFile(zip_path) as library:
        return {module_of(name) for name in library.namelist() if name.endswith(kinds)}


def check_library(page: Page, site_dir: Path) -> None:
    """Everything the page imported from the standard library, so far, is in the trimmed
    library the build made (tools/stdlib.py), and the page runs on it."""
    assert page.evaluate("document.body.dataset.boot") in ("plain", "snapshot")
    imported = set(json.loads(page.evaluate("window.solitaireModules()")))
    full = library_modules(site_dir / "static/vendor/pyodide/python_stdlib.zip")
    trimmed = library_modules(site_dir / "static/stdlib.zip")
    assert (imported & full) - trimmed == set()


UNTIL = itertools.count()  # each wait's own slot in the page


def until(page: Page, expression: str, arg=None, timeout: float = 30_000) -> None:
    """Wait until ``expression`` (which may return a promise: caches, fetches; or be a function
    of ``arg``) is truthy. ``page.wait_for_function`` does not await a promise (it takes the
    promise itself for true), so the page keeps the last answer in a slot of its own, asks
    again once it is in, and the wait is on that slot."""
    slot = json.dumps(f"__until{next(UNTIL)}")
    check = f"""arg => {{
        const slot = window[{slot}] || (window[{slot}] = {{busy: false, value: false}});
        if (!slot.busy) {{
            slot.busy = true;
            Promise.resolve()
                .then(() => {{
                    const it = ({expression});
                    return typeof it === "function" ? it(arg) : it;
                }})
                .then(value => {{ slot.value = value; }}, () => {{}})
                .finally(() => {{ slot.busy = false; }});
        }}
        return slot.value;
    }}"""
    try:
        page.wait_for_function(check, arg=arg, timeout=timeout, polling=100)
    except PlaywrightTimeoutError:
        raise AssertionError(f"still false after {timeout / 1000:.0f} s: {expression}") from None


def ready(page: Page, reload: bool = False) -> None:
    """Wait until Python has booted and drawn the board (after a reload, if asked)."""
    if reload:
        page.reload()
    attached(page, "body[data-ready]", 60_000)


def open_page(
    browser,
    site: str,
    fragment: str = "",
    *,
    query: str = "?test=1",
    route=None,
    prepare: Callable[[Page], None] | None = None,
    **context,
):
    """A new context and page, booted (``body[data-ready]``); ``route`` is a (pattern,
    handler) pair set before loading, ``prepare`` is called with the page before loading (to
    install a fake clock). A renderer crash during the boot is retried once, with a warning:
    seen once in ~100 boots here, never twice in a row."""
    context.setdefault("viewport", {"width": 1280, "height": 800})

    def new_page() -> Page:
        page = browser.new_context(**context).new_page()
        if prepare:
            prepare(page)
        return page

    return booted(new_page, site, f"{site}index.html{query}{fragment}", route, own_context=True)


def booted(new_page, site: str, url: str, route=None, own_context: bool = False):
    """``new_page()``'s page, watched, routed and booted at ``url``: (page, watch). A renderer
    crash during the boot is retried once, with a warning: seen once in ~100 boots here, never
    twice in a row."""
    for attempt in (1, 2):
        page = new_page()
        watch = Watch(page, site)
        crashed: list[bool] = []
        page.on("crash", lambda _page, seen=crashed: seen.append(True))
        if route:
            page.route(*route)
        try:
            page.goto(url)
            ready(page)
            return page, watch
        except Exception:
            if own_context:
                page.context.close()
            else:
                page.close()
            if not crashed or attempt == 2:
                raise
            warnings.warn("Chromium's renderer crashed while booting; retrying once", stacklevel=2)
    raise AssertionError("unreachable")


# A new page of a warm context starts with an empty localStorage and sessionStorage, then
# ``storage`` ({key: text}), before any script of its first load; its reloads keep what the
# test stored (the tab's sessionStorage marks the first load).
FIRST_LOAD = """(items => {
    if (sessionStorage.getItem('__first_load_done')) return;
    localStorage.clear();
    sessionStorage.clear();
    sessionStorage.setItem('__first_load_done', '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
})(%s)"""


class WarmContexts:
    """Browser contexts kept for the whole run, one per set of context options, that each
    test's page opens in as a returning visitor: Chromium's caches (the files, the service
    worker's copies) stay warm, and the page boots from the snapshot (``?snapshot=1`` unless
    the query says otherwise) in about 1.5–2 s instead of a first visit's 4.5 s; its
    solver's worker waits for a Hint or a check (``&idle-solver=0``: no second Pyodide boots
    beside each short test). What the game keeps (localStorage) is emptied for each test's
    page. A test about a first visit, the service worker or two tabs opens a context of its
    own."""

    def __init__(self, browser, site: str) -> None:
        self.browser = browser
        self.site = site
        self.contexts: dict[str, object] = {}
        self.pages: list[Page] = []  # opened for the test under way: closed after it

    def context(self, options: dict):
        key = json.dumps(options, sort_keys=True)
        if key not in self.contexts:
            self.contexts[key] = self.browser.new_context(**options)
        return self.contexts[key]

    def open(
        self,
        fragment: str = "",
        *,
        query: str = "?test=1",
        storage: dict[str, str] | None = None,
        route=None,
        clear: bool = True,
        **options,
    ) -> tuple[Page, Watch]:
        """A booted page (``body[data-ready]``) showing ``fragment``; ``route`` is a (pattern,
        handler) pair set before loading; ``clear=False``: another tab of the test's own, on
        what the first one stored. A renderer crash during the boot is retried once."""
        options.setdefault("viewport", {"width": 1280, "height": 800})
        if "snapshot=" not in query:
            query += "&snapshot=1" if query.startswith("?") else "?snapshot=1"
        if "idle-solver=" not in query:  # a Hint or a check still starts it
            query += "&idle-solver=0"

        def new_page() -> Page:
            page = self.context(options).new_page()
            self.pages.append(page)
            if clear:
                page.add_init_script(FIRST_LOAD % json.dumps(storage or {}))
            return page

        return booted(new_page, self.site, f"{self.site}index.html{query}{fragment}", route)

    def close_pages(self) -> None:
        for page in self.pages:
            if not page.is_closed():
                page.close()
        self.pages.clear()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


def visit(page: Page, url: str) -> None:
    """Open ``url`` in ``page`` and wait until the game is ready."""
    page.goto(url)
    ready(page)


def controlled(page: Page) -> None:
    """Wait until the service worker has cached everything and controls the page, and has
    kept the files the page used that it does not fetch by itself (PyScript's chunks)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    attached(page, "body[data-offline=ready]", 90_000)
