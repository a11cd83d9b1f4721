"""The page's controls around the game (PyScript): Redeal's question, Restart this deal,
Pause and the hidden page. A part of :class:`~game.web.page.Page`, kept apart for size."""

from __future__ import annotations

from pyscript import document, window

import game
from game.web import panel
from game.web.dom import modal, q


def now() -> float:
    return window.performance.now()


class Controls:
    """Mixed into Page: uses its table, words, storage, and its show/start/announce."""

    def redeal(self, _event=None) -> None:
        """Redeal, which the rules cannot take back: while moves remain it asks first (unless
        the player said not to ask again)."""
        g = self.table.game
        question = panel.redeal_question(g, self.words) if g.status == "playing" else None
        if question and self.table.settings.ask_redeal and g.redeal_allowed:
            self.cancel_press()
            self.finishing.stop()
            q("#redeal-text").textContent = question
            q("#redeal-dont-ask").checked = False
            modal(q("#redeal-dialog"))
            return
        self.show(self.table.redeal(now()))

    def redeal_confirmed(self, _event=None) -> None:
        q("#redeal-dialog").close()
        if q("#redeal-dont-ask").checked:
            self.set_setting("ask_redeal", False)
        self.show(self.table.redeal(now()))

    def restart(self, _event=None) -> None:
        """Restart this deal: an explicit action, confirmed when it drops moves."""
        g = self.table.game
        q("#settings-sheet").close()
        if g.line or g.redo_line or g.origin:  # (a game resumed from a position: its moves too)
            modal(q("#restart-dialog"))
        else:
            self.restart_confirmed()

    def restart_confirmed(self, _event=None) -> None:
        q("#restart-dialog").close()
        code = self.table.game.code
        if code is None:
            return
        self.unseen.flush()  # a last draw not yet kept is kept now, not after the forgetting
        self.storage.forget_game(code)
        self.start(game.new(code))
        self.announce(self.words.text("restarted"))

    def pause(self, _event=None) -> None:
        """The Pause button: the timer stops and the board is covered; again to go on."""
        self.set_paused(not self.paused)
        self.announce(self.words.text("paused" if self.paused else "unpaused"))

    def set_paused(self, paused: bool) -> None:
        clock, t = self.table.clock, now()
        if paused and self.table.game.status == "playing":
            self.cancel_press()
            clock.pause(t)
            self.paused = True
        else:
            if str(document.visibilityState) != "hidden":
                clock.resume(t)
            self.paused = False
        q("#paused").hidden = not self.paused
        button = q("[data-action=pause]")
        button.textContent = self.words.text("resume" if self.paused else "pause")
        button.setAttribute("aria-pressed", "true" if self.paused else "false")
        self.tick()
        self.save()

    def on_visibility(self, _event=None) -> None:
        """Time runs only while the page can be seen; the game is saved as it is hidden."""
        if str(document.visibilityState) == "hidden":
            self.cancel_press()
            self.table.clock.pause(now())
            self.unseen.flush()  # a draw not yet kept: kept now (no frame comes while hidden)
            self.save()
        elif not self.paused:
            self.table.clock.resume(now())
        self.tick()
