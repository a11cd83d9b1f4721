"""The game's lifecycle on the page: a deal or a saved game takes the table, from the address
bar (a link, Back, ``#daily``), New deal, the picker, a replay, or a test hook.

Apart from the page so that ``web/page.py`` holds the table and the verbs its parts see, and
this holds what comes and goes with a deal: the notices said with the next one, the deals
New deal gave this visit.
"""

from __future__ import annotations

from typing import Any, Protocol

from pyscript import document, window

import game
from game import Solitaire
from game.codes import GameCode, random_code
from game.ui import panel
from game.ui.address.links import Link, read_hash
from game.ui.games import controls
from game.ui.records.storage import Storage
from game.ui.table import Table
from game.ui.text.messages import Messages
from game.web.actions import Actions, now
from game.web.daily import Dailies
from game.web.dialogs import close_dialogs
from game.web.finish import Finishing
from game.web.picker import Picker
from game.web.replay import Replaying
from game.web.schedule import AfterPaint, Frames
from game.web.solver import Solving


class Host(Protocol):
    """What the lifecycle needs of the page: its parts, and the table it replaces."""

    words: Messages
    table: Table
    storage: Storage
    picker: Picker
    unseen: AfterPaint
    frames: Frames
    actions: Actions
    dailies: Dailies
    finishing: Finishing
    replaying: Replaying
    solving: Solving

    @property
    def game(self) -> Solitaire: ...
    def announce(self, text: str, add: bool = False) -> None: ...
    def cancel_press(self, _event: Any = None) -> None: ...
    def offer_finish(self) -> None: ...
    def kind(self) -> str: ...


