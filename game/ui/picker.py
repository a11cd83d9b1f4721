"""The game picker, as pure decisions: its groups (favourites, the games played lately, then
each family, its relatives by what they change), the search by name in the page's language,
its rows' markup and where its keys move the focus. The browser side is ``game/web/picker.py``.

Each game's group and its row's notes are its view's (``GameView.shelf``, ``GameView.notes``):
a new game lands in its group from its record alone.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from game.kinds import FAMILIES, REGISTRY, Kind

from .games import VIEWS
from .text.messages import Messages

RECENT_SHOWN = 4  # the games played lately listed first: a phone's screen shows them at once


@dataclass(frozen=True)
class Row:
    """One game in the list: its code, its name and its notes in the page's language."""

    kind: str
    name: str
    notes: str


@dataclass(frozen=True)
class Group:
    """A heading and its games. ``level`` 3 is a group of its own, 4 one inside a family."""

    key: str  # the catalog key of its heading
    title: str
    rows: tuple[Row, ...]
    level: int = 3


APOSTROPHES = "'’ʼ`´"


def fold(text: str) -> str:
    """``text`` as the search compares it: lower case, without accents, Arabic vowel marks or
    apostrophes, other punctuation a space ("Napoleons" finds "Napoleon's", "еще" finds "Ещё",
    "Regle" finds "Règle")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = (
        c if c.isalnum() else " "
        for c in decomposed
        if unicodedata.category(c) != "Mn" and c not in APOSTROPHES
    )
    return " ".join("".join(kept).split())


def matches(query: str, row: Row, english: str) -> bool:
    """Whether every word of ``query`` is part of the game's name, in the page's language or
    in English (a name in another script is often known by its English one), or of its code;
    spaces in a name may be left out ("thirtynine")."""
    names = (fold(row.name), fold(english), fold(row.kind))
    haystack = " ".join((*names, *(name.replace(" ", "") for name in names)))
    return all(word in haystack for word in fold(query).split())


def row_of(kind: Kind, words: Messages) -> Row:
    notes = VIEWS[kind.view_key].notes(kind.rules, words)
    return Row(kind.code, words.text(f"game_{kind.code}"), " · ".join(notes))


def family_groups(words: Messages, kinds: Iterable[Kind] = REGISTRY) -> tuple[Group, ...]:
    """Every game by family (``group_<GAME>``), then, inside a family, by what its view says
    it changes (``picker_builds_colour``…), each in the order of the records."""
    kinds = tuple(kinds)
    groups: list[Group] = []
    for family in dict.fromkeys(FAMILIES.values()):  # (FT1 and FT2: one family)
        members = [k for k in kinds if k.family is family]
        if not members:
            continue
        shelves: dict[str, list[Row]] = {}
        for kind in members:
            shelves.setdefault(VIEWS[kind.view_key].shelf(kind.rules), []).append(
                row_of(kind, words)
            )
        own = tuple(shelves.pop("", ()))
        groups.append(Group(f"group_{family.game}", words.text(f"group_{family.game}"), own))
        groups.extend(
            Group(key, words.text(key), tuple(rows), level=4) for key, rows in shelves.items()
        )
    return tuple(groups)


def groups(
    words: Messages,
    favourites: tuple[str, ...] = (),
    recent: tuple[str, ...] = (),
    query: str = "",
) -> tuple[Group, ...]:
    """The picker's list. Without a search: the favourites, the games played lately (not
    those already among the favourites), then every game by family. With one: only the
    games whose name has every word of it, by family (a family or group left with none is
    not there)."""
    by_code = {kind.code: kind for kind in REGISTRY}
    if searching(query):
        found = [k for k in REGISTRY if matches(query, row_of(k, words), k.name)]
        return family_groups(words, found)
    first: list[Group] = []
    liked = tuple(by_code[k] for k in favourites if k in by_code)
    if liked:
        rows = tuple(row_of(k, words) for k in liked)
        first.append(Group("picker_favourites", words.text("picker_favourites"), rows))
    lately = [by_code[k] for k in recent if k in by_code and k not in favourites]
    if lately:
        rows = tuple(row_of(k, words) for k in lately[:RECENT_SHOWN])
        first.append(Group("picker_recent", words.text("picker_recent"), rows))
    return (*first, *family_groups(words))


def searching(query: str) -> bool:
    """Whether ``query`` searches at all (an apostrophe or a dash alone does not)."""
    return bool(fold(query))


def shown(listed: tuple[Group, ...]) -> int:
    """How many games the list shows (a game in two groups counts once)."""
    return len({row.kind for group in listed for row in group.rows})


def markup(
    listed: tuple[Group, ...], current: str, favourites: tuple[str, ...], words: Messages
) -> str:
    """The list (markup): a heading per group (a group, not a landmark: seven regions in one
    dialog would crowd a screen reader's list of them; a family's own groups inside its
    group), and per game a button that picks it (its
    notes inside it, so that a screen reader reads them with the name) and a star that makes
    it a favourite, a toggle button. The game on the table is ``aria-current``. Only the
    catalog's words go in, escaped all the same."""
    parts: list[str] = []
    for number, group in enumerate(listed):
        heading = f"picker-h{number}"
        if group.level == 3 and parts:
            parts.append("</div>")  # the family before it ends, its own groups inside it
        parts.append(
            f'<div role="group" class="pick-group level-{group.level}" aria-labelledby="{heading}">'
            f'<h{group.level} id="{heading}">{html.escape(group.title)}</h{group.level}>'
        )
        if group.rows:
            parts.append("<ul>" + "".join(_row(r, current, favourites, words) for r in group.rows))
            parts.append("</ul>")
        if group.level == 4:
            parts.append("</div>")
    return "".join(parts) + ("</div>" if parts else "")


