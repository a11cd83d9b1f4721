"""The game picker in the document (PyScript): the toolbar's button that names the game on the
table, and the dialog it opens: a search field over the list of games, written anew as it
opens and as the search changes. What the list holds, the search and the keys are
``game/ui/picker.py``'s (pure, unit-tested); favourites and the games played lately are
``game/ui/records/picks.py``'s, kept in the browser's storage.

By keyboard: the dialog opens on the game on the table; Down and Up go along the games, Left
and Right between a game and its star, typing goes to the search field and Down comes back.
One control of the list takes Tab (a roving tab stop), so Tab goes search, list, Close.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import document, window

from game.codes import KINDS
from game.ui import picker
from game.ui.records.picks import KEY, Picks
from game.ui.records.storage import Damaged, Storage
from game.ui.text.messages import Messages
from game.web.dialogs import modal
from game.web.elements import found
from game.web.schedule import listen


class Host(Protocol):
    words: Messages
    storage: Storage


class Picker:
    """The button and its dialog. ``choose`` deals a new game of the kind now in the button's
    ``value`` (the page's New deal: the picker only says which game)."""

    def __init__(self, host: Host, guard: Callable[[Any], Any], choose: Callable[[], Any]) -> None:
        self.host = host
        self.choose = choose
        self.tasks: set[Any] = set()
        elements = found()
        self.button = elements.picker
        self.dialog = elements.picker_dialog
        self.search = elements.picker_search
        self.list = elements.picker_list
        self.status = elements.picker_status
        listen(self.button, "click", guard(self.open))
        listen(self.search, "input", guard(self.searched))
        listen(self.search, "keydown", guard(self.on_search_key))
        listen(self.list, "click", guard(self.on_click))
        listen(self.list, "keydown", guard(self.on_list_key))

    # --- the record -----------------------------------------------------------------------------
    def picks(self) -> Picks:
        """As stored now (another tab may have changed it); damaged: set aside, empty."""
        text = self.host.storage.read(KEY)
        try:
            return Picks.from_json(text)
        except Damaged as err:
            self.host.storage.set_aside(KEY, text or "", str(err))
            return Picks()

    def keep(self, picks: Picks) -> None:
        self.host.storage.write(KEY, picks.to_json())

    # --- the button ---------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        value = str(self.button.value)
        return value if value in KINDS else KINDS[0]

    def on_table(self, kind: str, played: bool = True) -> None:
        """A deal of ``kind`` took the table: the button names it, and, when it is ``played``
        (not a replay watched), it heads the games played lately (stored only if that
        changes)."""
        words = self.host.words
        name = words.text(f"game_{kind}")
        self.button.value = kind
        self.button.querySelector(".game-name").textContent = name
        self.button.setAttribute("aria-label", words.text("picker_button", game=name))
        picks = self.picks()
        if played and picks.played(kind) != picks:
            self.keep(picks.played(kind))

    # --- the dialog ---------------------------------------------------------------------------
    def open(self, _event: Any = None) -> None:
        self.search.value = ""
        self.show()
        modal(self.dialog)
        self.focus_row(self.current_row())

    def show(self) -> None:
        """The list for the search as typed; the number of games found said, while searching."""
        words, picks = self.host.words, self.picks()
        query = str(self.search.value)
        listed = picker.groups(words, picks.favourites, picks.recent, query)
        self.list.innerHTML = picker.markup(listed, self.kind, picks.favourites, words)
        if not picker.searching(query):
            self.status.textContent = ""
        elif listed:
            self.status.textContent = words.count("picker_found", picker.shown(listed))
        else:
            none = document.createElement("p")  # the query as text, never as markup
            none.className = "picker-none"
            none.textContent = words.text("picker_none", query=query.strip())
            self.list.replaceChildren(none)
            self.status.textContent = none.textContent
        self.roving(self.current_row())

    def searched(self, _event: Any = None) -> None:
        self.show()

    def rows(self) -> list[Any]:
        return list(self.list.querySelectorAll("[data-pick]"))

    def current_row(self) -> int:
        """The row the list's tab stop is on: the game on the table's, else the first."""
        rows = self.rows()
        return next((n for n, b in enumerate(rows) if b.dataset.pick == self.kind), 0)

    def roving(self, row: int, column: int = 0) -> None:
        """The list's one tab stop on ``row``'s game (or star)."""
        for button in self.list.querySelectorAll("[tabindex='0']"):
            button.tabIndex = -1
        target = self.cell(row, column)
        if target:
            target.tabIndex = 0

    def cell(self, row: int, column: int) -> Any:
        rows = self.rows()
        if not 0 <= row < len(rows):
            return None
        return rows[row] if column == 0 else rows[row].nextElementSibling

    def focus_row(self, row: int, column: int = 0) -> None:
        target = self.cell(row, column)
        if not target:
            self.search.focus()
            return
        self.roving(row, column)
        target.focus()
        target.scrollIntoView(window.Object.fromEntries([["block", "nearest"]]))

    # --- input --------------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        star = event.target.closest("[data-star]")  # (JavaScript's null: falsy, not None)
        if star:
            self.toggle(str(star.dataset.star))
            return
        pick = event.target.closest("[data-pick]")
        if pick:
            self.pick(str(pick.dataset.pick))

    def pick(self, kind: str) -> None:
        """A game chosen: the dialog closes; another game than the one on the table is dealt
        (New deal's path, a coroutine: held until it is done)."""
        self.dialog.close()
        if kind != self.kind:
            self.button.value = kind
            task = asyncio.ensure_future(self.choose())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def toggle(self, kind: str) -> None:
        """A star pressed: the game is a favourite, or no longer; the list is written again
        (the game moves into or out of the favourites) and the focus goes to its star in its
        family's group, the one place it always is."""
        self.keep(self.picks().toggled(kind))
        self.show()
        rows = self.rows()
        last = max((n for n, b in enumerate(rows) if b.dataset.pick == kind), default=None)
        if last is not None:
            self.focus_row(last, 1)

    def on_search_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "ArrowDown" and self.rows():
            event.preventDefault()
            self.focus_row(0)
        elif key == "Enter" and self.rows() and picker.searching(str(self.search.value)):
            event.preventDefault()  # the first game found, as a list's search does
            self.pick(str(self.rows()[0].dataset.pick))

    def on_list_key(self, event: Any) -> None:
        key = str(event.key)
        focused = document.activeElement
        rows = self.rows()
        if not focused or not focused.matches("[data-pick], [data-star]"):
            return
        column = 1 if focused.matches("[data-star]") else 0
        row = rows.index(focused if column == 0 else focused.previousElementSibling)
        modified = bool(event.ctrlKey or event.metaKey or event.altKey)
        if modified:
            return  # Alt+Left is the browser's Back, Ctrl+Home its own: not the list's
        target = picker.step(key, row, len(rows))
        side = picker.across(key, str(document.documentElement.dir) == "rtl")
        if target == picker.SEARCH:
            event.preventDefault()
            self.search.focus()
        elif target is not None:
            event.preventDefault()
            self.focus_row(target, column)
        elif side is not None:
            event.preventDefault()
            self.focus_row(row, side)
        elif picker.types(key):
            self.search.focus()  # the key's character lands there (focus moved before it)
