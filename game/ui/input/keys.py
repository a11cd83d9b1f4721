"""The keyboard, without the browser (pure, unit-tested): which place an arrow key goes to,
from the places' rectangles on the board (whatever the layout), and which toolbar action a
key is.
"""

from __future__ import annotations

Rect = tuple[float, float, float, float]  # x, y, width, height

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}

# the toolbar's keys: (key, Shift held) -> the button's data-action; Ctrl/Cmd+Z and Ctrl+Y too
LETTERS = {
    ("u", False): "undo",
    ("u", True): "redo",
    ("r", False): "redeal",
    ("d", False): "draw",
    ("h", False): "hint",
    ("n", False): "new",
}


def gap(a0: float, a1: float, b0: float, b1: float) -> float:
    """The distance between two intervals (0 when they overlap)."""
    return max(0.0, b0 - a1, a0 - b1)


def nearest(rects: dict[str, Rect], current: str, key: str) -> str | None:
    """The place an arrow key moves to from ``current``: the nearest one whose centre lies
    that way, preferring places in line with it (overlapping across the direction); None at
    the edge."""
    dx, dy = ARROWS[key]
    x, y, w, h = rects[current]
    cx, cy = x + w / 2, y + h / 2
    best: tuple[float, str] | None = None
    for place, (px, py, pw, ph) in rects.items():
        if place == current:
            continue
        ahead = (px + pw / 2 - cx) * dx + (py + ph / 2 - cy) * dy  # along the arrow
        if ahead <= 1:
            continue
        if dx:  # left or right: how far apart across, vertically
            across = gap(y, y + h, py, py + ph)
            drift = abs(py + ph / 2 - cy)
            edge = gap(x, x + w, px, px + pw)
        else:
            across = gap(x, x + w, px, px + pw)
            drift = abs(px + pw / 2 - cx)
            edge = gap(y, y + h, py, py + ph)
        score = edge + 3 * across + 0.1 * drift + 0.01 * ahead
        if best is None or score < best[0]:
            best = (score, place)
    return best[1] if best else None


def move_focus(
    order: tuple[str, ...], rects: dict[str, Rect], current: str, key: str
) -> str | None:
    """Where focus goes on ``key`` (an arrow, Home or End) from ``current``; None if the key
    does not move focus or there is nowhere to go."""
    if not order:
        return None
    if key == "Home":
        return order[0]
    if key == "End":
        return order[-1]
    if key in ARROWS and current in rects:
        return nearest(rects, current, key)
    return None


def pick_step(depth: int, key: str) -> int | None:
    """Up and Down inside a column: the card the keyboard points at, ``depth`` cards from the
    top (1: the top card), one deeper or one back up; None for any other key, or Down at the
    top card (focus moves on, as the arrow always does). The page allows only a depth the
    game would move as one run, and moves focus instead past it."""
    if key == "ArrowUp":
        return depth + 1
    if key == "ArrowDown" and depth > 1:
        return depth - 1
    return None


def action(key: str, ctrl: bool, shift: bool, alt: bool = False) -> str | None:
    """The toolbar action a key press asks for: U / Ctrl+Z undo, Shift+U / Ctrl+Y /
    Ctrl+Shift+Z redo, R redeal, D draw, H hint, N new deal; None for any other key."""
    letter = key.lower()
    if alt:
        return None
    if ctrl:
        if letter == "z":
            return "redo" if shift else "undo"
        return "redo" if letter == "y" else None
    return LETTERS.get((letter, shift))


def closest(order: tuple[str, ...], rects: dict[str, Rect], lost: Rect) -> str | None:
    """The place nearest to where a vanished place was (focus moves there)."""
    x, y, w, h = lost
    cx, cy = x + w / 2, y + h / 2

    def distance(place: str) -> float:
        px, py, pw, ph = rects[place]
        return (px + pw / 2 - cx) ** 2 + (py + ph / 2 - cy) ** 2

    present = [p for p in order if p in rects]
    return min(present, key=distance) if present else None
