"""The player's record of daily deals (pure): per date and game, the daily's code and whether
it was won (moves, time, hints); the streaks and the month's calendar are read off it.

It is kept as ``solitaire.daily``, every tab changing it (``shared``), and read back as
strictly as the statistics (``Damaged`` on anything unexpected). Whatever the page writes is
read back: the record is fitted as it is written, its oldest days' detail dropped first and
their won days kept as runs, so that a streak outlives them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from game import CodeError, GameCode
from game.codes import KINDS

from ..records.storage import MAX_CHARS, Damaged, Storage, read_json
from .daily import parse_day

KEY = "solitaire.daily"
SCHEMA = 1
KEEP_DAYS = 800  # days remembered in detail at most: two years of calendars
MAX_TEXT = MAX_CHARS - 10_000  # the record's written size: under what its reader takes
MAX_RUNS = 16  # runs of won days kept once their days' detail is dropped
RUN_CHARS = len('["2026-12-01",80000],')  # the most a run adds to the text
MAX_BEST = KEEP_DAYS * 100  # a streak's length, checked on the way in
MAX_MOVES = 100_000
MAX_MS = 1000.0 * 60 * 60 * 24 * 365
MAX_HINTS = 100_000
WON, PLAYED, MISSED, OPEN, FUTURE, BEFORE = "won", "played", "missed", "open", "future", "before"


@dataclass(frozen=True)
class Entry:
    """One game's daily on one date, as the player played it."""

    code: str
    won: bool = False
    moves: int = 0
    ms: float = 0.0
    hints: int = 0


WON, PLAYED, MISSED, OPEN, FUTURE, BEFORE = "won", "played", "missed", "open", "future", "before"


