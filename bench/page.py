"""The page's speed: ``python -m bench.page`` (after ``make site``; numbers: docs/PERFORMANCE.md).

- Boot: navigation start to ``body[data-ready]``, cold (a new browser, empty cache) and warm
  (a reload), medians, for the game booting from its memory snapshot (``?snapshot=1``: even
  cold), the game booting without it (``?snapshot=0``), the game as shipped (a first visit
  boots plainly, a later one from the snapshot once the page has kept it), and a bare
  PyScript page booting the same Pyodide.
  Targets: no snapshot warm <= 1.15 x bare; snapshot warm <= 0.35 x, cold <= 0.5 x bare.
- Input latency: pointer-up to the board updated (the app renders inside the input handler,
  so this is the time from the first listener of the pointer-up to the last one), p50 and
  p95 over taps that move a card. Target: p95 under 16 ms. Measured again while "Can this
  deal be won?" searches (``--solving``; target p95 <= 12 ms), from the event's own time stamp
  too (event to board), so that any wait before the first listener is counted.
  ``--hold-ms N`` holds each press N ms, as a finger does: by default Playwright's click sends
  the release together with the press, so the release also waits while the press is handled.
  ``--solving --no-search``: the same deals and taps with no search, the baseline.
  ``--solving --gap-ms 400``: each tap 400 ms after the last input, when the search has taken
  its core back (a press pauses it for 250 ms): back-to-back taps mostly find it paused.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import sync_playwright

from tools.serve import ROOT, launch, serve

READY_AT = """new MutationObserver(() => {
  if (document.body && document.body.dataset.ready && !window.__readyAt)
    window.__readyAt = performance.now();
}).observe(document, {subtree: true, attributes: true, childList: true});"""

LATENCY_PROBE = """() => {
  window.__latency = []; window.__queued = []; window.__busy = 0;
  let start = 0;
  window.addEventListener('pointerup', () => { start = performance.now(); }, true);
  window.addEventListener('pointerup', (e) => {
    if (start) {
      window.__latency.push(performance.now() - start);
      window.__queued.push(performance.now() - e.timeStamp);
      if (document.body.dataset.solver) window.__busy++;
    }
    start = 0; });
}"""


def boot_ms(page, url: str | None = None) -> float:
    """Navigate (or reload, without ``url``) and return ms from navigation start to ready."""
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    return page.evaluate("window.__readyAt")


# a game page's visits after the first: once the page has kept the boot snapshot in the
# background (static/boot.js), as a returning player's browser has
SECOND_VISIT = "body[data-download=kept]"


def boots(p, pages: dict[str, str], runs: int, reloads: int = 3) -> dict[str, tuple[list, list]]:
    """Per page: (cold boots, warm boots). Each run launches a fresh browser per page (cold:
    empty cache), then reloads it ``reloads`` times (warm: a game page once it keeps its
    snapshot, as on a second visit); the pages take turns going first."""
    out: dict[str, tuple[list, list]] = {name: ([], []) for name in pages}
    for run in range(runs):
        order = list(pages) if run % 2 == 0 else list(reversed(pages))
        for name in order:
            browser = launch(p)
            page = browser.new_page()
            page.add_init_script(READY_AT)
            out[name][0].append(boot_ms(page, pages[name]))
            if "index.html" in pages[name]:
                page.wait_for_selector(SECOND_VISIT, state="attached", timeout=120_000)
            out[name][1].extend(boot_ms(page) for _ in range(reloads))
            browser.close()
    return out


PHASES = ("boot:loader", "boot:snapshot-bytes", "boot:restored", "app:start", "app:ready")


def phases(p, url: str, reloads: int) -> dict[str, float]:
    """Median time (ms from navigation start) of each boot mark, over warm reloads."""
    browser = launch(p)
    page = browser.new_page()
    page.add_init_script(READY_AT)
    boot_ms(page, url)
    seen: dict[str, list[float]] = {}
    for _ in range(reloads):
        seen.setdefault("ready", []).append(boot_ms(page))
        marks = dict(
            page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])")
        )
        for name in PHASES:
            if name in marks:
                seen.setdefault(name, []).append(marks[name])
    browser.close()
    return {name: statistics.median(values) for name, values in seen.items()}


@dataclass(frozen=True)
class Taps:
    """How the latency is measured: ``count`` moves a game; ``solving``: on deals whose check
    runs the whole time, with the check running unless ``search`` is off (the baseline). Each
    tap holds the button down ``hold_ms`` (0: Playwright's click, which sends the release with
    the press, so the release also waits while the press is handled; a finger's tap lasts
    50-150 ms); ``gap_ms``: a wait after each tap's undo, so that the next tap finds the search
    running again (a press pauses it for 250 ms, game/web/worker_client.py); ``resumed``: the
    same, waiting instead for the check's next progress report (the browser tests)."""

    count: int
    solving: bool = False
    hold_ms: int = 0
    search: bool = True
    gap_ms: int = 0
    resumed: bool = False  # instead of a gap: wait for the check's next progress report

    def words(self) -> str:
        """What the report's heading says of them."""
        if not self.solving:
            when = ""
        else:
            when = " while the solver searches" if self.search else ", no search (baseline)"
        press = (
            f"each press held {self.hold_ms} ms"
            if self.hold_ms
            else "press and release sent together"
        )
        gap = f", {self.gap_ms} ms between taps" if self.gap_ms else ""
        return f"{when}, {self.count} moves per game, {press}{gap}"


