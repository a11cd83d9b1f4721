"""What guarding the kept snapshot costs: ``python -m bench.snapshot_check`` (after ``make
site``; numbers: docs/PERFORMANCE.md).

In headless Chromium, on the inflated snapshot the page keeps (31 MB), the median over
``--runs`` of: the fast checksum ``static/pyodide-snapshot.mjs`` runs before every use of the
kept copy, and the SHA-256 it runs once, in the background, before keeping a copy.
"""

from __future__ import annotations

import argparse
import re
import statistics

from playwright.sync_api import sync_playwright

from tools.serve import ROOT, launch, serve

TIMING = """async ([source, runs]) => {
  const checksum = new Function(source + '; return checksum;')();
  let hit;
  while (!hit) {  // kept in the background after the boot
    const store = await caches.open('snapshot-inflated');
    const [key] = await store.keys();
    hit = key && await store.match(key);
    if (!hit) await new Promise((r) => setTimeout(r, 200));
  }
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const fast = [], sha = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now(); checksum(bytes); fast.push(performance.now() - t);
    t = performance.now();
    await crypto.subtle.digest('SHA-256', bytes);
    sha.push(performance.now() - t);
  }
  return [bytes.length, fast, sha];
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    loader = (ROOT / "static" / "pyodide-snapshot.mjs").read_text()
    source = re.search(r"^function checksum\(bytes\) \{.*?^\}", loader, re.S | re.M)
    assert source, "no checksum() in static/pyodide-snapshot.mjs"
    server, url = serve(ROOT / "_site")
    with sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page()
        page.goto(f"{url}index.html#CR1-N-AAAAAAB")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        size, fast, sha = page.evaluate(TIMING, [source.group(0), args.runs])
        browser.close()
    server.shutdown()
    print(f"kept snapshot: {size / 1e6:.1f} MB")
    print(f"checksum before every use: median {statistics.median(fast):.1f} ms")
    print(f"SHA-256 before keeping:   median {statistics.median(sha):.1f} ms")


if __name__ == "__main__":
    main()