@dataclass(frozen=True)
class Record:
    """Every daily played, by the date of its deal (ISO) and kind, as far back as
    :data:`KEEP_DAYS` and :data:`MAX_TEXT` allow; ``runs``: won days without detail, as (last
    day, length): the won days in a row whose detail was dropped, so that a streak outlives
    its oldest days, and the day the move to local dates skipped (:meth:`on_local_dates`);
    ``best``: the best streak ever counted (it outlives every day forgotten); ``local``: kept
    by local dates (a record of the UTC days is read once, then kept so)."""

    days: dict[str, dict[str, Entry]] = field(default_factory=dict)
    best: int = 0
    runs: tuple[tuple[str, int], ...] = ()
    local: bool = True

    def entry(self, day: date, kind: str) -> Entry | None:
        return self.days.get(day.isoformat(), {}).get(kind)

    def _with(self, day: date, kind: str, entry: Entry) -> Record:
        iso = day.isoformat()
        days = {**self.days, iso: {**self.days.get(iso, {}), kind: entry}}
        return replace(self, days=days).fitted()

    def played(self, day: date, code: str) -> Record:
        """The daily ``code`` of ``day`` has its first move."""
        kind = GameCode.parse(code).kind
        if self.entry(day, kind) is not None:
            return self
        return self._with(day, kind, Entry(code))

    def won(self, day: date, code: str, moves: int, ms: float) -> Record:
        """The daily ``code`` of ``day`` is won (once: a later win of it changes nothing)."""
        kind = GameCode.parse(code).kind
        entry = self.entry(day, kind) or Entry(code)
        if entry.won:
            return self
        moves, ms = min(max(moves, 0), MAX_MOVES), float(round(min(max(ms, 0.0), MAX_MS)))
        return self._with(day, kind, replace(entry, won=True, moves=moves, ms=ms))

    def hinted(self, day: date, code: str) -> Record:
        """A hint was asked for in the daily ``code`` of ``day`` (before it was won)."""
        kind = GameCode.parse(code).kind
        entry = self.entry(day, kind) or Entry(code)
        if entry.won:
            return self
        return self._with(day, kind, replace(entry, hints=min(entry.hints + 1, MAX_HINTS)))

    # --- kept within what the reader takes ------------------------------------------------
    def fitted(self) -> Record:
        """The record as it is written: at most :data:`KEEP_DAYS` days of detail and
        :data:`MAX_TEXT` characters (the oldest days go first, their won days kept as runs),
        and the best streak counted. Whatever the page writes, :meth:`from_json` reads back."""
        out = self
        while len(out.days) > KEEP_DAYS or len(text := out.to_json()) > MAX_TEXT:
            days, runs = dict(sorted(out.days.items())), list(out.runs)
            over = max(len(text) - MAX_TEXT + RUN_CHARS, 0)  # a run more may be written
            while days and (len(days) > KEEP_DAYS or over > 0):
                iso = next(iter(days))
                kinds = days.pop(iso)
                over -= len(_dump({iso: _raw_day(kinds)}))  # its text (and a comma, less)
                if any(e.won for e in kinds.values()):
                    runs.append((iso, 1))
            out = replace(out, days=days, runs=_joined(runs)[-MAX_RUNS:])
        return replace(out, best=min(max(out.best, out.longest()), MAX_BEST))

    # --- what the record says ---------------------------------------------------------------
    def spans(self) -> list[tuple[date, date]]:
        """The runs of won days the record knows (days with a daily won, and the runs kept of
        days dropped), joined: (first day, last day), in order."""
        won = [(iso, 1) for iso, kinds in self.days.items() if any(e.won for e in kinds.values())]
        return [(d - timedelta(days=n - 1), d) for d, n in _dated(_joined([*self.runs, *won]))]

    def _won(self, day: date) -> bool:
        """A daily of any game won on ``day``."""
        return any(e.won for e in self.days.get(day.isoformat(), {}).values())

    def _counted(self, day: date) -> bool:
        """``day`` counts as won: a daily won, or a day of a run kept without detail."""
        return self._won(day) or any(
            last - timedelta(days=n - 1) <= day <= last for last, n in _dated(self.runs)
        )

    def status(self, day: date, now: date) -> str:
        """A date in the calendar: won (a daily of any game won, or a past day of a run),
        played, missed (a past day with no daily played, after the first one known), open
        (today, not won yet), future, or before the first daily (or before the days the record
        still holds)."""
        if self._won(day):
            return WON
        if day > now:
            return FUTURE
        if day == now:
            return OPEN
        if self._counted(day):
            return WON
        if day.isoformat() in self.days:
            return PLAYED
        known = [*self.days, *(first.isoformat() for first, _ in self.spans())]
        first = min(known, default=None)
        return MISSED if first is not None and day.isoformat() > first else BEFORE

    def streak(self, now: date) -> int:
        """Won days in a row up to today, or up to yesterday while today is still open."""
        day = now if self._won(now) else now - timedelta(days=1)
        for first, last in self.spans():
            if first <= day <= last:
                return (day - first).days + 1
        return 0

    def on_local_dates(self, today: date, east: bool) -> Record:
        """This record kept by local dates from now on (once: a record of UTC days is kept as
        it is, as a day's deal is the same on both calendars).

        A player east of Greenwich met the UTC day's daily after their own midnight: the day
        they played it is the day after its date. Moving to local dates skips one date for
        them: a player who won yesterday's UTC daily this morning, or who comes back today
        with the daily of the day before yesterday won, would find one day missing from a
        streak of every day played. That one day (``today``, or yesterday) is kept as a run;
        a player west of Greenwich loses no day (they meet one date's deal twice)."""
        if self.local:
            return self
        runs = list(self.runs)
        yesterday = today - timedelta(days=1)
        if east and not self._counted(yesterday) and self._counted(today - timedelta(days=2)):
            runs.append((yesterday.isoformat(), 1))
        elif east and self._counted(yesterday) and not self._won(today):
            runs.append((today.isoformat(), 1))
        return replace(self, runs=_joined(runs)[-MAX_RUNS:], local=True).fitted()

    def longest(self) -> int:
        """The longest run of won days the record holds."""
        return max(((last - first).days + 1 for first, last in self.spans()), default=0)

    def best_streak(self) -> int:
        return max(self.best, self.longest())

    # --- stored ----------------------------------------------------------------------------
    def to_json(self) -> str:
        days = {iso: _raw_day(kinds) for iso, kinds in self.days.items()}
        data: dict[str, object] = {"v": SCHEMA, "best": self.best, "days": days}
        if self.runs:
            data["runs"] = [list(run) for run in self.runs]
        if self.local:
            data["local"] = True
        return _dump(data)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Strictly: this schema, dates, known kinds, codes of their kind, numbers in range."""
        data = read_json(text)
        if not isinstance(data, dict) or data.get("v") != SCHEMA:
            raise Damaged("not a daily record of this version")
        best, raw = data.get("best"), data.get("days")
        if isinstance(best, bool) or not isinstance(best, int) or not 0 <= best <= MAX_BEST:
            raise Damaged("best streak is not a count")
        if not isinstance(raw, dict) or len(raw) > KEEP_DAYS:
            raise Damaged("no days")
        days: dict[str, dict[str, Entry]] = {}
        for iso, kinds in raw.items():
            if parse_day(iso) is None or not isinstance(kinds, dict) or not kinds:
                raise Damaged("a day is not a date with its dailies")
            days[iso] = {kind: _entry(kind, value) for kind, value in kinds.items()}
        return cls(days, best, _runs(data.get("runs", [])), data.get("local") is True)


def _raw_day(kinds: dict[str, Entry]) -> dict[str, list[object]]:
    return {k: [e.code, e.won, e.moves, round(e.ms), e.hints] for k, e in kinds.items()}


def _dump(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


def _dated(runs: Sequence[tuple[str, int]]) -> list[tuple[date, int]]:
    return [(date.fromisoformat(iso), n) for iso, n in runs]


def _joined(runs: Sequence[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Runs of won days in order, those that touch or overlap made one."""
    spans: list[tuple[date, date]] = []
    for first, last in sorted((d - timedelta(days=n - 1), d) for d, n in _dated(runs)):
        if spans and first <= spans[-1][1] + timedelta(days=1):
            spans[-1] = (spans[-1][0], max(spans[-1][1], last))
        else:
            spans.append((first, last))
    return tuple((last.isoformat(), (last - first).days + 1) for first, last in spans)


