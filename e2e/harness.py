"""The e2e harness: the sub-path static server, Chromium's flags, the watch on errors and
outside requests, and opening a booted page. Fixtures live in conftest.py."""

from __future__ import annotations

import json
import threading
import time
import warnings
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "/crescent/"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SHOTS = ROOT / "e2e" / "screenshots"


class SubPathHandler(SimpleHTTPRequestHandler):
    """Serves the server's ``site_dir`` at PREFIX only (anything else is a 404, like a Pages
    project site) and logs (path, status, body bytes) of every response in ``server.log``."""

    def translate_path(self, path: str) -> str:
        site = Path(self.server.site_dir)  # type: ignore[attr-defined]
        if not urlsplit(path).path.startswith(PREFIX):
            return str(site / "__outside_the_site__")
        rel = urlsplit(path).path[len(PREFIX) :]
        return str(site / rel) if rel else str(site)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        self.server.log.append((self.path, 200, len(data)))  # type: ignore[attr-defined]

    def end_headers(self) -> None:
        if getattr(self, "_status", 200) != 200:
            self.server.log.append((self.path, self._status, 0))  # type: ignore[attr-defined]
        super().end_headers()

    def log_message(self, *args) -> None:  # quiet
        pass


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``directory`` at http://127.0.0.1:PORT/crescent/ in a thread; (server, url).
    ``server.site_dir`` may be changed to serve another build; ``server.log`` lists responses."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), SubPathHandler)
    server.site_dir = str(directory)  # type: ignore[attr-defined]
    server.log = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


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


def until(page: Page, expression: str, arg=None, timeout: float = 30_000) -> None:
    """Wait until ``expression`` (which may return a promise: caches, fetches) is truthy.
    ``page.wait_for_function`` does not await a promise: it takes the promise itself for
    true, at once."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)


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