def latencies(
    browser, site: str, taps: Taps, open_game: Callable[[str], Any] | None = None
) -> dict[str, tuple]:
    """Per game: (handler ms, event-to-end ms, taps made while a check was under way).
    ``open_game(code)``: a booted page of that deal (the browser tests' own); by default a new
    page of ``browser``."""
    solving = taps.solving
    out = {}
    # each a card with one place to go; alternating places, since a second tap on the same
    # place right after a move is the end of a double-tap, not a new move
    # while solving, a Crescent deal whose check runs its full 60 s (no verdict at 30 million
    # states: docs/SOLVER.md), so that every tap, even 400 ms apart, comes during the check
    crescent = ("CR1-N-AAAAADG", ("t1", "t3")) if solving else ("CR1-N-AAAAAAB", ("t6", "t4"))
    for code, places in (crescent, ("FT1-N-AAAAAAD", ("stock",))):
        if open_game is not None:
            page = open_game(code)
        else:
            page = browser.new_page(
                viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
            )
            page.goto(f"{site}index.html?test=1#{code}")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        page.evaluate(LATENCY_PROBE)
        if solving:  # the worker up (it starts once the page is idle) before the taps
            page.wait_for_selector(
                "body[data-solver-thread=worker]", state="attached", timeout=60_000
            )
        if solving and taps.search:
            page.click("[data-action=menu]")  # Settings, in the toolbar's menu
            page.click("[data-action=settings]")
            page.click("[data-action=check]")
            page.click("#settings-sheet [data-action=close]")
            page.evaluate("window.__latency = []; window.__queued = []; window.__busy = 0")
        for k in range(taps.count):
            place = places[k % len(places)]
            box = page.locator(f'[data-place="{place}"] .slot').bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 30, delay=taps.hold_ms)
            page.wait_for_function(
                "() => document.querySelector('[data-action=undo]').disabled === false"
            )
            page.keyboard.press("Control+z")  # back, ready for the same move again
            if taps.gap_ms:
                page.wait_for_timeout(taps.gap_ms)
            # the search, paused by the input, runs again: two progress reports more (the
            # first may have been on its way before the pause)
            for _ in range(2 if taps.resumed else 0):
                said = page.locator("#solver-status").inner_text()
                page.wait_for_function(
                    "said => document.querySelector('#solver-status').textContent !== said",
                    arg=said,
                )
        out[code[:3]] = page.evaluate("[window.__latency, window.__queued, window.__busy]")
        page.close()
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="boots of each page, cold and warm")
    parser.add_argument("--taps", type=int, default=100, help="measured moves per game")
    parser.add_argument(
        "--solving", action="store_true", help="only the input latency, while the solver runs"
    )
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="with --solving: the same deals and taps with no search running (the baseline)",
    )
    parser.add_argument(
        "--gap-ms",
        type=int,
        default=0,
        help="with --solving: a wait after each tap (over 250 ms: the search is running again)",
    )
    parser.add_argument(
        "--hold-ms",
        type=int,
        default=0,
        help="how long each tap holds the button down (0: press and release sent together)",
    )
    parser.add_argument(
        "--hints",
        type=int,
        default=0,
        help="only the Hint button: time to a hint from the opening of N deals",
    )
    args = parser.parse_args(argv)
    if (args.no_search or args.gap_ms) and not args.solving:
        parser.error("--no-search and --gap-ms go with --solving")
    if args.hints:
        server, site = serve(ROOT / "_site")
        with sync_playwright() as p:
            report_hints(p, site, args.hints)
        server.shutdown()
        return
    if args.solving:
        server, site = serve(ROOT / "_site")
        with sync_playwright() as p:
            taps = Taps(args.taps, True, args.hold_ms, not args.no_search, args.gap_ms)
            report_latency(p, site, taps)
        server.shutdown()
        return
    server, site = serve(ROOT / "_site")  # make site; the yardstick page is copied in
    shutil.copytree(ROOT / "bench", ROOT / "_site" / "bench", dirs_exist_ok=True)
    with sync_playwright() as p:
        rows = boots(
            p,
            {
                "game (snapshot)": f"{site}index.html?snapshot=1#CR1-N-AAAAAAB",
                "game (no snapshot)": f"{site}index.html?snapshot=0#CR1-N-AAAAAAB",
                "game (as shipped)": f"{site}index.html#CR1-N-AAAAAAB",
                "bare PyScript": f"{site}bench/bare.html",
            },
            args.runs,
        )
        print(
            f"Boot to body[data-ready], medians of {args.runs} cold boots (a new browser each) "
            f"and {3 * args.runs} warm reloads (headless Chromium, 2 cores):"
        )
        print(f"{'page':<20} {'cold ms':>9} {'warm ms':>9} {'cold / bare':>12} {'warm / bare':>12}")
        bare_cold, bare_warm = (statistics.median(v) for v in rows["bare PyScript"])
        for name, (cold, warm) in rows.items():
            c, w = statistics.median(cold), statistics.median(warm)
            print(f"{name:<20} {c:>9.0f} {w:>9.0f} {c / bare_cold:>12.2f} {w / bare_warm:>12.2f}")
        print(
            "targets: game (no snapshot) warm <= 1.15 x bare; "
            "game (snapshot) warm <= 0.35 x bare, cold <= 0.5 x bare"
        )
        print()
        print("Where a warm snapshot boot goes (medians, ms after navigation start):")
        snapshot = f"{site}index.html?snapshot=1#CR1-N-AAAAAAB"
        for name, ms in phases(p, snapshot, 3 * args.runs).items():
            print(f"  {name:<22} {ms:>6.0f}")
        print()
        report_latency(p, site, Taps(args.taps, hold_ms=args.hold_ms))
    server.shutdown()


