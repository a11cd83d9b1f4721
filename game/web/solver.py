"""The page's side of the solver: the Hint button, "Can this deal be won?", winnable deals.

Searches run in the solver's Web Worker (game/web/worker_client.py), never on the main thread:
input is never kept waiting by a search. Rules and search live in ``game``; the requests, the
words and the highlight live here.
"""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass
from typing import Any, Protocol

from pyodide.ffi import create_once_callable
from pyscript import document, window

import game
from game import Move, Solitaire
from game.solver import UNKNOWN, WINNABLE, Result
from game.ui.guard import Guard
from game.ui.names import move_words
from game.ui.solving.assist import (
    CHECK_SECONDS,
    HINT_DEADLINE_MS,
    HINT_MS,
    WATCH_STATES,
    StateKey,
    Trail,
    at_deal_start,
    state_key,
)
from game.ui.solving.hints import Advice, Hints, sees_hidden
from game.ui.solving.solver_worker import result_of, start_message, stop_message
from game.ui.text.messages import Messages
from game.web.elements import found
from game.web.worker_client import SolverWorker

WATCH_DELAY_MS = 800  # ... once the player has paused this long


@dataclass
class Asked:
    """The search the page is waiting for: its worker id and the position it was asked on."""

    ident: int
    kind: str  # "hint" or "check"
    start: Solitaire
    key: StateKey
    began: float  # performance.now() when asked
    answered: bool = False  # a hint already answered with a guess (its deadline came first)

    @property
    def seconds(self) -> float:
        return float(window.performance.now() - self.began) / 1000


class Host(Protocol):
    """What the solver's side needs of the page."""

    words: Messages

    @property
    def game(self) -> Solitaire: ...
    def announce(self, text: str, add: bool = False) -> None: ...
    def show_hint(self, move: tuple[str, str]) -> None: ...
    def undo_to(self, steps: int) -> None: ...
    def hinted(self) -> None: ...


