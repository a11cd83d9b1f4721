"""Where to make the boot snapshot: ``python -m bench.snapshot_choice`` (after make site).

Made in the browser after a first boot (bench/snapshot_in_browser.html), against made at
build time under Node (what the site does): what each costs on the first visit, and the
restore on later visits. Medians of ``--runs`` fresh browsers.
"""

from __future__ import annotations

import argparse
import shutil
import statistics

from playwright.sync_api import sync_playwright

from tools.serve import ROOT, launch, serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    shutil.copytree(ROOT / "bench", ROOT / "_site" / "bench", dirs_exist_ok=True)
    server, site = serve(ROOT / "_site")
    results: dict[str, list[float]] = {}
    with sync_playwright() as p:
        for _ in range(args.runs):
            browser = launch(p)
            page = browser.new_page()
            for mode in ("make", "restore"):
                page.goto(f"{site}bench/snapshot_in_browser.html?mode={mode}")
                page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
                for name, ms in page.evaluate("window.__result").items():
                    if name != "bytes":
                        results.setdefault(f"{mode}: {name}", []).append(ms)
            browser.close()
    print(f"Snapshot made in the browser, medians of {args.runs} fresh browsers:")
    for name, values in results.items():
        print(f"  {name:<40} {statistics.median(values):>7.0f} ms")
    server.shutdown()


if __name__ == "__main__":
    main()
