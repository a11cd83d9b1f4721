"""The board view: game state -> geometry and SVG markup. Pure (no browser), unit-tested.

Coordinates are SVG user units: a card is 100 x 140. The page sets the SVG ``viewBox`` from
:class:`Layout` and the browser scales it to the window, so the board is crisp at any size.
The whole board is one markup string: the browser layer writes it with a single DOM call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import game
from game.cards import Card

from .messages import Messages

CARD_W, CARD_H = 100, 140
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_IDS = "SHDC"
TEN = ' textLength="54" lengthAdjust="spacingAndGlyphs"'  # "10" fits beside the suit mark
RED_SUITS = (1, 2)

# Crescent: the horseshoe. Piles clockwise: left side bottom to top, top row, right side down.
CR_GAP, CR_CAPTION = 10, 34
CR_PITCH_X, CR_PITCH_Y = CARD_W + CR_GAP, CARD_H + CR_CAPTION + CR_GAP
# Forty Thieves: foundations, waste and stock on top; ten fanned columns below.
FT_GAP, FT_FAN, FT_TALL_FAN, FT_READABLE_FAN = 8, 46, 60, 37  # the index fits in 37
FT_PITCH_X = CARD_W + FT_GAP
FT_COLUMNS_Y = CARD_H + 34
FT_WIDTH = 9 * FT_PITCH_X + CARD_W
FT_MIN_HEIGHT = FT_COLUMNS_Y + 12 * FT_FAN + CARD_H + 20  # 13-card columns fit unsqueezed

# SVG path data: one symbol a line, long by nature
SUIT_SYMBOLS = """<defs>
<symbol id="s-S" viewBox="0 0 100 100"><path d="M50 3C62 24 99 40 99 63C99 79 87 87 75 87C66 87 58 81 54 73C55 85 60 92 68 98H32C40 92 45 85 46 73C42 81 34 87 25 87C13 87 1 79 1 63C1 40 38 24 50 3Z"/></symbol>
<symbol id="s-H" viewBox="0 0 100 100"><path d="M50 94C21 69 1 50 1 30C1 13 13 3 27 3C38 3 46 10 50 20C54 10 62 3 73 3C87 3 99 13 99 30C99 50 79 69 50 94Z"/></symbol>
<symbol id="s-D" viewBox="0 0 100 100"><path d="M50 1L92 50L50 99L8 50Z"/></symbol>
<symbol id="s-C" viewBox="0 0 100 100"><circle cx="50" cy="27" r="23"/><circle cx="25" cy="59" r="23"/><circle cx="75" cy="59" r="23"/><path d="M45 50C45 74 39 88 30 98H70C61 88 55 74 55 50Z"/></symbol>
</defs>"""  # noqa: E501


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

    @property
    def align(self) -> str:
        """``preserveAspectRatio``: Crescent sits in the middle, Forty Thieves' fans hang from
        the top."""
        return "xMidYMin meet" if self.foundation_area is None else "xMidYMid meet"

    @property
    def view_box(self) -> str:
        return f"-10 -10 {self.width + 20:g} {self.height + 20:g}"


@dataclass
class View:
    """What the UI adds to the game state: selection, highlighted targets, a card arriving."""

    selected: str | None = None
    targets: frozenset[str] = field(default_factory=frozenset)
    arrival: tuple[str, float, float] | None = None  # place whose top card came from (dx, dy)
    hint: tuple[str, ...] = ()  # the places of a hinted move: from, then to


def crescent_layout() -> Layout:
    slots: dict[str, Slot] = {}
    for row in range(1, 5):  # t4 (top) .. t1 (bottom) on the left; t13 .. t16 on the right
        slots[f"t{5 - row}"] = Slot(0, row * CR_PITCH_Y)
        slots[f"t{12 + row}"] = Slot(7 * CR_PITCH_X, row * CR_PITCH_Y)
    for col in range(8):
        slots[f"t{5 + col}"] = Slot(col * CR_PITCH_X, 0)
    left = 2 * CR_PITCH_X
    inner_top, inner_bottom = CR_PITCH_Y, 5 * CR_PITCH_Y - CR_GAP
    rows_h = 2 * (CARD_H + CR_CAPTION) + 3 * CR_GAP
    top = inner_top + (inner_bottom - inner_top - rows_h) / 2
    for k in range(4):
        slots[f"f{k + 1}"] = Slot(left + k * CR_PITCH_X, top)  # Aces, first row
        slots[f"f{k + 5}"] = Slot(left + k * CR_PITCH_X, top + CARD_H + CR_CAPTION + 3 * CR_GAP)
    pad = 20
    area = (left - pad, top - pad, 4 * CR_PITCH_X - CR_GAP + 2 * pad, rows_h + 2 * pad)
    return Layout(8 * CR_PITCH_X - CR_GAP, 5 * CR_PITCH_Y - CR_GAP, slots, area)


def forty_thieves_layout(g: game.FortyThieves, aspect: float) -> Layout:
    """``aspect`` is the board area's height / width. Fans stay wide enough to read every
    rank: long columns make the whole board taller (so it scales down), never illegible."""
    longest = max(len(g.cards(f"t{i}")) for i in range(1, 11))
    widest = FT_TALL_FAN if aspect > 1.2 else FT_FAN  # phones held upright: roomier fans
    readable = FT_COLUMNS_Y + max(longest - 1, 0) * FT_READABLE_FAN + CARD_H + 20
    height = max(FT_WIDTH * aspect, FT_MIN_HEIGHT, readable)
    room = height - FT_COLUMNS_Y - CARD_H - 20
    fan = widest if longest < 2 else min(widest, room / (longest - 1))
    slots = {f"f{k + 1}": Slot(k * FT_PITCH_X, 0) for k in range(8)}
    slots["waste"] = Slot(8 * FT_PITCH_X, 0)
    slots["stock"] = Slot(9 * FT_PITCH_X, 0)
    for k in range(10):
        slots[f"t{k + 1}"] = Slot(k * FT_PITCH_X, FT_COLUMNS_Y, fan)
    return Layout(FT_WIDTH, height, slots)


def layout_for(g: game.Solitaire, aspect: float) -> Layout:
    if isinstance(g, game.FortyThieves):
        return forty_thieves_layout(g, aspect)
    return crescent_layout()


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


def card_markup(card: Card, x: float, y: float, extra: str = "") -> str:
    suit = SUIT_IDS[card.suit]
    colour = "red" if card.suit in RED_SUITS else "black"
    return (
        f'<g class="card {colour}" data-card="{card}" transform="translate({x:g} {y:g})">'
        f'<g class="lift"{extra}><rect class="face" width="{CARD_W}" height="{CARD_H}" rx="9"/>'
        f'<text class="idx" x="6" y="35"{TEN if card.rank == 10 else ""}>'
        f"{RANKS[card.rank - 1]}</text>"
        f'<use href="#s-{suit}" x="65" y="6" width="29" height="29"/>'
        f'<use class="pip" href="#s-{suit}" x="20" y="52" width="60" height="60"/></g></g>'
    )


def render(g: game.Solitaire, layout: Layout, view: View, words: Messages) -> str:
    """The inner markup of the board's ``<svg>``: every place, its cards and captions."""
    out = [SUIT_SYMBOLS]
    if layout.foundation_area:
        x, y, w, h = layout.foundation_area
        target = " target" if "foundations" in view.targets else ""
        out.append(
            f'<rect class="foundation-area{target}" data-drop="foundations" '
            f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="18"/>'
        )
    crescent = isinstance(g, game.Crescent)
    for place, slot in layout.slots.items():
        cards = g.cards(place)
        classes = ["place"]
        if place == view.selected:
            classes.append("selected")
        if place in view.targets:
            classes.append("target")
        if place in view.hint:
            classes.append("hint-from" if place == view.hint[0] else "hint-to")
        if not cards:
            classes.append("empty")
        label = escape(g.place_label(place))
        out.append(
            f'<g class="{" ".join(classes)}" data-place="{place}" role="img" aria-label="{label}">'
        )
        height = CARD_H if not slot.fan else max(CARD_H, layout.height - slot.y)
        out.append(
            f'<rect class="slot" x="{slot.x:g}" y="{slot.y:g}" width="{CARD_W}" '
            f'height="{height:g}" rx="9"/>'
        )
        if not cards:
            out.append(empty_mark(g, place, slot))
        if place == "stock" and cards:
            out.append(
                f'<g class="card back" transform="translate({slot.x:g} {slot.y:g})">'
                f'<rect class="face" width="{CARD_W}" height="{CARD_H}" rx="9"/>'
                f'<text class="count" x="50" y="84">'
                f"{words.text('stock_count', n=len(cards))}</text></g>"
            )
        shown = visible_cards(g, place)
        for k, card in enumerate(shown):
            extra = ""
            if view.arrival and view.arrival[0] == place and k == len(shown) - 1:
                dx, dy = view.arrival[1], view.arrival[2]
                extra = f' data-dx="{dx:g}" data-dy="{dy:g}" data-arrive="1"'
            out.append(card_markup(card, slot.x, slot.y + k * slot.fan, extra))
        if crescent:
            out.append(caption(place, slot, len(cards), words))
        out.append("</g>")
    return "".join(out)


