"""The e2e harness: the watch on errors and outside requests, and opening a booted page. The
sub-path server and Chromium's flags are tools/serve.py's; fixtures live in conftest.py."""

from __future__ import annotations

import itertools
import json
import warnings
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.serve import CHROMIUM_ARGS, PREFIX, ROOT, serve

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


def library_modules(zip_path: Path) -> set[str]:
    """The module names a standard library zip holds."""
    names = set()
    with zipfile.ZipFile(zip_path) as library:
        for name in library.namelist():
            if name.endswith(".py"):
                names.add(name.removesuffix(".py").removesuffix("/__init__").replace("/", "."))
    return names


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
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)


def open_page(
    browser, site: str, fragment: str = "", *, query: str = "?test=1", route=None, **context
):
    """A new context and page, booted (``body[data-ready]``); ``route`` is a (pattern,
    handler) pair set before loading. A renderer crash during the boot is retried once, with
    a warning: seen once in ~100 boots here, never twice in a row."""
    context.setdefault("viewport", {"width": 1280, "height": 800})
    for attempt in (1, 2):
        ctx = browser.new_context(**context)
        page = ctx.new_page()
        watch = Watch(page, site)
        crashed: list[bool] = []
        page.on("crash", lambda _page, seen=crashed: seen.append(True))
        if route:
            page.route(*route)
        try:
            page.goto(f"{site}index.html{query}{fragment}")
            ready(page)
            return page, watch
        except Exception:
            ctx.close()
            if not crashed or attempt == 2:
                raise
            warnings.warn("Chromium's renderer crashed while booting; retrying once", stacklevel=2)
    raise AssertionError("unreachable")


def visit(page: Page, url: str) -> None:
    """Open ``url`` in ``page`` and wait until the game is ready."""
    page.goto(url)
    ready(page)


def controlled(page: Page) -> None:
    """Wait until the service worker has cached everything and controls the page, and has
    kept the files the page used that it does not fetch by itself (PyScript's chunks)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=90_000)


def boot(browser, site, fragment="#CR1-N-AAAAAAB", query="?test=1", storage=None, context=None):
    """A booted page whose localStorage holds ``storage`` ({key: text}) before any script of
    the first load runs (in ``context`` if given, else a new one)."""
    context = context or browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    if storage:  # before every load of this tab; sessionStorage makes it the first one only
        page.add_init_script(
            "(() => { if (sessionStorage.getItem('seeded')) return;"
            " sessionStorage.setItem('seeded', '1');"
            f" const items = {json.dumps(storage)};"
            " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })()"
        )
    watch = Watch(page, site)
    page.goto(f"{site}index.html{query}{fragment}")
    ready(page)
    return page, watch
