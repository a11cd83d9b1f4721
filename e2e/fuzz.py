"""A storm of random input on the real page: ``make fuzz`` (not part of ``make test``).

    .venv/bin/python e2e/fuzz.py --events 10000 --seed 7 [--game CR1-N] [--site _site]

For each game it plays random pointer (mouse and touch) and keyboard events and toolbar
clicks on the board, with Hint and "Can this deal be won?" running, and after every
``--check`` events lets the page settle and checks that:
- the board shows the engine's position (each place's top card, or an empty place),
- the engine's position is a legal one (every card exactly twice: ``from_position``),
- no dragged card is left outside its place, no highlight is left on,
- nothing was logged as an error and no request left the machine.
It prints the counts, and the seed and event number of any failure so that it can be
replayed (``--seed``). Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from e2e/
from harness import ROOT, open_page, serve
from playwright.sync_api import Page, sync_playwright

import game
from game.codes import KINDS
from tools.serve import launch

KEYS = ["Control+z", "Control+y", "Control+Shift+Z", "Escape", "Enter", " ", "Tab"]
BUTTONS = ["undo", "redo", "redeal", "draw", "hint", "check"]
SETTLE = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
BOARD = """() => {
    const places = {};
    for (const g of document.querySelectorAll('#board [data-place]')) {
        const cards = g.querySelectorAll('[data-card]');
        places[g.dataset.place] = cards.length ? cards[cards.length - 1].dataset.card : null;
    }
    return {
        places,
        stray: document.querySelectorAll('#board > [data-card], .dragging').length,
        lit: document.querySelectorAll('#board .target').length,
        selected: document.querySelectorAll('#board .selected').length,
    };
}"""


class Storm:
    """Random events on one page, from one seeded generator."""

    def __init__(self, page: Page, rng: random.Random) -> None:
        self.page, self.rng = page, rng
        self.box = page.locator("#board").bounding_box()
        self.cdp = page.context.new_cdp_session(page)
        self.counts: dict[str, int] = {}
        self.touching = False

    def point(self) -> tuple[float, float]:
        box = self.box
        return (
            box["x"] + self.rng.random() * box["width"],
            box["y"] + self.rng.random() * box["height"],
        )

    def event(self) -> None:
        kind = self.rng.choices(
            ["click", "drag", "touch", "key", "button", "double"], [30, 20, 15, 10, 15, 10]
        )[0]
        self.counts[kind] = self.counts.get(kind, 0) + 1
        page, mouse = self.page, self.page.mouse
        if kind == "click":
            mouse.click(*self.point())
        elif kind == "double":
            mouse.dblclick(*self.point())
        elif kind == "drag":
            mouse.move(*self.point())
            mouse.down()
            mouse.move(*self.point(), steps=self.rng.randint(1, 4))
            if self.rng.random() < 0.1:  # a key or a second pointer in the middle of a drag
                page.keyboard.press(self.rng.choice(KEYS))
            mouse.up()
        elif kind == "touch":
            self.touch()
        elif kind == "key":
            page.keyboard.press(self.rng.choice(KEYS))
        elif kind == "button":
            action = self.rng.choice(BUTTONS)
            button = page.locator(f"header [data-action={action}]").first
            if button.is_enabled() and button.is_visible():
                button.click(timeout=2000)
            else:
                self.counts["button (disabled)"] = self.counts.get("button (disabled)", 0) + 1

    def touch(self) -> None:
        (x0, y0), (x1, y1) = self.point(), self.point()
        send = self.cdp.send
        send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
        )
        for k in range(1, self.rng.randint(2, 6)):
            x, y = x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5
            send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        if self.rng.random() < 0.2:  # a mouse click elsewhere while the finger is down
            self.page.mouse.click(*self.point())
        end = "touchCancel" if self.rng.random() < 0.1 else "touchEnd"
        send("Input.dispatchTouchEvent", {"type": end, "touchPoints": []})


def check(page: Page) -> list[str]:
    """What is wrong now, in words (nothing: an empty list)."""
    page.keyboard.press("Escape")
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    page.evaluate(SETTLE)
    text = page.evaluate("window.solitairePosition()")
    try:
        g = game.from_position(text)
    except game.PositionError as err:
        return [f"the engine holds an impossible position: {err}"]
    shown = page.evaluate(BOARD)
    faults = []
    for place in g.PLACES:
        cards = g.cards(place)
        want = str(cards[-1]) if cards else None
        if place == "stock":
            continue  # drawn face down
        got = shown["places"].get(place, "missing")
        if got != want:
            faults.append(f"{place}: the board shows {got}, the engine holds {want}")
    if shown["stray"]:
        faults.append(f"{shown['stray']} dragged card(s) left on the board")
    if shown["lit"]:
        faults.append(f"{shown['lit']} place(s) still highlighted with no drag or selection")
    return faults


def run(browser, site: str, kind: str, events: int, seed: int, every: int, motion: bool) -> int:
    rng = random.Random(f"{seed}:{kind}")
    reduce = "no-preference" if motion else "reduce"  # with motion, cards fly as they move
    page, watch = open_page(browser, site, f"#{kind}-AAAAAAB", reduced_motion=reduce)
    page.evaluate("document.querySelector('#settings-sheet').show()")  # Check: a button
    storm, failures, started = Storm(page, rng), 0, time.monotonic()
    for n in range(1, events + 1):
        try:
            storm.event()
        except Exception as err:
            storm.counts["missed"] = storm.counts.get("missed", 0) + 1
            if "Target" in str(err):
                raise
        if n % every == 0 or n == events:
            page.mouse.up()
            faults = check(page)
            errors = watch.errors[:] + [f"request left the machine: {u}" for u in watch.outside]
            watch.errors.clear()
            watch.outside.clear()
            for fault in faults + errors:
                failures += 1
                print(f"FAIL {kind} seed={seed} event={n}: {fault}", flush=True)
            rate = n / (time.monotonic() - started)
            print(f"{kind}: {n} events, {failures} failures ({rate:.0f} events/s)", flush=True)
    print(f"{kind}: {events} events {storm.counts}, {failures} failures, seed {seed}")
    page.context.close()
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    parser.add_argument("--check", type=int, default=500, help="events between checks")
    parser.add_argument("--game", action="append", help=f"one of {', '.join(KINDS)}")
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--motion", action="store_true", help="animations on (default off)")
    args = parser.parse_args()
    server, url = serve(args.site)
    failures = 0
    with sync_playwright() as pw:
        browser = launch(pw)
        for kind in args.game or ["CR1-N", "FT1-N"]:
            failures += run(browser, url, kind, args.events, args.seed, args.check, args.motion)
        browser.close()
    server.shutdown()
    print(f"{failures} failed" if failures else "0 failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
