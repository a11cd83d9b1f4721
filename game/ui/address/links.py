"""What the address bar says, read as data (pure): the deal code in the hash, and whether the
page's test hooks are on.

A hash comes from whoever sent the link: it may hold a stray ``%``, 100 kB, NUL bytes, look-
alike letters or a script tag. :func:`read_hash` never raises; anything that is not a code
becomes a :class:`Link` with a short, printable excerpt to quote in the "not a valid game
code" message, and the page replaces the hash with the deal it starts instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import CodeError, GameCode
from game.codes import KINDS

from ..games import kind_or_default
from ..text.query import query_values, unquote
from .challenge import Challenge, split

MAX_HASH = 256  # a code is 13 characters
MAX_REPLAY_HASH = 12_000  # a replay link: the code, then ~6 characters a move
REPLAY_MARK = "/"  # a replay link: ``#CODE/t1-f2,t6-f5,redeal,...``
MOVE_SEPARATOR = ","
DAILY = "daily"  # ``#daily``: today's daily deal of the game last played (an app shortcut)
EXCERPT = 24  # characters of a bad hash quoted back to the player


@dataclass(frozen=True)
class Link:
    """The hash read: ``code`` if it names a deal, ``kind`` if it names only a game ("CR1-N":
    a new random deal of it, the app's shortcuts), else ``bad`` (an excerpt) if it held
    anything at all. ``canonical`` is the hash the address bar should show for ``code``."""

    code: GameCode | None = None
    bad: str | None = None
    kind: str | None = None
    replay: tuple[str, ...] | None = None  # a replay link's moves, as written (checked later)
    daily: bool = False  # ``#daily``
    challenge: Challenge | None = None  # a challenge link's result to beat (``#CODE~142~391``)

    @property
    def canonical(self) -> str:
        """The code, and the challenge with it (a reload keeps the banner); a broken one goes."""
        if not self.code:
            return ""
        return f"#{self.code}" + (self.challenge.suffix() if self.challenge else "")


def read_hash(raw: str) -> Link:
    """``location.hash`` (with or without its ``#``, still percent-encoded) -> a Link."""
    text = raw[1:] if raw.startswith("#") else raw
    if not text.strip():
        return Link()
    replay = REPLAY_MARK in text[:MAX_HASH]
    if len(text) > (MAX_REPLAY_HASH if replay else MAX_HASH):
        return Link(bad=excerpt(text))
    try:
        decoded = unquote(text, errors="strict")
    except UnicodeDecodeError:  # "%E0%A4%A": escapes that are not UTF-8
        return Link(bad=excerpt(text))
    if decoded.strip().upper() in KINDS:
        return Link(kind=decoded.strip().upper())
    if decoded.strip().lower() == DAILY:
        return Link(daily=True)
    head, mark, tail = decoded.partition(REPLAY_MARK)
    if not mark:  # a challenge: the code, then its result (dropped if forged or broken)
        head, challenge = split(head)
        try:
            return Link(code=GameCode.parse(head), challenge=challenge)
        except CodeError:
            return Link(bad=excerpt(decoded))
    try:
        code = GameCode.parse(head)
    except CodeError:
        return Link(bad=excerpt(decoded))
    return Link(code=code, replay=tuple(w for w in tail.split(MOVE_SEPARATOR) if w.strip()))


def replay_hash(code: str, moves: list[str]) -> str:
    """The hash of a replay link: the code, then the moves in ``Move.text()`` form."""
    return f"#{code}{REPLAY_MARK}{MOVE_SEPARATOR.join(moves)}"


def excerpt(text: str) -> str:
    """At most :data:`EXCERPT` printable characters (controls and NULs shown as ``?``)."""
    short = "".join(ch if ch.isprintable() else "?" for ch in text[:EXCERPT])
    return short + ("…" if len(text) > EXCERPT else "")


def hooks_on(search: str) -> bool:
    """Only an exact ``test`` parameter (``?test``, ``?test=1``, ``?a=b&test``) switches the
    test hooks on; ``?utm_campaign=contest`` and ``?test=0`` do not (static/watchdog.js reads
    it the same way)."""
    return any(value in ("", "1") for value in query_values(search, "test"))


def solver_starts_when_idle(search: str) -> bool:
    """Whether the solver's worker starts by itself once the page is idle (so that a first
    Hint is quick) and looks quietly at each position the player pauses on. Always, but for a
    test (``?test&idle-solver=0``) whose page never needs it unasked: a second Pyodide booting
    beside every short test page, and a search after every pause of the page most tests
    share, cost the suite its time; there a Hint or a check still starts the worker."""
    return not (hooks_on(search) and "0" in query_values(search, "idle-solver"))


HELP_LANGUAGES = ("en", "ar", "bg", "kk", "fr", "ru")  # help/chrome.json's (tests/test_help.py)


def help_href(lang: str, code: str | None) -> str:
    """The help page of the game being played, in the page's language (``<html lang>``, "en"
    when it has no help), with ``#CODE`` so that the help page's way back resumes the deal."""
    base = lang.split("-")[0].lower()
    folder = base if base in HELP_LANGUAGES else HELP_LANGUAGES[0]
    page = kind_or_default(code).help_page
    return f"./help/{folder}/{page}.html" + (f"#{code}" if code else "")
