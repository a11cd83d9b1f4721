"""Everything the site keeps in the browser, behind one versioned, validated door (pure).

What a browser hands back may be anything: another version's format, a value edited by hand,
a nested array 100,000 levels deep, ``NaN``, a key named ``__class__``. Nothing read here is
trusted: text is size-capped and depth-checked before it is parsed, every field is checked
for type and range, unknown fields are dropped, and a saved game is rebuilt by replaying its
moves through the engine's checked API from its deal, so what is resumed is a position the
rules can reach from that code. Whatever fails is set aside under ``<key>.corrupt`` and
reported once; it never stops the page.

Games are saved per deal code (two tabs on two deals keep two games), the most recent
:data:`MAX_GAMES`; when the browser's quota is full, older games are evicted first, and if a
save still fails the game plays on unsaved.
"""

from __future__ import annotations

import json
import math
import weakref
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Protocol

import game
from game import CodeError, GameCode, IllegalLine, Move
from game.position import MAX_COUNTER

SCHEMA = 2
SCHEMA_START = 3  # a save whose moves start from a position it holds, not from the deal
SETTINGS_KEY = "solitaire.settings"
GAME_PREFIX = "solitaire.game."  # + the deal code
LEGACY_GAME_KEY = "solitaire.game"  # schema 1: one slot, {code, position, elapsed}
CORRUPT = ".corrupt"  # suffix of a value set aside
MAX_GAMES = 50
MAX_CHARS = 100_000  # a save's line is ~6 characters a move; 100k is far above any game
MAX_DEPTH = 8  # nesting of JSON arrays and objects; our formats need 2
MAX_LINE = 5_000  # moves in a saved line
MAX_POSITION = 2_000  # characters of a position's text (104 cards: about 600)
MAX_ELAPSED_MS = 1000.0 * 60 * 60 * 24 * 365  # a year of play


class QuotaExceeded(Exception):
    """The store refused a write: the browser's storage for this site is full."""


class Store(Protocol):
    """The part of ``localStorage`` this module uses (the page wraps the real one)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Raises :class:`QuotaExceeded` when the store is full."""
        ...

    def remove(self, key: str) -> None: ...

    def names(self) -> list[str]:
        """Every key stored."""
        ...


class Damaged(ValueError):
    """A stored value that cannot be used; the message says why (for the console)."""


