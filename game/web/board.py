"""The board view: game state -> geometry and SVG markup. Pure (no browser), unit-tested.

Coordinates are SVG user units: a card is 100 x 140. The page sets the SVG ``viewBox`` from
:class:`Layout` and the browser scales it to the window, so the board is crisp at any size.
The whole board is one markup string: the browser layer writes it with a single DOM call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

import game
from game.cards import Card

from .faces import CARD_H, CARD_W, INDEX, RANKS, corner
from .messages import Messages
from .names import place_label

SUIT_IDS = "SHDC"
RED_SUITS = (1, 2)

# Crescent: the horseshoe. Piles clockwise: left side bottom to top, top row, right side down.
CR_GAP, CR_CAPTION = 10, 34
CR_PITCH_X, CR_PITCH_Y = CARD_W + CR_GAP, CARD_H + CR_CAPTION + CR_GAP
# captions beside the cards (a short table): the pile number above its count, in a narrow strip
CR_SIDE_CAPTION, CR_SIDE_GAP = 38, 4
CR_SIDE_PITCH_X, CR_SIDE_PITCH_Y = CARD_W + CR_SIDE_CAPTION + CR_SIDE_GAP, CARD_H + CR_GAP
# Forty Thieves: foundations (closer together), then apart the waste and the stock; ten fanned
# columns below. A column fans out at least far enough to show each card's corner index.
FT_GAP, FT_FAN, FT_TALL_FAN = 8, 58, 64
FT_READABLE_FAN = INDEX["normal"].height
FT_PITCH_X = CARD_W + FT_GAP
FT_FOUNDATION_PITCH = CARD_W + 4
FT_CAPTION = 40  # the top row's words: Foundations, Waste, Stock
FT_COLUMNS_Y = CARD_H + FT_CAPTION
FT_WIDTH = 9 * FT_PITCH_X + CARD_W
FT_WIDE = (FT_PITCH_X, FT_FOUNDATION_PITCH, 10.0)  # a column's pitch, a foundation's, the margin


def escape(text: str) -> str:
    """Text for an XML attribute. (Not ``html.escape``: importing ``html`` costs ~65 ms of
    every boot under Pyodide, for its table of entities.)"""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


@dataclass(frozen=True)
class Slot:
    """Where a place is drawn: its first card's corner, and how far each next card fans down."""

    x: float
    y: float
    fan: float = 0.0


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    slots: dict[str, Slot]
    foundation_area: tuple[float, float, float, float] | None = None  # x, y, w, h (Crescent)
    beside: bool = False  # Crescent: captions beside the cards (else below them)
    margin: float = 10  # around the board, in the view box: room for a highlight's outline

    @property
    def align(self) -> str:
        """``preserveAspectRatio``: Crescent sits in the middle, Forty Thieves' fans hang from
        the top."""
        return "xMidYMin meet" if self.foundation_area is None else "xMidYMid meet"

    @property
    def view_box(self) -> str:
        m = self.margin
        return f"{-m:g} -10 {self.width + 2 * m:g} {self.height + 20:g}"


@dataclass
class View:
    """What the UI adds to the game state: selection, highlighted targets, a card arriving."""

    selected: str | None = None
    targets: frozenset[str] = field(default_factory=frozenset)
    arrival: tuple[str, float, float] | None = None  # place whose top card came from (dx, dy)
    hint: tuple[str, ...] = ()  # the places of a hinted move: from, then to


@lru_cache(maxsize=16)  # the same few shapes on every draw: a layout is never changed
def crescent_layout(aspect: float | None = None) -> Layout:
    """The horseshoe for a table of ``aspect`` (height / width). Taller than wide (a phone held
    upright), the :func:`crescent_upright` arrangement; else the classic one, with each pile's
    caption below it or beside it, whichever draws the bigger cards. Without an aspect, the
    classic one with captions below."""
    if aspect is None:
        return crescent_classic(beside=False)
    if aspect > 1:
        return crescent_upright()
    shoes = (crescent_classic(beside=False), crescent_classic(beside=True))
    return max(shoes, key=lambda lay: card_scale(lay, aspect))  # the first of equals


def card_scale(layout: Layout, aspect: float) -> float:
    """A card's width, as a share of the table's width, when ``layout`` is fitted (``meet``) to
    a table of ``aspect`` (height / width): what the choice of arrangement maximises."""
    width, height = layout.width + 2 * layout.margin, layout.height + 20
    return CARD_W * min(1 / width, aspect / height)


