"""The picker's memory (pure): the games marked favourite and those played lately, one JSON
value (``solitaire.picks``). Read strictly, as every record is: a game the site no longer has is
dropped, and a damaged value raises :class:`~game.ui.records.storage.Damaged` (the page sets it
aside and starts afresh: two short lists are not worth a notice).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from game.codes import KINDS

from .storage import Damaged, read_json

KEY = "solitaire.picks"
RECENT_KEPT = 8  # more than the picker shows: a favourite removed leaves the list full


@dataclass(frozen=True)
class Picks:
    favourites: tuple[str, ...] = ()  # in the order they were marked
    recent: tuple[str, ...] = ()  # the last played first

    def played(self, kind: str) -> Picks:
        """A deal of ``kind`` is on the table: it heads the games played lately."""
        if kind not in KINDS or self.recent[:1] == (kind,):
            return self
        recent = (kind, *(k for k in self.recent if k != kind))[:RECENT_KEPT]
        return Picks(self.favourites, recent)

    def toggled(self, kind: str) -> Picks:
        """``kind`` marked favourite (last), or no longer."""
        if kind not in KINDS:
            return self
        if kind in self.favourites:
            return Picks(tuple(k for k in self.favourites if k != kind), self.recent)
        return Picks((*self.favourites, kind), self.recent)

    def to_json(self) -> str:
        return json.dumps({"favourites": list(self.favourites), "recent": list(self.recent)})

    @classmethod
    def from_json(cls, text: str | None) -> Picks:
        """The stored value (none yet: empty lists); :class:`Damaged` if it is not one."""
        if text is None:
            return cls()
        value = read_json(text, max_chars=4_000)
        if not isinstance(value, dict) or set(value) != {"favourites", "recent"}:
            raise Damaged("not the picker's record")
        lists = []
        for name in ("favourites", "recent"):
            kinds = value[name]
            if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
                raise Damaged(f"{name} is not a list of games")
            known = [k for k in kinds if k in KINDS]  # a game since removed is dropped
            lists.append(tuple(dict.fromkeys(known)))
        return cls(lists[0], lists[1][:RECENT_KEPT])
