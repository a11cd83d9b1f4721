"""One page of the game in the browser (PyScript): its state and its event handlers.

Each handler turns a DOM event into a call to the pure modules and shows what comes back:
rules in ``game``, what an input means in ``controller``, the game on the table (view, timer,
words) in ``table``, what the browser keeps in ``storage``, the address bar in ``links``, the
pointer in ``pointer``, settings in ``settings``. The board's document is the ``painter``'s.
Its parts (actions, finish, keys, replay, solver, stats, help) each see the page through
their own ``Host`` protocol: the few verbs below, never the table itself.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

import game
from game import Move, Solitaire
from game.codes import random_code
from game.ui import names, panel
from game.ui.address.replay import Replay
from game.ui.board import Rect
from game.ui.guard import Handler, guard
from game.ui.input.controller import Controller, Outcome
from game.ui.records.settings import CHOICES, Settings
from game.ui.records.storage import SavedGame, Storage
from game.ui.session import Clock
from game.ui.table import Point, Shown, Table
from game.ui.text.messages import Messages, clock
from game.web.actions import Actions, now
from game.web.clipboard import copy
from game.web.daily import Dailies
from game.web.dialogs import close_dialogs, modal
from game.web.elements import found
from game.web.finish import Finishing
from game.web.keys import Keyboard
from game.web.lifecycle import Lifecycle
from game.web.look import appearance
from game.web.painter import Painter, show_toolbar
from game.web.picker import Picker
from game.web.pointer import Pointer
from game.web.replay import Replaying
from game.web.schedule import AfterPaint, BoardSize, Frames
from game.web.solver import Solving
from game.web.sound import Sound
from game.web.stats import Records
from game.web.storage import LocalStore


class Page:
    """One page: the game on the table, what the player sees of it, and the input handlers."""

    def __init__(self, words: Messages) -> None:
        self.words = words
        self.elements = found()
        self.svg = self.elements.board
        self.painter = Painter(self.svg)
        self.keyboard = Keyboard(self)
        self.storage = Storage(LocalStore.open(), window.console.warn)
        self.unsaved_told = False  # "cannot be saved" is said once, not after every move
        values, notice = self.storage.load_settings(Settings().values())
        notices = [words.text(notice)] if notice else []  # said with the first deal
        self.records = Records(self, self.storage)
        if self.records.notice:
            notices.append(words.text(self.records.notice))
        self.dailies = Dailies(self, self.storage)
        if self.dailies.notice:
            notices.append(words.text(self.dailies.notice))
        settings = Settings.of(values)
        for box in self.elements.setting_boxes.values():
            if box.type == "checkbox":
                box.checked = getattr(settings, box.dataset.setting)
            else:  # a choice: its options from settings.CHOICES, in the catalog's words
                name = box.dataset.setting
                for value in CHOICES[name]:
                    option = document.createElement("option")
                    option.value = value
                    option.textContent = words.text(f"{name}_{value}")
                    box.appendChild(option)
                box.value = getattr(settings, name)
        self.enable_settings(settings)
        appearance(settings)
        self.sound = Sound()
        self.table = Table(game.new(str(random_code())), settings, words)
        self.pointer = Pointer(self)
        self.actions = Actions(self)  # Redeal's question, Restart, Pause, the hidden page
        self.frames = Frames(self.render, self.guard)
        self.size = BoardSize(self.svg, self.resized, self.guard)
        self.unseen = AfterPaint(self.keep, self.guard)
        self.keeping = False  # the last draw's game is the player's (not a replay's): kept
        self.solving = Solving(self, self.guard)
        self.finishing = Finishing(self, self.count_win, self.dailies.challenges, self.guard)
        self.replaying = Replaying(self, self.guard)
        self.life = Lifecycle(self, notices)  # start, load_hash, resume, deal, New deal
        self.picker = Picker(self, self.guard, self.guard(self.life.new_deal))

    def guard(self, handler: Handler) -> Handler:
        """Every handler runs in this: an unexpected error is reported, never raised."""
        return guard(handler, self.report)

    def report(self, trace: str) -> None:
        window.console.error(trace)  # once: the browser tests fail on it
        self.announce(self.words.text("unexpected_error"))

    # --- the game's lifecycle (web/lifecycle.py): what the parts' Host protocols name ----------
    def start(self, g: Solitaire, elapsed_ms: float = 0.0, keep_replay: bool = False) -> None:
        self.life.start(g, elapsed_ms, keep_replay)

    def load_hash(self, _event: Any = None) -> None:
        self.life.load_hash()

    def resume(self, code: str) -> None:
        self.life.resume(code)

    def deal(self, kind: str, push: bool = True) -> None:
        self.life.deal(kind, push)

    def canonical_hash(self, canonical: str) -> None:
        self.life.canonical_hash(canonical)

    def say_with_deal(self, text: str) -> None:
        self.life.notices.append(text)

    def replay_this(self, _event: Any = None) -> None:
        """The won dialog's "Replay this game": its replay link, opened (Back: the game)."""
        g = self.game
        if g.code is not None:
            window.location.href = self.replaying.link(g)

    def count_win(self, g: Solitaire, elapsed_ms: float) -> str:
        """A win counted in the statistics and the daily record; the statistics line."""
        line = self.records.won(g, elapsed_ms)
        self.dailies.won(g, elapsed_ms)
        return line

    def daily_record(self) -> None:
        """The Statistics dialog's daily part: streaks and this month's calendar."""
        self.dailies.opened()

    def hinted(self) -> None:
        """A hint asked for: a daily's share says how many."""
        self.dailies.hinted(self.game)

    def kind(self) -> str:
        return self.picker.kind

    # --- input ------------------------------------------------------------------------------
    def show(self, shown: Shown, draw: bool = True) -> None:
        """After any change: the words, the end-of-game dialogs, the board redrawn at once
        (unless ``draw`` is off: several moves at once are drawn once, by the caller)."""
        self.solving.clear_hint()
        if self.actions.paused:  # playing on (a key, a button) ends the pause
            self.actions.set_paused(False)
        if shown.say is not None:
            self.announce(shown.say)
        self.sound.play(shown.sound, self.table.settings.sound)
        if self.dailies.challenge is not None:  # a win taken back: the result to beat again
            self.dailies.show_challenge(self.game)
        if self.game.status == "playing":
            close_dialogs()  # e.g. "undo the last move" from the blocked dialog
            document.body.classList.remove("celebrate")
        elif shown.ended is not None:
            self.cancel_press()  # a dialog comes up: no drag goes on under it
            if shown.ended == "won":
                self.finishing.won()
            else:
                modal(self.elements.blocked_dialog)
        if draw:
            self.frames.now()

    def outcome(
        self, result: Outcome, origins: dict[str, Point], dragged: Point = (0.0, 0.0)
    ) -> None:
        self.finishing.stop()
        self.show(self.table.input(result, now(), self.aspect(), origins, dragged))
        if result.kind == "moved":
            self.offer_finish()

    def offer_finish(self) -> None:
        """Every way a position becomes finishable offers the finish alike, but an Undo or a
        Redo right after the player took a finish back (``Table.finish_declined``)."""
        if not self.table.finish_declined:
            self.finishing.offer()

    def cancel_press(self, _event: Any = None) -> None:
        """Drop a press or a drag in progress (another pointer, a key, a new deal, a dialog,
        the window left): the card goes back and the highlights go off."""
        self.pointer.cancel()

    # --- buttons ------------------------------------------------------------------------------
    def undo(self, _event: Any = None) -> None:
        self.finishing.stop()
        self.show(self.table.undo(now()))
        self.offer_finish()

    def redo(self, _event: Any = None) -> None:
        self.finishing.stop()
        self.show(self.table.redo(now()))
        self.offer_finish()

    def draw(self, _event: Any = None) -> None:
        origins = self.table.origins(("stock",))
        self.outcome(self.table.controller.user_move("stock", "waste"), origins)

    async def copy_link(self, _event: Any = None) -> None:
        await copy(str(window.location.href), self.announce, self.words, "link")

    def replay_link(self) -> str:
        return self.replaying.link(self.game)

    def change_setting(self, event: Any) -> None:
        box = event.target
        value = bool(box.checked) if box.type == "checkbox" else str(box.value)
        self.set_setting(box.dataset.setting, value)

    def set_setting(self, name: str, value: bool | str) -> None:
        settings = self.table.settings.changed(name, value)
        self.table.settings = settings
        self.storage.save_settings(settings.values())
        box = self.elements.setting_boxes[name]
        if isinstance(value, bool):
            box.checked = value
        else:
            box.value = value
        self.enable_settings(settings)
        appearance(settings)
        self.frames.later()  # the index size changes the board

    def enable_settings(self, settings: Settings) -> None:
        """A setting that does nothing now (``Settings.idle``) is shown disabled."""
        idle = settings.idle()
        for name, box in self.elements.setting_boxes.items():
            box.disabled = name in idle

    # --- drawing ------------------------------------------------------------------------------
    def aspect(self) -> float:
        return self.size.aspect

    def resized(self) -> None:
        """The board took another shape (the window, or words above or below it wrapping):
        drawn for it at once, unless a card is being dragged (its drop draws anyway)."""
        if not self.pointer.dragging:
            self.frames.now()

    def render(self) -> None:
        """One draw of the board and the toolbar; the rest once it is painted (:meth:`keep`)."""
        g, parts = self.game, self.table.parts(self.aspect())
        self.painter.paint(g, self.table.layout, parts, self.table.rect)
        show_toolbar(panel.toolbar(g, self.words))
        self.tick()
        self.keeping = not self.replaying.active  # a replay's steps are neither kept nor counted
        self.unseen.request()

    def keep(self) -> None:
        """After a draw is painted: the board in words for a screen reader, and the game saved
        and counted as it now is (no other game takes the table before: ``start`` flushes)."""
        g = self.game
        self.table.painted()
        self.svg.setAttribute("aria-description", names.describe(g, self.words))
        if self.keeping:
            self.save()
            self.records.counted(g)
            self.dailies.played(g)
        document.body.dataset.kept = str(self.frames.count)  # the draws kept (browser tests)

    def save(self) -> None:
        """The game as it is now, with its time (once a draw is painted, on a pause, on a
        hidden page)."""
        if not self.storage.save_game(self.game, self.elapsed(), window.Date.now()):
            if not self.unsaved_told:  # the game plays on; the player is told once
                self.unsaved_told = True
                self.announce(self.words.text("save_failed"), add=True)
        else:
            self.unsaved_told = False

    def show_hint(self, move: tuple[str, str]) -> None:
        self.table.hint(move)
        self.frames.now()

    def elapsed(self) -> float:
        return self.table.elapsed(now())

    def tick(self, *_args: Any) -> None:
        self.elements.stat_time.textContent = self.words.text(
            "stat_time", time=clock(self.elapsed())
        )

    def announce(self, text: str, add: bool = False) -> None:
        """Say ``text`` in the live region (after what it says now, with ``add``)."""
        region = self.elements.announce
        region.textContent = f"{region.textContent} {text}" if add else text

    # --- what the parts see of the page (their Host protocols) ------------------------------
    @property
    def game(self) -> Solitaire:
        """The game on the table (a replay's, while one is shown)."""
        return self.table.game

    @property
    def settings(self) -> Settings:
        return self.table.settings

    @property
    def clock(self) -> Clock:
        return self.table.clock

    @property
    def controller(self) -> Controller:
        return self.table.controller

    def origins(self, places: tuple[str | None, ...]) -> dict[str, Point]:
        """Where each of ``places``' top cards is now: where a move from one starts."""
        return self.table.origins(places)

    @property
    def auto_steps(self) -> int:
        return self.table.auto_steps

    @property
    def replay_shown(self) -> bool:
        return self.replaying.active

    def redraw(self) -> None:
        self.frames.now()

    def step_aside(self) -> None:
        """Input is coming: the solver's search pauses for it."""
        self.solving.worker.step_aside()

    def stop_finishing(self) -> None:
        self.finishing.stop()

    def keep_now(self, *_args: Any) -> None:
        """A draw not yet kept (saved, counted) is kept now."""
        self.unseen.flush()

    def redeal_now(self) -> None:
        self.finishing.stop()
        self.show(self.table.redeal(now()))
        self.offer_finish()

    def undo_to(self, steps: int) -> None:
        self.finishing.stop()
        self.show(self.table.undo_to(steps, now()))
        self.offer_finish()

    def tap(self, place: str, size: int = 1) -> None:
        """A tap on ``place`` by key (Enter, Space), on the card ``size`` from its top: the
        controller's single tap."""
        self.cancel_press()
        controller = self.table.controller
        origins = self.table.origins((place, controller.selected))  # where a move starts
        self.outcome(controller.single_tap(place, size), origins)

    def point(self, place: str, depth: int) -> bool:
        """The keyboard points inside a column (``Table.point``); False where it cannot."""
        shown = self.table.point(place, depth)
        if shown is not None:
            self.show(shown)
        return shown is not None

    def deselect(self) -> None:
        if self.table.controller.selected:
            self.show(self.table.deselect(now()))

    def rects(self) -> dict[str, Rect]:
        return self.table.rects()

    def finish_move(self, move: Move) -> Shown | None:
        return self.table.finish_move(move, now(), self.aspect(), self.table.origins())

    def watch(self, g: Solitaire) -> None:
        """A replay's game on the table (nothing of it is kept or counted)."""
        self.table = Table(g, self.table.settings, self.words)

    def replay_step(self, replay: Replay) -> None:
        """A replay's next move, played on the game on the table, shown flying from where its
        card was before it (and the card that filled the column it emptied, from the waste)."""
        origins = self.table.origins()
        move = replay.forward()
        if move is not None:
            self.table.replayed(move, self.aspect(), origins, replay.filled())

    def fresh_view(self) -> None:
        """No move to animate: a replay jumped."""
        self.table.view = type(self.table.view)()

    def kept_game(self, code: str) -> SavedGame | None:
        return self.storage.kept_game(code)

    def forget_game(self, code: str) -> None:
        """The game kept for ``code`` goes (a draw not yet kept is kept first, then forgotten)."""
        self.unseen.flush()
        self.storage.forget_game(code)

    def from_replay(self, g: Solitaire) -> None:
        """``g`` is continued from a replay: kept, but not counted as the player's own."""
        self.storage.from_replay(g)