def crescent_classic(beside: bool, side: int = 4) -> Layout:
    """``side`` piles up the left (t1 at the bottom), the rest along the top, as many down the
    right; the Aces row above the Kings row between them. 4 + 8 + 4, as the game is dealt."""
    px, py = (CR_SIDE_PITCH_X, CR_SIDE_PITCH_Y) if beside else (CR_PITCH_X, CR_PITCH_Y)
    tail = px - CARD_W - (CR_SIDE_CAPTION if beside else 0)  # the gap after a caption
    slots: dict[str, Slot] = {}
    top_row = 16 - 2 * side
    for row in range(1, side + 1):  # t4 (top) .. t1 (bottom) on the left; t13 .. t16 on the right
        slots[f"t{side + 1 - row}"] = Slot(0, row * py)
        slots[f"t{side + top_row + row}"] = Slot((top_row - 1) * px, row * py)
    for col in range(top_row):
        slots[f"t{side + 1 + col}"] = Slot(col * px, 0)
    width, height = top_row * px - tail, (side + 1) * py - CR_GAP
    row_h = py - CR_GAP  # a card and, below it, its caption
    rows_h = 2 * row_h + 3 * CR_GAP
    left, top = (top_row - 4) / 2 * px, py + (height - py - rows_h) / 2
    for k in range(4):
        slots[f"f{k + 1}"] = Slot(left + k * px, top)  # Aces, first row
        slots[f"f{k + 5}"] = Slot(left + k * px, top + row_h + 3 * CR_GAP)
    pad = 20
    label = 36  # the rows' names, above the Aces and below the Kings
    area = (left - pad, top - pad - label, 4 * px - tail + 2 * pad, rows_h + 2 * (pad + label))
    return Layout(width, height, slots, area, beside=beside)


def crescent_upright() -> Layout:
    """A phone held upright: the shoe as a frame 4 cards wide and 6 high. Piles 1-6 go up the
    left side (pile 1 at the bottom, as ever), 7 and 8 along the top, 9-14 down the right and
    15-16 back along the bottom; the Aces (↑) and Kings (↓) stand as two columns inside.
    Captions sit beside the cards, so the 6 rows leave the cards big (wide, not tall)."""
    px, py = CR_SIDE_PITCH_X, CR_SIDE_PITCH_Y
    cells = [(0, 5 - k) for k in range(6)] + [(1, 0), (2, 0)]
    cells += [(3, k) for k in range(6)] + [(2, 5), (1, 5)]
    slots = {f"t{k + 1}": Slot(c * px, r * py) for k, (c, r) in enumerate(cells)}
    for k in range(4):
        slots[f"f{k + 1}"] = Slot(px, (k + 1) * py)  # Aces, top to bottom
        slots[f"f{k + 5}"] = Slot(2 * px, (k + 1) * py)  # Kings
    tail, pad = CR_SIDE_GAP, CR_SIDE_GAP / 2  # the area fits between the frame's captions
    area = (px - pad, py - pad, 2 * px - tail + 2 * pad, 4 * py - CR_GAP + 2 * pad)
    return Layout(4 * px - tail, 6 * py - CR_GAP, slots, area, beside=True)


def forty_thieves_layout(g: game.FortyThieves, aspect: float, index: str = "normal") -> Layout:
    """``aspect`` is the board area's height / width. Fans stay wide enough to read every
    corner index (of the ``index`` size): long columns make the whole board taller (so it
    scales down), never illegible. Upright (a phone), the ten columns stand side by side with
    no gap and no margin: 10 card widths is all a 360 px screen has for 36 px cards."""
    longest = max(len(g.cards(f"t{i}")) for i in range(1, 11))
    return _forty_thieves_layout(aspect, index, longest)


@lru_cache(maxsize=64)  # it depends on the longest column alone: the same few on every draw
def _forty_thieves_layout(aspect: float, index: str, longest: int) -> Layout:
    upright = aspect > 1
    pitch, found_pitch, margin = (CARD_W, CARD_W, 0.0) if upright else FT_WIDE
    width = 9 * pitch + CARD_W
    least = INDEX[index].height
    widest = max(FT_TALL_FAN if aspect > 1.2 else FT_FAN, least + 4)  # upright phones: roomier
    unsqueezed = FT_COLUMNS_Y + 10 * least + CARD_H + 20  # 11-card columns fit
    readable = FT_COLUMNS_Y + max(longest - 1, 0) * least + CARD_H + 20
    fill = (width + 2 * margin) * aspect - 20 if upright else width * aspect
    height = max(fill, unsqueezed, readable)
    room = height - FT_COLUMNS_Y - CARD_H - 20
    fan = widest if longest < 2 else min(widest, room / (longest - 1))
    slots = {f"f{k + 1}": Slot(k * found_pitch, 0) for k in range(8)}
    slots["waste"] = Slot(8 * pitch, 0)
    slots["stock"] = Slot(9 * pitch, 0)
    for k in range(10):
        slots[f"t{k + 1}"] = Slot(k * pitch, FT_COLUMNS_Y, fan)
    return Layout(width, height, slots, margin=margin)