def _row(row: Row, current: str, favourites: tuple[str, ...], words: Messages) -> str:
    name = html.escape(row.name)
    here = ' aria-current="true"' if row.kind == current else ""
    liked = row.kind in favourites
    star = words.text("picker_favourite", game=row.name)
    return (
        f'<li><button type="button" class="pick" data-pick="{row.kind}" tabindex="-1"{here}>'
        f'<span class="pick-name">{name}</span> '  # (a space: the name and notes read apart)
        f'<span class="pick-notes">{html.escape(row.notes)}</span></button>'
        f'<button type="button" class="star" data-star="{row.kind}" tabindex="-1" '
        f'aria-pressed="{str(liked).lower()}" aria-label="{html.escape(star)}">'
        f'<span aria-hidden="true">{"★" if liked else "☆"}</span></button></li>'
    )


# --- the keys ---------------------------------------------------------------------------------
SEARCH = -1  # the search field, above the list's first game


def step(key: str, current: int, count: int) -> int | None:
    """The game ``key`` moves the focus to from game ``current`` of ``count`` (its name or its
    star: the same row), or :data:`SEARCH`: Down and Up go along the list and stop at its
    ends, Up from the first goes back to the search; Home and End jump. None for other keys."""
    if count == 0:
        return SEARCH if key == "ArrowUp" else None
    moves = {
        "ArrowDown": min(current + 1, count - 1),
        "ArrowUp": current - 1 if current > 0 else SEARCH,
        "Home": 0,
        "End": count - 1,
    }
    return moves.get(key)


def across(key: str, rtl: bool) -> int | None:
    """Which of a row's two buttons the key moves to: 0 the game, 1 its star (after the name
    in the reading direction, so the arrows are mirrored right to left); None for other keys."""
    ahead, back = ("ArrowLeft", "ArrowRight") if rtl else ("ArrowRight", "ArrowLeft")
    return {ahead: 1, back: 0}.get(key)


def types(key: str) -> bool:
    """Whether a key pressed in the list (no Ctrl, Alt or Meta) is typing (a letter, a digit;
    a space is Enter's twin and is not): it goes to the search field."""
    return len(key) == 1 and not key.isspace()
