"""The daily record in words and markup (pure): the month's calendar for the Statistics
dialog, and the spoiler-free text a daily win shares.

Dates are named by a :class:`DateNames` the caller gives: the page's is the browser's
``Intl.DateTimeFormat`` in the page's language (``game/web/daily.py``), the tests' is
:class:`PlainDates`. Only those names, numbers and the catalog's words go into the markup,
escaped all the same.
"""

from __future__ import annotations

import html
from datetime import date
from typing import Protocol

from ..text.messages import Messages, clock
from .daily import month_weeks
from .daily_record import BEFORE, FUTURE, Record


class DateNames(Protocol):
    def month(self, year: int, month: int) -> str:
        """ "December 2026"."""
        ...

    def weekday(self, index: int, long: bool) -> str:
        """Monday is 0: "Mo" or "Monday"."""
        ...

    def day(self, day: date, long: bool) -> str:
        """ "3 Dec" (short) or "Thursday, 3 December 2026" (long)."""
        ...


class PlainDates:
    """English names, for the tests and any page without ``Intl``."""

    MONTHS = "January February March April May June July August September October November December"
    DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday"

    def month(self, year: int, month: int) -> str:
        return f"{self.MONTHS.split()[month - 1]} {year}"

    def weekday(self, index: int, long: bool) -> str:
        name = self.DAYS.split()[index]
        return name if long else name[:2]

    def day(self, day: date, long: bool) -> str:
        month = self.MONTHS.split()[day.month - 1]
        if long:
            return f"{self.weekday(day.weekday(), True)}, {day.day} {month} {day.year}"
        return f"{day.day} {month[:3]}"


def calendar_html(
    year: int, month: int, record: Record, now: date, focus: date, words: Messages, dates: DateNames
) -> str:
    """The month as a grid: one cell a day with its status (won, played, missed, today) in
    its name and its look; ``focus`` is the one cell in the page's tab order (the grid's
    arrow keys move it: ``daily.grid_step``)."""
    esc = html.escape
    head = "".join(
        f'<th scope="col" abbr="{esc(dates.weekday(i, True))}">{esc(dates.weekday(i, False))}</th>'
        for i in range(7)
    )
    rows = []
    for week in month_weeks(year, month):
        cells = []
        for day in week:
            if day is None:
                cells.append('<td class="empty"></td>')
                continue
            status = record.status(day, now)
            said = "" if status in (BEFORE, FUTURE) else words.text(f"daily_status_{status}")
            label = dates.day(day, True) + (f", {said}" if said else "")
            current = ' aria-current="date"' if day == now else ""
            cells.append(
                f'<td role="gridcell" data-day="{day.isoformat()}" data-status="{status}"'
                f' tabindex="{0 if day == focus else -1}"{current} aria-label="{esc(label)}">'
                f'<span aria-hidden="true">{day.day}</span></td>'
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    title = esc(dates.month(year, month))
    return (
        f'<table role="grid" class="calendar" aria-label="{title}"'
        f' data-month="{year:04d}-{month:02d}">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def share_text(
    game_name: str, day: str, moves: int, elapsed_ms: float, hints: int, words: Messages
) -> str:
    """A daily win, spoiler-free: the game, the date, the moves, the time and the hints."""
    used = words.text("daily_no_hints") if hints == 0 else words.count("daily_hints", hints)
    return words.count(
        "daily_share", moves, game=game_name, date=day, time=clock(elapsed_ms), hints=used
    )