def report_hints(p, site: str, deals: int) -> None:
    """Click Hint on the opening of deals 0..N-1 of each game: seconds to the highlight, and
    whether it is a move of a winning line or a marked guess."""
    from game.codes import KINDS, GameCode

    browser = launch(p)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{site}index.html?test=1")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    print(f"Hint from the opening, deals 0-{deals - 1} (seconds to the highlight):")
    for kind in KINDS:
        times, lines = [], 0
        for deal in range(deals):
            code = str(GameCode(*kind.split("-"), deal))
            page.evaluate(f"window.solitaireLoadCode({code!r})")
            started = page.evaluate("performance.now()")
            page.click("[data-action=hint]")
            page.wait_for_function(
                "document.querySelector('.place.hint-from, button.hint')", timeout=30_000
            )
            times.append((page.evaluate("performance.now()") - started) / 1000)
            lines += page.locator("#announce").inner_text().startswith("Hint:")
        times.sort()
        print(
            f"{kind}: median {statistics.median(times):.2f} s, max {times[-1]:.2f} s; "
            f"a winning line's move for {lines} of {deals}, a marked guess for the rest"
        )
    browser.close()


def report_latency(p, site: str, taps: Taps) -> None:
    target = "p95 <= 12 ms" if taps.solving else "p95 < 16 ms"
    print(f"Pointer-up to board updated{taps.words()}:")
    browser = launch(p)
    measured = latencies(browser, site, taps)
    browser.close()
    for game_id, (handler, queued, busy) in measured.items():
        for name, values in (("handler", handler), ("event to board", queued)):
            values = sorted(values)
            p95 = values[int(0.95 * (len(values) - 1))]
            print(
                f"{game_id} {name:<15} p50 {statistics.median(values):.1f} ms, p95 {p95:.1f} ms, "
                f"max {values[-1]:.1f} ms (n={len(values)}; target {target})"
            )
        if taps.solving:
            print(f"{game_id} taps made while a check was under way: {busy} of {len(handler)}")


if __name__ == "__main__":
    main()
