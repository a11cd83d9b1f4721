"""The page's side of the daily deal, the winnable lists' grades and the challenge (PyScript).

Which deal is today's, the record, the streaks, the calendar's markup and the challenge's
words are pure (``game/ui/daily/daily.py``, ``calendar.py``, ``challenge.py``, ``deals.py``); here
the lists are fetched (from the offline cache after a first visit), the record kept, and the
toolbar's notes, the challenge banner and the calendar written into the document.
"""

from __future__ import annotations

import asyncio
import random
from datetime import date, timedelta
from typing import Any, Protocol

from pyodide.ffi import to_js
from pyscript import document, window

from game import Solitaire
from game.codes import GameCode
from game.ui.address.challenge import Challenge
from game.ui.daily import calendar, daily, daily_record
from game.ui.records import deals
from game.ui.records.settings import Settings
from game.ui.records.shared import Shared, Step
from game.ui.records.storage import Storage
from game.ui.text.messages import Messages
from game.web.clipboard import copy
from game.web.elements import found


class Host(Protocol):
    """What the daily deal needs of the page."""

    words: Messages

    @property
    def game(self) -> Solitaire: ...
    @property
    def settings(self) -> Settings: ...
    def announce(self, text: str, add: bool = False) -> None: ...
    def elapsed(self) -> float: ...
    def replay_link(self) -> str: ...
    def kind(self) -> str: ...
    def canonical_hash(self, canonical: str) -> None: ...
    def load_hash(self, _event: Any = None) -> None: ...
    def say_with_deal(self, text: str) -> None: ...
    def deal(self, kind: str, push: bool = True) -> None: ...
    @property
    def replay_shown(self) -> bool: ...


class IntlDates:
    """Dates named by the browser's ``Intl.DateTimeFormat`` in the page's language (Western
    digits, as the rest of the page). A daily's date is a calendar date (the player's local
    one): it is made and named in UTC alike, so that no time zone names the day before."""

    def __init__(self, lang: str) -> None:
        self.lang = f"{lang}-u-nu-latn"

    def _format(self, when: date, **options: str) -> str:
        fmt = window.Intl.DateTimeFormat.new(
            self.lang,
            to_js({**options, "timeZone": "UTC"}, dict_converter=window.Object.fromEntries),
        )
        return str(
            fmt.format(window.Date.new(window.Date.UTC(when.year, when.month - 1, when.day)))
        )

    def month(self, year: int, month: int) -> str:
        return self._format(date(year, month, 1), month="long", year="numeric")

    def weekday(self, index: int, long: bool) -> str:
        day = date(2026, 11, 30) + timedelta(days=index)  # a Monday, then the week
        if long:
            return self._format(day, weekday="long")
        short = self._format(day, weekday="short")  # a column is narrow: "Mon", else "M"
        return short if len(short) <= 3 else self._format(day, weekday="narrow")

    def day(self, day: date, long: bool) -> str:
        if long:
            return self._format(day, weekday="long", day="numeric", month="long", year="numeric")
        return self._format(day, day="numeric", month="short")