def _runs(value: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, list) or len(value) > MAX_RUNS:
        raise Damaged("runs are not a short list")
    runs = []
    for run in value:
        if not isinstance(run, list) or len(run) != 2:
            raise Damaged("a run is not a day and a length")
        iso, n = run
        if parse_day(iso) is None or isinstance(n, bool) or not isinstance(n, int):
            raise Damaged("a run is not a day and a length")
        if not 1 <= n <= MAX_BEST:
            raise Damaged("a run's length is out of range")
        runs.append((iso, n))
    return tuple(runs)


def _entry(kind: str, value: object) -> Entry:
    if kind not in KINDS:
        raise Damaged("an unknown game")
    if not isinstance(value, list) or len(value) != 5:
        raise Damaged("an entry is not a list of five")
    code, won, moves, ms, hints = value
    if not isinstance(code, str) or len(code) > 20:
        raise Damaged("no game code")
    try:
        parsed = GameCode.parse(code)  # (once: a record holds up to thousands of entries)
    except CodeError as err:
        raise Damaged(str(err)) from None
    if parsed.kind != kind or not isinstance(won, bool):
        raise Damaged("an entry of another game")
    for number, top in ((moves, MAX_MOVES), (hints, MAX_HINTS)):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= top:
            raise Damaged("a count out of range")
    if isinstance(ms, bool) or not isinstance(ms, int | float) or not 0 <= ms <= MAX_MS:
        raise Damaged("a time out of range")
    return Entry(str(parsed), won, moves, float(ms), hints)


def load(storage: Storage) -> tuple[Record, str | None]:
    """The stored record and a notice key if it was damaged (set aside, started again)."""
    text = storage.read(KEY)
    if text is None:
        return Record(), None
    try:
        return Record.from_json(text), None
    except Damaged as err:
        storage.set_aside(KEY, text, str(err))
        return Record(), "damaged_daily"


def save(storage: Storage, record: Record) -> bool:
    return storage.write(KEY, record.to_json())
