"""The toolbar's menu and the Settings sheet, as pure decisions: which item a key moves the
focus to (the WAI-ARIA menu button pattern), and whether a click closes a popup. The browser
side is ``game/web/menu.py``."""

from __future__ import annotations

OPENING = {"ArrowDown": 0, "ArrowUp": -1}  # a key on the menu button: open, focus this item


def opening(key: str, count: int) -> int | None:
    """The item to focus when ``key`` is pressed on the closed menu's button: Down opens on the
    first, Up on the last; None for any other key (Enter and Space click the button)."""
    if key not in OPENING or count == 0:
        return None
    return OPENING[key] % count


def step(key: str, current: int, count: int) -> int | None:
    """The item ``key`` moves the focus to from item ``current`` of ``count`` in an open menu:
    the arrows go round, Home and End jump; None for a key the menu does not take."""
    if count == 0:
        return None
    if key == "ArrowDown":
        return (current + 1) % count
    if key == "ArrowUp":
        return (current - 1) % count
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    return None


def closes(key: str) -> bool:
    """Escape closes the menu (the focus goes back to its button); Tab closes it and moves on."""
    return key in ("Escape", "Tab")


def outside(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    """Whether a tap at (x, y) falls outside ``box`` (left, top, right, bottom): a modal sheet
    receives the taps on its backdrop as its own, and tells them apart by where they are."""
    left, top, right, bottom = box
    return not (left <= x <= right and top <= y <= bottom)


def into_view(left: float, right: float, width: float, margin: float = 4.0) -> float:
    """How far to move a popup spanning ``left..right`` sideways so that it stays on a screen
    ``width`` wide (a right-to-left toolbar can put the menu's button at either edge)."""
    if right > width - margin:
        return max(width - margin - right, margin - left)
    if left < margin:
        return margin - left
    return 0.0
