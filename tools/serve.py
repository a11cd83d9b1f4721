"""The built site served as GitHub Pages serves a project site, and the Chromium to open it.

One module for every program that opens the page: the browser tests (``e2e/``), the
benchmarks (``bench/``), the audit and the screenshots (``tools/``). It holds no test: the
tests' own helpers stay in ``e2e/`` and ``tests/``.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import shutil
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "/crescent/"
# what this workplace's machines need: no sandbox as root, no GPU, and no request of the
# browser's own to the closed network (refused, many at a time)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


# sent as they are, even with gzip on: the snapshot (the page inflates it itself), archives,
# images
ALREADY_COMPRESSED = (".gz", ".zip", ".png", ".ico")


RANGE = re.compile(r"bytes=(\d+)-(\d*)$")  # one range of bytes, as the page asks for them


class SubPathHandler(SimpleHTTPRequestHandler):
    """Serves the server's ``site_dir`` at PREFIX only (anything else is a 404, like a Pages
    project site), one range of a file when asked (206, as Pages does), and logs (path,
    status, body bytes) of every response in ``server.log``, before it is sent."""

    def translate_path(self, path: str) -> str:
        site = Path(self.server.site_dir)  # type: ignore[attr-defined]
        if not urlsplit(path).path.startswith(PREFIX):
            return str(site / "__outside_the_site__")
        rel = urlsplit(path).path[len(PREFIX) :]
        return str(site / rel) if rel else str(site)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        # logged before it is sent: a client that has read its answer finds it in the log
        # (logged after, a test could read the log between the two and miss it)
        status = getattr(self, "_status", 200)
        self.server.log.append((self.path, status, len(data)))  # type: ignore[attr-defined]
        outputfile.write(data)

    def end_headers(self) -> None:
        if getattr(self, "_status", 200) not in (200, 206):  # those are logged with a body
            self.server.log.append((self.path, self._status, 0))  # type: ignore[attr-defined]
        super().end_headers()

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def send_head(self) -> Any:
        """With ``server.gzip`` on (``serve(..., gzip=True)``), a file that is not compressed
        already goes gzip-encoded to a browser that accepts it, as GitHub Pages sends it."""
        path = Path(self.translate_path(self.path))
        wanted = RANGE.match(self.headers.get("Range", ""))
        zipping = (
            getattr(self.server, "gzip", False)
            and "gzip" in self.headers.get("Accept-Encoding", "")
            and path.suffix not in ALREADY_COMPRESSED
        )
        if wanted and path.is_file() and not zipping:
            return self.send_range(path, int(wanted[1]), wanted[2])
        if (
            not getattr(self.server, "gzip", False)
            or "gzip" not in self.headers.get("Accept-Encoding", "")
            or not path.is_file()
            or path.suffix in ALREADY_COMPRESSED
        ):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def send_range(self, path: Path, start: int, last: str) -> Any:
        """Bytes ``start`` to ``last`` (or the end) of ``path``: 206, or 416 past its end."""
        size = path.stat().st_size
        end = min(int(last), size - 1) if last else size - 1
        if start >= size or end < start:
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        with path.open("rb") as file:
            file.seek(start)
            body = file.read(end - start + 1)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


class SiteServer(ThreadingHTTPServer):
    """A browser that closes a page mid-download resets its connections: that is the
    browser's choice, not a fault of the server, so it is not printed as a traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # broken pipe, reset by peer
            return
        super().handle_error(request, client_address)


def serve(directory: Path, gzip: bool = False) -> tuple[SiteServer, str]:
    """Serve ``directory`` at http://127.0.0.1:PORT/crescent/ in a thread; (server, url).
    ``server.site_dir`` may be changed to serve another build; ``server.log`` lists responses;
    ``gzip``: text and WebAssembly gzip-encoded, as GitHub Pages sends them."""
    server = SiteServer(("127.0.0.1", 0), SubPathHandler)
    server.site_dir = str(directory)  # type: ignore[attr-defined]
    server.gzip = gzip  # type: ignore[attr-defined]
    server.log = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def chromium_path() -> str | None:
    """Debian's Chromium (or $CHROMIUM) when it is there; else None: Playwright's own."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if Path(path).exists() else None


def launch(playwright: Any, extra_args: tuple[str, ...] = (), **options: Any) -> Any:
    """A headless Chromium with this workplace's flags (a Playwright ``Browser``), and
    ``extra_args``."""
    path = chromium_path()
    return playwright.chromium.launch(
        args=[*CHROMIUM_ARGS, *extra_args],
        **({"executable_path": path} if path else {}),
        **options,
    )


def launch_with_profile(
    playwright: Any, profile: str | Path, extra_args: tuple[str, ...] = (), **options: Any
) -> Any:
    """A Chromium with a real profile on disk (its HTTP cache, not incognito), like a
    visitor's: a Playwright ``BrowserContext``."""
    path = chromium_path()
    return playwright.chromium.launch_persistent_context(
        str(profile),
        args=[*CHROMIUM_ARGS, *extra_args],
        **({"executable_path": path} if path else {}),
        **options,
    )
