"""The daily deal (pure).

One deal per game and date, the same on every device and offline, with no server: the deal
comes from the date alone. The date is the player's own (their clock's, as daily games are):
a day's deal is the same everywhere, and each player meets it on their own calendar day.

- A game with a shipped pool (:data:`PROVEN`: ``static/data/daily-<slug>.txt``, written by
  ``tools/daily.py``) takes line ``n mod len`` of it on day ``n`` counted from :data:`EPOCH`.
  Every line of a pool is a deal whose winning line was replayed at build time
  (``tests/test_daily_data.py``); a pool holds at least 400 distinct deals and only grows at
  its end, so no date's deal changes once shipped, and a deal comes back only after
  ``len(pool)`` days (more than a year) — for ever, not only in the shipped range. (Growing a
  pool keeps the dates up to its old length; a pool must grow before that date.)
- Any other game (Forty Thieves' relatives: too few proven deals for a pool) takes deal
  ``(n * MIX + salt) mod 2**35``, a bijection of day numbers: never the same deal twice, but
  not proven winnable, and the page says so.

The player's record of dailies played is ``daily_record``; here too the calendar's grid (its
weeks, its keys).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from game import CodeError, GameCode
from game.codes import DEAL_COUNT, kind_slug
from game.kinds import REGISTRY

from ..address.links import hooks_on
from ..text.query import query_values

EPOCH = date(2026, 12, 1)  # day 0 of every pool
PROVEN = tuple(kind.code for kind in REGISTRY if kind.daily)  # the kinds with a proven pool
MIX = 0x9E3779B1  # odd, so day -> deal is a bijection modulo 2**35
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_day(text: str) -> date | None:
    """``YYYY-MM-DD`` as a date, or None for anything else (a test's ``today=``, a key)."""
    if not isinstance(text, str) or not _DAY.fullmatch(text):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if 2000 <= day.year <= 2999 else None


MAX_OFFSET = 18 * 60  # minutes a clock may be ahead of or behind UTC


def local_day(now_ms: float, offset_minutes: float = 0.0) -> date:
    """The date at ``now_ms`` (milliseconds since 1970, as ``Date.now()``) on a clock
    ``offset_minutes`` ahead of UTC (east of Greenwich: ``-Date.getTimezoneOffset()``)."""
    offset = min(max(offset_minutes, -MAX_OFFSET), MAX_OFFSET)
    return datetime.fromtimestamp(now_ms / 1000 + offset * 60, tz=UTC).date()


def today(search: str, now_ms: float, offset_minutes: float = 0.0) -> date:
    """Today's local date, or the test's ``?test&today=YYYY-MM-DD`` (only under the exact
    ``test`` switch: a player's link cannot move the date)."""
    if hooks_on(search):
        for value in query_values(search, "today"):
            day = parse_day(value)
            if day is not None:
                return day
    return local_day(now_ms, offset_minutes)


def pool_path(kind: str) -> str:
    """Where the page fetches the pool of a :data:`PROVEN` kind."""
    return f"./static/data/daily-{kind_slug(kind)}.txt"


def parse_pool(text: str, kind: str) -> tuple[str, ...]:
    """A pool file's codes of ``kind``, in order; a line that is not one ends the pool there
    (a damaged copy never shifts a date onto another deal)."""
    codes: list[str] = []
    for line in text.splitlines():
        try:
            code = GameCode.parse(line)
        except CodeError:
            break
        if code.kind != kind:
            break
        codes.append(str(code))
    return tuple(codes)


@dataclass(frozen=True)
class Daily:
    """The daily deal of ``kind`` on ``day``; ``proven``: from the pool of proven deals."""

    kind: str
    day: date
    code: str
    proven: bool


def daily(kind: str, day: date, pool: Sequence[str] = ()) -> Daily:
    """The daily deal of ``kind`` on ``day``: from its pool if it has one (a proven kind
    whose pool could not be read is not given another deal: ``ValueError``)."""
    n = (day - EPOCH).days
    if kind in PROVEN:
        if not pool:
            raise ValueError(f"no pool of daily deals for {kind}")
        return Daily(kind, day, pool[n % len(pool)], True)
    game_id, variant = kind.split("-")
    salt = zlib.crc32(kind.encode())
    return Daily(kind, day, str(GameCode(game_id, variant, (n * MIX + salt) % DEAL_COUNT)), False)


# --- the calendar --------------------------------------------------------------------------
def month_weeks(year: int, month: int) -> list[list[date | None]]:
    """The month's days in weeks from Monday (ISO), with None for the days of other months."""
    first = date(year, month, 1)
    days = [first + timedelta(days=i) for i in range(31)]
    days = [d for d in days if d.month == month]
    cells: list[date | None] = [None] * first.weekday() + list(days)
    cells += [None] * (-len(cells) % 7)
    return [cells[i : i + 7] for i in range(0, len(cells), 7)]


def shift_month(year: int, month: int, by: int) -> tuple[int, int]:
    index = year * 12 + month - 1 + by
    return index // 12, index % 12 + 1


GRID_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -7, "ArrowDown": 7}


def grid_step(key: str, day: date, rtl: bool) -> date | None:
    """The day an arrow key moves the calendar's focus to (left and right swap in a right-to-
    left page, as its days run); Home and End: the month's first and last day."""
    if key in GRID_KEYS:
        step = GRID_KEYS[key]
        return day + timedelta(days=-step if rtl and abs(step) == 1 else step)
    if key == "Home":
        return day.replace(day=1)
    if key == "End":
        nxt = shift_month(day.year, day.month, 1)
        return date(nxt[0], nxt[1], 1) - timedelta(days=1)
    return None
