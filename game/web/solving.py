"""The page's side of the solver: the Hint button, "Can this deal be won?", winnable deals.

Searches run in slices of a few milliseconds, each scheduled as a message task so that input
events (which the browser runs first) never wait for more than one slice. Rules and search
live in ``game``; the slicing, the words and the highlight live here.
"""

from __future__ import annotations

import random

from pyodide.ffi import create_proxy
from pyscript import document, window

import game
from game.codes import kind_slug
from game.solver import UNWINNABLE, WINNABLE, Result
from game.web.assist import CHECK_SECONDS, HINT_MS, Job, Line, heuristic_move, state_key
from game.web.dom import q
from game.web.messages import Messages
from game.web.names import place_name

SLICE_MS = 2.0  # one slice of search; an input waits at most about this long


class Solving:
    """Owns the running search (one at a time) and the winning line known for this deal."""

    def __init__(self, app, words: Messages, guarded) -> None:
        self.app = app
        self.words = words
        self.job: Job | None = None
        self.line: Line | None = None
        self.winnable: dict[str, list[str]] = {}
        self.channel = window.MessageChannel.new()
        self.channel.port1.onmessage = create_proxy(guarded(self.slice))
        self.scheduled = False
        self.last_progress = 0.0

    # --- the game changed ------------------------------------------------------------------
    def new_deal(self) -> None:
        """Another deal: whatever was searched no longer applies."""
        self.stop(quiet=True)
        self.line = None
        q("#solver-status").textContent = ""
        document.body.removeAttribute("data-verdict")

    def clear_hint(self) -> None:
        """After any change: a highlighted Redeal button is no longer the hint (the board's
        highlight goes with the next redraw's view)."""
        for button in document.querySelectorAll("button.hint"):
            button.classList.remove("hint")

    # --- the two buttons -------------------------------------------------------------------
    def hint(self, _event=None) -> None:
        g = self.app.table.game
        if g.status != "playing":
            self.app.announce(self.words.text("hint_over"))
            return
        move = self.line.next_move(g) if self.line is not None else None
        if move is not None:
            self.show(move)
            return
        if self.job is not None and self.job.kind == "check":
            self.stop()  # one search at a time: the hint's, now
        self.begin(Job("hint", g, window.performance.now, wall_ms=HINT_MS))
        self.app.announce(self.words.text("hint_searching"))

    def check(self, _event=None) -> None:
        """Search the deal from its start (or stop a check that is running)."""
        if self.job is not None and self.job.kind == "check":
            self.stop()
            return
        g = self.app.table.game
        start = game.new(g.code) if g.code else g
        self.begin(Job("check", start, window.performance.now, seconds=CHECK_SECONDS))
        q("[data-action=check]").textContent = self.words.text("check_stop")
        self.progress(force=True)

    # --- the search in slices --------------------------------------------------------------
    def begin(self, job: Job) -> None:
        self.stop(quiet=True)
        self.job = job
        document.body.dataset.solver = job.kind
        self.schedule()

    def schedule(self) -> None:
        if not self.scheduled:
            self.scheduled = True
            self.channel.port2.postMessage(0)

    def slice(self, _event=None) -> None:
        self.scheduled = False
        job = self.job
        if job is None:
            return
        if job.kind == "hint" and state_key(self.app.table.game) != job.key:
            self.stop(quiet=True)  # the player moved meanwhile: this hint is for another position
            return
        result = job.advance(SLICE_MS)
        if result is None:
            if job.kind == "check":
                self.progress()
            self.schedule()
            return
        self.job = None
        document.body.removeAttribute("data-solver")
        if job.kind == "hint":
            self.hint_found(job, result)
        else:
            self.check_done(job, result)

    def stop(self, quiet: bool = False) -> None:
        job, self.job = self.job, None
        document.body.removeAttribute("data-solver")
        q("[data-action=check]").textContent = self.words.text("check")
        if job is not None and job.kind == "check" and not quiet:
            q("#solver-status").textContent = self.words.text("check_stopped")

    def progress(self, force: bool = False) -> None:
        job = self.job
        now = window.performance.now()
        if job is None or (not force and now - self.last_progress < 250):
            return
        self.last_progress = now
        q("#solver-status").textContent = self.words.text(
            "check_progress",
            positions=self.words.count("positions", job.states, n=self.words.number(job.states)),
            seconds=f"{job.seconds:.0f}",
        )

    def hint_found(self, job: Job, result: Result) -> None:
        if result.verdict == WINNABLE and result.moves:
            self.line = Line(job.start, result.moves)
            self.show(result.moves[0])
            return
        guess = heuristic_move(self.app.table.game)
        if guess is None:
            self.app.announce(self.words.text("hint_none"))
            return
        self.show(guess, "hint_lost" if result.verdict == UNWINNABLE else "hint_guess")

    def check_done(self, job: Job, result: Result) -> None:
        q("[data-action=check]").textContent = self.words.text("check")
        values = {
            "positions": self.words.count(
                "positions", result.states, n=self.words.number(result.states)
            ),
            "seconds": f"{job.seconds:.1f}",
            "moves": self.words.count("moves_count", len(result.moves)),
        }
        if result.verdict == WINNABLE:
            self.line = Line(job.start, result.moves)
        text = self.words.text(f"check_{result.verdict}", **values)
        q("#solver-status").textContent = text
        document.body.dataset.verdict = result.verdict
        self.app.announce(text)

    # --- showing a hint ----------------------------------------------------------------------
    def show(self, move: game.Move, message: str = "hint_move") -> None:
        """Highlight a move (the Redeal button for a redeal) and say it: ``hint_move`` for a
        move of a winning line, ``hint_guess`` or ``hint_lost`` for a likely one."""
        g = self.app.table.game
        if move.is_redeal:
            q("[data-action=redeal]").classList.add("hint")
            words = self.words.text("move_redeal")
        else:
            src, dst = move
            if src == "stock":
                words = self.words.text("move_draw")
            else:
                words = self.words.text(
                    "move_card",
                    card=self.words.card(g.cards(src)[-1]),
                    place=place_name(g, dst, self.words),
                )
            self.app.show_hint((src, dst))
        self.app.announce(self.words.text(message, move=words))

    # --- winnable deals ------------------------------------------------------------------------
    async def winnable_code(self, kind: str, other_than: str | None = None) -> str | None:
        """A random deal of ``kind`` from the shipped list of proven winnable deals (not the
        one on the table, when there is another)."""
        if kind not in self.winnable:
            try:
                response = await window.fetch(f"./static/data/winnable-{kind_slug(kind)}.txt")
                text = await response.text() if response.ok else ""
            except Exception:  # noqa: BLE001  offline and not cached: a random deal instead
                text = ""
            self.winnable[kind] = [c.strip() for c in str(text).split() if c.strip()]
        codes = [c for c in self.winnable[kind] if c != other_than] or self.winnable[kind]
        return random.choice(codes) if codes else None
