"""The board view: game state -> SVG markup, the same for every game; what differs (each
game's geometry, captions, regions) is its view's (``games.view_of``). Pure, unit-tested.

Coordinates are SVG user units: a card is 100 x 140. The page sets the SVG ``viewBox`` from
:class:`Layout` and the browser scales it to the window, so the board is crisp at any size.
The whole board is one markup string: the browser layer writes it with a single DOM call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import game
from game.cards import Card

from .games import view_of
from .games.faces import CARD_H, CARD_W, INDEX, RANKS, corner
from .games.geometry import Layout, Rect, Slot, card_scale
from .names import place_label
from .text.messages import Messages

__all__ = ["INDEX", "Layout", "Rect", "Slot", "card_scale"]  # (the geometry, where it was)

SUIT_IDS = "SHDC"
PEEK, PEEK_STEP = 5, 2  # face-down cards shown under a pile's top card, and their offset
RED_SUITS = (1, 2)


def escape(text: str) -> str:
    """Text for an XML attribute. (Not ``html.escape``: importing ``html`` costs ~65 ms of
    every boot under Pyodide, for its table of entities.)"""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


@dataclass
class View:
    """What the UI adds to the game state: selection, highlighted targets, a card arriving."""

    selected: str | None = None
    targets: frozenset[str] = field(default_factory=frozenset)
    arrival: tuple[str, float, float] | None = None  # place whose top card came from (dx, dy)
    arriving: int = 1  # how many cards at the top of the arrival's place travel (a run)
    # the column a move emptied and the rules filled (autofill): its card came from the waste
    fill: tuple[str, float, float] | None = None
    hint: tuple[str, ...] = ()  # the places of a hinted move: from, then to
    # a run picked in a column, (place, cards from the top): the selected run, or the card the
    # keyboard points at inside a column (``picked`` class on that card and those above it)
    picked: tuple[str, int] | None = None


def index_for(g: game.Solitaire, aspect: float, chosen: str) -> str:
    """The corner index size to draw: the player's choice, unless the game says otherwise."""
    return view_of(g).index_for(aspect, chosen)


def layout_for(
    g: game.Solitaire, aspect: float, index: str = "normal", left_handed: bool = False
) -> Layout:
    return view_of(g).layout(g, aspect, index, left_handed)


def visible_cards(g: game.Solitaire, place: str) -> tuple[Card, ...]:
    """The face-up cards drawn for a place (``GameView.visible_cards``)."""
    return view_of(g).visible_cards(g, place)


def fanned_count(g: game.Solitaire, place: str) -> int:
    """How many cards ``place`` draws one below the other: its face-down backs, then its
    face-up cards (one card, or none, where only the top card shows)."""
    return view_of(g).backs(g, place) + len(visible_cards(g, place))


def top_card_xy(g: game.Solitaire, layout: Layout, place: str) -> tuple[float, float]:
    """Where the top card of ``place`` is drawn (or would be, for an empty place)."""
    slot = layout.slots[place]
    return slot.x, slot.y + max(fanned_count(g, place) - 1, 0) * slot.fan


def top_cards(g: game.Solitaire, layout: Layout) -> dict[str, tuple[float, float]]:
    """Where every place's top card is drawn: taken before an input, the start of the move's
    animation."""
    return {place: top_card_xy(g, layout, place) for place in layout.slots}


def arrival(
    g: game.Solitaire, layout: Layout, place: str, start: tuple[float, float]
) -> tuple[str, float, float]:
    """:attr:`View.arrival` for the card now on top of ``place``, which was drawn at
    ``start`` (board units) before it moved: how far it travels to get there."""
    x, y = top_card_xy(g, layout, place)
    return place, start[0] - x, start[1] - y


def card_markup(
    card: Card,
    x: float,
    y: float,
    extra: str = "",
    index: str = "normal",
    ranks: tuple[str, ...] = RANKS,
) -> str:
    """One face-up card: its face, its body from the sprite (``faces``) and its corner index
    (``ranks``: the letters of the page's language, ``Messages.ranks``)."""
    suit = SUIT_IDS[card.suit]
    colour = "red" if card.suit in RED_SUITS else "black"
    return (
        f'<g class="card {colour} suit-{suit}" data-card="{card}" '
        f'transform="translate({x:g} {y:g})">'
        f'<g class="lift"{extra}>{face(card, index, ranks)}</g></g>'
    )


