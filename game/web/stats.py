"""The page's side of the statistics (PyScript): counted as games are played and won, shown
in the Statistics dialog, reset with a confirmation, exported and imported as a JSON file.
The counting and the checks are pure, in ``stats`` and ``panel``."""

from __future__ import annotations

from typing import Any, Protocol

from pyodide.ffi import to_js
from pyscript import document, window

import game
from game.codes import KINDS, GameCode
from game.ui import panel, stats
from game.ui.games import view_of
from game.ui.messages import Messages
from game.ui.storage import Damaged, Storage
from game.web.dialogs import modal
from game.web.elements import found

EXPORT_NAME = "solitaire-statistics.json"
MAX_IMPORT_BYTES = 200_000


class Host(Protocol):
    """What the statistics need of the page."""

    words: Messages

    @property
    def game(self) -> game.Solitaire: ...

    def announce(self, text: str, add: bool = False) -> None: ...
    def cancel_press(self, _event: Any = None) -> None: ...
    def daily_record(self) -> None: ...


class Records:
    def __init__(self, host: Host, storage: Storage) -> None:
        self.host = host
        self.storage = storage
        self.stats, self.notice = stats.load(storage)

    def counted(self, g: game.Solitaire) -> None:
        """After every draw: a deal with its first move counts as played (once)."""
        if g.code is not None and g.line and g.code not in self.stats.seen:
            self.keep(self.stats.played(g.code))

    def won(self, g: game.Solitaire, elapsed_ms: float) -> str:
        """A win counted; the statistics line for the won dialog."""
        if g.code is None:
            return ""
        score = view_of(g).score(g)
        self.keep(self.stats.won(g.code, elapsed_ms, g.moves, score))
        kind = GameCode.parse(g.code).kind
        return panel.stats_line(kind, self.stats.record(kind), self.host.words)

    def keep(self, new: stats.Stats) -> None:
        self.stats = new
        stats.save(self.storage, new)
        if found().stats_dialog.open:
            self.fill()

    # --- the dialog -------------------------------------------------------------------------
    def fill(self) -> None:
        g = self.host.game
        current = GameCode.parse(g.code).kind if g.code else None
        kinds = panel.stats_kinds(self.stats, KINDS, current)
        found().stats_table.innerHTML = panel.stats_table(self.stats, kinds, self.host.words)

    def open(self, _event: Any = None) -> None:
        self.host.cancel_press()
        self.fill()
        self.host.daily_record()
        modal(found().stats_dialog)

    def reset(self, _event: Any = None) -> None:
        modal(found().stats_reset_dialog)

    def reset_confirmed(self, _event: Any = None) -> None:
        found().stats_reset_dialog.close()
        self.keep(stats.Stats())
        self.host.announce(self.host.words.text("stats_reset_done"))

    def export(self, _event: Any = None) -> None:
        blob = window.Blob.new(
            to_js([self.stats.to_json()]),
            to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, EXPORT_NAME
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(window.URL.revokeObjectURL, 0, url)
        self.host.announce(self.host.words.text("stats_exported", name=EXPORT_NAME))

    def choose_file(self, _event: Any = None) -> None:
        box = found().stats_file
        box.value = ""
        box.click()

    async def imported(self, event: Any) -> None:
        """A file chosen for Import: taken only if it is statistics of this game, whole."""
        files = event.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        words = self.host.words
        try:
            if file.size > MAX_IMPORT_BYTES:
                raise Damaged("too large")
            new = stats.Stats.from_json(str(await file.text()))
        except Damaged:
            self.host.announce(words.text("stats_import_bad"))
            found().stats_message.textContent = words.text("stats_import_bad")
            return
        self.keep(new)
        found().stats_message.textContent = words.text("stats_imported")
        self.host.announce(words.text("stats_imported"))
