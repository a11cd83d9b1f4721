"""One pointer on the board, from down to up: a tap if it barely moved, else a drag. Pure.

Screen coordinates are CSS pixels (``clientX``/``clientY``); the dragged card moves in the
board's SVG units, ``scale`` of them per pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DRAG_START_PX = 8  # a pointer that travels less than this is a tap


@dataclass(frozen=True)
class Drag:
    """A card lifted off its place: the element that follows the pointer (a DOM element,
    opaque here) and the board's SVG units per screen pixel."""

    lift: Any  # a DOM element
    scale: float


@dataclass
class Press:
    """A pointer held down on a place; ``drag`` is set once it travels far enough."""

    place: str
    x: float
    y: float
    pointer_id: int
    drag: Drag | None = None
    size: int = 1  # the cards it took: the pressed card and those on it (a run), or the top

    def travelled(self, x: float, y: float) -> bool:
        """Far enough from where it went down to be a drag rather than a tap."""
        return math.hypot(x - self.x, y - self.y) >= DRAG_START_PX

    def offset(self, x: float, y: float) -> tuple[float, float]:
        """How far the dragged card has moved, in board units (0 before a drag starts)."""
        scale = self.drag.scale if self.drag is not None else 0.0
        return (x - self.x) * scale, (y - self.y) * scale