@cache
def face(card: Card, index: str, ranks: tuple[str, ...] = RANKS) -> str:
    size = INDEX[index]
    bx, by, bw, bh = size.body
    rank, suit = RANKS[card.rank - 1], SUIT_IDS[card.suit]
    return (
        f'<rect class="face" width="{CARD_W}" height="{CARD_H}" rx="9"/>'
        f'<use href="#b-{rank}{suit}" x="{bx:g}" y="{by:g}" width="{bw:g}" height="{bh:g}"/>'
        + corner(card.rank, suit, size, ranks=ranks)
    )


def under_markup(card: Card, x: float, y: float, index: str, ranks: tuple[str, ...] = RANKS) -> str:
    """The card under a pile's top card: hidden by it, seen while the top card is dragged.
    Not a ``data-card``: only the top card is one (the page's test hook)."""
    colour = "red" if card.suit in RED_SUITS else "black"
    suit = SUIT_IDS[card.suit]
    return (
        f'<g class="card under {colour} suit-{suit}" data-under="{card}" '
        f'transform="translate({x:g} {y:g})">{face(card, index, ranks)}</g>'
    )


def back_markup(x: float, y: float) -> str:
    """A face-down card: its back, no ``data-card`` (its face is not known to the page's
    reader); ``face-down`` is the test hook that counts them."""
    return (
        f'<g class="card back face-down" transform="translate({x:g} {y:g})">'
        f'<use href="#card-back" width="{CARD_W}" height="{CARD_H}"/></g>'
    )


class Part(NamedTuple):
    """One top-level group of the board: its attributes and its inner markup. The page keeps
    each group's element and rewrites only the parts that changed since the last paint."""

    attrs: tuple[tuple[str, str], ...]
    inner: str

    def markup(self) -> str:
        attrs = "".join(f' {name}="{escape(value)}"' for name, value in self.attrs)
        return f"<g{attrs}>{self.inner}</g>"


def place_order(g: game.Solitaire) -> tuple[str, ...]:
    """The places in the game's own order (the DOM's and a screen reader's)."""
    return view_of(g).place_order(g)


def place_rect(g: game.Solitaire, layout: Layout, place: str) -> Rect:
    """Where a place is drawn (x, y, w, h, board units): its slot down to its top card (and
    a caption under it, in a game that has one)."""
    slot = layout.slots[place]
    shown = fanned_count(g, place)
    caption = view_of(g).CAPTION
    return slot.x, slot.y, CARD_W, CARD_H + max(shown - 1, 0) * slot.fan + caption


def render(
    g: game.Solitaire, layout: Layout, view: View, words: Messages, index: str = "normal"
) -> str:
    """The inner markup of the board's ``<svg>``: every place, its cards and captions (the
    card art's symbols are in the page once, from ``faces.sprite``)."""
    return "".join(part.markup() for part in parts(g, layout, view, words, index).values())


def parts(
    g: game.Solitaire,
    layout: Layout,
    view: View,
    words: Messages,
    index: str = "normal",
    memo: dict[str, tuple[object, Part]] | None = None,
) -> dict[str, Part]:
    """The board as its top-level groups, in drawing and reading order: the regions' layer
    (words a screen reader skips: each place says what it is), then every place in the
    game's order. ``memo`` (kept by the caller for one game and one catalog) skips the
    places whose markup cannot have changed."""
    layer = Part(
        (("class", "regions"), ("aria-hidden", "true")),
        view_of(g).regions(g, layout, view.targets, words),
    )
    out = {"regions": layer}
    for place in place_order(g):
        if place not in layout.slots:
            continue
        # everything a place's markup depends on: unchanged places (most, after a move) are
        # not drawn again
        key = (
            g.cards(place),
            g.face_down(place),
            view.picked if view.picked and view.picked[0] == place else None,
            place == view.selected,
            place in view.targets,
            view.hint.index(place) if place in view.hint else -1,
            view.arrival if view.arrival and view.arrival[0] == place else None,
            view.arriving,
            view.fill if view.fill and view.fill[0] == place else None,
            layout.slots[place],
            layout.height,
            layout.beside,
            index,
            id(words),
        )
        known = memo.get(place) if memo is not None else None
        if known is not None and known[0] == key:
            out[place] = known[1]
            continue
        out[place] = place_part(g, layout, view, words, index, place)
        if memo is not None:
            memo[place] = (key, out[place])
    return out


