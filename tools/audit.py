"""Lighthouse on the built site: ``make audit`` (``python -m tools.audit [--runs N]``).

Serves ``_site`` under ``/crescent/`` (as GitHub Pages serves a project site), runs the pinned
Lighthouse (tools/audit/package.json) on Debian's Chromium, ``--runs`` times for the mobile
preset (simulated slow 4G and a 4x slower CPU) and for desktop, each time as a first visit
(Lighthouse clears the cache and storage first). Writes every report, JSON and HTML, to
``audit/`` (git-ignored) and prints the medians: the four category scores, FCP, LCP, TBT,
CLS, Speed Index and TTI, and the audits that failed; then the same metrics and the bytes
beside ``bench/bare.html`` (PyScript booting the same Pyodide, doing nothing: the floor),
measured in the same run. The site is served gzip-encoded, as GitHub Pages sends it. Not part
of ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from tools.serve import CHROMIUM_ARGS, ROOT, serve

LIGHTHOUSE = ROOT / "tools" / "audit" / "node_modules" / ".bin" / "lighthouse"
OUT = ROOT / "audit"
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "Speed Index",
    "interactive": "TTI",
}


def lighthouse(url: str, preset: str, out: Path) -> dict:
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    command = [
        str(LIGHTHOUSE),
        url,
        f"--chrome-flags={flags}",
        "--output=json",
        "--output=html",
        f"--output-path={out}",
        "--quiet",
        "--max-wait-for-load=180000",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROMIUM", "/usr/bin/chromium")}
    for attempt in (1, 2):  # a protocol timeout on the 10 MB wasm's body, seen under load
        if subprocess.run(command, env=env).returncode == 0:
            break
        print(f"Lighthouse failed ({preset}, attempt {attempt})", file=sys.stderr)
    else:
        sys.exit("Lighthouse failed twice")
    return json.loads(out.with_suffix(".report.json").read_text())


def summary(reports: list[dict]) -> list[str]:
    lines = []
    for key in CATEGORIES:
        scores = [r["categories"][key]["score"] for r in reports]
        lines.append(f"  {key:<16} {statistics.median(scores) * 100:5.0f}   runs: {scores}")
    for key, name in METRICS.items():
        values = [r["audits"][key]["numericValue"] for r in reports]
        unit = "" if key == "cumulative-layout-shift" else " ms"
        fmt = "{:.3f}" if key == "cumulative-layout-shift" else "{:,.0f}"
        lines.append(f"  {name:<16} {fmt.format(statistics.median(values))}{unit}")
    failing = sorted(
        {
            audit["id"]
            for r in reports
            for cat in ("best-practices", "seo", "accessibility")
            for ref in r["categories"][cat]["auditRefs"]
            if ref["weight"] > 0
            for audit in [r["audits"][ref["id"]]]
            if audit["score"] is not None and audit["score"] < 1
        }
    )
    lines.append(f"  failing audits: {', '.join(failing) or 'none'}")
    return lines


SIDE_BY_SIDE = {**METRICS, "total-byte-weight": "bytes"}


def side_by_side(game: list[dict], bare: list[dict]) -> list[str]:
    """The game beside the bare PyScript page (bench/bare.html): medians, and what ours adds."""
    lines = [f"  {'':<16} {'game':>10} {'bare':>10} {'ours adds':>10}"]
    for key, name in SIDE_BY_SIDE.items():
        ours, floor = (
            statistics.median(r["audits"][key]["numericValue"] for r in runs)
            for runs in (game, bare)
        )
        if key == "cumulative-layout-shift":
            lines.append(f"  {name:<16} {ours:10.3f} {floor:10.3f} {ours - floor:+10.3f}")
        elif key == "total-byte-weight":
            mb = [ours / 1e6, floor / 1e6, (ours - floor) / 1e6]
            lines.append(f"  {name:<16} {mb[0]:8.2f}MB {mb[1]:8.2f}MB {mb[2]:+8.2f}MB")
        else:
            lines.append(f"  {name:<16} {ours:8,.0f}ms {floor:8,.0f}ms {ours - floor:+8,.0f}ms")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        sys.exit("Lighthouse is missing: run `make audit` (it installs tools/audit/)")
    OUT.mkdir(exist_ok=True)
    bench = args.site / "bench"  # the yardstick, served beside the game for the run
    bench.mkdir(exist_ok=True)
    for name in ("bare.html", "bare.toml"):
        shutil.copy2(ROOT / "bench" / name, bench / name)
    server, url = serve(args.site, gzip=True)  # as GitHub Pages sends it
    try:
        for preset in ("mobile", "desktop"):
            reports = {
                page: [
                    lighthouse(f"{url}{path}", preset, OUT / f"{preset}-{page}-{run + 1}")
                    for run in range(args.runs)
                ]
                for page, path in (("game", "index.html"), ("bare", "bench/bare.html"))
            }
            print(f"{preset}, the game (median of {args.runs}):")
            print("\n".join(summary(reports["game"])))
            print(f"{preset}, beside bare PyScript (bench/bare.html, same Pyodide, gzip):")
            print("\n".join(side_by_side(reports["game"], reports["bare"])))
    finally:
        server.shutdown()
        shutil.rmtree(bench, ignore_errors=True)


if __name__ == "__main__":
    main()
