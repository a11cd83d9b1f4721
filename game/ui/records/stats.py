"""Statistics per game and variant (pure): played, won, win rate, current and best streak,
best time, fewest moves and (Forty Thieves) best score.

A game counts as played once it has a move, and each deal code once. The streak counts wins
in a row: it is broken when a deal is played while the last one played was not won. The whole
record is one versioned JSON value (``solitaire.stats``), read back as strictly as a saved
game: a damaged or foreign value raises :class:`~game.ui.records.storage.Damaged` (the page sets it
aside with a notice); an exported file is the same JSON, so an import is checked the same way.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields, replace
from typing import TypeVar

from game import GameCode
from game.codes import KINDS

from .storage import Damaged, Storage, read_json, stored_code

SCHEMA = 1
KEY = "solitaire.stats"
KEEP_CODES = 1000  # deal codes remembered as counted (each deal is counted once)
MAX_COUNT = 10**9
N = TypeVar("N", int, float)


@dataclass(frozen=True)
class Record:
    """One game and variant (a kind such as ``"CR1-N"``)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time_ms: float | None = None
    fewest_moves: int | None = None
    best_score: int | None = None
    open: str | None = None  # the last deal played and not won yet: the next one ends the streak

    @property
    def win_rate(self) -> int:
        """Won out of played, as a whole percentage (0 before any game)."""
        return round(100 * self.won / self.played) if self.played else 0


@dataclass(frozen=True)
class Stats:
    kinds: dict[str, Record] = field(default_factory=dict)
    seen: tuple[str, ...] = ()  # codes counted as played, oldest first
    wins: tuple[str, ...] = ()  # codes counted as won, oldest first

    def record(self, kind: str) -> Record:
        return self.kinds.get(kind, Record())

    def played(self, code: str) -> Stats:
        """``code`` has its first move: one more game played (once per deal)."""
        if code in self.seen:
            return self
        kind = GameCode.parse(code).kind
        rec = self.record(kind)
        streak = 0 if rec.open is not None and rec.open not in self.wins else rec.streak
        rec = replace(rec, played=min(rec.played + 1, MAX_COUNT), streak=streak, open=code)
        return replace(self, kinds={**self.kinds, kind: rec}, seen=_keep(self.seen, code))

    def won(self, code: str, elapsed_ms: float, moves: int, score: int | None = None) -> Stats:
        """``code`` is won: counted once, and the best time, moves and score kept."""
        stats = self.played(code)
        kind = GameCode.parse(code).kind
        rec = stats.record(kind)
        if code not in stats.wins:
            streak = rec.streak + 1
            rec = replace(
                rec,
                won=min(rec.won + 1, MAX_COUNT),
                streak=streak,
                best_streak=max(rec.best_streak, streak),
                open=None if rec.open == code else rec.open,
            )
            stats = replace(stats, wins=_keep(stats.wins, code))
        rec = replace(
            rec,
            best_time_ms=_least(rec.best_time_ms, elapsed_ms),
            fewest_moves=_least(rec.fewest_moves, moves),
            best_score=rec.best_score if score is None else max(rec.best_score or 0, score),
        )
        return replace(stats, kinds={**stats.kinds, kind: rec})

    def to_json(self) -> str:
        kinds = {k: asdict(r) for k, r in self.kinds.items()}
        return json.dumps({"v": SCHEMA, "kinds": kinds, "seen": self.seen, "wins": self.wins})

    @classmethod
    def from_json(cls, text: str) -> Stats:
        """Strictly: this schema, known kinds, counts in range; :class:`Damaged` if not."""
        data = read_json(text)
        if not isinstance(data, dict) or data.get("v") != SCHEMA:
            raise Damaged("not statistics of this version")
        raw = data.get("kinds")
        if not isinstance(raw, dict) or any(k not in KINDS for k in raw):
            raise Damaged("unknown games in the statistics")
        kinds = {kind: _record(value) for kind, value in raw.items()}
        return cls(kinds, _codes(data.get("seen")), _codes(data.get("wins")))


def load(storage: Storage) -> tuple[Stats, str | None]:
    """The stored statistics and a notice key if they were damaged (then set aside, and the
    statistics start again): never raises."""
    text = storage.read(KEY)
    if text is None:
        return Stats(), None
    try:
        return Stats.from_json(text), None
    except Damaged as err:
        storage.set_aside(KEY, text, str(err))
        return Stats(), "damaged_stats"


def save(storage: Storage, stats: Stats) -> bool:
    return storage.write(KEY, stats.to_json())


def _keep(codes: tuple[str, ...], code: str) -> tuple[str, ...]:
    return (*codes, code)[-KEEP_CODES:]


def _least(best: N | None, value: N) -> N:
    return value if best is None else min(best, value)


def _record(value: object) -> Record:
    if not isinstance(value, dict):
        raise Damaged("a record is not an object")
    out: dict[str, object] = {}
    for f in fields(Record):
        item = value.get(f.name)
        if item is None and f.name in ("best_time_ms", "fewest_moves", "best_score", "open"):
            out[f.name] = None
        elif f.name == "open":
            out[f.name] = stored_code(item)
        elif f.name == "best_time_ms":
            if isinstance(item, bool) or not isinstance(item, int | float):
                raise Damaged("best time is not a number")
            if not (math.isfinite(item) and 0 <= item <= 1e13):
                raise Damaged("best time is out of range")
            out[f.name] = float(item)
        elif isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= MAX_COUNT:
            raise Damaged(f"{f.name} is not a count")
        else:
            out[f.name] = item
    rec = Record(**out)  # type: ignore[arg-type]
    if rec.won > rec.played or rec.streak > rec.best_streak:
        raise Damaged("counts that contradict each other")
    return rec


def _codes(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > KEEP_CODES:
        raise Damaged("not a list of game codes")
    return tuple(stored_code(v) for v in value)