def read_json(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> object:
    """Parse stored JSON with bounds: size first, then nesting (Python's parser recurses and
    would fail on 100k levels), then ``NaN``/``Infinity`` refused and non-finite numbers
    (``1e400``) rejected. Raises :class:`Damaged`."""
    if not isinstance(text, str) or len(text) > max_chars:
        raise Damaged(f"not text of at most {max_chars} characters")
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise Damaged(f"nested deeper than {max_depth}")
        elif ch in "]}":
            depth -= 1

    def refuse(word: str) -> object:
        raise Damaged(f"{word} is not a number")

    def finite(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            raise Damaged(f"{number[:20]} is out of range")
        return value

    try:
        return json.loads(text, parse_constant=refuse, parse_float=finite)
    except ValueError as err:
        raise Damaged(f"not JSON: {str(err)[:80]}") from None


@dataclass(frozen=True)
class SavedGame:
    """A game in progress: its deal, the moves played from the deal (undone ones taken off),
    the moves redo would play, the move counter, the time played and when it was saved.

    ``start`` is the position the moves start from when that is not the deal: a game
    migrated from schema 1, which kept a position and no moves. Such a save is schema 3, so
    that a version that would replay its moves from the deal sets it aside instead."""

    code: str
    line: tuple[Move, ...]
    redo: tuple[Move, ...] = ()
    moves: int = 0
    elapsed_ms: float = 0.0
    saved_ms: float = 0.0
    start: str | None = None
    replayed: bool = False  # continued from a replay: not the player's own (not counted)

    @classmethod
    def of(
        cls, g: game.Solitaire, elapsed_ms: float, now_ms: float, replayed: bool = False
    ) -> SavedGame:
        """``g`` as it is kept: a game whose moves are more than its reader replays
        (:data:`MAX_LINE`) is kept from where it stands, its undo history left behind, so
        that whatever is written is read back."""
        if g.code is None:
            raise ValueError("only a game dealt from a code is saved")
        moves, elapsed_ms = min(g.moves, MAX_COUNTER), min(max(elapsed_ms, 0.0), MAX_ELAPSED_MS)
        if len(g.line) + len(g.redo_line) > MAX_LINE:
            return cls(g.code, (), (), moves, elapsed_ms, now_ms, g.position(), replayed)
        return cls(g.code, g.line, g.redo_line, moves, elapsed_ms, now_ms, g.origin, replayed)

    def restore(self) -> game.Solitaire:
        """The game itself, rebuilt through the engine's checked API: a line the rules refuse
        raises :class:`Damaged`."""
        start = game.new(self.code) if self.start is None else _start(self.start, self.code)
        try:
            g = game.replay(start, [*self.line, *self.redo])
        except IllegalLine as err:
            raise Damaged(str(err)) from None
        for _ in self.redo:
            g.undo()
        if self.moves >= g.moves:
            g.moves = self.moves  # Forty Thieves counts undone actions too
        return g

    def to_json(self) -> str:
        fields: dict[str, object] = {"v": SCHEMA if self.start is None else SCHEMA_START}
        fields["code"] = self.code
        if self.start is not None:
            fields["start"] = self.start
        return json.dumps(
            {
                **fields,
                "line": " ".join(m.text() for m in self.line),
                "redo": " ".join(m.text() for m in self.redo),
                "moves": self.moves,
                "elapsed": round(self.elapsed_ms),
                "saved": round(self.saved_ms),
                **({"replayed": True} if self.replayed else {}),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Validate a stored game strictly (schema :data:`SCHEMA`, or :data:`SCHEMA_START`
        with its ``start``); :class:`Damaged` if not."""
        data = read_json(text)
        if not isinstance(data, dict) or data.get("v") not in (SCHEMA, SCHEMA_START):
            raise Damaged("not a saved game of this version")
        code = stored_code(data.get("code"))
        start = None
        if data["v"] == SCHEMA_START:
            start = data.get("start")
            if not isinstance(start, str) or len(start) > MAX_POSITION:
                raise Damaged("no starting position")
        return cls(
            code,
            _line(data.get("line")),
            _line(data.get("redo", "")),
            _count(data.get("moves", 0), "moves", MAX_COUNTER),
            _number(data.get("elapsed", 0), "elapsed", MAX_ELAPSED_MS),
            _number(data.get("saved", 0), "saved", 1e15),
            start,
            data.get("replayed", False) is True,
        )


def _start(position: str, code: str) -> game.Solitaire:
    """The game a saved ``start`` position holds, under ``code`` (its line starts there);
    :class:`Damaged` unless it is a position of ``code``'s game."""
    try:
        g = game.from_position(position)
    except game.PositionError as err:
        raise Damaged(str(err)[:80]) from None
    try:
        rules = type(game.new(code))  # a relative of Forty Thieves has rules of its own
    except game.CodeError as err:
        raise Damaged(str(err)[:80]) from None
    if type(g) is not rules:
        raise Damaged(f"a {g.WORD} position under {code}")
    g.code, g.origin = code, g.position()
    return g


def stored_code(value: object) -> str:
    """A game code read from stored JSON (a save, the statistics), or :class:`Damaged`."""
    if not isinstance(value, str) or len(value) > 20:
        raise Damaged("no game code")
    try:
        return str(GameCode.parse(value))
    except CodeError as err:
        raise Damaged(str(err)) from None


def _line(value: object) -> tuple[Move, ...]:
    if not isinstance(value, str):
        raise Damaged("a line is text")
    words = value.split()
    if len(words) > MAX_LINE:
        raise Damaged(f"more than {MAX_LINE} moves")
    try:
        return tuple(Move.from_text(w) for w in words)
    except ValueError as err:
        raise Damaged(str(err)[:80]) from None


def _count(value: object, name: str, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise Damaged(f"{name} is not a whole number from 0 to {limit}")
    return value


def _number(value: object, name: str, limit: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Damaged(f"{name} is not a number")
    number = float(value)
    if not (math.isfinite(number) and 0 <= number <= limit):
        raise Damaged(f"{name} is out of range")
    return number


Setting = bool | str  # a switch, or a choice (a short string that ``Settings`` checks)


def read_settings(text: str | None, defaults: Mapping[str, Setting]) -> dict[str, Setting]:
    """Stored settings over the defaults: known names with values of the default's type only;
    anything else is ignored (a stored ``__class__`` is just an unknown name). Raises
    :class:`Damaged` when the whole value is unusable."""
    settings = dict(defaults)
    if text is None:
        return settings
    data = read_json(text)
    if not isinstance(data, dict):
        raise Damaged("settings are not an object")
    for name, value in data.items():
        if name in settings and type(value) is type(settings[name]) and len(str(value)) <= 20:
            settings[name] = value
    return settings


@dataclass(frozen=True)
class Loaded:
    """What :meth:`Storage.load_game` found: a game and its time, or nothing; ``notice`` is a
    message key to show once (a damaged save set aside)."""

    game: game.Solitaire | None = None
    elapsed_ms: float = 0.0
    notice: str | None = None


class Storage:
    """The site's stored state over any :class:`Store`; never raises on what it reads."""

    def __init__(self, store: Store, log: Callable[[str], None] = lambda _message: None) -> None:
        self.store = store
        self.log = log  # the console: why something was set aside
        self.save_failed = False  # a write failed since the last one that worked
        self.records_failed = False  # the same for the records (``shared``), said once
        self.continued_games: weakref.WeakSet[game.Solitaire] = weakref.WeakSet()  # continued()

    # --- games ------------------------------------------------------------------------------
    def load_game(self, code: str) -> Loaded:
        """The game saved for ``code`` (a schema 1 save of that code is migrated)."""
        key = GAME_PREFIX + code
        text = self._get(key)
        if text is None:
            return self._migrate(code)
        try:
            saved = SavedGame.from_json(text)
            if saved.code != code:
                raise Damaged(f"holds {saved.code}, not {code}")
            restored = saved.restore()
            if saved.replayed:
                self.continued_games.add(restored)
            return Loaded(restored, saved.elapsed_ms)
        except Damaged as err:
            self.set_aside(key, text, str(err))
            return Loaded(notice="damaged_save")

    def save_game(self, g: game.Solitaire, elapsed_ms: float, now_ms: float) -> bool:
        """Save ``g`` under its code; on a full quota, evict the oldest other games and try
        again. False if it could not be saved (the game plays on)."""
        if g.code is None or not (g.line or g.redo_line or g.origin):
            return True  # a position of the tests, or a deal not played yet: nothing to keep
        saved = SavedGame.of(g, elapsed_ms, now_ms, self.continued(g))
        key, text = GAME_PREFIX + g.code, saved.to_json()
        if self._set(key, text, lambda: self._oldest_games(other_than=key)):
            self.save_failed = False
            self._trim()
            return True
        self.save_failed = True
        return False

    def from_replay(self, g: game.Solitaire) -> None:
        """``g`` is continued from a replay ("Play from here"): marked so, with its save."""
        self.continued_games.add(g)

    def continued(self, g: game.Solitaire) -> bool:
        """Whether ``g`` was continued from a replay: its moves up to there are the replay's,
        so its win is not the player's own, and it is counted nowhere (statistics, daily)."""
        return g in self.continued_games

    def kept_game(self, code: str) -> SavedGame | None:
        """The save of ``code``, read and changing nothing (None if there is none, or it is
        damaged): what "Play from here" would replace."""
        text = self._get(GAME_PREFIX + code)
        if text is None:
            return None
        try:
            return SavedGame.from_json(text)
        except Damaged:
            return None

    def forget_game(self, code: str) -> None:
        """Restart this deal: its save goes."""
        self._remove(GAME_PREFIX + code)

    def saved_codes(self) -> list[str]:
        """Codes with a saved game, most recently saved first."""
        return [key[len(GAME_PREFIX) :] for key in self._games_by_age()][::-1]

    # --- settings ---------------------------------------------------------------------------
    def load_settings(
        self, defaults: Mapping[str, Setting]
    ) -> tuple[dict[str, Setting], str | None]:
        """The settings and a notice key if stored ones were damaged (and set aside)."""
        text = self._get(SETTINGS_KEY)
        try:
            return read_settings(text, defaults), None
        except Damaged as err:
            self.set_aside(SETTINGS_KEY, text or "", str(err))
            return dict(defaults), "damaged_settings"

    def save_settings(self, settings: Mapping[str, Setting]) -> bool:
        try:
            self.store.set(SETTINGS_KEY, json.dumps(dict(settings)))
        except Exception:  # noqa: BLE001  settings that cannot be kept are still in force
            return False
        return True

    # --- other versioned values (statistics): read and written whole, checked by their owner --
    def read(self, key: str) -> str | None:
        return self._get(key)

    def write(self, key: str, text: str, make_room: bool = False) -> bool:
        """False if the store refused (full, or switched off): the value is still in force.
        ``make_room``: on a full quota, values set aside and then the oldest saved games go
        first (never the newest, the game on the table), as a save makes room."""

        def victims() -> list[str]:
            if not make_room:
                return []
            corrupt = [k for k in self._keys() if k.endswith(CORRUPT)]
            return corrupt + self._games_by_age()[:-1]

        return self._set(key, text, victims)

    # --- set aside ----------------------------------------------------------------------------
    def set_aside(self, key: str, text: str, why: str) -> None:
        """Move a damaged value out of the way (kept, capped, for a bug report) and say why."""
        self.log(f"set aside {key}: {why}")
        self._remove(key)
        with suppress(Exception):  # no room even for that: it is gone, the page goes on
            self.store.set(key + CORRUPT, text[:MAX_CHARS])

    # --- inside -------------------------------------------------------------------------------
    def _set(self, key: str, text: str, victims: Callable[[], list[str]]) -> bool:
        """Store ``text``; on a full quota remove ``victims()`` one by one (asked for only
        then: saves are frequent) until it fits. False if it could not be stored."""
        gone: list[str] | None = None
        while True:
            try:
                self.store.set(key, text)
            except QuotaExceeded:
                if gone is None:
                    gone = victims()
                if not gone:
                    return False
                self._remove(gone.pop(0))
            except Exception as err:  # noqa: BLE001  a store may fail in any way: play on
                self.log(f"keeping {key} failed: {err}")
                return False
            else:
                return True

    def _migrate(self, code: str) -> Loaded:
        """Schema 1 kept one game as a position (no moves): resumed once if it is of this
        code's game, and kept at once the new way, as a save that starts from that position
        (its moves from then on are played from there, forever after)."""
        text = self._get(LEGACY_GAME_KEY)
        if text is None:
            return Loaded()
        try:
            data = read_json(text)
            if not isinstance(data, dict):
                raise Damaged("not an object")
            if data.get("code") != code:
                return Loaded()  # another deal's: kept until that deal is opened
            position = data.get("position")
            if not isinstance(position, str) or len(position) > MAX_POSITION:
                raise Damaged("no position")
            g = _start(position, code)
            elapsed = _number(data.get("elapsed", 0), "elapsed", MAX_ELAPSED_MS)
        except Damaged as err:
            self.set_aside(LEGACY_GAME_KEY, text, str(err))
            return Loaded(notice="damaged_save")
        # saved at once (time 0: the page saves it again with the time after its first draw);
        # if it cannot be, the old slot stays and is migrated next time
        if self.save_game(g, elapsed, 0.0):
            self._remove(LEGACY_GAME_KEY)
        return Loaded(g, elapsed)

    def _games_by_age(self) -> list[str]:
        """Saved-game keys, oldest first (a save whose time cannot be read counts as oldest)."""
        dated = []
        for key in self._keys():
            if key.startswith(GAME_PREFIX) and not key.endswith(CORRUPT):
                try:
                    saved = SavedGame.from_json(self._get(key) or "")
                    dated.append((saved.saved_ms, key))
                except Damaged:
                    dated.append((-1.0, key))
        return [key for _, key in sorted(dated)]

    def _oldest_games(self, other_than: str) -> list[str]:
        corrupt = [k for k in self._keys() if k.endswith(CORRUPT)]  # the least useful first
        return corrupt + [k for k in self._games_by_age() if k != other_than]

    def _trim(self) -> None:
        """Keep the newest :data:`MAX_GAMES` (reading their dates only when over the limit:
        a save happens after every move)."""
        count = sum(k.startswith(GAME_PREFIX) and not k.endswith(CORRUPT) for k in self._keys())
        if count > MAX_GAMES:
            for key in self._games_by_age()[: count - MAX_GAMES]:
                self._remove(key)

    def _get(self, key: str) -> str | None:
        try:
            value = self.store.get(key)
        except Exception:  # noqa: BLE001  storage switched off: nothing is stored
            return None
        return value if isinstance(value, str) else None

    def _remove(self, key: str) -> None:
        with suppress(Exception):
            self.store.remove(key)

    def _keys(self) -> list[str]:
        try:
            return [k for k in self.store.names() if isinstance(k, str)]
        except Exception:  # noqa: BLE001
            return []


class MemoryStore:
    """A :class:`Store` in a dict, with a quota in characters: for tests, and for a browser
    whose storage is switched off."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise QuotaExceeded(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def names(self) -> list[str]:
        return list(self.data)
