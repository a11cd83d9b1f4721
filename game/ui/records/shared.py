"""A record that every tab of the site changes: the statistics, the daily record (pure).

Each tab used to read its record once, at boot, and write its whole copy after every change:
the last tab to write won, and a win in another tab was lost. Here a change is a step (the
record before -> the record after) made to what is stored *now*: read, change, write. A tab
whose copy has not changed writes nothing. When another tab writes, the browser says so (a
``storage`` event) and :meth:`Shared.reread` takes what it wrote. A write the store refuses
(its quota full even after room was made) leaves the step pending: it stays in force in this
tab and is made again, on what is stored then, with the next change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from .storage import Damaged, Storage

T = TypeVar("T")
Step = Callable[[T], T]
UNKEPT = "records_unkept"  # the notice: a record could not be kept (said once until one is)


class Shared(Generic[T]):
    """One stored record of ``key`` (``parse`` raises :class:`Damaged`), as this tab sees it:
    what is stored, with its own changes not yet written on top."""

    def __init__(
        self,
        storage: Storage,
        key: str,
        parse: Callable[[str], T],
        dump: Callable[[T], str],
        empty: T,
        damaged: str,
    ) -> None:
        self.storage, self.key, self.parse, self.dump, self.empty = storage, key, parse, dump, empty
        self.pending: list[Step[T]] = []  # changes the store refused: made again next time
        self.notice: str | None = None  # the stored record was damaged (set aside): say once
        self.text = storage.read(key)  # what was last read or written (unchanged: not parsed)
        self.base = empty  # the record as stored
        if self.text is not None:
            try:
                self.base = parse(self.text)
            except Damaged as err:
                storage.set_aside(key, self.text, str(err))
                self.text, self.notice = None, damaged
        self.value = self.base  # the record in force in this tab

    def change(self, step: Step[T]) -> str | None:
        """Make ``step`` on the stored record and write it (nothing when it changes nothing
        here). A notice key to say if it could not be kept and nothing was said since the
        last write that worked, else None; :attr:`kept` says whether it was."""
        if step(self.value) == self.value:
            return None
        self.pending.append(step)
        self._take(self._stored())
        text = self.dump(self.value)
        if self.storage.write(self.key, text, make_room=True):
            self.base, self.text, self.pending = self.value, text, []
            self.storage.records_failed = False
            return None
        said = self.storage.records_failed
        self.storage.records_failed = True
        return None if said else UNKEPT

    @property
    def kept(self) -> bool:
        """Every change made here is stored."""
        return not self.pending

    def reread(self) -> bool:
        """Another tab wrote the record: take what is stored (this tab's pending changes on
        top). True if the record in force here changed."""
        before = self.value
        self._take(self._stored())
        return self.value != before

    def _stored(self) -> T:
        """The record as stored now: parsed only if it changed since it was last read or
        written; what cannot be read now (another version's?) is left alone, and this tab's
        copy stands for it."""
        text = self.storage.read(self.key)
        if text == self.text:
            return self.base
        if text is None:
            self.text, self.base = None, self.empty
            return self.base
        try:
            base = self.parse(text)
        except Damaged as err:
            self.storage.log(f"{self.key} unreadable as written by another tab: {err}")
            return self.base
        self.text, self.base = text, base
        return base

    def _take(self, base: T) -> None:
        value = base
        for step in self.pending:
            value = step(value)
        self.value = value