class Dailies:
    """Today's deals, the record of dailies played, the lists' grades, and a challenge."""

    def __init__(self, host: Host, storage: Storage) -> None:
        self.host = host
        self.storage = storage
        self.words = host.words
        self.dates: calendar.DateNames = IntlDates(host.words.lang)
        self.shared = Shared(
            storage,
            daily_record.KEY,
            daily_record.Record.from_json,
            daily_record.Record.to_json,
            daily_record.Record(),
            "damaged_daily",
        )
        today, east = self.today(), self.offset() > 0
        moved = self.shared.change(lambda r: r.on_local_dates(today, east))  # of UTC days
        self.notice = self.shared.notice or moved  # said with the first deal
        self.pools: dict[str, tuple[str, ...]] = {}
        self.lists: dict[str, dict[str, str]] = {}
        self.on: date | None = None  # the date whose daily is on the table
        self.challenge: tuple[str, Challenge] | None = None  # the deal and the result to beat
        self.shown_month: tuple[int, int] | None = None
        self.tasks: set[asyncio.Task[None]] = set()  # held: a task nobody holds may be dropped
        self.ready = False  # the lists are read once the page is ready, not on the boot's way

    @property
    def record(self) -> daily_record.Record:
        """The record in force: as stored, with this tab's changes the store refused."""
        return self.shared.value

    def offset(self) -> float:
        """The minutes this browser's clock is ahead of UTC now."""
        return -float(window.Date.new().getTimezoneOffset())

    def today(self) -> date:
        """The player's date (their clock's), or the test's."""
        return daily.today(str(window.location.search), float(window.Date.now()), self.offset())

    def later(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- the shipped files -----------------------------------------------------------------
    async def _text(self, path: str) -> str:
        try:
            response = await window.fetch(path)
            return str(await response.text()) if response.ok else ""
        except Exception:  # noqa: BLE001  offline and not cached: no list
            return ""

    async def pool(self, kind: str) -> tuple[str, ...]:
        """A proven kind's pool (kept once read; a failed fetch is tried again next time)."""
        if kind in daily.PROVEN and kind not in self.pools:
            pool = daily.parse_pool(await self._text(daily.pool_path(kind)), kind)
            if pool:
                self.pools[kind] = pool
        return self.pools.get(kind, ())

    async def winnable(self, kind: str) -> dict[str, str]:
        """The proven winnable deals of ``kind`` with their grades (fetched once)."""
        if kind not in self.lists:
            self.lists[kind] = deals.parse_list(await self._text(deals.list_path(kind)), kind)
        return self.lists[kind]

    async def winnable_code(self, kind: str, dealt: set[str]) -> deals.Pick:
        """A deal for New deal from the winnable list, of the grade chosen in Settings: not
        one of ``dealt`` (the deal on the table, those New deal gave already), not one played
        (a game kept), not a daily of the month to come (dealt early)."""
        grade = self.host.settings.grade
        listed = await self.winnable(kind)
        avoid = {*dealt, *await self.coming(kind), *self.storage.saved_codes()}
        return deals.pick(listed, grade, avoid, random.Random())

    async def coming(self, kind: str, days: int = 31) -> list[str]:
        """The dailies of ``kind`` from today on, for ``days`` days (none for an unproven one)."""
        pool = await self.pool(kind)
        if not pool:
            return []
        today = self.today()
        return [daily.daily(kind, today + timedelta(days=i), pool).code for i in range(days)]

    # --- today's deal ------------------------------------------------------------------------
    def known(self, kind: str, day: date) -> daily.Daily | None:
        """The daily of ``kind`` on ``day`` if it is known without a download."""
        if kind in daily.PROVEN and kind not in self.pools:
            return None
        try:
            return daily.daily(kind, day, self.pools.get(kind, ()))
        except ValueError:
            return None

    def code_on(self, kind: str, iso: str) -> str | None:
        """The daily code of ``kind`` on the date ``iso`` if known here (a test hook)."""
        day = daily.parse_day(str(iso))
        known = self.known(str(kind), day) if day is not None else None
        return known.code if known is not None else None

    async def todays(self, kind: str) -> daily.Daily | None:
        await self.pool(kind)
        return self.known(kind, self.today())

    def opening_text(self, today: daily.Daily) -> str:
        """Said as a daily opens: its game and date, and whether it is proven winnable."""
        said = self.words.text(
            "daily_opened",
            game=self.words.text(f"game_{today.kind}"),
            date=self.dates.day(today.day, True),
        )
        return f"{said} {self.words.text('daily_proven' if today.proven else 'daily_unproven')}"

    async def open(self, _event: Any = None) -> None:
        """The menu's "Daily deal": today's deal of the game in the picker."""
        await self.go(self.host.kind(), push=True)

    async def go(self, kind: str, push: bool) -> None:
        """Today's deal of ``kind`` by its ordinary code (a history entry with ``push``)."""
        today = await self.todays(kind)
        if today is None:  # its pool could not be read: a deal of that game all the same
            missing = self.words.text("daily_missing")
            if push:
                self.host.say_with_deal(missing)  # said as the hash's new deal starts
                self.host.deal(kind)
            else:
                self.host.deal(kind, push=False)
                self.host.announce(missing)
            return
        said = self.opening_text(today)
        if today.code == self.host.game.code and not self.host.replay_shown:
            self.host.canonical_hash(f"#{today.code}")
            self.on_table(self.host.game)
            self.host.announce(said)
            return
        self.host.say_with_deal(said)
        if push:
            window.location.hash = today.code  # the hashchange handler starts it: one path
        else:
            window.history.replaceState(None, "", f"#{today.code}")
            self.host.load_hash()

    def last_kind(self, fallback: str) -> str:
        """The game last played: the newest saved game's."""
        codes = self.storage.saved_codes()
        return GameCode.parse(codes[0]).kind if codes else fallback

    # --- the deal on the table ---------------------------------------------------------------
    def on_table(self, g: Solitaire) -> None:
        """A game took the table: is it a daily (and whose date), its grade, a challenge."""
        self.on = None
        body = document.body
        body.removeAttribute("data-daily")
        for note in (found().stat_daily, found().stat_grade):
            note.hidden = True
        self.show_challenge(g)
        if g.code is not None and self.ready:
            self.later(self.notes(g.code))

    def page_ready(self) -> None:
        """The page is ready: the first deal's notes (daily, grade) now."""
        self.ready = True
        self.on_table(self.host.game)
        self.fill()  # the Statistics dialog's calendar, before it is first opened

    async def notes(self, code: str) -> None:
        kind = GameCode.parse(code).kind
        day = await self.date_of(code)
        grade = (await self.winnable(kind)).get(code)
        if self.host.game.code != code:  # another game took the table meanwhile
            return
        if day is not None:
            self.on = day
            document.body.dataset.daily = day.isoformat()
            note = found().stat_daily
            note.textContent = self.words.text("daily_badge", date=self.dates.day(day, False))
            note.hidden = False
            self.caught_up(self.host.game)
        if grade is not None:
            note = found().stat_grade
            note.textContent = self.words.text(f"grade_{grade}")
            note.dataset.grade = grade
            note.hidden = False

    async def date_of(self, code: str) -> date | None:
        """The date ``code`` is the daily of: today's, or yesterday's if it was begun as that
        (a daily started before midnight and finished after counts for its own date); a pool
        comes round again after a year or two, so an older date is not looked for."""
        kind = GameCode.parse(code).kind
        today = await self.todays(kind)
        if today is None:
            return None
        if today.code == code:
            return today.day
        yesterday = self.known(kind, today.day - timedelta(days=1))
        if yesterday is None or yesterday.code != code:
            return None
        return yesterday.day if self.record.entry(yesterday.day, kind) is not None else None

    def caught_up(self, g: Solitaire) -> None:
        """The daily's date is known now (its list came late): what was played of it before
        is kept now, a win with its moves and time (its clock stopped with the win)."""
        if self.host.replay_shown:  # a replay's moves are not the player's
            return
        if g.status == "won":
            self.won(g, self.host.elapsed())
        else:
            self.played(g)

    def daily_of(self, g: Solitaire) -> tuple[date, str] | None:
        """The date and code of ``g`` if it is the player's own game of the daily on the
        table (a game continued from a replay is not)."""
        if self.on is None or g.code is None or self.storage.continued(g):
            return None
        return self.on, g.code

    def played(self, g: Solitaire) -> None:
        if (mine := self.daily_of(g)) is not None and g.line:
            day, code = mine
            self.keep(lambda r: r.played(day, code))

    def won(self, g: Solitaire, elapsed_ms: float) -> None:
        if (mine := self.daily_of(g)) is not None:
            (day, code), moves = mine, g.moves
            self.keep(lambda r: r.won(day, code, moves, elapsed_ms))
        self.show_challenge(g)

    def hinted(self, g: Solitaire) -> None:
        if (mine := self.daily_of(g)) is not None:
            day, code = mine
            self.keep(lambda r: r.hinted(day, code))

    def keep(self, step: Step[daily_record.Record]) -> None:
        """``step`` made to the stored record (nothing is written when it changes nothing);
        said if it could not be kept."""
        notice = self.shared.change(step)
        if notice:
            self.host.announce(self.words.text(notice), add=True)
        if found().stats_dialog.open:
            self.fill()

    def stored(self, event: Any) -> None:
        """Another tab wrote the record (a ``storage`` event): the calendar shows it now."""
        if event.key not in (None, daily_record.KEY):
            return
        if self.shared.reread() and found().stats_dialog.open:
            self.fill()

    # --- sharing and challenging -------------------------------------------------------------
    def address(self) -> str:
        location = window.location
        return f"{location.origin}{location.pathname}"

    def challenge_link(self, g: Solitaire, elapsed_ms: float) -> str:
        """The deal on the table with its result (moves, time) to beat."""
        return f"{self.address()}#{g.code}{Challenge.of(g.moves, elapsed_ms).suffix()}"

    def share_text(self, g: Solitaire, elapsed_ms: float) -> str | None:
        """A daily win's spoiler-free text and its link; None for any other game (one
        continued from a replay too: its win is not the player's own daily)."""
        if self.daily_of(g) is None or self.on is None or g.code is None or g.status != "won":
            return None
        entry = self.record.entry(self.on, GameCode.parse(g.code).kind)
        hints = entry.hints if entry is not None else 0
        name = self.words.text(f"game_{GameCode.parse(g.code).kind}")
        text = calendar.share_text(
            name, self.dates.day(self.on, True), g.moves, elapsed_ms, hints, self.words
        )
        return f"{text}\n{self.challenge_link(g, elapsed_ms)}"

    async def share(self, _event: Any = None) -> None:
        """The won dialog's "Share": a daily's spoiler-free text and link, shown in the dialog
        to copy by hand too; else the replay link of this game, which holds the whole game
        (a thousand characters and more): copied and said, shown only where the clipboard
        failed, as one line to select."""
        g, shown = self.host.game, found().won_share
        text = self.share_text(g, self.host.elapsed())
        if text is None:
            link = self.host.replay_link()
            copied = await copy(link, self.host.announce, self.words, "replay_link")
            text = self.words.text("replay_link_copied") if copied else link
            shown.classList.toggle("one-line", not copied)
        else:
            await copy(text, self.host.announce, self.words, "daily_share")
            shown.classList.remove("one-line")
        shown.textContent = text

    def challenges(self, g: Solitaire) -> bool:
        """Whether a win of ``g`` makes a challenge: not one continued from a replay (its
        moves and time up to there are the replay's, not the player's)."""
        return not self.storage.continued(g)

    async def challenge_friend(self, _event: Any = None) -> None:
        """The won dialog's "Challenge": a link with the deal and this result to beat."""
        url = self.challenge_link(self.host.game, self.host.elapsed())
        await copy(url, self.host.announce, self.words, "challenge")
        found().won_share.classList.remove("one-line")
        found().won_share.textContent = url

    def show_challenge(self, g: Solitaire) -> None:
        """The banner: the result to beat while its deal is played, the comparison once won."""
        box = found().challenge
        if self.challenge is None or self.challenge[0] != g.code:
            box.hidden = True
            return
        result = self.challenge[1]
        if g.status == "won":
            text = result.result(g.moves, self.host.elapsed(), self.words)
            box.dataset.verdict = result.verdict(g.moves, self.host.elapsed())
        else:
            text = result.banner(self.words)
            box.removeAttribute("data-verdict")
        found().challenge_text.textContent = text  # text only: the numbers came in a link
        box.hidden = False

    # --- the calendar in the Statistics dialog ----------------------------------------------
    def fill(self, month: tuple[int, int] | None = None, focus: date | None = None) -> None:
        now = self.today()
        year, mon = month or self.shown_month or (now.year, now.month)
        self.shown_month = (year, mon)
        if focus is None or (focus.year, focus.month) != (year, mon):
            focus = now if (now.year, now.month) == (year, mon) else date(year, mon, 1)
        page = found()
        page.daily_streak.textContent = str(self.record.streak(now))
        page.daily_best.textContent = str(self.record.best_streak())
        page.calendar_title.textContent = self.dates.month(year, mon)
        page.calendar.innerHTML = calendar.calendar_html(
            year, mon, self.record, now, focus, self.words, self.dates
        )

    def opened(self) -> None:
        """The Statistics dialog opens on this month."""
        self.shown_month = None
        self.fill()

    def turn(self, by: int) -> None:
        year, mon = self.shown_month or (self.today().year, self.today().month)
        self.fill(daily.shift_month(year, mon, by))

    def previous_month(self, _event: Any = None) -> None:
        self.turn(-1)

    def next_month(self, _event: Any = None) -> None:
        self.turn(1)

    def on_key(self, event: Any) -> None:
        """Arrow keys, Home and End move between the days (into the next month too)."""
        cell = event.target.closest("[data-day]")
        if cell is None:
            return
        day = daily.parse_day(str(cell.dataset.day))
        rtl = str(document.documentElement.dir) == "rtl"
        target = daily.grid_step(str(event.key), day, rtl) if day is not None else None
        if target is None:
            return
        event.preventDefault()
        self.fill((target.year, target.month), target)
        found().calendar.querySelector(f'[data-day="{target.isoformat()}"]').focus()
