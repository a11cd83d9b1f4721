"""The page's side of the statistics (PyScript): counted as games are played and won, shown
in the Statistics dialog, reset with a confirmation, exported and imported as a JSON file.
The counting and the checks are pure, in ``stats`` and ``panel``; every change is made to
what is stored now, so that two tabs keep both their games (``shared``)."""

from __future__ import annotations

from typing import Any, Protocol

from pyodide.ffi import to_js
from pyscript import document, window

import game
from game.codes import KINDS, GameCode
from game.ui import panel
from game.ui.games import view_of
from game.ui.records import stats
from game.ui.records.shared import Shared, Step
from game.ui.records.stats import Stats
from game.ui.records.storage import Damaged, Storage
from game.ui.text.messages import Messages
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
        self.shared = Shared(
            storage,
            stats.KEY,
            stats.Stats.from_json,
            stats.Stats.to_json,
            stats.Stats(),
            "damaged_stats",
        )
        self.notice = self.shared.notice

    @property
    def stats(self) -> Stats:
        """The statistics in force: as stored, with this tab's changes the store refused."""
        return self.shared.value

    def counted(self, g: game.Solitaire) -> None:
        """After every draw: a deal with its first move counts as played (once)."""
        code = g.code
        if code is None or not g.line or code in self.stats.seen or self.storage.continued(g):
            return
        self.keep(lambda s: s.played(code))

    def won(self, g: game.Solitaire, elapsed_ms: float) -> str:
        """A win counted; the statistics line for the won dialog (and, if the statistics
        could not be kept, that said there). A game continued from a replay is not counted."""
        code = g.code
        if code is None:
            return ""
        if self.storage.continued(g):
            return self.host.words.text("stats_not_counted")
        score, moves = view_of(g).score(g), g.moves  # (a step may be made again later)
        unkept = self.keep(lambda s: s.won(code, elapsed_ms, moves, score), say=False)
        kind = GameCode.parse(code).kind
        line = panel.stats_line(kind, self.stats.record(kind), self.host.words)
        return f"{line}\n{unkept}" if unkept else line  # on a line of its own

    def keep(self, step: Step[Stats], say: bool = True) -> str | None:
        """``step`` made to the stored statistics; what is said if they could not be kept
        (announced with ``say``)."""
        notice = self.shared.change(step)
        said = self.host.words.text(notice) if notice else None
        if said and say:
            self.host.announce(said, add=True)
        if found().stats_dialog.open:
            self.fill()
        return said

    def stored(self, event: Any) -> None:
        """Another tab wrote the statistics (a ``storage`` event): shown as they are now."""
        if event.key in (None, stats.KEY) and self.shared.reread() and found().stats_dialog.open:
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
        self.keep(lambda _old: stats.Stats())
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
        self.keep(lambda _old: new)
        found().stats_message.textContent = words.text("stats_imported")
        self.host.announce(words.text("stats_imported"))
