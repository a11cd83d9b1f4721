"""Crescent on the page: the horseshoe's geometry (a phone held upright gets a frame of
piles round two columns of foundations), each pile's caption, the foundation area a card can
be dropped on, and the words of its places and counters. Open Crescent (``CR1-O``) has a view
of its own: its 16 piles fanned so that every card reads, below one row of foundations.
Pure; chosen by ``games.view_of``.
"""

from __future__ import annotations

from functools import lru_cache

import game
from game.rules import Rules

from ..text.messages import Messages
from .faces import CARD_H, CARD_W, INDEX
from .geometry import EDGE, RING, Layout, Slot, card_scale
from .view import GameView, region_text, suit_word

# Crescent: the horseshoe. Piles clockwise: left side bottom to top, top row, right side down.
CR_GAP, CR_CAPTION = 10, 34
CR_PITCH_X, CR_PITCH_Y = CARD_W + CR_GAP, CARD_H + CR_CAPTION + CR_GAP
# captions beside the cards (a short table): the pile number above its count, in a narrow strip
CR_SIDE_CAPTION, CR_SIDE_GAP = 38, 4
CR_SIDE_PITCH_X, CR_SIDE_PITCH_Y = CARD_W + CR_SIDE_CAPTION + CR_SIDE_GAP, CARD_H + CR_GAP


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


# Open Crescent: the foundations in one row, the piles fanned below it (every card reads)
OC_PILES = 16
OC_FAN, OC_TALL_FAN = 58, 64  # a pile's fan when there is room (a tall table: roomier)
OC_GAP = 4  # between two piles in a row of 16 (a row of 8 has none: the cards are what counts)
OC_LABEL = 40  # above a row of 8 foundations: the Aces' and the Kings' names
OC_BELOW = 30  # between the foundations and the piles
OC_ROW_GAP = 30  # between two rows of piles (the numbers of the lower one)
OC_NUMBER_GAP = 7  # a pile's number: its baseline this far above the pile
OC_FOOT = 10  # under the longest pile
OC_DEALT = 6  # a pile's cards at the deal: the arrangement that draws them biggest stays


@lru_cache(maxsize=64)  # it depends on the longest pile alone: the same few on every draw
def open_crescent_layout(aspect: float, index: str = "normal", longest: int = OC_DEALT) -> Layout:
    """The board for a table of ``aspect`` (height / width) whose longest pile holds
    ``longest`` cards: one row of 16 piles or two rows of 8, whichever draws the bigger cards
    at the deal (the first of equals; chosen for the table alone, so that a game never sees
    its piles move to another row). Each pile fans out at least far enough to show each
    card's corner index (of the ``index`` size): a long pile makes the board taller (so it
    scales down), never a pile over another."""
    shapes = (open_one_row, open_two_rows)
    best = max(shapes, key=lambda shape: card_scale(shape(aspect, index, OC_DEALT), aspect))
    return best(aspect, index, longest)


def _open_height(
    aspect: float, width: float, fixed: float, rows: int, index: str, longest: int
) -> float:
    """The board's height: as tall as the table's shape lets it be (the fans as roomy as it
    allows), and at least tall enough for ``rows`` rows of ``longest`` cards, each index
    showing, under ``fixed`` units of the rest."""
    readable = fixed + rows * (CARD_H + max(longest - 1, 0) * INDEX[index].height)
    return max((width + 2 * EDGE) * aspect - 2 * EDGE, readable)


def _open_fan(aspect: float, index: str, longest: int, room: float) -> float:
    """How far each next card of a pile goes down, when a pile has ``room`` units."""
    widest = max(OC_TALL_FAN if aspect > 1.2 else OC_FAN, INDEX[index].height + 4)
    return widest if longest < 2 else min(widest, (room - CARD_H) / (longest - 1))


def open_one_row(aspect: float, index: str, longest: int) -> Layout:
    """A wide table: the Aces' foundations above piles 1-4, the Kings' above 13-16, the rows'
    names between them; piles 1-16 from the left, in one row."""
    pitch = CARD_W + OC_GAP
    width = OC_PILES * pitch - OC_GAP
    top = CARD_H + OC_BELOW
    height = _open_height(aspect, width, top + OC_FOOT, 1, index, longest)
    fan = _open_fan(aspect, index, longest, height - top - OC_FOOT)
    slots = {f"f{k + 1}": Slot(k * pitch, 0) for k in range(4)}
    slots |= {f"f{k + 5}": Slot((OC_PILES - 4 + k) * pitch, 0) for k in range(4)}
    slots |= {f"t{k + 1}": Slot(k * pitch, top, fan) for k in range(OC_PILES)}
    area = (-RING, -RING, width + 2 * RING, CARD_H + 2 * RING)
    return Layout(width, height, slots, area)