class Solving:
    """Owns the running search (one at a time) and the winning line known for this deal."""

    def __init__(self, host: Host, guarded: Guard) -> None:
        self.host = host
        self.words = host.words
        self.job: Asked | None = None
        self.hints = Hints()  # this game's known lines and the positions it played
        self.guarded = guarded
        self.worker = SolverWorker(self.reply, guarded)
        self.asked = 0  # the last request's id: replies to older ones are stale
        self.trail = Trail()
        self.watch: Asked | None = None  # the quiet look at the position on the table
        self.looks = True  # quiet looks after each pause (not on a test's page that has none)
        self.said_lost = False  # "no longer winnable" is said once, until a win is possible again
        self.pause_count = 0  # changes on the table: a look is asked only after a pause
        self.hinted_button = False  # a button lit up as the hint (Redeal)
        self.lost_shown = False  # the "no longer winnable" notice is up
        self.line_files: dict[str, str] = {}  # the stored lines' files fetched, by path
        self.fetching: asyncio.Task[None] | None = None  # held: a task nobody holds may go

    # --- the game changed ------------------------------------------------------------------
    def new_deal(self) -> None:
        """Another deal (already on the table): whatever was searched no longer applies."""
        self.stop(quiet=True)
        self.hints = Hints()
        self.trail = Trail()
        self.said_lost = False
        found().solver_status.textContent = ""
        document.body.removeAttribute("data-verdict")
        self.clear_hint()  # the last deal's lit Redeal button and notice go too

    def clear_hint(self) -> None:
        """After any change: a highlighted Redeal button is no longer the hint (the board's
        highlight goes with the next redraw's view), and the new position is watched."""
        if self.hinted_button:
            self.hinted_button = False
            found().redeal.classList.remove("hint")
        if self.lost_shown:
            self.lost_shown = False
            found().lost.hidden = True
        self.watch_position()

    # --- "no longer winnable" ----------------------------------------------------------------
    def watch_position(self) -> None:
        """Ask the worker, quietly, whether the position on the table can still be won (a proof
        of loss, or a short search): once the player has paused for WATCH_DELAY_MS, so that a
        search never runs beside a quick series of moves, and never beside a Hint or a check."""
        g = self.host.game
        key = state_key(g)
        self.trail.moved(key, g.can_undo)
        if self.hints.knows(g):
            self.trail.learn(key, WINNABLE)  # on a known winning line
        if self.watch is not None:  # a look at a position that is gone: stop it
            self.worker.cancel(stop_message(self.watch.ident))
            self.watch = None
        document.body.removeAttribute("data-watched")
        self.pause_count += 1
        if key in self.trail.known:
            self.judged(key)
        elif g.status == "playing" and self.worker.started and self.looks:
            count = self.pause_count
            window.setTimeout(create_once_callable(lambda: self.watch_now(count)), WATCH_DELAY_MS)

    def watch_now(self, count: int) -> None:
        g = self.host.game
        if count != self.pause_count or self.job is not None or g.status != "playing":
            return  # the player moved on, or a Hint or a check has the worker
        if not self.worker.started:
            return  # it failed meanwhile: only a Hint or a check the player asks for retries
        self.asked += 1
        key = state_key(g)
        self.watch = Asked(self.asked, "watch", g.copy(), key, window.performance.now())
        self.worker.send(start_message(self.asked, "watch", g, states=WATCH_STATES))

    def watched(self, watch: Asked, result: Result) -> None:
        self.watch = None
        self.trail.learn(watch.key, result.verdict)
        document.body.dataset.watched = result.verdict  # what the last look found (tests)
        self.hints.watched(watch.start, result)  # a line found: the next Hint answers at once
        if watch.key == state_key(self.host.game):
            self.judged(watch.key)

    def judged(self, key: StateKey) -> None:
        """Say, once, that the position on the table is lost, and how far back a win was."""
        if self.trail.known.get(key) == WINNABLE:
            self.said_lost = False  # winnable again: a later loss is news again
            return
        if not self.trail.lost() or self.said_lost:
            return
        self.said_lost = True
        steps = self.trail.back_to_winnable()
        button = found().undo_to_winnable
        if steps:
            moves = self.words.count("moves_count", steps)
            text = self.words.text("lost_since", moves=moves)
            button.textContent = self.words.text("undo_to_winnable", moves=moves)
            button.dataset.steps = str(steps)
        elif at_deal_start(self.host.game):  # lost from the start: "no longer" is wrong
            text = self.words.text("lost_start")
        else:
            text = self.words.text("lost_now")
        button.hidden = not steps
        text = self.seeing(text, self.host.game)
        found().lost_text.textContent = text
        found().lost.hidden = False
        self.lost_shown = True
        self.host.announce(text)

    def undo_to_winnable(self, _event: Any = None) -> None:
        steps = int(found().undo_to_winnable.dataset.steps or 0)
        if steps:
            self.host.undo_to(steps)

    # --- the two buttons -------------------------------------------------------------------
    def hint(self, _event: Any = None) -> None:
        g = self.host.game
        if g.status != "playing":
            self.host.announce(self.words.text("hint_over"))
            return
        move = self.hints.now(g)  # a known line's, never back to a position played
        if move is not None:
            self.show(move)
            return
        job = self.job
        if job is not None and job.kind == "hint" and job.key == state_key(g):
            if job.answered:  # still searching after its guess: the guess again, no restart
                self.hint_found(job, Result(UNKNOWN))
            return  # (not answered yet: the answer is on its way)
        if job is not None and job.kind == "check":
            self.stop()  # one search at a time: the hint's, now
        self.begin("hint", g, wall_ms=HINT_MS)
        self.host.announce(self.words.text("hint_searching"))
        asked = self.job
        window.setTimeout(create_once_callable(lambda: self.hint_deadline(asked)), HINT_DEADLINE_MS)
        path = self.hints.stored_path(g)  # a daily's stored line: asked for once, on a Hint
        if path is not None and asked is not None:
            fetched = self.guarded(self.stored_line)(path, asked)
            assert inspect.isawaitable(fetched)  # (the guard keeps a coroutine function one)
            self.fetching = asyncio.ensure_future(fetched)

    async def stored_line(self, path: str, asked: Asked) -> None:
        """The deal's stored winning line (a daily's), fetched for its first Hint (the service
        worker keeps the file then; offline before that, the search answers alone). If it
        comes before the search's answer, it answers the Hint, and Hint follows it."""
        hints = self.hints
        text = self.line_files.get(path)
        if text is None:
            try:
                response = await window.fetch(path)
                text = str(await response.text()) if response.ok else ""
            except Exception:  # noqa: BLE001  offline and not kept: the search answers
                text = ""
            if text:
                self.line_files[path] = text
        g = self.host.game
        if hints is not self.hints or not hints.take_stored(g, text or ""):
            return  # another deal meanwhile, or no line stored for this one
        if self.job is asked and not asked.answered and state_key(g) == asked.key:
            move = hints.now(g)
            if move is not None:  # the stored line answers: the search is not needed
                self.stop(quiet=True)
                self.show(move)

    def hint_deadline(self, job: Asked | None) -> None:
        """The worker has not answered in time (it is still booting: the first Hint of a
        visit can come before it is up): a guess now; a line the search finds later is kept
        for the next Hint, even if the player has moved on along it."""
        if self.job is not job or job is None or job.answered:
            return
        if state_key(self.host.game) != job.key:
            return  # the player moved meanwhile: the reply will be dropped
        job.answered = True
        self.hint_found(job, Result(UNKNOWN))

    def check(self, _event: Any = None) -> None:
        """Search the deal from its start (or stop a check that is running)."""
        if self.job is not None and self.job.kind == "check":
            self.stop()
            return
        g = self.host.game
        start = game.new(g.code) if g.code else g
        self.begin("check", start, seconds=CHECK_SECONDS)
        found().check.textContent = self.words.text("check_stop")  # Stop, where it was pressed
        self.progress(0, 0.0)
        self.in_view()

    def in_view(self) -> None:
        """The check's words where the player looks: the Settings sheet scrolled to them, right
        under the button (Stop while it searches). A phone shows the sheet's lower half only,
        and the answer came below its fold."""
        found().solver_status.scrollIntoView(window.Object.fromEntries([["block", "nearest"]]))

    # --- the search, in the worker --------------------------------------------------------
    def begin(
        self,
        kind: str,
        g: Solitaire,
        seconds: float | None = None,
        wall_ms: float | None = None,
    ) -> None:
        self.stop(quiet=True)
        self.watch = None  # the worker takes one search at a time: this one
        self.asked += 1
        self.job = Asked(self.asked, kind, g.copy(), state_key(g), window.performance.now())
        document.body.dataset.solver = kind
        self.worker.send(start_message(self.asked, kind, g, seconds, wall_ms))

    def reply(self, message: dict[str, Any]) -> None:
        """A message from the worker: a check's progress, a verdict, or the worker failing."""
        job = self.job
        if message["type"] == "failed":
            if job is not None:
                self.stop(quiet=True)
                found().solver_status.textContent = self.words.text("solver_failed")
                self.in_view()
                self.host.announce(self.words.text("solver_failed"))
            return
        watch = self.watch
        if message["type"] == "done" and watch is not None and message["id"] == watch.ident:
            self.watched(watch, result_of(message))
            return
        if job is None or message["id"] != job.ident:
            return  # a search the page no longer waits for
        if message["type"] == "progress":
            self.progress(message["states"], message["seconds"])
            return
        moved = state_key(self.host.game) != job.key
        if job.kind == "hint" and moved and not job.answered:
            self.stop(quiet=True)  # the player moved meanwhile: this hint is for another position
            self.watch_position()  # the quiet look this search kept waiting
            return
        self.finish(job, result_of(message))

    def finish(self, job: Asked, result: Result) -> None:
        self.job = None
        self.trail.learn(job.key, result.verdict)  # (a check's key: the deal's start)
        document.body.removeAttribute("data-solver")
        if job.kind == "hint" and job.answered:  # a guess was shown: keep a line for later
            if result.verdict == WINNABLE and result.moves:
                self.hints.learn(job.start, result.moves)  # (keyed by position: safe anywhere)
            self.watch_position()  # the quiet look this search kept waiting, or its verdict
        elif job.kind == "hint":
            self.hint_found(job, result)
        else:
            self.check_done(job, result)

    def stop(self, quiet: bool = False) -> None:
        job, self.job = self.job, None
        document.body.removeAttribute("data-solver")
        found().check.textContent = self.words.text("check")
        if job is not None:
            self.worker.cancel(stop_message(job.ident))
            if job.kind == "check" and not quiet:
                found().solver_status.textContent = self.words.text("check_stopped")
                self.in_view()

    def progress(self, states: int, seconds: float) -> None:
        found().solver_status.textContent = self.words.text(
            "check_progress",
            positions=self.words.count("positions", states, n=self.words.number(states)),
            seconds=f"{seconds:.0f}",
        )

    def hint_found(self, job: Asked, result: Result) -> None:
        """The search's answer (or its time is up): its line's move, a known line's, or a
        guess; never a move back to a position played (game/ui/solving/hints.py)."""
        advice: Advice = self.hints.after(self.host.game, job.start, result)
        if advice.move is not None:
            self.show(advice.move, advice.message)
            return
        steps = self.trail.back_to_winnable() if advice.message == "hint_back" else None
        if steps:  # every move leads back: the way out is an undo
            moves = self.words.count("moves_count", steps)
            self.host.announce(self.words.text("hint_back_undo", moves=moves))
        else:
            self.host.announce(self.words.text(advice.message))

    def check_done(self, job: Asked, result: Result) -> None:
        found().check.textContent = self.words.text("check")
        values = {
            "positions": self.words.count(
                "positions", result.states, n=self.words.number(result.states)
            ),
            "seconds": f"{job.seconds:.1f}",
            "moves": self.words.count("moves_count", len(result.moves)),
        }
        if result.verdict == WINNABLE:
            self.hints.learn(job.start, result.moves)
        if result.proof is not None:  # a proof of loss, in the page's words
            text = self.words.text("check_proof", reason=self.words.proof(result.proof))
        else:
            text = self.words.text(f"check_{result.verdict}", **values)
        text = self.seeing(text, job.start)
        found().solver_status.textContent = text
        self.in_view()
        document.body.dataset.verdict = result.verdict
        self.host.announce(text)

    # --- showing a hint ----------------------------------------------------------------------
    def show(self, move: Move, message: str = "hint_move") -> None:
        """Highlight a move (the Redeal button for a redeal) and say it: ``hint_move`` for a
        move of a winning line, ``hint_guess`` or ``hint_lost`` for a likely one."""
        g = self.host.game
        self.host.hinted()  # a hint shown: a daily's share says how many
        if move.is_redeal:
            found().redeal.classList.add("hint")
            self.hinted_button = True
        else:
            self.host.show_hint((move.src, move.dst))
        words = move_words(g, move, self.words)
        self.host.announce(self.seeing(self.words.text(message, move=words), g))

    def seeing(self, text: str, g: Solitaire) -> str:
        """An answer of the solver's, and where cards lie face down, that it saw them: it plays
        an open copy of the game (a player could not know what it knows)."""
        if sees_hidden(g):
            return f"{text} {self.words.text('solver_sees_down')}"
        return text