def empty_mark(g: game.Solitaire, place: str, slot: Slot) -> str:
    """An empty place: a Forty Thieves foundation shows its fixed suit; an emptied Crescent
    pile is crossed out (it stays empty for good)."""
    x, y = slot.x, slot.y
    if place.startswith("f") and isinstance(g, game.FortyThieves):
        suit = SUIT_IDS[(int(place[1:]) - 1) % 4]
        return (
            f'<use class="ghost" href="#s-{suit}" x="{x + 20:g}" y="{y + 40:g}" '
            f'width="60" height="60"/>'
        )
    if isinstance(g, game.Crescent) and place.startswith("t"):
        return f'<path class="cross" d="M{x + 22:g} {y + 42:g}l56 56m0 -56l-56 56"/>'
    return ""


def caption(place: str, slot: Slot, count: int, words: Messages) -> str:
    """Crescent: the pile number (or foundation direction) and how many cards are there."""
    y = slot.y + CARD_H + 28
    if place.startswith("t"):
        name = words.text("pile_caption", n=place[1:])
    else:
        name = "↑" if int(place[1:]) <= 4 else "↓"
    return (
        f'<text class="caption" x="{slot.x + 4:g}" y="{y:g}">{name}</text>'
        f'<text class="caption count" x="{slot.x + CARD_W - 4:g}" y="{y:g}" '
        f'text-anchor="end">{words.text("pile_count", n=count)}</text>'
    )