def place_part(
    g: game.Solitaire, layout: Layout, view: View, words: Messages, index: str, place: str
) -> Part:
    """One place: a button (a tap, Enter or Space) named by the engine's words."""
    slot = layout.slots[place]
    cards = g.cards(place)
    classes = ["place"]
    if place == view.selected:
        classes.append("selected")
    if place in view.targets:
        classes.append("target")
    if place in view.hint:
        classes.append("hint-from" if place == view.hint[0] else "hint-to")
    shape = view_of(g)
    if not cards:
        classes.append("empty")
        classes.extend(shape.empty_classes(g.place(place)))
    label = place_label(g, place, words)
    if place in view.targets:
        label = words.text("place_takes", place=label)
    attrs = (
        ("class", " ".join(classes)),
        ("data-place", place),
        ("role", "button"),
        ("aria-label", label),
        ("aria-pressed", "true" if place == view.selected else "false"),
        ("tabindex", "-1"),  # the page gives one place 0: the board's roving tab stop
    )
    out = []
    height = CARD_H if not slot.fan else max(CARD_H, layout.height - slot.y)
    out.append(
        f'<rect class="slot" x="{slot.x:g}" y="{slot.y:g}" width="{CARD_W}" '
        f'height="{height:g}" rx="9"/>'
    )
    if not cards:
        out.append(shape.empty_mark(g, g.place(place), slot, words))
    if place == "stock" and cards:
        out.append(
            f'<g class="card back" transform="translate({slot.x:g} {slot.y:g})">'
            f'<use href="#card-back" width="{CARD_W}" height="{CARD_H}"/>'
            f'<circle class="badge" cx="50" cy="70" r="30"/><text class="count" x="50" y="83">'
            f"{words.text('stock_count', n=len(cards))}</text></g>"
        )
    shown = visible_cards(g, place)
    backs = shape.backs(g, place)
    if len(shown) == 1 and len(cards) > 1 and not slot.fan:
        down = g.face_down(place)
        # the face-down cards under the top one, their edges peeking out above it (one per
        # card, up to PEEK), so the pile shows how many are still to turn
        for k in range(min(down, PEEK), 0, -1):
            out.append(back_markup(slot.x, slot.y - PEEK_STEP * k))
        if down < len(cards) - 1:  # the card under the top one is face up
            out.append(under_markup(cards[-2], slot.x, slot.y, index, words.ranks))
    for k in range(backs):  # (rows dealt in turn: a face-up card between two face-down ones,
        if g.is_face_down(place, k):  # seen, not a ``data-card``: it cannot move yet)
            out.append(back_markup(slot.x, slot.y + k * slot.fan))
        else:
            out.append(under_markup(cards[k], slot.x, slot.y + k * slot.fan, index, words.ranks))
    picked = view.picked[1] if view.picked and view.picked[0] == place else 0
    for k, card in enumerate(shown):
        extra = ""
        came = None
        if view.arrival and view.arrival[0] == place and k >= len(shown) - view.arriving:
            came = view.arrival
        elif view.fill and view.fill[0] == place and k == len(shown) - 1:
            came = view.fill
        if came is not None:
            dx, dy = came[1], came[2]
            extra = f' data-dx="{dx:g}" data-dy="{dy:g}" data-arrive="1"'
        y = slot.y + (backs + k) * slot.fan
        markup = card_markup(card, slot.x, y, extra, index, words.ranks)
        if k >= len(shown) - picked:
            markup = markup.replace('<g class="card ', '<g class="card picked ', 1)
        out.append(markup)
    out.append(shape.caption(place, slot, len(cards), words, layout, g.face_down(place)))
    x, y, w, h = place_rect(g, layout, place)
    ring = f'x="{x - 6:g}" y="{y - 6:g}" width="{w + 12:g}" height="{h + 12:g}" rx="14"'
    out.append(f'<rect class="ring" {ring}/><rect class="ring inner" {ring}/>')  # focus
    return Part(attrs, "".join(out))
