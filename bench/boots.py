"""What a browser test's own page costs to boot, three ways: a new context (a first visit), a
new context told to restore the snapshot (``?snapshot=1``), and a new page of a context kept
warm (what ``fresh`` in e2e/conftest.py does). Not a timed test: ``python -m bench.boots``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from playwright.sync_api import sync_playwright

from tools.serve import ROOT, launch, serve

DEAL = "#CR1-N-AAAAAAB"


def booted(page, url: str) -> float:
    """Seconds from the navigation to ``body[data-ready]``."""
    start = time.monotonic()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    return time.monotonic() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="boots of each kind")
    runs = parser.parse_args(argv).runs
    server, site = serve(ROOT / "_site")
    times: dict[str, list[float]] = {"new context": [], "new context, ?snapshot=1": []}
    times["warm context"] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for _ in range(runs):
            for kind, query in (("new context", ""), ("new context, ?snapshot=1", "&snapshot=1")):
                context = browser.new_context()
                times[kind].append(
                    booted(context.new_page(), f"{site}index.html?test=1{query}{DEAL}")
                )
                context.close()
        warm = browser.new_context()
        booted(warm.new_page(), f"{site}index.html?test=1&snapshot=1{DEAL}")  # warms it
        for _ in range(runs):
            page = warm.new_page()
            times["warm context"].append(booted(page, f"{site}index.html?test=1&snapshot=1{DEAL}"))
            page.close()
        browser.close()
    server.shutdown()
    for kind, seconds in times.items():
        spread = ", ".join(f"{s:.2f}" for s in seconds)
        print(f"{kind:28} median {statistics.median(seconds):.2f} s  ({spread})")


if __name__ == "__main__":
    main()