def index_for(g: game.Solitaire, aspect: float, chosen: str) -> str:
    """The corner index size to draw: the player's choice, but always the large one on
    Forty Thieves' small upright cards, where the index alone carries the card."""
    return "large" if isinstance(g, game.FortyThieves) and aspect > 1 else chosen


def layout_for(g: game.Solitaire, aspect: float, index: str = "normal") -> Layout:
    if isinstance(g, game.FortyThieves):
        return forty_thieves_layout(g, aspect, index)
    return crescent_layout(aspect)


def visible_cards(g: game.Solitaire, place: str) -> tuple[Card, ...]:
    """The face-up cards drawn for a place: Crescent piles, foundations and the waste show
    their top card only; Forty Thieves columns show every card; the stock shows none."""
    cards = g.cards(place)
    if place == "stock":
        return ()
    if isinstance(g, game.FortyThieves) and place.startswith("t"):
        return cards
    return cards[-1:]


def top_card_xy(g: game.Solitaire, layout: Layout, place: str) -> tuple[float, float]:
    """Where the top card of ``place`` is drawn (or would be, for an empty place)."""
    slot = layout.slots[place]
    shown = len(visible_cards(g, place))
    return slot.x, slot.y + max(shown - 1, 0) * slot.fan


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


class Part(NamedTuple):
    """One top-level group of the board: its attributes and its inner markup. The page keeps
    each group's element and rewrites only the parts that changed since the last paint."""

    attrs: tuple[tuple[str, str], ...]
    inner: str

    def markup(self) -> str:
        attrs = "".join(f' {name}="{escape(value)}"' for name, value in self.attrs)
        return f"<g{attrs}>{self.inner}</g>"


def place_order(g: game.Solitaire) -> tuple[str, ...]:
    """The places in the game's own order (the DOM's and a screen reader's): Crescent's piles
    1-16, then its foundations (Aces row, Kings row); Forty Thieves' foundations, stock,
    waste, then columns 1-10."""
    if isinstance(g, game.FortyThieves):
        return (
            tuple(f"f{k}" for k in range(1, 9))
            + ("stock", "waste")
            + tuple(f"t{k}" for k in range(1, 11))
        )
    return tuple(p for p in g.PLACES if p.startswith("t")) + tuple(
        p for p in g.PLACES if p.startswith("f")
    )


Rect = tuple[float, float, float, float]  # x, y, width, height


