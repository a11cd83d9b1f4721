"""The e2e harness: the sub-path static server, Chromium's flags, the watch on errors and
outside requests, and opening a booted page. Fixtures live in conftest.py."""

from __future__ import annotations

import functools
import threading
import warnings
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "/crescent/"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
SHOTS = ROOT / "e2e" / "screenshots"


class SubPathHandler(SimpleHTTPRequestHandler):
    """Serves a folder at PREFIX only; anything outside it is a 404, like a Pages project site."""

    def translate_path(self, path: str) -> str:
        if not urlsplit(path).path.startswith(PREFIX):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(PREFIX):])

    def log_message(self, *args) -> None:  # quiet
        pass


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``directory`` at http://127.0.0.1:PORT/crescent/ in a thread; (server, url)."""
    handler = functools.partial(SubPathHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


class Watch:
    """Console errors, page errors and requests that leave the machine: each fails a test."""

    def __init__(self, page: Page, site: str) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []
        host = urlsplit(site).netloc
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: None if urlsplit(r.url).netloc == host
                or r.url.startswith(("data:", "blob:")) else self.outside.append(r.url))

    def check(self) -> None:
        errors, outside = self.errors[:], self.outside[:]
        self.errors.clear()
        self.outside.clear()
        assert not outside, f"requests left localhost: {outside}"
        assert not errors, f"console errors: {errors}"


def open_page(browser, site: str, fragment: str = "", *, query: str = "?test=1", **context):
    """A new context and page, booted (``body[data-ready]``). A renderer crash during the
    boot is retried once, with a warning: seen once in ~100 boots here, never twice in a row."""
    context.setdefault("viewport", {"width": 1280, "height": 800})
    for attempt in (1, 2):
        ctx = browser.new_context(**context)
        page = ctx.new_page()
        watch = Watch(page, site)
        crashed: list[bool] = []
        page.on("crash", lambda _page, seen=crashed: seen.append(True))
        try:
            page.goto(f"{site}index.html{query}{fragment}")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
            return page, watch
        except Exception:
            ctx.close()
            if not crashed or attempt == 2:
                raise
            warnings.warn("Chromium's renderer crashed while booting; retrying once")
    raise AssertionError("unreachable")