def open_two_rows(aspect: float, index: str, longest: int) -> Layout:
    """A phone held upright: the rows' names, the Aces' 4 foundations and the Kings' 4 in one
    row, piles 1-8 under them and 9-16 under those, from the left. Each row of piles has half
    the room that is left."""
    width = OC_PILES // 2 * CARD_W
    top = OC_LABEL + CARD_H + OC_BELOW
    height = _open_height(aspect, width, top + OC_ROW_GAP + OC_FOOT, 2, index, longest)
    room = (height - top - OC_ROW_GAP - OC_FOOT) / 2
    fan = _open_fan(aspect, index, longest, room)
    slots = {f"f{k + 1}": Slot(k * CARD_W, OC_LABEL) for k in range(8)}
    for k in range(OC_PILES):
        row, col = divmod(k, OC_PILES // 2)
        slots[f"t{k + 1}"] = Slot(col * CARD_W, top + row * (room + OC_ROW_GAP), fan)
    area = (-RING, -RING, width + 2 * RING, OC_LABEL + CARD_H + 2 * RING)
    return Layout(width, height, slots, area)


class CrescentView(GameView):
    CONTROLS = frozenset({"redeal"})
    # (each pile's caption, below or beside it, is not counted in its rect: the focus ring
    # goes round the card, and in the view box, whichever side the caption is on)
    CAPTION = 0.0

    def layout(
        self, g: game.Solitaire, aspect: float, index: str = "normal", left_handed: bool = False
    ) -> Layout:
        """The horseshoe (no stock: nothing of it is for one hand)."""
        return crescent_layout(aspect)

    def place_order(self, g: game.Solitaire) -> tuple[str, ...]:
        """Piles 1-16, then the foundations (the Aces row, then the Kings row)."""
        return tuple(p for p in g.PLACES if p.startswith("t")) + tuple(
            p for p in g.PLACES if p.startswith("f")
        )

    def regions(
        self, g: game.Solitaire, layout: Layout, targets: frozenset[str], words: Messages
    ) -> str:
        """The foundation area, a card's drop target as a whole, with its two rows named."""
        if layout.foundation_area:
            x, y, w, h = layout.foundation_area
            target = " target" if "foundations" in targets else ""
            aces, kings = layout.slots["f1"], layout.slots["f5"]
            area = (
                f'<rect class="foundation-area{target}" data-drop="foundations" '
                f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="18"/>'
            )
            if aces.y != layout.slots["f4"].y:  # upright, two columns: their captions say ↑ and ↓
                return area
            mid, below = x + w / 2, kings.y + CARD_H + (0 if layout.beside else CR_CAPTION) + 30
            return (
                area
                + region_text(mid, aces.y - 14, words.text("row_aces"))
                + region_text(mid, below, words.text("row_kings"))
            )
        return ""

    def notes(self, rules: Rules, words: Messages) -> tuple[str, ...]:
        down = (words.count("note_face_down", rules.down),) if rules.down else ()
        return (words.count("note_redeals", rules.redeals), *down)

    def empty_mark(self, g: game.Solitaire, fact: game.Place, slot: Slot, words: Messages) -> str:
        """An emptied pile is crossed out: it stays empty for good."""
        if fact.kind == "pile":
            return f'<path class="cross" d="M{slot.x + 30:g} {slot.y + 50:g}l40 40m0 -40l-40 40"/>'
        return super().empty_mark(g, fact, slot, words)

    def empty_classes(self, fact: game.Place) -> tuple[str, ...]:
        return ("gone",) if fact.kind == "pile" else ()  # it never takes a card again

    def caption(
        self, place: str, slot: Slot, count: int, words: Messages, layout: Layout, down: int = 0
    ) -> str:
        return caption(place, slot, count, words, layout.beside, down)

    def place_name(self, fact: game.Place, words: Messages) -> str:
        if fact.kind == "foundation":
            return words.text(
                "place_up" if fact.up else "place_down", suit=suit_word(words, fact.suit)
            )
        return super().place_name(fact, words)

    def place_label(
        self,
        fact: game.Place,
        cards: tuple[game.Card, ...],
        words: Messages,
        down: int = 0,
        g: game.Solitaire | None = None,
    ) -> str:
        if fact.kind == "foundation":  # it always holds its base
            key = "label_up" if fact.up else "label_down"
            return words.text(
                key,
                suit=suit_word(words, fact.suit),
                cards=words.count("cards", len(cards)),
                card=words.card(cards[-1]),
            )
        return super().place_label(fact, cards, words, down, g)

    def counters(self, g: game.Solitaire, words: Messages) -> str:
        left = g.redeals_left
        if left:
            return words.count("describe_redeals", left, moves=g.moves)
        return words.text("describe_no_redeals", moves=g.moves)

    def drops_on_foundations(self, target: str | None) -> bool:
        """A card dropped anywhere in the foundation area goes to a foundation that takes it."""
        return target == "foundations" or (target or "").startswith("f")


def caption(
    place: str, slot: Slot, count: int, words: Messages, beside: bool = False, down: int = 0
) -> str:
    """Crescent: the pile number (or foundation direction) and how many cards are there, below
    the card, or beside it (the number above the count) when rows are short; and, in a pile
    with cards face down, a small card back with how many (their edges above the top card are
    a few pixels on a phone)."""
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
            + (hidden_count(x - 15, slot.y + 76, down) if down else "")
        )
    y = slot.y + CARD_H + 28
    return (
        f'<text class="caption" x="{slot.x + 4:g}" y="{y:g}">{name}</text>'
        f'<text class="caption count" x="{slot.x + CARD_W - 4:g}" y="{y:g}" '
        f'text-anchor="end">{number}</text>'
        + (hidden_count(slot.x + CARD_W / 2 - 15, y - 22, down) if down else "")
    )


