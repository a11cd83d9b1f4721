"""The board's geometry, shared by every game's layout: where a place is drawn (``Slot``),
a whole arrangement (``Layout``), and how big it draws the cards. Pure.

Coordinates are SVG user units: a card is 100 x 140 (``faces.CARD_W``, ``CARD_H``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .faces import CARD_W

Rect = tuple[float, float, float, float]  # x, y, width, height

# The focus ring is drawn this far outside a place (``board.place_part``), its white line 3
# further: a layout keeps at least EDGE round every place, so the view box never cuts it.
RING = 6.0
EDGE = 10.0


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
    margin: float = EDGE  # around the board, in the view box: room for the focus ring

    @property
    def align(self) -> str:
        """``preserveAspectRatio``: Crescent sits in the middle, Forty Thieves' fans hang from
        the top."""
        return "xMidYMin meet" if self.foundation_area is None else "xMidYMid meet"

    @property
    def view_box(self) -> str:
        m = self.margin
        return f"{-m:g} {-EDGE:g} {self.width + 2 * m:g} {self.height + 2 * EDGE:g}"


def card_scale(layout: Layout, aspect: float) -> float:
    """A card's width, as a share of the table's width, when ``layout`` is fitted (``meet``) to
    a table of ``aspect`` (height / width): what the choice of arrangement maximises."""
    width, height = layout.width + 2 * layout.margin, layout.height + 2 * EDGE
    return CARD_W * min(1 / width, aspect / height)
