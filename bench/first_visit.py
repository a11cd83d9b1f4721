"""A first visit's bytes: ``python -m bench.first_visit`` (after ``make site``).

A fresh browser profile opens the built site (served under a sub-path, as GitHub Pages does)
and the server logs every file it sends. The files the page requested before its ready mark
(``performance``'s entries, so that the service worker's offline copy, begun after ready, is
never counted however late this script looks) are the first visit's cost: each is printed
raw and as gzip -9 of the file (what a compressing host such as GitHub Pages sends; ``.wasm``
included), with the totals. The files fetched after
ready (the service worker's offline copy and the boot snapshot, in the background) are
totalled apart; ``--save-data`` visits as a phone in data-saver mode does (no snapshot).
Target (docs/PERFORMANCE.md): at most 5.3 MB gzip before ready (5.0 MB until the standard
library shipped as bytecode: 0.58 MB more, for a boot that compiles none of it).
"""

from __future__ import annotations

import argparse
import gzip
import tempfile
import time
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import sync_playwright

from tools.serve import ALREADY_COMPRESSED, PREFIX, ROOT, launch_with_profile, serve

BUDGET = 5.3e6
# the paths the page itself requested before its ready mark (game/web/startup.py's app:ready):
# the document and each resource begun by then (the service worker registers only after it)
PAGE_REQUESTS = """() => {
    const ready = performance.getEntriesByName("app:ready")[0].startTime;
    const begun = performance.getEntriesByType("resource").filter(e => e.startTime <= ready);
    return [...performance.getEntriesByType("navigation"), ...begun]
        .map(e => decodeURIComponent(new URL(e.name).pathname));
}"""


@cache
def gzipped(path: Path) -> int:
    """What a compressing host sends: gzip -9, except for files compressed already (as
    tools/serve.py, and GitHub Pages, send those: as they are)."""
    if path.name.endswith(ALREADY_COMPRESSED):
        return path.stat().st_size
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def visit(
    site: Path, query: str, settle: float, save_data: bool = False
) -> tuple[list[tuple[str, int]], list[str]]:
    """(files sent before ready as (path, bytes), paths sent after it, within ``settle`` s)."""
    server, url = serve(site)
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
            context = launch_with_profile(p, profile)
            page = context.new_page()
            if save_data:  # navigator.connection.saveData
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
            page.goto(f"{url}index.html{query}")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=300_000)
            # the page's own requests up to its ready mark: the server's log alone would also
            # count the service worker's offline copy when it starts before this line runs
            mine = set(page.evaluate(PAGE_REQUESTS))
            before = [
                (p_, n)
                for p_, status, n in server.log
                if status == 200 and unquote(urlsplit(p_).path) in mine
            ]
            # (the snapshot comes after ready, in ranges: 206s, each counted once below)
            mark = len(server.log)
            time.sleep(settle)
            after = [p_ for p_, st, _ in server.log[mark:] if st == 200]
            ranged = {p_ for p_, st, _ in server.log[mark:] if st == 206}
            after += sorted(ranged)  # the snapshot, in ranges: counted once, whole
            context.close()
    finally:
        server.shutdown()
    return before, after


def local(site: Path, served: str) -> Path:
    return site / unquote(urlsplit(served).path)[len(PREFIX) :]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--query", default="", help="e.g. ?snapshot=1 (default: none)")
    parser.add_argument("--settle", type=float, default=20.0, help="s to watch after ready")
    parser.add_argument("--save-data", action="store_true", help="as under data-saver mode")
    args = parser.parse_args(argv)
    before, after = visit(args.site, args.query, args.settle, args.save_data)
    raw = packed = 0
    print(f"{'file (before data-ready)':<58} {'raw':>11} {'gzip -9':>11}")
    for served, sent in sorted(before, key=lambda x: -x[1]):
        path = local(args.site, served)
        name = urlsplit(served).path[len(PREFIX) :] or "(index)"
        size = gzipped(path) if path.is_file() else sent
        raw += sent
        packed += size
        print(f"{name:<58} {sent:>11,} {size:>11,}")
    print(f"{'total: ' + str(len(before)) + ' files':<58} {raw:>11,} {packed:>11,}")
    verdict = "within" if packed <= BUDGET else "OVER"
    print(f"first visit before ready: {packed / 1e6:.2f} MB gzip ({verdict} {BUDGET / 1e6} MB)")
    later = [local(args.site, s) for s in after if local(args.site, s).is_file()]
    print(
        f"after ready, within {args.settle:.0f} s: {len(after)} files,"
        f" {sum(p.stat().st_size for p in later) / 1e6:.2f} MB raw,"
        f" {sum(map(gzipped, later)) / 1e6:.2f} MB gzip"
    )


if __name__ == "__main__":
    main()
