"""The actions around the game (PyScript): Redeal's question, Restart this deal, Pause and
the hidden page. A part of the page that sees of it only its :class:`Host`."""

from __future__ import annotations

from typing import Any, Protocol

from pyscript import document, window

import game
from game import Solitaire
from game.ui import panel
from game.ui.records.settings import Settings
from game.ui.session import Clock
from game.ui.text.messages import Messages
from game.web.dialogs import modal
from game.web.elements import found


def now() -> float:
    return float(window.performance.now())


class Host(Protocol):
    """What these actions need of the page."""

    words: Messages

    @property
    def game(self) -> Solitaire: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def clock(self) -> Clock: ...
    def cancel_press(self, _event: Any = None) -> None: ...
    def stop_finishing(self) -> None: ...
    def redeal_now(self) -> None: ...
    def set_setting(self, name: str, value: bool | str) -> None: ...
    def forget_game(self, code: str) -> None: ...
    def start(self, g: Solitaire) -> None: ...
    def announce(self, text: str, add: bool = False) -> None: ...
    def tick(self, *_args: Any) -> None: ...
    def save(self) -> None: ...
    def keep_now(self, *_args: Any) -> None: ...


class Actions:
    """Redeal, Restart, Pause and the hidden page, for ``host``."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.paused = False  # the Pause button: the board covered (a hidden page stops time too)

    def redeal(self, _event: Any = None) -> None:
        """Redeal, which the rules cannot take back: while moves remain it asks first (unless
        the player said not to ask again)."""
        host, g = self.host, self.host.game
        question = panel.redeal_question(g, host.words) if g.status == "playing" else None
        if question and host.settings.ask_redeal and g.redeal_allowed:
            host.cancel_press()
            host.stop_finishing()
            page = found()
            page.redeal_text.textContent = question
            page.redeal_dont_ask.checked = False
            modal(page.redeal_dialog)
            return
        host.redeal_now()

    def redeal_confirmed(self, _event: Any = None) -> None:
        page = found()
        page.redeal_dialog.close()
        if page.redeal_dont_ask.checked:
            self.host.set_setting("ask_redeal", False)
        self.host.redeal_now()

    def restart(self, _event: Any = None) -> None:
        """Restart this deal: an explicit action, confirmed when it drops moves."""
        g = self.host.game
        found().settings_sheet.close()
        if g.line or g.redo_line or g.origin:  # (a game resumed from a position: its moves too)
            modal(found().restart_dialog)
        else:
            self.restart_confirmed()

    def restart_confirmed(self, _event: Any = None) -> None:
        found().restart_dialog.close()
        host = self.host
        code = host.game.code
        if code is None:
            return
        host.forget_game(code)
        host.start(game.new(code))
        host.announce(host.words.text("restarted"))

    def pause(self, _event: Any = None) -> None:
        """The Pause button: the timer stops and the board is covered; again to go on."""
        self.set_paused(not self.paused)
        self.host.announce(self.host.words.text("paused" if self.paused else "unpaused"))

    def set_paused(self, paused: bool) -> None:
        host, t = self.host, now()
        if paused and host.game.status == "playing":
            host.cancel_press()
            host.clock.pause(t)
            self.paused = True
        else:
            if str(document.visibilityState) != "hidden":
                host.clock.resume(t)
            self.paused = False
        page = found()
        page.paused.hidden = not self.paused
        page.pause.textContent = host.words.text("resume" if self.paused else "pause")
        page.pause.setAttribute("aria-pressed", "true" if self.paused else "false")
        host.tick()
        host.save()

    def on_visibility(self, _event: Any = None) -> None:
        """Time runs only while the page can be seen; the game is saved as it is hidden."""
        host = self.host
        if str(document.visibilityState) == "hidden":
            host.cancel_press()
            host.clock.pause(now())
            host.keep_now()  # a draw not yet kept: kept now (no frame comes while hidden)
            host.save()
        elif not self.paused:
            host.clock.resume(now())
        host.tick()