class Lifecycle:
    """Which game is on the table, and how it got there."""

    def __init__(self, host: Host, notices: list[str]) -> None:
        self.host = host
        self.notices = notices  # said with the next deal (the first: the boot's notices)
        self.dealt: set[str] = set()  # winnable deals New deal gave this visit: not again

    def start(self, g: Solitaire, elapsed_ms: float = 0.0, keep_replay: bool = False) -> None:
        self.host.announce("")  # a notice belongs to the deal it was said for: the caller says anew
        self.host.unseen.flush()  # the game on the table kept before another takes its place
        if self.host.replaying.active and not keep_replay:
            self.host.replaying.hide()
        self.host.finishing.stop()
        document.body.classList.remove("celebrate")
        self.host.table = Table(g, self.host.table.settings, self.host.words, now(), elapsed_ms)
        self.host.actions.set_paused(False)
        if str(document.visibilityState) == "hidden":
            self.host.table.clock.pause(now())
        document.body.dataset.game = g.GAME
        document.body.dataset.has = controls(g)  # its own controls (app.css)
        self.host.picker.on_table(g.kind, played=not keep_replay)  # a replay is watched
        close_dialogs()
        self.host.solving.new_deal()
        self.host.dailies.on_table(g)
        self.host.frames.later()

    def load_hash(self, _event: Any = None) -> None:
        """The URL hash names the deal: its saved game is resumed, else it is dealt. Anything
        else in the hash is reported (a short excerpt) and replaced by a fresh deal."""
        self.host.cancel_press()  # a drag belongs to the game it started in
        link = read_hash(str(window.location.hash))
        said, self.notices = self.notices, []
        # a challenge belongs to its link: any other hash (another deal, this deal's plain
        # link, a broken result, a replay, #daily) ends it; Back to the link brings it back
        challenge = link.challenge if link.code is not None and link.replay is None else None
        self.host.dailies.challenge = (str(link.code), challenge) if challenge is not None else None
        if link.code is not None and link.replay is not None:
            self.host.dailies.show_challenge(self.host.game)  # (hidden: a replay is no challenge)
            self.host.replaying.open(link.code, link.replay)
            return
        if link.daily:  # today's daily of the game last played, by its ordinary code
            kind = self.host.dailies.last_kind(self.host.kind())
            today = self.host.dailies.known(kind, self.host.dailies.today())
            if today is None:  # its pool is still to be fetched: then the same path
                self.notices = said  # said with the deal it opens
                self.host.dailies.later(self.host.dailies.go(kind, push=False))
                return
            said.append(self.host.dailies.opening_text(today))
            link = Link(code=GameCode.parse(today.code))
        was_replay = self.host.replaying.active  # a plain link after a replay: the deal's game
        if was_replay:
            self.host.replaying.hide()
        if link.code is not None and str(link.code) == self.host.game.code and not was_replay:
            self.canonical_hash(link.canonical)
            self.host.dailies.show_challenge(self.host.game)
            if said:
                self.host.announce(" ".join(said))
            return
        if link.bad is not None:
            said.append(self.host.words.text("unknown_code", code=link.bad))
        if link.code is None:
            self.deal(link.kind or self.host.kind(), push=False)
        else:
            loaded = self.host.storage.load_game(str(link.code))
            if loaded.notice is not None:
                said.append(self.host.words.text(loaded.notice))
            if loaded.game is not None:
                self.start(loaded.game, loaded.elapsed_ms)
                said.append(panel.resumed_text(loaded.game, loaded.elapsed_ms, self.host.words))
                self.host.offer_finish()
            else:
                self.start(game.new(link.code))
            self.canonical_hash(link.canonical)
        if said:
            self.host.announce(" ".join(said))

    def resume(self, code: str) -> None:
        """The game kept for ``code`` (else its deal afresh), and say so."""
        loaded = self.host.storage.load_game(code)
        self.start(loaded.game or game.new(code), loaded.elapsed_ms)
        if loaded.notice is not None:
            self.host.announce(self.host.words.text(loaded.notice))
        elif loaded.game is not None:
            self.host.announce(panel.resumed_text(loaded.game, loaded.elapsed_ms, self.host.words))
        if loaded.game is not None:
            self.host.offer_finish()

    def say_with_deal(self, text: str) -> None:
        """``text`` is said with the next deal that takes the table."""
        self.notices.append(text)

    def canonical_hash(self, canonical: str) -> None:
        if str(window.location.hash) != canonical:
            window.history.replaceState(None, "", canonical)

    async def new_deal(self, _event: Any = None) -> None:
        """New deal (or another game picked): from the proven winnable deals if so set."""
        kind = self.host.kind()
        if self.host.table.settings.winnable_only:
            chosen = await self.host.dailies.winnable_code(
                kind, self.dealt | {self.host.game.code or ""}
            )
            if chosen.notice is not None:  # said with the deal it opens
                self.notices.append(self.host.words.text(chosen.notice))
            if chosen.code is not None:  # never the deal on the table: its moves are kept
                self.dealt.add(chosen.code)
                window.location.hash = chosen.code  # the hashchange handler starts it
                return
        self.deal(kind)

    def deal(self, kind: str, push: bool = True) -> None:
        """A new random deal of ``kind`` ("CR1-N"...): New deal adds a history entry."""
        game_id, variant = kind.split("-")
        code = str(random_code(game_id, variant))
        if push:
            window.location.hash = code  # the hashchange handler starts it: one path
        else:
            window.history.replaceState(None, "", f"#{code}")
            self.start(game.new(code))

    # --- test hooks (pages opened with ?test) ------------------------------------------------
    def load_position(self, text: str) -> None:
        """Play from any position text; a bad one is refused with the line that is wrong."""
        try:
            g = game.from_position(str(text))
        except game.PositionError as err:
            self.host.announce(self.host.words.text("bad_position", why=str(err)[:200]))
            return
        self.start(g)

    def load_code(self, code: str) -> None:
        """A fresh game of ``code`` even if it is the one on the table."""
        parsed = GameCode.parse(str(code))
        window.history.replaceState(None, "", f"#{parsed}")
        self.start(game.new(parsed))