def hidden_count(x: float, y: float, down: int) -> str:
    """A small card back at (``x``, ``y``) and the count of face-down cards beside it."""
    return (
        f'<g class="caption-down"><use href="#card-back" x="{x:g}" y="{y:g}" width="14" '
        f'height="20"/><text class="caption beside count" x="{x + 23:g}" y="{y + 18:g}">'
        f"{down}</text></g>"
    )


class OpenCrescentView(CrescentView):
    """Crescent's view (its words, its drop area, its controls: ``static/watchdog.js`` knows
    the toolbar by the game), with every pile fanned."""

    def layout(
        self, g: game.Solitaire, aspect: float, index: str = "normal", left_handed: bool = False
    ) -> Layout:
        longest = max(len(g.cards(p)) for p in g.PLACES if g.place(p).kind == "pile")
        return open_crescent_layout(aspect, index, longest)

    def fanned(self, place: game.Place) -> bool:
        return place.kind == "pile"

    def notes(self, rules: Rules, words: Messages) -> tuple[str, ...]:
        return (*super().notes(rules, words), words.text("note_open"))

    def regions(
        self, g: game.Solitaire, layout: Layout, targets: frozenset[str], words: Messages
    ) -> str:
        """The foundations' row, a card's drop target as a whole, with its halves named:
        above them (a row of 8), or between them (a row of 16)."""
        if not layout.foundation_area:
            return ""
        x, y, w, h = layout.foundation_area
        target = " target" if "foundations" in targets else ""
        area = (
            f'<rect class="foundation-area{target}" data-drop="foundations" '
            f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="12"/>'
        )
        aces, kings = layout.slots["f4"], layout.slots["f5"]
        if kings.x - aces.x > CARD_W + OC_GAP:  # a gap between the halves: the names in it
            room = (kings.x - aces.x - CARD_W) / 2
            left, right, baseline = aces.x + CARD_W + room / 2, kings.x - room / 2, CARD_H / 2 + 10
        else:  # above each half
            room = 4 * CARD_W
            left, right, baseline = aces.x + CARD_W - room / 2, kings.x + room / 2, aces.y - 12
        return (
            area
            + region_text(left, baseline, words.text("row_aces"), fit_name(words, "row_aces", room))
            + region_text(
                right, baseline, words.text("row_kings"), fit_name(words, "row_kings", room)
            )
        )

    def caption(
        self, place: str, slot: Slot, count: int, words: Messages, layout: Layout, down: int = 0
    ) -> str:
        """A pile's number above it, as its messages name it (every card shows: no count)."""
        if not place.startswith("t"):
            return ""
        number = words.text("pile_caption", n=place[1:])
        x, y = slot.x + CARD_W / 2, slot.y - OC_NUMBER_GAP
        return f'<text class="caption above" x="{x:g}" y="{y:g}">{number}</text>'


def fit_name(words: Messages, key: str, room: float) -> str:
    """A name longer than ``room`` holds (at the region's size, ~18 units a letter, and 12
    to spare each side) is condensed to it, so that it never meets its neighbour."""
    width = room - 24
    too_long = len(words.text(key)) * 18 > width
    return f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"' if too_long else ""


VIEW = CrescentView()
OPEN_VIEW = OpenCrescentView()
