"""The replay view (PyScript): a deal and its moves on the board, stepped back and forth,
played at a chosen speed, jumped to any move, and "play from here". The board is the game's;
nothing is saved or counted while a replay is shown. Checking and stepping are pure, in
``replay``; the words in the message catalog.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from pyodide.ffi import create_proxy
from pyscript import document, window

import game
from game.ui.address.links import replay_hash
from game.ui.address.replay import Replay, link_moves, move_kind
from game.ui.guard import Guard
from game.ui.names import move_words
from game.ui.records.storage import SavedGame
from game.ui.text.messages import Messages, clock
from game.web.dialogs import modal
from game.web.elements import found

SPEEDS = (("replay_slow", 1000), ("replay_normal", 450), ("replay_fast", 150))  # ms a move


class Host(Protocol):
    """What the replay view needs of the page."""

    words: Messages

    def announce(self, text: str, add: bool = False) -> None: ...
    def cancel_press(self, _event: Any = None) -> None: ...
    def stop_finishing(self) -> None: ...
    def start(
        self, g: game.Solitaire, elapsed_ms: float = 0.0, keep_replay: bool = False
    ) -> None: ...
    def watch(self, g: game.Solitaire) -> None: ...
    def replay_step(self, replay: Replay) -> None: ...
    def fresh_view(self) -> None: ...
    def redraw(self) -> None: ...
    def resume(self, code: str) -> None: ...
    def kept_game(self, code: str) -> SavedGame | None: ...
    def forget_game(self, code: str) -> None: ...
    def from_replay(self, g: game.Solitaire) -> None: ...


class Replaying:
    def __init__(self, host: Host, guarded: Guard) -> None:
        self.host = host
        self.replay: Replay | None = None
        self.shipped: dict[str, Any] | None = None  # static/data/examples.json, once fetched
        self.timer = None
        self.proxy = create_proxy(guarded(self.tick))
        speed = found().replay_speed
        for key, ms in SPEEDS:
            option = document.createElement("option")
            option.value, option.textContent = str(ms), host.words.text(key)
            speed.appendChild(option)
        speed.value = "450"

    @property
    def active(self) -> bool:
        return self.replay is not None

    # --- the examples: won games found by the solver, shipped in static/data ------------------
    def examples(self, _event: Any = None) -> None:
        """The examples, from Settings or from Help (whichever was open closes)."""
        self.host.cancel_press()
        page = found()
        page.settings_sheet.close()
        page.help_dialog.close()
        modal(page.examples_dialog)

    async def example(self, event: Any) -> None:
        """Watch the shipped won game of a kind (fetched once; the service worker keeps it)."""
        kind = str(event.target.dataset.kind)
        if self.shipped is None:
            try:
                response = await window.fetch("./static/data/examples.json")
                self.shipped = json.loads(str(await response.text())) if response.ok else {}
            except Exception:  # noqa: BLE001  offline and never cached
                self.shipped = {}
        example = self.shipped.get(kind) if isinstance(self.shipped, dict) else None
        found().examples_dialog.close()
        if not isinstance(example, dict):
            self.host.announce(self.host.words.text("examples_missing"))
            return
        words = [w for w in str(example.get("line", "")).split()]
        window.location.hash = replay_hash(str(example.get("code", "")), words)

    # --- open and close ---------------------------------------------------------------------
    def open(self, code: game.GameCode, words: tuple[str, ...]) -> None:
        """Show the replay of ``code``'s moves ``words``; a broken move is said, and the
        replay stops before it."""
        host = self.host
        self.pause()
        host.stop_finishing()
        host.cancel_press()
        host.start(game.new(code), keep_replay=True)
        replay = Replay(code, words)
        self.replay = replay
        host.watch(replay.game)
        document.body.dataset.replay = "1"
        found().replay_bar.hidden = False
        found().replay_step.max = str(len(replay.moves))
        if replay.broken is not None:
            b = replay.broken
            why = (
                host.words.text("replay_not_a_move")
                if b.reason == "not_a_move"
                else host.words.refusal(b.reason)
            )
            host.announce(host.words.text("replay_broken", n=b.number, move=b.text, why=why))
        else:
            host.announce(host.words.count("replay_opened", len(replay.moves)))
        self.shown()

    def hide(self) -> None:
        """Leave the replay view (the page puts a game on the table next)."""
        self.pause()
        self.replay = None
        document.body.removeAttribute("data-replay")
        found().replay_bar.hidden = True

    def close(self, _event: Any = None) -> None:
        """Back to the game of this deal, as it was kept."""
        if self.replay is None:
            return
        code = self.replay.code
        self.hide()
        window.history.replaceState(None, "", f"#{code}")
        self.host.resume(code)

    def play_here(self, _event: Any = None) -> None:
        """A game from this point, with its undo history, under the deal's own link; asks
        first when it would replace a game of this deal kept in this browser."""
        if self.replay is None:
            return
        kept = self.host.kept_game(self.replay.code)
        if kept is not None:
            self.pause()
            words = self.host.words
            found().here_text.textContent = words.text(
                "replay_here_text", moves=kept.moves, time=clock(kept.elapsed_ms)
            )
            modal(found().here_dialog)
            return
        self.play_here_confirmed()

    def play_here_confirmed(self, _event: Any = None) -> None:
        """Asked, or nothing to replace: the kept game goes (a game at move 0 is not saved,
        so it would come back), and the one from here takes the table. Its moves up to here
        are the replay's: it is not counted as the player's own (statistics, daily)."""
        found().here_dialog.close()
        if self.replay is None:
            return
        g, code = self.replay.playable(), self.replay.code
        self.host.forget_game(code)
        if g.line:  # from the deal itself it is the player's own game
            self.host.from_replay(g)
        self.hide()
        window.history.replaceState(None, "", f"#{code}")
        self.host.start(g)
        self.host.announce(self.host.words.text("replay_here", n=g.moves))

    # --- stepping -----------------------------------------------------------------------------
    def forward(self, _event: Any = None) -> bool:
        replay = self.replay
        if replay is None or replay.at >= len(replay.moves):
            return False
        self.host.replay_step(replay)
        self.shown()
        return True

    def back(self, _event: Any = None) -> None:
        if self.replay is not None and self.replay.back():
            self.host.fresh_view()
            self.shown()

    def jump(self, step: int) -> None:
        if self.replay is None:
            return
        self.replay.jump(step)
        self.host.fresh_view()
        self.shown()

    def to_start(self, _event: Any = None) -> None:
        self.pause()
        self.jump(0)

    def to_end(self, _event: Any = None) -> None:
        self.pause()
        self.jump(len(self.replay.moves) if self.replay else 0)

    def slid(self, event: Any) -> None:
        self.pause()
        self.jump(int(event.target.value))

    # --- play / pause -------------------------------------------------------------------------
    def play_pause(self, _event: Any = None) -> None:
        if self.timer is not None:
            self.pause()
        elif self.replay is not None:
            if self.replay.at >= len(self.replay.moves):
                self.jump(0)
            self.timer = window.setTimeout(self.proxy, self.speed())
            self.shown()

    def pause(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
            if self.replay is not None:
                self.shown()

    def speed(self) -> int:
        try:
            return max(50, int(found().replay_speed.value))
        except ValueError:
            return 500

    def tick(self, *_args: Any) -> None:
        self.timer = None
        if self.forward() and self.replay and self.replay.at < len(self.replay.moves):
            self.timer = window.setTimeout(self.proxy, self.speed())
        else:
            self.shown()

    # --- words ----------------------------------------------------------------------------------
    def shown(self) -> None:
        """The bar after a step: where we are, the last move's caption, the buttons."""
        replay, words, page = self.replay, self.host.words, found()
        if replay is None:
            return
        page.replay_step.value = str(replay.at)
        playing = self.timer is not None
        button = page.replay_play
        button.textContent = "❚❚" if playing else "▶"
        button.setAttribute("aria-label", words.text("replay_pause" if playing else "replay_play"))
        if replay.at == 0:
            text = words.count("replay_start", replay.total)
        else:
            move = replay.moves[replay.at - 1]
            replay.back()
            kind = move_kind(replay.game, move)
            name = move_words(replay.game, move, words)  # (before it: ``back`` above)
            replay.forward()
            text = words.text(
                "replay_caption_redeal" if move.is_redeal else "replay_caption",
                n=replay.counted,  # the game's count: the won dialog's, redeals not counted
                total=replay.total,
                move=name,
                caption=words.text(f"caption_{replay.game.GAME}_{kind}"),
            )
        page.replay_caption.textContent = text
        self.host.redraw()

    def link(self, g: game.Solitaire) -> str:
        """The replay link of ``g`` (the page's address with the replay hash); the deal's
        own link when its moves from the deal are not known."""
        base = str(window.location.href).split("#", 1)[0]
        moves = link_moves(g)
        return base + (f"#{g.code}" if moves is None else replay_hash(g.code or "", moves))