def place_rect(g: game.Solitaire, layout: Layout, place: str) -> Rect:
    """Where a place is drawn (x, y, w, h, board units): its slot down to its top card (and
    Crescent's caption under it)."""
    slot = layout.slots[place]
    shown = len(visible_cards(g, place))
    caption = CR_CAPTION if isinstance(g, game.Crescent) else 0  # its number and count
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
    layer = Part((("class", "regions"), ("aria-hidden", "true")), regions(g, layout, view, words))
    out = {"regions": layer}
    for place in place_order(g):
        if place not in layout.slots:
            continue
        # everything a place's markup depends on: unchanged places (most, after a move) are
        # not drawn again
        key = (
            g.cards(place),
            place == view.selected,
            place in view.targets,
            view.hint.index(place) if place in view.hint else -1,
            view.arrival if view.arrival and view.arrival[0] == place else None,
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
    crescent = isinstance(g, game.Crescent)
    if not cards:
        classes.append("empty")
        if crescent and place.startswith("t"):
            classes.append("gone")  # an emptied Crescent pile never takes a card again
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
        out.append(empty_mark(g, place, slot, words))
    if place == "stock" and cards:
        out.append(
            f'<g class="card back" transform="translate({slot.x:g} {slot.y:g})">'
            f'<use href="#card-back" width="{CARD_W}" height="{CARD_H}"/>'
            f'<circle class="badge" cx="50" cy="70" r="30"/><text class="count" x="50" y="83">'
            f"{words.text('stock_count', n=len(cards))}</text></g>"
        )
    shown = visible_cards(g, place)
    if len(shown) == 1 and len(cards) > 1:
        out.append(under_markup(cards[-2], slot.x, slot.y, index, words.ranks))
    for k, card in enumerate(shown):
        extra = ""
        if view.arrival and view.arrival[0] == place and k == len(shown) - 1:
            dx, dy = view.arrival[1], view.arrival[2]
            extra = f' data-dx="{dx:g}" data-dy="{dy:g}" data-arrive="1"'
        out.append(card_markup(card, slot.x, slot.y + k * slot.fan, extra, index, words.ranks))
    if crescent:
        out.append(caption(place, slot, len(cards), words, layout.beside))
    x, y, w, h = place_rect(g, layout, place)
    ring = f'x="{x - 6:g}" y="{y - 6:g}" width="{w + 12:g}" height="{h + 12:g}" rx="14"'
    out.append(f'<rect class="ring" {ring}/><rect class="ring inner" {ring}/>')  # focus
    return Part(attrs, "".join(out))


def regions(g: game.Solitaire, layout: Layout, view: View, words: Messages) -> str:
    """What tells the table's regions apart: Crescent's foundation area with its two rows
    named; Forty Thieves' foundations on a band of their own, the waste and stock named."""
    if layout.foundation_area:
        x, y, w, h = layout.foundation_area
        target = " target" if "foundations" in view.targets else ""
        aces, kings = layout.slots["f1"], layout.slots["f5"]
        area = (
            f'<rect class="foundation-area{target}" data-drop="foundations" '
            f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="18"/>'
        )
        if aces.y != layout.slots["f4"].y:  # upright, two columns: their captions say ↑ and ↓
            return area
        mid, below = x + w / 2, kings.y + CARD_H + (0 if layout.beside else CR_CAPTION) + 30
        return (
            f'{area}<text class="region" x="{mid:g}" y="{aces.y - 14:g}">'
            f"{words.text('row_aces')}</text>"
            f'<text class="region" x="{mid:g}" y="{below:g}">{words.text("row_kings")}</text>'
        )
    if not isinstance(g, game.FortyThieves):
        return ""
    band = layout.slots["f8"].x + CARD_W
    y = CARD_H + 30
    waste, stock = layout.slots["waste"], layout.slots["stock"]
    return (
        f'<rect class="foundation-band" x="-6" y="-6" width="{band + 12}" height="{CARD_H + 12}" '
        f'rx="12"/><text class="region" x="{band / 2:g}" y="{y}">'
        f"{words.text('region_foundations')}</text>"
        f'<text class="region" x="{waste.x + CARD_W / 2:g}" y="{y}"{fit(words, "region_waste")}>'
        f"{words.text('region_waste')}</text>"
        f'<text class="region" x="{stock.x + CARD_W / 2:g}" y="{y}"{fit(words, "region_stock")}>'
        f"{words.text('region_stock')}</text>"
    )


def fit(words: Messages, key: str, room: int = 6) -> str:
    """A word longer than a card's width holds (``room`` letters at the region's size, as
    "Défausse" or "المكشوف" are) is condensed to that width, so two neighbours never touch."""
    too_long = len(words.text(key)) > room
    return f' textLength="{CARD_W}" lengthAdjust="spacingAndGlyphs"' if too_long else ""


def empty_mark(g: game.Solitaire, place: str, slot: Slot, words: Messages) -> str:
    """An empty place: a Forty Thieves foundation shows its fixed suit, the empty stock says
    so; an emptied Crescent pile is crossed out (it stays empty for good)."""
    x, y = slot.x, slot.y
    if place.startswith("f") and isinstance(g, game.FortyThieves):
        suit = SUIT_IDS[(int(place[1:]) - 1) % 4]
        return (
            f'<use class="ghost" href="#s-{suit}" x="{x + 20:g}" y="{y + 40:g}" '
            f'width="60" height="60"/>'
        )
    if place == "stock":
        return (
            f'<text class="empty-word" x="{x + CARD_W / 2:g}" y="{y + CARD_H / 2 + 8:g}">'
            f"{words.text('stock_empty')}</text>"
        )
    if isinstance(g, game.Crescent) and place.startswith("t"):
        return f'<path class="cross" d="M{x + 30:g} {y + 50:g}l40 40m0 -40l-40 40"/>'
    return ""


def caption(place: str, slot: Slot, count: int, words: Messages, beside: bool = False) -> str:
    """Crescent: the pile number (or foundation direction) and how many cards are there, below
    the card, or beside it (the number above the count) when rows are short."""
    if place.startswith("t"):
        name = words.text("pile_caption", n=place[1:])
    else:
        name = "↑" if int(place[1:]) <= 4 else "↓"
    number = words.text("pile_count", n=count)
    if beside:
        x = slot.x + CARD_W + CR_SIDE_CAPTION / 2
        return (
            f'<text class="caption beside" x="{x:g}" y="{slot.y + 30:g}">{name}</text>'
            f'<text class="caption beside count" x="{x:g}" y="{slot.y + 60:g}">{number}</text>'
        )
    y = slot.y + CARD_H + 28
    return (
        f'<text class="caption" x="{slot.x + 4:g}" y="{y:g}">{name}</text>'
        f'<text class="caption count" x="{slot.x + CARD_W - 4:g}" y="{y:g}" '
        f'text-anchor="end">{number}</text>'
    )
